"""Fault injection: the real `rulingbot serve` against a fake Bot API, killed again and again.

Players (private chats and a club group) work through incidents while the
bot is killed with SIGKILL at random moments: during start-up, at a random
time, right after Telegram handed it a batch of updates, right after a
message was delivered. Afterwards every player must have got every answer
the reference engine expects (none lost, none applied to the wrong
question), every ruling must be in the log exactly once, and the database
must be whole. The same runs with slow, failing and timed-out sends, and
with a flooded group.

Seed: RULINGBOT_FAULT_SEED (default: a new one each run, printed on failure).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from players import DESCRIPTIONS, Player, describe_waiting, drive
from served import TOKEN, ServedBot

from bot.dialogue.engine import Dialogue
from bot.telegram.runner import make_dialogue

from fake_bot_api import FakeBotApi

KILLS_POLLING = 30
KILLS_WEBHOOK = 8
GROUP = -100777
SEED = int(os.environ.get("RULINGBOT_FAULT_SEED") or time.time_ns() % 1_000_000)
SUMMARY: dict[str, Any] = {"seed": SEED}


@pytest.fixture(scope="module")
def reference() -> Dialogue:
    return make_dialogue()


def _players(
    api: FakeBotApi, reference: Dialogue, rng: random.Random, private: int, grouped: int
) -> list[Player]:
    players = [
        Player(api, reference, 100 + i, 100 + i, random.Random(rng.random()))
        for i in range(private)
    ]
    players += [
        Player(api, reference, 200 + i, GROUP, random.Random(rng.random())) for i in range(grouped)
    ]
    return players


def _start_idle(players: list[Player], rng: random.Random) -> None:
    """Idle players describe a new incident; in the group only once (20 messages a minute)."""
    for player in players:
        if player.done and not (player.in_group and player.incidents_done):
            player.start(rng.choice(DESCRIPTIONS))


def _wait_drained(db: Path, deadline: float) -> None:
    """Players can be answered while a send that timed out (but was delivered late) is still
    being retried: at least once means it is sent again, so wait for the outbox to empty."""
    while time.monotonic() < deadline:
        with sqlite3.connect(db) as connection:
            unsent = connection.execute("SELECT count(*) FROM outbox").fetchone()[0]
            pending = connection.execute("SELECT count(*) FROM inbox WHERE done = 0").fetchone()[0]
        if unsent == 0 and pending == 0:
            return
        time.sleep(0.1)


def _check_database(db: Path, incidents: int) -> None:
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        logged = connection.execute("SELECT count(*) FROM rulings").fetchone()[0]
        pending = connection.execute("SELECT count(*) FROM inbox WHERE done = 0").fetchone()[0]
        unsent = connection.execute("SELECT count(*) FROM outbox").fetchone()[0]
    assert pending == 0 and unsent == 0
    assert logged == incidents, f"{logged} rulings logged for {incidents} incidents"


def _kill_soon(
    bot: ServedBot, rng: random.Random, fired: threading.Event, timers: list[threading.Timer]
) -> Callable[[Any], None]:
    """A hook that kills the bot once, a moment after it fires (from the server thread)."""

    def hook(_: Any) -> None:
        if fired.is_set():
            return
        pid = bot.pid

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)

        timer = threading.Timer(rng.uniform(0, 0.02), kill)
        timers.append(timer)
        timer.start()
        fired.set()  # only now: the main thread joins the timers it sees

    return hook


def _one_life(bot: ServedBot, api: FakeBotApi, players: list[Player], rng: random.Random) -> str:
    """Start the bot, kill it at a random moment; the kind of moment."""
    polls = api.polls
    bot.start()
    mode = rng.choice(("startup", "timer", "timer", "batch", "send", "send"))
    if mode == "startup":
        drive(players, time.monotonic() + rng.uniform(0.0, 0.5))
        bot.kill()
        return mode
    deadline = time.monotonic() + 60
    while api.polls <= polls:
        assert bot.alive(), f"the bot died by itself:\n{bot.log_text()}"
        assert time.monotonic() < deadline, f"the bot did not start:\n{bot.log_text()}"
        drive(players, time.monotonic() + 0.02)
    if mode == "timer":
        drive(players, time.monotonic() + rng.uniform(0.0, 0.8))
    else:
        fired = threading.Event()
        timers: list[threading.Timer] = []
        hooks = api.on_batch if mode == "batch" else api.on_send
        hook = _kill_soon(bot, rng, fired, timers)
        hooks.append(hook)
        until = time.monotonic() + 2.0
        while not fired.is_set() and time.monotonic() < until:
            drive(players, time.monotonic() + 0.05)
        hooks.remove(hook)
        for timer in list(timers):
            timer.join()  # the kill has happened before the next start
    if bot.process is not None and bot.process.poll() is not None and mode == "timer":
        raise AssertionError(f"the bot died by itself:\n{bot.log_text()}")
    bot.kill()
    return mode


def _finish(bot: ServedBot, players: list[Player], timeout: float = 120.0) -> None:
    """A last life without faults: every player gets what he waits for, then a clean stop."""
    polls = bot.api.polls
    bot.api.webhook = {}
    bot.start()
    deadline = time.monotonic() + 60
    while bot.api.polls <= polls and not bot.api.webhook and time.monotonic() < deadline:
        time.sleep(0.02)  # up (polling, or its webhook registered), so SIGTERM is handled
    waiting = drive(players, time.monotonic() + timeout)
    assert not waiting, f"seed {SEED}: lost:\n{describe_waiting(waiting)}\n{bot.log_text()}"
    assert bot.stop() == 0


def test_kill_nine_at_random_moments_loses_nothing(tmp_path: Path, reference: Dialogue) -> None:
    rng = random.Random(SEED)
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, log)
        players = _players(api, reference, rng, private=8, grouped=2)
        modes = []
        for _ in range(KILLS_POLLING):
            _start_idle(players, rng)
            modes.append(_one_life(bot, api, players, rng))
        _finish(bot, players)
    incidents = sum(p.incidents_done for p in players)
    _check_database(db, incidents)
    assert "Traceback" not in log.read_text(errors="replace")
    SUMMARY["polling"] = {
        "kills": len(modes),
        "by moment": {m: modes.count(m) for m in set(modes)},
        "players": len(players),
        "incidents answered": incidents,
        "lost": 0,
    }
    print(f"\nfault injection (polling): {json.dumps(SUMMARY)}")


class Pusher:
    """Telegram's side of a webhook: post each update until it is answered with 200."""

    def __init__(self, api: FakeBotApi, url: str, secret: str) -> None:
        self.api, self.url, self.secret = api, url, secret
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _post(self, update: dict[str, Any]) -> int:
        request = urllib.request.Request(
            self.url,
            data=json.dumps(update).encode(),
            headers={
                "Content-Type": "application/json",
                "X-Telegram-Bot-Api-Secret-Token": self.secret,
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                status: int = response.status
                return status
        except urllib.error.HTTPError as refused:
            return refused.code
        except (urllib.error.URLError, OSError):
            return 0

    def _run(self) -> None:
        while not self.stopped.is_set():
            with self.api.lock:
                update = self.api.updates[0] if self.api.updates else None
                if update is None:
                    self.api.lock.wait(0.05)
                    continue
            if self._post(update) == 200:
                with self.api.lock:
                    self.api.updates.remove(update)  # acknowledged: Telegram forgets it
            else:
                time.sleep(0.05)

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(10)


def test_kill_nine_in_webhook_mode_loses_nothing(tmp_path: Path, reference: Dialogue) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    rng = random.Random(SEED + 1)
    url = f"http://127.0.0.1:{port}/hook"
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    with FakeBotApi(TOKEN) as api:
        env = {"RULINGBOT_WEBHOOK_SECRET": "fault-suite-secret"}
        args = ("--webhook", url, "--port", str(port))
        bot = ServedBot(api, db, log, args=args, env=env)
        players = _players(api, reference, rng, private=6, grouped=2)
        pusher = Pusher(api, url, "fault-suite-secret")
        try:
            for _ in range(KILLS_WEBHOOK):
                _start_idle(players, rng)
                bot.start()
                drive(players, time.monotonic() + rng.uniform(0.8, 2.0))
                bot.kill()
            _finish(bot, players)
        finally:
            pusher.stop()
    incidents = sum(p.incidents_done for p in players)
    _check_database(db, incidents)
    SUMMARY["webhook"] = {"kills": KILLS_WEBHOOK, "incidents answered": incidents, "lost": 0}
    print(f"\nfault injection (webhook): {json.dumps(SUMMARY['webhook'])}")


def test_slow_failing_and_timed_out_sends(tmp_path: Path, reference: Dialogue) -> None:
    """Sends answered late, refused with 500, or delivered after the bot gave up waiting."""
    rng = random.Random(SEED + 2)
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    with FakeBotApi(TOKEN) as api:
        api.faults.delay = 0.05
        api.faults.fail_rate = 0.1
        api.faults.late_rate = 0.1
        api.faults.late_by = 1.5
        bot = ServedBot(api, db, log, env={"RULINGBOT_SEND_TIMEOUT": "0.7"})
        players = _players(api, reference, rng, private=8, grouped=1)
        _start_idle(players, rng)
        bot.start()
        waiting = drive(players, time.monotonic() + 120)
        assert not waiting, f"seed {SEED}:\n{describe_waiting(waiting)}\n{bot.log_text()}"
        _wait_drained(db, time.monotonic() + 30)
        assert bot.stop() == 0
    _check_database(db, sum(p.incidents_done for p in players))


def test_a_flooded_group_holds_up_only_itself(tmp_path: Path, reference: Dialogue) -> None:
    """40 /law commands in one group: a private player is answered meanwhile."""
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    with FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, db, log)
        polls = api.polls
        bot.start()
        bot.wait_polling(polls)
        for i in range(40):
            api.user_says(f"/law {20 + i % 10}", user=300, chat=GROUP)
        for _ in range(5):
            api.user_says("/ruling insufficient bid", user=301, chat=GROUP)
        private = Player(api, reference, 400, 400, random.Random(SEED))
        private.start("insufficient bid")
        waiting = drive([private], time.monotonic() + 60)
        assert not waiting, describe_waiting(waiting) + bot.log_text()
        group_messages = [m for m in api.messages_to(GROUP) if m.get("method") == "sendMessage"]
        assert len(group_messages) <= 20, "the group got more than Telegram allows in a minute"
        assert api.flood_refusals == 0
        bot.kill()
    with sqlite3.connect(db) as connection:
        waiting_for_group = connection.execute(
            "SELECT count(*) FROM outbox WHERE lane = ?", (f"chat:{GROUP}",)
        ).fetchone()[0]
    assert waiting_for_group > 0  # the group's replies wait in the outbox, none lost
