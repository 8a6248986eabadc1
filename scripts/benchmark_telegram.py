"""Benchmark the Telegram bot: prints figures, asserts nothing (machines here are noisy).

Measures, pinned to one core:
- updates handled per second, and p50 / p99 handling time per update, through the fake
  transport (every Bot API call answered in-process, SQLite on disk as in production);
- start-up time of `rulingbot serve` until its first getUpdates call, against a fake Bot API
  on 127.0.0.1;
- peak memory (max RSS) of the benchmark process and of the served bot.

Targets (issue): p99 under 5 ms, start-up under 1.5 s, at least 300 updates per second.
Usage: python scripts/benchmark_telegram.py [--updates N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from fake_bot_api import FakeBotApi  # noqa: E402
from telegram_fakes import Harness  # noqa: E402

STARTS = 5

SCRIPT = [
    "insufficient bid",
    "yes",
    "no",
    "the lowest sufficient bid in the same denomination",
    "pulled 1S out of the box, meant 1H, partner hasn't bid yet",
    "nobody yet",
    "no - it is an insufficient bid",
    "not decided yet",
    "law 27B1",
    "dealer N: N 1H S 2H",
    "no",
    "not yet",
]


async def handle_updates(count: int, db: Path) -> list[float]:
    timings: list[float] = []
    async with Harness(db) as harness:
        users = 50
        for i in range(count):
            user = 1 + i % users
            text = SCRIPT[(i // users) % len(SCRIPT)]
            payload = harness.updates.message(text, user=user)
            started = time.perf_counter()
            await harness.send(payload)
            timings.append(time.perf_counter() - started)
            if len(harness.request.calls) > 10_000:
                harness.request.clear()
    return timings


def start_up_time(db: Path) -> tuple[float, int]:
    token = "1234:BENCHMARK"
    with FakeBotApi(token) as api:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": token,
            "TELEGRAM_API_BASE_URL": api.base_url,
            "RULINGBOT_DB": str(db),
        }
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "bot", "serve"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while not api.polled:
                if time.perf_counter() - started > 60:
                    raise SystemExit("the bot did not start within 60 s")
                time.sleep(0.005)
            elapsed = time.perf_counter() - started
        finally:
            process.terminate()
            process.wait(timeout=30)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, peak_kib


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--updates", type=int, default=3000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        started = time.perf_counter()
        timings = asyncio.run(handle_updates(args.updates, db))
        wall = time.perf_counter() - started
        own_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        runs = [start_up_time(Path(folder) / f"startup{i}.sqlite3") for i in range(STARTS)]
        startup = statistics.median(r[0] for r in runs)
        bot_peak = max(r[1] for r in runs)
    ms = sorted(t * 1000 for t in timings)
    p50 = statistics.median(ms)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"updates handled:        {len(ms)} in {wall:.2f} s (one core)")
    print(
        f"updates per second:     {len(ms) / sum(timings):.0f} (handling only), "
        f"{len(ms) / wall:.0f} (with set-up)"
    )
    print(f"handling time per update: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms")
    print(f"start-up to first getUpdates: {startup:.2f} s (median of {STARTS} starts)")
    print(
        f"peak memory: benchmark process {own_peak / 1024:.0f} MiB, "
        f"served bot {bot_peak / 1024:.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
