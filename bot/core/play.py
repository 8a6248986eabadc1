"""The play of a hand: cards, the contract, who is declarer, dummy and the defenders, and tricks.

Cards are read in every way players write them (``SQ``, ``Q♠``, ``S10``, ``♠T``, ``queen of
spades``, ``the spade queen``, ``four of clubs``) and also half-described (``a small club``,
``an honour``): what was not said stays unknown, never guessed. Seats and calls come from
:mod:`bot.core.calls`; relations to a speaker ("my LHO", "pd") use
:func:`bot.dialogue.story.relation_seat`'s offsets. Nothing here does I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from bot.core.auction import Auction, parse_auction
from bot.core.calls import (
    BID_PATTERN,
    Bid,
    Denomination,
    Seat,
    Simple,
    bid_from_match,
)
from bot.lazy import lazy_pattern

Role = Literal["declarer", "dummy", "defender"]
RankClass = Literal["honour", "spot"]
Relation = Literal["self", "lho", "partner", "rho"]

SUITS: tuple[Denomination, ...] = (
    Denomination.CLUBS,
    Denomination.DIAMONDS,
    Denomination.HEARTS,
    Denomination.SPADES,
)
RANKS: tuple[int, ...] = tuple(range(2, 15))
"""2 … 10, then J = 11, Q = 12, K = 13, A = 14."""
LOWEST_HONOUR = 10
"""Law 50B: a card below the rank of an honour (the ten) is a minor penalty card."""
TRICKS_PER_DEAL = 13
BOOK = 6

_RANK_LETTER = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORD = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_SUIT_LETTER = {d: "CDHS"[d] for d in SUITS}
_SUIT_SINGULAR = {d: ("club", "diamond", "heart", "spade")[d] for d in SUITS}

_RANK_TOKENS: dict[str, int] = {}
for _rank in RANKS:
    _RANK_TOKENS[str(_rank)] = _rank
    _RANK_TOKENS[_RANK_WORD[_rank]] = _rank
for _rank, _letter in _RANK_LETTER.items():
    _RANK_TOKENS[_letter.lower()] = _rank
_RANK_TOKENS.update({"t": 10, "knave": 11})

_SUIT_TOKENS: dict[str, Denomination] = {}
for _suit in SUITS:
    _SUIT_TOKENS[_SUIT_LETTER[_suit].lower()] = _suit
    _SUIT_TOKENS["♣♦♥♠"[_suit]] = _suit
    _SUIT_TOKENS["♧♢♡♤"[_suit]] = _suit
    _SUIT_TOKENS[_SUIT_SINGULAR[_suit]] = _suit
    _SUIT_TOKENS[_SUIT_SINGULAR[_suit] + "s"] = _suit


# -- cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A card as far as it was described: suit and rank when said, else None.

    ``rank_class`` records "a small club" (spot) or "an honour" when the exact rank is not
    given; with an exact rank it always agrees with the rank.
    """

    suit: Denomination | None
    rank: int | None
    rank_class: RankClass | None = None

    def __post_init__(self) -> None:
        if self.suit is not None and not self.suit.is_suit:
            raise ValueError("a card's suit cannot be notrump")
        if self.rank is not None:
            if self.rank not in RANKS:
                raise ValueError(f"no card has rank {self.rank}")
            object.__setattr__(self, "rank_class", _class_of(self.rank))

    @property
    def exact(self) -> bool:
        return self.suit is not None and self.rank is not None

    @property
    def is_honour(self) -> bool | None:
        """A, K, Q, J or 10 (Law 50B); None when the description did not say."""
        if self.rank_class is None:
            return None
        return self.rank_class == "honour"

    def __str__(self) -> str:
        return format_card(self)


def _class_of(rank: int) -> RankClass:
    return "honour" if rank >= LOWEST_HONOUR else "spot"


def is_honour(card: Card) -> bool | None:
    return card.is_honour


