"""`rulingbot serve` as a real process against a fake Bot API on 127.0.0.1.

A private conversation from /start to a ruling, with the process killed
(SIGKILL) mid-incident and restarted: the incident finishes after the restart.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from conftest import ROOT
from fake_bot_api import FakeBotApi

TOKEN = "424242:SECRET-TOKEN-VALUE"


def _start(api: FakeBotApi, db: Path, log: Path, command: str = "serve") -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "TELEGRAM_API_BASE_URL": api.base_url,
        "RULINGBOT_DB": str(db),
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "bot", command],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )


def _wait_for_state(db: Path, pending: str, timeout: float = 120.0) -> None:
    """Wait until the conversation, as stored, is waiting for ``pending``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with sqlite3.connect(db) as connection:
                row = connection.execute("SELECT data FROM conversations").fetchone()
        except sqlite3.Error:
            row = None
        if row and f'"pending": "{pending}"' in row[0]:
            return
        time.sleep(0.1)
    raise AssertionError(f"conversation never reached {pending!r}")


def test_incident_survives_sigkill_and_restart(tmp_path: Path) -> None:
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    try:
        _kill_and_restart(db, log)
    except AssertionError as failure:  # show what the bot logged, to see why
        log_text = log.read_text(errors="replace")
        raise AssertionError(f"{failure}\n--- bot log ---\n{log_text}") from None
    output = log.read_text(errors="replace")
    assert TOKEN not in output and "SECRET-TOKEN-VALUE" not in output
    assert "Traceback" not in output


def _kill_and_restart(db: Path, log: Path) -> None:
    with FakeBotApi(TOKEN) as api:
        process = _start(api, db, log)
        try:
            api.user_says("/start")
            api.wait_for_text("Tell me what happened")
            api.user_says("insufficient bid")
            api.wait_for_text("Was it his turn")
            api.user_says("yes")
            api.wait_for_text("accept the insufficient bid")
            _wait_for_state(db, "accepted")
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL

        restarted = _start(api, db, log, command="run")  # make run's entry point
        try:
            api.user_says("no")
            api.wait_for_text("What does the offender replace it with")
            api.user_says("the lowest sufficient bid in the same denomination")
            api.wait_for_text("Was the insufficient bid natural")
            api.user_says("yes, natural")
            ruling = api.wait_for_text("(Law 27B1(a))")  # the headline; the rest is a tap away
            assert "no further rectification" in ruling
        finally:
            restarted.terminate()
            restarted.wait(timeout=30)


def _serve_once(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """Run `rulingbot serve` with only these TELEGRAM_* settings; it must exit by itself."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TELEGRAM_")}
    return subprocess.run(
        [sys.executable, "-m", "bot", "serve", "--db", str(tmp_path / "x.sqlite3")],
        cwd=ROOT,
        env={**env, **settings, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_serve_without_a_token_says_what_to_set(tmp_path: Path) -> None:
    result = _serve_once(tmp_path)
    assert result.returncode == 2
    assert "TELEGRAM_BOT_TOKEN" in result.stderr
    assert "Traceback" not in result.stderr


def test_token_file_is_read_and_never_printed(tmp_path: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    result = _serve_once(
        tmp_path,
        TELEGRAM_BOT_TOKEN_FILE=str(token_file),
        TELEGRAM_API_BASE_URL="http://127.0.0.1:9/bot",  # nothing listens: start-up fails
    )
    assert result.returncode == 1
    assert "cannot use the Telegram Bot API at http://127.0.0.1:9/bot" in result.stderr
    assert "Traceback" not in result.stderr
    assert TOKEN not in result.stdout + result.stderr
    assert "SECRET-TOKEN-VALUE" not in result.stdout + result.stderr


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_webhook_mode_checks_the_secret_and_answers(tmp_path: Path) -> None:
    import json
    import urllib.error
    import urllib.request

    port = _free_port()
    url = f"http://127.0.0.1:{port}/rulingbot"
    with FakeBotApi(TOKEN) as api:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": api.base_url,
            "RULINGBOT_DB": str(tmp_path / "bot.sqlite3"),
            "RULINGBOT_WEBHOOK_SECRET": "club-secret-123",
            "PYTHONPATH": str(ROOT),
        }
        command = [sys.executable, "-m", "bot", "serve", "--webhook", url, "--port", str(port)]
        log = tmp_path / "bot.log"
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + 60
            while not api.webhook and time.monotonic() < deadline:
                time.sleep(0.05)
            assert api.webhook["url"] == url
            assert api.webhook["secret_token"] == "club-secret-123"

            def post(update: dict[str, object], secret: str) -> int:
                request = urllib.request.Request(
                    url,
                    data=json.dumps(update).encode(),
                    headers={
                        "Content-Type": "application/json",
                        "X-Telegram-Bot-Api-Secret-Token": secret,
                    },
                )
                for _ in range(100):  # the webhook server may still be binding
                    try:
                        with urllib.request.urlopen(request, timeout=10) as response:
                            status: int = response.status
                            return status
                    except urllib.error.HTTPError as refused:
                        return refused.code
                    except urllib.error.URLError:
                        time.sleep(0.1)
                raise AssertionError("webhook server never answered")

            assert post(api.update_for("insufficient bid"), "wrong-secret") == 403
            assert post(api.update_for("insufficient bid"), "club-secret-123") == 200
            api.wait_for_text("Was it his turn")
            assert len([m for m in api.sent if "Was it his turn" in str(m["text"])]) == 1
        finally:
            process.terminate()
            process.wait(timeout=30)
    assert TOKEN not in log.read_text(errors="replace")
