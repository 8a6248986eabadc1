"""Build and run the Telegram application: polling by default, or a webhook.

Configuration comes from the environment so a club can run it from a unit
file or a container: ``TELEGRAM_BOT_TOKEN`` (or ``TELEGRAM_BOT_TOKEN_FILE``),
``TELEGRAM_API_BASE_URL`` for a self-hosted Bot API server, ``RULINGBOT_DB``.
The token is redacted from every log line.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from bot.dialogue.engine import Dialogue
from bot.knowledge import load
from bot.render import Renderer
from bot.telegram import adapter
from bot.telegram.charts import chart_command
from bot.telegram.store import Store, default_db_path

log = logging.getLogger(__name__)

COMMANDS = (
    ("ruling", "Describe an incident and get a ruling"),
    ("law", "Look up a law: /law 27 or /law 27B1"),
    ("chart", "Flowchart of a topic: /chart insufficient_bid"),
    ("back", "Undo your last answer"),
    ("cancel", "Drop the current incident"),
    ("settings", "Regulations and answer style"),
    ("help", "How to use the bot"),
)


class ConfigError(Exception):
    """The bot cannot start; the message says what to set (never the token)."""


@dataclass(frozen=True)
class Config:
    token: str
    base_url: str | None
    db_path: Path

    @classmethod
    def from_env(cls, db_path: Path | None = None) -> Config:
        token = os.environ.get("TELEGRAM_BOT_TOKEN", "").strip()
        token_file = os.environ.get("TELEGRAM_BOT_TOKEN_FILE", "").strip()
        if not token and token_file:
            try:
                token = Path(token_file).read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise ConfigError(f"cannot read TELEGRAM_BOT_TOKEN_FILE: {exc.strerror}") from None
        if not token:
            raise ConfigError("set TELEGRAM_BOT_TOKEN or TELEGRAM_BOT_TOKEN_FILE")
        base_url = os.environ.get("TELEGRAM_API_BASE_URL", "").strip() or None
        return cls(token, base_url, db_path or default_db_path())


def redact(text: str, token: str) -> str:
    """The text with the token (and its secret half) replaced."""
    if not token:
        return text
    text = text.replace(token, "<token>")
    secret = token.split(":", 1)[-1]
    return text.replace(secret, "<token>") if len(secret) >= 8 else text


class RedactToken(logging.Filter):
    """Keep the token out of every log record; library errors stay one line long."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message, self.token)
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and not record.name.startswith("bot"):
            # the library's retries and network hiccups: one line, not a traceback
            cleaned = f"{cleaned} ({type(error).__name__}: {redact(str(error), self.token)})"
            record.exc_info = None
        elif record.exc_info:
            text = logging.Formatter().formatException(record.exc_info)
            record.exc_info, record.exc_text = None, redact(text, self.token)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def configure_logging(token: str, level: int = logging.INFO) -> None:
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=level)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # it logs every URL, token included
    redact = RedactToken(token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)


def build_application(
    config: Config,
    *,
    request: BaseRequest | None = None,
    store: Store | None = None,
    rate_limit: bool = True,
) -> Application:  # type: ignore[type-arg]
    """The Application with every handler registered; ``request`` swaps the transport in tests."""
    knowledge = load()
    renderer = Renderer(knowledge)
    renderer.warm_up("html")
    dialogue = Dialogue(knowledge, renderer, "html")
    builder = ApplicationBuilder().token(config.token).post_init(_post_init)
    if config.base_url:
        builder = builder.base_url(config.base_url)
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    if rate_limit:
        limiter = AIORateLimiter(max_retries=3)
        builder = builder.rate_limiter(limiter)  # type: ignore[arg-type]
    application = builder.build()
    application.bot_data["services"] = adapter.Services(dialogue, store or Store(config.db_path))
    register(application)
    return application


def register(application: Application) -> None:  # type: ignore[type-arg]
    group_text = filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE
    handlers = [
        CommandHandler("start", adapter.start),
        CommandHandler("help", adapter.help_command),
        CommandHandler("ruling", adapter.ruling_command),
        CommandHandler("law", adapter.law_command),
        CommandHandler("chart", chart_command),
        CommandHandler("back", adapter.back_command),
        CommandHandler("cancel", adapter.cancel_command),
        CommandHandler("settings", adapter.settings_command),
        MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, adapter.unknown_command),
        MessageHandler(group_text, adapter.text_message),
        MessageHandler(
            filters.UpdateType.MESSAGE & ~filters.TEXT & ~filters.StatusUpdate.ALL,
            adapter.other_message,
        ),
        CallbackQueryHandler(adapter.settings_button, pattern=r"^set\|"),
        CallbackQueryHandler(adapter.button),
        InlineQueryHandler(adapter.inline_query),
    ]
    for handler in handlers:
        application.add_handler(handler)
    application.add_error_handler(adapter.on_error)


async def _post_init(application: Application) -> None:  # type: ignore[type-arg]
    """Learn the bot's username (for mentions and deep links) and register the command menu."""
    services: adapter.Services = application.bot_data["services"]
    services.bot_username = application.bot.username or ""
    commands = [BotCommand(name, text) for name, text in COMMANDS]
    await application.bot.set_my_commands(commands, scope=BotCommandScopeAllPrivateChats())
    await application.bot.set_my_commands(commands, scope=BotCommandScopeAllGroupChats())


ALLOWED_UPDATES = ["message", "callback_query", "inline_query"]


def serve(
    config: Config,
    *,
    webhook_url: str | None = None,
    listen: str = "127.0.0.1",
    port: int = 8443,
    secret_token: str | None = None,
) -> None:
    """Run until stopped: long polling, or a webhook behind a reverse proxy."""
    configure_logging(config.token)
    application = build_application(config)
    mode = "webhook" if webhook_url else "polling"
    log.info("rulingbot starting (%s), database %s", mode, config.db_path)
    if webhook_url:
        path = urlparse(webhook_url).path.strip("/")
        application.run_webhook(
            listen=listen,
            port=port,
            url_path=path,
            webhook_url=webhook_url,
            secret_token=secret_token,
            allowed_updates=ALLOWED_UPDATES,
        )
    else:
        application.run_polling(allowed_updates=ALLOWED_UPDATES)