def full_deck() -> tuple[Card, ...]:
    return tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)


CardForm = Literal[
    "symbol",  # ♠Q
    "symbol_after",  # Q♠
    "letter",  # SQ
    "letter_after",  # QS
    "letter_t",  # ST (ten as T)
    "symbol_t",  # ♠T
    "words",  # queen of spades
    "the_words",  # the queen of spades
    "suit_rank",  # spade queen
    "the_suit_rank",  # the spade queen
]
CARD_FORMS: tuple[CardForm, ...] = (
    "symbol",
    "symbol_after",
    "letter",
    "letter_after",
    "letter_t",
    "symbol_t",
    "words",
    "the_words",
    "suit_rank",
    "the_suit_rank",
)


def format_card(card: Card, form: CardForm = "symbol") -> str:
    """A card written in one of the common forms (``symbol``, ♠Q, is the canonical one)."""
    if not card.exact:
        return _describe_partial(card)
    assert card.suit is not None and card.rank is not None
    rank = _RANK_LETTER.get(card.rank, str(card.rank))
    if form in ("letter_t", "symbol_t") and card.rank == 10:
        rank = "T"
    symbol, letter = "♣♦♥♠"[card.suit], _SUIT_LETTER[card.suit]
    word, suit_word = _RANK_WORD[card.rank], _SUIT_SINGULAR[card.suit]
    return {
        "symbol": f"{symbol}{rank}",
        "symbol_after": f"{rank}{symbol}",
        "letter": f"{letter}{rank}",
        "letter_after": f"{rank}{letter}",
        "letter_t": f"{letter}{rank}",
        "symbol_t": f"{symbol}{rank}",
        "words": f"{word} of {suit_word}s",
        "the_words": f"the {word} of {suit_word}s",
        "suit_rank": f"{suit_word} {word}",
        "the_suit_rank": f"the {suit_word} {word}",
    }[form]


def _describe_partial(card: Card) -> str:
    if card.suit is None:
        return {"honour": "an honour", "spot": "a spot card", None: "a card"}[card.rank_class]
    suit = _SUIT_SINGULAR[card.suit]
    if card.rank_class == "spot":
        return f"a small {suit}"
    if card.rank_class == "honour":
        return f"a {suit} honour"
    return f"a {suit}"


_SUIT_WORDS = r"clubs?|diamonds?|hearts?|spades?"
_RANK_WORDS = "|".join(sorted({w for w in _RANK_TOKENS if len(w) > 2}, key=lambda w: (-len(w), w)))
"""Longest first; alphabetical among equals, so the pattern's source is the same in every
process (its compiled code is kept between processes by source: bot/lazy.py)."""
_SYMBOL = "♣♦♥♠♧♢♡♤"
_SMALL = r"small|low|little|low-?ish|spot|x"

