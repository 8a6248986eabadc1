"""Read an answer to a question: a button id, a number, the label, or plain words.

People answer "2", "yes", "yep", "no, not yet", "he passed" or the label
itself; any of these picks a choice. Anything still unclear gets None, and
the dialogue asks again rather than guessing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz, utils

from bot.core.topics import Choice
from bot.dialogue.facts import says_pattern
from bot.lazy import lazy_pattern

UNSURE = Choice(id="unsure", label="Not sure / none of these", short="Not sure")
"""The way out every question offers: the bot then says what it cannot settle, never guesses."""

_YES = lazy_pattern(r"^(y|yes|yep|yeah|yup|ya|aye|sure|correct|right|true|affirmative|ok|okay)\b")
_NO = lazy_pattern(r"^(n|no|nope|nah|not yet|negative|false|none)\b")
_UNDECIDED = lazy_pattern(
    r"\b(not yet|undecided|not decided|don'?t know|dunno|not sure|show (me )?(the )?options|"
    r"what are (the|my|his) options|both)\b"
)
_UNSURE_WORDS = lazy_pattern(
    r"^(not sure|unsure|don'?t know|dont know|dunno|no idea|none of (these|them|the above)|"
    r"neither|other|something else|can'?t say|cannot say|not certain|\?+)\b"
)
_NOBODY = lazy_pattern(r"^(nobody|no one|no-one|noone|none|no)\b")
_FUZZY_THRESHOLD = 80.0


def resolve_answer(
    text: str, choices: Sequence[Choice], normalised: str | None = None
) -> str | None:
    """The id of the choice this answer means, or None when it is unclear."""
    raw = " ".join(text.strip().lower().split()).rstrip(".!")
    if not raw:
        return None
    for choice in choices:
        # a button's words typed back answer as the button does; the way out's 'not sure'
        # is left to the rules below, where a question's own 'not sure' choice comes first
        short = choice.short.lower() if choice.id != UNSURE.id else ""
        if raw in (choice.id.lower(), choice.label.lower(), short):
            return choice.id
    if raw.isdecimal() and raw.isascii() and 1 <= int(raw) <= len(choices):
        return choices[int(raw) - 1].id
    said = _by_phrases(normalised or raw, choices)
    if said is not None:
        return said
    ids = {c.id for c in choices}
    undecided = ids & {"not_yet", "undecided", "unknown"}
    if undecided and _UNDECIDED.search(raw):
        return undecided.pop()
    if UNSURE.id in ids and _UNSURE_WORDS.match(raw):
        return UNSURE.id
    if "none" in ids and _NOBODY.match(raw):
        return "none"
    if _YES.match(raw) and "yes" in ids:
        return "yes"
    if _NO.match(raw) and "no" in ids:
        return "no"
    for pattern, word in ((_YES, "yes"), (_NO, "no")):
        if pattern.match(raw):
            starting = [c.id for c in choices if c.label.lower().split(" ")[0].strip(",-") == word]
            if len(starting) == 1:  # "yes" to a question whose only 'Yes...' choice is this
                return starting[0]
    named = _by_core_phrase(raw, choices)
    if named is not None:
        return named
    return _by_similarity(raw, [c for c in choices if c.id != UNSURE.id])


_FIRST_PERSON = {"my": "your", "i": "you", "me": "you", "mine": "yours", "i'm": "you're"}
_NEGATION = lazy_pattern(r"\b(?:not|never|no|nobody|wasn't|isn't|wasnt|isnt|didn't|didnt)\b|n't\b")


def _by_core_phrase(raw: str, choices: Sequence[Choice]) -> str | None:
    """A reply in the user's own person that says one choice's words ('it was my turn, i'm his
    lho' to "Your turn (...)"): the labels speak to him, so his 'my' is their 'your'. Only
    when exactly one choice's words (its aside left out) are said, and nothing is denied."""
    if _NEGATION.search(raw):
        return None
    spoken = f" {' '.join(_FIRST_PERSON.get(w, w) for w in _TOKEN.findall(raw))} "
    said = [
        c.id
        for c in choices
        if c.id != UNSURE.id
        and any(
            len(core.split()) >= 2 and f" {core} " in spoken
            for core in _cores(" ".join(_TOKEN.findall(_ASIDE.sub(" ", c.label.lower()))))
        )
    ]
    return said[0] if len(said) == 1 else None


def _cores(core: str) -> tuple[str, ...]:
    """A label's words, and without a closing 'turn' ("my lho's" says "Your LHO's turn")."""
    short = core.removesuffix(" turn")
    return (core, short) if short != core else (core,)


def _by_phrases(text: str, choices: Sequence[Choice]) -> str | None:
    hits = {
        c.id for c in choices if any(says_pattern(p).search(text) for p in (*c.says, *c.answers))
    }
    return hits.pop() if len(hits) == 1 else None


def _by_similarity(raw: str, choices: Sequence[Choice]) -> str | None:
    scored = sorted(
        (
            (
                max(
                    fuzz.token_set_ratio(raw, c.label, processor=utils.default_process),
                    fuzz.ratio(raw, c.id, processor=utils.default_process),
                ),
                c.id,
            )
            for c in choices
        ),
        reverse=True,
    )
    best_score, best = scored[0]
    runner_up = scored[1][0] if len(scored) > 1 else 0.0
    if (
        best_score >= _FUZZY_THRESHOLD
        and best_score - runner_up >= 5
        and _covers(raw, best, choices)
    ):
        return best
    return None


_TOKEN = lazy_pattern(r"[a-z0-9']+")


def _covers(raw: str, choice_id: str, choices: Sequence[Choice]) -> bool:
    """A reply picks a choice by its words only when it says enough of them: one word that a
    long label happens to contain ('opening' in '... or dummy at the opening lead') is not an
    answer, however exactly it matches."""
    choice = next(c for c in choices if c.id == choice_id)
    if fuzz.ratio(raw, choice.label, processor=utils.default_process) >= _FUZZY_THRESHOLD:
        return True
    if fuzz.ratio(raw, choice.id, processor=utils.default_process) >= _FUZZY_THRESHOLD:
        return True
    typed = _TOKEN.findall(raw)
    label = _TOKEN.findall(choice.label.lower())
    if label[: len(typed)] == typed:
        return True
    main = set(_TOKEN.findall(_ASIDE.sub(" ", choice.label.lower())))
    said = [w for w in typed if w not in _FILLER]
    return bool(said) and all(w in main for w in said)


_ASIDE = lazy_pattern(r"\([^)]*\)")
"""A label's aside in brackets: an example or a qualifier, not what tells choices apart."""
_FILLER = frozenset(
    "i i'm im he she it is was the a an and or of to his her my yes no it's its".split()
)
