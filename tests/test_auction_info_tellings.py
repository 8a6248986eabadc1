"""Auction and information incidents told in everyday words: the calls typed or told, whose
turn it was and what was said prove the irregularity, whatever the words (issue 14).

None of these stories is in the labelled sets; each is a new wording of a known situation.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue

from conftest import Chat, ruling_of, walk


def _announced(seen: list) -> str | None:
    return next((t.topic for t in seen if t.topic), None)


def _ruled_as(
    dialogue: Dialogue, text: str, topic: str, facts: dict[str, str], laws: set[str]
) -> None:
    """The story is announced as ``topic``, its ``facts`` are read from it, and the ruling
    walked to (first choices) cites at least ``laws``."""
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == topic, [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics[topic], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found
    assert laws <= set(ruling_of(seen).citations)


# -- auctions typed with each call's seat beside it -------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "facts", "laws"),
    [
        # the seat after each call in brackets: West called at South's turn (Law 31A)
        (
            "1H (N) P (E) 1S (W)",
            "call_out_of_rotation",
            {"_offender": "W", "whose_turn": "rho", "call_type": "bid"},
            {"31A1", "31A2(a)"},
        ),
        (
            "1H(N) - P(E) - 1S(W)",
            "call_out_of_rotation",
            {"_offender": "W", "whose_turn": "rho"},
            {"31A1"},
        ),
        # the seat before each call with a dash: South's 1D under North's 1H (Law 27)
        (
            "N-1H E-P S-1D",
            "insufficient_bid",
            {"_offender": "S", "_last_bid": "1♥", "in_rotation": "yes"},
            {"27A1", "27B1(a)"},
        ),
        # the bracketed seat, not the order typed, names the offender: North, not West
        (
            "dlr S. 1S (S) 2H (W) 1NT (N)",
            "insufficient_bid",
            {"_offender": "N", "_last_bid": "2♥"},
            {"27A1"},
        ),
    ],
)
def test_an_auction_typed_with_seats_beside_the_calls_names_each_caller(
    dialogue: Dialogue, text: str, topic: str, facts: dict[str, str], laws: set[str]
) -> None:
    _ruled_as(dialogue, text, topic, facts, laws)


# -- a card of the hand seen while the auction was on ----------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "facts", "laws"),
    [
        # the ♦Q fell as he reached for the bidding box: the box is when, the card is what
        (
            "we're at 1S p 2S and as lho reached for the bidding box the ♦Q fell out of his hand"
            " face up, his pd saw it",
            "card_exposed_during_auction",
            {"timing": "auction", "seen": "yes"},
            {"24D", "24E"},
        ),
        # a lead while a player has still to call, 'thinking it's over': a card led early
        (
            "3NT p p and pd leads the ♠4 face up thinking it's over, but rho hasn't passed yet",
            "card_exposed_during_auction",
            {"timing": "auction", "card": "led"},
            {"24B"},
        ),
        # partner holding his cards low in the bidding, the play told after it (Law 24)
        (
            "pd was holding his cards so low during the bidding that I could see his ♣K. we ended"
            " up defending 4S",
            "card_exposed_during_auction",
            {"timing": "auction", "seen": "yes"},
            {"24A", "24D"},
        ),
        # an opponent's card visible to me: information from my seat, not Law 24 (74C5)
        (
            "during the bidding rho held his cards so low the SK was visible to me. should i tell"
            " the td?",
            "extraneous_information",
            {},
            {"74C5"},
        ),
    ],
)
def test_a_card_seen_while_the_auction_was_on_is_placed_by_who_saw_it(
    dialogue: Dialogue, text: str, topic: str, facts: dict[str, str], laws: set[str]
) -> None:
    _ruled_as(dialogue, text, topic, facts, laws)


def test_a_card_led_after_words_of_the_auction_in_an_earlier_clause_is_not_exposed(
    dialogue: Dialogue,
) -> None:
    """The auction named, then the time moves on ('and then ... led'): the lead is the play's."""
    text = "During the auction lho asked about my 3D, and then his partner led a diamond. UI?"
    assert "card_exposed_in_auction" not in dialogue.describe(text).proven


def test_cards_knocked_over_by_another_player_are_not_their_owners_doing(
    dialogue: Dialogue,
) -> None:
    """West knocked North's cards: the exposer is North, and his partner's view of the card
    is through no act of his, so 'his own doing, partner could see' is never taken (Law 24
    needs the owner's own error)."""
    text = (
        "in the middle of the bidding W knocked N's cards over and the ♥K landed face up, S saw it"
    )
    assert dialogue.describe(text).proven == ("card_exposed_in_auction",)
    found = dialogue.facts_for(dialogue.knowledge.topics["card_exposed_during_auction"], text)
    assert found.facts.get("seen") != "yes", found.facts


