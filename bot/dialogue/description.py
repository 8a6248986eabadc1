"""One reading of a message: the story as the player told it, its events, and the
irregularities they prove.

A message is read once (:func:`describe`), into a :class:`Description` that routing, facts
and rendering share. The text is first put in a normal form (contractions, director
shorthand such as "Dlr N" or "T12", and misspelt bridge words corrected against a closed
list), so that "lho opend 1nt, my partnr bid 1 spde" reads as it was meant. The story
(:mod:`bot.dialogue.story`, :mod:`bot.dialogue.play_reader`) places the players and calls;
this module adds the *events* - who did what, at which trick, how - from the act words in
``knowledge/<edition>/vocabulary.yaml``, and derives from events and the story's state the
irregularities each proves. An irregularity is listed only when proven: a lead by a player
who was not on lead, a discard while the player held the suit led, a hesitation followed by
the partner's action. Nothing here names a topic: each topic says in its YAML which
irregularities it rules on (``rules_on:``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache as once
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from bot.core.calls import BID_PATTERN, Bid, Seat
from bot.core.play import Role, Table
from bot.dialogue.auction_reader import CARD_EXPOSED, read_auction_state
from bot.dialogue.auction_reader import FACTS as AUCTION_FACTS
from bot.dialogue.auction_reader import KINDS as AUCTION_KINDS
from bot.dialogue.incident import insufficient, read_incident
from bot.dialogue.information_reader import (
    CARD_SEEN,
    COMPARABLE_ASKED,
    LEAD_AFTER_WITHDRAWN,
    WITHDRAWN_INFORMATION,
    explains_a_call,
    read_information,
    unauthorised_information_facts,
)
from bot.dialogue.information_reader import FACTS as INFORMATION_FACTS
from bot.dialogue.information_reader import KINDS as INFORMATION_KINDS
from bot.dialogue.play_reader import (
    UNPROVEN_BEFORE,
    PlayStory,
    actor_role,
    actor_seat,
    clause_end,
    clause_start,
    read_play_story,
)
from bot.dialogue.story import CallEvent, Story, read_story
from bot.knowledge import cache

IRREGULARITIES = (
    "revoke",
    "revoke_corrected",
    "lead_out_of_turn",
    "claim",
    "concession",
    "hesitation_then_action",
    "remark_then_action",
    "partner_hesitated",
    "partner_remarked",
    "insufficient_bid",
    "call_out_of_rotation",
    "call_after_final_pass",
    "inadmissible_double",
    "changed_call",
    "simultaneous_calls",
    "wrong_cards_held",
    "misstated_double",
    "dummy_spoke",
    "played_before_partner",
    "defective_trick",
    "played_before_turn",
    "required_card_not_played",
    "simultaneous_plays",
    "two_cards_played",
    "played_after_irregular_lead",
    "trick_inspection",
    "tricks_disputed",
    "score_disputed",
    "score_recorded_wrong",
    "wrong_card_count",
    "card_taken_back",
    "card_named",
    "card_exposed",
    "penalty_card_held",
    "dummy_acted",
    "calls_in_rotation",
    *INFORMATION_KINDS,
    *AUCTION_KINDS,
)
"""What the reader can prove (or, for the last, prove did not happen): topics name these in
``rules_on:`` and ``excluded_by:``."""

STORY_FACTS: dict[str, tuple[str, ...]] = {
    "revoke_event": ("revoke",),
    "revoke_noticed": ("before_established", "in_play", "round_over"),
    "revoke_trick": ("earlier", "twelve", "thirteen"),
    "hands_returned": ("no",),
    "revoke_special": ("ordinary",),
    "revoke_trick_won": ("offender", "revoker_partner", "opponents"),
    "later_tricks": ("yes",),
    "revoke_offender_role": ("declarer", "dummy", "defender"),
    "lead_event": ("lead", "told_turn"),
    "lead_trick": ("opening", "later", "thirteen"),
    "lead_faced": ("faced", "face_down"),
    "dummy_seen": ("no",),
    "lead_offender_role": ("declarer", "defender"),
    "claim_kind": ("claim", "concession"),
    "claimer_role": ("declarer", "defender"),
    "conceded_trick": ("could_not_lose",),
    "concession_when": ("in_period",),
    "ui_kind": ("hesitation", "remark", "manner", "alert"),
    "ui_viewpoint": ("opponents", "our_side", "misled"),
    "ui_timing": ("after",),
    "premature_event": ("early_lead", "before_partner", "after_illegal", "not_complied"),
    "premature_after": ("before_relead",),
    "defective_kind": ("too_few", "too_many"),
    "defective_noticed": ("in_time", "later"),
    **INFORMATION_FACTS,
    **AUCTION_FACTS,
}
"""Facts the events prove and their values: a topic's ``derive:`` maps its questions to these."""

MIN_CORRECTED = 4
"""Shorter words are never corrected: too many real words lie one slip from a bridge word."""
CORRECTION_CUTOFF = 85.0


