"""Console adapters over the dialogue engine: a human chat and a JSON-lines protocol.

Both keep one :class:`Conversation` for the session and feed every line to
the same engine the Telegram bot uses, so what works here works there. Input
is read as bytes and decoded leniently (an invalid byte becomes U+FFFD), so
no input, under any locale, ends a session; a failure inside the engine gets
an apology and leaves the incident as it was.
"""

from __future__ import annotations

import copy
import io
import json
import sys
from typing import BinaryIO, TextIO

from bot.dialogue.engine import Conversation, Dialogue, Turn

MORE_HINT = (
    '(Type "more" for the full ruling: options, what the director may still decide, all Laws.)'
)
_LINE_BREAKS_JSON_KEEPS = {"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"}
"""Characters json.dumps leaves raw that some readers take as a line break."""


def utf8_console() -> tuple[TextIO, TextIO]:
    """stdin and stdout as UTF-8 text whatever the locale; bad input bytes become U+FFFD."""
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = io.TextIOWrapper(
        sys.stdout.buffer, encoding="utf-8", errors="replace", line_buffering=True
    )
    return stdin, stdout


def show_turn(turn: Turn, out: TextIO) -> None:
    """Write a turn as the console shows it: text (a ruling's headline first, the rest on
    'more'), then numbered choices."""
    if turn.type == "ruling" and turn.summary:
        out.write(f"RULING - {turn.summary.rstrip()}\n{MORE_HINT}\n\n")
        return
    out.write(turn.text.rstrip() + "\n")
    for number, choice in enumerate(turn.choices if turn.type == "question" else (), start=1):
        out.write(f"  {number}. {choice.label}\n")
    out.write("\n")


def reply_safely(
    dialogue: Dialogue, conversation: Conversation, text: str, **preferences: str
) -> list[Turn]:
    """The engine's reply; if the engine fails, an apology and the incident unchanged."""
    before = copy.deepcopy(conversation.to_dict())
    try:
        return dialogue.handle(conversation, text, **preferences)
    except Exception:
        restored = Conversation.from_dict(before)
        for name in conversation.__dataclass_fields__:
            setattr(conversation, name, getattr(restored, name))
        return [dialogue.internal_error_turn()]


def run_chat(
    dialogue: Dialogue,
    stdin: TextIO,
    stdout: TextIO,
    prompt: str = "> ",
    **preferences: str,
) -> int:
    """Interactive chat; ends at end of input or on 'quit'. ``preferences``: style, jurisdiction."""
    conversation = Conversation()
    for turn in dialogue.greet():
        show_turn(turn, stdout)
    while True:
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip().lower() in {"quit", "exit", "bye"}:
            stdout.write("\nGoodbye.\n")
            stdout.flush()
            return 0
        for turn in reply_safely(dialogue, conversation, line, **preferences):
            show_turn(turn, stdout)


def json_line(payload: object) -> bytes:
    """One line of UTF-8 JSON, with no character any reader could split it at."""
    text = json.dumps(payload, ensure_ascii=False)
    for raw, escaped in _LINE_BREAKS_JSON_KEEPS.items():
        text = text.replace(raw, escaped)
    return text.encode("utf-8") + b"\n"


def run_jsonl(dialogue: Dialogue, stdin: BinaryIO, stdout: BinaryIO, **preferences: str) -> int:
    """One user message per input line; exactly one JSON line of replies per message."""
    conversation = Conversation()
    for raw in stdin:
        text = raw.rstrip(b"\n").rstrip(b"\r").decode("utf-8", errors="replace")
        turns = reply_safely(dialogue, conversation, text, **preferences)
        stdout.write(json_line({"replies": [t.to_json() for t in turns]}))
        stdout.flush()
    return 0
