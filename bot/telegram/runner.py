"""``rulingbot serve``: start the parts, run until stopped, stop within a few seconds.

Updates come in (polling or webhook) and go to the inbox; a fixed pool of
workers handles them per (chat, user), chats in turn; a fixed pool of senders
empties the outbox, lane by lane in turn. Stopping cancels
the intake (nothing unconfirmed is lost: Telegram sends it again), lets the
updates in hand finish, sends what it can for a moment and leaves the rest
in the outbox for the next start.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from telegram import Bot
from telegram.error import InvalidToken, TelegramError
from telegram.request import BaseRequest

from bot.dialogue.engine import Dialogue
from bot.knowledge import load
from bot.lazy import compile_all
from bot.render import Renderer
from bot.telegram import api
from bot.telegram.app import (
    ALLOWED_UPDATES,
    COMMANDS,
    Config,
    ConfigError,
    configure_logging,
    redact,
    webhook_secret,
)
from bot.telegram.dbthread import DbThread
from bot.telegram.dispatch import Dispatcher
from bot.telegram.errors import EXIT_DATABASE, StartupError
from bot.telegram.handling import Processor
from bot.telegram.heartbeat import META_KEY, Heartbeat, keep_beating
from bot.telegram.incoming import Identity, Key
from bot.telegram.lock import InstanceLock
from bot.telegram.polling import POLL_TIMEOUT, poll
from bot.telegram.ratelimit import Limits
from bot.telegram.sender import Sender
from bot.telegram.store import DatabaseBusy, Retention, Store, StoreError
from bot.telegram.texts import Texts
from bot.telegram.wal import WalWatch, lost_message, unsaved_frames
from bot.telegram.webhook import start_server

log = logging.getLogger(__name__)

STOP_HANDLING = 0.75
STOP_SENDING = 2.0
TIDY_EVERY = 3600.0
START_WAIT = 120.0
"""How long a start waits for another program's lock on the database."""


@dataclass(frozen=True)
class WebhookOptions:
    url: str
    listen: str = "127.0.0.1"
    port: int = 8443


def make_dialogue() -> Dialogue:
    knowledge = load()
    renderer = Renderer(knowledge)
    renderer.warm_up("html")
    dialogue = Dialogue(knowledge, renderer, "html")
    dialogue.warm_up()
    compile_all()  # every pattern made so far, now rather than in the first user's reply
    return dialogue


def make_bot(config: Config, request: BaseRequest | None = None) -> Bot:
    send_timeout = float(os.environ.get("RULINGBOT_SEND_TIMEOUT", "") or 20)
    options: dict[str, Any] = {
        "request": request
        or api.JsonRequest(
            connection_pool_size=64,
            read_timeout=send_timeout,
            write_timeout=send_timeout,
            connect_timeout=10,
            pool_timeout=30,
        ),
        "get_updates_request": request
        or api.JsonRequest(
            connection_pool_size=2,
            read_timeout=POLL_TIMEOUT + 15,
            connect_timeout=10,
            pool_timeout=30,
        ),
    }
    if config.base_url:
        options["base_url"] = config.base_url
    return Bot(config.token, **options)


