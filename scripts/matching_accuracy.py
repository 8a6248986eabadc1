"""Print top-1 and top-3 topic-matching accuracy on the labelled set.

Usage: python scripts/matching_accuracy.py [--misses] [FILE]
The set (tests/data/matching_set.yaml) is written the way players type,
independently of the topic aliases, so the figures mean something.
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

DEFAULT_SET = PACKAGE_ROOT / "tests" / "data" / "matching_set.yaml"


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
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_SET)
    parser.add_argument("--misses", action="store_true", help="list every top-1 miss")
    args = parser.parse_args()
    items = yaml.safe_load(args.file.read_text(encoding="utf-8"))
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    top1, top3, misses = evaluate(dialogue, items)
    n = len(items)
    per_topic = Counter(item["topic"] for item in items)
    print(f"descriptions: {n} across {len(per_topic)} topics")
    print(f"top-1: {top1}/{n} = {top1 / n:.1%}")
    print(f"top-3: {top3}/{n} = {top3 / n:.1%}")
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
