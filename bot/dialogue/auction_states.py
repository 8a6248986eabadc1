"""What the calls of a story prove about the auction, read from their structure.

The story (:mod:`bot.dialogue.story`) gives each call its maker and role; this module looks
at the calls together - who called after whom, what a double was said of, where the auction
closed - and names the state of the auction they prove: a call made or wanted after the
final pass (Law 39, 22), a double of his own side's bid or a redouble with no
double (Law 19, 36), a double said aloud with a bid or other words (Law 19A2-A3), and the
aftermath of a call that was cancelled (Laws
23, 26, 16C). Each is a :class:`State` with where it is told and the facts it proves; a word
alone ("out of turn", "illegal") never makes one. Nothing here names a topic: topics name
these kinds in ``rules_on:``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.core.auction import Auction, Entry
from bot.core.calls import BID_PATTERN, Bid, Seat, Simple, parse_call
from bot.dialogue.auction_reader import lho_called_since
from bot.dialogue.story import CallEvent, Story, meant_instead, same_player


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
    after = _after_the_end(story, declarer)
    if after is not None:
        found.append(after)
    found += _inadmissible_doubles(story)
    spoken = _spoken_double(lowered, story)
    if spoken is not None:
        found = [s for s in found if s.kind != "inadmissible_double"] + [spoken]
    aftermath = _withdrawn_aftermath(lowered, story, phrases)
    if aftermath is not None:
        found.append(aftermath)
    return found


# -- seats in order ----------------------------------------------------------------------------


def _after_the_end(story: Story, declarer: Seat | None) -> State | None:
    """A call told after three passes closed the auction: made by a named player, it is a
    call after the final pass (Law 39); only wanted or tried, the question is whether the
    auction is over (Law 22)."""
    closed = story.closed_at
    if closed is None:
        return None
    after = [
        e
        for e in story.events
        if e.start >= closed and e.call is not None and e.role in ("made", "wanted")
    ]
    if not after:
        return None
    first = after[0]
    if meant_instead(first):
        return None  # the call meant in place of one made before the end (Law 25)
    if first.role == "wanted":
        return State("auction_ended", first.start, {"auction_end": "three_passes"})
    if first.actor is None or first.actor.kind in ("offender", "next"):
        return None
    facts = lho_called_since(story, first)
    role = _ROLE_AFTER.match(story.text.lower(), first.actor.end)
    declaring = _declaring_seat(story, closed, declarer)
    if role is not None:  # 'lho (a defender) said', 'pd, who was declarer, then redoubled'
        ours = role.group("role") != "defender"
        facts["after_end_caller"] = "declaring_side" if ours else "defender"
    elif first.seat is not None and declaring is not None:
        ours = first.seat in (declaring, declaring.partner)
        facts["after_end_caller"] = "declaring_side" if ours else "defender"
    return State("call_after_final_pass", first.start, facts)


_ROLE_AFTER = re.compile(
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


_WE_BEFORE = re.compile(r"\bwe(?:'d|'ve| had| have)?\s+(?:\w+\s+){0,2}$")
_BY_WHOM = re.compile(r"\s*(?:\(\s*|by\s+)(?P<who>\w)")


# -- doubles -----------------------------------------------------------------------------------


def _inadmissible_doubles(story: Story) -> list[State]:
    """A double of a bid his own side made (named as what he doubled), or a redouble when the
    story says there was no double and none is told before it (Law 19A1, 19B1)."""
    events = story.events
    for index, event in enumerate(events):
        if event.role != "made" or event.call not in (Simple.DOUBLE, Simple.REDOUBLE):
            continue
        if _meant(story, event):  # 'I meant to grab the 2H card': Law 25 comes first
            continue
        if event.call is Simple.REDOUBLE:
            doubled = any(e.call is Simple.DOUBLE and e.start < event.start for e in story.timeline)
            if not doubled and any(call is Simple.DOUBLE for call, _ in story.denied):
                return [
                    State(
                        "inadmissible_double", event.start, {"double_object": "nothing_to_redouble"}
                    )
                ]
            continue
        owner = _object_seat(story, index)
        doubler = event.seat
        if owner is not None and doubler is not None and owner in (doubler, doubler.partner):
            return [State("inadmissible_double", event.start, {"double_object": "own_side"})]
    return []


def _object_seat(story: Story, index: int) -> Seat | None:
    """The seat of the bid named as what the call at ``index`` (or its retelling) doubled."""
    events = story.events
    doubles = {index}
    for i in range(index + 1, len(events)):
        e = events[i]
        if e.role == "reference" and e.call == events[index].call and i - 1 in doubles:
            doubles.add(i)  # 'put out the X card, doubling ...': the same double told again
    for e in events:
        if e.object_of not in doubles or not isinstance(e.call, Bid):
            continue
        if e.refers_to is not None and events[e.refers_to].seat is not None:
            return events[e.refers_to].seat
        return e.seat
    return None


_SPOKEN_DOUBLE = re.compile(
    rf"^['\"](?:i\s+)?(?P<call>re)?double\b(?P<rest>[^'\"]*)['\"]$|"
    rf"^['\"](?P<bid>{BID_PATTERN})\W*['\"]$",
    re.IGNORECASE,
)
_QUOTE = re.compile(r"(?<![\w])'[^']{2,80}'(?![\w])|\"[^\"]{2,80}\"")
_DOUBLED_BEFORE = re.compile(r"\b(?:doubled|redoubled|doubles|redoubles)\s*$")


def _spoken_double(lowered: str, story: Story) -> State | None:
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
        return State("misstated_double", quote.start(), facts)
    return None


_BID_IN = re.compile(rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?![\w♣♦♥♠])", re.IGNORECASE)
_LAST_BID = re.compile(
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
    if any(_meant(story, made) for made in story.made_with_wanted()):
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


def _meant(story: Story, made: CallEvent) -> bool:
    wanted = story.wanted_for(made)
    return wanted is not None and meant_instead(wanted)


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
