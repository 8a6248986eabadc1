"""Callback data for answer buttons, kept well under Telegram's 64-byte limit.

A button carries who may press it, which question it answers (the
conversation's question counter) and the choice's position, so a press by
another member, or on an old question, is recognised without guessing.
"""

from __future__ import annotations

from dataclasses import dataclass

PREFIX = "a"
MAX_BYTES = 64


@dataclass(frozen=True)
class Press:
    owner: int
    asked: int
    index: int


def encode(owner: int, asked: int, index: int) -> str:
    data = f"{PREFIX}|{owner}|{asked}|{index}"
    if len(data.encode()) > MAX_BYTES:
        raise ValueError("callback data over Telegram's 64-byte limit")
    return data


def decode(data: str) -> Press | None:
    """The press a button's data describes, or None if it is not one of ours."""
    parts = data.split("|")
    if len(parts) != 4 or parts[0] != PREFIX:
        return None
    try:
        owner, asked, index = (int(p) for p in parts[1:])
    except ValueError:
        return None
    return Press(owner, asked, index)
