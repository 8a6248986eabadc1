"""Facts of the play a story states, read once the irregularity is known (issue 14).

The irregularity readers (:mod:`bot.dialogue.description`) prove what happened; once a topic
is reached, its questions may still ask what the story already states: at which trick a lead
was made, whether a defective trick was found before the next trick and whose hand missed it,
who asked whom about a revoke, whether a trump was out against a claim, whose face-up card it
is, whether the correction period or the round was still running. These are read from
structure - trick numbers, the contract and its seats, the cards named, the players relative
to the speaker - or from the table's plain words for a state ("my card is still face up",
"nobody else had said anything": the ``timing:`` lists of the vocabulary), never from a loose
word where the fact changes the rule; a story that states both answers proves neither. The
irregularity readers' own facts come first unless a topic lists these before them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING

from bot.core.calls import Denomination, Seat
from bot.core.play import CardMention, Role, Table, find_cards
from bot.dialogue.change_followed import opponent_changed_first
from bot.dialogue.declarer_led_early import declarer_led_early
from bot.dialogue.held_card import declarer_held_card
from bot.dialogue.lead_choice import (
    declarer_spread,
    declarer_took_it,
    defenders_split,
    played_to_lead,
)
from bot.dialogue.misinformed_act import acted_on_explanation
from bot.dialogue.play_reader import (
    TWO_PLAYERS_BEFORE,
    UNPROVEN_BEFORE,
    PlayStory,
    actor_role,
    actor_seat,
    clause_end,
    clause_start,
)
from bot.dialogue.play_situations import (
    claim_agreed_nothing_since,
    claim_objected,
    declarer_faced_hand,
    declarer_faced_sentence,
    defender_card_shown,
    defender_shown_winning,
    exposed_with_nothing_after,
    is_defender,
    led_before_partner,
    partner_to_lead,
    penalty_option_followed,
)
from bot.dialogue.premature_turn import played_at_rho_turn
from bot.dialogue.reading.sentences import _quoted, _sentence_end, _sentence_start
from bot.dialogue.regretted_card import own_card_regretted
from bot.dialogue.revoke_found import when_revoke_found
from bot.dialogue.roles_apart import defender_apart, partners_defend
from bot.dialogue.story import PlayerRef
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event, Vocabulary

FACTS: dict[str, tuple[str, ...]] = {
    "lead_trick_told": ("opening", "later", "thirteen"),
    "defective_noticed_told": ("in_time", "later"),
    "defective_missing_hand": ("dummy", "other"),
    "inquiry_asker": ("declarer", "dummy_to_declarer", "dummy_to_defender", "defender"),
    "claim_trump_out": ("yes", "no"),
    "offender_defender": ("defender",),
    "failed_to_follow_role": ("declarer", "dummy", "defender"),
    "defective_holds_suit": ("yes", "no"),
    "claimer_role_told": ("declarer", "defender"),
    "play_started": ("yes",),
    "revoke_noticed_told": ("in_play", "next_deal"),
    "penalty_cards_named": ("major", "minor", "several_one_suit", "several_suits"),
    "several_penalty_cards": ("yes",),
    "opening_leader_side": ("declarer", "defender"),
    "opening_leader_side_untold": ("declarer", "defender"),
    "exposed_holder_role": ("declarer", "dummy", "defender"),
    "correction_period_told": ("in_period",),
    "round_not_over": ("in_round",),
    "lead_actor_side": ("declarer", "defender"),
    "own_card_turned": ("yes", "no"),
    "own_side_played_next": ("yes", "no"),
    "seen_two_tricks_on": ("yes",),
    "attention_before_dummy": ("yes", "no"),
    "wrong_hand_lead_made": ("no", "yes"),
    "no_claim_made": ("no",),
    "concession_partner_objected": ("yes",),
    "penalty_revoke_established": ("yes",),
    "play_on_all_agreed": ("yes",),
    "pointed_mention_late": ("late",),
    "penalty_card_turn": ("partner_lead", "offender_play"),
    "retract_regret": ("changed_mind",),
    "retract_defender_regret": ("changed_mind",),
    "retract_after_change": ("opponent_changed",),
    "retract_own_regret": ("changed_mind",),
    "claim_agreed_then_found": ("withdrawn_later",),
    "nobody_led_next": ("no",),
    "revoke_won_told": ("offender", "revoker_partner", "opponents"),
    "premature_told": ("before_partner", "early_lead", "rho_turn", "not_complied"),
    "premature_ignored": ("not_complied",),
    "inspect_asker_told": ("dummy", "player"),
    "inspect_speaker_asks": ("player",),
    "dummy_card_told": ("dummy_named", "dummy_wrong"),
    "inspect_event_told": ("pointed_wrong", "look_trick", "revoke_check"),
    "defective_kind_told": ("too_few", "too_many"),
    "score_event_told": ("period",),
    "dummy_event_told": (
        "wrong_hand",
        "called_director",
        "defender_showed",
        "looked_defender",
        "pointed_out",
        "took_part",
    ),
    "claim_line_told": ("stated", "none"),
    "played_card_shown": ("defender_shown",),
    "premature_lead_told": ("early_lead",),
    "premature_rho_turn": ("rho_turn",),
    "premature_declarer_lead": ("declarer_early_lead",),
    "declarer_held_told": ("declarer_held",),
    "lead_defender_apart": ("defender",),
    "claim_agreed_told": ("agreed",),
    "claim_objected_told": ("disputed",),
    "lead_played_to_told": ("accept", "wrong_defender"),
    "lead_sides_split": ("disagree",),
    "lead_declarer_spread": ("spread",),
    "revoke_found_told": ("before_established", "in_play", "round_over"),
    "misinformed_act_told": ("call_on_misinformation", "play_on_misinformation"),
    "penalty_situation_told": (
        "restriction_ignored",
        "option_used",
        "defender_claim",
        "declarer_faced",
        "exposed",
        "partner_lead",
    ),
    "retract_played_since": ("no",),
    "faced_after_opening_lead": ("no",),
}
"""The facts read here and their values (topics map them in ``derive:``)."""

LAST_TRICK = 13

_ORDINALS = {
    word: n
    for n, word in enumerate(
        "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
        " thirteenth".split(),
        start=1,
    )
}
_TRICK = lazy_pattern(
    r"\btrick (?P<n>1[0-3]|[1-9])\b|\b(?P<nth>1[0-3]|[1-9])(?:st|nd|rd|th) trick\b"
    r"|\b(?P<word>" + "|".join(_ORDINALS) + r") trick\b"
)
"""A trick named by its number ('trick 7', 'T7' in the normal form, 'the 7th trick')."""


_AND_TRICK = lazy_pattern(
    r"(?:\s*,\s*|\s+and\s+|\s*&\s*)(?P<n>1[0-3]|[1-9])\b"
    r"(?!\s*(?:cards?|tricks?|times?|minutes?|seconds?|of|down|up|imps?|points?)\b)"
)
"""A second trick number in a list after 'trick 4': 'played trick 4 and 5', 'tricks 9, 10'."""


def _trick_numbers(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(position, number) of every trick named by number in ``text[start:end]`` ('trick 4
    and 5' names two)."""
    found = []
    stop = len(text) if end is None else end
    for match in _TRICK.finditer(text, start, stop):
        if match.group("word"):
            number = _ORDINALS[match.group("word")]
        else:
            number = int(match.group("n") or match.group("nth"))
        found.append((match.start(), number))
        listed = _AND_TRICK.match(text, match.end(), stop) if match.group("n") else None
        while listed is not None:
            found.append((listed.start("n"), int(listed.group("n"))))
            listed = _AND_TRICK.match(text, listed.end(), stop)
    return found


@dataclass
class _Told:
    """What every reader of :data:`_READERS` reads: the story once, and the facts read so far."""

    lowered: str
    events: Sequence[Event]
    play: PlayStory
    vocabulary: Vocabulary
    facts: dict[str, str] = field(default_factory=dict)

    @property
    def timing(self) -> Mapping[str, re.Pattern[str]]:
        return self.vocabulary.timing

    @cached_property
    def defect(self) -> int | None:
        """The defective trick's number, when one is told."""
        return _defective_trick(self.lowered, self.vocabulary)


def _if(proven: bool, value: str) -> str | None:
    return value if proven else None


def _round_not_over(t: _Told) -> bool:
    return bool(t.timing["round_not_over"].search(t.lowered)) and not t.timing[
        "after_session"
    ].search(t.lowered)


def _next_trick_not_begun(t: _Told) -> bool:
    """Nobody, so not the asker's side either, had played on to the next trick."""
    return bool(t.timing["before_next_trick"].search(t.lowered) or _NOBODY_LED.search(t.lowered))


def _speaker_says(t: _Told, yes: str, no: str) -> str | None:
    """What the speaker who wants to see the cards says of his own card and side."""
    if not _SPEAKER_ASKS_TO_SEE.search(t.lowered):
        return None
    return _either(t.lowered, t.timing[yes], t.timing[no])


def _inspect_event(t: _Told) -> str | None:
    if _CARD_POINTED_WRONG.search(t.lowered) and not _POINTED_AT.search(t.lowered):
        return "pointed_wrong"
    return _trick_to_see(t.lowered)


def _penalty_situation(t: _Told) -> str | None:
    """Which penalty-card situation the events tell (:mod:`bot.dialogue.play_situations`)."""
    followed = penalty_option_followed(t.lowered, t.events)
    if followed is not None:
        return followed
    if defender_shown_winning(t.lowered, t.play, t.events):
        return "defender_claim"
    if partner_to_lead(t.lowered, t.play):
        return "partner_lead"
    if declarer_faced_hand(t.lowered, t.events, t.play):
        return "declarer_faced"
    return _if(exposed_with_nothing_after(t.lowered, t.events), "exposed")


def _penalty_cards_named(t: _Told) -> str | None:
    kind = _penalty_cards(t.play.story.text)
    told = _PENALTY_WORDS.search(t.lowered) or t.facts.get("exposed_holder_role") == "defender"
    return kind if told else None


_READERS: tuple[tuple[str, Callable[[_Told], str | None]], ...] = (
    ("offender_defender", lambda t: _if(_lone_defender(t.lowered, t.play, t.events), "defender")),
    ("failed_to_follow_role", lambda t: _failed_to_follow_role(t.lowered, t.play, t.events)),
    ("lead_trick_told", lambda t: _lead_trick(t.lowered, t.events, t.vocabulary)),
    (
        "opening_leader_side",
        lambda t: (
            _opening_leader_side(t.lowered, t.events, t.play)
            if t.facts.get("lead_trick_told") == "opening"
            else None
        ),
    ),
    (
        "opening_leader_side_untold",  # for derive_given, once the lead is said to be the opening
        lambda t: (
            _opening_leader_side(t.lowered, t.events, t.play)
            if t.facts.get("lead_trick_told") is None
            else None
        ),
    ),
    ("lead_actor_side", lambda t: _lead_actor_side(t.events)),
    (
        "lead_defender_apart",
        lambda t: _if(_lead_by_player_apart(t.lowered, t.events, t.play), "defender"),
    ),
    ("defective_kind_told", lambda t: _defective_kind(t.lowered)),
    (
        "defective_noticed_told",
        lambda t: (
            _defect_found_at_the_end(t.lowered, t.vocabulary)
            if t.defect is None
            else _defect_noticed(t.lowered, t.defect, t.vocabulary)
        ),
    ),
    (
        "defective_missing_hand",
        lambda t: None if t.defect is None else _missing_hand(t.lowered, t.play),
    ),
    (
        "defective_holds_suit",
        lambda t: None if t.defect is None else _still_holds_suit_led(t.lowered, t.play),
    ),
    ("inquiry_asker", lambda t: _inquiry_asker(t.lowered, t.play)),
    ("claim_trump_out", lambda t: _trump_out(t.lowered, t.events, t.play)),
    ("claimer_role_told", lambda t: _claimer_role(t.lowered, t.events, t.play)),
    ("claim_line_told", lambda t: _claim_line(t.lowered, t.events)),
    ("play_started", lambda t: _if(_play_under_way(t.lowered, t.vocabulary), "yes")),
    (
        "revoke_noticed_told",
        lambda t: (
            _revoke_noticed(t.lowered, t.events, t.vocabulary)
            or _revoke_after_next_call(t.lowered, t.events, t.play, t.vocabulary)
        ),
    ),
    ("revoke_found_told", lambda t: when_revoke_found(t.lowered, t.events, t.vocabulary)),
    ("misinformed_act_told", lambda t: acted_on_explanation(t.lowered)),
    ("revoke_won_told", lambda t: _revoke_trick_winner(t.lowered, t.events, t.play)),
    ("score_event_told", lambda t: _if(_period_asked(t.lowered), "period")),
    ("correction_period_told", lambda t: _if(_within_correction_period(t.lowered), "in_period")),
    ("round_not_over", lambda t: _if(_round_not_over(t), "in_round")),
    ("own_card_turned", lambda t: _speaker_says(t, "own_card_turned", "own_card_up")),
    ("own_side_played_next", lambda t: _speaker_says(t, "side_played", "side_not_played")),
    ("nobody_led_next", lambda t: _if(_next_trick_not_begun(t), "no")),
    ("seen_two_tricks_on", lambda t: _if(_asked_two_tricks_on(t.lowered), "yes")),
    (
        "attention_before_dummy",
        lambda t: _either(t.lowered, t.timing["someone_else_spoke"], t.timing["nobody_else_spoke"]),
    ),
    (
        "wrong_hand_lead_made",
        lambda t: (
            _if(bool(t.timing["lead_not_made"].search(t.lowered)), "no")
            or _if(_dummy_spoke_after_the_lead(t.lowered, t.events, t.play), "yes")
        ),
    ),
    (
        "no_claim_made",  # every card played: no claim cut the play short
        lambda t: _if(
            bool(t.timing["all_played_out"].search(t.lowered))
            and not re.search(r"\bclaim|\bconced", t.lowered),
            "no",
        ),
    ),
    (
        "concession_partner_objected",
        lambda t: _if(_partner_objected(t.lowered, t.events, t.play, t.timing["at_once"]), "yes"),
    ),
    (
        "play_on_all_agreed",
        lambda t: _if(
            _play_on_agreed(
                t.lowered, t.events, t.play, t.timing["play_on_asked"], t.timing["all_four_agreed"]
            ),
            "yes",
        ),
    ),
    ("inspect_event_told", _inspect_event),
    (
        "pointed_mention_late",
        lambda t: _if(_pointed_card_mentioned_late(t.lowered, t.vocabulary), "late"),
    ),
    (
        "penalty_revoke_established",
        lambda t: _if(_penalty_card_revoke_established(t.lowered, t.events, t.play), "yes"),
    ),
    (
        "claim_agreed_then_found",
        lambda t: _if(_claim_agreed_then_next_board(t.lowered, t.events), "withdrawn_later"),
    ),
    ("retract_regret", lambda t: _if(_regretted(t.lowered, t.events, t.play), "changed_mind")),
    (
        "retract_defender_regret",
        lambda t: _if(_defender_regretted(t.lowered, t.events, t.play), "changed_mind"),
    ),
    (
        "retract_after_change",
        lambda t: _if(opponent_changed_first(t.lowered, t.events, t.play), "opponent_changed"),
    ),
    (
        "retract_own_regret",
        lambda t: _if(own_card_regretted(t.lowered, t.play), "changed_mind"),
    ),
    ("dummy_card_told", lambda t: _dummy_card_named(t.lowered, t.events, t.play)),
    ("dummy_event_told", lambda t: _dummy_did(t.lowered, t.play)),
    ("inspect_asker_told", lambda t: _who_wants_to_see(t.lowered, t.play)),
    ("inspect_speaker_asks", lambda t: _speaker_asks_to_see(t.lowered, t.play)),
    (
        "premature_told",
        lambda t: (
            _requirement_ignored(t.lowered, t.events)
            or _premature_play(t.lowered, t.events, t.play)
        ),
    ),
    (  # the option's card not played, told after the early card: what the story asks (57A)
        "premature_ignored",
        lambda t: _if(t.facts.get("premature_told") == "not_complied", "not_complied"),
    ),
    ("penalty_card_turn", lambda t: _penalty_card_turn(t.play, t.events, t.vocabulary)),
    ("penalty_situation_told", _penalty_situation),
    (
        "claim_agreed_told",
        lambda t: _if(claim_agreed_nothing_since(t.lowered, t.events), "agreed"),
    ),
    (
        "claim_objected_told",
        lambda t: _if(
            claim_objected(t.lowered, t.events)
            or _agreed_then_doubted_in_round(t.lowered, t.events),
            "disputed",
        ),
    ),
    (
        "lead_played_to_told",
        lambda t: (
            played_to_lead(t.lowered, t.events, t.play)
            or _if(declarer_took_it(t.lowered, t.events, t.play), "accept")
        ),
    ),
    (
        "lead_sides_split",
        lambda t: _if(
            "lead_played_to_told" not in t.facts and defenders_split(t.lowered, t.events, t.play),
            "disagree",
        ),
    ),
    (
        "lead_declarer_spread",
        lambda t: _if(
            t.facts.get("lead_trick_told") == "opening"
            and declarer_spread(t.lowered, t.events, t.play),
            "spread",
        ),
    ),
    (
        "premature_lead_told",
        lambda t: _if(led_before_partner(t.lowered, t.events, t.play), "early_lead"),
    ),
    (
        "premature_rho_turn",
        lambda t: _if(
            "premature_told" not in t.facts and played_at_rho_turn(t.lowered, t.events, t.play),
            "rho_turn",
        ),
    ),
    (
        "premature_declarer_lead",
        lambda t: _if(declarer_led_early(t.lowered, t.events, t.play), "declarer_early_lead"),
    ),
    (
        "played_card_shown",
        lambda t: _if(defender_card_shown(t.lowered, t.events, t.play), "defender_shown"),
    ),
    ("exposed_holder_role", lambda t: _face_up_holder_role(t.play)),
    (
        "declarer_held_told",
        lambda t: _if(declarer_held_card(t.play.story.text, t.play), "declarer_held"),
    ),
    ("penalty_cards_named", _penalty_cards_named),
    (
        "several_penalty_cards",
        lambda t: _if(t.facts.get("penalty_cards_named", "").startswith("several"), "yes"),
    ),
    ("retract_played_since", lambda t: _played_since_first_card(t.events)),
    ("faced_after_opening_lead", lambda t: _if(_faced_at_a_later_trick(t), "no")),
)
"""Each fact of :data:`FACTS` with its reader, in the order read (a reader may use the facts
read before it)."""


def _faced_at_a_later_trick(t: _Told) -> bool:
    """Declarer faced his cards at a trick told by its number, after the first: not straight
    after an opening lead out of turn (Law 48B2, not 48B1)."""
    if t.facts.get("penalty_situation_told") != "declarer_faced":
        return False
    sentence = declarer_faced_sentence(t.lowered, t.play)
    if sentence is None:
        return False
    numbers = _trick_numbers(t.lowered, *sentence)
    return bool(numbers) and all(n > 1 for _, n in numbers)


def read_play_facts(
    lowered: str, events: Sequence[Event], play: PlayStory, vocabulary: Vocabulary
) -> dict[str, str]:
    """Every fact of :data:`FACTS` the story states."""
    told = _Told(lowered, events, play, vocabulary)
    for fact, reader in _READERS:
        value = reader(told)
        if value is not None:
            told.facts[fact] = value
    return told.facts


# -- which trick a lead was made to ------------------------------------------------------------

