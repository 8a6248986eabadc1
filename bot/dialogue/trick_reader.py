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

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from bot.lazy import lazy_pattern

_COUNT = (
    r"(?:1[0-3]|[0-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)"
    r"(?![\w/+-]| ?(?:min|mins|minutes|hcp|points|cards?|hours|hrs|am|pm|spades?|hearts?"
    r"|diamonds?|clubs?|trumps?|of (?:spades|hearts|diamonds|clubs)|seconds|secs)\b)"
)
_WHO = (
    r"(?:we|they|opps|opponents|the opps|the opponents|declarer|he|she|lho|rho|i|ns|ew|n-s"
    r"|e-w|n/s|e/w|my pd|pd|my partner|partner|the defenders|defenders|dummy|my side|their side"
    r"|[nesw]|north|south|east|west)"
)
_OPINION = (
    r"(?:say|says|said|think|thinks|thought|count|counts|counted|insist|insists|insisted"
    r"|reckon|reckons|reckoned|make it|made it|believe|believes|believed|were told|was told"
    r"|are adamant|is adamant|was adamant|were adamant|are sure|is sure|sure|certain|adamant"
    r"|convinced|swear|swears|swore)"
)
_HOLDING = r"(?:have|has|had|got|took|won|made)"
_FILLER = (
    r"(?:\s+(?:that|it was|it's|its|it is|they|we|he|she|had|made|won|took|got|was|were|only"
    r"|just|there were|there are|actually|really|in fact|they'd|we'd|had only"
    # whose tricks, told on the way: 'we reckon declarer made 9', 'n/s say 3nt made 9'
    r"|the declarer|declarer|[1-7](?:nt|[cdhs♠♥♦♣])|making|on))*"
)
_STATEMENT = lazy_pattern(
    rf"\b(?P<who>{_WHO})(?:'re|'s)?\s+(?:\w+\s+)?(?:all\s+)?"
    rf"(?:(?P<opinion>{_OPINION})|(?P<holding>{_HOLDING}))\b"
    rf"{_FILLER}\s+(?P<n>{_COUNT})"
)
"""'we think 9', 'opps say they made 10', 'we all counted 8', 'declarer insists it was 9',
'we have 9 tricks'."""
_VERSUS = lazy_pattern(
    rf"\b(?:disagree\w*|dispute\w*|argu\w*|don't agree|do not agree|not agree|can't agree"
    rf"|\w+n't agree|cannot agree)\b"
    rf"[^.;!?]{{0,30}}?\b(?P<a>{_COUNT})(?: tricks)?\s+(?:vs\.?|v\.?|versus|or|against)\s+"
    rf"(?P<b>{_COUNT})\b"
)
"""'now we disagree 9 vs 10', 'we dont agree on 10 or 11', 'couldn't agree if it was 10 or 11'."""
_NOT_THAT = lazy_pattern(
    rf"\b(?:won|taken|took|made|had|got|have)\s+(?P<a>{_COUNT})\s+(?:tricks?\b)?[^.;!?]{{0,25}}?"
    rf"(?:,\s*)?\b(?:not|instead of|rather than)\s+(?P<b>{_COUNT})\b"
)
"""'we'd actually won 5 tricks not 4', 'they had 8 tricks on board 5, not 7 like we entered'."""
_WAS_NOT = lazy_pattern(
    rf"\b(?:was|were|it's|its|it is)\s+(?P<a>{_COUNT})\s+tricks?\b[^.;!?]{{0,25}}?"
    rf"(?:,\s*)?\b(?:not|instead of|rather than)\s+(?P<b>{_COUNT})\b"
)
"""'saying it was 8 tricks not 9': the count set against the one recorded or agreed."""
_TRICKS_AFTER = lazy_pattern(r"\s*tricks?\b")
_SOME_TRICKS_AFTER = lazy_pattern(
    r"\s*(?:more\s+|further\s+)?tricks?\s+(?:after|afterwards|later|since|thereafter"
    r"|from\s+(?:then|there|that|t(?:rick)?\s*\d))\b"
)
"""'E-W won two tricks after T5': some of a side's tricks, not its count of the deal."""
_CLAIMED = lazy_pattern(r"\bclaim(?:s|ed)?\s+(?:that\s+)?$")
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
}  # fmt: skip
_SENTENCE_END = lazy_pattern(r"[.;!?]")


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


