"""Laws 16B, 16C and 16D (and 73C): information a player may or may not use, end to end."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import shared_bot


def _ruling(topic: str, lines: list[str]) -> dict[str, Any]:
    return shared_bot().ruling(topic, lines)


# -- Law 16B / 73C: unauthorised information from partner ---------------------------


def test_my_partner_hesitated_and_i_still_have_to_bid() -> None:
    ruling = _ruling(
        "unauthorised_information",
        [
            "My partner hesitated for a long time before passing 3S. Can I still bid 4S?",
            "I still have to choose my call or play",
        ],
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"16B1", "16B1(a)", "16B1(b)", "73C1"} <= set(ruling["citations"])
    assert "73D1" in ruling["citations"]  # a hesitation is not itself an infraction
    assert "logical alternative" in ruling["text"]
    assert "must not choose the suggested one" in ruling["text"]


def test_unexpected_alert_from_partner_limits_the_choice() -> None:
    ruling = _ruling(
        "unauthorised_information", ["unexpected alert by my partner, can I bid on?", "1"]
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"16B1", "16B1(a)", "73C1"} <= set(ruling["citations"])
    assert "73D1" not in ruling["citations"]  # only tempo and manner
    assert "The unexpected alert (or the missing alert) is unauthorised" in ruling["text"]


def test_opponents_reserve_rights_but_we_dispute_the_hesitation() -> None:
    ruling = _ruling(
        "unauthorised_information",
        ["The opponents say my partner hesitated and reserve their rights, but we dispute it"],
    )
    assert ruling["topic"] == "unauthorised_information"
    assert "16B2" in ruling["citations"]
    assert "call the director now" in ruling["text"]


def test_after_partners_remark_the_opponents_called_the_director() -> None:
    ruling = _ruling(
        "unauthorised_information",
        [
            "partner's remark during the auction, I bid game, now opponents called the director",
            "1",  # our side gave the information
            "3",  # I have acted, and the opponents have called the director
        ],
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"16B1", "16B3", "12C1(b)", "73C2"} <= set(ruling["citations"])
    assert "the director's judgement" in ruling["text"]


def test_opponent_hesitated_his_partner_doubled_we_reserve_our_rights() -> None:
    ruling = _ruling(
        "unauthorised_information",
        [
            "LHO huddled for ages and then his partner doubled. We reserve our rights",
            "still in progress",
            "yes",
        ],
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"16B2", "16B3", "16B1(a)"} <= set(ruling["citations"])
    assert "reserve the right to call the director later" in ruling["text"]
    assert "at their own risk" in ruling["text"]


def test_opponents_dispute_the_hesitation_so_the_director_comes_now() -> None:
    ruling = _ruling(
        "unauthorised_information",
        [
            "LHO huddled for ages and then his partner doubled. We reserve our rights",
            "1",
            "no, they dispute it",
        ],
    )
    assert ruling["topic"] == "unauthorised_information"
    assert "16B2" in ruling["citations"]
    assert "the director should be called now" in ruling["text"]


def test_opponent_bid_game_after_a_slow_pass_play_has_ended() -> None:
    ruling = _ruling(
        "unauthorised_information", ["slow pass by LHO, his partner then bid game, play has ended"]
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"16B3", "16B1(b)", "12C1(b)", "92B"} <= set(ruling["citations"])
    assert "adjusts the score" in ruling["text"]
    assert "30 minutes" in ruling["text"]


def test_declarer_hesitating_with_a_singleton_is_deception_not_ui() -> None:
    ruling = _ruling(
        "unauthorised_information", ["declarer hesitated with a singleton and I misplayed"]
    )
    assert ruling["topic"] == "unauthorised_information"
    assert {"73D2", "73E2"} <= set(ruling["citations"])
    assert "demonstrable bridge reason" in ruling["text"]


# -- Law 16D: extraneous information from other sources -----------------------------


def test_overheard_result_before_the_auction_director_has_four_options() -> None:
    ruling = _ruling(
        "extraneous_information",
        ["I overheard the result of board 5 at the next table before we played it", "1"],
    )
    assert ruling["topic"] == "extraneous_information"
    assert {"16D1", "16D2(a)", "16D2(b)", "16D2(c)", "16D2(d)"} <= set(ruling["citations"])
    assert "90B3" in ruling["citations"]  # the loud talker may be penalised
    assert "redealt" in ruling["text"]


def test_overheard_during_the_auction_only_play_on_or_adjust() -> None:
    ruling = _ruling(
        "extraneous_information", ["we heard someone say 4S making in the middle of the auction"]
    )
    assert ruling["topic"] == "extraneous_information"
    assert {"16D3", "16D2(c)", "16D2(d)"} <= set(ruling["citations"])
    assert "16D2(a)" not in ruling["citations"]
    assert "no longer possible" in ruling["text"]


def test_card_seen_while_dealing_at_the_table_means_a_new_deal() -> None:
    ruling = _ruling(
        "extraneous_information", ["I saw an opponent's card while dealing, before the auction"]
    )
    assert ruling["topic"] == "extraneous_information"
    assert ruling["citations"] == ["6D1"]
    assert "shuffled and dealt again" in ruling["text"]


def test_card_of_an_opponent_seen_before_the_auction_on_a_dealt_board() -> None:
    ruling = _ruling(
        "extraneous_information", ["I saw an opponent's card before the auction started", "no"]
    )
    assert ruling["topic"] == "extraneous_information"
    assert {"16D1", "16D2", "13A2"} <= set(ruling["citations"])
    assert "likely to get in the way of normal play" in ruling["text"]


def test_looked_at_the_wrong_hand_during_the_auction() -> None:
    ruling = _ruling("extraneous_information", ["looked at the wrong hand", "after the first call"])
    assert ruling["topic"] == "extraneous_information"
    assert {"16D3", "15A"} <= set(ruling["citations"])
    assert "Law 15A" in ruling["text"]


# -- Law 16C: information from withdrawn calls and plays ----------------------------


def test_non_offending_side_may_use_the_cancelled_bid() -> None:
    ruling = _ruling(
        "withdrawn_call_information",
        ["can the non-offending side use information from the cancelled bid out of turn"],
    )
    assert ruling["topic"] == "withdrawn_call_information"
    assert "16C1" in ruling["citations"]
    assert "may use everything" in ruling["text"]


@pytest.mark.parametrize("answer", ["no", "2"])
def test_offenders_may_not_use_partners_cancelled_bid(answer: str) -> None:
    ruling = _ruling(
        "withdrawn_call_information",
        ["can I use the information from my partner's cancelled bid", answer],
    )
    assert ruling["topic"] == "withdrawn_call_information"
    assert {"16C2", "16C3", "16B1(b)"} <= set(ruling["citations"])
    assert "unauthorised information" in ruling["text"]


def test_offenders_after_a_comparable_replacement() -> None:
    ruling = _ruling(
        "withdrawn_call_information",
        ["my partner's bid out of turn was cancelled; can I use what it showed?", "yes"],
    )
    assert ruling["topic"] == "withdrawn_call_information"
    assert {"26A", "23B", "23C"} <= set(ruling["citations"])
    assert "16C2" not in ruling["citations"]
    assert "no lead restrictions" in ruling["text"]


def test_withdrawn_call_information_for_both_sides() -> None:
    ruling = _ruling("withdrawn_call_information", ["information from a withdrawn call", "both"])
    assert ruling["topic"] == "withdrawn_call_information"
    assert {"16C1", "16C2", "16C3"} <= set(ruling["citations"])
    assert "treated differently for the two sides" in ruling["text"]
