"""What a description of the play proves: the contract, who is declarer, and for the player
whose card the incident is about, his role (declarer, dummy or defender) and the card's rank.

Players are read by :func:`bot.dialogue.story.read_story` (compass seats, "I", "pd", "my
LHO"); this module adds the role words ("declarer", "dummy", "the board", "a defender"),
statements of who had which role ("I was declarer", "my partner, the declarer,"), the
contract ("4S by South", "I was declarer in 4S", a whole auction typed) and the act the
incident is about (a card led, played or revoked). A fact is proved only when the words
leave one reading: "pd led out of turn" with nothing said of roles proves no role, and
"South led" with no contract proves nothing either. Nothing here decides a ruling.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from bot.core.auction import Auction, Entry
from bot.core.calls import BID_PATTERN, Bid, Seat, Simple
from bot.core.play import (
    CONTRACT_BY_PATTERN,
    CONTRACT_PATTERN,
    TRICKS_PER_DEAL,
    Card,
    Contract,
    Relation,
    Role,
    Table,
    contract_from_auction,
    contract_from_match,
    find_cards,
    format_card,
    format_contract,
    role_of_relation,
)
from bot.core.score import PAIR_NOT_VULNERABLE_RE, PAIR_VULNERABLE_RE, declarer_vulnerable
from bot.dialogue.story import PlayerRef, Story, quoted_spans, read_story, relation_seat
from bot.lazy import lazy_pattern

Act = Literal["lead", "play", "revoke"]

_ROLE_WORDS = (
    r"(?P<role>(?:the\s+)?(?:declarer|decl|dec)|(?:the\s+)?dummy"
    r"|(?<!previous )(?<!next )(?<!last )(?<!same )(?<!wrong )(?<!this )(?<!that )(?<!other )"
    r"(?<!each )(?<!every )(?:the\s+)?board(?!\s*(?:\d|#|no\b))"  # 'the previous board': a deal
    r"|(?:the\s+|a\s+|one\s+)?defender|(?:the\s+)?opening\s+leader|one of the defenders)"
)
_ROLE_RE = lazy_pattern(rf"(?<![\w'])(?:{_ROLE_WORDS})(?P<poss>'s)?(?![\w'])", re.IGNORECASE)

_PLAYER_WORD = (
    r"(?:i|me|he|she|pd|pard|partner|my partner|lho|rho|dummy|declarer|north|east|south|west"
    r"|[nesw])"
)
_OWNER_OF = lazy_pattern(
    r"\b(?:lho|rho|left|right|partner|pd|opponents?|left-hand opponent|right-hand opponent)"
    r"\s+of\s+(?:the\s+)?$",
    re.IGNORECASE,
)
"""'lho of declarer', 'the player on the left of dummy': the role word names whose neighbour
the player is, like 'declarer's lho' - not the player himself."""
TWO_PLAYERS_BEFORE = lazy_pattern(rf"\b{_PLAYER_WORD}\s+(?:and|&)\s+{_PLAYER_WORD}\s+$")
"""'pard and i', 'declarer and dummy': two players named as the winner, a side."""
_ACTS: dict[str, Act] = {}
for _verbs, _act in (
    ("led leads lead leading", "lead"),
    (
        "played plays play playing ruffed ruffs trumped trumps discarded discards pitched "
        "threw dropped exposed faced detached discard throw throws pitch pitches",
        "play",
    ),
    ("revoked revokes revoking reneged reneges", "revoke"),
):
    for _verb in _verbs.split():
        _ACTS[_verb] = _act  # type: ignore[assignment]
