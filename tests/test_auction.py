"""The auction: reading it, and the facts the Laws ask of it."""

from __future__ import annotations

import pytest

from bot.core.auction import Auction, Entry, find_mentions, parse_auction, render_auction
from bot.core.calls import Bid, Call, Denomination, Seat, Simple

P = Simple.PASS
X = Simple.DOUBLE
XX = Simple.REDOUBLE
ONE_C = Bid(1, Denomination.CLUBS)
ONE_H = Bid(1, Denomination.HEARTS)
ONE_S = Bid(1, Denomination.SPADES)
ONE_NT = Bid(1, Denomination.NOTRUMP)
TWO_H = Bid(2, Denomination.HEARTS)
TWO_S = Bid(2, Denomination.SPADES)
SEVEN_NT = Bid(7, Denomination.NOTRUMP)


def kinds(auction: Auction) -> list[tuple[str, int]]:
    return [(i.kind, i.position) for i in auction.irregularities()]


# -- parse_auction --------------------------------------------------------------


@pytest.mark.parametrize("text", ["N 1NT E 1S", "1NT (1S)", "1NT - 1S", "1NT 1S"])
def test_parse_auction_reads_every_layout_with_dealer(text: str) -> None:
    auction = parse_auction(text, dealer=Seat.NORTH)
    assert auction.calls == (ONE_NT, ONE_S)
    assert [e.seat for e in auction] == [Seat.NORTH, Seat.EAST]
    assert auction.dealer is Seat.NORTH


@pytest.mark.parametrize("text", ["1NT (1S)", "1NT - 1S", "1NT 1S"])
def test_parse_auction_without_seats_or_dealer_leaves_seats_unknown(text: str) -> None:
    auction = parse_auction(text)
    assert auction.calls == (ONE_NT, ONE_S)
    assert [e.seat for e in auction] == [None, None]
    assert auction.dealer is None


def test_parse_auction_takes_first_written_seat_as_dealer() -> None:
    auction = parse_auction("E 1NT S 1S")
    assert auction.dealer is Seat.EAST
    assert auction.entries == (Entry(ONE_NT, Seat.EAST), Entry(ONE_S, Seat.SOUTH))


def test_parse_auction_keeps_written_seats_even_out_of_rotation() -> None:
    auction = parse_auction("N 1NT S 2S")
    assert [e.seat for e in auction] == [Seat.NORTH, Seat.SOUTH]


def test_parse_auction_reads_full_seat_names_and_call_words() -> None:
    auction = parse_auction("North 1NT, East pass, South double")
    assert auction.calls == (ONE_NT, P, X)
    assert [e.seat for e in auction] == [Seat.NORTH, Seat.EAST, Seat.SOUTH]


def test_parse_auction_refuses_seats_on_only_some_calls() -> None:
    with pytest.raises(ValueError, match="every call, or for none"):
        parse_auction("N 1NT 1S")


def test_parse_auction_refuses_unreadable_text_and_names_it() -> None:
    with pytest.raises(ValueError, match="can't read 'banana'"):
        parse_auction("1NT banana 1S")


def test_parse_auction_refuses_unreadable_trailing_text() -> None:
    with pytest.raises(ValueError, match="can't read"):
        parse_auction("1NT 1S then chaos")


def test_parse_auction_refuses_text_with_no_calls() -> None:
    with pytest.raises(ValueError, match="no calls"):
        parse_auction("  -  ")


def test_render_auction_writes_seats_when_known() -> None:
    assert render_auction(Auction.of(ONE_NT, ONE_S, P, dealer=Seat.NORTH)) == "N 1NT E 1♠ S Pass"


def test_render_auction_without_seats_writes_calls_only() -> None:
    assert render_auction(Auction.of(ONE_NT, X, XX)) == "1NT X XX"


# -- construction ----------------------------------------------------------------


def test_of_fills_in_seats_from_dealer() -> None:
    auction = Auction.of(ONE_H, P, P, dealer=Seat.WEST)
    assert [e.seat for e in auction] == [Seat.WEST, Seat.NORTH, Seat.EAST]


def test_then_defaults_to_the_player_in_turn() -> None:
    auction = Auction.of(ONE_H, dealer=Seat.SOUTH).then(P)
    assert auction.entries[-1] == Entry(P, Seat.WEST)


# -- sufficiency (Law 18) ------------------------------------------------------------


def test_lower_denomination_at_same_level_is_insufficient() -> None:
    assert Auction.of(ONE_NT).is_insufficient(ONE_S)


def test_higher_bid_is_sufficient() -> None:
    assert not Auction.of(ONE_NT).is_insufficient(TWO_H)


def test_repeating_the_last_bid_is_insufficient() -> None:
    assert Auction.of(ONE_NT).is_insufficient(ONE_NT)


