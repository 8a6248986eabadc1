"""Hesitations, remarks and other unauthorised information passed in the tempo or words of a call
or play."""

from __future__ import annotations

from bot.core.calls import Simple
from bot.dialogue.end_of_auction import ALL_PASSED
from bot.dialogue.information_reader import (
    MY_PARTNER_WORDS,
    explains_a_call,
    explanation_said_right,
)
from bot.dialogue.play_reader import PlayStory
from bot.dialogue.reading.events import Event, Irregularity
from bot.dialogue.reading.sentences import _sentence_end
from bot.dialogue.reading.vocabulary import _CARD, _RANK_WORD, Vocabulary
from bot.dialogue.story import Story
from bot.lazy import lazy_pattern


def _hesitations(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A hesitation (or remark) by a player, then his partner's call: information his partner
    may not use (Law 16B). Proven only when the seats of both are known."""
    calls = [e for e in story.timeline if e.role == "made" and e.seat is not None]
    for event in events:
        if event.act not in ("hesitate", "remark", "manner", "alert") or event.actor is None:
            continue
        partner = event.actor.partner
        after = [c.start for c in calls if c.start > event.end and c.seat is partner]
        after += [
            e.start
            for e in events
            if e.act in ("lead", "play")
            and e.start > event.end
            and e.actor is partner
            and "alleged" not in e.how
        ]
        speaker = story.speaker
        mine = speaker is not None and story.frame in ("speaker", "anchored")
        ours = speaker is not None and event.actor is speaker.partner
        told_as_mine = story.first_person or (
            event.words.removesuffix("'s") in MY_PARTNER_WORDS and not _PLAY_TALK.search(lowered)
        )  # 'opps say pd hesitated', 'pd's long think': in the auction (in the play 'pd' may
        # be declarer's)
        if not after and mine and ours and event.act == "hesitate" and told_as_mine:
            # 'pd took ages over 3H then passed, may I bid on?': information I now hold
            proven = {"ui_kind": "hesitation", "ui_viewpoint": "our_side"}
            facts.update(proven)
            return [Irregularity("partner_hesitated", event.start, proven)]
        opponents_acted = speaker is not None and any(
            c.start > event.end and c.seat in (speaker.lho, speaker.rho) for c in calls
        )
        if event.act == "alert" and _NO_ALERT.match(lowered, event.start) and opponents_acted:
            continue  # 'pd forgot to alert, lho then overcalled': opponents misinformed (21B)
        if (
            event.act == "alert"
            and _NO_ALERT.match(lowered, event.start)
            and _US_UNTOLD.search(lowered)
        ):
            continue  # 'no alert ... we didn't know': the alert missing was owed to us (21B)
        if (
            (not after or event.act == "alert")  # partner's alert, then my call: still mine
            and mine
            and ours
            and story.first_person
            and (
                event.act in ("manner", "alert")
                or _QUOTE_FOLLOWS.match(lowered, event.end)
                or _ASKED_ABOUT.match(lowered, event.end)
            )
            and event.act in ("remark", "manner", "alert")
            and not _EXPLAINING_QUOTE.match(lowered, event.end)
            and not _CALL_QUOTE.match(lowered, event.end)  # 'said 'eight clubs!'': a call
            and not _PROCEDURE_QUOTE.match(lowered, event.end)  # "'i'll accept it'": a choice
            and not _TURN_QUOTE.match(lowered, event.end)  # "'hey, my turn'": the turn's laws
            and not _says_skipped(lowered, event, vocabulary)
            and not _COUNT_QUOTE.match(lowered, event.end)  # "'i have 14'": the deal's (13)
            and not _reports_another(lowered, event, story)  # "'lho showed out'": a claim
            and not (_after_close(story, event) and _AUCTION_GOES_ON.match(lowered, event.end))
            and not _CHANGE_ASKED.search(lowered, event.end)
            and not _DISCLOSURE_ASKED.search(lowered, event.end)
            and not story.made_with_wanted()  # 'oh no I meant 2S': his change of call first
            and (
                _IN_THE_AUCTION.search(lowered, max(0, event.start - 60), event.start)
                or (
                    play.contract is None
                    and not any(e.act in _PLAY_ACTS for e in events)
                    and not _PLAY_TALK.search(lowered)
                )
            )  # 'during the auction pd said ...': no play right, whatever the play was
        ):  # in the play a remark may be a defender's right ('having none?', Law 61B)
            # "partner said 'oops' after his bid, can i use that?": the same, from his words
            proven = {"ui_kind": event.act, "ui_viewpoint": "our_side"}
            facts.update(proven)
            return [Irregularity("partner_remarked", event.start, proven)]
        if event.act == "alert":
            continue  # an opponent's alert, or none, is a matter of explanations (Law 20, 21)
        if not after:
            continue
        if event.act == "remark" and not (
            _QUOTE_FOLLOWS.match(lowered, event.end) or _ASKED_ABOUT.match(lowered, event.end)
        ):
            continue  # a remark counts only with its words quoted, or a question asked
        declaring = event.role in ("declarer", "dummy") or (
            play.declarer is not None and event.actor in (play.declarer, play.declarer.partner)
        )
        if event.act == "remark" and declaring:
            continue  # declarer naming dummy's card, dummy speaking: their own laws (46, 43)
        if (
            event.act == "remark"
            and _CARD_NAMED_QUOTE.match(lowered, event.end)
            and not any(c.start > event.end and c.seat is partner for c in calls)
        ):
            continue  # "i said 'king' and pd played the heart": a card named for dummy (46)
        if event.act == "remark" and _CALL_QUOTE.match(lowered, event.end):
            continue  # "South said 'double 3 hearts'": a call said, Law 19 (not a remark)
        if event.act == "remark" and _PROCEDURE_QUOTE.match(lowered, event.end):
            continue  # "pd said 'i'll accept it'": the choice the Laws give him, said aloud
        if event.act == "remark" and _TURN_QUOTE.match(lowered, event.end):
            continue  # "lho said 'my turn!'": whose turn it is, Laws 28-31 (not a remark)
        if event.act == "remark" and _says_skipped(lowered, event, vocabulary):
            continue  # "pd says they 'skipped' her": a turn said passed over (Laws 17, 28-34)
        if event.act == "remark" and _COUNT_QUOTE.match(lowered, event.end):
            continue  # "rho said 'i've got 12'": a hand's count reported, Law 13
        if event.act == "remark" and _reports_another(lowered, event, story):
            continue  # "pd said 'lho showed out on the last board'": another's act reported
        if (
            event.act == "remark"
            and explains_a_call(lowered, event.start)
            and not explanation_said_right(lowered, event.end)
        ):
            continue  # 'rho said 2C was natural': an explanation, a matter of Law 20-21
        answer = (
            _ANSWER_QUOTED.search(lowered, event.end, _sentence_end(lowered, event.end))
            if event.act == "remark"
            and (
                _ASKED_ABOUT.match(lowered, event.end)
                or (
                    lowered.startswith("ask", event.start)
                    and _ANSWERED_NEXT.match(lowered, event.end)
                )  # 'pd asked, rho said ...'
            )
            else None
        )
        if answer is not None and _ANSWER_CORRECTED.search(lowered, answer.end()):
            # "asked about N's 2S - 'weak' ... then found out it's intermediate": the answer
            # is the matter (Law 20-21, 75), not what the question told the asker's partner
            continue
        kinds = {"hesitate": "hesitation", "remark": "remark", "manner": "manner"}
        proven = {"ui_kind": kinds[event.act]}
        if mine and speaker is not None:
            if event.actor in (speaker.lho, speaker.rho):
                proven["ui_viewpoint"] = "opponents"
            else:
                proven["ui_viewpoint"] = "our_side"
        if vocabulary.timing["play_over"].search(lowered, min(after)):
            proven["ui_timing"] = "after"
        facts.update(proven)
        kind = "hesitation_then_action" if event.act == "hesitate" else "remark_then_action"
        return [Irregularity(kind, event.start, proven)]
    return _unplaced_then_partner(lowered, events, story, play, facts)


_HIS_PARTNER = lazy_pattern(r"^(?:his|her) (?:partner|pd|pard)$")
_COUPLE = lazy_pattern(
    r"\b(?:plays?|playing|played|partners?|partnering|partnered)\s+(?:bridge\s+)?with\s+"
    r"(?:her|his)\s+(?:husband|wife|boyfriend|girlfriend)\b"
    r"|\b(?:she and her|he and his) (?:husband|wife|boyfriend|girlfriend)\b"
    r"|\b(?:a |the )?(?:married couple|husband and wife|man and wife)\b"
)
"""A man and a woman told as one pair: 'he' and 'she' are then partners."""
_OTHER_OF_A_COUPLE = {"he": "she", "she": "he"}
"""The partner of the player just told of, with no seat anywhere in the story."""


def _unplaced_then_partner(
    lowered: str,
    events: tuple[Event, ...],
    story: Story,
    play: PlayStory,
    facts: dict[str, str],
) -> list[Irregularity]:
    """No seat told at all ('the man in the red jumper slammed his double down. his partner
    then passed it out'): a player's pause or manner, then a call made by 'his partner' told
    after it, in the auction. The one told of and 'his partner' are the same pair, whoever
    they are, so the information passed between them (Law 16B, 73C); whose side the teller
    is on stays asked."""
    couple = _COUPLE.search(lowered)
    if (
        (story.frame != "none" and couple is None)
        or play.contract is not None
        or any(e.act in _PLAY_ACTS and e.actor is not None for e in events)
    ):
        return []
    for event in events:
        if event.act not in ("hesitate", "manner") or event.actor is not None:
            continue
        if "alleged" in event.how:
            continue
        partner = next(
            (
                r
                for r in story.players
                if r.kind == "possessed"
                and r.start > event.end
                and _HIS_PARTNER.match(lowered[r.start : r.end])
            ),
            None,
        )
        other = _OTHER_OF_A_COUPLE.get(event.words) if couple is not None else None
        if partner is None and other is not None:
            # 'my friend plays with her husband ... she bid 2NT, he sighed and she then went
            # back to 3C': a couple told, so 'he' and 'she' are partners whoever sits where
            partner = next(
                (
                    r
                    for r in story.players
                    if r.kind == "pronoun" and r.start > event.end and r.words == other
                ),
                None,
            )
        if partner is None:
            continue
        call = next(
            (
                c
                for c in story.timeline
                if c.role == "made" and c.seat is None and partner.end <= c.start < partner.end + 40
            ),
            None,
        )
        if call is None or _sentence_end(lowered, event.end) < partner.start - 200:
            continue
        kinds = {"hesitate": "hesitation", "manner": "manner"}
        proven = {"ui_kind": kinds[event.act]}
        facts.update(proven)
        kind = "hesitation_then_action" if event.act == "hesitate" else "remark_then_action"
        return [Irregularity(kind, event.start, proven)]
    return []


_PLAY_ACTS = ("lead", "play", "discard", "ruff", "revoke", "claim", "concede")


_IN_THE_AUCTION = lazy_pattern(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bmid[- ](?:auction|bidding)\b"
    r"|\bwhile (?:we were |they were )?bidding\b"
)
"""The remark placed in the auction by the words just before it."""
_PLAY_TALK = lazy_pattern(
    r"\b(?:trick|tricks|dummy|declarer|declaring|defend\w*|revok\w*|having none)\b"
)


_EXPLAINING_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,3}?['\"](?:[^'\"]{0,40}\b(?:agreement|natural|artificial|weak|strong|"
    r"transfer|forcing|stayman|blackwood|shows?|showing|points|hcp|takeout|penalty)\b"
    r"|(?:i )?(?:double|redouble|pass|no bid|[1-7]\s?(?:c|d|h|s|nt)\b))"
)
"""Partner's words that explain a call ('no agreement', 'weak') or are one ('double two
spades'): explanations and calls have their own laws (20-21, 19)."""


_CARD_NAMED_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:play |the |a |any )?(?:"
    + _CARD
    + r"|(?:(?:small|low|little|high|top|big)\s)?(?:10|[akqjt2-9]|"
    + _RANK_WORD
    + r"|spades?|hearts?|diamonds?|clubs?|trumps?|[♠♥♦♣])"
    + r"|small|low|little|high|top|anything|any|whatever|ruff(?: it)?)"
    + r"(?: one| please| it)?[.!]?['\"]"
)
"""A quote that only names a card ('king', 'low spade', 'the ♠Q', 'anything'): said for dummy's
play, it is a designation (Law 46), not a remark that tells partner something."""


_CALL_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:i )?(?:double|redouble|pass|no bid"
    r"|(?:[1-9]\s?|(?:one|two|three|four|five|six|seven|eight|nine) )"
    r"(?:c|d|h|s|nt|clubs?|diamonds?|hearts?|spades?|no ?trumps?)\b)"
)
"""A quote that is a call ('double 3 hearts', 'pass', 'eight clubs' or '8 clubs' above the
seven level)."""


