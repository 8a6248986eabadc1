"""What the table's own words show happened: a card exposed, held up or named as held, before or
during the play."""

from __future__ import annotations

import re

from bot.core.calls import BID_PATTERN
from bot.core.play import Role, find_cards
from bot.dialogue.information_reader import explains_a_call_in
from bot.dialogue.play_reader import PlayStory, clause_end, clause_start
from bot.dialogue.reading.changed_cards import _ADDED_TO_A_TRICK, _EXPLANATION
from bot.dialogue.reading.claims import _NONE_OF_IT
from bot.dialogue.reading.defective_tricks import _played_twice, misplaced_card
from bot.dialogue.reading.dummy import _dummy_acted, _dummy_acted_by_reference, _dummy_left_his_seat
from bot.dialogue.reading.events import (
    _CARD_ACTS,
    _CARD_TO_A_TRICK,
    _TRICK_NUMBER,
    Event,
    Irregularity,
    _only_calls,
    role_at,
)
from bot.dialogue.reading.play_details import _REVOKE_WORDS
from bot.dialogue.reading.sentences import _QUOTE, _quoted, _sentence_start
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.dialogue.simultaneous_calls import BID_CARD
from bot.dialogue.trick_reader import counts_agreed_first
from bot.lazy import lazy_pattern

_HELD_NAMED = lazy_pattern(
    r"(?<!can )(?<!could )(?<!may )(?<!might )i(?: have| still have|'ve still got|'ve got"
    r"| still got) the (?!rest\b|remaining\b|last\b)"
)
"""A card named as held ('I've still got the ace'), not as the one to be played: exposed by
naming it (docs/labelling.md 1), a defender's a penalty card (49), declarer's not (48A)."""


_NO_CARD_NAMED = lazy_pattern(
    r"\s*(?:rest|remaining|remainder|lot|balance|others?|tricks?|top tricks|winners)\b"
)
"""After 'i have the': the tricks left, not a card ('I've got the rest', 'I have the lot')."""


_SAID_FROM_DUMMY = lazy_pattern(
    r"['\"][^'\"]{1,30}['\"]\s+from (?:the )?(?:dummy|board|table)\b"
    r"|\b(?:called|calls|asked for|named|names) (?:for )?(?:the |a )?\S+(?: \S+)?"
    r" from (?:the )?(?:dummy|board|table)\b"
)
"""A card named from dummy ('said "spade jack" from the board', 'called the D8 from dummy')."""


_DUMMY_SUBJECT = lazy_pattern(
    r"(?:^|[,;]\s*)\s*(?:\w+\s+){0,2}(?:\(dummy\)|dummy|\w+,? (?:the|who was|who is|as) dummy,?)\s*"
    r"(?:(?:just|then|had|has|himself|herself|accidentally|\w+ly)\s+){0,2}$"
)
"""Dummy named as the one doing the next act: 'pd (dummy)', 'dummy', 'my partner, the dummy,'."""


