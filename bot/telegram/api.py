"""Raw Bot API calls: the outbox stores method names and JSON, so it calls them as such.

python-telegram-bot warns when ``do_api_request`` is used for a method it
wraps; here that is deliberate (stored calls are replayed as they were
stored), so that one warning is silenced.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import httpx
from telegram import Bot
from telegram.error import NetworkError, TimedOut
from telegram.request import HTTPXRequest, RequestData
from telegram.warnings import PTBUserWarning

warnings.filterwarnings("ignore", message=r"Please use 'Bot\.", category=PTBUserWarning)

_JSON_HEADERS = {"User-Agent": HTTPXRequest.USER_AGENT, "Content-Type": "application/json"}


async def call(bot: Bot, method: str, params: dict[str, Any], **timeouts: float) -> Any:
    """Call ``method`` with JSON ``params``; the raw result (Telegram errors raise)."""
    return await bot.do_api_request(method, api_kwargs=params, **timeouts)  # type: ignore[arg-type]


class JsonRequest(HTTPXRequest):
    """python-telegram-bot's HTTP transport, posting a call without files as one JSON body.

    The library posts every call as a form, percent-encoding each parameter in Python
    (a ruling of a few thousand characters, character by character); the Bot API takes
    the same parameters as a JSON body, which the standard library writes in C. Uploads
    (a chart's picture) still go as the library sends them, a multipart form.
    """

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
        if request_data is None or request_data.contains_files or self._client.is_closed:
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
        timeout = httpx.Timeout(
            connect=_given(connect_timeout, default.connect),
            read=_given(read_timeout, default.read),
            write=_given(write_timeout, default.write),
            pool=_given(pool_timeout, default.pool),
        )
        try:
            response = await self._client.request(
                method=method,
                url=url,
                headers=_JSON_HEADERS,
                timeout=timeout,
                content=json.dumps(request_data.parameters).encode(),
            )
        except httpx.TimeoutException as error:  # as the library words them
            if isinstance(error, httpx.PoolTimeout):
                raise TimedOut("Pool timeout: all connections in the pool are in use") from error
            raise TimedOut from error
        except httpx.HTTPError as error:
            raise NetworkError(f"httpx.{error.__class__.__name__}: {error}") from error
        return response.status_code, response.content


def _given(value: Any, default: float | None) -> float | None:
    """A timeout the caller gave, else the transport's own."""
    return default if isinstance(value, type(HTTPXRequest.DEFAULT_NONE)) else value