_ACT_RE = lazy_pattern(
    r"(?<![\w'])(?P<verb>"
    + "|".join(sorted(_ACTS, key=len, reverse=True))
    + r"|failed to follow(?: suit)?|didn'?t follow(?: suit)?|did not follow(?: suit)?"
    + r"|showed out|(?:made|makes|making) (?:the |an |a )?(?:opening )?lead)(?![\w'])",
    re.IGNORECASE,
)
_NOT_AN_ACT_AFTER = lazy_pattern(
    rf"^\s*(?:in\s+)?(?:(?:a|an|the)\s+)?(?:{CONTRACT_PATTERN})"
    r"|^\s*(?:well|badly|the hand|bridge|against|as declarer|on defen[cs]e)\b",
    re.IGNORECASE,
)
"""'playing 4S', 'played well', 'play the hand': not a card played."""
_NOT_AN_ACT_BEFORE = lazy_pattern(
    r"(?:\bthe|\bopening|\bher|\bhis|\bmy|\byour|\btheir|\bon|\bto|\bfor|\bwho's|\bwhose|'s)\s+$",
    re.IGNORECASE,
)
"""'the opening lead', 'his lead', 'on lead': a noun, not an act."""
UNPROVEN_BEFORE = lazy_pattern(
    r"\b(?:said|says|say|claim|claims|claimed|think|thinks|thought|believe|believes|believed|"
    r"suspect|suspects|suspected|allege|alleges|alleged|accused|accuses|reckon|reckons|reckoned|"
    r"whether|if|maybe|perhaps|"
    r"wonder|wonders|wondered|might|may|could|not sure|unsure|doubt)\b"
    r"|\b(?:not|never|n't)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
"""Before the verb: a claim or a question ('the defender said declarer revoked', 'asked
whether he had revoked'), or a denial - not a card proved to have been played."""
_IRREGULAR = lazy_pattern(
    r"\bout of turn\b|\bwrong hand\b|\bwrong (?:seat|player)\b|\bby mistake\b|\baccident|"
    r"\bpenalty card\b|\bbefore (?:it was|his turn|her turn)|\bnot (?:his|her|my) turn\b|"
    r"\bwasn'?t (?:his|her|my|dummy'?s?) (?:turn|lead)\b|\bwhen it was\b",
    re.IGNORECASE,
)
_DUMMY_HAND = lazy_pattern(
    r"^[^.;!?]{0,40}?\b(?:from|in|on|out of)\s+(?:the\s+)?"
    r"(?:dummy|board(?!\s*(?:\d|#|no\b))|table)\b"
    r"|^[^.;!?]{0,25}?\bdummy'?s\s+(?:card|hand|\w+\s+card)\b",
    re.IGNORECASE,
)
_DUMMY_ON_HIS_OWN = lazy_pattern(
    r"\bbefore (?:the\s+)?declarer\b|\bwithout (?:being )?(?:asked|told|instructed|instruction)|"
    r"\bon (?:his|her) own\b|\bhimself\b|\bherself\b|\bunasked\b|\bnot (?:named|called|asked)",
    re.IGNORECASE,
)
_PHRASE_END = lazy_pattern(
    r",|\band\b|\bthen\b|\bbut\b|\bwhich\b|\bwho\b|\bwhen\b|\bwon\b|\bwinning\b|\bwhile\b"
    r"|\bafter\b|\bbefore\b",
    re.IGNORECASE,
)
"""Where the words about the card the verb acted on end ('revoked and won it in dummy': the
winning card, not the revoke card, was dummy's)."""
_OWN_HAND = lazy_pattern(
    r"^[^.;!?]{0,40}?\bfrom\s+(?:his|her|my)\s+(?:own\s+)?hand\b", re.IGNORECASE
)

_WE_DECLARE = lazy_pattern(
    r"\bwe(?:'re| are| were)\s+(?:declaring|the declaring side)\b|\bwe\s+declared\b"
    r"|\bour contract\b",
    re.IGNORECASE,
)
"""The speaker's side declares: the players on his left and right are the defenders."""
_ASKING = r"(?:(?:can|may|could|should|must|shall|do|did|am|was)\s+)?"
"""'as dummy, can I ...': the speaker asks in his role."""
_SPEAKER_ROLE_RES: tuple[tuple[re.Pattern[str], Role], ...] = (  # "told me dummy's 2C": not a role
    (
        lazy_pattern(
            r"\b(?:i|me)\s*(?:was|am|'m|were|,)?\s*(?:now\s+|then\s+|still\s+|actually\s+)?"
            r"(?:the\s+)?declarer\b(?!'s)"
            r"|\bi\s+(?:was|am|'m)\s+(?:playing|in)\s+(?:a\s+)?[1-7]"
            r"|\bi\s+(?:was|am|'m)\s+(?:playing|in)\s+(?:one|two|three|four|five|six|seven)\s+"
            r"(?:no[- ]?trumps?|clubs|diamonds|hearts|spades)\b"  # 'i was playing four spades'
            r"|\bas\s+declarer,?\s+" + _ASKING + r"i\b|\b(?:i|me)\s*\(\s*declarer\s*\)"
            # 'as declarer in 3NT I pulled the DJ out': the contract between, then the teller
            r"|\bas\s+declarer\s+in\s+(?:a\s+)?[1-7]\s*(?:nt|no[- ]?trumps?|[cdhs♣♦♥♠]|clubs|"
            r"diamonds|hearts|spades)[x*]{0,2},?\s+" + _ASKING + r"i\b"
            r"|(?:^|[.;!?]\s+)as\s+declarer\s*[,:]"  # 'as declarer, lho ...': his role
            r"|\bi\s+(?:was|am)\s+declaring\b|\bi\s+declared\b"
            r"|(?:^|[.;!?]\s+)(?:i'm\s+)?declarer\s+here\b(?!\s+(?:is|was|has|had)\b)"
            r"|\b(?:my\s+)?(?:partner|pd|pard)(?:,)?\s+(?:was\s+|is\s+|the\s+)?dummy\b",
            re.IGNORECASE,
        ),
        "declarer",
    ),
    (
        lazy_pattern(
            r"\b(?:i|me)\s*(?:was|am|'m|were|,)?\s*(?:now\s+|then\s+|still\s+|actually\s+)?"
            r"(?:the\s+)?dummy\b(?!'s)"
            r"|\bas\s+dummy,?\s+" + _ASKING + r"i\b|(?:^|[.;!?]\s+)as\s+dummy\s*[,:]"
            r"|\bi\s+put\s+(?:my\s+)?(?:hand|cards)\s+down\s+as\s+dummy\b"
            r"|\b(?:i|me)\s*\(\s*dummy\s*\)"
            r"|(?:^|[.;!?]\s+)(?:i'm\s+)?dummy\s+here\b(?!\s+(?:is|was|has|had)\b)"  # 'dummy here,'
            r"|\b(?:my\s+)?(?:partner|pd|pard)\s*(?:,|\()?\s*(?:was\s+|is\s+)?(?:the\s+)?declarer\b",
            re.IGNORECASE,
        ),
        "dummy",
    ),
    (
        lazy_pattern(
            r"\b(?:i|me)\s*(?:was|am|'m|were|,)?\s*(?:now\s+|then\s+|still\s+|actually\s+)?"
            r"(?:a\s+|the\s+)?defender\b(?!'s)"
            r"|\b(?:i|we)(?:\s+(?:was|were|am|are)|'m|'re)\s+(?:on\s+)?defen(?:ding|ce|se)\b"
            r"|\bwe\s+defended\b|\bas\s+(?:a\s+)?defender,?\s+" + _ASKING + r"i\b"
            r"|\b(?:i|me)\s*\(\s*defender\s*\)"
            r"|^\s*(?:on\s+)?defending\s+(?:a\s+|an\s+)?[1-7]"
            # 'last night, defending 3nt, i led': the clause's subject is the teller
            r"|(?:^|[.;!?]\s+)(?:[\w ]{1,25},\s*)?(?:while\s+|when\s+)?defending\s+(?:against\s+)?"
            r"(?:a\s+|an\s+)?(?:[1-7]|(?:one|two|three|four|five|six|seven)\b)[^,.;!?]{0,20},"
            r"\s*(?:i|we)\b"
            # 'our opponents were in four hearts': the teller's side defended
            r"|\b(?:our|my)\s+(?:opponents|opps|oppos)\s+(?:were|was|are)\s+(?:in|playing|declaring)"
            r"\s+(?:a\s+|an\s+)?(?:[1-7]|(?:one|two|three|four|five|six|seven)\b)",
            re.IGNORECASE,
        ),
        "defender",
    ),
)

_PROSE_CONTRACT_RES = (
    lazy_pattern(
        r"(?:\bin|\bplaying|\bplayed|\bcontract(?:\s+(?:was|is|of))?:?|\bdeclaring|\bdeclarer in)"
        rf"\s+(?:a\s+|an\s+|the\s+)?{CONTRACT_BY_PATTERN}",
        re.IGNORECASE,
    ),
    lazy_pattern(
        rf"^\s*{CONTRACT_BY_PATTERN}(?=\s*(?:[,;:.(-]|$|\s+(?:by|doubled|redoubled)\b))", re.I
    ),
    lazy_pattern(
        rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?:\s*(?P<doubling>x|xx|doubled|redoubled))?"
        r"\s*,?\s*(?:played\s+)?by\s+(?P<declarer>north|east|south|west|[NESW])\b",
        re.I,
    ),
    lazy_pattern(  # 'Bd 16, 4H S.': a director's heading, the contract and declarer's seat
        r"^\s*(?:(?:bd|board)\s*\d{1,2}\s*[,:.]?\s*)?"
        rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?:\s*(?P<doubling>x|xx|doubled|redoubled))?"
        r"\s+(?P<declarer>(?-i:[NESW]|North|East|South|West))(?=\s*[.,;:](?!\s*(?-i:[NESW])\s"
        r"(?!(?:led|leads|played|plays|ruffed|revoked|claimed|conceded|discarded|showed|won|faced"
        r"|exposed|dropped|followed|pitched|threw)\b)))",  # 'E 2C' after it: an auction's call
        re.I,
    ),
    lazy_pattern(  # '3NT by me (S)': declarer named from the speaker's chair, read after it
        rf"(?<![\w♣♦♥♠]){BID_PATTERN}(?:\s*(?P<doubling>x|xx|doubled|redoubled))?(?P<declarer>(?!))?"
        r"(?=\s*,?\s*(?:played\s+)?by\s+(?:me|my partner|partner|pd|pard|my lho|my rho|lho|rho)\b)",
        re.I,
    ),
)
_PLAYED_IN = lazy_pattern(
    r"^\s+(?:played|was playing|is playing|was in|is in|declared|was declaring|is declaring"
    r"|declares|is declarer in|was declarer in)\s+"
    r"(?:in\s+)?(?:a\s+|an\s+)?[1-7]",
    re.IGNORECASE,
)
_BY_WHO_RE = lazy_pattern(
    r"^\s*,?\s*(?:played\s+)?by\s+(?P<who>me|my partner|partner|pd|pard|my lho|my rho|lho|rho"
    r"|north|east|south|west|[NESW])\b",
    re.IGNORECASE,
)
_TRICKS_RE = lazy_pattern(
    r"(?P<who>declarer|dummy|i|we|they|the defenders|defenders|the defence|the defense|"
    r"north|east|south|west|n-s|e-w|ns|ew)"
    # the contract between ('declarer 4S made 10 tricks')
    r"(?:\s+(?:in\s+)?[1-7]\s?(?:nt|n|s|h|d|c|♠|♥|♦|♣)(?:x|xx)?(?![a-z0-9]),?)?"
    r"\s+(?:has\s+|had\s+|then\s+|only\s+)?"
    r"(?:took|takes|made|makes|won|wins|got|scored|ended up with|finished with)\s+"
    r"(?:(?P<n>1[0-3]|[0-9]|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"thirteen)\s+tricks?\b"
    # declarer's count without 'tricks' ('declarer made 11'): only seven or more, as 'made 4'
    # may be the level of a contract made
    r"|(?<=made )(?P<bare>1[0-3]|[7-9])(?=\s*(?:[.,;!?)]|$|\s+(?:and|but|so|then)\b)))",
    re.IGNORECASE,
)
_PART_AFTER = lazy_pattern(
    r"\s+(?:more\s+|further\s+)?(?:after|afterwards|later|since|thereafter|before|until"
    r"|from\s+(?:then|there|that|t(?:rick)?\s*\d)|in\s+the\s+(?:rest|ending|end|endgame)"
    r"|of\s+the\s+(?:rest|remaining|last|next))\b",
    re.IGNORECASE,
)
_PART_BEFORE = lazy_pattern(
    r"\b(?:after\s+(?:that|this|it|t(?:rick)?\s*\d{1,2}|the\s+revoke)|afterwards|later|from\s+"
    r"(?:then|there)\s+on|thereafter)\s*,?\s*$",
    re.IGNORECASE,
)
"""A count of some tricks only, not the deal's: 'E-W won two tricks after T5', 'after that N-S
took three tricks' (the side's later tricks, not its total)."""
_NUMBERS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen".split()
    )
}


