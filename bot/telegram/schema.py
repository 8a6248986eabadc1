"""The database's layout, its version (``PRAGMA user_version``) and the migrations.

A new database is made the way an old one is upgraded: the first layout,
then every migration in turn, so the upgrade path is exercised on each start
of a fresh bot. A database from a newer rulingbot is refused, never guessed at.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 3

FIRST_LAYOUT = """
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
"""Version 1: what the first Telegram release wrote (it left user_version at 0)."""

TO_VERSION_2 = """
ALTER TABLE rulings ADD COLUMN summary TEXT NOT NULL DEFAULT '';
CREATE INDEX rulings_by_user ON rulings (chat_id, user_id, id);
CREATE INDEX rulings_by_age ON rulings (created);
CREATE INDEX conversations_by_age ON conversations (updated);
DROP TABLE handled_updates;
DELETE FROM settings WHERE key LIKE 'return_group:%';
CREATE TABLE inbox (
    update_id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    raw TEXT NOT NULL,
    received REAL NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX inbox_pending ON inbox (chat_id, user_id, update_id) WHERE done = 0;
CREATE INDEX inbox_by_age ON inbox (received) WHERE done = 1;
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lane TEXT NOT NULL,
    method TEXT NOT NULL,
    params TEXT NOT NULL,
    created REAL NOT NULL,
    failed INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_pending ON outbox (lane, id) WHERE failed = 0;
CREATE TABLE moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    private_chat INTEGER NOT NULL,
    group_id INTEGER NOT NULL,
    description TEXT NOT NULL,
    ruling_id INTEGER,
    state TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX moves_by_user ON moves (private_chat, user_id, state);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
"""Version 2: inbox and outbox (nothing lost), moves (post-back), retention indexes."""

TO_VERSION_3 = """
ALTER TABLE rulings ADD COLUMN asker TEXT NOT NULL DEFAULT '';
CREATE INDEX rulings_by_chat ON rulings (chat_id, id);
CREATE TABLE keyboards (
    chat_id INTEGER NOT NULL,
    owner INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (chat_id, owner)
);
"""
"""Version 3: who asked for each ruling (the club's log), and the message holding each
open question's buttons (so an answer typed instead of pressed can take them away)."""

MIGRATIONS: dict[int, str] = {2: TO_VERSION_2, 3: TO_VERSION_3}


class NewerSchema(Exception):
    """The database was written by a newer rulingbot."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database was written by a newer rulingbot (schema {found}; this one knows "
            f"up to {SCHEMA_VERSION}): upgrade rulingbot, or restore a backup"
        )
        self.found = found


def version(db: sqlite3.Connection) -> int:
    """The schema version; a version-1 database is recognised by its tables."""
    found: int = db.execute("PRAGMA user_version").fetchone()[0]
    if found:
        return found
    tables = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'conversations'")
    return 1 if tables.fetchone()[0] else 0


def upgrade(db: sqlite3.Connection, on_step: Callable[[int], None] | None = None) -> int:
    """Bring the database to SCHEMA_VERSION, one transaction per step; the version before."""
    before = version(db)
    if before > SCHEMA_VERSION:
        raise NewerSchema(before)
    current = before
    if current == 0:
        _step(db, FIRST_LAYOUT, 1)
        current = 1
    while current < SCHEMA_VERSION:
        current += 1
        _step(db, MIGRATIONS[current], current)
        if on_step:
            on_step(current)
    return before


def _step(db: sqlite3.Connection, script: str, target: int) -> None:
    statements = [s.strip() for s in script.split(";") if s.strip()]
    db.execute("BEGIN IMMEDIATE")
    try:
        if version(db) >= target:  # another process got there first
            db.execute("ROLLBACK")
            return
        for statement in statements:
            db.execute(statement)
        db.execute(f"PRAGMA user_version = {int(target)}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
