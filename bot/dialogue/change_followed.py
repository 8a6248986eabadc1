"""A card played after another player's card that was then changed (Law 47D).

Law 47D lets a player take back the card he played after an opponent's card once that
opponent has changed his play. People tell it as three things: one player changes his card
('then LHO pulled the J back and played the 4', 'RHO swapped her 3 for the 10', 'the TD let
him change it'), another player had already played after it, and that other player (or the
teller for him) asks to take his own card back ('can I change mine too?', 'W wants his K
back'). The reason is proven only when the two players are proven opponents (seats, roles
or a relation to the teller): a partner's change is not an opponent's, and a card sent back
by the director's ruling is another case (47A), so both are left to be asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.core.calls import Seat
from bot.core.play import Role, Table
from bot.dialogue.play_reader import PlayStory, actor_role, actor_seat, clause_end, clause_start
from bot.dialogue.reading.sentences import _quoted
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event

_CARD_ACTS = ("play", "discard", "ruff", "lead", "revoke")

_CHANGED = lazy_pattern(
    r"(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bgot )(?<!\bbe )"
    r"\b(?:changed|swapped|switched|exchanged|substituted|replaced)\b"
    r"(?!\s+(?:my|mine|our)\b)"
    r"|\b(?:took|pulled|picked|grabbed|snatched|turned)\s+(?:it|(?:his|her|the)\s+[^\s.,;!?]{1,12})"
    r"\s+(?:back|up)\b(?:[^.;!?]{0,30}?\b(?:played|put|puts|led)\b)?"
    r"|\b(?:took|pulled|picked|grabbed|snatched) back\b"
    r"|\b(?:played|put|puts|placed)\b[^.;!?]{0,30}?\binstead\b"
    r"|\b(?:let|allowed|permitted)\s+(?:(?:him|her|them|\w+)\s+)?(?:to\s+)?"
    r"(?:change|swap|switch|replace|take|exchange|correct)\b"
    r"|\b(?:was|were|is|'s|got|had been|been) (?:allowed|permitted)"
    r"(?: by the (?:director|td|arbiter))? to"
    r" (?:change|swap|switch|replace|take|exchange|correct)\b"
    r"|\bput it right\b|\bcorrected (?:it|his|her)\b"
)
"""A player's own card changed: 'changed his card', 'swapped her 3 for the 10', 'pulled the J
back and played the 4', 'the TD let him change it', 'she was allowed to change hers'. Not a
card changed by the teller ('changed my card' is his own), nor a passive ('was changed by')
whose player comes after the verb."""

_PERMITTED = ("let", "allowed", "permitted")
_BY_RULING = lazy_pattern(
    r"\b(?:director|td|arbiter|ruling)\b[^.;!?]{0,30}?\b(?:ruled|told|made|instructed|required"
    r"|ordered|requires|makes|tells)\b|\b(?:told|instructed|required|ordered) by the\b"
    r"|\brectif"
)
"""The changed card sent back by the director's ruling (47A), not the player's own change."""

ASKED = lazy_pattern(
    r"\b(?:can|could|may|might|do|does|did|is|am|should)\s+(?P<q>[\w']+(?:\s+[\w']+)?)"
    r"(?:\s+who\b[^.;!?,]{0,40}?)?\s+"
    r"(?:(?:also|now|then|too|still|not)\s+)*(?:(?:get to|be allowed to|go)\s+)?"
    r"(?:change|swap|switch|take|retract|withdraw|put|pick|replace|have|get)\b"
    r"|\b(?P<s>i|he|she|we|they)\s+(?:can|could|may|might)\s+(?:(?:also|now|still|then)\s+)*"
    r"(?:change|swap|switch|take|retract|withdraw|put|pick|replace|have|get)\b"
    r"|\b(?:want|wants|wanted|would like|'d like|like|wish|wishes|wished)\s+(?:to\s+)?"
    r"(?:change|swap|switch|take|retract|withdraw|put|pick|replace|have|get|play (?:a different"
    r"|another))\b"
    r"|\b(?:wants?|wanted|would like|'d like)\s+(?:his|her|my|the|their)\s+[^.;!?]{0,20}?\bback\b"
    r"|\b(?:wants?|wanted|would like|'d like)\s+(?:another|a different) card\b"
    r"|\bask(?:s|ed)? (?:whether|if) (?:he|she|i) (?:may|can|could|might)\s+(?:now\s+)?"
    r"(?:change|swap|switch|take|retract|withdraw|put|pick|replace)\b"
)
"""Someone asking to take a card back or change it; who asks is the subject before the verb."""

_SECOND_CARD = lazy_pattern(
    r"\b(?:mine|my (?:own )?\S+|his (?:own )?\S+|her (?:own )?\S+|dummy's \S+)"
    r"|\b(?:too|also|as well)\b"
    r"|\bthe (?:[♠♥♦♣shdc]?(?:[2-9akqjt]|10)|ace|king|queen|jack|ten)\b"
)
"""The card asked about named as the asker's own, or as a second change ('too')."""