@dataclass(frozen=True)
class RoleRef:
    """A role named in words ("declarer", "dummy", "the board", "a defender")."""

    start: int
    end: int
    role: Role
    possessive: bool


@dataclass
class PlayStory:
    """What the description says about the play."""

    story: Story
    contract: Contract | None = None
    contract_words: str = ""
    declarer: Seat | None = None
    """Declarer's seat in the story's frame (None: not proved)."""
    speaker_role: Role | None = None
    defenders: frozenset[Seat] = frozenset()
    """Seats said to defend ('lho, a defender,', 'pd dropped a card while defending')."""
    roles: list[RoleRef] = field(default_factory=list)
    declarer_tricks: int | None = None
    vulnerable: bool | None = None


@dataclass(frozen=True)
class ActReading:
    act: Act
    start: int
    offender_role: Role | None
    actor_words: str
    card: Card | None
    irregular: bool
    seat: Seat | None = None
    """The actor's seat, when the words name it in the frame of the contract."""
    relation: Relation | None = None
    """The actor relative to the speaker ('I': self, 'my partner': partner), for the wording."""


def _role_of_word(word: str) -> Role:
    key = word.lower()
    if "dec" in key:
        return "declarer"
    if "dummy" in key or "board" in key:
        return "dummy"
    return "defender"


@lru_cache(maxsize=256)
def read_play_story(text: str) -> PlayStory:
    story = read_story(text)
    clean = story.text
    play = PlayStory(story)
    play.roles = [
        RoleRef(
            m.start(),
            m.end(),
            _role_of_word(m.group("role")),
            bool(m.group("poss"))
            or _OWNER_OF.search(clean, max(0, m.start() - 30), m.start()) is not None,
        )
        for m in _ROLE_RE.finditer(clean)
    ]
    statements = _role_statements(clean, story)  # read once: three readers below ask it
    contracts = _prose_contracts(clean)  # and two these
    play.speaker_role = _speaker_role(clean, story, statements)
    play.defenders = frozenset(
        ref.seat for ref, role in statements if role == "defender" and ref.seat is not None
    )
    play.contract, play.contract_words = _contract(story, contracts)
    play.declarer = _declarer_seat(clean, story, play, statements, contracts)
    told = play.contract
    if told is not None and not play.contract_words and told.declarer is not play.declarer:
        play.contract = Contract(told.bid, told.doubled, play.declarer)  # the one stated
    known = play.contract is not None and play.contract.declarer is not None
    if play.contract is not None and not known and play.declarer and story.frame != "speaker":
        play.contract = Contract(play.contract.bid, play.contract.doubled, play.declarer)
    play.declarer_tricks = _declarer_tricks(clean, play)
    play.vulnerable = _vulnerable(clean, play)
    return play