def _told(
    lowered: str, events: tuple[Event, ...], play: PlayStory, vocabulary: Vocabulary
) -> list[Irregularity]:
    """What the table's own words show happened (``told:`` in the vocabulary), a card exposed
    by a defender, and dummy drawing attention or acting on his own."""
    quoted = _quoted(lowered)
    found: list[Irregularity] = []
    for kind, pattern in vocabulary.told.items():
        for match in pattern.finditer(lowered):
            # most stories quote nobody: no generator made per match then
            inside = bool(quoted) and any(a <= match.start() < b for a, b in quoted)
            if inside != (kind == "card_named") and not (
                inside and kind in ("wrong_card_count", "trick_inspection")
            ):
                # a card is named in a remark; everything else is told, not said - but a
                # player saying 'i've only got 12 cards' tells his own count, and 'can we see
                # that last trick?' is the request itself
                continue
            if kind == "simultaneous_plays" and not _CARD_WORDS.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                continue  # calls at the same time are another matter (Law 33)
            if kind in ("simultaneous_plays", "two_cards_played") and (
                _CALLING.search(lowered[clause_start(lowered, match.start()) : match.start()])
                or _only_calls(lowered, events, play)
            ):
                continue  # bidding cards put out together are calls (Law 33)
            if kind == "simultaneous_plays" and BID_CARD.search(lowered):
                continue  # 'his double card', 'my pass card': cards of the bidding box
            if kind == "simultaneous_plays" and _two_calls_told(lowered, play, match.start()):
                continue  # 'pd and rho put cards out at the same moment, pd 1NT and rho 2S',
                # nothing of the play told: the cards are the two calls (Law 33)
            if kind == "two_cards_played" and BID_CARD.search(
                lowered[clause_start(lowered, match.start()) : match.end() + 40]
            ):
                continue  # 'the double card came out stuck to the pass': two calls (Law 25)
            if kind == "card_named" and _NO_CARD_NAMED.match(lowered, match.end()):
                continue  # 'i've got the rest', 'i have the lot': tricks, no card (a claim)
            if kind == "card_named" and _HELD_NAMED.match(lowered, match.start()):
                kind = "card_exposed"  # 'i've still got the ace': held, not played (49, 48A)
            if kind == "wrong_card_count" and (
                _POINTS_AFTER.match(lowered, match.end())
                or _BOARD_BEFORE.search(lowered, 0, match.start())
            ):
                continue  # 'i only had 11 points', 'board 14 cards': not a count of cards
            if (
                kind == "wrong_card_count"
                and "card" not in match.group(0)
                and not _CARDS_AFTER.match(lowered, match.end())
                and _POINTS_TOLD.search(lowered)
            ):
                continue  # 'opened 1NT with 10 points, thought he had 15': points, not cards
            said_from = max(clause_start(lowered, match.start()), match.start() - 40)
            if kind == "penalty_card_held" and _ASSERTED.search(lowered, said_from, match.start()):
                continue  # 'he's trying to tell me i have a penalty card': said, not so
            if kind == "penalty_card_held" and _NO_PLAYING_CARD.search(
                lowered, said_from, match.start()
            ):
                continue  # 'the hand record lying face up': a paper, not a player's card
            if kind == "trick_inspection" and (
                vocabulary.timing["after_last_trick"].search(lowered)
                or vocabulary.timing["play_ended"].search(lowered)
                or _PLAY_IS_OVER.search(lowered)
            ):
                # the tricks looked through for a revoke once play is over: 66D, then 64
                if _REVOKE_WORDS.search(lowered):
                    found.append(Irregularity("revoke_inspection", match.start(), _INSPECT))
                break
            if kind == "penalty_card_held" and _DUMMY_WORD.search(
                lowered, clause_start(lowered, match.start()), match.start()
            ):
                continue  # 'dummy still had 2 cards on the table': dummy's are all there
            if kind == "tricks_disputed" and (
                vocabulary.phrases["period_over"].search(lowered)
                or not _cards_gathered(lowered, events)
            ):
                kind = "score_disputed"  # the count itself is disputed (Law 79B)
            if (
                kind == "score_disputed"
                and vocabulary.phrases["played_cards"].search(lowered)
                and _cards_gathered(lowered, events)
                and not counts_agreed_first(lowered, match.start())
            ):
                kind = "tricks_disputed"  # the rows that would settle it were gathered: 65D
            if kind == "card_taken_back" and not (
                any(e.act in _CARD_ACTS for e in events)
                or (_CARD_WORD.search(lowered) and not _CALLING.search(lowered))
            ):
                break  # 'he wants to change it' of a call: no card played in the story
            if kind == "card_taken_back" and _exposed_never_played(lowered, events):
                break  # 'showed me his ace, then put it back': exposed, never played (49, 50)
            if kind == "card_taken_back" and (
                misplaced_card(lowered, vocabulary) or _played_twice(lowered, play)
            ):
                break  # picked back up and played at a later trick too: misplaced (67B3)
            if kind == "card_taken_back" and (
                _EXPLANATION.search(lowered) or _SAID_FROM_DUMMY.search(lowered)
            ):
                break  # a lead after a wrong explanation (21, 47E2), a dummy card misnamed (45C4)
            if kind == "played_after_irregular_lead" and _DECLARER_SUBJECT.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                break  # declarer playing to it accepts the lead: the lead is the matter (53A)
            if kind == "dummy_card_touched" and _DUMMY_SUBJECT.search(
                lowered[clause_start(lowered, match.start()) : match.start()]
            ):
                # 'pd (dummy) touched the jack in dummy': dummy's own act, not declarer's
                # touch (45F, not 45C3)
                proven = {"played_card_event": "dummy_pointed"}
                found.append(Irregularity("dummy_card_moved", match.start(), proven))
                break
            held = _named_held(lowered, events, play, match) if kind == "card_exposed" else {}
            found.append(Irregularity(kind, match.start(), held))
            break
    swapped = _DUMMY_SWAPPED.search(lowered)
    if swapped is not None:  # dummy and declarer changing places (Law 43A2(a))
        found.append(Irregularity("dummy_acted", swapped.start()))
    else:
        moved = _dummy_left_his_seat(lowered)
        if moved is not None:
            found.append(Irregularity("dummy_acted", moved))
    for event in events:
        if "alleged" in event.how:
            continue
        if (
            (_dummy_acted(lowered, event) or _dummy_acted_by_reference(lowered, play, event))
            and not (
                _before_play(lowered, events, event)
                or (event.act == "remark" and explains_a_call_in(lowered, event.end))
            )  # 'pd (dummy) said my 2C was natural': an explanation of a call, not the play's
            and _play_period_told(lowered, events)
        ):
            found.append(Irregularity("dummy_acted", event.start))
        role = event.role
        if role is None and event.actor is not None:
            role = role_at(play, event.actor)
        if event.act != "expose" or _IN_AUCTION.search(lowered):
            continue
        if _TRICK_HELD_UP.match(lowered, event.start):
            continue  # 'held up his last trick': a quitted trick shown (66), not a card
        sentence = lowered[clause_start(lowered, event.start) : clause_end(lowered, event.end)]
        lying = re.search(
            r"\bpenalty card\b|(?<!not )(?<!never )(?<!n't )(?<!not even )\bon the table\b",
            sentence,
        )  # not held up ('held it up face up in the air, not on the table yet' is)
        if (
            lowered.startswith(("held", "had", "holding", "holds"), event.start)
            and role != "dummy"
            and not lying
        ):
            # a card held face up as if to play it: whether it was played is the question
            # (Law 45C1 for a defender, 45C2 for declarer), not a penalty card
            if role is None and _seen_by_partner(lowered, play, event):
                role = "defender"  # held so that his partner could see it: 45C1's own test
            found.append(Irregularity("card_held_up", event.start, _held_up_event(role, sentence)))
        elif role == "defender":
            found.append(Irregularity("card_exposed", event.start, _exposed(play, event)))
        elif _out_of_a_hand(lowered, events, play, event, role, sentence, vocabulary):
            # declarer's or dummy's card, or one whose owner the seats do not place: a card
            # out of the hand all the same, and what it is (48A, 49) is the matter
            found.append(Irregularity("card_exposed", event.start))
    return found


