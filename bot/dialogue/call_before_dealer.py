"""The first call of the auction made before the dealer's (Laws 28-31).

Whose turn it was, relative to the offender, decides the rectification: it is read from who
was dealer and the calls' makers, or from the speaker saying it was not his turn and naming
whose it was.
"""

from __future__ import annotations

import re

from bot.core.calls import Bid, Seat, Simple
from bot.dialogue.auction_state import Found
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern

CALL_BEFORE_DEALER = "call_out_of_rotation"
"""A call out of rotation: here the first call, made before the dealer's (Laws 28-31)."""
_SPEAKER_DEALS = lazy_pattern(r"\bi(?:'m| am| was) (?:the )?dealer\b|\bi dealt\b")
_SEAT_DEALS = lazy_pattern(
    r"\b(?P<seat>north|east|south|west|[nesw])(?: was)? (?:dealt|dealer|deals)\b"
    r"|\bdealer (?:was |is )?(?P<seat2>north|east|south|west|[nesw])\b"
)
_DEALER_SILENT = lazy_pattern(
    r"\b(?:before (?P<a>[a-z']+) (?:said anything|had called|called|had bid|bid|could call)"
    r"|(?P<b>[a-z']+)(?: (?:was|is|am) (?:the )?dealer,?(?: and| but)?)? (?:hadn'?t|had not|hasn'?t"
    r"|has not) (?:yet )?(?:called|bid|said anything)(?: yet)?)\b"
)
_NOT_MY_TURN = lazy_pattern(
    r"\bit was (?:his|her|\w+'s) turn,? not mine\b|\b(?:it )?(?:was not|wasn't|isn't) my turn\b"
    r"|\bnot my turn\b"
)
_BEFORE_WHOM = lazy_pattern(
    r"[^.;!?]{0,25}?\bbefore (?P<who>me|him|her|dealer|the dealer|[a-z']+)\b"
)


def _whose_turn_instead(lowered: str, story: Story, mine: re.Match[str]) -> dict[str, str]:
    """'while lho was still thinking ... it was her turn not mine': the player named last
    before the words, relative to the speaker who called."""
    speaker = story.speaker
    named = [
        r
        for r in story.players
        if r.start < mine.start() and r.seat is not None and r.kind not in ("speaker", "pronoun")
    ]
    if speaker is None or not named:
        return {}
    seat = named[-1].seat
    assert seat is not None
    relation = {speaker.lho: "lho", speaker.partner: "partner", speaker.rho: "rho"}.get(seat)
    return {"dealer_turn_of": relation} if relation else {}


def call_before_dealer(lowered: str, story: Story) -> Found | None:
    """The first call of the auction made, told as before the dealer's, by another player
    ('i'm dealer but lho passed before me', 'Dlr N. E opened 1H before N had called'): a
    call out of rotation at the dealer's turn (Law 28-31)."""
    mine = _NOT_MY_TURN.search(lowered)
    if mine is not None and story.speaker is not None and not story.simultaneous:
        return Found(CALL_BEFORE_DEALER, mine.start(), _whose_turn_instead(lowered, story, mine))
    placed = (
        _first_call_before_silent_dealer(story)
        or _first_call_but_deal_was(lowered, story)
        or _out_of_turn_then_dealer_opened(story)
    )
    if placed is not None:
        return placed
    dealer = story.dealer
    if dealer is None and story.speaker is not None and _SPEAKER_DEALS.search(lowered):
        dealer = story.speaker
    if dealer is None:
        dealt = _SEAT_DEALS.search(lowered)
        if dealt is not None and story.frame in ("compass", "anchored"):
            dealer = Seat.parse((dealt.group("seat") or dealt.group("seat2"))[0].upper())
    made = [e for e in story.timeline if e.role == "made" and e.seat is not None]
    if dealer is None or not made or made[0].seat is dealer:
        return None
    first = made[0]
    before = _BEFORE_WHOM.match(lowered, first.end)
    silent = _DEALER_SILENT.search(lowered)
    if before is not None:
        who, at = before.group("who"), before.start("who")
    elif silent is not None:
        who = silent.group("a") or silent.group("b")
        at = silent.start("a") if silent.group("a") else silent.start("b")
    else:
        return None
    named = next((r for r in story.players if r.start == at), None)
    meant = (
        (who == "me" and story.speaker is dealer)
        or who in ("dealer", "the dealer")
        or (named is not None and named.seat is dealer)
    )
    if not meant:
        return None
    return Found(CALL_BEFORE_DEALER, first.start, _turn_facts(story, first, dealer))


