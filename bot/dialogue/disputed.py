"""Accounts the players give against each other: 'W says he never got to bid, E says W
passed', 'they claim he skipped her, we say the calls went round'. A fact told only inside
such an account is one player's word against another's: the director establishes it, so
the reader asks it rather than take either side's word as proven. One account alone ('W
says he never got a call') is the story as told, and stays read.
"""

from __future__ import annotations

from functools import lru_cache

from bot.lazy import lazy_pattern

_CLAIM = lazy_pattern(
    r"\b(?P<who>[a-z][\w']*)(?: (?:now|then|still|also|just|only|both))?"
    r" (?:says|said|say|claims|claimed|claim|insists|insisted|insist|reckons|reckoned|reckon"
    r"|maintains|maintained|maintain|swears|swore|swear|argues|argued|argue)\b"
    r"(?=\s+(?:that\s+)?(?:he|she|i|we|they|it|his|her|my|their|our|[nesw]|west|east|north"
    r"|south|lho|rho|pd|partner|pard|the|dummy|declarer|decl|everyone|nobody|no one)\b)"
)
"""A party's account: its speaker, a verb of saying or claiming, and a clause of his own
('E says W passed', 'W claims he never got a turn'); not a call made ("LHO said 'double'",
'I said pass') nor 'says sorry'."""
_NOT_A_PARTY = frozenset(
    {
        "that", "which", "it", "law", "rule", "rules", "book", "who", "td", "director",
        "hasn't", "hadn't", "haven't", "never", "not", "didn't", "doesn't", "don't", "nothing",
        "anything", "also", "and", "but", "then", "just", "had", "has", "have", "was",
    }
)  # fmt: skip
"""Words before 'says' that are no player giving his account ('the law says', "hasn't
said")."""
_SPAN_END = lazy_pattern(r"[.;!?\n]|\bbut\b")


@lru_cache(maxsize=32)
def disputed_spans(lowered: str) -> tuple[tuple[int, int], ...]:
    """Where the accounts lie, when two parties give theirs (two different speakers): each
    from its verb to the end of its clause, the next account, or a 'but'. Empty when the
    story holds one account or none."""
    claims = [m for m in _CLAIM.finditer(lowered) if m.group("who") not in _NOT_A_PARTY]
    if len({m.group("who") for m in claims}) < 2:
        return ()
    spans: list[tuple[int, int]] = []
    for claim, after in zip(claims, [*claims[1:], None], strict=True):
        stop = _SPAN_END.search(lowered, claim.end())
        end = stop.start() if stop else len(lowered)
        if after is not None:
            end = min(end, after.start())
        spans.append((claim.end(), end))
    return tuple(spans)


def in_dispute(lowered: str, position: int) -> bool:
    """Whether the words at ``position`` are one party's account, another party giving his."""
    return any(start <= position < end for start, end in disputed_spans(lowered))
