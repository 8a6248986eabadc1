"""The command-line interfaces, as scripts and directors' tools call them."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT, jsonl_session


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_ask_json_lists_up_to_five_topics_best_first() -> None:
    result = _run("ask", "--json", "my LHO made an IB over my 1NT")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["query"] == "my LHO made an IB over my 1NT"
    matches = data["matches"]
    assert 1 <= len(matches) <= 5
    assert matches[0]["topic"] == "insufficient_bid"
    assert matches[0]["title"] == "Insufficient bid"
    assert "27" in matches[0]["laws"]
    scores = [m["score"] for m in matches]
    assert scores == sorted(scores, reverse=True)
    assert set(matches[0]) == {"topic", "title", "laws", "score"}


def test_law_by_number_and_by_subsection() -> None:
    whole = _run("law", "27")
    assert whole.returncode == 0
    assert "Law 27 - Insufficient Bid" in whole.stdout
    assert "27B" in whole.stdout  # main parts listed
    assert "Insufficient bid" in whole.stdout  # links to the topic
    part = _run("law", "27B1")
    assert part.returncode == 0
    assert "Law 27B1" in part.stdout
    unknown = _run("law", "27Z")
    assert unknown.returncode == 1
    assert "couldn't find" in unknown.stdout


def test_every_law_from_1_to_93_has_a_summary() -> None:
    from bot.knowledge import load

    knowledge = load()
    assert sorted(knowledge.laws.laws) == list(range(1, 94))
    for law in knowledge.laws.laws.values():
        assert law.title and len(law.summary.split(".")) >= 2, law.number


def test_jsonl_protocol_one_line_per_message_and_exit_zero() -> None:
    lines = ["hello", "", "insufficient bid", "yes", "yes"]
    result = _run("chat", "--jsonl", stdin="".join(line + "\n" for line in lines))
    assert result.returncode == 0
    out = result.stdout.splitlines()
    assert len(out) == len(lines)
    for line in out:
        reply = json.loads(line)
        assert set(reply) == {"replies"}
        for turn in reply["replies"]:
            assert turn["type"] in {"question", "ruling", "message"}
            assert isinstance(turn["text"], str) and turn["text"]
            assert all(set(c) == {"id", "label"} for c in turn["choices"])
            assert ("citations" in turn) == (turn["type"] == "ruling")
    ruling = json.loads(out[-1])["replies"][-1]
    assert ruling["type"] == "ruling" and ruling["topic"] == "insufficient_bid"
    assert ruling["citations"] == ["27A1"]  # law references without the word "Law"


def test_jsonl_after_a_ruling_the_next_line_is_a_new_incident() -> None:
    replies = jsonl_session(["bid 8 spades", "no", "insufficient bid"])
    assert replies[1]["replies"][-1]["type"] == "ruling"
    assert replies[2]["replies"][0]["topic"] == "insufficient_bid"


def test_broken_knowledge_is_reported_plainly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    shutil.copytree(ROOT, tmp_path / "copy", ignore=shutil.ignore_patterns(".venv", ".git"))
    topic = tmp_path / "copy" / "knowledge" / "wbf-2017" / "topics" / "bid_above_seven.yaml"
    topic.write_text("id: [unclosed", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "bot", "check"],
        capture_output=True,
        text=True,
        cwd=tmp_path / "copy",
        env={"PYTHONPATH": str(tmp_path / "copy"), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode != 0
    assert "bid_above_seven.yaml" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_without_a_token_starts_the_console_chat() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        input="insufficient bid\nquit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert result.returncode == 0
    assert "Tell me what happened" in result.stdout
    assert "Was it his turn to call" in result.stdout
    assert "Goodbye" in result.stdout


def test_law_lookup_answers_every_number_and_links_topics(dialogue) -> None:  # type: ignore[no-untyped-def]
    for number in range(1, 94):
        text = dialogue.law_lookup(str(number)).text
        law = dialogue.knowledge.laws.laws[number]
        assert f"Law {number} - {law.title}" in text
        assert law.summary.split(".")[0] in text
    assert "When a card counts as played" in dialogue.law_lookup("45").text  # its topic
    assert "Law 25A1" in dialogue.law_lookup("25A1").text


def test_chat_takes_the_regulations_to_mention() -> None:
    story = "pulled 1S out of the box meaning 1H, nobody has called\nyes\n"
    result = _run("chat", "--jsonl", "--jurisdiction", "EBU", stdin=story)
    ruling = json.loads(result.stdout.splitlines()[-1])["replies"][-1]
    assert ruling["type"] == "ruling"
    assert "English Bridge Union" in ruling["text"]
