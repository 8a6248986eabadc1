"""Information stories read from their structure (issue 14, session s11-info).

Each text is our own wording, none is in the labelled or dev sets; each asserts what the user
sees first (the topic announced, or that no wrong topic is announced at once):
- cards coming face up as they are taken out of the board are exposed in the auction period
  (Law 17A, 24), not seen in a shuffle or deal (Law 16D);
- a quote saying whose turn it is ('hey, my turn') draws attention to the turn (Law 9A1), it
  is no remark passing information to partner (16B);
- a missing alert that left 'us' uninformed was the opponents' (Law 21B), not our partner's;
- someone at a numbered table quoted telling his own table's story is the director's report
  of that table, not information overheard from another table (16D);
- 'may I play for it' of what a withdrawn call showed asks about using it (Law 16C);
- a lead barred by declarer because of a call put right is Law 26's restriction.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn

from conftest import Chat, walk

EXPOSED_IN_AUCTION = "This is about: Card exposed or led during the auction"
WITHDRAWN_INFO = "This is about: Information from a withdrawn call or play"
LEAD_RESTRICTIONS = "This is about: Lead restrictions after a withdrawn call"


def _topic(turns: list[Turn]) -> str | None:
    first = turns[0]
    return first.topic or (first.choices[0].id if first.choices else None)


def _started(turns: list[Turn]) -> str | None:
    """The topic announced at once ('This is about'), None when a menu or nothing."""
    first = turns[0]
    return first.topic if first.text.startswith("This is about") else None


def test_cards_face_up_as_the_hand_came_out_of_the_board_are_exposed_in_the_auction(
    chat: Chat,
) -> None:
    text = (
        "while dealing the hands from the board N tipped his out too fast and the HQ and "
        "the D4 landed face up. S saw them. this was before any bid was made. ruling?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(EXPOSED_IN_AUCTION), seen[0].text[:120]


def test_cards_seen_in_a_real_deal_are_still_information_from_the_deal(
    dialogue: Dialogue,
) -> None:
    """The board dealt at the table: a card seen while dealing stays Law 16D's."""
    text = "while dealing the cards at our table i saw the ace of spades go to lho. what now?"
    assert "card_exposed_in_auction" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "lho 1C, pd 1H, rho 2C and i bid 2H. then pd said 'wait, it's my turn' but it wasn't. "
        "who is right?",
        "1S by lho, pd doubled, rho passed, i said 2D. pd goes 'hang on, my bid' - was i "
        "out of turn?",
    ],
)
def test_partner_saying_whose_turn_it_is_is_not_unauthorised_information(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "partner_remarked" not in description.proven
    assert "remark_then_action" not in description.proven
    turns = dialogue.handle(Conversation(), text)
    assert _started(turns) != "unauthorised_information", turns[0].text[:120]


def test_partner_saying_oops_is_still_a_remark(dialogue: Dialogue) -> None:
    text = "i opened 1S and pd said 'oops' before bidding 2S. can i use that?"
    assert "partner_remarked" in dialogue.describe(text).proven


@pytest.mark.parametrize(
    "text",
    [
        "the man across from me bid 3C and his partner said nothing, no alert at all, later "
        "they said it was artificial. we didn't know. can we get a better score?",
        "the woman opposite me opened 2D and then her partner gave no alert, and after the "
        "hand they said it was a multi. we were never told. what now?",
    ],
)
def test_a_missing_alert_we_were_not_told_of_is_the_opponents(
    dialogue: Dialogue, text: str
) -> None:
    """Whoever the teller's words seat, the alert missing was owed to 'us': not a message
    from our partner (16B) announced at once."""
    assert "partner_remarked" not in dialogue.describe(text).proven
    turns = dialogue.handle(Conversation(), text)
    assert _started(turns) != "unauthorised_information", turns[0].text[:120]


def test_a_table_quoted_telling_its_own_story_is_not_information_from_outside(
    dialogue: Dialogue,
) -> None:
    text = (
        "the woman at table 7 said: 'we played board 9 but our card said board 10 for this "
        "round'. the pair after them played 9 as well. what score do i give?"
    )
    assert "information_from_outside" not in dialogue.describe(text).proven
    turns = dialogue.handle(Conversation(), text)
    assert _started(turns) != "extraneous_information", turns[0].text[:120]


def test_a_result_overheard_from_a_numbered_table_is_still_information_from_outside(
    dialogue: Dialogue,
) -> None:
    text = "someone at table 3 said loudly '4S makes 11 easily' and we had not bid it yet"
    assert "information_from_outside" in dialogue.describe(text).proven


def test_playing_for_what_a_withdrawn_call_showed_is_using_it(chat: Chat) -> None:
    text = (
        "lho's insufficient 1S was withdrawn and he bid 2S instead. i became declarer. "
        "his 1S told me he had spades, may i play for that?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith(WITHDRAWN_INFO), seen[0].text[:120]


@pytest.mark.parametrize(
    "text",
    [
        "my partner called out of turn and had to change it later. declarer then said i "
        "was not allowed to lead a heart. i did not know she could do that",
        "the opps made an insufficient bid and fixed it, and when i became declarer the td "
        "said i could stop the other defender from leading one suit. how is that chosen?",
    ],
)
def test_a_lead_barred_because_of_a_call_put_right_is_a_lead_restriction(
    chat: Chat, text: str
) -> None:
    seen = walk(chat, text)
    assert seen[0].text.startswith(LEAD_RESTRICTIONS), seen[0].text[:120]


def test_a_lead_barred_by_a_card_shown_is_not_a_withdrawn_calls(dialogue: Dialogue) -> None:
    """A card face up restricts leads in its own law (50D): no call withdrawn is proven."""
    text = (
        "after pd's bid out of turn he also dropped the SK face up, and declarer forbade "
        "the spade lead. what now?"
    )
    assert "lead_after_withdrawn_call" not in dialogue.describe(text).proven


def test_a_call_out_of_turn_then_a_lead_is_no_lead_out_of_turn(dialogue: Dialogue) -> None:
    """'out of turn' said of a call: the lead told later is not proven out of turn."""
    text = (
        "bd 11. W opened 1S out of turn (N dealer), N refused it, W had to pass throughout, "
        "E led a spade vs 4H. NS think the spade lead came from the withdrawn opening"
    )
    assert "lead_out_of_turn" not in dialogue.describe(text).proven


def test_a_lead_told_out_of_turn_is_still_one(dialogue: Dialogue) -> None:
    text = "declarer won trick 3 in hand but W led out of turn to trick 4. what now?"
    assert "lead_out_of_turn" in dialogue.describe(text).proven


def test_a_hand_record_lying_face_up_is_information_not_a_penalty_card(
    dialogue: Dialogue,
) -> None:
    text = (
        "someone left the hand records lying face up by our board and N noticed them before "
        "the bidding started on bd 12. ruling please"
    )
    proven = dialogue.describe(text).proven
    assert "penalty_card_held" not in proven
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "extraneous_information", turns[0].text[:120]


def test_the_director_looking_at_a_hand_is_no_card_seen(dialogue: Dialogue) -> None:
    """The director called to the table looks at the hands: his inquiry, not information
    reaching a player; the pause of some seconds is the hesitation."""
    text = (
        "td here. E took ~20 secs and then passed 3S. W, with 4 spades and 11 points, bid 4S "
        "which made. NS called me at the end. i looked at W's hand: passing is a real option"
    )
    proven = dialogue.describe(text).proven
    assert "card_seen_at_table" not in proven
    assert proven[:1] == ("hesitation_then_action",)


def test_partners_remark_told_in_the_auction_is_information_after_the_contract(
    chat: Chat,
) -> None:
    text = (
        "during the bidding pd said 'oh no' as soon as she saw my bid. we ended up in 3NT. "
        "the opps said we can't use that - what does using it even mean?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Unauthorised information"), seen[0].text[:120]


def test_an_unalerted_call_told_the_sentence_before_is_our_sides_misinformation(
    chat: Chat,
) -> None:
    text = (
        "pd opened 2C and i bid 2D, a relay in our system. pd did not alert it. "
        "everyone passed after 2H by pd. i am dummy and they are about to lead. do i say "
        "something now?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Wrong explanation or missing alert"), seen[
        0
    ].text[:120]


def test_a_range_held_unlike_the_range_told_again_and_again_is_a_psych_matter(
    dialogue: Dialogue,
) -> None:
    text = (
        "one couple in our league open their weak 2s on 12-14 when they say 6-10. "
        "it happened again to us, 4th time this season. they just call it 'tactical'"
    )
    assert "call_unlike_hand_on_purpose" in dialogue.describe(text).proven
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "psych_or_undisclosed_agreement", turns[0].text[:120]


def test_a_call_announced_after_the_auction_is_no_call_after_the_final_pass(
    chat: Chat,
) -> None:
    """The call named again when its announcement is told, or with its meaning set beside
    it, is explained, not made after the close (Law 39): the explanation is the matter."""
    text = (
        "Auction 1NT (S) p 2H p 2S p p p. S announced 2H as 'transfer'. Afterwards N shows "
        "their convention card: 'no transfers', 2H natural. W says he would have doubled."
    )
    assert "call_after_final_pass" not in chat.dialogue.describe(text).proven
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Wrong explanation or missing alert"), seen[
        0
    ].text[:120]


def test_i_misexplained_is_misinformation_after_the_auction_ended(chat: Chat) -> None:
    text = (
        "I misexplained my partner's 2D opening as multi - it is a weak 2 in diamonds, we "
        "changed it last week. 2D all pass, we are declarer. Can LHO change his last pass?"
    )
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: Wrong explanation or missing alert"), seen[
        0
    ].text[:120]


