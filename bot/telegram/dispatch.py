"""Work through the inbox: a fixed pool of workers, served round-robin across chats.

Updates of one person in one chat are handled strictly one after another,
so a quick second message never sees the state before the first was saved.
An update is read, handled and saved in one job on the database thread (one
transaction): a hand-over to another thread and back costs more CPU than
most updates' own handling. Only a long message (a pasted auction) is read on
an engine thread, against a draft committed after (:mod:`bot.telegram.draft`),
so that it never holds up everyone's storing and sending. Keys take turns
(:mod:`bot.telegram.fair`) and a chat holds at most one turn, so a flooded
group never holds up anyone else by more than the one update in hand, and the
pool stays the same size however many people write at once.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
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
from bot.telegram.incoming import Incoming, Key, Message, parse
from bot.telegram.sender import Sender, backoff
from bot.telegram.store import InboxRow, OutboxRow, Store

log = logging.getLogger(__name__)
T = TypeVar("T")

MAX_ATTEMPTS = 3
"""An update in hand when the bot died this many times is skipped (with an apology)."""
WORKERS = 4
"""Updates in hand at once: some are handled while others are committed or looked up."""
TURNS = 2
"""Updates handled at once. One chat holds at most one turn, so however long a flooded
group's queue, the other turn is free for everyone else's next message at once, which then
waits at most for the group's one update in hand (a few milliseconds)."""
ENGINES = 1
"""Engine threads, for long messages only: the rest is quicker read on the database thread."""
LONG_MESSAGE = 300
"""Characters from which a message is read on an engine thread: a description's reading
grows with its length (a pasted auction of 4,000 characters takes tens of milliseconds),
and the database thread must not be held up that long."""
QUEUES_WAIT = 0.1
"""Seconds at most a chat with a queue waits while a lone message is in hand: all work
shares one interpreter, so the queue's next update would only slow that message down."""
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
        self.idle_workers = _Idle()
        """Workers that found nothing to take: woken one at a time, only when there is."""
        self.turn_free = asyncio.Semaphore(TURNS)
        """Held by each worker whose update is being handled (or will be, as soon as it can)."""
        self.holding: dict[asyncio.Task[Any] | None, int] = {}
        """Worker -> the chat whose update it holds a turn for."""
        self.handled_now: Counter[int] = Counter()
        """Chats with an update being handled: passed over until it is done."""
        self.lone_in_hand = 0
        """Updates in hand from chats with nothing else waiting (a private message, say)."""
        self.lone_since = 0.0
        self.hold_timer: asyncio.TimerHandle | None = None
        self.in_hand = 0
        self.recover_below = 0
        """Updates below this id were stored by an earlier run (their attempts are counted)."""
        self.stopping = False
        self.in_hand_alone = False
        """Handling an update an earlier run died holding: its replies wait to be sent."""
        self.ids = Ids()
        self.engine: ThreadPoolExecutor | None = None
        """Where long messages are read, so storing and sending never wait for them."""
        self.readers: Readers | None = None
        if str(store.path) != ":memory:":
            self.engine = ThreadPoolExecutor(ENGINES, thread_name_prefix="rulingbot-engine")
            self.readers = Readers(store.path)

    def kick(self, keys: list[Key]) -> None:
        """New updates are in the inbox: one key per update."""
        for key, count in Counter(keys).items():
            self.turns.add(key, count)
        if not self.workers and not self.stopping:
            self.workers = [
                asyncio.create_task(self._work(), name=f"worker {i}") for i in range(self.size)
            ]
        elif keys:
            self._nudge()

    async def resume(self) -> None:
        """After a start: finish every update an earlier run stored but did not handle
        (first, one at a time, those it died holding)."""

        def pending() -> tuple[int, list[Key], list[Key]]:
            self.ids.sync(self.store)
            store = self.store
            return store.last_pending_id(), store.pending_keys(), store.held_at_a_death()

        last, keys, held = await self.db.call(pending, urgent=True)
        self.recover_below = last + 1
        if keys:
            log.info("finishing %d update(s) received before the restart", len(keys))
        for key in held:
            if await self._alone(key):
                keys.remove(key)
        self.kick(keys)

    async def _alone(self, key: Key) -> bool:
        """Handle the key's next update, which an earlier run died holding, before anything
        else is handled, polled or sent: only a death while it is in hand alone is its own,
        so the kill that came with a restart's first send never sets a user's message aside."""
        self.in_hand_alone = True
        await self.turn_free.acquire()
        self._hold(key[0])
        try:
            return bool(await self._turn(key))
        finally:
            self._turn_done(nudge=False)
            self.in_hand_alone = False

    def idle(self) -> bool:
        return not self.in_hand and not len(self.turns)

    async def drain(self, timeout: float) -> None:
        """Handle what can be handled within ``timeout`` s; the rest waits in the inbox."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while not self.idle() and loop.time() < until:
            await asyncio.sleep(0.01)
        self.stopping = True
        self.idle_workers.wake_all()
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
            if self.turn_free.locked():  # woken (nudged) once a turn is free for a key
                await self.idle_workers.wait()
                continue
            await self.turn_free.acquire()  # whose turn it is is decided when a turn is free
            queues_wait = self._queues_wait()
            key = self.turns.take(_PassOver(self, queues_wait))
            if key is None:
                self.turn_free.release()
                if queues_wait and len(self.turns):
                    self._wake_in(self.lone_since + QUEUES_WAIT)
                await self.idle_workers.wait()
                continue
            lone = self.turns.per_chat.get(key[0], 0) <= 1
            if lone:
                self._lone(1)
            self.in_hand += 1
            self._hold(key[0])
            self._nudge()  # more to take: the next idle worker
            try:
                handled = await self._turn(key)
            finally:
                self.in_hand -= 1
                self._turn_done(nudge=False)  # this worker looks for the next key itself
                if lone:
                    self._lone(-1)
            self.turns.release(key, 1 if handled else 0, more=handled is not None)

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
            self._nudge()  # the queues go on

    def _wake_in(self, when: float) -> None:
        """Look at the queues again at ``when`` (loop time), however busy lone chats are."""
        if self.hold_timer is None:

            def due() -> None:
                self.hold_timer = None
                self._nudge()

            self.hold_timer = asyncio.get_running_loop().call_at(when, due)

    def _hold(self, chat: int) -> None:
        """This worker has a turn for one of the chat's updates."""
        self.holding[asyncio.current_task()] = chat
        self.handled_now[chat] += 1

    def _nudge(self) -> None:
        """Wake one idle worker if it would find a key to take (a free turn, a chat not
        passed over): waking every idle worker for each key made all but one look in vain."""
        if not self.idle_workers.waiting or self.turn_free.locked():
            return
        queues_wait = self._queues_wait()
        if self.turns.can_take(_PassOver(self, queues_wait)):
            self.idle_workers.wake_one()
        elif queues_wait and len(self.turns):  # the queues go once a lone message took long
            self._wake_in(self.lone_since + QUEUES_WAIT)

    def _turn_done(self, *, nudge: bool = True) -> None:
        """This worker's update is handled (or waits on the network): the next turn may go
        (``nudge``: to an idle worker; not if this one goes on to take the next itself)."""
        chat = self.holding.pop(asyncio.current_task(), None)
        if chat is None:
            return
        self.handled_now[chat] -= 1
        if not self.handled_now[chat]:
            del self.handled_now[chat]
        self.turn_free.release()
        if nudge and len(self.turns):  # the chat's next update may go now
            self._nudge()

    async def _take_turn(self, chat: int) -> None:
        """This worker's turn for one of the chat's updates (waited for, unless it has one)."""
        if asyncio.current_task() not in self.holding:
            await self.turn_free.acquire()
            self._hold(chat)

    async def _on_engine(self, chat: int, prepare: Callable[[], T]) -> T:
        """Run ``prepare`` on an engine thread, in this worker's turn."""
        assert self.engine is not None
        await self._take_turn(chat)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.engine, prepare)
        finally:
            self._turn_done()

    async def _turn(self, key: Key) -> bool | None:
        """Handle the key's next update: True, False (try again later), None (none waits)."""
        failures = 0
        row: InboxRow | None = None
        while True:
            try:
                await self._take_turn(key[0])
                step, row, queued = await self.db.call(partial(self._next, key))
                if row is None:
                    return None
                if step == _LOOKUP:  # a lookup on the network first, then the update itself
                    self._turn_done()
                    lookups = await self._lookups(row)
                    queued = await self.db.call(partial(self.processor.handle, row, lookups))
                elif step == _LONG:
                    row, queued = await self._prepared(key)
                    if row is None:
                        return None
                if not self.in_hand_alone:  # else the sender reads them when it starts
                    self.sender.kick(queued)
                return True
            except sqlite3.Error as error:
                self._turn_done()
                failures += 1
                log.error("database error while handling updates: %s; will retry", error)
                if self.stopping:
                    return False
                await asyncio.sleep(backoff(failures))
            except Exception:
                self._turn_done()
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

    def _next(self, key: Key) -> tuple[str, InboxRow | None, list[OutboxRow]]:
        """On the database thread: read the key's next update and handle it in the same job.

        (what is left to do, the row, its replies): nothing (_DONE), a member lookup first
        (_LOOKUP), or reading it on an engine thread (_LONG). An update stored before this
        start is charged an attempt just before its handler runs, so a bot killed again and
        again charges only the update it had in hand.
        """
        row = self.store.next_pending(key)
        if row is None:
            return _DONE, None, []
        me = self.processor.me
        incoming = row.parsed[1] if row.parsed and row.parsed[0] == me else parse(row.raw, me)
        if self.engine is not None and _long(incoming):
            return _LONG, row, []
        if row.update_id < self.recover_below:
            attempts = self.store.count_attempt(row.update_id)
            if attempts > MAX_ATTEMPTS:
                return _DONE, row, self.processor.give_up(replace(row, attempts=attempts))
        if membership.needed(incoming):
            return _LOOKUP, row, []
        return _DONE, row, self.processor.handle(row, membership.Lookups(), incoming)

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


