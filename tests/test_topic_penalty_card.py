"""Laws 48-52: exposed cards and penalty cards in the play.

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import jsonl_session, last_ruling, rules_tried, shared_bot


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = rules_tried("penalty_card")
    assert tested == {rule.id for rule in knowledge.topics["penalty_card"].rules}


def test_issue_7_item_5_states_declarers_choices_as_options() -> None:
    """The exact report: the ruling answers yes, and lists require, forbid and leave free."""
    ruling = last_ruling(
        jsonl_session(
            ["My partner has a major penalty card; can declarer require me to lead that suit?"]
        )
    )
    assert ruling["topic"] == "penalty_card"
    assert {"50D2(a)", "50D2(b)"} <= set(ruling["citations"])
    options = ruling["text"].split("Options:")[1].split("\n\n")[0]
    lines = [line for line in options.splitlines() if line.startswith("- ")]
    assert any(line.startswith("- Declarer may require") for line in lines), options
    assert any(line.startswith("- Declarer may instead forbid") for line in lines), options
    assert any("leave the lead free" in line for line in lines), options
    assert "require or forbid" in ruling["summary"]


def test_issue_7_item_9_dropped_card_is_not_played() -> None:
    """A defender's card dropped by accident is a penalty card, never a played card."""
    ruling = shared_bot().ruling(
        "penalty_card",
        ["pd dropped the 3 of clubs by accident while I was thinking", "a defender's", "no"],
    )
    assert "minor penalty card" in ruling["text"]
    assert "must play it" not in ruling["text"] and "45C1" not in ruling["citations"]


def test_described_facts_are_not_asked_again() -> None:
    """'pd dropped the 3 of clubs by accident': a spot card, accidental - not asked again.
    Whose card it was is asked: the speaker's partner may be declarer (the speaker dummy). With
    neither the auction nor the play told, the bot may first offer a choice of topics."""
    turns = shared_bot().incident(
        "penalty_card",
        ["pd dropped the 3 of clubs by accident while I was thinking", "a defender's"],
    )
    questions = [t["text"] for t in turns if t["type"] == "question" and t["topic"]]
    assert [q.split("?")[0] for q in questions] == [
        "Whose card was it",
        "Does this defender now have two or more penalty cards (another one already on the table, "
        "or several cards exposed)",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "pd dropped the 3 of clubs by accident while I was thinking",
        "my partner said he still has the ace of spades",
        "partner conceded the rest and showed her cards",
    ],
)
def test_partner_is_not_assumed_to_be_a_defender(dialogue: Dialogue, text: str) -> None:
    """'pd dropped a card' typed by dummy is declarer's card (48A, no penalty): asked."""
    topic = dialogue.knowledge.topics["penalty_card"]
    found = dialogue.facts_for(topic, text)
    assert "offender_role" not in found.inferred


def test_an_opponent_is_not_assumed_to_be_a_defender() -> None:
    """'my LHO' may be declarer, whose cards never become penalty cards: asked."""
    turns = shared_bot().incident(
        "penalty_card", ["During the play my LHO dropped the queen of spades face up on the table"]
    )
    assert turns[-1]["type"] == "question" and turns[-1]["text"].startswith("Whose card was it?")
    assert "unsure" in {c["id"] for c in turns[-1]["choices"]}


def test_every_leaf_renders_with_a_short_headline(knowledge: Knowledge, renderer: Renderer) -> None:
    topic = knowledge.topics["penalty_card"]
    module = renderer.envs["text"].get_template("topics/penalty_card.j2").module
    seen = set()
    for leaf in walk(knowledge, topic):
        assert not isinstance(leaf, str), leaf
        ruling = leaf_ruling(knowledge, leaf)
        text = renderer.ruling(ruling)
        if leaf.topic != "penalty_card":
            assert ruling.stages and ruling.stages[0].topic == "penalty_card"
            seen.add(ruling.stages[0].rule)
            continue
        seen.add(leaf.rule)
        assert hasattr(module, f"{leaf.rule}_headline"), leaf.rule
        headline = renderer.headline("text", "penalty_card", leaf.rule, ruling.facts)
        assert len(headline.split()) <= 35, (leaf.rule, headline)
        assert "Law" not in headline, (leaf.rule, headline)
        # declarer's cards never become penalty cards; a defender's always do
        if leaf.facts.get("offender_role") in ("declarer", "dummy"):
            assert "never becomes a penalty card" in text
        # only a minor penalty card leaves partner's lead free
        if leaf.rule in ("exposed_minor", "lead_minor", "play_minor"):
            assert "declarer may require" not in text.lower(), leaf.rule
    assert seen == {rule.id for rule in topic.rules}


# Descriptions written to trip the reader: every fact it fills must be proven by the words.
READ = [
    (
        "During the play my LHO dropped the queen of spades face up on the table",
        {"event": "exposed", "card_rank": "honour", "exposure": "accidental"},
    ),
    (
        "pd dropped the 3 of clubs by accident while I was thinking",
        {
            "event": "exposed",
            "card_rank": "spot",
            "exposure": "accidental",
        },
    ),
    (
        "dec dropped the ace of hearts out of his hand",
        {
            "event": "exposed",
            "offender_role": "declarer",
            "card_rank": "honour",
            "exposure": "accidental",
        },
    ),
    ("RHO dropped a card", {"event": "exposed", "exposure": "accidental"}),
    (
        "declarer's LHO dropped a card",
        {"event": "exposed", "exposure": "accidental", "offender_role": "defender"},
    ),
    (
        "we were defending 4H, pd dropped the 3 of clubs",
        {
            "event": "exposed",
            "exposure": "accidental",
            "offender_role": "defender",
            "card_rank": "spot",
        },
    ),
    (
        "I was dummy; pd dropped the king of hearts on the table",
        {
            "event": "exposed",
            "exposure": "accidental",
            "offender_role": "declarer",
            "card_rank": "honour",
        },
    ),
    (
        "partner dropped two of his cards face up",
        {
            "event": "exposed",
            "exposure": "accidental",
            "other_penalty_cards": "yes",
        },
    ),
    ("he deliberately showed the 5 of hearts", {"card_rank": "spot", "exposure": "deliberate"}),
    (
        "My partner has a major penalty card; can declarer require me to lead that suit?",
        {"event": "partner_lead", "penalty_cards": "major"},
    ),
    ("my partner has a penalty card", {}),
    ("LHO has two penalty cards", {}),
    (
        "he failed to play his penalty card",
        {"event": "not_played"},
    ),
    (
        "he forgot to play his penalty card, it is not yet established",
        {"event": "not_played", "established": "no"},
    ),
    ("declarer claimed", {}),
    ("during the auction partner dropped a card", {"event": "auction", "exposure": "accidental"}),
    (
        "declarer faced his hand after the opening lead out of turn",
        {"event": "declarer_faced", "after_lead_out_of_turn": "yes", "offender_role": "declarer"},
    ),
    ("the difference between major and minor penalty cards", {"event": "explain"}),
]


@pytest.mark.parametrize(("text", "proven"), READ, ids=[t for t, _ in READ])
def test_reader_fills_only_what_the_words_prove(
    dialogue: Dialogue, text: str, proven: dict[str, str]
) -> None:
    topic = dialogue.knowledge.topics["penalty_card"]
    found = dialogue.facts_for(topic, text)
    assert {k: found.facts[k] for k in found.inferred} == proven
