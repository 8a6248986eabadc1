"""What the calls of a story prove about the auction's end and a cancelled call's aftermath.

The story (:mod:`bot.dialogue.story`) gives each call its maker and role; this module looks
at where the auction closed and what followed: a call made or wanted after the final pass
(Law 39, 22), and the aftermath of a call that was cancelled (Laws 23, 26, 16C). Each is a
:class:`State` with where it is told and the facts it proves; a word alone ("out of turn",
"illegal") never makes one. Nothing here names a topic: topics name these kinds in
``rules_on:``. The rest of the auction's state is :mod:`bot.dialogue.auction_reader`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.core.calls import Seat
from bot.dialogue.auction_reader import meant_in_place
from bot.dialogue.story import CallEvent, Story, same_player


@dataclass(frozen=True)
class State:
    """A state of the auction the calls prove, where it is told, and the facts it proves."""

    kind: str
    start: int
    facts: Mapping[str, str] = field(default_factory=dict)


def auction_states(
    lowered: str,
    story: Story,
    phrases: Mapping[str, re.Pattern[str]],
    declarer: Seat | None = None,
) -> list[State]:
    """Every state the story's calls prove. ``phrases``: the vocabulary's ``auction:`` words
    for a call cancelled (``call_withdrawn``) and the play begun (``play_reached``);
    ``declarer``: his seat, when the story names him."""
    found: list[State] = []
    aftermath = _withdrawn_aftermath(lowered, story, phrases)
    if aftermath is not None:
        found.append(aftermath)
    return found


# -- after a cancelled call --------------------------------------------------------------------

_CALL_NOUN = re.compile(
    r"\b(?:call|bid|double|redouble|pass|opening|overcall|response)s?\b|\b(?:bid|opened|doubled|"
    r"passed|called|overcalled)\b"
)
_PLAY_BETWEEN = re.compile(r"\b(?:card|cards|led|played|trick|revoke\w*)\b")
_REPLACED = re.compile(r"\b(?:replac\w+|again|instead|substitut\w+)\b")


def _withdrawn_aftermath(
    lowered: str, story: Story, phrases: Mapping[str, re.Pattern[str]]
) -> State | None:
    """A call was cancelled and the story goes on past it: the play has begun (a lead
    restriction is the matter, Law 26), or the offender has called again (is the new call
    comparable, what may be used of the old one - Laws 23, 16C)."""
    if any(meant_in_place(story, made) for made in story.made_with_wanted()):
        return None  # a call made and another meant: the change of call is the matter (Law 25)
    for words in phrases["call_withdrawn"].finditer(lowered):
        said, said_of = _call_said_of(lowered, story, words.start(), words.end())
        if not said:
            continue
        if phrases["play_reached"].search(lowered):
            return State("withdrawn_call_then_play", words.start())
        rest = lowered[words.end() :]
        again = [
            e
            for e in story.events
            if e.start >= words.end()
            and e.role in ("made", "wanted")
            and e.call is not None
            and (said_of is None or same_player(said_of, e))
        ]
        if again or _REPLACED.search(rest):
            return State("withdrawn_call_replaced", words.start())
    return None


def _call_said_of(
    lowered: str, story: Story, start: int, end: int
) -> tuple[bool, CallEvent | None]:
    """Whether the withdrawal words are said of a call, and which: the call told just before
    them in the sentence or the one before ('pd's 1D out of turn was cancelled', 'S bid 2C.
    cancelled.'), or just after ('his withdrawn 1S'); no call event when only a call word
    names it ('lho's call got withdrawn'); not said of a call when none is near (a card taken
    back is another matter)."""
    before = [e for e in story.events if start - 70 <= e.end <= start]
    if before and not _PLAY_BETWEEN.search(lowered[before[-1].end : start]):
        return True, before[-1]
    after = [e for e in story.events if end <= e.start <= end + 25]
    if after and not _PLAY_BETWEEN.search(lowered[end : after[0].start]):
        return True, after[0]
    window = lowered[max(0, start - 40) : end + 25]
    return bool(_CALL_NOUN.search(window) and not _PLAY_BETWEEN.search(window)), None
