"""The duplicate score of a board (Law 77, 2017), and a reader for "4SX by N vul 8".

:func:`duplicate_score` gives the points to declarer's side (negative when the contract is
defeated) with a breakdown; :func:`read_request` reads a score request typed any common way.
Nothing here does I/O or words a sentence: ``templates/messages.j2`` says the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from bot.core.calls import Denomination, Seat
from bot.core.play import (
    BOOK,
    CONTRACT_PATTERN,
    TRICKS_PER_DEAL,
    Contract,
    Doubling,
    contract_from_match,
)
from bot.lazy import lazy_pattern

GAME = 100
"""Trick points for a game (Law 77): less is a part-score."""


@dataclass(frozen=True)
class Score:
    """The score of one board for declarer's side, with its parts (all from Law 77)."""

    contract: Contract
    vulnerable: bool
    tricks: int
    trick_points: int = 0
    overtrick_points: int = 0
    game_bonus: int = 0
    """300/500 for a game, 50 for a part-score."""
    slam_bonus: int = 0
    insult: int = 0
    """50 for making a doubled contract, 100 for a redoubled one."""
    penalty: int = 0
    """Undertrick points scored by the defenders."""

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.tricks_needed

    @property
    def overtricks(self) -> int:
        return max(0, self.tricks - self.contract.tricks_needed)

    @property
    def undertricks(self) -> int:
        return max(0, self.contract.tricks_needed - self.tricks)

    @property
    def is_game(self) -> bool:
        return self.made and self.trick_points >= GAME

    @property
    def slam(self) -> Literal["small", "grand"] | None:
        if not self.made:
            return None
        return {6: "small", 7: "grand"}.get(self.contract.level)  # type: ignore[return-value]

    @property
    def points(self) -> int:
        """Declarer's side's score: positive when made, negative when defeated."""
        if not self.made:
            return -self.penalty
        return (
            self.trick_points
            + self.overtrick_points
            + self.game_bonus
            + self.slam_bonus
            + self.insult
        )


def trick_points(strain: Denomination, odd_tricks: int, doubled: int) -> int:
    """Law 77 trick score for ``odd_tricks`` bid and made (x2 doubled, x4 redoubled)."""
    if odd_tricks <= 0:
        return 0
    if strain is Denomination.NOTRUMP:
        base = 40 + 30 * (odd_tricks - 1)
    elif strain in (Denomination.CLUBS, Denomination.DIAMONDS):
        base = 20 * odd_tricks
    else:
        base = 30 * odd_tricks
    return base * (1, 2, 4)[doubled]


_DOUBLED_VUL = (200, 300)
"""Law 77, doubled and vulnerable: the first undertrick, then each one after."""
_DOUBLED_NOT_VUL = (100, 200, 200, 300)
"""Doubled, not vulnerable: the first, the second and third, the fourth and later (200 + the
100 bonus)."""


def undertrick_penalty(undertricks: int, vulnerable: bool, doubled: int) -> int:
    """Law 77 undertrick points: per trick 50/100 undoubled; doubled 100, 200, 200, then
    300 each not vulnerable (the fourth-and-later bonus), 200 then 300 each vulnerable;
    redoubled is twice doubled."""
    total = 0
    for n in range(1, undertricks + 1):
        if doubled == 0:
            total += 100 if vulnerable else 50
            continue
        each = _DOUBLED_VUL[min(n, 2) - 1] if vulnerable else _DOUBLED_NOT_VUL[min(n, 4) - 1]
        total += each * (2 if doubled == 2 else 1)
    return total


def duplicate_score(contract: Contract, vulnerable: bool, tricks: int) -> Score:
    """The Law 77 score of ``contract`` when declarer's side took ``tricks`` (0-13)."""
    if not 0 <= tricks <= TRICKS_PER_DEAL:
        raise ValueError(f"a side takes 0 to 13 tricks, not {tricks}")
    needed = contract.tricks_needed
    if tricks < needed:
        penalty = undertrick_penalty(needed - tricks, vulnerable, contract.doubled)
        return Score(contract, vulnerable, tricks, penalty=penalty)
    doubled = contract.doubled
    points = trick_points(contract.strain, contract.level, doubled)
    over = tricks - needed
    if doubled == 0:
        overtrick_points = over * (20 if contract.strain.value < 2 else 30)
    else:
        overtrick_points = over * (100 if not vulnerable else 200) * doubled
    game = (500 if vulnerable else 300) if points >= GAME else 50
    slam = 0
    if contract.level == 6:
        slam = 750 if vulnerable else 500
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
    insult = (0, 50, 100)[doubled]
    return Score(contract, vulnerable, tricks, points, overtrick_points, game, slam, insult)


