"""One thread owns the database; the event loop hands it jobs and awaits the results.

SQLite work (and the dialogue engine, which runs inside the same short
transaction) stays off the event loop, so network I/O for other chats goes
on meanwhile. Jobs run one at a time, which keeps each transaction simple;
the results of jobs run back to back wake the event loop once, not each;
small bookkeeping jobs (storing received updates, marking replies sent) jump
ahead of handling jobs so polling and sending never wait behind a queue.
"""

from __future__ import annotations

import asyncio
import itertools
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

URGENT, NORMAL = 0, 1
SETTLE_WITHIN = 0.002
"""Results of jobs run back to back go to the event loop together, at most this late (s)."""
_STOP = (2, 0, None)


class DbThread:
    def __init__(self, name: str = "rulingbot-db") -> None:
        self._jobs: queue.PriorityQueue[tuple[int, int, Any]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        loop: asyncio.AbstractEventLoop | None = None
        since = 0.0
        while True:
            try:
                _, _, job = self._jobs.get_nowait()
            except queue.Empty:
                if settled and loop is not None:  # the event loop is woken once per run of jobs
                    loop.call_soon_threadsafe(_settle_all, settled)
                    settled = []
                _, _, job = self._jobs.get()
            if job is None:
                if settled and loop is not None:
                    loop.call_soon_threadsafe(_settle_all, settled)
                return
            function, its_loop, future = job
            if loop is not its_loop and settled and loop is not None:
                loop.call_soon_threadsafe(_settle_all, settled)
                settled = []
            loop = its_loop
            if future.cancelled():
                continue
            if not settled:
                since = time.monotonic()
            try:
                settled.append((future, function(), None))
            except BaseException as error:  # handed to the awaiting coroutine
                settled.append((future, None, error))
            if time.monotonic() - since > SETTLE_WITHIN:
                loop.call_soon_threadsafe(_settle_all, settled)
                settled = []

    async def call(self, function: Callable[[], T], *, urgent: bool = False) -> T:
        """Run ``function`` on the database thread and return its result."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        priority = URGENT if urgent else NORMAL
        self._jobs.put((priority, next(self._order), (function, loop, future)))
        return await future

    def close(self, timeout: float = 5.0) -> None:
        """Finish the jobs already queued, then stop the thread."""
        self._jobs.put(_STOP)
        self._thread.join(timeout)


def _settle_all(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in settled:
        _settle(future, result, error)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)
