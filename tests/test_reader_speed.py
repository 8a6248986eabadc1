"""Issue 15 item 2: one long message must not stall every chat. Reading a pasted auction
(or any long description) takes time linear in its length: four times the text may take
about four times as long, never the sixteen times a quadratic reader needs (it took 1.1 s,
and up to 2 s, for 4,000 characters of calls pasted as '1C/P/1H/P/...')."""

from __future__ import annotations

import time

import pytest

from bot.dialogue.engine import Conversation, Dialogue

PASTED = {
    "slashes": "1C/P/1H/P/1S/P/2C/P/",
    "seats": "N 1C E P S 1D W P ",
    "dashes": "1♣ - 1♦ - 1♥ - 1♠ - ",
    "passes": "pass ",
    "words": "1 club pass 1 diamond pass 1 heart pass 1 spade pass ",
    "no spaces": "1c1d1h1s",
}
LINEAR_ENOUGH = 8.0
"""Four times the text in under eight times the time (quadratic: about sixteen)."""


def _cpu(dialogue: Dialogue, unit: str, length: int) -> float:
    """The least CPU time of three readings of ``length`` characters of ``unit`` repeated,
    each text a different cut so no cache answers for the reader."""
    best = float("inf")
    for shift in range(3):
        text = (unit * (length // len(unit) + 3))[shift : shift + length]
        started = time.process_time()
        dialogue.handle(Conversation(), text)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("unit", list(PASTED.values()), ids=list(PASTED))
def test_a_long_pasted_auction_is_read_in_linear_time(dialogue: Dialogue, unit: str) -> None:
    short = _cpu(dialogue, unit, 1000)
    long = _cpu(dialogue, unit, 4000)
    assert long < LINEAR_ENOUGH * max(short, 0.002), (short, long)
