"""Issue 15 with the real `rulingbot serve` process: the edges an operator meets on a bad day.

Each test is what Telegram, a user or the operator did (a poison update, a
deleted file, a held lock) and what users or the operator then saw.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from served import ROOT, TOKEN, ServedBot
from test_serve_reliability import (
    _free_port,
    _health,
    _post,
    _wait_answered,
    _webhook_bot,
)

from bot.telegram.heartbeat import Heartbeat
from bot.telegram.lock import InstanceLock
from bot.telegram.store import Store

from fake_bot_api import FakeBotApi

LONE_SURROGATE = "\ud800"
HUGE = 2**63


def _wait(condition: Any, what: str, bot: ServedBot, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}:\n{bot.log_text()}"
        time.sleep(0.05)


# -- 1: a poison update never takes the bot down --------------------------------------------------


def test_a_poison_update_is_set_aside_and_polling_goes_on(tmp_path: Path) -> None:
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        api.user_says(f"insufficient bid {LONE_SURROGATE}", user=2101)
        api.user_says("insufficient bid", user=2102)
        too_big_chat = api.message("insufficient bid", user=2103)
        too_big_chat["message"]["chat"]["id"] = HUGE
        api._queue(too_big_chat)
        bot.start()
        _wait_answered(api, [2101, 2102], 2)
        _wait(lambda: api.pending_updates() == 0, "the batch was never confirmed", bot)
        polls = api.polls
        with api.lock:  # an update id no database integer holds, last in its batch
            api.updates.append({"update_id": HUGE, **api.message("insufficient bid", user=2104)})
            api.lock.notify_all()
        _wait(lambda: api.pending_updates() == 0, "the huge id was never confirmed", bot)
        bot.wait_polling(api.polls)
        assert api.polls > polls and bot.alive()
        bot.kill()
    log = bot.log.read_text()
    assert log.count("set aside") == 2, log
    assert "Traceback" not in log


def test_a_poison_update_posted_to_the_webhook_is_confirmed_not_refused_for_ever(
    tmp_path: Path,
) -> None:
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    with FakeBotApi(TOKEN) as api:
        bot = _webhook_bot(api, tmp_path, url, port, RULINGBOT_WEBHOOK_SECRET="s3cret")
        surrogate = api.update_for(f"insufficient bid {LONE_SURROGATE}", 2201)
        huge = {**api.update_for("insufficient bid", 2202), "update_id": HUGE}
        statuses = []
        for update in (surrogate, huge):
            status = 0
            for _ in range(200):  # the server may still be binding its port
                status = _post(url, update, "s3cret")
                if status:
                    break
                time.sleep(0.05)
            statuses.append(status)
        assert statuses == [200, 200], bot.log_text()
        _wait_answered(api, [2201], 1)
        assert _post(url, api.update_for("insufficient bid", 2203), "s3cret") == 200
        _wait_answered(api, [2203], 1)
        bot.kill()
    assert "set aside" in bot.log.read_text()


# -- 8: no getChatMember for a private button press ------------------------------------------------


def _buttons(api: FakeBotApi, chat: int) -> tuple[int, list[dict[str, Any]]]:
    """The message id and buttons of the last question sent to a chat."""
    for sent in reversed(api.messages_to(chat)):
        rows = (sent.get("reply_markup") or {}).get("inline_keyboard")
        if rows and sent.get("method") == "sendMessage":
            return int(sent["message_id"]), [b for row in rows for b in row]
    raise AssertionError(f"no buttons in chat {chat}")


def test_private_button_presses_ask_telegram_nothing_about_membership(tmp_path: Path) -> None:
    user = 2301
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=user)
        _wait_answered(api, [user], 1)
        for press in (1, 2):
            message_id, buttons = _buttons(api, user)
            api.press(buttons[0]["callback_data"], message_id, user=user)
            pressed = lambda count=press: api.calls["answerCallbackQuery"] == count  # noqa: E731
            _wait(pressed, "press unanswered", bot)
        _wait(lambda: len(api.messages_to(user)) >= 4, "no question after the presses", bot)
        bot.kill()
    assert api.calls["getChatMember"] == 0


# -- 6: the token never appears in any output ------------------------------------------------------


def _serve(api: FakeBotApi, db: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "serve", "--db", str(db), *args],
        cwd=ROOT,
        env={
            **os.environ,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": api.base_url,
            "PYTHONPATH": str(ROOT),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def _echoing(api: FakeBotApi, refused: str, text: str) -> None:
    """Telegram (or a proxy) refuses ``refused`` with an error that echoes the request path."""
    original = api.answer

    def answer(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if method == refused:
            return 400, {"ok": False, "error_code": 400, "description": text}
        return original(method, params)

    api.answer = answer  # type: ignore[method-assign]


def test_a_refused_webhook_never_prints_the_token(tmp_path: Path) -> None:
    secret = TOKEN.split(":")[1]
    port = _free_port()
    with FakeBotApi(TOKEN) as api:
        echoed = f"Bad Request: bad webhook: POST /bot{TOKEN.lower()}/setWebhook failed"
        _echoing(api, "setWebhook", echoed)
        result = _serve(
            api,
            tmp_path / "bot.sqlite3",
            "--webhook",
            f"https://example.org/{TOKEN}",
            "--port",
            str(port),
            RULINGBOT_WEBHOOK_SECRET="s3cret",
        )
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "refused the webhook" in result.stderr and "bad webhook" in result.stderr.lower()
    assert secret.lower() not in output.lower(), output
    assert "Traceback" not in output
    # the same at any other start-up error, and in the log of a running bot
    with FakeBotApi(TOKEN) as api:
        _echoing(api, "getMe", f"Bad Request: no such bot at /bot{TOKEN.upper()}/getMe")
        refused = _serve(api, tmp_path / "refused.sqlite3")
    with FakeBotApi(TOKEN) as api:
        _echoing(api, "setMyCommands", f"Bad Request: cannot parse /bot{TOKEN}/setMyCommands")
        bot = ServedBot(api, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
        polls = api.polls
        bot.start()
        bot.wait_polling(polls)
        bot.kill()
    assert refused.returncode == 1 and "no such bot" in refused.stderr.lower(), refused.stderr
    assert "command menu" in bot.log_text()
    for output in (refused.stdout + refused.stderr, bot.log.read_text()):
        assert secret.lower() not in output.lower(), output


# -- 5: health tells the truth ------------------------------------------------------------------


def _health_until(db: Path, healthy: bool, words: str, bot: ServedBot, timeout: float = 60) -> str:
    """Health's answer once it is the one expected (the bot reports every few seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        result = _health(db)
        answer = (result.stdout + result.stderr).strip()
        if (result.returncode == 0) == healthy and words in answer:
            return answer
        assert time.monotonic() < deadline, f"health said {answer!r}\n{bot.log_text()}"
        time.sleep(1)


