"""One update's handling, prepared off the database thread and committed in one short job.

The dialogue engine can take a while on a long message; run on the thread
that owns the database, it would hold up every other chat's storing and
sending. So a worker thread handles the update against a :class:`Draft`: it
reads through its own read-only connection and notes every write instead of
making it (later reads in the same update see those notes). The database
thread then commits the draft in one transaction, after checking that
everything it read is still so; if another update changed it meanwhile, the
update is simply prepared again. New rows the replies must name (a logged
ruling, a moved incident) get their ids here, from :class:`Ids`.
"""

from __future__ import annotations

import itertools
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.telegram.incoming import Key
from bot.telegram.replies import Outgoing
from bot.telegram.store import Move, OutboxRow, Store, conversation_from_json, to_json


class Stale(Exception):
    """What a draft read changed before it could be committed: prepare it again."""


class Ids:
    """Ids for new rulings and moves, handed out before the rows are written."""

    def __init__(self) -> None:
        self.rulings = itertools.count(1)
        self.moves = itertools.count(1)

    def sync(self, store: Store) -> None:
        """Continue after the highest id ever used (database thread)."""
        self.rulings = itertools.count(_next_id(store, "rulings"))
        self.moves = itertools.count(_next_id(store, "moves"))


def _next_id(store: Store, table: str) -> int:
    used = store.db.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
    row = store.db.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
    return max(int(used), int(row[0]) if row else 0) + 1


class Readers:
    """One read-only connection per worker thread, each used under :meth:`use`.

    :meth:`paused` closes them all and keeps them closed for a while: SQLite
    will not move a database out of WAL mode (to rescue a deleted -wal file)
    while any other connection is open on it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Condition()
        self.open: list[sqlite3.Connection] = []
        self.local = threading.local()
        self.in_use = 0
        self.pausing = False

    @contextmanager
    def use(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, not closed by :meth:`paused` while it is in use
        (an engine thread uses its own meanwhile)."""
        with self.lock:
            while self.pausing:
                self.lock.wait()
            connection: sqlite3.Connection | None = getattr(self.local, "connection", None)
            if connection is None:
                connection = sqlite3.connect(
                    f"file:{self.path}?mode=ro",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,  # closed by paused(), on the database thread
                )
                connection.execute("PRAGMA busy_timeout=5000")
                self.local.connection = connection
                self.open.append(connection)
            self.in_use += 1
        try:
            yield connection
        finally:
            with self.lock:
                self.in_use -= 1
                self.lock.notify_all()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """No reader connection is open inside (each thread opens its own again after)."""
        with self.lock:
            self.pausing = True
            while self.in_use:
                self.lock.wait()
            for connection in self.open:
                connection.close()
            self.open.clear()
            self.local = threading.local()
        try:
            yield
        finally:
            with self.lock:
                self.pausing = False
                self.lock.notify_all()


