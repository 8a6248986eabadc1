"""Leads out of turn and from the wrong hand: whose lead it was, who played to it and what the
other side chose."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.core.calls import Seat
from bot.core.play import Role, Table
from bot.dialogue.deciders import Decider, decided_by
from bot.dialogue.disputed import in_dispute
from bot.dialogue.play_reader import PlayStory, actor_role, actor_seat, clause_end, clause_start
from bot.dialogue.reading.events import _CARD_TO_A_TRICK, Event, Irregularity, _at
from bot.dialogue.reading.sentences import (
    _first_words,
    _quoted,
    _same_sentence,
    _sentence_end,
    _sentence_start,
)
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern

_A_CALL_BEFORE = lazy_pattern(
    r"\b(?:bid|bids|called|opened|opens|doubled|redoubled|passed|overcalled|responded)"
    r"(?:\s+(?:[1-7]\s?(?:nt|[cdhs♠♥♦♣])|a|an|his|her|their|one|two|three|four|five|six|seven"
    r"|no ?trumps?|clubs?|diamonds?|hearts?|spades?))*\s+$"
)
"""'N bid 2C out of turn': the words say a call was out of turn, not a lead."""


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
    lead = _next_trick_lead(events, leads, winners)
    if in_dispute(lowered, lead.start):
        return []  # 'W says E led first, E says W did': one account against another, the
        # director establishes who led (Law 85); nothing is proven from either
    if "alleged" in lead.how and _THOUGHT.search(
        lowered, clause_start(lowered, lead.start), lead.start
    ):
        return []  # 'he thought W led out of turn': a belief, not a lead proven out of turn
    if _IN_TURN.match(lowered[lead.end : lead.end + 25]):
        return []  # 'I led properly': the lead in turn, not the one out of turn
    no_dummy = bool(vocabulary.timing["no_dummy_yet"].search(lowered))
    said_opening = bool(vocabulary.timing["opening"].search(lowered)) and not (
        _PAST_THE_OPENING.search(lowered, 0, lead.start)
    )  # 'after the opening lead, rho led', 'I won the opening lead, then rho led': later
    opening = lead.trick == 1 or (
        lead.trick is None and (no_dummy or said_opening or "face_down" in lead.how)
    )  # only the opening lead is made face down (Law 41A)
    if opening and _FROM_DUMMY.match(lowered, lead.end):
        opening = False  # dummy's cards are faced after the opening lead (41B, 41D): a lead
        # from dummy is a later lead, whatever trick number the teller gave it
    proven = False
    sentence = lowered[clause_start(lowered, lead.start) : clause_end(lowered, lead.end)]
    following = clause_end(lowered, lead.end) + 1
    if (
        following < len(lowered)
        and _WHOSE_LEAD_AFTER.match(lowered, following)
        and _whose_lead_told(lowered, following, clause_end(lowered, following))
    ):
        # 'RHO put the SJ face up. It was her partner's lead': the next sentence says whose
        # lead it was, and is read with the card's own
        sentence = lowered[clause_start(lowered, lead.start) : clause_end(lowered, following)]
    wrong = next(
        (
            w
            for w in vocabulary.phrases["wrong_leader"].finditer(sentence)
            if not (_OUGHT.search(w.group(0)) and _WHICH_CARD.match(sentence, w.end()))
            and not _A_CALL_BEFORE.search(sentence, max(0, w.start() - 30), w.start())
        ),
        None,
    )  # 'I should have led a diamond' says which card, not which player
    if wrong is not None and not (
        lead.words in ("i", "me") and _MY_OWN_LEAD.search(wrong.group(0))
    ):  # 'I led, it was my lead' says the lead was in turn
        proven = True  # 'the wrong defender led', 'lho led but it was his partner on lead'
    wins = (
        e
        for e in events
        if e.act == "win" and not _WIN_IMAGINED.search(lowered, max(0, e.start - 25), e.start)
    )
    after_a_win = False
    """Proven by a trick won before the lead: a lead after the first trick."""
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
            and not _won_the_trick_led(events, lead, win, before_it)
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
            after_a_win = after_a_win or win.start < lead.start
            if (
                win.trick is not None
                and lead.trick == win.trick
                and win.start > lead.start
                and not before_it
            ):
                # 'led his last club before his partner, who had won trick 12': the number
                # read for the lead was the trick won before it
                lead = replace(lead, trick=win.trick + 1)
    remark = next(
        (
            r
            for r in vocabulary.lead_claims.finditer(lowered, lead.end)
            if not _LEAD_CHANGED.search(lowered, max(0, r.start() - 20), r.start())
            and not _LEAD_STANDS.match(lowered, r.end())
            and not _DIRECTOR_SAID.search(lowered, max(0, r.start() - 25), r.start())
        ),
        None,
    )  # "'I want to change my lead'" is about the card led, not whose lead it was
    if remark is not None and re.search(
        r"'|\"|\bgoes\b|\bsaid\b|\bsays\b",
        lowered[max(lead.end, clause_start(lowered, remark.start())) : remark.start()],
    ):  # said in the claim's own sentence: 'dummy said 3C showed clubs. can i have my lead
        # back?' asks for the card, nobody said whose lead it was
        proven = True  # another player said it was his lead, right after this one led
        claimant = actor_seat(play, clause_start(lowered, remark.start()), remark.start())
        partners = (
            lead.actor is not None and claimant is not None and claimant is lead.actor.partner
        ) or _partners_by_words(play, lead, clause_start(lowered, remark.start()), remark.start())
        if partners and lead.role is None and not _DECLARING_WORDS.search(lowered):
            lead = replace(lead, role="defender")
    other_hand = _from_the_other_hand(lowered, lead, events, play.speaker_role)
    if other_hand:
        proven = True  # 'won in dummy but led from his hand': declarer's wrong hand (Law 55)
        opening = False  # a trick had been won: not the opening lead
        lead = replace(lead, role="defender" if _i_won_he_led(events, lead) else "declarer")
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
    if (
        lead.role in ("declarer", "dummy")
        and "alleged" not in lead.how
        and _AS_OPENING_LEAD.search(lowered, lead.start, lead.end + 30)
    ):
        proven = opening = True  # 'dummy put the SA down as the opening lead': the opening
        # lead is a defender's (41A), never the declaring side's
    if opening and _DECLARERS_RIGHT.search(
        sentence, 0, lead.start - clause_start(lowered, lead.start)
    ):
        proven = True  # the defender on declarer's right never makes the opening lead
        lead = replace(lead, role="defender")
    on_lead: Seat | None = None
    """The seat the story proves was on lead (to find his proper lead after it)."""
    if lead.trick is not None and lead.trick > 1 and lead.actor is not None:
        previous = winners.get(lead.trick - 1)
        if previous is not None and previous is not lead.actor:
            proven, on_lead = True, previous
    won_by = _won_by_seat(lowered, play, lead)
    if won_by is not None and lead.actor is not None and won_by is not lead.actor:
        proven, on_lead = True, won_by  # 'T7 won by E but W led': the winner leads next
    if _partner_had_won(lowered, events, lead):
        proven = True  # 'Derek led at trick 4 when his partner Sue had won trick 3'
        on_lead = lead.actor.partner if lead.actor is not None else None
    told_led = any(e.start == lead.start and e.act == "lead" for e in events)
    named = _proper_leader_named(lowered, play, vocabulary, opening, told_led)
    if (
        not opening
        and named is not None
        and _before_any_trick(lowered, events, play, lead, vocabulary)
        and declarer is not None
        and play.contract is not None
        and named in (declarer.lho, declarer.rho)
    ):
        opening = True  # '3H by S, W on lead. E led the CK': a defender named on lead, with
        # the contract, before any card was played: the opening lead
    if (
        named is not None
        and lead.actor is not None
        and "alleged" not in lead.how
        and named is not lead.actor
        and not _one_side_named_hand(lowered, lead, named)
    ):
        proven, on_lead = True, named  # 'my lho put a card face down but it was me on lead'
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
    if opening and declarer is not None and lead.actor is declarer.lho:
        if named is not None and named is not lead.actor:
            # the story names another leader than its seats do: whether the lead was out of
            # turn is asked, not ruled either way; that it was the opening lead, and, when the
            # leader named is his partner, that a defender made it, hold on both readings
            asked = {"lead_trick": "opening"}
            if named is lead.actor.partner and "alleged" not in lead.how:
                asked["lead_offender_role"] = "defender"
            if "face_up" in lead.how or "face_down" in lead.how:
                asked["lead_faced"] = "faced" if "face_up" in lead.how else "face_down"
            facts.update(asked)
            return [Irregularity("lead_out_of_turn", lead.start, asked)]
        # the story's own seats put the opening lead with him (41A): whatever anyone said at
        # the table ('hang on, it's my lead'), his lead was in turn
        in_turn = {"lead_event": "in_turn", "lead_trick": "opening"}
        facts.update(in_turn)
        return [Irregularity("opening_lead_in_turn", lead.start, in_turn)]
    if on_lead is None and lead.trick is not None and lead.trick > 1:
        on_lead = next(  # 'rho had won trick 4': the winner of the trick before leads
            (e.actor for e in events if e.act == "win" and e.trick == lead.trick - 1), None
        )
    told = _told_by_opponent(lowered, play, lead, len(lowered))
    found: dict[str, str] = {"lead_event": "told_turn" if told else "lead"}
    if opening:
        found["lead_trick"] = "opening"
    elif lead.trick is not None and "face_down" not in lead.how:  # only an opening lead is
        found["lead_trick"] = "thirteen" if lead.trick == 13 else "later"  # face down (41A)
    elif _AT_THE_LAST_TRICK.match(lowered, _first_words(lowered)):
        found["lead_trick"] = "thirteen"  # 'last trick, W put down the S3 but E had won 12'
    elif (
        other_hand
        or (
            (after_a_win or any(e.act == "win" and e.start < lead.start for e in events))
            and _MID_PLAY.search(lowered)
        )
    ) and not _LAST_TRICK.search(lowered):  # a trick won (or thought won) before the lead,
        # in the middle of the play: neither the first trick nor the last
        found["lead_trick"] = "later"  # after a trick won, and not said to be the last
    if "face_up" in lead.how:
        found["lead_faced"] = "faced"
    elif "face_down" in lead.how:
        found["lead_faced"] = "face_down"
    if no_dummy:
        found["dummy_seen"] = "no"
    if lead.role is not None and "alleged" not in lead.how:
        found["lead_offender_role"] = "declarer" if lead.role == "dummy" else lead.role
    response = _lead_response(lowered, lead.end, lead.role, play, lead.actor)
    if response is None and _CHOICE_BEFORE.search(
        lowered, _sentence_start(lowered, lead.start), lead.start
    ):
        # the choice told first in the lead's own sentence ('as declarer i accepted it and
        # played when rho led out of turn'): the same words, read from the sentence's start
        response = _lead_response(
            lowered, _sentence_start(lowered, lead.start), lead.role, play, lead.actor
        )
    if response is not None and not told:
        found["lead_response"] = response
    elif (
        response is None
        and not told
        and _proper_lead_after(lowered, lead, leads, on_lead) == "opponent"
    ):
        found["lead_response"] = "proper_lead"  # Law 53B
        if lead.role == "defender":
            found["lead_proper_leader"] = "declarer"  # the defender's opponent: declarer or dummy
    elif (
        response is None
        and not told
        and lead.role in (None, "defender")
        and _proper_lead_after(lowered, lead, leads, on_lead) == "partner"
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


_MID_PLAY = lazy_pattern(
    r"\b(?:in the middle of (?:the )?(?:play|hand|board)|mid-?(?:play|hand|board|way through)"
    r"|half ?way through(?: the)? (?:play|hand|board)|part way through(?: the)? (?:play|hand))\b"
)
"""The play told as under way, far from its end ('in the middle of play'): a lead after a
trick won there is a later one, not the last (53, 41A apart)."""


_CHOICE_BEFORE = lazy_pattern(r"\b(?:accept\w*|refus\w*|reject\w*)\b[^.;!?]*\bwhen\b")
"""A choice about a lead told before the lead, in the same sentence ('accepted it when ...')."""


_AS_OPENING_LEAD = lazy_pattern(r"\bas (?:the|an|his|her|its|my|our) opening lead\b")


_FROM_DUMMY = lazy_pattern(r"\s+(?:[\w♠♥♦♣]+\s+){0,3}?from (?:the )?(?:dummy|board|table)\b")
"""Right after a lead: 'leads the CK from dummy'."""


_A_TRICK_BEFORE = lazy_pattern(r"\b(?:won|wins|took|takes|played|followed|ruffed|discarded)\b")
"""Before a lead: a trick already played to, so perhaps not the opening lead after all."""


def _proper_leader_named(
    lowered: str, play: PlayStory, vocabulary: Vocabulary, opening: bool, shorthand: bool = False
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
    # the shorthand ('W on lead') only beside a card told as led: a card put face up is a
    # lead only by the fuller words of whose lead it was
    for match in _SEAT_ON_LEAD.finditer(lowered) if shorthand else ():
        if any(a <= match.start() < b for a, b in quoted) or _BELIEVED.search(
            lowered, clause_start(lowered, match.start()), match.start()
        ):
            continue  # "'W on lead!' he said", 'he thought W to lead'
        named = next((p for p in story.players if p.start == match.start("who")), None)
        if named is not None and named.seat is not None:
            seats.add(named.seat)
    return seats.pop() if len(seats) == 1 else None


_PAST_THE_OPENING = lazy_pattern(
    r"\b(?:after|since|following|past|won|took|win|take|winning|taking|ruffed|covered)\s+"
    r"(?:the\s+|that\s+|his\s+|her\s+|their\s+)?(?:opening lead|first trick|trick (?:one|1))\b"
)
"""The opening lead told as over before the lead judged: that lead is a later one."""


_SEAT_ON_LEAD = lazy_pattern(
    r"(?:^|[.,;:!?(]\s*|\b(?:with|and|but|while|when)\s+)(?P<who>north|east|south|west|[nesw]"
    r"|lho|rho|pd|partner|my (?:lho|rho|pd|partner))\s+(?:on|to)\s+lead\b"
    r"(?!\s+(?:a|an|the|his|her|my|from|with|back|again|next)\b)"
)
"""A director's shorthand for whose lead it was, at the start of a clause: '1NT by S, W on
lead', 'West to lead. East led ...'; not 'asked W to lead a spade' (a verb before it, a card
after it)."""


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


def _i_won_he_led(events: tuple[Event, ...], lead: Event) -> bool:
    """'I won the trick in dummy, but West led from his hand': the teller won in one of
    declarer's hands, so he is declarer, and the player who led is another - a defender,
    leading when declarer was on lead (dummy leads nothing himself)."""
    wins = [e for e in events if e.act == "win" and e.start < lead.start]
    return (
        bool(wins)
        and wins[-1].words == "i"
        and lead.words not in ("", "i", "me", "he", "she", "declarer", "dummy", "the dummy")
        and lead.words not in _MY_PARTNER  # my partner is dummy: no hand of his to lead from
        and lead.role in (None, "defender")
    )


def _before_any_trick(
    lowered: str, events: tuple[Event, ...], play: PlayStory, lead: Event, vocabulary: Vocabulary
) -> bool:
    """The lead told with no trick before it: no trick number, no card played, shown, or
    trick won, and no dummy faced told before it."""
    return (
        lead.trick is None
        and not any(
            e.act in ("play", "discard", "ruff", "revoke", "win", "lead", "expose")
            and e.start < lead.start
            for e in events
        )
        and not _A_TRICK_BEFORE.search(lowered, 0, lead.start)
        and not vocabulary.timing["dummy_faced"].search(lowered, 0, lead.start)
        and not _TRICK_NUMBER_TOLD.search(lowered)
    )


_TRICK_NUMBER_TOLD = lazy_pattern(r"\b(?:t|trick\s*)(?:[2-9]|1[0-3])\b")


def _next_trick_lead(
    events: tuple[Event, ...], leads: list[Event], winners: Mapping[int, Seat]
) -> Event:
    """The lead whose turn the story tells: the first, or, when the trick the first lead began
    is told played and won ('lho led a heart, I followed, pd won with the ace and lho led
    again'; 'T5 dummy led a club, E played the 3, S ruffed, W followed. T6 E led'), the lead
    after that win - the first lead was to a trick nobody questions."""
    lead = leads[0]
    for later in leads[1:]:
        if lead.trick is not None and lead.trick in winners and later.trick == lead.trick + 1:
            lead = later  # the trick the lead began is won, and the next trick's lead follows
            continue
        wins = [
            e
            for e in events
            if e.act == "win" and lead.end <= e.start < later.start and "alleged" not in e.how
        ]
        if not wins or not _won_the_trick_led(events, lead, wins[-1], False):
            break
        lead = later
    return lead


def _won_the_trick_led(events: tuple[Event, ...], lead: Event, win: Event, before_it: bool) -> bool:
    """'LHO led a heart, I followed with the 2, partner won with the ace': a win told after
    the lead, with cards played to that lead between them and nothing saying it was won
    before ('had won', 'the last trick'), is the trick the lead began - no sign of whose
    lead it was."""
    if win.start < lead.end or before_it:
        return False
    return any(
        e.act in ("play", "discard", "ruff") and "alleged" not in e.how
        for e in events
        if lead.end <= e.start < win.start
    )


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


_OTHER_CARD_BACK = lazy_pattern(
    r"\b(?:take|pick|have|get|want|wants|wanted|taking|picking)\b[^.?!]{0,15}?\b(?:my|his own"
    r"|her own)\b[^.?!]{0,12}?\bback\b|\b(?:wants?|wanted) the [^.?!\s]{1,4} back\b"
    r"|\b(?:take back|change|pick up|swap|switch) (?:my|his|her)(?: own)? (?:card|one)\b"
    r"[^.?!]{0,10}\b(?:too|as well)\b|\bchange (?:his|her) own card\b"
)
"""A card played after the one changed, and its player wanting it back ('now I want my HQ
back', 'can declarer change his own card now too?')."""


def _revoke_put_right(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """A failure to follow put right before it was established, and the question is the
    revoker's own card: the revoke Law decides (62A, 62B, 62C; 47B is only the general
    permission). Only when the player who played after it wants his card back is the taking
    back the matter (47D, 62C2): docs/labelling.md, further rules."""
    kinds = [i.kind for i in found]
    if not kinds or kinds[0] != "revoke_corrected" or "revoke" not in kinds:
        return found
    if _MINE_TOO.search(lowered) or _OTHER_CARD_BACK.search(lowered):
        return found
    revoke = next(i for i in found if i.kind == "revoke")
    return [revoke, *(i for i in found if i is not revoke)]


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


def _retraction_asked(
    lowered: str, found: list[Irregularity], vocabulary: Vocabulary, facts: dict[str, str]
) -> list[Irregularity]:
    """A card the first irregularity told put on the table, and the question whether it may
    be taken back ('does LHO's card come back?', 'does W's card stay?'): Law 47 lists when it
    may. Only a card changed with an opponent's card played after it (47D) is asked so: a
    proper lead after a lead out of turn stays with the lead out of turn, whose 53B says which
    card stands; a lead made on an opponent's word stays there too (47E1 reached from 53A);
    a card put out before declarer led again from the right hand is a premature play (60B):
    docs/labelling.md 3, 4 and its further rules."""
    asked = vocabulary.phrases["retraction_asked"].search(lowered)
    if asked is None or not found:
        return found
    first = found[0]
    reason = None
    if (
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


def _ordered_back_asked(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """A card the director's ruling sent back to its owner's hand ('the TD made her take back
    the DJ she'd led out of turn'), and a question about that card itself: is it still
    played, must it stay face up, may its owner use it or what it told him. The irregularity
    that led to the ruling is dealt with at the table; what the card withdrawn now is
    (Law 47, and 16C for what it told) is the matter. A question about the ruling alone ('was
    the TD right?') leaves the story as told."""
    ordered = _ORDERED_BACK.search(lowered)
    if ordered is None or not found:
        return found
    early = next(
        (i for i in found if i.kind == "played_before_turn" and i.start > ordered.start()), None
    )
    if early is not None:  # a card put out after the ruling, before the relead: that card is
        # the premature play (60B); the card sent back is dealt with
        rest = [
            replace(i, settled=True) if i.kind in ("card_taken_back", "lead_out_of_turn") else i
            for i in found
            if i is not early
        ]
        return [early, *rest]
    asked = _CARD_FATE_ASKED.search(lowered, ordered.end())
    if asked is None:
        return found
    taken = next((i for i in found if i.kind == "card_taken_back"), None)
    if taken is None:
        taken = Irregularity("card_taken_back", ordered.start())
    rest = [
        replace(i, settled=True) if i.kind == "lead_out_of_turn" else i
        for i in found
        if i is not taken
    ]
    return [taken, *rest]


_ORDERED_BACK = lazy_pattern(
    r"\b(?:td|director|arbiter|referee|ruling)\b[^.?!;]{0,40}?"
    r"\b(?:told|tells|made|makes|instructed|ordered|required|requires|had)\b[^.?!;]{0,40}?"
    r"\b(?:take|pick|put)\b[^.?!;]{0,40}?\b(?:back|up)\b"
    r"|\b(?:was|were) (?:instructed|told|ordered|made) to (?:take|pick|put) [^.?!;]{0,30}?"
    r"\b(?:back|up)\b"
)
"""The director (or his ruling) sending a card back: 'the TD told my partner to take back the
DJ', 'was instructed to take back the card he had just played', 'made him pick it up'."""


_CARD_FATE_ASKED = lazy_pattern(
    r"\bstill (?:be )?'?(?:played|on the table|face up|out|a penalty card)\b"
    r"|\b(?:stay|stays|remain|remains|ought to remain|should stay|has to stay|must stay)"
    r" (?:face up|on the table|out|played|there)\b"
    r"|\bback (?:in|into) (?:his|her|their|my|the) hand\b"
    r"|\b(?:use|using) (?:it|the card|that card|what (?:he|she|they|i) (?:learned|learnt|saw))\b"
    r"|\b(?:is|was) (?:it|the card|that card) (?:still )?(?:played|'played')"
    r"|\bwhat (?:happens|happened) (?:to|with) (?:it|the card|that card)\b"
    r"|\b(?:play|lead) (?:it|that card|the card) (?:again|later)\b"
)
"""A question about the card sent back itself: whether it is still played or stays face up,
whether its owner may use it (or what it told him) later."""


def _proper_lead_after(
    lowered: str, lead: Event, leads: list[Event], on_lead: Seat | None = None
) -> str | None:
    """After the lead out of turn, the player whose lead it was led as well ('then I, the
    right leader, led my card'; or ``on_lead``, the seat the story proves was on lead: 'rho
    had won trick 4 ... then rho led'): an opponent of its leader ('opponent': his proper
    lead, before anyone chose, 53B) or his partner ('partner', whose card does not cancel
    it)."""
    for other in leads:
        if other.start <= lead.end or other.actor is None or lead.actor is None:
            continue
        if other.actor is lead.actor:
            return None
        partner = other.actor is lead.actor.partner
        if partner and (other.role not in (None, "defender") or other.words in _DECLARING):
            return None  # declarer leading again, from his other hand
        if (
            other.actor is on_lead
            and other.trick in (None, lead.trick)
            and not _NOT_MADE.search(
                lowered, clause_start(lowered, other.start), min(len(lowered), other.end + 20)
            )
        ):
            return "partner" if partner else "opponent"  # to the same trick, by its leader
        start = clause_start(lowered, other.start)
        said = _PROPER_LEADER.search(lowered, start, clause_end(lowered, other.end))
        if said is None and partner and other.words in ("i", "me"):
            said = _MY_OWN_LEAD.search(lowered, lead.end, other.start)  # 'it was my lead, so i led'
        if said is not None:
            return "partner" if partner else "opponent"
    return None


_DECLARING = ("declarer", "dummy", "decl")
_NOT_MADE = lazy_pattern(
    r"\b(?:when|if|once|until|will|would|may|might|can|could|should|must|ought|supposed|"
    r"wants?|wanted|meant)\b|'ve\b|'d\b"
)
"""Around a lead: one wished for, supposed or still to come ('what may declarer do when West
leads', 'W should've led'), not one made."""


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


_WHICH_CARD = lazy_pattern(
    r"\s+(?:a|an|the|my|his|her|a small|a low|the other)?\s*"
    r"(?:spades?|hearts?|diamonds?|clubs?|trumps?|[♠♥♦♣]|[shdc](?:10|[akqjt2-9])\b"
    r"|(?:10|[akqjt2-9])[shdc♠♥♦♣]|ace|king|queen|jack|ten|different|another|something)"
)
"""After 'should have led': the card or suit meant ('should have led a diamond')."""
_OUGHT = lazy_pattern(r"\b(?:should|should've|meant|supposed|to have)\b")
"""A lead that ought to have been made: by whom, or (a card after it) which card."""


_LEAD_CHANGED = lazy_pattern(
    r"\b(?:change|changed|changing|swap|swapped|switch|switched|retract|take back|took back)"
    r"\s+(?:\w+\s+)?$"
)
"""Before 'my lead': the card led changed ('change my lead'), not the turn to lead claimed."""
_LEAD_STANDS = lazy_pattern(r"\s+(?:stands|stood|stand|remains|has to stand|must stand)\b")
"""After 'my lead': the card led kept ('my lead stands'), not the turn to lead claimed."""
_DIRECTOR_SAID = lazy_pattern(r"\b(?:td|director|the td|the director)\s+(?:said|says|ruled)\s+$")
"""Before 'my lead': the director's words about the card, not a player claiming his turn."""


def _leads_told(
    lowered: str, events: tuple[Event, ...], wrong_leader: re.Pattern[str]
) -> list[Event]:
    """The leads of the story: 'led', and a card put on the table in a sentence that says
    whose lead it was ("said 'your lead' and I put down the HA, but it was dummy's lead") -
    at a trick's first card, playing a card is leading it."""
    leads = [e for e in events if e.act == "lead" and not {"not_yet", "denied"} & e.how]
    # 'before i led', 'W hasn't led', 'E never led': a lead not made is no lead
    for event in events:
        if "alleged" in event.how:
            continue
        if event.act == "expose" and not any(
            e.act in ("play", "lead") and e.start == event.start for e in events
        ):  # 'my partner put the K face up on the table', read only as a card faced
            faced = _faced_then_whose_lead(lowered, events, event, wrong_leader)
            if faced:
                leads.append(replace(event, act="lead"))
            continue
        if event.act != "play":
            continue
        if _NOT_YET_PLAYED.search(lowered, max(0, event.start - 20), event.start):
            continue  # 'i hadn't played anything from my hand': no card, so no lead
        start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
        if any(start <= e.start < end for e in leads):
            continue  # a card played to the lead the sentence tells
        if _PLAYED_TO.match(lowered, event.end):
            continue  # 'played to it', 'followed to his lead'
        put = lowered.startswith(_PUT_WORDS, event.start)
        if _faced_then_whose_lead(lowered, events, event, wrong_leader):
            leads.append(replace(event, act="lead"))
            continue
        if (
            _whose_lead_told(lowered, start, end)
            or (
                _LED_FROM.match(lowered, event.start)
                and (_WON_IN.search(lowered) or _IN_HAND_SAID.search(lowered))
            )
            or (put and wrong_leader.search(lowered, event.end, end))
            or (
                put
                and wrong_leader.search(lowered, _sentence_start(lowered, event.start), event.start)
            )
            or (put and _first_card_after_a_trick_won(events, event))
        ):  # 'played the D4 from his hand but he had won T5 in dummy': the next trick's lead;
            # 'W put down the CA but E had won the last trick', 'lho was supposed to lead but
            # rho put the CA on the table': a card put down, not played to
            leads.append(replace(event, act="lead"))
    return sorted(leads, key=lambda e: e.start)


def _first_card_after_a_trick_won(events: tuple[Event, ...], event: Event) -> bool:
    """'i won trick 4 and pd put a card on the table for trick 5': the first card told to a
    trick whose previous trick is told won is that trick's lead (who won decides whose)."""
    trick = event.trick
    if trick is None or trick < 2:
        return False
    return any(e.act == "win" and e.trick == trick - 1 for e in events) and not any(
        e.act in ("play", "lead") and e.trick == trick and e.start < event.start for e in events
    )


def _faced_then_whose_lead(
    lowered: str, events: tuple[Event, ...], event: Event, wrong_leader: re.Pattern[str]
) -> bool:
    """'my partner put the K face up on the table. It was my lead, not his': a card put face
    up, and the very next sentence says whose lead it was - the card faced was a lead
    (Law 54), not a card dropped. 'It wasn't his turn' there may be a turn to play: not read."""
    end = clause_end(lowered, event.end)
    if "face_up" not in event.how or not _PUT_VERB.search(
        lowered, event.start, min(end, event.end + 40)
    ):
        return False
    after = end + 1 if end < len(lowered) else end
    following = (after, clause_end(lowered, after))  # the sentence right after the card
    return (
        not any(following[0] <= e.start < following[1] for e in events)
        and _WHOSE_LEAD_AFTER.match(lowered, following[0]) is not None
        and wrong_leader.search(lowered, *following) is not None
        and _whose_lead_told(lowered, *following)
    )


_WHOSE_LEAD_AFTER = lazy_pattern(
    r"\s*(?:but |and |only |yet |though )?(?:it|that) (?:was|is|wasn't|isn't)\b"
)
"""A sentence opening on whose lead it was ('It was my lead', 'That wasn't his lead')."""


_PUT_WORDS = (
    *("put", "slam", "slap", "chuck", "toss", "plonk", "bang", "threw", "throw", "laid"),
    *("flick", "tabled", "tables", "slid"),
)
"""A card put on the table in everyday words: a lead or a play, as the sentence tells."""


_PUT_WORDS_ALL = (
    *("puts?", "slam(?:s|med)?", "slap(?:s|ped)?", "chuck(?:s|ed)?", "toss(?:es|ed)?"),
    *("plonk(?:s|ed)?", "bang(?:s|ed)?", "threw", "throws?", "laid", "lays?", "tabled"),
    *("tables", "slid(?:es)?", "flick(?:s|ed)?"),
)


_PUT_VERB = lazy_pattern(rf"\b(?:{'|'.join(_PUT_WORDS_ALL)})\b")
"""A card put on the table, its actor named first ('my partner put the K face up')."""


_WHOSE_LEAD = lazy_pattern(
    r"(?<!to )(?<!on )(?<!\bto the )\b(?:your|ur|my|his|her|their|our|[a-z]+'s) (?:own )?lead\b"
    r"|\b(?:on|to) lead\b|\bturn to lead\b"
)
"""Whose lead it was: 'your lead', 'it was dummy's lead', 'pd was on lead' - not 'played to
his lead'."""


def _whose_lead_told(lowered: str, start: int, end: int) -> bool:
    """Whose lead it was, said in the clause - not the card a lead was ('pd's lead to t4 was
    the d3 and dummy played low': dummy played to that lead, it led nothing)."""
    return any(
        not _LEAD_CARD_NAMED.match(lowered, m.end())
        for m in _WHOSE_LEAD.finditer(lowered, start, end)
    )


_LEAD_CARD_NAMED = lazy_pattern(
    r"(?:\s+(?:to|at|in|on) (?:trick|t)\s*(?:1[0-3]|[1-9]))?\s+(?:was|is)\s+"
    r"(?:the|a|an|[shdc♠♥♦♣]\s?(?:10|[akqjt2-9])|(?:10|[akqjt2-9])\s?[shdc♠♥♦♣])\b"
)


_PLAYED_TO = lazy_pattern(
    r"\s+(?:\w+\s+){0,3}?(?:to|on) (?:it|that|the|his|her|my|your|their|\w+'s)\b"
    r"(?! (?:table|cloth)\b)"
)


def _lead_hand(lowered: str, play: PlayStory, lead: Event) -> Seat | None:
    """The seat of the hand a lead came from: the leader's own, or dummy's when declarer led
    'from dummy' (declarer's seat known); declarer's lead with no hand told: not known."""
    declarer = play.declarer
    if declarer is None and lead.role == "declarer" and "alleged" not in lead.how:
        declarer = lead.actor  # 'I'd played the DK from hand' when in dummy: the seat that led
        # from declarer's wrong hand is declarer's own
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
        if _NOT_YET_PLAYED.search(lowered, max(0, event.start - 20), event.start):
            continue  # 'lho hasn't played yet': a card still to come accepts nothing
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


_NOT_YET_PLAYED = lazy_pattern(
    r"\b(?:hasn't|hadn't|has not|had not|haven't|have not|didn't|did not|never)\s+"
    r"(?:yet\s+|even\s+)?$"
)


_SITS_RIGHT = lazy_pattern(r"\bright\b|\blast to play\b|\bplays? last\b|\bfourth\b|\b4th\b")


_SITS_LEFT = lazy_pattern(r"\bleft\b|\blho\b|\bnext to play\b|\bsecond\b|\b2nd\b")
"""Words placing the player who played to the lead: they must agree with the seats."""


def _lead_response(
    lowered: str,
    after: int,
    role: Role | None = None,
    play: PlayStory | None = None,
    leader: Seat | None = None,
) -> str | None:
    """What the other side chose about a lead out of turn, when the story tells it in the
    lead's sentence or the next: 'made him take the card back', 'told him to lead from the
    right hand' (refused), 'declarer accepted it' (accepted). Both, or neither: None. Only
    the side that chooses decides it (declarer after a defender's lead, a defender after
    declarer's: 'dummy refused it', 'his partner accepted it' are no choice made), and a
    leader whose side is not known leaves only words with nobody named."""
    ends = [m.end() for m in re.finditer(r"[.;!?]", lowered[after:])]
    told = lowered[after : after + ends[1] if len(ends) > 1 else len(lowered)]
    if _SIDE_SPLIT.search(told):
        return None  # 'lho says take it back, rho says no I'll keep it': the side disagrees
    side = {"defender": "defender", "declarer": "declarer", "dummy": "declarer"}.get(role or "")
    decider = Decider("non_offending", leader, side, in_play=True)

    def chosen(pattern: re.Pattern[str]) -> bool:
        return any(
            play is None
            or decided_by(play.story, play, after + m.start(), after + m.start(), decider)
            for m in pattern.finditer(told)
        )

    refused = chosen(_LEAD_REFUSED)
    accepted = chosen(_LEAD_ACCEPTED)
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
    r"|\b(?:did not|didn't|would not|wouldn't)\s+accept(?:\s+(?:it|the lead|the card))?\b"
    r"(?!\s+(?:that|whether|if|the (?:claim|score|result|call|bid)))"
    r"|(?:(?<=\bdeclarer )|(?<=\bdecl )|(?<=\bhe )|(?<=\bshe ))(?:refused|rejected|declined)\b"
    r"(?!\s+to\b)"
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
    r"|\b(?:said|says|goes)\W+(?:i'll|ill|i will) (?:take it|accept(?: it)?)\b(?!\s*back)"
    r"|\b(?:said|says|goes)\W+(?:(?:ok|okay|fine|that's fine|thats fine|no problem)\W+)?"
    r"(?:just )?play on\b"
)
"""The other side let the lead out of turn stand (Law 53A): 'said "fine, play on"' is a
statement that the lead stands, from whoever says it (only the chooser's words choose)."""


def lead_choice_said(lowered: str, start: int) -> bool:
    """Words from ``start`` to the end of their sentence accept or refuse a lead ('dummy said
    "fine, play on"', 'dummy told him to take it back'), whoever said them."""
    end = clause_end(lowered, start)
    return bool(
        _LEAD_ACCEPTED.search(lowered, start, end) or _LEAD_REFUSED.search(lowered, start, end)
    )


_ACCEPT_WISHED = lazy_pattern(r"\b(?:want|wants|wanted|would like|was happy|is happy) to accept\b")
"""One player's wish, not a choice made: with the other's words the side may disagree (55A)."""


def _from_the_other_hand(
    lowered: str, lead: Event, events: tuple[Event, ...], speaker: Role | None = None
) -> bool:
    """The last trick won in one of declarer's hands ('won in dummy', 'dummy won trick 4') and
    the lead made from the other. ``speaker``: the teller's role ('in my hand' told by dummy
    is in dummy)."""
    source = _LED_FROM.match(lowered, lead.start)
    if source is None:
        return False
    wins = list(_WON_IN.finditer(lowered, 0, clause_end(lowered, lead.end)))
    side = _hand_side(wins[-1].group("hand") or wins[-1].group("winner")) if wins else None
    if wins and wins[-1].group("mine") and wins[-1].group("hand") == "hand":
        # 'she won a trick in my hand': the teller's hand, dummy's when he is dummy
        side = {"dummy": "dummy", "declarer": "hand"}.get(speaker or "")
    by_role = [e for e in events if e.act == "win" and e.start < lead.start and e.role == "dummy"]
    if side is None and by_role and by_role[-1].words in ("dummy", "the dummy", "board"):
        side = "dummy"  # 'dummy won trick 4 with the ace'
    said = _IN_HAND_SAID.search(lowered)
    if side is None and said is not None:
        side = _hand_side(said.group("hand") or "board")  # dummy warned: 'you're in dummy'
    return side is not None and side != _hand_side(source.group("hand"))


_IN_HAND_SAID = lazy_pattern(
    r"\b(?:you're|you are|lead is|lead was|it's|it was|you were|he was|she was|declarer was"
    r"|declarer is|(?:i was|i'm|i am)(?: (?:the )?declarer(?: and|,)(?: was)?)?) in "
    r"(?:the |your |his |her )?(?P<hand>dummy|board|hand)\b"
    # 'you were on the board', 'you're on the table': said to declarer, the table is dummy
    r"|\b(?:you're|you are|you were|lead is|lead was) (?P<on>on) (?:the )?(?:board|table)\b"
)
"""Where the lead was, as the table or declarer said it ('you're in dummy', 'the lead was in
hand', 'i was declarer and in dummy')."""


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
    r"\b(?:won|took|wins|takes) (?:it |the (?:last |previous |\w+ )?trick |that trick |that "
    r"|trick (?:1[0-2]|[1-9]) |a trick )?"
    r"(?:(?:with|by) (?:the |a )?\S+ )?(?:in|on) (?:the |his |her |his own |her own "
    r"|(?P<mine>my |my own ))?"
    r"(?P<hand>dummy|board|table|hand)\b"
    r"|\b(?:the )?(?P<winner>dummy|board)(?:'s \w+)? (?:had )?won\b"
    r"(?! (?:the )?trick (?:1[0-3]|[1-9]) (?:in|on))"
)
"""'won trick 5 in dummy', 'had won T12 in hand', 'when dummy had won': the hand that won the
last trick, and so leads the next ('won a trick in my hand' told by dummy: in dummy)."""


_LAST_TRICK = lazy_pattern(
    r"(?<!won )(?<!won the )(?<!took the )\b(?:last|final|13th|thirteenth) trick\b|\btrick 13\b"
)


_WON_TRICK_IN = lazy_pattern(r"\bwon trick (1[0-2]|[1-9]) (?:in|on)\b")


_LED_FROM = lazy_pattern(
    r"[^.;!?]{0,30}?\bfrom (?:the |his |her |my |his own |her own |my own )?"
    r"(?P<hand>dummy|board|table|hand)\b"
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
    if (
        claimant.kind == "possessed"
        and claimant.relation == "partner"
        and claimant.words.startswith(("his ", "her "))
        and lead.actor is None
        and lead.words in ("", "he", "she")
    ):  # 'a guy put his card face down ... then his partner said "no its me"': the leader's
        # own partner, the only player the story named before him
        return True
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
    r"|\b(?:but|whereupon|though|although)\b[^.;!?]{0,50}\bhad (?:actually |really |in fact )?"
    r"won (?:the (?:previous|last|earlier) (?:trick|one)|trick \d+|it)\b"
)
"""'but it was actually my lead', 'it was E's own lead actually', 'but pd had won trick 4':
whose lead it really was."""


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
    # the choice offered to him ("said 'you can choose' to the declarer", 'told declarer he
    # could choose')
    r"|\b(?:you can|you may|you get to|you) choose\W{0,3} to (?:the )?declarer\b"
    r"|\b(?:told|asked|reminded) (?:the )?declarer (?:to choose|(?:he|she) (?:can|could|may|might)"
    r" choose|what (?:he|she) want(?:s|ed))\b"
)
"""Declarer choosing what to do about the lead: the lead was a defender's (Laws 53-54)."""


_LEAD_BEFORE = lazy_pattern(
    r"\b(?:after|since|once|before)\s+(?:[\w']+\s+){0,2}$"
    r"|\b(?:had|has|have)(?:n't| not)\s+(?:yet\s+)?$|\bnot yet\s+$|\byet to\s+$"
)
"""'after LHO's lead out of turn was withdrawn': what went before the matter told; 'E had not
yet led': no lead at all."""


_AUCTION_JUST_OVER = lazy_pattern(
    r"\bauction (?:was |had )?(?:over|ended|finished)\b|\bafter the auction\b"
)


_IN_TURN = lazy_pattern(
    r"\s*(?:\w+\s+)?(?:properly|correctly|in turn|from the (?:right|correct) hand)\b"
)


_DECLARING_WORDS = lazy_pattern(
    r"\b(?:dummy(?! (?:wasn't|was not|hadn't|had not|isn't|is not|not) (?:even |yet )?"
    r"(?:down|faced|tabled|out|gone down|come down|been faced|been put down))"
    r"|declarer|board|from (?:his|my) hand)\b"
)
"""With none of these, partners quarrelling over whose lead it is are the defenders (dummy
told as not yet faced names no act of the declaring side)."""


_TOLD_TURN = lazy_pattern(
    r"\btold (?:me|him|her|us|my pd|my partner|pd|partner)\b"
    # 'told him to lead from the right hand' is the rectification, not the cause of the lead
    # ('told her to take it back and lead from the board' too)
    r"(?! to (?:take\b|(?:lead|play|call a card) (?:again )?from\b))"
    r"[^.;!?]{0,30}\b(?:lead|turn)\b"
    r"|'(?:it'?s |it is )?(?:your|ur) (?:lead|turn)(?:,? [a-z]+(?: [a-z]+)?)?[.!]?'"  # ', east'"
    r"|\bsaid (?:it was|it's) (?:my|his|her|your) (?:lead|turn)\b"
)
"""An opponent said it was his lead: the lead he made on those words (Law 47E1)."""


_AT_THE_LAST_TRICK = lazy_pattern(
    r"(?:at |on |in |to )(?:the )?(?:last|final|13th|thirteenth) trick\b"
    r"|(?:the )?(?:last|final|13th|thirteenth) trick\s*[,:;.!-]|(?:at |on |to )?trick 13\b"
)
"""A story opening at trick 13 ('last trick, W put down the S3', 'at the last trick ...'), not
'the last trick was won by E' (the trick before)."""


_BEFORE_RELEAD = lazy_pattern(
    r"before (?:he|she|declarer) (?:had |could |was able to )?(?:led|lead) "
    r"(?:again|properly|correctly|from the (?:right|correct|proper) hand)\b"
)


_ON_ITS_RIGHT = lazy_pattern(
    r"\b(?:on|to) (?:the )?right of (?:it|the lead|the card|dummy|declarer|that)\b"
    r"|\bon (?:dummy's|declarer's|its|the lead's) right\b"
)
"""The defender on the right of declarer's lead, who plays to it out of turn (53C)."""


_RELEAD_REQUIRED = lazy_pattern(
    r"\b(?:take|took|taken) (?:it|the card|that|his card|her card) back\b"
    r"|\b(?:lead|play|call a card|name a card) (?:again )?from (?:dummy|the board|the table|table"
    r"|(?:his |her |my |your |the other |the right |the correct )?hand)\b"
    r"|\b(?:lead|play) again\b|\bfrom the (?:right|correct|proper|other) one\b"
    r"|\b(?:start|begin) again from\b"
    r"|\blead from (?:there|here)\b"  # "'you're in hand, lead from there please'"
)


_BEFORE_RELEAD_DONE = lazy_pattern(
    r"\bbefore (?:he|she|i|declarer|[nesw]|north|east|south|west)(?:'d)?\b (?:had |could "
    r"|was able to |got to |even |managed to |got round to )*(?:did|done|do|led|lead|re-?led"
    r"|re-?lead|called|call|named|name|played|play)\b"
    r"|\bbefore (?:he|she|i|declarer|[nesw]|north|east|south|west) (?:could|got the chance"
    r"|had the chance|had a chance)(?=\s*[,.;]|\s+(?:and|but)\b)"
)


_RELEAD_UNDER_WAY = lazy_pattern(
    r"\b(?:while|as) (?:he|she|declarer|[nesw]|north|east|south|west) (?:was|were) still "
    r"(?:reaching|pulling|choosing|deciding|thinking|looking|getting|finding|picking|sorting)\b"
)
"""Declarer still on his way to the lead from the right hand ('while declarer was still
reaching into dummy'): a card put out then is before his proper lead (60B)."""


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
    after = (
        required.end()
        if required
        else (lead.start if lead.facts.get("lead_response") == "refuse" else None)
    )  # the lead refused: declarer must lead again from the right hand (55A)
    before = after is not None and (
        _BEFORE_RELEAD_DONE.search(lowered, after) or _RELEAD_UNDER_WAY.search(lowered, after)
    )
    end = _sentence_end(lowered, before.end()) if before else 0
    if not before or _CARD_PUT.search(lowered, before.end(), end) is None:
        return found
    proven = {"premature_event": "after_illegal", "premature_after": "before_relead"}
    relead = Irregularity("played_before_turn", before.start(), proven)
    return sorted([*found, relead], key=_at)


def _partner_played_to_it(
    lowered: str, found: list[Irregularity], events: Sequence[Event] = ()
) -> list[Irregularity]:
    """The offender's own partner playing a card to his lead out of turn ('East, his partner,
    put the ace on it', 'N (S's partner) played the king on S's card'): a play to an irregular
    lead (Law 57, via 60), which :func:`_after_irregular_lead` then weighs."""
    kinds = {i.kind for i in found}
    if "lead_out_of_turn" not in kinds or "played_after_irregular_lead" in kinds:
        return found
    lead = next(i for i in found if i.kind == "lead_out_of_turn")
    played = _PARTNER_PLAYED.search(lowered, lead.start)
    partner = {"premature_after": "offending_side"}  # the offender's own side (60C)
    if played is not None:
        return [*found, Irregularity("played_after_irregular_lead", played.start(), partner)]
    led = next((e for e in events if e.act == "lead" and e.start == lead.start), None)
    if led is None or led.actor is None or "alleged" in led.how:
        return found
    to_it = next(
        (
            e
            for e in events
            if e.act in ("play", "follow")
            and e.start > led.end
            and e.actor is led.actor.partner
            and "alleged" not in e.how
        ),
        None,
    )  # 'pd led out of turn and I followed to it': the seats prove the leader's partner
    if to_it is None:
        return found
    return [*found, Irregularity("played_after_irregular_lead", to_it.start, partner)]


_PARTNER_PLAYED = lazy_pattern(
    r"\b(?:(?:his|her|their)(?: own)? (?:partner|pd)|\w+'s (?:partner|pd)\)?|\(\w+'s (?:partner"
    r"|pd)\))(?:,? (?:my |the )?(?:lho|rho|north|east|south|west|[nesw]),?)?"
    r"(?:,|\s+[a-z]+,)?"  # 'East, his partner, already put'; 'his partner Sue, ... played'
    r"(?:\s+[a-z' ]{1,40},)?"
    r"\s+(?:(?:had )?(?:already|then|also|immediately|quickly|just|promptly) )?"
    r"(?:played|put|followed|threw|dropped|chucked|slapped|tossed)\b"
)
"""The partner of the player who led, named as such, playing: 'his own partner followed',
'East, his partner, already put', 'N (S's partner) played', 'her partner, my LHO, played'."""


def _after_irregular_lead(
    found: list[Irregularity],
    told_out_of_turn: bool,
    lowered: str | None = None,
    wrong_defender: bool = False,
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
        and (
            "card_exposed" in kinds[: kinds.index("lead_out_of_turn")]
            or any(i.kind == "card_exposed" and i.start == faced.start for i in found)
        )  # told before the lead, or the very card the lead was read from
    ):  # the card the wrong defender put face up is his opening lead (Law 54; a penalty
        # card only if declarer refuses it, which that topic rules): one irregularity
        found = [i for i in found if i.kind != "card_exposed"]
        kinds = [i.kind for i in found]
    to_it = next(
        (i for i in found if i.kind in ("played_before_turn", "played_before_partner")), None
    )
    if (
        to_it is not None
        and faced is not None
        and to_it.kind == "played_before_partner"
        and to_it.start == faced.start
        and faced.facts.get("lead_trick") == "later"
    ):  # 'i won t6 but pd put a club out for t7 before i could lead': the one card is the next
        # trick's lead by the wrong defender (Law 56), not a card played before his partner
        found = [i for i in found if i is not to_it]
        to_it = None
    before_relead = to_it is not None and to_it.facts.get("premature_after") == "before_relead"
    if (
        to_it is not None
        and faced is not None
        and not before_relead  # the lead already taken back: no lead left to play to (60B)
        and (wrong_defender or faced.facts.get("lead_response") == "wrong_defender")
        and faced.facts.get("lead_offender_role") == "declarer"
        and to_it.start > faced.start
    ):  # the defender on the right of declarer's lead out of turn played to it: the lead
        # stands and 57 follows from it (53C), the lead topic's own ruling
        return [i for i in found if i is not to_it]
    relead = next((i for i in found if i.kind == "played_before_turn"), None)
    if (
        relead is not None
        and "lead_out_of_turn" in kinds
        and kinds.index("lead_out_of_turn") == 0
        and (
            found[0].facts.get("lead_offender_role") == "declarer"
            or relead.facts.get("premature_after") == "before_relead"
        )  # a relead required proves declarer's lead from the wrong hand
        and not relead.facts.get("premature_event", "").startswith("declarer")
    ):  # a defender's card put out before declarer led again from the right hand (Law 60B);
        # after a defender's lead out of turn, or declarer's own early play, there is no relead
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
        # a defender playing to declarer's lead out of turn: Law 53 and 55 first. The
        # defender on its right playing (53C) is met there too: the lead stands, and the lead
        # topic hands his card on to Law 57 - the lead is still what was told first
        return found
    if (
        lowered is not None
        and lead.facts.get("lead_offender_role") != "declarer"
        and after.facts.get("premature_after") != "offending_side"  # named as his partner
        and (
            _DECLARING_SIDE_PLAYED.search(
                _ASIDE.sub(
                    "",
                    lowered[max(clause_start(lowered, after.start), lead.start + 1) : after.start],
                )
            )
            # the lead reader read the card played to it as the next hand's, accepting it
            # ('i led ... lho played to it'): the same 53A, told by the seats
            or lead.facts.get("lead_response") == "accept"
        )
    ):
        return found  # declarer's side played to a defender's lead out of turn: 53A accepts it
    return [after, *(i for i in found if i is not after)]


_ASIDE = lazy_pattern(r"\([^()]*\)")
"""Words in brackets ('(declarer had won)'): told aside, not who played."""


_DECLARING_SIDE_PLAYED = lazy_pattern(r"\b(?:declarer|decl|dummy|the board)\b")
"""Who played to the lead out of turn, named before the card: declarer's side, the
offender's opponents (the labelling sheet: the next hand's card accepts the lead, 53A)."""
