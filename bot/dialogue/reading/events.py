"""The story's events (who led, played, ruffed or said what, at which trick) and the Irregularity a
reader proves from them."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from bot.core.calls import BID_PATTERN, Bid, Denomination, Seat
from bot.core.play import Role, Table, find_cards
from bot.dialogue.play_reader import (
    _NOT_AN_ACT_BEFORE,
    TWO_PLAYERS_BEFORE,
    UNPROVEN_BEFORE,
    PlayStory,
    actor_role,
    actor_seat,
    clause_end,
    clause_start,
)
from bot.dialogue.reading.sentences import _quoted, _sentence_start
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.trick_reader import inquiry_answered, suit_letter
from bot.lazy import lazy_pattern


@dataclass(frozen=True)
class Event:
    """Who did what, when and how: 'E ruffed with a small heart at trick 7'."""

    act: str
    start: int
    end: int
    actor: Seat | None = None
    """The actor's seat in the story's frame (None: not proven)."""
    role: Role | None = None
    words: str = ""
    """The words naming the actor, as typed."""
    trick: int | None = None
    how: frozenset[str] = frozenset()
    """'face_up', 'face_down', 'held_suit' (a holding named beside a discard), 'won_it';
    'alleged' (said or asked, not proven done), 'asked' (a case put in a question),
    'not_yet' (a card not out when told: 'before LHO had played', 'W hasn't led yet', 'was
    about to put the HA down'); 'denied' (a card said not played: 'never played to it', 'would
    have played the king')."""


@dataclass(frozen=True)
class Irregularity:
    """An irregularity the story proves, where it is told, and the facts it proves."""

    kind: str
    start: int
    facts: Mapping[str, str] = field(default_factory=dict)
    settled: bool = False
    """Put right at the table with nothing left to rule (a wrong-hand lead taken back): told,
    but not what the story asks about when it tells another."""


def _events(lowered: str, play: PlayStory, vocabulary: Vocabulary) -> list[Event]:
    quoted = _quoted(lowered)
    out: list[Event] = []
    for act, pattern in vocabulary.acts.items():
        for match in pattern.finditer(lowered):
            # most stories quote nobody: no generator made per match then
            inside = bool(quoted) and any(a <= match.start() < b for a, b in quoted)
            if inside and act not in ("claim", "concede"):
                continue  # words inside a remark are what was said, not what was done
            if (
                act == "remark"
                and match.group(0) in ("go", "goes", "went")
                and not _SPOKEN_AT_ONCE.match(lowered, match.end())
            ):
                continue  # 'dummy went down, she said ...': 'went' speaks only before a quote
            if (
                act == "remark"
                and match.group(0) in _TOLD
                and (
                    not _TOLD_WORDS.match(lowered, match.end())
                    or _TOLD_PASSIVE.search(lowered, max(0, match.start() - 8), match.start())
                )
            ):  # 'the td told us to play on': 'told' speaks only before a quote, and 'pd was
                continue  # told 'you must pass'' is the words of another (the director)
            if (
                act == "hesitate"
                and match.group(0) == "bit"
                and (
                    _A_LITTLE.search(lowered, max(0, match.start() - 8), match.start())
                    or lowered.startswith((" of", " more", " late", " too"), match.end())
                )
            ):
                continue  # 'a bit of a tremor': the English word, not a break in tempo
            if match.group(0) in _BARE_FORMS and (
                not _PLAYED_SUIT.match(lowered, match.end())
                or _NOT_AN_ACT_BEFORE.search(lowered, max(0, match.start() - 12), match.start())
            ):
                continue  # 'my discard', 'a throw-in', 'to ruff': a noun or an intent, no act
            if (
                act == "claim"
                and match.group(0) in ("claims", "claimed", "claim", "claiming")
                and _CLAIMS_AN_ACT.match(lowered, match.end())
            ):
                continue  # 'E claims he played the jack': his account of a card, no claim
            if act == "expose" and _DROPPED_TO_A_TRICK.match(lowered, match.start()):
                continue  # 'dropped the 3 on it': a card played to the trick, not let fall
            if act == "revoke" and _YET_AFTER.match(lowered, match.end()):
                continue  # 'W hasn't followed yet': his card still to come, no revoke
            if act == "ruff" and _TRUMPS_NOUN.search(lowered, 0, match.start()):
                continue  # 'drew trumps', 'the first round of trumps': the suit, no ruff
            if act == "play" and (
                _WHOLE_HAND.match(lowered, match.end())
                or _PARTNERED_WITH.match(lowered, match.end())
                or _CALL_CARD.match(lowered, match.end())
                or _CALL_NAMED.match(lowered, match.end())
            ):
                continue  # 'put down his hand', 'put out a pass card': no card played
            if act == "play" and _CALLS_BEFORE.search(
                lowered, max(0, match.start() - 12), match.start()
            ):
                continue  # 'two more passes followed': calls came after, no card followed
            floor = clause_start(lowered, match.start())
            if inside:
                floor = clause_start(lowered, next(a for a, b in quoted if a <= match.start() < b))
                position = next(a for a, b in quoted if a <= match.start() < b)
            else:
                position = match.start()
            said_until = floor
            quote = next((q for q in reversed(quoted) if floor <= q[0] and q[1] <= position), None)
            refs = [p.start for p in play.story.players] + [r.start for r in play.roles]
            if quote is not None and not any(quote[1] <= ref < position for ref in refs):
                # "he said 'my pd has the ace' and showed his cards": the speaker showed them
                position, said_until = quote[0], quote[1]
            words, role = actor_role(lowered, play, floor, position)
            seat = actor_seat(play, floor, position)
            if act == "lead" and _LED_OF_A_SUIT.search(
                lowered, max(0, match.start() - 30), match.start()
            ):  # 'W has no clubs (the suit led)', 'hearts were led': the suit, no leader named
                words, role, seat = "", None, None
            if act in _CARD_ACTS and _CARD_AS_SUBJECT.search(
                lowered, max(0, match.start() - 30), match.start()
            ):  # 'his card was the CJ which follows suit': the card's, no player's act
                words, role, seat = "", None, None
            aside = _ASIDE.search(lowered, floor, position)
            named = (
                next(
                    (
                        p
                        for p in play.story.players
                        if p.end == aside.start() + len(aside.group(1)) and p.start >= aside.start()
                    ),
                    None,
                )
                if aside is not None
                else None
            )
            if named is not None and named.seat is not None:
                # "W (overcaller's pd) took a good 30 secs", "rho (her pd) led": the player
                # named before the aside
                seat, words = named.seat, named.words
            noun = act == "lead" and match.group(0).startswith(("opening lead out", "lead out"))
            if noun:  # 'declarer refused the opening lead out of turn': not declarer's lead
                words, role, seat = "", None, None
            if noun and _NO_SUCH_LEAD.search(lowered, max(0, match.start() - 12), match.start()):
                continue  # 'there had been no lead out of turn': none made
            named_after = act in ("hesitate", "manner") or noun
            by = _BY_PLAYER.match(lowered, match.end()) if named_after else None
            if by is None and noun:  # 'LOOT at T1 by E': the trick, then the leader
                at = _end_of(_AT_TRICK.match(lowered, match.end()))
                by = _BY_PLAYER.match(lowered, at or match.end())
            if by is not None:  # 'a long tank by LHO', 'hesitation by N'
                named = next((p for p in play.story.players if p.start == by.start("who")), None)
                if named is not None and named.seat is not None:
                    words, role, seat = named.words, None, named.seat
            owner = (
                next(
                    (
                        p
                        for p in play.story.players
                        if p.words.endswith("'s")
                        and p.seat is not None
                        and (
                            (p.start < match.end() and match.start() < p.end)
                            or _OWNED_GAP.fullmatch(lowered, p.end, match.start())
                        )
                    ),
                    None,
                )
                if named_after and by is None
                else None
            )
            if owner is not None and owner.seat is not None:
                # "the opps called the TD about pd's long think": whose think it was
                words, role, seat = owner.words, None, owner.seat
            if (
                seat is None
                and not words
                and act in _CARD_ACTS
                and play.story.speaker is not None
                and _SPEAKER_OWNS.search(lowered, max(floor, match.start() - 12), match.start())
            ):
                # "the TD said my opening lead was out of turn": the teller's own lead
                words, role, seat = "my", None, play.story.speaker
            if (
                seat is None
                and act == "alert"
                and play.story.speaker is not None
                and play.story.first_person
                and _MY_CALL_AFTER.match(lowered, match.end())
            ):  # 'Bob didn't alert my 2♦': under the alerting procedures (40B2(a)(iii)) the
                # caller's partner alerts, whatever his name; his alert, or none, is
                # unauthorised information for the caller (16B1)
                seat = play.story.speaker.partner
            end = clause_end(lowered, match.end())
            clause = lowered[floor:end]
            how = set()
            # after a remark, only the words since it can make the act hearsay
            said_before = [b for a, b in quoted if floor <= a and b <= position]
            told_from = max([said_until, *said_before])  # after "said 'your lead'"
            unproven = lowered[floor:position]
            if told_from != floor:
                unproven = lowered[told_from : match.start()]
            result = list(_SO_THEN.finditer(unproven))
            if result:  # 'i thought i had won so i put my next card down': the belief is
                unproven = unproven[result[-1].end() :]  # why he did it; the act was done
            if UNPROVEN_BEFORE.search(_BEFORE_A_WORD.sub(" ", unproven)):
                how.add("alleged")  # 'the defender said declarer led': not proven
            if match.group(0) in _BARE_FORMS and _ASKED.search(_sentence(lowered, match.start())):
                how.update(("alleged", "asked"))  # 'can I discard a heart if ...?': a case put
            if act in _CARD_ACTS and _NOT_YET_DONE.search(
                lowered, max(floor, position - 40), position
            ):
                how.update(("alleged", "not_yet"))  # 'before his partner had played': to come
            undone = _not_done(lowered, floor, match.start()) if act in _CARD_ACTS else None
            if undone is not None and act != "revoke":
                how.update(("alleged", undone))  # 'W hasn't led yet', 'never played to it'
            if vocabulary.timing["face_up"].search(clause):
                how.add("face_up")
            if vocabulary.timing["face_down"].search(clause):
                turned = vocabulary.timing["turned_face_up"].search(
                    lowered, match.end(), end
                )  # 'led it face down, then he turned it over': an opening lead (only it is
                how.add("face_down")  # made face down) whose face was then seen after all
                if turned and not _NOT_TURNED.search(
                    lowered[max(match.end(), turned.start() - 30) : turned.start()]
                ):  # 'noticed before she turned it up': it was not
                    how.add("face_up")
            if act in ("discard", "ruff") and (
                _held_nearby(lowered, match.end(), vocabulary)
                or _held_later(lowered, match, seat, play)
                or inquiry_answered(lowered, match.start(), match.end()) is not None
                or _played_off_suit(lowered, match.end(), vocabulary)
            ):
                how.add("held_suit")
            if act == "play" and (
                _played_off_suit(lowered, match.end(), vocabulary)
                or _off_suit_then_found(lowered, match.start(), match.end())
            ):
                how.add("held_suit")
            if _won_it(lowered, match.end(), end):
                how.add("won_it")
            trick = _trick_of(clause, match.start() - floor)
            if (
                noun
                and match.group(0) == "lead out of turn"
                and trick is None
                and seat is None
                and not words
            ):
                continue  # 'the penalty for a lead out of turn?': a lead of no trick and
                # no player is the irregularity's name, not a lead this deal tells
            out.append(
                Event(act, match.start(), match.end(), seat, role, words, trick, frozenset(how))
            )
    out.sort(key=lambda e: e.start)
    return _bidding_cards_put_out(out, play)


def _bidding_cards_put_out(out: list[Event], play: PlayStory) -> list[Event]:
    """A 'card put on the table' that the story reads as its actor's bid, with the auction
    going on after it (the next players' calls made) and no card gone to a trick: a bidding
    card, so a call, not a card played ('W put the 4S card on the table - meant 3S - but N
    passed and E bid 4NT'). Nothing else in the story then says the play has begun."""
    calls = [c for c in play.story.events if c.role == "made" and c.call is not None]
    putting = [e for e in out if e.act in ("play", "lead") and "alleged" not in e.how]
    if not putting or len(putting) != len([e for e in out if e.act in _CARD_ACTS]):
        return out
    cards: list[Event] = []
    for event in putting:
        own = next(
            (
                c
                for c in calls
                if event.start <= c.start < event.end
                and isinstance(c.call, Bid)
                and c.seat is not None
                and c.seat == event.actor
            ),
            None,
        )
        if own is None or not any(
            c.start >= event.end and c.seat is not None and c.seat != event.actor for c in calls
        ):
            return out
        cards.append(event)
    if any(e.trick is not None for e in out):
        return out
    return [e for e in out if e not in cards]


_CALL_NAMED = lazy_pattern(
    rf"\s+(?:an?\s+|the\s+|his\s+|her\s+|my\s+)?(?:{BID_PATTERN}(?![\w♣♦♥♠])|pass\b|double\b|"
    r"redouble\b)",
    re.IGNORECASE,
)
"""'came in with a 1S overcall', 'jumped in with double': a call, not a card."""


_BARE_FORMS = frozenset(("discard", "throw", "pitch", "ruff"))
"""The present tense of 'I', 'we', 'you' ('I discard a club'): also a noun ('my discard')
and the form a question takes ('can I discard a heart?')."""


_ASKED = lazy_pattern(
    r"\?|^\W*(?:can|could|may|might|must|should|would|do|does|am|is|if|when|what if)\b"
    r"|\b(?:can|could|may|might|must|should|would|allowed to|have to|has to|supposed to)"
    r"\s+(?:i|he|she|we|you|they|declarer|dummy|\w+)\s+(?:still\s+)?(?:discard|throw|pitch|ruff)\b"
)
"""A sentence that asks ('?', 'can I ...', 'what if ...'): its present tense is a case put,
not what happened."""


_NOT_TURNED = lazy_pattern(
    r"\b(?:before|until|not|never|without|didn't|did not|hadn't|had not|wasn't|about to|"
    r"going to|wanted to|tried to|could|can)\s+(?:[\w']+\s+){0,2}$"
)
"""Words just before 'turned it over' saying it was not (yet) done."""


def _sentence(lowered: str, position: int) -> str:
    """The sentence around ``position``."""
    start = max(lowered.rfind(c, 0, position) for c in ".;!?\n") + 1
    end = clause_end(lowered, position)
    return lowered[start : end + 1]


_LED_OF_A_SUIT = lazy_pattern(
    r"(?<!\d )(?<!\d)(?<!\bone )(?<!\btwo )(?<!\bthree )(?<!\bfour )(?<!\bfive )(?<!\bsix )"
    r"(?<!\bseven )\b(?:suit|spades?|hearts?|diamonds?|clubs?|trumps?)"
    r"(?: (?:that|which))?(?: (?:was|were|is|are|had been|has been|being|got))?"
    r"(?: (?:just|first|originally|actually))? $"
)
"""Right before 'led': the suit of the lead, as a participle or a passive ('the suit led',
'hearts were led'): no player is its subject. Not a contract ('declarer in 4 spades led')."""


_CARD_AS_SUBJECT = lazy_pattern(
    r"(?:\b|(?<=[♠♥♦♣]))(?:card|one|[shdc♠♥♦♣]?(?:[akqjt2-9]|10)[shdc♠♥♦♣]?|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three"
    r"|two|deuce)(?:,)? (?:which|that) (?:(?:also|still|just|does|did|would) )?$"
)
"""Right before a card verb: a card as its subject ('the CJ which follows suit', 'a card that
followed'): the verb tells of the card, not of a player named near it."""


_CALLS_BEFORE = lazy_pattern(r"\b(?:pass|passes|bids|calls|doubles|redoubles)\s+$")


_BEFORE_A_WORD = lazy_pattern(
    r"\b(?:before (?:anyone|anybody|someone|any of us|we|i|he|she|they|the others?)"
    r"|nobody|no one|no-one)(?: else)? "
    r"(?:could |had |got to |even |had even |had a chance to )*"
    r"(?:say|said|spoke|speak|object|objected|react|reacted|stop|stopped) ?(?:anything|a word)?\b"
    # 'before my lho could do anything': when the act came (a 'could' of time, not of doubt)
    r"|\bbefore (?:[\w']+ ){1,3}(?:could|was able to|had a chance to) (?:even )?\w+"
    r"(?: (?:anything|a thing|a word|a card))?\b"
)
"""'before anyone said anything I followed', 'nobody said anything, dummy called the TD',
'before my LHO could do anything': when the act came, not who told of it."""


_SO_THEN = lazy_pattern(
    r"\b(?:and so|so|therefore|which is why)\s+(?=(?:i|he|she|we|they|my|his|her)\b)"
)
"""What a player did because of what he thought: the act after it is told as done."""


_A_LITTLE = lazy_pattern(r"\b(?:a|little|tiny|quite a)\s+$")


_TOLD = frozenset(("told", "tells", "whispered", "whispers", "warned"))
_TOLD_WORDS = lazy_pattern(
    r"\s+(?:(?:me|him|her|us|them|lho|rho|pd|partner|dummy|declarer|[nesw]|my partner|his partner"
    r"|her partner)\s*)?(?:like\s*)?[,:]?\s*['\"]"
)
"""'lho told rho 'dont lead a spade'': told (to someone) is speech when his words follow."""
_MY_CALL_AFTER = lazy_pattern(
    r"\s+(?:of\s+)?my\s+(?:[1-7]\s?(?:nt|[cdhs♠♥♦♣])(?!\w)|(?:bid|call|double|redouble|"
    r"opening|response|overcall|cue ?bid|transfer)\b)"
)
"""An alert's object is the teller's own call: 'alert my 2♦', 'alerted my double'."""
_TOLD_PASSIVE = lazy_pattern(r"\b(?:was|were|been|being|is|are|got|get|gets)\s+$")


_SPOKEN_AT_ONCE = lazy_pattern(r"\s*(?:like\s*)?[,:]?\s*['\"]")
"""'pd goes 'hang on'': go, goes and went are speech only with the words right after them."""


_TRUMPS_NOUN = lazy_pattern(
    r"\b(?:drew|draw|draws|drawing|of|the|his|her|my|our|their|small|high|low|a|no|two|three"
    r"|all|some|any|remaining|last|top|pulled|pulling|cashed|leading|led)\s+$"
)
"""Before 'trump(s)': the word names the suit ('drew trumps'), not a ruff."""


_CALL_CARD = lazy_pattern(
    r"\W*(?:\w+\W+){0,1}?(?:pass|double|redouble|stop|bid|bidding|alert)(?: cards?)?\b"
)
"""A bidding-box card put out ('put out a pass card'): a call, not a play."""


_NOT_YET_DONE = lazy_pattern(
    r"\b(?:before|until|till)\s+(?:[\w']+\s+){1,3}?(?:had\s+|has\s+|could\s+|even\s+)*$"
)
"""'before E (his partner) had played', 'until dummy had followed': the act named had not
happened when the story's act did."""


_CLAIMS_AN_ACT = lazy_pattern(
    r"\s+(?:that\s+)?(?:he|she|i|we|they|you|north|east|south|west|[nesw]|lho|rho|pd|partner"
    r"|dummy|declarer)\s+(?:(?:had|has|have|did|only|just|definitely|actually|never)\s+)?"
    r"(?:played|called|named|followed|led|discarded|ruffed|said|asked|pulled|put|showed|won"
    r"|didn't|did not|hadn't|had not|wasn't|was not|never)\b"
)
"""After 'claims': a player's account of a card or a word told ('E claims he played the jack',
'W claimed that she followed suit'): a verb of saying, not a claim of tricks (Law 68)."""


_DROPPED_TO_A_TRICK = lazy_pattern(
    r"drop(?:ped|s|ping)\s+(?:a|the|his|her|my|one|another|its)\W+(?:[\w♠♥♦♣]+\W+){0,4}?"
    r"(?:on (?:it|top of it|the trick)|onto the trick|under it"
    r"|(?:on|onto|to) (?:the|his|her|my|their|[\w]+'s) lead)(?!\w)"
)
"""'dropped the 3 on it', 'dropped a small heart on the trick': the play's own words for a
card added to the trick (the play act reads it), not a card let fall out of a hand."""


_YET_AFTER = lazy_pattern(
    r"(?:\s+to\s+(?:it|that|this|the\s+(?:current\s+|last\s+|same\s+)?trick|trick\s+\d{1,2}))?"
    r"\s+yet\b"
)
"""After 'hasn't followed': 'yet' puts the card still to come, not a suit not followed."""


_NOT_YET_NEGATED = lazy_pattern(
    r"(?:\b(?:has|had|have)(?:n't|\s+not)|\bnot\s+yet"
    r"|\b(?:nobody|no one|no-one|none of (?:us|them|the others))\s+(?:has|had|have))"
    r"\s+(?:(?:yet|even|already|ever|actually|properly|really|been)\s+)*$"
)
"""Right before the verb, an act still to come when told: 'W hasn't led yet', 'E had not yet
led', 'nobody had played'. 'shouldn't have led' (the act done, and wrongly) is not one."""


_TO_COME = lazy_pattern(
    r"\b(?:(?:about|going|ready|meaning|wanted|wants|wanting|intends|intending|planned|plans"
    r"|planning|yet|supposed|due|hoping|preparing|trying|has|have|need|needs|turn|time|chance)"
    r"\s+to|(?:will|shall|can|must|'ll)(?:\s+(?:still|then|just|now|also))?)"
    r"\s+(?:(?:just|quickly|then|now|first)\s+)?$"
)
"""Right before the verb, an act meant or due, not yet done: 'W was about to lead', 'i was
going to put the HA down', 'dummy has to play': no card went out then."""


_DENIED = lazy_pattern(
    r"(?:\b(?:never|not)|\b(?:did|does|do|was|were|is|are)(?:n't|\s+not))"
    r"\s+(?:(?:even|actually|properly|really|ever)\s+)*$"
    r"|\b(?:would|could|might)\s+have\s+$|\b(?:instead\s+of|rather\s+than|without)\s+$"
)
"""Right before the verb, an act denied or only imagined: 'decl never played to it', 'E
didn't put a card down', 'he would have played the king', 'instead of leading'. 'W should
have led' is left alone: it names the player on lead, which the lead readers use."""


_DEMANDED = lazy_pattern(
    r"\b(?:wants?|wanted|wanting|told|tells|tell|telling|required|requires|require|requiring"
    r"|asked|asks|ask|asking|forced|forces|force|instructed|ordered|directed|expects?|expected"
    r"|allowed|allows|allow|permitted|chose|chooses|choose|demanded|demands)"
    r"\s+(?:[\w']+\s+){0,3}?to\s+(?:(?:just|then|now|first)\s+)?$"
    r"|\b(?:make|makes|made|making|let|lets)\s+(?:him|her|me|us|them|you|pd|pard|partner"
    r"|(?:my|his|her|your|their) (?:partner|pd|pard)|lho|rho|[nesw]|north|east|south|west)\s+$"
)
"""Right before the verb, an act someone else demanded or allowed ('declarer wants pd to play
his highest club', 'told W to lead a heart', 'can make E play low'): the demand, not a card
played."""


def _not_done(lowered: str, floor: int, start: int) -> str | None:
    """Whether the verb at ``start`` is still to come ('not_yet': 'hasn't led', 'about to put
    ...', 'declarer told pd to play ...') or denied ('denied': 'never played', 'would have
    played'), from the words right before it within its clause."""
    begin = max(floor, start - 50)
    if (
        _NOT_YET_NEGATED.search(lowered, begin, start)
        or _TO_COME.search(lowered, begin, start)
        or _DEMANDED.search(lowered, begin, start)
    ):
        return "not_yet"
    return "denied" if _DENIED.search(lowered, begin, start) else None


_PARTNERED_WITH = lazy_pattern(
    r"\s+(?:bridge\s+)?with\s+(?:(?:her|his|my|their|our|your|a|the|an)\s+)?(?:new\s+|regular\s+|usual\s+)?"
    r"(?:husband|wife|partner|pd|friend|friends|son|daughter|mother|father|mum|dad|brother|sister"
    r"|boyfriend|girlfriend|spouse|regular)\b"
)
"""After 'plays': a partnership ('plays with her husband'), not a card played."""
_WHOLE_HAND = lazy_pattern(
    r"[^\w.;!?]*(?:(?:his|her|my|their|the|all|whole|entire|remaining|rest|of)\W+){0,3}"
    r"(?:hand|cards|dummy|rest|lot)\b"
)
"""After 'put down': a whole hand, in the same sentence ('put the HQ on the table. dummy
...' put a card)."""


_ASIDE = lazy_pattern(r"(?<![\w'])([\w']+)\s*(?:\([^)]{1,40}\)|,\s*who\b[^,.;!?()]{1,60},)\s*$")
"""The player named before an aside, right before the act: 'W (overcaller's pd) took', 'E,
who hadn't noticed W had played, put the S6 on it' (the aside's players are not the actor)."""


_BY_PLAYER = lazy_pattern(r"\s+by\s+(?:my\s+)?(?P<who>[a-z']+)")
_AT_TRICK = lazy_pattern(r"\s+(?:at|on|to|in)\s+trick\s+(?:1[0-3]|[1-9])\b,?")


def _end_of(match: re.Match[str] | None) -> int | None:
    return match.end() if match is not None else None


_NO_SUCH_LEAD = lazy_pattern(r"\b(?:no|not a|not any|never a|wasn't a|was not a|without a)\s+$")
_SPEAKER_OWNS = lazy_pattern(r"\bmy\s+(?:opening\s+|first\s+|own\s+)?$")
"""The teller's possessive just before a card act told as a noun: 'my opening lead was out of
turn', 'my discard'."""
_OWNED_GAP = lazy_pattern(r"\s+(?:[a-z-]+\s+){0,2}")
"""Between a player's possessive and a hesitation noun: 'pd's long think', 'lho's huge tank'."""


_WON = lazy_pattern(r"\bwon (?:it|the trick|that trick)\b")


_OTHER_WINNER = lazy_pattern(
    r"\b(?:we|they|i|he|she|dummy|board|declarer|partner|pd|lho|rho|north|south|east|west|"
    r"[nesw])\b|\bopp(?:s|os?|onents?)\b|\b(?:my|our|their|your)\s+(?!own\b)"
    r"(?!(?:small\s+|low\s+|little\s+)?(?:spade|heart|diamond|club|trump|card|lead)s?\b)\w+"
)
"""Another player named before 'won' ('... and my student won that trick'): not the actor."""


_WON_ELSEWHERE = lazy_pattern(
    r"^\s+(?:in|with|on|from)\s+(?:the\s+)?(?:dummy|board|table)|^\s+with dummy"
)


def _won_it(lowered: str, start: int, end: int) -> bool:
    """'ruffed ... and won it': the player who did the act won the trick himself - not
    'and we won that trick', not 'won it in dummy' (his partner's card)."""
    won = _WON.search(lowered, start, end)
    if won is None or _OTHER_WINNER.search(lowered[start : won.start()]):
        return False
    return not _WON_ELSEWHERE.match(lowered[won.end() : won.end() + 30])


def _held_nearby(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """A holding named right after a discard ('threw a club (had a spade hiding)'), of the
    suit led when the sentence names one."""
    window = lowered[position : position + 60]
    stop = re.search(r"[.;!?]", window)
    held = vocabulary.holdings["held_suit"].search(window[: stop.start()] if stop else window)
    if held is None:  # told first: 'i had a club left over at the end, i must have discarded'
        begun = max(lowered.rfind(c, 0, position) for c in ".;!?") + 1
        before = lowered[max(begun, position - 80) : position]
        held = vocabulary.holdings["held_suit"].search(before)
    if held is None:
        return False
    suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    floor = clause_start(lowered, position)
    led = _LED_SUIT.search(lowered[floor : position + (stop.start() if stop else 60)])
    if suit is None or led is None:
        return True
    return _suit_letter(suit) == _suit_letter(next(g for g in led.groups() if g))


def _held_later(lowered: str, act: re.Match[str], seat: Seat | None, play: PlayStory) -> bool:
    """The same player shown, a sentence or two on, to have held the suit he did not follow:
    'RHO ruffed my diamond ... at trick 11 he follows with a diamond', 'W threw a heart. T4
    trump, W followed with the S4!! so he had one on T3', '... turns out he had the S2'. The
    holding must be his (himself or 'he', nobody else named first), and a suit named must be
    the one he ruffed or discarded on."""
    window = lowered[act.end() : act.end() + 160]
    found = sorted(
        [
            *_HAD_ONE.finditer(window),
            *_FOLLOWED_WITH.finditer(window),
            *_SAID_HOLDING.finditer(window),
        ],
        key=lambda m: m.start(),
    )
    led = _suit_led_at(lowered, act)
    return any(_his_holding(held, act, seat, play, led) for held in found)


def _suit_led_at(lowered: str, act: re.Match[str]) -> str | None:
    """The suit he ruffed or discarded on, when the words name it."""
    on = (
        _RUFFED_ON.match(lowered, act.end()) if act.group(0).startswith(("ruff", "trump")) else None
    )
    if on is None:  # 'showed out of diamonds', 'threw a club on my heart lead'
        on = _OUT_OF.match(lowered, act.end()) or _ON_LEAD.search(
            lowered, act.end(), clause_end(lowered, act.end())
        )
    if on is None:  # 'T5 diamond led, W pitched a club'
        on = _SUIT_LED_BEFORE.search(lowered, clause_start(lowered, act.start()), act.start())
    if on is None:  # 'i led a club, lho ruffed': the last card led before it in the sentence
        on = _last(_CARD_LED.finditer(lowered, _sentence_start(lowered, act.start()), act.start()))
    return _suit_letter(next(g for g in on.groups() if g)) if on else None


def _his_holding(
    held: re.Match[str], act: re.Match[str], seat: Seat | None, play: PlayStory, led: str | None
) -> bool:
    at = act.end() + held.end()
    subject = next(
        (p for p in play.story.players if act.end() + held.start() <= p.start < at), None
    )
    if subject is not None and subject.kind != "pronoun":
        if seat is None or subject.seat is not seat:
            return False  # 'LHO follows with a diamond': another player's card
    elif any(
        act.end() <= p.start < at
        and p.kind != "pronoun"
        and (seat is None or p.seat is not seat)
        and not _A_WITNESS.match(play.story.text.lower(), p.end)
        for p in play.story.players
    ):
        return False  # another player named: the holding may be his ('i saw him play a
        # diamond' names only who watched him)
    groups = held.groupdict()  # not every holding pattern names a card ('i have one')
    named = groups.get("suit") or groups.get("card") or groups.get("card_suit")
    named = named or groups.get("suit_of")
    if named is None:
        return True  # 'he had one all along': of the suit he did not follow
    if led is None:
        # 'followed with a spade' proves nothing of the suit led (by source: _HAD_ONE is lazy)
        return held.re.pattern in (_HAD_ONE.pattern, _SAID_HOLDING.pattern)
    return _suit_letter(named) == led


_A_WITNESS = lazy_pattern(r"\s+(?:then\s+)?(?:saw|see|noticed|watched|spotted)\s+(?:him|her)\b")
"""'I saw him play a diamond': the player named watched the one the act is about."""


_HAD_ONE = lazy_pattern(
    r"\b(?:(?:he|she|but|yet|and|i|[nesw]|north|south|east|west|lho|rho|pd|partner) "
    r"(?:then |later |still )?(?:had|held|still had|still has|has)"
    r"|there(?:'s| is| was)) "
    r"(?:one\b(?! more| trick| left| of| too| card)"
    r"|(?:a|the) (?P<suit>spade|heart|diamond|club)\b"
    r"|(?:the |a )?(?P<card>[shdc♠♥♦♣])(?:10|[2-9akqjt])\b"
    r"|(?:the |a )?(?:10|[2-9akqjt])(?P<card_suit>[shdc♠♥♦♣])(?![a-z0-9])"  # 'had the 9h'
    r"|(?:the |a )?(?:10|[2-9]|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two)"
    r" of (?P<suit_of>spades|hearts|diamonds|clubs)\b)"  # 'had the 9 of hearts'
)


_SAID_HOLDING = lazy_pattern(
    r"\b(?:he|she|[nesw]|north|south|east|west|lho|rho|pd|partner) (?:then |later )?"
    r"(?:said|says|goes|went|called out)[,:]? ['\"]?(?:(?:wait|hang on|oh|oops|sorry|no)[,!]? )*"
    r"(?:i have|i've got|ive got|i've still got|i still have|i do have) "
    r"(?:one\b|a (?P<suit>spade|heart|diamond|club)\b)"
)
"""The player himself saying he holds the suit after ruffing or discarding ('then rho said
wait i have a heart'): the 'i' is his, so the holding is his."""


_FOLLOWED_WITH = lazy_pattern(
    r"\b(?:he|she|\w+) (?:(?:follows|followed) (?:suit )?with|turned up with|turns up with|produced"
    r"|showed up with|shows up with|came up with|comes up with|turned out to have"
    r"|played|plays|later played|then played|won (?:the last trick |a trick |the trick |it )?with"
    r"|pulled|pulls|pulled out|found|finds|dug out|digs out|fished out|fishes out)"
    r" (?:a|the|his|her) (?:small |low )?"
    r"(?:(?P<suit>spade|heart|diamond|club|trump)\b|(?P<card>[shdc♠♥♦♣])(?:10|[2-9akqjt])\b)"
)


_RUFFED_ON = lazy_pattern(
    r"\s+(?:on\s+)?(?:my|the|a|his|her|your|their|partner's|pd's)\s+(?:small\s+|low\s+)?"
    r"(spade|heart|diamond|club)s?\b"
)
"""'ruffed my diamond', 'discarded on a spade': the suit led."""


_OUT_OF = lazy_pattern(
    r"\s*(?:on|of)\s+(?:(?:my|the|a|his|her|your|their|partner's|pd's)\s+)?(?:small\s+|low\s+)?"
    r"(spade|heart|diamond|club)s?\b"
)


_SUIT_LED_BEFORE = lazy_pattern(r"\b(spade|heart|diamond|club)s? (?:was |were )?led\b")


_CARD_LED = lazy_pattern(
    r"\bled (?:a |the |my |his |her |(?:a )?small |(?:a )?low )*"
    r"(?:(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|10|[2-9akqjt])"
    r" of )?(spade|heart|diamond|club)s?\b"
    r"|\bled (?:the |a )?([shdc♠♥♦♣])(?:10|[2-9akqjt])\b"
)
"""'i led a club', 'pd led the king of hearts', 'led the ♣K': the suit of a card led."""


def _last(matches: Iterator[re.Match[str]]) -> re.Match[str] | None:
    kept = deque(matches, maxlen=1)  # only the last match is kept
    return kept[0] if kept else None


_ON_LEAD = lazy_pattern(
    r"\bon (?:my|the|a|his|her|your|their|partner's|pd's) (?:\w+ )?(spade|heart|diamond|club)s?\b"
    r"|\bround of (spade|heart|diamond|club|trump)s?\b"
)


def _played_off_suit(lowered: str, position: int, vocabulary: Vocabulary) -> bool:
    """'played a heart ... when clubs were led and he still had a club': a card of another
    suit than the one led, the led suit held - a revoke shown, not said."""
    card = _PLAYED_SUIT.match(lowered, position)
    if card is None and _ENDS_WITH_ARTICLE.search(lowered, max(0, position - 4), position):
        card = _SUIT_AFTER_ARTICLE.match(lowered, position)  # 'put down a| little diamond'
    if card is None:
        return False
    window = lowered[position : position + 90]
    stop = re.search(r"[.;!?]", window)
    window = window[: stop.start()] if stop else window
    # the suit led after the card ('when clubs were led', 'on the diamond lead') or before it
    # in the sentence ('hearts were led and i followed with a spade')
    led = (
        _LED_SUIT.search(window)
        or _ON_LEAD.search(window)
        or _SUIT_LED_BEFORE.search(lowered, clause_start(lowered, position), position)
    )
    held = vocabulary.holdings["held_suit"].search(window)
    realised = _REALISED_HELD.search(window)
    went_round = _SUIT_WENT_ROUND.search(lowered, clause_start(lowered, position), position)
    if led is None and realised is None and went_round is not None:
        # 'first time clubs went around I had no clubs I thought so I put down a little
        # diamond. Two tricks later I found the 4 of clubs': the suit played round, a card of
        # another, and a card of that suit found in the hand after it
        found = _FOUND_LATER.search(lowered, position, _sentence_after(lowered, position))
        led_suit = suit_letter(next(g for g in went_round.groups() if g))
        return (
            found is not None
            and suit_letter(found.group(1)) == led_suit
            and suit_letter(card.group(1)) != led_suit
        )
    if led is None and realised is not None:
        # 'followed with a spade, then realised i had a heart': the suit he finds he held
        # is the one he should have played
        return suit_letter(realised.group(1)) != suit_letter(card.group(1))
    if led is None or held is None:
        return False
    held_suit = next((v for k, v in held.groupdict().items() if k.startswith("suit") and v), None)
    led_suit = _suit_letter(next(g for g in led.groups() if g))
    return (
        held_suit is not None
        and _suit_letter(held_suit) == led_suit
        and _suit_letter(card.group(1)) != led_suit
    )


def _off_suit_then_found(lowered: str, start: int, position: int) -> bool:
    """'played a diamond on a heart, pd says 'no hearts?' and he changes it': a card of
    another suit than the one he was asked about, and then one of that suit found."""
    card = _PLAYED_SUIT.match(lowered, position)
    asked = inquiry_answered(lowered, start, position) if card is not None else None
    return bool(asked) and card is not None and suit_letter(card.group(1)) != asked


_REALISED_HELD = lazy_pattern(
    r"\b(?:realised|realized|noticed|saw|found|discovered|remembered)\s+(?:that\s+)?"
    r"(?:i|he|she)\s+(?:still\s+)?(?:had|has|have|held)\s+(?:a|one|another|the)\s+"
    r"(?:small\s+|low\s+)?(spade|heart|diamond|club)s?\b"
)


_ENDS_WITH_ARTICLE = lazy_pattern(r"\b(?:a|an|the|my|his|her)$")
_SUIT_AFTER_ARTICLE = lazy_pattern(
    r"\s+(?:small\s+|low\s+|little\s+)?(spade|heart|diamond|club)s?\b"
)
"""A card's suit right after the act's own last word, an article ('put down a little
diamond')."""
_SUIT_WENT_ROUND = lazy_pattern(
    r"\b(spade|heart|diamond|club)s? (?:went|came|were played|was played) (?:a)?round\b"
)
"""A suit played round the table, told before the card played to it."""
_FOUND_LATER = lazy_pattern(
    r"\b(?:found|discovered|noticed|spotted|saw)\s+(?:a|the|one|my|another|his|her)\s+"
    r"(?:(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|10|[2-9akqjt])"
    r"\s+of\s+|small\s+|little\s+|low\s+)?(spade|heart|diamond|club)s?\b"
)
"""A card of a suit found in the hand afterwards ('found the 4 of clubs stuck behind')."""


def _sentence_after(lowered: str, position: int) -> int:
    """The end of the sentence after the one at ``position`` (or the text's end)."""
    first = clause_end(lowered, position)
    return clause_end(lowered, first + 1) if first < len(lowered) else first


_PLAYED_SUIT = lazy_pattern(
    r"\s+(?:(?:suit\s+)?with\s+)?(?:a|an|the|my|his|her)\s+(?:small\s+|low\s+|little\s+)?"
    r"(spades?|hearts?|diamonds?|clubs?)\b"
)


_LED_SUIT = lazy_pattern(
    r"\b(?:led|leads|lead) (?:a |the |an |his |her )?(?:\w+ )?(spades?|hearts?|diamonds?|clubs?)\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) (?:was|were) led\b"
    r"|\b(spades?|hearts?|diamonds?|clubs?) from (?:the )?(?:dummy|board|hand)\b"
)


def _suit_letter(word: str) -> str:
    return {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}.get(word[0], word[0])


_TRICK_NUMBER = lazy_pattern(r"\btrick (1[0-3]|[1-9])\b|\b(1[0-3]|[1-9])(?:st|nd|rd|th) trick\b")


def _trick_of(clause: str, act: int) -> int | None:
    """The trick the act was on: one trick number in its clause, with no other happening
    ('we noticed', 'found') between it and the act."""
    numbers = set()
    for m in _TRICK_NUMBER.finditer(clause):
        if 0 <= act - m.end() <= 12 and re.fullmatch(r"[\s,]*(?:\w+\s*)?", clause[m.end() : act]):
            return int(m.group(1) or m.group(2))  # 'at trick 6 S led': the trick told with it
        between = clause[act : m.start()]
        if (
            0 < m.start() - act <= 45
            and not _ANOTHER_MOMENT.search(between)
            and not _REPEATED.search(clause)
        ):
            return int(m.group(1) or m.group(2))  # 'showed out of diamonds at trick 3'
        between = clause[min(m.end(), act) : max(m.start(), act)]
        if not _NOTICED.search(between):
            numbers.add(int(m.group(1) or m.group(2)))
    return numbers.pop() if len(numbers) == 1 else None


_REPEATED = lazy_pattern(r"\bagain\b|\btwice\b|\bboth\b")
"""'revoked at trick 5 and again at trick 12': one act told twice, at two tricks."""


_ANOTHER_MOMENT = lazy_pattern(r"\b(?:but|then|later|and|when|after|before|until|while)\b|,")


_NOTICED = lazy_pattern(
    r"\b(?:noticed|spotted|found|realised|discovered|saw|pointed out|called|summoned)\b"
)


_WINNER = lazy_pattern(r"\btrick (1[0-3]|[1-9]) \((north|east|south|west|[nesw])\)")


def _trick_winners(lowered: str, play: PlayStory) -> dict[int, Seat]:
    """Who won which trick: 'T2 (W), T7 (E)' and 'T4, T7 and T10 (all E)' in compass seats;
    'declarer won t3', 'pd won tricks 2 and 6' by the player named before the verb, in the
    frame the story's acts are read in. A side ('we won t11') names no one player."""
    winners: dict[int, Seat] = {}
    for m in _WON_TRICKS.finditer(lowered):
        seat = _winner_named(lowered, play, m.start())
        if seat is not None:
            winners.update((int(n), seat) for n in _NUMBER.findall(m.group(1)))
    if play.story.frame not in ("compass", "anchored"):
        return winners
    for m in _ALL_BY.finditer(lowered):
        seat = Seat.parse(m.group(2)[0].upper())
        winners.update((int(n), seat) for n in _NUMBER.findall(m.group(1)))
    winners.update(
        (int(m.group(1)), Seat.parse(m.group(2)[0].upper())) for m in _WINNER.finditer(lowered)
    )
    return winners


def _side_winners(lowered: str, play: PlayStory) -> dict[Seat, frozenset[int]]:
    """The tricks a side says it won, keyed by the side's North or East seat: 'we won T1, T3
    and T8' and 'they took trick 5' in the speaker's frame; 'NS won T2', "W's side won T7 and
    T8", 'the defence won t9 and t11' (with declarer's seat known) in the compass."""
    speaker = play.story.speaker
    compass = play.story.frame in ("compass", "anchored")
    won: dict[Seat, set[int]] = {}
    for m in _SIDE_WON_TRICKS.finditer(lowered):
        seat = _side_seat(m.group(1), speaker, play.declarer, compass)
        if seat is not None:
            won.setdefault(_side_key(seat), set()).update(
                int(n) for n in _NUMBER.findall(m.group(2))
            )
    if len(won) == 2 and won[Seat.NORTH] & won[Seat.EAST]:
        return {}  # a trick said won by both sides: neither list is taken
    return {seat: frozenset(tricks) for seat, tricks in won.items()}


def _side_key(seat: Seat) -> Seat:
    """North for North-South, East for East-West."""
    return seat if seat in (Seat.NORTH, Seat.EAST) else seat.partner


def _side_seat(
    words: str, speaker: Seat | None, declarer: Seat | None, compass: bool
) -> Seat | None:
    """A seat of the side the words name, or None when the story's frame cannot place it."""
    if words in ("we", "our side", "us"):
        return speaker
    if words in ("they", "the opps", "opps", "their side"):
        return speaker.lho if speaker is not None else None
    if words.startswith(("the def", "defen")):
        return declarer.lho if declarer is not None else None
    if words.startswith("declarer"):
        return declarer
    if not compass:
        return None
    letter = words.replace("-", "").replace("/", "")[0]
    return Seat.parse(letter.upper())


def _winner_named(lowered: str, play: PlayStory, verb: int) -> Seat | None:
    """The player who won, named just before 'won': a seat or a player from the speaker's
    chair, or declarer or dummy once declarer's seat is known."""
    role = _ROLE_BEFORE.search(lowered, max(0, verb - 12), verb)
    if role is not None:
        if play.declarer is None:
            return None
        return play.declarer if role.group(1).startswith("decl") else play.declarer.partner
    if not _PLAYER_BEFORE.search(lowered, max(0, verb - 16), verb):
        return None  # 'we won t11', 'they got t2': a side
    if TWO_PLAYERS_BEFORE.search(lowered, max(0, verb - 30), verb):
        return None  # 'pard and i won t5': the side, not the player named last
    return actor_seat(play, clause_start(lowered, verb), verb)


_TRICK_LIST = r"(tricks? (?:1[0-3]|[1-9])(?:(?:,|,? and|,? &)\s+(?:trick )?(?:1[0-3]|[1-9])\b)*)"
_WON_TRICKS = lazy_pattern(
    r"\b(?:won|took|got|wins|takes|gets)\s+(?:only\s+|just\s+)?(?:the\s+)?" + _TRICK_LIST
)
"""'won trick 3', 'took only trick 11', 'won trick 2, trick 6 and trick 9' (T2 is 'trick 2')."""
_SIDE_WON_TRICKS = lazy_pattern(
    r"\b(we|our side|they|the opps|opps|their side|the defen[cs]e|the defenders|defenders"
    r"|declarer's side|ns|ew|n-s|e-w|n/s|e/w|(?:north|east|south|west|[nesw])'s side)"
    r"\s+(?:then\s+|also\s+|only\s+)?"
    r"(?:won|took|got)\s+(?:only\s+|just\s+)?(?:the\s+)?" + _TRICK_LIST
)
"""'we won trick 1 and trick 3 and trick 8', 'they took trick 5', "W's side won trick 7"."""
_ALL_BY = lazy_pattern(
    _TRICK_LIST.replace(")*)", ")+)")
    + r"\s*\((?:all|both)(?: by| to| won by)?\s+(north|east|south|west|[nesw])\)"
)
"""'trick 4, trick 7 and trick 10 (all E)'."""
_NUMBER = lazy_pattern(r"1[0-3]|[1-9]")
_ROLE_BEFORE = lazy_pattern(r"\b(declarer|decl|dummy)\s+(?:then\s+|also\s+|only\s+)?$")
_PLAYER_BEFORE = lazy_pattern(
    r"\b(?:i|pd|partner|lho|rho|north|east|south|west|[nesw])\)?\s+"
    r"(?:then\s+|also\s+|only\s+)?$"
)


def _found_at_once(lowered: str, vocabulary: Vocabulary) -> bool:
    """Noticed at once ('straight away', 'immediately') - not 'two cards at once', which says
    how they were played."""
    return any(
        not re.search(
            r"\b(?:cards?|both|together|spades?|hearts?|diamonds?|clubs?)\s+$", lowered[: m.start()]
        )
        for m in vocabulary.timing["found_at_once"].finditer(lowered)
    )


def _at(irregularity: Irregularity) -> int:
    return irregularity.start


def _only_calls(lowered: str, events: tuple[Event, ...], play: PlayStory) -> bool:
    """Calls are told and nothing of the play (no card led or played, no trick, no
    declarer): a 'card' put down is a bidding card."""
    return (
        any(c.role == "made" for c in play.story.timeline)
        and not any(
            e.act in ("lead", "discard", "ruff", "revoke")
            or (e.act == "play" and not lowered.startswith("put", e.start))
            for e in events
        )  # 'put another card down' may be a bidding card; 'played' is a card
        and not _TRICK_TALK.search(lowered)
        and _AUCTION_TALK.search(lowered) is not None
    )


_AUCTION_TALK = lazy_pattern(
    r"\b(?:bid|bids|bidding|passed|pass|opened|opens|auction|overcall\w*|doubled|redoubled)\b"
)


_TRICK_TALK = lazy_pattern(
    r"\btricks?\b|\bdeclarer\b|\bdecl\b|\bdummy\b|\bled\b|\blead\b|\bdefend\w*|\bstuck\b"
)


_CARD_ACTS = ("lead", "play", "discard", "ruff", "revoke", "expose")


_CARD_TO_A_TRICK = frozenset(("play", "discard", "ruff", "revoke", "win"))
"""Acts that put a card on a trick: they happen only once the auction is over."""


def _play_begun(events: tuple[Event, ...]) -> bool:
    """The story is in the play period: a card went to a trick, or a trick is numbered.
    Topics about the auction alone (an insufficient bid, a call changed) name this in
    ``excluded_by:``: 'i played the 2 then realised i wanted the jack' is not a call."""
    return any(
        (e.act in _CARD_TO_A_TRICK and "alleged" not in e.how) or e.trick is not None
        for e in events
    )


def role_at(play: PlayStory, seat: Seat) -> Role | None:
    """The role of the player at ``seat`` when declarer is known."""
    return Table(play.declarer).role(seat) if play.declarer is not None else None


_SUIT_WORD = lazy_pattern(r"\b(club|diamond|heart|spade)s?\b|([♣♦♥♠])")
_OUTSIDE_THE_PLAY = frozenset({"alleged", "asked", "not_yet", "denied"})
_FOLLOWING_ACTS = ("play", "ruff", "discard")


def _suits_named(words: str) -> set[Denomination]:
    """The suits of the cards (or 'a heart') named in an act's words."""
    suits = {m.card.suit for m in find_cards(words) if m.card.suit is not None}
    for m in _SUIT_WORD.finditer(words):
        suits.add(_SUIT_OF[(m.group(1) or m.group(2))[0]])
    return suits


_SUIT_OF = {
    "c": Denomination.CLUBS,
    "d": Denomination.DIAMONDS,
    "h": Denomination.HEARTS,
    "s": Denomination.SPADES,
    "♣": Denomination.CLUBS,
    "♦": Denomination.DIAMONDS,
    "♥": Denomination.HEARTS,
    "♠": Denomination.SPADES,
}


def _ruffed_trick_winners(
    lowered: str, events: tuple[Event, ...], play: PlayStory
) -> dict[int, Seat]:
    """Who won a trick told card by card with one ruff in it: 'T5 dummy led a club, E played
    the 3, S ruffed with the 2 of hearts, W followed' - S's trump is the only one in the trick,
    so S won it (44E). Read only when the four plays are all told, at the trick's number, by
    the four players in turn from the leader; the trump suit is known (the contract's, or the
    ruffing card's, and they agree); the lead was not a trump; exactly one player ruffed; and no
    other card of the trick is named in the trump suit (it might have overruffed). A card
    named by rank alone ('E played the 3') is of the suit led, as the table says it."""
    declarer = play.declarer
    contract = play.contract.bid.denomination if play.contract is not None else None
    by_trick: dict[int, list[Event]] = {}
    for e in events:
        if e.trick is not None and e.act in ("lead", *_FOLLOWING_ACTS):
            by_trick.setdefault(e.trick, []).append(e)
    ordered = sorted(events, key=lambda e: e.start)
    winners: dict[int, Seat] = {}
    for trick, acts in by_trick.items():
        acts.sort(key=lambda e: e.start)
        if len(acts) != 4 or acts[0].act != "lead" or any(a.act == "lead" for a in acts[1:]):
            continue
        if any(a.how & _OUTSIDE_THE_PLAY for a in acts):
            continue
        seats = [_seat_of(a, declarer) for a in acts]
        if None in seats or seats != [seats[0].offset(i) for i in range(4)]:  # type: ignore[union-attr]
            continue
        ruffs = [i for i, a in enumerate(acts) if a.act == "ruff"]
        if len(ruffs) != 1 or ruffs[0] == 0:
            continue
        named = [_suits_named(lowered[a.end : _act_words_end(lowered, a, ordered)]) for a in acts]
        trump_named = named[ruffs[0]]
        if len(trump_named) > 1 or (contract is not None and not contract.is_suit):
            continue
        trump = next(iter(trump_named), None) or contract
        if trump is None or (contract is not None and trump is not contract):
            continue
        if any(trump in suits for i, suits in enumerate(named) if i != ruffs[0]):
            continue
        winners[trick] = seats[ruffs[0]]  # type: ignore[assignment]
    return winners


def _seat_of(act: Event, declarer: Seat | None) -> Seat | None:
    if act.actor is not None:
        return act.actor
    if declarer is None:
        return None
    return declarer if act.role == "declarer" else declarer.partner if act.role == "dummy" else None


def _act_words_end(lowered: str, act: Event, ordered: list[Event]) -> int:
    """Where the words of an act's card end: its clause's end, or the next act's actor."""
    end = clause_end(lowered, act.end)
    later = next((e for e in ordered if e.start > act.start), None)
    if later is not None:
        end = min(end, max(act.end, later.start - len(later.words) - 1))
    return end