# -- the vocabulary (data) -------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """The words of ``vocabulary.yaml``, compiled once."""

    contractions: tuple[tuple[re.Pattern[str], str], ...]
    abbreviations: tuple[tuple[re.Pattern[str], str], ...]
    correct_to: tuple[str, ...]
    known: frozenset[str]
    acts: Mapping[str, re.Pattern[str]]
    holdings: Mapping[str, re.Pattern[str]]
    lead_claims: re.Pattern[str]
    timing: Mapping[str, re.Pattern[str]]
    phrases: Mapping[str, re.Pattern[str]]
    """wrong_leader, before_partner, defective, period_over: words that prove a state of the
    play."""
    told: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Irregularity kind -> the table's words that show it happened."""
    information: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Who received information and from where: cards seen, words overheard, records seen,
    a call taken back and a question about using it."""
    auction: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """The state the calls told leave the auction in (a player barred)."""


_SUIT = r"(?P<suit>spades?|hearts?|diamonds?|clubs?|[shdc♠♥♦♣])"
_SEAT_WORD = r"(?:north|east|south|west|[nesw]|lho|rho|pd|partner|i|declarer|dummy)"


def _phrase(words: str) -> str:
    out = re.escape(words.lower()).replace(r"\ \.\.\.\ ", r"\W+(?:\w+\W+){0,4}?")
    out = out.replace(r"\{suit\}", _SUIT).replace(r"\{seat\}", _SEAT_WORD)
    return rf"(?<!\w){out}(?!\w)"


def _any_of(phrases: list[str]) -> re.Pattern[str]:
    if not phrases:
        return re.compile(r"(?!)")  # no words: never matches (an empty pattern matches all)
    ordered = sorted(phrases, key=len, reverse=True)
    if not any("{suit}" in p for p in ordered):
        return re.compile("|".join(_phrase(p) for p in ordered))
    # one suit group per alternative is not allowed: each alternative gets its own name
    parts = [_phrase(p).replace("(?P<suit>", f"(?P<suit{i}>") for i, p in enumerate(ordered)]
    return re.compile("|".join(parts))


@once
def load_vocabulary(path: Path, knowledge_fingerprint: str = "") -> Vocabulary:
    """The vocabulary file of an edition, compiled once and kept in the knowledge cache (a
    command such as ``rulingbot ask`` starts without reading YAML)."""
    key = cache.fingerprint([path]) + knowledge_fingerprint
    name = f"vocabulary-{knowledge_fingerprint or 'none'}"
    stored = cache.read(name, key)
    if isinstance(stored, Vocabulary):
        return stored
    vocabulary = _compile_vocabulary(path)
    cache.write(name, key, vocabulary)
    return vocabulary


def _compile_vocabulary(path: Path) -> Vocabulary:
    import yaml

    doc: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    root = path.parent.parent
    known = set(_WORD.findall(path.read_text(encoding="utf-8").lower()))
    for source in (*root.rglob("*.yaml"), *(root.parent / "templates").rglob("*.j2")):
        known.update(_WORD.findall(source.read_text(encoding="utf-8").lower()))
    contractions = tuple(
        (re.compile(_phrase(k), re.IGNORECASE), v)
        for k, v in sorted(doc.get("contractions", {}).items(), key=lambda kv: -len(kv[0]))
    )
    abbreviations = tuple(
        (re.compile(r["pattern"], re.IGNORECASE), r["means"]) for r in doc.get("abbreviations", [])
    )
    correct_to = tuple(dict.fromkeys(doc.get("correct_to", [])))
    return Vocabulary(
        contractions,
        abbreviations,
        correct_to,
        frozenset(w for w in known if w not in _NOT_WORDS),
        {act: _any_of(words) for act, words in doc.get("acts", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("holdings", {}).items()},
        _any_of(doc.get("lead_claims", [])),
        {kind: _any_of(words) for kind, words in doc.get("timing", {}).items()},
        {
            k: _any_of(doc.get(k, []))
            for k in (
                "wrong_leader",
                "before_partner",
                "before_turn",
                "defective",
                "too_many",
                "period_over",
            )
        },
        {kind: _any_of(words) for kind, words in doc.get("told", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("information", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("auction", {}).items()},
    )


_WORD = re.compile(r"[a-z][a-z']+")
_NOT_WORDS = frozenset({"opend", "partnr", "spde", "mistke"})
"""Misspellings the knowledge quotes as examples: never taken as known words."""


# -- the normal form ---------------------------------------------------------------------------


def normal_form(text: str, vocabulary: Vocabulary) -> str:
    """The text as meant: contractions and shorthand spelt out, slips corrected. Case kept
    where nothing changed (the story reads "N" as North only in capitals)."""
    out = " ".join(text.replace("’", "'").split())
    for pattern, plain in vocabulary.contractions:
        out = pattern.sub(plain, out)
    for pattern, plain in vocabulary.abbreviations:
        out = pattern.sub(plain, out)
    return _TOKEN.sub(lambda m: _corrected(m.group(0), vocabulary), out)


_TOKEN = re.compile(r"(?<![\w'])[A-Za-z]{4,}(?![\w'])")


@lru_cache(maxsize=4096)
def _correction(word: str, vocabulary: Vocabulary) -> str | None:
    found = process.extractOne(
        word, vocabulary.correct_to, scorer=fuzz.ratio, score_cutoff=CORRECTION_CUTOFF
    )
    return found[0] if found else None


def _corrected(word: str, vocabulary: Vocabulary) -> str:
    lowered = word.lower()
    if len(word) < MIN_CORRECTED or lowered in vocabulary.known:
        return word
    return _correction(lowered, vocabulary) or word


# -- events -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Who did what, when and how: 'E ruffed with a small heart at trick 7'."""

    act: str
    start: int
    end: int
    actor: Seat | None = None
    """The actor's seat in the story's frame (None: not proven)."""
    role: Role | None = None
    words: str = ""
    """The words naming the actor, as typed."""
    trick: int | None = None
    how: frozenset[str] = frozenset()
    """'face_up', 'face_down', 'held_suit' (a holding named beside a discard), 'won_it'."""


@dataclass(frozen=True)
class Irregularity:
    """An irregularity the story proves, where it is told, and the facts it proves."""

    kind: str
    start: int
    facts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Description:
    """One message, read once."""

    text: str
    reading: str
    """The normal form every reader works on (same words, slips corrected)."""
    story: Story
    play: PlayStory
    events: tuple[Event, ...]
    irregularities: tuple[Irregularity, ...]
    """Proven, in the order told."""
    suggested: tuple[str, ...] = ()
    """Irregularities the calls named point to without proving them (the auction's shape)."""
    excluded: tuple[str, ...] = ()
    """What the story proves did not happen (e.g. 'calls_in_rotation')."""
    facts: Mapping[str, str] = field(default_factory=dict)
    """Facts proven by events and story (keys named in topics' ``derive:``)."""
    details: Mapping[str, str] = field(default_factory=dict)
    """Wording for rulings (declarer's tricks counted from 'S made 9')."""

    @property
    def proven(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(i.kind for i in self.irregularities))


@lru_cache(maxsize=256)
def describe(text: str, vocabulary: Vocabulary) -> Description:
    """The one reading of ``text``."""
    reading = normal_form(text, vocabulary)
    story = read_story(reading)
    play = read_play_story(reading)
    lowered = reading.lower()
    events = tuple(_events(lowered, play, vocabulary))
    winners = _trick_winners(lowered, play)
    facts: dict[str, str] = {}
    details: dict[str, str] = {}
    found: list[Irregularity] = []
    found += _revokes(lowered, events, play, winners, vocabulary, facts)
    found += _leads_out_of_turn(lowered, events, play, winners, vocabulary, facts)
    found += _claims(lowered, events, play, vocabulary, facts)
    found += _hesitations(lowered, events, story, play, vocabulary, facts)
    facts.update(_ui_facts(lowered, events, story, play, facts))
    found += _plays_before_partner(lowered, events, story, vocabulary, facts)
    found += _defective_tricks(lowered, vocabulary, facts)
    found += _told(lowered, events, play, vocabulary)
    required = _REQUIRED_NOT_PLAYED.search(lowered)
    if required is not None:  # the card a rectification required, not played: 61A via 57A
        proven = {"premature_event": "not_complied"}
        facts.update(proven)
        found.append(Irregularity("required_card_not_played", required.start(), proven))
    tricks = _declarer_tricks(lowered, play)
    if tricks is not None:
        details["declarer_tricks"] = str(tricks)
    found += _auction_irregularities(story)
    found += _auction_state(lowered, story, play, events, vocabulary, found, facts)
    suggested, excluded = _call_shape(reading, story)
    information = _information(lowered, events, story, play, vocabulary, facts)
    if any(i.kind in _AFTER_WITHDRAWAL for i in information):
        found, suggested = [], []  # what was taken back is settled: using it is the question
    if any(i.kind == CARD_SEEN for i in information):  # the seeing told first: Law 16D
        found = [i for i in found if i.kind != CARD_EXPOSED]
    found += information
    spoke = _DUMMY_SPEAKS.search(reading)
    if spoke is not None:  # dummy speaking up is about his rights, whatever he spoke of
        found.append(Irregularity("dummy_spoke", spoke.start()))
    suggested += _play_shape(reading)
    found.sort(key=lambda i: i.start)
    found = _after_irregular_lead(found, _LEAD_OUT_OF_TURN.search(lowered) is not None)
    if found and found[0].kind == "played_before_turn":
        facts.update(found[0].facts)
    return Description(
        text,
        reading,
        story,
        play,
        events,
        tuple(found),
        tuple(suggested),
        tuple(excluded),
        facts,
        details,
    )