def _speaker_role(
    text: str, story: Story, statements: Sequence[tuple[PlayerRef, Role]]
) -> Role | None:
    """The speaker's role, said outright ('I was declarer') or through a player relative to
    him ('my partner, the declarer,', 'dummy (my partner)', 'my LHO was declarer').
    ``statements``: the text's role statements (read again here if a quote is left out)."""
    spoken = text
    quotes = quoted_spans(text)
    for start, end in quotes:  # 'ok i'm dummy then', said by declarer
        text = text[:start] + " " * (end - start) + text[end:]
    found = {role for pattern, role in _SPEAKER_ROLE_RES if pattern.search(text)}
    if text != spoken:
        statements = [
            (ref, role)
            for ref, role in _role_statements(text, story)
            if not any(start <= ref.start < end for start, end in quotes)
        ]  # "i asked him 'no diamonds, partner?' declarer looked at me": the partner named
        # inside the words said is not the one the next words make declarer
    for ref, role in statements:
        if ref.kind == "speaker":
            found.add(role)
        elif ref.kind == "relative" and ref.relation is not None:
            speaker = _speaker_from(ref.relation, role)
            if speaker is not None:
                found.add(speaker)
    return found.pop() if len(found) == 1 else None


def _speaker_from(relation: Relation, role: Role) -> Role | None:
    """The speaker's role when the player at ``relation`` to him has ``role`` (None: a
    defender on his left or right leaves him declarer or dummy)."""
    if relation == "self":
        return role
    if relation == "partner":
        partner: dict[Role, Role] = {
            "declarer": "dummy",
            "dummy": "declarer",
            "defender": "defender",
        }
        return partner[role]
    return "defender" if role in ("declarer", "dummy") else None


def _prose_contracts(text: str) -> list[re.Match[str]]:
    """The contracts named in prose ('we were in 4S by North'), pattern by pattern."""
    return [match for pattern in _PROSE_CONTRACT_RES for match in pattern.finditer(text)]


def _contract(story: Story, contracts: list[re.Match[str]]) -> tuple[Contract | None, str]:
    typed = [e for e in story.events if e.typed]
    auction = story.typed_auction
    derived = any(e.actor is not None and e.actor.kind == "next" for e in typed)
    if (
        auction is None
        and typed
        and all(e.seat is not None and e.call for e in typed)
        and not (derived and contracts)
        and not any(
            not e.typed and typed[0].start < e.start < typed[-1].start for e in story.timeline
        )  # a call told in prose among them ('E p, i bid 4s, all pass'): read below
    ):  # an auction typed with seats inside the description ("S 1NT W P N 3NT ..."); seats
        # only followed from the first maker's yield to a contract told with its declarer
        auction = Auction(tuple(Entry(e.call, e.seat) for e in typed if e.call is not None))
    if auction is not None:
        contract = contract_from_auction(auction)
        if contract is not None:
            return contract, ""
    found = [(contract_from_match(match), match) for match in contracts]
    distinct = {(c.bid, c.doubled) for c, _ in found}
    told = _contract_from_calls(story)
    if told is not None and (not found or distinct == {(told.bid, told.doubled)}):
        return told, ""  # 'W p, pd 1s, E p, i bid 4s, all pass': the calls give it, and
        # its declarer
    if len(distinct) != 1:
        return None, ""
    contract, match = max(found, key=lambda pair: len(pair[1].group(0)))
    seats = {
        c.declarer
        for c, m in found
        if c.declarer is not None
        and (len(m.group("declarer")) > 1 or m.group("declarer").isupper())
    }  # a lone lower-case 'n' or 's' is too loose for a seat
    declarer = seats.pop() if len(seats) == 1 else None
    return Contract(contract.bid, contract.doubled, declarer), match.group(0).strip()


def _contract_from_calls(story: Story) -> Contract | None:
    """The contract and its declarer from calls told in prose, each with its maker ('W p, pd
    1s, E p, i bid 4s, all pass'; 'lho passed, pd opened 1s, rho passed and i bid 4s which
    ended it'): every call made is told, each by the previous caller's LHO, up to the close
    of the auction (Law 22A). The declarer is the first of the winning side to name the
    strain (the Laws' definition of declarer), so the telling must reach back far enough
    that no earlier bid in that strain is left out: it starts with the dealer's call, or no
    bid in that strain can come before the first bid told (a 1-level bid in a lower or the
    same strain: any bid left out before it was lower still)."""
    closed = story.closed_at
    timeline = story.timeline
    if closed is None or len(timeline) < 2:
        return None
    if any(e.earlier_than is not None or e.call is None or e.seat is None for e in timeline):
        return None
    if any(e.end > closed for e in timeline):
        return None  # a call told after the close: the telling is not a plain auction
    for before, after in pairwise(timeline):
        assert before.seat is not None
        if after.seat is not before.seat.lho:
            return None
    if _CALLS_LEFT_OUT.search(story.text.lower(), timeline[0].start, timeline[-1].end):
        return None  # 'pd 1c, rho p and eventually i bid 4s': a round may be left out
    calls = [e.call for e in timeline if e.call is not None]
    while len(calls) < 3 or any(c is not Simple.PASS for c in calls[-3:]):
        calls.append(Simple.PASS)  # the close told in words ('which ended it'): the passes
    seat = timeline[0].seat
    if seat is None:
        return None
    auction = Auction(tuple(Entry(c, seat.offset(i)) for i, c in enumerate(calls)))
    contract = contract_from_auction(auction)
    if contract is None:
        return None
    bids = [c for c in calls if isinstance(c, Bid)]
    first = bids[0]
    strain = contract.bid.denomination
    complete = story.dealer is seat or (
        first.level == 1 and first.denomination.value <= strain.value
    )
    return contract if complete else None


_CALLS_LEFT_OUT = lazy_pattern(
    r"\b(?:eventually|later|finally|in the end|ended up|after (?:a |some |more )?"
    r"(?:bidding|auction|rounds?)|etc)\b|\.\.|\u2026"
)
"""Words that say calls were left out of the telling: a whole round may be missing, and with
it the first bid of the contract's strain."""


