"""One module per ``zonemax`` subcommand, listed in :data:`zonemax.cli.COMMANDS`.

Each module defines ``configure(parser)`` and ``execute(args) -> int`` and imports its heavy
libraries only inside ``execute``.  Command-line text becomes validated values in
:mod:`zonemax.commands._input`; bad input raises its :class:`UsageError`,
which :func:`zonemax.cli.main` prints as one line with exit code 2.

This package's ``__init__`` imports nothing, so that ``zonemax --help`` stays light.
"""


class UsageError(ValueError):
    """Bad command-line input; the message says what to change."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread by :func:`zonemax.cli.main`'s handler.

    A ``KeyboardInterrupt`` subclass, so that everything that cleans up after Ctrl-C (the
    reproduction's session record, its worker processes) does the same after ``kill PID``.
    """

    signum = 15


class Interrupted(Exception):
    """A command stopped by Ctrl-C or SIGTERM after saving its work; the message says what was
    kept and how to resume.  :func:`zonemax.cli.main` prints it as one line and exits with
    ``128 + signum`` (130 for Ctrl-C, 143 for SIGTERM)."""

    def __init__(self, message: str, signum: int) -> None:
        super().__init__(message)
        self.signum = signum
