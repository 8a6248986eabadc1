"""A call told after three passes closed the auction (Law 39), and which side made it.

Whether the late caller is a defender or on the declaring side decides what happens to his
call, so the side is read from the seats (the last bid before the close) or from his role
said beside his name, never guessed.
"""

from __future__ import annotations

import re

from bot.core.calls import Bid, Seat, Simple
from bot.dialogue.auction_state import AUCTION_ENDED, Found, lho_called_since
from bot.dialogue.disputed import in_dispute
from bot.dialogue.play_reader import clause_start
from bot.dialogue.story import CallEvent, Story, meant_instead
from bot.lazy import lazy_pattern

# kinds the call model proves already (bot.core.auction), also proven here from prose
CALL_AFTER_END = "call_after_final_pass"
"""A call made after the auction closed (Law 39)."""


def call_after_close(story: Story, declarer: Seat | None) -> Found | None:
    """A call told after three passes closed the auction: made by a named player, it is a
    call after the final pass (Law 39); only wanted or tried, the question is whether the
    auction is over (Law 22)."""
    closed = story.closed_at
    if closed is None:
        return None
    lowered = story.text.lower()
    after = [
        e
        for e in story.events
        if e.start >= closed
        and e.call is not None
        and e.role in ("made", "wanted")
        and not _CONTRACT_NAMED.search(lowered, max(0, e.start - 20), e.start)
        and not MEANING_TOLD.match(lowered, e.end)
        and not EXPLAINED_BEFORE.search(lowered, max(0, e.start - 40), e.start)
        and not in_dispute(lowered, e.start)  # 'E says W passed', W saying otherwise
    ]  # 'pd thinks we play 1H': the contract named, no call made; '2D was a transfer', 'i
    # explained 3C wrong': an earlier call explained, not one made now
    if not after:
        return None
    first = after[0]
    if meant_instead(first):
        return None  # the call meant in place of one made before the end (Law 25)
    if first.role == "wanted" or _ONLY_ASKED.search(lowered, max(0, first.start - 40), first.start):
        return Found(AUCTION_ENDED, first.start)  # 'asks if he can still double': not made
    if first.actor is None or first.actor.kind in ("offender", "next"):
        return None
    facts = dict(lho_called_since(story, first))
    role = _ROLE_AFTER.match(story.text.lower(), first.actor.end)
    declaring = _declaring_seat(story, closed, declarer)
    if role is not None:  # 'lho (a defender) said', 'pd, who was declarer, then redoubled'
        ours = role.group("role") != "defender"
        facts["after_end_caller"] = "declaring_side" if ours else "defender"
    elif first.seat is not None and declaring is not None:
        ours = first.seat in (declaring, declaring.partner)
        facts["after_end_caller"] = "declaring_side" if ours else "defender"
    return Found(CALL_AFTER_END, first.start, facts)


_CONTRACT_NAMED = lazy_pattern(
    r"\b(?:play|plays|playing|played|play it in|play in|playing in|contract(?: is| was| of)?"
    r"|declarer in|dummy in|defending|defending against|against)\s+$"
)
"""Before a bid: the contract the story names, not a call made."""
MEANING_TOLD = lazy_pattern(
    r"\s+(?:(?:was|is|were|'s)\s+(?:a\s+|an\s+|just\s+|actually\s+|really\s+|supposedly\s+)?"
    r"(?:transfer|natural|artificial|conventional|stayman|weak|strong|forcing|multi|cue|relay"
    r"|splinter|puppet|asking|pre-?emptive|invitational|alertable|showing|to play)\b"
    r"|(?:showed|shows|meant|means|promised|promises|denied|denies)\b"
    r"|,?\s*(?:natural|artificial|transfer|conventional)\b(?!\s+(?:bid|call|response|opening)))"
)
"""After a call: what it meant is told ('I told you 2D was a transfer', "'no transfers', 2D
natural"): a call explained."""
EXPLAINED_BEFORE = lazy_pattern(
    r"\b(?:explained|explain|explaining|misexplained|mis-explained|described|alerted"
    r"|announced|announce|announcing|asked about|asked what)"
    r"\s+(?:(?:the|his|her|their|my|our|your|pd's|partner's|[nesw]'s|lho's|rho's)\s+)?$"
)
"""Before a call: it is explained or asked about ('i explained 3C wrong'), not made."""
_ONLY_ASKED = lazy_pattern(
    r"\b(?:asks?|asked|asking|wonders?|wondered|wants? to know|wanted to know)\s+(?:if|whether)"
    r"\s+(?:he|she|i|we|they|you)\s+(?:can|could|may|might)\s+(?:still\s+)?$"
)
"""Before a call: whether it may still be made is asked; it was not made."""
_ROLE_AFTER = lazy_pattern(
    r"\s*[(,]\s*(?:(?:a|the|who was|who's|who is|going to be|now)\s+)*(?P<role>defender|declarer|"
    r"dummy)\b"
)
"""'lho (a defender)', 'pd, who was declarer,': the caller's role, said beside his name."""


