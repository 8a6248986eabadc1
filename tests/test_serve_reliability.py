"""Issue 10 with the real `rulingbot serve` process: crashes, stops, webhooks, bad databases.

Each test is what an operator did to the bot (kill it, stop it, point it at a
broken file) and what users or the operator then saw.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from players import Player, describe_waiting, drive
from served import ROOT, TOKEN, ServedBot

from bot.dialogue.engine import Dialogue
from bot.telegram.runner import make_dialogue
from bot.telegram.store import Store

from fake_bot_api import FakeBotApi

FIRST_QUESTION = "Was it his turn"


@pytest.fixture(scope="module")
def reference() -> Dialogue:
    return make_dialogue()


def _answered(api: FakeBotApi, users: list[int], needle: str = FIRST_QUESTION) -> list[int]:
    return [u for u in users if any(needle in str(m.get("text")) for m in api.messages_to(u))]


def _wait_answered(api: FakeBotApi, users: list[int], count: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(_answered(api, users)) < count:
        assert time.monotonic() < deadline, f"only {len(_answered(api, users))} answered"
        time.sleep(0.01)


# -- 1: nothing is confirmed to Telegram before it is stored ----------------------------------


def test_users_waiting_when_the_bot_is_killed_are_all_answered(tmp_path: Path) -> None:
    users = list(range(1000, 1040))
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        for user in users:
            api.user_says("insufficient bid", user=user)
        bot.start()
        _wait_answered(api, users, 10)
        bot.kill()
        bot.start()
        _wait_answered(api, users, 40)
        bot.kill()


def test_a_stop_is_quick_and_loses_nothing(tmp_path: Path) -> None:
    """Docker's stop: SIGTERM, then SIGKILL after 10 s. Telegram is slow today (0.3 s a send)."""
    users = list(range(1100, 1140))
    with FakeBotApi(TOKEN) as api:
        api.faults.delay = 0.3
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        for user in users:
            api.user_says("insufficient bid", user=user)
        bot.start()
        _wait_answered(api, users, 10)
        assert bot.process is not None
        started = time.monotonic()
        bot.process.send_signal(signal.SIGTERM)
        try:
            code = bot.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            bot.process.kill()
            code = bot.process.wait()
        stopping = time.monotonic() - started
        bot.process = None
        assert code == 0 and stopping < 5, (code, stopping)
        api.faults.delay = 0
        bot.start()
        _wait_answered(api, users, 40)
        bot.kill()
    assert "Traceback" not in bot.log.read_text()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(url: str, update: dict[str, object], secret: str | None) -> int:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["X-Telegram-Bot-Api-Secret-Token"] = secret
    request = urllib.request.Request(url, data=json.dumps(update).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status: int = response.status
            return status
    except urllib.error.HTTPError as refused:
        return refused.code
    except (urllib.error.URLError, OSError):
        return 0


def _webhook_bot(api: FakeBotApi, tmp_path: Path, url: str, port: int, **env: str) -> ServedBot:
    bot = ServedBot(
        api,
        tmp_path / "bot.sqlite3",
        tmp_path / "bot.log",
        args=("--webhook", url, "--port", str(port)),
        env=env,
    )
    api.webhook = {}
    bot.start()
    deadline = time.monotonic() + 60
    while not api.webhook:
        assert bot.alive() and time.monotonic() < deadline, bot.log_text()
        time.sleep(0.02)
    return bot


def test_webhook_updates_acknowledged_before_a_kill_are_all_answered(tmp_path: Path) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    users = list(range(1200, 1230))
    with FakeBotApi(TOKEN) as api:
        bot = _webhook_bot(api, tmp_path, url, port, RULINGBOT_WEBHOOK_SECRET="s3cret")
        updates = [api.update_for("insufficient bid", user) for user in users]
        statuses: dict[int, int] = {}

        def deliver(update: dict[str, object]) -> None:
            for _ in range(200):  # the server may still be binding its port
                status = _post(url, update, "s3cret")
                if status:
                    statuses[int(str(update["update_id"]))] = status
                    return
                time.sleep(0.05)

        threads = [threading.Thread(target=deliver, args=(u,)) for u in updates]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        bot.kill()  # straight after Telegram was told "200" for each
        assert list(statuses.values()).count(200) == 30
        bot = _webhook_bot(api, tmp_path, url, port, RULINGBOT_WEBHOOK_SECRET="s3cret")
        _wait_answered(api, users, 30)
        bot.kill()


# -- 4: per-chat order with concurrency -------------------------------------------------------


def test_messages_sent_back_to_back_are_answered_in_order(
    tmp_path: Path, reference: Dialogue
) -> None:
    from bot.dialogue.engine import Conversation

    lines = ["insufficient bid", "1", "2"]
    expected = reference.handle(Conversation(), lines[0])
    conversation = Conversation()
    for line in lines:
        expected = reference.handle(conversation, line)
    wanted = expected[-1].summary or expected[-1].text  # a ruling is sent as its headline
    users = list(range(1300, 1330))
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        polls = api.polls
        bot.start()
        bot.wait_polling(polls)
        for user in users:
            for line in lines:
                api.user_says(line, user=user)
        _wait_answered_with(api, users, wanted)
        bot.kill()
        for user in users:
            texts = [str(m.get("text")) for m in api.messages_to(user)]
            assert not any("didn't catch" in t or "expired" in t for t in texts), texts


def _wait_answered_with(api: FakeBotApi, users: list[int], needle: str) -> None:
    deadline = time.monotonic() + 60
    while len(_answered(api, users, needle)) < len(users):
        assert time.monotonic() < deadline, "not every user got the answer to his third message"
        time.sleep(0.02)


# -- 5: the webhook secret ----------------------------------------------------------------------


def test_webhook_without_a_configured_secret_registers_its_own(tmp_path: Path) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    with FakeBotApi(TOKEN) as api:
        env = {k: "" for k in ("RULINGBOT_WEBHOOK_SECRET", "RULINGBOT_WEBHOOK_SECRET_FILE")}
        bot = _webhook_bot(api, tmp_path, url, port, **env)
        registered = str(api.webhook.get("secret_token", ""))
        assert len(registered) >= 32
        forged = api.update_for("insufficient bid", 1400)
        for secret in (None, "", "guess"):
            assert _post(url, forged, secret) == 403
        assert _post(url, api.update_for("insufficient bid", 1401), registered) == 200
        _wait_answered(api, [1401], 1)
        bot.kill()
        assert api.messages_to(1400) == []
    assert registered not in bot.log.read_text()


def test_the_secret_is_read_from_a_file_and_never_from_the_command_line(tmp_path: Path) -> None:
    secret_file = tmp_path / "secret"
    secret_file.write_text("from-a-file_123\n")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    with FakeBotApi(TOKEN) as api:
        bot = _webhook_bot(api, tmp_path, url, port, RULINGBOT_WEBHOOK_SECRET_FILE=str(secret_file))
        assert api.webhook["secret_token"] == "from-a-file_123"
        bot.kill()
    refused = subprocess.run(
        [sys.executable, "-m", "bot", "serve", "--webhook", url, "--secret-token", "x" * 20],
        cwd=ROOT,
        env={**os.environ, "TELEGRAM_BOT_TOKEN": TOKEN, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2
    assert "RULINGBOT_WEBHOOK_SECRET_FILE" in refused.stderr
    example = (ROOT / "deploy" / ".env.example").read_text()
    assert "RULINGBOT_WEBHOOK_SECRET_FILE" in example
    compose = (ROOT / "deploy" / "docker-compose.yml").read_text()
    assert "--secret-token" not in compose


# -- 7: database faults: one clear line, a distinct exit code, and health agrees ---------------


def _serve_on(db: Path, **popen: object) -> subprocess.CompletedProcess[str]:
    with FakeBotApi(TOKEN) as api:
        return subprocess.run(  # type: ignore[call-overload,no-any-return]
            [sys.executable, "-m", "bot", "serve", "--db", str(db)],
            cwd=ROOT,
            env={
                **os.environ,
                "TELEGRAM_BOT_TOKEN": TOKEN,
                "TELEGRAM_API_BASE_URL": api.base_url,
                "PYTHONPATH": str(ROOT),
                "PYTHONDONTWRITEBYTECODE": "1",
            },
            capture_output=True,
            text=True,
            timeout=60,
            **popen,
        )


def _health(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "health", "--db", str(db)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _refused(result: subprocess.CompletedProcess[str], code: int, words: str) -> None:
    assert result.returncode == code, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr
    assert "Traceback" not in result.stderr


def _database(path: Path) -> Path:
    Store(path).close()
    return path


def test_a_database_from_a_newer_rulingbot_is_refused(tmp_path: Path) -> None:
    db = _database(tmp_path / "bot.sqlite3")
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA user_version = 99")
    _refused(_serve_on(db), 3, "newer rulingbot")
    assert _health(db).returncode == 1


@pytest.mark.parametrize("damage", ["garbage", "truncated", "directory"])
def test_an_unusable_database_file_is_one_line_and_exit_code_3(tmp_path: Path, damage: str) -> None:
    db = tmp_path / "bot.sqlite3"
    if damage == "directory":
        db.mkdir()
    elif damage == "garbage":
        db.write_bytes(random.Random(1).randbytes(20_000))
    else:
        store = Store(db)
        with store.transaction():
            for i in range(300):
                store.save_conversation(i, i, {"description": "x" * 500})
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store.close()
        data = db.read_bytes()
        db.write_bytes(data[: len(data) // 2])
    _refused(_serve_on(db), 3, str(db))
    assert _health(db).returncode == 1


@contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """The file cannot be written, even by root (who ignores permission bits)."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(path)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        path.chmod(0o444)
        yield


def test_a_read_only_database_is_refused_at_start(tmp_path: Path) -> None:
    db = _database(tmp_path / "bot.sqlite3")
    for extra in tmp_path.glob("bot.sqlite3-*"):
        extra.unlink()
    with _read_only(db):
        _refused(_serve_on(db), 3, "cannot write")
        assert _health(db).returncode == 1


def test_a_full_disk_at_start_is_one_line(tmp_path: Path) -> None:
    db = _database(tmp_path / "bot.sqlite3")

    def tiny_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))

    _refused(_serve_on(db, preexec_fn=tiny_files), 3, "is the disk full?")


def test_health_fails_while_updates_wait_unhandled(tmp_path: Path) -> None:
    from bot.telegram.heartbeat import Heartbeat
    from bot.telegram.lock import InstanceLock

    db = _database(tmp_path / "bot.sqlite3")
    store = Store(db)
    store.ingest([{"update_id": 5, "message": {"text": "hi"}}])
    store.db.execute("UPDATE inbox SET received = received - 600")
    store.set_meta("heartbeat", Heartbeat(mode="polling").record())
    store.close()
    assert "no bot is running" in _health(db).stderr  # not "waiting": nobody could handle it
    lock = InstanceLock(db).acquire()  # a bot runs and polls, yet the update waits
    try:
        result = _health(db)
        assert result.returncode == 1 and "waiting" in result.stderr
    finally:
        lock.release()


# -- 10: operations -------------------------------------------------------------------------------


def test_a_second_bot_on_the_same_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    with FakeBotApi(TOKEN) as api:
        first = ServedBot(api, db, tmp_path / "bot.log")
        polls = api.polls
        first.start()
        first.wait_polling(polls)
        second = _serve_on(db)
        first.kill()
    _refused(second, 4, "already using")


def test_telegram_unreachable_is_one_log_line_not_a_traceback_per_retry(tmp_path: Path) -> None:
    with FakeBotApi(TOKEN) as api:
        failing = {"left": 3}
        original = api.answer

        def flaky(method: str, params: dict[str, object]) -> tuple[int, dict[str, object]]:
            if method == "getUpdates" and failing["left"] > 0:
                failing["left"] -= 1
                echoed = f"Bad Gateway: upstream error for /bot{TOKEN}/getUpdates"  # a proxy's
                return 502, {"ok": False, "error_code": 502, "description": echoed}
            return original(method, params)

        api.answer = flaky  # type: ignore[method-assign]
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=1500)
        _wait_answered(api, [1500], 1)
        bot.kill()
    log = bot.log.read_text()
    assert "Traceback" not in log
    assert log.count("cannot get updates") == 1 and "reachable again" in log
    assert "upstream error" in log.lower()  # the error is logged, its token redacted:
    assert TOKEN.split(":")[1].lower() not in log.lower()


def test_players_finish_their_incidents_through_a_restart(
    tmp_path: Path, reference: Dialogue
) -> None:
    """The README's promise, as a user sees it: a restart mid-incident changes nothing."""
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        players = [Player(api, reference, 1600 + i, 1600 + i, random.Random(i)) for i in range(5)]
        for player in players:
            player.start("insufficient bid")
        bot.start()
        drive(players, time.monotonic() + 1.0)
        bot.kill()
        bot.start()
        waiting = drive(players, time.monotonic() + 60)
        bot.kill()
    assert not waiting, describe_waiting(waiting)
