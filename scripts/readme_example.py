"""Print the README's example conversation, exactly as the console chat produces it.

tests/test_readme.py checks that README.md shows this output, so the example
stays real: after a wording change, run `python scripts/readme_example.py` and
paste its output between the example markers in README.md.
"""

from __future__ import annotations

import io
import sys

from bot.console import show_turn
from bot.dialogue.engine import Conversation, Dialogue
from bot.knowledge import load
from bot.render import Renderer

EXAMPLE = (
    "North opened 1NT and East pulled 1♠ out of the box meaning 1♥. South hasn't called yet",
    "not decided yet",
    "natural",
    "more",
)


def transcript() -> str:
    knowledge = load()
    dialogue = Dialogue(knowledge, Renderer(knowledge))
    conversation = Conversation()
    out = io.StringIO()
    for line in EXAMPLE:
        out.write(f"you> {line}\n\n")
        for turn in dialogue.handle(conversation, line):
            show_turn(turn, out)
    return out.getvalue().rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(transcript())
