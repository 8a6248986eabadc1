"""Issue 14: ``rulingbot ask`` keeps its speed. Python cannot keep compiled patterns between
processes, so a command that compiled every reader's patterns at import (and the vocabulary's
again on unpickling it) spent most of its start-up compiling patterns one message never uses.
Patterns now compile on first use; these tests hold that, and that a lazy pattern reads a text
exactly as the compiled one does (no timing: the promise is what gets compiled, and when)."""

from __future__ import annotations

import gc
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue import description
from bot.knowledge import Knowledge
from bot.lazy import lazy_pattern

from conftest import ROOT

PATTERNS = [
    (r"\b(?P<level>[1-7])\s*(?P<suit>nt|[cdhs])\b", re.IGNORECASE),
    (r"(?<!\w)(?:pulled|took) (?:out )?(?:the )?(?P<card>\w+)", 0),
    (r"^(?:no|not yet)\b|,", re.MULTILINE),
]
TEXT = "North opened 1NT, East pulled 1S out of the box\nnot yet 2h, pulled the ace of spades"


@pytest.mark.parametrize(("source", "flags"), PATTERNS)
def test_a_lazy_pattern_reads_a_text_as_the_compiled_pattern(source: str, flags: int) -> None:
    lazy, real = lazy_pattern(source, flags), re.compile(source, flags)
    assert lazy.pattern == real.pattern

    def seen(found: re.Match[str] | None) -> Any:
        return None if found is None else (found.span(), found.groupdict(), found.re.pattern)

    assert seen(lazy.search(TEXT)) == seen(real.search(TEXT))
    assert seen(lazy.search(TEXT, 20)) == seen(real.search(TEXT, 20))
    assert seen(lazy.match(TEXT)) == seen(real.match(TEXT))
    assert seen(lazy.fullmatch(TEXT)) == seen(real.fullmatch(TEXT))
    assert [m.span() for m in lazy.finditer(TEXT)] == [m.span() for m in real.finditer(TEXT)]
    assert lazy.findall(TEXT) == real.findall(TEXT)
    assert lazy.sub("_", TEXT) == real.sub("_", TEXT)
    assert lazy.subn("_", TEXT, 1) == real.subn("_", TEXT, 1)
    assert lazy.split(TEXT) == real.split(TEXT)
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        real.flags,
        real.groups,
        dict(real.groupindex),
    )


def test_the_cached_vocabulary_compiles_nothing_until_a_message_is_read(
    knowledge: Knowledge, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = knowledge.root / knowledge.edition.id / "vocabulary.yaml"
    fresh = description._compile_vocabulary(path)
    stored = pickle.dumps(fresh, protocol=pickle.HIGHEST_PROTOCOL)
    compiled: list[str] = []
    real_compile = re._compile  # type: ignore[attr-defined]

    def counting(pattern: Any, flags: Any) -> Any:
        compiled.append(str(pattern))
        return real_compile(pattern, flags)

    monkeypatch.setattr(re, "_compile", counting)
    loaded = pickle.loads(stored)
    assert compiled == []  # unpickling kept the sources: no pattern compiled yet
    monkeypatch.undo()

    text = "my partner revoked at trick 5 and won the trick"
    read, expected = description.describe(text, loaded), description.describe(text, fresh)
    assert (read.events, read.irregularities, dict(read.facts)) == (
        expected.events,
        expected.irregularities,
        dict(expected.facts),
    )
    assert read.events and read.irregularities  # the vocabulary read the revoke


SPY = """
import re, sys
seen = set()
real = re._compile
def spy(pattern, flags):
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.endswith(("re/__init__.py",)):
        frame = frame.f_back
    if frame is not None and "/bot/" in frame.f_code.co_filename:
        seen.add(frame.f_code.co_filename.rsplit("/bot/", 1)[1])
    return real(pattern, flags)
re._compile = spy
import bot.cli, bot.charts, bot.dialogue.engine, bot.render
print("\\n".join(sorted(seen)))
"""
STILL_EAGER: set[str] = set()
"""Modules allowed to compile patterns at import: none."""


def test_importing_the_bot_compiles_no_pattern_of_its_readers() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SPY], capture_output=True, text=True, cwd=ROOT, check=True
    )
    compiling = set(result.stdout.split()) - STILL_EAGER
    assert compiling == set(), f"modules compiling patterns at import: {sorted(compiling)}"