_EXACT_PATTERNS: tuple[re.Pattern[str], ...] = (
    lazy_pattern(rf"^(?P<suit>[{_SYMBOL}])\s*(?P<rank>10|[2-9]|[akqjt])$", re.I),
    lazy_pattern(rf"^(?P<rank>10|[2-9]|[akqjt])\s*(?P<suit>[{_SYMBOL}])$", re.I),
    lazy_pattern(r"^(?P<suit>[cdhs])(?P<rank>10|[2-9]|[akqjt])$", re.I),
    lazy_pattern(r"^(?P<rank>10|[2-9]|[akqjt])(?P<suit>[cdhs])$", re.I),
    lazy_pattern(
        rf"^(?:the\s+|a\s+|an\s+)?(?P<rank>{_RANK_WORDS}|10|[2-9]|[akqj])\s+of\s+"
        rf"(?P<suit>{_SUIT_WORDS})$",
        re.I,
    ),
    lazy_pattern(
        rf"^(?:the\s+|a\s+|an\s+)?(?P<suit>{_SUIT_WORDS})\s+(?P<rank>{_RANK_WORDS}|10|[2-9]|[akqj])$",
        re.I,
    ),
)
_PARTIAL_PATTERNS: tuple[tuple[re.Pattern[str], RankClass | None], ...] = (
    (lazy_pattern(rf"^(?:an?\s+|the\s+)?(?:{_SMALL})\s+(?P<suit>{_SUIT_WORDS})$", re.I), "spot"),
    (
        lazy_pattern(rf"^(?:an?\s+|the\s+)?(?P<suit>{_SUIT_WORDS})\s+(?:spot|spot card)$", re.I),
        "spot",
    ),
    (lazy_pattern(rf"^(?:an?\s+|the\s+)?(?P<suit>{_SUIT_WORDS})\s+hono(?:u)?r$", re.I), "honour"),
    (lazy_pattern(r"^(?:an?\s+|the\s+)?hono(?:u)?r(?:\s+card)?$", re.I), "honour"),
    (lazy_pattern(r"^(?:an?\s+|the\s+)?(?:small|low|spot)\s+card$", re.I), "spot"),
    (lazy_pattern(r"^(?:an?\s+|the\s+)?(?P<suit>club|diamond|heart|spade)$", re.I), None),
)


def parse_card(text: str) -> Card:
    """One card as typed; raises ValueError with a friendly reason."""
    key = " ".join(text.strip().replace("’", "'").split())
    for pattern in _EXACT_PATTERNS:
        match = pattern.match(key)
        if match:
            return Card(_suit_of(match.group("suit")), _RANK_TOKENS[match.group("rank").lower()])
    for pattern, rank_class in _PARTIAL_PATTERNS:
        match = pattern.match(key)
        if match:
            suit_text = match.groupdict().get("suit")
            suit = _suit_of(suit_text) if suit_text else None
            return Card(suit, None, rank_class)
    raise ValueError(
        f"I can't read {text.strip()!r} as a card (try SQ, Q♠, S10, queen of spades, a small club)"
    )


def _suit_of(token: str) -> Denomination:
    key = token.lower()
    return _SUIT_TOKENS[key if key in _SUIT_TOKENS else key.rstrip("s")]


@dataclass(frozen=True)
class CardMention:
    card: Card
    start: int
    end: int
    words: str


_PROSE_CARD_RE = lazy_pattern(
    # ♠Q, Q♠, ♠10, 10♠, ♠T
    rf"(?<![\w{_SYMBOL}])(?:(?P<s1>[{_SYMBOL}])\s?(?P<r1>10|[2-9AKQJTakqjt])"
    rf"|(?P<r2>10|[2-9AKQJTakqjt])\s?(?P<s2>[{_SYMBOL}]))(?![\w{_SYMBOL}])"
    # SQ, S10, ST (capitals only: 'as', 'ha' are words), QS, KH, TS, 10S (not 1-7 + suit: a bid;
    # not TD, the tournament director of every director's note: the ten is DT, D10 or ♦10)
    r"|(?<![\w'])(?-i:(?P<s3>[CDHS])(?P<r3>10|[2-9AKQJT])|(?!TD(?![\w']))(?P<r4>10|[89AKQJT])"
    r"(?P<s4>[CDHS]))"
    r"(?![\w'])"
    # hQ, sK, d10: a small suit letter and a capital honour, as phones type them
    r"|(?<![\w'])(?-i:(?P<s10>[cdhs])(?P<r10>10|[AKQJT]))(?![\w'])"
    # the 7C: a low card after 'the', where a bid would be 'the 7C bid' or have no article
    r"|(?<=\bthe )(?-i:(?P<r9>[2-7])(?P<s9>[CDHScdhs]))(?![\w'])"
    r"(?!\s+(?:bid|contract|call|opening|overcall|response|rebid|doubled|redoubled|by)\b)"
    # queen of spades, 4 of clubs
    rf"|(?<![\w'])(?P<r5>{_RANK_WORDS}|10|[2-9])\s+of\s+(?P<s5>{_SUIT_WORDS})(?![\w'])"
    # spade queen, club four
    rf"|(?<![\w'])(?P<s6>club|diamond|heart|spade)\s+(?P<r6>{_RANK_WORDS})(?![\w'])"
    # a small club, a low heart
    rf"|(?<![\w'])(?P<small>{_SMALL})\s+(?P<s7>club|diamond|heart|spade)s?(?![\w'])"
    # a spade honour, an honour
    r"|(?<![\w'])(?:(?P<s8>club|diamond|heart|spade)\s+)?(?P<honour>hono(?:u)?r)(?![\w'])",
    re.IGNORECASE,
)