def test_no_bid_is_insufficient_before_anyone_has_bid() -> None:
    assert not Auction.of(P, P).is_insufficient(ONE_C)


def test_insufficiency_is_judged_against_the_last_bid_not_later_passes() -> None:
    assert Auction.of(ONE_NT, P, X, P).is_insufficient(ONE_S)


def test_is_insufficient_before_a_position_ignores_later_bids() -> None:
    auction = Auction.of(ONE_H, TWO_S)
    assert not auction.is_insufficient(ONE_S, before=1)
    assert auction.is_insufficient(ONE_S)


def test_lowest_sufficient_hearts_over_1nt_is_2h() -> None:
    assert Auction.of(ONE_NT).lowest_sufficient(Denomination.HEARTS) == TWO_H


def test_lowest_sufficient_higher_denomination_stays_at_same_level() -> None:
    assert Auction.of(ONE_H).lowest_sufficient(Denomination.SPADES) == ONE_S


def test_lowest_sufficient_over_7nt_is_none() -> None:
    assert Auction.of(SEVEN_NT).lowest_sufficient(Denomination.CLUBS) is None
    assert Auction.of(SEVEN_NT).lowest_sufficient(Denomination.NOTRUMP) is None


def test_lowest_sufficient_in_an_empty_auction_is_at_the_one_level() -> None:
    assert Auction().lowest_sufficient(Denomination.CLUBS) == ONE_C


# -- whose turn ------------------------------------------------------------------------


def test_seat_in_turn_follows_rotation_from_dealer() -> None:
    auction = Auction.of(ONE_NT, P, dealer=Seat.EAST)
    assert auction.seat_in_turn() is Seat.WEST
    assert auction.seat_in_turn(0) is Seat.EAST
    assert auction.seat_in_turn(6) is Seat.WEST


def test_seat_in_turn_is_unknown_without_dealer() -> None:
    assert Auction.of(ONE_NT, P).seat_in_turn() is None


def test_seat_of_falls_back_to_rotation() -> None:
    auction = Auction((Entry(ONE_NT), Entry(P)), dealer=Seat.SOUTH)
    assert auction.seat_of(1) is Seat.WEST


# -- Law 19: doubles and redoubles --------------------------------------------------------


def test_double_of_rhos_bid_is_permitted() -> None:
    assert Auction.of(ONE_H).double_permitted()


def test_double_of_partners_bid_is_not_permitted() -> None:
    assert not Auction.of(ONE_H, P).double_permitted()


def test_double_in_pass_out_seat_after_pass_pass_is_permitted() -> None:
    assert Auction.of(ONE_H, P, P).double_permitted()


def test_double_with_no_bid_is_not_permitted() -> None:
    assert not Auction().double_permitted()
    assert not Auction.of(P, P).double_permitted()


def test_double_of_an_already_doubled_bid_is_not_permitted() -> None:
    assert not Auction.of(ONE_H, X).double_permitted()
    assert not Auction.of(ONE_H, X, P, P).double_permitted()


def test_double_after_a_redouble_is_not_permitted() -> None:
    assert not Auction.of(ONE_H, X, XX).double_permitted()


def test_double_permitted_before_a_position() -> None:
    auction = Auction.of(ONE_H, P, X)
    assert not auction.double_permitted(before=2)
    assert auction.double_permitted(before=1)


def test_redouble_of_opponents_double_is_permitted() -> None:
    assert Auction.of(ONE_H, X).redouble_permitted()


def test_redouble_after_double_pass_pass_is_permitted() -> None:
    assert Auction.of(ONE_H, X, P, P).redouble_permitted()


def test_redouble_of_partners_double_is_not_permitted() -> None:
    assert not Auction.of(ONE_H, X, P).redouble_permitted()


def test_redouble_without_a_double_is_not_permitted() -> None:
    assert not Auction.of(ONE_H).redouble_permitted()
    assert not Auction.of(ONE_H, X, XX).redouble_permitted()


# -- Law 22: end of the auction ----------------------------------------------------------


def test_three_passes_after_a_bid_end_the_auction() -> None:
    assert Auction.of(ONE_H, P, P, P).is_over()


def test_two_passes_after_a_bid_do_not_end_the_auction() -> None:
    assert not Auction.of(ONE_H, P, P).is_over()


def test_three_passes_after_a_double_end_the_auction() -> None:
    assert Auction.of(ONE_H, X, P, P, P).is_over()


def test_three_passes_at_the_start_do_not_end_the_auction() -> None:
    auction = Auction.of(P, P, P)
    assert not auction.is_over()
    assert not auction.is_passed_out()


def test_fourth_hand_can_open_after_three_passes() -> None:
    assert not Auction.of(P, P, P, ONE_S).is_over()


