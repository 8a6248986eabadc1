"""Which situation of a play topic the story tells, read from who did what in which order
(issue 14: nothing stated is asked).

A topic's first question often asks which of its situations this is: a penalty card's suit
required and then led against, declarer's choice over it already used, a defender's card shown
while he says who wins the trick. The story tells it by its events - an instruction, then a
lead of another suit by a player who held the suit required - so it is read from them and the
players' seats and roles, never from one loose word; a story that leaves a step out (no
holding told, a lead of no suit) is asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bot.core.calls import Seat
from bot.core.play import Table
from bot.dialogue.play_reader import PlayStory, actor_role, actor_seat, clause_start
from bot.dialogue.reading.sentences import _quoted
from bot.dialogue.story import quoted_spans
from bot.lazy import lazy_pattern

if TYPE_CHECKING:
    from bot.dialogue.description import Event

_SUIT = r"(?:spade|heart|diamond|club)s?\b|[♠♥♦♣]"
_WORDS = r"(?:[^.;!?'\"]|(?<=\w)'(?=\w)){0,30}?"
"""Up to 30 characters of the same clause, outside quotes (a word's own apostrophe kept)."""
_SUIT_LETTER = {"s": "s", "h": "h", "d": "d", "c": "c", "♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def _suit(word: str) -> str:
    return _SUIT_LETTER[word[0]]


def _in_question(lowered: str, position: int) -> bool:
    """The words are in a sentence that asks ('can declarer forbid spades again?')."""
    end = _CLAUSE_END.search(lowered, position)
    return end is not None and end.group(0) == "?"


_CLAUSE_END = lazy_pattern(r"[.!?;\n]| [-–—] ")
"""Where the words at a position stop: a question after a dash is its own ('now pd is on
lead again - can declarer choose again?')."""


# -- declarer's option over a penalty card, and what followed (Law 50D2, 50E) ----------------

_REQUIRED = lazy_pattern(
    rf"\b(?:required|requires|require|demanded|demands|insisted on)\b{_WORDS}"
    rf"(?<!not )(?<!no )(?<!n't )\b(?:a |an |the )?(?P<suit>{_SUIT})"
    rf"|\b(?:told|tells|asked|made|required|instructed|forced|wanted)\b{_WORDS}"
    r"(?<!not )(?<!n't )(?<!not to )\b(?:to lead|must lead|had to lead|has to lead|have to lead"
    r"|lead)\s+"
    rf"(?:a |an |the )?(?:\w+ )?(?P<suit2>{_SUIT})"
    r"|['\"](?:please |ok |okay |right,? )?(?:you must |you have to |you need to )?lead "
    rf"(?:a |an |the )?(?P<suit3>{_SUIT})"
)
"""Declarer requiring the suit ('required a diamond', 'told W he had to lead a spade',
"said 'lead a heart please'")."""
_FORBIDDEN = lazy_pattern(
    r"\b(?:forbade|forbid|forbids|forbidden|banned|bans|barred|bars|prohibited|prohibits"
    rf"|stopped)\b{_WORDS}"
    rf"\b(?:a |an |the |any )?(?P<suit>{_SUIT})"
    r"|\b(?:not to|not|don'?t|dont|do not|never) lead (?:a |an |the |any )?(?:\w+ )?"
    rf"(?P<suit2>{_SUIT})"
    rf"|(?:['\"]|\bsaid,? )no (?P<suit3>{_SUIT})"
)
"""Declarer forbidding the suit ('forbade spades', "told pd 'dont lead a diamond'", "'no
diamonds please'")."""
_LEFT_FREE = lazy_pattern(
    r"\blet (?:me|him|her|them|\w+) lead (?:anything|any card|whatever|what (?:he|she|i|they)"
    r" (?:liked|wanted|likes|wants))\b|\blead what(?:ever)? you (?:like|want)\b"
    r"|\b(?:could|can|may|might) lead (?:anything|any card|whatever|what (?:he|she|i|they)"
    r" (?:liked|wanted|likes|wants))\b"
    r"|\blet the lead go free\b"
)
"""Declarer leaving the lead free (the penalty card stays on the table)."""
_ASKED_OR_WISHED = lazy_pattern(
    r"\b(?:can|could|may|might|should|wants? to|to|if|whether)\s+(?:\w+\s+){0,2}$"
)
_LED_SUIT = lazy_pattern(
    rf"\s+(?:a |an |the |his |her |my |one |small |low )?(?:small |low )?(?P<suit>{_SUIT})"
)
"""The suit right after 'led' ('led a club', 'led the ♠Q', 'leads a small heart')."""
_HELD = lazy_pattern(
    r"\b(?:had|has|have|held|holds|holding|having|got)\b(?:\s+(?:still|got|two|three|four|\d+"
    r"|some|other|a|an|the|plenty of|several|more|small|low|\w+ to lead)){0,3}\s+"
    rf"(?:(?P<others>other suits|others)\b|(?P<suit>{_SUIT}))"
)
"""A holding told: 'even though he had diamonds', 'she HAD clubs', 'had other suits'."""
_ON_LEAD_AGAIN = lazy_pattern(
    r"\bagain\b|\bback (?:in|on lead)\b|\blost the lead\b|\bsecond time\b|\bone (?:go|shot)\b"
    r"|\bstill on lead\b|\bkept (?:winning|the lead)\b|\btricks? later\b|\bregained\b"
    r"|\bgot (?:it|the lead) back\b|\bfirst (?:time|got in|had the lead)\b|\blast time\b"
)
"""The lead come round to the partner once more after declarer chose (50E)."""


def _option(lowered: str) -> tuple[str, str | None, int] | None:
    """Declarer's option told as made (not asked about): required, forbidden or free, the
    suit, and where its words end."""
    found = []
    for kind, pattern in (("required", _REQUIRED), ("forbidden", _FORBIDDEN)):
        for match in pattern.finditer(lowered):
            group = next(g for g in ("suit", "suit2", "suit3") if match.group(g))
            found.append((match.start(), match.end(), kind, _suit(match.group(group))))
    found += [(m.start(), m.end(), "free", "") for m in _LEFT_FREE.finditer(lowered)]
    made = [
        f
        for f in sorted(found)
        if not _in_question(lowered, f[0])
        and not _ASKED_OR_WISHED.search(lowered, max(0, f[0] - 25), f[0])
    ]
    if not made:
        return None
    _, start, kind, suit = made[0]
    if any(k != kind or s != suit for _, _, k, s in made):
        return None  # two choices told: which one stood is not read
    return kind, suit or None, start


def penalty_option_followed(lowered: str, events: Sequence[Event]) -> str | None:
    """After declarer's option over a partner's penalty card: a lead against it by a player
    told holding a card he could lead as required ('required a diamond; E led a club though
    he had two diamonds', 50D2 broken), or, with no lead against it told, the lead come
    round again ('forbade spades when pd first got in ... now pd is on lead again', 50E)."""
    option = _option(lowered)
    if option is None:
        return None
    kind, suit, start = option
    leads = [
        e
        for e in events
        if e.act == "lead"
        and e.start > start
        and "alleged" not in e.how
        and not _in_question(lowered, e.start)
        and not _ASKED_OR_WISHED.search(lowered, max(0, e.start - 25), e.start)
    ]
    against = []
    for lead in leads:
        led = _LED_SUIT.match(lowered, lead.end)
        if led is None:
            continue
        led_suit = _suit(led.group("suit"))
        if (kind == "required" and led_suit != suit) or (kind == "forbidden" and led_suit == suit):
            against.append(lead)
    if against:
        held = [
            m
            for m in _HELD.finditer(lowered, start)
            if not _in_question(lowered, m.start())
            and (
                (kind == "required" and m.group("suit") and _suit(m.group("suit")) == suit)
                or (
                    kind == "forbidden"
                    and (m.group("others") or (m.group("suit") and _suit(m.group("suit")) != suit))
                )
            )
        ]
        return "restriction_ignored" if held else None
    if kind == "free" or not leads or all(_LED_SUIT.match(lowered, e.end) for e in leads):
        again = [m for m in _ON_LEAD_AGAIN.finditer(lowered, start)]
        if any(not _in_question(lowered, m.start()) for m in again):
            return "option_used"  # told come round again, not only asked 'if he gets in again
    return None


# -- a defender's card shown while he says who wins the trick (Law 68A, 68B) -----------------

_SHOWN = lazy_pattern(
    r"\b(?:turned|turns|turning|flipped|flips|flipping|showed|shows|showing|faced|faces"
    r"|tabled|slapped|slammed)\b(?: (?:up|over|down))?"
    r"(?= (?:the |his |her |my |a |an |both |all )?(?:\w+ )?(?:[♠♥♦♣]|[shdc][akqjt2-9]\b|ace"
    r"|king|queen|jack|ten|trumps?|cards|hand|honou?rs?|(?:spade|heart|diamond|club)s?\b"
    r"|me (?:his|her|the)))"
)
"""A card (or cards) turned up or shown, not played to the trick."""
_WINS_SAID = lazy_pattern(
    r"\b(?:mine|ours|wins?|winning|takes?|beats?|losing|lose|overtak\w*|never make"
    r"|won't make|can't beat|not winning|our trick|we win)\b"
)
"""The words said with it: who wins the trick ('this one's mine', "you're losing this")."""
_SAYING = lazy_pattern(r"\b(?:said|says|saying|and said)\b")
_ROLE_WORD = lazy_pattern(r"\b(?:declarer|decl|dummy)\b")


def is_defender(
    lowered: str, play: PlayStory, floor: int, position: int, events: Sequence[Event] = ()
) -> bool:
    """The player who acts at ``position`` is a defender: said so, placed by the contract's
    seats, or told apart from a declarer the story names as someone else (dummy holds no cards
    to show, so a player with cards in hand who is not declarer defends)."""
    words, role = actor_role(lowered, play, floor, position)
    if role is not None:
        return role == "defender"
    if not words or _ROLE_WORD.search(words):
        return False
    seat = actor_seat(play, floor, position)
    if seat is None:
        return False
    if seat in play.defenders:
        return True
    if play.declarer is not None:
        return Table(play.declarer).role(seat) == "defender"
    speaker = play.story.speaker
    if play.speaker_role is not None and speaker is not None:
        if seat is speaker:
            return play.speaker_role == "defender"
        if play.speaker_role == "declarer":
            return seat is not speaker.partner
        if play.speaker_role == "defender":
            return seat is speaker.partner  # the speaker's opponents declare
    # declarer named as someone else (not in the words before the act, which may name the
    # actor himself: 'as declarer I had the ♦J face up'): the player who acts with cards of
    # his own defends
    return any(
        r.role == "declarer"
        and (
            not floor <= r.start < position
            or any(r.end <= e.start < position for e in events)  # 'declarer led, and pd ...'
        )
        and not _HE_IS.search(lowered, max(0, r.start - 20), r.start)
        for r in play.roles
    )


_HE_IS = lazy_pattern(
    r"\b(?:he|she|he's|she's|hes|shes)(?:\s+(?:is|was))?\s+(?:the\s+)?$|\bwho\s+(?:is|was)\s+(?:the\s+)?$"
)
"""Before 'declarer': a player named by a pronoun is declarer ('rho had the dK face up ...
he's declarer'), maybe the very one who acted: not someone else."""


def defender_shown_winning(lowered: str, play: PlayStory, events: Sequence[Event]) -> bool:
    """A defender turns up or shows his card(s) and says, in the same sentence, who wins
    the trick ('LHO turned up the ♠A: 'this one's mine''): shown while claiming the current
    trick, not dropped."""
    quotes = _quoted(lowered)
    shown = [m for m in _SHOWN.finditer(lowered) if not any(a <= m.start() < b for a, b in quotes)]
    if not shown:
        return False
    for match in shown:
        floor = clause_start(lowered, match.start())
        end = re.compile(r"[.!?\n](?:\s|$)").search(lowered, match.end())
        sentence_end = end.start() if end else len(lowered)
        start = max(lowered.rfind(c, 0, match.start()) for c in ".!?\n") + 1
        said = [
            (a, b)
            for a, b in quotes
            if start <= a < sentence_end and _WINS_SAID.search(lowered, a, b)
        ]
        if not said and _SAYING.search(lowered, match.end(), sentence_end):
            said = (
                [(match.end(), sentence_end)]
                if _WINS_SAID.search(lowered, match.end(), sentence_end)
                else []
            )
        if said and is_defender(lowered, play, floor, match.start(), events):
            return True
    return False


# -- declarer's whole hand put face up, with no claim (Law 48B, 68) --------------------------

_HAND_FACED = lazy_pattern(
    r"\b(?:put|puts|putting|laid|lays|spread|spreads|faced|faces|tabled|tables|showed|shows"
    r"|turned|turns)\b(?: down| out| over| up)? (?:all (?:of )?|the rest of )?(?:his|her|my)"
    r" (?:whole |entire |remaining |last )?(?:\d+ |\w+ )?(?:remaining )?(?:cards|hand)\b"
)
"""Every card left in a hand put face up ('put all his remaining cards face up')."""
_FACE_UP_OR_DOWN = lazy_pattern(r"\bface[- ]up\b|\bon the table\b|\bin the middle\b")
_NEGATED = lazy_pattern(r"(?:\b(?:not|never|no|without)|n't)\b[^.;!?]{0,40}$")
_NO_CLAIM_MEANT = lazy_pattern(
    r"\b(?:just |only )?to (?:show|sort|re-?sort|rearrange|re-?arrange|count|check)\b"
    r"|\b(?:wasn'?t|was not|not|without|never) (?:claiming|conceding)\b|\bno claim\b"
)
"""Declarer's cards faced for another purpose, or a claim denied: he plainly did not mean
one (Law 48B2)."""


def declarer_faced_hand(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """Declarer (by role, the contract's seat, or the speaker who declares) puts all his
    remaining cards face up, and no claim or concession is told as made (one asked about, or
    denied - 'he wasn't claiming' - is not made)."""
    faced = _declarer_faced_at(lowered, play)
    if faced is None:
        return False
    return all(
        _claim_not_made(lowered, event, faced)
        for event in events
        if event.act in ("claim", "concede")
    )


def _claim_not_made(lowered: str, event: Event, faced: int) -> bool:
    """A claim asked about, denied, or only read into declarer's faced cards."""
    return bool(
        _in_question(lowered, event.start)
        or _NEGATED.search(lowered, clause_start(lowered, event.start), event.start)
        or _read_into_the_facing(event, faced, lowered)
    )


def _read_into_the_facing(event: Event, faced: int, lowered: str = "") -> bool:
    """A claim told after declarer faced his cards, only as what someone else says it was
    ('opps say that means he's claiming the rest'), or the facing itself read as a claim
    when he faced them for another purpose ('faced his cards just to show'): whether the
    facing is a claim is the question Law 48B2 answers, not a claim declarer made."""
    if (
        event.start > faced
        and "alleged" in event.how
        and not any(a <= event.start < b for a, b in quoted_spans(lowered))
    ):  # told as what others say it was; his own words in quotes ('all mine') are a claim
        return True
    return (
        event.start <= faced + 12
        and faced <= event.end
        and bool(lowered)
        and _NO_CLAIM_MEANT.search(lowered) is not None
        and not _CLAIM_SAID.search(lowered)
        and not any(_CLAIM_QUOTED.search(lowered, a, b) for a, b in quoted_spans(lowered))
    )


_CLAIM_SAID = lazy_pattern(r"\bclaim(?:s|ed)? (?:the|all|\d|one|two|three|four|five|six)\b")
_CLAIM_QUOTED = lazy_pattern(r"\b(?:rest|mine|all|claim)\b")
"""A claim stated in words: then the facing went with one."""


def alleged_claim_of_a_faced_hand(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """Declarer faced his hand and the only claim told is another's reading of it."""
    faced = _declarer_faced_at(lowered, play)
    claims = [e for e in events if e.act in ("claim", "concede")]
    return (
        faced is not None
        and bool(claims)
        and all(_claim_not_made(lowered, e, faced) for e in claims)
    )


def declarer_faced_sentence(lowered: str, play: PlayStory) -> tuple[int, int] | None:
    """The sentence (start, end) in which declarer is told facing his cards."""
    faced = _declarer_faced_at(lowered, play)
    if faced is None:
        return None
    end = re.compile(r"[.!?;\n]").search(lowered, faced)
    return clause_start(lowered, faced), end.start() if end else len(lowered)


def _declarer_faced_at(lowered: str, play: PlayStory) -> int | None:
    """Where declarer is told putting all his remaining cards face up, if he is."""
    for match in _HAND_FACED.finditer(lowered):
        floor = clause_start(lowered, match.start())
        end = re.compile(r"[.!?;\n]").search(lowered, match.end())
        if not _FACE_UP_OR_DOWN.search(
            lowered, match.end(), end.start() if end else len(lowered)
        ) and not lowered.startswith(("faced", "faces", "tabled", "spread"), match.start()):
            continue
        if _in_question(lowered, match.start()):
            continue
        _, role = actor_role(lowered, play, floor, match.start())
        seat = actor_seat(play, floor, match.start())
        if role == "declarer" or (
            role is None
            and seat is not None
            and (
                seat is play.declarer
                or (seat is play.story.speaker and play.speaker_role == "declarer")
            )
        ):
            return match.start()
    return None


# -- a defender's card shown to his partner, or named as the one he plays (Law 45C1) ---------

_PLAYS_SAID = lazy_pattern(
    r"['\"](?:well |ok |okay |right |so )?(?:i(?:'ll| will|'m| am| shall)?|ill|im)(?: be)?"
    r" (?:play|plays|playing|go|going|put|putting|go with|win (?:it|that|this)(?: one)? with"
    r"|(?:go|going) up with)\b[^'\"]{0,25}?"
    r"\b(?:ace|king|queen|jack|ten|[akqjt2-9]|10|[♠♥♦♣][akqjt2-9]?)\b"
)
"""A card named in the player's own words as the one he plays ("'i'll play the king'",
"'I'm putting the king on this'")."""
_HELD_UP = lazy_pattern(r"(?:held|holding|holds|had)\b")
_IN_SIGHT = lazy_pattern(r"\b(?:see|saw|seen|facing|face (?:up|out)|visible)\b")
_LYING = lazy_pattern(r"\bpenalty card\b|\bon the table\b")


def defender_card_shown(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A player the story proves a defender held a card up where his partner could see it
    ('held the ♠Q up so i could see it'), or named, in his own words, the card he plays
    ("my pard says out loud 'i'll play the king'"): 45C1 decides whether it is played."""
    for event in events:
        if "alleged" in event.how:
            continue
        floor = clause_start(lowered, event.start)
        if event.act == "expose" and _HELD_UP.match(lowered, event.start):
            end = re.compile(r"[.!?;\n]").search(lowered, event.end)
            sentence = lowered[floor : end.start() if end else len(lowered)]
            if (
                _IN_SIGHT.search(sentence)
                and not _LYING.search(sentence)
                and is_defender(lowered, play, floor, event.start, events)
            ):
                return True
    for start, _ in _quoted(lowered):
        if not _PLAYS_SAID.match(lowered, start):
            continue
        floor = clause_start(lowered, start)  # 'my pard says out loud 'i'll play...''
        if is_defender(lowered, play, floor, start, events):
            return True
    return False


# -- a card exposed in the play, with nothing told of what followed (Law 49, 50) -------------

_WHAT_FOLLOWED = lazy_pattern(
    r"\bon lead\b|\bto lead\b|\b(?:his|her|my|their|\w+'s) (?:lead|turn)\b"
    r"|\bturn to (?:play|lead)\b"
    r"|\binstead\b|\bforb\w*|\brequir\w*|\bdemand\w*|\bbann?\w*|\bbarr\w*|\bprohibit\w*"
    r"|\bagain\b|\bwhole hand\b|\ball (?:his|her|my) cards\b|\bremaining cards\b"
    r"|\btogether\b|\btwo cards\b|\b2 cards\b|\bstuck\b|\bheld\b|\bholding\b|\bclaim\w*|\bconced\w*"
    r"|\bearlier\b|\bsince\b|\bfrom before\b|\bfrom when\b|\bleads? (?:a|an|the|my|his|her)\b"
)
"""Words of what followed the exposure (a turn, a choice of declarer's, a card played
instead, a card left out since earlier), or of another case (cards held up, two at once, a
hand faced, a claim)."""
_AUCTION_WORDS = lazy_pattern(r"\b(?:auction|bidding|bid|bids|calls?)\b")
_IN_PLAY = lazy_pattern(
    r"\b(?:trick|tricks|declarer|decl|dummy|defend\w*|during the play|mid[- ]hand|contract"
    r"|led|leads?|played|plays|followed)\b"
)
"""Words that place the story in the play (a trick, the roles of the play, a card led)."""
_NOT_HIS_TURN = lazy_pattern(
    r"\b(?:not|n't|never)\s+(?:even\s+)?(?:\w+\s+)?(?:his|her|their|my|\w+'s)\s+(?:turn|lead)\b"
)


def exposed_with_nothing_after(lowered: str, events: Sequence[Event]) -> bool:
    """A card dropped, knocked or spilled face up during the play (an expose act, told as
    done), and nothing told after it: no card led or played since, no turn come round, no
    choice of declarer's - what is to happen to the card is the question (49, 50)."""
    exposed = [
        e
        for e in events
        if e.act == "expose" and "alleged" not in e.how and not _in_question(lowered, e.start)
    ]
    if not exposed or _AUCTION_WORDS.search(lowered) or not _IN_PLAY.search(lowered):
        return False  # the auction's exposed cards are another Law (24); the play must be told
    if any(_WINS_SAID.search(lowered, start, end) for start, end in _quoted(lowered)):
        return False  # 'this one's ours': shown while saying who wins, another case (68)
    last = exposed[-1]
    if any(e.start > last.end and e.act in ("lead", "play", "discard", "ruff") for e in events):
        return False
    for match in _WHAT_FOLLOWED.finditer(lowered):
        if _NOT_HIS_TURN.search(lowered, max(0, match.start() - 30), match.end()):
            continue  # 'it wasn't her turn to play': said of the moment it fell
        if _in_question(lowered, match.start()) and match.start() > last.end:
            continue  # 'what does she do when it's her turn?': asked, not told
        return False
    return True


# -- a lead to the next trick before the leader's partner had played to this one (Law 57A) ---

_TO_THE_NEXT = lazy_pattern(
    r"(?:\s+(?!before\b)[\w♠♥♦♣']+){0,4}?\s+(?:to|for|on) (?:the )?(?:next|following)"
    r" (?:trick|one)\b|(?:\s+(?!before\b)[\w♠♥♦♣']+){0,4}?\s+to trick \d+\b"
    r"|\s+the next (?:trick|one)\b"
)
"""After 'led': the lead was to the next trick ('led my ♠A to the next trick', 'led to T6')."""
_BEFORE = lazy_pattern(r"\bbefore\b")
_OPTION_CHOSEN = lazy_pattern(r"\b(?:highest|lowest)\b|\bnot to play\b")
_CARD_PUT = lazy_pattern(
    r"\b(?:put|puts|played|plays|threw|throws|followed|follows|discarded|discards|ruffed)\b"
)
_DECLARERS_HANDS = lazy_pattern(r"\bfrom (?:the )?(?:dummy|board|table|hand|his hand|her hand)\b")


def led_before_partner(lowered: str, events: Sequence[Event], play: PlayStory) -> bool:
    """A defender leads to the next trick while his partner is told still to play to this
    one ('pd led to the next trick before i had even played to this one'): the leader is
    proven a defender (by role, seats, or told apart from declarer), and his partner's card
    is told as still to come. Declarer's leads (from hand or dummy) are another case."""
    if _DECLARERS_HANDS.search(lowered):
        return False
    chosen = _OPTION_CHOSEN.search(lowered)
    if chosen is not None and _CARD_PUT.search(lowered, chosen.end()):
        return False  # declarer chose, and a card came after it: whether it complied is asked
    for lead in events:
        if lead.act != "lead" or "alleged" in lead.how or lead.actor is None:
            continue
        if lead.role in ("declarer", "dummy") or not _TO_THE_NEXT.match(lowered, lead.end):
            continue
        end = _CLAUSE_END.search(lowered, lead.end)
        stop = end.start() if end else len(lowered)
        waited = [
            e
            for e in events
            if e.act == "play"
            and "alleged" in e.how
            and lead.end < e.start < stop
            and e.actor is lead.actor.partner
            and e.role is None
            and _BEFORE.search(lowered, lead.end, e.start)
        ]
        if waited and is_defender(
            lowered, play, clause_start(lowered, lead.start), lead.start, events
        ):
            return True
    return False


# -- a card left out, and now its holder's partner to lead (Law 50D2) ------------------------

_LYING_OUT = lazy_pattern(r"\b(?:face[- ]?up|on the (?:table|cloth)|penalty cards?)\b")
"""A card told lying out ('the ♠J sitting on the table', 'both face up'), not the act of
exposing it ('lho exposed the ♠A, his partner now on lead': the exposure may be the matter)."""
_PARTNER_LEADS = lazy_pattern(
    r"\b(?:is|'s|has|now|just)?\s*(?:now |just |then )?(?:on lead|to lead|must lead|has to lead"
    r"|(?:has|got|gets) (?:got )?the lead|won (?:the|a|that) trick(?! with)|is in)\b"
    r"|\b(?:it's|its|it is) (?:now )?(?P<owner>[\w']+?)(?:'s)? (?:lead|turn to lead)\b"
)
"""A player now to lead: 'his partner E is now on lead', 'won the trick and must lead',
"it's RHO's lead", 'its my lead'."""
_CHOSEN_OR_LED = lazy_pattern(
    r"\b(?:forbade|forbid|forbids|forbidden|required|requires|require|demanded|barred|banned"
    r"|prohibited|again|first time|last time|instead|not played|didn't play|did not play"
    r"|forgot)\b|\bdon'?t lead\b|\b(?:lead|led) (?:a|an|the|any)\b|\bleads? (?:a|an|the)\b"
)
"""Declarer's choice already made, a lead already told, or the card not played: what
followed is the matter, asked."""
_OWN_WORDS = {"my": "speaker", "i": "speaker", "i'm": "speaker", "i've": "speaker"}
_RELATIVE: dict[str, Callable[[Seat], Seat]] = {
    "lho": lambda seat: seat.lho,
    "rho": lambda seat: seat.rho,
    "pd": lambda seat: seat.partner,
    "partner": lambda seat: seat.partner,
    "pard": lambda seat: seat.partner,
}
"""A player named relative to the speaker in a turn's owner word ("it's lho's lead")."""


def partner_to_lead(lowered: str, play: PlayStory) -> bool:
    """A card of one player's lies out (face up, on the table), and now his partner is to
    lead, told by seat or from the speaker's chair ('LHO has the ♠J sitting on the table;
    now his pard RHO just won a trick and it's RHO's lead'). A choice of declarer's already
    made, or a lead told after, leaves it asked."""
    if _CHOSEN_OR_LED.search(lowered):
        return False
    lying = _LYING_OUT.search(lowered)
    if lying is None:
        return False
    floor = clause_start(lowered, lying.start())
    before = [
        p
        for p in play.story.players
        if floor <= p.start < lying.start() and p.kind != "pronoun" and p.seat is not None
    ]
    holders = {p.seat for p in before}
    if len(holders) != 1:
        return False  # no holder, or several named before the card: whose card is not read
    holder = holders.pop()
    assert holder is not None
    seats = {
        _to_lead(lowered, play, turn) for turn in _PARTNER_LEADS.finditer(lowered, lying.end())
    }
    return seats == {holder.partner}  # one player told to lead (won the trick, now on lead)


def _to_lead(lowered: str, play: PlayStory, turn: re.Match[str]) -> Seat | None:
    """The seat of the player told to lead: the owner word ("it's RHO's lead", 'its my
    lead'), else the last player named before the words in their clause."""
    if turn.group("owner"):
        if turn.group("owner") in _OWN_WORDS:
            return play.story.speaker
        named = [p for p in play.story.players if p.start == turn.start("owner")]
        if named:
            return named[0].seat
        speaker = play.story.speaker  # "it's lho's lead": the player from the speaker's chair
        relative = _RELATIVE.get(turn.group("owner").removesuffix("'s"))
        return None if speaker is None or relative is None else relative(speaker)
    floor = clause_start(lowered, turn.start())
    named = [p for p in play.story.players if floor <= p.start < turn.start()]
    return named[-1].seat if named and named[-1].kind != "pronoun" else None


# -- a claim agreed, and nothing said against it since (Law 69A) -----------------------------

CLAIM_AGREED = lazy_pattern(
    r"\b(?:agreed|accepted|nodded|nods?|okayed|(?:was|were) fine with it|all happy)\b"
    r"|\bsaid\W{0,2}(?:ok|okay|fine|yes)\b"
)
"""The other side accepting the claim ('we agreed', "said 'fine'", 'decl was fine with it')."""
_NOT_AGREED = lazy_pattern(
    r"(?:\b(?:not|never|havent|hasnt|didnt|hadnt|nobody|no one|no-one|neither)|n't)\s+(?:yet\s+)?"
    r"(?:\w+\s+)?$"
)
"""An agreement denied just before its word ('we haven't agreed', 'nobody has accepted')."""
_SINCE = lazy_pattern(
    r"\b(?:but|then|later|wait|hang on|hold on|realis\w*|realiz\w*|noticed|found|object\w*"
    r"|disput\w*|disagree\w*|actually|minutes?|mins?|next (?:board|deal|hand)|round|session"
    r"|results|bar|car|today|yesterday|morning|record|mutter\w*|mistake|wrong|loser|however"
    r"|except|doubt\w*|complain\w*|quer\w*|rais\w*|said anything|says?|now)\b"
)
"""Words of something after the agreement: a doubt, an objection, a later moment."""
_DENIED = lazy_pattern(r"\b(?:no|nobody|no one|no-one|not|never|n't|nothing)\b[\w ']{0,15}$")


def claim_agreed_nothing_since(lowered: str, events: Sequence[Event]) -> bool:
    """A claim (or concession) told as made, the other side's agreement after it, and nothing
    told since the agreement but its being left alone ('we agreed; cards went back in the
    board and nobody has raised anything since'): words of a doubt, an objection or a later
    moment leave it to be asked (69A, 69B)."""
    claims = [
        e
        for e in events
        if e.act in ("claim", "concede")
        and "alleged" not in e.how
        and not _in_question(lowered, e.start)
    ]
    if not claims:
        return False
    agreed = next(
        (
            a
            for a in CLAIM_AGREED.finditer(lowered, claims[0].end)
            if not _NOT_AGREED.search(lowered, max(0, a.start() - 20), a.start())
        ),
        None,
    )  # 'we haven't agreed', 'nobody accepted it': no agreement told
    if agreed is None or _in_question(lowered, agreed.start()):
        return False
    for later in _SINCE.finditer(lowered, agreed.end()):
        if _in_question(lowered, later.start()):
            continue  # 'is that final now?': asked, not told
        floor = max(0, later.start() - 20)
        if _DENIED.search(lowered, floor, later.start()) or later.group(0) in ("says", "say"):
            continue  # 'nobody objected', 'no-one has said a thing since'
        return False
    return True


# -- a claim objected to at the table (Law 68B, 70) ------------------------------------------


def claim_objected(lowered: str, events: Sequence[Event]) -> bool:
    """Someone told as objecting to a claim or concession, at once: an objection after it,
    not denied ('nobody has objected since', 'no one disputed it'), not asked or wished
    ('can we object?'), with no agreement before it and neither play carried on nor a later
    moment told (those are other answers: agreed, withdrawn later, played on)."""
    claims = [e for e in events if e.act in ("claim", "concede") and "alleged" not in e.how]
    after = claims[0].end if claims else 0
    objections = [
        e
        for e in events
        if e.act == "object"
        and e.start >= after
        and not _in_question(lowered, e.start)
        and not _DENIED.search(lowered, max(0, e.start - 20), e.start)
        and not _ASKED_OR_WISHED.search(lowered, max(0, e.start - 25), e.start)
        and not _NOW.fullmatch(lowered, e.start, e.end)
    ]
    if not objections or _PLAYED_ON_OR_LATER.search(lowered, after):
        return False
    return not CLAIM_AGREED.search(lowered, after, objections[0].start)


_PLAYED_ON_OR_LATER = lazy_pattern(
    r"\bplay(?:ed|ing|s)? (?:it )?(?:on|out)\b|\bcarried on\b|\bkept (?:playing|going)\b"
    r"|\bcontinued\b|\bnext (?:board|hand|round|day|week)\b|\blater\b"
    r"|\bafter the (?:round|session)\b"
)
"""After a claim: play went on, or the objection came at another moment (68D2, 69B)."""
_NOW = lazy_pattern(r"(?:disagrees?|objects?|disputes|don't agree|do not agree)")
"""An objection told in the present ('we disagree about his claim'): made now, perhaps only
after the agreement became final, not necessarily at the table when he claimed."""
