"""Defective tricks (Law 67), arranging and inspecting tricks (Laws 65-66), a hand with the
wrong number of cards (Laws 13-14) and dummy's rights and limits (Laws 42-43), typed the way
players describe them, end to end through `rulingbot chat --jsonl`: the topic that rules, the
rule's key citations, and a key phrase of the ruling."""

from __future__ import annotations

import pytest

from bot.check import leaf_ruling, walk
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer

from conftest import shared_bot

TOPICS = ("defective_trick", "quitted_tricks", "wrong_number_of_cards", "dummy_rights")

CASES = [
    # (topic the story starts in, rule, incident and answers, topic that rules, citations, phrase)
    # -- Law 67: defective trick -----------------------------------------------------------------
    pytest.param(
        "defective_trick",
        "omitted_in_time",
        ["pd skipped a trick, noticed before anyone played to the next trick"],
        "defective_trick",
        {"67A1"},
        "adds a card to it",
        id="skipped_trick_in_time",
    ),
    pytest.param(
        "defective_trick",
        "omitted_in_time",
        ["dec forgot to play from dummy, the trick only had three cards", "in time"],
        "defective_trick",
        {"67A", "67A1"},
        "follows suit if he can",
        id="dummy_card_missing_in_time",
    ),
    pytest.param(
        "defective_trick",
        "omitted_later_holds_suit",
        ["only 3 cards on trick 5, pd never played to it; we found out two tricks later", "yes"],
        "defective_trick",
        {"67B1(a)", "64A2"},
        "must be one of that suit",
        id="missed_trick_later_holds_suit",
    ),
    pytest.param(
        "defective_trick",
        "omitted_later_void",
        ["at the end of the hand LHO had a card left over", "later", "no"],
        "defective_trick",
        {"67B1(b)", "64A2"},
        "treated as having revoked",
        id="card_left_over_void",
    ),
    pytest.param(
        "defective_trick",
        "fifth_card",
        ["defective trick: too many cards on it", "too_many", "immediately", "fifth", "a defender"],
        "card_played",
        {"67A2", "45E1"},
        "becomes a penalty card",
        id="fifth_card_hands_over",
    ),
    pytest.param(
        "defective_trick",
        "together_in_time",
        [
            "defective trick: too many cards on it",
            "too_many",
            "immediately",
            "together",
            "one_visible",
        ],
        "premature_play",
        {"67A2", "58B1"},
        "The other cards go back into the hand",
        id="stuck_together_hands_over_to_simultaneous_plays",
    ),
    pytest.param(
        "defective_trick",
        "extra_later",
        ["a trick with five cards in it, found two tricks later"],
        "defective_trick",
        {"67B2(a)", "67B2(b)"},
        "Who won the defective trick does not change",
        id="five_card_trick_found_later",
    ),
    pytest.param(
        "defective_trick",
        "card_misplaced",
        ["pd played the 7 of hearts to trick 3 and then the same card was played again at trick 6"],
        "defective_trick",
        {"67B3"},
        "awards an adjusted score",
        id="same_card_played_twice",
    ),
    # -- Laws 65-66: arranging and inspecting tricks ----------------------------------------------
    pytest.param(
        "quitted_tricks",
        "explained",
        ["how should you lay your cards after a trick - pointing which way?"],
        "quitted_tricks",
        {"65A", "65B1", "65B2", "65D"},
        "towards his partner",
        id="how_to_point_cards",
    ),
    pytest.param(
        "quitted_tricks",
        "revoke_check",
        ["I want to look at the quitted tricks because I think opps revoked"],
        "revoke",
        {"66C", "61C"},
        "only on the director's instruction",
        id="look_for_revoke_goes_to_revoke",
    ),
    pytest.param(
        "quitted_tricks",
        "trick_faced",
        ["can I look at the last trick", "no", "no"],
        "quitted_tricks",
        {"66A"},
        "turned face up again",
        id="last_trick_own_card_up",
    ),
    pytest.param(
        "quitted_tricks",
        "own_card_only",
        [
            "LHO asked to see all the cards of the trick after he had turned his card over",
            "no",
        ],
        "quitted_tricks",
        {"66A", "66B"},
        "not show it to anyone",
        id="asked_after_turning_own_card",
    ),
    pytest.param(
        "quitted_tricks",
        "own_card_allowed",
        ["can I look at my own card after the trick is turned", "no"],
        "quitted_tricks",
        {"66B"},
        "look at his own last card again",
        id="own_last_card",
    ),
    pytest.param(
        "quitted_tricks",
        "trick_closed",
        ["dec wants to look back at an earlier trick, is he allowed?"],
        "quitted_tricks",
        {"66C"},
        "may not be looked at again until play ends",
        id="earlier_trick_during_play",
    ),
    pytest.param(
        "quitted_tricks",
        "count_after_play",
        ["after the hand we disagree on the number of tricks, can we look back through the cards"],
        "quitted_tricks",
        {"66D", "79B"},
        "handle only his own cards",
        id="trick_count_disputed",
    ),
    pytest.param(
        "quitted_tricks",
        "pointing_in_time",
        ["pd pointed his card the wrong way, we actually won that trick", "in_time"],
        "quitted_tricks",
        {"65B3"},
        "turned the right way",
        id="pointed_wrong_in_time",
    ),
    pytest.param(
        "quitted_tricks",
        "pointing_late",
        ["I turned my card the wrong way and only noticed 3 tricks later"],
        "quitted_tricks",
        {"65B3", "16B1"},
        "only a record",
        id="pointed_wrong_late",
    ),
    pytest.param(
        "quitted_tricks",
        "mixed_cards",
        ["opp mixed up all her played cards before we agreed the number of tricks"],
        "quitted_tricks",
        {"65D", "66D"},
        "rules in favour of the other side",
        id="cards_mixed_before_agreement",
    ),
    # -- Laws 13-14: wrong number of cards ------------------------------------------------------
    pytest.param(
        "wrong_number_of_cards",
        "surplus_card",
        ["there was a joker in the board"],
        "wrong_number_of_cards",
        {"13C"},
        "simply taken out",
        id="joker_in_board",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "corrected_before_calls",
        ["I had 14 cards and pd had 12, we noticed before the auction", "no"],
        "wrong_number_of_cards",
        {"13A1"},
        "played in the normal way",
        id="fourteen_before_auction",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "corrected_cards_seen",
        ["there were 14 cards in the north pocket and 12 in south", "before_call", "yes"],
        "wrong_number_of_cards",
        {"13A2"},
        "affected it",
        id="fourteen_cards_seen",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "found_after_call",
        ["LHO found he had 14 cards during the auction after he'd bid"],
        "wrong_number_of_cards",
        {"13B1", "13B2"},
        "without any call being changed",
        id="fourteen_after_call",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "found_after_play",
        ["after play we found east had 14 cards all along"],
        "wrong_number_of_cards",
        {"13D"},
        "cancelled",
        id="fourteen_after_play",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "missing_restored_before_lead",
        ["my hand was a card short before the opening lead, it was still in the board"],
        "wrong_number_of_cards",
        {"14A1", "14A3", "14C"},
        "every call standing",
        id="short_hand_before_lead",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "missing_replaced_before_lead",
        ["counted my hand during the auction, only 12 cards, and the card could not be found"],
        "wrong_number_of_cards",
        {"14A2", "14A3"},
        "another pack",
        id="card_lost_before_lead",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "missing_among_played",
        [
            "pd had only 12 cards at trick 8; the missing card turned up among the played cards",
            "later",
        ],
        "defective_trick",
        {"14B1", "67B2(a)"},
        "Who won the defective trick does not change",
        id="missing_card_among_played",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "missing_restored_in_play",
        ["missing card found on the floor half way through the play"],
        "wrong_number_of_cards",
        {"14B2", "14B4", "14C"},
        "may be a revoke",
        id="missing_card_on_floor",
    ),
    pytest.param(
        "wrong_number_of_cards",
        "missing_replaced_in_play",
        ["at trick 5 dummy only had 12 cards and the card could not be found anywhere"],
        "wrong_number_of_cards",
        {"14B3", "14B4"},
        "rebuilds the deal",
        id="missing_card_lost_in_play",
    ),
    # -- Laws 42-43: dummy ----------------------------------------------------------------------
    pytest.param(
        "dummy_rights",
        "explained",
        ["what are dummy's rights"],
        "dummy_rights",
        {"42A2", "42B2", "43A1(b)"},
        "keep count of the tricks",
        id="dummy_rights_explained",
    ),
    pytest.param(
        "dummy_rights",
        "asked_revoke",
        ["dummy asked declarer whether he had any hearts left"],
        "revoke",
        {"42B1", "61B2(a)"},
        "may ask him whether he holds any of the suit",
        id="dummy_asks_declarer_goes_to_revoke",
    ),
    pytest.param(
        "dummy_rights",
        "touched_card",
        ["dummy's rights: dummy reached for a card before declarer named one", "touched_card"],
        "card_played",
        {"45F"},
        "must not touch or point at any card",
        id="dummy_touched_card_goes_to_card_played",
    ),
    pytest.param(
        "dummy_rights",
        "warned_in_time",
        ["dummy said 'you're in hand' before dec led from the board", "no"],
        "dummy_rights",
        {"42B2"},
        "try to prevent an irregularity",
        id="dummy_warns_wrong_hand",
    ),
    pytest.param(
        "dummy_rights",
        "warned_after_violation",
        ["dummy told declarer he was in the wrong hand", "no", "yes"],
        "dummy_rights",
        {"43B2(a)"},
        "either defender may now choose",
        id="dummy_warns_after_looking",
    ),
    pytest.param(
        "dummy_rights",
        "wrong_hand_pointed_out",
        ["dummy told declarer he had already led from the wrong hand"],
        "dummy_rights",
        {"43A1(b)", "55A"},
        "either defender may accept the lead",
        id="dummy_points_out_wrong_hand_lead",
    ),
    pytest.param(
        "dummy_rights",
        "after_play",
        ["dummy pointed out our revoke at the end of the play"],
        "dummy_rights",
        {"42B3"},
        "Once play of the hand is over",
        id="dummy_points_out_after_play",
    ),
    pytest.param(
        "dummy_rights",
        "pointed_during",
        ["dummy pointed out our revoke in the middle of the hand", "no"],
        "dummy_rights",
        {"43A1(b)", "43B1"},
        "still dealt with in the normal way",
        id="dummy_points_out_revoke",
    ),
    pytest.param(
        "dummy_rights",
        "pointed_after_violation",
        ["dummy spotted the defender's lead out of turn and said so", "during", "yes"],
        "dummy_rights",
        {"43B3"},
        "keeps the score it made at the table",
        id="dummy_points_out_after_peeking",
    ),
    pytest.param(
        "dummy_rights",
        "pointed_declarer_after_violation",
        ["dummy drew attention to an irregularity during play", "yes", "declarer"],
        "dummy_rights",
        {"43A1(b)", "43B1"},
        "may not point out an irregularity during play",
        id="dummy_points_out_declarers_irregularity",
    ),
    pytest.param(
        "dummy_rights",
        "director_call_allowed",
        ["dummy called the director during the play", "yes"],
        "dummy_rights",
        {"43A1(a)", "9B1(b)"},
        "dummy included",
        id="dummy_calls_director_after_claim",
    ),
    pytest.param(
        "dummy_rights",
        "director_call_not_allowed",
        ["is dummy allowed to call the TD", "during", "no"],
        "dummy_rights",
        {"43A1(a)", "43B1"},
        "may not be the first to call the director",
        id="dummy_calls_director_first",
    ),
    pytest.param(
        "dummy_rights",
        "swapped_hands",
        ["dummy swapped hands with declarer"],
        "dummy_rights",
        {"43A2(a)", "43B1"},
        "pick the hand declarer must lead from",
        id="dummy_swapped_hands",
    ),
    pytest.param(
        "dummy_rights",
        "watched_declarer",
        ["dummy got up and walked round to watch declarer play"],
        "dummy_rights",
        {"43A2(b)", "43B3"},
        "stay in his seat",
        id="dummy_watched_declarer",
    ),
    pytest.param(
        "dummy_rights",
        "looked_at_defender",
        ["dummy had a peek at a defender's cards"],
        "dummy_rights",
        {"43A2(c)", "43B2(b)"},
        "any of a defender's cards",
        id="dummy_looked_at_defender",
    ),
    pytest.param(
        "dummy_rights",
        "defender_showed",
        ["the defender showed his hand to dummy"],
        "dummy_rights",
        {"43A3"},
        "must not show his hand to dummy",
        id="defender_showed_dummy",
    ),
    pytest.param(
        "dummy_rights",
        "took_part",
        ["pd as dummy commented on my play during the hand"],
        "dummy_rights",
        {"43A1(c)", "16B1"},
        "unauthorised information for declarer",
        id="dummy_commented",
    ),
]


@pytest.mark.parametrize(("start", "rule", "lines", "topic", "citations", "phrase"), CASES)
def test_play_misc_rulings(
    start: str, rule: str, lines: list[str], topic: str, citations: set[str], phrase: str
) -> None:
    ruling = shared_bot().ruling([start, topic], lines)
    assert ruling["topic"] == topic
    assert citations <= set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"], ruling["text"]


def test_every_rule_has_an_incident(knowledge: Knowledge) -> None:
    tested = {(case.values[0], case.values[1]) for case in CASES}
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
    ("quitted_tricks", "dec wants to see trick 3 again", {"event": "look_trick"}),
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
