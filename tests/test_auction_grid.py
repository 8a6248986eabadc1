"""An auction posted as a table (a header of the four seats, then rows of calls) is read by
its columns: each call belongs to the seat above it, as the player who typed it meant."""

from __future__ import annotations

from bot.dialogue.auction_grid import rewrite_auction_grids
from bot.dialogue.engine import Dialogue

from conftest import Chat

INSUFFICIENT = "This is about: Insufficient bid"


def test_a_table_gives_each_call_the_seat_of_its_column(dialogue: Dialogue) -> None:
    """'S W N E' over '1S p 1H': North's 1H is under 1S, so North bid too low, in turn."""
    text = "Bd 4\nS W N E\n1S p 1H\nE does not accept. what can N do?"
    reading = dialogue.describe(text)
    assert reading.proven == ("insufficient_bid",)
    found = dialogue.facts_for(dialogue.knowledge.topics["insufficient_bid"], text)
    assert found.facts["_offender"] == "N"
    assert found.facts["in_rotation"] == "yes"


def test_the_chat_keeps_the_lines_of_a_table(chat: Chat) -> None:
    """Typed into the chat with its line breaks, the table is still read by columns: the
    insufficient bid is announced and whose turn it was is not asked. East, North's LHO,
    called over it, so it is accepted and ruled at once (27A1)."""
    turns = chat.say("W N E S\n1H 1D p\nE passed over the 1D, nobody noticed. what now")
    assert turns[0].text.startswith(INSUFFICIENT)
    assert not any("turn to call" in t.text for t in turns)
    said = " ".join(t.text for t in turns)
    assert "the offender: North" in said
    assert "East (his LHO) has accepted" in said and "27A1" in said


def test_a_seat_before_the_dealer_is_a_dash() -> None:
    """'-' holds the place of a seat that has not called yet: the next call is the next
    column's."""
    rewritten = rewrite_auction_grids("W N E S\n- 1S p 2S\np 3C ?\nwhat now")
    assert rewritten.startswith("N 1S, E pass, S 2S, W pass, N 3C.")


def test_seats_out_of_rotation_or_prose_are_left_as_typed() -> None:
    """Only the four seats in the order they call head a table, and a line that is not all
    calls ends it: other lines are not guessed at."""
    assert "N 1H" not in rewrite_auction_grids("N S E W\n1H 1S p")
    assert rewrite_auction_grids("N E S W\nhe opened 1H") == "N E S W\nhe opened 1H"


def test_a_table_reads_every_call_the_bot_reads_elsewhere() -> None:
    """The table's calls are read by the one call reader (bot.core.calls): 'redbl' and
    'nobid' were calls in a typed auction but made a table's row prose."""
    rewritten = rewrite_auction_grids("N E S W\n1H x redbl nobid\nwhat now")
    assert rewritten.startswith("N 1H, E double, S redouble, W pass.")


def test_a_bid_above_seven_in_a_table_belongs_to_its_column(dialogue: Dialogue) -> None:
    text = "dlr E\nE S W N\n1H 4S 6H 7S\n7NT p p 8H\nN put the 8H card out, E then doubled it"
    assert dialogue.describe(text).reading.startswith(
        "dealer East. E 1H, S 4S, W 6H, N 7S, E 7NT, S pass, W pass, N 8H."
    )
    assert "bid_above_seven" in dialogue.describe(text).proven


def test_an_auction_told_as_background_to_the_play_is_not_the_question(
    dialogue: Dialogue,
) -> None:
    """The auction ended and then a card was led: the lead, not the end of the auction, is
    the matter (the auction is only how the contract came about)."""
    text = "bd 12, 4H by S\n1H p 3H p\n4H p p p\nW's lead but E led the ♣K face down, now what?"
    assert dialogue.describe(text).proven == ("lead_out_of_turn",)
    assert dialogue.rank(text)[0].topic.id == "lead_out_of_turn"


def test_a_line_of_bare_calls_is_not_the_contract_lines_subject(dialogue: Dialogue) -> None:
    """'4H by S' then '1H p 3H p' on the next line: South did not bid 1H; the calls stand
    apart from the line above."""
    reading = dialogue.describe("bd 12, 4H by S\n1H p 3H p\n4H p p p\nwhat now").reading
    assert reading.startswith("bd 12, 4H by S. 1H p 3H p 4H p p p.")
