"""Dummy's cards and rights: a wrong card put out, a card designated then changed, dummy acting or
leaving his seat."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.dialogue.play_reader import PlayStory, actor_seat, clause_start
from bot.dialogue.reading.events import Event, Irregularity, _at, _found_at_once, role_at
from bot.dialogue.reading.hesitations import _QUOTE_FOLLOWS
from bot.dialogue.reading.leads import lead_choice_said
from bot.dialogue.reading.proven import TOLD_BOTH_WAYS
from bot.dialogue.reading.vocabulary import Vocabulary
from bot.lazy import lazy_pattern


def _dummy_first(found: list[Irregularity], lowered: str = "") -> list[Irregularity]:
    """Dummy acting in a story of another irregularity - calling the director over a lead
    out of turn, crying 'he revoked!' - is what it asks about: dummy may draw attention to
    an irregularity only after the play (Law 42B3, 43A1), and his act decides what follows.
    Dummy asking to see a trick is that request, ruled with who asked (Law 66). Dummy
    answering a lead out of turn told before his words ('E led out of turn; dummy said
    "fine, play on"') chose nothing: the choice is declarer's (53A), still to be made, and
    the lead is the matter; dummy's words come after it."""
    dummy = [i for i in found if i.kind in ("dummy_acted", "dummy_spoke")]
    if not dummy or len(dummy) == len(found):
        return found
    lead = next((i for i in found if i.kind == "lead_out_of_turn"), None)
    if (
        lead is not None
        and lead.start < min(i.start for i in dummy)
        and any(lead_choice_said(lowered, i.start) for i in dummy)
    ):
        return [lead, *(i for i in found if i is not lead)]
    if lead is not None and (
        lead.facts.get("lead_event") == "told_turn"
        or lead.facts.get("lead_response") in ("accept", "wrong_defender")
    ):  # dummy's words told the player it was his lead and he led (47E1), or the lead was
        # already played to (53A, 53C): what becomes of the lead is the matter; dummy's
        # rights only where the story asks about them (_dummy_asked_about)
        return [lead, *(i for i in found if i is not lead)]
    if lead is not None and "lead_event" not in lead.facts:
        # an opening lead whose named leader and contract disagree ('1NT by N, W on lead. E
        # leads'): the seats that would make the speaker dummy are the ones in doubt, and the
        # lead is what the story tells
        return [lead, *(i for i in found if i is not lead)]
    ended = [i.start for i in found if i.kind in ("claim", "concession")]
    if ended and min(ended) < min(i.start for i in dummy):
        return found  # a claim or concession ends the play (68D): dummy speaking after it is
        # no act during the play, and what was claimed or conceded is the matter
    if any(i.kind == "trick_inspection" for i in found):
        return [
            *(i for i in found if i.kind == "trick_inspection"),
            *(i for i in found if i.kind != "trick_inspection"),
        ]
    return [*dummy, *(i for i in found if i not in dummy)]


def _dummy_asked_about(lowered: str, found: list[Irregularity]) -> list[Irregularity]:
    """Dummy drew attention to a lead out of turn and the story asks whether he could ('can
    dummy do that?', 'as dummy I called the director - was I allowed to?'): dummy's rights are
    the matter (Law 43A1); the lead is told as what he reacted to."""
    kinds = {i.kind for i in found}
    if "lead_out_of_turn" not in kinds or not kinds & {"dummy_acted", "dummy_spoke"}:
        return found
    asked = _DUMMY_QUESTION.search(lowered) or (
        _ASKER_DUMMY.search(lowered) and _MAY_I.search(lowered)
    )
    if not asked:
        return found
    return [replace(i, settled=True) if i.kind == "lead_out_of_turn" else i for i in found]


_DUMMY_QUESTION = lazy_pattern(
    r"\b(?:can|could|may|should|is|was|isn't|wasn't)\s+(?:the\s+)?dummy\s+(?:allowed\s+to\s+|"
    r"supposed\s+to\s+|meant\s+to\s+)?(?:do|say|point|call|warn|ask|draw|speak|mention|tell"
    r"|remark|comment)\b|\bdummy's (?:remark|comment|words)\b"
    r"|\b(?:had|has) no (?:business|right) (?:saying|speaking|to say|to speak|calling|doing)\b"
    r"|\b(?:dummy|he|she) (?:shouldn't|should not) have (?:said|spoken|called|done)\b"
)


_MAY_I = lazy_pattern(r"\b(?:was|am) i (?:allowed|entitled)\b|\bcan i do that\b|\bmay i do that\b")


def _dummy_wrong_card(
    lowered: str, vocabulary: Vocabulary, facts: dict[str, str], teller_dummy: bool = False
) -> list[Irregularity]:
    """Dummy put out a card other than the one declarer named (Law 45D), and whether it was
    noticed before both sides had played to the next trick. ``teller_dummy``: the teller is
    dummy, so his own card put out 'instead' is dummy's."""
    wrong = _DUMMY_WRONG.search(lowered)
    if wrong is not None and _ANOTHER_INSTEAD.search(wrong.group(0)):
        wrong = None  # 'dummy played the ace and she wanted a small one instead': hers
    wrong = (
        wrong
        or _NAMED_THEN_DUMMY_OTHER.search(lowered)
        or (_I_AS_DUMMY_WRONG.search(lowered) if teller_dummy else None)
    )
    if wrong is None:
        return []
    proven = {"played_card_event": "dummy_wrong"}
    if _UNASKED.search(wrong.group(0)) and not _PLAYED_ON_IT.search(lowered, wrong.end()):
        # a card dummy put forward before declarer named any: played (45D) or only pointed
        # at (45F) is what the director decides from how far it went; the tellers differ,
        # so it is asked, whatever words ('dummy reached') say one or the other
        proven = {"played_card_event": TOLD_BOTH_WAYS}
    timing = vocabulary.timing
    in_time = timing["before_next_trick"].search(lowered) or _found_at_once(lowered, vocabulary)
    later = timing["found_later"].search(lowered)
    if in_time and not later:
        proven["dummy_card_noticed"] = "before"
    elif later and not in_time:
        proven["dummy_card_noticed"] = "after"
    facts.update(proven)
    return [Irregularity("dummy_wrong_card", wrong.start(), proven)]


_DUMMY_WRONG = lazy_pattern(
    r"(?<!from )(?<!in )(?<!on )(?<!to )\bdummy\W+(?:\w+\W+){0,3}?"
    r"(?:played|plays|put|puts|pulled|pulls|gave|moved|grabbed|grabs|picked|picks|pushed|pushes"
    r"|took|takes|threw|throws)\b[^.;!?]{0,100}?"
    r"(?:\bwrong card\b|\binstead\b(?! of waiting)"
    r"|\bwithout (?:me|declarer|him|her|anyone) (?:saying|asking|calling|naming)\b"
    r"|\bbefore (?:i|declarer|decl|he|she) (?:had )?(?:even )?(?:said|asked|called|named)"
    r" (?:for )?(?:anything|a card|any card)\b"
    r"|\b(?:i|declarer|he|she) (?:never|didn't|did not) (?:ask|asked|call|called|name|named)"
    r" for it\b"
    r"|\b(?:but|when|while|though|although) declarer\b[^.;!?]{0,15}?"
    r"\b(?:said|called|asked for|named|wanted)\b"
    r"|\(declarer (?:had )?(?:said|called|asked for|named)\b"
    r"|\bnot what (?:i|he|she|declarer|decl) (?:had )?(?:called|asked for|named|said)\b)"
)
"""'dummy played the HT but declarer had said HJ', 'dummy put the wrong card out'."""
_ANOTHER_INSTEAD = lazy_pattern(
    r"(?:\n|(?<!\w)['\"]|\b(?:and|then|but)\s+(?:then\s+)?(?:i|he|she|we|they|rho|lho|declarer|decl"
    r"|east|west|north|south)\b)[^\n]*\binstead\s*$"
)
"""'instead' told of another player's act after dummy's, or on another line, or in a remark:
not what dummy put out."""
_UNASKED = lazy_pattern(
    r"\bwithout (?:me|declarer|him|her|anyone) (?:saying|asking|calling|naming)\b"
    r"|\bbefore (?:i|declarer|decl|he|she) (?:had )?(?:even )?(?:said|asked|called|named)"
    r" (?:for )?(?:anything|a card|any card)\b"
    r"|\b(?:never|didn't|did not) (?:ask|asked|call|called|name|named) for it\b$"
)
"""The ends of :data:`_DUMMY_WRONG` where declarer had named no card at all."""
_PLAYED_ON_IT = lazy_pattern(
    r"\b(?:played|plays|follow(?:ed|s)|put|threw|discarded|ruffed)\b[^.;!?]{0,20}?"
    r"\b(?:on|to) (?:it|that|the trick)\b"
)
"""The next player played to dummy's unnamed card ('then LHO played low on it'): the card was
in the played position, so it is dummy's card declarer did not name (45D), not only pointed."""
_I_AS_DUMMY_WRONG = lazy_pattern(
    r"\bi (?:\w+ ){0,4}?(?:played|put|pulled|gave|moved|grabbed|picked|pushed|took|threw)\b"
    r"[^.;!?]{0,80}?\b(?:the wrong card|instead of (?:the|a) (?:small|low|little|other|right)"
    r"|not the (?:one|card) (?:he|she) (?:said|named|asked for|called|wanted))\b"
)
"""The teller, dummy, put out another card than declarer's ('I put the king of diamonds on the
table instead of the small one')."""
_NAMED_THEN_DUMMY_OTHER = lazy_pattern(
    r"\b(?:declarer|decl|i|he|she) (?:called|asked|named|said|wanted)\b[^.;!?]{0,40}?"
    r"\b(?:but|and|yet) dummy (?:then |instead |still )?(?:played|put|pulled|gave|threw|moved"
    r"|grabbed|picked|took|pushed)\b(?! (?:it|that|them|the card|the same)\b)"
)
"""The other order: 'declarer called for the jack from dummy but dummy played the queen'."""


def _designation_changed(
    lowered: str, found: list[Irregularity], facts: dict[str, str]
) -> list[Irregularity]:
    """Declarer named one of dummy's cards and then said another ("'small club' then 'no wait,
    the queen'"): whether he may change it is 45C4(b). When he meant another and an opponent
    had played after the card named ("called 'four of clubs' when I meant the four of
    diamonds; RHO then played"), whether that card goes back too is the question (47C,
    47D)."""
    candidates = sorted(
        [*_NAMED_FROM_DUMMY.finditer(lowered), *_NAMED_FROM_DUMMY_BY_ANYONE.finditer(lowered)],
        key=lambda m: m.start(),
    )
    named = next(
        (
            m
            for m in candidates
            if all(
                _CARD_WORDS_SAID.search(m[g])
                for g in ("said", "words")
                if g in m.re.groupindex and m[g] is not None
            )
        ),
        None,
    )  # 'said "I'm giving you a diamond"': no card of dummy's named
    if named is None:
        return found
    said = named.group("said")
    rethink = _RETHINK.search(lowered, named.end())
    changed = _NAMED_ANOTHER.search(lowered, named.end()) or rethink
    if changed is None:
        return found
    if _another_speaks(lowered, named, changed.start()):
        return found  # "S says 'club jack' ... then E says 'no, the queen'": no change of his
    if (
        said is not None
        and _INCOMPLETE_SAID.match(said)
        and not _SAID_CORRECTION.search(lowered, named.end())
    ):
        return found  # 'said "high" ... meant the K': an incomplete designation (Law 46B)
    slip = _SLIP.search(lowered) is not None
    # declarer's own taking back of the card named is the change of designation itself
    rest = [i for i in found if i.kind not in ("dummy_card_named", "card_taken_back")]
    if not any(i.kind == "lead_out_of_turn" for i in rest):  # 'played a heart on it': on the
        rest = [i for i in rest if i.kind != "played_after_irregular_lead"]  # card named
    opponent_after = slip and _OPPONENT_PLAYED_AFTER.search(lowered, named.end()) is not None
    if not (
        opponent_after
        or _SAID_CORRECTION.search(lowered, named.end())
        or _SAID_MEANT.search(lowered, named.end())
        or rethink
    ):
        return found  # named in full but meant another, no correction said: Law 46A with 45C4
    else:
        # a slip put right after an opponent had played too: 45C4(b) says both whether it may
        # be changed and that his card may go back (docs/labelling.md; 47D only points there)
        proven = {"played_card_event": "dummy_named"}
        if slip:
            proven["designation_naming"] = "slip"
        elif rethink:
            proven["designation_naming"] = "rethink"  # 'then changed his mind' (45C4b: no)
        since = _DECLARER_PLAYED_SINCE.search(lowered, named.end())
        if since is not None:  # 45C4(b): he may correct it until he plays again from either hand
            proven["designation_played_since"] = "no" if since.group("not") else "yes"
        facts.update(proven)
        told = Irregularity("designation_changed", named.start(), proven)
    return sorted([*rest, told], key=_at)


_NAMED_FROM_DUMMY = lazy_pattern(
    r"\b(?:decl|declarer|i|he|she)\b(?:[\s,]+[\w']+){0,6}?[\s,]+"
    r"(?:said|says|called|calls|asked for|named|names|misnamed|miscalled)\s+"
    r"(?:for\s+)?(?:the\s+|a\s+)?(?:['\"](?P<said>[^'\"]{1,30})['\"]|dummy card|dummy's card"
    r"|wrong card|(?:\S+\s+){0,2}?\S{1,8} from (?:the )?(?:dummy|board|table|caddy)\b)"
)


_NAMED_FROM_DUMMY_BY_ANYONE = lazy_pattern(
    r"\b(?:said|says|called|calls|asked for|asked|named|names|misnamed|miscalled)\s+"
    r"(?:for\s+)?(?:the\s+|a\s+)?(?:['\"](?P<said>[^'\"]{1,30})['\"]\s+"
    r"|(?P<words>(?:[^\s'\"]+\s+){0,3}?[^\s'\"]{1,8})\s+)"
    r"from (?:the )?(?:dummy|board|table|caddy)\b"
)
"""A card named from dummy, whoever the story says named it ('Pat called "ten of hearts" from
dummy', 'Jean asked for the queen of spades from dummy'): only declarer names dummy's cards."""


_CARD_WORDS_SAID = lazy_pattern(
    r"^\W*(?:\w+\W+){0,3}?(?:ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two"
    r"|small|low|high|top|spade|heart|diamond|club|[2-9akqjt]|10)s?\b(?:\W+\w+){0,3}\W*$"
)
"""The words said name a card, a suit or a rank ('four of clubs', 'small club', 'diamond 3')."""


_INCOMPLETE_SAID = lazy_pattern(r"^(?:the )?(?:small|low|high|top|little one|win it|anything)\W*$")


def _another_speaks(lowered: str, named: re.Match[str], changed: int) -> bool:
    """The other card is said by a player other than the one who named the first: a player
    named just before 'says' or 'said', between the naming and the change, who is not the
    player named just before the naming."""
    other = _SPEAKER_BEFORE.search(lowered, named.end(), changed)
    if other is None:
        return False
    namer = _SUBJECT_BEFORE.search(lowered, max(0, named.start() - 30), named.start())
    return namer is None or namer.group(1) != other.group(1)


_SPEAKER_BEFORE = lazy_pattern(
    r"\b([nesw]|north|east|south|west|lho|rho|opps?|opponents?|defenders?|dummy|pd|partner)"
    r"\s+(?:then\s+|immediately\s+|just\s+)?(?:says|said|goes|went)\b"
)
_SUBJECT_BEFORE = lazy_pattern(
    r"\b(\w+)\s+(?:then\s+|just\s+)?(?:$|(?:says|said|called|calls|asked)\b)"
)


_NAMED_ANOTHER = lazy_pattern(
    r"\b(?:when (?:i|he|she) )?meant\b|\binstead(?: of)?\b|['\"](?:no|sorry|oops|wait|i mean|oh)\b"
    r"|\bno wait\b|\bslip of the tongue\b|\btongue slipped\b|\bmisnamed\b"
    r"|\bsaid the wrong (?:suit|card|one)\b"
)


_RETHINK = lazy_pattern(
    r"\bchanged (?:his|her|my) mind\b|\bsecond thoughts\b|\breconsider(?:ed)?\b"
    r"|\bthought better of it\b"
)
"""A change of mind, not a slip: 45C4(b) does not let it be corrected."""


_SAID_CORRECTION = lazy_pattern(
    r"['\"](?:no|sorry|oops|wait|i mean|oh)\b|\bno wait\b"
    r"|\b(?:fixed|corrected|changed) it (?:in the same breath|immediately|at once|straight away)\b"
)
"""The correction said at the table, not only the card meant."""


_SAID_MEANT = lazy_pattern(
    r"\b(?:then |and )?said (?:that )?(?:he|she|i) (?:had )?meant\b"
    r"|\bsaid (?:so|it) (?:straight away|at once|immediately|in the same breath)\b"
)
"""The correction told rather than quoted ('then said he meant the jack'): a card named in
full and another meant (45C4b). It does not make a card named only 'high' complete (46B)."""


_SLIP = lazy_pattern(
    r"\bslip\b|\btongue\b|\bmisnamed\b|\bmisspoke\b|\bby accident\b"
    r"|\bsaid the wrong (?:suit|card|one)\b|\bwhen (?:i|he|she) meant\b"
)


_DECLARER_PLAYED_SINCE = lazy_pattern(
    r"\b(?:(?P<not>hasn't|hadn't|has not|had not|not yet|never|didn't|did not)\s+(?:yet\s+)?"
    r"|(?:then|already|since)\s+(?:he\s+|declarer\s+)?(?:had\s+|has\s+)?)"
    r"played\s+(?:anything\s+|a card\s+|another card\s+)?from\s+(?:his|her|my)\s+(?:own\s+)?hand\b"
)
"""Whether declarer has played from his hand since naming dummy's card."""


_OPPONENT_PLAYED_AFTER = lazy_pattern(
    r"\b(?:lho|rho|defender|opponent|opp|east|west|north|south|[nesw])\b(?:\s+\w+){0,3}?\s+"
    r"(?:then |had |has |already |since )*(?:played|followed)\b"
    r"|\b(?:played|followed) after\b"
)


def _dummys_card_handled(
    lowered: str, found: list[Irregularity], facts: dict[str, str], play: PlayStory | None = None
) -> list[Irregularity]:
    """A card of dummy's moved before declarer named one: by dummy himself ('dummy pulled out
    the ♠Q before i said anything': 45F, event ``dummy_pointed``) or by declarer's hand or
    sleeve on the way to another ('reaching for the 9 my sleeve knocked the jack', 'lifted
    the ♥J out of the way': 45C3, event ``dummy_touched``). Only when nothing else is proven:
    a dummy card named or played wrongly has its own readers."""
    if found:
        return found
    for sentence in _SENTENCE.finditer(lowered):
        words = sentence.group(0)
        by_seat = _moved_by_dummys_seat(lowered, sentence.start(), words, play)
        if (not _DUMMY_CARD_WORDS.search(words) and by_seat is None) or _CALLED_FOR.search(words):
            continue  # a card named from dummy: the designation readers'

        by_dummy = _DUMMY_MOVED.search(words)
        if by_dummy is not None and _UNASKED.search(words, by_dummy.end()):
            proven = {"played_card_event": "dummy_pointed"}
            facts.update(proven)
            return [Irregularity("dummy_card_moved", sentence.start() + by_dummy.start(), proven)]
        if by_dummy is not None and (
            _UNASKED_BEFORE.search(words, 0, by_dummy.start())
            or _STILL_THINKING.search(words, 0, by_dummy.end())
        ):
            moved: re.Match[str] | None = by_dummy
        else:
            moved = by_seat  # its unasked words read with it
        if moved is not None and not _PUT_ON_TRICK.search(words, moved.start()):
            # a card put on the trick is dummy's play of an unnamed card, asked (45D/45F)
            # 'before declarer said anything dummy pushed the CA forward', 'im dummy... i
            # just pushed the DK forward before pd said a word': dummy by role or by seat
            proven = {"played_card_event": "dummy_pointed"}
            facts.update(proven)
            return [Irregularity("dummy_card_moved", sentence.start() + moved.start(), proven)]
        touched = _TOUCHED.search(words)
        if (
            touched is not None
            and not _DUMMY_MOVED.search(words)
            and not _DUMMY_TOUCHED.search(words)
            and _DECLARER_HAND.search(words)
            and not _ONTO_A_TRICK.search(words)
        ):
            proven = {"played_card_event": "dummy_touched"}
            facts.update(proven)
            start = sentence.start() + touched.start()
            return [Irregularity("dummy_card_touched", start, proven)]
    return found


_SENTENCE = lazy_pattern(r"[^.;!?]+")


def _moved_by_dummys_seat(
    lowered: str, start: int, words: str, play: PlayStory | None
) -> re.Match[str] | None:
    """A card moved forward or out by the player the seats prove dummy ('im dummy... i just
    pushed the DK forward', 'N was dummy and pulled out the C3'), before anything was asked
    of him: the unasked words follow the move here."""
    if play is None:
        return None
    speaker = play.story.speaker
    dummy = (
        play.declarer.partner
        if play.declarer is not None
        else speaker
        if play.speaker_role == "dummy"
        else None
    )
    if dummy is None:
        return None
    for moved in _MOVED.finditer(words):
        if not _UNASKED.search(words, moved.end()) and not _UNASKED_BEFORE.search(words):
            continue
        at = start + moved.start()
        floor = clause_start(lowered, at)
        if actor_seat(play, max(floor, start), at) is dummy:
            return moved
    return None


_MOVED = lazy_pattern(
    r"\b(?:pushed|pushes|pulled|pulls|slid|slides|nudged|nudges|moved|moves)"
    r"\b[^.;!?]{0,40}?\b(?:forward|out|towards the middle)\b"
)
"""A card of dummy's brought forward or out of his row."""
_PUT_ON_TRICK = lazy_pattern(
    r"\b(?:put|puts|plonked|placed|played|dropped)\b[^.;!?]{0,25}?"
    r"\b(?:in|into|on|onto) (?:the )?(?:middle|trick|table)\b"
)
"""The card brought out and put on the trick: dummy playing a card not named, which the
labels tell either way - asked."""
_UNASKED_BEFORE = lazy_pattern(
    r"\bbefore (?:declarer|decl|i|he|she|partner|pd|my partner|my pd|anyone|any(?:body)?"
    r"|[nesw]|north|south|east|west)(?:'d| had| has)?"
    r" (?:said|say|called|call|asked|named|spoke|instructed|did) (?:anything"
    r"|a word|for anything|a card)\b|\bbefore any instruction\b"
    r"|\bbefore (?:declarer|decl|i|he|she|partner|pd|my partner|my pd|[nesw]|north|south"
    r"|east|west)(?:'d| had| has)?"
    r" (?:said|called|asked|named|call|ask)\b"
)
"""Declarer had asked for nothing yet, told anywhere in the sentence."""


_CALLED_FOR = lazy_pattern(r"\b(?:called|calls|named|names|asked) (?:for )?(?:the|a|dummy's)\b")


_DUMMY_CARD_WORDS = lazy_pattern(r"\bdummys?\b|\bdummy's\b|\bthe board\b|\bfrom the row\b")


_DUMMY_MOVED = lazy_pattern(
    r"\b(?:dummy|he|she)\W+(?:\(\w+(?: \w+)?\)\W+)?(?:(?:with|while|as) [^,.;!?()]{1,40},\s*)?"
    r"(?:(?:just|already|then|had|has|himself"
    r"|herself|\w+ly)\s+){0,2}(?:reached out and |reached over and )?"
    r"(?:pushed|pushes|pulled|pulls|slid|slides|nudged|nudges|picked|picks|took|takes|put|puts"
    r"|moved|moves)\b"
)
"""Dummy (or 'he' of a dummy) moving one of his cards."""


_ANOTHER_INSTEAD = lazy_pattern(
    r"(?:\n|(?<!\w)['\"]|\b(?:and|then|but)\s+(?:then\s+)?(?:i|he|she|we|they|rho|lho|declarer|decl"
    r"|east|west|north|south)\b)[^\n]*\binstead\s*$"
)
"""'instead' told of another player's act after dummy's, or on another line, or in a remark:
not what dummy put out."""
_UNASKED = lazy_pattern(
    r"\bbefore (?:(?:declarer|decl|i|he|she|partner|pd|my partner|my pd|anyone|any(?:body)?)"
    r" (?:had )?(?:said|say|called|call|asked|named|spoke|instructed|did|says)|any instruction)"
    r"|\bwithout (?:being (?:asked|told)|a word|declarer|me|him|her)\b|\bhimself\b|\bherself\b"
    r"|\b(?:on his own|on her own|alone)\b"
    r"|\b(?:with|while) (?:declarer|decl|pd|partner|my partner|my pd) (?:was )?still thinking\b"
)
"""Declarer had named no card yet."""


_STILL_THINKING = lazy_pattern(
    r"\b(?:with|while) (?:declarer|decl|pd|partner|my partner|my pd) (?:was )?still thinking\b"
)
"""Told before or around dummy's act: declarer had not yet named a card."""


_TOUCHED = lazy_pattern(
    r"\b(?:touch(?:ed|es)|brush(?:ed|es)|nudg(?:ed|es)|knock(?:ed|s)|lift(?:ed|s)|slid"
    r"|(?:touch|brush|nudg|knock|lift)ing (?=(?:it|the|a|an|one|dummy's|his|her|my)\b)"
    r"|(?:sleeve|hand|finger|arm) (?:caught|catches)|(?:caught|catches) dummy's"
    r"|took hold of|takes hold of"
    r"|put (?:his|her|my) finger (?:right )?on|pushed (?:them|the \w+) (?:back|together|into))\b"
)


_DUMMY_TOUCHED = lazy_pattern(r"\bdummy\W+(?:\w+\W+){0,2}?(?:touched|touches|pointed|points)\b")
"""Dummy himself touching a card: dummy's rights (43), not declarer's touch."""


_ONTO_A_TRICK = lazy_pattern(
    r"\bsecond (?:card|one)\b|\bfifth\b|\b(?:5|five) cards\b|\bcomplete with\b|\bextra card\b"
    r"|\bsame trick\b"
)
"""A card of dummy's put onto a trick already complete: a fifth card (45E), not a touch."""


_DECLARER_HAND = lazy_pattern(
    r"\b(?:declarer|decl|declaring|(?:his|her|my) (?:sleeve|finger|hand|arm))\b"
    r"|\b(?:i|he|she) (?:was )?reach\w*"
)
"""Declarer's own hand in the sentence: dummy's card touched by him, not by dummy."""


def _dummy_left_his_seat(lowered: str) -> int | None:
    """Dummy, the subject of the sentence, left his place to watch or look at a hand, or
    changed seats with declarer ('dummy got up and stood behind declarer', 'as dummy i
    glanced at lho's cards', 'pd and i swapped seats when i was dummy'): Law 43A2."""
    for sentence in _SENTENCE.finditer(lowered):
        words = sentence.group(0)
        changed = _SEATS_CHANGED.search(words)
        if changed is not None and re.search(r"\bdummy\b", words):
            return sentence.start() + changed.start()
        moved = _DUMMY_WENT.search(words)
        if moved is not None and not _ASKED_WHETHER.search(words, 0, moved.start()):
            return sentence.start() + moved.start()
    return None


_SEATS_CHANGED = lazy_pattern(r"\b(?:swapped|switched|changed|exchanged) (?:seats|chairs|places)\b")


_DUMMY_WENT = lazy_pattern(
    r"(?:\bdummy\b|\(dummy\)|\bas dummy,? i\b|\bi was dummy\b"
    r"|\bwas dummy,? (?:and |when |then )?(?:he|she)\b)"
    r"(?:(?!\b(?:down|he|she|they|we|i|declarer|lho|rho)\b)[^.;!?'\"]){0,40}?\b"
    r"(?:stood|stand|standing|walked|wandered|went|came|got up|leaned|leant|glanced|glancing"
    r"|peeked|peeking|looked|looking|had a (?:good |quick )?look)"
    r"(?: up)?(?: (?:and|to) \w+)?\s+(?:round|around|behind|over|at|into)\b"
)
"""Dummy moving from his seat or looking at a hand: 'stood behind', 'wandered round',
'glanced at lho's cards', 'looked at my hand'."""


_ASKED_WHETHER = lazy_pattern(r"\b(?:can|may|could|is|if|whether)\b[^.;!?]*$")
"""A question whether dummy may (not what he did)."""


def _dummy_act(lowered: str, vocabulary: Vocabulary) -> str | None:
    """What dummy did, from the sentences that speak of dummy (the vocabulary's order
    decides when a story tells several)."""
    about_dummy = " . ".join(
        sentence for sentence in re.split(r"[.;!]", lowered) if re.search(r"\bdummy\b", sentence)
    )
    return next((kind for kind, words in vocabulary.dummy_acts if words.search(about_dummy)), None)


_ASKER_DUMMY = lazy_pattern(
    r"\bas dummy,? i\b|\bi'm dummy\b|\bi was dummy\b|\bdummy (?:asks|asked|wants|wanted)\b"
)


def _dummy_acted(lowered: str, event: Event) -> bool:
    """Dummy is the subject ('dummy nodded', 'my pd (dummy) called the td', 'as dummy i
    peeked'), and a remark counts only with its words quoted."""
    if event.act not in ("remark", "signal") or event.role != "dummy":
        return False
    if event.words in ("i", "me") and (
        event.act == "signal" or _QUOTE_FOLLOWS.match(lowered, event.end)
    ):
        return True  # 'I was dummy ... can I ask him 'no hearts?'': the speaker, dummy, himself
    if event.act == "remark" and not _QUOTE_FOLLOWS.match(lowered, event.end):
        return False
    before = lowered[clause_start(lowered, event.start) : event.start]
    return _DUMMY_SUBJECT.search(before) is not None


def _dummy_acted_by_reference(lowered: str, play: PlayStory, event: Event) -> bool:
    """'N was dummy, halfway through he called the TD', 'my pd was dummy and stood behind me,
    then he piped up when lho didn't follow': 'he' is the player the sentence is about, when
    that player is dummy and nobody else is named as a subject before 'he'; 'E was dummy ...
    E called the td': the seat is dummy's. A remark counts with its words quoted or told as
    speaking about something ('piped up when ...')."""
    if event.act not in ("remark", "signal"):
        return False
    if event.act == "remark" and not (
        _QUOTE_FOLLOWS.match(lowered, event.end) or _SPOKE_ABOUT.match(lowered, event.end)
    ):
        return False
    if event.actor is not None and event.words not in ("i", "me"):
        # 'E was dummy ... E called the td': the seat named is dummy's
        return role_at(play, event.actor) == "dummy" and event.role == "dummy"
    if event.words not in ("he", "she"):
        return False
    sentence = clause_start(lowered, event.start)
    if not any(
        sentence <= p.start < event.start for p in play.story.players if p.kind != "pronoun"
    ):
        sentence = clause_start(lowered, max(0, sentence - 1))  # 'he' opens it: the one before
    named = [
        p
        for p in play.story.players
        if sentence <= p.start < event.start and p.kind != "pronoun" and p.words not in ("me",)
    ]
    if not named:
        return False
    first = named[0]
    dummy = (first.seat is not None and role_at(play, first.seat) == "dummy") or bool(
        _WAS_DUMMY.match(lowered, first.end)
    )
    return dummy and len(named) == 1


_SPOKE_ABOUT = lazy_pattern(r"\s+(?:up\s+)?(?:when|about|that|to say)\b")


_WAS_DUMMY = lazy_pattern(r"\s*(?:\(|,\s*)?(?:who (?:was|is) |was |is )(?:the )?dummy\b")


_DUMMY_SUBJECT = lazy_pattern(
    r"(?:(?<!from )(?<!in )(?<!on )(?<!to )(?<!of )(?<!at )(?<!with )\bdummy\)?"
    r"|\bas dummy,? i|\bi'm dummy,? i)\W*(?:\w+\W+){0,15}$"
)


def _dummy_broke_a_limit_first(lowered: str, found: list[Irregularity]) -> bool:
    """Dummy left his seat to look at a hand, or swapped places with declarer (43A2), and
    acted again later in the story ('dummy got up and looked at my hand, then asked declarer
    "no spades?"'): a limit broken before the later act, which changes what that act costs
    (43B2, 43B3). Told, so not asked."""
    broke = _LIMIT_BROKEN.search(lowered)
    if broke is None:
        return False
    later = [
        i
        for i in found
        if i.kind in ("dummy_acted", "dummy_spoke", "revoke_asked", "revoke")
        and i.start > broke.end()
    ]
    if not later:
        return False
    if _SWAPPED_WITH.search(broke.group(0)):
        return True
    went = _DUMMY_WENT.search(lowered, max(0, broke.start() - 60), broke.end() + 20)
    return went is not None and went.end() >= broke.start()  # dummy the one who moved


_LIMIT_BROKEN = lazy_pattern(
    r"\b(?:got up|stood up|stood behind|walked (?:round|around|over)|wandered (?:round|around|over)"
    r"|went (?:round|around|behind))\b[^.;!?]{0,40}?\b(?:look\w*|peek\w*|glanc\w*|watch\w*)\b"
    r"|\b(?:looked|peeked|glanced|looking|peeking)\s+(?:at|into)\s+(?:my|his|her|declarer's"
    r"|decl's|lho's|rho's|a defender's|the defenders'|[nesw]'s)\s+(?:hand|cards)\b"
    r"|\b(?:swapped|switched|exchanged) (?:seats|places|hands) with (?:the )?(?:declarer|dummy)\b"
)
"""A limit of 43A2 broken: moving to watch or look, a hand looked into, places swapped."""


_SWAPPED_WITH = lazy_pattern(r"\b(?:swapped|switched|exchanged)\b")
