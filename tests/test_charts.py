"""Flowcharts (issue 9 item 3): drawn from the same rules the engine walks, kept current in
docs/flowcharts/, printed by `rulingbot chart`, answered in the chat, sent by /chart."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

from bot import charts
from bot.core.topics import Choice, Question, Rule, Topic
from bot.dialogue.engine import Dialogue
from bot.knowledge import Knowledge
from bot.render import Renderer, personal
from bot.telegram import charts as telegram_charts

from conftest import ROOT, Chat
from telegram_fakes import Harness, run

DOCS = ROOT / "docs" / "flowcharts"


def test_docs_flowcharts_are_current(knowledge: Knowledge, renderer: Renderer) -> None:
    pages = charts.docs_pages(knowledge, renderer)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in DOCS.glob("*.md")}
    stale = sorted(
        name for name in pages.keys() | on_disk.keys() if pages.get(name) != on_disk.get(name)
    )
    assert stale == [], f"docs/flowcharts is out of date for {stale}: run `make charts`"


def test_every_question_and_rule_of_a_topic_is_in_its_chart(
    knowledge: Knowledge, renderer: Renderer
) -> None:
    for topic in knowledge.topics.values():
        chart = charts.flowchart(knowledge, topic.id, renderer)
        text = chart.mermaid()
        for question in topic.questions:
            assert f"q_{question.fact}[" in text, (topic.id, question.fact)
        for rule in topic.rules:
            assert f"r_{rule.id}(" in text or f"r_{rule.id}[/" in text, (topic.id, rule.id)
        for node in chart.nodes:
            if node.kind == "question":
                fact = node.id[2:].rstrip("_0123456789") if node.id[-1].isdigit() else node.id[2:]
                question = topic.question(fact)
                assert question is not None
                labels = [label for source, _, label in chart.edges if source == node.id]
                shown = personal(question, {})  # third person, as a director reads it
                assert labels == [c.label for c in shown.choices], (topic.id, node.id)


def test_a_chart_follows_the_rule_order(knowledge: Knowledge, renderer: Renderer) -> None:
    """Call after the final pass: a defender's action with LHO not yet called restricts the lead."""
    text = charts.mermaid(knowledge, "call_after_final_pass", renderer)
    assert '-->|"A bid, double or redouble"| q_lho_called' in text
    assert '-->|"No, not yet"| r_defender_action\n' in text
    assert 'r_defender_action("Law 39A, 39C<br/>' in text
    handover = charts.mermaid(knowledge, "insufficient_bid", renderer)
    assert "Continues: Call out of turn" in handover  # an insufficient bid out of turn


def test_labels_are_escaped_for_mermaid_and_dot() -> None:
    choice_a = Choice(id="a", label='He said "stop"')
    choice_b = Choice(id="b", label="x <y>")
    topic = Topic(
        id="t",
        title="T",
        summary="s",
        laws=("1",),
        questions=(Question(fact="f", ask="Was it \\ odd?", choices=(choice_a, choice_b)),),
        rules=(Rule(id="r1", when={"f": ("a",)}, citations=("1A",)), Rule(id="r2")),
    )
    chart = charts.Flowchart(topic)
    chart.nodes = [charts.Node("q_f", "question", ("Was it \\ odd?",))]
    chart.edges = [("q_f", "r1", choice_a.label), ("q_f", "r2", choice_b.label)]
    assert '|"He said #quot;stop#quot;"|' in chart.mermaid()
    assert '|"x #lt;y#gt;"|' in chart.mermaid()
    assert 'label="He said \\"stop\\""' in chart.dot()
    assert 'label="Was it \\\\ odd?"' in chart.dot()


