"""Whose decision words are: 'lho accepted', 'declarer refused the lead', "E said 'we
accept'". A question that asks one player's decision (a topic's ``said_by``) takes words as
its answer only when their subject is that player, his side, or nobody named; the lead out of
turn reader asks the same of the words it reads as accepting or refusing a lead."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.core.calls import Seat
from bot.dialogue.play_reader import PlayStory, clause_start
from bot.dialogue.story import PlayerRef, Relation, Story, quoted_spans, relation_seat
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Decider:
    """Who may make a decision: ``said_by`` ('offender', 'partner', 'lho', 'rho' relative to
    the offender; 'declarer'; 'non_offending': in the play declarer after a defender's
    irregularity, either defender after declarer's side's, never dummy)."""

    said_by: str
    offender: Seat | None = None
    offender_side: str | None = None
    """In the play, the side at fault: 'declarer' (his side) or 'defender' (None: unknown)."""
    in_play: bool = False
    """About the play: roles (declarer, dummy, a defender) name the players."""


def decided_by(
    story: Story,
    play: PlayStory | None,
    start: int,
    end: int,
    decider: Decider,
    *,
    named_first: bool = False,
) -> bool:
    """Whether the decision words at ``start:end`` of the story's text are the player's
    ``decider`` names: the one named last before them in their clause ('lho accepted', 'i
    dont want to accept'; 'accepted by pd': after them); words with nobody named ('it was
    accepted') are his. A side ('we didn't accept', 'opps declined', 'the defenders refused')
    decides when he is one of them. Words in a quoted remark are the quoted player's ("E said
    'we accept'": E's side), and decide nothing when the remark's speaker is not known. A
    pronoun not placed, an opponent not seated, a role the story does not prove: unknown."""
    lowered = story.text.lower()
    entitled = _entitled(decider, play)
    quote = next((q for q in quoted_spans(story.text) if q[0] < end <= q[1]), None)
    if quote is not None:
        return _quoted_decides(story.players, lowered, end, quote, entitled)
    speaker = story.speaker
    by = _PASSIVE_BY.match(lowered, end)
    floor = clause_start(lowered, end)
    quotes = quoted_spans(story.text)
    named = [
        who
        for who in _named(story.players, lowered, floor, len(lowered))
        if (who.start < end or (by is not None and who.start == by.end()))
        and not any(a < who.start < b for a, b in quotes)  # a remark's 'I' is not the teller
    ]
    first = [who for who in named if who.start == start]
    if named_first and first:  # the words name who decides ('declarer said ...')
        return _subject_decides(first[0], entitled, speaker)
    after = named[-1].start if named else floor
    sides = [m for m in _SIDE.finditer(lowered, floor, end) if m.end() > after]
    if by is None and sides:
        return _side_decides(sides[-1], entitled, speaker)
    if not named:
        return True
    comma = lowered.rfind(",", named[-1].end, end)
    participle = _PARTICIPLE.match(lowered, comma) if comma >= 0 else None
    if by is None and participle is not None and participle.end() >= end:
        return True  # 'pd bid 2H after 3C, not accepted': told with nobody as its subject
    return _subject_decides(_antecedent(named), entitled, speaker)


def _antecedent(named: list[_Who]) -> _Who:
    """The last player named, a pronoun standing for the player named before it in the same
    sentence ('rho says he accepts it', 'declarer liked it so much she put her hand down')."""
    subject = named[-1]
    if subject.kind == "pronoun" and len(named) > 1 and named[-2].kind != "pronoun":
        return named[-2]
    return subject


_PASSIVE_BY = lazy_pattern(r"\s+by\s+")


@dataclass(frozen=True)
class _Who:
    """A player (or a side) words name: a seat, a role in the play, or both (None: unknown)."""

    start: int
    end: int
    kind: str
    """A ``PlayerRef`` kind, or 'role' for 'declarer', 'dummy', 'a defender'."""
    words: str
    seat: Seat | None = None
    role: str | None = None
    relation: Relation | None = None
    unnamed_owner: bool = False


_OBJECT_BEFORE = lazy_pattern(
    r"\b(?:told|tells|tell|asked|asks|ask|required|requires|require|made|makes|make|let|lets"
    r"|allowed|forced|ordered|instructed|wanted|wants|want|for)\s+$"
)
"""A player named as the object of another's word ('declarer told my partner to lead')."""
_OWNER = lazy_pattern(r"(?:'s|s')$")
"""A player named as an owner ("E's", "pd's"), not as one who acts."""
_PREDICATE_BEFORE = lazy_pattern(
    r"\b(?:be|as|like|become|becomes|becoming|is|was|am|'m|are|were|being|of|to|from|in|on)"
    r"\s+$"
)
"""A role word as what someone is or where a card is ('be dummy', 'led from dummy')."""
_DIRECTOR = lazy_pattern(r"(?<![\w'])(?:the\s+)?(?:td|director|tournament director)(?![\w'])")
"""The director named as the one who speaks: he rules on what the entitled player chose."""
_SAYS_AFTER = lazy_pattern(r"\s+(?:said|says|told|tells|goes|went|replied|shouted)\b")
"""A saying verb right after a role word: the role is who speaks."""
_ROLE_SUBJECT = lazy_pattern(
    r"(?<![\w'])(?:(?P<declarer>declarer|decl)|(?P<dummy>dummy|the board)"
    r"|(?P<defender>(?:the other |a |one |the )?defenders?|(?:the )?opening leader))(?![\w'])"
)
"""A player named by his role in the play (not 'declarer's lho': a player named relative)."""


