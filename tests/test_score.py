"""Law 77 (2017): the duplicate score, the `score` command in every interface."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.calls import ALL_BIDS, Bid, Denomination, Seat
from bot.core.play import Contract, parse_contract
from bot.core.score import (
    RequestError,
    duplicate_score,
    read_request,
    trick_points,
    undertrick_penalty,
)

from conftest import ROOT, Chat, jsonl_session

# contract, vulnerable, tricks taken, score to declarer's side - each checked by hand against
# the Law 77 table (trick score, overtricks, game/part-score, slam, insult, undertricks)
TABLE = [
    ("4S", False, 10, 420),
    ("4S", True, 10, 620),
    ("4S", True, 11, 650),
    ("3NT", True, 10, 630),
    ("3NT", False, 9, 400),
    ("1NTX", False, 7, 180),
    ("1NTX", True, 7, 180),
    ("4HX", True, 7, -800),
    ("7NTXX", True, 13, 2980),
    ("7NTXX", False, 13, 2280),
    ("2CXX", False, 7, -200),
    ("2CXX", False, 8, 560),
    ("2CX", False, 8, 180),
    ("1CX", False, 8, 240),
    ("1HX", True, 7, 160),
    ("2SX", False, 8, 470),
    ("2SX", True, 8, 670),
    ("2SX", True, 9, 870),
    ("1NTXX", False, 7, 560),
    ("1NTXX", True, 8, 1160),
    ("6NT", True, 12, 1440),
    ("6S", False, 12, 980),
    ("7C", False, 13, 1440),
    ("7S", True, 13, 2210),
    ("1C", False, 7, 70),
    ("1C", False, 13, 190),
    ("5CX", True, 11, 750),
    ("3NT", False, 8, -50),
    ("3NT", True, 8, -100),
    ("3NT", False, 0, -450),
    ("7NTX", False, 0, -3500),
    ("7NTX", True, 0, -3800),
    ("7NTXX", False, 0, -7000),
    ("7NTXX", True, 0, -7600),
    ("4SX", False, 6, -800),
    ("4SX", True, 6, -1100),
    ("4SX", False, 7, -500),
    ("4SXX", False, 8, -600),
    ("4SXX", True, 8, -1000),
    ("4SXX", False, 6, -1600),
    ("2HX", False, 6, -300),
    ("2HX", True, 6, -500),
    ("3DXX", False, 9, 640),
    ("4SX", False, 11, 690),
    ("4SX", True, 11, 990),
    ("3NTXX", True, 10, 1400),
    ("5D", False, 11, 400),
    ("2S", True, 8, 110),
]


@pytest.mark.parametrize(("contract", "vulnerable", "tricks", "points"), TABLE)
def test_law_77_table(contract: str, vulnerable: bool, tricks: int, points: int) -> None:
    assert duplicate_score(parse_contract(contract), vulnerable, tricks).points == points


def test_game_and_part_score_bonuses() -> None:
    assert duplicate_score(parse_contract("2C"), True, 8).game_bonus == 50
    assert duplicate_score(parse_contract("5C"), True, 11).game_bonus == 500
    assert duplicate_score(parse_contract("2CXX"), False, 8).is_game  # 160 trick points
    assert not duplicate_score(parse_contract("4S"), False, 9).made


def test_fourth_undertrick_doubled_not_vulnerable_costs_300() -> None:
    third = undertrick_penalty(3, False, 1)
    assert (third, undertrick_penalty(4, False, 1) - third) == (500, 300)
    assert undertrick_penalty(4, True, 1) - undertrick_penalty(3, True, 1) == 300


@given(
    st.sampled_from(ALL_BIDS),
    st.booleans(),
    st.integers(min_value=0, max_value=13),
)
def test_redoubling_doubles_the_doubled_penalty_and_trick_score(
    bid: Bid, vulnerable: bool, tricks: int
) -> None:
    doubled = duplicate_score(Contract(bid, 1), vulnerable, tricks)
    redoubled = duplicate_score(Contract(bid, 2), vulnerable, tricks)
    if not doubled.made:
        assert redoubled.penalty == 2 * doubled.penalty
    else:
        assert redoubled.trick_points == 2 * doubled.trick_points
        assert redoubled.points > doubled.points


@given(st.sampled_from(ALL_BIDS), st.sampled_from([0, 1, 2]), st.booleans())
def test_one_more_trick_never_scores_less(bid: Bid, doubled: int, vulnerable: bool) -> None:
    contract = Contract(bid, doubled)  # type: ignore[arg-type]
    points = [duplicate_score(contract, vulnerable, t).points for t in range(14)]
    assert points == sorted(points)


def test_trick_points_per_strain() -> None:
    assert trick_points(Denomination.NOTRUMP, 3, 0) == 100
    assert trick_points(Denomination.DIAMONDS, 5, 0) == 100
    assert trick_points(Denomination.HEARTS, 4, 0) == 120


@pytest.mark.parametrize(
    ("typed", "contract", "tricks", "vulnerable"),
    [
        ("4S N 10", "4S by N", 10, None),
        ("4SX by N vul 8", "4SX by N", 8, True),
        ("4SX by N --vul ew 8", "4SX by N", 8, False),
        ("4SX by N --vul ns 8", "4SX by N", 8, True),
        ("3NT+1 V", "3NT", 10, True),
        ("4Hx-3 vul", "4HX", 7, True),
        ("7NTxx= V", "7NTXX", 13, True),
        ("2Cxx-1 NV", "2CXX", 7, False),
        ("4S made 5 vul", "4S", 11, True),
        ("3 no trump doubled by West 9 tricks both vul", "3NTX by W", 9, True),
        ("6C redoubled by N none vul, made", "6CXX by N", 12, False),
        ("4♠ by S down 2 nv", "4S by S", 8, False),
        ("5D by E, ns vul, 11 tricks", "5D by E", 11, False),
        # 'doubled' told after the result doubles the score (it was dropped as a filler word)
        ("4s by w down 2 doubled vul", "4SX by W", 8, True),
        ("4hx by E, made 10 tricks, NS vul EW not. what's the score", "4HX by E", 10, False),
        ("what do we get for 3nt by N making 10 tricks not vul", "3NT by N", 10, False),
    ],
)
def test_requests_typed_many_ways(
    typed: str, contract: str, tricks: int, vulnerable: bool | None
) -> None:
    request = read_request(typed)
    assert (request.contract, request.tricks, request.vulnerable) == (
        parse_contract(contract),
        tricks,
        vulnerable,
    )


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "empty"),
        ("hello there", "no_contract"),
        ("4S by N", "no_tricks"),
        ("4S 10 --vul ns", "pair_without_declarer"),
        ("4S N 10 vul banana", "unread"),
        ("4S+8", "impossible_tricks"),
        ("4S made 3", "made_below"),
        ("4S N 10 11", "two_results"),
        ("4SX by N down 2 redoubled", "two_doublings"),
    ],
)
def test_bad_requests_say_why(typed: str, reason: str) -> None:
    with pytest.raises(RequestError) as caught:
        read_request(typed)
    assert caught.value.reason == reason


def test_contract_from_a_whole_auction_names_the_first_to_bid_the_strain() -> None:
    contract = parse_contract("N 1H E 1S S 2H W 2S N 4H E X S P W P N P")
    assert contract == Contract(Bid(4, Denomination.HEARTS), 1, Seat.NORTH)
    # South bid notrump first, North raised: South declares
    assert parse_contract("S 1NT W P N 3NT E P S P W P").declarer is Seat.SOUTH


# -- the command in every interface --------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "score", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_cli_score_in_words() -> None:
    result = _cli("4SX", "by", "N", "vul", "8")
    assert result.returncode == 0
    assert result.stdout.strip() == (
        "4♠ doubled by North, vulnerable, 8 tricks: two down, −500 to N-S (+500 to E-W)."
    )


def test_cli_vul_option_and_both_vulnerabilities_when_none_given() -> None:
    assert "+990 to E-W" in _cli("4SX", "E", "11", "--vul", "both").stdout
    both = _cli("4S", "N", "10").stdout
    assert "Not vulnerable: +420 to N-S" in both and "Vulnerable: +620 to N-S" in both


def test_cli_bad_input_is_a_friendly_message_not_a_traceback() -> None:
    result = _cli("banana")
    assert result.returncode == 2
    assert 'couldn\'t find a contract in "banana"' in result.stderr
    assert "Traceback" not in result.stderr
    nothing = _cli()
    assert nothing.returncode == 2 and "score 4S N 10" in nothing.stderr


def test_console_score_is_a_side_request_that_keeps_the_question(chat: Chat) -> None:
    chat.say("insufficient bid")
    turns = chat.say("score 3NT+1 nv")
    assert "+430 to declarer's side" in turns[0].text
    assert turns[-1].type == "question" and chat.conversation.topic == "insufficient_bid"


def test_a_description_starting_with_score_is_still_an_incident(chat: Chat) -> None:
    turns = chat.say("score was entered wrongly after the round")
    assert not any("Law 77" in t.text for t in turns)


def test_jsonl_score() -> None:
    replies = jsonl_session(["score 7NTxx= V", "score"])
    assert "+2980 to declarer's side" in replies[0]["replies"][0]["text"]
    assert "score 4SX by N vul 8" in replies[1]["replies"][0]["text"]


def test_cli_score_with_the_vulnerability_option_mid_request_unquoted() -> None:
    result = _cli("6C", "redoubled", "by", "N", "--vul", "ns", "made", "6")
    assert result.returncode == 0, result.stderr
    assert "+1830 to N-S" in result.stdout


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("score please: 6nt making all 13 not vul", "+1020 to declarer's side"),
        ("6nt making all 13 not vul", "+1020 to declarer's side"),
        ("4H doubled by S, vul, 11 tricks", "+990 to N-S"),
        ("whats the score for 6nt making all 13 not vul", "+1020 to declarer's side"),
    ],
)
def test_chat_answers_a_score_asked_in_plain_words(chat: Chat, typed: str, expected: str) -> None:
    turns = chat.say(typed)
    assert expected in turns[0].text, turns[0].text
    assert chat.conversation.topic is None
