"""A card put face up while the auction was on (Law 24).

Which card (an honour or not, one or several), whether the exposer's partner could see it and
the exposer's part in the play that followed each change the ruling, so each is read from
the card named, the seer named and declarer's seat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.core.calls import Seat
from bot.dialogue.auction_state import Found
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.story import Story
from bot.lazy import lazy_pattern

CARD_EXPOSED = "card_exposed_in_auction"
"""A player put a card face up (dropped, exposed, showed, led it) while the auction was on
(Law 24), or before the first call."""
_AUCTION_TIME = lazy_pattern(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bwhile (?:bidding|the auction)\b"
    r"|\bmid[- ](?:auction|bidding)\b|\bbefore the (?:auction|bidding) (?:was over|ended|had ended)"
    r"|\bin the middle of (?:the |our |their )?(?:auction|bidding)\b|\bwere bidding\b"
)
_BEFORE_FIRST_CALL = lazy_pattern(
    r"\bbefore (?:any(?:one|body) (?:had )?(?:bid|called)|the first call|any (?:bids|calls)"
    r"|any (?:bid|call) (?:was |had been |were |)made)\b"
)
_CARD_NAMED = lazy_pattern(
    r"\W*(?:\w+\W+){0,5}?(?:the |a |an |his |her )?(?:"
    r"(?P<several>(?:two|three|four|five|several|2|3|4|5) (?:of (?:his|her) )?cards)"
    r"|(?P<short>[shdc♠♥♦♣](?:10|[akqjt2-9])|(?:10|[akqjt2-9])[shdc♠♥♦♣])"
    r"|(?P<rank>ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)"
    r"(?! (?:of (?:his|her) )?cards)"
    r"|(?P<small>small|low) (?:spade|heart|diamond|club|card))\b"
)
_SEVERAL_BEFORE = lazy_pattern(
    r"\b(?:two|three|four|five|several|2|3|4|5) (?:of (?:his|her|my|their) )?cards\b"
)
"""The cards counted where the exposure is told: more than one went face up."""
_HONOURS = ("a", "k", "q", "j", "t", "10", "ace", "king", "queen", "jack", "ten")
_COULD_SEE = lazy_pattern(
    r"\b(?:saw|see|seen|could see|could have seen|might have seen)\b"
    r"|\blooking (?:right |straight )?at (?:it|them)\b|\bhelp (?:but )?seeing\b"
)
_IN_FRONT_OF = lazy_pattern(r"\bin front of\s+")
"""'landed face up in front of E': in position for him to see it."""
_ADVERBS = lazy_pattern(
    r"\b(?:definitely|clearly|obviously|plainly|easily|certainly|also|all|then|was|were|"
    r"couldn't help but|couldn't help|could not help but)\b"
)


def card_exposed(
    lowered: str,
    story: Story,
    play: PlayStory | None,
    exposures: Sequence[tuple[int, int, Seat | None]],
    not_over: re.Pattern[str] | None = None,
    during: re.Pattern[str] | None = None,
) -> Found | None:
    """A card put face up while the auction was on: which card, whether the exposer's partner
    could see it, and the exposer's part in the play that followed (Law 24). ``not_over``:
    the vocabulary's words that the auction was still on; ``during``: its words for a time
    in the auction ('during bidding', 'mid-auction')."""
    if not exposures:
        return None
    told_on = (
        _AUCTION_TIME.search(lowered)
        or (during is not None and during.search(lowered))
        or (not_over is not None and not_over.search(lowered))
    )
    if not (
        told_on
        or _BEFORE_FIRST_CALL.search(lowered)
        or (
            (_amid_the_calls(lowered, story, play, exposures[0][0]) or _AT_THE_BOX.search(lowered))
            and _a_playing_card(lowered, story, exposures[0][0], exposures[0][1])
        )
    ):
        return None
    start, end, exposer = exposures[0]
    if (
        isinstance(told_on, re.Match)
        and _LED.search(lowered, start, end)
        and _DECLARER_TOLD.search(lowered, 0, start)
        and not _BEFORE_FIRST_CALL.search(lowered)
        and told_on.start() < lowered.rfind(".", 0, start)
    ):  # 'declarer said i can't lead a heart because of pd's bid in the bidding ... i led a
        # heart anyway': the auction named is an earlier sentence's, the lead came after it
        return None
    facts: dict[str, str] = {}
    if _BEFORE_FIRST_CALL.search(lowered):
        facts["exposed_timing"] = "before_first_call"
    elif story.timeline or told_on:
        facts["exposed_timing"] = "auction"  # calls told, or the auction named as going on
    card = _CARD_NAMED.match(lowered, end, clause_end(lowered, end))
    if _LED.search(lowered, start, end):
        facts["exposed_card"] = "led"  # 'led the ♥A face up, thinking it was over' (24C)
    elif _SEVERAL_BEFORE.search(lowered, clause_start(lowered, start), end):
        facts["exposed_card"] = "several"  # 'two cards fell open, the S2 and the HJ'
    elif card is not None:
        if card.group("several"):
            facts["exposed_card"] = "several"
        elif card.group("small"):
            facts["exposed_card"] = "low"
        else:
            named = card.group("short") or card.group("rank")
            rank = named if card.group("rank") else named.strip("shdc♠♥♦♣") or named[0]
            facts["exposed_card"] = "honour" if rank in _HONOURS else "low"
    if exposer is not None:
        seer = _seer_after(lowered, story, end)
        # 'Ost knocked Süd's cards and one fell face up': not his own doing, whoever saw it
        own = not _knocked_by_another(lowered, story, start, end, exposer)
        if own and seer is not None and seer is exposer.partner:
            facts["exposed_seen"] = "yes"  # his own act, in his partner's view
        elif own and seer is None and _EVERYONE_SAW.match(lowered, end):
            facts["exposed_seen"] = "yes"  # 'everyone saw it': his partner among them
        elif seer in (exposer.lho, exposer.rho) and _ONLY.search(lowered, end):
            facts["exposed_seen"] = "opponents_only"  # 'only i (an opponent) could see it'
        outcome = _part_in_play(lowered, story, play, exposer)
        if outcome is not None:
            facts["exposed_outcome"] = outcome
    return Found(CARD_EXPOSED, start, facts)


_PLAY_TOLD = lazy_pattern(
    r"\b(?:led|lead|leads|leading|trick|tricks|played|plays|playing|declarer|dummy|defend\w*|"
    r"revoke\w*|claim\w*|conceded|contract|t\d{1,2})\b"
)
"""Words of the play: a card put face up in such a story may be the play's matter (Law 49)."""


