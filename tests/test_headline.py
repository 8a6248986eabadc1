"""A ruling starts with its headline: what happens now, the decisive Laws, and any
judgement the director must make; the full ruling is one step away ('more')."""

from __future__ import annotations

import io

from bot.console import run_chat
from bot.dialogue.engine import Dialogue

from conftest import Chat, jsonl_session, last_ruling


def test_json_ruling_carries_summary_beside_the_full_text() -> None:
    ruling = last_ruling(jsonl_session(["insufficient bid", "yes", "no", "comparable"]))
    assert ruling["summary"]
    assert len(ruling["summary"]) < len(ruling["text"]) / 2
    assert "27B1(b)" in ruling["summary"]
    assert "comparable is the director's judgement" in ruling["summary"]


def test_more_shows_the_full_ruling_after_the_headline(chat: Chat) -> None:
    turns = chat.through("insufficient bid", "yes", "no", "comparable")
    full = turns[-1].text
    more = chat.say("more")
    assert more[0].text == full and "The director may still decide" in full


def test_more_with_nothing_ruled_says_so(chat: Chat) -> None:
    assert "no ruling to show" in chat.say("more")[0].text


def test_console_shows_the_headline_and_how_to_see_more(dialogue: Dialogue) -> None:
    out = io.StringIO()
    run_chat(dialogue, io.StringIO("insufficient bid\nyes\nno\ncomparable\nmore\n"), out)
    text = out.getvalue()
    headline_at = text.index("RULING - ")
    assert 'Type "more" for the full ruling' in text[headline_at:]
    assert text.index("The director may still decide") > headline_at


def test_every_headline_fits_a_glance_and_keeps_its_judgement(knowledge, renderer) -> None:  # type: ignore[no-untyped-def]
    from bot.check import SAMPLE_DETAILS, check, leaf_ruling

    limits = {"player": 60, "director": 40}
    for leaf in check(knowledge).leaves:
        for details in ({}, SAMPLE_DETAILS):
            ruling = leaf_ruling(knowledge, leaf, details)
            judged = [e for e in ruling.effects if e.startswith("judge_")]
            for style, limit in limits.items():
                summary = renderer.summary(ruling, "text", style=style)
                words = len(summary.split())
                assert words <= limit, (style, leaf.topic, leaf.rule, words, summary)
                if judged:
                    assert "judge" in summary.lower() or "TD" in summary, (leaf.rule, summary)
                assert "(Law " in summary
