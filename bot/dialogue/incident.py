"""What a description proves about one incident, worked out for the offender it names.

A topic says which call it is about (``incident:`` in its YAML: a changed call, an
insufficient bid, a call out of turn, ...). From the :class:`~bot.dialogue.story.Story`
this module picks that call only when exactly one call fits, takes its maker as the
offender, and derives the facts the Laws turn on (whose turn it was, whether he had called
before, who has called since) relative to *him*. A fact is derived only when the story
proves it; otherwise it is left out and the dialogue asks. Topics name these facts in a
question's ``derive:`` (the vocabulary is :data:`DERIVED`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from bot.core.auction import Auction, Entry
from bot.core.calls import Bid, Call, Seat, Simple, describe_call
from bot.dialogue.auction_state import subject_before
from bot.dialogue.bid_above_seven import bid_above_seven
from bot.dialogue.story import (
    CallEvent,
    PlayerRef,
    Relation,
    Story,
    read_story,
    same_player,
    side_said,
)
from bot.lazy import lazy_pattern

INCIDENT_KINDS = (
    "changed_call",
    "insufficient_bid",
    "out_of_turn",
    "simultaneous",
    "after_final_pass",
    "inadmissible_double",
    "wrong_cards",
    "any_call",
    "above_seven",
    "play",
)
"""What kind of call a topic is about (its ``incident:``)."""

DERIVED: dict[str, tuple[str, ...]] = {
    "call_kind": ("bid", "pass", "double", "redouble"),
    "turn_of": ("self", "lho", "partner", "rho"),
    "in_turn": ("yes", "no"),
    "offender_called_before": ("yes", "no"),
    "insufficient": ("yes", "no"),
    "wanted_insufficient": ("yes", "no"),
    "wanted_legal": ("legal", "insufficient"),
    "artificial": ("yes", "no"),
    "calls_since": ("none", "lho", "partner"),
    "lho_called": ("yes", "no"),
    "lho_called_over": ("yes",),
    "ended": ("yes", "no"),
    "simultaneous_with": ("lho", "partner", "rho"),
    "pulled_other_than_meant": ("yes",),
    "offender_called": ("yes", "no"),
    "partner_called": ("yes", "no"),
    "replacement": ("lowest_same", "double", "insufficient_again"),
    "substitute_made": ("yes", "no"),
    "offender_role": ("declarer", "dummy", "defender"),
    "revoker_role": ("declarer", "dummy", "defender"),
    "card_rank": ("honour", "spot"),
}
"""Facts the reader can prove, and their values (a topic maps them to its choices)."""

_RELATION_WORDS: dict[Relation, str] = {
    "self": "you",
    "partner": "your partner",
    "lho": "your LHO",
    "rho": "your RHO",
}


@dataclass(frozen=True)
class Reading:
    """The proven facts of one incident, with the words to name its players and calls."""

    kind: str
    facts: dict[str, str] = field(default_factory=dict)
    """Derived facts (keys from :data:`DERIVED`)."""
    details: dict[str, str] = field(default_factory=dict)
    """Wording: offender (seat letter), speaker, frame, call, intended, last_bid, lowest."""
    took: tuple[str, ...] = ()
    """What was read, in plain words, for the 'I took from your description' line."""
    took_about: dict[str, str] = field(default_factory=dict)
    """Entries of ``took`` naming the player at fault ('offender') or asking to check whose
    turn the seats make it ('seats'): left out where the topic reads no offender, or the
    story proves the act was no irregularity."""


def _relation(of: Seat, other: Seat) -> Relation:
    relation = of.relation_to(other)
    assert relation in ("self", "lho", "partner", "rho")
    return relation  # type: ignore[return-value]


@lru_cache(maxsize=512)
def read_incident(text: str, kind: str, focus_wanted: bool = False) -> Reading:
    """The reading of ``text`` for a topic about ``kind``.

    ``focus_wanted``: the incident continues with the call meant (an unintended call
    replaced by an insufficient one), so that call is the one judged.
    """
    if kind == "play":
        from bot.dialogue.play_reader import read_play

        play = read_play(text)
        return Reading(kind, play.facts, play.details, play.took, dict(play.about))
    story = read_story(text)
    if kind == "simultaneous":
        return _simultaneous(story)
    if kind == "wrong_cards":
        return _wrong_cards(story)
    event = _incident_event(story, kind)
    if event is None:
        return Reading(kind, {}, _frame_details(story), ())
    if not any(e is event for e in story.timeline):
        return _offender_only(story, kind, event)
    return _derive(story, kind, event, focus_wanted)


def _offender_only(story: Story, kind: str, event: CallEvent) -> Reading:
    """A call the story's calls do not hold (a bid above seven no legal call names): only who
    made it is read."""
    details = _frame_details(story)
    if event.seat is None:
        return Reading(kind, {}, details, ())
    details["offender"] = event.seat.value
    return Reading(kind, {}, details, (f"the offender: {_name(story, event.seat)}",))


# -- which call the story is about -----------------------------------------------------------


def _incident_event(story: Story, kind: str) -> CallEvent | None:
    timeline = story.timeline
    typed = story.typed_auction
    if typed is not None:
        found = [i for i in typed.irregularities() if _kind_matches(i.kind, kind)]
        return timeline[found[0].position] if len(found) == 1 else None
    if kind == "changed_call":
        with_wanted = story.made_with_wanted()
        if with_wanted:
            return with_wanted[0] if len(with_wanted) == 1 else None
        named = [e for e in timeline if e.call is not None]
        flagged = [e for e in named if e.earlier_than is None and _change_words_around(story, e)]
        if len(flagged) == 1:
            return flagged[0]
        lowered = story.text.lower()
        if (
            len(named) == 1
            and not _TOLD_AS_LATER.match(lowered, named[0].end)
            and not _THEN_BEFORE.search(lowered, max(0, named[0].start - 12), named[0].end)
        ):
            return named[0]
        return None
    if kind == "insufficient_bid":
        candidates = [e for e in timeline if insufficient(story, e) is True]
        return candidates[0] if len(candidates) == 1 else None
    if kind == "out_of_turn":
        candidates = [e for e in timeline if _out_of_turn_evidence(story, e)]
        if len(candidates) == 1:
            return candidates[0]
        named = [e for e in timeline if e.call is not None]
        return named[0] if not candidates and len(named) == 1 else None
    if kind == "after_final_pass":
        over = _over_before(story)
        candidates = [e for i, e in enumerate(timeline) if _after_end(story, e, over[i])]
        return candidates[0] if len(candidates) == 1 else None
    if kind == "above_seven":
        return _above_seven_event(story)
    if kind == "any_call":  # a barred player's call: never a pass
        named = [
            e
            for e in timeline
            if e.call is not None and e.call is not Simple.PASS and e.earlier_than is None
        ]
        contrasted = [e for e in named if _BUT_BEFORE.search(story.text.lower()[: e.start])]
        if named and any(e.call is None and e.start < named[0].start for e in timeline):
            return None  # a call made before it that no call names ('bid 8NT'): that one is
            # the incident, not the call told after it
        if len(named) == 1:
            return named[0]
        return contrasted[0] if len(contrasted) == 1 else None
    if kind == "inadmissible_double":
        doubles = [e for e in timeline if e.call in (Simple.DOUBLE, Simple.REDOUBLE)]
        if len(doubles) > 1:
            doubles = [d for d in doubles if _law19_allows(timeline, d) is False]
        return doubles[0] if len(doubles) == 1 else None
    return None


def _above_seven_event(story: Story) -> CallEvent | None:
    """The bid above seven itself ('lho bid 7nt, pd bid 8c', 'rho put out 8NT after my 7NT'):
    no legal call names it, so it is the story's call made where the level is told, by the
    player named just before it - never another call the story names."""
    lowered = story.text.lower()
    found = bid_above_seven(lowered, story)
    if found is None:
        return None
    told = [
        e
        for e in story.timeline
        if e.call is None and e.role == "made" and found.start - 12 <= e.start <= found.start + 4
    ]
    if told:
        return told[0]
    sentence = max((e.sentence for e in story.timeline if e.start <= found.start), default=0)
    actor = subject_before(lowered, story, found.start)
    return CallEvent(None, found.start, found.start + 1, sentence, actor)


def _law19_allows(timeline: list[CallEvent], double: CallEvent) -> bool | None:
    """Whether the calls told before ``double``, each with its seat and in rotation, show it
    allowed by Law 19 (None: they cannot show it)."""
    at = timeline.index(double)
    run = timeline[: at + 1]
    if any(e.call is None or e.seat is None for e in run):
        return None
    if any(b.seat is not a.seat.lho for a, b in pairwise(run)):  # type: ignore[union-attr]
        return None
    auction = Auction(tuple(Entry(e.call, e.seat) for e in run))  # type: ignore[arg-type]
    if double.call is Simple.REDOUBLE:
        return auction.redouble_permitted(at)
    return auction.double_permitted(at)


_CHANGE_WORDS_AFTER = lazy_pattern(
    r"^[^.]{0,40}?\b(?:by mistake|by accident|accidentally|in error|thinking|believing|thought|"
    r"misread|forgetting|not on purpose|then changed|wants to change|want to change|"
    r"(?:can|may|could) (?:i|he|she) change|changed (?:his|her|my) mind)"
)
_BUT_BEFORE = lazy_pattern(r"\b(?:but|yet|anyway|still)\s+(?:then\s+)?(?:\w+\s+)?$")
"""'had to pass but bid 2S': the call made in spite of the obligation."""
_CHANGE_WORDS_BEFORE = lazy_pattern(
    r"\b(?:better of|change|changed|withdraw|take back)\s+(?:his|her|my)\s+$"
)


_TOLD_AS_LATER = lazy_pattern(
    r"\W{0,3}(?:\w+\W+){0,2}?(?:since|after (?:it|that|him|her)|over it|afterwards)\b"
)
"""'pd pulled the wrong card. rho has passed since': the only call named came after the one
to change, so it is not that call."""


_THEN_BEFORE = lazy_pattern(r"\bthen\b")
"""'rho put the card back and bid something else, lho then passed': a call told as coming
after another act, with no words of change around it, is not the call being changed."""


def _change_words_around(story: Story, event: CallEvent) -> bool:
    """'passed by mistake', 'thought better of his 3NT': the call the story is about."""
    lowered = story.text.lower()
    later = [
        e.start
        for e in story.events
        if e.start > event.end and e.role == "made" and e.earlier_than is None
    ]
    end = min([event.end + 60, *later])
    return bool(
        _CHANGE_WORDS_AFTER.match(lowered[event.end : end])
        or _CHANGE_WORDS_BEFORE.search(lowered[max(0, event.start - 30) : event.start])
    )


def _kind_matches(found: str, kind: str) -> bool:
    return {
        "insufficient_bid": "insufficient_bid",
        "out_of_turn": "call_out_of_rotation",
        "after_final_pass": "call_after_final_pass",
        "inadmissible_double": "inadmissible_double",
    }.get(kind) == found


def _index(story: Story, event: CallEvent) -> int:
    return story.index(event)


def _previous(story: Story, event: CallEvent) -> CallEvent | None:
    position = story.position(event)
    return story.timeline[position - 1] if position > 0 else None


def _last_bid_before(story: Story, event: CallEvent) -> Bid | None:
    bids = story.kept("bids_before", lambda: _bids_before(story))
    return bids[story.position(event)]


def _bids_before(story: Story) -> list[Bid | None]:
    """For each call of the timeline, the last bid before it (worked out in one pass)."""
    out: list[Bid | None] = []
    last: Bid | None = None
    for e in story.timeline:
        out.append(last)
        if isinstance(e.call, Bid):
            last = e.call
    return out


def insufficient(story: Story, event: CallEvent) -> bool | None:
    """Whether a bid fails to outrank the last bid before it (None: not a bid, or none
    before): the one sufficiency check of the story readers."""
    if not isinstance(event.call, Bid):
        return None
    last = _last_bid_before(story, event)
    if last is None:
        return None
    return not event.call.supersedes(last)


_OPENED_BEFORE = lazy_pattern(
    r"\b(?:opened|opens|opening bid of|opened with|opened the bidding with)\s+$"
)


def told_out_of_order(story: Story) -> bool:
    """A call told after others is the auction's first ('... RHO opened 1S' at the end):
    the order told is not the order made, so no turn or sufficiency is read from it."""
    lowered = story.text.lower()
    return any(
        _OPENED_BEFORE.search(lowered, max(0, e.start - 30), e.start) for e in story.timeline[1:]
    )


def called_at_anothers_turn(story: Story) -> CallEvent | None:
    """The call the story places at another player's turn, from the seats alone: whose
    turn the story says it was, or who had still to call before him, is not the caller
    (Laws 28-32). None when no call, or more than one, is so placed."""
    if story.typed_auction is not None or told_out_of_order(story):
        return None  # the typed calls are judged by the auction model
    event = _incident_event(story, "out_of_turn")
    if event is None:
        return None
    turn = turn_of(story, event)
    if turn is None or turn == "self":
        return None
    index = _index(story, event)
    if any(at == index or (at == -1 and story.timeline[0] is event) for _, at in story.turn_words):
        return event  # 'when it was his partner's turn'
    lowered = story.text.lower()
    waiting = [
        ref
        for ref, at in story.not_called
        if at == _prev_index(story, event)
        or (at == index and _BEFORE_WORD.search(lowered, max(0, ref.start - 12), ref.start))
    ]  # 'before rho had called'; not 'pd hasn't called' told after it (since, or before?)
    return event if waiting else None


_BEFORE_WORD = lazy_pattern(r"\bbefore\s+(?:the\s+|my\s+|his\s+|her\s+)?$")


def turn_of(story: Story, event: CallEvent) -> Relation | None:
    """Whose turn it was when the call was made, relative to its maker (the speaker when the
    story names nobody), if the story proves it."""
    offender = event.seat
    if event.actor is None and story.frame == "speaker":
        offender = story.speaker
    return _turn_of(story, event, offender)


def _out_of_turn_evidence(story: Story, event: CallEvent) -> bool:
    """Words say the call was out of turn: 'out of turn', 'at X's turn', or that the player
    whose turn it was had not called yet ('before South had called')."""
    index = _index(story, event)
    if index in story.out_of_turn_words:
        return True
    if any(at == index and who != "own" for who, at in story.turn_words):
        return True
    turn = _turn_of(story, event, event.seat)
    return turn is not None and turn != "self"


def _after_end(story: Story, event: CallEvent, over: bool) -> bool:
    """The call came after the auction ended: the calls before it show it (``over``), or the
    words 'after the final pass' are said of this call (the one named nearest to them, not
    one typed)."""
    closed = story.closed_at
    if closed is not None and event.start >= closed and event.actor is not None:
        return True  # told after 'three passes' or the third pass of the calls named
    if story.after_final_pass_words:
        told = [
            e
            for e in story.timeline
            if not e.typed and e.call is not None and e.earlier_than is None
        ]
        for at in story.after_final_pass_words:
            nearest = min(told, key=lambda e: abs(e.start - at), default=None)
            if nearest is event:
                return True
    return over


def _over_before(story: Story) -> list[bool]:
    """For each call of the timeline, whether the calls before it had ended the auction
    (Law 22), worked out in one pass: every earlier call known, at least four, and either
    four passes first or three passes after a bid."""
    out: list[bool] = []
    passes_run = 0
    bid_seen = unknown = False
    first_four_passes = True
    for count, e in enumerate(story.timeline):
        over = not unknown and count >= 4 and (first_four_passes or (bid_seen and passes_run >= 3))
        out.append(over)
        if e.call is None:
            unknown = True
        if count < 4 and e.call is not Simple.PASS:
            first_four_passes = False
        passes_run = passes_run + 1 if e.call is Simple.PASS else 0
        bid_seen = bid_seen or isinstance(e.call, Bid)
    return out


def _sentence_bounds(story: Story, event: CallEvent) -> tuple[int, int]:
    """The stretch of text holding the event's sentence."""
    text = story.text
    start = max(text.rfind(c, 0, event.start) for c in ".;!?\n") + 1
    ends = [i for i in (text.find(c, event.end) for c in ".;!?\n") if i >= 0]
    return start, min(ends) if ends else len(text)