def test_graphviz_draws_it_or_is_said_to_be_missing(
    knowledge: Knowledge, renderer: Renderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = charts.render(knowledge, "bid_above_seven", "svg", renderer)
    if charts.graphviz_available():
        assert drawn is not None and b"<svg" in drawn and b"Law 38A, 38B" in drawn
    else:
        assert drawn is None
    monkeypatch.setattr(charts.shutil, "which", lambda name: None)
    assert charts.render_png(knowledge, "bid_above_seven", renderer) is None


def test_topics_are_found_by_id_or_title_words(knowledge: Knowledge, dialogue: Dialogue) -> None:
    found = {text: charts.find_topic(knowledge, text) for text in ("revoke", "insufficient bid")}
    assert {t: (f.id if f else None) for t, f in found.items()} == {
        "revoke": "revoke",
        "insufficient bid": "insufficient_bid",
    }
    assert charts.find_topic(knowledge, "bid") is None  # several titles: no guess
    named = charts.named_topic(dialogue, "IB")  # jargon, through the matcher
    assert named is not None and named.id == "insufficient_bid"
    assert charts.named_topic(dialogue, "xyzzy plugh") is None


def test_chat_answers_chart_with_decision_steps_a_person_reads(chat: Chat) -> None:
    """Issue 15 item 16: numbered questions, each answer leading to a step or a ruling;
    no Mermaid syntax (node ids, arrows, styles) in what the console shows."""
    turns = chat.say("chart revoke")
    text = turns[0].text
    assert "flowchart TD" not in text and "q_noticed" not in text and "-->" not in text
    assert "docs/flowcharts/revoke.md" in text
    chat.say("insufficient bid")
    turns = chat.say("chart insufficient bid")
    steps = turns[0].text
    assert "1. Was it his turn to call when he made the insufficient bid?" in steps
    assert "   - Yes, it was his turn: go to 2" in steps
    assert (
        "   - Yes, it is accepted (or LHO has already called over it): RULING (Law 27A1): His LHO "
        "accepted the insufficient bid" in steps
    )
    assert "penalty-free" in steps and "penalty- free" not in steps  # wrapped words rejoined
    assert turns[1].type == "question"
    usage = chat.say("chart")[0].text
    assert "chart insufficient_bid" in usage and "revoke" in usage
    nothing = chat.say("chart comparable_call")[0].text
    assert "Nothing to ask: RULING (Law 23A1, 23A2): " in nothing


def _chart(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "chart", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_rulingbot_chart_prints_writes_and_refuses(tmp_path: Path) -> None:
    printed = _chart("call_after_final_pass")
    assert printed.returncode == 0 and printed.stdout.startswith("flowchart TD")
    page = _chart("revoke", "-o", str(tmp_path / "revoke.md"))
    assert page.returncode == 0
    assert (tmp_path / "revoke.md").read_text(encoding="utf-8").startswith("# Revoke")
    picture = _chart("revoke", "-o", str(tmp_path / "revoke.svg"))
    if charts.graphviz_available():
        assert picture.returncode == 0 and b"<svg" in (tmp_path / "revoke.svg").read_bytes()
    else:
        assert picture.returncode == 1 and "apt install graphviz" in picture.stderr
    unknown = _chart("no_such_topic")
    assert unknown.returncode == 2 and "insufficient_bid" in unknown.stderr


def test_rulingbot_chart_docs_writes_every_page(tmp_path: Path, knowledge: Knowledge) -> None:
    result = _chart("--docs", str(tmp_path))
    assert result.returncode == 0
    assert {p.stem for p in tmp_path.glob("*.md")} == {*knowledge.topics, "README"}


def _png_of_size(width: int, height: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + struct.pack(">II", width, height)


def test_only_charts_telegram_shows_well_go_as_photos() -> None:
    assert telegram_charts.fits_a_photo(_png_of_size(1000, 600))
    assert not telegram_charts.fits_a_photo(_png_of_size(8900, 1200))  # too wide to read
    assert not telegram_charts.fits_a_photo(_png_of_size(400, 9000))


def test_telegram_chart_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def pictures(h: Harness) -> list[tuple[str, str]]:
        return [
            (c.method, str(c.params.get("caption", "")))
            for c in h.request.calls
            if c.method in ("sendPhoto", "sendDocument")
        ]

    async def scenario() -> None:
        async with Harness(tmp_path / "bot.sqlite3") as h:
            await h.send(h.updates.message("/chart"))
            assert "<b>/chart insufficient_bid</b>" in h.request.texts()[-1]
            await h.send(h.updates.message("/chart bid above seven"))
            method, caption = pictures(h)[-1]
            assert method == ("sendPhoto" if charts.graphviz_available() else "sendDocument")
            assert "Bid of more than seven" in caption
            if charts.graphviz_available():  # too wide to read as a photo: sent as a file
                await h.send(h.updates.message("/chart call_out_of_rotation"))
                assert pictures(h)[-1][0] == "sendDocument"
            monkeypatch.setattr(charts.shutil, "which", lambda name: None)
            telegram_charts._drawn.clear()
            await h.send(h.updates.message("/chart revoke"))
            method, caption = pictures(h)[-1]
            assert method == "sendDocument" and "Mermaid" in caption

    run(scenario)
