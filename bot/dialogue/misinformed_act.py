"""What a player did on an opponent's explanation, read from the order the story tells (Law 21B).

'I asked what 2H was, RHO said natural. I passed. Turns out it's a transfer' is a call made on
misinformation (21B1); '... so I led a heart' is a card played on it (47E2). The reader needs
three things in that order: the explanation given to the player by an opponent (his question
answered, 'was told', an opponent's words or a missing alert), the player's own act after it
(a call, or a lead), and nothing told of his own side explaining. A call and a lead both told
after it, or an explanation by the player's own side, prove nothing: the question is asked.
"""

from __future__ import annotations

from bot.lazy import lazy_pattern


def acted_on_explanation(lowered: str) -> str | None:
    """'call_on_misinformation' or 'play_on_misinformation' when the story tells one act of
    the player after an opponent's explanation to him."""
    if (
        _OWN_SIDE_EXPLAINED.search(lowered)
        or _MISUNDERSTOOD.search(lowered)
        or _TURN_TOLD.search(lowered)
    ):
        return None
    told = _EXPLAINED_TO.search(lowered)
    if told is None:
        return None
    acts = set()
    for act in _ACT.finditer(lowered, told.end()):
        if _NOT_DONE.search(lowered, max(0, act.start() - 12), act.start()):
            continue  # 'before i led', 'pd hasn't called'
        acts.add("play" if act.group("verb") in _LEAD_VERBS else "call")
    if len(acts) != 1:
        return None
    return "play_on_misinformation" if acts.pop() == "play" else "call_on_misinformation"


_LEAD_VERBS = ("led", "lead", "leads")
_EXPLAINED_TO = lazy_pattern(
    r"\b(?:i|she|he|[a-z]+) asked (?:what|about|him|her|them|rho|lho|declarer|dummy)\b"
    r"|\b(?:was|were|got) told\b|\btold (?:me|us|her|him)\b|\bexplained (?:it )?to (?:me|us|her"
    r"|him)\b|\b(?:explained|described) to me\b"
    r"|\b(?:rho|lho|opp|opps|opponent|opponents|declarer|dummy|the lady|the gentleman"
    r"|the opponents)\b[^.;!?]{0,25}\b(?:said|explained|told|alerted|described)\b"
    r"|\b(?:wasn't|was not|not|wasnt|didn't|did not|never) alert(?:ed)?\b"
)
"""An explanation reaching the player from the other side (or an alert it failed to give)."""
_ACT = lazy_pattern(
    r"\b(?:i|she|he)(?:'d| had| then| just| then just)? (?P<verb>passed|doubled|redoubled|bid"
    r"|overcalled|called|led|lead|leads)\b"
)
"""The player's own act after it: a call, or a lead."""
_NOT_DONE = lazy_pattern(
    r"\b(?:before|until|hasn't|hadn't|not|n't|never|could|would|should|can|will)\s+(?:\w+\s+)?$"
)
_OWN_SIDE_EXPLAINED = lazy_pattern(
    r"\b(?:i|my (?:pd|partner|pard)|pd|partner) (?:had )?(?:explained|alerted|told (?:them|the"
    r" opponents|opps))\b|\bmy (?:own )?explanation\b|\bmy (?:pd|partner|pard)'s explanation\b"
)
"""Our side's explanation: the misinformation is ours to correct (20F), another answer."""
_MISUNDERSTOOD = lazy_pattern(
    r"\bthought (?:\w+ )?(?:said|told|meant)\b|\bmis-?heard\b|\bmisread\b|\bmisunderst\w+"
    r"|\bdidn't hear\b|\bdid not hear\b|\bmy (?:own )?fault\b"
)
"""The player heard or read it wrong himself: his own misunderstanding (21A), another answer."""
_TURN_TOLD = lazy_pattern(
    r"\b(?:told|said|says|tells)\b[^.;!?]{0,20}\b(?:it was|it's|its|i was|you were|you're|he was)"
    r" (?:my|your|his|her|their|on|to)? ?(?:lead|turn|go)\b"
)
"""Told whose lead it was: a lead on an opponent's word (47E1), not an explanation of a call."""