def _seat_of(ref: PlayerRef) -> Seat | None:
    return ref.seat


# -- facts for the offender ------------------------------------------------------------------


def _derive(story: Story, kind: str, event: CallEvent, focus_wanted: bool) -> Reading:
    facts: dict[str, str] = {}
    details = _frame_details(story)
    took: list[str] = []
    offender = event.seat
    implicit = event.actor is None and story.frame == "speaker" and story.speaker is not None
    if implicit:
        # "pulled 1S, meant 1H, partner hasn't bid": no maker is named, so words like
        # 'partner' and 'LHO' can only be his; read them from his seat, name nobody
        offender = story.speaker
    wanted = story.wanted_for(event)
    call: Call | None = event.call
    if focus_wanted and wanted is not None:
        call = wanted.call
    if implicit:
        took.append("the player who made the call (not named; 'partner', 'LHO' read as his)")
    elif offender is not None:
        details["offender"] = offender.value
        took.append(f"the offender: {_name(story, offender)}")
    elif event.actor is not None:
        took.append(f"the offender: {event.actor.words} (seat not clear)")
    if call is not None:
        details["call"] = describe_call(call)
        facts["call_kind"] = _call_kind(call)
        took.append(f"the call: {describe_call(call)}")
    if wanted is not None and wanted.call is not None and not focus_wanted:
        details["intended"] = describe_call(wanted.call)
        # over an insufficient bid the second call replaces it (Law 27): it was not meant instead
        role = "meant or wanted instead"
        if kind == "insufficient_bid":
            role = "put or wanted in its place"
        took.append(f"the call {role}: {describe_call(wanted.call)}")
    last = _last_bid_before(story, event)
    if last is not None:
        details["last_bid"] = str(last)
        took.append(f"the last bid before it: {last}")
    artificial = event.artificial if not focus_wanted else None
    if artificial is not None:
        facts["artificial"] = "yes" if artificial else "no"
        if artificial:
            details["artificial"] = "yes"
    if wanted is not None and not focus_wanted:
        facts.update(_change_facts(story, event, wanted))
    if isinstance(call, Bid) and last is not None:
        insufficient = not call.supersedes(last)
        facts["insufficient"] = "yes" if insufficient else "no"
        if insufficient:
            details.update(_lowest(last, call))
    if kind == "insufficient_bid" and wanted is not None and isinstance(call, Bid) and last:
        facts.update(_replacement(call, last, wanted.call))
    if not focus_wanted and wanted is not None and isinstance(wanted.call, Bid) and last:
        wanted_insufficient = not wanted.call.supersedes(last)
        facts["wanted_insufficient"] = "yes" if wanted_insufficient else "no"
        if wanted_insufficient and "lowest" not in details:
            details.update(_lowest(last, wanted.call))
    if call is not None and call is not Simple.PASS:
        facts["ended"] = "no"  # only a pass can end an auction (Law 22)
    turn = _turn_of(story, event, offender)
    said_out_of_turn = _index(story, event) in story.out_of_turn_words
    if said_out_of_turn and turn == "self":
        turn = None  # the words say out of turn: a call must have gone unmentioned
    if turn is not None:
        facts["turn_of"] = turn
        facts["in_turn"] = "yes" if turn == "self" else "no"
    elif said_out_of_turn:
        facts["in_turn"] = "no"
    if facts.get("wanted_insufficient") == "yes":
        facts["wanted_legal"] = "insufficient"
    elif facts.get("wanted_insufficient") == "no" and facts.get("in_turn") == "yes":
        facts["wanted_legal"] = "legal"  # sufficient, in place of a call made in turn
    called_before = _called_before(story, event, offender)
    if called_before is not None:
        facts["offender_called_before"] = called_before
    since = _calls_since(story, event, offender)
    facts.update(since)
    if _lho_called_over(story, event, offender, last):
        facts["lho_called_over"] = "yes"
    if focus_wanted:
        took = []  # the players and calls were shown for the earlier stage already
    return Reading(kind, facts, details, tuple(took))


