"""How long a command takes from a cold process, and how much CPU an update costs.

Prints figures and asserts nothing (timings are noisy; tests never time anything).

- the baseline: a fresh Python importing jinja2, yaml and rapidfuzz (every command needs them),
  and one importing telegram.ext (what ``serve`` cannot avoid); each command's runs alternate
  with its baseline's (A B A B), so both meet the same machine load and the ratio is fair;
- median wall time of fresh processes: ``rulingbot ask --json ...``, ``rulingbot law 27B1``,
  ``rulingbot chat --jsonl`` with one line, ``rulingbot check``; once with the knowledge cache
  warm (the usual case) and once with an empty cache directory (after a knowledge change);
- ``rulingbot serve``: from launch to its first getUpdates call against the fake Bot API
  (``tests/fake_bot_api.py``) on 127.0.0.1;
- CPU per update: in this process, the dialogue engine over varied incidents (and the share
  spent ranking topics); end to end, the served bot's own CPU time (from /proc) for a batch of
  updates sent through the fake Bot API over loopback HTTP (threads that ended meanwhile
  included).

Targets (issue 9): ask/law within 2x the import baseline, check under 0.8 s, serve polling
within 0.3 s of the telegram.ext import, at most 6 ms of bot CPU per update end to end.
Usage: python scripts/benchmark_startup.py [--runs N] [--updates N] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from fake_bot_api import FakeBotApi  # noqa: E402

TOKEN = "1234:BENCHMARKTOKEN"
SECTIONS = ("imports", "commands", "serve", "engine", "updates")


def _rulingbot() -> list[str]:
    """The installed console script when there is one (what a user runs), else ``-m bot``."""
    script = Path(sys.executable).with_name("rulingbot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bot"]


def _median_wall(argv: Sequence[str], runs: int, env: dict[str, str], stdin: str = "") -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(
            argv,
            input=stdin,
            text=True,
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _report(name: str, seconds: float, note: str = "") -> None:
    print(f"  {name:44} {seconds * 1000:7.1f} ms  {note}".rstrip())


COMMANDS: dict[str, tuple[list[str], str]] = {
    "ask --json": (["ask", "--json", "pulled 1S out of the box, meant 1H"], ""),
    "law 27B1": (["law", "27B1"], ""),
    "chat --jsonl (one line)": (["chat", "--jsonl"], "LOOT by dummy, dec hasn't spoken\n"),
    "check": (["check"], ""),
}


BASELINES = {
    "jinja2+yaml+rapidfuzz": [sys.executable, "-c", "import jinja2, yaml, rapidfuzz"],
    "telegram.ext": [sys.executable, "-c", "import telegram.ext"],
}


def _paired(
    baseline: Sequence[str], argv: Sequence[str], runs: int, env: dict[str, str], stdin: str = ""
) -> tuple[float, float]:
    """Median wall time of (baseline, command), their runs alternating A B A B."""
    base, measured = [], []
    for _ in range(runs):
        base.append(_median_wall(baseline, 1, env))
        measured.append(_median_wall(argv, 1, env, stdin))
    return statistics.median(base), statistics.median(measured)


def imports(runs: int, env: dict[str, str]) -> dict[str, float]:
    print(f"Baselines (fresh python, median of {runs})")
    out = {name: _median_wall(argv, runs, env) for name, argv in BASELINES.items()}
    out["python -c pass"] = _median_wall([sys.executable, "-c", "pass"], runs, env)
    for name, seconds in out.items():
        _report(f"import {name}" if name != "python -c pass" else name, seconds)
    return out


def commands(runs: int, env: dict[str, str]) -> None:
    rulingbot = _rulingbot()
    baseline_argv = BASELINES["jinja2+yaml+rapidfuzz"]
    for label, cache_env in (("cache warm", env), ("cache empty (every run)", None)):
        print(f"Commands, {label} (median of {runs}, alternating with the import baseline)")
        for name, (args, stdin) in COMMANDS.items():
            if cache_env is None:
                base_times, times = [], []
                for _ in range(runs):
                    with tempfile.TemporaryDirectory() as empty:
                        one = {**env, "RULINGBOT_CACHE": empty}
                        pair = _paired(baseline_argv, [*rulingbot, *args], 1, one, stdin)
                    base_times.append(pair[0])
                    times.append(pair[1])
                baseline, seconds = statistics.median(base_times), statistics.median(times)
            else:
                _median_wall([*rulingbot, *args], 1, cache_env, stdin)  # fill the cache
                baseline, seconds = _paired(
                    baseline_argv, [*rulingbot, *args], runs, cache_env, stdin
                )
            note = f"({seconds / baseline:.1f}x the import baseline of {baseline * 1000:.0f} ms)"
            _report(name, seconds, note)


def _wait(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise SystemExit(f"benchmark: {what} did not happen within {timeout:.0f} s")
        time.sleep(0.002)


@contextmanager
def served(env: dict[str, str], db: Path) -> Iterator[tuple[FakeBotApi, subprocess.Popen[bytes]]]:
    """``rulingbot serve`` polling a fake Bot API; yields once it has polled."""
    with FakeBotApi(TOKEN) as api:
        # keep connections open as Telegram's servers do, and send without Nagle's delay
        # (the fake answers so itself on newer checkouts; older ones answered HTTP/1.0)
        handler = api.server.RequestHandlerClass
        handler.protocol_version = "HTTP/1.1"  # type: ignore[attr-defined]
        handler.disable_nagle_algorithm = True  # type: ignore[attr-defined]
        bot_env = {
            **env,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": api.base_url,
            "RULINGBOT_DB": str(db),
        }
        process = subprocess.Popen(
            [*_rulingbot(), "serve"],
            cwd=ROOT,
            env=bot_env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait(lambda: api.polled, 60, "the first getUpdates call")
            yield api, process
        finally:
            process.terminate()
            process.wait(timeout=30)


def serve(runs: int, env: dict[str, str]) -> None:
    print(f"serve: launch to first getUpdates (median of {runs}, alternating with the import)")
    times, imports_ = [], []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(runs):
            imports_.append(_median_wall(BASELINES["telegram.ext"], 1, env))
            started = time.perf_counter()
            with served(env, Path(folder) / f"serve{i}.sqlite3"):
                times.append(time.perf_counter() - started)
    seconds, telegram_import = statistics.median(times), statistics.median(imports_)
    note = f"({seconds - telegram_import:+.2f} s over importing telegram.ext)"
    _report("serve", seconds, note)


def incidents() -> list[str]:
    """Varied descriptions, as players typed them, from the labelled sets."""
    texts: list[str] = []
    for path in sorted((ROOT / "tests" / "data").glob("matching_*.yaml")):
        texts += [item["text"] for item in yaml.safe_load(path.read_text(encoding="utf-8"))]
    return texts


def engine(limit: int) -> None:
    """CPU of the dialogue engine per message, in this process (no Telegram, no I/O)."""
    from bot.dialogue.engine import Conversation, Dialogue
    from bot.knowledge import load
    from bot.render import Renderer

    knowledge = load()
    renderer = Renderer(knowledge)
    dialogue = Dialogue(knowledge, renderer, "html")
    matcher = dialogue.matcher
    original = matcher.rank
    spent = [0.0]

    def timed_rank(*args: object, **kwargs: object) -> object:
        started = time.process_time()
        try:
            return original(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            spent[0] += time.process_time() - started

    texts = incidents()[:limit]
    for text in texts[:20]:  # warm caches and templates, as a running bot has them
        dialogue.handle(Conversation(), text)
    matcher.rank = timed_rank  # type: ignore[method-assign]
    per_message: list[float] = []
    for text in texts:
        conversation = Conversation()
        line = text
        for _ in range(8):
            started = time.process_time()
            turns = dialogue.handle(conversation, line)
            per_message.append(time.process_time() - started)
            if not turns[-1].choices:
                break
            line = turns[-1].choices[0].id
    total = sum(per_message)
    print(f"Engine CPU per message ({len(per_message)} messages over {len(texts)} incidents)")
    _report("median", statistics.median(per_message))
    _report("mean", total / len(per_message))
    _report("p99", sorted(per_message)[int(len(per_message) * 0.99)])
    print(f"  ranking topics: {spent[0] / total:.0%} of the engine's CPU")


def _ticks(stat: Path) -> int:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _cpu_seconds(pid: int) -> float:
    """CPU time of a process, threads that ended included (Linux).

    Live threads to the nanosecond (/proc/PID/task/*/schedstat); threads that ended are
    only in the process's clock-tick total (/proc/PID/stat), so they count in ticks.
    """
    live, live_ticks = 0, 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            schedstat = (task / "schedstat").read_text()
            ticks = _ticks(task / "stat")
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended meanwhile: counted in the process's ticks
        live += int(schedstat.split()[0])
        live_ticks += ticks
    ended = max(0, _ticks(Path(f"/proc/{pid}/stat")) - live_ticks)
    return live / 1e9 + ended / os.sysconf("SC_CLK_TCK")


def updates(count: int, env: dict[str, str]) -> None:
    """The served bot's own CPU per update, through loopback HTTP and the fake Bot API."""
    if not Path("/proc/self/schedstat").exists():
        print("updates: skipped (needs /proc)")
        return
    texts = incidents()
    chats = 10
    with (
        tempfile.TemporaryDirectory() as folder,
        served(env, Path(folder) / "u.sqlite3") as (
            api,
            process,
        ),
    ):
        api.user_says("/help", user=1)
        _wait(lambda: len(api.sent) >= 1, 60, "the reply to /help")
        time.sleep(1.0)
        idle_start, idle_cpu = time.monotonic(), _cpu_seconds(process.pid)
        time.sleep(2.0)
        idle_rate = (_cpu_seconds(process.pid) - idle_cpu) / (time.monotonic() - idle_start)
        before_cpu, before_sent = _cpu_seconds(process.pid), len(api.sent)
        started = time.monotonic()
        for i in range(count):
            # each chat describes an incident, then answers "1" twice (a choice by number)
            chat, step = i % chats, (i // chats) % 3
            text = texts[(i // (chats * 3) * chats + chat) % len(texts)] if step == 0 else "1"
            api.user_says(text, user=100 + chat)

        def settled() -> bool:
            with api.lock:
                return not api.updates and len(api.sent) > before_sent

        _wait(settled, 300, "handling every update")
        last = len(api.sent)
        while True:  # wait until replies stop arriving
            time.sleep(0.5)
            if len(api.sent) == last:
                break
            last = len(api.sent)
        elapsed = time.monotonic() - started
        cpu = _cpu_seconds(process.pid) - before_cpu - idle_rate * elapsed
    print(f"Served bot, {count} updates from {chats} chats over loopback HTTP")
    _report("bot CPU per update", cpu / count, f"(idle polling {idle_rate * 1000:.1f} ms/s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per figure")
    parser.add_argument("--updates", type=int, default=300, help="updates through serve")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, help="run only these sections")
    args = parser.parse_args()
    wanted = set(args.only or SECTIONS)
    env = {**os.environ}
    env.pop("TELEGRAM_BOT_TOKEN", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a user's machine: compiled once, then reused
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bot")], check=False)
    with tempfile.TemporaryDirectory() as cache:
        env["RULINGBOT_CACHE"] = cache
        if "imports" in wanted:
            imports(args.runs, env)
        if "commands" in wanted:
            commands(args.runs, env)
        if "serve" in wanted:
            serve(args.runs, env)
        if "engine" in wanted:
            engine(400)
        if "updates" in wanted:
            updates(args.updates, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