def test_health_fails_when_no_bot_runs_and_passes_once_one_polls(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        bot.wait_polling(0)
        answer = _health_until(db, True, "healthy", bot)
        assert "polling" in answer
        bot.kill()
    result = _health(db)
    assert result.returncode == 1 and "no bot is running" in result.stderr, result


def test_health_fails_while_getupdates_keeps_failing_with_409(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    with FakeBotApi(TOKEN) as api:
        original = api.answer

        def answer(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            if method == "getUpdates":
                return 409, {
                    "ok": False,
                    "error_code": 409,
                    "description": "Conflict: terminated by other getUpdates request; make "
                    "sure that only one bot instance is running",
                }
            return original(method, params)

        api.answer = answer  # type: ignore[method-assign]
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        said = _health_until(db, False, "getUpdates has failed", bot, timeout=90)
        bot.kill()
    assert "another program is polling" in said


def test_health_tells_a_paced_group_from_stuck_replies(tmp_path: Path) -> None:
    db, group = tmp_path / "bot.sqlite3", -100777
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        bot.wait_polling(0)
        for user in range(2400, 2430):  # 30 questions for a group: 20 a minute may go
            api.user_says("/ruling insufficient bid", user=user, chat=group)
        _wait(lambda: len(api.messages_to(group)) >= 20, "the group got nothing", bot)
        with sqlite3.connect(db) as connection:  # as if they had waited for minutes
            connection.execute("UPDATE outbox SET created = created - 600")
        paced = _health_until(db, True, "paced", bot)
        assert len(api.messages_to(group)) < 30  # still waiting, yet healthy
        bot.kill()
    assert "repl(ies) queued over 2 minutes" in paced
    # the same backlog with a lane that sent nothing for minutes: stuck
    store = Store(db)
    beat = Heartbeat.read(store.meta("heartbeat"))
    assert beat is not None
    beat.pid, beat.progress = os.getpid(), {f"chat:{group}": time.time() - 600}
    store.set_meta("heartbeat", beat.record())
    store.close()
    lock = InstanceLock(db).acquire()
    try:
        stuck = _health(db)
    finally:
        lock.release()
    assert stuck.returncode == 1 and "Telegram unreachable?" in stuck.stderr, stuck


# -- 7: the operator's bad days ------------------------------------------------------------------


def _rulingbot(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_the_tidy_up_survives_a_database_error(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    store = Store(db)
    store.save_conversation(7, 7, {"description": "old"})
    store.db.execute("UPDATE conversations SET updated = 0")  # long past its retention
    store.db.execute(  # the database refuses the tidy-up's delete
        "CREATE TRIGGER refuse BEFORE DELETE ON conversations "
        "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
    )
    store.close()
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        _wait(lambda: "could not forget old data" in bot.log_text(), "no tidy-up error", bot)
        api.user_says("insufficient bid", user=2501)
        _wait_answered(api, [2501], 1)
        assert bot.alive()
        bot.kill()
    assert "will try again in an hour" in bot.log_text()


def test_a_lock_held_at_start_up_is_waited_for(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    Store(db).close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # a backup or the sqlite3 shell, for 8 s
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        try:  # held until the bot says it waits (however long a loaded machine takes to start)
            waiting = "another program holds it; waiting"
            _wait(lambda: waiting in bot.log_text(), "the bot never said it waits", bot, 120)
            assert bot.alive(), bot.log_text()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        api.user_says("insufficient bid", user=2502)
        _wait_answered(api, [2502], 1)
        bot.kill()


def test_bad_retention_values_are_refused_in_one_line(tmp_path: Path) -> None:
    for value in ("abc", "0", "-1", "nan", "inf"):
        result = _rulingbot(
            "serve",
            "--db",
            str(tmp_path / "bot.sqlite3"),
            TELEGRAM_BOT_TOKEN=TOKEN,
            RULINGBOT_KEEP_RULINGS_DAYS=value,
        )
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, (value, result.stderr)
        assert "RULINGBOT_KEEP_RULINGS_DAYS must be a number of days above 0" in lines[0]
        assert repr(value) in lines[0]


def test_a_second_bot_through_a_symlink_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    link = tmp_path / "link.sqlite3"
    link.symlink_to(db)
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        bot.wait_polling(0)
        second = _rulingbot(
            "serve", "--db", str(link), TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=api.base_url
        )
        bot.kill()
    assert second.returncode == 4 and "already using" in second.stderr, second.stderr


def test_the_database_its_journal_files_and_backups_are_private(tmp_path: Path) -> None:
    db = tmp_path / "data" / "bot.sqlite3"
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        bot.wait_polling(0)
        api.user_says("insufficient bid", user=2503)
        _wait_answered(api, [2503], 1)
        backup = _rulingbot("backup", "--db", str(db), str(tmp_path / "copy.sqlite3"))
        files = [db, db.with_name("bot.sqlite3-wal"), db.with_name("bot.sqlite3-shm")]
        modes = {path.name: oct(path.stat().st_mode & 0o777) for path in files}
        bot.kill()
    assert backup.returncode == 0, backup.stderr
    modes["copy.sqlite3"] = oct((tmp_path / "copy.sqlite3").stat().st_mode & 0o777)
    assert set(modes.values()) == {"0o600"}, modes


def test_a_restore_asks_before_sending_days_old_replies(tmp_path: Path) -> None:
    from bot.telegram import replies

    db, copy = tmp_path / "bot.sqlite3", tmp_path / "copy.sqlite3"
    store = Store(db)
    with store.transaction():
        store.queue([replies.message(2504, "an answer from last week")])
    store.db.execute("UPDATE outbox SET created = created - 5 * 86400")
    store.close()
    assert _rulingbot("backup", "--db", str(db), str(copy)).returncode == 0
    restored = _rulingbot("restore", "--db", str(db), str(copy))
    assert restored.returncode == 0, restored.stderr
    assert "1 repl(ies) never sent" in restored.stdout and "set aside" in restored.stdout
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=2504)
        _wait_answered(api, [2504], 1)
        bot.kill()
        assert not any("last week" in str(m.get("text")) for m in api.messages_to(2504))
    # the operator who wants them says so
    again = _rulingbot("restore", "--db", str(db), str(copy), "--send-queued")
    assert again.returncode == 0 and "they go out when the bot starts" in again.stdout
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        api.wait_for_text("an answer from last week", timeout=60)
        bot.kill()


# -- 4: a deleted -wal file ----------------------------------------------------------------------


def test_a_deleted_wal_file_is_noticed_and_nothing_in_it_is_lost(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    wal = db.with_name("bot.sqlite3-wal")
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=2601)
        _wait_answered(api, [2601], 1)
        wal.unlink()  # a clean-up script; the incident above is only in that file
        api.user_says("insufficient bid", user=2602)
        _wait_answered(api, [2602], 1)
        first = _health(db)
        said = (first.stdout + first.stderr).strip()
        assert "-wal" in said and "deleted" in said, said
        saved = _health_until(db, True, "nothing was lost", bot)
        bot.kill()
        bot.start()  # both incidents carry on
        for user in (2601, 2602):
            message_id, buttons = _buttons(api, user)
            api.press(buttons[0]["callback_data"], message_id, user=user)
        _wait(lambda: all(len(api.messages_to(u)) >= 2 for u in (2601, 2602)), "no reply", bot)
        bot.kill()
    assert not any("expired" in a.get("text", "") for a in api.answers)
    assert "deleted at" in saved


def test_a_wal_file_lost_with_its_commits_stops_the_next_start(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, tmp_path / "bot.log")
        bot.start()
        api.user_says("insufficient bid", user=2603)
        _wait_answered(api, [2603], 1)
        os.kill(bot.pid, signal.SIGSTOP)  # it cannot save anything any more
        db.with_name("bot.sqlite3-wal").unlink()
        bot.kill()
        health = _health(db)
        bot.start()
        assert bot.process is not None
        code = bot.process.wait(timeout=60)
        bot.process = None
    lines = bot.log_text().strip().splitlines()
    assert code == 3 and "bot.sqlite3-wal is missing" in lines[-1], lines[-3:]
    assert health.returncode == 1 and "is missing" in health.stderr, health
    assert "page(s) written since the last checkpoint" in health.stderr
