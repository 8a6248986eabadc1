"""Read a description as a story: who is who, and which calls were made, meant or misread.

Players are named two ways: by compass seat ("East", "N") and relative to the person
typing ("I", "pd", "my LHO", "opps"). Both are placed in one frame of seats only when
that needs no guess: relative words get seats when the speaker's own seat is stated, or
when no compass seat is named at all (the speaker is then put at a stand-in seat and the
ruling names players relative to him). "His partner" is read relative to the player named
just before. Anything else stays unknown, and the dialogue asks.

Calls are read with their role: made at the table, meant ("meant 1H", "changed it to 2S"),
misread ("thinking it was 4H"), mentioned again ("not seeing the 2D") or only supposed
("we'd have run to 5C"). Statements that a
player has not called yet, whose turn it was and who dealt are kept beside the calls, so
that facts like "it was his LHO's turn" are worked out for the offender, never read off a
word. Nothing here decides a ruling: :mod:`bot.dialogue.incident` does, from this record.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import Literal, TypeVar

from bot.core.auction import Auction, Entry
from bot.core.calls import (
    BID_PATTERN,
    Bid,
    Call,
    Seat,
    Simple,
    bid_from_match,
    simple_from_word,
)
from bot.dialogue.disputed import in_dispute
from bot.lazy import lazy_pattern

_View = TypeVar("_View")

Relation = Literal["self", "lho", "partner", "rho"]
Frame = Literal["compass", "speaker", "anchored", "none"]
"""compass: seats named, no speaker words; speaker: only words relative to the speaker (a
stand-in seat is used); anchored: both, with the speaker's seat stated; none: no player named."""

STAND_IN_SEAT = Seat.SOUTH
"""Where the speaker is put when he names players only relative to himself."""

_RELATIONS: dict[str, Relation] = {
    "partner": "partner",
    "pd": "partner",
    "pard": "partner",
    "ptnr": "partner",
    "p'ner": "partner",
    "lho": "lho",
    "rho": "rho",
}
_OFFSETS: dict[Relation, int] = {"self": 0, "lho": 1, "partner": 2, "rho": 3}


_SEAT_WORDS = frozenset({"north", "east", "south", "west"})


def relation_seat(seat: Seat, relation: Relation) -> Seat:
    return seat.offset(_OFFSETS[relation])


# -- player words -------------------------------------------------------------------------------

_REL_WORDS = (
    r"partner|pd|pard|ptnr|p'ner|lho|rho|"
    r"left[- ]hand[- ]opp(?:onent|o)?|right[- ]hand[- ]opp(?:onent|o)?|"
    r"(?:the |a )?(?:man|lady|gentleman|woman|chap|fellow|guy|player|opponent) (?:on|to) my"
    r" (?:left|right)|"
    r"(?:the |a )?(?:man|lady|gentleman|woman|chap|fellow|guy|player|opponent) (?:on|to) the"
    r" (?:left|right) of me|"
    r"(?:the |a )?(?:man|lady|gentleman|woman|chap|fellow|guy|player) (?:sitting |sat )?"
    r"(?:opposite(?: me)?|across (?:the table )?from me|across the table)(?![\w'])|"
    r"(?:the |a )?(?:man|lady|gentleman|woman|chap|fellow|guy|player|opponent) (?:on|to)"
    r" (?:his|her) (?:left|right)"
)
"""Words naming a player relative to the speaker ('the lady on my left' is his LHO, 'the
gentleman opposite' his partner), or to the player named before ('the man on her left')."""
_PERSON = r"man|lady|gentleman|woman|chap|fellow|guy|gent|bloke"
"""A person named by a noun: a seat only once the story has tied that noun to one."""
_PERSON_RE = lazy_pattern(
    rf"(?<![\w'])(?:the\s+|that\s+|this\s+|a\s+)?(?:old\s+|young\s+|other\s+|same\s+)?"
    rf"(?P<person>{_PERSON})(?![\w'])"
)
_PLAYER_RE = lazy_pattern(
    rf"(?<![\w'])(?:(?P<owner>(?:my\s+)?(?:partner|pd|pard|lho|rho)'s|[a-z]+'s|my|his|her|their)"
    rf"\s+(?:own\s+)?)?"
    rf"(?P<rel>{_REL_WORDS})(?P<rel_poss>'s|s')?(?![\w'])"
    r"|(?<![\w'])(?P<seat>north|east|south|west)(?P<seat_poss>'s)?(?![\w'])"
    r"|(?<![\w'])(?P<me>i|me|myself|mine)(?![\w])"
    r"|(?<![\w'])(?P<opp>opps|opp|oppo|oppos|opponents|opponent)(?P<opp_poss>'s|s')?(?![\w'])"
    r"|(?<![\w'])(?P<pronoun>he|she|him|hers)(?![\w'])"
    r"|(?<![\w'])(?P<offender>the offender|offender)(?![\w])"
    r"|(?<![\w'])(?P<next>the next player|next player)(?![\w])",
    re.IGNORECASE,
)
_SEAT_LETTER_RE = lazy_pattern(r"(?<![\w♣♦♥♠'])(?P<letter>[NESW])(?P<poss>'s)?(?![\w♣♦♥♠])")
"""Single-letter seats count in capitals ("N opened"); a lone 's' or 'n' only as below."""
_LOWER_SEAT_LETTER_RE = lazy_pattern(
    r"(?<![\w♣♦♥♠'])(?P<letter>[nesw])(?P<poss>)(?=\s*\(\s*(?:dummy|declarer|defender)\b|\s+(?:"
    r"led|leads|played|plays|ruffed|ruffs|trumped|overruffed|discarded|discards|threw|throws|"
    r"pitched|pitches|won|wins|followed|follows|showed|shows|revoked|claimed|claims|conceded|"
    r"concedes|bid|bids|passed|passes|doubled|doubles|redoubled|opened|opens|overcalled|"
    r"responded|raised|dropped|faced|exposed|said|says|asked|asks|called|calls|hesitated|"
    r"tanked|alerted|explained|then|had|has|held|holds|still)\b)"
)
"""In lowercase shorthand a lone letter is a seat only as the subject of an act ("n ruffed",
"s led", "w (dummy) played"): elsewhere 's' and 'n' are too often something else."""
_LEVEL_BEFORE = lazy_pattern(r"(?<![\w])(?P<number>\d) $")
"""'1 S' is a bid: a seat letter after a number only when the number is a trick's."""
_TRICK_NUMBER_BEFORE = lazy_pattern(r"\btricks?\s*(?:no\.?\s*|number\s*)?\d $", re.IGNORECASE)
_FIRST_PERSON_RE = lazy_pattern(r"(?<![\w'])(i|me|my|mine|myself|we|us|our|i'm|i've|i'd)(?![\w])")
_SPEAKER_SEAT_RES = (
    lazy_pattern(
        r"\b(?:i|we)\s*(?:am|'m|was|were|sat|sit|sitting|play(?:ed|ing)?)\s+(?:as\s+)?(?:the\s+)?"
        r"(north|east|south|west)\b"
    ),
    lazy_pattern(r"\b(?:i|me)\s*\(\s*(north|east|south|west|[nesw])\s*\)"),
    # the seat with the speaker in brackets after it ('3NT by S (me)', 'East (that's me)')
    lazy_pattern(
        r"\b(north|east|south|west|[nesw])\s*\(\s*(?:me|myself|that'?s me|it'?s me|i)\s*\)"
    ),
    lazy_pattern(r"\bas\s+(north|east|south|west),?\s+i\b"),
    lazy_pattern(r"\b(?:i'm|im)\s+(north|east|south|west)\b"),
    lazy_pattern(r"\b(?:i'm|i am)\s+([nesw])\b(?![\w'])"),
    lazy_pattern(r"\bi\s+dealt\s*\(\s*(north|east|south|west|[nesw])\s*\)"),  # 'I dealt (S)'
    lazy_pattern(  # 'i was dealer on bd 10 (east)': the dealer's seat, his own
        r"\bi\s*(?:am|'m|was)\s+(?:the\s+)?dealer(?:\s+(?:on|for|of)\s+(?:bd|board)\s*\d+)?"
        r"\s*\(\s*(north|east|south|west|[nesw])\s*\)"
    ),
    # 'i was sitting south', 'i'm sat in the north seat', 'i sat S', 'i was W'
    lazy_pattern(
        r"\bi\s*(?:(?:am|'m|was)\s+)?(?:sitting|seated|sat|sit)\s+(?:in\s+)?(?:the\s+)?"
        r"(north|east|south|west|[nesw])(?:\s+seat)?(?![\w'-])"
    ),
    lazy_pattern(
        r"\bi\s*(?:am|'m|was)\s+(?:playing\s+)?in\s+the\s+(north|east|south|west)\s+seat\b"
    ),
    lazy_pattern(r"\bi\s+was\s+([nesw])(?![\w'-])"),
    lazy_pattern(r"\bi\s+(?:played|was playing|am playing)\s+(north|east|south|west)\b(?!')"),
    lazy_pattern(r"\bme\s*[=:]\s*(north|east|south|west|[nesw])(?![\w'-])"),  # 'me=S'
    # 'sitting north, my lho ...' at the start of a sentence: the teller's own seat
    lazy_pattern(
        r"(?:^|[.;!?\n]\s*)(?:sitting|seated|sat)\s+(?:in\s+)?(?:the\s+)?"
        r"(north|east|south|west|[nesw])(?:\s+seat)?\s*[,:;-]"
    ),
)


_RELATION_SEAT_RES = (
    lazy_pattern(  # 'my partner (N)', 'pd (north)'
        r"(?<![\w'])(?<!his )(?<!her )(?<!their )(?<!'s )(?:my\s+)?(?P<rel>partner|pd|pard|lho|rho)"
        r"\s*\(\s*(?P<seat>north|east|south|west|[nesw])\s*\)"
    ),
    lazy_pattern(  # 'north (my partner)', 'E (pd)'
        r"(?<![\w'])(?P<seat>north|east|south|west|[nesw])\s*\(\s*(?:my\s+)?"
        r"(?P<rel>partner|pd|pard|lho|rho)\s*\)"
    ),
    lazy_pattern(  # 'pd was N', 'my lho is sitting west', 'my partner, north,'
        r"(?<![\w'])(?<!his )(?<!her )(?<!their )(?<!'s )(?:my\s+)?(?P<rel>partner|pd|pard|lho|rho)"
        r"(?:\s+(?:was|is|sat)(?:\s+sitting)?\s+(?:in\s+)?(?:the\s+)?|\s*,\s*(?=\w+\s*,))"
        r"(?P<seat>north|east|south|west|[nesw])(?![\w'-])"
    ),
)
"""A player named relative to the teller with his seat beside him: the teller's own seat."""


def _placed_relations(lowered: str) -> set[Seat]:
    """The teller's seats that the players placed beside their relation words prove (one, or
    several that contradict each other: then none is used)."""
    seats: set[Seat] = set()
    for pattern in _RELATION_SEAT_RES:
        for match in pattern.finditer(lowered):
            relation = _RELATIONS[match.group("rel")]
            seats.add(Seat.parse(match.group("seat")).offset(-_OFFSETS[relation]))
    return seats


@dataclass(frozen=True)
class PlayerRef:
    """Words naming a player, as typed, and the seat they resolve to (None: unknown)."""

    start: int
    end: int
    words: str
    kind: Literal[
        "seat",
        "speaker",
        "relative",
        "possessed",
        "opponent",
        "pronoun",
        "offender",
        "next",
        "person",
    ]
    seat: Seat | None = None
    relation: Relation | None = None
    """For relative words: the relation to the speaker (or to the owner, when possessed)."""
    unnamed_owner: bool = False
    """'his RHO' with nobody named before it: his is the player the story is about."""


# -- calls ------------------------------------------------------------------------------------

_SIMPLE_WORDS = (
    r"pass|passes|passed|no bid|no-bid|double|doubles|doubled|doubling|redouble|redoubles|"
    r"redoubled|redoubling|dbl|rdbl|xx|x"
)
_CALL_RE = lazy_pattern(
    rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?![\w♣♦♥♠])"
    rf"|(?<![\w♣♦♥♠'-])(?<!\w')(?P<simple>{_SIMPLE_WORDS})(?![\w♣♦♥♠'-])"
    rf"|(?<![\w'])'(?P<quoted>double|redouble)(?![\w♣♦♥♠-])"
    rf"|(?<![\w'])'(?P<said_pass>pass|no bid)'(?!\w)",
    re.IGNORECASE,
)
_PLURAL_NUMBER = lazy_pattern(r"(?:one|two|three|four|five|six|seven)s", re.IGNORECASE)
"""A number word with the plural's 's' ('ones', 'twos', 'sevens'): English, not a spades bid."""
_RUN_SEAT = r"north|east|south|west|[NESW]"
_RUN_PERSON = r"me|lho|rho|pd|partner|my partner|my lho|my rho"
"""A player named relative to the speaker in brackets after his call ('1NT (me) 2C (lho)')."""
_RELATIVE_WORD = lazy_pattern(_RUN_PERSON, re.IGNORECASE)
_RUN_TOKEN_RE = lazy_pattern(
    rf"(?<![\w♣♦♥♠])(?:(?:(?P<seat>{_RUN_SEAT})|(?P<person>{_RUN_PERSON})"
    rf"(?:\s*\(\s*(?P<person_seat>{_RUN_SEAT})\s*\))?|\(\s*(?P<seat_bracket>{_RUN_SEAT})\s*\))"
    rf"(?:\s*[:=\-–]\s*|\s+))?\(?\s*"
    rf"(?:{BID_PATTERN}|(?P<simple>pass|p|no bid|nb|x|xx|dbl|rdbl|double|redouble))"
    rf"(?:\s*[(\[]\s*(?:by\s+)?(?P<seat_after>{_RUN_SEAT}|{_RUN_PERSON})\s*[)\]]"
    rf"|\s+by\s+(?P<seat_by>{_RUN_SEAT})|\s*\)?)(?![\w♣♦♥♠])",
    re.IGNORECASE,
)
"""One call of an auction typed in a row, with its maker's seat when typed beside it: before
it ('N 1H', 'N: 1H', 'N-1H', '(W) P'), or the player relative to the teller before it ('me
2S', 'pd (W) P': one run with the seats typed, each call placed on its maker), after it in
brackets ('1H (N)', '1H(N)', '2C (lho)') or named after it ('3S by N, E x, S p': a run of
calls, so 'by N' is the bid's maker, not declarer; 'x by pd' is read by
``_maker_listed_by``, so the calls told after the run stay in the told auction)."""
_RUN_GAP = lazy_pattern(r"^[\s,;\-–—/|()\[\]]*(?:\([^()\d]{1,40}\)[\s,;\-–—/|]*)?$")
"""What may stand between two calls of a typed auction: separators, or one short aside in
brackets with no call in it ('N p (out of turn, before W), E p')."""
_NEGATED_CALL_BEFORE = lazy_pattern(
    r"\b(?:nobody|no one|no-one|noone|never|without|not|hadn't|hasn't|didn't|had not|has not|"
    r"did not|wasn't)\s+(?:had\s+|has\s+|yet\s+|been\s+|even\s+|an?\s+|any\s+)*$"
    r"|\b(?:there\s+(?:was|is|had been|has been)|with)\s+no\s+$"
)
"""'nobody had doubled', 'without a double', 'there was no double': a call denied, not made."""
_RULED_OUT_BEFORE = lazy_pattern(
    r"\b(?:can't|cant|cannot|can not|couldn't|mustn't|must not|shouldn't|won't|wouldn't|"
    r"not allowed to|isn't allowed to|aren't allowed to)\s+(?:be\s+|just\s+|even\s+)?$"
)
""""you can't redouble that": a call ruled out in words, neither made nor told as not made."""
_HYPOTHETICAL_BEFORE = lazy_pattern(
    r"\b(?:should|would|could|might|shouldn't|wouldn't|couldn't|mightn't|shouldnt|wouldnt|"
    r"couldnt|can't|cant|cannot|can not|mustn't|won't)\s+(?:not\s+|never\s+|just\s+|even\s+)?"
    r"(?:have\s+|'ve\s+|of\s+|be\s+allowed\s+to\s+)?(?:just\s+|simply\s+|really\s+)?"
    r"(?:bid|bidding|opened|open|doubled|double|redoubled|redouble|passed|pass|called|call|"
    r"raised|raise|rebid|overcalled|overcall|responded|respond|gone|go|jumped to|jump to)?\s*$"
    r"|\b(?:i|he|she|we|they|you)'d\s+have\s+(?:just\s+)?(?:bid|opened|doubled|redoubled|"
    r"passed|called|raised|rebid|overcalled|responded|gone)?\s*$"
    r"|\b(?:should've|would've|could've|might've)\s+(?:bid|opened|doubled|redoubled|passed|"
    r"called|raised|rebid|overcalled|responded|gone)?\s*$"
    r"|\b(?:does|did|do|will|would|can)\s+(?:it|that|this|his call|her call)\s+$"
)
""""i should have bid 2S", "he'd have doubled", "you can't bid 2S": a call wished for, supposed
or ruled out, not one made at the table; "does it double my 4S?": what a call made does."""
_OBLIGED_BEFORE = lazy_pattern(
    r"\b(?:had to|has to|have to|must|should|obliged to|required to|forced to|bound to"
    r"|(?:told|ordered|instructed|directed|supposed|needed|ought) to)\s+(?:just\s+)?$"
)
"""'had to pass', 'had been told to pass': an obligation or an instruction, not a call."""
_NOT_A_PASS_BEFORE = lazy_pattern(
    r"\b(?:final|last|third|fourth|3rd|4th|closing|three|four|3|4|two|2|second|2nd)\s+$", re.I
)
"""'the final pass', 'three passes': passes referred to, not a call being told."""
_TRICK_BEFORE = lazy_pattern(r"\btricks?\s*(?:no\.?\s*|number\s*)?$", re.IGNORECASE)
"""'trick 6 S led': the number is a trick's, the letter the seat that led to it - no bid."""
_RESULT_AFTER = lazy_pattern(
    r"^(?:\s*x{1,2}\b)?\s*(?:[+=]|-\s*[1-9](?!\s*(?:nt|[cdhs♣♦♥♠]|no\b|club|diam|heart|spade))"
    r"|(?:making|made|went down|went off|[1-9] off|[1-9] down)\b)",
    re.IGNORECASE,
)
"""'4S+1', '3NT=', '4S x making': a contract with its result, as scored - no bid."""
_NOT_A_PASS_AFTER = lazy_pattern(
    r"^\s*(?:out\b(?! of (?:turn|rotation|order))|it out\b|the board out\b|(?:the )?bidding box)",
    re.I,
)
"""'passed out', 'pass out the board': a passed-out board, not one pass being told."""

