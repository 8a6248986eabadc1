"""Seats and single calls: forgiving parsing, canonical rendering, rotation."""

from __future__ import annotations

import pytest

from bot.core.calls import (
    Bid,
    Call,
    Denomination,
    Seat,
    Simple,
    describe_call,
    parse_call,
    render_call,
    written_call,
)

ONE_NT = Bid(1, Denomination.NOTRUMP)
ONE_SPADE = Bid(1, Denomination.SPADES)
TWO_NT = Bid(2, Denomination.NOTRUMP)


# -- parse_call: bids -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1NT", ONE_NT),
        ("1♠", ONE_SPADE),
        ("1s", ONE_SPADE),
        ("1 spade", ONE_SPADE),
        ("one spade", ONE_SPADE),
        ("2nt", TWO_NT),
        ("1 no trump", ONE_NT),
    ],
)
def test_parse_call_reads_bids_as_people_type_them(text: str, expected: Bid) -> None:
    assert parse_call(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1nt", ONE_NT),
        ("1Nt", ONE_NT),
        ("1 No Trump", ONE_NT),
        ("1S", ONE_SPADE),
        ("ONE SPADE", ONE_SPADE),
        ("One Spade", ONE_SPADE),
    ],
)
def test_parse_call_ignores_case(text: str, expected: Bid) -> None:
    assert parse_call(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  1NT  ", ONE_NT),
        ("\t1nt\n", ONE_NT),
        ("1  no   trump", ONE_NT),
        (" one   spade ", ONE_SPADE),
        ("1   s", ONE_SPADE),
    ],
)
def test_parse_call_ignores_extra_spaces(text: str, expected: Bid) -> None:
    assert parse_call(text) == expected


@pytest.mark.parametrize(
    ("text", "denomination"),
    [
        ("3c", Denomination.CLUBS),
        ("3♣", Denomination.CLUBS),
        ("3d", Denomination.DIAMONDS),
        ("3♦", Denomination.DIAMONDS),
        ("3h", Denomination.HEARTS),
        ("3♥", Denomination.HEARTS),
        ("3 hearts", Denomination.HEARTS),
        ("3s", Denomination.SPADES),
        ("3nt", Denomination.NOTRUMP),
    ],
)
def test_parse_call_reads_every_denomination(text: str, denomination: Denomination) -> None:
    assert parse_call(text) == Bid(3, denomination)


@pytest.mark.parametrize("level", range(1, 8))
def test_parse_call_reads_every_level(level: int) -> None:
    assert parse_call(f"{level}NT") == Bid(level, Denomination.NOTRUMP)


def test_parse_call_reads_level_words() -> None:
    assert parse_call("seven notrump") == Bid(7, Denomination.NOTRUMP)


# -- parse_call: pass, double, redouble ---------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("p", Simple.PASS),
        ("pass", Simple.PASS),
        ("no bid", Simple.PASS),
        ("x", Simple.DOUBLE),
        ("dbl", Simple.DOUBLE),
        ("double", Simple.DOUBLE),
        ("xx", Simple.REDOUBLE),
        ("rdbl", Simple.REDOUBLE),
        ("redouble", Simple.REDOUBLE),
    ],
)
def test_parse_call_reads_pass_double_redouble(text: str, expected: Simple) -> None:
    assert parse_call(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PASS", Simple.PASS),
        ("  No   Bid ", Simple.PASS),
        ("X", Simple.DOUBLE),
        (" Double ", Simple.DOUBLE),
        ("XX", Simple.REDOUBLE),
        ("RDBL", Simple.REDOUBLE),
        ("ReDouble", Simple.REDOUBLE),
    ],
)
def test_parse_call_reads_simple_calls_in_any_case_and_spacing(text: str, expected: Simple) -> None:
    assert parse_call(text) is expected


# -- parse_call: rejections -----------------------------------------------------


@pytest.mark.parametrize("text", ["8S", "0H", "hello", ""])
def test_parse_call_rejects_unreadable_text_with_friendly_message(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_call(text)
    message = str(caught.value)
    assert "can't read" in message or "1 to 7" in message


def test_parse_call_error_names_what_was_typed() -> None:
    with pytest.raises(ValueError, match="hello"):
        parse_call("hello")


# -- render_call / describe_call ----------------------------------------------------


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (ONE_NT, "1NT"),
        (ONE_SPADE, "1♠"),
        (Bid(2, Denomination.HEARTS), "2♥"),
        (Bid(3, Denomination.DIAMONDS), "3♦"),
        (Bid(7, Denomination.CLUBS), "7♣"),
        (Simple.PASS, "Pass"),
        (Simple.DOUBLE, "X"),
        (Simple.REDOUBLE, "XX"),
    ],
)
def test_render_call_is_canonical(call: Call, expected: str) -> None:
    assert render_call(call) == expected


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (ONE_NT, "1NT"),
        (ONE_SPADE, "1♠"),
        (Simple.PASS, "pass"),
        (Simple.DOUBLE, "double"),
        (Simple.REDOUBLE, "redouble"),
    ],
)
def test_describe_call_uses_prose_words(call: Call, expected: str) -> None:
    assert describe_call(call) == expected