_WON_A_TRICK = lazy_pattern(
    r"\b(?:won|wins|win|winning|took|taken|takes|captured)\s+(?:it\s+|that\s+)?"
    r"(?:trick (?P<n>1[0-3]|[1-9])\b|the (?:last |previous |prior )?trick\b"
    r"|(?:in|on) (?:the )?(?:dummy|board|hand|his hand|her hand|my hand)\b"
    r"|the (?:opening lead|first trick|first lead)\b"
    r"|with (?:the |a |his |her |my )?(?:ace|king|queen|jack|ten|[akqjt2-9]|♠|♥|♦|♣))"
    r"|\btrick (?P<m>1[0-3]|[1-9]) (?:was |had been )?(?:won|taken|went)\b"
)
"""A trick won before the lead: 'won trick 7', 'had won in dummy', 'trick 5 won by E'."""
_LAST_TRICK_LEAD = lazy_pattern(
    r"(?:^|[.;!?]\s*)(?:(?:on|at|to) the (?:last|final|thirteenth) trick\b"
    r"|(?:the )?(?:last|final|thirteenth) trick\s*[,:-])"
    r"|\b(?:led|leads|lead|leading|played|put down|put)\b[^.;!?]{0,30}\b(?:to|on) the"
    r" (?:last|final|thirteenth) trick\b"
)
"""The last trick as the setting of the lead ('last trick, W put down...', 'on the final trick
W led'), never 'see the last trick' or 'the last trick was won by dummy' (the one before)."""
_MOVED_ON = lazy_pattern(r"\b(?:later|then|afterwards|after that|next|subsequently)\b")
_TRICK_OVER = lazy_pattern(r"\b(?:won|took|taken|went to|wins|captured)\b")
_AFTER_OPENING = lazy_pattern(
    r"\b(?:after|since|following|once)\s+(?:the\s+|his\s+|her\s+|my\s+)?"
    r"(?:opening lead|first lead|first trick|auction)"
)
_DUMMY_TO_BE = lazy_pattern(r"\bdummy[- ]to[- ]be\b|\bfuture dummy\b|\bwould-be dummy\b")


def _lead_trick(lowered: str, events: Sequence[Event], vocabulary: Vocabulary) -> str | None:
    """The trick a lead was made to, from trick numbers told up to the lead's sentence and
    the state of the play: the opening lead (trick 1, or dummy not yet down), a later one
    (trick 2 to 12 named, or trick 1 to 11 won before it), or the lead to trick 13 (trick 12
    won, or the last trick told as the setting). A trick won with no number only says it
    was not the opening lead."""
    leads = [e.start for e in events if e.act == "lead"] or [
        e.start for e in events if "face_down" in e.how and e.act == "play"
    ]  # a card put face down on the table: only a lead is ever made face down
    if not leads:
        return None
    for before, after in pairwise(leads):
        if _MOVED_ON.search(lowered, before, after):
            return None  # two leads at different moments: which was out of turn is not told
    first_lead = leads[0]
    told_by = clause_end(lowered, leads[-1])  # later sentences go on with the story
    later = next((e.start for e in events if e.start > leads[-1] and e.act != "lead"), None)
    if later is not None and later < told_by and _MOVED_ON.search(lowered, leads[-1], later):
        told_by = later  # '... at trick 1 and then declarer revoked at trick 5': moved on
    kinds: set[str] = set()
    not_opening = any(e.act == "win" and e.start < first_lead for e in events)
    won_spans: list[tuple[int, int]] = []
    for won in _WON_A_TRICK.finditer(lowered, 0, told_by):
        won_spans.append((won.start(), won.end()))
        number = won.group("n") or won.group("m")
        if number is None:
            not_opening = True
        else:
            kinds.add("thirteen" if int(number) == LAST_TRICK - 1 else "later")
    lead_clause = clause_start(lowered, first_lead)
    for position, number in _trick_numbers(lowered, 0, told_by):
        if any(a <= position < b for a, b in won_spans):
            continue  # the trick won, not the one led to
        if number == LAST_TRICK:
            kinds.add("thirteen")
        elif number == LAST_TRICK - 1:
            not_opening = True  # the lead to trick 12, or after it: 12 or 13
        elif number > 1:
            kinds.add("later")  # the lead's trick, or the one before it: 2 to 12 either way
        elif position >= lead_clause and not _TRICK_OVER.search(lowered, lead_clause, told_by):
            kinds.add("opening")  # 'at trick 1 E led'
        else:
            not_opening = True
    if _LAST_TRICK_LEAD.search(lowered, 0, told_by):
        kinds.add("thirteen")
    timing = vocabulary.timing
    opening_words = timing["opening"].search(lowered) or timing["no_dummy_yet"].search(lowered)
    if (opening_words and not _AFTER_OPENING.search(lowered)) or _DUMMY_TO_BE.search(lowered):
        kinds.add("opening")
    first = next(e for e in events if e.start == first_lead)
    if "face_down" in first.how or timing["dummy_faced"].search(lowered, first.end):
        # only the opening lead is made face down (41A), and dummy is spread, or declarer
        # faces his own hand as if dummy (54A), only after it (41D)
        kinds.add("opening")
    if not_opening and "opening" in kinds:
        return None  # a trick won before it, yet told as the opening lead
    return kinds.pop() if len(kinds) == 1 else None


def _same_clause(text: str, a: int, b: int) -> bool:
    return clause_start(text, a) == clause_start(text, b)


_PROPER_LEADER = lazy_pattern(
    r"\bit was (?P<a>[\w']+?)(?:'s)? (?:lead|turn to lead)\b|\bit was (?P<b>[\w']+) to lead\b"
    r"|\b(?P<c>[\w']+) (?:was|is) (?:on lead|to lead|the opening leader|the proper leader)\b"
)


