"""What the calls told prove about the auction's state: the auction part of the one reading.

Calls typed in a row ("1S p p p") or told ("2S by me and then 3 passes", "4S all pass") end the
auction (Law 22); a call made after that is a call after the final pass (Law 39), a call only
wanted then is a question about the end of the auction, and an end reached past a player's turn
is a missed turn (Law 34). A double of a bid by the doubler's own side, or a redouble with no
double, is inadmissible (Law 36) whoever's turn it was; a double said with a bid is compared
with the last bid (Law 19A3). A player told he must pass who then bids is Law 37; a card put
face up while the auction is on is Law 24; two players calling at the same time are Law 33;
the first call made before the dealer's is out of rotation (Laws 28-31); a call cancelled and
then replaced, or followed by the play, is Laws 23, 26 and 16C. Each is proven from the calls
and the players named, never from the topic's words; nothing here names a topic, and the words
a director may extend are the ``auction:`` part of ``vocabulary.yaml``. Each auction fact and
irregularity has one reading here: the order of the calls first, the words after.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.core.auction import Auction, Entry
from bot.core.calls import BID_PATTERN, Bid, Seat, Simple, bid_from_match, parse_call
from bot.dialogue.auction_state import Found, meant_in_place
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.story import CallEvent, PlayerRef, Story, meant_instead
from bot.dialogue.withdrawn_call import WITHDRAWN_REPLACED, withdrawn_aftermath
from bot.lazy import lazy_pattern

AUCTION_ENDED = "auction_ended"
"""The calls told end the auction (a bid and three passes, or four passes) and nobody called
after: whether it is over, and what follows, is the question (Law 22)."""
TURN_MISSED = "turn_missed"
"""The auction told ended while a player's turn was passed over (Law 34, 17D3)."""
CALL_WHEN_BARRED = "call_when_barred"
"""A player told he must pass, then calling other than pass (Law 37)."""
BID_ABOVE_SEVEN = "bid_above_seven"
"""A bid of eight or more told as made (Law 38)."""
DUMMY_CARD_NAMED = "dummy_card_named"
"""Declarer named a card of dummy's in words (Law 46): how he named it decides the card."""
CARD_EXPOSED = "card_exposed_in_auction"
"""A player put a card face up (dropped, exposed, showed, led it) while the auction was on
(Law 24), or before the first call."""
# kinds the call model proves already (bot.core.auction), also proven here from prose
CALL_AFTER_END = "call_after_final_pass"
INADMISSIBLE = "inadmissible_double"
SIMULTANEOUS = "simultaneous_calls"
CALL_BEFORE_DEALER = "call_out_of_rotation"
MISSTATED = "misstated_double"
_SAID_DOUBLE = lazy_pattern(r"['\"](?:i )?(?:double|redouble|dbl|rdbl)\b\s*[,\-–—!]?\s*(?!['\"])\w")
""""'double two spades'", "'double, penalties!'", "'redouble - SOS'": a double said with more
than the word (Law 19A3, 16B)."""

KINDS = (
    AUCTION_ENDED,
    CARD_EXPOSED,
    CALL_WHEN_BARRED,
    TURN_MISSED,
    DUMMY_CARD_NAMED,
    BID_ABOVE_SEVEN,
    WITHDRAWN_REPLACED,
)
"""Kinds new to this reader (the others are already the reader's)."""
FACTS: dict[str, tuple[str, ...]] = {
    "auction_end": ("all_passed", "three_passes"),
    "double_object": ("own_side", "nothing_to_redouble", "not_the_last"),
    "simultaneous_other": ("next_in_turn", "partner_of_caller", "right_of_caller"),
    "late_call_kind": ("pass", "action"),
    "after_end_caller": ("defender", "declaring_side"),
    "exposed_card": ("low", "honour", "several"),
    "exposed_seen": ("yes", "opponents_only"),
    "exposed_outcome": ("declaring", "defending"),
    "spoken_call": ("double", "redouble"),
    "spoken_named": ("wrong", "right", "extra"),
    "spoken_legal": ("yes", "no"),
    "dealer_turn_of": ("rho", "partner", "lho"),
    "designated_as": ("low", "high", "win", "anything", "suit_only", "rank_only", "complete"),
    "designated_dummy_leading": ("yes", "no"),
    "wrong_board_kind": ("cards", "table"),
    "offender_lho_called": ("yes", "no"),
}

