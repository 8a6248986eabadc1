"""The Telegram bot as private users and club group members see it (offline, fake transport)."""

from __future__ import annotations

from pathlib import Path

from bot.telegram.app import COMMANDS
from bot.telegram.callbacks import Answer, decode
from bot.telegram.callbacks import answer as encode
from bot.telegram.store import Store

from telegram_fakes import Harness, Updates, run

GROUP = -100123


def _press_button(h: Harness, label_start: str, *, user: int = 1, chat: int | None = None):  # type: ignore[no-untyped-def]
    buttons = h.request.last_buttons(chat)
    data = next(b["callback_data"] for b in buttons if b["text"].startswith(label_start))
    return h.updates.press(data, user=user, chat=chat)


def test_private_conversation_from_start_to_ruling(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/start"))
            assert "Tell me what happened" in h.request.texts()[-1]
            await h.send(h.updates.message("insufficient bid"))
            texts = h.request.texts()
            assert any("Insufficient bid" in t for t in texts)
            assert "<b>Was it his turn" in texts[-1]  # HTML parse mode
            await h.send(_press_button(h, "Yes, his turn"))
            await h.send(_press_button(h, "Yes, accepted"))
            headline = h.request.texts()[-1]
            assert "accepted the insufficient bid" in headline and "(Law 27A1)" in headline
            await h.send(_press_button(h, "Full ruling"))
            edit = next(c for c in reversed(h.request.calls) if c.method == "editMessageText")
            ruling = edit.params["text"]
            assert "<b>Ruling: Insufficient bid</b>" in ruling
            assert "27A1" in ruling
            sent = h.request.sent()[-1].params
            assert sent["parse_mode"] == "HTML"
            store = Store(h.db)
            assert store.rulings()[-1]["citations"] == ["27A1"]

    run(scenario)


def test_command_menu_registered_for_private_and_group_chats(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            menus = [c for c in h.request.calls if c.method == "setMyCommands"]
            scopes = {str(c.params["scope"]["type"]) for c in menus}
            assert scopes == {"all_private_chats", "all_group_chats"}
            names = {cmd["command"] for cmd in menus[0].params["commands"]}
            assert names == {name for name, _ in COMMANDS}

    run(scenario)


def test_ruling_command_with_description_and_typed_answers(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling bid 8 spades"))
            assert "LHO (the next player after him) call after it" in h.request.texts()[-1]
            await h.send(h.updates.message("no, not yet"))
            assert "38B" in h.request.texts()[-1]

    run(scenario)


def test_law_lookup_command(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/law 27B1"))
            assert "Law 27B1" in h.request.texts()[-1]
            await h.send(h.updates.message("/law 27"))
            assert "Insufficient Bid" in h.request.texts()[-1]

    run(scenario)


def test_score_command_answers_in_words_and_keeps_the_incident(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid"))
            await h.send(h.updates.message("/score 4SX by N vul 8"))
            answer = h.request.texts()[-1]
            assert "two down, −500 to N-S (+500 to E-W)" in answer
            assert "<b>Was it his turn" in answer  # the open question comes back
            assert Store(h.db).conversation(1, 1)["topic"] == "insufficient_bid"  # type: ignore[index]
            await h.send(h.updates.message("/score"))
            assert "/score 4S N 10" in h.request.texts()[-1]
            await h.send(h.updates.message("/score my partner revoked"))
            assert "couldn't find a contract" in h.request.texts()[-1]
            assert Store(h.db).conversation(1, 1)["topic"] == "insufficient_bid"  # type: ignore[index]

    run(scenario)


def test_group_members_have_their_own_incidents_and_buttons(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=1, chat=GROUP))
            own_buttons = h.request.last_buttons(GROUP)
            question = next(b for b in own_buttons if b["text"].startswith("Yes"))
            # another member presses the first member's button: an alert, nothing changes
            await h.send(h.updates.press(question["callback_data"], user=2, chat=GROUP))
            alert = h.request.alerts()[-1]
            assert alert.get("show_alert") and "someone else" in alert["text"]
            store = Store(h.db)
            assert store.conversation(GROUP, 1)["pending"] == "in_rotation"  # type: ignore[index]
            # member 2 starts an incident of his own in the same group
            await h.send(h.updates.message("/ruling bid 8 spades", user=2, chat=GROUP))
            assert store.conversation(GROUP, 2)["topic"] == "bid_above_seven"  # type: ignore[index]
            assert store.conversation(GROUP, 1)["topic"] == "insufficient_bid"  # type: ignore[index]
            # the owner's press still works
            await h.send(h.updates.press(question["callback_data"], user=1, chat=GROUP))
            assert store.conversation(GROUP, 1)["pending"] == "accepted"  # type: ignore[index]

    run(scenario)


def test_group_chatter_is_ignored_but_replies_and_mentions_are_answered(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("anyone for coffee?", chat=GROUP))
            assert h.request.sent() == []
            await h.send(h.updates.message("@rulingbot insufficient bid", chat=GROUP))
            assert any("Insufficient bid" in t for t in h.request.texts(GROUP))
            asked = h.request.sent(GROUP)
            assert any("Continue in a private chat" in str(c.params) for c in asked)
            await h.send(h.updates.message("yes", chat=GROUP, reply_to_bot=True))
            assert "accept" in h.request.texts(GROUP)[-1]

    run(scenario)


def test_describe_prompt_in_a_group_asks_with_a_selective_force_reply(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling", chat=GROUP))
            markup = h.request.sent(GROUP)[-1].params["reply_markup"]
            assert markup["force_reply"] is True and markup["selective"] is True

    run(scenario)


def test_incident_moves_to_private_chat_and_ruling_posts_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            await h.send(h.updates.message(f"/start move_{abs(GROUP)}", user=5))
            assert "moved here" in h.request.texts(5)[-2]
            await h.send(_press_button(h, "Yes, his turn", user=5, chat=5))
            await h.send(_press_button(h, "Yes, accepted", user=5, chat=5))
            assert "27A1" in h.request.texts(5)[-2]
            post = next(b for b in h.request.last_buttons(5) if "Post" in b["text"])
            await h.send(h.updates.press(post["callback_data"], user=5, chat=5))
            posted = h.request.texts(GROUP)[-1]
            assert "Ruling for Player5" in posted and "27A1" in posted

    run(scenario)


def test_stale_and_foreign_callback_data_get_an_expired_alert(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("insufficient bid"))
            await h.send(h.updates.press(encode(1, 99, 0)))  # an old question
            assert "expired" in h.request.alerts()[-1]["text"]
            await h.send(h.updates.press("garbage-from-an-old-version"))
            assert "expired" in h.request.alerts()[-1]["text"]

    run(scenario)


def test_button_after_a_restart_still_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = tmp_path / "bot.sqlite3"
        async with Harness(db) as h:
            await h.send(h.updates.message("insufficient bid"))
            data = h.request.last_buttons()[0]["callback_data"]
        async with Harness(db) as h2:  # a new process over the same database
            h2.updates = Updates(first=1000)  # Telegram's ids go on rising
            await h2.send(h2.updates.press(data))
            assert "accept" in h2.request.texts()[-1]

    run(scenario)


def test_inline_mode_lists_matching_topics_with_a_card(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.inline("insufficient bid"))
            answer = next(c for c in h.request.calls if c.method == "answerInlineQuery")
            results = answer.params["results"]
            assert results[0]["id"] == "insufficient_bid"
            assert results[0]["description"]
            card = results[0]["input_message_content"]["message_text"]
            assert "27" in card and "Insufficient bid" in card

    run(scenario)


def test_settings_by_group_admins_only(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/settings", user=2, chat=GROUP))
            assert "only the group's administrators" in h.request.texts(GROUP)[-1]
            await h.send(h.updates.message("/settings", user=1, chat=GROUP))
            buttons = h.request.last_buttons(GROUP)
            ebu = next(b for b in buttons if b["text"].endswith("EBU"))
            await h.send(h.updates.press(ebu["callback_data"], user=2, chat=GROUP))
            assert "administrators" in h.request.alerts()[-1]["text"]
            await h.send(h.updates.press(ebu["callback_data"], user=1, chat=GROUP))
            assert Store(h.db).settings(GROUP)["jurisdiction"] == "EBU"
            director = next(b for b in buttons if b["text"].endswith("Director"))
            await h.send(h.updates.press(director["callback_data"], user=1, chat=GROUP))
            story = "/ruling pulled 1S out of the box meaning 1H, nobody has called"
            await h.send(h.updates.message(story, user=3, chat=GROUP))
            await h.send(h.updates.message("yes, legal", user=3, chat=GROUP, reply_to_bot=True))
            headline = h.request.texts(GROUP)[-1]
            assert "TD judges: slip?" in headline  # director style: the short caveat
            await h.send(_press_button(h, "Full ruling", user=3, chat=GROUP))
            edit = next(c for c in reversed(h.request.calls) if c.method == "editMessageText")
            ruling = edit.params["text"]
            assert "<b>Regulations</b> (English Bridge Union; source: EBU Blue Book" in ruling
            assert "left the box with apparent intent" in ruling
            assert "Based on" not in ruling  # director style is shorter

    run(scenario)


def test_odd_updates_are_handled_without_errors(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            photo = [{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}]
            await h.send(h.updates.message("", photo=photo))
            assert "only read text" in h.request.texts()[-1]
            sticker = {
                "file_id": "s",
                "file_unique_id": "su",
                "type": "regular",
                "width": 1,
                "height": 1,
                "is_animated": False,
                "is_video": False,
            }
            await h.send(h.updates.message("", sticker=sticker))
            voice = {"file_id": "v", "file_unique_id": "vu", "duration": 1}
            await h.send(h.updates.message("", voice=voice))
            assert h.request.texts()[-1] == h.request.texts()[-2]
            await h.send(h.updates.message("x" * 4000))
            await h.send(h.updates.message("/frobnicate"))
            assert "don't know that command" in h.request.texts()[-1]
            before = len(h.request.sent())
            await h.send(h.updates.edited("insufficient bid"))
            await h.send(h.updates.channel_post("insufficient bid"))
            assert len(h.request.sent()) == before
            assert not any("went wrong" in t for t in h.request.texts())

    run(scenario)


def test_redelivered_update_is_not_handled_twice(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            update = h.updates.message("insufficient bid")
            await h.send(update)
            count = len(h.request.sent())
            await h.send(update)
            assert len(h.request.sent()) == count

    run(scenario)


def test_callback_data_fits_telegram_limit() -> None:
    data = encode(9_999_999_999_999, 10_000_000, 99)
    assert len(data.encode()) <= 64
    press = decode(data)
    assert isinstance(press, Answer) and press.owner == 9_999_999_999_999


def test_an_internal_error_gets_a_brief_apology_not_a_traceback(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            dialogue = h.runtime.dialogue
            await h.send(h.updates.message("insufficient bid"))
            before = Store(h.db).conversation(1, 1)

            def broken(*args: object, **kwargs: object) -> None:
                raise RuntimeError("boom")

            original = dialogue.handle
            dialogue.handle = broken  # type: ignore[method-assign]
            try:
                await h.send(h.updates.message("yes"))
            finally:
                dialogue.handle = original  # type: ignore[method-assign]
            reply = h.request.texts()[-1]
            assert "something went wrong" in reply and "still open" in reply
            assert "Traceback" not in reply and "boom" not in reply
            assert Store(h.db).conversation(1, 1) == before  # the incident is kept
            await h.send(h.updates.message("yes"))
            assert "accept" in h.request.texts()[-1]

    run(scenario)


def test_long_text_is_split_at_line_breaks_within_telegram_limit() -> None:
    from bot.telegram.replies import split_for_telegram

    text = "\n".join(f"line {i} " + "x" * 90 for i in range(100))
    pieces = split_for_telegram(text)
    assert len(pieces) > 1
    assert all(len(p) <= 4096 for p in pieces)
    assert "\n".join(pieces) == text