def find_cards(text: str) -> list[CardMention]:
    """Cards named in free text, in the order typed. Letter forms count only in capitals
    ("SQ", "KH"); a digit with a suit letter counts only from 8 up ("4S" is a bid), or after
    "the" when no bidding word follows ("dropped the 7C")."""
    return list(_cards_in(text))


@lru_cache(maxsize=16)
def _cards_in(text: str) -> tuple[CardMention, ...]:
    """``find_cards``, kept for the last few texts: the story, the play and the facts each
    look for the cards of the same description, and the search is one of the dearest."""
    found: list[CardMention] = []
    for match in _PROSE_CARD_RE.finditer(text):
        groups = match.groupdict()
        words = match.group(0)
        card: Card | None = None
        for n in (1, 2, 3, 4, 5, 6, 9, 10):
            if groups.get(f"s{n}") and groups.get(f"r{n}"):
                card = Card(_suit_of(groups[f"s{n}"]), _RANK_TOKENS[groups[f"r{n}"].lower()])
                break
        if card is None and groups.get("small"):
            if groups["small"].lower() == "x":
                continue
            card = Card(_suit_of(groups["s7"]), None, "spot")
        if card is None and groups.get("honour"):
            suit = _suit_of(groups["s8"]) if groups.get("s8") else None
            card = Card(suit, None, "honour")
        if card is not None:
            found.append(CardMention(card, match.start(), match.end(), words))
    return tuple(found)


# -- the contract ---------------------------------------------------------------------------

Doubling = Literal[0, 1, 2]
"""0: undoubled, 1: doubled, 2: redoubled."""


@dataclass(frozen=True)
class Contract:
    bid: Bid
    doubled: Doubling = 0
    declarer: Seat | None = None

    @property
    def level(self) -> int:
        return self.bid.level

    @property
    def strain(self) -> Denomination:
        return self.bid.denomination

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.bid.level

    def table(self) -> Table | None:
        return Table(self.declarer) if self.declarer is not None else None

    def __str__(self) -> str:
        return format_contract(self)


def format_contract(contract: Contract, *, words: bool = False) -> str:
    """``4♠X by N``; with ``words``: ``4♠ doubled by North``."""
    if words:
        doubling = ("", " doubled", " redoubled")[contract.doubled]
        seat = f" by {contract.declarer.title}" if contract.declarer else ""
        return f"{contract.bid}{doubling}{seat}"
    doubling = ("", "X", "XX")[contract.doubled]
    seat = f" by {contract.declarer.value}" if contract.declarer else ""
    return f"{contract.bid}{doubling}{seat}"


_DOUBLING_WORDS = (
    r"xx|x|\*\*|\*|dbl|rdbl|redbl|redoubled|doubled|redouble|double|re-doubled|dbld|rdbld"
)
_SEAT = r"north|east|south|west|[nesw]"
CONTRACT_PATTERN = (
    rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?:\s*(?P<doubling>{_DOUBLING_WORDS}))?"
    rf"(?:\s*,?\s*(?:(?:played\s+)?by\s+|declarer\s+|-\s*)?(?P<declarer>{_SEAT}))?(?![\w♣♦♥♠])"
)
CONTRACT_BY_PATTERN = (
    rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?:\s*(?P<doubling>{_DOUBLING_WORDS}))?"
    rf"(?:\s*,?\s*(?:played\s+)?by\s+(?P<declarer>{_SEAT}))?(?![\w♣♦♥♠])"
)
"""A contract in prose: declarer only after 'by' ('in 4S, East led' names no declarer)."""
_CONTRACT_RE = lazy_pattern(rf"^\s*{CONTRACT_PATTERN}\s*$", re.IGNORECASE)


