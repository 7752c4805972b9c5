"""How a command stops when the user or the machine stops it (issue 42, section 4): Ctrl-C and
SIGTERM during start-up (while the command's module and numpy load), a full disk under the
output, and a signal during a long exact solve.  Each ends with one line on stderr, no
traceback, and its exit code (130, 143, or 74 for output that could not be written).

The signals are sent when the child shows that it got where the test wants it (numpy's import
begins; the solve's progress line appears), never after a fixed wait.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def _as_from_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a suite run in the background ignores SIGINT


#: The child: the signal arrives exactly when numpy's import begins, which the command's start-up
#: reaches through the command's module (the issue's traceback was inside numpy's import).
STARTUP = r"""
import signal, sys
from zonemax import cli
assert "numpy" not in sys.modules

class Trip:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy":
            sys.meta_path.remove(self)
            signal.raise_signal(getattr(signal, sys.argv[1]))
        return None

sys.meta_path.insert(0, Trip())
sys.exit(cli.main(["run", "ea-pm1", "--a", "3,-2", "--runs", "10"]))
"""


@pytest.mark.parametrize(("name", "code", "said"), [
    ("SIGINT", 130, "zonemax run: interrupted"),
    ("SIGTERM", 143, "zonemax run: terminated (SIGTERM)"),
])
def test_a_signal_during_start_up_is_one_line(name: str, code: int, said: str) -> None:
    res = subprocess.run([sys.executable, "-c", STARTUP, name], capture_output=True, text=True,
                         check=False, preexec_fn=_as_from_a_terminal, timeout=600)
    assert res.returncode == code, res.stderr
    assert res.stderr == said + "\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("json", [True, False], ids=["json", "text"])
def test_a_full_disk_is_one_line(json: bool) -> None:
    with open("/dev/full", "w") as full:
        res = subprocess.run([sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "3,-2",
                              "--runs", "2", "--seed", "1", *(["--json"] if json else [])],
                             stdout=full, stderr=subprocess.PIPE, text=True, check=False,
                             timeout=600)
    assert res.returncode == 74, res.stderr
    assert res.stderr == ("zonemax run: error: cannot write the output: No space left on "
                          "device\n")


def test_other_os_errors_stay_bugs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a write the output cannot take becomes the one line; any other ``OSError`` is a bug
    and keeps its traceback."""
    import argparse

    from zonemax import cli

    def execute(args: argparse.Namespace) -> int:
        raise FileNotFoundError(2, "No such file or directory", "/nowhere")

    args = argparse.Namespace(_execute=execute, command="run")
    with pytest.raises(FileNotFoundError):
        cli._run(args)


#: The issue's solve: a = 1^40, about 215,000 lumped states for the floating-point solver, whose
#: levels run for minutes in compiled code (the whole solve takes far longer than this test).
SOLVE = ("exact", "ea-pm1", "--a", ",".join(["1"] * 40))
#: What the command says before the long solve starts (its note): the sign that it has got there.
SOLVING = b"progress follows"


def _read_until(fd: int, marker: bytes, proc: subprocess.Popen[bytes]) -> bytes:
    """What the child wrote on ``fd`` up to ``marker`` (or all of it, if the child ended first)."""
    seen = b""
    while marker not in seen:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        chunk = os.read(fd, 4096)
        if not chunk:
            break
        seen += chunk
    return seen


@pytest.mark.parametrize(("signum", "said"), [
    (signal.SIGTERM, "zonemax exact: terminated (SIGTERM)"),
    (signal.SIGINT, "zonemax exact: interrupted"),
])
def test_a_signal_ends_an_exact_solve(signum: int, said: str) -> None:
    """Before: a traceback from inside numba's dispatcher (``SystemError: CPUDispatcher(...)
    returned a result with an exception set``) and exit 1, after the current level."""
    proc = subprocess.Popen([sys.executable, "-m", "zonemax.cli", *SOLVE],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_as_from_a_terminal)
    try:
        assert proc.stderr is not None
        seen = _read_until(proc.stderr.fileno(), SOLVING, proc)
        assert SOLVING in seen, seen
        proc.send_signal(signum)
        out, rest = proc.communicate(timeout=600)  # a hang detector: the solve takes hours
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = (seen + rest).decode()
    assert proc.returncode == 128 + signum, err
    assert "Traceback" not in err and "Error" not in err, err
    lines = err.strip().splitlines()
    assert lines[-1] == said, err
    assert all(line.startswith("zonemax exact: ") for line in lines), err  # note, progress
    assert out == b""


# ----------------------------------------------------------------------- errors that came late

#: Modules whose import took the 33 s to 45 s under load before these errors were printed.
HEAVY = ("zonemax.proofs_check", "zonemax.verify", "zonemax.engine", "numba", "sympy", "scipy")

#: The child: the command, then which heavy modules it had imported when it ended.
LATE = r"""
import json, sys
from zonemax.cli import main
code = main(json.loads(sys.argv[1]))
heavy = json.loads(sys.argv[2])
print(code, sorted(m for m in heavy if m in sys.modules))
"""


