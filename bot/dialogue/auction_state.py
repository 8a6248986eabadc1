"""What every auction reading shares: the result it returns and who called after whom.

The auction reader is split by irregularity (the end of the auction, doubles, a withdrawn
call, ...); what more than one of them needs lives here once, so that "has the offender's
LHO called since" or "was another call meant in place of this one" has one answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.dialogue.story import CallEvent, Story, meant_instead


@dataclass(frozen=True)
class Found:
    """An auction irregularity (or state) the calls prove, where told, and its facts. An
    empty ``kind`` carries facts only (routing is left to what else the story proves)."""

    kind: str
    start: int
    facts: dict[str, str] = field(default_factory=dict)


def meant_in_place(story: Story, made: CallEvent) -> bool:
    """Another call is said meant in place of this one: the change of call (Law 25) comes
    before what the call made would be."""
    wanted = story.wanted_for(made)
    return wanted is not None and meant_instead(wanted)
