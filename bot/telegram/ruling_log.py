"""The club's ruling log: when, who asked, the topic, the headline and the Laws.

Every ruling the bot gives is logged as it is queued (``Processor.deliver``) and kept as
the retention settings say (``Retention``: the log a year, the full text 90 days by
default). A group's admins read it with /log; the operator exports it with
``rulingbot log --chat ID --csv`` for the club's records.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from dataclasses import dataclass
from typing import Any

from bot.knowledge import Knowledge
from bot.telegram.replies import plain

SHOWN = 10
"""Rulings /log lists: what fits a phone screen, each with its own button."""
_LAWS_AT_END = re.compile(r"\s*\(Laws?\s[^()]*(?:\([^()]*\)[^()]*)*\)\s*$")


@dataclass(frozen=True)
class Entry:
    id: int
    created: float
    asker: str
    topic: str
    """The topic's title (its id if the knowledge no longer has it)."""
    headline: str
    """The headline as plain text, without the Laws (empty once the text is past retention)."""
    laws: tuple[str, ...]
    has_text: bool

    @property
    def when(self) -> dt.datetime:
        return dt.datetime.fromtimestamp(self.created).astimezone()

    @property
    def date(self) -> str:
        """Short, for a phone: '25 Nov 14:02' (the server's time zone)."""
        return self.when.strftime("%d %b %H:%M")


def headline(summary: str) -> str:
    """The first line of a stored headline as plain text, its '(Law ...)' taken off."""
    first = plain(summary).strip().split("\n", 1)[0]
    return _LAWS_AT_END.sub("", first).strip()


def entry(row: dict[str, Any], knowledge: Knowledge) -> Entry:
    topic = knowledge.topics.get(row["topic"])
    return Entry(
        row["id"],
        row["created"],
        row.get("asker") or "",
        topic.title if topic else row["topic"],
        headline(row.get("summary") or ""),
        tuple(row["citations"]),
        bool(row["text"]),
    )


def csv_text(entries: list[Entry]) -> str:
    """The log as CSV for a spreadsheet: one ruling a row, oldest first, ISO times."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", "asker", "topic", "headline", "laws"])
    for item in entries:
        when = item.when.isoformat(timespec="seconds")
        writer.writerow([when, item.asker, item.topic, item.headline, " ".join(item.laws)])
    return out.getvalue()
