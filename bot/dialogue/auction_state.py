"""What every auction reading shares: the result it returns and who called after whom.

The auction reader is split by irregularity (the end of the auction, doubles, a withdrawn
call, ...); what more than one of them needs lives here once, so that "has the offender's
LHO called since" or "who made the call told here" has one answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.dialogue.play_reader import clause_start
from bot.dialogue.story import NOBODY_SINCE, CallEvent, PlayerRef, Story, meant_instead
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Found:
    """An auction irregularity (or state) the calls prove, where told, and its facts. An
    empty ``kind`` carries facts only (routing is left to what else the story proves)."""

    kind: str
    start: int
    facts: dict[str, str] = field(default_factory=dict)


AUCTION_ENDED = "auction_ended"
"""The calls told end the auction (a bid and three passes, or four passes) and nobody called
after: whether it is over, and what follows, is the question (Law 22). Told by the end of the
auction and by a call only wanted after it, so it lives here."""

NOT_BEFORE = lazy_pattern(r"\b(?:not|wasn't|isn't|never|hasn't|hadn't)\s+$")
"""Words just before a phrase that deny it ('it wasn't passed out')."""


def meant_in_place(story: Story, made: CallEvent) -> bool:
    """Another call is said meant in place of this one: the change of call (Law 25) comes
    before what the call made would be."""
    wanted = story.wanted_for(made)
    return wanted is not None and meant_instead(wanted)


def lho_called_since(
    story: Story, event: CallEvent, *, in_rotation: bool = False
) -> dict[str, str]:
    """Whether the player on the caller's left has called since (his call stands or is
    cancelled on it, Laws 37, 39): a call of his told after it, or words that he has not.
    ``in_rotation``: the auction went on in rotation after the call (a barred player's call,
    Law 37), so a call made since by his partner or RHO says his LHO, next after him, had
    called before them."""
    lowered = story.text.lower()
    if in_rotation and NAMED_LHO_CALLED.search(lowered, event.end):
        return {"offender_lho_called": "yes"}  # 'her LHO then passed', 'the next player bid'
    since = _made_after(story, event)
    if not since and NEXT_NOT_CALLED.search(lowered, event.end):
        return {"offender_lho_called": "no"}  # 'the next player hasn't called'
    if event.seat is None:  # his LHO unknown: only 'nobody has called since' says he has not
        if not since and nobody_called_since(story, event.end):
            return {"offender_lho_called": "no"}
        return {}
    lho = event.seat.lho
    later = since
    if any(e.seat is lho for e in later):
        return {"offender_lho_called": "yes"}
    index = story.index(event)
    if (
        in_rotation
        and all(i <= index for i in story.out_of_turn_words)  # none told of a later call
        and any(
            e.seat is not None
            and e.seat is not event.seat
            and e.role == "made"
            and not lowered.endswith(_NAMED_AS_ONES, 0, e.start)  # 'doubled my 3S': named
            for e in later
        )
    ):
        return {"offender_lho_called": "yes"}
    if any(e.seat is None for e in later):
        return {}
    if any(ref.seat is lho and at >= index for ref, at in story.not_called):
        return {"offender_lho_called": "no"}
    speaker = story.speaker
    if (
        speaker is not None
        and lho in (speaker, speaker.partner)
        and _WE_NOT_CALLED.search(lowered, event.end)
    ):
        return {"offender_lho_called": "no"}  # 'we havent called since': his LHO is one of us
    if not later and nobody_called_since(story, event.end):
        return {"offender_lho_called": "no"}
    return {}


def _made_after(story: Story, event: CallEvent) -> list[CallEvent]:
    """The calls made after ``event`` in the order they happened, not in the order told: in
    'pd doubled rho's 3C' the 3C is told after the double but was made before it."""
    timeline = story.timeline
    if any(e is event for e in timeline):
        return timeline[story.position(event) + 1 :]
    return [e for e in timeline if e.start > event.start]


NAMED_LHO_CALLED = lazy_pattern(
    r"\b(?:(?:his|her) (?:lho|left-hand opponent|left hand opponent|(?:lady|gentleman|man|woman"
    r"|player|opponent) on (?:his|her) left)|(?:the )?next (?:player|person|hand)|next to call)"
    r"(?:,? (?:my |our )?\w+,|,)?\s+(?:had\s+|has\s+)?(?:then\s+|just\s+|already\s+"
    r"|immediately\s+)*(?:passed|bid|doubled|redoubled|made a call|said (?:pass|no bid|double"
    r"|[1-7])|called(?! (?:me|us|him|her|them|over|out|for|the|a|td|director|referee|arbiter"
    r"|umpire)\b))\b(?! (?:for )?(?:the |a )?(?:td|director|referee|arbiter|umpire))"
)
"""The barred player's left-hand opponent named as such and calling after him ('her LHO then
passed', 'the next player doubled'): in rotation, the call that makes the barred call stand
(Law 37A)."""
NEXT_NOT_CALLED = lazy_pattern(
    r"\b(?:the )?next (?:player|person|hand) (?:has not|hasn't|had not|hadn't|did not|didn't)"
    r" (?:yet )?(?:called|said anything|made a call)"
)
"""'next player has not called': the caller's LHO, who calls next, has not (not 'bid': he may
have passed)."""
_WE_NOT_CALLED = lazy_pattern(
    r"\b(?:we\s+(?:haven't|havent|hadn't|hadnt|have not|had not|didn't|didnt|did not|"
    r"have never|never)|neither of us (?:has|had)|none of us (?:has|have|had))\s+(?:yet\s+)?"
    r"(?:called|bid|made a call|said anything)\b"
)
"""'we havent called since': the speaker and his partner, both after the call told."""
_NAMED_AS_ONES = ("my ", "our ", "his ", "her ", "their ", "your ")
"""Before a call: one named as someone's, made earlier, not a call made since."""


def nobody_called_since(story: Story, position: int) -> bool:
    """'nobody has bid since', 'no call after it yet', told after ``position`` with no call
    made between: nobody, so not the offender's LHO either, has called since the call there."""
    lowered = story.text.lower()
    for words in NOBODY_SINCE.finditer(lowered, position):
        between = [e for e in story.timeline if position <= e.start < words.start()]
        if not any(e.role == "made" for e in between):
            return True
    return False


def subject_before(lowered: str, story: Story, position: int) -> PlayerRef | None:
    """The player who made the call told at ``position``: the last named before the verb in
    its sentence, with no other verb of calling between ('E, out of turn, doubled', 'i - dont
    ask - pulled out ...')."""
    floor = clause_start(lowered, position)
    before = [r for r in story.players if floor <= r.start < position and r.kind != "pronoun"]
    if not before:
        return None
    between = lowered[before[-1].end : position]
    if re.search(r"\b(?:bid|bids|passed|opened|said|asked|told|and (?:he|she|they))\b", between):
        return None
    return before[-1]
