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

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from bot.core.play import find_cards
from bot.dialogue.auction_reader import CARD_EXPOSED
from bot.dialogue.auction_state import AUCTION_ENDED
from bot.dialogue.dummy_designation import dummy_played_another_rank
from bot.dialogue.information_reader import (
    CARD_SEEN,
    EXPLANATION_DIFFERS,
    WITHDRAWN_INFORMATION,
    explains_a_call_in,
)
from bot.dialogue.lead_after_ruled_call import lead_after_a_call_put_right, lead_restriction_told
from bot.dialogue.lead_choice import played_to_lead
from bot.dialogue.play_facts import read_play_facts
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start, read_play_story
from bot.dialogue.play_situations import alleged_claim_of_a_faced_hand, declarer_faced_sentence
from bot.dialogue.reading.auction import (
    _auction_irregularities,
    _auction_state,
    _call_at_anothers_turn,
    _call_changed,
    _ruled_before_the_bar,
)
from bot.dialogue.reading.changed_cards import _played_meaning_another, _played_then_taken_back
from bot.dialogue.reading.claims import _claims, _dummy_after_the_claim, _named_in_claim
from bot.dialogue.reading.defective_tricks import (
    _defective_tricks,
    _fifth_card,
    _two_cards_on_a_trick,
)
from bot.dialogue.reading.dummy import (
    _designation_changed,
    _dummy_asked_about,
    _dummy_broke_a_limit_first,
    _dummy_first,
    _dummy_wrong_card,
    _dummys_card_handled,
)
from bot.dialogue.reading.events import (
    Event,
    Irregularity,
    _events,
    _only_calls,
    _play_begun,
    _ruffed_trick_winners,
    _side_winners,
    _trick_winners,
)
from bot.dialogue.reading.exposed_cards import _told
from bot.dialogue.reading.hesitations import _hesitations
from bot.dialogue.reading.information import _information, _ui_facts
from bot.dialogue.reading.leads import (
    _after_irregular_lead,
    _leads_out_of_turn,
    _ordered_back_asked,
    _partner_played_to_it,
    _played_before_relead,
    _retraction_asked,
    _revoke_put_right,
)
from bot.dialogue.reading.normal_form import normal_form
from bot.dialogue.reading.own_card_changed import own_card_changed
from bot.dialogue.reading.play_details import _what_the_play_irregularity_was
from bot.dialogue.reading.played_before_turn import _plays_before_partner
from bot.dialogue.reading.proven import (
    CALLS_ONLY,
    IRREGULARITIES,
    KIND_DECIDES,
    PERIOD_TOLD,
    STORY_FACTS,
)
from bot.dialogue.reading.revokes import _revoke_alleged, _revoke_inquiry, _revokes
from bot.dialogue.reading.ruling_told import (
    events_outside,
    outside_rulings,
    ruling_doubted,
    ruling_doubted_words,
    rulings_told,
)
from bot.dialogue.reading.scores import (
    _count_after_claim,
    _declarer_tricks,
    _result_heard_from_the_other_pair,
    _scores_told,
)
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.reading.shape import (
    _DUMMY_SPEAKS,
    _call_shape,
    _complete_dummy_card,
    _play_shape,
    _play_told,
    _told_auction,
)
from bot.dialogue.reading.two_cards import two_cards_put_out
from bot.dialogue.reading.vocabulary import (
    Vocabulary,
    _compile_vocabulary,
    _phrase,
    load_vocabulary,
)
from bot.dialogue.story import Story, read_story
from bot.dialogue.withdrawn_call import (
    LEAD_AFTER_WITHDRAWN,
    REPLACEMENT_ONLY_ASKED,
    WITHDRAWN_REPLACED,
    only_replacement_asked,
)
from bot.lazy import lazy_pattern

__all__ = [
    "IRREGULARITIES",
    "PERIOD_TOLD",
    "STORY_FACTS",
    "Description",
    "Event",
    "Vocabulary",
    "_compile_vocabulary",
    "_phrase",
    "describe",
    "load_vocabulary",
    "normal_form",
]
"""What the rest of the code takes from here (most of it lives in the package)."""


