"""Law 24 (card exposed during the auction), Law 15 (wrong board) and Law 19A3/B3 (misstated
double), end to end through `chat --jsonl`, one incident per leaf rule, typed as players type.

All incidents run in one `chat --jsonl` process, a "restart" line between them. When the bot is
not sure of the topic it offers a short menu; the user then picks the topic, as a player would
tap its button. A first pass with the descriptions alone finds which incidents need that pick.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import jsonl_session, last_ruling

CARD = "card_exposed_during_auction"
BOARD = "wrong_board"
DOUBLE = "misstated_double"

Replies = list[dict[str, Any]]
_SESSION: dict[tuple[str, ...], Replies] = {}


def _incidents() -> list[tuple[str, tuple[str, ...]]]:
    """(topic the incident starts in, its lines), for every incident in this file."""
    out = [(CARD, tuple(c.values[0])) for c in CARD_CASES]
    out += [(BOARD, tuple(c.values[0])) for c in BOARD_CASES]
    out += [(DOUBLE, tuple(c.values[0])) for c in DOUBLE_CASES]
    out += [(topic, tuple(lines)) for topic, lines in EXTRA_INCIDENTS]
    return out


def _offered(reply: dict[str, Any], topic: str) -> bool:
    """Is this reply the close-call menu, with the topic among its choices?"""
    last = reply["replies"][-1]
    return last["topic"] is None and any(c["id"] == topic for c in last["choices"])


def _replies(lines: list[str]) -> Replies:
    """The replies to these lines (after any menu pick), from the shared session."""
    if not _SESSION:
        incidents = _incidents()
        firsts = jsonl_session([line for _, lines_ in incidents for line in (lines_[0], "restart")])
        script: list[str] = []
        spans = []
        for (topic, incident), first in zip(incidents, firsts[::2], strict=True):
            pick = [topic] if _offered(first, topic) else []
            start = len(script)
            script += [incident[0], *pick, *incident[1:]]
            spans.append((start, len(script)))
            script.append("restart")
        replies = jsonl_session(script)
        for (_, incident), (start, end) in zip(incidents, spans, strict=True):
            _SESSION[incident] = replies[start:end]
    return _SESSION[tuple(lines)]


def _ruling(lines: list[str], topic: str) -> dict[str, Any]:
    replies = _replies(lines)
    first = replies[0]["replies"]
    assert first[0]["topic"] == topic or _offered(replies[0], topic), first[0]["text"]
    ruling = last_ruling(replies)
    assert ruling["topic"] == topic
    # the last line is answered by the ruling itself, not by another question
    assert replies[-1]["replies"][-1]["type"] == "ruling", replies[-1]
    return ruling


# -- Law 24: card exposed or led during the auction ---------------------------------------------


CARD_CASES = [
    pytest.param(
        ["pd dropped the 6 of clubs face up during the bidding", "yes", "not yet"],
        {"24A", "24D", "24E", "16C1", "16C2", "50B", "50C"},
        {"72C"},
        "minor penalty card",
        id="low-card-auction-not-over",
    ),
    pytest.param(
        ["I dropped the 4 of spades face up during the auction", "yes", "I'm declarer"],
        {"24A", "24D", "16C2"},
        {"24E", "50B"},
        "back into his hand",
        id="low-card-offender-declares",
    ),
    pytest.param(
        [
            "he dropped the 3 of hearts during the auction, partner could see it",
            "yes",
            "defender",
        ],
        {"24A", "24E", "50B", "50C", "50E1"},
        {"50D1(a)", "72C"},
        "minor penalty card",
        id="low-card-offender-defends",
    ),
    pytest.param(
        ["South dropped the king of hearts face up during the auction", "yes", "not yet"],
        {"24B", "24D", "24E", "50D", "72C", "16C2"},
        set(),
        "must pass the next time",
        id="honour-auction-not-over",
    ),
    pytest.param(
        ["East led the 5 of clubs before the auction was over", "not yet"],
        {"24B", "24D", "24E", "72C"},
        {"24A"},
        "a card led before the auction was over",
        id="early-lead-auction-not-over",
    ),
    pytest.param(
        ["my partner exposed the queen of spades during the bidding", "yes", "dummy"],
        {"24B", "24D", "72C"},
        {"24E", "50D1(a)"},
        "back into his hand",
        id="honour-offender-dummy",
    ),
    pytest.param(
        ["west exposed the ace of diamonds during the auction", "yes", "he is a defender"],
        {"24B", "24E", "50D1(a)", "50D2(a)", "50D2(b)", "50E1", "50E2", "72C"},
        {"24D"},
        "major penalty card",
        id="honour-offender-defends",
    ),
    pytest.param(
        ["pd dropped two cards face up while bidding, what now", "yes", "not yet"],
        {"24C", "24D", "24E", "51A", "51B", "72C"},
        {"24B"},
        "they are all major",
        id="two-cards-auction-not-over",
    ),
    pytest.param(
        ["he dropped three cards on the table during the auction", "yes", "declarer"],
        {"24C", "24D", "72C"},
        {"24E"},
        "they are not penalty cards",
        id="two-cards-offender-declares",
    ),
    pytest.param(
        ["North dropped two cards during the bidding", "yes", "he is defending"],
        {"24C", "24E", "51A", "51B2(b)", "72C"},
        {"24D"},
        "forbid one or more such suits",
        id="two-cards-offender-defends",
    ),
    pytest.param(
        [
            "a card fell out of her hand during the auction, only the opponent could see it",
        ],
        {"74C5"},
        {"24A", "24B", "16D3"},
        "no one has to pass",
        id="only-an-opponent-could-see-it",
    ),
    pytest.param(
        ["during the auction lho knocked my cards over and partner saw the king"],
        {"16D1", "16D3"},
        {"24B"},
        "someone else did",
        id="exposed-by-an-opponent",
    ),
    pytest.param(
        ["North dropped a card while sorting his cards before anyone had bid"],
        {"16D1", "16D2"},
        {"24A", "24B", "24C"},
        "auction begins only with the first call",
        id="before-the-first-call",
    ),
]


@pytest.mark.parametrize(("lines", "cited", "absent", "phrase"), CARD_CASES)
def test_card_exposed_during_the_auction(
    lines: list[str], cited: set[str], absent: set[str], phrase: str
) -> None:
    ruling = _ruling(lines, CARD)
    assert cited <= set(ruling["citations"]), ruling["citations"]
    assert not absent & set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"]


HONOUR_ONCE = ["dropped the jack face up during the bidding", "yes", "not yet"]
WRONG_SEAT = [
    "After North opened 1NT, South dropped the king of hearts face up during the auction",
    "yes",
    "not yet",
]
INADMISSIBLE_DOUBLE = [
    "he said double 2 hearts but the bid was 2 spades",
    "no",  # the double itself was not allowed (2 spades was his partner's)
    "no",  # noticed before the opening lead
    "no",  # LHO had not called
    "no",  # in turn
]
INADMISSIBLE_REDOUBLE = [
    "she said redouble 2 hearts but the bid was 2 spades",
    "no",  # the redouble itself was not allowed (nobody had doubled)
    "after the opening lead",
]
SEATED_INADMISSIBLE = [
    "South said 'double 3 hearts' but the last bid was his partner North's 3 spades",
    "no",  # the double itself was not allowed: it doubled his partner's bid
    "no",
    "no",
    "no",
]
EXTRA_INCIDENTS = [
    (CARD, HONOUR_ONCE),
    (CARD, WRONG_SEAT),
    (DOUBLE, INADMISSIBLE_DOUBLE),
    (DOUBLE, INADMISSIBLE_REDOUBLE),
    (DOUBLE, SEATED_INADMISSIBLE),
]


def test_honour_exposed_silences_partner_once_not_for_the_rest() -> None:
    ruling = _ruling(HONOUR_ONCE, CARD)
    assert "once only" in ruling["text"]
    assert "rest of the auction" not in ruling["text"]
    # both outcomes are shown while the auction is still going on
    assert "declarer or dummy" in ruling["text"] and "defender" in ruling["text"]


def test_a_call_named_in_the_story_does_not_make_its_caller_the_offender() -> None:
    ruling = _ruling(WRONG_SEAT, CARD)
    assert "South (his partner)" not in ruling["text"]  # South is the one who dropped it


# -- Law 15: wrong board ------------------------------------------------------------------------


BOARD_CASES = [
    pytest.param(
        ["I took my cards from the previous board but noticed before I called"],
        {"16D1", "16D2"},
        {"15A1"},
        "nothing on this board is cancelled",
        id="noticed-before-any-call",
    ),
    pytest.param(
        [
            "North picked up his cards from board 5 instead of board 6 and opened 1H, "
            "his partner has already bid",
        ],
        {"15A1", "15A2(a)", "15A3", "15A4"},
        {"15A2(b)"},
        "awards an adjusted score on this board",
        id="partner-has-called-since",
    ),
    pytest.param(
        [
            "south took her hand out of the wrong board and opened 1S, found out before "
            "her partner had called",
            "no, not yet",
        ],
        {"15A1", "15A2(b)", "15A2(c)", "15A3", "15A4", "16C1", "16C2", "16C3"},
        {"15A2(a)"},
        "calls again",
        id="offender-calls-again",
    ),
    pytest.param(
        ["teams match: we played the wrong board"],
        {"15B", "86B2(a)", "86B2(b)", "86B3"},
        {"15B1", "15B2"},
        "team match",
        id="teams",
    ),
    pytest.param(
        ["we played the wrong board in a pairs event and one of us had already played it"],
        {"15B1", "15B3", "12C2(a)"},
        {"15B2"},
        "cancelled for both pairs",
        id="someone-had-played-it",
    ),
    pytest.param(
        ["the table played a board that wasn't scheduled for this round, pairs", "no"],
        {"15B2", "15B3"},
        {"15B1"},
        "the score stands",
        id="nobody-had-played-it",
    ),
]


@pytest.mark.parametrize(("lines", "cited", "absent", "phrase"), BOARD_CASES)
def test_wrong_board(lines: list[str], cited: set[str], absent: set[str], phrase: str) -> None:
    ruling = _ruling(lines, BOARD)
    assert cited <= set(ruling["citations"]), ruling["citations"]
    assert not absent & set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"]


# -- Law 19A3/B3: double or redouble naming the wrong bid ---------------------------------------


DOUBLE_CASES = [
    pytest.param(
        ["South said 'double 3 hearts' but West's bid was 3 spades", "yes"],
        {"19A2", "19A3", "16B1", "16B3"},
        {"19A1", "35A"},
        "counts as a double of the bid actually made",
        id="double-names-the-wrong-suit",
    ),
    pytest.param(
        ["he said redouble 2 hearts but the bid was 2 spades", "yes"],
        {"19B2", "19B3", "16B1", "16B3"},
        {"19B1", "35A"},
        "counts as a redouble of the bid actually made",
        id="redouble-names-the-wrong-suit",
    ),
    pytest.param(
        ["my opponent said double 2 clubs, is that allowed?", "he named the right bid", "yes"],
        {"19A2", "16B1"},
        {"19A3", "25B2"},
        'say just "Double"',
        id="double-names-the-right-bid",
    ),
    pytest.param(
        ["opponent said redouble four spades, is that ok", "the right bid", "yes"],
        {"19B2", "16B1"},
        {"19B3", "25B2"},
        'say just "Redouble"',
        id="redouble-names-the-right-bid",
    ),
    pytest.param(
        ["W doubled saying 'double, for takeout' out loud, can she add that", "yes"],
        {"19A2", "73B1", "16B1(a)", "16B3"},
        {"19A3"},
        "single word",
        id="double-with-extra-words",
    ),
]


@pytest.mark.parametrize(("lines", "cited", "absent", "phrase"), DOUBLE_CASES)
def test_misstated_double(lines: list[str], cited: set[str], absent: set[str], phrase: str) -> None:
    ruling = _ruling(lines, DOUBLE)
    assert cited <= set(ruling["citations"]), ruling["citations"]
    assert not absent & set(ruling["citations"]), ruling["citations"]
    assert phrase in ruling["text"]


def test_misstated_double_that_is_not_allowed_goes_on_as_an_inadmissible_double() -> None:
    replies = _replies(INADMISSIBLE_DOUBLE)
    assert replies[0]["replies"][0]["topic"] == DOUBLE or _offered(replies[0], DOUBLE)
    ruling = last_ruling(replies)
    assert ruling["topic"] == "inadmissible_double"
    assert {"19A1", "19A3", "35A", "36B1", "36B2"} <= set(ruling["citations"])
    assert "counts as a double of the bid actually made" in ruling["text"]


def test_misstated_redouble_that_is_not_allowed_goes_on_as_an_inadmissible_redouble() -> None:
    replies = _replies(INADMISSIBLE_REDOUBLE)
    assert replies[0]["replies"][0]["topic"] == DOUBLE or _offered(replies[0], DOUBLE)
    ruling = last_ruling(replies)
    assert ruling["topic"] == "inadmissible_double"
    assert {"19B1", "19B3", "35A", "36C"} <= set(ruling["citations"])
    assert "counts as a redouble of the bid actually made" in ruling["text"]


def test_handover_keeps_the_doubler_as_the_offender() -> None:
    ruling = last_ruling(_replies(SEATED_INADMISSIBLE))
    assert ruling["topic"] == "inadmissible_double"
    assert "North must replace" not in ruling["text"]  # South doubled, North is his partner