def _doubling_of(word: str | None) -> Doubling:
    if not word:
        return 0
    key = word.lower().replace("-", "")
    if key in ("xx", "**", "rdbl", "redbl", "redoubled", "redouble", "rdbld"):
        return 2
    return 1


def contract_from_match(match: re.Match[str]) -> Contract:
    """A contract from a match made with :data:`CONTRACT_PATTERN` (named groups)."""
    seat = match.group("declarer")
    return Contract(
        bid_from_match(match),
        _doubling_of(match.group("doubling")),
        Seat.parse(seat) if seat else None,
    )


def parse_contract(text: str) -> Contract:
    """``4S by South``, ``4♠ by S``, ``3NTx by N``, ``4HXX E``, ``3 no trump doubled by
    West``, ``6C redoubled by N``; or a whole auction typed with seats (or a dealer)."""
    key = " ".join(text.strip().split())
    match = _CONTRACT_RE.match(key)
    if match:
        return contract_from_match(match)
    try:
        auction = parse_auction(key)
    except ValueError:
        auction = None
    if auction is not None and auction.is_over() and len(auction) > 1:
        contract = contract_from_auction(auction)
        if contract is not None:
            return contract
    raise ValueError(
        f"I can't read {text.strip()!r} as a contract (try 4S by N, 3NTx by S, 6C redoubled by W)"
    )


def contract_from_auction(auction: Auction) -> Contract | None:
    """The final contract of a finished auction: the last bid, doubled or redoubled if a
    double or redouble followed it, played by the first player of the side that won the
    auction to name its strain (the declarer is None when seats are not known)."""
    if not auction.is_over() or auction.is_passed_out():
        return None
    final = auction.final_contract()
    if final is None:
        return None
    position = max(i for i, c in enumerate(auction.calls) if c == final)
    doubled: Doubling = 0
    for call in auction.calls[position + 1 :]:
        if call is Simple.DOUBLE:
            doubled = 1
        elif call is Simple.REDOUBLE:
            doubled = 2
    winner = auction.seat_of(position)
    declarer: Seat | None = None
    if winner is not None:
        for i, call in enumerate(auction.calls):
            seat = auction.seat_of(i)
            if (
                isinstance(call, Bid)
                and call.denomination is final.denomination
                and seat in (winner, winner.partner)
            ):
                declarer = seat
                break
    return Contract(final, doubled, declarer)


# -- seats and roles ------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """The four players once declarer is known (Law 41)."""

    declarer: Seat

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        """Declarer's LHO makes the opening lead (Law 41A)."""
        return self.declarer.lho

    @property
    def lho(self) -> Seat:
        return self.declarer.lho

    @property
    def rho(self) -> Seat:
        return self.declarer.rho

    @property
    def defenders(self) -> tuple[Seat, Seat]:
        return (self.declarer.lho, self.declarer.rho)

    def role(self, seat: Seat) -> Role:
        if seat is self.declarer:
            return "declarer"
        if seat is self.dummy:
            return "dummy"
        return "defender"

    def roles(self) -> dict[Seat, Role]:
        return {seat: self.role(seat) for seat in Seat}


def relative_seat(speaker: Seat, relation: Relation) -> Seat:
    """The seat of "I", "pd", "my LHO", "my RHO" for a speaker at ``speaker``."""
    from bot.dialogue.story import relation_seat

    return relation_seat(speaker, relation)


