"""Profile the running bot's fixed cost per update, deterministically (issue 16).

`rulingbot serve` (polling, the lean HTTP client, a real SQLite file) runs in this process
against the fake Bot API in a child process, and handles a fixed stream of updates (group
/law and /ruling commands, then private incidents answered "1"), as the benchmark's CPU
section does but longer. With --profile every thread the bot starts is profiled on its own
CPU clock (cProfile with ``time.thread_time``) and the merged profile is printed per update:
calls and tottime of the dearest functions. Without it, the process's CPU per update
(user + system, from the first update queued to the last reply sent outside the group).

The dialogue is built before the bot starts (it is the same for every run), so start-up
costs little in the profile.

Usage: python scripts/profile_updates.py [--updates N] [--profile] [--top K] [--dump FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import json
import os
import pstats
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from players import DESCRIPTIONS  # noqa: E402

import bot.telegram.runner as runner  # noqa: E402
from bot.telegram.app import Config, configure_logging  # noqa: E402

TOKEN = "424242:SECRET-TOKEN-VALUE"
GROUP = -100999

FAKE_API = """
import json, sys
sys.path.insert(0, sys.argv[1])
from fake_bot_api import FakeBotApi
with FakeBotApi(sys.argv[2]) as api:
    print(api.base_url, flush=True)
    for line in sys.stdin:
        command = line.strip()
        if command == "polled":
            print(api.polls, flush=True)
        elif command.startswith("queue "):
            for text, user, chat in json.loads(command[6:]):
                api.user_says(text, user=user, chat=chat)
            print(len(api.updates), flush=True)
        elif command == "pending":
            print(api.pending_updates(), flush=True)
        elif command == "calls":
            print(json.dumps(dict(api.calls)), flush=True)
        elif command == "quit":
            break
"""


def stream(count: int, seed: int = 16) -> list[tuple[str, int, int]]:
    """(text, user, chat): a group flood (/law, every fifth a /ruling), then private incidents
    (a description and the answer "1"), in the benchmark's proportions (5 : 2)."""
    rng = random.Random(seed)
    group = count * 5 // 7
    out = []
    for i in range(group):
        member = 600 + i % 50
        if i % 5:
            out.append((f"/law {1 + i % 93}", member, GROUP))
        else:
            out.append((f"/ruling {rng.choice(DESCRIPTIONS)}", member, GROUP))
    i = 0
    while len(out) < count:
        user = 30_000 + i
        out += [(rng.choice(DESCRIPTIONS), user, user), ("1", user, user)]
        i += 1
    return out[:count]


class FakeApi:
    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", FAKE_API, str(ROOT / "tests"), TOKEN],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.base_url = self.ask("")

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        if command:
            self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.ask("quit")
        self.process.wait(10)


def unhandled(db: Path) -> int:
    """Updates not handled yet, and replies not sent outside the group."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        inbox = connection.execute("SELECT count(*) FROM inbox WHERE done = 0").fetchone()[0]
        outbox = connection.execute(
            "SELECT count(*) FROM outbox WHERE failed = 0 AND lane NOT LIKE 'chat:-%'"
        ).fetchone()[0]
        return int(inbox) + int(outbox)


def time_dialogue(dialogue: Any) -> list[float]:
    """Count the CPU the dialogue's own work takes (the rest is the fixed cost per update)."""
    spent = [0.0]
    handle = dialogue.handle

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return handle(*args, **kwargs)
        finally:
            spent[0] += time.thread_time() - started

    dialogue.handle = timed
    return spent


def thread_cpu() -> dict[str, float]:
    """CPU seconds (user + system) each live thread of this process has used, by name."""
    found: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        name = "engine" if thread.name.startswith("rulingbot-engine") else thread.name
        ticks = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        found[name] = found.get(name, 0.0) + ticks
    return found


