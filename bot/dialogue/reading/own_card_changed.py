"""A player's own card, played from his hand, then changed by his own words or act (Law 47F2,
docs/labelling.md 'When retracting_played_card is the label').

The card was played in turn and put on the table as a play; afterwards the same player says he
meant another card, or picks it up and puts another instead. The words that date the change
('before lho played anything', 'before dummy went down') tell when he changed it, not a card
played early or a dummy acting; the card face up on the table is the card played, not one
exposed. Whether he may change it is the question, and other readings of the same card give
way to it.
"""

from __future__ import annotations

from bot.dialogue.play_reader import PlayStory, clause_end
from bot.dialogue.reading.events import Event, Irregularity, role_at
from bot.dialogue.reading.sentences import _quoted, _sentence_end, _sentence_start
from bot.lazy import lazy_pattern

_CHANGE_SAID = lazy_pattern(
    r"\b(?:meant|mean|intended|didn'?t mean|did not mean|wrong card|wrong one|rather"
    r"|instead|make that|let me (?:play|have|put)|i'?ll win it|can i have)\b"
)
"""A remark taking back the card just played: 'oops meant the 3', 'hold on, wrong card', 'no
actually I'll win it', 'let me play the king', 'can I have the s2 instead'."""

_CHANGE_TOLD = lazy_pattern(
    r"\b(?:changes|changed|changing) (?:his|her|my) mind\b"
    r"|\b(?:picks|picked|took|takes|pulled|grabbed|snatched) (?:up )?(?:it|the card|(?:his|her|my)"
    r" (?:\w+ )?(?:card|ace|king|queen|jack|ten|\w+)) back\b"
    r"|\b(?:picks|picked) up (?:his|her|my|the) \w+ and (?:puts|put|played|plays)\b"
    r"|\bput it back and (?:played|put|led)\b"
    r"|\b(?:tried|tries|went|wanted|wants|wishes|wished|asked|asks) to (?:swap|switch|change|"
    r"retract|take it back)\b"
    r"|\b(?:wants|wanted|wishes) (?:the|to play the) \w+(?: of \w+)? instead\b"
    r"|\b(?:announced|said|says) (?:that )?(?:he|she) (?:had )?(?:intended|meant|wanted) to\b"
    r"|\bput (?:the|his|her|my) \w+ (?:down|on) instead\b"
    r"|\b(?:but|though) (?:i|he|she)(?:'d| had)? meant (?:the|to)\b"
)
"""The change told in the teller's words: 'picks up his ten and puts the ♣Q on', 'tried to
swap it', 'announced that he had intended to duck', 'but I'd meant the ♠3'."""

_OTHER_MATTER = lazy_pattern(
    r"\b(?:lead|leads|turn|revoke|renege|follow|claim|rest|director|td|accept|explain\w*"
    r"|explanation|alert\w*|misinform\w*|dummy'?s? card|from (?:the )?dummy|called for)\b"
    r"|\b(?:have|got|had|hold|found) (?:a|one|the) (?:spade|heart|diamond|club|trump)"
    r"|\b(?:got|have|had|found) one\b|\bhere(?:'s| is) (?:a|one|the)\b"
)
"""What makes the change another Law's matter: whose turn or lead it was, a revoke put right,
an explanation (47E), a card named from dummy (45C4(b)), a claim, a ruling."""

_NOT_A_PLAY = lazy_pattern(
    r"\b(?:dropped|drops|fell|falls|slipped|stuck|together|at once|two cards|second card"
    r"|fifth|held (?:it )?up|holding it|in the air|not on the table|near the table|above the"
    r" table|face down|touching|touched)\b"
)
"""The card not put on the table as a play: dropped, held up, stuck to another, face down -
whether it was played at all is the question (45C), not a change of mind."""

_I_MEANT = lazy_pattern(r"\b(?:but|though) i\b")

_RULED = lazy_pattern(r"\b(?:td|director|ruled|ruling|arbiter)\b")

_FROM_DUMMY = lazy_pattern(
    r"\b(?:from|in|on|for) (?:the )?(?:dummy|board)\b|\bdummy's\b|\bcalled\b|\bnamed\b"
)
"""A card named or called from dummy: a changed designation is 45C4(b)'s, not 47's."""

_PUT_ON_THE_TABLE = lazy_pattern(
    r"(?:put|puts|placed|laid)\b[^.;!?]{0,30}\bface[- ]up\b|(?:put|puts|placed|laid)\b"
    r"[^.;!?]{0,30}\bon the table\b"
)

_EARLY_WORDS = lazy_pattern(
    r"\bout of turn\b|\bbefore (?:his|her|my|their) turn\b|\bnot (?:his|her|my) turn\b"
    r"|\btoo (?:early|soon)\b|\bprematurely\b|\bwrong (?:hand|defender|player|seat)\b"
    r"|\bwasn'?t (?:his|her|my) (?:turn|lead)"
)
"""Words that tell a card played early or from the wrong hand: then that is the matter."""