_NO_ALERT = lazy_pattern(r"(?:didn't|did not|failed to|forgot to|never|no) alert")
"""The alert event is a missing alert."""
_US_UNTOLD = lazy_pattern(
    r"\b(?:didn't|did not|never|nobody|no one|not) (?:tell|told|inform|informed|warn|warned|"
    r"alert|alerted) us\b|\bwe (?:didn't|did not|never) know\b"
    r"|\bwe (?:weren't|were not|were never) (?:told|informed|warned|alerted)\b"
)
"""The speaker's side says it was left untold: a missing alert owed to us, the opponents'."""


_CHANGE_ASKED = lazy_pattern(
    r"\b(?:can|could|may) (?:he|she|i|pd|partner|my partner) (?:still )?(?:change|correct|fix|"
    r"take (?:it |that |the call )?back|replace)\b|\bwants? to (?:change|correct|replace)\b"
)
"""After partner's remark: whether he may change the call he just made is asked (Law 25)."""


_DISCLOSURE_ASKED = lazy_pattern(
    r"\b(?:do|must|should|shall|have|need|ought) (?:i|we) (?:have |need |ought )?(?:to )?"
    r"(?:tell|inform|warn|correct|disclose|own up|speak up|say (?:something|anything)|call the"
    r" (?:td|director))\b|\bwhen (?:do|must|should) (?:i|we) (?:tell|speak up|say|correct)\b"
    r"|\b(?:count|counts|counted) as (?:mi|misinformation|a (?:wrong|mis-?)explanation)\b"
    r"|\b(?:asking|ask|asked) about misinformation\b"
)
"""After partner's alert or explanation: whether our side must tell the opponents is asked - the
disclosure the misinformation Laws require (20F, 75), not what the alert told the teller."""