def test_four_passes_pass_the_board_out() -> None:
    auction = Auction.of(P, P, P, P)
    assert auction.is_over()
    assert auction.is_passed_out()
    assert auction.final_contract() is None


def test_is_over_before_a_position() -> None:
    auction = Auction.of(ONE_H, P, P, P)
    assert not auction.is_over(before=3)
    assert auction.is_over(before=4)


def test_anyone_has_bid() -> None:
    assert not Auction().anyone_has_bid()
    assert not Auction.of(P, P).anyone_has_bid()
    assert Auction.of(P, ONE_C).anyone_has_bid()
    assert not Auction.of(P, ONE_C).anyone_has_bid(before=1)


def test_final_contract_is_the_last_bid_once_over() -> None:
    assert Auction.of(ONE_H, P, TWO_H, P, P, P).final_contract() == TWO_H


def test_final_contract_is_none_while_bidding_continues() -> None:
    assert Auction.of(ONE_H, P, TWO_H, P, P).final_contract() is None


def test_last_bid_skips_passes_and_doubles() -> None:
    assert Auction.of(ONE_H, X, XX, P).last_bid() == ONE_H


# -- irregularities ----------------------------------------------------------------------------


def test_regular_auction_has_no_irregularities() -> None:
    assert parse_auction("N 1H E X S XX W P N P E P").irregularities() == []


def test_insufficient_bid_is_found() -> None:
    assert kinds(parse_auction("1NT 1S")) == [("insufficient_bid", 1)]


def test_call_out_of_rotation_is_found_when_seats_are_written() -> None:
    assert kinds(parse_auction("N 1NT S 2S")) == [("call_out_of_rotation", 1)]


def test_out_of_rotation_is_not_found_without_seats() -> None:
    assert kinds(parse_auction("1NT 2S")) == []


def test_double_of_partners_bid_is_inadmissible() -> None:
    assert kinds(parse_auction("1NT P X")) == [("inadmissible_double", 2)]


def test_redouble_of_partners_double_is_inadmissible() -> None:
    assert kinds(parse_auction("1NT X P XX")) == [("inadmissible_double", 3)]


def test_double_with_no_bid_is_inadmissible() -> None:
    assert kinds(parse_auction("P X")) == [("inadmissible_double", 1)]


def test_call_after_the_final_pass_is_found() -> None:
    assert kinds(parse_auction("1NT P P P 2S")) == [("call_after_final_pass", 4)]


def test_call_after_a_pass_out_is_found() -> None:
    assert kinds(parse_auction("P P P P 1S")) == [("call_after_final_pass", 4)]


def test_irregularities_are_listed_in_order_made() -> None:
    found = kinds(parse_auction("1NT 1S P X"))
    assert found == [("insufficient_bid", 1), ("inadmissible_double", 3)]


# -- find_mentions ------------------------------------------------------------------------------

STORY = "North 1NT, East pulls 1♠ meaning 1♥"


def test_find_mentions_finds_every_call_in_order() -> None:
    calls: list[Call] = [m.call for m in find_mentions(STORY)]
    assert calls == [ONE_NT, ONE_S, ONE_H]


def test_find_mentions_attaches_the_seat_named_before_the_call() -> None:
    seats = [m.seat for m in find_mentions(STORY)]
    assert seats == [Seat.NORTH, Seat.EAST, None]


def test_find_mentions_spans_cover_just_the_call() -> None:
    spans = [STORY[m.start : m.end] for m in find_mentions(STORY)]
    assert spans == ["1NT", "1♠", "1♥"]


def test_find_mentions_reads_pass_and_double_words() -> None:
    calls: list[Call] = [m.call for m in find_mentions("South passed, then West said double")]
    assert calls == [X]


def test_find_mentions_ignores_prose_words_that_look_like_calls() -> None:
    assert find_mentions("the player was passed a note") == []


def test_lhos_call_after_a_call_out_of_rotation_is_not_itself_out_of_rotation() -> None:
    # South calls out of rotation; West (South's LHO) calls next, accepting it (Law 29A).
    # Judged "as if earlier irregular calls had stood", only South's call is irregular.
    assert kinds(parse_auction("N 1H S 1S W P")) == [("call_out_of_rotation", 1)]


def test_same_player_calling_twice_in_succession_is_out_of_rotation() -> None:
    # If South's 1♠ stood, West is next; South calling again cannot be in rotation.
    found = kinds(parse_auction("N P S 1S S X"))
    assert ("call_out_of_rotation", 2) in found


def test_double_legality_uses_written_seats_after_a_call_out_of_rotation() -> None:
    # South's pass (out of rotation) stands, so West is next; West doubles North's 1♥.
    # North is West's LHO, an opponent, with only a pass since: Law 19A1 allows it.
    assert kinds(parse_auction("N 1H S P W X")) == [("call_out_of_rotation", 1)]
