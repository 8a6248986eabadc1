"""Revokes: who failed to follow, at which trick, whether it was established, and a revoke only
asked about."""

from __future__ import annotations

import re

from bot.core.calls import Seat
from bot.core.play import TRICKS_PER_DEAL, find_cards
from bot.dialogue.play_reader import PlayStory, clause_end
from bot.dialogue.reading.events import (
    _ON_LEAD,
    _PLAYED_SUIT,
    _TRICK_NUMBER,
    Event,
    Irregularity,
    role_at,
)
from bot.dialogue.reading.proven import TOLD_BOTH_WAYS
from bot.dialogue.reading.sentences import _sentence_start
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.roles_apart import partners_defend
from bot.dialogue.trick_reader import inquiries, inquiry_answered, suit_letter
from bot.lazy import lazy_pattern


def _of_another_suit(lowered: str, position: int) -> bool:
    """'played a spade on partner's heart lead': a card of another suit than the one led."""
    card = _PLAYED_SUIT.match(lowered, position)
    if card is None:
        return False
    led = _ON_LEAD.match(lowered, card.end() + 1) or _ON_LEAD.match(lowered, card.end())
    if led is None:
        return False
    return suit_letter(card.group(1)) != suit_letter(next(g for g in led.groups() if g))


_BARE_FOLLOW = lazy_pattern(r"(?:didn'?t|did not) follow\s*(?:[.,;!?]|$)")
_PLAY_SAID = lazy_pattern(
    r"\b(?:tricks?|declarer|decl|dummy|led|lead|leads|defend\w*|played|plays|suit|suits|trumps?"
    r"|ruff\w*|discard\w*|threw|pitched|spades?|hearts?|diamonds?|clubs?|contract)\b"
)


def _not_understood(lowered: str, event: Event, events: tuple[Event, ...]) -> bool:
    """'I didn't follow.' with nothing of the play told (no trick, suit, card or lead): the
    teller did not understand something, no card was played."""
    return (
        _BARE_FOLLOW.match(lowered, event.start) is not None
        and not _PLAY_SAID.search(lowered)
        and not find_cards(lowered)
        and not any(e.act in ("lead", "play", "discard", "ruff") for e in events)
    )


