"""Benchmark the Telegram bot end to end: prints figures, asserts nothing.

`rulingbot serve` runs as its own process against a fake Bot API over
loopback HTTP (long polling, real SQLite file, Telegram's group flood limit).
Simulated players work through varied incidents (many descriptions, random
answers by button or typed number) and wait for each reply, as people do.

For 1, 10 and 100 concurrent chats it reports updates handled per second,
reply latency p50 / p99 (from a player's message or press to the reply he
waited for), and the bot process's own peak memory (VmHWM from
/proc/<pid>/status). Then one club group is flooded (500 /law commands and
incidents from 50 members at once) while five private players (each on his
own, reading each question for a quarter to three quarters of a second)
carry on, from the moment the bot has received the flood: their p99 shows
whether a busy group's backlog holds anyone else up. Also: the bot's CPU time
per update, and start-up to the first poll.

Issue 16's figures come after: a 500-message group flood with five private
players (their p99); the same fixed stream of updates (the flood plus private
incidents) handled by the bot and by a minimal python-telegram-bot echo bot,
interleaved A B A B, each process's CPU divided by the updates it handled, and
the ratio (with the Bot API calls each makes per update, the bot's CPU on its event
loop and on its other threads, and the dialogue's own share, read in a fresh process
as the bot reads it: cold caches); and the bot's resident memory at rest and after 10,000 people
(in 20 groups, chatting without addressing the bot) wrote at once.

The players answer at once, so with 10 and more chats the bot runs into
Telegram's overall limit (about 30 messages a second, which the bot keeps):
updates per second then measure that ceiling, and latency includes the wait.

Issue 15's figure ("paste"): three private users each paste a
4,000-character auction a few times (the quadratic reader took seconds on one)
while a group is flooded (500 messages) and ten other private users each send a
short description; their p50 / p99 (message to the bot's first reply) shows
whether long messages and a busy group hold up everyone else. Each short
description comes from a fresh user and only the first reply is timed, so the
figure does not depend on which questions a checkout asks (older ones too).

Usage: python scripts/benchmark_telegram.py [--seconds S] [--root CHECKOUT]
(--root measures another checkout's bot, e.g. an older commit, with the same players.)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import subprocess
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

sys.path.insert(0, str(ROOT / "scripts"))
from matching_accuracy import DEFAULT_SETS  # noqa: E402

GROUP = -100999
CHATS = (1, 10, 100)
SECTIONS = ("chats", "flood", "cpu", "burst", "paste")


@dataclass
class Figures:
    label: str
    updates: int
    seconds: float
    latencies: list[float]
    peak_kib: int
    cpu: float
    """Bot CPU seconds spent while the players played (start-up excluded)."""

    def p99_ms(self) -> float:
        ms = sorted(t * 1000 for t in self.latencies) or [0.0]
        return ms[min(len(ms) - 1, int(len(ms) * 0.99))]

    def row(self) -> str:
        ms = sorted(t * 1000 for t in self.latencies) or [0.0]
        p99 = self.p99_ms()
        rate = self.updates / self.seconds if self.seconds else 0.0
        cpu = 1000 * self.cpu / self.updates if self.updates else 0.0
        return (
            f"{self.label:>24} | {rate:9.1f} | {statistics.median(ms):6.1f} | {p99:7.1f} | "
            f"{len(ms):7} | {cpu:11.1f} | {self.peak_kib / 1024:8.0f}"
        )


@dataclass
class Descriptions:
    """Every candidate incident description in a fixed order, and those that open an incident
    (a question) in the checkout running this script. A draw takes one number from the random
    stream whatever the checkout reads, so two checkouts meet the same stream of updates; where
    a text no longer opens an incident, the next one that does stands in for it, and only those
    draws differ (with ``rng.choice`` over the usable list, one text fewer shifted them all)."""

    candidates: list[str]
    usable: frozenset[str]

    def __len__(self) -> int:
        return len(self.usable)

    def draw(self, rng: random.Random) -> str:
        at = rng.randrange(len(self.candidates))
        while self.candidates[at] not in self.usable:
            at = (at + 1) % len(self.candidates)
        return self.candidates[at]


def descriptions(reference: Dialogue) -> Descriptions:
    """Incident descriptions that open an incident (a question), from the labelled sets."""
    texts = list(DESCRIPTIONS)
    for path in DEFAULT_SETS:
        if path.exists():
            texts += [str(item["text"]) for item in yaml.safe_load(path.read_text())]
    candidates = list(dict.fromkeys(texts))
    usable = []
    for text in candidates:
        turns = reference.handle(Conversation(), text)
        if turns and turns[-1].type == "question" and turns[-1].choices:
            usable.append(text)
    return Descriptions(candidates, frozenset(usable))


def run_players(
    api: FakeBotApi,
    players: list[Player],
    texts: Descriptions,
    seconds: float,
    rng: random.Random,
    stagger: float = 0.0,
) -> tuple[int, float, list[float]]:
    """Players start incident after incident for ``seconds``; (updates, elapsed, latencies).

    ``stagger``: seconds over which the first descriptions are spread (0: all at once)."""
    started = time.monotonic()
    until = started + seconds
    for i, player in enumerate(players):
        if i and stagger:
            time.sleep(stagger / len(players))
        player.start(texts.draw(rng))
    while time.monotonic() < until:
        drive(players, min(until, time.monotonic() + 0.2))
        for player in players:
            if player.done and time.monotonic() < until:
                player.start(texts.draw(rng))
    drive(players, time.monotonic() + 60)  # let the last incidents finish
    elapsed = time.monotonic() - started
    updates = sum(p.actions for p in players)
    latencies = [t for p in players for t in p.latencies]
    return updates, elapsed, latencies


def scenario(
    root: Path, reference: Dialogue, texts: Descriptions, chats: int, seconds: float, seed: int
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


THINK = 0.5
"""Seconds a private player reads a question, on average."""
PEOPLE = {"think": THINK, "think_spread": THINK / 2}
"""Five people answer independently: with one fixed reading time and one start they
answered in lockstep, five messages in the same millisecond at every round, so the
figure measured a queue of five rather than the flood's effect on anyone."""


