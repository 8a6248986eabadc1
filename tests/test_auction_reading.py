"""Auction incidents told the way players tell them: the calls and the players named prove the
irregularity and its facts, whatever words the story uses (issue 14).

None of these stories is in the labelled sets; each is a new wording of a known situation.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn


def _told(dialogue: Dialogue, text: str) -> tuple[list[Turn], Conversation]:
    conv = Conversation()
    return dialogue.handle(conv, text), conv


def _first_topic(turns: list[Turn]) -> str | None:
    return next((t.topic for t in turns if t.topic), None)


@pytest.mark.parametrize(
    ("text", "topic", "facts"),
    [
        # a bid and three passes typed, then a call: after the final pass (Law 39)
        (
            "2H p p p and then my lho said '3 clubs'",
            "call_after_final_pass",
            {"call_kind": "action"},
        ),
        # the auction ended and a call only wanted: the end of the auction (Law 22)
        ("1NT then three passes, my rho wants to bid 2S now. can he", "end_of_auction", {}),
        ("all four of us passed on board 12, do we redeal?", "end_of_auction", {}),
        ("three passes after lho's 1S, is the bidding finished?", "end_of_auction", {}),
        (
            "board 4: pass pass pass pass. do we play it?",
            "end_of_auction",
            {"how_ended": "all_passed"},
        ),
        # the auction ended past a player's turn (Law 34)
        (
            "1C p 1H p, p p. but the first of those passes was by the wrong player, my pd never "
            "got to bid. is it over?",
            "missed_turn",
            {},
        ),
        # compass seats: South doubling North's bid is his own side's (Law 36)
        ("S doubled N's 2H opening", "inadmissible_double", {"what_was_doubled": "own_side"}),
        # doubles the Laws never allow, whoever's turn it was (Law 36)
        (
            "rho doubled his own partner's 2S and i haven't called yet",
            "inadmissible_double",
            {"what_was_doubled": "own_side"},
        ),
        (
            "my lho redoubled although nobody had doubled",
            "inadmissible_double",
            {"what_was_doubled": "nothing_to_redouble"},
        ),
        # a barred player's double (Law 37)
        (
            "td told my lho he must pass for the rest of the auction, then he doubled 3NT",
            "call_when_required_to_pass",
            {},
        ),
        # a card put face up during the auction: which card and who saw it (Law 24)
        (
            "during the auction my partner dropped the club queen face up and i saw it",
            "card_exposed_during_auction",
            {"card": "honour", "seen": "yes"},
        ),
        # a double said with a bid: the bid named against the last bid made (Law 19A3)
        (
            "lho bid 2H and then rho said 'double 2 spades'",
            "misstated_double",
            {"stated": "wrong"},
        ),
        (
            "no screens, my rho said 'double 3NT' and the last bid was 3NT by my partner",
            "misstated_double",
            {"stated": "right"},
        ),
        # the whole table on a board not theirs this round (Law 15B)
        (
            "we are playing a board that is not ours this round, pairs, nobody has played it "
            "before",
            "wrong_board",
            {"kind": "table", "played_before": "no"},
        ),
        # the first call made before the dealer's: out of rotation at his turn (Law 28-31)
        (
            "i'm dealer but lho passed before me. i bid 1NT anyway",
            "call_out_of_rotation",
            {"whose_turn": "rho"},
        ),
        ("Dlr N. E opened 1H before N had called", "call_out_of_rotation", {"whose_turn": "rho"}),
        # calls told in order end the auction, and a call after that (Law 39)
        (
            "we bid 4H (me), lho pass, pd pass, rho pass. before lho led, pd suddenly bid 4S",
            "call_after_final_pass",
            {},
        ),
        ("N opened 2S, then E, S and W all passed. N wants to bid 3S now", "end_of_auction", {}),
        # a double said with more than the word (Law 19A3)
        (
            "no bidding box: i bid 2H, lho passed, pd said 'double two spades'",
            "misstated_double",
            {},
        ),
        # the speaker calling at another's turn
        (
            "rho opened 1D, i passed, and while lho was thinking i put down a double card - it was "
            "her turn not mine",
            "call_out_of_rotation",
            {"whose_turn": "lho"},
        ),
        # the contract's side calling after the end
        (
            "we bid 4H (me), lho pass, pd pass, rho pass. before lho led, pd bid 4S",
            "call_after_final_pass",
            {"caller_side": "declaring_side"},
        ),
        # cards from another board; a table on a board not theirs (Law 15)
        (
            "i'd taken the west hand out of board 12 but we were on 11. noticed before bidding",
            "wrong_board",
            {"kind": "cards"},
        ),
        (
            "we started playing board 7, then found we should have had board 9 this round",
            "wrong_board",
            {"kind": "table"},
        ),
        # calls together named in one sentence, and the other caller placed (Law 33)
        (
            "my turn, i bid 1S, and pd bid 2S at the same time",
            "simultaneous_calls",
            {"other_caller": "partner_of_caller"},
        ),
        # a bid above seven, said or typed (Law 38)
        ("7S (x) 8S?? pd thought he could go higher", "bid_above_seven", {}),
        (
            "E bid 8♦ over our 7S at the spoken table. S has not called yet",
            "bid_above_seven",
            {"lho_called": "no"},
        ),
        # declarer naming dummy's card in words (Law 46B)
        (
            "declarer said 'low' from dummy when dummy was following to my club lead",
            "dummy_designation",
            {"designation": "low", "dummy_leading": "no"},
        ),
        # calls together: the other caller placed from whose turn it was (Law 33)
        ("it was my turn and rho and i called at the same time", "simultaneous_calls", {}),
    ],
)
def test_the_calls_told_prove_the_auction_irregularity(
    dialogue: Dialogue, text: str, topic: str, facts: dict[str, str]
) -> None:
    turns, _ = _told(dialogue, text)
    assert _first_topic(turns) == topic, [t.text[:100] for t in turns]
    found = dialogue.facts_for(dialogue.knowledge.topics[topic], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found


def test_a_replacement_after_a_cancelled_call_reaches_comparable_calls(dialogue: Dialogue) -> None:
    """A call taken back and whether its replacement is comparable (Law 23). The withdrawn
    call's information rules on the same story, so where the examples and the aliases rank the
    two differently the bot offers both rather than announce either; comparable calls is then
    one tap away, never missing."""
    text = "pd's 1NT out of turn was cancelled, can he now bid 2NT? is that comparable"
    turns, _ = _told(dialogue, text)
    first = _first_topic(turns)
    if first is None:
        assert turns[-1].topic is None  # a menu
        assert "comparable_call" in [c.id for c in turns[-1].choices]
    else:
        assert first == "comparable_call"


def test_the_end_of_the_auction_is_ruled_without_asking_how_it_ended(dialogue: Dialogue) -> None:
    turns, _ = _told(dialogue, "all four of us passed on board 12, do we redeal?")
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings and "22B" in rulings[-1].citations
    assert not [t for t in turns if t.type == "question"]


def test_simultaneous_call_at_my_turn_is_the_right_hand_players(dialogue: Dialogue) -> None:
    """RHO's call together with mine counts as made after mine (Law 33): at his partner's
    turn, so the call-out-of-rotation rules take over without asking who it was."""
    _, conv = _told(dialogue, "it was my turn and rho and i called at the same time")
    assert conv.facts.get("whose_turn") == "partner"
    assert conv.stages and conv.stages[0]["topic"] == "simultaneous_calls"


def test_lead_question_after_a_withdrawn_call_is_law_26(dialogue: Dialogue) -> None:
    turns, _ = _told(
        dialogue,
        "lho's call out of turn was withdrawn and now his partner is on lead, can declarer "
        "forbid a suit",
    )
    rulings = [t for t in turns if t.type == "ruling"]
    assert rulings and rulings[-1].topic == "lead_restrictions"
    assert {"26A", "26B"} <= set(rulings[-1].citations)


@pytest.mark.parametrize(
    "text",
    [
        "after three passes I realised my pass was a mistake",  # a call spoken of
        "auction was over when LHO bid 5H",  # when it ended, not a call after it
        "4S by S. at trick 9 S faces his hand and says 'rest are mine'",  # a trick, not 9S
        "2 players put their card down at exact same time, RHO in turn",  # playing cards
    ],
)
def test_words_that_prove_no_auction_irregularity(dialogue: Dialogue, text: str) -> None:
    proven = dialogue.describe(text).proven
    assert "call_after_final_pass" not in proven
    assert "simultaneous_calls" not in proven
    assert "bid_above_seven" not in proven


def test_a_card_named_then_put_right_aloud_is_not_only_a_designation(dialogue: Dialogue) -> None:
    text = "declarer called 'ace of hearts' from dummy and immediately said 'no, king'"
    assert "dummy_card_named" not in dialogue.describe(text).proven


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        # 'meant to pass the rest of the auction' is an obligation, not a call he intended
        (
            "after the earlier ruling rho was meant to pass for the rest of the auction, but he "
            "came in with 3S and i have not called since",
            {"lho_called": "no"},
        ),
        ("E was meant to pass throughout but he doubled 2H, and S passed after it", {}),
        # told to keep quiet: the same obligation in other words
        (
            "pd was supposed to stay silent after the td's ruling but he bid 4S over their 3H",
            {},
        ),
    ],
)
def test_a_player_meant_to_pass_throughout_who_calls_is_law_37(
    dialogue: Dialogue, text: str, facts: dict[str, str]
) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == ("call_when_barred",)
    assert "changed_call" not in description.proven
    turns, _ = _told(dialogue, text)
    assert _first_topic(turns) == "call_when_required_to_pass", [t.text[:100] for t in turns]
    found = dialogue.facts_for(dialogue.knowledge.topics["call_when_required_to_pass"], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found


@pytest.mark.parametrize(
    "text",
    [
        # a contract proposed after a passed-out board is no call made after the close
        "nobody opened on board 5, four passes, and rho says we should just play it in 2S "
        "anyway. can we?",
        # a call only tried after the three passes: whether the auction had ended (Law 22)
        "after lho's 4H there were three passes and then my pd tried to double. is it over?",
        # a pass named as someone's, not a call made after the close
        "2H p p p. i thought pd would bid again so i passed, but lho's pass was actually the "
        "third one. can i still come in?",
    ],
)
def test_a_call_only_proposed_or_tried_after_the_close_is_the_end_of_the_auction(
    dialogue: Dialogue, text: str
) -> None:
    description = dialogue.describe(text)
    assert "call_after_final_pass" not in description.proven
    assert dialogue.rank(text)[0].topic.id == "end_of_auction"


def test_a_call_made_after_the_close_is_still_law_39(dialogue: Dialogue) -> None:
    description = dialogue.describe("1NT p p p, and then lho doubled. what happens")
    assert description.proven[:1] == ("call_after_final_pass",)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        # calls told and nothing of the play: the card went face up in the auction (Law 24)
        ("lho opened 1D and while pd was thinking rho dropped the spade queen face up", "honour"),
        (
            "after 1H from N, E knocked his cards and two cards fell face up, the S4 and H7",
            "several",
        ),
    ],
)
def test_a_card_faced_amid_the_calls_is_exposed_during_the_auction(
    dialogue: Dialogue, text: str, card: str
) -> None:
    description = dialogue.describe(text)
    assert description.proven[:1] == ("card_exposed_in_auction",)
    assert description.facts.get("exposed_timing") == "auction"
    assert description.facts.get("exposed_card") == card
    assert dialogue.rank(text)[0].topic.id == "card_exposed_during_auction"


@pytest.mark.parametrize(
    "text",
    [
        "rho bid 1D over my 1H, insufficient, and he put pass instead so lho had to pass for the "
        "rest of the auction. lho then bid 2C anyway",
        "E doubled his own partner's 2S, the td barred W for the rest of the auction, and W "
        "then raised to 3S",
    ],
)
def test_the_call_that_barred_a_player_is_settled_and_his_call_is_the_matter(
    dialogue: Dialogue, text: str
) -> None:
    """The irregular call told first is what barred its offender's partner (27B2, 36); it was
    ruled at the table, and the barred player's call is what the director is called to."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("call_when_barred",)
    assert dialogue.rank(text)[0].topic.id == "call_when_required_to_pass"


