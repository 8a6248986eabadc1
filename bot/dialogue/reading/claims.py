"""Claims and concessions, and a count of tricks agreed at the table then disputed."""

from __future__ import annotations

import re

from bot.dialogue.play_reader import PlayStory
from bot.dialogue.play_situations import CLAIM_AGREED
from bot.dialogue.reading.events import Event, Irregularity
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern


def _claims(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    found: list[Irregularity] = []
    told = [
        e
        for e in events
        if e.act in ("claim", "concede")
        and (
            not _BACKGROUND.search(lowered[max(0, e.start - 30) : e.start])
            or _RESPONDED_WHEN.search(lowered[max(0, e.start - 50) : e.start])
            or _DOUBTED_AFTER.match(lowered, e.end)
        )
        and not _NONE_OF_IT.search(lowered[max(0, e.start - 20) : e.start])
        and not _BY_THE_DIRECTOR.search(lowered[max(0, e.start - 30) : e.start])
        and not _SAID_NOTHING.match(lowered, e.end)  # 'faced her cards and said nothing'
        and not (
            lowered.startswith("claim", e.start)
            and _ASSERTED_BEFORE.search(lowered[max(0, e.start - 30) : e.start])
        )  # 'mechanical slip claimed': what a player says happened, not a claim of tricks
        and not (e.act == "concede" and _cards_at_once(lowered, e.end, vocabulary))
        and not (
            e.act == "claim"
            and lowered.startswith("claim", e.start)  # 'claimed that', not '... and said he'
            and _CLAIMED_THAT.match(lowered[e.end : e.end + 20])
            and not (  # 'when declarer claimed i pointed out ...': the time of a doubt
                _BACKGROUND.search(lowered[max(0, e.start - 30) : e.start])
                and _DOUBTED_AFTER.match(lowered, e.end)
            )
        )
    ]
    if len({e.act for e in told}) > 1:
        told = _what_was_said(lowered, told)
    if len({e.act for e in told}) > 1:
        return []  # 'claimed 9 tricks, conceding one': which it was is the director's call
    for event in told:
        kind = "concession" if event.act == "concede" else "claim"
        proven = {"claim_kind": kind}
        if event.role in ("declarer", "defender"):
            proven["claimer_role"] = event.role
        if kind == "concession" and vocabulary.timing["all_winners"].search(lowered):
            proven["conceded_trick"] = "could_not_lose"
        if kind == "concession" and vocabulary.timing["period_ended"].search(lowered):
            proven["concession_when"] = "too_late"
        elif kind == "concession" and vocabulary.timing["scores_not_up"].search(lowered):
            proven["concession_when"] = "in_period"
        if kind == "concession" and vocabulary.timing["could_lose"].search(lowered):
            proven.setdefault("conceded_trick", "could_lose")
        objected = next(
            (
                e
                for e in events
                if e.act == "object"
                and e.start > event.end
                and not _NONE_OF_IT.search(lowered[max(0, e.start - 20) : e.start])
            ),
            None,
        )  # someone disagreed after it, before the next board ('nobody objected': no one)
        played_on = _PLAYED_ON.search(lowered, event.end)
        if kind == "claim" and played_on and not _DIRECTOR_CALLED.search(lowered):
            proven["claim_response"] = "played_on"  # play went on instead (68D2(b))
        elif (
            kind == "claim"  # a concession objected to by a partner is another law (68B2)
            and objected is not None
            and not played_on
            and not _LATER_ON.search(lowered, event.end, objected.start)
        ):
            proven["claim_response"] = "disputed"
        elif kind == "claim" and not played_on and _director_called_on_it(lowered, event.end):
            proven["claim_response"] = "disputed"  # 'opps had a trump ... they called td'
        facts.update(proven)
        facts["claim_told"] = "yes"  # a claim or concession on the board (Law 79 asks it)
        found.append(Irregularity(kind, event.start, proven))
        break
    return found


def _named_in_claim(
    lowered: str, events: tuple[Event, ...], found: list[Irregularity]
) -> list[Irregularity]:
    """Cards named in the very remark that claims ("stopped play and said: 'I have the ace of
    spades and the good diamonds, I will cash them'"): the claim's statement of its line
    (68C), not a card exposed by naming it (49). A card named in another remark (partner's
    'wait, I have the ace' after a concession) stays."""
    if not any(i.kind in ("claim", "concession") for i in found):
        return found
    claims = [e for e in events if e.act in ("claim", "concede")]
    said = [
        (a, b)
        for a, b in _quoted(lowered)
        if any(a <= e.start < b or 0 <= a - e.end <= _SAID_GAP for e in claims)
    ]
    if not said:
        return found
    return [
        i
        for i in found
        if i.kind not in ("card_named", "card_exposed")
        or not any(a <= i.start < b for a, b in said)
    ]


def _dummy_after_the_claim(
    lowered: str, events: tuple[Event, ...], found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """Dummy speaking or acting once a claim or concession is on the table ('she conceded
    one, then dummy said both were winners', "dummy pointed at the trumps after declarer
    claimed"): play has stopped (68D), and any player, dummy included, may doubt the claim, so
    what dummy did is part of the claim's story, not a breach of his limits during play
    (43A). The claim is what is ruled."""
    dummy = [i for i in found if i.kind in ("dummy_spoke", "dummy_acted")]
    if not dummy:
        return found
    claims = [
        e
        for e in events
        if e.act in ("claim", "concede")
        and not _NONE_OF_IT.search(lowered[max(0, e.start - 20) : e.start])
        and not _NOT_YET_CLAIMED.search(lowered[max(0, e.start - 30) : e.start])
    ]
    later = [i for i in dummy if any(_claimed_before(lowered, e, i.start) for e in claims)]
    if later:
        facts.setdefault("dummy_period", "after")  # should dummy's topic be chosen after all
    return [i for i in found if i not in later]


def _claimed_before(lowered: str, claim: Event, at: int) -> bool:
    """Whether the claim came before what is told at ``at``: told earlier, or told later in
    the same sentence as what it followed ('dummy said ... after declarer claimed')."""
    if claim.start < at:
        return True
    sentence = lowered[at : claim.start]
    return not re.search(r"[.;!?]", sentence) and bool(
        _AFTER_IT.search(lowered[max(0, claim.start - 30) : claim.start])
    )


_NOT_YET_CLAIMED = lazy_pattern(r"\b(?:before|until|till|without)\s+(?:\w+\s+){0,2}$")
"""'before declarer claimed': what came first, the claim after it."""


_AFTER_IT = lazy_pattern(r"\b(?:after|once|when|while|as)\s+(?:\w+\s+){0,2}$")


_SAID_GAP = 3
"""Characters between 'and said' and the remark it introduces (': ', ' ')."""


def _what_was_said(lowered: str, told: list[Event]) -> list[Event]:
    """Cards shown 'and said' read as a claim by the act, but what was said decides: 'put
    his cards down and said "you get the rest"' gives tricks away (a concession, 68B), as
    does the remark said just before the cards are shown."""
    shown = [e for e in told if e.act == "claim" and _SAID_AFTER.search(lowered, e.start, e.end)]
    given = [e for e in told if e.act == "concede"]
    if shown and len(shown) == sum(e.act == "claim" for e in told):
        if all(any(0 <= g.start - s.end <= 12 for s in shown) for g in given):
            return given
        return told
    # said first, then shown: "said 'i'll give you the rest' and faced his hand"
    ends = [b for a, b in _quoted(lowered) if any(a <= g.start < b for g in given)]
    faced = [e for e in told if e.act == "claim"]
    if ends and all(any(0 <= e.start - end <= 12 for end in ends) for e in faced):
        return given
    return told


_SAID_AFTER = lazy_pattern(r"(?:said|saying|says|announced|announcing)$")


_PLAYED_ON = lazy_pattern(
    r"\bplay(?:ed|ing|s)? on\b|\bcarried on\b|\bkept playing\b|\bkept going\b"
    r"|\bplay(?:ed|ing)? it out\b"
)


_DIRECTOR_CALLED = lazy_pattern(r"\bcall(?:ed)? (?:the )?(?:td|director)\b|\btd called\b")


def _director_called_on_it(lowered: str, claimed: int) -> bool:
    """The director called right after a claim, nobody told agreeing first ('i claimed ...
    they called td'): a claim is doubted when the director is called to it (68D), so play has
    stopped on a contested claim (70). Not once the claim was agreed ('we agreed, then later
    called the td': 69), nor at a later moment ('next round we called the director')."""
    called = _DIRECTOR_CALLED.search(lowered, claimed)
    if called is None or called.start() - claimed > 160:
        return False
    between = lowered[claimed : called.start()]
    return not (
        CLAIM_AGREED.search(between)
        or _LATER_ON.search(between)
        or _DIRECTOR_CALLED.search(lowered, 0, claimed)
    )


_LATER_ON = lazy_pattern(
    r"\bnext (?:board|hand|round)\b|\bboards? later\b|\bafter the round\b|\bnext day\b"
    r"|\blater\b"
)


_NONE_OF_IT = lazy_pattern(r"\b(?:no|not|never|without|nobody|no one|neither)\s+(?:\w+\s+)?$")
"""'no claims', 'nobody conceded': what did not happen."""


def _cards_at_once(lowered: str, end: int, vocabulary: Vocabulary) -> bool:
    """'both defenders threw their cards on the table at the same time': two players' cards
    played together (58A), not a hand thrown in."""
    at_once = vocabulary.told["simultaneous_plays"].search(lowered, end, end + 40)
    return at_once is not None and at_once.start() - end <= 2


_SAID_NOTHING = lazy_pattern(r"\s+(?:nothing|not a word|anything)\b")


_BY_THE_DIRECTOR = lazy_pattern(
    r"\b(?:td|director|dir|tournament director)\s+"
    r"(?:then\s+|just\s+|has\s+|had\s+|also\s+|\w+ly\s+)?$"
)
"""'TD gave them a trick': the ruling told, not a player giving tricks away (68B)."""


_BACKGROUND = lazy_pattern(r"\b(?:after|since|once|when|before|until)\s+(?:\w+\s+){0,2}$")
"""'after declarer claimed': when something else happened, not what the story is about."""


_RESPONDED_WHEN = lazy_pattern(
    r"\b(?:agreed|accepted|objected|disputed|disagreed|argued|nodded)(?: (?:it|that|to it))?"
    r" (?:when|after|once)\s+(?:\w+\s+){0,2}$"
)
"""'we agreed it when he spread his cards': the claim is what was agreed, not background."""


_DOUBTED_AFTER = lazy_pattern(
    r"(?:\s+(?:at\s+)?(?:t|trick\s+)?\d{1,2})?,?\s+(?:i|he|she|we|they|dummy|pd|partner|my pd"
    r"|my partner|lho|rho|the opps|opps)\s+(?:immediately\s+|straight away\s+|then\s+)?"
    r"(?:pointed out|objected|disputed it|disagreed|queried it|questioned it|doubted it"
    r"|said (?:she|he) (?:still )?had a (?:loser|losing))\b"
)
"""'when declarer claimed i pointed out she had a loser': the claim doubted (68D2), told as
the time of the doubt; what the story is about, not its background."""


_ASSERTED_BEFORE = lazy_pattern(
    r"\b(?:slip|error|mistake|accident|revoke|misinformation|hesitation|break in tempo|bit"
    r"|ui|foul|fumble)\s+(?:was\s+|is\s+|being\s+)?$"
)
"""'a mechanical slip claimed', 'revoke claimed': a thing a player says happened."""
_CLAIMED_THAT = lazy_pattern(
    r"\s+(?:that|there|he|she|it|they|to|i|we|his|her|a revoke|the director)\b"
    r"|\s+the \w+ (?:is|was|are|were|has|had|should)\b"
    r"|\s+(?:north|east|south|west|[nesw]|lho|rho|pd|partner|my partner|my lho|my rho)"
    r"(?:'s)?\s+(?:[\w]+\s+)?(?:bid|called|passed|doubled|redoubled|opened|had|has|was|is|did"
    r"|didn't|never|made|went|came|hit|jumped|skipped|missed)\b"
)
"""'he claimed there was a revoke', 'S claims W bid at his turn': said so, not a claim of
tricks."""