_MEANT_CUE = lazy_pattern(
    r"\b(meant|meaning|intended|intending|instead of|rather than|in place of)\b"
)
_PULL_VERB = lazy_pattern(
    r"\b(pulled|pull|pulls|pulling|grabbed|grabs|took out|takes out|picked out|picked up|"
    r"put out|put down|puts out|put|took|said|says|selected|chose the card)\b"
)
_REPORTED = lazy_pattern(
    r"\b(said|says|say|claims?|claimed|insists?|insisted|told|tells|explained)\b"
)
_CHANGE_OF_MIND = lazy_pattern(
    r"\b(thought|thinking|believ\w*|forgot|forgetting|misread|changed? (his|her|my) mind|"
    r"second thoughts|better of it|realised|realized|decided)\b"
)
_DONE_CUE = lazy_pattern(
    r"\b(said|says|changed|corrected|replaced|substituted|switched|swapped|put out|pulled|"
    r"then bid)\b"
)
_NOT_YET_CUE = lazy_pattern(
    r"\b(wants?|wanting|wanted to|would like|can (i|he|she)|could (i|he|she)|may (i|he|she)|"
    r"is it ok|trying to|tries to|asks? to|asked to|allowed to)\b"
)


def _change_facts(story: Story, made: CallEvent, wanted: CallEvent) -> dict[str, str]:
    """From the words around a call made and the one wanted instead: did he pull one card
    while meaning another (Law 25A), and has he already put out or said the other call?"""
    facts: dict[str, str] = {}
    lowered = story.text.lower()
    if wanted.call is None or wanted.call == made.call:
        return facts
    sentence = lowered
    stop = min(made.end + 20, wanted.start) if wanted.start > made.start else made.end
    around_made = lowered[max(0, made.start - 30) : stop]
    if (
        _MEANT_CUE.search(wanted.cue)
        and _PULL_VERB.search(around_made)
        and not _REPORTED.search(wanted.cue)
        and not _CHANGE_OF_MIND.search(sentence)
    ):
        # told as the act itself ('pulled 2S meaning 2H'), not as a claim made afterwards
        # ('then said he meant 2H'): a claim is the very thing the director must judge
        facts["pulled_other_than_meant"] = "yes"
    if wanted.start > made.start:
        between = lowered[made.end : wanted.start]
        if _NOT_YET_CUE.search(wanted.cue + " " + between):
            facts["substitute_made"] = "no"
        elif _DONE_CUE.search(between) and not _MEANT_CUE.search(between):
            facts["substitute_made"] = "yes"
    return facts


