"""Issue 16: less CPU per update, and nothing else changes.

A Bot API call with plain JSON parameters skips python-telegram-bot's ``do_api_request``
(parameter objects built and read back, a silenced warning at every call): Telegram must
receive the very same body, and the bot must get the very same result or error.
"""

from __future__ import annotations

import asyncio
from datetime import UTC
from pathlib import Path
from typing import Any

import pytest
from served import TOKEN
from telegram import Bot

from bot.telegram import api
from bot.telegram.app import Config
from bot.telegram.runner import make_bot

import fake_bot_api
from fake_bot_api import FakeBotApi

TEXT = "Law 27B1(b): 5 & 6 + 7% — ♠ ♥ « ok »\n<b>Director</b>: the 1♠ call stands?"
MARKUP = {"inline_keyboard": [[{"text": "Yes, at once", "callback_data": "a:42:3:0"}]]}
PARSE = fake_bot_api._params
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("sendMessage", {"chat_id": 42, "text": TEXT, "parse_mode": "HTML", "reply_markup": MARKUP}),
    ("sendMessage", {"chat_id": 43, "text": "no buttons", "reply_markup": None}),
    ("editMessageReplyMarkup", {"chat_id": 42, "message_id": 1, "reply_markup": {}}),
    ("answerCallbackQuery", {"callback_query_id": "7", "text": "Expired", "show_alert": True}),
    ("getUpdates", {"timeout": 0, "allowed_updates": ("message", None, "callback_query")}),
    ("setMyCommands", {"commands": [{"command": "law", "description": "A law"}]}),
    ("getChatMember", {"chat_id": -100, "user_id": 1}),
    ("deleteMyCommands", {}),  # answered 404 below: an endpoint Telegram does not know
    *[("sendMessage", {"chat_id": -100, "text": f"flood {i}"}) for i in range(21)],
]


