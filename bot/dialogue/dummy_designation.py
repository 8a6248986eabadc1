"""Declarer naming a card of dummy's in words (Law 46).

How he named it ("small", "the queen", "win it") and whether dummy was leading decide which
card is played, so the words quoted are sorted into those kinds and nothing looser.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.lazy import lazy_pattern

DUMMY_CARD_NAMED = "dummy_card_named"
"""Declarer named a card of dummy's in words (Law 46): how he named it decides the card."""
_DESIGNATION = lazy_pattern(
    r"\b(?:decl|declarer|he|she)\b(?:[\s,]+[\w']+){0,10}?[\s,]+"
    r"(?:said|says|goes|went|called for|calls for|called|calls|asked for|asks for|named|names|"
    r"told dummy|tells dummy)\s+(?:to\s+)?(?:the\s+|a\s+)?['\"](?P<words>[^'\"]{1,30})['\"]"
)
_DESIGNATION_KINDS = (
    (lazy_pattern(r"^(?:small|low|little one|low one|smallest)$"), "low"),
    (lazy_pattern(r"^(?:high|top|big one|highest)$"), "high"),
    (lazy_pattern(r"^(?:win it|take it|cover|cover it|win)$"), "win"),
    (lazy_pattern(r"^(?:any|anything|play anything|whatever)$"), "anything"),
    (lazy_pattern(r"^(?:a |the )?(?:spade|heart|diamond|club)s?$"), "suit_only"),
    (
        lazy_pattern(
            r"^(?:the )?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)$"
        ),
        "rank_only",
    ),
    (
        lazy_pattern(
            r"^(?:the )?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)"
            r" of (?:spades|hearts|diamonds|clubs)$"
        ),
        "complete",
    ),
)
_QUOTE_SAID = lazy_pattern(
    r"\s+(?:to\s+dummy\s+|for\s+)?(?:the\s+|a\s+)?['\"](?P<words>[^'\"]{1,30})['\"]"
)
"""The words a remark quotes, right after its verb ("S says 'small'")."""
_PLAY_ASKED = lazy_pattern(r"^(?:play|give me|put)\s+(?=\S)")
"""'play a spade', 'give me a spade': the card named, as an order to dummy."""
_DUMMY_LEADING = lazy_pattern(
    r"\b(?:dummy (?:is |was )?(?:leading|on lead)|leading from dummy|lead from dummy)\b"
)
_DUMMY_FOLLOWING = lazy_pattern(r"\bdummy (?:is |was )?following\b|\bto (?:my|his|her) \w+ lead\b")
_CORRECTED = lazy_pattern(r"\bsaid\s+['\"](?:no|sorry|i mean|oops|wait)\b|\bslip of the tongue\b")


def dummy_designation(
    lowered: str, declarer_said: Sequence[tuple[int, int]] = ()
) -> tuple[int, dict[str, str]] | None:
    """Declarer naming a card of dummy's in words ('decl said "small"', 'asked for "the
    queen"'): where, how he named it and whether dummy was leading (Law 46).
    ``declarer_said``: (start, end) of the remarks the story's events give to declarer ('S
    says' with S declarer, 'Pat (declarer) said'), whose quoted words name his card too."""
    named = _DESIGNATION.search(lowered)
    if named is None:
        named = next(
            (
                m
                for start, end in declarer_said
                if (m := _QUOTE_SAID.match(lowered, end)) is not None
            ),
            None,
        )
    if named is None:
        return None
    if _CORRECTED.search(lowered, named.end()):
        return None  # named, then put right aloud: whether the card is played is the matter
    words = _PLAY_ASKED.sub("", named.group("words").strip())
    kind = next((k for pattern, k in _DESIGNATION_KINDS if pattern.match(words)), None)
    if kind is None:
        return None
    facts = {"designated_as": kind}
    if _DUMMY_LEADING.search(lowered):
        facts["designated_dummy_leading"] = "yes"
    elif _DUMMY_FOLLOWING.search(lowered):
        facts["designated_dummy_leading"] = "no"
    return named.start(), facts


_RANKS = r"ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two"
_DUMMYS_RANK = lazy_pattern(
    r"\bdummy\b[^.;!?]{0,30}?\b(?:played|plays|put|puts|pulled|gave|threw|pushed)"
    rf"(?: out| down| on| up)? (?:the |a |an |his |her )?(?:(?P<rank>{_RANKS})\b(?! of)"
    r"|[shdc♠♥♦♣]?(?P<short>10|[2-9akqjt])\b)"
)
_SHORT_RANKS = dict(zip("akqjt98765432", _RANKS.split("|"), strict=True)) | {"10": "ten"}


def dummy_played_another_rank(lowered: str, at: int | None = None) -> bool:
    """Declarer named a rank alone ('jack') and dummy put out another rank ('the queen'):
    the card named is not in doubt, dummy's card is the wrong one (Law 45D), whatever suit
    the rank alone would name (46B3). ``at``: where the designation was read (the quote
    after a remark the events gave declarer)."""
    named = _DESIGNATION.search(lowered) or (
        _QUOTE_SAID.match(lowered, at) if at is not None else None
    )
    if named is None:
        return False
    words = _PLAY_ASKED.sub("", named.group("words").strip())
    rank = re.fullmatch(rf"(?:the )?({_RANKS})", words)
    put = _DUMMYS_RANK.search(lowered, named.end())
    if rank is None or put is None:
        return False
    put_rank = put.group("rank") or _SHORT_RANKS[put.group("short")]
    return put_rank != rank.group(1)