def _revokes(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    winners: dict[int, Seat],
    sides: dict[Seat, frozenset[int]],
    vocabulary: Vocabulary,
    facts: dict[str, str],
    told_winners: dict[int, Seat] | None = None,
) -> list[Irregularity]:
    """The revokes told. ``winners`` holds each trick's winner, told or read from the trick's
    cards (a ruffed trick); ``told_winners`` only those told in words (default: all)."""
    told_winners = winners if told_winners is None else told_winners
    said = [
        e
        for e in events
        if e.act == "revoke"
        and not _DENIED.search(lowered[max(0, e.start - 30) : e.start])
        and not _SUSPECTED.search(
            lowered[max(_sentence_start(lowered, e.start), e.start - 60) : e.start]
        )
    ]
    said = [e for e in said if not _not_understood(lowered, e, events)]
    shown = [
        e
        for e in events
        if e.act in ("discard", "ruff", "play") and "held_suit" in e.how and "asked" not in e.how
    ]  # 'can I discard a heart if I still have a spade?': a case put, not a revoke told
    if not shown and _TRICK_OF_THREE.search(lowered):
        said = []  # 'never followed ... the trick was taken with three cards': no card played (67)
    revokes = shown or said
    by_dummy = None if revokes else dummy_revoke(lowered, events)
    if by_dummy is not None:
        revokes = [by_dummy]
    if not revokes:
        return []
    first = revokes[0]
    trick = next((e.trick for e in revokes if e.trick is not None), None)
    proven: dict[str, str] = {}
    if trick is not None:
        proven["revoke_trick"] = (
            "twelve" if trick == 12 else "earlier" if trick < 12 else "thirteen"
        )
    timing = vocabulary.timing
    found_later = trick is not None and any(
        int(m.group(1) or m.group(2)) >= trick + 2 for m in _TRICK_NUMBER.finditer(lowered)
    )  # 'revoked at t6, noticed at t9 before the next trick': the side played on to t7
    if (
        timing["before_next_trick"].search(lowered) or _in_the_same_trick(lowered, first)
    ) and not found_later:
        proven["revoke_noticed"] = "before_established"
    elif timing["after_session"].search(lowered):
        proven["revoke_noticed"] = "round_over"
    elif timing["next_deal_called"].search(lowered) and _against_us(play, first):
        proven["revoke_noticed"] = "next_deal"  # the non-offenders called on the next board
    elif timing["after_last_trick"].search(lowered) or re.search(
        r"\b(found|spotted|noticed) after trick 13\b", lowered
    ):
        proven["revoke_noticed"] = "in_play"
    if timing["hands_out"].search(lowered):
        proven["hands_returned"] = "no"
    told_in_full = bool(told_winners or sides) and (
        play.declarer_tricks is not None or _MADE.search(lowered)
    )
    acts = {(e.actor, e.trick) if e.actor and e.trick else e.start for e in revokes}
    # 'revoked on trick 4 (didn't follow spades)': one revoke told twice, by one player at one trick
    if told_in_full and len(acts) == 1 and not _SPECIAL.search(lowered):
        proven["revoke_special"] = "ordinary"  # one revoke in a whole trick-by-trick account
    offender = first.actor
    if offender is not None and trick is not None:
        winner = (
            told_winners if proven.get("revoke_noticed") == "before_established" else winners
        ).get(trick)  # a revoke put right in its own trick: the cards read may not stand
        if "won_it" in first.how:
            winner = offender
        if winner is not None:
            proven["revoke_trick_won"] = (
                "offender"
                if winner is offender
                else "revoker_partner"
                if winner is offender.partner
                else "opponents"
            )
        later = [t for t, s in winners.items() if t > trick]
        if any(winners[t] in (offender, offender.partner) for t in later):
            proven["later_tricks"] = "yes"
    elif "won_it" in first.how:
        proven["revoke_trick_won"] = "offender"
    if offender is not None and "alleged" not in first.how:
        later_told = _later_told(lowered, offender, trick, first.end)
        if later_told is not None:
            proven.setdefault("later_tricks", later_told)
    if "alleged" not in first.how and "later_tricks" not in proven:
        later_said = _later_by_subject(lowered, play, first, trick)
        if later_said is not None:
            proven["later_tricks"] = later_said
    if trick is not None and sides:
        told = _told_by_sides(offender, first.role, trick, sides, play.declarer_tricks)
        for key, value in told.items():
            proven.setdefault(key, value)
    if "revoke_trick_won" not in proven:
        won = _won_by_role(lowered, first)
        if won is not None:
            proven["revoke_trick_won"] = won
    proven["revoke_event"] = "revoke"
    if (
        first.role is not None
        and "alleged" not in first.how
        and not _DUMMY_CARD.search(lowered[first.start : first.end + 30])
    ):
        proven["revoke_offender_role"] = first.role
    if by_dummy is not None:
        proven["revoke_offender_role"] = "dummy"
    if "revoke_offender_role" not in proven and _partner_of_teller_defends(play, first):
        proven["revoke_offender_role"] = "defender"
    facts.update(proven)
    found = [Irregularity("revoke", first.start, proven)]
    told_from = max(lowered.rfind(c, 0, first.start) for c in ".;!?") + 1
    # the card taken back is what the story asks about, if it is the revoke's (a lead
    # taken back in an earlier sentence is another card)
    corrected = _TAKEN_BACK.search(lowered, told_from) or vocabulary.told["card_taken_back"].search(
        lowered, told_from
    )  # 'card back?': the card he asks to take back
    if corrected is not None and not (
        inquiry_answered(lowered, first.start, first.end) is not None
        and "?" not in lowered[corrected.end() : clause_end(lowered, corrected.end()) + 1]
    ):  # 'no hearts?' - 'oops', and he changes it: the answer, not a card he asks to take back
        found.insert(0, Irregularity("revoke_corrected", first.start))
    return found


_SAME_TRICK = lazy_pattern(
    r"\bbefore (?:(?:his|her|my|the|their|our) )?(?:[\w']+ ){0,2}(?:had |has )?(?:played|followed)"
    r" (?:a card )?to (?:it|the trick|that trick|this trick|the same trick)\b"
    r"(?! (?:after|before|afterwards))"
    r"|\bbefore (?:the|that|this) trick (?:was|had been|got) (?:over|finished|complete|completed"
    r"|gathered|quitted|turned|done|closed|taken)\b"
    r"|\bbefore (?:the )?(?:last|fourth|4th) (?:card|player) (?:was played|played|had played)\b"
    r"|\b(?:noticed|spotted|caught|saw|seen|realised|realized|corrected|fixed|put (?:it )?right)"
    r"\b[^.;!?]{0,30}?\b(?:on|in|within|during) the same trick\b"
    r"|\b(?:while|when) the trick was still (?:open|on the table|in progress|going)\b"
)
"""The failure to follow was seen while its own trick was still being played ('before pd
played to it', 'before the trick was over', 'noticed it in the same trick'): nobody can yet have
played to the next trick, so the revoke is not established (63A). 'The same trick' only with
the noticing: 'both revoked on the same trick' says where the revokes were, not when seen."""
_NOT_SAME_TRICK = lazy_pattern(r"\b(?:not|never|n't|wasn't|only|after)\b[^.;!?]{0,12}$")