_ABOVE_SEVEN = lazy_pattern(
    r"(?:\b(?:bid|bids|said|says|called|went|go|goes|bid of|over \w+)\s+['\"]?"
    r"|(?:\b[1-7]\s*(?:c|d|h|s|nt)|\(\w+\)|\bpass|\bp)\s+)"
    r"(?:8|9|eight|nine|ten|10)\s*(?:c|d|h|s|nt|n|♣|♦|♥|♠|clubs?|diamonds?|hearts?|spades?"
    r"|no[ -]?trumps?)"
    r"(?![\w])",
)
"""'rho bid 8NT', "said 'eight clubs'", '7S (x) 8S': a bid above the seven level."""
_OTHER_BOARD = lazy_pattern(
    r"\b(?:pulled|took|picked up|taken|got|drew)\b[^.;!?]{0,30}\b(?:hand|cards)\s+"
    r"(?:out of|from)\s+(?:the\s+)?(?:wrong\s+|next\s+|other\s+|another\s+)?(?:board|bd)\s+\d+"
)
"""'i'd pulled the north hand out of board 9': cards from another board (Law 15A)."""
_TABLE_ON_OTHER_BOARD = lazy_pattern(
    r"\b(?:we|our table|the whole table|whole table)\b[^.;!?]{0,30}\b(?:played|playing|finished "
    r"playing|started)\b[^.;!?]{0,15}\b(?:board|bd) \d+\b[^.;!?]{0,40}\b"
    r"(?:should have (?:had|played)|wasn't ours|not ours|meant for|wrong board|not on our)"
)
"""'we just finished playing board 20, turns out we should have had board 22' (Law 15B)."""
_PLAY_WORDS = lazy_pattern(r"\b(?:led|trick|tricks|played|plays|revoke\w*|claim\w*|conceded)\b")
"""The play has begun: what follows is not about the auction's end."""
_BEFORE_THE_LEAD = lazy_pattern(r"\bbefore (?:[\w']+ ){0,2}led\b|\bbefore the (?:opening )?lead\b")
"""'before lho led': the play had not begun."""
_PASSES_TOLD = lazy_pattern(
    r"\b(?:(?:then|and|followed by|with|after|,) ?(?:3|three) passes"
    r"|(?:3|three) passes (?:after|ended)|(?:the |three |3 )?passes ended the auction)\b"
)
_ALL_PASSED = lazy_pattern(
    r"\b(?:four passes|4 passes|everyone passed|everybody passed|all (?:four )?(?:of us )?passed"
    r"|passed out(?! of)|all pass(?:ed)? (?:it )?out)\b"
)
_ENDED_WORDS = lazy_pattern(
    r"\b(?:auction|bidding) (?:was |is |had |has )?(?:over|ended|finished)\b"
    r"|\bafter (?:the )?final pass\b|\b(?:is it|auction|is the auction) over\s*\?"
    r"|\bended the auction\b|\bauction '?ended\b|\bis it (?:really )?over\b|\ball over\b"
)
_NOT_BEFORE = lazy_pattern(r"\b(?:not|wasn't|isn't|never|hasn't|hadn't)\s+$")
_SKIPPED = lazy_pattern(r"\b(?:skipped|missed (?:his|her|my) turn|wrong seat|out of turn)\b")
_WANTS = lazy_pattern(
    r"\b(?:wants? to|wanted to|thinks he can|thinks she can|can still|could still|another go|"
    r"deal again|redeal|is (?:the auction|it|that) (?:over|the end))\b"
)


def read_auction_state(
    lowered: str,
    story: Story,
    play: PlayStory | None = None,
    exposures: Sequence[tuple[int, int, Seat | None]] = (),
    words: Mapping[str, re.Pattern[str]] | None = None,
) -> list[Found]:
    """Auction irregularities and states the calls told prove, in the order told.
    ``exposures``: where a card is told put face up (start, end, by whom if known);
    ``words``: the ``auction:`` words of the vocabulary."""
    found: list[Found] = []
    other_board = _OTHER_BOARD.search(lowered)
    table_board = _TABLE_ON_OTHER_BOARD.search(lowered)
    if other_board is not None:
        found.append(Found("wrong_cards_held", other_board.start(), {"wrong_board_kind": "cards"}))
    elif table_board is not None:
        found.append(Found("wrong_cards_held", table_board.start(), {"wrong_board_kind": "table"}))
    above = _ABOVE_SEVEN.search(lowered)
    if above is not None:
        found.append(Found(BID_ABOVE_SEVEN, above.start(), _next_called(lowered, story, above)))
    designated = dummy_designation(lowered)
    if designated is not None:
        found.append(Found(DUMMY_CARD_NAMED, *designated))
    spoken = spoken_double(lowered, story)
    if spoken is not None:
        found.append(spoken)
    stated = _double_stated_with_a_bid(lowered, story)
    if stated is not None and (spoken is None or "spoken_named" not in spoken.facts):
        found.append(stated)  # the bid named, judged from the words when the calls did not
    said = _SAID_DOUBLE.search(lowered)
    if said is not None and spoken is None:
        found.append(Found(MISSTATED, said.start()))
    early = _call_before_dealer(lowered, story)
    if early is not None:
        found.append(early)
    barred = _call_when_barred(lowered, story, (words or {}).get("barred"))
    if barred is not None:
        found.append(barred)
    exposed = _card_exposed(lowered, story, play, exposures)
    if exposed is not None:
        found.append(exposed)
    placed = None if spoken is not None else _double_named_of_own_side(story)
    double = placed or _inadmissible_double(lowered, story)
    if double is not None:
        found.append(double)
    ended_how = _how_ended(story)
    if ended_how:
        found.append(Found("", 0, ended_how))  # the calls' count speaks before the words
    passed_over = turn_passed_over(story)
    if passed_over is not None:
        found.append(passed_over)
    after = call_after_close(story, play.declarer if play is not None else None)
    if not _PLAY_WORDS.search(_BEFORE_THE_LEAD.sub(" ", lowered)):
        ended = _auction_end(lowered, story, (words or {}).get("skipped"))
        if ended is not None and after is not None and ended.kind == after.kind:
            after = Found(after.kind, after.start, {**ended.facts, **after.facts})
        elif ended is not None and (passed_over is None or ended.kind != TURN_MISSED):
            found.append(ended)
        together = _simultaneous(lowered, story)
        if together is not None:
            found.append(together)
    if after is not None:
        found.append(after)
    aftermath = withdrawn_aftermath(lowered, story, words or {})
    if aftermath is not None:
        found.append(aftermath)
    return sorted(found, key=lambda f: f.start)


