"""The vocabulary (knowledge data) compiled into patterns once, cached with the knowledge."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache as once
from pathlib import Path
from typing import Any

from bot.knowledge import cache
from bot.lazy import lazy_pattern


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The words of ``vocabulary.yaml``, compiled once."""

    contractions: tuple[tuple[re.Pattern[str], str], ...]
    abbreviations: tuple[tuple[re.Pattern[str], str], ...]
    """Shorthand read in every text."""
    abbreviations_when: tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...]
    """Shorthand read only where the text has the words of its third pattern ('T2' is a
    trick in a story of the play; a table or nothing elsewhere)."""
    correct_to: tuple[str, ...]
    known: frozenset[str]
    acts: Mapping[str, re.Pattern[str]]
    holdings: Mapping[str, re.Pattern[str]]
    lead_claims: re.Pattern[str]
    timing: Mapping[str, re.Pattern[str]]
    phrases: Mapping[str, re.Pattern[str]]
    """wrong_leader, before_partner, defective, period_over, played_cards: words that prove a
    state of the play."""
    told: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Irregularity kind -> the table's words that show it happened."""
    dummy_acts: tuple[tuple[str, re.Pattern[str]], ...] = ()
    """What dummy did, in the order a story telling several is read (the first found)."""
    information: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Who received information and from where: cards seen, words overheard, records seen,
    a call taken back and a question about using it."""
    auction: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """The words of the auction's state: a player barred, a turn skipped, a call cancelled,
    the play reached."""


_SUIT = r"(?P<suit>spades?|hearts?|diamonds?|clubs?|[shdc♠♥♦♣])"


_SEAT_WORD = r"(?:north|east|south|west|[nesw]|lho|rho|pd|partner|i|declarer|dummy)"


_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|\d{1,2})"


_RANK_WORD = r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)"


_CARD = (
    r"(?:(?:the|a|an|his|her|my|their|its) )?(?:(?:small|low|little) )?"
    r"(?:[shdc♠♥♦♣](?:10|[akqjt2-9])|(?:10|[akqjt2-9])[shdc♠♥♦♣]"
    r"|(?:10|[akqjt2-9]|" + _RANK_WORD + r") of (?:spades|hearts|diamonds|clubs|trumps?)"
    r"|(?:spade|heart|diamond|club|trump) (?:10|[akqjt2-9]|" + _RANK_WORD + r"))(?!\w)"
)
"""A card named as players type it: 'the ♦K', 'sK', 'the 7 of spades', 'the heart ten'."""


_CONTRACT = r"[1-7] ?(?:nt|no ?trumps?|spades?|hearts?|diamonds?|clubs?|[nshdc♠♥♦♣])(?: ?x{1,2})?"
"""A contract as players type it: '3s', '4 hearts', '3nt', '4sx'."""


_CHOICE = lazy_pattern(r"\\\[(.*?)\\\]")
"""An escaped ``[a|b|c]`` in a phrase: any one of the words; an empty one makes it optional."""


def _phrase_body(words: str) -> str:
    """A vocabulary phrase as a pattern, without the word boundaries around it. Besides plain
    words a phrase may use ``...`` (up to four words between), ``{suit}``, ``{seat}``, ``{n}``
    (a count: "one", "2", "a"), ``{card}`` (a card named: "the ♦K", "sK", "the heart ten"),
    ``{contract}`` ("3s", "4 hearts", "3nt") and ``[a|b]`` (either word), so one line covers
    the ways a table says the same thing."""
    out = re.escape(words.lower()).replace(r"\ \.\.\.\ ", r"\W+(?:\w+\W+){0,4}?")
    out = out.replace(r"\{suit\}", _SUIT).replace(r"\{seat\}", _SEAT_WORD)
    out = out.replace(r"\{n\}", _COUNT)
    out = out.replace(r"\{card\}", _CARD).replace(r"\{contract\}", _CONTRACT)
    return _CHOICE.sub(lambda m: "(?:" + m.group(1).replace(r"\|", "|") + ")", out)


def _phrase(words: str) -> str:
    return rf"(?<!\w){_phrase_body(words)}(?!\w)"


def _any_of(phrases: list[str]) -> re.Pattern[str]:
    """One pattern for a list of phrases, longest first, the word boundaries outside the
    alternatives. The phrases are tried as a tree of their first letters (:func:`_by_letter`):
    at each word of a message the engine compares the word's first letter with a few dozen
    branches instead of entering each of a few hundred phrases."""
    if not phrases:
        return lazy_pattern(r"(?!)")  # no words: never matches (an empty pattern matches all)
    ordered = sorted(phrases, key=len, reverse=True)
    alternatives = [p for phrase in ordered for p in _choices_first(phrase.lower())]
    numbered = itertools.count()
    # one suit group per alternative is not allowed: each alternative gets its own name
    body = _SUIT_GROUP.sub(lambda _: f"(?P<suit{next(numbered)}>", _by_letter(alternatives))
    return lazy_pattern(r"(?<!\w)(?:" + body + r")(?!\w)")


_SUIT_GROUP = lazy_pattern(re.escape("(?P<suit>"))


def _choices_first(phrase: str) -> list[str]:
    """A phrase opening with a choice as one phrase per word of it, in the choice's order:
    '[put|puts] a card down' is 'put a card down' or else 'puts a card down', as the regex
    engine tries them, so its first letters join the tree."""
    if not phrase.startswith("[") or "]" not in phrase:
        return [phrase]
    choice, rest = phrase[1:].split("]", 1)
    return [each for word in choice.split("|") for each in _choices_first(word + rest)]


def _by_letter(phrases: list[str]) -> str:
    """The alternatives of ``phrases`` (in the order given) with the ones opening with the
    same letter joined under it: 'led|leads|played' is 'l(?:ed|eads)|played'. The same
    matches: at one place of a text only phrases opening with the letter there can match,
    and among them the order is kept. A phrase opening with anything but a plain letter
    (a choice, a ``{card}``, ``...``, or nothing left) could match where others do, so
    no phrase is moved across it."""
    out: list[str] = []
    waiting: dict[str, list[str]] = {}  # first letter -> the rest of each phrase, in order

    def join_waiting() -> None:
        for letter, rests in waiting.items():
            if len(rests) == 1:
                out.append(_phrase_body(letter + rests[0]))
                continue
            shared = letter  # and the letters after it every phrase here opens with
            while all(_opens_plainly(r) for r in rests) and len({r[0] for r in rests}) == 1:
                shared, rests = shared + rests[0][0], [r[1:] for r in rests]
            out.append(re.escape(shared) + "(?:" + _by_letter(rests) + ")")
        waiting.clear()

    for phrase in phrases:
        if _opens_plainly(phrase):
            waiting.setdefault(phrase[0], []).append(phrase[1:])
        else:
            join_waiting()
            out.append(_phrase_body(phrase))
    join_waiting()
    return "|".join(out)


def _opens_plainly(phrase: str) -> bool:
    """Whether the phrase's first character stands for itself and can be taken off without
    cutting a ``...``, ``{name}`` or ``[a|b]`` apart."""
    return phrase[:1] not in ("", "[", "{") and not phrase.startswith(("...", " ..."))


@once
def load_vocabulary(path: Path, knowledge_fingerprint: str = "") -> Vocabulary:
    """The vocabulary file of an edition, read once and kept in the knowledge cache (a
    command such as ``rulingbot ask`` starts without reading YAML). Its patterns are lazy:
    the cache keeps their sources and each compiles on its first use."""
    key = cache.fingerprint([path]) + knowledge_fingerprint
    name = cache.name_for("vocabulary", key)
    stored = cache.read(name, key)
    if isinstance(stored, Vocabulary):
        return stored
    vocabulary = _compile_vocabulary(path)
    cache.write(name, key, vocabulary)
    return vocabulary


def _compile_vocabulary(path: Path) -> Vocabulary:
    import yaml

    doc: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    root = path.parent.parent
    known = set(_WORD.findall(path.read_text(encoding="utf-8").lower()))
    for source in (*root.rglob("*.yaml"), *(root.parent / "templates").rglob("*.j2")):
        if "examples" in source.relative_to(root.parent).parts:
            continue  # players' own typing, typos and all: not words to correct towards
        known.update(_WORD.findall(source.read_text(encoding="utf-8").lower()))
    contractions = tuple(
        (lazy_pattern(_phrase(k), re.IGNORECASE), v)  # flags as _any_contraction joins them
        for k, v in sorted(doc.get("contractions", {}).items(), key=lambda kv: -len(kv[0]))
    )
    abbreviations = tuple(
        (lazy_pattern(r["pattern"], re.IGNORECASE), r["means"])
        for r in doc.get("abbreviations", [])
        if "when" not in r
    )
    abbreviations_when = tuple(
        (
            lazy_pattern(r["pattern"], re.IGNORECASE),
            r["means"],
            lazy_pattern(r["when"], re.IGNORECASE),
        )
        for r in doc.get("abbreviations", [])
        if "when" in r
    )
    correct_to = tuple(dict.fromkeys(doc.get("correct_to", [])))
    return Vocabulary(
        contractions,
        abbreviations,
        abbreviations_when,
        correct_to,
        frozenset(w for w in known if w not in _NOT_WORDS),
        {act: _any_of(words) for act, words in doc.get("acts", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("holdings", {}).items()},
        _any_of(doc.get("lead_claims", [])),
        {kind: _any_of(words) for kind, words in doc.get("timing", {}).items()},
        {
            k: _any_of(doc.get(k, []))
            for k in (
                "wrong_leader",
                "proper_leader",
                "before_partner",
                "before_turn",
                "defective",
                "too_many",
                "period_over",
                "played_cards",
                "retraction_asked",
                "fifth_card",
                "misplaced",
            )
        },
        {kind: _any_of(words) for kind, words in doc.get("told", {}).items()},
        tuple((kind, _any_of(words)) for kind, words in doc.get("dummy_acts", {}).items()),
        {kind: _any_of(words) for kind, words in doc.get("information", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("auction", {}).items()},
    )


_WORD = lazy_pattern(r"[a-z][a-z']+")


_NOT_WORDS = frozenset({"opend", "partnr", "spde", "mistke"})
"""Misspellings the knowledge quotes as examples: never taken as known words."""
