"""One module per ``zonemax`` subcommand.

Each module defines ``NAME``, ``HELP``, ``configure(parser)`` and ``execute(args) -> int``.
Bad input raises :class:`zonemax.errors.UsageError` (or ``ValueError``/``TypeError`` from the
library); :func:`zonemax.cli.main` turns it into a one-line message and exit code 2.
"""