# -- a call after the auction closed, read from the calls told ------------------------------------


def call_after_close(story: Story, declarer: Seat | None) -> Found | None:
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
        return Found(AUCTION_ENDED, first.start)
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


# -- the end of the auction ------------------------------------------------------------------


_FOUR_PASSES_TYPED = lazy_pattern(r"(?<![\w'])(?:p|pass|nb)(?:[\s,-]+(?:p|pass|nb)){3}(?![\w'])")


def _how_ended(story: Story) -> dict[str, str]:
    """How the auction told ended (Law 22): four passes from the start, or a bid and three
    passes."""
    calls = [e.call for e in story.timeline if e.earlier_than is None]
    if len(calls) >= 4 and all(c is Simple.PASS for c in calls[:4]):
        return {"auction_end": "all_passed"}
    if not calls and _FOUR_PASSES_TYPED.search(story.text.lower()):
        return {"auction_end": "all_passed"}  # "p p p p": no bid, so no call is read
    return {"auction_end": "three_passes"} if story.closed_at is not None else {}


def _seated(story: Story) -> list[CallEvent] | None:
    """The calls made, when every one is known and its maker's seat is known."""
    timeline = [e for e in story.timeline if e.earlier_than is None]
    if len(timeline) < 2 or any(e.call is None or e.seat is None for e in timeline):
        return None
    return timeline


def turn_passed_over(story: Story) -> Found | None:
    """Three passes closed the auction, one of them out of rotation, and the player whose turn
    it took never called after it (Law 17D3): shown by the seats, with the words saying he
    had not called or whose turn it was. That pass is the missed turn, not a call out of
    rotation to rectify on its own."""
    timeline = _seated(story)
    if timeline is None or len(timeline) < 4:
        return None
    auction = Auction(tuple(Entry(e.call, e.seat) for e in timeline))  # type: ignore[arg-type]
    if not auction.is_over() or auction.is_passed_out():
        return None
    last_three = range(len(timeline) - 3, len(timeline))
    for position in last_three:
        entry = auction.entries[position]
        skipped = auction.seat_in_turn(position)
        if entry.call is not Simple.PASS or skipped is None or entry.seat is skipped:
            continue
        if any(e.seat is skipped for e in timeline[position:]):
            return None
        if _said_skipped(story, timeline[position], skipped):
            return Found(TURN_MISSED, timeline[position].start)
        return None
    return None


def _said_skipped(story: Story, event: CallEvent, skipped: Seat) -> bool:
    """The words agree: the skipped player is said not to have called, or the pass is said
    to have been at his turn or out of turn."""
    index = story.index(event)
    if any(ref.seat is skipped for ref, _ in story.not_called):
        return True
    if index in story.out_of_turn_words:
        return True
    return any(at == index and who != "own" and who.seat is skipped for who, at in story.turn_words)


_PASS = r"\(?(?:pass|p|no bid|nb)\)?"
_SEP = r"[\s,;/\-–—]+"
_FOUR_PASSES = lazy_pattern(rf"(?<![\w(]){_PASS}(?:{_SEP}{_PASS}){{3}}(?![\w)])", re.IGNORECASE)
_BID_THREE_PASSES = lazy_pattern(
    rf"(?<![\w(])\(?{BID_PATTERN}\)?(?:{_SEP}{_PASS}){{3}}(?![\w)])", re.IGNORECASE
)


_BID_ALL_PASS = lazy_pattern(
    rf"(?<![\w(]){BID_PATTERN}\)?(?:\s+(?:by\s+)?(?:north|east|south|west|[nesw]|me|us|them))?"
    r"\s*,?\s*(?:all pass(?:ed)?|passed out)\b",
    re.IGNORECASE,
)


def _written_end(lowered: str) -> tuple[int, str] | None:
    """Calls written in a row that end the auction ('p p p p', '1NT (p) (p) (p)'), whether or
    not the story reader placed them."""
    four = _FOUR_PASSES.search(lowered)
    if four is not None:
        return four.end(), "all_passed"
    three = _BID_THREE_PASSES.search(lowered) or _BID_ALL_PASS.search(lowered)
    if three is not None:
        return three.end(), "three_passes"  # '4S all pass'
    return None


