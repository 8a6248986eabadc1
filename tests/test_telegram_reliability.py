"""Issue 10 in-process: what users of the Telegram bot would notice when things go wrong.

Each test drives the bot's real runtime (inbox, workers, outbox, sender)
over a fake transport and asserts on what reached the chat and what is stored.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from telegram.error import TimedOut

from bot.dialogue.engine import Turn
from bot.telegram import callbacks
from bot.telegram.app import RedactToken, redact
from bot.telegram.store import Retention, Store

from telegram_fakes import Harness, Updates, run

GROUP = -100123
SUPERGROUP = -1001234567890


def _press(
    h: Harness, label_start: str, *, user: int = 1, chat: int | None = None
) -> dict[str, Any]:
    buttons = h.request.last_buttons(chat)
    data = next(b["callback_data"] for b in buttons if b["text"].startswith(label_start))
    return h.updates.press(data, user=user, chat=chat)


def _sent_after(h: Harness, count: int) -> list[str]:
    return [c.method for c in h.request.calls[count:]]


# -- 2: a send that timed out although Telegram delivered it -------------------------------


def test_a_question_delivered_despite_a_timeout_still_takes_its_answer(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("insufficient bid"))
            # the next question reaches the user, but the bot hears back too late
            h.request.troubles.append(("sendMessage", "accept the", TimedOut(), True))
            await h.send(_press(h, "Yes, his turn"))
            questions = [t for t in h.request.texts() if "accept the insufficient bid" in t]
            assert len(questions) == 2  # delivered, then sent again: seen twice, never lost
            await h.send(_press(h, "Yes, accepted"))
            assert "27A1" in h.request.texts()[-1]
            assert not any("expired" in a.get("text", "") for a in h.request.alerts())
            assert [r["citations"] for r in Store(h.db).rulings()] == [["27A1"]]

    run(scenario)


# -- 3: a redelivered /ruling --------------------------------------------------------------


def test_a_redelivered_ruling_command_does_not_wipe_the_incident(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            command = h.updates.message("/ruling insufficient bid")
            await h.send(command)
            await h.send(_press(h, "Yes, his turn"))
            stored = Store(h.db).conversation(1, 1)
            before = len(h.request.calls)
            await h.send(command)  # Telegram sends it again (its 200 was lost)
            assert _sent_after(h, before) == []
            assert Store(h.db).conversation(1, 1) == stored
            assert stored is not None and stored["pending"] == "accepted"

    run(scenario)


# -- 6: forged callbacks and deep links ----------------------------------------------------


def test_forged_answer_buttons_are_refused_quietly(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", chat=GROUP))
            stored = Store(h.db).conversation(GROUP, 1)
            assert stored is not None
            asked = stored["asked"]
            before = len(h.request.calls)
            for data in (
                f"a|1|{asked}|-99",
                f"a|1|{asked}|-1",
                f"a|1|{asked}|99",
                f"a|1|{asked}|²",
                "a|1|1|1|1",
                "full|-5",
                "full|99999",
                f"post|1|{GROUP}",
                "set|style|evil",
                "x" * 64,
            ):
                await h.send(h.updates.press(data, chat=GROUP))
            methods = [m for m in _sent_after(h, before) if m != "getChatMember"]
            assert methods == ["answerCallbackQuery"] * 10
            assert Store(h.db).conversation(GROUP, 1) == stored

    run(scenario)


def test_a_forged_deep_link_gets_the_welcome(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("insufficient bid", user=7))
            stored = Store(h.db).conversation(7, 7)
            for payload in ("move_" + "9" * 30, "move_-5", "move_abc", "move_123"):
                await h.send(h.updates.message(f"/start {payload}", user=7))
                assert "Tell me what happened" in h.request.texts(7)[-1]
            assert Store(h.db).conversation(7, 7) == stored
            assert not any("went wrong" in t for t in h.request.texts())

    run(scenario)


# -- 7: a stored conversation that cannot be read back ---------------------------------------


def test_an_unreadable_conversation_is_set_aside_not_a_lock_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = tmp_path / "bot.sqlite3"
        async with Harness(db) as h:
            await h.send(h.updates.message("insufficient bid", user=3))
            with sqlite3.connect(db) as connection:
                connection.execute("UPDATE conversations SET data = '{not json' WHERE user_id = 3")
            await h.send(h.updates.message("/cancel", user=3))
            assert "couldn't read back the incident" in " ".join(h.request.texts(3)[-2:])
            await h.send(h.updates.message("bid 8 spades", user=3))
            assert "Bid of more than seven" in " ".join(h.request.texts(3)[-3:])
            with sqlite3.connect(db) as connection:
                connection.execute(
                    "UPDATE conversations SET data = ? WHERE user_id = 3",
                    (json.dumps({"topic": "no_such_topic", "pending": "x", "version": "?"}),),
                )
            await h.send(h.updates.message("yes", user=3))
            assert not any("Traceback" in t for t in h.request.texts())
            await h.send(h.updates.message("insufficient bid", user=3))
            assert "Was it his turn" in h.request.texts(3)[-1]

    run(scenario)


# -- 8: groups -------------------------------------------------------------------------------


def test_a_name_is_escaped_once_when_a_ruling_is_posted_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            h.updates.names = {5: "<b>Tom</b> & Co"}
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            await h.send(h.updates.message(f"/start move_{abs(GROUP)}", user=5))
            await h.send(_press(h, "Yes, his turn", user=5, chat=5))
            await h.send(_press(h, "Yes, accepted", user=5, chat=5))
            post = next(b for b in h.request.last_buttons(5) if "Post" in b["text"])
            await h.send(h.updates.press(post["callback_data"], user=5, chat=5))
            posted = h.request.texts(GROUP)[-1]
            assert "Ruling for &lt;b&gt;Tom&lt;/b&gt; &amp; Co:" in posted

    run(scenario)


def test_post_back_posts_only_the_moved_ruling_once_for_a_member(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=5, chat=GROUP))
            await h.send(h.updates.message(f"/start move_{abs(GROUP)}", user=5))
            await h.send(_press(h, "Yes, his turn", user=5, chat=5))
            await h.send(_press(h, "Yes, accepted", user=5, chat=5))
            post = next(b for b in h.request.last_buttons(5) if "Post" in b["text"])
            # a later, unrelated private ruling gets no offer, and does not replace the first
            await h.send(h.updates.message("bid 8 spades", user=5))
            await h.send(h.updates.message("no", user=5))
            assert "38B" in h.request.texts(5)[-1]
            assert not any("Post" in b["text"] for b in h.request.last_buttons(5))
            before = len(h.request.texts(GROUP))
            h.request.members[(GROUP, 5)] = "left"
            await h.send(h.updates.press(post["callback_data"], user=5, chat=5))
            assert "not a member" in h.request.alerts()[-1]["text"]
            assert len(h.request.texts(GROUP)) == before
            del h.request.members[(GROUP, 5)]
            await h.send(h.updates.press(post["callback_data"], user=5, chat=5))
            posted = h.request.texts(GROUP)[before:]
            assert len(posted) == 1 and "27A1" in posted[0] and "38B" not in posted[0]
            await h.send(h.updates.press(post["callback_data"], user=5, chat=5))
            assert "already" in h.request.alerts()[-1]["text"]
            assert len(h.request.texts(GROUP)) == before + 1
            # someone else pressing the (forwarded) button cannot post it
            await h.send(h.updates.press(post["callback_data"], user=6, chat=6))
            assert len(h.request.texts(GROUP)) == before + 1

    run(scenario)


def test_law_without_a_reference_is_never_taken_as_an_incident(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            for text in ("/law", "/law what's this", "/law@rulingbot"):
                await h.send(h.updates.message(text, chat=GROUP))
                reply = h.request.texts(GROUP)[-1]
                assert "couldn't tell which irregularity" not in reply
                assert "/law" in reply or "law 27" in reply or "couldn't find" in reply
                stored = Store(h.db).conversation(GROUP, 1)
                assert stored is None or stored["pending"] is None
            await h.send(h.updates.message("/ruling insufficient bid", chat=GROUP))
            await h.send(h.updates.message("/law", chat=GROUP))
            stored = Store(h.db).conversation(GROUP, 1)
            assert stored is not None and stored["pending"] == "in_rotation"
            assert "Was it his turn" in h.request.texts(GROUP)[-1]  # the question again

    run(scenario)


def test_anonymous_admins_share_an_incident_and_any_admin_may_answer(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.anonymous_admin("/ruling insufficient bid", chat=GROUP))
            question = next(b for b in h.request.last_buttons(GROUP) if b["text"].startswith("Yes"))
            await h.send(h.updates.press(question["callback_data"], user=2, chat=GROUP))
            assert "someone else" in h.request.alerts()[-1]["text"]  # not an admin
            await h.send(h.updates.press(question["callback_data"], user=1, chat=GROUP))
            assert "accept the insufficient bid" in h.request.texts(GROUP)[-1]
            await h.send(h.updates.anonymous_admin("/settings", chat=GROUP))
            assert "Settings" in h.request.texts(GROUP)[-1]
            assert not any("went wrong" in t for t in h.request.texts())

    run(scenario)


def test_a_group_that_becomes_a_supergroup_keeps_settings_and_incidents(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/settings", user=1, chat=GROUP))
            ebu = next(b for b in h.request.last_buttons(GROUP) if b["text"].endswith("EBU"))
            await h.send(h.updates.press(ebu["callback_data"], user=1, chat=GROUP))
            await h.send(h.updates.message("/ruling insufficient bid", user=4, chat=GROUP))
            question = next(b for b in h.request.last_buttons(GROUP) if b["text"].startswith("Yes"))
            for service in h.updates.migration(GROUP, SUPERGROUP):
                await h.send(service)
            store = Store(h.db)
            assert store.settings(SUPERGROUP)["jurisdiction"] == "EBU"
            assert store.conversation(GROUP, 4) is None
            await h.send(h.updates.press(question["callback_data"], user=4, chat=SUPERGROUP))
            assert "accept the insufficient bid" in h.request.texts(SUPERGROUP)[-1]

    run(scenario)


# -- 9: the token never reaches a log, whatever its case or encoding -------------------------


def test_the_token_is_redacted_in_any_case_or_encoding() -> None:
    token = "123456:AbCdEfGhIjKlMnOp_qRsT-uv"
    secret = token.split(":")[1]
    for leaked in (token, token.lower(), token.upper(), token.replace(":", "%3A"), secret.lower()):
        assert secret.lower() not in redact(f"error at /bot{leaked}/sendMessage", token).lower()
    encoded = "".join(f"%{ord(c):02X}" for c in secret)
    assert "<token>" in redact(f"/bot123456%3A{encoded}/getMe", token)
    record = logging.LogRecord(
        "telegram.ext", logging.ERROR, __file__, 1, "Not found: %s", (f"/bot{token.lower()}",), None
    )
    RedactToken(token).filter(record)
    assert secret.lower() not in record.getMessage().lower()


# -- headline first, and the commands that forward to the dialogue ---------------------------


def test_a_headline_expands_into_the_full_ruling_even_after_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = tmp_path / "bot.sqlite3"
        async with Harness(db) as h:
            await h.send(h.updates.message("/ruling insufficient bid", user=2, chat=GROUP))
            await h.send(_press(h, "Yes, his turn", user=2, chat=GROUP))
            await h.send(_press(h, "Yes, accepted", user=2, chat=GROUP))
            headline = h.request.sent(GROUP)[-1].params
            assert "27A1" in headline["text"]
            assert "<b>Ruling: Insufficient bid</b>" not in headline["text"]
            full = headline["reply_markup"]["inline_keyboard"][0][0]
            assert full["text"] == "Full ruling"
        async with Harness(db) as h2:  # a restart: the full text was stored
            h2.updates = Updates(first=1000)
            await h2.send(h2.updates.press(full["callback_data"], user=9, chat=GROUP))
            edit = next(c for c in h2.request.calls if c.method == "editMessageText")
            assert "<b>Ruling: Insufficient bid</b>" in edit.params["text"]
            assert "27A1" in edit.params["text"]
            # the same id pressed in another chat is refused quietly
            before = len(h2.request.calls)
            await h2.send(h2.updates.press(full["callback_data"], user=9, chat=9))
            assert _sent_after(h2, before) == ["answerCallbackQuery"]

    run(scenario)


def test_a_full_ruling_too_long_for_one_message_continues_below(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            ruling_id = Store(h.db).log_ruling(8, 8, "t", "r", ["1A"], "x\n" * 3000, "short")
            await h.send(h.updates.press(callbacks.full_ruling(ruling_id), user=8))
            edits = [c for c in h.request.calls if c.method == "editMessageText"]
            assert len(edits) == 1 and len(edits[0].params["text"]) <= 4096
            assert len(h.request.sent(8)) == 1  # the rest follows as a message

    run(scenario)


def test_score_goes_to_the_dialogue_chart_is_drawn_neither_starts_an_incident(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            heard: list[str] = []
            dialogue = h.runtime.dialogue
            original = dialogue.handle

            def listening(conversation: Any, text: str, **kwargs: Any) -> list[Turn]:
                heard.append(text)
                return original(conversation, text, **kwargs)

            dialogue.handle = listening  # type: ignore[method-assign]
            try:
                await h.send(h.updates.message("/score 4S made 5 vul"))
                await h.send(h.updates.message("/chart insufficient_bid"))
            finally:
                dialogue.handle = original  # type: ignore[method-assign]
            assert heard == ["/score 4S made 5 vul"]  # /chart draws without the dialogue
            assert any(c.method in ("sendPhoto", "sendDocument") for c in h.request.calls)
            stored = Store(h.db).conversation(1, 1)
            assert stored is None or stored["topic"] is None
            assert "couldn't tell which irregularity" not in " ".join(h.request.texts())

    run(scenario)


# -- operations: the database ----------------------------------------------------------------


def test_an_old_database_is_upgraded_with_its_data(tmp_path: Path) -> None:
    from bot.telegram import schema

    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as connection:
        connection.executescript(schema.FIRST_LAYOUT)
        connection.execute('INSERT INTO conversations VALUES (1, 1, \'{"pending": "x"}\', 0)')
        connection.execute("INSERT INTO settings VALUES (-5, 'style', 'director')")
        connection.execute(
            "INSERT INTO rulings (chat_id, user_id, topic, rule, citations, text, created) "
            "VALUES (1, 1, 'insufficient_bid', 'r', '[\"27A1\"]', 'text', 0)"
        )
    store = Store(db)
    assert store.version == schema.SCHEMA_VERSION
    assert store.conversation(1, 1) == {"pending": "x"}
    assert store.settings(-5) == {"style": "director"}
    assert store.rulings()[0]["citations"] == ["27A1"]


def test_retention_forgets_old_things_and_the_per_user_lookup_is_indexed(tmp_path: Path) -> None:
    store = Store(tmp_path / "bot.sqlite3")
    with store.transaction():
        store.save_conversation(1, 1, {"pending": None})
        for _ in range(3):
            store.log_ruling(1, 1, "t", "r", ["1A"], "full text", "headline")
    day = 86400
    now = __import__("time").time()
    assert store.prune(Retention(conversations=30, ruling_text=90, rulings=365), now) == 0
    changed = store.prune(Retention(), now + 31 * day)
    assert changed == 1 and store.conversation(1, 1) is None
    store.prune(Retention(), now + 91 * day)
    assert [r["text"] for r in store.rulings(1, 1)] == ["", "", ""]
    store.prune(Retention(), now + 366 * day)
    assert store.rulings() == []
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN SELECT * FROM rulings WHERE chat_id = 1 AND user_id = 1 "
        "ORDER BY id DESC LIMIT 100"
    ).fetchall()
    assert "rulings_by_user" in " ".join(str(row) for row in plan)


def test_a_ruling_read_from_the_description_offers_to_ask_instead(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            story = "North opened 1NT, East passed, and West bid 2H before South had called"
            await h.send(h.updates.message(story, user=5))
            await h.send(_press(h, "No / not decided", user=5))
            await h.send(_press(h, "Passed after the ruling", user=5))
            sent = h.request.sent()[-1].params
            buttons = sent["reply_markup"]["inline_keyboard"][0]
            fix = next(b for b in buttons if b["text"] == "Not right? Ask me instead")
            await h.send(h.updates.press(fix["callback_data"], user=6))  # not his incident
            assert "belongs to someone else" in h.request.alerts()[-1]["text"]
            await h.send(h.updates.press(fix["callback_data"], user=5))
            texts = h.request.texts()
            assert any("this time I'll ask" in t for t in texts)
            assert "Whose turn was it when he called?" in texts[-1]  # asked, not read
            before = len(h.request.calls)
            await h.send(h.updates.press(fix["callback_data"], user=5))  # pressed again: stale
            assert [c.method for c in h.request.calls[before:]] == ["answerCallbackQuery"]

    run(scenario)
