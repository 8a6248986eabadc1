"""A player who says his turn was taken, when the calls told came in rotation (Laws 17C, 29A).

'lho opened 1s, pd passed and rho bid 2s before i had a chance': each call was made by the
player on the last one's left, and the one who complains is next to call, so nobody called
at his turn. Either nothing is wrong (the first caller dealt), or the first call was made
before the dealer's and the next player's call accepted it (Law 29A). Which one depends on
who dealt; the story proves it only when it says so.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from bot.core.calls import Seat, Simple
from bot.dialogue.auction_state import Found
from bot.dialogue.play_reader import clause_start
from bot.dialogue.story import (
    STAND_IN_SEAT,
    CallEvent,
    PlayerRef,
    Story,
    quoted_spans,
    relation_seat,
)
from bot.lazy import lazy_pattern

TURN_TO_COME = "turn_to_come"
"""The calls told came in rotation and the player said to be skipped calls next."""


def turn_to_come(
    lowered: str,
    story: Story,
    skipped: re.Pattern[str] | None,
    in_rotation: re.Pattern[str] | None = None,
    shown: re.Pattern[str] | None = None,
) -> Found | None:
    """The calls told, every one made and placed, each by the previous caller's LHO, the
    auction not over, and the player the words say was skipped is the one next to call.
    ``first_caller_dealt``: the story names the dealer (the first caller, or a player before
    him: then the second call accepted the first, Law 29A)."""
    if skipped is None or story.typed_auction is not None:
        return None
    alleged = alleged_against_rotation(lowered, story, skipped)
    if alleged is not None:
        return alleged
    if story.out_of_turn_words:
        return None
    told = _told_in_rotation(lowered, story, skipped, in_rotation)
    if told is not None:
        return told
    timeline = [e for e in story.timeline if e.earlier_than is None]
    own = _own_call_shown(lowered, story, timeline, skipped, shown)
    if own is not None:
        return own
    if len(timeline) < 2 or any(
        e.role != "made" or (e.call is None and not _A_BID.match(lowered, e.start, e.end))
        for e in timeline
    ):
        return None
    relative = any(e.seat is None for e in timeline)
    placed = [relative_seat(story, e.actor) if relative else e.seat for e in timeline]
    if any(s is None for s in placed):
        return None
    seats: list[Seat] = [s for s in placed if s is not None]
    if any(b is not a.lho for a, b in pairwise(seats)):
        return None
    over = _over(timeline)
    nxt = seats[-1].lho
    for words in skipped.finditer(lowered):
        if timeline[0].start <= words.start() < timeline[-1].end:
            continue  # said of a call among them; before them, it is what the calls answer
        who = _said_skipped(lowered, story, words, relative)
        if over and who not in seats:
            continue  # the auction ended without him: his turn did go by (Law 34)
        if not over and (who is None or (who is not nxt and who not in seats)):
            continue  # his turn came in rotation (he called among them), or comes next
        facts: dict[str, str] = {}
        if relative:
            pass  # the teller's seat unknown: who dealt, relative to him, is asked
        elif story.dealer is seats[0]:
            facts["first_caller_dealt"] = "first_caller"
        elif story.dealer is not None:
            facts["first_caller_dealt"] = "earlier_player"
        # the auction over, the calls themselves answer him: they come before its end is told
        return Found(TURN_TO_COME, timeline[0].start if over else words.start(), facts)
    return None


def dealer_called_first(story: Story) -> dict[str, str]:
    """Who dealt, relative to the first call told, when the story proves it: the named dealer
    made the first call told ('E was dealer and opened 1S, S passed, ...'): the first caller
    dealt. Only the first caller's own seat decides; a first call told by another player is
    left to the readers that see the calls accepted in rotation (a call may be untold)."""
    dealer = story.dealer
    if dealer is None or story.typed_auction is not None:
        return {}
    lowered = story.text.lower()
    dealt = _DEALT_AND_CALLED.search(lowered)
    if dealt is not None and not _HEDGED_BEFORE.search(lowered, 0, dealt.start()):
        return {"first_caller_dealt": "first_caller"}  # 'my pd dealt and opened'
    said = {
        ref.seat
        for ref in story.players
        if ref.seat is not None
        and ref.kind in ("seat", "relative", "speaker")
        and _CALLED_FIRST.match(lowered, ref.end)
    }  # 'W made the first call': the first call of the auction, and who made it
    if len(said) == 1:
        first_seat = said.pop()
        return {"first_caller_dealt": "first_caller" if first_seat is dealer else "earlier_player"}
    first = next((e for e in story.timeline if e.earlier_than is None), None)
    if first is None or first.seat is not dealer or first.actor is None:
        return {}
    if first.actor.kind == "next":
        return {}  # placed only by the rotation counted from a later call
    return {"first_caller_dealt": "first_caller"}


_DEALT_AND_CALLED = lazy_pattern(
    r"\b(?:dealt|was (?:the )?dealer)\s*,?\s*and\s+(?:then\s+|also\s+|duly\s+)?"
    r"(?:opened|passed|made the first call|called first)\b"
)
"""The dealer told making the first call in the words that name him ('E dealt and opened')."""
_CALLED_FIRST = lazy_pattern(
    r"(?:'d|\s+had)?\s+(?:made the (?:very )?first call|called first|opened first|bid first"
    r"|passed first|was (?:the )?first to (?:call|bid|speak))\b"
)
"""Right after a player: he made the first call of the auction ('W made the first call')."""
_HEDGED_BEFORE = lazy_pattern(
    r"\b(?:thought|think|thinks|believed|assumed|sure)\s+(?:that\s+)?\S+\s+$"
)
"""'i thought i was dealer and opened': a deal only believed."""


def rotation_from_dealer(
    story: Story, until: int | None = None, since: int = 0
) -> list[CallEvent] | None:
    """The calls as told (before ``until``: where a player's complaint starts), from the named
    dealer's, every one placed and each by the last caller's LHO, the auction not closed
    before the last of them (three calls or more): the order the story itself tells. A call
    told again ('N's X went down before W's 1S') is the call already told, not a new one."""
    dealer = story.dealer
    if dealer is None:
        return None
    seen: list[CallEvent] = []
    for event in story.events:
        if event.role != "made" or (until is not None and event.start >= until):
            continue
        if event.start < since:
            continue  # said in the complaint told before the calls ('said i called at his go')
        if any(s.call == event.call and (s.seat is event.seat or event.seat is None) for s in seen):
            continue  # told again, in an allegation about when it was made
        if event.seat is None or event.call is None:
            return None
        seen.append(event)
    if len(seen) < 3 or seen[0].seat is not dealer:
        return None
    if any(b.seat is not a.seat.lho for a, b in pairwise(seen)):  # type: ignore[union-attr]
        return None
    if any(_over(seen[:i]) for i in range(3, len(seen))):
        return None  # a call after the auction closed (Law 39): not a turn to come
    return seen


def alleged_against_rotation(lowered: str, story: Story, skipped: re.Pattern[str]) -> Found | None:
    """The story tells the calls from the dealer's, each by the last caller's LHO, and then
    a player alleges a call came at another's turn or that his own was passed over ('claims
    N bid ahead of him', 'says E doubled at my go', 'you went round me'): the order the story
    told answers him - every call came in rotation (Law 17C), nothing to rectify. The calls
    are those told before his complaint; what follows it is the argument."""
    first = next((e for e in story.events if e.role == "made"), None)
    if story.dealer is None or first is None:
        return None
    said = [
        m
        for pattern in (skipped, _ALLEGED)
        for m in pattern.finditer(lowered, first.end)
        if not _NOT_THE_TURN_OF_PLAY.match(lowered, m.end())
    ]
    if not said:
        return _alleged_first(lowered, story, skipped, first)
    complaint = min(said, key=lambda m: m.start())
    named = next((e for e in story.events if e.role == "made" and e.call is not None), first)
    if complaint.start() < _sentence_floor(lowered, named.start):
        return _alleged_first(lowered, story, skipped, first)  # 'said i called at his turn'
    floor = _sentence_floor(lowered, complaint.start())
    told = rotation_from_dealer(story, floor)
    facts = {"first_caller_dealt": "first_caller"}
    if told is None:
        # the calls came round in rotation from a player after the dealer: the next call
        # accepted the first (Law 29A), and what is alleged is answered by the order
        told = [e for e in story.timeline if e.earlier_than is None and e.end <= floor]
        if not _accepted_in_rotation(lowered, told, story.dealer):
            return None
        facts = {"first_caller_dealt": "earlier_player"}
    if any(
        e.role == "made"
        and floor <= e.start < complaint.end() + 40
        and not any(t.call == e.call and (t.seat is e.seat or e.seat is None) for t in told)
        and e.call is not None
        for e in story.events
    ):
        return None  # a new call told with the words ('then N bid 3S out of turn'): real
    if facts["first_caller_dealt"] == "earlier_player":
        return Found(TURN_TO_COME, told[0].start, facts)
    return Found(TURN_TO_COME, complaint.start(), facts)


def _alleged_first(
    lowered: str, story: Story, skipped: re.Pattern[str], first: CallEvent
) -> Found | None:
    """The allegation told first, in a sentence of its own before the calls ('LHO said I bid
    at his turn. the board said N dealt; N 1D, E passed, me 1S'), and then every call told
    from the dealer's, each by the last caller's LHO: the order answers him (Law 17C)."""
    named = next((e for e in story.events if e.role == "made" and e.call is not None), first)
    before = [
        m
        for pattern in (skipped, _ALLEGED)
        for m in pattern.finditer(lowered, 0, named.start)
        if not _NOT_THE_TURN_OF_PLAY.match(lowered, m.end())
    ]
    if not before:
        return None
    complaint = min(before, key=lambda m: m.start())
    floor = _sentence_floor(lowered, named.start)
    if floor <= complaint.start() or rotation_from_dealer(story, since=floor) is None:
        return None  # said in the clause of the first call: of that call, not after the calls
    return Found(TURN_TO_COME, complaint.start(), {"first_caller_dealt": "first_caller"})


def _sentence_floor(lowered: str, position: int) -> int:
    """Where the sentence (or clause after a comma) holding the complaint starts."""
    return max(lowered.rfind(c, 0, position) for c in ".;!?,") + 1


_ALLEGED = lazy_pattern(
    r"\b(?:(?:came|went down|hit the table|came in|was made|bid|called|doubled|passed)\s+"
    r"(?:in\s+)?['\"]?before|ahead of|at (?:his|her|my|their|[\w]+'s) (?:go|turn)"
    r"|out of (?:turn|rotation)"
    r"|(?:not|wasn't|isn't) (?:your|his|her|my) (?:go|turn)|went round|gone round"
    r"|when it was (?:his|her|my|their|[\w]+'s) (?:go|turn)"
    r"|(?:should(?:n't|nt)?|ought(?:n't)?)(?: (?:i|he|she|we|they|\w+))? (?:not )?(?:to )?have "
    r"(?:gone|bid|called|opened|been) first)\b"
)
"""An allegation that a call came at another's turn, or that another should have called first
('shouldn't i have gone first?'), said after the calls told."""
_NOT_THE_TURN_OF_PLAY = lazy_pattern(
    r"\s+(?:the\s+)?(?:opening\s+)?(?:lead|play|trick|dummy|auction (?:ended|was over))\b"
)


def _own_call_shown(
    lowered: str,
    story: Story,
    timeline: list[CallEvent],
    skipped: re.Pattern[str],
    shown: re.Pattern[str] | None,
) -> Found | None:
    """A player says he was skipped, and the story shows his own call among the calls ('his
    pass card is on the table', 'she did pass', 'forgot he'd passed'), the calls told one after
    another - each by the last one's LHO, or a run typed without seats: his turn came, or is
    to come, in rotation (Law 17C); nobody called at another's turn."""
    if shown is None or len(timeline) < 2:
        return None
    said = next(
        (
            m
            for m in skipped.finditer(lowered)
            if not _DENIED.search(lowered, max(0, m.start() - 14), m.start())
        ),
        None,
    )
    found = shown.search(lowered, said.end()) if said is not None else None
    if said is None or found is None:
        return None  # the call shown after the complaint answers it
    timeline = [e for e in timeline if e.end <= found.start()]  # the calls it is shown among
    if len(timeline) < 2:
        return None
    if any(
        e.role != "made" or (e.call is None and not _A_BID.match(lowered, e.start, e.end))
        for e in timeline
    ):
        return None
    seats = [e.seat for e in timeline]
    if all(s is None for s in seats):
        if not all(e.typed for e in timeline):
            return None  # told here and there without seats: no run proven
    elif any(s is None for s in seats) or not _in_rotation_but_his(
        [s for s in seats if s is not None], _owner(lowered, story, found)
    ):
        return None
    facts: dict[str, str] = {}
    if seats[0] is not None and story.dealer is not None:
        facts["first_caller_dealt"] = (
            "first_caller" if story.dealer is seats[0] else "earlier_player"
        )
    return Found(TURN_TO_COME, min(said.start(), timeline[0].start), facts)


def _in_rotation_but_his(seats: list[Seat], owner: Seat | None) -> bool:
    """Each call by the last caller's LHO; or so but for one turn, the shown call's owner's,
    left out of the telling ('lho 1H, pd 2C, rho 2H, lho pass' and 'my pass card is on the
    table': the teller's pass came between rho's and lho's)."""
    gaps = [(a, b) for a, b in pairwise(seats) if b is not a.lho]
    if not gaps:
        return True
    if owner is None or len(gaps) != 1:
        return False
    a, b = gaps[0]
    return a.lho is owner and owner.lho is b


_SHOWN_OWNER = lazy_pattern(r"\b(?:my|(?P<seat>north|east|south|west|[nesw])'s)\s")


def _owner(lowered: str, story: Story, found: re.Match[str]) -> Seat | None:
    """Whose call the words show, when they name him: 'my pass card' (the teller), 'N's
    pass card'."""
    owner = _SHOWN_OWNER.search(lowered, found.start(), found.end())
    if owner is None:
        return None
    if owner.group("seat"):
        return Seat.parse(owner.group("seat"))
    return story.speaker if story.frame != "none" else None


def dealer_protests(lowered: str, story: Story) -> Found | None:
    """The calls told came in rotation from a player who was not the dealer, his LHO called
    over the first of them, and then the dealer says he was the dealer ('hang on, I'm
    dealer'): the first call was out of rotation but was accepted by the next call (Law 29A),
    and the dealer's turn comes (or came) in rotation (17C). Read from the seats alone: the
    dealer named, the first caller another player, every call by the last one's LHO; the words
    only say who protests, after the calls that accepted it."""
    dealer = story.dealer
    if dealer is None or story.typed_auction is not None or story.out_of_turn_words:
        return None
    timeline = [e for e in story.timeline if e.earlier_than is None]
    if len(timeline) < 2:
        return None
    for said in _DEALER_SAYS.finditer(lowered, timeline[1].end):
        if _HEDGED.search(lowered, max(0, said.start() - 12), said.start()):
            continue  # 'i thought i was dealer': he was not
        first_person = said.group("first") or said.group("first2") or said.group("first3")
        quoted = any(a <= said.start() < b for a, b in quoted_spans(story.text))
        if first_person and not quoted and story.speaker is not dealer:
            continue  # told by the speaker of himself: he must be the dealer the story names
        told = [e for e in timeline if e.end <= said.start()]  # the calls before he protests
        if _accepted_in_rotation(lowered, told, dealer):
            start = told[0].start  # the irregularity is the first call, accepted since
            return Found(TURN_TO_COME, start, {"first_caller_dealt": "earlier_player"})
    return None


def _accepted_in_rotation(lowered: str, told: list[CallEvent], dealer: Seat) -> bool:
    """Two calls or more, each made and placed, each by the last caller's LHO, the first not
    the dealer's: the second accepted the first (Law 29A)."""
    if len(told) < 2 or told[0].seat is dealer:
        return False
    if any(
        e.role != "made"
        or e.seat is None
        or (e.call is None and not _A_BID.match(lowered, e.start, e.end))
        for e in told
    ):
        return False
    return all(b.seat is a.seat.lho for a, b in pairwise(told))  # type: ignore[union-attr]


_DEALER_SAYS = lazy_pattern(
    r"\b(?P<first>i'm|i am|im|i was|it was my|it's my|its my|my) (?:the )?(?:dealer|dlr|deal)\b"
    r"|\b(?P<first2>i) (?:should|was meant to|was supposed to) have (?:gone|bid|called|opened)"
    r"(?: first)?\b|\b(?P<first3>i) never got to (?:be|go) first\b"
    r"|\b(?:he|she) (?:was|is) (?:the )?dealer\b|\b(?:wants|wanted) to (?:'|\")?go first\b"
)
"""The dealer's protest that the deal, and the first call, were his: in his own words
('hang on, my deal', 'I should have gone first') or told of him ('clocks he was dealer')."""
_HEDGED = lazy_pattern(r"\b(?:thought|think|believed|assumed|sure)\s+$")


def _told_in_rotation(
    lowered: str, story: Story, skipped: re.Pattern[str], in_rotation: re.Pattern[str] | None
) -> Found | None:
    """A player says he was skipped, and the story says the calls went round in order (not
    denied, the auction not told closed): nobody called at his turn (Laws 17C, 29A); who
    dealt, when the story names him and the first caller, says which."""
    if in_rotation is None or story.closed_at is not None:
        return None
    said = skipped.search(lowered)
    order = in_rotation.search(lowered)
    if said is None or order is None:
        return None
    if any(_DENIED.search(lowered, max(0, m.start() - 14), m.start()) for m in (said, order)):
        return None  # 'it didn't go round in order', 'wasn't skipped'
    facts: dict[str, str] = {}
    first = next((e for e in story.timeline if e.earlier_than is None), None)
    if first is not None and first.seat is not None and story.dealer is not None:
        facts["first_caller_dealt"] = (
            "first_caller" if story.dealer is first.seat else "earlier_player"
        )
    return Found(TURN_TO_COME, min(said.start(), order.start()), facts)


_FIRST_PERSON = lazy_pattern(r"\b(?:me|i|my)\b")
"""The quoted player's own first person, inside the words that say he was skipped."""
_DENIED = lazy_pattern(r"(?:\bnot|n't|\bnever|\bno)\s+(?:\w+\s+)?$")


_A_BID = lazy_pattern(r"(?:opened|overcalled|responded|raised|rebid|jumped|bid)\b")
"""A call told by a verb that only a bid fits ('S opened'): no pass, whatever was bid."""


def _over(timeline: list[CallEvent]) -> bool:
    """The calls told end the auction (Law 22): four passes, or three passes after a bid (a
    call told by a bidding verb alone is a bid)."""
    calls = [e.call for e in timeline]
    if len(calls) >= 4 and all(c is Simple.PASS for c in calls[:4]):
        return True
    trailing = 0
    for call in reversed(calls):
        if call is not Simple.PASS:
            break
        trailing += 1
    return trailing >= 3 and trailing < len(calls)


def relative_seat(story: Story, ref: PlayerRef | None) -> Seat | None:
    """Where a player told relative to the teller ('me', 'pd', 'LHO', 'RHO') sits, counted
    from a stand-in seat for the teller: the story names compass seats (a dealer) but never
    the teller's, so only the order round the table is known, not the compass seats. A
    player named by his compass seat has no place in that count."""
    if story.speaker is not None or ref is None:
        return ref.seat if ref is not None else None
    if ref.kind == "speaker":
        return STAND_IN_SEAT
    if ref.kind == "relative" and ref.relation is not None:
        return relation_seat(STAND_IN_SEAT, ref.relation)
    return None


def _said_skipped(
    lowered: str, story: Story, words: re.Match[str], relative: bool = False
) -> Seat | None:
    """The player the words are about: one named inside them ('before i had a chance'),
    else right after them ('skipped me'), else the last named before them in the clause
    ('i never got a chance'). ``relative``: the seats counted from the teller's."""
    placed = [
        replace(r, seat=relative_seat(story, r)) if relative else r
        for r in story.players
        if (relative_seat(story, r) if relative else r.seat) is not None
    ]
    quote = next((q for q in quoted_spans(story.text) if q[0] <= words.start() < q[1]), None)
    if quote is not None and _FIRST_PERSON.search(lowered, words.start(), words.end()):
        # "pd says 'you've missed me out'": the one who speaks, named just before his words
        floor = max(lowered.rfind(c, 0, quote[0]) for c in ".;!?") + 1
        speaking = [r for r in placed if floor <= r.start < quote[0] and r.kind != "speaker"]
        return speaking[-1].seat if speaking else None
    inside = [r for r in placed if words.start() <= r.start < words.end()]
    after = [r for r in placed if words.end() <= r.start <= words.end() + 1]
    floor = clause_start(lowered, words.start())
    before = [r for r in placed if floor <= r.start < words.start()]
    for refs in (inside, after, before[-1:]):
        if refs:
            return refs[0].seat
    return None