def test_a_served_bot_compiles_every_pattern_before_its_first_user() -> None:
    """Only one-message commands stay lazy: a served bot warms its patterns at start, as it
    warms its templates, so the first chat's reply does not wait for them."""
    from bot.lazy import compile_all
    from bot.telegram.runner import make_dialogue

    dialogue = make_dialogue()
    assert compile_all() == 0  # nothing was left waiting
    assert dialogue.vocabulary.acts  # the vocabulary's patterns are among those compiled
    assert all("search" in vars(p) for p in dialogue.vocabulary.acts.values())


def test_a_served_bot_reads_its_first_description_with_everything_built() -> None:
    """What reading descriptions builds as it goes (each alias word's group, each choice's
    ``says`` phrase) a served bot builds at start: after a restart its first descriptions,
    a club's whole flood maybe, are read at full speed (issue 16's flood tail)."""
    from bot.dialogue import facts
    from bot.dialogue.engine import Conversation
    from bot.telegram.runner import make_dialogue

    facts.says_pattern.cache_clear()
    dialogue = make_dialogue()
    says = facts.says_pattern.cache_info().currsize
    groups = len(dialogue.matcher.alias_scores._groups)
    turns = dialogue.handle(Conversation(), "declarer revoked on trick 3 and then claimed")
    assert turns[-1].type == "question"
    assert facts.says_pattern.cache_info().currsize == says
    assert len(dialogue.matcher.alias_scores._groups) == groups


def test_a_pattern_built_from_kept_code_is_the_pattern_re_compile_makes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later process builds each pattern from the code an earlier one compiled (issue 14:
    parsing them was half of a one-message command's reading). Patterns compare equal only
    when source, flags and engine code all agree: every pattern of the bot, built from the
    kept code, must equal the one ``re.compile`` makes, or a reading could differ."""
    from bot import lazy
    from bot.telegram.runner import make_dialogue

    make_dialogue()  # the vocabulary's patterns join the readers'
    made = [o for o in gc.get_objects() if isinstance(o, lazy._LazyPattern)]
    sources = {(p.pattern, p.source_flags) for p in made} | set(PATTERNS)
    kept = {source: lazy._compiled_parts(*source) for source in sources}
    monkeypatch.setattr(lazy, "_store", pickle.loads(pickle.dumps(kept)))
    monkeypatch.setattr(lazy, "_compiled_parts", None)  # nothing may be compiled anew
    unequal = [s for s in sources if lazy._built(*s) != re.compile(*s)]
    assert len(sources) > 400
    assert unequal == []


KEPT_SPY = """
import sys
from bot import lazy
parsed = []
compiled_parts = lazy._compiled_parts
def spy(source, flags):
    parsed.append(source)
    return compiled_parts(source, flags)
lazy._compiled_parts = spy
from bot.cli import main
sys.argv = ["rulingbot", "ask", "North opened 1NT and East pulled 1S out of the box meaning 1H"]
main()
print("PARSED", len(parsed))
"""


def test_a_second_command_parses_no_pattern_and_replies_the_same(tmp_path: Path) -> None:
    """The first ``rulingbot ask`` keeps the code of what it compiled; the next one builds
    its patterns from it, parses none and gives the same reply."""
    env = {**os.environ, "RULINGBOT_CACHE": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", KEPT_SPY], capture_output=True, text=True, cwd=ROOT, env=env
        )
        for _ in range(2)
    ]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    first, second = (r.stdout.rsplit("PARSED ", 1) for r in runs)
    assert int(first[1]) > 100
    assert int(second[1]) == 0
    assert second[0] == first[0]
    assert "unintended_call" in second[0]
