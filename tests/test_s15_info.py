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
        "we were told by W that E's 2H was weak; their convention card says it's strong. we "
        "sold out to 2H",
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


PARTNER_KNEW_ASKED = "Did the psycher's partner have any better reason"


@pytest.mark.parametrize(
    "text",
    [
        "S opened 1H on purpose with two small hearts and 3 points; N, holding four hearts and "
        "11 points, passed our 2S as if he expected it. is that allowed?",
        "my rho psyched a 1NT opening with 5 points, and his partner's rebid only makes sense "
        "if he knew. what happens?",
        "LHO opened 1S with 3 points, on purpose. her partner, with 16 points, just passed "
        "our 2H. odd?",
    ],
)
def test_partners_later_call_told_as_made_expecting_the_psych_is_not_asked(
    chat: Chat, text: str
) -> None:
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Psych"), seen[0].text[:120]
    assert not any(PARTNER_KNEW_ASKED in t.text for t in seen)


def test_partner_not_acting_as_if_he_expected_it_leaves_the_question(chat: Chat) -> None:
    text = (
        "W opened 1S as a bluff with a spade void. E did not act as if he expected it, he "
        "raised to 4S. what now?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Psych"), seen[0].text[:120]
    assert any(PARTNER_KNEW_ASKED in t.text for t in seen)


UI = "This is about: Unauthorised information from partner"


@pytest.mark.parametrize(
    "text",
    [
        "the lady in green banged her redouble onto the table, very pointedly. her partner "
        "then passed it. surely that's not on?",
        "an old chap took about a minute before he doubled, and his pd then pulled to 4S. "
        "what does the director do?",
    ],
)
def test_an_unplaced_players_manner_then_his_partners_call_is_information_to_partner(
    chat: Chat, dialogue: Dialogue, text: str
) -> None:
    """No seat told at all: the player and 'his partner' are a pair whoever they are."""
    kinds = dialogue.describe(text).proven
    assert "remark_then_action" in kinds or "hesitation_then_action" in kinds, kinds
    assert walk(chat, text)[0].text.startswith(UI)


WITHDRAWN_INFO = "This is about: Information from a withdrawn call or play"


def test_a_card_put_back_after_a_failure_to_follow_then_its_use_asked(chat: Chat) -> None:
    """The card named by its suit and put back ('put the spade (the SQ) back'), then the
    other side asks whether it may use what it saw: Law 16C, not the revoke's penalty."""
    text = (
        "trick 7: N threw a spade on a heart lead, then noticed a heart and put the spade "
        "(the SQ) back before anyone played again. I'm E, defending: may I use that N holds "
        "the SQ?"
    )
    first = chat.say(text)[0]
    offered = [c.id for c in first.choices]
    # started, or offered first beside the revoke the failure to follow also was
    assert first.text.startswith(WITHDRAWN_INFO) or offered[:1] == ["withdrawn_call_information"], (
        first.text[:120],
        offered,
    )


def test_a_lead_made_after_declarer_barred_it_is_no_card_shown_in_the_auction(
    dialogue: Dialogue,
) -> None:
    """The auction named belongs to an earlier sentence (partner's call then); the lead came
    once declarer was known."""
    text = (
        "declarer told me I couldn't lead a diamond, because in the auction my partner had "
        "replaced an insufficient 1D with a pass. I led a diamond regardless. now what?"
    )
    assert "card_exposed_in_auction" not in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "lead_restrictions"
