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
from dataclasses import dataclass, field, replace
from functools import cache as once
from functools import lru_cache
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from bot.core.calls import BID_PATTERN, Bid, Seat, Simple
from bot.core.play import Role, Table, find_cards
from bot.dialogue.auction_grid import rewrite_auction_grids
from bot.dialogue.auction_reader import (
    CARD_EXPOSED,
    call_after_close,
    read_auction_state,
    spoken_double,
    turn_passed_over,
)
from bot.dialogue.auction_reader import FACTS as AUCTION_FACTS
from bot.dialogue.auction_reader import KINDS as AUCTION_KINDS
from bot.dialogue.auction_state import AUCTION_ENDED
from bot.dialogue.incident import (
    called_at_anothers_turn,
    insufficient,
    read_incident,
    told_out_of_order,
)
from bot.dialogue.information_reader import (
    CARD_SEEN,
    EXPLANATION_DIFFERS,
    MY_PARTNER_WORDS,
    WITHDRAWN_INFORMATION,
    Tempo,
    explains_a_call,
    read_information,
    unauthorised_information_facts,
)
from bot.dialogue.information_reader import FACTS as INFORMATION_FACTS
from bot.dialogue.information_reader import KINDS as INFORMATION_KINDS
from bot.dialogue.play_facts import FACTS as PLAY_FACTS
from bot.dialogue.play_facts import read_play_facts
from bot.dialogue.play_reader import (
    UNPROVEN_BEFORE,
    PlayStory,
    actor_role,
    actor_seat,
    clause_end,
    clause_start,
    read_play_story,
)
from bot.dialogue.story import CallEvent, Story, meant_instead, read_story, same_player
from bot.dialogue.trick_reader import (
    count_told_after_agreement,
    counts_agreed_first,
    counts_disputed,
    inquiries,
    inquiry_answered,
    suit_letter,
)
from bot.dialogue.withdrawn_call import LEAD_AFTER_WITHDRAWN, WITHDRAWN_REPLACED
from bot.knowledge import cache
from bot.lazy import lazy_pattern

IRREGULARITIES = (
    "revoke",
    "revoke_corrected",
    "revoke_asked",
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
    "revoke_inspection",
    "tricks_disputed",
    "score_disputed",
    "score_recorded_wrong",
    "wrong_card_count",
    "card_taken_back",
    "card_named",
    "card_exposed",
    "card_held_up",
    "card_pointed_wrong",
    "played_cards_misarranged",
    "card_turned_early",
    "dummy_card_touched",
    "dummy_card_moved",
    "penalty_card_held",
    "dummy_acted",
    "dummy_wrong_card",
    "fifth_card",
    "designation_changed",
    "calls_in_rotation",
    "complete_card_named",
    "play_begun",
    "calls_only",
    *INFORMATION_KINDS,
    *AUCTION_KINDS,
)
"""What the reader can prove (or, for the last, prove did not happen): topics name these in
``rules_on:`` and ``excluded_by:``."""

STORY_FACTS: dict[str, tuple[str, ...]] = {
    "revoke_event": ("revoke", "inquiry"),
    "revoke_noticed": ("before_established", "in_play", "next_deal", "round_over"),
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
    "lead_response": ("accept", "refuse", "proper_lead"),
    "lead_proper_leader": ("declarer", "partner"),
    "claim_kind": ("claim", "concession"),
    "claimer_role": ("declarer", "defender"),
    "conceded_trick": ("could_not_lose", "could_lose"),
    "concession_when": ("in_period", "too_late"),
    "ui_kind": ("hesitation", "remark", "manner", "alert"),
    "ui_viewpoint": ("opponents", "our_side", "misled"),
    "ui_timing": ("after",),
    "premature_event": (
        "early_lead",
        "before_partner",
        "after_illegal",
        "not_complied",
        "simultaneous",
        "declarer_early",
        "declarer_early_lead",
        "rho_turn",
    ),
    "premature_after": ("before_relead",),
    "defective_kind": ("too_few", "too_many", "misplaced"),
    "defective_noticed": ("in_time", "later"),
    "defective_holds_suit": ("yes", "no"),
    "defective_missing_hand": ("dummy", "other"),
    "score_event": ("wrong_score", "disagree"),
    "claim_told": ("yes",),
    "inspect_event": ("look_trick", "revoke_check", "after_play", "pointed_wrong", "explain"),
    "inspect_asker": ("dummy", "player"),
    "premature_simul": ("two_players", "found_later", "several_visible", "one_visible"),
    "played_card_event": (
        "dummy_wrong",
        "turned_early",
        "dummy_touched",
        "fifth",
        "dummy_named",
        "declarer_held",
        "defender_shown",
        "dummy_pointed",
    ),
    "designation_naming": ("slip", "rethink"),
    "designation_played_since": ("no", "yes"),
    "fifth_by_role": ("defender", "declarer"),
    "dummy_card_noticed": ("before", "after"),
    "claim_response": ("disputed", "played_on"),
    "cards_problem": ("extra_card", "too_many"),
    "cards_stage": ("before_call", "after_call"),
    "cards_seen": ("no", "yes"),
    "score_found_when": ("in_period", "too_late"),
    "dummy_period": ("during", "after"),
    "cards_lead_faced": ("no", "yes"),
    "retract_reason": (
        "illegal",
        "proper_lead",
        "before_relead",
        "misnamed",
        "changed_mind",
        "opponent_changed",
    ),
    "dummy_event": (
        "wrong_hand",
        "called_director",
        "asked_revoke",
        "pointed_out",
        "took_part",
        "looked_defender",
        "touched_card",
        "watched",
    ),
    "penalty_cards_held": ("major", "minor", "several_one_suit", "several_suits"),
    "exposed_role": ("defender",),
    "exposed_rank": ("honour", "spot"),
    "exposed_how": ("named",),
    "exposed_event": ("exposed",),
    **INFORMATION_FACTS,
    **AUCTION_FACTS,
    **PLAY_FACTS,
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
    """Shorthand read in every text."""
    abbreviations_when: tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...]
    """Shorthand read only where the text has the words of its third pattern ('T2' is a
    trick in a story of the play; a table or nothing elsewhere)."""
    correct_to: tuple[str, ...]
    known: frozenset[str]
    acts: Mapping[str, re.Pattern[str]]
    holdings: Mapping[str, re.Pattern[str]]
    lead_claims: re.Pattern[str]
    timing: Mapping[str, re.Pattern[str]]
    phrases: Mapping[str, re.Pattern[str]]
    """wrong_leader, before_partner, defective, period_over, played_cards: words that prove a
    state of the play."""
    told: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Irregularity kind -> the table's words that show it happened."""
    dummy_acts: tuple[tuple[str, re.Pattern[str]], ...] = ()
    """What dummy did, in the order a story telling several is read (the first found)."""
    information: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """Who received information and from where: cards seen, words overheard, records seen,
    a call taken back and a question about using it."""
    auction: Mapping[str, re.Pattern[str]] = field(default_factory=dict)
    """The words of the auction's state: a player barred, a turn skipped, a call cancelled,
    the play reached."""


_SUIT = r"(?P<suit>spades?|hearts?|diamonds?|clubs?|[shdc♠♥♦♣])"
_SEAT_WORD = r"(?:north|east|south|west|[nesw]|lho|rho|pd|partner|i|declarer|dummy)"


_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|\d{1,2})"
_RANK_WORD = r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)"
_CARD = (
    r"(?:(?:the|a|an|his|her|my|their|its) )?(?:(?:small|low|little) )?"
    r"(?:[shdc♠♥♦♣](?:10|[akqjt2-9])|(?:10|[akqjt2-9])[shdc♠♥♦♣]"
    r"|(?:10|[akqjt2-9]|" + _RANK_WORD + r") of (?:spades|hearts|diamonds|clubs|trumps?)"
    r"|(?:spade|heart|diamond|club|trump) (?:10|[akqjt2-9]|" + _RANK_WORD + r"))(?!\w)"
)
"""A card named as players type it: 'the ♦K', 'sK', 'the 7 of spades', 'the heart ten'."""
_CHOICE = lazy_pattern(r"\\\[(.*?)\\\]")
"""An escaped ``[a|b|c]`` in a phrase: any one of the words; an empty one makes it optional."""


def _phrase_body(words: str) -> str:
    """A vocabulary phrase as a pattern, without the word boundaries around it. Besides plain
    words a phrase may use ``...`` (up to four words between), ``{suit}``, ``{seat}``, ``{n}``
    (a count: "one", "2", "a"), ``{card}`` (a card named: "the ♦K", "sK", "the heart ten")
    and ``[a|b]`` (either word), so one line covers the ways a table says the same thing."""
    out = re.escape(words.lower()).replace(r"\ \.\.\.\ ", r"\W+(?:\w+\W+){0,4}?")
    out = out.replace(r"\{suit\}", _SUIT).replace(r"\{seat\}", _SEAT_WORD)
    out = out.replace(r"\{n\}", _COUNT)
    out = out.replace(r"\{card\}", _CARD)
    return _CHOICE.sub(lambda m: "(?:" + m.group(1).replace(r"\|", "|") + ")", out)


def _phrase(words: str) -> str:
    return rf"(?<!\w){_phrase_body(words)}(?!\w)"


def _any_of(phrases: list[str]) -> re.Pattern[str]:
    """One pattern for a list of phrases, longest first. The word boundaries stand outside
    the alternatives: the same matches, but the regex engine can skip ahead on a first
    letter no phrase starts with, about ten times faster over a message."""
    if not phrases:
        return lazy_pattern(r"(?!)")  # no words: never matches (an empty pattern matches all)
    ordered = sorted(phrases, key=len, reverse=True)
    bodies = [_phrase_body(p) for p in ordered]
    if any("{suit}" in p for p in ordered):
        # one suit group per alternative is not allowed: each alternative gets its own name
        bodies = [b.replace("(?P<suit>", f"(?P<suit{i}>") for i, b in enumerate(bodies)]
    return lazy_pattern(r"(?<!\w)(?:" + "|".join(bodies) + r")(?!\w)")


@once
def load_vocabulary(path: Path, knowledge_fingerprint: str = "") -> Vocabulary:
    """The vocabulary file of an edition, read once and kept in the knowledge cache (a
    command such as ``rulingbot ask`` starts without reading YAML). Its patterns are lazy:
    the cache keeps their sources and each compiles on its first use."""
    key = cache.fingerprint([path]) + knowledge_fingerprint
    name = cache.name_for("vocabulary", key)
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
        if "examples" in source.relative_to(root.parent).parts:
            continue  # players' own typing, typos and all: not words to correct towards
        known.update(_WORD.findall(source.read_text(encoding="utf-8").lower()))
    contractions = tuple(
        (lazy_pattern(_phrase(k), re.IGNORECASE), v)  # flags as _any_rewrite joins them
        for k, v in sorted(doc.get("contractions", {}).items(), key=lambda kv: -len(kv[0]))
    )
    abbreviations = tuple(
        (lazy_pattern(r["pattern"], re.IGNORECASE), r["means"])
        for r in doc.get("abbreviations", [])
        if "when" not in r
    )
    abbreviations_when = tuple(
        (
            lazy_pattern(r["pattern"], re.IGNORECASE),
            r["means"],
            lazy_pattern(r["when"], re.IGNORECASE),
        )
        for r in doc.get("abbreviations", [])
        if "when" in r
    )
    correct_to = tuple(dict.fromkeys(doc.get("correct_to", [])))
    return Vocabulary(
        contractions,
        abbreviations,
        abbreviations_when,
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
                "proper_leader",
                "before_partner",
                "before_turn",
                "defective",
                "too_many",
                "period_over",
                "played_cards",
                "retraction_asked",
                "fifth_card",
                "misplaced",
            )
        },
        {kind: _any_of(words) for kind, words in doc.get("told", {}).items()},
        tuple((kind, _any_of(words)) for kind, words in doc.get("dummy_acts", {}).items()),
        {kind: _any_of(words) for kind, words in doc.get("information", {}).items()},
        {kind: _any_of(words) for kind, words in doc.get("auction", {}).items()},
    )


_WORD = lazy_pattern(r"[a-z][a-z']+")
_NOT_WORDS = frozenset({"opend", "partnr", "spde", "mistke"})
"""Misspellings the knowledge quotes as examples: never taken as known words."""


# -- the normal form ---------------------------------------------------------------------------


def normal_form(text: str, vocabulary: Vocabulary) -> str:
    """The text as meant: contractions and shorthand spelt out, slips corrected. Case kept
    where nothing changed (the story reads "N" as North only in capitals)."""
    out = " ".join(rewrite_auction_grids(text.replace("’", "'")).split())
    out = _TRAILING_OFF.sub(" ", out)
    contraction, abbreviation = _any_rewrite(vocabulary)
    if contraction.search(out):  # one scan instead of one per contraction (most have none)
        for pattern, plain in vocabulary.contractions:
            out = pattern.sub(plain, out)
    if abbreviation.search(out):
        for pattern, plain in vocabulary.abbreviations:
            out = pattern.sub(plain, out)
    for pattern, plain, when in vocabulary.abbreviations_when:
        if when.search(out) and pattern.search(out):
            out = pattern.sub(plain, out)
    return _TOKEN.sub(lambda m: _corrected(m.group(0), vocabulary), out)


_TRAILING_OFF = lazy_pattern(r"(?:\.{2,}|…)\s*(?=\d)")
"""'i bid... 2s': a pause in the telling before what was said, not the end of a sentence."""
_PHRASE_EDGES = (r"(?<!\w)", r"(?!\w)")
_NOT_JOINABLE = lazy_pattern(r"\\[1-9]|\(\?P|\(\?[aiLmsux]+\)")
"""A back-reference, a group name or a global flag: a pattern that cannot be one alternative
of many and keep its meaning."""