_GIVE_WAY = frozenset(
    (
        "played_before_turn",
        "played_before_partner",
        "card_exposed",
        "penalty_card_held",
        "dummy_acted",
        "dummy_wrong_card",
        "card_named",
        "lead_out_of_turn",
    )
)
"""Readings of the same card, or of the words dating its change, that give way."""


def _another_named(play: PlayStory, event: Event, start: int, end: int) -> bool:
    """The last player named between the card and the change is not the card's player
    ('W led a club ... now E says he wanted to lead a spade')."""
    seats = [(r.start, r.seat) for r in play.story.players if start <= r.start < end and r.seat]
    roles = [(r.start, r.role) for r in play.roles if start <= r.start < end]
    named = sorted([*seats, *roles], key=lambda x: x[0])
    if not named:
        return False
    last = named[-1][1]
    if isinstance(last, str):
        role = event.role or (role_at(play, event.actor) if event.actor is not None else None)
        return role is not None and last != role
    return event.actor is not None and last != event.actor


def _changed_at(
    lowered: str, event: Event, events: tuple[Event, ...], play: PlayStory
) -> int | None:
    """Where the card's player changes it, in the words after it (this sentence and the next)."""
    end = _sentence_end(lowered, _sentence_end(lowered, event.end) + 1)
    after = lowered[event.end : end]
    told = _CHANGE_TOLD.search(after)
    if told is not None and _I_MEANT.search(told.group(0)) and event.words not in ("i", ""):
        told = None  # 'pd played the 2 but i meant the 9': the teller's naming (46), not pd's
    if (
        told is not None
        and not _OTHER_MATTER.search(after, 0, told.end())
        and not _another_named(play, event, event.end, event.end + told.start())
    ):
        return event.end + told.start()
    for start, stop in _quoted(lowered):
        if not event.end <= start < end:
            continue
        said = lowered[start:stop]
        if not _CHANGE_SAID.search(said) or _OTHER_MATTER.search(said):
            continue
        if _another_named(play, event, event.end, start):
            continue  # 'E played the sJ, then declarer said "wrong card"
        remark = next((e for e in reversed(events) if e.act == "remark" and e.end <= start), None)
        if (
            remark is not None
            and remark.start > event.start
            and not _same_player(remark, event)
            and not (remark.role == "dummy" and event.act == "lead")  # 'then before dummy
            # went down said "wrong card"': dummy has no say in a defender's lead
        ):
            continue  # another player's words ('declarer said "wrong card"')
        return start
    return None


_MINE_TOO = lazy_pattern(
    r"\b(?:too|also|as well)\b[^.;!?]{0,3}[?]|\b(?:change|swap|take back|have back|get back)"
    r" (?:mine|my (?:own )?card|my \w+|his \w+|her \w+)\b[^.;!?]{0,20}\b(?:too|also|as well)\b"
    r"|\b(?:wants|want|wanted) (?:his|her|my) (?:\w+ )?back too\b"
    r"|\bto (?:change|swap|switch)(?: (?:his|hers|mine|theirs|\w+))? (?:too|also|as well)\b"
    r"|\bback (?:too|also|as well)\b|\bchange (?:hers|his|mine) (?:too|also|as well)?\b"
)
"""Another player's card asked back after the change ('can I change mine too?')."""


_FOLLOWED_BY = lazy_pattern(
    r"\b(?P<who>i|he|she|my (?:partner|pd)|pd|partner|lho|rho|dummy|[nesw]|west|east|north"
    r"|south)\b(?:'d| then| had| just| already| quickly)* (?:covered|followed|played|put|threw"
    r"|ruffed|discarded|overtook|went up)\b"
)
"""Another player's card after this one, in everyday words ('I covered with the ace')."""


def _another_followed(lowered: str, events: tuple[Event, ...], card: Event, changed: int) -> bool:
    """Another player's card told played after this one, before it was changed."""
    if any(
        e.act in ("play", "discard", "ruff")
        and "alleged" not in e.how
        and card.end <= e.start < changed
        and not _same_player(e, card)
        for e in events
    ):
        return True
    if any(
        m.group("who") not in (card.words, "he", "she")
        for m in _FOLLOWED_BY.finditer(lowered, card.end, changed)
    ):
        return True
    return any(  # 'if he can change, can I change my 5?': the asker's own card, after it
        m.group("who") != card.words for m in _ASKER_CHANGES.finditer(lowered, changed)
    )


def _another_before(lowered: str, events: tuple[Event, ...], card: Event) -> bool:
    """Another player's card just before this one ('rho played a card, then i played
    mine, then he switched his'): whose card was changed, the words do not settle."""
    floor = _sentence_start(lowered, max(0, _sentence_start(lowered, card.start) - 1))
    return any(
        e.act in ("lead", "play", "discard", "ruff")
        and "alleged" not in e.how
        and floor <= e.start < card.start
        and not _same_player(e, card)
        for e in events
    )


