"""Session 16 (issue 14): facts a story states are filled, never asked, when its structure
proves them; left to be asked when it does not. Each story is our own wording."""

from __future__ import annotations

import pytest
from told import tell

from bot.dialogue.engine import Dialogue

# -- Law 57C / 55A: declarer leading to the next trick before this one is finished ---------


@pytest.mark.parametrize(
    "story",
    [
        "declarer (S) led the next card from dummy while my partner was still deciding on his "
        "card to trick 4",
        "As declarer I led to the next trick before RHO had even put his card on the last one. "
        "RHO objects",
        "decl led to trick 6 while W was still considering what to play on trick 5. what now",
        "declarer was in a rush, she led her next card before the trick was finished",
    ],
)
def test_declarers_lead_to_the_next_trick_with_a_card_still_to_come_is_read(
    dialogue: Dialogue, story: str
) -> None:
    """Declarer's lead, told as one to the next trick, while a player was still to play to
    this one: what happened is not asked, and the lead is ruled as declarer's (55A)."""
    asked, took, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert "declarer led to the next trick" in took
    assert ruling is not None and "55A" in ruling.citations


@pytest.mark.parametrize(
    "story",
    [
        # the 'before' clause times East's card, not declarer's lead
        "declarer led the next card from hand, and before dummy had played E threw a club on it",
        # the waiting told in another sentence: not proven to be this lead's
        "declarer led the next card from hand. W still hadnt played to the trick. ok?",
        # a lead by a player not proven declarer
        "he led the next card before my partner had played. what now",
    ],
)
def test_a_waiting_player_not_tied_to_declarers_lead_leaves_it_asked(
    dialogue: Dialogue, story: str
) -> None:
    asked, _, _ = tell(dialogue, "premature_play", story)
    assert "event" in asked


# -- Law 58B: two cards put out at once by one player -------------------------------------


@pytest.mark.parametrize(
    "story",
    [
        "at trick 7 my LHO pulled out the ♣J and the ♣4 together, both face up. she says she "
        "meant the four",
        "T3 West drew out the SQ and SK at once by mistake. He wanted to play the queen.",
        "declarer is in 4H; E put the ♦9 and the ♠2 down together on the trick, he meant the 9",
    ],
)
def test_two_cards_of_one_hand_put_out_together_are_not_asked_about(
    dialogue: Dialogue, story: str
) -> None:
    """One player's two cards named together after one put verb, told as coming out at
    once: the cards were played simultaneously (58), not asked."""
    assert "two_cards_played" in dialogue.describe(story).proven
    asked, _, ruling = tell(dialogue, "premature_play", story)
    assert "event" not in asked
    assert ruling is not None and any(c.startswith("58") for c in ruling.citations)


@pytest.mark.parametrize(
    "story",
    [
        # the auction: a card exposed then is another case (Law 24)
        "during the auction W pulled out the HK and the HQ together, both face up",
        # two players, each his own card
        "lho and pd put the ♠3 and the ♠4 down together at trick 5",
        # one card after another, nothing says together
        "at trick 5 E played the ♠3 and then W the ♠4",
    ],
)
def test_two_cards_not_of_one_hand_together_are_not_two_cards_played(
    dialogue: Dialogue, story: str
) -> None:
    assert "two_cards_played" not in dialogue.describe(story).proven


# -- one player's account against another's: asked, not read --------------------------------


@pytest.mark.parametrize(
    "story",
    [
        "N opened 1S, E passed, S passed, N passed. W says he never got a chance to bid, E says "
        "W passed",
        "dealer N 1D, E P, S P, N P. opps say W had his chance and passed; W says he was never "
        "given a turn",
        "auction 1S P P P. W says he never got to call, but E says W passed",
    ],
)
def test_a_missed_turn_two_players_tell_differently_is_asked(
    dialogue: Dialogue, story: str
) -> None:
    """W says he never called, E says he passed: whether a pass took W's turn is one
    player's word against another's. It is asked, and E's 'W passed' is no call after the
    end either."""
    description = dialogue.describe(story)
    assert "turn_missed" not in description.proven
    assert "call_after_final_pass" not in description.proven
    asked, _, _ = tell(dialogue, "missed_turn", story)
    assert "pass_took_turn" in asked


def test_a_missed_turn_told_by_one_player_alone_is_still_read(dialogue: Dialogue) -> None:
    """One account, nobody saying otherwise: the story as told, read as before."""
    story = "N opened 1S, E passed, S passed, N passed. W says he never got a chance to bid"
    assert "turn_missed" in dialogue.describe(story).proven
    asked, _, ruling = tell(dialogue, "missed_turn", story)
    assert "pass_took_turn" not in asked
    assert ruling is not None and "34" in " ".join(ruling.citations)


# -- Law 45C3: declarer touching a card of dummy's -----------------------------------------


@pytest.mark.parametrize(
    "story",
    [
        "declarer played a card from dummy by touching it",
        "decl is touching the cards in dummy all the time, today he was touching the ♠5 and LHO "
        "says it's played now",
        "declarer lifting dummy's ♦J to get at the 3 underneath, opps say the jack is played",
    ],
)
def test_declarer_touching_a_dummy_card_is_not_asked_what_happened(
    dialogue: Dialogue, story: str
) -> None:
    asked, took, ruling = tell(dialogue, "card_played", story)
    assert "event" not in asked
    assert "declarer touched a card in dummy" in took
    assert ruling is not None and "45C3" in ruling.citations


def test_dummy_touching_his_own_cards_is_not_declarers_touch(dialogue: Dialogue) -> None:
    story = "i was dummy and touching my own cards to straighten them, lho says i've played the ace"
    _, took, _ = tell(dialogue, "card_played", story)
    assert "declarer touched" not in took


# -- Law 45F: dummy bringing out a card before declarer named one --------------------------


@pytest.mark.parametrize(
    "story",
    [
        "I was dummy. Tonight I slid the ♣K forward before my partner had asked for anything. "
        "LHO says it's played",
        "3NT by N. before declarer said anything, dummy pushed the ♥Q out of the row. played?",
        "4S by S, N is dummy. N pulled the ♦A half out of his row before S said a word",
    ],
)
def test_dummy_bringing_out_a_card_unasked_is_not_asked_what_happened(
    dialogue: Dialogue, story: str
) -> None:
    """Dummy, by role or by the seats, moves a card forward before declarer named any: what
    happened to the card is not asked (45F)."""
    assert "dummy_card_moved" in dialogue.describe(story).proven
    asked, _, _ = tell(dialogue, "card_played", story)
    assert "event" not in asked


def test_dummy_moving_the_card_declarer_asked_for_is_not_unasked(dialogue: Dialogue) -> None:
    story = "4S by S, N is dummy. S asked for the ace and N pushed the ♦A forward"
    assert "dummy_card_moved" not in dialogue.describe(story).proven
