"""An auction laid out as a table, the way organised players post it on a phone:

    W N E S
    1H 1D p
    E passed over the 1D

The seat of every call is its column. Spoken prose reads calls from left to right and loses the
columns once the lines are joined, so the table is rewritten, before anything else reads the
text, as the calls with their seats ("W 1H, N 1D, E pass."), which the story reader already
places. Only a header of the four seats in rotation, followed by lines of nothing but calls,
is a table: anything else is left as typed.
"""

from __future__ import annotations

import re

from bot.core.calls import written_call
from bot.lazy import lazy_pattern

_SEAT_NAMES = {"n": "N", "e": "E", "s": "S", "w": "W"}
_ROTATION = "NESW"
_SEAT = r"(?:north|east|south|west|[nesw])"
_HEADER = lazy_pattern(rf"(?i)^\s*(?:{_SEAT}[\s|/,-]+){{3}}{_SEAT}\s*:?\s*$")
_NO_CALL = frozenset({"-", "–", "—", "_"})  # a seat before the dealer
_TURN_NOW = frozenset({"?", "??", "...", "…", "(?)"})  # the auction stops here as typed
_ROW_TOKEN = lazy_pattern(r"\([^()]*\)|[^\s(]+")


def rewrite_auction_grids(text: str) -> str:
    """``text`` with each auction table replaced by its calls and their seats, and lines of
    bare calls kept apart from the prose around them ('4H by S' / '1H p 3H p': South did not
    bid 1H)."""
    if "\n" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        seats = _header_seats(lines[i])
        if seats is None:
            if _bare_calls(lines[i]):
                if not (i and _bare_calls(lines[i - 1])):
                    _end_sentence(out)
                if not (i + 1 < len(lines) and _bare_calls(lines[i + 1])):
                    lines[i] = lines[i].rstrip() + "."
            out.append(lines[i])
            i += 1
            continue
        calls: list[str] = []
        slot = 0
        j = i + 1
        while j < len(lines):
            read = _row(lines[j])
            if read is None:
                break
            row, stops = read
            for token, note in row:
                if token in _NO_CALL:
                    slot += 1
                    continue
                calls.append(f"{seats[slot % 4]} {written_call(token)}{note}")
                slot += 1
            j += 1
            if stops:
                break
        if not calls:
            out.append(lines[i])
            i += 1
            continue
        _end_sentence(out)
        out.append(", ".join(calls) + ".")
        i = j
    return "\n".join(out)


def _bare_calls(line: str) -> bool:
    """A line of two or more calls, a bid among them, typed without a header ('1H p 3H p')."""
    read = _row(line)
    if read is None or len(read[0]) < 2:
        return False
    return any((call := written_call(t)) is not None and call[0].isdigit() for t, _ in read[0])


def _end_sentence(out: list[str]) -> None:
    """End the line before a table or a row of calls ('Bd 19, dlr E' is not the first call's
    subject)."""
    if out and out[-1].strip() and out[-1].rstrip()[-1] not in ".,;:!?":
        out[-1] = out[-1].rstrip() + "."


def _header_seats(line: str) -> list[str] | None:
    if not _HEADER.match(line):
        return None
    seats = [_SEAT_NAMES[word[0].lower()] for word in re.findall(rf"(?i){_SEAT}", line)]
    start = _ROTATION.index(seats[0])
    if seats != [_ROTATION[(start + k) % 4] for k in range(4)]:
        return None  # not the seats in the order they call: not a table header
    return seats


def _row(line: str) -> tuple[list[tuple[str, str]], bool] | None:
    """The calls of one line, each with any bracketed note typed after it ('2D (alerted)'),
    and whether the table stops there ('?': the call still to come); None when the line holds
    anything but calls (it is prose: the table has ended)."""
    row: list[tuple[str, str]] = []
    for token in _ROW_TOKEN.findall(line.replace("|", " ")):
        if token in _TURN_NOW:
            return row, True
        if token.startswith("("):
            if not row:
                return None
            call, note = row[-1]
            row[-1] = (call, f"{note} {token}")
            continue
        if token not in _NO_CALL and written_call(token) is None:
            return None
        row.append((token, ""))
    return (row, False) if row else None
