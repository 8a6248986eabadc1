"""The end of the auction told (Law 22): how it ended, and what was made or wanted after it.

Calls typed in a row ("1S p p p") or told ("2S by me and then 3 passes", "4S all pass") end
the auction; a call made after that is a call after the final pass (Law 39), a call only
wanted then is a question about the end, and an end reached past a player's turn is a missed
turn (Law 34). The order of the calls speaks before the words.
"""

from __future__ import annotations

import re

from bot.core.calls import BID_PATTERN, Bid, Simple
from bot.dialogue.auction_state import AUCTION_ENDED, NOT_BEFORE, Found, lho_called_since
from bot.dialogue.call_after_close import (
    CALL_AFTER_END,
    EXPLAINED_BEFORE,
    MEANING_TOLD,
    caller_side,
    late_call_facts,
    side_of_contract,
)
from bot.dialogue.disputed import in_dispute
from bot.dialogue.missed_turn import TURN_MISSED
from bot.dialogue.play_reader import clause_start
from bot.dialogue.story import CallEvent, Story, meant_instead
from bot.lazy import lazy_pattern

_FOUR_PASSES_TYPED = lazy_pattern(r"(?<![\w'])(?:p|pass|nb)(?:[\s,-]+(?:p|pass|nb)){3}(?![\w'])")


def how_ended(story: Story) -> dict[str, str]:
    """How the auction told ended (Law 22): four passes from the start, or a bid and three
    passes."""
    calls = [e.call for e in story.timeline if e.earlier_than is None]
    if len(calls) >= 4 and all(c is Simple.PASS for c in calls[:4]):
        return {"auction_end": "all_passed"}
    if not calls and _FOUR_PASSES_TYPED.search(story.text.lower()):
        return {"auction_end": "all_passed"}  # "p p p p": no bid, so no call is read
    return {"auction_end": "three_passes"} if story.closed_at is not None else {}


_PASSES_TOLD = lazy_pattern(
    r"\b(?:(?:then|and|followed by|with|after|,) ?(?:3|three) (?:passes|no bids)"
    r"|(?:3|three) (?:passes|no bids) (?:came |followed |ensued )?(?:after|ended)"
    r"|(?:the |three |3 )?passes ended the auction"
    r"|(?:had|made|got) (?:3|three) passes|(?:3|three) passes (?:in a row|ensued|followed)"
    r"|(?:two|2) more (?:passes|no bids))\b"
)
"""Three passes told in words ('then three passes', 'three passes ensued'), or the two that
followed a pass told before ('pd passed at my turn, then two more passes')."""
_ALL_PASSED = lazy_pattern(
    r"\b(?:four passes|4 passes|everyone pass(?:ed|es)|everybody pass(?:ed|es)"
    r"|all (?:four |4 )?(?:of us |players |of them )?(?:passed|pass|said no bid)"
    r"|(?:nobody|no one|no-one|noone) (?:opened|bid at all|bid anything)"
    r"|passed out(?! of)|all pass(?:ed)? (?:it )?out)\b"
)
ALL_PASSED = _ALL_PASSED
"""Four passes told in words ('all four passed', 'everyone passes', 'passed out')."""
_BOARD_PASSED_OUT = lazy_pattern(r"\bpassed (?:the|this|that) (?:board|hand|deal) out\b")
"""'we passed the board out': four passes, unless a call meant instead is told with it (a
slip on the way is Law 25's matter first)."""
_ENDED_WORDS = lazy_pattern(
    r"\b(?:auction|bidding)(?:'s| was| were| is| had| has| seemed)?(?: already| long| well)?"
    r" (?:over|ended|finished)\b"
    r"|\bending the (?:auction|bidding)\b"
    r"|\bafter (?:the )?final pass\b|\b(?:is it|auction|is the auction) over\s*\?"
    r"|\bended the auction\b|\bauction '?ended\b|\bis it (?:really )?over\b|\ball over\b"
)
_SKIPPED = lazy_pattern(r"\b(?:skipped|missed (?:his|her|my) turn|wrong seat|out of turn)\b")
_WANTS = lazy_pattern(
    r"\b(?:wants? to|wanted to|thinks he can|thinks she can|can still|could still|another go|"
    r"deal again|redeal|is (?:the auction|it|that) (?:over|the end)"
    r"|(?:query|queries|queried|questions?|questioned|asks?|asked|wonders?|wondered) (?:whether|if)"
    r")\b"
)
"""After the end, what someone wants of it, or asks of it in words ('query whether S's pass
counts'), as a question mark does."""
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
    lowered = story.text.lower()
    typed = [
        e
        for e in story.timeline
        if e.role == "made"
        and e.call is not None
        and not (
            not isinstance(e.call, Bid) and _SPOKEN_OF.search(lowered, max(0, e.start - 8), e.start)
        )
    ]  # "E's pass is natural": a pass spoken of, not another one made ('our 3NT' was bid)
    passes = 0
    bid_seen = False
    for event in typed:
        if event.call is Simple.PASS:
            passes += 1
            if (bid_seen and passes == 3) or passes == 4:
                wanted = story.wanted_for(event)
                if wanted is not None and meant_instead(wanted):
                    return None  # 'i pulled the pass card, meant 1S': the slip is the matter
                return event.end, "three_passes" if bid_seen else "all_passed"
        else:
            bid_seen = bid_seen or isinstance(event.call, Bid)
            passes = 0
    return None