def test_a_convention_named_and_not_alerted_is_misinformation(dialogue: Dialogue) -> None:
    """'Drury' names a convention as 'transfer' does: partner's missing alert of it, the
    opponents then calling, is the opponents' misinformation (Law 21B)."""
    text = (
        "pd opened 1S in third seat and i bid 2C, drury. pd didn't alert it. lho doubled and "
        "then rho bid 3D. lho says he would have passed if he had known."
    )
    assert dialogue.describe(text).proven[:1] == ("explanation_differs",)
    turns = dialogue.handle(Conversation(), text)
    assert _topic(turns) == "misinformation", turns[0].text[:120]


def test_a_card_played_on_an_explanation_since_corrected_asks_about_the_card_too(
    dialogue: Dialogue,
) -> None:
    """Whether the card may be changed (47E2) is the misinformation topic's own question
    (s16: the labelled set puts every 'may I change the card I played on their wrong
    explanation?' there): misinformation is announced and asks whether a card was played
    since."""
    text = (
        "i played a heart after the opponent explained their 2NT as both minors, then near the "
        "end his partner put it right and said it actually showed something else. the td says "
        "i might get to change my card. really?"
    )
    assert "explanation_differs" in dialogue.describe(text).proven
    turns = dialogue.handle(Conversation(), text)
    assert _started(turns) == "misinformation", turns[0].text[:120]
    assert "has any other card been played" in " ".join(t.text for t in turns)


def test_a_score_given_and_the_right_one_told_after_it_is_a_score_recorded_wrong(
    chat: Chat,
) -> None:
    text = (
        "checking the results a week on: they were given 3NT making 10 as +430. we were not "
        "vulnerable but they were, it should be +630. can it still be put right?"
    )
    assert chat.dialogue.describe(text).proven[:1] == ("score_recorded_wrong",)
    seen = walk(chat, text)
    assert seen[0].text.startswith("This is about: "), seen[0].text[:120]
    assert seen[0].topic == "score_correction"


def test_a_procedural_penalty_given_is_no_score_recorded(dialogue: Dialogue) -> None:
    text = "we were given a procedural penalty of 10% for slow play. is that fair?"
    assert "score_recorded_wrong" not in dialogue.describe(text).proven
