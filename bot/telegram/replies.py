"""Bot API calls as data: what the outbox stores and the sender sends.

A reply is decided, stored and only then sent, so it is a plain record
(method, JSON parameters, lane) rather than a coroutine. A lane is what must
stay in order: one per chat for messages, one per user for the short-lived
answers to button presses and inline queries (never held up by a busy group).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

TELEGRAM_TEXT_LIMIT = 4096


@dataclass(frozen=True)
class Outgoing:
    lane: str
    method: str
    params: dict[str, Any]


def chat_lane(chat_id: int) -> str:
    return f"chat:{chat_id}"


def user_lane(user_id: int) -> str:
    return f"user:{user_id}"


def lane_chat(lane: str) -> int | None:
    """The chat a message lane sends to (None for a user lane)."""
    kind, _, number = lane.partition(":")
    return int(number) if kind == "chat" else None


def split_for_telegram(text: str, limit: int = TELEGRAM_TEXT_LIMIT) -> list[str]:
    """Split at paragraph, then line boundaries so each piece fits one message."""
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    current = ""
    for paragraph in text.split("\n"):
        candidate = f"{current}\n{paragraph}" if current else paragraph
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            pieces.append(current)
        while len(paragraph) > limit:
            pieces.append(paragraph[:limit])
            paragraph = paragraph[limit:]
        current = paragraph
    if current:
        pieces.append(current)
    return pieces


def plain(text: str) -> str:
    """HTML text as plain text: the fallback when Telegram cannot parse our markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def buttons(rows: list[list[tuple[str, str]]]) -> dict[str, Any]:
    """An inline keyboard of (label, callback data) buttons."""
    return {
        "inline_keyboard": [
            [{"text": label[:64], "callback_data": data} for label, data in row] for row in rows
        ]
    }


def force_reply(placeholder: str = "") -> dict[str, Any]:
    markup: dict[str, Any] = {"force_reply": True, "selective": True}
    if placeholder:
        markup["input_field_placeholder"] = placeholder
    return markup


KEYBOARD_OF = "_keyboard_of"
"""Kept in the outbox, never sent: whose open question this message's buttons answer, so
the sent message's id is remembered (``Store.set_keyboard``) for taking them away later."""


def for_telegram(params: dict[str, Any]) -> dict[str, Any]:
    """The parameters Telegram gets: our own notes (keys starting with _) left out."""
    return {k: v for k, v in params.items() if not k.startswith("_")}


def shown_keyboard(params: dict[str, Any], result: Any) -> tuple[int, int, int] | None:
    """(chat, owner, message id) of question buttons Telegram has just shown, if these were."""
    owner = params.get(KEYBOARD_OF)
    chat = params.get("chat_id")
    message_id = result.get("message_id") if isinstance(result, dict) else None
    if isinstance(owner, int) and isinstance(chat, int) and isinstance(message_id, int):
        return chat, owner, message_id
    return None


def message(
    chat_id: int,
    text: str,
    *,
    markup: dict[str, Any] | None = None,
    quote: int | None = None,
    thread: int | None = None,
    keyboard_of: int | None = None,
) -> Outgoing:
    params: dict[str, Any] = {"chat_id": chat_id, "text": text, "parse_mode": "HTML"}
    if markup is not None:
        params["reply_markup"] = markup
    if keyboard_of is not None:
        params[KEYBOARD_OF] = keyboard_of
    if quote is not None:
        params["reply_parameters"] = {"message_id": quote, "allow_sending_without_reply": True}
    if thread is not None:
        params["message_thread_id"] = thread
    return Outgoing(chat_lane(chat_id), "sendMessage", params)


def messages(
    chat_id: int,
    text: str,
    *,
    markup: dict[str, Any] | None = None,
    quote: int | None = None,
    thread: int | None = None,
    keyboard_of: int | None = None,
) -> list[Outgoing]:
    """A text of any length: split to fit, the markup on the last piece."""
    pieces = split_for_telegram(text)
    last = len(pieces) - 1
    return [
        message(
            chat_id,
            piece,
            markup=markup if i == last else None,
            quote=quote,
            thread=thread,
            keyboard_of=keyboard_of if i == last else None,
        )
        for i, piece in enumerate(pieces)
    ]


def edit_text(
    chat_id: int, message_id: int, text: str, markup: dict[str, Any] | None = None
) -> Outgoing:
    params: dict[str, Any] = {
        "chat_id": chat_id,
        "message_id": message_id,
        "text": text,
        "parse_mode": "HTML",
    }
    if markup is not None:
        params["reply_markup"] = markup
    return Outgoing(chat_lane(chat_id), "editMessageText", params)


def remove_buttons(chat_id: int, message_id: int) -> Outgoing:
    params = {"chat_id": chat_id, "message_id": message_id}
    return Outgoing(chat_lane(chat_id), "editMessageReplyMarkup", params)


def replace_buttons(chat_id: int, message_id: int, markup: dict[str, Any]) -> Outgoing:
    params = {"chat_id": chat_id, "message_id": message_id, "reply_markup": markup}
    return Outgoing(chat_lane(chat_id), "editMessageReplyMarkup", params)


def answer_press(query_id: str, user_id: int, text: str = "", alert: bool = False) -> Outgoing:
    params: dict[str, Any] = {"callback_query_id": query_id}
    if text:
        params["text"] = text[:200]
        params["show_alert"] = alert
    return Outgoing(user_lane(user_id), "answerCallbackQuery", params)


def answer_inline(query_id: str, user_id: int, results: list[dict[str, Any]]) -> Outgoing:
    params = {"inline_query_id": query_id, "results": results, "cache_time": 60}
    return Outgoing(user_lane(user_id), "answerInlineQuery", params)
