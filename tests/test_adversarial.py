"""Descriptions written to trip the reader: it must never fill in a fact it cannot prove.

Each entry of tests/data/adversarial.yaml lists every fact its description proves; the
reader may fill those (and should fill most of them), and nothing else. A wrong inferred
fact, or a call or offender named wrongly, fails the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.core.calls import Seat
from bot.dialogue.engine import Dialogue

from conftest import ROOT

ITEMS: list[dict[str, Any]] = yaml.safe_load(
    (ROOT / "tests" / "data" / "adversarial.yaml").read_text(encoding="utf-8")
)
SPEAKER_WORDS = {"self": "you", "partner": "your partner", "lho": "your LHO", "rho": "your RHO"}


def _offender_name(facts: dict[str, str]) -> str | None:
    seat = facts.get("_offender")
    if seat is None:
        return None
    if facts.get("_frame") == "speaker":
        return SPEAKER_WORDS[Seat.parse(facts["_speaker"]).relation_to(Seat.parse(seat))]
    return Seat.parse(seat).title


def _read(dialogue: Dialogue, item: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    topic = dialogue.knowledge.topics[item["topic"]]
    text = item["text"]
    found = dialogue.facts_for(topic, text)
    return {k: found.facts[k] for k in found.inferred}, found.facts


def test_set_is_large_and_varied() -> None:
    assert len(ITEMS) >= 200
    assert len({item["topic"] for item in ITEMS}) >= 15
    texts = [item["text"] for item in ITEMS]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("item", ITEMS, ids=lambda item: item["text"][:60])
def test_no_wrong_inferred_fact_and_no_wrong_name(dialogue: Dialogue, item: dict[str, Any]) -> None:
    inferred, facts = _read(dialogue, item)
    proven = item["facts"] or {}
    wrong = {k: v for k, v in inferred.items() if proven.get(k) != v}
    assert not wrong, f"inferred {wrong}, but the description proves only {proven}"
    names = item["names"]
    assert _offender_name(facts) == names["offender"], "wrong offender named"
    assert facts.get("_call") == names["call"], "wrong call named"


def test_reader_fills_most_of_what_is_proven(dialogue: Dialogue) -> None:
    expected = found = 0
    for item in ITEMS:
        inferred, _ = _read(dialogue, item)
        proven = item["facts"] or {}
        expected += len(proven)
        found += sum(1 for k, v in proven.items() if inferred.get(k) == v)
    assert found / expected >= 0.85, f"{found}/{expected} proven facts read"


def test_data_file_is_where_the_docs_say(dialogue: Dialogue) -> None:
    assert Path(ROOT / "tests" / "data" / "adversarial.yaml").exists()
