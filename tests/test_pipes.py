"""A closed pipe ends a command quietly (issue 23, item 7), and every command names itself in
its argument errors (item 12).

``zonemax ... | head -3`` closes the pipe while zonemax still writes.  To make that certain
rather than a race, each child here gets a stdout pipe whose reading end is closed before the
child starts: its first write meets a closed pipe, and it must end with exit code 141
(``128 + SIGPIPE``, what ``yes | head -1`` reports) and nothing on stderr: no traceback, no
``Exception ignored ... BrokenPipeError`` from the interpreter's exit flush.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from zonemax.cli import CLOSED_PIPE, COMMANDS


def _with_closed_stdout(*argv: str) -> subprocess.CompletedProcess[str]:
    read, write = os.pipe()
    os.close(read)  # nobody will ever read: every write fails with EPIPE
    try:
        return subprocess.run([sys.executable, "-m", "zonemax.cli", *argv], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=300, check=False)
    finally:
        os.close(write)


@pytest.mark.parametrize("argv", [
    # text rows (the issue's `zonemax run ea-pm1 --a -3 --runs 1 | head -3`)
    ("run", "ea-pm1", "--a", "-3", "--runs", "1", "--seed", "1", "--engine", "reference"),
    # JSON on the fast engine (`... --json | head -c 100`)
    ("run", "ea-pm1", "--a", "3", "--runs", "3000", "--seed", "1", "--json"),
    # a command that writes its whole output at the end (`zonemax claims --format json | head`)
    ("claims", "--format", "json", "--only", "S3.total-line"),
    ("exact", "ea-pm1", "--a", "3,-2"),
])
def test_a_closed_pipe_ends_quietly(argv: tuple[str, ...]) -> None:
    res = _with_closed_stdout(*argv)
    assert res.returncode == CLOSED_PIPE == 141, res.stderr
    assert "Traceback" not in res.stderr and "BrokenPipeError" not in res.stderr, res.stderr
    assert "Exception ignored" not in res.stderr, res.stderr


@pytest.mark.parametrize("command", list(COMMANDS))
def test_unknown_option_names_the_command(command: str) -> None:
    """`zonemax verify --bogus` said `zonemax: error: ...`, `zonemax run ALGO --bogus` too; the
    error of a command's option comes from that command."""
    argv = [command, "--bogus"]
    if command in ("run", "exact"):
        argv = [command, "ea-pm1", "--a", "3", "--bogus"]
    res = subprocess.run([sys.executable, "-m", "zonemax.cli", *argv], capture_output=True,
                         text=True, timeout=120, check=False)
    assert res.returncode == 2
    assert res.stderr == f"zonemax {command}: error: unrecognized arguments: --bogus\n"
    assert res.stdout == ""


class _ClosedPipe:
    """A stream whose reader went away: every write raises ``BrokenPipeError``."""

    writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    def isatty(self) -> bool:
        return True


def test_progress_on_a_closed_stderr_stops_drawing() -> None:
    """`zonemax run ... 2>&1 | head`: the progress line (and its heartbeat thread) must not
    raise into the command, and stops writing after the first failure."""
    import time

    from zonemax.experiments.progress import ProgressLine

    stream = _ClosedPipe()
    with ProgressLine(3, 3.0, stream, label="zonemax run", interval=0.01,  # type: ignore[arg-type]
                      heartbeat=True) as progress:
        progress.update(1.0)
        time.sleep(0.1)  # heartbeats fall here
        progress.update(1.0)
    assert stream.writes == 1