class Profiles:
    """One cProfile per thread, on that thread's CPU clock, switched on by a flag."""

    def __init__(self) -> None:
        self.all: list[cProfile.Profile] = []
        self.lock = threading.Lock()

    def start_here(self) -> None:
        profile = cProfile.Profile(time.thread_time)
        with self.lock:
            self.all.append(profile)
        profile.enable()

    def hook(self, frame: Any, event: str, arg: Any) -> None:
        sys.setprofile(None)
        self.start_here()

    def stats(self) -> pstats.Stats:
        for profile in self.all:
            profile.disable()  # a no-op in other threads; their data is read as it stands
        out = pstats.Stats(self.all[0], stream=io.StringIO())
        for profile in self.all[1:]:
            with contextlib.suppress(TypeError):  # a profile that saw nothing
                out.add(profile)
        return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--dump", type=Path, help="save the merged profile (pstats) here")
    args = parser.parse_args()

    updates = stream(args.updates)
    dialogue = runner.make_dialogue()
    runner.make_dialogue = lambda: dialogue  # type: ignore[assignment]
    spent = time_dialogue(dialogue)
    fake = FakeApi()
    folder = tempfile.mkdtemp()
    db = Path(folder) / "profile.sqlite3"
    os.environ["TELEGRAM_API_BASE_URL"] = fake.base_url
    config = Config(TOKEN, fake.base_url, db)
    figures: dict[str, Any] = {}

    def watch() -> None:
        while int(fake.ask("polled") or 0) < 2:
            time.sleep(0.05)
        time.sleep(0.5)
        before, clock, threads = os.times(), time.monotonic(), thread_cpu()
        dialogue_before = spent[0]
        fake.ask("queue " + json.dumps(updates))
        while True:
            time.sleep(0.25)
            if int(fake.ask("pending")) == 0 and unhandled(db) == 0:
                break
        after = os.times()
        figures["dialogue"] = spent[0] - dialogue_before
        figures["threads"] = {
            name: cpu - threads.get(name, 0.0) for name, cpu in thread_cpu().items()
        }
        figures["cpu"] = (after.user - before.user) + (after.system - before.system)
        figures["cpu"] -= figures["threads"].get("watch", 0.0)  # this script's own
        figures["seconds"] = time.monotonic() - clock
        figures["calls"] = json.loads(fake.ask("calls"))
        os.kill(os.getpid(), signal.SIGTERM)

    watcher = threading.Thread(target=watch, name="watch", daemon=True)
    watcher.start()
    log = open(Path(folder) / "bot.log", "w")  # noqa: SIM115
    os.dup2(log.fileno(), 2)
    profiles = Profiles()
    if args.profile:
        threading.setprofile(profiles.hook)
        profiles.start_here()
    sys.setswitchinterval(0.001)
    configure_logging(TOKEN)
    asyncio.run(runner.serve_async(config))
    fake.close()
    count = len(updates)
    calls = sum(figures["calls"].values())
    print(
        f"{count} updates in {figures['seconds']:.1f} s; bot CPU "
        f"{1000 * figures['cpu'] / count:.2f} ms per update, of which the dialogue "
        f"{1000 * figures['dialogue'] / count:.2f}, the rest "
        f"{1000 * (figures['cpu'] - figures['dialogue']) / count:.2f}"
        f"{' (profiled)' if args.profile else ''}; Bot API calls {calls / count:.2f} per update "
        f"{figures['calls']}"
    )
    shares = ", ".join(
        f"{name} {1000 * cpu / count:.2f}"
        for name, cpu in sorted(figures["threads"].items(), key=lambda kv: -kv[1])
        if cpu > 0
    )
    print(f"CPU ms per update by thread: {shares}")
    if args.profile:
        stats = profiles.stats()
        if args.dump:
            stats.dump_stats(str(args.dump))
        total = sum(t for (_, _, t, _, _) in stats.stats.values())  # type: ignore[attr-defined]
        calls_total = sum(n for (_, n, _, _, _) in stats.stats.values())  # type: ignore[attr-defined]
        print(
            f"profiled: {1000 * total / count:.3f} ms tottime, "
            f"{calls_total / count:.0f} function calls per update"
        )
        rows = sorted(
            stats.stats.items(),  # type: ignore[attr-defined]
            key=lambda item: item[1][2 if args.sort == "tottime" else 3],
            reverse=True,
        )
        print(f"{'calls/upd':>9} {'tot us/upd':>10} {'cum us/upd':>10}  function")
        for (path, line, name), (_, calls_n, tottime, cumtime, _) in rows[: args.top]:
            where = f"{Path(path).name}:{line}" if line else path
            print(
                f"{calls_n / count:9.2f} {1e6 * tottime / count:10.1f} "
                f"{1e6 * cumtime / count:10.1f}  {name} ({where})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
