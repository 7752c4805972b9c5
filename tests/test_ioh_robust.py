"""IOH data of interrupted runs, and memory (issue 23, item 9).

After an interrupt the IOH folder was empty (reference runs) or held a 22 MB ``.dat`` without
its ``.json`` (fast runs), and the same command then refused to run ("exists already").  Now a
folder is built under a hidden staging name and appears only when complete; an interrupted
run removes it.  And a writer kept about 150 bytes per run in memory (the runs' JSON entries,
180 -> 235 MB over 380k runs); it now streams them through a side file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from zonemax.reference.spec import AlgorithmSpec

import zonemax.experiments.ioh_export as ioh_export
from zonemax.cli import main
from zonemax.experiments.ioh_data import (
    PARTIAL,
    IOHWriter,
    final_only_trace,
    ioh_function,
    staging_folder,
)
from zonemax.experiments.ioh_export import run_folder


def _held_by_the_writer() -> int:
    """Bytes allocated by code of the IOH writer modules and still alive."""
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(True, "*/experiments/ioh_*.py")])
    return sum(stat.size for stat in snapshot.statistics("filename"))


def test_writer_memory_does_not_grow_with_the_runs(tmp_path: Path) -> None:
    """20000 more runs may not leave more than 10 kB allocated by the writer (they left about
    3 MB when every run's JSON entry stayed in memory); the index still lists every run."""
    function = ioh_function((30, 30, 30))
    writer = IOHWriter(tmp_path, "mem", algorithm="a", info="i")
    tracemalloc.start()
    try:
        for k in range(2000):
            writer.add(function, final_only_trace(function.target, 100 + k, True))
        base = _held_by_the_writer()
        for k in range(20000):
            writer.add(function, final_only_trace(function.target, 100 + k, True))
        grown = _held_by_the_writer() - base
    finally:
        tracemalloc.stop()
    assert grown < 10_000, grown
    (index,) = writer.close()
    runs = json.loads(index.read_text())["scenarios"][0]["runs"]
    assert len(runs) == 22000 and runs[-1]["evals"] == 100 + 19999


def test_writer_is_complete_or_absent(tmp_path: Path) -> None:
    function = ioh_function((5,))
    writer = IOHWriter(tmp_path, "w", algorithm="a", info="i")
    writer.add(function, final_only_trace(function.target, 7, True))
    assert not (tmp_path / "w").exists()  # only the staging folder so far
    assert [p.name for p in tmp_path.iterdir()] == [staging_folder("w")]
    writer.abort()
    assert list(tmp_path.iterdir()) == []
    writer = IOHWriter(tmp_path, "w", algorithm="a", info="i")
    writer.add(function, final_only_trace(function.target, 7, True))
    writer.close()
    assert [p.name for p in tmp_path.iterdir()] == ["w"]


def test_staging_of_a_killed_process_is_removed(tmp_path: Path) -> None:
    """``kill -9`` leaves a hidden staging folder; the next writer of the folder removes it
    (its process is gone), and a live process's staging folder is left alone."""
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".w{PARTIAL}{dead.pid}"
    (stale / "data").mkdir(parents=True)
    live = tmp_path / f".w{PARTIAL}1"  # init
    live.mkdir()
    writer = IOHWriter(tmp_path, "w", algorithm="a", info="i")
    writer.close()
    assert not stale.exists() and live.exists()


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_an_interrupted_run_leaves_nothing_and_runs_again(
        engine: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["run", "ea-pm1", "--n", "3", "--r", "20", "--runs", "6", "--seed", "4",
            "--engine", engine, "--ioh", str(tmp_path)]
    finish = ioh_export.RunRecorder.finish
    calls = []

    def interrupted(self: ioh_export.RunRecorder, chunk: object) -> None:
        calls.append(1)
        if len(calls) == 2:  # Ctrl-C after the first runs were recorded
            raise KeyboardInterrupt
        finish(self, chunk)  # type: ignore[arg-type]

    monkeypatch.setattr(ioh_export.RunRecorder, "finish", interrupted)
    assert main(argv) == 130
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(ioh_export.RunRecorder, "finish", finish)
    capsys.readouterr()
    assert main(argv) == 0, capsys.readouterr().err
    folder = tmp_path / run_folder(AlgorithmSpec("ea-pm1", (20, 20, 20)), 4)
    assert [p.name for p in tmp_path.iterdir()] == [folder.name]
    (index,) = folder.glob("*.json")
    assert len(json.loads(index.read_text())["scenarios"][0]["runs"]) == 6


def test_ctrl_c_on_fast_runs_with_ioh(tmp_path: Path) -> None:
    """The issue's case with a real signal: millions of fast runs, Ctrl-C, then the command
    again (with fewer runs, so that it ends)."""
    out = tmp_path / "ioh"
    argv = [sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "3", "--budget", "10",
            "--seed", "1", "--ioh", str(out)]
    proc = subprocess.Popen([*argv, "--runs", "100000000"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout is not None
        while len(proc.stdout.readline()) and not out.exists():
            pass
        while not any(out.rglob("*.dat")) and proc.poll() is None:
            time.sleep(0.01)  # runs are being written
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert list(out.iterdir()) == []
    res = subprocess.run([*argv, "--runs", "3"], capture_output=True, text=True, timeout=300,
                         check=False)
    assert res.returncode == 0, res.stderr
    assert len(list(out.iterdir())) == 1 and any(out.rglob("*.json"))
    assert os.listdir(out)[0] == run_folder(AlgorithmSpec("ea-pm1", (3,)), 1)
