"""Benchmark quick restarts (issue 15 item 3): prints figures, asserts nothing.

1,000 private users each describe an incident while the bot is down, so all
are waiting when it starts. `rulingbot serve` runs as its own process against
the fake Bot API (loopback HTTP, real SQLite file); once a few more users have
been answered since it started, it is killed with SIGKILL (mid-way through
answering) and started again, three times; the fourth start runs until every
user has had a reply. Then each user is counted once: answered (a reply that
is not the apology) or apologised to (only the apology), or never replied to.

A restart is no fault of the update in hand, so every user should be answered.

Usage: python scripts/benchmark_restarts.py [--root CHECKOUT] [--users N] [--kills K]
(--root measures another checkout's bot, e.g. an older commit, with the same users.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from served import TOKEN, ServedBot  # noqa: E402

from fake_bot_api import FakeBotApi  # noqa: E402

APOLOGY = "something went wrong on my side"
"""The start of the apology a user gets when the bot gives up on his message."""
FIRST_USER = 3000


def replied(api: FakeBotApi, users: range) -> int:
    return sum(1 for user in users if api.messages_to(user))


def wait_replied(api: FakeBotApi, bot: ServedBot, users: range, count: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while replied(api, users) < count and time.monotonic() < deadline:
        if not bot.alive():
            raise SystemExit(f"the bot exited:\n{bot.log_text()}")
        time.sleep(0.005)


def restarts(root: Path, people: int, kills: int, between: int) -> dict[str, int]:
    """Kill the bot ``kills`` times, each once ``between`` more users had a reply."""
    users = range(FIRST_USER, FIRST_USER + people)
    with tempfile.TemporaryDirectory() as folder, FakeBotApi(TOKEN) as api:
        bot = ServedBot(api, Path(folder) / "bot.sqlite3", Path(folder) / "bot.log", root=root)
        for user in users:
            api.user_says("insufficient bid", user=user)
        for _ in range(kills):
            bot.start()
            wait_replied(api, bot, users, replied(api, users) + between, timeout=120)
            bot.kill()
        bot.start()
        wait_replied(api, bot, users, people, timeout=600)
        time.sleep(1.0)  # a last reply in flight
        bot.kill()
        texts = {user: [str(m.get("text", "")) for m in api.messages_to(user)] for user in users}
    apologised = sum(1 for t in texts.values() if t and all(APOLOGY in x for x in t))
    answered = sum(1 for t in texts.values() if any(APOLOGY not in x for x in t))
    twice = sum(1 for t in texts.values() if len(t) > 1)
    return {
        "answered": answered,
        "apologised": apologised,
        "no reply": people - answered - apologised,
        "apologies sent": sum(1 for t in texts.values() for x in t if APOLOGY in x),
        "replied twice": twice,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout whose bot to serve")
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--between", type=int, default=10, help="replies between kills")
    args = parser.parse_args()
    figures = restarts(args.root, args.users, args.kills, args.between)
    print(
        f"bot from {args.root}; {args.users} waiting users, {args.kills} kills "
        f"(each after {args.between} more replies)"
    )
    print(" | ".join(f"{name} {value}" for name, value in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