def _in_the_same_trick(lowered: str, revoke: Event) -> bool:
    """Words after the failure to follow timing its noticing (or putting right) inside its own
    trick; not denied ('not before the trick was over')."""
    for match in _SAME_TRICK.finditer(lowered, revoke.start):
        if not _NOT_SAME_TRICK.search(lowered, max(0, match.start() - 14), match.start()):
            return True
    return False


_SIDE = (
    r"(?:(?P<pair>[nesw])\s*[/-]\s*(?P<pair2>[nesw])|(?P<joined>ns|ew)"
    r"|(?P<one>north|east|south|west|[nesw])'s side"
    r"|(?P<long>north|south|east|west)\s*[/-]\s*(?P<long2>north|south|east|west))"
)
"""A side named by its seats: 'E/W', 'NS', 'north-south', 'W's side'."""
_LATER_WON = lazy_pattern(
    rf"\b{_SIDE}\s+(?:also\s+|then\s+|later\s+|only\s+)?(?:won|took|made|got)\s+"
    r"(?:one|two|three|four|five|\d{1,2}|a|another|a couple of|a few|some)\s+"
    r"(?:more\s+|further\s+|later\s+)?tricks?\s+(?:afterwards|after|later)"
    r"(?:\s+t(?:rick\s*)?(?P<after>\d{1,2})\b)?"
)
"""'E/W won two tricks after T3', 'e-w won a trick later': the side won a trick after it."""
_NONE_LATER = lazy_pattern(
    rf"\b{_SIDE}\s+(?:(?:won|took|made|got)\s+(?:no\s+(?:more\s+|further\s+)?tricks?|nothing)"
    r"\s+(?:afterwards|after|later|from\s+t(?:rick\s*)?(?P<since>\d{1,2})\s+onwards)"
    r"(?:\s+t(?:rick\s*)?(?P<after>\d{1,2})\b)?"
    r"|never\s+(?:won|took)\s+another\s+trick)"
)
"""'NS never won another trick', 'E-W won nothing from T5 onwards': none after it ('won no
other tricks' is not read: other than which?)."""


def _side_letters(match: re.Match[str]) -> set[str]:
    groups = match.groupdict()
    letters = {groups[g][0] for g in ("pair", "pair2", "one", "long", "long2") if groups.get(g)}
    return letters | set(groups.get("joined") or "")


def _later_told(lowered: str, offender: Seat, trick: int | None, told_at: int) -> str | None:
    """Whether the offending side won a trick after the revoke trick, told of the side by its
    seats after the revoke ('E/W won two tricks after T3', 'NS never won another trick')."""
    ours = {offender.value.lower(), offender.partner.value.lower()}
    for pattern, value in ((_LATER_WON, "yes"), (_NONE_LATER, "no")):
        for match in pattern.finditer(lowered, told_at):
            letters = _side_letters(match)
            if (len(letters) == 2 and letters != ours) or not letters <= ours:
                continue  # the other side's tricks, or no side
            numbers = match.groupdict()
            after = int(numbers["after"]) if numbers.get("after") else None
            since = int(numbers["since"]) if numbers.get("since") else None
            if trick is None:
                if after is None and since is None:
                    return value
                continue
            if value == "yes" and after is not None and after < trick:
                continue  # after an earlier trick: maybe the revoke trick itself
            if value == "no" and after is not None and after > trick:
                continue  # none after a later trick: the tricks between are untold
            if since is not None and since > trick + 1:
                continue
            return value
    return None