_PASSED_OUT_AFTER = lazy_pattern(
    r"^\s*out\s*(?:[.,;:!?)]|$|(?:and|then|but|so|with|fast|quickly|quick|at once|in a hurry"
    r"|immediately|instantly|straight away|right away|smoothly)\b)",
    re.I,
)
"""'pd passed out fast', 'RHO passed out, and then': the pass itself - not 'passed out the
third pass', which names a pass already told."""
_PASSER_BEFORE = lazy_pattern(r"^\s*(?:(?:then|also|just|quickly|finally|promptly|\w+ly)\s+)?$")


def _one_player_passed_out(lowered: str, story: Story, start: int, after: str) -> bool:
    """'pd passed out fast', 'then RHO passed out': one player named just before the verb
    made the pass that closed the auction - one pass told, not the board passed out by all
    four ('we passed it out', 'the board was passed out')."""
    if not _PASSED_OUT_AFTER.match(after):
        return False
    named = [
        p
        for p in story.players
        if p.end <= start and p.kind in ("seat", "speaker", "relative", "possessed")
    ]
    if not named or named[-1].words.lower() in ("we", "us", "they", "them"):
        return False
    return _PASSER_BEFORE.match(lowered[named[-1].end : start]) is not None


_WANTED_BEFORE = lazy_pattern(
    r"(?:\b(?:meant|meaning|means|mean|intended|intending|intends|wanted|wants|wanting|want|"
    r"instead of|rather than|in place of|would rather|prefer(?:s|red)?|trying|tried|tries|"
    r"make that|"
    r"no,? wait,?|correction:?|about to|going to|(?:was|were) (?:going|reaching|aiming) for|"
    r"(?:was|were) after|"
    r"(?:goes|went|reached|reaches|reaching|going) for the (?:bidding )?box(?: again)? to"
    r"|(?:went|goes|go|reached|reaches|moved|started|starts|began|begins) to"
    r"|(?:had|'d|has)\s+(?:already\s+|just\s+)?decided\s+(?:to|on)|decided to|plann(?:ed|ing) to"
    r"|(?:can|could|may|might)\s+(?:i|he|she|we|they|you|pd|partner|lho|rho)"
    r"(?:\s+(?:still|now|just|then|not))*)"
    r"|\b(?:change|changed|changes|changing|correct|corrected|corrects|correcting|switch|switched|"
    r"replace|replaced|replaces|replacing|substitute|substituted|substituting|swap|swapped|fix|fixed)"
    r"\s+(?:it|this|that|the call|the bid|his call|his bid|her call|her bid|my call|my bid)?\s*"
    r"(?:to|with|into|for|by))"
    r"(?:\s+(?:to\s+)?(?:bid|pull|say|call|make|put(?: out)?|show|open|take(?: out)?|do|play|use|"
    r"grab|overcall|come(?: back)? in with|compete with))?"
    r"(?:\s+to)?"
    r"(?:\s+(?:a|an|the|it|out|her|his|my|card|bid|of))*\s*['\"‘“]?$",
    re.IGNORECASE,
)
"""Words just before a call that make it the call meant or wanted, not one made."""
_WOULD_HAVE_BEFORE = lazy_pattern(
    r"\b(?:would|'d|could|might|should|may)(?:\s+not|n't|nt)?\s+(?:\w+\s+)?have\s+"
    r"(?:(?:just|simply|happily|probably|certainly|definitely|surely|then|also)\s+)?"
    r"(?:bid|run|gone|got|stopped|played|competed|sacrificed|saved|pulled|signed off|called"
    r"|opened|overcalled|doubled|redoubled|passed|jumped|raised|rebid|ended|been|stayed"
    r"|bailed|escaped|removed|converted|bid on|gone on|pushed)"
    r"(?:\s+(?:on|out|it|up|off|down|back|again))?"
    r"(?:\s+(?:to|in|into|at|with|for))?(?:\s+(?:a|an|the|it|out|our|their|my|his|her))*\s*$",
    re.IGNORECASE,
)
"""'they'd have run to 5C', 'I would have bid 4S', 'pd could have doubled': a call supposed,
not made (what a side says it would have done, had it known)."""
_INSTEAD_AFTER = lazy_pattern(r"^\s*instead\b(?!\s+of)", re.IGNORECASE)
_TO_BEFORE = lazy_pattern(r"^\s*(?:to|into|for|with)\s+$")
_CHANGE_VERB_BEFORE = lazy_pattern(
    r"\b(?:change|changed|changes|changing|correct|corrected|switch|switched|replace|replaced|"
    r"swap|swapped)\s+(?:his\s+|her\s+|my\s+|the\s+)?$"
)
_MISREAD_BEFORE = lazy_pattern(
    r"\b(?:thinking(?!\s*(?:and|for|about|hard|long|,))"
    r"|thought(?! better|\s+(?:for|about|hard|long))"
    r"|believing|believed|assuming|assumed|mistook|misread|"
    r"misreading|misheard|mistaking)\b[^.;!?]{0,30}$",
    re.IGNORECASE,
)
_IN_MIND_AFTER = lazy_pattern(r"^\s*in (?:my|his|her|their|your) (?:mind|head)\b", re.I)
"""'i'd opened 1NT in my mind': a call only believed made, not one made."""
_REFERENCE_BEFORE = lazy_pattern(
    r"\b(?:seeing|see|saw|noticing|notice|noticed|missed|missing|over|after|above|below|"
    r"beat|beating|than|still in|played in|playing in|about|what|explain|explained|explaining|"
    r"alert|alerted|alerting|meaning of|explanation of|explanation for"
    r"|(?:we|they|you|we're|were|they're|theyre|you're|youre|i'm|im|we are|they are)"
    r"\s+(?:now\s+|still\s+|just\s+)?in)"
    r"\s+(?:the\s+|his\s+|her\s+|their\s+|my\s+|an?\s+)?$"
    r"|\b(?:the|his|her|their|its|my|our|this|that)\s+$",
    re.IGNORECASE,
)
_REFERENCE_AFTER = lazy_pattern(
    r"^\s*(?:(?:was|is|had been|has been|would be|will be)\b"
    r"(?!\s+(?:bid|made|called|doubled|passed))"
    r"|(?:meant|means|showed|shows|promised|promises|denied|denies)\b"
    r"|(?:stands|stood|counts|counted|stays|stayed|remains|remained|on top|underneath"
    r"|(?:should|must|has to|will|would) (?:stand|count|stay))\b"
    r"|cards?\s+(?:was|is|had been|has been)\s+(?:still\s+|already\s+|just\s+)?"
    r"(?:sitting|lying|there|on the table|in front)\b)"
)
"""'2C was actually clubs', '2D showed hearts', '3D would be a transfer', 'the pass card was
sitting there', 'pass stands', 'pass on top': a call told earlier, named to say what it meant
or that its card lay on the table - not a call made again."""
_CARD_DESCRIBED_AFTER = lazy_pattern(
    r"^\s*cards?\s+(?:was|is|were|are|sat|sits|lay|lies|stood|stands|right|just|behind|next"
    r"|beside|under|underneath|above|below|on top|stuck)\b"
)
_THE_CARD_BEFORE = lazy_pattern(r"(?:^|[^\w'])(?:the|a|my|his|her|their)\s+$")
_CARD_PLACED_BEFORE = lazy_pattern(
    r"\b(?:put|puts|placed|places|pulled|pulls|took|takes|grabbed|picked|laid|dropped|slapped"
    r"|pushed|played|used|showed|bid|made)\s+(?:out\s+|down\s+|up\s+)?(?:the|a|my|his|her)\s+$"
)
"""'the 1S card was right behind it', 'his pass card sat on top': a bidding-box card described
(where it lay), not a call made - unless a verb puts it out ('pulled the 1S card was...')."""
_OWNED_PASS_BEFORE = lazy_pattern(
    r"\b\w+'s\s+(?:(?:quick|fast|slow|first|second|last|final|late|early|own|original|hasty"
    r"|snap|immediate|insufficient|opening|initial)\s+)?$"
)
"""'my lho's pass was the third one', 'S's quick pass', "rho's double": a call already told,
named as its maker's."""
_EMPHATIC_BEFORE = lazy_pattern(
    r"\b(?:did|really|definitely|certainly|had|had already|already|'d|'d already)\s+$"
)
"""'she did pass', 'but she had passed': a call insisted on, told again - not another call
(only when the same player's same call is told before)."""
_REPORTED_BEFORE = lazy_pattern(
    r"\b(?:says|said|claims|claimed|insists|insisted|agrees|agreed|thinks|thought|reckons)"
    r"\s+(?:that\s+)?(?:north|south|east|west|[nesw]|lho|rho|pd|partner|he|she|i)\s+"
    r"(?:had\s+|did\s+)?(?:bid\s+)?$"
)
"""'E says W passed', 'N claims S bid 2H': one player's account of a call told before."""
_ORDER_AFTER = lazy_pattern(r"^\s*(?:before|after|ahead of)\s+(?!(?:that|this|it)\b)\w")
_AGAIN_BEFORE = lazy_pattern(r"\b(?:again|re-?bid|then)\s+$|\bagain\b")
"""'i did, i passed before west': the same player's call told again to place it in the order
(only when he is told making it before, and not said to call again)."""
_SINCE_BEFORE = lazy_pattern(r"\bsince\s+(?:his|her|their|its)\s+(?:own\s+)?$")
"""'lho hasn't called since his pass': a call named as the time since which nothing happened,
made at some point the words do not place - not a call told in its order."""
_A_KIND_BEFORE = lazy_pattern(
    r"(?:^|[.,;:!?(]\s*|\b(?:but|and|so|because|cos|since)\s+)(?:a|an|any)\s+$"
)
_A_KIND_AFTER = lazy_pattern(
    r"\s+(?:is|isn't|isnt|is not|can't be|cannot be|can never be|is never|counts as|"
    r"doesn't count|does not count|never counts)\b"
)
"""'why? a double isn't insufficient', 'a pass is never a bid': a kind of call spoken of in
general, at the start of its clause and followed by what it is - no call made at the table."""
_CONTRACT_PROPOSED_BEFORE = lazy_pattern(
    r"\b(?:play|playing)\s+(?:(?:it|this|that|the hand|the board|the deal)\s+)?"
    r"(?:(?:anyway|anyhow|just|still|instead|out)\s+)?in\s+$"
    r"|\b(?:declarer|dummy|defending|defenders?)\s+(?:in|against)\s+$"
)
"""'wants to play it anyway in 1NT', 'acting like declarer in 1C': a contract proposed or
named, not a call made at the table."""
_AUCTION_ENDED_IN_BEFORE = lazy_pattern(
    r"\b(?:auction|bidding)\s+(?:ended|finished|stopped|closed)\s+(?:in\s+|at\s+|on\s+)?$"
)
"""'the auction ended 1NT': the final contract named, a bid already told, not a new call."""
_OVER_BEFORE = lazy_pattern(
    r"\b(?:over|after|above|beating)\s+(?P<owner>(?:[\w']+\s+){0,3})$", re.I
)
"""'over 1NT', 'over LHO's 1NT': the call named is earlier than the one it is compared with."""
_LAST_BID_WAS = lazy_pattern(
    r"\b(?:the\s+)?(?:last|previous)\s+(?:one|bid|call)(?:\s+before(?:\s+(?:it|that|mine|"
    r"me|him|her|his|my\s+bid))?)?\s+(?:was|had been)\s+(?:an?\s+)?$"
)
"""'i said 2 hearts but the last one before was 2 spades': the bid named came first."""
_OBJECT_GAP = lazy_pattern(r"^\s*(?:the\s+|their\s+|his\s+|her\s+)?$")
_OWNED_BEFORE = lazy_pattern(
    r"^\s*(?:[\w']+\s+){0,2}?(?:[\w]+'s|my|his|her|their)\s+(?:[\w-]+\s+){0,2}$", re.I
)
"""'North passed South's 4C', 'doubled my 1NT': a pass or double of someone's earlier bid."""
_CONVENTION_AFTER = lazy_pattern(
    r"^\s*[(,]?\s*(?:as\s+|meaning\s+|showing\s+|which was\s+|was\s+|(?:meant|intended|"
    r"meaning it|intending it|meant it)\s+as\s+)?(?:an?\s+|our\s+|their\s+)?"
    r"(?P<name>stayman|transfer|jacoby|texas|splinter|blackwood|rkcb|key ?card|gerber|cue[- ]?bid|"
    r"cue|relay|asking bid|artificial|conventional|puppet|smolen|lebensohl|michaels|unusual|"
    r"ghestem|landy|cappelletti|multi|benji|acol 2|checkback|new minor forcing|nmf|fourth suit|"
    r"4th suit|drury|bergen|jacoby 2nt|strong|negative|waiting|game forcing|forcing|"
    r"natural|to play|weak)\b",
    re.IGNORECASE,
)
_ARTIFICIAL_NAMES = frozenset(
    "stayman transfer jacoby texas splinter blackwood rkcb keycard gerber cuebid cue relay "
    "puppet smolen lebensohl michaels unusual ghestem landy cappelletti multi benji checkback "
    "nmf drury bergen waiting".split()
)

_SENTENCE_SPLIT = lazy_pattern(r"[.!?;]+(?:\s+|$)|\n+")
_NEGATION = lazy_pattern(r"\b(?:not|never|no)\b|n't\b")
"""'not', 'never', 'no', and a contraction's n't ('didn't', 'wasn't': no word boundary
before it)."""

