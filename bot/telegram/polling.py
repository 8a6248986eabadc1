"""Long polling with Telegram's confirmation rule in mind.

Telegram forgets an update once ``getUpdates`` is called with a higher
offset. So each batch is stored in the inbox (one transaction) before the
next offset is asked for; if the bot dies in between, Telegram sends the
batch again and the inbox recognises the ids it already holds. The first
call after a start asks for everything unconfirmed (no offset), for the same
reason.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from functools import partial
from typing import Any

from telegram import Bot
from telegram.error import Conflict, InvalidToken, TelegramError

from bot.telegram import api
from bot.telegram.app import ALLOWED_UPDATES, redact
from bot.telegram.dbthread import DbThread
from bot.telegram.heartbeat import Heartbeat
from bot.telegram.incoming import Identity, Key, update_id
from bot.telegram.sender import backoff
from bot.telegram.store import Store

log = logging.getLogger(__name__)

POLL_TIMEOUT = 30


async def poll(
    bot: Bot,
    db: DbThread,
    store: Store,
    received: Callable[[list[Key]], None],
    *,
    timeout: int = POLL_TIMEOUT,
    heartbeat: Heartbeat | None = None,
    me: Identity | None = None,
) -> None:
    """Poll until cancelled; ``received`` is told which keys got new updates to handle
    (``me``: who the bot is, so that messages it would not answer are stored as handled)."""
    heartbeat = heartbeat or Heartbeat()
    offset: int | None = None
    failures = unstored = 0
    while True:
        arguments: dict[str, Any] = {"timeout": timeout, "allowed_updates": ALLOWED_UPDATES}
        if offset is not None:
            arguments["offset"] = offset
        try:
            batch = await api.call(bot, "getUpdates", arguments, read_timeout=timeout + 15)
        except InvalidToken:
            raise
        except TelegramError as error:
            failures += 1
            why = (
                "another program is polling with this token"
                if isinstance(error, Conflict)
                else f"{type(error).__name__}: {error}"
            )
            heartbeat.poll_failed(redact(why, bot.token))  # health prints it
            if failures == 1 or failures % 30 == 0:
                log.warning("cannot get updates from Telegram (%s); retrying", why)
            await asyncio.sleep(backoff(failures))
            continue
        heartbeat.polled_ok()
        if failures:
            log.info("Telegram reachable again")
            failures = 0
        updates = [u for u in batch if isinstance(u, dict)] if isinstance(batch, list) else []
        ids = [i for i in (update_id(u) for u in updates) if i is not None]
        if not ids:
            continue
        try:
            keys = await db.call(partial(store.ingest, updates, me), urgent=True)
        except sqlite3.Error as error:
            unstored += 1
            log.error("cannot store updates (%s); Telegram keeps them, will retry", error)
            await asyncio.sleep(backoff(unstored))
            continue  # the same offset again: Telegram sends the same batch
        unstored = 0
        received(keys)
        offset = max(ids) + 1  # only now may Telegram forget this batch
