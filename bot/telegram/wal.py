"""The database's write-ahead log (``<db>-wal``): noticed when someone deletes it.

SQLite keeps every commit since the last checkpoint only in the -wal file. If
a program deletes that file while the bot runs (a clean-up script, an
operator tidying a folder), the bot goes on writing into the deleted file: all
seems well until it stops, and then everything since the last checkpoint is
gone. So the running bot watches the file; when it is gone it checkpoints
what the deleted file holds into the database and starts a new one. And a
start that finds the -wal file missing while the index beside it (``-shm``)
says it held commits not yet checkpointed refuses, rather than silently
going back to the last checkpoint.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import struct
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

log = logging.getLogger(__name__)

_INDEX_HEADER = 136
"""The -shm file starts with the WAL index header, then the checkpoint information."""


def wal_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + "-wal")


def shm_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + "-shm")


def wal_deleted(db_path: Path) -> bool:
    """The index is there but its -wal file is not (while a bot runs: someone deleted it)."""
    return shm_path(db_path).exists() and not wal_path(db_path).exists()


def unsaved_frames(db_path: Path) -> int:
    """Pages the -shm index says a now missing -wal file held past the last checkpoint."""
    if wal_path(db_path).exists():
        return 0
    try:
        with shm_path(db_path).open("rb") as index:
            header = index.read(_INDEX_HEADER)
    except OSError:
        return 0
    if len(header) < _INDEX_HEADER or not header[12]:  # isInit: never set up
        return 0
    (last_frame,) = struct.unpack_from("=I", header, 16)  # mxFrame (native byte order)
    (checkpointed,) = struct.unpack_from("=I", header, 96)  # nBackfill
    return max(0, int(last_frame) - int(checkpointed))


def lost_message(db_path: Path, frames: int) -> str:
    """One line for the operator when a -wal file with unsaved commits has disappeared."""
    return (
        f"{wal_path(db_path)} is missing, and {shm_path(db_path).name} says it held {frames} "
        f"page(s) written since the last checkpoint: put the file back if you can; otherwise "
        f"restore a backup, or delete {shm_path(db_path)} to go on from the last checkpoint "
        f"(what came after it is lost)"
    )


def deleted_message(db_path: Path, pid: int) -> str:
    return (
        f"{wal_path(db_path)} was deleted while the bot (pid {pid}) runs: it saves what the "
        "file held into the database within seconds; until then do not stop it"
    )


class WalWatch:
    """The running bot's -wal file, by inode: deleted or replaced is noticed."""

    def __init__(self, db_path: Path) -> None:
        self.path = wal_path(db_path)
        self.inode = self._inode()

    def _inode(self) -> int | None:
        try:
            return os.stat(self.path).st_ino
        except OSError:
            return None

    def rescue_if_deleted(
        self,
        db: sqlite3.Connection,
        alone: Callable[[], AbstractContextManager[None]] = nullcontext,
    ) -> bool:
        """Database thread: if the file is gone, save its commits and start a new one.

        ``alone``: inside it, the bot's other connections to the file are closed (SQLite
        leaves WAL mode only with none open).
        """
        found = self._inode()
        if self.inode is None or found == self.inode:
            self.inode = self.inode or found
            return False
        log.error("%s was deleted: saving what it held into the database", self.path)
        with alone():
            busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            if busy and busy[0]:
                log.warning("another program is reading the database; will try again")
                return False
            db.execute("PRAGMA journal_mode=DELETE")  # closes the deleted file
            db.execute("PRAGMA journal_mode=WAL")  # and starts a new one
        self.inode = self._inode()
        log.error("saved: nothing written since the last checkpoint was lost")
        return True
