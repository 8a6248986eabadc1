"""Shared fixtures: the real knowledge, and ways to talk to the bot as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn
from bot.knowledge import Knowledge, load
from bot.render import Renderer

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def knowledge() -> Knowledge:
    return load()


@pytest.fixture(scope="session")
def renderer(knowledge: Knowledge) -> Renderer:
    return Renderer(knowledge)


@pytest.fixture(scope="session")
def dialogue(knowledge: Knowledge, renderer: Renderer) -> Dialogue:
    return Dialogue(knowledge, renderer)


class Chat:
    """One user talking to the engine; remembers the conversation between lines."""

    def __init__(self, dialogue: Dialogue) -> None:
        self.dialogue = dialogue
        self.conversation = Conversation()

    def say(self, text: str) -> list[Turn]:
        return self.dialogue.handle(self.conversation, text)

    def through(self, *lines: str) -> list[Turn]:
        """Say each line; return the turns of the last one."""
        turns: list[Turn] = []
        for line in lines:
            turns = self.say(line)
        return turns


@pytest.fixture
def chat(dialogue: Dialogue) -> Chat:
    return Chat(dialogue)


def jsonl_session(lines: Sequence[str]) -> list[dict[str, Any]]:
    """Run `rulingbot chat --jsonl` as a process; one parsed reply object per input line."""
    result = subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--jsonl"],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    out = result.stdout.splitlines()
    assert len(out) == len(lines), result.stdout + result.stderr
    return [json.loads(line) for line in out]


def last_ruling(replies: list[dict[str, Any]]) -> dict[str, Any]:
    rulings = [t for reply in replies for t in reply["replies"] if t["type"] == "ruling"]
    assert rulings, f"no ruling in {replies}"
    return rulings[-1]
