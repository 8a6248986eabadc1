"""Incidents typed as players type them whose reading was wrong at the start of this stop
(issue 14): the topic started and the question asked, as a user sees them."""

from __future__ import annotations

from conftest import Chat


def _said(chat: Chat, text: str) -> str:
    return "\n".join(t.text for t in chat.say(text))


def test_whose_turn_it_is_now_after_a_call_is_not_the_calls_own_turn(chat: Chat) -> None:
    """'its lhos turn' told after RHO's bid says whose turn comes next, not that RHO bid at
    LHO's turn: the insufficient bid is ruled, not a call out of rotation."""
    text = _said(chat, "rho bid 2C over my 2D, its lhos turn and she said she'd accept it")
    assert "This is about: Insufficient bid" in text
    assert "Call out of turn" not in text


def test_then_it_was_his_turn_is_the_turn_after_the_call(chat: Chat) -> None:
    text = _said(
        chat, "rho bid 2C over my 2D and then it was lhos turn, she said she'd accept it"
    )
    assert "This is about: Insufficient bid" in text


def test_a_turn_told_just_before_a_call_is_still_that_calls_turn(chat: Chat) -> None:
    """Present tense before the call ('its my lho's turn and rho bids 2C') and past tense
    after it ('rho bid 2C when it was lhos turn') both tell the turn the call was made at."""
    for story in ("its my lho's turn and rho bids 2C", "rho bid 2C when it was lhos turn"):
        text = _said(chat, story)
        assert "This is about: Call out of turn" in text, story
        assert "Whose turn was it" not in text, story