def _replacement(made: Bid, last: Bid, wanted: Call | None) -> dict[str, str]:
    """What the insufficient bid is replaced with, where the calls alone settle it: the
    cheapest bid in the same suit, a double, or another insufficient bid. Whether any other
    call is comparable is the director's judgement, so it is never read."""
    if wanted in (Simple.DOUBLE, Simple.REDOUBLE):
        return {"replacement": "double"}
    if not isinstance(wanted, Bid):
        return {}
    if not wanted.supersedes(last):
        return {"replacement": "insufficient_again"}
    if wanted == Auction.of(last).lowest_sufficient(made.denomination):
        return {"replacement": "lowest_same"}
    return {}


def _lowest(last: Bid, bid: Bid) -> dict[str, str]:
    lowest = Auction.of(last).lowest_sufficient(bid.denomination)
    return {"lowest": str(lowest)} if lowest is not None else {}


def _call_kind(call: Call) -> str:
    if isinstance(call, Bid):
        return "bid"
    return {Simple.PASS: "pass", Simple.DOUBLE: "double", Simple.REDOUBLE: "redouble"}[call]


def _turn_of(story: Story, event: CallEvent, offender: Seat | None) -> Relation | None:
    """Whose turn it was when the offender called, relative to him, if the story proves it."""
    typed = story.typed_auction
    timeline = story.timeline
    if typed is not None:
        position = story.position(event)
        entry = typed.entries[position]
        in_turn = typed.seat_in_turn(position)
        if entry.seat is None:
            return "self"  # calls typed in a row are consecutive: each was in turn
        return _relation(entry.seat, in_turn) if in_turn is not None else None
    index = _index(story, event)
    first = timeline[0] is event
    explicit = [who for who, at in story.turn_words if at == index or (at == -1 and first)]
    if len(explicit) > 1:
        return None
    if explicit:
        who = explicit[0]
        if who == "own":
            return "self"
        if offender is not None and who.seat is not None:
            before = _previous(story, event)
            his_turn = (
                before is not None and before.seat is not None and before.seat.lho is offender
            )
            if his_turn and who.seat is not offender:
                return None  # the calls say it was his turn, the words another's: asked
            return _relation(offender, who.seat)
        if event.actor is None and who.unnamed_owner and who.relation is not None:
            return who.relation  # 'passed at his RHO's turn': his = the unnamed offender
        return None
    if offender is None:
        return None
    previous = _previous(story, event)
    pending = [
        ref.seat for ref, at in story.not_called if at == _prev_index(story, event) or at == index
    ]
    if previous is not None and previous.seat is not None:
        next_in_turn = previous.seat.lho
        if next_in_turn in pending:
            return _relation(offender, next_in_turn)
        if offender is next_in_turn and not story.simultaneous:
            return "self"
        return None
    if previous is None and story.dealer is not None and story.dealer in pending:
        return _relation(offender, story.dealer)
    if (
        previous is None
        and story.dealer is not None
        and offender is story.dealer.lho
        and _index(story, event) in story.out_of_turn_words
    ):
        # 'W dlr. N opened 1C out of rot.': after a pass by the dealer N would have been in
        # turn, so his call out of turn came at the dealer's own turn
        return _relation(offender, story.dealer)
    if previous is None and story.dealer is None and offender.rho in _waited_for(story, event):
        return "rho"  # 'pd passed before rho had bid': the player due just before him
    return None


