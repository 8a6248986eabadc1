"""The ruling told: what the story says the director decided or ordered.

Players often tell the incident and then what the director ruled, and ask whether he was
right ("TD made me lead a spade and my K became a penalty card, was that right?"). The words
of the ruling are its consequence, not the incident: a card the director made someone lead,
a player he silenced, a trick he gave, a score he adjusted. Read as events, they prove
irregularities that never happened and start the wrong topic. This module finds where the
ruling is told (:func:`rulings_told`), so the one reading keeps the incident's own events and
sets the ruling's aside (:func:`outside_rulings`). What the ruling says of the state before
it (a player barred, then bidding anyway) still counts: a call made after the ruling, against
it, is the incident's own event, and what the ruling tells in the pluperfect ('said rho had
conceded') happened before it. When the player doubts the ruling ('was that right?') and the
story ends with it, even the state it left (a penalty card, a call replaced) is its
consequence; when the story goes on from it ('... and now she wants to play it again'), that
state is the premise of what is asked. A player doing what he was told ('so he passed') is
part of the ruling, never a new irregularity.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.core.calls import Simple
from bot.dialogue.call_when_barred import _ACTION_AFTER, CALL_WHEN_BARRED
from bot.dialogue.play_reader import clause_end, clause_start
from bot.dialogue.reading.events import Event, Irregularity
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.story import Story
from bot.dialogue.withdrawn_call import LEAD_AFTER_WITHDRAWN, WITHDRAWN_REPLACED
from bot.lazy import lazy_pattern

Span = tuple[int, int]

_DIRECTOR = r"(?:the |our |tournament )?(?:td|director|arbiter|umpire)"
_BETWEEN = (
    r"(?:\s*,\s*|\s+)(?:(?:then|just|also|finally|eventually|initially|first|later|quickly"
    r"|promptly|has|had|have|came|comes|come|over|back|arrived|was called|got called"
    r"|and|he|she|to (?:the|our) table|at the table|basically|simply|apparently|actually"
    r"|after (?:a|some) (?:while|thought|discussion))(?:\s*,\s*|\s+))*?"
)
_RULING_VERB = (
    r"(?:said|says|ruled|rules|told|tells|decided|decides|gave|gives|awarded|cancell?ed"
    r"|canceled|let|lets|allowed|allows|made|makes|adjusted|adjusts|changed|rolled|treated"
    r"|treats|went with|sorted|took away|took|ordered|insisted|instructed|required|reckoned"
    r"|thought|thinks|agreed|refused|fined|penali[sz]ed|imposed|assigned|split|kept"
    r"|barred|silenced|called it|counted|deemed|judged|decreed|explained|applied|upheld"
    r"|overruled|accepted|rejected|wouldn't|would not|won't|will not|did not let"
    r"|didn't let|moved|transferred|scored|restored|reinstated|replaced|backed|sided)"
)
_DIRECTOR_RULED = lazy_pattern(
    rf"(?<!\ba )(?<!\bcalled )(?<!\bcall )(?<!\bcalls )(?<!\bcalling )(?<!\bfor )(?<!\bto )"
    rf"\b{_DIRECTOR}{_BETWEEN}{_RULING_VERB}\b"
    r"|\b(?:he|she) (?:ruled|adjusted|cancell?ed|awarded)\b"
    r"|\bthe (?:td's |director's )?ruling (?:was|is|said)\b"
    r"|\b(?:i|we|he|she|they|pd|partner|my partner|my pd|lho|rho|declarer|dummy)"
    r" (?:was|were|got|am|are|is) (?:told|made|ordered|instructed|forced) to\b"
    r"|\b(?:i|we|he|she|they|pd|partner|my partner|my pd|lho|rho|declarer|dummy)"
    r" (?:was|were|got) told (?:that )?(?:i|we|he|she|they)"
    r" (?:couldn't|could not|can't|cannot|had to|must|mustn't|was not allowed|wasn't allowed"
    r"|were not allowed|weren't allowed|was barred|were barred)\b"
)
"""The director as the subject of a ruling's verb ('td said', 'the director came over and
ruled', 'he adjusted'), or an order told in the passive ('i was told to pass throughout')
in a story that names the director. Not the director called ('lho called the td')."""

_PASSIVE_ORDER = lazy_pattern(r"\b(?:was|were|got|am|are|is) (?:told|made|ordered|instructed)\b")

_DIRECTOR_NAMED = lazy_pattern(rf"\b{_DIRECTOR}\b")

_NAMES_DIRECTOR = lazy_pattern(rf"\b{_DIRECTOR}\b|\bruled\b|\bruling\b")

_SENTENCE_END = lazy_pattern(r"[.;!?\n]")

_PAST = (
    r"(?:[a-z]+ed|bid|led|threw|won|put|took|made|said|showed|went|came|gave|held|drew|sold"
    r"|forgot|found|lost|chose|spoke|began|ran|saw|knew|thought|left|got up|stuck|dropped"
    r"|bids|doubles|redoubles|opens|overcalls)"
)
_CONNECTOR = (
    r"(?:and|then|after that|afterwards|later|(?:a|one|two|three) rounds? later|next round"
    r"|at (?:his|her|my|the) next turn|when it came round|anyway)"
)
_NEXT_ACT = lazy_pattern(
    rf"(?:\s*,\s*(?!so\b)(?:{_CONNECTOR}\s*,?\s+)*|\s+(?:{_CONNECTOR}\s*,?\s+)+)"
    r"(?:i|we|he|she|they|pd|partner|my partner|my pd|his pd|her pd|his partner|her partner"
    r"|lho|rho|my lho|my rho|his lho|his rho|her lho|her rho|declarer|dec|dummy|the opps|opps"
    r"|north|south|east|west|[nsew])"
    r"\s+(?:then |also |just |immediately |promptly |still |later |anyway )*"
    rf"(?!(?:had|has|was|were|got|let|told|made)\b){_PAST}\b"
    r"|(?:\s*,\s*|\s+)(?:but|and then|and before|before|and now)\b"
    r"|\s+[-\u2013\u2014]+\s|\)|:\s+(?:what happened|here's what)\b"
    r"|\s+and (?:bid|doubled|redoubled|overcalled|opened|raised)\b"
    r"|(?:\s*,\s*|\s+)(?:and )?then\s+(?:later |he |she )?"
    r"(?:bid|doubled|redoubled|passed|led|played|opened|overcalled|raised|said)\b"
    r"|\banyway\b"
)
"""', and lho passed', ', then pd opened 1nt again', 'but he bid 3d anyway': the story going
on after the ruling, with a player's own act told done (what he had to do, could or would,
what he was made or told to do, and what he did 'so', complying, stay the ruling's)."""