def auction_end(lowered: str, story: Story, skipped: re.Pattern[str] | None = None) -> Found | None:
    """The auction told over; a call made after that by a player named, or none; or a
    player's turn passed over on the way."""
    typed = _typed_end(story) or _written_end(lowered)
    told = _PASSES_TOLD.search(lowered)
    everyone = _ALL_PASSED.search(lowered)
    if everyone is None and not any(e.role == "wanted" for e in story.events):
        everyone = _BOARD_PASSED_OUT.search(lowered)
    if everyone is not None and NOT_BEFORE.search(
        lowered, max(0, everyone.start() - 12), everyone.start()
    ):
        everyone = None  # 'it wasn't passed out'
    if everyone is not None and any(
        e.role == "made" and e.call is Simple.PASS and e.start == everyone.start()
        for e in story.events
    ):
        everyone = None  # 'pd passed out fast': one player's pass, counted with the calls
    said = _ENDED_WORDS.search(lowered)
    how: str | None
    if typed is not None:
        end, how = typed
    elif told is not None:
        end, how = told.end(), "three_passes"
        named = _NAMED_BID.match(lowered, end)
        if told.group(0).endswith("after") and named is not None:
            end = named.end()  # 'three passes after lho's 1S': the bid they followed
        if told.group(0).endswith("after") or _AFTER_NEXT.match(lowered, told.end()):
            stop = _AFTER_WHAT_END.search(lowered, told.end())
            end = max(end, stop.start() if stop is not None else len(lowered))
    elif everyone is not None:
        bid_before = any(
            isinstance(e.call, Bid) and e.start < everyone.start() for e in story.timeline
        )  # 'N opened 2S, then E, S and W all passed'
        end, how = everyone.end(), "three_passes" if bid_before else "all_passed"
    elif said is not None:
        end, how = said.end(), None  # 'the auction was over': how, the words do not say
    else:
        return None
    if any(_pass_meant_as_another(story, e) for e in story.timeline):
        return None  # 'pulled pass instead of 1S, passing it out': the slip first (Law 25)
    missed = (
        next(  # 'W says he never got to bid, E says W passed': his word, not proof
            (m for m in skipped.finditer(lowered) if not in_dispute(lowered, m.start())), None
        )
        if skipped is not None
        else None
    )
    if missed is not None and _ONLY_BELIEVED.search(
        lowered, max(0, missed.start() - 45), missed.start()
    ):
        missed = None  # 'I thought I was dealer, you went round me': a belief the calls may deny
    if missed is not None and not NOT_BEFORE.search(
        lowered, max(0, missed.start() - 12), missed.start()
    ):
        return Found(TURN_MISSED, min(missed.start(), end))  # the end came past his turn
    early = next(
        (m for m in _A_PASS_OUT_OF_TURN.finditer(lowered) if not in_dispute(lowered, m.start())),
        None,
    )
    if how == "three_passes" and early is not None:
        # three passes closed it, one of them out of rotation: a turn went by (Law 34)
        return Found(TURN_MISSED, min(early.start(), end))
    at_another = _pass_at_anothers_turn(lowered, story, end)
    if at_another is not None and (how == "three_passes" or _THREE_PASSES.search(lowered)):
        # 'one of those passes was lho's, put down when it was my turn': a turn went by
        return Found(TURN_MISSED, min(at_another, end))
    before = _pass_before_a_caller(story, end)
    if how == "three_passes" and before is not None:
        # 'lho passed before i had called, then two more passes': his turn went by (Law 34)
        return Found(TURN_MISSED, min(before, end))
    if story.out_of_turn_words or _SKIPPED.search(lowered):
        return None  # an auction ended irregularly: a missed turn or a call out of rotation
    later = [
        e
        for e in story.timeline
        if e.role == "made"
        and (e.call is not None or caller_side(lowered, e))
        and not e.typed
        and not in_dispute(lowered, e.start)  # 'E says W passed', W saying otherwise
        and (
            (e.start >= end and (e.seat is not None or caller_side(lowered, e)))
            or _AFTER_END.match(lowered, e.end)
        )
        and not _WHEN_BEFORE.search(lowered[clause_start(lowered, e.start) : e.start])
        and not _NAMED_AS_THING.search(lowered, max(0, e.start - 8), e.start)
        and not _INTENT_BEFORE.search(lowered, max(0, e.start - 40), e.start)
        and not MEANING_TOLD.match(lowered, e.end)
        and not EXPLAINED_BEFORE.search(lowered, max(0, e.start - 40), e.start)
    ]  # a call by a player named after the end, or told 'after the auction ended'; 'was
    # over when LHO bid 5H' says when it ended, not that the bid came after; '2D was a
    # transfer' explains a call of the auction
    if later:
        facts = {**lho_called_since(story, later[0]), **late_call_facts(lowered, later[0])}
        side = side_of_contract(story, later[0], end)
        if side is not None:
            facts.setdefault("after_end_caller", side)
        return Found(CALL_AFTER_END, later[0].start, facts)
    quoted = _QUOTED_CALL.search(lowered, end)
    if quoted is not None:  # "then lho said 'double'"
        facts = {
            "late_call_kind": "pass" if quoted.group("call") in ("pass", "no bid") else "action"
        }
        side = caller_side(lowered, quoted)
        if side is not None:
            facts["after_end_caller"] = side
        return Found(CALL_AFTER_END, quoted.start(), facts)
    if how is None:
        return None
    if how == "all_passed" or _WANTS.search(lowered, end) or "?" in lowered[end:]:
        return Found(AUCTION_ENDED, min(end, len(lowered) - 1), {"auction_end": how})
    return None


