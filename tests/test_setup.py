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
    for name in ("Makefile", "pyproject.toml", "constraints.txt"):
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
    assert re.search(r"pip install --quiet [^\n]*-e \.\n", run) and "[dev]" not in run
    assert "rulingbot run" in run
    test = _make(checkout, "-n", "test").stdout
    assert re.search(r"pip install --quiet [^\n]*-e '\.\[dev\]'", test) and "pytest" in test


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
    assert "sniffio>=1.3,<2" in config["project"]["dependencies"]


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


# -- issue 15 item 13: an installable package -------------------------------------------------


def test_a_wheel_installed_outside_the_checkout_runs_with_its_knowledge(tmp_path: Path) -> None:
    """`pip install` of the wheel into a fresh virtual environment, run from elsewhere: the
    knowledge and templates come with the package (before: "no edition ''")."""
    source = tmp_path / "source"  # what a fresh clone has; no build files left in the checkout
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("bot", "knowledge", "templates"):
        shutil.copytree(
            ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    pip = [sys.executable, "-m", "pip", "--quiet"]
    pins = ["--constraint", str(ROOT / "constraints.txt")]
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [*pip, "wheel", "--no-deps", "--build-constraint", pins[1], "-w", str(wheels), "."],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("rulingbot-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    installed = subprocess.run(
        [*pip, "--python", str(venv / "bin" / "python"), "install", *pins, str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stderr
    shutil.rmtree(source)  # nothing of a checkout is left to find
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(elsewhere), "LANG": "C.UTF-8"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")
    rulingbot = str(venv / "bin" / "rulingbot")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [rulingbot, *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=60
        )

    check = run("check")
    assert check.returncode == 0, check.stderr
    assert "rulingbot check: OK - WBF Laws of Duplicate Bridge 2017: 93 laws" in check.stdout
    law = run("law", "27B1")
    assert law.returncode == 0 and "27B1" in law.stdout, law.stderr
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert run("--version").stdout == f"rulingbot {config['project']['version']}\n"


# -- issue 15 item 14: reproducible installs --------------------------------------------------


def _constraints() -> dict[str, str]:
    """constraints.txt as {normalised name: exact version}."""
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, pinned = line.partition("==")
            assert pinned, f"constraints.txt: {line!r} is not an exact pin"
            pins[re.sub(r"[-_.]+", "-", name).lower()] = pinned
    return pins


def test_every_install_uses_the_constraints_file(checkout: Path) -> None:
    for target in ("run", "test"):
        lines = [
            line
            for line in _make(checkout, "-n", target).stdout.splitlines()
            if "pip install" in line
        ]
        assert lines, target
        for line in lines:
            assert "--constraint constraints.txt" in line, line
        assert any("--build-constraint constraints.txt" in line for line in lines), target
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    installs = re.findall(r"pip install[^\n]*", dockerfile)
    assert installs and all("--constraint constraints.txt" in line for line in installs)
    assert re.search(r"^COPY [^\n]*\bconstraints\.txt\b", dockerfile, re.M)


def test_the_constraints_pin_what_the_tests_run_with() -> None:
    """Every package of this environment (but rulingbot) at exactly the version pinned, the
    build backend included: a fresh clone installs what passed here."""
    from importlib.metadata import distributions

    pins = _constraints()
    for dist in distributions():
        name = re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower()
        # setuptools: the copy a Python 3.11 venv is made with; builds use the pinned one
        if name not in ("rulingbot", "setuptools"):
            assert pins.get(name) == dist.version, f"{name} {dist.version} vs {pins.get(name)}"
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert build == ["setuptools>=77"] and "setuptools" in pins


def test_runtime_dependencies_stop_before_the_next_major_and_the_linters_are_exact() -> None:
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = _constraints()
    for line in project["dependencies"]:
        requirement = Requirement(line)
        uppers = [s for s in requirement.specifier if s.operator in ("<", "~=", "==")]
        assert uppers, f"{line} has no upper bound"
        assert requirement.specifier.contains(pins[requirement.name.lower()]), line
    dev = {
        Requirement(line).name: Requirement(line)
        for line in project["optional-dependencies"]["dev"]
    }
    for tool in ("ruff", "mypy"):
        (spec,) = dev[tool].specifier
        assert spec.operator == "==" and spec.version == pins[tool], tool


def test_the_readme_names_make_and_git_as_the_only_tools_besides_python() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = " ".join(readme.split("## Set-up (fresh machine)", 1)[1].split("\n## ", 1)[0].split())
    needed = re.search(r"Tools needed: ([^;]+); nothing else", setup)
    assert needed is not None
    assert re.findall(r"`(\w+)`", needed.group(1)) == ["make", "git"]
    assert "Python 3.11 or later" in needed.group(1)
    assert "sudo apt install make git" in setup
