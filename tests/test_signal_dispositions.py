"""Ignored and default signal dispositions while the fast engine runs.

A job started with ``&`` by a non-interactive shell (a CI script, ``nohup ... &``) has SIGINT
ignored (``SIG_IGN``), and every process it starts inherits that; ``trap '' TERM`` does the same
for SIGTERM.  A Python program may also put a signal back to its default action (``SIG_DFL``:
the process ends at once).  The engine's deferral of signals
(:class:`zonemax.engine._signals.DeferredSignals`) exists only for Python handlers; an ignored
or default disposition must stay what it was, during the runs and after them:

* an ignored signal stays ignored: the runs go on and finish, no ``KeyboardInterrupt``;
* a default disposition stays the default: the signal ends the process, as it would without
  the engine, and is ``SIG_DFL`` again after the runs.

The command line installs its own SIGTERM handler (SIGTERM is reported like Ctrl-C); it must
not override a SIGTERM that its caller ignores.

Each disposition is checked in this process (what the handlers are while the runs go on, and
an ignored signal raised inside a run) and in a child process that receives the signal from
outside while it is inside the deferral: it announces that on a pipe and waits on its stdin
until this process has sent the signal, so the signal always lands inside the deferred block
(no timing involved).  Controls: the same checks with a Python handler installed see the signal
raised (library) or reported (command line).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from types import FrameType

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import prepare, run_seeds
from zonemax.engine._signals import DeferredSignals

pytestmark = pytest.mark.skipif(os.name != "posix" or not hasattr(signal, "raise_signal"),
                                reason="POSIX signals")

#: A cheap kernel (a few seconds to compile cold) whose runs take several steps at ``chunk=1``,
#: so that the progress callback runs inside the deferred block.
SPEC = AlgorithmSpec("rls-pm1", (50, -7, 0, 3))
#: Seeds of the runs (fixed: the interrupted-or-not runs are compared with an undisturbed one).
SEED = 3
RUNS = 3
SIGNALS = (signal.SIGINT, signal.SIGTERM)
DISPOSITIONS = (signal.SIG_IGN, signal.SIG_DFL)


def _ids(values: tuple[object, ...]) -> list[str]:
    return [getattr(v, "name", str(v)) for v in values]


@pytest.fixture
def restore_handlers() -> Iterator[None]:
    """Put SIGINT's and SIGTERM's handlers back after the test, whatever it set."""
    saved = {signum: signal.getsignal(signum) for signum in SIGNALS}
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def _runs(progress: Callable[[int, int, int], None] | None = None) -> list[int]:
    batch = run_seeds(SPEC, np.random.SeedSequence(SEED).spawn(RUNS), budget=None, chunk=1,
                      progress=progress)
    return [int(e) for e in batch.evaluations]


# ---------------------------------------------------------------------------- in this process


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
@pytest.mark.parametrize("disposition", DISPOSITIONS, ids=_ids(DISPOSITIONS))
def test_deferral_leaves_the_disposition(signum: int, disposition: signal.Handlers,
                                         restore_handlers: None) -> None:
    """Inside the block and after it the disposition is the one found, and the other signal's
    Python handler is still deferred (replaced inside, restored after)."""
    other = signal.SIGTERM if signum == signal.SIGINT else signal.SIGINT
    signal.signal(signum, disposition)
    signal.signal(other, signal.default_int_handler)
    with DeferredSignals() as signals:
        inside = signal.getsignal(signum)
        other_inside = signal.getsignal(other)
        signals.deliver()
    assert (inside, signal.getsignal(signum)) == (disposition, disposition)
    assert other_inside is not signal.default_int_handler and callable(other_inside)
    assert signal.getsignal(other) is signal.default_int_handler


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
@pytest.mark.parametrize("disposition", DISPOSITIONS, ids=_ids(DISPOSITIONS))
def test_runs_keep_the_disposition(signum: int, disposition: signal.Handlers,
                                   restore_handlers: None) -> None:
    """What ``run_seeds`` sees between the steps of its runs is the disposition found, and it
    is the same after the runs."""
    prepare(SPEC)
    signal.signal(signum, disposition)
    seen: set[object] = set()
    _runs(lambda i, t, f: seen.add(signal.getsignal(signum)))
    assert seen == {disposition}
    assert signal.getsignal(signum) == disposition


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
def test_an_ignored_signal_inside_the_runs_is_ignored(signum: int,
                                                      restore_handlers: None) -> None:
    """A signal raised between two steps while it is ignored changes nothing: no exception,
    the runs of an undisturbed batch.  Control: with a Python handler the same signal raises
    its exception from the runs."""
    prepare(SPEC)
    undisturbed = _runs()
    raised: list[int] = []

    def progress(i: int, t: int, f: int) -> None:
        if not raised:
            raised.append(i)
            signal.raise_signal(signum)

    signal.signal(signum, signal.SIG_IGN)
    assert _runs(progress) == undisturbed
    assert raised == [0]

    class Stopped(Exception):
        pass

    def handler(sig: int, frame: FrameType | None) -> None:
        raise Stopped(sig)

    raised.clear()
    signal.signal(signum, handler)
    with pytest.raises(Stopped):
        _runs(progress)
    assert signal.getsignal(signum) is handler


# ------------------------------------------------------------------------- in a child process

#: The child's hook: after ``DeferredSignals.__enter__`` (the engine's own, unchanged) the
#: child writes ``inside`` on the file descriptor ``argv[1]`` and reads one line from stdin;
#: the parent sends the signal before it writes that line.  A signal that is handled runs its
#: handler before ``read`` returns, so it always lands inside the deferred block.
_HOOK = r"""
import os, sys
from zonemax.engine._signals import DeferredSignals
_told = []
_enter = DeferredSignals.__enter__

