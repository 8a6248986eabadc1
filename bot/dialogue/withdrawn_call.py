"""A withdrawn call (cancelled under a Law) and what the story asks about it next.

One irregularity, one name: a call was withdrawn and another put in its place, or the player
asks whether the replacement is comparable (Law 23; what may be used of the old one is Law
16C, the lead it may limit Law 26). Both readers meet it - the auction reader when the
story goes on past the withdrawal, the information reader when it asks about it - so its
name, its words and its reading live here. The words a director may extend are the
``withdrawn`` list of the ``auction:`` part of ``vocabulary.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.dialogue.auction_state import Found, meant_in_place
from bot.dialogue.story import CallEvent, Story, same_player
from bot.lazy import lazy_pattern

WITHDRAWN_REPLACED = "withdrawn_call_replaced"
"""A call was withdrawn and another made in its place, or whether that one is comparable is
asked: is the new call comparable, and what may be used of the old one (Laws 23, 16C)."""
LEAD_AFTER_WITHDRAWN = "lead_after_withdrawn_call"
"""A call was withdrawn and the play is reached, or the lead it limits is asked about (Law
26)."""

_REPLACEMENT_ASKED = lazy_pattern(
    r"\b(?:is|was|would|will|be|if|whether|count as)\b[^.;!?]{0,30}\bcomparable\b"
    r"|\bcomparable\b[^.;!?\n]{0,40}\?|\breplacement calls?\b|\bsame meaning\b|\bsubset of\b"
    r"|\bsays? (?:roughly )?the same (?:thing|hand)\b|\bshows? the same hand\b"
    r"|\bcounts? as (?:meaning )?the same\b|\bthe same kind of (?:bid|call|hand)\b"
    r"|\b(?:td|director|ruled|ruling)\b[^.;!?()]{0,50}(?<!non-)(?<!non )\bcomparable\b"
    r"|\basks? (?:for )?the (?:very )?same (?:thing|question)\b"
    r"|\bsame (?:question|thing|meaning|purpose),? (?:just |only |but )?(?:at )?(?:a |one )?"
    r"(?:different|higher|lower|another|new) level\b"
)
"""Whether the call put in place of a withdrawn one is comparable: asked, the meanings
compared ('asks the same thing', 'same question, different level': one purpose at another
level, Law 23A3), or the director's decision that it is (or is not) comparable told."""
_MEANINGS_ASKED = lazy_pattern(
    r"\bclose enough\b|\bmean(?:s|ing)? (?:exactly |roughly |much |more or less )?the same\b"
    r"|\bsame sort of (?:thing|hand|bid|call)\b|\bnarrow(?:s|er|ing)? (?:down )?(?:the )?meaning\b"
    r"|\bsame purpose\b|\bsimilar (?:enough|meaning)\b|\bnear enough\b|\blike for like\b"
)
"""The two calls' meanings set side by side in everyday words: a comparison only when asked
('does 2H mean the same as his 1H?'), not when told ('which means the same')."""
_NEGATED = lazy_pattern(r"\b(?:not|never|no)\b|n't\b")
_INDIRECT = lazy_pattern(
    r"\b(?:whether|wondering if|not sure if|asks? if|asked if|checking if|decide if|deciding if)\b"
    r"[^.;!?\n]*$"
)
"""A comparison put as an indirect question ('checking whether X means the same as Y')."""
_ECHO_ASKED = lazy_pattern(
    r"[.;!]\s*(?:(?:so|and|but|well)\s+)?(?:(?:does|do|is|was|did|would|can) (?:it|that|they|he"
    r"|she|this)(?: really)?|who'?s right|who is right|which is it|is that (?:right|correct))\s*\?"
)
"""The comparison told, then asked back at once ('... means the same as my 2C. does it?'),
or told in a dispute the next words ask to settle ('TD said same purpose. who's right?')."""
_SUBSET_TOLD = lazy_pattern(
    r"\b(?:inside|within|part of|a narrower version of|included in)\s+(?:the\s+)?"
    r"(?:first|original|old|cancell?ed|withdrawn|earlier)(?:\s+(?:one|call|bid|pass|double))?\b"
    r"|\b(?:really|exactly|truly|quite) the same\s*\?"
    r"|\bnot (?:like|the same as) (?:an?|the|his|her)\s+(?:\w+\s+)?(?:pass|call|bid|double|opening)"
    r"\b[^.;!?\n]{0,60}\b(?:silenc\w+|barred|bar|shut out|pass throughout|stuck passing)\b"
)
"""The new call's meaning set inside the old one's ('so it's inside the first one'), or one
call said to be unlike the other in a dispute over the bar: the comparison argued (Law 23A)."""