def _waited_for(story: Story, event: CallEvent) -> list[Seat]:
    """The players the call is told made before, in its own clause: 'before rho had called'
    just after it, or before it in its sentence ('before S had called, W bid 1H'). Only the
    caller's RHO, the player due just before him, says whose turn it was: 'LHO bid before
    my partner had a chance' says nothing of it."""
    lowered = story.text.lower()
    index = _index(story, event)
    out: list[Seat] = []
    for ref, at in story.not_called:
        if not _BEFORE_WORD.search(lowered, max(0, ref.start - 12), ref.start):
            continue
        if at == index and 0 <= ref.start - event.end <= 25:
            between = lowered[event.end : ref.start]
        elif at == _prev_index(story, event) and ref.start < event.start:
            between = lowered[ref.start : event.start]
        else:
            continue
        if ref.seat is not None and not _CLAUSE_BREAK.search(between):
            out.append(ref.seat)
    return out


_CLAUSE_BREAK = lazy_pattern(r"[.;!?\n]|\b(?:and|then|but|so|later)\b")


def _prev_index(story: Story, event: CallEvent) -> int:
    previous = _previous(story, event)
    return _index(story, previous) if previous is not None else -1


def _called_before(story: Story, event: CallEvent, offender: Seat | None) -> str | None:
    timeline = story.timeline
    earlier = timeline[: story.position(event)]
    if story.typed_auction is not None:
        if offender is None:
            return None
        return "yes" if any(e.seat is offender for e in earlier) else "no"
    if any(e.actor is not None and event.actor is not None and _same(e, event) for e in earlier):
        return "yes"
    index = _index(story, event)
    if index in story.not_first_call_words:
        return "yes"
    if index in story.first_call_words or (-1 in story.first_call_words and not earlier):
        return "no"
    pending = [ref.seat for ref, at in story.not_called if at in (index, -1)]
    if not earlier and story.dealer is not None and story.dealer in pending:
        return "no"  # the dealer had not called: nobody had
    return None


