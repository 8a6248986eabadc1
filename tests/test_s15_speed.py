"""Issue 16: reading a description costs less CPU, and reads exactly as before. The vocabulary's
phrase lists are now tried as a tree of first letters and the dearest searches are shared
between readers; none of it may change what a story is read as. These tests hold the tree to
the plain list of alternatives it replaced, over stories as players type them."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from bot.core.play import find_cards
from bot.dialogue.reading.vocabulary import _any_of, _phrase_body

from conftest import ROOT

VOCABULARY = ROOT / "knowledge" / "wbf-2017" / "vocabulary.yaml"
LISTS = ("acts", "holdings", "timing", "told", "dummy_acts", "information", "auction")


def _phrase_lists() -> list[tuple[str, list[str]]]:
    doc: dict[str, Any] = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))
    found = [(f"{key}.{kind}", words) for key in LISTS for kind, words in doc[key].items()]
    found += [(key, words) for key, words in doc.items() if key not in LISTS and _phrases(words)]
    return found


def _phrases(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _plain(phrases: list[str]) -> re.Pattern[str]:
    """The phrases as one alternative each, longest first: what the tree must equal."""
    bodies = [_phrase_body(p) for p in sorted(phrases, key=len, reverse=True)]
    bodies = [b.replace("(?P<suit>", f"(?P<suit{i}>") for i, b in enumerate(bodies)]
    return re.compile(r"(?<!\w)(?:" + "|".join(bodies) + r")(?!\w)")


def _texts() -> list[str]:
    stories = ROOT / "tests" / "data" / "stories"
    texts = []
    for name in ("play_dev.yaml", "auction_dev.yaml", "information_dev.yaml"):
        items = yaml.safe_load((stories / name).read_text(encoding="utf-8"))
        texts += [" ".join(item["text"].split()).lower() for item in items[:60]]
    return texts


def _seen(match: re.Match[str]) -> tuple[tuple[int, int], list[str]]:
    suits = [v for k, v in match.groupdict().items() if k.startswith("suit") and v]
    return match.span(), suits


TEXTS = _texts()


@pytest.mark.parametrize(("name", "phrases"), _phrase_lists(), ids=lambda v: str(v)[:30])
def test_a_phrase_list_as_a_tree_finds_what_the_plain_list_finds(
    name: str, phrases: list[str]
) -> None:
    tree = re.compile(_any_of(phrases).pattern)
    plain = _plain(phrases)
    for text in TEXTS:
        assert [_seen(m) for m in tree.finditer(text)] == [_seen(m) for m in plain.finditer(text)]


@pytest.mark.parametrize(
    ("phrases", "text", "found"),
    [
        (["led", "leads", "leading"], "rho leads the sk, lho led", ["leads", "led"]),
        (["says", "says that"], "he says that it was", ["says that"]),  # the longer first
        (["[put|puts] a card down", "putting"], "she puts a card down", ["puts a card down"]),
        (["take ... back", "take it"], "take the ace back", ["take the ace back"]),
        (["had {card}", "had none"], "lho had the sk", ["had the sk"]),
    ],
)
def test_the_tree_keeps_each_phrase_and_the_longest_first(
    phrases: list[str], text: str, found: list[str]
) -> None:
    assert [m.group(0) for m in _any_of(phrases).finditer(text)] == found


def test_the_cards_found_are_a_fresh_list_each_time() -> None:
    text = "I led the SQ and dummy played the heart ten"
    first = find_cards(text)
    first.clear()  # a caller changing its list changes nobody else's
    assert [m.words for m in find_cards(text)] == ["SQ", "heart ten"]