def _typed_end(story: Story) -> tuple[int, str] | None:
    """Where calls typed in a row end the auction: a bid and three passes, or four passes."""
    typed = [e for e in story.timeline if e.role == "made" and e.call is not None]
    passes = 0
    bid_seen = False
    for event in typed:
        if event.call is Simple.PASS:
            passes += 1
            if (bid_seen and passes == 3) or passes == 4:
                return event.end, "three_passes" if bid_seen else "all_passed"
        else:
            bid_seen = bid_seen or isinstance(event.call, Bid)
            passes = 0
    return None


def _auction_end(
    lowered: str, story: Story, skipped: re.Pattern[str] | None = None
) -> Found | None:
    """The auction told over; a call made after that by a player named, or none; or a
    player's turn passed over on the way."""
    typed = _typed_end(story) or _written_end(lowered)
    told = _PASSES_TOLD.search(lowered)
    everyone = _ALL_PASSED.search(lowered)
    if everyone is not None and _NOT_BEFORE.search(
        lowered, max(0, everyone.start() - 12), everyone.start()
    ):
        everyone = None  # 'it wasn't passed out'
    said = _ENDED_WORDS.search(lowered)
    how: str | None
    if typed is not None:
        end, how = typed
    elif told is not None:
        end, how = told.end(), "three_passes"
        named = _NAMED_BID.match(lowered, end)
        if told.group(0).endswith("after") and named is not None:
            end = named.end()  # 'three passes after lho's 1S': the bid they followed
    elif everyone is not None:
        bid_before = any(
            isinstance(e.call, Bid) and e.start < everyone.start() for e in story.timeline
        )  # 'N opened 2S, then E, S and W all passed'
        end, how = everyone.end(), "three_passes" if bid_before else "all_passed"
    elif said is not None:
        end, how = said.end(), None  # 'the auction was over': how, the words do not say
    else:
        return None
    missed = skipped.search(lowered) if skipped is not None else None
    if missed is not None and not _NOT_BEFORE.search(
        lowered, max(0, missed.start() - 12), missed.start()
    ):
        return Found(TURN_MISSED, min(missed.start(), end))  # the end came past his turn
    if story.out_of_turn_words or _SKIPPED.search(lowered):
        return None  # an auction ended irregularly: a missed turn or a call out of rotation
    later = [
        e
        for e in story.timeline
        if e.role == "made"
        and (e.call is not None or _caller_side(lowered, e))
        and not e.typed
        and (
            (e.start >= end and (e.seat is not None or _caller_side(lowered, e)))
            or _AFTER_END.match(lowered, e.end)
        )
        and not _WHEN_BEFORE.search(lowered[clause_start(lowered, e.start) : e.start])
        and not _NAMED_AS_THING.search(lowered, max(0, e.start - 8), e.start)
        and not _INTENT_BEFORE.search(lowered, max(0, e.start - 20), e.start)
    ]  # a call by a player named after the end, or told 'after the auction ended'; 'was
    # over when LHO bid 5H' says when it ended, not that the bid came after
    if later:
        facts = _late_call_facts(lowered, later[0])
        side = _side_of_contract(story, later[0], end)
        if side is not None:
            facts.setdefault("after_end_caller", side)
        return Found(CALL_AFTER_END, later[0].start, facts)
    quoted = _QUOTED_CALL.search(lowered, end)
    if quoted is not None:  # "then lho said 'double'"
        facts = {
            "late_call_kind": "pass" if quoted.group("call") in ("pass", "no bid") else "action"
        }
        side = _caller_side(lowered, quoted)
        if side is not None:
            facts["after_end_caller"] = side
        return Found(CALL_AFTER_END, quoted.start(), facts)
    if how is None:
        return None
    if how == "all_passed" or _WANTS.search(lowered, end) or "?" in lowered[end:]:
        return Found(AUCTION_ENDED, min(end, len(lowered) - 1), {"auction_end": how})
    return None


_AFTER_END = lazy_pattern(
    r"\s+(?:\w+\s+)?after (?:the )?(?:auction (?:had |was )?(?:ended|over)|final pass|"
    r"(?:3|three) passes)\b"
)
_DEFENDER_CALLER = lazy_pattern(r"\bdefender\)?\s*(?:\w+\s+){0,2}['\"]?$|\(a defender\)")
_DECLARING_CALLER = lazy_pattern(
    r"\b(?:declarer's partner|declarer|dummy)\)?\s*(?:\w+\s+){0,2}['\"]?$"
    r"|\((?:the )?(?:declarer|dummy)\)"
)


_NAMED_BID = lazy_pattern(rf"\s+(?:[\w']+\s+){{0,2}}?{BID_PATTERN}", re.IGNORECASE)
_INTENT_BEFORE = lazy_pattern(
    r"\b(?:to|wants? to|wanted to|going to|about to)\s+(?:bid|call|double|redouble|pass)?\s*$"
)
"""'goes for the box again to bid 3S': a call meant, not made."""
_NAMED_AS_THING = lazy_pattern(r"\b(?:my|his|her|their|our|the|that|this)\s+$")
"""'my pass was a mistake': a call spoken of, not one made at this point."""
_WHEN_BEFORE = lazy_pattern(r"\bwhen\s+(?:[\w']+\s+){1,2}$")
_QUOTED_CALL = lazy_pattern(
    r"\b(?:said|says|called|bid|bids)\s+['\"](?P<call>double|redouble|pass|no bid|xx|x|dbl|rdbl|"
    r"(?:one|two|three|four|five|six|seven|[1-7])\s*(?:clubs?|diamonds?|hearts?|spades?|"
    r"no ?trumps?|nt|[cdhs]))\b"
)


