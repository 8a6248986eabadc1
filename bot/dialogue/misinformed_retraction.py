"""A card taken back because of a wrong explanation: who explained, who was misled (47E2).

'The director let my RHO replace his card because of the wrong explanation': Law 47E2(a) lets
only a player misled by an OPPONENT's explanation take back the card he played on it. So the
player who took the card back is of the non-offending side, and the side that explained is the
offending side, whoever tells the story ('I' may be either). Both come from the players the
story names: the subject of the explaining words ('dummy gave a wrong explanation', 'pd
misexplained my 2D', 'my wrong explanation') and the player whose card went back ('RHO took his
card back', 'the TD let him change it'). When both are named they must sit on opposite sides,
else nothing is proven and the side is asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.dialogue.change_followed import Who, who_at
from bot.dialogue.play_reader import PlayStory, clause_start
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Retraction:
    """Who gave the wrong explanation and who took his card back, as far as named."""

    explainer: Who | None
    misled: Who | None


_WRONG_EXPLANATION = lazy_pattern(
    r"\b(?:wrong|wrongly|mistaken|mistakenly|incorrect|incorrectly|false|inaccurate|erroneous"
    r"|misleading|faulty)\s+(?:explanation|explained|expl|answer|answered|description|described"
    r"|info|information)\b"
    r"|\bmis-?(?:information|informed|informing|explained|explaining|explanation|explain"
    r"|described|info)\b|\bmi\b"
    r"|\b(?:explained|described|answered|alerted) (?:\w+ ){0,2}(?:wrongly|incorrectly|wrong)\b"
    r"|\b(?:explanation|answer|description)\s+(?:had been|has been|was|were|is|got|turned out"
    r"(?: to be)?)\s+(?:(?:completely|totally|all|just|actually|plain)\s+)?(?:wrong|incorrect"
    r"|mistaken|false|inaccurate)\b"
)
"""An explanation told wrong, or misinformation named: 'explained their bid wrong', 'their
explanation had been wrong'."""

_CARD_RETRACTED = lazy_pattern(
    r"\b(?P<verb>replace|replaced|replacing|change|changed|changing|retract|retracted|retracting"
    r"|withdraw|withdrew|withdrawn|take|takes|took|taken|taking|pick|picked|put|swap|swapped)"
    r"\s+(?:back\s+)?(?:up\s+)?(?:his|her|their|my|the|that|its|this)\s+"
    r"(?:(?:first|opening|wrong|played)\s+)?(?P<card>card|lead|play|discard|ace|king|queen|jack"
    r"|ten|nine|eight|seven|six|five|four|three|two|deuce|spade|heart|diamond|club"
    r"|[shdc](?:[akqjt]|10|[2-9])|(?:[akqjt]|10|[2-9])[shdc])\b"
    r"|\b(?P<verb3>replace|replaced|change|changed|retract|retracted|withdraw|withdrew|take|took"
    r"|pick|picked|swap|swapped)\s+(?:back\s+)?(?:up\s+)?(?:his|her|their|my|the|that)\s+"
    r"[\u2660\u2665\u2666\u2663](?:[akqjt]|10|[2-9])\b"
    r"|\b(?P<verb2>change|changed|retract|retracted|replace|replaced|take|took|taken)\s+it"
    r"(?:\s+back)?\b"
)
"""A card (not a call) taken back or changed: 'replace his card', 'took back his lead', 'take
his card back', 'let him change it' (only after a card is told played: see below)."""

_ASKED = lazy_pattern(
    r"(?:\b(?:can|may|could|should|would|will|must|whether|if)\s+(?:i|he|she|we|they|you|lho|rho"
    r"|pd|partner)?|\b(?:want|wants|wanted|like|try|trying|allowed|able)\s+to)\s*$"
)
"""'can i take the lead back?', 'is he allowed to change it': the taking back asked."""

_CARD_PLAYED_BEFORE = lazy_pattern(
    r"\b(?:played|led|lead|threw|discarded|followed with|put (?:down|on))\b"
)
"""A card told played before 'change it': what 'it' is."""

_A_CALL = lazy_pattern(r"\b(?:bid|call|pass|double|redouble|auction|bidding|alert)\b[^.;!?]{0,12}$")
"""'it' just after a call named: a call changed, not a card."""

