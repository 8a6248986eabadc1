"""Issue 16: the dialogue reads a description for less CPU and says exactly what it said.

Each shortcut skips work only where that work is known to find nothing; these tests hold
that over every labelled story (no timing: the promise is the same reading)."""

from __future__ import annotations

import re

import pytest
import yaml

from bot.dialogue.description import normal_form
from bot.dialogue.engine import Dialogue
from bot.lazy import required_text

from conftest import ROOT

AREAS = ("play", "information", "auction", "short")


def labelled_texts() -> list[str]:
    texts: list[str] = []
    for area in AREAS:
        for path in sorted((ROOT / "knowledge").glob(f"*/examples/{area}.yaml")):
            texts.extend(str(item["text"]) for item in yaml.safe_load(path.read_text("utf-8")))
    return texts


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return labelled_texts()


@pytest.mark.parametrize(
    ("source", "needed"),
    [
        (r"\b(ib|i\.b\.)\b", ("ib", "i.b.")),
        (r"\b(bidding|bid) (box|cards?)\b", ("bidding box", "bidding card", "bid box", "bid card")),
        (r"(no[- ]?)x", ("no",)),  # what follows an optional part is not added to it
        (r"x(?:y|z+)w", ("x",)),
        (r"(?:a|)b", ("b",)),
        (r"(?i)Foo", ("foo",)),
        (r"[abc]\d+", None),
    ],
)
def test_what_a_pattern_needs_is_read_from_its_source(
    source: str, needed: tuple[str, ...] | None
) -> None:
    assert required_text(source, re.IGNORECASE) == needed


def test_a_jargon_rule_finds_nothing_in_a_text_without_what_it_needs(
    dialogue: Dialogue, texts: list[str]
) -> None:
    lowered = [t.lower() for t in texts if t.isascii()]
    for pattern, _ in dialogue.normalise.rules:
        needed = required_text(pattern.pattern, re.IGNORECASE)
        if needed is None:
            continue
        for text in lowered:
            if pattern.search(text):
                assert any(word in text for word in needed), (pattern.pattern, text)


def test_the_jargon_rewrites_every_story_as_when_every_rule_was_tried(
    dialogue: Dialogue, texts: list[str]
) -> None:
    def every_rule(text: str) -> str:
        out = " ".join(text.lower().replace("’", "'").split())
        for pattern, means in dialogue.normalise.rules:
            out = pattern.sub(means, out)
        return out

    stories = [*texts, "Bd 3 – TD called, pd’s IB ½", "the kelvin K and long ſ"]
    assert [dialogue.normalise._normalise(t) for t in stories] == [every_rule(t) for t in stories]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("4s by n. e showed out on the second heart", "4s by North. East showed out"),
        ("3nt by s, w led the queen", "3nt by South, West led"),
        ("then n played low and s won", "then North played low and South won"),
        ("n led out of turn", "North led out of turn"),
        ("s opened 1s and n bid 2h", "s opened 1s and n bid 2h"),  # before a call: left
    ],
)
def test_a_seat_typed_as_a_small_letter_is_read_where_it_was(
    dialogue: Dialogue, text: str, read: str
) -> None:
    assert read in normal_form(text, dialogue.vocabulary)
