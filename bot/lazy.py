"""Regular expressions compiled when first used, not when their module is imported.

Python cannot keep compiled patterns between processes, and the readers hold a few hundred
of them: compiling them all at import cost ``rulingbot ask`` most of its start-up, although
one message uses only some of them (issue 14). A lazy pattern keeps its source, compiles on
its first use and then holds the real pattern's bound methods, so a call afterwards costs
what a call on the compiled pattern costs.

The stand-in is not the compiled pattern: ``match.re`` is the real one, so compare patterns
by their ``pattern`` source, never by identity. A served bot compiles them all before its
first user (``compile_all``), as it warms its templates: only one-message commands stay lazy.
"""

from __future__ import annotations

import re
import weakref
from typing import Any, cast

_FORWARDED = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "flags",
    "groups",
    "groupindex",
)


class _LazyPattern:
    """The source and flags of a pattern, compiled on the first use of any other name."""

    def __init__(self, source: str, flags: int) -> None:
        self.pattern = source
        self.source_flags = flags
        _WAITING.add(self)

    def __getattr__(self, name: str) -> Any:
        # Python asks here only for names the instance does not hold yet: compile once and
        # keep the real pattern's methods and attributes on the instance.
        if name.startswith("_") or name in ("pattern", "source_flags"):
            raise AttributeError(name)
        return getattr(self.compile_now(), name)

    def compile_now(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern, self.source_flags)
        for forwarded in _FORWARDED:
            setattr(self, forwarded, getattr(compiled, forwarded))
        _WAITING.discard(self)
        return compiled

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        # a pickle (the knowledge cache) keeps the source only: unpickling compiles nothing
        return (_LazyPattern, (self.pattern, self.source_flags))

    def __repr__(self) -> str:
        return f"lazy_pattern({self.pattern!r}, {self.source_flags})"


_WAITING: weakref.WeakSet[_LazyPattern] = weakref.WeakSet()
"""The lazy patterns not compiled yet."""


def compile_all() -> int:
    """Compile every lazy pattern made so far (those of the modules imported and of the
    vocabulary loaded); how many were still waiting."""
    waiting = list(_WAITING)
    for pattern in waiting:
        pattern.compile_now()
    return len(waiting)


def lazy_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done on first use (the same matches, the same groups)."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
