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
    """Declarer's card from his own hand, swapped by him after LHO followed: his own card
    changed (47F2), not a card from dummy named wrongly."""
    seen = walk(
        chat,
        "3NT by N. N led the ♠4 from his hand, E followed with the 9, and then N picked up "
        "his 4 and put the ♠8 on instead. E says that can't be done.",
    )
    assert seen[0].text.startswith(RETRACT), seen[0].text
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