@lru_cache(maxsize=8)
def _any_rewrite(vocabulary: Vocabulary) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Per list (contractions, abbreviations), one pattern found where any of them is: a text
    none of them is in is left as it is without trying each. Where the list cannot be joined,
    a pattern found everywhere (each is tried, as before)."""

    def joined(patterns: list[str]) -> re.Pattern[str]:
        if any(_NOT_JOINABLE.search(p) for p in patterns):
            return lazy_pattern("")
        if not patterns:
            return lazy_pattern(r"(?!)")
        before, after = _PHRASE_EDGES
        if all(p.startswith(before) and p.endswith(after) for p in patterns):
            # phrases: the word edges outside, so the engine can skip on a first letter
            bodies = (p[len(before) : -len(after)] for p in patterns)
            return lazy_pattern(f"{before}(?:{'|'.join(bodies)}){after}", re.IGNORECASE)
        return lazy_pattern("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)

    return (
        joined([p.pattern for p, _ in vocabulary.contractions]),
        joined([p.pattern for p, _ in vocabulary.abbreviations]),
    )


_TOKEN = lazy_pattern(r"(?<![\w'])[A-Za-z]{4,}(?![\w'])")


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
    settled: bool = False
    """Put right at the table with nothing left to rule (a wrong-hand lead taken back): told,
    but not what the story asks about when it tells another."""


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
        """In the order told, those already settled at the table after the others."""
        told = sorted(self.irregularities, key=lambda i: i.settled)
        return tuple(dict.fromkeys(i.kind for i in told))


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
    found += _plays_before_partner(lowered, events, play, vocabulary, facts)
    found += _defective_tricks(lowered, play, vocabulary, facts)
    found += _dummy_wrong_card(lowered, vocabulary, facts)
    told = _told(lowered, events, play, vocabulary) + _scores_told(lowered, events, vocabulary)
    for irregularity in told:  # what the table's words prove, unless the story proved it first
        if irregularity.kind == "revoke_inspection":
            facts.update(irregularity.facts)  # the look asked for is the question, not the revoke
        for key, value in irregularity.facts.items():
            facts.setdefault(key, value)
    found += told
    required = _REQUIRED_NOT_PLAYED.search(lowered)
    if required is not None:  # the card a rectification required, not played: 61A via 57A
        proven = {"premature_event": "not_complied"}
        facts.update(proven)
        found.append(Irregularity("required_card_not_played", required.start(), proven))
    tricks = _declarer_tricks(lowered, play)
    if tricks is not None:
        details["declarer_tricks"] = str(tricks)
    found += _auction_irregularities(story, lowered, vocabulary, facts, play.declarer, events)
    found += _auction_state(lowered, story, play, events, vocabulary, found, facts)
    if not found:  # what the calls alone prove, when nothing else is
        found += _call_at_anothers_turn(story, lowered, events, vocabulary) or _call_changed(
            story, lowered, events, vocabulary
        )
    suggested, excluded = _call_shape(reading, story)
    information = _information(lowered, events, story, play, vocabulary, facts)
    if any(i.kind in _AFTER_WITHDRAWAL for i in information):
        found, suggested = [], []  # what was taken back is settled: using it is the question
    if any(
        i.kind == EXPLANATION_DIFFERS
        and i.facts.get("explanation_situation") in ("own_explanation", "partner_explanation")
        for i in information
    ):  # our side's alert or explanation not our agreement, nobody asking what he may now
        # do: the opponents' misinformation (Law 20F, 75), not what it told partner (16B)
        found = [i for i in found if i.kind != "partner_remarked"]
    if any(i.kind == CARD_SEEN for i in information):  # the seeing told first: Law 16D
        found = [i for i in found if i.kind != CARD_EXPOSED]
    if information and story.typed_auction is None and _told_auction(story) is None:
        # a call told in prose as the background of an information matter (what a call
        # showed, an explanation, a psych): the information is the question
        found = [i for i in found if i.kind not in _PROSE_CALL_KINDS]
    if any(i.kind == CARD_EXPOSED for i in found):  # exposed in the auction: Law 24, not 49
        found = [i for i in found if i.kind != "card_exposed"]
    found += information
    spoke = _DUMMY_SPEAKS.search(reading)
    if spoke is not None:  # dummy speaking up is about his rights, whatever he spoke of
        found.append(Irregularity("dummy_spoke", spoke.start()))
    suggested += _play_shape(reading)
    if _complete_dummy_card(reading):
        excluded.append("complete_card_named")
    if _play_begun(events):
        excluded.append("play_begun")
    elif _only_calls(lowered, events, play) and not _play_told(lowered, play, vocabulary):
        excluded.append(CALLS_ONLY)
    found = _revoke_inquiry(lowered, events, play, found, facts)
    found.sort(key=lambda i: i.start)
    found = _played_before_relead(lowered, found)
    found = _after_irregular_lead(found, _LEAD_OUT_OF_TURN.search(lowered) is not None, lowered)
    found = _retraction_asked(lowered, found, vocabulary, facts)
    if not vocabulary.timing["options_asked"].search(lowered):  # the other's options asked
        found = _dummy_first(found)
    found = _dummy_asked_about(lowered, found)
    found = _count_after_agreed_claim(found, lowered)
    if {"defective_trick", "two_cards_played", "fifth_card"} & {i.kind for i in found} or (
        _A_TRICK_SKIPPED.search(lowered)
    ):  # a hand a card short or over because of a trick: the trick is the matter (67)
        found = [i for i in found if i.kind != "wrong_card_count"]
    if {"card_named", "card_exposed"} <= {i.kind for i in found}:
        # named and put face up too: the card on the table is the matter (Law 49)
        found = sorted(found, key=lambda i: i.kind != "card_exposed")
    if found and found[0].kind == "played_before_turn":
        facts.update(found[0].facts)
    for key, value in _what_the_play_irregularity_was(
        lowered, found, events, play, vocabulary
    ).items():
        facts.setdefault(key, value)
    found = _two_cards_on_a_trick(lowered, found, vocabulary, facts)
    found = _fifth_card(lowered, found, play, vocabulary, facts)
    found = _designation_changed(lowered, found, facts)
    found = _played_meaning_another(lowered, events, play, found, facts)
    found = _played_then_taken_back(lowered, events, found)
    found = _dummys_card_handled(lowered, found, facts)
    for key, value in read_play_facts(lowered, events, play, vocabulary).items():
        facts.setdefault(key, value)  # what the structure states, unless a reader proved it
    if facts.get("lead_trick") in ("later", "thirteen"):
        # a lead the lead reader placed after a trick won ('won in hand, then led from dummy'):
        # not the opening lead, even where no card was told as 'led'
        facts.setdefault("lead_trick_told", facts["lead_trick"])
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
            if (
                act == "remark"
                and match.group(0) in ("go", "goes", "went")
                and not _SPOKEN_AT_ONCE.match(lowered, match.end())
            ):
                continue  # 'dummy went down, she said ...': 'went' speaks only before a quote
            if (
                act == "hesitate"
                and match.group(0) == "bit"
                and (
                    _A_LITTLE.search(lowered, max(0, match.start() - 8), match.start())
                    or lowered.startswith((" of", " more", " late", " too"), match.end())
                )
            ):
                continue  # 'a bit of a tremor': the English word, not a break in tempo
            if act == "ruff" and _TRUMPS_NOUN.search(lowered, 0, match.start()):
                continue  # 'drew trumps', 'the first round of trumps': the suit, no ruff
            if act == "play" and (
                _WHOLE_HAND.match(lowered, match.end())
                or _CALL_CARD.match(lowered, match.end())
                or _CALL_NAMED.match(lowered, match.end())
            ):
                continue  # 'put down his hand', 'put out a pass card': no card played
            if act == "play" and _CALLS_BEFORE.search(
                lowered, max(0, match.start() - 12), match.start()
            ):
                continue  # 'two more passes followed': calls came after, no card followed
            floor = clause_start(lowered, match.start())
            if inside:
                floor = clause_start(lowered, next(a for a, b in quoted if a <= match.start() < b))
                position = next(a for a, b in quoted if a <= match.start() < b)
            else:
                position = match.start()
            said_until = floor
            quote = next((q for q in reversed(quoted) if floor <= q[0] and q[1] <= position), None)
            refs = [p.start for p in play.story.players] + [r.start for r in play.roles]
            if quote is not None and not any(quote[1] <= ref < position for ref in refs):
                # "he said 'my pd has the ace' and showed his cards": the speaker showed them
                position, said_until = quote[0], quote[1]
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
            # after a remark, only the words since it can make the act hearsay
            said_before = [b for a, b in quoted if floor <= a and b <= position]
            told_from = max([said_until, *said_before])  # after "said 'your lead'"
            unproven = lowered[floor:position]
            if told_from != floor:
                unproven = lowered[told_from : match.start()]
            if UNPROVEN_BEFORE.search(unproven):
                how.add("alleged")  # 'the defender said declarer led': not proven
            if act in _CARD_ACTS and _NOT_YET_DONE.search(
                lowered, max(floor, position - 40), position
            ):
                how.add("alleged")  # 'before his partner had played': a play still to come
            if vocabulary.timing["face_up"].search(clause):
                how.add("face_up")
            if vocabulary.timing["face_down"].search(clause):
                how.add("face_down")
            if act in ("discard", "ruff") and (
                _held_nearby(lowered, match.end(), vocabulary)
                or _held_later(lowered, match, seat, play)
                or inquiry_answered(lowered, match.start(), match.end()) is not None
            ):
                how.add("held_suit")
            if act == "play" and (
                _played_off_suit(lowered, match.end(), vocabulary)
                or _off_suit_then_found(lowered, match.start(), match.end())
            ):
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


_CALL_NAMED = lazy_pattern(
    rf"\s+(?:an?\s+|the\s+|his\s+|her\s+|my\s+)?(?:{BID_PATTERN}(?![\w♣♦♥♠])|pass\b|double\b|"
    r"redouble\b)",
    re.IGNORECASE,
)
"""'came in with a 1S overcall', 'jumped in with double': a call, not a card."""
_CALLS_BEFORE = lazy_pattern(r"\b(?:pass|passes|bids|calls|doubles|redoubles)\s+$")
_A_LITTLE = lazy_pattern(r"\b(?:a|little|tiny|quite a)\s+$")
_HELD_NAMED = lazy_pattern(
    r"(?<!can )(?<!could )(?<!may )(?<!might )i(?: have| still have|'ve still got|'ve got"
    r"| still got) the (?!rest\b|remaining\b|last\b)"
)
"""A card named as held ('I've still got the ace'), not as the one to be played: exposed by
naming it (docs/labelling.md 1), a defender's a penalty card (49), declarer's not (48A)."""
_SPOKEN_AT_ONCE = lazy_pattern(r"\s*(?:like\s*)?[,:]?\s*['\"]")
"""'pd goes 'hang on'': go, goes and went are speech only with the words right after them."""
_TRUMPS_NOUN = lazy_pattern(
    r"\b(?:drew|draw|draws|drawing|of|the|his|her|my|our|their|small|high|low|a|no|two|three"
    r"|all|some|any|remaining|last|top|pulled|pulling|cashed|leading|led)\s+$"
)
"""Before 'trump(s)': the word names the suit ('drew trumps'), not a ruff."""
_CALL_CARD = lazy_pattern(
    r"\W*(?:\w+\W+){0,1}?(?:pass|double|redouble|stop|bid|bidding|alert)(?: cards?)?\b"
)
"""A bidding-box card put out ('put out a pass card'): a call, not a play."""
_NOT_YET_DONE = lazy_pattern(
    r"\b(?:before|until|till)\s+(?:[\w']+\s+){1,3}?(?:had\s+|has\s+|could\s+|even\s+)*$"
)
"""'before E (his partner) had played', 'until dummy had followed': the act named had not
happened when the story's act did."""
_WHOLE_HAND = lazy_pattern(
    r"[^\w.;!?]*(?:(?:his|her|my|their|the|all|whole|entire|remaining|rest|of)\W+){0,3}"
    r"(?:hand|cards|dummy|rest|lot)\b"
)
"""After 'put down': a whole hand, in the same sentence ('put the HQ on the table. dummy
...' put a card)."""
_ASIDE = lazy_pattern(r"(?<![\w'])([\w']+)\s*\([^)]{1,40}\)\s*$")
_BY_PLAYER = lazy_pattern(r"\s+by\s+(?:my\s+)?(?P<who>[a-z']+)")
_WON = lazy_pattern(r"\bwon (?:it|the trick|that trick)\b")
_OTHER_WINNER = lazy_pattern(
    r"\b(?:we|they|i|he|she|dummy|board|declarer|partner|pd|lho|rho|north|south|east|west|"
    r"[nesw])\b"
)
_WON_ELSEWHERE = lazy_pattern(
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
    return [(m.start(), m.end()) for m in _QUOTE.finditer(lowered)]


_QUOTE = lazy_pattern(r"'(?:[^']|(?<=[a-z])'(?=[a-z])){2,120}'(?![a-z])|\"[^\"]{2,120}\"")
"""A remark in quotes, its own contractions kept inside ('i've still got the king')."""


def _held_nearby(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """A holding named right after a discard ('threw a club (had a spade hiding)'), of the
    suit led when the sentence names one."""
    window = lowered[position : position + 60]
    stop = re.search(r"[.;!?]", window)
    held = vocabulary.holdings["held_suit"].search(window[: stop.start()] if stop else window)
    if held is None:  # told first: 'i had a club left over at the end, i must have discarded'
        begun = max(lowered.rfind(c, 0, position) for c in ".;!?") + 1
        before = lowered[max(begun, position - 80) : position]
        held = vocabulary.holdings["held_suit"].search(before)
    if held is None:
        return False
    suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    floor = clause_start(lowered, position)
    led = _LED_SUIT.search(lowered[floor : position + (stop.start() if stop else 60)])
    if suit is None or led is None:
        return True
    return _suit_letter(suit) == _suit_letter(next(g for g in led.groups() if g))


def _held_later(lowered: str, act: re.Match[str], seat: Seat | None, play: PlayStory) -> bool:
    """The same player shown, a sentence or two on, to have held the suit he did not follow:
    'RHO ruffed my diamond ... at trick 11 he follows with a diamond', 'W threw a heart. T4
    trump, W followed with the S4!! so he had one on T3', '... turns out he had the S2'. The
    holding must be his (himself or 'he', nobody else named first), and a suit named must be
    the one he ruffed or discarded on."""
    window = lowered[act.end() : act.end() + 160]
    found = sorted(
        [*_HAD_ONE.finditer(window), *_FOLLOWED_WITH.finditer(window)], key=lambda m: m.start()
    )
    led = _suit_led_at(lowered, act)
    return any(_his_holding(held, act, seat, play, led) for held in found)


def _suit_led_at(lowered: str, act: re.Match[str]) -> str | None:
    """The suit he ruffed or discarded on, when the words name it."""
    on = (
        _RUFFED_ON.match(lowered, act.end()) if act.group(0).startswith(("ruff", "trump")) else None
    )
    if on is None:  # 'showed out of diamonds', 'threw a club on my heart lead'
        on = _OUT_OF.match(lowered, act.end()) or _ON_LEAD.search(
            lowered, act.end(), clause_end(lowered, act.end())
        )
    if on is None:  # 'T5 diamond led, W pitched a club'
        on = _SUIT_LED_BEFORE.search(lowered, clause_start(lowered, act.start()), act.start())
    return _suit_letter(next(g for g in on.groups() if g)) if on else None


def _his_holding(
    held: re.Match[str], act: re.Match[str], seat: Seat | None, play: PlayStory, led: str | None
) -> bool:
    at = act.end() + held.end()
    subject = next(
        (p for p in play.story.players if act.end() + held.start() <= p.start < at), None
    )
    if subject is not None and subject.kind != "pronoun":
        if seat is None or subject.seat is not seat:
            return False  # 'LHO follows with a diamond': another player's card
    elif any(
        act.end() <= p.start < at and p.kind != "pronoun" and (seat is None or p.seat is not seat)
        for p in play.story.players
    ):
        return False  # another player named: the holding may be his
    named = held.group("suit") or held.group("card")
    if named is None:
        return True  # 'he had one all along': of the suit he did not follow
    if led is None:
        # 'followed with a spade' proves nothing of the suit led (by source: _HAD_ONE is lazy)
        return held.re.pattern == _HAD_ONE.pattern
    return _suit_letter(named) == led


_HAD_ONE = lazy_pattern(
    r"\b(?:(?:he|she|but|yet|and|i|[nesw]|north|south|east|west|lho|rho|pd|partner) "
    r"(?:then |later |still )?(?:had|held|still had|still has|has)"
    r"|there(?:'s| is| was)) "
    r"(?:one\b(?! more| trick| left| of| too| card)"
    r"|(?:a|the) (?P<suit>spade|heart|diamond|club)\b"
    r"|(?:the |a )?(?P<card>[shdc♠♥♦♣])(?:10|[2-9akqjt])\b)"
)
_FOLLOWED_WITH = lazy_pattern(
    r"\b(?:he|she|\w+) (?:(?:follows|followed) (?:suit )?with|turned up with|turns up with|produced"
    r"|played|plays|later played|then played|won (?:the last trick |a trick |the trick |it )?with"
    r"|pulled|pulls|pulled out|found|finds|dug out|digs out|fished out|fishes out)"
    r" (?:a|the|his|her) (?:small |low )?"
    r"(?:(?P<suit>spade|heart|diamond|club|trump)\b|(?P<card>[shdc♠♥♦♣])(?:10|[2-9akqjt])\b)"
)
_RUFFED_ON = lazy_pattern(
    r"\s+(?:on\s+)?(?:my|the|a|his|her|your|their|partner's|pd's)\s+(?:small\s+|low\s+)?"
    r"(spade|heart|diamond|club)s?\b"
)
"""'ruffed my diamond', 'discarded on a spade': the suit led."""
_OUT_OF = lazy_pattern(
    r"\s*(?:on|of)\s+(?:(?:my|the|a|his|her|your|their|partner's|pd's)\s+)?(?:small\s+|low\s+)?"
    r"(spade|heart|diamond|club)s?\b"
)
_SUIT_LED_BEFORE = lazy_pattern(r"\b(spade|heart|diamond|club)s? (?:was |were )?led\b")
_ON_LEAD = lazy_pattern(
    r"\bon (?:my|the|a|his|her|your|their|partner's|pd's) (?:\w+ )?(spade|heart|diamond|club)s?\b"
    r"|\bround of (spade|heart|diamond|club|trump)s?\b"
)


def _played_off_suit(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """'played a heart ... when clubs were led and he still had a club': a card of another
    suit than the one led, the led suit held - a revoke shown, not said."""
    card = _PLAYED_SUIT.match(lowered, position)
    if card is None:
        return False
    window = lowered[position : position + 90]
    stop = re.search(r"[.;!?]", window)
    window = window[: stop.start()] if stop else window
    # the suit led after the card ('when clubs were led', 'on the diamond lead') or before it
    # in the sentence ('hearts were led and i followed with a spade')
    led = (
        _LED_SUIT.search(window)
        or _ON_LEAD.search(window)
        or _SUIT_LED_BEFORE.search(lowered, clause_start(lowered, position), position)
    )
    held = vocabulary.holdings["held_suit"].search(window)
    realised = _REALISED_HELD.search(window)
    if led is None and realised is not None:
        # 'followed with a spade, then realised i had a heart': the suit he finds he held
        # is the one he should have played
        return suit_letter(realised.group(1)) != suit_letter(card.group(1))
    if led is None or held is None:
        return False
    held_suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    led_suit = _suit_letter(next(g for g in led.groups() if g))
    return (
        held_suit is not None
        and _suit_letter(held_suit) == led_suit
        and _suit_letter(card.group(1)) != led_suit
    )


def _of_another_suit(lowered: str, position: int) -> bool:
    """'played a spade on partner's heart lead': a card of another suit than the one led."""
    card = _PLAYED_SUIT.match(lowered, position)
    if card is None:
        return False
    led = _ON_LEAD.match(lowered, card.end() + 1) or _ON_LEAD.match(lowered, card.end())
    if led is None:
        return False
    return suit_letter(card.group(1)) != suit_letter(next(g for g in led.groups() if g))


def _off_suit_then_found(lowered: str, start: int, position: int) -> bool:
    """'played a diamond on a heart, pd says 'no hearts?' and he changes it': a card of
    another suit than the one he was asked about, and then one of that suit found."""
    card = _PLAYED_SUIT.match(lowered, position)
    asked = inquiry_answered(lowered, start, position) if card is not None else None
    return bool(asked) and card is not None and suit_letter(card.group(1)) != asked


_REALISED_HELD = lazy_pattern(
    r"\b(?:realised|realized|noticed|saw|found|discovered|remembered)\s+(?:that\s+)?"
    r"(?:i|he|she)\s+(?:still\s+)?(?:had|has|have|held)\s+(?:a|one|another|the)\s+"
    r"(?:small\s+|low\s+)?(spade|heart|diamond|club)s?\b"
)
_PLAYED_SUIT = lazy_pattern(
    r"\s+(?:(?:suit\s+)?with\s+)?(?:a|an|the|my|his|her)\s+(?:small\s+|low\s+)?"
    r"(spades?|hearts?|diamonds?|clubs?)\b"
)
_LED_SUIT = lazy_pattern(
    r"\b(?:led|leads|lead) (?:a |the |an |his |her )?(?:\w+ )?(spades?|hearts?|diamonds?|clubs?)\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) (?:was|were) led\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) from (?:the )?(?:dummy|board|hand)\b"
)


def _suit_letter(word: str) -> str:
    return {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}.get(word[0], word[0])


_TRICK_NUMBER = lazy_pattern(r"\btrick (1[0-3]|[1-9])\b|\b(1[0-3]|[1-9])(?:st|nd|rd|th) trick\b")


def _trick_of(clause: str, act: int) -> int | None:
    """The trick the act was on: one trick number in its clause, with no other happening
    ('we noticed', 'found') between it and the act."""
    numbers = set()
    for m in _TRICK_NUMBER.finditer(clause):
        if 0 <= act - m.end() <= 12 and re.fullmatch(r"[\s,]*(?:\w+\s*)?", clause[m.end() : act]):
            return int(m.group(1) or m.group(2))  # 'at trick 6 S led': the trick told with it
        between = clause[act : m.start()]
        if (
            0 < m.start() - act <= 32
            and not _ANOTHER_MOMENT.search(between)
            and not _REPEATED.search(clause)
        ):
            return int(m.group(1) or m.group(2))  # 'showed out of diamonds at trick 3'
        between = clause[min(m.end(), act) : max(m.start(), act)]
        if not _NOTICED.search(between):
            numbers.add(int(m.group(1) or m.group(2)))
    return numbers.pop() if len(numbers) == 1 else None


_REPEATED = lazy_pattern(r"\bagain\b|\btwice\b|\bboth\b")
"""'revoked at trick 5 and again at trick 12': one act told twice, at two tricks."""
_ANOTHER_MOMENT = lazy_pattern(r"\b(?:but|then|later|and|when|after|before|until|while)\b|,")
_NOTICED = lazy_pattern(
    r"\b(?:noticed|spotted|found|realised|discovered|saw|pointed out|called|summoned)\b"
)


_WINNER = lazy_pattern(r"\btrick (1[0-3]|[1-9]) \((north|east|south|west|[nesw])\)")


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
    if not shown and _TRICK_OF_THREE.search(lowered):
        said = []  # 'never followed ... the trick was taken with three cards': no card played (67)
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
    found_later = trick is not None and any(
        int(m.group(1) or m.group(2)) >= trick + 2 for m in _TRICK_NUMBER.finditer(lowered)
    )  # 'revoked at t6, noticed at t9 before the next trick': the side played on to t7
    if timing["before_next_trick"].search(lowered) and not found_later:
        proven["revoke_noticed"] = "before_established"
    elif timing["after_session"].search(lowered):
        proven["revoke_noticed"] = "round_over"
    elif timing["next_deal_called"].search(lowered) and _against_us(play, first):
        proven["revoke_noticed"] = "next_deal"  # the non-offenders called on the next board
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
    if "revoke_trick_won" not in proven:
        won = _won_by_role(lowered, first)
        if won is not None:
            proven["revoke_trick_won"] = won
    proven["revoke_event"] = "revoke"
    if (
        first.role is not None
        and "alleged" not in first.how
        and not _DUMMY_CARD.search(lowered[first.start : first.end + 30])
    ):
        proven["revoke_offender_role"] = first.role
    facts.update(proven)
    found = [Irregularity("revoke", first.start, proven)]
    told_from = max(lowered.rfind(c, 0, first.start) for c in ".;!?") + 1
    # the card taken back is what the story asks about, if it is the revoke's (a lead
    # taken back in an earlier sentence is another card)
    corrected = _TAKEN_BACK.search(lowered, told_from) or vocabulary.told["card_taken_back"].search(
        lowered, told_from
    )  # 'card back?': the card he asks to take back
    if corrected is not None and not (
        inquiry_answered(lowered, first.start, first.end) is not None
        and "?" not in lowered[corrected.end() : clause_end(lowered, corrected.end()) + 1]
    ):  # 'no hearts?' - 'oops', and he changes it: the answer, not a card he asks to take back
        found.insert(0, Irregularity("revoke_corrected", first.start))
    return found


def _revoke_inquiry(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """A player asked 'no hearts?' (Law 61B) of one who did not follow. Dummy may ask only
    declarer (Law 42B1): dummy asking a defender is dummy acting (43A1), whatever came of it.
    Otherwise, when no revoke came of it, what the story asks is whether he might ask; dummy's
    question of declarer, told as dummy acting, is ruled as his right first (the dummy topic
    hands the inquiry on)."""
    if not any(
        e.act in ("discard", "ruff", "revoke")
        or (e.act == "play" and _of_another_suit(lowered, e.end))
        for e in events
    ):
        return found  # 61B is a question to a player who did not follow: none told
    speakers = [
        (
            p.start,
            p.end,
            p.words.lower(),
            (p.seat is not None and role_at(play, p.seat) == "dummy")
            or (p.kind == "speaker" and play.speaker_role == "dummy"),
        )
        for p in play.story.players
    ]
    speakers += [(r.start, r.end, lowered[r.start : r.end], r.role == "dummy") for r in play.roles]
    speakers.sort()
    shown_out = [
        (e.start, e.role or (role_at(play, e.actor) if e.actor is not None else None))
        for e in events
        if e.act in ("discard", "ruff", "play", "revoke")
    ]
    asked = inquiries(lowered, speakers, shown_out)
    if not asked:
        return found
    first = asked[0]
    if first.by_dummy and not first.of_declarer:
        if any(i.kind in ("dummy_acted", "dummy_spoke") for i in found):
            return found
        return [*found, Irregularity("dummy_acted", first.start)]
    if any(i.kind == "revoke" for i in found):
        return found  # the answer showed a revoke: that is the matter
    if not _ASKING_QUESTIONED.search(lowered):
        # the story may go on ('...and later he had one'): whether it asks about the question
        # or a revoke is asked, not taken (tests/data/adversarial.yaml)
        return [*found, Irregularity("revoke_asked", first.start)]
    facts.setdefault("revoke_event", "inquiry")
    return [*found, Irregularity("revoke_asked", first.start, {"revoke_event": "inquiry"})]


_ASKING_QUESTIONED = lazy_pattern(
    r"\b(?:may|can|could|allowed to|entitled to|the right to|supposed to)\s+(?:[\w']+\s+){0,2}?"
    r"ask\b|\bask(?:ing)?\b[^.;!?]{0,30}\b(?:allowed|legal|illegal|permitted)\b"
    r"|\b(?:is|was) (?:that|this|it) (?:okay|ok|allowed|legal|permitted)\b"
    r"|\bif (?:that|this|it)(?:'s| is| was) (?:okay|ok|allowed|legal|permitted)\b"
    r"|\bfishing\b|\bpassing information\b|\bthey're allowed\b"
    r"|^[^.;!?]*'[^']*\?'[^.;!?]*\.\s*allowed\?"
)
"""'opps say only his partner may ask', 'was i allowed to ask': the question is the asking."""


def _count_after_agreed_claim(found: list[Irregularity], lowered: str) -> list[Irregularity]:
    """A claim agreed at the table, then the count of tricks disputed ('N spread, EW accepted;
    after the move EW say they took 4'): the agreed result is what is questioned (Law 79),
    not the claim (a trick the claim could not have given is another matter, 69B)."""
    kinds = [i.kind for i in found]
    if "score_disputed" not in kinds or not {"claim", "concession"} & set(kinds):
        return found
    claim = next(i for i in found if i.kind in ("claim", "concession"))
    count = next(i for i in found if i.kind == "score_disputed")
    if claim.start > count.start or not _AGREED_CLAIM.search(lowered, claim.start, count.start):
        return found
    return [count, *(i for i in found if i is not count)]


_AGREED_CLAIM = lazy_pattern(r"\b(?:agreed|accepted|acquiesced|nodded|said ok|said fine)\b")


def _dummy_first(found: list[Irregularity]) -> list[Irregularity]:
    """Dummy acting in a story of another irregularity - calling the director over a lead
    out of turn, crying 'he revoked!' - is what it asks about: dummy may draw attention to
    an irregularity only after the play (Law 42B3, 43A1), and his act decides what follows.
    Dummy asking to see a trick is that request, ruled with who asked (Law 66)."""
    dummy = [i for i in found if i.kind in ("dummy_acted", "dummy_spoke")]
    if not dummy or len(dummy) == len(found):
        return found
    if any(i.kind == "trick_inspection" for i in found):
        return [
            *(i for i in found if i.kind == "trick_inspection"),
            *(i for i in found if i.kind != "trick_inspection"),
        ]
    return [*dummy, *(i for i in found if i not in dummy)]


def _against_us(play: PlayStory, revoke: Event) -> bool:
    """The revoke was an opponent's of the speaker: 'we' who called next are the
    non-offending side (Law 64B4)."""
    speaker = play.story.speaker
    if speaker is None or revoke.actor is None or "alleged" in revoke.how:
        return False
    return speaker.relation_to(revoke.actor) in ("lho", "rho")


def _won_by_role(lowered: str, revoke: Event) -> str | None:
    """Who won the revoke trick, told by role next to it: 'revoke by declarer, trick won by
    dummy'; 'he won that trick in hand' in the sentence after."""
    if revoke.role not in ("declarer", "defender") or "alleged" in revoke.how:
        return None
    window = lowered[revoke.start : clause_end(lowered, clause_end(lowered, revoke.end) + 1)]
    by = _TRICK_WON_BY.search(window)
    if by is not None:
        winner = by.group("who")
        if revoke.role == "declarer":
            return "offender" if winner == "declarer" else "revoker_partner"
        return "opponents"  # a defender's revoke trick won by declarer's side
    he_won = _HE_WON_IT.search(window)
    between = window[revoke.end - revoke.start : he_won.start()] if he_won else ""
    if he_won is not None and not _ANOTHER_PLAYER.search(between):
        return "offender"  # nobody else named before 'he'
    return None


_ANOTHER_PLAYER = lazy_pattern(
    r"\b(?:declarer|dummy|lho|rho|pd|partner|north|south|east|west|[nesw])\b"
)
_TRICK_WON_BY = lazy_pattern(r"\btrick (?:was )?won by (?P<who>dummy|declarer|the board)\b")
_HE_WON_IT = lazy_pattern(
    r"[.;]\s*(?:and )?(?:he|she) won (?:it|that trick|the trick)\b(?! in dummy| on the board)"
)


_REQUIRED_NOT_PLAYED = lazy_pattern(
    r"\brequired \w+ to play (?:his|her) (?:lowest|highest) (?:spade|heart|diamond|club)s?\b"
    r"[^.;!?]{0,30}?\bbut \w+ (?P<played>played) (?:the |a |his |her )?"
    r"(?:\w+ of )?(?:spades?|hearts?|diamonds?|clubs?)?[^.;!?]{0,12}?\bwhile holding\b"
)
"""'declarer required West to play his lowest heart, but West played the queen of hearts while
holding the 2': a card a rectification required, not played when he could - a revoke (61A)."""
_TAKEN_BACK = lazy_pattern(
    r"\b(?:take|takes|took|taking) (?:the |his |her |my )?(?:card|\w+) back\b"
    r"|\b(?:take|takes|took|taking) back (?:the |his |her |my )?card\b"
    r"|\bcorrected it\b|\bchanges? it\b|\bchanged it\b"
    r"|\bpicked (?:it|the card|his card|her card|my card) back up\b|\bput it back\b"
    r"|\b(?:revoked|reneged),? (?:and )?then corrected\b"
)


_DENIED = lazy_pattern(
    r"\b(?:not|never|no|whether|if|asked|think|thinks|thought|claims?|claimed|says?|said|accused)"
    r"\b[^.;!?]{0,25}$|\b(?:for|about|of) $"
)
"""Before a revoke word: a denial, a question or an accusation ('asked if he had revoked',
'the penalty for ...') - the teller does not say it happened."""
_DUMMY_CARD = lazy_pattern(r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b")


_TRICK_OF_THREE = lazy_pattern(
    r"\b(?:taken|won|gathered|turned|quitted) with (?:only )?(?:three|3) cards\b"
    r"|\btrick\b[^.;!?]{0,20}\b(?:only )?(?:three|3) cards (?:on|in) it\b"
)
_SPECIAL = lazy_pattern(
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
        for e in _leads_told(lowered, events, vocabulary.phrases["wrong_leader"])
        if not _LEAD_BEFORE.search(lowered[max(0, e.start - 30) : e.start])
    ]
    if not leads:
        return []
    lead = leads[0]
    if "alleged" in lead.how and _THOUGHT.search(
        lowered, clause_start(lowered, lead.start), lead.start
    ):
        return []  # 'he thought W led out of turn': a belief, not a lead proven out of turn
    if _IN_TURN.match(lowered[lead.end : lead.end + 25]):
        return []  # 'I led properly': the lead in turn, not the one out of turn
    no_dummy = bool(vocabulary.timing["no_dummy_yet"].search(lowered))
    said_opening = bool(vocabulary.timing["opening"].search(lowered))
    opening = lead.trick == 1 or (
        lead.trick is None and (no_dummy or said_opening or "face_down" in lead.how)
    )  # only the opening lead is made face down (Law 41A)
    proven = False
    sentence = lowered[clause_start(lowered, lead.start) : clause_end(lowered, lead.end)]
    wrong = vocabulary.phrases["wrong_leader"].search(sentence)
    if wrong is not None and not (
        lead.words in ("i", "me") and _MY_OWN_LEAD.search(wrong.group(0))
    ):  # 'I led, it was my lead' says the lead was in turn
        proven = True  # 'the wrong defender led', 'lho led but it was his partner on lead'
    wins = (
        e
        for e in events
        if e.act == "win" and not _WIN_IMAGINED.search(lowered, max(0, e.start - 25), e.start)
    )
    for win in wins:
        before_it = _won_the_trick_before(lowered, win)
        if (
            (
                (lead.actor is not None and win.actor is not None and lead.actor is not win.actor)
                or _speaker_and_partner(lead, win)
            )
            and (
                _same_sentence(lowered, win.start, lead.start)  # not 'W's side won T7' later
                or _won_just_before(lowered, events, win, lead)
                or (before_it and _won_just_before(lowered, events, lead, win))
            )
            and not _one_side_named_hand(lowered, lead, win.actor)
            and (
                lead.trick is None
                or win.trick is None
                or lead.trick == win.trick + 1
                or (lead.trick == win.trick and win.start < lead.start)  # 'won trick 8 and led'
                or (lead.trick == win.trick and _WHO_HAD_WON.match(lowered, lead.end))
                or (lead.trick == win.trick and before_it)  # 'led when E had won the last trick'
            )
        ):
            proven = True  # 'i won trick 8 and rho led'
            if (
                win.trick is not None
                and lead.trick == win.trick
                and win.start > lead.start
                and not before_it
            ):
                # 'led his last club before his partner, who had won trick 12': the number
                # read for the lead was the trick won before it
                lead = replace(lead, trick=win.trick + 1)
    remark = vocabulary.lead_claims.search(lowered, lead.end)
    if remark is not None and re.search(
        r"'|\"|\bgoes\b|\bsaid\b|\bsays\b", lowered[lead.end : remark.start()]
    ):
        proven = True  # another player said it was his lead, right after this one led
        claimant = actor_seat(play, clause_start(lowered, remark.start()), remark.start())
        partners = (
            lead.actor is not None and claimant is not None and claimant is lead.actor.partner
        ) or _partners_by_words(play, lead, clause_start(lowered, remark.start()), remark.start())
        if partners and lead.role is None and not _DECLARING_WORDS.search(lowered):
            lead = replace(lead, role="defender")
    other_hand = _from_the_other_hand(lowered, lead, events)
    if other_hand:
        proven = True  # 'won in dummy but led from his hand': declarer's wrong hand (Law 55)
        opening = False  # a trick had been won: not the opening lead
        lead = replace(lead, role="declarer")
        won = _WON_TRICK_IN.search(lowered, clause_start(lowered, lead.start))
        if won is not None and lead.trick == int(won.group(1)):
            lead = replace(lead, trick=lead.trick + 1)  # 'had won T12 in hand': the lead to 13
    told_turn = _told_by_opponent(lowered, play, lead, len(lowered))  # 'led because he told me'
    if told_turn is not None and _ACTUALLY_LEAD.search(lowered):
        proven = True  # told it was his lead, he led, and it was not (Law 47E1)
    if lead.role is None and "alleged" not in lead.how and lead.words not in ("declarer", "dummy"):
        declarers_hand = _WRONG_HAND.search(sentence)
        if not declarers_hand and (
            _PARTNER_ON_LEAD.search(sentence)
            or _DECLARER_CHOOSES.search(lowered)
            or (lead.words in _MY_PARTNER and _MY_LEAD.search(lowered))
        ):
            # his partner was on lead (dummy never is), or declarer has the options: a defender
            lead = replace(lead, role="defender")
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
    if opening and _DECLARERS_RIGHT.search(
        sentence, 0, lead.start - clause_start(lowered, lead.start)
    ):
        proven = True  # the defender on declarer's right never makes the opening lead
        lead = replace(lead, role="defender")
    if lead.trick is not None and lead.trick > 1 and lead.actor is not None:
        previous = winners.get(lead.trick - 1)
        if previous is not None and previous is not lead.actor:
            proven = True
    won_by = _won_by_seat(lowered, play, lead)
    if won_by is not None and lead.actor is not None and won_by is not lead.actor:
        proven = True  # 'T7 won by E but W led': the winner leads the next trick
    if _partner_had_won(lowered, events, lead):
        proven = True  # 'Derek led at trick 4 when his partner Sue had won trick 3'
    named = _proper_leader_named(lowered, play, vocabulary, opening)
    if (
        named is not None
        and lead.actor is not None
        and "alleged" not in lead.how
        and named is not lead.actor
        and not _one_side_named_hand(lowered, lead, named)
    ):
        proven = True  # 'my lho put a card face down but it was me on lead'
        if (
            opening
            and lead.role is None
            and lead.actor is not None
            and not _A_TRICK_BEFORE.search(lowered, 0, lead.start)
        ):
            # the opening leader is a defender: his partner is the other defender, either
            # opponent is declarer or the dummy-to-be
            lead = replace(lead, role="defender" if named is lead.actor.partner else "declarer")
    if not proven:
        return []
    told = _told_by_opponent(lowered, play, lead, len(lowered))
    found: dict[str, str] = {"lead_event": "told_turn" if told else "lead"}
    if opening:
        found["lead_trick"] = "opening"
    elif lead.trick is not None and "face_down" not in lead.how:  # only an opening lead is
        found["lead_trick"] = "thirteen" if lead.trick == 13 else "later"  # face down (41A)
    elif _AT_THE_LAST_TRICK.match(lowered, _first_words(lowered)):
        found["lead_trick"] = "thirteen"  # 'last trick, W put down the S3 but E had won 12'
    elif other_hand and not _LAST_TRICK.search(lowered):
        found["lead_trick"] = "later"  # after a trick won, and not said to be the last
    if "face_up" in lead.how:
        found["lead_faced"] = "faced"
    elif "face_down" in lead.how:
        found["lead_faced"] = "face_down"
    if no_dummy:
        found["dummy_seen"] = "no"
    if lead.role is not None and "alleged" not in lead.how:
        found["lead_offender_role"] = "declarer" if lead.role == "dummy" else lead.role
    response = _lead_response(lowered, lead.end, lead.role)
    if response is not None and not told:
        found["lead_response"] = response
    elif response is None and not told and _proper_lead_after(lowered, lead, leads) == "opponent":
        found["lead_response"] = "proper_lead"  # Law 53B
        if lead.role == "defender":
            found["lead_proper_leader"] = "declarer"  # the defender's opponent: declarer or dummy
    elif (
        response is None
        and not told
        and lead.role in (None, "defender")
        and _proper_lead_after(lowered, lead, leads) == "partner"
    ):
        # his partner, whose lead it was, led too: two partners each leading from his own hand
        # are the defenders (declarer leads dummy's cards himself); not a 53B proper lead
        found["lead_response"] = "proper_lead"
        found["lead_proper_leader"] = "partner"
        found.setdefault("lead_offender_role", "defender")
    elif response is None and not told and found.get("lead_trick") != "thirteen":
        played_to = _played_to_lead(lowered, play, events, lead)
        if played_to is not None:
            found["lead_response"] = played_to
    facts.update(found)
    settled = found.get("lead_trick") == "later" and (
        response == "accept" or (response == "refuse" and lead.role in ("declarer", "dummy"))
    )  # a defender's card taken back stays a penalty card: still to rule
    return [Irregularity("lead_out_of_turn", lead.start, found, settled)]


_A_TRICK_BEFORE = lazy_pattern(r"\b(?:won|wins|took|takes|played|followed|ruffed|discarded)\b")
"""Before a lead: a trick already played to, so perhaps not the opening lead after all."""


def _proper_leader_named(
    lowered: str, play: PlayStory, vocabulary: Vocabulary, opening: bool
) -> Seat | None:
    """The seat the story states was on lead ('it was E's lead not W's', 'but it was me on
    lead', 'East should have led'), told as a fact: not inside a remark, not what someone
    thought or said, not denied. 'Turn' alone names the leader only at the opening lead."""
    quoted = _quoted(lowered)
    story = play.story
    seats: set[Seat] = set()
    for match in vocabulary.phrases["proper_leader"].finditer(lowered):
        if any(a <= match.start() < b for a, b in quoted):
            continue  # 'hang on, it's my lead': a claim at the table, read as a remark
        words = match.group(0)
        if _NOT_SO.search(words) or _BELIEVED.search(
            lowered, clause_start(lowered, match.start()), match.start()
        ):
            continue  # 'it wasn't his lead', 'he thought it was his lead'
        if re.search(r"\b(?:turn|go)$", words) and not opening:
            continue  # 'it was N's turn' later in the play: perhaps a turn to play
        inside = [p for p in story.players if match.start() <= p.start < match.end()]
        seat: Seat | None = None
        if inside:
            found = {p.seat for p in inside}
            seat = found.pop() if len(found) == 1 else None
        elif re.search(r"\bmy (?:own )?(?:lead|turn|go|opening lead)\b", words):
            seat = story.speaker
        elif words.startswith("it was"):
            role = next((r for r in play.roles if match.start() <= r.start < match.end()), None)
            if role is not None and play.declarer is not None and role.role != "defender":
                seat = play.declarer if role.role == "declarer" else play.declarer.partner
        else:
            before = [p for p in story.players if p.end <= match.start()]
            if before and re.fullmatch(r"\s*,?\s*", lowered[before[-1].end : match.start()]):
                seat = before[-1].seat  # 'E was on lead', 'my pd should have led'
        if seat is not None:
            seats.add(seat)
    return seats.pop() if len(seats) == 1 else None


_NOT_SO = lazy_pattern(r"\b(?:not|never|no longer)\b|n't\b")
_BELIEVED = lazy_pattern(
    r"\b(?:thought|thinks|think|thinking|believed|believes|believing|assumed|assumes|assuming"
    r"|sure|convinced|reckoned|imagined|said|says|saying|claimed|claims|insisted|insists"
    r"|argued|argues|if|whether|maybe|perhaps|asked|asks|wondered)\b"
)
"""Before a statement of whose lead it was: a belief, a claim or a question, not a fact."""


def _won_the_trick_before(lowered: str, win: Event) -> bool:
    """'had won the last trick', 'won the previous one': the trick before the one led to,
    whatever trick number the sentence gives the lead."""
    if re.search(r"\b(?:last|previous|prior)\b", lowered[win.start : win.end]):
        return True
    return _HAD_WON.search(lowered, max(0, win.start - 20), win.end) is not None


_HAD_WON = lazy_pattern(r"\bhad (?:actually |really |in fact |already )?(?:won|taken)\b")
"""'but my pd E had won T7': won before the lead told before it."""


def _speaker_and_partner(lead: Event, win: Event) -> bool:
    """'I led, but partner had won the trick': two players by the words naming them, when
    the story gives no seats."""
    words = {lead.words, win.words}
    return bool(words & {"i", "me"}) and bool(words & set(_MY_PARTNER))


def _won_just_before(lowered: str, events: tuple[Event, ...], win: Event, lead: Event) -> bool:
    """'W won trick 6 with the SA. E then led the D9': the trick won in the sentence just
    before the lead's, no card told between them - the lead is to the next trick. (Called
    with the two the other way round for a win told just after the lead as done before it:
    'I tossed my last card in. pd had won trick 12.')"""
    if win.start > lead.start:
        return False
    if len(re.findall(r"[.;!?]", lowered[win.end : lead.start])) != 1:
        return False
    between = (e for e in events if win.end <= e.start < lead.start)
    return not any(e.act in _CARD_TO_A_TRICK or e.act == "lead" for e in between)


_WIN_IMAGINED = lazy_pattern(
    r"\b(?:as if|as though|thinking|thought|assuming|assumed)\b(?:\s+[\w']+){0,3}\s*$"
)
"""Before a trick won: one somebody only believed won ('pointed his card as if we had
won it')."""
_HIS_PARTNER = lazy_pattern(r"\b(?:his|her) (?:partner|pd|pard|wife|husband)\b[^,.;!?]{0,20}$")
"""Just before a trick won: the leader's partner won it ('when his wife Sue had won')."""


def _partner_had_won(lowered: str, events: tuple[Event, ...], lead: Event) -> bool:
    """'Bob led at trick 6 when his wife had won trick 5': the leader's own partner won the
    trick before, in the lead's sentence - someone else was on lead, whatever their seats."""
    if "alleged" in lead.how or _LED_FROM.match(lowered, lead.start):
        return False  # 'led from dummy' after dummy won: declarer's lead, in turn
    for win in events:
        if (
            win.act == "win"
            and win.start > lead.end
            and _same_sentence(lowered, lead.start, win.start)
            and _HIS_PARTNER.search(lowered, lead.end, win.start)
            and not any(e.act == "lead" for e in events if lead.end <= e.start < win.start)
            and (
                _won_the_trick_before(lowered, win)
                or (lead.trick is not None and win.trick == lead.trick - 1)
            )
        ):
            return True
    return False


def _one_side_named_hand(lowered: str, lead: Event, other: Seat | None) -> bool:
    """Declarer and dummy (or a player not placed), with the lead told from dummy ('won in
    dummy, led from the board'): the partner's hand was on lead and the lead came from it."""
    partners = other is None or (lead.actor is not None and lead.actor.partner is other)
    source = _LED_FROM.match(lowered, lead.start)
    return partners and source is not None and _hand_side(source.group("hand")) == "dummy"


_MINE_TOO = lazy_pattern(
    r"\b(?:change|swap|switch|take back|pick up|withdraw|replace) (?:mine|my (?:own )?(?:card|one)"
    r"|his (?:card|one)|her (?:card|one))\b"
)
"""'can I change mine', 'can he change his card': the card played after the one changed."""
_PLAYED_AFTER_IT = lazy_pattern(
    r"(?<!nobody )(?<!no one )(?<!nobody has )(?<!nobody had )(?<!no one has )(?<!no one had )"
    r"\bplayed after\b|\b(?:had |has )?already played\b|\bafter (?:his|her) (?:original|first)\b"
    r"|\bbased on (?:the|his|her) (?:first|original|\w+ (?:of|card))"
)
"""A card played after the one taken back, before it was changed."""


def _told_by_opponent(
    lowered: str, play: PlayStory, lead: Event, before: int
) -> re.Match[str] | None:
    """Words saying it was the leader's turn ('told me it was my lead', "said 'your lead'"),
    unless his own partner said them: only an opponent's word lets the lead be taken back
    without rectification (Law 47E1)."""
    for told in _TOLD_TURN.finditer(lowered, 0, before):
        floor = clause_start(lowered, told.start())
        teller = actor_seat(play, floor, told.start())
        words, _ = actor_role(lowered, play, floor, told.start())
        if lead.actor is not None and teller is not None and teller is lead.actor.partner:
            continue
        if lead.words in ("i", "me") and words in _MY_PARTNER:
            continue
        return told
    return None


def _dummy_asked_about(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """Dummy drew attention to a lead out of turn and the story asks whether he could ('can
    dummy do that?', 'as dummy I called the director - was I allowed to?'): dummy's rights are
    the matter (Law 43A1); the lead is told as what he reacted to."""
    kinds = {i.kind for i in found}
    if "lead_out_of_turn" not in kinds or not kinds & {"dummy_acted", "dummy_spoke"}:
        return found
    asked = _DUMMY_QUESTION.search(lowered) or (
        _ASKER_DUMMY.search(lowered) and _MAY_I.search(lowered)
    )
    if not asked:
        return found
    return [replace(i, settled=True) if i.kind == "lead_out_of_turn" else i for i in found]


_DUMMY_QUESTION = lazy_pattern(
    r"\b(?:can|could|may|should|is|was|isn't|wasn't)\s+(?:the\s+)?dummy\s+(?:allowed\s+to\s+|"
    r"supposed\s+to\s+|meant\s+to\s+)?(?:do|say|point|call|warn|ask|draw|speak|mention|tell"
    r"|remark|comment)\b|\bdummy's (?:remark|comment|words)\b"
    r"|\b(?:had|has) no (?:business|right) (?:saying|speaking|to say|to speak|calling|doing)\b"
    r"|\b(?:dummy|he|she) (?:shouldn't|should not) have (?:said|spoken|called|done)\b"
)
_MAY_I = lazy_pattern(r"\b(?:was|am) i (?:allowed|entitled)\b|\bcan i do that\b|\bmay i do that\b")


def _retraction_asked(
    lowered: str, found: list[Irregularity], vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """A card the first irregularity told put on the table, and the question whether it may
    be taken back ('does LHO's card come back?', 'does W's card stay?'): Law 47 lists when it
    may - after an opponent's proper lead following a lead out of turn (47F1, 53B), or a card
    played before declarer led again from the right hand (60B). The taking back is then what
    the story asks; the lead is told. (A lead made on an opponent's word stays with the lead
    out of turn, whose ruling starts from 47E1.)"""
    asked = vocabulary.phrases["retraction_asked"].search(lowered)
    if asked is None or not found:
        return found
    first = found[0]
    reason = None
    if first.kind == "lead_out_of_turn" and first.facts.get("lead_response") == "proper_lead":
        reason = "proper_lead"
    elif first.kind == "played_before_turn" and (
        first.facts.get("premature_after") == "before_relead"
        or _BEFORE_RELEAD.match(lowered, first.start)
    ):
        reason = "before_relead"
    elif (
        first.kind == "card_taken_back"
        and _MINE_TOO.search(lowered, first.start + 1)
        and _PLAYED_AFTER_IT.search(lowered, first.start)
    ):
        reason = "opponent_changed"  # 'he changed his card; I had played after it' (47D)
    if reason is None:
        return found
    facts["retract_reason"] = reason
    told = [replace(i, settled=True) if i.kind != "card_taken_back" else i for i in found]
    if not any(i.kind == "card_taken_back" for i in told):
        told.append(Irregularity("card_taken_back", asked.start(), {"retract_reason": reason}))
    return told


def _proper_lead_after(lowered: str, lead: Event, leads: list[Event]) -> str | None:
    """After the lead out of turn, the player whose lead it was led as well ('then I, the
    right leader, led my card'): an opponent of its leader ('opponent': his proper lead,
    before anyone chose, 53B) or his partner ('partner', whose card does not cancel it)."""
    for other in leads:
        if other.start <= lead.end or other.actor is None or lead.actor is None:
            continue
        if other.actor is lead.actor:
            return None
        partner = other.actor is lead.actor.partner
        if partner and (other.role not in (None, "defender") or other.words in _DECLARING):
            return None  # declarer leading again, from his other hand
        start = clause_start(lowered, other.start)
        said = _PROPER_LEADER.search(lowered, start, clause_end(lowered, other.end))
        if said is None and partner and other.words in ("i", "me"):
            said = _MY_OWN_LEAD.search(lowered, lead.end, other.start)  # 'it was my lead, so i led'
        if said is not None:
            return "partner" if partner else "opponent"
    return None


_DECLARING = ("declarer", "dummy", "decl")


_PROPER_LEADER = lazy_pattern(
    r"\b(?:right|proper|correct|real|rightful) (?:leader|lead|hand|player|one)\b"
    r"|\b(?:properly|correctly|in turn)\b|\bwhose (?:lead|turn) it (?:actually |really )?was\b"
    r"|\b(?:was|were|am|is) (?:actually |really )?(?:on lead|the one on lead)\b"
    r"|\b(?:my|his|her) own (?:lead|card)\b"
)


_WHO_HAD_WON = lazy_pattern(
    r"[^.;!?]{0,60}?,?\s*(?:who|that|which) (?:had )?(?:actually |really |in fact )?won\b"
)
_MY_OWN_LEAD = lazy_pattern(r"\bmy (?:lead|turn)\b")
_THOUGHT = lazy_pattern(
    r"\b(?:thought|thinks|think|believed|believes|suspected|suspects|wondered|wonders|whether"
    r"|if|maybe|perhaps|not sure|unsure)\b"
)
"""Before a lead: what someone believed or asked, not what happened."""


def _leads_told(
    lowered: str, events: tuple[Event, ...], wrong_leader: re.Pattern[str]
) -> list[Event]:
    """The leads of the story: 'led', and a card put on the table in a sentence that says
    whose lead it was ("said 'your lead' and I put down the HA, but it was dummy's lead") -
    at a trick's first card, playing a card is leading it."""
    leads = [e for e in events if e.act == "lead"]
    for event in events:
        if event.act != "play" or "alleged" in event.how:
            continue
        start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
        if any(start <= e.start < end for e in leads):
            continue  # a card played to the lead the sentence tells
        if _PLAYED_TO.match(lowered, event.end):
            continue  # 'played to it', 'followed to his lead'
        put = lowered.startswith(_PUT_WORDS, event.start)
        if (
            _WHOSE_LEAD.search(lowered, start, end)
            or (
                _LED_FROM.match(lowered, event.start)
                and (_WON_IN.search(lowered) or _IN_HAND_SAID.search(lowered))
            )
            or (put and wrong_leader.search(lowered, event.end, end))
        ):  # 'played the D4 from his hand but he had won T5 in dummy': the next trick's lead;
            # 'W put down the CA but E had won the last trick': a card put down, not played to
            leads.append(replace(event, act="lead"))
    return sorted(leads, key=lambda e: e.start)


_PUT_WORDS = (
    *("put", "slam", "slap", "chuck", "toss", "plonk", "bang", "threw", "throw", "laid"),
    *("flick", "tabled", "tables", "slid"),
)
"""A card put on the table in everyday words: a lead or a play, as the sentence tells."""
_WHOSE_LEAD = lazy_pattern(
    r"(?<!to )(?<!on )(?<!\bto the )\b(?:your|ur|my|his|her|their|our|[a-z]+'s) (?:own )?lead\b"
    r"|\b(?:on|to) lead\b|\bturn to lead\b"
)
"""Whose lead it was: 'your lead', 'it was dummy's lead', 'pd was on lead' - not 'played to
his lead'."""
_PLAYED_TO = lazy_pattern(
    r"\s+(?:\w+\s+){0,3}?(?:to|on) (?:it|that|the|his|her|my|your|their|\w+'s)\b"
    r"(?! (?:table|cloth)\b)"
)


def _lead_hand(lowered: str, play: PlayStory, lead: Event) -> Seat | None:
    """The seat of the hand a lead came from: the leader's own, or dummy's when declarer led
    'from dummy' (declarer's seat known); declarer's lead with no hand told: not known."""
    declarer = play.declarer
    source = _LED_FROM.match(lowered, lead.start)
    hand = _hand_side(source.group("hand")) if source is not None else None
    if lead.role == "declarer" or (declarer is not None and lead.actor is declarer):
        if declarer is None or hand is None:
            return None
        return declarer if hand == "hand" else declarer.partner
    if hand is not None or lead.actor is None:
        return None
    if declarer is not None and Table(declarer).role(lead.actor) != "defender":
        return None  # dummy-to-be, or declarer by seat: his hand is the question
    return lead.actor


def _played_to_lead(
    lowered: str, play: PlayStory, events: tuple[Event, ...], lead: Event
) -> str | None:
    """A card played to a lead out of turn by a player named by seat, before any other lead
    and in the lead's sentence or the next: from the hand next in rotation it accepts the lead
    (Law 53A); declarer's lead with the defender on its right playing is 53C. The seats
    decide, never the words 'followed' or 'played' alone."""
    hand = _lead_hand(lowered, play, lead)
    if hand is None or play.story.frame not in ("compass", "anchored", "speaker"):
        return None
    end = clause_end(lowered, lead.end)
    window_end = clause_end(lowered, end + 1) if end < len(lowered) else end
    for event in events:
        if event.start <= lead.end or event.start >= window_end:
            continue
        if event.act == "lead":
            return None  # another lead: what followed is the proper lead's question
        if event.act not in ("play", "discard", "ruff") or "alleged" in event.how:
            continue
        if event.actor is None or event.role == "declarer":
            return None  # declarer plays from either hand: which one is not his seat
        relation = hand.relation_to(event.actor)
        clause = lowered[clause_start(lowered, event.start) : clause_end(lowered, event.end)]
        if relation == "lho" and not _SITS_RIGHT.search(clause):
            return "accept"
        if relation == "rho" and lead.role == "declarer" and not _SITS_LEFT.search(clause):
            return "wrong_defender"
        return None  # the words place him otherwise than the seats: not read
    return None


_SITS_RIGHT = lazy_pattern(r"\bright\b|\blast to play\b|\bplays? last\b|\bfourth\b|\b4th\b")
_SITS_LEFT = lazy_pattern(r"\bleft\b|\blho\b|\bnext to play\b|\bsecond\b|\b2nd\b")
"""Words placing the player who played to the lead: they must agree with the seats."""


def _lead_response(lowered: str, after: int, role: Role | None = None) -> str | None:
    """What the other side chose about a lead out of turn, when the story tells it in the
    lead's sentence or the next: 'made him take the card back', 'told him to lead from the
    right hand' (refused), 'declarer accepted it' (accepted). Both, or neither: None."""
    ends = [m.end() for m in re.finditer(r"[.;!?]", lowered[after:])]
    told = lowered[after : after + ends[1] if len(ends) > 1 else len(lowered)]
    if _SIDE_SPLIT.search(told):
        return None  # 'lho says take it back, rho says no I'll keep it': the side disagrees
    refused = _LEAD_REFUSED.search(told) is not None
    accepted = _LEAD_ACCEPTED.search(told) is not None
    if _ACCEPT_WISHED.search(told):
        if refused:
            return None  # 'I wanted to accept it but my partner refused': the sides' words differ
        # declarer alone chooses about a defender's lead: his wish is his choice; a defender's
        # wish about declarer's lead is one voice of two ('pd wanted to accept, I didn't')
        accepted = role == "defender" and "declarer" in told
    if refused == accepted:
        return None
    return "refuse" if refused else "accept"


_SIDE_SPLIT = lazy_pattern(
    r"\b(?:disagree\w*|argu\w+|split|(?:don't|do not|doesn't|does not|didn't|did not) agree"
    r"|keep it|keep the card)\b"
)
_LEAD_REFUSED = lazy_pattern(
    r"\b(?:made|make|makes|told|asked|required|requires|had|got|wanted)\s+"
    r"(?:him|her|declarer|dummy|them|the defender)\s+(?:to\s+)?"
    r"(?:(?:take|put|pick)\s+(?:it|the card|his card|her card|the lead|that card)\s+(?:back|up)\b"
    r"|(?:take|put|pick)\s+back\s+(?:the|his|her|that)\s+(?:card|lead)\b"
    r"|retract\b|withdraw\b"
    r"|lead\s+(?:again\s+)?from\s+(?:the\s+)?(?:right|correct|proper|other)\s+hand\b)"
    r"|(?<!not )(?<!never )\b(?:refused|rejected)\s+(?:it|the lead|the card)\b"
    r"|\b(?:did not|didn't|would not|wouldn't)\s+accept\s+(?:it|the lead|the card)\b"
    r"|\b(?:said|says|goes)\W+(?:no\W+)?(?:take|pick|put) (?:it|the card|that) back\b"
    r"|\b(?:doesn't|does not|don't|do not|didn't|did not) want (?:it|that|the lead|the card"
    r"|(?:his|her|my|your|their) (?:lead|card|club|diamond|heart|spade))\b"
    r"|\bno,? thanks\b"
)
"""The other side would not have the lead out of turn: the card goes back (Laws 53-56)."""
_LEAD_ACCEPTED = lazy_pattern(
    r"(?<!not )(?<!never )(?<!n't )(?<!to )\baccept(?:ed|s)?\s+(?:it|the lead|the card)\b"
    r"(?!\s*\?)|\b(?:i'll|i will|he'll|he will|she'll|she will) play to it\b|\blet it stand\b"
    r"|\b(?:said|says|goes)\W+(?:ok|okay|fine|thanks)\W+(?:ok\W+)?(?:i'll|ill|i will) (?:take it"
    r"|play (?:it|on it|to it|from here)|accept)\b"
)
"""The other side let the lead out of turn stand (Law 53A)."""
_ACCEPT_WISHED = lazy_pattern(r"\b(?:want|wants|wanted|would like|was happy|is happy) to accept\b")
"""One player's wish, not a choice made: with the other's words the side may disagree (55A)."""


def _from_the_other_hand(lowered: str, lead: Event, events: tuple[Event, ...]) -> bool:
    """The last trick won in one of declarer's hands ('won in dummy', 'dummy won trick 4') and
    the lead made from the other."""
    source = _LED_FROM.match(lowered, lead.start)
    if source is None:
        return False
    wins = list(_WON_IN.finditer(lowered, 0, clause_end(lowered, lead.end)))
    side = _hand_side(wins[-1].group("hand") or wins[-1].group("winner")) if wins else None
    by_role = [e for e in events if e.act == "win" and e.start < lead.start and e.role == "dummy"]
    if side is None and by_role and by_role[-1].words in ("dummy", "the dummy", "board"):
        side = "dummy"  # 'dummy won trick 4 with the ace'
    said = _IN_HAND_SAID.search(lowered)
    if side is None and said is not None:
        side = _hand_side(said.group("hand"))  # dummy warned him: 'you're in dummy'
    return side is not None and side != _hand_side(source.group("hand"))


_IN_HAND_SAID = lazy_pattern(
    r"\b(?:you're|you are|lead is|lead was|it's|it was|you were|he was|she was|declarer was"
    r"|declarer is) in "
    r"(?:the |your |his |her )?(?P<hand>dummy|board|hand)\b"
)
"""Where the lead was, as the table said it ('you're in dummy', 'the lead was in hand')."""


def _won_by_seat(lowered: str, play: PlayStory, lead: Event) -> Seat | None:
    """'T7 won by E but W led the C4': the seat told to have won the trick just before the
    lead, in the lead's own sentence (compass seats only)."""
    if play.story.frame not in ("compass", "anchored"):
        return None
    start = clause_start(lowered, lead.start)
    wins = list(_WON_BY_SEAT.finditer(lowered, start, lead.start))
    return Seat.parse(wins[-1].group("seat")[0].upper()) if wins else None


_WON_BY_SEAT = lazy_pattern(
    r"\b(?:trick (?:1[0-2]|[1-9])|the (?:last|previous) trick) \(?(?:was |had been )?won by "
    r"(?P<seat>north|east|south|west|[nesw])\b"
)


def _hand_side(word: str) -> str:
    return "dummy" if word in ("dummy", "board", "table") else "hand"


_WON_IN = lazy_pattern(
    r"\b(?:won|took) (?:it |the (?:last |previous |\w+ )?trick |that trick |that "
    r"|trick (?:1[0-2]|[1-9]) )?"
    r"(?:(?:with|by) (?:the |a )?\S+ )?(?:in|on) (?:the |his |her |his own |her own )?"
    r"(?P<hand>dummy|board|table|hand)\b"
    r"|\b(?:the )?(?P<winner>dummy|board)(?:'s \w+)? (?:had )?won\b"
    r"(?! (?:the )?trick (?:1[0-3]|[1-9]) (?:in|on))"
)
"""'won trick 5 in dummy', 'had won T12 in hand', 'when dummy had won': the hand that won the
last trick, and so leads the next."""
_LAST_TRICK = lazy_pattern(
    r"(?<!won )(?<!won the )(?<!took the )\b(?:last|final|13th|thirteenth) trick\b|\btrick 13\b"
)
_WON_TRICK_IN = lazy_pattern(r"\bwon trick (1[0-2]|[1-9]) (?:in|on)\b")
_LED_FROM = lazy_pattern(
    r"[^.;!?]{0,30}?\bfrom (?:the |his |her |his own |her own )?(?P<hand>dummy|board|table|hand)\b"
)


def _partners_by_words(play: PlayStory, lead: Event, floor: int, position: int) -> bool:
    """'i led ... and pd goes': the speaker and the player he calls his partner, whatever
    their seats."""
    players = [p for p in play.story.players if floor <= p.start and p.end <= position]
    if not players:
        return False
    claimant = players[-1]
    if lead.words in ("i", "me"):
        return claimant.kind == "relative" and claimant.relation == "partner"
    mine = lead.words in ("pd", "partner", "my partner", "pard", "my pd")
    return mine and claimant.kind == "speaker"


_PARTNER_ON_LEAD = lazy_pattern(
    r"\b(?:his|her|their) (?:partner|pd)(?:'s)? (?:was )?(?:on )?lead\b"
    r"|\b(?:his|her) partner's lead\b"
)
_ACTUALLY_LEAD = lazy_pattern(
    r"\bturn(?:s|ed) out\b[^.;!?]{0,40}\b(?:won|lead)\b"
    r"|\b(?:actually|really|in fact)\b[^.;!?]{0,60}\blead\b"
    r"|\bbut (?:it )?(?:wasn't|was not|isn't|is not)\b"
    r"|\blead\b[^.;!?]{0,5}\b(?:actually|really|in fact)\b"
)
"""'but it was actually my lead', 'it was E's own lead actually': whose lead it really was."""
_MY_PARTNER = ("pd", "partner", "my partner", "my pd", "pard", "my pard")
_MY_LEAD = lazy_pattern(
    r"\b(?:it was|it's|was actually|it was actually) my (?:lead|turn to lead)\b"
)
"""My partner led when it was my lead: he is a defender (dummy is never on lead)."""
_DECLARERS_RIGHT = lazy_pattern(r"\b(?:on |to )?declarer's (?:right|rho)\b")
_WRONG_HAND = lazy_pattern(r"\bwrong hand\b|\bfrom (?:the )?(?:dummy|board|hand|his hand)\b")
_DECLARER_CHOOSES = lazy_pattern(
    r"\bdeclarer (?:wants to know|accepted|accepts|refused|refuses|rejected|chose|chooses|"
    r"may accept|can accept|has (?:the |a )?(?:option|choice))\b"
    r"|\bdeclarer'?s (?:options|choices)\b|\bwhat can declarer do\b"
    r"|\bdeclarer (?:said|says|goes)\W+(?:no|ok|okay|fine|thanks)\b"
    r"|\bdeclarer (?:says |said )?(?:(?:he|she) )?(?:doesn't|does not|didn't|did not) want\b"
    r"|\bdeclarer (?:hasn't|has not|had not|hadn't) (?:yet )?(?:decided|chosen)\b"
)
"""Declarer choosing what to do about the lead: the lead was a defender's (Laws 53-54)."""


def _same_sentence(lowered: str, a: int, b: int) -> bool:
    low, high = min(a, b), max(a, b)
    return re.search(r"[.;!?]", lowered[low:high]) is None


_LEAD_BEFORE = lazy_pattern(r"\b(?:after|since|once|before)\s+(?:[\w']+\s+){0,2}$")
"""'after LHO's lead out of turn was withdrawn': what went before the matter told."""
_AUCTION_JUST_OVER = lazy_pattern(
    r"\bauction (?:was |had )?(?:over|ended|finished)\b|\bafter the auction\b"
)
_IN_TURN = lazy_pattern(
    r"\s*(?:\w+\s+)?(?:properly|correctly|in turn|from the (?:right|correct) hand)\b"
)
_DECLARING_WORDS = lazy_pattern(r"\b(?:dummy|declarer|board|from (?:his|my) hand)\b")
"""With none of these, partners quarrelling over whose lead it is are the defenders."""
_TOLD_TURN = lazy_pattern(
    r"\btold (?:me|him|her|us|my pd|my partner|pd|partner)\b"
    # 'told him to lead from the right hand' is the rectification, not the cause of the lead
    # ('told her to take it back and lead from the board' too)
    r"(?! to (?:take\b|(?:lead|play|call a card) (?:again )?from\b))"
    r"[^.;!?]{0,30}\b(?:lead|turn)\b"
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
        and (
            not _BACKGROUND.search(lowered[max(0, e.start - 30) : e.start])
            or _RESPONDED_WHEN.search(lowered[max(0, e.start - 50) : e.start])
        )
        and not _NONE_OF_IT.search(lowered[max(0, e.start - 20) : e.start])
        and not (
            e.act == "claim"
            and lowered.startswith("claim", e.start)  # 'claimed that', not '... and said he'
            and _CLAIMED_THAT.match(lowered[e.end : e.end + 20])
        )
    ]
    if len({e.act for e in told}) > 1:
        told = _what_was_said(lowered, told)
    if len({e.act for e in told}) > 1:
        return []  # 'claimed 9 tricks, conceding one': which it was is the director's call
    for event in told:
        kind = "concession" if event.act == "concede" else "claim"
        proven = {"claim_kind": kind}
        if event.role in ("declarer", "defender"):
            proven["claimer_role"] = event.role
        if kind == "concession" and vocabulary.timing["all_winners"].search(lowered):
            proven["conceded_trick"] = "could_not_lose"
        if kind == "concession" and vocabulary.timing["period_ended"].search(lowered):
            proven["concession_when"] = "too_late"
        elif kind == "concession" and vocabulary.timing["scores_not_up"].search(lowered):
            proven["concession_when"] = "in_period"
        if kind == "concession" and vocabulary.timing["could_lose"].search(lowered):
            proven.setdefault("conceded_trick", "could_lose")
        objected = next(
            (e for e in events if e.act == "object" and e.start > event.end), None
        )  # someone disagreed after it, before the next board
        played_on = _PLAYED_ON.search(lowered, event.end)
        if kind == "claim" and played_on and not _DIRECTOR_CALLED.search(lowered):
            proven["claim_response"] = "played_on"  # play went on instead (68D2(b))
        elif (
            kind == "claim"  # a concession objected to by a partner is another law (68B2)
            and objected is not None
            and not played_on
            and not _LATER_ON.search(lowered, event.end, objected.start)
        ):
            proven["claim_response"] = "disputed"
        facts.update(proven)
        facts["claim_told"] = "yes"  # a claim or concession on the board (Law 79 asks it)
        found.append(Irregularity(kind, event.start, proven))
        break
    return found


def _what_was_said(lowered: str, told: list[Event]) -> list[Event]:
    """Cards shown 'and said' read as a claim by the act, but what was said decides: 'put
    his cards down and said "you get the rest"' gives tricks away (a concession, 68B)."""
    shown = [e for e in told if e.act == "claim" and _SAID_AFTER.search(lowered, e.start, e.end)]
    given = [e for e in told if e.act == "concede"]
    if not shown or len(shown) != sum(e.act == "claim" for e in told):
        return told
    if all(any(0 <= g.start - s.end <= 12 for s in shown) for g in given):
        return given
    return told


_SAID_AFTER = lazy_pattern(r"(?:said|saying|says|announced|announcing)$")
_PLAYED_ON = lazy_pattern(
    r"\bplay(?:ed|ing|s)? on\b|\bcarried on\b|\bkept playing\b|\bkept going\b"
    r"|\bplay(?:ed|ing)? it out\b"
)
_DIRECTOR_CALLED = lazy_pattern(r"\bcall(?:ed)? (?:the )?(?:td|director)\b|\btd called\b")
_LATER_ON = lazy_pattern(
    r"\bnext (?:board|hand|round)\b|\bboards? later\b|\bafter the round\b|\bnext day\b"
    r"|\blater\b"
)
_NONE_OF_IT = lazy_pattern(r"\b(?:no|not|never|without|nobody|no one|neither)\s+(?:\w+\s+)?$")
"""'no claims', 'nobody conceded': what did not happen."""
_BACKGROUND = lazy_pattern(r"\b(?:after|since|once|when|before|until)\s+(?:\w+\s+){0,2}$")
"""'after declarer claimed': when something else happened, not what the story is about."""
_RESPONDED_WHEN = lazy_pattern(
    r"\b(?:agreed|accepted|objected|disputed|disagreed|argued|nodded)(?: (?:it|that|to it))?"
    r" (?:when|after|once)\s+(?:\w+\s+){0,2}$"
)
"""'we agreed it when he spread his cards': the claim is what was agreed, not background."""
_CLAIMED_THAT = lazy_pattern(
    r"\s+(?:that|there|he|she|it|they|to|i|we|his|her|a revoke|the director)\b"
    r"|\s+the \w+ (?:is|was|are|were|has|had|should)\b"
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
            if e.act in ("lead", "play")
            and e.start > event.end
            and e.actor is partner
            and "alleged" not in e.how
        ]
        speaker = story.speaker
        mine = speaker is not None and story.frame in ("speaker", "anchored")
        ours = speaker is not None and event.actor is speaker.partner
        told_as_mine = story.first_person or (
            event.words in MY_PARTNER_WORDS and not _PLAY_TALK.search(lowered)
        )  # 'opps say pd hesitated': in the auction (in the play 'pd' may be declarer's)
        if not after and mine and ours and event.act == "hesitate" and told_as_mine:
            # 'pd took ages over 3H then passed, may I bid on?': information I now hold
            proven = {"ui_kind": "hesitation", "ui_viewpoint": "our_side"}
            facts.update(proven)
            return [Irregularity("partner_hesitated", event.start, proven)]
        opponents_acted = speaker is not None and any(
            c.start > event.end and c.seat in (speaker.lho, speaker.rho) for c in calls
        )
        if event.act == "alert" and _NO_ALERT.match(lowered, event.start) and opponents_acted:
            continue  # 'pd forgot to alert, lho then overcalled': opponents misinformed (21B)
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
            and not _CALL_QUOTE.match(lowered, event.end)  # 'said 'eight clubs!'': a call
            and not _CHANGE_ASKED.search(lowered, event.end)
            and not story.made_with_wanted()  # 'oh no I meant 2S': his change of call first
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
        if (
            event.act == "remark"
            and _CARD_NAMED_QUOTE.match(lowered, event.end)
            and not any(c.start > event.end and c.seat is partner for c in calls)
        ):
            continue  # "i said 'king' and pd played the heart": a card named for dummy (46)
        if event.act == "remark" and _CALL_QUOTE.match(lowered, event.end):
            continue  # "South said 'double 3 hearts'": a call said, Law 19 (not a remark)
        if event.act == "remark" and explains_a_call(lowered, event.start):
            continue  # 'rho said 2C was natural': an explanation, a matter of Law 20-21
        answer = (
            _ANSWER_QUOTED.search(lowered, event.end, _sentence_end(lowered, event.end))
            if event.act == "remark" and _ASKED_ABOUT.match(lowered, event.end)
            else None
        )
        if answer is not None and _ANSWER_CORRECTED.search(lowered, answer.end()):
            # "asked about N's 2S - 'weak' ... then found out it's intermediate": the answer
            # is the matter (Law 20-21, 75), not what the question told the asker's partner
            continue
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


def _found_at_once(lowered: str, vocabulary: Vocabulary) -> bool:
    """Noticed at once ('straight away', 'immediately') - not 'two cards at once', which says
    how they were played."""
    return any(
        not re.search(
            r"\b(?:cards?|both|together|spades?|hearts?|diamonds?|clubs?)\s+$", lowered[: m.start()]
        )
        for m in vocabulary.timing["found_at_once"].finditer(lowered)
    )


def _dummy_wrong_card(
    lowered: str, vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """Dummy put out a card other than the one declarer named (Law 45D), and whether it was
    noticed before both sides had played to the next trick."""
    wrong = _DUMMY_WRONG.search(lowered)
    if wrong is None:
        return []
    proven = {"played_card_event": "dummy_wrong"}
    timing = vocabulary.timing
    in_time = timing["before_next_trick"].search(lowered) or _found_at_once(lowered, vocabulary)
    later = timing["found_later"].search(lowered)
    if in_time and not later:
        proven["dummy_card_noticed"] = "before"
    elif later and not in_time:
        proven["dummy_card_noticed"] = "after"
    facts.update(proven)
    return [Irregularity("dummy_wrong_card", wrong.start(), proven)]


_DUMMY_WRONG = lazy_pattern(
    r"(?<!from )(?<!in )(?<!on )(?<!to )\bdummy\W+(?:\w+\W+){0,2}?"
    r"(?:played|plays|put|puts|pulled|pulls|gave|moved|grabbed|grabs|picked|picks|pushed|pushes"
    r"|took|takes|threw|throws)\b[^.;!?]{0,100}?"
    r"(?:\bwrong card\b|\binstead\b(?! of waiting)"
    r"|\bwithout (?:me|declarer|him|her|anyone) (?:saying|asking|calling|naming)\b"
    r"|\b(?:i|declarer|he|she) (?:never|didn't|did not) (?:ask|asked|call|called|name|named)"
    r" for it\b"
    r"|\b(?:but|when|while|though|although) declarer\b[^.;!?]{0,15}?"
    r"\b(?:said|called|asked for|named|wanted)\b"
    r"|\(declarer (?:had )?(?:said|called|asked for|named)\b"
    r"|\bnot what (?:i|he|she|declarer|decl) (?:had )?(?:called|asked for|named|said)\b)"
)
"""'dummy played the HT but declarer had said HJ', 'dummy put the wrong card out'."""
_PLAY_ACTS = ("lead", "play", "discard", "ruff", "revoke", "claim", "concede")
_PLAY_TALK = lazy_pattern(
    r"\b(?:trick|tricks|dummy|declarer|declaring|defend\w*|revok\w*|having none)\b"
)
_EXPLAINING_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,3}?['\"](?:[^'\"]{0,40}\b(?:agreement|natural|artificial|weak|strong|"
    r"transfer|forcing|stayman|blackwood|shows?|showing|points|hcp|takeout|penalty)\b"
    r"|(?:i )?(?:double|redouble|pass|no bid|[1-7]\s?(?:c|d|h|s|nt)\b))"
)
"""Partner's words that explain a call ('no agreement', 'weak') or are one ('double two
spades'): explanations and calls have their own laws (20-21, 19)."""
_CARD_NAMED_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:play |the |a |any )?(?:"
    + _CARD
    + r"|(?:(?:small|low|little|high|top|big)\s)?(?:10|[akqjt2-9]|"
    + _RANK_WORD
    + r"|spades?|hearts?|diamonds?|clubs?|trumps?|[♠♥♦♣])"
    + r"|small|low|little|high|top|anything|any|whatever|ruff(?: it)?)"
    + r"(?: one| please| it)?[.!]?['\"]"
)
"""A quote that only names a card ('king', 'low spade', 'the ♠Q', 'anything'): said for dummy's
play, it is a designation (Law 46), not a remark that tells partner something."""
_CALL_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:i )?(?:double|redouble|pass|no bid|[1-9]\s?(?:c|d|h|s|nt)\b"
    r"|(?:one|two|three|four|five|six|seven|eight|nine) (?:clubs?|diamonds?|hearts?|spades?"
    r"|no ?trumps?|nt)\b)"
)
"""A quote that is a call ('double 3 hearts', 'pass', 'eight clubs' above the seven level)."""
_NO_ALERT = lazy_pattern(r"(?:didn't|did not|failed to|forgot to|never) alert")
"""The alert event is a missing alert."""
_CHANGE_ASKED = lazy_pattern(
    r"\b(?:can|could|may) (?:he|she|i|pd|partner|my partner) (?:still )?(?:change|correct|fix|"
    r"take (?:it |that |the call )?back|replace)\b|\bwants? to (?:change|correct|replace)\b"
)
"""After partner's remark: whether he may change the call he just made is asked (Law 25)."""
_ANSWER_QUOTED = lazy_pattern(
    r"['\"][^'\"]{0,40}?(?:\b(?:agreement|natural|artificial|weak|strong|transfer|forcing|"
    r"stayman|blackwood|shows?|showing|points|hcp|takeout|take-out|penalty|intermediate|"
    r"pre-?emptive|invitational|conventional|puppet|multi)\b|\d{1,2}\s*[-–]\s*\d{1,2})"
)
"""The answer to a question about a call, in its words ('weak', '15-17', 'penalty')."""
_ANSWER_CORRECTED = lazy_pattern(
    r"\b(?:finds? out|found out|turns out|turned out|actually|in fact|sorry|mistaken|wrong"
    r"|misexplain\w*|(?:their|the) (?:convention |system )?card says|(?:they|ns|ew|n/s|e/w) "
    r"play (?:it|\S+) as|has \d+ (?:points|hcp)|had \d+ (?:points|hcp)|only had)\b"
)
"""After that answer: the story says it was not their agreement or not the hand."""


def _sentence_end(lowered: str, position: int) -> int:
    found = re.compile(r"[.!?](?:\s|$)").search(lowered, position)
    return found.start() if found else len(lowered)


_ASKED_ABOUT = lazy_pattern(r"\s+(?:\w+\s+)?(?:about|what|whether|if)\b")
"""'asked what their 3C meant', 'asked lho about': a question about a call."""


def _defective_tricks(
    lowered: str, play: PlayStory, vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """A trick found with three cards, or five, or a played card found played again at a
    later trick (Law 67), and whether it was found in time."""
    defective = vocabulary.phrases["defective"].search(lowered) or vocabulary.phrases[
        "misplaced"
    ].search(lowered)
    twice = _played_twice(lowered, play)
    if defective is None and twice is None:
        return []
    if not _IN_THE_PLAY.search(lowered):
        return []  # 'the opener's partner was skipped' in the bidding: a turn, no trick
    if twice is not None or vocabulary.phrases["misplaced"].search(lowered):
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
    r"|\bfollow(?:ed|s|ing)? suit\b|\bcards?\b|\bdefend\w*"
)
"""A trick needs the play: words of it somewhere in the story."""


def _first_words(lowered: str) -> int:
    """Where the story starts, after a board or table number ('bd 4, last trick: ...')."""
    lead_in = _LEAD_IN.match(lowered)
    return lead_in.end() if lead_in else 0


_LEFT_OVER = lazy_pattern(
    r"\b(?:2|two) cards\b|\bcards? left\b|\bleft over\b|\bextra card\b"
    r"|\b(?:one|a|1) card (?:more|too many)\b"
)
_AT_THE_LAST_TRICK = lazy_pattern(
    r"(?:at |on |in |to )(?:the )?(?:last|final|13th|thirteenth) trick\b"
    r"|(?:the )?(?:last|final|13th|thirteenth) trick\s*[,:;.!-]|(?:at |on |to )?trick 13\b"
)
"""A story opening at trick 13 ('last trick, W put down the S3', 'at the last trick ...'), not
'the last trick was won by E' (the trick before)."""
_LEAD_IN = lazy_pattern(r"(?:\s*(?:bd|board|table|tbl|td here)\W*\d*\W+)*")


def _played_twice(lowered: str, play: PlayStory) -> int | None:
    """The same card told played at two tricks ('played the DQ at T2 ... then the DQ again at
    T8'): where the first is told."""
    first: dict[tuple[object, int], int] = {}
    for mention in find_cards(play.story.text):
        card = mention.card
        if card.rank is None or card.suit is None:
            continue
        key = (card.suit, card.rank)
        if key in first and _AGAIN.search(
            lowered, clause_start(lowered, mention.start), clause_end(lowered, mention.end)
        ):
            return first[key]
        first.setdefault(key, mention.start)
    return None


_AGAIN = lazy_pattern(r"\bagain\b|\btwice\b|\ba second time\b")


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
    fifth = vocabulary.phrases["fifth_card"].search(lowered)
    if fifth is None or any(
        i.kind in ("two_cards_played", "simultaneous_plays", "revoke") for i in found
    ):
        return found
    later = vocabulary.timing["found_later"].search(lowered)
    at_once = _found_at_once(lowered, vocabulary) or vocabulary.timing["before_next_trick"].search(
        lowered
    )
    rest = [i for i in found if i.kind != "defective_trick"]
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
    facts.update(proven)
    return sorted([*rest, Irregularity("fifth_card", fifth.start(), proven)], key=_at)


def _designation_changed(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """Declarer named one of dummy's cards and then said another ("'small club' then 'no wait,
    the queen'"): whether he may change it is 45C4(b). When he meant another and an opponent
    had played after the card named ("called 'four of clubs' when I meant the four of
    diamonds; RHO then played"), whether that card goes back too is the question (47C,
    47D)."""
    named = _NAMED_FROM_DUMMY.search(lowered)
    if named is None:
        return found
    said = named.group("said")
    if said is not None and not _CARD_WORDS_SAID.search(said):
        return found  # 'said "I'm giving you a diamond"': no card of dummy's named
    rethink = _RETHINK.search(lowered, named.end())
    changed = _NAMED_ANOTHER.search(lowered, named.end()) or rethink
    if changed is None:
        return found
    if (
        said is not None
        and _INCOMPLETE_SAID.match(said)
        and not _SAID_CORRECTION.search(lowered, named.end())
    ):
        return found  # 'said "high" ... meant the K': an incomplete designation (Law 46B)
    slip = _SLIP.search(lowered) is not None
    # declarer's own taking back of the card named is the change of designation itself
    rest = [i for i in found if i.kind not in ("dummy_card_named", "card_taken_back")]
    if not any(i.kind == "lead_out_of_turn" for i in rest):  # 'played a heart on it': on the
        rest = [i for i in rest if i.kind != "played_after_irregular_lead"]  # card named
    opponent_after = slip and _OPPONENT_PLAYED_AFTER.search(lowered, named.end()) is not None
    if not (opponent_after or _SAID_CORRECTION.search(lowered, named.end()) or rethink):
        return found  # named in full but meant another, no correction said: Law 46A with 45C4
    else:
        # a slip put right after an opponent had played too: 45C4(b) says both whether it may
        # be changed and that his card may go back (docs/labelling.md; 47D only points there)
        proven = {"played_card_event": "dummy_named"}
        if slip:
            proven["designation_naming"] = "slip"
        elif rethink:
            proven["designation_naming"] = "rethink"  # 'then changed his mind' (45C4b: no)
        since = _DECLARER_PLAYED_SINCE.search(lowered, named.end())
        if since is not None:  # 45C4(b): he may correct it until he plays again from either hand
            proven["designation_played_since"] = "no" if since.group("not") else "yes"
        facts.update(proven)
        told = Irregularity("designation_changed", named.start(), proven)
    return sorted([*rest, told], key=_at)


_NAMED_FROM_DUMMY = lazy_pattern(
    r"\b(?:decl|declarer|i|he|she)\b(?:[\s,]+[\w']+){0,6}?[\s,]+"
    r"(?:said|says|called|calls|asked for|named|names|misnamed|miscalled)\s+"
    r"(?:for\s+)?(?:the\s+|a\s+)?(?:['\"](?P<said>[^'\"]{1,30})['\"]|dummy card|dummy's card"
    r"|wrong card|(?:\S+\s+){0,2}?\S{1,8} from (?:the )?(?:dummy|board|table)\b)"
)
_CARD_WORDS_SAID = lazy_pattern(
    r"^\W*(?:\w+\W+){0,3}?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two"
    r"|small|low|high|top|spade|heart|diamond|club|[2-9akqjt]|10)s?\b(?:\W+\w+){0,3}\W*$"
)
"""The words said name a card, a suit or a rank ('four of clubs', 'small club', 'diamond 3')."""
_INCOMPLETE_SAID = lazy_pattern(r"^(?:the )?(?:small|low|high|top|little one|win it|anything)\W*$")
_NAMED_ANOTHER = lazy_pattern(
    r"\b(?:when (?:i|he|she) )?meant\b|\binstead(?: of)?\b|['\"](?:no|sorry|oops|wait|i mean|oh)\b"
    r"|\bno wait\b|\bslip of the tongue\b|\btongue slipped\b|\bmisnamed\b"
    r"|\bsaid the wrong (?:suit|card|one)\b"
)
_RETHINK = lazy_pattern(
    r"\bchanged (?:his|her|my) mind\b|\bsecond thoughts\b|\breconsider(?:ed)?\b"
    r"|\bthought better of it\b"
)
"""A change of mind, not a slip: 45C4(b) does not let it be corrected."""
_SAID_CORRECTION = lazy_pattern(
    r"['\"](?:no|sorry|oops|wait|i mean|oh)\b|\bno wait\b"
    r"|\b(?:fixed|corrected|changed) it (?:in the same breath|immediately|at once|straight away)\b"
)
"""The correction said at the table, not only the card meant."""
_SLIP = lazy_pattern(
    r"\bslip\b|\btongue\b|\bmisnamed\b|\bmisspoke\b|\bby accident\b"
    r"|\bsaid the wrong (?:suit|card|one)\b|\bwhen (?:i|he|she) meant\b"
)
_DECLARER_PLAYED_SINCE = lazy_pattern(
    r"\b(?:(?P<not>hasn't|hadn't|has not|had not|not yet|never|didn't|did not)\s+(?:yet\s+)?"
    r"|(?:then|already|since)\s+(?:he\s+|declarer\s+)?(?:had\s+|has\s+)?)"
    r"played\s+(?:anything\s+|a card\s+|another card\s+)?from\s+(?:his|her|my)\s+(?:own\s+)?hand\b"
)
"""Whether declarer has played from his hand since naming dummy's card."""
_OPPONENT_PLAYED_AFTER = lazy_pattern(
    r"\b(?:lho|rho|defender|opponent|opp|east|west|north|south|[nesw])\b(?:\s+\w+){0,3}?\s+"
    r"(?:then |had |has |already |since )*(?:played|followed)\b"
    r"|\b(?:played|followed) after\b"
)


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
        if event.act not in ("lead", "play") or "alleged" in event.how:
            continue
        sentence = lowered[_sentence_start(lowered, event.start) : clause_end(lowered, event.end)]
        if _NAMED_FROM_DUMMY_WORDS.search(sentence):
            continue
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


_SAID_FROM_DUMMY = lazy_pattern(
    r"['\"][^'\"]{1,30}['\"]\s+from (?:the )?(?:dummy|board|table)\b"
    r"|\b(?:called|calls|asked for|named|names) (?:for )?(?:the |a )?\S+(?: \S+)?"
    r" from (?:the )?(?:dummy|board|table)\b"
)
"""A card named from dummy ('said "spade jack" from the board', 'called the D8 from dummy')."""
_EXPLANATION = lazy_pattern(
    r"\bexplain\w*|\bexplanation\b|\balert\w*|\bmisinform\w*"
    r"|\b[1-7](?:c|d|h|s|nt|♣|♦|♥|♠)(?: bid)? (?:was|is|meant|means|showed|shows)\b"
)
"""What a call meant, told: a card played on it is the misinformation Laws' (21, 47E2)."""


def _dummys_card_handled(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """A card of dummy's moved before declarer named one: by dummy himself ('dummy pulled out
    the ♠Q before i said anything': 45F, event ``dummy_pointed``) or by declarer's hand or
    sleeve on the way to another ('reaching for the 9 my sleeve knocked the jack', 'lifted
    the ♥J out of the way': 45C3, event ``dummy_touched``). Only when nothing else is proven:
    a dummy card named or played wrongly has its own readers."""
    if found:
        return found
    for sentence in _SENTENCE.finditer(lowered):
        words = sentence.group(0)
        if not _DUMMY_CARD_WORDS.search(words) or _CALLED_FOR.search(words):
            continue  # a card named from dummy: the designation readers'

        by_dummy = _DUMMY_MOVED.search(words)
        if by_dummy is not None and _UNASKED.search(words, by_dummy.end()):
            proven = {"played_card_event": "dummy_pointed"}
            facts.update(proven)
            return [Irregularity("dummy_card_moved", sentence.start() + by_dummy.start(), proven)]
        touched = _TOUCHED.search(words)
        if (
            touched is not None
            and not _DUMMY_MOVED.search(words)
            and not _DUMMY_TOUCHED.search(words)
            and _DECLARER_HAND.search(words)
            and not _ONTO_A_TRICK.search(words)
        ):
            proven = {"played_card_event": "dummy_touched"}
            facts.update(proven)
            start = sentence.start() + touched.start()
            return [Irregularity("dummy_card_touched", start, proven)]
    return found


_SENTENCE = lazy_pattern(r"[^.;!?]+")
_CALLED_FOR = lazy_pattern(r"\b(?:called|calls|named|names|asked) (?:for )?(?:the|a|dummy's)\b")
_DUMMY_CARD_WORDS = lazy_pattern(r"\bdummys?\b|\bdummy's\b|\bthe board\b|\bfrom the row\b")
_DUMMY_MOVED = lazy_pattern(
    r"\b(?:dummy|he|she)\W+(?:\(\w+(?: \w+)?\)\W+)?(?:(?:just|already|then|had|has|himself"
    r"|herself|\w+ly)\s+){0,2}(?:reached out and |reached over and )?"
    r"(?:pushed|pushes|pulled|pulls|slid|slides|nudged|nudges|picked|picks|took|takes|put|puts"
    r"|moved|moves)\b"
)
"""Dummy (or 'he' of a dummy) moving one of his cards."""
_UNASKED = lazy_pattern(
    r"\bbefore (?:(?:declarer|decl|i|he|she|partner|pd|my partner|my pd|anyone|any(?:body)?)"
    r" (?:had )?(?:said|say|called|call|asked|named|spoke|instructed|did|says)|any instruction)"
    r"|\bwithout (?:being (?:asked|told)|a word|declarer|me|him|her)\b|\bhimself\b|\bherself\b"
    r"|\b(?:on his own|on her own|alone)\b"
)
"""Declarer had named no card yet."""
_TOUCHED = lazy_pattern(
    r"\b(?:touch(?:ed|es)|brush(?:ed|es)|nudg(?:ed|es)|knock(?:ed|s)|lift(?:ed|s)|slid"
    r"|(?:sleeve|hand|finger|arm) (?:caught|catches)|(?:caught|catches) dummy's"
    r"|took hold of|takes hold of"
    r"|put (?:his|her|my) finger (?:right )?on|pushed (?:them|the \w+) (?:back|together|into))\b"
)
_DUMMY_TOUCHED = lazy_pattern(r"\bdummy\W+(?:\w+\W+){0,2}?(?:touched|touches|pointed|points)\b")
"""Dummy himself touching a card: dummy's rights (43), not declarer's touch."""
_ONTO_A_TRICK = lazy_pattern(
    r"\bsecond (?:card|one)\b|\bfifth\b|\b(?:5|five) cards\b|\bcomplete with\b|\bextra card\b"
    r"|\bsame trick\b"
)
"""A card of dummy's put onto a trick already complete: a fifth card (45E), not a touch."""
_DECLARER_HAND = lazy_pattern(
    r"\b(?:declarer|decl|declaring|(?:his|her|my) (?:sleeve|finger|hand|arm))\b"
    r"|\b(?:i|he|she) (?:was )?reach\w*"
)
"""Declarer's own hand in the sentence: dummy's card touched by him, not by dummy."""


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
    r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b|\bdummy's\b|\bcalled\b|\bnamed\b"
    r"|\bcalled for\b|\bsaid '|\bdummy\b"
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
)
"""A remark about whose lead it was, a suit still held or a claim: another irregularity."""
_CHANGED_AFTER = lazy_pattern(
    r"\b(?:then|and|but|so)\s+(?:\w+\s+){0,3}?(?:wanted|wants|tried|asked|tries|asks)"
    r" (?:to (?:change|swap|switch|take it back|pick it (?:back )?up)\b"
    r"|(?:to (?:play|lead|put) |the )[^.,;!?]{0,25}\binstead\b)"
    r"|\b(?:changed|changes) (?:his|her|my) mind\b"
    r"|\b(?:pulled|took|grabbed|snatched|picked) (?:it|the card|(?:his|her|my|the) \w+) back\b"
)
"""After the card: the player wanting another one, or taking it back."""


_BY_MISTAKE = lazy_pattern(r"\bby (?:mistake|accident)\b|\baccidentally\b|\bwrong\b|\boops\b")
_FROM_OWN_HAND = lazy_pattern(r"[^.;!?]{0,25}?\bfrom (?:his|her|my) (?:own )?hand\b")


_MEANT_CARD = lazy_pattern(
    r"\b(?:i |he |she )?(?:(?:meant|intended|wanted) (?:to play |to lead )?|instead of "
    r"|(?:wants|want) to (?:play|swap it for|change it (?:to|for)) |should have played )"
    r"(?:the |a |my |his |her )?"
    r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|[2-9akqjt]|10|small"
    r"|low|high|other|spade|heart|diamond|club|[shdc♠♥♦♣])(?:s\b|\b|(?<=[♠♥♦♣]))"
    r"|\b(?:oops|sorry|no|damn|argh)\W+(?:\w+\W+)?wrong (?:card|one)\b"
    r"|\bwas the wrong (?:card|one)\b|\bnever meant (?:the|to play)\b"
)


def _at(irregularity: Irregularity) -> int:
    return irregularity.start


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
    later = vocabulary.timing["found_later"].search(lowered) or _MOVED_ON.search(lowered)
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


_MOVED_ON = lazy_pattern(
    r"\b(?:nobody|no one|no-one|none of us) (?:noticed|saw|spotted|realised|realized)"
    r"(?: (?:it|anything))? (?:till|until|til|at the time)\b|\b(?:noticed|found|spotted|seen) "
    r"(?:only )?(?:at|on|by) (?:trick|t) ?\d+|\btricks? later\b|\bcard short\b"
    r"|\bat the end\b|\bafter (?:both sides|we all|everyone) (?:had )?played\b"
)
"""Found only once play had moved on: a later trick named, 'a card short', 'at the end'."""


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
            if inside != (kind == "card_named") and not (
                inside and kind in ("wrong_card_count", "trick_inspection")
            ):
                # a card is named in a remark; everything else is told, not said - but a
                # player saying 'i've only got 12 cards' tells his own count, and 'can we see
                # that last trick?' is the request itself
                continue
            if kind == "simultaneous_plays" and not _CARD_WORDS.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                continue  # calls at the same time are another matter (Law 33)
            if kind in ("simultaneous_plays", "two_cards_played") and (
                _CALLING.search(lowered[clause_start(lowered, match.start()) : match.start()])
                or _only_calls(lowered, events, play)
            ):
                continue  # bidding cards put out together are calls (Law 33)
            if kind == "card_named" and _HELD_NAMED.match(lowered, match.start()):
                kind = "card_exposed"  # 'i've still got the ace': held, not played (49, 48A)
            if kind == "wrong_card_count" and (
                _POINTS_AFTER.match(lowered, match.end())
                or _BOARD_BEFORE.search(lowered, 0, match.start())
            ):
                continue  # 'i only had 11 points', 'board 14 cards': not a count of cards
            said_from = max(clause_start(lowered, match.start()), match.start() - 40)
            if kind == "penalty_card_held" and _ASSERTED.search(lowered, said_from, match.start()):
                continue  # 'he's trying to tell me i have a penalty card': said, not so
            if kind == "trick_inspection" and (
                vocabulary.timing["after_last_trick"].search(lowered)
                or vocabulary.timing["play_ended"].search(lowered)
                or _PLAY_IS_OVER.search(lowered)
            ):
                # the tricks looked through for a revoke once play is over: 66D, then 64
                if _REVOKE_WORDS.search(lowered):
                    found.append(Irregularity("revoke_inspection", match.start(), _INSPECT))
                break
            if kind == "penalty_card_held" and _DUMMY_WORD.search(
                lowered, clause_start(lowered, match.start()), match.start()
            ):
                continue  # 'dummy still had 2 cards on the table': dummy's are all there
            if kind == "tricks_disputed" and (
                vocabulary.phrases["period_over"].search(lowered)
                or not _cards_gathered(lowered, events)
            ):
                kind = "score_disputed"  # the count itself is disputed (Law 79B)
            if (
                kind == "score_disputed"
                and vocabulary.phrases["played_cards"].search(lowered)
                and _cards_gathered(lowered, events)
                and not counts_agreed_first(lowered, match.start())
            ):
                kind = "tricks_disputed"  # the rows that would settle it were gathered: 65D
            if kind == "card_taken_back" and not (
                any(e.act in _CARD_ACTS for e in events)
                or (_CARD_WORD.search(lowered) and not _CALLING.search(lowered))
            ):
                break  # 'he wants to change it' of a call: no card played in the story
            if kind == "card_taken_back" and (
                vocabulary.phrases["misplaced"].search(lowered) or _played_twice(lowered, play)
            ):
                break  # picked back up and played at a later trick too: misplaced (67B3)
            if kind == "card_taken_back" and (
                _EXPLANATION.search(lowered) or _SAID_FROM_DUMMY.search(lowered)
            ):
                break  # a lead after a wrong explanation (21, 47E2), a dummy card misnamed (45C4)
            if kind == "played_after_irregular_lead" and _DECLARER_SUBJECT.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                break  # declarer playing to it accepts the lead: the lead is the matter (53A)
            held = _named_held(lowered, events, play, match) if kind == "card_exposed" else {}
            found.append(Irregularity(kind, match.start(), held))
            break
    swapped = _DUMMY_SWAPPED.search(lowered)
    if swapped is not None:  # dummy and declarer changing places (Law 43A2(a))
        found.append(Irregularity("dummy_acted", swapped.start()))
    else:
        moved = _dummy_left_his_seat(lowered)
        if moved is not None:
            found.append(Irregularity("dummy_acted", moved))
    for event in events:
        if "alleged" in event.how:
            continue
        if (
            _dummy_acted(lowered, event) or _dummy_acted_by_reference(lowered, play, event)
        ) and not _before_play(lowered, events, event):
            found.append(Irregularity("dummy_acted", event.start))
        role = event.role
        if role is None and event.actor is not None:
            role = role_at(play, event.actor)
        if event.act != "expose" or _IN_AUCTION.search(lowered):
            continue
        sentence = lowered[clause_start(lowered, event.start) : clause_end(lowered, event.end)]
        lying = re.search(r"\bpenalty card\b|\bon the table\b", sentence)  # not held up
        if (
            lowered.startswith(("held", "had", "holding", "holds"), event.start)
            and role != "dummy"
            and not lying
        ):
            # a card held face up as if to play it: whether it was played is the question
            # (Law 45C1 for a defender, 45C2 for declarer), not a penalty card
            found.append(Irregularity("card_held_up", event.start, _held_up_event(role, sentence)))
        elif role == "defender":
            found.append(Irregularity("card_exposed", event.start, _exposed(play, event)))
        elif _out_of_a_hand(lowered, events, play, event, role, sentence, vocabulary):
            # declarer's or dummy's card, or one whose owner the seats do not place: a card
            # out of the hand all the same, and what it is (48A, 49) is the matter
            found.append(Irregularity("card_exposed", event.start))
    return found


def _out_of_a_hand(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    event: Event,
    role: Role | None,
    sentence: str,
    vocabulary: Vocabulary,
) -> bool:
    """A card out of a hand in the play that is neither a card played nor a claim: dropped,
    knocked or shown, not added to a trick, led, or shown with the tricks it wins. Declarer's
    and dummy's only by accident (a card he put face up himself may be his play, 45C2), and
    never before the play (a card seen in the deal or the auction is Law 24's or 16D's)."""
    if not _A_CARD_OUT.search(sentence) or _ADDED_TO_A_TRICK.search(sentence):
        return False
    if _NOTHING_SHOWN.match(lowered, event.end) or _NONE_OF_IT.search(
        lowered, max(0, event.start - 20), event.start
    ):
        return False  # 'flashed nothing', 'never dropped a card'

    if _BEFORE_THE_PLAY.search(sentence) or vocabulary.timing["before_auction"].search(lowered):
        return False
    calls = [c for c in play.story.events if c.role == "made" and c.start < event.start]
    if (
        len(calls) > 1
        and not any(e.act in _CARD_TO_A_TRICK and e.start < event.start for e in events)
        and not _TRICK_NUMBER.search(lowered, 0, event.end)
    ):
        return False  # '1nt p 2c p, then rho knocked my cards': still the auction (Law 24)
    start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
    if any(
        e.act in ("lead", "claim", "concede") and start <= e.start < end and "alleged" not in e.how
        for e in events
    ):
        return False  # 'put the ♥3 face up as the opening lead', 'showed them: the rest are mine'
    accident = _BY_ACCIDENT.match(lowered, event.start) is not None
    if not accident and _LEAD_WORD.search(lowered, _sentence_start(lowered, event.start), end):
        return False  # 'opening lead: i put the heart 4 face up': the lead itself
    return role is None or (role == "dummy" and accident)


def _sentence_start(lowered: str, position: int) -> int:
    return max(lowered.rfind(c, 0, position) for c in ".;!?") + 1


_LEAD_WORD = lazy_pattern(r"\b(?:lead|leads|led|leading)\b")


_A_CARD_OUT = lazy_pattern(
    r"\bcards?\b|[♠♥♦♣]|\b(?:ace|king|queen|jack|ten|[akqjt2-9]) of\b"
    r"|\b[shdc](?:10|[akqjt2-9])\b"
    r"|\b(?:spade|heart|diamond|club) (?:10|[akqjt2-9]|ace|king|queen|jack|ten)\b"
)
"""A card in the sentence of an exposure ('dropped a card', 'the ♦K fell', 'the hJ')."""
_NOTHING_SHOWN = lazy_pattern(r"\s+(?:nothing|no card|no cards|none)\b")
_ADDED_TO_A_TRICK = lazy_pattern(
    r"\b(?:on|onto|to) (?:the|a|that|this) trick\b|\bon top\b|\bfifth\b|\b5th\b|\bfive cards\b"
    r"|\bsecond (?:card|one)\b|\bas well\b|\bextra\b|\bas if\b"
    r"|\bas (?:his|her|my|the) (?:last|final|only) card\b"
)
"""A card dropped onto a trick (a fifth card, two cards at once) or put out as if led: played."""
_BEFORE_THE_PLAY = lazy_pattern(
    r"\b(?:bid|bids|bidding|auction|dealing|dealt|deal|shuffl\w*|pre-dealt|duplimate)\b"
    r"|\bout of the board\b|\btaking (?:his|her|my|their) (?:hand|cards) out\b"
)
_BY_ACCIDENT = lazy_pattern(
    r"dropped|drops|fell|cards fell|card fell|spilled|went face up|flipped|knocked|slip|"
    r"exposed|(?:put|laid|spread) (?:all|the rest of) (?:his|her|my)"
)
"""An exposure declarer did not mean as a play: only such a card of his is not asked as played."""


def _held_up_event(role: Role | None, sentence: str) -> dict[str, str]:
    """Whose card was held up decides the law: declarer's (45C2: how he held it is asked
    next) or a defender's in sight of his partner (45C1: 'held it up facing his partner',
    'so pd could see it'); a defender's card the story does not say could be seen is asked."""
    if role == "declarer":
        return {"played_card_event": "declarer_held"}
    if role == "defender" and _IN_SIGHT.search(sentence):
        return {"played_card_event": "defender_shown"}
    return {}


_IN_SIGHT = lazy_pattern(r"\b(?:see|saw|seen|facing|face (?:up|out)|visible)\b")
_A_TRICK_SKIPPED = lazy_pattern(
    r"\b(?:skipped|missed|forgot to play|didn't play|did not play|never played|failed to play)"
    r" (?:to )?(?:a |the |one )?(?:trick|t\d)|\b(?:three|3) cards (?:on|in|to)\b"
    r"|\bjust (?:three|3) cards\b|\bonly (?:had )?(?:three|3) cards\b|\bstuck together\b"
    r"|\b(?:came|come|pulled|went|landed) (?:out )?(?:on \w+ )?together\b"
    r"|\bplayed (?:it |the \S+ |that card )?twice\b|\bplayed it again\b"
    r"|\b(?:2|two) cards (?:come |came )?(?:out )?(?:at once|together)\b|\bsecond card\b"
    r"|\bon (?:two|2) tricks\b"
)
"""A trick missed, short, or given two cards: the defective trick Law (67) rules first."""
_FOLLOW_WORD = lazy_pattern(r"\bfollow(?:ed|s|ing)?\b")
_INSPECT = {"revoke_event": "inspect"}
"""Looking through the tricks for a revoke once play is over is the revoke topic's matter."""
_PLAY_IS_OVER = lazy_pattern(
    r"\b(?:the )?(?:hand|play|board)(?:'s| is| was| has| had) (?:been )?"
    r"(?:over|finished|ended|done)\b"
    r"|^(?:at )?(?:the )?end of (?:the )?(?:hand|play)\b|\bnow that (?:the )?play is over\b"
)
_DUMMY_WORD = lazy_pattern(r"\bdummy\b|\bthe board\b")
_POINTS_AFTER = lazy_pattern(
    r"\s*(?:points|pts|hcp|high card|count|tricks?|imps?|mps|boards?|min\w*|secs?|seconds"
    r"|of (?:them|the))\b|%"
)
"""A number that counts something else: points, tricks, minutes."""
_BOARD_BEFORE = lazy_pattern(r"\b(?:board|bd|brd)\s*(?:no\.?\s*|#)?$")
"""'played board 14 cards from the board 15 wallet': the number names a board."""


def _dummy_left_his_seat(lowered: str) -> int | None:
    """Dummy, the subject of the sentence, left his place to watch or look at a hand, or
    changed seats with declarer ('dummy got up and stood behind declarer', 'as dummy i
    glanced at lho's cards', 'pd and i swapped seats when i was dummy'): Law 43A2."""
    for sentence in _SENTENCE.finditer(lowered):
        words = sentence.group(0)
        changed = _SEATS_CHANGED.search(words)
        if changed is not None and re.search(r"\bdummy\b", words):
            return sentence.start() + changed.start()
        moved = _DUMMY_WENT.search(words)
        if moved is not None and not _ASKED_WHETHER.search(words, 0, moved.start()):
            return sentence.start() + moved.start()
    return None


_SEATS_CHANGED = lazy_pattern(r"\b(?:swapped|switched|changed|exchanged) (?:seats|chairs|places)\b")
_DUMMY_WENT = lazy_pattern(
    r"(?:\bdummy\b|\(dummy\)|\bas dummy,? i\b|\bi was dummy\b"
    r"|\bwas dummy,? (?:and |when |then )?(?:he|she)\b)"
    r"(?:(?!\b(?:down|he|she|they|we|i|declarer|lho|rho)\b)[^.;!?'\"]){0,40}?\b"
    r"(?:stood|stand|standing|walked|wandered|went|came|got up|leaned|leant|glanced|glancing"
    r"|peeked|peeking|looked|looking|had a (?:good |quick )?look)"
    r"(?: up)?(?: (?:and|to) \w+)?\s+(?:round|around|behind|over|at|into)\b"
)
"""Dummy moving from his seat or looking at a hand: 'stood behind', 'wandered round',
'glanced at lho's cards', 'looked at my hand'."""
_ASKED_WHETHER = lazy_pattern(r"\b(?:can|may|could|is|if|whether)\b[^.;!?]*$")
"""A question whether dummy may (not what he did)."""
_DUMMY_SWAPPED = lazy_pattern(
    r"\bdummy\b[^.;!?]{0,40}?\b(?:swapped|switched|changed|exchanged|swap|switch)"
    r" (?:seats|places|hands|sides)\b"
    r"|\b(?:swapped|switched|changed|exchanged) (?:seats|places|hands|sides) with (?:the )?dummy\b"
)
_ASSERTED = lazy_pattern(
    r"\b(?:tell|tells|telling|told|say|says|saying|said|claim|claims|claiming|insist|insists"
    r"|insisting|reckon|reckons|think|thinks)\b(?:\s+(?:me|him|her|us|them|that))*"
    r"(?:\s+(?:i|he|she|we|they|you))?\s*$"
)
"""Just before a state: someone says it is so ('tells me i have a penalty card')."""


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
    counter = _COUNTER_CLAIM.search(lowered)
    disputed_at = counter.start() if counter is not None else counts_disputed(lowered)
    if disputed_at is not None and any(  # 'declarer said he had 9 and showed his hand': a claim
        e.act in ("claim", "concede")
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
        return [Irregularity("score_disputed", accepted.start())]
    agreed = _AGREED_BEFORE.search(lowered)
    if agreed is None or _NOT_YET.search(lowered, max(0, agreed.start() - 16), agreed.start()):
        return []
    disputed = _SAYS_MORE.search(lowered)
    return [] if disputed is None else [Irregularity("score_disputed", disputed.start())]


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
        return False
    kept, played = _result_of(after), _result_of(told[-1])
    return kept is not None and played is not None and kept != played


_RECORDED = lazy_pattern(
    r"\b(?:entered|scored|recorded|wrote down|written down|keyed in|put in)\b"
    r"(?! (?:the )?(?:auction|bidding))"
    r"|\b(?:bridgemate|traveller|traveler|score ?sheet|score|result|results? sheet|scores? sheet"
    r"|results? page|recap(?: sheet)?) (?:says|said|shows|showed|has)\b"
    r"|\b(?:results? sheet|scores? sheet|results? page|recap)\W+(?:board|bd) \d+"
    r" (?:says|shows|has)\b"
    r"|\b(?:on|in) the (?:bridgemate|traveller|traveler|score ?sheet|scorecard)\b"
    r"|\bscorer (?:put|entered|wrote|has|recorded)\b"
    # everyday words for a result written down or keyed in
    r"|\b(?:wrote|written|typed|typed in|went in as|scored it|worked out)\b"
    r"|\bput (?:down|in) (?:the score|the result|it as|as)\b|\bput it in\b"
    r"|\b(?:put|had|has|scored) us\b"
    r"|\b(?:in|into) the (?:machine|bridgemate|scorer)\b"
    r"|\bon the (?:sheet|scoresheet|score sheet|travelling sheet|screen|recap|results)\b"
    r"|\b(?:score|result|results) (?:slip |sheet |on (?:bd|board) \d+ )?(?:says|said|has|had)\b"
    r"|\bscorer (?:had|shows|showed)\b"
)
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
    r"\b(?:opps|opponents|they|both (?:pairs|sides)|everyone|everybody|all)"
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


def _what_the_play_irregularity_was(
    lowered: str,
    found: list[Irregularity],
    events: tuple[Event, ...],
    play: PlayStory,
    vocabulary: Vocabulary,
) -> dict[str, str]:
    """The kind of incident a proven play irregularity is, for the topics that ask it first
    ('What is the question about?'): a trick someone wants to see again, tricks disputed, a
    score recorded wrongly, cards played at the same moment."""
    kinds = [i.kind for i in found]
    out: dict[str, str] = {}
    for irregularity in found:
        kind = irregularity.kind
        sentence = lowered[
            clause_start(lowered, irregularity.start) : clause_end(lowered, irregularity.start)
        ]
        if kind in ("score_recorded_wrong", "score_disputed") and _HOW_LONG.search(lowered):
            continue  # 'how long can a wrong score be changed': the correction period is asked
        if kind == "score_recorded_wrong" and _DISPUTE_WORDS.search(lowered):
            continue  # 'wrong score entered, and we dispute the tricks too': asked
        if kind in ("score_recorded_wrong", "score_disputed"):
            if vocabulary.timing["period_ended"].search(lowered):
                out.setdefault("score_found_when", "too_late")
            elif vocabulary.timing["scores_not_up"].search(lowered):
                out.setdefault("score_found_when", "in_period")
        if kind == "score_recorded_wrong" and "score_disputed" not in kinds:
            out.setdefault("score_event", "wrong_score")
        elif (
            kind == "score_disputed"
            and "score_recorded_wrong" not in kinds
            and not counts_agreed_first(lowered, len(lowered))
        ):  # a count agreed and later found wrong may be one side's accepting a trick (79A2)
            out.setdefault("score_event", "disagree")
        elif kind == "trick_inspection" and _ASKER_DUMMY.search(sentence):
            out.setdefault("inspect_asker", "dummy")
            out.setdefault("inspect_event", "look_trick")
        elif kind == "trick_inspection":
            if _ASKER_PLAYER.search(sentence):
                out.setdefault("inspect_asker", "player")
            if _REVOKE_WORDS.search(sentence):
                out.setdefault("inspect_event", "revoke_check")
            elif not _OWN_CARD.search(sentence):
                out.setdefault("inspect_event", "look_trick")
        elif kind == "tricks_disputed":  # proven only with a player's cards gathered
            out.setdefault("inspect_event", "mixed_cards")
        elif kind == "simultaneous_plays":
            out.setdefault("premature_event", "simultaneous")
            if _TWO_PLAYERS.search(sentence) and not _TWO_CARDS.search(lowered):
                out.setdefault("premature_simul", "two_players")  # not two cards of one hand
        elif kind in ("dummy_spoke", "dummy_acted"):
            during = vocabulary.timing["play_during"].search(lowered)
            ended = vocabulary.timing["play_ended"].search(lowered)
            if during and not ended:
                out.setdefault("dummy_period", "during")
            elif ended and not during:
                out.setdefault("dummy_period", "after")
            act = _dummy_act(lowered, vocabulary)
            if act is not None:
                out.setdefault("dummy_event", act)
        elif kind == "played_before_turn" and _BEFORE_RELEAD.match(lowered, irregularity.start):
            out.setdefault("premature_event", "after_illegal")  # declarer had to lead again
            out.setdefault("premature_after", "before_relead")
        elif kind == "played_after_irregular_lead" and irregularity is found[0]:
            out.setdefault("premature_event", "after_illegal")
            after = _played_after(lowered, irregularity, events, play)
            if after is not None:
                out.setdefault("premature_after", after)
        elif (
            kind == "card_exposed"
            and irregularity is found[0]
            and "penalty_card_held" not in kinds
            and not _LATER_QUESTION.search(_DECLARING_SIDE_ON_LEAD.sub("", lowered))
        ):
            out.setdefault("exposed_event", "exposed")  # the exposure itself is the question
        elif kind == "penalty_card_held":
            held = _penalty_cards_held(lowered, irregularity.start)
            if held is not None:
                out.setdefault("penalty_cards_held", held)
        elif kind == "card_pointed_wrong":
            out.setdefault("inspect_event", "pointed_wrong")
        elif kind == "played_cards_misarranged":
            out.setdefault("inspect_event", "explain")  # how played cards are kept (Law 65)
        elif kind == "card_turned_early":
            out.setdefault("played_card_event", "turned_early")
        elif kind == "dummy_card_touched":
            out.setdefault("played_card_event", "dummy_touched")
        elif kind == "wrong_card_count":
            out.update(_card_count(lowered, vocabulary))
        elif kind == "revoke_corrected" and not _PLAYED_SINCE.search(lowered):
            # a revoke put right (Law 62A); with a card played after it, that card may be what
            # the story asks about (Law 62C2)
            out.setdefault("retract_reason", "illegal")
        elif kind == "two_cards_played":
            out.setdefault("premature_event", "simultaneous")
            if _BOTH_SEEN.search(lowered):
                out.setdefault("premature_simul", "several_visible")
            elif _ONE_SEEN.search(lowered):
                out.setdefault("premature_simul", "one_visible")
            later = vocabulary.timing["found_later"].search(lowered)
            if later and not _found_at_once(lowered, vocabulary):
                out.setdefault("premature_simul", "found_later")
    return out


_PLAYED_SINCE = lazy_pattern(
    r"\b(?:already played|played after|had played|has played|played since)\b"
)


def _penalty_cards_held(lowered: str, start: int) -> str | None:
    """What the defender holds as penalty cards, as told: 'a minor penalty card', 'a major
    penalty card', or two of them, in one suit ('both spades') or in two ('a heart and a
    club')."""
    phrase = _HELD_PENALTY.match(lowered, start)
    if phrase is None:
        return None
    if phrase.group("kind"):
        return phrase.group("kind")
    if not phrase.group("two"):
        return None
    rest = lowered[phrase.end() : clause_end(lowered, phrase.end())]
    suits = {_suit_letter(m.group(1)) for m in _SUIT_WORD.finditer(rest)}
    if len(suits) > 1:
        return "several_suits"
    if len(suits) == 1 and re.search(r"\bboth\b|\bsame suit\b", rest):
        return "several_one_suit"
    return None


_HELD_PENALTY = lazy_pattern(
    r"(?:was|has|had|have|as|his|her|my) (?:a |an )?(?:(?P<kind>major|minor) |(?P<two>two|2) )?"
    r"penalty cards?\b"
)
_SUIT_WORD = lazy_pattern(r"\b(spade|heart|diamond|club)s?\b")


def _played_after(
    lowered: str, irregularity: Irregularity, events: tuple[Event, ...], play: PlayStory
) -> str | None:
    """Who played to a defender's lead out of turn, when the seats tell: his partner (the
    offending side) or the next player in rotation (the other side)."""
    leads = [e for e in events if e.act == "lead" and e.start < irregularity.start and e.actor]
    leader = leads[-1].actor if leads else None
    if leader is None:
        by = _LEAD_BY.search(lowered, 0, irregularity.start)
        if by is not None:
            leader = actor_seat(play, by.start("who"), by.end("who"))
    floor = clause_start(lowered, irregularity.start)
    player = actor_seat(play, floor, irregularity.start)
    if leader is None or player is None or player is leader:
        return None
    if player is leader.partner:
        return "offending_side"
    return "non_offender" if player is leader.lho else None


_LEAD_BY = lazy_pattern(r"\blead out of turn by (?P<who>\w+)\b")
_BEFORE_RELEAD = lazy_pattern(
    r"before (?:he|she|declarer) (?:had |could |was able to )?(?:led|lead) "
    r"(?:again|properly|correctly|from the (?:right|correct|proper) hand)\b"
)


def _dummy_act(lowered: str, vocabulary: Vocabulary) -> str | None:
    """What dummy did, from the sentences that speak of dummy (the vocabulary's order
    decides when a story tells several)."""
    about_dummy = " . ".join(
        sentence for sentence in re.split(r"[.;!]", lowered) if re.search(r"\bdummy\b", sentence)
    )
    return next((kind for kind, words in vocabulary.dummy_acts if words.search(about_dummy)), None)


def _card_count(lowered: str, vocabulary: Vocabulary) -> dict[str, str]:
    """A hand with the wrong number of cards: a card not of the deal, a hand of fourteen, or
    only short hands; and found before anyone holding one had called."""
    out: dict[str, str] = {}
    foreign, fourteen = _FOREIGN_CARD.search(lowered), _FOURTEEN.search(lowered)
    if foreign and not fourteen:
        out["cards_problem"] = "extra_card"
    elif fourteen and not foreign:  # 14 with a foreign card: which law is the director's call
        out["cards_problem"] = "too_many"
    timing = vocabulary.timing
    if timing["before_auction"].search(lowered):
        out["cards_stage"] = "before_call"
    elif timing["after_own_call"].search(lowered) or (
        _LATER_TRICK.search(lowered) and not timing["play_ended"].search(lowered)
    ):
        out["cards_stage"] = "after_call"  # the holder had called: in play, everyone has
    if _NOBODY_SAW.search(lowered):
        out["cards_seen"] = "no"
    elif _SAW_IT.search(lowered):
        out["cards_seen"] = "yes"
    if timing["lead_not_faced"].search(lowered) or timing["before_auction"].search(lowered):
        out["cards_lead_faced"] = "no"
    elif timing["lead_faced"].search(lowered) or _LATER_TRICK.search(lowered):
        out["cards_lead_faced"] = "yes"
    return out


_NOBODY_SAW = lazy_pattern(r"\b(?:nobody|no one|no-one|noone) (?:saw|had seen|has seen)\b")
_SAW_IT = lazy_pattern(r"\b(?:both|all|everyone|everybody) saw\b|\bsaw the extra card\b")
_LATER_TRICK = lazy_pattern(r"\btrick (?:1[0-3]|[2-9])\b")
"""A trick after the first named: the opening lead had been faced."""
_FOREIGN_CARD = lazy_pattern(
    r"\b(?:another|a different|other) (?:deck|pack|board)\b|\bdifferent back\b|\bjoker\b"
    r"|\bduplicate card\b|\btwo (?:of the same|identical)\b"
)
_FOURTEEN = lazy_pattern(
    r"\b(?:has|had|have|with|holding|counted) (?:14|fourteen)\b|\b(?:14|fourteen) cards\b"
)


_TWO_PLAYERS = lazy_pattern(
    r"\b(?:2|two|both) (?:players|defenders|opponents|opps)\b|\bopps\b|\bopponents\b|\bboth\b"
    r"|\b(?:lho|rho|[nesw]|north|east|south|west|pd|partner|i)\b[^.;!?]{0,40}\b(?:and|while)"
    r" (?:lho|rho|[nesw]|north|east|south|west|pd|partner|i|my lho|my rho)\b"
)
_TWO_CARDS = lazy_pattern(r"\b(?:2|two|both) (?:\w+ )?cards\b|\bcards (?:together|at once)\b")
_HOW_LONG = lazy_pattern(r"\b(?:how long|until when|till when|time limit|deadline|how late)\b")
_BOTH_SEEN = lazy_pattern(
    r"\bboth (?:faces? )?(?:showed|shown|visible|seen|face up|faces? (?:up|showing))\b"
    r"|\bboth (?:were )?(?:face up|visible|seen)\b"
)
_ONE_SEEN = lazy_pattern(
    r"\bonly (?:the )?(?:top )?one (?:could be |was )?(?:seen|visible)\b"
    r"|\bonly (?:the )?top one\b|\bonly see (?:the )?(?:one|top one|top card)\b"
    r"|\bonly one (?:face|card) (?:showed|showing|was showing|was visible|visible)\b"
    r"|\bonly the \w+ (?:was|could be) (?:visible|seen|showing)\b"
)
_DISPUTE_WORDS = lazy_pattern(r"\bdisput\w*|\bdisagree\w*|\bargu\w*")
_LATER_QUESTION = lazy_pattern(
    r"\b(?:earlier|before|since|lying|sitting|left (?:over|face up|out)"
    r"|still (?:out|on the table|face up|there)|on lead|to lead|turn|turns|led|leads|leading"
    r"|lead|forbade|forbid|forbidden|required|requires|demanded|must (?:lead|play)"
    r"|already|two|both|second|another|instead|again|now (?:on lead|to lead|his|her|my)"
    r"|whole hand|all (?:his|her|the) cards|(?:his|her|my) cards (?:face up|down)"
    r"|claim\w*|conced\w*|rest|show|showed|shows|shown|win|wins|ours|mine|yours)\b"
)
"""Words of a later moment or of more than the card exposed ('lying face up since T3; now his
partner is on lead', 'must he play it', 'showed his cards: this one wins'): then the question
may be what follows, or a defender's claim (Law 68), so what it is about is asked."""
_DECLARING_SIDE_ON_LEAD = lazy_pattern(
    r"\b(?:the )?(?:declarer|dummy)(?:'s| is| was)? (?:now |next )?(?:on lead|to lead|(?:to )?lead"
    r"(?:s|ing)?)\b(?: (?:from|in|on) (?:the )?(?:dummy|board|table|hand|his hand|her hand))?"
)
"""Declarer on lead next: no defender's turn, so none of the penalty card's later moments
(Law 50D, 50E): what the exposed card is stays the question."""
_ASKER_DUMMY = lazy_pattern(
    r"\bas dummy,? i\b|\bi'm dummy\b|\bi was dummy\b|\bdummy (?:asks|asked|wants|wanted)\b"
)
_ASKER_PLAYER = lazy_pattern(
    r"\b(?:declarer|defender|lho|rho|north|south|east|west|[nesw])(?:\s+\w+){0,3}?"
    r" (?:asks|asked|wants|wanted|would like)\b"
)
_REVOKE_WORDS = lazy_pattern(
    r"\brevok\w*|\brenege?\w*|\bfail\w* to follow\b|\bshowed out\b"
    r"|\b(?:whether|if) \w+ (?:had )?followed\b|\bfollowed suit\b"
    r"|\b(?:didn't|didnt|did not|hadn't|hadnt|had not|never|not) follow(?:ed)?\b"
)
_OWN_CARD = lazy_pattern(
    r"\b(?:i|he|she)\b[^.;!?]{0,25}\b(?:see|look at|check|view) (?:my|his|her) (?:own )?"
    r"(?:played )?card\b"
)
"""'see my card on the last trick': his own card, not the trick (Law 66A against 66B)."""


def _cards_gathered(lowered: str, events: tuple[Event, ...]) -> bool:
    """A player gathered or mixed his played cards (or put them back in the board)."""
    return any(e.act == "cards_back" for e in events) or _GATHERED.search(lowered) is not None


_GATHERED = lazy_pattern(
    r"\b(?:mixed|gathered|shuffled|picked up|swept|scooped|jumbled|bundled) (?:all |up )*"
    r"(?:his|her|their|my)\b|\b(?:swept|scooped|gathered|bundled|picked) (?:his|hers|theirs)"
    r" up\b"
    r"|\b(?:put|putting|had put) (?:his|her|their|my|our) (?:cards|hand|tricks) (?:back|away)\b"
)


def _named_held(
    lowered: str, events: tuple[Event, ...], play: PlayStory, match: re.Match[str]
) -> dict[str, str]:
    """A card named as held in a remark: a defender's when the player who spoke is one (his
    seat or role in the story), and its rank when the remark names one card."""
    spoke = [e for e in events if e.act == "remark" and e.end <= match.start()]
    if not spoke:
        return {}
    speaker = spoke[-1]
    role = speaker.role or (role_at(play, speaker.actor) if speaker.actor is not None else None)
    if role is None and _DEFENDER_WORD.search(lowered, max(0, speaker.start - 30), speaker.start):
        role = "defender"  # 'East, a defender, said ...', 'rho (defending) goes ...'
    if role != "defender":
        return {}
    proven = {"exposed_role": "defender", "exposed_how": "named"}
    said = next(((a, b) for a, b in _quoted(lowered) if a <= match.start() < b), None)
    if said is not None:
        cards = {c.card for c in find_cards(play.story.text[said[0] + 1 : said[1] - 1])}
        card = cards.pop() if len(cards) == 1 else None
        if card is not None and card.is_honour is not None:
            proven["exposed_rank"] = "honour" if card.is_honour else "spot"
    return proven


_DEFENDER_WORD = lazy_pattern(r"\b(?:a defender|defending|the defender|defender)\b")


def _exposed(play: PlayStory, event: Event) -> dict[str, str]:
    """A defender's card exposed: whose it was (the seats prove a defender), and its rank when
    its sentence names one card."""
    text = play.story.text
    start, end = clause_start(text, event.start), clause_end(text, event.end)
    told = _QUOTE.sub(lambda m: " " * len(m.group(0)), text[start:end].lower())
    cards = {c.card for c in find_cards(text[start:end]) if not told[c.start].isspace()}
    proven = {"exposed_role": "defender"}
    several = re.search(r"\bcards\b", text[event.start : event.end].lower())
    card = cards.pop() if len(cards) == 1 and not several else None  # not one named in a remark
    if card is not None and card.is_honour is not None:
        proven["exposed_rank"] = "honour" if card.is_honour else "spot"
    return proven


_AFTER_WITHDRAWAL = (WITHDRAWN_INFORMATION, LEAD_AFTER_WITHDRAWN, WITHDRAWN_REPLACED)
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
    tempo = [
        Tempo(e.start, e.end, e.actor, e.role or e.words)
        for e in events
        if e.act in ("hesitate", "manner") and "alleged" not in e.how
    ]
    found = read_information(
        lowered, story, play, exposures, vocabulary.information, played, vocabulary.auction, tempo
    )
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


def _only_calls(lowered: str, events: tuple[Event, ...], play: PlayStory) -> bool:
    """Calls are told and nothing of the play (no card led or played, no trick, no
    declarer): a 'card' put down is a bidding card."""
    return (
        any(c.role == "made" for c in play.story.timeline)
        and not any(
            e.act in ("lead", "discard", "ruff", "revoke")
            or (e.act == "play" and not lowered.startswith("put", e.start))
            for e in events
        )  # 'put another card down' may be a bidding card; 'played' is a card
        and not _TRICK_TALK.search(lowered)
        and _AUCTION_TALK.search(lowered) is not None
    )


_AUCTION_TALK = lazy_pattern(
    r"\b(?:bid|bids|bidding|passed|pass|opened|opens|auction|overcall\w*|doubled|redoubled)\b"
)
_TRICK_TALK = lazy_pattern(
    r"\btricks?\b|\bdeclarer\b|\bdecl\b|\bdummy\b|\bled\b|\blead\b|\bdefend\w*|\bstuck\b"
)


def _before_play(lowered: str, events: tuple[Event, ...], event: Event) -> bool:
    """The player to be dummy spoke before the play began: he is not dummy yet (his limits
    start with the play, Law 41D and 43), and a call he made after the final pass is a call
    after the auction closed (Law 39). Proven by the words ('dummy-to-be', 'before going
    down') or by a call in his words while no card had yet been led or played."""
    sentence = lowered[clause_start(lowered, event.start) : clause_end(lowered, event.end)]
    if _NOT_DUMMY_YET.search(sentence):
        return True
    if any(e.act in _CARD_ACTS and e.act != "expose" and e.start < event.start for e in events):
        return False
    words = next((lowered[a:b] for a, b in _quoted(lowered) if a >= event.end), "")
    return bool(_A_CALL_SAID.search(words))


_NOT_DUMMY_YET = lazy_pattern(
    r"\bdummy[- ]to[- ]be\b|\bfuture dummy\b|\b(?:to|would) be (?:the )?dummy\b"
    r"|\bbefore (?:going|coming) down\b|\bbefore (?:putting|laying|spreading) (?:his|her) "
    r"(?:cards|hand)\b|\bbefore (?:the )?(?:opening )?lead (?:was|had been) (?:made|faced)\b"
)
_A_CALL_SAID = lazy_pattern(
    rf"(?<![\w♣♦♥♠]){BID_PATTERN}|\b(?:[1-7]|one|two|three|four|five|six|seven)\s+"
    r"(?:no ?trumps?|nt|clubs?|diamonds?|hearts?|spades?)\b|\b(?:pass|double|redouble|bid)\b"
)
"""A call in a remark ('four spades', '4c', 'double', 'i wanted to bid')."""


def _dummy_acted(lowered: str, event: Event) -> bool:
    """Dummy is the subject ('dummy nodded', 'my pd (dummy) called the td', 'as dummy i
    peeked'), and a remark counts only with its words quoted."""
    if event.act not in ("remark", "signal") or event.role != "dummy":
        return False
    if event.words in ("i", "me") and (
        event.act == "signal" or _QUOTE_FOLLOWS.match(lowered, event.end)
    ):
        return True  # 'I was dummy ... can I ask him 'no hearts?'': the speaker, dummy, himself
    if event.act == "remark" and not _QUOTE_FOLLOWS.match(lowered, event.end):
        return False
    before = lowered[clause_start(lowered, event.start) : event.start]
    return _DUMMY_SUBJECT.search(before) is not None


def _dummy_acted_by_reference(lowered: str, play: PlayStory, event: Event) -> bool:
    """'N was dummy, halfway through he called the TD', 'my pd was dummy and stood behind me,
    then he piped up when lho didn't follow': 'he' is the player the sentence is about, when
    that player is dummy and nobody else is named as a subject before 'he'; 'E was dummy ...
    E called the td': the seat is dummy's. A remark counts with its words quoted or told as
    speaking about something ('piped up when ...')."""
    if event.act not in ("remark", "signal"):
        return False
    if event.act == "remark" and not (
        _QUOTE_FOLLOWS.match(lowered, event.end) or _SPOKE_ABOUT.match(lowered, event.end)
    ):
        return False
    if event.actor is not None and event.words not in ("i", "me"):
        # 'E was dummy ... E called the td': the seat named is dummy's
        return role_at(play, event.actor) == "dummy" and event.role == "dummy"
    if event.words not in ("he", "she"):
        return False
    sentence = clause_start(lowered, event.start)
    if not any(
        sentence <= p.start < event.start for p in play.story.players if p.kind != "pronoun"
    ):
        sentence = clause_start(lowered, max(0, sentence - 1))  # 'he' opens it: the one before
    named = [
        p
        for p in play.story.players
        if sentence <= p.start < event.start and p.kind != "pronoun" and p.words not in ("me",)
    ]
    if not named:
        return False
    first = named[0]
    dummy = (first.seat is not None and role_at(play, first.seat) == "dummy") or bool(
        _WAS_DUMMY.match(lowered, first.end)
    )
    return dummy and len(named) == 1


_SPOKE_ABOUT = lazy_pattern(r"\s+(?:up\s+)?(?:when|about|that|to say)\b")
_WAS_DUMMY = lazy_pattern(r"\s*(?:\(|,\s*)?(?:who (?:was|is) |was |is )(?:the )?dummy\b")
_DUMMY_SUBJECT = lazy_pattern(
    r"(?:(?<!from )(?<!in )(?<!on )(?<!to )(?<!of )(?<!at )(?<!with )\bdummy\)?"
    r"|\bas dummy,? i|\bi'm dummy,? i)\W*(?:\w+\W+){0,15}$"
)
_QUOTE_FOLLOWS = lazy_pattern(r"\W*(?:\w+\W+){0,3}?['\"]")
_LEAD_OUT_OF_TURN = lazy_pattern(r"\blead out of turn\b")
_ON_ITS_RIGHT = lazy_pattern(
    r"\b(?:on|to) (?:the )?right of (?:it|the lead|the card|dummy|declarer|that)\b"
    r"|\bon (?:dummy's|declarer's|its|the lead's) right\b"
)
"""The defender on the right of declarer's lead, who plays to it out of turn (53C)."""
_DECLARER_SUBJECT = lazy_pattern(r"\b(?:declarer|dummy)\W+(?:\w+\W+){0,1}$")
_IN_AUCTION = lazy_pattern(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bauction (?:was |is )?still\b"
    r"|\bbefore the (?:opening )?lead\b|\bbefore the final pass\b"
)
"""A card seen before the play starts is ruled by Law 24, not as a penalty card."""
_CARD_WORD = lazy_pattern(r"\bcards?\b")
_CARD_ACTS = ("lead", "play", "discard", "ruff", "revoke", "expose")
_CALLING = lazy_pattern(r"\b(?:bidding|bid|bids|call|calls|box|pulled)\b")
_CARD_WORDS = lazy_pattern(r"\b(?:cards?|played|plays|led|leads|followed)\b")


_RELEAD_REQUIRED = lazy_pattern(
    r"\btake (?:it|the card|that|his card|her card) back\b"
    r"|\b(?:lead|play|call a card|name a card) (?:again )?from (?:dummy|the board|the table|table"
    r"|(?:his |her |the other |the right |the correct )?hand)\b"
)
_BEFORE_RELEAD_DONE = lazy_pattern(
    r"\bbefore (?:he|she|declarer|[nesw]|north|east|south|west)\b (?:had |could |was able to "
    r"|got to |even )*(?:did|done|do|led|lead|called|call|named|name|played|play)\b"
)
_CARD_PUT = lazy_pattern(
    r"\b(?:put|played|threw|chucked|slapped|slammed|tossed|plonked|dropped|laid|followed"
    r"|pulled|produced)\b"
)


def _played_before_relead(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """Declarer's lead from the wrong hand, his told to lead from the right one, and a card put
    out 'before he did': that card is the matter (Law 60B), not the lead already dealt with."""
    lead = next((i for i in found if i.kind == "lead_out_of_turn"), None)
    if (
        lead is None
        or lead.facts.get("lead_offender_role", "declarer") != "declarer"
        or any(i.kind == "played_before_turn" for i in found)
    ):
        return found
    required = _RELEAD_REQUIRED.search(lowered, lead.start)
    before = required and _BEFORE_RELEAD_DONE.search(lowered, required.end())
    end = _sentence_end(lowered, before.end()) if before else 0
    if not before or _CARD_PUT.search(lowered, before.end(), end) is None:
        return found
    proven = {"premature_event": "after_illegal", "premature_after": "before_relead"}
    relead = Irregularity("played_before_turn", before.start(), proven)
    return sorted([*found, relead], key=_at)


def _after_irregular_lead(
    found: list[Irregularity], told_out_of_turn: bool, lowered: str | None = None
) -> list[Irregularity]:
    """A play to a lead out of turn is what the story asks about (Law 60): told first. To
    declarer's lead out of turn only the defender on its right playing is (53C sends it to
    57); his left-hand opponent playing accepts the lead (53A)."""
    kinds = [i.kind for i in found]
    faced = next((i for i in found if i.kind == "lead_out_of_turn"), None)
    if (
        faced is not None
        and faced.facts.get("lead_trick") == "opening"
        and faced.facts.get("lead_faced") == "faced"
        and "card_exposed" in kinds[: kinds.index("lead_out_of_turn")]
    ):  # the card the wrong defender put face up is his opening lead (Law 54; a penalty
        # card only if declarer refuses it, which that topic rules): one irregularity
        found = [i for i in found if i.kind != "card_exposed"]
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
    if lead.facts.get("lead_offender_role") == "declarer" and not (
        lowered is not None and _ON_ITS_RIGHT.search(lowered, clause_start(lowered, after.start))
    ):
        return found  # a defender playing to declarer's lead out of turn: Law 53 and 55 first
    if (
        lowered is not None
        and lead.facts.get("lead_offender_role") != "declarer"
        and _DECLARING_SIDE_PLAYED.search(
            lowered, max(clause_start(lowered, after.start), lead.start + 1), after.start
        )
    ):
        return found  # declarer's side played to a defender's lead out of turn: 53A accepts it
    return [after, *(i for i in found if i is not after)]


_DECLARING_SIDE_PLAYED = lazy_pattern(r"\b(?:declarer|decl|dummy|the board)\b")
"""Who played to the lead out of turn, named before the card: declarer's side, the
offender's opponents (the labelling sheet: the next hand's card accepts the lead, 53A)."""


def _plays_before_partner(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card led or played before the player's partner had played to the trick (Law 57):
    said so in the act's sentence ('played before his pd had', 'led to trick 8 while his
    partner was still deciding'), or 'before me' of the speaker's partner."""
    for event in events:
        if event.act not in ("lead", "play", "discard", "ruff"):
            continue  # a discard or a ruff put out early is played early too
        end = clause_end(lowered, event.end)
        then = _NEXT_ACT.search(lowered, event.end, end)
        cut = then.start() if then else end
        later = [
            e.start
            for e in events
            if event.end < e.start < cut
            and e.act in _CARD_ACTS
            and not re.search(
                r"\bbefore\b[^,.;]{0,25}$", lowered[: e.start]
            )  # 'before X had played'
        ]
        if later:  # 'declarer led ... and West led ... before anyone had played': West's words
            cut = _subject_start(lowered, later[0])
        rest = lowered[event.end : cut]  # not another player's act
        said = vocabulary.phrases["before_partner"].search(rest)
        if said is not None and re.match(
            r"\s*(?:had |has )?(?:bid|called|passed|opened)\b", rest[said.end() :]
        ):
            said = None  # 'before his partner had bid': the auction, not the play
        if said is not None and _WHO_HAD_WON.match(rest, said.end()):
            said = None  # 'led before his partner, who had won the trick': a lead out of turn
        mine = (
            play.story.speaker is not None
            and event.actor is play.story.speaker.partner
            and re.search(r"\bbefore me\b", rest)
        ) or _before_his_partner(play, event, rest)
        if said is not None or mine:
            proven: dict[str, str] = {}
            role = event.role or _defender_beside_declarer(lowered, play, events, event)
            if role == "defender" and "alleged" not in event.how:
                still = said is not None and "still" in said.group(0)
                proven["premature_event"] = (
                    "early_lead"
                    if event.act == "lead" and still
                    else ("before_partner" if event.act != "lead" else "")
                )
                proven = {k: v for k, v in proven.items() if v}
            facts.update(proven)
            return [Irregularity("played_before_partner", event.start, proven)]
        cuts = list(_NEXT_ACT.finditer(lowered, clause_start(lowered, event.start), event.start))
        head = lowered[cuts[-1].end() if cuts else clause_start(lowered, event.start) : event.start]
        early = (
            vocabulary.phrases["before_turn"].search(rest)
            or vocabulary.phrases["before_turn"].search(head)
            or _BEFORE_HAD_PLAYED.search(rest)
        )  # 'and before declarer had called a card from dummy E put the HQ down'
        if early is not None:
            proven = {}
            if "alleged" not in event.how and event.act == "play" and event.role == "declarer":
                proven["premature_event"] = "declarer_early"  # from his hand or dummy's (57C3)
            elif "alleged" not in event.how and event.act == "lead" and event.role == "declarer":
                proven["premature_event"] = "declarer_early_lead"  # to the next trick (57C3)
            elif (
                "alleged" not in event.how
                and event.role == "defender"
                and re.search(r"\b(?:dummy|declarer)", early.group(0))
            ):
                proven["premature_event"] = "rho_turn"  # the player on his right (57D)
            facts.update(proven)
            return [Irregularity("played_before_turn", event.start, proven)]
        thinking = _STILL_ON_TRICK.search(lowered, 0, clause_end(lowered, event.end))
        to_trick = _TO_TRICK.match(lowered, event.end)
        if (
            event.act in ("lead", "play")
            and thinking
            and to_trick
            and int(to_trick.group(1)) == int(thinking.group(1)) + 1
        ):
            return [Irregularity("played_before_turn", event.start)]  # 'pd still on trick 5'
        waiting = _STILL_TO_PLAY.search(lowered, 0, event.start)
        rest = lowered[event.end : clause_end(lowered, event.end)]
        if event.act == "lead" and waiting and _NEXT_TRICK.search(rest):
            # a lead to the next trick while a player was still to play to this one
            thinker = actor_seat(play, clause_start(lowered, waiting.start()), waiting.start())
            proven = {}
            leader_words = lowered[clause_start(lowered, event.start) : event.start]
            partners = thinker is not None and (
                (event.actor is not None and thinker is event.actor.partner)
                or re.search(r"\b(?:his|her) (?:partner|pd)\b", leader_words) is not None
            )
            if partners:  # the thinker's partner led: defenders (dummy never thinks)
                proven["premature_event"] = "early_lead"
            facts.update(proven)
            return [Irregularity("played_before_turn", event.start, proven)]
    return []


def _defender_beside_declarer(
    lowered: str, play: PlayStory, events: tuple[Event, ...], event: Event
) -> Role | None:
    """A player told playing before his partner, named by seat or relation, in a story that
    names declarer as someone else ('pd played before me; declarer told me to play high'):
    a defender. Dummy never plays his own card, and declarer playing before dummy is told as
    that; the words naming the player must not be a role, nor the speaker's role one of the
    declaring side's."""
    if event.actor is None or not event.words or _ROLE_WORDS.search(event.words):
        return None
    speaker = play.story.speaker
    if play.speaker_role in ("declarer", "dummy") or play.declarer is not None:
        return None  # the seats decide (the actor's role is read from them, or not at all)
    if speaker is not None and event.actor is speaker.partner and _DUMMY_SPEAKER.search(lowered):
        return None
    if _LEAD_WORD.search(lowered, event.start, clause_end(lowered, event.end)):
        return None  # 'slaps his lead to T7 down': a lead to the next trick, its own case
    if any(e.start > event.end and e.act in _CARD_ACTS for e in events):
        return None  # a card played after it: what followed may be what the story asks
    named = [
        r
        for r in play.roles
        if r.role == "declarer" and not r.possessive and not 0 <= event.start - r.end < 3
    ]
    return "defender" if named else None


_ROLE_WORDS = lazy_pattern(r"\b(?:declarer|dummy|board|decl)\b")
_LEAD_WORD = lazy_pattern(r"\b(?:lead|leads|led)\b")
_DUMMY_SPEAKER = lazy_pattern(r"\b(?:i'm|i am|i was|as) (?:the )?dummy\b")


_STILL_TO_PLAY = lazy_pattern(
    r"\bstill (?:thinking|deciding|considering|thought|to play)\b"
    r"|\bhad(?:n't| not) (?:yet )?played\b"
)
_NEXT_TRICK = lazy_pattern(r"\bnext (?:trick|card)\b")


def _before_his_partner(play: PlayStory, event: Event, rest: str) -> bool:
    """'W played to the trick before E, his partner, had played': the player named after
    'before' is the actor's partner by seat."""
    before = re.search(r"\bbefore\s+", rest)
    if before is None or event.actor is None or event.act not in ("lead", "play"):
        return False
    at = event.end + before.end()
    named = next((p for p in play.story.players if p.start == at), None)
    return named is not None and named.seat is event.actor.partner


_BEFORE_HAD_PLAYED = lazy_pattern(
    r"\bbefore (?:\w+ ){1,2}had (?:even |yet )?(?:played|followed)(?: to (?:trick|t)\s*\d+)?\b"
)


def _subject_start(lowered: str, act: int) -> int:
    """Where the words of a later act begin: its 'and <player>' or the act itself."""
    joined = list(re.finditer(r"\band\b|,", lowered[:act]))
    return joined[-1].start() if joined and act - joined[-1].end() < 25 else act


_NEXT_ACT = lazy_pattern(
    r",\s*(?:and|then|but)\b|\band then\b"
    r"|,\s*(?:took|picked|put|grabbed|pulled|swapped|switched|changed) (?:it|the card|his|her|my)\b"
)
"""The next act told of the same player: 'threw the ♣A, took it back before declarer played'
(the 'before' is of the taking back, not of the card played)."""
_TO_TRICK = lazy_pattern(r"[^.;!?]{0,20}?\bto trick (1[0-3]|[1-9])\b")
_STILL_ON_TRICK = lazy_pattern(
    r"\bstill (?:thinking|deciding|considering|working out what to play)(?: about| on| over| to)?"
    r" (?:what to play (?:to|on) )?trick (1[0-2]|[1-9])\b"
)


_MADE = lazy_pattern(
    r"\b(?:declarer|north|east|south|west|[nesw]|i|we|they)\s+(?:made|took|got)\s+"
    r"(1[0-3]|[0-9])\b(?!\s*(?:off|down|level|[shdc]\b|nt\b|♠|♥|♦|♣))"
)
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


# -- the shape of the calls and plays (suggested, not proven) --------------------------------


def _auction_irregularities(
    story: Story,
    lowered: str,
    vocabulary: Vocabulary,
    facts: dict[str, str],
    declarer: Seat | None,
    events: tuple[Event, ...] = (),
) -> list[Irregularity]:
    """What the calls prove: the first irregular call of an auction typed as calls, or told
    with every seat in rotation (Law 27, 28-32, 35-36, 39), unless the auction reader reads
    that call as another matter. A bid told in prose under the last one proves an
    insufficient bid only in a story of the auction that asks nothing about using what a
    call showed (that is the information's matter, Law 16)."""
    out: list[Irregularity] = []
    prose = not _play_begun(events) and not _outside_quotes_any(
        vocabulary.information.get("use_asked"), lowered
    )
    first = _first_irregular_call(story, prose)
    if first is not None and first.kind == "insufficient_bid" and story.typed_auction is None:
        other_turn = called_at_anothers_turn(story)
        if other_turn is not None and other_turn.start == first.start:
            # an insufficient bid out of rotation: the turn comes first (Laws 27A, 31)
            first = Irregularity("call_out_of_rotation", first.start)
    if first is not None and not _read_as(first, story, lowered, declarer):
        out.append(first)
        facts.update(first.facts)
    return out


def _read_as(first: Irregularity, story: Story, lowered: str, declarer: Seat | None) -> bool:
    """The call model's irregular call is the auction reader's matter instead: a pass that
    skipped a turn is the missed turn (Law 17D3), a double said with a bid is the misstated
    double (Law 19A3, before what it doubled), a call after the close is read with who made
    it (Law 39)."""
    if first.kind == "call_after_final_pass":
        return call_after_close(story, declarer) is not None
    if first.kind == "call_out_of_rotation":
        return turn_passed_over(story) is not None
    if first.kind == "inadmissible_double":
        return spoken_double(lowered, story) is not None
    return False


def _outside_quotes_any(pattern: re.Pattern[str] | None, lowered: str) -> bool:
    """Whether ``pattern`` matches the words told, not only words quoted."""
    if pattern is None:
        return False
    quoted = _quoted(lowered)
    return any(not any(a <= m.start() < b for a, b in quoted) for m in pattern.finditer(lowered))


def _call_changed(
    story: Story, lowered: str, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[Irregularity]:
    """A call made and another the same player meant or wanted in its place (Law 25): told
    by the calls ('pulled 2S, meant 2H', 'bid 3NT, then wanted 4S instead'), or by the
    caller's words of a slip ('pulled the wrong card') in a story of calls. A sufficient
    call meant in place of an insufficient bid is its replacement (Law 27), not a change."""
    if story.out_of_turn_words or story.turn_words or story.simultaneous:
        return []  # the turn, or the calls made together, come first (Laws 28-33)
    if _play_begun(events) or _outside_quotes_any(vocabulary.information.get("use_asked"), lowered):
        return []
    slip = vocabulary.auction.get("unintended")
    slipped = slip.search(lowered) if slip is not None else None
    for made in story.made_with_wanted():
        wanted = story.wanted_for(made)
        if wanted is None:
            continue
        if _is_insufficient(story, made) and not _wanted_too_low(story, made, wanted):
            return []  # an insufficient bid and the call put in its place (Law 27)
        if meant_instead(wanted) or slipped is not None or _CHANGED_MIND.search(lowered):
            return [Irregularity("changed_call", made.start)]
        return []
    if slipped is not None and story.timeline and _bid_not_over_the_last(story) is None:
        return [Irregularity("changed_call", slipped.start())]
    return []


def _wanted_too_low(story: Story, made: CallEvent, wanted: CallEvent) -> bool:
    """The call meant is itself under the last bid (pulled 1S over 1NT meaning 1H): the
    change comes first, then the insufficient bid (Laws 25, 27)."""
    before = story.timeline[: story.position(made)]
    last = next((e.call for e in reversed(before) if isinstance(e.call, Bid)), None)
    return isinstance(wanted.call, Bid) and last is not None and not wanted.call.supersedes(last)


_CHANGED_MIND = lazy_pattern(
    r"\bchanged? (?:his|her|my|their) mind\b|\bchange of mind\b|\bsecond thoughts?\b"
    r"|\bthought better of\b|\bmisread\b|\bmisheard\b|\bmissaw\b"
)
"""A call changed once made, by his own wish (Law 25B) or because he misread the auction."""

_PROSE_CALL_KINDS = frozenset(("insufficient_bid", "call_out_of_rotation", "changed_call"))
"""What a call told in prose proves (not a typed auction): it yields to the information the
same story proves."""


def _call_at_anothers_turn(
    story: Story, lowered: str, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[Irregularity]:
    """A call the story places at another player's turn, from the seats (whose turn it was,
    who had still to call): a call out of rotation (Laws 28-32) - when nothing else of the
    auction is proven (a call at the same moment, after the close, a double of partner's
    bid, a turn then passed over), the play has not begun, and no information is asked."""
    if story.simultaneous or story.closed_at is not None or story.after_final_pass_words:
        return []
    if any(who == "own" for who, _ in story.turn_words):
        return []  # told on to his call at his own turn: what replaces it is the question
    skipped = vocabulary.auction.get("skipped")
    if skipped is not None and skipped.search(lowered):
        return []  # a turn then passed over: the missed turn is the matter (Law 17D3)
    if _play_begun(events) or _outside_quotes_any(vocabulary.information.get("use_asked"), lowered):
        return []
    event = called_at_anothers_turn(story)
    if event is None:
        return []
    bids = [e for e in story.timeline if isinstance(e.call, Bid)]
    if any(a.call == b.call and not same_player(a, b) for a, b in combinations(bids, 2)):
        return []  # a bid named again ('the card says 1S shows 5'): the turns are not told
    return [Irregularity("call_out_of_rotation", event.start)]


def _first_irregular_call(story: Story, prose: bool = True) -> Irregularity | None:
    auction = story.typed_auction or _told_auction(story)
    if auction is None:
        return _bid_not_over_the_last(story) if prose else None
    found = auction.irregularities()
    if not found:
        return None
    typed = story.typed_auction is not None
    if not typed and found[0].kind not in ("inadmissible_double", "insufficient_bid"):
        return None
    if not typed and _meant_instead(story):
        return None  # a call made and another meant: the change of call comes first (Law 25)
    if not typed and not _judged_in_run(auction, found[0].position):
        return None
    events = story.timeline
    start = events[found[0].position].start if found[0].position < len(events) else 0
    facts = (
        _double_object(auction, found[0].position) if found[0].kind == "inadmissible_double" else {}
    )
    return Irregularity(str(found[0].kind), start, facts)


def _bid_not_over_the_last(story: Story) -> Irregularity | None:
    """A bid told in prose that does not outrank the bid before it, made by another player
    (Law 27): the bid it is told 'over' or 'after', or the last bid told before it by a
    player the story names as someone else. Not when the story tells first another matter of
    that call (out of turn, at the same time as another, meant as another call), nor a bid
    named again ('what 2H was') or told as made earlier ('realised pd had bid 2H')."""
    if _meant_instead(story) or story.out_of_turn_words or story.turn_words:
        return None  # the change of call, or the turn, comes first (Laws 25, 28-31)
    if story.simultaneous or told_out_of_order(story):
        return None
    lowered = story.text.lower()
    seen: list[Bid] = []
    last: CallEvent | None = None
    for event in story.timeline:
        if not isinstance(event.call, Bid):
            continue
        if event.call in seen or _TOLD_AS_EARLIER.search(lowered, 0, event.start):
            return None  # a bid named again, or one made before the bid told before it
        seen.append(event.call)
        if last is not None and not event.call.supersedes(last.call):  # type: ignore[arg-type]
            told_over = last.earlier_than is not None and story.events[last.earlier_than] is event
            others = (
                event.actor is not None
                and last.actor is not None
                and not same_player(event, last, unnamed=False)
            )
            return Irregularity("insufficient_bid", event.start) if told_over or others else None
        last = event
    return None


_TOLD_AS_EARLIER = lazy_pattern(
    r"\bhad\s+(?:already\s+|just\s+|actually\s+|really\s+)?"
    r"(?:bid|opened|overcalled|responded|raised|called|said|put out|put down)\s+(?:with\s+)?"
    r"(?:the\s+|a\s+)?\W*$"
)
"""'he had actually opened 2S', 'lho had opened 1S': a call told after another but made
before it."""


def _double_object(auction: Any, position: int) -> dict[str, str]:
    """What an inadmissible double or redouble applied to, from the last call before it
    other than a pass: his own side's call, a bid already doubled (or a double already
    redoubled), or - for a redouble - a bid nobody had doubled (Law 19)."""
    caller = auction.seat_of(position)
    redouble = auction.calls[position] is Simple.REDOUBLE
    for before in range(position - 1, -1, -1):
        call = auction.calls[before]
        if call is Simple.PASS:
            continue
        maker = auction.seat_of(before)
        own = caller is not None and maker is not None and maker in (caller, caller.partner)
        if call is Simple.REDOUBLE or (call is Simple.DOUBLE and not redouble):
            return {"double_object": "not_the_last"}  # already doubled (or redoubled)
        if own:
            return {"double_object": "own_side"}
        if redouble and isinstance(call, Bid):
            return {"double_object": "nothing_to_redouble"}
        return {}  # an opponent's bid doubled, or his double redoubled: allowed
    return {}


def _meant_instead(story: Story) -> bool:
    """A call made and another meant in its place ('meant 2H'), not one put in its place
    after it was refused ('changed it to 2D')."""
    for made in story.made_with_wanted():
        wanted = story.wanted_for(made)
        if wanted is None or _MEANT.search(wanted.cue) or not _is_insufficient(story, made):
            return True
    return False


def _judged_in_run(auction: Any, position: int) -> bool:
    """A told run of calls may start mid-auction: a double or redouble is judged only when
    the call it would apply to is among the calls told."""
    call = auction.calls[position]
    if call not in (Simple.DOUBLE, Simple.REDOUBLE):
        return True
    return any(c is not Simple.PASS for c in auction.calls[:position])


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
    exposures = _faced_in_auction(lowered, play, events, vocabulary)
    for item in read_auction_state(lowered, story, play, exposures, vocabulary.auction):
        for key, value in item.facts.items():
            facts.setdefault(key, value)  # a state proven from the calls' order speaks first
        if item.kind == AUCTION_ENDED and any(
            e.act in ("lead", "play") and e.start > item.start for e in events
        ):
            continue  # the play began after it: the end of the auction is the background
        if item.kind and item.kind not in known:
            out.append(Irregularity(item.kind, item.start, item.facts))
    return out


def _faced_in_auction(
    lowered: str, play: PlayStory, events: tuple[Event, ...], vocabulary: Vocabulary
) -> list[tuple[int, int, Seat | None]]:
    """Where a card is told put face up (start, end, by whom when known): an exposure, a
    card faced in an auction's words ('two landed face up'), and - once the story says the
    auction was not over - a card led (Law 24)."""
    faced = [(e.start, e.end, e.actor) for e in events if e.act == "expose"]
    words = vocabulary.auction.get("card_faced")
    if words is not None:
        for match in words.finditer(lowered):
            floor = clause_start(lowered, match.start())
            faced.append((match.start(), match.end(), actor_seat(play, floor, match.start())))
    not_over = vocabulary.auction.get("not_over")
    if not_over is not None and not_over.search(lowered):
        faced += [(e.start, e.end, e.actor) for e in events if e.act == "lead"]
    return sorted(faced, key=lambda f: f[0])


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
    seats = [e.seat for e in timeline]
    known = [i for i, seat in enumerate(seats) if seat is not None]
    if known:
        end = next((i for i in range(known[0], len(seats)) if seats[i] is None), len(seats))
        if all(e.sentence > timeline[end - 1].sentence for e in timeline[end:]):
            timeline = timeline[:end]  # calls told later with no maker named: a new sentence
            seats, known = seats[:end], known[: len(known)]
            known = [i for i in known if i < end]
    if len(timeline) < 2 or any(e.call is None for e in timeline):
        return None
    if len(known) < 2 or known != list(range(known[0], len(seats))):
        return None  # unknown makers only before the first one named
    if not all(seats[i + 1] is seats[i].lho for i in known[:-1]):  # type: ignore[union-attr]
        return None
    return Auction(tuple(Entry(e.call, e.seat) for e in timeline))  # type: ignore[arg-type]


_PLAYED_NOT_CALLED = lazy_pattern(
    r"\b(?:led|leads|leading|played|plays|playing|ruffed|discarded|revoked)\b", re.IGNORECASE
)
_CALL_WORDS = lazy_pattern(
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


_MEANT = lazy_pattern(r"\b(meant|meaning|intended|intending|instead of|rather than)\b")
_DOUBLE_NAMING_A_BID = lazy_pattern(
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


_DUMMY_SPEAKS = lazy_pattern(
    r"(?<!from )(?<!to )(?<!in )(?<!on )(?<!of )(?<!with )(?<!at )(?<!'s )"
    r"\bdummy\b(?!\s+and\b)"
    r"(?:\s+(?!but\b|then\b|declarer\b|he\b|she\b|they\b|we\b|lho\b|rho\b|pd\b|down\b)\w+){0,4}?\s+"
    r"(?:told|tells|tell|said|says|say|pointed out|points out|point out|spotted|warn|"
    r"(?:turned|turns|leaned|leans) to \w+ and (?:said|says|asked|asks|told)|"
    r"warned|drew attention|draws attention|called (?:the )?(?:director|td)|summoned)\b",
    re.IGNORECASE,
)
_BEFORE_PARTNER = lazy_pattern(
    r"\b(?:led|leads|played|plays)\b[^.;!?]{0,50}?\bbefore (?:his |her |their |my )?"
    r"(?:partner|pd|pard)\b(?! (?:had |has )?(?:bid|called|passed|opened))",
    re.IGNORECASE,
)


def _play_shape(text: str) -> list[str]:
    """A card led or played before partner's points to a premature play; a player told in
    his own words that he had the suit he ruffed or discarded on points to a revoke."""
    if _DUMMY_SPEAKS.search(text):
        return []
    if _BEFORE_PARTNER.search(text):
        return ["played_before_partner"]
    said = [text[a:b] for a, b in _quoted(text.lower())]
    return ["revoke"] if any(_YOU_HAD.search(q) and _NOT_FOLLOWED.search(q) for q in said) else []


_YOU_HAD = lazy_pattern(r"\byou (?:had|have|still had|still have|held) (?:a|an|one|the)\b", re.I)
_NOT_FOLLOWED = lazy_pattern(
    r"\b(?:ruff\w*|trump\w*|discard\w*|threw|thrown|pitch\w*|showed out|didn't follow)", re.I
)


_PLAY_TOLD = ("lead", "discard", "ruff", "revoke", "claim", "concede")


def _play_told(lowered: str, play: PlayStory, vocabulary: Vocabulary) -> bool:
    """Something of the play is told, even with no card to a trick: a contract or declarer
    ('4S by S'), a player's part in the play, tricks taken, or play words quoted ('pd said:
    lho didn't follow')."""
    if play.contract is not None or play.declarer is not None or play.roles:
        return True
    if play.speaker_role is not None or play.declarer_tricks is not None:
        return True
    return any(vocabulary.acts[act].search(lowered) for act in _PLAY_TOLD if act in vocabulary.acts)


CALLS_ONLY = "calls_only"
"""The story tells calls and nothing of the play (no card led or played, no trick, no
declarer or dummy): the topics of the play period name this in ``excluded_by:``, as the
auction's topics name 'play_begun'."""
PERIOD_TOLD = frozenset(("play_begun", CALLS_ONLY))
"""Exclusions that only place the story in a period of the deal: they rule out a topic nothing
else speaks for, but do not contradict calls that point to it."""
_CARD_TO_A_TRICK = frozenset(("play", "discard", "ruff", "revoke", "win"))
"""Acts that put a card on a trick: they happen only once the auction is over."""


def _play_begun(events: tuple[Event, ...]) -> bool:
    """The story is in the play period: a card went to a trick, or a trick is numbered.
    Topics about the auction alone (an insufficient bid, a call changed) name this in
    ``excluded_by:``: 'i played the 2 then realised i wanted the jack' is not a call."""
    return any(
        (e.act in _CARD_TO_A_TRICK and "alleged" not in e.how) or e.trick is not None
        for e in events
    )


def _complete_dummy_card(text: str) -> bool:
    """Declarer named a card of dummy by suit and rank ('named the S3 from dummy'): whatever
    else happened, it was no incomplete designation (Law 46B) - unless dummy lacked it."""
    for clause in re.split(r"[.;!?]", text):
        if not _FROM_DUMMY.search(clause) or _DUMMY_LACKS.search(clause):
            continue
        if any(c.card.suit is not None and c.card.rank is not None for c in find_cards(clause)):
            return True
    return False


_FROM_DUMMY = lazy_pattern(
    r"\b(?:named|called|called for|asked for|designated)\b[^.;!?]{0,30}\b(?:from|in|on) "
    r"(?:the )?(?:dummy|board|table)\b",
    re.IGNORECASE,
)
_DUMMY_LACKS = lazy_pattern(
    r"\b(?:doesn't|does not|didn't|did not) (?:have|hold)\b|\bhas no\b|\bhad no\b|\black"
    r"|\bno such\b|\bnot in dummy\b",
    re.IGNORECASE,
)


def role_at(play: PlayStory, seat: Seat) -> Role | None:
    """The role of the player at ``seat`` when declarer is known."""
    return Table(play.declarer).role(seat) if play.declarer is not None else None
