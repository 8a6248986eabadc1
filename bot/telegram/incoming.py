"""Updates as the bot reads them: a few typed fields taken from Telegram's JSON.

Updates are stored raw in the inbox and read here when handled, so a stored
update never depends on a library's classes. Anything malformed (a forged
webhook post, an update kind we did not ask for) reads as ``None`` and is
acknowledged without a reply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.telegram.callbacks import Answer, decode

ANONYMOUS_ADMIN = 1087968824
"""Telegram's 'GroupAnonymousBot': the sender shown for an admin posting as the group."""
GROUP_TYPES = ("group", "supergroup")
_COMMAND = re.compile(r"^/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?:\s+|$)")

Key = tuple[int, int]
"""(chat, user): the updates of one key are handled one at a time, in order."""


@dataclass(frozen=True)
class Identity:
    """Who the bot is: to recognise replies to it, mentions and commands for it."""

    id: int
    username: str


@dataclass(frozen=True)
class Message:
    update_id: int
    chat_id: int
    chat_type: str
    message_id: int
    sender_id: int
    """The user, or the chat an anonymous admin or a channel posts as."""
    sender_name: str
    text: str | None
    command: str | None
    args: str
    addressed: bool
    """Private, a command for this bot, a reply to it or a mention of it."""
    thread_id: int | None = None
    migrate_to: int | None = None
    migrate_from: int | None = None

    @property
    def in_group(self) -> bool:
        return self.chat_type in GROUP_TYPES

    @property
    def key(self) -> Key:
        return (self.chat_id, self.sender_id)


@dataclass(frozen=True)
class Press:
    update_id: int
    query_id: str
    chat_id: int
    chat_type: str
    message_id: int
    presser_id: int
    presser_name: str
    data: str
    thread_id: int | None = None
    message_html: str | None = None
    """The pressed message's text as HTML (None if Telegram did not include it)."""

    @property
    def in_group(self) -> bool:
        return self.chat_type in GROUP_TYPES


@dataclass(frozen=True)
class InlineQuery:
    update_id: int
    query_id: str
    user_id: int
    query: str


@dataclass(frozen=True)
class Joined:
    """The bot itself was added to a group (a ``my_chat_member`` update)."""

    update_id: int
    chat_id: int


Incoming = Message | Press | InlineQuery | Joined
_PRESENT = ("member", "administrator", "restricted")


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def update_id(raw: dict[str, Any]) -> int | None:
    return _int(raw.get("update_id"))


def parse(raw: dict[str, Any], me: Identity) -> Incoming | None:
    """The update's fields the bot acts on, or None for anything else."""
    uid = update_id(raw)
    if uid is None:
        return None
    if "message" in raw:
        return _message(uid, _dict(raw["message"]), me)
    if "callback_query" in raw:
        return _press(uid, _dict(raw["callback_query"]))
    if "inline_query" in raw:
        query = _dict(raw["inline_query"])
        query_id, user = _str(query.get("id")), _int(_dict(query.get("from")).get("id"))
        if query_id is None or user is None:
            return None
        return InlineQuery(uid, query_id, user, _str(query.get("query")) or "")
    if "my_chat_member" in raw:
        return _joined(uid, _dict(raw["my_chat_member"]))
    return None


def _joined(uid: int, change: dict[str, Any]) -> Joined | None:
    """A group the bot was not in and now is: worth a greeting (a promotion is not)."""
    chat = _dict(change.get("chat"))
    chat_id, chat_type = _int(chat.get("id")), _str(chat.get("type"))
    before = _str(_dict(change.get("old_chat_member")).get("status"))
    after = _str(_dict(change.get("new_chat_member")).get("status"))
    if chat_id is None or chat_type not in GROUP_TYPES:
        return None
    if after in _PRESENT and before not in _PRESENT:
        return Joined(uid, chat_id)
    return None


def asks_nothing(raw: dict[str, Any], me: Identity, parsed: Incoming | None = None) -> bool:
    """A message the bot would not answer: in a group and not for the bot (the bot sees
    them when group privacy is off), not a migration, or unreadable. Stored as handled at
    once, it never takes a worker's turn or a database job of its own. (``parsed``: the
    update as :func:`parse` has just read it, if it has.)"""
    if "message" not in raw:
        return False
    message = parsed or parse(raw, me)
    if message is None:
        return True
    assert isinstance(message, Message)
    return not (message.addressed or message.migrate_to or message.migrate_from)