def _first_call_before_silent_dealer(story: Story) -> Found | None:
    """The first call made by another player while the dealer, placed and said not to have
    called, still had his turn: read from the calls' makers, so it needs no words of when."""
    timeline = [e for e in story.timeline if e.earlier_than is None]
    dealer = story.dealer
    if dealer is None or not timeline or story.typed_auction is not None:
        return None
    first = timeline[0]
    offender = first.seat
    if offender is None or offender is dealer or first.call is None:
        return None
    first_index = story.index(first)
    if not any(ref.seat is dealer and at in (-1, first_index) for ref, at in story.not_called):
        return None
    return Found(CALL_BEFORE_DEALER, first.start, _turn_facts(story, first, dealer))


def _out_of_turn_then_dealer_opened(story: Story) -> Found | None:
    """'pd (N) opened 1H out of rotation - it was E's deal. E didn't accept. E opened 1S': the
    first call told is said out of turn, and the dealer's first call is told after it, so the
    dealer had not called: it took the dealer's turn, counted from its maker's seat."""
    timeline = [e for e in story.timeline if e.earlier_than is None and e.role == "made"]
    dealer = story.dealer
    if dealer is None or not timeline or story.typed_auction is not None:
        return None
    first = timeline[0]
    if first.seat is None or first.seat is dealer or first.call is None:
        return None
    if story.index(first) not in story.out_of_turn_words:
        return None
    if not any(e.seat is dealer for e in timeline[1:]):
        return None
    if any(e.seat is first.seat for e in timeline[1:]):
        return None  # he called again at his turn: what replaced it is the likelier matter
    return Found(CALL_BEFORE_DEALER, first.start, _turn_facts(story, first, dealer))


_BUT_DEAL_WAS = lazy_pattern(
    r"[^.;!?]{0,12}?\bbut (?:it was|it's|its) (?P<who>my|(?:my |his |her )?[a-z']+?)(?:'s)? "
    r"(?:turn to deal|deal)\b"
)
"""'pd opened 1H but it was my turn to deal', 'i opened 1H but it was pd's deal'."""


def _first_call_but_deal_was(lowered: str, story: Story) -> Found | None:
    """The first call told, then in the same breath that the deal was another player's: the
    call came before the dealer's (a dealer who had called would make it no contrast). Whose
    turn it was is the dealer's seat relative to the caller."""
    timeline = [e for e in story.timeline if e.earlier_than is None and e.role == "made"]
    if not timeline or story.typed_auction is not None:
        return None
    first = timeline[0]
    told = _BUT_DEAL_WAS.match(lowered, first.end)
    if told is None or first.seat is None or first.call is None:
        return None
    if told.group("who") == "my":
        dealer = story.speaker
    else:
        named = next((r for r in story.players if r.start == told.start("who")), None)
        dealer = named.seat if named is not None else None
    offender = first.seat
    if dealer is None or dealer is offender:
        return None
    return Found(CALL_BEFORE_DEALER, first.start, _turn_facts(story, first, dealer))


def _turn_facts(story: Story, first: CallEvent, dealer: Seat) -> dict[str, str]:
    """Whose turn the first call took, relative to its maker, what kind of call it was, and
    whether the next call told was his LHO's: calling over a call out of turn accepts it
    (Law 29A), so nobody asks."""
    offender = first.seat
    assert offender is not None
    facts: dict[str, str] = {"before_first_call": "no"}  # nobody had called: not he either
    relation = {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}.get(dealer)
    if relation:
        facts["dealer_turn_of"] = relation
    if isinstance(first.call, Bid):
        facts["first_call_kind"] = "bid"
    elif first.call in (Simple.DOUBLE, Simple.REDOUBLE):
        facts["first_call_kind"] = "double"  # a pass may be artificial (Law 30C): asked
    later = [e for e in story.timeline if e.start > first.end and e.role == "made"]
    if (
        later
        and later[0].seat is offender.lho
        and later[0].call is not None
        and not _REFUSED.search(story.text.lower(), first.end, later[0].start)
    ):
        facts["lho_called_over"] = "yes"
    return facts


_REFUSED = lazy_pattern(
    r"\b(?:cancell?ed|canceled|withdrawn|refused|declined|rejected|not accept\w*)\b"
    r"|\b(?:didn'?t|did not|doesn'?t|does not|wouldn'?t|won'?t) (?:accept\w*|count)\b"
)
"""The call out of turn refused or cancelled before the next call: that call, made at its
maker's proper turn, does not accept it (Law 29A)."""