_AT_A_LATER_TRICK = lazy_pattern(r"\b(?:at|on|in|to|during) trick (?:[2-9]|1[0-3])\b(?!\s*tricks)")
"""'at trick 10 declarer has a card too many': the story is told from inside the play, even
when no card is told played (the auction's own topics are not it)."""


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
    rulings_told: tuple[tuple[int, int], ...] = ()
    """Where the story tells what the director ruled (start, end in ``reading``): its
    consequence, read as neither events nor proof."""
    ruling_doubted: str = ""
    """The words of the director's ruling the player asks about ('was that right?')."""

    @property
    def proven(self) -> tuple[str, ...]:
        """In the order told, those already settled at the table after the others."""
        told = sorted(self.irregularities, key=lambda i: i.settled)
        return tuple(dict.fromkeys(i.kind for i in told))


def _card_taken_back_after_a_remark(found: list[Irregularity]) -> list[Irregularity]:
    """Partner's remark, then the player taking back the card he had played: the card taken
    back is the first matter (47F2 keeps it played), what the remark told him comes after
    (16B)."""
    kinds = [i.kind for i in found]
    if kinds[:2] != ["remark_then_action", "card_taken_back"]:
        return found
    return [found[1], found[0], *found[2:]]


_BEFORE_SEEN = lazy_pattern(r"\bbefore\b[^.;!?]{0,30}?\b(?:seen|saw|see|looked|look)\b")


_TRICK_OVER = lazy_pattern(
    r"\b(?:trick \d+|the trick|that trick|the last trick) (?:is |was |had been |has been )?"
    r"(?:complete|completed|finished|over|done|quitted)\b"
    r"|\b(?:turned|turned over|face down) (?:\w+ ){0,3}from the (?:last|previous) trick\b"
)
"""The trick the card was turned on was already over: it was turned at its time (65A)."""


