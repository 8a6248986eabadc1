"""Issue 16: a pattern looks for a plain string every match holds before it searches a whole
text, and answers "no match" where none is there. The promise is the same reading: these
tests hold the shortcut against the engine itself (no timing)."""

from __future__ import annotations

import gc
import re
from typing import Any

import pytest
from test_cheaper_reading import labelled_texts

from bot import lazy
from bot.dialogue.engine import Dialogue
from bot.lazy import lazy_pattern

GUARDED = [
    (r"(?<!\w)(?:had|has) (?:2|two) cards\b", 0),
    (r"\b(?:Pass|Double)\b", 0),  # case kept: 'pass' does not hold 'Pass'
    (r"(?<!\w)(?:north|south) dlr\b", re.IGNORECASE),
    (r"(?i:lho|rho) bid", 0),  # the part ignoring case gives nothing: ' bid' is looked for
]
TEXTS = [
    "",
    "East had two cards left and North passed",
    "South DLR, north Dlr",
    "Pass, Double and pass",
    "pass, double",
    "the ſtrange ſouth dlr",  # not ASCII: every text is searched
    "LHO bid 2S, Rho bid 3S",
]


def _seen(found: Any) -> Any:
    if isinstance(found, re.Match):
        return (found.span(), found.groups())
    if isinstance(found, list | tuple):
        return [_seen(f) for f in found]
    return found


@pytest.mark.parametrize(("source", "flags"), GUARDED)
def test_a_guarded_pattern_reads_every_text_as_the_compiled_pattern(
    source: str, flags: int
) -> None:
    lazy_one, real = lazy_pattern(source, flags), re.compile(source, flags)
    assert lazy._built_with_needs(source, flags)[1] is not None  # the shortcut is taken
    for text in TEXTS:
        assert _seen(lazy_one.search(text)) == _seen(real.search(text)), text
        assert _seen(lazy_one.search(text, 1)) == _seen(real.search(text, 1)), text
        assert _seen(list(lazy_one.finditer(text))) == _seen(list(real.finditer(text))), text
        assert lazy_one.findall(text) == real.findall(text), text
        assert lazy_one.sub("_", text) == real.sub("_", text), text
        assert lazy_one.subn("_", text, 1) == real.subn("_", text, 1), text
        assert lazy_one.split(text) == real.split(text), text
        assert _seen(lazy_one.match(text)) == _seen(real.match(text)), text


def test_no_pattern_of_the_bot_matches_a_story_without_what_it_needs(
    dialogue: Dialogue,
) -> None:
    """Every pattern the readers and the knowledge hold, on the labelled stories as typed and
    lower-cased: where the engine finds a match, the strings looked for first are there."""
    lazy.compile_all()
    patterns = {
        (p.pattern, p.source_flags) for p in gc.get_objects() if isinstance(p, lazy._LazyPattern)
    }
    assert len(patterns) > 400
    stories = labelled_texts()[::25]
    texts = stories + [t.lower() for t in stories]
    missed = []
    for source, flags in patterns:
        needs = lazy._built_with_needs(source, flags)[1]
        if needs is None:
            continue
        strings, folded = needs
        real = re.compile(source, flags)
        for text in texts:
            if folded and not text.isascii():
                continue
            looked_in = text.lower() if folded else text
            if not any(s in looked_in for s in strings) and real.search(text):
                missed.append((source, text))
    assert missed == []
