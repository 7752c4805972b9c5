"""One module per ``zonemax`` subcommand, listed in :data:`zonemax.cli.COMMANDS`.

Each module defines ``configure(parser)`` and ``execute(args) -> int`` and imports its heavy
libraries only inside ``execute``.  Command-line text becomes validated values in
:mod:`zonemax.commands._input`; bad input raises its :class:`UsageError`,
which :func:`zonemax.cli.main` prints as one line with exit code 2.

This package's ``__init__`` imports nothing, so that ``zonemax --help`` stays light.
"""


class UsageError(ValueError):
    """Bad command-line input; the message says what to change."""
