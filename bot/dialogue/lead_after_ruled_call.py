"""A lead asked about after an irregular call put right earlier: Law 26's matter.

'1C by N, then S bid 1H before E had called. TD sorted it. E/W defend 2H by S. What lead
restrictions apply?' proves a call out of rotation, but the teller tells it as history: the
auction went on to a contract, and what he asks is what declarer may forbid or require at
the offender's partner's lead (26B). The call is then settled (it ranks below the lead), and
the lead restriction is what is announced. Proven only when every piece is in the story:

- a call the story proves irregular (out of rotation, insufficient, told out of turn), and no
  word that it was accepted (an accepted call is not withdrawn, and 26 does not apply);
- the auction over (a contract, declarer, a defender on lead or defending told);
- a lead restriction told or asked after that call ('declarer says I can't lead a spade',
  'what lead can I forbid?', 'what are declarer's options on the lead?');
- nothing else proven in the play or the information, and no card told shown (a card exposed
  in the auction is Law 24's lead penalty, a penalty card's restriction 50D's, a lead out of
  turn is 54's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.dialogue.play_reader import PlayStory
from bot.dialogue.reading.events import Irregularity
from bot.dialogue.story import Story
from bot.dialogue.withdrawn_call import LEAD_AFTER_WITHDRAWN
from bot.lazy import lazy_pattern

_CALL_KINDS = frozenset(("call_out_of_rotation", "insufficient_bid"))
"""Irregular calls whose rectification withdraws the call (Laws 27, 29-32), then Law 26."""
_MAY_GO_WITH = _CALL_KINDS | {"call_when_barred", "changed_call", "auction_ended"}
"""What may be proven beside them: the bar and the replacement the ruling told."""

_CALL_OUT_OF_TURN = lazy_pattern(
    r"\b(?:bid|bids|call|calls|called|pass|passed|double|doubled|redouble|redoubled|opening"
    r"|opened|overcall|overcalled)\b[^.;!?]{0,12}?\bout of (?:turn|rotation)\b"
)
"""A call told out of turn with no call named ('the TD fixed rho's bid out of rotation')."""

_CARD_SHOWN = lazy_pattern(
    r"\bpenalty cards?\b|\bface up\b|\bexposed\b|\bdropped\b|\bfell\b"
    r"|\bshowed (?:a|the|his|her) card"
)
"""A card shown as well: the lead it restricts is the card's (Law 24, 50D), not the call's."""

_ACCEPTED = lazy_pattern(
    r"(?<!\bnot )(?<!n't )(?<!\bnot to )(?<!\bnot be )\baccept(?:ed|s|ing)?\b"
    r"(?!\s*(?:it|the \w+)?\s*\?)"
)
"""The irregular call accepted: it stands, nothing is withdrawn (29A, 27A)."""

_AUCTION_OVER = lazy_pattern(
    r"\b(?:on (?:opening )?lead|to lead|defending|defend|defended|declarer|dummy|final contract"
    r"|contract (?:is|was)|ended (?:up )?in|went on to|played (?:in )?[1-7]"
    r"|play(?:ed|ing)? (?:in )?(?:[1-7]|the hand)|opening lead)\b"
)
"""The auction told over: the play reached, where a lead restriction applies (26B)."""

_SUPPOSED = lazy_pattern(r"\b(?:if|when|whether|would|will|might|could|once|in case)\b[^.;!?]*$")
"""The play only supposed ('if pd ends up on lead'): the auction is still going."""

_LEAD_ASKED = lazy_pattern(
    r"\b(?:options?|rights?|choices?|restrictions?|penalt(?:y|ies))\b[^.;!?]{0,25}?"
    r"\b(?:on|over|for|about|regarding|at|to) (?:the |his |her |my |their |our )?(?:opening )?"
    r"lead\b"
    r"|\b(?:what|anything) (?:can|could|may|might|should|do|does)\s+(?:i|we|he|she|declarer"
    r"|they)\s+do\b[^.;!?]{0,20}?\babout (?:the |his |her |my |their |our )?(?:opening )?lead\b"
    r"|\b(?:demand|demands|require|requires|forbid|forbids|ban|bans|prohibit|prohibits|bar|bars"
    r"|restrict|restricts|stop|stops)\b[^.;!?]{0,30}?\b(?:lead|leads|suit|suits|spades?|hearts?"
    r"|diamonds?|clubs?)\b"
    r"|\bwhat (?:lead|leads|suit|suits) (?:can|could|may|must|is|are)\b"
    r"|\b(?:can|may|must|allowed to)\s+(?:i|he|she|we|they|lho|rho|pd|partner)\s+(?:still\s+)?"
    r"lead\b"
)
"""A lead restriction asked, in the teller's words (26B: what declarer may forbid)."""


def lead_after_a_call_put_right(
    lowered: str,
    story: Story,
    play: PlayStory,
    found: Sequence[Irregularity],
    restricted: re.Pattern[str] | None,
) -> list[Irregularity] | None:
    """The lead restriction first, the irregular call after it as settled; None when the
    story does not prove every piece (see the module's note)."""
    if any(i.kind not in _MAY_GO_WITH for i in found):
        return None
    calls = [i.start for i in found if i.kind in _CALL_KINDS]
    calls += [story.events[i].start for i in story.out_of_turn_words if 0 <= i < len(story.events)]
    calls += [m.start() for m in _CALL_OUT_OF_TURN.finditer(lowered)]
    if not calls or _ACCEPTED.search(lowered) or _CARD_SHOWN.search(lowered):
        return None
    after = min(calls)
    asked = [
        m for p in (restricted, _LEAD_ASKED) if p is not None for m in p.finditer(lowered, after)
    ]
    if not asked:
        return None
    over = [
        m
        for m in _AUCTION_OVER.finditer(lowered, after)
        if not _SUPPOSED.search(lowered, max(0, m.start() - 30), m.start())
    ]
    if not over and (play.contract is None and play.declarer is None):
        return None
    at = min(m.start() for m in asked)
    settled = [Irregularity(i.kind, i.start, i.facts, settled=True) for i in found]
    return [Irregularity(LEAD_AFTER_WITHDRAWN, at), *settled]


_DECLARER_RESTRICTED = lazy_pattern(
    r"\b(?:declarer|decl)\s+(?:had\s+|has\s+|then\s+|just\s+|already\s+)?(?:banned|bans|forbade"
    r"|forbidden|forbids|prohibited|prohibits|barred|bars|required|requires|demanded|demands)\b"
)
"""Declarer told as having used a lead restriction ('declarer banned spades')."""


def lead_restriction_told(lowered: str, found: Sequence[Irregularity]) -> list[Irregularity] | None:
    """Declarer's lead restriction told as already made, and nothing else proven nor any card
    shown ('declarer banned spades for my opening lead ... now at trick 2, still banned?'):
    what the restriction allows, and how long it lasts, is the matter (26B; a penalty card's,
    50D, would be told)."""
    if found or _CARD_SHOWN.search(lowered):
        return None
    told = _DECLARER_RESTRICTED.search(lowered)
    if told is None or "?" not in lowered[told.end() :]:
        return None
    return [Irregularity(LEAD_AFTER_WITHDRAWN, told.start())]
