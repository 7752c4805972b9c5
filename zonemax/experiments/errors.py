"""The one exception the experiments raise for a problem of the user's set-up."""


class SetupError(ValueError):
    """The output directory, its earlier contents or the Dask scheduler do not allow the request
    (for example: resuming with other settings, a directory in use, an unreachable scheduler).
    The message says what to change; the command line prints it as one line with exit code 2."""
