"""Information stories read from their structure (issue 14, session s15-info).

Each text is our own wording, none is in the labelled or dev sets; each asserts what the user
sees (the topic announced, a question asked or not):
- an explanation told as 'X told E-W that Y's call was ...', 'RHO said LHO's double was ...'
  (the call's owner named, a double or pass as the call) is an explanation; the agreement then
  told otherwise ('their card shows ...', 'they play it as ...') makes it misinformation, not
  a remark to partner (16B) nor a call after the auction;
- the caller's partner answering a question about the call ('no agreement', 'not
  discussed'), the card then showing a meaning, is the same;
- a player who finds after the auction that he did not alert his partner's conventional call,
  his opponents yet to lead, has given misinformation (20F5, 21B), and 'E had not yet led' is
  no lead out of turn;
- a hand that 'turned up with' other cards than explained is the explanation's matter.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, walk

MISINFORMATION = "This is about: Wrong explanation or missing alert"


def _first(chat: Chat, text: str) -> str:
    return walk(chat, text)[0].text


@pytest.mark.parametrize(
    "text",
    [
        "Board 11. W told N-S that E's 3NT was to play; the E-W card has it as gambling. "
        "E became declarer and put it right once the auction was over. N had passed last.",
        "my RHO said his partner's double was for takeout - turns out they play it as "
        "penalties, and LHO had five trumps. we ran to 3D.",
        "lho told us rho's pass was forcing. their card says it is not. we sold out",
        "W asked about N's 2S. S said 'not discussed'. N-S system card shows 2S as weak.",
    ],
)
def test_an_explanation_of_a_named_players_call_told_otherwise_is_misinformation(
    dialogue: Dialogue, text: str
) -> None:
    reading = dialogue.describe(text)
    assert "explanation_differs" in reading.proven, reading.irregularities
    assert dialogue.rank(text)[0].topic.id == "misinformation"


def test_the_misinformation_topic_is_announced_for_a_seat_told_explanation(chat: Chat) -> None:
    text = (
        "Bd 3. E told N-S that W's 2NT showed the minors; the E-W card shows 20-21 balanced. "
        "W is declarer and corrected it after the last pass."
    )
    first = _first(chat, text)
    assert first.startswith(MISINFORMATION), first[:160]
    assert "after the auction" not in first[:120].lower()


def test_a_missing_alert_found_by_declarer_before_the_lead_is_his_sides_misinformation(
    dialogue: Dialogue,
) -> None:
    text = (
        "after the final pass N, now declarer, saw he hadn't alerted S's 2C stayman. "
        "W has not yet led. what should N do?"
    )
    reading = dialogue.describe(text)
    assert "lead_out_of_turn" not in reading.proven
    assert "explanation_differs" in reading.proven, reading.irregularities
    assert dialogue.rank(text)[0].topic.id == "misinformation"


def test_a_hand_that_turned_up_unlike_the_explanation_is_the_explanations_matter(
    dialogue: Dialogue,
) -> None:
    text = "rho says lho's 1NT was 15-17; lho turned up with 11 points. is that ok?"
    reading = dialogue.describe(text)
    assert "hand_did_not_match_explanation" in reading.proven, reading.irregularities
    assert dialogue.rank(text)[0].topic.id == "misinformation"