def _opening_leader_side(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """At the opening lead the player whose lead it was is a defender (declarer's LHO, Law
    41A): a lead by his partner is a defender's, one by either opponent is the declaring
    side's. Both players must be named by seat or from the speaker's chair."""
    leads = [e for e in events if e.act == "lead"]
    proper = list(_PROPER_LEADER.finditer(lowered))
    if not leads or len(proper) != 1:
        return None
    group = next(g for g in "abc" if proper[0].group(g))
    start = proper[0].start(group)
    if proper[0].group(group) == "my":
        seat = play.story.speaker  # 'it was my lead'
    else:
        named = [p for p in play.story.players if p.start == start and p.kind != "pronoun"]
        seat = named[0].seat if named else None
    if seat is None:
        return None
    leader = next(
        (p for p in play.story.players if p.seat is leads[0].actor and p.kind != "pronoun"),
        None,
    )
    if leads[0].actor is None or leader is None:
        return None
    relation = seat.relation_to(leads[0].actor)
    if relation == "partner":
        return "defender"
    return "declarer" if relation in ("lho", "rho") else None


def _lead_actor_side(events: Sequence[Event]) -> str | None:
    """The side of every player told leading, when their roles are read (the contract's
    seats or role words) and agree: a defender's lead, or the declaring side's (declarer
    leads dummy's cards too)."""
    sides = set()
    for lead in (e for e in events if e.act == "lead"):
        if {"not_yet", "denied"} & lead.how:
            continue  # 'before W had led', 'W never led': a lead not made, nobody's act
        if "alleged" in lead.how or lead.role is None:
            return None  # a lead said by someone else, or by a player of unknown role
        sides.add("defender" if lead.role == "defender" else "declarer")
    return sides.pop() if len(sides) == 1 else None


def _lead_by_player_apart(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """Every lead told is one player's, named by seat or from the speaker's chair, in a story
    that names declarer and dummy as two other players ('Then W led the SK before declarer
    could lead', 'my RHO led ... while dummy had started laying out her cards'), or the
    speaker's partner's lead in a story naming declarer as a third player: a defender.
    A lead from one of two hands ('from dummy', 'from his hand') is declarer's way of leading,
    so it proves nothing here."""
    leads = [e for e in events if e.act == "lead" and not {"alleged", "not_yet"} & e.how]
    if not leads or len({e.actor for e in leads}) != 1:
        return False
    if any(_FROM_A_HAND.search(lowered, e.start, clause_end(lowered, e.end)) for e in leads):
        return False
    if all(defender_apart(e, play, dummy_as_player=True) for e in leads):
        return True
    # 'i was on lead ... but my pd led the ace. declarer said he'd accept it': the leader and
    # the speaker are partners, and declarer is a third player: they are the defenders
    leader = _actor_ref(lowered, play, leads[0])
    speaker = next((p for p in play.story.players if p.kind == "speaker"), None)
    if leader is None or speaker is None or leader.seat is None:
        return False
    if speaker.seat is leader.seat.partner:
        return partners_defend(play, [leader, speaker])
    # 'i led out of turn at T3 ... declarer can ban a club': the speaker leading to a later
    # trick, with declarer another player, is a defender (dummy leads no trick after the first)
    later = leads[0].trick is not None and leads[0].trick >= 2
    return leader.kind == "speaker" and later and partners_defend(play, [leader])


_FROM_A_HAND = lazy_pattern(
    r"\b(?:from|out of|off) (?:the )?"
    r"(?:dummy|board|table|(?:his|her|my|their) (?:own )?hand|hand)\b"
)


# -- a defective trick (Law 67) ---------------------------------------------------------------

_MISSED = lazy_pattern(
    r"\b(?:didn't|did not|never|forgot to|failed to)\s+(?:even\s+)?"
    r"(?:play|played|put|putting)\b(?:\s+(?:a|his|her|my|any|the)\s+card)?(?:\s+(?:on|to|at))?"
    r"|\b(?:missed|skipped)\b"
    r"|\b(?:never|didn't|did not) contribute[d]?\b|\bcontributed (?:no card|nothing)\b"
    r"|\b(?:had|has)(?:n't| not) (?:played|contributed) (?:a card )?(?:to|on)\b"
)
"""A player who did not play to a trick: the verb of the defective trick's missing card."""
_DUMMY_CARD = lazy_pattern(
    r"[^.;!?]{0,30}?(?:\b(?:from|in|on|for) (?:the )?(?:dummy|board)\b|\bdummy's)"
)
_DEFECT = lazy_pattern(
    r"\b(?:only (?:had )?)?(?:3|three|5|five) cards (?:on|in)\b"
    r"|\b(?:only|just) (?:had )?(?:3|three) cards\b|\b(?:3|three) cards only\b"
    r"|\b(?:two|2) cards\b[^.;!?]{0,25}"
    r"\b(?:together|at once|on|to)\b|\bextra card\b|\bstuck together\b|\bsecond \w+ on top\b"
)
"""A trick with three cards or five, or a second card added to it."""
_BEFORE_NEXT = lazy_pattern(
    r"\bbefore (?:anyone|anybody|we|both sides|either side|the next \w+|they)\b[^.;!?]{0,25}"
    r"\b(?:played|play|led|lead|started)\b"
    r"|\bbefore trick (?:1[0-3]|[1-9]) (?:started|began|was led)\b"
    r"|\b(?:nobody|no one|no-one) (?:had |has )?(?:yet )?(?:played|led) to the next\b"
)
_ALL_PLAYED_TO = lazy_pattern(
    r"\b(?:we'd all|we had all|we all|everyone had|everybody had|both sides had|all had"
    r"|both sides|everyone|everybody)"
    r" (?:already )?(?:played|followed) to (?:trick (?P<n>1[0-3]|[1-9])|(?P<bare>1[0-3]|[1-9])"
    r"(?!\s*(?:cards?|tricks?|times?|minutes?|seconds?)\b)|the next (?:trick|one))\b"
)
_END_OF_PLAY = lazy_pattern(
    r"\b(?:at|by|after|until|till) the end\b|\bend of (?:the )?(?:play|hand|board)\b"
    r"|\b(?:counted|counting|count) (?:up|the tricks|tricks)?\s*(?:after|at the end)\b"
    r"|\b(?:card|cards) (?:left over|too few|too many)\b|\bleft over\b"
)


_THREE_CARDS = lazy_pattern(
    r"\b(?:only|just) (?:had |has |shows |showed )?(?:3|three) cards\b"
    r"|\b(?:3|three) cards (?:on|in|only)\b|\bonly (?:3|three) on it\b|\bwith (?:3|three) cards\b"
)
"""A trick with a card missing: 'only three cards', 'gathered with 3 cards'."""
_CARD_TOO_MANY = lazy_pattern(
    r"\b(?:five|5) cards\b|\bfifth card\b|\ba (?:second|2nd) card\b"
    r"|\b(?:on|onto|to) (?:the )?same (?:trick|pile)\b"
    r"|\b(?:two|2) (?:of (?:his|her|my|\w+'s) )?(?:cards|spades|hearts|diamonds|clubs)\b"
    r"[^.;!?]{0,40}?\b(?:together|at once|stuck)\b"
    r"|\b(?:came|come|went|gone|pulled|played|put|dropped) (?:out |down )?together\b"
)
"""A trick with a card too many: 'a fifth card', 'two of his cards came out together', 'put the
♦J on the same trick'."""
_SAME_CARD_TWICE = lazy_pattern(
    r"\btwice\b|\bsame (?:card|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two"
    r"|\S{2,3})\b[^.;!?]{0,30}\bagain\b"
)
"""One card told played to two tricks ('played it twice', 'the same six ... again'): misplaced."""


_CARD_NAMED_AFTER = lazy_pattern(r"\s+(?:(?:his|her|my|the|that|this)\s+(?!card\b)\w+|it\b)")
"""'failed to play his penalty card', 'didn't play it': a card not played, not a trick missed."""


def _defective_kind(lowered: str) -> str | None:
    """A trick with a card missing (a player who did not play to it, or 'only three cards') or
    a card too many (a fifth card, two cards put out together); both, or a card told played
    twice, prove neither."""
    missed = any(not _CARD_NAMED_AFTER.match(lowered, m.end()) for m in _MISSED.finditer(lowered))
    few = missed or bool(_THREE_CARDS.search(lowered))
    many = bool(_CARD_TOO_MANY.search(lowered))
    if few == many or _SAME_CARD_TWICE.search(lowered):
        return None
    return "too_few" if few else "too_many"


def _defective_trick(lowered: str, vocabulary: Vocabulary) -> int | None:
    """The number of the trick found with a card missing or a card too many, when the
    sentence telling it names one trick (None: no such trick, or not one number)."""
    said = vocabulary.phrases["defective"].search(lowered) or vocabulary.phrases["too_many"].search(
        lowered
    )
    marks = [m.start() for m in (*_MISSED.finditer(lowered), *_DEFECT.finditer(lowered))]
    if said is not None:
        marks.append(said.start())
    numbers: set[int] = set()
    for mark in marks:
        start, end = clause_start(lowered, mark), clause_end(lowered, mark)
        after = _trick_numbers(lowered, mark, end)
        before = _trick_numbers(lowered, start, mark)
        if after or before:  # the trick told with it: the next named, else the last before
            numbers.add(after[0][1] if after else before[-1][1])
        elif re.search(r"\b(?:the )?last trick\b", lowered[start:end]):
            numbers.add(LAST_TRICK)
    if not marks:
        return None
    return numbers.pop() if len(numbers) == 1 else None


def _defect_noticed(lowered: str, trick: int, vocabulary: Vocabulary) -> str | None:
    """In time (before both sides had played to the next trick, or the last trick itself) or
    later (the play was two tricks on, or over): from trick numbers and the end of play."""
    timing = vocabulary.timing
    in_time = bool(
        trick == LAST_TRICK
        or _BEFORE_NEXT.search(lowered)
        or timing["before_next_trick"].search(lowered)
        or timing["found_at_once"].search(lowered)
    )
    later = any(number >= trick + 2 for _, number in _trick_numbers(lowered))
    if trick < LAST_TRICK and _END_OF_PLAY.search(lowered):
        later = True  # found when the play was over: every trick since had been played
    for played in _ALL_PLAYED_TO.finditer(lowered):
        number = played.group("n") or played.group("bare")
        if number is None or int(number) > trick:
            later = True
    if in_time == later:
        return None
    return "in_time" if in_time else "later"


_LOOKED_BACK = lazy_pattern(
    r"\blooking back\b|\bway back\b|\btraced\b|\bback on trick\b|\ban earlier trick\b"
    r"|\bsomewhere\b|\bat some (?:point|trick|stage)\b|\bworked out\b|\bturned out\b"
    r"|\bwe found it was trick\b|\bmissed an earlier\b"
)
"""Words placing the defective trick before the moment it came to light: 'looking back',
'traced it to T2', 'somewhere he did not play'."""
_CARD_OVER = lazy_pattern(
    r"\b(?:a|one|an extra) card (?:left over|too many|more)\b|\bone (?:more )?card more\b"
    r"|\bcards? left over\b|\b(?:had|has|with) (?:no card|nothing) (?:left )?to play\b"
    r"|\b(?:still|was still) (?:holding|had|has) (?:a|one) card\b"
)
"""A hand with a card over (or short) when the others had played out."""


def _defect_found_at_the_end(lowered: str, vocabulary: Vocabulary) -> str | None:
    """A defective trick whose number is not told, found at the end of play (a card left over)
    and placed back in the play ('looking back, he never played to the spade trick'): both
    sides had played on since, so found late (Law 67B). Found during the last trick itself, or
    with words of finding it at once, nothing is read."""
    timing = vocabulary.timing
    if not (_END_OF_PLAY.search(lowered) or _CARD_OVER.search(lowered)):
        return None
    if not _LOOKED_BACK.search(lowered) or re.search(r"\b(?:trick 13|t13|thirteenth)\b", lowered):
        return None
    if (
        _BEFORE_NEXT.search(lowered)
        or timing["before_next_trick"].search(lowered)
        or timing["found_at_once"].search(lowered)
    ):
        return None
    return "later"


def _missing_hand(lowered: str, play: PlayStory) -> str | None:
    """Whose hand did not play to the trick, when the player named is dummy or a role the
    story proves (declarer, a defender)."""
    roles: set[Role | None] = set()
    for missed in _MISSED.finditer(lowered):
        if "put" in missed.group(0) and "card" not in missed.group(0):
            continue  # 'didn't put it back': not a trick missed
        _, role = actor_role(lowered, play, clause_start(lowered, missed.start()), missed.start())
        if _DUMMY_CARD.match(lowered, missed.end()):
            role = "dummy"  # 'declarer forgot to play from dummy': dummy's hand, not his own
        roles.add(role)
    if len(roles) != 1:
        return None
    role = roles.pop()
    if role is None:
        return None
    return "dummy" if role == "dummy" else "other"


# -- who asked whom about a revoke (Law 61B) --------------------------------------------------

_SUITS = r"(?:spades?|hearts?|diamonds?|clubs?|trumps?|♠|♥|♦|♣)"
_NO_SUIT_QUOTE = lazy_pattern(
    r"'(?P<quote>[^']{0,25}?\b(?:no|any|out of) " + _SUITS + r"\b[^']{0,20}?)'"
    r"|\"(?P<dquote>[^\"]{0,25}?\b(?:no|any|out of) " + _SUITS + r"\b[^\"]{0,20}?)\""
)
"""The question 'no hearts?' (or 'any hearts, partner?'), quoted."""
_ASK_VERB = lazy_pattern(r"\b(?:ask|asks|asked|asking|said|says|say|goes|went|go)\b")
_PARTNER_WORD = lazy_pattern(r"\b(?:partner|pd|pard)\b")
_TO_ROLE = lazy_pattern(r"^\W*to (?:the )?(?P<role>defender|declarer|dummy)\b")


def _inquiry_asker(lowered: str, play: PlayStory) -> str | None:
    """Who asked whether a player has the suit led, and whom: declarer asking a defender,
    dummy asking declarer or a defender, or a defender asking; from the asker's role and
    the player asked, relative to him."""
    answers: set[str] = set()
    for quote in _NO_SUIT_QUOTE.finditer(lowered):
        floor = clause_start(lowered, quote.start())
        verbs = list(_ASK_VERB.finditer(lowered, floor, quote.start()))
        if not verbs:
            continue
        verb = verbs[-1]
        if lowered[verb.end() : quote.start()].count(" ") > 3:
            continue  # the words between are not the player asked
        _, asker = actor_role(lowered, play, floor, verb.start())
        if asker is None:
            return None
        words = (quote.group("quote") or quote.group("dquote") or "").strip()
        asked = _player_asked(lowered, play, floor, verb, quote, words)
        answer = _asker_choice(asker, asked)
        if answer is None:
            return None
        answers.add(answer)
    return answers.pop() if len(answers) == 1 else None


def _player_asked(
    lowered: str, play: PlayStory, floor: int, verb: re.Match[str], quote: re.Match[str], words: str
) -> str | None:
    """The player asked, relative to the asker ('partner', 'opponent') or as a role."""
    between = [p for p in play.story.players if verb.end() <= p.start and p.end <= quote.start()]
    roles = [r for r in play.roles if verb.end() <= r.start and r.end <= quote.start()]
    if roles:
        return roles[-1].role
    asker_ref = _asker_ref(play, floor, verb.start())
    if between:
        return _relation_between(asker_ref, between[-1], play)
    after = _TO_ROLE.match(lowered[quote.end() :])
    if after is not None:
        return after.group("role")
    if _PARTNER_WORD.search(words):
        return "partner"
    return None


def _asker_ref(play: PlayStory, floor: int, position: int) -> PlayerRef | None:
    players = [p for p in play.story.players if floor <= p.start and p.end <= position]
    return players[-1] if players else None


def _relation_between(asker: PlayerRef | None, asked: PlayerRef, play: PlayStory) -> str | None:
    """'partner' or 'opponent': the player asked relative to the asker."""
    if asker is not None and asker.seat is not None and asked.seat is not None:
        if asked.seat is asker.seat:
            return None
        return "partner" if asked.seat is asker.seat.partner else "opponent"
    return None


def _asker_choice(asker: Role, asked: str | None) -> str | None:
    if asker == "declarer":
        # declarer asks a defender: dummy's cards are his own
        return None if asked in ("partner", "dummy") else "declarer"
    if asker == "dummy":
        if asked in ("partner", "declarer"):
            return "dummy_to_declarer"
        if asked in ("opponent", "defender"):
            return "dummy_to_defender"
        return None
    if asked in ("partner", "declarer", "defender"):
        return "defender"
    return None


# -- the one player the story is about, a defender -----------------------------------------

_DEFENDING = lazy_pattern(
    r"\s*,?\s*(?:\(\s*)?(?:was |is |who was |who is )?(?:defending|on defen[cs]e|a defender)\b"
)
_WHILE_DEFENDING = lazy_pattern(r"\b(?:while|when) (?:he was |she was )?defending\b")
_CARD_ACTS = ("play", "discard", "ruff", "revoke", "expose")


def _failed_to_follow_role(lowered: str, play: PlayStory, events: Sequence[Event]) -> str | None:
    """Whose card failed to follow, when the story tells one player's failures to follow only
    ('declarer pitched a spade on a club at T6', 'E threw the C2 ... E ruffed') and no other
    player's card after them (whose later card might be the one that shows a revoke): on the
    revoke topic, that player revoked. A card declarer took from dummy ('discarded a heart
    from dummy') is dummy's (Law 64B3 asks whose cards)."""
    failed = [
        e
        for e in events
        if e.act in ("discard", "ruff", "revoke") and not e.how & {"alleged", "asked", "not_yet"}
    ]
    if not failed:
        return None
    roles: set[Role | None] = set()
    for event in failed:
        role = event.role
        if role is None and event.actor is not None and play.declarer is not None:
            role = Table(play.declarer).role(event.actor)
        if role == "declarer" and _TAKEN_FROM_DUMMY.match(lowered, event.end):
            role = "dummy"
        roles.add(role)
    seats = {e.actor for e in failed if e.actor is not None}
    if len(roles) != 1 or None in roles or len(seats) > 1:
        return None
    revoker = roles.pop()
    told_from = clause_end(lowered, failed[0].end)
    for event in events:
        if event.act != "play" or event.start < told_from or event in failed:
            continue
        if (event.actor is None and event.role is None) or event.actor not in (*seats, None):
            return None  # a later card of another's (or of someone unnamed)
        if event.role is not None and event.role != revoker:
            return None
    return revoker


_TAKEN_FROM_DUMMY = lazy_pattern(
    r"\s*(?:(?:a|an|the|one|his|her)\s+)?(?:[\w♠♥♦♣]+\s+){0,2}?(?:from|in|on|off)\s+(?:the\s+)?"
    r"(?:dummy|board|table)\b"
)
"""Right after declarer's discard or ruff: the card came from dummy ('threw a diamond from
dummy', 'discarded from the board')."""


def _lone_defender(lowered: str, play: PlayStory, events: Sequence[Event]) -> bool:
    """The story names one player (besides pronouns and role words), its words say he was
    defending, and every card act told is his: then the offender is a defender. (Holding a
    'penalty card' proves nothing: the words may misname declarer's card, Law 48A.)"""
    named = [p for p in play.story.players if p.kind not in ("pronoun", "offender", "next")]
    seats = {p.seat for p in named}
    if len(seats) != 1 or None in seats:
        return False
    player = named[0]
    assert player.seat is not None
    if play.declarer is not None and Table(play.declarer).role(player.seat) != "defender":
        return False  # the contract makes him declarer or dummy
    if player.kind == "speaker" and play.speaker_role not in (None, "defender"):
        return False
    proven = any(
        _DEFENDING.match(lowered, ref.end, clause_end(lowered, ref.end))
        or _WHILE_DEFENDING.search(lowered, ref.end, clause_end(lowered, ref.end))
        for ref in named
    )
    if not proven:
        return False
    for event in events:
        if event.act not in _CARD_ACTS:
            continue
        role, seat = event.role, event.actor
        if role in ("declarer", "dummy") or (seat is not None and seat is not player.seat):
            return False  # a card act by someone else ('declarer revoked')
    return True


# -- a claim: trumps out, and who claimed (Law 70C) ------------------------------------------

_NOTRUMP_CONTRACT = lazy_pattern(
    r"\b(?:nt|no ?trumps?|notrumps?) contract\b|\b(?:in|playing|declaring) (?:no ?trumps?|nt)\b"
)
"""A contract in notrumps named without its level ('NT contract', 'playing in no trumps')."""
_STILL_HELD = lazy_pattern(
    r"\b(?:still |also )?(?:has|had|holds|held|have)\s+(?:still\s+)?(?:got\s+)?"
    r"(?:the |a |an |his |her )?(?P<what>[^.;!?,]{1,25}?)(?= out\b| left\b| higher\b|[.;!?,]|$|"
    r" and\b| which\b| that\b| so\b| but\b)"
)
"""'E still had the ♥J out', 'W still had the trump jack', 'E has QJx of trumps'."""
_QUOTED = lazy_pattern(
    r"(?<![a-z])'(?:[^']|(?<=[a-z])'(?=[a-z])){2,160}'(?![a-z])|\"[^\"]{2,160}\""
)
"""A remark in quotes: never opened by a word's own apostrophe ("i'm dummy, decl said 'spade'"
is one remark, 'spade'), its own contractions kept inside ('i'll play the jack')."""
_TRUMP_LEFT_OUT = lazy_pattern(
    r"\b(?:a|one|the last|an outstanding) trump (?:was |is )?(?:still )?(?:out|outstanding)\b"
    r"|\bstill (?:had |has )?a trump (?:out|outstanding)\b"
)
"""'with a trump still out': an opponent held one (an outstanding trump is a defender's)."""
_OPPONENTS_HELD_TRUMP = lazy_pattern(
    r"\b(?:the opps|opps|the opponents|opponents|my opponents|one of the opps)\s+(?:still\s+)?"
    r"(?:had|has|held|holds)\s+(?:still\s+)?(?:a|one|the last)\s+(?:small\s+|low\s+|little\s+)?"
    r"trump\b"
)
"""'opps had one small trump', told by the claimer: a trump in his opponents' hands."""
_NOT_MENTIONED = lazy_pattern(
    r"(?<!\bhe )(?<!\bshe )\b(?:didn'?t|did not|never|without) (?:mention|say|stat)\w*\b"
)
"""'didnt mention it', 'without saying': the claim's words left the trump out."""
_SAID_ABOUT = lazy_pattern(
    r"\b(?:said|says|saying|stated|states|stating|mentioned|mentions|mentioning|told|explained)\b"
)


def _trump_out(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """No: the contract is in notrumps. Yes: declarer claimed, a defender is said to hold a
    trump (a card of the contract's suit, or 'a trump'), and the claim's words never speak
    of trumps or of that suit."""
    contract = play.contract
    if contract is not None and contract.strain is Denomination.NOTRUMP:
        return "no"  # no trumps in the deal: none can be out
    if contract is None and _NOTRUMP_CONTRACT.search(lowered):
        return "no"
    claims = [e for e in events if e.act in ("claim", "concede")]
    if not claims or any(e.act == "concede" for e in claims):
        return None
    if (
        all(e.role == "declarer" for e in claims)
        and _TRUMP_LEFT_OUT.search(lowered)
        and _NOT_MENTIONED.search(lowered)
    ):
        return "yes"  # 'claimed with a trump still out, didnt mention it'
    speaker = play.story.speaker
    if (
        speaker is not None
        and all(e.actor is speaker for e in claims)
        and _OPPONENTS_HELD_TRUMP.search(lowered)
        and _NOT_MENTIONED.search(lowered)
    ):
        return "yes"  # 'i claimed ... opps had one small trump. i didnt say anything about it'
    if contract is None or play.declarer is None:
        return None
    if any(not _by_declarer(e, play) for e in claims):
        return None
    suit = _SUIT_NAMES[contract.strain]
    about_trumps = re.compile(rf"\btrumps?\b|\b{suit}s?\b|[{_SUIT_SYMBOLS[contract.strain][0]}]")
    for quote in _QUOTED.finditer(lowered):  # what he said must not speak of trumps
        if about_trumps.search(quote.group(0)):
            return None
    for said in _SAID_ABOUT.finditer(lowered):
        words = lowered[said.end() : clause_end(lowered, said.end())]
        quoted = _QUOTED.match(words.lstrip(" :,"))
        if quoted is not None:  # "saying 'all mine', but lho still had a trump": the quote
            words = quoted.group(0)  # is all he said; the words after it are the teller's
        if about_trumps.search(words[:40]) and not _DENIED_BEFORE.search(
            lowered[max(0, said.start() - 12) : said.start()]
        ):
            return None  # 'saying he'd draw the last trump first'; not 'he never said...'
    table = Table(play.declarer)
    for held in _STILL_HELD.finditer(lowered):
        if not _a_trump(held.group("what"), contract.strain):
            continue
        players = [
            p
            for p in play.story.players
            if clause_start(lowered, held.start()) <= p.start and p.end <= held.start()
        ]
        if players and players[-1].seat is not None and table.role(players[-1].seat) == "defender":
            return "yes"
    return None


_SUIT_NAMES = {
    Denomination.CLUBS: "club",
    Denomination.DIAMONDS: "diamond",
    Denomination.HEARTS: "heart",
    Denomination.SPADES: "spade",
}
_SUIT_SYMBOLS = {
    Denomination.CLUBS: "♣c",
    Denomination.DIAMONDS: "♦d",
    Denomination.HEARTS: "♥h",
    Denomination.SPADES: "♠s",
}


def _a_trump(what: str, strain: Denomination) -> bool:
    """'a trump', 'the trump jack', 'QJx of trumps', 'the ♥J' (hearts trumps)."""
    if re.search(r"\btrumps?\b", what):
        return True
    name = _SUIT_NAMES[strain]
    if re.search(
        rf"\b(?:{name}s? (?:ace|king|queen|jack|ten|\d+)|(?:ace|king|queen|jack|ten|"
        rf"\d+) of {name}s)\b",
        what,
    ):
        return True
    symbol, letter = _SUIT_SYMBOLS[strain][0], _SUIT_SYMBOLS[strain][1]
    return bool(
        re.fullmatch(rf"\s*(?:{symbol}|{letter})(?:[akqjt]|10|[2-9])\s*", what)
        or re.fullmatch(rf"\s*(?:[akqjt]|10|[2-9])(?:{symbol}|{letter})\s*", what)
    )


def _by_declarer(event: Event, play: PlayStory) -> bool:
    if event.role == "declarer":
        return True
    return play.declarer is not None and event.actor is play.declarer and event.role is None


_DECLARER_SEAT = lazy_pattern(r"\bdeclarer,? \(?(?P<seat>north|south|east|west|[nesw])\b")
"""'declarer S says', 'declarer (E)': the seat of declarer, told beside the word."""
_CONTRACT_DOWN = lazy_pattern(
    r"\s+(?:the contract\s+)?(?:one|two|three|four|[1-9])\s+(?:down|off)\b"
)
_AS_DEFENDER = lazy_pattern(r"\bas (?:a |the )?defender\b|\bdefending\b|\bon defen[cs]e\b")


def _claimer_role(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """Who claimed or conceded: his seat against declarer's ('declarer S says E gave them
    away'), or his own clause saying he was defending ('pd defending said...')."""
    claims = [e for e in events if e.act in ("claim", "concede")]  # said: a claim is words
    if not claims:
        return None
    claim = claims[0]
    if claim.role in ("declarer", "defender"):
        return claim.role
    if claim.act == "concede" and _CONTRACT_DOWN.match(lowered, claim.end):
        return "declarer"  # 'conceded one down': giving up the contract is declarer's concession
    declarer = play.declarer
    if declarer is None:
        named = {Seat.parse(m.group("seat")[0]) for m in _DECLARER_SEAT.finditer(lowered)}
        declarer = named.pop() if len(named) == 1 else None
    if claim.actor is not None and declarer is not None:
        role = Table(declarer).role(claim.actor)
        return role if role in ("declarer", "defender") else None
    if claim.actor is not None and any(
        e.start > claim.end and e.role == "declarer" and e.actor is None for e in events
    ):  # 'pd conceded and declarer at once said thanks': declarer is another player, and
        return "defender"  # dummy never claims or concedes (68A, 68B)
    floor = clause_start(lowered, claim.start)
    players = [p for p in play.story.players if floor <= p.start and p.end <= claim.start]
    if len(players) == 1 and players[0].kind != "pronoun":
        between = lowered[players[0].end : claim.start]
        if _AS_DEFENDER.search(between) or _AS_DEFENDER.match(lowered, claim.end):
            return "defender"  # 'pd defending said ...', 'pd gave up ... as a defender'
        after = lowered[claim.end : clause_end(lowered, claim.end)]
        if re.search(r"\bas (?:a |the )?defender\b", after):
            return "defender"
    return None


# -- the wrong number of cards: was the play under way (Law 13, 14) ---------------------------


_PLAN = lazy_pattern(
    r"\b(?:draw|draws|drawing|cash|cashes|cashing|ruff|ruffing|finesse|finessing|play|playing"
    r"|run|running|cross|crossing|lead|leading|duck|ducking|overtake|overtaking|unblock"
    r"|unblocking|discard|discarding|throw|throwing|squeeze|concede|conceding|lose|losing"
    r"|crossruff|crossruffing|cross-ruff|cross-ruffing"
    r"|take the|taking the|go to|come back|get back|enter|entry|via|then|first)\b"
)
"""Words of a line of play in a claimer's statement ('drawing the last trump, then hearts')."""


_ONLY_TRICKS_CLAIMED = lazy_pattern(
    r"(?:(?:that's |that is |it's |its )?(?:all|the rest|rest|the remainder|the last \w+|these"
    r"|they|those|the lot|everything)(?: of them| of the tricks| tricks)?"
    r"(?: (?:are|is|'re|'s))?(?: all)? (?:mine|ours|good|winners|high|yours|theirs)"
    r"|all mine|all ours|mine|ours|(?:the )?rest (?:is|are) mine|\w+ more(?: tricks)?"
    r"|(?:i|we) (?:have|take|win|get) (?:the rest|all of them|them all|the lot|\w+ more))"
    r"(?:[\s,.!]+(?:(?:the )?rest (?:are|is) (?:mine|ours|good)|all good|all mine))*[\s.!]*"
)
"""A claimer's words that say only that the tricks are his ('all mine', 'these are all good',
'the rest are mine'): no line of play stated."""


def _claim_line(lowered: str, events: Sequence[Event]) -> str | None:
    """What the claimer said with his claim, when his words are quoted in the claim's sentence:
    a line of play ('I'll draw the last trump and the clubs are good'), or only that the tricks
    are his ('all mine', 'these are all good'), which states no line (Law 68C)."""
    claim = next((e for e in events if e.act == "claim"), None)
    if claim is None:
        return None
    start, end = clause_start(lowered, claim.start), clause_end(lowered, claim.end)
    quotes = [lowered[a:b] for a, b in _quoted(lowered) if start <= a and b <= end + 1]
    if any(_PLAN.search(q) for q in quotes):
        return "stated"
    if quotes and all(_ONLY_TRICKS_CLAIMED.fullmatch(q[1:-1].strip()) for q in quotes):
        return "none"
    return None  # other words ('trumps are drawn'): whether they state a line is not read


def _play_under_way(lowered: str, vocabulary: Vocabulary) -> bool:
    """A trick after the first is named, or the words say the play had started."""
    timing = vocabulary.timing
    if timing["before_auction"].search(lowered) or timing["lead_not_faced"].search(lowered):
        return False  # found before the play: the trick named is another board's
    if any(number > 1 for _, number in _trick_numbers(lowered)):
        return True
    return bool(timing["lead_faced"].search(lowered))


# -- a revoke found later in the play (Law 63, 64) ---------------------------------------------

_NEXT_BOARD = lazy_pattern(
    r"\bnext (?:board|deal|hand|round|table)\b|\bround\b|\bsession\b|\bmoved\b"
    r"|\bnext day\b|\btomorrow\b|\bbd \d+\b.*\bbd \d+\b"
)
_REVOKE_ACTS = ("revoke", "discard", "ruff")
_REVOKE_NOUN = lazy_pattern(r"\b(?:a |the )?(?:revoke|renege)s? (?:on|at|in) trick\b")


def _revoke_noticed(lowered: str, events: Sequence[Event], vocabulary: Vocabulary) -> str | None:
    """In play: every failure to follow told is at a trick the story names (in its sentence,
    or the sentence just before), and the story goes on two tricks past the last of them or
    to the end of the play (so the offending side had played to the next trick: Law 63A1);
    it says nothing of the next board, of the round ending or of finding it at once."""
    marks = [
        e.start
        for e in events
        if "alleged" not in e.how
        and (e.act in _REVOKE_ACTS or (e.act == "play" and "held_suit" in e.how))
    ]
    marks += [m.start() for m in _REVOKE_NOUN.finditer(lowered)]
    tricks = []
    for mark in marks:
        start, end = clause_start(lowered, mark), clause_end(lowered, mark)
        numbers = _trick_numbers(lowered, start, end)
        if not numbers and start > 1:
            numbers = _trick_numbers(lowered, clause_start(lowered, start - 2), start)[-1:]
        if not numbers:
            return None  # a failure to follow at a trick not told
        tricks.append(max(number for _, number in numbers))
    if not tricks:
        return None
    last = max(tricks)
    timing = vocabulary.timing
    over = bool(timing["after_last_trick"].search(lowered) or _END_OF_PLAY.search(lowered))
    if last >= LAST_TRICK - 1:
        return None  # a revoke on trick 12 or 13 has its own law (62D, 64B6)
    if not over and not any(number >= last + 2 for _, number in _trick_numbers(lowered)):
        return None
    rest = timing["after_last_trick"].sub(" ", lowered)  # 'next board not started' is no news
    if (
        _NEXT_BOARD.search(rest)
        or timing["before_next_trick"].search(lowered)
        or timing["found_at_once"].search(lowered)
        or _BEFORE_NEXT.search(lowered)
    ):
        return None
    return "in_play"


_NEXT_DEAL_CALL = lazy_pattern(
    r"\b(?:bid|bidding|opened|called|calling|made a call)\b(?:\s+(?:1|one)\s*\S+)?[^.;!?]{0,20}?"
    r"\b(?:on|in|of|at)?\s*(?:the |bd |board )?(?:next|following|subsequent) (?:board|deal|hand)\b"
)
"""A call made on the next board: 'we'd already bid the next board', 'opened 1D on the next
hand', 'started bidding the next deal'."""
_OUR_SIDE_WORDS = lazy_pattern(
    r"\b(?:we|we'd|we've|we're|i|i'd|i've|us|my (?:pd|partner|pard)|pd|partner|pard)\b"
)
_THEIR_SIDE_WORDS = lazy_pattern(
    r"\b(?:they|they'd|they've|opps|opp|the opponents|opponents|our opponents?|lho|rho)\b"
)


def _revoke_after_next_call(
    lowered: str, events: Sequence[Event], play: PlayStory, vocabulary: Vocabulary
) -> str | None:
    """After a non-offender called on the next board (Law 64B5): the revoke is one player's,
    told relative to the speaker (himself or his partner, or an opponent), and the side said
    to have bid on the next board is the other (we, they, opps: the words of the clause
    before the call). A round or session over is another answer, and so is a call by the
    offending side."""
    if vocabulary.timing["after_session"].search(lowered):
        return None
    revokers = {
        side
        for e in events
        if e.act == "revoke" or (e.act in ("discard", "ruff", "play") and "held_suit" in e.how)
        if (side := _side_of_actor(lowered, play, e)) is not None
    }
    if len(revokers) != 1:
        return None
    revoker = revokers.pop()
    callers = set()
    for call in _NEXT_DEAL_CALL.finditer(lowered):
        head = lowered[clause_start(lowered, call.start()) : call.start()]
        ours = list(_OUR_SIDE_WORDS.finditer(head))
        theirs = list(_THEIR_SIDE_WORDS.finditer(head))
        last_ours = ours[-1].start() if ours else -1
        last_theirs = theirs[-1].start() if theirs else -1
        if last_ours == last_theirs:
            return None  # nobody named calling
        callers.add("ours" if last_ours > last_theirs else "theirs")
    if len(callers) != 1:
        return None
    return "next_deal" if callers.pop() != revoker else None


def _side_of_actor(lowered: str, play: PlayStory, event: Event) -> str | None:
    """'ours' (the speaker or his partner) or 'theirs' (an opponent of the speaker)."""
    ref = _actor_ref(lowered, play, event)
    if ref is None:
        return None
    if ref.kind == "speaker":
        return "ours"
    if ref.kind == "relative" and ref.relation is not None:
        return "ours" if ref.relation in ("partner", "self") else "theirs"
    if ref.kind == "opponent":
        return "theirs"
    speaker = play.story.speaker
    if ref.kind == "seat" and ref.seat is not None and speaker is not None:
        return "ours" if speaker.relation_to(ref.seat) in ("self", "partner") else "theirs"
    return None


# -- who won the revoke trick (Law 64A) ------------------------------------------------------

_WON_THAT_TRICK = lazy_pattern(
    r"(?<!\bno )(?<!n't )(?<!not )\b(?:won|took|wins|takes|captured)\s+"
    r"(?:(?:that|the|this) trick|that one|it|trick (?P<n>1[0-3]|[1-9]))\b"
    r"(?!\s+(?:in|on)\s+(?:the\s+)?(?:dummy|board|hand|his hand|her hand)\b)"
)
"""'N won that trick', 'I won it', 'S won trick 5 with the ace' (where it was won, 'in hand'
or 'in dummy', is read apart: it names a hand, not a player)."""
_TRICK_WON_BY_PLAYER = lazy_pattern(
    r"\b(?:(?:that|the|this) trick|trick (?P<n>1[0-3]|[1-9])|it)\s+(?:was\s+|had been\s+)?"
    r"(?:won|taken)\s+by\s+"
)
"""'the trick was won by N', 'T6 won by N', 'it was won by declarer'."""
_WINNER_WORDS = lazy_pattern(
    r"(?P<role>declarer|dummy|the board|the defenders|the defence|the defense)\b"
    r"|(?P<us>us|we)\b"
)


def _revoke_trick_winner(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """Who won the trick a revoke was made on (a card told played off-suit, or a revoke at a
    trick named), told with it (its sentence or the next): a
    player named winning 'that trick', 'it' or the revoke's trick by number, or 'the trick
    was won by' him - the offender himself, his partner, or an opponent, by seat, by role or
    from the speaker's chair. A later correction ('he won it... no wait, I won it') is the
    last word; a question is not a statement."""
    revokes = [
        e
        for e in events
        if "alleged" not in e.how
        and (e.act == "revoke" or (e.act in ("discard", "ruff", "play") and "held_suit" in e.how))
    ]
    if not revokes:
        return None
    revoke = revokes[0]
    if revoke.act == "revoke" and revoke.trick is None:
        return None  # 'LHO revoked and RHO won the trick': no card or trick told for it
    offender = revoke.actor
    role = revoke.role
    if role is None and offender is not None and play.declarer is not None:
        role = Table(play.declarer).role(offender)
    if offender is None and role is None:
        return None
    end = clause_end(lowered, revoke.end)
    window_end = clause_end(lowered, end + 1) if end < len(lowered) else end
    if "?" in lowered[revoke.end : window_end]:
        return None
    found: list[tuple[int, str]] = []
    for match in _WON_THAT_TRICK.finditer(lowered, revoke.end, window_end):
        number = match.group("n")
        if number is not None and int(number) != revoke.trick:
            continue
        floor = max(revoke.end, clause_start(lowered, match.start()))
        side = _winner_side(lowered, play, revoke, offender, role, floor, match.start())
        if side is not None:
            found.append((match.start(), side))
    for match in _TRICK_WON_BY_PLAYER.finditer(lowered, revoke.end, window_end):
        number = match.group("n")
        if number is not None and int(number) != revoke.trick:
            continue
        side = _named_winner_side(lowered, play, offender, role, match.end())
        if side is not None:
            found.append((match.start(), side))
    if not found and revoke.trick is not None:
        found = _numbered_trick_winner(lowered, play, revoke, offender, role, window_end)
    if not found:
        found = _same_trick_winner(lowered, events, play, revoke, offender, role, window_end)
    return max(found)[1] if found else None


_ANOTHER_TRICK = lazy_pattern(
    r"\btrick (?:1[0-3]|[1-9])\b|\b(?:later|next trick|then at|at the end|afterwards|after that"
    r"|following trick|another trick)\b"
)
"""Words moving the story past the revoke trick: 'the trick' after them may be another."""


def _same_trick_winner(
    lowered: str,
    events: Sequence[Event],
    play: PlayStory,
    revoke: Event,
    offender: Seat | None,
    role: Role | None,
    since: int,
) -> list[tuple[int, str]]:
    """'the trick' won, told a few sentences after the revoke while the story is still at the
    revoke trick ('W ruffed ... N pitched a club and S followed. W won the trick'): no lead,
    no other trick and no 'later' between, so the trick is the revoke trick. Only the first
    such statement is read, and only 'the trick' or 'that trick' ('it' may be anything)."""
    for match in _WON_THAT_TRICK.finditer(lowered, since):
        if match.group("n") is not None or not re.search(r"\b(?:the|that) trick\b", match.group(0)):
            continue
        between = lowered[since : match.start()]
        if _ANOTHER_TRICK.search(between) or any(
            e.act == "lead" and since <= e.start < match.start() for e in events
        ):
            return []
        if _asked_at(lowered, match.start()):
            return []
        floor = max(since, clause_start(lowered, match.start()))
        side = _winner_side(lowered, play, revoke, offender, role, floor, match.start())
        return [] if side is None else [(match.start(), side)]
    return []


def _numbered_trick_winner(
    lowered: str,
    play: PlayStory,
    revoke: Event,
    offender: Seat | None,
    role: Role | None,
    since: int,
) -> list[tuple[int, str]]:
    """The revoke trick's winner told later in the story by its number ('T5 ... S won T5 with
    the ace', 'T3 won by N'): the number ties the words to the revoke trick wherever they
    stand. Only statements count (a clause asking is skipped), and two that disagree fill
    nothing."""
    found: list[tuple[int, str]] = []
    for match in _WON_THAT_TRICK.finditer(lowered, since):
        number = match.group("n")
        if number is None or int(number) != revoke.trick or _asked_at(lowered, match.start()):
            continue
        floor = max(since, clause_start(lowered, match.start()))
        side = _winner_side(lowered, play, revoke, offender, role, floor, match.start())
        if side is not None:
            found.append((match.start(), side))
    for match in _TRICK_WON_BY_PLAYER.finditer(lowered, since):
        number = match.group("n")
        if number is None or int(number) != revoke.trick or _asked_at(lowered, match.start()):
            continue
        side = _named_winner_side(lowered, play, offender, role, match.end())
        if side is not None:
            found.append((match.start(), side))
    return found if len({side for _, side in found}) == 1 else []


def _asked_at(lowered: str, at: int) -> bool:
    """The clause around ``at`` is a question."""
    return "?" in lowered[clause_start(lowered, at) : clause_end(lowered, at) + 1]


def _relation_side(offender: Seat, winner: Seat) -> str:
    relation = offender.relation_to(winner)
    return {"self": "offender", "partner": "revoker_partner"}.get(relation, "opponents")


def _role_side(role: Role | None, winner: str) -> str | None:
    """The winner named by role against the revoker's role."""
    if winner in ("the defenders", "the defence", "the defense"):
        return "opponents" if role == "declarer" else None
    if role == "defender":
        return "opponents"  # declarer or dummy won a defender's revoke trick
    if role == "declarer":
        return "offender" if winner == "declarer" else "revoker_partner"
    return None


def _winner_side(
    lowered: str,
    play: PlayStory,
    revoke: Event,
    offender: Seat | None,
    role: Role | None,
    floor: int,
    verb: int,
) -> str | None:
    """The side of the subject of 'won': the last player or role named before the verb since
    the revoke (a pronoun with nobody named between: the revoker himself)."""
    if TWO_PLAYERS_BEFORE.search(lowered, max(floor, verb - 30), verb):
        return None  # 'pard and i won t5': a side, not the player named last
    players = [p for p in play.story.players if floor <= p.start and p.end <= verb]
    roles = [r for r in play.roles if floor <= r.start and r.end <= verb and not r.possessive]
    last_player = players[-1] if players else None
    last_role = roles[-1] if roles else None
    if last_role is not None and (last_player is None or last_role.start > last_player.start):
        return _role_side(role, lowered[last_role.start : last_role.end].removeprefix("the "))
    if last_player is None:
        return None
    if last_player.kind == "pronoun":
        if len(players) == 1 and lowered[last_player.start : last_player.end] in ("he", "she"):
            return "offender"  # 'W threw a heart and he won the trick': nobody else named
        return None
    if last_player.seat is not None and offender is not None:
        return _relation_side(offender, last_player.seat)
    if offender is None and role is not None and last_player.kind in ("relative", "speaker"):
        relation = "self" if last_player.kind == "speaker" else last_player.relation
        return _chair_side(play, role, relation or "")
    return None


def _chair_side(play: PlayStory, role: Role, relation: str) -> str | None:
    """A revoker known by role only ('declarer threw a club'), the trick won by a player
    placed from the teller's chair ('pd won it'): the winner defends when he sits with a
    defending teller or across from a declaring one. Only a winner of the other side than
    the revoker's is placed (which of two partners won is not)."""
    if play.speaker_role is None or relation not in ("self", "partner", "lho", "rho"):
        return None
    winner_defends = (play.speaker_role == "defender") != (relation in ("lho", "rho"))
    revoker_defends = role == "defender"
    return "opponents" if winner_defends != revoker_defends else None


def _named_winner_side(
    lowered: str, play: PlayStory, offender: Seat | None, role: Role | None, at: int
) -> str | None:
    """The side of the player named right after 'won by'."""
    named = next((p for p in play.story.players if p.start == at), None)
    if named is not None and named.seat is not None and offender is not None:
        return _relation_side(offender, named.seat)
    words = _WINNER_WORDS.match(lowered, at)
    if words is None:
        return None
    if words.group("role"):
        return _role_side(role, words.group("role").removeprefix("the "))
    speaker = play.story.speaker
    if (
        speaker is not None
        and offender is not None
        and speaker.relation_to(offender)
        in (
            "lho",
            "rho",
        )
    ):
        return "opponents"  # won by us, against an opponent's revoke
    return None


# -- a defective trick: does the player still hold the suit led (Law 67B) ---------------------

_SUIT_LED = lazy_pattern(
    r"\b(?P<a>spade|heart|diamond|club)s? (?:lead|trick|was led|were led)\b"
    r"|\bled (?:a |the )?(?:small |low )?(?P<b>spade|heart|diamond|club)s?\b"
    r"|\b(?P<c>spade|heart|diamond|club)s?,? (?:which |that )?(?:was|were) (?:the suit )?led\b"
    r"|\bsuit led\b[^.;!?]{0,20}\b(?P<d>spade|heart|diamond|club)s?\b"
)
_HOLDS_NONE = lazy_pattern(
    r"\b(?:has|had|have|with) no (?:more )?(?P<suit>spade|heart|diamond|club)s?\b"
    r"|\b(?:has|had|have)(?:n't| not) (?:got )?(?:any |a )?(?:more )?"
    r"(?P<suit2>spade|heart|diamond|club)s?\b"
)
_STILL_HAS = lazy_pattern(
    r"\bstill (?:has|had|have|holds|held) (?:a |an |the |one |some |two )?(?:small |low )?"
    r"(?P<suit>spade|heart|diamond|club)s?\b"
)

_STILL_HAS_CARD = lazy_pattern(r"\bstill (?:has|had|have|holds|held) (?:the |a |an )?(?=\S)")
"""'W still has the ♠2': the holding of the card's suit."""


def _still_holds_suit_led(lowered: str, play: PlayStory) -> str | None:
    """Whether the player who missed a trick still holds the suit led to it: the suit led is
    told once, and the holding of that suit is said in the words ('he has no hearts left',
    'still has a spade')."""
    led = {
        next(g for g in m.groups() if g)
        for m in _SUIT_LED.finditer(lowered)
        if not UNPROVEN_BEFORE.search(lowered, clause_start(lowered, m.start()), m.start())
    }
    if len(led) != 1:
        return None
    suit = led.pop()
    missing = _missing_players(lowered, play)
    if len({(p.seat, p.words) for p in missing}) != 1:
        return None
    answers = set()
    for holding, answer in (
        *((m, "no") for m in _HOLDS_NONE.finditer(lowered)),
        *((m, "yes") for m in _STILL_HAS.finditer(lowered)),
        *((m, "yes") for m in _STILL_HAS_CARD.finditer(lowered)),
    ):
        if _suit_held(holding, play.story.text) != suit:
            continue
        floor = clause_start(lowered, holding.start())
        subjects = [p for p in play.story.players if floor <= p.start and p.end <= holding.start()]
        if not subjects or not _same_player(subjects[-1], missing[0]):
            return None  # another player's holding, or nobody's
        answers.add(answer)
    return answers.pop() if len(answers) == 1 else None


def _suit_held(holding: re.Match[str], text: str) -> str | None:
    """The suit of a holding: its suit word, or the suit of the card named right after it."""
    said = holding.groupdict()
    if said.get("suit") or said.get("suit2"):
        return said.get("suit") or said.get("suit2")
    cards = find_cards(text[holding.end() : holding.end() + 8])
    if not cards or cards[0].start != 0 or cards[0].card.suit is None:
        return None
    return _SUIT_NAMES.get(cards[0].card.suit)


def _missing_players(lowered: str, play: PlayStory) -> list[PlayerRef]:
    """The players named as not having played to a trick."""
    found = []
    for missed in _MISSED.finditer(lowered):
        floor = clause_start(lowered, missed.start())
        players = [p for p in play.story.players if floor <= p.start and p.end <= missed.start()]
        if players and players[-1].kind != "pronoun":
            found.append(players[-1])
    return found


def _same_player(holder: PlayerRef, missing: PlayerRef) -> bool:
    """The holder is the player who missed the trick, or a pronoun standing for him."""
    if holder.kind == "pronoun":
        return holder.words.lower() in ("he", "she") and missing.kind != "speaker"
    if holder.seat is not None and missing.seat is not None:
        return holder.seat is missing.seat
    return holder.words.lower() == missing.words.lower()


# -- penalty cards: how many, and major or minor (Law 50B) ------------------------------------

_FACE_UP = lazy_pattern(
    r"\bface[- ]?up\b|\bexposed\b|\bpenalty cards?\b|\bon the (?:table|cloth)\b|\bdropped\b"
    r"|\bfell\b|\blying\b|\bsitting\b",
    re.IGNORECASE,
)
_KIND_SAID = lazy_pattern(r"\b(?:major|minor)\b", re.IGNORECASE)
_LISTED = lazy_pattern(r"[\s,]*(?:and|&|plus)?\s*(?:the|a|an)?\s*", re.IGNORECASE)
"""Between two cards of one list: 'the D4 and the HJ', '♠J, ♥9'."""
_MORE_THAN_ONE = lazy_pattern(
    r"\banother\b|\b(?:two|2|three|3|both|several) (?:\w+ )?cards\b|\bsecond (?:card|one)\b"
    r"|\balso\b|\bagain\b|\bboth\b|\bpenalty cards\b|\btoo\b",
    re.IGNORECASE,
)
_BY_ACCIDENT = lazy_pattern(
    r"\bdropped\b|\bfell\b|\bslipped\b|\bknocked\b|\bby accident\b|\baccidentally\b",
    re.IGNORECASE,
)
_ON_PURPOSE = lazy_pattern(
    r"\bout of turn\b|\brevok|\brenege|\bdeliberate|\bon purpose\b|\bintentional|\bnamed\b"
    r"|\bclaim|\bconced|\bsaid\b|\bsays\b|\bshowed\b|\bshown\b",
    re.IGNORECASE,
)
_LED_HERE = lazy_pattern(r"\bled\b|\blead\b|\bleading\b|\bplayed\b", re.IGNORECASE)


def _penalty_cards(text: str) -> str | None:
    """The defender's penalty cards as the cards named show them: two or more listed
    together face up (in one suit or several: all major), or one card alone - an honour is
    major, a spot card dropped by accident is minor (Law 50B). Anything less clear: None."""
    if _KIND_SAID.search(text) or not _FACE_UP.search(text):
        return None  # 'a minor penalty card': the words say it; or no card is face up
    cards = [c for c in find_cards(text) if c.card.exact]  # 'an honour' names no card
    exposed = [
        c
        for c in cards
        if _FACE_UP.search(text, clause_start(text, c.start), clause_end(text, c.end))
    ]
    groups: list[list[CardMention]] = []
    for card in exposed:
        if groups and _LISTED.fullmatch(text, groups[-1][-1].end, card.start):
            groups[-1].append(card)
        else:
            groups.append([card])
    several = [g for g in groups if len(g) > 1]
    if several:
        if len(several) > 1 or len(groups) > 1:
            return None
        suits = {c.card.suit for c in several[0]}
        if None in suits:
            return None
        return "several_suits" if len(suits) > 1 else "several_one_suit"
    if len(exposed) != 1 or _MORE_THAN_ONE.search(text):
        return None
    card = exposed[0]
    honour = card.card.is_honour
    if honour:
        return "major"
    clause = text[clause_start(text, card.start) : clause_end(text, card.end)]
    if (
        honour is False
        and _BY_ACCIDENT.search(clause)
        and not _LED_HERE.search(clause)
        and not _ON_PURPOSE.search(text)
    ):
        return "minor"
    return None


_PENALTY_WORDS = lazy_pattern(r"\bpenalty cards?\b")


def _face_up_holder_role(play: PlayStory) -> Role | None:
    """The role, by the contract's seats, of the one player named holding the cards told
    face up ('4S by N. E had the ♣4 face up on the table': a defender)."""
    text = play.story.text
    if play.declarer is None or not _FACE_UP.search(text):
        return None
    cards = [
        c
        for c in find_cards(text)
        if c.card.exact
        and _FACE_UP.search(text, clause_start(text, c.start), clause_end(text, c.end))
    ]
    seats = set()
    for card in cards:
        floor = clause_start(text, card.start)
        holders = [p for p in play.story.players if floor <= p.start and p.end <= card.start]
        roles = [r for r in play.roles if floor <= r.start and r.end <= card.start]
        if not holders or holders[-1].seat is None or holders[-1].kind == "pronoun":
            return None
        if roles and roles[-1].start > holders[-1].start:
            return None  # 'E saw declarer's ♠A face up': the role word names the holder
        seats.add(holders[-1].seat)
    if len(seats) != 1:
        return None
    return Table(play.declarer).role(seats.pop())


# -- a claim agreed, and the next board under way (Law 69A, 69B) -----------------------------

_AGREED_TO_IT = lazy_pattern(
    r"\b(?:agreed|accepted|said (?:ok|okay|fine)|nodded|shrugged|didn't object|did not object"
    r"|no one objected|nobody objected)\b"
)
_NEXT_BOARD_CALLED = lazy_pattern(
    r"\b(?:played|bid|bidding) (?:on )?(?:the )?next (?:board|bd|deal|hand)\b"
    r"|\bnext (?:board|bd|deal) (?:was |had been )?(?:already )?bid\b"
    r"|\b(?:two|2|three|3|several|a few) (?:boards|rounds) later\b|\bafter the round\b"
    r"|\bround (?:had )?(?:ended|was over)\b|\bbid (?:1|one|2|two)\w* on the next\b"
    r"|\b(?:scores|results) (?:went|were|had gone|had been) (?:up|posted|published)\b"
    r"|(?<!before )\bthe end of the (?:evening|session)\b"
    r"|(?<!before )\b(?:the )?(?:next|following) (?:board|bd|deal|hand)\b[^.;!?]{0,25}?"
    r"\b(?:bid|bidding|opened)\b"
    r"|\b(?:bid|bidding|bid on|moved to|went to) (?:bd|board) \d+\b"
    r"|\b(?:bid|played) (?:and played |and bid )?the (?:next|following) (?:board|deal|hand)\b"
    r"|\bplayed (?:two|2|three|3|several|a few) (?:more |other )?boards\b"
    r"|\b(?:scores|results) (?:came out|were out|are out|went up|were up|had gone up|posted)\b"
)
"""A call made on the next board, or the round over: agreement to a claim is final (69A)."""
_CLAIM_WORDS = lazy_pattern(
    r"\bclaim(?:ed|s)?\b|\b(?:rest|all|last \w+) (?:are |were )?(?:mine|ours|hers|his|theirs)\b"
    r"|\b(?:showed|spread|faced|tabled) (?:his|her|their) (?:hand|cards)\b"
    r"|\bgive you (?:one|a|the|two|1|2) tricks?\b"
)
"""A claim or concession told: 'claimed', 'the rest are mine', 'showed his hand'."""
_OBJECTED_AT_ONCE = lazy_pattern(
    r"\bbefore (?:anyone|anybody|the next board|we bid|a call)\b|\bplay(?:ed|ing)? (?:on|it out)\b"
)


def _claim_agreed_then_next_board(lowered: str, events: Sequence[Event]) -> bool:
    """A claim, the other side agreeing to it, and only then the next board called or the
    round over ('we agreed and played the next board; then pd says he had a trump'): an
    agreement withdrawn later, if at all (69B)."""
    claims = [e.start for e in events if e.act == "claim" and "alleged" not in e.how]
    said = _CLAIM_WORDS.search(lowered)
    if said is not None:
        claims.append(said.start())
    if not claims or _OBJECTED_AT_ONCE.search(lowered):
        return False
    agreed = _AGREED_TO_IT.search(lowered, max(0, min(claims) - 40))  # 'we agreed his claim'
    return agreed is not None and _NEXT_BOARD_CALLED.search(lowered, agreed.end()) is not None


def _agreed_then_doubted_in_round(lowered: str, events: Sequence[Event]) -> bool:
    """A claim agreed, then doubted while the round was still on and before the next board
    was called ('we agreed, but ten minutes later in the same round i saw she had a loser'):
    the agreement was not yet established (69A), so the claim is contested, not withdrawn
    later (69B)."""
    claims = [e.start for e in events if e.act == "claim" and "alleged" not in e.how]
    if not claims or _claim_agreed_then_next_board(lowered, events):
        return False
    agreed = _AGREED_TO_IT.search(lowered, max(0, min(claims) - 40))
    if agreed is None or _NEXT_BOARD_CALLED.search(lowered, agreed.end()):
        return False
    return _STILL_IN_THE_ROUND.search(lowered, agreed.end()) is not None


_STILL_IN_THE_ROUND = lazy_pattern(
    r"\b(?:still |later )?(?:in|during) the same round\b"
    r"|\bbefore (?:we|they|anyone|anybody) (?:had )?(?:bid|called|started|took out)"
    r"(?: (?:on|the))? next (?:board|bd|hand)\b"
    r"|\bbefore the (?:next board|round (?:ended|was over|finished))\b"
    r"|\bthe round (?:wasn't|was not|hadn't|had not) (?:yet )?(?:over|ended|finished)\b"
)
"""The moment after an agreement, told as still inside the round and before the next board."""


# -- a card played and regretted (Law 47) -----------------------------------------------------

_REGRET = lazy_pattern(
    r"\bmeant\b|\bwanted (?:the|to|a|an)\b|\bshould have (?:played|led)\b|\bwrong (?:card|one)\b"
    r"|\bby mistake\b|\boops\b|\bchanged? (?:his|her|my) mind\b|\bsecond thoughts\b"
    r"|\bbetter of it\b|\bnot what (?:i|he|she) wanted\b|\bwasn'?t thinking\b|\breali[sz]ed\b"
    r"|\bdid(?:n'?t| not) mean\b|\b(?:i'd|i would|he'd|he would|she'd|she would) rather\b"
    r"|\bchanges? (?:his |her |my )?mind\b|\b(?:saw|see|sees) (?:my|his|her) mistake\b"
    r"|\binstead of the\b|\bwants? (?:the|a|an)\b[^.;!?]{0,25}\binstead\b"
    r"|\bsaid\W+no\W+(?:no\W+)?(?:the |i want the |i meant the )?(?:[2-9akqjt]|10|ten|jack|queen"
    r"|king|ace|small one|low one|other one)\b"
)
"""The player's own words that the card he put out was not the one he wanted."""
_OTHER_REASON = lazy_pattern(
    r"revok|reneg|follow suit|\b(?:didn't|did not|failed to|not) follow|hiding|showed out"
    r"|out of turn|wrong hand|\b(?:not|wasn't|was not|isn't) (?:his|her|my) (?:lead|turn)"
    r"|director|\btd\b|rectif|ruling|\bruled\b|explanation|explained|alert|misinform"
    r"|\btold (?:him|her|me|them) (?:it was|to lead|to play|he|she)|\bsaid it was (?:his|her|my)"
    r"|\b(?:changed|swapped|switched|replaced|changes|swaps) (?:his|her|their) (?:card|play)"
    r"|\bchange mine|\bmine too|\bas well\b|\btoo\?|\ballowed to change"
    r"|\b(?:from|in|on) (?:the )?(?:dummy|board)\b|\bfrom the table\b|\bcalled\b|\bnamed\b"
    r"|\basked for\b|\bfifth\b|\b(?:two|2) cards\b|\bearly\b"
    r"|\bbefore (?:it was )?(?:his|her|my) (?:turn|partner|pd)\b"
    r"|\b(?:spade|heart|diamond|club)s? on (?:a|the|my|his|her) (?:spade|heart|diamond|club)"
    r"|\bno (?:spades|hearts|diamonds|clubs|trumps)\b|\bheld\b|\bholding\b"
    r"|\b(?:i|he|she) (?:was|am|is|'m) (?:the )?dummy\b|\bas dummy\b|\bwhole hand\b"
    r"|\ball (?:his|her|my) cards\b|\bhad won\b|\bsecond card\b|\baccept"
)
"""What makes a card taken back another case of Law 47 (a revoke corrected, a lead out of
turn, a rectification, an opponent's change or wrong word, a card named from dummy, a card
played early or a fifth card): the story is then about that case, asked."""


_ASKS_FOR_OWN_CARD = lazy_pattern(
    r"\b(?:can|may|could) i\b[^.?!]{0,20}\b(?:change|swap|switch|take|put|have|get|replace)\b"
    r"[^.?!]{0,20}\b(?:my|mine)\b"
)
_PRONOUNS = frozenset({"he", "she", "they", "him", "her", "it"})
_DUMMY_NAMED = lazy_pattern(r"\b(?:dummy|board)\b")
_HANDLED = lazy_pattern(
    r"\b(?:grabbed|grabs|snatched|snatches|took|takes|picked|picks|pulled|pulls|reached to"
    r" (?:pick|take|grab))\b(?: (?:it|the \w+|his \w+|her \w+|my \w+))? (?:straight |right )?"
    r"(?:back|up)\b"
)
"""The player himself picking the card back up ('grabbed it back'): a card from his own hand
(declarer does not handle dummy's cards), when the story names no dummy or table."""
_OPENING = lazy_pattern(
    r"\bopening lead\b|\bfirst lead\b|\bas (?:his|her|my) first card\b"
    r"|\bdummy (?:came|went|was put|had come|had gone|comes|goes) (?:down|on the table)\b"
    r"|\bdummy (?:hadn't|had not|hasn't|has not|was not|wasn't|not) (?:yet )?"
    r"(?:come |gone |been put |put )?down\b"
)
"""The opening lead, said so or placed by dummy's coming down just after it."""
_FROM_OWN_HAND = lazy_pattern(
    r"\bfrom (?:his |her |my )?(?:own )?hand\b"
    r"|\b(?:put|placed|slapped) (?:down )?(?:the|a|my|his|her)\b[^.;!?]{0,20}"
    r"\b(?:on the table|face up)\b|\bpulled (?:out )?(?:the|a)\b"
)
"""A card from the player's own hand: said so, or put on the table (dummy's lie there already)."""


def _regretted(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A card put out by a player who then says it was not the one he wanted ('played the ♣3
    and immediately said oops meant the ♣4'): the wrong card, or a change of mind (47). Any
    sign of another case of Law 47 leaves it to be asked."""
    played = [e for e in events if e.act in (*_CARD_ACTS, "lead") and e.act != "expose"]
    if not played:
        return False
    regret = _REGRET.search(lowered, played[0].start)
    if regret is None or _OTHER_REASON.search(lowered):  # the regret first: far cheaper
        return False
    before = [e for e in played if e.start < regret.start()]
    if len({e.actor or e.words for e in before}) > 1:
        # cards of several players before the words: whose card is regretted must be told
        before = [e for e in before if _voiced_by(lowered, play, e, regret.start())][-1:]
    if not before:
        return False
    first = before[0]
    if _ASKS_FOR_OWN_CARD.search(lowered) and first.words != "i":
        return False  # the teller asks about his own card after another's: not that card's case
    return (
        first.role == "defender"
        or (first.act == "lead" and _OPENING.search(lowered) is not None)
        or _FROM_OWN_HAND.search(lowered) is not None
        or (_HANDLED.search(lowered, first.end) is not None and not _DUMMY_NAMED.search(lowered))
    )  # not declarer naming a card of dummy's, where a slip of the tongue is its own case


_REGRET_SAID = lazy_pattern(
    r"\b(?:no|oh|ah|hang on|hold on)\W{0,3}wait\b|\bwait\W{0,3}(?:no|i want|let me)\b"
    r"|['\"](?:oh |ah |oh |no )*(?:no|sorry|oops|pardon|whoops)\W{1,3}(?:no\W{1,3})?"
    r"(?:the |i want the |i meant the )?(?:[2-9akqjt]\b|10|ten|jack|queen|king|ace|small|low"
    r"|high|[♠♥♦♣]|(?:spade|heart|diamond|club)s?\b|eight|nine|seven|six|five|four|three|two)"
    r"|\blet me (?:think again|play|ruff|take)\b|\bwants? to (?:swap|change)\b"
    r"|\btried to (?:swap|change|put)\b|\b(?:swapped|switched) (?:it )?for\b"
    r"|\bwanted (?:to duck|the \w+)|\bi want (?:the|to)\b|\bchanged to\b"
)
"""More of the player's own words that the card was not the one he wanted ('no wait',
"'oops, the jack'", 'tried to swap it', 'let me think again')."""
_DUMMY_WORDS = lazy_pattern(
    r"^(?:(?:from|in|on) (?:the )?(?:dummy|board)|from the table|as dummy|called)$"
)
"""Hits of :data:`_OTHER_REASON` that only speak of dummy: nothing to a defender's card."""


def _defender_regretted(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A card put out by a player the story proves a defender, or from his own hand with
    no dummy in the story (so no card of dummy's named wrongly), who then says it was not
    the one he wanted: a change of mind or the wrong card (47). Any other case of Law 47
    told leaves it asked."""
    played = [e for e in events if e.act in (*_CARD_ACTS, "lead") and e.act != "expose"]
    if not played:
        return False
    regrets = [
        m for pattern in (_REGRET, _REGRET_SAID) for m in pattern.finditer(lowered, played[0].end)
    ]
    if not regrets:  # looked for first: most stories regret nothing, and it is far cheaper
        return False
    if any(not _DUMMY_WORDS.match(m.group(0)) for m in _OTHER_REASON.finditer(lowered)):
        return False
    regret = min(regrets, key=lambda m: m.start())
    before = [e for e in played if e.start < regret.start()]
    if len({e.actor or e.words for e in before}) > 1:
        before = [e for e in before if _voiced_by(lowered, play, e, regret.start())][-1:]
    if not before:
        return False
    first = before[0]
    if _ASKS_FOR_OWN_CARD.search(lowered) and first.words != "i":
        return False
    if _ANOTHER_CARD_BACK.search(lowered, regret.end()) and any(
        (e.actor or e.words) != (first.actor or first.words) for e in played
    ):
        return False  # 'W wants to take back his ♠J now': the card played since is asked about
    own_hand = (_FROM_OWN_HAND.search(lowered) or _NEXT_IN_HAND.search(lowered)) is not None
    return (own_hand and not _DUMMY_NAMED.search(lowered)) or is_defender(
        lowered, play, clause_start(lowered, first.start), first.start, events
    )


_ANOTHER_CARD_BACK = lazy_pattern(
    r"\b(?:take|takes|taking|took|get|gets|pick|picks|change|changes|swap|swaps|withdraw)\s+"
    r"(?:back\s+)?(?:his|her|their|my|our)\s+(?!mind\b)"
)
"""A player asking to take his own card back too, after another changed his."""
_NEXT_IN_HAND = lazy_pattern(
    r"\bnext to (?:it|each other|one another|the \w+)\b|\bbeside it\b|\bmy fingers\b"
    r"|\b(?:his|her) fingers\b"
)
"""The card pulled lay next to the one wanted: a card from the player's own hand."""


def _voiced_by(lowered: str, play: PlayStory, first: Event, position: int) -> bool:
    """The words at ``position`` (or the remark they are quoted in) are told as the player's
    who made ``first`` ('decl played the Q, S followed, then decl said oops'): the same seat,
    the same declarer or dummy, or the same words naming him; never a bare pronoun ('rho
    played the Q, i covered, then he said he meant the 2': whose card is to come back?)."""
    quote = next((a for a, b in _quoted(lowered) if a < position < b), None)
    if quote is not None:
        position = quote
    floor = clause_start(lowered, position)
    words, role = actor_role(lowered, play, floor, position)
    seat = actor_seat(play, floor, position)
    if seat is not None and first.actor is not None:
        return seat is first.actor
    if role in ("declarer", "dummy") and role == first.role:
        return True
    return bool(words) and words == first.words and words not in _PRONOUNS


# -- a penalty card lying out: whose turn it now is (Law 50D, 50E) ----------------------------

_ON_LEAD = lazy_pattern(
    r"\bon lead\b"
    r"|\b(?P<owner>[\w']+?)(?:'s)? (?:(?P<turn>turn) to (?:play|lead)\b"
    r"|lead\b(?! (?:to|out|from|of|a|the)\b))"
)
"""'W is on lead now', 'it's my lead', 'it's now her turn to play', 'her partner's lead'."""
_CHOSEN_ALREADY = lazy_pattern(
    r"\b(?:forbade|forbid|forbids|forbidden|required|requires|require|demanded|barred|banned"
    r"|prohibited|again|first time|last time|still on lead|lead anything|do not lead|not to lead)\b"
    r"|\bdon'?t lead\b|\blet (?:me|him|her|partner|pd) lead\b"
    r"|\btold (?:me|him|her|partner|pd|my partner|his partner|her partner) (?:to|not)\b"
)
"""Declarer's choice about the card already made, or a turn come round again (50D2, 50E):
the story is then about what followed, asked."""
_OF_HIS = lazy_pattern(r"\s+of (?:his|hers|her)\b")
_HIS_HER = ("his", "her")
_NOT_DONE = lazy_pattern(r"\b(?:to|can|may|must|could|should|might)\s+$")
"""Before a verb: a card wished for or asked about ('wants to throw', 'can he play'), not one
played."""
_PLAYER_KINDS = ("seat", "speaker", "relative")


def _penalty_card_turn(
    play: PlayStory, events: Sequence[Event], vocabulary: Vocabulary
) -> str | None:
    """A card left face up (a penalty card), then a turn told: its holder's own turn to lead
    or play ('now it's my turn to play'), or his partner's lead ('W has the ♠J face up since
    T3; E is on lead now'). Holder and the player on turn are read by seat or from the
    speaker's chair (a pronoun only when one player is named besides the speaker); a choice
    already made, or a card played after the turn is told, leaves it to be asked."""
    text = play.story.text
    lowered = text.lower()
    found = [vocabulary.told["penalty_card_held"].search(lowered), _LEFT_OUT.search(lowered)]
    held = min((m for m in found if m is not None), key=lambda m: m.start(), default=None)
    if held is None or _CHOSEN_ALREADY.search(lowered):
        return None
    floor = clause_start(lowered, held.start())
    named = [
        p for p in play.story.players if floor <= p.start < held.start() and p.kind in _PLAYER_KINDS
    ]
    if not named or named[-1].seat is None or _OF_HIS.match(lowered, named[-1].end):
        return None
    holder = named[-1].seat
    turns = [
        (m, _player_on_turn(play, m, holder))
        for m in _ON_LEAD.finditer(lowered, held.end())
        if m.group("owner") is None or _OWNER.match(m.group("owner")) or _player_at(play, m)
    ]
    if not turns and not _ON_LEAD.search(lowered):
        return _led_to_holder(play, events, holder, held.end())
    if len(turns) > 1:  # 'his partner is on lead ... about his lead': one player told twice
        placed = [(m, s) for m, s in turns if s is not None or m.group("owner") not in _HIS_HER]
        if len({s for _, s in placed}) == 1 and len({m.group("turn") for m, _ in turns}) == 1:
            turns = placed[:1]  # (a turn to play beside a lead: two moments, not read)
    if len(turns) != 1:
        return None
    turn, seat = turns[0]
    if seat is None or (turn.group("turn") is None and _player_named_lead(lowered, turn)):
        return None
    suit_led = [(m.start(), m.end()) for m in _SUIT_NOW_LED.finditer(lowered, turn.end())]
    if any(
        e.start > turn.end()
        and e.act in (*_CARD_ACTS, "lead")
        and not _NOT_DONE.search(lowered, max(0, e.start - 12), e.start)
        and not _DENIED_BEFORE.search(lowered, max(0, e.start - 20), e.start)
        and not any(a <= e.start < b for a, b in suit_led)  # 'clubs led': the trick he plays to
        for e in events
    ):
        return None  # a card played after the turn was told: what followed is the matter
    if seat is holder:
        return "offender_play"
    return "partner_lead" if seat is holder.partner and turn.group("turn") is None else None


_SUIT_NOW_LED = lazy_pattern(
    r"\b(?:spades?|hearts?|diamonds?|clubs?|trumps?|[♠♥♦♣])\s+(?:is |are |was |were |has been "
    r"|have been |gets |got )?(?:led|lead)\b(?! (?:to|out|by)\b)"
)
"""'now spades are led', 'a heart is led', 'diamonds led': a trick begun by another hand."""
_TO_NEXT_TRICK = lazy_pattern(r"\s+(?:\w+\s+){0,2}?to the next (?:trick|one)\b")
"""'led to the next trick': the trick the holder was to play to is over."""
_HOLDER_PLAYED = lazy_pattern(
    r"\b(?:follows|followed|discards|discarded|pitches|pitched|throws|threw)\b"
)


def _led_to_holder(
    play: PlayStory, events: Sequence[Event], holder: Seat, since: int
) -> str | None:
    """After the card was left face up, a trick is led by another player (declarer, dummy, a
    seat not the holder's, or 'spades are led' with nobody named): the holder is to play to
    it. A lead to the next trick says that trick is over, and a card played after the lead (his
    or anyone's not placed; not one asked about) leaves what he did to be asked."""
    lowered = play.story.text.lower()
    leads = [
        e.end
        for e in events
        if e.start > since
        and e.act == "lead"
        and "alleged" not in e.how
        and e.actor is not holder
        and (e.actor is not None or e.role in ("declarer", "dummy"))
        and not _TO_NEXT_TRICK.match(lowered, e.end)
    ]
    leads += [m.end() for m in _SUIT_NOW_LED.finditer(lowered, since)]
    if len(leads) == 0:
        return None
    first = min(leads)
    played = [
        e
        for e in events
        if e.start > first
        and e.act in _CARD_ACTS
        and e.actor in (holder, None)
        and not lowered.startswith("?", clause_end(lowered, e.end))
    ]
    if played and _by_holder(played[0], holder, play):
        start, end = played[0].start, clause_end(lowered, played[0].end)
        if _ANOTHER_CARD.search(lowered, start, end):
            return "not_played"  # 'played the ♠2 instead of the 9': not the penalty card (50D1)
    if played or _HOLDER_PLAYED.search(lowered, first):
        return None  # a card played after it: whether it was the penalty card is the matter
    return "offender_play"


_ANOTHER_CARD = lazy_pattern(
    r"\binstead\b|\ba different\b|\bfrom (?:his|her|my) (?:own )?hand\b"
    r"|\bout of (?:his|her|my) hand\b|\bleaving the\b|\bkept the\b|\bnot the\b"
)
"""The card he played was another than the one lying face up: 'played the ♠2 instead', 'a
different heart', 'the ♣5 from hand'."""


def _by_holder(event: Event, holder: Seat, play: PlayStory) -> bool:
    """The act is the holder's: his seat, or 'he'/'she' with nobody else named since."""
    if event.actor is holder:
        return True
    return event.actor is None and event.words in ("he", "she") and _sole_named(play, holder)


def _sole_named(play: PlayStory, holder: Seat) -> bool:
    """Every player the story names by seat or relation is the holder."""
    return all(
        p.seat is holder for p in play.story.players if p.kind in ("seat", "relative", "opponent")
    )


_LEFT_OUT = lazy_pattern(
    r"\b(?:face[- ]?up|on the (?:table|cloth))\b[^.;!?()]{0,40}?"
    r"\b(?:from (?:earlier|when|an earlier|the earlier|a previous)|since|after (?:a|an|two|the)"
    r"|left (?:over|out) from)\b"
)
"""A card left face up since an earlier moment: 'face up from when she dropped it', 'on the
table since T3', 'face up in front of him after a mess at T2'."""
_OWNER = lazy_pattern(r"(?:my|his|her|partner|pd)$")


def _player_at(play: PlayStory, turn: re.Match[str]) -> bool:
    return any(p.start == turn.start("owner") for p in play.story.players)


def _player_named_lead(lowered: str, turn: re.Match[str]) -> bool:
    """'led it when it was declarer's lead': a lead of the past, not the turn now."""
    return bool(
        re.search(r"\b(?:when|while|wasn't|was not|not)\b[^,.;()]{0,20}$", lowered[: turn.start()])
    )


def _player_on_turn(play: PlayStory, turn: re.Match[str], holder: Seat) -> Seat | None:
    """The seat of the player whose turn is told: the owner word ('my', 'W's', 'her partner's'),
    else the last player named before 'on lead' in its clause."""
    lowered = play.story.text.lower()
    owner = turn.group("owner")
    players = play.story.players
    if owner is not None:
        if owner == "my":
            return play.story.speaker
        if owner in ("his", "her"):
            return _sole_other_player(play, holder)
        at = [p for p in players if p.start == turn.start("owner") and p.kind in _PLAYER_KINDS]
        if at:
            return at[0].seat
        if owner.startswith(("partner", "pd")):
            placed = [
                p
                for p in players
                if p.kind == "possessed" and p.start <= turn.start("owner") < p.end
            ]
            if placed and placed[0].seat is holder.partner and "'s " in turn.group(0):
                return placed[0].seat  # 'her partner's lead', the story placing him
            before = lowered[max(0, turn.start() - 4) : turn.start()]
            if re.search(r"\b(?:his|her) $", before) and _sole_other_player(play, holder):
                return holder.partner  # 'her partner's lead': the holder's partner
        return None
    floor = clause_start(lowered, turn.start())
    named = [p for p in players if floor <= p.start < turn.start()]
    if not named:
        return None
    last = named[-1]
    if last.kind == "possessed" and last.relation == "partner":
        if last.seat is not None:
            return last.seat  # 'his partner E is on lead': the story placed him
        return holder.partner if _sole_other_player(play, holder) else None
    if last.kind not in _PLAYER_KINDS or _OF_HIS.match(lowered, last.end):
        return None
    return last.seat


def _sole_other_player(play: PlayStory, holder: Seat) -> Seat | None:
    """The holder, when he is the only player the story names besides the speaker and no role
    word names another: then 'he', 'her' can only be him."""
    others = {
        p.seat
        for p in play.story.players
        if p.kind in ("seat", "relative", "opponent", "possessed") and p.seat is not holder
    }
    if others or None in {
        p.seat for p in play.story.players if p.kind != "pronoun" and p.kind != "speaker"
    }:
        return None
    if any(r.role in ("declarer", "dummy") and r.role != play.speaker_role for r in play.roles):
        return None  # another player named by role ('as declarer, I': the speaker himself)
    return holder


# -- the correction period (Law 79C1, 69B, 71) ---------------------------------------------------

_NOBODY_LED = lazy_pattern(
    r"\b(?:no ?one|nobody|noone|no-one)(?: else)? (?:has |had |'s )?(?:yet )?led\b"
    r"|\b(?:no ?one|nobody) (?:has |had )?(?:yet )?played to (?:the next|trick \d|t\d)"
)
"""'nobody has led yet', 'no one had led to the next trick': the next trick not begun."""

_NUMBER_WORDS = {
    "a few": 5,
    "few": 5,
    "a couple of": 2,
    "couple of": 2,
    "couple": 2,
    "one": 1,
    "two": 2,
    "three": 3,
    "five": 5,
    "ten": 10,
    "fifteen": 15,
    "twenty": 20,
    "a": 1,
}
_MINUTES = lazy_pattern(
    r"\b(?P<within>within |under |less than )?(?:about |maybe |like |roughly |around |only |just )?"
    r"(?P<n>\d{1,3}|a few|few|a couple of|couple of|one|two|three|five|ten|fifteen|twenty|a)"
    r"\s*(?:min|mins|minute|minutes)\b"
)
_SCORES_WORD = lazy_pattern(r"\b(?:scores?|results?|traveller|recap)\b")
_COUNTED_FROM = lazy_pattern(r"\W*(?:ago|after|since|of|from|later)\b")
_LATER_ON = lazy_pattern(r"\W*later\b")
_OTHER_START = lazy_pattern(
    r"\bafter the (?:end|session|round|evening|event|game)\b|\bhome\b|\bleft the\b|\bbus\b"
    r"|\bcar\b|\bdriv\w*"
    r"|\b(?:session|round|evening|event|game) (?:had |has )?(?:ended|finished|was over)\b"
)
"""Minutes counted from something after the scores may have gone up (the end of the session,
getting home): not from them or from the incident."""
_LONG_AFTER = lazy_pattern(
    r"\b(?:\d+|an?|one|two|three|several|few|couple of) (?:hours?|hrs?|days?|weeks?)\b"
    r"|\bnext day\b|\byesterday\b|\bthis morning\b|\btomorrow\b|\blast night\b"
    r"|\blast week\b|\bcorrection period (?:had |has )?(?:ended|expired|was over|is over)\b"
)
_SCORES_NOT_UP = lazy_pattern(
    r"\bscores? (?:were |was |are |is )?not (?:even )?(?:entered|posted|up|published|in)\b"
    r"|\bscores? (?:weren't|wasn't|aren't|isn't|hadn't been|haven't been) (?:even )?"
    r"(?:entered|posted|up|published|in)\b|\bbefore the (?:scores|results) (?:were|went|came)\b"
)


_HOW_LONG_ASKED = lazy_pattern(
    r"\b(?:how long|until when|till when|time limit|deadline|how late)\b"
)
_SCORE_CHANGED = lazy_pattern(
    r"\b(?:scores?|results?|scoresheet|traveller|correction period|mistake)\b"
    r"|\b(?:correct|fix|chang|amend)\w*\b"
)


def _period_asked(lowered: str) -> bool:
    """The question is how long a score may still be corrected: 'how long after the results
    can a score be fixed?', 'is there a time limit?' - asked of scores or results, in one
    sentence."""
    for asked in _HOW_LONG_ASKED.finditer(lowered):
        start, end = clause_start(lowered, asked.start()), clause_end(lowered, asked.end())
        if _SCORE_CHANGED.search(lowered, start, end) and _SCORES_WORD.search(lowered):
            return True
    return False


def _within_correction_period(lowered: str) -> bool:
    """Asked within the correction period: the scores were not yet published, or under half
    an hour had passed since they were (or since the incident, which came before them). The
    organiser may lengthen the period, never shorten it below 30 minutes (Law 79C1); hours or
    days later are left to the question."""
    if "min" not in lowered and "score" not in lowered and "result" not in lowered:
        return False  # neither minutes nor scores told: nothing to read (and cheap to see)
    if _LONG_AFTER.search(lowered):
        return False
    if _SCORES_NOT_UP.search(lowered):
        return True
    for minutes in _MINUTES.finditer(lowered):
        n = minutes.group("n")
        count = int(n) if n.isdigit() else _NUMBER_WORDS[n]
        limit = 30 if minutes.group("within") else 29
        if count > limit:
            return False
        if _OTHER_START.search(lowered):
            return False
        floor = max(clause_start(lowered, minutes.start()), minutes.start() - 45)
        near = lowered[floor : min(clause_end(lowered, minutes.end()), minutes.end() + 30)]
        if _SCORES_WORD.search(near) and _COUNTED_FROM.match(lowered, minutes.end()):
            return True  # 'results came out 10 mins ago', '20 minutes after the scores'
        if minutes.group("within") and _SCORES_WORD.search(near):
            return True  # 'within 30 min of results'
        if _LATER_ON.match(lowered, minutes.end()):
            return True  # 'noticed 10 min later': after the incident, so after no scores
    return False


# -- the speaker asking to see a trick (Law 66A, 66B) -------------------------------------------

_SPEAKER_ASKS_TO_SEE = lazy_pattern(
    r"\b(?:can|may|could|should) i (?:ask to |still )?(?:see|look|check|have a look|go back)\b"
    r"|\bi (?:want|wanted|would like|'d like|just want|was trying) to (?:see|look|check|go back)\b"
    r"|\basked \w+ to show me\b|\b(?:am|was) i allowed to (?:see|look)\b"
)
"""The speaker is the one who wants to see the cards: 'my card', 'we' are his."""
_DENIED_BEFORE = lazy_pattern(r"(?:n't|\bnot|\bnever)\s+(?:\w+\s+)?$")


def _either(lowered: str, yes: re.Pattern[str], no: re.Pattern[str]) -> str | None:
    """'yes' when only the first words are said (not denied), 'no' when only the second."""
    said_yes = any(
        not _DENIED_BEFORE.search(lowered[max(0, m.start() - 12) : m.start()])
        for m in yes.finditer(lowered)
    )
    said_no = bool(no.search(lowered))
    if said_yes == said_no:
        return None
    return "yes" if said_yes else "no"


# -- a defender's concession his partner objects to at once (Law 68B2) ----------------------------

_OBJECTS = lazy_pattern(
    r"\bobject\w*|\bprotest\w*|\bsaid no\b|\bwent no\b|['\"]\s*(?:no|wait|hold on|hang on)\b"
    r"|\bhold on\b|\bhang on\b|\bwait\b"
)
_HIS_PARTNER = lazy_pattern(r"\b(?:his|her) (?:partner|pd)\b")


def _partner_objected(
    lowered: str, events: Sequence[Event], play: PlayStory, at_once: re.Pattern[str]
) -> bool:
    """After a concession, the conceder's partner - by seat, from the speaker's chair, or
    'his partner' - objects in words said to come at once."""
    concessions = [e for e in events if e.act == "concede"]
    # one concession, perhaps told twice by its speaker ("said 'you've got the rest' and
    # tossed his cards in")
    if len({(e.actor, e.words) for e in concessions}) != 1 or any(e.act == "claim" for e in events):
        return False
    conceder = concessions[0]
    for moment in at_once.finditer(lowered, concessions[-1].end):
        start = max(clause_start(lowered, moment.start()), conceder.end)
        players = [p for p in play.story.players if start <= p.start and p.end <= moment.start()]
        if not players:  # 'i said 'no wait!' straight away': the remark ends a clause of its own
            start = conceder.end
            players = [
                p for p in play.story.players if start <= p.start and p.end <= moment.start()
            ]
        if not players:
            continue
        objector = players[-1]
        if not _OBJECTS.search(lowered, objector.end, clause_end(lowered, moment.end()) + 12):
            continue
        if moment.start() - objector.end > 25 or any(
            objector.end <= r.start < moment.start() for r in play.roles
        ):
            continue  # someone else is the one said to object ('... and declarer at once')
        if objector.kind == "possessed" and _HIS_PARTNER.fullmatch(objector.words.lower()):
            return True  # 'her partner immediately went 'no wait'': the conceder's partner
        if conceder.actor is not None and objector.seat is conceder.actor.partner:
            return True
    return False


# -- a penalty card not played, then the offending side played on (Law 63A1) --------------------

_HOLDS_FACE_UP = lazy_pattern(
    r"\s*(?:had|has|have|forgot|failed|didn't|did not)\b"
    r"(?:(?!\b(?:if|whether|asked|says|said)\b)[^.;!?]){0,50}?"
    r"\b(?:face[- ]up|penalty card|exposed)\b"
)
_TO_THE_NEXT = lazy_pattern(r"\bto (?:the next (?:trick|one)|trick (?P<n>1[0-3]|[1-9]))\b")
_PAIR_PLAYED = lazy_pattern(
    r"\b(?P<a>[nesw])\s*/\s*(?P<b>[nesw])(?:'s side)? (?:then )?(?:had )?(?:led|played) to "
    r"(?:the next (?:trick|one)|trick (?P<n>1[0-3]|[1-9]))\b"
)


def _penalty_card_revoke_established(
    lowered: str, events: Sequence[Event], play: PlayStory
) -> bool:
    """The defender holding a penalty card (named by seat or from the speaker's chair) did not
    play it, and then he or his partner - by seat, 'his partner', or their pair - led or played
    to the next trick: the revoke is established."""
    holders = {
        p.seat
        for p in play.story.players
        if p.seat is not None
        and p.kind != "pronoun"
        and _HOLDS_FACE_UP.match(lowered, p.end, clause_end(lowered, p.end))
    }
    if len(holders) != 1:
        return False
    holder = holders.pop()
    assert holder is not None
    failed = [e for e in events if e.act in ("play", "discard", "ruff") and e.actor is holder]
    trick = None
    if failed:  # the trick told before the failing card in its sentence, else the sentence's
        told = _trick_numbers(lowered, clause_start(lowered, failed[0].start), failed[0].start)
        trick = told[-1][1] if told else failed[0].trick
    side = (holder, holder.partner)
    for event in events:
        if event.act not in ("lead", "play") or event.actor not in side:
            continue
        if failed and event.start <= failed[0].start:
            continue
        onward = _TO_THE_NEXT.match(lowered, event.end + 1)
        if onward is None:
            continue
        number = onward.group("n")
        if number is None or (trick is not None and int(number) > trick):
            return True
    for pair in _PAIR_PLAYED.finditer(lowered):
        seats = {Seat.parse(pair.group("a").upper()), Seat.parse(pair.group("b").upper())}
        number = pair.group("n")
        if holder in seats and (number is None or (trick is not None and int(number) > trick)):
            return True
    return False


# -- play on after a claim, asked by the other side, all four agreeing (Law 68D2(b)) ------------

_OUR_SIDE = lazy_pattern(r"\b(?:we|i|pd and i|partner and i|my partner and i|me and pd)\s*$")


def _play_on_agreed(
    lowered: str,
    events: Sequence[Event],
    play: PlayStory,
    asked: re.Pattern[str],
    agreed: re.Pattern[str],
) -> bool:
    """A claim by an opponent of the speaker ('lho', 'rho'), then the speaker's side asked to
    play on and all four are said to have agreed."""
    claims = [e for e in events if e.act == "claim"]
    if not claims:
        return False
    claimers = {
        p.relation
        for e in claims
        for p in play.story.players
        if clause_start(lowered, e.start) <= p.start and p.end <= e.start and p.kind != "pronoun"
    }
    if not claimers or not claimers <= {"lho", "rho"}:
        return False  # the claimer must be named as one of the speaker's opponents
    request = asked.search(lowered, claims[0].end)
    if request is None or not _OUR_SIDE.search(lowered, 0, request.start()):
        return False
    return agreed.search(lowered, request.end()) is not None


# -- a card pointed the wrong way, mentioned too late (Law 65B3) --------------------------------

_POINTED = lazy_pattern(r"\bpoint\w*\b|\bwrong way\b")
_WE_PLAYED_ON = lazy_pattern(
    r"\b(?:we|our side|my side) (?:had |have |'d )?already (?:led|played) (?:to )?the next trick\b"
)
_PLAY_OVER = lazy_pattern(r"\bplay(?:'s| is| was| had| has)? (?:over|ended|finished)\b")


_CARD_POINTED_WRONG = lazy_pattern(
    r"\b(?:pointed|pointing|points|turned|put|placed|facing|faced)\b[^.;!?]{0,45}?"
    r"(?:\bthe wrong way\b|\bwrong way (?:round|around)\b|\bas (?:if|though) (?:we|they|he|she|i)"
    r"(?:'d| had)? (?:won|lost)\b|\bas (?:a )?(?:trick )?(?:won|lost)\b"
    r"|\bas a (?:lost|won) trick\b|\blengthwise\b|\bcrosswise\b)"
    r"|\bpoint(?:ed|ing|s)\b[^.;!?]{0,20}?\b(?:wrong(?:ly)?|as a win|as a loss)\b"
    # the card told as lying the wrong way ('one of my cards was the wrong way round'), or
    # pointed to a side that did not win it ('pointed towards E-W even though S's ace won it')
    r"|\b(?:card|cards|trick)\b[^.;!?]{0,40}?\b(?:was|were|is|are|lay|lying|left)\b"
    r"(?: lying)? (?:the )?wrong way (?:round|around)\b"
    r"|\bpoint(?:ed|ing)\b[^.;!?]{0,12}?\b(?:to|towards?|at)\b[^.;!?]{0,20}?"
    r"\b(?:even though|although|though|when)\b[^.;!?]{0,30}?\bwon\b"
)
"""A played card quitted showing the trick won when it was lost, or lost when won (65B): 'pointed
his card the wrong way', 'put it as though we'd won the trick', 'pointing as a trick won'."""
_POINTED_AT = lazy_pattern(r"\bpoint(?:ed|ing|s)? (?:at|out)\b")
"""Pointing at a card or pointing out an irregularity is something else."""


def _pointed_card_mentioned_late(lowered: str, vocabulary: Vocabulary) -> bool:
    """The right to point out a card turned the wrong way ends when one's side plays to the
    next trick: the speaker's side had played on, or the card's trick (before the last) was
    mentioned only when the play was over or two tricks later."""
    marks = [m.start() for m in _POINTED.finditer(lowered)]
    if not marks:
        return False
    timing = vocabulary.timing
    if (
        timing["found_at_once"].search(lowered)
        or timing["before_next_trick"].search(lowered)
        or _BEFORE_NEXT.search(lowered)
    ):
        return False
    if _WE_PLAYED_ON.search(lowered):
        return True
    tricks = set()
    for mark in marks:
        start, end = clause_start(lowered, mark), clause_end(lowered, mark)
        after, before = _trick_numbers(lowered, mark, end), _trick_numbers(lowered, start, mark)
        if after or before:
            tricks.add(after[0][1] if after else before[-1][1])
    if len(tricks) != 1:
        return False
    trick = tricks.pop()
    if trick >= LAST_TRICK:
        return False  # the last trick has no next one: mentioned at the end is in time
    over = (
        _END_OF_PLAY.search(lowered)
        or _PLAY_OVER.search(lowered)
        or timing["after_last_trick"].search(lowered)
    )
    return bool(over) or any(n >= trick + 2 for _, n in _trick_numbers(lowered))


# -- a defender's card put out early (Law 57A, 57D) ----------------------------------------------

_BEFORE_WHOM = lazy_pattern(r"\b(?:before|ahead of)\s+(?:(?:his|her|my|the|even|either)\s+)?")
"""'before pd had played', 'ahead of W', 'before either his partner or dummy'."""
_NOT_YET_PLAYED = lazy_pattern(
    r"\s*(?:\([^)]{0,30}\)\s*)?,?\s*(?:(?:who|still)\s+)?"
    r"(?:had(?:n't|nt| not)(?: yet| even)? (?:played|followed|put)|has(?:n't|nt| not)(?: yet)? "
    r"(?:played|followed)|was (?:still )?(?:thinking|deciding|considering)|(?:was )?still to play"
    r"|was next to play|(?:was )?yet to play)\b"
)
"""'W hadn't played yet', 'E (2nd seat) was thinking': the player named had still to play."""
_JOINED = lazy_pattern(r"\s*(?:\([^)]{0,30}\)\s*)?(?:,\s*)?(?:or|and|nor)\s+(?:the\s+)?")
"""Between two players still to play: 'dummy or pd', 'W (2nd) and dummy'."""
_HAND_OR_TABLE = lazy_pattern(r"\b(?:dummy|board|table|declarer|decl)\b")
_NEXT_ONE = lazy_pattern(r"\b(?:next trick|next one|to (?:trick|t) ?(?:1[0-3]|[1-9]))\b")
_OTHER_TRICK = lazy_pattern(r"\b(?:next trick|then led|led again|won (?:it|the trick))\b")
_PREMATURE_ACTS = ("lead", "play", "discard", "ruff")
_STILL_BEFORE = lazy_pattern(r"\b(?:before|ahead of)\b[^,.;!?]{0,20}$")
_LEADS_ON = lazy_pattern(r"\b(?:(?:his|her|my|a) lead to|(?:to|for) the next (?:trick|one))\b")
"""A card put out as the lead to the next trick ('slaps his lead to T7 down')."""


def _premature_play(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """A defender's card put out before his turn, read from who had still to play: his own
    partner (57A: 'before_partner', or 'early_lead' when it was his lead to the next trick),
    or only declarer or dummy, his partner having played (57D: 'rho_turn'). He is a defender
    by the structure: the trick led by declarer or from dummy (so neither of the declaring
    side is still to play and his partner is), or by his partner's card already played with
    declarer or dummy still to play. A story telling several such cards proves nothing."""
    found: set[str] = set()
    for event in events:
        if event.act not in _PREMATURE_ACTS or "alleged" in event.how:
            continue
        if event.role in ("declarer", "dummy"):
            continue
        actor = _actor_ref(lowered, play, event)
        if actor is None:
            continue
        waiting = _still_to_play(lowered, play, event)
        if not waiting:
            continue
        partners = [w for w in waiting if w is not None and _partners(actor, w, play)]
        if partners:
            if (
                event.role != "defender"
                and not _declaring_side_led(lowered, events, event)
                and not (
                    (
                        partners_defend(play, [actor, *partners])
                        or _opponents_of_the_declaring_speaker(play, [actor, *partners])
                    )
                    and _last_card_told(lowered, events, event, min(p.start for p in partners))
                )
            ):
                continue
            if _partner_played(lowered, events, event, actor, play, after=True):
                continue  # the partner played on after it: that card may be the question (60)
            if _LEADS_ON.search(lowered, event.start, event.end + 25):
                found.add("early_lead")  # 'slaps his lead to T7 down before I'd played'
            elif event.act == "lead":
                if not _NEXT_ONE.search(lowered, event.end, clause_end(lowered, event.end)):
                    continue  # a lead, yet not told to the next trick: the opening or a wrong one
                found.add("early_lead")
            else:
                found.add("before_partner")
        elif (
            all(w is None for w in waiting)
            and event.act != "lead"
            and (event.role == "defender" or _partner_played(lowered, events, event, actor, play))
        ):
            found.add("rho_turn")
    return found.pop() if len(found) == 1 else None


_ROLE_AFTER = lazy_pattern(r"\W{0,3}(?:\w+\W{1,3}){0,2}?(?:declarer|decl|dummy|the board|board)\b")


def _opponents_of_the_declaring_speaker(play: PlayStory, refs: Sequence[PlayerRef]) -> bool:
    """Partners who are the declaring speaker's opponents, so the defenders: the speaker says
    he declares or is dummy ('declarer (me)', 'I was dummy') and names them as his LHO and
    RHO, or by seats while his own seat is never given and no naming of those seats carries a
    role word ('W (dummy)'): the only partnership he is not in."""
    if play.speaker_role not in ("declarer", "dummy"):
        return False
    text = play.story.text.lower()
    for ref in refs:
        if ref.kind == "relative" and ref.relation in ("lho", "rho"):
            continue
        if ref.kind != "seat" or ref.seat is None or play.story.speaker is not None:
            return False
        if play.story.frame != "compass":
            return False
        if any(p.seat is ref.seat and _ROLE_AFTER.match(text, p.end) for p in play.story.players):
            return False
    return True


def _last_card_told(lowered: str, events: Sequence[Event], event: Event, waiting: int) -> bool:
    """No other card told after the early one or its waiting player ('lho led to T4, dummy
    followed, and decl dumped his card before rho had played': the waiting is declarer's
    card's; '... and pd then put the CQ down': what followed may be the question)."""
    if _CARD_PUT.search(lowered, clause_end(lowered, event.end)):
        return False  # a card put on in a later sentence, told in words no event reads
    return not any(
        e is not event
        and e.act in _PREMATURE_ACTS
        and not {"alleged", "not_yet"} & e.how
        and e.start > min(event.start, waiting)
        for e in events
    )


_CARD_PUT = lazy_pattern(
    r"\b(?:put|played|threw|followed|dropped|discarded|ruffed|pitched|tossed|led)\b"
)


def _actor_ref(lowered: str, play: PlayStory, event: Event) -> PlayerRef | None:
    """The player named doing the act: the last named before it in its clause, not a pronoun,
    with no role word after him (that would be the actor)."""
    floor = clause_start(lowered, event.start)
    players = [p for p in play.story.players if floor <= p.start and p.end <= event.start]
    if not players or players[-1].kind in ("pronoun", "offender", "next"):
        return None
    last = players[-1]
    if any(last.end <= r.start < event.start for r in play.roles):
        return None
    return last


def _still_to_play(lowered: str, play: PlayStory, event: Event) -> list[PlayerRef | None]:
    """Who had still to play when the card came: players named after 'before' in the act's
    sentence ('before pd had played', 'before W and dummy'), or said not yet to have played
    in it or the sentence before ('W hadn't played yet and E put the HQ on'). None stands for
    declarer or dummy named so."""
    start = clause_start(lowered, event.start)
    end = clause_end(lowered, event.end)
    waiting: list[PlayerRef | None] = []
    for before in _BEFORE_WHOM.finditer(lowered, start, end):
        at = before.end()
        for _ in range(3):  # 'before dummy or pd', 'before West and dummy'
            player = next(
                (p for p in play.story.players if p.start == at or before.start() < p.start < at),
                None,
            )  # 'before my LHO': the naming takes in the 'my' the pattern passed over
            role = next((r for r in play.roles if r.start == at and not r.possessive), None)
            if player is not None and player.kind != "pronoun":
                waiting.append(player)
                at = player.end
            elif role is not None and role.role in ("declarer", "dummy"):
                waiting.append(None)
                at = role.end
            elif (hand := _HAND_OR_TABLE.match(lowered, at)) is not None:
                waiting.append(None)
                at = hand.end()
            else:
                break
            joined = _JOINED.match(lowered, at)
            if joined is None:
                break
            at = joined.end()
    floor = clause_start(lowered, start - 2) if start > 1 else start
    for player in play.story.players:
        if (
            floor <= player.start < event.start
            and player.kind != "pronoun"
            and _NOT_YET_PLAYED.match(lowered, player.end)
        ):
            waiting.append(player)
    return waiting


def _partners(actor: PlayerRef, other: PlayerRef, play: PlayStory) -> bool:
    """The two players named are partners, each taken with the words naming him again at
    once ('my RHO E', 'my LHO (W, 2nd to play)'): proven by one naming of each and contradicted
    by none."""
    pairs = [(a, o) for a in _named_again(actor, play) for o in _named_again(other, play)]
    proven = [_partners_named(a, o, play) for a, o in pairs]
    return any(p is True for p in proven) and not any(p is False for p in proven)


_APPOSITION = lazy_pattern(r"\s?\(?\s?")
"""Between a player's two namings: 'my rho e', 'my lho (w'."""


def _named_again(ref: PlayerRef, play: PlayStory) -> list[PlayerRef]:
    """The player's naming and the one right next to it that names him again: a relation to
    the speaker and a seat ('my RHO E'), never a pronoun or a possessive's owner."""
    text = play.story.text.lower()
    same = [ref]
    for other in play.story.players:
        first, second = (ref, other) if other.start > ref.start else (other, ref)
        if other is ref or {first.kind, second.kind} != {"relative", "seat"}:
            continue
        gap = _APPOSITION.fullmatch(text, first.end, second.start)
        if gap is not None:
            same.append(other)
    return same


def _partners_named(actor: PlayerRef, other: PlayerRef, play: PlayStory) -> bool | None:
    """Partners by one naming of each: True, False when the namings prove they are not, None
    when these namings prove nothing."""
    if actor.kind == "relative" and other.kind == "relative" and actor.relation != "self":
        # two players named from the speaker: his LHO and RHO are partners, his partner and
        # either opponent are not
        pair = {actor.relation, other.relation}
        if pair == {"lho", "rho"}:
            return True
        return False if len(pair) == 2 and "self" not in pair else None
    if actor.seat is not None and other.seat is not None:
        return other.seat is actor.seat.partner
    return _partners_by_words(actor, other, play) or None


def _partners_by_words(actor: PlayerRef, other: PlayerRef, play: PlayStory) -> bool:
    """The two players named are partners: by seat, or one is the speaker and the other his
    partner, or 'his partner'."""
    if actor.seat is not None and other.seat is not None:
        return other.seat is actor.seat.partner
    if actor.kind == "speaker" and other.kind == "relative":
        return other.relation == "partner"
    if other.kind == "speaker" and actor.kind == "relative":
        return actor.relation == "partner"
    return (
        other.kind == "possessed"
        and other.relation == "partner"
        and other.words.lower().startswith(("his ", "her "))
    )


def _declaring_side_led(lowered: str, events: Sequence[Event], event: Event) -> bool:
    """The trick the card went to was led by declarer, from his hand or dummy (a lead told by
    role, earlier, with no other lead or trick won between): neither of the declaring side
    can then be still to play to it while his partner is, so the player is a defender."""
    leads = [e for e in events if e.act == "lead" and e.start < event.start]
    if not leads:
        return False
    lead = leads[-1]
    if lead.role not in ("declarer", "dummy") or "alleged" in lead.how:
        return False
    if _OTHER_TRICK.search(lowered, lead.end, event.start):
        return False
    lead_tricks = {n for _, n in _trick_numbers(lowered, lead.start, event.start)}
    return len(lead_tricks) <= 1


def _partner_played(
    lowered: str,
    events: Sequence[Event],
    event: Event,
    actor: PlayerRef,
    play: PlayStory,
    after: bool = False,
) -> bool:
    """The player's partner, named, had led or played to the trick before him: with declarer
    or dummy still to play, the player is a defender (declarer's partner is dummy, who never
    plays before himself; dummy's is declarer). With ``after``: his partner played after him."""
    for other in events:
        if other.act not in _PREMATURE_ACTS or "alleged" in other.how:
            continue
        if (other.start <= event.start) if after else (other.start >= event.start):
            continue
        if other.role in ("declarer", "dummy"):
            continue
        if after and _STILL_BEFORE.search(lowered, max(event.end, other.start - 30), other.start):
            continue  # 'before pd (2nd) played': the card he had still to play
        first, last = (event, other) if after else (other, event)
        if _OTHER_TRICK.search(lowered, first.end, last.start):
            continue
        ref = _actor_ref(lowered, play, other)
        if ref is not None and ref is not actor and _partners(actor, ref, play):
            return True
    return False


# -- who wants to see a trick again (Law 66, 43A2(b)) --------------------------------------------

_WANTS_TO_SEE = lazy_pattern(
    r"\b(?:asks?|asked|asking|wants?|wanted|would like|'d like|tried|tries|trying|can|could|may"
    r"|allowed)\b(?:\s+(?!see\b|look\b|check\b|peek\b|view\b)[\w']+){0,2}?\s+(?:to\s+)?"
    r"(?:see|look|check|peek|view|go back (?:through|over|to))\b"
)
"""'S (decl) asks to see the last trick', 'can i see T6 again', 'wanted to look at T3'."""
_DUMMY_SAID = lazy_pattern(r"\b(?:dummy|strohmann)\b")


def _who_wants_to_see(lowered: str, play: PlayStory) -> str | None:
    """Dummy or a player (declarer or a defender) asking to see a trick again: the role of
    the player named asking, proven by the contract's seats or the role words ('S (decl)',
    'as dummy can i', 'West (defender) asked'); dummy only when his sentence calls him so.
    Words inside a quote are someone's remark, and a player of unknown role proves nothing;
    two askers of different roles prove nothing."""
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(lowered)]
    found: set[str] = set()
    for asked in _WANTS_TO_SEE.finditer(lowered):
        if any(a <= asked.start() < b for a, b in quoted):
            continue
        floor = clause_start(lowered, asked.start())
        _, role = actor_role(lowered, play, floor, asked.start() + 1)
        if role is None:
            return None
        if role == "dummy" and not _DUMMY_SAID.search(lowered, floor, asked.start()):
            return None  # only the seats make him dummy: the words may have placed them wrong
        found.add("dummy" if role == "dummy" else "player")
    return found.pop() if len(found) == 1 else None


_OWN_CARD_TOLD = lazy_pattern(
    r"\b(?:my|mine)(?: own)? card\b|\bmine (?:face|over|down)\b"
    r"|\bi(?:'d| had| have|'ve)? (?:already |just )?(?:turned|flipped|played|put|discarded|threw"
    r"|pitched|ruffed)\b|\b(?:turned|flipped) (?:my|mine)\b"
    r"|\b(?:hadn't|had not|haven't|have not|didn't|did not) (?:yet |even )?(?:turned|flipped)"
    r" (?:my|mine)\b"
)
"""The speaker tells a card of his own played to the trick: he is declarer or a defender,
never dummy (dummy's cards are played by declarer)."""
_I_ASK = lazy_pattern(r"(?:can|could|may) i\b")


def _speaker_asks_to_see(lowered: str, play: PlayStory) -> str | None:
    """The speaker himself asks to see a trick ('can i see the last trick? i hadn't turned my
    card over yet'): a player when his role is told as declarer or a defender, or when he
    tells a card of his own played to it. Anyone else asking leaves it to the reader above."""
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(lowered)]
    askers = []
    for asked in _WANTS_TO_SEE.finditer(lowered):
        if any(a <= asked.start() < b for a, b in quoted):
            continue
        if _I_ASK.match(lowered, asked.start()):
            askers.append(play.story.speaker)
            continue
        floor = clause_start(lowered, asked.start())
        _, role = actor_role(lowered, play, floor, asked.start() + 1)
        askers.append(None if role is not None else actor_seat(play, floor, asked.start() + 1))
    if not askers or any(seat is not play.story.speaker for seat in askers):
        return None
    if play.speaker_role in ("declarer", "defender"):
        return "player"
    if play.speaker_role is None and _OWN_CARD_TOLD.search(lowered):
        return "player"
    return None


# -- a card of dummy's named by declarer, then another (Law 45C4, 45D) ---------------------------

_NAMING_VERB = lazy_pattern(
    r"\b(?:said|says|say|called|calls|call|goes|go|went|asked for|asks for|named|names)"
    r"(?:\s+for)?(?:\s+from\s+(?:the\s+)?(?:table|board|dummy))?\s*[:,]?\s*$"
)
"""The verb right before a quote: 'S said ', 'declarer calls ', 'says from the table '."""
_CARD_SAID = lazy_pattern(
    r"\b(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|small|low|high|top"
    r"|spade|heart|diamond|club|[shdc](?:10|[2-9akqjt])|(?:10|[2-9akqjt])[shdc]?|[shdc])s?\b"
    r"|[♠♥♦♣]"
)
_CHANGE_SAID = lazy_pattern(
    r"^\W*(?:no|nope|nah|sorry|oops|wait|actually|hang on|hold on|make that|i mean|i meant|oh)\b"
)
_MEANT_ANOTHER = lazy_pattern(r"\b(?:meant|wanted|want|intended)\s+(?:the\s+|a\s+)?")
_FROM_DUMMY = lazy_pattern(r"\b(?:dummy|board|table)\b")


def _dummy_card_named(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """Declarer named one of dummy's cards aloud (a quoted card, with dummy, board or table in
    the sentence, or put out by dummy after it), and then: dummy put out a card ('dummy_wrong',
    45D), or declarer himself named another or said he meant another, before dummy's card
    ('dummy_named', 45C4). The namer must be declarer by the story's roles; the card put out
    must be dummy's act by the same."""
    quotes = [m for m in _QUOTED.finditer(lowered) if _CARD_SAID.search(m.group(0))]
    for first in quotes:
        verb = _NAMING_VERB.search(lowered, max(0, first.start() - 40), first.start())
        if verb is None:
            continue
        floor = clause_start(lowered, verb.start())
        _, role = actor_role(lowered, play, floor, verb.start())
        if role != "declarer":
            continue
        dummy_played = next(
            (
                e
                for e in events
                if e.start > first.end()
                and e.act == "play"
                and e.role == "dummy"
                and "alleged" not in e.how
            ),
            None,
        )
        changed = _declarer_named_again(lowered, play, quotes, first)
        if dummy_played is not None and (changed is None or dummy_played.start < changed):
            return "dummy_wrong"
        sentence = lowered[clause_start(lowered, first.start()) : clause_end(lowered, first.end())]
        if changed is not None and _FROM_DUMMY.search(sentence):
            return "dummy_named"
        return None
    return None


def _declarer_named_again(
    lowered: str, play: PlayStory, quotes: list[re.Match[str]], first: re.Match[str]
) -> int | None:
    """Where declarer named another card after ``first``: a later quote of his that names a
    card or takes the first back ('no, the ten', 'sorry, king of diamonds'), or his saying he
    meant another card. Said by declarer, by 'he'/'she', or with nobody else named."""
    for later in quotes:
        if later.start() <= first.end():
            continue
        said = later.group(0)[1:-1]
        if not (_CHANGE_SAID.search(said) or _CARD_SAID.search(said)):
            continue
        floor = max(first.end(), clause_start(lowered, later.start()))
        if _said_by_declarer(lowered, play, floor, later.start()):
            return later.start()
    for meant in _MEANT_ANOTHER.finditer(lowered, first.end()):
        if _CARD_SAID.match(lowered, meant.end()):
            floor = max(first.end(), clause_start(lowered, meant.start()))
            if _said_by_declarer(lowered, play, floor, meant.start()):
                return meant.start()
    return None


def _said_by_declarer(lowered: str, play: PlayStory, floor: int, position: int) -> bool:
    """Nobody but declarer (or a pronoun, or nobody) named before ``position`` since ``floor``."""
    words, role = actor_role(lowered, play, floor, position)
    if not words:
        return True  # 'then 'no, the ten'': nobody else named since he spoke
    return role == "declarer" or words in ("he", "she")


_TRICK_SEEN = lazy_pattern(
    r"\W+(?:(?:\w+\W+){0,4}?)(?:trick|tricks|quitted cards|turned cards|played cards"
    r"|turned-over cards|cards (?:of|from|played to|just played|from the last|of the last))\b"
)
"""What he asks to see is a trick: 'see the last trick', 'look back at T3', 'the cards of T4'."""
_OWN_CARD_SEEN = lazy_pattern(
    r"\b(?:my|his|her) (?:own )?(?:played )?card\b"
    r"|\bwhat (?:i|he|she) (?:had )?(?:played|put|discarded)"
    r"|\bwhich (?:card|heart|spade|diamond|club) (?:i|he|she)\b"
)
_REVOKE_SUSPECTED = lazy_pattern(
    r"\brevok|\breneg|\b(?:didn't|did not|hadn't|had not|not|never|failed to) follow"
    r"|\bshowed out\b|\bshown out\b"
)
_PLAY_ENDED = lazy_pattern(
    r"\b(?:after|at) the (?:end|last trick)\b|\bend of (?:the )?(?:play|hand)\b"
    r"|\b(?:play|hand) (?:is|was|had) (?:over|finished|ended)\b|\bafter (?:the )?(?:play|hand)\b"
)


_AT_TRICK_NOW = lazy_pattern(
    r"\b(?:at|during|on|in|by) (?:trick (?P<n>1[0-3]|[1-9])"
    r"|the (?P<nth>1[0-3]|[1-9])(?:st|nd|rd|th) trick)\b"
    r"(?!\s*(?:,\s*)?(?:was|were|had|has|he|she|i|they|we)?\s*"
    r"(?:played|led|won|discarded|ruffed|followed)\b)"
)
"""The trick the play had reached when he asked: 'at T9 decl asked', 'during trick 8'."""


def _asked_two_tricks_on(lowered: str) -> bool:
    """A player asks to see trick N while the play is at trick N+2 or later ('at T9 decl asked
    to see T6', 'wanted to look back at trick 3 during trick 8'), told in one sentence: every
    player, his side too, has played to the trick after it (66C)."""
    for wants in _WANTS_TO_SEE.finditer(lowered):
        if not _TRICK_SEEN.match(lowered, wants.end()):
            continue
        start, end = _sentence_start(lowered, wants.start()), _sentence_end(lowered, wants.end())
        seen = _trick_numbers(lowered, wants.end(), min(end, wants.end() + 40))
        if not seen or (len(seen) > 1 and seen[1][0] - seen[0][0] < 16):
            continue  # no trick named, or a list of them ('trick 3 and 4'): which is not told
        asked_at = [
            int(m.group("n") or m.group("nth"))
            for m in _AT_TRICK_NOW.finditer(lowered, start, end)
            if not m.start() <= seen[0][0] < m.end()  # not the asked trick ('look at trick 3')
        ]
        if len(set(asked_at)) == 1 and asked_at[0] >= seen[0][1] + 2:
            return True
    return False


def _trick_to_see(lowered: str) -> str | None:
    """A player asks to see a trick during the play: to look at it ('look_trick'), or to go
    through the tricks for a revoke he suspects ('revoke_check', Law 66C). His own card only,
    the play over, or the words of a revoke found by other means leave it to be asked."""
    asked = [m for m in _WANTS_TO_SEE.finditer(lowered) if _TRICK_SEEN.match(lowered, m.end())]
    if not asked or _PLAY_ENDED.search(lowered):
        return None
    if any(_OWN_CARD_SEEN.search(lowered, m.end(), m.end() + 40) for m in asked):
        return None  # what he asks to see is a card of his own ('see my card on the last
        # trick'), not 'asked to see the trick after he had turned his card over'
    return "revoke_check" if _REVOKE_SUSPECTED.search(lowered) else "look_trick"


# -- the card a rectification required, not played (Law 57A, 59, 61A) ----------------------------

_REQUIRED_PLAY = lazy_pattern(
    r"\b(?:lowest|highest|low|high|top|smallest)\s+(?:spade|heart|diamond|club|trump)s?\b"
    r"|\bplay\s+(?:his |her |my |your |their )?(?:lowest|highest)\b"
    r"|\b(?:must|has to|had to|have to|to)\s+(?:not\s+)?play\s+(?:a|an|his|her|my|your)?\s*"
    r"(?:spade|heart|diamond|club|trump)s?\b"
)
"""What declarer chose for the partner of the early card: 'play your lowest heart', 'W must
play a club'."""
_CHOSE = lazy_pattern(
    r"\b(?:told|tells|required|requires|said|says|chose|wanted|wants|demanded|asked|goes|went|made)\b"
)
_DEFIED = lazy_pattern(
    r"\b(?:anyway|anyways|instead|ignored|even though|even tho|though|tho|although|while holding"
    r"|holding|but (?:he|she|i|pd|partner) (?:had|has|held|did have))\b"
    r"|\b(?:he|she|i|pd|partner) (?:had|has|held|did have) (?:the|a|small|low|clubs|hearts"
    r"|spades|diamonds|\S{2,3} too)\b"
)
"""The required card was there and not played: 'played the ♥A anyway', 'had the ♣2 too'."""
_HELD_THE_SUIT = lazy_pattern(
    r"\b(?:had|has|held|holds)\s+(?!no\b|none\b|nothing\b)(?:the\s+|a\s+|both\s+)?"
    r"(?:[♠♥♦♣](?:10|[2-9akqjt])|[shdc](?:10|[2-9akqjt])\b|clubs\b|hearts\b|spades\b|diamonds\b)"
)
"""Told before the card he played: 'W had clubs but played the CK', 'who held the ♥2'."""


def _requirement_ignored(lowered: str, events: Sequence[Event]) -> str | None:
    """Declarer chose what the early card's partner must play ('play your lowest heart'), and
    a card was then played with words that it was not that one though he could ('anyway',
    'instead', 'while holding the 2'): the requirement not complied with."""
    for required in _REQUIRED_PLAY.finditer(lowered):
        start = clause_start(lowered, required.start())
        if not _CHOSE.search(lowered, start, required.start()):
            continue
        after = [e for e in events if e.start > required.end() and e.act in _CARD_ACTS]
        if not after:
            continue
        played = after[0]
        end = clause_end(lowered, played.end)
        following = clause_end(lowered, end + 1) if end < len(lowered) else end
        if "?" in lowered[played.end : end]:
            continue
        if _DEFIED.search(lowered, played.start, following) or _HELD_THE_SUIT.search(
            lowered, required.end(), played.start
        ):
            return "not_complied"
    return None


# -- what dummy did (Law 42, 43) -----------------------------------------------------------------

_ON_THE_OTHER_HAND = lazy_pattern(
    r"\b(?:you're|you are|you were|ur|it's|its|it is|the lead's|the lead is|lead is)"
    r" (?:still )?(?:in|on) (?:your |the |my )?(?:own )?(?:hand|dummy|table|board)\b"
)
"""Dummy's words that the lead is in the other hand: 'you're on the table', 'ur in dummy'."""
_WHICH_HAND_SAID = lazy_pattern(
    r"\b(?:don't|do not|not) lead from (?:your |the )?(?:hand|dummy|board|table|there)\b"
    r"|\blead from (?:the )?(?:other|right|correct) hand\b|\bwrong hand\b"
)
"""Dummy's words telling declarer which hand to lead from: 'don't lead from hand'."""
_SAYS = lazy_pattern(
    r"\b(?:said|says|say|goes|went|go|told \w+|shouted|called out|piped up|blurted out"
    r"|jumped in|chimed in|announced|exclaimed|muttered|murmured|muttering|saying|cried)"
    r"(?: to (?:[\w']+ ){0,4}[\w']+)?(?: out| aloud| loudly)?\W*$"
)
_IRREGULARITY_SAID = lazy_pattern(
    r"\brevok\w*|\breneg\w*|\b(?:didn't|did not|doesn't|does not|failed to) follow\b"
    r"|\bshowed out\b|\b(?:threw|discarded|pitched) an? \w+ on an? \w+\b"
    r"|\b(?:had|has|have|'ve got|'s got|has got|still got|still has|got) (?:a |an |one |hearts"
    r"|spades|diamonds|clubs)(?:heart|spade|diamond|club)?s?\b"
    r"|\b(?:not|wasn't|isn't|was not|is not) (?:your|his|her|their) (?:lead|turn)\b"
    r"|\bout of turn\b|\b(?:your|his|her) partner's (?:lead|turn)\b"
)
"""Dummy's words naming an irregularity: 'he's revoked!', 'you had a spade', 'not your lead'."""
_PLAY_URGED = lazy_pattern(
    r"^\W*(?:(?:go on|partner|pd|careful|oh|come on)\W+)*(?:ruff|trump|take|cash|draw|finesse"
    r"|duck|win|go up|play|lead|try|overtake|hold up)\b"
)
"""Dummy's words telling declarer what to play: 'ruff it!', 'take the finesse'."""
_GESTURE_AT_CARD = lazy_pattern(
    r"\b(?:nodd(?:ed|ing)|nods?)\b[^.;!?]{0,25}?"
    r"\b(?:at|towards|toward|to|on)?\s*(?:the|a|his|that) (?:[akqjt2-9♠♥♦♣]|ace|king|queen|jack"
    r"|ten|card|cards|club|clubs|diamond|diamonds|heart|hearts|spade|spades)"
)
"""A nod at a card: dummy showing declarer which to play. A tap touches the card as well (45F,
'touched_card'): which of the two it was is asked unless his words urge the play."""
_CALLED_DIRECTOR = lazy_pattern(
    r"\b(?:called|calls|shouted for|yelled for|summoned|called for|fetched)\W+"
    r"(?:the |me |for )?(?:director|td|arbiter|'director|'td|me to the table)\b"
    r"|\b(?:shouted|yelled|called)\W+'(?:director|td)\b"
)
_SHOWED_HAND = lazy_pattern(
    r"\b(?:showed|shows|show|turned|tilted|put|spread|faced)\b[^.;!?]{0,20}?\b(?:his|her|their)"
    r" (?:whole |remaining |entire )?(?:hand|cards)\b[^.;!?]{0,25}?\b(?:to|towards|toward"
    r"|in front of|for) (?:the )?(?P<whom>dummy|me)\b"
    r"|\b(?:showed|shows|show|showing)\s+(?:the\s+)?(?P<shown>dummy|me)\s+(?:his|her|their)"
    r" (?:whole |remaining |entire |last \w+ |other )?(?:hand|cards)\b"
)
"""A defender's hand shown to dummy: 'showed his whole hand to dummy', 'tilted her hand
towards me' (the speaker being dummy), 'showed dummy his cards', 'spread his hand for dummy
to see'."""
_LOOKED_AT = lazy_pattern(
    r"\b(?:looked|look|looking|glanced|glancing|peeked|peeking|peered|stared|saw|see"
    r"|caught sight|had a (?:good )?look)\b(?: over| into| at)?[^.;!?]{0,20}?"
    r"\b(?P<owner>[\w']+?)(?:'s)? (?:cards|hand)\b"
)
_SEAT_OF_WORD = {"north": "N", "south": "S", "east": "E", "west": "W"}


_LEAD_STILL_TO_COME = lazy_pattern(
    r"\b(?:before|about to|going to|was gonna|reaching|reached|trying to|tried to|wanted to"
    r"|when|as|while)\b"
)


def _dummy_spoke_after_the_lead(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """Declarer's lead told as done ('declarer led a diamond from hand and i said "you're
    in dummy"'), then dummy's words about the hand he was in: dummy spoke after the lead
    from the wrong hand (43A1), not to prevent it (42B2)."""
    leads = [
        e
        for e in events
        if e.act == "lead"
        and e.role == "declarer"
        and not e.how & {"alleged", "not_yet"}
        and not _LEAD_STILL_TO_COME.search(lowered, _sentence_start(lowered, e.start), e.start)
    ]
    for start, end in _quoted(lowered):
        said = _SAYS.search(lowered, max(0, start - 45), start)
        if said is None or _doer_role(lowered, play, said.start()) != "dummy":
            continue
        words = lowered[start:end]
        if not (_ON_THE_OTHER_HAND.search(words) or _WHICH_HAND_SAID.search(words)):
            continue
        if any(
            lead.end <= said.start()
            and not _LEAD_STILL_TO_COME.search(lowered, lead.end, said.start())
            for lead in leads
        ):
            return True
    return False


def _dummy_did(lowered: str, play: PlayStory) -> str | None:
    """What dummy did, each told with dummy as its doer by role: told declarer the lead was
    in the other hand ('wrong_hand'), called the director, looked at a defender's cards (the
    owner a defender by the seats or the speaker's chair); or a defender (by role) showed his
    hand to dummy. Two different things told prove none."""
    found: set[str] = set()
    for start, end in _quoted(lowered):
        said = _SAYS.search(lowered, max(0, start - 45), start)
        if said is None or _doer_role(lowered, play, said.start()) != "dummy":
            continue
        words = lowered[start:end]
        if _ON_THE_OTHER_HAND.search(words) or _WHICH_HAND_SAID.search(words):
            found.add("wrong_hand")
        elif _IRREGULARITY_SAID.search(words):
            found.add("pointed_out")  # 'he revoked!', 'you had a heart', 'not your lead'
        elif _PLAY_URGED.search(words):
            found.add("took_part")  # 'ruff it!', 'take the finesse', 'go up with the king'
    for gesture in _GESTURE_AT_CARD.finditer(lowered):
        if _doer_role(lowered, play, gesture.start()) == "dummy":
            found.add("took_part")  # nodding at the card he wants played (43A1(c))
    for called in _CALLED_DIRECTOR.finditer(lowered):
        if _doer_role(lowered, play, called.start()) == "dummy":
            found.add("called_director")
    for shown in _SHOWED_HAND.finditer(lowered):
        whom = shown.group("whom") or shown.group("shown")
        to_dummy = whom == "dummy" or play.speaker_role == "dummy"
        if to_dummy and _doer_role(lowered, play, shown.start()) == "defender":
            found.add("defender_showed")  # by role: 'RHO' alone may be declarer
    for looked in _LOOKED_AT.finditer(lowered):
        if _doer_role(lowered, play, looked.start()) != "dummy":
            continue
        floor = clause_start(lowered, looked.start())
        placed = [
            p
            for p in play.story.players
            if floor <= p.start < looked.start() and p.seat is not None
        ]
        dummy_seat = placed[-1].seat if placed else None
        if _a_defenders(looked.group("owner"), play, dummy_seat):
            found.add("looked_defender")
    return found.pop() if len(found) == 1 else None


def _doer_role(lowered: str, play: PlayStory, position: int) -> Role | None:
    return actor_role(lowered, play, clause_start(lowered, position), position)[1]


def _a_defenders(owner: str, play: PlayStory, dummy_seat: Seat | None) -> bool:
    """The owner of the cards dummy looked at is a defender: 'a defender's', a seat not the
    declaring side's, LHO or RHO of the speaker who is dummy or declarer, 'my' of a speaker
    defending."""
    if owner in ("defender", "defenders"):
        return True
    if owner in ("lho", "rho"):  # the teller's: defenders when he is of declaring side
        return play.speaker_role in ("dummy", "declarer")
    if owner == "my":
        return play.speaker_role == "defender"
    letter = _SEAT_OF_WORD.get(owner, owner.upper() if owner in ("n", "e", "s", "w") else None)
    declarer = play.declarer or (dummy_seat.partner if dummy_seat is not None else None)
    if letter is None or declarer is None:
        return False
    return Table(declarer).role(Seat.parse(letter)) == "defender"


def _played_since_first_card(events: Sequence[Event]) -> str | None:
    """Nobody has played since the card told (Law 47: a card may go back only until then),
    when the story tells the next card as still to come ('took it back before LHO had
    played') and no other player's card as made after it. A card told as made after it does
    not prove the contrary: which card is taken back, the words must say (asked)."""
    cards = [e for e in events if e.act in ("lead", *_CARD_ACTS) and e.act != "expose"]
    first = next((e for e in cards if "alleged" not in e.how), None)
    if first is None:
        return None
    later = [e for e in cards if e.start > first.end]
    to_come = any("not_yet" in e.how for e in later)
    made = any("alleged" not in e.how and e.actor is not first.actor for e in later)
    return "no" if to_come and not made else None
