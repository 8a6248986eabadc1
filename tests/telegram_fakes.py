"""A fake Bot API transport and crafted updates, so Telegram tests run offline.

``FakeRequest`` subclasses python-telegram-bot's ``BaseRequest``: every Bot API
call is recorded and answered the way Telegram would, so tests assert on what
users would see (the messages sent, the buttons, the alerts).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from telegram import Bot
from telegram.request import BaseRequest, RequestData

from bot.dialogue.engine import Dialogue
from bot.telegram.ratelimit import Limits
from bot.telegram.runner import Runtime, make_dialogue
from bot.telegram.store import Store

BOT = {"id": 999, "is_bot": True, "first_name": "Ruling", "username": "rulingbot"}
ADMINS = {1}
ANONYMOUS_ADMIN = 1087968824


@dataclass
class Call:
    method: str
    params: dict[str, Any]


@dataclass
class FakeRequest(BaseRequest):
    calls: list[Call] = field(default_factory=list)
    troubles: list[tuple[str, str, Exception, bool]] = field(default_factory=list)
    """(method, text in it, error, delivered): the next such call fails (after delivery, if so)."""
    members: dict[tuple[int, int], str] = field(default_factory=dict)
    """(chat, user) -> status for getChatMember; else creator for ADMINS, member otherwise."""
    message_ids: itertools.count = field(default_factory=lambda: itertools.count(1000))  # type: ignore[type-arg]

    @property
    def read_timeout(self) -> float | None:
        return 1.0

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: Any = None,
        write_timeout: Any = None,
        connect_timeout: Any = None,
        pool_timeout: Any = None,
    ) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        params = dict(request_data.parameters) if request_data else {}
        for trouble in self.troubles:
            method, needle, error, delivered = trouble
            if method == name and needle in str(params.get("text", "")):
                self.troubles.remove(trouble)
                if delivered:
                    self.calls.append(Call(name, params))
                raise error
        self.calls.append(Call(name, params))
        return 200, json.dumps({"ok": True, "result": self._result(name, params)}).encode()

    def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return BOT
        if method in ("sendMessage", "editMessageText", "editMessageReplyMarkup"):
            chat_id = params.get("chat_id", 1)
            return {
                "message_id": next(self.message_ids),
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private" if int(chat_id) > 0 else "supergroup"},
                "from": BOT,
                "text": params.get("text", ""),
            }
        if method == "getChatMember":
            user = {"id": params["user_id"], "is_bot": False, "first_name": "U"}
            chosen = self.members.get((int(params["chat_id"]), int(params["user_id"])))
            if chosen:
                return {"status": chosen, "user": user}
            if int(params["user_id"]) in ADMINS:
                return {"status": "creator", "user": user, "is_anonymous": False}
            return {"status": "member", "user": user}
        return True

    # -- what users saw ------------------------------------------------------------------------
    def sent(self, chat_id: int | None = None) -> list[Call]:
        return [
            c
            for c in self.calls
            if c.method == "sendMessage" and (chat_id is None or c.params["chat_id"] == chat_id)
        ]

    def texts(self, chat_id: int | None = None) -> list[str]:
        return [str(c.params["text"]) for c in self.sent(chat_id)]

    def alerts(self) -> list[dict[str, Any]]:
        return [c.params for c in self.calls if c.method == "answerCallbackQuery"]

    def last_buttons(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        for call in reversed(self.sent(chat_id)):
            markup = call.params.get("reply_markup")
            if isinstance(markup, str):
                markup = json.loads(markup)
            if markup and "inline_keyboard" in markup:
                buttons = [b for row in markup["inline_keyboard"] for b in row]
                if any("callback_data" in b for b in buttons):
                    return buttons
        return []

    def clear(self) -> None:
        self.calls.clear()


class Updates:
    """Crafted updates, numbered like Telegram's."""

    def __init__(self, first: int = 1) -> None:
        self.ids = itertools.count(first)
        self.message_ids = itertools.count(first)
        self.names: dict[int, str] = {}
        """First names to give some users (default Player<id>)."""

    def _user(self, user_id: int) -> dict[str, Any]:
        name = self.names.get(user_id, f"Player{user_id}")
        return {"id": user_id, "is_bot": False, "first_name": name}

    def _chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": "P"}
        if chat_id > -1_000_000_000_000:
            return {"id": chat_id, "type": "group", "title": "Club"}
        return {"id": chat_id, "type": "supergroup", "title": "Club"}

    def anonymous_admin(self, text: str, *, chat: int) -> dict[str, Any]:
        """A message an admin posts as the group itself."""
        update = self.message(text, user=ANONYMOUS_ADMIN, chat=chat)
        update["message"]["sender_chat"] = self._chat(chat)
        return update

    def migration(self, old: int, new: int) -> list[dict[str, Any]]:
        """The two service messages Telegram sends when a group becomes a supergroup."""
        first = self.message("", chat=old, migrate_to_chat_id=new)
        second = self.message("", chat=new, migrate_from_chat_id=old)
        return [first, second]

    def message(
        self,
        text: str,
        *,
        user: int = 1,
        chat: int | None = None,
        reply_to_bot: bool = False,
        **extra: Any,
    ) -> dict[str, Any]:
        chat_id = user if chat is None else chat
        message: dict[str, Any] = {
            "message_id": next(self.message_ids),
            "date": int(time.time()),
            "chat": self._chat(chat_id),
            "from": self._user(user),
            **extra,
        }
        if text:
            message["text"] = text
            if text.startswith("/"):
                command = text.split()[0]
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        if reply_to_bot:
            message["reply_to_message"] = {
                "message_id": 1,
                "date": int(time.time()),
                "chat": self._chat(chat_id),
                "from": BOT,
                "text": "question",
            }
        return {"update_id": next(self.ids), "message": message}

    def press(
        self, data: str, *, user: int = 1, chat: int | None = None, message_id: int = 77
    ) -> dict[str, Any]:
        chat_id = user if chat is None else chat
        return {
            "update_id": next(self.ids),
            "callback_query": {
                "id": str(next(self.ids)),
                "from": self._user(user),
                "chat_instance": "ci",
                "data": data,
                "message": {
                    "message_id": message_id,
                    "date": int(time.time()),
                    "chat": self._chat(chat_id),
                    "from": BOT,
                    "text": "question",
                },
            },
        }

    def inline(self, query: str, *, user: int = 1) -> dict[str, Any]:
        return {
            "update_id": next(self.ids),
            "inline_query": {
                "id": str(next(self.ids)),
                "from": self._user(user),
                "query": query,
                "offset": "",
            },
        }

    def edited(self, text: str, *, user: int = 1) -> dict[str, Any]:
        update = self.message(text, user=user)
        update["edited_message"] = update.pop("message")
        update["edited_message"]["edit_date"] = int(time.time())
        return update

    def channel_post(self, text: str) -> dict[str, Any]:
        return {
            "update_id": next(self.ids),
            "channel_post": {
                "message_id": next(self.message_ids),
                "date": int(time.time()),
                "chat": {"id": -100500, "type": "channel", "title": "News"},
                "text": text,
            },
        }


@lru_cache(maxsize=1)
def shared_dialogue() -> Dialogue:
    return make_dialogue()


NO_WAITING = Limits(overall=(10_000, 1.0), group=(10_000, 1.0))


class Harness:
    """The bot's real runtime (inbox, workers, outbox, senders) over the fake transport."""

    def __init__(self, db: Path, limits: Limits | None = None) -> None:
        self.request = FakeRequest()
        self.db = db
        self.updates = Updates()
        self.store = Store(db)
        bot = Bot("123456:TEST-TOKEN", request=self.request, get_updates_request=self.request)
        self.runtime = Runtime(self.store, shared_dialogue(), bot, limits or NO_WAITING)

    async def __aenter__(self) -> Harness:
        await self.runtime.start()
        await self.runtime.register_commands()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.runtime.stop()
        self.store.close()

    async def send(self, payload: dict[str, Any]) -> None:
        """Deliver an update as the webhook would, and wait until it is handled and answered."""
        await self.runtime.receive(payload)
        await self.runtime.settle()


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(scenario())  # type: ignore[arg-type]
