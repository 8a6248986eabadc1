"""Who received information, and from where: the information part of the one reading.

A player asks about information when he saw a card at the table, heard something from
another table, saw a record of the board, wonders whether a call or card taken back may be
used, was given an explanation that turned out otherwise, met a psych, or saw partner (or an
opponent) hesitate, remark or alert. Which of these it was decides the Law (16D for what
comes from outside the auction, 16C for a withdrawn action, 24 for a card put face up in the
auction, 20-21 and 75 for explanations, 40 for psychs, 16B and 73 for partner's manner), so each
is proven from the story, not from a keyword: who saw whose card and whether the owner had put
it on the table, where the words were heard, whose call was taken back and who asks about it,
who explained whose call and what the misled player did next. The words are in the
``information:`` part of ``vocabulary.yaml``; nothing here names a topic.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from bot.core.calls import BID_PATTERN, Bid, Denomination, Seat, Simple, bid_from_match
from bot.dialogue.card_exposed_in_auction import CARD_EXPOSED
from bot.dialogue.misinformed_retraction import (
    card_retracted,
    offending_side,
    retracted_on_misinformation,
)
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.reading.sentences import _sentence_end
from bot.dialogue.story import CallEvent, PlayerRef, Story, same_player
from bot.dialogue.withdrawn_call import (
    LEAD_AFTER_WITHDRAWN,
    WITHDRAWN_REPLACED,
    replacement_asked,
    withdrawn_aftermath,
)
from bot.lazy import lazy_pattern

Patterns = Mapping[str, re.Pattern[str]]


@dataclass(frozen=True)
class Found:
    """An irregularity of the information kind: what, where told, and the facts it proves."""

    kind: str
    start: int
    facts: dict[str, str] = field(default_factory=dict)
    drawn: bool = False
    """A withdrawn call proven drawn on by a later act ('he knew from the cancelled 1S'), not
    only a question about it."""


CARD_SEEN = "card_seen_at_table"
"""A player saw another player's card at this table, not put face up by its owner in the
auction (held low, sorted, reflected, or seen in the shuffle and deal): Law 16D, 6D1, 74C5."""
OUTSIDE_INFORMATION = "information_from_outside"
"""Words overheard from another table or a kibitzer, another table's cards, a wrong hand
looked at, a score record seen: Law 16D."""
WITHDRAWN_INFORMATION = "information_from_withdrawn_action"
"""A call or card taken back, and a question whether what it showed may be used: Law 16C."""
EXPLANATION_DIFFERS = "explanation_differs"
"""A call explained (not alerted), and the story says that is not the agreement ('but their
card says 12-14', 'but for us it's quantitative'): misinformation (Law 20F, 21, 75)."""
EXPLANATION_MISHEARD = "explanation_misheard"
"""A player misheard or misunderstood an explanation of a call ('she said five-card, I heard
four'): whether it was right decides whose risk it was (Law 21A, 75)."""
HAND_MISMATCH = "hand_did_not_match_explanation"
"""A player explained his partner's call and the partner's hand turned out otherwise (Law
21B, 75): whether it was a wrong explanation or a misbid is then the question."""
CALL_UNLIKE_HAND = "call_unlike_hand_on_purpose"
"""A call made on purpose unlike the hand (a psych), or unlike it with partner acting as if he
knew: Law 40A3, 40C1."""

TEMPO_MISLED = "tempo_misled"
"""A player's own tempo or manner in the play (a pause with a singleton, a card slowly
played), and his opponent drawing a false inference from it and acting on it: Law 73D1, 73E2."""

KINDS = (
    TEMPO_MISLED,
    CALL_UNLIKE_HAND,
    EXPLANATION_MISHEARD,
    WITHDRAWN_REPLACED,
    EXPLANATION_DIFFERS,
    CARD_SEEN,
    OUTSIDE_INFORMATION,
    WITHDRAWN_INFORMATION,
    HAND_MISMATCH,
    LEAD_AFTER_WITHDRAWN,
)
FACTS: dict[str, tuple[str, ...]] = {
    "info_source": ("overheard", "elsewhere", "at_table", "other"),
    "info_timing": ("before", "during"),
    "info_card_owner": ("opponent", "partner"),
    "info_dealt_here": ("yes", "no"),
    "withdrawn_side": ("offending", "non_offending", "both"),
    "withdrawn_replaced": ("comparable", "other"),
    "explanation_situation": (
        "own_explanation",
        "partner_explanation",
        "call_on_misinformation",
        "play_on_misinformation",
        "hand_mismatch",
        "own_misunderstanding",
    ),
    "explanation_stage": ("declaring", "defending"),
    "explanation_caller_view": ("explanation",),
    "ui_stage": ("to_act", "disputed", "called"),
    "ui_agreed": ("yes", "no"),
    "misled_partner_called": ("yes", "no"),
    "psych_artificial": ("yes",),
}
"""The facts this reader proves and their values (topics map them in ``derive:``)."""

_CARD_OBJECT = lazy_pattern(
    r"\b(?:cards?|hands?|them|it|[shdc](?:[akqjt]|10|[2-9])|[akqjt][shdc]"
    r"|ace|king|queen|jack|ten|deuce|two|three|four|five|six|seven|eight|nine)\b"
)
_PLAY_WORDS = lazy_pattern(
    r"\b(?:trick|tricks|declarer|dummy|defend\w*|defence|defense|contract|led|lead|revoke\w*|"
    r"played|his turn|her turn)\b"
)


def read_information(
    lowered: str,
    story: Story,
    play: PlayStory,
    exposures: list[tuple[int, Seat | None]],
    words: Patterns,
    cards_played: Sequence[tuple[int, Seat | None]] = (),
    auction: Patterns | None = None,
    tempo: Sequence[Tempo] = (),
) -> list[Found]:
    """The information irregularities the story proves, in the order told. ``exposures``:
    where a card is told put face up (dropped, exposed, shown), and by whom if known;
    ``cards_played``: where a card is told led or played, and by whom; ``auction``: the
    ``auction:`` words (a call or card withdrawn, the play reached); ``tempo``: each
    hesitation or manner told, by whom."""
    if not words:
        return []
    misled = _misled_by_tempo(lowered, story, play, tempo, words)
    if misled is not None:
        return [misled]
    psych = _psych(lowered, words, story, (auction or {}).get("unintended"), bool(tempo))
    if psych is not None:
        if _outside_quotes(words["deliberate"], lowered):
            return [psych]  # told as done on purpose
        explained = _explanation(lowered, story, play, words, cards_played)
        if (
            explained is not None
            and explained.kind == HAND_MISMATCH
            and explained.start < psych.start
        ):  # 'he said 2D showed 6-10; dummy has 13': the explanation told first, then the
            # hand unlike it - which was wrong is ruled first (21B, 75), a psych offered
            return [explained, psych]
        return [psych]
    misheard = _misheard(lowered, words)
    if misheard is not None:
        return [misheard]
    found = _withdrawn(lowered, story, words, auction or {}, play.speaker_role, cards_played, play)
    if (
        found is not None
        and found.kind == WITHDRAWN_INFORMATION
        and (_a_card_taken_back(lowered) or found.facts.get("withdrawn_replaced") == "other")
    ):
        return [found]  # a card taken back after a wrong explanation, and what it showed asked
    explanation = _explanation(lowered, story, play, words, cards_played)
    if (
        found is not None
        and found.drawn
        and explanation is not None
        and explanation.start < found.start
    ):  # 'td let me change my pass because they didn't alert, then lho changed his 2H to
        # pass; rho knew his pd wanted hearts': the explanation is what led to the changes,
        # the use of the withdrawn call is asked
        return [found]
    if (
        found is not None
        and found.kind == WITHDRAWN_INFORMATION
        and not found.drawn
        and explanation is not None
        and _used_after_change(lowered, words)
    ):  # 'the opps explained wrong so I changed my bid; what can they do with it?': the
        # change is made, using what was taken back is what is asked (16C, as 21B3 says).
        # Which side offended is the explainers', not the changer's: unless both are asked
        # or a card was taken back (whose sides 47E2 places), the side is asked
        facts = dict(found.facts)
        if facts.get("withdrawn_side") != "both" and not _a_card_taken_back(lowered):
            facts.pop("withdrawn_side", None)
        return [Found(found.kind, found.start, facts, found.drawn)]
    if explanation is not None:
        return [explanation]
    if found is not None:
        return [found]  # what was taken back is settled; using it is the question
    out = [f for f in (_seen_at_table(lowered, story, play, exposures, words),) if f]
    outside = _from_outside(lowered, story, words)
    if outside is not None and not out:
        out.append(outside)
    return out


@dataclass(frozen=True)
class Tempo:
    """A hesitation or manner told: where, by whom (seat if placed, else the words)."""

    start: int
    end: int
    seat: Seat | None
    words: str


_ROLE_WORDS = {"declarer": "declarer", "decl": "declarer", "defender": "defender"}


def _opponent_of_speaker(story: Story, play: PlayStory, act: Tempo) -> bool:
    """The player whose tempo it was sits against the one telling: his LHO or RHO, or
    'declarer' told by a defender ('the defender' by declarer)."""
    speaker = story.speaker
    if speaker is None or story.frame not in ("speaker", "anchored"):
        return False
    if act.seat is not None:
        return act.seat in (speaker.lho, speaker.rho)
    role = _ROLE_WORDS.get(act.words.removeprefix("the "))
    return role is not None and play.speaker_role not in (
        role,
        "dummy" if role == "defender" else "",
    )


def _misled_by_tempo(
    lowered: str, story: Story, play: PlayStory, tempo: Sequence[Tempo], words: Patterns
) -> Found | None:
    """An opponent's pause or manner over his own card, then the teller's inference from it
    and his play ('declarer paused ages over dummy's queen, so i ducked'): whether that
    opponent may be held to it is Law 73D1/73E2, not information to a partner (16B)."""
    for act in tempo:
        floor = lowered.rfind(".", 0, act.start) + 1
        if not _CARD_TEMPO.search(
            lowered, clause_start(lowered, act.start), _sentence_end(lowered, act.end)
        ):
            continue  # a slow call is his partner's matter (16B), not this one
        if not _opponent_of_speaker(story, play, act):
            continue
        if not any(m.start() >= floor for m in _outside_quotes(words["misled_reaction"], lowered)):
            continue  # nobody told as drawing anything from it ('declarer fooled us by ...')
        facts = {"ui_viewpoint": "misled", "ui_kind": "hesitation"}
        return Found(TEMPO_MISLED, act.start, facts)
    return None


_CARD_TEMPO = lazy_pattern(
    r"\b(?:play\w*|card|low|small|dummy|trick|t1[0-3]|t[1-9]|singleton|follow\w*|duck\w*|"
    r"finess\w*|cover\w*|ace|king|queen|jack)\b|[shdc](?:[akqjt]|10|[2-9])\b|[♠♥♦♣]"
)
"""A tempo over a card: the play, not the auction."""


def _outside_quotes(pattern: re.Pattern[str], lowered: str) -> list[re.Match[str]]:
    found = list(pattern.finditer(lowered))
    if not found:  # most words are not in the text: no need to know where its quotes are
        return found
    quoted = _quotes(lowered)
    return [m for m in found if not any(a <= m.start() < b for a, b in quoted)]


@lru_cache(maxsize=8)
def _quotes(lowered: str) -> tuple[tuple[int, int], ...]:
    """Where the quoted remarks are: a dozen readers ask it of the same description."""
    return tuple((m.start(), m.end()) for m in _QUOTED_REMARK.finditer(lowered))


_QUOTED_REMARK = lazy_pattern(r"(?<![a-z])'[^']{2,80}'(?![a-z])|\"[^\"]{2,80}\"")


_READ_IT = lazy_pattern(r"\b(?:read|glanced|checked)\b")
_NOTICED_IT = lazy_pattern(r"\b(?:noticed|spotted)\b")
"""A record looked at: read or glanced at, or noticed (which tells only before the play)."""

_BEFORE_THE_BOARD = lazy_pattern(
    r"\bbefore (?:the|that|this|our) (?:board|hand|deal)\b(?!\s*(?:was|had|has|is|ended|"
    r"finished|got|came to an end)\b)(?=\s*(?:[.,;!?]|$|and\b|but\b|so\b))"
)
"""'... before the board' (nothing after it): before the board was begun at this table."""


def _timing(lowered: str, words: Patterns) -> str | None:
    before = (
        words["before_auction"].search(lowered)
        or words["shuffle_deal"].search(lowered)
        or _BEFORE_THE_BOARD.search(lowered)
    )
    during = words["during_auction"].search(lowered)
    if before and not during:
        return "before"
    if during and not before:
        return "during"
    return None


def board_timing(lowered: str, story: Story, words: Patterns) -> str | None:
    """Where the board stood at this table when information from outside it came (Law 16D1
    before the first call, 16D2 after): the auction's words for it, the table's plain words
    for a board not yet begun or under way, or a call made here told before the information
    (outside quoted words: what was heard is not this table's auction). Both told: neither."""
    told = _timing(lowered, words)
    not_begun = told == "before" or _told(lowered, words, "board_not_begun")
    under_way = told == "during" or _told(lowered, words, "board_under_way")
    if not under_way:
        received = _information_received(lowered, words)
        under_way = received is not None and _call_made_before(lowered, story, received)
    if not_begun and not under_way:
        return "before"
    if under_way and not not_begun:
        return "during"
    return None


def _told(lowered: str, words: Patterns, key: str) -> bool:
    """The words of ``key`` said outside quoted words."""
    return key in words and bool(_outside_quotes(words[key], lowered))


def _information_received(lowered: str, words: Patterns) -> int | None:
    """Where the story first tells information coming to a player: cards seen, another
    table, a record."""
    found = [
        m.start()
        for key in ("saw", "other_table", "records", "wrong_hand")  # 'said' may be a call
        if key in words
        for m in _outside_quotes(words[key], lowered)
    ]
    return min(found, default=None)


def _call_made_before(lowered: str, story: Story, position: int) -> bool:
    """A bid or double made at this table by a player placed there (or an auction of calls),
    told before ``position`` and outside quoted words ('1NT p 2C p and at that moment I
    heard', 'after E had opened 1D, S held his cards low')."""
    quoted = [
        (m.start(), m.end())
        for m in re.finditer(r"(?<![a-z])'[^']{2,80}'(?![a-z])|\"[^\"]{2,80}\"", lowered)
    ]
    made = [
        event
        for event in story.timeline
        if event.role == "made"
        and event.call is not None
        and event.start < position
        and not any(a <= event.start < b for a, b in quoted)
    ]
    placed = any(e.seat is not None and e.call is not Simple.PASS for e in made)
    return placed or len(made) >= 2  # 'passed table 4' on the way is no call; '1NT p 2C p' is


def _player_at(story: Story, start: int, end: int) -> PlayerRef | None:
    return next((p for p in story.players if start <= p.start < end), None)


_DIRECTOR_TELLS = lazy_pattern(
    r"^\W*(?:\w+\W+){0,2}?(?:director's view|td's view|td here|director here)\b"
    r"|\b(?:called me|i was called|i got called|i got summoned|i was summoned)\b"
)
"""The teller is the director called to the table: what he looked at is his inquiry."""
_SEAT_HAND = lazy_pattern(
    r"\b(?:out of|from) the (?P<seat>north|east|south|west) (?:pocket|slot)\b"
    r"|\b(?:took|pulled|picked up|looked at|took out) the (?P<seat2>north|east|south|west)"
    r" (?:hand|cards)\b"
)
"""A hand taken by its pocket's seat: another seat's than the teller's is the wrong hand."""
_FROM_THE_BOARD = lazy_pattern(r"\s+(?:\w+\s+){0,2}?(?:out of|from) (?:the|our|his|her|a) board\b")
"""'dealing the hands out of the board': the cards taken from a board already dealt, which
begins the auction period (Law 17A), not a shuffle or deal (Law 6)."""


def _seen_at_table(
    lowered: str,
    story: Story,
    play: PlayStory,
    exposures: list[tuple[int, Seat | None]],
    words: Patterns,
) -> Found | None:
    """A card seen at this table: the seeing told before any card put face up, or the cards
    handled (held low, sorted, reflected), or anything seen in the shuffle and deal."""
    dealing = words["shuffle_deal"].search(lowered)
    if dealing is not None and _FROM_THE_BOARD.match(lowered, dealing.end()):
        dealing = None  # 'dealing them out of the board': taken out, the auction period begun
    timing = _timing(lowered, words)
    if timing is None and (_PLAY_WORDS.search(lowered) or play.contract is not None):
        return None  # in the play a card seen is the play laws' matter (penalty cards, 16B)
    handled = words["handled"].search(lowered)
    if (
        _PLAY_WORDS.search(lowered)
        and not dealing
        and not _handled_in_the_auction(lowered, handled, timing, words)
    ):
        return None
    if words["other_table"].search(lowered) or words["records"].search(lowered):
        return None
    if words["wrong_hand"].search(lowered):
        return None
    if story.frame == "anchored" and any(
        Seat.parse(m.group("seat") or m.group("seat2")) is not story.speaker
        for m in _SEAT_HAND.finditer(lowered)
    ):
        return None  # 'took the cards out of the North pocket ... i'm sitting East': a wrong hand
    first_exposure = min((at for at, _ in exposures), default=None)
    for seen in _outside_quotes(words["saw"], lowered):
        if _NOT_SEEN.search(lowered, max(0, seen.start() - 20), seen.start()):
            continue  # 'nobody saw each other's cards'
        if _SEEN_COMING.match(lowered, seen.end()):
            continue  # 'he'd seen it coming': foreseen, no card seen
        end = clause_end(lowered, seen.end())
        named = _CARD_OBJECT.search(lowered, seen.end(), min(end, seen.end() + 40))
        if not named and not seen.group(0).startswith(("were", "was")):
            continue  # 'saw' of something else than cards
        exposed_first = first_exposure is not None and first_exposure < seen.start()
        if exposed_first and not dealing:
            return None  # 'pd dropped the SA face up in the bidding, i saw it': Law 24
        facts: dict[str, str] = {"info_source": "at_table"}
        if timing is not None:
            facts["info_timing"] = timing
        if dealing:
            facts["info_dealt_here"] = "yes"
        elif words["pre_dealt"].search(lowered):
            facts["info_dealt_here"] = "no"
        owner_seat = _owner(lowered, story, seen, exposures, handled)
        seer = _seer(lowered, story, seen)
        if seer is None and _DIRECTOR_TELLS.search(lowered):
            continue  # 'called me ... looked at S's hand': the director's own inquiry (Law 85)
        if owner_seat is None or owner_seat is seer:
            continue  # nobody else's card: 'we both saw the extra card'
        if seer is not None:
            if owner_seat is seer.partner and timing == "during":
                if handled is None or first_exposure is not None:
                    return None  # partner's card put face up in the auction: Law 24's reader
                # held so his partner could see it: his own doing, Law 24 (docs/labelling.md)
                facts = {"exposed_timing": "auction", "exposed_seen": "yes"}
                return Found(CARD_EXPOSED, handled.start(), facts)
            facts["info_card_owner"] = "partner" if owner_seat is seer.partner else "opponent"
        return Found(CARD_SEEN, min(seen.start(), first_exposure or seen.start()), facts)
    seen_in_deal = dealing and any(
        not _NOT_SEEN.search(lowered, max(0, m.start() - 20), m.start())
        for m in _outside_quotes(words["saw"], lowered)
    )
    if dealing and (first_exposure is not None or seen_in_deal):
        return Found(
            CARD_SEEN,
            first_exposure if first_exposure is not None else dealing.start(),
            {"info_source": "at_table", "info_timing": "before", "info_dealt_here": "yes"},
        )
    if handled and timing is not None and first_exposure is None:
        holder = [
            r.seat
            for r in story.players
            if clause_start(lowered, handled.start()) <= r.start < handled.start()
            and r.kind not in ("pronoun",)
        ]
        speaker = story.speaker
        if timing == "during" and (
            (
                holder
                and speaker is not None
                and holder[-1] is speaker.partner
                and story.first_person
            )
            or _holders_partner_saw(lowered, story, handled, holder, words)
        ):
            # 'pd held his hand so low i could see it': his own doing let his partner see it
            # during the auction, Law 24 (docs/labelling.md), not information from outside
            facts = {"exposed_timing": "auction", "exposed_seen": "yes"}
            return Found(CARD_EXPOSED, handled.start(), facts)
        return Found(CARD_SEEN, handled.start(), {"info_source": "at_table", "info_timing": timing})
    return None


def _handled_in_the_auction(
    lowered: str, handled: re.Match[str] | None, timing: str | None, words: Patterns
) -> bool:
    """'pd held his cards so low during the bidding i could see the H4 ... we're defending':
    cards held where they could be seen, told in the sentence that places it in the auction
    - the play told after it is only how the deal went on."""
    if handled is None or timing != "during":
        return False
    floor, stop = clause_start(lowered, handled.start()), clause_end(lowered, handled.end())
    return words["during_auction"].search(lowered, floor, stop) is not None


def _holders_partner_saw(
    lowered: str,
    story: Story,
    handled: re.Match[str],
    holder: list[Seat | None],
    words: Patterns,
) -> bool:
    """'N held his hand so low his partner could see it', 'Margaret held her cards so low that
    partner saw her king': the holder's own partner is the one who saw, told after the cards
    handled in the same sentence - his partner named as the holder's, or, in a story not told
    by one of the players and with the holder not placed at the table, plain 'partner'."""
    end = _sentence_end(lowered, handled.end())
    for ref in story.players:
        if not handled.end() <= ref.start < end or ref.relation != "partner":
            continue
        seen = words["saw"].search(lowered, ref.end, min(end, ref.end + 30))
        if seen is None or _NOT_SEEN.search(lowered, ref.end, seen.start()):
            continue
        placed = holder[-1] if holder else None
        if ref.kind == "possessed" and placed is not None and ref.seat is placed.partner:
            return True
        if ref.kind == "possessed" and not holder and ref.words.startswith(("his ", "her ")):
            return True
        if ref.kind == "relative" and not holder and not story.first_person:
            return True
    return False


_NOT_SEEN = lazy_pattern(
    r"\b(?:nobody|no one|no-one|noone|never|not|didn't|did not|hasn't|haven't|couldn't)\W+"
    r"(?:\w+\W+)?$"
)
_SEEN_COMING = lazy_pattern(r"\s+(?:it|that|this|them)\s+coming\b")
_HAND_AFTER = lazy_pattern(r"\s+(?:hand|cards)\b")
_POSSESSIVE = lazy_pattern(r"'s?\b|s'")


def _owner(
    lowered: str,
    story: Story,
    seen: re.Match[str],
    exposures: list[tuple[int, Seat | None]],
    handled: re.Match[str] | None,
) -> Seat | None:
    """The seat whose card was seen: a player named as its owner ("my lho's cards", "rho's
    card"), else the player who put it out or held it."""
    sentence_start = lowered.rfind(".", 0, seen.start()) + 1
    sentence_end = clause_end(lowered, seen.end())
    for ref in story.players:
        owned = (
            _POSSESSIVE.match(lowered, ref.end - 2)
            or ref.words.endswith(("'s", "s'"))
            or _HAND_AFTER.match(lowered, ref.end)
        )  # "rho's card", "the south hand"
        if sentence_start <= ref.start < sentence_end and ref.kind != "speaker" and owned:
            return ref.seat
    for _, who in exposures:
        if who is not None:
            return who
    if handled is None:
        return None
    holder = [
        r
        for r in story.players
        if clause_start(lowered, handled.start()) <= r.start < handled.start()
        and r.kind not in ("speaker", "pronoun")
    ]  # 'rho held his cards low'
    return holder[-1].seat if holder else None


def _seer(lowered: str, story: Story, seen: re.Match[str]) -> Seat | None:
    """The player who saw: the subject just before the seeing word ("i saw", "his pd saw"),
    or the one it was visible to ("the D5 was visible to me")."""
    to = _VISIBLE_TO.match(lowered, seen.end()) if "visible" in seen.group(0) else None
    if to is not None:
        after = next((r for r in story.players if r.start == to.end()), None)
        return after.seat if after is not None and after.kind != "pronoun" else None
    floor = clause_start(lowered, seen.start())
    subject = [r for r in story.players if floor <= r.start < seen.start()]
    if not subject:
        return None
    ref = subject[-1]
    if re.search(r"\w", _SEEING_ADVERBS.sub("", lowered[ref.end : seen.start()])):
        return None  # words between: not the subject of 'saw'
    return ref.seat


_VISIBLE_TO = lazy_pattern(r"\s+(?:\w+ly\s+)?to\s+")
"""'was visible to me', 'was clearly visible to lho'."""
_SEEING_ADVERBS = lazy_pattern(r"\b(?:\w+ly|also|all|both|just|even|then|still)\b")
"""'pd definitely saw', 'lho clearly saw': an adverb between the subject and the seeing."""


_NUMBERED_TABLE = lazy_pattern(r"\b(?:at|from|on|past|passed|by) table \d+\b")
"""'someone at table 3': another table, named by its number."""
_SETTING = lazy_pattern(
    r"\W*(?:(?:td here|bd|board|last night|on \w+day|this \w+|(?:the )?(?:td|director)"
    r"|(?:the )?tournament director)\W*\d*\W+)*(?:at|on) table \d+$"
)
"""A story opening with its table ('At table 4 after everyone played out ...', 'Director at
table 9: ...')."""


_STORY_OPENING = lazy_pattern(r"^\W*(?:\w+\W+){0,3}$")
"""A few words only before the table named: the story opens with it."""
_OWN_ACCOUNT_QUOTED = lazy_pattern(
    r"\W*(?:says|said|tells me|told me|reports|reported|explains|explained)\W*['\"]\s*"
    r"(?:we|i|i'm|we're|our|my)\b"
)
"""Someone at a numbered table quoted telling his own table's story in the first person: the
teller reports that table's incident (a director's report), not information reaching it from
elsewhere."""


_TOLD_RESULT = lazy_pattern(
    r"(?<!\btd )(?<!\bdirector )\b(?:told|tells) (?:me|us|him|her|pd|partner|my partner|my pd)"
    r" (?:the |their |about the )?(?:result|score|contract|hands?|cards|final contract|lead)\b"
)
"""'a spectator told pd the result': what was said about the board, heard from outside the
table (a director telling the table something is not)."""


_TELLER_WATCHING = lazy_pattern(
    r"^\W*(?:\w+\W+){0,3}?(?:kibitzer here|(?:i'm|i am|i was) (?:a |the )?kibitzer\b)"
)
"""The teller opens as the one watching the table: what he saw there is the story he tells,
not information reaching a player from outside it."""


_LAW_QUESTION_HEARD = lazy_pattern(
    r"\b(?:asking|asked|arguing|argued|argument|discussing|discussed|debating|talking about"
    r"|saying|said)\s+(?:\w+\s+){0,3}?(?:about\s+)?(?:whether|why|if|when|how)\b(?!\s+to\b)"
    r"|\b(?:saying|said)\s+(?:that\s+)?(?:you|a player|dummy|declarer|defenders?|the defenders)"
    r"\s+(?:can|can't|cannot|may|must|is allowed|are allowed|isn't allowed)\b"
)
"""What was heard is a question or a rule of the game ('someone asking why you can't flip
back through the tricks', 'saying you can look at the last trick'), not anything about a board."""


_ABOUT_A_BOARD = lazy_pattern(
    r"\b(?:board|bd|hand|cards?|contract|lead|led|result|score|makes?|made|going down|went down)"
    r"\s+(?:\d|on|was|is|were|for|of)\b|\b(?:bd|board)\s*\d+|" + BID_PATTERN
)
"""Something of a deal named: a board, its contract, its cards or its result."""


_GOING_QUOTE = lazy_pattern(r"\b(?:going|go|goes|went)\s*[:,]?\s*['\"]")
"""Everyday speech told by its quote ('they were going 'can you believe ...''): words said."""


def _from_outside(lowered: str, story: Story, words: Patterns) -> Found | None:
    """Information from outside this table's auction and play: heard from another table or a
    kibitzer, another table's cards, a wrong hand looked at, a record of the board seen."""
    facts: dict[str, str] = {}
    start: int | None = None
    numbered = _NUMBERED_TABLE.search(lowered)
    if numbered is not None and _SETTING.match(lowered[: numbered.end()]):
        numbered = None  # 'At table 2 declarer said ...': where it all happened, this table
    if (
        numbered is not None
        and _STORY_OPENING.match(lowered[: numbered.start()])
        and _OWN_ACCOUNT_QUOTED.match(lowered, numbered.end())
    ):
        numbered = None  # "the lad at table 4 says: 'we were on ...'": whose story it is
    other = words["other_table"].search(lowered) or numbered
    if other is not None and _TELLER_WATCHING.search(
        lowered, max(0, other.start() - 12), other.end() + 6
    ):
        other = None  # 'kibitzer here. declarer faced her cards ...': who tells it, not a source
    heard = words["heard"].search(lowered) or _TOLD_RESULT.search(lowered)
    if other is not None:  # the words heard nearest the other table ('the pair next to us
        # were going 'they bid 7 on board 12'', then 'pd says ...' of this table)
        said = [
            m
            for p in (words["heard"], _TOLD_RESULT, _GOING_QUOTE)
            for m in p.finditer(lowered, max(0, other.start() - 60), other.end() + 60)
        ]
        heard = min(said, key=lambda m: abs(m.start() - other.start()), default=heard)
    saw = words["saw"].search(lowered)
    record = words["records"].search(lowered)
    wrong = words["wrong_hand"].search(lowered)
    seen_record = (
        saw or _READ_IT.search(lowered) or (_NOTICED_IT.search(lowered) and _timing(lowered, words))
    )  # 'noticed' the record only before or in the auction: later it tells nothing used
    if record and seen_record:  # another table's score sheet seen: a record, whoever spoke
        facts["info_source"], start = "other", record.start()
    elif other and heard and abs(heard.start() - other.start()) < 60:
        if _LAW_QUESTION_HEARD.search(lowered) and not _ABOUT_A_BOARD.search(lowered):
            return None  # 'heard at the next table someone asking whether dummy may ...'
        facts["info_source"], start = "overheard", min(other.start(), heard.start())
    elif other and saw and _CARD_OBJECT.search(lowered, saw.end(), saw.end() + 30):
        facts["info_source"], start = "elsewhere", saw.start()
    elif wrong and re.search(r"\blooked at\b|\bpicked up\b|\btook\b", lowered):
        if any(e.role == "made" for e in story.timeline) or re.search(
            r"\b(?:bid|called|played|passed) with\b", lowered
        ):
            return None  # a call or card made with the wrong cards: Law 15, 17D
        facts["info_source"], start = "elsewhere", wrong.start()
    if start is None:
        return None
    timing = board_timing(lowered, story, words)
    if timing is not None:
        facts["info_timing"] = timing
    return Found(OUTSIDE_INFORMATION, start, facts)


# -- a call or card taken back --------------------------------------------------------------

_SIDE_WORDS = lazy_pattern(
    r"\b(?:opps|opponents|their|they|them|we|us|our|declarer|defenders?|i|me|my)\b"
)
_REMARK_WITH_APOSTROPHES = lazy_pattern(
    r"(?<![a-z])'(?:[^'.;!?]|(?<=[a-z])'(?=[a-z])){2,80}'(?![a-z])|\"[^\"]{2,80}\""
)
"""A quoted remark, its inner apostrophes ('oops, i've got one') kept inside: the 'i' in it
is the quoted player's, not the teller's."""
_ROLE_SUBJECT = lazy_pattern(r"\b(?:declarer|defenders?)\b")
_OFFENDER_WORDS = lazy_pattern(r"\b(?:partner|pd) of the offender\b|\boffender'?s partner\b")


def _withdrawn(
    lowered: str,
    story: Story,
    words: Patterns,
    auction: Patterns,
    speaker_role: str | None = None,
    cards_played: Sequence[tuple[int, Seat | None]] = (),
    play: PlayStory | None = None,
) -> Found | None:
    """A call or card taken back, and a question whether what it showed may be used: the
    side asked about is the offender's when the asker is on his side, else the other. A card
    taken back because of a wrong explanation is the misled player's (47E2): his opponents,
    the explainers, are the offenders, whoever tells it."""
    withdrawn = _taken_back(lowered, words, auction)
    if not withdrawn and play is not None:  # 'the TD let him change it', 'replace his card'
        retracted = card_retracted(lowered)
        role = speaker_role or _speaker_role(lowered)
        if retracted is not None and retracted_on_misinformation(lowered, play, role):
            withdrawn = [retracted]
    restricted = list(words["lead_restricted"].finditer(lowered))  # said by declarer, too
    if withdrawn and restricted and not _a_card_taken_back(lowered):
        return Found(LEAD_AFTER_WITHDRAWN, min(withdrawn[0].start(), restricted[0].start()))
    call_put_right = _CALL_PUT_RIGHT.search(lowered)
    if (
        restricted
        and call_put_right is not None
        and not _a_card_taken_back(lowered)
        and not _CARD_FACE_UP.search(lowered)
    ):  # 'declarer banned a suit because pd's bid out of turn': only Law 26 bars a lead for
        # a call (a card's own restrictions, Law 50, come from a card shown)
        return Found(LEAD_AFTER_WITHDRAWN, min(call_put_right.start(), restricted[0].start()))
    comparable = replacement_asked(lowered)
    drawn = _withdrawn_call_used(lowered, story, withdrawn) if withdrawn and comparable else None
    if (
        withdrawn
        and comparable
        and drawn is None  # 'not the same meaning ... whether the cancelled X suggested it'
        and not _outside_quotes(words["use_asked"], lowered)
    ):
        told = withdrawn_aftermath(lowered, story, auction) if auction else None
        if told is not None and told.kind == LEAD_AFTER_WITHDRAWN:
            return Found(told.kind, told.start)  # the play is reached: the lead is what is left
        return Found(WITHDRAWN_REPLACED, min(withdrawn[0].start(), comparable.start()))
    asked = [
        m
        for m in _outside_quotes(words["use_asked"], lowered)
        if not m.group(0).startswith("info")
        or any(p.search(lowered, m.end(), m.end() + 40) for p in _withdrawal_words(words, auction))
    ]  # 'info from' what was taken back, not from anything
    if withdrawn and not asked:
        asked = list(_WHO_MAY_USE.finditer(lowered))  # 'what may each side do with it?'
    used = None if withdrawn and asked else _withdrawn_call_used(lowered, story, withdrawn)
    if used is None and not asked and not restricted:
        used = _lead_in_its_suit(lowered, story, withdrawn, cards_played)
    if used is not None:
        withdrawn_at, start = used.withdrawn_at, used.start
    elif withdrawn and asked:
        withdrawn_at, start = withdrawn[0].start(), min(withdrawn[0].start(), asked[0].start())
    else:
        return None
    facts: dict[str, str] = {}
    offender = _irregular_caller(story, withdrawn_at) or _party_before(lowered, story, withdrawn_at)
    askers = {_asker(lowered, story, m, offender) for m in asked}
    if used is not None:
        if used.call.actor is not None:
            withdrawer = _party_of(used.call.actor, story) or _relative_party(used.call.actor)
            # another player's irregularity first ('E changed 1D to 1H, S then took back his
            # 2C'): the withdrawer may be the non-offender (25A), so the side is asked
            offender = None if _another_changed_first(story, used) else withdrawer
        askers = {used.user}
    askers.discard(None)
    if _OFFENDER_WORDS.search(lowered):
        askers.add("offender")
    role = speaker_role or _speaker_role(lowered)
    retraction = retracted_on_misinformation(lowered, play, role) if play is not None else None
    if retraction is not None and askers:
        assert play is not None
        offender = offending_side(retraction, play, role)
        askers = {_teamed(a, play, role) for a in askers}
    sides = {"offending" if a == "offender" else _side(offender, a, role) for a in askers}
    named = {side for side in sides if side is not None}
    if _BOTH_SIDES_ASKED.search(lowered):
        facts["withdrawn_side"] = "both"  # 'who may use it?', 'what can each side use?'
    elif _NON_OFFENDERS_ASKED.search(lowered):
        facts["withdrawn_side"] = "non_offending"  # 'can the non-offending side use it?'
    elif len(named) == 1:
        facts["withdrawn_side"] = named.pop()
    elif named == {"offending", "non_offending"}:
        facts["withdrawn_side"] = "both"
    if _a_card_taken_back(lowered) or retraction is not None:
        facts["withdrawn_replaced"] = "other"  # a card: no comparable call (Law 23)
    elif used is not None and used.replaced is not None:
        facts["withdrawn_replaced"] = used.replaced
    elif _cheapest_in_same_strain(story) or _same_opening_again(story, withdrawn_at):
        facts["withdrawn_replaced"] = "comparable"
    elif _replaced_by_pass(story, withdrawn_at):
        facts["withdrawn_replaced"] = "other"
    return Found(WITHDRAWN_INFORMATION, start, facts, drawn=used is not None)


_CALL_PUT_RIGHT = lazy_pattern(
    r"\b(?:bid(?:ding)?|call(?:ing)?|auction) (?:mistake|error|irregularity|slip)\b"
    r"|\bmistake in the (?:bidding|auction)\b|\b(?:bid|called|opened) out of turn\b"
    r"|\binsufficient (?:bid|call)\b"
    r"|\bchange (?:it|the bid|his bid|her bid|their bid|the call|his call|her call)\b"
)
"""A call told wrong and put right (out of turn, insufficient, changed): with a lead barred,
the lead restriction that follows a withdrawn call (Law 26)."""
_CARD_FACE_UP = lazy_pattern(
    r"\bpenalty cards?\b|\bface up\b|\bexposed\b|\bdropped\b|\bfell\b"
    r"|\bshowed (?:a|the|his|her) card"
)
"""A card shown: a lead it restricts is the penalty card's (Law 50D), not a call's."""


@dataclass(frozen=True)
class _Use:
    """A withdrawn call named again as what a later action was drawn from."""

    call: CallEvent
    """The call withdrawn (or replaced by its maker)."""
    withdrawn_at: int
    """Where the story tells it withdrawn or replaced."""
    start: int
    """Where the withdrawn call is first told."""
    user: Party | None
    """Who drew on it: the side of the subject of the knowing or acting words."""
    replaced: str | None = None
    """'other' when no call replaced it: a change of call cancelled, the first call standing
    (Law 25B2) - nothing comparable, so 16C applies (25B3)."""


_DRAWN_FROM = lazy_pattern(
    r"\b(?:from|used|using|uses|use|off|on the strength of|because of|relying on|relied on"
    r"|rely on|relies on)\s+"
    r"(?:the|his|her|my|their|that|this|pd's|partner's|rho's|lho's|[nsew]'s)\s+"
    r"(?:(?:first|cancell?ed|canceled|withdrawn|original|earlier|old|insufficient|exposed|"
    r"wrong|out-of-turn|slipped|taken-back|taken back|retracted)\s+)?$"
)
"""Words naming the call just after them as a source: 'knew from the 1S', 'used the cancelled
1NT', 'from my first pass'."""
_DRAWN_FROM_REACH = 60
"""The longest words ``_DRAWN_FROM`` reads before a call ('on the strength of partner's
out-of-turn ')."""
_KNOWING = lazy_pattern(
    r"\b(?:knew|know|knows|knowing|known|used|using|uses|use|placed|place|inferred|infer|"
    r"read|learn(?:ed|t)?|guess(?:ed)?|worked out|work out|could tell|assumed|expected|"
    r"figured|relying|relied|rely|relies)\b"
)
"""Words of knowing or drawing on something: before the source, in the same sentence."""
_FIRST_CALL_NAMED = lazy_pattern(
    r"\b(?:from|used|using|off)\s+(?:the|his|her|my|their|pd's|partner's|rho's|lho's)\s+"
    r"(?:first|cancell?ed|canceled|withdrawn|original|earlier)\s+"
    r"(?:pass|bid|call|double|redouble|opening|overcall|response)\b"
)
"""A withdrawn call named by what it was, not by its calls ('from my first pass')."""
_CALL_NAMED_WITHDRAWN = lazy_pattern(
    r"\b(?:from|used|using|off|of)\s+(?:the|a|an|his|her|my|their|pd's|partner's|rho's|lho's)"
    r"\s+(?:pass|bid|call|double|redouble|opening|overcall|response)\s+(?:that|which)\s+"
    r"(?:was|got|had been|has been|had got|were)\s+(?:cancell?ed|canceled|withdrawn|taken back"
    r"|retracted)\b"
)
"""A withdrawn call named by what it was and told withdrawn after it ('from a pass that got
cancelled')."""
_ACTED_BECAUSE = lazy_pattern(
    r"\b(?:led|bid|doubled|passed|raised|ducked|played|competed|invited|sold out|"
    r"signed off|jumped)\b[^.;!?]{0,40}?\bbecause\b"
)
"""A lead or call told as made, then why ('we led a heart because LHO had started with
1H')."""
_NOT_DONE = lazy_pattern(r"\b(?:not|may|can|could|must|should|allowed|whether|if)\b|n't\b")
"""Before the act: it is asked about or forbidden, not told as done ('may not lead')."""


def _withdrawn_call_used(
    lowered: str, story: Story, withdrawn: Sequence[re.Match[str]]
) -> _Use | None:
    """A call withdrawn or replaced by its maker, then named again as what a later lead, call
    or play was drawn from ('I knew from the 1S he had five', 'said I'd used the cancelled
    1NT', 'pd knew from my first pass', 'we led a heart because LHO had started with 1H, then
    he had to take it back'): the information it gave is the question (Law 16C), whatever
    irregularity the call was."""
    events = [e for e in story.events if e.call is not None]
    for mention in events:
        floor = clause_start(lowered, mention.start)
        near = max(floor, mention.start - _DRAWN_FROM_REACH)  # bounded: linear in the text
        source = _DRAWN_FROM.search(lowered, near, mention.start)
        knowing = source and _KNOWING.search(lowered, floor, source.end())
        if not knowing:
            continue
        for call in events:
            if call.start >= mention.start or call.role != "made" or call.call != mention.call:
                continue
            at = _withdrawn_after(lowered, story, call, withdrawn, mention.start)
            if at is not None:
                return _Use(call, at, call.start, _subject(lowered, story, knowing.start()))
    named_calls = [*_FIRST_CALL_NAMED.finditer(lowered), *_CALL_NAMED_WITHDRAWN.finditer(lowered)]
    for named in sorted(named_calls, key=lambda m: m.start()):
        before = [w.start() for w in withdrawn if w.start() < named.start()]
        knowing = _KNOWING.search(lowered, clause_start(lowered, named.start()), named.end())
        made = [e for e in events if before and e.role == "made" and e.start < before[0]]
        if knowing and made:
            user = _subject(lowered, story, knowing.start())
            return _Use(made[-1], before[0], made[-1].start, user)
    raised = _partner_in_its_suit(lowered, story) or _partner_after_a_change_refused(lowered, story)
    if raised is not None:
        return raised
    first = _first_call_named_again(lowered, story)
    if first is not None:
        return first
    named_source = _withdrawn_named_as_source(lowered, story, withdrawn)
    if named_source is not None:
        return named_source
    known = _withdrawers_hand_known(lowered, story, withdrawn)
    if known is not None:
        return known
    for because in _ACTED_BECAUSE.finditer(lowered):
        if _NOT_DONE.search(
            lowered, clause_start(lowered, because.start()), because.start()
        ) or lowered.endswith("to ", 0, because.start()):
            continue  # 'free to bid because ...': the act not told as done
        end = clause_end(lowered, because.end())
        told = [e for e in events if because.end() <= e.start < end and e.role == "made"]
        user = _subject(lowered, story, because.start())
        floor = clause_start(lowered, because.start())
        actors = [r for r in story.players if floor <= r.start < because.start()]
        for call in told:
            if actors and call.actor is not None and same_player(call, _as_call(call, actors[-1])):
                continue  # his own call and why he made it: not drawn from another's
            at = _withdrawn_after(lowered, story, call, withdrawn, len(lowered))
            if at is not None:
                return _Use(call, at, because.start(), user)
    return None


_KNEW_OF = lazy_pattern(
    r"\b(?:knew|know|knows|knowing|known|placed|place|places|placing|inferred|infers|infer"
    r"|assumed|assumes|assume|assuming|expected|figured|guessed|saw|sees|seen|could tell"
    r"|worked out|took it for granted|take it for granted|takes it for granted"
    r"|taking it for granted)(?:\s+that)?\s+$"
)
"""Knowing words just before a player named as what was known ('knew partner had clubs',
'saw his pd wanted hearts')."""
_KNOWN_HAND = lazy_pattern(
    r"\s+(?:had|has|held|holds|was|is|were|wanted|meant|must have|would have|had got|has got"
    r"|didn't have|did not have|couldn't have|could not have|wasn't|had no|has no)\b"
)
"""What follows the player known: his hand or what he meant ('had clubs', 'was weak')."""
_KNEW_OF_REACH = 45
"""The longest knowing words read before the player known ('took it for granted that ')."""


def _withdrawers_hand_known(
    lowered: str, story: Story, withdrawn: Sequence[re.Match[str]]
) -> _Use | None:
    """A call withdrawn, then later another player told as knowing the withdrawer's hand ('pd
    bid 2C out of turn, it was cancelled ... I went 2C because I knew partner had clubs',
    'rho now bids 4H - he saw his pd wanted to bid hearts'): what the withdrawn call showed is
    the question (Law 16C). Read from the seats: the player known is the withdrawn call's
    maker, the knower another player, the knowing told after the withdrawal."""
    calls = [e for e in story.events if e.call is not None and e.role == "made"]
    for known in story.players:
        if known.kind != "pronoun" and known.seat is None and known.kind != "relative":
            continue
        knowing = _KNEW_OF.search(lowered, max(0, known.start - _KNEW_OF_REACH), known.start)
        if knowing is None or not _KNOWN_HAND.match(lowered, known.end):
            continue
        if known.kind == "pronoun":  # 'i knew she had a strong no trump': she is the one
            # named last before it, not the teller
            named = [
                r
                for r in story.players
                if r.start < known.start and r.kind not in ("pronoun", "speaker")
            ]
            if not named or named[-1].words.lower() in ("i", "me", "my"):
                continue
            known = named[-1]
        for call in calls:
            if call.start >= knowing.start() or call.actor is None:
                continue
            if not same_player(call, _as_call(call, known), unnamed=False):
                continue
            at = _withdrawn_after(lowered, story, call, withdrawn, knowing.start())
            if at is None:
                continue
            user = _subject(lowered, story, knowing.start())
            floor = clause_start(lowered, knowing.start())
            knowers = [r for r in story.players if floor <= r.start < knowing.start()]
            if knowers and same_player(call, _as_call(call, knowers[-1]), unnamed=False):
                continue  # the maker knowing his own hand: nothing drawn from his call
            return _Use(call, at, call.start, user)
    return None


_LED_SUIT = lazy_pattern(
    r"(?:led|leads|lead|leading|switched to|switches to|switch to|shifted to|shifts to)\s+"
    r"(?:(?:a|an|the|his|her|one|low|small|little|top|middle|high)\s+)*"
    r"(?P<suit>spade|heart|diamond|club)s?\b"
)
"""A lead told with its suit ('then led a diamond', 'switches to a small spade')."""
_SUITS = {
    "club": Denomination.CLUBS,
    "diamond": Denomination.DIAMONDS,
    "heart": Denomination.HEARTS,
    "spade": Denomination.SPADES,
}
_LEAD_QUESTIONED = lazy_pattern(
    r"\?|\b(?:unfair|suspicious|allowed|legal|legit|fair|ok|okay|right|adjust\w*)\b"
    r"|\b(?:as if|as though|like) (?:he|she|they|pd|partner) (?:knew|had known)\b"
    r"|\b(?:helped|used|using|drew on|drawn from|based on|because of|suggested)\b[^.;!?]{0,25}"
    r"\b(?:cancel\w*|withdrawn|taken back|took back|out of turn|insufficient)\b"
)
"""After the lead: it is asked about or doubted ('is that allowed?', 'as if he knew'), or put
down to the call withdrawn ('helped by the cancelled 2C')."""
_DECLARER_BARS = lazy_pattern(
    r"\b(?:forb[ia]d\w*|prohibit\w*|ban(?:s|ned)?|bar(?:s|red)?|requir\w+|restrict\w*)\b"
    r"|\b(?:can't|cannot|couldn't|could not|not allowed to|don't|do not|won't let \w+|must not"
    r"|may not) lead\b|\b(?:declarer|decl|dummy)\b[^.;!?]{0,20}\b(?:said|says|told|tells|wants"
    r"|wanted|asked|asks|chose|chooses|options?)\b"
)
"""Declarer's say over the lead told or asked: the lead restriction (Law 26) is the matter."""


def _lead_in_its_suit(
    lowered: str,
    story: Story,
    withdrawn: Sequence[re.Match[str]],
    cards_played: Sequence[tuple[int, Seat | None]],
) -> _Use | None:
    """A bid withdrawn, then its maker's partner told leading that bid's suit, and the lead
    asked about or doubted, with nothing said of declarer barring or requiring a lead ('lho's
    2D got cancelled and his pd then led a diamond. is that allowed?'): whether the leader
    drew on the withdrawn bid is the question (Law 16C), not declarer's options (Law 26).
    Read from the seats: the leader is the bidder's partner, the suit the bid's."""
    if _DECLARER_BARS.search(lowered):
        return None
    for position, leader in cards_played:
        led = _LED_SUIT.match(lowered, position)
        if leader is None or led is None:
            continue
        if not _LEAD_QUESTIONED.search(lowered, led.end()):
            continue
        suit = _SUITS[led.group("suit")]
        for call in story.events:
            bid = call.call
            if (
                call.role != "made"
                or call.start >= position
                or not isinstance(bid, Bid)
                or bid.denomination is not suit
                or call.seat is not leader.partner
            ):
                continue
            at = _withdrawn_after(lowered, story, call, withdrawn, position)
            if at is not None:
                user = _party_of(_as_ref(leader, position), story)
                return _Use(call, at, call.start, user)
    return None


def _as_ref(seat: Seat, position: int) -> PlayerRef:
    """A player at ``seat``, told at ``position``: to place his side."""
    return PlayerRef(position, position, seat.value, "seat", seat)


_OWNED_CALL_WITHDRAWN = lazy_pattern(
    r"\b(?:from|by|of|off|on)\s+(?P<who>[nsew]|pd|partner|rho|lho)'s\s+"
    r"(?P<kind>pass|bid|call|double|redouble)\s+(?:that|which)\s+(?:was|got|had been)\s+"
    r"(?P<back>cancell?ed|canceled|withdrawn|taken back|retracted)\b"
)
"""A player's call named and told withdrawn in one phrase ('helped by S's pass that was taken
back')."""
_WITHDRAWN_CALL_SUBJECT = lazy_pattern(
    r"\b(?:the|his|her|their|[nsew]'s|pd's|partner's|lho's|rho's)\s+"
    r"(?P<back>cancell?ed|canceled|withdrawn|taken-back|retracted)\s+"
    r"(?P<kind>x|xx|double|redouble|pass|bid|call|[1-7](?:nt|[cdhs]))\s+"
    r"(?:suggested|suggests|prompted|helped|influenced|led to|gave away|showed|told|tipped)\b"
)
"""A withdrawn call named as what suggested a later act ('whether the cancelled X suggested
it')."""
_SOURCE_WORDS = lazy_pattern(
    r"\b(?:helped|suggested|prompted|influenced|based on|came from|drawn from|knew|know|used"
    r"|relied|relying|because of)\b"
)
_KIND_CALLS = {
    "pass": (Simple.PASS,),
    "double": (Simple.DOUBLE,),
    "x": (Simple.DOUBLE,),
    "redouble": (Simple.REDOUBLE,),
    "xx": (Simple.REDOUBLE,),
}


def _withdrawn_named_as_source(
    lowered: str, story: Story, withdrawn: Sequence[re.Match[str]]
) -> _Use | None:
    """A withdrawn call named as the source of a later act, by its maker and kind: 'W's 3NT
    was helped by S's pass that was taken back', 'whether the cancelled X suggested it'. The
    call is the last one of that kind made before, by the player named (when named), and told
    withdrawn - in the phrase itself or after the call (Law 16C)."""
    for named in _OWNED_CALL_WITHDRAWN.finditer(lowered):
        if not _SOURCE_WORDS.search(lowered, clause_start(lowered, named.start()), named.start()):
            continue
        who = next((r for r in story.players if r.start == named.start("who")), None)
        if who is None or who.seat is None:
            continue
        call = _last_call_of_kind(story, named.group("kind"), named.start(), who.seat)
        if call is not None:
            return _Use(call, named.start("back"), call.start, None)
    for named in _WITHDRAWN_CALL_SUBJECT.finditer(lowered):
        call = _last_call_of_kind(story, named.group("kind"), named.start(), None)
        if call is not None and (
            _withdrawn_after(lowered, story, call, withdrawn, named.start()) is not None
        ):
            return _Use(call, named.start("back"), call.start, None)
    return None


_FIRST_MADE = lazy_pattern(
    r"\b(?:first|originally|initially|had first|had originally)\s+"
    r"(?:bid|bids|opened|called|doubled|said)\s+$"
)
"""'rho first bid 3NT': a call named again as the one its maker made first."""


def _first_call_named_again(lowered: str, story: Story) -> _Use | None:
    """A call named again as its maker's first ('can his pd use the fact RHO first bid
    3NT?'), told earlier and followed at once by another call of the same player with no call
    of anyone else between ('RHO had bid 3NT, then said 'no, make it 4S''): the first call was
    replaced by its maker (Law 25), and what it told is the question (Law 16C)."""
    made = [e for e in story.events if e.call is not None and e.role == "made"]
    for mention in made:
        floor = clause_start(lowered, mention.start)
        said = _FIRST_MADE.search(lowered, max(floor, mention.start - 40), mention.start)
        knowing = said and _KNOWING.search(lowered, floor, said.start())
        if not knowing:
            continue
        for index, call in enumerate(made):
            if call.start >= mention.start or call.call != mention.call:
                continue
            if not same_player(call, mention, unnamed=False):
                continue
            following = made[index + 1] if index + 1 < len(made) else None
            if (
                following is not None
                and following.start < mention.start
                and following.call != call.call
                and same_player(call, following, unnamed=False)
            ):
                user = _subject(lowered, story, knowing.start())
                return _Use(call, following.start, call.start, user)
    return None


def _last_call_of_kind(story: Story, kind: str, before: int, seat: Seat | None) -> CallEvent | None:
    """The last call made before ``before`` of the kind named ('pass', 'x', '2s', 'bid'),
    by ``seat`` when given."""
    wanted = _KIND_CALLS.get(kind)
    found = None
    for event in story.events:
        if event.start >= before or event.role != "made" or event.call is None:
            continue
        if seat is not None and event.seat is not seat:
            continue
        if wanted is not None and event.call not in wanted:
            continue
        if wanted is None and kind not in ("bid", "call") and _call_name(event) != kind:
            continue
        found = event
    return found


def _call_name(event: CallEvent) -> str:
    """A call as typed in lower case ('2s', '3nt', 'pass')."""
    return str(event.call).lower().translate(str.maketrans("♣♦♥♠", "cdhs"))


def _another_changed_first(story: Story, used: _Use) -> bool:
    """Another player's call changed or replaced before the withdrawal ('TD allowed E to
    change 1D to 1H, then S took back his 2C'): the withdrawal may be the non-offender's."""
    return any(
        e.role == "wanted"
        and e.start < used.withdrawn_at
        and not same_player(used.call, e, unnamed=False)
        for e in story.events
    )


_NOT_ACCEPTED = lazy_pattern(
    r"\b(?:not|wasn't|was not|isn't|never) accepted\b|\b(?:didn't|did not|wouldn't|refused to)"
    r" accept\b"
)
"""A call out of rotation refused by the next player: it is withdrawn (Laws 29B, 31)."""
_DOUBTED = lazy_pattern(
    r"\b(?:as if|as though|like) (?:he|she|they|w|e|n|s|pd|partner) (?:knew|had known|could see)\b"
    r"|\bno (?:other )?reason (?:for|to)\b|\bnothing (?:in|about) (?:his|her|their) hand\b"
    r"|\b(?:very |really |rather )?thin (?:raise|bid|call|overcall|response|double|lead)\b"
    r"|\badjust(?:ment|ed)?\b|\bsuspicious\b"
)
"""The later call doubted: drawn, the teller says, from what the withdrawn call showed."""


def _partner_in_its_suit(lowered: str, story: Story) -> _Use | None:
    """A suit bid made out of rotation and refused (or told cancelled), then his partner bids
    the same suit later, and the story doubts that bid ('a very thin raise', 'as if he knew',
    'we want an adjustment'): what the withdrawn call showed is unauthorised to the offender's
    side (Law 16C2), the question whatever the irregular call was. Read from the seats: the
    later caller is the offender's partner, the suit the same."""
    out_of_turn = set(story.out_of_turn_words)
    timeline = story.timeline
    for index, call in enumerate(timeline):
        if index not in out_of_turn or call.seat is None or not isinstance(call.call, Bid):
            continue
        if call.call.denomination is Denomination.NOTRUMP:
            continue
        refused = _NOT_ACCEPTED.search(lowered, call.end, clause_end(lowered, call.end + 1) + 40)
        if refused is None:
            continue
        for later in timeline[index + 1 :]:
            bid = later.call
            if (
                later.role == "made"
                and later.seat is call.seat.partner
                and isinstance(bid, Bid)
                and bid.denomination is call.call.denomination
                and _DOUBTED.search(lowered, later.end)
            ):
                user = _party_of(later.actor, story) if later.actor is not None else None
                return _Use(call, refused.start(), call.start, user)
    return None


def _partner_after_a_change_refused(lowered: str, story: Story) -> _Use | None:
    """A player's call, then another call by him in its place ('bid 2H then said "no, 3H"')
    that the story says did not stand ('the TD said 2H stands'), then his partner's call that
    the story doubts ('she knew he wanted more', 'as if he knew'): the change not allowed is
    cancelled and the first call stands (Law 25B2), and what the cancelled call told is
    unauthorised to his partner (25B3, 16C2) - the question, not a remark (16B). Read from
    the seats: one maker for both calls, nobody calling between them, the later caller his
    partner."""
    timeline = story.timeline
    events = [e for e in story.events if e.role in ("made", "wanted")]
    for index, first in enumerate(events[:-1]):
        second = events[index + 1]  # 'said "no, 3H"': made again, or told as wanted
        if first.role != "made" or first.seat is None:
            continue
        if second.seat is not first.seat or first.call == second.call:
            continue
        if not isinstance(first.call, Bid) or second.call is None:
            continue
        stands = next(
            (
                e
                for e in story.events
                if e.role == "reference"
                and e.call == first.call
                and e.start > second.end
                and _STANDS.match(lowered, e.end)
            ),
            None,
        )
        if stands is None:
            continue
        for later in timeline:
            if (
                later.role == "made"
                and later.start > stands.end
                and later.seat is first.seat.partner
                and (
                    _DOUBTED.search(lowered, later.end) or _PARTNER_KNEW.search(lowered, later.end)
                )
            ):
                user = _party_of(later.actor, story) if later.actor is not None else None
                return _Use(second, stands.start, first.start, user, replaced="other")
    return None


_STANDS = lazy_pattern(
    r"\s+(?:still\s+|would\s+|had\s+to\s+|has\s+to\s+|must\s+)?"
    r"(?:stands?|stood|stay(?:s|ed)?|remain(?:s|ed)?|was kept|is kept|counts|counted)\b"
)
"""Right after the first call named again: it is the one that stands ('the TD said 2H
stands', '2H had to stay')."""
_PARTNER_KNEW = lazy_pattern(
    r"\b(?:he|she|they|pd|partner|his partner|her partner|his pd|her pd)\s+"
    r"(?:must have\s+|clearly\s+|obviously\s+)?(?:knew|know|could tell|guessed|worked out)\b"
)
"""The teller says the partner knew what the cancelled call showed ('we think she knew he
wanted more')."""


def _as_call(like: CallEvent, actor: PlayerRef) -> CallEvent:
    """A call like ``like`` by ``actor``: to ask whether two players are one."""
    return CallEvent(like.call, actor.start, actor.end, like.sentence, actor)


def _withdrawn_after(
    lowered: str,
    story: Story,
    call: CallEvent,
    withdrawn: Sequence[re.Match[str]],
    before: int,
) -> int | None:
    """Where ``call`` is told withdrawn, before ``before``: withdrawal words in its sentence or
    the next, or a call its maker wanted in its place ('he fixed it to 2S', 'sorry, meant
    3NT')."""
    reach = clause_end(lowered, clause_end(lowered, call.end) + 1)
    for words in withdrawn:
        if call.end <= words.start() < min(reach, before):
            return words.start()
    again = _named_again_withdrawn(lowered, story, call, withdrawn, before)
    if again is not None:
        return again
    changed = _CHANGED_TO.search(lowered, clause_start(lowered, call.start), call.start)
    if changed is not None and not _NOT_DONE_CHANGE.search(
        lowered, clause_start(lowered, call.start), changed.start()
    ):
        into = next((e for e in story.events if e.start > call.end and e.call is not None), None)
        if (
            into is not None
            and into.role == "wanted"
            and into.start < before
            and _INTO.fullmatch(lowered, call.end, into.start)
        ):
            return changed.start()  # 'lho was allowed to change his 2H to pass'
    later = [e for e in story.events if call.end <= e.start < before and e.call is not None]
    for event in later:
        if (
            event.role == "wanted"
            and event.call != call.call
            and same_player(call, event, unnamed=False)
        ):
            return event.start
    following = next((e for e in later if e.role in ("made", "wanted")), None)
    if (
        following is not None
        and _insufficient(story, call)
        and same_player(call, following, unnamed=False)
    ):
        return following.start  # 'put 1H out over 1NT, td had him make it 2H': its replacement
    return None


_CHANGED_TO = lazy_pattern(
    r"\b(?:change|changed|changing|changes|switch|switched|swap|swapped|correct|corrected)\s+"
    r"(?:his|her|my|their|the|that)\s+$"
)
"""Changing words just before a call ('allowed to change his 2H')."""
_NOT_DONE_CHANGE = lazy_pattern(
    r"\b(?:can|may|could|should|must|whether|if|want|wants|wanted|tried|try|asked)\b"
    r"|\bcan't\b|\bnot allowed\b"
)
"""Before the change: asked or refused, not told as done ('can i change my 2H to 3H?')."""
_INTO = lazy_pattern(r"\s+(?:to|into|for)\s+(?:an?\s+)?")
"""Between a call changed and the call it became ('his 2H to pass')."""
_WITHDRAWN_OBJECT_GAP = lazy_pattern(
    r"\s+(?:(?:his|her|my|their|the|that|pd's|partner's|lho's|rho's|[nsew]'s)\s+)?$"
)
"""Between withdrawal words and the call they take back ('took back his 2C')."""


def _named_again_withdrawn(
    lowered: str,
    story: Story,
    call: CallEvent,
    withdrawn: Sequence[re.Match[str]],
    before: int,
) -> int | None:
    """Where ``call`` is named again later, by its maker or with no maker named, as the object
    of withdrawal words ('S then took back his 2C', 'cancelled the 1S') or told withdrawn in
    the clause it is named in ('his 2C was cancelled'): the same call, taken back."""
    for again in story.events:
        if not call.end <= again.start < before or again.call != call.call:
            continue
        if again.role not in ("reference", "made") or not same_player(call, again):
            continue
        floor, end = clause_start(lowered, again.start), clause_end(lowered, again.end)
        for words in withdrawn:
            if floor <= words.start() and words.end() <= again.start:
                if _WITHDRAWN_OBJECT_GAP.fullmatch(lowered, words.end(), again.start):
                    return words.start()
            elif again.end <= words.start() < min(end, before):
                return words.start()
    return None


def _insufficient(story: Story, call: CallEvent) -> bool:
    """A bid told that does not outrank the last bid told before it."""
    if not isinstance(call.call, Bid):
        return False
    before = [
        e.call
        for e in story.timeline
        if e.start < call.start and e.role == "made" and isinstance(e.call, Bid)
    ]
    return bool(before) and not call.call.supersedes(before[-1])


_REPORTING = lazy_pattern(
    r"\s+(?:say|says|said|claim|claims|claimed|think|thinks|thought|reckon|reckons|"
    r"complain\w*|argue\w*|insist\w*|felt|feel|feels|suggest\w*)\b"
)
"""A player who reports what another knew ('opps say he knew'): not the one who knew it."""


def _subject(lowered: str, story: Story, position: int) -> Party | None:
    """The side of the player (or side) named last before ``position`` in its clause: who
    did or knew it ('pd knew', 'we led')."""
    floor = clause_start(lowered, position)
    named = [
        r
        for r in story.players
        if floor <= r.start < position
        and r.kind != "pronoun"
        and not _REPORTING.match(lowered, r.end)
    ]
    sides = [
        m
        for m in _SIDE_WORDS.finditer(lowered, floor, position)
        if not _REPORTING.match(lowered, m.end())
    ]
    if sides and (not named or sides[-1].start() > named[-1].start):
        return _word_party(sides[-1].group(0))
    return (_party_of(named[-1], story) or _relative_party(named[-1])) if named else None


def _irregular_caller(story: Story, before: int) -> Party | None:
    """The player whose call before the taking back the calls prove irregular - a bid that
    does not outrank the last bid before it, or one told out of turn - when all such calls
    are one side's: the offender, whoever the sentence names first ('LHO bid 1S over our
    1NT, then changed it')."""
    out_of_turn = set(story.out_of_turn_words)
    parties = set()
    last: Bid | None = None
    for event in story.timeline:  # one pass: a long pasted auction is read in linear time
        call = event.call
        short = isinstance(call, Bid) and last is not None and not call.supersedes(last)
        if isinstance(call, Bid):
            last = call
        if event.start >= before or event.actor is None:
            continue
        if short or story.index(event) in out_of_turn:
            parties.add(_party_of(event.actor, story) or _relative_party(event.actor))
    return parties.pop() if len(parties) == 1 else None


def _withdrawal_words(words: Patterns, auction: Patterns) -> list[re.Pattern[str]]:
    """A call or card withdrawn (the auction's one list), or changed, put back or refused."""
    withdrawn = auction.get("withdrawn")
    return [words["changed"]] if withdrawn is None else [withdrawn, words["changed"]]


_CARD_BACK = lazy_pattern(
    r"\b(?:take|takes|took|taken|taking|pick|picks|picked|put|pull|pulled)\s+"
    r"(?:his|her|my|the|their|that|our)\s+(?:(?:first|opening|wrong)\s+)?"
    r"(?:card|lead|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce"
    r"|[shdc](?:[akqjt]|10|[2-9])|(?:[akqjt]|10|[2-9])[shdc]|[♠♥♦♣](?:[akqjt]|10|[2-9]))"
    r"\s+back\b"
    r"|\bput\s+(?:his|her|the|that)\s+(?:spade|heart|diamond|club)\s*\([^()]{1,20}\)\s+back\b"
)
"""A card told taken back by naming it ('take his card back', 'pick my queen back up', 'put
the diamond (the DA) back')."""


def _taken_back(lowered: str, words: Patterns, auction: Patterns) -> list[re.Match[str]]:
    """Where a call or card is told withdrawn or changed, outside quoted words, in order."""
    found = [m for p in _withdrawal_words(words, auction) for m in _outside_quotes(p, lowered)]
    found += [
        m
        for m in _outside_quotes(_CARD_BACK, lowered)
        if not _ASKED_TAKING.search(lowered, max(0, m.start() - 25), m.start())
    ]
    return sorted(found, key=lambda m: m.start())


_ASKED_TAKING = lazy_pattern(
    r"(?:\b(?:can|may|could|should|would|will|must|whether|if)\s+"
    r"(?:i|he|she|we|they|you|lho|rho|pd|partner)?|\b(?:want|wants|wanted|like|try|trying)"
    r"\s+to)\s*$"
)
"""'can i take the lead back?': the taking back asked, not told."""


def _a_card_taken_back(lowered: str) -> bool:
    return bool(
        re.search(
            r"\b(?:card|play|lead|led|played)\b[^.;!?]{0,40}\b(?:returned|withdrawn|taken back|"
            r"went back|refused|pick(?:ed)? (?:it|the card) (?:back )?up|take it back|took it back"
            r"|put (?:it|the card) back)\b|\bwithdrawn (?:play|card|lead)\b"
            r"|\bled from the wrong hand\b"
            r"|\b(?:led|played)\b[^.;!?]{0,80}\b(?:had to |has to )?(?:put|puts) it back\b"
            r"|\bhad to (?:play|lead) from the (?:other|right|correct) hand\b",
            lowered,
        )
        or any(
            not _ASKED_TAKING.search(lowered, max(0, m.start() - 25), m.start())
            for m in _CARD_BACK.finditer(lowered)
        )
    ) and not re.search(r"\b(?:auction|bidding)\b", lowered)


def _cheapest_in_same_strain(story: Story) -> bool:
    """A natural insufficient bid replaced by the bid one level up in its strain (told as two
    bids by one player, the second the replacement): the cheapest sufficient bid there
    (27B1(a)). An artificial one is asked: whether its replacement is comparable is the
    director's judgement."""
    bids = [e for e in story.events if isinstance(e.call, Bid) and e.role in ("made", "wanted")]
    for i, first in enumerate(bids):
        for second in bids[i + 1 :]:
            a, b = first.call, second.call
            assert isinstance(a, Bid) and isinstance(b, Bid)
            same = first.seat is None or second.seat is None or first.seat is second.seat
            natural = first.artificial is False  # 27B1(a) needs both bids natural
            if natural and same and a.denomination == b.denomination and b.level == a.level + 1:
                return True
    return False


_OPENED_BEFORE = lazy_pattern(r"\bopen(?:ed|s)\s+(?:with\s+)?(?:a\s+|an\s+)?$")


def _same_opening_again(story: Story, withdrawn_at: int) -> bool:
    """The same opening bid made again by the same player after the withdrawal ('opened 1NT
    out of turn, it was cancelled, and at her turn she opened 1NT again'): an opening with the
    same meaning, a comparable call by definition (Law 23A1)."""
    lowered = story.text.lower()
    openings = [
        e
        for e in story.events
        if e.role == "made"
        and isinstance(e.call, Bid)
        and _OPENED_BEFORE.search(lowered, max(0, e.start - 20), e.start)
    ]
    before = [e for e in openings if e.start < withdrawn_at]
    after = [e for e in openings if e.start > withdrawn_at]
    if len(before) != 1 or len(after) != 1:
        return False
    first, again = before[0], after[0]
    return first.call == again.call and same_player(first, again, unnamed=False)


def _replaced_by_pass(story: Story, withdrawn_at: int) -> bool:
    """A bid, double or redouble told before the withdrawal, and a pass by the same player
    after it ('pd bid 2C out of turn, it was cancelled, then he passed at his turn'): a pass
    shares no meaning or purpose with a call that said something (Law 23A), so the
    replacement is not comparable."""
    before = [
        e
        for e in story.events
        if e.start < withdrawn_at and e.role == "made" and e.call is not None
    ]
    after = [e for e in story.events if e.start > withdrawn_at and e.role == "made"]
    if not before or not after or before[-1].call is Simple.PASS:
        return False
    replacement = after[0]
    return replacement.call is Simple.PASS and same_player(before[-1], replacement, unnamed=False)


Party = tuple[str, object]
"""('seat', Seat) for a player placed at the table, ('team', 'ours'/'theirs') relative to
the speaker, ('role', 'declarer'/'defender')."""


def _party_of(ref: PlayerRef, story: Story) -> Party | None:
    if ref.seat is None:
        return None
    speaker = story.speaker
    if speaker is not None and story.frame in ("speaker", "anchored"):
        return ("team", "ours" if ref.seat in (speaker, speaker.partner) else "theirs")
    return ("seat", ref.seat)


def _relative_party(ref: PlayerRef) -> Party | None:
    """A player named from the speaker's chair with no seat placed ('LHO' in a story told
    by compass seats, 'our opponents'): his side relative to the speaker's."""
    if ref.kind == "opponent" or (ref.kind == "relative" and ref.relation in ("lho", "rho")):
        return ("team", "theirs")
    if ref.kind == "relative" and ref.relation in ("partner", "self"):
        return ("team", "ours")
    return None


def _party_before(lowered: str, story: Story, position: int) -> Party | None:
    """The offender: the first player named in the sentence where the taking back is told
    (or, failing that, before it), or the side named ('opps', 'their', 'declarer')."""
    sentence = lowered.rfind(".", 0, position) + 1
    quoted = [(m.start(), m.end()) for m in _REMARK_WITH_APOSTROPHES.finditer(lowered)]
    refs = [
        r
        for r in story.players
        if r.start < clause_end(lowered, position)
        and r.kind != "pronoun"
        and not any(a <= r.start < b for a, b in quoted)  # "'oops, i've got one'": his 'i'
    ]
    in_sentence = [r for r in refs if r.start >= sentence]
    role = _ROLE_SUBJECT.search(lowered, sentence, clause_end(lowered, position))
    first = next((r for r in in_sentence if r.kind != "speaker"), None)
    if (
        role is not None
        and first is not None
        and role.start() < first.start
        and (_party_of(first, story) or _relative_party(first)) == ("team", "ours")
    ):
        # 'declarer led the SQ from his hand, pd said ... and he had to put it back': the
        # role named first took it back, not the teller's partner named after him - and
        # which side that role is against the teller's is not told: asked
        return None
    for ref in in_sentence or refs:
        if ref.kind == "speaker" and len(refs) > 1:
            continue
        party = _party_of(ref, story) or _relative_party(ref)
        if party is not None:
            return party
    side = _SIDE_WORDS.search(lowered, sentence, clause_end(lowered, position))
    if side is None:
        return None
    return _word_party(side.group(0))


def _teamed(asker: Party | str | None, play: PlayStory, role: str | None) -> Party | str | None:
    """A side named by its role in the play ('can declarer use it') placed against the
    teller's own role, when the teller is placed: the same frame as the offender's."""
    if (
        isinstance(asker, tuple)
        and asker[0] == "role"
        and role is not None
        and play.story.speaker is not None
    ):
        ours = "defender" if role == "defender" else "declarer"
        return ("team", "ours" if asker[1] == ours else "theirs")
    return asker


def _word_party(word: str) -> Party | None:
    if word in ("opps", "opponents", "their", "they", "them"):
        return ("team", "theirs")
    if word in ("we", "us", "our", "i", "me", "my"):
        return ("team", "ours")
    if word == "declarer":
        return ("role", "declarer")
    if word.startswith("defender"):
        return ("role", "defender")
    return None


_ASKING_WORDS = tuple(
    (word, lazy_pattern(rf"\b{word}\b")) for word in ("i", "we", "us", "they", "them", "he")
)
_HIS_PARTNER_ASKS = lazy_pattern(r"\b(?:his|her|their) (?:partner|pd)\b\W*$|\bpd of his\b")
_THE_OPPONENTS = lazy_pattern(r"\b(?:the )?(?:opps|opponents)\b")
_DEFENDERS_NAMED = lazy_pattern(r"\b(defenders|opps|opponents)\b")
_CHANGE_DONE = lazy_pattern(
    r"\b(?:changed|retracted|swapped|replaced|withdrew|took back|took (?:\w+ ){1,2}back"
    r"|picked (?:\w+ ){1,2}back up|put (?:\w+ ){1,2}back)\b"
    r"|\blet\s+(?:\w+\s+){1,2}(?:change|replace|take|swap|retract|withdraw)\b"
)
"""A call or card told changed or taken back as done ('I changed my bid', 'the TD let me swap
my card'), not an explanation corrected nor a change asked ('can I take back my lead?')."""


def _used_after_change(lowered: str, words: Patterns) -> bool:
    """A call or card told changed, and after it the use of what was taken back told or asked."""
    change = _CHANGE_DONE.search(lowered)
    return change is not None and any(
        m.start() > change.end() for m in _outside_quotes(words["use_asked"], lowered)
    )


_I_OR_WE = lazy_pattern(r"\b(?:i|we)\b")
_ANOTHER_SUBJECT = lazy_pattern(
    r"\s*(?:(?:but|so|and|then|now|obviously|clearly|surely)\s+)?(?:the\s+)?(?:he|she|they"
    r"|declarer|dummy|lho|rho|opponents?|opps|defenders?)\b(?! and (?:i|we)\b)"
    r"(?!\s+(?:say|says|said|think|thinks|thought|reckon|reckons|claim|claims|claimed|insist"
    r"|insists|argue|argues|tell|told|are|were|complain\w*)\b)"
)
"""The clause of the words of using begins with another player ('he only knew I had it because
of that'): the teller named after him is what was known, not who used it."""
_ANOTHER_ASKS = lazy_pattern(
    r"\b(?:is|can|may|could|does|did|should|was|must)\s+(?:he|she|they|declarer|dummy)\b"
)
"""Another player the subject of the question just before the words ('is he allowed to')."""
_I_OR_WE_ASKS = lazy_pattern(r"\b(?:i|we)\s+(?:\w+\s+){0,2}$")
"""The teller the subject just before the words ('the opps are fuming, was i allowed to')."""


def _partner_named_last(story: Story, position: int) -> bool:
    """The teller's partner the last player named (not by a pronoun) before ``position``: the
    'he' of 'what is he allowed to do with that' after 'now pd is on lead'."""
    named = [
        p
        for p in story.players
        if p.end <= position and p.kind not in ("pronoun", "speaker", "offender")
    ]
    return bool(named) and named[-1].kind == "relative" and named[-1].relation == "partner"


_OUR_SIDE = lazy_pattern(r"\b(?:i|my|we|partner's|pd's)\b")
"""Who asks (module patterns: compiled before a served bot's first user)."""


def _asker(
    lowered: str, story: Story, asked: re.Match[str], offender: Party | None
) -> Party | str | None:
    """Who the question is about: 'can i use', 'may his partner use', 'ui to them', 'can
    they use' (the side named last before it)."""
    text = asked.group(0)
    word = next((word for word, alone in _ASKING_WORDS if alone.search(text)), "")
    before = lowered[clause_start(lowered, asked.start()) : asked.start()]
    if _HIS_PARTNER_ASKS.search(before + " " + text):
        return "offender"
    if _PARTNER_ASKS.search(before) or _PARTNER_ASKS_IN.match(text):
        return "offender"  # 'may his partner take that into account', 'can her pard use'
    if _OPPONENTS_ASK.search(before):
        return ("team", "theirs")  # 'now the opps want to use my 2D'
    subject = _question_subject(lowered, story, asked)
    if subject is not None:  # 'can my pd take that into account', 'whether N can use'
        return _party_of(subject, story)
    role = _ROLE_ASKS.search(before + " " + text)
    if role is not None:  # 'can declarer play me for spades': his side, not the teller's
        return _word_party(role.group("role"))
    if not word and _THE_OPPONENTS.search(text):
        return ("team", "theirs")  # 'can the opps use': the speaker's opponents
    if word in ("i", "we", "us"):
        return ("team", "ours")
    if word == "he":
        return "offender"
    if word in ("they", "them"):
        named = _DEFENDERS_NAMED.findall(lowered[: asked.start()])
        return _word_party(named[-1]) if named else ("team", "theirs")
    another = _ANOTHER_SUBJECT.match(before)
    if another is not None and not _I_OR_WE_ASKS.search(before):
        return None  # 'he only knew i had the queen because of that', 'opps used the info
        # from my taken back call': another player's use, told; never the teller's side
    if _ANOTHER_ASKS.search(before) and not _partner_named_last(story, asked.start()):
        return None  # 'is he allowed to play on that' after declarer: not the teller's side
    if _I_OR_WE.search(before):
        return ("team", "ours")
    if story.frame == "speaker" and _OUR_SIDE.search(lowered):
        return ("team", "ours")  # nobody else named as asking: the teller asks for his side
    return None


_PARTNER_ASKS = lazy_pattern(
    r"\b(?:can|may|could|must|should|does|do|is|whether)\s+(?:his|her|their)\s+(?:partner|pd)\s+$"
)
"""The offender's partner as the subject of the question, just before the words of using."""
_PARTNER_ASKS_IN = lazy_pattern(
    r"(?:can|may|could|must|should|does|do|is|whether)\s+(?:his|her|their)\s+"
    r"(?:partner|pd|pard|ptnr)\b"
)
"""... or inside them ('can his pd use')."""
_ROLE_ASKS = lazy_pattern(
    r"\b(?:can|may|could|must|should|does|is|whether)\s+(?:the\s+)?(?P<role>declarer|defenders?)\b"
)
"""Declarer or the defenders as the subject of the question ('can declarer play me for it')."""
_OPPONENTS_ASK = lazy_pattern(r"\b(?:the )?(?:opps|opponents)\s+(?:now\s+|still\s+)?$")
"""The teller's opponents as the subject of the words of using ('the opps want to use')."""
_MODAL_BEFORE = lazy_pattern(r"\b(?:can|may|could|must|should|does|do|whether|is)\s+$")
_MODAL_AFTER = lazy_pattern(r"\s+(?:can|may|could|must|should|now has|is allowed|has to)\b")
_OTHER_PARTY = lazy_pattern(r"\b(?:opps|opponents|them|they|us|we|both|who|who's|whose)\b")


def _question_subject(lowered: str, story: Story, asked: re.Match[str]) -> PlayerRef | None:
    """The placed player the question is about: the subject of its modal verb ('can my pd
    take that into account', 'whether N can use', 'E now has the knowledge'), when the
    question and what follows name no other side ('... and opps?', 'who may use it' ask about
    both)."""
    floor = clause_start(lowered, asked.start())
    if _OTHER_PARTY.search(lowered, floor):
        return None  # another side named in or after the question ('... and opps?')
    named = [
        r
        for r in story.players
        if floor <= r.start < asked.end()
        and r.kind in ("relative", "seat")
        and r.seat is not None
        and (_MODAL_BEFORE.search(lowered, floor, r.start) or _MODAL_AFTER.match(lowered, r.end))
    ]
    return named[-1] if named else None


_BOTH_SIDES_ASKED = lazy_pattern(
    r"\b(?:each|either|both) (?:side|sides|pairs)\b(?! (?:agree|agreed|say|said|think|thought"
    r"|accept|accepted|were|are|have|had|know|knew)\b)|\bthem or us\b|\bus or them\b"
    r"|\bus, them\b|\bcan we\b[^?]{0,80}\?\s*(?:and )?can they\b"
    r"|\bthe side that (?:made|did) (?:the|a) (?:mistake|irregularity)\b[^?]{0,80}\bother\b"
    r"|\bwhat about the side that (?:made|did)\b"
)
"""A question about both sides at once ('what can each side use?', 'can we use that? can
they?'): the answer covers the offenders and the other side. 'Who may use it?' alone does not
say so: the teller may be asking for his own side."""
_WHO_MAY_USE = lazy_pattern(
    r"\bwhat (?:can|may|could|does|do) (?:each|either|both) (?:side|sides|pair|pairs)\b"
)
"""A question of using asked of both sides at once ('what can either side do with it?'):
with a call or card taken back, it asks what the withdrawal leaves usable."""
_NON_OFFENDERS_ASKED = lazy_pattern(
    r"\b(?:can|may|could|are|is|whether) (?:the )?(?:non-?offending|innocent) (?:side|pair)\b"
)
"""The question names the side that did nothing wrong as the one asking."""
_SPEAKER_ROLE = lazy_pattern(
    r"\b(?:as (?:a |the )?|i'm (?:a |the )?|i am (?:a |the )?|i was (?:a |the )?|i,? (?:a |the )?"
    r"|i \(|me \(|we're (?:the )?|we are (?:the )?|we were (?:the )?|we,? the )"
    r"(?P<role>defenders?|defending|declarer|declaring|dummy)\b"
)
"""The teller's own role in the play ('as a defender', 'i (defender)', 'we, the defenders')."""


def _speaker_role(lowered: str) -> str | None:
    """The teller's role when his words name one role only."""
    roles = {
        "defender" if m.group("role").startswith("defend") else "declarer"
        for m in _SPEAKER_ROLE.finditer(lowered)
    }
    return roles.pop() if len(roles) == 1 else None


def _side(
    offender: Party | None, asker: Party | str | None, speaker_role: str | None = None
) -> str | None:
    """The side asked about, when offender and asker are placed the same way (the teller's
    side against an offender named by his role: by the teller's own role)."""
    if (
        offender is not None
        and offender[0] == "role"
        and asker == ("team", "ours")
        and speaker_role is not None
    ):
        ours = "defender" if speaker_role == "defender" else "declarer"  # dummy: declarer's
        return "offending" if offender[1] == ours else "non_offending"
    if offender is None or not isinstance(asker, tuple) or offender[0] != asker[0]:
        return None
    if offender[0] == "seat":
        same = asker[1] is offender[1] or asker[1] is getattr(offender[1], "partner", None)
    else:
        same = asker[1] == offender[1]
    return "offending" if same else "non_offending"


# -- an explanation or alert ------------------------------------------------------------------

_OPPONENT_WORDS = lazy_pattern(r"^(?:their|they|opps|opponents|the opponents|the opps)$")
_OWN_WORDS = lazy_pattern(r"^(?:my|my own|i)$")
_SUBJECT = lazy_pattern(
    r"(?P<who>\b(?:their|they|opps|the opps|opponents|the opponents|my own|my|i|declarer)"
    r"|[a-z']+)\s+(?:(?:just|then|wrongly|wrong|incorrectly|also)\s+)?$"
)


_WOULD_HAVE_ACTED = lazy_pattern(
    r"\b(?:would|'d|would've)\s+(?:have\s+)?(?:bid|called|doubled|passed|acted|competed|"
    r"overcalled|come in|led|played)\s+(?:\w+\s+){0,2}?(?:differently|otherwise)\b"
)
"""'he'd have bid differently': a player told as misled into his call or play."""
_WOULD_HAVE = lazy_pattern(r"\b(?:would|could|should|might|i'd|'d) have\s+$|\bwould've\s+$")
_SAID_MEANING = lazy_pattern(
    r"\bsaid ['\"]?(?:it was |it's |its |it is |was |is )?(?:a |an )?"
    r"(?:weak|strong|natural|forcing|artificial|transfer|stayman|blackwood|takeout|take-out|"
    r"penalty|penalties|invitational|minors|majors|splinter|cue ?bid|preemptive|pre-emptive|"
    r"gerber|multi|puppet|relay|jacoby|keycard|rkcb|michaels|lebensohl|drury"
    r"|no agreement|not discussed|undiscussed|never discussed)\b"
    r"|\b(?:said|told)\s+['\"]?(?:it's |it is )?\d{1,2}\s*[-–]\s*\d{1,2}\b"
)
_SAID_CALL = lazy_pattern(
    r"\b(?:said|says|told (?:me|us|them|[nsew]-?[nsew]|the (?:opps|opponents|defenders|table)"
    r"|opps|opponents|declarer|lho|rho|[nsew]|everyone)"
    r"|(?:(?<=\bwas )|(?<=\bwere )|(?<=\bbeen ))told(?: by (?:the )?[a-z]+)?)(?: that)? "
    r"(?:the |his |her |their |my |our |(?:his|her|their|my) (?:partner|pd)'s )?(?:[a-z]+'s )?"
    rf"(?:{BID_PATTERN}|double|dbl|redouble|pass|bid|call|opening|overcall|response)"
    r" (?:was|is|showed|shows|meant|means|promised|promises)\b",
    re.IGNORECASE,
)
"""'rho said 2C was natural', 'S told E-W that N's 4NT was RKCB', 'RHO said LHO's double was
takeout': an explanation of a call (the call's owner named or not), to whoever it was told."""


_CARDING = lazy_pattern(
    r"\b(?:discards?|discarding|signals?|signall?ing|carding|count signals?|attitude signals?"
    r"|(?:opening )?leads? (?:agreements?|conventions?|system))\b"
)
"""What a play agreement is about: the defenders' discards, signals, carding, leads."""
_SAID_CARDING = lazy_pattern(
    r"\b(?:said|says|told (?:me|us|him|her|them|declarer|[nsew])|answered|replied|explained"
    r"(?: (?:it|them|that))?(?: as)?)\s*:?\s*['\"]?(?:it'?s |it was |it is |its |they play |we play"
    r" |they're |we're |that (?:it|they) (?:was|were|is|are|showed|show) )?(?:an? )?"
    r"(?:reverse[ds]?|standard|upside[- ]down|udca|count|attitude|suit[- ]?preference|lavinthal"
    r"|mckenney|odd[- ]even|encouraging|discouraging|hi[- ]?lo|high[- ]low|low[- ]high"
    r"|(?:high|low) (?:encourag\w*|discourag\w*|likes?))\b"
)
"""An explanation of a play agreement: what a signal or a discard means ('she said
"count"', 'told me reverse', 'said it was encouraging')."""
_CARDING_REACH = 120
_ASKED_ABOUT = lazy_pattern(
    r"\b(?:asked|asks|ask|asking|enquired|inquired|queried|question(?:ed)?)\b"
)
"""Someone asked: what follows answers him (partner's own comment on his signal is no
explanation)."""


def explains_carding(lowered: str, position: int) -> bool:
    """Whether the words at ``position`` explain the defenders' carding, asked about just
    before ('asked what pd's discard meant, she said "count"'): an explanation of a play
    agreement (Laws 20F, 40B), not a remark."""
    said = _SAID_CARDING.match(lowered, position)
    if said is None:
        return False
    floor = max(0, position - _CARDING_REACH)
    if _CARDING.search(lowered, floor, position) is None:
        return False
    return said.group(0).startswith("explained") or bool(
        _ASKED_ABOUT.search(lowered, floor, position)
    )


def explains_a_call(lowered: str, position: int) -> bool:
    """Whether the words at ``position`` explain a call ('said 2C was natural', 'said it
    was a transfer') or the carding ('said "reverse"' of a discard asked about): what a
    remark there says is an explanation, not a comment."""
    return bool(
        _SAID_CALL.match(lowered, position)
        or _SAID_MEANING.match(lowered, position)
        or explains_carding(lowered, position)
    )


_A_CALL = BID_PATTERN.replace("(?P<level>", "(?:").replace("(?P<denomination>", "(?:")
_CALL_EXPLAINED = lazy_pattern(
    r"\bexplain\w*|\bexplanation\b|\bmisinform\w*"
    r"|\b(?:natural|artificial|stayman|transfer|splinter|multi|gerber|blackwood|conventional)\b"
    r"|\b\d{1,2}\s*[-–]\s*\d{1,2}\b(?!\s*(?:tricks?|down|off|up))"
    rf"|\b(?:{_A_CALL})(?: bid| call)? (?:\w+ )?(?:was|is|showed|shows|meant|means)\b(?! out)"
)
"""Words telling what a call meant: '... it was 12-14', '... her partner's two hearts showed
spades', '... sorry, I explained 3C wrong'."""


def explains_a_call_in(lowered: str, position: int) -> bool:
    """Whether what is said from ``position`` to the end of its sentence tells what a call
    meant: dummy (or the player who became dummy) explaining a call speaks of the auction,
    not of the play dummy must keep out of (Law 20F, 21; not 43)."""
    end = re.compile(r"[.!?](?:\s|$)").search(lowered, position)
    stop = min(end.start() if end else len(lowered), position + 120)
    return _CALL_EXPLAINED.search(lowered, position, stop) is not None


_NAMES_A_CALL = lazy_pattern(
    r"\b(?:bids?|bidding|call|calls|called|opened|opening bid|overcall\w*|responses?|"
    r"doubles?|doubled|redoubl\w*|alert\w*|conventions?|conventional|agreements?|"
    r"system|card says|cc|stayman|transfer|blackwood|ace ?ask\w*|\d ?(?:nt|[cdhs]|♣|♦|♥|♠)|"
    r"explain\w*|explanation|meaning|meant|described|asked about)\b"
)
"""What an explanation is about: a call (named, or the words of bidding), or the word
'explanation' itself; without any of them 'he said it was wrong' judges, it explains nothing."""


def _start(match: re.Match[str]) -> int:
    return match.start()


_BY_THE_DIRECTOR = lazy_pattern(
    r"\b(?:td|director|arbiter|umpire|tournament director)(?:\s+(?:had|has|then|just|also))?\s+$"
)
"""'the td told lho to keep passing': the director's ruling, not an explanation of a call."""


_TELLER_DIRECTS = lazy_pattern(
    r"\b(?:td|director|arbiter) here\b|\bi(?:'m| am| was) (?:the )?(?:td|director|arbiter)\b"
    r"|\bas (?:the )?(?:td|director)\b|^\W*(?:td|director)\b"
)
"""The teller is the director: what he told the players is his ruling."""
_I_BEFORE = lazy_pattern(r"\bi\s+$")


def _explanation(
    lowered: str,
    story: Story,
    play: PlayStory,
    words: Patterns,
    cards_played: Sequence[tuple[int, Seat | None]],
) -> Found | None:
    """Who explained (or alerted) a call, and what the person asking did after it: his own
    explanation, his partner's of his call, an opponent's before he called or played, or a
    hand that turned out otherwise. Only the fact is proven here; the story routes itself."""
    carding = [m for m in _SAID_CARDING.finditer(lowered) if explains_carding(lowered, m.start())]
    if not story.events and not _NAMES_A_CALL.search(lowered) and not carding:
        return None  # 'after dummy came down he said it was wrong': no call to explain
    speaker = story.speaker
    said = [*_SAID_CALL.finditer(lowered), *_SAID_MEANING.finditer(lowered), *carding]
    if speaker is None or story.frame not in ("speaker", "anchored"):
        unlike = _hand_unlike_explanation(lowered, story, words, said)
        if unlike is not None:
            return unlike
        explained = sorted([*_outside_quotes(words["explained"], lowered), *said], key=_start)
        if _TELLER_DIRECTS.search(lowered):  # 'TD here ... I told them to carry on'
            explained = [m for m in explained if not _I_BEFORE.search(lowered, 0, m.start())]
        explained = [m for m in explained if not _BY_THE_DIRECTOR.search(lowered, 0, m.start())]
        differs = next((m for m in explained if _differs(lowered, m)), None)
        # 'explained by W as both minors ... they never discussed it', 'W said weak but their
        # card says multi'
        if differs is None:
            differs = next(
                (m for m in explained if _opponent_called_unalerted(lowered, story, m, words)),
                None,
            )  # 'N didn't alert. E passed, thinking it natural. it's a transfer on their card'
        if differs is None:
            differs = next(
                (
                    m
                    for m in explained
                    if _conventional_not_alerted(lowered, m, words)
                    and not _PARTNER_NOW_KNOWS.search(lowered)
                    and not any(e.role == "made" and e.start > m.end() + 20 for e in story.timeline)
                ),
                None,
            )  # 'S realised he had failed to alert N's 2D transfer. E had not led yet': a
            # missing alert of a conventional call, nobody told calling since nor what the
            # caller now knows - the opponents' misinformation (20F5, 21B1a)
        if differs is None:
            differs = next(
                (
                    m
                    for m in explained
                    if _conventional_not_alerted(lowered, m, words)
                    and _WOULD_HAVE_ACTED.search(lowered, m.end())
                ),
                None,
            )  # 'pd didn't alert my 2C (Drury). E doubled ... E said he'd have bid
            # differently': calls since, but a player says he was misled by the missing alert
        if differs is None:
            return None
        facts = _acted_on_by_seat(lowered, story, differs, cards_played)
        return Found(EXPLANATION_DIFFERS, differs.start(), facts)
    told = sorted([*_outside_quotes(words["explained"], lowered), *said], key=_start)
    told = [m for m in told if not _BY_THE_DIRECTOR.search(lowered, 0, m.start())]
    if _TELLER_DIRECTS.search(lowered):  # 'TD here ... I told them to carry on': his ruling
        told = [m for m in told if not _I_BEFORE.search(lowered, 0, m.start())]
    carried: str | None = None  # who alerted, when his explanation follows in the sentence
    for at, match in enumerate(told):
        if _WHOSE_TURN_TOLD.match(lowered, match.end()):
            continue  # 'told me it was my lead': whose turn, not what a call meant (47E1)
        explainer = _explainer(lowered, story, play, match.start())
        after_alert = explainer is None and carried is not None
        explainer, carried = explainer or carried, None
        if explainer is None:
            if _differs(lowered, match):
                if any(seat is speaker for _, seat in cards_played):
                    # 'i played a card after their explanation, it was corrected; may i change
                    # my card?': a card played on misinformation, the misinformation Laws'
                    # own case (21B, 47E2)
                    facts = {"explanation_situation": "play_on_misinformation"}
                    return Found(EXPLANATION_DIFFERS, match.start(), facts)
                return Found(EXPLANATION_DIFFERS, match.start())
            if match.group(0).startswith(_MISSING_ALERT) or _NOBODY_BEFORE.search(
                lowered, max(0, match.start() - 12), match.start()
            ):  # not 'rho 2c (alerted), i pass': an alert given is no alert missing
                misled = _misled_by_missing_alert(lowered, story, match)
                if misled is not None:
                    return misled
            continue
        if explainer == "speaker":
            situation = "own_explanation"
            wrong = _differs(lowered, match)  # 'i told opps pd's 2D was weak, but its multi'
            if after_alert:
                wrong = wrong and _agreement_told(lowered, match)
            if wrong or _unalerted_for_opponents(lowered, story, match, words, speaker.partner):
                return Found(
                    EXPLANATION_DIFFERS, match.start(), {"explanation_situation": situation}
                )
            if _explained_next(lowered, told, at):
                carried = explainer
                continue  # 'i alerted and told them ...': the explanation follows the alert
        elif explainer == "partner":
            situation = "partner_explanation"
            wrong = _differs(lowered, match, whole=True)  # partner's, of my call, said to differ
            if after_alert:
                wrong = wrong and _agreement_told(lowered, match)
            if wrong or _unalerted_for_opponents(lowered, story, match, words, speaker):
                facts = {"explanation_situation": situation, **_stage(play)}
                if wrong and _agreement_told(lowered, match):
                    facts["explanation_caller_view"] = "explanation"
                return Found(EXPLANATION_DIFFERS, match.start(), facts)
            if _explained_next(lowered, told, at):
                carried = explainer
                continue  # 'pd alerted my 2d, and told them it showed hearts; actually ...'
        else:
            if (
                not _differs(lowered, match)
                and _explained_next(lowered, told, at)
                and _agreement_contradicts(
                    lowered,
                    told[at + 1],
                    lowered[told[at + 1].end() : clause_end(lowered, told[at + 1].end()) + 150],
                )
            ):
                carried = explainer
                continue  # 'rho alerted and said transfer ... "we play that natural"': the
                # explanation given with the alert, then told against the agreement
            differed = words["hand_differed"].search(lowered, match.end())
            played = [
                at
                for at, seat in cards_played
                if seat is speaker and not _WOULD_HAVE.search(lowered, max(0, at - 16), at)
            ]  # 'i'd have led differently' is no lead
            called = [
                e
                for e in story.timeline
                if e.seat is speaker
                and e.role == "made"
                and not _WOULD_HAVE.search(lowered, max(0, e.start - 16), e.start)
            ]  # 'i'd have doubled' is no call
            told_otherwise = (
                _differs(lowered, match)
                or differed is not None
                or ((played or called) and _conventional_not_alerted(lowered, match, words))
            )
            kind = EXPLANATION_DIFFERS if told_otherwise else ""
            caller = _explainer_seat(lowered, story, match.start())
            if (
                not kind
                and differed is None
                and caller is not None
                and not match.group(0).startswith(_ALERT_WORDS)
                and any(
                    e.seat is caller.partner
                    and e.role == "made"
                    and _THEN_BEFORE.search(lowered, match.end(), e.start)
                    for e in story.timeline
                )
            ):  # his explanation, then his partner's call: information to the partner (16B)
                facts = {"ui_kind": "remark", "ui_viewpoint": "opponents"}
                return Found("remark_then_action", match.start(), facts)
            if (
                differed is not None
                and not played
                and not called
                and not _AGREEMENT_OTHERWISE.search(lowered, match.end())
            ):  # the hand unlike the explanation, no agreement told otherwise: which was
                # wrong is asked ('... turns out they play it as penalty' settles it)
                facts = {"explanation_situation": "hand_mismatch"}
                return Found(HAND_MISMATCH, match.start(), facts)
            if played and not called:
                situation = "play_on_misinformation"
            elif called and not played:
                situation = "call_on_misinformation"
                partner_since = [
                    e
                    for e in story.timeline
                    if e.seat is speaker.partner and e.role == "made" and e.start > called[0].start
                ]
                if partner_since:
                    facts_since = {"misled_partner_called": "yes"}
                elif any(ref.seat is speaker.partner for ref, _ in story.not_called):
                    facts_since = {"misled_partner_called": "no"}
                else:
                    facts_since = {}
                facts = {"explanation_situation": situation, **facts_since}
                return Found(kind, match.start(), facts)
            else:
                return Found(kind, match.start()) if kind else None
            return Found(kind, match.start(), {"explanation_situation": situation})
        facts = {"explanation_situation": situation}
        if situation in ("own_explanation", "partner_explanation"):
            facts.update(_stage(play))
        return Found("", match.start(), facts)
    return None


_AGREEMENT_OTHERWISE = lazy_pattern(
    r"\b(?:turns?|turned) out (?:that )?(?:they|we) (?:actually |really )?play"
    r" (?:it|that|them) as\b"
    r"|\b(?:they|we) (?:actually|really) play (?:it|that|them) as\b"
    r"|\bbut (?:their|our|the) (?:system |convention )?card (?:says|shows|has)\b(?! nothing\b)"
)
"""The pair's agreement told, after the explanation, as another than explained: the
explanation was wrong, whatever the hand ('no agreement', 'nothing on their card' are not)."""


def _stage(play: PlayStory) -> dict[str, str]:
    """The auction over, the speaker's side declaring or defending, when his role is told
    ('i'm now declarer in 3D'): where the board is for our side's wrong explanation."""
    if play.speaker_role is None:
        return {}
    return {"explanation_stage": "defending" if play.speaker_role == "defender" else "declaring"}


_NOT_OUR_AGREEMENT = lazy_pattern(
    r"\b(?:but|its not|it's not|it is not|actually|wrong|wrongly|differently|incorrectly|"
    r"for us|we play|(?:our|their|his|the) (?:system )?(?:card|agreement|system|notes)|"
    r"not what we|turns out|turned out|never discussed|no agreement|nothing on their"
    r"|card (?:says|shows|has|said|showed)|they (?:actually )?play (?:it|that) as)\b"
)


_SAID_RIGHT = r"\bwhich (?:is|was) (?:right|correct|accurate|our agreement)\b"
_EXPLANATION_SAID_RIGHT = lazy_pattern(_SAID_RIGHT)


def explanation_said_right(lowered: str, position: int) -> bool:
    """The words right after an explanation say it was the agreement ("i said 'minors'
    which is right"): it misinformed nobody, and what it told partner is the matter (16B)."""
    return _EXPLANATION_SAID_RIGHT.search(lowered, position, position + 40) is not None


_EXPLAINED_RIGHT = lazy_pattern(
    r"\b(?:correctly|rightly|accurately|properly|psych\w*|misbid|mis-bid|i forgot)\b"
    r"|\bi(?:'d| had) forgotten\b(?! to)|\bwhich it is\b"
    r"|" + _SAID_RIGHT
)
"""The explanation was right ('i said minors, which is right'): a psych or a misbid is another
matter (Law 40, 21B1(b)), and partner's use of a right one is information, not
misinformation (16B)."""


_TAKE_BACK_ASKED = lazy_pattern(
    r"\b(?:change|take back|retract|withdraw|swap)\s+(?:my|his|her|the)\s+(?:card|lead|play)\b"
)
_ALERT_DENIED = (
    "didn't",
    "did not",
    "failed",
    "forgot",
    "no alert",
    "wasn't",
    "was not",
    "unalerted",
    "never",
    "hadn't",
    "had not",
    "hasn't",
    "has not",
    "neglected",
)
"""How a missing alert starts ('didn't alert', 'wasn't alerted', 'never alerted')."""
_ALERT_WORDS = ("alert", "not alerted", *_ALERT_DENIED)
_MISSING_ALERT = ("not", *_ALERT_DENIED)


def _conventional_not_alerted(lowered: str, match: re.Match[str], words: Patterns) -> bool:
    """A missing alert ('didn't alert', 'wasn't alerted') of a call the story names as
    conventional ('their 2H transfer', 'which is a transfer for us', 'turns out it's
    artificial on their card'): an explanation the regulations required was not given."""
    if not match.group(0).startswith(_MISSING_ALERT):
        return False
    floor = lowered.rfind(".", 0, match.start()) + 1
    if _ALERTED_PRONOUN.match(lowered, match.end()) and floor > 0:
        floor = lowered.rfind(".", 0, floor - 1) + 1  # 'didn't alert it': the call told before
    end = _sentence_end(lowered, _sentence_end(lowered, match.end()) + 1)
    return bool(words["conventional"].search(lowered, floor, end))


_ALERTED_PRONOUN = lazy_pattern(r"\s+(?:it|that|this)\b")
"""'didn't alert it': the call, and what it is, told in the sentence before."""


_THEN_BEFORE = lazy_pattern(r"\b(?:then|after that|afterwards|next)\b")
"""'..., then rho passed': a call told as coming after the explanation, not the call explained."""


_PARTNER_NOW_KNOWS = lazy_pattern(
    r"\b(?:i|she|he|pd|partner) (?:now )?(?:knows?|knew)\b|\bknowing\b|\bnow knows\b"
    r"|\bmy turn\b|\b(?:his|her|pd's|partner's) turn\b|\ballowed to\b"
    r"|\bmay (?:i|he|she) (?:bid|pass|double)\b|\bcan (?:i|he|she) (?:still )?(?:bid|pass|double)\b"
    r"|\bwhat (?:can|may) (?:i|he|she) (?:bid|do)\b"
    r"|\bmisunderstood\b|\bwasn't expecting\b|\bwoke\b|\bwake\w* (?:him|her|me) up\b"
)
"""The story is about what the alert (or its absence) told the alerting player's partner, who
must now act: information from partner (16B, 73C), not the opponents' misinformation."""


def _unalerted_for_opponents(
    lowered: str, story: Story, match: re.Match[str], words: Patterns, bidder: Seat
) -> bool:
    """Our side did not alert a call it plays as conventional, and the story is the
    opponents' (they acted on it, or when to put it right is asked), not what the missing
    alert told the bidder: he has not called since, nor is his next action asked about."""
    if not _conventional_not_alerted(lowered, match, words):
        return False
    if _PARTNER_NOW_KNOWS.search(lowered):
        return False
    return not any(
        e.seat is bidder and e.role == "made" and e.start > match.end() + 20  # not the call
        for e in story.timeline  # alerted itself ('didn't alert my 2NT')
    )


def _opponent_called_unalerted(
    lowered: str, story: Story, match: re.Match[str], words: Patterns
) -> bool:
    """A player placed at the table did not alert a conventional call, and one of his
    opponents called after it: that opponent called without the explanation due (21B)."""
    if not _conventional_not_alerted(lowered, match, words):
        return False
    alerter = _explainer_seat(lowered, story, match.start())
    if alerter is None:
        return False
    return any(
        e.role == "made" and e.start > match.end() and e.seat in (alerter.lho, alerter.rho)
        for e in story.timeline
    )


def _differs(lowered: str, match: re.Match[str], *, whole: bool = False) -> bool:
    """An explanation (not an alert) the story says was not the agreement, and not one that
    was right with a psych or a misbid behind it. ``whole``: the agreement may be told before
    the explanation ('my 2C, which for us is puppet, pd explained as ...')."""
    if match.group(0).startswith(_ALERT_WORDS) and not _ALERTED_AS.match(lowered, match.end()):
        return False  # an alert alone says no meaning; 'alerted it as a transfer' does
    if match.group(0).startswith(("misexplained", "mis-explained")):
        return not _EXPLAINED_RIGHT.search(lowered)  # 'i misexplained pd's 2S': wrong, told so
    rest = lowered if whole else lowered[match.end() : clause_end(lowered, match.end()) + 150]
    if _agreement_contradicts(lowered, match, rest):
        return True  # 'said transfer ... "sorry, we play that natural, i forgot"'
    told = (
        m
        for m in _NOT_OUR_AGREEMENT.finditer(rest)
        if not (_ONLY_CONTRASTED.match(m.group(0)) and _HAND_TOLD.match(rest, m.end()))
    )  # 'but he turned out to have 4 points' tells the hand, not the agreement (21B1(b))
    return next(told, None) is not None and not _EXPLAINED_RIGHT.search(lowered)


_KIND_OF_MEANING = {
    "natural": "natural",
    "weak": "weak",
    "strong": "strong",
    "takeout": "takeout",
    "take-out": "takeout",
    "penalty": "penalty",
    "penalties": "penalty",
    **dict.fromkeys(
        (
            "artificial",
            "transfer",
            "stayman",
            "multi",
            "puppet",
            "relay",
            "michaels",
            "drury",
            "splinter",
            "lebensohl",
            "blackwood",
            "gerber",
            "keycard",
            "rkcb",
        ),
        "artificial",
    ),
}
_OPPOSED_MEANINGS = frozenset(
    (
        frozenset(("natural", "artificial")),
        frozenset(("weak", "strong")),
        frozenset(("takeout", "penalty")),
    )
)
"""Meanings that cannot both describe one call: an explanation of one and an agreement told as
the other is a wrong explanation, whoever is said to have forgotten what."""
_MEANING_WORD = lazy_pattern(r"\b(?:" + "|".join(_KIND_OF_MEANING) + r")\b")
_AGREEMENT_TOLD_AS = lazy_pattern(
    r"\b(?:we|they) (?:actually |really |always |normally )?play (?:it|that|this|them)"
    r"(?: as)? (?:an? )?(?=\w)"
    r"|\b(?:their|our|the) (?:system |convention )?card (?:says|shows|said|showed) "
    r"(?:(?:it'?s|its|it is|it was) )?(?:an? )?(?=\w)"
)
"""Where a pair's agreement about the call is told ('we play that natural', 'their card says
weak'): the meaning word follows."""


def _agreement_contradicts(lowered: str, match: re.Match[str], rest: str) -> bool:
    """The explanation gives one meaning ('said transfer') and the pair's agreement is then
    told as the opposite one ('we play that natural'): the explanation was not the agreement
    (Law 75C), even when someone adds 'i forgot' - the explainer forgot his own system."""
    said = _MEANING_WORD.search(lowered, match.start(), match.end() + 25)
    if said is None:
        return False
    for told in _AGREEMENT_TOLD_AS.finditer(rest):
        agreed = _MEANING_WORD.match(rest, told.end())
        if agreed is None:
            continue
        pair = frozenset((_KIND_OF_MEANING[said.group(0)], _KIND_OF_MEANING[agreed.group(0)]))
        if pair in _OPPOSED_MEANINGS:
            return True
    return False


_ONLY_CONTRASTED = lazy_pattern(r"^(?:but|actually|turns out|turned out)$")
"""Words that only say something else came out, not what: the agreement or the hand."""
_HAND_TOLD = lazy_pattern(
    r"(?!,?\s*(?:that\s+)?(?:it|this|that|the call|the bid)\s+(?:was|is|'s|means|meant|shows)\b)"
    r"(?:[^.;!?,]{0,40}?\b(?:had|has|held|holds|have|hold|turned up with|turns up with"
    r"|showed up with|shows up with|came down with|comes down with)\b"
    r"|[^.;!?,]{0,30}?\b(?:(?:his|her|the|their|dummy's|rho's|lho's) (?:hand|cards)|hcp|points"
    r"|count)\b)"
)
"""What follows tells the cards held ('but LHO turned out to have 3 spades', 'actually she
had 6 points'): the hand unlike the explanation, which may be a psych or a misbid."""


_ALERTED_AS = lazy_pattern(
    r"\s+(?:(?:it|that|this|the|my|his|her|their|our|pd's|partner's)\s+)?"
    r"(?:[\w♣♦♥♠']+\s+){0,2}?as\s+(?:an?\s+|the\s+)?(?!if\b|though\b|well\b|usual\b)\w"
)
"""'alerted my 4NT as keycard': an alert that gave the call a meaning, an explanation."""
_MEANING = lazy_pattern(
    r"\b(?:weak|strong|natural|forcing|artificial|transfer|stayman|blackwood|gerber|takeout|"
    r"take-out|penalty|penalties|invit\w*|minors|majors|splinter|cue ?bid|pre-?emptive|multi|"
    r"puppet|relay|explanation|explained|answer|answered|alert\w*|(?:four|five|4|5)[- ]card|"
    r"two suits|\d{1,2}\s*(?:-|–|to)\s*\d{1,2}|(?:twelve|thirteen|fourteen|fifteen|sixteen) "
    r"to \w+)\b"
)
"""What an explanation says (a meaning, a range, a suit length) or the word for it."""


_HEARD_WHAT = lazy_pattern(
    r"\s*['\"]|\s+(?:[\w']+\s+){0,2}?(?:explanation|answer)\b"
    r"|\s+(?:four|five|twelve|thirteen|fourteen|fifteen|sixteen|weak|strong|natural|forcing|"
    r"penalty|takeout|transfer|stayman|minors|majors)\b"
)
"""After 'i heard': what he heard the explanation as (quoted, or its meaning)."""


def _misheard(lowered: str, words: Patterns) -> Found | None:
    """'i misheard their explanation', 'she said five-card and I heard four': a player took
    an explanation otherwise than it was given. Never words heard from another table."""
    if words["other_table"].search(lowered) or _NUMBERED_TABLE.search(lowered):
        return None
    for match in words["misheard"].finditer(lowered):
        if match.group(0).endswith(" heard") and not _HEARD_WHAT.match(lowered, match.end()):
            continue  # 'i heard from rho that they play it as strong': told, not misheard
        sentence = lowered[
            clause_start(lowered, match.start()) : _sentence_end(lowered, match.end())
        ]
        if _MEANING.search(sentence):
            facts = {"explanation_situation": "own_misunderstanding"}
            return Found(EXPLANATION_MISHEARD, match.start(), facts)
    return None


def _hand_unlike_explanation(
    lowered: str, story: Story, words: Patterns, said: list[re.Match[str]]
) -> Found | None:
    """With no speaker at the table ('W explained E's 2H as weak, E actually had 16'): an
    explanation of a call, then the hand told otherwise."""
    explained = [*_outside_quotes(words["explained"], lowered), *said]
    for match in sorted(explained, key=_start):
        if words["hand_differed"].search(lowered, match.end()):
            return Found(HAND_MISMATCH, match.start(), {"explanation_situation": "hand_mismatch"})
    return None


_WHOSE_TURN_TOLD = lazy_pattern(
    r"\s+(?:that\s+)?(?:it was|it's|it is|its)\s+(?:my|your|his|her|our|their)\s+(?:opening\s+)?"
    r"(?:lead|turn)\b"
)


_NOBODY_BEFORE = lazy_pattern(r"\b(?:nobody|no one|no-one|they|opps|opponents)\s+$")


def _misled_by_missing_alert(lowered: str, story: Story, match: re.Match[str]) -> Found | None:
    """'nobody alerted so I took it as natural and passed': no alert from the opponents, and
    the speaker called on it - misinformation (Law 21B)."""
    speaker = story.speaker
    if speaker is None:
        return None
    called = [
        e
        for e in story.timeline
        if e.seat is speaker
        and e.role == "made"
        and e.start > match.end()
        and not _WOULD_HAVE.search(lowered, max(0, e.start - 16), e.start)
    ]
    if not called and not _called_over_unalerted(lowered, story, match, speaker):
        return None
    return Found(
        EXPLANATION_DIFFERS, match.start(), {"explanation_situation": "call_on_misinformation"}
    )


def _called_over_unalerted(lowered: str, story: Story, match: re.Match[str], speaker: Seat) -> bool:
    """'i then bid 2h. rho's double wasn't alerted': the call left unalerted is named in the
    clause, it is an opponent's, and the auction shows the speaker calling after it, even
    when the story tells his call first."""
    start, end = clause_start(lowered, match.start()), clause_end(lowered, match.end())
    named = [e for e in story.events if start <= e.start < end and e.call is not None]
    if not named:
        return False
    near = min(named, key=lambda e: abs(e.start - match.start()))
    made = next(
        (
            e
            for e in story.timeline
            if e.call == near.call
            and (e is near or near.role == "reference")
            and (near.seat is None or e.seat is near.seat)
        ),
        None,
    )
    if made is None or made.seat is None or made.seat in (speaker, speaker.partner):
        return False
    after = story.position(made)
    return any(
        e.seat is speaker and e.role == "made" and story.position(e) > after for e in story.timeline
    )


_CONTRACT_BEFORE = lazy_pattern(
    r"\b(?:defending|defended|declaring|declarer in|in|playing|played|made|making|down in)\s+$"
)
"""Words before a bid that name the contract ('E/W defending 3NT'), not a call made."""


_OUR_AGREEMENT_TOLD = lazy_pattern(
    r"\b(?:we (?:actually |really )?play (?:it|that|them)\b|our (?:system )?(?:card|agreement|"
    r"notes|system) (?:says|shows|is|has)\b|(?:it'?s|it is|which is) actually\b|actually,? "
    r"(?:it'?s|it is|we play|our)\b|by our (?:agreement|system|card)\b)"
)
"""After partner's explanation of the teller's call, the teller states their real agreement
('actually it's multi', 'we play it as natural'): the explanation, not the call, was wrong.
Words of a misbid, psych or no agreement anywhere leave it asked (``_EXPLAINED_RIGHT``)."""


_CALL_WAS_WRONG = lazy_pattern(
    r"\b(?:forgot|forgotten|forgetting|misbid|mis-bid|misclicked|psych\w*|bluff\w*|perfectly|"
    r"correctly|rightly|accurately|properly|right|meant it as|on purpose|deliberate\w*)\b"
)
"""Words that the call, not the explanation, may have been wrong: the caller's view is asked."""


def _agreement_told(lowered: str, match: re.Match[str]) -> bool:
    """After an explanation, the teller states the pair's real agreement and nothing says the
    call itself was the mistake: the explanation was wrong."""
    return bool(_OUR_AGREEMENT_TOLD.search(lowered, match.end())) and not _CALL_WAS_WRONG.search(
        lowered
    )


def _explained_next(lowered: str, told: list[re.Match[str]], at: int) -> bool:
    """An alert told, then in the same sentence the explanation given with it ('alerted my
    2D and told them it showed hearts'): the explanation, not the alert, is what may differ."""
    if not told[at].group(0).startswith(_ALERT_WORDS) or at + 1 >= len(told):
        return False
    following = told[at + 1]
    return following.start() < clause_end(lowered, told[at].end()) + 40 and not following.group(
        0
    ).startswith(_ALERT_WORDS)


def _acted_on_by_seat(
    lowered: str,
    story: Story,
    told: re.Match[str],
    cards_played: Sequence[tuple[int, Seat | None]],
) -> dict[str, str]:
    """Told by seats ('W asked about S's 3C, N said natural. W led a club'): the explainer
    placed, the one opponent of his who then called (or played, not both) acted on the
    explanation (Laws 21B, 47E2); whether that player's partner has called since, when told."""
    explainer = _explainer_seat(lowered, story, told.start())
    if explainer is None:
        return {}
    side = (explainer, explainer.partner)
    called = [
        e
        for e in story.timeline
        if e.seat is not None
        and e.seat not in side
        and e.role == "made"
        and e.start > told.end()
        and not _WOULD_HAVE.search(lowered, max(0, e.start - 16), e.start)
        and not _CONTRACT_BEFORE.search(lowered, max(0, e.start - 16), e.start)
    ]
    played = [
        seat
        for at, seat in cards_played
        if at > told.end() and not _WOULD_HAVE.search(lowered, max(0, at - 16), at)
    ]
    if played and not called and all(seat is not None and seat not in side for seat in played):
        return {"explanation_situation": "play_on_misinformation"}
    if not called or played:
        return {}
    misled = called[0].seat
    assert misled is not None
    facts = {"explanation_situation": "call_on_misinformation"}
    if any(e.seat is misled.partner and e.start > called[0].start for e in called):
        facts["misled_partner_called"] = "yes"
    elif any(ref.seat is misled.partner for ref, _ in story.not_called):
        facts["misled_partner_called"] = "no"
    return facts


def _explainer_seat(lowered: str, story: Story, position: int) -> Seat | None:
    """The seat of the player named right before the explanation word, if placed."""
    subject = _SUBJECT.search(lowered, clause_start(lowered, position), position)
    if subject is None:
        return None
    at = subject.start("who")
    ref = next((r for r in story.players if r.start <= at < max(r.end, r.start + 1)), None)
    return ref.seat if ref is not None else None


def _explainer(lowered: str, story: Story, play: PlayStory, position: int) -> str | None:
    """'speaker', 'partner' or 'opponent': the player right before the explanation word
    ('pd explained', 'their explanation', 'my own alert', 'declarer described')."""
    speaker = story.speaker
    if speaker is None:
        return None
    called = next(
        (
            e
            for e in story.timeline
            if e.seat is not None
            and e.end <= position
            and _CALL_THEN_ALERTED.fullmatch(lowered, e.end, position)
        ),
        None,
    )
    if called is not None and lowered.startswith("alerted", position):
        # 'lho opened 1c alerted as "could be short"': the call alerted, so its maker's
        # partner alerted it
        alerter = called.seat.partner  # type: ignore[union-attr]
        if alerter is speaker:
            return "speaker"
        return "partner" if alerter is speaker.partner else "opponent"
    floor = clause_start(lowered, position)
    subject = _SUBJECT.search(lowered, floor, position)
    if subject is None:
        return None
    who = subject.group("who")
    if _OPPONENT_WORDS.match(who):
        return "opponent"
    if _OWN_WORDS.match(who):
        return "speaker"
    if who == "declarer":  # named in the third person: not the speaker himself
        return None if play.speaker_role in ("declarer", "dummy") else "opponent"
    at = subject.start("who")
    ref = next((r for r in story.players if r.start <= at < max(r.end, r.start + 1)), None)
    if ref is None and (
        _NOT_A_SUBJECT.match(who)
        or (_JOINING.match(who) and _NO_ALERT_AT.match(lowered, position) is not None)
    ):
        # 'i forgot and didn't alert', 'pd never alerted': the player named before the verb
        named = [r for r in story.players if floor <= r.start < at and r.kind != "pronoun"]
        ref = named[-1] if named else None
    if (ref is None or ref.seat is None) and _MY_CALL_EXPLAINED.match(lowered, position):
        return "partner"  # 'Ken didn't alert my 2C': only the caller's partner explains it
    if ref is None or ref.seat is None:
        return None
    if ref.seat is speaker:
        return "speaker"
    if ref.seat is speaker.partner:
        return "partner"
    return "opponent"


_CALL_THEN_ALERTED = lazy_pattern(r"\s*,?\s*(?:which\s+was\s+|was\s+|got\s+)?")
"""Between a call and 'alerted': the call was the one alerted ('1C alerted', '1C, alerted')."""
_NOT_A_SUBJECT = lazy_pattern(r"^(?:didn't|didnt|did|not|never|forgot|to|failed|also|just)$")
"""Words before 'alert' that name nobody: the player is named earlier in the clause."""
_JOINING = lazy_pattern(r"^(?:and|then|but|so)$")
_NO_ALERT_AT = lazy_pattern(r"(?:didn't|didnt|did not|never|forgot to|failed to) alert")
"""'i forgot and didn't alert it': a missing alert joined to its player's earlier verb (an
explanation joined so, 'pd alerted and told them ...', is the alert's, read with it)."""
_MY_CALL_EXPLAINED = lazy_pattern(
    r"[a-z' ]{0,30}?\bmy (?:own )?(?:[1-7]|one|two|three|four|five|six|seven)"
    r"\s*(?:c|d|h|s|nt|n|♣|♦|♥|♠|clubs?|diamonds?|hearts?|spades?|no ?trumps?)(?!\w)"
)
"""The call explained is the teller's own ('alerted my 2D', "didn't alert my 2C")."""


# -- whose side gave unauthorised information, and where things stand ------------------------

MY_PARTNER_WORDS = ("pd", "pard", "pf", "my pd", "my partner")
"""Words only the partner of the one telling uses: 'opps say pd hesitated' is told by his
partner, even with no 'I' in it ('partner' alone may be anyone's)."""

_THIRD_PERSON_SIDE = lazy_pattern(r"^(?:opps|opponents|the opps|the opponents|they|them)$")
_SPEAKER_REACTED = lazy_pattern(
    r"\bi (?:thought|took|finessed|believed|assumed|played|misguessed|was fooled)\b"
    r"|\b(?:misled|fooled|deceived) me\b"
)
_OWN_ACT_AFTER = lazy_pattern(
    r"[^.;!?]{0,40}?\b(?:before (?:playing|ducking|following|winning)|then (?:ducked|played|"
    r"followed|won|took))\b"
)
_OWN_ACTION_ASKED = lazy_pattern(
    r"\b(?:can|may|could|should|must) i (?:still )?(?!get\b|have\b)\w+"
    r"|\bam i (?:allowed|permitted)\b|\bwhat (?:do|should|can|must) i do\b"
    r"|\bdo i have to (?!call\b|tell\b|say\b)\w+|\bwhat (?:do|should|can|must) i (?:bid|call)\b"
    r"|\bwhat (?:am i|is (?:he|she)) (?:supposed|allowed|meant) to (?:bid|do|call)\b"
    r"|\b(?:can|may) i\s*\?"
    r"|\bif i (?P<now>(?:pull|bid|double|pass|lead|play|raise)\b[^.;!?]{0,20}\bnow)\b"
    r"|\b(?P<still>i (?:still )?(?:have|need) to (?:decide|choose)|i'm still to (?:bid|call)"
    r"|(?:i'm|i am|im) (?:about|next|now|still) to (?:play|call|bid|lead|act)"
    r"|(?:it's|it is|its) my (?:turn|call|play|bid) (?:now|next))\b"
)
_MY_TURN_NOW = lazy_pattern(
    r"\b(?:it'?s|its|it is) (?:now )?my (?:turn|bid|go|call)\b"
    r"|\bmy (?:turn|go|bid) (?:now|again|next)\b"
    r"|\bi'?m (?:next )?to (?:bid|call)\b|\bi am (?:next )?to (?:bid|call)\b"
    r"|\b(?:round|back) to me\b|\bcomes? (?:again |back |round )?to me\b"
    r"|\bi (?:still |now )?(?:have|need) to (?:bid|call|decide|choose|pick)\b|\bi'?m about to\b"
)
"""The teller's call still to come: 'now it's my turn', 'it comes back to me', 'i'm to bid'."""
_TOLD_AFTER = lazy_pattern(
    r"\s+(?:straight |right |just |only )?after (?:(?:my )?(?:pd|partner|pard|pf)(?:'s)?|his|her)"
    r"(?:\s+(?:long|slow|very|really|obvious|big|huge))*\s*"
)
"""'i bid 5H after pd's slow pass': the teller's call told first, made after partner's act."""
_I_ACTED = lazy_pattern(
    r"(?<!when )(?<!after )(?<!once )(?<!as )(?<!can )(?<!may )(?<!could )(?<!should )"
    r"(?<!must )\b(?:i|me) (?:then |later |still |anyway |just )?"
    r"(?:bid|raised|doubled|redoubled|pulled|took it out|signed off|led|competed|went on"
    r"|balanced|passed)\b"
)
"""The teller's own call or lead after it ('i then bid 4S', 'made me bid 4H'), not the one it
followed ('when i bid 3NT')."""
_QUOTED_AFTER = lazy_pattern(r"\s*(?:\w+\s+){0,2}?['\"]")
_UI_KINDS = {"hesitate": "hesitation", "manner": "manner", "alert": "alert", "remark": "remark"}
_DENIED = lazy_pattern(
    r"\bwe (?:say|think|said) (?:he|she) (?:didn't|did not|wasn't)\b|\bi (?:don't|do not) think "
    r"(?:he|she) did\b|\b(?:we|i) (?:dispute|deny|disagree)\b|\bthere was no (?:hesitation|pause)\b"
    r"|\b(?:we|i) (?:both |all )?(?:say|said|insist|insisted|swear|maintain) (?:that )?(?:he|she|pd"
    r"|partner|my partner) (?:didn't|did not|wasn't|was not|bid in tempo)\b"
    r"|\bwe (?:both |all )?(?:say|said|insist|think) (?:it|the pause|the tempo) was (?:a )?"
    r"(?:normal|quick|fast|in tempo)\b|\bbut (?:he|she) (?:didn't|did not|wasn't)\b"
    r"|\b(?:pd|partner|my partner|my pd|pard) (?:says|said|insists|insisted|swears) (?:that )?"
    r"(?:he|she) (?:didn't|did not|wasn't|never)\b"
    r"|(?:^|[.;!?] )(?:he|she) (?:didn't|did not|wasn't)\b(?! \w+ (?:till|until)\b)"
    r"|\b(?:there|there's) (?:wasn't|was not|was no|was never) (?:any |a )?(?:pause|hesitation"
    r"|break in tempo|delay)\b"
)
_AGREED = lazy_pattern(
    r"\b(?:they|everyone|everybody|we all|both sides) (?:don't|do not|dont) dispute\b"
    r"|\b(?:everyone|everybody|all|both sides|we all) agrees?\b|\bthey agree\b"
)
_DISPUTED_BY_THEM = lazy_pattern(
    r"\b(?:he|she) (?:says|said|claims|claimed) (?:he|she) (?:didn't|did not|wasn't)\b"
    r"|\bthey (?:dispute|deny|disagree)\b"
)


_CONSIDERED_BEFORE = lazy_pattern(
    r"\b(?:would|could|should|might|'d)\s+(?:\w+\s+){0,3}$"
    r"|\b(?:wondering about|thinking (?:of|about)|considering|tempted by)\s+(?:\w+\s+){0,2}$"
)
"""'would normally bid 4S', 'wondering about 4H': a call thought of, not one made."""


def _only_considered(lowered: str, start: int) -> bool:
    """A call only thought of ('would normally bid 4S', 'wondering about 4H'): not one he has
    made since. A call named in his question ('can I still bid 3S?') may be one he made, so
    it still counts."""
    return bool(_CONSIDERED_BEFORE.search(lowered, max(0, start - 40), start))


def unauthorised_information_facts(
    lowered: str,
    story: Story,
    play: PlayStory,
    acts: list[tuple[str, int, int, Seat | None, str, bool]],
    known: Mapping[str, str],
    played: Sequence[tuple[int, Seat | None]] = (),
) -> dict[str, str]:
    """For a hesitation, remark or mannerism told: whose side gave it (ours, theirs, or an
    opponent's own tempo that misled the speaker), where things stand when it is ours, and
    whether it is disputed. ``acts``: (act, start, end, actor seat, actor words, alleged);
    ``known``: what the reader already proved (never overridden); ``played``: the leads and
    plays told (where, by whom): the teller's own after it is acting on it, as a call is."""
    speaker = story.speaker
    if speaker is None or story.frame not in ("speaker", "anchored") or not acts:
        return {}
    act, begins, end, seat, words, alleged = acts[0]
    side: str | None = None
    if seat is not None:
        side = "ours" if seat in (speaker, speaker.partner) else "theirs"
    elif _THIRD_PERSON_SIDE.match(words):
        side = "theirs"
    elif words in ("declarer", "defender") and play.speaker_role not in (words, None):
        side = "theirs"  # named in the third person by a player in another role
    elif words in ("declarer", "defender") and play.speaker_role is None:
        side = "theirs" if _SPEAKER_REACTED.search(lowered, end) else None
    facts: dict[str, str] = {}
    if side == "ours" and not story.first_person and known.get("ui_viewpoint") != "our_side":
        side = None  # 'partner thought for a while': nobody said whose partner ('pd' says)
    if side == "ours":
        facts["ui_viewpoint"] = "our_side"
        if alleged and _DENIED.search(lowered):
            facts["ui_stage"] = "disputed"
        else:
            asked = _OWN_ACTION_ASKED.search(lowered, end)
            acted = any(
                e.seat is speaker
                and e.role == "made"
                and e.start > end
                and not _only_considered(lowered, e.start)
                and not lowered.endswith("my ", 0, e.start)  # 'passing my 1NT': named, not made
                for e in story.timeline
            ) or any(
                e.seat is speaker
                and e.role == "made"
                and e.end <= begins
                and _TOLD_AFTER.fullmatch(lowered, e.end, begins) is not None
                for e in story.timeline
            )  # a call he names after it may be one he made: then where he stands is asked
            # ('i bid 5H after pd's slow pass': told first, made after it)
            acted = acted or any(at > end and seat is speaker for at, seat in played)
            if asked is not None and (asked.group("now") or asked.group("still") or not acted):
                facts["ui_stage"] = "to_act"  # the speaker asks what he may still do
            elif _MY_TURN_NOW.search(lowered, end) and not _I_ACTED.search(lowered, end):
                facts["ui_stage"] = "to_act"  # 'now it's my turn': his call is still to come
            elif (acted or _I_ACTED.search(lowered, end)) and _THEY_CALL_DIRECTOR.search(lowered):
                facts["ui_stage"] = "called"  # he acted after it, and they call the director
    elif side == "theirs":
        misled = _OWN_ACT_AFTER.match(lowered, end) and _SPEAKER_REACTED.search(lowered, end)
        facts["ui_viewpoint"] = "misled" if misled else "opponents"
    if act != "remark" or _QUOTED_AFTER.match(lowered, end):
        facts["ui_kind"] = _UI_KINDS[act]  # a remark only with its words quoted
    if _AGREED.search(lowered):
        facts["ui_agreed"] = "yes"
    elif _DISPUTED_BY_THEM.search(lowered) or (
        side == "ours" and alleged and _DENIED.search(lowered)
    ):
        facts["ui_agreed"] = "no"
    return {k: v for k, v in facts.items() if k not in known}


_THEY_CALL_DIRECTOR = lazy_pattern(
    r"\b(?:opps|opponents|they|e/w|n/s|ew|ns|lho|rho)\b(?: are| have| had|'re|'ve)?"
    r"(?: now| then)? (?:call|calling|called|summoned|will call|'ll call|say they'll call"
    r"|said they'll call|said they'd call|said they would call) (?:the |for the )?(?:td|director)\b"
    r"|\b(?:opps|opponents|they|e/w|n/s|ew|ns|lho|rho)\b(?: are| have| had|'re|'ve)?(?: now| then)?"
    r" (?:want|wants|wanted|asked for|asking for|requested|called for|are after|demanded)"
    r" (?:a ruling|an adjustment|an adjusted score|the (?:td|director)|a (?:td|director))\b"
)
"""The other side calling the director over what followed, or asking for his ruling ('opps want
a ruling'): the matter is now his."""


# -- a call unlike the hand, on purpose ----------------------------------------------------------

_CALL_WORDS = lazy_pattern(
    rf"\b(?:bid|bids|open|opened|opens|overcall\w*|responded|cue ?bid|double|doubled|redoubled|"
    rf"transferred|rebid|raised|pre-?empted)\b"
    rf"|{BID_PATTERN}",
    re.IGNORECASE,
)


_ARTIFICIAL_CALL = lazy_pattern(
    r"\b(?:cue[- ]?bid\w*|transfer(?:red)?|stayman|blackwood|relay|ace[- ]asking|splinter|"
    r"artificial|puppet)\b"
    r"|\bstrong (?:2 ?c|2 ?♣|two clubs?)(?![\w♣♦♥♠])"
    r"|(?<![\w♣♦♥♠])(?:2 ?c|2 ?♣|two clubs?),? \(?strong\b"
    r"|\b(?:ask(?:s|ing)? for|for) (?:a |the )?majors?\b"
)
"""The call psyched named by its convention, or a strong 2C or a call asking for the majors:
an artificial call (Law 40B2(a)(v))."""


def _artificial(lowered: str, told: re.Match[str]) -> dict[str, str]:
    """The psyched call is artificial when its convention is named in the sentence that tells
    the psych ('a fake cue bid', 'psychic Stayman', 'transferred ... as a bluff'); natural
    when it is an opening or overcall whose meaning is its suit (see ``_natural_psych``)."""
    sentence = lowered[clause_start(lowered, told.start()) : clause_end(lowered, told.end())]
    if _ARTIFICIAL_CALL.search(sentence):
        return {"psych_artificial": "yes"}
    return {"psych_artificial": "no"} if _natural_psych(lowered, sentence) else {}


_PSYCHED_BID = lazy_pattern(
    r"\b(?P<verb>opened|opens|opening|psyched|overcalled)"
    rf" (?:an? |with an? |the )?(?P<weak>weak )?{BID_PATTERN}"
    r"(?: (?:opener|opening|overcall))?(?![\w♣♦♥♠])"
)
_CONVENTION_TOLD = lazy_pattern(
    r"\b(?:strong|multi|artificial|conventional|convention|forcing|relay|precision|polish|"
    r"asking|shows?|showing|showed|promis\w*|our \w+ (?:bid|opening)|their \w+ (?:bid|opening)|"
    r"system|agreement)\b|\(|\bfake\b"
)
"""Words that may give a call a meaning other than its suit: then the call's type is asked."""


_OVER_A_CALL = lazy_pattern(r"\bover (?:it|that|this|my|his|her|their|the|[1-7])\b|\bcalled over\b")


def _called_over_a_slip(
    lowered: str, deliberate: re.Match[str], story: Story | None, slip: re.Pattern[str] | None
) -> bool:
    """'on purpose' said of a call made over another, in a story that told before it a call
    made by a slip or meant as another call: the next player's choice to call over it."""
    low = clause_start(lowered, deliberate.start())
    high = clause_end(lowered, deliberate.end())
    if not _OVER_A_CALL.search(lowered, low, high):
        return False
    slipped = slip is not None and slip.search(lowered, 0, deliberate.start()) is not None
    meant = story is not None and any(
        e.start < deliberate.start() for e in story.made_with_wanted()
    )
    return slipped or meant


def _natural_psych(lowered: str, sentence: str) -> bool:
    """The one bid the psych's sentence names as opened or overcalled is natural by its
    nature: one of a major or 1NT, a weak two in a major, a suit opened at the three level
    or higher (a pre-empt). Any word of a convention or agreement anywhere leaves it open."""
    if _ARTIFICIAL_CALL.search(lowered) or _CONVENTION_TOLD.search(lowered):
        return False
    found = list(_PSYCHED_BID.finditer(sentence)) or list(_PSYCHED_BID.finditer(lowered))
    if len(found) != 1:
        return False  # the one bid opened or overcalled: in the psych's sentence, or the story
    told = found[0]
    try:
        bid = bid_from_match(told)
    except ValueError:
        return False
    major = bid.denomination in (Denomination.HEARTS, Denomination.SPADES)
    if bid.level == 1:
        return major or bid.denomination is Denomination.NOTRUMP
    if bid.level == 2:
        return major and bool(told.group("weak"))
    return bid.denomination is not Denomination.NOTRUMP and told.group("verb").startswith("open")


def _psych(
    lowered: str,
    words: Patterns,
    story: Story | None = None,
    slip: re.Pattern[str] | None = None,
    tempo_told: bool = False,
) -> Found | None:
    """A psych: told as one ('psyched'), a call made on purpose unlike the hand ('opened 1H
    on 2 points on purpose'), or a call unlike the hand with partner acting as if he knew.
    Not a call made on purpose over a call told before as a slip or a call meant as another
    ('pulled the wrong card ... lho called over it on purpose'): that tells the next player
    chose to call over it (Law 25A), not a call unlike his hand."""
    deliberate = next(
        (
            m
            for m in _outside_quotes(words["deliberate"], lowered)
            if m.group(0).startswith("psych")
            or (
                _CALL_WORDS.search(
                    lowered, clause_start(lowered, m.start()), clause_end(lowered, m.end())
                )
                and not _called_over_a_slip(lowered, m, story, slip)
            )
        ),
        None,
    )
    if deliberate is not None and not _NOT_SEEN.search(
        lowered, max(0, deliberate.start() - 16), deliberate.start()
    ):
        return Found(CALL_UNLIKE_HAND, deliberate.start(), _artificial(lowered, deliberate))
    unlike = words["hand_unlike"].search(lowered)
    knew = words["partner_knew"].search(lowered) or _player_knew(lowered, story)
    if unlike is not None and _CALL_WORDS.search(lowered, 0, unlike.start()):
        if knew is not None:
            return Found(CALL_UNLIKE_HAND, unlike.start(), _artificial(lowered, unlike))
        owned = next(
            (
                m
                for m in _outside_quotes(words["deliberate"], lowered)
                if m.start() > unlike.start()
                and _OWNED_UP.search(lowered, clause_start(lowered, m.start()), m.start())
                and not _called_over_a_slip(lowered, m, story, slip)
                and not _NOT_SEEN.search(lowered, max(0, m.start() - 16), m.start())
            ),
            None,
        )  # 'bid 2C with no major and a 2-count. he admitted he did it on purpose'
        if owned is not None:
            return Found(CALL_UNLIKE_HAND, unlike.start(), _artificial(lowered, unlike))
    shown = unlike
    if shown is None:
        differed = words["hand_differed"].search(lowered)
        little = differed and _LITTLE_HELD.search(lowered, differed.end(), differed.end() + 30)
        if differed is not None and little:
            shown = differed  # 'came down with 3 small clubs', 'turned up with 6 points'
    if (
        shown is not None
        and not tempo_told  # a pause or manner told: what it told partner comes first (16B)
        and _CALL_WORDS.search(lowered, 0, shown.start())
        and _CALL_ITSELF_ASKED.search(lowered, shown.end())
        and not _explanation_told(lowered, words)
    ):
        # 'dummy had cue bid 4C ... comes down with 3 small clubs. can he bid like that?':
        # the hand shown after the call, no explanation or alert told, the call itself asked
        # about - whether a call unlike the hand is allowed is Law 40's matter (a psych, or
        # an agreement not disclosed), not misinformation (75C needs an explanation)
        return Found(CALL_UNLIKE_HAND, shown.start(), _artificial(lowered, shown))
    return None


_LITTLE_HELD = lazy_pattern(
    r"\b(?:small|no|nothing|void|singleton|stiff|xxx|xx|only|just|little|rubbish|a yarborough)\b"
    r"|\b\d{1,2}\s*(?:pts|points|hcp|count)\b"
)
"""Right after the hand told: what it held was little ('3 small clubs', '6 points')."""
_CALL_ITSELF_ASKED = lazy_pattern(
    r"\b(?:can|could|may)\s+(?:he|she|they|you|one|a player|pd|partner|lho|rho|[nesw])\s+"
    r"(?:really\s+)?(?:bid|open|call|psych|do)\s+(?:like\s+)?(?:that|this|it)\b"
    r"|\b(?:is|was|are|were)\s+(?:he|she|they|you|one|a player|pd|partner|lho|rho|[nesw])\s+"
    r"allowed to\s+(?:bid|open|call|psych|do)\s+(?:like\s+)?(?:that|this|it)\b"
    r"|\b(?:is|was)\s+(?:that|this|it)\s+(?:allowed|legal|permitted)\b"
    r"|\bbe\s+penali[sz]ed\b"
)
"""The call itself asked about: whether a player may bid so ('can he bid like that', 'is
that allowed', 'should we be penalised')."""


def _explanation_told(lowered: str, words: Patterns) -> bool:
    """An explanation or an alert of a call is told (given, asked for or missing): the
    misinformation Laws' ground, whatever the hand."""
    return bool(
        _outside_quotes(words["explained"], lowered)
        or _SAID_CALL.search(lowered)
        or _SAID_MEANING.search(lowered)
        or _ALERT_TOLD.search(lowered)
    )


_ALERT_TOLD = lazy_pattern(r"\balert\w*|\bannounc\w*")


_OWNED_UP = lazy_pattern(
    r"\b(?:did it|done it|doing it|did that|done that|it was|that was|it's|admit\w*|said so"
    r"|owned up)\b"
)
"""Words naming the call told before as what was done on purpose ('he did it on purpose',
'admits it was deliberate')."""
_PLAYER_KNEW = lazy_pattern(r"\s+(?:knew|must have known|somehow knew|clearly knew)\b")


def _player_knew(lowered: str, story: Story | None) -> re.Match[str] | None:
    """A player named at the table, then 'knew' ('NS feel E knew'): partner's awareness told
    of a seat, not only of 'he' or 'she'."""
    if story is None:
        return None
    for ref in story.players:
        if ref.seat is None or ref.kind in ("speaker", "pronoun"):
            continue
        knew = _PLAYER_KNEW.match(lowered, ref.end)
        if knew is not None:
            return knew
    return None
