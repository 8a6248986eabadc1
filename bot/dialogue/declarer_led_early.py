"""Declarer leading to the next trick while a card of this one is still to come (Law 57C).

Players tell it by the state of the trick, not by the Law: "declarer led to the next trick
while my pd was still deciding", "I led my next card before the lady on my right had played
to the previous one", "lho still thinking about trick 8 and declarer has already led the next
card". Three things prove it, in one sentence: a lead whose actor is proven declarer (by role
or seat, never a guess), the lead told as one to the following trick ("next card", "to the
next trick", "to trick 7" beside trick 6), and the trick in play told unfinished (a player
still to play, "hadn't played", "before X had played", "wasn't finished"). The words telling
the trick unfinished must belong to the lead: another card told between them is the act
they may time ("declarer led the next card, and before dummy had played E threw a club"):
any other card told in the sentence, and nothing is read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event

_CARDS = ("lead", "play", "discard", "ruff")
_UNPROVEN = frozenset({"alleged", "asked", "not_yet"})


def declarer_led_early(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A lead by declarer to the next trick, told while a card of the trick in play was still
    to come."""
    for lead in events:
        if lead.act != "lead" or _UNPROVEN & lead.how or not _by_declarer(lowered, play, lead):
            continue
        start, end = clause_start(lowered, lead.start), clause_end(lowered, lead.end)
        led_to = _to_next_trick(lowered, lead, start, end)
        if led_to is None:
            continue
        for waiting in _UNFINISHED.finditer(lowered, start, end):
            if lead.start <= waiting.start() < lead.end:
                continue
            if led_to and re.match(
                rf"[^.;!?]{{0,12}}\bto (?:trick |t)?{led_to}\b", lowered[waiting.end() :]
            ):
                continue  # 'before anyone else played to T7', T7 the lead's own trick
            others = [
                e
                for e in events
                if e is not lead
                and e.act in _CARDS
                and not _UNPROVEN & e.how
                and start <= e.start < end
                and not waiting.start() <= e.start < waiting.end()  # the waiting player's
            ]
            if not others:
                return True
    return False


def _by_declarer(lowered: str, play: PlayStory, lead: Event) -> bool:
    """The lead's actor proven declarer: by role, by the word itself ("declarer's led",
    declarer has), or by 'he'/'she' whose sentence opens on declarer with no other player
    named before the pronoun ('declarer was so keen she led her next card')."""
    if lead.role is not None:
        return lead.role == "declarer"
    if _DECLARER_HAS.match(lead.words.lower()):
        return True
    if lead.words.lower() not in ("he", "she"):
        return False
    start = clause_start(lowered, lead.start)
    named = [p.start for p in play.story.players if start <= p.start < lead.start]
    roles = [r for r in play.roles if start <= r.start < lead.start]
    if len(roles) != 1 or roles[0].role != "declarer" or roles[0].possessive:
        return False
    pronoun = lowered.rfind(lead.words.lower(), start, lead.end)
    return not any(at != pronoun for at in named)


_DECLARER_HAS = lazy_pattern(r"(?:the )?(?:declarer|decl)'s$")


def _to_next_trick(lowered: str, lead: Event, start: int, end: int) -> int | None:
    """The lead told as one to the trick after the one in play: 'the next card', 'to the next
    trick' (0: its number untold), or 'to trick 7' in a sentence naming trick 6 (7)."""
    after = lowered[lead.start : min(end, lead.end + 60)]
    numbered = _TO_TRICK.search(after)
    if numbered is not None:
        trick = int(numbered.group(1))
        sentence = lowered[start:end]
        if re.search(rf"\b(?:trick |t)?{trick - 1}\b", sentence) is not None:
            return trick
    return 0 if _NEXT.search(after) else None


_NEXT = lazy_pattern(r"\bnext (?:trick|card|one|lead)\b")
_TO_TRICK = lazy_pattern(r"\b(?:to|for) (?:trick |t)\s*(1[0-3]|[2-9])\b")
_UNFINISHED = lazy_pattern(
    r"\bstill (?:had to play|to play|thinking|deciding|considering|putting|playing|going"
    r"|waiting|with cards)\b"
    r"|\b(?:had(?:n't|nt| not)|has(?:n't|nt| not)|did(?:n't|nt| not))(?: yet| even| quite)?"
    r" (?:played|put|followed|finished)\b"
    r"|\bbefore (?:[\w']+ ){1,5}?(?:had |has |could |'d )?(?:even |yet )?"
    r"(?:played|put|followed|finished)\b"
    r"|\b(?:wasn't|was not|isn't|is not|hadn't been|had not been|not)(?: even| yet)?"
    r" (?:finished|over|complete|completed)\b"
)
"""The trick in play told unfinished: a player still to play, or the trick not over."""
