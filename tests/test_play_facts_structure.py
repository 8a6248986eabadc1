"""Play facts read from the story's structure, typed the way players type (issue 14, point 4).

Each story is handed to its topic as if picked from the menu; the questions are answered with
their first choice. In the first table the story states the fact through its structure (the
contract's seats, who said he was defending, whose card came before the words of regret), so
its question must not be asked and the fact must be shown under "I took from your description".
In the second a near-miss leaves the fact open, and it must still be asked.
"""

from __future__ import annotations

import pytest
from test_play_facts import asked_test, taken_test
from told import tell

from bot.dialogue.description import describe
from bot.dialogue.engine import Dialogue

# (topic, story, answers, fact not asked, words shown as taken, citations)
TAKEN = [
    # seats typed as small letters: 'by n' makes North declarer, so 'e' is a defender
    (
        "revoke",
        "4s by n. e showed out of clubs at t8 but had one. discovered at end of hand",
        {},
        "offender_role",
        "the player at fault: east (a defender)",
        {"64A1"},
    ),
    # declarer on lead next is no defender's turn: the exposure itself is the question
    (
        "penalty_card",
        "lho exposed the AS while defending, declarer now on lead from dummy",
        {},
        "event",
        "a card was dropped, exposed or named during the play",
        {"50A"},
    ),
    # the player grabbed the card back himself: a card of his own hand, not one named from dummy
    (
        "retracting_played_card",
        "pd played the ♠9, meant the ♠2, grabbed it back before rho played",
        {},
        "reason",
        "he played a card he now regrets",
        {"47F2"},
    ),
    # ... and partner, on declarer's left, is next in rotation: his card accepts it (53A)
    (
        "lead_out_of_turn",
        "defending 2s, lho (declarer) led the AH from hand but the lead was in dummy. pd followed"
        " with the 3H before anyone noticed",
        {},
        "response",
        "the other side accepted the lead",
        {"53A"},
    ),
    # a penalty card lying out and its holder's turn to play; the card only wished for
    # ('wants to throw') and the suit denied ('hearts werent led') are no card played since
    (
        "penalty_card",
        "pd has the ♥7 lying face up since she dropped it at t3. its her turn to play now, hearts"
        " werent led and she wants to throw a club. must she play the 7?",
        {},
        "event",
        "the defender who has the penalty card is to play",
        {"50D1(a)"},
    ),
    # his partner on lead, told twice ('is on lead ... about his lead'): one player, one turn
    (
        "penalty_card",
        "lho has had the ♠J face up on the table from earlier. now his partner has won a trick"
        " and is on lead. im declarer, what can i tell him about his lead?",
        {},
        "event",
        "the partner of the defender with the penalty card is to lead",
        {"50D2(a)"},
    ),
    # 'her partner's lead', the story placing her partner; 'as declarer' is the teller
    (
        "penalty_card",
        "the lady on my right has the ♦4 face up on the table from an earlier trick. now it's"
        " her partner's lead. as declarer what can i do",
        {},
        "event",
        "the partner of the defender with the penalty card is to lead",
        {"50D2(a)"},
    ),
    # the claimer's quoted words say only that the tricks are his: no line stated (68C;
    # director review 44)
    (
        "claim",
        '3nt by n. at trick 10 declarer put his cards face up and said "all mine", but he has a'
        " losing club. we objected",
        {},
        "line_stated",
        "the claimer made no clear statement of his line",
        {"68C"},
    ),
    # a card left over at the end, the missed trick placed back in the play: found late (67B)
    (
        "defective_trick",
        "at the end pd had a card left over. looking back, she never played to the spade trick,"
        " and she still has a spade",
        {},
        "noticed",
        "noticed only after both sides had played to the next trick",
        {"67B"},
    ),
    # 'south declaring' places declarer: east, on his right, made the opening lead (54)
    (
        "lead_out_of_turn",
        "3nt, south declaring. east put the ♠4 face up on the table as the opening lead. declarer"
        " hasnt said anything",
        {},
        "offender_role",
        "a defender led out of turn",
        {"54B"},
    ),
    # the holding of the suit led told by a card ('still has the ♠2')
    (
        "defective_trick",
        "3nt by s. at the end w has a card left over. w never played to t4, spades were led,"
        " and w still has the ♠2",
        {},
        "holds_suit",
        "still holds",
        set(),
    ),
]


test_a_fact_the_structure_states_is_taken_not_asked = taken_test(TAKEN)


