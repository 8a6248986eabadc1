"""Neighbouring play topics told in everyday words: a claim or concession, the count of tricks
after it, a card named in the claim's own words, a hand a card short at the end because of a
trick, dummy's own question about a revoke. The reader proves which happened from the story's
events (who said what, about which tricks, to whom, and when), so the topic whose law decides
is announced (docs/labelling.md says which law decides).

None of these wordings is in the labelled story sets: they check that the reading generalises.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk

CLAIM = "This is about: Claims and concessions"
SCORE = "This is about: Tricks won and score corrections"


@pytest.mark.parametrize(
    "text",
    [
        "declarer claimed with 3 to go, fine by us, but when we wrote it up he says 10 tricks "
        "and we say 9. still at the table",
        "opps claimed the last two at T12, no argument there, but now they reckon they made 8 "
        "altogether and we think 7",
        "declarer claimed at T11 and we were happy with it, but then she said 9 tricks and we "
        "said 8",
    ],
)
def test_two_counts_after_an_accepted_claim_are_a_count_dispute(text: str, chat: Chat) -> None:
    """The claim is not what the sides argue about: each side's count of the tricks is (79)."""
    assert chat.say(text)[0].text.startswith(SCORE)


def test_a_claim_found_wrong_later_is_still_the_claim(dialogue: Dialogue) -> None:
    """One count, agreed and then found wrong because of a trick the claim could not give:
    the claim's matter (69B), not two counts set against each other."""
    text = (
        "declarer said 'the rest are mine' at T10 and we agreed, wrote down 10 tricks. on the "
        "way home pd realised he still had the trump queen, so we should have had 2"
    )
    assert dialogue.rank(text)[0].topic.id == "claim"


@pytest.mark.parametrize(
    "text",
    [
        "defending 4H, at T11 pd said 'we lose the rest, declarer can have them' and started "
        "folding his cards, i said straight away 'hang on i have the trump king'",
        "defending 3NT, pd said 'we're not taking any more' and began to put his cards in the "
        "board, i objected at once: 'no, i've got the spade ace'",
        "defending 2S, my partner said 'i'll give you the rest' and faced his hand but i "
        "objected at once, i've still got the ♦K",
    ],
)
def test_a_defender_giving_up_the_rest_objected_to_by_partner_is_a_concession(
    text: str, chat: Chat
) -> None:
    """The tricks given away in plain words, and partner's 'I have the ace' at once: no
    concession (68B2), not a penalty card for the ace partner named."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(CLAIM)
    assert "68B2" in ruling_of(turns).citations


@pytest.mark.parametrize(
    "text",
    [
        "declarer stopped play and said 'I have the top spades and the ace of hearts, I'll "
        "cash them all'. we said ok, now pd thinks we had a trick",
        "At T9 declarer said 'if the diamond finesse works I've got the rest' and put her hand "
        "down. we objected, the K was offside",
    ],
)
def test_cards_named_in_a_claims_own_words_are_its_line_not_a_penalty_card(
    text: str, dialogue: Dialogue
) -> None:
    """'I have the ace of hearts, I'll cash them' states the claim's line (68C); 'I've got
    the rest' names tricks, not a card."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("claim",)
    assert not {"card_named", "card_exposed"} & set(description.proven)
    assert dialogue.rank(text)[0].topic.id == "claim"


def test_nobody_objecting_to_a_claim_is_no_dispute(dialogue: Dialogue) -> None:
    """'nobody objected' is what did not happen: the claim is not read as disputed."""
    text = "declarer spread his hand and said 'the rest are mine', nobody objected, we all moved on"
    assert dialogue.describe(text).facts.get("claim_response") != "disputed"


DEFECTIVE = "This is about: Defective trick"
WRONG_COUNT = "This is about: A hand with the wrong number of cards"


def test_a_hand_a_card_over_because_of_a_trick_missed_is_a_defective_trick(chat: Chat) -> None:
    """The count is off because of one trick the player did not play to: the trick's law
    (67B1), not the deal's (13, 14)."""
    turns = walk(
        chat,
        "at the end lho had only played 12 cards and still had one in his hand; he never put a "
        "card out at trick 4, a club lead, and he had no clubs anyway",
    )
    assert turns[0].text.startswith(DEFECTIVE)
    assert "67B1" in ruling_of(turns).citations


def test_a_second_card_on_one_trick_found_when_a_card_short_is_a_defective_trick(
    chat: Chat,
) -> None:
    turns = chat.say(
        "rho put her card on trick 5 and then a second one went onto the same trick by accident, "
        "nobody noticed till she was a card short at trick 9"
    )
    assert turns[0].text.startswith(DEFECTIVE)


@pytest.mark.parametrize(
    "text",
    [
        "at trick 6 i found i only had 12 cards, the missing one was on the floor under my chair",
        "at T3 two ♥Q landed on the same trick, one of them from another pack",
    ],
)
def test_a_card_missing_from_the_deal_stays_the_wrong_number_of_cards(
    text: str, chat: Chat
) -> None:
    """A card lost from the hand, or one not of this pack, whatever trick it turned up on:
    the deal's laws (13, 14)."""
    assert chat.say(text)[0].text.startswith(WRONG_COUNT)


