"""The shape of the calls and plays told: what they suggest, or rule out, without proving it."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from bot.core.calls import BID_PATTERN, Bid, Simple
from bot.core.play import find_cards
from bot.dialogue.incident import insufficient, read_incident
from bot.dialogue.play_reader import PlayStory
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.story import CallEvent, Story
from bot.lazy import lazy_pattern


def _call_shape(reading: str, story: Story) -> tuple[list[str], list[str]]:
    """What the calls named point to, and what they rule out."""
    suggested: list[str] = []
    kind = _auction_kind(reading, story)
    if kind is not None:
        suggested.append(kind)
    excluded = ["calls_in_rotation"] if _calls_in_rotation(reading, story) else []
    if not story.simultaneous and _ONE_BOX.search(reading):
        excluded.append(ONE_CALLER)
    if _doubles_only_asked_about(reading, story):
        excluded.append(DOUBLE_ASKED_ABOUT)
    return suggested, excluded


DOUBLE_ASKED_ABOUT = "double_asked_about"
"""Every double or redouble told is only what a player asked about ('LHO asked me about
partner's double'): asking about a call is not a call, so no double was made out of its
place (Laws 19, 35, 36): the topics of irregular doubles name this in ``excluded_by:``."""
_ASKED_ABOUT_BEFORE = lazy_pattern(
    r"\b(?:asked|asks|asking|ask|enquired|inquired|queried)\s+(?:\w+\s+){0,2}?"
    r"(?:about|what|the meaning of)\s+(?:[\w']+\s+){0,2}?$"
)
_OWN_SIDE_OBJECT = lazy_pattern(
    r"\s+of\s+(?:my|his|her|our|their own|pd's|partner's|his partner's|her partner's)\b"
)
"""'partner's double of my 1NT': a double of the own side's bid, an irregular double told."""


def _doubles_only_asked_about(reading: str, story: Story) -> bool:
    lowered = reading.lower()
    doubles = [e for e in story.events if e.call is not None and e.call in _DOUBLES]
    if not doubles:
        return False
    for event in doubles:
        floor = max(0, event.start - 60)
        if _ASKED_ABOUT_BEFORE.search(lowered, floor, _call_word_start(lowered, event)) is None:
            return False
        if _OWN_SIDE_OBJECT.match(lowered, event.end):
            return False
    return True


def _call_word_start(lowered: str, event: CallEvent) -> int:
    """Where the words naming the call begin: its maker's possessive before it, if any
    ("partner's double" begins at 'partner's')."""
    actor = event.actor
    if actor is not None and actor.end <= event.start and event.start - actor.end <= 2:
        return actor.start
    return event.start


_DOUBLES = (Simple.DOUBLE, Simple.REDOUBLE)
ONE_CALLER = "one_caller"
"""Two bidding cards pulled together from one player's box ('came out stuck together'): one
player's call, which one he made or meant (Law 25A), not two players calling at once (Law
33), which the topics of calls at the same moment name in ``excluded_by:``."""
_ONE_BOX = lazy_pattern(
    r"\bstuck (?:together|to each other|to one another)\b"
    r"|\b(?:two|2|both) (?:bid(?:ding)? )?cards (?:came|come|pulled|slid) out of (?:the|his|her|my"
    r"|their|\w+'s) (?:bidding )?box\b"
    r"|\bpulled (?:out )?(?:two|2|both) (?:bid(?:ding)? )?cards\b",
    re.IGNORECASE,
)


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
    r"(?<!from )(?<!to )(?<!in )(?<!on )(?<!of )(?<!with )(?<!at )(?<!'s )(?:"
    r"\bdummy\)\s+(?:piped up|pipes up|chimed in|chimes in|blurted out|blurts out)\b|"
    # 'my pd (dummy) pipes up': the aside naming dummy, then a word only of speaking up
    r"\bdummy\b(?!\s+and\b)(?!\s+to\b)"  # 'wanted dummy to tell him': not said
    r"(?:\s+(?!but\b|then\b|declarer\b|he\b|she\b|they\b|we\b|lho\b|rho\b|pd\b|down\b)\w+){0,4}?\s+"
    r"(?:told|tells|tell|said|says|say|pointed out|points out|point out|spotted|warn|"
    r"(?:turned|turns|leaned|leans) to \w+ and (?:said|says|asked|asks|told)|"
    r"warned|drew attention|draws attention|called (?:the )?(?:director|td)|summoned"
    r"|piped up|pipes up|chimed in|chimes in|blurted out|blurts out)\b)",
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
