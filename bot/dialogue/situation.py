"""Facts a description already gives, so the bot does not ask for them again.

Two sources: phrases in the knowledge (each choice's ``says`` patterns, for
things like "partner hasn't called"), and the auction model, which works out
from the calls and seats named what no phrase can: that the intended 1♥ is
insufficient over 1NT, whose turn it was, the lowest sufficient bid.
Details for the wording (seat names, the calls) go in keys starting with "_".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import pairwise

from bot.core.auction import Auction, Entry, Mention, find_mentions, parse_auction
from bot.core.calls import BID_PATTERN, Bid, Call, Seat, Simple, describe_call
from bot.core.topics import Facts, Topic

_SEAT_NAMES = r"(north|east|south|west)"
_DEALER_RES = (
    re.compile(rf"\bdealer\s*(?:is|was|:|=)?\s*{_SEAT_NAMES}\b"),
    re.compile(rf"\b{_SEAT_NAMES}\s+(?:is|was)\s+(?:the\s+)?dealer\b"),
    re.compile(rf"\b{_SEAT_NAMES}\s+dealt\b"),
    re.compile(rf"\b{_SEAT_NAMES}\s+dealer\b"),
    re.compile(r"\bdealer\s*(?:is|was|:|=)?\s*([nesw])\b"),
)
_INTENDED_RE = re.compile(
    r"\b(?:meant|meaning|intended|intending|wanted|instead of|rather than)\b"
    r"(?:\s+(?:to\s+)?(?:bid|pull|say|call|take|make))?\s*(?:a\s+|an\s+|the\s+)?$"
)
_DOUBLE_NAMING_A_BID = re.compile(
    rf"\b(?:double|dble|redouble)\s+(?:your\s+|his\s+|her\s+|the\s+)?{BID_PATTERN}",
    re.IGNORECASE,
)
"""'double two clubs': a double stated with a bid (Law 19A3)."""
_REVERSED_ORDER = re.compile(r"\b(over|after)\b", re.IGNORECASE)
"""'2C over my 2D' names the later call first."""
_BEFORE_SEAT_RES = (
    re.compile(
        rf"\bbefore\s+{_SEAT_NAMES}\s+(?:had\s+)?(?:called|calls|call|bid|bids|passed|passes|made)"
    ),
    re.compile(
        rf"\b{_SEAT_NAMES}\s+(?:hasn'?t|hadn'?t|has not|had not|didn'?t|did not)\s+(?:yet\s+)?"
        r"(?:called|call|bid|passed|pass|made)"
    ),
)


@dataclass
class Situation:
    """What the description says about the calls and seats."""

    text: str = ""
    dealer: Seat | None = None
    auction: Auction | None = None
    mentions: list[Mention] = field(default_factory=list)
    intended: Call | None = None
    made: Mention | None = None
    """The call the incident is about (the last one named that was not 'meant')."""
    before_seats: list[Seat] = field(default_factory=list)
    """Seats in 'before South called': players who had not yet called."""

    @property
    def offender(self) -> Seat | None:
        return self.made.seat if self.made else None

    @property
    def in_order(self) -> list[Mention]:
        """Calls made (not merely 'meant'), in the order they happened at the table.

        Prose sometimes names the later call first ("2C over my 2D").
        """
        ordered: list[Mention] = []
        for mention in (m for m in self.mentions if "meant" not in m.tags):
            gap = self.text[ordered[-1].end : mention.start] if ordered else ""
            if ordered and _REVERSED_ORDER.search(gap):
                ordered.insert(len(ordered) - 1, mention)
            else:
                ordered.append(mention)
        return ordered

    def bid_before_made(self) -> Bid | None:
        """The last bid made before the call the incident is about."""
        if not self.made:
            return None
        ordered = self.in_order
        position = ordered.index(self.made) if self.made in ordered else len(ordered)
        earlier = [m.call for m in ordered[:position]]
        return next((c for c in reversed(earlier) if isinstance(c, Bid)), None)


@lru_cache(maxsize=256)
def read_situation(text: str) -> Situation:
    """Find dealer, calls (with seats) and the intended call in a description.

    Cached: a description is read once for matching and again for its facts.
    Callers must not change the Situation they get.
    """
    lowered = text.lower()
    situation = Situation(text=text, dealer=_dealer(lowered))
    situation.auction = _typed_auction(text, situation.dealer)
    mentions = find_mentions(text)
    for mention in mentions:
        if _INTENDED_RE.search(lowered[: mention.start].rstrip()[-40:] + " "):
            mention.tags.add("meant")
    situation.mentions = mentions
    meant = [m for m in mentions if "meant" in m.tags]
    made = [m for m in mentions if "meant" not in m.tags]
    if meant:
        situation.intended = meant[0].call
        # the call made is the last one named before the 'meant' phrase, else the one after it
        before = [m for m in made if m.start < meant[0].start]
        situation.made = before[-1] if before else (made[0] if made else None)
    elif made:
        situation.made = situation.in_order[-1]
    situation.before_seats = [
        Seat.parse(seat) for pattern in _BEFORE_SEAT_RES for seat in pattern.findall(lowered)
    ]
    return situation


def _dealer(lowered: str) -> Seat | None:
    for pattern in _DEALER_RES:
        match = pattern.search(lowered)
        if match:
            return Seat.parse(match.group(1))
    return None


def _typed_auction(text: str, dealer: Seat | None) -> Auction | None:
    """A whole auction typed on its own ("N 1NT E 1S", "1NT (1S)"), if the text is one."""
    body = re.sub(r"(?i)^\s*dealer\s*[:=]?\s*(north|east|south|west|[nesw])\s*[:,;-]?", "", text)
    try:
        auction = parse_auction(body, dealer)
    except ValueError:
        return None
    return auction if len(auction) >= 2 else None


# -- facts per topic ---------------------------------------------------------


@cache
def says_pattern(pattern: str) -> re.Pattern[str]:
    """A ``says`` phrase compiled once (there are more than the re module caches)."""
    return re.compile(pattern, re.IGNORECASE)


def phrase_facts(topic: Topic, normalised: str) -> Facts:
    """Facts whose answer a choice's ``says`` phrases settle (exactly one choice matches)."""
    facts: Facts = {}
    for question in topic.questions:
        hits = {
            choice.id
            for choice in question.choices
            if any(says_pattern(p).search(normalised) for p in choice.says)
        }
        if len(hits) == 1:
            facts[question.fact] = hits.pop()
    return facts