class Runtime:
    """The running bot's parts, wired together (tests drive one in-process)."""

    def __init__(
        self, store: Store, dialogue: Dialogue, bot: Bot, limits: Limits | None = None
    ) -> None:
        self.store, self.dialogue, self.bot = store, dialogue, bot
        self.db = DbThread()
        self.limits = limits
        self.heartbeat = Heartbeat()
        self.wal = WalWatch(store.path)
        self.processor: Processor
        self.sender: Sender
        self.dispatcher: Dispatcher

    async def start(self) -> None:
        """Ask Telegram who we are, then finish what an earlier run left."""
        await self.bot.initialize()
        me = Identity(self.bot.id, self.bot.username or "")
        self.processor = Processor(self.store, self.dialogue, Texts(), me)
        self.sender = Sender(self.bot, self.db, self.store, self.limits)
        self.sender.heartbeat = self.heartbeat
        self.dispatcher = Dispatcher(self.bot, self.db, self.store, self.processor, self.sender)
        await self.dispatcher.resume()
        await self.sender.resume()

    def received(self, keys: list[Key]) -> None:
        self.dispatcher.kick(keys)

    async def receive(self, update: dict[str, Any]) -> None:
        """One update (from the webhook): stored before the caller may acknowledge it."""
        me = self.processor.me
        keys = await self.db.call(lambda: self.store.ingest([update], me), urgent=True)
        self.heartbeat.polled_ok()
        self.dispatcher.kick(keys)

    async def settle(self) -> None:
        """Wait until every stored update is handled and every reply sent (tests)."""
        while not (self.dispatcher.idle() and self.sender.idle()):
            await asyncio.sleep(0.001)

    async def beat(self, heartbeat: Heartbeat) -> None:
        """Save a deleted -wal file's commits, if need be; write one heartbeat (for health)."""
        readers = self.dispatcher.readers
        alone = readers.paused if readers is not None else nullcontext
        if await self.db.call(
            lambda: self.wal.rescue_if_deleted(self.store.db, alone), urgent=True
        ):
            heartbeat.wal_rescued = time.time()
        record = heartbeat.record()
        await self.db.call(lambda: self.store.set_meta(META_KEY, record), urgent=True)

    async def register_commands(self) -> None:
        commands = [{"command": name, "description": text} for name, text in COMMANDS]
        for scope in ("all_private_chats", "all_group_chats"):
            try:
                await api.call(
                    self.bot, "setMyCommands", {"commands": commands, "scope": {"type": scope}}
                )
            except TelegramError as error:
                log.warning("could not register the command menu: %s", error)
        texts, edition = self.processor.texts, self.dialogue.knowledge.edition.name
        about = {
            "setMyDescription": {"description": texts("bot_description", edition=edition)},
            "setMyShortDescription": {
                "short_description": texts("bot_short_description", edition=edition)
            },
        }
        for method, params in about.items():  # what Telegram shows before the first chat
            try:
                await api.call(self.bot, method, params)
            except TelegramError as error:
                log.warning("could not set the bot's description: %s", error)

    async def stop(self) -> None:
        await self.dispatcher.drain(STOP_HANDLING)
        if not await self.sender.drain(STOP_SENDING):
            log.info("stopping with replies still to send; they go out at the next start")
        await self.bot.shutdown()
        self.db.close()


async def keep_tidy(runtime: Runtime, retention: Retention) -> None:
    """Apply the retention policy now and then, a small batch per database job."""
    while True:
        try:
            while await runtime.db.call(lambda: runtime.store.prune(retention)):
                await asyncio.sleep(0.05)
        except sqlite3.Error as error:  # a locked or failing database: the bot goes on
            log.error("could not forget old data (%s); will try again in an hour", error)
        await asyncio.sleep(TIDY_EVERY)


def open_store(config: Config, wait: float = START_WAIT) -> Store:
    """The checked database (page by page only if the last run did not stop cleanly);
    another program's lock on it is waited out for a while."""
    lost = unsaved_frames(config.db_path)  # before SQLite would quietly rebuild the index
    if lost:
        raise StartupError(lost_message(config.db_path, lost), EXIT_DATABASE)
    deadline = time.monotonic() + wait
    while True:
        try:
            store = Store(config.db_path)
        except DatabaseBusy as error:
            busy: StoreError = error
        except StoreError as error:
            raise StartupError(str(error), EXIT_DATABASE) from None
        else:
            try:
                unclean = store.start_run()
                if unclean:
                    log.info("the last run did not stop cleanly: checking the whole database")
                store.check(deep=unclean)
                return store
            except DatabaseBusy as error:
                store.close()
                busy = error
            except StoreError as error:
                store.close()
                raise StartupError(str(error), EXIT_DATABASE) from None
        if time.monotonic() > deadline:  # exit 1: the unit tries again in a few seconds
            raise StartupError(f"{busy} (still, after {wait:.0f} s)")
        log.warning("%s: another program holds it; waiting", busy)
        time.sleep(1)


