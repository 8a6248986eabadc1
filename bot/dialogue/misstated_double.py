"""A double or redouble said aloud with more than the word (Law 19A2, 19A3, 16B).

"Double two spades" is compared with the last bid actually made, and whether the double was
allowed there at all, from the calls told in rotation up to it.
"""

from __future__ import annotations

import re

from bot.core.auction import Auction, Entry
from bot.core.calls import BID_PATTERN, Bid, Simple, bid_from_match, parse_call
from bot.dialogue.auction_state import Found
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern

MISSTATED = "misstated_double"
"""A double or redouble said with a bid or other words (Law 19A3, 16B)."""
_SAID_DOUBLE = lazy_pattern(r"['\"](?:i )?(?:double|redouble|dbl|rdbl)\b\s*[,\-–—!]?\s*(?!['\"])\w")
""""'double two spades'", "'double, penalties!'", "'redouble - SOS'": a double said with more
than the word (Law 19A3, 16B)."""
_SPOKEN_DOUBLE = lazy_pattern(
    rf"^['\"](?:i\s+)?(?P<call>re)?double\b(?P<rest>[^'\"]*)['\"]$|"
    rf"^['\"](?P<bid>{BID_PATTERN})\W*['\"]$",
    re.IGNORECASE,
)
_QUOTE = lazy_pattern(r"(?<![\w])'[^']{2,80}'(?![\w])|\"[^\"]{2,80}\"")
_DOUBLED_BEFORE = lazy_pattern(r"\b(?:doubled|redoubled|doubles|redoubles)\s*$")


def spoken_double(lowered: str, story: Story) -> Found | None:
    """A double or redouble said aloud with more than the word: a bid named ('double two
    spades', doubled '3 diamonds') or other words ('double, penalties!') - Law 19A2, 19A3."""
    for quote in _QUOTE.finditer(lowered):
        match = _SPOKEN_DOUBLE.match(quote.group(0))
        if match is None:
            continue
        before = lowered[max(0, quote.start() - 12) : quote.start()]
        if match.group("bid"):
            doubled = _DOUBLED_BEFORE.search(before)
            if doubled is None:
                continue
            redouble = doubled.group(0).startswith("re")
            named, extra = _bid_of(match.group("bid")), ""
        else:
            redouble = bool(match.group("call"))
            rest = match.group("rest")
            bid = _BID_IN.search(rest)
            named = _bid_of(bid.group(0)) if bid else None
            extra = re.sub(r"[\W_]+", " ", _BID_IN.sub(" ", rest)).strip()
            if named is None and not extra:
                continue
        facts = {"spoken_call": "redouble" if redouble else "double"}
        facts.update(_spoken_judged(lowered, story, quote.start(), quote.end(), named, extra))
        return Found(MISSTATED, quote.start(), facts)
    return None


_BID_IN = lazy_pattern(rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?![\w♣♦♥♠])", re.IGNORECASE)
_LAST_BID = lazy_pattern(
    rf"\b(?:the )?last bid (?:was|is|had been)\s+(?P<last>{BID_PATTERN})(?![\w♣♦♥♠])", re.I
)


def _bid_of(words: str) -> Bid | None:
    try:
        call = parse_call(words)
    except ValueError:
        return None
    return call if isinstance(call, Bid) else None


def _spoken_judged(
    lowered: str, story: Story, start: int, end: int, named: Bid | None, extra: str
) -> dict[str, str]:
    """Whether the bid named is the last bid (said so, or shown by calls told one after
    another up to the double), and whether the double itself was allowed there."""
    facts: dict[str, str] = {}
    said = _LAST_BID.search(lowered)
    last: Bid | None = _bid_of(said.group("last")) if said else None
    double = next(
        (
            e
            for e in story.timeline
            if e.call in (Simple.DOUBLE, Simple.REDOUBLE) and start - 12 <= e.start <= end
        ),
        None,
    )
    run = _run_up_to(story, double) if double is not None else []
    auction = Auction(tuple(Entry(e.call, e.seat) for e in run))  # type: ignore[arg-type]
    if len(run) >= 2 and any(c is not Simple.PASS for c in auction.calls[:-1]):
        at = len(run) - 1
        allowed = (
            auction.redouble_permitted(at)
            if run[-1].call is Simple.REDOUBLE
            else auction.double_permitted(at)
        )
        facts["spoken_legal"] = "yes" if allowed else "no"
        if last is None:
            last = auction.last_bid(at)
    if named is not None and last is not None:
        facts["spoken_named"] = "right" if named == last else "wrong"
    elif named is None and extra:
        facts["spoken_named"] = "extra"
    return facts


def _run_up_to(story: Story, event: CallEvent) -> list[CallEvent]:
    """The calls told one after another in rotation, with seats, ending with ``event``."""
    timeline = story.timeline
    if event not in timeline:
        return []
    at = timeline.index(event)
    run = [event]
    for previous in reversed(timeline[:at]):
        later = run[0]
        if previous.call is None or previous.seat is None or later.seat is None:
            break
        if previous.seat.lho is not later.seat:
            break
        run.insert(0, previous)
    return run


_STATED_DOUBLE = lazy_pattern(
    r"\b(?:double|redouble|doubled|redoubled|dbl)\W{1,3}(?:your |his |her |the |their )?"
    + BID_PATTERN,
    re.IGNORECASE,
)
_AFTER_BID = lazy_pattern(
    rf"['\"]?\s*(?:after|over)\s+(?:my|his|her|their|our|\w+'s)\s+{BID_PATTERN}", re.IGNORECASE
)
_LAST_BID_TOLD = lazy_pattern(
    rf"\b(?:the last bid (?:was|is)|last bid was|the actual bid was|but it was|it was actually)"
    rf"\s+(?:a |an )?{BID_PATTERN}",
    re.IGNORECASE,
)


def double_stated_with_a_bid(lowered: str, story: Story) -> Found | None:
    """A double said with a bid ('double 3 spades'): whether the bid named is the last bid
    made, when the story names that bid ('the last bid was 4H', or a bid made just before by
    a player named). Only the fact; the words already route it (Law 19A3)."""
    stated = _STATED_DOUBLE.search(lowered)
    if stated is None:
        return None
    try:
        named = bid_from_match(stated)
    except ValueError:
        return None
    last: Bid | None = None
    told = _LAST_BID_TOLD.search(lowered)
    if told is not None:
        try:
            last = bid_from_match(told)
        except ValueError:
            return None
    else:
        before = [
            e
            for e in story.timeline
            if e.role == "made" and e.end <= stated.start() and e.seat is not None
        ]
        bids = [e.call for e in before if isinstance(e.call, Bid)]
        after = _AFTER_BID.match(lowered, stated.end())
        if after is not None:
            last = bid_from_match(after)
        elif bids:
            last = bids[-1]
    if last is None:
        return None
    return Found("", stated.start(), {"spoken_named": "right" if last == named else "wrong"})


def double_said_with_more(lowered: str) -> Found | None:
    """A double said with words after it, when the quote itself is not read as a call."""
    said = _SAID_DOUBLE.search(lowered)
    return Found(MISSTATED, said.start()) if said is not None else None
