"""A bid of eight or more told as made (Law 38), and whether the offender's LHO called since."""

from __future__ import annotations

import re

from bot.dialogue.auction_state import (
    NAMED_LHO_CALLED,
    Found,
    nobody_called_since,
    subject_before,
)
from bot.dialogue.story import Story
from bot.lazy import lazy_pattern

BID_ABOVE_SEVEN = "bid_above_seven"
"""A bid of eight or more told as made (Law 38)."""
_ABOVE_SEVEN = lazy_pattern(
    r"(?:\b(?:bid|bids|said|says|called|went|go|goes|bid of|over \w+)\s+['\"]?"
    r"|(?:\b[1-7]\s*(?:c|d|h|s|nt)|\(\w+\)|\bpass|\bp)\s+)"
    r"(?:8|9|eight|nine|ten|10)\s*(?:c|d|h|s|nt|n|♣|♦|♥|♠|clubs?|diamonds?|hearts?|spades?"
    r"|no[ -]?trumps?|of (?:something|anything|a suit|any suit))"
    r"(?![\w])",
)
"""'rho bid 8NT', "said 'eight clubs'", '7S (x) 8S': a bid above the seven level."""


def next_called(lowered: str, story: Story, call: re.Match[str]) -> dict[str, str]:
    """Whether the offender's LHO called after this call: a call by him told after it, or
    words that he has not called (the offender placed by the words before the call)."""
    later = [
        e
        for e in story.timeline
        if e.role == "made"
        and e.start >= call.end()
        and not _NAMED_AS_EARLIER.search(lowered, max(0, e.start - 24), e.start)
    ]  # '8NT after my 7NT': the 7NT came first
    if not later and nobody_called_since(story, call.end()):
        return {"offender_lho_called": "no"}  # nobody, whoever made the bid
    if NAMED_LHO_CALLED.search(lowered, call.end()):
        return {"offender_lho_called": "yes"}  # 'his LHO passed before anyone noticed'
    offender = subject_before(lowered, story, call.start())
    if offender is None or offender.seat is None:
        return {}
    lho = offender.seat.lho
    if any(e.seat is lho for e in later):
        return {"offender_lho_called": "yes"}
    if any(ref.seat is lho and ref.start > call.end() for ref, _ in story.not_called):
        return {"offender_lho_called": "no"}  # 'RHO hasn't done anything yet', 'before i called'
    speaker = story.speaker
    ours = speaker is not None and offender.seat in (speaker, speaker.partner)
    for ref in story.players:
        both_opponents = ours and ref.kind == "opponent" and _BOTH_OPPONENTS.match(ref.words)
        if (ref.seat is lho or both_opponents) and ref.start > call.end():
            if _NOT_CALLED_AFTER.match(lowered, ref.end):
                return {"offender_lho_called": "no"}  # 'opps havent done anything yet'
            if _QUOTED_CALL_AFTER.match(lowered, ref.end) and not both_opponents:
                return {"offender_lho_called": "yes"}
    return {}


_NAMED_AS_EARLIER = lazy_pattern(
    r"\b(?:after|over|on top of|above)\s+(?:(?:my|his|her|your|their|the|our)\s+|\w+'s\s+)?$"
)
"""'over my 7NT', "after LHO's 7S": a call told after the bid above seven but made before it."""


_BOTH_OPPONENTS = lazy_pattern(r"^(?:the )?(?:opps|opponents|oppo?s)$")
"""The speaker's two opponents together: told of his side's bid, its maker's LHO among them."""


_NOT_CALLED_AFTER = lazy_pattern(
    r"\s+(?:has not|hasn't|hasnt|had not|hadn't|hadnt|haven't|havent|have not|didn't|did not|"
    r"stopped before)\s+(?:yet\s+)?(?:called|bid|said anything|calling|passed|done anything|"
    r"made a call|said a word)"
    r"|'m next and (?:haven't|have not) said anything"
)
_QUOTED_CALL_AFTER = lazy_pattern(
    r"\s+(?:then\s+)?(?:said|called|bid)\s+['\"]?(?:pass|double|[1-7])"
    r"|,?\s+(?:then\s+|already\s+|just\s+)*(?:passed|doubled|redoubled)\b(?!\s+(?:out|earlier))"
)
"""'then said pass', 'already passed over it', 'then doubled': his call after the bid."""


_LEVEL_ABOVE_SEVEN = lazy_pattern(
    r"(?<![\w.,])(?!eighth\b)(?:8|9|eight|nine)\s*"
    r"(?P<strain>nt|n|no[ -]?trumps?|notrumps?|c|d|h|s|♣|♦|♥|♠|clubs?|diamonds?|hearts?|spades?)"
    r"(?![\w])(?!\s+(?:tricks?|cards? (?:long|in)|long))"
)
"""A bid whose level the bidding box does not have ('put out 8NT', 'an eight spades card',
'7S (X) 8S'), wherever it is told; 'eighth' is an ordinal, not 'eight H'."""
_HELD_BEFORE = lazy_pattern(
    r"\b(?:with|had|has|have|having|holding|held|hold|holds|of|only|just)\s+(?:an?\s+)?$"
    r"|\b(?:the|my|his|her|their|your|played|plays|led|leads|showed|shows|threw|throws|"
    r"discarded|discards|pitched|pitches|dropped|drops|ruffed with|followed with|faced)\s+$"
)
"""Words before an 8 or a 9 of a suit that make it a card held or played ('with 8 hearts',
'showed the 9h'), not a bid."""
_TRICK_BEFORE = lazy_pattern(r"\btricks?\s*(?:no\.?\s*|number\s*)?$")
"""'trick 9 N led': a trick and a seat, not a bid."""
_BOX_CARD_AFTER = lazy_pattern(r"\s*(?:bidding |bid |box )?(?:card|bid|call)\b")
"""'the 8S card': the bidding-box card, a bid after all."""


def _named_as_card(lowered: str, level: re.Match[str]) -> bool:
    """An 8 or a 9 of a suit told as a card held, played or shown, or a trick number; a
    no-trump level is never a playing card ('put out the 8NT bidding card')."""
    if _TRICK_BEFORE.search(lowered, max(0, level.start() - 16), level.start()):
        return True
    if level.group("strain").startswith("n") or _BOX_CARD_AFTER.match(lowered, level.end()):
        return False
    return _HELD_BEFORE.search(lowered, max(0, level.start() - 16), level.start()) is not None


def bid_above_seven(lowered: str, story: Story) -> Found | None:
    """A bid above the seven level, and whether the offender's LHO has called since."""
    above = _ABOVE_SEVEN.search(lowered)
    if above is None:
        above = next(
            (m for m in _LEVEL_ABOVE_SEVEN.finditer(lowered) if not _named_as_card(lowered, m)),
            None,
        )  # not 'with 8 hearts' (cards held), nor 'trick 9 S led' (a trick and a seat)
    if above is None:
        return None
    return Found(BID_ABOVE_SEVEN, above.start(), next_called(lowered, story, above))