_ANSWER_QUOTED = lazy_pattern(
    r"['\"][^'\"]{0,40}?(?:\b(?:agreement|natural|artificial|weak|strong|transfer|forcing|"
    r"stayman|blackwood|shows?|showing|points|hcp|takeout|take-out|penalty|intermediate|"
    r"pre-?emptive|invitational|conventional|puppet|multi|cue|cue-?bid|splinter|relay|minors|"
    r"majors|to play|game forcing|negative|asking)\b|\d{1,2}\s*[-–]\s*\d{1,2})"
)
"""The answer to a question about a call, in its words ('weak', '15-17', 'penalty')."""


_ANSWER_CORRECTED = lazy_pattern(
    r"\b(?:finds? out|found out|turns out|turned out|actually|in fact|sorry|mistaken|wrong"
    r"|misexplain\w*|(?:their|the) (?:convention |system )?card says|(?:they|ns|ew|n/s|e/w) "
    r"play (?:it|\S+) as|has \d+ (?:points|hcp)|had \d+ (?:points|hcp)|only had"
    r"|learn(?:ed|t)|discovered|realis\w*|realiz\w*)\b"
    r"|\b(?:it|that|which) (?:was|is|'s) (?:actually |really )?(?:natural|artificial|penalt\w*"
    r"|takeout|take-out|transfer|forcing|weak|strong|stayman|multi|cue|splinter|relay)\b"
)
"""After that answer: the story says it was not their agreement or not the hand."""


