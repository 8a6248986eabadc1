"""Session 17 (issue 14): what a story states is filled, never asked, when its structure proves
it; left to be asked when it does not. Each story is our own wording."""

from __future__ import annotations

import pytest
from told import tell

from bot.dialogue.engine import Dialogue

# -- Law 57A, then 61A: the card declarer's option required, not played ---------------------


@pytest.mark.parametrize(
    "story",
    [
        "W played his card before his partner E. Declarer required E to play his highest "
        "spade, but E played the 3 anyway while he still had the king.",
        "n played early, ahead of s his partner. declarer told s 'lowest heart please'. s "
        "played the HQ instead even though he had the H4",
        "my rho followed before his partner had played, so i told lho to play her lowest "
        "club. she played the 9 anyway, holding the 2",
    ],
)
def test_the_option_not_complied_with_is_what_is_asked_about(
    dialogue: Dialogue, story: str
) -> None:
    """An early card, then the partner not doing what declarer chose though he could: the
    story asks about the second act (a revoke, 61A via 57A), so what happened is not asked
    and the early card is not what is ruled on."""
    asked, took, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "did not play as declarer required" in took
    assert ruling is not None and "61A" in ruling.citations


# -- a card only demanded is no card played ------------------------------------------------


@pytest.mark.parametrize(
    "story",
    [
        "rho played out of turn (before his pd). declarer wants pd to play his highest club",
        "LHO played before her partner; declarer asked her partner to play the lowest "
        "diamond he had",
        "E played before W at trick 3. decl wanted W not to play a heart. W has no spades, "
        "the suit led",
    ],
)
def test_a_card_demanded_of_the_partner_leaves_the_early_card_read(
    dialogue: Dialogue, story: str
) -> None:
    """'declarer wants pd to play ...' is declarer's choice for the partner, not a card the
    partner played: the early card stays a defender's card played before his partner (57A),
    so what happened is not asked."""
    asked, took, _ = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "before his partner" in took


@pytest.mark.parametrize(
    "story",
    [
        # a player's own card after it: what followed may be what the story asks
        "rho played before his pd, then pd played the king. what now",
        # nobody named as declarer: the early player may be declarer himself
        "he played before his partner. what now",
    ],
)
def test_an_early_card_with_a_real_card_after_it_or_no_declarer_stays_asked(
    dialogue: Dialogue, story: str
) -> None:
    asked, _, _ = tell(dialogue, "premature_play", story)
    assert "event" in asked


# -- Law 79: a count accepted without the word 'agreed' -------------------------------------


@pytest.mark.parametrize(
    "story",
    [
        "my partner said ok to them making 10 but we actually took 4 tricks",
        "we let them have 9 tricks, then counting again they only had 8. cards back in the board",
        "they said 9 and we said 'fine, 9' but now I'm sure we won 5 tricks, so they made 8",
    ],
)
def test_a_count_accepted_in_other_words_is_no_plain_dispute(
    dialogue: Dialogue, story: str
) -> None:
    """A count one side accepted ('said ok to', 'let them have', "'fine, 9'") and then found
    wrong is not proven a disagreement between the sides (79B): a side's accepting a trick
    it did not win is 79A2, and whether the other side now disputes it is for the teller to
    say. Before, 'the two sides disagree' was filled."""
    _, took, _ = tell(dialogue, "score_correction", story)
    assert "disagree about the number of tricks" not in took


@pytest.mark.parametrize(
    "story",
    [
        "they say they made 9 tricks, we say 8. the cards are still in rows. td called",
        "end of the hand: declarer counts 10 tricks, we count 9, all cards played out",
    ],
)
def test_two_counts_never_agreed_are_still_a_disagreement(dialogue: Dialogue, story: str) -> None:
    asked, took, ruling = tell(dialogue, "score_correction", story, {"claim_made": "no"})
    assert "event" not in asked
    assert "disagree about the number of tricks" in took
    assert ruling is not None and "79B" in ruling.citations


# -- the suit led, a card's own verb: no player's act ---------------------------------------


def test_the_suit_led_names_no_leader(dialogue: Dialogue) -> None:
    """'W has no spades (the suit led)': the participle names the suit, not a lead by W, so
    it is no card played after the early one."""
    story = "E played before W. W has no spades (the suit led). what can declarer do"
    asked, took, _ = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "before his partner" in took


def test_a_contract_before_led_is_still_declarers_lead(dialogue: Dialogue) -> None:
    """'declarer in 4♠ led from hand': the contract, not the suit of the lead; the lead stays
    declarer's, so a lead from the wrong hand is still read."""
    description = dialogue.describe("declarer in 4♠ led from hand but dummy had won the last trick")
    leads = [e for e in description.events if e.act == "lead"]
    assert leads and leads[0].role == "declarer"


