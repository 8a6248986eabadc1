"""Law references as players type them: "law 27b1a", "law 64 B", "L27", "what does law 74 say".

:func:`law_request` says whether a message asks to look a law up; :func:`parse` reads the
reference however it was typed (any letter case, spaces inside, "(a)" or a bare "a", digits
in any script: "٢٧" and "２７" are 27); :func:`lookup` picks the message that answers it: the
law or subsection with its sub-cases, how to use the command, or a kind refusal naming what
does exist. Nothing here raises on odd input. No Telegram, no rendering.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from bot.knowledge import Knowledge, Law
from bot.lazy import lazy_pattern

_LEAD_IN = lazy_pattern(
    r"^(?:(?:what\s+does|what\s+do|what\s+is\s+in|what'?s\s+in|what\s+is|what'?s|show\s+me|show|"
    r"tell\s+me\s+about|tell\s+me|look\s+up|lookup|explain|read|summari[sz]e|please|pls)\s+)?"
    r"(?:the\s+)?"
)
_KEYWORD = lazy_pattern(r"^/?(?:laws?|rules?|l(?=\s*\d))(?:\s+|(?=\d)|$)")
_ALONE = lazy_pattern(r"^/?(?:law|laws|rule|rules|law lookup|look up a law|look up a rule)$")
_NUMBER_WORD = lazy_pattern(r"^(?:number|no\.?|nr\.?|#)\s*")
_TRAILING = lazy_pattern(r"(?:\s+(?:say|says|mean|means|cover|covers|about|is|please|pls|again))+$")
_SECTION, _NUMBERED, _LETTERED = (lazy_pattern(p) for p in (r"[A-H]", r"\d+", r"\([a-z]+\)"))
"""One step below a law, a section (64B) or a numbered part (12C1): 64B, 64B1, 12C1(a)."""
_REF = lazy_pattern(r"^(?P<law>\d{1,3})(?:(?P<part>[a-z])(?P<number>\d{1,2})?(?P<rest>[a-z()]*))?$")


def plain(text: str) -> str:
    """Lower case, compatibility forms folded (fullwidth "２７" is "27"), decimal digits of
    any script as ASCII ("٢٧" is "27"), spaces collapsed."""
    folded = unicodedata.normalize("NFKC", text)
    if folded.isascii():  # nearly every message (each is asked whether it is a look-up)
        return " ".join(folded.lower().split())
    digits = "".join(
        str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in folded
    )
    return " ".join(digits.lower().split())


def law_request(message: str) -> str | None:
    """The reference a message asks for ("" when it names none: "law", "/law"), or None when
    it does not ask to look a law up ("laws are confusing" is a remark, not a look-up).

    Whatever follows the word "law" itself is a reference, read or kindly refused ("law
    二十七", "law what's this"); after "laws", "rule" or "L" only a number is."""
    text = plain(message).rstrip("?!. ")
    if _ALONE.match(text):
        return ""
    starts_with_law = re.match(r"^/?law\b(?!s)", text) is not None
    text = _LEAD_IN.sub("", text, count=1)
    keyword = _KEYWORD.match(text)
    if keyword is None:
        return None
    rest = _TRAILING.sub("", text[keyword.end() :]).strip(" ?!.")
    rest = _NUMBER_WORD.sub("", rest)
    if rest and not rest[0].isdigit() and not (starts_with_law and len(rest) <= 40):
        return None
    return rest


@dataclass(frozen=True)
class Reference:
    """A reference as read: the law number and, in index form, the subsections it may mean
    (a bare "aii" may be "(a)(ii)" or "(aii)"; the index decides)."""

    law: int
    candidates: tuple[str, ...]


def parse(ref: str) -> Reference | None:
    """Read "27", "27b1a", "27 B 1", "27B1(a)", "64B", "12c1ei"; None if it is not a reference."""
    text = re.sub(r"\s+", "", plain(ref)).strip(".")
    match = _REF.match(text)
    if match is None:
        return None
    number = int(match.group("law"))
    if match.group("part") is None:
        return Reference(number, (str(number),))
    head = f"{number}{match.group('part').upper()}{match.group('number') or ''}"
    rest = match.group("rest")
    if not rest:
        return Reference(number, (head,))
    groups = _letter_groups(rest)
    if groups is None:
        return None
    return Reference(number, tuple(head + "".join(f"({g})" for g in option) for option in groups))


def _letter_groups(rest: str) -> list[list[str]] | None:
    """ "(a)(i)", "a(i)", "ai", "a" -> the ways to read them as parenthesised groups."""
    if re.fullmatch(r"(\([a-z]+\))+", rest):
        return [re.findall(r"\(([a-z]+)\)", rest)]
    bare = re.fullmatch(r"([a-z])([a-z]*)((?:\([a-z]+\))*)", rest)
    if bare is None:
        return None
    letter, roman, tail = bare.groups()
    after = re.findall(r"\(([a-z]+)\)", tail)
    if not roman:
        return [[letter, *after]]
    return [[letter, roman, *after], [letter + roman, *after]]


def sub_cases(law: Law, citation: str) -> list[tuple[str, str]]:
    """The parts one level below a citation: 64B -> 64B1..64B8, 12C1 -> 12C1(a)..(e)."""
    if citation == str(law.number):
        step = _SECTION
    elif citation[-1].isalpha():
        step = _NUMBERED
    else:
        step = _LETTERED
    # the citation itself, then one step below it: no pattern compiled per citation
    start = len(citation)
    return [
        (key, text)
        for key, text in law.subsections.items()
        if key.startswith(citation) and step.fullmatch(key, start)
    ]


def within(law: Law, citation: str) -> list[tuple[str, str]]:
    """The subsections a citation sits in, outermost first: 64B6 -> 64B ('no automatic
    transfer in these cases'), without which 'the revoke was on trick twelve' says nothing."""
    return [
        (key, text)
        for key, text in law.subsections.items()
        if key != citation and citation.startswith(key)
    ]


def lookup(knowledge: Knowledge, query: str) -> tuple[str, dict[str, Any]]:
    """The ``messages.j2`` macro that answers a law look-up, and what it needs."""
    if not query.strip():
        return "law_usage", {}
    shown = plain(query)[:40].upper()
    ref = parse(query)
    law = knowledge.laws.laws.get(ref.law) if ref else None
    if ref is None or law is None:
        return "law_unknown", {"query": shown, "law": None, "parts": []}
    whole = str(law.number)
    citation = next((c for c in ref.candidates if c == whole or c in law.subsections), None)
    if citation is None:
        return "law_unknown", {"query": shown, "law": law, "parts": sub_cases(law, whole)}
    topics = [t for t in knowledge.topics.values() if whole in t.laws]
    return "law", {
        "law": law,
        "citation": citation,
        "within": within(law, citation),
        "topics": topics,
        "parts": sub_cases(law, citation),
    }
