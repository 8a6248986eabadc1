"""The normal form every reader works on: the player's words with contractions, abbreviations and
slips put right."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

from bot.dialogue.auction_grid import rewrite_auction_grids
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern

MIN_CORRECTED = 4
"""Shorter words are never corrected: too many real words lie one slip from a bridge word."""


CORRECTION_CUTOFF = 85.0


def normal_form(text: str, vocabulary: Vocabulary) -> str:
    """The text as meant: contractions and shorthand spelt out, slips corrected. Case kept
    where nothing changed (the story reads "N" as North only in capitals)."""
    out = " ".join(rewrite_auction_grids(text.replace("’", "'")).split())
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
