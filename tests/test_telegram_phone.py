"""The bot on a phone in a club's Telegram group: buttons that read, one message per answer,
keyboards that go away, help for groups, the club's ruling log (offline, fake transport)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.knowledge import Knowledge, KnowledgeError, load
from bot.knowledge.schema import SHORT_LABEL_CHARS

from conftest import ROOT
from telegram_fakes import Harness, run

GROUP = -100123


def _press(h: Harness, text: str, *, user: int = 1, chat: int | None = None):  # type: ignore[no-untyped-def]
    buttons = h.request.last_buttons(chat)
    data = next(b["callback_data"] for b in buttons if b["text"] == text)
    return h.updates.press(data, user=user, chat=chat)


# -- item 9: buttons that read ------------------------------------------------------------------


def test_buttons_show_short_labels_and_the_question_numbers_the_full_choices(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid"))
            await h.send(_press(h, "Yes, his turn"))
            await h.send(_press(h, "No, not accepted"))
            question = h.request.texts()[-1]
            # the whole of each choice, numbered, where a phone wraps it
            assert "1. Not chosen yet - show the options" in question
            assert "2. The cheapest sufficient bid specifying the same denomination(s)" in question
            assert "7. Not sure / none of these" in question
            labels = [b["text"] for b in h.request.last_buttons()]
            assert labels == [
                "Not chosen yet",
                "Cheapest same strain",
                "A comparable call",
                "Other bid or a pass",
                "Double or redouble",
                "Insufficient again",
                "Not sure",
            ]
            # a number typed instead of a press answers the same
            await h.send(h.updates.message("2"))
            assert "Was the insufficient bid natural" in h.request.texts()[-1]

    run(scenario)


def test_a_typed_short_label_answers_like_its_button(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", chat=GROUP))
            for typed in ("Yes, his turn", "No, not accepted", "Cheapest same strain"):
                await h.send(h.updates.message(typed, chat=GROUP, reply_to_bot=True))
            assert "Was the insufficient bid natural" in h.request.texts(GROUP)[-1]

    run(scenario)


def test_every_choice_has_a_short_distinct_label(knowledge: Knowledge) -> None:
    for topic in knowledge.topics.values():
        assert topic.short and len(topic.short) <= SHORT_LABEL_CHARS, topic.id
        for question in topic.questions:
            shorts = [c.short.lower() for c in question.choices]
            assert all(shorts), (topic.id, question.fact)
            assert len(set(shorts)) == len(shorts), (topic.id, question.fact)
            for choice in question.choices:
                assert len(choice.short) <= SHORT_LABEL_CHARS, (topic.id, choice)
                assert len(choice.short.encode()) <= 64


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    import shutil

    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    return tmp_path


def _edit(tree: Path, change) -> None:  # type: ignore[no-untyped-def]
    path = tree / "knowledge" / "wbf-2017" / "topics" / "insufficient_bid.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data["questions"][0]["choices"])
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda choices: choices[0].pop("short"), "short"),
        (lambda choices: choices[0].update(short="x" * 40), "longer than"),
        (lambda choices: choices[0].update(short=choices[1]["short"]), "would read"),
        (lambda choices: choices[0].update(short="Not sure"), "would read"),
    ],
    ids=["missing", "too long", "twice", "same as the way out"],
)
def test_a_missing_long_or_repeated_short_label_is_refused_at_load(
    tree: Path, change, words: str
) -> None:  # type: ignore[no-untyped-def]
    _edit(tree, change)
    with pytest.raises(KnowledgeError) as caught:
        load(tree / "knowledge")
    assert "insufficient_bid.yaml" in str(caught.value) and words in str(caught.value)


# -- issue 16 item 2: one message per answer ----------------------------------------------------


def test_what_was_read_from_the_description_travels_with_the_ruling(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(
                h.updates.message(
                    "North opened 1NT and East pulled 1♠ out of the box meaning 1♥. "
                    "South hasn't called yet"
                )
            )
            await h.send(h.updates.message("not decided yet"))
            h.request.clear()
            await h.send(h.updates.message("natural"))
            sent = h.request.sent()
            assert len(sent) == 1
            text = sent[0].params["text"]
            assert text.startswith("I took from your description: the offender: East")
            assert "27B1(a)" in text  # the headline, in the same message
            labels = [b["text"] for b in h.request.last_buttons()]
            assert labels == ["Full ruling", "Not right? Ask me instead"]

    run(scenario)


def test_a_new_incident_in_a_group_is_one_message_with_the_private_link(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid", chat=GROUP))
            sent = h.request.sent(GROUP)
            assert len(sent) == 1
            assert "Insufficient bid" in sent[0].params["text"]
            assert "Was it his turn" in sent[0].params["text"]
            rows = sent[0].params["reply_markup"]["inline_keyboard"]
            assert rows[-1] == [
                {
                    "text": "Continue in a private chat",
                    "url": "https://t.me/rulingbot?start=move_100123",
                }
            ]

    run(scenario)


# -- item 12: the club's ruling log ---------------------------------------------------------


async def _ruling_in_group(h: Harness, user: int) -> None:
    await h.send(h.updates.message("/ruling insufficient bid", user=user, chat=GROUP))
    await h.send(_press(h, "Yes, his turn", user=user, chat=GROUP))
    await h.send(_press(h, "Yes, accepted", user=user, chat=GROUP))


def test_group_admins_read_the_ruling_log_and_open_a_ruling_in_full(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            h.updates.names[2] = "Alice"
            await _ruling_in_group(h, user=2)
            await h.send(h.updates.message("/log", user=2, chat=GROUP))  # not an admin
            assert "only the group's administrators" in h.request.texts(GROUP)[-1]
            await h.send(h.updates.message("/log", user=1, chat=GROUP))  # an admin
            listing = h.request.texts(GROUP)[-1]
            assert "Rulings given in this group" in listing
            line = listing.splitlines()[1]
            assert line.startswith("1. ") and ", Alice - Insufficient bid: " in line
            assert "accepted the insufficient bid" in line and line.endswith("(Law 27A1)")
            assert f"rulingbot log --chat {GROUP} --csv" in listing
            assert [b["text"] for b in h.request.last_buttons(GROUP)] == ["1"]
            await h.send(_press(h, "1", user=3, chat=GROUP))
            full = h.request.texts(GROUP)[-1]
            assert full.startswith("Ruling of ") and "for Alice:" in full
            assert "<b>Ruling: Insufficient bid</b>" in full

    run(scenario)


def test_ruling_log_exports_as_csv_and_follows_retention(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import time

    from bot.cli import main
    from bot.telegram.store import Retention, Store

    db = tmp_path / "bot.sqlite3"

    async def scenario() -> None:
        async with Harness(db) as h:
            h.updates.names[2] = "Alice"
            await _ruling_in_group(h, user=2)
            await h.send(h.updates.message("/ruling bid 8 spades", user=1, chat=GROUP))
            await h.send(h.updates.message("no, not yet", user=1, chat=GROUP, reply_to_bot=True))

    run(scenario)
    assert main(["log", "--chat", str(GROUP), "--csv", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "date,asker,topic,headline,laws"
    assert ",Alice,Insufficient bid," in lines[1] and lines[1].endswith(",27A1")
    assert ",Player1,Bid of more than seven," in lines[2] and "38" in lines[2]
    assert len(lines) == 3
    store = Store(db)
    while store.prune(Retention(rulings=1), now=time.time() + 2 * 86400):
        pass
    store.close()
    assert main(["log", "--chat", str(GROUP), "--csv", "--db", str(db)]) == 0
    assert capsys.readouterr().out.splitlines() == ["date,asker,topic,headline,laws"]


# -- item 11: help for groups -----------------------------------------------------------------


def test_group_help_says_how_to_ask_there_and_differs_from_start(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/help", chat=GROUP))
            group_help = h.request.texts(GROUP)[-1]
            assert "/ruling pulled 1S out of the box, meant 1H" in group_help
            assert "reply to one of my messages" in group_help
            assert "@rulingbot" in group_help and "/log" in group_help
            assert 'Type "law 27"' not in group_help  # typed words never reach it in a group
            await h.send(h.updates.message("/start", chat=GROUP))
            group_start = h.request.texts(GROUP)[-1]
            assert group_start != group_help and "/ruling" in group_start
            await h.send(h.updates.message("/start"))
            await h.send(h.updates.message("/help"))
            start, private_help = h.request.texts(1)[-2:]
            assert start != private_help
            assert "/cancel - drop the incident" in private_help

    run(scenario)


def _membership(update_id: int, before: str, after: str) -> dict:  # type: ignore[type-arg]
    bot = {"id": 999, "is_bot": True, "first_name": "Ruling", "username": "rulingbot"}
    user = {"id": 1, "is_bot": False, "first_name": "Admin"}
    return {
        "update_id": update_id,
        "my_chat_member": {
            "chat": {"id": GROUP, "type": "supergroup", "title": "Club"},
            "from": user,
            "date": 0,
            "old_chat_member": {"status": before, "user": bot},
            "new_chat_member": {"status": after, "user": bot},
        },
    }


def test_a_short_greeting_when_the_bot_is_added_to_a_group(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(_membership(500, "left", "member"))
            greeting = h.request.texts(GROUP)
            assert len(greeting) == 1 and "send /ruling and what happened" in greeting[0]
            await h.send(_membership(501, "member", "administrator"))  # promoted: no repeat
            assert len(h.request.texts(GROUP)) == 1

    run(scenario)


def test_description_and_short_description_are_set_at_start(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            calls = {c.method: c.params for c in h.request.calls}
            description = calls["setMyDescription"]["description"]
            short = calls["setMyShortDescription"]["short_description"]
            assert "plain English, with the Law cited" in description and len(description) <= 512
            assert "2017" in short and len(short) <= 120

    run(scenario)


# -- item 10: keyboards cleaned up -------------------------------------------------------------

_NUMBERED = ("sendMessage", "editMessageText", "editMessageReplyMarkup")


def _question_message_id(h: Harness, words: str) -> int:
    """The id the fake Bot API gave the last message with these words (it numbers from 1000)."""
    numbered = [c for c in h.request.calls if c.method in _NUMBERED]
    index = max(
        i for i, c in enumerate(numbered) if c.method == "sendMessage" and words in c.params["text"]
    )
    return 1000 + index


def _removed(h: Harness) -> list[int]:
    return [
        int(c.params["message_id"])
        for c in h.request.calls
        if c.method == "editMessageReplyMarkup" and "reply_markup" not in c.params
    ]


@pytest.mark.parametrize(
    "typed",
    ["yes", "/cancel", "/ruling bid 8 spades", "North bid 8 spades and East has not called"],
    ids=["typed answer", "cancel", "new /ruling", "new description"],
)
def test_whatever_replaces_a_question_takes_its_buttons_away(tmp_path: Path, typed: str) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid"))
            asked = _question_message_id(h, "Was it his turn")
            assert _removed(h) == []
            await h.send(h.updates.message(typed))
            assert _removed(h) == [asked]

    run(scenario)


def test_a_pressed_question_is_not_edited_twice(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/ruling insufficient bid"))
            asked = _question_message_id(h, "Was it his turn")
            buttons = h.request.last_buttons()
            await h.send(h.updates.press(buttons[0]["callback_data"], message_id=asked))
            assert _removed(h) == []
            await h.send(h.updates.message("/cancel"))  # the next question's buttons go
            assert _removed(h) == [_question_message_id(h, "accept the insufficient bid")]

    run(scenario)


def test_settings_keyboard_shows_the_new_value_after_a_change(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/settings", user=1, chat=GROUP))
            ebu = next(b for b in h.request.last_buttons(GROUP) if b["text"] == "EBU")
            await h.send(h.updates.press(ebu["callback_data"], user=1, chat=GROUP, message_id=9))
            edit = next(c for c in h.request.calls if c.method == "editMessageText")
            assert edit.params["message_id"] == 9
            assert "Regulations: EBU" in edit.params["text"]
            markup = edit.params["reply_markup"]
            labels = [b["text"] for row in markup["inline_keyboard"] for b in row]
            assert "• EBU" in labels and "WBF" in labels and "• WBF" not in labels

    run(scenario)


def test_the_offer_of_the_other_irregularity_goes_under_its_ruling(tmp_path: Path) -> None:
    """A description with two irregularities: the ruling on the first and the offer of the
    second are one message, the ruling's buttons first, then the offer's."""

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(
                h.updates.message(
                    "4S by N. W led the hQ but it was E's lead, dummy not down yet, and while "
                    "we argued E dropped the ♠K face up on the table"
                )
            )
            for _ in range(8):  # answer what is asked with the first choice, up to the ruling
                if "also showed" in h.request.texts()[-1]:
                    break
                h.request.clear()
                await h.send(h.updates.message("1"))
            sent = h.request.sent()
            assert len(sent) == 1
            text = sent[0].params["text"]
            assert "also showed" in text and text.index("also showed") > 0
            labels = [b["text"] for b in h.request.last_buttons()]
            assert labels == [
                "Full ruling",
                "Not right? Ask me instead",
                "Penalty cards",
                "None of these",
            ]

    run(scenario)
