"""One bot per database: an exclusive lock on ``<database>.lock`` while it runs.

Two bots on one database would answer the same people from two states (and
Telegram gives each update to only one of them). The lock is the kernel's
(``flock``), so it goes away with the process, even after ``kill -9``.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from bot.telegram.errors import EXIT_DATABASE, EXIT_RUNNING, StartupError


def lock_path(db_path: Path) -> Path:
    """Beside the real file: a symlink to the same database finds the same lock."""
    real = db_path.resolve()
    return real.with_name(real.name + ".lock")


class InstanceLock:
    def __init__(self, db_path: Path) -> None:
        self.path = lock_path(db_path)
        self.fd: int | None = None

    def acquire(self) -> InstanceLock:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as error:
            raise StartupError(
                f"cannot create the lock file {self.path}: {error.strerror}", EXIT_DATABASE
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise StartupError(
                f"another rulingbot (pid {holder}) is already using {self.path.with_suffix('')}",
                EXIT_RUNNING,
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def holder(db_path: Path) -> int | None:
    """The pid of the bot running on this database, or None if none is."""
    path = lock_path(db_path)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        text = os.read(fd, 32).decode(errors="replace").strip()
        return int(text) if text.isascii() and text.isdigit() else -1
    finally:
        os.close(fd)
    return None
