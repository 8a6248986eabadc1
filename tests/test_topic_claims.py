"""Laws 68-71 (claims and concessions) and Law 79 (tricks won, score corrections), typed the
way players describe them, end to end through `rulingbot chat --jsonl`: the topic, the rule's
key citations, and a key phrase of the ruling."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import shared_bot

CASES = [
    # (topic(s) to pick, rule, incident and answers, key citations, key phrase)
    # -- Law 70: contested claims -----------------------------------------------------------
    pytest.param(
        "claim",
        "contested_trump",
        ["dec claimed the rest, forgot the trump", "we disagreed"],
        {"70C", "70C2", "70C3", "70A"},
        "any real chance the claimer had lost track of that trump",
        id="dec_claimed_forgot_trump",
    ),
    pytest.param(
        "claim",
        "contested_trump",
        ["declarer claimed but there was still a trump out", "disputed", "yes"],
        {"70C1", "70C3"},
        "awards one or more tricks to the claimer's opponents",
        id="trump_still_out",
    ),
    pytest.param(
        "claim",
        "contested_trump",
        ["RHO claimed the rest and my partner objected", "yes"],
        {"70C", "70B"},
        "the claimer repeats the statement he made",
        id="rho_claimed_partner_objected",
    ),
    pytest.param(
        "claim",
        "contested_defender",
        ["a defender claimed the rest and declarer objected", "no"],
        {"70D2", "70A"},
        "depends on the claiming defender's partner picking one particular play",
        id="defender_claim_disputed",
    ),
    pytest.param(
        "claim",
        "contested_stated",
        ["declarer claimed saying he would draw trumps and cash his clubs, we objected", "no"],
        {"70D1", "68C"},
        "holding declarer to the line he stated",
        id="stated_line_disputed",
    ),
    pytest.param(
        "claim",
        "contested_unstated_card",
        ["opps claimed 10 tricks but needed a finesse", "disputed", "no", "declarer", "none"],
        {"70E1", "70A"},
        "had already shown out of the suit before the claim",
        id="claim_needed_finesse",
    ),
    pytest.param(
        "claim",
        "contested_unstated_card",
        [
            "claimed all the tricks but needed to guess who had the queen, we didn't accept it",
            "no",
            "declarer",
            "no statement",
        ],
        {"70E1"},
        "finding one particular opponent",
        id="claim_needed_guess",
    ),
    pytest.param(
        "claim",
        "contested_unstated",
        ["declarer claimed without saying how he would play it, we disagreed", "no", "no"],
        {"70D1", "68C", "70E2"},
        "accepts no successful line that was not stated",
        id="claim_without_statement",
    ),
    # -- Law 68D2(b): play continued ----------------------------------------------------------
    pytest.param(
        "claim",
        "played_on_void",
        ["we disputed the claim and played it out", "yes"],
        {"68D2(b)(ii)"},
        "The score from the play that followed stands",
        id="played_it_out_all_agreed",
    ),
    pytest.param(
        "claim",
        "played_on_not_agreed",
        ["declarer claimed, we said no and carried on playing", "no"],
        {"68D2(b)(i)", "70A"},
        "does not simply stand",
        id="played_on_without_agreement",
    ),
    # -- Law 69: agreed claims ----------------------------------------------------------------
    pytest.param(
        "claim",
        "agreed_claim",
        ["declarer claimed 10 tricks and we accepted", "agreed"],
        {"69A", "68D1"},
        "counts just as if the claimed tricks",
        id="claim_accepted",
    ),
    pytest.param(
        "claim",
        "agreement_withdrawn",
        ["she claimed and we agreed, then realised", "withdrawn_later", "within"],
        {"69B", "69B1", "69B2"},
        "credited to his side",
        id="she_claimed_we_agreed_then_realised",
    ),
    pytest.param(
        "claim",
        "agreement_too_late",
        ["opps agreed to my claim then came back the next day saying it was wrong", "too_late"],
        {"69A", "69B", "79C1"},
        "The board stays scored as agreed",
        id="agreement_challenged_too_late",
    ),
    # -- Laws 68B2 and 71: concessions ---------------------------------------------------------
    pytest.param(
        "claim",
        "concession_objected",
        ["pd conceded a trick I was going to win", "defender", "yes"],
        {"68B2"},
        "there has been no concession (and no claim): play carries on",
        id="pd_conceded_i_objected",
    ),
    pytest.param(
        "claim",
        "concession_cancelled",
        ["pd conceded a trick I was going to win", "a defender", "no", "could_not_lose", "within"],
        {"71B", "79C1"},
        "the director must cancel the concession",
        id="pd_conceded_unlosable_trick",
    ),
    pytest.param(
        "claim",
        "concession_cancelled_won",
        [
            "partner conceded the last two tricks but we had already won one of them",
            "defender",
            "no",
            "in_period",
        ],
        {"71A"},
        "the trick credited back to that side",
        id="conceded_trick_already_won",
    ),
    pytest.param(
        "claim",
        "concession_stands",
        [
            "I conceded one off as declarer, but maybe I could have made it",
            "could_lose",
        ],
        {"71B", "68B1"},
        "The concession stands",
        id="concession_stands",
    ),
    pytest.param(
        "claim",
        "concession_too_late",
        [
            "I conceded a trick I could not lose, we noticed after the correction period had ended",
            "declarer",
        ],
        {"71A", "71B", "79C1"},
        "that has ended",
        id="concession_too_late",
    ),
    pytest.param(
        "claim",
        "explained",
        ["how does a claim work at bridge"],
        {"68A", "68B1", "68C", "70A", "71A"},
        "Claiming some tricks concedes the rest",
        id="how_does_a_claim_work",
    ),
    # -- Law 79: tricks won and score corrections ---------------------------------------------
    pytest.param(
        "score_correction",
        "score_corrected",
        ["we entered the wrong contract in the bridgemate", "within"],
        {"79C1"},
        "30 minutes after the official scores",
        id="wrong_contract_in_bridgemate",
    ),
    pytest.param(
        "score_correction",
        "score_corrected",
        ["wrong score on the traveller", "in_period"],
        {"79C1"},
        "whether a player or an official made it",
        id="wrong_score_on_traveller",
    ),
    pytest.param(
        "score_correction",
        "late_correction",
        ["results published and our score on bd 5 is wrong, it's been 2 days", "too_late"],
        {"79C2"},
        "satisfied beyond reasonable doubt",
        id="wrong_score_found_too_late",
    ),
    pytest.param(
        "score_correction",
        "disagree_ruled",
        ["we disagree with the opps about how many tricks declarer made", "no", "in_round"],
        {"79B2", "66D"},
        "the director rules for the other side",
        id="trick_count_dispute",
    ),
    pytest.param(
        "score_correction",
        "disagree_late",
        ["trick count dispute found after the round had ended", "no"],
        {"79B3"},
        "clearly convinced",
        id="trick_dispute_after_round",
    ),
    pytest.param(
        ["score_correction", "claim"],
        "agreement_withdrawn",
        [
            "we can't agree how many tricks were made after declarer claimed",
            "withdrawn_later",
            "in_period",
        ],
        {"79B1", "69B"},
        "withdraw his agreement to the claim",
        id="trick_dispute_after_claim",
    ),
    pytest.param(
        "score_correction",
        "agreeing_tricks",
        ["when must the number of tricks be agreed"],
        {"79A1", "79A2"},
        "before all four hands go back into the board",
        id="when_agree_tricks",
    ),
    pytest.param(
        "score_correction",
        "correction_period",
        ["how long do we have to correct a score"],
        {"79C1", "79C2"},
        "only with the organiser's approval",
        id="how_long_to_correct",
    ),
]


@pytest.mark.parametrize(("topic", "rule", "lines", "citations", "phrase"), CASES)
def test_claim_and_score_rulings(
    topic: str | list[str], rule: str, lines: list[str], citations: set[str], phrase: str
) -> None:
    turns = shared_bot().incident(topic, lines)
    # every answer was taken as an answer (none was misread or asked for again)
    assert not any("didn't catch" in t["text"] for t in turns), [t["text"][:80] for t in turns]
    ruling = [t for t in turns if t["type"] == "ruling"][-1]
    assert ruling["topic"] == (topic if isinstance(topic, str) else topic[-1])
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"], ruling["text"]


@pytest.mark.parametrize("topic_id", ["claim", "score_correction"])
def test_every_rule_has_an_incident(knowledge: Knowledge, topic_id: str) -> None:
    tested = {case.values[1] for case in CASES}
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
    (
        "score_correction",
        "they say they made 10 tricks, we think it was 9",
        {},
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
