"""What the running bot tells ``rulingbot health``: a heartbeat in the database.

The bot notes, in memory, the last successful ``getUpdates`` (or webhook
request), how often polling has failed in a row and why, and each lane's
last progress (a reply Telegram accepted, or the end of a flood wait it
asked for). Every few seconds it writes that to the ``meta`` table, so
health can tell a bot that is gone, stuck or shut out by another poller
(409) from one whose busy group's replies are simply being paced.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

log = logging.getLogger(__name__)

META_KEY = "heartbeat"
BEAT_EVERY = 5.0
"""Seconds between two heartbeats written to the database."""
STALE_AFTER = 60.0
"""A heartbeat older than this: the bot is stuck (or killed without a trace)."""
FAILING_AFTER = 5
"""getUpdates failing this often in a row (about 15 s of retries) is not a blip."""
NO_PROGRESS_AFTER = 120.0
"""A lane with replies to send and none sent for this long is stuck, not paced."""


@dataclass
class Heartbeat:
    """The running bot's state as health reads it (times are Unix seconds)."""

    pid: int = field(default_factory=os.getpid)
    mode: str = "starting"
    """starting, polling or webhook."""
    beat: float = 0.0
    polled: float = 0.0
    """The last successful getUpdates, or the last update posted to the webhook."""
    poll_failures: int = 0
    poll_error: str = ""
    failing_since: float = 0.0
    stuck_lanes: int = 0
    """Lanes with replies to send that made no progress for NO_PROGRESS_AFTER."""
    paced_lanes: int = 0
    """Lanes waiting out a flood limit Telegram asked for."""
    wal_rescued: float = 0.0
    """When the bot last found its -wal file deleted and saved what it held."""
    progress: dict[str, float] = field(default_factory=dict, repr=False)
    """Lane -> when it last moved (or will move: the end of a flood wait); not written."""

    def polled_ok(self) -> None:
        self.polled, self.poll_failures, self.poll_error = time.time(), 0, ""

    def poll_failed(self, why: str) -> None:
        if not self.poll_failures:
            self.failing_since = time.time()
        self.poll_failures += 1
        self.poll_error = why[:300]

    def lane_moved(self, lane: str, at: float | None = None) -> None:
        self.progress[lane] = time.time() if at is None else at

    def lane_done(self, lane: str) -> None:
        self.progress.pop(lane, None)

    def record(self, now: float | None = None) -> str:
        """The JSON written to the database."""
        now = time.time() if now is None else now
        self.beat = now
        moved = self.progress.values()
        self.stuck_lanes = sum(1 for t in moved if now - t > NO_PROGRESS_AFTER)
        self.paced_lanes = sum(1 for t in moved if t > now)
        fields = asdict(self)
        del fields["progress"]
        return json.dumps(fields)

    @classmethod
    def read(cls, text: str | None) -> Heartbeat | None:
        """A heartbeat written by :meth:`record`; None if there is none or it is unreadable."""
        try:
            fields: Any = json.loads(text or "")
            return cls(**{k: v for k, v in fields.items() if k in cls.__dataclass_fields__})
        except (ValueError, TypeError, AttributeError):
            return None


async def keep_beating(
    heartbeat: Heartbeat,
    write: Callable[[Heartbeat], Awaitable[None]],
    every: float = BEAT_EVERY,
) -> None:
    """Write the heartbeat now and every few seconds (``write`` stores one)."""
    while True:
        try:
            await write(heartbeat)
        except Exception as error:  # health will see the heartbeat go stale: say why here
            why = f"{type(error).__name__}: {error}"
            log.error("cannot record the heartbeat (%s); will retry", why)
        await asyncio.sleep(every)