_NUMBER = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_FEW = rf"(?:{_NUMBER}|a few|a couple(?: of)?|some|several|many|lots of|loads of|plenty of|more)"
_AFTER = (
    r"(?:afterwards|after(?: (?:that|it|this))?|later(?: on)?|from then on"
    r"|after trick (?:1[0-3]|[1-9]))"
)
_LATER_SUBJECT = lazy_pattern(
    r"(?:^|(?<=[.;:,!?(])\s*|\b(?:and|then|but|so|because|while|after which)\s+)"
    r"(?P<subject>(?:the )?(?:revoker|offender|offenders|offending side|revoking side"
    r"|defenders|defence|defense)|declarer|dummy|we|they|he|she|i"
    r"|[\w/-]+(?:'s side|'s)?)"
    r"\s+(?:also\s+|then\s+|later\s+|still\s+)?"
    r"(?:(?P<won>won|took|made|got|wins|takes)"
    r"|(?P<not>never|didn't|did not|couldn't|could not) (?:won|win|took|take|got|get|made|make))"
    r"\s+(?=(?P<what>[^.;!?]{0,40}))"
)
"""A clause whose subject won (or did not win) tricks: 'they won 2 more after', 'we took the
rest', 'lho's side got nothing after' (what was won is read from ``what``)."""
_SOME_LATER = lazy_pattern(
    rf"(?:that trick and |it and )?{_FEW} (?:more|further|later)(?: tricks?)?\b"
    rf"|{_FEW} (?:other )?tricks? {_AFTER}"
    r"|another(?: trick)?\b(?! (?:board|deal|hand|round))"
    rf"|a (?:trick|spade|heart|diamond|club) {_AFTER}"
    rf"|(?:lots|loads|plenty|heaps) {_AFTER}"
)
"""Some trick after the one spoken of: 'two more', 'loads of tricks afterwards', 'another'."""
_ALL_LATER = lazy_pattern(
    r"(?:all|every one of) (?:of )?the (?:remaining|later|following) tricks\b"
    r"|(?:all )?the rest(?: of the tricks)?\b(?! of (?:the )?(?:hand|board|auction|bidding))"
    rf"|(?:every|each) trick {_AFTER}|all (?:the )?tricks {_AFTER}"
)
"""Every trick after it: 'the rest', 'every trick after that', 'all the remaining tricks'."""
_NONE_AFTER = lazy_pattern(
    rf"nothing (?:more|further|else )?{_AFTER}|nothing more\b"
    rf"|no (?:more|further|later) tricks?\b|no tricks? {_AFTER}"
)
"""No trick after it: 'nothing after', 'no more tricks', 'no tricks afterwards'."""
_NOT_WON_LATER = lazy_pattern(
    r"(?:another|any more|any further|any later)(?: tricks?)?\b"
    rf"|any tricks? {_AFTER}|a trick {_AFTER}"
)
"""After 'never won' / 'didn't take': 'another', 'any more tricks', 'a trick afterwards'."""
_UNSURE = lazy_pattern(r"\b(?:if|whether|suppose|supposing|maybe|might|think|thinks)\b")


def _later_by_subject(
    lowered: str, play: PlayStory, revoke: Event, trick: int | None
) -> str | None:
    """Whether the offending side won a trick after the revoke trick, told of whoever won
    ('they won 2 more after', 'we took the rest', 'declarer never won another trick',
    'E/W got nothing after'): the subject is placed on a side from the seats, the roles and
    the teller's chair, and set against the revoker's side. The offending side winning
    another, or some more, is 'yes'; its winning none, or the other side's winning every
    trick after, is 'no'. A subject that cannot be placed, a question or a supposition
    fills nothing, and two clauses that disagree fill nothing."""
    if trick is not None and trick >= TRICKS_PER_DEAL:
        return None
    found: set[str] = set()
    for match in _LATER_SUBJECT.finditer(lowered, revoke.end):
        end = clause_end(lowered, match.start("what"))
        clause = lowered[_sentence_start(lowered, match.start()) : end + 1]
        if "?" in clause or _UNSURE.search(clause):
            continue
        what = lowered[match.start("what") : end]
        if match.group("not"):
            said = "none" if _NOT_WON_LATER.match(what) else None
        elif _ALL_LATER.match(what):
            said = "all"
        elif _NONE_AFTER.match(what):
            said = "none"
        elif _SOME_LATER.match(what):
            said = "some"
        else:
            said = None
        if said is None:
            continue
        if _JOINED.search(lowered, max(0, match.start() - 12), match.start("subject")):
            continue  # 'lho and i won two more': two players, maybe of both sides
        side = _subject_side(lowered, play, revoke, match)
        if side is None:
            continue
        value = "no" if said == "none" or side == "other" else "yes"
        if side == "other" and said != "all":
            continue  # the non-offenders' own tricks say nothing of the offenders'
        after = re.search(r"after trick (1[0-3]|[1-9])", what)
        if after is not None and trick is not None:
            told = int(after.group(1))
            if told < trick or (value == "no" and told != trick):
                continue  # after another trick: the tricks between are untold
        if value == "no" and not _since_revoke_trick(lowered, revoke, trick, match.start()):
            continue  # 'then at T9 ... nothing after that': after a later trick
        found.add(value)
    return found.pop() if len(found) == 1 else None


_JOINED = lazy_pattern(
    r"\b(?:lho|rho|pd|partner|me|him|her|them|us|i|declarer|dummy|north|south|east|west|[nesw])"
    r"\s+(?:and|&)\s+$"
)
_LATER_TRICK = lazy_pattern(
    r"\btrick (?P<n>1[0-3]|[1-9])\b|\b(?:later|at the end|afterwards|then at|next trick)\b"
)


def _since_revoke_trick(lowered: str, revoke: Event, trick: int | None, at: int) -> bool:
    """No later trick is spoken of between the revoke and ``at`` (or the last one spoken of is
    the revoke trick itself): 'after that' there is after the revoke trick."""
    told = list(_LATER_TRICK.finditer(lowered, revoke.end, at))
    last = told[-1] if told else None
    if last is None:
        return True
    return last.group("n") is not None and trick is not None and int(last.group("n")) == trick


