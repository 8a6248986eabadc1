"""A story handed to one topic, as when the user picks it from the menu, and walked to its
ruling: the facts asked, the "I took from your description" line and the ruling. Shared by the
tests that check what a story states is filled, not asked (issue 14)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.dialogue.engine import CHOOSE_TOPIC, Conversation, Dialogue, Turn

TOOK = "I took from your description"


@dataclass
class Told:
    asked: list[str]
    """The facts asked, in order."""
    took: str
    ruling: Turn | None

    def __iter__(self) -> Iterator[Any]:
        """``asked, took, ruling = tell(...)``."""
        return iter((self.asked, self.took, self.ruling))


def tell(dialogue: Dialogue, topic: str, story: str, answers: dict[str, str] | None = None) -> Told:
    """Hand ``story`` to ``topic`` and answer each question from ``answers`` (else with its
    first choice), until the ruling."""
    given = answers or {}
    conv = Conversation()
    conv.version = dialogue.knowledge.fingerprint
    conv.pending, conv.offered, conv.description = CHOOSE_TOPIC, [topic], story
    turns = dialogue.handle(conv, topic)
    seen = list(turns)
    asked: list[str] = []
    for _ in range(15):
        if any(t.type == "ruling" for t in turns) or conv.pending is None or conv.topic is None:
            break
        fact = conv.pending
        asked.append(fact)
        question = dialogue.knowledge.topics[conv.topic].question(fact)
        assert question is not None
        turns = dialogue.press(conv, conv.asked, given.get(fact, question.choices[0].id))
        seen += turns
    took = next((t.text for t in seen if t.text.startswith(TOOK)), "")
    ruling = next((t for t in reversed(seen) if t.type == "ruling"), None)
    return Told(asked, took, ruling)