def route(raw: dict[str, Any]) -> Key:
    """The key an update is ordered under, from the raw JSON alone (at ingest)."""
    if "message" in raw:
        message = _dict(raw["message"])
        chat = _int(_dict(message.get("chat")).get("id")) or 0
        if message.get("migrate_to_chat_id") or message.get("migrate_from_chat_id"):
            return (chat, 0)
        return (chat, _sender(message)[0] or 0)
    if "callback_query" in raw:
        query = _dict(raw["callback_query"])
        chat = _int(_dict(_dict(query.get("message")).get("chat")).get("id")) or 0
        data = _str(query.get("data")) or ""
        button = decode(data)
        if isinstance(button, Answer):
            return (chat, button.owner)
        return (chat, _int(_dict(query.get("from")).get("id")) or 0)
    if "inline_query" in raw:
        return (0, _int(_dict(_dict(raw["inline_query"]).get("from")).get("id")) or 0)
    if "my_chat_member" in raw:
        return (_int(_dict(_dict(raw["my_chat_member"]).get("chat")).get("id")) or 0, 0)
    return (0, 0)


def _sender(message: dict[str, Any]) -> tuple[int | None, str]:
    sender_chat = _dict(message.get("sender_chat"))
    if _int(sender_chat.get("id")) is not None:
        return _int(sender_chat["id"]), _str(sender_chat.get("title")) or "the group"
    user = _dict(message.get("from"))
    return _int(user.get("id")), _str(user.get("first_name")) or "a member"


def _thread(message: dict[str, Any]) -> int | None:
    return _int(message.get("message_thread_id")) if message.get("is_topic_message") else None


def _message(uid: int, message: dict[str, Any], me: Identity) -> Message | None:
    chat = _dict(message.get("chat"))
    chat_id, chat_type = _int(chat.get("id")), _str(chat.get("type"))
    message_id = _int(message.get("message_id"))
    sender_id, sender_name = _sender(message)
    if chat_id is None or chat_type is None or message_id is None or sender_id is None:
        return None
    text = _str(message.get("text"))
    caption = _str(message.get("caption")) or ""
    command, args, for_us = _command(text or "", me)
    replied = _dict(_dict(message.get("reply_to_message")).get("from"))
    addressed = (command is None or for_us) and (
        chat_type == "private"
        or (command is not None and for_us)
        or _int(replied.get("id")) == me.id
        or (bool(me.username) and f"@{me.username.lower()}" in (text or caption).lower())
    )
    if text is not None and command is None and me.username:
        text = _mention(me.username).sub(" ", text)
    return Message(
        uid,
        chat_id,
        chat_type,
        message_id,
        sender_id,
        sender_name,
        text,
        command if for_us else None,
        args,
        addressed,
        _thread(message),
        _int(message.get("migrate_to_chat_id")),
        _int(message.get("migrate_from_chat_id")),
    )


@lru_cache(maxsize=4)
def _mention(username: str) -> re.Pattern[str]:
    """'@bot' in a message's text, any case (compiled once: every message is read with it)."""
    return re.compile(re.escape(f"@{username}"), re.IGNORECASE)


def _command(text: str, me: Identity) -> tuple[str | None, str, bool]:
    """(command, its arguments, whether it is for this bot) of a message's text."""
    found = _COMMAND.match(text)
    if not found:
        return None, "", False
    target = found.group(2)
    for_us = target is None or target.lower() == me.username.lower()
    return found.group(1).lower(), text[found.end() :].strip(), for_us


def _press(uid: int, query: dict[str, Any]) -> Press | None:
    message = _dict(query.get("message"))
    chat = _dict(message.get("chat"))
    user = _dict(query.get("from"))
    query_id, chat_id, chat_type = (
        _str(query.get("id")),
        _int(chat.get("id")),
        _str(chat.get("type")),
    )
    message_id, presser = _int(message.get("message_id")), _int(user.get("id"))
    data = _str(query.get("data"))
    if None in (query_id, chat_id, chat_type, message_id, presser, data):
        return None
    assert query_id is not None and chat_id is not None and chat_type is not None
    assert message_id is not None and presser is not None and data is not None
    return Press(
        uid,
        query_id,
        chat_id,
        chat_type,
        message_id,
        presser,
        _str(user.get("first_name")) or "a member",
        data,
        _thread(message),
        _html(message),
    )


def _html(message: dict[str, Any]) -> str | None:
    """A message's text with its formatting, as HTML (the library rebuilds it from entities)."""
    if not isinstance(message.get("text"), str):
        return None
    from telegram import Message as TelegramMessage

    try:
        rebuilt = TelegramMessage.de_json(message, None)
        return rebuilt.text_html if rebuilt is not None else None
    except Exception:  # odd entities in a forged update: do without
        return None
