"""Cards taken from the wrong board, or a whole table playing the wrong board (Law 15)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.dialogue.auction_state import Found
from bot.lazy import lazy_pattern

_OTHER_BOARD = lazy_pattern(
    r"\b(?:pulled|took|picked up|taken|got|drew)\b[^.;!?]{0,30}\b(?:hand|cards)\s+"
    r"(?:out of|from)\s+(?:the\s+)?(?:wrong\s+|next\s+|other\s+|another\s+)?(?:board|bd)\s+\d+"
)
"""'i'd pulled the north hand out of board 9': cards from another board (Law 15A), unless the
words themselves say otherwise (``_NOT_ANOTHER_BOARD``)."""
_TABLE_ON_OTHER_BOARD = lazy_pattern(
    r"\b(?:we|our table|the whole table|whole table)\b[^.;!?]{0,30}\b(?:played|playing|finished "
    r"playing|started)\b[^.;!?]{0,15}\b(?:board|bd) \d+\b[^.;!?]{0,40}\b"
    r"(?:should have (?:had|played)|wasn't ours|not ours|meant for|wrong board|not on our)"
)
"""'we just finished playing board 20, turns out we should have had board 22' (Law 15B)."""
WRONG_CARDS = "wrong_cards_held"
"""A player held (or a table played) cards of another board (Law 15)."""


def wrong_board(lowered: str, words: Mapping[str, re.Pattern[str]] | None = None) -> Found | None:
    """A hand pulled out of another board (Law 15A), else a table that played the wrong
    board (Law 15B). ``words``: the auction words of the vocabulary (``wrong_board_cards``,
    ``wrong_board_table``), read after the shapes above."""
    words = words or {}
    cards = words.get("wrong_board_cards")
    other_board = next(
        (m for m in _OTHER_BOARD.finditer(lowered) if not _not_another_board(lowered, m)), None
    ) or (cards.search(lowered) if cards else None)
    if other_board is not None:
        return Found(WRONG_CARDS, other_board.start(), {"wrong_board_kind": "cards"})
    table = words.get("wrong_board_table")
    table_board = _TABLE_ON_OTHER_BOARD.search(lowered) or (
        table.search(lowered) if table else None
    )
    if table_board is not None:
        return Found(WRONG_CARDS, table_board.start(), {"wrong_board_kind": "table"})
    return None


def _not_another_board(lowered: str, taken: re.Match[str]) -> bool:
    """The cards taken out of the board named are the board being played: the taking only
    says when something else happened ('we were just taking the cards out of board 7 when the
    next table shouted', 'before we had taken our cards out of board 14'), another seat's hand
    of it was taken ('took the south hand out of bd 7 ... i'm west'), or the hand itself was
    wrong ('took my cards out of bd 8 and only had 12')."""
    floor = max(lowered.rfind(c, 0, taken.start()) for c in ".;!?\n") + 1
    if _TAKING_AS_TIME.search(lowered, floor, taken.start() + 12):
        return True
    seat = _SEATS_HAND.search(lowered, taken.start(), taken.end())
    mine = _MY_SEAT.search(lowered)
    if seat is not None and mine is not None and mine.group(1)[0] != seat.group(1)[0]:
        return True  # 'took the south hand out of bd 7 ... realising i'm west'
    ends = [i for i in (lowered.find(c, taken.end()) for c in ".;!?\n") if i >= 0]
    return bool(_HAND_WRONG.search(lowered, taken.end(), min(ends or [len(lowered)])))


_TAKING_AS_TIME = lazy_pattern(
    r"\b(?:before|while|when|as|just)\s+(?:we|i|they|he|she|everyone|everybody)?\s*"
    r"(?:(?:were|was|had|'d|have|'ve|even|just|all)\s+)*(?:taking|taken|took|pulling|pulled)\b"
)
_SEATS_HAND = lazy_pattern(r"\b(north|south|east|west) hand\b")
_MY_SEAT = lazy_pattern(
    r"\b(?:i'm|i am|im|i sit|i was sitting|i'm sitting)\s+(north|south|east|west)\b"
)
_HAND_WRONG = lazy_pattern(
    r"\bonly (?:had|have|got|held|found|counted)\b|\bdifferent back\b"
    r"|\b(?:12|14|twelve|fourteen) cards\b|\btwo (?:of (?:the )?)?(?:same|identical)\b"
    r"|\btwo (?:\w+ ){0,3}(?:of (?:spades|hearts|diamonds|clubs)|[♠♥♦♣])"
)