def _events(lowered: str, play: PlayStory, vocabulary: Vocabulary) -> list[Event]:
    quoted = _quoted(lowered)
    out: list[Event] = []
    for act, pattern in vocabulary.acts.items():
        for match in pattern.finditer(lowered):
            inside = any(a <= match.start() < b for a, b in quoted)
            if inside and act not in ("claim", "concede"):
                continue  # words inside a remark are what was said, not what was done
            floor = clause_start(lowered, match.start())
            if inside:
                floor = clause_start(lowered, next(a for a, b in quoted if a <= match.start() < b))
                position = next(a for a, b in quoted if a <= match.start() < b)
            else:
                position = match.start()
            words, role = actor_role(lowered, play, floor, position)
            seat = actor_seat(play, floor, position)
            aside = _ASIDE.search(lowered, floor, position)
            named = (
                next(
                    (
                        p
                        for p in play.story.players
                        if p.end == aside.start() + len(aside.group(1)) and p.start >= aside.start()
                    ),
                    None,
                )
                if aside is not None
                else None
            )
            if named is not None and named.seat is not None:
                # "W (overcaller's pd) took a good 30 secs", "rho (her pd) led": the player
                # named before the aside
                seat, words = named.seat, named.words
            noun = act == "lead" and match.group(0).startswith("opening lead out")
            if noun:  # 'declarer refused the opening lead out of turn': not declarer's lead
                words, role, seat = "", None, None
            named_after = act in ("hesitate", "manner") or noun
            by = _BY_PLAYER.match(lowered, match.end()) if named_after else None
            if by is not None:  # 'a long tank by LHO', 'hesitation by N'
                named = next((p for p in play.story.players if p.start == by.start("who")), None)
                if named is not None and named.seat is not None:
                    words, role, seat = named.words, None, named.seat
            end = clause_end(lowered, match.end())
            clause = lowered[floor:end]
            how = set()
            if UNPROVEN_BEFORE.search(lowered[floor:position]):
                how.add("alleged")  # 'the defender said declarer led': not proven
            if vocabulary.timing["face_up"].search(clause):
                how.add("face_up")
            if vocabulary.timing["face_down"].search(clause):
                how.add("face_down")
            if act in ("discard", "ruff") and _held_nearby(lowered, match.end(), vocabulary):
                how.add("held_suit")
            if act == "play" and _played_off_suit(lowered, match.end(), vocabulary):
                how.add("held_suit")
            if _won_it(lowered, match.end(), end):
                how.add("won_it")
            out.append(
                Event(
                    act,
                    match.start(),
                    match.end(),
                    seat,
                    role,
                    words,
                    _trick_of(clause, match.start() - floor),
                    frozenset(how),
                )
            )
    out.sort(key=lambda e: e.start)
    return out


_ASIDE = re.compile(r"(?<![\w'])([\w']+)\s*\([^)]{1,40}\)\s*$")
_BY_PLAYER = re.compile(r"\s+by\s+(?:my\s+)?(?P<who>[a-z']+)")
_WON = re.compile(r"\bwon (?:it|the trick|that trick)\b")
_OTHER_WINNER = re.compile(
    r"\b(?:we|they|i|he|she|dummy|board|declarer|partner|pd|lho|rho|north|south|east|west|"
    r"[nesw])\b"
)
_WON_ELSEWHERE = re.compile(
    r"^\s+(?:in|with|on|from)\s+(?:the\s+)?(?:dummy|board|table)|^\s+with dummy"
)


def _won_it(lowered: str, start: int, end: int) -> bool:
    """'ruffed ... and won it': the player who did the act won the trick himself - not
    'and we won that trick', not 'won it in dummy' (his partner's card)."""
    won = _WON.search(lowered, start, end)
    if won is None or _OTHER_WINNER.search(lowered[start : won.start()]):
        return False
    return not _WON_ELSEWHERE.match(lowered[won.end() : won.end() + 30])


def _quoted(lowered: str) -> list[tuple[int, int]]:
    return [
        (m.start(), m.end()) for m in re.finditer(r"'[^']{2,80}'(?![a-z])|\"[^\"]{2,80}\"", lowered)
    ]