def replacement_asked(lowered: str) -> re.Match[str] | None:
    """Where the story compares the replacement with the withdrawn call (Law 23); in everyday
    words only in a question that does not say the two differ ('didn't mean the same')."""
    found = _REPLACEMENT_ASKED.search(lowered)
    if found is not None:
        return found
    for match in _MEANINGS_ASKED.finditer(lowered):
        if _NEGATED.search(lowered, max(0, match.start() - 15), match.end()):
            continue
        stop = re.compile(r"[.!?\n]").search(lowered, match.end())
        if stop is not None and stop.group(0) == "?":
            return match
        if _INDIRECT.search(lowered, max(0, match.start() - 60), match.start()):
            return match  # 'checking whether that double means the same as my 2C'
        if stop is not None and _ECHO_ASKED.match(lowered, stop.start()):
            return match  # '... means the same as my 2C. does it?'
    return _SUBSET_TOLD.search(lowered)


REPLACEMENT_ONLY_ASKED = "replacement_only_asked"
"""Whether the replacement is comparable is asked, and nothing of what the withdrawn call told
anyone or of a lead: the meaning of 'comparable' (Law 23) is the question, not the use of
the information (Law 16C). Topics about that use name it in ``excluded_by:``."""
_USE_WORDS = lazy_pattern(
    r"\b(?:info|information|knows?|knew|knowing|knowledge|learn\w*|heard|told|make of|use|using"
    r"|used|ui|unauthori[sz]ed|authori[sz]ed|allowed to do|aware|inferences?|restrict\w*"
    r"|lead\w*|penalt\w*)\b|\b(?:can|may|could) (?:i|he|she|we|they) do\b"
)
"""Words of what the withdrawn call told, its use or a lead: more than comparability. Not
partner's bar: whether he is silenced is what comparability decides (Law 23A, 23C)."""


def only_replacement_asked(lowered: str) -> bool:
    """Whether the story asks if the replacement is comparable and nothing else about the
    withdrawn call ('is 2S comparable?'), not what may be used of it."""
    return replacement_asked(lowered) is not None and _USE_WORDS.search(lowered) is None


_ASKED_BEFORE = lazy_pattern(
    r"\b(?:is|was|will|would|should|does|do|can|could|must)\s+(?:it|that|this|his|her|the)"
    r"(?:\s+[\w']+)?\s+(?:be\s+|get\s+|got\s+)?$"
)
"""'is it cancelled', 'should his bid be withdrawn': the withdrawal asked about."""
_CALL_NOUN = lazy_pattern(
    r"\b(?:call|bid|double|redouble|pass|opening|overcall|response)s?\b|\b(?:bid|opened|doubled|"
    r"passed|called|overcalled)\b"
)
_PLAY_BETWEEN = lazy_pattern(r"\b(?:card|cards|led|played|trick|revoke\w*)\b")
_REPLACED = lazy_pattern(r"\b(?:replac\w+|again|instead|substitut\w+)\b")


_PLAY_DOUBTED = lazy_pattern(
    r"\b(?:as if|as though|like) (?:he|she|they|pd|partner) (?:knew|had known)\b"
    r"|\bno (?:other )?reason (?:for|to)\b|\bnothing (?:in|about) (?:his|her|their) hand\b"
    r"|\badjust(?:ment|ed)?\b"
)
"""A later lead or play the story doubts: drawn, it says, from the call withdrawn."""
_LEAD_MADE = lazy_pattern(
    r"\bled\b|\b(?:found|made|chose|picked|got) (?:the|a|an|his|her|their) (?:\w+ )?lead\b"
    r"|\b(?:opening |his |her |the )lead was\b"
)
_NOT_MADE = lazy_pattern(
    r"(?:\b(?:not|never|before|if|whether|would|could|should|might|to be|been|be)|n't)"
    r"(?:\s+\w+){0,2}\s*$"
)


