"""A defender's card played at his right-hand opponent's turn, read from whose turn it was (57D).

Law 57 turns on who had not yet played when a defender's card came: his partner (57A, a
penalty card and declarer's options) or only the declarer or dummy on his right (57D, the card
is played again at its turn if legal). Players tell the turn, not the Law: 'W played her card
while it was still dummy's turn', "East put the J on the table while declarer (North) was still
thinking about his own card". The declaring hand whose turn it was must sit on the defender's
right: he cannot play at the turn of the hand on his left without having played already. So the
reader needs three things in one sentence: a card played (not led) by a player proven a
defender, a member of the declaring side told as the one on turn, and no word that the
defender's partner was still to play. Anything less is asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.roles_apart import ROLE_WORD, defender_apart
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event

_PLAYS = ("play", "discard", "ruff")
"""Acts that put a card on the current trick (a lead starts another one)."""


def played_at_rho_turn(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A defender's card told played while it was declarer's or dummy's turn to play."""
    for event in events:
        if event.act not in _PLAYS or "alleged" in event.how or "not_yet" in event.how:
            continue
        start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
        if _PARTNER_STILL_TO_PLAY.search(lowered, start, end):
            return False  # his partner had not played either: 57A, not 57D
        on_turn = [
            m
            for m in _ON_TURN.finditer(lowered, start, end)
            if not (m.start() <= event.start < m.end())
        ]
        if not on_turn or not all(_declaring_side(lowered, _who_at(m), play) for m in on_turn):
            continue
        if defender_apart(event, play):
            return True
    return False


def _who_at(match: re.Match[str]) -> int:
    """Where the player on turn is named in a match of :data:`_ON_TURN`."""
    return next(match.start(g) for g in match.groupdict() if match.group(g) is not None)


def _declaring_side(lowered: str, at: int, play: PlayStory) -> bool:
    """The words at ``at`` name declarer or dummy: by role, or by declarer's (or dummy's) seat."""
    if ROLE_WORD.match(lowered, at):
        return True
    if lowered.startswith("i ", at):  # 'I was still thinking', said by declarer
        return play.speaker_role == "declarer"
    seat = next((p.seat for p in play.story.players if p.start == at), None)
    return (
        seat is not None
        and play.declarer is not None
        and seat in (play.declarer, play.declarer.partner)
    )


def _who(n: int) -> str:
    return (
        rf"(?P<who{n}>declarers?(?:'s)?|decl(?:'s)?|dummys?(?:'s)?|the board(?:'s)?|board(?:'s)?"
        r"|[nesw]|north|south|east|west|i)"
    )


_ON_TURN = lazy_pattern(
    r"\b(?:it was|it's|its|it is|was) still " + _who(1) + r"(?:'s)? (?:turn|go)\b(?! to lead)"
    r"|\b(?:it was|it's|its|it is) " + _who(2) + r"(?:'s)? (?:turn|go)\b(?! to lead)"
    r"|\b(?:while|when|though|but|as) (?:it was )?still " + _who(3) + r" (?:to play|was to play)\b"
    r"|\b(?:while|when|though|but|as) " + _who(4) + r"(?: \([a-z]+\))? (?:was|is) still"
    r" (?:thinking|deciding|considering|to play)\b(?! (?:about|what|which) to lead)"
    r"|\b" + _who(5) + r"(?: \([a-z]+\))? (?:was|is) still"
    r" (?:thinking|deciding|considering) (?:about )?(?:(?:his|her) (?:own )?card|what to play)"
)
"""A declaring hand on turn to play: 'while it was still dummy's turn', 'declarer (North) was
still thinking about his own card'."""
_PARTNER_STILL_TO_PLAY = lazy_pattern(
    r"\bbefore (?:his|her|my|their) (?:partner|pd|pard)\b"
    r"|\b(?:his|her|my) (?:partner|pd|pard)\b[^.;!?]{0,20}\b(?:hadn't|had not|still|yet to)\b"
    r"|\bbefore (?:either|both) \w+\b"
)
"""The defender's partner still to play too: his card came before his partner's (57A)."""