_EXPLAINED_BY = lazy_pattern(
    r"\b(?:gave|give|gives|giving|given|provided|offered)\s+(?:(?:us|them|me|him|her|declarer"
    r"|the (?:opps|opponents|defenders?|table))\s+)?(?:a|an|the)?\s*(?:wrong|mistaken|incorrect"
    r"|false|inaccurate|erroneous|misleading|faulty|bad)\s+(?:explanation|answer|description"
    r"|info|information)\b"
    r"|\b(?:mis-?explained|mis-?described|(?:wrongly|incorrectly|mistakenly) (?:explained"
    r"|described|answered)|misinformed (?:us|them|me|him|her|declarer|the (?:opps|opponents"
    r"|defenders?)))\b"
    r"|\b(?:explained|described|answered|alerted) (?:\w+ )?(?:wrongly|incorrectly|wrong)\b"
    r"|(?<!\btd )(?<!\bdirector )\b(?:said|says|explained|described|answered"
    r"|told (?:us|them|me|him|her|declarer|the (?:opps|opponents|defenders?|table)))\b"
    r"(?=[^.;!?]{0,60}(?:\b(?:but|when|whereas|though|actually)\b|,)\s*(?:\w+\s+){0,3}?"
    r"(?:it was|it's|it is|they play|we play|the agreement|our agreement|their agreement)\b)"
)
"""The explaining words whose subject is the explainer: 'dummy gave a wrong explanation', 'pd
misexplained', 'declarer wrongly explained', 'my partner explained 2C as natural but it was
Stayman'."""

_OWN_EXPLANATION = lazy_pattern(
    r"\b(?P<who>my|our|their|pd's|partner's|my partner's|my pd's|dummy's|declarer's"
    r"|lho's|rho's|opps'|opponents')\s+(?:own\s+)?(?:wrong|mistaken|incorrect|false|inaccurate"
    r"|erroneous|misleading|faulty|bad|mis-?)\s*(?:explanation|answer|description|info"
    r"|information)\b"
)
"""The explanation named by its owner: 'after my wrong explanation', 'because of dummy's
mistaken explanation'."""

_MISLED = lazy_pattern(
    r"\b(?:was|were|got|been|being)\s+(?:\w+\s+)?(?:misinformed|misled|mis-informed|given (?:a|the)"
    r" wrong (?:explanation|answer))\b"
)
"""The misled player as subject: 'RHO was misinformed', 'E had been misled'."""

_OPPONENTS = lazy_pattern(r"^(?:an? |the |my |our )?(?:opps?|opponents?)$")
"""A player named only as the teller's opponent."""

_POSSESSED = {
    "my": ("i", None),
    "our": ("i", None),
    "their": ("opps", None),
    "opps'": ("opps", None),
    "opponents'": ("opps", None),
    "pd's": ("partner", None),
    "partner's": ("partner", None),
    "my partner's": ("partner", None),
    "my pd's": ("partner", None),
    "dummy's": ("dummy", "dummy"),
    "declarer's": ("declarer", "declarer"),
    "lho's": ("lho", None),
    "rho's": ("rho", None),
}


def card_retracted(lowered: str) -> re.Match[str] | None:
    """The first card told taken back or changed ('change it' only after a card played in the
    same sentence or the one before, and not just after a call named)."""
    for match in _CARD_RETRACTED.finditer(lowered):
        if _ASKED.search(lowered, max(0, match.start() - 25), match.start()):
            continue  # 'can i take the lead back?': asked, not done
        if match.group("verb2") is None:
            return match
        floor = clause_start(lowered, max(0, lowered.rfind(".", 0, match.start())))
        if _CARD_PLAYED_BEFORE.search(lowered, floor, match.start()) and not _A_CALL.search(
            lowered, max(0, match.start() - 30), match.start()
        ):
            return match
    return None


