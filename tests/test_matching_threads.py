"""The engine's threads share one TopicMatcher (issue 14: the engine pool may grow beyond one
thread). Ranking from many threads at once must neither fail nor give a description another
description's scores, whichever thread fills or empties the matcher's caches."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from bot.dialogue.engine import Dialogue
from bot.dialogue.matching import RECENT_QUERIES, TopicMatcher
from bot.knowledge import Knowledge

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from story_accuracy import AREAS, load_stories

THREADS = 8


class CheapMatcher(TopicMatcher):
    """The real caches with the scoring made trivial, so threads meet in them thousands of
    times a second instead of once a millisecond."""

    def _alias_scores(self, query: str) -> list[float]:
        return [float(len(query) % 97 + i) for i in range(len(self.topics))]

    def _alias_words(self, query: str) -> list[list[str]]:
        return []


@pytest.fixture
def switching_often() -> Iterator[None]:
    """Threads take turns every microsecond, as they might under load."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _hammer(rank: Callable[[str], object], expected: dict[str, object], calls: int) -> list[str]:
    """``THREADS`` threads rank ``calls`` texts each, starting together; what went wrong."""
    texts = list(expected)
    problems: list[str] = []
    start = threading.Barrier(THREADS)

    def work(offset: int) -> None:
        start.wait()
        try:
            for call in range(calls):
                text = texts[(call * 7 + offset) % len(texts)]
                if rank(text) != expected[text]:
                    problems.append(f"wrong ranking for {text!r}")
        except Exception as error:  # whatever a thread met is reported
            problems.append(repr(error))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return problems


def _ranking(matcher: TopicMatcher) -> Callable[[str], object]:
    return lambda text: [(m.topic.id, m.score, m.evidence) for m in matcher.rank(text)]


def test_the_recent_scores_survive_threads_evicting_at_once(
    knowledge: Knowledge, dialogue: Dialogue, switching_often: None
) -> None:
    texts = [f"partner bid {n} clubs out of turn" for n in range(3 * RECENT_QUERIES)]
    alone = _ranking(CheapMatcher(knowledge, dialogue.normalise))
    matcher = CheapMatcher(knowledge, dialogue.normalise)
    assert _hammer(_ranking(matcher), {text: alone(text) for text in texts}, calls=4000) == []
    assert len(matcher._recent) <= RECENT_QUERIES


def test_threads_ranking_set_stories_at_once_rank_them_as_one_thread_does(
    knowledge: Knowledge, dialogue: Dialogue, switching_often: None
) -> None:
    stories = [story["text"] for area in AREAS for story in load_stories(area, "set")]
    readings = [dialogue.describe(text).reading for text in stories[::7]]
    alone = _ranking(TopicMatcher(knowledge, dialogue.normalise))
    expected = {reading: alone(reading) for reading in readings}
    matcher = TopicMatcher(knowledge, dialogue.normalise)  # its per-word tables still empty
    assert _hammer(_ranking(matcher), expected, calls=len(readings)) == []
