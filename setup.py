"""Puts the checkout's knowledge/ and templates/ into the wheel, inside the package.

The top-level folders stay the one source (reviewers edit them there); a built wheel carries
a copy under ``bot/_data/`` so ``pip install .`` works outside the checkout. An editable
install copies nothing: ``bot.knowledge`` finds the checkout's folders in place.
Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("knowledge", "templates")
"""Top-level folders the bot reads at run time; bot.knowledge.DATA_FOLDER names where."""


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for name in SHIPPED:
            target = Path(self.build_lib, "bot", "_data", name)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(name, target, ignore=shutil.ignore_patterns("__pycache__"))


setup(cmdclass={"build_py": BuildWithData})