@pytest.mark.parametrize(
    "story",
    [
        "we accepted their 9 tricks and put the cards away, but counting again at home they "
        "only won 8. can it be changed?",
        "my partner and I agreed declarer's 10 tricks at the end, then I realised we actually "
        "took 4 of them, so only 9 for him",
        "the opps accepted 11 tricks for us, but really we only made 10, I miscounted. what do "
        "we do",
    ],
)
def test_a_count_accepted_then_found_wrong_by_one_side_is_agreeing_the_tricks(
    dialogue: Dialogue, story: str
) -> None:
    """Accepted at the table, then found wrong, nobody holding to the old count, no claim:
    the question is the agreement on tricks won (79A), not asked."""
    asked, took, ruling = tell(dialogue, "score_correction", story)
    assert "event" not in asked
    assert "agreeing the tricks" in took
    assert ruling is not None and "79A2" in ruling.citations


@pytest.mark.parametrize(
    "story",
    [
        # the other side holds to the agreed count: a live disagreement (79B), labelled both ways
        "we agreed 10 tricks for them, then i realised they only won 9. now the opps insist "
        "on the 10",
        # a claim accepted: 79B1 sends it to the claim Laws first
        "declarer claimed, we accepted 10 tricks, but really he only had 9",
        # how long a score stays open: the correction period
        "we accepted 8 tricks for them but they only won 7. how long do we have to fix it?",
    ],
)
def test_an_accepted_count_contested_claimed_or_timed_is_not_read_as_agreeing(
    dialogue: Dialogue, story: str
) -> None:
    _, took, _ = tell(dialogue, "score_correction", story)
    assert "agreeing the tricks" not in took


# -- Law 57D: a defender told apart from the declarer the story names -----------------------


@pytest.mark.parametrize(
    "story",
    [
        "declarer led a spade from hand, W followed low, and E played his card before dummy "
        "had played",
        "declarer led from dummy, it was declarer's turn, and lho played his card before "
        "declarer had even played from hand",
        "decl led a heart from his hand, lho followed, and rho played before dummy had played",
    ],
)
def test_a_player_apart_from_the_named_declarer_playing_before_dummy_or_declarer(
    dialogue: Dialogue, story: str
) -> None:
    """The story names declarer as another player, so the one who played before dummy's or
    declarer's card defends: a card at his right-hand opponent's turn (57D), not asked."""
    asked, took, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "right-hand opponent" in took
    assert ruling is not None and "57D" in ruling.citations


@pytest.mark.parametrize(
    "story",
    [
        # nothing tells that E is no declarer playing from hand before dummy (57C3)
        "E played his card before dummy had played",
        # nothing tells that W sat after dummy: as second hand his card comes first anyway
        "declarer led a heart from hand and W played before dummy had played",
    ],
)
def test_a_player_before_dummy_not_proven_a_defender_after_it_stays_asked(
    dialogue: Dialogue, story: str
) -> None:
    asked, _, _ = tell(dialogue, "premature_play", story)
    assert "event" in asked


# -- Law 57C3: declarer's card to the trick before a defender still to play ----------------


@pytest.mark.parametrize(
    "story",
    [
        "my lho led, and decl threw the 9 from his hand before dummy or my partner had played",
        "decl led from dummy then played the ace from hand before rho (second hand) had followed",
        "declarer led a club from hand, then declarer played the king from dummy before my "
        "partner has even played to it",
    ],
)
def test_declarers_card_before_a_defender_had_played_is_read(
    dialogue: Dialogue, story: str
) -> None:
    """'before X has even played', 'before rho (second hand) had followed', and declarer's
    card told as thrown: declarer played early to this trick (57C3), not asked."""
    asked, took, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "declarer played early" in took
    assert ruling is not None and "57C3" in ruling.citations


# -- Law 57A: the teller and his partner, each with a card of his own ----------------------


@pytest.mark.parametrize(
    "story",
    [
        "my partner led to the next trick before i had even played to this one. what can "
        "declarer do",
        "i led my next card to trick 8 before pd had played to trick 7",
        "pd led to t4 before i'd played to t3, oops",
    ],
)
def test_a_lead_to_the_next_trick_while_the_partner_was_still_to_play_is_read(
    dialogue: Dialogue, story: str
) -> None:
    """The teller and his partner both play their own cards, so neither is dummy nor (his
    partner being no dummy) declarer: a defender's lead to the next trick with his partner's
    card still to come (57A), not asked."""
    asked, took, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "led to the next trick" in took
    assert ruling is not None and "57A" in ruling.citations


@pytest.mark.parametrize(
    "story",
    [
        # no trick named: the partner may have been on lead (a lead out of turn)
        "pd led before i had played",
        # the teller is declarer: his partner is dummy
        "i was declarer. i led to the next trick before pd had played to this one",
        # declarer's choice for the partner told after: what followed may be the question
        "i led to the next trick before pd had played. declarer told pd to play his lowest "
        "club and pd put the queen down",
    ],
)
def test_a_teller_lead_without_the_next_trick_or_as_declarer_stays_asked(
    dialogue: Dialogue, story: str
) -> None:
    _, took, _ = tell(dialogue, "premature_play", story)
    assert "led to the next trick before his partner" not in took
