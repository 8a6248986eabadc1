"""Auction and information incidents told in everyday words: the calls typed or told, whose
turn it was and what was said prove the irregularity, whatever the words (issue 14).

None of these stories is in the labelled sets; each is a new wording of a known situation.
"""

from __future__ import annotations

import pytest

from bot.dialogue.engine import Dialogue
from conftest import Chat, ruling_of, walk


def _announced(seen: list) -> str | None:
    return next((t.topic for t in seen if t.topic), None)


# -- auctions typed with each call's seat beside it -------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "facts", "laws"),
    [
        # the seat after each call in brackets: West called at South's turn (Law 31A)
        (
            "1H (N) P (E) 1S (W)",
            "call_out_of_rotation",
            {"_offender": "W", "whose_turn": "rho", "call_type": "bid"},
            {"31A1", "31A2(a)"},
        ),
        (
            "1H(N) - P(E) - 1S(W)",
            "call_out_of_rotation",
            {"_offender": "W", "whose_turn": "rho"},
            {"31A1"},
        ),
        # the seat before each call with a dash: South's 1D under North's 1H (Law 27)
        (
            "N-1H E-P S-1D",
            "insufficient_bid",
            {"_offender": "S", "_last_bid": "1♥", "in_rotation": "yes"},
            {"27A1", "27B1(a)"},
        ),
        # the bracketed seat, not the order typed, names the offender: North, not West
        (
            "dlr S. 1S (S) 2H (W) 1NT (N)",
            "insufficient_bid",
            {"_offender": "N", "_last_bid": "2♥"},
            {"27A1"},
        ),
    ],
)
def test_an_auction_typed_with_seats_beside_the_calls_names_each_caller(
    dialogue: Dialogue, text: str, topic: str, facts: dict[str, str], laws: set[str]
) -> None:
    seen = walk(Chat(dialogue), text)
    assert _announced(seen) == topic, [t.text[:100] for t in seen]
    found = dialogue.facts_for(dialogue.knowledge.topics[topic], text).facts
    for fact, value in facts.items():
        assert found.get(fact) == value, found
    assert laws <= set(ruling_of(seen).citations)