_CARD_HELD = lazy_pattern(rf"^{_WHO}\s+(?:had|has|have|got)\s+(?:one|1)$")
"""'though he had one' (a card of the suit led): a holding, never a count of tricks."""


def counts_disputed(lowered: str) -> int | None:
    """Where two counts of the same tricks are told against each other - 'they say 9 tricks,
    we say 8', 'we were told 9 tricks, we thought 8', 'we have 9, they have 5' (14 tricks:
    one count is wrong), 'we disagree 9 vs 10' - or None. Two counts must differ and not
    make 13 together ('they say they took 4, we made 9' is one count); a count a side 'had'
    is of tricks only when it says so ('rho had 2' may be spades), and two such only when
    they do not make 13."""
    versus = _VERSUS.search(lowered) or _NOT_THAT.search(lowered) or _WAS_NOT.search(lowered)
    if versus is not None and versus.group("a") != versus.group("b"):
        return versus.start()
    told = [  # 'they claim they made 10' is a claim of tricks (Law 68), not a count told
        s
        for s in _STATEMENT.finditer(lowered)
        if not _CLAIMED.search(lowered, 0, s.start())
        and not _SOME_TRICKS_AFTER.match(lowered, s.end())
    ]
    for first, second in pairwise(told):
        if (
            _SENTENCE_END.search(lowered, first.end(), second.start())
            and second.start() - first.end() > 40
        ):
            continue  # the next sentence may answer the first ('9 tricks. we say 8'), at once
        a, b = _number(first.group("n")), _number(second.group("n"))
        held = [s for s in (first, second) if not s.group("opinion")]
        if any(not _TRICKS_AFTER.match(lowered, s.end()) for s in held) and len(held) < 2:
            continue  # 'rho had 2' (spades) against 'we had 9 tricks': not one count
        if not held:
            if a != b and a + b != 13:  # 'they say they took 4 and we made 9': one count
                return first.start()
        elif len(held) == 1:
            if a != b and a + b != 13:
                return first.start()
        elif (
            a + b != 13
            and first.group("who") != second.group("who")
            and any(_TRICKS_AFTER.match(lowered, s.end()) for s in held)
            and not any(_CARD_HELD.match(s.group(0)) for s in held)
        ):
            return first.start()
    return None


def count_told_after_agreement(lowered: str) -> int | None:
    """A result agreed ('EW accepted', 'we all agreed'), then a side telling its count of
    tricks ('after the move EW say they actually took 4'): the agreed count disputed."""
    agreed = _AGREED.search(lowered)
    if agreed is None or _NOT_AGREED.search(lowered, 0, agreed.end()):
        return None
    told = next(
        (
            s
            for s in _STATEMENT.finditer(lowered, agreed.end())
            if s.group("opinion") and not _CLAIMED.search(lowered, 0, s.start())
        ),
        None,
    )
    return None if told is None else told.start()


def counts_agreed_first(lowered: str, position: int) -> bool:
    """The count had been agreed (or accepted) before the dispute told at ``position``:
    'we agreed 8, now rho says 9', 'we all counted 8, but now declarer insists it was 9'."""
    before = lowered[:position]
    if _AGREED.search(before) and not _NOT_AGREED.search(before):
        return True
    if _ACQUIESCED.search(before):
        return True
    return bool(_ALL_COUNTED.search(lowered, 0, position + 30))


