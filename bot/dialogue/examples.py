"""Which topic a description's words point to, learned from the labelled examples.

When the story proves no irregularity, words decide. A topic's aliases are a few phrases; the
examples in ``knowledge/<edition>/examples/`` are over a thousand incidents as players and
directors typed them ("threw a club (had a spade hiding)", "pd goes 'hang on its my lead'"),
each filed under the topic a director would rule it under. Counting which words and word pairs
go with which topic (naive Bayes) recognises new wordings of the same incidents far better than
the aliases alone. It only adds to the alias score: an irregularity the story proves still
ranks first (``Dialogue.rank`` puts the topics ruling on it before all others).

Every example is an incident the bot rules on, so the examples say which topic a description is
about if it is about one, never whether it is: where the aliases put a subject the bot does not
rule on first (seating, a convention card), it stays first; elsewhere the examples order the
topics (``TopicMatcher.rank``).
"""

from __future__ import annotations

import math
import threading
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import reduce
from itertools import pairwise
from operator import add

from bot.knowledge import Example, Knowledge, cache
from bot.lazy import lazy_pattern

EXAMPLES_WEIGHT = 60.0
"""Points the examples give a topic they are sure of (scaled by how sure) in a one-line
question. Less than the closest alias match: the aliases are written for one-liners (the short
examples, held out from the learning in turn, were recognised best below 60)."""
STORY_WEIGHT = 450.0
"""Points they give in a whole story. The examples are stories: over a story's thirty-odd words
they recognise the incident better than any one alias can (checked on blind batches before they
were learned from, each left out of the learning in turn: 450 with ``TEMPERATURE`` 1.2 ranked as
well as 300 with 3.0 and announced a wrong topic 75 times in 3,351 stories instead of 120); a
one-line question is what the aliases are written for."""
SHORT_WORDS = 15
"""Up to this many words a description counts as a one-line question."""
STORY_WORDS = 30
"""From this many words it counts as a whole story; the weight rises evenly in between."""
SMOOTHING = 0.1
"""Added to every count, so a word a topic's examples never use does not rule the topic out.
Small: a word that several of a topic's examples use and no other topic's is strong evidence
(0.5 blurred it; 0.1 recognised blind batches better before they were learned from)."""
TEMPERATURE = 1.2
"""Naive Bayes counts every word as independent evidence and so is too sure of itself;
dividing its log-odds by this spreads a whole story's belief a little. Only a little: with
over 6,000 examples the belief is sure more often for good reason (3.0 until the eighth blind
batch; 1.2 was chosen by leaving out each of the last three batches in turn)."""
SHORT_TEMPERATURE = 3.0
"""The spread for a one-line question: a dozen words make the counts sure of a topic on one
or two words ('nobody has called over it'), where the aliases know better. It falls to
``TEMPERATURE`` as the description grows into a story, as the weight rises."""
DOUBT_TEMPERATURE = 3.0
"""The spread of the belief by which the examples may hold back an announcement
(``engine.EXAMPLES_DOUBT``): wider than the ranking's, so that a story whose words merely
resemble another topic's incidents (the issue's discard 'with a spade hiding', told in a
premature play's words) keeps the announcement of what its reading proves."""
MIN_EXAMPLES = 2
"""A word (or pair) only one example uses says more about its writer than its topic; leaving
those out keeps the model a third of the size (faster to load) and recognises as well."""
_WORD = lazy_pattern(r"[a-z♣♦♥♠0-9']+")


def _story_share(normal_form: str) -> float:
    """0 for a one-line question, 1 for a whole story, evenly in between (by word count)."""
    words = len(_WORD.findall(normal_form))
    return min(1.0, max(0.0, (words - SHORT_WORDS) / (STORY_WORDS - SHORT_WORDS)))


def weight(normal_form: str) -> float:
    """How many points the examples' belief is worth for this description (by its length)."""
    return EXAMPLES_WEIGHT + _story_share(normal_form) * (STORY_WEIGHT - EXAMPLES_WEIGHT)


def temperature(normal_form: str) -> float:
    """How widely the examples' belief is spread for this description (by its length)."""
    return SHORT_TEMPERATURE + _story_share(normal_form) * (TEMPERATURE - SHORT_TEMPERATURE)


def is_story(normal_form: str) -> bool:
    """Longer than a one-line question: words enough for the examples to judge it by."""
    return len(_WORD.findall(normal_form)) > SHORT_WORDS