def _declarer_seat(
    text: str,
    story: Story,
    play: PlayStory,
    statements: Sequence[tuple[PlayerRef, Role]],
    contracts: list[re.Match[str]],
) -> Seat | None:
    """Declarer's seat in the story's frame, from the contract or a role statement. A
    declarer worked out from the calls gives way to one the story states ('S 1D ... N 3NT
    all pass. N declarer': the teller's word, which the rest of his story follows)."""
    seats: set[Seat] = set()
    from_calls = None
    if play.contract is not None and play.contract.declarer is not None:
        if play.contract_words:
            seats.add(play.contract.declarer)  # 'by South' names a seat: the frame is compass
        else:
            from_calls = play.contract.declarer
    speaker = story.speaker
    if speaker is not None and play.speaker_role in ("declarer", "dummy"):
        seats.add(speaker if play.speaker_role == "declarer" else speaker.partner)
    for match in contracts:
        by = _BY_WHO_RE.match(text[match.end() :])
        if by is None:
            continue
        who = by.group("who").lower()
        if speaker is not None and who in ("me", "my partner", "partner", "pd", "pard"):
            seats.add(speaker if who == "me" else speaker.partner)
        elif speaker is not None and who.removeprefix("my ") in ("lho", "rho"):
            relation: Relation = "lho" if who.endswith("lho") else "rho"
            seats.add(relation_seat(speaker, relation))
    for ref in story.players:
        if ref.kind == "seat" and ref.seat is not None and _PLAYED_IN.match(text[ref.end :]):
            seats.add(ref.seat)  # 'North played in 4S'
    for ref, role in statements:
        if ref.seat is not None and role in ("declarer", "dummy"):
            seats.add(ref.seat if role == "declarer" else ref.seat.partner)
    if not seats and from_calls is not None:
        return from_calls
    return seats.pop() if len(seats) == 1 else None


_IS_ROLE = lazy_pattern(
    r"^\s*(?:\(\s*|,\s*)?(?:(?:is|was|the|as)\s+)*(?P<role>declarer|dummy|declaring\b(?!\s+side))\b(?!'s)",
    re.IGNORECASE,
)
_ROLE_IS = lazy_pattern(
    r"(?:(?<!from )(?<!into )(?<!in )(?<!to )(?<!on )(?<!of )(?<!with )"
    r"\b(?:the\s+)?(?P<role>declarer|dummy|defender)\s*(?:\(|,|\s-|\s–|\s—)\s*(?:who\s+is\s+|i\.e\.\s+)?$)",
    re.IGNORECASE,
)


_ROLE_WAS = lazy_pattern(
    r"(?<!from )(?<!into )(?<!in )(?<!to )(?<!on )(?<!of )(?<!with )(?<!at )(?<!'s )"
    r"\b(?:the\s+)?(?P<role>declarer|dummy)\s+(?:is|was)\s+$",
    re.IGNORECASE,
)
"""'declarer is my lho', 'dummy was my pd': the role first, then the player it names."""
_ROLE_BEFORE_SEAT = lazy_pattern(
    r"(?<!from )(?<!into )(?<!in )(?<!to )(?<!on )(?<!of )(?<!with )(?<!at )(?<!'s )"
    r"\b(?P<role>declarer|dummy)\s+$",
    re.IGNORECASE,
)
"""'declarer S says', 'dummy N hadn't played': the role word names the compass seat typed
right after it (never 'led to dummy N', where dummy is what the act is done to)."""
_SEAT_TYPED = lazy_pattern(r"^(?:[NESW]|[Nn]orth|[Ee]ast|[Ss]outh|[Ww]est)$")
_SIDE_AFTER = lazy_pattern(r"^\s*[/-]\s*[NESWnesw]\b")
"""'N/S', 'E-W': a side, not the seat the role word names."""


_IN_A_PAIR = lazy_pattern(r"(?i:[nesw][/-][nesw]|\b(?:ns|ew|sn)\b)")
"""A seat written as half of a pair ('E/W', 'N-S')."""
_BY_COMMA = lazy_pattern(r"\s*,\s*(?:the\s+)?(?:declarer|dummy)\b")
_RESTATED = lazy_pattern(r"\s*(?:[,).;:!?]|$)")
"""After a role word set off by a comma from the player before it (no 'is' or 'was'): a
closing comma or the sentence's end restates that player ('my partner, the declarer, led');
a verb opens a new clause about dummy himself ('opening lead by lho, dummy went down')."""
_PREDICATE = lazy_pattern(r"\b(?:was|is|am|'m|were|are|as)\s+$", re.IGNORECASE)


def _role_statements(text: str, story: Story) -> list[tuple[PlayerRef, Role]]:
    """'South was declarer', 'my LHO (declarer)', 'dummy (my partner)': a player and his role."""
    out: list[tuple[PlayerRef, Role]] = []
    for ref in story.players:
        if ref.kind in ("pronoun", "offender", "next", "opponent") or ref.words.endswith("'s"):
            continue
        match = _IS_ROLE.match(text[ref.end : ref.end + 30])
        if match is None and ref.kind == "seat" and text[max(0, ref.start - 1) : ref.start] == "(":
            # 'Sue (South) was declarer': the seat alone in brackets names the player before it
            closed = text[ref.end : ref.end + 1] == ")"
            match = _IS_ROLE.match(text[ref.end + 1 : ref.end + 30]) if closed else None
        if match is not None and _IN_A_PAIR.search(text[max(0, ref.start - 2) : ref.end + 2]):
            match = None  # 'E/W declaring': a side, not one player
        if (
            match is not None
            and _BY_COMMA.match(match.group(0))
            and not _RESTATED.match(text, ref.end + match.end())
        ):
            match = None  # 'opening lead by lho, dummy went down': dummy starts a new clause
        if match is None:
            before = text[max(0, ref.start - 20) : ref.start]
            match = _ROLE_IS.search(before)
            if match is not None and _PREDICATE.search(before[: match.start()]):
                match = None  # 'I was dummy, pd discarded': the role is said of someone else
        if match is None:
            match = _ROLE_WAS.search(text[max(0, ref.start - 25) : ref.start])
        if (
            match is None
            and ref.kind == "seat"
            and _SEAT_TYPED.match(ref.words)
            and not _SIDE_AFTER.match(text, ref.end)
        ):
            match = _ROLE_BEFORE_SEAT.search(text[max(0, ref.start - 20) : ref.start])
        if match is not None:
            out.append((ref, _role_of_word(match.group("role"))))
        elif _stated_defending(text, story, ref):
            out.append((ref, "defender"))
    return out


