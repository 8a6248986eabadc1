"""A card played then taken back, or played meaning another (Laws 45C4 and 47)."""

from __future__ import annotations

from bot.dialogue.play_reader import PlayStory, clause_end
from bot.dialogue.reading.events import Event, Irregularity, role_at
from bot.dialogue.reading.leads import _PUT_WORDS
from bot.dialogue.reading.sentences import _quoted, _sentence_end, _sentence_start
from bot.lazy import lazy_pattern

_SAID_BEFORE = lazy_pattern(
    r"(?<!\bi )(?<!\bi just )\b(?:said|says|goes|went|cried|shouted|muttered)\b"
)


def _played_meaning_another(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card played and, in the same sentence, another one meant ('played the C3 and
    immediately said oops, meant the C4'): whether he may swap it is the question, and the
    answer is that a played card stays played (47F2) unless 45C4(b) lets declarer correct a
    slip naming dummy's card."""
    if any(i.kind != "card_taken_back" for i in found) or "retract_reason" in facts:
        return found
    for event in events:
        if event.act not in ("lead", "play") or "alleged" in event.how:
            continue
        end = clause_end(lowered, event.end)
        meant = _MEANT_CARD.search(lowered, event.end, end)
        if meant is None:
            continue
        if "instead of" in meant.group(0) and not _BY_MISTAKE.search(lowered, event.start, end):
            continue  # 'played the king instead of the queen': a choice told, not a slip
        if (
            meant.group(0).startswith("i ")
            and event.words != "i"
            and not _SAID_BEFORE.search(lowered, event.end, meant.start())
        ):  # 'pd played the 2, i meant the queen': my naming of dummy's card (46); but 'E
            # played the SJ and said oh no, I meant the queen' is E's own word
            continue
        role = event.role or (role_at(play, event.actor) if event.actor is not None else None)
        by_hand = (
            role == "defender"
            or lowered.startswith(_PUT_WORDS, event.start)
            or _FROM_OWN_HAND.match(lowered, event.end) is not None
        )  # declarer 'playing' the 2 may have named it from dummy: a slip there is 45C4(b)
        proven = {"retract_reason": "changed_mind"} if by_hand else {}
        facts.update(proven)
        return found or [Irregularity("card_taken_back", event.start, proven)]
    return found


def _played_then_taken_back(
    lowered: str, events: tuple[Event, ...], found: list[Irregularity]
) -> list[Irregularity]:
    """A card led or played from the hand, then the player's own words or act taking it back
    ('i played the s9 and immediately went "oh wait"', 'led the ♥3 face up, then thought "no,
    spade is better"', 'then wanted the jack'): whether he may is Law 47's question. Not a
    card named from dummy (45C4(b) rules a changed designation), nor words that tell of a
    lead out of turn or a revoke, whose own readers rule."""
    if found or any(e.act == "expose" for e in events) or _EXPLANATION.search(lowered):
        return found  # a card held up or dropped: whether it was played is the question
    quoted = _quoted(lowered)
    for event in events:
        if event.act not in ("lead", "play", "discard") or "alleged" in event.how:
            continue
        sentence = lowered[_sentence_start(lowered, event.start) : clause_end(lowered, event.end)]
        if event.role != "defender" and _NAMED_FROM_DUMMY_WORDS.search(sentence):
            continue  # a card named from dummy may be the one changed (45C4(b)); a
            # defender's own card is his, whatever dummy did in the same line
        after = lowered[event.end : _sentence_end(lowered, _sentence_end(lowered, event.end) + 1)]
        if _ADDED_TO_A_TRICK.search(after):
            return found  # a second card put on the trick: a fifth card, not one taken back
        change = _CHANGED_AFTER.search(after)
        said = [
            (a, b)
            for a, b in quoted
            if event.end <= a < event.end + len(after) and _TAKING_BACK_SAID.search(lowered[a:b])
        ]
        if any(_OTHER_MATTER_SAID.search(lowered[a:b]) for a, b in said):
            return found
        said = [(a, b) for a, b in said if _said_by_the_player(events, event, a)]
        if change is not None or said:
            return [Irregularity("card_taken_back", event.start)]
    return found


_EXPLANATION = lazy_pattern(
    r"\bexplain\w*|\bexplanation\b|\balert\w*|\bmisinform\w*"
    r"|\b[1-7](?:c|d|h|s|nt|♣|♦|♥|♠)(?: bid)? (?:was|is|meant|means|showed|shows)\b"
    r"|\b(?:one|two|three|four|five|six|seven) (?:clubs?|diamonds?|hearts?|spades?|no ?trumps?)"
    r"(?: bid)? (?:was|is|meant|means|showed|shows)\b"
)
"""What a call meant, told: a card played on it is the misinformation Laws' (21, 47E2)."""


def _said_by_the_player(events: tuple[Event, ...], card: Event, quote: int) -> bool:
    """The remark before ``quote`` is the card's player's: the same seat or role, or told of
    him without a name ('then went', 'he said')."""
    remark = next((e for e in reversed(events) if e.act == "remark" and e.end <= quote), None)
    if remark is None or remark.start < card.start:
        return remark is None
    if remark.actor is not None and card.actor is not None:
        return remark.actor == card.actor
    if remark.role is not None and card.role is not None:
        return remark.role == card.role
    return remark.words in ("", "he", "she", card.words)


_NAMED_FROM_DUMMY_WORDS = lazy_pattern(
    r"\b(?:from|in|on) (?:the )?(?:dummy|board)\b|\b(?:from|in) (?:the )?table\b|\bdummy's\b"
    r"|\bcalled\b|\bnamed\b|\bcalled for\b|\bsaid '|\bdummy\b"
)


_TAKING_BACK_SAID = lazy_pattern(
    r"\b(?:no|wait|oops|sorry|hang on|hold on|meant|mean|rather|instead|make that|not that"
    r"|didn't mean|wrong one|wrong card)\b"
)
"""A remark taking a card back: 'oh wait', 'no, make that a diamond', 'sorry meant the 8'."""


_OTHER_MATTER_SAID = lazy_pattern(
    r"\b(?:lead|leads|turn|revoke|follow|claim|rest|director|td|accept|played)\b"
    r"|\bi (?:said|asked|called)\b"
    r"|\b(?:have|got|had|hold) (?:a|one|the) (?:spade|heart|diamond|club|trump)"
    # a card of the suit found after all ('oh wait, i've got one', 'here's a heart'): a revoke
    r"|\b(?:got|have|had|found) one\b|\bhere(?:'s| is) (?:a|one|the)\b"
)
"""A remark about whose lead it was, a suit still held or a claim: another irregularity."""


_CHANGED_AFTER = lazy_pattern(
    r"\b(?:then|and|but|so)\s+(?:\w+\s+){0,3}?(?:wanted|wants|tried|asked|tries|asks)"
    r" (?:to (?:change|swap|switch|take it back|pick it (?:back )?up)\b"
    r"|(?:to (?:play|lead|put) |the )[^.,;!?]{0,25}\binstead\b)"
    r"|\b(?:changed|changes) (?:his|her|my) mind\b"
    r"|\b(?:pulled|took|grabbed|snatched|picked) (?:it|the card|(?:his|her|my|the) \w+) back\b"
    # the card taken back in other words ('snatched it and played low', 'put it back and
    # played the 4', 'returned it to her hand', 'wanted it back')
    r"|\b(?:grabbed|snatched) it\b"
    r"|\bput it back (?:and|then) (?:played|led|put|threw|pitched)\b"
    r"|\b(?:returned|returns|returning|put|puts) it (?:back )?(?:in|into|to) (?:his|her|my) hand\b"
    r"|\b(?:wanted|wants|asked for|asks for) it back\b"
)
"""After the card: the player wanting another one, or taking it back."""


_BY_MISTAKE = lazy_pattern(r"\bby (?:mistake|accident)\b|\baccidentally\b|\bwrong\b|\boops\b")


_FROM_OWN_HAND = lazy_pattern(r"[^.;!?]{0,25}?\bfrom (?:his |her |my )?(?:own )?hand\b")


_MEANT_CARD = lazy_pattern(
    r"\b(?:i |he |she )?(?:(?:meant|intended|wanted) (?:to play |to lead )?|instead of "
    r"|(?:wants|want) to (?:play|swap it for|change it (?:to|for)) |should have played "
    r"|(?:thinking|thought|believing|believed|sure) (?:that )?(?:it|this|that) (?:was|is) "
    r"|mistook it for |mistaking it for |took it for )"
    r"(?:the |a |my |his |her )?"
    r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|[2-9akqjt]|10|small"
    r"|low|high|other|spade|heart|diamond|club|[shdc♠♥♦♣])(?:s\b|\b|(?<=[♠♥♦♣]))"
    r"|\b(?:oops|sorry|no|damn|argh)\W+(?:\w+\W+)?wrong (?:card|one)\b"
    r"|\bwas the wrong (?:card|one)\b|\bnever meant (?:the|to play)\b"
)


_ADDED_TO_A_TRICK = lazy_pattern(
    r"\b(?:on|onto|to) (?:the|a|that|this) trick\b|\bon top\b|\bfifth\b|\b5th\b|\bfive cards\b"
    r"|\bsecond (?:card|one)\b|\bas well\b|\bextra\b|\bas if\b"
    r"|\bas (?:his|her|my|the) (?:last|final|only) card\b"
)
"""A card dropped onto a trick (a fifth card, two cards at once) or put out as if led: played."""
