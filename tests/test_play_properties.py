"""Properties of the play model (bot/core/play.py): cards, seats, roles and tricks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.calls import Denomination, Seat
from bot.core.play import (
    CARD_FORMS,
    SUITS,
    Card,
    CardForm,
    PlayRecord,
    Table,
    Trick,
    find_cards,
    format_card,
    full_deck,
    parse_card,
    relative_seat,
    role_of_relation,
)

cards = st.sampled_from(full_deck())
seats = st.sampled_from(list(Seat))
strains = st.sampled_from(list(Denomination))


@given(cards, st.sampled_from(CARD_FORMS), st.sampled_from(["lower", "upper", "same"]))
def test_every_card_in_every_form_reads_back(card: Card, form: CardForm, case: str) -> None:
    written = format_card(card, form)
    written = {"lower": written.lower(), "upper": written.upper(), "same": written}[case]
    assert parse_card(written) == card


@given(cards, st.sampled_from(CARD_FORMS))
def test_a_card_in_a_sentence_is_found_once(card: Card, form: CardForm) -> None:
    written = format_card(card, form)
    if form in ("letter_after",) and card.rank is not None and card.rank < 8:
        return  # "4S" in prose is a bid, not a card
    found = find_cards(f"then declarer played {written}, and the director was called")
    assert [m.card for m in found] == [card]


@given(cards)
def test_honours_are_ace_to_ten(card: Card) -> None:
    assert card.is_honour is (card.rank is not None and card.rank >= 10)


@pytest.mark.parametrize(
    ("typed", "suit", "honour"),
    [
        ("small club", Denomination.CLUBS, False),
        ("a low heart", Denomination.HEARTS, False),
        ("an honour", None, True),
        ("a spade honour", Denomination.SPADES, True),
    ],
)
def test_half_described_cards_keep_what_is_unknown(
    typed: str, suit: Denomination | None, honour: bool
) -> None:
    card = parse_card(typed)
    assert (card.suit, card.rank, card.is_honour) == (suit, None, honour)


@given(seats)
def test_roles_are_a_partition(declarer: Seat) -> None:
    table = Table(declarer)
    roles = table.roles()
    assert sorted(roles.values()) == ["declarer", "defender", "defender", "dummy"]
    assert table.dummy is declarer.partner and roles[table.dummy] == "dummy"
    assert table.opening_leader is declarer.lho and roles[table.opening_leader] == "defender"
    assert set(table.defenders) == {declarer.lho, declarer.rho}


@given(seats, st.sampled_from(["self", "lho", "partner", "rho"]))
def test_relative_seats_and_roles_agree(declarer: Seat, relation: str) -> None:
    """A relation from declarer or dummy always names the same role the table gives."""
    table = Table(declarer)
    for speaker in (table.declarer, table.dummy):
        role = table.role(speaker)
        named = relative_seat(speaker, relation)  # type: ignore[arg-type]
        assert role_of_relation(role, relation) == table.role(named)  # type: ignore[arg-type]
    # a defender's partner is a defender; his LHO depends on which defender he is
    assert role_of_relation("defender", "partner") == "defender"
    assert role_of_relation("defender", "lho") is None


def _deal(seed: list[int]) -> list[list[Card]]:
    """Four hands of 13 from a shuffled deck (hypothesis gives the permutation)."""
    deck = list(full_deck())
    order = [deck[i] for i in seed]
    return [order[i * 13 : (i + 1) * 13] for i in range(4)]


@given(seats, strains, st.permutations(list(range(52))), st.data())
def test_whole_deal_turns_and_leaders(
    declarer: Seat, trumps: Denomination, seed: list[int], data: st.DataObject
) -> None:
    hands = {seat: hand for seat, hand in zip(list(Seat), _deal(seed), strict=True)}
    record = PlayRecord(declarer, trumps)
    assert record.to_play() is declarer.lho  # the opening lead
    for _ in range(52):
        seat = record.to_play()
        assert seat is not None
        trick = record.tricks[-1] if record.tricks and not record.tricks[-1].complete else None
        led = trick.suit_led if trick else None
        legal = [c for c in hands[seat] if c.suit is led] or hands[seat]
        card = data.draw(st.sampled_from(legal))
        hands[seat].remove(card)
        record = record.play(card)
    assert record.to_play() is None and len(record.tricks) == 13
    for number, trick in enumerate(record.tricks, start=1):
        # four different seats, in clockwise rotation from the leader
        assert len(set(trick.seats)) == 4
        assert all(b is a.lho for a, b in zip(trick.seats, trick.seats[1:], strict=False))
        assert record.leader_of(number) is trick.leader
        if number < 13:
            assert record.tricks[number].leader is trick.winner(trumps)
    total = record.tricks_won([declarer, declarer.partner]) + record.tricks_won(
        [declarer.lho, declarer.rho]
    )
    assert total == 13


@given(seats, st.sampled_from(SUITS))
def test_a_trump_beats_any_card_of_the_suit_led(leader: Seat, trumps: Denomination) -> None:
    led = next(s for s in SUITS if s is not trumps)
    trick = Trick(
        leader,
        (Card(led, 14), Card(trumps, 2), Card(led, 13), Card(led, 12)),
    )
    assert trick.winner(trumps) is leader.lho
    assert trick.winner(Denomination.NOTRUMP) is leader


def test_a_discard_never_wins() -> None:
    trick = Trick(
        Seat.NORTH,
        (
            Card(Denomination.HEARTS, 2),
            Card(Denomination.SPADES, 14),
            Card(Denomination.HEARTS, 3),
            Card(Denomination.CLUBS, 14),
        ),
    )
    assert trick.winner(Denomination.DIAMONDS) is Seat.SOUTH
    assert trick.to_play is None and Trick(Seat.WEST).to_play is Seat.WEST