def _amid_the_calls(lowered: str, story: Story, play: PlayStory | None, exposed: int) -> bool:
    """A card put face up in a story that tells calls made ('... while RHO thought over pd's
    1H') and nothing of the play: the auction was on (Law 24). Not when the story closed the
    auction before it ('N 1s E p me 4s all pass. W put the dK face up': an opening lead)."""
    if _PLAY_TOLD.search(lowered) or (play is not None and play.contract is not None):
        return False
    if story.closed_at is not None and story.closed_at <= exposed:
        return False
    return any(
        e.role == "made" and not _NOT_YET_BEFORE.search(lowered, max(0, e.start - 40), e.start)
        for e in story.timeline
    )


def _a_playing_card(lowered: str, story: Story, start: int, end: int) -> bool:
    """What went face up was from the hand: a card of the pack named in its clause (not a
    call, nor a card of the bidding box: 'the 2S card'), or - when nothing in the clause
    makes it a card of the bidding box ('his double card') - cards counted or knocked."""
    floor, stop = clause_start(lowered, start), clause_end(lowered, end)
    calls = [(e.start, e.end) for e in story.events]
    for named in _A_CARD.finditer(lowered, floor, stop):
        if not any(a <= named.start() < b for a, b in calls) and not _CARD_WORD.match(
            lowered, named.end()
        ):
            return True  # 'the ♠K fell from his hand', whatever box he reached for
    if _SEVERAL_BEFORE.search(lowered, start, end):
        return True  # 'let two cards fall face up': cards of the hand, counted
    if _BIDDING_CARD.search(lowered, floor, stop):
        return False
    card = _CARD_NAMED.match(lowered, end, stop)
    return bool(
        (card is not None and not card.group("small"))
        or _SEVERAL_BEFORE.search(lowered, floor, end)
        or _HAND_FACED.search(lowered, floor, end)
    )


_LED = lazy_pattern(r"\b(?:led|leads?|leading)\b")
_DECLARER_TOLD = lazy_pattern(r"\b(?:declarer|declaring|decl|dummy)\b")
"""A declarer (or dummy) already told before the lead: the auction was over when he led."""
"""The card was put out as a lead (the exposure told is a lead)."""
_CARD_WORD = lazy_pattern(r"\s+card\b")
"""'the 2S card': a card of the bidding box."""
_AT_THE_BOX = lazy_pattern(r"\b(?:bidding[- ]box|bid box|bidding card)\b")
"""'as N reached for his bidding box the ♠K fell face up': the auction was on, when what
fell is a card of the hand."""


_BIDDING_CARD = lazy_pattern(
    r"\b(?:bid|bidding|call|pass|double|redouble|dbl|x|xx|stop|alert|no ?bid)\s+cards?\b"
    r"|\bbox\b|\b\d\s*(?:nt|[shdc♠♥♦♣])\s+card\b"
)
"""A card of the bidding box, not of the hand."""
_A_CARD = lazy_pattern(
    r"(?<![\w♣♦♥♠])(?:[shdc♠♥♦♣](?:10|[akqjt2-9])|(?:10|[akqjt2-9])[shdc♠♥♦♣])(?![\w♣♦♥♠])"
    r"|\b(?:ace|king|queen|jack)\b"
)
"""A card named inside the words of the exposure ('knocked her C6 onto the table')."""
_HAND_FACED = lazy_pattern(r"\b(?:his|her|my|their|the) (?:cards|hand)\b")
"""'knocked his cards', 'her hand fell over': the hand itself."""


