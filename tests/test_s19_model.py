"""Session 19: the learned routing judged on stories it never learned from.

``scripts/routing_cv.py`` relearns the examples model without each fold of the set and tells
the fold's stories to the engine; these tests hold its folds and its sweep to what the
figures rely on.
"""

from __future__ import annotations

from collections import Counter

from bot.dialogue.engine import Dialogue
from bot.dialogue.examples import ExampleModel
from bot.knowledge import Example
from scripts.routing_cv import Start, folds, sweep, tally, use_model


def _stories() -> list[tuple[str, str]]:
    sizes = {"revoke": 11, "claim": 7, "lead_out_of_turn": 5, "insufficient_bid": 2}
    return [(f"{topic} story {i}", topic) for topic, n in sizes.items() for i in range(n)]


def test_folds_split_every_story_once_with_each_topic_spread_evenly() -> None:
    stories = _stories()
    split = folds(stories, k=5, seed=19)
    assert len(split) == 5
    every = sorted(i for fold in split for i in fold)
    assert every == list(range(len(stories)))  # each story in exactly one fold
    sizes = [len(fold) for fold in split]
    assert max(sizes) - min(sizes) <= 1
    for topic in {t for _, t in stories}:
        per_fold = [sum(stories[i][1] == topic for i in fold) for fold in split]
        assert max(per_fold) - min(per_fold) <= 1, (topic, per_fold)


def test_folds_are_the_same_every_run_and_change_with_the_seed() -> None:
    stories = _stories()
    assert folds(stories, k=5, seed=19) == folds(list(stories), k=5, seed=19)
    assert folds(stories, k=5, seed=19) != folds(stories, k=5, seed=20)


def test_a_fold_is_measured_by_a_model_that_never_saw_it(dialogue: Dialogue) -> None:
    """With the model learned without a story, the story's own odd words count for nothing:
    the harness swaps the model in and puts the full one back."""
    full = dialogue.matcher.examples
    text = "dummy pointed at declarers hand and said you are in hand partner before trick 5"
    story = Example(text, "dummy_rights")
    learned = [
        Example("lho revoked in clubs", "revoke"),
        Example("rho revoked in hearts, established", "revoke"),
        Example("declarer claimed the rest, we disputed", "claim"),
        Example("declarer claimed and showed his cards", "claim"),
    ]
    blind = ExampleModel.learn(learned, dialogue.normalise)
    try:
        use_model(dialogue, blind)
        assert dialogue.matcher.examples is blind
        figures = tally(dialogue, [(story.text, story.topic)])
        assert figures.n == 1
    finally:
        use_model(dialogue, full)
    assert dialogue.matcher.examples is full


def test_the_sweep_counts_held_back_starts_as_menus() -> None:
    starts = [
        Start(right=True, belief=0.9, in_menu=True, gap=80.0, proven=False),
        Start(right=False, belief=0.002, in_menu=True, gap=80.0, proven=True),
        Start(right=True, belief=0.002, in_menu=True, gap=80.0, proven=True),
    ]
    low, high = sweep(starts, doubts=(0.001, 0.003))
    assert "at once right 2     WRONG 1" in low
    assert "at once right 1     WRONG 0" in high
    assert "held back 2" in high and "their menu holds the label 2" in high
    assert Counter(s.right for s in starts)[True] == 2
