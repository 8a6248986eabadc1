"""Play stories read from their structure (session 14): a player's own card changed after he
played it, declarer's cards faced for another purpose, and a count that depends on a card
pointed the wrong way. Each story is our own, worded apart from the stories it fixes; each
asserts what the user sees (the topic announced, the question asked or not, the ruling's
text and citations).
"""

from __future__ import annotations

from conftest import Chat, ruling_of, walk

ABOUT = "This is about: "
RETRACT = ABOUT + "Taking back a played card"
PENALTY = ABOUT + "Penalty cards"
QUITTED = ABOUT + "Played cards - arranging and looking at tricks"


def _asked(seen: list, words: str) -> bool:
    return any(t.type == "question" and words in t.text for t in seen)


def test_declarer_faces_his_cards_to_sort_them_is_no_claim_told(chat: Chat) -> None:
    """Declarer laid his cards face up to rearrange them, and only the defenders call it a
    claim: what facing them does is Law 48B2's question, with his cards never penalty cards
    (48A), not a claim he made. A facing at trick 8 is not straight after an opening lead,
    so that is not asked."""
    seen = walk(
        chat,
        "at trick 8 declarer laid his remaining cards face up on the table to rearrange his "
        "suits, not a word said. the defenders now say he has claimed the lot. has he?",
    )
    assert seen[0].text.startswith(PENALTY), seen[0].text
    assert not _asked(seen, "opening lead made by the wrong defender")
    ruling = ruling_of(seen)
    assert "never become penalty cards" in ruling.text
    assert {"48A", "48B2"} <= set(ruling.citations)


def test_declarer_who_says_the_rest_are_his_while_facing_them_claims(chat: Chat) -> None:
    """The same facing with declarer's own words claiming the tricks stays a claim."""
    seen = walk(
        chat,
        "4H by S, trick 10. S put his hand face up and said 'the rest are mine, trumps are "
        "drawn'. we agreed and scored it up.",
    )
    assert not seen[0].text.startswith(PENALTY), seen[0].text


def test_a_card_played_then_wanted_back_by_its_player_is_taking_it_back(chat: Chat) -> None:
    """A card put on the table as a play, then the same player saying he meant another, with
    words that only date the change ('before declarer had played from dummy'): no card
    played early, nothing exposed; the card stays played (47F2)."""
    seen = walk(
        chat,
        "at trick 4 my lho put the ♦Q on the table, then said 'no wait, I meant the ♦5' "
        "before declarer had played from dummy. can she change it?",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
    assert "47F2" in ruling_of(seen).citations


def test_declarer_swapping_his_own_card_after_the_next_player_followed(chat: Chat) -> None:
    """Declarer's card from his own hand, swapped by him after LHO followed: taking back a
    card is the matter, not a card from dummy named wrongly; with another card played
    after it, why it is taken back is asked (his own change, 47F2, or the later player's,
    47D), not taken as his change of mind."""
    seen = walk(
        chat,
        "3NT by N. N led the ♠4 from his hand, E followed with the 9, and then N picked up "
        "his 4 and put the ♠8 on instead. E says that can't be done.",
        "changed_mind",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
    assert _asked(seen, "Why does the player want")
    assert "47F2" in ruling_of(seen).citations


def test_a_card_changed_after_a_lead_by_the_wrong_defender_stays_the_lead(chat: Chat) -> None:
    """A lead by the wrong defender, then words about it: the lead out of turn is the
    matter, not a change of mind."""
    seen = walk(
        chat,
        "the wrong defender led the ♣K face up, declarer said 'lovely, I'll win it with the "
        "ace'. dummy not down yet. ruling?",
    )
    assert not seen[0].text.startswith(RETRACT), seen[0].text


def test_a_count_that_turns_on_a_card_lying_the_wrong_way_is_the_quitted_card(
    chat: Chat,
) -> None:
    """The sides count from the rows, and one card lay the wrong way round: the card's
    direction decides the count (65B3), not the score's correction (79)."""
    seen = walk(
        chat,
        "when we counted up, 9 tricks for them by our rows, but my partner's card on trick 8 "
        "was lying the wrong way round, they actually lost that one. which count stands?",
    )
    assert seen[0].text.startswith(QUITTED), seen[0].text
    assert "65B3" in ruling_of(seen).citations


LEAD = ABOUT + "Lead out of turn"


def test_declarer_placed_by_his_seat_in_brackets_accepts_the_lead(chat: Chat) -> None:
    """'4S by E (me)': the teller is East, the declarer, so his 'I accepted it' is the choice
    of the player entitled to make it (53A): it is taken from the story, not asked."""
    seen = walk(
        chat,
        "4S by E (me). W won trick 7 but N led the ♦4. I accepted it and played low from "
        "hand. now S says he wanted to lead. ruling?",
    )
    assert seen[0].text.startswith(LEAD), seen[0].text
    assert not _asked(seen, "accept")
    assert "53A" in ruling_of(seen).citations


def test_a_refused_lead_left_on_the_table_and_partner_now_on_lead(chat: Chat) -> None:
    """A defender's lead out of turn refused at a later trick, the card lying on the table,
    and now his partner is on lead: declarer's options over that lead (50D2) are asked
    about, the lead out of turn is settled."""
    seen = walk(
        chat,
        "W led the ♠J out of turn at trick 5 and declarer refused it, so the jack is lying "
        "face up. now W's partner has won trick 6 and is on lead. what can declarer do?",
    )
    assert seen[0].text.startswith(PENALTY), seen[0].text
    assert not _asked(seen, "What is the question about?")
    assert "50D2" in ruling_of(seen).citations


def test_a_card_asked_to_be_played_again_is_no_card_played_twice(chat: Chat) -> None:
    """'can she play that same card again later?' asks about a card taken back on the
    director's word (47A); it tells no card played at two tricks (67B3)."""
    seen = walk(
        chat,
        "the director made my partner pick up the card she had played at trick 4 while he "
        "sorted out a muddle. can she play that same card again later?",
    )
    assert "Played cards" not in seen[0].text
    assert not any(t.text.startswith(ABOUT + "Defective trick") for t in seen)
    assert "47A" in ruling_of(seen).citations


def test_an_opening_lead_told_faced_then_another_card_meant(chat: Chat) -> None:
    """'E's opening lead ♠9 faced', told without a verb of play, then the leader saying he
    meant another card before dummy is spread: his own lead changed (47F2), not dummy
    speaking (dummy is not down yet)."""
    seen = walk(
        chat,
        "1NT by S. W's opening lead ♠9 faced. Before dummy went down W said 'oh no, I meant "
        "the ♠8'. N-S say the nine stays.",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
    assert "47F2" in ruling_of(seen).citations