def _pass_meant_as_another(story: Story, event: CallEvent) -> bool:
    """A pass made with another call meant in its place ('pulled pass instead of 1S')."""
    if event.call is not Simple.PASS:
        return False
    wanted = story.wanted_for(event)
    return wanted is not None and meant_instead(wanted)


def _pass_at_anothers_turn(lowered: str, story: Story, end: int) -> int | None:
    """Where, after the passes that ended it are told, one of them is said made at a named
    player's turn ('he put it down when it was my turn'): a pass out of rotation among them."""
    for who, _ in story.turn_words:
        if who == "own" or who.start < end:
            continue
        floor = max(lowered.rfind(c, 0, who.start) for c in ".;!?\n") + 1
        if _PASS_WORD.search(lowered, floor, who.start) and not NOT_BEFORE.search(
            lowered, max(floor, who.start - 25), who.start
        ):
            return who.start
    return None


_THREE_PASSES = lazy_pattern(r"\b(?:3|three) passes\b")
_PASS_WORD = lazy_pattern(r"\b(?:pass|passes|passed)\b")


def _pass_before_a_caller(story: Story, end: int) -> int | None:
    """Where a pass is told made before a player had called ('lho passed before i called'),
    on the way to the end told: the pass the words that he had not called follow."""
    for _, at in story.not_called:
        told = story.events[at] if 0 <= at < len(story.events) else None
        if told is not None and told.call is Simple.PASS and told.start < end:
            return told.start
    return None