_DEFENDING_AFTER = lazy_pattern(
    r"\s*(?:\(\s*|,\s*)?(?:who\s+(?:is|was)\s+|is\s+|was\s+)?(?:defending|on\s+defen[cs]e"
    r"|a\s+defender|one\s+of\s+the\s+defenders)\b",
    re.IGNORECASE,
)
_WHILE_DEFENDING = lazy_pattern(
    r"\b(?:while|when)\s+(?:(?:he|she)\s+(?:was|is)\s+)?defending\b", re.IGNORECASE
)


def _stated_defending(text: str, story: Story, ref: PlayerRef) -> bool:
    """'pd (defending) dropped', 'my LHO, a defender,', 'my pd dropped the 7C while defending
    3NT': the player is said to defend - right after his name, or by 'while defending' in a
    clause he is the only player named in."""
    if ref.kind not in ("seat", "speaker", "relative"):
        return False
    if _DEFENDING_AFTER.match(text, ref.end):
        return True
    start = clause_start(text, ref.start)
    end = clause_end(text, ref.end)
    said = story.kept(
        f"while_defending:{hash(text)}",
        lambda: [m.start() for m in _WHILE_DEFENDING.finditer(text)],
    )
    at = bisect_left(said, ref.end)
    if at == len(said) or said[at] >= end:
        return False  # checked first: the players of a long pasted clause are not re-listed
    others = [
        p
        for p in story.players
        if start <= p.start < end and p.start != ref.start and p.kind != "pronoun"
    ]
    return not others


def _declarer_tricks(text: str, play: PlayStory) -> int | None:
    counts: set[int] = set()
    for match in _TRICKS_RE.finditer(text):
        who = match.group("who").lower()
        if match.group("bare") and who not in ("declarer", "north", "east", "south", "west"):
            continue  # 'we made 9' may be a contract's level as much as tricks
        if _PART_AFTER.match(text, match.end()) or _PART_BEFORE.search(
            text[clause_start(text, match.start()) : match.start()]
        ):
            continue  # some of the side's tricks ('won two tricks after T5'), not its total
        n_text = (match.group("n") or match.group("bare")).lower()
        n = int(n_text) if n_text.isdigit() else _NUMBERS[n_text]
        side = _side_of(who, play)
        if side == "declarer":
            counts.add(n)
        elif side == "defenders":
            counts.add(TRICKS_PER_DEAL - n)
    return counts.pop() if len(counts) == 1 else None


def _side_of(who: str, play: PlayStory) -> Literal["declarer", "defenders"] | None:
    if who in ("declarer", "dummy"):
        return "declarer"
    if who.startswith(("the def", "defen")):
        return "defenders"
    if who in ("i", "we"):
        if play.speaker_role in ("declarer", "dummy"):
            return "declarer"
        if play.speaker_role == "defender":
            return "defenders"
        return None
    seat_words = {"north": "N", "east": "E", "south": "S", "west": "W"}
    declarer = play.declarer
    if declarer is None or play.story.frame not in ("compass", "anchored"):
        return None
    if who in seat_words:
        seat = Seat.parse(seat_words[who])
        return "declarer" if seat in (declarer, declarer.partner) else "defenders"
    if who in ("n-s", "ns", "e-w", "ew"):
        ns = declarer in (Seat.NORTH, Seat.SOUTH)
        return "declarer" if (who in ("n-s", "ns")) == ns else "defenders"
    return None


_VUL_NEAR_CONTRACT = lazy_pattern(
    r"^\s*,?\s*(?P<word>vul(?:nerable)?|nv|non[- ]?vul(?:nerable)?|not vul(?:nerable)?)\b",
    re.IGNORECASE,
)


def _vulnerable(text: str, play: PlayStory) -> bool | None:
    """Declarer's side vulnerable: said right after the contract, or by pairs with declarer's
    seat known ('NS vul' with 4S by South)."""
    found: set[bool] = set()
    if play.contract_words:
        at = text.find(play.contract_words)
        if at >= 0:
            near = _VUL_NEAR_CONTRACT.match(text[at + len(play.contract_words) :])
            if near is not None:
                found.add(not near.group("word").lower().startswith("n"))
    frame_seat = play.declarer if play.story.frame in ("compass", "anchored") else None
    for match in PAIR_VULNERABLE_RE.finditer(text):
        vulnerable = declarer_vulnerable(match.group("love") or match.group("pair"), frame_seat)
        if vulnerable is not None:
            found.add(vulnerable)
    for match in PAIR_NOT_VULNERABLE_RE.finditer(text):  # 'NS not vul'
        if declarer_vulnerable(match.group("pair"), frame_seat):  # declarer's own pair
            found.add(False)
    return found.pop() if len(found) == 1 else None


# -- the act and its offender ------------------------------------------------------------------


def read_acts(text: str) -> list[ActReading]:
    play = read_play_story(text)
    clean = play.story.text
    cards = find_cards(clean)
    acts: list[ActReading] = []
    matches = list(_ACT_RE.finditer(clean))
    for index, match in enumerate(matches):
        verb = match.group("verb").lower()
        if _NOT_AN_ACT_BEFORE.search(clean[max(0, match.start() - 12) : match.start()]):
            continue
        act: Act = "lead" if verb.endswith(" lead") else _ACTS.get(verb, "revoke")
        if act != "revoke" and _NOT_AN_ACT_AFTER.match(clean[match.end() : match.end() + 40]):
            continue
        floor = clause_start(clean, match.start())
        ceiling = clause_end(clean, match.end())
        after = _PHRASE_END.split(clean[match.end() : ceiling], maxsplit=1)[0]
        dummy_hand = bool(_DUMMY_HAND.match(after))
        own_hand = bool(_OWN_HAND.match(after))
        if UNPROVEN_BEFORE.search(clean[floor : match.start()]):
            acts.append(ActReading(act, match.start(), None, "", None, True))
            continue
        actor_words, role = actor_role(clean, play, floor, match.start())
        offender = _offender_role(act, role, dummy_hand, own_hand, actor_words)
        if role == "dummy" and _DUMMY_ON_HIS_OWN.search(clean[floor:ceiling]):
            offender = None  # dummy acting unasked: his own act, not declarer's
        next_act = matches[index + 1].start() if index + 1 < len(matches) else len(clean)
        card = next(
            (c.card for c in cards if match.end() <= c.start < min(ceiling, next_act)),
            None,
        )  # not the card of the next act in the same clause ('led ... and dropped the sK')
        if card is None:
            card = next(
                (c.card for c in reversed(cards) if floor <= c.start and c.end <= match.start()),
                None,
            )
        irregular = act == "revoke" or bool(_IRREGULAR.search(clean[floor:ceiling]))
        seat = actor_seat(play, floor, match.start())
        relation = _actor_relation(clean, play, floor, match.start())
        acts.append(
            ActReading(act, match.start(), offender, actor_words, card, irregular, seat, relation)
        )
    return acts


