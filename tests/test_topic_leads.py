"""Leads out of turn (Laws 41, 47E1, 53-56) and premature or simultaneous plays (Laws 57, 58,
60).

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import rules_tried, ruling_cases, shared_bot

TOPICS = ("lead_out_of_turn", "premature_play")

LEAD = "lead_out_of_turn"
PREMATURE = "premature_play"


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = rules_tried(*TOPICS)
    rules = {rule.id for topic in TOPICS for rule in knowledge.topics[topic].rules}
    assert tested == rules
    assert len(ruling_cases(*TOPICS)) >= 30


@pytest.mark.parametrize("topic", TOPICS)
def test_every_leaf_renders_a_short_headline(
    knowledge: Knowledge, renderer: Renderer, topic: str
) -> None:
    """Every path through the topic ends in a ruling whose headline fits a phone screen and
    never names a Law; every rule is reached."""
    seen = set()
    module = renderer.envs["text"].get_template(f"topics/{topic}.j2").module
    for leaf in walk(knowledge, knowledge.topics[topic]):
        assert not isinstance(leaf, str), leaf
        ruling = leaf_ruling(knowledge, leaf)
        assert renderer.ruling(ruling).strip()
        if leaf.topic != topic:
            continue
        seen.add(leaf.rule)
        assert hasattr(module, f"{leaf.rule}_headline"), leaf.rule
        headline = renderer.headline("text", topic, leaf.rule, ruling.facts)
        assert len(headline.split()) <= 35, (leaf.rule, headline)
        assert "Law" not in headline, (leaf.rule, headline)
    handing_over = {r.id for r in knowledge.topics[topic].rules if r.then}
    assert seen | handing_over == {rule.id for rule in knowledge.topics[topic].rules}


def test_options_are_listed_as_choices_to_pick_from() -> None:
    """While the non-offenders have not chosen, the ruling lists each choice on its own line."""
    ruling = shared_bot().ruling(
        LEAD, ["LOOT by pd", "opening", "defender", "faced", "not yet", "no"]
    )
    options = ruling["text"].split("Options:")[1].split("\n\n")[0]
    assert options.count("\n- ") == 3, options
    ruling = shared_bot().ruling(LEAD, ["dec led from the wrong hand", "not yet"])
    options = ruling["text"].split("Options:")[1].split("\n\n")[0]
    assert "- Accept the lead" in options and "- Have it taken back" in options


def test_every_question_offers_a_way_out() -> None:
    turns = shared_bot().incident(LEAD, ["LOOT by pd"])
    assert "unsure" in [c["id"] for c in turns[-1]["choices"]]
    turns = shared_bot().incident(PREMATURE, ["premature play"])
    assert "unsure" in [c["id"] for c in turns[-1]["choices"]]


# Descriptions written to trip the reader: every fact it fills must be proven by the words.
READ = [
    (LEAD, "LOOT by pd", {"event": "lead"}),
    (LEAD, "RHO led when it was my lead", {"event": "lead"}),
    (LEAD, "opening lead from the wrong side", {"event": "lead", "trick_number": "opening"}),
    (
        LEAD,
        "dec led from the wrong hand",
        {
            "event": "lead",
            "trick_number": "later",
            "offender_role": "declarer",
            "whose_turn": "declaring_side",
        },
    ),
    (LEAD, "the defender said declarer led out of turn", {"event": "lead"}),
    (LEAD, "declarer told me it was my lead so I led", {"event": "told_turn"}),
    (LEAD, "one defender wants to accept the lead, the other doesn't", {"response": "disagree"}),
    (LEAD, "declarer can't accept the lead?", {}),
    (
        LEAD,
        "the wrong defender led face down",
        {
            "event": "lead",
            "trick_number": "opening",  # only the opening lead is made face down (41A)
            "offender_role": "defender",
            "faced": "face_down",
        },
    ),
    (LEAD, "declarer had not seen dummy", {"seen_dummy": "no"}),
    (LEAD, "declarer saw dummy's cards", {"seen_dummy": "yes"}),
    (PREMATURE, "RHO led before I had played to the last trick", {}),
    (
        PREMATURE,
        "declarer led to trick 5 before I had played to trick 4",
        {
            "event": "declarer_early_lead",
        },
    ),
    (
        PREMATURE,
        "the defender played before his partner, noticed at once",
        {
            "event": "before_partner",
        },
    ),
    (PREMATURE, "partner has no hearts but declarer asked for the highest card", {}),
]


@pytest.mark.parametrize(("topic", "text", "proven"), READ, ids=[t for _, t, _ in READ])
def test_reader_fills_only_what_the_words_prove(
    dialogue: Dialogue, topic: str, text: str, proven: dict[str, str]
) -> None:
    found = dialogue.facts_for(dialogue.knowledge.topics[topic], text)
    assert {k: found.facts[k] for k in found.inferred} == proven
