"""Signals on ``zonemax reproduce``: no process survives its parent, and the resume is exact.

Each test starts ``zonemax reproduce --scale tiny --jobs 2`` in a new session (so that every
process it creates, its two workers and multiprocessing's resource tracker, carries the session
id), waits for its first records, signals **only the parent**, and then checks that no process
of the session stays alive (zombies, dead but not yet reaped by init, count as dead; a process
alive after :data:`HANG_SECONDS` is a hang), that the interruption is reported as the issue asks, and that resuming
gives exactly the records of an uninterrupted run.  Linux only (``/proc``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zonemax.experiments import ReproduceConfig, build_tasks, load_records, reproduce
from zonemax.experiments.store import RUNS_FILE, read_metadata

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

#: Seconds after which a process of the reproduction still alive after the signal, or a
#: reproduction that has not ended, counts as hanging: a hang detector far above any machine's
#: speed, not a time limit (a 5 s bound failed beside two CPU-bound processes; the workers die
#: with their parent at once, by prctl, and the tracker when its pipe closes).
HANG_SECONDS = 300.0
#: Records that must exist before the signal (tiny has 90 runs).
SIGNAL_AFTER_RECORDS = 6


def _session_alive(sid: int) -> list[int]:
    """Pids of live (non-zombie) processes whose session id is ``sid``."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # exited meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        state, session = fields[0], int(fields[3])
        if session == sid and state not in ("Z", "X"):
            alive.append(int(entry.name))
    return alive


#: The tiny grid on the reference (the other tests compare its records with an uninterrupted run).
TINY = ("--scale", "tiny", "--engine", "reference")
#: A grid that lasts long enough that a signal sent after a few records always falls inside the
#: run (the tiny grid can finish within a second of the first records on an idle machine).
LONG = ("--scale", "quick", "--only", "cma-failure")


def _as_from_a_terminal() -> None:
    """In the child before exec: SIGINT at its default, as for a command typed in a terminal.

    A job started with ``&`` by a non-interactive shell (a CI script, ``nohup ... &``) has SIGINT
    ignored, every process it starts inherits that, and Python then installs no Ctrl-C handler:
    the Ctrl-C test would signal a process that rightly ignores it (a fresh-clone CI run in the
    background failed so, twice)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(out: Path, grid: tuple[str, ...] = TINY) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "zonemax.cli", "reproduce", *grid, "--jobs", "2", "--no-report",
         "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=_as_from_a_terminal)
    csv_path = out / RUNS_FILE
    while proc.poll() is None:  # until the records are there, however slow the machine
        if csv_path.exists() and csv_path.read_bytes().count(b"\n") > SIGNAL_AFTER_RECORDS:
            break
        time.sleep(0.005)
    if proc.poll() is not None:
        pytest.fail(f"the reproduction ended before the signal (code {proc.returncode}): "
                    f"{proc.stderr.read() if proc.stderr else ''}")
    assert len(_session_alive(proc.pid)) >= 3, "expected the parent, two workers, a tracker"
    return proc


def _no_survivor(sid: int) -> list[int]:
    deadline = time.monotonic() + HANG_SECONDS
    alive = _session_alive(sid)
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = _session_alive(sid)
    return alive


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[object, object]:
    out = tmp_path_factory.mktemp("uninterrupted")
    reproduce(ReproduceConfig(out=out, scale="tiny", engine="reference", report=False))
    return {r.key: r.comparable() for r in load_records(out)}


def _resume_is_exact(out: Path, uninterrupted: dict[object, object]) -> int:
    before = len(load_records(out))
    res = reproduce(ReproduceConfig(out=out, scale="tiny", engine="reference", report=False))
    records = load_records(out)
    assert len(records) == len({r.key for r in records}), "duplicated runs"
    assert {r.key: r.comparable() for r in records} == uninterrupted
    assert res.already_done == before and res.executed == len(build_tasks("tiny")) - before
    return before


def test_sigterm_is_handled_like_ctrl_c(tmp_path: Path,
                                        uninterrupted: dict[object, object]) -> None:
    out = tmp_path / "term"
    proc = _start(out)
    try:
        proc.send_signal(signal.SIGTERM)  # the parent only, as `kill PID` does
        _, err = proc.communicate(timeout=HANG_SECONDS)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert _no_survivor(proc.pid) == []
    assert "Traceback" not in err and "leaked" not in err, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("zonemax reproduce: terminated (SIGTERM); "), err
    assert f"resume with: zonemax reproduce --scale tiny --engine reference --jobs 2 " \
           f"--no-report --out {out}" in last
    session = read_metadata(out)["sessions"][-1]  # type: ignore[index]
    assert session["outcome"] == "interrupted"
    kept = _resume_is_exact(out, uninterrupted)
    assert session["runs_executed"] == kept
    assert f"{kept} of {len(build_tasks('tiny'))} runs" in last


def test_sigkill_leaves_no_worker(tmp_path: Path, uninterrupted: dict[object, object]) -> None:
    out = tmp_path / "kill"
    proc = _start(out)
    try:
        os.kill(proc.pid, signal.SIGKILL)  # the parent only: the workers must follow it
        proc.communicate(timeout=HANG_SECONDS)
    finally:
        survivors = _no_survivor(proc.pid)
        if survivors:
            os.killpg(proc.pid, signal.SIGKILL)  # clean up before failing
    assert proc.returncode == -signal.SIGKILL
    assert survivors == []
    _resume_is_exact(out, uninterrupted)
    sessions = read_metadata(out)["sessions"]  # type: ignore[index]
    assert sessions[0].get("outcome", "running") == "running"
    assert sessions[1]["outcome"] == "complete"


def test_ctrl_c_says_how_to_resume(tmp_path: Path) -> None:
    out = tmp_path / "int"
    proc = _start(out, LONG)
    try:
        os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl-C reaches the whole group
        _, err = proc.communicate(timeout=HANG_SECONDS)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 128 + signal.SIGINT, err
    assert _no_survivor(proc.pid) == []
    assert "Traceback" not in err, err
    last = err.strip().splitlines()[-1]
    assert last.startswith("zonemax reproduce: interrupted; ") and "resume with: " in last
    assert read_metadata(out)["sessions"][-1]["outcome"] == "interrupted"  # type: ignore[index]