_ASKER_CHANGES = lazy_pattern(
    r"\b(?:can|may|could) (?P<who>i|we|my partner|pd) (?:now |also |then )*(?:change|swap|take"
    r"|have|get|put|pick)\b"
)


def _same_player(remark: Event, card: Event) -> bool:
    if remark.actor is not None and card.actor is not None:
        return remark.actor == card.actor
    if remark.role is not None and card.role is not None:
        return remark.role == card.role
    return remark.words in ("", "he", "she", card.words)


def _played_from_hand(lowered: str, event: Event, play: PlayStory) -> bool:
    """The card was a play from the player's own hand, put on the table: not a card named or
    called from dummy, nor one dropped, held up or stuck to another."""
    sentence = lowered[_sentence_start(lowered, event.start) : clause_end(lowered, event.end)]
    near = lowered[max(0, event.start - 25) : min(event.end + 30, clause_end(lowered, event.end))]
    if _NOT_A_PLAY.search(sentence) or _FROM_DUMMY.search(near):
        return False
    role = event.role or (role_at(play, event.actor) if event.actor is not None else None)
    if role == "dummy":
        return False
    if event.act == "expose":
        return bool(_PUT_ON_THE_TABLE.match(lowered, event.start))
    return event.act in ("lead", "play", "discard")


def own_card_changed(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """The card taken back first, the readings of the same card it explains dropped."""
    if _EARLY_WORDS.search(lowered) or "retract_reason" in facts:
        return found
    kinds = {i.kind for i in found}
    if kinds - _GIVE_WAY - {"card_taken_back"}:
        return _told_without_a_card_event(lowered, events, found, facts)  # a revoke, a claim, a
        # ruling's matter: their own readers rule
    for event in events:
        if event.act not in ("lead", "play", "discard", "expose") or "alleged" in event.how:
            continue
        if not _played_from_hand(lowered, event, play):
            continue
        if _RULED.search(lowered, _sentence_start(lowered, event.start), event.start):
            continue  # 'the TD ruled that declarer had to take back the card he played': 47A
        changed = _changed_at(lowered, event, events, play)
        if changed is None:
            continue
        if any(i.kind == "lead_out_of_turn" for i in found) and event.act == "lead":
            return found  # a lead proven out of turn: its own Laws (53-56) rule first
        if (
            _another_followed(lowered, events, event, changed)
            or _MINE_TOO.search(lowered)
            or _another_before(lowered, events, event)
        ):
            # another player's card came after it: whether he may change his too is the
            # question (47D), so why a card is taken back is left to be asked
            return [Irregularity("card_taken_back", event.start)]
        proven = {"retract_reason": "changed_mind"}
        facts["retract_reason"] = "changed_mind"
        return [Irregularity("card_taken_back", event.start, proven)]
    return _told_without_a_card_event(lowered, events, found, facts)


_OPENING_LEAD_FACED = lazy_pattern(
    r"\bopening lead\b[^.;!?]{0,30}?\b(?:faced|face up|is faced|was faced)\b"
)
_SWAP_THE_CARD_PLAYED = lazy_pattern(
    r"\b(?:swap|change|switch|take back|have back|replace)\b (?:the|his|her|my) card (?:that )?"
    r"(?:he|she|i)(?:'d| had)? (?:put|played|led)\b"
)
_NOT_HIS_LEAD = lazy_pattern(r"\b(?:it was|it's|its) (?:\w+'s|his|her|my) (?:lead|turn)\b")
_CHANGED_MIND = lazy_pattern(r"\bchang(?:ed|es|ing) (?:his |her |my )?mind\b")


def _told_without_a_card_event(
    lowered: str, events: tuple[Event, ...], found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """The card told without a verb of play: an opening lead told faced ('N's opening lead
    ♥5 faced'), then a change of mind before any other card; or the card swapped told as
    'the card he put on it'. Only when nothing else is proven and no card was played after."""
    if _NOT_HIS_LEAD.search(lowered) or {i.kind for i in found} - {"dummy_spoke", "dummy_acted"}:
        return found  # 'before dummy is spread N says ...': no dummy yet to speak or act
    if any(e.act in ("lead", "play", "discard", "ruff") and "alleged" not in e.how for e in events):
        return found
    faced = _OPENING_LEAD_FACED.search(lowered)
    if faced is not None:
        changed = _CHANGED_MIND.search(lowered, faced.end()) or next(
            (
                m
                for a, b in _quoted(lowered)
                if a > faced.end()
                for m in [_CHANGE_SAID.search(lowered, a, b)]
                if m is not None and not _OTHER_MATTER.search(lowered, a, b)
            ),
            None,
        )
        if changed is not None:
            facts.setdefault("retract_reason", "changed_mind")
            return [
                Irregularity("card_taken_back", faced.start(), {"retract_reason": "changed_mind"})
            ]
    swapped = _SWAP_THE_CARD_PLAYED.search(lowered)
    if swapped is not None and not found:
        return [Irregularity("card_taken_back", swapped.start())]
    return found
