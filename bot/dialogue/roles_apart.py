"""A player's role proven by the other roles the story names apart from him (issue 14).

Players often tell an incident without the contract: 'W played her card while it was still
dummy's turn - decl had led from hand'. W is then neither declarer nor dummy, since both are
named as other players, so W defends; and two partners in a story that names declarer as a
third player are the defenders, the only partnership without declarer in it. A role word that
restates the player ('my partner, the declarer', 'Declarer (North)', 'pd was declarer') names
him, not another; a story giving the contract or the speaker's own role is decided by its seats
elsewhere, never here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.dialogue.play_reader import PlayStory
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event
    from bot.dialogue.story import PlayerRef

ROLE_WORD = lazy_pattern(r"(?:declarer|decl|dummy|the board|board)\b")


def defender_apart(event: Event, play: PlayStory, *, dummy_as_player: bool = False) -> bool:
    """The event's player is a defender: by his role, as the declaring speaker's LHO or RHO,
    or because the story names declarer and dummy as two players other than him. With
    ``dummy_as_player``, dummy counts only named as a player, not as the hand a card comes
    from ('led from dummy' may be declarer's own lead)."""
    if event.role is not None:
        return event.role == "defender"
    actor = event.actor
    if actor is None or ROLE_WORD.search(event.words):
        return False
    speaker = play.story.speaker
    if play.speaker_role == "declarer" and speaker is not None:
        return actor in (speaker.lho, speaker.rho)
    if play.speaker_role is not None or play.declarer is not None:
        return False  # the seats decide, and they did not make him a defender
    mentions = [p for p in play.story.players if p.seat is actor]
    return _named_apart(play, mentions, "declarer") and _named_apart(
        play, mentions, "dummy", player=dummy_as_player
    )


def partners_defend(play: PlayStory, partners: Sequence[PlayerRef]) -> bool:
    """Two partners, in a story naming declarer as a third player, are the defenders. Neither
    may be the speaker when he says he declares or is dummy."""
    if play.declarer is not None or play.speaker_role in ("declarer", "dummy"):
        return False  # the seats or the speaker's role decide, elsewhere
    mentions = [
        p
        for ref in partners
        for p in play.story.players
        if p is ref or (ref.seat is not None and p.seat is ref.seat)
    ]
    return _named_apart(play, mentions, "declarer")


def _named_apart(
    play: PlayStory, mentions: Sequence[PlayerRef], role: str, *, player: bool = False
) -> bool:
    """The story names ``role`` somewhere as another player than every mention: no mention
    holds a role word, and one naming of the role restates none of them."""
    text = play.story.text.lower()
    if not mentions or any(ROLE_WORD.search(text, p.start, p.end) for p in mentions):
        return False
    return any(
        r.role == role
        and not (
            player and (r.possessive or _HAND_SENSE.search(text, max(0, r.start - 8), r.start))
        )
        and not any(_restated(text, r.start, r.end, p.start, p.end) for p in mentions)
        for r in play.roles
    )


def _restated(text: str, r_start: int, r_end: int, p_start: int, p_end: int) -> bool:
    """The role word names the player beside it: 'pd (declarer)', 'my partner was declarer',
    'declarer, North,'."""
    if p_end <= r_start:
        return _LINK.fullmatch(text, p_end, r_start) is not None
    if r_end <= p_start:
        return _LINK.fullmatch(text, r_end, p_start) is not None
    return True


_LINK = lazy_pattern(
    r"[\s,(:-]*(?:(?:who(?:'s| is| was| will be)|is|was|'s|'m|am|are|'re|being|as|playing)\s+)?"
    r"(?:(?:the|a|an)\s+)?"
)
"""What may stand between a player and the role word restating him."""
_HAND_SENSE = lazy_pattern(r"\b(?:from|in|on|to|onto|into|off) (?:the )?$")
"""Before 'dummy': the hand a card comes from or goes to, not the player."""
