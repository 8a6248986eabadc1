"""Seats and calls: the vocabulary every bridge law is written in.

Parsing is forgiving because people type calls many ways at the table
(``1NT``, ``1♠``, ``1s``, ``one spade``, ``p``, ``no bid``, ``dbl``, ``xx``);
rendering is canonical so that parse(render(call)) == call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum

from bot.lazy import lazy_pattern


class Seat(Enum):
    """A compass seat; clockwise order N, E, S, W is the order of calling."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def index(self) -> int:
        return _SEAT_ORDER.index(self)

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEAT_ORDER[(self.index + steps) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: calls next after this seat."""
        return self.offset(1)

    @property
    def partner(self) -> Seat:
        return self.offset(2)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: calls just before this seat."""
        return self.offset(3)

    @property
    def title(self) -> str:
        return self.name.capitalize()

    def relation_to(self, other: Seat) -> str:
        """How ``other`` sits relative to this seat: self, lho, partner or rho."""
        return ("self", "lho", "partner", "rho")[(other.index - self.index) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().lower()
        for seat in cls:
            if key in (seat.value.lower(), seat.name.lower()):
                return seat
        raise ValueError(f"not a seat: {text!r}")


_SEAT_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Denomination(IntEnum):
    """Denominations in rank order (Law 18E): clubs lowest, notrump highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self] if self is not Denomination.NOTRUMP else "NT"

    @property
    def word(self) -> str:
        """Plural noun used in prose: 'hearts', 'notrump'."""
        return ("clubs", "diamonds", "hearts", "spades", "notrump")[self]

    @property
    def is_suit(self) -> bool:
        return self is not Denomination.NOTRUMP


class Simple(Enum):
    """The three calls that are not bids."""

    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"


@dataclass(frozen=True, order=True)
class Bid:
    """A bid of ``level`` odd tricks in ``denomination``; ordered by rank (Law 18B)."""

    level: int
    denomination: Denomination

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ValueError(f"a bid names 1 to 7 odd tricks, not {self.level}")

    @property
    def rank(self) -> int:
        """Position in the ladder 1♣ = 0 … 7NT = 34."""
        return (self.level - 1) * 5 + int(self.denomination)

    def supersedes(self, other: Bid) -> bool:
        """Law 18B: higher level, or same level in a higher denomination."""
        return self.rank > other.rank

    def __str__(self) -> str:
        return f"{self.level}{self.denomination.symbol}"


Call = Bid | Simple

ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, d) for level in range(1, 8) for d in Denomination)


def render_call(call: Call) -> str:
    """Canonical short form: ``1♠``, ``3NT``, ``Pass``, ``X``, ``XX``."""
    return str(call) if isinstance(call, Bid) else call.value


def describe_call(call: Call) -> str:
    """Prose form for sentences: ``1♠``, ``pass``, ``double``, ``redouble``."""
    if isinstance(call, Bid):
        return str(call)
    return {Simple.PASS: "pass", Simple.DOUBLE: "double", Simple.REDOUBLE: "redouble"}[call]


_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}

_DENOMINATION_WORDS: dict[str, Denomination] = {}
for _denomination, _spellings in {
    Denomination.CLUBS: ("c", "♣", "club", "clubs"),
    Denomination.DIAMONDS: ("d", "♦", "diamond", "diamonds", "dia", "diam"),
    Denomination.HEARTS: ("h", "♥", "heart", "hearts"),
    Denomination.SPADES: ("s", "♠", "spade", "spades"),
    Denomination.NOTRUMP: (
        "nt",
        "n",
        "notrump",
        "notrumps",
        "no trump",
        "no trumps",
        "no-trump",
        "no-trumps",
        "nts",
        "sa",
    ),
}.items():
    for _spelling in _spellings:
        _DENOMINATION_WORDS[_spelling] = _denomination

_SIMPLE_WORDS: dict[str, Simple] = {
    "p": Simple.PASS,
    "pass": Simple.PASS,
    "passed": Simple.PASS,
    "no bid": Simple.PASS,
    "nobid": Simple.PASS,
    "nb": Simple.PASS,
    "x": Simple.DOUBLE,
    "dbl": Simple.DOUBLE,
    "double": Simple.DOUBLE,
    "doubled": Simple.DOUBLE,
    "xx": Simple.REDOUBLE,
    "rdbl": Simple.REDOUBLE,
    "redouble": Simple.REDOUBLE,
    "redoubled": Simple.REDOUBLE,
    "redbl": Simple.REDOUBLE,
    "pas": Simple.PASS,
}

_DENOMINATION_PATTERN = "|".join(
    sorted((re.escape(w) for w in _DENOMINATION_WORDS), key=len, reverse=True)
)
_LEVEL_PATTERN = "[1-7]|" + "|".join(_NUMBER_WORDS)
BID_PATTERN = rf"(?P<level>{_LEVEL_PATTERN})\s*(?P<denomination>{_DENOMINATION_PATTERN})"
SIMPLE_PATTERN = "|".join(sorted((re.escape(w) for w in _SIMPLE_WORDS), key=len, reverse=True))
_BID_RE = lazy_pattern(rf"^{BID_PATTERN}$", re.IGNORECASE)


def parse_call(text: str) -> Call:
    """Read one call as people type it; raises ValueError with a friendly reason."""
    key = " ".join(text.strip().lower().replace("-", " ").split())
    if key in _SIMPLE_WORDS:
        return _SIMPLE_WORDS[key]
    match = _BID_RE.match(key)
    if match:
        level_text = match.group("level").lower()
        level = int(level_text) if level_text.isdigit() else _NUMBER_WORDS[level_text]
        return Bid(level, _DENOMINATION_WORDS[match.group("denomination").lower()])
    raise ValueError(f"I can't read {text.strip()!r} as a call (try 1NT, 2♠, 3h, pass, X or XX)")


def bid_from_match(match: re.Match[str]) -> Bid:
    """Build a Bid from a regex match made with BID_PATTERN (named groups)."""
    level_text = match.group("level").lower()
    level = int(level_text) if level_text.isdigit() else _NUMBER_WORDS[level_text]
    return Bid(level, _DENOMINATION_WORDS[match.group("denomination").lower()])


def simple_from_word(word: str) -> Simple:
    return _SIMPLE_WORDS[word.lower()]


_WRITTEN_CALL = lazy_pattern(
    rf"^(?:(?P<level>[1-9])(?P<denomination>{_DENOMINATION_PATTERN})|(?P<simple>{SIMPLE_PATTERN}))"
    r"[*!]*$",
    re.IGNORECASE,
)
_DONE_WORDS = frozenset({"passed", "doubled", "redoubled"})
"""Words telling what a player did: prose, never a call written in an auction's row."""


def written_call(token: str) -> str | None:
    """One call as written in a row of an auction ('1s', '2♥!', 'p', 'dbl*'), in the words the
    story reader reads ('1S', 'pass', 'double'); None when it is no call. Levels 8 and 9 are
    read as bids too ('8h'): a bid above seven is an irregularity to rule on (Law 38), so the
    auction must keep it."""
    match = _WRITTEN_CALL.match(token)
    if match is None or (match.group("simple") or "").lower() in _DONE_WORDS:
        return None
    if match.group("simple"):
        return describe_call(simple_from_word(match.group("simple")))
    denomination = _DENOMINATION_WORDS[match.group("denomination").lower()]
    strain = "NT" if denomination is Denomination.NOTRUMP else denomination.name[0]
    return match.group("level") + strain