# -- the end of the auction reached past a player's turn ---------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "laws"),
    [
        # three passes, one of them out of rotation: the turn it took went by (Law 34)
        (
            "we had three passes after 2♣ but one came out of turn and pd didn't get to call."
            " over?",
            "missed_turn",
            {"34", "17D3"},
        ),
        # a pass before a player had called, then two more: three passes past his turn
        (
            "after lho's 2D, rho passed before pd had called, then two more passes and they say"
            " it's over",
            "missed_turn",
            {"34"},
        ),
        # the seats typed, the aside in brackets saying whose turn the pass took
        ("dlr W. W 1S, N p, S p (before E), W p. E wants to bid 2H", "missed_turn", {"34"}),
        # 'at my turn' told by the speaker alone: his seat is the stand-in, the pass was W's
        (
            "rho opened 1♠, then lho passed when it was my turn, pd passed, rho passed. is it"
            " over?",
            "missed_turn",
            {"34"},
        ),
        # a call in quotes after the three passes: a call after the final pass (Law 39)
        (
            "after 4♥ and three no bids, rho came out with 'five clubs'. does it count?",
            "call_after_final_pass",
            {"39A"},
        ),
    ],
)
def test_an_auction_told_ended_is_placed_by_the_passes_and_the_turns(
    dialogue: Dialogue, text: str, topic: str, laws: set[str]
) -> None:
    proven = dialogue.describe(text).proven
    assert proven and proven[0] in dialogue.knowledge.topics[topic].rules_on, proven
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == topic, [t.text[:100] for t in seen]
    assert laws <= set(ruling_of(seen).citations)