_PENDING_VERBS = (
    r"(?:called|call|calls|bid|bids|passed|pass|made (?:a|his|her|my|any) (?:call|bid)|acted|act"
    r"|had (?:a|his|her) (?:turn|go|chance)|had a chance to (?:call|bid)"
    r"|got (?:to (?:call|bid)|a (?:turn|go|chance|call|bid))|said anything|done anything"
    r"|says anything|does anything|do anything|say anything|said a word|says a word"
    r"|(?:put|pulled|took|taken|got)\s+(?:out\s+|down\s+)?(?:a|his|her|my|the|any)\s+"
    r"(?:pass|bidding card|card|call|bid))"
)
_CALLED_VERBS = (
    r"(?:called|bid|passed|doubled|redoubled|opened|made (?:a|his|her|my|another) call|acted"
    r"|responded|raised|rebid|overcalled|came in|jumped|signed off"
    r"|(?:pulled|removed) (?:it|the double|(?:his|her|partner's|pd's) double)"
    r"|took (?:it|the double) out|took out the double|left (?:it|the double) in"
    r"|sat for (?:it|the double))"
)
"""Words of a call that do not name it: 'pd then bid', 'rho pulled it' (the double taken out
by a call), 'lho left it in' (a pass of it)."""


@dataclass
class CallEvent:
    """One call in the story: made at the table, meant, misread, or mentioned again."""

    call: Call | None
    """None: a call was made but the description does not say which ("LHO has called")."""
    start: int
    end: int
    sentence: int
    actor: PlayerRef | None = None
    role: Literal["made", "wanted", "misread", "reference", "hypothetical"] = "made"
    typed: bool = False
    """Part of an auction typed as calls in a row ("1H p 4H p p p"): consecutive in rotation."""
    artificial: bool | None = None
    """True when a convention is named with it ("2C Stayman"), False when said to be natural."""
    earlier_than: int | None = None
    """Index of the event this one was named as being before ("over 1NT")."""
    cue: str = ""
    """For a call wanted: the words that said so ("meant to bid", "changed it to")."""
    object_of: int | None = None
    """Index of the double, redouble or pass this bid is named as the object of ('doubled
    my 3NT', 'passed over his double')."""
    refers_to: int | None = None
    """For a call named again: index of the call made earlier that it names."""

    @property
    def seat(self) -> Seat | None:
        return self.actor.seat if self.actor else None


@dataclass
class Story:
    """Everything the description says about players, seats and calls, in one frame."""

    text: str
    frame: Frame = "none"
    speaker: Seat | None = None
    """The speaker's seat in the frame (a stand-in when ``frame == 'speaker'``)."""
    players: list[PlayerRef] = field(default_factory=list)
    events: list[CallEvent] = field(default_factory=list)
    """All call mentions, in the order typed."""
    dealer: Seat | None = None
    dealer_words: str = ""
    not_called: list[tuple[PlayerRef, int]] = field(default_factory=list)
    """Players said not to have called yet, with the index of the last event before the words."""
    nobody_called_after: list[int] = field(default_factory=list)
    """'nobody has called since': the index of the last event before the words."""
    turn_words: list[tuple[PlayerRef | Literal["own"], int]] = field(default_factory=list)
    """'at his LHO's turn': whose turn, and the event the words follow (-1: none before)."""
    out_of_turn_words: list[int] = field(default_factory=list)
    simultaneous: bool = False
    after_final_pass_words: list[int] = field(default_factory=list)
    """Where 'after the final pass' is said (a position in the text)."""
    first_call_words: list[int] = field(default_factory=list)
    not_first_call_words: list[int] = field(default_factory=list)
    """'it wasn't his first call': he had called before."""
    """'it was his first call' (negation excluded): index of the event the words follow."""
    typed_auction: Auction | None = None
    """The whole description is an auction typed as calls ("1NT (1S)", "N 1NT E 1S")."""
    denied: list[tuple[Call, int]] = field(default_factory=list)
    """Calls said not to have been made ("there was no double"), with where the words are."""
    closed_at: int | None = None
    """Where the story says or shows the auction closed (three passes after a bid), if it does:
    a call told after it was made, or wanted, after the final pass."""
    sealed: bool = field(default=False, repr=False, compare=False)
    """Set once the story is read: from then on its views are computed once and kept, so
    a long pasted auction is read in time linear in its length."""
    _views: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    # -- views --------------------------------------------------------------------------
    @property
    def first_person(self) -> bool:
        return bool(_FIRST_PERSON_RE.search(self.text.lower()))

    @property
    def timeline(self) -> list[CallEvent]:
        """Calls made at the table, in the order they happened (callers must not change it)."""
        kept = self._views.get("timeline")
        if kept is not None:
            return kept  # type: ignore[return-value]
        ordered = self._timeline()
        if self.sealed:
            self._views["timeline"] = ordered
        return ordered

    def position(self, event: CallEvent) -> int:
        """Where ``event`` is in the timeline (by identity: two calls may look alike)."""
        return self._positions("positions", self.timeline)[id(event)]

    def index(self, event: CallEvent) -> int:
        """Where ``event`` is among all call mentions (by identity)."""
        return self._positions("indexes", self.events)[id(event)]

    def kept(self, name: str, compute: Callable[[], _View]) -> _View:
        """A view a reader works out from the whole story, computed once when the story is
        sealed (per call it would make a long pasted auction quadratic)."""
        if name in self._views:
            return self._views[name]  # type: ignore[return-value]
        value = compute()
        if self.sealed:
            self._views[name] = value
        return value

    def _positions(self, name: str, events: list[CallEvent]) -> dict[int, int]:
        kept = self._views.get(name)
        if kept is None:
            kept = {id(e): i for i, e in enumerate(events)}
            if self.sealed:
                self._views[name] = kept
        return kept  # type: ignore[return-value]

    def _timeline(self) -> list[CallEvent]:
        made = [e for e in self.events if e.role == "made"]
        ordered: list[CallEvent] = []
        for event in made:
            if event.earlier_than is not None:
                later = self.events[event.earlier_than]
                if later in ordered:
                    ordered.insert(ordered.index(later), event)
                    continue
            ordered.append(event)
        return ordered

    def wanted_for(self, made: CallEvent) -> CallEvent | None:
        """The call meant in place of ``made``: by the same player, in the same sentence, or
        in a later one that names him again ("pd bid 1S. pd wants to bid 2S instead"). A call
        wanted once the auction had closed is a new call, not one meant instead, and a call
        named only as the one another was made over ('1S after 2C was replaced') is not the
        call replaced."""
        if made.earlier_than is not None:
            return None
        all_wanted = [
            e  # 'meant 3H as natural' of his own 3H told before: what he meant by it
            for e in self._wanted()
            if not any(
                m.role == "made" and m.call == e.call and m.start < e.start and same_player(m, e)
                for m in self.timeline
            )
        ]
        closed = self.closed_at
        if closed is not None and made.start < closed:
            all_wanted = [e for e in all_wanted if e.start < closed or meant_instead(e)]
        wanted = [e for e in all_wanted if e.sentence == made.sentence and same_player(e, made)]
        if not wanted:
            wanted = [
                e
                for e in all_wanted
                if True
                and e.sentence > made.sentence
                and e.actor is not None
                and made.actor is not None
                and same_player(e, made)
            ]
            return wanted[0] if wanted else self._subject_carried_on(made, all_wanted)
        later = [e for e in wanted if e.start > made.start]
        return later[0] if later else wanted[-1]

    def _subject_carried_on(self, made: CallEvent, all_wanted: list[CallEvent]) -> CallEvent | None:
        """'i opened 1S ...; changed my mind and want to bid 2C instead': the next sentence
        names no player and no call is made between, so its subject is still the maker."""
        if made.actor is None:
            return None
        for event in all_wanted:
            if event.actor is not None or event.sentence != made.sentence + 1:
                continue
            if any(
                made.end <= p.start < event.start and (p.seat is None or p.seat is not made.seat)
                for p in self.players
            ):
                continue  # another player named: the subject may have changed
            if any(e.role == "made" and made.end <= e.start < event.start for e in self.events):
                continue
            return event
        return None

    def _wanted(self) -> list[CallEvent]:
        kept = self._views.get("wanted")
        if kept is None:
            kept = [e for e in self.events if e.role == "wanted"]
            if self.sealed:
                self._views["wanted"] = kept
        return kept  # type: ignore[return-value]

    def made_with_wanted(self) -> list[CallEvent]:
        """Calls made that have a call meant in their place."""
        return [e for e in self.timeline if self.wanted_for(e) is not None]


_MEANT_CUE = lazy_pattern(
    r"\b(?:meant|meaning|means|intended|intending|intends|instead of|rather than|in place of)\b"
    r"|\b(?:when|while|whereas|but|though|although)\s+(?:i|he|she|they|we)\s+"
    r"(?:had\s+|really\s+|actually\s+)?wanted\b"
    r"|(?:\bhad|'d)\s+(?:already\s+)?decided\b"
)
"""The words that make a wanted call the one meant in place of the call made: 'meant',
'instead of', the call made 'when i wanted' another, or the one he 'had decided' on (what he
wanted as he called)."""


def meant_instead(event: CallEvent) -> bool:
    """A call wanted as the one meant in place of a call made ('pulled pass instead of 4H'),
    not a new call someone wants to make ('now wants to bid 3H')."""
    return event.role == "wanted" and bool(_MEANT_CUE.search(event.cue))


def same_player(a: CallEvent, b: CallEvent, *, unnamed: bool = True) -> bool:
    """Whether two calls are by the same player: the one definition every reader uses.
    Seats decide when both are known; else the words naming them ("pd" and "my partner"
    are one player). ``unnamed``: what a call whose maker is not named counts as."""
    if a.seat is not None and b.seat is not None:
        return a.seat is b.seat
    if a.actor is None or b.actor is None:
        return unnamed
    return _words_key(a.actor.words) == _words_key(b.actor.words)


def _words_key(words: str) -> str:
    key = words.lower().removesuffix("'s").removeprefix("my ")
    return _RELATIONS.get(key, {"me": "i", "myself": "i"}.get(key, key))


# -- reading ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def read_story(text: str) -> Story:
    """The story a description tells. Cached: callers must not change what they get."""
    clean = text.replace("’", "'").replace("‘", "'")
    lowered = clean.lower()
    refs = _player_refs(clean, lowered)
    story = _read(clean, lowered, refs, _frame(lowered, refs))
    if story.frame == "compass" and any(r.kind in ("speaker", "relative") for r in refs):
        seat = _speaker_by_rotation(clean, lowered, story)
        if seat is not None:  # 'E passed, I opened 1S, W passed': the teller is S
            story = _read(clean, lowered, refs, ("anchored", seat))
    elif story.frame == "anchored":
        seat = _speaker_by_rotation(clean, lowered, story)
        if seat is not None and seat is not story.speaker:
            # 'i'm W. N 1h, E p, i bid 2c': the seat said and the calls' order disagree,
            # so neither places him: the facts his seat would decide are asked
            story = _read(clean, lowered, refs, ("compass", None))
    story.sealed = True
    return story


def _read(
    clean: str, lowered: str, refs: list[PlayerRef], frame: tuple[Frame, Seat | None]
) -> Story:
    story = Story(text=clean)
    story.typed_auction = _whole_typed_auction(clean)
    story.frame, story.speaker = frame
    story.players = _bind_persons(clean.lower(), [_resolve(ref, refs, story) for ref in refs])
    story.dealer, story.dealer_words = _dealer(lowered, story)
    sentences = _sentence_starts(clean)
    story.events = _call_events(clean, lowered, story, sentences)
    _statements(lowered, story)
    story.simultaneous = bool(_AT_ONCE.search(lowered))
    return story


_Maker = tuple[Seat, int]
"""A call's maker in a run told in rotation: (seat, 0) for a compass seat, (teller's offset
to him, 1) for a player named relative to the teller ('me', 'lho', 'pd')."""
_Told = tuple[list[_Maker | None], list[int], int, int, Seat | None]
"""A run of calls told in rotation: each call's maker (None: not named), where each call
starts, where the run starts and ends, and the first caller when the dealer proves him."""
_LIST_GAP = lazy_pattern(r"^\s*(?:,|;|and\b|then\b|,\s*(?:and|then)\b)\s*(?:(?:and|then)\s+)?$")
"""What stands between a call told in prose and the next call's maker in a list of calls
('E passed, I opened 1S, W passed', 'N opened 1H and then I doubled')."""
_LIST_VERB = lazy_pattern(
    r"^\s*(?:(?:then|just|also)\s+)?(?:opened|bid|passed|doubled|redoubled|overcalled|"
    r"responded|rebid|raised(?:\s+to)?|jumped\s+to|went|said|called|(?:put|pulled)\s+(?:out\s+)?)?\s*$"
)
"""What stands between a maker and his call in such a list: one verb at most."""
_AUCTION_START_GAP = lazy_pattern(
    r"^[\s,.;:\-]*(?:(?:the\s+)?(?:auction|bidding)(?:\s+(?:went|was|is))?\s*[:,\-]?\s*)?$"
)
"""Between 'dealer N' and a typed run: nothing but punctuation or 'auction:', so the run is
the auction from its first call."""
_DEALER_WORDS = lazy_pattern(
    r"(?:dealer|dlr)\s*[:=]?\s*(?:is\s+|was\s+)?(north|east|south|west|[nesw])\b"
)
_NOT_IN_ROTATION = lazy_pattern(
    r"out of (?:turn|rotation)|\bo\.?o\.?t\b|\bboot\b"
    r"|\bbefore\b|\bturn\b|skipp|\bmissed\b|went round|\binstead\b"
    r"|\bmeant\b|\bchanged?\b|\bwithdr|\binsufficient\b|\bafter the final pass|\bthe same time"
)
"""Words that tell a call made out of rotation: a run or list holding them proves no seat."""
_RUN_TAIL = lazy_pattern(r"[^.;!?\n,]{0,30}?(?=\s+(?:and|then|but)\b|[.;!?\n,]|$)")
"""The words right after a run, up to the next clause: '1H (me) out of turn' is in it."""


def _speaker_by_rotation(text: str, lowered: str, story: Story) -> Seat | None:
    """The teller's seat when a run of calls told in rotation names both compass seats and
    players relative to him ('dealer N. p p 1H (me) x (lho)': he is S; 'E passed, I opened
    1S, W passed': S). Each call of a run is made by the previous caller's LHO, so a compass
    seat and 'me' (or 'lho', 'pd') k calls apart fix his seat. Proven only when every run
    agrees and none holds a word telling a call out of rotation; else None (the facts it
    would decide are asked)."""
    runs: list[_Told] = []
    for start, end, tokens in _typed_runs(text):
        makers = [_typed_maker(token) for token in tokens]
        starts = [token.start() for token in tokens]
        first = None
        if story.dealer is not None and story.dealer_words:
            at = lowered.rfind("dealer", 0, start)
            at = max(at, lowered.rfind("dlr", 0, start))
            tail = lowered[at:start] if at >= 0 else ""
            word = _DEALER_WORDS.match(tail)
            if word and _AUCTION_START_GAP.match(tail[word.end() :]):
                first = story.dealer
        runs.append((makers, starts, start, end, first))
    runs += _prose_lists(lowered, story)
    found: set[Seat] = set()
    for told, starts, start, end, first in runs:
        makers = told
        after = _RUN_TAIL.match(lowered, end)
        odd = _NOT_IN_ROTATION.search(lowered, start, after.end() if after else end)
        if odd is not None:  # the calls before the one those words follow were in rotation
            makers = told[: max(0, bisect_left(starts, odd.start()) - 1)]
        origins: set[Seat] = {first} if first is not None else set()
        """The seat of the run's first caller, from each compass seat in it."""
        tellers: set[Seat] = set()
        """The teller's place after the run's first caller, as a seat counted from North."""
        for index, maker in enumerate(makers):
            if maker is None:
                continue
            seat, relative = maker
            if relative:
                tellers.add(Seat.NORTH.offset(index - seat_offset(seat)))
            else:
                origins.add(seat.offset(-index))
        if len(origins) > 1 or len(tellers) > 1:
            return None  # the seats told do not fit one rotation: nothing is proven
        if origins and tellers:
            found.add(origins.pop().offset(seat_offset(tellers.pop())))
    return found.pop() if len(found) == 1 else None


