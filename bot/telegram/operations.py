"""The operator's commands: ``health``, ``backup`` and ``restore``.

A backup uses SQLite's online backup, so it is consistent while the bot
keeps writing, and it is checked before it is given its final name. A
restore refuses while a bot runs on the database, checks the backup first,
and keeps a copy of the database it replaces.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from bot.telegram import schema
from bot.telegram.errors import EXIT_CONFIG, EXIT_DATABASE, EXIT_RUNNING, StartupError
from bot.telegram.lock import InstanceLock, holder
from bot.telegram.store import Store, StoreError, default_db_path

STUCK_AFTER = 120.0
"""An update waiting (or a reply unsent) this long means the bot is not keeping up."""


class OperationError(Exception):
    def __init__(self, message: str, code: int = EXIT_DATABASE) -> None:
        super().__init__(message)
        self.code = code


def health(db_path: Path | None, deep: bool = False) -> tuple[bool, list[str]]:
    """(healthy, lines to print): would the bot handle an update right now?

    ``deep`` also reads every page of the database (slow on a big one).
    """
    path = db_path or default_db_path()
    try:
        store = Store(path, migrate=False)
    except StoreError as error:
        return False, [str(error)]
    try:
        store.check(deep=deep)
        notes = []
        found = store.version
        if found < schema.SCHEMA_VERSION:
            notes.append(f"database layout {found} is upgraded when the bot starts")
        running = holder(path)
        if running is not None and found >= 2:
            waiting, unsent = store.backlog(STUCK_AFTER)
            if waiting:
                return False, [f"{waiting} update(s) waiting over 2 minutes: none are handled"]
            if unsent:
                return False, [
                    f"{unsent} repl(ies) unsent for over 2 minutes: Telegram unreachable?"
                ]
        notes.append(f"bot running (pid {running})" if running else "bot not running")
        return True, ["healthy", *notes]
    except StoreError as error:
        return False, [str(error)]
    finally:
        store.close()


def _check_copy(connection: sqlite3.Connection, path: Path) -> int:
    """The copy's schema version; OperationError unless it is whole and ours."""
    try:
        result = connection.execute("PRAGMA integrity_check").fetchall()
        found = schema.version(connection)
    except sqlite3.Error as error:
        raise OperationError(f"{path} is not a usable database: {error}") from None
    if result != [("ok",)]:
        raise OperationError(f"{path} is damaged: {result[0][0]}")
    if found == 0:
        raise OperationError(f"{path} holds no rulingbot data")
    if found > schema.SCHEMA_VERSION:
        raise OperationError(f"{path}: {schema.NewerSchema(found)}")
    return found


def backup(db_path: Path | None, destination: Path) -> str:
    source_path = db_path or default_db_path()
    if not source_path.is_file():
        raise OperationError(f"there is no database at {source_path}")
    if destination.exists():
        raise OperationError(f"{destination} already exists; choose a new name", EXIT_CONFIG)
    partial = destination.with_name(destination.name + ".part")
    source = sqlite3.connect(source_path)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.execute("PRAGMA busy_timeout=5000")
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            found = _check_copy(copy, partial)
            rulings = copy.execute("SELECT count(*) FROM rulings").fetchone()[0]
        finally:
            copy.close()
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise OperationError(f"backup of {source_path} failed: {error}") from None
    except OperationError:
        partial.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    os.replace(partial, destination)
    return f"backed up {source_path} to {destination} (layout {found}, {rulings} rulings logged)"


def restore(db_path: Path | None, backup_path: Path) -> str:
    target = db_path or default_db_path()
    running = holder(target)
    if running is not None:
        raise OperationError(
            f"a bot (pid {running}) is using {target}: stop it first", EXIT_RUNNING
        )
    if not backup_path.is_file():
        raise OperationError(f"there is no backup at {backup_path}", EXIT_CONFIG)
    try:
        lock = InstanceLock(target).acquire()  # no bot may start meanwhile
    except StartupError as error:
        raise OperationError(str(error), error.code) from None
    try:
        source = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True)
        try:
            _check_copy(source, backup_path)
            kept = ""
            if target.is_file():
                kept_path = target.with_name(f"{target.name}.before-restore-{int(time.time())}")
                backup(target, kept_path)
                kept = f"; the replaced database is kept as {kept_path}"
            destination = sqlite3.connect(target)
            try:
                source.backup(destination)
                destination.execute("PRAGMA journal_mode=WAL")
            finally:
                destination.close()
        except sqlite3.Error as error:
            raise OperationError(f"restore into {target} failed: {error}") from None
        finally:
            source.close()
        Store(target).close()  # brings an older backup's layout up to date now
    except StoreError as error:
        raise OperationError(str(error)) from None
    finally:
        lock.release()
    return f"restored {backup_path} into {target}{kept}"
