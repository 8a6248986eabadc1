"""A defender playing before his partner or out of rotation to a trick (Law 57)."""

from __future__ import annotations

import re

from bot.core.play import Role
from bot.dialogue.play_reader import PlayStory, actor_seat, clause_end, clause_start
from bot.dialogue.play_situations import is_defender
from bot.dialogue.reading.events import _CARD_ACTS, Event, Irregularity
from bot.dialogue.reading.exposed_cards import _LEAD_WORD
from bot.dialogue.reading.leads import _PUT_VERB, _WHO_HAD_WON
from bot.dialogue.reading.sentences import _sentence_end
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.roles_apart import defender_apart
from bot.lazy import lazy_pattern


def _plays_before_partner(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card led or played before the player's partner had played to the trick (Law 57):
    said so in the act's sentence ('played before his pd had', 'led to trick 8 while his
    partner was still deciding'), or 'before me' of the speaker's partner."""
    for event in events:
        if event.act == "expose" and _put_before_its_turn(lowered, events, event, vocabulary):
            # 'before declarer had named a card from dummy, E put the DK face up': a card put
            # on the trick before the player on his right had played is played early (57),
            # not a card dropped
            return [Irregularity("played_before_turn", event.start)]
        if event.act not in ("lead", "play", "discard", "ruff"):
            continue  # a discard or a ruff put out early is played early too
        end = clause_end(lowered, event.end)
        then = _NEXT_ACT.search(lowered, event.end, end)
        cut = then.start() if then else end
        later = [
            e.start
            for e in events
            if event.end < e.start < cut
            and (e.act in _CARD_ACTS or (e.act == "remark" and _someone_else(e, event)))
            and not re.search(
                r"\bbefore\b[^,.;]{0,25}$", lowered[: e.start]
            )  # 'before X had played'
        ]  # 'declarer led from hand and i said "you're in dummy" before lho played': the
        # 'before' times dummy's words, not declarer's lead
        if later:  # 'declarer led ... and West led ... before anyone had played': West's words
            cut = min(
                _subject_start(lowered, later[0]), _fronted_before(lowered, event.end, later[0])
            )
        rest = lowered[event.end : cut]  # not another player's act
        fronted = _FRONTED_BEFORE.search(rest)
        if fronted is not None:  # 'discarded, and before his pd played said "oh I have one"':
            rest = rest[: fronted.start()]  # the 'before' times the words after it, not the card
        said = vocabulary.phrases["before_partner"].search(rest)
        if said is not None and re.match(
            r"\s*(?:had |has )?(?:bid|called|passed|opened)\b", rest[said.end() :]
        ):
            said = None  # 'before his partner had bid': the auction, not the play
        if said is not None and _WHO_HAD_WON.match(rest, said.end()):
            said = None  # 'led before his partner, who had won the trick': a lead out of turn
        if (
            said is not None
            and _not_the_speakers_act(play, event, said.group(0))
            and not _SPEAKER_PLAYED.search(lowered, event.end + said.end(), end)
        ):  # 'declarer led before my partner had played': not the actor's partner; but
            # 'declarer led and before my partner had played, i'd already played' is mine
            said = None
        mine = (
            (
                play.story.speaker is not None
                and event.actor is play.story.speaker.partner
                and re.search(r"\bbefore me\b", rest)
            )
            or _before_his_partner(play, event, rest)
            or _before_partner_named_earlier(play, event, rest)
        )
        if said is not None or mine:
            proven: dict[str, str] = {}
            role = (
                event.role
                or _defender_beside_declarer(lowered, play, events, event)
                or _teller_and_partner_play(lowered, play, events, event)
            )
            if role == "defender" and "alleged" not in event.how:
                still = said is not None and "still" in said.group(0)
                onward = event.act == "lead" and _LED_ONWARD.match(
                    lowered, event.end, clause_end(lowered, event.end)
                )  # 'led to the next trick before his partner had played': not a lead out of
                # turn (the partner on lead), a lead while this trick was still open (57A)
                proven["premature_event"] = (
                    "early_lead"
                    if event.act == "lead" and (still or onward)
                    else ("before_partner" if event.act != "lead" else "")
                )
                proven = {k: v for k, v in proven.items() if v}
            elif event.role == "declarer" and "alleged" not in event.how:
                kind = _declarers_early(lowered, event)  # before a defender had played
                proven = {"premature_event": kind} if kind else {}
            facts.update(proven)
            return [Irregularity("played_before_partner", event.start, proven)]
        cuts = list(_NEXT_ACT.finditer(lowered, clause_start(lowered, event.start), event.start))
        head = lowered[cuts[-1].end() if cuts else clause_start(lowered, event.start) : event.start]
        fronted_early = vocabulary.phrases["before_turn"].search(head)
        if fronted_early is not None and _WORDS_SAID.search(head, fronted_early.end()):
            fronted_early = None  # 'before his pd played said "oh sorry" and put the D7
            # down': the 'before' times his words, not the card after them
        early = (
            vocabulary.phrases["before_turn"].search(rest)
            or fronted_early
            or _BEFORE_HAD_PLAYED.search(rest)
        )  # 'and before declarer had called a card from dummy E put the HQ down'
        if (
            early is not None
            and event.role == "dummy"
            and re.search(r"\b(?:called|call|named|name|asked|ask|said|say)\b", early.group(0))
        ):
            continue  # dummy's card before declarer named one: dummy has no turn of his own,
            # his card is the one declarer did not name (45D, 45F), not a play out of turn
        if early is not None:
            proven = {}
            if (
                "alleged" not in event.how
                and event.act in ("play", "discard", "ruff")
                and event.role == "declarer"
            ):  # 'decl threw his SK from hand before dummy had played': a card to the trick
                proven["premature_event"] = "declarer_early"  # from his hand or dummy's (57C3)
            elif (
                "alleged" not in event.how
                and event.act == "lead"
                and event.role == "declarer"
                and _TO_NEXT_TRICK.search(
                    lowered, clause_start(lowered, event.start), clause_end(lowered, event.end)
                )
            ):  # a lead to the next trick, told as one: declarer's own lead starts a trick
                proven["premature_event"] = "declarer_early_lead"  # (57C3)
            elif (
                "alleged" not in event.how
                and (
                    event.role == "defender"
                    or (
                        event.role is None
                        and is_defender(
                            lowered, play, clause_start(lowered, event.start), event.start, events
                        )
                        and _turn_passed(lowered, events, event)
                    )
                )
                and re.search(r"\b(?:dummy|declarer)", early.group(0))
                and not re.search(r"\b(?:pd|partner|pard)\b", early.group(0))
            ):  # a defender by role, or a player told apart from a declarer named as another;
                # not 'before dummy or pd had played': his partner was still to play (57A)
                proven["premature_event"] = "rho_turn"  # the player on his right (57D)
            facts.update(proven)
            return [Irregularity("played_before_turn", event.start, proven)]
        thinking = _STILL_ON_TRICK.search(lowered, 0, clause_end(lowered, event.end))
        to_trick = _TO_TRICK.match(lowered, event.end)
        at = _AT_TRICK.search(lowered, clause_start(lowered, event.start), event.start)
        trick = (
            int(to_trick.group(1)) if to_trick else int(at.group(1)) if at else None
        )  # 'pd led to trick 3', 'at trick 3 pd led'
        if (
            event.act in ("lead", "play")
            and thinking
            and trick is not None
            and trick == int(thinking.group(1)) + 1
        ):
            return [Irregularity("played_before_turn", event.start)]  # 'pd still on trick 5'
        short = _NOT_YET_PLAYED_TO.search(lowered, event.end, _sentence_end(lowered, event.end))
        if event.act == "lead" and short is not None and trick == int(short.group("trick")) + 1:
            # 'led the HA to trick 6, but W hadn't played to trick 5 yet': a lead to the next
            # trick while a player was still to play to this one (57A when it is his partner)
            thinker = actor_seat(play, short.start(), short.start("verb"))
            proven = {}
            if thinker is not None and event.actor is not None and thinker is event.actor.partner:
                proven["premature_event"] = "early_lead"
            facts.update(proven)
            return [Irregularity("played_before_turn", event.start, proven)]
        if event.act == "lead" and _partner_still_to_play(lowered, events, play, event, trick):
            # 'T10 still open, LHO hasn't played to it, and RHO leads for T11': the leader's
            # partner had a card still to come on the trick before the one led to (57A)
            facts["premature_event"] = "early_lead"
            return [
                Irregularity("played_before_turn", event.start, {"premature_event": "early_lead"})
            ]
        waiting = _STILL_TO_PLAY.search(lowered, 0, event.start)
        rest = lowered[event.end : clause_end(lowered, event.end)]
        if event.act == "lead" and waiting and _NEXT_TRICK.search(rest):
            # a lead to the next trick while a player was still to play to this one
            thinker = actor_seat(play, clause_start(lowered, waiting.start()), waiting.start())
            proven = {}
            leader_words = lowered[clause_start(lowered, event.start) : event.start]
            partners = thinker is not None and (
                (event.actor is not None and thinker is event.actor.partner)
                or re.search(r"\b(?:his|her) (?:partner|pd)\b", leader_words) is not None
            )
            if partners:  # the thinker's partner led: defenders (dummy never thinks)
                proven["premature_event"] = "early_lead"
            facts.update(proven)
            return [Irregularity("played_before_turn", event.start, proven)]
    return []


def _partner_still_to_play(
    lowered: str, events: tuple[Event, ...], play: PlayStory, lead: Event, trick: int | None
) -> bool:
    """A defender's lead to trick N, proven done, and his partner's card to trick N-1 told as
    still to come ('pd hadn't played to T5 yet', 'LHO hasn't played to it' after 'T10 still
    open'): the events' seats and tricks, not the words, prove the lead came early. One of
    the two must be proven a defender (declarer leads for dummy, so no 57A then)."""
    led_to = lead.trick or trick
    if (
        led_to is None
        or "alleged" in lead.how
        or lead.actor is None
        or lead.role in ("declarer", "dummy")
    ):
        return False
    for event in events:
        if "not_yet" not in event.how or event.act not in ("play", "discard", "ruff"):
            continue
        if event.actor is not lead.actor.partner or event.role in ("declarer", "dummy"):
            continue
        told = event.trick
        if told is None:  # 'to it', 'to that trick': the trick last numbered before it
            named = _TRICK_NAMED.findall(lowered, 0, event.start)
            told = int(named[-1]) if named else None
        if told is not None and told + 1 == led_to:
            return defender_apart(lead, play) or defender_apart(event, play)
    return False


_TRICK_NAMED = lazy_pattern(r"\btrick (1[0-3]|[1-9])\b")


def _not_the_speakers_act(play: PlayStory, event: Event, said: str) -> bool:
    """'before my partner' names the speaker's partner: the actor's own partner only when the
    actor is the speaker. Declarer's or dummy's card, or another player's, played before the
    speaker's partner is not a defender playing before his partner (Law 57A)."""
    if not re.search(r"\bmy (?:partner|pd)\b", said):
        return False
    if event.role in ("declarer", "dummy") and play.speaker_role not in ("declarer", "dummy"):
        return True
    speaker = play.story.speaker
    return event.actor is not None and speaker is not None and event.actor is not speaker


_SPEAKER_PLAYED = lazy_pattern(
    r"\b(?:i|i'd|i had)(?: already| just| then)? (?:played|put|threw|dropped|followed|led)\b"
)
"""The teller's own card, told after 'before my partner': the act the phrase belongs to."""


def _defender_beside_declarer(
    lowered: str, play: PlayStory, events: tuple[Event, ...], event: Event
) -> Role | None:
    """A player told playing before his partner, named by seat or relation, in a story that
    names declarer as someone else ('pd played before me; declarer told me to play high'):
    a defender. Dummy never plays his own card, and declarer playing before dummy is told as
    that; the words naming the player must not be a role, nor the speaker's role one of the
    declaring side's."""
    if event.actor is None or not event.words or _ROLE_WORDS.search(event.words):
        return None
    speaker = play.story.speaker
    if play.speaker_role in ("declarer", "dummy") or play.declarer is not None:
        return None  # the seats decide (the actor's role is read from them, or not at all)
    if speaker is not None and event.actor is speaker.partner and _DUMMY_SPEAKER.search(lowered):
        return None
    if _LEAD_WORD.search(lowered, event.start, clause_end(lowered, event.end)):
        return None  # 'slaps his lead to T7 down': a lead to the next trick, its own case
    if any(
        e.start > event.end
        and e.act in _CARD_ACTS
        and "alleged" not in e.how
        and (e.actor is not None or e.role is not None)
        for e in events
    ):
        return None  # a card played after it: what followed may be what the story asks
        # (a card only demanded or still to come, or a suit 'led' with nobody named, is none)
    named = [
        r
        for r in play.roles
        if r.role == "declarer" and not r.possessive and not 0 <= event.start - r.end < 3
    ]
    return "defender" if named else None


def _turn_passed(lowered: str, events: tuple[Event, ...], event: Event) -> bool:
    """The player told playing before dummy's or declarer's card sat after it: said so ('it
    was decl's turn', 'dummy was on his right', 'i'm 4th', 'rho sits after decl'), or the
    second hand's card told between the lead and his ('declarer led, LHO played, I played
    before dummy'). Else he may have been second hand, whose card comes first anyway."""
    if _AFTER_IT.search(lowered):
        return True
    leads = [e for e in events if e.act == "lead" and e.start < event.start]
    return bool(leads) and any(
        leads[-1].end <= e.start < event.start
        and e.act in ("play", "discard", "ruff")
        and "alleged" not in e.how
        and e.actor is not event.actor
        and (e.actor is not None or e.role is not None)
        for e in events
    )


_AFTER_IT = lazy_pattern(
    r"\b(?:4th|fourth|last) (?:to play|hand|in hand|seat)\b|\bi'm (?:4th|fourth|last)\b"
    r"|\b(?:was|is|sits?|sitting) (?:on|to) (?:his|her|my|their) right\b"
    r"|\b(?:sits?|sitting|plays?|playing) (?:right )?after (?:dummy|declarer|decl|the dummy)\b"
    r"|\b(?:it was|it's|its|it is) (?:still )?(?:dummy's|dummys|declarer's|declarers|decl's"
    r"|decls) (?:turn|go)\b"
)


def _teller_and_partner_play(
    lowered: str, play: PlayStory, events: tuple[Event, ...], event: Event
) -> Role | None:
    """The teller and his partner each with a card of his own to the trick: one played early,
    the other's card told still to come ('pd led to the next trick before i'd even played to
    this one', 'i led my next card before he had played'). Dummy plays no card himself and
    declarer's partner is dummy, so both defend, unless the teller says he is declarer or
    dummy or a role word names either of them."""
    speaker = play.story.speaker
    if speaker is None or event.actor is None or play.speaker_role is not None:
        return None
    if event.act != "lead" or _OPTION_TOLD.search(lowered, event.end):
        return None  # declarer's choice for the partner told after: what followed may be asked
    if event.actor is not speaker and event.actor is not speaker.partner:
        return None
    if not event.words or _ROLE_WORDS.search(event.words):
        return None
    other = speaker.partner if event.actor is speaker else speaker
    waiting = any(
        e.actor is other
        and "not_yet" in e.how
        and e.act in ("play", "discard", "ruff")
        and e.start > event.end
        and not (e.words and _ROLE_WORDS.search(e.words))
        for e in events
    )
    if not waiting:
        return None
    if _DUMMY_SPEAKER.search(lowered) or _DECLARER_SPEAKER.search(lowered):
        return None
    return "defender"


_OPTION_TOLD = lazy_pattern(
    r"\b(?:told|tells|required|requires|wants?|wanted|asked|made|makes|chose|chooses"
    r"|demanded|forbade|forbid)\b[^.;!?]{0,30}?\bto (?:play|lead|discard|follow)\b"
)
_DECLARER_SPEAKER = lazy_pattern(
    r"\b(?:i'm|i am|i was|as) (?:the )?(?:declarer|declaring)\b|\bi declared\b"
)
_LED_ONWARD = lazy_pattern(
    r"[^.;!?]{0,40}?\b(?:to|for|on) (?:the )?"
    r"(?:next (?:trick|one|card)|t(?:rick )?(?:1[0-3]|[2-9]))\b"
)
"""After a lead: the trick it went to, the next one ('led to the next trick', 'led the CK
for the next one', 'led to t6')."""


_ROLE_WORDS = lazy_pattern(r"\b(?:declarer|dummy|board|decl)\b")


_DUMMY_SPEAKER = lazy_pattern(r"\b(?:i'm|i am|i was|as) (?:the )?dummy\b")


_STILL_TO_PLAY = lazy_pattern(
    r"\bstill (?:thinking|deciding|considering|thought|to play)\b"
    r"|\bhad(?:n't| not) (?:yet )?played\b"
)


_NEXT_TRICK = lazy_pattern(r"\bnext (?:trick|card)\b")


def _before_his_partner(play: PlayStory, event: Event, rest: str) -> bool:
    """'W played to the trick before E, his partner, had played': the player named after
    'before' is the actor's partner by seat."""
    before = re.search(r"\bbefore\s+", rest)
    if before is None or event.actor is None or event.act not in ("lead", "play"):
        return False
    at = event.end + before.end()
    named = next((p for p in play.story.players if p.start == at), None)
    return named is not None and named.seat is event.actor.partner


def _before_partner_named_earlier(play: PlayStory, event: Event, rest: str) -> bool:
    """'pd was thinking and I chucked my K on top before he played': the teller's card before
    'he' or 'she', where the last player named before the card is the teller's partner."""
    speaker = play.story.speaker
    if speaker is None or event.actor is not speaker or event.act not in ("lead", "play"):
        return False
    if not _BEFORE_PRONOUN.match(rest):
        return False
    named = [p for p in play.story.players if p.start < event.start and p.seat is not speaker]
    return bool(named) and named[-1].seat is speaker.partner


_BEFORE_PRONOUN = lazy_pattern(
    r"[^.;!?]{0,30}?\bbefore (?:he|she|him|her)"
    r"(?: (?:had |'d |could |even |got to )*(?:played|followed|play|follow|put (?:a|his|her) card)"
    r"(?: to (?:it|the trick))?)?"
    r"(?=\s*(?:[,.;!?]|$|\band\b|\bbut\b|\bso\b))"
)


_BEFORE_HAD_PLAYED = lazy_pattern(
    r"\bbefore (?:\w+ ){1,2}(?:\([^()]{1,20}\) )?(?:had|has|have) (?:even |yet )?"
    r"(?:played|followed|pulled out (?:a|his|her|my) card)(?: to (?:trick|t)\s*\d+)?\b"
)


def _declarers_early(lowered: str, event: Event) -> str | None:
    """Declarer's card before a player still to play: a card to this trick (57C3), or his lead
    when told as one to the next trick (his lead otherwise starts a trick)."""
    start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
    joins = list(_JOIN.finditer(lowered, start, event.start))
    piece = lowered[joins[-1].end() if joins else start : event.start]
    if not event.words or not re.search(rf"(?<!\w){re.escape(event.words)}(?!\w)", piece):
        return None  # declarer named in another piece: 'declarer led and my mentee threw'
    if event.act in ("play", "discard", "ruff"):
        return "declarer_early"
    if event.act == "lead" and _TO_NEXT_TRICK.search(lowered, start, end):
        return "declarer_early_lead"
    return None


def _fronted_before(lowered: str, start: int, act: int) -> int:
    """Where a 'before' clause put in front of a later act begins ('declarer led a heart and
    before dummy had played, E threw a club': the waiting is E's early card, not the lead's)."""
    befores = list(_BEFORE_WORD.finditer(lowered, start, act))
    if befores and _CLAUSE_CLOSED.search(lowered, befores[-1].end(), act):
        return befores[-1].start()  # not 'before E, his partner, had played': E's own act
    return act


_WORDS_SAID = lazy_pattern(r"\b(?:said|says|goes|went|shouted|called out)\b|(?<!\w)['\"]")
"""Words spoken between a 'before' and a card: the 'before' times the words."""


_JOIN = lazy_pattern(r",|\band\b|\bthen\b|\bbut\b")
"""Where another act's words may begin within a sentence."""
_CLAUSE_CLOSED = lazy_pattern(
    r"\b(?:played|play|followed|follow|led|lead|called|call|done|anything|yet)\b[^.;!?,]*,"
)
"""The 'before' clause's own verb, then the comma closing it."""
_BEFORE_WORD = lazy_pattern(r"(?:\band\s+)?\bbefore\b")
_TO_NEXT_TRICK = lazy_pattern(
    r"\bnext (?:trick|card|one)\b|\b(?:previous|current) (?:trick|one)\b"
    r"|\b(?:wasn't|was not|hadn't been|had not been|isn't|is not|not) (?:even |yet )?"
    r"(?:finished|over|complete|completed)\b"
)
"""A lead told as one to the next trick, while this one was still being played."""


def _someone_else(other: Event, event: Event) -> bool:
    """Another player's act: a different seat, or (no seat known) a different role."""
    if other.actor is not None and event.actor is not None:
        return other.actor is not event.actor
    return other.role is not None and event.role is not None and other.role != event.role


def _subject_start(lowered: str, act: int) -> int:
    """Where the words of a later act begin: its 'and <player>' or the act itself."""
    joined = list(re.finditer(r"\band\b|,", lowered[:act]))
    return joined[-1].start() if joined and act - joined[-1].end() < 25 else act


_NEXT_ACT = lazy_pattern(
    r",\s*(?:and|then|but)\b|\band then\b"
    r"|\bthen (?:changed|took|picked|grabbed|pulled|snatched|swapped|switched|wanted|tried"
    r"|reached|asked|said|says|realised|realized|noticed|saw)\b"
    r"|,\s*(?:(?:and|but|then)\s+)?(?:said|says|realised|realized|noticed|saw|spotted)\b"
    r"|,\s*(?:took|picked|put|grabbed|pulled|swapped|switched|changed) (?:it|the card|his|her|my)\b"
)
"""The next act told of the same player: 'threw the ♣A, took it back before declarer played',
'played the 5 then changed my mind and took it back, before LHO played' (the 'before' is of
the taking back, not of the card played); 'played the H9 thinking it was the D9, said so at
once before LHO played' (the 'before' is of his words)."""


_AT_TRICK = lazy_pattern(r"\b(?:at|on|to) (?:trick |t)(1[0-3]|[1-9])\b[^.;!?]{0,40}$")


_TO_TRICK = lazy_pattern(r"[^.;!?]{0,20}?\bto trick (1[0-3]|[1-9])\b")


_FRONTED_BEFORE = lazy_pattern(
    r"\bbefore(?:\s+[\w']+){1,4}?,?\s+(?:said|says|goes|went|asked|shouted|realised"
    r"|realized|noticed)\b"
)
"""A 'before' clause followed by a verb with no subject of its own: it is fronted to that
verb ('and before his pd played said ...')."""


_NOT_YET_PLAYED_TO = lazy_pattern(
    r"\b\w+ (?P<verb>hadn't|had not|hasn't|has not)"
    r" (?:yet |even )?played to (?:trick |t)\s*(?P<trick>1[0-2]|[1-9])\b"
)
"""After a lead: 'but W hadn't played to trick 5 yet'."""


_STILL_ON_TRICK = lazy_pattern(
    r"\bstill (?:thinking|deciding|considering|working out what to play)(?: about| on| over| to)?"
    r" (?:what to play (?:to|on) )?trick (1[0-2]|[1-9])\b"
)


def _put_before_its_turn(
    lowered: str, events: tuple[Event, ...], event: Event, vocabulary: Vocabulary
) -> bool:
    """A card put face up ('E put the DK face up'), told as no play, in a sentence opening on
    the turn it came before ('before declarer had named a card from dummy, ...')."""
    if "alleged" in event.how or event.role != "defender":
        return False
    if not _PUT_VERB.search(lowered, event.start, event.end):
        return False
    if any(e.act in ("lead", "play") and e.start <= event.start < e.end for e in events):
        return False  # read as a play as well: the play's own reading decides
    floor = clause_start(lowered, event.start)
    before = vocabulary.phrases["before_turn"].search(lowered, floor, event.start)
    return before is not None and not any(
        e.act in _CARD_ACTS and before.end() <= e.start < event.start and e is not event
        for e in events
    )
