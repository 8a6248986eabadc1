"""A call other than pass by a player told he must pass (Law 37).

The player is the one named just before the words; his own call after them proves it, with
whether his LHO has called since (his call stands or is cancelled on it).
"""

from __future__ import annotations

import re

from bot.core.calls import Seat, Simple
from bot.dialogue.auction_state import (
    NAMED_LHO_CALLED,
    NEXT_NOT_CALLED,
    NOT_BEFORE,
    Found,
    lho_called_since,
    nobody_called_since,
)
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern

CALL_WHEN_BARRED = "call_when_barred"
"""A player told he must pass, then calling other than pass (Law 37)."""
_ACTION_AFTER = lazy_pattern(
    r"(?<!insufficient )(?<!his )(?<!her )(?<!my )(?<!the )(?<!an )(?<!a )"
    r"\b(?:bid|bids|doubled|doubles|redoubled|redoubles|made a bid|overcalled|opened|raised)\b"
)
"""A call told by its verb ('then bid', 'doubled'); not a bid named as a thing ('his
insufficient bid')."""
_MAY_BEFORE = lazy_pattern(
    r"\b(?:can|could|may|might|should|allowed to|wants? to|wanting to|is he|is she)"
    r"\s+(?:\w+\s+){0,2}$"
)


def call_when_barred(lowered: str, story: Story, barred: re.Pattern[str] | None) -> Found | None:
    """A player said to have to pass, then told to bid, double or redouble (Law 37). His own
    call after the words proves it, with whether his LHO has called since; without a player
    placed, a bid, double or redouble told after the words still does."""
    if barred is None:
        return None
    placed = _barred_players_call(lowered, story, barred)
    if placed is not None:
        return placed
    said = barred.search(lowered)
    if said is None or NOT_BEFORE.search(lowered, max(0, said.start() - 12), said.start()):
        return None
    if _conditional(lowered, said.start()):
        return None  # 'if she bids anything else her partner has to pass': no bar imposed
    made = [
        e
        for e in story.timeline
        if e.role == "made" and e.start > said.end() and e.call is not Simple.PASS
    ]
    barred_seat = _barred_seat(lowered, story, said)
    action = _ACTION_AFTER.search(lowered, said.end())
    if action is not None and _NOT_MADE_BEFORE.search(
        lowered, max(0, action.start() - 30), action.start()
    ):
        action = None  # 'we didn't get to bid again?': a call denied or asked, not made
    if (
        barred_seat is not None
        and made
        and all(_named_other(e, barred_seat) for e in made)
        and (action is None or action.start() >= made[0].start - 20)
    ):
        return None  # 'rho had to pass, but my pd bid 1NT': another player's call
    if made:
        return Found(
            CALL_WHEN_BARRED, said.start(), lho_called_since(story, made[0], in_rotation=True)
        )
    if action is not None:
        return Found(CALL_WHEN_BARRED, said.start(), _lho_after(lowered, story, action.end()))
    return None


_NOT_MADE_BEFORE = lazy_pattern(
    r"(?:\b(?:not|never|no)|n't|\bdidnt|\bcant|\bcouldnt|\bwasnt)\s+(?:\w+\s+){0,3}$"
    r"|\b(?:can|could|may|might|allowed to|want to|wants to|wanted to|get to)\s+(?:\w+\s+){0,1}$"
)
"""Words before a call's verb that deny or ask it ('didn't get to bid', 'can he bid')."""


def _lho_after(lowered: str, story: Story, position: int) -> dict[str, str]:
    """Whether the barred player's LHO called after the call told at ``position`` when the
    call is told by its verb alone ('she forgot and put down two no trumps'): his LHO named
    calling after it, or nobody said to have called since (and no call told since)."""
    if NAMED_LHO_CALLED.search(lowered, position):
        return {"offender_lho_called": "yes"}
    later = [e for e in story.timeline if e.start >= position and e.role == "made"]
    if not later and (
        nobody_called_since(story, position) or NEXT_NOT_CALLED.search(lowered, position)
    ):
        return {"offender_lho_called": "no"}
    return {}


def _named_other(event: CallEvent, seat: Seat) -> bool:
    """The call is told as another player's, named just before it ('my pd bid 1NT', 'E just
    carried on with 3D'): a player named further back, as for 'he', is a guess."""
    actor = event.actor
    if actor is None or actor.kind == "pronoun" or not 0 <= event.start - actor.end <= 30:
        return False
    return event.seat not in (None, seat)


