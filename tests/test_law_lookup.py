"""Law look-up as players type it (issue 9 item 2): sub-cases listed, references read in any
form, digits of any script read or kindly refused, and `law` alone explains itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.dialogue.engine import Conversation, Dialogue
from bot.dialogue.law_refs import law_request, lookup, parse

from conftest import ROOT, Chat
from telegram_fakes import Harness, run

FORMS = [
    ("law 27b1a", "Law 27B1(a)"),
    ("law 64 B", "Law 64B"),
    ("law 27 B 1", "Law 27B1:"),
    ("what does law 74 say", "Law 74 - Conduct and Etiquette"),
    ("What does Law 74 say?", "Law 74 - Conduct and Etiquette"),
    ("L27", "Law 27 - Insufficient Bid"),
    ("Law 27B1(a)", "Law 27B1(a)"),
    ("/law 16b", "Law 16B"),
    ("law 12c1ei", "Law 12C1(e)(i)"),
    ("law ٢٧", "Law 27 - Insufficient Bid"),  # Arabic-Indic digits
    ("law ２７ｂ１", "Law 27B1:"),  # fullwidth, as a Japanese keyboard types it
    ("law no. 45", "Law 45 - "),
]


@pytest.mark.parametrize(("typed", "shown"), FORMS)
def test_a_reference_is_read_however_it_is_typed(chat: Chat, typed: str, shown: str) -> None:
    turns = chat.say(typed)
    assert len(turns) == 1 and turns[0].type == "message"
    assert shown in turns[0].text


def test_a_part_with_cases_lists_them(chat: Chat) -> None:
    text = chat.say("law 64B")[0].text
    assert [f"64B{i}:" in text for i in range(1, 9)] == [True] * 8
    assert "64C" not in text.split("Its parts:")[1].split("For a ruling")[0]
    assert "revoke trick" in text  # 64B1's own summary, not just its number
    text = chat.say("law 16B")[0].text
    assert all(f"16B{i}:" in text for i in (1, 2, 3)) and "16B1(a)" not in text
    text = chat.say("law 12C1")[0].text
    assert all(f"12C1({c}):" in text for c in "abcde") and "12C1(e)(i)" not in text


def test_a_part_without_cases_shows_just_its_summary(chat: Chat) -> None:
    assert "Its parts" not in chat.say("law 27B1(a)")[0].text


@pytest.mark.parametrize("typed", ["law", "/law", "Law?", "law ?", "laws"])
def test_law_alone_explains_how_to_use_it(chat: Chat, typed: str) -> None:
    text = chat.say(typed)[0].text
    assert "law 27B1" in text and "93 laws" in text


def test_law_alone_mid_question_explains_then_asks_again(chat: Chat) -> None:
    chat.say("insufficient bid")
    turns = chat.say("law")
    assert "To look a law up" in turns[0].text
    assert turns[1].type == "question" and chat.conversation.pending == "in_rotation"


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("law 99", 'I couldn\'t find "99"'),
        ("law 0", 'I couldn\'t find "0"'),
        ("law 二十七", "Try a law number from 1 to\n93"),
        ("law 27Z", "Its parts are:\n- 27A:"),
        ("law 64B9", 'couldn\'t find "64B9" in Law 64'),
        ("law 27b1(", "I couldn't find"),
    ],
)
def test_what_cannot_be_read_is_refused_kindly(chat: Chat, typed: str, says: str) -> None:
    turns = chat.say(typed)
    assert turns[0].type == "message" and says in turns[0].text


def test_a_description_mentioning_the_laws_is_not_a_look_up(chat: Chat) -> None:
    assert law_request("laws are confusing, partner bid out of turn") is None
    assert law_request("what does the law say about a revoke") is None
    turns = chat.say("partner bid out of turn, law 31 applies?")
    assert not any("To look a law up" in t.text for t in turns)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_no_reference_ever_raises(dialogue: Dialogue, typed: str) -> None:
    name, _ = lookup(dialogue.knowledge, typed)
    assert name in {"law", "law_unknown", "law_usage"}
    assert dialogue.handle(Conversation(), "law " + typed)[0].text


def test_parse_reads_roman_sub_cases_by_the_index() -> None:
    ref = parse("40b2aiv")
    assert ref is not None and ref.candidates[0] == "40B2(a)(iv)"


def _law(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "law", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_rulingbot_law_reads_the_same_forms() -> None:
    cases = {
        ("64", "B"): "64B8:",
        ("27b1a",): "Law 27B1(a)",
        ("27", "B", "1"): "Law 27B1:",
        ("L27",): "Law 27 - Insufficient Bid",
        ("what does law 74 say",): "Law 74 - ",
        ("٢٧",): "Law 27 - Insufficient Bid",
    }
    for args, shown in cases.items():
        result = _law(*args)
        assert result.returncode == 0 and shown in result.stdout, (args, result.stdout)


def test_rulingbot_law_alone_explains_and_a_bad_reference_fails_plainly() -> None:
    usage = _law()
    assert usage.returncode == 0 and "To look a law up" in usage.stdout
    for bad in ("99", "二十七", "27Z"):
        result = _law(bad)
        assert result.returncode == 1 and "I couldn't find" in result.stdout
        assert "Traceback" not in result.stderr


def test_telegram_law_command_alone_explains_and_lists_cases(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/law"))
            assert "<b>/law 27</b>" in h.request.texts()[-1]
            await h.send(h.updates.message("/law 64 B"))
            assert "64B8:" in h.request.texts()[-1]

    run(scenario)


PLAY_LAW_TOPICS = {
    13: "A hand with the wrong number of cards",
    14: "A hand with the wrong number of cards",
    41: "Lead out of turn",
    42: "Dummy's rights and limitations",
    43: "Dummy's rights and limitations",
    44: "Revoke",
    45: "When a card counts as played",
    46: "Unclear call of a card from dummy",
    47: "Taking back a played card",
    48: "Penalty cards and exposed cards in play",
    49: "Penalty cards and exposed cards in play",
    50: "Penalty cards and exposed cards in play",
    51: "Penalty cards and exposed cards in play",
    52: "Penalty cards and exposed cards in play",
    53: "Lead out of turn",
    54: "Lead out of turn",
    55: "Lead out of turn",
    56: "Lead out of turn",
    57: "Premature or simultaneous play",
    58: "Premature or simultaneous play",
    59: "Premature or simultaneous play",
    60: "Premature or simultaneous play",
    61: "Revoke",
    62: "Revoke",
    63: "Revoke",
    64: "Revoke",
    65: "Played cards - arranging and looking at tricks",
    66: "Played cards - arranging and looking at tricks",
    67: "Defective trick",
    68: "Claims and concessions",
    69: "Claims and concessions",
    70: "Claims and concessions",
    71: "Claims and concessions",
    79: "Tricks won and score corrections",
}


@pytest.mark.parametrize(("number", "topic"), PLAY_LAW_TOPICS.items())
def test_every_play_law_names_the_topic_that_rules_on_it(
    dialogue: Dialogue, number: int, topic: str
) -> None:
    text = dialogue.law_lookup(str(number)).text
    asked = text[text.index("For a ruling, ask me about:") :]
    assert topic in asked


def test_index_wording_reviewed_for_issue_17(chat: Chat) -> None:
    """50C bars every other non-honour of the suit, higher or lower; 66A/66B are declarer's or
    a defender's rights, never dummy's; 13B counts the call of either wrong hand."""
    assert "(higher or lower)" in chat.say("law 50C")[0].text
    for part in ("66A", "66B"):
        assert "declarer or a defender (never dummy)" in chat.say(f"law {part}")[0].text
    assert "too many cards or the one with too few" in chat.say("law 13B")[0].text


def test_a_case_is_shown_under_the_subsection_it_belongs_to(chat: Chat) -> None:
    """'64B6: the revoke was on trick twelve' alone does not say what follows from it: the
    director reading it at the table sees 64B (no automatic transfer) above it."""
    text = chat.say("law 64b6")[0].text
    assert text.index("64B:") < text.index("64B6")
    assert "No automatic transfer" in text
    whole = chat.say("law 40B2(a)(iv)")[0].text
    assert whole.index("40B:") < whole.index("40B2:") < whole.index("40B2(a):")