def rulings_told(lowered: str, barred: re.Pattern[str] | None = None) -> tuple[Span, ...]:
    """Where the story tells what the director ruled or ordered: from the words naming the
    ruling to the end of its sentence, or to where a player's own act takes the story on.
    A player told to pass for the rest (``barred``, the vocabulary's words) is such an
    order whoever is said to have given it (only a rectification silences a player): the
    bar's own words, so a call told against it is still the story's."""
    bars = list(barred.finditer(lowered)) if barred is not None else []
    if not bars and not _NAMES_DIRECTOR.search(lowered):
        return ()
    quoted = _quoted(lowered)
    spans: list[Span] = []
    for match in _DIRECTOR_RULED.finditer(lowered):
        if any(a <= match.start() < b for a, b in quoted):
            continue  # words inside a remark ('he said "td said so"'), not the story's
        if spans and match.start() < spans[-1][1]:
            continue
        if _PASSIVE_ORDER.search(match.group(0)) and not _DIRECTOR_NAMED.search(lowered):
            continue  # 'i was told to lead': by whom, the story does not say
        spans.append((match.start(), _ruling_end(lowered, match.end(), quoted)))
    for bar in bars:
        if not inside(bar.start(), spans) and not inside(bar.start(), quoted):
            spans.append((bar.start(), bar.end()))
    return tuple(sorted(spans))


