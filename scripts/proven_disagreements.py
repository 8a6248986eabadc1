"""Print the labelled stories whose first proven irregularity is not one their topic rules on.

Usage: python scripts/proven_disagreements.py [--text] [--group KIND/TOPIC] [--area AREA] [--recall]
       [--nothing TOPIC]

When a description proves an irregularity, the topic ruling on it is announced at once ("This
is about: ..."). A labelled story that proves first an irregularity its labelled topic does not
rule on is then announced as another topic: either the reader proved something that did not
happen, two true irregularities are in the wrong order, or the label is wrong
(docs/labelling.md). ``--recall`` prints, per labelled topic, how many of its stories prove
first an irregularity it rules on, how many prove another one and how many prove nothing: the
stories proving nothing are the ones left to the aliases and the examples (``--nothing TOPIC``
lists them). A disagreement a
hand-over explains (the labelled topic goes on to the
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


def disagreements(
    areas: tuple[str, ...],
    recall: Counter[tuple[str, str]] | None = None,
    unproven: list[tuple[str, str]] | None = None,
) -> tuple[Counter[str], list[Disagreement]]:
    """Per area the stories proving anything, and every disagreement.

    ``recall``, when given, counts (topic, "right" / "other" / "nothing") per labelled story;
    ``unproven``, when given, collects (topic, text) of each story proving nothing.
    """
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    proving: Counter[str] = Counter()
    out: list[Disagreement] = []
    recall = Counter() if recall is None else recall
    for area in areas:
        path = knowledge.examples_folder / f"{area}.yaml"
        for item in yaml.safe_load(path.read_text("utf-8")):
            proven = dialogue.describe(item["text"]).proven
            if not proven:
                recall[item["topic"], "nothing"] += 1
                if unproven is not None:
                    unproven.append((item["topic"], item["text"]))
                continue
            proving[area] += 1
            label = item["topic"]
            if proven[0] in knowledge.topics[label].rules_on:
                recall[label, "right"] += 1
                continue
            explained = _explained(knowledge, label, proven[0])
            recall[label, "right" if explained else "other"] += 1
            out.append(Disagreement(area, item["text"], label, proven[0], proven, explained))
    return proving, out


def _print_recall(recall: Counter[tuple[str, str]]) -> None:
    """One line per topic, the topics proving least first."""
    topics = sorted({topic for topic, _ in recall})
    rows = []
    for topic in topics:
        right, other, nothing = (recall[topic, k] for k in ("right", "other", "nothing"))
        rows.append((right / (right + other + nothing), topic, right, other, nothing))
    print(f"{'topic':34} {'right':>6} {'other':>6} {'nothing':>8}  share right")
    for share, topic, right, other, nothing in sorted(rows):
        print(f"{topic:34} {right:6d} {other:6d} {nothing:8d}  {share:.0%}")
    total = [sum(recall[t, k] for t in topics) for k in ("right", "other", "nothing")]
    print(f"{'all':34} {total[0]:6d} {total[1]:6d} {total[2]:8d}  {total[0] / sum(total):.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--text", action="store_true", help="print each story's text")
    parser.add_argument("--group", help="only KIND/TOPIC (first proven / label)")
    parser.add_argument("--area", choices=AREAS, help="only this area")
    parser.add_argument("--explained", action="store_true", help="list hand-overs too")
    parser.add_argument("--recall", action="store_true", help="per topic: right / other / none")
    parser.add_argument("--nothing", metavar="TOPIC", help="list TOPIC's stories proving nothing")
    args = parser.parse_args()
    recall: Counter[tuple[str, str]] = Counter()
    unproven: list[tuple[str, str]] = []
    proving, found = disagreements((args.area,) if args.area else AREAS, recall, unproven)
    if args.recall:
        _print_recall(recall)
        return
    if args.nothing:
        texts = [text for topic, text in unproven if topic == args.nothing]
        print(f"{len(texts):4d}  nothing/{args.nothing}")
        for text in texts:
            print(f"      - {text}")
        return
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