_NOT_YET_BEFORE = lazy_pattern(r"\b(?:before|until|till|if|whether|without)\b[^.;!?]*$")
"""'before anyone had said no bid': a call spoken of as not yet made."""


_KNOCKED = lazy_pattern(r"\b(?:knocked|bumped|flipped|pushed|brushed|nudged|hit|jogged)\b")


def _knocked_by_another(lowered: str, story: Story, position: int, end: int, exposer: Seat) -> bool:
    """Another player named as knocking the cards over, in the sentence of the exposure (or
    in its words: 'W knocked N's cards over'): the card is face up through no act of its
    holder (his partner's view of it is then not 'his own doing')."""
    floor = max(lowered.rfind(c, 0, position) for c in ".;!?") + 1
    knock = _KNOCKED.search(lowered, floor, end)
    if knock is None:
        return False
    before = [r.seat for r in story.players if floor <= r.start < knock.start() and r.seat]
    return bool(before) and before[-1] is not exposer


def _seer_after(lowered: str, story: Story, position: int) -> Seat | None:
    """'..., i saw it', '..., his pd could see it': the player who saw, after the exposure."""
    seen = _COULD_SEE.search(lowered, position)
    front = _IN_FRONT_OF.search(lowered, position, clause_end(lowered, position))
    if front is not None and (seen is None or front.start() < seen.start()):
        named = [r for r in story.players if r.start == front.end() and r.kind != "pronoun"]
        return named[0].seat if named else None
    if seen is None:
        return None
    floor = max(position, lowered.rfind(",", 0, seen.start()) + 1)
    subject = [r for r in story.players if floor <= r.start < seen.start()]
    between = (
        _ADVERBS.sub(
            "", re.sub(r"\([^)]*\)|\bcould\b", "", lowered[subject[-1].end : seen.start()])
        )
        if subject
        else ""
    )
    if not subject or re.search(r"[a-z]{3,}", between):
        return None  # words between: not the subject of the seeing
    return subject[-1].seat


_EVERYONE_SAW = lazy_pattern(
    r"[^.;!?]{0,60}?\b(?:everyone|everybody|all of us|all four(?: of us)?|the whole table|"
    r"we all|they all|both sides)\b(?: at the table)? (?:could |can |would have )?"
    r"(?:saw|seen|see|could see)\b"
)
"""'..., everyone saw it': every player at the table, so the exposer's partner as well."""
_ONLY = lazy_pattern(r"\bonly (?:i|me|we|us|lho|rho|an? opponents?|the opponents?|opps)\b")
_PART_TOLD = lazy_pattern(
    r"\b(?P<who>we|i|he|she)(?:'re|'m| are| am| is| was| were)?\s+(?:now\s+)?"
    r"(?:ended up\s+|became\s+|becomes\s+)?(?:the\s+|a\s+)?"
    r"(?P<part>defending|declaring|declarer|dummy|defenders?)\b"
)


_PART_OF_NAMED = lazy_pattern(
    r"\b(?:lho|rho|pd|partner|my partner|my pd|north|south|east|west|[nesw])"
    r"(?:'s| is| was| will be| is going to be| became| becomes| ended up| ends up)\s+"
    r"(?:now\s+)?(?:the\s+|a\s+)?(?P<part>defending|declaring|declarer|dummy|defenders?)\b"
)
"""'lho will be a defender', 'N became dummy': a named player's part once the auction ended."""


def _part_in_play(lowered: str, story: Story, play: PlayStory | None, exposer: Seat) -> str | None:
    """Declaring or defending, once the auction ended: from declarer's seat, or from the
    speaker's role when the exposer is on his side."""
    if play is None:
        return None
    named = _PART_OF_NAMED.search(lowered)
    if named is not None:
        ref = next((r for r in story.players if r.start == named.start()), None)
        if ref is not None and ref.seat is not None and ref.kind != "pronoun":
            declaring = named.group("part").startswith(("declar", "dumm"))
            ours = ref.seat in (exposer, exposer.partner)
            return "declaring" if declaring == ours else "defending"
    told = _PART_TOLD.search(lowered)
    if told is not None:
        who, part = told.group("who"), told.group("part")
        declaring = part.startswith(("declar", "dumm"))
        if who in ("he", "she"):
            return "declaring" if declaring else "defending"  # the exposer, told last
        speaker = story.speaker
        if speaker is not None:
            ours = exposer in (speaker, speaker.partner)
            return "declaring" if declaring == ours else "defending"
    if play.declarer is not None:
        return "declaring" if exposer in (play.declarer, play.declarer.partner) else "defending"
    speaker = story.speaker
    if play.speaker_role is not None and speaker is not None:
        ours = exposer in (speaker, speaker.partner)
        declaring = play.speaker_role in ("declarer", "dummy")
        return "declaring" if declaring == ours else "defending"
    return None
