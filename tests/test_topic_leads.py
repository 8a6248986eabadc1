"""Leads out of turn (Laws 41, 47E1, 53-56) and premature or simultaneous plays (Laws 57, 58,
60), typed the way players describe them, end to end through `rulingbot chat --jsonl`: the
topic, the rule's key citations, and a key phrase of the ruling (for a choice still open, the
options the non-offenders may pick from)."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import shared_bot

TOPICS = ("lead_out_of_turn", "premature_play")

LEAD = "lead_out_of_turn"
PREMATURE = "premature_play"

CASES = [
    # (topic the ruling ends in, rule, incident and answers, key citations, key phrase)
    # -- opening lead out of turn (Laws 41, 54) --------------------------------------------------
    pytest.param(
        LEAD,
        "opening_accepted",
        ["opening lead from the wrong side, dec wants it to stand", "defender", "faced"],
        {"54B", "54B1", "53A"},
        "declarer plays next, from his own hand",
        id="opening_wrong_side_dec_wants_it_to_stand",
    ),
    pytest.param(
        LEAD,
        "opening_options",
        ["LOOT by pd", "opening", "defender", "faced up", "not yet", "no"],
        {"54A", "54B", "54D"},
        "Refuse the lead: the card becomes a major penalty card",
        id="loot_by_pd_options",
    ),
    pytest.param(
        LEAD,
        "opening_options",
        ["the wrong defender made the opening lead face up, what are declarer's options", "no"],
        {"54A", "54D"},
        "Accept the lead by putting his own hand down: he becomes dummy",
        id="wrong_defender_faced_options",
    ),
    pytest.param(
        LEAD,
        "opening_refused",
        [
            "declarer refused the opening lead out of turn by the wrong defender, it was face up",
            "no",
        ],
        {"54D", "50D2(a)", "50D2(b)"},
        "Forbid him that suit while he keeps the lead",
        id="declarer_refused_opening_loot",
    ),
    pytest.param(
        LEAD,
        "opening_spread",
        [
            "the wrong defender faced the opening lead and declarer wants to put his hand down "
            "as dummy",
            "declarer hadn't seen any of dummy's cards",
        ],
        {"54A"},
        "he must put down the whole hand",
        id="declarer_spreads_and_becomes_dummy",
    ),
    pytest.param(
        LEAD,
        "opening_must_accept",
        [
            "opening lead out of turn by the wrong defender and declarer saw dummy",
            "faced",
            "refuse",
        ],
        {"54C"},
        "he must accept the lead and stays declarer",
        id="declarer_saw_dummy_must_accept",
    ),
    pytest.param(
        LEAD,
        "opening_face_down",
        ["wrong defender made the opening lead face down"],
        {"41A"},
        "it is not a penalty card",
        id="face_down_opening_loot",
    ),
    pytest.param(
        LEAD,
        "declaring_side_opening",
        ["dummy tried to make the opening lead"],
        {"54E", "24D"},
        "goes back into his hand, with no penalty",
        id="dummy_tried_to_lead",
    ),
    pytest.param(
        "misinformation",
        "told_turn",
        ["I led because declarer told me it was my lead but it wasn't"],
        {"47E1"},
        "may not accept it",
        id="told_it_was_my_lead",
    ),
    # -- declarer's lead out of turn (Law 55) -----------------------------------------------------
    pytest.param(
        LEAD,
        "decl_options",
        ["dec led from the wrong hand", "not yet"],
        {"55A", "55B2", "53A"},
        "must lead from the hand that was really on lead",
        id="dec_led_from_wrong_hand_options",
    ),
    pytest.param(
        LEAD,
        "decl_options",
        ["dec led from dummy but it was actually my lead", "what are our options"],
        {"55A", "55B1", "53B"},
        "the card goes back to declarer's hand (or dummy) with no further penalty",
        id="dec_led_on_my_lead_options",
    ),
    pytest.param(
        LEAD,
        "decl_accepted",
        ["declarer led from hand but the lead was in dummy, LHO accepted it"],
        {"55A", "53A"},
        "The lead stands as though it had been made in turn",
        id="dec_wrong_hand_accepted",
    ),
    pytest.param(
        LEAD,
        "decl_retracted_wrong_hand",
        [
            "declarer led from hand but the lead was in dummy, can we make him lead from dummy",
            "refused",
        ],
        {"55B2", "55C"},
        "must lead from the hand that was really on lead",
        id="dec_wrong_hand_retracted",
    ),
    pytest.param(
        LEAD,
        "decl_retracted_defenders_turn",
        ["declarer led out of turn when it was my lead, we did not accept it", "later"],
        {"55B1", "55C"},
        "The defender whose turn it was then leads",
        id="dec_led_on_defenders_turn_retracted",
    ),
    pytest.param(
        LEAD,
        "decl_disagree",
        [
            "dec led out of turn and one defender wants to accept but the other doesn't",
            "later",
        ],
        {"55A", "55B1", "55B2"},
        "the one on its left) is the one that counts",
        id="defenders_disagree",
    ),
    pytest.param(
        LEAD,
        "decl_proper_lead",
        ["declarer led out of turn, then the correct defender led his own card", "later"],
        {"53B", "16C"},
        "Declarer's card, and any other card played by mistake to this trick, may be taken back",
        id="defender_made_proper_lead",
    ),
    pytest.param(
        PREMATURE,
        "decl_wrong_defender",
        [
            "declarer led out of turn at trick 6 and the defender on the right of the card "
            "played to it",
            "highest",
        ],
        {"53C", "57A", "57A1"},
        "must play his highest card of the suit led",
        id="wrong_defender_played_to_declarers_loot",
    ),
    # -- a defender's lead out of turn later in the play (Laws 56, 53) ----------------------------
    pytest.param(
        LEAD,
        "def_accepted",
        ["defender led out of turn and declarer played to it from dummy", "later"],
        {"56A", "53A"},
        "a play from that hand counts as accepting",
        id="defender_loot_accepted_by_play",
    ),
    pytest.param(
        LEAD,
        "def_refused",
        ["my partner led out of turn at trick 5, I won the last trick", "defender", "refused"],
        {"56B", "50D2(a)"},
        "becomes a major penalty card",
        id="pd_loot_refused",
    ),
    pytest.param(
        LEAD,
        "def_options",
        [
            "the defender on declarer's right led a spade but it was his partner's lead",
            "later",
            "not yet",
        ],
        {"56A", "56B", "53A"},
        "Refuse it: the card turns into a major penalty card",
        id="wrong_defender_later_options",
    ),
    pytest.param(
        LEAD,
        "def_options",
        ["opps led out of turn, can I make them lead a different suit", "later", "defender"],
        {"56B", "50D2"},
        "declarer may require or forbid the penalty card's suit",
        id="opps_loot_can_i_make_them_lead",
    ),
    pytest.param(
        LEAD,
        "def_proper_lead",
        [
            "a defender led out of turn at trick 8 when it was declarer's lead, and declarer "
            "then led from the correct hand"
        ],
        {"53B", "47F1"},
        "Declarer's lead stands, and the cards played by mistake to this trick may be taken back",
        id="declarer_made_proper_lead",
    ),
    pytest.param(
        LEAD,
        "trick_thirteen",
        ["led out of turn at trick 13"],
        {"53A"},
        "At the last trick a lead out of turn cannot be accepted",
        id="loot_at_trick_13",
    ),
    # -- premature leads and plays (Law 57) -------------------------------------------------------
    pytest.param(
        PREMATURE,
        "premature_options",
        ["RHO led before I had played to the last trick", "early_lead", "not yet"],
        {"57A", "57A1", "57A2", "57A3", "57A4"},
        "His lowest card of the suit led.",
        id="rho_led_before_i_played",
    ),
    pytest.param(
        PREMATURE,
        "premature_options",
        [
            "the defender played his card before his partner had played to the trick",
            "neither",
            "what are declarer's options",
        ],
        {"57A", "57B"},
        "A card of another suit, which declarer names.",
        id="defender_played_before_partner_options",
    ),
    pytest.param(
        PREMATURE,
        "premature_option_chosen",
        ["premature lead by a defender to the next trick", "forbid"],
        {"57A", "57A4"},
        "may not play a card of the suit declarer named",
        id="declarer_forbids_a_suit",
    ),
    pytest.param(
        PREMATURE,
        "premature_cannot_comply",
        [
            "the defender led to the next trick before his partner had played, but partner has "
            "no cards of the suit declarer demanded"
        ],
        {"57B", "59"},
        "he may play any card that is otherwise legal",
        id="partner_cannot_comply",
    ),
    pytest.param(
        PREMATURE,
        "no_rectification_declarer_played",
        [
            "opps played early before their partner had played, declarer had already played "
            "from both hands",
            "before_partner",
        ],
        {"57C1"},
        "is not penalised",
        id="declarer_had_played_both_hands",
    ),
    pytest.param(
        PREMATURE,
        "no_rectification_dummy",
        [
            "dummy picked a card on his own and then the defender played before his partner",
        ],
        {"57C2"},
        "dummy had picked out a card on his own",
        id="dummy_acted_first",
    ),
    pytest.param(
        PREMATURE,
        "rho_turn_legal",
        ["a defender played too early, before dummy had played", "yes"],
        {"57D"},
        "counts as his play when his proper turn comes",
        id="played_at_rho_turn_legal",
    ),
    pytest.param(
        PREMATURE,
        "rho_turn_illegal",
        ["a defender played at his RHO's turn", "no"],
        {"57D", "50D"},
        "It becomes a major penalty card",
        id="played_at_rho_turn_illegal",
    ),
    pytest.param(
        PREMATURE,
        "declarer_premature",
        ["declarer played from his hand before my partner had played"],
        {"57C3"},
        "if it is a legal card he cannot take it back",
        id="declarer_played_early",
    ),
    pytest.param(
        LEAD,
        "declarer_early_lead",
        ["dec led to the next trick before my partner had played to this one", "not yet"],
        {"55A", "53A"},
        "Either defender may choose",
        id="declarer_led_early",
    ),
    # -- simultaneous plays (Law 58) --------------------------------------------------------------
    pytest.param(
        PREMATURE,
        "simultaneous_two_players",
        ["we played our cards at the same time"],
        {"58A"},
        "counts as played after that legal card",
        id="two_players_same_time",
    ),
    pytest.param(
        PREMATURE,
        "simultaneous_one_face",
        ["two cards came out together when he played, only one was face up"],
        {"58B1"},
        "Only the card whose face could be seen is played",
        id="two_cards_one_face",
    ),
    pytest.param(
        PREMATURE,
        "simultaneous_faces",
        ["a defender played two cards together and we could see both"],
        {"58B2", "58B3"},
        "every other card whose face was seen becomes a penalty card",
        id="two_cards_both_seen",
    ),
    pytest.param(
        PREMATURE,
        "simultaneous_found_late",
        ["two cards stuck together on trick 4, only noticed two tricks later"],
        {"58B4", "67B2(a)"},
        "treats it as a defective trick",
        id="two_cards_found_late",
    ),
    # -- play after an illegal play (Law 60) ------------------------------------------------------
    pytest.param(
        PREMATURE,
        "nos_played_after",
        ["I followed to their lead out of turn before anyone noticed"],
        {"60A1", "60A2"},
        "gave up his side's right to have it rectified",
        id="played_to_their_loot",
    ),
    pytest.param(
        PREMATURE,
        "played_before_relead",
        [
            "a defender played too early, before declarer had led again from the right hand",
            "after_illegal",
            "before_relead",
        ],
        {"60B"},
        "has made it a major penalty card",
        id="defender_played_before_declarer_led_again",
    ),
    pytest.param(
        PREMATURE,
        "offending_side_played",
        [
            "the offender's partner played before the director ruled on the premature play",
            "after_illegal",
            "offending",
        ],
        {"60C"},
        "changes nothing for the opponents",
        id="offenders_partner_played",
    ),
]


@pytest.mark.parametrize(("topic", "rule", "lines", "citations", "phrase"), CASES)
def test_lead_and_premature_rulings(
    knowledge: Knowledge, topic: str, rule: str, lines: list[str], citations: set[str], phrase: str
) -> None:
    start = next(t for t in TOPICS if rule in {r.id for r in knowledge.topics[t].rules})
    ruling = shared_bot().ruling([start, *TOPICS], lines)
    assert ruling["topic"] == topic, (rule, ruling["topic"])
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"], ruling["text"]


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = {case.values[1] for case in CASES}
    rules = {rule.id for topic in TOPICS for rule in knowledge.topics[topic].rules}
    assert tested == rules
    assert len(CASES) >= 30


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
