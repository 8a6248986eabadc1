"""Ruling cases as data: every file in ``tests/data/rulings/`` is a list of incidents, each typed
into ``rulingbot chat --jsonl`` as a user would (the description, then the answers), with the
topic that must rule, the citations the ruling must carry and phrases the user must read.

A new case needs no Python: add an entry to the topic's file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import shared_bot

CASES_DIR = Path(__file__).parent / "data" / "rulings"
KEYS = {
    "id",
    "rule",
    "say",
    "pick",
    "topic",
    "cites",
    "not_cites",
    "says",
    "not_says",
    "headline",
    "note",
}
"""``rule``: the rule the case is meant to reach, for the tests that want every rule tried;
``headline``: phrases the headline (the summary a phone shows first) must carry;
``not_says``: phrases no reply of the incident may carry (the ruling, or "I took ...")."""


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def _cases() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            unknown = set(case) - KEYS
            assert not unknown, f"{path.name}: {case.get('id')}: unknown keys {unknown}"
            params.append(pytest.param(path.stem, case, id=f"{path.stem}:{case['id']}"))
    return params


CASES = _cases()


def test_every_case_file_holds_cases() -> None:
    files = sorted(CASES_DIR.glob("*.yaml"))
    assert files, "no ruling cases"
    for path in files:
        assert yaml.safe_load(path.read_text(encoding="utf-8")), f"{path.name} is empty"


NO_RULING = "none"
"""``topic: none``: something the bot must not rule on; ``cites`` are the Laws it names."""


def _check_no_ruling(pick: list[str], case: dict[str, Any]) -> None:
    turns = shared_bot().incident(pick, _as_list(case["say"]))
    assert not [t for t in turns if t["type"] == "ruling"], turns[-1]["text"][:300]
    text = " ".join(" ".join(t["text"] for t in turns).split())
    for law in _as_list(case.get("cites")):
        assert f"Law {law}" in text, f"Law {law} not named in: {text[:800]}"
    for phrase in _as_list(case.get("says")):
        assert phrase in text, f"{phrase!r} not in: {text[:800]}"
    for phrase in _as_list(case.get("not_says")):
        assert phrase not in text, f"{phrase!r} in: {text[:800]}"


@pytest.mark.parametrize(("file_topic", "case"), CASES)
def test_ruling_case(file_topic: str, case: dict[str, Any]) -> None:
    """The incident, typed line by line, ends in the expected ruling."""
    topic = case.get("topic", file_topic)
    pick = _as_list(case.get("pick")) or [file_topic, topic]
    if topic == NO_RULING:
        _check_no_ruling(pick, case)
        return
    turns = shared_bot().incident(pick, _as_list(case["say"]))
    # every answer was taken as an answer (none was misread or asked for again)
    assert not any("didn't catch" in t["text"] for t in turns), [t["text"][:80] for t in turns]
    rulings = [t for t in turns if t["type"] == "ruling"]
    assert rulings, f"no ruling: {[t['text'][:80] for t in turns]}"
    ruling = rulings[-1]
    assert ruling["topic"] == topic, ruling["text"][:300]
    citations = set(ruling["citations"])
    missing = set(_as_list(case.get("cites"))) - citations
    assert not missing, f"missing {missing}; cited {sorted(citations)}"
    wrong = set(_as_list(case.get("not_cites"))) & citations
    assert not wrong, f"must not cite {wrong}"
    text = " ".join(ruling["text"].split())
    for phrase in _as_list(case.get("says")):
        assert phrase in text, f"{phrase!r} not in: {text[:1500]}"
    said = " ".join(" ".join(t["text"] for t in turns).split())
    for phrase in _as_list(case.get("not_says")):
        assert phrase not in said, f"{phrase!r} in: {said[:1500]}"
    headline = " ".join(ruling["summary"].split())
    for phrase in _as_list(case.get("headline")):
        assert phrase in headline, f"{phrase!r} not in the headline: {headline}"
