"""The command-line interfaces, as scripts and directors' tools call them."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


# -- issue 15 item 15: version, backup folder, log level, the library's retry noise -----------


def test_version_is_the_packaged_one() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    result = _run("--version")
    assert result.returncode == 0 and result.stdout == f"rulingbot {version}\n"


def test_a_backup_into_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    # health creates the database (and says no bot runs on it)
    assert "the database itself is usable" in _run("health", "--db", str(db)).stderr
    missing = tmp_path / "backups"
    result = _run("backup", "--db", str(db), str(missing / "monday.sqlite3"))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"rulingbot backup: the folder {missing} does not exist; create it first "
        f"(mkdir -p {missing})\n"
    )
    assert not missing.exists()


@contextmanager
def _proxy_serving_an_error_page() -> Iterator[tuple[str, list[float]]]:
    """A Bot API behind a proxy whose upstream is down: getMe works, getUpdates gets the
    proxy's HTML 502 page. Yields the base URL and the times of the getUpdates calls."""
    polls: list[float] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            return None

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            method = self.path.rsplit("/", 1)[-1]
            status, body = 200, json.dumps({"ok": True, "result": True}).encode()
            if method == "getMe":
                me = {"id": 9, "is_bot": True, "first_name": "R", "username": "r_bot"}
                body = json.dumps({"ok": True, "result": me}).encode()
            elif method == "getUpdates":
                polls.append(time.monotonic())
                status, body = 502, b"<html><body><h1>502 Bad Gateway</h1></body></html>"
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/bot", polls
    finally:
        server.shutdown()
        server.server_close()


def _serve_log(tmp_path: Path, level: str | None, retries: int = 3) -> str:
    """What `rulingbot serve` logs while getUpdates fails ``retries`` times."""
    with _proxy_serving_an_error_page() as (base_url, polls):
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": "4242:SECRET-TOKEN-VALUE",
            "TELEGRAM_API_BASE_URL": base_url,
            "RULINGBOT_DB": str(tmp_path / f"bot-{level}.sqlite3"),
        }
        env.pop("RULINGBOT_LOG_LEVEL", None)
        if level is not None:
            env["RULINGBOT_LOG_LEVEL"] = level
        bot = subprocess.Popen(
            [sys.executable, "-m", "bot", "serve"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.monotonic() + 60
        while len(polls) < retries and bot.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(polls) >= retries
        bot.send_signal(signal.SIGTERM)
        out, _ = bot.communicate(timeout=30)
    return out


def test_the_library_logs_no_error_per_retry_and_the_log_level_is_a_setting(
    tmp_path: Path,
) -> None:
    """Before: python-telegram-bot logged ERROR with the proxy's whole page at every retry."""
    default = _serve_log(tmp_path, None)
    assert "rulingbot ready (polling)" in default  # INFO by default
    assert default.count("cannot get updates from Telegram") == 1  # the bot's own warning
    assert "ERROR" not in default and "Can not load invalid JSON data" not in default
    quiet = _serve_log(tmp_path, "warning")
    assert " INFO " not in quiet and "cannot get updates from Telegram" in quiet
    debug = _serve_log(tmp_path, "DEBUG")
    assert "Can not load invalid JSON data" in debug  # kept for whoever is looking into it


def test_an_unknown_log_level_is_refused_in_one_line(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": "4242:SECRET-TOKEN-VALUE",
        "RULINGBOT_LOG_LEVEL": "loud",
    }
    result = subprocess.run(
        [sys.executable, "-m", "bot", "serve", "--db", str(tmp_path / "bot.sqlite3")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert re.fullmatch(
        r"rulingbot serve: RULINGBOT_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, "
        r"not 'loud'\n",
        result.stderr,
    )