_TRICK_HELD_UP = lazy_pattern(
    r"(?:holds|held|holding)\s+up\s+(?:his|her|my|their|our|the)\s+(?:last\s+|previous\s+)?"
    r"(?:trick|tricks)\b"
)
"""A played trick held up to be seen: what was played to it, not a card out of a hand."""


def _out_of_a_hand(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    event: Event,
    role: Role | None,
    sentence: str,
    vocabulary: Vocabulary,
) -> bool:
    """A card out of a hand in the play that is neither a card played nor a claim: dropped,
    knocked or shown, not added to a trick, led, or shown with the tricks it wins. Declarer's
    and dummy's only by accident (a card he put face up himself may be his play, 45C2), and
    never before the play (a card seen in the deal or the auction is Law 24's or 16D's)."""
    if not _A_CARD_OUT.search(sentence) or _ADDED_TO_A_TRICK.search(sentence):
        return False
    if _NOTHING_SHOWN.match(lowered, event.end) or _NONE_OF_IT.search(
        lowered, max(0, event.start - 20), event.start
    ):
        return False  # 'flashed nothing', 'never dropped a card'

    if _BEFORE_THE_PLAY.search(sentence) or vocabulary.timing["before_auction"].search(lowered):
        return False
    calls = [c for c in play.story.events if c.role == "made" and c.start < event.start]
    if (
        len(calls) > 1
        and not any(e.act in _CARD_TO_A_TRICK and e.start < event.start for e in events)
        and not _TRICK_NUMBER.search(lowered, 0, event.end)
    ):
        return False  # '1nt p 2c p, then rho knocked my cards': still the auction (Law 24)
    start, end = clause_start(lowered, event.start), clause_end(lowered, event.end)
    if any(
        e.act in ("lead", "claim", "concede") and start <= e.start < end and "alleged" not in e.how
        for e in events
    ):
        return False  # 'put the ♥3 face up as the opening lead', 'showed them: the rest are mine'
    accident = _BY_ACCIDENT.match(lowered, event.start) is not None
    if not accident and _LEAD_WORD.search(lowered, _sentence_start(lowered, event.start), end):
        return False  # 'opening lead: i put the heart 4 face up': the lead itself
    return role is None or (role == "dummy" and accident)


