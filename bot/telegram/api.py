"""Raw Bot API calls: the outbox stores method names and JSON, so it calls them as such.

python-telegram-bot warns when ``do_api_request`` is used for a method it
wraps; here that is deliberate (stored calls are replayed as they were
stored), so that one warning is silenced.
"""

from __future__ import annotations

import warnings
from typing import Any

from telegram import Bot
from telegram.warnings import PTBUserWarning

warnings.filterwarnings("ignore", message=r"Please use 'Bot\.", category=PTBUserWarning)


async def call(bot: Bot, method: str, params: dict[str, Any], **timeouts: float) -> Any:
    """Call ``method`` with JSON ``params``; the raw result (Telegram errors raise)."""
    return await bot.do_api_request(method, api_kwargs=params, **timeouts)  # type: ignore[arg-type]
