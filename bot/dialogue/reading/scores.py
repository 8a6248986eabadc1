"""Scores and trick counts told: a wrong score recorded or corrected, declarer's tricks counted."""

from __future__ import annotations

import re

from bot.core.calls import BID_PATTERN, Seat
from bot.dialogue.information_reader import OUTSIDE_INFORMATION
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.reading.events import Event, Irregularity
from bot.dialogue.reading.exposed_cards import _cards_gathered
from bot.dialogue.reading.revokes import _MADE
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.trick_reader import (
    count_told_after_agreement,
    counts_agreed_first,
    counts_disputed,
)
from bot.lazy import lazy_pattern


def _scores_told(
    lowered: str, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[Irregularity]:
    """A result recorded one way and corrected in the same sentence, or agreed by both sides
    ('entered 1NT+2, should have been 3NT=', 'bridgemate says 10 ... opps agree it was 11'); a
    trick count agreed, then disputed. Only when the vocabulary's words did not already tell it."""
    told = vocabulary.told
    if told["score_recorded_wrong"].search(lowered) or told["tricks_disputed"].search(lowered):
        return []
    for record in _RECORDED.finditer(lowered):
        sentence = lowered[record.start() : clause_end(lowered, record.end())]
        if _CORRECTED.search(sentence) or _BOTH_AGREE.search(lowered):
            return [Irregularity("score_recorded_wrong", record.start())]
        if _recorded_otherwise(lowered, record):
            return [Irregularity("score_recorded_wrong", record.start())]
        if _SCORE_THAT_SHOULD_BE.search(lowered, record.end()):
            # 'given 4S+1 as +450 ... we were vul, should be +650': a score recorded and the
            # right one told after it (Law 79C)
            return [Irregularity("score_recorded_wrong", record.start())]
    disputed_at = _two_counts(lowered)
    if disputed_at is not None and any(  # 'declarer said he had 9 and showed his hand': a claim
        e.act in ("claim", "concede")
        and e.start >= disputed_at  # 'claimed at T9, we said 9, they said 10': counts after it
        and clause_start(lowered, e.start) == clause_start(lowered, disputed_at)
        for e in events
    ):
        disputed_at = None
    if disputed_at is not None and not told["card_pointed_wrong"].search(lowered):
        # two counts of the tricks: played cards mixed before any count was agreed are the
        # matter (Law 65D); with them still in rows, or gone after an agreed count, the
        # director rules on the count itself (Law 79B; docs/labelling.md, 2)
        kept = vocabulary.phrases["played_cards"].search(lowered)
        if (
            kept is not None
            and not counts_agreed_first(lowered, disputed_at)
            and _cards_gathered(lowered, events)
        ):
            return [Irregularity("tricks_disputed", disputed_at)]
        return [Irregularity("score_disputed", disputed_at)]
    after = count_told_after_agreement(lowered)
    if after is not None:  # 'EW accepted, +620 entered; after the move EW say they took 4'
        return [Irregularity("score_disputed", after)]
    accepted = _COUNT_ACCEPTED.search(lowered)
    if (
        accepted is not None
        and _FOUND_WRONG.search(lowered, accepted.end())
        and not _CLAIM_WORD.search(accepted.group(0))  # 'agreed decl's claim of 10': 69B
    ):
        # 'we accepted 9 tricks but they only won 8': the agreed count found wrong (79A2)
        proven = (
            {"score_event": "agreeing"}
            if _found_wrong_uncontested(lowered, events, accepted.end())
            else {}
        )
        return [Irregularity("score_disputed", accepted.start(), proven)]
    agreed = _AGREED_BEFORE.search(lowered)
    if agreed is None or _NOT_YET.search(lowered, max(0, agreed.start() - 16), agreed.start()):
        return []
    disputed = _SAYS_MORE.search(lowered)
    return [] if disputed is None else [Irregularity("score_disputed", disputed.start())]


def _count_after_claim(found: list[Irregularity], lowered: str) -> list[Irregularity]:
    """A claim told, then the count of tricks disputed: the result is what is questioned (Law
    79), not the claim, when the claim was agreed ('N spread, EW accepted; after the move EW
    say they took 4') or when the sides set two counts against each other ('claimed at T9, we
    said 9 total, they said 10'). A trick the claim could not have given, found later, is a
    single count found wrong: the claim's matter (69B, 71)."""
    kinds = [i.kind for i in found]
    if not {"claim", "concession"} & set(kinds):
        return found
    claim = next(i for i in found if i.kind in ("claim", "concession"))
    recorded = next((i for i in found if i.kind == "score_recorded_wrong"), None)
    if (
        recorded is not None
        and claim.start < recorded.start
        and _AGREED_CLAIM.search(lowered, claim.start, recorded.start)
    ):  # 'we conceded 2 and all agreed, but the scorer entered 3 down': the record (79C)
        return [recorded, *(i for i in found if i is not recorded)]
    if "score_disputed" not in kinds:
        return found
    counts = [i for i in found if i.kind == "score_disputed"]  # in words, then in numbers
    count = counts[0]
    if claim.start > count.start:
        return found
    if not _AGREED_CLAIM.search(lowered, claim.start, count.start) and (
        _two_counts(lowered) not in {c.start for c in counts}
    ):
        return found
    return [count, *(i for i in found if i is not count)]


def _result_heard_from_the_other_pair(found: list[Irregularity]) -> list[Irregularity]:
    """A board's result disputed, and what was 'heard' from another table is that result, from
    the pair who played it against us ('the pair from our previous table came over saying
    they made 10'), or the record looked at is where the count was checked ('checked the hand
    record the next day'): the score's story (Law 79), not information reaching a player with
    the board still to play (16D), which a time on the board would have told."""
    if not any(i.kind in _SCORE_KINDS for i in found):
        return found
    return [
        i
        for i in found
        if not (
            i.kind == OUTSIDE_INFORMATION
            and i.facts.get("info_source") in ("overheard", "other")
            and "info_timing" not in i.facts
        )
    ]


_SCORE_KINDS = frozenset(("score_disputed", "score_recorded_wrong", "tricks_disputed"))


_AGREED_CLAIM = lazy_pattern(r"\b(?:agreed|accepted|acquiesced|nodded|said ok|said fine)\b")


def _two_counts(lowered: str) -> int | None:
    """Where each side's count of the tricks is told against the other's ('they say 11, we
    say 10'), or None."""
    counter = _COUNTER_CLAIM.search(lowered)
    return counter.start() if counter is not None else counts_disputed(lowered)


_RESULT_TOLD = lazy_pattern(
    rf"(?<![\w]){BID_PATTERN}(?P<doubled>\s*x{{1,2}}\b)?(?:\s+by\s+\w+)?\s*"
    r"(?:(?P<sign>[+=-])\s*(?P<by>[1-7])?|(?:making|made)\s+(?P<made>\d{1,2})\b"
    r"|(?P<down>[1-7])\s+(?:off|down)\b)",
    re.IGNORECASE,
)
"""'4Hx by W making 5', '4H=', '3NT-1', '2S 2 off': a contract and its result as scored."""


_LEVEL_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _result_of(told: re.Match[str]) -> tuple[str, str, bool, int] | None:
    """(level, denomination, doubled, tricks over book made), or None when unclear."""
    word = told.group("level").lower()
    level = _LEVEL_WORDS[word] if word in _LEVEL_WORDS else int(word)
    denomination = told.group("denomination").lower()[:1]
    made = level
    if told.group("sign") in ("+", "-"):
        if told.group("by") is None:
            return None
        made += int(told.group("by")) * (1 if told.group("sign") == "+" else -1)
    elif told.group("made") is not None:
        count = int(told.group("made"))
        made = count if count <= 7 else count - 6
    elif told.group("down") is not None:
        made -= int(told.group("down"))
    return (str(level), denomination, told.group("doubled") is not None, made)


def _recorded_otherwise(lowered: str, record: re.Match[str]) -> bool:
    """A result told, then recorded as another ('4Hx by W making 5. entered as 4H= by W'):
    the score was written down wrongly, whoever noticed."""
    after = _RESULT_TOLD.search(lowered, record.end(), clause_end(lowered, record.end()))
    told = list(_RESULT_TOLD.finditer(lowered, 0, record.start()))
    if after is None or not told:
        # no contract named: 'we agreed 3 off ... the traveller says 2 off'
        downs = [m.group(1) for m in _DOWN_BY.finditer(lowered, 0, record.start())]
        written = _DOWN_BY.search(lowered, record.end(), clause_end(lowered, record.end()))
        if downs and written is not None:
            return written.group(1) != downs[-1]
        # 'opps claimed 10 tricks which we accepted, then the bridgemate showed 11'
        counts = [m.group(1) for m in _TRICKS_TOLD.finditer(lowered, 0, record.start())]
        shown = _COUNT_SHOWN.match(lowered, record.end())
        return bool(counts) and shown is not None and shown.group(1) != counts[-1]
    kept, played = _result_of(after), _result_of(told[-1])
    return kept is not None and played is not None and kept != played


_DOWN_BY = lazy_pattern(r"\b([1-9]|one|two|three|four|five) (?:off|down)\b")
"""'3 off', 'two down': a result told by the undertricks alone."""


_TRICKS_TOLD = lazy_pattern(r"\b(1[0-3]|[7-9]) tricks\b")
_COUNT_SHOWN = lazy_pattern(
    r"\s+(?:it as |as |us |them )?(1[0-3]|[7-9])\b(?! (?:mins?|minutes|rounds?|boards?))"
)
"""A count of tricks told, then the one the record shows right after its word."""


_RECORDED = lazy_pattern(
    r"\b(?:entered|scored|recorded|wrote down|written down|keyed in|put in)\b"
    r"(?! (?:the )?(?:auction|bidding))"
    r"|\b(?:bridgemate|traveller|traveler|score ?sheet|score ?card|score|result|results? sheet"
    r"|scores? sheet"
    r"|results? page|recap(?: sheet)?) (?:says|said|shows|showed|has)\b"
    r"|\b(?:results? sheet|scores? sheet|results? page|recap)\W+(?:board|bd) \d+"
    r" (?:says|shows|has)\b"
    r"|\b(?:on|in) the (?:bridgemate|traveller|traveler|score ?sheet|scorecard)\b"
    r"|\bscorer (?:put|entered|wrote|has|recorded)\b"
    # everyday words for a result written down or keyed in
    r"|\b(?:wrote|written|typed|typed in|went in as|scored it|worked out)\b"
    r"(?! (?:down |out )?(?:an? |the |his |her |my |their )?(?:wrong )?"
    r"(?:explanation|alert|meaning|answer|reply|note|question|bid|call|system)s?\b)"
    r"|\bput (?:down|in) (?:the score|the result|it as|as)\b|\bput it in\b"
    r"|\b(?:put|had|has|scored) us\b"
    r"|\b(?:in|into) the (?:machine|bridgemate|scorer)\b"
    r"|\bon the (?:sheet|scoresheet|score sheet|travelling sheet|screen|recap|results)\b"
    r"|\b(?:score|result|results) (?:slip |sheet |on (?:bd|board) \d+ )?(?:says|said|has|had)\b"
    r"|\bscorer (?:had|shows|showed)\b"
    r"|\b(?:we|they|i|ns|ew|n/s|e/w) (?:were|was|got) given\b(?= [^.;!?]{0,40}[+-]\d{2,4}\b)"
)


_SCORE_THAT_SHOULD_BE = lazy_pattern(
    r"\b(?:should (?:have been|be)|ought to (?:have been|be)|it's really|is really)"
    r" (?:a |the )?(?:[+-]\d{2,4}|\d{3,4})\b"
)
"""A score in points told as the right one ('should be +650', 'shows 420 and should be
620')."""


_CORRECTED = lazy_pattern(
    r"\bshould (?:have been|be)\b|\bbut it was\b|\bit was actually\b|\binstead of\b"
    r"|\bbut (?:actually|in fact|really)\b"
    r"|\bwrong way (?:round|around)\b"
    r"|\bbut (?:we|they|it|he|she|declarer) (?:went|made|was|were|had)\b"
    # the result as it was, set against what was written
    r"|\bwhen (?:we|they|it|he|she|i) (?:were|was|wasn't|weren't|had|made|played)\b"
    r"|\bbut (?:we|they|it|he|she|i|[nesw]|ns|ew|n/s|e/w|n-s|e-w|declarer)"
    r"(?:'d| had| were| was| played| went| made| wasn't| weren't| did| only)\b"
    r"|\bit was (?:really |actually )?(?:[1-7](?:nt|[cdhs♠♥♦♣])|\d+\b|played|by|vul|nv|non|not)"
    r"|\b(?:wasn't|was not|weren't) (?:vul|doubled|redoubled)\b"
    r"|\bshould (?:read|say)\b|\bwrong(?:ly)?\b"
)


_BOTH_AGREE = lazy_pattern(
    r"\b(?:opps|opponents|they|both (?:pairs|sides)|everyone|everybody|all|we all"
    r"|(?:all|the) four of us|all four)"
    r"(?: at (?:the|our|this) table| here| present| involved)?"  # 'everyone at the table'
    r" (?:agree|agreed|agrees|accept|accepted)\b(?! (?:to|that we|the claim))"
)


_COUNTER_CLAIM = lazy_pattern(
    r"\b(?:say|says|said|think|is adamant|are adamant|insist|insists)\s+"
    r"(?:that\s+)?(?:they|he|she|we)?\s*(?:made|won|took|got|had)?\s*(?:1[0-3]|[0-9])\b"
    r"[^.;!?]{0,40}?\b(?:we|they|opps|i|declarer|ns|ew|n-s|e-w|lho|rho)\s+"
    r"(?:say|says|said|think|thinks|count|make it)"
    r"\s+(?:they\s+|we\s+)?(?:made\s+|won\s+)?(?:1[0-3]|[0-9])\b"
    r"|\bwe (?:think|say|count) (?:1[0-3]|[0-9])(?: tricks)?[^.;!?]{0,20}?\b(?:opps|they|declarer)"
    r" (?:say|says|think|thinks) (?:1[0-3]|[0-9])\b"
)
"""'opps say they made 10, we say 9', 'lho is adamant they made 8 and we say 7': the count
disputed (Law 79B). Not 'they claim ...': a claim of tricks is another matter (Law 68)."""


_CLAIM_WORD = lazy_pattern(r"\bclaim\w*|\bconce\w*")


_A_COUNT = r"(?:1[0-3]|[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


_COUNT_ACCEPTED = lazy_pattern(
    r"\b(?:agreed|accepted|let them have|said (?:ok|okay|fine|yes) to|all said|nodded)\b"
    r"[^.;!?]{0,30}?\b" + _A_COUNT + r"\b(?! (?:min|mins|minutes|hours))"
    r"|\baccepted (?:a|their|the) (?:trick|count)\b|\bagreed (?:the|their) count\b"
)
"""A count of tricks agreed or accepted at the table ('we accepted 9 tricks', 'said ok to 10',
'accepted a trick')."""


_FOUND_WRONG = lazy_pattern(
    r"\b(?:but|then|now|after|later)\b[^.;!?]{0,60}?\b(?:actually|really|only|miscounted"
    r"|should(?:'ve| have)? been|should be|realis\w*|realiz\w*)\b"
    r"|\b(?:didn't|did not|didnt|never) (?:actually |really )?(?:win|won)\b"
    r"|\b(?:we|they) only (?:had|made|won|got|took)\b"
)
"""The agreed count then found wrong: 'but they only won 8', 'a trick we never won'."""


def _found_wrong_uncontested(lowered: str, events: tuple[Event, ...], accepted: int) -> bool:
    """A count accepted at the table and then found wrong by a side, with no claim or
    concession behind it (79B1 sends those to 69B and 71), no other side told holding to the
    count now (a live disagreement is the director's under 79B) and no question of how long a
    score stays open (79C): what the story asks is agreeing the tricks (79A)."""
    if any(e.act in ("claim", "concede") for e in events) or _CLAIM_WORD.search(lowered):
        return False
    if _PERIOD_ASKED.search(lowered):
        return False
    return not _HELD_TO.search(lowered, accepted)


_PERIOD_ASKED = lazy_pattern(
    r"\b(?:how long|until when|till when|time limit|deadline|how late|correction period)\b"
    r"|\b(?:results?|scores?) (?:were |are |had been |have been )?(?:published|posted|up|out)\b"
)
_HELD_TO = lazy_pattern(
    r"\b(?:opps|opponents|they|they're|lho|rho|declarer|decl|the other side|n-?s|e-?w)\b"
    r"[^.;!?]{0,25}?\b(?:want|wants|wanted|insist\w*|say|says|saying|disagree\w*|don't agree"
    r"|do not agree|didn't agree|dispute\w*|argu\w*|refus\w*|object\w*|won't|will not)\b"
)
"""After the count was accepted, the other side told holding to it: 'now the opps want the
10', "they're back saying it should be 10", 'opps disagree'."""


_AGREED_BEFORE = lazy_pattern(
    r"\bagreed (?:the )?(?:number of tricks|tricks|trick count|count|result)\b"
    r"|\bagreed (?:on )?(?:1[0-3]|[0-9])\b"
)


_NOT_YET = lazy_pattern(r"(?:\b(?:before|until|not|never)\b|n't\b)[^.;!?]*$")


_SAYS_MORE = lazy_pattern(
    r"\b(?:says?|said|claims?|claimed|think|thinks)\s+(?:they|he|she|we)\s+(?:made|won|took|got|had)"
    r"\s+(?:one more|one less|another|an extra|(?:1[0-3]|[0-9])\b)"
)
"""After the count was agreed, a side says it won more: the agreed count disputed (Law 79C)."""


_OFF = lazy_pattern(r"\b([1-9])\s+(?:off|down)\b|\bdown\s+([1-9])\b|\bwent\s+([1-9])\s+off\b")


def _declarer_tricks(lowered: str, play: PlayStory) -> int | None:
    """'S made 9', '1 off': declarer's tricks, only when the speaker is on declarer's side or
    the seat named is declarer's."""
    if play.declarer_tricks is not None or play.contract is None:
        return None
    counts: set[int] = set()
    for match in _MADE.finditer(lowered):
        who = match.group(0).split()[0]
        seat = _seat_word(who)
        side = (
            "declarer"
            if who == "declarer"
            or (
                seat is not None
                and play.declarer is not None
                and seat in (play.declarer, play.declarer.partner)
            )
            else None
        )
        if side == "declarer":
            counts.add(int(match.group(1)))
    for match in _OFF.finditer(lowered):
        down = int(next(g for g in match.groups() if g))
        counts.add(play.contract.bid.level + 6 - down)
    return counts.pop() if len(counts) == 1 else None


def _seat_word(word: str) -> Seat | None:
    letter = {"north": "N", "east": "E", "south": "S", "west": "W"}.get(word, word.upper())
    return Seat.parse(letter) if letter in ("N", "E", "S", "W") else None
