"""Benchmark the Telegram bot end to end: prints figures, asserts nothing.

`rulingbot serve` runs as its own process against a fake Bot API over
loopback HTTP (long polling, real SQLite file, Telegram's group flood limit).
Simulated players work through varied incidents (many descriptions, random
answers by button or typed number) and wait for each reply, as people do.

For 1, 10 and 100 concurrent chats it reports updates handled per second,
reply latency p50 / p99 (from a player's message or press to the reply he
waited for), and the bot process's own peak memory (VmHWM from
/proc/<pid>/status). Then one club group is flooded (40 /law commands and 10
incidents at once) while five private players (half a second to read each
question) carry on: their p99 shows whether a busy group holds anyone else
up. Also: the bot's CPU time per update, and start-up to the first poll.

The players answer at once, so with 10 and more chats the bot runs into
Telegram's overall limit (about 30 messages a second, which the bot keeps):
updates per second then measure that ceiling, and latency includes the wait.

Usage: python scripts/benchmark_telegram.py [--seconds S] [--root CHECKOUT]
(--root measures another checkout's bot, e.g. an older commit, with the same players.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import yaml  # noqa: E402
from players import DESCRIPTIONS, Player, drive  # noqa: E402
from served import TOKEN, ServedBot  # noqa: E402

from bot.dialogue.engine import Conversation, Dialogue  # noqa: E402
from bot.telegram.runner import make_dialogue  # noqa: E402

from fake_bot_api import FakeBotApi  # noqa: E402

GROUP = -100999
CHATS = (1, 10, 100)


@dataclass
class Figures:
    label: str
    updates: int
    seconds: float
    latencies: list[float]
    peak_kib: int
    cpu: float
    """Bot CPU seconds spent while the players played (start-up excluded)."""

    def row(self) -> str:
        ms = sorted(t * 1000 for t in self.latencies) or [0.0]
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        rate = self.updates / self.seconds if self.seconds else 0.0
        cpu = 1000 * self.cpu / self.updates if self.updates else 0.0
        return (
            f"{self.label:>24} | {rate:9.1f} | {statistics.median(ms):6.1f} | {p99:7.1f} | "
            f"{len(ms):7} | {cpu:11.1f} | {self.peak_kib / 1024:8.0f}"
        )


def descriptions(reference: Dialogue) -> list[str]:
    """Incident descriptions that open an incident (a question), from the labelled sets."""
    texts = list(DESCRIPTIONS)
    for name in ("matching_set.yaml", "matching_holdout.yaml"):
        path = ROOT / "tests" / "data" / name
        if path.exists():
            texts += [str(item["text"]) for item in yaml.safe_load(path.read_text())]
    usable = []
    for text in dict.fromkeys(texts):
        turns = reference.handle(Conversation(), text)
        if turns and turns[-1].type == "question" and turns[-1].choices:
            usable.append(text)
    return usable


def run_players(
    api: FakeBotApi, players: list[Player], texts: list[str], seconds: float, rng: random.Random
) -> tuple[int, float, list[float]]:
    """Players start incident after incident for ``seconds``; (updates, elapsed, latencies)."""
    started = time.monotonic()
    until = started + seconds
    for player in players:
        player.start(rng.choice(texts))
    while time.monotonic() < until:
        drive(players, min(until, time.monotonic() + 0.2))
        for player in players:
            if player.done and time.monotonic() < until:
                player.start(rng.choice(texts))
    drive(players, time.monotonic() + 60)  # let the last incidents finish
    elapsed = time.monotonic() - started
    updates = sum(p.actions for p in players)
    latencies = [t for p in players for t in p.latencies]
    return updates, elapsed, latencies


def scenario(
    root: Path, reference: Dialogue, texts: list[str], chats: int, seconds: float, seed: int
) -> tuple[Figures, float]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, Path(folder) / "bench.sqlite3", Path(folder) / "bot.log", root=root)
        begun = time.monotonic()
        bot.start()
        bot.wait_polling(0)
        startup = time.monotonic() - begun
        players = [
            Player(api, reference, 10_000 + i, 10_000 + i, random.Random(rng.random()))
            for i in range(chats)
        ]
        cpu = bot.cpu_seconds()
        updates, elapsed, latencies = run_players(api, players, texts, seconds, rng)
        cpu = bot.cpu_seconds() - cpu
        peak = bot.peak_memory_kib()
        bot.kill()
    label = f"{chats} chat{'s' if chats > 1 else ''}"
    return Figures(label, updates, elapsed, latencies, peak, cpu), startup


def flooded_group(
    root: Path, reference: Dialogue, texts: list[str], seconds: float, seed: int
) -> Figures:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, Path(folder) / "bench.sqlite3", Path(folder) / "bot.log", root=root)
        bot.start()
        bot.wait_polling(0)
        for i in range(40):
            api.user_says(f"/law {1 + i % 93}", user=500, chat=GROUP)
        for i in range(10):
            api.user_says(f"/ruling {rng.choice(texts)}", user=600 + i, chat=GROUP)
        players = [
            Player(api, reference, 20_000 + i, 20_000 + i, random.Random(rng.random()), think=0.5)
            for i in range(5)
        ]
        cpu = bot.cpu_seconds()
        updates, elapsed, latencies = run_players(api, players, texts, seconds, rng)
        cpu = bot.cpu_seconds() - cpu
        peak = bot.peak_memory_kib()
        bot.kill()
    return Figures("private, group flooded", updates, elapsed, latencies, peak, cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="per scenario (default 20)")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose bot to serve")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reference = make_dialogue()
    texts = descriptions(reference)
    print(f"bot from {args.root}; {len(texts)} incident descriptions; {args.seconds:.0f} s each")
    print(f"{'scenario':>24} | updates/s | p50 ms |  p99 ms | replies | CPU ms/upd | peak MiB")
    startups = []
    for chats in CHATS:
        figures, startup = scenario(args.root, reference, texts, chats, args.seconds, args.seed)
        startups.append(startup)
        print(figures.row(), flush=True)
    print(flooded_group(args.root, reference, texts, args.seconds, args.seed).row())
    print(f"start-up to the first poll: {statistics.median(startups):.2f} s (median of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