_A_CARD_OUT = lazy_pattern(
    r"\bcards?\b|[♠♥♦♣]|\b(?:ace|king|queen|jack|ten|[akqjt2-9]) of\b"
    r"|\b[shdc](?:10|[akqjt2-9])\b"
    r"|\b(?:spade|heart|diamond|club) (?:10|[akqjt2-9]|ace|king|queen|jack|ten)\b"
)
"""A card in the sentence of an exposure ('dropped a card', 'the ♦K fell', 'the hJ')."""


_NOTHING_SHOWN = lazy_pattern(r"\s+(?:nothing|no card|no cards|none)\b")


_BEFORE_THE_PLAY = lazy_pattern(
    r"\b(?:bid|bids|bidding|auction|dealing|dealt|deal|shuffl\w*|pre-dealt|duplimate)\b"
    r"|\bout of the board\b|\btaking (?:his|her|my|their) (?:hand|cards) out\b"
)


_BY_ACCIDENT = lazy_pattern(
    r"dropped|drops|fell|cards fell|card fell|spilled|went face up|flipped|knocked|slip|"
    r"exposed|(?:put|laid|spread) (?:all|the rest of) (?:his|her|my)"
)
"""An exposure declarer did not mean as a play: only such a card of his is not asked as played."""


def _held_up_event(role: Role | None, sentence: str) -> dict[str, str]:
    """Whose card was held up decides the law: declarer's (45C2: how he held it is asked
    next) or a defender's in sight of his partner (45C1: 'held it up facing his partner',
    'so pd could see it'); a defender's card the story does not say could be seen is asked."""
    if role == "declarer":
        return {"played_card_event": "declarer_held"}
    if role == "defender" and _IN_SIGHT.search(sentence):
        return {"played_card_event": "defender_shown"}
    return {}


_IN_SIGHT = lazy_pattern(r"\b(?:see|saw|seen|seeing|facing|face (?:up|out)|visible)\b")


def _seen_by_partner(lowered: str, play: PlayStory, event: Event) -> bool:
    """A card held up by a player whose role the story does not give, told as held where his
    own partner (by the seats: 'E ... for W to see', 'my partner ... so i could see it', 'the
    lady on my left ... facing her partner') could see it: a defender's card (dummy's lie on
    the table, and whether partner saw it is no matter for declarer's, 45C1 against 45C2).
    'pd could see it' of my LHO's card is my partner, not his: not proven."""
    stop = min((i for i in (lowered.find(m, event.end) for m in ".!?;\n") if i >= 0), default=-1)
    end = len(lowered) if stop < 0 else stop
    quoted = _quoted(lowered)
    own = _OWN_PARTNER_SEES.search(lowered, event.start, end)
    if own is not None and not any(a <= own.start() < b for a, b in quoted):
        between = [p for p in play.story.players if event.end <= p.start < own.start()]
        if not between:  # 'held it up facing her partner': the holder's own, by the grammar
            return True
    if event.actor is None:
        return False
    partner = event.actor.partner
    for player in play.story.players:
        if not event.end <= player.start < end or player.seat != partner:
            continue
        if any(a <= player.start < b for a, b in quoted):
            continue  # 'declarer goes "your pd saw it"': said, not told
        if _PARTNER_SEES.match(lowered, player.end) or _FACING.search(
            lowered, max(0, player.start - 12), player.start
        ):
            return True
    return False


