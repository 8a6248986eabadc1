"""The facts a play irregularity's ruling needs: penalty cards held, who played next, a hand's card
count, dummy's act."""

from __future__ import annotations

import re

from bot.dialogue.play_reader import PlayStory, actor_seat, clause_end, clause_start
from bot.dialogue.reading.dummy import _ASKER_DUMMY, _dummy_act
from bot.dialogue.reading.events import Event, Irregularity, _found_at_once, _suit_letter
from bot.dialogue.reading.leads import _BEFORE_RELEAD
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.trick_reader import counts_agreed_first
from bot.lazy import lazy_pattern


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
            if _REVOKE_WORDS.search(lowered):  # the suspicion may be told first
                out.setdefault("inspect_event", "revoke_check")
            elif _OWN_CARD.search(lowered):
                out.setdefault("inspect_event", "own_card")  # his own card only (66A)
            else:
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
        elif kind == "played_cards_misarranged" and (
            {"score_disputed", "tricks_disputed"} & set(kinds) or _COUNT_ARGUED.search(lowered)
        ):  # tricks kept in one heap and the count then disputed: the rows are gone (65D)
            out.setdefault("inspect_event", "mixed_cards")
        elif kind == "played_cards_misarranged":
            out.setdefault("inspect_event", "explain")  # how played cards are kept (Law 65)
        elif kind == "card_turned_early":
            out.setdefault("played_card_event", "turned_early")
        elif kind == "dummy_card_touched":
            out.setdefault("played_card_event", "dummy_touched")
        elif kind == "wrong_card_count":
            out.update(_card_count(lowered, vocabulary))
            if "cards_stage" not in out and _holder_had_called(lowered, play):
                out["cards_stage"] = "after_call"
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
    suits |= {m.group(1) for m in _CARD_NAMED.finditer(rest)}  # 'the 3h and the ks'
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
_CARD_NAMED = lazy_pattern(r"\bthe (?:10|[2-9akqjt])([shdc])\b")
"""A card named in the short form after 'the' ('the 3h', 'the ks'): its suit's letter."""


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


def _card_count(lowered: str, vocabulary: Vocabulary) -> dict[str, str]:
    """A hand with the wrong number of cards: a card not of the deal, a hand of fourteen, or
    only short hands; and found before anyone holding one had called."""
    out: dict[str, str] = {}
    foreign, fourteen = _FOREIGN_CARD.search(lowered), _FOURTEEN.search(lowered)
    if foreign and not fourteen and not _A_CARD_MISSING.search(lowered):
        # (a card of the deal told missing too - 'a blue-backed S5 in his hand, the red S5
        # missing': whether it is restored to the hand is the director's, so asked)
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
    r"|\b(?:with|has|had|having) a (?:red|blue|green|black|yellow|other) back\b"
    r"|\bduplicate card\b|\btwo (?:of the same|identical)\b"
)


def _holder_had_called(lowered: str, play: PlayStory) -> bool:
    """'i opened 1C. then i noticed i had 14 cards': the player said to hold fourteen made a
    call told before it (Law 13B: found after a player with a wrong hand had called)."""
    story = play.story
    for fourteen in _FOURTEEN.finditer(lowered):
        floor = max(lowered.rfind(end, 0, fourteen.start()) for end in ".!?;") + 1
        holders = [p for p in story.players if floor <= p.start < fourteen.start()]
        seat = holders[-1].seat if holders else None  # 'he had 14': whose 'he' is not guessed
        if seat is not None and any(
            e.role == "made" and e.seat is seat and e.start < fourteen.start() for e in story.events
        ):
            return True
    return False


_A_CARD_MISSING = lazy_pattern(
    r"\bmissing\b|\b(?:a|one) card short\b|\b(?:only (?:had|has|got) )(?:12|twelve)\b"
)
"""A card of the deal told missing, beside the card that is not of it."""


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


_ASKER_PLAYER = lazy_pattern(
    r"\b(?:declarer|defender|lho|rho|north|south|east|west|[nesw])(?:\s+\w+){0,3}?"
    r" (?:asks|asked|wants|wanted|would like)\b"
)


_REVOKE_WORDS = lazy_pattern(
    r"\brevok\w*|\brenege?\w*|\bfail\w* to follow\b|\bshowed out\b|\bshown out\b"
    r"|\b(?:whether|if) \w+ (?:had )?followed\b|\bfollowed suit\b"
    r"|\b(?:didn't|didnt|did not|hadn't|hadnt|had not|never|not) follow(?:ed)?\b"
    r"|\bwhile still holding (?:one|a)\b"
)
"""A revoke suspected, anywhere in the story: the tricks are wanted to check it (66C)."""


_OWN_CARD = lazy_pattern(
    r"\b(?:see|seeing|look|looking|looked|peek|peeking|peeked|glance|check|checking|view"
    r"|inspect)\w*\s+(?:again\s+)?(?:at\s+)?(?:my|his|her|their) own\b"
    r"|\b(?:i|he|she)\b[^.;!?]{0,25}\b(?:see|look at|check|view|peek at) (?:my|his|her)"
    r" (?:own )?(?:played )?card\b"
    r"|\b(?:turn|turns|turning|flip|flips)\s+(?:up|back up|back over)\s+"
    r"(?:my|his|her|their) (?:own )?(?:played |last )?card\b"
    r"|\b(?:turn|turned|turns|turning|flip|flipped|flips)\s+(?:my|his|her|their) (?:own )?"
    r"(?:played |last )?card back (?:up|over)\b"
    r"|\b(?:turn|turned|turns|turning|flip|flipped|flips)\s+(?:over\s+|up\s+)?(?:my|his|her"
    r"|their) own (?:played |last )?card\b(?=[^.;!?]{0,30}\bto (?:check|see|look|remind))"
)
"""'peek at my own card', 'see his card on the last trick', 'turned her card back up': his own
card, not the trick (66B against 66A); 'turned over her own card to check it' too. Never 'had
turned his own card over' alone: that is where his card lies when he asks for the trick (66A)."""


_COUNT_ARGUED = lazy_pattern(
    r"\b(?:disagree\w*|disput\w+|couldn't agree|could not agree|can't tell"
    r"|cannot tell|nobody can tell|could not be reconstructed|couldn't be reconstructed)\b"
    r"|\b(?:\d+|seven|eight|nine|ten|eleven|twelve)(?: tricks)?\b[^.;!?]{0,30}?"
    r"[.;,]?\s*(?:but )?(?:we|they|he|she|i|[nesw]) (?:say|said|thought|think|claim\w*"
    r"|insist\w*)\s+(?:it was |we had |they had )?(?:\d+|seven|eight|nine|ten|eleven|twelve)\b"
)
"""Two counts of tricks told against each other ('they claim 10 tricks. we say 9')."""