def _turned_card_asked_for(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """A card turned face down before a player had seen it, and he then asks to see the
    trick: whether he may have it faced is the question (66A). Turned before the others had
    played to the trick, whether it was played stays the question (65A, 45)."""
    kinds = [i.kind for i in found]
    if "card_turned_early" not in kinds or "trick_inspection" not in kinds:
        return found
    turned = next(i for i in found if i.kind == "card_turned_early")
    if not _BEFORE_SEEN.search(
        lowered, turned.start, clause_end(lowered, turned.start)
    ) and not _TRICK_OVER.search(lowered):
        return found  # a trick over ('T4 complete', 'from the last trick'): the card was
        # turned in time, and seeing the trick again is what is asked (66A)
    asked = next(i for i in found if i.kind == "trick_inspection")
    return [asked, *(i for i in found if i is not asked)]


_DUMMY_NAMED = lazy_pattern(r"\b(?:dummy|dummies|board|table)\b")
"""Dummy named in the story: as dummy, the board, the table."""


@lru_cache(maxsize=256)
def describe(text: str, vocabulary: Vocabulary) -> Description:
    """The one reading of ``text``."""
    reading = normal_form(text, vocabulary)
    story = read_story(reading)
    play = read_play_story(reading)
    lowered = reading.lower()
    rulings = rulings_told(lowered, vocabulary.auction.get("barred"))  # the director's
    told_events = _events(lowered, play, vocabulary)
    doubted = ruling_doubted(lowered, rulings, told_events, story)
    events = events_outside(told_events, rulings, doubted)  # a ruling doubted: not events
    told_winners = _trick_winners(lowered, play)
    winners = _ruffed_trick_winners(lowered, events, play) | told_winners
    sides = _side_winners(lowered, play)
    facts: dict[str, str] = {}
    details: dict[str, str] = {}
    found: list[Irregularity] = []
    found += _revokes(lowered, events, play, winners, sides, vocabulary, facts, told_winners)
    if facts.get("revoke_noticed") == "before_established":
        winners = told_winners  # a revoke put right in time: its trick may have gone otherwise
    found += _leads_out_of_turn(lowered, events, play, winners, vocabulary, facts)
    found += _claims(lowered, events, play, vocabulary, facts)
    found += _hesitations(lowered, events, story, play, vocabulary, facts)
    facts.update(_ui_facts(lowered, events, story, play, facts))
    found += _plays_before_partner(lowered, events, play, vocabulary, facts)
    found += _defective_tricks(lowered, play, vocabulary, facts)
    found += _dummy_wrong_card(lowered, vocabulary, facts, play.speaker_role == "dummy")
    told = _told(lowered, events, play, vocabulary) + _scores_told(lowered, events, vocabulary)
    if not any(i.kind == "two_cards_played" for i in told):  # the words failed: the structure
        told += two_cards_put_out(lowered, reading, events, play)
    for irregularity in told:  # what the table's words prove, unless the story proved it first
        decides = KIND_DECIDES.get(irregularity.kind, ())  # or the kind settles it itself
        for key, value in irregularity.facts.items():
            if key in decides:
                facts[key] = value
            else:
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
    found = _ruled_before_the_bar(outside_rulings(found, rulings, story, lowered, doubted), story)
    if not found:  # what the calls alone prove, when nothing else is
        found += _call_at_anothers_turn(story, lowered, events, vocabulary) or _call_changed(
            story, lowered, events, vocabulary
        )
        for item in found:
            for key, value in item.facts.items():
                facts.setdefault(key, value)
    suggested, excluded = _call_shape(reading, story)
    information = outside_rulings(
        _information(lowered, events, story, play, vocabulary, facts),
        rulings,
        story,
        lowered,
        doubted,
    )
    if any(i.kind in _AFTER_WITHDRAWAL for i in information):
        found, suggested = [], []  # what was taken back is settled: using it is the question
    elif not information:  # an irregular call put right, the lead after it asked (Law 26)
        lead = lead_after_a_call_put_right(
            lowered, story, play, found, vocabulary.information.get("lead_restricted")
        )
        if lead is None:  # a restriction declarer already made, how far it reaches asked
            lead = lead_restriction_told(lowered, found)
        if lead is not None:
            found, suggested = lead, []
    if any(
        i.kind == EXPLANATION_DIFFERS
        and i.facts.get("explanation_situation") in ("own_explanation", "partner_explanation")
        for i in information
    ):  # our side's alert or explanation not our agreement, nobody asking what he may now
        # do: the opponents' misinformation (Law 20F, 75), not what it told partner (16B)
        found = [i for i in found if i.kind != "partner_remarked"]
    if any(
        i.kind == EXPLANATION_DIFFERS
        and i.facts.get("explanation_situation") == "own_explanation"
        and not any(a <= i.start < b for a, b in _quoted(lowered))  # 'she said 'i explained''
        for i in information
    ):  # 'i told them 2C was Stayman but...': the speaker gave it, so the questions about
        # whoever explained ask him as 'you' ("When did you realise your explanation...")
        details["offender_relation"] = "self"
    if any(i.kind == EXPLANATION_DIFFERS for i in information):
        # '1NT p 2D p 2H p p p. N announced 2D as a transfer, their card says natural': the
        # auction's end is where the explanation is told, not what is asked (Law 20-21, 75)
        found = [i for i in found if i.kind != AUCTION_ENDED]
    if any(i.kind == CARD_SEEN for i in information):  # the seeing told first: Law 16D
        found = [i for i in found if i.kind != CARD_EXPOSED]
    if information and story.typed_auction is None and _told_auction(story) is None:
        # a call told in prose as the background of an information matter (what a call
        # showed, an explanation, a psych): the information is the question
        found = [i for i in found if i.kind not in _PROSE_CALL_KINDS]
    if any(i.kind == CARD_EXPOSED for i in found):  # exposed in the auction: Law 24, not 49
        found = [i for i in found if i.kind not in ("card_exposed", "two_cards_played")]
    found += information
    found = _result_heard_from_the_other_pair(found)
    spoke = _DUMMY_SPEAKS.search(reading)
    if (
        spoke is not None
        and not _a_call_after_the_close(spoke.end(), story, found)
        and not explains_a_call_in(lowered, spoke.end())
    ):
        # dummy speaking up is about his rights, whatever he spoke of
        found.append(Irregularity("dummy_spoke", spoke.start()))
    suggested += _play_shape(reading)
    if _complete_dummy_card(reading):
        excluded.append("complete_card_named")
    if _play_begun(events) or _AT_A_LATER_TRICK.search(lowered):
        excluded.append("play_begun")
    elif _only_calls(lowered, events, play) and not _play_told(lowered, play, vocabulary):
        excluded.append(CALLS_ONLY)
    if play.speaker_role == "defender" and not _DUMMY_NAMED.search(lowered):
        excluded.append("no_dummy")  # 'i'm a defender and i said to my partner ...': a
        # defender's own words, and no dummy in the story: not dummy's rights (42, 43)
    found = _revoke_inquiry(lowered, events, play, found, facts)
    found.sort(key=lambda i: i.start)
    found = _played_before_relead(lowered, found)
    found = _partner_played_to_it(lowered, found, events)
    kinds = {i.kind for i in found}
    wrong_defender = (
        "lead_out_of_turn" in kinds
        and bool({"played_before_turn", "played_before_partner"} & kinds)
        and played_to_lead(lowered, events, play) == "wrong_defender"
    )
    found = _after_irregular_lead(
        found, _LEAD_OUT_OF_TURN.search(lowered) is not None, lowered, wrong_defender
    )
    found = _retraction_asked(lowered, found, vocabulary, facts)
    found = _ordered_back_asked(lowered, found)
    found = _turned_card_asked_for(lowered, found)
    found = _card_taken_back_after_a_remark(found)
    found = _revoke_put_right(lowered, found)
    if not vocabulary.timing["options_asked"].search(lowered):  # the other's options asked
        found = _dummy_first(found, lowered)
    found = _dummy_asked_about(lowered, found)
    found = _dummy_after_the_claim(lowered, events, found, facts)
    if _dummy_broke_a_limit_first(lowered, found):
        facts["dummy_violated_told"] = "yes"
    if (
        facts.get("designated_as") == "complete"
        or (facts.get("designated_as") == "suit_only" and _NOT_THE_LOWEST.search(lowered))
        or (facts.get("designated_as") == "rank_only" and dummy_played_another_rank(lowered))
    ) and any(
        i.kind == "dummy_wrong_card" for i in found
    ):  # named in full, or dummy put out another rank than the one named, or picked a card
        # himself where only the suit was named ('said "diamond" and I put the king instead
        # of the small one'): dummy's card is the matter (45D), not 46
        found = [i for i in found if i.kind != "dummy_card_named"]
    elif facts.get("designated_as") == "rank_only" and any(
        i.kind == "dummy_card_named" and dummy_played_another_rank(lowered, i.start) for i in found
    ):
        # 'S said "jack" and dummy put the C10 on': the rank named is not in doubt, dummy put
        # out another card than declarer's (45D)
        found = [
            Irregularity("dummy_wrong_card", i.start, {"played_card_event": "dummy_wrong"})
            if i.kind == "dummy_card_named"
            else i
            for i in found
        ]
        facts.setdefault("played_card_event", "dummy_wrong")
    found = _count_after_claim(found, lowered)
    found = _named_in_claim(lowered, events, found)
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
    if CALLS_ONLY not in excluded:  # a call said and another meant is no card of dummy's
        found = _designation_changed(lowered, found, facts)
    found = own_card_changed(lowered, events, play, found, facts)
    found = _played_meaning_another(lowered, events, play, found, facts)
    found = _played_then_taken_back(lowered, events, found)
    found = _dummys_card_handled(lowered, found, facts, play)
    found = _the_card_before_its_turn(found)
    if {"dummy_wrong_card", "played_before_partner"} <= {i.kind for i in found}:
        # dummy's card put out unasked, then a defender's card before his partner's: whether
        # the defender's early card stands, dummy having started it, is what is asked (57A)
        found = sorted(found, key=lambda i: i.kind != "played_before_partner")
    structure = read_play_facts(lowered, events, play, vocabulary)
    if structure.get("dummy_event_told") == "defender_showed":
        # a defender's cards shown to dummy ('see, we've got the rest'), not to declarer:
        # whether dummy may be shown them is the matter (43A3), not a claim to be ruled on
        found = [i for i in found if i.kind != "claim"]
    found = _count_from_a_card_pointed_wrong(found, structure)
    found = _penalty_card_left_by_a_lead(lowered, found, facts)
    if structure.get("penalty_situation_told") == "declarer_faced" and (
        alleged_claim_of_a_faced_hand(lowered, events, play)
    ):  # declarer faced his cards and only the others say it was a claim: whether it was
        # one is what Law 48B2 decides, with his cards never penalty cards (48A)
        found = [i for i in found if i.kind not in ("claim", "concession")]
    if structure.get("faced_after_opening_lead") == "no" and not found:
        # declarer's cards faced and nothing else told: what facing them does is the matter
        # (48B2, and his cards never penalty cards, 48A)
        faced = declarer_faced_sentence(lowered, play)
        found = [Irregularity("card_exposed", faced[0] if faced else 0)]
    if (
        structure.get("defective_kind_told")
        and "defective_trick" not in {i.kind for i in found}
        and not _NOT_OF_THE_PACK.search(lowered)
    ):
        # a hand a card short or over, and the trick that explains it ('never played to T7',
        # 'two cards on the same trick'): the trick is the matter (67), not the deal (13, 14)
        found = [
            Irregularity("defective_trick", i.start) if i.kind == "wrong_card_count" else i
            for i in found
        ]
    for key, value in structure.items():
        facts.setdefault(key, value)  # what the structure states, unless a reader proved it
    if not found:  # a revoke only alleged: a revoke question, when nothing else is proven
        found = _revoke_alleged(lowered, events, facts)
    if any(
        i.kind == "revoke" and i.facts.get("revoke_offender_role") == "dummy" for i in found
    ):  # dummy's card of another suit while he held the suit led: the revoke is the matter
        # (61A, 64B3), not which card declarer's words named (46)
        found = [i for i in found if i.kind != "dummy_card_named"]
    found = outside_rulings(found, rulings, story, lowered, doubted)
    if any(i.kind == WITHDRAWN_REPLACED for i in found) and only_replacement_asked(lowered):
        excluded.append(REPLACEMENT_ONLY_ASKED)  # 'is 2S comparable?': Law 23, not 16C
    if not found and _general_card_question(lowered, events, play):
        facts.setdefault("played_card_event", "explain")
    if facts.get("lead_trick") in ("opening", "later", "thirteen"):
        # a lead the lead reader placed after a trick won ('won in hand, then led from dummy'):
        # not the opening lead, even where no card was told as 'led'; or placed first, a
        # defender named on lead with nothing played before ('3H by S, W on lead. E led')
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
        rulings,
        ruling_doubted_words(reading, rulings, doubted),
    )