# (topic, story, answers, fact that must be asked)
ASKED = [
    # no declarer's seat: 'e' may be dummy or declarer's partner as well as a defender
    (
        "revoke",
        "4s. e showed out of clubs at t8 but had one. discovered at end of hand",
        {},
        "offender_role",
    ),
    # declarer's seat not told: whether the teller played next or last is open
    (
        "lead_out_of_turn",
        "defending 2s, declarer led the AH from hand but the lead was in dummy. i followed with"
        " the 3H before anyone noticed",
        {},
        "response",
    ),
    # nobody said to be defending: partner may be declarer
    ("penalty_card", "my pd dropped the 7C face up on the table in 3nt", {}, "offender_role"),
    # his partner on lead: what declarer may now do may be the question (50D2)
    ("penalty_card", "lho exposed the AS while defending, his partner now on lead", {}, "event"),
    # 'make her pd lead' is what declarer may ask, not whose turn it is now
    (
        "penalty_card",
        "W has two cards face up in front of her now - the ♣J from earlier and now the ♦6. what"
        " can declarer make her pd lead",
        {},
        "event",
    ),
    # a card played at the holder's turn: whether it was the penalty card is the matter
    (
        "penalty_card",
        "pd has the ♥7 lying face up since she dropped it at t3. its her turn to play now, she"
        " threw a club. ok?",
        {},
        "event",
    ),
    # words beside the claim that are neither a line nor only the tricks claimed: not read
    (
        "claim",
        '3nt by n. at trick 10 declarer put his cards face up and said "all mine, trumps are'
        ' drawn". we objected',
        {},
        "line_stated",
    ),
    # the missed trick not placed back in the play: it may have been the last one
    (
        "defective_trick",
        "at the end pd had a card left over. she never played to the spade trick, and she"
        " still has a spade",
        {},
        "noticed",
    ),
    # 'e/w declaring' names a side, not declarer's seat: who led is not placed
    (
        "lead_out_of_turn",
        "3nt, e/w declaring. south put the ♠4 face up on the table as the opening lead. declarer"
        " hasnt said anything",
        {},
        "offender_role",
    ),
    # 'he' after two players' cards: whose card is regretted is not told
    (
        "retracting_played_card",
        "rho played the ♥Q, i covered with the ♥K, then he said 'no, i meant the small one'",
        {},
        "reason",
    ),
    # the teller asks about his own card after the other's change: another case of Law 47
    (
        "retracting_played_card",
        "w played the ♠3 then said 'wrong card'. i had played my ♠5 after his 3. can i change"
        " my 5?",
        {},
        "reason",
    ),
]


test_a_fact_the_structure_leaves_open_is_asked = asked_test(ASKED)


@pytest.mark.parametrize(
    "story",
    [
        "my pd dropped the 7C face up on the table while defending 3nt",
        "lho dropped the 7C face up while defending. what now",
    ],
)
def test_a_player_said_to_be_defending_has_a_defenders_card(dialogue: Dialogue, story: str) -> None:
    """'while defending' said of the one player of his clause: his card is a defender's, so its
    exposure is proven (Law 49) and the role shown, not asked."""
    description = describe(story, dialogue.vocabulary)
    assert description.proven[:1] == ("card_exposed",)
    assert description.facts.get("exposed_role") == "defender"


def test_defending_said_of_another_player_proves_no_role(dialogue: Dialogue) -> None:
    """Two players in the clause: who was defending is not told."""
    description = describe(
        "lho dropped the 7C face up while rho was defending", dialogue.vocabulary
    )
    assert "exposed_role" not in description.facts


def test_the_teller_on_the_right_of_declarers_wrong_lead_played_to_it(dialogue: Dialogue) -> None:
    """Seats from the teller's chair: lho is declarer, so the teller sits on the right of
    declarer's card from hand and played last to it. The lead stands and his early card is
    Law 57's (53C; director review 43), with no question about the response."""
    told = tell(
        dialogue,
        "lead_out_of_turn",
        "defending 2s, lho (declarer) led the AH from hand but the lead was in dummy. i followed"
        " with the 3H before anyone noticed",
        {},
    )
    assert "response" not in told.asked
    assert "the defender on the right of declarer's lead played to it" in told.took.replace(
        "&#39;", "'"
    )
    assert told.ruling is not None
    assert {"53C", "57A"} <= set(told.ruling.citations)