def _same(a: CallEvent, b: CallEvent) -> bool:
    return same_player(a, b, unnamed=False)


def _lho_called_over(
    story: Story, event: CallEvent, offender: Seat | None, last: Bid | None
) -> bool:
    """The very next call the story tells after the offender's is his LHO's, a new call
    legal over the auction before it (not a bid told again: 'LHO's 2D overcall'), and the
    offender put nothing in its place: the LHO called over it (27A1: an insufficient bid so
    called over is accepted)."""
    if offender is None or story.wanted_for(event) is not None:
        return False
    later = story.timeline[story.position(event) + 1 :]
    if not later or later[0].seat is not offender.lho or later[0].start < event.end:
        return False
    call = later[0].call
    if isinstance(call, Bid):
        return last is not None and call.supersedes(last)
    return call is Simple.PASS


def _calls_since(story: Story, event: CallEvent, offender: Seat | None) -> dict[str, str]:
    """Who has called since the offender's call: from later calls and 'X hasn't called'."""
    out: dict[str, str] = {}
    timeline = story.timeline
    later = timeline[story.position(event) + 1 :]
    index = _index(story, event)
    wanted = story.wanted_for(event)
    anchors = {index}
    if wanted is not None:
        anchors.add(_index(story, wanted))
    if offender is None:
        if any(at in anchors for at in story.nobody_called_after) and not later:
            out["calls_since"], out["lho_called"] = "none", "no"
        return out
    later_seats = [e.seat for e in later]
    if None in later_seats:
        return out
    pending = {ref.seat for ref, at in story.not_called if at in anchors}
    nobody = any(at in anchors for at in story.nobody_called_after)
    if offender.partner in later_seats:
        out["calls_since"] = "partner"
    elif offender.lho in later_seats:
        out["calls_since"] = "lho"
        if offender.partner in pending:
            out["calls_since"] = "lho"
    elif not later and (nobody or offender.lho in pending):
        out["calls_since"] = "none"
    if offender.lho in later_seats:
        out["lho_called"] = "yes"
    elif not later and (nobody or offender.lho in pending):
        out["lho_called"] = "no"
    return out