_NOT_THE_LOWEST = lazy_pattern(
    r"\binstead of (?:the|a|his|her) (?:small|smallest|low|lowest|little) (?:one|card|\w+)\b"
)
"""Dummy's card told as not the small one a suit named alone calls for (46B4): dummy's own
choice, not the naming, is the matter."""


def _general_card_question(lowered: str, events: tuple[Event, ...], play: PlayStory) -> bool:
    """'when exactly is a card played?' asked of any card ('a card'), with no card named and
    nothing done at the table: no irregularity, no card exposed, led, claimed or played by a
    player the story names (a case put as a question, 'if i'm holding it face up', is no act).
    Then explaining when a card counts as played is what is asked."""
    asked = [(m.start(), m.end()) for m in _A_CARD_PLAYED_WHEN.finditer(lowered)]
    if not asked or find_cards(play.story.text) or _A_RANK.search(lowered):
        return False
    if not _NO_INCIDENT.search(lowered):
        return False  # 'the king fell out of his hand. when is a card played?': an incident
    return not any(
        e.act in ("expose", "lead", "claim", "concede", "discard", "ruff", "play")
        and "alleged" not in e.how
        and not any(a <= e.start < b for a, b in asked)  # 'is a card played?' itself
        for e in events
    )


_A_CARD_PLAYED_WHEN = lazy_pattern(
    r"\b(?:when|at what (?:point|moment|stage|time))\s+(?:exactly\s+|precisely\s+)?"
    r"(?:is|does|do)\s+(?:a|any)\s+card\s+(?:actually\s+|really\s+|officially\s+)?"
    r"(?:count\s+as\s+|become\s+|get\s+|considered\s+)?['\"]?(?:played|committed)\b"
    r"|\bwhen\s+(?:exactly\s+)?(?:a|any)\s+card\s+(?:actually\s+|really\s+)?"
    r"(?:is|counts\s+as|becomes)\s+['\"]?played\b"
)
"""A question about any card ('a card'), not one the story tells of."""
_A_RANK = lazy_pattern(r"\b(?:aces?|kings?|queens?|jacks?|tens?|nines?|eights?|deuces?)\b")
"""A card of the story ('the king fell'): an incident, not a general question."""
_NO_INCIDENT = lazy_pattern(
    r"\bno incident\b|\bnothing (?:has |had )?happened\b|\bjust (?:a question|asking|wondering"
    r"|arguing|curious)\b|\bargu\w+|\bdebate\b|\bdiscussions?\b|\bbet me\b|\bstudents\b"
    r"|\bpupils\b|\bnew players\b|\bbeginners\b|\bquick (?:q|one|question)\b|\bexplain\b"
    r"|\bwhat do i tell\b|\bin general\b|\bkeep (?:asking|hearing)\b|\bhow do you decide\b"
    r"|\bidk\b"
)
"""The teller says no incident is told: a question in general, an argument, a class."""


