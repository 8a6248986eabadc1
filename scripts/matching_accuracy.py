"""Print top-1 and top-3 topic-matching accuracy on the labelled sets.

Usage: python scripts/matching_accuracy.py [--misses] [FILE ...]
Both sets are written the way players type, blind to the topic aliases.
The set (knowledge/<edition>/examples/short.yaml) has been used to spot missing aliases and
the bot learns from it; matching_holdout.yaml never has, so its figure is the honest one.
Keep it that way: do not tune aliases on the hold-out's misses.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import yaml

from bot.dialogue.engine import Dialogue
from bot.knowledge import PACKAGE_ROOT, load
from bot.render import Renderer

DATA = PACKAGE_ROOT / "tests" / "data"
DEFAULT_SETS = [load().examples_folder / "short.yaml", DATA / "matching_holdout.yaml"]
"""Short descriptions the bot learns from (``knowledge/<edition>/examples/short.yaml``), and a
hold-out nothing is tuned on or learned from."""


def evaluate(dialogue: Dialogue, items: list[dict[str, str]]) -> tuple[int, int, list[str]]:
    top1 = top3 = 0
    misses = []
    for item in items:
        ranked = [m.topic.id for m in dialogue.rank(item["text"])]
        top1 += ranked[0] == item["topic"]
        top3 += item["topic"] in ranked[:3]
        if ranked[0] != item["topic"]:
            misses.append(f"{item['topic']:>26} -> {ranked[0]:<26} {item['text']}")
    return top1, top3, misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT_SETS)
    parser.add_argument("--misses", action="store_true", help="list every top-1 miss")
    args = parser.parse_args()
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    for path in args.files:
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        top1, top3, misses = evaluate(dialogue, items)
        n = len(items)
        per_topic = Counter(item["topic"] for item in items)
        print(f"{path.name}: {n} descriptions across {len(per_topic)} topics")
        print(f"  top-1: {top1}/{n} = {top1 / n:.1%}")
        print(f"  top-3: {top3}/{n} = {top3 / n:.1%}")
        if args.misses:
            print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