def role_of_relation(speaker_role: Role, relation: Relation) -> Role | None:
    """The role of a player named relative to a speaker whose role alone is known: a
    defender's LHO is declarer or dummy depending on which defender he is, so None."""
    if relation == "self":
        return speaker_role
    if speaker_role == "declarer":
        return "dummy" if relation == "partner" else "defender"
    if speaker_role == "dummy":
        return "declarer" if relation == "partner" else "defender"
    return "defender" if relation == "partner" else None


def seat_of_role(table: Table, role: Literal["declarer", "dummy"]) -> Seat:
    return table.declarer if role == "declarer" else table.dummy


# -- tricks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    """Cards played to one trick, in rotation from the leader (up to four)."""

    leader: Seat
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if len(self.cards) > 4:
            raise ValueError("a trick has four cards")
        if any(not c.exact for c in self.cards):
            raise ValueError("a trick is made of named cards")

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who played each card: the leader, then clockwise."""
        return tuple(self.leader.offset(i) for i in range(len(self.cards)))

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def to_play(self) -> Seat | None:
        """Whose turn it is to play to this trick (None once it is complete)."""
        return None if self.complete else self.leader.offset(len(self.cards))

    @property
    def suit_led(self) -> Denomination | None:
        return self.cards[0].suit if self.cards else None

    def winner(self, trumps: Denomination) -> Seat:
        """The highest trump, else the highest card of the suit led (Law 44)."""
        if not self.complete:
            raise ValueError("the trick is not complete")
        best = 0
        for i, card in enumerate(self.cards):
            if _beats(card, self.cards[best], self.suit_led, trumps):
                best = i
        return self.seats[best]

    def then(self, card: Card) -> Trick:
        return Trick(self.leader, (*self.cards, card))


def _beats(card: Card, best: Card, led: Denomination | None, trumps: Denomination) -> bool:
    assert card.rank is not None and best.rank is not None
    if card.suit == best.suit:
        return card.rank > best.rank
    return trumps.is_suit and card.suit is trumps


@dataclass(frozen=True)
class PlayRecord:
    """The tricks of one deal so far, in order (trick 1 first)."""

    declarer: Seat
    trumps: Denomination
    tricks: tuple[Trick, ...] = ()

    @property
    def table(self) -> Table:
        return Table(self.declarer)

    def leader_of(self, number: int) -> Seat | None:
        """Who leads to trick ``number`` (1-13): declarer's LHO to the first, then the
        winner of the trick before (Law 44D, 44G); None while that is not yet known."""
        if not 1 <= number <= TRICKS_PER_DEAL:
            raise ValueError(f"{number} is not a trick number (1-13)")
        if number == 1:
            return self.table.opening_leader
        if number - 1 > len(self.tricks) or not self.tricks[number - 2].complete:
            return None
        return self.tricks[number - 2].winner(self.trumps)

    @property
    def trick_number(self) -> int:
        """The number of the trick now being played (13 once all are complete)."""
        done = sum(1 for t in self.tricks if t.complete)
        return min(done + 1, TRICKS_PER_DEAL)

    def to_play(self) -> Seat | None:
        """Whose turn it is now (None once all thirteen tricks are complete)."""
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1].to_play
        if len(self.tricks) == TRICKS_PER_DEAL:
            return None
        return self.leader_of(len(self.tricks) + 1)

    def play(self, card: Card) -> PlayRecord:
        """This record with ``card`` played by the player in turn."""
        seat = self.to_play()
        if seat is None:
            raise ValueError("all thirteen tricks have been played")
        if self.tricks and not self.tricks[-1].complete:
            tricks = (*self.tricks[:-1], self.tricks[-1].then(card))
        else:
            tricks = (*self.tricks, Trick(seat, (card,)))
        return PlayRecord(self.declarer, self.trumps, tricks)

    def tricks_won(self, seats: Sequence[Seat]) -> int:
        return sum(1 for t in self.tricks if t.complete and t.winner(self.trumps) in seats)
