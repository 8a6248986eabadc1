"""Ranking was made cheaper (issue 9: it was over half the engine's CPU per update); these
tests pin that it ranks exactly as the plain version did, over every labelled description."""

from __future__ import annotations

import random
import sys
from itertools import pairwise
from pathlib import Path

import pytest
import yaml
from rapidfuzz import fuzz, process

from bot.dialogue.engine import Dialogue
from bot.dialogue.matching import AliasScores, TopicMatcher, _words
from bot.knowledge import Knowledge

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from story_accuracy import AREAS, load_stories


class PlainMatcher(TopicMatcher):
    """The matcher as first written: every alias scored, keyword sums per topic, close
    words looked up afresh each time."""

    def _alias_scores(self, query: str) -> list[float]:
        best = [0.0] * len(self.topics)
        scored = process.extract(query, self.flat_aliases, scorer=fuzz.token_set_ratio, limit=None)
        for _, score, position in scored:
            index = self.alias_topic[position]
            best[index] = max(best[index], float(score))
        return best

    def _keywords(self, found: list[list[str]]) -> list[float]:
        return [
            sum(
                next((self.rarity[w] for w in candidates if w in self.vocabulary[t.id]), 0.0)
                for candidates in found
            )
            for t in self.topics
        ]

    def _alias_words(self, query: str) -> list[list[str]]:
        found: list[list[str]] = []
        for word in set(_words(query)):
            if len(word) <= 3:
                if word in self.rarity:
                    found.append([word])
                continue
            close = process.extract(
                word, self.all_words, scorer=fuzz.ratio, score_cutoff=85, limit=None
            )
            if close:
                found.append([match[0] for match in close])
        return found


def _descriptions() -> list[str]:
    texts: list[str] = []
    for path in sorted((ROOT / "tests" / "data").rglob("*.yaml")):
        if path.parent.name == "rulings":  # ruling cases (say: lines), not description sets
            continue
        for item in yaml.safe_load(Path(path).read_text(encoding="utf-8")):
            if isinstance(item, dict) and "say" in item:  # a ruling case: its description
                say = item["say"]
                texts.append(say if isinstance(say, str) else say[0])
            else:
                texts.append(item["text"] if isinstance(item, dict) else str(item))
    return texts


DESCRIPTIONS = _descriptions()


@pytest.fixture(scope="module")
def plain(knowledge: Knowledge, dialogue: Dialogue) -> PlainMatcher:
    return PlainMatcher(knowledge, dialogue.normalise)


def test_there_are_hundreds_of_descriptions_to_compare() -> None:
    assert len(DESCRIPTIONS) > 500


def test_every_description_ranks_as_before(dialogue: Dialogue, plain: PlainMatcher) -> None:
    differ = []
    for text in DESCRIPTIONS:
        boosts = dialogue.boosts(text)
        fast = [(m.topic.id, m.score, m.evidence) for m in dialogue.matcher.rank(text, boosts)]
        slow = [(m.topic.id, m.score, m.evidence) for m in plain.rank(text, boosts)]
        if fast != slow:
            differ.append(text)
    assert differ == []


def test_repeated_words_give_the_same_close_words(dialogue: Dialogue, plain: PlainMatcher) -> None:
    query = dialogue.normalise("the simultanous calls were insufficient, revokd twice")
    first = dialogue.matcher._alias_words(query)
    assert first == dialogue.matcher._alias_words(query) == plain._alias_words(query)
    assert ["simultaneous"] in first  # a misspelling still counts
    assert dialogue.matcher._close_words["simultanous"] == ["simultaneous"]


def test_a_warmed_up_matcher_knows_the_examples_words_as_a_plain_lookup_finds_them(
    knowledge: Knowledge, dialogue: Dialogue, plain: PlainMatcher
) -> None:
    """A served bot looks up the close words of every word the examples use before its first
    user (issue 16): the words it then uses are those a lookup at the first message finds."""
    warmed = TopicMatcher(knowledge, dialogue.normalise)
    warmed.warm_up()
    assert len(warmed._close_words) > 1000  # the examples' words, looked up in advance
    query = dialogue.normalise("the simultanous calls were insufficient, revokd twice")
    assert warmed._alias_words(query) == plain._alias_words(query)
    for word, close in list(warmed._close_words.items())[::50]:
        found = process.extract(
            word, plain.all_words, scorer=fuzz.ratio, score_cutoff=85, limit=None
        )
        assert close == [w for w, _, _ in found], word


# Issue 14: the alias list grew to a thousand aliases and each was scored by its own
# token_set_ratio call; AliasScores gives the same numbers from batched distances. These pin
# it to the call-per-alias scores, float for float, on the labelled set stories and on every
# alias told as a description (what a player types that is exactly a topic's wording).


SET_STORIES = [story["text"] for area in AREAS for story in load_stories(area, "set")]


def _one_call_per_alias(aliases: list[list[str]], query: str) -> list[float]:
    """The matcher's alias scores as they were computed before: one topic at a time."""
    scores = []
    for texts in aliases:
        best = process.extractOne(query, texts, scorer=fuzz.token_set_ratio)
        scores.append(float(best[1]) if best else 0.0)
    return scores


