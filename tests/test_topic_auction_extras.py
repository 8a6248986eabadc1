"""Law 24 (card exposed during the auction), Law 15 (wrong board) and Law 19A3/B3 (misstated
double): incidents that hand over or are checked across rulings, end to end through
`chat --jsonl`.

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test.

All incidents here run in one `chat --jsonl` process, a "restart" line between them. When the bot
is not sure of the topic it offers a short menu; the user then picks the topic, as a player would
tap its button. A first pass with the descriptions alone finds which incidents need that pick."""

from __future__ import annotations

from typing import Any

from conftest import jsonl_session, last_ruling

CARD = "card_exposed_during_auction"
BOARD = "wrong_board"
DOUBLE = "misstated_double"

Replies = list[dict[str, Any]]
_SESSION: dict[tuple[str, ...], Replies] = {}


def _incidents() -> list[tuple[str, tuple[str, ...]]]:
    """(topic the incident starts in, its lines), for every incident in this file."""
    return [(topic, tuple(lines)) for topic, lines in EXTRA_INCIDENTS]


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


# -- Law 19A3/B3: double or redouble naming the wrong bid ---------------------------------------


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
