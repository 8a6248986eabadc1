"""Laws 61-64: revokes.

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.core.topics import Conclude, next_step
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import rules_tried, shared_bot


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = rules_tried("revoke")
    assert tested == {rule.id for rule in knowledge.topics["revoke"].rules}


def test_described_facts_are_not_asked_again() -> None:
    """'dec showed out then later followed': declarer revoked, and it was found later."""
    turns = shared_bot().incident("revoke", ["dec showed out of hearts then later followed"])
    assert turns[-1]["type"] == "question"
    assert turns[-1]["text"].startswith("Was the revoke on trick 12?")


def test_seat_words_do_not_answer_who_revoked_or_who_won() -> None:
    """'pd' and 'we' are relative to the speaker: they prove neither the offender's role nor
    who won the revoke trick, so both are asked."""
    turns = shared_bot().incident(
        "revoke", ["pd revoked on trick 5 and we won the trick", "later", "ordinary"]
    )
    assert turns[-1]["text"].startswith("Who revoked?")
    turns = shared_bot().say("a defender")
    assert turns[-1]["text"].startswith("Who won the trick on which the revoke happened?")
    # a bare "partner" could be the speaker's partner (the revoker here): asked again
    turns = shared_bot().say("partner")
    assert "didn't catch" in turns[0]["text"]
    assert turns[-1]["text"].startswith("Who won the trick on which the revoke happened?")


def test_every_rule_has_a_short_headline(knowledge: Knowledge, renderer: Renderer) -> None:
    topic = knowledge.topics["revoke"]
    seen = set()
    for leaf in walk(knowledge, topic):
        assert not isinstance(leaf, str), leaf
        if leaf.rule in seen:
            continue
        seen.add(leaf.rule)
        module = renderer.envs["text"].get_template("topics/revoke.j2").module
        assert hasattr(module, f"{leaf.rule}_headline"), leaf.rule
        facts = leaf_ruling(knowledge, leaf).facts
        headline = renderer.headline("text", "revoke", leaf.rule, facts)
        assert len(headline.split()) <= 35, (leaf.rule, headline)
        assert "Law" not in headline, (leaf.rule, headline)
    assert seen == {rule.id for rule in topic.rules}


@pytest.mark.parametrize(
    ("facts", "taken", "phrase"),
    [
        (
            {"offender_role": "defender", "revoke_trick_won": "offender", "later_tricks": "yes"},
            "8",
            "Declarer took 8 tricks in play, so after the transfer he is credited with 10",
        ),
        (
            {"offender_role": "declarer", "revoke_trick_won": "revoker_partner"},
            "10",
            "Declarer took 10 tricks in play, so after the transfer he is credited with 9",
        ),
        (
            {"offender_role": "defender", "revoke_trick_won": "offender", "later_tricks": "yes"},
            "12",
            "fewer than the 2 to be transferred): recount the tricks",
        ),
    ],
)
def test_ruling_gives_declarers_tricks_after_transfer_when_they_are_known(
    knowledge: Knowledge, renderer: Renderer, facts: dict[str, str], taken: str, phrase: str
) -> None:
    """When the tricks declarer took are known (detail ``_declarer_tricks``), the ruling
    gives his tricks after the transfer, counted by bot.core.revoke."""
    base = {
        "event": "revoke",
        "noticed": "in_play",
        "trick_number": "earlier",
        "special": "ordinary",
    }
    topic = knowledge.topics["revoke"]
    step = next_step(topic, {**base, **facts})
    assert isinstance(step, Conclude)
    ruling = knowledge.ruling("revoke", step, {**base, **facts, "_declarer_tricks": taken}, ())
    assert phrase in renderer.ruling(ruling)


# Descriptions written to trip the reader: every fact it fills must be proven by the words.
READ = [
    ("LHO revoked, and RHO ruffed and won the trick", {"event": "revoke"}),
    ("LHO revoked and declarer won the trick", {"event": "revoke"}),
    ("the defender said declarer revoked", {"event": "revoke"}),
    # the play reader proves roles from the words: declarer's LHO is a defender
    ("declarer's LHO revoked", {"event": "revoke", "offender_role": "defender"}),
    ("pd revoked on trick 5 and we won the trick", {"event": "revoke", "trick_number": "earlier"}),
    ("opps revoked twice in clubs", {"event": "revoke"}),
    ("he revoked twice in clubs but corrected the first one", {"event": "revoke"}),
    ("both sides revoked on this board", {"event": "revoke"}),
    ("declarer showed out then later partner revoked", {"event": "revoke"}),
    ("he noticed the revoke immediately after the hand", {"event": "revoke"}),
    (
        "a defender revoked and dummy won the trick",
        {"event": "revoke", "offender_role": "defender"},
    ),
    (
        "dummy won the trick after declarer revoked",
        {"event": "revoke", "revoke_trick_won": "revoker_partner", "offender_role": "declarer"},
    ),
    (
        "declarer revoked and won the trick with dummy's ace",
        {"event": "revoke", "revoke_trick_won": "revoker_partner", "offender_role": "declarer"},
    ),
    (
        "dec showed out of hearts then later followed",
        {"event": "revoke", "noticed": "in_play", "offender_role": "declarer"},
    ),
    (
        "he revoked at trick 5 and again at trick 12",
        {"event": "revoke"},
    ),
    (
        "at trick 12 we noticed that he had revoked",
        {"event": "revoke"},
    ),
    (
        "at trick 12 he revoked",
        {"event": "revoke", "trick_number": "twelve"},
    ),
    (
        "opps revoked at trick 3 but we won that trick; they took a trick later on",
        {"event": "revoke", "trick_number": "earlier"},
    ),
    (
        "dummy asked declarer whether he had revoked",
        {"event": "inquiry", "asker": "dummy_to_declarer"},
    ),
    (
        "declarer revoked again in clubs",
        {"event": "revoke", "special": "repeat", "offender_role": "declarer"},
    ),
]


@pytest.mark.parametrize(("text", "proven"), READ, ids=[t for t, _ in READ])
def test_reader_fills_only_what_the_words_prove(
    dialogue: Dialogue, text: str, proven: dict[str, str]
) -> None:
    topic = dialogue.knowledge.topics["revoke"]
    found = dialogue.facts_for(topic, text)
    assert {k: found.facts[k] for k in found.inferred} == proven