def _run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, through_library: bool, token: str = TOKEN
) -> tuple[list[str], list[Any]]:
    """(the bodies Telegram received, what each call gave) on a fresh fake Bot API."""
    bodies: list[str] = []

    def recording(content_type: str, body: str) -> dict[str, Any]:
        bodies.append(f"{content_type}|{body}")
        return PARSE(content_type, body)

    monkeypatch.setattr(fake_bot_api, "_params", recording)
    with FakeBotApi(TOKEN) as telegram:
        answer = telegram.answer

        def unknown_method(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            if method == "deleteMyCommands":
                return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
            return answer(method, params)

        monkeypatch.setattr(telegram, "answer", unknown_method)

        async def go() -> list[Any]:
            bot = make_bot(Config(token, telegram.base_url, tmp_path / "db.sqlite3"))
            assert api._lean_request(bot, "sendMessage") is not None  # the way measured here
            found: list[Any] = []
            try:
                for initialise in (False, token == TOKEN):
                    if initialise:
                        await bot.initialize()
                    for method, params in CALLS:
                        found.append(await _call(bot, method, params, through_library))
            finally:
                await bot.shutdown()
            return found

        results = asyncio.run(go())
    return bodies, results


async def _call(bot: Bot, method: str, params: dict[str, Any], through_library: bool) -> Any:
    try:
        if through_library:
            result = await bot.do_api_request(method, api_kwargs=dict(params))
        else:
            result = await api.call(bot, method, dict(params))
    except Exception as error:
        return (type(error).__name__, str(error), type(error.__cause__).__name__)
    if isinstance(result, dict):
        result.pop("date", None)  # the clock, not the call
    return result


def test_a_call_posts_and_reads_exactly_what_the_library_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = _run(tmp_path, monkeypatch, through_library=True)
    lean = _run(tmp_path, monkeypatch, through_library=False)
    assert lean == library
    bodies, results = lean
    assert all(body.startswith("application/json") for body in bodies)
    assert results[len(CALLS) + 7][:2] == (
        "EndPointNotFound",
        "Endpoint 'deleteMyCommands' not found in Bot API",
    )
    assert results[len(CALLS) - 1][0] == "RetryAfter"  # a flooded group is told to wait


def test_a_rejected_token_is_said_as_the_library_says_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = _run(tmp_path, monkeypatch, through_library=True, token="1:WRONG")
    lean = _run(tmp_path, monkeypatch, through_library=False, token="1:WRONG")
    assert lean == library
    assert lean[1][0][0] == "InvalidToken"


def test_a_value_the_library_converts_still_goes_through_it() -> None:
    from datetime import datetime

    assert api._plain({"a": 1, "b": None, "c": ("x", "y")}) == {"a": 1, "c": ["x", "y"]}
    assert api._plain({"c": ["x", None]}) is None  # the library drops the None: its way
    assert api._plain({"until_date": datetime(2026, 1, 1, tzinfo=UTC)}) is None
    assert api._plain({"media": [object()]}) is None


# -- a stored conversation read back again -------------------------------------------------

GROUP = -100777


def test_a_lookup_beside_an_open_incident_repeats_its_question_each_time(tmp_path: Path) -> None:
    from telegram_fakes import Harness, run

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            question = "Was it his turn to call when he made the insufficient bid?"
            assert question in h.request.texts(GROUP)[-1]
            for law in ("27", "27B1", "16"):
                await h.send(h.updates.message(f"/law {law}", user=5, chat=GROUP))
                said = h.request.texts(GROUP)[-1]
                assert f"Law {law[:2]}" in said and question in said
            await h.send(h.updates.message("/law 27", user=6, chat=GROUP))  # someone else
            assert question not in h.request.texts(GROUP)[-1]

    run(scenario)


def test_a_conversation_read_back_whole_before_is_checked_again_once_it_changes(
    tmp_path: Path,
) -> None:
    import json
    import sqlite3

    from telegram_fakes import Harness, run

    async def scenario() -> None:
        db = tmp_path / "bot.sqlite3"
        async with Harness(db) as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            await h.send(h.updates.message("/law 27", user=5, chat=GROUP))  # read back whole
            broken = {"topic": "no_such_topic", "pending": "x", "version": "?"}
            with sqlite3.connect(db) as connection:
                connection.execute(
                    "UPDATE conversations SET data = ? WHERE user_id = 5", (json.dumps(broken),)
                )
            await h.send(h.updates.message("/law 27", user=5, chat=GROUP))
            assert "couldn't read back the incident" in " ".join(h.request.texts(GROUP)[-2:])

    run(scenario)


# -- a message is read once, when it is stored ----------------------------------------------


@pytest.mark.parametrize(
    "text", ["/law 27", "/ruling he bid out of turn \ud83c", "@rulingbot what now?", "hello all"]
)
def test_a_message_taken_as_stored_reads_as_the_inbox_holds_it(tmp_path: Path, text: str) -> None:
    import json

    from bot.telegram.incoming import Identity, parse
    from bot.telegram.store import Store

    from telegram_fakes import Updates

    me = Identity(999, "rulingbot")
    store = Store(tmp_path / "bot.sqlite3")
    try:
        update = Updates().message(text, user=5, chat=GROUP)
        keys = store.ingest([update], me)
        if text == "hello all":  # not for the bot: handled as it is stored, nothing kept
            assert keys == [] and store.fresh == {}
            return
        (stored,) = store.db.execute("SELECT raw FROM inbox").fetchone()
        row = store.next_pending(keys[0])
        assert row is not None and row.parsed is not None
        assert row.raw == json.loads(stored)  # a lone surrogate replaced in both
        assert row.parsed == (me, parse(json.loads(stored), me))
        assert store.fresh == {}  # taken: read from the inbox if it is ever taken again
        again = store.next_pending(keys[0])
        assert again is not None and again.parsed is None and again.raw == row.raw
    finally:
        store.close()


def test_a_fixed_sentence_is_the_same_each_time_and_a_sentence_with_words_is_not_kept() -> None:
    from bot.telegram.texts import Texts

    texts = Texts()
    first = texts("describe_placeholder")
    assert texts("describe_placeholder") == first and "\n" not in first
    assert texts("bot_short_description", edition="WBF 2017") != texts(
        "bot_short_description", edition="EBU 2025"
    )
    assert "bot_short_description" not in texts.fixed
    with pytest.raises(LookupError):
        texts("no_such_sentence")