_OPPONENTS = ("lho", "rho")


def _subject_side(lowered: str, play: PlayStory, revoke: Event, match: re.Match[str]) -> str | None:
    """The subject of ``match`` placed against the revoker: 'offending', 'other' or None."""
    subject = match.group("subject")
    start = match.start("subject")
    offender = revoke.actor
    role = revoke.role
    if role is None and offender is not None and play.declarer is not None:
        role = role_at(play, offender)
    if subject in (
        "revoker",
        "offender",
        "the revoker",
        "the offender",
        "offenders",
        "the offenders",
        "offending side",
        "the offending side",
        "revoking side",
        "the revoking side",
    ):
        return "offending"
    if subject in ("he", "she"):
        named = [
            p for p in play.story.players if revoke.end <= p.start < start and p.kind != "pronoun"
        ]
        roles = [r for r in play.roles if revoke.end <= r.start < start]
        return None if named or roles or (offender is None and role is None) else "offending"
    if subject in (
        "declarer",
        "dummy",
        "the defenders",
        "the defence",
        "the defense",
        "defenders",
        "defence",
        "defense",
    ):
        if role is None:
            return None
        subject_side = "defender" if subject.startswith(("the def", "def")) else "declarer"
        revoker_side = "defender" if role == "defender" else "declarer"
        return "offending" if subject_side == revoker_side else "other"
    ours = _teller_offends(play, revoke, role)
    if subject in ("we", "i"):
        if subject == "i":
            ref = next((p for p in play.story.players if p.start == start), None)
            if ref is not None and ref.seat is not None and offender is not None:
                return _seat_side(offender, ref.seat)
        return None if ours is None else "offending" if ours else "other"
    if subject == "they":
        if not play.story.first_person or ours is None:
            return None
        return "other" if ours else "offending"
    side = _LONE_SIDE.fullmatch(subject)
    if side is not None and offender is not None:
        letters = _side_letters(side)
        mine = {offender.value.lower(), offender.partner.value.lower()}
        if letters <= mine:
            return "offending"
        if not letters & mine:
            return "other"
        return None
    ref = next((p for p in play.story.players if p.start == start), None)
    if ref is not None and ref.seat is not None and offender is not None:
        return _seat_side(offender, ref.seat)
    return None


_LONE_SIDE = lazy_pattern(_SIDE)


def _seat_side(offender: Seat, seat: Seat) -> str:
    return "offending" if offender.relation_to(seat) in ("self", "partner") else "other"


def _teller_offends(play: PlayStory, revoke: Event, role: str | None) -> bool | None:
    """Whether the teller sits on the revoker's side: by seats, or by roles ('i was dummy',
    declarer revoked)."""
    speaker = play.story.speaker
    if speaker is not None and revoke.actor is not None and play.story.first_person:
        return speaker.relation_to(revoke.actor) not in _OPPONENTS
    if play.speaker_role is not None and role is not None:
        return (play.speaker_role == "defender") == (role == "defender")
    return None


def _told_by_sides(
    offender: Seat | None,
    role: str | None,
    trick: int,
    sides: dict[Seat, frozenset[int]],
    declarer_tricks: int | None,
) -> dict[str, str]:
    """What the tricks a side says it won ('we won T1, T3 and T8') tell of the revoke at
    ``trick``. A list is whole when its length is the side's count of tricks, which also tells
    which side defended (declarer making 10, the side listing three tricks defended). The
    non-offenders won the revoke trick when their list holds it or the offenders' whole list
    lacks it; the offenders won a later trick (64A) when their list holds one, or the
    non-offenders' whole list lacks one."""
    defended: set[Seat] = set()
    declared: set[Seat] = set()
    if declarer_tricks is not None:
        for seat, tricks in sides.items():
            if len(tricks) == TRICKS_PER_DEAL - declarer_tricks != declarer_tricks:
                defended.add(seat)
            elif len(tricks) == declarer_tricks != TRICKS_PER_DEAL - declarer_tricks:
                declared.add(seat)

    def other(key: Seat) -> Seat:
        return Seat.EAST if key is Seat.NORTH else Seat.NORTH

    offending: Seat | None = None  # the offending side's key (its North or East seat)
    if offender is not None:
        offending = offender if offender in (Seat.NORTH, Seat.EAST) else offender.partner
    elif role in ("declarer", "dummy"):
        offending = next(iter(declared), None) or next((other(k) for k in defended), None)
    elif role == "defender":
        offending = next(iter(defended), None) or next((other(k) for k in declared), None)
    if offending is None:
        return {}
    ours = sides.get(offending, frozenset())
    theirs = sides.get(other(offending), frozenset())
    ours_whole = offending in defended | declared
    theirs_whole = other(offending) in defended | declared
    facts: dict[str, str] = {}
    if offending in defended or other(offending) in declared:
        facts["revoke_offender_role"] = "defender"
    if trick in theirs or (ours_whole and trick not in ours):
        facts["revoke_trick_won"] = "opponents"
    later = range(trick + 1, TRICKS_PER_DEAL + 1)
    if any(t in ours for t in later) or (theirs_whole and any(t not in theirs for t in later)):
        facts["later_tricks"] = "yes"
    return facts