_A_PASS_OUT_OF_TURN = lazy_pattern(
    r"\b(?:pass(?:ed)?|no bid|one(?: of (?:them|those|the passes|those passes))?)"
    r"(?: (?:was|came|had been made|had come|were))?"
    r" (?:out of (?:turn|rotation)|in the wrong turn)\b"
)
"""'pd passed out of turn', 'but one was out of turn': of the passes told, one out of
rotation."""
_AFTER_NEXT = lazy_pattern(r"\s+after\b")
_AFTER_WHAT_END = lazy_pattern(r",|\bthen\b|[.;!?\n]")
"""Where what the passes followed ends ('3 passes after RHO's double of my 4H, then ...'): the
calls named in it came before the end, not after it."""
_AFTER_END = lazy_pattern(
    r"\s+(?:\w+\s+){0,2}after (?:the )?(?:(?:auction|bidding) (?:had |was |were )?(?:already )?"
    r"(?:ended|over|finished)|final pass|(?:3|three) passes)\b"
)
_NAMED_BID = lazy_pattern(rf"\s+(?:[\w']+\s+){{0,2}}?{BID_PATTERN}", re.IGNORECASE)
_INTENT_BEFORE = lazy_pattern(
    r"\b(?:to|wants? to|wanted to|going to|about to)\s+(?:bid|call|double|redouble|pass)?\s*$"
    r"|\b(?:thinking|thought|deciding|considering|wondering)\s+(?:about|of|over|whether to)"
    r"(?:\s+(?:bidding|a|an))?\s*$"
    r"|\b(?:if|whether)\s+(?:he|she|i|we|they|you)\s+(?:can|could|may|might)\s+(?:still\s+)?$"
    r"|\b(?:play|plays|playing|play in|playing in|contract(?: is| was| of)?|declarer in"
    r"|dummy in|defending|defending against|against)\s+"
    r"(?:[1-7]\s?(?:nt|[cdhs♣♦♥♠])\s+)?$"
)
"""'goes for the box again to bid 3S', 'asks if he can still double': a call meant or asked
about, not made; 'thinks we play 1H', 'as declarer in four spades': the contract named."""
_SPOKEN_OF = lazy_pattern(r"(?:'s|\b(?:my|his|her|their|our|that|this))\s+$")
_NAMED_AS_THING = lazy_pattern(r"\b(?:my|his|her|their|our|the|that|this)\s+$")
"""'my pass was a mistake': a call spoken of, not one made at this point."""
_WHEN_BEFORE = lazy_pattern(r"\bwhen\s+(?:[\w']+\s+){1,2}$")
_QUOTED_CALL = lazy_pattern(
    r"\b(?:said|says|called|bid|bids|announced|added|piped up with|came out with|"
    r"chimed in with)\s+['\"](?P<call>double|redouble|pass|no bid|xx|x|dbl|rdbl|"
    r"(?:one|two|three|four|five|six|seven|[1-7])\s*(?:clubs?|diamonds?|hearts?|spades?|"
    r"no ?trumps?|nt|[cdhs]))\b"
)


_ONLY_BELIEVED = lazy_pattern(
    r"\b(?:i|he|she|they|w|e|n|s) (?:thought|believed|assumed)\b[^.;!?]*$"
)
"""A turn said missed after the speaker's own belief ('I thought I was dealer, you went
round me'): the complaint rests on what he thought, so it proves no missed turn."""
