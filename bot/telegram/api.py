"""Raw Bot API calls: the outbox stores method names and JSON, so it calls them as such.

python-telegram-bot warns when ``do_api_request`` is used for a method it
wraps; here that is deliberate (stored calls are replayed as they were
stored), so that one warning is silenced.
"""

from __future__ import annotations

import asyncio
import json
import os
import ssl
import warnings
from typing import Any
from urllib.parse import urlsplit
from urllib.request import getproxies

import httpx
from telegram import Bot
from telegram.request import HTTPXRequest, RequestData
from telegram.warnings import PTBUserWarning

from bot.telegram.http11 import Http11Pool, Timeouts

warnings.filterwarnings("ignore", message=r"Please use 'Bot\.", category=PTBUserWarning)

CLIENT_ENV = "RULINGBOT_BOT_API_CLIENT"
"""Set to ``httpx`` to send every Bot API call through httpx, as python-telegram-bot does."""


async def call(bot: Bot, method: str, params: dict[str, Any], **timeouts: float) -> Any:
    """Call ``method`` with JSON ``params``; the raw result (Telegram errors raise)."""
    return await bot.do_api_request(method, api_kwargs=params, **timeouts)  # type: ignore[arg-type]


class JsonRequest(HTTPXRequest):
    """python-telegram-bot's HTTP transport, posting a call without files as one JSON body
    over the lean client (:mod:`bot.telegram.http11`).

    The library posts every call as a form, percent-encoding each parameter in Python
    (a ruling of a few thousand characters, character by character), through httpx's
    layers; the Bot API takes the same parameters as a JSON body, which the standard
    library writes in C, and the lean client sends it for a fraction of httpx's CPU.
    Uploads (a chart's picture) and calls through a proxy still go as the library sends
    them, through httpx.
    """

    def __init__(self, connection_pool_size: int = 256, **options: Any) -> None:
        super().__init__(connection_pool_size, **options)
        self._pool_size = connection_pool_size
        self._pools: dict[str, Http11Pool] = {}
        self._lean = (
            not options.get("proxy")
            and not getproxies()
            and os.environ.get(CLIENT_ENV, "").strip().lower() != "httpx"
        )
        """Proxies (given, or in the environment as httpx would read them) are httpx's, and a
        club that meets a network the lean client cannot talk through can choose httpx."""
        self._context: ssl.SSLContext | None = None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = HTTPXRequest.DEFAULT_NONE,
        write_timeout: Any = HTTPXRequest.DEFAULT_NONE,
        connect_timeout: Any = HTTPXRequest.DEFAULT_NONE,
        pool_timeout: Any = HTTPXRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if (
            request_data is None
            or request_data.contains_files
            or self._client.is_closed
            or not self._lean
        ):
            return await super().do_request(
                url,
                method,
                request_data,
                read_timeout,
                write_timeout,
                connect_timeout,
                pool_timeout,
            )
        default = self._client.timeout
        timeouts = Timeouts(
            connect=_given(connect_timeout, default.connect),
            read=_given(read_timeout, default.read),
            write=_given(write_timeout, default.write),
            pool=_given(pool_timeout, default.pool),
        )
        body = json.dumps(request_data.parameters).encode()
        return await self._pool(url).post_json(url, body, self.USER_AGENT, timeouts)

    def _pool(self, url: str) -> Http11Pool:
        """The kept-alive connections to the url's origin (the Bot API's: one)."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        pool = self._pools.get(origin)
        if pool is None or pool.loop is not asyncio.get_running_loop():
            if parts.scheme == "https" and self._context is None:
                self._context = httpx.create_ssl_context()  # httpx's certificates, as before
            pool = self._pools[origin] = Http11Pool(origin, self._pool_size, self._context)
        return pool

    async def shutdown(self) -> None:
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()
        await super().shutdown()


def _given(value: Any, default: float | None) -> float | None:
    """A timeout the caller gave, else the transport's own."""
    return default if isinstance(value, type(HTTPXRequest.DEFAULT_NONE)) else value