def auction_facts(topic: Topic, situation: Situation) -> Facts:
    """Facts and wording details the calls named in the description settle.

    Only for topics about a call: when a card was dropped during the auction,
    the last call named says nothing about who dropped it.
    """
    facts: Facts = {}
    if not topic.about_a_call:
        return facts
    topic_id = topic.id
    if situation.auction is not None:
        facts.update(_from_typed_auction(topic_id, situation.auction))
        return facts
    made = situation.made
    if made is None:
        return facts
    if made.seat is not None:
        facts["_offender"] = made.seat.value
    facts["_call"] = describe_call(made.call)
    last = situation.bid_before_made()
    if last is not None:
        facts["_last_bid"] = str(last)
    if topic_id == "unintended_call":
        facts.update(_intended_facts(situation, last))
        if made.call is not Simple.PASS:
            facts["ended"] = "no"  # only a pass can end an auction (Law 22)
    elif topic_id == "insufficient_bid" and isinstance(made.call, Bid):
        if last is not None and not made.call.supersedes(last):
            lowest = Auction.of(last).lowest_sufficient(made.call.denomination)
            if lowest is not None:
                facts["_lowest"] = str(lowest)
    elif topic_id == "call_out_of_rotation":
        facts.update(_out_of_turn_facts(situation, made))
    return facts


def _intended_facts(situation: Situation, last: Bid | None) -> Facts:
    facts: Facts = {}
    intended = situation.intended
    if intended is not None:
        facts["_intended"] = describe_call(intended)
        if isinstance(intended, Bid) and last is not None and not intended.supersedes(last):
            facts["intended_problem"] = "insufficient"
            lowest = Auction.of(last).lowest_sufficient(intended.denomination)
            if lowest is not None:
                facts["_lowest"] = str(lowest)
    offender = situation.offender
    if offender is not None and situation.before_seats:
        relations = {offender.relation_to(s) for s in situation.before_seats}
        if "lho" in relations:
            facts["calls_since"] = "none"
    return facts


def _out_of_turn_facts(situation: Situation, made: Mention) -> Facts:
    facts: Facts = {"call_type": _call_type(made.call)}
    dealer, offender = situation.dealer, made.seat
    first_call = not any(m.start < made.start for m in situation.mentions if m is not made)
    if dealer is not None and offender is not None and first_call and dealer is not offender:
        facts["whose_turn"] = offender.relation_to(dealer)
        facts["offender_called_before"] = "no"
    return facts


def _call_type(call: Call) -> str:
    if isinstance(call, Bid):
        return "bid"
    return "pass" if call is Simple.PASS else "double"


def _from_typed_auction(topic_id: str, auction: Auction) -> Facts:
    found = auction.irregularities()
    if not found:
        return {}
    first = found[0]
    entry: Entry = auction.entries[first.position]
    facts: Facts = {"_call": describe_call(entry.call)}
    seat = auction.seat_of(first.position)
    if seat is not None and entry.seat is not None:
        facts["_offender"] = seat.value
    last = auction.last_bid(first.position)
    if last is not None:
        facts["_last_bid"] = str(last)
    if first.kind == "insufficient_bid" and isinstance(entry.call, Bid):
        lowest = auction.lowest_sufficient(entry.call.denomination, first.position)
        if lowest is not None:
            facts["_lowest"] = str(lowest)
        if entry.seat is not None and auction.dealer is not None:
            facts["in_rotation"] = "yes"
    if first.kind == "call_out_of_rotation" and entry.seat is not None:
        in_turn = auction.seat_in_turn(first.position)
        assert in_turn is not None
        facts["call_type"] = _call_type(entry.call)
        facts["whose_turn"] = entry.seat.relation_to(in_turn)
        called_before = any(e.seat is entry.seat for e in auction.entries[: first.position])
        facts["offender_called_before"] = "yes" if called_before else "no"
    if first.kind == "inadmissible_double" and entry.seat is not None:
        facts["out_of_turn"] = "no"
    return facts if topic_id == first.kind else {}


def auction_hint(situation: Situation) -> str | None:
    """The topic of the first irregularity in the calls named, if any.

    A typed auction is checked fully. In prose, a call the player "meant"
    points to a change of call (Law 25 comes first, even if the intended call
    is then insufficient); otherwise two bids where the later does not outrank
    the earlier ("2C over my 2D") point to an insufficient bid.
    """
    if situation.auction is not None:
        found = situation.auction.irregularities()
        return found[0].kind if found else None
    if situation.intended is not None:
        return "unintended_call"
    if _DOUBLE_NAMING_A_BID.search(situation.text):
        return "misstated_double"
    bids = [m.call for m in situation.in_order if isinstance(m.call, Bid)]
    if any(not later.supersedes(earlier) for earlier, later in pairwise(bids)):
        return "insufficient_bid"
    return None
