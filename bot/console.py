"""Console adapters over the dialogue engine: a human chat and a JSON-lines protocol.

Both keep one :class:`Conversation` for the session and feed every line to
the same engine the Telegram bot uses, so what works here works there.
"""

from __future__ import annotations

import json
from typing import TextIO

from bot.dialogue.engine import Conversation, Dialogue, Turn

MORE_HINT = (
    '(Type "more" for the full ruling: options, what the director may still decide, all Laws.)'
)


def show_turn(turn: Turn, out: TextIO) -> None:
    """Write a turn as the console shows it: text (a ruling's headline first, the rest on
    'more'), then numbered choices."""
    if turn.type == "ruling" and turn.summary:
        out.write(f"RULING - {turn.summary.rstrip()}\n{MORE_HINT}\n\n")
        return
    out.write(turn.text.rstrip() + "\n")
    for number, choice in enumerate(turn.choices, start=1):
        out.write(f"  {number}. {choice.label}\n")
    out.write("\n")


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
            return 0
        for turn in dialogue.handle(conversation, line, **preferences):
            show_turn(turn, stdout)


def run_jsonl(dialogue: Dialogue, stdin: TextIO, stdout: TextIO, **preferences: str) -> int:
    """One user message per input line; exactly one JSON line of replies per message."""
    conversation = Conversation()
    for line in stdin:
        text = line.rstrip("\n")
        try:
            turns = dialogue.handle(conversation, text, **preferences)
        except Exception:  # never break the protocol: one reply line per message
            conversation = Conversation()
            turns = [dialogue.internal_error_turn()]
        stdout.write(json.dumps({"replies": [t.to_json() for t in turns]}, ensure_ascii=False))
        stdout.write("\n")
        stdout.flush()
    return 0