def test_the_set_stories_are_there_to_compare() -> None:
    assert len(SET_STORIES) > 400


def test_every_set_story_and_alias_ranks_as_with_one_call_per_alias(
    dialogue: Dialogue, plain: PlainMatcher
) -> None:
    aliases = [alias for topic in plain.topics for alias in (topic.title, *topic.aliases)]
    differ = []
    for text in [*SET_STORIES, *aliases]:
        boosts = dialogue.boosts(text)
        reading = dialogue.describe(text).reading
        fast = [(m.topic.id, m.score, m.evidence) for m in dialogue.matcher.rank(reading, boosts)]
        slow = [(m.topic.id, m.score, m.evidence) for m in plain.rank(reading, boosts)]
        if fast != slow:
            differ.append(text)
    assert differ == []


def test_alias_scores_are_token_set_ratios_float_for_float(dialogue: Dialogue) -> None:
    matcher = dialogue.matcher
    by_topic = [matcher.aliases[t.id] for t in matcher.topics]
    readings = [matcher.normalise(dialogue.describe(t).reading) for t in SET_STORIES]
    queries = [*readings, *matcher.flat_aliases]
    # two stories told as one, a story with a topic's wording pasted in, half of a story's words
    queries += [f"{a} {b}" for a, b in pairwise(readings)]
    queries += [f"{r} {a}" for r, a in zip(readings, matcher.flat_aliases, strict=False)]
    queries += [" ".join(r.split()[::2]) for r in readings]
    differ = [
        q for q in queries if matcher.alias_scores.best(q) != _one_call_per_alias(by_topic, q)
    ]
    assert differ == []


@pytest.mark.parametrize(
    "query",
    [
        "",  # no words: token_set_ratio says 0 for every alias
        "   ",
        "revoke",  # one word: inside every alias that uses it (100)
        "revoke revoke revoke",
        "the",  # a word most aliases use
        "zzzz qqqq",  # no alias word at all
        "lead out of turn",  # an alias word for word
        "he made an opening lead out of turn and dummy was faced",
        "partner\xa0revoked twice",  # a space rapidfuzz does not split on: scored the old way
        "1♠ 1♥ partner pulled the wrong card",
    ],
)
def test_alias_scores_on_the_edge_cases(dialogue: Dialogue, query: str) -> None:
    matcher = dialogue.matcher
    by_topic = [matcher.aliases[t.id] for t in matcher.topics]
    assert matcher.alias_scores.best(query) == _one_call_per_alias(by_topic, query)


def test_a_small_alias_list_scores_as_token_set_ratio() -> None:
    aliases = [["revoke", "a revoke"], ["lead out of turn", "lead out"], []]
    scores = AliasScores(aliases)
    told = "partner made a revoke at trick 3"
    assert scores.best(told) == [100.0, 33.33333333333333, 0.0]  # a topic without aliases: 0
    assert scores.best(told) == _one_call_per_alias(aliases, told)
    assert scores.best("he led out") == _one_call_per_alias(aliases, "he led out")


def test_any_alias_lists_score_as_token_set_ratio() -> None:
    """Random alias lists and descriptions made of a few overlapping syllables, so shared
    words, repeated words, one-word and empty aliases, topics without aliases and ties in
    length all come up often (seeded: the same cases every run)."""
    rng = random.Random(14)
    syllables = ["a", "b", "ab", "ba", "abc", "cab", "bc", "c", "aa", "abab", "ca", "bca", "cc"]

    def text(most: int) -> str:
        return " ".join(rng.choice(syllables) for _ in range(rng.randint(0, most)))

    differ = []
    for _ in range(3000):
        aliases = [[text(5) for _ in range(rng.randint(0, 6))] for _ in range(rng.randint(1, 6))]
        scores = AliasScores(aliases)
        for description in (text(9) for _ in range(10)):
            if scores.best(description) != _one_call_per_alias(aliases, description):
                differ.append((aliases, description))
    assert differ == []


def test_scores_are_rounded_exactly_as_round_does() -> None:
    """A rank rounds its scores to tenths without round() (a fifth of the cost): the very
    floats round() gives, halves and the sign of zero included, or ties would order differently."""
    from math import copysign

    from bot.dialogue.matching import _tenths

    rng = random.Random(7)
    values = [rng.uniform(-2000.0, 2000.0) for _ in range(200_000)]
    values += [k / 20 for k in range(-40_000, 40_000)]  # every half tenth: round's ties
    values += [k / 10 for k in range(-20_000, 20_000)]
    values += [0.0, -0.0, -0.04, 0.04, 2.675, 1e12, -1e12, 1e300, 5e-324]
    for value in values:
        ours, theirs = _tenths(value), round(value, 1)
        assert ours == theirs and copysign(1.0, ours) == copysign(1.0, theirs), value


# Issue 16: a description is mostly started after comparing the aliases of a few topics
# (``Dialogue._clear_start``, on ``TopicMatcher.bounds``), or none when the story proves its
# irregularity; the reply must be the very one the full ranking gives, and the boosts must be
# those of every topic looked at in turn.


