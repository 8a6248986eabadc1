"""Misinformation (Laws 20F, 21, 47E, 75) and psychs (Law 40C), end to end through `chat --jsonl`.

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

from conftest import Chat, shared_bot


def test_partner_silent_until_end_of_play_as_defender_not_before() -> None:
    """Law 20F5(b)(i): a defender corrects partner's explanation only after play."""
    ruling = shared_bot().ruling(
        ("misinformation", "psych_or_undisclosed_agreement"),
        ["my partner explained my 2NT as the minors, but that's not our agreement", "1", "3"],
    )
    assert ruling["topic"] == "misinformation"
    assert "20F5(b)(i)" in ruling["citations"]
    assert "20F5(b)(ii)" not in ruling["citations"]
    assert "waits until play has ended" in ruling["text"]


def test_too_late_to_change_call_says_the_director_judges_damage() -> None:
    ruling = shared_bot().ruling(
        ("misinformation", "psych_or_undisclosed_agreement"),
        [
            "MI: RHO forgot to alert his double, I bid 3H, would have passed with the right "
            "explanation",
            "yes",
        ],
    )
    assert ruling["topic"] == "misinformation"
    assert "for the director to judge" in ruling["text"]


def test_an_explanation_said_to_be_right_is_not_announced_as_misinformation(chat: Chat) -> None:
    """'i said minors which is right, ... i think he used my explanation': the explanation
    was the agreement, so it misinformed nobody (75); what partner did with it is the
    question. Announcing 'Wrong explanation' at once told the user the wrong Law."""
    turns = chat.say(
        "LHO asked me about pd's 2NT and i said 'minors' which is right, but then pd bid 3h "
        "after i said 3c and i think he used my explanation"
    )
    assert not turns[0].text.startswith("This is about: Wrong explanation")