def _barred_seat(lowered: str, story: Story, said: re.Match[str]) -> Seat | None:
    """The seat of the player named just before the words that he had to pass, in their
    sentence."""
    floor = max(lowered.rfind(c, 0, said.start()) for c in ".;!?\n") + 1
    named = [
        p
        for p in story.players
        if floor <= p.start and p.end <= said.start() and p.kind not in ("pronoun", "offender")
    ]
    if named and _A_SIDE.search(lowered, named[-1].end, said.start()):
        return None  # 'W bid 8C, so EW had to pass': a side barred, not the player named
    return named[-1].seat if named else None


_A_SIDE = lazy_pattern(r"\b(?:ns|ew|n-s|e-w|n/s|e/w|north-south|east-west|both of them)\b")
"""A partnership named as the barred one (Laws 27B2, 38): either of its players."""


def told_barred(
    lowered: str, story: Story, barred: re.Pattern[str] | None, seat: Seat, before: int
) -> bool:
    """The player at ``seat`` is told, before ``before``, that he had to pass: named just
    before the words, in their sentence ('E had been told to pass for the rest')."""
    if barred is None:
        return False
    return any(
        _barred_seat(lowered, story, said) is seat
        and not NOT_BEFORE.search(lowered, max(0, said.start() - 12), said.start())
        for said in barred.finditer(lowered, 0, before)
    )


def _barred_players_call(lowered: str, story: Story, barred: re.Pattern[str]) -> Found | None:
    """'td said rho must pass throughout ... rho doubled': the player named just before the
    words, and a call of his other than pass made after them (not one asked about)."""
    for words in barred.finditer(lowered):
        floor = max(lowered.rfind(c, 0, words.start()) for c in ".;!?\n") + 1
        stop = re.compile(r"[.;!?\n]").search(lowered, words.end())
        if stop is not None and stop.group(0) == "?":
            continue  # 'does pd have to pass?': the obligation is asked, not told
        if _conditional(lowered, words.start()):
            continue  # 'if she bids anything else her partner has to pass': a bar not imposed
        named = [
            p
            for p in story.players
            if floor <= p.start and p.end <= words.start() and p.kind not in ("pronoun", "offender")
        ]
        if not named or named[-1].seat is None:
            continue
        who = named[-1].seat
        for event in story.timeline:
            if event.start < words.end() or event.seat is not who:
                continue
            if event.call is Simple.PASS or event.earlier_than is not None:
                continue
            if _MAY_BEFORE.search(lowered[max(0, event.start - 25) : event.start]):
                continue
            return Found(
                CALL_WHEN_BARRED, event.start, lho_called_since(story, event, in_rotation=True)
            )
        before = _call_just_before(lowered, story, who, floor, words.start())
        if before is not None:
            return Found(
                CALL_WHEN_BARRED, before.start, lho_called_since(story, before, in_rotation=True)
            )
    return None


_ONLY_IF = lazy_pattern(r"\b(?:if|unless|otherwise)\b(?![^.;!?]{0,30}\b(?:told|ruled|said|had)\b)")


def _conditional(lowered: str, start: int) -> bool:
    """The bar told at ``start`` as what would follow a call not yet made ('if she says
    anything else her partner has to pass'): a condition in its clause, not a ruling."""
    floor = max(lowered.rfind(c, 0, start) for c in ".;!?\n") + 1
    return _ONLY_IF.search(lowered, max(floor, start - 60), start) is not None


_WHILE_BARRED = lazy_pattern(
    r"^[^.;!?]{0,20}?\b(?:when|while|although|though|even though|despite|in spite of|after)\b"
)
"""'bid 3C when he'd been told to pass', 'doubled after he'd been told to pass once': the
call, then the obligation it broke (told before it or after, the bar came first)."""


def _call_just_before(
    lowered: str, story: Story, who: Seat, floor: int, start: int
) -> CallEvent | None:
    """'my LHO bid 3C when he'd been told to pass': his call other than pass, told in the same
    sentence just before the words that he had to pass, so whose call broke it is known."""
    for event in story.timeline:
        if event.seat is not who or event.start < floor or event.end > start:
            continue
        if event.call is Simple.PASS or event.role != "made" or event.earlier_than is not None:
            continue
        if _WHILE_BARRED.match(lowered[event.end : start]):
            return event
    return None
