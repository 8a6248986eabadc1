"""Doubles and redoubles the Laws never allow (Law 36, 19A1, 19B1).

A double of the doubler's own side's bid, or a redouble with no double before it: read from
what the double was named of and by whom, relative to the doubler, so "my 3NT" said of
partner's double is never taken for a double of one's own bid.
"""

from __future__ import annotations

import re
from itertools import pairwise

from bot.core.calls import BID_PATTERN, Bid, Seat, Simple
from bot.dialogue.auction_state import Found, meant_in_place, subject_before
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern

INADMISSIBLE = "inadmissible_double"
"""A double or redouble the Laws never allow (Law 36)."""


def double_named_of_own_side(story: Story) -> Found | None:
    """A double of a bid his own side made (named as what he doubled), or a redouble when the
    story says there was no double and none is told before it (Law 19A1, 19B1)."""
    events = story.events
    for index, event in enumerate(events):
        if event.role != "made" or event.call not in (Simple.DOUBLE, Simple.REDOUBLE):
            continue
        if meant_in_place(story, event):  # 'I meant to grab the 2H card': Law 25 comes first
            continue
        if event.call is Simple.REDOUBLE:
            doubled = any(e.call is Simple.DOUBLE and e.start < event.start for e in story.timeline)
            if not doubled and any(call is Simple.DOUBLE for call, _ in story.denied):
                return Found(INADMISSIBLE, event.start, {"double_object": "nothing_to_redouble"})
            continue
        owner = _object_seat(story, index)
        doubler = event.seat
        if owner is not None and doubler is not None and owner in (doubler, doubler.partner):
            return Found(INADMISSIBLE, event.start, {"double_object": "own_side"})
    return None


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
        if e.actor is not None and e.actor is events[index].actor:
            return None  # the doubler named as its subject: whose bid it was is not told
        return e.seat
    return None


_DOUBLE_OF = lazy_pattern(
    r"\b(?P<verb>doubled|redoubled|doubles|redoubles|doubling|redoubling|double of"
    r"|(?:put|puts|placed|pulled|slapped)(?: out| down)? (?:a |the |her |his |my )?"
    r"(?:double|x|dbl|redouble|xx|rdbl) card (?:on|over|against))\s+"
    r"(?P<owner>my (?:own )?(?:partner'?s |pd'?s )?|our |his (?:own )?(?:partner'?s |pd'?s )?"
    r"|her (?:own )?(?:partner'?s |pd'?s )?|(?:pd|partner|lho|rho|north|east|south|west|[nesw])'s "
    r"|their )"
    rf"(?:own )?(?:side's )?(?P<what>bid|call|opening|double|{BID_PATTERN})",
    re.IGNORECASE,
)
_NO_DOUBLE = lazy_pattern(
    r"(?:\bredoubl\w*|\bxx\b)[^.;!?]{0,30}?\b(?:when|with|without|although|though|but"
    r"|even though) (?:there was )?(?:no|nobody|no one|a|any)\b[^.;!?]{0,12}?\bdoubl"
    r"|(?:\bredoubl\w*|\bxx\b)[^!?]{0,40}?\b(?:there was no double|nobody had doubled"
    r"|no one had doubled)"
)
_OWN_PARTNERS_BID = lazy_pattern(r"\bmy own (?:pd|partner)'?s (?:bid|call|opening)\b")
"""'I doubled 1H. yes, my own pd's bid': the speaker doubled his partner's call."""
_CLEFT_OWN_SIDE = lazy_pattern(
    r"\b(?:it was|it's|its|was) (?:(?:his|her) (?:own )?(?:partner'?s|pd'?s) (?:\w+ )?"
    r"(?:bid|call|opening|overcall|response|[1-7] ?(?:nt|[cdhs\u2663\u2666\u2665\u2660]))"
    r"(?: that)? (?:he|she)|(?:my|our) (?:own )?(?:partner'?s |pd'?s )?(?:\w+ )?"
    r"(?:bid|call|opening|overcall|response|[1-7] ?(?:nt|[cdhs\u2663\u2666\u2665\u2660]))"
    r"(?: that)? i) (?:had )?(?:just )?(?:doubled|redoubled)\b"
)
"""'it was his partner's bid he doubled', 'it was my own pd's opening i doubled': what he
doubled named from his chair, the doubler its subject."""
_FROM_DOUBLER = lazy_pattern(
    r"^(?:his|her|their)\b|^(?:my|our) own\b|^(?:north|east|south|west|[nesw])'s\b"
)
"""The doubled call named from the doubler's chair, or by its compass seat."""