def clause_start(text: str, position: int) -> int:
    # spelt out, no generator: a dozen readers ask it for every act and card they weigh
    return (
        max(
            text.rfind(".", 0, position),
            text.rfind(";", 0, position),
            text.rfind("!", 0, position),
            text.rfind("?", 0, position),
            text.rfind("\n", 0, position),
        )
        + 1
    )


def clause_end(text: str, position: int) -> int:
    end = len(text)  # where no stop follows: the text's end
    for stop in ".;!?\n":
        found = text.find(stop, position)
        if 0 <= found < end:
            end = found
    return end


def actor_role(text: str, play: PlayStory, floor: int, position: int) -> tuple[str, Role | None]:
    """The player who did the act - the last one named before the verb in its sentence - and
    his role, when the words prove it."""
    players = _subjects(play, floor, position)
    roles = [
        r
        for r in play.roles
        if floor <= r.start
        and r.end <= position
        and not _OBJECT_OF.search(text, max(0, r.start - 12), r.start)
    ]  # 'E looks at dummy and says': dummy is looked at, E speaks
    candidates: list[tuple[int, PlayerRef | RoleRef]] = [(p.start, p) for p in players]
    candidates += [(r.start, r) for r in roles]
    if not candidates:
        return "", None
    candidates.sort(key=lambda pair: pair[0])
    nearest = candidates[-1][1]
    if isinstance(nearest, RoleRef):
        if nearest.possessive:
            # "declarer's LHO": the player named after the role, relative to it
            owned = [p for p in players if p.kind == "possessed" and p.start == nearest.start]
            if owned and owned[0].relation is not None and nearest.role != "defender":
                relation = owned[0].relation
                words = text[owned[0].start : owned[0].end]
                return words, role_of_relation(nearest.role, relation)
            return text[nearest.start : nearest.end], None
        # 'my partner, the declarer, led': the role word restates the player before it
        return text[nearest.start : nearest.end], nearest.role
    words = text[nearest.start : nearest.end]
    if nearest.kind == "pronoun":
        return words, _antecedent_role(text, play, nearest)
    role = _role_of_player(nearest, play)
    named = [r for r in roles if not r.possessive and text[r.end : nearest.start].strip() == ""]
    if role is None and named:
        role = named[-1].role  # 'declarer S led': the role word names the seat after it
    return words, role


def _antecedent_role(text: str, play: PlayStory, pronoun: PlayerRef) -> Role | None:
    """'pd was dummy and she got up and looked': 'he'/'she' is the player named before it in
    the same sentence, when a player is named there and every player and role word there
    names one role; else unknown."""
    if pronoun.words not in ("he", "she"):
        return None
    floor = max(text.rfind(mark, 0, pronoun.start) for mark in ".!?;\n") + 1
    found: set[Role | None] = set()
    for player in play.story.players:
        if floor <= player.start and player.end <= pronoun.start:
            if player.kind in ("pronoun", "speaker", "opponent", "person"):
                return None  # another player (or 'i') also named: which one is not proven
            found.add(_role_of_player(player, play))
    if not found:  # a role word alone ('dummy went down and she said') may be the cards
        return None
    found |= {
        r.role
        for r in play.roles
        if floor <= r.start and r.end <= pronoun.start and not r.possessive
    }
    return found.pop() if len(found) == 1 else None


_OBJECT_OF = lazy_pattern(
    r"\b(?:at|to|from|into|onto|towards?|with|(?:right|left) of|behind|beside|opposite|next to)"
    r"\s+(?:the\s+)?$"
)
"""Before a role word: the role is what the act is done to, not who does it."""
_PLACED_BY = lazy_pattern(
    r"\b(?:behind|beside|next to|near|opposite|across from|at|to|towards?|against)\s+$"
)
"""Before a player: where someone else is ('the kibitzer behind me said'), not who acts."""


def _subjects(play: PlayStory, floor: int, position: int) -> list[PlayerRef]:
    """The players named in the clause before the verb who may be its subject. A person of
    the teller's named just before the verb, who is no player the story placed ('his partner
    laid the cards out and then my sister just put the HQ down'), starts the verb's words:
    the players named before that are not its subject."""
    text = play.story.text
    other = _OWN_PERSON_SUBJECT.search(text, max(floor, position - 40), position)
    if other is not None and not any(
        p.start < other.end() and other.start("who") < p.end for p in play.story.players
    ):
        floor = max(floor, other.end())
    return [
        p
        for p in play.story.players
        if floor <= p.start
        and p.end <= position
        and not _PLACED_BY.search(text, max(0, p.start - 14), p.start)
    ]


_OWN_PERSON_SUBJECT = lazy_pattern(
    r"\b(?:and then|then|and|but|so|when|while)\s+(?P<who>my\s+[a-z]+)"
    r"(?:\s+(?:just|then|also|suddenly|immediately|quickly|simply|promptly))?\s*$"
)
"""'... and then my sister just' before a verb: the subject is the teller's person."""


def actor_seat(play: PlayStory, floor: int, position: int) -> Seat | None:
    """The seat of the last player named before the verb, if no role word comes after him."""
    players = _subjects(play, floor, position)
    if not players:
        return None
    last = players[-1]
    for role in (r for r in play.roles if last.end <= r.start < position):
        restated = _APPOSITION.fullmatch(play.story.text[last.end : role.start])
        if not restated or role.possessive:
            return None  # 'pd (defender) played' restates him; 'I saw declarer play' does not
    return last.seat


_APPOSITION = lazy_pattern(
    r"[\s,(]*(?:who(?:'s| is| was| will be)\s+(?:going to be\s+)?)?(?:the|a|an)?\s*"
)
"""'my partner, the declarer,', 'my pd (who is dummy)', 'W, who's going to be dummy,'."""


def _actor_relation(text: str, play: PlayStory, floor: int, position: int) -> Relation | None:
    """The actor relative to the speaker, when the last player named before the verb is the
    speaker or a player named from his chair, and no other role word stands between them
    ('my partner, a defender, led' restates him; 'I saw declarer lead' does not)."""
    players = [p for p in play.story.players if floor <= p.start and p.end <= position]
    if not players:
        return None
    last = players[-1]
    between = [r for r in play.roles if last.end <= r.start and r.end <= position]
    if any(not _APPOSITION.fullmatch(text[last.end : r.start]) for r in between):
        return None
    if last.kind == "speaker":
        return "self"
    return last.relation if last.kind == "relative" else None