_ASKED_ABOUT = lazy_pattern(r"\s+(?:\w+\s+)?(?:about|what|whether|if)\b")
"""'asked what their 3C meant', 'asked lho about': a question about a call."""
_ANSWERED_NEXT = lazy_pattern(
    r",?\s+(?:and\s+)?(?:(?:lho|rho|pd|partner|[nsew]|he|she|they|declarer|dummy"
    r"|the opps|opps|his partner|her partner|his pd|her pd)\s+)(?:said|says|explained|explains"
    r"|answered|replied|told)\b"
)
"""'partner asked, RHO said ...': a question answered at once - by the explanation that follows."""


_PROCEDURE_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:ok(?:ay)?,? |fine,? |no,? )?(?:i'll |i will |i |we'll |we )?"
    r"(?:accept|don't accept|do not accept|won't accept|will not accept|refuse|reject"
    r"|call(?:ing)? the (?:td|director)|director(?:,)? please|td please)\b"
)
"""A quote that is a choice the Laws give the player or a call for the director ("'i'll accept
it'", "'director please'"): said aloud, it tells partner nothing the Laws forbid."""


def _says_skipped(lowered: str, event: Event, vocabulary: Vocabulary) -> bool:
    """The remark is a player's complaint that his turn was passed over ('says our opps
    skipped her', "'you went round me'"): the words right after it, in its sentence."""
    skipped = vocabulary.auction.get("skipped")
    if skipped is None or event.act != "remark":
        return False
    return skipped.search(lowered, event.end, _sentence_end(lowered, event.end)) is not None


