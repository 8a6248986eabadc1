"""Work through the inbox: a fixed pool of workers, served round-robin across chats.

Updates of one person in one chat are handled strictly one after another
(read and answer on an engine thread, save in one database job and one
transaction: :mod:`bot.telegram.draft`), so a quick second message never
sees the state before the first was saved, and the database thread never
waits for the dialogue engine. Keys take turns
(:mod:`bot.telegram.fair`), so a flooded group never holds up anyone else,
and the pool stays the same size however many people write at once.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import Any, TypeVar

from telegram import Bot
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.telegram import api
from bot.telegram import lookups as membership
from bot.telegram.dbthread import DbThread
from bot.telegram.draft import Draft, Ids, Readers, Stale
from bot.telegram.fair import RoundRobin
from bot.telegram.handling import Processor
from bot.telegram.incoming import Key, parse
from bot.telegram.sender import Sender, backoff
from bot.telegram.store import InboxRow, OutboxRow, Store

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_ATTEMPTS = 3
"""An update in hand when the bot died this many times is skipped (with an apology)."""
WORKERS = 4
"""Updates in hand at once: the engines prepare some while others are committed or looked up."""
ENGINES = 2
"""Engine threads. One chat holds at most one of them, so however long a flooded group's
queue, the other engine is free for everyone else's next message at once."""
QUEUES_WAIT = 0.1
"""Seconds at most a chat with a queue waits while a lone message is in hand: the engines
share one interpreter, so the queue's next update would only slow that message down."""
STALE_RETRIES = 3
"""Drafts of one update thrown away (another update changed what it read) before it is
handled on the database thread instead."""