_NOW_ON_LEAD = lazy_pattern(
    r"\b(?:now|then|later|again|just|next)\b[^.;!?]{0,60}?\b(?:on lead|has the lead|have the lead"
    r"|gets the lead|got the lead|is to lead|the one on lead)\b"
)
_SEVERAL_FACE_UP = lazy_pattern(
    r"\b(?:two|2|both|three|3) cards\b[^.;!?]{0,30}?\b(?:face up|on the table|sitting|lying)\b"
)


def _penalty_card_left_by_a_lead(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """A defender's lead out of turn that declarer refused, told as what left the card on the
    table, and then a later lead by his side ('now lho's partner has the lead') or two cards
    lying face up: the penalty card is what is asked (Law 50D, 51), the lead out of turn is
    settled."""
    if not found or found[0].kind != "lead_out_of_turn":
        return found
    lead = found[0]
    if lead.facts.get("lead_offender_role") != "defender" or lead.facts.get("lead_trick") == (
        "opening"
    ):  # an opening lead refused: the lead's own Laws (54, 56) go on to the proper lead
        return found
    if lead.facts.get("lead_response") in ("accept", "proper_lead"):
        return found  # the lead stood, or the proper leader led too (53B): the lead's matter
    several = _SEVERAL_FACE_UP.search(lowered, lead.start)
    if lead.facts.get("lead_response") != "refuse" and several is None:
        return found
    later = _NOW_ON_LEAD.search(lowered, clause_end(lowered, lead.start))
    if later is None and several is None:
        return found
    at = min(m.start() for m in (later, several) if m is not None)
    if later is not None and _PARTNER.search(
        lowered, clause_start(lowered, later.start()), later.end()
    ):  # 'now lho's partner has the lead': declarer's options over his lead (50D2)
        facts.setdefault("penalty_situation_told", "partner_lead")
    return [Irregularity("penalty_card_held", at), *found]


_PARTNER = lazy_pattern(r"\b(?:partner|pd|pard)\b")


_COUNT_KINDS = ("score_recorded_wrong", "score_disputed", "claim")


def _count_from_a_card_pointed_wrong(
    found: list[Irregularity], structure: Mapping[str, str]
) -> list[Irregularity]:
    """The count of tricks disputed, and a played card told lying the wrong way ('one of my
    cards was the wrong way round', 'T6 pointed towards E-W though S won it'): the card's
    direction decides the count (65B3, docs/labelling.md 2), not the count itself (79)."""
    if structure.get("inspect_event_told") != "pointed_wrong":
        return found
    if not found or found[0].kind not in _COUNT_KINDS:
        return found
    pointed = next((i for i in found if i.kind == "card_pointed_wrong"), None)
    rest = [i for i in found if i is not pointed and i.kind not in _COUNT_KINDS[:2]]
    return [pointed or Irregularity("card_pointed_wrong", found[0].start), *rest]


_WHETHER_PLAYED = ("card_named", "card_turned_early", "card_held_up", "designation_changed")
"""What makes a card played or not (Law 45C, 45C4): named as the player's play, turned or
held up, a dummy card named and changed."""


def _the_card_before_its_turn(found: list[Irregularity]) -> list[Irregularity]:
    """A card named, turned or held up before its player's turn ('before dummy had played
    she said "I'll play the jack"'): whether that card is played at all is decided first
    (45C), and only a card played is then early (57): docs/labelling.md 1 and 4."""
    kinds = [i.kind for i in found]
    if not kinds or kinds[0] not in ("played_before_turn", "played_before_partner"):
        return found
    card = next((i for i in found if i.kind in _WHETHER_PLAYED), None)
    if card is None:
        return found
    return [card, *(i for i in found if i is not card)]


def _a_call_after_the_close(said_at: int, story: Story, found: list[Irregularity]) -> bool:
    """What dummy said was a call, and the story proves a call after the final pass: a call
    by the player who will be dummy is Law 39's matter, not his rights in the play (43)."""
    if not any(i.kind == "call_after_final_pass" for i in found):
        return False
    return any(e.role == "made" and said_at <= e.start <= said_at + 15 for e in story.timeline)


_REQUIRED_NOT_PLAYED = lazy_pattern(
    r"\brequired \w+ to play (?:his|her) (?:lowest|highest) (?:spade|heart|diamond|club)s?\b"
    r"[^.;!?]{0,30}?\bbut \w+ (?P<played>played) (?:the |a |his |her )?"
    r"(?:\w+ of )?(?:spades?|hearts?|diamonds?|clubs?)?[^.;!?]{0,12}?\bwhile holding\b"
)
"""'declarer required West to play his lowest heart, but West played the queen of hearts while
holding the 2': a card a rectification required, not played when he could - a revoke (61A)."""


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


_NOT_OF_THE_PACK = lazy_pattern(
    r"\b(?:another|a different|the wrong|a second|an other|other) (?:pack|deck)\b"
    r"|\bduplicat\w*|\bjoker\b|\bdifferent back"
)
"""A card that is not of this deal's pack: the deal is the matter (13, 14), whatever trick
it turned up on."""


_FOLLOW_WORD = lazy_pattern(r"\bfollow(?:ed|s|ing)?\b")


_AFTER_WITHDRAWAL = (WITHDRAWN_INFORMATION, LEAD_AFTER_WITHDRAWN, WITHDRAWN_REPLACED)
"""Questions about what follows a call taken back: the call itself is settled."""


_LEAD_OUT_OF_TURN = lazy_pattern(r"\blead out of turn\b")


_PROSE_CALL_KINDS = frozenset(("insufficient_bid", "call_out_of_rotation", "changed_call"))
"""What a call told in prose proves (not a typed auction): it yields to the information the
same story proves."""