_PARTNER_SEES = lazy_pattern(
    r"\s+(?:to see|saw|had seen|(?:could|can|would|might)(?: easily| clearly| plainly| surely)?"
    r" (?:see|have seen)|could(?: not|n't) (?:have )?help(?:ed)? seeing)\b"
)
"""Right after the partner: he saw it ('for W to see', 'so i could see it')."""
_OWN_PARTNER_SEES = lazy_pattern(
    r"\b(?:facing|towards?)\s+(?:his|her)\s+(?:partner|pd|pard)\b"
    r"|\b(?:for|so(?: that)?|where|that)\s+(?:his|her)\s+(?:partner|pd|pard)\s+(?:to see|saw"
    r"|had seen|(?:could|can|would|might)(?: easily| clearly| plainly)? (?:see|have seen)"
    r"|could(?: not|n't) (?:have )?help(?:ed)? seeing)\b"
)
"""After a card held up, in the same sentence: the holder's own partner sees it ('held it up
facing her partner', 'so high that her partner could not have helped seeing it')."""
_FACING = lazy_pattern(r"\b(?:facing|towards?)\s+$")


_INSPECT = {"revoke_event": "inspect"}
"""Looking through the tricks for a revoke once play is over is the revoke topic's matter."""


_PLAY_IS_OVER = lazy_pattern(
    r"\b(?:the )?(?:hand|play|board)(?:'s| is| was| has| had) (?:been )?"
    r"(?:over|finished|ended|done)\b"
    r"|^(?:at )?(?:the )?end of (?:the )?(?:hand|play)\b|\bnow that (?:the )?play is over\b"
    r"|\b(?:all )?(?:13|thirteen) (?:tricks )?(?:are |were |had been |have been )?"
    r"(?:done|played|over|finished|gone)\b"  # 'all 13 done': the last trick played
)


_DUMMY_WORD = lazy_pattern(r"\bdummy\b|\bthe board\b")


_POINTS_TOLD = lazy_pattern(
    r"\b\d{1,2}\s*(?:points|pts|hcp|high card points|count)\b|\b\d{1,2}-\d{1,2}\b"
)
"""The story counts a hand's points ('with 10 points', '15-17'): a bare number is points."""
_CARDS_AFTER = lazy_pattern(r"\s*(?:cards?|of (?:them|the cards))\b")
_POINTS_AFTER = lazy_pattern(
    r"\s*(?:points|pts|hcp|high card|count|tricks?|imps?|mps|boards?|min\w*|secs?|seconds"
    r"|of (?:them|the))\b|%"
)
"""A number that counts something else: points, tricks, minutes."""


_BOARD_BEFORE = lazy_pattern(r"\b(?:board|bd|brd)\s*(?:no\.?\s*|#)?$")
"""'played board 14 cards from the board 15 wallet': the number names a board."""


_DUMMY_SWAPPED = lazy_pattern(
    r"\bdummy\b[^.;!?]{0,40}?\b(?:swapped|switched|changed|exchanged|swap|switch)"
    r" (?:seats|places|hands|sides)\b"
    r"|\b(?:swapped|switched|changed|exchanged) (?:seats|places|hands|sides) with (?:the )?dummy\b"
)


_ASSERTED = lazy_pattern(
    r"\b(?:tell|tells|telling|told|say|says|saying|said|claim|claims|claiming|insist|insists"
    r"|insisting|reckon|reckons|think|thinks)\b(?:\s+(?:me|him|her|us|them|that))*"
    r"(?:\s+(?:i|he|she|we|they|you))?\s*$"
)
"""Just before a state: someone says it is so ('tells me i have a penalty card')."""


def _cards_gathered(lowered: str, events: tuple[Event, ...]) -> bool:
    """A player gathered or mixed his played cards (or put them back in the board)."""
    return any(e.act == "cards_back" for e in events) or _GATHERED.search(lowered) is not None