def flooded_group(
    root: Path,
    reference: Dialogue,
    texts: Descriptions,
    seconds: float,
    seed: int,
    flood: int = 500,
    lockstep: bool = False,
) -> Figures:
    """Five private players (each incident drawn from the seed's stream) while ``flood``
    group messages wait; with ``flood=0`` the same players alone, the control
    (``lockstep``: all five start together and read for exactly as long, as measured before
    2026-11-27)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, Path(folder) / "bench.sqlite3", Path(folder) / "bot.log", root=root)
        bot.start()
        bot.wait_polling(0)
        group_rng = random.Random(rng.random())  # the players' draws do not hang on the flood
        for i in range(flood):  # 50 members: /law lookups and incidents
            if i % 5:
                api.user_says(f"/law {1 + i % 93}", user=600 + i % 50, chat=GROUP)
            else:
                api.user_says(f"/ruling {texts.draw(group_rng)}", user=600 + i % 50, chat=GROUP)
        # the players start once the bot has the flood: Telegram hands updates out in order,
        # so a message sent in the very same instant waits for the flood to be fetched
        # whatever the bot does; what the bot decides is whether its backlog goes first
        people = {"think": THINK} if lockstep else PEOPLE
        deadline = time.monotonic() + 60
        while api.pending_updates() and time.monotonic() < deadline:
            time.sleep(0.01)
        players = [  # people, each on his own: not all reading for exactly as long
            Player(api, reference, 20_000 + i, 20_000 + i, random.Random(rng.random()), **people)
            for i in range(5)
        ]
        cpu = bot.cpu_seconds()
        stagger = 0.0 if lockstep else THINK
        updates, elapsed, latencies = run_players(api, players, texts, seconds, rng, stagger)
        cpu = bot.cpu_seconds() - cpu
        peak = bot.peak_memory_kib()
        bot.kill()
    label = f"private, {flood} in group" if flood else "private, group quiet"
    return Figures(label, updates, elapsed, latencies, peak, cpu)


ECHO_BOT = """
import os
from telegram.ext import Application, MessageHandler, filters

async def echo(update, context):
    if update.message is not None and update.message.text:
        await update.message.reply_text(update.message.text)

async def ignore(update, context):
    return None

app = Application.builder().token(os.environ["TOKEN"]).base_url(os.environ["BASE"]).build()
app.add_handler(MessageHandler(filters.TEXT, echo))
app.add_error_handler(ignore)
app.run_polling(poll_interval=0, timeout=30)
"""
FLOOD = 500


class EchoBot(ServedBot):
    """The floor: python-telegram-bot's own cost for the same updates (echo each text)."""

    def start(self) -> None:
        env = {**os.environ, "TOKEN": TOKEN, "BASE": self.api.base_url}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", ECHO_BOT], env=env, stdout=out, stderr=subprocess.STDOUT
            )