def _held_nearby(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """A holding named right after a discard ('threw a club (had a spade hiding)'), of the
    suit led when the sentence names one."""
    window = lowered[position : position + 60]
    stop = re.search(r"[.;!?]", window)
    held = vocabulary.holdings["held_suit"].search(window[: stop.start()] if stop else window)
    if held is None:
        return False
    suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    floor = clause_start(lowered, position)
    led = _LED_SUIT.search(lowered[floor : position + (stop.start() if stop else 60)])
    if suit is None or led is None:
        return True
    return _suit_letter(suit) == _suit_letter(next(g for g in led.groups() if g))


def _played_off_suit(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """'played a heart ... when clubs were led and he still had a club': a card of another
    suit than the one led, the led suit held - a revoke shown, not said."""
    card = _PLAYED_SUIT.match(lowered, position)
    if card is None:
        return False
    window = lowered[position : position + 90]
    stop = re.search(r"[.;!?]", window)
    window = window[: stop.start()] if stop else window
    led = _LED_SUIT.search(window)
    held = vocabulary.holdings["held_suit"].search(window)
    if led is None or held is None:
        return False
    held_suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    led_suit = _suit_letter(next(g for g in led.groups() if g))
    return (
        held_suit is not None
        and _suit_letter(held_suit) == led_suit
        and _suit_letter(card.group(1)) != led_suit
    )


_PLAYED_SUIT = re.compile(
    r"\s+(?:a|an|the)\s+(?:small\s+|low\s+)?(spades?|hearts?|diamonds?|clubs?)\b"
)
_LED_SUIT = re.compile(
    r"\b(?:led|leads|lead) (?:a |the |an |his |her )?(?:\w+ )?(spades?|hearts?|diamonds?|clubs?)\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) (?:was|were) led\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) from (?:the )?(?:dummy|board|hand)\b"
)


def _suit_letter(word: str) -> str:
    return {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}.get(word[0], word[0])


_TRICK_NUMBER = re.compile(r"\btrick (1[0-3]|[1-9])\b|\b(1[0-3]|[1-9])(?:st|nd|rd|th) trick\b")


def _trick_of(clause: str, act: int) -> int | None:
    """The trick the act was on: one trick number in its clause, with no other happening
    ('we noticed', 'found') between it and the act."""
    numbers = set()
    for m in _TRICK_NUMBER.finditer(clause):
        between = clause[min(m.end(), act) : max(m.start(), act)]
        if not _NOTICED.search(between):
            numbers.add(int(m.group(1) or m.group(2)))
    return numbers.pop() if len(numbers) == 1 else None


_NOTICED = re.compile(
    r"\b(?:noticed|spotted|found|realised|discovered|saw|pointed out|called|summoned)\b"
)


_WINNER = re.compile(r"\btrick (1[0-3]|[1-9]) \((north|east|south|west|[nesw])\)")


def _trick_winners(lowered: str, play: PlayStory) -> dict[int, Seat]:
    """'T2 (W), T7 (E)': who won which trick, in compass seats."""
    if play.story.frame not in ("compass", "anchored"):
        return {}
    return {int(m.group(1)): Seat.parse(m.group(2)[0].upper()) for m in _WINNER.finditer(lowered)}


# -- irregularities -----------------------------------------------------------------------------


def _revokes(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    winners: dict[int, Seat],
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    said = [
        e
        for e in events
        if e.act == "revoke" and not _DENIED.search(lowered[max(0, e.start - 30) : e.start])
    ]
    shown = [e for e in events if e.act in ("discard", "ruff", "play") and "held_suit" in e.how]
    revokes = shown or said
    if not revokes:
        return []
    first = revokes[0]
    trick = next((e.trick for e in revokes if e.trick is not None), None)
    proven: dict[str, str] = {}
    if trick is not None:
        proven["revoke_trick"] = (
            "twelve" if trick == 12 else "earlier" if trick < 12 else "thirteen"
        )
    timing = vocabulary.timing
    if timing["before_next_trick"].search(lowered):
        proven["revoke_noticed"] = "before_established"
    elif timing["after_session"].search(lowered):
        proven["revoke_noticed"] = "round_over"
    elif timing["after_last_trick"].search(lowered) or re.search(
        r"\b(found|spotted|noticed) after trick 13\b", lowered
    ):
        proven["revoke_noticed"] = "in_play"
    if timing["hands_out"].search(lowered):
        proven["hands_returned"] = "no"
    told_in_full = bool(winners) and (play.declarer_tricks is not None or _MADE.search(lowered))
    if told_in_full and len({e.start for e in revokes}) == 1 and not _SPECIAL.search(lowered):
        proven["revoke_special"] = "ordinary"  # one revoke in a whole trick-by-trick account
    offender = first.actor
    if offender is not None and trick is not None:
        winner = winners.get(trick)
        if "won_it" in first.how:
            winner = offender
        if winner is not None:
            proven["revoke_trick_won"] = (
                "offender"
                if winner is offender
                else "revoker_partner"
                if winner is offender.partner
                else "opponents"
            )
        later = [t for t, s in winners.items() if t > trick]
        if any(winners[t] in (offender, offender.partner) for t in later):
            proven["later_tricks"] = "yes"
    elif "won_it" in first.how:
        proven["revoke_trick_won"] = "offender"
    proven["revoke_event"] = "revoke"
    if (
        first.role is not None
        and "alleged" not in first.how
        and not _DUMMY_CARD.search(lowered[first.start : first.end + 30])
    ):
        proven["revoke_offender_role"] = first.role
    facts.update(proven)
    found = [Irregularity("revoke", first.start, proven)]
    if _TAKEN_BACK.search(lowered):  # the card taken back is what the story asks about
        found.insert(0, Irregularity("revoke_corrected", first.start))
    return found


_REQUIRED_NOT_PLAYED = re.compile(
    r"\brequired \w+ to play (?:his|her) (?:lowest|highest) (?:spade|heart|diamond|club)s?\b"
    r"[^.;!?]{0,30}?\bbut \w+ (?P<played>played) (?:the |a |his |her )?"
    r"(?:\w+ of )?(?:spades?|hearts?|diamonds?|clubs?)?[^.;!?]{0,12}?\bwhile holding\b"
)
"""'declarer required West to play his lowest heart, but West played the queen of hearts while
holding the 2': a card a rectification required, not played when he could - a revoke (61A)."""
_TAKEN_BACK = re.compile(
    r"\b(?:take|takes|took|taking) (?:the |his |her |my )?card back\b"
    r"|\b(?:take|takes|took|taking) back (?:the |his |her |my )?card\b"
    r"|\bcorrected it\b|\bchanges? it\b|\bchanged it\b"
    r"|\b(?:revoked|reneged),? (?:and )?then corrected\b"
)


_DENIED = re.compile(
    r"\b(?:not|never|no|whether|if|asked|think|thinks|thought|claims?|claimed|says?|said|accused)"
    r"\b[^.;!?]{0,25}$|\b(?:for|about|of) $"
)
"""Before a revoke word: a denial, a question or an accusation ('asked if he had revoked',
'the penalty for ...') - the teller does not say it happened."""
_DUMMY_CARD = re.compile(r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b")


_SPECIAL = re.compile(
    r"penalty card|\bboth\b|\bagain\b|\btwice\b|\bsecond revoke|\balso revoked|\bsame suit\b"
    r"|\btwo revokes\b|\bcorrected\b"
)
"""Words of a Law 64B case: a one-revoke story using them is not read as ordinary."""


def _leads_out_of_turn(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    winners: dict[int, Seat],
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    leads = [
        e
        for e in events
        if e.act == "lead" and not _LEAD_BEFORE.search(lowered[max(0, e.start - 30) : e.start])
    ]
    if not leads:
        return []
    lead = leads[0]
    if _IN_TURN.match(lowered[lead.end : lead.end + 25]):
        return []  # 'I led properly': the lead in turn, not the one out of turn
    no_dummy = bool(vocabulary.timing["no_dummy_yet"].search(lowered))
    said_opening = bool(vocabulary.timing["opening"].search(lowered))
    opening = lead.trick == 1 or (lead.trick is None and (no_dummy or said_opening))
    proven = False
    sentence = lowered[clause_start(lowered, lead.start) : clause_end(lowered, lead.end)]
    if vocabulary.phrases["wrong_leader"].search(sentence):
        proven = True  # 'the wrong defender led', 'lho led but it was his partner on lead'
    for win in (e for e in events if e.act == "win" and e.actor is not None):
        if (
            lead.actor is not None
            and lead.actor is not win.actor
            and _same_sentence(lowered, win.start, lead.start)  # not 'W's side won T7' later
            and (
                lead.trick is None
                or win.trick is None
                or lead.trick == win.trick + 1
                or (lead.trick == win.trick and win.start < lead.start)  # 'won trick 8 and led'
            )
        ):
            proven = True  # 'i won trick 8 and rho led'
    remark = vocabulary.lead_claims.search(lowered, lead.end)
    if remark is not None and re.search(
        r"'|\"|\bgoes\b|\bsaid\b|\bsays\b", lowered[lead.end : remark.start()]
    ):
        proven = True  # another player said it was his lead, right after this one led
        claimant = actor_seat(play, clause_start(lowered, remark.start()), remark.start())
        partners = (
            lead.actor is not None and claimant is not None and claimant is lead.actor.partner
        )
        if partners and lead.role is None and not _DECLARING_WORDS.search(lowered):
            lead = Event(
                lead.act,
                lead.start,
                lead.end,
                lead.actor,
                "defender",
                lead.words,
                lead.trick,
                lead.how,
            )
    declarer = play.declarer
    if (
        lead.role == "declarer"
        and "alleged" not in lead.how
        and lead.trick is None
        and (no_dummy or _AUCTION_JUST_OVER.search(lowered))
    ):
        proven = True  # declarer never makes the opening lead
    if (
        opening
        and declarer is not None
        and lead.actor is not None
        and lead.actor is not declarer.lho
    ):
        proven = True
    if lead.trick is not None and lead.trick > 1 and lead.actor is not None:
        previous = winners.get(lead.trick - 1)
        if previous is not None and previous is not lead.actor:
            proven = True
    if not proven:
        return []
    told = _TOLD_TURN.search(lowered)
    found: dict[str, str] = {"lead_event": "told_turn" if told else "lead"}
    if opening:
        found["lead_trick"] = "opening"
    elif lead.trick is not None:
        found["lead_trick"] = "thirteen" if lead.trick == 13 else "later"
    if "face_up" in lead.how:
        found["lead_faced"] = "faced"
    elif "face_down" in lead.how:
        found["lead_faced"] = "face_down"
    if no_dummy:
        found["dummy_seen"] = "no"
    if lead.role is not None and "alleged" not in lead.how:
        found["lead_offender_role"] = "declarer" if lead.role == "dummy" else lead.role
    facts.update(found)
    return [Irregularity("lead_out_of_turn", lead.start, found)]


def _same_sentence(lowered: str, a: int, b: int) -> bool:
    low, high = min(a, b), max(a, b)
    return re.search(r"[.;!?]", lowered[low:high]) is None


_LEAD_BEFORE = re.compile(r"\b(?:after|since|once)\s+(?:[\w']+\s+){0,2}$")
"""'after LHO's lead out of turn was withdrawn': what went before the matter told."""
_AUCTION_JUST_OVER = re.compile(r"\bauction (?:was )?over\b|\bafter the auction\b")
_IN_TURN = re.compile(
    r"\s*(?:\w+\s+)?(?:properly|correctly|in turn|from the (?:right|correct) hand)\b"
)
_DECLARING_WORDS = re.compile(r"\b(?:dummy|declarer|board|from (?:his|my) hand)\b")
"""With none of these, partners quarrelling over whose lead it is are the defenders."""
_TOLD_TURN = re.compile(
    r"\btold (?:me|him|her|us|my pd|my partner|pd|partner)\b[^.;!?]{0,30}\b(?:lead|turn)\b"
    r"|'(?:it'?s )?(?:your|ur) (?:lead|turn)'"
    r"|\bsaid (?:it was|it's) (?:my|his|her|your) (?:lead|turn)\b"
)
"""An opponent said it was his lead: the lead he made on those words (Law 47E1)."""


def _claims(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    found: list[Irregularity] = []
    told = [
        e
        for e in events
        if e.act in ("claim", "concede")
        and not _BACKGROUND.search(lowered[max(0, e.start - 30) : e.start])
        and not (e.act == "claim" and _CLAIMED_THAT.match(lowered[e.end : e.end + 20]))
    ]
    if len({e.act for e in told}) > 1:
        return []  # 'claimed 9 tricks, conceding one': which it was is the director's call
    for event in told:
        kind = "concession" if event.act == "concede" else "claim"
        proven = {"claim_kind": kind}
        if event.role in ("declarer", "defender"):
            proven["claimer_role"] = event.role
        if kind == "concession" and vocabulary.timing["all_winners"].search(lowered):
            proven["conceded_trick"] = "could_not_lose"
        if kind == "concession" and vocabulary.timing["scores_not_up"].search(lowered):
            proven["concession_when"] = "in_period"
        facts.update(proven)
        found.append(Irregularity(kind, event.start, proven))
        break
    return found


_BACKGROUND = re.compile(r"\b(?:after|since|once|when|before|until)\s+(?:\w+\s+){0,2}$")
"""'after declarer claimed': when something else happened, not what the story is about."""
_CLAIMED_THAT = re.compile(
    r"\s+(?:that|there|he|she|it|they|to|i|we|his|her|a revoke|the director)\b"
)
"""'he claimed there was a revoke': said so, not a claim of tricks."""


def _hesitations(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A hesitation (or remark) by a player, then his partner's call: information his partner
    may not use (Law 16B). Proven only when the seats of both are known."""
    calls = [e for e in story.timeline if e.role == "made" and e.seat is not None]
    for event in events:
        if event.act not in ("hesitate", "remark", "manner", "alert") or event.actor is None:
            continue
        partner = event.actor.partner
        after = [c.start for c in calls if c.start > event.end and c.seat is partner]
        after += [
            e.start
            for e in events
            if e.act in ("lead", "play") and e.start > event.end and e.actor is partner
        ]
        speaker = story.speaker
        mine = speaker is not None and story.frame in ("speaker", "anchored")
        ours = speaker is not None and event.actor is speaker.partner
        if not after and mine and ours and event.act == "hesitate" and story.first_person:
            # 'pd took ages over 3H then passed, may I bid on?': information I now hold
            proven = {"ui_kind": "hesitation", "ui_viewpoint": "our_side"}
            facts.update(proven)
            return [Irregularity("partner_hesitated", event.start, proven)]
        if (
            (not after or event.act == "alert")  # partner's alert, then my call: still mine
            and mine
            and ours
            and story.first_person
            and (
                event.act in ("manner", "alert")
                or _QUOTE_FOLLOWS.match(lowered, event.end)
                or _ASKED_ABOUT.match(lowered, event.end)
            )
            and event.act in ("remark", "manner", "alert")
            and not _EXPLAINING_QUOTE.match(lowered, event.end)
            and play.contract is None
            and not any(e.act in _PLAY_ACTS for e in events)
            and not _PLAY_TALK.search(lowered)
        ):  # in the play a remark may be a defender's right ('having none?', Law 61B)
            # "partner said 'oops' after his bid, can i use that?": the same, from his words
            proven = {"ui_kind": event.act, "ui_viewpoint": "our_side"}
            facts.update(proven)
            return [Irregularity("partner_remarked", event.start, proven)]
        if event.act == "alert":
            continue  # an opponent's alert, or none, is a matter of explanations (Law 20, 21)
        if not after:
            continue
        if event.act == "remark" and not (
            _QUOTE_FOLLOWS.match(lowered, event.end) or _ASKED_ABOUT.match(lowered, event.end)
        ):
            continue  # a remark counts only with its words quoted, or a question asked
        declaring = event.role in ("declarer", "dummy") or (
            play.declarer is not None and event.actor in (play.declarer, play.declarer.partner)
        )
        if event.act == "remark" and declaring:
            continue  # declarer naming dummy's card, dummy speaking: their own laws (46, 43)
        if event.act == "remark" and _CALL_QUOTE.match(lowered, event.end):
            continue  # "South said 'double 3 hearts'": a call said, Law 19 (not a remark)
        if event.act == "remark" and explains_a_call(lowered, event.start):
            continue  # 'rho said 2C was natural': an explanation, a matter of Law 20-21
        kinds = {"hesitate": "hesitation", "remark": "remark", "manner": "manner"}
        proven = {"ui_kind": kinds[event.act]}
        if mine and speaker is not None:
            if event.actor in (speaker.lho, speaker.rho):
                proven["ui_viewpoint"] = "opponents"
            else:
                proven["ui_viewpoint"] = "our_side"
        if vocabulary.timing["play_over"].search(lowered, min(after)):
            proven["ui_timing"] = "after"
        facts.update(proven)
        kind = "hesitation_then_action" if event.act == "hesitate" else "remark_then_action"
        return [Irregularity(kind, event.start, proven)]
    return []


_PLAY_ACTS = ("lead", "play", "discard", "ruff", "revoke", "claim", "concede")
_PLAY_TALK = re.compile(
    r"\b(?:trick|tricks|dummy|declarer|declaring|defend\w*|revok\w*|having none)\b"
)
_EXPLAINING_QUOTE = re.compile(
    r"\W*(?:\w+\W+){0,3}?['\"](?:[^'\"]{0,40}\b(?:agreement|natural|artificial|weak|strong|"
    r"transfer|forcing|stayman|blackwood|shows?|showing|points|hcp|takeout|penalty)\b"
    r"|(?:i )?(?:double|redouble|pass|no bid|[1-7]\s?(?:c|d|h|s|nt)\b))"
)
"""Partner's words that explain a call ('no agreement', 'weak') or are one ('double two
spades'): explanations and calls have their own laws (20-21, 19)."""
_CALL_QUOTE = re.compile(
    r"\W*(?:\w+\W+){0,2}?['\"](?:i )?(?:double|redouble|pass|no bid|[1-7]\s?(?:c|d|h|s|nt)\b)"
)
"""A quote that is a call ('double 3 hearts', 'pass')."""
_ASKED_ABOUT = re.compile(r"\s+(?:\w+\s+)?(?:about|what|whether|if)\b")
"""'asked what their 3C meant', 'asked lho about': a question about a call."""


def _defective_tricks(
    lowered: str, vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """A trick found with three cards, or five (Law 67), and whether it was found in time."""
    defective = vocabulary.phrases["defective"].search(lowered)
    if defective is None:
        return []
    proven = {
        "defective_kind": "too_many"
        if vocabulary.phrases["too_many"].search(lowered)
        else "too_few"
    }
    later = vocabulary.timing["found_later"].search(lowered)
    at_once = vocabulary.timing["found_at_once"].search(lowered)
    if later and not at_once:
        proven["defective_noticed"] = "later"
    elif at_once and not later:
        proven["defective_noticed"] = "in_time"
    facts.update(proven)
    return [Irregularity("defective_trick", defective.start(), proven)]


def _told(
    lowered: str, events: tuple[Event, ...], play: PlayStory, vocabulary: Vocabulary
) -> list[Irregularity]:
    """What the table's own words show happened (``told:`` in the vocabulary), a card exposed
    by a defender, and dummy drawing attention or acting on his own."""
    quoted = _quoted(lowered)
    found: list[Irregularity] = []
    for kind, pattern in vocabulary.told.items():
        for match in pattern.finditer(lowered):
            inside = any(a <= match.start() < b for a, b in quoted)
            if inside != (kind == "card_named"):
                continue  # a card is named in a remark; everything else is told, not said
            if kind == "simultaneous_plays" and not _CARD_WORDS.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                continue  # calls at the same time are another matter (Law 33)
            if kind == "simultaneous_plays" and _CALLING.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                continue
            if kind == "tricks_disputed" and vocabulary.phrases["period_over"].search(lowered):
                kind = "score_disputed"
            if kind == "played_after_irregular_lead" and _DECLARER_SUBJECT.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                break  # declarer playing to it accepts the lead: the lead is the matter (53A)
            found.append(Irregularity(kind, match.start()))
            break
    for event in events:
        if "alleged" in event.how:
            continue
        if _dummy_acted(lowered, event):
            found.append(Irregularity("dummy_acted", event.start))
        role = event.role
        if role is None and event.actor is not None:
            role = role_at(play, event.actor)
        if event.act == "expose" and role == "defender" and not _IN_AUCTION.search(lowered):
            found.append(Irregularity("card_exposed", event.start))
    return found


_AFTER_WITHDRAWAL = (WITHDRAWN_INFORMATION, LEAD_AFTER_WITHDRAWN, COMPARABLE_ASKED)
"""Questions about what follows a call taken back: the call itself is settled."""


def _information(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """Who received information and from where (:mod:`bot.dialogue.information_reader`)."""
    exposures = [(e.start, e.actor) for e in events if e.act == "expose"]
    played = [(e.start, e.actor) for e in events if e.act in ("lead", "play")]
    found = read_information(lowered, story, play, exposures, vocabulary.information, played)
    for item in found:
        facts.update(item.facts)
    return [Irregularity(i.kind, i.start, i.facts) for i in found if i.kind]


def _ui_facts(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    facts: dict[str, str],
) -> dict[str, str]:
    """Whose side gave unauthorised information, and where things stand
    (:func:`bot.dialogue.information_reader.unauthorised_information_facts`)."""
    acts = [
        (e.act, e.start, e.end, e.actor, e.words, "alleged" in e.how)
        for e in events
        if e.act in ("hesitate", "remark", "manner", "alert")
    ]
    return unauthorised_information_facts(lowered, story, play, acts, facts)


def _dummy_acted(lowered: str, event: Event) -> bool:
    """Dummy is the subject ('dummy nodded', 'my pd (dummy) called the td', 'as dummy i
    peeked'), and a remark counts only with its words quoted."""
    if event.act not in ("remark", "signal") or event.role != "dummy":
        return False
    if event.act == "remark" and not _QUOTE_FOLLOWS.match(lowered, event.end):
        return False
    before = lowered[clause_start(lowered, event.start) : event.start]
    return _DUMMY_SUBJECT.search(before) is not None


_DUMMY_SUBJECT = re.compile(
    r"(?:(?<!from )(?<!in )(?<!on )(?<!to )(?<!of )(?<!at )(?<!with )\bdummy\)?"
    r"|\bas dummy,? i|\bi'm dummy,? i)\W*(?:\w+\W+){0,2}$"
)
_QUOTE_FOLLOWS = re.compile(r"\W*(?:\w+\W+){0,3}?['\"]")
_LEAD_OUT_OF_TURN = re.compile(r"\blead out of turn\b")
_DECLARER_SUBJECT = re.compile(r"\b(?:declarer|dummy)\W+(?:\w+\W+){0,1}$")
_IN_AUCTION = re.compile(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bauction (?:was |is )?still\b"
    r"|\bbefore the (?:opening )?lead\b|\bbefore the final pass\b"
)
"""A card seen before the play starts is ruled by Law 24, not as a penalty card."""
_CALLING = re.compile(r"\b(?:bidding|bid|bids|call|calls|box|pulled)\b")
_CARD_WORDS = re.compile(r"\b(?:cards?|played|plays|led|leads|followed)\b")


def _after_irregular_lead(found: list[Irregularity], told_out_of_turn: bool) -> list[Irregularity]:
    """A play to a lead out of turn is what the story asks about (Law 60): told first."""
    kinds = [i.kind for i in found]
    relead = next((i for i in found if i.kind == "played_before_turn"), None)
    if relead is not None and "lead_out_of_turn" in kinds and kinds.index("lead_out_of_turn") == 0:
        # a card put out before declarer led again from the right hand (Law 60B)
        relead = Irregularity(
            relead.kind,
            relead.start,
            {"premature_event": "after_illegal", "premature_after": "before_relead"},
        )
        return [relead, *(i for i in found if i.kind != "played_before_turn")]
    if "played_after_irregular_lead" not in kinds or "card_taken_back" in kinds:
        return found
    after = next(i for i in found if i.kind == "played_after_irregular_lead")
    lead = next((i for i in found if i.kind == "lead_out_of_turn"), None)
    if lead is None:  # 'never played to it': no irregular lead shown
        return found if told_out_of_turn else [i for i in found if i is not after]
    if lead.facts.get("lead_offender_role") == "declarer":
        return found  # a defender playing to declarer's lead out of turn: Law 53 and 55 first
    return [after, *(i for i in found if i is not after)]


def _plays_before_partner(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card led or played before the player's partner had played to the trick (Law 57):
    said so in the act's sentence ('played before his pd had', 'led to trick 8 while his
    partner was still deciding'), or 'before me' of the speaker's partner."""
    for event in events:
        if event.act not in ("lead", "play"):
            continue
        end = clause_end(lowered, event.end)
        rest = lowered[event.end : end]
        said = vocabulary.phrases["before_partner"].search(rest)
        if said is not None and re.match(
            r"\s*(?:had |has )?(?:bid|called|passed|opened)\b", rest[said.end() :]
        ):
            said = None  # 'before his partner had bid': the auction, not the play
        mine = (
            story.speaker is not None
            and event.actor is story.speaker.partner
            and re.search(r"\bbefore me\b", rest)
        )
        if said is not None or mine:
            proven: dict[str, str] = {}
            if event.role == "defender" and "alleged" not in event.how:
                still = said is not None and "still" in said.group(0)
                proven["premature_event"] = (
                    "early_lead"
                    if event.act == "lead" and still
                    else ("before_partner" if event.act == "play" else "")
                )
                proven = {k: v for k, v in proven.items() if v}
            facts.update(proven)
            return [Irregularity("played_before_partner", event.start, proven)]
        if vocabulary.phrases["before_turn"].search(rest):
            return [Irregularity("played_before_turn", event.start)]  # whose turn: asked
        thinking = _STILL_ON_TRICK.search(lowered, 0, event.start)
        to_trick = _TO_TRICK.match(lowered, event.end)
        if (
            event.act == "lead"
            and thinking
            and to_trick
            and int(to_trick.group(1)) == int(thinking.group(1)) + 1
        ):
            return [Irregularity("played_before_turn", event.start)]  # 'pd still on trick 5'
    return []


_TO_TRICK = re.compile(r"[^.;!?]{0,20}?\bto trick (1[0-3]|[1-9])\b")
_STILL_ON_TRICK = re.compile(
    r"\bstill (?:thinking|deciding) (?:about|on|over) trick (1[0-2]|[1-9])\b"
)


_MADE = re.compile(
    r"\b(?:declarer|north|east|south|west|[nesw]|i|we|they)\s+(?:made|took|got)\s+"
    r"(1[0-3]|[0-9])\b(?!\s*(?:off|down|level|[shdc]\b|nt\b|♠|♥|♦|♣))"
)
_OFF = re.compile(r"\b([1-9])\s+(?:off|down)\b|\bdown\s+([1-9])\b|\bwent\s+([1-9])\s+off\b")


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


# -- the shape of the calls and plays (suggested, not proven) --------------------------------


def _auction_irregularities(story: Story) -> list[Irregularity]:
    """What the call model proves of an auction typed as calls, or told with every seat in
    rotation: the first irregular call (Law 27, 28-32, 35-36, 39)."""
    auction = story.typed_auction or _told_auction(story)
    if auction is None:
        return []
    found = auction.irregularities()
    if not found:
        return []
    typed = story.typed_auction is not None
    if not typed and found[0].kind not in ("inadmissible_double", "insufficient_bid"):
        return []
    if not typed and story.made_with_wanted():
        return []  # a call made and another meant: the change of call comes first (Law 25)
    events = story.timeline
    start = events[found[0].position].start if found[0].position < len(events) else 0
    return [Irregularity(str(found[0].kind), start)]


def _auction_state(
    lowered: str,
    story: Story,
    play: PlayStory,
    events: tuple[Event, ...],
    vocabulary: Vocabulary,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """What the calls told prove of the auction's state (:mod:`bot.dialogue.auction_reader`):
    its end, a call after it, an inadmissible double, calls at the same time. Kinds already
    proven by the call model are not repeated."""
    known = {i.kind for i in found}
    out: list[Irregularity] = []
    exposures = [(e.start, e.end, e.actor) for e in events if e.act == "expose"]
    for item in read_auction_state(lowered, story, play, exposures, vocabulary.auction):
        facts.update(item.facts)
        if item.kind and item.kind not in known:
            out.append(Irregularity(item.kind, item.start, item.facts))
    return out


def _call_shape(reading: str, story: Story) -> tuple[list[str], list[str]]:
    """What the calls named point to, and what they rule out."""
    suggested: list[str] = []
    kind = _auction_kind(reading, story)
    if kind is not None:
        suggested.append(kind)
    excluded = ["calls_in_rotation"] if _calls_in_rotation(reading, story) else []
    return suggested, excluded


def _told_auction(story: Story) -> Any:
    """The calls told in prose as an auction, when the seats named show they came one after
    another ('east doubles 3C, south passes, west doubles 3C again')."""
    from bot.core.auction import Auction, Entry

    timeline = [e for e in story.timeline if not e.typed]
    if len(timeline) < 2 or any(e.call is None for e in timeline):
        return None
    seats = [e.seat for e in timeline]
    known = [i for i, seat in enumerate(seats) if seat is not None]
    if len(known) < 2 or known != list(range(known[0], len(seats))):
        return None  # unknown makers only before the first one named
    if not all(seats[i + 1] is seats[i].lho for i in known[:-1]):  # type: ignore[union-attr]
        return None
    return Auction(tuple(Entry(e.call, e.seat) for e in timeline))  # type: ignore[arg-type]


_PLAYED_NOT_CALLED = re.compile(
    r"\b(?:led|leads|leading|played|plays|playing|ruffed|discarded|revoked)\b", re.IGNORECASE
)
_CALL_WORDS = re.compile(
    r"\b(?:bid|bids|bidding|called|calls|call|pass|passed|passes|doubled?|redoubled?|opened|"
    r"opening bid|auction|overcall\w*|responded|box)\b",
    re.IGNORECASE,
)


def _calls_in_rotation(text: str, story: Story) -> bool:
    """When every call was made in rotation by seats the description names, and no words say
    otherwise, nobody called out of turn (also: cards played and no call named)."""
    if not story.timeline and _PLAYED_NOT_CALLED.search(text) and not _CALL_WORDS.search(text):
        return True  # 'RHO played before his partner'
    timeline = [e for e in story.timeline if e.role == "made"]
    if len(timeline) < 2 or story.out_of_turn_words or story.turn_words or story.simultaneous:
        return False
    seats = [e.seat for e in timeline]
    if None in seats or story.typed_auction is not None:
        return False
    return all(b is a.lho for a, b in pairwise(seats))  # type: ignore[union-attr]


_MEANT = re.compile(r"\b(meant|meaning|intended|intending|instead of|rather than)\b")
_DOUBLE_NAMING_A_BID = re.compile(
    rf"\b(?:double|dble|redouble)\s+(?:your\s+|his\s+|her\s+|the\s+)?{BID_PATTERN}",
    re.IGNORECASE,
)
"""'double two clubs': a double stated with a bid (Law 19A3)."""


def _auction_kind(text: str, story: Story) -> str | None:
    """The irregularity the calls named show, if any.

    A typed auction is checked fully. In prose, a call the player meant points to a change
    of call (Law 25 comes first, even when the call meant is insufficient); otherwise a bid
    that does not outrank the one before it points to an insufficient bid.
    """
    if story.typed_auction is not None:
        found = story.typed_auction.irregularities()
        return found[0].kind if found else None
    if read_incident(text, "wrong_cards").details.get("offender"):
        return "wrong_cards_held"
    if story.simultaneous and len(story.timeline) >= 2:
        return "simultaneous_calls"
    if read_incident(text, "out_of_turn").facts.get("in_turn") == "no" or story.out_of_turn_words:
        return "call_out_of_rotation"
    if read_incident(text, "after_final_pass").details.get("call"):
        return "call_after_final_pass"
    changed = story.made_with_wanted()
    if changed:
        made = changed[0]
        wanted = story.wanted_for(made)
        if _MEANT.search(wanted.cue if wanted else "") or not _is_insufficient(story, made):
            return "changed_call"  # Law 25 comes first, even when the call meant is too low
        return "insufficient_bid"  # 'pd bid 1S over 1NT, wants to bid 2S instead': Law 27
    told = _told_auction(story)
    if told is not None:
        found = told.irregularities()
        if found and found[0].kind in ("inadmissible_double", "insufficient_bid"):
            return str(found[0].kind)
    if _DOUBLE_NAMING_A_BID.search(text):
        return "misstated_double"
    bids = [e.call for e in story.timeline if isinstance(e.call, Bid)]
    if any(not later.supersedes(earlier) for earlier, later in pairwise(bids)):
        return "insufficient_bid"
    return None


def _is_insufficient(story: Story, event: CallEvent) -> bool:
    return insufficient(story, event) is True


_DUMMY_SPEAKS = re.compile(
    r"(?<!from )(?<!to )(?<!in )(?<!on )(?<!of )(?<!with )(?<!at )(?<!'s )"
    r"\bdummy\b(?:\s+(?!but\b|and\b|then\b)\w+){0,2}?\s+"
    r"(?:told|tells|said|says|pointed out|points out|spotted|"
    r"warned|drew attention|draws attention|called (?:the )?(?:director|td)|summoned)\b",
    re.IGNORECASE,
)
_BEFORE_PARTNER = re.compile(
    r"\b(?:led|leads|played|plays)\b[^.;!?]{0,50}?\bbefore (?:his |her |their |my )?"
    r"(?:partner|pd|pard)\b(?! (?:had |has )?(?:bid|called|passed|opened))",
    re.IGNORECASE,
)


def _play_shape(text: str) -> list[str]:
    """A card led or played before partner's points to a premature play."""
    if _DUMMY_SPEAKS.search(text):
        return []
    return ["played_before_partner"] if _BEFORE_PARTNER.search(text) else []


def role_at(play: PlayStory, seat: Seat) -> Role | None:
    """The role of the player at ``seat`` when declarer is known."""
    return Table(play.declarer).role(seat) if play.declarer is not None else None