_GATHERED = lazy_pattern(
    r"\b(?:mixed|mixing|muddled|gathered|shuffled|picked up|swept|scooped|jumbled|bundled)"
    r" (?:all |up )*"
    r"(?:his|her|their|my)\b|\b(?:swept|scooped|gathered|bundled|picked) (?:his|hers|theirs)"
    r" up\b"
    r"|\b(?:put|putting|had put) (?:his|her|their|my|our) (?:cards|hand|tricks) (?:back|away)\b"
)


def _named_held(
    lowered: str, events: tuple[Event, ...], play: PlayStory, match: re.Match[str]
) -> dict[str, str]:
    """A card named as held in a remark: a defender's when the player who spoke is one (his
    seat or role in the story), and its rank when the remark names one card."""
    spoke = [e for e in events if e.act == "remark" and e.end <= match.start()]
    if not spoke:
        return {}
    speaker = spoke[-1]
    role = speaker.role or (role_at(play, speaker.actor) if speaker.actor is not None else None)
    if role is None and _DEFENDER_WORD.search(lowered, max(0, speaker.start - 30), speaker.start):
        role = "defender"  # 'East, a defender, said ...', 'rho (defending) goes ...'
    if role != "defender":
        return {}
    proven = {"exposed_role": "defender", "exposed_how": "named"}
    said = next(((a, b) for a, b in _quoted(lowered) if a <= match.start() < b), None)
    if said is not None:
        cards = {c.card for c in find_cards(play.story.text[said[0] + 1 : said[1] - 1])}
        card = cards.pop() if len(cards) == 1 else None
        if card is not None and card.is_honour is not None:
            proven["exposed_rank"] = "honour" if card.is_honour else "spot"
    return proven


_DEFENDER_WORD = lazy_pattern(r"\b(?:a defender|defending|the defender|defender)\b")


def _exposed(play: PlayStory, event: Event) -> dict[str, str]:
    """A defender's card exposed: whose it was (the seats prove a defender), and its rank when
    its sentence names one card."""
    text = play.story.text
    start, end = clause_start(text, event.start), clause_end(text, event.end)
    told = _QUOTE.sub(lambda m: " " * len(m.group(0)), text[start:end].lower())
    cards = {c.card for c in find_cards(text[start:end]) if not told[c.start].isspace()}
    proven = {"exposed_role": "defender"}
    several = re.search(r"\bcards\b", text[event.start : event.end].lower())
    card = cards.pop() if len(cards) == 1 and not several else None  # not one named in a remark
    if card is not None and card.is_honour is not None:
        proven["exposed_rank"] = "honour" if card.is_honour else "spot"
    return proven


def _play_period_told(lowered: str, events: tuple[Event, ...]) -> bool:
    """Whether the story reaches the play, where dummy's limits apply (Laws 41D, 43): a
    player called dummy, or a card led or played. A contract read from the calls alone ('7S
    by LHO. pd said eight hearts') makes nobody dummy while the story stays in the auction."""
    return _DUMMY_NAMED.search(lowered) is not None or any(
        e.act in _CARD_ACTS and e.act != "expose" for e in events
    )


_DUMMY_NAMED = lazy_pattern(r"\bdumm(?:y|ies)\b")


def _before_play(lowered: str, events: tuple[Event, ...], event: Event) -> bool:
    """The player to be dummy spoke before the play began: he is not dummy yet (his limits
    start with the play, Law 41D and 43), and a call he made after the final pass is a call
    after the auction closed (Law 39). Proven by the words ('dummy-to-be', 'before going
    down') or by a call in his words while no card had yet been led or played."""
    sentence = lowered[clause_start(lowered, event.start) : clause_end(lowered, event.end)]
    if _NOT_DUMMY_YET.search(sentence):
        return True
    if any(e.act in _CARD_ACTS and e.act != "expose" and e.start < event.start for e in events):
        return False
    words = next((lowered[a:b] for a, b in _quoted(lowered) if a >= event.end), "")
    return bool(_A_CALL_SAID.search(words))


