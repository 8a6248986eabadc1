"""Declarer's own card held face up, read from who held which card how (Law 45C2).

'decl had the ♠Q face up an inch off the table, then says "oh not that one"', 'declarer took
the ♦7 out of his hand and had it face up': the subject is declarer (by role, by his seat, or
the speaker who says he declares), the verb holds or takes out one card named, and the same
clause says it was face up. Whether the card then counts as played is the next question (how
he held it); this reads only what happened. A card from dummy, a case put as a question ('if
declarer holds a card up...') or another player named between the subject and the card reads
nothing, and the question stays.
"""

from __future__ import annotations

from bot.core.play import find_cards
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.lazy import lazy_pattern


def declarer_held_card(text: str, play: PlayStory) -> bool:
    """Declarer told holding (or taking out) one named card of his own hand face up."""
    lowered = text.lower()
    cards = [c.start for c in find_cards(text)]
    for held in _HOLDS.finditer(lowered):
        start, end = clause_start(lowered, held.start()), clause_end(lowered, held.end())
        if _CASE.search(lowered, start, held.start()) or "?" in lowered[held.start() : end]:
            continue  # a case put, or a question asked about it
        if not _declarer(lowered, held.start("who"), held.end("who"), play):
            continue
        face = _FACE_UP.search(lowered, held.end(), min(end, held.end() + 90))
        if face is None:
            continue
        named = [c for c in cards if held.end() <= c < face.start()]
        if not named and _IT.match(lowered, held.end()):
            named = [c for c in cards if start <= c < held.start()]  # 'took the D7 ... had it'
        if len(named) != 1:
            continue  # one card, named with the verb
        between = lowered[held.end("who") : face.start()]
        if _DUMMY_HAND.search(between) or _OTHER_PLAYER.search(between):
            continue
        return True
    return False


def _declarer(lowered: str, start: int, end: int, play: PlayStory) -> bool:
    """The subject words name declarer: the role word, his seat, or 'I' said by declarer."""
    words = lowered[start:end]
    if words in ("declarer", "decl"):
        return True
    if words in ("i", "i'd", "i'm") and play.speaker_role == "declarer":
        return True
    seat = next((p.seat for p in play.story.players if p.start == start), None)
    return seat is not None and play.declarer is not None and seat is play.declarer


_HOLDS = lazy_pattern(
    r"\b(?P<who>declarer|decl|i|[nesw]|north|south|east|west)\b"
    r"(?: \([^)]{1,20}\))?,?(?: (?:then|just|already|still|had|was|has|is))*"
    r" (?:had|has|held|holds|holding|took|takes|pulled|pulls|lifted|lifts|swung|swings"
    r"|got|gets|had got|drew|draws)\b(?: out| up)?"
)
"""The subject and the verb holding or taking out a card: 'decl had', 'declarer (N) pulled'."""
_FACE_UP = lazy_pattern(r"\bface[ -]?(?:up|out)\b")
_IT = lazy_pattern(r"\s+it\b")
_CASE = lazy_pattern(r"\b(?:if|suppose|supposing|what if|whether|when can|can|may|could)\b")
_DUMMY_HAND = lazy_pattern(r"\b(?:dummy|board|table's|from the table)\b")
_OTHER_PLAYER = lazy_pattern(
    r"\b(?:lho|rho|pd|partner|pard|defender|opponent|opps|they|[nesw]|north|south|east|west)\b"
)
"""Another player named between: whose card it is is no longer plain."""
