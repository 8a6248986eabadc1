"""Facts a player's story proves by its order of play (issue 14, point 4), told in his own words.

Whose turn it was when a defender's card came decides between 57A and 57D; who put a card out
'as if leading' before the opening lead decides whose side led out of turn; whose own card was
held face up decides which part of 45C applies. Each is read from
the structure (roles, seats, the player on turn), shown under "I took from your description",
and the ruling cites the Law it turns on; a story that leaves it open still asks.
"""

from __future__ import annotations

from test_play_facts import asked_test, taken_test
from told import tell

from bot.dialogue.engine import Dialogue

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    (  # the defender plays while declarer, on his right, is still on turn: 57D, not 57A
        "premature_play",
        "Trick 7, West led a club. Declarer (North) was still thinking about his own card and "
        "East already put the ♣J on the table. Dummy (South) hadn't touched anything.",
        {},
        "event",
        "played at his right-hand opponent's turn",
        {"57D"},
    ),
    (  # declarer and dummy named as two other players: the one who played is a defender
        "premature_play",
        "W played her card while it was still dummy's turn - decl had led from hand and was "
        "still thinking what to play from dummy, W is on dummy's left. TD?",
        {},
        "event",
        "played at his right-hand opponent's turn",
        {"57D"},
    ),
    (  # the declaring speaker on turn for dummy ('I was still thinking'): a defender's card
        "premature_play",
        "i'm declarer. LHO led a club, i was still thinking what to play from dummy, and RHO "
        "put his ♣K on the table",
        {"declarer_side": "neither"},
        "event",
        "played at his right-hand opponent's turn",
        {"57D"},
    ),
    (  # two partners with declarer named apart from both: the defenders (57A)
        "premature_play",
        "partner played his card to the trick before I'd played mine, and declarer says he can "
        "now choose what I play. is that right?",
        {"declarer_side": "neither"},
        "event",
        "played to the trick before his partner had played",
        {"57A"},
    ),
    (  # declarer and dummy named as two other players: the player who led is a defender
        "lead_out_of_turn",
        "at trick 5 West led the ♠K though dummy had won the last trick. declarer wants it "
        "back, what happens to the king?",
        {"response": "refuse"},
        "offender_role",
        "A defender led out of turn",
        {"56B", "50D"},
    ),
    (  # declarer holding one card of his own face up: what happened is read, how is asked
        "card_played",
        "declarer had the ♥A out of his hand face up, an inch off the table, then put it back "
        "and played the ♥4. we say the ace is played",
        {"held_how": "near_table"},
        "event",
        "declarer held up or dropped a card from his own hand",
        {"45C2(a)"},
    ),
    (  # the dummy-to-be puts a card out as a lead before the opening lead: declarer's side
        "lead_out_of_turn",
        "Bd 25, 4C by S, so N will be dummy. Before W had led, N put the H4 face up on the "
        "table as if he were leading. E-W ask what happens now.",
        {},
        "offender_role",
        "The declaring side led out of turn",
        {"54E"},
    ),
]

# (topic, story, answers, fact that must be asked)
ASKED = [
    # nobody named as declarer: E may be declarer playing from hand at dummy's turn (57C3)
    (
        "premature_play",
        "E played his card when it was still dummy's turn. TD called",
        {},
        "event",
    ),
    # declarer not named apart: the speaker may be declarer and his partner dummy
    (
        "premature_play",
        "partner played his card to the trick before I'd played mine. is that right?",
        {},
        "event",
    ),
    # declarer restates the partner: not the defenders
    ("premature_play", "my partner, the declarer, played a card before I had played", {}, "event"),
    # his partner won the last trick: he may be declarer leading from hand when dummy won
    (
        "lead_out_of_turn",
        "at trick 5 West led the ♠K though his partner had won the last trick. what happens to "
        "the king?",
        {},
        "offender_role",
    ),
    # a card from dummy, or a player of no proven role: whose card it was is asked
    (
        "card_played",
        "declarer took the ♠Q from dummy face up and then changed his mind",
        {},
        "event",
    ),
    ("card_played", "rho had the ♠Q out face up, then put it back and played the ♠3", {}, "event"),
    # his partner had not played either: 57A's case, not the right-hand opponent's turn
    (
        "premature_play",
        "declarer led from hand and while it was still dummy's turn, West put his card on "
        "before his partner had played",
        {},
        "event",
    ),
]

test_a_fact_the_order_of_play_proves_is_taken = taken_test(TAKEN)
test_a_fact_the_order_of_play_leaves_open_is_asked = asked_test(ASKED)


def test_a_card_after_the_right_hand_opponents_turn_is_not_his_partners(
    dialogue: Dialogue,
) -> None:
    """'before dummy had played, E threw a club' once made declarer's own lead the early card
    (a lead to the next trick by declarer); the waiting is E's, and declarer's lead starts the
    trick."""
    told = tell(
        dialogue,
        "premature_play",
        "declarer led a heart from hand and before dummy had played, E (the defender after "
        "dummy) threw a club on it. dummy hadn't done anything. Bd 15",
        {},
    )
    assert "led to the next trick" not in told.took, told.took
    assert told.ruling is not None
    assert "57C3" not in told.ruling.citations, told.ruling.citations


def test_declarers_lead_before_a_defender_had_played_is_his_early_lead(dialogue: Dialogue) -> None:
    """'before my partner had played' after declarer's lead told as his next card: declarer led
    to the next trick before this one was complete, taken without asking what happened."""
    told = tell(
        dialogue,
        "premature_play",
        "declarer led his next card before my partner had played to this trick. can he do that?",
        {},
    )
    assert "event" not in told.asked, told.asked
    assert "declarer led to the next trick before the current one was finished" in told.took
    assert told.ruling is not None and "55A" in told.ruling.citations, told.ruling


def test_declarer_named_in_another_piece_is_not_the_early_player(dialogue: Dialogue) -> None:
    """'declarer (S) led ... and my student threw the A before her partner had played': the
    student's card is the early one, not declarer's (the reader once took 'S' for the thrower)."""
    told = tell(
        dialogue,
        "premature_play",
        "declarer (S) led a heart from her hand and my student threw the ♥A on it before her "
        "partner W had played",
        {},
    )
    assert "declarer played early" not in told.took.lower(), told.took
    assert told.ruling is not None and "57C3" not in told.ruling.citations