def _lead_made(lowered: str) -> bool:
    """A lead told as made ('later his partner led a heart', 'found the killing lead'), not
    one negated, wished or asked ('before he led', 'would have led')."""
    return any(
        not _NOT_MADE.search(lowered, max(0, m.start() - 25), m.start())
        for m in _LEAD_MADE.finditer(lowered)
    )


_RESTRICTED = lazy_pattern(
    r"\b(?:forb[ia]d\w*|prohibit\w*|ban(?:s|ned)?|bar(?:s|red)?|requir\w+|restrict\w*)\b"
    r"|\b(?:can't|cannot|not allowed to|don't|do not|won't let \w+) lead\b"
)
"""Words of a lead barred or required after the withdrawal (Law 26)."""


def withdrawn_aftermath(
    lowered: str, story: Story, phrases: Mapping[str, re.Pattern[str]]
) -> Found | None:
    """A call was withdrawn and the story goes on past it: the play has begun (a lead
    restriction is the matter, Law 26), or the offender has called again (is the new call
    comparable, what may be used of the old one - Laws 23, 16C)."""
    if any(meant_in_place(story, made) for made in story.made_with_wanted()):
        return None  # a call made and another meant: the change of call is the matter (Law 25)
    for words in phrases["withdrawn"].finditer(lowered):
        if _ASKED_BEFORE.search(lowered, max(0, words.start() - 30), words.start()):
            continue  # 'is it cancelled?': whether it is withdrawn is the question, not told
        if lowered[words.end() : words.end() + 3].lstrip().startswith("?"):
            continue  # 'his redouble doesn't count?': whether it stands is asked, not told
        if any(at < words.start() for at in story.after_final_pass_words):
            continue  # a call after the final pass, void (Law 39): nothing is put in its place
        said, said_of = _call_said_of(lowered, story, words.start(), words.end())
        if not said:
            continue
        if phrases["play_reached"].search(lowered):
            if _PLAY_DOUBTED.search(lowered, words.end()) and not _RESTRICTED.search(lowered):
                return None  # a lead or play doubted, no lead barred: what it drew on (16C)
            if _lead_made(lowered) and not _RESTRICTED.search(lowered):
                return None  # the lead made with no restriction told or asked: declarer's
                # options came and went (26B is chosen before it), what it drew on is left (16C)
            return Found(LEAD_AFTER_WITHDRAWN, words.start())  # told, not only asked
        rest = lowered[words.end() :]
        again = [
            e
            for e in story.events
            if e.start >= words.end()
            and e.role in ("made", "wanted")
            and e.call is not None
            and (said_of is None or same_player(said_of, e))
        ]
        if again or _REPLACED.search(rest):
            return Found(WITHDRAWN_REPLACED, words.start())
    return None


def _call_said_of(
    lowered: str, story: Story, start: int, end: int
) -> tuple[bool, CallEvent | None]:
    """Whether the withdrawal words are said of a call, and which: the call told just before
    them in the sentence or the one before ('pd's 1D out of turn was cancelled', 'S bid 2C.
    cancelled.'), or just after ('his withdrawn 1S'); no call event when only a call word
    names it ('lho's call got withdrawn'); not said of a call when none is near (a card taken
    back is another matter)."""
    before = [e for e in story.events if start - 70 <= e.end <= start]
    if before and not _PLAY_BETWEEN.search(lowered[before[-1].end : start]):
        return True, before[-1]
    after = [e for e in story.events if end <= e.start <= end + 25]
    if after and not _PLAY_BETWEEN.search(lowered[end : after[0].start]):
        return True, after[0]
    window = lowered[max(0, start - 40) : end + 25]
    return bool(_CALL_NOUN.search(window) and not _PLAY_BETWEEN.search(window)), None