@pytest.mark.parametrize(("argv", "said"), [
    (["claims", "--check", "/nonexistent/dir"], "--check: /nonexistent/dir is not a directory"),
    (["claims", "--only", "S9.nonsense"], "--only: unknown claim id 'S9.nonsense'"),
    (["claims", "--only", "S3.total-line", "S3.nonsense"], "unknown claim id 'S3.nonsense'"),
    (["paper", "fetch", "--from", "/nonexistent.tex"], "--from /nonexistent.tex does not exist"),
    (["verify", "--report", "/nonexistent/dir/r.md"], "no folder /nonexistent/dir"),
], ids=["claims-check", "claims-only", "claims-only-one-of-two", "paper-fetch", "verify-report"])
def test_bad_arguments_are_refused_before_heavy_imports(argv: list[str], said: str) -> None:
    import json

    res = subprocess.run([sys.executable, "-c", LATE, json.dumps(argv), json.dumps(HEAVY)],
                         capture_output=True, text=True, check=False, timeout=600)
    assert res.stdout == "2 []\n", (res.stdout, res.stderr)
    assert res.stderr.count("\n") == 1 and said in res.stderr, res.stderr
    assert res.stderr.startswith(f"zonemax {argv[0]}: error: ")


def test_the_light_claim_ids_are_the_registry_s() -> None:
    from zonemax.proofs_check.registry import claim_ids

    from zonemax.commands.claims import known_claim_ids

    assert known_claim_ids() == claim_ids()


def test_the_default_source_url_is_the_checker_s() -> None:
    from zonemax.proofs_check.checker.paper import ARXIV_SOURCE_URL as CHECKER_URL

    from zonemax.commands.paper import ARXIV_SOURCE_URL

    assert ARXIV_SOURCE_URL == CHECKER_URL


# ---------------------------------------------------------------------------------- silence


def test_a_log_gets_its_first_progress_line_sooner_than_the_interval(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Not on a terminal, long work says that it goes on after :data:`PLAIN_FIRST` seconds, not
    after a whole :data:`PLAIN_INTERVAL` (``zonemax run`` at r = 10^9 showed only its header for
    45 s under load); work shorter than that still leaves no line.  A fake clock: no wall
    time."""
    import io
    import types

    from zonemax.experiments import progress

    now = [1000.0]
    monkeypatch.setattr(progress, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    assert progress.PLAIN_FIRST < progress.PLAIN_INTERVAL
    stream = io.StringIO()
    line = progress.ProgressLine(10, 10.0, stream, label="zonemax run", tty=False, eager=False)
    now[0] += progress.PLAIN_FIRST - 0.5
    line.advance(1, 1.0)
    assert stream.getvalue() == ""  # seconds of work: no trace
    now[0] += 0.5
    line.advance(1, 1.0)
    assert stream.getvalue().startswith("zonemax run: 2/10 runs (20%)")
    now[0] += progress.PLAIN_INTERVAL - 1.0
    line.advance(1, 1.0)
    assert stream.getvalue().count("\n") == 1  # then one line per interval
    now[0] += 1.0
    line.advance(1, 1.0)
    assert stream.getvalue().count("\n") == 2
    line.close()


def test_an_exact_solve_shows_progress_during_a_level() -> None:
    """The floating-point solver's levels run for minutes in compiled code; the progress line
    must go on meanwhile (before, the compiled level held the GIL and the progress thread was
    silent: 'progress follows', then nothing for minutes).  stderr is a terminal, so the line
    is redrawn every 0.2 s: the same count of solved states shown with two different elapsed
    times is a redraw inside one level.  Then SIGTERM ends the solve (143)."""
    import pty
    import re

    primary, secondary = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "zonemax.cli", *SOLVE],
                            stdout=subprocess.PIPE, stderr=secondary,
                            preexec_fn=_as_from_a_terminal)
    os.close(secondary)
    shown: dict[str, set[str]] = {}
    seen = b""
    try:
        while not any(len(times) > 1 for times in shown.values()):
            ready, _, _ = select.select([primary], [], [], 1.0)
            if not ready:
                assert proc.poll() is None, seen.decode(errors="replace")
                continue
            seen += os.read(primary, 65536)
            for count, elapsed in re.findall(rb"solving: (\d+)/\d+ states \(\d+%\), elapsed "
                                             rb"(\w+),", seen):
                shown.setdefault(count.decode(), set()).add(elapsed.decode())
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(primary)
    assert proc.returncode == 143


def test_one_certificate_file_is_singular(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    assert main(["claims", "--only", "S3.total-line", "--certificates", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"wrote 1 verdict certificate file to {tmp_path} (" in out, out


#: Longest error message of a refused run (a line of 421 characters before; now under 300).
LONGEST_ERROR = 300


@pytest.mark.parametrize("argv", [
    ["run", "rls-ab", "--a", "1000000000000", "--alpha", "1e100", "--beta", "1e-100"],
    ["run", "ea-pm1", "--a", "1000000000000000000000"],
], ids=["rls-ab-large-alpha", "ea-pm1"])
def test_a_refused_run_says_why_in_a_readable_line(argv: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("zonemax run: error: "), err
    assert len(err) - len("zonemax run: error: \n") < LONGEST_ERROR, err