def stream(texts: Descriptions, rng: random.Random) -> list[tuple[str, int, int]]:
    """The fixed stream (text, user, chat): the group flood, then 100 private incidents."""
    out = []
    for i in range(FLOOD):
        member = 600 + i % 50
        if i % 5:
            out.append((f"/law {1 + i % 93}", member, GROUP))
        else:
            out.append((f"/ruling {texts.draw(rng)}", member, GROUP))
    for i in range(100):
        out += [(texts.draw(rng), 30_000 + i, 30_000 + i), ("1", 30_000 + i, 30_000 + i)]
    return out


def flood_stream(api: FakeBotApi, texts: Descriptions, rng: random.Random) -> int:
    """Queue the fixed stream; how many updates."""
    updates = stream(texts, rng)
    for text, user, chat in updates:
        api.user_says(text, user=user, chat=chat)
    return len(updates)


DIALOGUE_ALONE = """
import json, sys, time
from bot.dialogue.engine import Conversation
from bot.telegram.runner import make_dialogue

dialogue = make_dialogue()
updates = json.load(sys.stdin)
conversations = {}
started = time.process_time()
for text, user, chat in updates:
    conversation = conversations.setdefault((chat, user), Conversation())
    words = text.split(maxsplit=1)
    if text.startswith("/ruling "):
        dialogue.handle(conversation, "restart")
        text = words[1]
    elif text.startswith("/law "):
        text = f"law {words[1]}"
        conversation = Conversation()  # a side request: the incident is not touched
    dialogue.handle(conversation, text)
print(1000 * (time.process_time() - started) / len(updates))
"""


def dialogue_alone(root: Path, texts: Descriptions, seed: int) -> float:
    """ms of CPU per update the dialogue itself spends on the stream, in a fresh process
    started as the bot starts (warmed up, but no description read before): this process
    has read every description already, and the readers' caches would flatter it."""
    updates = json.dumps(stream(texts, random.Random(seed)))
    found = subprocess.run(
        [sys.executable, "-c", DIALOGUE_ALONE],
        input=updates,
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        check=True,
    )
    return float(found.stdout.strip().splitlines()[-1])