def retracted_on_misinformation(
    lowered: str, play: PlayStory, speaker_role: str | None = None
) -> Retraction | None:
    """A card taken back, and an explanation told wrong: the explainer and the misled player
    as far as the story names them (None when it tells neither)."""
    if _WRONG_EXPLANATION.search(lowered) is None and _EXPLAINED_BY.search(lowered) is None:
        return None
    retracted = card_retracted(lowered)
    if retracted is None:
        return None
    explainers = _explainers(lowered, play)
    misled = who_at(lowered, play, retracted.start())
    if misled is not None and side_of(misled, play, speaker_role) is None:
        misled = None  # not placed: the explainer alone may still prove the sides
    passive = [who_at(lowered, play, m.start()) for m in _MISLED.finditer(lowered)]
    if any(
        p is None or (misled is not None and not _same_side(p, misled, play, speaker_role))
        for p in passive
    ):
        return None  # 'X was misinformed' of another player than the one who took it back
    explainer = explainers[0] if len(explainers) == 1 else None
    if len(explainers) > 1 and all(
        _same_side(explainers[0], e, play, speaker_role) for e in explainers
    ):
        explainer = explainers[0]
    elif len(explainers) > 1:
        return None  # both sides explained something wrong: who misled whom is asked
    if explainer is None and misled is None:
        return None
    if (
        explainer is not None
        and misled is not None
        and not _opposite(explainer, misled, play, speaker_role)
    ):
        return None  # the explainer and the one who took his card back are not opponents
    return Retraction(explainer, misled)


def _explainers(lowered: str, play: PlayStory) -> list[Who]:
    found: list[Who] = []
    for match in _OWN_EXPLANATION.finditer(lowered):
        words, role = _POSSESSED[match.group("who")]
        found.append(_placed(words, role, play))
    for match in _EXPLAINED_BY.finditer(lowered):
        who = who_at(lowered, play, match.start())
        if who is None:
            continue
        found.append(who)
    return found


def _placed(words: str, role: str | None, play: PlayStory) -> Who:
    speaker = play.story.speaker
    seat = None
    if speaker is not None and play.story.frame in ("speaker", "anchored"):
        seat = {
            "i": speaker,
            "partner": speaker.partner,
            "lho": speaker.lho,
            "rho": speaker.rho,
        }.get(words)
    if words == "i" and role is None:
        role = play.speaker_role
    return Who(words, seat, role)  # type: ignore[arg-type]


def side_of(
    who: Who, play: PlayStory, speaker_role: str | None = None
) -> tuple[str, object] | None:
    """('team', 'ours'/'theirs') when the teller's seat is known, else ('seat', S) or
    ('role', 'declarer'/'defender'); None when nothing places the player."""
    story = play.story
    speaker_role = speaker_role or play.speaker_role
    speaker = story.speaker
    if who.words in ("i", "me", "my") and speaker is None:
        return ("team", "ours")
    if _OPPONENTS.match(who.words):
        return ("team", "theirs")
    if who.seat is not None:
        if speaker is not None and story.frame in ("speaker", "anchored"):
            return ("team", "ours" if who.seat in (speaker, speaker.partner) else "theirs")
        return ("seat", who.seat)
    if who.role is not None:
        side = "defender" if who.role == "defender" else "declarer"  # dummy: declarer's side
        if speaker_role is not None and speaker is not None:
            ours = "defender" if speaker_role == "defender" else "declarer"
            return ("team", "ours" if side == ours else "theirs")
        return ("role", side)
    return None


def offending_side(
    retraction: Retraction, play: PlayStory, speaker_role: str | None = None
) -> tuple[str, object] | None:
    """The side that gave the wrong explanation: the explainer's, else the misled player's
    opponents."""
    if retraction.explainer is not None:
        return side_of(retraction.explainer, play, speaker_role)
    if retraction.misled is None:
        return None
    misled = side_of(retraction.misled, play, speaker_role)
    if misled is None:
        return None
    kind, value = misled
    if kind == "team":
        return ("team", "theirs" if value == "ours" else "ours")
    if kind == "role":
        return ("role", "declarer" if value == "defender" else "defender")
    return ("seat", value.lho) if hasattr(value, "lho") else None


def _same_side(a: Who, b: Who, play: PlayStory, speaker_role: str | None) -> bool:
    one, other = side_of(a, play, speaker_role), side_of(b, play, speaker_role)
    if one is None or other is None or one[0] != other[0]:
        return False
    if one[0] == "seat":
        return one[1] is other[1] or one[1] is getattr(other[1], "partner", None)
    return one[1] == other[1]


def _opposite(a: Who, b: Who, play: PlayStory, speaker_role: str | None) -> bool:
    one, other = side_of(a, play, speaker_role), side_of(b, play, speaker_role)
    if one is None or other is None or one[0] != other[0]:
        return False
    return not _same_side(a, b, play, speaker_role)
