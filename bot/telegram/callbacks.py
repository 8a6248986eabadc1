"""Callback data for the bot's buttons, kept under Telegram's 64-byte limit.

Anyone can send any callback data to a bot, so decoding is strict: a field
that is not a plain number in range, or a kind we never issue, gives
``None`` and the press is refused quietly.

- ``a|owner|asked|index``: an answer; the owner (a user, or the group itself for
  anonymous admins), the conversation's question counter and the choice's position.
- ``full|id``: expand a headline into the full ruling (a ruling-log id).
- ``fix|owner|asked``: the facts read from a description were wrong; ask them instead.
- ``post|move|group``: post a ruling moved from a group back to that group.
- ``set|key|value``: a group setting.
- ``log|id``: the full text of a ruling listed by /log (a ruling-log id).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_BYTES = 64
MAX_ID = 2**62
MAX_CHOICES = 100
_INT = re.compile(r"-?[0-9]{1,19}")


@dataclass(frozen=True)
class Answer:
    owner: int
    asked: int
    index: int


@dataclass(frozen=True)
class FullRuling:
    ruling_id: int


@dataclass(frozen=True)
class PostBack:
    move_id: int
    group_id: int


@dataclass(frozen=True)
class Setting:
    key: str
    value: str


@dataclass(frozen=True)
class Fix:
    owner: int
    asked: int


@dataclass(frozen=True)
class LogEntry:
    ruling_id: int


Button = Answer | FullRuling | PostBack | Setting | Fix | LogEntry


def _checked(data: str) -> str:
    if len(data.encode()) > MAX_BYTES:
        raise ValueError("callback data over Telegram's 64-byte limit")
    return data


def answer(owner: int, asked: int, index: int) -> str:
    return _checked(f"a|{owner}|{asked}|{index}")


def full_ruling(ruling_id: int) -> str:
    return _checked(f"full|{ruling_id}")


def fix(owner: int, asked: int) -> str:
    return _checked(f"fix|{owner}|{asked}")


def log_entry(ruling_id: int) -> str:
    return _checked(f"log|{ruling_id}")


def post_back(move_id: int, group_id: int) -> str:
    return _checked(f"post|{move_id}|{group_id}")


def setting(key: str, value: str) -> str:
    return _checked(f"set|{key}|{value}")


def _number(text: str, low: int, high: int) -> int | None:
    if not _INT.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def decode(data: str) -> Button | None:
    """The button this data describes, or None if we never issue data like it."""
    kind, *fields = data.split("|")
    numbers: list[int | None]
    if kind == "a" and len(fields) == 3:
        numbers = [
            _number(fields[0], -MAX_ID, MAX_ID),
            _number(fields[1], 0, MAX_ID),
            _number(fields[2], 0, MAX_CHOICES - 1),
        ]
        if None in numbers or numbers[0] == 0:
            return None
        owner, asked, index = (n for n in numbers if n is not None)
        return Answer(owner, asked, index)
    if kind == "fix" and len(fields) == 2:
        fix_owner = _number(fields[0], -MAX_ID, MAX_ID)
        fix_asked = _number(fields[1], 0, MAX_ID)
        if fix_owner is None or fix_asked is None or fix_owner == 0:
            return None
        return Fix(fix_owner, fix_asked)
    if kind == "full" and len(fields) == 1:
        ruling_id = _number(fields[0], 1, MAX_ID)
        return FullRuling(ruling_id) if ruling_id is not None else None
    if kind == "log" and len(fields) == 1:
        logged = _number(fields[0], 1, MAX_ID)
        return LogEntry(logged) if logged is not None else None
    if kind == "post" and len(fields) == 2:
        move_id = _number(fields[0], 1, MAX_ID)
        group_id = _number(fields[1], -MAX_ID, -1)
        if move_id is None or group_id is None:
            return None
        return PostBack(move_id, group_id)
    if kind == "set" and len(fields) == 2 and all(f.isascii() and f.isalpha() for f in fields):
        return Setting(fields[0], fields[1])
    return None