def seat_offset(seat: Seat) -> int:
    """How many seats clockwise from North (N 0, E 1, S 2, W 3)."""
    return seat.index


def _relation_maker(word: str) -> _Maker | None:
    key = word.lower().removeprefix("my ").strip()
    if key in ("me", "i"):
        return Seat.NORTH, 1
    relation = _RELATIONS.get(key)
    return (Seat.NORTH.offset(_OFFSETS[relation]), 1) if relation else None


def _typed_maker(match: re.Match[str]) -> _Maker | None:
    """The maker typed beside one call of a typed run, as a compass seat or relative."""
    person = match.group("person")
    if person and match.group("person_seat"):
        return None  # 'pd (W) P': both told; the anchored patterns read those
    if person:
        return _relation_maker(person)
    after = _after_group(match)
    word = (
        match.group("seat")
        or match.group("seat_bracket")
        or (match.group(after) if after else None)
    )
    if not word:
        return None
    if _RELATIVE_WORD.fullmatch(word):
        return _relation_maker(word)
    if len(word) > 1 or word.isupper() or after:
        return Seat.parse(word), 0
    return None


def _prose_lists(lowered: str, story: Story) -> list[_Told]:
    """Calls told in prose as a list in one sentence, each with its maker named just before
    it and a pass among them ('E passed, I opened 1S, W passed and pd bid 2NT'): a teller who
    tells the passes tells every call, so the list is in rotation."""
    quoted = quoted_spans(story.text)  # 'W said "I pass"': W's words, not the teller's call
    lists: list[list[CallEvent]] = [[]]
    for event in story.timeline:  # in the order made: 'I doubled W's 2H' has W's call first
        actor = event.actor
        if (
            event.typed
            or actor is None
            or _inside(event.start, quoted)
            or actor.end > event.start
            or not _LIST_VERB.match(lowered[actor.end : event.start])
        ):
            lists.append([])  # a call not told as one of the list breaks it
            continue
        last = lists[-1][-1] if lists[-1] else None
        joined = (
            last is not None
            and last.sentence == event.sentence
            and actor.start > last.end
            and _LIST_GAP.match(lowered[last.end : actor.start]) is not None
        )
        if joined:
            lists[-1].append(event)
        else:
            lists.append([event])
    out: list[_Told] = []
    for told in lists:
        if len(told) < 3 or not any(e.call is Simple.PASS for e in told):
            continue
        makers: list[_Maker | None] = []
        for event in told:
            actor = event.actor
            assert actor is not None
            if actor.kind == "seat" and actor.seat is not None:
                makers.append((actor.seat, 0))
            elif actor.kind in ("speaker", "relative"):
                makers.append(_relation_maker(actor.words))
            else:
                makers.append(None)
        first_maker = told[0].actor
        start = first_maker.start if first_maker is not None else told[0].start
        out.append((makers, [e.start for e in told], start, told[-1].end, None))
    return out


_AT_ONCE = lazy_pattern(
    r"same (?:time|moment|instant|second)|simultaneous|at once,? both"
    r"|\b(?:both|two of us|two of them)\b[^.;!?\n]{0,40}\bat once\b"
    r"|(?<!stuck )(?<!stick )(?<!sticking )\btogether"
    r"|\bat the (?:exact|very) moment\b"
)
"""Two calls at one moment; not 'the cards stuck together': one player's cards."""


def _sentence_starts(text: str) -> list[int]:
    starts = [0]
    for match in _SENTENCE_SPLIT.finditer(text):
        starts.append(match.end())
    return starts


def _sentence_of(position: int, starts: list[int]) -> int:
    index = 0
    for i, start in enumerate(starts):
        if start <= position:
            index = i
    return index


def _player_refs(text: str, lowered: str) -> list[PlayerRef]:
    refs: list[PlayerRef] = []
    for m in _PLAYER_RE.finditer(lowered):
        if m.group("rel"):
            word = m.group("rel").replace("-", " ")
            relation: Relation = (
                "lho"
                if word.startswith("left") or word.endswith((" left", " left of me"))
                else "rho"
                if word.startswith("right") or word.endswith((" right", " right of me"))
                else _RELATIONS.get(word, "partner")
            )
            owner = m.group("owner")
            if owner in (None, "my") and not _OTHERS_SIDE.search(word):
                refs.append(
                    PlayerRef(m.start(), m.end(), m.group(0), "relative", relation=relation)
                )
            else:
                refs.append(
                    PlayerRef(m.start(), m.end(), m.group(0), "possessed", relation=relation)
                )
        elif m.group("seat"):
            seat = Seat.parse(m.group("seat"))
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "seat", seat=seat))
        elif m.group("me"):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "speaker"))
        elif m.group("opp"):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "opponent"))
        elif m.group("pronoun"):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "pronoun"))
        elif m.group("offender"):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "offender"))
        elif m.group("next"):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "next"))
    taken = [(r.start, r.end) for r in refs]
    for m in _PERSON_RE.finditer(lowered):
        if not any(s <= m.start() < e or m.start() <= s < m.end() for s, e in taken):
            refs.append(PlayerRef(m.start(), m.end(), m.group(0), "person"))
    taken = [(r.start, r.end) for r in refs]
    letters = [*_SEAT_LETTER_RE.finditer(text), *_LOWER_SEAT_LETTER_RE.finditer(text)]
    for m in sorted(letters, key=lambda m: m.start()):
        if any(s <= m.start() < e for s, e in taken):
            continue
        head = text[max(0, m.start() - 16) : m.start()]
        if _LEVEL_BEFORE.search(head) and not _TRICK_NUMBER_BEFORE.search(head):
            continue
        seat = Seat.parse(m.group("letter"))
        refs.append(PlayerRef(m.start(), m.end(), m.group(0), "seat", seat=seat))
    refs.sort(key=lambda r: r.start)
    return refs


def _frame(lowered: str, refs: list[PlayerRef]) -> tuple[Frame, Seat | None]:
    """Which frame the story's seats live in, and the speaker's seat in it."""
    compass = any(r.kind == "seat" for r in refs)
    relative = any(r.kind in ("speaker", "relative") for r in refs) or bool(
        _FIRST_PERSON_RE.search(lowered)
    )
    for pattern in _SPEAKER_SEAT_RES:
        match = pattern.search(lowered)
        if match:
            return "anchored", Seat.parse(match.group(1))
    placed = _placed_relations(lowered)
    if len(placed) == 1:
        return "anchored", next(iter(placed))
    if compass and relative:
        return "compass", None
    if compass:
        return "compass", None
    if relative:
        return "speaker", STAND_IN_SEAT
    return "none", None


def _resolve(ref: PlayerRef, refs: list[PlayerRef], story: Story) -> PlayerRef:
    """The seat a player word stands for in the story's frame, when that needs no guess."""
    seat: Seat | None = None
    if ref.kind == "seat":
        seat = ref.seat
    elif ref.kind == "speaker":
        seat = story.speaker
    elif ref.kind == "relative" and story.speaker is not None and ref.relation:
        seat = relation_seat(story.speaker, ref.relation)
    elif ref.kind == "possessed" and ref.relation:
        words = ref.words.lower().split()
        owner_word = words[1] if words[0] == "my" and words[1].endswith("'s") else words[0]
        side = _OTHERS_SIDE.search(ref.words.lower())
        if side is not None:
            owner_word = side.group(1)  # 'the man on her left': left of the one named before
        owner: Seat | None = None
        if owner_word.endswith("'s") and owner_word[:-2] in _RELATIONS:
            if story.speaker is not None:
                owner = relation_seat(story.speaker, _RELATIONS[owner_word[:-2]])
        elif owner_word.endswith("'s") and owner_word[:-2] in _SEAT_WORDS:
            owner = Seat.parse(owner_word[:-2])
        elif owner_word in ("his", "her"):
            before = [  # 'i passed. his pd ...': his is never the teller's (he says 'my')
                r
                for r in refs
                if r.end <= ref.start and r.kind not in ("pronoun", "person", "speaker")
            ]
            if before and re.fullmatch(r"\s*,\s*", story.text[before[-1].end : ref.start]):
                before.pop()  # 'W, his partner,': his is someone named earlier, not W
            if not before:
                return PlayerRef(
                    ref.start, ref.end, ref.words, ref.kind, None, ref.relation, unnamed_owner=True
                )
            last = before[-1]
            if last.kind == "possessed" and last.words.lower() == ref.words.lower():
                # 'his pd went on to 6S. can his pd use ...': the same words, the same player
                again = _resolve(last, refs, story)
                return PlayerRef(ref.start, ref.end, ref.words, ref.kind, again.seat, ref.relation)
            owner = _resolve(last, refs, story).seat
        if owner is not None:
            seat = relation_seat(owner, ref.relation)
    return PlayerRef(ref.start, ref.end, ref.words, ref.kind, seat, ref.relation)


_OTHERS_SIDE = lazy_pattern(r"\b(his|her) (?:left|right)$")
"""'the man on her left': a player placed from the one named before, not from the teller."""
_BRACKET_OPEN = lazy_pattern(r"^\s*\(\s*$")
_BRACKET_CLOSE = lazy_pattern(r"^\s*\)")


def _bind_persons(lowered: str, players: list[PlayerRef]) -> list[PlayerRef]:
    """A person named by a noun ('the man', 'lady passed') is the player the story tied that
    noun to: in brackets beside a seat ('east (the man)', 'the lady (W)'), or by a placed
    player named earlier with the same noun ('the lady on my left ... lady passed'). Two
    players tied to one noun leave it unknown; an unbound person is not a player named."""
    out: list[PlayerRef] = []
    tied: dict[str, set[Seat]] = {}
    for i, ref in enumerate(players):
        if ref.kind != "person":
            noun = _PERSON_RE.search(ref.words.lower()) if ref.seat is not None else None
            if noun is not None and ref.kind in ("relative", "possessed"):
                tied.setdefault(noun.group("person"), set()).add(ref.seat)  # type: ignore[arg-type]
            out.append(ref)
            continue
        noun = _PERSON_RE.match(ref.words.lower())
        name = noun.group("person") if noun is not None else ""
        seat: Seat | None = None
        before = players[i - 1] if i > 0 else None
        after = players[i + 1] if i + 1 < len(players) else None
        if (
            before is not None
            and before.kind == "seat"
            and before.seat is not None
            and _BRACKET_OPEN.match(lowered[before.end : ref.start])
            and _BRACKET_CLOSE.match(lowered[ref.end : ref.end + 3])
        ):
            seat = before.seat  # 'east (the man) passed'
        elif (
            after is not None
            and after.kind == "seat"
            and after.seat is not None
            and _BRACKET_OPEN.match(lowered[ref.end : after.start])
        ):
            seat = after.seat  # 'the man (E) passed'
        elif len(tied.get(name, ())) == 1:
            seat = next(iter(tied[name]))
        if seat is None:
            continue
        tied.setdefault(name, set()).add(seat)
        out.append(replace(ref, seat=seat))
    return out


_DEALER_NAMED = tuple(
    lazy_pattern(source)
    for source in (
        r"(?P<who>[\w' ]{1,25}?)(?:\s+is|\s+was|'s)(?:\s+(?:actually|really))?\s+(?:the\s+)?"
        r"(?:dealer|dlr)\b",
        r"(?P<who>[\w' ]{1,25}?)\s*[(,]\s*(?:who\s+(?:is|was)\s+)?(?:the\s+)?(?:dealer|dlr)\s*[),]",
        r"(?P<who>[\w' ]{1,25}?)\s+(?:dealt|deals|is dealing|was dealing)\b",
        r"(?P<who>[\w' ]{1,25}?)'s\s+(?:own\s+)?deal\b(?!er)",
        r"\bdealt\s+by\s+(?:the\s+)?(?P<who>[\w']+)",  # 'the board was dealt by S'
        r"(?P<who>[\w' ]{1,25}?)\s+(?:opened|passed|started|began|bid)\b[^.,;!?]{0,20}?"
        r"\bas (?:the )?(?:dealer|dlr)\b",
        r"\b(?:dealer|dlr)\s*(?:is|was|:|=)\s*(?P<who>[\w']+)",
        r"\b(?:dealer|dlr) (?:on|at) (?:our|the|this|that|my) table (?:is|was) (?P<who>[\w']+)",
        r"\b(?:dealer|dlr)\s+(?P<who>north|east|south|west)\b",
        r"\b(?:dealer|dlr)\s*[:=]?\s*(?P<who>[nesw])\b",
        r"(?<![\w'])(?P<who>i)(?:'m| am)\s+(?:the\s+)?(?:dealer|dlr)\b",
        r"(?<![\w'])(?P<who>i)(?:'m| am| was)\s+\w+,?\s+(?:and\s+)?(?:i\s+)?dealt\b",
        r"(?<![\w'])(?P<who>north|east|south|west|[nesw])\s+(?:dealer|dlr)\b",
        r"\b(?:wasn'?t|was not|isn'?t|is not)\s+(?:the\s+)?(?:dealer|dlr)\s*[,;]?\s*(?:but\s+)?"
        r"(?P<who>[\w']+)\s+(?:was|is)\b",  # 'E wasnt dealer, S was': the one named after
        r"\b(?:board|card|slip|it)\s+(?:\w+\s+)?(?:shows|showed|has|had|says|said|marks|marked|gives"
        r"|gave|lists|listed)\s+(?P<who>north|east|south|west|[nesw])\s+as\s+(?:the\s+)?"
        r"(?:dealer|dlr)\b",
    )
)
"""The ways a story names the dealer, tried in this order (module patterns: compiled with the
others before a served bot's first user, not by the first story that names a dealer)."""
_SEAT_LETTER = lazy_pattern(r"[nesw]")
_DEALER_BELIEVED = lazy_pattern(
    r"\b(?:thought|think|thinks|thinking|believed|assumed|assuming)\s+(?:that\s+)?$"
)


def _dealer(lowered: str, story: Story) -> tuple[Seat | None, str]:
    if "deal" not in lowered and "dlr" not in lowered:
        return None, ""  # every pattern names the dealer or the deal; most stories do neither
    for pattern in _DEALER_NAMED:
        for match in pattern.finditer(lowered):
            words = match.group("who").strip()
            refs = [p for p in story.players if match.start("who") <= p.start < match.end("who")]
            if refs and _DEALER_BELIEVED.search(lowered, 0, refs[-1].start):
                continue  # 'i thought i was dlr': a deal only believed
            if refs and refs[-1].seat is not None:
                return refs[-1].seat, refs[-1].words
            letter = _SEAT_LETTER.fullmatch(words)
            if letter and story.frame in ("compass", "anchored", "none"):
                return Seat.parse(words), words
    return None, ""


def _nearest_player(position: int, story: Story, floor: int) -> PlayerRef | None:
    """The last player named between ``floor`` and ``position``; words inside quotes are the
    quoted player's own ("'I bid 3H', said LHO"), so they name nobody."""
    quoted = _quoted_spans(story.text)
    players = story.players
    starts = _starts(story)
    last = bisect_left(starts, position) - 1  # players starting before the position
    for i in range(last, -1, -1):
        p = players[i]
        if p.start < floor:
            break
        if p.end <= position and not _inside(p.start, quoted) and not _denied(story, p):
            return p
    return None


_DENIED_BEFORE = lazy_pattern(r"(?:\bnot|\binstead of|\brather than)\s+$")


def _denied(story: Story, player: PlayerRef) -> bool:
    """'then S (not N) put out 1S', 'S, rather than N, bid': the player named as the one who
    did not do it is not the call's maker."""
    return bool(_DENIED_BEFORE.search(story.text[max(0, player.start - 14) : player.start].lower()))


