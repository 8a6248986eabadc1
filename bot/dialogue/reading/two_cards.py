"""Two cards put out at once by one player in the play (Law 58B).

Read from the sentence's structure, not a phrase list: one player put out (put, pulled,
drew, took, dropped, played) two playing cards named one after the other ("the D2 and the
DK", "both the H5 and the SA"), told as coming together ("together", "at once", "at the same
time", "both face up", "both visible"). The story must be in the play: a trick named, or the
player said to have meant one of them, or the next lead or trick spoken of; and no auction
told, where cards put out are bidding cards or a card exposed during the auction (Law 24).
"""

from __future__ import annotations

from itertools import pairwise

from bot.core.play import find_cards
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.reading.events import Event, Irregularity, _only_calls
from bot.lazy import lazy_pattern


def two_cards_put_out(
    lowered: str, text: str, events: tuple[Event, ...], play: PlayStory
) -> list[Irregularity]:
    """A player's two cards put out together, proven by one put verb, the two cards joined
    after it and a word that they came together, in one sentence of a story in the play."""
    if _AUCTION.search(lowered) or _only_calls(lowered, events, play):
        return []
    if not _IN_PLAY.search(lowered):
        return []
    cards = find_cards(text)
    for first, second in pairwise(cards):
        joined = lowered[first.end : second.start]
        if not _JOINED.fullmatch(joined):
            continue
        start, end = clause_start(lowered, first.start), clause_end(lowered, second.end)
        put = list(_PUT.finditer(lowered, start, first.start))
        if not put or first.start - put[-1].end() > 25:
            continue
        if not _TOGETHER.search(lowered, second.end, min(end, second.end + 40)):
            continue
        if _TWO_ACTORS.search(lowered, start, put[-1].start()):
            continue  # 'lho and pd put ...': two players, their cards are another case
        return [Irregularity("two_cards_played", put[-1].start())]
    return []


_JOINED = lazy_pattern(r"\s*(?:,\s*)?(?:and|&|\+)\s+(?:the\s+|a\s+)?")
_PUT = lazy_pattern(
    r"\b(?:put|puts|pulled|pulls|drew|draws|took|takes|dropped|drops|played|plays|threw"
    r"|throws)(?: (?:out|down))?(?: both)?(?: (?:the|his|her|my))?\b"
)
_TOGETHER = lazy_pattern(
    r"\b(?:together|at once|at the same (?:time|moment|instant)|simultaneously"
    r"|both (?:face[- ]?up|faces|visible|showing|exposed|on the table))\b"
)
_IN_PLAY = lazy_pattern(
    r"\b(?:trick|tricks|t\d+|meant|intended|wanted|wants|attempting to play|trying to play"
    r"|next lead|led|lead|follow|followed|declarer|decl|dummy|defender|defending)\b"
)
_AUCTION = lazy_pattern(r"\b(?:auction|bidding|bidding box|bid box)\b")
_TWO_ACTORS = lazy_pattern(r"\b\w+ and \w+ (?:both )?$|\bboth of them\b|\bthey\b")
