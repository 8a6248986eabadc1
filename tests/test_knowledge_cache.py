"""The knowledge cache: same knowledge as a full validation, rebuilt when a file changes,
never in the way (unwritable or damaged caches are skipped), and no validation library
loaded when it is current."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import bot.knowledge
from bot.knowledge import Knowledge, load, schema

from conftest import ROOT


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RULINGBOT_CACHE", str(folder))
    return folder


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    return tmp_path / "knowledge"


def _no_validation(*args: object) -> Knowledge:
    raise AssertionError("validated again: the cache was not used")


def test_every_validating_model_has_the_fields_of_its_runtime_class() -> None:
    for model in schema.MODELS:
        runtime = {f.name for f in dataclasses.fields(model.runtime)}
        assert set(model.model_fields) == runtime, model.__name__


def test_cached_knowledge_equals_a_fresh_validation(cache_dir: Path) -> None:
    fresh = load(validate=True)
    cached = load()
    assert cached == fresh
    assert cached.fingerprint == fresh.fingerprint
    assert list(cache_dir.glob("knowledge-*.pickle"))


def test_second_load_comes_from_the_cache_and_an_edit_rebuilds_it(
    cache_dir: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load(tree)
    original = bot.knowledge._load_validated
    monkeypatch.setattr(bot.knowledge, "_load_validated", _no_validation)
    assert load(tree) == first

    path = tree / "wbf-2017" / "topics" / "insufficient_bid.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["title"] = "Bid too low (edited)"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    monkeypatch.setattr(bot.knowledge, "_load_validated", original)
    edited = load(tree)
    assert edited.topics["insufficient_bid"].title == "Bid too low (edited)"
    assert edited.fingerprint != first.fingerprint


def test_validate_reads_the_files_even_when_the_cache_is_current(
    cache_dir: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load(tree)
    monkeypatch.setattr(bot.knowledge, "_load_validated", _no_validation)
    with pytest.raises(AssertionError, match="validated again"):
        load(tree, validate=True)


def test_a_mistake_is_reported_even_after_a_good_version_was_cached(
    cache_dir: Path, tree: Path
) -> None:
    load(tree)
    path = tree / "wbf-2017" / "topics" / "insufficient_bid.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    del data["rules"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(bot.knowledge.KnowledgeError, match=r"insufficient_bid\.yaml: rules"):
        load(tree)


def test_an_unwritable_cache_is_skipped(
    tmp_path: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("RULINGBOT_CACHE", str(blocker / "cache"))
    assert load(tree).topics


def test_a_damaged_cache_file_is_rebuilt(cache_dir: Path, tree: Path) -> None:
    first = load(tree)
    (stored,) = cache_dir.glob("knowledge-*.pickle")
    stored.write_bytes(b"\x80\x05 truncated")
    assert load(tree) == first
    assert stored.stat().st_size > 1000


def test_old_trees_are_pruned(cache_dir: Path, tmp_path: Path) -> None:
    for i in range(bot.knowledge.cache.KEEP + 3):
        copy = tmp_path / f"tree{i}"
        shutil.copytree(ROOT / "knowledge", copy)
        load(copy)
    assert len(list(cache_dir.glob("knowledge-*.pickle"))) == bot.knowledge.cache.KEEP


def test_commands_with_a_current_cache_load_no_validation_nor_telegram(tmp_path: Path) -> None:
    """The point of the cache: `law` and `ask` start without pydantic, PyYAML or Telegram."""
    env = {**os.environ, "RULINGBOT_CACHE": str(tmp_path)}
    probe = (
        "import sys, json; from bot.cli import main; main(sys.argv[1:]); "
        "print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    )
    for argv in (["law", "27B1"], ["ask", "--json", "pulled 1S meant 1H"]):
        runs = [
            subprocess.run(
                [sys.executable, "-c", probe, *argv],
                capture_output=True,
                text=True,
                cwd=ROOT,
                env=env,
                check=True,
            )
            for _ in range(2)
        ]
        loaded = set(json.loads(runs[1].stdout.splitlines()[-1]))
        assert not loaded & {"pydantic", "yaml", "telegram"}, (argv, loaded)
        assert runs[0].stdout.splitlines()[:-1] == runs[1].stdout.splitlines()[:-1]


def test_a_change_to_the_code_rebuilds_the_cache(
    cache_dir: Path, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load(tree)
    calls: list[Path] = []
    original = bot.knowledge._load_validated

    def counted(root: Path, edition: str | None) -> Knowledge:
        calls.append(root)
        return original(root, edition)

    monkeypatch.setattr(bot.knowledge, "_load_validated", counted)
    load(tree)
    assert calls == []
    monkeypatch.setattr(bot.knowledge.cache, "code_fingerprint", lambda: "a new field somewhere")
    load(tree)
    assert len(calls) == 1


def test_two_checkouts_sharing_a_cache_each_keep_their_vocabulary(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two versions of the code with the same topics (a benchmark's old and new checkout, a
    test run beside a bot) used to write their vocabulary to one file, each replacing the
    other's: every ``rulingbot ask`` then read and compiled vocabulary.yaml again (~80 ms)."""
    from bot.dialogue.reading import vocabulary

    path = ROOT / "knowledge" / "wbf-2017" / "vocabulary.yaml"
    built: list[Path] = []
    original = vocabulary._compile_vocabulary

    def counted(source: Path) -> vocabulary.Vocabulary:
        built.append(source)
        return original(source)

    monkeypatch.setattr(vocabulary, "_compile_vocabulary", counted)
    for code in ("old checkout", "new checkout", "old checkout", "new checkout"):
        monkeypatch.setattr(bot.knowledge.cache, "code_fingerprint", lambda code=code: code)
        vocabulary.load_vocabulary.__wrapped__(path, "same topics")
    assert len(built) == 2  # each version built it once, then read its own
