"""Laws 45, 46 and 47: when a card is played, unclear calls from dummy, taking a card back.

Each case is an incident typed the way a player would, driven end to end through
`rulingbot chat --jsonl`, and checked for the topic, the key citations and one key
phrase of the ruling.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import jsonl_session, last_ruling

CASES = [
    # -- Law 45: card played ------------------------------------------------------
    (
        "explained",
        ["when does a card count as played?", "nothing in particular"],
        "card_played",
        {"45A", "45B", "45C1", "45C2", "45C3", "45C4(a)", "45C4(b)", "45C5"},
        "touches it on purpose",
    ),
    (
        "defender_card_played",
        ["defender held his card so his partner could see it", "yes, it was his turn"],
        "card_played",
        {"45C1"},
        "played to the current trick",
    ),
    (
        "defender_already_played",
        ["West showed a card so his partner could see it, but he had already played to the trick"],
        "card_played",
        {"45C1", "45E1"},
        "penalty card",
    ),
    (
        "defender_early",
        ["defender held a card where partner could see it before his turn"],
        "card_played",
        {"45C1", "57A", "57D"},
        "director's judgement",
    ),
    (
        "declarer_near_table",
        ["declarer held the queen face up just above the table then put it back"],
        "card_played",
        {"45C2(a)"},
        "The card is played",
    ),
    (
        "declarer_as_played",
        ["declarer held his card as if he had played it, then changed to another"],
        "card_played",
        {"45C2(b)"},
        "shows it has been played",
    ),
    (
        "declarer_not_played",
        ["declarer dropped a card from his hand during the play, the ace of spades"],
        "card_played",
        {"45C2", "48A"},
        "The card is not played",
    ),
    (
        "dummy_touched_played",
        ["declarer touched a card in dummy and then wanted to play a different one", "on purpose"],
        "card_played",
        {"45C3"},
        "touches on purpose counts as played",
    ),
    (
        "dummy_touched_not_played",
        ["declarer touched the 5 of clubs in dummy while reaching for the card below it"],
        "card_played",
        {"45C3"},
        "The card is not played",
    ),
    (
        "dummy_named_played",
        [
            "declarer named a card from dummy and now regrets it",
            "yes, it was the card he meant",
        ],
        "card_played",
        {"45B", "45C4(a)"},
        "counts as played at once",
    ),
    (
        "dummy_named_rethink",
        ["declarer called for the queen from dummy then changed his mind"],
        "card_played",
        {"45C4(a)", "45C4(b)"},
        "cannot be corrected",
    ),
    (
        "dummy_slip_corrected",
        [
            "declarer called for the jack of spades from dummy, then said oops he meant "
            "the jack of hearts, slip of the tongue",
            "no",
        ],
        "card_played",
        {"45C4(b)", "47C", "47D", "16C1"},
        "may correct the slip",
    ),
    (
        "dummy_slip_too_late",
        [
            "declarer misnamed a card from dummy by a slip of the tongue, then played from hand",
            "yes",
        ],
        "card_played",
        {"45C4(b)"},
        "can no longer be corrected",
    ),
    (
        "dummy_wrong_withdrawn",
        ["declarer called for the ace from dummy but dummy played the 8, noticed at once"],
        "card_played",
        {"45D1", "16C1"},
        "must be withdrawn",
    ),
    (
        "dummy_wrong_stands",
        ["dummy played a card declarer did not call, noticed two tricks later"],
        "card_played",
        {"45D2", "64B3", "64C"},
        "can no longer be changed",
    ),
    (
        "fifth_card_defender",
        ["West played a fifth card to the trick"],
        "card_played",
        {"45E1", "50B"},
        "penalty card under Law 50",
    ),
    (
        "fifth_card_declarer",
        ["declarer added a fifth card to the trick from dummy"],
        "card_played",
        {"45E2"},
        "goes back to the hand it came from",
    ),
    (
        "dummy_indicated",
        ["dummy pointed at the card he wanted declarer to play"],
        "card_played",
        {"45F"},
        "this damaged the defenders",
    ),
    (
        "turned_early",
        ["East turned his card face down before everyone had played"],
        "card_played",
        {"45G", "66A"},
        "faced again",
    ),
    # -- Law 46: incomplete or invalid designation ----------------------------------------
    (
        "incomplete_handed_over_high",
        [
            "declarer named a card from dummy and now regrets it",
            "He did not give both suit and rank",
            "'High', 'top' or similar",
            "no",
        ],
        "dummy_designation",
        {"46A", "46B1(a)"},
        "highest card in the suit led",
    ),
    (
        "high",
        ["declarer said high from dummy", "no"],
        "dummy_designation",
        {"46B1(a)"},
        "highest card in the suit led",
    ),
    (
        "win",
        ["declarer told dummy to win it", "no"],
        "dummy_designation",
        {"46B1(b)"},
        "lowest dummy card that is known to win",
    ),
    (
        "low",
        ["declarer just said small from dummy", "no"],
        "dummy_designation",
        {"46B1(c)"},
        "lowest card in the suit led",
    ),
    (
        "suit_only",
        ["declarer said spade from dummy without the rank", "no"],
        "dummy_designation",
        {"46B2"},
        "lowest card in that suit",
    ),
    (
        "not_in_dummy",
        ["declarer called for the queen of clubs but dummy doesn't have it", "no"],
        "dummy_designation",
        {"46B4"},
        "any card that is a legal play",
    ),
    (
        "anything",
        ["declarer said play anything from dummy", "no"],
        "dummy_designation",
        {"46B5"},
        "either defender may choose",
    ),
    (
        "clear_intent",
        ["declarer said high from dummy but everyone knew he wanted the two", "yes"],
        "dummy_designation",
        {"46B"},
        "incontrovertible",
    ),
    (
        "rank_lead_same_suit",
        ["declarer said king from dummy when dummy was leading", "no", "yes"],
        "dummy_designation",
        {"46B3(a)"},
        "won the previous trick",
    ),
    (
        "rank_choose",
        ["declarer said king from dummy when dummy was leading", "no", "no", "two or more"],
        "dummy_designation",
        {"46B3(b)"},
        "now says which",
    ),
    (
        "rank_one_card",
        [
            "declarer called for the ten, without saying the suit",
            "no",
            "no, dummy was following",
            "exactly one",
        ],
        "dummy_designation",
        {"46B3(b)"},
        "just one card of that rank",
    ),
    (
        "rank_no_legal_card",
        [
            "declarer called for the ten, without saying the suit",
            "no",
            "no, dummy was following",
            "none",
        ],
        "dummy_designation",
        {"46B3(b)", "44C"},
        "director must decide",
    ),
    (
        "complete_but_wrong",
        ["declarer named suit and rank from dummy but said the wrong card"],
        "dummy_designation",
        {"45C4(b)"},
        "Law 46 does not apply",
    ),
    # -- Law 47: retraction of a card played ------------------------------------------------
    (
        "misnamed_dummy_card",
        [
            "can a played card be taken back?",
            "Declarer misnamed a dummy card by a slip of the tongue",
            "no, not yet",
        ],
        "card_played",
        {"47C", "45C4(b)"},
        "may correct the slip",
    ),
    (
        "opponent_changed",
        ["opponent changed his card, can I change mine"],
        "retracting_played_card",
        {"47D", "62C2"},
        "with no rectification",
    ),
    (
        "told_turn",
        [
            "can a played card be taken back?",
            "An opponent wrongly told him he should lead or play",
        ],
        "retracting_played_card",
        {"47E1"},
        "must be taken back",
    ),
    (
        "misexplained_retract",
        [
            "can a played card be taken back?",
            "He played it because an opponent gave a wrong explanation",
            "no, no card has been played since",
            "no",
        ],
        "retracting_played_card",
        {"47E2(a)", "16C1", "16C2"},
        "may take the card back",
    ),
    (
        "misexplained_opening_lead",
        [
            "can a played card be taken back?",
            "He played it because an opponent gave a wrong explanation",
            "no, no card has been played since",
            "yes, it was the opening lead and dummy has faced cards",
        ],
        "retracting_played_card",
        {"47E2(a)", "47E2(b)"},
        "opening lead cannot now be taken back",
    ),
    (
        "misexplained_too_late",
        [
            "can a played card be taken back?",
            "He played it because an opponent gave a wrong explanation",
            "yes, a card has been played since",
        ],
        "retracting_played_card",
        {"47E2(b)"},
        "adjusted score",
    ),
    (
        "proper_lead",
        ["can I take back my card? I led properly after the opponent's lead out of turn"],
        "retracting_played_card",
        {"47F1", "53B"},
        "proper lead then stands",
    ),
    (
        "changed_mind",
        ["I played the wrong card, can I take it back?"],
        "retracting_played_card",
        {"47F2"},
        "The card stays played",
    ),
    (
        "rectification_defender",
        ["can a played card be withdrawn when the director's rectification requires it", "1"],
        "retracting_played_card",
        {"47A", "49"},
        "may become a penalty card",
    ),
    (
        "rectification_declarer",
        ["can a played card be withdrawn when the director's rectification requires it", "2"],
        "retracting_played_card",
        {"47A", "48A"},
        "never become penalty cards",
    ),
    (
        "illegal_defender",
        # "defender revoked and noticed in time" now goes to the revoke topic (Law 62);
        # Law 47B's own path is reached by asking about taking a card back.
        ["can a played card be taken back?", "It was an illegal play", "A defender's"],
        "retracting_played_card",
        {"47B", "62B1"},
        "major penalty card",
    ),
    (
        "illegal_declarer",
        ["declarer revoked but corrected it in time, can he take the card back?"],
        "retracting_played_card",
        {"47B", "48A", "62B2"},
        "no further rectification",
    ),
]


STARTS_IN = {
    # Cases whose ruling comes from a topic handed over to: the topic the incident starts in.
    "incomplete_handed_over_high": "card_played",
    "misnamed_dummy_card": "retracting_played_card",
}


def ruling_for(case: str, lines: list[str], topic: str) -> dict[str, Any]:
    """Run an incident; if the bot first offers a short list of topics, pick the right one."""
    first = jsonl_session(lines[:1])[0]["replies"][-1]
    if first["type"] == "question" and first["topic"] is None:
        offered = {c["id"]: c["label"] for c in first["choices"]}
        lines = [lines[0], offered[STARTS_IN.get(case, topic)], *lines[1:]]
    return last_ruling(jsonl_session(lines))


@pytest.mark.parametrize(
    ("case", "lines", "topic", "citations", "phrase"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_play_period_card_rulings(
    case: str, lines: list[str], topic: str, citations: set[str], phrase: str
) -> None:
    ruling = ruling_for(case, lines, topic)
    assert ruling["topic"] == topic
    assert citations <= set(ruling["citations"])
    assert phrase in ruling["text"]


def test_unclear_call_from_dummy_is_handed_over_from_law_45() -> None:
    replies = jsonl_session(
        [
            "declarer named a card from dummy and now regrets it",
            "He did not give both suit and rank",
        ]
    )
    turns = replies[-1]["replies"]
    assert any(t["type"] == "message" and "Law 46 decides" in t["text"] for t in turns)
    assert turns[-1]["type"] == "question" and turns[-1]["topic"] == "dummy_designation"