class Draft(Store):
    """A Store whose reads come from a snapshot and whose writes wait for :meth:`commit`."""

    def __init__(self, reader: sqlite3.Connection, ids: Ids, path: Path) -> None:
        self.db, self.ids, self.path = reader, ids, path
        self.fresh = {}  # reads its snapshot, never what the store's ingest remembered
        self.reads: list[tuple[str, tuple[Any, ...], Any]] = []
        self.writes: list[tuple[str, tuple[Any, ...]]] = []
        self.conversations: dict[Key, str | None] = {}
        self.chosen: dict[int, dict[str, str]] = {}
        self.new_rulings: dict[int, dict[str, Any]] = {}
        self.moves: dict[int, Move] = {}
        self.started: set[Key] = set()
        self.done: set[int] = set()
        self.keyboards: dict[tuple[int, int], int | None] = {}
        self.floor = 0
        """Writes before this one belong to an outer transaction: never folded into."""

    # -- reading ------------------------------------------------------------------------
    def _read(self, name: str, *args: Any) -> Any:
        """Read through the snapshot, noting what was seen (the caller must not change it)."""
        result = getattr(Store, name)(self, *args)
        self.reads.append((name, args, result))
        return result

    def conversation(self, chat_id: int, user_id: int) -> dict[str, Any] | None:
        # the handler changes what it gets: a fresh copy
        return conversation_from_json(self.conversation_text(chat_id, user_id))

    def conversation_text(self, chat_id: int, user_id: int) -> str | None:
        key = (chat_id, user_id)
        if key in self.conversations:
            return self.conversations[key]
        found: str | None = self._read("conversation_text", chat_id, user_id)
        return found

    def settings(self, chat_id: int) -> dict[str, str]:
        found: dict[str, str] = dict(self._read("settings", chat_id))
        found.update(self.chosen.get(chat_id, {}))
        return found

    def ruling(self, ruling_id: int) -> dict[str, Any] | None:
        found = self.new_rulings.get(ruling_id) or self._read("ruling", ruling_id)
        return None if found is None else {**found, "citations": list(found["citations"])}

    def move(self, move_id: int) -> Move | None:
        if move_id in self.moves:
            return self.moves[move_id]
        found: Move | None = self._read("move", move_id)
        return found

    def open_move(self, private_chat: int, user_id: int) -> Move | None:
        candidates = [
            m
            for m in self.moves.values()
            if (m.private_chat, m.user_id) == (private_chat, user_id) and m.state == "open"
        ]
        if (private_chat, user_id) not in self.started:
            stored: Move | None = self._read("open_move", private_chat, user_id)
            if stored is not None:
                stored = self.moves.get(stored.id, stored)
                if stored.state == "open" and stored not in candidates:
                    candidates.append(stored)
        return max(candidates, key=lambda m: m.id, default=None)

    def is_done(self, update_id: int) -> bool:
        return update_id in self.done or bool(self._read("is_done", update_id))

    # -- writing ------------------------------------------------------------------------
    def _write(self, name: str, *args: Any) -> None:
        self.writes.append((name, args))

    def save_conversation(self, chat_id: int, user_id: int, data: dict[str, Any]) -> None:
        text = to_json(data)
        self._conversation_write((chat_id, user_id), text, "save_conversation_text", text)

    def delete_conversation(self, chat_id: int, user_id: int) -> None:
        self._conversation_write((chat_id, user_id), None, "delete_conversation")

    def _conversation_write(self, key: Key, text: str | None, name: str, *args: Any) -> None:
        """Note a conversation's new state; the last one of an update is all that is written
        (a /ruling with its description saves twice)."""
        if key in self.conversations:
            for at in range(len(self.writes) - 1, self.floor - 1, -1):
                written, written_args = self.writes[at]
                if written in ("save_conversation_text", "delete_conversation"):
                    if written_args[:2] == key:
                        del self.writes[at]
                        break
                elif written == "migrate_chat":
                    break  # keep the order around a move of the whole chat
        self.conversations[key] = text
        self._write(name, *key, *args)

    def set_setting(self, chat_id: int, key: str, value: str) -> None:
        self.chosen.setdefault(chat_id, {})[key] = value
        self._write("set_setting", chat_id, key, value)

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
        ruling_id = next(self.ids.rulings)
        self.new_rulings[ruling_id] = {
            "id": ruling_id,
            "chat_id": chat_id,
            "user_id": user_id,
            "topic": topic,
            "rule": rule,
            "citations": list(citations),
            "text": text,
            "created": 0.0,
            "summary": summary,
            "asker": asker,
        }
        self._write(
            "log_ruling", chat_id, user_id, topic, rule, citations, text, summary, asker, ruling_id
        )
        return ruling_id

    def take_keyboard(self, chat_id: int, owner: int) -> int | None:
        key = (chat_id, owner)
        if key in self.keyboards:
            return self.keyboards[key]
        found: int | None = self._read("keyboard", chat_id, owner)
        self.keyboards[key] = None  # taken: a second look in this update finds none
        if found is not None:
            self._write("forget_keyboard", chat_id, owner)
        return found

    def start_move(
        self,
        user_id: int,
        private_chat: int,
        group_id: int,
        description: str,
        move_id: int | None = None,
    ) -> int:
        for move in [m for m in self.moves.values() if m.state == "open"]:
            if (move.private_chat, move.user_id) == (private_chat, user_id):
                self.moves[move.id] = replace(move, state="closed")
        move_id = next(self.ids.moves)
        self.moves[move_id] = Move(
            move_id, user_id, private_chat, group_id, description, None, "open"
        )
        self.started.add((private_chat, user_id))
        self._write("start_move", user_id, private_chat, group_id, description, move_id)
        return move_id

    def set_move(self, move_id: int, state: str, ruling_id: int | None = None) -> None:
        move = self.move(move_id)
        if move is not None:
            ruled = ruling_id if ruling_id is not None else move.ruling_id
            self.moves[move_id] = replace(move, state=state, ruling_id=ruled)
        self._write("set_move", move_id, state, ruling_id)

    def migrate_chat(self, old: int, new: int) -> None:
        self._write("migrate_chat", old, new)

    def queue(self, replies: Iterable[Outgoing]) -> list[OutboxRow]:
        self._write("queue", list(replies))
        return []  # the rows exist once the draft is committed

    def mark_done(self, update_id: int, error: str = "") -> None:
        self.done.add(update_id)
        self._write("mark_done", update_id, error)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """What happens inside is undone if it fails, as a database transaction would be."""
        saved = (
            len(self.writes),
            dict(self.conversations),
            {chat: dict(chosen) for chat, chosen in self.chosen.items()},
            dict(self.new_rulings),
            dict(self.moves),
            set(self.started),
            set(self.done),
            dict(self.keyboards),
        )
        outer, self.floor = self.floor, len(self.writes)
        try:
            yield
        except BaseException:
            count, self.conversations, self.chosen, self.new_rulings = saved[:4]
            self.moves, self.started, self.done, self.keyboards = saved[4:]
            del self.writes[count:]
            raise
        finally:
            self.floor = outer

    # -- committing (database thread) -----------------------------------------------------
    def commit(self, store: Store) -> list[OutboxRow]:
        """Write the draft in one transaction; Stale if anything it read has changed."""
        queued: list[OutboxRow] = []
        try:
            with store.transaction():
                for name, args, seen in self.reads:
                    if getattr(store, name)(*args) != seen:
                        raise Stale(name)
                for name, args in self.writes:
                    if name == "queue":
                        queued += store.queue(*args)
                    else:
                        getattr(store, name)(*args)
        except sqlite3.IntegrityError as clash:  # an id taken meanwhile (another writer)
            self.ids.sync(store)
            raise Stale(str(clash)) from None
        return queued
