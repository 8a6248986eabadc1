"""What the calls told prove about the auction's state: the auction part of the one reading.

Each irregularity has its own module (the end of the auction, a call after it, a missed turn,
doubles the Laws never allow, a double said with more than the word, calls at the same time,
a first call before the dealer's, a barred player's call, a card exposed, a bid above seven,
a withdrawn call, the wrong board, a card of dummy's named); this one reads them in order and
settles where two meet (a call after the end told both by the calls and by the words). Each
is proven from the calls and the players named, never from the topic's words; nothing here
names a topic, and the words a director may extend are the ``auction:`` part of
``vocabulary.yaml``. The order of the calls speaks first, the words after.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.core.calls import Seat
from bot.dialogue.auction_state import AUCTION_ENDED, Found
from bot.dialogue.bid_above_seven import BID_ABOVE_SEVEN, bid_above_seven
from bot.dialogue.call_after_close import call_after_close
from bot.dialogue.call_before_dealer import CALL_BEFORE_DEALER, call_before_dealer
from bot.dialogue.call_when_barred import CALL_WHEN_BARRED, call_when_barred
from bot.dialogue.card_exposed_in_auction import CARD_EXPOSED, card_exposed
from bot.dialogue.dummy_designation import DUMMY_CARD_NAMED, dummy_designation
from bot.dialogue.end_of_auction import auction_end, how_ended
from bot.dialogue.inadmissible_double import double_named_of_own_side, inadmissible_double
from bot.dialogue.missed_turn import PASS_TOOK_TURN, TURN_MISSED, turn_passed_over
from bot.dialogue.misstated_double import (
    double_said_with_more,
    double_stated_with_a_bid,
    spoken_double,
)
from bot.dialogue.play_reader import PlayStory
from bot.dialogue.simultaneous_calls import simultaneous_calls
from bot.dialogue.story import Story
from bot.dialogue.turn_to_come import (
    TURN_TO_COME,
    dealer_called_first,
    dealer_protests,
    turn_to_come,
)
from bot.dialogue.withdrawn_call import WITHDRAWN_REPLACED, withdrawn_aftermath
from bot.dialogue.wrong_board import wrong_board
from bot.lazy import lazy_pattern

__all__ = [
    "CARD_EXPOSED",
    "FACTS",
    "KINDS",
    "call_after_close",
    "read_auction_state",
    "spoken_double",
    "turn_passed_over",
]

KINDS = (
    AUCTION_ENDED,
    CARD_EXPOSED,
    CALL_WHEN_BARRED,
    TURN_MISSED,
    TURN_TO_COME,
    DUMMY_CARD_NAMED,
    BID_ABOVE_SEVEN,
    WITHDRAWN_REPLACED,
)
"""Kinds new to this reader (the call model, :mod:`bot.core.auction`, proves the others)."""

FACTS: dict[str, tuple[str, ...]] = {
    "auction_end": ("all_passed", "three_passes"),
    "double_object": ("own_side", "nothing_to_redouble", "not_the_last"),
    "simultaneous_other": ("next_in_turn", "partner_of_caller", "right_of_caller"),
    "late_call_kind": ("pass", "action"),
    "after_end_caller": ("defender", "declaring_side"),
    "exposed_card": ("low", "honour", "several", "led"),
    "exposed_timing": ("auction", "before_first_call"),
    "exposed_seen": ("yes", "opponents_only"),
    "exposed_outcome": ("declaring", "defending"),
    "spoken_call": ("double", "redouble"),
    "spoken_named": ("wrong", "right", "extra"),
    "spoken_legal": ("yes", "no"),
    "dealer_turn_of": ("rho", "partner", "lho"),
    "barred_turn_of": ("rho_barred",),
    "lho_called_over": ("yes",),
    "first_call_kind": ("bid", "double"),
    "before_first_call": ("no",),
    "designated_as": ("low", "high", "win", "anything", "suit_only", "rank_only", "complete"),
    "designated_dummy_leading": ("yes", "no"),
    "wrong_board_kind": ("cards", "table"),
    "offender_lho_called": ("yes", "no"),
    "first_caller_dealt": ("first_caller", "earlier_player"),
    PASS_TOOK_TURN: ("yes",),
}
"""The facts this reader proves and their values (topics map them in ``derive:``)."""

_PLAY_WORDS = lazy_pattern(
    r"\b(?:led|trick|tricks|(?<!as )played(?! it\b)|plays|revoke\w*|claim\w*|conceded)\b"
)
"""The play has begun: what follows is not about the auction's end ('should have played it'
speaks of the board, not of a card)."""
_BEFORE_THE_LEAD = lazy_pattern(r"\bbefore (?:[\w']+ ){0,2}led\b|\bbefore the (?:opening )?lead\b")
"""'before lho led': the play had not begun."""


def _back_to_the_dealer(
    lowered: str, story: Story, to_come: Found, in_rotation: re.Pattern[str] | None
) -> bool:
    """The first call was made before the dealer's, the calls since came in rotation from its
    maker round to the dealer, and the dealer says he was skipped: the next player's call
    accepted the first (Law 29A), so nothing of the call out of rotation is left to rectify;
    the dealer's turn is the one to come (17C). Only when the calls told are all of one
    round, the last made by the dealer's RHO, or the first call alone is told and then that
    the others called in turn after it; and only when the dealer says so of himself ('I was
    skipped', 'says she was missed out'), not of the call ('bid before i could open')."""
    if to_come.facts.get("first_caller_dealt") != "earlier_player" or story.dealer is None:
        return False
    if lowered.startswith("before", to_come.start):
        return False  # 'rho bid 2d before i could open': told of the call, which took his turn
    made = [e for e in story.timeline if e.earlier_than is None and e.role == "made"]
    if len(made) == 1 and made[0].seat is not story.dealer:
        return in_rotation is not None and in_rotation.search(lowered, made[0].end) is not None
    return (
        len(made) >= 2
        and len(made) < 4
        and made[-1].seat is story.dealer.rho
        and all(e.seat is not story.dealer for e in made)
    )


def read_auction_state(
    lowered: str,
    story: Story,
    play: PlayStory | None = None,
    exposures: Sequence[tuple[int, int, Seat | None]] = (),
    words: Mapping[str, re.Pattern[str]] | None = None,
    declarer_said: Sequence[tuple[int, int]] = (),
) -> list[Found]:
    """Auction irregularities and states the calls told prove, in the order told.
    ``exposures``: where a card is told put face up (start, end, by whom if known);
    ``words``: the ``auction:`` words of the vocabulary; ``declarer_said``: where the events
    give a remark to declarer (what he says may name dummy's card)."""
    words = words or {}
    found: list[Found] = []
    for first in (wrong_board(lowered, words), bid_above_seven(lowered, story)):
        if first is not None:
            found.append(first)
    designated = dummy_designation(lowered, declarer_said)
    if designated is not None:
        found.append(Found(DUMMY_CARD_NAMED, *designated))
    spoken = spoken_double(lowered, story)
    if spoken is not None:
        found.append(spoken)
    stated = double_stated_with_a_bid(lowered, story)
    if stated is not None and (spoken is None or "spoken_named" not in spoken.facts):
        found.append(stated)  # the bid named, judged from the words when the calls did not
    said = double_said_with_more(lowered)
    if said is not None and spoken is None:
        found.append(said)
    for other in (
        call_before_dealer(lowered, story),
        call_when_barred(lowered, story, words.get("barred")),
        card_exposed(
            lowered, story, play, exposures, words.get("not_over"), words.get("during_auction")
        ),
    ):
        if other is not None:
            found.append(other)
    placed = None if spoken is not None else double_named_of_own_side(story)
    double = placed or inadmissible_double(lowered, story)
    if double is not None:
        found.append(double)
    ended_how = how_ended(story)
    if ended_how:
        found.append(Found("", 0, ended_how))  # the calls' count speaks before the words
    dealt = dealer_called_first(story)
    if dealt:
        found.append(Found("", 0, dealt))  # 'E was dealer and opened 1S': who dealt, told
    passed_over = turn_passed_over(story)
    if passed_over is not None:
        found.append(passed_over)
    to_come = turn_to_come(
        lowered,
        story,
        words.get("skipped"),
        words.get("in_rotation"),
        words.get("own_call_shown"),
    )
    before_dealer = [f for f in found if f.kind == CALL_BEFORE_DEALER]
    if (
        to_come is not None
        and before_dealer
        and _back_to_the_dealer(lowered, story, to_come, words.get("in_rotation"))
    ):
        found = [f for f in found if f not in before_dealer]  # called over since: accepted
    protest = dealer_protests(lowered, story) if to_come is None else None
    if protest is not None:  # the first call was accepted by the next one (Law 29A)
        found = [f for f in found if f.kind != CALL_BEFORE_DEALER]
        to_come = protest
    if to_come is not None and not any(f.kind == CALL_BEFORE_DEALER for f in found):
        found.append(to_come)
    after = call_after_close(story, play.declarer if play is not None else None)
    if not _PLAY_WORDS.search(_BEFORE_THE_LEAD.sub(" ", lowered)):
        ended = auction_end(lowered, story, words.get("skipped"))
        if ended is not None and after is not None and ended.kind == after.kind:
            after = Found(after.kind, after.start, {**ended.facts, **after.facts})
        elif ended is not None and (
            ended.kind not in (TURN_MISSED, AUCTION_ENDED)
            or (passed_over is None and to_come is None)
        ):  # a turn said missed while the calls came in rotation: his turn is to come (or
            # came: the complaint is answered by the order, the end is only where it stands)
            found.append(ended)
        together = simultaneous_calls(lowered, story)
        if together is not None:
            found.append(together)
    if after is not None:
        found.append(after)
    aftermath = withdrawn_aftermath(lowered, story, words)
    if aftermath is not None:
        found.append(aftermath)
    found = [
        Found(f.kind, f.start, {**f.facts, PASS_TOOK_TURN: "yes"}) if f.kind == TURN_MISSED else f
        for f in found
    ]  # proven, the missed turn is not asked again (it is when the story only sounds like it)
    return sorted(found, key=lambda f: f.start)
