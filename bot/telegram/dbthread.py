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
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

SETTLE_WITHIN = 0.002
"""Results of jobs run back to back go to the event loop together, at most this late (s)."""
Job = tuple[Callable[[], Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class DbThread:
    def __init__(self, name: str = "rulingbot-db") -> None:
        self._urgent: deque[Job] = deque()
        self._normal: deque[Job] = deque()
        self._tokens: queue.SimpleQueue[bool] = queue.SimpleQueue()
        """One token per job queued (False: stop), put after the job: a job is taken only
        once its token is, and urgent jobs first. A C queue: every update passes it twice."""
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        loop: asyncio.AbstractEventLoop | None = None
        since = 0.0
        while True:
            try:
                token = self._tokens.get_nowait()
            except queue.Empty:
                if settled and loop is not None:  # the event loop is woken once per run of jobs
                    loop.call_soon_threadsafe(_settle_all, settled)
                    settled = []
                token = self._tokens.get()
            if not token:
                if settled and loop is not None:
                    loop.call_soon_threadsafe(_settle_all, settled)
                return
            function, its_loop, future = (self._urgent or self._normal).popleft()
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
        (self._urgent if urgent else self._normal).append((function, loop, future))
        self._tokens.put(True)
        return await future

    def close(self, timeout: float = 5.0) -> None:
        """Finish the jobs already queued, then stop the thread."""
        self._tokens.put(False)
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
