"""Shared fixtures: the real knowledge, and ways to talk to the bot as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.dialogue.engine import Conversation, Dialogue, Turn
from bot.knowledge import Knowledge, load
from bot.render import Renderer

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    # bot/telegram/api.py replays stored Bot API calls by name on purpose (it silences this
    # warning at import; pytest resets warning filters per test, so say it here too)
    config.addinivalue_line(
        "filterwarnings", "ignore:Please use 'Bot:telegram.warnings.PTBUserWarning"
    )


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


def walk(chat: Chat, text: str, *answers: str) -> list[Turn]:
    """Every reply up to the ruling: each question answered with the next of ``answers``,
    or, when none is left, with its first choice."""
    turns = chat.say(text)
    seen = list(turns)
    given = list(answers)
    for _ in range(10):
        if any(t.type == "ruling" for t in turns):
            break
        asked = [t for t in turns if t.choices and t.choices[0].id != "fix"]
        if not asked:
            break
        turns = chat.say(given.pop(0) if given else asked[-1].choices[0].id)
        seen += turns
    return seen


def took_text(seen: list[Turn]) -> str:
    """The "I took from your description" reply among ``seen`` ("" when none was shown)."""
    return next((t.text for t in seen if t.text.startswith("I took from your description")), "")


def asked_about(seen: list[Turn], words: str) -> bool:
    """Whether any reply among ``seen`` holds ``words`` (a question's text)."""
    return any(words in t.text for t in seen)


def ruling_of(seen: list[Turn]) -> Turn:
    """The ruling among the replies ``walk`` saw."""
    return next(t for t in seen if t.type == "ruling")


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


class JsonlBot:
    """One `rulingbot chat --jsonl` process, driven line by line like a user would.

    When the bot is unsure of the topic it offers a short menu; like a user,
    ``incident`` then picks the topic the test is about and carries on.
    """

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot", "chat", "--jsonl"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def say(self, line: str) -> list[dict[str, Any]]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        turns: list[dict[str, Any]] = reply["replies"]
        return turns

    def incident(self, topic: str | Sequence[str], lines: Sequence[str]) -> list[dict[str, Any]]:
        """All reply turns for one incident, from a fresh start.

        ``topic`` is the topic to pick if a menu is offered, or several in order of preference
        (the topic a story starts in, when it hands over to another).
        """
        self.say("restart")
        turns = self.say(lines[0])
        last = turns[-1]
        offered = [c["id"] for c in last["choices"]]
        wanted = [topic] if isinstance(topic, str) else list(topic)
        pick = next((t for t in wanted if t in offered), None)
        if last["type"] == "question" and last["topic"] is None and pick:
            turns += self.say(pick)
        for line in lines[1:]:
            turns += self.say(line)
        return turns

    def ruling(self, topic: str | Sequence[str], lines: Sequence[str]) -> dict[str, Any]:
        turns = self.incident(topic, lines)
        rulings = [t for t in turns if t["type"] == "ruling"]
        assert rulings, f"no ruling for {lines}: {[t['text'][:80] for t in turns]}"
        return rulings[-1]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)


@pytest.fixture(scope="session")
def jsonl_bot() -> Iterator[JsonlBot]:
    bot = JsonlBot()
    yield bot
    bot.close()


_SHARED: list[JsonlBot] = []


def shared_bot() -> JsonlBot:
    """One JSON-lines bot process for a whole test run (closed at exit)."""
    if not _SHARED:
        import atexit

        _SHARED.append(JsonlBot())
        atexit.register(_SHARED[0].close)
    return _SHARED[0]


RULING_CASES = ROOT / "tests" / "data" / "rulings"


def ruling_cases(*files: str) -> list[dict[str, Any]]:
    """The ruling cases kept as data in ``tests/data/rulings/<file>.yaml`` (driven by
    ``test_ruling_cases.py``), for tests that look at them as a whole."""
    import yaml

    out: list[dict[str, Any]] = []
    for name in files:
        out += yaml.safe_load((RULING_CASES / f"{name}.yaml").read_text(encoding="utf-8")) or []
    return out


def rules_tried(*files: str) -> set[str]:
    """The rules these case files say they reach (their ``rule:`` keys)."""
    return {case["rule"] for case in ruling_cases(*files) if "rule" in case}