def _caller_side(lowered: str, event: CallEvent | re.Match[str]) -> str | None:
    """'defender doubled', 'lho (a defender) said', 'declarer's partner bid again'."""
    start = event.start if isinstance(event, CallEvent) else event.start()
    before = lowered[clause_start(lowered, start) : start]
    if _DEFENDER_CALLER.search(before):
        return "defender"
    if _DECLARING_CALLER.search(before):
        return "declaring_side"
    return None


def _side_of_contract(story: Story, late: CallEvent, end: int) -> str | None:
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


def _late_call_facts(lowered: str, event: CallEvent) -> dict[str, str]:
    facts: dict[str, str] = {}
    if event.call is not None:
        facts["late_call_kind"] = "pass" if event.call is Simple.PASS else "action"
    side = _caller_side(lowered, event)
    if side is not None:
        facts["after_end_caller"] = side
    return facts


# -- doubles, read from the calls told ------------------------------------------------------------


def _double_named_of_own_side(story: Story) -> Found | None:
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
        return e.seat
    return None


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


# -- doubles and redoubles the Laws never allow ---------------------------------------------------

_DOUBLE_OF = lazy_pattern(
    r"\b(?P<verb>doubled|redoubled|doubles|redoubles|doubling|redoubling|double of)\s+"
    r"(?P<owner>my (?:own )?(?:partner's |pd's )?|our |his (?:own )?(?:partner's |pd's )?"
    r"|her (?:own )?(?:partner's |pd's )?|(?:pd|partner|lho|rho|north|east|south|west|[nesw])'s "
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
_FROM_DOUBLER = lazy_pattern(
    r"^(?:his|her|their)\b|^(?:my|our) own\b|^(?:north|east|south|west|[nesw])'s\b"
)
"""The doubled call named from the doubler's chair, or by its compass seat."""


def _inadmissible_double(lowered: str, story: Story) -> Found | None:
    """A double of the doubler's own side's call, or a redouble of nothing (Law 36)."""
    own = _OWN_PARTNERS_BID.search(lowered)
    if own is not None and re.search(r"\bi (?:doubled|redoubled)\b", lowered):
        return Found(INADMISSIBLE, own.start(), {"double_object": "own_side"})
    none = _NO_DOUBLE.search(lowered)
    if none is not None:
        return Found(INADMISSIBLE, none.start(), {"double_object": "nothing_to_redouble"})
    for match in _DOUBLE_OF.finditer(lowered):
        doubler = _subject(lowered, story, match.start())
        if doubler is None or doubler.seat is None:
            continue
        words = match.group("owner").strip()
        owner = _owner(words, doubler.seat, story)
        if owner is not None and owner in (doubler.seat, doubler.seat.partner):
            # the fact only when named from the doubler's chair ('his partner's 3C', 'my own
            # side's'); 'my 3NT' of partner's double routes here, the question stays asked
            facts = {"double_object": "own_side"} if _FROM_DOUBLER.match(words) else {}
            return Found(INADMISSIBLE, match.start(), facts)
    return None


def _subject(lowered: str, story: Story, position: int) -> PlayerRef | None:
    """The player who doubled: the last named before the verb in its sentence, with no other
    verb of calling between ('E, out of turn, doubled', 'i - dont ask - pulled out ...')."""
    floor = clause_start(lowered, position)
    before = [r for r in story.players if floor <= r.start < position and r.kind != "pronoun"]
    if not before:
        return None
    between = lowered[before[-1].end : position]
    if re.search(r"\b(?:bid|bids|passed|opened|said|asked|told|and (?:he|she|they))\b", between):
        return None
    return before[-1]


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


# -- calls at the same time --------------------------------------------------------------------

_CALLED = lazy_pattern(
    r"\b(?:bid|bids|called|calls|call|put (?:down|out)|put (?:my|his|her|their) \w+ down|"
    r"bidding cards?|bid cards?|bids down|pass down)\b"
)
_TURN_OF = lazy_pattern(
    r"\b(?:it was |its |it's )?(?P<who>[a-z]+)'s turn\b|\b(?P<who2>[nesw]|north|east|south|west)"
    r" \(in turn\)|\bit was (?P<own>his|her|my) turn\b|\b(?P<mine>my) turn\b"
)


def _simultaneous(lowered: str, story: Story) -> Found | None:
    """Two calls at the same moment (Law 33): proven by the words, with the calling told; the
    other caller's place relative to the one whose turn it was, when both are named."""
    if not story.simultaneous or not _CALLED.search(lowered):
        return None
    if re.search(r"\bcards?\b", lowered) and not re.search(
        r"\b(?:bid|bids|bidding|call|calls|called|pass)\b", lowered
    ):
        return None  # playing cards put down together: the play (Law 58)
    start = re.search(r"same (?:time|moment|instant)|simultaneous|at once|together", lowered)
    facts: dict[str, str] = {}
    callers = _two_callers(lowered, story)
    turn = _turn_holder(lowered, story)
    if callers is not None and turn is not None and turn in callers:
        other = callers[0] if callers[1] is turn else callers[1]
        relation = {
            turn.lho: "next_in_turn",
            turn.partner: "partner_of_caller",
            turn.rho: "right_of_caller",
        }.get(other)
        if relation is not None:
            facts["simultaneous_other"] = relation
    return Found(SIMULTANEOUS, start.start() if start else 0, facts)


_PAIR = lazy_pattern(
    r"\b(?P<a>[a-z']+)\s+and\s+(?P<b>[a-z']+)\s+(?:both\s+)?"
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
            return None
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
    return (seats[0], seats[1]) if len(seats) == 2 else None


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
    position = turn.start("who") if turn.group("who") else turn.start("who2")
    ref = next((r for r in story.players if r.start <= position < max(r.end, r.start + 1)), None)
    return ref.seat if ref is not None else None


# -- a card put face up in the auction ---------------------------------------------------------

_AUCTION_TIME = lazy_pattern(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bwhile (?:bidding|the auction)\b"
    r"|\bmid[- ](?:auction|bidding)\b|\bbefore the (?:auction|bidding) (?:was over|ended|had ended)"
    r"|\bin the middle of (?:the |our |their )?(?:auction|bidding)\b|\bwere bidding\b"
)
_BEFORE_FIRST_CALL = lazy_pattern(
    r"\bbefore (?:any(?:one|body) (?:had )?(?:bid|called)|the first call|any (?:bids|calls))\b"
)
_CARD_NAMED = lazy_pattern(
    r"\W*(?:\w+\W+){0,5}?(?:the |a |an |his |her )?(?:"
    r"(?P<several>(?:two|three|four|five|several|2|3|4|5) (?:of (?:his|her) )?cards)"
    r"|(?P<short>[shdc♠♥♦♣](?:10|[akqjt2-9])|(?:10|[akqjt2-9])[shdc♠♥♦♣])"
    r"|(?P<rank>ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)"
    r"(?! (?:of (?:his|her) )?cards)"
    r"|(?P<small>small|low) (?:spade|heart|diamond|club|card))\b"
)
_HONOURS = ("a", "k", "q", "j", "t", "10", "ace", "king", "queen", "jack", "ten")
_COULD_SEE = lazy_pattern(r"\b(?:saw|see|seen|could see|could have seen|might have seen)\b")


def _card_exposed(
    lowered: str,
    story: Story,
    play: PlayStory | None,
    exposures: Sequence[tuple[int, int, Seat | None]],
) -> Found | None:
    """A card put face up while the auction was on: which card, whether the exposer's partner
    could see it, and the exposer's part in the play that followed (Law 24)."""
    if not exposures or not (_AUCTION_TIME.search(lowered) or _BEFORE_FIRST_CALL.search(lowered)):
        return None
    start, end, exposer = exposures[0]
    facts: dict[str, str] = {}
    card = _CARD_NAMED.match(lowered, end, clause_end(lowered, end))
    if card is not None:
        if card.group("several"):
            facts["exposed_card"] = "several"
        elif card.group("small"):
            facts["exposed_card"] = "low"
        else:
            named = card.group("short") or card.group("rank")
            rank = named if card.group("rank") else named.strip("shdc♠♥♦♣") or named[0]
            facts["exposed_card"] = "honour" if rank in _HONOURS else "low"
    if exposer is not None:
        seer = _seer_after(lowered, story, end)
        if seer is not None and seer is exposer.partner:
            facts["exposed_seen"] = "yes"  # his own act, in his partner's view
        elif seer in (exposer.lho, exposer.rho) and _ONLY.search(lowered, end):
            facts["exposed_seen"] = "opponents_only"  # 'only i (an opponent) could see it'
        outcome = _part_in_play(lowered, story, play, exposer)
        if outcome is not None:
            facts["exposed_outcome"] = outcome
    return Found(CARD_EXPOSED, start, facts)


def _seer_after(lowered: str, story: Story, position: int) -> Seat | None:
    """'..., i saw it', '..., his pd could see it': the player who saw, after the exposure."""
    seen = _COULD_SEE.search(lowered, position)
    if seen is None:
        return None
    floor = max(position, lowered.rfind(",", 0, seen.start()) + 1)
    subject = [r for r in story.players if floor <= r.start < seen.start()]
    between = (
        re.sub(r"\([^)]*\)|\bcould\b", "", lowered[subject[-1].end : seen.start()])
        if subject
        else ""
    )
    if not subject or re.search(r"[a-z]{3,}", between):
        return None  # words between: not the subject of the seeing
    return subject[-1].seat


_ONLY = lazy_pattern(r"\bonly (?:i|me|we|us|lho|rho|an? opponents?|the opponents?|opps)\b")
_PART_TOLD = lazy_pattern(
    r"\b(?P<who>we|i|he|she)(?:'re|'m| are| am| is| was| were)?\s+(?:now\s+)?"
    r"(?:ended up\s+|became\s+|becomes\s+)?(?:the\s+|a\s+)?"
    r"(?P<part>defending|declaring|declarer|dummy|defenders?)\b"
)


def _part_in_play(lowered: str, story: Story, play: PlayStory | None, exposer: Seat) -> str | None:
    """Declaring or defending, once the auction ended: from declarer's seat, or from the
    speaker's role when the exposer is on his side."""
    if play is None:
        return None
    told = _PART_TOLD.search(lowered)
    if told is not None:
        who, part = told.group("who"), told.group("part")
        declaring = part.startswith(("declar", "dumm"))
        if who in ("he", "she"):
            return "declaring" if declaring else "defending"  # the exposer, told last
        speaker = story.speaker
        if speaker is not None:
            ours = exposer in (speaker, speaker.partner)
            return "declaring" if declaring == ours else "defending"
    if play.declarer is not None:
        return "declaring" if exposer in (play.declarer, play.declarer.partner) else "defending"
    speaker = story.speaker
    if play.speaker_role is not None and speaker is not None:
        ours = exposer in (speaker, speaker.partner)
        declaring = play.speaker_role in ("declarer", "dummy")
        return "declaring" if declaring == ours else "defending"
    return None


# -- a call by a player who had to pass ----------------------------------------------------------

_ACTION_AFTER = lazy_pattern(
    r"\b(?:bid|bids|doubled|doubles|redoubled|redoubles|made a bid|overcalled|opened|raised)\b"
)
_MAY_BEFORE = lazy_pattern(
    r"\b(?:can|could|may|might|should|allowed to|wants? to|wanting to|is he|is she)"
    r"\s+(?:\w+\s+){0,2}$"
)


def _call_when_barred(lowered: str, story: Story, barred: re.Pattern[str] | None) -> Found | None:
    """A player said to have to pass, then told to bid, double or redouble (Law 37). His own
    call after the words proves it, with whether his LHO has called since; without a player
    placed, a bid, double or redouble told after the words still does."""
    if barred is None:
        return None
    placed = _barred_players_call(lowered, story, barred)
    if placed is not None:
        return placed
    said = barred.search(lowered)
    if said is None or _NOT_BEFORE.search(lowered, max(0, said.start() - 12), said.start()):
        return None
    made = [
        e
        for e in story.timeline
        if e.role == "made" and e.start > said.end() and e.call is not Simple.PASS
    ]
    action = _ACTION_AFTER.search(lowered, said.end())
    if made or action is not None:
        return Found(CALL_WHEN_BARRED, said.start())
    return None


def _barred_players_call(lowered: str, story: Story, barred: re.Pattern[str]) -> Found | None:
    """'td said rho must pass throughout ... rho doubled': the player named just before the
    words, and a call of his other than pass made after them (not one asked about)."""
    for words in barred.finditer(lowered):
        floor = max(lowered.rfind(c, 0, words.start()) for c in ".;!?\n") + 1
        stop = re.compile(r"[.;!?\n]").search(lowered, words.end())
        if stop is not None and stop.group(0) == "?":
            continue  # 'does pd have to pass?': the obligation is asked, not told
        named = [
            p
            for p in story.players
            if floor <= p.start and p.end <= words.start() and p.kind not in ("pronoun", "offender")
        ]
        if not named or named[-1].seat is None:
            continue
        who = named[-1].seat
        for event in story.timeline:
            if event.start < words.end() or event.seat is not who:
                continue
            if event.call is Simple.PASS or event.earlier_than is not None:
                continue
            if _MAY_BEFORE.search(lowered[max(0, event.start - 25) : event.start]):
                continue
            return Found(CALL_WHEN_BARRED, event.start, lho_called_since(story, event))
    return None


def lho_called_since(story: Story, event: CallEvent) -> dict[str, str]:
    """Whether the player on the caller's left has called since (his call stands or is
    cancelled on it, Laws 37, 39): a call of his told after it, or words that he has not."""
    if event.seat is None:
        return {}
    lho = event.seat.lho
    later = [e for e in story.timeline if e.start > event.start]
    if any(e.seat is lho for e in later):
        return {"offender_lho_called": "yes"}
    if any(e.seat is None for e in later):
        return {}
    index = story.index(event)
    if any(ref.seat is lho and at >= index for ref, at in story.not_called):
        return {"offender_lho_called": "no"}
    return {}


# -- a double said with a bid ---------------------------------------------------------------------

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


def _double_stated_with_a_bid(lowered: str, story: Story) -> Found | None:
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


# -- the first call made before the dealer's ---------------------------------------------------

_SPEAKER_DEALS = lazy_pattern(r"\bi(?:'m| am| was) (?:the )?dealer\b|\bi dealt\b")
_SEAT_DEALS = lazy_pattern(
    r"\b(?P<seat>north|east|south|west|[nesw])(?: was)? (?:dealt|dealer|deals)\b"
    r"|\bdealer (?:was |is )?(?P<seat2>north|east|south|west|[nesw])\b"
)
_DEALER_SILENT = lazy_pattern(
    r"\b(?:before (?P<a>[a-z']+) (?:said anything|had called|called|had bid|bid|could call)"
    r"|(?P<b>[a-z']+) (?:hadn't|had not|hasn't|has not) (?:called|bid|said anything)(?: yet)?)\b"
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


def _call_before_dealer(lowered: str, story: Story) -> Found | None:
    """The first call of the auction made, told as before the dealer's, by another player
    ('i'm dealer but lho passed before me', 'Dlr N. E opened 1H before N had called'): a
    call out of rotation at the dealer's turn (Law 28-31)."""
    mine = _NOT_MY_TURN.search(lowered)
    if mine is not None and story.speaker is not None and not story.simultaneous:
        return Found(CALL_BEFORE_DEALER, mine.start(), _whose_turn_instead(lowered, story, mine))
    placed = _first_call_before_silent_dealer(story)
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
    offender = first.seat
    assert offender is not None
    relation = {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}.get(dealer)
    return Found(CALL_BEFORE_DEALER, first.start, {"dealer_turn_of": relation} if relation else {})


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
    relation = {offender.rho: "rho", offender.partner: "partner", offender.lho: "lho"}.get(dealer)
    return Found(CALL_BEFORE_DEALER, first.start, {"dealer_turn_of": relation} if relation else {})


def _next_called(lowered: str, story: Story, call: re.Match[str]) -> dict[str, str]:
    """Whether the offender's LHO called after this call: a call by him told after it, or
    words that he has not called (the offender placed by the words before the call)."""
    offender = _subject(lowered, story, call.start())
    if offender is None or offender.seat is None:
        return {}
    lho = offender.seat.lho
    if any(e.seat is lho and e.role == "made" and e.start >= call.end() for e in story.timeline):
        return {"offender_lho_called": "yes"}
    for ref in story.players:
        if ref.seat is lho and ref.start > call.end():
            if _NOT_CALLED_AFTER.match(lowered, ref.end):
                return {"offender_lho_called": "no"}
            if _QUOTED_CALL_AFTER.match(lowered, ref.end):
                return {"offender_lho_called": "yes"}
    return {}


_NOT_CALLED_AFTER = lazy_pattern(
    r"\s+(?:has not|hasn't|had not|hadn't|haven't|have not|didn't|did not|stopped before)"
    r"\s+(?:yet\s+)?(?:called|bid|said anything|calling|passed)"
    r"|'m next and (?:haven't|have not) said anything"
)
_QUOTED_CALL_AFTER = lazy_pattern(
    r"\s+(?:then\s+)?(?:said|called|bid)\s+['\"]?(?:pass|double|[1-7])"
)


# -- declarer naming dummy's card ------------------------------------------------------------

_DESIGNATION = lazy_pattern(
    r"\b(?:decl|declarer|he|she)\b(?:[\s,]+[\w']+){0,10}?[\s,]+(?:said|says|called|calls|asked for|"
    r"asks for|named|names|told dummy|tells dummy)\s+(?:to\s+)?['\"](?P<words>[^'\"]{1,30})['\"]"
)
_DESIGNATION_KINDS = (
    (lazy_pattern(r"^(?:small|low|little one|low one|smallest)$"), "low"),
    (lazy_pattern(r"^(?:high|top|big one|highest)$"), "high"),
    (lazy_pattern(r"^(?:win it|take it|cover|cover it|win)$"), "win"),
    (lazy_pattern(r"^(?:any|anything|play anything|whatever)$"), "anything"),
    (lazy_pattern(r"^(?:a |the )?(?:spade|heart|diamond|club)s?$"), "suit_only"),
    (
        lazy_pattern(
            r"^(?:the )?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)$"
        ),
        "rank_only",
    ),
    (
        lazy_pattern(
            r"^(?:the )?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)"
            r" of (?:spades|hearts|diamonds|clubs)$"
        ),
        "complete",
    ),
)
_DUMMY_LEADING = lazy_pattern(
    r"\b(?:dummy (?:is |was )?(?:leading|on lead)|leading from dummy|lead from dummy)\b"
)
_DUMMY_FOLLOWING = lazy_pattern(r"\bdummy (?:is |was )?following\b|\bto (?:my|his|her) \w+ lead\b")


_CORRECTED = lazy_pattern(r"\bsaid\s+['\"](?:no|sorry|i mean|oops|wait)\b|\bslip of the tongue\b")


def dummy_designation(lowered: str) -> tuple[int, dict[str, str]] | None:
    """Declarer naming a card of dummy's in words ('decl said "small"', 'asked for "the
    queen"'): where, how he named it and whether dummy was leading (Law 46)."""
    named = _DESIGNATION.search(lowered)
    if named is None:
        return None
    if _CORRECTED.search(lowered, named.end()):
        return None  # named, then put right aloud: whether the card is played is the matter
    words = named.group("words").strip()
    kind = next((k for pattern, k in _DESIGNATION_KINDS if pattern.match(words)), None)
    if kind is None:
        return None
    facts = {"designated_as": kind}
    if _DUMMY_LEADING.search(lowered):
        facts["designated_dummy_leading"] = "yes"
    elif _DUMMY_FOLLOWING.search(lowered):
        facts["designated_dummy_leading"] = "no"
    return named.start(), facts