_OPENING_LEAD = lazy_pattern(r"\bopening lead\b|\bfirst lead\b|\b(?:at|on|to) trick (?:1|one)\b")


def _proper_opening_leader(acts: list[ActReading], play: PlayStory, text: str) -> str | None:
    """The words naming a player said to have led out of turn at the opening lead although he
    is declarer's LHO, whose lead it was: the seats or the story are wrong, so ask."""
    if play.declarer is None or not _OPENING_LEAD.search(text):
        return None
    for act in acts:
        if act.act == "lead" and act.seat is not None and act.seat == play.declarer.lho:
            return act.actor_words or None
    return None


def _role_of_player(ref: PlayerRef, play: PlayStory) -> Role | None:
    if ref.kind == "speaker" and play.speaker_role is not None:
        return play.speaker_role
    ours = play.speaker_role in ("declarer", "dummy") or _WE_DECLARE.search(play.story.text)
    opponent = ref.kind == "opponent" or (ref.kind == "relative" and ref.relation in ("lho", "rho"))
    if opponent and ours:
        return "defender"  # 'we're declaring ... rho dropped a card': declarer's opponents defend
    if ref.seat is not None and play.declarer is not None:
        return Table(play.declarer).role(ref.seat)
    if ref.kind == "relative" and ref.relation and play.speaker_role is not None:
        return role_of_relation(play.speaker_role, ref.relation)
    if ref.seat is not None and ref.seat in play.defenders:
        return "defender"  # 'lho exposed the AS while defending'
    return None


def _offender_role(
    act: Act, role: Role | None, dummy_hand: bool, own_hand: bool, actor: str
) -> Role | None:
    """The offender's role for the act: a lead from dummy's hand is declarer's act (he plays
    dummy's cards), but a revoke in dummy's cards is dummy's (Law 64B3 asks whose cards)."""
    if dummy_hand and own_hand:
        return None
    if act == "revoke":
        if dummy_hand:
            return None if role == "defender" else "dummy"
        return role
    if dummy_hand:
        return (
            "declarer"
            if role == "declarer" or not actor or (role, act) == ("dummy", "lead")
            else None
        )
    if role == "dummy":
        return "declarer" if act == "lead" else None
    return role


TookAbout = Literal["offender", "seats"]
"""What a 'took' entry names: the player at fault, or a seat check on whose turn it was."""


@dataclass(frozen=True)
class PlayFacts:
    facts: dict[str, str]
    details: dict[str, str]
    took: tuple[str, ...]
    about: dict[str, TookAbout] = field(default_factory=dict)
    """The entries of ``took`` that name the player at fault or check whose turn it was: a
    topic that reads no offender, or a story proving the act in turn, leaves them out."""


_ROLE_NAMES: dict[Role, str] = {
    "declarer": "declarer",
    "dummy": "dummy",
    "defender": "a defender",
}


def read_play(text: str) -> PlayFacts:
    """The facts the description proves, its wording details, and what was read."""
    play = read_play_story(text)
    facts: dict[str, str] = {}
    details: dict[str, str] = {}
    took: list[str] = []
    about: dict[str, TookAbout] = {}
    if play.contract is not None:
        details["contract"] = format_contract(play.contract)
        took.append(f"the contract: {format_contract(play.contract, words=True)}")
    if play.declarer_tricks is not None:
        details["declarer_tricks"] = str(play.declarer_tricks)
        took.append(f"declarer's tricks: {play.declarer_tricks}")
    if play.vulnerable is not None:
        details["vulnerable"] = "yes" if play.vulnerable else "no"
        took.append("declarer's side " + ("vulnerable" if play.vulnerable else "not vulnerable"))
    acts = read_acts(text)
    flagged = [a for a in acts if a.irregular] or acts
    roles = {a.offender_role for a in flagged}
    proper = _proper_opening_leader(flagged, play, play.story.text)
    if proper is not None:
        if proper.lower() in ("i", "me"):
            check = (
                "you are declarer's LHO, whose opening lead it was - check the seats: your lead"
                " would not be out of turn"
            )
        else:
            check = (
                f"{proper} is declarer's LHO, whose opening lead it was - check the seats: his"
                " lead would not be out of turn"
            )
        took.append(check)
        about[check] = "seats"
    elif len(roles) == 1 and None not in roles:
        role = roles.pop()
        assert role is not None
        facts["offender_role"] = role
        who = flagged[0].actor_words or "the player"
        who = "you" if who.lower() in ("i", "me") else who
        named = _ROLE_NAMES[role]
        seat = flagged[0].seat
        if role == "declarer" and (
            (seat is not None and play.declarer is not None and seat is play.declarer.partner)
            or (who == "you" and play.speaker_role == "dummy")
        ):
            named = "dummy, of declarer's side"  # his lead is his side's act (offender_role)
        said = who.lower().removeprefix("the ")
        plain = said in ("declarer", "dummy", "board", "defender") or (
            said.startswith("dec") and role == "declarer"
        )
        at_fault = f"the player at fault: {named if plain else f'{who} ({named})'}"
        took.append(at_fault)
        about[at_fault] = "offender"
        relations = {a.relation for a in flagged}
        relation = relations.pop() if len(relations) == 1 else None
        if relation is not None:
            details["offender_relation"] = relation
    revokers = {a.offender_role for a in acts if a.act == "revoke"}
    if len(revokers) == 1 and None not in revokers:
        # 'E failed to follow', 'declarer revoked': who revoked, read from the revoke's own
        # words only (a lead or a discard told elsewhere says nothing of who revoked)
        facts["revoker_role"] = str(revokers.pop())
    with_cards = [a.card for a in flagged if a.card is not None]
    told_cards = {a.card for a in acts if a.card is not None}
    if with_cards and len(told_cards) == 1:  # two cards told ('led the hQ ... dropped the sK'):
        # which one the topic means is asked, not guessed
        card = with_cards[0]
        if card.is_honour is not None:
            facts["card_rank"] = "honour" if card.is_honour else "spot"
            kind = "an honour" if card.is_honour else "below honour rank"
            took.append(f"the card: {format_card(card)} ({kind})")
    return PlayFacts(facts, details, tuple(took), about)
