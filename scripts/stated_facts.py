"""Print the facts the labelled set states that the bot still asks, and the facts it fills wrongly.

Usage: python scripts/stated_facts.py [--area play|information|auction] [--topic ID] [--show]

Each story of the labelled set (``knowledge/<edition>/examples/``, never a hold-out) is handed
to its labelled topic as if picked from the menu and its questions are answered with the
labelled choice when the label states it (else with the first choice), as
``scripts/story_accuracy.py`` does. Counted per topic and per fact, largest first:

- asked: a fact the label states was asked (the bot should have read it);
- contradicting: a fact the bot filled from the description with another value than the label's
  (a wrong fact leads to a wrong ruling: this must never rise).

``--show`` lists the stories behind each count.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bot.dialogue.engine import CHOOSE_TOPIC, Conversation, Dialogue
from bot.knowledge import PACKAGE_ROOT, Knowledge, load
from bot.render import Renderer

sys.path.insert(0, str(PACKAGE_ROOT / "scripts"))
from story_accuracy import (
    AREAS,
    MAX_TURNS,
    _first_topic,
    _label_owns,
    hands_over_to,
    load_stories,
)


@dataclass
class Told:
    """One story handed to its labelled topic."""

    asked: list[str] = field(default_factory=list)
    """Stated facts asked."""
    wrong: dict[str, str] = field(default_factory=dict)
    """Stated facts filled from the description with another value: fact -> value filled."""
    filled: int = 0
    """Stated facts filled from the description (right or wrong)."""


def _filled(conv: Conversation) -> list[tuple[str, str, str]]:
    """(topic, fact, value) filled from the description, in every stage so far."""
    out = [
        (str(stage["topic"]), fact, str(stage["facts"].get(fact, "")))
        for stage in conv.stages
        for fact in stage.get("inferred", [])
    ]
    if conv.topic is not None:
        out += [(conv.topic, fact, str(conv.facts.get(fact, ""))) for fact in conv.inferred]
    return out


_SPIED: list[tuple[str, str, str]] = []
"""What was filled when a ruling came (the conversation is reset right after it)."""


def spy_on_rulings(dialogue: Dialogue) -> None:
    """Record the facts filled from the description just before each ruling is given."""
    took_turn = dialogue._took_turn

    def spied(conv: Conversation, topic: Any, step: Any) -> Any:
        _SPIED.extend(_filled(conv))
        return took_turn(conv, topic, step)

    dialogue._took_turn = spied  # type: ignore[method-assign]


def tell(dialogue: Dialogue, item: dict[str, Any]) -> Told:
    knowledge: Knowledge = dialogue.knowledge
    topic_id: str = item["topic"]
    facts: dict[str, str] = item.get("facts") or {}
    chain = hands_over_to(knowledge, topic_id)
    told = Told()
    conv = Conversation()
    conv.version = knowledge.fingerprint
    conv.pending, conv.offered, conv.description = CHOOSE_TOPIC, [topic_id], item["text"]
    _SPIED.clear()
    turns = dialogue.handle(conv, topic_id)
    if _first_topic(conv) != topic_id:
        return told
    seen: dict[tuple[str, str], str] = {}
    for _ in range(MAX_TURNS):
        for key in _SPIED:
            seen[key[:2]] = key[2]
        _SPIED.clear()
        for key in _filled(conv):
            seen[key[:2]] = key[2]
        if any(t.type == "ruling" for t in turns):
            break
        fact, current = conv.pending, conv.topic
        if fact is None or current is None or fact == CHOOSE_TOPIC or current not in chain:
            break
        question = knowledge.topics[current].question(fact)
        if question is None or not question.choices:
            break
        answer = question.choices[0].id
        if fact in facts and _label_owns(knowledge, topic_id, fact, current):
            told.asked.append(fact)
            if question.choice(facts[fact]) is not None:
                answer = facts[fact]
        turns = dialogue.press(conv, conv.asked, answer)
    for (topic, fact), value in seen.items():
        if fact in facts and _label_owns(knowledge, topic_id, fact, topic):
            told.filled += 1
            if str(facts[fact]) != value:
                told.wrong[fact] = value
    return told


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--area", choices=AREAS, action="append")
    parser.add_argument("--topic", action="append")
    parser.add_argument("--show", action="store_true", help="list the stories behind the counts")
    args = parser.parse_args()
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    spy_on_rulings(dialogue)
    asked: Counter[tuple[str, str]] = Counter()
    wrong: Counter[tuple[str, str]] = Counter()
    stated = filled = stories = 0
    lines: list[str] = []
    for area in args.area or AREAS:
        for item in load_stories(area, "set"):
            if args.topic and item["topic"] not in args.topic:
                continue
            stories += 1
            stated += len(item.get("facts") or {})
            told = tell(dialogue, item)
            filled += told.filled
            for fact in told.asked:
                asked[(item["topic"], fact)] += 1
                if args.show:
                    lines.append(
                        f"asked {item['topic']}.{fact}={item['facts'][fact]}  {item['text']}"
                    )
            for fact, value in told.wrong.items():
                wrong[(item["topic"], fact)] += 1
                if args.show:
                    lines.append(
                        f"WRONG {item['topic']}.{fact}={item['facts'][fact]} filled {value}"
                        f"  {item['text']}"
                    )
    print(
        f"{stories} stories, {stated} stated facts: {sum(asked.values())} asked, "
        f"{filled} filled, {sum(wrong.values())} filled contradicting the label"
    )
    by_topic: Counter[str] = Counter()
    for (topic, _), n in asked.items():
        by_topic[topic] += n
    print("\nasked, per topic:")
    for topic, n in by_topic.most_common():
        print(f"  {n:5d}  {topic}")
    print("\nasked, per fact:")
    for (topic, fact), n in asked.most_common():
        print(f"  {n:5d}  {topic}.{fact}")
    print("\ncontradicting the label, per fact:")
    for (topic, fact), n in wrong.most_common():
        print(f"  {n:5d}  {topic}.{fact}")
    if lines:
        print()
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