def inadmissible_double(lowered: str, story: Story) -> Found | None:
    """A double of the doubler's own side's call, or a redouble of nothing (Law 36)."""
    meant = any(
        e.call in (Simple.DOUBLE, Simple.REDOUBLE) and meant_in_place(story, e)
        for e in story.timeline
    )  # another call meant in the double's place: the change of call comes first (Law 25)
    own = _OWN_PARTNERS_BID.search(lowered)
    if own is not None and not meant and re.search(r"\bi (?:doubled|redoubled)\b", lowered):
        return Found(INADMISSIBLE, own.start(), {"double_object": "own_side"})
    cleft = _CLEFT_OWN_SIDE.search(lowered)
    if cleft is not None and not meant:
        return Found(INADMISSIBLE, cleft.start(), {"double_object": "own_side"})
    none = _NO_DOUBLE.search(lowered)
    if none is not None:
        return Found(INADMISSIBLE, none.start(), {"double_object": "nothing_to_redouble"})
    for match in _DOUBLE_OF.finditer(lowered):
        doubler = subject_before(lowered, story, match.start())
        if doubler is None or doubler.seat is None:
            continue
        words = match.group("owner").strip()
        owner = _owner(words, doubler.seat, story)
        if owner is not None and owner in (doubler.seat, doubler.seat.partner):
            # the fact only when named from the doubler's chair ('his partner's 3C', 'my own
            # side's'); 'my 3NT' of partner's double routes here, the question stays asked
            facts = {"double_object": "own_side"} if _FROM_DOUBLER.match(words) else {}
            return Found(INADMISSIBLE, match.start(), facts)
    return (
        _double_of_a_doubled_bid(lowered, story)
        or _double_of_an_earlier_bid(story)
        or _double_of_own_sides_last_bid(lowered, story)
    )


def _double_of_own_sides_last_bid(lowered: str, story: Story) -> Found | None:
    """A double whose object is not named doubles the last bid before it (Law 19A1): when
    that bid was made by the doubler's partner, told in the order made, and the calls from it
    to the double came in rotation ('N 1S, E p, S x'), or the double names it as 'it' ('pd
    opened 1H and i doubled it'), the double is of his own side's bid. A turn untold between
    ('pd 1H, i X') may hide an opponent's bid, and a double told again ('the way he doubled')
    may not be the call it seems: neither is read."""
    made = story.timeline
    doubles = [e for e in story.events if e.call is Simple.DOUBLE]
    if len(doubles) != 1:
        return None  # a double told twice, or two doubles: which doubled what is not plain
    for i, event in enumerate(made):
        doubler = event.seat
        if event.call is not Simple.DOUBLE or doubler is None or meant_in_place(story, event):
            continue
        if _NAMED_OBJECT.match(lowered, event.end):
            continue  # 'doubled rho's 2C', 'doubled 3NT': the object is named, read elsewhere
        maker = event.actor
        if maker is None or (
            maker.end < event.start
            and not _NAMED_AS_MAKER.fullmatch(lowered, maker.end, event.start)
        ):
            continue  # 'while W thought, my student put out X': another may be its maker
        last = next((e for e in reversed(made[:i]) if e.call is not Simple.PASS), None)
        if last is None or not isinstance(last.call, Bid) or last.seat is not doubler.partner:
            continue
        told = made[made.index(last) : i + 1]
        if any(e.seat is None or e.earlier_than is not None for e in told) or any(
            b.start <= a.start for a, b in pairwise(told)
        ):
            continue  # a call placed by 'over', or told out of the order made
        seats = [e.seat for e in told if e.seat is not None]
        in_rotation = all(b is a.lho for a, b in pairwise(seats))
        if in_rotation or _IT_AFTER.match(lowered, event.end) is not None:
            return Found(INADMISSIBLE, event.start, {"double_object": "own_side"})
    return None


_NAMED_AS_MAKER = lazy_pattern(
    r"(?!.*\b(?:he|she|they|who|my|his|her|their|our|your|while|when|whilst)\b)[^.;!?\n]{0,40}"
)
"""What may stand between a double and the player named as its maker: a few words, no other
subject ('i, absent-mindedly, doubled', 'S x')."""
_IT_AFTER = lazy_pattern(r"\s+(?:it|that|that bid|that one)\b")
"""'doubled it': the double's object is the bid just told."""
_NAMED_OBJECT = lazy_pattern(
    rf"\s+(?:(?:my|our|his|her|their|your|the|pd'?s|partner'?s|lho'?s|rho'?s|\w+'s)\s+)?"
    rf"(?:{BID_PATTERN}|bid|opening|overcall|contract|response)\b",
    re.IGNORECASE,
)
"""A bid named right after the double ('doubled rho's 2C'): what it doubled is told."""


