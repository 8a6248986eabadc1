"""A card a player put out from his own hand and at once regretted (Law 47F2).

Why a played card is wanted back decides which part of Law 47 rules. The plainest case is the
player's own regret: he put a card out ('pulled the 4 sitting next to the 5', 'led the HQ face
up', 'tossed the 2') and then his own words or hands say he wanted another ('no wait, the 8',
'I meant the king', 'realised a spade was better', 'snatched it back'). That is proven only
when the card is his own hand's, not one declarer named from dummy (a slip of the tongue
there is 45C4(b)): the player is a defender (said so, by seat, or as the opening leader), or
the card is told from his hand or handled (pulled, lying next to the one wanted). Any word of
another case - a revoke put right, a lead out of turn, the director's ruling, an explanation,
an opponent's word that it was his turn or an opponent's own change - leaves it asked.
"""

from __future__ import annotations

from bot.dialogue.change_followed import ASKED, Who, asker_at, who_at
from bot.dialogue.play_reader import PlayStory, clause_end
from bot.lazy import lazy_pattern

_CARD_OUT = lazy_pattern(
    r"\b(?:played|plays|play|led|leads|lead|put|puts|placed|pulled|pulls|tossed|threw|throws"
    r"|faced|turned up|dropped|followed|follows|ruffed|discarded|grabbed)\b"
    r"(?=[^.;!?]{0,25}?(?:[♠♥♦♣]|\b(?:[shdc](?:[2-9akqjt]|10)|(?:[2-9akqjt]|10)[shdc]"
    r"|ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce|card|lead|it)\b))"
    r"|\b(?:made|making|faced) (?:my|his|her|the|an?) (?:opening |first )?lead\b"
)
"""A card put on the table by the player whose act it is."""

_OPENING = lazy_pattern(
    r"\b(?:opening|first) lead\b|\b(?:at|to|on) trick (?:1|one)\b|\btrick 1,|\bt1\b"
    r"|\bdummy (?:hadn't|had not|hasn't|has not|was not|wasn't|not|still not) (?:yet )?"
    r"(?:come |gone |been put |put |been )?(?:down|tabled|faced)\b"
    r"|\bbefore dummy (?:came|went|was|had)\b|\bdummy still in\b"
)
"""The lead was the opening lead: only a defender makes it."""

_REGRET = lazy_pattern(
    r"\b(?:meant|intended)\b|\bwanted (?:the|to|a|an|it back)\b|\bwants? to (?:change|swap|switch"
    r"|lead|play|duck)\b|\b(?:i|he|she)'?d rather\b|\b(?:would|'d) rather\b|\bshould have\b"
    r"|\bwrong (?:card|one)\b|\bby mistake\b|\bmistake\b|\boops\b|\bchanged? (?:his|her|my) mind"
    r"|\bsecond thoughts?\b|\bbetter\b|\breali[sz]ed\b|\bdidn'?t mean\b|\bdid not mean\b"
    r"|\bno,? wait\b|\bwait,? no\b|\bhang on\b|\bhold on\b|\blet me\b|\bin a daze\b"
    r"|\bbrain (?:fade|freeze)\b|\binstead of the\b|\bnot concentrated\b|\bnee\b"
    r"|\b(?:snatched|grabbed|pulled|picked|took) it (?:back|up)\b|\breached (?:out )?to\b"
    r"|\btried to (?:swap|change|put it back|take it back)\b|\bthought about it\b"
    r"|\bsaw (?:my|his|her) mistake\b|\bsaw (?:i|he|she) (?:should|could)\b"
    r"|['\"](?:oh |ah )?(?:no|sorry|pardon|whoops)\b"
    r"|\b(?:changed|swapped|switched) it (?:to|for)\b|\bpicked it up (?:to|and)\b"
    r"|\b(?:can|may|could) (?:i|he|she) (?:change|switch|swap) to (?:a|the|an)\b"
)
"""The player's own words or hands that the card out was not the one he wanted."""

_OWN_HAND = lazy_pattern(
    r"\bfrom (?:my|his|her) (?:own )?hand\b|\bout of (?:my|his|her) hand\b|\bpulled\b"
    r"|\bnext to (?:it|each other|one another)\b|\bright next to\b|\bsitting next to\b"
    r"|\bmy fingers\b|\b(?:his|her) fingers\b|\bface up\b|\bon the table\b"
)
"""Declarer's card told as his own hand's (dummy's cards are named, not pulled)."""

