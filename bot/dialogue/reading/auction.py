"""Irregular calls told in prose or a typed auction: insufficient bids, calls out of turn, calls
changed, the auction's state."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations, pairwise
from typing import Any

from bot.core.auction import Auction, Entry
from bot.core.calls import Bid, Seat, Simple
from bot.dialogue.auction_reader import (
    call_after_close,
    read_auction_state,
    spoken_double,
    turn_passed_over,
)
from bot.dialogue.auction_state import AUCTION_ENDED
from bot.dialogue.call_when_barred import CALL_WHEN_BARRED, told_barred
from bot.dialogue.incident import called_at_anothers_turn, told_out_of_order, turn_of
from bot.dialogue.play_reader import PlayStory, actor_seat, clause_start
from bot.dialogue.reading.events import Event, Irregularity, _play_begun
from bot.dialogue.reading.sentences import _outside_quotes_any, _sentence_start
from bot.dialogue.reading.shape import _MEANT, _is_insufficient, _told_auction
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.story import CallEvent, Story, meant_instead, same_player
from bot.dialogue.withdrawn_call import (
    LEAD_AFTER_WITHDRAWN,
    WITHDRAWN_REPLACED,
    replacement_asked,
)
from bot.lazy import lazy_pattern


def _auction_irregularities(
    story: Story,
    lowered: str,
    vocabulary: Vocabulary,
    facts: dict[str, str],
    declarer: Seat | None,
    events: tuple[Event, ...] = (),
) -> list[Irregularity]:
    """What the calls prove: the first irregular call of an auction typed as calls, or told
    with every seat in rotation (Law 27, 28-32, 35-36, 39), unless the auction reader reads
    that call as another matter. A bid told in prose under the last one proves an
    insufficient bid only in a story of the auction that asks nothing about using what a
    call showed (that is the information's matter, Law 16)."""
    out: list[Irregularity] = []
    prose = not _play_begun(events) and not _outside_quotes_any(
        vocabulary.information.get("use_asked"), lowered
    )
    first = _first_irregular_call(story, prose)
    if first is not None and first.kind == "insufficient_bid" and story.typed_auction is None:
        other_turn = called_at_anothers_turn(story)
        if other_turn is not None and other_turn.start == first.start:
            # an insufficient bid out of rotation: the turn comes first (Laws 27A, 31)
            first = Irregularity("call_out_of_rotation", first.start)
    reached = vocabulary.auction.get("play_reached")
    play_reached = reached is not None and reached.search(lowered) is not None
    if first is not None and first.kind in _TO_BE_REPLACED and replacement_asked(lowered):
        if not play_reached:
            # the call is to be withdrawn, and whether its replacement is comparable is what
            # the story asks (Law 23): that, not the insufficient bid or the turn, is the
            # question (with the play reached, the lead it may limit is: Law 26)
            first = Irregularity(WITHDRAWN_REPLACED, first.start)
    elif (
        first is not None
        and first.kind in _TO_BE_REPLACED
        and play_reached
        and _replaced(story, first.start)
    ):
        # already replaced, and the story has reached the play: the lead the withdrawn call
        # may limit is the matter (Law 26)
        first = Irregularity(LEAD_AFTER_WITHDRAWN, first.start)
    if first is not None and first.kind == "insufficient_bid" and _replaced_then_more(story):
        first = None  # replaced, and the story goes on past it: what the bid showed is the
        # likelier matter (Law 16C), which the information reader proves or leaves to ask
    if first is not None and not _read_as(first, story, lowered, declarer):
        out.append(first)
        facts.update(first.facts)
    return out


def _replaced_then_more(story: Story) -> bool:
    """A bid told in prose with a call put in its place ('changed it to 2S'), and the story
    going on past that sentence."""
    if story.typed_auction is not None:
        return False
    for made in story.made_with_wanted():
        wanted = story.wanted_for(made)
        if wanted is None or meant_instead(wanted) or not _is_insufficient(story, made):
            continue
        stop = _SENTENCE_END.search(story.text, wanted.end)
        rest = story.text[stop.end() :] if stop is not None else ""
        if len(rest.split()) > _TAIL_WORDS:
            return True
    return False


_TAIL_WORDS = 6
"""More words than a short question ('what now?', 'is that right?') after the replacement."""


def _replaced(story: Story, start: int) -> bool:
    """The irregular call told at ``start`` was replaced by another (a call put in its place,
    not one meant instead of it)."""
    made = next((e for e in story.timeline if e.start == start), None)
    wanted = story.wanted_for(made) if made is not None else None
    if wanted is not None:
        return not meant_instead(wanted)
    lowered = story.text.lower()
    stop = _SENTENCE_END.search(lowered, start)
    return _REPLACED_WITH.search(lowered, start, stop.start() if stop else len(lowered)) is not None


_SENTENCE_END = lazy_pattern(r"[.;!?\n]")
_REPLACED_WITH = lazy_pattern(
    r"\b(?:replac|chang|correct|fix|substitut|swapp?)(?:e|es|ed|ing)?\s+(?:it|that|this|the bid)"
    r"\s+(?:with|to|for|into|by)\b"
)
"""'and he fixed it with 3NT': the call was replaced by another, whether or not it is named."""


_TO_BE_REPLACED = frozenset(("insufficient_bid", "call_out_of_rotation"))
"""Irregular calls withdrawn and replaced unless accepted (Laws 27B, 29B, 30-32)."""


def _read_as(first: Irregularity, story: Story, lowered: str, declarer: Seat | None) -> bool:
    """The call model's irregular call is the auction reader's matter instead: a pass that
    skipped a turn is the missed turn (Law 17D3), a double said with a bid is the misstated
    double (Law 19A3, before what it doubled), a call after the close is read with who made
    it (Law 39)."""
    if first.kind == "call_after_final_pass":
        return call_after_close(story, declarer) is not None
    if first.kind == "call_out_of_rotation":
        return turn_passed_over(story) is not None
    if first.kind == "inadmissible_double":
        return spoken_double(lowered, story) is not None
    return False


def _call_changed(
    story: Story, lowered: str, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[Irregularity]:
    """A call made and another the same player meant or wanted in its place (Law 25): told
    by the calls ('pulled 2S, meant 2H', 'bid 3NT, then wanted 4S instead'), or by the
    caller's words of a slip ('pulled the wrong card') in a story of calls. A sufficient
    call meant in place of an insufficient bid is its replacement (Law 27), not a change."""
    if story.out_of_turn_words or story.turn_words or story.simultaneous:
        return []  # the turn, or the calls made together, come first (Laws 28-33)
    if _play_begun(events) or _outside_quotes_any(vocabulary.information.get("use_asked"), lowered):
        return []
    slip = vocabulary.auction.get("unintended")
    slipped = slip.search(lowered) if slip is not None else None
    for made in story.made_with_wanted():
        wanted = story.wanted_for(made)
        if wanted is None:
            continue
        if _SCORE_RECORD.search(lowered, _sentence_start(lowered, made.start), made.start):
            return []  # 'the traveller had 4S instead of 4H': a contract recorded, no call
        if _is_insufficient(story, made) and not _wanted_too_low(story, made, wanted):
            return []  # an insufficient bid and the call put in its place (Law 27)
        if meant_instead(wanted) or slipped is not None or _CHANGED_MIND.search(lowered):
            return [Irregularity("changed_call", made.start)]
        return []
    if slipped is not None and story.timeline and _bid_not_over_the_last(story) is None:
        return [Irregularity("changed_call", slipped.start())]
    return []


def _wanted_too_low(story: Story, made: CallEvent, wanted: CallEvent) -> bool:
    """The call meant is itself under the last bid (pulled 1S over 1NT meaning 1H): the
    change comes first, then the insufficient bid (Laws 25, 27)."""
    before = story.timeline[: story.position(made)]
    last = next((e.call for e in reversed(before) if isinstance(e.call, Bid)), None)
    return isinstance(wanted.call, Bid) and last is not None and not wanted.call.supersedes(last)


_SCORE_RECORD = lazy_pattern(
    r"\b(?:traveller|traveler|travelling score|score ?sheet|score ?card|bridgemate|bridge mate"
    r"|pick-?up slip|score slip|recorded|entered|written down|wrote down|scorer)\b"
)
"""A score record: the contracts it names are results written down, not calls made."""
_CHANGED_MIND = lazy_pattern(
    r"\bchanged? (?:his|her|my|their) mind\b|\bchange of mind\b|\bsecond thoughts?\b"
    r"|\bthought better of\b|\bmisread\b|\bmisheard\b|\bmissaw\b"
)
"""A call changed once made, by his own wish (Law 25B) or because he misread the auction."""


def _call_at_anothers_turn(
    story: Story, lowered: str, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[Irregularity]:
    """A call the story places at another player's turn, from the seats (whose turn it was,
    who had still to call): a call out of rotation (Laws 28-32) - when nothing else of the
    auction is proven (a call at the same moment, after the close, a double of partner's
    bid, a turn then passed over), the play has not begun, and no information is asked."""
    if story.simultaneous or story.closed_at is not None or story.after_final_pass_words:
        return []
    if any(who == "own" for who, _ in story.turn_words):
        return []  # told on to his call at his own turn: what replaces it is the question
    if _play_begun(events) or _outside_quotes_any(vocabulary.information.get("use_asked"), lowered):
        return []
    event = called_at_anothers_turn(story)
    if event is None:
        return []
    barred = _barred_on_turn(story, event, vocabulary)
    skipped = vocabulary.auction.get("skipped")
    if (
        not barred
        and skipped is not None
        and any(not _names_one_still_to_call(story, m) for m in skipped.finditer(lowered))
    ):  # a turn then passed over: the missed turn is the matter (Law 17D3); but the turn of
        # a player told he must pass, taken by the next one, is one the call counts in (28A)
        return []
    bids = [e for e in story.timeline if isinstance(e.call, Bid)]
    if any(a.call == b.call and not same_player(a, b) for a, b in combinations(bids, 2)):
        return []  # a bid named again ('the card says 1S shows 5'): the turns are not told
    return [Irregularity("call_out_of_rotation", event.start, barred)]


def _names_one_still_to_call(story: Story, words: re.Match[str]) -> bool:
    """'before pd could open his mouth': the skipped words name a player the story says had
    not called yet, with the auction still open - the call made then was at his turn (Laws
    28-32), no turn passed over on the way to the end (Law 17D3)."""
    return any(words.start() <= ref.start < words.end() for ref, _ in story.not_called)


def _barred_on_turn(story: Story, event: CallEvent, vocabulary: Vocabulary) -> dict[str, str]:
    """The call was made at RHO's turn, and RHO had been told before it that he must pass:
    the call counts as in rotation (Law 28A)."""
    offender = event.seat if event.actor is not None else story.speaker
    if offender is None or turn_of(story, event) != "rho":
        return {}
    lowered = story.text.lower()
    if told_barred(lowered, story, vocabulary.auction.get("barred"), offender.rho, event.start):
        return {"barred_turn_of": "rho_barred"}
    return {}


def _first_irregular_call(story: Story, prose: bool = True) -> Irregularity | None:
    seated = None if story.typed_auction is not None else _seated_typed_run(story)
    auction = story.typed_auction or seated or _told_auction(story)
    if auction is None:
        return _bid_not_over_the_last(story) if prose else None
    found = auction.irregularities()
    if not found:
        return None
    typed = story.typed_auction is not None or seated is not None
    if not typed and found[0].kind not in ("inadmissible_double", "insufficient_bid"):
        return None
    if not typed and not prose and found[0].kind == "insufficient_bid":
        return None  # told in prose, what it showed asked about: the information (Law 16C)
    if not typed and _meant_instead(story):
        return None  # a call made and another meant: the change of call comes first (Law 25)
    if not typed and not _judged_in_run(auction, found[0].position):
        return None
    events = story.timeline
    start = events[found[0].position].start if found[0].position < len(events) else 0
    facts = (
        _double_object(auction, found[0].position) if found[0].kind == "inadmissible_double" else {}
    )
    return Irregularity(str(found[0].kind), start, facts)


def _seated_typed_run(story: Story) -> Auction | None:
    """A typed run whose makers are told relative to the teller ('1S [pd] 2H [rho] pass [me]
    1S [lho]'): placed by the story's frame, it is an auction like one typed with compass
    seats, when it is the story's only run of calls and every maker follows the last in
    rotation (a call out of turn leaves it to the other readers)."""
    made = [e for e in story.timeline if e.role == "made"]
    if len(made) < 2 or not all(e.typed and e.call is not None for e in made):
        return None
    seats = [e.seat for e in made]
    if any(seat is None for seat in seats):
        return None
    if not all(b is a.lho for a, b in pairwise(seats)):  # type: ignore[union-attr]
        return None
    return Auction(tuple(Entry(e.call, e.seat) for e in made))  # type: ignore[arg-type]


def _bid_not_over_the_last(story: Story) -> Irregularity | None:
    """A bid told in prose that does not outrank the bid before it, made by another player
    (Law 27): the bid it is told 'over' or 'after', or the last bid told before it by a
    player the story names as someone else. Not when the story tells first another matter of
    that call (out of turn, at the same time as another, meant as another call), nor a bid
    named again ('what 2H was') or told as made earlier ('realised pd had bid 2H')."""
    if _meant_instead(story) or story.out_of_turn_words:
        return None  # the change of call, or the turn, comes first (Laws 25, 28-31)
    if any(who != "own" for who, _ in story.turn_words):
        return None  # a turn named ('at pd's turn'); 'in his turn' leaves the bid to judge
    if story.simultaneous or told_out_of_order(story):
        return None
    lowered = story.text.lower()
    seen: list[Bid] = []
    last: CallEvent | None = None
    for event in story.timeline:
        if not isinstance(event.call, Bid):
            continue
        if _TOLD_AS_EARLIER.search(lowered, 0, event.start) or (
            event.call in seen and not _made_again_in_rotation(story, last, event)
        ):
            return None  # a bid named again, or one made before the bid told before it
        seen.append(event.call)
        if last is not None and not event.call.supersedes(last.call):  # type: ignore[arg-type]
            told_over = last.earlier_than is not None and story.events[last.earlier_than] is event
            others = (
                event.actor is not None
                and last.actor is not None
                and not same_player(event, last, unnamed=False)
            ) or _next_in_a_typed_run(story, last, event)
            return Irregularity("insufficient_bid", event.start) if told_over or others else None
        last = event
    return None


def _made_again_in_rotation(story: Story, last: CallEvent | None, event: CallEvent) -> bool:
    """The same bid made again by a later player, every call from the first to it placed at
    a seat on the last caller's left ('lho 2d, pd 2d??', 'W 2S, N 2S'): a bid equal to the
    last one, so an insufficient bid (Law 27), not the first bid named a second time."""
    if last is None or last.call != event.call:
        return False
    first, then = story.position(last), story.position(event)
    run = story.timeline[first : then + 1]
    seats = [e.seat for e in run]
    if len(run) < 2 or any(e.role != "made" for e in run) or None in seats:
        return False
    return all(b is a.lho for a, b in pairwise(seats))  # type: ignore[union-attr]


def _next_in_a_typed_run(story: Story, last: CallEvent, event: CallEvent) -> bool:
    """Two calls typed one after the other in a run ('1NT - (2D) - 2C'): made in rotation, so
    by two different players, whoever they were."""
    if not (last.typed and event.typed):
        return False
    adjacent = story.position(event) == story.position(last) + 1
    return adjacent and _RUN_BREAK.search(story.text, last.end, event.start) is None


_RUN_BREAK = lazy_pattern(r"[.;!?\n]|\b(?:and|then|but|later)\b")
"""Words between two typed calls that end one run and start another."""


_TOLD_AS_EARLIER = lazy_pattern(
    r"\bhad\s+(?:already\s+|just\s+|actually\s+|really\s+)?"
    r"(?:bid|opened|overcalled|responded|raised|called|said|put out|put down)\s+(?:with\s+)?"
    r"(?:the\s+|a\s+)?\W*$"
)
"""'he had actually opened 2S', 'lho had opened 1S': a call told after another but made
before it."""


def _double_object(auction: Any, position: int) -> dict[str, str]:
    """What an inadmissible double or redouble applied to, from the last call before it
    other than a pass: his own side's call, a bid already doubled (or a double already
    redoubled), or - for a redouble - a bid nobody had doubled (Law 19)."""
    caller = auction.seat_of(position)
    redouble = auction.calls[position] is Simple.REDOUBLE
    for before in range(position - 1, -1, -1):
        call = auction.calls[before]
        if call is Simple.PASS:
            continue
        maker = auction.seat_of(before)
        own = caller is not None and maker is not None and maker in (caller, caller.partner)
        if call is Simple.REDOUBLE or (call is Simple.DOUBLE and not redouble):
            return {"double_object": "not_the_last"}  # already doubled (or redoubled)
        if redouble and isinstance(call, Bid):  # no double to redouble, whoever bid it
            return {"double_object": "nothing_to_redouble"}
        if own:
            return {"double_object": "own_side"}
        return {}  # an opponent's bid doubled, or his double redoubled: allowed
    return {}


def _meant_instead(story: Story) -> bool:
    """A call made and another meant in its place ('meant 2H'), not one put in its place
    after it was refused ('changed it to 2D')."""
    for made in story.made_with_wanted():
        wanted = story.wanted_for(made)
        if wanted is None or _MEANT.search(wanted.cue) or not _is_insufficient(story, made):
            return True
    return False


def _judged_in_run(auction: Any, position: int) -> bool:
    """A told run of calls may start mid-auction: a double or redouble is judged only when
    the call it would apply to is among the calls told."""
    call = auction.calls[position]
    if call not in (Simple.DOUBLE, Simple.REDOUBLE):
        return True
    return any(c is not Simple.PASS for c in auction.calls[:position])


def _auction_state(
    lowered: str,
    story: Story,
    play: PlayStory,
    events: tuple[Event, ...],
    vocabulary: Vocabulary,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """What the calls told prove of the auction's state (:mod:`bot.dialogue.auction_reader`):
    its end, a call after it, an inadmissible double, calls at the same time. Kinds already
    proven by the call model are not repeated."""
    known = {i.kind for i in found}
    out: list[Irregularity] = []
    exposures = _faced_in_auction(lowered, play, events, vocabulary)
    words = {**vocabulary.auction, "during_auction": vocabulary.information["during_auction"]}
    declarer_said = [
        (e.start, e.end)
        for e in events
        if e.act == "remark"
        and "alleged" not in e.how
        and (e.role == "declarer" or (e.actor is not None and e.actor is play.declarer))
    ]
    for item in read_auction_state(lowered, story, play, exposures, words, declarer_said):
        for key, value in item.facts.items():
            facts.setdefault(key, value)  # a state proven from the calls' order speaks first
        if item.kind == AUCTION_ENDED and any(
            _card_played(e) and e.start > item.start for e in events
        ):
            continue  # the play began after it: the end of the auction is the background
        if item.kind and item.kind not in known:
            out.append(Irregularity(item.kind, item.start, item.facts))
    return out


def _card_played(event: Event) -> bool:
    """A lead, or a card played by someone or at a trick ('does the board count as played'
    names no card)."""
    if event.act == "lead":
        return True
    return event.act == "play" and (event.actor is not None or event.trick is not None)


_RECTIFIED_BY_A_BAR = frozenset(
    (
        "insufficient_bid",
        "call_out_of_rotation",
        "inadmissible_double",
        "changed_call",
        WITHDRAWN_REPLACED,
    )
)
"""Irregular calls (or a call withdrawn and replaced) whose rectification may bar a player
(Laws 23, 27B2, 30-32, 36)."""
_BARRING_CALLS = _RECTIFIED_BY_A_BAR | {"bid_above_seven"}
"""Irregular calls whose rectification may bar the offender or his partner (38 too)."""


def _ruled_before_the_bar(
    found: list[Irregularity], story: Story | None = None
) -> list[Irregularity]:
    """A player told he had to pass, then calling (Law 37): the irregular call (or the card
    exposed in the auction) told before it is what barred him, already ruled at the table;
    his call is the matter now. The other
    way round, the bar told first ('TD said we had to pass for the rest. they'd bid 7S and pd
    said "eight hearts"') and an irregular call after it that no call follows: the bar is
    that call's rectification, told before the call itself, and the call is the matter."""
    barred = next((i for i in found if i.kind == CALL_WHEN_BARRED), None)
    if barred is None:
        return found
    cause = next((i for i in found if i.kind in _BARRING_CALLS and i.start > barred.start), None)
    if (
        cause is not None
        and story is not None
        and not any(e.role == "made" and e.start > cause.start + 12 for e in story.timeline)
    ):
        return [i for i in found if i is not barred]
    return [
        replace(i, settled=True) if i.kind in _SETTLED_BY_A_BAR and i.start < barred.start else i
        for i in found
    ]


_SETTLED_BY_A_BAR = _BARRING_CALLS | {"card_exposed_in_auction"}
"""What a bar told before a call against it rectified, so is ruled already: an irregular call,
or a card exposed in the auction (its partner silenced for a turn, Law 24)."""


def _faced_in_auction(
    lowered: str, play: PlayStory, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[tuple[int, int, Seat | None]]:
    """Where a card is told put face up (start, end, by whom when known): an exposure, a
    card faced in an auction's words ('two landed face up'), and - once the story says the
    auction was not over - a card led (Law 24)."""
    faced = [(e.start, e.end, e.actor) for e in events if e.act == "expose"]
    words = vocabulary.auction.get("card_faced")
    if words is not None:
        for match in words.finditer(lowered):
            floor = clause_start(lowered, match.start())
            owner = _owner_named_in(play.story, match.start(), match.end())
            seat = owner or actor_seat(play, floor, match.start())
            faced.append((match.start(), match.end(), seat))
    not_over = vocabulary.auction.get("not_over")
    during = vocabulary.information.get("during_auction")
    for event in (e for e in events if e.act == "lead"):
        if (
            (not_over is not None and not_over.search(lowered))
            or _a_caller_still_to_call(play.story, event.start)
            or _said_of_the_auction(lowered, during, event.start)
        ):
            faced.append((event.start, event.end, event.actor))
    return sorted(faced, key=lambda f: f[0])


def _owner_named_in(story: Story, start: int, end: int) -> Seat | None:
    """'knocked rho's cards over': the owner of the cards named inside the words of the
    exposure, not the player who knocked them."""
    owned = [p for p in story.players if start <= p.start < end and p.words.endswith("'s")]
    return owned[-1].seat if owned else None


def _a_caller_still_to_call(story: Story, position: int) -> bool:
    """A card led while the story says a player had still to call, calls being told and none
    closing the auction: the auction was on, so the card is exposed in it (Law 24)."""
    return (
        bool(story.not_called)
        and story.closed_at is None
        and any(e.start < position for e in story.timeline)
    )


def _said_of_the_auction(lowered: str, during: re.Pattern[str] | None, position: int) -> bool:
    """'in the middle of the auction rho put out the D7 face up as if leading': the words
    that the auction was on, told before the card led in its clause."""
    if during is None:
        return False
    floor = clause_start(lowered, position)
    for later in _TIME_MOVES_ON.finditer(lowered, floor, position):
        floor = later.end()  # 'during the auction he asked, and then his partner led'
    return during.search(lowered, floor, position) is not None


_TIME_MOVES_ON = lazy_pattern(r"\b(?:then|later|afterwards|after|eventually|finally)\b")
