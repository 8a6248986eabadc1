"""Ranking was made cheaper (issue 9: it was over half the engine's CPU per update); these
tests pin that it ranks exactly as the plain version did, over every labelled description."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from rapidfuzz import fuzz, process

from bot.dialogue.engine import Dialogue
from bot.dialogue.matching import TopicMatcher, _words
from bot.knowledge import Knowledge

from conftest import ROOT


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
