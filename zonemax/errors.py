"""Errors the command line reports as one line with exit code 2."""


class UsageError(ValueError):
    """Bad command-line input; the message says what to change."""
