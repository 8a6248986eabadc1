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
from collections.abc import Callable
from pathlib import Path

from bot.telegram import schema
from bot.telegram.errors import EXIT_CONFIG, EXIT_DATABASE, EXIT_RUNNING, StartupError
from bot.telegram.heartbeat import FAILING_AFTER, META_KEY, STALE_AFTER, Heartbeat
from bot.telegram.lock import InstanceLock, holder
from bot.telegram.store import Store, StoreError, create_private, default_db_path
from bot.telegram.wal import deleted_message, lost_message, unsaved_frames, wal_deleted, wal_path

STUCK_AFTER = 120.0
"""An update waiting (or a reply unsent) this long means the bot is not keeping up."""
WAL_NOTE_FOR = 86400.0
"""Health mentions a deleted -wal file (saved by the bot) for a day."""


class OperationError(Exception):
    def __init__(self, message: str, code: int = EXIT_DATABASE) -> None:
        super().__init__(message)
        self.code = code


def health(db_path: Path | None, deep: bool = False) -> tuple[bool, list[str]]:
    """(healthy, lines to print): is a bot running on this database, and keeping up?

    ``deep`` also reads every page of the database (slow on a big one).
    """
    path = db_path or default_db_path()
    running = holder(path)
    if running is not None and wal_deleted(path):
        return False, [deleted_message(path, running)]  # opening it now would hide that
    lost = unsaved_frames(path) if running is None else 0
    if lost:
        return False, [lost_message(path, lost)]
    try:
        store = Store(path, migrate=False)
    except StoreError as error:
        return False, [str(error)]
    try:
        store.check(deep=deep)
        found = store.version
        if running is None:
            return False, [f"no bot is running on {path} (the database itself is usable)"]
        if found < 2:
            return False, [f"the bot (pid {running}) is upgrading the database"]
        beat = Heartbeat.read(store.meta(META_KEY))
        problem = _behind(running, beat, time.time())
        if problem:
            return False, [problem]
        assert beat is not None
        notes = [f"bot running (pid {running}, {beat.mode})"]
        waiting, unsent = store.backlog(STUCK_AFTER)
        if waiting:
            return False, [f"{waiting} update(s) waiting over 2 minutes: none are handled"]
        if unsent and beat.stuck_lanes:
            return False, [
                f"{unsent} repl(ies) unsent for over 2 minutes and {beat.stuck_lanes} chat(s) "
                "with none sent for 2 minutes: Telegram unreachable?"
            ]
        if unsent:
            notes.append(
                f"{unsent} repl(ies) queued over 2 minutes: replies are going out, paced by "
                "Telegram's limits for a busy group (20 messages a minute)"
            )
        if beat.wal_rescued and time.time() - beat.wal_rescued < WAL_NOTE_FOR:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(beat.wal_rescued))
            notes.append(
                f"{wal_path(path)} was deleted at {when} (by another program?); the bot "
                "saved what it held, nothing was lost"
            )
        return True, ["healthy", *notes]
    except StoreError as error:
        return False, [str(error)]
    finally:
        store.close()


def _behind(pid: int, beat: Heartbeat | None, now: float) -> str:
    """Why the running bot is not keeping up, from its heartbeat ('' if it is)."""
    if beat is None or beat.pid != pid or beat.mode == "starting":
        return f"the bot (pid {pid}) has not reported yet: still starting, or stuck starting"
    if now - beat.beat > STALE_AFTER:
        return f"the bot (pid {pid}) has not reported for {now - beat.beat:.0f} s: stuck?"
    if beat.mode == "polling" and beat.poll_failures >= FAILING_AFTER:
        return (
            f"getUpdates has failed {beat.poll_failures} times in a row for "
            f"{now - beat.failing_since:.0f} s ({beat.poll_error}): no updates arrive"
        )
    return ""


def _queued(store: Store, send: bool | None, ask: Callable[[str], bool] | None) -> str:
    """Decide about the replies and messages a restored backup still has in hand."""
    replies, updates, oldest = store.queued()
    if not replies and not updates:
        return ""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(oldest))
    what = f"{replies} repl(ies) never sent and {updates} message(s) never answered, from {when} on"
    if send is None and ask is not None:
        send = ask(f"The backup holds {what}. Send them when the bot starts? [y/N] ")
    if send:
        return f"; it holds {what}: they go out when the bot starts"
    with store.transaction():
        store.set_aside_queued("set aside at restore")
    return f"; it held {what}: set aside, not sent (restore with --send-queued to send them)"


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
    running = holder(source_path)
    if running is not None and wal_deleted(source_path):
        raise OperationError(deleted_message(source_path, running))  # a copy now would lose it
    if destination.exists():
        raise OperationError(f"{destination} already exists; choose a new name", EXIT_CONFIG)
    partial = destination.with_name(destination.name + ".part")
    source = sqlite3.connect(source_path)
    try:
        create_private(partial)
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


def restore(
    db_path: Path | None,
    backup_path: Path,
    *,
    send_queued: bool | None = None,
    ask: Callable[[str], bool] | None = None,
) -> str:
    """Put a backup in place; what it holds unsent is sent only if the operator says so
    (``send_queued``, or ``ask`` at a terminal): days later it would answer nobody's question."""
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
            create_private(target)
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
        store = Store(target)  # brings an older backup's layout up to date now
        try:
            queued = _queued(store, send_queued, ask)
        finally:
            store.close()
    except StoreError as error:
        raise OperationError(str(error)) from None
    finally:
        lock.release()
    return f"restored {backup_path} into {target}{kept}{queued}"