def _simultaneous(story: Story) -> Reading:
    """Two calls at once: the one by the player whose turn it was stands; the other is judged."""
    details = _frame_details(story)
    if not story.simultaneous or len(story.turn_words) != 1:
        return Reading("simultaneous", {}, details, ())
    who = story.turn_words[0][0]
    if who == "own" or who.seat is None:
        return Reading("simultaneous", {}, details, ())
    in_turn = who.seat
    others = [e for e in story.timeline if e.seat is not None and e.seat is not in_turn]
    if len({e.seat for e in others}) != 1:
        return Reading("simultaneous", {}, details, ())
    named = [e for e in others if e.call is not None]
    other = named[-1] if named else others[-1]
    assert other.seat is not None
    said = side_said(story.text.lower())
    if said is not None and other.seat is not (in_turn.lho if said == "left" else in_turn.rho):
        return Reading("simultaneous", {}, details, ())  # 'W sits on N's left', W is N's right
    details["offender"] = other.seat.value
    took = [
        f"whose turn it was: {_name(story, in_turn)}",
        f"the other caller (the offender): {_name(story, other.seat)}",
    ]
    if other.call is not None:
        details["call"] = describe_call(other.call)
        took.append(f"his call: {describe_call(other.call)}")
    facts: dict[str, str] = {"simultaneous_with": _relation(in_turn, other.seat)}
    return Reading("simultaneous", facts, details, tuple(took))


_WRONG_CARDS = lazy_pattern(
    r"\b(?:picked up|took|taken|had|has|drew|pulled|got|took out|playing with|holding)\s+"
    r"(?:out\s+)?(?:(?:his|her|my|the|their)\s+)?(?:cards|hand)\b[^.;]{0,40}\b(?:wrong|other|another|"
    r"different|next|previous)\s+board"
    r"|\b(?:cards|hand)\s+(?:from|out of)\s+(?:the\s+|a\s+)?(?:wrong|other|another|different|next|"
    r"previous)\s+board"
    r"|\b(?:cards|hand)\s+(?:from|out of)\s+board\s+\d+\s+(?:instead of|rather than|not)\b"
    r"|\b(?:cards|hand)\s+(?:were|was|came)\s+(?:from|out of)\s+(?:the\s+|a\s+)?(?:wrong|other|"
    r"another|different|next|previous)\s+board"
    r"|\b(?:cards|hand)\s+(?:(?:were|was|came)\s+)?(?:from|out of)\s+(?:board|bd)\s+\d+\s*,?\s+"
    r"(?:instead of|rather than|not)\b"
    r"|\b(?:picked up|took|taken|pulled|drew)\s+(?:his\s+|her\s+|my\s+|the\s+)?(?:hand|cards)\s+"
    r"(?:from|out of)\s+the\s+board\s+next\s+to\s+(?:ours|us|his|hers|mine)\b"
    r"|\b(?:picked up|took|pulled out)\s+(?:board|bd)\s+\d+\s+(?:cards|hand)\b[^.;]{0,30}\b"
    r"(?:on|playing)\s+(?:board|bd)\s+\d+"
    r"|\b(?:cards|hand)\s+(?:from|out of)\s+(?:the\s+)?(?:board|bd)\s+\d+\b[^.;]{0,40}\b"
    r"(?:playing|meant to be (?:on|playing)|supposed to be (?:on|playing)|were on|are on|on)\s+"
    r"(?:board|bd)\s+\d+"
)
"""Cards taken from another board than the one being played (Law 15A): said of the player
named just before."""
_HAND_NAMED = lazy_pattern(r"\s+(?:hand|cards)\b")
"""'the E hand', 'the north cards': a seat naming a hand, not the player who took it."""


