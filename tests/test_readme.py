"""The README's example conversation is real output, and its set-up commands exist."""

from __future__ import annotations

import re
import sys

from conftest import ROOT


def test_readme_example_is_what_the_bot_says() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from readme_example import transcript

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(
        r"<!-- example:start -->\n```text\n(.*?)```\n<!-- example:end -->", readme, re.S
    )
    assert block, "README lost its example markers"
    assert block.group(1) == transcript()


def test_readme_gives_the_two_setup_commands_and_ci_runs_make_test() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
