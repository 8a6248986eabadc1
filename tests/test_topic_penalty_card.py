"""Laws 48-52: exposed cards and penalty cards in the play, typed the way players describe
them, end to end through `rulingbot chat --jsonl`: the topic, the rule's key citations, and a
key phrase of the ruling (minor or major, who may choose what)."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import jsonl_session, last_ruling, shared_bot

CASES = [
    # (rule, incident and answers, key citations, key phrase)
    # -- 49/50B: a defender's card exposed in the play -------------------------------------------
    pytest.param(
        "exposed_honour",
        [
            "During the play my LHO dropped the queen of spades face up on the table",
            "a defender",
            "no",
        ],
        {"49", "50B", "50D1(a)", "50D2(a)"},
        "because it is an honour it is a major penalty card",
        id="lho_dropped_the_queen",
    ),
    pytest.param(
        "exposed_honour",
        ["the defender announced he holds the king of trumps - is that a penalty card?", "no"],
        {"49", "50B"},
        "major penalty card",
        id="defender_named_the_king",
    ),
    pytest.param(
        "exposed_minor",
        ["pd dropped the 3 of clubs by accident while I was thinking", "a defender's", "no"],
        {"50B", "50C"},
        "It is a minor penalty card",
        id="pd_dropped_the_three_of_clubs",
    ),
    pytest.param(
        "exposed_minor",
        [
            "a defender knocked the 4 of diamonds face up while pulling out his card for the trick",
            "no",
        ],
        {"50B", "50C"},
        "he may play an honour of the suit instead",
        id="knocked_a_spot_card_over",
    ),
    pytest.param(
        "exposed_deliberate",
        [
            "LHO put the 6 of hearts face up on the table on purpose during the play, is it a "
            "penalty card",
            "a defender",
            "no",
        ],
        {"50B", "50D1(a)", "50D2(a)", "50D2(b)"},
        "exposed through deliberate play it is a major penalty card",
        id="six_shown_on_purpose",
    ),
    pytest.param(
        "exposed_several",
        [
            "RHO accidentally knocked two of his cards face up onto the table at trick 4",
            "a defender",
        ],
        {"50B", "51A", "51B2(c)"},
        "every one of them is a major penalty card",
        id="two_cards_knocked_over",
    ),
    pytest.param(
        "exposed_named",
        ["during the play a defender announced he holds the 4 of clubs", "no"],
        {"49", "50B"},
        "Whether it is minor or major is the director's judgement",
        id="partner_named_a_low_card",
    ),
    # -- 48: declarer's and dummy's cards ----------------------------------------------------------
    pytest.param(
        "declarer_card",
        ["declarer dropped a card, is it a penalty card?"],
        {"48A", "45C2"},
        "never becomes a penalty card",
        id="declarer_dropped_a_card",
    ),
    pytest.param(
        "declarer_card",
        ["a card from dummy fell on the floor face up, is that a penalty card"],
        {"48A"},
        "A card declarer dropped by accident need not be played",
        id="dummy_card_fell",
    ),
    pytest.param(
        "declarer_faced_claim",
        ["declarer put his whole hand face up on the table at trick 8", "no"],
        {"48B2", "68A"},
        "may count as a claim",
        id="declarer_faced_hand",
    ),
    pytest.param(
        "declarer_faced_after_lead",
        [
            "declarer put his whole hand face up on the table - it was straight after the "
            "opening lead out of turn"
        ],
        {"48B1", "54A"},
        "he becomes dummy",
        id="declarer_faced_after_lead_out_of_turn",
    ),
    pytest.param(
        "defender_claim",
        ["a defender faced his cards while claiming; are his cards penalty cards?"],
        {"49", "68A", "68B2"},
        "dealt with under the claim laws",
        id="defender_claimed",
    ),
    # -- 50D2 / 51B: the offender's partner is on lead -------------------------------------------
    pytest.param(
        "lead_major",
        ["My partner has a major penalty card; can declarer require me to lead that suit?"],
        {"50D2(a)", "50D2(b)"},
        "Declarer may require the partner to lead the penalty card's suit",
        id="issue7_item5_require_the_suit",
    ),
    pytest.param(
        "lead_major",
        ["is the penalty card picked up after declarer demands the suit", "major"],
        {"50D2(a)", "50E2"},
        "The penalty card is then picked up",
        id="picked_up_after_demand",
    ),
    pytest.param(
        "lead_major",
        ["east has a major penalty card, west is on lead and declarer says lead anything"],
        {"50D2(b)"},
        "the penalty card stays on the table with all its duties",
        id="declarer_says_lead_anything",
    ),
    pytest.param(
        "lead_minor",
        ["partner has a minor penalty card, I'm on lead, can declarer stop me leading clubs"],
        {"50C"},
        "declarer may neither require nor forbid a suit",
        id="minor_card_no_lead_restriction",
    ),
    pytest.param(
        "lead_several_one_suit",
        [
            "opps have two penalty cards in the same suit and the other defender is on lead, "
            "can declarer require that suit"
        ],
        {"51B1(a)", "51B1(b)"},
        "every penalty card of that suit is then picked up",
        id="two_cards_one_suit_partner_on_lead",
    ),
    pytest.param(
        "lead_several_suits",
        ["partner has penalty cards in two suits and I'm on lead, what can declarer do"],
        {"51B2(a)", "51B2(b)", "51B2(c)"},
        "forbid one or more of those suits",
        id="penalty_cards_in_two_suits",
    ),
    # -- 50C / 50D1 / 51A: the offender is to play --------------------------------------------
    pytest.param(
        "play_major",
        ["does a major penalty card have to be played at the first opportunity"],
        {"50D1(a)", "50D1(b)"},
        "Following suit comes first",
        id="major_first_opportunity",
    ),
    pytest.param(
        "play_minor",
        ["minor penalty card - can he play an honour of that suit instead?"],
        {"50C"},
        "need not be played at the first opportunity",
        id="minor_play_an_honour",
    ),
    pytest.param(
        "play_several",
        [
            "LHO has two penalty cards on the table, which one does he have to play",
            "all in one suit",
        ],
        {"51A"},
        "declarer says which one",
        id="two_penalty_cards_which_first",
    ),
    # -- 52: a penalty card not played -------------------------------------------------------------
    pytest.param(
        "not_played_choice",
        ["pd had a penalty card but discarded something else, declarer hasn't played yet", "no"],
        {"52B1(a)", "52B2"},
        "every card he wrongly led or played in doing this becomes a major penalty card",
        id="declarer_may_refuse",
    ),
    pytest.param(
        "not_played_choice",
        ["he forgot to play his penalty card and followed with a different club", "no", "no"],
        {"52A", "52B1(a)"},
        "may not take back the card he played of his own accord",
        id="forgot_penalty_card_declarer_to_choose",
    ),
    pytest.param(
        "not_played_accepted",
        [
            "penalty card not played when it should have been, declarer already played from dummy",
            "not yet",
        ],
        {"52B1(b)", "52B1(c)", "64B3"},
        "so he must accept it",
        id="declarer_played_since",
    ),
    pytest.param(
        "explained",
        ["whats the difference between a major and a minor penalty card"],
        {"49", "50B", "50C"},
        "Minor: a single card below the ten, exposed by accident",
        id="major_or_minor",
    ),
    pytest.param(
        "explained",
        ["what restrictions come with a major penalty card"],
        {"50D1(a)", "50D2(a)"},
        "let him lead anything (the card stays)",
        id="what_restrictions",
    ),
]

# Rules that hand over to another topic: (rule, lines, topic that rules, citations, phrase).
HANDOVERS = [
    pytest.param(
        "not_played_established",
        [
            "he forgot to play his penalty card and followed with a different club, and it is "
            "now established",
            "later in the play",
            "no",
        ],
        "revoke",
        {"52A", "63B", "64B3"},
        "no trick is transferred",
        id="established_penalty_card_revoke",
    ),
    pytest.param(
        "auction_card",
        [
            "is it a penalty card?",
            "It happened during the auction, before the play",
            "during the auction",
            "yes",
            "honour",
            "defending",
        ],
        "card_exposed_during_auction",
        {"24B", "24E"},
        "major penalty card",
        id="card_dropped_in_the_auction",
    ),
]


@pytest.mark.parametrize(("rule", "lines", "citations", "phrase"), CASES)
def test_penalty_card_rulings(
    rule: str, lines: list[str], citations: set[str], phrase: str
) -> None:
    ruling = shared_bot().ruling("penalty_card", lines)
    assert ruling["topic"] == "penalty_card"
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in " ".join(ruling["text"].split()), ruling["text"]


@pytest.mark.parametrize(("rule", "lines", "topic", "citations", "phrase"), HANDOVERS)
def test_penalty_card_hand_overs(
    rule: str, lines: list[str], topic: str, citations: set[str], phrase: str
) -> None:
    ruling = shared_bot().ruling(["penalty_card", topic], lines)
    assert ruling["topic"] == topic
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in " ".join(ruling["text"].split()), ruling["text"]


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = {case.values[0] for case in [*CASES, *HANDOVERS]}
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
    Whose card it was is asked: the speaker's partner may be declarer (the speaker dummy)."""
    turns = shared_bot().incident(
        "penalty_card",
        ["pd dropped the 3 of clubs by accident while I was thinking", "a defender's"],
    )
    questions = [t["text"] for t in turns if t["type"] == "question"]
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