@dataclass(frozen=True)
class _Entitled:
    """Who may make the decision a question asks: seats, roles in the play, or relations to
    an offender not placed ('his LHO'); None where the story does not say."""

    seats: frozenset[Seat] | None
    roles: frozenset[str] | None
    relations: frozenset[str]
    next_player: bool
    declarer: Seat | None
    speaker_role: str | None
    offender_known: bool
    """Whose irregularity it is, is known (else 'his LHO' is told relative to him)."""


def _entitled(decider: Decider, play: PlayStory | None) -> _Entitled:
    said_by, offender = decider.said_by, decider.offender
    declarer = play.declarer if play is not None and decider.in_play else None
    speaker_role = play.speaker_role if play is not None and decider.in_play else None
    seats: frozenset[Seat] | None = None
    roles: frozenset[str] | None = None
    relations: frozenset[str] = frozenset()
    if said_by in ("offender", "partner", "lho", "rho"):
        if offender is not None:
            seats = frozenset({relation_seat(offender, _RELATION_OF[said_by])})
        relations = frozenset({said_by})
        known = offender is not None
        return _Entitled(seats, None, relations, said_by == "lho", declarer, speaker_role, known)
    if said_by == "declarer":
        seats = frozenset({declarer}) if declarer is not None else None
        roles = frozenset({"declarer"})
        return _Entitled(seats, roles, relations, False, declarer, speaker_role, True)
    # the non-offending side: in the play declarer when a defender is at fault, either
    # defender when declarer's side is (dummy never chooses); in the auction the offender's
    # opponents
    if not decider.in_play:
        if offender is not None:
            seats = frozenset({offender.lho, offender.rho})
        opponents = frozenset({"lho", "rho"})
        return _Entitled(seats, None, opponents, True, None, None, offender is not None)
    side = decider.offender_side
    if side is None and offender is not None and declarer is not None:
        side = "declarer" if offender in (declarer, declarer.partner) else "defender"
    story = play.story if play is not None else None
    dummy = story.speaker if story is not None and speaker_role == "dummy" else None
    if side == "defender":
        roles = frozenset({"declarer"})
        if declarer is not None:
            seats = frozenset({declarer})
        elif offender is not None:  # declarer is one of his opponents, dummy the other
            seats = frozenset({offender.lho, offender.rho} - {dummy})
    elif side == "declarer":
        roles = frozenset({"defender"})
        if speaker_role is None:
            # declarer's lead told of him by someone not said to be dummy: a defender
            speaker_role = "defender"
        defenders = (declarer.lho, declarer.rho) if declarer is not None else None
        if defenders is None and offender is not None:
            defenders = (offender.lho, offender.rho)
        seats = frozenset(defenders) if defenders is not None else None
    else:
        # the side at fault not known: 'declarer' chooses unless his side is (a lead told
        # as declarer's names him); an opponent of the offender by seat, unless he is dummy
        roles = frozenset({"declarer"})
        if offender is not None:
            seats = frozenset({offender.lho, offender.rho} - {dummy})
    return _Entitled(seats, roles, relations, False, declarer, speaker_role, True)


_RELATION_OF: dict[str, Relation] = {
    "offender": "self",
    "partner": "partner",
    "lho": "lho",
    "rho": "rho",
}


def _role_of(seat: Seat | None, entitled: _Entitled, *, speaker: bool) -> str | None:
    """A seat's role in the play, when the story proves it."""
    if seat is not None and entitled.declarer is not None:
        return {"self": "declarer", "partner": "dummy"}.get(
            entitled.declarer.relation_to(seat), "defender"
        )
    return entitled.speaker_role if speaker else None


