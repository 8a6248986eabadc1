"""Print the labelled stories whose first proven irregularity is not one their topic rules on.

Usage: python scripts/proven_disagreements.py [--text] [--group KIND/TOPIC] [--area AREA]

When a description proves an irregularity, the topic ruling on it is announced at once ("This
is about: ..."). A labelled story that proves first an irregularity its labelled topic does not
rule on is then announced as another topic: either the reader proved something that did not
happen, two true irregularities are in the wrong order, or the label is wrong
(docs/labelling.md). A disagreement a hand-over explains (the labelled topic goes on to the
topic ruling on it, or that topic goes on to the label) is not a mistake and is counted apart.

Only the labelled set (``knowledge/<edition>/examples/``) is read; never a hold-out.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass

import yaml

from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge, handed_over, load
from bot.render import Renderer

AREAS = ("play", "information", "auction")


@dataclass(frozen=True)
class Disagreement:
    area: str
    text: str
    label: str
    first: str
    proven: tuple[str, ...]
    handed_over: bool


def _explained(knowledge: Knowledge, label: str, kind: str) -> bool:
    """Whether the label and a topic ruling on ``kind`` are joined by a hand-over."""
    topics = knowledge.topics
    ruling = [t for t in topics.values() if kind in t.rules_on]
    reach = {t.id for t in handed_over(topics[label], topics)}
    return any(t.id in reach or label in {h.id for h in handed_over(t, topics)} for t in ruling)


def disagreements(areas: tuple[str, ...]) -> tuple[Counter[str], list[Disagreement]]:
    """Per area the stories proving anything, and every disagreement."""
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    proving: Counter[str] = Counter()
    out: list[Disagreement] = []
    for area in areas:
        path = knowledge.examples_folder / f"{area}.yaml"
        for item in yaml.safe_load(path.read_text("utf-8")):
            proven = dialogue.describe(item["text"]).proven
            if not proven:
                continue
            proving[area] += 1
            label = item["topic"]
            if proven[0] in knowledge.topics[label].rules_on:
                continue
            explained = _explained(knowledge, label, proven[0])
            out.append(Disagreement(area, item["text"], label, proven[0], proven, explained))
    return proving, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--text", action="store_true", help="print each story's text")
    parser.add_argument("--group", help="only KIND/TOPIC (first proven / label)")
    parser.add_argument("--area", choices=AREAS, help="only this area")
    parser.add_argument("--explained", action="store_true", help="list hand-overs too")
    args = parser.parse_args()
    proving, found = disagreements((args.area,) if args.area else AREAS)
    for area in AREAS:
        if area in proving:
            mine = [d for d in found if d.area == area]
            real = sum(not d.handed_over for d in mine)
            print(
                f"{area}: {proving[area]} prove something, {real} disagree "
                f"(+{len(mine) - real} a hand-over explains)"
            )
    shown = [d for d in found if args.explained or not d.handed_over]
    groups = Counter(f"{d.first}/{d.label}" for d in shown)
    for group, n in groups.most_common():
        if args.group and group != args.group:
            continue
        print(f"{n:4d}  {group}")
        if args.text:
            for d in shown:
                if f"{d.first}/{d.label}" == group:
                    note = "  [hand-over]" if d.handed_over else ""
                    print(f"      - [{d.area}] {d.text}\n        proven: {d.proven}{note}")


if __name__ == "__main__":
    main()