@pytest.mark.parametrize("call", [*Simple, ONE_NT, ONE_SPADE])
def test_render_and_describe_parse_back(call: Call) -> None:
    assert parse_call(render_call(call)) == call
    assert parse_call(describe_call(call)) == call


# -- Bid ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [0, 8, -1])
def test_bid_outside_one_to_seven_is_refused(level: int) -> None:
    with pytest.raises(ValueError, match="1 to 7"):
        Bid(level, Denomination.CLUBS)


def test_higher_denomination_at_same_level_supersedes() -> None:
    assert ONE_NT.supersedes(ONE_SPADE)
    assert not ONE_SPADE.supersedes(ONE_NT)


def test_higher_level_supersedes_any_lower_level_bid() -> None:
    assert Bid(2, Denomination.CLUBS).supersedes(ONE_NT)


def test_a_bid_does_not_supersede_itself() -> None:
    assert not ONE_SPADE.supersedes(ONE_SPADE)


# -- Seat -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "lho", "partner", "rho"),
    [
        (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST),
        (Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH),
        (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST),
        (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH),
    ],
)
def test_seat_neighbours_follow_clockwise_rotation(
    seat: Seat, lho: Seat, partner: Seat, rho: Seat
) -> None:
    assert seat.lho is lho
    assert seat.partner is partner
    assert seat.rho is rho


def test_seat_offset_counts_clockwise_and_wraps() -> None:
    assert Seat.NORTH.offset(0) is Seat.NORTH
    assert Seat.NORTH.offset(1) is Seat.EAST
    assert Seat.WEST.offset(1) is Seat.NORTH
    assert Seat.NORTH.offset(5) is Seat.EAST
    assert Seat.NORTH.offset(-1) is Seat.WEST


@pytest.mark.parametrize(
    ("other", "relation"),
    [
        (Seat.NORTH, "self"),
        (Seat.EAST, "lho"),
        (Seat.SOUTH, "partner"),
        (Seat.WEST, "rho"),
    ],
)
def test_relation_to_names_where_the_other_seat_sits(other: Seat, relation: str) -> None:
    assert Seat.NORTH.relation_to(other) == relation


def test_relation_to_is_from_the_point_of_view_of_self() -> None:
    assert Seat.EAST.relation_to(Seat.NORTH) == "rho"
    assert Seat.WEST.relation_to(Seat.NORTH) == "lho"


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("n", Seat.NORTH),
        ("N", Seat.NORTH),
        ("North", Seat.NORTH),
        ("north", Seat.NORTH),
        (" NORTH ", Seat.NORTH),
        ("e", Seat.EAST),
        ("South", Seat.SOUTH),
        ("w", Seat.WEST),
    ],
)
def test_seat_parse_accepts_letter_or_name(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["", "x", "northeast", "dealer"])
def test_seat_parse_rejects_other_text(text: str) -> None:
    with pytest.raises(ValueError, match="not a seat"):
        Seat.parse(text)


def test_seat_title_is_capitalised_name() -> None:
    assert Seat.NORTH.title == "North"


# -- written_call: a call as written in an auction's row ---------------------------------------


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("1s", "1S"),
        ("2♥!", "2H"),
        ("3n", "3NT"),
        ("1sa", "1NT"),
        ("4nts", "4NT"),
        ("p", "pass"),
        ("pas", "pass"),
        ("nb", "pass"),
        ("dbl*", "double"),
        ("x", "double"),
        ("XX", "redouble"),
        ("redbl", "redouble"),
        ("8h", "8H"),
        ("9nt", "9NT"),
    ],
)
def test_written_call_reads_a_call_as_a_table_writes_it(token: str, expected: str) -> None:
    """One reading of calls for the whole bot: what parse_call reads, plus the levels above
    seven, which must stay in the auction so the bid above seven can be ruled on (Law 38)."""
    assert written_call(token) == expected


@pytest.mark.parametrize("token", ["passed", "doubled", "redoubled", "0h", "10s", "he", "1x"])
def test_written_call_leaves_prose_and_impossible_levels(token: str) -> None:
    assert written_call(token) is None


def test_pas_is_read_as_pass_wherever_a_call_is_typed() -> None:
    """'pas' (pass in French and Dutch boxes) was read in an auction table but not in a typed
    auction or a single call: one word list now serves both."""
    assert parse_call("pas") is Simple.PASS