def _starts(story: Story) -> list[int]:
    kept = story._views.get("player_starts")
    if kept is None or len(kept) != len(story.players):  # type: ignore[arg-type]
        kept = [p.start for p in story.players]
        story._views["player_starts"] = kept
    return kept  # type: ignore[return-value]


def _inside(position: int, spans: tuple[tuple[int, int], ...]) -> bool:
    """Strictly inside one of the (sorted, disjoint) spans."""
    at = bisect_left(spans, (position, position)) - 1
    return at >= 0 and spans[at][0] < position < spans[at][1]


_QUOTED = lazy_pattern(r"(?<![\w])'(?:[^']|(?<=\w)'(?=\w)){2,80}'(?![\w])|\"[^\"]{2,80}\"")
"""A remark in quotes, its own contractions kept inside ('ok i'm dummy then')."""


def quoted_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where remarks are quoted ('ok i'm dummy then'): what someone said, not what is told."""
    return _quoted_spans(text)


@lru_cache(maxsize=64)
def _quoted_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((m.start(), m.end()) for m in _QUOTED.finditer(text))


def _call_events(text: str, lowered: str, story: Story, sentences: list[int]) -> list[CallEvent]:
    events: list[CallEvent] = []
    typed_spans = _typed_runs(text)
    for _start, _end, tokens in typed_spans:
        for match in tokens:
            call = _call_of(match)
            seat_word = _typed_seat(match)
            actor = None
            after = _after_group(match)
            person = after is not None and _RELATIVE_WORD.fullmatch(seat_word or "")
            before = match.group("person")
            if after is not None and person:  # '2C (lho)': the player already placed there
                at = match.start(after)
                actor = next((p for p in story.players if p.start == at and p.seat), None)
            elif before is not None:  # 'pd 2S', 'pd (W) P': the player named before his call
                at = match.start("person")
                actor = next((p for p in story.players if p.start == at), None)
                bracket = match.group("person_seat")
                if bracket and (actor is None or actor.seat is Seat.parse(bracket)):
                    seat = Seat.parse(bracket)
                    where = "person_seat"
                    actor = PlayerRef(match.start(where), match.end(where), bracket, "seat", seat)
            elif seat_word and (len(seat_word) > 1 or seat_word.isupper() or after):
                seat = Seat.parse(seat_word)
                where = (
                    next(g for g in ("seat", "seat_bracket") if match.group(g))
                    if (match.group("seat") or match.group("seat_bracket"))
                    else (after or "seat_after")
                )
                actor = PlayerRef(match.start(where), match.end(where), seat_word, "seat", seat)
            events.append(
                CallEvent(
                    call,
                    match.start(),
                    match.end(),
                    _sentence_of(match.start(), sentences),
                    actor=actor,
                    typed=True,
                )
            )
    _runs_told_twice(events, typed_spans)
    for start, end, _tokens in typed_spans:
        run = [e for e in events if start <= e.start < end]
        if run and all(e.actor is None for e in run) and _run_from_dealer(lowered, story, start):
            # 'dlr N. 1c 1s 2h 2s': nothing but the dealer before it, the run is the auction
            # from his call
            assert story.dealer is not None
            run[0].actor = PlayerRef(run[0].start, run[0].start, "", "next", story.dealer)
        _seats_by_rotation(run)
    in_runs = [(s, e) for s, e, _ in typed_spans]
    for match in _CALL_RE.finditer(text):
        if any(s <= match.start() < e for s, e in in_runs):
            continue
        simple = match.group("simple")
        after = text[match.end() : match.end() + 30]
        if _HYPOTHETICAL_BEFORE.search(lowered, max(0, match.start() - 40), match.start()):
            continue  # "i should have bid 2S": not made
        if not simple and _TRICK_BEFORE.search(lowered[max(0, match.start() - 12) : match.start()]):
            continue
        if not simple and _PLURAL_NUMBER.fullmatch(match.group(0)):
            continue  # 'which ones', 'the twos and threes', 'all the sevens': no call
        if not simple and _RESULT_AFTER.match(after):
            continue
        if not simple and _held_cards(lowered, match):
            continue  # 'opened 1S with four hearts': the cards he held, not a call
        if simple:
            word = simple.lower()
            if word in ("x", "xx") and not (
                _looks_like_call_context(lowered, match.start())
                or _CALL_CARD_AFTER.match(lowered, match.end())
                or _BY_PLAYER_AFTER.match(lowered, match.end())
            ):
                continue
            if word in ("x", "xx") and _RESULT_AFTER.match(after):
                continue  # '4S x making': the contract scored, doubled
            if (
                word.startswith("pass")
                and _NOT_A_PASS_AFTER.match(after)
                and not _one_player_passed_out(lowered, story, match.start(), after)
            ):
                continue
            if word.startswith("pass") and _NOT_A_PASS_BEFORE.search(
                lowered[max(0, match.start() - 40) : match.start()]
            ):
                continue
            if word in ("passes", "doubles", "redoubles") and not _near_player(
                story, match.start()
            ):
                continue
            if word.endswith("doubling") and not _BID_NAMED_AFTER.match(text, match.end()):
                continue  # 'doubling my partner's 1NT' tells a double; 'doubling is...' does not
            if _NEGATED_CALL_BEFORE.search(lowered[max(0, match.start() - 20) : match.start()]):
                story.denied.append((_call_of(match), match.start()))
                continue  # "nobody had doubled": a call that was not made
            if _OBLIGED_BEFORE.search(lowered[max(0, match.start() - 25) : match.start()]):
                continue  # "had to pass": an obligation, not a call
            if _RULED_OUT_BEFORE.search(lowered[max(0, match.start() - 25) : match.start()]):
                continue  # "you can't redouble that": a rule said aloud, not a call
            retold = word in ("doubled", "redoubled", "passed")
            if retold and _retold_in_quote(text, lowered, match):
                continue  # lho said 'wait, pd doubled, not me': his account, not a call
        call = _call_of(match)
        events.append(
            CallEvent(call, match.start(), match.end(), _sentence_of(match.start(), sentences))
        )
    events.sort(key=lambda e: e.start)
    events = _without_unmade_objects(lowered, events)
    _spoken_objects(text, events)
    events = _all_passed(lowered, events)
    _assign_actors(lowered, story, events)
    _assign_roles(lowered, events)
    _anonymous_calls(lowered, story, events, sentences)
    events.sort(key=lambda e: e.start)
    _retold_doubles(lowered, events)
    _link_earlier(lowered, story, events)
    _listed_again(lowered, events)
    _run_seats_from_mentions(lowered, events, typed_spans)
    return events


_OWNER_BEFORE_MENTION = lazy_pattern(r"(?:\b(?:my|his|her|our|their)(?:\s+own)?|[a-z]+'s)\s+$")
"""Whose call a mention names, just before it: 'doubled my 2c', 'his own pd's 2h'."""


def _run_seats_from_mentions(
    lowered: str, events: list[CallEvent], spans: tuple[_Run, ...]
) -> None:
    """'1h p 2h p then lho doubled his own pd's 2h': a run typed without seats, and a call of
    it named again later with its maker's seat. The calls of a run are consecutive in
    rotation, so that one seat places them all, and the calls told after the run are read
    against them. Only a mention that names its owner counts ('she didnt see the 1h' names
    the call, not who made it). Left alone when the mentions do not agree on one rotation."""
    for start, end, _tokens in spans:
        run = [e for e in events if start <= e.start < end and e.typed and e.role == "made"]
        if len(run) < 2 or any(e.actor is not None for e in run):
            continue
        origins: set[Seat] = set()
        for mention in events:
            if mention.role != "reference" or mention.seat is None or mention.start < end:
                continue
            if mention.actor is not None and mention.actor.kind == "next":
                continue
            if not _OWNER_BEFORE_MENTION.search(lowered, max(0, mention.start - 30), mention.start):
                continue  # 'she didnt see the 1h': named, but whose it was is not said
            if mention.refers_to is not None:
                target = events[mention.refers_to]
                at = next((i for i, e in enumerate(run) if e is target), None)
            else:  # 'doubled my 2c': a bid is made once in an auction, so it names the run's
                bids = [i for i, e in enumerate(run) if isinstance(e.call, Bid)]
                at = next((i for i in bids if run[i].call == mention.call), None)
            if at is not None:
                origins.add(mention.seat.offset(-at))
        if len(origins) != 1:
            continue
        origin = origins.pop()
        for i, event in enumerate(run):
            event.actor = PlayerRef(event.start, event.start, "", "next", origin.offset(i))


_ALL_BEFORE = lazy_pattern(r"(?<![\w'])(?:and\s+|then\s+)?all\s+$")
"""'4H all pass', 'opened 1NT, all passed': the rest passed, the auction closed."""


def _all_passed(lowered: str, events: list[CallEvent]) -> list[CallEvent]:
    """'E 4H all pass': three passes after the last bid, the first by its maker's LHO (a
    shorthand directors use for the close of the auction), not one pass by the bid's maker.
    Each pass is its own call, so the rotation and the auction's close are read from them."""
    out: list[CallEvent] = []
    for event in events:
        out.append(event)
        if event.call is not Simple.PASS or not _ALL_BEFORE.search(
            lowered, max(0, event.start - 10), event.start
        ):
            continue
        if not any(isinstance(e.call, Bid) for e in out):
            continue  # 'all passed' with no bid told: a passed-out deal, told by its own words
        event.typed = True  # its makers are read from the rotation, never the nearest player
        out.extend(replace(event) for _ in range(2))
    return out


_DOUBLE_OF_BEFORE = lazy_pattern(
    r"(?<![\w'])(?:double|doubled|doubling|redouble|redoubled|redoubling|dbl|rdbl|x|xx)\s+"
    r"(?:the\s+|their\s+|his\s+|her\s+|that\s+|my\s+|your\s+)?$"
)


def _without_unmade_objects(lowered: str, events: list[CallEvent]) -> list[CallEvent]:
    """'wanted to double 3nt', 'should have doubled 4S', 'nobody doubled 2H': the bid named
    as the object of a double that was not made is a bid told before, not one made then.
    (A double wanted is an event whose object is read with it below; one supposed, denied or
    ruled out is no event at all: its object goes with it.)"""
    ends = {e.end for e in events if e.call in (Simple.DOUBLE, Simple.REDOUBLE)}
    out: list[CallEvent] = []
    for event in events:
        if isinstance(event.call, Bid) and not event.typed:
            double = _DOUBLE_OF_BEFORE.search(lowered, max(0, event.start - 30), event.start)
            if double is not None:
                end = double.start() + len(double.group(0).split()[0])
                if end not in ends:
                    continue  # the double was not made, so neither is this bid now
        out.append(event)
    return out


_QUOTED_TELLER = lazy_pattern(
    r"\b(?:pd|partner|he|she|you|they|lho|rho|north|south|east|west)\b[^'\"]{0,12}$"
)


def _retold_in_quote(text: str, lowered: str, match: re.Match[str]) -> bool:
    """A call told in the past inside a remark quoted, with its maker named in the quote
    ('wait, pd doubled not me'): the quoted player's account, whose 'pd' is his own
    partner, not a call the story places."""
    for start, end in _quoted_spans(text):
        if start < match.start() < end:
            return _QUOTED_TELLER.search(lowered, start, match.start()) is not None
    return False


_HOLDING_BEFORE = lazy_pattern(
    r"\b(?:with|had|has|have|having|holding|held|holds|hold|denies|denying|promises|"
    r"promising|showing|shows|showed)\s+"
    r"(?:only\s+|just\s+|exactly\s+|at least\s+|about\s+)?$"
    r"|\bnatural\s*,\s*$"
)
"""'with four hearts', 'showing 5 spades', '2H natural, 5 hearts': a holding, not a bid."""
_SUIT_NAME = lazy_pattern(r"\b(?:spade|heart|diamond|club)s?$")
_HELD_LIST_BEFORE = lazy_pattern(
    r"\b(?:with|had|has|have|having|holding|held|holds|hold)\s+"
    r"(?:(?:only|just|exactly|about)\s+)?"
    r"(?:(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|no)\s+"
    r"(?:small\s+)?(?:spade|heart|diamond|club)s?\s*(?:,|\band\b|&|\+)\s*)+$"
)
"""'with 6 diamonds and ', 'holding 5 spades, 4 hearts, ': held counts listed before this one."""


def _held_cards(lowered: str, match: re.Match[str]) -> bool:
    """'with four hearts', 'had 2 spades': a count of cards in a suit the player held,
    spelled out after a word of holding - not a bid (a bid is not 'held'). A count listed
    after another held count is held too ('with 6 diamonds and one heart')."""
    named = lowered[match.start() : match.end()]
    if not _SUIT_NAME.search(named):
        return False
    before = lowered[max(0, match.start() - 25) : match.start()]
    if _HOLDING_BEFORE.search(before):
        return True
    return _HELD_LIST_BEFORE.search(lowered, max(0, match.start() - 80), match.start()) is not None


_BID_NAMED_AFTER = lazy_pattern(rf"\s+(?:[\w']+\s+){{0,3}}?{BID_PATTERN}(?![\w♣♦♥♠])", re.I)
_CALL_CARD_AFTER = lazy_pattern(r"\s+card\b")
"""'put out the blue XX card': a bidding-box card names the call."""
_BY_PLAYER_AFTER = lazy_pattern(
    r"\s+by\s+(?:lho|rho|pd|partner|me|north|east|south|west|[nesw]\b|my\s|his\s|her\s)"
)
"""'x by pd', 'xx by lho': a double or redouble with its maker after it."""


def _looks_like_call_context(lowered: str, start: int) -> bool:
    before = lowered[max(0, start - 12) : start]
    return bool(re.search(r"(\d\s*(nt|[cdhs♣♦♥♠])|\)|\bp|\bpass)\s*[-,(]?\s*$", before))


def _near_player(story: Story, start: int) -> bool:
    """A player named just before ('South passes', 'N (defender) then doubles'): looked up
    by position, not by scanning; an aside in brackets after him does not count."""
    players = story.players
    last = bisect_left(_starts(story), start) - 1
    for i in range(last, -1, -1):
        if players[i].start < start - 60:
            break
        gap = start - players[i].end
        if 0 <= gap <= 12:
            return True
        if gap > 12 and _ASIDE_GAP.match(story.text, players[i].end, start):
            return True
    return False


_ASIDE_GAP = lazy_pattern(r"\s*\([^()]{1,30}\)\s*(?:[a-z]+\s+){0,2}$")
"""'N (defender) then ', 'E (declarer) immediately ': an aside and a word or two."""


def _call_of(match: re.Match[str]) -> Call:
    simple = match.group("simple") or _group(match, "quoted") or _group(match, "said_pass")
    if simple:
        word = simple.lower()
        word = {
            "passes": "pass",
            "doubles": "double",
            "doubling": "double",
            "redoubling": "redouble",
            "redoubles": "redouble",
            "p": "pass",
        }.get(word, word)
        return simple_from_word(word)
    return bid_from_match(match)


def _group(match: re.Match[str], name: str) -> str | None:
    return match.group(name) if name in match.re.groupindex else None


def _spoken_objects(text: str, events: list[CallEvent]) -> None:
    """ "said 'double two spades'": the bid named in the same quote as the double is what
    he said he doubled, not a bid he made."""
    spans = _quoted_spans(text)
    for i, event in enumerate(events):
        if i == 0 or not isinstance(event.call, Bid):
            continue
        previous = events[i - 1]
        if previous.call not in (Simple.DOUBLE, Simple.REDOUBLE):
            continue
        if any(a <= previous.start < event.end <= b for a, b in spans):
            event.role, event.object_of = "reference", i - 1


_Run = tuple[int, int, tuple[re.Match[str], ...]]
"""A stretch typed as an auction: where it starts and ends, and its calls as matched."""


def _runs_told_twice(events: list[CallEvent], spans: tuple[_Run, ...]) -> None:
    """An auction typed twice ('N P, E P, S P, W 1C. ... Cards: N P, E P, S P, W 1C'), or
    typed again corrected: one auction, not two. A later run that starts with the same call
    by the same seat as an earlier run tells the auction again; the fuller telling is the
    auction (the later one when it differs: the teller's correction), the other a mention."""
    runs = [[e for e in events if start <= e.start < end] for start, end, _ in spans]
    for i, earlier in enumerate(runs):
        for later in runs[i + 1 :]:
            if not earlier or not later or _run_key(earlier[0]) != _run_key(later[0]):
                continue
            if not any(isinstance(e.call, Bid) for e in later):
                continue  # 'then W put out a pass, N pass, E pass': passes after it, no retelling
            keys = [_run_key(e) for e in earlier]
            again = [_run_key(e) for e in later]
            told_again = later if keys[: len(again)] == again else earlier
            for event in told_again:
                event.role = "reference"


def _run_key(event: CallEvent) -> tuple[Call | None, Seat | None]:
    return event.call, event.seat


@lru_cache(maxsize=8)
def _typed_runs(text: str) -> tuple[_Run, ...]:
    """Stretches typed as an auction: three or more calls in a row ('1H p 4H p p p'),
    or two with the opponents' call in brackets ('1NT (1S)'). Kept for the last few texts:
    the calls and the whole-auction check both ask it of the same description."""
    runs: list[_Run] = []
    current: list[re.Match[str]] = []
    for match in _RUN_TOKEN_RE.finditer(text):
        if current and not _RUN_GAP.match(text[current[-1].end() : match.start()]):
            runs.append(_close_run(current, text))
            current = []
        current.append(match)
    if current:
        runs.append(_close_run(current, text))
    out = []
    for start, end, tokens in runs:
        bracketed = "(" in text[start:end]
        bids = sum(1 for t in tokens if not t.group("simple"))
        seated = all(_typed_seat(t) for t in tokens)
        pair = len(tokens) == 2 and (bracketed or seated)
        if (bids >= 1 and (len(tokens) >= 3 or pair)) or _passes_in_a_row(tokens):
            out.append((start, end, tokens))
    return tuple(out)


def _run_from_dealer(lowered: str, story: Story, start: int) -> bool:
    """The run starting at ``start`` follows the dealer's naming with nothing but punctuation
    or 'auction:' between ('dlr N. 1c 1s 2h', 'Dealer: E, auction 1NT p 3NT'): its first
    call is the dealer's."""
    if story.dealer is None or not story.dealer_words:
        return False
    at = max(lowered.rfind("dealer", 0, start), lowered.rfind("dlr", 0, start))
    if at < 0:
        return False
    tail = lowered[at:start]
    word = _DEALER_WORDS.match(tail)
    return word is not None and _AUCTION_START_GAP.match(tail[word.end() :]) is not None


def _seats_by_rotation(run: list[CallEvent]) -> None:
    """A typed run with one call's maker named ('W 1NT p 2C p 2H', 'pd 1S p 2H', 'p p 1H (me)
    x'): each call is made by the previous caller's LHO, so the run's seats follow from the
    one named, before and after it. Left alone when a seat typed does not fit the rotation (the
    teller says a call was out of turn) or no maker's seat is known."""
    anchor = next((i for i, event in enumerate(run) if event.seat is not None), None)
    if len(run) < 2 or anchor is None:
        return
    known = run[anchor].seat
    assert known is not None
    seats = [known.offset(i - anchor) for i in range(len(run))]
    if any(e.actor is not None and e.seat is not s for e, s in zip(run, seats, strict=True)):
        return
    for event, seat in zip(run, seats, strict=True):
        if event.actor is None:
            event.actor = PlayerRef(event.start, event.start, "", "next", seat)


def _passes_in_a_row(tokens: tuple[re.Match[str], ...] | list[re.Match[str]]) -> bool:
    """'it went p p p', 'x p p p': three passes typed in a row as 'p' (after one double or
    redouble at most) are calls too, though no bid is among them; 'x x x' (small cards) is
    not, and passes written out ('W put out a pass, N pass, E pass') are read as told."""
    words = [(t.group("simple") or "").lower() for t in tokens]
    if words and words[0] in ("x", "xx", "dbl", "rdbl", "double", "redouble"):
        words = words[1:]
    return len(words) >= 3 and all(w in ("p", "nb") for w in words)


def _typed_seat(match: re.Match[str]) -> str | None:
    """The seat typed with one call of a typed auction, before it or after it in brackets
    (or the player relative to the teller, before it: 'pd 1S')."""
    return (
        match.group("seat")
        or match.group("seat_bracket")
        or match.group("person")
        or match.group("seat_after")
        or match.group("seat_by")
    )


def _after_group(match: re.Match[str]) -> str | None:
    """The group naming the maker after the call: in brackets, or after 'by'."""
    return next((g for g in ("seat_after", "seat_by") if match.group(g)), None)


def _close_run(tokens: list[re.Match[str]], text: str) -> _Run:
    return tokens[0].start(), tokens[-1].end(), tuple(tokens)


_DEALER_FIRST = lazy_pattern(r"(?i)^\s*dealer\s*[:=]?\s*(north|east|south|west|[nesw])\s*[:,;.-]?")
_DEALER_OPENS = lazy_pattern(r"(?i)^\s*dealer\s*[:=]?\s*(north|east|south|west|[nesw])")
_ASKED_LAST = lazy_pattern(r"(?i)[\s,;:-]*(ib|i\.b\.|boot|oot|\?+|what now\??|ruling\??)\s*$")
"""A typed auction's dealer before it and the question after it ('IB', 'what now?')."""


def _whole_typed_auction(text: str) -> Auction | None:
    """The description is nothing but an auction (with an optional 'IB'/'?' or dealer)."""
    body = _DEALER_FIRST.sub("", text)
    body = _ASKED_LAST.sub("", body)
    runs = _typed_runs(body)
    if len(runs) != 1:
        return None
    start, end, tokens = runs[0]
    if body[:start].strip(" ,;:-") or body[end:].strip(" ,;:-.?"):
        return None
    entries: list[Entry] = []
    for match in tokens:
        seat_word = _typed_seat(match)
        if match.group("person") or (seat_word and _RELATIVE_WORD.fullmatch(seat_word)):
            # a player told relative to the teller, before his call or after it in brackets
            # ('1S (pd) 2H (rho)'): read with the story's frame, not as a compass seat
            return None
        seat = Seat.parse(seat_word) if seat_word else None
        entries.append(Entry(_call_of(match), seat))
    seats = [e.seat for e in entries if e.seat is not None]
    if len(seats) == 1 and entries[0].seat is not None and len(entries) > 1:
        # 'W 1NT p 2C p 2H p p p': the first maker named, the rest follow in rotation
        return Auction.of(*(e.call for e in entries), dealer=entries[0].seat)
    if seats and len(seats) != len(entries):
        return None
    dealer_match = _DEALER_OPENS.match(text)
    dealer = Seat.parse(dealer_match.group(1)) if dealer_match else (seats[0] if seats else None)
    if not seats and dealer is not None:
        return Auction.of(*(e.call for e in entries), dealer=dealer)
    return Auction(tuple(entries), dealer)


def _assign_actors(lowered: str, story: Story, events: list[CallEvent]) -> None:
    """Each call's maker: the player named last before it in the same clause, else the
    maker of the previous call in the same sentence (the subject carries on)."""
    previous: CallEvent | None = None
    subject: CallEvent | None = None
    """The last call whose maker is the clause's subject (not an owner: 'pd's 1S')."""
    claimed = 0
    """End of the player a 'by' after the previous call named: he is that call's maker."""
    for index, event in enumerate(events):
        if event.typed:
            if event.actor is None:
                event.actor = _typed_call_maker(lowered, story, event, previous, events)
            if event.actor is None and previous is not None and _all_pass_told(lowered, event):
                # 'i bid 4s, all pass': the others passed in turn, each the previous
                # caller's LHO
                event.actor = _next_in_rotation(event, previous, lowered, claimed)
            if event.actor is not None:
                previous = subject = event
            continue
        bracketed = _maker_in_brackets(lowered, story, event)
        if bracketed is not None:  # 'opened 1S (N), overcall 2H (E)': the aside is the maker
            event.actor, claimed = bracketed
            previous, subject = event, None
            continue
        named = _maker_named_after(lowered, story, event)
        if named is not None:  # '1 club from me, double from the man on my left'
            event.actor, claimed = named, named.end
            previous, subject = event, None
            continue
        in_list = claimed and previous is not None and previous.sentence == event.sentence
        listed = _maker_listed_by(lowered, story, event, events[index + 1 :], bool(in_list))
        if listed is not None:  # '1S by lho, 1H by pd': the maker follows his call
            event.actor, claimed = listed, listed.end
            previous, subject = event, None  # '1S by me, pass, pass': not his passes
            continue
        floor = previous.end if previous is not None else 0
        floor = max(floor, claimed, _clause_floor(lowered, event.start))
        actor = _nearest_player(event.start, story, floor)
        owned = _OWNER_DETERMINER.search(lowered[max(0, event.start - 30) : event.start])
        if owned is not None:
            # 'my 2NT', 'passed my forcing 2C', 'his 3NT': the call belongs to its owner
            actor = _determiner_owner(owned.group(1), event.start, story, events)
        elif actor is not None and actor.kind == "pronoun":
            actor = _pronoun_owner(actor, story, events)
        elif actor is not None and actor.kind == "next" and previous is not None:
            seat = previous.seat.lho if previous.seat is not None else None
            actor = PlayerRef(actor.start, actor.end, actor.words, "next", seat)
        possessive = actor is not None and (
            owned is not None or actor.words.endswith("'s") or actor.words.endswith("s'")
        )
        row = actor is None and _in_a_row_of_passes(lowered, events, index)
        if row and previous is not None:
            # 'pd bid 4s and then pass pass pass': one pass a seat, each by the previous
            # caller's LHO, never the bidder's three passes
            actor = _next_in_rotation(event, previous, lowered, claimed)
        elif (
            actor is None
            and not row
            and subject is not None
            and subject.sentence == event.sentence
            and not _ROLE_SUBJECT.search(lowered, max(floor, subject.end), event.start)
        ):  # 'W doubled 4S, p p p, then declarer said XX': a role named, not W carried on
            actor = subject.actor
        event.actor = actor
        previous = event
        if not possessive and not row:
            subject = event


_PASS_ROW_GAP = lazy_pattern(r"[\s,;\-]*")
"""Between two passes written in a row ('pass pass pass', 'pass, pass, pass')."""
_ROW_AFTER_CALL = lazy_pattern(r"[\s,;\-]*(?:(?:and|then|all)\s+)*$")
"""Between the call a row of passes follows and the row ('4S and then pass pass pass')."""


def _in_a_row_of_passes(lowered: str, events: list[CallEvent], index: int) -> bool:
    """A pass written bare beside another one ('pass pass pass'): each is its own seat's call,
    so none is the maker of the sentence's last call carried on."""
    event = events[index]
    if event.call is not Simple.PASS or event.typed:
        return False
    for other in (index - 1, index + 1):
        if not 0 <= other < len(events):
            continue
        near = events[other]
        if near.call is not Simple.PASS or near.typed or near.sentence != event.sentence:
            continue
        first, second = (near, event) if other < index else (event, near)
        if _PASS_ROW_GAP.fullmatch(lowered, first.end, second.start):
            return True
    return False


def _all_pass_told(lowered: str, event: CallEvent) -> bool:
    """One of the three passes 'all pass' tells (:func:`_all_passed` makes them)."""
    return event.call is Simple.PASS and bool(
        _ALL_BEFORE.search(lowered, max(0, event.start - 10), event.start)
    )


def _next_in_rotation(
    event: CallEvent, previous: CallEvent, lowered: str, claimed: int = 0
) -> PlayerRef | None:
    """The maker of a pass in a row told right after ``previous`` (or after another pass of
    the row; ``claimed``: the end of the maker named after it, '1C by W, then pass pass
    pass'): the previous caller's LHO. None when other words stand between them."""
    if previous.sentence != event.sentence or previous.seat is None:
        return None
    start = max(previous.end, claimed)
    if start < event.start and not _ROW_AFTER_CALL.fullmatch(lowered, start, event.start):
        return None
    return PlayerRef(event.start, event.start, "", "next", previous.seat.lho)


_ROLE_SUBJECT = lazy_pattern(
    r"\b(?:declarer|dummy|(?:a |the |one )?defender|opener|responder|overcaller|dealer)\b"
    r"(?:'s partner)?(?:\s+(?:then|now|also|just|suddenly|had|has))*"
    r"\s+(?:said|says|called|bid|doubled|redoubled|passed|put|went|tried|announced)\b"
)
"""A role named as the subject of the next call ('then declarer said'): the previous call's
maker does not carry on (his role is read by the readers that need it)."""


def _typed_call_maker(
    lowered: str,
    story: Story,
    event: CallEvent,
    previous: CallEvent | None,
    events: list[CallEvent],
) -> PlayerRef | None:
    """The maker of a call typed in a run without its seat, when the words just before it
    name him as its subject ('auction: my pd opened 1C, RHO 1S', 'him 1c, rho 1h'): a player
    named at most two words before the call, in the same sentence, after the previous call."""
    floor = max(previous.end if previous is not None else 0, _clause_floor(lowered, event.start))
    actor = _nearest_player(event.start, story, floor)
    if actor is None or not _SUBJECT_GAP.match(lowered, actor.end, event.start):
        return None
    if actor.kind == "pronoun":
        return _pronoun_owner(actor, story, events)
    if actor.kind in ("seat", "relative", "speaker", "person") and actor.seat is not None:
        return actor
    return None


_SUBJECT_GAP = lazy_pattern(
    r"\s*(?:(?:then|just|had|has|also|duly)\s+)?"
    r"(?:opened|bid|overcalled|responded|rebid|raised|jumped to|called|went|said|started)?\s*$"
)
"""Between a player named and his call: at most a verb that tells a call ('pd opened 1C')."""


_BY_AFTER = lazy_pattern(r"\s+from\s+")  # not "by": "4S by N" is a contract
_LISTED_BY = lazy_pattern(r"\s+by\s+")
_CONTRACT_BEFORE = lazy_pattern(
    r"(?:\b(?:finished|ended|over|contract|in|at|played|playing|declarer|result)\W*|\()$"
)
"""'auction finished 4H by N', '(3NT by S)': the contract and its declarer, told as such."""


def _maker_listed_by(
    lowered: str, story: Story, event: CallEvent, later: list[CallEvent], in_list: bool
) -> PlayerRef | None:
    """'1S by lho, 1H by pd', '2H by LHO, pd doubled': a call with its maker named after
    'by' while the auction goes on in the same sentence (or ``in_list``: the call before it
    in the sentence was told so). Alone ('4S by N.') it names the contract and its
    declarer, who need not have made that bid."""
    by = _LISTED_BY.match(lowered, event.end)
    if by is None or _CONTRACT_BEFORE.search(lowered, max(0, event.start - 30), event.start):
        return None
    player = next((p for p in story.players if p.start == by.end() and p.seat is not None), None)
    if player is None:
        return None
    goes_on = any(e.sentence == event.sentence and e.start > player.end for e in later)
    return player if goes_on or in_list else None


_BRACKET_AFTER_CALL = lazy_pattern(r"\s*[(\[]\s*(?:by\s+)?")
_BRACKET_SHUT = lazy_pattern(r"\s*[)\]]")


def _maker_in_brackets(
    lowered: str, story: Story, event: CallEvent
) -> tuple[PlayerRef, int] | None:
    """'opening 1S (N), overcall 2H (E)', 'a 2C [by pd]': a player alone in brackets just
    after a call is its maker, and names nobody else's call (the next call's maker is looked
    for after the bracket). Returns him and where the bracket shuts."""
    opened = _BRACKET_AFTER_CALL.match(lowered, event.end)
    if opened is None or _CONTRACT_BEFORE.search(lowered, max(0, event.start - 30), event.start):
        return None  # 'played in 4S (N)': the contract and its declarer
    player = next((p for p in story.players if p.start == opened.end()), None)
    if player is None or player.kind not in ("seat", "relative", "speaker"):
        return None
    shut = _BRACKET_SHUT.match(lowered, player.end)
    return (player, shut.end()) if shut is not None else None


def _maker_named_after(lowered: str, story: Story, event: CallEvent) -> PlayerRef | None:
    """'after 1NT from pd': a call whose maker is named just after it."""
    by = _BY_AFTER.match(lowered, event.end)
    if by is None:
        return None
    return next((p for p in story.players if p.start == by.end() and p.seat is not None), None)


_OWNER_DETERMINER = lazy_pattern(
    r"\b(my|his|her)\s+(?:(?:own|forcing|natural|artificial|opening|cue|strong|weak|jump|"
    r"transfer|conventional|splinter|game[- ]forcing|stayman|preemptive|pre-emptive)\s+){0,2}$"
)
"""'my 2NT', 'my forcing 2C': the call belongs to the owner, not to the sentence's subject."""


def _determiner_owner(
    word: str, position: int, story: Story, events: list[CallEvent]
) -> PlayerRef | None:
    if word == "my":
        me = next((p for p in story.players if p.kind == "speaker"), None)
        return (
            PlayerRef(position, position, "my", "speaker", story.speaker)
            if me or story.speaker
            else None
        )
    before = [p for p in story.players if p.end <= position and p.kind != "pronoun"]
    return before[-1] if before else None


def _clause_floor(lowered: str, position: int) -> int:
    """Start of the sentence holding ``position``."""
    head = lowered[:position]
    cut = max(head.rfind("."), head.rfind(";"), head.rfind("!"), head.rfind("?"), head.rfind("\n"))
    while cut >= 0 and head[cut] in "!?" and head[cut + 1 : cut + 2] == ")":
        # '(not N!)', '(his turn?)': a mark inside an aside, not the sentence's end
        cut = max(head.rfind(c, 0, cut) for c in ".;!?\n")
    return cut + 1


def _pronoun_owner(pronoun: PlayerRef, story: Story, events: list[CallEvent]) -> PlayerRef | None:
    """'he' is the last player named before it - never the speaker himself."""
    before = [
        p for p in story.players if p.end <= pronoun.start and p.kind not in ("pronoun", "speaker")
    ]
    return before[-1] if before else None


_TELLER_PULLED_THE = lazy_pattern(
    r"(?:^|[^\w'])i\s+(?:then\s+|just\s+|had\s+|'d\s+)?"
    r"(?:pulled|grabbed|took|picked|put|placed|laid|dropped|slapped)"
    r"\s+(?:out\s+|up\s+|down\s+)?the\s+$"
)


def _teller_pulled_the_card(
    window: str, after: str, event: CallEvent, made: list[CallEvent]
) -> bool:
    """'rho passed, i pulled the pass card': the teller's own card put out, not RHO's pass
    named again. Only the teller's own act ('i pulled the ... card') and only when every
    earlier such call is another player's: 'i passed ... i pulled the pass card' names his
    pass again."""
    if event.actor is None or event.actor.kind != "speaker":
        return False
    if not (_TELLER_PULLED_THE.search(window) and _CALL_CARD_AFTER.match(after)):
        return False
    same = [m for m in made if m.call == event.call]
    return all(
        m.actor is not None and m.actor.kind != "speaker" and m.actor.seat is not event.actor.seat
        for m in same
    )


def _assign_roles(lowered: str, events: list[CallEvent]) -> None:
    previous_end = 0
    previous: CallEvent | None = None
    made_so_far: list[CallEvent] = []
    for event in events:
        window = lowered[max(previous_end, event.start - 45) : event.start]
        after = lowered[event.end : event.end + 60]
        wanted = _WANTED_BEFORE.search(window) if not event.typed else None
        if wanted:
            event.role = "wanted"
            event.cue = lowered[max(previous_end, wanted.start() - 30) : event.start]
        elif not event.typed and _INSTEAD_AFTER.match(after):
            event.role = "wanted"
            event.cue = "instead"
        elif not event.typed and made_so_far and _changed_to(lowered, made_so_far[-1], event):
            event.role = "wanted"  # 'changed 1NT to 2NT'
            event.cue = lowered[max(0, made_so_far[-1].start - 25) : event.start]
        elif not event.typed and _WOULD_HAVE_BEFORE.search(window):
            event.role = "hypothetical"  # 'they'd have run to 5C': what did not happen
        elif not event.typed and (_MISREAD_BEFORE.search(window) or _IN_MIND_AFTER.match(after)):
            event.role = "misread"
        elif (
            not event.typed
            and (
                _REFERENCE_BEFORE.search(window)
                or _REFERENCE_AFTER.match(after)
                or (event.call is Simple.PASS and _OWNED_PASS_BEFORE.search(window))
                or (
                    _OWNED_PASS_BEFORE.search(window)
                    and any(
                        m.call == event.call and same_player(m, event, unnamed=False)
                        for m in made_so_far
                    )
                )
            )
            and any(m.call == event.call for m in made_so_far)
            and not _teller_pulled_the_card(window, after, event, made_so_far)
        ):
            event.role = "reference"
        elif (
            not event.typed
            and (
                _EMPHATIC_BEFORE.search(window)
                or (_ORDER_AFTER.match(after) and not _AGAIN_BEFORE.search(window))
            )
            and any(
                m.call == event.call and same_player(m, event, unnamed=False) for m in made_so_far
            )
        ):
            event.role = "reference"  # 'but she did pass': her pass told again, insisted on
        elif (
            not event.typed
            and _REPORTED_BEFORE.search(window)
            and _past_tense(lowered, event)
            and any(m.call == event.call and same_player(m, event) for m in made_so_far)
        ):
            event.role = "reference"  # 'E says W passed': W's pass told before, recounted
        elif (
            not event.typed
            and _CARD_DESCRIBED_AFTER.match(after)
            and _THE_CARD_BEFORE.search(window)
            and not _CARD_PLACED_BEFORE.search(window)
        ):
            event.role = "reference"  # 'the 1S card was right behind it': a card, not a call
        elif not event.typed and _SINCE_BEFORE.search(window):
            event.role = "reference"  # 'hasn't called since his pass': a point in time
        elif (
            not event.typed
            and isinstance(event.call, Simple)
            and _A_KIND_BEFORE.search(window)
            and _A_KIND_AFTER.match(after)
        ):
            event.role = "reference"  # 'a double isn't insufficient': a kind of call, not one made
        elif not event.typed and _CONTRACT_PROPOSED_BEFORE.search(window):
            event.role = "reference"  # 'let's play it in 1NT': a contract spoken of, no call
        elif (
            not event.typed
            and _AUCTION_ENDED_IN_BEFORE.search(window)
            and any(m.call == event.call for m in made_so_far)
        ):
            event.role = "reference"  # 'the auction ended 1NT': the last bid, told again
        convention = _CONVENTION_AFTER.match(after)
        if convention:
            name = convention.group("name").lower().replace(" ", "").replace("-", "")
            if name in _ARTIFICIAL_NAMES or name.startswith(
                ("artificial", "conventional", "asking")
            ):
                event.artificial = True
            elif name == "natural":
                event.artificial = False
        if (
            event.role == "made"
            and isinstance(event.call, Bid)
            and previous is not None
            and previous.role == "wanted"
            and previous.call in (Simple.DOUBLE, Simple.REDOUBLE)
            and _OBJECT_GAP.match(lowered[previous.end : event.start])
        ):
            event.role = "reference"  # 'wanted to double 3nt': the bid he wanted to double
        if (
            event.role == "made"
            and previous is not None
            and previous.role == "wanted"
            and _NOT_THE_ONE_MADE.fullmatch(lowered[previous.end : event.start])
            and any(m.call == event.call for m in made_so_far)
        ):
            event.role = "reference"  # 'i meant 2s not 1s': the 1S told before, set against it
        if event.role == "made":
            made_so_far.append(event)
        previous_end = event.end
        previous = event


_NOT_THE_ONE_MADE = lazy_pattern(
    r"\s*,?\s*(?:and\s+|but\s+)?(?:not|instead of|rather than)\s+(?:the\s+|a\s+|an\s+|my\s+"
    r"|his\s+|her\s+)?"
)
"""Between a call wanted and the one made: 'meant 2S not 1S', 'wanted 2H, not the 2D'."""


def _past_tense(lowered: str, event: CallEvent) -> bool:
    """'passed', 'doubled', 'bid 2H': a call told as done, not one spoken now ('said pass')."""
    word = lowered[event.start : event.end]
    if isinstance(event.call, Bid):
        return lowered[max(0, event.start - 4) : event.start] == "bid "
    return word.endswith("ed")


def _changed_to(lowered: str, made: CallEvent, event: CallEvent) -> bool:
    """'changed 1NT to 2NT': the second call is the one wanted."""
    between = lowered[made.end : event.start]
    before = lowered[max(0, made.start - 25) : made.start]
    return bool(_TO_BEFORE.match(between) and _CHANGE_VERB_BEFORE.search(before))


_ANONYMOUS_CALL = lazy_pattern(
    rf"(?<!\S)(?P<who>\S{{1,30}})(?:,\s+who\s+[^,.;!?]{{1,40}},)?\s+"
    rf"(?:(?:has|had|then|since|already|also|just|duly|promptly|quietly|happily|simply|calmly"
    rf"|immediately|eventually|later|subsequently)\s+)*"
    rf"(?P<verb>{_CALLED_VERBS}|passed it out)\b(?!\s+(?:out\b(?! of)|it out))"
    r"(?!\s+(?:for\s+)?(?:the\s+)?(?:td|director|tournament director|referee|arbiter|umpire"
    r"|attention)\b)"
)
"""'pd then bid', 'East duly left it in', 'his partner, who had a weak hand, left it in', 'his
partner passed it out' (the pass that ended the auction); not 'E called the director'."""


def _anonymous_calls(
    lowered: str, story: Story, events: list[CallEvent], sentences: list[int]
) -> None:
    """'LHO has since passed', 'pd then bid': calls made whose words name no call."""
    pattern = _ANONYMOUS_CALL
    by_end: dict[int, PlayerRef] = {}
    for player in story.players:
        by_end.setdefault(player.end, player)
    starts = sorted(e.start for e in events)  # the calls named: looked up by position
    for match in pattern.finditer(lowered):
        ref = by_end.get(match.end("who"))
        if ref is None or ref.kind in ("pronoun",) or match.group("who").endswith("'s"):
            continue  # 'pd's bid' names a call, it does not tell one
        if _NEGATION.search(lowered[max(0, match.start() - 12) : match.start("verb")]):
            continue
        if re.search(
            r"\b(?:before|until|till|unless|if|whether)\s+(?:the\s+|my\s+|his\s+|her\s+|their\s+)?$",
            lowered[max(0, ref.start - 12) : ref.start],
        ):
            continue  # 'before South had called' says South had not called
        if _BELIEF_BEFORE.search(lowered, max(0, ref.start - 30), ref.start):
            continue  # 'thought N had bid twice': a call only believed made
        if _inside(ref.start, _quoted_spans(story.text)):
            continue  # "W goes 'N bid before I'd even looked'": his words, no call told
        at = bisect_left(starts, match.start("verb"))
        if (
            at < len(starts)
            and starts[at] <= match.end() + 14
            and not any(match.end() <= p.start < starts[at] for p in story.players)
        ):
            continue  # a call is named right after: that call is the event ('S opened,
            # W passed' names W's pass, another player's call)
        verb = match.group("verb")
        call: Call | None = Simple.PASS if verb in ("passed", "passed it out") else None
        if verb == "doubled":
            call = Simple.DOUBLE
        elif verb == "redoubled":
            call = Simple.REDOUBLE
        makers = [ref]
        both = _CO_SUBJECT.search(lowered, max(0, ref.start - 40), ref.start)
        if both is not None and by_end.get(both.end("who")) is not None:
            makers.insert(0, by_end[both.end("who")])  # 'pd and rho bid': two calls told
        for maker in makers:
            events.append(
                CallEvent(
                    call,
                    match.start("verb"),
                    match.end("verb"),
                    _sentence_of(match.start(), sentences),
                    actor=maker,
                )
            )


_BELIEF_BEFORE = lazy_pattern(
    r"\b(?:thought|thinks|thinking|believed|believes|believing|assumed|assuming|convinced|"
    r"imagined|says|said|claims|claimed|insists|insisted|complains|complained|swears|swore|"
    r"reckons|reckoned)(?:\s+that)?\s+$"
)
"""'he thought N had bid', 'S claims W bid at his turn': what follows is only believed or
said, a call whose words name none - not one the story tells made then."""
_CO_SUBJECT = lazy_pattern(r"(?<!\S)(?P<who>\S{1,30})\s+and\s+$")
_NEW_CLAUSE = lazy_pattern(r"\b(?:and|then|but|so)\s+(?:then\s+)?$|;\s*$")
"""Words that end a clause just before 'after': 'pd bid 4NT, and after my 5H he...' tells
when, not the call 4NT was made over (a comma alone does not: '2C, a cue bid, over 2D')."""


def _link_earlier(lowered: str, story: Story, events: list[CallEvent]) -> None:
    """'pd bid 1S over 1NT': 1NT happened first, although typed second."""
    for i, event in enumerate(events):
        if event.role != "made" or i == 0 or event.typed:
            continue
        previous = events[i - 1]
        window = lowered[previous.end : event.start]
        match = _OVER_BEFORE.search(window)
        if match is not None and _NEW_CLAUSE.search(window, 0, match.start()):
            match = None  # 'bid 4NT and after my 5H reply he asked': a time, a new clause
        said = isinstance(previous.call, Bid) and not _doubled_in_words(events, i - 1)
        if match is None and said:  # 'i said 2H but the last one before was 2S'
            match = _LAST_BID_WAS.search(window)
        owned = _OWNED_BEFORE.search(window) and previous.call in (
            Simple.PASS,
            Simple.DOUBLE,
            Simple.REDOUBLE,
            None,
        )
        verb = lowered[previous.start : previous.end]
        if verb in ("doubled", "redoubled", "passed", "doubles", "passes") and _OBJECT_GAP.match(
            window
        ):
            owned = True  # 'doubled 2S', 'passed the 4C': the bid is what he doubled or passed
        if (
            (match or owned)
            and previous.role in ("made", "reference")
            and previous.sentence == event.sentence
        ):
            if event.actor is previous.actor:
                # 'pd bid 1S over 1NT': the earlier call's maker is named after 'over', if at all
                event.actor = next(
                    (p for p in story.players if previous.end <= p.start < event.start), None
                )
            if owned:
                event.object_of = i - 1
            told = _told_before(events, i - 1, event)
            if told is not None:
                # 'pd opened 1H ... I doubled 1H': the bid doubled is the one told already
                event.role, event.refers_to = "reference", told
            elif previous.role == "made":
                event.earlier_than = i - 1
            elif previous.object_of is not None:
                # "said 'I double 4H' after my 4H": earlier than the double itself
                event.earlier_than = previous.object_of


def _doubled_in_words(events: list[CallEvent], index: int) -> bool:
    """The bid at ``index`` is named with a double or redouble before it in its sentence
    ('said double three hearts', "said 'redouble' with the words 'three clubs'"): what he
    said he doubled, perhaps, not a bid made."""
    if index == 0:
        return False
    before = events[index - 1]
    return (
        before.call in (Simple.DOUBLE, Simple.REDOUBLE)
        and before.sentence == events[index].sentence
    )


_LISTING = lazy_pattern(r"\b(?:auction|bidding|calls)(?:\s+(?:was|went|had been))?\s*:")
"""'auction: pd 1C, RHO 1S, me 2H': the calls listed in the order they were made."""


def _listed_again(lowered: str, events: list[CallEvent]) -> None:
    """'LHO says it was his turn when i bid 2H. auction: my pd opened 1C, RHO 1S, me 2H':
    a call told before a listing of the auction and listed again in it, by the same player
    (both seats known), is one call - placed where the listing puts it, the first telling
    only a mention."""
    listing = _LISTING.search(lowered)
    if listing is None:
        return
    listed = [e for e in events if e.start >= listing.end() and e.role == "made"]
    for event in events:
        if event.start >= listing.start() or event.role != "made" or event.seat is None:
            continue
        if any(e.call == event.call and e.seat is event.seat for e in listed):
            event.role = "reference"


def _told_before(events: list[CallEvent], before: int, event: CallEvent) -> int | None:
    """The call made earlier in the story that ``event`` names again (same call, and the
    same player when both are known), if there is one."""
    told = [
        i
        for i, e in enumerate(events[:before])
        if e.role == "made"
        and e.call is not None
        and e.call == event.call
        and (e.seat is None or event.seat is None or e.seat is event.seat)
    ]
    return told[-1] if told else None


def _retold_doubles(lowered: str, events: list[CallEvent]) -> None:
    """'put out the X card, doubling 1NT': the participle tells the same double again."""
    for previous, event in pairwise(events):
        word = lowered[event.start : event.end]
        if (
            word.endswith("doubling")
            and previous.role == "made"
            and previous.call == event.call
            and previous.sentence == event.sentence
            and same_player(previous, event)
        ):
            event.role = "reference"


_NOT_YET = r"(?:hasn't|hadn't|hasnt|hadnt|didn't|didnt|did not|has not|had not|haven't|have not)"
_ASIDE = r"(?:\s*\([^()]{1,30}\))?"
"""'S (his LHO) has not called': an aside in brackets between the player and the words."""
_PENDING_AFTER_RES = (
    lazy_pattern(
        rf"^(?:'s)?{_ASIDE}\s+(?:has|had|have)?\s*(?:n't|not|never)\s+(?:yet\s+)?"
        rf"{_PENDING_VERBS}(?!\s+(?:out|\d))"
    ),
    lazy_pattern(rf"^{_ASIDE}\s+{_NOT_YET}\s+(?:yet\s+)?{_PENDING_VERBS}(?!\s+\d)"),
)
"""'South hasn't called yet': words just after a player."""
_PENDING_TOO = lazy_pattern(
    r"^(?:'s)?\s+(?:(?:has|had)\s*(?:n't|not)|hasnt|hadnt|(?:has|had)\s+not)\s+(?:yet\s+)?"
    r"either\b"
)
"""'pd hasn't called, lho hasn't either': the same 'not yet called', said again of another
player - read only just after a player said not to have called."""
_BEFORE_HEAD = lazy_pattern(r"\bbefore\s+(?:the\s+)?$")
_PENDING_BEFORE_TAILS = (
    lazy_pattern(
        rf"^(?:'s|'ve|'d)?{_ASIDE}\s+(?:had\s+|has\s+|have\s+|could\s+)?(?:yet\s+|even\s+)?"
        r"(?:a chance to\s+)?"
        rf"(?:{_PENDING_VERBS}|opened|opens|open)\b"
    ),
    lazy_pattern(r"^(?:'s)?\s*(?:[,.;)]|$|\s+(?:could|did|does))"),
)
"""'before South had called', 'before South could': said of the player named."""
_TURN_HEAD = lazy_pattern(
    r"(?:\bat|\bin|\bduring|\bon|\bit was|\bit's|\bits|\bwhen it was)\s+(?:the\s+)?$"
)
_NOW_HEAD = lazy_pattern(
    r"(?:\bit's|\bits|\bit is|\bnow|\bthen\s+it\s+was|\bnext\s+it\s+was)\s+(?:the\s+)?$"
)
"""'its lhos turn', 'then it was lhos turn': whose turn it is now. Said after a call, that is
the turn after it, not the call's own; only a call told right after the words ('its lhos turn
but rho bids 1S') was made at it."""
_TURN_TAIL = lazy_pattern(r"^(?:'s|s)?\s+(?:own\s+)?(?:turn|go)\b")
_OWN_TURN = lazy_pattern(
    r"\b(?:his|her|my)\s+own\s+turn\b|\bin (?:his |her |my )?turn\b|\bin rotation\b"
    r"|\bat (?:his|her) (?:proper |correct |right |next )?turn\b"
    r"|\b(?:his|her|my) (?:proper|correct|right) turn\b"
)
NOBODY_SINCE = lazy_pattern(
    r"\b(?:(?:no ?one|nobody|noone|no-one|none of (?:them|us)|neither (?:of them|opponent))"
    r"(?:'s\s+|\s+(?:else\s+)?(?:has\s+|had\s+)?)(?:yet\s+)?(?:called|bid|made a call|acted)"
    r"|before\s+(?:any ?one|anybody|any one)\s+(?:else\s+)?(?:had\s+)?(?:called|bid|made a call)"
    r"|no (?:other |further )?calls? (?:has|have|had)? ?(?:yet )?(?:been made|since)"
    r"|no (?:other |further )?calls? since|no (?:other |further )?calls? after (?:it|that)"
    r"|nothing since"
    r"|(?:no ?one|nobody|noone|no-one)(?:'s|\s+(?:else\s+)?(?:after (?:him|her|them|that|it)\s+)?"
    r"(?:has|had))\s+(?:yet\s+)?(?:said anything|done anything|spoken)"
    r"|(?:his|her) (?:lho|left-hand opponent|left hand opponent|(?:lady|gentleman|man|woman"
    r"|player|opponent) on (?:his|her) left) (?:has not|hasn't|had not|hadn't) (?:yet )?"
    r"(?:called|bid|said anything|made a call))"
)
"""Nobody has called since the call told before these words: said of everyone, or of the
caller's own left-hand opponent (who calls next)."""
_OUT_OF_TURN = lazy_pattern(
    r"\bout of (?:turn|rotation|rot|order)\b|\bout-of-turn\b"
    r"|\bwasn'?t (?:his|her|my) turn\b|\bnot (?:his|her|my) turn\b"
    r"|\bthought it was (?:his|her|my|their) turn\b|\bthinking it was (?:his|her|my) turn\b"
    r"|\b(?:his|her|their) turn,? not (?:mine|his|hers)\b"
)
_PLAY_BEFORE = lazy_pattern(
    r"\b(?:led|lead|leads|leading|played|plays|playing|ruffed|discarded)\b[^.;!?]{0,25}$"
)
"""'led out of turn', 'played a card out of turn': the play, not a call out of turn."""
_MY_TURN = lazy_pattern(r"\b(?:it was|at|during|in|on) my (?:turn|go)\b|\bit was my call\b")
_SIDE_SAID = lazy_pattern(
    r"\bon (?:the )?(?P<side>left|right) of\b|\bon (?:[a-z]+'s|his|her) (?P<s2>left|right)\b"
)


def side_said(lowered: str) -> str | None:
    """Where a player sits, said in words ('W sits on N's left'): 'left' or 'right'. Seats
    told by compass may disagree with it; a reader then asks rather than choose."""
    said = _SIDE_SAID.search(lowered)
    return None if said is None else said.group("side") or said.group("s2")


_CALL_TAIL = lazy_pattern(r"^(?:'s|s)?\s+call\b(?!\s+(?:of|was|is|had|has)\b)")
_IT_WAS_HEAD = lazy_pattern(r"(?:\bit was|\bit's|\bits|\bit is)\s+(?:the\s+)?$")
"""'when it was pd's call': whose turn it was, said with 'call' (only after 'it was': 'pd's
call' alone may be the call he made). Said of the teller only in the past ('it was my call'):
'it is my call' after a call is whose turn it is now."""
_BELIEVED_BEFORE = lazy_pattern(
    r"\b(?:thinking|thought|believing|believed|assuming|assumed|sure|convinced)"
    r"(?: that)?\s+(?:it\s+was\s+|it's\s+|its\s+)?$"
)
"""'i thought it was my turn': a turn only believed, which the calls may deny."""
_AFTER_FINAL_PASS = lazy_pattern(
    r"\bafter the (?:final|last|third|fourth) pass\b"
    r"|\bafter the (?:auction|bidding) (?:had |has |was )?(?:already )?"
    r"(?:ended|finished|closed|over)\b"
)
_FIRST_CALL = lazy_pattern(
    r"\b(?:his|her|my|their) (?:very )?first call\b|\bfirst call of the auction\b"
    r"|\bhad(?: not|n't) called before\b|\bhadn'?t (?:yet )?called (?:before|earlier)\b"
)
_NEGATED_BEFORE = lazy_pattern(r"(?:\bnot|n't|\bnever|\bno)\b[^.;]*$|(?:isn't|wasn't|not)\s*$")


_CLOSING_PASSES = lazy_pattern(
    r"\b(?:three|3) (?:passes|passed)\b|\b(?:the )?(?:other three|others|rest) (?:all )?passed\b"
    r"|\b(?:\w+,\s+)?\w+,? and \w+ all passed\b|\bthey all passed\b|\beveryone else passed\b"
    r"|\b(?:which|that) (?:ended|closed|finished) (?:it|the auction|the bidding)\b"
)
"""'and then 3 passes', 'then E, S and W all passed', 'i bid 4s which ended it': three passes
after a bid told at once."""


_PASSES_AFTER = lazy_pattern(r"\s+after\s+(?:(?:my|his|her|our|their|[\w]+'s)\s+)?")


def _closed_at(lowered: str, story: Story) -> int | None:
    """Where the auction closed (Law 22A): three passes after a bid, told as calls or in a
    word; every call before them must be known."""
    timeline = [e for e in story.timeline if e.earlier_than is None]
    closed: list[int] = []
    for match in _CLOSING_PASSES.finditer(lowered):
        before = [e for e in timeline if e.end <= match.start()]
        if before and all(e.call is not None for e in before) and isinstance(before[-1].call, Bid):
            closed.append(match.end())
            continue
        after = _PASSES_AFTER.match(lowered, match.end())
        named = next((e for e in timeline if after and e.start == after.end()), None)
        if not before and named is not None and isinstance(named.call, Bid):
            closed.append(named.end)  # "3 passes after 4S": the bid named after the passes
    passes, bid = 0, False
    for event in timeline:
        if event.call is None:
            break
        passes = passes + 1 if event.call is Simple.PASS else 0
        bid = bid or isinstance(event.call, Bid)
        if bid and passes == 3:
            closed.append(event.end)
            break
    return min(closed) if closed else None


def _contract_named_again(story: Story) -> None:
    """'1H p p p. so is 1H the contract?': after the auction closed, the last bid named again
    with no maker is the contract spoken of, not a call made after the final pass."""
    closed = story.closed_at
    if closed is None:
        return
    bids = [e for e in story.timeline if e.end <= closed and isinstance(e.call, Bid)]
    if not bids:
        return
    for event in story.events:
        if event.start >= closed and event.actor is None and event.call == bids[-1].call:
            event.role = "reference"


def _other_than_maker(pronoun: PlayerRef, resolved: PlayerRef, story: Story) -> PlayerRef | None:
    """'rho bid 1S before he had opened': nobody calls before himself, so 'he' is not the
    maker of the call just told but the player named before him (the dealer named earlier)."""
    told = [e for e in story.events if e.end <= pronoun.start]
    if not told or resolved.seat is None:
        return resolved
    maker = told[-1].seat
    if maker is None or resolved.seat is not maker:
        return resolved
    others = [
        p
        for p in story.players
        if p.end <= pronoun.start
        and p.kind not in ("pronoun", "speaker", "offender")
        and p.seat is not None
        and p.seat is not maker
    ]
    return others[-1] if others else None


def _said_of(
    match: re.Match[str],
    events: list[CallEvent],
    event_before: Callable[[int], int],
    players: list[PlayerRef],
) -> int:
    """The call words like 'out of turn' describe: the call told just after them when they
    stand between its maker and it ('East, out of turn, bid 1S'), else the one before ('W
    opened 1C out of turn, S passed': the next call's maker is named after the words)."""
    after = [
        i
        for i, e in enumerate(events)
        if e.start >= match.end() and e.role == "made" and e.earlier_than is None
    ]
    if after and events[after[0]].start - match.end() <= 12:
        nxt = events[after[0]]
        if not any(match.end() <= p.start < nxt.start for p in players):
            return after[0]
    return event_before(match.start())


def _told_next(events: list[CallEvent], position: int, before: int) -> int | None:
    """The call told just after a present-tense turn ('its lhos turn and rho bid 1S'), or the
    first call when none was told before; None when the words only say whose turn it is now."""
    after = [
        i
        for i, e in enumerate(events)
        if e.start >= position and e.role == "made" and e.earlier_than is None
    ]
    if after and events[after[0]].start - position <= 40:
        return after[0]
    return -1 if before == -1 else None


def _statements(lowered: str, story: Story) -> None:
    """Who has not called yet, whose turn it was, 'out of turn', 'after the final pass'."""
    events = story.events

    def event_before(position: int) -> int:
        """The call the words are said of: the last one told before them (a call only
        mentioned as the object, as in 'bid 3H over LHO's 3S', is not the one meant)."""
        before = [
            i
            for i, e in enumerate(events)
            if e.end <= position and e.role == "made" and e.earlier_than is None
        ]
        return before[-1] if before else -1

    said_pending_at = -1
    for ref in story.players:
        if ref.kind == "offender":
            continue
        tail = lowered[ref.end : ref.end + 45]
        head = lowered[max(0, ref.start - 30) : ref.start]
        pending = any(p.match(tail) for p in _PENDING_AFTER_RES) or (
            bool(_BEFORE_HEAD.search(head)) and any(p.match(tail) for p in _PENDING_BEFORE_TAILS)
        )
        if not pending and said_pending_at >= 0 and 0 <= ref.start - said_pending_at <= 40:
            pending = bool(_PENDING_TOO.match(tail))
        if pending:
            said_pending_at = ref.end
            resolved = ref if ref.kind != "pronoun" else _pronoun_owner(ref, story, events)
            if resolved is not None and ref.kind == "pronoun" and _BEFORE_HEAD.search(head):
                resolved = _other_than_maker(ref, resolved, story)
            if resolved is not None and not in_dispute(lowered, ref.start):
                # 'W says he never got to bid, E says W passed': his word against another's
                story.not_called.append((resolved, event_before(ref.start)))
        named = ref.kind in ("relative", "seat", "possessed")
        if (_TURN_TAIL.match(tail) and (_TURN_HEAD.search(head) or named)) or (
            _CALL_TAIL.match(tail) and _IT_WAS_HEAD.search(head)
        ):
            if _BELIEVED_BEFORE.search(head):
                continue
            who: PlayerRef | Literal["own"] = "own" if ref.kind == "pronoun" else ref
            at: int | None = event_before(ref.start)
            if _NOW_HEAD.search(head):
                at = _told_next(events, ref.end, event_before(ref.start))
            if at is not None:
                story.turn_words.append((who, at))
    speaker_named = any(p.kind == "speaker" for p in story.players)
    for match in _MY_TURN.finditer(lowered):
        believed = _BELIEVED_BEFORE.search(lowered, max(0, match.start() - 30), match.start())
        if (
            believed is None
            and story.speaker is not None
            and (speaker_named or story.frame == "speaker")
        ):
            me = PlayerRef(match.start(), match.end(), "my", "speaker", story.speaker)
            story.turn_words.append((me, event_before(match.start())))
    for match in _OWN_TURN.finditer(lowered):
        if not _NEGATION.search(lowered[max(0, match.start() - 15) : match.start()]):
            story.turn_words.append(("own", event_before(match.start())))
    story.nobody_called_after = [event_before(m.start()) for m in NOBODY_SINCE.finditer(lowered)]
    story.out_of_turn_words = [
        _said_of(m, events, event_before, story.players)
        for m in _OUT_OF_TURN.finditer(lowered)
        if not _PLAY_BEFORE.search(lowered[max(0, m.start() - 40) : m.start()])
    ]
    story.after_final_pass_words = [m.start() for m in _AFTER_FINAL_PASS.finditer(lowered)]
    story.closed_at = _closed_at(lowered, story)
    _contract_named_again(story)
    for match in _FIRST_CALL.finditer(lowered):
        head = lowered[max(0, match.start() - 25) : match.start()]
        negated = _NEGATED_BEFORE.search(head) and "hadn" not in match.group(0)
        words = story.not_first_call_words if negated else story.first_call_words
        words.append(event_before(match.start()))
