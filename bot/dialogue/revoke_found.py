"""When a revoke came to light, read from what the story tells happened after it (Law 63, 64B).

A revoke is established once the offender or his partner plays to a later trick (63A1); after
that, the moment decides how it is rectified: in play or once play is over, after a call on the
next board, after the round. Players tell the moment by what had (or had not) happened yet:
'neither of us had played to the next trick', 'then at trick 9 he produced a heart', 'found at
T11', 'noticed at the end, cards still out', 'the round was over and we were moving tables'.
Each is one kind of moment; a story that tells two kinds proves none, and the fact is asked.
The readers of :mod:`bot.dialogue.reading.revokes` and :mod:`bot.dialogue.play_facts` come
first; this reads what they leave open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.dialogue.play_reader import clause_start
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event, Vocabulary

LAST_TRICK = 13


def when_revoke_found(lowered: str, events: Sequence[Event], vocabulary: Vocabulary) -> str | None:
    """'before_established', 'in_play' or 'round_over' when the story tells one moment."""
    timing = vocabulary.timing
    moments: set[str] = set()
    if _NEXT_TRICK_NOT_PLAYED.search(lowered) or timing["before_next_trick"].search(lowered):
        moments.add("before_established")
    if _ROUND_OVER.search(lowered) or timing["after_session"].search(lowered):
        moments.add("round_over")
    if _NEXT_DEAL.search(lowered):
        moments.add("next_deal")  # who called on it decides (64B5): read elsewhere, or asked
    if (
        _LATER_IN_PLAY.search(lowered)
        or _later_trick_told(lowered, events)
        or _found_tricks_later(lowered)
    ):
        moments.add("in_play")
    if _AT_THE_END.search(lowered):
        moments.add("in_play")  # not 'after the hand' alone: a revoke at trick 12 is 62D's
    if any(
        not _BEFORE.search(lowered, clause_start(lowered, m.start()), m.start())
        for m in _NEXT_TRICK_PLAYED.finditer(lowered)
    ):
        moments.add("in_play")  # not 'before pd had led to the next trick'
    if len(moments) != 1:
        return None
    moment = moments.pop()
    return None if moment == "next_deal" else moment


def _later_trick_told(lowered: str, events: Sequence[Event]) -> bool:
    """A failure to follow at a trick the story names, and a trick two or more later told
    after it (the offending side had played on: 63A1): 'threw a heart at T5 ... found at T11'.
    A revoke at trick 12 or 13 has its own Law (62D, 64B6): not read."""
    revokes = [
        e
        for e in events
        if "alleged" not in e.how
        and (e.act in ("revoke", "discard", "ruff") or "held_suit" in e.how)
        and e.trick is not None
    ]
    if not revokes:
        return False
    first = revokes[0]
    trick = first.trick
    if trick is None or trick >= LAST_TRICK - 1:
        return False
    return any(
        int(m.group("n")) >= trick + 2 and int(m.group("n")) <= LAST_TRICK
        for m in _TRICK_NUMBER.finditer(lowered, first.end)
    )


def _found_tricks_later(lowered: str) -> bool:
    """'on T8 ... declarer called a diamond from dummy. found out at T11': found two or more
    tricks after the first trick the story names (the revoke's, told before it)."""
    found = _FOUND_AT.search(lowered)
    if found is None:
        return False
    told = [int(m.group("n")) for m in _TRICK_NUMBER.finditer(lowered, 0, found.start())]
    return bool(told) and min(told) < LAST_TRICK - 1 and int(found.group("n")) >= min(told) + 2


_FOUND_AT = lazy_pattern(
    r"\b(?:found|noticed|spotted|discovered|came out|found out)\b[^.;!?]{0,10}\b(?:at|on|in)"
    r" (?:trick|t) ?(?P<n>1[0-3]|[1-9])\b"
)
_TRICK_NUMBER = lazy_pattern(r"\b(?:trick|t) ?(?P<n>1[0-3]|[1-9])\b")
_NEXT_TRICK_NOT_PLAYED = lazy_pattern(
    r"\b(?:hadn't|had not|hasn't|has not|haven't|have not|had yet to|not yet)(?: yet)?"
    r" (?:played|led|play|lead)\b[^.;!?]{0,10}\b(?:to|on) (?:the next (?:trick|one)|trick \d+)"
    r"|\b(?:nobody|no one|no-one|neither of (?:us|them)|neither)\b[^.;!?]{0,12}\b(?:had|has)"
    r"(?: yet)? (?:played|led)\b[^.;!?]{0,10}\b(?:to|on) (?:the next|trick \d+)"
    r"|\bbefore (?:[\w']+ ){1,4}?(?:had )?(?:played|led|play|lead)\b[^.;!?]{0,10}"
    r"\b(?:to|on) (?:the next|trick \d+)"
    r"|\b(?:as|while|before) the trick (?:was|is) (?:being )?(?:turned|quitted|gathered)\b"
)
"""Neither the offender nor his partner has played on: the revoke can still be put right."""
_NEXT_TRICK_PLAYED = lazy_pattern(
    r"(?<!n't )(?<!not )\b(?:had|have|has) (?:both |already |all )*(?:played|led) to (?:the next"
    r" trick|trick (?:[2-9]|1[01]))\b(?! yet)|\bplayed to the next trick in between\b"
)
"""The offending side played on."""
_BEFORE = lazy_pattern(r"\b(?:before|neither|nobody|no one|no-one|not|never)\b|n't\b")
_LATER_IN_PLAY = lazy_pattern(
    r"\b(?:a few|a couple of|two|three|four|several|\d) tricks later\b|\blater (?:in|during)"
    r" (?:the )?(?:play|hand)\b|\bstill during the play\b"
    r"|\b(?:produced|produces|played|plays|followed with|led) (?:a |the |his |her )?\S+ (?:at|on)"
    r" (?:trick|t) ?(?:[2-9]|1[0-3])\b"
)
"""The offender plays on after the revoke: 'a few tricks later he produced a heart'."""
_AT_THE_END = lazy_pattern(
    r"\b(?:found|noticed|spotted|discovered|saw|found out|realised|realized)\b[^.;!?]{0,25}"
    r"\b(?:at|by) (?:the )?end(?: of (?:the )?(?:play|hand))?\b"
    r"(?! of the (?:session|round|evening))"
    r"|\bnobody (?:noticed|saw)\b[^.;!?]{0,20}\b(?:till|until) the end\b"
    r"|\bbefore the (?:cards|hands) went back\b|\bnext board hadn't started\b"
)
"""Found once play was over but before the next board: still 'in play' for Law 64."""
_NEXT_DEAL = lazy_pattern(
    r"\b(?:bid|bidding|opened|called|calling)\b[^.;!?]{0,25}\b(?:next|following) (?:board|deal"
    r"|hand)\b|\bnext board (?:had )?(?:already )?(?:been )?(?:bid|got going|started)\b"
    r"|\b(?:on|during|at the start of) the next board\b"
)
_ROUND_OVER = lazy_pattern(
    r"\bround(?:'s| is| was| had| has)? (?:long |already )?(?:over|ended|finished)\b"
    r"|\b(?:changed|changing|moving|moved) tables\b|\bend of the (?:round|session|evening)\b"
)
