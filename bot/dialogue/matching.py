"""Recognise the irregularity in a description: jargon first, then fuzzy matching.

Players write "IB", "BOOT", "pd", "the box", "1s"; the jargon list in
``knowledge/jargon.yaml`` rewrites these to one plain form, then rapidfuzz
compares the text with every topic's aliases. An irregularity found in a
typed auction (an insufficient bid, a call out of turn) adds to its topic's score.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from bot.core.topics import Topic
from bot.knowledge import JargonRule, Knowledge, Subject, cache

AUCTION_BONUS = 40.0
"""Points added to the topic of an irregularity found in a typed auction."""
KEYWORD_WEIGHT = 12.0
"""How much a distinctive alias word found in the description counts."""
SUBJECT_HANDICAP = 10.0
"""A subject not covered must beat the topics clearly: a ruling topic wins a near tie."""
HINT_EVIDENCE = 10.0
"""Calls that show the irregularity are evidence enough on their own."""
_STOPWORDS = frozenset(
    (
        "a an the of to in on at and or is was it he she i my his her we our they their be been "
        "has had have did do does what now then after before with for by but so that this if "
        "when as not can can't again time still just also very really some any there here about "
        "who why how which would could should will shall me him them us you your its it's was "
        "were are am being get got go went come came one all no yes ok okay thanks thank please "
        "tonight today just want wants wanted wanting allowed allow rest still know knew think "
        "whether thing things something anything anyone someone somebody everyone everybody "
        "really actually maybe sure way lol north south east west lho rho partner"
    ).split()
)
_WORD = re.compile(r"[a-z0-9♣♦♥♠']+")


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w not in _STOPWORDS]


class Normaliser:
    """Lower-case, tidy and rewrite jargon, in the order the jargon file gives."""

    def __init__(self, jargon: list[JargonRule]) -> None:
        self.rules = [(re.compile(rule.pattern, re.IGNORECASE), rule.means) for rule in jargon]

    def __call__(self, text: str) -> str:
        out = " ".join(text.lower().replace("’", "'").split())
        for pattern, means in self.rules:
            out = pattern.sub(means, out)
        return out


@dataclass(frozen=True)
class Match:
    topic: Topic | Subject
    """A topic the bot rules on, or a subject it only recognises (``covered`` is False)."""
    score: float
    evidence: float = 0.0
    """How much of the description speaks for this entry: the rarity of the words it shares
    with the entry's aliases (generic words count little), or the hint's weight."""

    @property
    def covered(self) -> bool:
        return isinstance(self.topic, Topic)


class TopicMatcher:
    """Scores every topic (and every subject not covered) against a description, best first."""

    def __init__(self, knowledge: Knowledge, normalise: Normaliser) -> None:
        self.normalise = normalise
        self.topics: list[Topic | Subject] = [
            *knowledge.topics.values(),
            *knowledge.uncovered.values(),
        ]
        self.aliases: dict[str, list[str]] = _normalised_aliases(knowledge, normalise, self.topics)
        self.flat_aliases = [a for t in self.topics for a in self.aliases[t.id]]
        self.alias_topic = [i for i, t in enumerate(self.topics) for _ in self.aliases[t.id]]
        self.vocabulary = {
            tid: {w for alias in aliases for w in _words(alias)}
            for tid, aliases in self.aliases.items()
        }
        counts: dict[str, int] = {}
        for words in self.vocabulary.values():
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        n = len(self.vocabulary)
        self.rarity = {word: math.log(1 + n / c) for word, c in counts.items()}
        self.all_words = sorted(self.rarity)
        self.word_topics: dict[str, list[int]] = {}
        """Alias word -> the topics (positions in ``topics``) whose aliases use it."""
        for i, topic in enumerate(self.topics):
            for word in self.vocabulary[topic.id]:
                self.word_topics.setdefault(word, []).append(i)
        self._recent: dict[str, tuple[list[float], list[float]]] = {}
        self._recent_lock = threading.Lock()
        """Two engine threads rank at once: the oldest entry is dropped by one of them."""
        self._close_words: dict[str, list[str]] = {}
        """Query word -> alias words it may misspell (players reuse their words)."""

    def rank(
        self, text: str, boosts: Mapping[str, tuple[float, float]] | None = None
    ) -> list[Match]:
        """All topics, best first. ``boosts``: per topic id, the score and evidence the
        story's irregularities add (or take away) - worked out by the caller from data."""
        query = self.normalise(text)
        best, keywords = self._scores(query)
        boosts = boosts or {}
        ranked = []
        for i, topic in enumerate(self.topics):
            score = best[i] + KEYWORD_WEIGHT * keywords[i]
            if not isinstance(topic, Topic):
                score -= SUBJECT_HANDICAP
            evidence = keywords[i]
            extra, weight = boosts.get(topic.id, (0.0, 0.0))
            score += extra
            evidence += weight
            ranked.append(Match(topic, round(score, 1), round(evidence, 2)))
        ranked.sort(key=lambda m: m.score, reverse=True)
        return ranked

    def _scores(self, query: str) -> tuple[list[float], list[float]]:
        """Per topic: its closest alias's score and its keyword credit. The last few queries
        are kept: one message may be ranked twice (as an answer, then as a new incident)."""
        scores = self._recent.get(query)
        if scores is None:
            best = [self._best_alias_score(query, topic) for topic in self.topics]
            scores = (best, self._keywords(self._alias_words(query)))
            with self._recent_lock:
                if len(self._recent) >= 16:
                    del self._recent[next(iter(self._recent))]
                self._recent[query] = scores
        return scores

    def _best_alias_score(self, query: str, topic: Topic | Subject) -> float:
        """How closely the description matches the topic's closest alias (0-100)."""
        best = process.extractOne(query, self.aliases[topic.id], scorer=fuzz.token_set_ratio)
        return float(best[1]) if best else 0.0

    def _keywords(self, found: list[list[str]]) -> list[float]:
        """Per topic: for each query word, the rarity of the first alias word it stands for
        that the topic uses, summed in the order of ``found``."""
        keywords = [0.0] * len(self.topics)
        for candidates in found:
            credited: dict[int, float] = {}
            for word in candidates:
                for index in self.word_topics.get(word, ()):
                    credited.setdefault(index, self.rarity[word])
            for index, rarity in credited.items():
                keywords[index] += rarity
        return keywords

    def _alias_words(self, query: str) -> list[list[str]]:
        """For each query word, the alias words it stands for, closest first.

        Exact for short words; words over three letters also match alias words
        they misspell. Words that only one topic uses ("pulled", "seven",
        "simultaneous") count most in ``rank``; words every topic uses, little.
        """
        found: list[list[str]] = []
        for word in set(_words(query)):
            if len(word) <= 3:
                if word in self.rarity:
                    found.append([word])
                continue
            close = self._close_words.get(word)
            if close is None:
                if len(self._close_words) > 10_000:
                    self._close_words.clear()
                matches = process.extract(
                    word, self.all_words, scorer=fuzz.ratio, score_cutoff=85, limit=None
                )
                close = self._close_words[word] = [match[0] for match in matches]
            if close:
                found.append(close)
        return found


def _normalised_aliases(
    knowledge: Knowledge, normalise: Normaliser, topics: list[Topic | Subject]
) -> dict[str, list[str]]:
    """Every topic's title and aliases through the jargon list: a few hundred aliases times
    dozens of patterns, so kept in the cache with the knowledge they come from."""
    digest = hashlib.sha256(knowledge.fingerprint.encode())
    for rule in knowledge.jargon:
        digest.update(f"{rule.pattern}\0{rule.means}\0".encode())
    key = cache.fingerprint(()) + digest.hexdigest()
    name = f"aliases-{knowledge.fingerprint}"
    stored = cache.read(name, key)
    if isinstance(stored, dict):
        return stored
    aliases = {t.id: [normalise(a) for a in (t.title, *t.aliases)] for t in topics}
    cache.write(name, key, aliases)
    return aliases


def _alias_score(alias: str, query: str) -> float:
    """How strongly a description contains an alias (100: all its words are there)."""
    return float(fuzz.token_set_ratio(alias, query))