def test_a_call_by_dummy_after_the_close_is_law_39_not_dummys_rights(dialogue: Dialogue) -> None:
    """The player who will be dummy saying a call after the final pass makes a call after the
    auction ended (Law 39); dummy's limits in the play (43) come later."""
    text = "3NT p p p, auction over, and then dummy also said 'double' before the lead. ok?"
    description = dialogue.describe(text)
    assert "dummy_spoke" not in description.proven
    assert dialogue.rank(text)[0].topic.id == "call_after_final_pass"


def test_a_withdrawal_only_asked_about_is_not_told(dialogue: Dialogue) -> None:
    """'is it cancelled?' asks whether a call is withdrawn; with the play ahead it proves no
    lead restriction after a withdrawn call (Law 26)."""
    text = "will it be cancelled? 2S p p p, then rho (we're declaring) said '3 clubs' by mistake"
    description = dialogue.describe(text)
    assert "lead_after_withdrawn_call" not in description.proven
    assert description.proven[:1] == ("call_after_final_pass",)


@pytest.mark.parametrize(
    "text",
    [
        "rho overcalled 1D over my 1H, too low, and i didn't accept it. if he bids 2D now "
        "does that mean the same as his 1D?",
        "pd bid 1S over their 1NT by mistake, they won't accept it. is 2S close enough to "
        "his 1S that i can keep bidding?",
    ],
)
def test_whether_the_replacement_of_an_insufficient_bid_is_comparable_is_law_23(
    dialogue: Dialogue, text: str
) -> None:
    """The insufficient bid is to be replaced, and the story asks whether the new call means
    the same (Law 23): the comparable call is the matter, not the bid's sufficiency. Both
    comparable calls and the withdrawn call's information rule on that; the insufficient bid
    is no longer ranked above them."""
    description = dialogue.describe(text)
    assert description.proven[:1] == ("withdrawn_call_replaced",)
    ranked = [m.topic.id for m in dialogue.rank(text)]
    assert "comparable_call" in ranked[:2]
    assert ranked.index("insufficient_bid") > ranked.index("comparable_call")


def test_a_replacement_asked_about_reaches_comparable_calls_first(dialogue: Dialogue) -> None:
    text = (
        "rho overcalled 1D over my 1H, too low, and i didn't accept it. if he bids 2D now does "
        "that mean the same as his 1D?"
    )
    assert dialogue.rank(text)[0].topic.id == "comparable_call"
