"""Laws 45, 46 and 47: when a card is played, unclear calls from dummy, taking a card back.

The incidents, one per rule (description, answers, citations, key phrase), are data in
tests/data/rulings/<topic>.yaml, run by test_ruling_cases.py; what stays here are the checks
over a whole topic and the incidents that need more than one ruling to test."""

from __future__ import annotations

from conftest import jsonl_session


def test_unclear_call_from_dummy_is_handed_over_from_law_45() -> None:
    replies = jsonl_session(
        [
            "declarer named a card from dummy and now regrets it",
            "He did not give both suit and rank",
        ]
    )
    turns = replies[-1]["replies"]
    assert any(t["type"] == "message" and "Law 46 decides" in t["text"] for t in turns)
    assert turns[-1]["type"] == "question" and turns[-1]["topic"] == "dummy_designation"
