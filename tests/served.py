"""`rulingbot serve` as a real process against the fake Bot API (tests and benchmark)."""

from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from fake_bot_api import FakeBotApi

ROOT = Path(os.environ.get("RULINGBOT_SERVE_ROOT") or Path(__file__).resolve().parents[1])
"""The checkout whose bot is served; RULINGBOT_SERVE_ROOT runs these tests against another."""
TOKEN = "424242:SECRET-TOKEN-VALUE"
_STARTED: list[ServedBot] = []


@atexit.register
def _kill_leftovers() -> None:
    """A test that failed half-way leaves no bot running behind it."""
    for bot in _STARTED:
        if bot.alive():
            bot.kill()


class ServedBot:
    """One bot process at a time over one database; start, kill and start again."""

    def __init__(
        self,
        api: FakeBotApi,
        db: Path,
        log: Path,
        *,
        args: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
        root: Path = ROOT,
    ) -> None:
        self.api, self.db, self.log, self.args = api, db, log, args
        self.env = env or {}
        self.root = root
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": self.api.base_url,
            "RULINGBOT_DB": str(self.db),
            "PYTHONPATH": str(self.root),
            **self.env,
        }
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bot", "serve", *self.args],
                cwd=self.root,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1
        if self not in _STARTED:
            _STARTED.append(self)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        if self.process is not None:
            if self.process.poll() is None:
                os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
            self.process = None

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM and wait; the exit code."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(timeout=timeout)
        self.process = None
        return code

    def wait_polling(self, since: int, timeout: float = 60.0) -> None:
        """Until the bot has asked for updates after ``since`` polls (it is up)."""
        deadline = time.monotonic() + timeout
        while self.api.polls <= since:
            if not self.alive():
                raise AssertionError(f"the bot exited:\n{self.log_text()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not start polling:\n{self.log_text()}")
            time.sleep(0.01)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")[-5000:]

    def cpu_seconds(self) -> float:
        """CPU time the bot process has used so far (user + system)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_memory_kib(self) -> int:
        """The bot process's own peak resident memory (VmHWM)."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(line.split()[1])
