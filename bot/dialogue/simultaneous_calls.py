"""Two calls made at the same moment (Law 33).

Proven by the words with the calling told; which of the two callers held the turn, and where
the other sits relative to him, decides the ruling, so it is read only when both are named.
"""

from __future__ import annotations

import re
from itertools import pairwise

from bot.core.calls import Seat
from bot.core.play import find_cards
from bot.dialogue.auction_state import Found
from bot.dialogue.play_reader import clause_end, clause_start
from bot.dialogue.story import Story, side_said
from bot.lazy import lazy_pattern

SIMULTANEOUS = "simultaneous_calls"
"""Two calls made at the same moment (Law 33)."""
_CALLED = lazy_pattern(
    r"\b(?:bid|bids|called|calls|call|put (?:down|out)|put (?:my|his|her|their) \w+ down|"
    r"bidding cards?|bid cards?|bids down|pass down)\b"
)
BID_CARD = lazy_pattern(
    r"\b(?:pass|double|redouble|x|xx|stop|(?:[1-7]|one|two|three|four|five|six|seven) ?"
    r"(?:nt|no ?trumps?|clubs?|diamonds?|hearts?|spades?|[cdhs]|[\u2660\u2665\u2666\u2663]))"
    r" cards?\b"
)
"""A card of the bidding box named by its call ('his double card', 'my one heart card')."""
_TURN_OF = lazy_pattern(
    r"\b(?:it was |its |it's )?(?P<who>[a-z]+)'s (?:turn|call|go)\b"
    r"|\b(?P<who2>[nesw]|north|east|south|west) \((?:in turn|his turn|her turn|dealer)\)"
    r"|\bit was (?P<own>his|her|my) turn\b|\b(?P<mine>my) turn\b"
    r"|\b(?P<who3>[a-z]+),? (?:was|is) (?:the one )?(?:in turn|to (?:bid|call|speak)|the one to"
    r" (?:bid|call|speak)|the one whose turn it was|supposed to (?:bid|call))\b"
    r"|\b(?P<who4>[a-z]+),? whose turn it was\b|\b(?P<who5>[a-z]+) \(whose turn it was\)"
)


def simultaneous_calls(lowered: str, story: Story) -> Found | None:
    """Two calls at the same moment (Law 33): proven by the words, with the calling told; the
    other caller's place relative to the one whose turn it was, when both are named."""
    if not story.simultaneous or not (_CALLED.search(lowered) or BID_CARD.search(lowered)):
        return None
    if (
        (re.search(r"\bcards?\b", lowered) or find_cards(lowered))
        and not re.search(r"\b(?:bid|bids|bidding|call|calls|called|pass)\b", lowered)
        and not BID_CARD.search(lowered)
    ):
        return None  # playing cards put down together ('the DK and D4'): the play (Law 58)
    start = re.search(r"same (?:time|moment|instant)|simultaneous|at once|together", lowered)
    facts: dict[str, str] = {}
    callers = _two_callers(lowered, story)
    turn = _turn_holder(lowered, story)
    speaker = story.speaker
    if turn is None and callers is not None and speaker in callers and _NOT_MINE.search(lowered):
        turn = callers[0] if callers[1] is speaker else callers[1]  # the other caller's turn
    if turn is None and callers is not None and start is not None:
        turn = _turn_from_calls(lowered, story, callers, start.start())
    if callers is not None and turn is not None and turn in callers:
        other = callers[0] if callers[1] is turn else callers[1]
        relation = {
            turn.lho: "next_in_turn",
            turn.partner: "partner_of_caller",
            turn.rho: "right_of_caller",
        }.get(other)
        said = side_said(lowered)
        if said is not None and relation != _SIDE_RELATION[said]:
            relation = None  # 'W sits on N's left' against the seats told: which is right?
        if relation is not None:
            facts["simultaneous_other"] = relation
    return Found(SIMULTANEOUS, start.start() if start else 0, facts)


_SIDE_RELATION = {"left": "next_in_turn", "right": "right_of_caller"}
_NOT_MINE = lazy_pattern(
    r"\b(?:his|her|their) turn,? not mine\b|\bnot my turn\b|\b(?:wasn't|was not) my turn\b"
)
"""'it was his turn not mine', said by one of the two callers: the turn was the other's."""
_PAIR = lazy_pattern(
    r"\b(?P<a>[a-z']+)\s+and\s+(?P<b>(?:my |his |her |their )?[a-z']+)\s+(?:both\s+)?"
    r"(?:bid|called|put|passed|doubled)\b|\b(?P<c>[nesw])\s*(?:\([^)]*\))?\s+and\s+(?P<d>[nesw])\b"
)


