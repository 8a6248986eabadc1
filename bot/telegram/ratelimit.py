"""Telegram's flood limits, kept per chat so that only the busy chat waits.

Telegram allows about 30 messages a second overall and 20 a minute in one
group; in a private chat short bursts are fine (should Telegram still say
"too many", the sender waits as long as it asks). Each group lane waits for
its own window; the overall window is shared.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable


class Window:
    """At most ``count`` events in any ``seconds``-long window."""

    def __init__(self, count: int, seconds: float, clock: Callable[[], float] = time.monotonic):
        self.count, self.seconds, self.clock = count, seconds, clock
        self.times: deque[float] = deque()

    def wait_time(self) -> float:
        """Seconds until one more event fits (0: now)."""
        now = self.clock()
        while self.times and now - self.times[0] >= self.seconds:
            self.times.popleft()
        if len(self.times) < self.count:
            return 0.0
        return self.seconds - (now - self.times[0])

    def record(self) -> None:
        self.times.append(self.clock())

    async def take(self) -> None:
        while (delay := self.wait_time()) > 0:
            await asyncio.sleep(delay)
        self.record()


class Pace:
    """At most ``per_second`` events a second on average, evenly spread, short bursts allowed.

    Each caller reserves the next free slot (first come, first served), so a queue of
    senders moves along steadily instead of in bursts followed by long stalls.
    """

    def __init__(
        self, per_second: float, burst: int = 1, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.interval = 1.0 / per_second
        self.slack = (burst - 1) * self.interval
        self.clock = clock
        self.next_slot = 0.0

    def reserve(self) -> float:
        """Take the next slot; seconds to wait for it."""
        now = self.clock()
        slot = max(self.next_slot, now - self.slack)
        self.next_slot = slot + self.interval
        return max(0.0, slot - now)

    async def take(self) -> None:
        delay = self.reserve()
        if delay > 0:
            await asyncio.sleep(delay)

    def idle_wait(self) -> float:
        """Seconds until the whole burst is free again (0: now): a message sent then makes
        no one else's wait for a slot."""
        return max(0.0, self.next_slot + self.slack - self.clock())

    def reserve_many(self, count: int) -> list[float]:
        """Take the next ``count`` slots at once (one answer in several messages goes out
        back to back, not a round apart); each slot's time on this clock."""
        now = self.clock()
        return [now + self.reserve() for _ in range(count)]

    async def wait_for(self, slot: float) -> None:
        delay = slot - self.clock()
        if delay > 0:
            await asyncio.sleep(delay)


class Limits:
    """The windows the sender respects before each message it sends."""

    def __init__(
        self,
        overall: tuple[int, float] = (30, 1.0),
        group: tuple[int, float] = (20, 60.0),
        burst: int = 5,
    ) -> None:
        count, seconds = overall
        self.overall = Pace(count / seconds, burst)
        self.group = group
        self.chats: dict[int, Window] = {}

    def for_chat(self, chat_id: int) -> Window:
        window = self.chats.get(chat_id)
        if window is None:
            window = self.chats[chat_id] = Window(*self.group)
        return window

    async def before_message(self, chat_id: int, slot: float | None = None) -> None:
        """Wait until a message to the chat may go (``slot``: one reserved beforehand)."""
        if chat_id < 0:
            await self.for_chat(chat_id).take()
        if slot is None:
            await self.overall.take()
        else:
            await self.overall.wait_for(slot)

    def forget_idle(self) -> None:
        """Drop the windows of chats quiet for a while (memory stays flat)."""
        for chat_id in [c for c, w in self.chats.items() if w.wait_time() == 0 and not w.times]:
            del self.chats[chat_id]
