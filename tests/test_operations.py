"""`rulingbot backup` and `rulingbot restore`, as a club volunteer would run them."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from bot.telegram.lock import InstanceLock
from bot.telegram.store import Store

from conftest import ROOT


def _rulingbot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _rulings(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        count: int = connection.execute("SELECT count(*) FROM rulings").fetchone()[0]
        return count


def test_a_backup_taken_while_the_bot_writes_is_whole(tmp_path: Path) -> None:
    db, copy = tmp_path / "bot.sqlite3", tmp_path / "backup.sqlite3"
    writer = Store(db)
    stop = threading.Event()

    def keep_writing() -> None:
        while not stop.is_set():
            with writer.transaction():
                writer.log_ruling(1, 1, "insufficient_bid", "r", ["27A1"], "x" * 2000)
                writer.save_conversation(1, 1, {"pending": "in_rotation"})

    thread = threading.Thread(target=keep_writing)
    thread.start()
    try:
        while _rulings(db) < 200:
            pass
        result = _rulingbot("backup", "--db", str(db), str(copy))
    finally:
        stop.set()
        thread.join()
        writer.close()
    assert result.returncode == 0, result.stderr
    assert "backed up" in result.stdout
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert 200 <= _rulings(copy) <= _rulings(db)
    assert not list(tmp_path.glob("backup.sqlite3-*"))  # one self-contained file
    again = _rulingbot("backup", "--db", str(db), str(copy))
    assert again.returncode == 2 and "already exists" in again.stderr


def test_restore_puts_a_backup_back_and_keeps_what_it_replaced(tmp_path: Path) -> None:
    db, copy = tmp_path / "bot.sqlite3", tmp_path / "backup.sqlite3"
    store = Store(db)
    with store.transaction():
        store.log_ruling(1, 1, "insufficient_bid", "r", ["27A1"], "the ruling")
    store.close()
    assert _rulingbot("backup", "--db", str(db), str(copy)).returncode == 0
    store = Store(db)
    with store.transaction():
        store.log_ruling(2, 2, "bid_above_seven", "r", ["38B"], "a later ruling")
    store.close()
    lock = InstanceLock(db).acquire()  # a bot is running: restore must refuse
    try:
        running = _rulingbot("restore", "--db", str(db), str(copy))
    finally:
        lock.release()
    assert running.returncode == 4 and "stop it first" in running.stderr
    result = _rulingbot("restore", "--db", str(db), str(copy))
    assert result.returncode == 0, result.stderr
    assert [r["topic"] for r in Store(db).rulings()] == ["insufficient_bid"]
    kept = list(tmp_path.glob("bot.sqlite3.before-restore-*"))
    assert len(kept) == 1 and _rulings(kept[0]) == 2
    health = _rulingbot("health", "--db", str(db))  # no bot runs yet: the database is fine
    assert health.returncode == 1 and "the database itself is usable" in health.stderr


def test_restore_refuses_a_file_that_is_not_a_good_backup(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    Store(db).close()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    result = _rulingbot("restore", "--db", str(db), str(junk))
    assert result.returncode == 3 and "not a usable database" in result.stderr
    newer = tmp_path / "newer.sqlite3"
    Store(newer).close()
    with sqlite3.connect(newer) as connection:
        connection.execute("PRAGMA user_version = 42")
    result = _rulingbot("restore", "--db", str(db), str(newer))
    assert result.returncode == 3 and "newer rulingbot" in result.stderr
    assert "Traceback" not in result.stderr