_DUMMY_CARD = lazy_pattern(
    r"\b(?:from|in|on) (?:the )?(?:dummy|board|table)\b|\bdummy's\b|\bcalled\b|\bnamed\b"
    r"|\bslip of the tongue\b|\bsaid '?(?:the )?(?:ace|king|queen|jack|ten)\b"
)
"""A card of dummy's named by declarer: a slip there is 45C4(b), not this case."""

_OTHER_CASE = lazy_pattern(
    r"revok|reneg|follow suit|\b(?:didn't|did not|failed to|not) follow|hiding|showed out"
    r"|out of turn|wrong hand|\b(?:not|wasn't|was not|isn't) (?:his|her|my) (?:lead|turn)"
    r"|\b(?:director|td|arbiter)\b[^.;!?]{0,30}?\b(?:ruled|told|made|instructed|required"
    r"|ordered)\b|\brectif|\bruled\b|explanation|explained|\balert|misinform|\bmi\b"
    r"|\btold (?:him|her|me|them|us) (?:it was|to lead|to play|he|she|i)"
    r"|\bsaid it was (?:his|her|my|your)|\b(?:it was|it's|its|it is|was) (?:his|her|my|your) lead\b"
    r"|\b(?:his|her|my|your) turn\b"
    r"|\b(?:changed|swapped|switched|replaced) (?:his|her|their) (?:card|play)\b"
    r"|\bmine too\b|\bmine as well\b|\bas well\b|\btoo\?|\bchange mine\b|\balso\b"
    r"|\btoo\b(?! (?:late|fast|soon|quick|quickly|early|much))|\bwhat about (?:my|his|her)\b"
    r"|\bfifth\b|\b(?:two|2) cards at once\b|\bproper(?:ly)? lead|\baccept"
    r"|\b(?:still )?(?:had|has|have|got|found) (?:a|one|the) (?:spade|heart|diamond|club|trump)"
    r"|\bno (?:spades|hearts|diamonds|clubs|trumps)\b|\bbefore (?:it was )?(?:his|her|my) turn\b"
    r"|\bstuck with (?:my|his|her)\b|\bdo-over\b|\bpenalty card\b|\bexposed\b|\bdropped\b"
    r"|\bhesitat|\bclaim"
)
"""Words of another case of Law 47, or of another law (a penalty card, an exposed card): the
reason is then asked."""


def own_card_regretted(lowered: str, play: PlayStory) -> bool:
    """A player's card from his own hand, then his own regret, and no other case told."""
    if _OTHER_CASE.search(lowered):
        return False
    for out in _CARD_OUT.finditer(lowered):
        player = who_at(lowered, play, out.start())
        opening = bool(_OPENING.search(lowered)) and out.group(0).startswith(
            ("led", "lead", "made", "making", "faced", "put", "turned")
        )
        if player is None and not opening:
            continue  # whose card it was is untold
        end = min(len(lowered), clause_end(lowered, out.end()) + 160)
        regret = _REGRET.search(lowered, out.start(), end)
        if regret is None:
            continue
        if player is not None:
            voice = who_at(lowered, play, regret.start())
            if voice is not None and voice.words != player.words and voice.seat != player.seat:
                continue  # another player's words ('then decl said "wait, I meant..."')
        if player is not None and _another_asks(lowered, play, player, out.end()):
            return False  # another player asks about his own card: not this one's case
        role = player.role if player is not None else None
        if opening or role == "defender":
            return True
        # declarer's card, or a player's whose role is untold (he may be declarer): his own
        # hand's only when told so and no card of dummy's is named (a slip there is 45C4(b))
        if _DUMMY_CARD.search(lowered) or role == "dummy":
            return False
        return bool(_OWN_HAND.search(lowered))
    return False
    return False


def _another_asks(lowered: str, play: PlayStory, player: Who, after: int) -> bool:
    """Someone other than the card's player asks to take a card back ('can I change my 5?'
    after W's change): that card is his own, played after, and its case is another."""
    for asked in ASKED.finditer(lowered, after):
        asker = who_at(lowered, play, asker_at(asked))
        if asker is None or asker.words in ("he", "she"):
            continue
        if asker.seat is not None and player.seat is not None:
            if asker.seat is not player.seat:
                return True
        elif asker.words != player.words and not (asker.role and asker.role == player.role):
            return True
    return False
