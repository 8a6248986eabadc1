"""Configuration, secrets and logging for the Telegram bot.

Configuration comes from the environment so a club can run it from a unit
file or a container: ``TELEGRAM_BOT_TOKEN`` (or ``TELEGRAM_BOT_TOKEN_FILE``),
``TELEGRAM_API_BASE_URL`` for a self-hosted Bot API server, ``RULINGBOT_DB``,
and for a webhook ``RULINGBOT_WEBHOOK_SECRET`` (or ``..._SECRET_FILE``); a
secret is never taken from the command line, where other users can read it.
The token is redacted from every log line, in whatever case or encoding.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from bot.telegram.errors import EXIT_CONFIG, StartupError
from bot.telegram.store import default_db_path

COMMANDS = (
    ("ruling", "Describe an incident and get a ruling"),
    ("law", "Look up a law: /law 27 or /law 27B1"),
    ("score", "Work out a score"),
    ("chart", "A topic's decision chart"),
    ("back", "Undo your last answer"),
    ("cancel", "Drop the current incident"),
    ("settings", "Regulations and answer style"),
    ("log", "The rulings given here (group admins)"),
    ("help", "How to use the bot"),
)
ALLOWED_UPDATES = ["message", "callback_query", "inline_query", "my_chat_member"]
"""my_chat_member: the bot added to a group, so it can say how to ask it there."""
_SECRET_CHARACTERS = re.compile(r"[A-Za-z0-9_-]{1,256}")


class ConfigError(StartupError):
    """The bot cannot start; the message says what to set (never the token)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, EXIT_CONFIG)


def _from_env_or_file(name: str) -> str:
    value = os.environ.get(name, "").strip()
    path = os.environ.get(f"{name}_FILE", "").strip()
    if value or not path:
        return value
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"cannot read {name}_FILE ({path}): {exc.strerror}") from None


@dataclass(frozen=True)
class Config:
    token: str
    base_url: str | None
    db_path: Path

    @classmethod
    def from_env(cls, db_path: Path | None = None) -> Config:
        token = _from_env_or_file("TELEGRAM_BOT_TOKEN")
        if not token:
            raise ConfigError("set TELEGRAM_BOT_TOKEN or TELEGRAM_BOT_TOKEN_FILE")
        base_url = os.environ.get("TELEGRAM_API_BASE_URL", "").strip() or None
        return cls(token, base_url, db_path or default_db_path())


def webhook_secret() -> tuple[str, bool]:
    """The webhook secret from the environment or its file, else a new one; (secret, made)."""
    secret = _from_env_or_file("RULINGBOT_WEBHOOK_SECRET")
    if not secret:
        return secrets.token_urlsafe(32), True
    if not _SECRET_CHARACTERS.fullmatch(secret):
        raise ConfigError(
            "RULINGBOT_WEBHOOK_SECRET may hold only letters, digits, _ and - (1 to 256 of them)"
        )
    return secret, False


def _any_encoding(secret: str) -> re.Pattern[str]:
    """The secret as written, in any letter case, with any character %-encoded."""
    parts = [f"(?:{re.escape(ch)}|%{ord(ch):02x})" for ch in secret]
    return re.compile("".join(parts), re.IGNORECASE)


def redact(text: str, token: str) -> str:
    """The text with the token's secret half replaced, however it was encoded."""
    if not token:
        return text
    secret = token.split(":", 1)[-1]
    if len(secret) < 8:
        return text.replace(token, "<token>")
    return _any_encoding(secret).sub("<token>", text)


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
    for noisy in ("httpx", "httpcore", "tornado.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)  # httpx logs every URL, token too
    logging.captureWarnings(True)  # a library's warning goes through the same filter
    redacting = RedactToken(token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redacting)
