"""Set-up for a club volunteer (issue 9 item 5): the Makefile finds or asks for Python 3.11+,
`make run` installs only what the bot needs, and the packaging config gives pip nothing to
warn about."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """The files make reads, without a virtual environment (a fresh clone)."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def _make(checkout: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": path or os.environ["PATH"]}
    env.pop("PYTHON", None)
    env.pop("MAKEFLAGS", None)
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _fake_pythons(folder: Path, old: tuple[str, ...], good: tuple[str, ...] = ()) -> str:
    """A PATH where ``old`` names are Python 3.10 and ``good`` names the real interpreter."""
    folder.mkdir()
    for name in old:
        script = folder / name
        script.write_text(
            '#!/bin/sh\n[ "$1" = "--version" ] && echo "Python 3.10.12"\nexit 1\n', encoding="utf-8"
        )
        script.chmod(0o755)
    for name in good:
        (folder / name).symlink_to(sys.executable)
    return f"{folder}:/usr/bin:/bin"


def test_make_run_installs_the_bot_without_the_test_tools(checkout: Path) -> None:
    run = _make(checkout, "-n", "run").stdout
    assert "pip install --quiet -e .\n" in run and "[dev]" not in run
    assert "rulingbot run" in run
    test = _make(checkout, "-n", "test").stdout
    assert "pip install --quiet -e '.[dev]'" in test and "pytest" in test


def test_an_old_python_is_refused_with_what_to_do(checkout: Path, tmp_path: Path) -> None:
    names = ("python3", "python3.11", "python3.12", "python3.13")
    path = _fake_pythons(tmp_path / "bin", old=names)
    result = _make(checkout, "run", path=path)
    assert result.returncode != 0
    assert "needs Python 3.11 or later; 'python3' is Python 3.10.12" in result.stdout
    assert "sudo apt install python3.11 python3.11-venv" in result.stdout
    assert not (checkout / ".venv").exists()


def test_a_newer_python_beside_an_old_python3_is_used(checkout: Path, tmp_path: Path) -> None:
    path = _fake_pythons(
        tmp_path / "bin", old=("python3", "python3.13", "python3.12"), good=("python3.11",)
    )
    dry = _make(checkout, "-n", "run", path=path)
    assert "python3.11 -m venv .venv" in dry.stdout, dry.stdout + dry.stderr


def test_packaging_config_has_nothing_for_setuptools_to_warn_about() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"  # an SPDX string, not the deprecated table
    assert config["build-system"]["requires"] == ["setuptools>=77"]
    assert config["tool"]["setuptools"]["package-dir"] == {"": "."}  # plain .pth editable
    assert "sniffio>=1.3" in config["project"]["dependencies"]


def test_ci_runs_the_readme_test_command() -> None:
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_says_how_to_leave_the_chat_and_what_help_lists() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    console = readme.split("In the console chat", 1)[1].split("\n\n", 1)[0]
    help_text = subprocess.run(
        [sys.executable, "-m", "bot", "chat"],
        input="help\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    ).stdout
    typed = set(re.findall(r'"([a-z]+)', help_text.split("> ", 1)[1]))
    commands = {"law", "topics", "back", "fix", "restart", "chart", "quit"}
    assert commands <= typed  # what `help` lists...
    for word in commands:
        assert f"`{word}" in console, word  # ...the README lists too
    assert "Ctrl-D" in console and help_text.rstrip().endswith("Goodbye.")


def test_the_image_draws_charts_and_starts_from_compiled_code_and_a_filled_cache() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    assert re.search(r"apt-get install -y --no-install-recommends[^\n]*\bgraphviz\b", dockerfile)
    assert "RULINGBOT_CACHE=/app/cache" in dockerfile
    build = dockerfile.split("RUN pip install --editable .", 1)[1].split("\n\n", 1)[0]
    # compiled .pyc for bot/ (the image sets PYTHONDONTWRITEBYTECODE), validated knowledge and
    # compiled templates (check), the matcher's aliases (ask), readable by the non-root user
    for step in (
        "compileall -q bot",
        "rulingbot check",
        "rulingbot ask",
        "chmod -R a+rX /app/cache",
    ):
        assert step in build, step
