"""Properties that must hold for every call, seat and auction."""

from __future__ import annotations

from itertools import pairwise, product

from hypothesis import given
from hypothesis import strategies as st

from bot.core.auction import Auction, parse_auction, render_auction
from bot.core.calls import (
    ALL_BIDS,
    Bid,
    Call,
    Denomination,
    Seat,
    Simple,
    describe_call,
    parse_call,
    render_call,
)

bids: st.SearchStrategy[Bid] = st.sampled_from(ALL_BIDS)
calls: st.SearchStrategy[Call] = st.one_of(bids, st.sampled_from(list(Simple)))
seats: st.SearchStrategy[Seat] = st.sampled_from(list(Seat))
dealers: st.SearchStrategy[Seat | None] = st.one_of(st.none(), seats)
denominations: st.SearchStrategy[Denomination] = st.sampled_from(list(Denomination))
steps: st.SearchStrategy[int] = st.integers(min_value=-1000, max_value=1000)

RELATIONS = ("self", "lho", "partner", "rho")


# -- (a) render / parse round trip ----------------------------------------------------


@given(st.lists(calls, min_size=1, max_size=20), dealers)
def test_parse_auction_reads_back_render_auction(sequence: list[Call], dealer: Seat | None) -> None:
    auction = Auction.of(*sequence, dealer=dealer)
    assert parse_auction(render_auction(auction)) == auction


# -- (b) sufficiency is a strict total order ----------------------------------------------


@given(bids)
def test_no_bid_supersedes_itself(bid: Bid) -> None:
    assert not bid.supersedes(bid)


@given(bids, bids)
def test_supersedes_is_asymmetric(a: Bid, b: Bid) -> None:
    assert not (a.supersedes(b) and b.supersedes(a))


@given(bids, bids, bids)
def test_supersedes_is_transitive(a: Bid, b: Bid, c: Bid) -> None:
    if a.supersedes(b) and b.supersedes(c):
        assert a.supersedes(c)


@given(bids, bids)
def test_of_two_different_bids_exactly_one_supersedes(a: Bid, b: Bid) -> None:
    if a != b:
        assert a.supersedes(b) != b.supersedes(a)


@given(bids, bids)
def test_supersedes_agrees_with_rank(a: Bid, b: Bid) -> None:
    assert a.supersedes(b) == (a.rank > b.rank)


def test_ranks_run_from_zero_to_34_without_gaps_in_all_bids_order() -> None:
    assert [bid.rank for bid in ALL_BIDS] == list(range(35))


def test_each_bid_in_all_bids_supersedes_the_one_before() -> None:
    for lower, higher in pairwise(ALL_BIDS):
        assert higher.supersedes(lower)


def test_exactly_one_of_every_pair_of_different_bids_supersedes() -> None:
    for a, b in product(ALL_BIDS, repeat=2):
        assert a.supersedes(b) + b.supersedes(a) == (0 if a == b else 1)


# -- (c) rotation invariants ------------------------------------------------------------


@given(seats)
def test_four_steps_return_to_the_same_seat(seat: Seat) -> None:
    assert seat.offset(4) is seat


@given(seats, steps)
def test_offset_is_periodic_in_four(seat: Seat, k: int) -> None:
    assert seat.offset(k + 4) is seat.offset(k)


@given(seats)
def test_rho_of_lho_is_self(seat: Seat) -> None:
    assert seat.lho.rho is seat
    assert seat.rho.lho is seat


@given(seats)
def test_partner_of_partner_is_self(seat: Seat) -> None:
    assert seat.partner.partner is seat


@given(seats, steps, steps)
def test_offsets_add(seat: Seat, a: int, b: int) -> None:
    assert seat.offset(a).offset(b) is seat.offset(a + b)


@given(seats, steps)
def test_relation_to_agrees_with_offset(seat: Seat, k: int) -> None:
    assert seat.relation_to(seat.offset(k)) == RELATIONS[k % 4]


@given(seats, seats)
def test_relation_to_names_the_seat_it_points_at(seat: Seat, other: Seat) -> None:
    named = {"self": seat, "lho": seat.lho, "partner": seat.partner, "rho": seat.rho}
    assert named[seat.relation_to(other)] is other


# -- (d) lowest sufficient bid -----------------------------------------------------------------


@given(st.lists(calls, max_size=10), denominations)
def test_lowest_sufficient_supersedes_the_last_bid(
    sequence: list[Call], denomination: Denomination
) -> None:
    auction = Auction.of(*sequence)
    last = auction.last_bid()
    lowest = auction.lowest_sufficient(denomination)
    if lowest is None:
        assert last is not None
        assert not Bid(7, denomination).supersedes(last)
    else:
        assert lowest.denomination is denomination
        assert last is None or lowest.supersedes(last)
        assert not auction.is_insufficient(lowest)


@given(st.lists(calls, max_size=10), denominations)
def test_no_lower_bid_in_the_denomination_is_sufficient(
    sequence: list[Call], denomination: Denomination
) -> None:
    auction = Auction.of(*sequence)
    last = auction.last_bid()
    lowest = auction.lowest_sufficient(denomination)
    ceiling = 8 if lowest is None else lowest.level
    for level in range(1, ceiling):
        assert last is not None
        assert not Bid(level, denomination).supersedes(last)
        assert auction.is_insufficient(Bid(level, denomination))


# -- (e) every bid parses back from its written forms ----------------------------------------------


@given(bids)
def test_every_bid_parses_back_from_render_call(bid: Bid) -> None:
    assert parse_call(render_call(bid)) == bid


@given(bids)
def test_every_bid_parses_back_from_describe_call(bid: Bid) -> None:
    assert parse_call(describe_call(bid)) == bid


@given(calls)
def test_every_call_parses_back_from_both_forms(call: Call) -> None:
    assert parse_call(render_call(call)) == call
    assert parse_call(describe_call(call)) == call


def test_all_bids_parse_back_from_both_forms_exhaustively() -> None:
    for bid in ALL_BIDS:
        assert parse_call(render_call(bid)) == bid
        assert parse_call(describe_call(bid)) == bid