_PLAY_VERB = lazy_pattern(
    r"\b(?:played|followed|covered|put|threw|discarded|ruffed|pitched|trumped|overtook)\b"
)
_PRONOUNS = frozenset({"he", "she", "him", "her", "his", "hers", "they", "them"})


@dataclass(frozen=True)
class Who:
    words: str
    seat: Seat | None
    role: Role | None


def opponent_changed_first(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """One player changed his card, and a proven opponent who had played after it asks to
    take his own card back (47D)."""
    changes = list(_CHANGED.finditer(lowered))
    if not changes:
        return False
    for change in changes:
        floor, ceiling = clause_start(lowered, change.start()), clause_end(lowered, change.end())
        if _BY_RULING.search(lowered, floor, ceiling):
            continue
        at = change.end() if change.group(0).startswith(_PERMITTED) else change.start()
        changer = who_at(lowered, play, at)
        if changer is None:
            continue
        for asked in ASKED.finditer(lowered, change.end()):
            end = clause_end(lowered, asked.end())
            if not _SECOND_CARD.search(lowered, asked.start(), end):
                continue
            asker = who_at(lowered, play, asker_at(asked))
            if asker is None or _same(changer, asker):
                continue
            if not _opponents(changer, asker):
                continue
            if not _played(asker, lowered, events, play):
                continue
            return True
    return False


def asker_at(asked: re.Match[str]) -> int:
    """Where the asker is named by: after 'can I', at 'I can', before 'wants to'."""
    if asked.group("q"):
        return asked.end("q")
    if asked.group("s"):
        return asked.end("s")
    return asked.start()


def who_at(lowered: str, play: PlayStory, position: int) -> Who | None:
    """The player who acts at ``position``: the last one named before it in its sentence, a
    pronoun resolved to the last third person named before it."""
    floor = clause_start(lowered, position)
    quoted = reversed(_quoted(lowered))
    quote = next((q for q in quoted if floor <= q[0] and q[1] <= position), None)
    if quote is not None:
        position = quote[0]  # 'RHO said "oh wait, I have one" and put it on': not the 'I'
    words, role = actor_role(lowered, play, floor, position)
    words = words.lower()
    if not words:
        return None
    if words in ("i", "me", "my", "mine"):
        return Who("i", play.story.speaker, role or play.speaker_role)
    if words in _PRONOUNS:
        pronoun = max(
            (p.start for p in play.story.players if floor <= p.start < position), default=floor
        )
        return _antecedent(lowered, play, pronoun)
    seat = actor_seat(play, floor, position)
    return Who(words, seat, role or _role_of_seat(seat, play))


def _antecedent(lowered: str, play: PlayStory, before: int) -> Who | None:
    """The last player named before ``before`` who is neither the teller nor a pronoun."""
    players = [
        p for p in play.story.players if p.end <= before and p.kind not in ("pronoun", "speaker")
    ]
    roles = [r for r in play.roles if r.end <= before and not r.possessive]
    last_player = players[-1] if players else None
    last_role = roles[-1] if roles else None
    if last_role is not None and (last_player is None or last_role.start > last_player.start):
        return Who(lowered[last_role.start : last_role.end], None, last_role.role)
    if last_player is None:
        return None
    return Who(last_player.words.lower(), last_player.seat, _role_of_seat(last_player.seat, play))


def _role_of_seat(seat: Seat | None, play: PlayStory) -> Role | None:
    if seat is None:
        return None
    if play.declarer is not None:
        return Table(play.declarer).role(seat)
    if seat in play.defenders:
        return "defender"
    return None


def _same(a: Who, b: Who) -> bool:
    if a.seat is not None and b.seat is not None:
        return a.seat is b.seat
    if a.role is not None and b.role is not None and "defender" not in (a.role, b.role):
        return a.role == b.role
    return a.words == b.words


def _opponents(a: Who, b: Who) -> bool:
    """Proven opponents: seats of two partnerships, a defender and the declaring side, or
    declarer and another player who plays his own card (dummy's are declarer's to play)."""
    if a.seat is not None and b.seat is not None:
        return a.seat is not b.seat and a.seat is not b.seat.partner
    if a.role is not None and b.role is not None:
        return (a.role == "defender") != (b.role == "defender")
    for one, other in ((a, b), (b, a)):
        if one.role == "declarer" and other.role is None and not _DUMMY.search(other.words):
            return True
    return False


_DUMMY = lazy_pattern(r"\b(?:dummy|board|table|partner|pd|declarer|decl)\b")
"""Words naming a player who may be dummy (or declarer himself): not proven a defender."""


def _played(who: Who, lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """``who`` is told to have played a card: an event of his, or his own verb of play
    ('since I played after him', 'I covered with the king')."""
    for verb in _PLAY_VERB.finditer(lowered):
        doer = who_at(lowered, play, verb.start())
        if doer is not None and _same(doer, who):
            return True
    for event in events:
        if event.act not in _CARD_ACTS or "alleged" in event.how or "not_yet" in event.how:
            continue
        if event.actor is not None and who.seat is not None:
            if event.actor is who.seat:
                return True
            continue
        if event.role is not None and who.role is not None and event.role == who.role:
            return True
        if event.words.lower() == who.words:
            return True
    return False
