"""Work through the inbox: one worker per (chat, user), in update order.

Updates of one person in one chat are handled strictly one after another
(load, answer, save: one transaction), so a quick second message never sees
the state before the first was saved. Different keys do not wait for each
other beyond the short database jobs, and replies go to the sender's lanes.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from dataclasses import replace

from telegram import Bot
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.telegram import api
from bot.telegram import lookups as membership
from bot.telegram.dbthread import DbThread
from bot.telegram.handling import Processor
from bot.telegram.incoming import Key, parse
from bot.telegram.sender import Sender, backoff
from bot.telegram.store import InboxRow, Store

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3
"""An update found half-handled after this many restarts is skipped (with an apology)."""


class Dispatcher:
    def __init__(
        self, bot: Bot, db: DbThread, store: Store, processor: Processor, sender: Sender
    ) -> None:
        self.bot, self.db, self.store = bot, db, store
        self.processor, self.sender = processor, sender
        self.workers: dict[Key, asyncio.Task[None]] = {}
        self.dirty: set[Key] = set()
        self.recovering: set[int] = set()
        self.stopping = False

    def kick(self, keys: list[Key]) -> None:
        """New updates for these keys are in the inbox."""
        for key in keys:
            self.dirty.add(key)
            worker = self.workers.get(key)
            if (worker is None or worker.done()) and not self.stopping:
                self.workers[key] = asyncio.create_task(self._work(key), name=f"handle {key}")

    async def resume(self) -> None:
        """After a start: finish every update an earlier run stored but did not handle."""
        self.recovering = await self.db.call(self.store.pending_ids, urgent=True)
        if self.recovering:
            log.info("finishing %d update(s) received before the restart", len(self.recovering))
        self.kick(await self.db.call(self.store.pending_keys, urgent=True))

    def idle(self) -> bool:
        return all(worker.done() for worker in self.workers.values())

    async def drain(self, timeout: float) -> None:
        """Handle what can be handled within ``timeout`` s; the rest waits in the inbox."""
        running = [w for w in self.workers.values() if not w.done()]
        if running:
            await asyncio.wait(running, timeout=timeout)
        self.stopping = True
        late = [w for w in self.workers.values() if not w.done()]
        if late:  # each finishes the update in hand (one short transaction) and stops
            await asyncio.wait(late, timeout=timeout)
        for worker in late:
            worker.cancel()
        await asyncio.gather(*late, return_exceptions=True)

    async def _work(self, key: Key) -> None:
        failures = 0
        while not self.stopping:
            self.dirty.discard(key)
            row = None
            try:
                row = await self.db.call(lambda: self.store.next_pending(key))
                if row is None:
                    if key in self.dirty:
                        continue
                    self.workers.pop(key, None)
                    return
                lanes = await self._handle(row)
                failures = 0
            except sqlite3.Error as error:
                failures += 1
                log.error("database error while handling updates: %s; will retry", error)
                await asyncio.sleep(backoff(failures))
                continue
            except Exception:
                failures += 1
                log.exception("could not handle update %s", row.update_id if row else "?")
                if row is not None and failures >= MAX_ATTEMPTS:
                    await self._skip(row)
                    failures = 0
                await asyncio.sleep(backoff(failures))
                continue
            self.sender.kick(lanes)

    async def _skip(self, row: InboxRow) -> None:
        """Give up on an update that fails even its apology (logged above): others go on."""

        def skip() -> None:
            with self.store.transaction():
                self.store.mark_done(row.update_id, "skipped after repeated failures")

        await self.db.call(skip)

    async def _handle(self, row: InboxRow) -> list[str]:
        if row.update_id in self.recovering:
            self.recovering.discard(row.update_id)
            attempts = await self.db.call(lambda: self.store.count_attempt(row.update_id))
            if attempts > MAX_ATTEMPTS:
                skipped = replace(row, attempts=attempts)
                return await self.db.call(lambda: self.processor.give_up(skipped))
        found = await self._lookups(row)
        return await self.db.call(lambda: self.processor.handle(row, found))

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
