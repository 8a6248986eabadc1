"""Information stories read as players tell them (issue 14, session s10-info).

Each text is our own wording, none is in the labelled sets:
- a player who became dummy (or is dummy now) explaining a call speaks of the auction, not of
  the play dummy must keep out of: the explanation is the matter (Law 20F, 21), not dummy's
  rights (43);
- the speaker who gave the wrong explanation himself is asked as 'you';
- 'opps want a ruling' after our partner's hesitation and our call: the director is called;
- a director's adjusted score told: play of the board has ended (he adjusts after it), so
  whether the hesitation was agreed is not asked.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn


def _questions(turns: list[Turn]) -> list[str]:
    return [t.text for t in turns if t.type == "question"]


def _topic(turns: list[Turn]) -> str | None:
    first = turns[0]
    return first.topic or (first.choices[0].id if first.choices else None)


@pytest.mark.parametrize(
    "text",
    [
        # dummy told the asker what a call meant, in figures
        "they bid 1NT 3NT. i asked dummy what 1NT was and dummy told me it was 15-17. "
        "declarer showed up with 12 points at the end. their card says 15-17 too",
        # partner is dummy now: what he said of my call is his explanation
        "pd told the opps my 2D was 'weak' but we play it as multi. i'm declarer in 4S now "
        "and they've led. must i say something?",
        # the player who later became dummy explained a call in words
        "i led a spade because the man who became dummy said his partner's three clubs "
        "showed a club suit. it was a splinter on their card. can i have my lead back?",
    ],
)
def test_an_explanation_by_dummy_is_misinformation_not_dummys_rights(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "dummy_spoke" not in description.proven
    assert "dummy_acted" not in description.proven
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "misinformation", [t.text[:100] for t in turns]


def test_dummy_speaking_of_the_play_is_still_dummys_rights(dialogue: Dialogue) -> None:
    """Nothing about a call's meaning in what dummy said: his rights are still the matter."""
    text = "defending 4H, dummy said to declarer 'play the king' at trick 5. is dummy allowed?"
    assert "dummy_spoke" in dialogue.describe(text).proven


def test_a_dummys_late_correction_of_a_call_is_not_a_call_after_the_auction(
    dialogue: Dialogue,
) -> None:
    """'I explained 4H wrong' names a call explained, not one made after the close."""
    text = (
        "bidding over, i was about to lead when dummy said 'sorry, i explained 4♥ wrong, "
        "it's a cue bid'. what do i get?"
    )
    description = dialogue.describe(text)
    assert "call_after_final_pass" not in description.proven
    assert "dummy_spoke" not in description.proven
    assert _topic(dialogue.handle(Conversation(), text)) == "misinformation"


def test_the_speaker_who_explained_wrongly_is_asked_as_you(dialogue: Dialogue) -> None:
    text = (
        "i explained pd's 2♣ as ordinary stayman but we play puppet. lho led a diamond. "
        "what should i do"
    )
    turns = dialogue.handle(Conversation(), text)
    asked = _questions(turns)
    assert asked, [t.text[:100] for t in turns]
    assert "When did you realise your explanation was wrong?" in asked[0]
    assert "When did he realise" not in asked[0]


def test_an_opponent_who_corrects_his_explanation_is_not_asked_as_you(
    dialogue: Dialogue,
) -> None:
    """His words quoted ('i explained it wrong') are his, not the speaker's."""
    text = (
        "the bidding ended and rho said 'sorry, i explained 2NT wrong, its minors'. "
        "nobody has led yet. can i change my pass?"
    )
    for turn in dialogue.handle(Conversation(), text):
        assert "When did you realise" not in turn.text


def test_the_auction_still_going_answers_when_the_explanation_was_found(
    dialogue: Dialogue,
) -> None:
    text = "i told the opps pd's 2♥ was weak but it's strong for us. the auction is still going"
    turns = dialogue.handle(Conversation(), text)
    assert not [q for q in _questions(turns) if "realise" in q]


@pytest.mark.parametrize(
    "ending",
    ["opps want a ruling", "the opponents have asked for a ruling", "they want an adjustment"],
)
def test_opponents_asking_for_a_ruling_is_the_director_called(
    dialogue: Dialogue, ending: str
) -> None:
    text = f"pd thought for ages over 2♠ and passed, i bid 3♥. {ending}"
    description = dialogue.describe(text)
    assert description.facts.get("ui_stage") == "called"
    turns = dialogue.handle(Conversation(), text)
    assert not [q for q in _questions(turns) if "Where do things stand" in q]
    assert any(t.type == "ruling" for t in turns)


@pytest.mark.parametrize(
    "ending",
    [
        "we called the td, who adjusted to 2♠ by us making 9. fair?",
        "the director adjusted the score to 3♣ down one. was that right?",
    ],
)
def test_a_score_adjusted_means_play_has_ended(dialogue: Dialogue, ending: str) -> None:
    text = f"i opened 1♠, lho had a long think and passed, rho then came in with 2♣. {ending}"
    description = dialogue.describe(text)
    assert description.facts.get("ui_timing") == "after"
    turns = dialogue.handle(Conversation(), text)
    asked = _questions(turns)
    assert not [q for q in asked if "agree that there was a hesitation" in q]
    assert not [q for q in asked if "still being bid or played" in q]


