"""Raw Bot API calls: the outbox stores method names and JSON, so it calls them as such.

python-telegram-bot warns when ``do_api_request`` is used for a method it
wraps; here that is deliberate (stored calls are replayed as they were
stored), so that one warning is silenced.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import ssl
import warnings
from typing import Any
from urllib.parse import urlsplit
from urllib.request import getproxies

import httpx
from telegram import Bot
from telegram.error import EndPointNotFound, InvalidToken
from telegram.request import BaseRequest, HTTPXRequest, RequestData
from telegram.warnings import PTBUserWarning

from bot.telegram.http11 import Http11Pool, Timeouts

warnings.filterwarnings("ignore", message=r"Please use 'Bot\.", category=PTBUserWarning)

CLIENT_ENV = "RULINGBOT_BOT_API_CLIENT"
"""Set to ``httpx`` to send every Bot API call through httpx, as python-telegram-bot does."""


async def call(bot: Bot, method: str, params: dict[str, Any], **timeouts: float) -> Any:
    """Call ``method`` with JSON ``params``; the raw result (Telegram errors raise).

    Plain JSON parameters (what the outbox holds, and polling's) go straight to the lean
    transport's ``post``: the library's ``do_api_request`` would only turn each of them into
    a parameter object and back (and warn, silenced, at every call), about a fifth of a
    call's CPU. The body posted, the result and every error are the library's own.
    """
    request = _lean_request(bot, method)
    plain = _plain(params) if request is not None else None
    if request is None or plain is None:
        return await bot.do_api_request(method, api_kwargs=params, **timeouts)  # type: ignore[arg-type]
    try:
        return await request.post(f"{bot.base_url}/{method}", JsonParameters(plain), **timeouts)
    except InvalidToken as exc:  # as do_api_request words it
        if bot._bot_initialized:
            raise EndPointNotFound(f"Endpoint '{method}' not found in Bot API") from exc
        raise InvalidToken(
            "Either the bot token was rejected by Telegram or the endpoint "
            f"'{method}' does not exist."
        ) from exc


_LIBRARY_LOG = logging.getLogger("telegram.Bot")
_PLAIN = frozenset({str, int, float, bool, dict})
"""Values the library posts exactly as given (it converts dates, files, its own objects
and enums; a dict's contents it never looks into)."""


def _lean_request(bot: Bot, method: str) -> JsonRequest | None:
    """The bot's transport for ``method`` if it posts over the lean client (else None: the
    library's own way, e.g. in tests, through httpx, or with its debug log on)."""
    requests = getattr(bot, "_request", None)
    if not isinstance(requests, tuple) or len(requests) != 2 or "_" in method:
        return None
    request: BaseRequest = requests[0] if method == "getUpdates" else requests[1]
    if not isinstance(request, JsonRequest) or not request.lean:
        return None
    if _LIBRARY_LOG.isEnabledFor(logging.DEBUG):
        return None
    return request


def _plain(params: dict[str, Any]) -> dict[str, Any] | None:
    """The parameters as the library would post them (None values dropped, a tuple as a
    list), or None if one is not plain JSON (or is a list holding a None, which the
    library drops) and must go through the library."""
    found: dict[str, Any] = {}
    for key, value in params.items():
        kind = type(value)
        if value is None:
            continue
        if kind is list or kind is tuple:
            if not all(type(item) in _PLAIN for item in value):
                return None
            value = list(value)
        elif kind not in _PLAIN:
            return None
        found[key] = value
    return found


class JsonParameters(RequestData):  # type: ignore[misc]  # final for users, not at run time
    """A call's parameters, already as the library's RequestData would give them (without
    a parameter object each)."""

    __slots__ = ("_plain",)

    def __init__(self, parameters: dict[str, Any]) -> None:
        super().__init__()
        self._plain = parameters

    @property
    def parameters(self) -> dict[str, Any]:
        return self._plain

    @property
    def json_parameters(self) -> dict[str, str]:
        return {k: v if isinstance(v, str) else json.dumps(v) for k, v in self._plain.items()}


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

    @property
    def lean(self) -> bool:
        """Whether a call without files goes over the lean client."""
        return self._lean and not self._client.is_closed

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