_TURN_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:hey|wait|hang on|hold on|oi|excuse me|sorry|no)?,?\s*"
    r"(?:it's |it is |it was |that's |that was )?"
    r"(?:my|your|his|her|not your|not my) (?:turn|bid|call)\b"
)
"""A quote that says whose turn it is ("'hey, my turn'"): attention drawn to a call out of
turn, which any player may do (Law 9A1), a matter of the turn (Laws 28-31), not a remark."""
_COUNT_QUOTE = lazy_pattern(
    r"\W*(?:\w+\W+){0,2}?['\"](?:hey|wait|hang on|hold on|oi|sorry|oh|um|er)?,?\s*"
    r"(?:i|i've|ive|i'm|im|i am|i only|i've only|ive only)\s+(?:only\s+)?"
    r"(?:have|had|got|'ve got|counted|count|hold|held)?\s*(?:only\s+)?"
    r"(?:11|12|14|15|eleven|twelve|fourteen|fifteen)\b(?!\s*(?:points|pts|hcp|count))"
    r"|\W*(?:\w+\W+){0,2}?['\"][^'\"]{0,20}?\b(?:a|one) card (?:short|too many|too few|missing)\b"
)
"""A quote that counts the speaker's cards ("'i have 14'", "'i'm a card short'"): a hand with
too many or too few cards reported (Law 13), not a remark telling partner about the hand."""
_AUCTION_GOES_ON = lazy_pattern(
    r"\W*(?:\w+\W+){0,3}?['\"][^'\"]{0,40}?\b(?:wait|hang on|hold on|i want\w*|i wanted"
    r"|another round|come back|(?:it's|its|is) not over|wasn't finished|not finished"
    r"|deal again|redeal|re-deal|there'd be another|it would come back)\b"
)
"""A quote that says the auction goes on ('wait i wanted to bid', 'shuffle and deal again'):
said once it ended, the question is whether it did (Law 22), not what it told partner."""


def _after_close(story: Story, event: Event) -> bool:
    """The remark comes after the auction told closed: three passes after a bid, or four."""
    if story.closed_at is not None and event.start >= story.closed_at:
        return True
    calls = [e for e in story.timeline if e.earlier_than is None and e.start < event.start]
    if len(calls) >= 4 and all(e.call is Simple.PASS for e in calls[:4]):
        return True
    return not calls and ALL_PASSED.search(story.text.lower(), 0, event.start) is not None


_QUOTE_FOLLOWS = lazy_pattern(r"\W*(?:\w+\W+){0,3}?['\"]")


_QUOTE_OPENS = lazy_pattern(r"(?<![\w'\"])['\"](?=\w)")
_QUOTE_CLOSES = lazy_pattern(r"['\"](?!\w)")
"""Where quoted words open and close; an apostrophe inside a word ('what's', "S's") is
neither."""
_ANOTHER_BOARD = lazy_pattern(
    r"\b(?:last|previous|earlier|other|next) (?:board|bd|hand|deal|one)\b"
    r"|\bplayed (?:this|it|that) (?:one )?(?:before|already|in round)\b"
    r"|\b(?:just |already )?(?:finished|completed) (?:the |this |that )?(?:board|bd|hand|deal)\b"
)
"""Words that put the remark, or what it is about, on another deal than the one being bid or
played ('on the last board', 'we played this in round 2')."""


def _reports_another(lowered: str, event: Event, story: Story) -> bool:
    """The quoted remark reports what another player did, or is about another deal ("pd said
    'lho showed out of hearts'", "'we played this in round 2'"): a claim that an irregularity
    happened, for the Laws of that irregularity, not words telling partner about the
    speaker's own hand or wishes (Law 16B, 73C)."""
    if event.act != "remark":
        return False
    opened = _QUOTE_OPENS.search(lowered, event.end, event.end + 40)
    if opened is None:
        return False  # "E says S's question ...": a possessive, no quote
    closed = _QUOTE_CLOSES.search(lowered, opened.end())
    end = closed.start() if closed is not None else _sentence_end(lowered, opened.end())
    start = max(0, lowered.rfind(".", 0, event.start) + 1)
    if _ANOTHER_BOARD.search(lowered, start, end):
        return True
    return any(
        opened.end() <= ref.start < end
        and ref.kind in ("seat", "relative", "opponent", "person")
        and ref.seat is not None
        and ref.seat is not event.actor
        and (story.speaker is None or ref.seat is not story.speaker)
        for ref in story.players
    )