_DONE, _LOOKUP, _LONG = "done", "lookup", "long"


def _long(incoming: Incoming | None) -> bool:
    """A message long enough to be read on an engine thread."""
    return isinstance(incoming, Message) and len(incoming.text or "") >= LONG_MESSAGE


class _Idle:
    """Workers waiting for a key to take, woken one at a time (all of them only to stop)."""

    def __init__(self) -> None:
        self.waiting: deque[asyncio.Future[None]] = deque()

    async def wait(self) -> None:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append(waiter)
        try:
            await waiter
        finally:
            if waiter.cancelled():  # the worker stopped while waiting
                with suppress(ValueError):
                    self.waiting.remove(waiter)

    def wake_one(self) -> None:
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    def wake_all(self) -> None:
        while self.waiting:
            self.wake_one()


class _PassOver:
    """The chats a worker passes over at this turn: those with an update being handled and,
    while ``queues`` wait, those with more than one update waiting."""

    def __init__(self, dispatcher: Dispatcher, queues: bool) -> None:
        self.dispatcher, self.queues = dispatcher, queues

    def __contains__(self, chat: object) -> bool:
        dispatcher = self.dispatcher
        if chat in dispatcher.handled_now:
            return True
        return self.queues and isinstance(chat, int) and dispatcher.turns.per_chat.get(chat, 0) > 1