# -- reading a request ------------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """What a score request says: the contract, the tricks taken and the vulnerability."""

    contract: Contract
    tricks: int
    vulnerable: bool | None = None
    """Declarer's side vulnerable; None when not said (both are shown)."""


class RequestError(ValueError):
    """A score request that cannot be read; ``reason`` names what is missing."""

    def __init__(self, reason: str, words: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.words = words


_VUL_PAIR_RE = lazy_pattern(
    r"(?:--vul(?:nerable|nerability)?[\s=]*|\bvul(?:nerable)?\s*[:=]?\s*|\b)"
    r"(?P<pair>ns|n-s|n/s|ew|e-w|e/w|both|all|none|neither|nil|love)"
    r"(?:\s+(?:vul(?:nerable)?|vul\.))?\b",
    re.IGNORECASE,
)
PAIR_VULNERABLE_RE = lazy_pattern(
    r"\b(?P<pair>n-?s|e-?w|n/s|e/w|both|all|none|neither|nobody|no ?one)\s+"
    r"(?:are\s+|is\s+|sides?\s+)?vul(?:nerable|\.)?\b|\b(?P<love>love all|game all)\b",
    re.IGNORECASE,
)
"""'NS vul', 'both vulnerable', 'love all': the vulnerability said by pairs (also in prose)."""
PAIR_NOT_VULNERABLE_RE = lazy_pattern(
    r"\b(?P<pair>n-?s|e-?w|n/s|e/w)\s+(?:are\s+|is\s+|sides?\s+)?"
    r"(?:not[- ]vul(?:nerable|\.)?|non[- ]?vul(?:nerable|\.)?|nv)(?![\w-])",
    re.IGNORECASE,
)
"""'NS not vul', 'e/w non-vulnerable', 'ns nv': one pair said NOT vulnerable."""
_NOT_VUL_RE = lazy_pattern(
    r"(?<![\w-])(?:nv|non[- ]?vul(?:nerable)?|not[- ]vul(?:nerable)?|white|"
    r"not vulnerable)(?![\w-])",
    re.IGNORECASE,
)
_VUL_RE = lazy_pattern(r"(?<![\w-])(?:vul|vul\.|vulnerable|red|v)(?![\w-])", re.IGNORECASE)
_MADE_LEVEL_RE = lazy_pattern(
    r"(?<![\w-])(?:made|making|makes|make)\s+(?P<level>[1-7])(?!\s*tricks?)(?![\w])",
    re.IGNORECASE,
)
_TRICKS_RE = lazy_pattern(
    r"(?<![\w+\-=])(?:took|takes|taking|made|making|with|won)?\s*(?P<n>1[0-3]|[0-9])"
    r"(?:\s*tricks?)?(?![\w])",
    re.IGNORECASE,
)
_RESULT_RE = lazy_pattern(
    r"(?<![\w])(?:(?P<eq>=|(?:just\s+)?(?:made|making|makes)(?:\s+exactly)?(?!\s*\d)|exactly)"
    r"|(?P<sign>[+-])\s*(?P<by>[0-9]|1[0-3])"
    r"|(?:down|off|minus)\s*(?P<down>[0-9]|1[0-3])|(?P<down2>[0-9]|1[0-3])\s*(?:down|off)"
    r"|(?:plus|up)\s*(?P<up>[0-7])|(?P<up2>[0-7])\s*(?:overtricks?|over))(?![\w])",
    re.IGNORECASE,
)
_CONTRACT_RE = lazy_pattern(CONTRACT_PATTERN, re.IGNORECASE)
_DOUBLING_WORD_RE = lazy_pattern(r"(?<![\w])(?:redoubled|doubled)(?![\w])", re.IGNORECASE)
"""'doubled' told apart from the contract ('4S by W down 2 doubled'): it doubles the score."""
_OTHER_PAIR_NOT_VUL_RE = lazy_pattern(
    r"(?<![\w])(?:ns|ew|n-s|e-w|n/s|e/w)\s+(?:not(?:\s+vul\w*)?|nv|non-?vul\w*)(?![\w])",
    re.IGNORECASE,
)
"""The other pair said not vulnerable after one pair's vulnerability ('NS vul EW not')."""
_ALL_TRICKS_RE = lazy_pattern(r"\ball\s+(?=(?:1[0-3]|thirteen)\b)", re.IGNORECASE)
_FILLER_RE = lazy_pattern(
    r"(?<![\w])(?:what's|whats|score|scores|what|is|the|of|for|a|an|and|in|at|tricks?|points?|by|declarer|"
    r"contract|was|were|it|with|they|we|he|she|took|takes|won|,|\?|\.|"
    r"on|board|are|side|sides|please|do|does|would|get|how|much|many|"
    r"went|go|goes|going|bid|bidding|played|playing|result|our|their|us|them|i|you|did|got|"
    r"should|will|be|that|so|ok|hi|then|score\?|\?+|!+)(?![\w])",
    re.IGNORECASE,
)
"""The words around a contract and its result in a score question: 'in 2H doubled N went 2
off vulnerable, what's the score?', 'we bid 4S and made 11 tricks nv - what do we get?'."""
_PUNCTUATION_RE = lazy_pattern(r"[?!.,;:]+")


_DECLARER_SEAT_RE = lazy_pattern(
    r"(?:\bby\s+|\bdeclarer\s+)(north|east|south|west|[nesw])\b", re.IGNORECASE
)
_SEAT_ALONE_RE = lazy_pattern(r"(?<![\w-])(north|east|south|west|[NESW])(?![\w-])")
"""Declarer's seat: 'by N', 'declarer west', or a seat standing alone ('4S N 10')."""


def read_request(text: str) -> Request:
    """Read ``4S N 10``, ``4SX by N vul 8``, ``3NT+1 V``, ``4Hx-3 vul``, ``7NTxx= V``,
    ``6C redoubled by N --vul ns made 6``. Raises :class:`RequestError`."""
    rest = " ".join(text.replace("−", "-").replace("–", "-").split())
    rest = _ALL_TRICKS_RE.sub("", rest)  # "making all 13": the tricks, not "all vulnerable"
    if not rest:
        raise RequestError("empty")
    match = _CONTRACT_RE.search(rest)
    if match is None:
        raise RequestError("no_contract", rest)
    contract = contract_from_match(match)
    rest = rest[: match.start()] + " " + rest[match.end() :]
    if contract.declarer is None:
        seat = _DECLARER_SEAT_RE.search(rest) or _SEAT_ALONE_RE.search(rest)
        if seat is not None:
            contract = Contract(contract.bid, contract.doubled, Seat.parse(seat.group(1)))
            rest = rest[: seat.start()] + " " + rest[seat.end() :]
    doubling = _DOUBLING_WORD_RE.search(rest)
    if doubling is not None:  # '4S by W down 2 doubled': the doubling told apart
        told: Doubling = 2 if doubling.group(0).lower().startswith("re") else 1
        if contract.doubled not in (0, told):
            raise RequestError("two_doublings", doubling.group(0))
        contract = Contract(contract.bid, told, contract.declarer)
        rest = rest[: doubling.start()] + " " + rest[doubling.end() :]
    vulnerable, rest = _vulnerability(rest, contract.declarer)
    tricks, rest = _tricks(rest, contract)
    leftover = _FILLER_RE.sub(" ", _PUNCTUATION_RE.sub(" ", rest)).strip(" -,.:")
    if leftover:
        raise RequestError("unread", leftover)
    return Request(contract, tricks, vulnerable)


def declarer_vulnerable(pair: str, declarer: Seat | None) -> bool | None:
    """Whether declarer's side is vulnerable when ``pair`` ('ns', 'E-W', 'both', 'love all')
    is; None when that needs declarer's seat and it is not known."""
    key = pair.lower().replace("-", "").replace("/", "").replace(" ", "")
    if key in ("both", "all", "gameall"):
        return True
    if key in ("none", "neither", "nil", "love", "loveall", "nobody", "noone"):
        return False
    if declarer is None:
        return None
    return (key == "ns") == (declarer in (Seat.NORTH, Seat.SOUTH))


def _vulnerability(text: str, declarer: Seat | None) -> tuple[bool | None, str]:
    not_pair = PAIR_NOT_VULNERABLE_RE.search(text)
    if not_pair is not None:  # before the pair alone: 'ns not vul' is not 'ns' vulnerable
        ours = declarer_vulnerable(not_pair.group("pair"), declarer)
        if ours is None:
            raise RequestError("pair_without_declarer", not_pair.group("pair"))
        # declarer's pair not vulnerable says so; the other pair's says nothing of declarer's
        return (False if ours else None), text[: not_pair.start()] + " " + text[not_pair.end() :]
    pair_match = PAIR_VULNERABLE_RE.search(text) or _VUL_PAIR_RE.search(text)
    if pair_match is not None:
        pair = pair_match.groupdict().get("love") or pair_match.group("pair")
        vulnerable = declarer_vulnerable(pair, declarer)
        if vulnerable is None:
            raise RequestError("pair_without_declarer", pair)
        rest = text[: pair_match.start()] + " " + text[pair_match.end() :]
        return vulnerable, _OTHER_PAIR_NOT_VUL_RE.sub(" ", rest, count=1)  # 'NS vul EW not'
    not_vul = _NOT_VUL_RE.search(text)
    if not_vul is not None:
        _check_whose(text)
        return False, text[: not_vul.start()] + " " + text[not_vul.end() :]
    vul = _VUL_RE.search(text)
    if vul is not None:
        _check_whose(text)
        return True, text[: vul.start()] + " " + text[vul.end() :]
    return None, text


_SIDE_VUL_RE = lazy_pattern(
    r"\b(?P<side>we|they)\s+(?:were\s+|are\s+|was\s+|'re\s+|re\s+)?"
    r"(?:not\s+|non[- ]?)?(?:vul|nv|vulnerable)\b"
    r"|\b(?:vul|nv|vulnerable)\s+(?:for\s+)?(?P<object>us|them)\b",
    re.I,
)
"""A vulnerability told of a side by 'we' or 'they': 'we were vul', 'they're nv', 'vul for us'."""
_DECLARING_SIDE_RE = lazy_pattern(
    r"\b(?P<side>we|they)\s+(?:bid|played|were\s+in|are\s+in|declared|made|went)\b", re.I
)


def _check_whose(text: str) -> None:
    """A vulnerability told of 'we' or 'they' is that side's, which may be the defenders'
    ('3NT by E went 1 off, we were vul'): it is declarer's only when that side is told
    playing the contract ('we bid 4S and made 11, we were nv')."""
    told = _SIDE_VUL_RE.search(text)
    if told is None:
        return
    side = (told.group("side") or told.group("object")).lower()
    side = {"us": "we", "them": "they"}.get(side, side)
    declaring = _DECLARING_SIDE_RE.search(text)
    if declaring is None or declaring.group("side").lower() != side:
        raise RequestError("whose_vulnerability", told.group(0))


def _tricks(text: str, contract: Contract) -> tuple[int, str]:
    needed = contract.tricks_needed
    made_level = _MADE_LEVEL_RE.search(text)
    if made_level is not None:
        level = int(made_level.group("level"))
        if level < contract.level:
            raise RequestError("made_below", made_level.group(0))
        rest = text[: made_level.start()] + " " + text[made_level.end() :]
        return BOOK + level, rest
    result = _RESULT_RE.search(text)
    found: int | None = None
    if result is not None:
        if result.group("eq"):
            found = needed
        elif result.group("sign"):
            by = int(result.group("by"))
            found = needed + by if result.group("sign") == "+" else needed - by
        elif result.group("down") or result.group("down2"):
            found = needed - int(result.group("down") or result.group("down2"))
        else:
            found = needed + int(result.group("up") or result.group("up2"))
        rest = text[: result.start()] + " " + text[result.end() :]
        count = _TRICKS_RE.search(rest)
        if count is not None and count.group("n"):
            raise RequestError("two_results", result.group(0).strip())
        if not 0 <= found <= TRICKS_PER_DEAL:
            raise RequestError("impossible_tricks", result.group(0).strip())
        return found, rest
    count = _TRICKS_RE.search(text)
    if count is None:
        raise RequestError("no_tricks")
    found = int(count.group("n"))
    rest = text[: count.start()] + " " + text[count.end() :]
    if _TRICKS_RE.search(rest):
        raise RequestError("two_results", count.group(0).strip())
    return found, rest