DUMMY = "This is about: Dummy's rights and limitations"


@pytest.mark.parametrize(
    "text",
    [
        "as dummy, may i ask partner 'no diamonds?' when he throws a spade on a diamond lead",
        "as dummy, could I say to declarer 'having none?' when he ruffs the club",
    ],
)
def test_dummy_asking_about_a_revoke_is_dummys_right(text: str, chat: Chat) -> None:
    """Whether dummy may ask is his right (42B1), whoever he asks (docs/labelling.md, 6);
    'as dummy, may I' makes the teller dummy."""
    turns = walk(chat, text)
    assert turns[0].text.startswith(DUMMY)
    assert "42B1" in ruling_of(turns).citations


PREMATURE = "This is about: Premature or simultaneous play"


def test_a_card_put_out_before_declarer_leads_again_is_a_premature_play(chat: Chat) -> None:
    """Declarer's lead from the wrong hand is dealt with; the defender's card before the new
    lead is what the story asks about (60B)."""
    turns = walk(
        chat,
        "i was declarer and led from the wrong hand, td said play again from the other one, but "
        "before i'd re-led rho tossed his ♦Q on the table. is it a penalty card?",
    )
    assert turns[0].text.startswith(PREMATURE)
    assert "60B" in ruling_of(turns).citations


def test_the_offenders_partner_playing_to_his_lead_out_of_turn_is_a_premature_play(
    chat: Chat,
) -> None:
    """His own partner's card on the lead out of turn is what is asked about (the labelling
    sheet files it under premature play), not the lead the next hand may still accept."""
    turns = chat.say(
        "T5: lho led a club out of turn, and before anybody said a word his own partner dropped "
        "the ♣K on it. we're declaring, what now"
    )
    assert turns[0].text.startswith(PREMATURE)


@pytest.mark.parametrize(
    "text",
    [
        "pd led the ♥A to trick 1, dummy went down, and then pd said 'sorry i want to change my "
        "lead to a spade'. allowed?",
        "i led the ♦J at trick one and when dummy came down i realised i should have led a club. "
        "can i swap it?",
    ],
)
def test_a_lead_changed_for_another_card_is_no_lead_out_of_turn(
    text: str, dialogue: Dialogue
) -> None:
    """'change my lead', 'should have led a club' say which card, not whose turn it was: the
    card taken back is the matter (47)."""
    assert "lead_out_of_turn" not in dialogue.describe(text).proven
    assert dialogue.rank(text)[0].topic.id == "retracting_played_card"


@pytest.mark.parametrize(
    "text",
    [
        "as dummy, rho showed me his cards saying the rest are theirs",
        "my lho, a defender, spread his hand for dummy to see and said we take the last three",
        "i was dummy and lho showed me his whole hand, 'we have the rest'",
        "defender S at T10 put his cards face up in front of dummy E 'look, you can see i have "
        "the rest of trumps' - wanted dummy to tell declarer. W declarer unhappy",
    ],
)
def test_a_defender_showing_dummy_his_hand_proves_neither_reading(
    text: str, dialogue: Dialogue
) -> None:
    """Showing dummy a hand is barred (43A3) but showing cards with 'the rest are ours' is
    also a claim (68A): docs/labelling.md leaves it two-sided. The reader proves neither a
    claim nor dummy speaking (dummy was shown the cards, or asked to speak, and said
    nothing), so no topic is announced on a proof the story does not give."""
    description = dialogue.describe(text)
    assert description.facts.get("dummy_event_told") == "defender_showed"
    assert not {"claim", "dummy_spoke", "dummy_acted"} & set(description.proven)


def test_both_readings_of_a_hand_shown_to_dummy_are_offered(chat: Chat) -> None:
    """Told so that the words fit both, the teller is offered both topics to choose from."""
    turns = chat.say(
        "my lho, a defender, spread his hand for dummy to see and said we take the last three"
    )
    offered = [c.id for c in turns[0].choices]
    assert {"claim", "dummy_rights"} <= set(offered[:2])


def test_the_rest_claimed_in_the_remarks_own_words_is_a_claim(chat: Chat) -> None:
    """'the rest is for me' said with the hand put down: a claim, read from the remark, and
    the dispute over the trump not mentioned ruled by 70."""
    turns = walk(
        chat,
        "declarer stopped at T10, said 'the rest is for me' and put his hand down. rho objected "
        "at once, he still has a trump",
    )
    assert turns[0].text.startswith("This is about: Claims and concessions")
    assert any("A player claimed tricks" in t.text for t in turns)
    assert "70C" in ruling_of(turns).citations


def test_take_the_rest_said_by_a_defender_is_a_concession(chat: Chat) -> None:
    """'take the rest' said to declarer gives the tricks away: a defender's concession, and
    his partner objecting at once cancels it (68B2)."""
    turns = walk(
        chat,
        "defending 4S my pd at T12 said 'ok take the rest' and I said no at once, I have the "
        "boss heart",
    )
    assert turns[0].text.startswith("This is about: Claims and concessions")
    assert any("A player conceded tricks" in t.text for t in turns)
    assert "68B2" in ruling_of(turns).citations
