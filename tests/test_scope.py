"""What the bot does not cover gets 'not covered yet', the Laws to read and 'call the
director' - never the nearest topic picked on generic words."""

from __future__ import annotations

import statistics
import sys
from typing import Any

import pytest
import yaml

from bot.dialogue.engine import Conversation, Dialogue

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
from questions_per_ruling import DEFAULT_SETS, questions_until_ruling

OUT_OF_SCOPE: list[dict[str, Any]] = yaml.safe_load(
    (ROOT / "tests" / "data" / "out_of_scope.yaml").read_text(encoding="utf-8")
)


def test_out_of_scope_set_is_large() -> None:
    assert len(OUT_OF_SCOPE) >= 60


@pytest.mark.parametrize("item", OUT_OF_SCOPE, ids=lambda item: item["text"][:50])
def test_out_of_scope_description_starts_no_topic(dialogue: Dialogue, item: dict[str, Any]) -> None:
    conversation = Conversation()
    turns = dialogue.handle(conversation, item["text"])
    assert conversation.topic is None and conversation.pending is None
    assert all(t.topic is None and not t.choices for t in turns), [t.text for t in turns]
    text = turns[0].text
    if item["subject"] is not None:
        wanted = item["subject"] if isinstance(item["subject"], list) else [item["subject"]]
        subjects = [dialogue.knowledge.uncovered[s] for s in wanted]
        subject = next((s for s in subjects if s.title in text), subjects[0])
        assert subject.title in text
        for law in subject.laws:
            assert f"Law {law}" in text
        if subject.laws:
            assert "call the director" in text
    else:
        assert "won't guess" in text or "isn't something the Laws decide" in text


def test_not_covered_names_laws_that_exist(dialogue: Dialogue) -> None:
    for subject in dialogue.knowledge.uncovered.values():
        for law in subject.laws:
            assert dialogue.knowledge.laws.has(law), (subject.id, law)


def test_law_lookup_names_only_topics_that_rule_on_that_law(dialogue: Dialogue) -> None:
    for number in range(1, 94):
        turn = dialogue.law_lookup(str(number))
        for topic in dialogue.knowledge.topics.values():
            if topic.title in turn.text:
                assert str(number) in topic.laws, (number, topic.id)


def test_a_topic_menu_always_has_a_way_out(dialogue: Dialogue) -> None:
    conversation = Conversation()
    turns = dialogue.handle(conversation, "IB or BOOT")
    assert turns[-1].choices[-1].id == "none"
    out = dialogue.handle(conversation, "none of these")
    assert conversation.topic is None and "call the director" in out[0].text


def test_median_questions_per_ruling_is_three_or_fewer(dialogue: Dialogue) -> None:
    counts = []
    for path in DEFAULT_SETS:
        for item in yaml.safe_load(path.read_text(encoding="utf-8")):
            asked = questions_until_ruling(dialogue, item["text"], item["topic"])
            if asked is not None:
                counts.append(asked)
    assert len(counts) > 400
    assert statistics.median(counts) <= 3
