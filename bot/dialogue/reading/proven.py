"""What the reader can prove or rule out: the only names a topic's rules_on, derive and excluded_by
may use."""

from __future__ import annotations

from bot.dialogue.auction_reader import FACTS as AUCTION_FACTS
from bot.dialogue.auction_reader import KINDS as AUCTION_KINDS
from bot.dialogue.information_reader import FACTS as INFORMATION_FACTS
from bot.dialogue.information_reader import KINDS as INFORMATION_KINDS
from bot.dialogue.play_facts import FACTS as PLAY_FACTS

IRREGULARITIES = (
    "revoke",
    "revoke_corrected",
    "revoke_asked",
    "revoke_alleged",
    "lead_out_of_turn",
    "opening_lead_in_turn",
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
    "no_dummy",
    "one_caller",
    "double_asked_about",
    "replacement_only_asked",
    *INFORMATION_KINDS,
    *AUCTION_KINDS,
)
"""What the reader can prove (or, for the last, prove did not happen): topics name these in
``rules_on:`` and ``excluded_by:``."""


KIND_DECIDES: dict[str, tuple[str, ...]] = {
    "revoke_inspection": ("revoke_event",),
}
"""Facts an irregularity told in the table's words settles by what it is, over the same fact
read from the rest of the story. Elsewhere the story's reading speaks first and what a kind
implies only fills the gaps: a revoke told and the tricks then looked through for it is a
question about the look (Law 66), not about the revoke ('revoke_event')."""


TOLD_BOTH_WAYS = "~told both ways"
"""A reader fact's value when the story tells it both ways (one player says it happened, the
other denies it): the question it answers is asked, whatever a phrase of the story says."""


STORY_FACTS: dict[str, tuple[str, ...]] = {
    "revoke_event": ("revoke", "inquiry"),
    "revoke_noticed": ("before_established", "in_play", "next_deal", "round_over"),
    "revoke_trick": ("earlier", "twelve", "thirteen"),
    "hands_returned": ("no",),
    "revoke_special": ("ordinary",),
    "revoke_trick_won": ("offender", "revoker_partner", "opponents"),
    "later_tricks": ("yes",),
    "revoke_offender_role": ("declarer", "dummy", "defender"),
    "lead_event": ("lead", "told_turn", "in_turn"),
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
    "score_event": ("wrong_score", "disagree", "agreeing"),
    "claim_told": ("yes",),
    "inspect_event": (
        "look_trick",
        "own_card",
        "revoke_check",
        "after_play",
        "pointed_wrong",
        "explain",
    ),
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
        "explain",
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
    "dummy_violated_told": ("yes",),
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


CALLS_ONLY = "calls_only"
"""The story tells calls and nothing of the play (no card led or played, no trick, no
declarer or dummy): the topics of the play period name this in ``excluded_by:``, as the
auction's topics name 'play_begun'."""


PERIOD_TOLD = frozenset(("play_begun", CALLS_ONLY))
"""Exclusions that only place the story in a period of the deal: they rule out a topic nothing
else speaks for, but do not contradict calls that point to it."""