def _declaring_seat(story: Story, closed: int, declarer: Seat | None) -> Seat | None:
    """A seat of the side that won the auction: the maker of the last bid before it closed,
    or the declarer the story names."""
    bids = [e for e in story.timeline if e.end <= closed and isinstance(e.call, Bid)]
    if not bids:
        return declarer
    if bids[-1].seat is not None:
        return bids[-1].seat
    lowered = story.text.lower()
    by = _BY_WHOM.match(lowered, bids[-1].end)
    named = [p for p in story.players if by is not None and p.start == by.start("who")]
    if named and named[0].seat is not None:
        return named[0].seat  # '4H (me)', '2S by me': the side that won the auction
    if story.speaker is not None and _WE_BEFORE.search(lowered, 0, bids[-1].start):
        return story.speaker  # 'we'd stopped in 2H': the speaker's side won the auction
    return declarer


_WE_BEFORE = lazy_pattern(r"\bwe(?:'d|'ve| had| have)?\s+(?:\w+\s+){0,2}$")
_BY_WHOM = lazy_pattern(r"\s*(?:\(\s*|by\s+)(?P<who>\w)")
_DEFENDER_CALLER = lazy_pattern(
    r"\bdefenders?\)?(?:\s*\([^()]{0,30}\))?\s*(?:\w+\s+){0,3}['\"]?$|\(a defender\)"
    r"|\b(?:on|to) (?:the )?declarer's (?:left|right)\s*(?:\w+\s+){0,3}$"
    r"|\bdeclarer's (?:lho|rho|left-hand opponent|right-hand opponent)\s*(?:\w+\s+){0,3}$"
)
"""'lho (a defender) said', 'the lady on declarer's right put out': a defender, by his seat
beside declarer."""
_DECLARING_CALLER = lazy_pattern(
    r"\b(?:declarer's partner|declarer|dummy)\)?\s*(?:\w+\s+){0,2}['\"]?$"
    r"|\((?:the )?(?:declarer|dummy)\)"
)


_DEFENDING_WORDS = lazy_pattern(
    r"\b(?:on lead|about to lead|to make the opening lead|opening leader|(?:be|was|is) defending"
    r"|(?:as|be|was|is) (?:a|the) defender)\b"
)
"""Said of the late caller in his sentence: he was to make the opening lead, or defend."""
_DECLARING_WORDS = lazy_pattern(
    r"\b(?:dummy|declarer)[- ]to[- ]be\b|\b(?:future|would-be) (?:dummy|declarer)\b"
    r"|\b(?:going to be|about to be|would be|was to be) (?:the )?(?:dummy|declarer)\b"
    r"|(?<![\w'])the dummy\b"
)
"""... or he was to be dummy or declarer."""


_ROLE_REACH = 120
"""How far before a late call its sentence is searched for the caller's role."""


def caller_side(lowered: str, event: CallEvent | re.Match[str]) -> str | None:
    """'defender doubled', 'lho (a defender) said', 'declarer's partner bid again', or his
    role said in his sentence before the call ('W, about to lead, said double', 'the
    dummy-to-be passed again'), when only one side's words are there."""
    start = event.start if isinstance(event, CallEvent) else event.start()
    reach = max(0, start - _ROLE_REACH)
    before = lowered[max(reach, clause_start(lowered, start)) : start]  # bounded: linear time
    if _DEFENDER_CALLER.search(before):
        return "defender"
    if _DECLARING_CALLER.search(before):
        return "declaring_side"
    floor = max(reach, *(lowered.rfind(c, reach, start) + 1 for c in ".;!?\n"))
    sentence = lowered[floor:start]  # bounded: a long pasted auction is read in linear time
    defending = _DEFENDING_WORDS.search(sentence)
    declaring = _DECLARING_WORDS.search(sentence) or re.search(r"\bdeclarer\b", sentence)
    if defending and not declaring:
        return "defender"
    if declaring and not defending and _DECLARING_WORDS.search(sentence):
        return "declaring_side"
    return None


def side_of_contract(story: Story, late: CallEvent, end: int) -> str | None:
    """The late caller's side against the contract: the last bid before the end, by a player
    placed, is the contract's side (a double since does not change it)."""
    bids = [
        e
        for e in story.timeline
        if isinstance(e.call, Bid) and e.role == "made" and e.start < end and e is not late
    ]
    if not bids or late.seat is None:
        return None
    owner = bids[-1].seat
    if owner is None:  # 'we bid 4H (me), lho pass, pd pass, rho pass': the one who did not pass
        after = [e for e in story.timeline if e.start > bids[-1].start and e.call is Simple.PASS]
        if len(after) < 3 or after[0].seat is None:
            return None
        owner = after[0].seat.rho
    return "declaring_side" if late.seat in (owner, owner.partner) else "defender"


def late_call_facts(lowered: str, event: CallEvent) -> dict[str, str]:
    facts: dict[str, str] = {}
    if event.call is not None:
        facts["late_call_kind"] = "pass" if event.call is Simple.PASS else "action"
    side = caller_side(lowered, event)
    if side is not None:
        facts["after_end_caller"] = side
    return facts