def _wrong_cards(story: Story) -> Reading:
    """Cards from the wrong board: the offender is the player who took them; he has called
    if the story names a call of his (a call by someone else proves nothing about him)."""
    details = _frame_details(story)
    match = _WRONG_CARDS.search(story.text.lower())
    if match is None:
        return Reading("wrong_cards", {}, details, ())
    lowered = story.text.lower()
    before = [p for p in story.players if p.end <= match.start() and p.start >= match.start() - 60]
    if not before:
        return Reading("wrong_cards", {}, details, ())
    holder = before[-1]
    players = [p for p in before if not _HAND_NAMED.match(lowered, p.end)]
    if players and players[-1].seat is not None and players[-1].kind != "pronoun":
        holder = players[-1]  # 'lho took the N hand': the player, not the hand he took
    if holder.kind == "pronoun":
        named = [p for p in story.players if p.end <= holder.start and p.kind != "pronoun"]
        if not named:
            return Reading("wrong_cards", {}, details, ())
        holder = named[-1]
    if holder.seat is None:
        return Reading("wrong_cards", {}, details, ())
    details["offender"] = holder.seat.value
    took = [f"the player with the wrong cards: {_name(story, holder.seat)}"]
    facts: dict[str, str] = {}
    calls = [e for e in story.timeline if e.seat is holder.seat and e.call is not None]
    if not calls and _noticed_before_calling(story, holder.seat, match.end()):
        facts["offender_called"] = "no"
    if calls:
        facts["offender_called"] = "yes"
        details["call"] = describe_call(calls[0].call)  # type: ignore[arg-type]
        took.append(f"his call with them: {describe_call(calls[0].call)}")  # type: ignore[arg-type]
        facts.update(_partner_called_since(story, calls[0], holder.seat))
    return Reading("wrong_cards", facts, details, tuple(took))


_BEFORE_ANY_CALL = lazy_pattern(
    r"\bbefore (?:anyone|anybody|any one|he|she|i|they|we)(?:'d| had| has)? (?:yet |even )?"
    r"(?:called|made (?:a|any) call|said anything)\b"
    r"|\bbefore (?:calling|any calls?|the (?:auction|bidding))\b"
    r"|\bbefore (?:his|her|my) first call\b|\b(?:didn't|did not|hasn't|hadn't|has not|had not)"
    r" (?:yet )?(?:called|made a call|said anything)\b"
)
"""'noticed before anyone called', 'before the auction', 'didn't call yet': said after the
cards were taken, nobody's call (or the holder's) had come. A bid not made yet is not enough:
he may have passed."""


def _noticed_before_calling(story: Story, holder: Seat, after: int) -> bool:
    """The player holding the wrong cards had not called: no call by an unplaced player told
    (it might be his), and words after the taking that nobody, or he, had called yet."""
    if any(e.seat is None and e.role == "made" for e in story.timeline):
        return False
    lowered = story.text.lower()
    told = _BEFORE_ANY_CALL.search(lowered, after)
    if told is not None:
        named = [p for p in story.players if after <= p.start < told.start()]
        others = [p for p in named if p.seat is not None and p.seat is not holder]
        if not others or told.group(0).startswith("before any"):  # 'W had the wrong cards ...
            return True  # ... noticed before he'd said anything', 'before anyone called'
    return False


def _partner_called_since(story: Story, event: CallEvent, offender: Seat) -> dict[str, str]:
    """Whether the offender's partner has called since this call of his (Law 15A2): a call of
    the partner's told after it, or words that the partner has not called (seats, never the
    words 'pd' alone: the speaker's partner is the offender's only when the seats say so)."""
    later = story.timeline[story.position(event) + 1 :]
    partners = [e for e in later if e.seat is offender.partner]
    if any(e.call is not None for e in partners):
        return {"partner_called": "yes"}
    index = _index(story, event)
    if any(ref.seat is offender.partner and at >= index for ref, at in story.not_called):
        return {"partner_called": "no"}  # 'before her partner had called' is no call of his
    if partners or any(e.seat is None for e in later):
        return {}
    if not later and index in story.nobody_called_after:
        return {"partner_called": "no"}
    return {}


# -- naming --------------------------------------------------------------------------------


def _frame_details(story: Story) -> dict[str, str]:
    details: dict[str, str] = {}
    if story.frame == "speaker" and story.speaker is not None:
        details["frame"] = "speaker"
        details["speaker"] = story.speaker.value
    elif story.frame == "anchored" and story.speaker is not None:
        details["speaker"] = story.speaker.value
    return details


def _name(story: Story, seat: Seat) -> str:
    if story.frame == "speaker" and story.speaker is not None:
        return _RELATION_WORDS[_relation(story.speaker, seat)]
    if story.frame == "anchored" and story.speaker is not None:
        relation = _relation(story.speaker, seat)
        return f"{seat.title} ({_RELATION_WORDS[relation]})"
    return seat.title
