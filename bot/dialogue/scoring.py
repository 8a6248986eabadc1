"""``score 4SX by N vul 8``: the duplicate score as a side request in any chat.

It never starts or changes an incident. The numbers come from :mod:`bot.core.score`;
every sentence is in ``templates/messages.j2`` (``score_result``, ``score_usage``).
"""

from __future__ import annotations

import re
from typing import Any

from bot.core.score import RequestError, Score, duplicate_score, read_request
from bot.lazy import lazy_pattern

_REQUEST = lazy_pattern(r"^(?P<slash>/)?score\b[\s:]*(?P<args>.*?)[\s?.!]*$", re.IGNORECASE | re.S)
_CONTRACT_HINT = lazy_pattern(r"[1-7]\s*(?:nt|n|[chs♣♦♥♠]|d(?!own)|no\s*trump)", re.IGNORECASE)
"""A contract named ('4S', '3 nt'): '1 down' is a result, not a contract."""


def score_request(message: str) -> str | None:
    """The arguments of a score request ("" for a bare "score"), or None when the message
    is not one: without a slash, the words after "score" must name a contract, so that a
    description such as "score was entered wrong" is still read as an incident; without
    "score" first, the whole message must read as a contract and its result."""
    match = _REQUEST.match(message.strip())
    if match is None:
        return message if _reads_as_score(message) else None
    args = match.group("args")
    if match.group("slash") or not args or _CONTRACT_HINT.search(args):
        return args
    return None


def _reads_as_score(message: str) -> bool:
    """A message that is nothing but a contract and its result ("6nt making all 13 not vul",
    "whats the score for 4H doubled by S, vul, 11 tricks") asks for the score."""
    if not _CONTRACT_HINT.search(message):
        return False
    try:
        read_request(message)
    except RequestError:
        return False
    return True


def score_reply(args: str) -> tuple[str, dict[str, Any]]:
    """The ``messages.j2`` macro answering a score request, and what it needs."""
    try:
        request = read_request(args)
    except RequestError as error:
        return "score_usage", {"reason": error.reason, "words": error.words[:60]}
    vulnerabilities = [request.vulnerable] if request.vulnerable is not None else [False, True]
    scores: list[Score] = [
        duplicate_score(request.contract, vulnerable, request.tricks)
        for vulnerable in vulnerabilities
    ]
    return "score_result", {"scores": scores, "known_vulnerability": request.vulnerable is not None}
