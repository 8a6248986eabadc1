"""Print how many questions the bot asks before a ruling, over the labelled matching sets.

Usage: python scripts/questions_per_ruling.py [FILE ...]
Each description is told as written; when a menu of topics is offered the labelled topic
is picked, and every question is answered with its first choice (never the way out),
until a ruling comes. Picking the topic is not counted as a question.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import yaml

from bot.dialogue.engine import Conversation, Dialogue
from bot.knowledge import PACKAGE_ROOT, load
from bot.render import Renderer

sys.path.insert(0, str(PACKAGE_ROOT / "scripts"))
from matching_accuracy import DEFAULT_SETS

MAX_TURNS = 30


def questions_until_ruling(dialogue: Dialogue, text: str, topic: str) -> int | None:
    """Questions asked before the ruling (None: no ruling reached, or another topic)."""
    conversation = Conversation()
    turns = dialogue.handle(conversation, text)
    asked = 0
    for _ in range(MAX_TURNS):
        last = turns[-1]
        if last.type == "ruling" or any(t.type == "ruling" for t in turns):
            return asked
        if last.type != "question" or not last.choices:
            return None
        if last.topic is None:  # a menu of topics: pick the one the description is about
            ids = [c.id for c in last.choices]
            if topic not in ids:
                return None
            turns = dialogue.handle(conversation, topic)
            continue
        asked += 1
        turns = dialogue.handle(conversation, last.choices[0].id)
    return None


def main() -> int:
    paths = [Path(p) for p in sys.argv[1:]] or DEFAULT_SETS
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    counts: list[int] = []
    missed = 0
    for path in paths:
        for item in yaml.safe_load(path.read_text(encoding="utf-8")):
            asked = questions_until_ruling(dialogue, item["text"], item["topic"])
            if asked is None:
                missed += 1
            else:
                counts.append(asked)
    counts.sort()
    p90 = counts[int(0.9 * (len(counts) - 1))]
    print(f"{len(counts)} rulings reached ({missed} descriptions reached none)")
    print(f"questions per ruling: median {statistics.median(counts)}, 90th percentile {p90}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
