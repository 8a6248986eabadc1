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
"""'i'd pulled the north hand out of board 9': cards from another board (Law 15A)."""
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
    other_board = _OTHER_BOARD.search(lowered) or (cards.search(lowered) if cards else None)
    if other_board is not None:
        return Found(WRONG_CARDS, other_board.start(), {"wrong_board_kind": "cards"})
    table = words.get("wrong_board_table")
    table_board = _TABLE_ON_OTHER_BOARD.search(lowered) or (
        table.search(lowered) if table else None
    )
    if table_board is not None:
        return Found(WRONG_CARDS, table_board.start(), {"wrong_board_kind": "table"})
    return None