def _unhandled(db: Path, sending: bool = False) -> int:
    """Updates not handled yet (and, if ``sending``, replies not sent outside the group,
    whose lane waits for Telegram's 20 a minute whatever the bot does)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        found = int(connection.execute("SELECT count(*) FROM inbox WHERE done = 0").fetchone()[0])
        if sending:
            found += int(
                connection.execute(
                    "SELECT count(*) FROM outbox WHERE failed = 0 AND lane NOT LIKE 'chat:-%'"
                ).fetchone()[0]
            )
        return found


def loop_cpu_seconds(pid: int) -> float:
    """CPU time the process's main thread (the event loop) has used so far."""
    fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_per_update(
    root: Path, texts: Descriptions, echo: bool, seed: int
) -> tuple[float, float, float]:
    """ms of CPU per update for the fixed stream (bot or echo), from the first update on;
    the Bot API calls it made per update (sends, edits, polls); and the ms of it spent on
    the event loop (the network: polling and sending), the rest being other threads'."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        db, log = Path(folder) / "bench.sqlite3", Path(folder) / "bot.log"
        bot = EchoBot(api, db, log) if echo else ServedBot(api, db, log, root=root)
        bot.start()
        bot.wait_polling(0)
        time.sleep(0.5)
        cpu, loop = bot.cpu_seconds(), loop_cpu_seconds(bot.pid)
        calls = sum(api.calls.values())
        count = flood_stream(api, texts, rng)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            time.sleep(0.05)
            if api.pending_updates():
                continue
            if echo and len(api.sent) + api.flood_refusals >= count:
                break
            if not echo and db.exists() and _unhandled(db, sending=True) == 0:
                break
        cpu, loop = bot.cpu_seconds() - cpu, loop_cpu_seconds(bot.pid) - loop
        calls = sum(api.calls.values()) - calls
        bot.kill()
    return 1000 * cpu / count, calls / count, 1000 * loop / count


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(next(x for x in status.splitlines() if x.startswith("VmRSS:")).split()[1])


def burst(root: Path, people: int = 10_000) -> tuple[int, int]:
    """(RSS at rest, RSS once ``people`` messages at once are handled), KiB."""
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        db = Path(folder) / "bench.sqlite3"
        bot = ServedBot(api, db, Path(folder) / "bot.log", root=root)
        bot.start()
        bot.wait_polling(0)
        api.user_says("/law 27", user=1)  # warm: one update handled and answered
        api.wait_for_text("27")
        time.sleep(1.0)
        rest = rss_kib(bot.pid)
        for i in range(people):
            api.user_says(f"anyone for coffee {i}?", user=100_000 + i, chat=GROUP - i % 20)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            time.sleep(0.2)
            if not api.pending_updates() and _unhandled(db) == 0:
                break
        time.sleep(1.0)
        after = rss_kib(bot.pid)
        bot.kill()
    return rest, after


PASTERS = 3
PASTES = 4
"""Each paster pastes this many times, reading each reply for PASTE_GAP seconds first."""
PASTE_GAP = 2.0
ORDINARY = 10
AUCTION = "1C P 1H P 1S P 2C P 2H P 2S P 3C P 3H P 3S P 4C P 4H P 4S P 5C P 5H P 5S P "


def pasted_auction(paste: int) -> str:
    """A 4,000-character call sequence, as typed ("1C P 1H") or copied ("1C/P/1H")."""
    sep = " " if paste % 2 else "/"
    return (AUCTION.replace(" ", sep) * 60)[:4000]


def pasted_auctions(root: Path, texts: Descriptions, seconds: float, seed: int) -> Figures:
    """Ordinary private users' first-reply latency while pasters and a group flood load
    the bot; ``updates`` counts every update sent during the run, pastes and flood too."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, Path(folder) / "bench.sqlite3", Path(folder) / "bot.log", root=root)
        bot.start()
        bot.wait_polling(0)
        time.sleep(0.5)
        cpu = bot.cpu_seconds()
        started = time.monotonic()
        for i in range(FLOOD):
            if i % 5:
                api.user_says(f"/law {1 + i % 93}", user=600 + i % 50, chat=GROUP)
            else:
                api.user_says(f"/ruling {texts.draw(rng)}", user=600 + i % 50, chat=GROUP)
        # (chat, sent at, replies seen when sent, is a paste); a new description from a
        # fresh user each time, so every figure is a first reply to a short message
        waiting: dict[int, tuple[float, int, bool]] = {}
        pastes = dict.fromkeys(range(40_000, 40_000 + PASTERS), 0)
        due: dict[int, float] = {chat: started + 0.7 * n for n, chat in enumerate(pastes)}
        next_user = 50_000
        for _ in range(ORDINARY):
            due[next_user] = started + rng.random()
            next_user += 1
        latencies: list[float] = []
        paste_latencies: list[float] = []
        updates = FLOOD
        until = started + seconds
        while time.monotonic() < until + 60 and (due or waiting):
            now = time.monotonic()
            for chat, at in list(due.items()):
                if at > now:
                    continue
                del due[chat]
                paste = chat in pastes
                if paste:
                    text = pasted_auction(pastes[chat])
                    pastes[chat] += 1
                elif now < until:
                    text = texts.draw(rng)
                else:
                    continue
                waiting[chat] = (time.monotonic(), len(api.messages_to(chat)), paste)
                api.user_says(text, user=chat, chat=chat)
                updates += 1
            for chat, (sent, seen, paste) in list(waiting.items()):
                if len(api.messages_to(chat)) <= seen:
                    continue
                del waiting[chat]
                (paste_latencies if paste else latencies).append(time.monotonic() - sent)
                if paste and pastes[chat] < PASTES:
                    due[chat] = time.monotonic() + PASTE_GAP
                elif not paste:  # the next ordinary user, after a moment
                    due[next_user] = time.monotonic() + rng.uniform(0.2, 0.8)
                    next_user += 1
            time.sleep(0.005)
        elapsed = time.monotonic() - started
        cpu = bot.cpu_seconds() - cpu
        peak = bot.peak_memory_kib()
        bot.kill()
    if waiting:
        print(f"  {len(waiting)} messages never answered", flush=True)
    ms = sorted(t * 1000 for t in paste_latencies) or [0.0]
    print(
        f"  {PASTERS} pasters x {PASTES} pastes of 4,000 characters: reply p50 "
        f"{statistics.median(ms):.0f} ms, slowest {ms[-1]:.0f} ms",
        flush=True,
    )
    label = f"private, {PASTERS} pasting+{FLOOD}"
    return Figures(label, updates, elapsed, latencies, peak, cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="per scenario (default 20)")
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose bot to serve")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5, help="bot/echo pairs (default 5)")
    parser.add_argument(
        "--flood-rounds",
        type=int,
        default=3,
        help="flood runs, one stream (seed) each: one stream's p99 is a few replies (default 3)",
    )
    parser.add_argument("--only", nargs="+", choices=SECTIONS, help="run only these sections")
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="flood: the five players start together and read for exactly as long (as before)",
    )
    args = parser.parse_args()
    wanted = set(args.only or SECTIONS)
    reference = make_dialogue()
    texts = descriptions(reference)
    print(f"bot from {args.root}; {len(texts)} incident descriptions; {args.seconds:.0f} s each")
    print(f"{'scenario':>24} | updates/s | p50 ms |  p99 ms | replies | CPU ms/upd | peak MiB")
    startups = []
    for chats in CHATS if "chats" in wanted else ():
        figures, startup = scenario(args.root, reference, texts, chats, args.seconds, args.seed)
        startups.append(startup)
        print(figures.row(), flush=True)
    if "flood" in wanted:
        tails, quiet = [], []
        for seed in range(args.seed, args.seed + args.flood_rounds):
            figures = flooded_group(
                args.root, reference, texts, args.seconds, seed, FLOOD, args.lockstep
            )
            tails.append(figures.p99_ms())
            print(figures.row(), flush=True)
            control = flooded_group(
                args.root, reference, texts, args.seconds, seed, 0, args.lockstep
            )
            quiet.append(control.p99_ms())
            print(control.row(), flush=True)
        print(
            f"private p99 under the flood, median of {len(tails)} streams (seeds "
            f"{args.seed}-{args.seed + len(tails) - 1}): {statistics.median(tails):.1f} ms "
            f"({', '.join(f'{t:.1f}' for t in tails)}); the same players with the group "
            f"quiet: {statistics.median(quiet):.1f} ms ({', '.join(f'{t:.1f}' for t in quiet)})"
        )
    if startups:
        print(f"start-up to the first poll: {statistics.median(startups):.2f} s (median of 3)")
    if "cpu" in wanted:
        cpu_floor(args.root, texts, args.rounds, args.seed)
    if "paste" in wanted:
        print(pasted_auctions(args.root, texts, args.seconds, args.seed).row(), flush=True)
    if "burst" in wanted:
        rest, after = burst(args.root)
        print(
            f"RSS at rest {rest / 1024:.1f} MiB, after a 10,000-user burst "
            f"{after / 1024:.1f} MiB (+{(after - rest) / 1024:.1f} MiB)"
        )
    return 0


