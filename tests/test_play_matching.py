"""Recognising play-period incidents: each play topic's labelled descriptions, written the way
players type before its aliases existed, must keep finding it. Floors sit a little under
today's figures; the hold-out files are never used to tune aliases."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bot.dialogue.engine import Dialogue

from conftest import ROOT

PLAY_SETS = Path(ROOT, "tests", "data", "play")

# (file, at least this many descriptions, top-1 floor, top-3 floor)
LABELLED = [
    ("revoke_set.yaml", 25, 0.88, 0.92),
    ("revoke_holdout.yaml", 15, 0.75, 0.75),
    ("claim_set.yaml", 15, 1.0, 1.0),
    ("claim_holdout.yaml", 8, 0.65, 0.75),
    ("score_correction_set.yaml", 15, 0.94, 0.94),
    ("score_correction_holdout.yaml", 8, 0.75, 0.85),
    ("penalty_card_set.yaml", 20, 0.83, 0.95),
    # 10/10 until the examples joined the ranking (2026-11-25): 9/10 since, while the play
    # hold-outs together went from 74/88 to 77/88 top-1 (see the test below)
    ("penalty_card_holdout.yaml", 10, 0.9, 1.0),
    ("lead_out_of_turn_set.yaml", 15, 0.94, 1.0),
    ("lead_out_of_turn_holdout.yaml", 8, 0.44, 0.95),
    # 16/16 until the examples joined the ranking; since, "premature play by a defender, what
    # can declarer choose" ties with penalty_card and is offered in a menu with it (15/16)
    ("premature_play_set.yaml", 15, 0.93, 1.0),
    ("premature_play_holdout.yaml", 8, 0.50, 0.85),
    ("defective_trick_set.yaml", 10, 1.0, 1.0),
    ("quitted_tricks_set.yaml", 10, 1.0, 1.0),
    ("wrong_number_of_cards_set.yaml", 10, 1.0, 1.0),
    ("dummy_rights_set.yaml", 10, 0.91, 0.91),
    *(
        (f"{topic}_holdout.yaml", 5, 0.6, 0.8)
        for topic in ("defective_trick", "quitted_tricks", "wrong_number_of_cards", "dummy_rights")
    ),
]


def test_every_play_file_has_a_floor() -> None:
    assert {name for name, *_ in LABELLED} == {p.name for p in PLAY_SETS.glob("*.yaml")}


@pytest.mark.parametrize(("name", "size", "floor1", "floor3"), LABELLED)
def test_labelled_play_descriptions(
    name: str, size: int, floor1: float, floor3: float, dialogue: Dialogue
) -> None:
    items = yaml.safe_load((PLAY_SETS / name).read_text(encoding="utf-8"))
    assert len(items) >= size
    ranked = [[m.topic.id for m in dialogue.rank(item["text"])[:3]] for item in items]
    top1 = sum(item["topic"] == r[0] for item, r in zip(items, ranked, strict=True))
    top3 = sum(item["topic"] in r for item, r in zip(items, ranked, strict=True))
    misses = [item["text"] for item, r in zip(items, ranked, strict=True) if item["topic"] != r[0]]
    # a hold-out's misses are never shown: nobody may tune on its texts
    shown = misses if "holdout" not in name else f"{len(misses)} misses"
    assert top1 / len(items) >= floor1, shown
    assert top3 / len(items) >= floor3, shown


def test_the_play_hold_outs_together(dialogue: Dialogue) -> None:
    """Every play hold-out at once: a floor no single topic's change can slip under."""
    items = [
        item
        for path in sorted(PLAY_SETS.glob("*_holdout.yaml"))
        for item in yaml.safe_load(path.read_text(encoding="utf-8"))
    ]
    ranked = [[m.topic.id for m in dialogue.rank(item["text"])[:3]] for item in items]
    top1 = sum(item["topic"] == r[0] for item, r in zip(items, ranked, strict=True))
    top3 = sum(item["topic"] in r for item, r in zip(items, ranked, strict=True))
    assert len(items) >= 88
    # 77 until the examples weighed more in a whole story (bot/dialogue/examples.py): three of
    # these one-liners went to a neighbour while the never-read story hold-outs gained (fresh
    # 213 -> 215 of 249, the session's 171 -> 182 of 228, a new blind batch 998 -> 1022 of
    # 1,176); the weights were chosen on the learning's own validation, never on this set
    assert top1 >= 76 and top3 >= 85, f"{top1}/{len(items)} top-1, {top3} top-3"
