"""Play stories read from their structure (session 13): a side's tricks won after a revoke
are some of its tricks, not its count of the deal; stories of taking back a played card,
of looking at played tricks and of a defender's card left face up, told in everyday words.
Each story is our own; each asserts what the user sees (the topic announced, the question
asked or not, the ruling's text and citations).
"""

from __future__ import annotations

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk


def test_a_sides_tricks_after_the_revoke_are_not_counted_as_declarers_total(
    chat: Chat, dialogue: Dialogue
) -> None:
    """'N-S won three tricks after trick 4' says the defenders won tricks later (Law 64A),
    not that they took three in all: declarer's ten would be a count the story never gave,
    and the ruling would then credit him with a result nobody told."""
    text = (
        "3NT by W. at trick 4 N threw a spade on a diamond lead though he still had a "
        "diamond; E (dummy) won it, and N-S won three tricks after trick 4. spotted when "
        "the hands were compared at the end"
    )
    assert dialogue.describe(text).play.declarer_tricks is None
    seen = walk(chat, text)
    shown = "\n".join(t.text for t in seen)
    assert "took 10 tricks" not in shown, shown
    assert "64A2" in ruling_of(seen).citations


def test_a_total_told_beside_the_later_tricks_is_still_read(dialogue: Dialogue) -> None:
    """The count of the deal, told beside the later tricks, is still declarer's, and the two
    are no dispute of the count (Law 79)."""
    text = (
        "4H by N. E ruffed the second spade at trick 6 holding a spade. north made 9 tricks "
        "and E-W took two tricks later on."
    )
    description = dialogue.describe(text)
    assert description.play.declarer_tricks == 9
    assert "score_disputed" not in description.proven


ABOUT = "This is about: "
QUITTED = ABOUT + "Played cards - arranging and looking at tricks"
RETRACT = ABOUT + "Taking back a played card"
PENALTY = ABOUT + "Penalty cards"


def test_tricks_kept_in_one_heap_are_the_arranging_of_played_cards(chat: Chat) -> None:
    """A player who keeps his tricks together in one heap, not in a row each pointed: how
    played cards are kept is the matter (Law 65), started at once."""
    seen = walk(
        chat,
        "our rho collects all her tricks into one stack as she goes, nothing pointed. my pd "
        "asked her to lay them out in a row. who is right?",
    )
    assert seen[0].text.startswith(QUITTED), seen[0].text
    assert "65B2" in ruling_of(seen).citations


def test_a_heap_and_then_a_count_dispute_is_the_mixed_cards_ruling(chat: Chat) -> None:
    """Tricks kept in one heap and the count then disputed: the rows that would settle it
    are gone (65D), not a general question."""
    seen = walk(
        chat,
        "declarer gathered his tricks in a single pile all hand and at the end we cant agree "
        "if he took 8 or 9",
    )
    assert seen[0].text.startswith(QUITTED), seen[0].text
    assert "65D" in ruling_of(seen).citations


def test_a_trick_held_up_to_show_it_is_no_card_held_up(dialogue: Dialogue) -> None:
    """'held up his last trick' shows a quitted trick (66), not a card held as if to play it
    (45C): looking at played tricks is proven, not the card played."""
    text = (
        "W lifted up his last trick so declarer could see it again, then E asked to see the "
        "cards from two tricks back as well. is that ok?"
    )
    proven = dialogue.describe(text).proven
    assert proven[:1] == ("trick_inspection",), proven


def test_a_card_turned_too_soon_and_then_asked_for_is_about_seeing_the_trick(
    chat: Chat,
) -> None:
    """A card turned face down before the others had seen it, and a player asking for the
    trick to be faced: whether he may see it is the question (66A), not whether it was
    played."""
    seen = chat.say(
        "rho flipped her card face down before my pd had seen it. pd asked for the cards to "
        "be turned up, we hadn't led to the next trick yet. rho says no"
    )
    assert seen[0].text.startswith(QUITTED), seen[0].text


def test_a_defenders_card_then_words_taking_it_back_is_a_retraction(chat: Chat) -> None:
    """A defender's card played face up, then his own words asking for another ('no, the
    jack'), with dummy named in the same line as the trick's lead: his own card is changed
    (47F2), not a card named from dummy."""
    seen = walk(
        chat,
        "3S by N, T6: E leads a heart, dummy plays low, W follows with the H4, then says "
        "'no wait, the jack' before N has played. W wants to swap",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
    assert "47F2" in ruling_of(seen).citations


def test_a_discard_then_taken_back_in_words_is_a_retraction(chat: Chat) -> None:
    """A discard told as such, then the player's own 'hang on, I wanted...': a played card
    changed by second thought (47F2)."""
    seen = walk(
        chat,
        "4H by S. trick 7, W discards the C8 face up, E hasn't played. W: 'hang on, I wanted "
        "a spade away'. can W change?",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
    assert "47F2" in ruling_of(seen).citations


def test_a_slip_claimed_is_no_claim_of_tricks(dialogue: Dialogue) -> None:
    """'a mechanical slip was claimed' says what a player asserts happened, not a claim of
    the remaining tricks (Law 68)."""
    text = (
        "4S by N. T2: W followed with the DQ face up, said 'oops, the D5, it was stuck to "
        "the queen'. a slip claimed."
    )
    assert "claim" not in dialogue.describe(text).proven


def test_a_card_pointed_one_way_and_the_others_the_other_way(chat: Chat) -> None:
    """One hand's card of a trick pointed to one side, the other three to the other, and the
    count then disputed: the pointing decides it (65B3), not a bare count dispute (79B)."""
    seen = chat.say(
        "end of the board, NS say 8, EW say 7. W's T4 card is pointed EW, the other three "
        "have it NS. everything still laid out"
    )
    assert seen[0].text.startswith(QUITTED), seen[0].text


def test_a_defenders_card_that_flopped_forward_is_exposed(dialogue: Dialogue) -> None:
    """A defender's card that tipped forward out of his hand face up: a card exposed in play
    (49), not a card played."""
    text = (
        "defending 4H, lho's HJ tipped forward out of her hand face up, declarer and i both "
        "saw it. what now?"
    )
    assert dialogue.describe(text).proven[:1] == ("card_exposed",)


def test_a_card_snatched_back_and_another_played_is_a_retraction(chat: Chat) -> None:
    """'pitched the king, then snatched it and played low': the player's own card taken back
    in everyday words, the retraction topic started (47F2)."""
    seen = chat.say("rho pitched the CK, then snatched it and played the C3. can she?")
    assert seen[0].text.startswith(RETRACT), seen[0].text


def test_a_card_found_after_showing_out_stays_a_revoke(dialogue: Dialogue) -> None:
    """A player who showed out, then said he has one after all and swapped his card, put a
    revoke right (62): not a card taken back by second thought."""
    text = (
        "lho discarded on my spade lead, then before anyone played to the next trick said "
        "'hang on, here's a spade' and swapped it"
    )
    assert "card_taken_back" not in dialogue.describe(text).proven[:1]


def test_a_card_taken_back_after_partners_groan_starts_with_the_card(chat: Chat) -> None:
    """Partner groaned at the card, and the player took it back and played another: the card
    taken back is the first matter (47F2), what the groan told him is offered after (16B)."""
    seen = chat.say(
        "i played the S5 to the trick, my pd groaned 'not that!', so i picked it up and played "
        "the SK instead. declarer wants the director"
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