def _may_decide(who: _Who, entitled: _Entitled, speaker: Seat | None) -> bool:
    """Whether the player named is one entitled to decide (unknown: not)."""
    if who.kind == "role":
        if entitled.roles is not None:
            return who.role in entitled.roles
        if who.role in ("declarer", "dummy") and entitled.seats is not None and entitled.declarer:
            seat = entitled.declarer if who.role == "declarer" else entitled.declarer.partner
            return seat in entitled.seats
        return False
    if entitled.seats is not None and who.seat is not None:
        return who.seat in entitled.seats
    if entitled.roles is not None:
        role = _role_of(who.seat, entitled, speaker=who.kind == "speaker" or who.seat == speaker)
        return role is not None and role in entitled.roles
    return False


def _side_decides(side: re.Match[str], entitled: _Entitled, speaker: Seat | None) -> bool:
    """Whether a side named ('we', 'opps', 'n/s', 'the defenders') holds a player entitled."""
    if side.group("defenders") is not None:
        if entitled.roles is not None:
            return "defender" in entitled.roles
        declarer = entitled.declarer
        return bool(declarer and entitled.seats and entitled.seats & {declarer.lho, declarer.rho})
    seats = _side_seats(side, speaker)
    if entitled.seats is not None:
        return bool(entitled.seats & set(seats))
    if entitled.roles is None:
        return False
    if side.group("we") is not None or side.group("opps") is not None:
        own = entitled.speaker_role
        if own is None:
            return False
        ours = {"defender"} if own == "defender" else {"declarer", "dummy"}
        theirs = {"declarer", "dummy"} if own == "defender" else {"defender"}
        return bool(entitled.roles & (ours if side.group("we") is not None else theirs))
    roles = {_role_of(seat, entitled, speaker=False) for seat in seats}
    return bool(entitled.roles & roles)


def _named(story_players: Iterable[PlayerRef], lowered: str, start: int, end: int) -> list[_Who]:
    """The players and roles named in ``lowered[start:end]``, in order. 'him' (an object) and
    an owner ("E's highest card") never decide, though kept from being read as a role."""
    found = [
        _Who(r.start, r.end, r.kind, r.words, r.seat, None, r.relation, r.unnamed_owner)
        for r in story_players
        if start <= r.start < end
    ]
    taken = [(w.start, w.end) for w in found]
    found = [
        w
        for w in found
        if w.words.lower() != "him"
        and not _OWNER.search(w.words.lower())
        and not _OBJECT_BEFORE.search(lowered, max(0, w.start - 14), w.start)
    ]
    for m in _DIRECTOR.finditer(lowered, start, end):
        found.append(_Who(m.start(), m.end(), "director", m.group(0)))
    for m in _ROLE_SUBJECT.finditer(lowered, start, end):
        if any(a <= m.start() < b or m.start() <= a < m.end() for a, b in taken):
            continue
        if _PREDICATE_BEFORE.search(
            lowered, max(0, m.start() - 12), m.start()
        ) and not _SAYS_AFTER.match(lowered, m.end()):
            continue  # 'ill be dummy', 'laid it down as dummy': what he is, not who acts
            # ('when i got in declarer said ...': a saying verb after it makes him its subject)
        role = next(name for name in ("declarer", "dummy", "defender") if m.group(name))
        found.append(_Who(m.start(), m.end(), "role", m.group(0), role=role))
    return sorted(found, key=lambda w: w.start)


def _subject_decides(who: _Who, entitled: _Entitled, speaker: Seat | None) -> bool:
    if who.kind == "director":
        return True  # 'TD told him to take it back': the director says what was chosen
    side = _SIDE.fullmatch(who.words.lower())
    if who.kind in ("opponent", "role") and side is not None:
        return _side_decides(side, entitled, speaker)
    if who.kind == "next":
        return entitled.next_player  # 'the next player' after the offender is his LHO
    if who.kind == "possessed" and who.seat is None and not entitled.offender_known:
        return who.relation in entitled.relations  # 'Bob bid 1S over 1NT. His LHO accepted'
    return _may_decide(who, entitled, speaker)


_QUOTE_TELLER_BEFORE = lazy_pattern(
    r"(?:\b(?:says|said|say|goes|went|replied|answered|announced|shouted"
    r"|(?:told|tells) (?:my |his |her |the )?\w+)\s*(?:that\s*)?[:,\-–]?|\s*:)\s*$"
)
"""Just before a quoted remark: its speaker's verb ("E says 'we don't accept'", "E: '...'")."""
_QUOTE_TELLER_AFTER = lazy_pattern(
    r"\s*,?\s*(?:says|said|goes|replied|answered|announced|shouted)\s+"
)
"""After the quote, before its speaker: "'we don't accept,' said E"."""