def _entered(self):
    result = _enter(self)
    if not _told:
        _told.append(1)
        os.write(int(sys.argv[1]), b"inside\n")
        sys.stdin.readline()
    return result

DeferredSignals.__enter__ = _entered
"""

#: The library in a child: the disposition set by the program itself (``argv[2:4]``: signal,
#: disposition), then runs of ``SPEC``; prints the evaluations if it gets to the end.
_LIBRARY = _HOOK + r"""
import signal
import numpy as np
from zonemax.engine import prepare, run_seeds
from zonemax.reference.spec import AlgorithmSpec
spec = AlgorithmSpec("rls-pm1", (50, -7, 0, 3))
prepare(spec)
signal.signal(getattr(signal, sys.argv[2]), getattr(signal, sys.argv[3]))
batch = run_seeds(spec, np.random.SeedSequence(3).spawn(3), budget=None, chunk=1)
print("finished", [int(e) for e in batch.evaluations], flush=True)
"""

#: The command line in a child (``argv[2:]``: the command's arguments); the disposition is
#: inherited from the parent (set in ``preexec_fn``), as a background job inherits it.
_COMMAND = _HOOK + r"""
from zonemax.cli import main
raise SystemExit(main(sys.argv[2:]))
"""


def _inherit(signum: int, disposition: signal.Handlers) -> Callable[[], None]:
    """``preexec_fn`` giving the child ``disposition`` for ``signum`` (SIGINT to its default
    otherwise: the suite itself may run as a background job)."""
    def preexec() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signum, disposition)
    return preexec


def _signal_inside(code: str, argv: list[str], signum: int,
                   preexec: Callable[[], None]) -> tuple[int, str, str]:
    """Run ``code`` in a child, send it ``signum`` once it is inside the deferred block, let it
    go on; return its exit code, stdout and stderr."""
    read_end, write_end = os.pipe()
    try:
        proc = subprocess.Popen([sys.executable, "-c", code, str(write_end), *argv],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, pass_fds=(write_end,),
                                preexec_fn=preexec)
    finally:
        os.close(write_end)
    try:
        with os.fdopen(read_end, "rb") as told:
            line = told.readline()  # empty: the child ended before the deferred block
        assert proc.stdin is not None
        if line == b"inside\n":
            proc.send_signal(signum)
            try:
                proc.stdin.write("go\n")
                proc.stdin.flush()
            except BrokenPipeError:  # the signal ended the child
                pass
        out, err = proc.communicate(timeout=600)  # a guard against a hang, not a time limit
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert line == b"inside\n", (proc.returncode, err[-2000:])
    return proc.returncode, out, err


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
@pytest.mark.parametrize("disposition", DISPOSITIONS, ids=_ids(DISPOSITIONS))
def test_library_child_keeps_the_disposition(signum: signal.Signals,
                                             disposition: signal.Handlers) -> None:
    """A program that ignores the signal finishes its runs (the undisturbed evaluations); one
    that left it at its default is ended by it (``-signum``), inside the runs."""
    code, out, err = _signal_inside(_LIBRARY, [signum.name, disposition.name], signum,
                                    _inherit(signal.SIGINT, signal.SIG_DFL))
    if disposition == signal.SIG_IGN:
        prepare(SPEC)
        assert (code, out) == (0, f"finished {_runs()}\n"), err[-2000:]
    else:
        assert (code, out) == (-signum, ""), err[-2000:]


#: ``zonemax run`` on ``SPEC``, three runs of several steps each.
_RUN = ["run", "rls-pm1", "--a", "50,-7,0,3", "--runs", "3", "--seed", "1", "--engine", "fast"]


def _undisturbed() -> str:
    res = subprocess.run([sys.executable, "-m", "zonemax.cli", *_RUN], capture_output=True,
                         text=True, check=False, timeout=600,
                         preexec_fn=_inherit(signal.SIGINT, signal.SIG_DFL))
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
def test_command_with_the_signal_ignored_finishes(signum: int) -> None:
    """``zonemax run`` started with the signal ignored (a background job) and sent it during
    its runs finishes normally: exit 0, the output of an undisturbed run, no message."""
    code, out, err = _signal_inside(_COMMAND, _RUN, signum,
                                    _inherit(signum, signal.SIG_IGN))
    assert code == 0, err[-2000:]
    assert out == _undisturbed()
    assert "interrupted" not in err and "terminated" not in err, err


@pytest.mark.parametrize("signum", SIGNALS, ids=_ids(SIGNALS))
def test_command_with_the_signal_at_its_default_reports_it(signum: int) -> None:
    """Control: the same command with the signal at its default disposition (a command typed
    in a terminal) is stopped by it and says so (exit ``128 + signum``)."""
    code, out, err = _signal_inside(_COMMAND, _RUN, signum, _inherit(signum, signal.SIG_DFL))
    said = "interrupted" if signum == signal.SIGINT else "terminated (SIGTERM)"
    assert code == 128 + signum, err[-2000:]
    assert err.strip().splitlines()[-1].startswith(f"zonemax run: {said} after 0 of 3 runs"), err
    assert "solved" not in out
