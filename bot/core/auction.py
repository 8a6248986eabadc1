"""The auction as it happened at the table, and the facts the Laws ask of it.

An :class:`Auction` records calls in the order they were made. Seats are
optional: without them the calls are taken to be in rotation, so "the next
call" is the caller's LHO. With a dealer, seats follow from rotation.
The derived facts (sufficiency, whose turn, Law 19 legality, Law 22 end)
are what rulings need and what the dialogue fills in without asking.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from bot.core.calls import (
    BID_PATTERN,
    SIMPLE_PATTERN,
    Bid,
    Call,
    Denomination,
    Seat,
    Simple,
    bid_from_match,
    render_call,
    simple_from_word,
)
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Entry:
    """One call as made, with the seat that made it when that is known."""

    call: Call
    seat: Seat | None = None


@dataclass(frozen=True)
class Auction:
    """Calls in the order they were made (possibly irregular)."""

    entries: tuple[Entry, ...] = ()
    dealer: Seat | None = None

    # -- construction -----------------------------------------------------
    @classmethod
    def of(cls, *calls: Call, dealer: Seat | None = None) -> Auction:
        """An auction in rotation from ``dealer`` (seats filled in when known)."""
        entries = tuple(
            Entry(call, dealer.offset(i) if dealer else None) for i, call in enumerate(calls)
        )
        return cls(entries, dealer)

    def then(self, call: Call, seat: Seat | None = None) -> Auction:
        """This auction with one more call (seat defaults to the player in turn)."""
        if seat is None and self.dealer is not None:
            seat = self.seat_in_turn()
        return Auction((*self.entries, Entry(call, seat)), self.dealer)

    @cached_property
    def calls(self) -> tuple[Call, ...]:
        return tuple(e.call for e in self.entries)

    @cached_property
    def _last_bids(self) -> tuple[Bid | None, ...]:
        """The last bid before each position (0..len): one pass, so a long pasted auction
        is checked in time linear in its length."""
        out: list[Bid | None] = [None]
        for call in self.calls:
            out.append(call if isinstance(call, Bid) else out[-1])
        return tuple(out)

    @cached_property
    def _over(self) -> tuple[bool, ...]:
        """Whether the auction had ended before each position (0..len), Law 22."""
        out: list[bool] = []
        passes = 0
        four_passes = True
        for count, call in enumerate((*self.calls, None)):
            bid = self._last_bids[count] is not None
            out.append(count >= 4 and (four_passes or (bid and passes >= 3)))
            if call is None:
                break
            if count < 4 and call is not Simple.PASS:
                four_passes = False
            passes = passes + 1 if call is Simple.PASS else 0
        return tuple(out)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    # -- derived facts ----------------------------------------------------
    def last_bid(self, before: int | None = None) -> Bid | None:
        """The last bid made before position ``before`` (default: the end)."""
        return self._last_bids[_clamp(before, len(self))]

    def anyone_has_bid(self, before: int | None = None) -> bool:
        return self.last_bid(before) is not None

    def is_insufficient(self, bid: Bid, before: int | None = None) -> bool:
        """Law 18D: a bid that does not supersede the last preceding bid."""
        last = self.last_bid(before)
        return last is not None and not bid.supersedes(last)

    def lowest_sufficient(
        self, denomination: Denomination, before: int | None = None
    ) -> Bid | None:
        """Lowest legal bid in ``denomination`` (None when even seven is too low)."""
        last = self.last_bid(before)
        for level in range(1, 8):
            bid = Bid(level, denomination)
            if last is None or bid.supersedes(last):
                return bid
        return None

    def seat_in_turn(self, position: int | None = None) -> Seat | None:
        """Whose turn it was at ``position`` (Law 17B, 17C).

        The dealer calls first; after that it is the turn of the player on the
        left of whoever made the previous call, so a call out of rotation that
        was let stand moves the rotation on from the player who made it.
        """
        position = len(self) if position is None else position
        last = min(position, len(self)) - 1
        if last >= 0:
            previous = self.entries[last].seat
            if previous is not None:
                return previous.offset(position - last)
        if self.dealer is None:
            return None
        return self.dealer.offset(position)

    def seat_of(self, position: int) -> Seat | None:
        entry = self.entries[position]
        return entry.seat if entry.seat is not None else self.seat_in_turn(position)

    def double_permitted(self, before: int | None = None) -> bool:
        """Law 19A1: only the last bid, made by an opponent, with only passes since.

        Without seats the calls are taken to be in rotation, so the bid was an
        opponent's when an odd number of calls separate it from the doubler.
        """
        return self._last_non_pass_is(Bid, before)

    def redouble_permitted(self, before: int | None = None) -> bool:
        """Law 19B1: only the last double, made by an opponent, with only passes since."""
        return self._last_non_pass_is(Simple.DOUBLE, before)

    def _last_non_pass_is(self, kind: type[Bid] | Simple, before: int | None) -> bool:
        """Law 19: the last call other than pass is of ``kind`` and an opponent's.

        With seats known, "an opponent's" is read from the seats; without
        them the calls are in rotation, so an odd distance means an opponent.
        """
        end = len(self) if before is None else before
        caller = self.entries[end].seat if end < len(self) else None
        caller = caller or self.seat_in_turn(end)
        for distance, position in enumerate(range(end - 1, -1, -1), start=1):
            call = self.calls[position]
            if call is Simple.PASS:
                continue
            matches = isinstance(call, Bid) if kind is Bid else call is kind
            maker = self.seat_of(position)
            if caller is not None and maker is not None:
                return matches and caller.relation_to(maker) in ("lho", "rho")
            return matches and distance % 2 == 1
        return False

    def is_over(self, before: int | None = None) -> bool:
        """Law 22: three passes after a bid (22A), or four passes (22B)."""
        return self._over[_clamp(before, len(self))]

    def is_passed_out(self) -> bool:
        """Law 22B: all four players passed, so the board is not played."""
        return len(self) >= 4 and all(c is Simple.PASS for c in self.calls[:4])

    def final_contract(self) -> Bid | None:
        return self.last_bid() if self.is_over() else None

    def irregularities(self) -> list[Irregularity]:
        """Each call that breaks a rule of the auction, in order made.

        Later calls are judged as if earlier irregular calls had stood, which
        is what the table sees when a director is called late.
        """
        found: list[Irregularity] = []
        for position, entry in enumerate(self.entries):
            kind = self._irregularity_at(position, entry)
            if kind:
                found.append(Irregularity(kind, position))
        return found

    def _irregularity_at(self, position: int, entry: Entry) -> str | None:
        if self.is_over(position):
            return "call_after_final_pass"
        in_turn = self.seat_in_turn(position)
        if entry.seat is not None and in_turn is not None and entry.seat is not in_turn:
            return "call_out_of_rotation"
        call = entry.call
        if isinstance(call, Bid):
            return "insufficient_bid" if self.is_insufficient(call, position) else None
        if call is Simple.DOUBLE and not self.double_permitted(position):
            return "inadmissible_double"
        if call is Simple.REDOUBLE and not self.redouble_permitted(position):
            return "inadmissible_double"
        return None


def _clamp(before: int | None, length: int) -> int:
    """A 'before' position as slicing reads it: None is the end, negatives count back."""
    if before is None:
        return length
    if before < 0:
        return max(0, length + before)
    return min(before, length)


@dataclass(frozen=True)
class Irregularity:
    kind: str
    position: int


# -- text form ------------------------------------------------------------

_SEAT_WORD = r"(?P<seat>north|east|south|west|[nesw])"
_CALL_TOKEN = rf"(?:{BID_PATTERN}|(?P<simple>{SIMPLE_PATTERN}))"
_TOKEN_RE = lazy_pattern(
    rf"(?<![\w♣♦♥♠])(?:{_SEAT_WORD}\s*[:=]?\s+)?\(?\s*{_CALL_TOKEN}\s*\)?(?![\w♣♦♥♠])",
    re.IGNORECASE,
)
_SEPARATORS = lazy_pattern(r"^[\s,;\-–—/|.]*$")


def render_auction(auction: Auction) -> str:
    """``N 1NT E 1♠`` when seats are known, else ``1NT 1♠``."""
    parts = []
    for entry in auction:
        text = render_call(entry.call)
        parts.append(f"{entry.seat.value} {text}" if entry.seat else text)
    return " ".join(parts)


def parse_auction(text: str, dealer: Seat | None = None) -> Auction:
    """Read a whole auction: ``N 1NT E 1S``, ``1NT (1S)``, ``1NT - 1S`` or ``1NT 1S``.

    Parentheses and dashes are layout only. When no seats are written and a
    dealer is given, seats follow rotation from the dealer. Raises ValueError
    naming the part that could not be read.
    """
    entries: list[Entry] = []
    cursor = 0
    for match in _TOKEN_RE.finditer(text):
        gap = text[cursor : match.start()]
        if not _SEPARATORS.match(gap.replace("(", "").replace(")", "")):
            raise ValueError(f"I can't read {gap.strip()!r} in that auction")
        cursor = match.end()
        entries.append(Entry(_call_from(match), _seat_from(match)))
    rest = text[cursor:]
    if not _SEPARATORS.match(rest.replace("(", "").replace(")", "")):
        raise ValueError(f"I can't read {rest.strip()!r} in that auction")
    if not entries:
        raise ValueError("I found no calls in that auction")
    written_seats = [e.seat for e in entries if e.seat is not None]
    if written_seats and len(written_seats) != len(entries):
        raise ValueError("give a seat for every call, or for none")
    if not written_seats and dealer is not None:
        return Auction.of(*(e.call for e in entries), dealer=dealer)
    if written_seats and dealer is None:
        dealer = _dealer_from_seats(entries)
    return Auction(tuple(entries), dealer)


def _dealer_from_seats(entries: list[Entry]) -> Seat | None:
    """Without a stated dealer, the first player written is taken to have dealt."""
    return entries[0].seat


def _call_from(match: re.Match[str]) -> Call:
    if match.group("simple"):
        return simple_from_word(match.group("simple"))
    return bid_from_match(match)


def _seat_from(match: re.Match[str]) -> Seat | None:
    word = match.group("seat")
    return Seat.parse(word) if word else None


@dataclass
class Mention:
    """A call named in a free-text description, with the seat named just before it."""

    call: Call
    seat: Seat | None
    start: int
    end: int
    tags: set[str] = field(default_factory=set)


_MENTION_RE = lazy_pattern(
    rf"(?<![\w♣♦♥♠])(?:(?P<who>north|east|south|west|[nesw])\b[^,.;\d♣♦♥♠]{{0,30}}?)?"
    rf"(?<![\w♣♦♥♠]){_CALL_TOKEN}(?![\w♣♦♥♠])",
    re.IGNORECASE,
)


def find_mentions(text: str) -> list[Mention]:
    """Calls named anywhere in a description ("North 1NT, East pulls 1♠ meaning 1♥").

    Only bids, ``pass``/``no bid``, ``double``/``redouble`` and ``x``/``xx`` count;
    a lone ``p`` or ``n`` in prose is too ambiguous to treat as a call.
    """
    mentions: list[Mention] = []
    for match in _MENTION_RE.finditer(text):
        simple = match.group("simple")
        if simple and simple.lower() in {"p", "nb", "passed", "doubled", "redoubled"}:
            continue
        call = _call_from(match)
        who = match.group("who")
        seat = Seat.parse(who) if who and (len(who) > 1 or who.isupper()) else None
        start = match.start("simple") if simple else match.start("level")
        mentions.append(Mention(call, seat, start, match.end()))
    return mentions
