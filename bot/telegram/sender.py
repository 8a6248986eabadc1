"""Send the outbox: one task per lane, in order, each marked sent once Telegram has it.

A reply is deleted from the outbox only after Telegram accepted it, so a
crash, a timeout or an unreachable Telegram means it is sent again later
(at least once; a duplicate is possible, a loss is not). Lanes are
independent: a group waiting out its flood limit, or a chat Telegram is slow
for, holds up only itself.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import logging
import random
import time
import warnings
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


class Sender:
    def __init__(self, bot: Bot, db: DbThread, store: Store, limits: Limits | None = None) -> None:
        self.bot, self.db, self.store = bot, db, store
        self.limits = limits or Limits()
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.dirty: set[str] = set()
        self.stopping = False
        self.heartbeat = Heartbeat()
        """Where each lane's progress is noted (the runtime hands in the one it records)."""

    def kick(self, lanes: list[str]) -> None:
        """New replies are in these lanes' outbox: make sure someone sends them."""
        for lane in lanes:
            self.dirty.add(lane)
            task = self.tasks.get(lane)
            if (task is None or task.done()) and not self.stopping:
                self.heartbeat.lane_moved(lane)
                self.tasks[lane] = asyncio.create_task(self._lane(lane), name=f"send {lane}")

    async def resume(self) -> None:
        """After a start: send whatever an earlier run left unsent."""
        self.kick(await self.db.call(self.store.pending_lanes, urgent=True))

    def idle(self) -> bool:
        return all(task.done() for task in self.tasks.values())

    async def drain(self, timeout: float) -> bool:
        """Stop: send what can go within ``timeout`` s; what is left stays in the outbox."""
        running = [t for t in self.tasks.values() if not t.done()]
        if running:
            await asyncio.wait(running, timeout=timeout)
        self.stopping = True
        late = [t for t in self.tasks.values() if not t.done()]
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        return not late

    async def _lane(self, lane: str) -> None:
        while not self.stopping:
            self.dirty.discard(lane)
            rows = await self.db.call(lambda: self.store.unsent(lane), urgent=True)
            if not rows:
                if lane in self.dirty:
                    continue
                self.tasks.pop(lane, None)
                self.heartbeat.lane_done(lane)
                self.limits.forget_idle()
                return
            for row in rows:
                if self.stopping or not await self._deliver(row):
                    return

    async def _deliver(self, row: OutboxRow) -> bool:
        """Send one reply until Telegram has it or refuses it for good; False: lane moved."""
        params, attempt = dict(row.params), 0
        chat = lane_chat(row.lane)
        while True:
            if row.method == "sendMessage" and chat is not None:
                await self.limits.before_message(chat)
            result: Any = None  # stays None when Telegram says 'not modified'
            try:
                sendable = replies.for_telegram(params)
                result = await api.call(self.bot, *await charts.prepared(row.method, sendable))
            except RetryAfter as flood:
                delay = retry_after_seconds(flood)
                log.warning("Telegram asks to slow down in %s: waiting %.0f s", row.lane, delay)
                self.heartbeat.lane_moved(row.lane, time.time() + delay)  # paced, not stuck
                await asyncio.sleep(delay)
                continue
            except ChatMigrated as moved:
                await self._migrated(row.lane, chat, moved.new_chat_id)
                return False
            except BadRequest as refused:
                text = str(refused).lower()
                if "parse entities" in text and "parse_mode" in params:
                    params = {k: v for k, v in params.items() if k != "parse_mode"}
                    params["text"] = plain(str(params.get("text", "")))
                    await self.db.call(partial(self.store.replace_params, row.id, params))
                    continue
                if "not modified" not in text:
                    await self._give_up(row, refused)
                    return True
            except (Forbidden, InvalidToken) as refused:
                await self._give_up(row, refused)
                return True
            except NetworkError as failure:  # unreachable or slow: it may come back
                attempt += 1
                if attempt == 1:
                    log.warning("cannot reach Telegram (%s); will retry", _brief(failure))
                await asyncio.sleep(backoff(attempt))
                continue
            except TelegramError as failure:
                attempt += 1
                note = partial(self.store.note_attempt, row.id, _brief(failure))
                await self.db.call(note, urgent=True)
                if attempt >= SERVER_ERROR_ATTEMPTS:
                    await self._give_up(row, failure)
                    return True
                await asyncio.sleep(backoff(attempt))
                continue
            except Exception as bug:  # a reply the library cannot even send: never block the lane
                log.exception("could not send a %s in %s", row.method, row.lane)
                await self._give_up(row, bug)
                return True
            if attempt:
                log.info("Telegram reachable again; sent the waiting reply in %s", row.lane)
            shown = replies.shown_keyboard(row.params, result)
            await self.db.call(partial(self.store.mark_sent, row.id, shown), urgent=True)
            self.heartbeat.lane_moved(row.lane)
            return True

    async def _give_up(self, row: OutboxRow, error: Exception) -> None:
        reason = _brief(error)
        log.warning("Telegram refused a %s in %s: %s", row.method, row.lane, reason)

        def fail() -> None:
            self.store.mark_failed(row.id, reason)

        await self.db.call(fail, urgent=True)

    async def _migrated(self, lane: str, old: int | None, new: int) -> None:
        if old is None:
            return
        log.info("chat %s became supergroup %s: moving its conversations", old, new)

        def move() -> None:
            with self.store.transaction():
                self.store.migrate_chat(old, new)

        await self.db.call(move, urgent=True)
        self.tasks.pop(lane, None)
        self.heartbeat.lane_done(lane)
        self.kick([chat_lane(new)])


def _brief(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
