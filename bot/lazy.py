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

Most patterns find nothing in a given description, and a failed search still tries the
pattern at every position of the text (a pattern opening with a lookbehind or a long
alternation gets no help from the engine's own prefix scan). So a pattern that cannot match
without one of some plain strings (``required_text``, worked out with its code and kept with
it) first looks for them with ``in``, a fraction of a search's cost, and where none is in the
text answers as the engine would for no match (issue 16: half of a description's searches).
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
        compiled, needs = _built_with_needs(self.pattern, self.source_flags)
        for forwarded in _FORWARDED:
            setattr(self, forwarded, getattr(compiled, forwarded))
        if needs is not None:
            for name, guarded in _guarded(compiled, *needs).items():
                setattr(self, name, guarded)
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


Needs = tuple[tuple[str, ...], bool] | None
"""The strings one of which every match of a pattern holds (``required_text``), and whether
they are lower-cased for a text in ASCII (the pattern ignores case); None: not known."""
Parts = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...], Needs]
"""What the engine needs to make a pattern: final flags, code (as 32-bit words), groups,
group names by index and by name; and what every match holds (``Needs``)."""


_MOST_NEEDS = 24
"""Strings looked for before a search, at most: past that, looking costs about what the
search it might spare does."""


def _guarded(compiled: re.Pattern[str], needs: tuple[str, ...], folded: bool) -> dict[str, Any]:
    """The pattern's methods that scan a whole text, each first looking for one of ``needs``
    in it and answering as for no match when none is there: no match, no matches, the text
    unchanged, the text unsplit. Not ``match`` and ``fullmatch``, nor a search from ``pos``:
    they try a place or a stretch of the text, cheaper than looking through all of it.
    ``folded``: the strings are lower-cased, looked for in the lower-cased text, and only in
    an ASCII text (elsewhere a letter may match one ``str.lower`` does not give)."""
    search, finditer, findall = compiled.search, compiled.finditer, compiled.findall
    sub, subn, split = compiled.sub, compiled.subn, compiled.split
    if folded:

        def holds(string: str) -> bool:
            return not string.isascii() or any(map(string.lower().__contains__, needs))
    elif len(needs) == 1:
        need = needs[0]

        def holds(string: str) -> bool:
            return need in string
    else:

        def holds(string: str) -> bool:
            return any(map(string.__contains__, needs))

    def guarded_search(string: str, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or holds(string):
            return search(string, *args, **kwargs)
        return None

    def guarded_finditer(string: str, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or holds(string):
            return finditer(string, *args, **kwargs)
        return iter(())

    def guarded_findall(string: str, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or holds(string):
            return findall(string, *args, **kwargs)
        return []

    def guarded_sub(repl: Any, string: str, *args: Any, **kwargs: Any) -> Any:
        return sub(repl, string, *args, **kwargs) if holds(string) else string

    def guarded_subn(repl: Any, string: str, *args: Any, **kwargs: Any) -> Any:
        return subn(repl, string, *args, **kwargs) if holds(string) else (string, 0)

    def guarded_split(string: str, *args: Any, **kwargs: Any) -> Any:
        return split(string, *args, **kwargs) if holds(string) else [string]

    return {
        "search": guarded_search,
        "finditer": guarded_finditer,
        "findall": guarded_findall,
        "sub": guarded_sub,
        "subn": guarded_subn,
        "split": guarded_split,
    }


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
    return _built_with_needs(source, flags)[0]


def _built_with_needs(source: str, flags: int) -> tuple[re.Pattern[str], Needs]:
    """``_built``, and the strings one of which every match holds (None: not known)."""
    if _sre is None or array("I").itemsize != _sre.CODESIZE:  # pragma: no cover
        return re.compile(source, flags), None
    parts = _kept().get((source, flags))
    if parts is None or len(parts) != 6:
        parts = _compiled_parts(source, flags)
        _remember((source, flags), parts)
    final, code, groups, by_name, by_index, needs = parts
    words = array("I")
    try:
        words.frombytes(code)
        made = _sre.compile(source, final, words.tolist(), groups, by_name, by_index)
    except Exception:  # a kept entry the engine refuses (it checks the code): compile anew
        return re.compile(source, flags), None
    return cast("re.Pattern[str]", made), needs


def _compiled_parts(source: str, flags: int) -> Parts:
    """What ``re._compiler.compile`` hands the engine, as it does it."""
    parsed = _parser.parse(source, flags)
    final = flags | parsed.state.flags
    # read before compiling, from the parse as written (the compiler rewrites parts of it)
    folded = bool(final & re.IGNORECASE)
    strings = _required(parsed.data, folded, not folded)
    needs: Needs = None
    if strings is not None and len(strings) <= _MOST_NEEDS and all(strings):
        needs = (strings, folded)
    code = _compiler._code(parsed, flags)
    by_name = dict(parsed.state.groupdict)
    by_index: list[str | None] = [None] * parsed.state.groups
    for name, index in by_name.items():
        by_index[index] = name
    code_bytes = array("I", code).tobytes()
    return final, code_bytes, parsed.state.groups - 1, by_name, tuple(by_index), needs


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


_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


def required_text(source: str, flags: int = 0, *, cased: bool = False) -> tuple[str, ...] | None:
    """Strings (lower-cased) one of which is in every text the pattern matches anywhere in,
    or None when the pattern names none. ``None in text`` checks cost a fraction of a
    search: where none of them is in a text, searching it is known to find nothing.

    Read from the parsed pattern: a run of plain characters, or a group, or a repeat taken
    at least once, that every match passes through; a branch gives one string per
    alternative. Under IGNORECASE a match may differ in case from the pattern, and only an
    ASCII character's case is the same as ``str.lower`` gives, so the strings are for
    lower-case ASCII texts: check ``text.isascii()`` first when the pattern ignores case.
    ``cased``: the strings as the pattern writes them, for any text (a part that ignores
    case then gives none)."""
    if _sre is None:  # pragma: no cover - another Python: nothing is known
        return None
    parsed = _parser.parse(source, flags)
    folded = bool((flags | parsed.state.flags) & re.IGNORECASE)
    return _required(parsed.data, folded, cased)


def _plain(value: int, folded: bool, cased: bool) -> bool:
    """Whether a character of the pattern stands for itself in the strings: not where case
    is ignored, unless the strings are lower-cased and it is ASCII."""
    return not folded or (value < 128 and not cased)


def _text(value: int, cased: bool) -> str:
    return chr(value) if cased else chr(value).lower()


def _required(items: Any, folded: bool, cased: bool) -> tuple[str, ...] | None:
    """The best strings of one sequence of parsed items (see ``required_text``): the
    candidate whose shortest string is longest."""
    candidates: list[tuple[str, ...]] = []
    run: list[str] = []

    def close_run() -> None:
        if run:
            candidates.append(("".join(run),))
            run.clear()

    for at, (op, value) in enumerate(items):
        name = str(op)
        if not run and name in ("LITERAL", "SUBPATTERN", "BRANCH"):
            starts = _starts(items[at:], folded, cased)  # 'p(?:d|ard)': 'pd' or 'pard', not 'p'
            if starts and all(starts):
                candidates.append(starts)
        if name == "LITERAL" and _plain(value, folded, cased):
            run.append(_text(value, cased))
            continue
        close_run()
        found: tuple[str, ...] | None = None
        if name == "SUBPATTERN":
            _, added, removed, inner = value
            inner_folded = (folded or bool(added & re.IGNORECASE)) and not removed & re.IGNORECASE
            found = _required(inner.data, inner_folded, cased)
        elif name == "BRANCH":
            alternatives = [_required(branch.data, folded, cased) for branch in value[1]]
            if all(a is not None for a in alternatives):
                found = tuple(dict.fromkeys(s for a in alternatives if a for s in a))
        elif name in _REPEATS and value[0] >= 1:
            found = _required(value[2].data, folded, cased)
        if found:
            candidates.append(found)
    close_run()
    if not candidates:
        return None
    return max(candidates, key=lambda strings: (min(map(len, strings)), -len(strings)))


_MOST_STARTS = 16
"""Strings a match may start with, at most: more cost more to look for than a search."""


def _starts(items: Any, folded: bool, cased: bool) -> tuple[str, ...] | None:
    """Strings (lower-cased) one of which every match of the sequence starts with, as far as
    plain characters, groups and branches go (zero-width tests are passed over), or None
    when they would be too many."""
    found = _begins(items, folded, cased)
    return None if found is None else found[0]


def _begins(items: Any, folded: bool, cased: bool) -> tuple[tuple[str, ...], bool] | None:
    """``_starts``, and whether the strings are whole matches of the sequence (else what
    follows the sequence cannot be added to them)."""
    found: tuple[str, ...] = ("",)
    for op, value in items:
        name = str(op)
        if name == "LITERAL" and _plain(value, folded, cased):
            found = tuple(f + _text(value, cased) for f in found)
            continue
        if name == "AT":
            continue
        inner: list[tuple[tuple[str, ...], bool] | None] = []
        if name == "SUBPATTERN":
            _, added, removed, pattern = value
            inner_folded = (folded or bool(added & re.IGNORECASE)) and not removed & re.IGNORECASE
            inner = [_begins(pattern.data, inner_folded, cased)]
        elif name == "BRANCH":
            inner = [_begins(branch.data, folded, cased) for branch in value[1]]
        if not inner or any(i is None for i in inner):
            return found, False
        following = tuple(dict.fromkeys(s for i in inner if i is not None for s in i[0]))
        found = tuple(dict.fromkeys(f + s for f in found for s in following))
        if len(found) > _MOST_STARTS:
            return None
        if not all(i is not None and i[1] for i in inner):
            return found, False
    return found, True
