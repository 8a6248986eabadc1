"""SQLite storage for the Telegram bot: conversations, group settings, a ruling log.

Standard-library sqlite3 in WAL mode, one short transaction per update, so a
restart or a ``kill -9`` at any moment loses at most the update in hand.
Rows are plain JSON; nothing is pickled, so a half-written file cannot exist.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS conversations (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
CREATE TABLE IF NOT EXISTS settings (
    chat_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (chat_id, key)
);
CREATE TABLE IF NOT EXISTS rulings (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    topic TEXT NOT NULL,
    rule TEXT NOT NULL,
    citations TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS handled_updates (
    update_id INTEGER PRIMARY KEY,
    handled REAL NOT NULL
);
"""

KEEP_HANDLED_UPDATES = 10_000
"""Update ids remembered to skip a redelivered update; older ones are pruned."""


def default_db_path() -> Path:
    """``$RULINGBOT_DB``, else a per-user data file (XDG data home)."""
    configured = os.environ.get("RULINGBOT_DB")
    if configured:
        return Path(configured).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "rulingbot" / "rulingbot.sqlite3"


class Store:
    """All persistent state of the bot, behind a few plain methods."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One atomic unit (one update): all of it is stored, or none of it."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- conversations --------------------------------------------------------------
    def conversation(self, chat_id: int, user_id: int) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT data FROM conversations WHERE chat_id = ? AND user_id = ?",
            (chat_id, user_id),
        ).fetchone()
        return json.loads(row[0]) if row else None

    def save_conversation(self, chat_id: int, user_id: int, data: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO conversations (chat_id, user_id, data, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (chat_id, user_id) DO UPDATE SET data = excluded.data, "
            "updated = excluded.updated",
            (chat_id, user_id, json.dumps(data, ensure_ascii=False), time.time()),
        )

    def delete_conversation(self, chat_id: int, user_id: int) -> None:
        self.db.execute(
            "DELETE FROM conversations WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
        )

    # -- settings --------------------------------------------------------------------
    def settings(self, chat_id: int) -> dict[str, str]:
        rows = self.db.execute("SELECT key, value FROM settings WHERE chat_id = ?", (chat_id,))
        return dict(rows.fetchall())

    def set_setting(self, chat_id: int, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO settings (chat_id, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_id, key) DO UPDATE SET value = excluded.value",
            (chat_id, key, value),
        )

    # -- ruling log --------------------------------------------------------------------
    def log_ruling(
        self,
        chat_id: int,
        user_id: int,
        topic: str,
        rule: str,
        citations: list[str],
        text: str = "",
    ) -> None:
        self.db.execute(
            "INSERT INTO rulings (chat_id, user_id, topic, rule, citations, text, created) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (chat_id, user_id, topic, rule, json.dumps(citations), text, time.time()),
        )

    def rulings(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        query = "SELECT chat_id, user_id, topic, rule, citations, text, created FROM rulings"
        args: tuple[int, ...] = ()
        if chat_id is not None:
            query += " WHERE chat_id = ?"
            args = (chat_id,)
        rows = self.db.execute(query + " ORDER BY id", args).fetchall()
        keys = ("chat_id", "user_id", "topic", "rule", "citations", "text", "created")
        return [
            {**dict(zip(keys, row, strict=True)), "citations": json.loads(row[4])} for row in rows
        ]

    # -- redelivered updates ---------------------------------------------------------------
    def already_handled(self, update_id: int) -> bool:
        row = self.db.execute(
            "SELECT 1 FROM handled_updates WHERE update_id = ?", (update_id,)
        ).fetchone()
        return row is not None

    def mark_handled(self, update_id: int) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO handled_updates (update_id, handled) VALUES (?, ?)",
            (update_id, time.time()),
        )
        self.db.execute(
            "DELETE FROM handled_updates WHERE update_id < ?", (update_id - KEEP_HANDLED_UPDATES,)
        )
