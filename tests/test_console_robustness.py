"""`rulingbot chat`: any bytes in, one valid UTF-8 JSON line out, and the incident kept."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

from bot.console import run_chat, run_jsonl
from bot.dialogue.engine import Conversation, Dialogue, Turn

from conftest import ROOT


def _jsonl(stdin: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "chat", "--jsonl"],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=120,
    )


def test_invalid_utf8_in_gets_valid_utf8_json_out_and_the_incident_goes_on() -> None:
    lines = [
        b"insufficient bid",
        b"\xff\xfe\xc3(",
        b"\x80 yes",
        b"yes",
        "caf\u00e9 \u2028 \x85".encode(),
    ]
    for env in ({}, {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"}):
        result = _jsonl(b"\n".join(lines) + b"\n", **env)
        assert result.returncode == 0, result.stderr
        text = result.stdout.decode("utf-8")  # strict: every byte is valid UTF-8
        out = text.splitlines()  # splits at U+2028 and NEL too: none may be raw
        assert len(out) == len(lines)
        replies = [json.loads(line)["replies"] for line in out]
        assert "Was it his turn" in replies[0][-1]["text"]
        assert "accept" in replies[3][-1]["text"]  # the answer after the bad lines applies


def test_a_line_without_a_final_newline_and_windows_line_ends() -> None:
    result = _jsonl(b"insufficient bid\r\nyes")
    out = result.stdout.decode("utf-8").splitlines()
    assert len(out) == 2 and "accept" in json.loads(out[1])["replies"][-1]["text"]


class _Fragile:
    """The real dialogue, except that one text makes it fail (as an engine bug would)."""

    def __init__(self, dialogue: Dialogue, trigger: str) -> None:
        self.dialogue, self.trigger = dialogue, trigger

    def handle(self, conversation: Conversation, text: str, **kwargs: Any) -> list[Turn]:
        if text.strip() == self.trigger:
            conversation.pending = "half-changed"
            raise ValueError("boom")
        return self.dialogue.handle(conversation, text, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dialogue, name)


def test_an_engine_failure_keeps_the_incident_in_the_json_protocol(dialogue: Dialogue) -> None:
    fragile: Any = _Fragile(dialogue, "②")
    stdout = io.BytesIO()
    run_jsonl(fragile, io.BytesIO("insufficient bid\n②\nyes\n".encode()), stdout)
    replies = [json.loads(line)["replies"] for line in stdout.getvalue().splitlines()]
    assert "still open" in replies[1][0]["text"] and "start again" not in replies[1][0]["text"]
    assert "accept" in replies[2][-1]["text"]


def test_an_engine_failure_does_not_end_the_console_chat(dialogue: Dialogue) -> None:
    fragile: Any = _Fragile(dialogue, "②")
    stdout = io.StringIO()
    run_chat(fragile, io.StringIO("insufficient bid\n②\nyes\nquit\n"), stdout)
    shown = stdout.getvalue()
    assert "still open" in shown and "accept the insufficient bid" in shown
    assert "Goodbye" in shown