def _ruling_end(lowered: str, position: int, quoted: Sequence[Span]) -> int:
    """The end of the ruling's sentence (past any remark quoted in it), or earlier where a
    player's own act carries the story on ('td cancelled it, lho passed, and pd bid 2c')."""
    start = position
    while True:
        stop = _SENTENCE_END.search(lowered, position)
        end = stop.start() if stop is not None else len(lowered)
        within = next((b for a, b in quoted if a <= end < b), None)
        if within is None:
            break
        position = within
    for going_on in _NEXT_ACT.finditer(lowered, start, end):
        if not inside(going_on.start(), quoted):
            return going_on.start()
    return end


def inside(position: int, spans: Iterable[Span]) -> bool:
    """Whether ``position`` lies in the words of a ruling told."""
    return any(a <= position < b for a, b in spans)


def events_outside(
    events: Sequence[Event], spans: Sequence[Span], doubted: bool
) -> tuple[Event, ...]:
    """The incident's own events: an act the director ordered or decided ('td made me lead a
    spade', 'gave them a trick') is his ruling, not something a player did wrongly, when
    the story doubts that ruling. Told as the start of what followed, the act is the story's."""
    if not spans or not doubted:
        return tuple(events)
    return tuple(e for e in events if not inside(e.start, spans))


def outside_rulings(
    found: Sequence[Irregularity],
    spans: Sequence[Span],
    story: Story,
    lowered: str,
    doubted: bool,
) -> list[Irregularity]:
    """The irregularities the incident proves. What a ruling orders or awards (tricks given,
    a penalty card, a changed call, a score) is never proven from its words. The state it
    left (a card taken back, a call replaced, a lead or a penalty card it told of) is the
    premise of a story that goes on from it ('td made me take my card back. does it count as
    played now?'), not of one that doubts the ruling itself (``doubted``). A bar stays proven
    when the barred side then called against it ('td said pd must pass throughout. two
    rounds later he bid 3nt'). What the ruling gives as its reason (a hesitation, an
    insufficient bid, information used) is evidence of what happened before it."""
    if not spans:
        return list(found)
    kept = []
    for irregularity in found:
        kind = irregularity.kind
        if (
            kind == CALL_WHEN_BARRED
            and irregularity.start >= spans[0][1]
            and (
                _before_the_ruling(lowered, irregularity.start, spans)
                or _CONTRACT_BEFORE.search(
                    lowered, max(0, irregularity.start - 16), irregularity.start
                )
            )
        ):
            continue  # 'td said pd was silenced. pd had doubled 2s before lho called', 'we
            # ended up in 2h': the call the bar rectified, or the contract, told after it
        if (
            not inside(irregularity.start, spans)
            or kind not in _CONSEQUENCES
            or _before_the_ruling(lowered, irregularity.start, spans)
        ):
            kept.append(irregularity)
        elif kind == CALL_WHEN_BARRED:
            if _called_after(irregularity, spans, story, lowered):
                kept.append(irregularity)
        elif kind in _PREMISES and not doubted:
            kept.append(irregularity)
    return kept


_PLUPERFECT = lazy_pattern(
    r"\bhad (?:already |just |earlier |previously |only )?(?:\w+ed|gone|been|bid|put|got|held"
    r"|left|made|taken|led|thought|shown|won|seen|said|done|given|come|thrown|drawn)\b"
)


def _before_the_ruling(lowered: str, position: int, spans: Sequence[Span]) -> bool:
    """Told in the pluperfect ('said rho had conceded 2 tricks', 'pd had played out of turn',
    '3nt had gone pass pass pass and then rho doubled'): what happened before the ruling,
    evidence rather than what it ordered or what followed it. The ruling's own pluperfect
    ('had been told he must pass, and then bid 4h') says nothing of what followed it."""
    floor = max([clause_start(lowered, position), *(b for a, b in spans if b <= position)])
    told = _PLUPERFECT.finditer(lowered, floor, clause_end(lowered, position))
    return any(m.start() <= position + 12 for m in told)  # '3nt had gone': its own verb