@pytest.mark.parametrize(
    "text",
    [
        # partner's alert of my call, named by his name: the alert is his, not an opponent's
        "Bob didn't alert my 2♦ and now I'm sure he has forgotten it's a transfer. what can i do?",
        # partner alerted my natural bid, and it is my turn
        "pd alerted my 3♣ which is natural for us, so now i know he took it wrong. my turn, "
        "what am i allowed to bid?",
    ],
)
def test_partners_alert_of_my_call_is_not_an_opponents_misinformation(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert description.facts.get("explanation_situation") != "call_on_misinformation"
    assert _topic(dialogue.handle(Conversation(), text)) == "unauthorised_information"


def test_i_forgot_to_alert_partners_call_is_my_own_explanation(dialogue: Dialogue) -> None:
    text = (
        "pd opened 2♥ which is a multi for us, i forgot and didnt alert it, then lho bid 3♥. "
        "what now?"
    )
    assert dialogue.describe(text).facts.get("explanation_situation") == "own_explanation"


@pytest.mark.parametrize(
    "text",
    [
        # partner explained right, I misbid: whether to tell them is the question (20F, 75)
        "pd alerted my 2NT and told them 'Jacoby', which is our system, but i had meant it as "
        "natural. must i tell the opps?",
        # our missing alert, and whether to speak up
        "my partner's 4♦ was a splinter for us but i didn't alert it. lho has doubled since. "
        "should i tell them now?",
    ],
)
def test_whether_to_tell_the_opponents_is_misinformation_not_partners_alert(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "partner_remarked" not in description.proven
    assert _topic(dialogue.handle(Conversation(), text)) == "misinformation"


def test_an_explanation_of_an_agreement_we_do_not_have_is_misinformation(
    dialogue: Dialogue,
) -> None:
    text = (
        "partner alerted my 5♣ and said 'gerber' but we've got no agreement about it there. "
        "the bidding is still going, do i need to say something?"
    )
    description = dialogue.describe(text)
    assert "partner_remarked" not in description.proven
    assert _topic(dialogue.handle(Conversation(), text)) == "misinformation"


@pytest.mark.parametrize(
    ("text", "viewpoint"),
    [
        # an adverb between the partner and his pass of the double
        (
            "my rho banged his double card down really hard and lho promptly left it in. we object",
            "opponents",
        ),
        # a relative clause between the partner and his pass
        (
            "lho slapped down the double card with a flourish. his partner, who held nothing "
            "much, sat for it. surely not?",
            "opponents",
        ),
        # the pass that ended the auction
        ("rho doubled instantly, with a slap, and lho passed it out. we went 2 down", "opponents"),
    ],
)
def test_a_manner_then_partners_pass_of_the_double_is_proven(
    dialogue: Dialogue, text: str, viewpoint: str
) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == ("remark_then_action",)
    assert description.facts.get("ui_kind") == "manner"
    assert description.facts.get("ui_viewpoint") == viewpoint
    assert _topic(dialogue.handle(Conversation(), text)) == "unauthorised_information"


@pytest.mark.parametrize(
    "text",
    [
        "rho thinks for ages over 3♥ and passes, then lho bids 4♠. is that ok?",
        "lho tanks for like 2 minutes and passes, and rho then doubles. fair?",
    ],
)
def test_a_hesitation_told_in_the_present_is_read(dialogue: Dialogue, text: str) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == ("hesitation_then_action",)
    assert description.facts.get("ui_kind") == "hesitation"


@pytest.mark.parametrize(
    ("text", "side"),
    [
        # the offender's partner asks whether he may go on as if nothing happened
        (
            "my partner bid 1♥ over their 1♠, not enough, and corrected it to 2♥. may i bid "
            "normally now?",
            "offending",
        ),
        # the other side asks to draw inferences from the bid taken back
        (
            "rho put 2♣ on the table over my 2♦ then changed it to 3♣. can we draw any "
            "inference from that as defenders?",
            "non_offending",
        ),
        # 'make use of' what the bid showed
        (
            "lho opened 1♦ out of turn before pd, it was cancelled and she passed at her turn. "
            "am i allowed to make use of what i now know about her diamonds?",
            "non_offending",
        ),
    ],
)
def test_using_a_call_taken_back_is_the_question(dialogue: Dialogue, text: str, side: str) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == ("information_from_withdrawn_action",)
    assert description.facts.get("withdrawn_side") == side
    assert _topic(dialogue.handle(Conversation(), text)) == "withdrawn_call_information"


@pytest.mark.parametrize(
    "text",
    [
        # the board being played, named while something is overheard
        "we were pulling our hands out of board 11 when the next table started going on about "
        "'4 spades doubled, 3 off'. nobody had called yet. what do we do?",
        # the taking only says when it was heard
        "we were just taking our cards out of board 5 when a player at the next table said "
        "'3NT, only 8 tricks on a club lead'. nobody has bid. what now?",
        # another seat's hand of the same board looked at
        "i took the north hand out of bd 4 by mistake and saw most of it before i realised i "
        "sit east. no calls yet",
    ],
)
def test_cards_taken_from_the_board_being_played_are_not_the_wrong_board(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "wrong_cards_held" not in description.proven
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "extraneous_information", [t.text[:100] for t in turns]


@pytest.mark.parametrize(
    "text",
    [
        "pd took his cards out of board 15 when we were meant to be on 16 and opened 1♦. "
        "rho hasn't called",
        "my lho pulled her hand from bd 3 though the board on the table said 4. she has bid 1♠",
    ],
)
def test_cards_from_another_board_named_are_the_wrong_board(dialogue: Dialogue, text: str) -> None:
    assert dialogue.describe(text).proven[:1] == ("wrong_cards_held",)


def test_a_hand_short_of_a_card_is_not_the_wrong_board(dialogue: Dialogue) -> None:
    text = "took my hand out of board 6 and only had 12 cards. no bids yet"
    assert dialogue.describe(text).proven[:1] == ("wrong_card_count",)