def features(normal_form: str) -> set[str]:
    """The words of a normalised description and each pair of neighbouring words."""
    words = _WORD.findall(normal_form)
    return {*words, *(f"{a} {b}" for a, b in pairwise(words))}


@dataclass(frozen=True)
class ExampleModel:
    """Word counts per topic, kept in the form the posterior needs."""

    topics: tuple[str, ...]
    base: tuple[float, ...]
    """Per topic: the log of its share of the examples."""
    unseen: tuple[float, ...]
    """Per topic: the log-probability of a known word its examples never use."""
    words: Mapping[str, int]
    """Word (or word pair) -> its row in ``gains``."""
    gains: array[float]
    """One row per word, one column per topic: how much likelier the topic's examples make the
    word than an unseen one, as a log (0 where they never use it). A flat array, so the cache
    reads it in one piece."""

    @classmethod
    def learn(cls, examples: Iterable[Example], normalise: Callable[[str], str]) -> ExampleModel:
        found = [(e.topic, features(normalise(e.text))) for e in examples]
        seen = Counter(word for _, words in found for word in words)
        kept = {w: i for i, w in enumerate(sorted(w for w, n in seen.items() if n >= MIN_EXAMPLES))}
        per_topic: dict[str, Counter[str]] = {}
        for topic, words in found:
            per_topic.setdefault(topic, Counter()).update(w for w in words if w in kept)
        topics = tuple(sorted(per_topic))
        shares = Counter(topic for topic, _ in found)
        base = tuple(math.log(shares[t] / len(found)) for t in topics)
        unseen = tuple(
            math.log(SMOOTHING / (sum(per_topic[t].values()) + SMOOTHING * len(kept)))
            for t in topics
        )
        gains = array("d", bytes(8 * len(kept) * len(topics)))
        for column, topic in enumerate(topics):
            for word, count in per_topic[topic].items():
                gains[kept[word] * len(topics) + column] = math.log((count + SMOOTHING) / SMOOTHING)
        return cls(topics, base, unseen, kept, gains)

    def posterior(self, normal_form: str, spread: float | None = None) -> dict[str, float]:
        """Per topic, how sure the examples are that the description is about it (sums to 1;
        empty when none of its words was ever seen). ``spread`` defaults to the
        description's ``temperature``."""
        scores = _log_odds(self, normal_form)
        if not scores:
            return {}
        top = max(scores)
        spread = temperature(normal_form) if spread is None else spread
        weights = [math.exp((s - top) / spread) for s in scores]
        total = sum(weights)
        return {t: w / total for t, w in zip(self.topics, weights, strict=True)}


RECENT = 8
"""Descriptions whose log-odds are kept: a story's are wanted twice (to rank the topics, then
spread wider to judge whether to announce the first), and their sum is most of the cost."""
_recent: dict[str, tuple[ExampleModel, list[float]]] = {}
_recent_lock = threading.Lock()


def _log_odds(model: ExampleModel, normal_form: str) -> list[float]:
    """Per topic, the log of how likely its examples make the description's words (empty
    when none of them was ever seen): the same sums whatever the spread."""
    found = _recent.get(normal_form)
    if found is not None and found[0] is model:
        return found[1]
    rows = [model.words[w] for w in features(normal_form) if w in model.words]
    scores: list[float] = []
    if rows:
        width = len(model.topics)
        table = memoryview(model.gains)
        # the words' rows side by side; then per topic (every width-th number) the same sum,
        # added in the same order, as one call instead of one Python step per word and topic
        picked = memoryview(b"".join([table[row * width : (row + 1) * width] for row in rows]))
        gains = picked.cast("d")
        scores = [
            reduce(add, gains[column::width], b + len(rows) * u)
            for column, (b, u) in enumerate(zip(model.base, model.unseen, strict=True))
        ]
    with _recent_lock:  # the engine's threads share the model
        while len(_recent) >= RECENT:
            del _recent[next(iter(_recent))]
        _recent[normal_form] = (model, scores)
    return scores


def learned(knowledge: Knowledge, normalise: Callable[[str], str]) -> ExampleModel:
    """The model for this knowledge, kept in the knowledge cache: learning normalises every
    example (about a third of a second), which a one-message command should not pay."""
    key = knowledge.cache_key
    name = f"examples-{key[:16]}"
    if key:
        kept = cache.read(name, key)
        if isinstance(kept, ExampleModel):
            return kept
    model = ExampleModel.learn(knowledge.labelled_examples(), normalise)
    if key:
        cache.write(name, key, model)
    return model
