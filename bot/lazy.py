"""Regular expressions compiled when first used, not when their module is imported.

Python cannot keep compiled patterns between processes, and the readers hold a few hundred
of them: compiling them all at import cost ``rulingbot ask`` most of its start-up, although
one message uses only some of them (issue 14). A lazy pattern keeps its source, compiles on
its first use and then holds the real pattern's bound methods, so a call afterwards costs
what a call on the compiled pattern costs.

The stand-in is not the compiled pattern: ``match.re`` is the real one, so compare patterns
by their ``pattern`` source, never by identity. A served bot compiles them all before its
first user (``compile_all``), as it warms its templates: only one-message commands stay lazy.

What compiling makes (the regex engine's code for a source) is kept in the knowledge cache
(:func:`_built`): a later process builds each pattern from it without parsing the source
again, which was still half of a one-message command's reading (issue 14).
"""

from __future__ import annotations

import atexit
import re
import threading
import weakref
from array import array
from importlib import import_module
from typing import Any, cast

try:  # the engine's own compiler: what ``re.compile`` runs, split where its result is kept
    _sre: Any = import_module("_sre")
    _compiler: Any = import_module("re._compiler")
    _parser: Any = import_module("re._parser")
except ImportError:  # pragma: no cover - another Python: plain re.compile
    _sre = None

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
        compiled = _built(self.pattern, self.source_flags)
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
    _keep()
    return len(waiting)


Parts = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""What the engine needs to make a pattern: final flags, code (as 32-bit words), groups,
group names by index and by name."""

_store: dict[tuple[str, int], Parts] | None = None
"""Sources compiled before (by any process with this code and Python), read on first need."""
_added = False
"""A source was compiled that the kept store lacks: written when the process ends."""
_exit_hook = False
_store_lock = threading.Lock()


def _built(source: str, flags: int) -> re.Pattern[str]:
    """``re.compile(source, flags)``, from the kept code when a process compiled it before.
    Equal to what ``re.compile`` gives (patterns compare equal only when their code does:
    tests/test_lazy_patterns.py holds it for every pattern of the bot)."""
    if _sre is None or array("I").itemsize != _sre.CODESIZE:  # pragma: no cover
        return re.compile(source, flags)
    parts = _kept().get((source, flags))
    if parts is None:
        parts = _compiled_parts(source, flags)
        _remember((source, flags), parts)
    final, code, groups, by_name, by_index = parts
    words = array("I")
    try:
        words.frombytes(code)
        made = _sre.compile(source, final, words.tolist(), groups, by_name, by_index)
    except Exception:  # a kept entry the engine refuses (it checks the code): compile anew
        return re.compile(source, flags)
    return cast("re.Pattern[str]", made)


def _compiled_parts(source: str, flags: int) -> Parts:
    """What ``re._compiler.compile`` hands the engine, as it does it."""
    parsed = _parser.parse(source, flags)
    code = _compiler._code(parsed, flags)
    by_name = dict(parsed.state.groupdict)
    by_index: list[str | None] = [None] * parsed.state.groups
    for name, index in by_name.items():
        by_index[index] = name
    final = flags | parsed.state.flags
    return final, array("I", code).tobytes(), parsed.state.groups - 1, by_name, tuple(by_index)


def _cache_entry() -> tuple[str, str]:
    from bot.knowledge import cache  # imported late: the knowledge package uses lazy patterns

    key = f"{cache.fingerprint(())}-{_sre.MAGIC}-{_sre.CODESIZE}"
    return cache.name_for("patterns", key), key


def _kept() -> dict[tuple[str, int], Parts]:
    global _store
    if _store is None:
        from bot.knowledge import cache

        name, key = _cache_entry()
        stored = cache.read(name, key)
        _store = stored if isinstance(stored, dict) else {}
    return _store


def _remember(source: tuple[str, int], parts: Parts) -> None:
    global _added, _exit_hook
    with _store_lock:
        _kept()[source] = parts
        _added = True
        if not _exit_hook:
            _exit_hook = True
            atexit.register(_keep)


def _keep() -> None:
    """Write the kept code if this process compiled a source no process had."""
    global _added
    with _store_lock:
        if not _added or _store is None:
            return
        from bot.knowledge import cache

        name, key = _cache_entry()
        cache.write(name, key, dict(_store))
        _added = False


def lazy_pattern(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(source, flags)``, done on first use (the same matches, the same groups)."""
    return cast("re.Pattern[str]", _LazyPattern(source, flags))
