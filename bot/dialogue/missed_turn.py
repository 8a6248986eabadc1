"""A player's turn passed over on the way to the end of the auction (Law 34, 17D3).

Three passes closed the auction with one of them out of rotation, and the player whose turn it
took never called: read from the seats of the calls told, with the words agreeing that he had
not called or whose turn it was, so a loose "skipped" alone never proves it.
"""

from __future__ import annotations

from bot.core.auction import Auction, Entry
from bot.core.calls import Seat, Simple
from bot.dialogue.auction_state import Found
from bot.dialogue.story import CallEvent, Story

TURN_MISSED = "turn_missed"
"""The auction told ended while a player's turn was passed over (Law 34, 17D3)."""
PASS_TOOK_TURN = "pass_took_turn"
"""The reader's fact when the seats prove it: one of the closing passes took a player's turn
(the topic's question on it is asked only when the story merely sounds like it)."""


def _seated(story: Story) -> list[CallEvent] | None:
    """The calls made, when every one is known and its maker's seat is known."""
    timeline = [e for e in story.timeline if e.earlier_than is None]
    if len(timeline) < 2 or any(e.call is None or e.seat is None for e in timeline):
        return None
    return timeline


def turn_passed_over(story: Story) -> Found | None:
    """Three passes closed the auction, one of them out of rotation, and the player whose turn
    it took never called after it (Law 17D3): shown by the seats, with the words saying he
    had not called or whose turn it was. That pass is the missed turn, not a call out of
    rotation to rectify on its own."""
    timeline = _seated(story)
    if timeline is None or len(timeline) < 4:
        return None
    auction = Auction(tuple(Entry(e.call, e.seat) for e in timeline))  # type: ignore[arg-type]
    if not auction.is_over() or auction.is_passed_out():
        return None
    last_three = range(len(timeline) - 3, len(timeline))
    for position in last_three:
        entry = auction.entries[position]
        skipped = auction.seat_in_turn(position)
        if entry.call is not Simple.PASS or skipped is None or entry.seat is skipped:
            continue
        if any(e.seat is skipped for e in timeline[position:]):
            return None
        if _said_skipped(story, timeline[position], skipped):
            return Found(TURN_MISSED, timeline[position].start)
        return None
    return None


def _said_skipped(story: Story, event: CallEvent, skipped: Seat) -> bool:
    """The words agree: the skipped player is said not to have called, or the pass is said
    to have been at his turn or out of turn."""
    index = story.index(event)
    if any(ref.seat is skipped for ref, _ in story.not_called):
        return True
    if index in story.out_of_turn_words:
        return True
    return any(at == index and who != "own" and who.seat is skipped for who, at in story.turn_words)
