"""A card played then taken back, or played meaning another (Laws 45C4 and 47)."""

from __future__ import annotations

from bot.dialogue.play_reader import PlayStory, clause_end
from bot.dialogue.reading.events import Event, Irregularity, _only_calls, role_at
from bot.dialogue.reading.leads import _PUT_WORDS
from bot.dialogue.reading.sentences import _quoted, _sentence_end, _sentence_start
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern

_SAID_BEFORE = lazy_pattern(
    r"(?<!\bi )(?<!\bi just )\b(?:said|says|goes|went|cried|shouted|muttered)\b"
)


def _played_meaning_another(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card played and, in the same sentence, another one meant ('played the C3 and
    immediately said oops, meant the C4'): whether he may swap it is the question, and the
    answer is that a played card stays played (47F2) unless 45C4(b) lets declarer correct a
    slip naming dummy's card."""
    if any(i.kind != "card_taken_back" for i in found) or "retract_reason" in facts:
        return found
    for event in events:
        if event.act not in ("lead", "play") or "alleged" in event.how:
            continue
        end = clause_end(lowered, event.end)
        meant = _MEANT_CARD.search(lowered, event.end, end)
        if meant is None:
            continue
        if "instead of" in meant.group(0) and not _BY_MISTAKE.search(lowered, event.start, end):
            continue  # 'played the king instead of the queen': a choice told, not a slip
        if (
            meant.group(0).startswith("i ")
            and event.words != "i"
            and not _SAID_BEFORE.search(lowered, event.end, meant.start())
        ):  # 'pd played the 2, i meant the queen': my naming of dummy's card (46); but 'E
            # played the SJ and said oh no, I meant the queen' is E's own word
            continue
        role = event.role or (role_at(play, event.actor) if event.actor is not None else None)
        by_hand = (
            role == "defender"
            or lowered.startswith(_PUT_WORDS, event.start)
            or _FROM_OWN_HAND.match(lowered, event.end) is not None
        )  # declarer 'playing' the 2 may have named it from dummy: a slip there is 45C4(b)
        proven = {"retract_reason": "changed_mind"} if by_hand else {}
        facts.update(proven)
        return found or [Irregularity("card_taken_back", event.start, proven)]
    return found


def _played_then_taken_back(
    lowered: str, events: tuple[Event, ...], found: list[Irregularity]
) -> list[Irregularity]:
    """A card led or played from the hand, then the player's own words or act taking it back
    ('i played the s9 and immediately went "oh wait"', 'led the ♥3 face up, then thought "no,
    spade is better"', 'then wanted the jack'): whether he may is Law 47's question. Not a
    card named from dummy (45C4(b) rules a changed designation), nor words that tell of a
    lead out of turn or a revoke, whose own readers rule."""
    if found or any(e.act == "expose" for e in events) or _EXPLANATION.search(lowered):
        return found  # a card held up or dropped: whether it was played is the question
    quoted = _quoted(lowered)
    for event in events:
        if event.act not in ("lead", "play") or "alleged" in event.how:
            continue
        sentence = lowered[_sentence_start(lowered, event.start) : clause_end(lowered, event.end)]
        if _NAMED_FROM_DUMMY_WORDS.search(sentence):
            continue
        after = lowered[event.end : _sentence_end(lowered, _sentence_end(lowered, event.end) + 1)]
        if _ADDED_TO_A_TRICK.search(after):
            return found  # a second card put on the trick: a fifth card, not one taken back
        change = _CHANGED_AFTER.search(after)
        said = [
            (a, b)
            for a, b in quoted
            if event.end <= a < event.end + len(after) and _TAKING_BACK_SAID.search(lowered[a:b])
        ]
        if any(_OTHER_MATTER_SAID.search(lowered[a:b]) for a, b in said):
            return found
        said = [(a, b) for a, b in said if _said_by_the_player(events, event, a)]
        if change is not None or said:
            return [Irregularity("card_taken_back", event.start)]
    return found


_EXPLANATION = lazy_pattern(
    r"\bexplain\w*|\bexplanation\b|\balert\w*|\bmisinform\w*"
    r"|\b[1-7](?:c|d|h|s|nt|♣|♦|♥|♠)(?: bid)? (?:was|is|meant|means|showed|shows)\b"
)
"""What a call meant, told: a card played on it is the misinformation Laws' (21, 47E2)."""


def _said_by_the_player(events: tuple[Event, ...], card: Event, quote: int) -> bool:
    """The remark before ``quote`` is the card's player's: the same seat or role, or told of
    him without a name ('then went', 'he said')."""
    remark = next((e for e in reversed(events) if e.act == "remark" and e.end <= quote), None)
    if remark is None or remark.start < card.start:
        return remark is None
    if remark.actor is not None and card.actor is not None:
        return remark.actor == card.actor
    if remark.role is not None and card.role is not None:
        return remark.role == card.role
    return remark.words in ("", "he", "she", card.words)


_NAMED_FROM_DUMMY_WORDS = lazy_pattern(
    r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b|\bdummy's\b|\bcalled\b|\bnamed\b"
    r"|\bcalled for\b|\bsaid '|\bdummy\b"
)


_TAKING_BACK_SAID = lazy_pattern(
    r"\b(?:no|wait|oops|sorry|hang on|hold on|meant|mean|rather|instead|make that|not that"
    r"|didn't mean|wrong one|wrong card)\b"
)
"""A remark taking a card back: 'oh wait', 'no, make that a diamond', 'sorry meant the 8'."""


_OTHER_MATTER_SAID = lazy_pattern(
    r"\b(?:lead|leads|turn|revoke|follow|claim|rest|director|td|accept|played)\b"
    r"|\bi (?:said|asked|called)\b"
    r"|\b(?:have|got|had|hold) (?:a|one|the) (?:spade|heart|diamond|club|trump)"
)
"""A remark about whose lead it was, a suit still held or a claim: another irregularity."""


_CHANGED_AFTER = lazy_pattern(
    r"\b(?:then|and|but|so)\s+(?:\w+\s+){0,3}?(?:wanted|wants|tried|asked|tries|asks)"
    r" (?:to (?:change|swap|switch|take it back|pick it (?:back )?up)\b"
    r"|(?:to (?:play|lead|put) |the )[^.,;!?]{0,25}\binstead\b)"
    r"|\b(?:changed|changes) (?:his|her|my) mind\b"
    r"|\b(?:pulled|took|grabbed|snatched|picked) (?:it|the card|(?:his|her|my|the) \w+) back\b"
)
"""After the card: the player wanting another one, or taking it back."""


_BY_MISTAKE = lazy_pattern(r"\bby (?:mistake|accident)\b|\baccidentally\b|\bwrong\b|\boops\b")


_FROM_OWN_HAND = lazy_pattern(r"[^.;!?]{0,25}?\bfrom (?:his|her|my) (?:own )?hand\b")


_MEANT_CARD = lazy_pattern(
    r"\b(?:i |he |she )?(?:(?:meant|intended|wanted) (?:to play |to lead )?|instead of "
    r"|(?:wants|want) to (?:play|swap it for|change it (?:to|for)) |should have played )"
    r"(?:the |a |my |his |her )?"
    r"(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|[2-9akqjt]|10|small"
    r"|low|high|other|spade|heart|diamond|club|[shdc♠♥♦♣])(?:s\b|\b|(?<=[♠♥♦♣]))"
    r"|\b(?:oops|sorry|no|damn|argh)\W+(?:\w+\W+)?wrong (?:card|one)\b"
    r"|\bwas the wrong (?:card|one)\b|\bnever meant (?:the|to play)\b"
)


_ADDED_TO_A_TRICK = lazy_pattern(
    r"\b(?:on|onto|to) (?:the|a|that|this) trick\b|\bon top\b|\bfifth\b|\b5th\b|\bfive cards\b"
    r"|\bsecond (?:card|one)\b|\bas well\b|\bextra\b|\bas if\b"
    r"|\bas (?:his|her|my|the) (?:last|final|only) card\b"
)
"""A card dropped onto a trick (a fifth card, two cards at once) or put out as if led: played."""


def _own_card_changed(
    lowered: str,
    events: tuple[Event, ...],
    play: PlayStory,
    found: list[Irregularity],
    vocabulary: Vocabulary,
    facts: dict[str, str],
) -> list[Irregularity]:
    """A card the player put out from his own hand and, after it, another card meant or the
    card changed, taken back or wished back ('pulled the ♦4, the 5 sitting next to it',
    'opening lead ♠7 faced, then "sorry, meant the 8"', 'put the sK on it, then said he meant
    to duck'): whether he may is Law 47's question (47F2 unless a law lets him). Read only
    when nothing else is proven and the story tells none of what other laws rule first: a
    dummy card named (45C4(b)), a suit found after a discard (a revoke, 62), a lead out of
    turn, an explanation (47E2), a card dropped or two at once."""
    told = bool(found) and all(i.kind == "card_taken_back" for i in found)
    if told and "retract_reason" in facts:
        return found  # why it is taken back already read
    if (found and not told) or _ANOTHER_MATTER.search(lowered) or _EXPLANATION.search(lowered):
        return found
    if (_PLAYED_AFTER.search(lowered) and _MINE_AFTER.search(lowered)) or _ALSO_MINE.search(
        lowered
    ):
        return found  # the card played after it is asked about (47D), not this one
    if any(e.act in ("expose", "revoke") for e in events) or _only_calls(lowered, events, play):
        return found
    if _FROM_DUMMY.search(lowered):
        return found  # a card named or taken from dummy: the designation's law (45C4(b), 45D)
    quoted = _quoted(lowered)
    cards = {e.start: e for e in events if e.act in _OWN_CARD_ACTS and "alleged" not in e.how}
    starts = [*cards]
    starts += [
        m.start()
        for m in vocabulary.phrases["card_put_out"].finditer(lowered)
        if not any(a <= m.start() < b for a, b in quoted)
    ]
    for start in sorted(starts):
        sentence = _sentence_start(lowered, start)
        rest = _sentence_end(lowered, _sentence_end(lowered, start) + 1)
        meant = vocabulary.phrases["another_card_meant"].search(lowered, sentence, rest)
        changed = next(
            (
                m
                for m in vocabulary.phrases["own_card_changed"].finditer(lowered, start, rest + 1)
                if not lowered.startswith(" of", m.end())  # 'the ace instead of ducking'
                and (
                    m.group(0) not in _INTERJECTIONS
                    or any(a <= m.start() < b for a, b in quoted)
                    or _SAID_BEFORE.search(lowered, max(start, m.start() - 15), m.start())
                )
            ),
            None,
        )  # 'oops', 'sorry', 'wait': the player's own words, not the teller's
        asked = vocabulary.phrases["retraction_asked"].search(lowered, start)
        if meant or changed or asked:
            # nothing a law or an opponent required: his own slip or second thought (47F2),
            # unless another player's card came before the change (whose card is asked
            # about is then left to ask: his own, or the one played after it, 47D)
            said = min(m.start() for m in (meant, changed, asked) if m is not None)
            players = {
                e.actor or e.words
                for e in events
                if e.act in _OWN_CARD_ACTS and "alleged" not in e.how and e.start < said
            }
            own = len(players) < 2 and _from_own_hand(lowered, play, cards.get(start), start)
            proven = {"retract_reason": "changed_mind"} if own else {}
            facts.update(proven)
            return found if told else [Irregularity("card_taken_back", start, proven)]
    return found


_INTERJECTIONS = frozenset(("oops", "whoops", "sorry", "wait"))


def _from_own_hand(lowered: str, play: PlayStory, event: Event | None, start: int) -> bool:
    """The card came out of the player's own hand: a defender's, an opening lead, a card
    pulled or put out by hand, or one told 'from his hand'. Declarer merely 'playing' a card
    may have named it from dummy, where a slip is 45C4(b)'s, not a second thought."""
    sentence = lowered[_sentence_start(lowered, start) : _sentence_end(lowered, start)]
    if _OPENING_LEAD.search(sentence) or lowered.startswith(_HAND_WORDS, start):
        return True
    if event is None:
        return False
    role = event.role or (role_at(play, event.actor) if event.actor is not None else None)
    return (
        role == "defender"
        or lowered.startswith(_PUT_WORDS, event.start)
        or _FROM_OWN_HAND.match(lowered, event.end) is not None
    )


_OPENING_LEAD = lazy_pattern(r"opening (?:lead|card)|first lead")


_HAND_WORDS = (*_PUT_WORDS, "pull", "grab", "took", "placed", "faced", "reached", "drop")
"""Words of a card taken out of the hand by the player himself."""


def _ruled_back(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """The director, as his rectification, sent a played card back ('TD ruled my lead had to
    come back', 'the director made East pick up his card'): what becomes of it is Law 47A's
    question, when nothing else is proven."""
    if found or _NAMED_CARD.search(lowered) or _RULED_OTHERWISE.search(lowered):
        return found
    ruled = _RULED_BACK.search(lowered)
    if ruled is None:
        return found
    mine_too = _ALSO_MINE.search(lowered) or (
        _PLAYED_AFTER.search(lowered) and _MINE_AFTER.search(lowered)
    )  # the teller's own card played after it asked about too: 47A or 47D, asked
    proven = {} if mine_too else {"retract_reason": "rectification"}
    facts.update(proven)
    return [Irregularity("card_taken_back", ruled.start(), proven)]


_RULED_OTHERWISE = lazy_pattern(
    r"\b(?:lowest|highest)\b|\bmust play\b|\brequired to play\b|\b(?:led|lead|leads) again\b"
    r"|\bbefore (?:he|she|declarer) (?:had )?(?:done so|could)\b|\bdropped\b|\bfloor\b|\bcalls?\b"
)
"""A card a rectification required (61A via 57A), one put out before declarer led again
from the right hand (60B), cards dropped or a call: not a played card sent back."""


def _changed_and_mine_played_after(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """Another player's card changed after the teller (or his side) had played to it, and
    whether his own may come back too: Law 47D's question, when nothing else is proven."""
    told = bool(found) and all(i.kind == "card_taken_back" for i in found)
    if (found and not told) or "retract_reason" in facts:
        return found
    changed = _CHANGED_BY_ANOTHER.search(lowered)
    if changed is None or not _PLAYED_AFTER.search(lowered) or _NAMED_CARD.search(lowered):
        return found
    if not _MINE_AFTER.search(lowered, changed.start()):
        return found
    proven = {"retract_reason": "opponent_changed"}
    facts.update(proven)
    return found if told else [Irregularity("card_taken_back", changed.start(), proven)]


_OWN_CARD_ACTS = ("lead", "play", "discard", "ruff")


_ALSO_MINE = lazy_pattern(
    r"\b(?:mine|my (?:own )?\w+|hers|his own|her own|(?:his|her) (?:own )?card"
    r"|(?:pd|partner)'s \w+)"
    r"\b[^.?!]{0,25}\b(?:too|also|as well)\b"
    r"|\b(?:too|also)\b[^.?!]{0,25}\b(?:mine|hers|my (?:own )?(?:card|\w+))\b"
    r"|\b(?:change|swap|switch) (?:too|as well)\b"
)
"""A second card asked about beside the one changed: 'can I change mine too?'."""


_NAMED_CARD = lazy_pattern(
    r"\bmis(?:spoke|named|called|said)\b|\bslip of the tongue\b|\b(?:his|her|the) dummy card\b"
    r"|\bcalled (?:for )?(?:the|a)\b|\bnamed\b"
)
"""A dummy card named and changed: 45C4(b) rules it and the card played after it."""


_FROM_DUMMY = lazy_pattern(
    r"\bfrom (?:the )?(?:dummy|board|table)\b|\b(?:called|calls|named|names|asked for"
    r"|designated)\b|\bdummy's (?:card|\w+ (?:of|card))\b"
    r"|\b(?:said|says|called)(?: to (?:his|her|my) (?:partner|pd))? '(?:\w+ )?(?:ace|king|queen"
    r"|jack|ten|nine|eight|small|low|high|top|win|duck|play|take|cover|any|heart|spade|diamond|club)s?\b"
)
"""A card named from dummy, or dummy's own card: not one from the player's hand."""


_ANOTHER_MATTER = lazy_pattern(
    r"(?<!wasn't a )(?<!not a )\brevok\w*|\breneg\w*|\bshow(?:ed|s)? out\b"
    r"|\b(?:didn't|did not|failed to|not) follow"
    r"|\b(?:had|has|have|found|finds|discovered|had got) (?:a|one|another) (?:spade|heart|diamond"
    r"|club|trump)s?\b|\bout of turn\b|\bwrong (?:hand|defender|side)\b"
    r"|(?<!change )(?<!swap )(?<!switch )(?<!on )(?<!to )(?<!from )"
    r"\b(?:my|his|her|your|their|whose) (?:lead|turn)\b(?! (?:was|is) the)"
    r"|\b(?:two|2|three|3|both) cards\b|\bfifth\b|\b5th\b|\btogether\b"
    r"|\bturned (?:it |his card |her card |my card )?(?:over|face down)\b|\bpenalty\b"
    r"|\bclaim\w*|\bconced\w*|\bdirector\b|\btd\b|\bruling\b|\bruled\b"
    r"|\bour lead\b|\binstead of waiting\b|\bwants? \w+ to lead\b|\bdidn't want (?:that|the) lead"
    r"|\b(?:told|tell|tells|made|makes) (?:him|her|them|me|my partner|pd|\w+)"
    r" (?:to )?(?:pick|take|put)\b"
    r"|\bmust pick\b|\b(?:lowest|highest)\b|\bmust play\b|\brequired\b"
    r"|\bheld\b|\bhover\w*|\bhad (?:the|a|his|her) [^.?!]{0,25}? out\b"
    r"|\bsecond card\b|\bon top\b|\b(?:5|five) cards\b"
    r"|\b(?:see|show|look at|view|check)\b[^.?!]{0,30}\b(?:last|previous|earlier) trick\b"
    r"|\bwhat (?:i|he|she|\w+) (?:had )?played\b|\bturned (?:my|his|her) card\b"
    r"|\basked (?:what|about)\b|\b(?:standard|reverse|upside|udca)\b"
    r"|\b(?:discard\w*|threw|chucked|pitched|tossed|ruffed|trumped)\b[^.?!]{0,15}"
    r"\b(?:a|the|her|his|my) (?:spade|heart|diamond|club)s?\b[^.?!]{0,20}\bon (?:my|his|her|the|a"
    r"|partner's|pd's) (?:spade|heart|diamond|club)"
    r"|\bforgot\b|\b(?:didn't|did not|never) play\b|\bmissed\b|\bskipped\b|\b(?:3|three) cards\b"
    r"|\bbefore (?:dummy|his partner|her partner|partner|pd|my partner)(?:[.!?,]| (?:had played"
    r"|played|could play))|\bcards down\b|\bthe rest\b|\blose (?:one|a trick|the last)\b"
    r"|\b(?:was|am|is|as) dummy\b(?! (?:down|tabled|spread|faced|up))|\b(?:i'm) dummy\b|\(dummy\)"
    r"|\bproduce[sd]?\b|\bdiscarded a\b|\binto account\b|\binformation\b|\bknows?\b"
    r"|\bbid(?:s|ding|dy)?\b|\bpass(?:es|ed)?\b|\bbox\b|\bauction\b"
    r"|\bdummy\b[^.?!]{0,40}\b(?:put on|put the|pulled)\b"
    r"|\bdummy\b[^.?!]{0,12}\b(?:pulled|put|pushed|played|took|grabbed|moved|placed|just)\b"
)
"""What another law rules first, or a director's ruling told (:func:`_ruled_back`): a lead
out of turn, a card an opponent demanded back, a card a rectification required, a card held
up, a second card on a trick, a look at a quitted trick, an explanation, a revoke, a trick
missed, a play before partner, a claim, dummy's own card."""


_RULED_BACK = lazy_pattern(
    r"\b(?:director|td|arbiter|referee|ruling|rectification|rectifying)\b"
    r"(?:(?!\b(?:can't|cannot|can not|couldn't|not|never|won't)\b)(?:[^.?!;'\"]|\b'\b)){0,120}?"
    r"\b(?:(?:pick|picks|picked|take|takes|took|taken|put|puts|get|restore|restored)\b"
    r"(?:[^.?!;'\"]|\b'\b){0,40}?\b(?:back|up)\b(?! to (?:him|her|me))"
    r"|(?:had|has|have|must|would|should|to|will|needed to|need to) (?:be )?(?:go|come) back\b"
    r"|(?:card|lead|it|one) (?:goes|comes|went|came|go|come) back\b"
    r"|withdraw\w*|be (?:withdrawn|retracted)"
    r"|restored to)"
)
"""The director or his ruling sending a card back: 'the TD made her pick her card up',
'ruled W's card had to be taken back', 'as part of his ruling, restored to hand' (an
apostrophe inside a word is no quote: 'the director's ruling')."""


_CHANGED_BY_ANOTHER = lazy_pattern(
    r"\b(?:changed|swapped|switched|replaced|substituted|withdrew|took back|corrected"
    r"|\b(?:let|allowed) \w+ (?:to )?(?:swap|change|replace|take back|switch)"
    r"|was allowed to (?:change|swap|replace|take)|(?:pulled|took|turned) (?:his|her|the) \S+"
    r" back)\b|\bput (?:the|a|his|her) [^.?!;]{0,25}\binstead\b|\bgot changed\b"
)
"""A card changed by the player who played it ('RHO put the club jack instead')."""


_PLAYED_AFTER = lazy_pattern(
    r"(?<!nobody )(?<!no one )(?<!nobody has )(?<!nobody had )(?<!no one had )"
    r"\b(?:played|followed|put (?:my|his|her|the) \S+) (?:after|on it|over it|on (?:his|her))\b"
    r"|\b(?:had |has |'d )?already (?:played|followed|put)\b|\bafter (?:his|her) (?:first|original)"
    r"|\bplayed [^.?!]{0,20}?\bafter (?:him|her|his|it|that)\b|\bfollowed (?:with|low|small)\b"
    r"|\bafter (?:i|he|she|my pd|pd|my partner|partner|[nesw]|east|west|north|south|lho|rho)"
    r" (?:had |'d |has )?(?:played|followed)\b"
    r"|\bafter (?:his|her|the) first card\b"
)
"""The teller's side played to the first card before it was changed."""


_MINE_AFTER = lazy_pattern(
    r"\b(?:change|swap|switch|take back|get back|have back|pick up|withdraw|replace|retract)"
    r" (?:mine|hers|my (?:own )?\w+|(?:his|her) (?:card|one|\w+) (?:too|as well|also)"
    r"|dummy's (?:card|\w+)|the card from dummy)\b"
    r"|\b(?:mine|my (?:card|\w+)|dummy's card|(?:pd|partner)'s \w+)\b[^.?!]{0,20}"
    r"\b(?:back|too|as well|also|stuck|stay)"
    r"|\b(?:retract|take back|change|swap) (?:his|her|my) (?:[shdc♠♥♦♣]?(?:10|[akqjt2-9])\b|own)"
    r"|\b(?:take|get|have|pick) (?:mine|my \w+|(?:his|her) \w+) back\b"
    r"|\b(?:another|a different) card from dummy\b"
)
"""The teller asking about the card he (or dummy, or his partner) played after it."""
