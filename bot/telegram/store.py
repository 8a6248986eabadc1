"""SQLite storage for the Telegram bot: conversations, settings, the ruling log,
the inbox of received updates and the outbox of replies.

Standard-library sqlite3 in WAL mode (storing received updates syncs to disk,
so even a power cut loses nothing Telegram was told about). An update is in the inbox before
Telegram is told it arrived; handling it changes the conversation, logs the
ruling, queues its replies and marks it done in one transaction; replies
leave the outbox only once they are sent. So a ``kill -9`` at any moment loses
nothing: a restarted bot finishes what is in the inbox and sends what is in
the outbox. Rows are plain JSON; nothing is pickled.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.telegram import schema
from bot.telegram.incoming import Identity, Incoming, Key, asks_nothing, parse, route, update_id
from bot.telegram.replies import Outgoing

if TYPE_CHECKING:
    from bot.dialogue.engine import Conversation

FRESH_KEPT = 1000
"""Messages just stored that are remembered as read (decoded and parsed), at most: the
oldest, which are handled first (each is forgotten as it is taken)."""
KEEP_HANDLED_SECONDS = 2 * 86400
"""Handled update ids are remembered this long, to recognise a redelivered update."""
PRUNE_BATCH = 500

log = logging.getLogger(__name__)


SQLITE_INT = 1 << 63
"""SQLite's integers are signed 64-bit: an id outside them cannot be a key."""
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
to_json = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(value, ensure_ascii=False)``, without building an encoder at each call
(three a update: the update itself, its replies, the conversation)."""


def _storable(value: Any) -> Any:
    """The update with every lone surrogate (JSON allows them, UTF-8 does not) as U+FFFD."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {_storable(k): _storable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_storable(v) for v in value]
    return value


def _quarantine(uid: int, raw: dict[str, Any], why: str) -> None:
    """An update that cannot be stored is set aside (logged, confirmed, never handled):
    refusing it would make Telegram send it again for ever and hold up everything after it."""
    text = json.dumps(raw, ensure_ascii=True, default=str)
    log.error("update %s set aside unhandled (%s): %.1000s", uid, why, text)


class StoreError(Exception):
    """The database cannot be used; the message is one plain line for the operator."""


class DatabaseBusy(StoreError):
    """Another program holds a lock on the database (a backup, the sqlite3 shell): wait."""


def _store_error(error: sqlite3.Error, path: Path) -> StoreError:
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    busy = code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return (DatabaseBusy if busy else StoreError)(_describe(error, path))


def create_private(path: Path) -> None:
    """A new database file only its owner may read (SQLite gives -wal and -shm its mode)."""
    with suppress(OSError):  # there already, or cannot be: SQLite says which
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def default_db_path() -> Path:
    """``$RULINGBOT_DB``, else a per-user data file (XDG data home)."""
    configured = os.environ.get("RULINGBOT_DB")
    if configured:
        return Path(configured).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "rulingbot" / "rulingbot.sqlite3"


@dataclass(frozen=True)
class Retention:
    """How long things are kept (days); the operator may change each in the environment."""

    conversations: float = 30
    """An incident nobody has touched for this long is forgotten."""
    ruling_text: float = 90
    """A logged ruling's full text (for 'Full ruling' and posting to a group)."""
    rulings: float = 365
    """The ruling log itself: topic, rule, citations, who and when."""

    @classmethod
    def from_env(cls) -> Retention:
        def days(name: str, default: float) -> float:
            value = os.environ.get(name, "").strip()
            if not value:
                return default
            try:
                found = float(value)
            except ValueError:
                found = math.nan
            if not (math.isfinite(found) and found > 0):  # 0 or inf would wipe or keep all
                raise StoreError(f"{name} must be a number of days above 0, not {value!r}")
            return found

        return cls(
            days("RULINGBOT_KEEP_CONVERSATIONS_DAYS", cls.conversations),
            days("RULINGBOT_KEEP_RULING_TEXT_DAYS", cls.ruling_text),
            days("RULINGBOT_KEEP_RULINGS_DAYS", cls.rulings),
        )