def _double_of_a_doubled_bid(lowered: str, story: Story) -> Found | None:
    """A double of a bid already doubled (Law 19A1): told as two doubles by different players
    with only passes between ('pd doubled, RHO passed and i doubled'), or in the words that
    what he doubled was doubled already - with no redouble told, which would be legal."""
    made = [e for e in story.timeline if e.call is not None]
    if any(e.call is Simple.REDOUBLE for e in made):
        return None
    for i, event in enumerate(made):
        if event.call is not Simple.DOUBLE or meant_in_place(story, event):
            continue
        before = next((e for e in reversed(made[:i]) if e.call is not Simple.PASS), None)
        if before is None or before.call is not Simple.DOUBLE:
            continue
        passes = any(e.call is Simple.PASS for e in made[made.index(before) : i])
        first, second = before.seat, event.seat
        if first is None or second is None or first is second:
            continue  # one double told twice, or its makers unknown
        if passes or first in (second.lho, second.rho):
            return Found(INADMISSIBLE, event.start, {"double_object": "not_the_last"})
    said = _ALREADY_DOUBLED.search(lowered)
    if said is not None and any(e.call is Simple.DOUBLE for e in made):
        if _a_bid_since_the_last_double(made, said.start(), said.end()):
            return None  # 'RHO bid 2H and I doubled again': a fresh bid doubled, as allowed
        return Found(INADMISSIBLE, said.start(), {"double_object": "not_the_last"})
    return None


def _a_bid_since_the_last_double(made: list[CallEvent], start: int, end: int) -> bool:
    """Whether the double told in the words 'doubled again' (at ``start``..``end``) came
    after a bid made since the double before it: it doubles that new bid, not one doubled."""
    here = next(
        (i for i, e in enumerate(made) if e.call is Simple.DOUBLE and start <= e.start < end),
        None,
    )
    if here is None:
        return False
    earlier = [i for i in range(here) if made[i].call is Simple.DOUBLE]
    return bool(earlier) and any(isinstance(e.call, Bid) for e in made[earlier[-1] + 1 : here])


_ALREADY_DOUBLED = lazy_pattern(
    r"\b(?:already|previously) (?:been |was |were )?doubled\b"
    r"|\b(?:doubled|'?double'?|doubles|said 'double'|kontra) (?:it |that |them )?again\b"
    r"|\b(?:doubled|doubling) (?:a|the) (?:bid|contract) (?:that was |which was |already )"
)
"""'it was already doubled', 'i went double again': a double of a bid doubled before."""


def _double_of_an_earlier_bid(story: Story) -> Found | None:
    """A double named of a bid ('W doubled 1♦') when another bid was made after that bid and
    before the double: not the last bid, so not one he may double (Law 19A1)."""
    events = story.events
    timeline = story.timeline
    for index, event in enumerate(events):
        if event.role != "made" or event.call is not Simple.DOUBLE:
            continue
        named = next((e for e in events if e.object_of == index and isinstance(e.call, Bid)), None)
        if named is None or named.refers_to is None:
            continue
        doubled = events[named.refers_to]
        if doubled not in timeline or event not in timeline:
            continue
        between = timeline[timeline.index(doubled) + 1 : timeline.index(event)]
        if any(isinstance(e.call, Bid) for e in between):
            return Found(INADMISSIBLE, event.start, {"double_object": "not_the_last"})
    return None


def _owner(words: str, doubler: Seat, story: Story) -> Seat | None:
    """The seat of the call doubled, from the words naming it ('my', 'his partner's')."""
    speaker = story.speaker
    if words.startswith(("his", "her")):
        return doubler.partner if ("partner" in words or "pd" in words) else doubler
    if words.startswith(("my", "our")) and speaker is not None:
        return speaker.partner if ("partner" in words or "pd" in words) else speaker
    if words.startswith(("pd", "partner")) and speaker is not None:
        return speaker.partner
    if words.startswith(("lho", "rho")) and speaker is not None:
        return speaker.lho if words.startswith("lho") else speaker.rho
    compass = re.match(r"(north|east|south|west|[nesw])'s", words)
    if compass is not None and story.frame in ("compass", "anchored"):
        return Seat.parse(compass.group(1)[0].upper())
    return None
