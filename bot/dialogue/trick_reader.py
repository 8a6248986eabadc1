"""Reading what happened to the tricks: a count of tricks two sides tell differently, the
played cards still laid out (or mixed) when they do, and a player asked whether he had
none of the suit led who then produced one.

These readers take the normal form of a message (:mod:`bot.dialogue.description`) and
return positions and plain values; the description turns them into irregularities and facts.
Why each matters under the Laws: two counts of the tricks are a score correction (Law 79)
unless the played cards still lie in front of the players (or were mixed before the count
was agreed), when their arrangement is the evidence (Law 65D); a player who, asked 'no
hearts?', finds a heart had revoked (Law 61), whatever he then did with his card.
"""

from __future__ import annotations

from itertools import pairwise

from bot.lazy import lazy_pattern

_COUNT = (
    r"(?:1[0-3]|[0-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)"
    r"(?![\w/+-]| ?(?:min|mins|minutes|hcp|points|cards?|hours|hrs|am|pm)\b)"
)
_WHO = (
    r"(?:we|they|opps|opponents|the opps|the opponents|declarer|he|she|lho|rho|i|ns|ew|n-s"
    r"|e-w|n/s|e/w|my pd|pd|my partner|partner|the defenders|defenders|dummy|my side|their side"
    r"|[nesw]|north|south|east|west)"
)
_OPINION = (
    r"(?:say|says|said|think|thinks|thought|count|counts|counted|insist|insists|insisted"
    r"|reckon|reckons|reckoned|make it|made it|believe|believes|believed|were told|was told"
    r"|are adamant|is adamant|was adamant|were adamant|are sure|is sure)"
)
_HOLDING = r"(?:have|has|had|got|took|won|made)"
_FILLER = (
    r"(?:\s+(?:that|it was|it's|its|it is|they|we|he|she|had|made|won|took|got|was|were|only"
    r"|just|there were|there are))*"
)
_STATEMENT = lazy_pattern(
    rf"\b(?P<who>{_WHO})\s+(?:\w+\s+)?(?:(?P<opinion>{_OPINION})|(?P<holding>{_HOLDING}))\b"
    rf"{_FILLER}\s+(?P<n>{_COUNT})"
)
"""'we think 9', 'opps say they made 10', 'we all counted 8', 'declarer insists it was 9',
'we have 9 tricks'."""
_VERSUS = lazy_pattern(
    rf"\b(?:disagree\w*|dispute\w*|argu\w*|don't agree|do not agree|not agree|can't agree)\b"
    rf"[^.;!?]{{0,30}}?\b(?P<a>{_COUNT})(?: tricks)?\s+(?:vs\.?|v\.?|versus|or|against)\s+"
    rf"(?P<b>{_COUNT})\b"
)
"""'now we disagree 9 vs 10', 'we dont agree on 10 or 11'."""
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
}  # fmt: skip
_SENTENCE_END = lazy_pattern(r"[.;!?]")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def counts_disputed(lowered: str) -> int | None:
    """Where two counts of the same tricks are told against each other - 'they say 9 tricks,
    we say 8', 'we were told 9 tricks, we thought 8', 'we have 9, they have 5' (14 tricks:
    one count is wrong), 'we disagree 9 vs 10' - or None. Two opinions must differ; two
    holdings ('we have 9, they have 4') are a dispute only when they do not make 13."""
    versus = _VERSUS.search(lowered)
    if versus is not None and versus.group("a") != versus.group("b"):
        return versus.start()
    told = list(_STATEMENT.finditer(lowered))
    for first, second in pairwise(told):
        if (
            _SENTENCE_END.search(lowered, first.end(), second.start())
            and second.start() - first.end() > 40
        ):
            continue  # the next sentence may answer the first ('9 tricks. we say 8'), at once
        a, b = _number(first.group("n")), _number(second.group("n"))
        if first.group("opinion") or second.group("opinion"):
            if a != b:
                return first.start()
        elif (
            a + b != 13
            and first.group("who") != second.group("who")
            and "trick" in lowered[first.start() : second.end() + 8]
        ):
            return first.start()
    return None


def counts_agreed_first(lowered: str, position: int) -> bool:
    """The count had been agreed (or accepted) before the dispute told at ``position``:
    'we agreed 8, now rho says 9', 'we all counted 8, but now declarer insists it was 9'."""
    before = lowered[:position]
    if _AGREED.search(before) and not _NOT_AGREED.search(before):
        return True
    return bool(_ALL_COUNTED.search(lowered, 0, position + 30))


_AGREED = lazy_pattern(r"\b(?:agreed|accepted)\b")
_NOT_AGREED = lazy_pattern(
    r"\b(?:before|until|not|never|hadn't|haven't|n't)\b[^.;!?]{0,12}\b(?:agreed|accepted)\b"
)
_ALL_COUNTED = lazy_pattern(r"\bwe all (?:counted|agreed|said)\b")
