"""Laws 68-71 (claims and concessions) and Law 79 (tricks won, score corrections).

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import Chat, rules_tried, shared_bot


@pytest.mark.parametrize("topic_id", ["claim", "score_correction"])
def test_every_rule_has_an_incident(knowledge: Knowledge, topic_id: str) -> None:
    tested = rules_tried("claim", "score_correction")
    rules = {rule.id for rule in knowledge.topics[topic_id].rules}
    # a rule that hands over is reached through the topic it hands over to
    handing_over = {r.id for r in knowledge.topics[topic_id].rules if r.then}
    assert rules - handing_over <= tested


def test_trick_dispute_after_a_claim_is_ruled_as_a_claim() -> None:
    """Law 79B1: the director first looks for a claim or concession."""
    turns = shared_bot().incident(
        ["score_correction", "claim"],
        ["we can't agree how many tricks declarer made", "yes"],
    )
    assert not any("didn't catch" in t["text"] for t in turns)
    handover = [t for t in turns if t["type"] == "message" and t["topic"] == "score_correction"]
    assert any("first checks whether there was a claim" in t["text"] for t in handover)
    assert turns[-1]["topic"] == "claim" and turns[-1]["type"] == "question"


@pytest.mark.parametrize("topic_id", ["claim", "score_correction"])
def test_every_leaf_rules_with_a_short_headline_and_the_directors_part(
    knowledge: Knowledge, renderer: Renderer, topic_id: str
) -> None:
    """Every path ends in a ruling whose headline fits a phone, names no Law, and - for a
    judgement - the full ruling says what the director still decides."""
    topic = knowledge.topics[topic_id]
    seen = set()
    for leaf in walk(knowledge, topic):
        assert not isinstance(leaf, str), leaf
        ruling = leaf_ruling(knowledge, leaf)
        text = renderer.ruling(ruling)
        assert "RULING - " in text
        if any(e.startswith("judge_") for e in ruling.effects):
            assert "The director may still decide" in text, leaf.rule
        if leaf.topic != topic_id:
            continue
        seen.add(leaf.rule)
        headline = renderer.headline(
            "text", topic_id, leaf.rule, leaf_ruling(knowledge, leaf).facts
        )
        assert len(headline.split()) <= 35, (leaf.rule, headline)
        assert "Law" not in headline, (leaf.rule, headline)
    assert seen == {rule.id for rule in topic.rules if not rule.then}


def test_contested_claims_always_leave_the_result_to_the_director(
    knowledge: Knowledge, renderer: Renderer
) -> None:
    for leaf in walk(knowledge, knowledge.topics["claim"]):
        assert not isinstance(leaf, str)
        if leaf.rule.startswith("contested_") or leaf.rule == "played_on_not_agreed":
            summary = renderer.summary(leaf_ruling(knowledge, leaf))
            assert "doubtful point goes against the claimer" in summary, summary


# Descriptions written to trip the reader: every fact it fills must be proven by the words.
READ = [
    (
        "claim",
        "dec claimed the rest, forgot the trump",
        {"event": "claim", "trump_out": "yes", "claimer_role": "declarer"},
    ),
    (
        "claim",
        "declarer claimed but there was still a trump out",
        {"event": "claim", "claimer_role": "declarer"},
    ),
    ("claim", "she claimed and we agreed, then realised", {"event": "claim"}),
    ("claim", "we disagree about declarer's claim", {"event": "claim", "claimer_role": "declarer"}),
    ("claim", "they objected to the claim the next day", {"event": "claim"}),
    ("claim", "RHO claimed the rest", {"event": "claim"}),
    ("claim", "pd conceded a trick I was going to win", {"event": "concession"}),
    ("claim", "he claimed there was a revoke", {}),
    ("claim", "declarer claimed 9 tricks, conceding one", {"claimer_role": "declarer"}),
    # "I" objecting does not prove it was the conceder's partner, nor when the objection came
    (
        "claim",
        "conceded a trick, I objected immediately",
        {"event": "concession", "response": "disputed"},
    ),
    (
        "claim",
        "a defender claimed the rest and declarer objected",
        {"event": "claim", "response": "disputed", "claimer_role": "defender"},
    ),
    (
        "claim",
        "we disputed the claim and played it out",
        {"event": "claim", "response": "played_on"},
    ),
    # two counts told against each other: the sides disagree (Law 79B)
    (
        "score_correction",
        "they say they made 10 tricks, we think it was 9",
        {"event": "disagree"},
    ),
    (
        "score_correction",
        "we found a scoring error the next day",
        {"event": "wrong_score", "called_when": "after_round"},
    ),
    (
        "score_correction",
        "wrong score entered, and we dispute the number of tricks too",
        {},
    ),
    (
        "score_correction",
        "they claim they made 10 tricks but we think 9",
        {},
    ),
]


@pytest.mark.parametrize(("topic", "text", "proven"), READ, ids=[t for _, t, _ in READ])
def test_reader_fills_only_what_the_words_prove(
    dialogue: Dialogue, topic: str, text: str, proven: dict[str, str]
) -> None:
    found = dialogue.facts_for(dialogue.knowledge.topics[topic], text)
    assert {k: found.facts[k] for k in found.inferred} == proven


def test_a_claim_not_agreed_is_never_taken_as_accepted(chat: Chat) -> None:
    """'we haven't agreed' after a claim with a defender saying he still has a trump: the
    word 'agreed' was read as the agreement, and the ruling for an accepted claim given to a
    disputed one. It is the objection (68D2, 70)."""
    turns = chat.say(
        "declarer claimed at trick 9 saying 'i'll draw trumps and the rest are good'. lho says "
        "he hasn't got a trump left but i do, i have the jack. declarer didn't say anything "
        "about my jack. we haven't agreed"
    )
    assert chat.conversation.facts.get("response") == "disputed"
    assert not any("accepted and nobody has objected" in t.text for t in turns)