_NOT_DUMMY_YET = lazy_pattern(
    r"\bdummy[- ]to[- ]be\b|\bfuture dummy\b|\b(?:to|would) be (?:the )?dummy\b"
    r"|\bbefore (?:going|coming) down\b|\bbefore (?:putting|laying|spreading) (?:his|her|the) "
    r"(?:cards|hand|dummy)\b|\bbefore (?:putting|laying|spreading) (?:dummy|the dummy) down\b"
    r"|\bbefore (?:the )?dummy (?:went|came|was put|had gone|had come) down\b"
    r"|\bbefore (?:the )?(?:opening )?lead (?:was|had been) (?:made|faced)\b"
)


_A_CALL_SAID = lazy_pattern(
    rf"(?<![\w♣♦♥♠]){BID_PATTERN}|\b(?:[1-7]|one|two|three|four|five|six|seven)\s+"
    r"(?:no ?trumps?|nt|clubs?|diamonds?|hearts?|spades?)\b|\b(?:pass|double|redouble|bid)\b"
)
"""A call in a remark ('four spades', '4c', 'double', 'i wanted to bid')."""


_DECLARER_SUBJECT = lazy_pattern(r"\b(?:declarer|dummy)\W+(?:\w+\W+){0,1}$")


_IN_AUCTION = lazy_pattern(
    r"\b(?:during|in) the (?:auction|bidding)\b|\bauction (?:was |is )?still\b"
    r"|\bbefore the (?:opening )?lead\b|\bbefore the final pass\b"
)
"""A card seen before the play starts is ruled by Law 24, not as a penalty card."""


_CARD_WORD = lazy_pattern(r"\bcards?\b")


_CALLING = lazy_pattern(r"\b(?:bidding|bid|bids|call|calls|box|pulled)\b")


def _exposed_never_played(lowered: str, events: tuple[Event, ...]) -> bool:
    """A card shown, dropped or flashed, and none played or led: what was put back was never
    a played card (47), the exposure is the matter (49, 50). A card faced as the opening lead
    ('opening lead: i put the h4 face up') is a lead."""
    exposed = [e for e in events if e.act == "expose"]
    if not exposed or any(e.act in _PLAYED_ACTS and "alleged" not in e.how for e in events):
        return False
    return not any(
        _LEAD_WORD.search(lowered, _sentence_start(lowered, e.start), clause_end(lowered, e.end))
        for e in exposed
    )


_PLAYED_ACTS = ("lead", "play", "discard", "ruff")
"""A card put to a trick: only such a card can be a played card taken back (47)."""


_CARD_WORDS = lazy_pattern(r"\b(?:cards?|played|plays|led|leads|followed)\b")


def _two_calls_told(lowered: str, play: PlayStory, position: int) -> bool:
    """The sentence of the words 'at the same moment' names calls made by two players, and
    nothing of the play is told (no card named, no contract or declarer, no trick, lead or
    card played): the cards put down together are those calls."""
    if play.declarer is not None or _PLAY_TOLD.search(lowered) or find_cards(lowered):
        return False
    low = _sentence_start(lowered, position)
    stop = _SENTENCE_STOP.search(lowered, position)
    high = len(lowered) if stop is None else stop.start()
    seats = {e.seat for e in play.story.timeline if e.role == "made" and low <= e.start < high}
    return len(seats - {None}) >= 2


_SENTENCE_STOP = lazy_pattern(r"[.;!?\n]")


_PLAY_TOLD = lazy_pattern(
    r"\b(?:play|played|plays|playing|follow\w*|tricks?|t\d+|lead|led|leads|leading|declarer"
    r"|decl|dummy|ruff\w*|trump\w*|discard\w*|defend\w*|defender\w*|contract|revok\w*|claim\w*)\b"
)


_LEAD_WORD = lazy_pattern(r"\b(?:lead|leads|led)\b")


_NO_PLAYING_CARD = lazy_pattern(
    r"\b(?:hand records?|records? sheets?|score ?sheets?|score ?cards?|travell?ers?|curtain cards?"
    r"|convention cards?|system cards?|results? sheets?|print-?outs?|bidding cards?|bid cards?)\b"
)
"""What lies face up is a paper or a bidding card, not a card of the hand (Law 50)."""