def cpu_floor(root: Path, texts: Descriptions, rounds: int, seed: int) -> None:
    """Bot and echo bot on the same stream, A B A B: each pair meets the same machine load,
    so the ratio within a pair is steadier than the ratio of the two medians."""
    bot_cpu, echo_cpu, bot_calls, echo_calls, bot_loop = [], [], [], [], []
    for _ in range(rounds):
        for cpus, calls, echo in ((bot_cpu, bot_calls, False), (echo_cpu, echo_calls, True)):
            cpu, made, loop = cpu_per_update(root, texts, echo, seed)
            cpus.append(cpu)
            calls.append(made)
            if not echo:
                bot_loop.append(loop)
    ours, floor = statistics.median(bot_cpu), statistics.median(echo_cpu)
    pairs = sorted(b / e for b, e in zip(bot_cpu, echo_cpu, strict=True))
    print(
        f"flood of {FLOOD} group messages + 200 private, CPU ms per update handled: "
        f"bot {ours:.2f} ({', '.join(f'{x:.2f}' for x in bot_cpu)}), "
        f"PTB echo {floor:.2f} ({', '.join(f'{x:.2f}' for x in echo_cpu)}); "
        f"bot/echo {statistics.median(pairs):.2f}x (median of {rounds} pairs, "
        f"{pairs[0]:.2f}-{pairs[-1]:.2f}x)"
    )
    loop = statistics.median(bot_loop)
    print(
        f"  Bot API calls per update: bot {statistics.median(bot_calls):.2f}, "
        f"PTB echo {statistics.median(echo_calls):.2f}; the bot's CPU on its event loop "
        f"(polling, sending) {loop:.2f} ms, on its database and engine threads {ours - loop:.2f} ms"
    )
    own = dialogue_alone(root, texts, seed)
    print(
        f"  of which the dialogue itself (same stream, a fresh process): {own:.2f} ms; "
        f"the rest {ours - own:.2f} ms = {(ours - own) / floor:.2f}x the echo bot"
    )


if __name__ == "__main__":
    sys.exit(main())
