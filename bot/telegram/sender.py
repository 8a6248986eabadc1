"""Send the outbox: each lane in order, lanes in turn, each reply marked sent once Telegram has it.

A reply is deleted from the outbox only after Telegram accepted it, so a
crash, a timeout or an unreachable Telegram means it is sent again later
(at least once; a duplicate is possible, a loss is not). A fixed pool of
senders serves the lanes that have replies, one reply per turn, so memory
stays flat however many chats wait. Lanes are independent: a group waiting
out its flood limit, or a chat Telegram refuses for a while, is set aside
until its time comes and holds up only itself.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
import random
import time
import warnings
from collections import deque
from dataclasses import replace
from functools import partial
from typing import Any

from telegram import Bot
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)

from bot.telegram import api, charts, replies
from bot.telegram.dbthread import DbThread
from bot.telegram.heartbeat import Heartbeat
from bot.telegram.ratelimit import Limits
from bot.telegram.replies import chat_lane, lane_chat, plain
from bot.telegram.store import OutboxRow, Store

log = logging.getLogger(__name__)

MAX_BACKOFF = 60.0
SERVER_ERROR_ATTEMPTS = 10
"""Telegram answering with an error (not a network failure) this often: give up on that reply."""


def retry_after_seconds(error: RetryAfter) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value: Any = error.retry_after
    if isinstance(value, dtm.timedelta):
        return value.total_seconds()
    return float(value)


def backoff(attempt: int) -> float:
    """Seconds to wait before try ``attempt + 1``: 0.5, 1, 2, ... up to a minute, jittered."""
    return float(min(MAX_BACKOFF, 0.25 * 2 ** min(attempt, 8)) * (0.5 + random.random()))


Shown = tuple[int, int, int] | None
"""(chat, owner, message id) of question buttons Telegram has just shown, if a reply had any."""

SENDERS = 16
"""Replies on their way at once (each lane still strictly in order)."""
BATCH = 5
"""Replies of one lane read from the outbox at a time."""
HANDED_ON = 256
"""Lanes waiting that may keep the replies handed over in memory; beyond, they are reread."""
GROUP_YIELDS = 1.0
"""Seconds a group's reply lets private replies have Telegram's overall limit first."""


class Sender:
    def __init__(
        self,
        bot: Bot,
        db: DbThread,
        store: Store,
        limits: Limits | None = None,
        senders: int = SENDERS,
    ) -> None:
        self.bot, self.db, self.store = bot, db, store
        self.limits = limits or Limits()
        self.size = senders
        self.tasks: list[asyncio.Task[None]] = []
        self.ready: asyncio.Queue[str] = asyncio.Queue()
        """Lanes with a reply to send now, in turn order (a lane is in it at most once:
        each waiting sender is woken for one lane, never all of them for each)."""
        self.queued: set[str] = set()
        self.rows: dict[str, deque[OutboxRow]] = {}
        """Every lane with replies to send: the next ones if known (else read when due)."""
        self.busy: set[str] = set()
        self.parked: dict[str, asyncio.TimerHandle] = {}
        """Lanes set aside until a flood limit or a back-off ends."""
        self.failures: dict[str, int] = {}
        self.stale: set[str] = set()
        """Lanes with replies queued after their rows in memory were read (read again)."""
        self.fresh: set[str] = set()
        """Lanes created by the current kick (only while it runs)."""
        self.together: set[int] = set()
        """Replies that belong to the answer before them: sent in the same turn, so the
        second part of an answer does not wait for every other lane's turn."""
        self.yielding: dict[str, float] = {}
        """Group lanes letting private replies go first: since when."""
        self.stopping = False
        self.heartbeat = Heartbeat()
        """Where each lane's progress is noted (the runtime hands in the one it records)."""

    def kick(self, rows: list[OutboxRow]) -> None:
        """New replies are in the outbox (as queued there): make sure they are sent.

        A lane with nothing waiting takes the rows as they are (no need to read them
        back); a lane already waiting reads its outbox in turn, which keeps it in order.
        """
        keep = len(self.rows) < HANDED_ON
        for row in rows:
            known = self.rows.get(row.lane)
            if known is None:
                self.rows[row.lane] = deque([row] if keep else [])
                self.heartbeat.lane_moved(row.lane)
                if keep:
                    self.fresh.add(row.lane)
                self._ready(row.lane)
            elif row.lane not in self.fresh:
                self.stale.add(row.lane)
            else:
                known.append(row)
                self.together.add(row.id)
        self.fresh.clear()
        self._start()

    def kick_lanes(self, lanes: list[str]) -> None:
        """These lanes have replies in the outbox (read them from there)."""
        for lane in lanes:
            if lane not in self.rows:
                self.rows[lane] = deque()
                self.heartbeat.lane_moved(lane)
                self._ready(lane)
        self._start()

    async def resume(self) -> None:
        """After a start: send whatever an earlier run left unsent."""
        self.kick_lanes(await self.db.call(self.store.pending_lanes, urgent=True))

    def idle(self) -> bool:
        return not self.rows

    async def drain(self, timeout: float) -> bool:
        """Stop: send what can go within ``timeout`` s; what is left stays in the outbox."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while self.rows and loop.time() < until:
            await asyncio.sleep(0.01)
        self.stopping = True
        for handle in self.parked.values():
            handle.cancel()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        return not self.rows

    def _start(self) -> None:
        if not self.tasks and not self.stopping and self.rows:
            self.tasks = [
                asyncio.create_task(self._send(), name=f"sender {i}") for i in range(self.size)
            ]

    def _ready(self, lane: str) -> None:
        if lane not in self.busy and lane not in self.parked and lane not in self.queued:
            self.queued.add(lane)
            self.ready.put_nowait(lane)

    def _park(self, lane: str, delay: float) -> None:
        def due() -> None:
            self.parked.pop(lane, None)
            self._ready(lane)

        self.parked[lane] = asyncio.get_running_loop().call_later(delay, due)

    async def _send(self) -> None:
        while not self.stopping:
            lane = await self.ready.get()
            self.queued.discard(lane)
            if lane not in self.rows:
                continue
            self.busy.add(lane)
            try:
                delay = await self._turn(lane)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database failed us: try the lane again later
                self.failures[lane] = self.failures.get(lane, 0) + 1
                log.error("could not send in %s: %s; will retry", lane, _brief(error))
                delay = backoff(self.failures[lane])
            finally:
                self.busy.discard(lane)
            if lane not in self.rows:
                continue
            if delay:
                self._park(lane, delay)
            else:
                self._ready(lane)

    async def _turn(self, lane: str) -> float:
        """Send the lane's next reply (and the rest of its answer); seconds before its next
        turn (0: at once)."""
        rows = self.rows[lane]
        if not rows:
            self.stale.discard(lane)
            rows.extend(await self.db.call(lambda: self.store.unsent(lane, BATCH), urgent=True))
            if not rows:
                return self._done(lane)
        slots: list[float] = []
        while True:
            row = rows[0]
            chat = lane_chat(row.lane)
            if row.method == "sendMessage" and chat is not None and chat < 0:
                wait = self.limits.for_chat(chat).wait_time()
                if wait > 0:  # the group waits out its own window; the others go on
                    return wait
                if not slots and (wait := self._yield_to_private(lane)) > 0:
                    return wait
            if not slots and row.method == "sendMessage":
                slots = self.limits.overall.reserve_many(self._answer_length(rows))
            outcome, reason, shown = await self._deliver(row, slots.pop(0) if slots else None)
            if outcome == "wait":
                return float(reason)
            self.failures.pop(lane, None)
            rows.popleft()
            if outcome == "moved":
                self.together.difference_update(r.id for r in rows)
                self.rows.pop(lane, None)
                self.yielding.pop(lane, None)
                return 0.0
            last = not rows
            if last:
                self.stale.discard(lane)

            refused = reason if outcome == "refused" else None
            settle = partial(self._settle, row, refused, shown, last)
            rows.extend(await self.db.call(settle, urgent=True))
            if not rows:
                return self._done(lane)
            if rows[0].id not in self.together:
                return 0.0
            self.together.discard(rows[0].id)

    def _settle(
        self,
        row: OutboxRow,
        refused: str | None,
        shown: Shown,
        last: bool,
    ) -> list[OutboxRow]:
        """Mark a reply sent (or refused); if it was the last in memory, read what follows.

        One database job per reply sent (database thread). ``shown``: the question buttons
        Telegram has just shown, remembered so a later answer can take them away.
        """
        if refused is not None:
            self.store.mark_failed(row.id, refused)
        else:
            self.store.mark_sent(row.id, shown)
            self.heartbeat.lane_moved(row.lane)
        return self.store.unsent(row.lane, BATCH) if last else []

    def _yield_to_private(self, lane: str) -> float:
        """Seconds a group's reply waits so that private replies have the overall limit
        first (0: it goes now). Private chats then never wait behind a flooded group's
        replies; the group goes when the limit is idle, or after GROUP_YIELDS at most."""
        wait = self.limits.overall.idle_wait()
        now = time.monotonic()
        waited = now - self.yielding.setdefault(lane, now)
        if wait > 0 and waited < GROUP_YIELDS:
            return min(wait, GROUP_YIELDS - waited)
        self.yielding.pop(lane, None)
        return 0.0

    def _done(self, lane: str) -> float:
        """Nothing left in the lane's outbox, unless a reply was queued meanwhile."""
        if lane in self.stale:
            self.stale.discard(lane)
            return 0.0
        self.rows.pop(lane, None)
        self.failures.pop(lane, None)
        self.yielding.pop(lane, None)
        self.heartbeat.lane_done(lane)
        self.limits.forget_idle()
        return 0.0

    def _answer_length(self, rows: deque[OutboxRow]) -> int:
        """Messages in the answer that starts the lane: this one and those sent with it."""
        count = 1
        for row in list(rows)[1:]:
            if row.id not in self.together or row.method != "sendMessage":
                break
            count += 1
        return count

    async def _deliver(self, row: OutboxRow, slot: float | None = None) -> tuple[str, str, Shown]:
        """Send one reply: ("sent", "", buttons shown), ("refused", why: for good, None),
        ("moved", "", None), or ("wait", seconds, None) before trying it again."""
        params = dict(row.params)
        chat = lane_chat(row.lane)
        lane = row.lane
        if row.method == "sendMessage" and chat is not None:
            await self.limits.before_message(chat, slot)
        result: Any = None  # stays None when Telegram says 'not modified'
        try:
            sendable = replies.for_telegram(params)
            result = await api.call(self.bot, *await charts.prepared(row.method, sendable))
        except RetryAfter as flood:
            delay = retry_after_seconds(flood)
            log.warning("Telegram asks to slow down in %s: waiting %.0f s", row.lane, delay)
            self.heartbeat.lane_moved(row.lane, time.time() + delay)  # paced, not stuck
            return "wait", str(max(delay, 0.01)), None
        except ChatMigrated as moved:
            await self._migrated(row.lane, chat, moved.new_chat_id)
            return "moved", "", None
        except BadRequest as refused:
            text = str(refused).lower()
            if "parse entities" in text and "parse_mode" in params:
                params = {k: v for k, v in params.items() if k != "parse_mode"}
                params["text"] = plain(str(params.get("text", "")))
                await self.db.call(partial(self.store.replace_params, row.id, params))
                self.rows[lane][0] = replace(row, params=params)
                return "wait", "0.01", None
            if "not modified" not in text:
                return self._refuse(row, refused)
        except (Forbidden, InvalidToken) as refused:
            return self._refuse(row, refused)
        except NetworkError as failure:  # unreachable or slow: it may come back
            attempt = self.failures[lane] = self.failures.get(lane, 0) + 1
            if attempt == 1:
                log.warning("cannot reach Telegram (%s); will retry", _brief(failure))
            return "wait", str(backoff(attempt)), None
        except TelegramError as failure:
            attempt = self.failures[lane] = self.failures.get(lane, 0) + 1
            note = partial(self.store.note_attempt, row.id, _brief(failure))
            await self.db.call(note, urgent=True)
            if attempt >= SERVER_ERROR_ATTEMPTS:
                return self._refuse(row, failure)
            return "wait", str(backoff(attempt)), None
        except Exception as bug:  # a reply the library cannot even send: never block the lane
            log.exception("could not send a %s in %s", row.method, row.lane)
            return self._refuse(row, bug)
        if self.failures.get(lane):
            log.info("Telegram reachable again; sent the waiting reply in %s", row.lane)
        return "sent", "", replies.shown_keyboard(row.params, result)

    def _refuse(self, row: OutboxRow, error: Exception) -> tuple[str, str, Shown]:
        reason = _brief(error)
        log.warning("Telegram refused a %s in %s: %s", row.method, row.lane, reason)
        return "refused", reason, None

    async def _migrated(self, lane: str, old: int | None, new: int) -> None:
        if old is None:
            return
        log.info("chat %s became supergroup %s: moving its conversations", old, new)

        def move() -> None:
            with self.store.transaction():
                self.store.migrate_chat(old, new)

        await self.db.call(move, urgent=True)
        self.rows.pop(lane, None)
        self.heartbeat.lane_done(lane)
        self.kick_lanes([chat_lane(new)])


def _brief(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
