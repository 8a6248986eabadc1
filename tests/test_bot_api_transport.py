"""Issue 16: replies go to the Bot API as one JSON body, and arrive exactly as written.

python-telegram-bot posts each call as a form, percent-encoding every parameter in
Python; the bot posts the same parameters as JSON instead (cheaper per reply). What
Telegram receives, and what the bot makes of Telegram's answers, must not change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from served import TOKEN
from telegram.error import RetryAfter

from bot.telegram import api
from bot.telegram.app import Config
from bot.telegram.runner import make_bot

import fake_bot_api
from fake_bot_api import FakeBotApi

TEXT = "Law 27B1(b): 5 & 6 + 7% — ♠ ♥ « ok »\n<b>Director</b>: the 1♠ call stands?a=1&b=2"
MARKUP = {"inline_keyboard": [[{"text": "Yes, at once", "callback_data": "a:42:3:0"}]]}


def _calls(base: FakeBotApi, tmp_path: Path, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    async def go() -> list[Any]:
        bot = make_bot(Config(TOKEN, base.base_url, tmp_path / "db.sqlite3"))
        await bot.initialize()
        try:
            found = []
            for method, params in calls:
                try:
                    found.append(await api.call(bot, method, params))
                except Exception as error:
                    found.append(error)
            return found
        finally:
            await bot.shutdown()

    return asyncio.run(go())


def test_a_reply_arrives_exactly_as_written_in_one_json_body(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bodies: list[str] = []
    parse = fake_bot_api._params

    def recording(content_type: str, body: str) -> dict[str, Any]:
        bodies.append(content_type)
        return parse(content_type, body)

    monkeypatch.setattr(fake_bot_api, "_params", recording)
    with FakeBotApi(TOKEN) as telegram:
        params = {"chat_id": 42, "text": TEXT, "parse_mode": "HTML", "reply_markup": MARKUP}
        (result,) = _calls(telegram, tmp_path, ("sendMessage", params))
        sent = telegram.messages_to(42)
    assert sent[0]["text"] == TEXT
    assert sent[0]["reply_markup"] == MARKUP
    assert sent[0]["chat_id"] == 42 and sent[0]["parse_mode"] == "HTML"
    assert result["message_id"] == sent[0]["message_id"]  # Telegram's answer, read back
    assert bodies[-1].startswith("application/json")


def test_telegram_asking_a_group_to_slow_down_is_still_a_flood_wait(tmp_path: Path) -> None:
    count, _ = fake_bot_api.GROUP_LIMIT
    with FakeBotApi(TOKEN) as telegram:
        calls = [("sendMessage", {"chat_id": -100, "text": f"reply {i}"}) for i in range(count + 1)]
        found = _calls(telegram, tmp_path, *calls)
    assert len(telegram.messages_to(-100)) == count
    assert isinstance(found[-1], RetryAfter)  # the sender parks the group's lane, not the bot