_AGREED = lazy_pattern(r"\b(?:agreed|accepted)\b")
_NOT_AGREED = lazy_pattern(
    r"\b(?:before|until|not|never|hadn't|haven't|n't)\b[^.;!?]{0,30}?\b(?:agreed|accepted)\b"
)
_ALL_COUNTED = lazy_pattern(r"\bwe all (?:counted|agreed|said)\b")
_ACQUIESCED = lazy_pattern(
    r"\b(?:said|says|say|went) (?:ok|okay|fine|yes|yeah|sure)(?: to)?\b"
    r"|\b(?:let|gave|give|given) (?:them|him|her|us|you|the opps|declarer|decl) (?:have )?"
    r"(?:the |a |an )?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|extra|that)\b"
    r"|['\"](?:ok|okay|fine|all right|alright)\W{1,3}(?:then\W{1,3})?\d+\b"
    r"|\b(?:we|they|everyone|both) (?:all )?nodded\b"
)
"""Words of a count accepted without the word 'agreed': 'pard said ok to down 1', 'we let
them have 9', "we said 'fine, 9'", 'we all nodded' (Law 79A: an agreed count, not a
disagreement)."""


# -- 'no hearts?': a player asked whether he had none of the suit led (Law 61B) ----------------

_INQUIRY = lazy_pattern(
    r"['\"][^'\"]{0,20}?\b(?:no|no more|none of (?:the |your |those |his |her )?|any|out of)\s+"
    r"(?P<suit>spades?|hearts?|diamonds?|clubs?|trumps?|♠|♥|♦|♣)[^'\"]{0,25}?\?"
    r"|['\"][^'\"]{0,25}\b(?:having none|none left|none)\b[^'\"]{0,25}?\?"
)
"""The question a player may ask one who shows out: "'no hearts?'", "'no spades pd?'",
"'having none?'"."""
_PRODUCED = lazy_pattern(
    r"\b(?:oops|whoops|oh (?:sorry|yes|dear|damn|god)|yes (?:i|he|she) (?:do|does|did)"
    r"|(?:finds|found|pulls|pulled|produces|produced|discovers|discovered|digs|dug|fishes|fished)"
    r" (?:out )?(?:one|it|a \w+|the \w+)"
    r"|(?:changes|changed|corrects|corrected|swaps|swapped|replaces|replaced|fixes|fixed) it"
    r"|(?:did|does) have one|(?:had|has|still had|still has) one)\b"
)
"""The player asked finds a card of the suit after all."""
_PLAYS_ASKED = lazy_pattern(
    r"\b(?:played|plays|puts?|followed with|follows with|produced|produces) (?:a|the|one|his|her)"
    r" (?:small |low )?(?P<suit>spade|heart|diamond|club|trump)"
)
_ANSWER_SPAN = 130
"""How far after the question the answer is looked for (about two clauses)."""


def inquiry_about(lowered: str, start: int, end: int) -> re.Match[str] | None:
    """The 'no hearts?' asked about a card shown out at ``start``-``end``: after it in the same
    story beat (before the next full stop outside the question), or just before it in the
    same sentence ("asked LHO 'no clubs?' when she threw a heart")."""
    inquiry = _INQUIRY.search(lowered, end, end + 110)
    if inquiry is not None and not re.search(r"[.;!]", lowered[end : inquiry.start()]):
        return inquiry
    for before in _INQUIRY.finditer(lowered, max(0, start - 80), start):
        if start - before.end() <= 25 and not re.search(r"[.;!]", lowered[before.end() : start]):
            return before
    return None


def suit_letter(word: str) -> str:
    return {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}.get(word[0], word[0])


def inquiry_answered(lowered: str, start: int, end: int) -> str | None:
    """A card shown out at ``start``-``end``, the player asked 'no hearts?' and then finding
    one: the suit asked about (its letter, '' when unnamed), or None. A card of another suit
    played after the question is not an answer."""
    inquiry = inquiry_about(lowered, start, end)
    if inquiry is None:
        return None
    asked = inquiry.group("suit")
    after = max(inquiry.end(), end)
    window = lowered[after : after + _ANSWER_SPAN]
    produced = _PRODUCED.search(window)
    played = _PLAYS_ASKED.search(window)
    if played is not None and (
        asked is None or suit_letter(played.group("suit")) == suit_letter(asked)
    ):
        return suit_letter(asked) if asked else ""
    if produced is not None and not re.search(r"\b(?:no|none|not)\b", window[: produced.start()]):
        return suit_letter(asked) if asked else ""
    return None


