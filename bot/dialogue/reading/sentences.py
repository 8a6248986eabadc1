"""Where a sentence, a quoted remark or a story's opening words lie: the measure every reader
shares."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.lazy import lazy_pattern


@lru_cache(maxsize=32)
def _quoted(lowered: str) -> tuple[tuple[int, int], ...]:
    """Where the remarks in quotes lie. Kept for the last few texts: half a dozen readers ask
    it of the same description, and the scan was the same every time."""
    return tuple((m.start(), m.end()) for m in _QUOTE.finditer(lowered))


_QUOTE = lazy_pattern(r"'(?:[^']|(?<=[a-z])'(?=[a-z])){2,120}'(?![a-z])|\"[^\"]{2,120}\"")
"""A remark in quotes, its own contractions kept inside ('i've still got the king')."""


def _same_sentence(lowered: str, a: int, b: int) -> bool:
    low, high = min(a, b), max(a, b)
    return re.search(r"[.;!?]", lowered[low:high]) is None


def _sentence_end(lowered: str, position: int) -> int:
    found = re.compile(r"[.!?](?:\s|$)").search(lowered, position)
    return found.start() if found else len(lowered)


def _first_words(lowered: str) -> int:
    """Where the story starts, after a board or table number ('bd 4, last trick: ...')."""
    lead_in = _LEAD_IN.match(lowered)
    return lead_in.end() if lead_in else 0


_LEAD_IN = lazy_pattern(r"(?:\s*(?:bd|board|table|tbl|td here)\W*\d*\W+)*")


def _sentence_start(lowered: str, position: int) -> int:
    return max(lowered.rfind(c, 0, position) for c in ".;!?") + 1


def _outside_quotes_any(pattern: re.Pattern[str] | None, lowered: str) -> bool:
    """Whether ``pattern`` matches the words told, not only words quoted."""
    if pattern is None:
        return False
    quoted = _quoted(lowered)
    return any(not any(a <= m.start() < b for a, b in quoted) for m in pattern.finditer(lowered))