def _revoke_alleged(
    lowered: str, events: tuple[Event, ...], facts: dict[str, str]
) -> list[Irregularity]:
    """'E claimed that S revoked, S says no', 'LHO reckons I didn't follow suit': a revoke
    another player says happened, not one the teller says happened. Whether it did is for the
    director to establish, under the revoke Laws (61C, 64); nothing about it is taken as
    proven. Only another's accusation counts ('said', 'claims', 'reckons'): not the teller's
    own doubt ('i think declarer didn't follow'), a denial ('never revoked') or a question
    ('asked if he had revoked')."""
    for event in events:
        if event.act != "revoke":
            continue
        before = lowered[max(0, event.start - 30) : event.start]
        if _ACCUSED.search(before) and not _NOT_BEFORE.search(before):
            if _DENIED_AFTER.search(lowered, event.end):
                facts["revoke_event"] = TOLD_BOTH_WAYS  # his word against the other's: asked
            trick = event.trick
            if trick is None:
                return [Irregularity("revoke_alleged", event.start)]
            at = "twelve" if trick == 12 else "earlier" if trick < 12 else "thirteen"
            facts.setdefault("revoke_trick", at)  # the trick in question, whoever is right
            return [Irregularity("revoke_alleged", event.start, {"revoke_trick": at})]
    return []


_ACCUSED = lazy_pattern(
    r"\b(?:claims?|claimed|says?|said|accused|accuses|alleges?|alleged|reckons?|reckoned|"
    r"insists?|insisted)\b(?: that)?\s+(?:[\w']+\s+){0,3}$"
)
_DENIED_AFTER = lazy_pattern(
    r"\b(?:den(?:y|ies|ied|ying)|disputes?|disputed|disagrees?|disagreed|says? no|said no"
    r"|says? (?:he|she|i) (?:didn't|did not|never)|(?:isn't|is not|wasn't|was not) true)\b"
)
"""'S says no', 'he denies it': the revoke said to have happened is disputed."""
_NOT_BEFORE = lazy_pattern(r"\b(?:not|never|no|n't|whether|if|asked)\b[^.;!?]{0,25}$")