# -- doubles the Laws never allow ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "facts", "laws"),
    [
        # a second double of the same bid, only a pass between (Law 19A1, 36)
        (
            "N 1S, E X, S p, W X as well - 1S was already doubled. N hasn't called yet",
            {"_offender": "W", "what_was_doubled": "not_the_last"},
            {"36B1", "36B2"},
        ),
        (
            "4♥ by them, pd doubled, rho passed and then i doubled too. nobody has called since",
            {"what_was_doubled": "not_the_last"},
            {"36B1"},
        ),
        # '1♣ by lho' names its maker while the auction goes on: LHO doubled his own bid,
        # at the speaker's turn (out of rotation too: 36B4)
        (
            "1♣ by lho, pd bid 1♥, rho passed, then lho doubled 1♣. i haven't called",
            {"what_was_doubled": "own_side", "out_of_turn": "yes"},
            {"36B1", "36B4"},
        ),
        # 'partners' typed without its apostrophe is still his own side's bid
        (
            "rho doubled his own partners 3C, i haven't called yet",
            {"what_was_doubled": "own_side"},
            {"36B1", "36B2"},
        ),
    ],
)
def test_a_double_the_laws_never_allow_is_read_from_the_calls_before_it(
    dialogue: Dialogue, text: str, facts: dict[str, str], laws: set[str]
) -> None:
    assert dialogue.describe(text).proven[:1] == ("inadmissible_double",)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "inadmissible_double", [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics["inadmissible_double"], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found
    assert laws <= set(ruling_of(seen).citations)


def test_a_redouble_of_a_doubled_bid_is_allowed(dialogue: Dialogue) -> None:
    """'already doubled' told of a redouble: the redouble of a doubled bid is legal."""
    text = "4♠ was already doubled by lho and pd redoubled it. is that allowed?"
    assert "inadmissible_double" not in dialogue.describe(text).proven


# -- information from partner's manner or tempo, then his partner's call ------------------------


@pytest.mark.parametrize(
    ("text", "proven", "facts", "laws"),
    [
        # 'lho pulled it': the double taken out is the partner's call after the manner
        (
            "rho slapped the double card down with a flourish and lho pulled it. we've called"
            " the td",
            "remark_then_action",
            {"ui_kind": "manner", "viewpoint": "opponents"},
            {"16B1", "73D1"},
        ),
        # 'i took it out': my call after partner's slow double, the opponents calling the TD
        (
            "pd had a long think over their 4S and then doubled, and i took it out. opps are"
            " calling the director",
            "hesitation_then_action",
            {"ui_kind": "hesitation", "our_stage": "called"},
            {"16B1", "73C1"},
        ),
    ],
)
def test_a_double_taken_out_is_the_partners_action_after_the_information(
    dialogue: Dialogue, text: str, proven: str, facts: dict[str, str], laws: set[str]
) -> None:
    assert dialogue.describe(text).proven[:1] == (proven,)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "unauthorised_information", [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics["unauthorised_information"], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found
    assert laws <= set(ruling_of(seen).citations)


@pytest.mark.parametrize(
    "text",
    [
        "E passed rather slowly over my 2♥ and then W bid 3♠ on very little. td?",
        "lho hummed and hawed before passing and rho came in with 2♦. we want the director",
        "rho sat there a good while before passing my 1NT, then lho balanced with 2♣",
    ],
)
def test_a_slow_call_told_in_everyday_words_is_a_hesitation_then_partners_action(
    dialogue: Dialogue, text: str
) -> None:
    """The pause told as the table tells it ('passed slowly', 'hummed and hawed', 'sat there a
    good while'), then the pauser's partner's call: Law 16B."""
    assert dialogue.describe(text).proven[:1] == ("hesitation_then_action",)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "unauthorised_information", [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics["unauthorised_information"], text).facts
    assert found.get("ui_kind") == "hesitation", found
    assert "16B1" in ruling_of(seen).citations


# -- a player told to pass who calls ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "facts", "laws"),
    [
        # the director's order in the table's words; the call after it, nobody since
        (
            "after his insufficient bid the td told lho to keep passing, but next time round he"
            " bid 3♦. i haven't called yet",
            {"_offender": "W", "_call": "3♦"},
            set(),
        ),
        (
            "pd was under orders to pass after her call out of turn, then she doubled 2♠ and rho"
            " passed over it before anyone noticed",
            {"lho_called": "yes"},
            {"37A"},
        ),
        (
            "the arbiter silenced W for the rest of the bidding but she bid 4♥ anyway. N hasn't"
            " called",
            {},
            {"37B2"},
        ),
    ],
)
def test_a_call_by_a_player_told_to_pass_is_law_37_whatever_words_gave_the_order(
    dialogue: Dialogue, text: str, facts: dict[str, str], laws: set[str]
) -> None:
    """The director's order is not an explanation of a call: 'the td told lho' proves no
    misinformation, and the barred player's call comes first."""
    assert dialogue.describe(text).proven[:1] == ("call_when_barred",)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "call_when_required_to_pass", [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics["call_when_required_to_pass"], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found
    cited = set(ruling_of(seen).citations)
    assert laws <= cited and any(law.startswith("37") for law in cited), cited


def test_an_explanation_told_to_me_that_proved_wrong_is_misinformation(
    dialogue: Dialogue,
) -> None:
    """'declarer's partner told me his double was for takeout ... it was actually penalties':
    what a call meant, told to the speaker by an opponent, then told otherwise (Law 21, 75)."""
    text = (
        "partner of declarer told me his double was for takeout and i led from it, it was"
        " actually penalties. can i change my lead?"
    )
    assert dialogue.describe(text).proven[:1] == ("explanation_differs",)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "misinformation", [t.text[:100] for t in seen]
    assert any(law.startswith(("21", "47E2")) for law in ruling_of(seen).citations)


@pytest.mark.parametrize(
    "text",
    [
        "A friend told me her partner's 7NT was followed by an 8H card pulled from the box.",
        "S says 'they had a call taken back - may we use what it told us?'",
    ],
)
def test_told_me_of_a_story_or_a_question_is_no_explanation(dialogue: Dialogue, text: str) -> None:
    assert "explanation_differs" not in dialogue.describe(text).proven


def test_a_bid_typed_under_the_last_in_a_run_of_calls_is_insufficient(dialogue: Dialogue) -> None:
    """'1♥ - (2♠) - 2♦ by pd': two calls typed one after the other are made in rotation, by two
    players, so 2♦ under 2♠ is an insufficient bid; 'hasn't said if he accepts' leaves the
    choice open, never taken as accepted."""
    text = "1♥ - (2♠) - 2♦ by pd, he missed the overcall. rho hasn't said if he accepts"
    assert dialogue.describe(text).proven[:1] == ("insufficient_bid",)
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == "insufficient_bid", [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics["insufficient_bid"], text).facts
    # never 'yes' or 'no'; since 2026-11-27 words of acceptance count only when the reader
    # places their speaker as the offender's LHO, so here the question may be asked instead
    assert found.get("accepted") in (None, "undecided"), found
    assert {"27A1", "27B1(a)"} <= set(ruling_of(seen).citations)
