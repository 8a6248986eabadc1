"""Incidents a director typed while reviewing the bot (docs/director-review-2026-11-26.md):
what the user reads first must be the right topic, and no question the story already answers."""

from __future__ import annotations

from conftest import Chat

INTENT_ASKED = "did you mean to make it?"


def _texts(turns: list) -> str:
    return " ".join(" ".join(t.text for t in turns).split())


def test_calls_in_rotation_are_not_a_missed_turn(chat: Chat) -> None:
    """LHO, partner and RHO called in that order: nobody took the speaker's turn and no
    auction ended, so Law 34 cannot apply; only who dealt is open, and it is asked."""
    turns = chat.say("lho opened 1s, pd passed and rho bid 2s before i had a chance")
    assert {t.topic for t in turns if t.topic} == {"turn_to_come"}
    assert turns[-1].type == "question"
    assert "Who dealt this board?" in turns[-1].text
    assert "missed his turn" not in _texts(turns)


def test_a_slip_of_the_hand_is_not_asked_about(chat: Chat) -> None:
    """'my hand slipped' is the mechanical error of Law 25A: the intent question is not asked."""
    turns = chat.say("pd opened 1h, i bid 2s, my hand slipped, meant 2h. lho hasnt called")
    assert turns[0].topic == "unintended_call"
    assert INTENT_ASKED not in _texts(turns)
    ruling = chat.say("yes, legal")[-1]
    assert ruling.type == "ruling"
    assert "25A1" in ruling.citations
    assert "was a mechanical slip" in ruling.text


def test_a_change_of_mind_beside_a_slip_is_still_asked(chat: Chat) -> None:
    """A story that also says he changed his mind states both answers: asked, never read
    as unintended."""
    turns = chat.say(
        "pd opened 1h, i bid 2s, my hand slipped. then i changed my mind and wanted 2h. "
        "lho hasnt called"
    )
    assert INTENT_ASKED in _texts(turns)


def test_we_are_still_bidding_answers_whether_the_auction_ended(chat: Chat) -> None:
    turns = chat.say(
        "lho dropped the 3c face up on the table during the bidding, his partner could see "
        "it. we're still bidding"
    )
    assert "Has the auction ended" not in _texts(turns)
    assert turns[-1].type == "ruling"
    assert "24A" in turns[-1].citations


def test_we_are_still_bidding_answers_whether_play_has_ended(chat: Chat) -> None:
    turns = chat.say(
        "lho hesitated for ages over 3s and then passed, rho then bid 4s. we're still bidding"
    )
    assert turns[0].topic == "unauthorised_information"
    assert "Is the board still being bid or played" not in _texts(turns)
