"""What the other side did about a lead out of turn, read from where the players sit (53, 55).

A card played to the lead by the hand next in rotation accepts it (53A); after declarer's
lead from the wrong hand, the defender on the right of that hand playing to it is 53C. Players
tell where that defender sits rather than his seat: 'the player on the right of the card',
'my pd, who sits on dummy's right', 'the one who plays last to it', 'sitting after dummy'.
Each such place is turned into the side of the hand the card was led from; the words 'played'
or 'followed' alone never decide (they say a card went on the trick, not from which chair).
Two defenders who choose differently about declarer's lead are the disagreement 55A leaves to
the first of them to speak. Words that do not agree decide nothing: the fact is asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Literal

from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.play_situations import declarer_faced_hand
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event

Side = Literal["left", "right"]
"""Where a defender sits against a hand: on its left (plays next), on its right (plays last)."""
Hand = Literal["hand", "dummy"]


def played_to_lead(lowered: str, events: Sequence[Event], play: PlayStory) -> str | None:
    """'accept' when the defender on the lead's left played to it (53A), 'wrong_defender' when
    the one on its right did after declarer's lead (53C); None when the words place him
    nowhere, or in two places."""
    leads = _leads(lowered, events)
    if not leads:
        return None
    lead = leads[0]
    declarers = _declarers_lead(lowered, lead, play)
    hand = _lead_hand(lowered, lead) if declarers else None
    next_lead = next(
        (e.start for e in leads[1:] if not lowered.endswith("card ", 0, e.start)), len(lowered)
    )
    end = _sentences_after(lowered, lead.end, 2)
    places: set[Side] = set()
    for verb in _PLAYED_TO.finditer(lowered, lead.end, min(end, next_lead)):
        parts = _parts(lowered, verb.start())
        if not parts or _NOT_PLAYED.search(lowered, parts[-1][0], verb.end()):
            continue
        for a, b in parts:
            told = _STILL_TO_PLAY.sub(" ", lowered[a:b])  # the place of one who had not played
            places |= _places(told, hand, speaker_led=lead.words in ("i", "me"))
        places |= _seat_place(play, hand, parts[-1][0], verb.start())
    if not declarers and _declarer_played_to_it(lowered, events, play, lead, end, next_lead):
        places.add("left")  # declarer, who alone chooses, played to it from the hand next
    if len(places) != 1:
        return None
    side = places.pop()
    if side == "left":
        return "accept"  # the next hand played to it
    return "wrong_defender" if declarers else None


def _declarer_played_to_it(
    lowered: str,
    events: Sequence[Event],
    play: PlayStory,
    lead: Event,
    end: int,
    next_lead: int,
) -> bool:
    """After a defender's lead out of turn, declarer (or dummy, whose cards he plays) told
    putting a card on it: the side that alone chooses went on with the trick (53A)."""
    for event in events:
        if not lead.end < event.start < min(end, next_lead) or event.act != "play":
            continue
        if "alleged" in event.how or "not_yet" in event.how:
            continue
        if _NOT_PLAYED.search(lowered, _piece_start(lowered, event.start), event.end):
            continue
        if event.role in ("declarer", "dummy") or _declarer_words(
            event.words, event.start, event.end, play
        ):
            return (
                _PLAYED_TO.search(lowered, event.start, clause_end(lowered, event.end)) is not None
            )
    return False


def defenders_split(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """After declarer's lead out of turn (from the wrong hand, or when a defender was on lead),
    the two defenders told choosing differently: one to accept it, the other not ('pd wants
    to accept, I want it taken back'; "W: 'I'll accept that'. E: 'no, lead from dummy'")."""
    leads = _leads(lowered, events)
    if not leads:
        return False
    lead = leads[0]
    if not _declarers_lead(lowered, lead, play):
        return False
    after = lowered[lead.end :]
    if _IN_QUESTION_ONLY.search(after):
        return False
    if _SPLIT.search(after):
        return True
    accept = _WANTS_IT.search(after)
    refuse = _WANTS_IT_BACK.search(after)
    voices = {m.group(0) for m in _TWO_VOICES.finditer(after)}
    return accept is not None and refuse is not None and len(voices) > 1


def _leads(lowered: str, events: Sequence[Event]) -> list[Event]:
    """The leads told: 'led', and a card played or called from one of declarer's hands when
    the story says where the lead was ('played the D4 from his hand but he had won T5 in
    dummy', 'called a club from dummy'): at a trick's first card, playing it is leading it."""
    leads = [e for e in events if e.act == "lead" and "alleged" not in e.how]
    if leads:
        return leads
    where = _WAS_IN.search(lowered)
    return [
        e
        for e in events
        if e.act == "play"
        and "alleged" not in e.how
        and where is not None
        and _FROM_HAND.search(lowered, e.start, clause_end(lowered, e.end))
    ][:1]


def _declarers_lead(lowered: str, lead: Event, play: PlayStory) -> bool:
    """The lead is declarer's: by role, by the contract's seat, the speaker who declares, or
    a lead from one of two hands ('from dummy'; 'from his hand' when the story says where the
    lead was) by a player not named as a defender or as another seat than declarer's."""
    if lead.role in ("declarer", "dummy"):
        return True
    if lead.role == "defender":
        return False
    if lead.actor is not None and play.declarer is not None:
        return lead.actor in (play.declarer, play.declarer.partner)
    if lead.words in ("i", "me") and play.speaker_role == "declarer":
        return True
    if lead.actor is not None and lead.words not in ("i", "me", "he", "she"):
        return False  # a seat named, declarer's not known: perhaps a defender's lead
    return _lead_hand(lowered, lead) is not None


def _lead_hand(lowered: str, lead: Event) -> Hand | None:
    """The hand declarer led from: named with the lead ('led the S4 from dummy', 'from his own
    hand', which only declarer's two hands make worth saying when the story says where the
    lead was), else the other one of where the lead was ('he had won T5 in dummy')."""
    told = _FROM_HAND.search(lowered, lead.start, clause_end(lowered, lead.end))
    was = _WAS_IN.search(lowered)
    if told is not None and told.group("hand") in _DUMMY_WORDS:
        return "dummy"
    if told is not None and (was is not None or lead.role in ("declarer", "dummy")):
        return "hand"
    if was is None or _WAS_IN.search(lowered, was.end()) is not None:
        return None
    return "hand" if was.group("hand") in _DUMMY_WORDS else "dummy"


def _sentences_after(lowered: str, position: int, count: int) -> int:
    end = position
    for _ in range(count):
        end = clause_end(lowered, end) + 1
        if end >= len(lowered):
            return len(lowered)
    return end


def _parts(lowered: str, verb: int) -> list[tuple[int, int]]:
    """Spans of the verb's sentence that may place its player: the piece holding the verb
    (split where another player's act may begin: ', but', ', and', ' while') and the pieces
    before it that tell no card left unplayed ('North - on declarer's left - did nothing')."""
    start, end = clause_start(lowered, verb), clause_end(lowered, verb)
    cuts = [start, *(m.start() for m in _SPLIT_AT.finditer(lowered, start, end)), end]
    spans = [(a, b) for a, b in pairwise(cuts) if b > a]
    found: list[tuple[int, int]] = []
    for a, b in spans:
        if a <= verb < b:
            return [*found, (a, b)]
        if not _NOT_PLAYED.search(lowered, a, b):
            found.append((a, b))
    return found


def _seat_place(play: PlayStory, hand: Hand | None, start: int, end: int) -> set[Side]:
    """The place the contract's seats give the player named before the verb: they must agree
    with the words ('2S by W ... N, on the right of the card': N is next, so nothing is read)."""
    if hand is None or play.declarer is None:
        return set()
    led_from = play.declarer if hand == "hand" else play.declarer.partner
    seats = [p.seat for p in play.story.players if start <= p.start < end and p.seat is not None]
    if not seats:
        return set()
    relation = led_from.relation_to(seats[-1])
    return {"left"} if relation == "lho" else {"right"} if relation == "rho" else set()


def _piece_start(lowered: str, verb: int) -> int:
    """Where the verb's own piece of its sentence begins (after ', and', ', but', ...)."""
    start = clause_start(lowered, verb)
    cuts = [m.start() for m in _SPLIT_AT.finditer(lowered, start, verb)]
    return cuts[-1] if cuts else start


_STILL_TO_PLAY = lazy_pattern(
    r"\b(?:before|while|until)\b[^.;!?]{0,50}?\b(?:had |has |have )?(?:played|followed|play)\b"
)
"""'before my LHO (W, 2nd to play) had played': where that player sits says nothing of the one
who put his card on."""
_SPLIT_AT = lazy_pattern(r"(?=,? but |, and | and then | while | whereas )")


def _places(part: str, hand: Hand | None, *, speaker_led: bool) -> set[Side]:
    """Every place the words put the player against the hand led from."""
    found: set[Side] = set()
    for match in _GENERIC.finditer(part):
        found.add("right" if match.group("right") else "left")
    if hand is None:
        return found
    for match in _AGAINST_HAND.finditer(part):
        owner = match.group("owner") or match.group("owner2") or match.group("owner3")
        said = match.group("side") or match.group("side2") or match.group("side3")
        if owner in _DUMMY_WORDS:
            of: Hand = "dummy"
        elif owner in ("my", "me") and not speaker_led:
            continue  # the speaker's own chair: his place says nothing of declarer's hands
        else:
            of = "hand"
        side: Side = "right" if said in ("right", "rho") else "left"
        found.add(side if of == hand else _OTHER[side])
    for match in _AFTER_HAND.finditer(part):
        of = "dummy" if match.group("owner") in _DUMMY_WORDS else "hand"
        found.add("left" if of == hand else "right")
    return found


_OTHER: dict[Side, Side] = {"left": "right", "right": "left"}
"""A defender on the left of one of declarer's hands is on the right of the other."""
_DUMMY_WORDS = ("dummy", "dummy's", "dummys", "board", "the board", "table", "the table")

_FROM_HAND = lazy_pattern(
    r"\b(?:from|out of|off) (?:the )?(?P<hand>dummy|board|table"
    r"|(?:his|her|my|declarer's|their) (?:own )?hand|hand)\b"
)
_WAS_IN = lazy_pattern(
    r"\b(?:won|was|were|had been|is|being|lead was|won it|won the (?:last |previous )?trick"
    r"|won trick (?:1[0-2]|[1-9])) (?:in|on) (?:the )?(?P<hand>dummy|board|table|hand"
    r"|(?:his|her|my) (?:own )?hand)\b"
)
"""Where the lead was: the trick before won there, or the table said so."""

_PLAYED_TO = lazy_pattern(
    r"\b(?:played|plays|playing|followed|follows|put|puts|chucked|chucks|dropped|drops|stuck"
    r"|sticks|threw|throws|tossed|plonked|slapped|slid)\b"
    r"(?! (?:(?:his|her|my|their) )?(?:own )?(?:whole )?(?:hand|cards|dummy)\b)"
    r"(?![^.;!?]{0,30}\b(?:face up|on the table|down on the table)\b)"
    r"(?:[^.;!?]{0,40}?\b(?:on|to|onto) (?:it|that|this|the lead|the card|his lead|her lead)\b"
    r"|(?= (?:small|low|a small|a low|a card|the [akqjt2-9♠♥♦♣]|his [akqjt2-9♠♥♦♣]"
    r"|her [akqjt2-9♠♥♦♣]|my [akqjt2-9♠♥♦♣]|with ))"
    r"|(?<=followed)|(?<=follows))"
)
"""A card put on the lead: the verb, with 'on it' / 'to it' or the card that follows."""
_NOT_PLAYED = lazy_pattern(
    r"\b(?:hadn't|had not|hasn't|has not|haven't|have not)(?: yet)? (?:played|followed|put|done)\b"
    r"|\b(?:didn't|did not|doesn't|does not|never) (?:play|follow|put)\b|\bnot yet\b"
    r"|\bdid nothing\b|\bsat there\b|\babout to\b|\bgoing to\b|\bwants? to\b|\bwanted to\b"
    r"|\bthinking about\b|\bthinking what\b|\bbefore (?:playing|he played|she played)\b"
)
"""A piece telling a card not played (yet): 'lho hadn't played', 'W sat there'."""

_GENERIC = lazy_pattern(
    r"(?P<right>\b(?:on|to|at) the right of (?:it|that|this|the (?:card|lead)(?: led)?|that card)\b"
    r"|\blast to play\b|\bplays? last\b|\bplaying last\b|\bfourth (?:to play|hand|in line)\b"
    r"|\b4th (?:to play|hand)\b|\brho of (?:the|that) (?:card|lead)\b)"
    r"|(?P<left>\b(?:on|to|at) the left of (?:it|that|this|the (?:card|lead)(?: led)?|that card)\b"
    r"|\bnext to play\b|\bsecond to play\b|\b2nd (?:to play|hand)\b|\bsecond hand\b"
    r"|\blho of (?:the|that) (?:card|lead)\b)"
)
"""Places against the card led itself, whichever hand it came from."""
_AGAINST_HAND = lazy_pattern(
    r"\b(?:on|to|at|sits on|sitting on) (?P<owner>dummy's|dummys|declarer's|decl's|his|her|my)"
    r" (?P<side>right|left)\b"
    r"|\b(?:on|to|at) the (?P<side2>right|left) of (?:the )?(?P<owner2>dummy|board|declarer)\b"
    r"|\b(?P<owner3>dummy's|declarer's|decl's|his|her) (?P<side3>rho|lho)\b"
)
"""Places against one of declarer's hands ('on dummy's right', "declarer's lho")."""
_AFTER_HAND = lazy_pattern(
    r"\b(?:plays?|playing|sits|sitting|next|who is next|one|is|was) (?:right |straight )?after "
    r"(?P<owner>dummy|the board|declarer|declarer's hand)\b"
)
"""'sitting after dummy': the player on that hand's left."""

_SPLIT = lazy_pattern(
    r"\b(?:we|they|the defenders|defenders|the opponents|opps|the two of them|both of them)"
    r" (?:disagree\w*|argu\w+|(?:can't|cannot|couldn't|don't|do not|didn't|did not) agree)\b"
    r"|\bdefenders (?:split|differ\w*)\b|\bone defender\b[^.;!?]{0,60}\bthe other\b"
    r"|\bare arguing\b|\bwere arguing\b|\bcan't both\b"
)
_WANTS_IT = lazy_pattern(
    r"\b(?:wants?|wanted|wished|would like|wishes) to (?:just )?(?:accept|keep|leave it|let it"
    r"|take it as)|\b(?:said|says|goes)\W+(?:fine\W+|ok\W+|okay\W+)?(?:i'll |ill |i |we )?accept"
    r"|\bi'll accept\b|\bi accept\b|\baccepted\b|\bhappy with (?:it|that)\b|\bfine,? keep it\b"
    r"|\bi'll just play to it\b|\bwe accept\b"
)
"""One defender's choice to let declarer's lead stand."""
_WANTS_IT_BACK = lazy_pattern(
    r"\b(?:wants?|wanted) (?:it|that|the card) (?:back|taken back|put back)\b"
    r"|\b(?:wants?|wanted|want) (?:him|her) to (?:lead|go back|play) (?:from|to)\b"
    r"|\bmake (?:him|her) lead from\b|\b(?:he|she) (?:has to|must|should) lead from\b"
    r"|\b(?:said|says|goes)\W+no\b|\bno,? (?:make (?:him|her) )?lead from\b"
    r"|\bi (?:didn't|don't|dont|did not)(?= *(?:[,.;!?]|$| want| agree| accept))|\binsists?\b"
    r"|\b(?:partner|pd|pard|the other|rho|lho|he|she) (?:did not|didn't|does not|doesn't)\b"
)
"""The other defender's choice to have it led from the right hand."""
_TWO_VOICES = lazy_pattern(
    r"\b(?:pd|partner|pard|lho|rho|[nesw]|west|east|north|south|left-hand opponent"
    r"|right-hand opponent|i|me|the other|one defender)\b"
)
"""Two defenders named after the lead: the choices are theirs, one each."""
_IN_QUESTION_ONLY = lazy_pattern(r"^[^.;!]*\b(?:what if|suppose|if one)\b")


def declarer_took_it(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """After a defender's lead out of turn, declarer - who alone chooses (53A, 54) - told
    saying he takes it ("declarer said 'ok, I accept'", "N says he will take it" with N
    declaring): not asked ('can I say I accept?'), not denied, not one defender's word."""
    leads = _leads(lowered, events)
    if not leads or _declarers_lead(lowered, leads[0], play):
        return False
    for said in _TAKES_IT.finditer(lowered, leads[0].end):
        who = said.group("who")
        if lowered.find("?", said.end(), clause_end(lowered, said.end()) + 1) >= 0:
            continue  # asked, not told
        verb = said.start("said") if said.group("said") else said.start("wish")
        if _NEGATION.search(lowered, max(said.start(), verb - 8), said.end()):
            continue  # 'said no, I won't accept', "doesn't want it to stand"
        if _declarer_words(who, said.start(), said.end("who"), play):
            return True
    return False


def _declarer_words(who: str, start: int, end: int, play: PlayStory) -> bool:
    """The words name declarer: by role, the speaker who declares, or declarer's seat."""
    if who in ("declarer", "decl", "dec", "declarer's"):
        return True
    if who in ("i", "i'm", "me"):
        return play.speaker_role == "declarer"
    seats = [p.seat for p in play.story.players if start <= p.start < end]
    return play.declarer is not None and bool(seats) and seats[-1] is play.declarer


_TAKES_IT = lazy_pattern(
    r"\b(?P<who>declarer|decl|dec|i|he|she|[nesw]|north|south|east|west)\b[^.;!?]{0,30}?"
    r"(?:\b(?P<said>said|says|goes|replied|announced)\b\W{0,3}"
    r"(?:(?:ok|okay|fine|it's fine|that's fine|thats fine|yes|sure|right|very well|well)\W+)*"
    r"(?:(?:i'll|ill|i will|i'd|i would|i|he'll|he will|he'd|she'll|she will|she'd) )?"
    r"(?:take (?:it|that)|accept(?:s| it| that| the lead| the card)?)\b"
    r"|\b(?P<wish>wants?|wanted|would like|chose|chooses|decided|decides|is happy|was happy)"
    r" (?:(?:it|the lead|the card) to stand|to accept(?: it| the lead| the card)?"
    r"|to let it stand)\b)"
)
"""Declarer's words taking the lead: 'said ok, I accept', 'says he will take it'."""
_NEGATION = lazy_pattern(r"\b(?:not|never|won't|wouldn't|didn't|don't|doesn't|can't|no)\b")


def declarer_spread(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """After a defender's opening lead out of turn, declarer told putting his own hand face up
    or down on the table: he chose to be dummy (54A), with no claim told."""
    leads = _leads(lowered, events)
    if not leads or _declarers_lead(lowered, leads[0], play):
        return False
    return _HAND_DOWN.search(lowered, leads[0].end) is not None and declarer_faced_hand(
        lowered, events, play
    )


_HAND_DOWN = lazy_pattern(
    r"\b(?:put|puts|putting|laid|lays|lay|spread|spreads|tabled|faced|slapped)\b"
    r"(?: (?:down|out))? (?:(?:his|her|my) )?(?:own )?(?:whole )?(?:hand|cards)\b"
)
"""Declarer's own hand put on the table ('laid his whole hand down', 'put my own hand down')."""
