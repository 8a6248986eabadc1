"""Keep validated knowledge (and compiled templates) between runs, keyed by fingerprint.

Reading 34 YAML files and validating them with pydantic costs a command more than the
rest of its start-up together, and the result only changes when a file changes. Here it
is kept as a pickle under ``$RULINGBOT_CACHE`` (else ``$XDG_CACHE_HOME/rulingbot``, else
``~/.cache/rulingbot``; ``RULINGBOT_CACHE=off`` turns it off). The key hashes every file
it was built from and the source of the whole ``bot`` package, so an edited topic or a new
field is never served stale. A cache that cannot be read or written is skipped
silently: the bot then loads and validates as before.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ENV = "RULINGBOT_CACHE"
KEEP = 8
"""Entries of one kind kept (one per knowledge tree; old test trees are pruned)."""


def folder() -> Path | None:
    """The cache directory, created if need be; None when off or missing. It may be
    read-only (a container image ships one filled at build time): writes then fail quietly."""
    configured = os.environ.get(ENV, "").strip()
    if configured.lower() == "off":
        return None
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    try:
        path = (
            Path(configured) if configured else Path(base or Path.home() / ".cache") / "rulingbot"
        )
    except RuntimeError:  # no home directory (a bare service account)
        return None
    with contextlib.suppress(OSError):
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path if path.is_dir() else None


def fingerprint(files: Iterable[Path]) -> str:
    """A hash of these files' names and contents, of the bot's code and of Python's version."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for path in files:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """A hash of every module of the ``bot`` package (under a millisecond): any code change,
    such as a field added to a dataclass the cache holds, makes every entry stale."""
    digest = hashlib.sha256(sys.version.encode())

    def add(folder: str) -> None:
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.is_dir() and entry.name != "__pycache__":
                add(entry.path)
            elif entry.name.endswith(".py"):
                with open(entry.path, "rb") as source:
                    digest.update(entry.name.encode() + b"\0" + source.read())

    add(str(Path(__file__).resolve().parents[1]))
    return digest.hexdigest()


def name_for(kind: str, key: str) -> str:
    """An entry's file name, from its key: checkouts of other code (or knowledge) sharing one
    cache each keep their own entry instead of replacing each other's at every run."""
    return f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:16]}"


def read(name: str, key: str) -> Any | None:
    """The value stored under ``name`` if it was stored with this key, else None."""
    where = folder()
    if where is None:
        return None
    try:
        with open(where / f"{name}.pickle", "rb") as stored:
            stored_key, value = pickle.load(stored)
    except Exception:  # missing, truncated, or written by other code: rebuild it
        return None
    return value if stored_key == key else None


def write(name: str, key: str, value: Any) -> None:
    """Store ``value`` under ``name`` (atomically); keep only the newest entries of its kind."""
    where = folder()
    if where is None:
        return
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=where, prefix=f".{name}.", suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump((key, value), out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, where / f"{name}.pickle")
        temporary = None
        _prune(where, name.split("-", 1)[0])
    except Exception:  # a full disk or a value that cannot be pickled must not stop the bot
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _prune(where: Path, kind: str) -> None:
    entries = sorted(where.glob(f"{kind}-*.pickle"), key=lambda p: p.stat().st_mtime)
    for old in entries[:-KEEP]:
        old.unlink(missing_ok=True)