def _quoted_decides(
    players: Iterable[PlayerRef],
    lowered: str,
    words_end: int,
    quote: tuple[int, int],
    entitled: _Entitled,
) -> bool:
    """Decision words inside a quoted remark: 'I', 'we', 'pd' are the remark's speaker, his
    side, his partner. A remark with nobody to say it, or a player in it not placed, is
    asked."""
    start, end = quote
    everyone = _named(players, lowered, 0, len(lowered))
    teller = _quote_teller(everyone, lowered, start, end)
    if teller is None:
        return False
    inside = [w for w in everyone if start < w.start < words_end]
    sides = [m for m in _SIDE.finditer(lowered, start + 1, words_end)]
    last_named = inside[-1].start if inside else start
    if sides and sides[-1].start() >= last_named:
        side = sides[-1]
        if side.group("we") is not None:
            return _teller_side_decides(teller, entitled, ours=True)
        if side.group("opps") is not None:
            return _teller_side_decides(teller, entitled, ours=False)
        return _side_decides(side, entitled, None)
    if not inside:
        return _subject_decides(teller, entitled, None)  # 'E: "not accepted"'
    who = inside[-1]
    if who.kind == "speaker":
        return _subject_decides(teller, entitled, None)
    if who.kind == "relative" and who.relation is not None:
        if teller.seat is None:
            return False  # 'pd' of a speaker not seated
        seat = relation_seat(teller.seat, who.relation)
        return _may_decide(_Who(who.start, who.end, "seat", who.words, seat), entitled, None)
    if who.kind in ("seat", "role"):
        return _subject_decides(who, entitled, None)
    return False  # a pronoun, or an opponent of the remark's speaker: not placed


def _quote_teller(everyone: list[_Who], lowered: str, start: int, end: int) -> _Who | None:
    """Who said the quoted remark: the subject of the saying verb just before it ("E looked
    at it and said '...'"), or the player named just after it ("'...', said E")."""
    said = _QUOTE_TELLER_AFTER.match(lowered, end)
    after = [w for w in everyone if said is not None and w.start == said.end()]
    if after:
        return _placed(after[0])
    if not _QUOTE_TELLER_BEFORE.search(lowered, max(0, start - 40), start):
        return None
    floor = clause_start(lowered, start)
    quotes = quoted_spans(lowered)
    before = [
        w
        for w in everyone
        if floor <= w.start and w.end <= start and not any(a < w.start < b for a, b in quotes)
    ]
    return _placed(_antecedent(before)) if before else None


def _placed(who: _Who) -> _Who | None:
    """The teller of a remark, when he is one player (not 'he', not 'the opponents')."""
    if who.kind in ("pronoun", "opponent", "next") or _SIDE.fullmatch(who.words.lower()):
        return None
    return who


def _teller_side_decides(teller: _Who, entitled: _Entitled, *, ours: bool) -> bool:
    """'we' (ours) or 'they' of the remark's speaker: his side, or the other."""
    if teller.seat is not None and _role_of(teller.seat, entitled, speaker=False) == "dummy":
        return False  # dummy takes no part in the choice (Law 43)
    if teller.seat is not None:
        seats = {teller.seat, teller.seat.partner}
        side = seats if ours else {teller.seat.lho, teller.seat.rho}
        if entitled.seats is not None:
            return bool(entitled.seats & side)
        roles = {_role_of(s, entitled, speaker=False) for s in side}
        return entitled.roles is not None and bool(entitled.roles & roles)
    if teller.kind == "role" and teller.role == "dummy":
        return False  # dummy takes no part in the choice (Law 43)
    if teller.kind == "role" and entitled.roles is not None:
        own = {"defender"} if teller.role == "defender" else {"declarer", "dummy"}
        other = {"declarer", "dummy"} if teller.role == "defender" else {"defender"}
        return bool(entitled.roles & (own if ours else other))
    return False


_PARTICIPLE = lazy_pattern(
    r",\s*(?:(?:it|that|this)\s+)?(?:(?:was|wasn't|is|isn't|got|been|not|never)\s+)*[a-z]+ed\b"
)
"""After a comma, a decision told as done with no subject ('..., not accepted')."""
_SIDE = lazy_pattern(
    r"\b(?:(?P<we>we|us)|(?P<opps>opps|opponents|the opponents|the opps)"
    r"|(?P<ns>n/s|ns|n-s|north-south)|(?P<ew>e/w|ew|e-w|east-west)"
    r"|(?P<defenders>the defenders|defenders|both defenders))\b"
)
"""A side named as one: the speaker's ('we'), the other ('opps'), a pair by its seats, or the
defenders in the play."""


def _side_seats(side: re.Match[str], speaker: Seat | None) -> tuple[Seat, ...]:
    """The seats of the side named (none when it is told relative to an unplaced speaker)."""
    if side.group("ns") is not None:
        return (Seat.NORTH, Seat.SOUTH)
    if side.group("ew") is not None:
        return (Seat.EAST, Seat.WEST)
    if speaker is None or side.group("defenders") is not None:
        return ()
    if side.group("we") is not None:
        return (speaker, speaker.partner)
    return (speaker.lho, speaker.rho)
