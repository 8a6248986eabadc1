"""Laws 61-64: revokes, typed the way players describe them, end to end through
`rulingbot chat --jsonl`: the topic, the rule's key citations, and a key phrase of the
ruling (for a transfer, how many tricks move and to whom)."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.core.topics import Conclude, next_step
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import shared_bot

CASES = [
    # (rule, incident and answers, key citations, key phrase)
    # -- 64A: tricks transferred ------------------------------------------------------------
    pytest.param(
        "revoker_won_and_later",
        [
            "pd revoked on trick 5 and we won the trick",
            "later in the play",
            "ordinary",
            "a defender",
            "the player who revoked",
            "yes",
        ],
        {"64A1", "64C1"},
        "Two tricks go to declarer when play ends",
        id="pd_revoked_won_and_later",
    ),
    pytest.param(
        "revoker_won_and_later",
        ["dec showed out of hearts then later followed", "no", "ordinary", "offender", "yes"],
        {"64A1"},
        "Two tricks go to the defenders when play ends",
        id="dec_showed_out_then_followed",
    ),
    pytest.param(
        "revoker_won_only",
        [
            "LHO revoked at trick 9 by ruffing, and won the trick; noticed two tricks later",
            "ordinary",
            "a defender",
            "offender",
            "no",
        ],
        {"64A1"},
        "One trick goes to declarer when play ends: the revoke trick",
        id="ruffed_won_no_later_trick",
    ),
    pytest.param(
        "partner_won",
        [
            "declarer revoked and won the trick in dummy, found out at the end of the hand",
            "no",
            "ordinary",
            "declarer",
        ],
        {"64A2"},
        "A trick won with dummy's card is not won by declarer",
        id="declarer_revoke_won_in_dummy",
    ),
    pytest.param(
        "later_trick_won",
        [
            "opps revoked at trick 3 but we won that trick; they took a trick later on",
            "in_play",
            "ordinary",
            "declarer",
            "opponents",
            "yes",
        ],
        {"64A2", "64C1"},
        "One trick goes to the defenders when play ends",
        id="opps_revoke_later_trick",
    ),
    # -- 64B: no automatic transfer -----------------------------------------------------------
    pytest.param(
        "no_trick_won",
        [
            "a defender revoked on trick 4 and we made every trick from then on",
            "in_play",
            "ordinary",
            "opponents",
            "no",
        ],
        {"64B1", "64C1"},
        "no trick is transferred",
        id="offenders_won_nothing_after",
    ),
    pytest.param(
        "dummy_revoke",
        [
            "dummy revoked: declarer called a club from dummy when it still had a diamond, "
            "spotted two tricks later",
            "no",
            "ordinary",
        ],
        {"64B3", "64C1"},
        "one of dummy's cards",
        id="dummy_revoke",
    ),
    pytest.param(
        "penalty_card_not_played",
        ["LHO revoked: he failed to play his penalty card, and it is now established", "no"],
        {"64B3"},
        "not playing a penalty card",
        id="penalty_card_not_played",
    ),
    pytest.param(
        "repeat_same_suit",
        ["opps revoked twice in clubs", "later in the play", "no", "repeat"],
        {"64B2", "64C2(a)"},
        "second revoke in that same suit",
        id="opps_revoked_twice_in_clubs",
    ),
    pytest.param(
        "repeat_same_suit",
        ["he revoked twice in the same suit, both already established", "no"],
        {"64B2", "64C2(a)"},
        "would probably have made more tricks",
        id="he_revoked_twice",
    ),
    pytest.param(
        "late_next_deal",
        [
            "partner revoked and it was spotted only after the opps had bid on the next board",
            "next_deal",
        ],
        {"64B4", "64C1"},
        "made a call on the next board",
        id="found_on_next_board",
    ),
    pytest.param(
        "late_round",
        ["partner revoked, we only found it after the round had ended"],
        {"64B5", "64C1"},
        "only after the round had ended",
        id="found_after_round",
    ),
    pytest.param(
        "trick12_corrected",
        ["he revoked at trick 12", "later", "no"],
        {"62D1", "64B6"},
        "must be corrected, even though it is established",
        id="trick_12_before_hands_returned",
    ),
    pytest.param(
        "trick12_too_late",
        [
            "declarer revoked on the twelfth trick, we noticed only after the cards had been "
            "put back in the board",
            "in_play",
        ],
        {"64B6", "62D1"},
        "It is too late to correct the revoke",
        id="trick_12_after_hands_returned",
    ),
    pytest.param(
        "both_sides_revoked",
        ["both sides revoked on this board and both revokes were established", "no"],
        {"64B7", "64C2(b)"},
        "had neither revoke happened",
        id="both_sides_revoked",
    ),
    pytest.param(
        "same_trick_corrected",
        [
            "declarer and a defender both revoked on the same trick and only declarer had "
            "played to the next trick",
            "in_play",
            "no",
            "same_trick",
        ],
        {"62C3", "64B8"},
        "Both revokes must be corrected",
        id="both_revoked_same_trick",
    ),
    # -- 62: correction before establishment ---------------------------------------------------
    pytest.param(
        "correct_defender",
        [
            "defender revoked but it was spotted at once, before his partner played to the "
            "next trick"
        ],
        {"62A", "62B1", "62C1"},
        "becomes a major penalty card",
        id="defender_revoke_caught_in_time",
    ),
    pytest.param(
        "correct_defender",
        ["defender revoked and noticed in time, card withdrawn"],
        {"62A", "62B1"},
        "major penalty card",
        id="defender_noticed_in_time_card_withdrawn",
    ),
    pytest.param(
        "correct_declarer",
        ["dec revoked and it was caught immediately, what now"],
        {"62A", "62B2", "48A"},
        "Declarer's cards never become penalty cards",
        id="declarer_revoke_caught",
    ),
    pytest.param(
        "correct_dummy",
        ["dummy revoked, noticed straight away"],
        {"62A", "62B2"},
        "Dummy's cards never become penalty cards",
        id="dummy_revoke_caught",
    ),
    # -- 61: definition, inquiries and inspection ------------------------------------------------
    pytest.param(
        "explained",
        ["what is a revoke"],
        {"61A", "64A1", "64A2", "64B"},
        "failure to follow suit when you could",
        id="what_is_a_revoke",
    ),
    pytest.param(
        "explained",
        ["how many tricks for a revoke?"],
        {"64A1", "64A2"},
        "Nothing moves automatically when",
        id="how_many_tricks",
    ),
    pytest.param(
        "inquiry_declarer",
        ["can declarer ask a defender who showed out whether he has any hearts", "declarer"],
        {"61B1"},
        "entitled to ask a defender who has not followed suit",
        id="declarer_asks_defender",
    ),
    pytest.param(
        "inquiry_dummy",
        ["can dummy ask declarer if he has no hearts"],
        {"61B2(a)", "43B2(b)"},
        "as though the revoke had been established",
        id="dummy_asks_declarer",
    ),
    pytest.param(
        "inquiry_dummy_defender",
        ["dummy asked a defender whether he had any spades left, is that ok"],
        {"61B2(b)", "16B1"},
        "Dummy may not ask a defender",
        id="dummy_asks_defender",
    ),
    pytest.param(
        "inquiry_defender",
        ["my partner asked me 'having none?' when I showed out, is that allowed", "defender"],
        {"61B3", "16B1"},
        "unauthorised information for partner",
        id="having_none_partner",
    ),
    pytest.param(
        "inspect_tricks",
        ["can we look through the quitted tricks to check for a revoke"],
        {"61C", "66C", "66D"},
        "only on the director's instruction",
        id="inspect_quitted_tricks",
    ),
]


@pytest.mark.parametrize(("rule", "lines", "citations", "phrase"), CASES)
def test_revoke_rulings(rule: str, lines: list[str], citations: set[str], phrase: str) -> None:
    ruling = shared_bot().ruling("revoke", lines)
    assert ruling["topic"] == "revoke"
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"], ruling["text"]


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = {case.values[0] for case in CASES}
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
