"""Defective tricks (Law 67), arranging and inspecting tricks (Laws 65-66), a hand with the
wrong number of cards (Laws 13-14) and dummy's rights and limits (Laws 42-43).

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import rules_tried

TOPICS = ("defective_trick", "quitted_tricks", "wrong_number_of_cards", "dummy_rights")


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = {(t, rule) for t in TOPICS for rule in rules_tried(t)}
    wanted = {(t, rule.id) for t in TOPICS for rule in knowledge.topics[t].rules}
    assert wanted <= tested, wanted - tested


@pytest.mark.parametrize("topic_id", TOPICS)
def test_every_leaf_rules_with_a_short_headline(
    knowledge: Knowledge, renderer: Renderer, topic_id: str
) -> None:
    topic = knowledge.topics[topic_id]
    seen = set()
    for leaf in walk(knowledge, topic):
        assert not isinstance(leaf, str), leaf
        ruling = leaf_ruling(knowledge, leaf)
        text = renderer.ruling(ruling)
        assert text.startswith("RULING - "), text
        seen.add(leaf.stages[0].rule if leaf.stages else leaf.rule)
        headline = renderer.headline("text", leaf.topic, leaf.rule, ruling.facts)
        assert len(headline.split()) <= 35, (leaf.rule, headline)
        assert "Law" not in headline, (leaf.rule, headline)
    assert seen == {rule.id for rule in topic.rules}


# Descriptions written to trip the reader: every fact it fills must be proven by the words.
READ = [
    ("defective_trick", "pd never played to trick 5", {"event": "too_few"}),
    ("defective_trick", "declarer ended with one card too many", {}),
    ("defective_trick", "he failed to play his penalty card to the trick", {}),
    ("defective_trick", "a card left over at the end", {"event": "too_few"}),
    ("quitted_tricks", "can I see the last trick", {"event": "look_trick"}),
    (
        "quitted_tricks",
        "dec wants to see trick 3 again",
        {"event": "look_trick", "asker": "player"},
    ),
    (
        "quitted_tricks",
        "he looked back at an earlier trick",
        {"event": "look_trick", "side_played_next": "yes"},
    ),
    ("quitted_tricks", "look at the tricks to see if he revoked", {"event": "revoke_check"}),
    ("wrong_number_of_cards", "I had 14 cards and pd had 12", {"problem": "too_many"}),
    ("wrong_number_of_cards", "a 14th card from a different pack", {"problem": "extra_card"}),
    ("wrong_number_of_cards", "I had 14 cards, one from another pack", {}),
    (
        "wrong_number_of_cards",
        "my hand was a card short before the opening lead",
        {"problem": "too_few", "lead_faced": "no"},
    ),
    ("dummy_rights", "dummy told declarer he was in the wrong hand", {"event": "wrong_hand"}),
    ("dummy_rights", "dummy looked at my cards", {}),
    ("dummy_rights", "dummy had a peek at LHO's hand", {}),
    ("dummy_rights", "RHO showed his hand to dummy", {}),
    (
        "dummy_rights",
        "dummy pointed out that declarer led from the wrong hand",
        {"event": "wrong_hand"},
    ),
]


@pytest.mark.parametrize(("topic_id", "text", "proven"), READ, ids=[t for _, t, _ in READ])
def test_reader_fills_only_what_the_words_prove(
    dialogue: Dialogue, topic_id: str, text: str, proven: dict[str, str]
) -> None:
    topic = dialogue.knowledge.topics[topic_id]
    found = dialogue.facts_for(topic, text)
    assert {k: found.facts[k] for k in found.inferred} == proven