@dataclass(frozen=True)
class InboxRow:
    update_id: int
    raw: dict[str, Any]
    attempts: int
    parsed: tuple[Identity, Incoming | None] | None = field(default=None, compare=False)
    """The update as :func:`parse` read it for that identity when it was stored (None: not
    read yet)."""


@dataclass(frozen=True)
class OutboxRow:
    id: int
    lane: str
    method: str
    params: dict[str, Any]
    attempts: int


@dataclass(frozen=True)
class Move:
    """An incident moved from a group to a private chat (for posting its ruling back)."""

    id: int
    user_id: int
    private_chat: int
    group_id: int
    description: str
    ruling_id: int | None
    state: str
    """open, ruled (offered for posting), posted or closed."""


def _describe(error: sqlite3.Error, path: Path) -> str:
    text = str(error)
    if "unable to open" in text and path.is_dir():
        return f"{path} is a directory, not a database file"
    if "readonly" in text:
        return f"cannot write to the database {path} (read-only file or folder?)"
    if "disk is full" in text or "disk I/O" in text:
        return f"cannot write to the database {path}: {text} (is the disk full?)"
    if "not a database" in text or "malformed" in text:
        return f"{path} is not a usable rulingbot database ({text}); restore a backup"
    return f"cannot use the database {path}: {text}"


def state(conversation: Conversation) -> dict[str, Any]:
    """A conversation's fields as they stand, for :meth:`Store.save_conversation`, which
    writes them to JSON at once: ``to_dict``'s deep copy would only be thrown away."""
    return {name: getattr(conversation, name) for name in conversation.__dataclass_fields__}


def conversation_from_json(text: str | None) -> dict[str, Any] | None:
    """A conversation read back from its JSON; ValueError if it is not one."""
    if text is None:
        return None
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("a stored conversation is not a JSON object")
    return data


