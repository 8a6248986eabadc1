"""Issue 15 with the real `rulingbot serve` process: the edges an operator meets on a bad day.

Each test is what Telegram, a user or the operator did (a poison update, a
deleted file, a held lock) and what users or the operator then saw.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from served import TOKEN, ServedBot
from test_serve_reliability import (
    _free_port,
    _post,
    _wait_answered,
    _webhook_bot,
)

from fake_bot_api import FakeBotApi

LONE_SURROGATE = "\ud800"
HUGE = 2**63


def _wait(condition: Any, what: str, bot: ServedBot, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}:\n{bot.log_text()}"
        time.sleep(0.05)


# -- 1: a poison update never takes the bot down --------------------------------------------------


def test_a_poison_update_is_set_aside_and_polling_goes_on(tmp_path: Path) -> None:
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        api.user_says(f"insufficient bid {LONE_SURROGATE}", user=2101)
        api.user_says("insufficient bid", user=2102)
        too_big_chat = api.message("insufficient bid", user=2103)
        too_big_chat["message"]["chat"]["id"] = HUGE
        api._queue(too_big_chat)
        bot.start()
        _wait_answered(api, [2101, 2102], 2)
        _wait(lambda: api.pending_updates() == 0, "the batch was never confirmed", bot)
        polls = api.polls
        with api.lock:  # an update id no database integer holds, last in its batch
            api.updates.append({"update_id": HUGE, **api.message("insufficient bid", user=2104)})
            api.lock.notify_all()
        _wait(lambda: api.pending_updates() == 0, "the huge id was never confirmed", bot)
        bot.wait_polling(api.polls)
        assert api.polls > polls and bot.alive()
        bot.kill()
    log = bot.log.read_text()
    assert log.count("set aside") == 2, log
    assert "Traceback" not in log


def test_a_poison_update_posted_to_the_webhook_is_confirmed_not_refused_for_ever(
    tmp_path: Path,
) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    with FakeBotApi(TOKEN) as api:
        bot = _webhook_bot(api, tmp_path, url, port, RULINGBOT_WEBHOOK_SECRET="s3cret")
        surrogate = api.update_for(f"insufficient bid {LONE_SURROGATE}", 2201)
        huge = {**api.update_for("insufficient bid", 2202), "update_id": HUGE}
        statuses = []
        for update in (surrogate, huge):
            status = 0
            for _ in range(200):  # the server may still be binding its port
                status = _post(url, update, "s3cret")
                if status:
                    break
                time.sleep(0.05)
            statuses.append(status)
        assert statuses == [200, 200], bot.log_text()
        _wait_answered(api, [2201], 1)
        assert _post(url, api.update_for("insufficient bid", 2203), "s3cret") == 200
        _wait_answered(api, [2203], 1)
        bot.kill()
    assert "set aside" in bot.log.read_text()


# -- 8: no getChatMember for a private button press ------------------------------------------------


def _buttons(api: FakeBotApi, chat: int) -> tuple[int, list[dict[str, Any]]]:
    """The message id and buttons of the last question sent to a chat."""
    for sent in reversed(api.messages_to(chat)):
        rows = (sent.get("reply_markup") or {}).get("inline_keyboard")
        if rows and sent.get("method") == "sendMessage":
            return int(sent["message_id"]), [b for row in rows for b in row]
    raise AssertionError(f"no buttons in chat {chat}")


def test_private_button_presses_ask_telegram_nothing_about_membership(tmp_path: Path) -> None:
    user = 2301
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=user)
        _wait_answered(api, [user], 1)
        for press in (1, 2):
            message_id, buttons = _buttons(api, user)
            api.press(buttons[0]["callback_data"], message_id, user=user)
            pressed = lambda count=press: api.calls["answerCallbackQuery"] == count  # noqa: E731
            _wait(pressed, "press unanswered", bot)
        _wait(lambda: len(api.messages_to(user)) >= 4, "no question after the presses", bot)
        bot.kill()
    assert api.calls["getChatMember"] == 0
