"""Why the bot could not start, as one line and an exit code systemd can act on.

The unit file lists the codes that a restart cannot fix
(``RestartPreventExitStatus``): a bad configuration, an unusable database,
another bot already running on the same database.
"""

from __future__ import annotations

EXIT_FAILURE = 1
"""Telegram could not be reached: a restart may well help."""
EXIT_CONFIG = 2
EXIT_DATABASE = 3
EXIT_RUNNING = 4


class StartupError(Exception):
    def __init__(self, message: str, code: int = EXIT_FAILURE) -> None:
        super().__init__(message)
        self.code = code
