"""What the other side did about a lead out of turn is read from the story, not asked again;
an irregularity already put right at the table is not offered for a ruling again (issue 14)."""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue, Turn

from conftest import Chat

RESPONSE = "What has the other side chosen to do about the lead?"


def _asked(turns: list[Turn]) -> list[str]:
    return [t.text.splitlines()[0] for t in turns if t.type == "question"]


def _ruling(turns: list[Turn]) -> Turn:
    return next(t for t in turns if t.type == "ruling")


@pytest.mark.parametrize(
    "story",
    [
        "declarer led from the wrong hand at trick 6 and the defenders made him take the card back",
        "at trick 6 declarer led from the wrong hand, i told him to lead from the right hand",
        "declarer led from the wrong hand at trick 6 and i did not accept it",
    ],
)
def test_a_wrong_hand_lead_taken_back_is_ruled_without_asking(chat: Chat, story: str) -> None:
    turns = chat.say(story)
    assert RESPONSE not in _asked(turns)
    took = next(t for t in turns if t.text.startswith("I took from your description"))
    assert "the other side refused the lead" in took.text
    ruling = _ruling(turns)
    assert ruling.topic == "lead_out_of_turn"
    assert "55A" in ruling.citations
    # 'told him to lead from the right hand' is the fix, not a player told it was his lead
    assert "47E1" not in ruling.citations


def test_a_defenders_lead_accepted_by_declarer_is_not_asked(chat: Chat) -> None:
    turns = chat.say(
        "4S by S. W won trick 4 but E led the next trick, declarer accepted it and played from "
        "dummy"
    )
    assert RESPONSE not in _asked(turns)
    took = next(t for t in turns if t.text.startswith("I took from your description"))
    assert "the other side accepted the lead" in took.text
    assert "53A" in _ruling(turns).citations


@pytest.mark.parametrize(
    "story",
    [
        # loose: who took what back, and why, is not said
        "declarer led from the wrong hand at trick 6 and he sort of took it back i think",
        # the defenders chose differently: Law 55A says whose choice stands, so it is asked
        "declarer led from the wrong hand at trick 6, i wanted to accept it but my partner "
        "refused it",
        # a question, not a choice made
        "declarer led from the wrong hand at trick 6. should we have accepted it?",
    ],
)
def test_loose_or_mixed_words_still_ask(chat: Chat, story: str, dialogue: Dialogue) -> None:
    assert "lead_response" not in dialogue.describe(story).facts
    assert RESPONSE in _asked(chat.say(story))


def test_a_lead_taken_back_is_not_offered_again_after_a_premature_play(chat: Chat) -> None:
    turns = chat.say(
        "Declarer led from the wrong hand at trick 8 and the defenders made him take the card "
        "back; before he had led again from the correct hand, East put the 7 of diamonds on the "
        "table."
    )
    assert turns[0].topic == "premature_play"
    assert not [t for t in turns if "more than one irregularity" in t.text]
    assert {"60B", "50B"} <= set(_ruling(turns).citations)


def test_a_revoke_after_a_wrong_hand_lead_taken_back_is_the_one_ruled(chat: Chat) -> None:
    turns = chat.say(
        "declarer led from the wrong hand at trick 3 and the defenders made him take the card "
        "back. At trick 8 I revoked, I threw a club holding a spade. noticed at the end of play"
    )
    assert turns[0].topic == "revoke"
    assert not [t for t in turns if "Lead out of turn" in t.text]


def test_a_defenders_lead_taken_back_is_still_offered(chat: Chat) -> None:
    # his card stays a penalty card: there is still something to rule on it
    turns = chat.say(
        "LHO led out of turn at trick 3 and declarer made him take it back. At trick 8 I "
        "revoked, I threw a club holding a spade. noticed at the end of play"
    )
    offered = [t for t in turns if "more than one irregularity" in t.text]
    if offered:
        assert "Revoke" in offered[0].text or "Lead out of turn" in offered[0].text
    else:  # the examples read a revoke story: both are offered to pick from, the lead first
        assert [c.id for c in turns[0].choices][:2] == ["lead_out_of_turn", "revoke"]


@pytest.mark.parametrize(
    "story",
    [
        "opening lead: rho led the ace of clubs out of turn face up, i'm declarer in 4h. can i "
        "see dummy before i decide what to do?",
        "im declarer in 4h. at trick 1 lho was supposed to lead but rho put the ace of clubs on "
        "the table face up. i want to see dummy first",
    ],
)
def test_declarer_asking_to_see_dummy_has_not_seen_it(chat: Chat, story: str) -> None:
    """'can i see dummy before i decide?' asks what declarer may do: read as a sight of
    dummy it ruled that he had no choice left but to accept the lead (54B via 54C's
    premise), a wrong ruling. The sight is asked instead."""
    turns = chat.through(story, "Not yet - what are the options?")
    assert any(t.text.startswith("Could declarer have seen") for t in turns)
    assert not any("he must accept the lead" in t.text for t in turns)


def test_a_card_put_down_by_another_than_the_player_due_to_lead_is_a_lead(chat: Chat) -> None:
    """'lho was supposed to make the opening lead but rho put the ace of clubs on the table':
    the card put down is the lead, by the wrong defender (Law 54), not just an exposed card."""
    turns = chat.say(
        "im declarer in 4h, lho was supposed to make the opening lead but rho put the ace of "
        "clubs on the table face up"
    )
    assert turns[0].text.startswith("This is about: Lead out of turn")