class Store:
    """All persistent state of the bot, behind a few plain methods.

    Opening checks the file (readable, a database, not from a newer rulingbot,
    writable) and migrates an older layout; any problem is a :class:`StoreError`.
    """

    def __init__(self, path: Path | str, *, migrate: bool = True) -> None:
        self.path = Path(path)
        self.fresh: dict[int, tuple[dict[str, Any], tuple[Identity, Incoming | None]]] = {}
        """Messages stored by this run and not yet taken to be handled, as read at ingest:
        each is read (decoded, parsed) once, not again when it is handled."""
        try:
            self._open(str(path), migrate)
        except schema.NewerSchema as newer:
            raise StoreError(f"{self.path}: {newer}") from None
        except sqlite3.Error as error:
            raise _store_error(error, self.path) from None
        except OSError as error:
            raise StoreError(f"cannot use the database {self.path}: {error.strerror}") from None

    def _open(self, path: str, migrate: bool) -> None:
        if path != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_dir():
                raise StoreError(f"{self.path} is a directory, not a database file")
            create_private(self.path)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            found = schema.version(self.db)
            if found > schema.SCHEMA_VERSION:
                raise schema.NewerSchema(found)
            if migrate:
                schema.upgrade(self.db)
        except BaseException:
            self.db.close()
            raise

    def close(self) -> None:
        self.db.close()

    @property
    def version(self) -> int:
        return schema.version(self.db)

    def check(self, deep: bool = True) -> None:
        """Raise StoreError unless the file takes a write (and, if ``deep``, reads whole).

        The deep check reads every page (150-200 ms on a week of data), so the bot runs it
        only after an unclean shutdown; ``health --deep`` and backups always do.
        """
        try:
            if deep:
                problems = self.db.execute("PRAGMA quick_check").fetchall()
                if problems != [("ok",)]:
                    raise StoreError(f"{self.path} is damaged ({problems[0][0]}); restore a backup")
            with self.transaction():
                if self.version >= 2:
                    self.set_meta("last_check", str(time.time()))
                else:  # an old layout, upgraded when the bot starts: write its header only
                    found = int(self.db.execute("PRAGMA user_version").fetchone()[0])
                    self.db.execute(f"PRAGMA user_version = {found}")
        except sqlite3.Error as error:
            raise _store_error(error, self.path) from None

    def start_run(self) -> bool:
        """Note that a bot runs on this file; whether the last run did not stop cleanly."""
        try:
            with self.transaction():
                row = self.db.execute("SELECT value FROM meta WHERE key = 'running'").fetchone()
                self.set_meta("running", str(os.getpid()))
        except sqlite3.Error as error:
            raise _store_error(error, self.path) from None
        return bool(row and row[0])

    def end_run(self) -> None:
        """The bot stopped cleanly: the next start need not read the whole file."""
        with self.transaction():
            self.set_meta("running", "")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One atomic unit: all of it is stored, or none of it."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- meta ----------------------------------------------------------------------------
    def set_meta(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    # -- conversations -------------------------------------------------------------------
    def conversation(self, chat_id: int, user_id: int) -> dict[str, Any] | None:
        """The stored conversation; ValueError if it cannot be read back."""
        return conversation_from_json(self.conversation_text(chat_id, user_id))

    def conversation_text(self, chat_id: int, user_id: int) -> str | None:
        """The stored conversation as written (JSON)."""
        row = self.db.execute(
            "SELECT data FROM conversations WHERE chat_id = ? AND user_id = ?",
            (chat_id, user_id),
        ).fetchone()
        return None if row is None else str(row[0])

    def save_conversation(self, chat_id: int, user_id: int, data: dict[str, Any]) -> None:
        self.save_conversation_text(chat_id, user_id, to_json(data))

    def save_conversation_text(self, chat_id: int, user_id: int, text: str) -> None:
        """Save a conversation already written as JSON."""
        self.db.execute(
            "INSERT INTO conversations (chat_id, user_id, data, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (chat_id, user_id) DO UPDATE SET data = excluded.data, "
            "updated = excluded.updated",
            (chat_id, user_id, text, time.time()),
        )

    def delete_conversation(self, chat_id: int, user_id: int) -> None:
        self.db.execute(
            "DELETE FROM conversations WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
        )

    # -- settings ------------------------------------------------------------------------
    def settings(self, chat_id: int) -> dict[str, str]:
        rows = self.db.execute("SELECT key, value FROM settings WHERE chat_id = ?", (chat_id,))
        return dict(rows.fetchall())

    def set_setting(self, chat_id: int, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO settings (chat_id, key, value) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_id, key) DO UPDATE SET value = excluded.value",
            (chat_id, key, value),
        )

    # -- ruling log ----------------------------------------------------------------------
    def log_ruling(
        self,
        chat_id: int,
        user_id: int,
        topic: str,
        rule: str,
        citations: list[str],
        text: str = "",
        summary: str = "",
        asker: str = "",
        ruling_id: int | None = None,
    ) -> int:
        """Log a ruling; its id (``ruling_id`` if given: handed out before it was written)."""
        cursor = self.db.execute(
            "INSERT INTO rulings (id, chat_id, user_id, topic, rule, citations, text, summary, "
            "asker, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                ruling_id,
                chat_id,
                user_id,
                topic,
                rule,
                json.dumps(citations),
                text,
                summary,
                asker,
                time.time(),
            ),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    _RULING_COLUMNS = (
        "id",
        "chat_id",
        "user_id",
        "topic",
        "rule",
        "citations",
        "text",
        "created",
        "summary",
        "asker",
    )

    def _ruling_dict(self, row: tuple[Any, ...]) -> dict[str, Any]:
        found = dict(zip(self._RULING_COLUMNS, row, strict=True))
        found["citations"] = json.loads(found["citations"])
        return found

    def ruling(self, ruling_id: int) -> dict[str, Any] | None:
        row = self.db.execute(
            f"SELECT {', '.join(self._RULING_COLUMNS)} FROM rulings WHERE id = ?", (ruling_id,)
        ).fetchone()
        return self._ruling_dict(row) if row else None

    def rulings(
        self, chat_id: int | None = None, user_id: int | None = None, limit: int = 100
    ) -> list[dict[str, Any]]:
        """The latest rulings (oldest first), for one chat or one person in it (indexed)."""
        where, args = [], []
        if chat_id is not None:
            where.append("chat_id = ?")
            args.append(chat_id)
        if user_id is not None:
            where.append("user_id = ?")
            args.append(user_id)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        rows = self.db.execute(
            f"SELECT {', '.join(self._RULING_COLUMNS)} FROM rulings{clause} "
            "ORDER BY id DESC LIMIT ?",
            (*args, limit),
        ).fetchall()
        return [self._ruling_dict(row) for row in reversed(rows)]

    # -- the keyboard of each open question ------------------------------------------------
    def set_keyboard(self, chat_id: int, owner: int, message_id: int) -> None:
        """The message showing the owner's open question with its buttons (one per owner)."""
        self.db.execute(
            "INSERT INTO keyboards (chat_id, owner, message_id) VALUES (?, ?, ?) "
            "ON CONFLICT (chat_id, owner) DO UPDATE SET message_id = excluded.message_id",
            (chat_id, owner, message_id),
        )

    def keyboard(self, chat_id: int, owner: int) -> int | None:
        """The message with the owner's last question buttons, if any."""
        row = self.db.execute(
            "SELECT message_id FROM keyboards WHERE chat_id = ? AND owner = ?", (chat_id, owner)
        ).fetchone()
        return None if row is None else int(row[0])

    def forget_keyboard(self, chat_id: int, owner: int) -> None:
        self.db.execute("DELETE FROM keyboards WHERE chat_id = ? AND owner = ?", (chat_id, owner))

    def take_keyboard(self, chat_id: int, owner: int) -> int | None:
        """The message with the owner's last question buttons, forgotten as it is returned."""
        found = self.keyboard(chat_id, owner)
        if found is not None:
            self.forget_keyboard(chat_id, owner)
        return found

    # -- inbox ---------------------------------------------------------------------------
    def ingest(self, updates: Iterable[dict[str, Any]], me: Identity | None = None) -> list[Key]:
        """Store received updates (one transaction); the key of each newly stored one
        that waits to be handled.

        An update already in the inbox (Telegram sent it again) is recognised by its
        id and left as it is (and not listed). Given who the bot is (``me``), a message
        it would not answer (group chatter not addressed to it) is stored as handled.
        """
        keys: list[Key] = []
        now = time.time()
        # Telegram forgets what we confirm, so this commit must survive a power cut too:
        # a full sync of the write-ahead log (which also covers every earlier commit).
        self.db.execute("PRAGMA synchronous=FULL")
        with self.transaction():
            for raw in updates:
                uid = update_id(raw)
                if uid is None:
                    continue
                try:
                    text = to_json(raw)
                    if _LONE_SURROGATE.search(text):  # rare: walk the update only then
                        raw = _storable(raw)
                        text = to_json(raw)
                    key = route(raw)
                    if not all(-SQLITE_INT <= n < SQLITE_INT for n in (uid, *key)):
                        raise OverflowError("an id too large to store")
                    parsed = parse(raw, me) if me is not None and "message" in raw else None
                    done = me is not None and asks_nothing(raw, me, parsed)
                    cursor = self.db.execute(
                        "INSERT OR IGNORE INTO inbox (update_id, chat_id, user_id, raw, received, "
                        "done) VALUES (?, ?, ?, ?, ?, ?)",
                        (uid, key[0], key[1], text, now, int(done)),
                    )
                except sqlite3.OperationalError:
                    raise  # the database's fault (locked, full, I/O), not the update's
                except Exception as error:  # this update alone cannot be stored (a failed
                    # statement writes nothing: SQLite undoes it, the transaction goes on)
                    _quarantine(uid, raw, f"{type(error).__name__}: {error}")
                    continue
                if cursor.rowcount and not done:
                    keys.append(key)
                    if me is not None and "message" in raw and len(self.fresh) < FRESH_KEPT:
                        self.fresh[uid] = (raw, (me, parsed))  # (a flood's tail: read later)
        self.db.execute("PRAGMA synchronous=NORMAL")
        return keys

    def pending_keys(self) -> list[Key]:
        """The key of every update waiting in the inbox, in update order."""
        rows = self.db.execute(
            "SELECT chat_id, user_id FROM inbox WHERE done = 0 ORDER BY update_id"
        ).fetchall()
        return [(row[0], row[1]) for row in rows]

    def held_at_a_death(self) -> list[Key]:
        """Keys whose next update a handler had started on, in a run that then died (it
        was charged an attempt and never finished), in update order."""
        rows = self.db.execute(
            "SELECT chat_id, user_id FROM inbox AS i WHERE done = 0 AND attempts > 0 "
            "AND update_id = (SELECT min(update_id) FROM inbox AS j WHERE j.done = 0 "
            "AND j.chat_id = i.chat_id AND j.user_id = i.user_id) ORDER BY update_id"
        ).fetchall()
        return [(row[0], row[1]) for row in rows]

    def last_pending_id(self) -> int:
        """The newest update waiting in the inbox (0: none)."""
        found = self.db.execute("SELECT max(update_id) FROM inbox WHERE done = 0").fetchone()
        return int(found[0] or 0)

    def next_pending(self, key: Key) -> InboxRow | None:
        row = self.db.execute(
            "SELECT update_id, raw, attempts FROM inbox WHERE done = 0 AND chat_id = ? "
            "AND user_id = ? ORDER BY update_id LIMIT 1",
            key,
        ).fetchone()
        if row is None:
            return None
        fresh = self.fresh.pop(row[0], None)
        if fresh is not None:  # as stored a moment ago: read then
            return InboxRow(row[0], fresh[0], row[2], fresh[1])
        try:
            raw = json.loads(row[1])
        except ValueError:
            raw = {}
        return InboxRow(row[0], raw if isinstance(raw, dict) else {}, row[2])

    def is_done(self, update_id: int) -> bool:
        row = self.db.execute("SELECT done FROM inbox WHERE update_id = ?", (update_id,))
        found = row.fetchone()
        return found is not None and bool(found[0])

    def mark_done(self, update_id: int, error: str = "") -> None:
        self.db.execute(
            "UPDATE inbox SET done = 1, error = ?, received = ? WHERE update_id = ?",
            (error, time.time(), update_id),
        )

    def count_attempt(self, update_id: int) -> int:
        """Note that the handler starts on this update again (after a crash); attempts so far.

        Committed before the handler runs, so only an update in hand when the bot died is
        charged, never one that merely waited in the inbox.
        """
        with self.transaction():
            self.db.execute(
                "UPDATE inbox SET attempts = attempts + 1 WHERE update_id = ?", (update_id,)
            )
            row = self.db.execute("SELECT attempts FROM inbox WHERE update_id = ?", (update_id,))
            found = row.fetchone()
        return int(found[0]) if found else 0

    # -- outbox --------------------------------------------------------------------------
    def queue(self, replies: Iterable[Outgoing]) -> list[OutboxRow]:
        """Add replies to the outbox (inside the caller's transaction), as the sender sees them.

        The rows go straight to the sender, which so need not read them back.
        """
        rows: list[OutboxRow] = []
        now = time.time()
        for reply in replies:
            cursor = self.db.execute(
                "INSERT INTO outbox (lane, method, params, created) VALUES (?, ?, ?, ?)",
                (reply.lane, reply.method, to_json(reply.params), now),
            )
            assert cursor.lastrowid is not None
            rows.append(OutboxRow(cursor.lastrowid, reply.lane, reply.method, reply.params, 0))
        return rows

    def pending_lanes(self) -> list[str]:
        rows = self.db.execute(
            "SELECT lane, min(id) AS first FROM outbox WHERE failed = 0 GROUP BY lane "
            "ORDER BY first"
        )
        return [row[0] for row in rows.fetchall()]

    def unsent(self, lane: str, limit: int = 20) -> list[OutboxRow]:
        rows = self.db.execute(
            "SELECT id, lane, method, params, attempts FROM outbox WHERE failed = 0 AND lane = ? "
            "ORDER BY id LIMIT ?",
            (lane, limit),
        ).fetchall()
        return [OutboxRow(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    def mark_sent(self, outbox_id: int, keyboard: tuple[int, int, int] | None = None) -> None:
        """A reply Telegram has; ``keyboard``: (chat, owner, message) of question buttons,
        remembered in the same commit (one, not two, and never the one without the other)."""
        if keyboard is None:
            self.db.execute("DELETE FROM outbox WHERE id = ?", (outbox_id,))
            return
        with self.transaction():
            self.db.execute("DELETE FROM outbox WHERE id = ?", (outbox_id,))
            self.set_keyboard(*keyboard)

    def mark_failed(self, outbox_id: int, error: str) -> None:
        """Give up on a reply Telegram refuses for good (kept a while, for the operator)."""
        self.db.execute(
            "UPDATE outbox SET failed = 1, error = ?, created = ? WHERE id = ?",
            (error[:500], time.time(), outbox_id),
        )

    def note_attempt(self, outbox_id: int, error: str) -> None:
        self.db.execute(
            "UPDATE outbox SET attempts = attempts + 1, error = ? WHERE id = ?",
            (error[:500], outbox_id),
        )

    def replace_params(self, outbox_id: int, params: dict[str, Any]) -> None:
        self.db.execute(
            "UPDATE outbox SET params = ? WHERE id = ?",
            (to_json(params), outbox_id),
        )

    # -- a group becomes a supergroup ----------------------------------------------------
    def migrate_chat(self, old: int, new: int) -> None:
        """Move everything kept for a chat to its new id (inside the caller's transaction)."""
        for table in ("conversations", "settings", "keyboards"):
            self.db.execute(
                f"UPDATE OR REPLACE {table} SET chat_id = ? WHERE chat_id = ?", (new, old)
            )
        self.db.execute("UPDATE rulings SET chat_id = ? WHERE chat_id = ?", (new, old))
        self.db.execute("UPDATE moves SET group_id = ? WHERE group_id = ?", (new, old))
        self.db.execute(
            "UPDATE outbox SET lane = ?, params = json_set(params, '$.chat_id', ?) WHERE lane = ?",
            (f"chat:{new}", new, f"chat:{old}"),
        )

    # -- incidents moved to a private chat -------------------------------------------------
    _MOVE_COLUMNS = "id, user_id, private_chat, group_id, description, ruling_id, state"

    def open_move(self, private_chat: int, user_id: int) -> Move | None:
        row = self.db.execute(
            f"SELECT {self._MOVE_COLUMNS} FROM moves WHERE private_chat = ? AND user_id = ? "
            "AND state = 'open' ORDER BY id DESC LIMIT 1",
            (private_chat, user_id),
        ).fetchone()
        return Move(*row) if row else None

    def move(self, move_id: int) -> Move | None:
        row = self.db.execute(
            f"SELECT {self._MOVE_COLUMNS} FROM moves WHERE id = ?", (move_id,)
        ).fetchone()
        return Move(*row) if row else None

    def start_move(
        self,
        user_id: int,
        private_chat: int,
        group_id: int,
        description: str,
        move_id: int | None = None,
    ) -> int:
        self.db.execute(
            "UPDATE moves SET state = 'closed' WHERE private_chat = ? AND user_id = ? "
            "AND state = 'open'",
            (private_chat, user_id),
        )
        cursor = self.db.execute(
            "INSERT INTO moves (id, user_id, private_chat, group_id, description, state, "
            "created) VALUES (?, ?, ?, ?, ?, 'open', ?)",
            (move_id, user_id, private_chat, group_id, description, time.time()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def set_move(self, move_id: int, state: str, ruling_id: int | None = None) -> None:
        self.db.execute(
            "UPDATE moves SET state = ?, ruling_id = coalesce(?, ruling_id) WHERE id = ?",
            (state, ruling_id, move_id),
        )

    # -- retention -----------------------------------------------------------------------
    def prune(self, keep: Retention, now: float | None = None) -> int:
        """Forget one batch of what is past its time; how many rows changed (0: done)."""
        now = time.time() if now is None else now
        day = 86400.0
        steps = (
            (
                "DELETE FROM inbox WHERE update_id IN (SELECT update_id FROM inbox "
                "WHERE done = 1 AND received < ? LIMIT ?)",
                now - KEEP_HANDLED_SECONDS,
            ),
            (
                "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE failed = 1 "
                "AND created < ? LIMIT ?)",
                now - 7 * day,
            ),
            (
                "DELETE FROM conversations WHERE rowid IN (SELECT rowid FROM conversations "
                "WHERE updated < ? LIMIT ?)",
                now - keep.conversations * day,
            ),
            (
                "UPDATE rulings SET text = '', summary = '' WHERE id IN (SELECT id FROM rulings "
                "WHERE created < ? AND text != '' LIMIT ?)",
                now - keep.ruling_text * day,
            ),
            (
                "DELETE FROM rulings WHERE id IN (SELECT id FROM rulings WHERE created < ? "
                "LIMIT ?)",
                now - keep.rulings * day,
            ),
            (
                "DELETE FROM moves WHERE id IN (SELECT id FROM moves WHERE created < ? LIMIT ?)",
                now - keep.conversations * day,
            ),
        )
        changed = 0
        with self.transaction():
            for statement, cutoff in steps:
                changed += self.db.execute(statement, (cutoff, PRUNE_BATCH)).rowcount
        return changed

    def queued(self) -> tuple[int, int, float]:
        """(replies unsent, updates unhandled, when the oldest of them came)."""
        replies, sent_from = self.db.execute(
            "SELECT count(*), min(created) FROM outbox WHERE failed = 0"
        ).fetchone()
        updates, received_from = self.db.execute(
            "SELECT count(*), min(received) FROM inbox WHERE done = 0"
        ).fetchone()
        times = [t for t in (sent_from, received_from) if t is not None]
        return int(replies), int(updates), min(times, default=time.time())

    def set_aside_queued(self, reason: str) -> None:
        """Neither send what waits in the outbox nor handle what waits in the inbox."""
        now = time.time()
        self.db.execute(
            "UPDATE outbox SET failed = 1, error = ?, created = ? WHERE failed = 0", (reason, now)
        )
        self.db.execute(
            "UPDATE inbox SET done = 1, error = ?, received = ? WHERE done = 0", (reason, now)
        )

    # -- health --------------------------------------------------------------------------
    def backlog(self, older_than: float, now: float | None = None) -> tuple[int, int]:
        """(updates waiting, replies unsent) for longer than ``older_than`` seconds."""
        cutoff = (time.time() if now is None else now) - older_than
        inbox = self.db.execute(
            "SELECT count(*) FROM inbox WHERE done = 0 AND received < ?", (cutoff,)
        ).fetchone()[0]
        outbox = self.db.execute(
            "SELECT count(*) FROM outbox WHERE failed = 0 AND created < ?", (cutoff,)
        ).fetchone()[0]
        return int(inbox), int(outbox)