class Dispatcher:
    def __init__(
        self,
        bot: Bot,
        db: DbThread,
        store: Store,
        processor: Processor,
        sender: Sender,
        workers: int = WORKERS,
    ) -> None:
        self.bot, self.db, self.store = bot, db, store
        self.processor, self.sender = processor, sender
        self.turns = RoundRobin()
        self.size = workers
        self.workers: list[asyncio.Task[None]] = []
        self.wake = asyncio.Event()
        self.engine_turn = asyncio.Semaphore(ENGINES)
        """Held by each worker whose update an engine prepares (or will, as soon as it can)."""
        self.holding: dict[asyncio.Task[Any] | None, int] = {}
        """Worker -> the chat whose update it holds an engine turn for."""
        self.on_engine: Counter[int] = Counter()
        """Chats with an update the engines prepare: passed over until it is done."""
        self.lone_in_hand = 0
        """Updates in hand from chats with nothing else waiting (a private message, say)."""
        self.lone_since = 0.0
        self.hold_timer: asyncio.TimerHandle | None = None
        self.in_hand = 0
        self.recover_below = 0
        """Updates below this id were stored by an earlier run (their attempts are counted)."""
        self.stopping = False
        self.ids = Ids()
        self.engine: ThreadPoolExecutor | None = None
        """Where the dialogue runs: its own thread, so storing and sending never wait for it."""
        self.readers: Readers | None = None
        if str(store.path) != ":memory:":
            self.engine = ThreadPoolExecutor(ENGINES, thread_name_prefix="rulingbot-engine")
            self.readers = Readers(store.path)

    def kick(self, keys: list[Key]) -> None:
        """New updates are in the inbox: one key per update."""
        for key, count in Counter(keys).items():
            self.turns.add(key, count)
        if keys:
            self.wake.set()
        if not self.workers and not self.stopping:
            self.workers = [
                asyncio.create_task(self._work(), name=f"worker {i}") for i in range(self.size)
            ]

    async def resume(self) -> None:
        """After a start: finish every update an earlier run stored but did not handle."""

        def pending() -> tuple[int, list[Key]]:
            self.ids.sync(self.store)
            return self.store.last_pending_id(), self.store.pending_keys()

        last, keys = await self.db.call(pending, urgent=True)
        self.recover_below = last + 1
        if keys:
            log.info("finishing %d update(s) received before the restart", len(keys))
        self.kick(keys)

    def idle(self) -> bool:
        return not self.in_hand and not len(self.turns)

    async def drain(self, timeout: float) -> None:
        """Handle what can be handled within ``timeout`` s; the rest waits in the inbox."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while not self.idle() and loop.time() < until:
            await asyncio.sleep(0.01)
        self.stopping = True
        self.wake.set()
        until = loop.time() + timeout
        while self.in_hand and loop.time() < until:  # each finishes the update in hand
            await asyncio.sleep(0.01)
        for worker in self.workers:
            worker.cancel()
        await asyncio.gather(*self.workers, return_exceptions=True)
        if self.engine is not None:
            self.engine.shutdown(wait=True, cancel_futures=True)

    async def _work(self) -> None:
        while not self.stopping:
            await self.engine_turn.acquire()  # whose turn it is is decided when an engine is free
            queues_wait = self._queues_wait()
            key = self.turns.take(_PassOver(self, queues_wait))
            if key is None:
                self.engine_turn.release()
                self.wake.clear()
                if queues_wait and len(self.turns):
                    self._wake_in(self.lone_since + QUEUES_WAIT)
                await self.wake.wait()
                continue
            lone = self.turns.per_chat.get(key[0], 0) <= 1
            if lone:
                self._lone(1)
            self.in_hand += 1
            self._hold(key[0])
            try:
                handled = await self._turn(key)
            finally:
                self.in_hand -= 1
                self._engine_done()
                if lone:
                    self._lone(-1)
            self.turns.release(key, 1 if handled else 0, more=handled is not None)
            if len(self.turns):
                self.wake.set()

    def _queues_wait(self) -> bool:
        """Whether chats with a queue are passed over now (a lone message is in hand)."""
        loop = asyncio.get_running_loop()
        return bool(self.lone_in_hand) and loop.time() < self.lone_since + QUEUES_WAIT

    def _lone(self, change: int) -> None:
        """One more (1) or one fewer (-1) lone message in hand."""
        if not self.lone_in_hand:
            self.lone_since = asyncio.get_running_loop().time()
        self.lone_in_hand += change
        if not self.lone_in_hand and len(self.turns):
            self.wake.set()  # the queues go on

    def _wake_in(self, when: float) -> None:
        """Look at the queues again at ``when`` (loop time), however busy lone chats are."""
        if self.hold_timer is None:

            def due() -> None:
                self.hold_timer = None
                self.wake.set()

            self.hold_timer = asyncio.get_running_loop().call_at(when, due)

    def _hold(self, chat: int) -> None:
        """This worker has an engine turn for one of the chat's updates."""
        self.holding[asyncio.current_task()] = chat
        self.on_engine[chat] += 1

    def _engine_done(self) -> None:
        """This worker no longer needs the engine: the next key's turn may be chosen."""
        chat = self.holding.pop(asyncio.current_task(), None)
        if chat is None:
            return
        self.on_engine[chat] -= 1
        if not self.on_engine[chat]:
            del self.on_engine[chat]
        self.engine_turn.release()
        if len(self.turns):  # the chat's next update may go now
            self.wake.set()

    async def _on_engine(self, chat: int, prepare: Callable[[], T]) -> T:
        """Run ``prepare`` on an engine thread, in this worker's turn."""
        assert self.engine is not None
        if asyncio.current_task() not in self.holding:
            await self.engine_turn.acquire()
            self._hold(chat)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.engine, prepare)
        finally:
            self._engine_done()

    async def _turn(self, key: Key) -> bool | None:
        """Handle the key's next update: True, False (try again later), None (none waits)."""
        failures = 0
        row: InboxRow | None = None
        while True:
            try:
                if self.engine is None:
                    self._engine_done()
                    found, row, queued = await self.db.call(lambda: self._next(key))
                    if row is None:
                        return None
                    if not found:  # a lookup on the network first, then the update itself
                        lookups = await self._lookups(row)
                        queued = await self.db.call(partial(self.processor.handle, row, lookups))
                else:
                    row, queued = await self._prepared(key)
                    if row is None:
                        return None
                self.sender.kick(queued)
                return True
            except sqlite3.Error as error:
                failures += 1
                log.error("database error while handling updates: %s; will retry", error)
                if self.stopping:
                    return False
                await asyncio.sleep(backoff(failures))
            except Exception:
                failures += 1
                log.exception("could not handle update %s", row.update_id if row else "?")
                if row is not None and failures >= MAX_ATTEMPTS:
                    await self._skip(row)
                    return True
                if self.stopping:
                    return False
                await asyncio.sleep(backoff(failures))

    async def _prepared(self, key: Key) -> tuple[InboxRow | None, list[OutboxRow]]:
        """The key's next update handled on an engine thread, committed on the database's.

        An update stored before this start is charged an attempt just before its handler
        runs, so a bot killed again and again charges only the updates it had in hand.
        """
        lookups: membership.Lookups | None = None
        charged = False
        row: InboxRow | None = None
        for _ in range(STALE_RETRIES):
            prepare = partial(self._prepare, key, lookups, charged)
            row, draft = await self._on_engine(key[0], prepare)
            if row is None:
                return None, []
            if draft is None and not charged and row.update_id < self.recover_below:
                attempts = await self.db.call(partial(self.store.count_attempt, row.update_id))
                charged = True
                if attempts > MAX_ATTEMPTS:
                    skipped = replace(row, attempts=attempts)
                    return row, await self.db.call(partial(self.processor.give_up, skipped))
                continue
            if draft is None:  # a lookup on the network first, then the update itself
                lookups = await self._lookups(row)
                continue
            try:
                return row, await self.db.call(partial(draft.commit, self.store))
            except Stale as changed:
                log.info("update %s read what another changed (%s): again", row.update_id, changed)
        # changed under it again and again: handle it on the database thread, as a last resort
        assert row is not None
        found = lookups or membership.Lookups()
        return row, await self.db.call(partial(self.processor.handle, row, found))

    def _prepare(
        self, key: Key, lookups: membership.Lookups | None, charged: bool
    ) -> tuple[InboxRow | None, Draft | None]:
        """On an engine thread: the key's next update and its handling as a draft.

        No draft yet if the update must first be charged an attempt, or needs a lookup.
        """
        assert self.readers is not None
        with self.readers.use() as reader:
            reader.execute("BEGIN")  # one snapshot for all the update reads
            try:
                draft = Draft(reader, self.ids, self.store.path)
                row = draft.next_pending(key)
                if row is None:
                    return None, None
                if row.update_id < self.recover_below and not charged:
                    return row, None
                incoming = parse(row.raw, self.processor.me)
                if lookups is None:
                    if membership.needed(incoming):
                        return row, None
                    lookups = membership.Lookups()
                self.processor.using(draft).handle(row, lookups, incoming)
                return row, draft
            finally:
                reader.execute("ROLLBACK")

    async def _skip(self, row: InboxRow) -> None:
        """Give up on an update that fails even its apology (logged above): others go on."""

        def skip() -> None:
            with self.store.transaction():
                self.store.mark_done(row.update_id, "skipped after repeated failures")

        await self.db.call(skip)

    def _next(self, key: Key) -> tuple[bool, InboxRow | None, list[OutboxRow]]:
        """On the database thread: read the key's next update and handle it in the same job.

        (handled, the row, its replies); not handled when it needs a member lookup first.
        An update stored before this start is charged an attempt just before its handler
        runs, so a bot killed again and again charges only the update it had in hand.
        """
        row = self.store.next_pending(key)
        if row is None:
            return True, None, []
        if row.update_id < self.recover_below:
            attempts = self.store.count_attempt(row.update_id)
            if attempts > MAX_ATTEMPTS:
                return True, row, self.processor.give_up(replace(row, attempts=attempts))
        if membership.needed(parse(row.raw, self.processor.me)):
            return False, row, []
        return True, row, self.processor.handle(row, membership.Lookups())

    async def _lookups(self, row: InboxRow) -> membership.Lookups:
        found = membership.Lookups()
        for chat_id, user_id in membership.needed(parse(row.raw, self.processor.me)):
            found.status[(chat_id, user_id)] = await self._status(chat_id, user_id)
        return found

    async def _status(self, chat_id: int, user_id: int) -> str:
        try:
            member = await api.call(
                self.bot, "getChatMember", {"chat_id": chat_id, "user_id": user_id}
            )
        except (BadRequest, Forbidden):
            return "left"  # no such member, or the bot is no longer in that chat
        except TelegramError as error:
            log.warning("could not ask Telegram about a member: %s", error)
            return membership.UNKNOWN
        status = str(member.get("status", "")) if isinstance(member, dict) else ""
        if status == "restricted" and member.get("is_member"):
            return "restricted:member"
        return status or membership.UNKNOWN


class _PassOver:
    """The chats a worker passes over at this turn: those with an update on an engine and,
    while ``queues`` wait, those with more than one update waiting."""

    def __init__(self, dispatcher: Dispatcher, queues: bool) -> None:
        self.dispatcher, self.queues = dispatcher, queues

    def __contains__(self, chat: object) -> bool:
        dispatcher = self.dispatcher
        if chat in dispatcher.on_engine:
            return True
        return self.queues and isinstance(chat, int) and dispatcher.turns.per_chat.get(chat, 0) > 1