def _revoke_inquiry(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """A player asked 'no hearts?' (Law 61B) of one who did not follow. Whether dummy may ask
    is his right (42B1 lets him ask declarer only; asking a defender is dummy acting, 43A1):
    dummy asking anyone is dummy acting, whatever came of it (docs/labelling.md, 6).
    Otherwise, when no revoke came of it, what the story asks is whether he might ask."""
    if not any(
        e.act in ("discard", "ruff", "revoke")
        or (e.act == "play" and _of_another_suit(lowered, e.end))
        for e in events
    ):
        return found  # 61B is a question to a player who did not follow: none told
    speakers = [
        (
            p.start,
            p.end,
            p.words.lower(),
            (p.seat is not None and role_at(play, p.seat) == "dummy")
            or (p.kind == "speaker" and play.speaker_role == "dummy"),
        )
        for p in play.story.players
    ]
    speakers += [(r.start, r.end, lowered[r.start : r.end], r.role == "dummy") for r in play.roles]
    speakers.sort()
    shown_out = [
        (e.start, e.role or (role_at(play, e.actor) if e.actor is not None else None))
        for e in events
        if e.act in ("discard", "ruff", "play", "revoke")
    ]
    asked = inquiries(lowered, speakers, shown_out)
    if not asked:
        return found
    first = asked[0]
    if first.by_dummy and not any(i.kind in ("dummy_acted", "dummy_spoke") for i in found):
        found = [*found, Irregularity("dummy_acted", first.start)]
    if first.by_dummy and not first.of_declarer:
        return found
    if any(i.kind == "revoke" for i in found):
        return found  # the answer showed a revoke: that is the matter
    if not _ASKING_QUESTIONED.search(lowered):
        # the story may go on ('...and later he had one'): whether it asks about the question
        # or a revoke is asked, not taken (tests/data/adversarial.yaml)
        return [*found, Irregularity("revoke_asked", first.start)]
    facts.setdefault("revoke_event", "inquiry")
    return [*found, Irregularity("revoke_asked", first.start, {"revoke_event": "inquiry"})]


_ASKING_QUESTIONED = lazy_pattern(
    r"\b(?:may|can|could|allowed to|entitled to|the right to|supposed to)\s+(?:[\w']+\s+){0,2}?"
    r"ask\b|\bask(?:ing)?\b[^.;!?]{0,30}\b(?:allowed|legal|illegal|permitted)\b"
    r"|\b(?:is|was) (?:that|this|it) (?:okay|ok|allowed|legal|permitted)\b"
    r"|\bif (?:that|this|it)(?:'s| is| was) (?:okay|ok|allowed|legal|permitted)\b"
    r"|\bfishing\b|\bpassing information\b|\bthey're allowed\b"
    r"|^[^.;!?]*'[^']*\?'[^.;!?]*\.\s*allowed\?"
)
"""'opps say only his partner may ask', 'was i allowed to ask': the question is the asking."""


def _against_us(play: PlayStory, revoke: Event) -> bool:
    """The revoke was an opponent's of the speaker: 'we' who called next are the
    non-offending side (Law 64B4)."""
    speaker = play.story.speaker
    if speaker is None or revoke.actor is None or "alleged" in revoke.how:
        return False
    return speaker.relation_to(revoke.actor) in ("lho", "rho")


def _won_by_role(lowered: str, revoke: Event) -> str | None:
    """Who won the revoke trick, told by role next to it: 'revoke by declarer, trick won by
    dummy'; 'he won that trick in hand' in the sentence after."""
    if revoke.role not in ("declarer", "defender") or "alleged" in revoke.how:
        return None
    window = lowered[revoke.start : clause_end(lowered, clause_end(lowered, revoke.end) + 1)]
    by = _TRICK_WON_BY.search(window)
    if by is not None:
        winner = by.group("who")
        if revoke.role == "declarer":
            return "offender" if winner == "declarer" else "revoker_partner"
        return "opponents"  # a defender's revoke trick won by declarer's side
    he_won = _HE_WON_IT.search(window)
    between = window[revoke.end - revoke.start : he_won.start()] if he_won else ""
    if he_won is not None and not _ANOTHER_PLAYER.search(between):
        return "offender"  # nobody else named before 'he'
    return None


_ANOTHER_PLAYER = lazy_pattern(
    r"\b(?:declarer|dummy|lho|rho|pd|partner|north|south|east|west|[nesw])\b"
)


_TRICK_WON_BY = lazy_pattern(r"\btrick (?:was )?won by (?P<who>dummy|declarer|the board)\b")


_HE_WON_IT = lazy_pattern(
    r"[.;]\s*(?:and )?(?:he|she) won (?:it|that trick|the trick)\b(?! in dummy| on the board)"
)


_TAKEN_BACK = lazy_pattern(
    r"\b(?:take|takes|took|taking) (?:the |his |her |my )?(?:card|\w+) back\b"
    r"|\b(?:take|takes|took|taking) back (?:the |his |her |my )?card\b"
    r"|\bcorrected it\b|\bchanges? it\b|\bchanged it\b"
    r"|\bpicked (?:it|the card|his card|her card|my card) back up\b|\bput it back\b"
    r"|\b(?:revoked|reneged),? (?:and )?then corrected\b"
)


_DENIED = lazy_pattern(
    r"\b(?:not|never|no|whether|if|asked|think|thinks|thought|claims?|claimed|says?|said|accused|"
    r"accuses|reckons?|reckoned)"
    r"\b[^.;!?]{0,25}$|\b(?:for|about|of) $"
)
"""Before a revoke word: a denial, a question or an accusation ('asked if he had revoked',
'the penalty for ...') - the teller does not say it happened."""


_SUSPECTED = lazy_pattern(
    r"\b(?:suspect(?:s|ed|ing)?|suspicious|(?:pretty|quite|fairly|almost|was|is|am) sure"
    r"|convinced|had a feeling|has a feeling|wonder(?:s|ed)?)\b[^.;!?]*$"
)
"""A suspicion before the failure to follow ('became suspicious that LHO hadn't followed',
'pretty sure he didn't follow'): the revoke is what someone suspects, not what happened."""


_DUMMY_CARD = lazy_pattern(r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b")


_TRICK_OF_THREE = lazy_pattern(
    r"\b(?:taken|won|gathered|turned|quitted) with (?:only )?(?:three|3) cards\b"
    r"|\btrick\b[^.;!?]{0,20}\b(?:only )?(?:three|3) cards (?:on|in) it\b"
)


_SPECIAL = lazy_pattern(
    r"penalty card|\bboth\b|\bagain\b|\btwice\b|\bsecond revoke|\balso revoked|\bsame suit\b"
    r"|\btwo revokes\b|\bcorrected\b"
)
"""Words of a Law 64B case: a one-revoke story using them is not read as ordinary."""


_MADE = lazy_pattern(
    r"\b(?:declarer|north|east|south|west|[nesw]|i|we|they)\s+(?:made|took|got)\s+"
    r"(1[0-3]|[0-9])\b(?!\s*(?:off|down|level|[shdc]\b|nt\b|♠|♥|♦|♣))"
)


_SUIT = r"(spade|heart|diamond|club)s?"
_RANK = r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|10|[2-9akqjt])"
_LED_WORDS = lazy_pattern(
    rf"\b{_SUIT} (?:was |were )?led\b"
    rf"|\bled (?:a |an |the |his |her |my )?(?:small |low |top |little )?{_SUIT}\b"
    rf"|\bled (?:the )?(?:[shdc](?:10|[2-9akqjt])|{_RANK} of {_SUIT})\b"
    rf"|\bled (?:the )?([shdc])(?:10|[2-9akqjt])\b"
    rf"|\bon (?:a|the|my|his|her|our|their) {_SUIT} lead\b"
)
"""The suit led at the trick: 'W led a diamond', 'hearts led', 'on my club lead'."""
_DUMMY_PLAYED_SUIT = lazy_pattern(
    rf"\b(?:called|calls|asked|named)(?: for)? (?:a |the |an )?['\"]?(?:small |low )?{_SUIT}['\"]?"
    r" (?:from|in|on|off) (?:the )?(?:dummy|board|table)\b"
    rf"|\bdummy (?:put|puts|played|plays|threw|throws|discarded|pitched)(?: on| down)?"
    rf" (?:a|an|the|his|her) (?:small |low )?{_SUIT}\b"
)
"""Dummy's card at the trick, of a suit named: 'called a spade from dummy', 'dummy put a
club'."""
_DUMMY_HELD = lazy_pattern(
    r"\bdummy\b(?:(?!\b(?:declarer|decl|lho|rho|i|he|she|pd|partner|[nesw]|north|east|south"
    r"|west|defenders?)\b)[^.;!?]){0,40}?"
    r"\b(?:had|has|held|holds|was holding)\b(?: (?:still|actually|in fact|a|an|one|another|the"
    r"|small|low|little))*"
    rf" (?:{_SUIT}|([shdc♠♥♦♣])(?:10|[2-9akqjt])\b|{_RANK} of {_SUIT})"
)
"""Dummy shown to hold a card of a suit: 'dummy had hearts', 'dummy still had the 8 of
hearts', 'dummy put a club but actually had the D6'."""


def _suit_of(match: re.Match[str]) -> str:
    letter = next(g for g in match.groups() if g)[0]
    return _SYMBOLS.get(letter, letter)


_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def dummy_revoke(lowered: str, events: tuple[Event, ...]) -> Event | None:
    """Dummy's card of another suit than the one led, while dummy is shown to hold the suit
    led: 'W led a diamond, declarer called a club from dummy ... dummy had the D6 hiding'. A
    revoke by dummy (Law 61A; 64B3 when established), not a question of which card declarer
    named: the revoke, told as dummy's."""
    played = _DUMMY_PLAYED_SUIT.search(lowered)
    if played is None:
        return None
    begun = max(lowered.rfind(c, 0, played.start()) for c in ".;!?") + 1
    led = _LED_WORDS.match(lowered, played.end() + 1)  # 'from dummy on a heart lead'
    for match in _LED_WORDS.finditer(lowered, begun, played.start()):
        led = match  # the lead nearest before dummy's card, in its sentence
    held = _DUMMY_HELD.search(lowered)
    if led is None or held is None:
        return None
    suit = _suit_of(led)
    if _suit_of(played) == suit or _suit_of(held) != suit:
        return None
    trick = next(
        (e.trick for e in events if e.act == "lead" and e.trick is not None and e.start >= begun),
        None,
    )
    return Event("revoke", played.start(), played.end(), None, "dummy", "dummy", trick)


def _partner_of_teller_defends(play: PlayStory, revoke: Event) -> bool:
    """'pd revoked ... declarer made 8 tricks': the revoker is the teller's partner and the
    story names declarer as a third player, so neither partner declares and neither is
    dummy (dummy's partner declares): the revoker defends."""
    speaker = play.story.speaker
    if "alleged" in revoke.how or speaker is None or revoke.actor is not speaker.partner:
        return False
    named = [p for p in play.story.players if p.seat is revoke.actor and p.relation == "partner"]
    if not any(_TELLERS_PARTNER.fullmatch(p.words.lower()) for p in named):
        return False  # 'declarer showed out, then partner revoked': maybe declarer's partner
    return partners_defend(play, named)


_TELLERS_PARTNER = lazy_pattern(r"(?:my\s+)(?:partner|pd|pard|p)|pd|pard")
"""Words that name the teller's own partner whoever was named before them ('pd', 'my
partner'); a bare 'partner' after 'declarer' may be declarer's."""