def _two_callers(lowered: str, story: Story) -> tuple[Seat, Seat] | None:
    """'pd and rho bid', 'me and my partner both put', 'N (in turn) and E', or 'i put my pass
    down at the same time he did' (the player whose turn it was)."""
    pair = _PAIR.search(lowered)
    if pair is None:
        return _two_calls_in_sentence(lowered, story)
    first = pair.start("a") if pair.group("a") else pair.start("c")
    second = pair.start("b") if pair.group("b") else pair.start("d")
    seats = []
    for position in (first, second):
        ref = next(
            (r for r in story.players if r.start <= position < max(r.end, r.start + 1)), None
        )
        if ref is None or ref.seat is None:
            return _two_calls_in_sentence(lowered, story)  # 'X, whose turn it was, and Y'
        seats.append(ref.seat)
    if seats[0] is seats[1]:
        return None
    return seats[0], seats[1]


def _two_calls_in_sentence(lowered: str, story: Story) -> tuple[Seat, Seat] | None:
    """'i bid 2H, and pd bid 3H at the same time': the two players whose calls the sentence
    of the simultaneous words names."""
    words = re.search(r"same (?:time|moment|instant)|simultaneous|at once|together", lowered)
    if words is None:
        return None
    low, high = clause_start(lowered, words.start()), clause_end(lowered, words.end())
    seats = list(
        dict.fromkeys(
            e.seat for e in story.timeline if e.role == "made" and low <= e.start < high and e.seat
        )
    )
    if len(seats) > 2:  # 'lho opened 1C, then pd bid 1S at the same time as rho bid 2C'
        seats = _calls_beside(lowered, story, words, low, high) or seats
    if len(seats) != 2:  # else the two players the sentence names: 'N and E called at once'
        low = max(lowered.rfind(c, 0, words.start()) for c in ".;!?\n") + 1
        stop = re.compile(r"[.;!?\n]").search(lowered, words.end())
        high = len(lowered) if stop is None else stop.start()
        seats = list(
            dict.fromkeys(
                r.seat
                for r in story.players
                if low <= r.start < high and r.kind != "pronoun" and r.seat is not None
            )
        )
    return (seats[0], seats[1]) if len(seats) == 2 else None


_AS_AFTER = lazy_pattern(r"\s+as\b")


def _calls_beside(
    lowered: str, story: Story, words: re.Match[str], low: int, high: int
) -> list[Seat] | None:
    """The two calls the words join, in a sentence telling more: 'pd bid 1S at the same time
    as rho bid 2C' (the calls either side of the words), 'then S bid 2H and W doubled at the
    same moment' (the two just before them, joined by 'and')."""
    made = [e for e in story.timeline if low <= e.start < high and e.seat is not None]
    before = [e for e in made if e.end <= words.start()]
    after = [e for e in made if e.start >= words.end()]
    if _AS_AFTER.match(lowered, words.end()):
        pair = [before[-1], after[0]] if before and after else []
    elif len(before) >= 2 and re.search(r"\band\b", lowered[before[-2].end : before[-1].start]):
        pair = before[-2:]
    else:
        return None
    seats = [e.seat for e in pair if e.seat is not None]
    return seats if len(seats) == 2 and seats[0] is not seats[1] else None


def _turn_from_calls(
    lowered: str, story: Story, callers: tuple[Seat, Seat], words: int
) -> Seat | None:
    """Whose turn it was, proven by the auction told before the two calls: the player after
    the last caller, when every call before came in rotation from a named seat ('lho opened
    1C, then pd and rho bid at once': pd's turn); with no call before, the dealer named. Only
    when that player is one of the two callers (else the story is not what it seems)."""
    low, high = clause_start(lowered, words), clause_end(lowered, words)
    near = [  # each caller's call told nearest the words: the two made at once
        min(
            (e.start for e in story.timeline if e.seat is seat and low <= e.start < high),
            key=lambda start: abs(start - words),
            default=None,
        )
        for seat in callers
    ]
    first = min((start for start in near if start is not None), default=low)
    before = [e for e in story.timeline if e.start < first]
    if any(e.seat is None for e in before):
        return None
    seats = [e.seat for e in before if e.seat is not None]
    if any(later is not earlier.lho for earlier, later in pairwise(seats)):
        return None  # a call out of rotation before: the turn is not plain
    if seats and story.dealer is not None and seats[0] is not story.dealer:
        return None
    turn = seats[-1].lho if seats else story.dealer
    return turn if turn in callers else None


def _turn_holder(lowered: str, story: Story) -> Seat | None:
    """Whose turn it was: 'it was pd's turn', 'N (in turn)', 'my turn' ('his turn' is left:
    whose it is the words do not settle)."""
    turn = _TURN_OF.search(lowered)
    if turn is None:
        return None
    if turn.group("mine") or turn.group("own") == "my":
        return story.speaker
    if turn.group("own"):
        return None
    group = next(g for g in ("who", "who2", "who3", "who4", "who5") if turn.group(g))
    if turn.group(group) in ("i", "me"):
        return story.speaker  # 'i was in turn'
    position = turn.start(group)
    ref = next((r for r in story.players if r.start <= position < max(r.end, r.start + 1)), None)
    return ref.seat if ref is not None else None
