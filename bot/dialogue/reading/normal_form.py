"""The normal form every reader works on: the player's words with contractions, abbreviations and
slips put right."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from bot.dialogue.auction_grid import rewrite_auction_grids
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern

MIN_CORRECTED = 4
"""Shorter words are never corrected: too many real words lie one slip from a bridge word."""


CORRECTION_CUTOFF = 85.0


def normal_form(text: str, vocabulary: Vocabulary) -> str:
    """The text as meant: contractions and shorthand spelt out, slips corrected. Case kept
    where nothing changed (the story reads "N" as North only in capitals)."""
    out = " ".join(rewrite_auction_grids(text.replace("’", "'")).split())
    out = self_corrected(out)
    out = _TRAILING_OFF.sub(" ", out)
    if _any_contraction(vocabulary).search(out):  # one scan, not one per contraction
        for pattern, plain in vocabulary.contractions:
            out = pattern.sub(plain, out)
    for pattern, plain in vocabulary.abbreviations:  # each first looks for its own words
        out = pattern.sub(plain, out)
    for pattern, plain, when in vocabulary.abbreviations_when:
        if when.search(out) and pattern.search(out):
            out = pattern.sub(plain, out)
    return _TOKEN.sub(lambda m: _corrected(m.group(0), vocabulary), out)


def self_corrected(text: str) -> str:
    """The teller's own corrections taken as meant: what he corrects is dropped, not read
    as a second call or event ('i was dealer no wait my partner was dealer', '4S by S...
    wait no sorry, 4S by N', 'W won trick 5? no, declarer won it'). Words said at the table
    ('he went 'no wait'', 'i said no wait') are not the teller's; a correction of a long
    clause is left as told (what it takes back is not clear)."""
    if not _SELF_CORRECTION.search(text):
        return text
    lowered = text.lower()
    quoted = _quoted(lowered)
    cuts: list[tuple[int, int]] = []
    for marker in _SELF_CORRECTION.finditer(lowered):
        if any(a <= marker.start() < b for a, b in quoted):
            continue
        floor = max([0, *(b for _, b in cuts)])
        if _SAID_BEFORE.search(lowered, max(floor, marker.start() - 25), marker.start() + 1):
            continue  # 'i said no wait': words spoken at the table
        asked = "?" in marker.group(0)  # 'W was leader?? no, E was': the question's clause
        if asked and _NEGATION_ONLY.match(lowered, marker.end()):
            continue  # 'cards put back? no, not yet', '... twice?? no, it was on trick 3'
        clause = _clause_floor(lowered, floor, marker.start(), asked)
        told = lowered[clause : marker.start()]
        if len(told.split()) > _LONGEST_CORRECTED:
            continue
        start = clause
        first = _FIRST_TOKEN.match(lowered, marker.end())
        if first is not None and _PLACED_TOKEN.fullmatch(first.group(1)):
            # '4S by S... wait no sorry, 4S by N', 'my rho, their side... no, sorry, my
            # partner', 'lho 1NT, pd pass, rho 2C, pd... no wait. lho 1NT - p': from the
            # same word, the last time it was told in the sentence
            earlier = _sentence_floor(lowered, floor, marker.start())
            word = rf"(?<![\w♣♦♥♠]){re.escape(first.group(1))}(?![\w♣♦♥♠])"
            again = [m.start() for m in re.finditer(word, lowered[earlier : marker.start()])]
            if again and len(lowered[earlier + again[-1] : marker.start()].split()) <= (
                _LONGEST_CORRECTED
            ):
                start = earlier + again[-1]
        cuts.append((start, marker.end()))
    for start, end in reversed(cuts):
        text = text[:start] + text[end:]
    return text


_SELF_CORRECTION = lazy_pattern(
    r"(?:\.{2,}|…|[,!-])?\s*(?<![\w'])(?:no,? wait|wait,? no|no,? sorry|sorry,? no|oops,? no"
    r"|sorry,? i mean|no,? i mean)(?![\w'])(?:,?\s*sorry)?[\s,.!:;\-–]*"
    r"|\?+\)?\s*no(?:\s*[,.!;:\-–]+\s*|\s+(?=it\b|its\b|it's\b|that's\b|wait\b|sorry\b))"
    r"(?:wait|sorry)?[\s,.!:;\-–]*",
    re.IGNORECASE,
)
"""The teller correcting himself: 'no wait', 'sorry i mean', a question he answers 'no'."""
_SAID_BEFORE = lazy_pattern(
    r"\b(?:said|says|say|saying|goes|went|go|shouted|cried|called out|replied|answered|"
    r"yelled|exclaimed)\b[^.!?]{0,12}$"
)
_CLAUSE_EDGE = lazy_pattern(r"[.!?;:,(]\s*|\s+-\s+|\b(?:and|but|when|while|which|then)\s+")
_NEGATION_ONLY = lazy_pattern(
    r"(?:not|never|none|nothing|nobody|no one|neither|it|its|it's|that|that's|this|these"
    r"|those)\b"
)
"""An answer that says no more than 'no' ('no, not yet'), or says it of what the question
named ('played twice?? no, it was on trick 3'): the question is kept."""
_QUESTION_EDGE = lazy_pattern(r"[.!?;:,]\s*")
_LONGEST_CORRECTED = 10
"""Words a self-correction may take back; a longer clause is kept (what it takes back is
not clear)."""
_FIRST_TOKEN = lazy_pattern(r"\s*([\w♣♦♥♠']+)")
_PLACED_TOKEN = lazy_pattern(
    r"[1-7](?:nt|n|[cdhs♣♦♥♠])|[nesw]|north|east|south|west|lho|rho|pd|partner|my|his|her"
    r"|i|he|she|dummy|declarer|t?\d{1,2}",
    re.IGNORECASE,
)
"""A correction's first word that names what it puts right (a call, a seat, a player)."""


def _sentence_floor(lowered: str, floor: int, position: int) -> int:
    """Where the sentence that ends at ``position`` starts (not before ``floor``)."""
    end = position
    while end > floor and lowered[end - 1] in "?.!… ),;:":
        end -= 1
    edges = [m.end() for m in _SENTENCE_EDGE.finditer(lowered, floor, end)]
    return max([floor, *edges])


_SENTENCE_EDGE = lazy_pattern(r"[.!?;]\s+")


def _clause_floor(lowered: str, floor: int, position: int, asked: bool = False) -> int:
    """Where the clause that ends at ``position`` starts (not before ``floor``): after the
    last sentence mark, comma, bracket or joining word (a question: only a mark, 'my partner
    and the opp both played from the same hand?'), skipping the marks the clause itself
    ends with ('W was leader??')."""
    end = position
    while end > floor and lowered[end - 1] in "?.!… ),;:":
        end -= 1
    edge = _QUESTION_EDGE if asked else _CLAUSE_EDGE
    edges = [m.end() for m in edge.finditer(lowered, floor, end)]
    return max([floor, *edges])


_TRAILING_OFF = lazy_pattern(r"(?:\.{2,}|…)\s*(?=\d)")
"""'i bid... 2s': a pause in the telling before what was said, not the end of a sentence."""


_PHRASE_EDGES = (r"(?<!\w)", r"(?!\w)")


_NOT_JOINABLE = lazy_pattern(r"\\[1-9]|\(\?P|\(\?[aiLmsux]+\)")
"""A back-reference, a group name or a global flag: a pattern that cannot be one alternative
of many and keep its meaning."""


@lru_cache(maxsize=8)
def _any_contraction(vocabulary: Vocabulary) -> re.Pattern[str]:
    """One pattern found where any contraction is: a text with none (most) is left as it is
    without trying each. Where the list cannot be joined, a pattern found everywhere (each
    is tried, as before).

    The abbreviations are not joined so: most of them open with a word edge or a look back
    and ignore case, which leaves the engine nothing to skip ahead on, and one search for
    all of them cost twice what trying each does (a lazy pattern first looks for the words
    it needs, and most abbreviations' words are in few texts)."""
    patterns = [p.pattern for p, _ in vocabulary.contractions]
    if any(_NOT_JOINABLE.search(p) for p in patterns):
        return lazy_pattern("")
    if not patterns:
        return lazy_pattern(r"(?!)")
    before, after = _PHRASE_EDGES
    if all(p.startswith(before) and p.endswith(after) for p in patterns):
        # phrases: the word edges outside the alternatives, tried once per place
        bodies = (p[len(before) : -len(after)] for p in patterns)
        return lazy_pattern(f"{before}(?:{'|'.join(bodies)}){after}", re.IGNORECASE)
    return lazy_pattern("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)


_TOKEN = lazy_pattern(r"(?<![\w'])[A-Za-z]{4,}(?![\w'])")


@lru_cache(maxsize=4096)
def _correction(word: str, vocabulary: Vocabulary) -> str | None:
    found = process.extractOne(
        word, vocabulary.correct_to, scorer=fuzz.ratio, score_cutoff=CORRECTION_CUTOFF
    )
    return found[0] if found else None


def _corrected(word: str, vocabulary: Vocabulary) -> str:
    lowered = word.lower()
    if len(word) < MIN_CORRECTED or lowered in vocabulary.known:
        return word
    return _correction(lowered, vocabulary) or word