_PREMISES = frozenset(
    (
        "card_taken_back",
        "penalty_card_held",
        "lead_out_of_turn",
        "played_after_irregular_lead",
        WITHDRAWN_REPLACED,
        LEAD_AFTER_WITHDRAWN,
    )
)
"""The state a rectification leaves, which topics rule on as the start of what follows."""

_CONSEQUENCES = _PREMISES | {
    CALL_WHEN_BARRED,
    "claim",
    "concession",
    "card_exposed",
    "changed_call",
    "card_named",
    "tricks_disputed",
    "score_disputed",
    "score_recorded_wrong",
}
"""What a director's ruling orders or awards: tricks, a penalty card, a lead, a bar, a call
or card changed or taken back, a score."""

_DOUBT = lazy_pattern(
    r"\b(?:right|correct|fair|unfair|harsh|seriously|legit|legal|the rule|the law|wrong"
    r"|sense|punishment|ok|okay|fine|soft|proper|justified|really|surely|too much|a bit much"
    r"|agree|upset|cross|annoyed|complain\w*|argue\w*|object\w*|disagree\w*)\b"
)


_WHAT_NOW = lazy_pattern(r"\b(?:now|too)\b")


def ruling_doubted(
    lowered: str, spans: Sequence[Span], events: Sequence[Event], story: Story
) -> bool:
    """Whether the story doubts the ruling it told ('was that right?', 'harsh?', 'opps say
    he got it wrong') and ends with it: after the last ruling told, words judging it, no
    card or call of the story's own, and nothing asked of what follows now."""
    if not spans:
        return False
    end = spans[-1][1]
    if _DOUBT.search(lowered, end) is None or _WHAT_NOW.search(lowered, end):
        return False  # 'now she's stuck with her 10?': what follows the ruling is asked
    return not any(
        e.start >= end and e.act != "remark" and not _before_the_ruling(lowered, e.start, spans)
        for e in events
    ) and not any(
        e.role == "made"
        and e.start >= end
        and not inside(e.start, spans)
        and not _before_the_ruling(lowered, e.start, spans)
        for e in story.timeline
    )


def _called_after(barred: Irregularity, spans: Sequence[Span], story: Story, lowered: str) -> bool:
    """A call other than pass made after the ruling that told the bar, outside any ruling,
    told as done: not asked ('shouldn't a 1nt be a 1nt?') or supposed ('it would have been a
    normal double')."""
    end = next(b for a, b in spans if a <= barred.start < b)
    acted = _ACTION_AFTER.search(lowered, end)  # a call told by its verb, as the bar reader
    if (
        acted is not None
        and not inside(acted.start(), spans)
        and not _SUPPOSED.search(lowered, clause_start(lowered, acted.start()), acted.start())
    ):
        return True  # 'the barred guy doubled', 'silenced player made a bid'
    return any(
        e.role == "made"
        and e.call is not Simple.PASS
        and e.start >= end
        and not inside(e.start, spans)
        and not _SUPPOSED.search(lowered, clause_start(lowered, e.start), e.start)
        and not _CONTRACT_BEFORE.search(lowered, max(0, e.start - 16), e.start)
        and lowered[clause_end(lowered, e.start) : clause_end(lowered, e.start) + 1] != "?"
        for e in story.timeline
    )


_CONTRACT_BEFORE = lazy_pattern(r"\b(?:in|played|play|playing|declaring|contract of)\s+$")
"""'we ended up in 2h': the contract, not a call made against the bar."""

_SUPPOSED = lazy_pattern(r"\b(?:would|could|should|might|shouldn't|wouldn't|couldn't|can|may)\b")
"""'it would have been a normal double': a call supposed, not made."""


def ruling_doubted_words(reading: str, spans: Sequence[Span], doubted: bool) -> str:
    """The director's ruling the player doubts, in the words read (the last one told, not a
    bar said without him), to set beside the ruling the Laws give; empty when none is."""
    if not doubted:
        return ""
    lowered = reading.lower()
    told = [(a, b) for a, b in spans if _DIRECTOR_RULED.match(lowered, a)]
    if not told:
        return ""
    start, end = told[-1]
    words = reading[start:end].strip(" ,;:-")
    return words if len(words) <= 160 else ""