def _plain_boosts(dialogue: Dialogue, text: str) -> dict[str, tuple[float, float]]:
    """``Dialogue.boosts`` as first written: every topic looked at."""
    from bot.dialogue.engine import AUCTION_BONUS, PERIOD_TOLD, PROVEN_BONUS, RULED_OUT

    description = dialogue.describe(text)
    proven = description.proven
    firm = "insufficient_bid" in description.suggested and (
        "calls_in_rotation" in description.excluded
    )
    out: dict[str, tuple[float, float]] = {}
    for topic in dialogue.knowledge.topics.values():
        score, evidence = 0.0, 0.0
        ruled = [k for k in topic.rules_on if k in proven]
        if ruled:
            score += PROVEN_BONUS * (len(proven) - min(proven.index(k) for k in ruled))
            evidence += 10.0
        elif any(k in description.suggested[:1] for k in topic.rules_on):
            score += AUCTION_BONUS * (1.5 if firm else 1.0)
            evidence += 10.0
        against = [k for k in topic.excluded_by if k in description.excluded]
        if against and not evidence:
            score -= RULED_OUT
        elif any(k not in PERIOD_TOLD for k in against):
            score -= AUCTION_BONUS
        if score or evidence:
            out[topic.id] = (score, evidence)
    return out


def test_boosts_are_those_of_every_topic_looked_at(dialogue: Dialogue) -> None:
    differ = [
        t for t in [*DESCRIPTIONS, *SET_STORIES] if dialogue.boosts(t) != _plain_boosts(dialogue, t)
    ]
    assert differ == []


def test_bounds_hold_every_ranked_score(dialogue: Dialogue) -> None:
    matcher = dialogue.matcher
    outside = []
    for text in [*DESCRIPTIONS, *SET_STORIES]:
        reading, boosts = dialogue.describe(text).reading, dialogue.boosts(text)
        bounds = matcher.bounds(reading, boosts)
        found = {m.topic.id: m for m in matcher.rank(reading, boosts)}
        for i, topic in enumerate(matcher.topics):
            match = found[topic.id]
            if not (
                bounds.low[i] <= match.score <= bounds.high[i]
                and bounds.evidence[i] == match.evidence
                and (not match.covered or bounds.learned[i] == match.learned)
            ):
                outside.append((text, topic.id))
    assert outside == []


def test_a_description_started_without_the_ranking_gets_the_ranking_s_reply(
    dialogue: Dialogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.dialogue.engine import Conversation

    started = [t for t in [*DESCRIPTIONS, *SET_STORIES] if dialogue._clear_start(t)]
    assert len(started) > 1000  # most descriptions are started without the full ranking
    fast = [[(x.type, x.text) for x in dialogue.handle(Conversation(), t)] for t in started]
    monkeypatch.setattr(dialogue, "_clear_start", lambda message: None)
    full = [[(x.type, x.text) for x in dialogue.handle(Conversation(), t)] for t in started]
    differ = [t for t, a, b in zip(started, fast, full, strict=True) if a != b]
    assert differ == []


def test_an_insufficient_bid_told_plainly_compares_no_alias(
    dialogue: Dialogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.dialogue.engine import Conversation

    def compared(query: str) -> list[float]:
        raise AssertionError(f"aliases compared for {query!r}")

    monkeypatch.setattr(dialogue.matcher, "_alias_scores", compared)
    turns = dialogue.handle(
        Conversation(), "North opened 1S, East bid 1H, South has not called yet"
    )
    assert turns[0].topic == "insufficient_bid"


def test_bounds_settled_one_by_one_are_the_ranked_scores(dialogue: Dialogue) -> None:
    matcher = dialogue.matcher
    differ = []
    for text in [*DESCRIPTIONS, *SET_STORIES[::5]]:
        reading, boosts = dialogue.describe(text).reading, dialogue.boosts(text)
        bounds = matcher.bounds(reading, boosts)
        found = {m.topic.id: m for m in matcher.rank(reading, boosts)}
        for i, topic in enumerate(matcher.topics):
            bounds.settle(i)
            match = found[topic.id]
            exact = bounds.low[i] == match.score == bounds.high[i]
            if not (
                exact or (not match.covered and bounds.low[i] <= match.score <= bounds.high[i])
            ):
                differ.append((text, topic.id))
    assert differ == []


def test_a_question_naming_its_topic_compares_a_few_topics_aliases(
    dialogue: Dialogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.dialogue.engine import SETTLE_AT_MOST, Conversation

    compared: list[int] = []
    one = dialogue.matcher.alias_scores.one

    def counted(query: str, index: int) -> float:
        compared.append(index)
        return one(query, index)

    def every(query: str) -> list[float]:
        raise AssertionError(f"every alias compared for {query!r}")

    monkeypatch.setattr(dialogue.matcher.alias_scores, "one", counted)
    monkeypatch.setattr(dialogue.matcher, "_alias_scores", every)
    turns = dialogue.handle(Conversation(), "can you bid eight level bid above seven?")
    assert turns[0].topic == "bid_above_seven"
    assert 0 < len(compared) <= SETTLE_AT_MOST
