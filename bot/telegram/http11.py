"""A lean HTTP/1.1 client for Bot API calls: JSON posted over kept-alive connections.

Each call through httpx walks its client, transport, connection pool and h11
layers (about a millisecond of CPU); the bot makes one or more calls per
update, so that was its largest cost after the dialogue itself. A Bot API call
is always the same shape (one POST of a JSON body, one response with a length
or in chunks), which a few lines on asyncio's streams do at a fraction of the
cost. Anything else (uploads, a proxy) still goes through httpx.

Errors are raised as python-telegram-bot's: ``TimedOut`` for a timeout,
``NetworkError`` for a broken connection, so the sender retries as before. A
connection is reused only if the server has not closed it meanwhile; a call
whose connection breaks is not retried here (a send might have arrived).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit

from telegram.error import NetworkError, TimedOut

MAX_HEADERS = 64 * 1024
"""Bytes of status line and headers accepted before the response is taken as broken."""


@dataclass(frozen=True)
class Timeouts:
    """Seconds for each phase of a call (None: no limit), as httpx names them."""

    connect: float | None
    read: float | None
    write: float | None
    pool: float | None


class _Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    def usable(self) -> bool:
        """Still open at both ends (a server closes an idle connection when it likes)."""
        return not (self.writer.is_closing() or self.reader.at_eof())

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()


class Http11Pool:
    """Kept-alive connections to one origin (scheme, host, port), at most ``size`` at once."""

    def __init__(self, base_url: str, size: int, context: ssl.SSLContext | None) -> None:
        parts = urlsplit(base_url)
        self.tls = parts.scheme == "https"
        self.host = parts.hostname or ""
        self.port = parts.port or (443 if self.tls else 80)
        self.host_header = parts.netloc.rsplit("@", 1)[-1]
        self.context = context if self.tls else None
        self.idle: deque[_Connection] = deque()
        self.slots = asyncio.Semaphore(size)
        self.closed = False
        self.loop = asyncio.get_running_loop()
        """The event loop its connections belong to (a pool is never shared between loops)."""

    def serves(self, url: str) -> bool:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        return (parts.scheme == "https") == self.tls and (parts.hostname, port) == (
            self.host,
            self.port,
        )

    async def post_json(
        self, url: str, body: bytes, user_agent: str, timeouts: Timeouts
    ) -> tuple[int, bytes]:
        """POST ``body`` (JSON) to ``url``; (status, response body)."""
        parts = urlsplit(url)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        head = (
            f"POST {target} HTTP/1.1\r\nHost: {self.host_header}\r\nUser-Agent: {user_agent}\r\n"
            f"Accept: */*\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode("latin-1")
        try:
            if self.slots.locked():  # a timer only when the call must wait for a connection
                async with asyncio.timeout(timeouts.pool):
                    await self.slots.acquire()
            else:
                await self.slots.acquire()
        except TimeoutError:
            raise TimedOut("Pool timeout: all connections in the pool are in use") from None
        try:
            connection = await self._connection(timeouts.connect)
            try:
                status, payload, keep = await self._exchange(connection, head + body, timeouts)
            except BaseException:
                connection.close()
                raise
            if keep and not self.closed:
                self.idle.append(connection)
            else:
                connection.close()
            return status, payload
        finally:
            self.slots.release()

    async def _connection(self, timeout: float | None) -> _Connection:
        while self.idle:
            connection = self.idle.pop()  # the most recently used: the least likely closed
            if connection.usable():
                return connection
            connection.close()
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(
                    self.host,
                    self.port,
                    ssl=self.context,
                    server_hostname=self.host if self.context else None,
                    limit=MAX_HEADERS,
                )
        except TimeoutError:
            raise TimedOut("Timed out while connecting") from None
        except (OSError, ssl.SSLError) as error:
            raise NetworkError(f"cannot connect to {self.host}:{self.port}: {error}") from error
        return _Connection(reader, writer)

    async def _exchange(
        self, connection: _Connection, request: bytes, timeouts: Timeouts
    ) -> tuple[int, bytes, bool]:
        """Send the request and read the response: (status, body, connection reusable)."""
        reader, writer = connection.reader, connection.writer
        try:
            writer.write(request)
            if writer.transport.get_write_buffer_size():  # drain waits only then: a timer
                async with asyncio.timeout(timeouts.write):
                    await writer.drain()
            else:
                await writer.drain()
            async with asyncio.timeout(timeouts.read):
                return await _response(reader)
        except TimeoutError:
            raise TimedOut from None
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError) as e:
            raise NetworkError(f"the Bot API connection broke: {type(e).__name__}: {e}") from e

    def close(self) -> None:
        self.closed = True
        while self.idle:
            self.idle.pop().close()


async def _response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """One response: (status, body, whether the connection may be used again)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    version, _, rest = lines[0].partition(" ")
    if not version.startswith("HTTP/1."):
        raise ValueError(f"not an HTTP/1.x response: {lines[0][:80]!r}")
    status = int(rest.split(" ", 1)[0])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        if colon:
            headers[name.strip().lower()] = value.strip()
    keep = headers.get("connection", "").lower() != "close" and version == "HTTP/1.1"
    if "chunked" in headers.get("transfer-encoding", "").lower():
        return status, await _chunks(reader), keep
    length = headers.get("content-length")
    if length is not None:
        return status, await reader.readexactly(int(length)), keep
    if status in (204, 304) or 100 <= status < 200:
        return status, b"", keep
    return status, await reader.read(), False  # the body ends when the server closes


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    body = bytearray()
    while True:
        size_line = await reader.readuntil(b"\r\n")
        size = int(size_line.split(b";", 1)[0].strip(), 16)
        if size == 0:
            while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers, if any
                pass
            return bytes(body)
        body += await reader.readexactly(size)
        await reader.readexactly(2)