_OBJECT_WORDS = frozenset({"him", "her", "them", "me", "us", "himself", "herself"})
_NOT_SUBJECT = lazy_pattern(
    r"\b(?:asked|asks|ask|asking|to|at|told|tells|saw|sees|see|watched|watching|noticed"
    r"|spotted|when|whether|if)\s+(?:my\s+|his\s+|her\s+|the\s+)?$"
)
"""Before a player word: he is the one spoken to or watched, not the one speaking."""
_IS_DUMMY = lazy_pattern(r"\s*(?:\(|,\s*)?(?:who (?:was|is) |was |is |being |as )?(?:the )?dummy\b")
_ADDRESSEE = lazy_pattern(
    r"\b(?:asked|asks|ask|asking|turned to|turns to|said to|says to|goes to|went to)\s+"
    r"(?:my |his |her |the )?(?P<who>[\w']+)\W*$"
)
_TO_WHOM = lazy_pattern(r"\W*(?:to|at) (?:my |his |her |the |a )?(?P<who>[\w']+)\b")
_PARTNER_WORDS = frozenset({"partner", "pd", "pard", "partnr"})
_DEFENDER_WORDS = frozenset(
    {"defender", "lho", "rho", "opponent", "opponents", "opps", "opp", "defenders"}
)


@dataclass(frozen=True)
class Inquiry:
    """A 'no hearts?' asked: where, whether dummy asked, and whether of declarer."""

    start: int
    by_dummy: bool
    of_declarer: bool
    """Asked of declarer (dummy may: Law 42B1) - else of a defender, or not known."""


def inquiries(
    lowered: str,
    speakers: Sequence[tuple[int, int, str, bool]],
    shown_out: Sequence[tuple[int, str | None]],
) -> list[Inquiry]:
    """Each 'no hearts?' asked in the story. ``speakers``: the player and role words (start,
    end, words, whether they name dummy); ``shown_out``: each card shown out (position, the
    role of its player when known). Who asked is the last player named before the question
    who is not spoken to or watched ('dummy turned to him and asked', 'dummy saw rho throw a
    club and said'); whom he asked, the player named after the verb or after the question,
    his partner when the question says 'partner', else the one who showed out."""
    found = []
    for inquiry in _INQUIRY.finditer(lowered):
        sentence = max(lowered.rfind(c, 0, inquiry.start()) for c in ".;!\n") + 1
        before = [
            s
            for s in speakers
            if sentence <= s[0]
            and s[1] <= inquiry.start()
            and s[2] not in _OBJECT_WORDS
            and not _NOT_SUBJECT.search(lowered, max(0, s[0] - 30), s[0])
        ]
        if not before:
            continue
        asker = before[-1]
        if asker[2] in ("he", "she"):  # 'pd was dummy and when RHO discarded he piped up'
            asker = next((s for s in before if s[2] not in ("he", "she")), asker)
        by_dummy = asker[3] or bool(_IS_DUMMY.match(lowered, asker[1]))
        named = _ADDRESSEE.search(lowered, sentence, inquiry.start())
        after = _TO_WHOM.match(lowered, inquiry.end())
        quoted = set(re.findall(r"[\w']+", inquiry.group(0)))
        whom = (after.group("who") if after else None) or (named.group("who") if named else None)
        if whom in _DEFENDER_WORDS:
            of_declarer = False
        elif whom == "declarer" or whom in _PARTNER_WORDS or quoted & _PARTNER_WORDS:
            of_declarer = by_dummy  # dummy's partner is declarer
        elif whom == "me" or whom is None or whom in _OBJECT_WORDS:
            out = [role for position, role in shown_out if position < inquiry.start() + 80]
            of_declarer = by_dummy and bool(out) and out[-1] == "declarer"
        else:
            of_declarer = False
        found.append(Inquiry(inquiry.start(), by_dummy, of_declarer))
    return found
