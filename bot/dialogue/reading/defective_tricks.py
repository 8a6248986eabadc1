"""Tricks with a card too few or too many: a card played twice, a fifth card, two cards played at
once."""

from __future__ import annotations

import re

from bot.core.play import find_cards
from bot.dialogue.play_reader import PlayStory, actor_role, actor_seat, clause_end, clause_start
from bot.dialogue.reading.events import Irregularity, _at, _found_at_once, role_at
from bot.dialogue.reading.leads import _AT_THE_LAST_TRICK
from bot.dialogue.reading.sentences import _first_words, _sentence_start
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern


def _defective_tricks(
    lowered: str, play: PlayStory, vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """A trick found with three cards, or five, or a played card found played again at a
    later trick (Law 67), and whether it was found in time."""
    defective = vocabulary.phrases["defective"].search(lowered) or misplaced_card(
        lowered, vocabulary
    )
    twice = _played_twice(lowered, play)
    if defective is None and twice is None:
        return []
    if not _IN_THE_PLAY.search(lowered):
        return []  # 'the opener's partner was skipped' in the bidding: a turn, no trick
    if twice is not None or misplaced_card(lowered, vocabulary):
        kind = "misplaced"  # the card played did not stay among his played cards (67B3)
    elif vocabulary.phrases["too_many"].search(lowered) or vocabulary.told[
        "two_cards_played"
    ].search(lowered):
        kind = "too_many"
    else:
        kind = "too_few"
    proven = {"defective_kind": kind}
    start = min(m for m in (twice, defective.start() if defective else None) if m is not None)
    later = vocabulary.timing["found_later"].search(lowered)
    at_once = _found_at_once(lowered, vocabulary) or vocabulary.timing["before_next_trick"].search(
        lowered
    )
    if later and not at_once:
        proven["defective_noticed"] = "later"
    elif at_once and not later:
        proven["defective_noticed"] = "in_time"
    elif kind == "too_few" and _AT_THE_LAST_TRICK.match(lowered, _first_words(lowered)):
        # 'last trick, pd forgot to play': no next trick; but cards left over at the last trick
        # say an earlier trick was missed, and both sides have played since
        proven["defective_noticed"] = "later" if _LEFT_OVER.search(lowered) else "in_time"
    # whose hand missed it and whether he still holds the suit led: bot/dialogue/play_facts.py
    facts.update(proven)
    return [Irregularity("defective_trick", start, proven)]


_IN_THE_PLAY = lazy_pattern(
    r"\btricks?\b|\bt\d+\b|\bplay(?:ed|ing|s)?\b|\bled\b|\blead\b|\bdummy\b|\bdeclarer\b"
    r"|\bfollow(?:ed|s|ing)? suit\b|\bdefend\w*"
    r"|(?<!bidding )(?<!bid )(?<!pass )(?<!stop )(?<!alert )(?<!double )(?<!box )\bcards?\b"
)
"""A trick needs the play: words of it somewhere in the story (the bidding cards are no
sign of it)."""


_LEFT_OVER = lazy_pattern(
    r"\b(?:2|two) cards\b|\bcards? left\b|\bleft over\b|\bextra card\b"
    r"|\b(?:one|a|1) card (?:more|too many)\b"
)


def misplaced_card(lowered: str, vocabulary: Vocabulary) -> re.Match[str] | None:
    """The words of a card played twice or gone back into a hand ('played the dq twice'), not
    of a board played twice ('played the same board twice' is a board played in two rounds,
    Law 15B, no trick lacking a card)."""
    return next(
        (
            m
            for m in vocabulary.phrases["misplaced"].finditer(lowered)
            if not _A_DEAL.search(m.group(0))
            and not _ASKED_BEFORE.search(lowered, max(0, m.start() - 40), m.start())
        ),
        None,
    )


_ASKED_BEFORE = lazy_pattern(
    r"\b(?:can|could|may|might|allowed to|able to|free to|whether|if) (?:\w+ ){0,3}"
    r"(?:play|lead|put|use)\b[^.;!?]{0,12}$"
)
"""A card's playing again asked about ('can she play the same card again?'), not told."""


_A_DEAL = lazy_pattern(r"\b(?:boards?|bds?|deals?|rounds?|(?:same|whole|that|this) hand)\b")
"""A board, not a card ('back in his hand' is a card's place, 'the same hand' a deal)."""


def _played_twice(lowered: str, play: PlayStory) -> int | None:
    """The same card told played at two tricks ('played the DQ at T2 ... then the DQ again at
    T8'): where the first is told."""
    first: dict[tuple[object, int], int] = {}
    for mention in find_cards(play.story.text):
        card = mention.card
        if card.rank is None or card.suit is None:
            continue
        key = (card.suit, card.rank)
        if (
            key in first
            and _AGAIN.search(
                lowered, clause_start(lowered, mention.start), clause_end(lowered, mention.end)
            )
            and not _NOT_PLAYED_AGAIN.search(
                lowered, clause_start(lowered, mention.start), mention.start
            )
        ):
            return first[key]
        first.setdefault(key, mention.start)
    return None


_AGAIN = lazy_pattern(r"\bagain\b|\btwice\b|\ba second time\b")


_NOT_PLAYED_AGAIN = lazy_pattern(
    r"\b(?:meant|means|mean|intended|intends|wanted|wants|tried|trying|instead of|rather than"
    r"|not)\b"
)
"""Before the card's second mention in its clause: the card named as the one not meant
('meant to lead the S3, not the C3'), not a card played a second time."""


def _added_to_a_full_trick(lowered: str) -> re.Match[str] | None:
    """A card put 'on it as well' after the story tells the trick complete ('T8 complete, four
    cards on the table. E put the S6 on it as well'): a fifth card, however it is worded."""
    full = _TRICK_FULL.search(lowered)
    return _ON_IT_TOO.search(lowered, full.end()) if full is not None else None


_TRICK_FULL = lazy_pattern(
    r"\b(?:trick|t)\s*(?:\d{1,2}\s+)?(?:was |had been |is )?(?:complete|completed|full|done)\b"
    r"|\b(?:four|4) cards (?:were |already )?(?:on the table|on the trick|in the middle|played)\b"
    r"|\ball four (?:had |have )?(?:already )?played\b"
)
_ON_IT_TOO = lazy_pattern(
    r"\b(?:on|onto|to) (?:it|the trick|that trick|the pile) (?:as well|too|also)\b"
)


def _fifth_card(
    lowered: str,
    found: list[Irregularity],
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A player who had played to the trick added another card to it ('put another heart on
    top, so five cards'): the card itself is the matter (45E; found in time 67A2 says so
    too); found only after both sides played to the next trick, the trick is defective
    (67B2)."""
    fifth = vocabulary.phrases["fifth_card"].search(lowered) or _added_to_a_full_trick(lowered)
    if fifth is None or any(
        i.kind in ("two_cards_played", "simultaneous_plays", "revoke") for i in found
    ):
        return found
    later = (
        vocabulary.timing["found_later"].search(lowered)
        or _MOVED_ON.search(lowered)
        or _a_later_trick(lowered, fifth.start())
    )
    at_once = _found_at_once(lowered, vocabulary) or vocabulary.timing["before_next_trick"].search(
        lowered
    )
    floor = clause_start(lowered, fifth.start())
    rest = [
        i
        for i in found
        if i.kind not in ("defective_trick", "wrong_card_count")
        and not (i.kind == "card_exposed" and floor <= i.start)
    ]  # 'dropped the D2 on top of the same trick': the card added is not a card exposed, nor
    # the hand it left a card short a deal of the wrong size (the trick explains it: 67)
    if later and not at_once:
        proven = {"defective_kind": "too_many", "defective_noticed": "later"}
        facts.update(proven)
        return sorted([*rest, Irregularity("defective_trick", fifth.start(), proven)], key=_at)
    for key in ("defective_kind", "defective_noticed"):
        facts.pop(key, None)
    proven = {"played_card_event": "fifth"}
    for told in vocabulary.phrases["fifth_card"].finditer(lowered):
        floor = clause_start(lowered, told.start())
        _, role = actor_role(lowered, play, floor, told.start())
        seat = actor_seat(play, floor, told.start())
        if role is None and seat is not None:
            role = role_at(play, seat)
        if role is not None:  # who put the card on top, where the story says it
            proven["fifth_by_role"] = "defender" if role == "defender" else "declarer"
            break
    else:
        # 'E, who hadn't noticed W had played, put the S6 on it as well': every player the
        # sentence names before the card is of one side, so that side added it
        start = _sentence_start(lowered, fifth.start())
        named = [p for p in play.story.players if start <= p.start < fifth.start()]
        roles = {role_at(play, p.seat) if p.seat is not None else None for p in named}
        if len(roles) == 1 and None not in roles:
            proven["fifth_by_role"] = "defender" if roles == {"defender"} else "declarer"
    facts.update(proven)
    return sorted([*rest, Irregularity("fifth_card", fifth.start(), proven)], key=_at)


def _two_cards_on_a_trick(
    lowered: str, found: list[Irregularity], vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """Two cards from one hand on a trick. Found before both sides played to the next, 67A2
    hands them to the simultaneous play's law (58B), which rules them; found only after, 58B4
    hands them to the defective trick (67B2), which rules them (docs/labelling.md, 4). Told
    without when, the two cards are the matter (58B)."""
    two = next((i for i in found if i.kind == "two_cards_played"), None)
    if two is None:
        return found
    later = (
        vocabulary.timing["found_later"].search(lowered)
        or _MOVED_ON.search(lowered)
        or _a_later_trick(lowered, two.start)
    )
    at_once = _found_at_once(lowered, vocabulary) or vocabulary.timing["before_next_trick"].search(
        lowered
    )
    if at_once and not later:  # 58B, whatever else called it a trick with too many cards
        return [i for i in found if i.kind != "defective_trick"]
    if not later or at_once:
        return found
    proven = {"defective_kind": "too_many", "defective_noticed": "later"}
    facts.update(proven)
    rest = [i for i in found if i.kind != "defective_trick"]
    return [Irregularity("defective_trick", i.start, proven) if i is two else i for i in rest]


def _a_later_trick(lowered: str, told: int) -> bool:
    """The story names the trick the cards went to and a trick two or more on ('on trick 4
    ... at trick 6 he goes', 'at trick 11 we find trick 9 had 5 cards'), or says both sides
    played to a later trick: play had moved on past the next trick when it was found (67B2).
    The very next trick alone may still be in time."""
    tricks = [(m.start(), int(m.group(1))) for m in _TRICK_NAMED.finditer(lowered)]
    near = [n for at, n in tricks if abs(at - told) <= 60]
    if not near:
        return False
    first = min(near)
    return any(n >= first + 2 for _, n in tricks) or bool(_BOTH_PLAYED_ON.search(lowered))


_BOTH_PLAYED_ON = lazy_pattern(
    r"\bboth sides (?:have |had )?(?:already )?played to (?:the next trick|trick \d+)"
)


_TRICK_NAMED = lazy_pattern(r"\btrick (\d{1,2})\b")


_MOVED_ON = lazy_pattern(
    r"\b(?:nobody|no one|no-one|none of us) (?:noticed|saw|spotted|realised|realized"
    r"|said (?:a thing|anything|a word))"
    r"(?: (?:it|anything))? (?:till|until|til|at the time)\b|\b(?:noticed|found|spotted|seen) "
    r"(?:only )?(?:at|on|by) (?:trick|t) ?\d+|\btricks? (?:later|further on)\b|\bcard short\b"
    r"|\bat the end\b|\bafter (?:both sides|we all|everyone) (?:had )?played\b"
    r"|\bno cards? left\b|\bnothing left\b|\bran out of cards\b"
)
"""Found only once play had moved on: a later trick named, 'a card short', 'at the end', a
hand with nothing left to play."""