async def serve_async(config: Config, webhook: WebhookOptions | None = None) -> None:
    try:
        retention = Retention.from_env()
    except StoreError as error:
        raise ConfigError(str(error)) from None
    lock = InstanceLock(config.db_path).acquire()
    try:
        await _serve(config, webhook, retention)
    finally:
        lock.release()


async def _serve(config: Config, webhook: WebhookOptions | None, retention: Retention) -> None:
    store = open_store(config)
    runtime = Runtime(store, make_dialogue(), make_bot(config))
    try:
        await runtime.start()
    except InvalidToken:
        raise ConfigError("Telegram rejected the bot token; check it with BotFather") from None
    except TelegramError as error:
        where = config.base_url or "api.telegram.org"
        raise StartupError(
            f"cannot use the Telegram Bot API at {where}: {redact(str(error), config.token)}"
        ) from None
    await runtime.register_commands()
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopped.set)
    server = None
    intake: asyncio.Task[Any]
    if webhook is not None:
        secret, made = webhook_secret()
        path = urlparse(webhook.url).path
        server = start_server(webhook.listen, webhook.port, path, secret, runtime.receive)
        try:
            await api.call(
                runtime.bot,
                "setWebhook",
                {
                    "url": webhook.url,
                    "secret_token": secret,
                    "allowed_updates": ALLOWED_UPDATES,
                },
            )
        except TelegramError as error:
            server.stop()
            await runtime.stop()
            raise StartupError(f"Telegram refused the webhook {webhook.url}: {error}") from None
        if made:
            log.info("no webhook secret configured: registered a new random one for this run")
        intake = asyncio.create_task(stopped.wait())
    else:
        try:
            await api.call(runtime.bot, "deleteWebhook", {})
        except TelegramError as error:
            log.warning("could not make sure no webhook is set: %s", error)
        intake = asyncio.create_task(
            poll(
                runtime.bot,
                runtime.db,
                store,
                runtime.received,
                heartbeat=runtime.heartbeat,
                me=runtime.processor.me,
            )
        )
    runtime.heartbeat.mode = "webhook" if webhook else "polling"
    tidy = asyncio.create_task(keep_tidy(runtime, retention))
    beating = asyncio.create_task(keep_beating(runtime.heartbeat, runtime.beat))
    log.info(
        "rulingbot ready (%s), database %s", "webhook" if webhook else "polling", config.db_path
    )
    waiter = asyncio.create_task(stopped.wait())
    await asyncio.wait([intake, waiter], return_when=asyncio.FIRST_COMPLETED)
    log.info("stopping")
    for task in (intake, waiter, tidy, beating):
        task.cancel()
    if server is not None:
        server.stop()
    await asyncio.gather(intake, waiter, tidy, beating, return_exceptions=True)
    failure = intake.exception() if intake.done() and not intake.cancelled() else None
    await runtime.stop()
    store.end_run()
    store.close()
    if isinstance(failure, InvalidToken):
        raise ConfigError("Telegram no longer accepts the bot token; check it with BotFather")
    if failure is not None:
        raise StartupError(f"stopped: {type(failure).__name__}: {failure}")


def _stop_while_starting(signum: int, frame: object) -> None:
    """SIGTERM before the bot is up: nothing is in hand yet, so just leave."""
    raise SystemExit(0)


def serve(config: Config, webhook: WebhookOptions | None = None) -> None:
    """Run until SIGTERM or SIGINT; StartupError says why the bot could not run.

    Whatever stops the bot is told in words with the token redacted: an error may
    echo the request path, which holds the token (setWebhook refused, a proxy's page).
    """
    signal.signal(signal.SIGTERM, _stop_while_starting)
    # the database and engine threads yield the interpreter to the event loop within a
    # millisecond (not five), so a reply never waits long behind a description being read
    sys.setswitchinterval(0.001)
    configure_logging(config.token)
    try:
        asyncio.run(serve_async(config, webhook))
    except StartupError as error:
        raise StartupError(redact(str(error), config.token), error.code) from None
    except Exception:
        log.exception("stopped by an unexpected error")  # the log filter redacts it
        raise StartupError("stopped by an unexpected error (logged above)") from None
