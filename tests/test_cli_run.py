"""The ``zonemax run`` command-line contract."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zonemax.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


#: How the fast engine's compile notice begins: the first run after an install (an empty numba
#: cache) adds this line to stderr, whatever the test runs before it.
COMPILE_NOTICE = "zonemax run: compiling the fast engine for "


def lines_besides_compiling(err: str) -> list[str]:
    """stderr's lines without the compile notice: what a command says whether or not its kernel
    was in numba's cache (a test that counted every line passed only after another test had
    compiled the kernel)."""
    return [line for line in err.splitlines() if not line.startswith(COMPILE_NOTICE)]


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3,-2", "--runs", "4", "--seed", "1",
                           "--json", "--engine", "reference")
    assert code == 0
    obj = json.loads(out)
    assert obj["algorithm"] == "ea-pm1"
    assert obj["params"]["a"] == [3, -2] and obj["params"]["seed"] == 1
    assert len(obj["runs"]) == 4
    for r in obj["runs"]:
        assert set(r) == {"evaluations", "solved"}
        assert isinstance(r["evaluations"], int) and r["solved"] is True


def test_same_seed_same_output_and_runs_are_prefix_stable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["run", "rls-ab", "--n", "3", "--r", "40", "--alpha", "2", "--beta", "0.5",
            "--seed", "11", "--json", "--engine", "reference"]
    _, out1, _ = run_cli(capsys, *args, "--runs", "3")
    _, out2, _ = run_cli(capsys, *args, "--runs", "3")
    assert out1 == out2
    assert json.loads(out1)["params"]["alpha"] == "2"


def test_n_r_target_and_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-heavy", "--n", "2", "--r", "100", "--eps", "0.5",
                           "--runs", "2", "--seed", "3", "--engine", "reference")
    assert code == 0
    assert "solved 2/2" in out and "eps=1/2" in out


def test_truncation_and_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-heavy", "--n", "3", "--r", "1000", "--truncate",
                           "clip", "--runs", "2", "--seed", "3", "--budget", "5", "--json",
                           "--engine", "reference")
    obj = json.loads(out)
    assert code == 0 and obj["params"]["truncate"] == "clip" and obj["params"]["r"] == 1000
    assert all(r["evaluations"] <= 5 for r in obj["runs"])


def test_zero_target_is_solved_in_zero_evaluations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "0,0,0", "--json", "--seed", "0")
    assert code == 0
    assert json.loads(out)["runs"] == [{"evaluations": 0, "solved": True}]


def test_cma_wm_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "cma-wm", "--n", "5", "--r", "10", "--seed", "2",
                           "--budget", "20000", "--json")
    assert code == 0
    assert json.loads(out)["runs"][0]["solved"] is True


def test_rls_ab_outside_theorem_warns_but_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.reference import OutsideTheoremWarning, rls_ab

    with pytest.warns(OutsideTheoremWarning, match="beta"):
        res = rls_ab((5, 5), 2, 0.5, rng=1)
    assert res.solved
    # the command line warns too, in one line, and still runs
    code, out, err = run_cli(capsys, "run", "rls-ab", "--a", "5,5", "--alpha", "2", "--beta",
                             "0.5", "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["runs"][0]["solved"]
    warned = lines_besides_compiling(err)
    assert len(warned) == 1 and "violates Theorem 9" in warned[0], err


def test_internal_errors_are_not_usage_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only zonemax's own usage errors become exit code 2; a bug shows as one."""
    import importlib

    simulate = importlib.import_module("zonemax.experiments.simulate")

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("an internal bug")

    monkeypatch.setattr(simulate, "iter_runs", broken)
    with pytest.raises(TypeError, match="internal bug"):
        main(["run", "ea-pm1", "--a", "3", "--seed", "1"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ea-heavy", "--a", "1", "--eps", "0"], "eps must be > 0"),
        (["ea-heavy", "--a", "1", "--eps", "-0.1"], "eps must be > 0"),
        (["ea-pm1", "--a", "1.5,2"], "integers"),
        (["ea-pm1", "--a", "x"], "integers"),
        (["rls-ab", "--a", "3", "--alpha", "1"], "alpha must be > 1"),
        (["rls-ab", "--a", "3", "--alpha", "0.5"], "alpha must be > 1"),
        (["rls-ab", "--a", "3", "--beta", "1"], "beta must lie in"),
        (["rls-ab", "--a", "3", "--beta", "0"], "beta must lie in"),
        (["ea-pm1", "--n", "0", "--r", "3"], "--n must be >= 1"),
        (["ea-pm1", "--a", "3", "--budget", "-1"], "--budget must be >= 0"),
        (["bogus", "--a", "3"], "unknown algorithm"),
        (["ea-pm1"], "give a target"),
        (["ea-pm1", "--a", "1", "--n", "2", "--r", "2"], "not both"),
        (["ea-pm1", "--a", "1", "--eps", "0.1"], "applies only to the heavy-tailed"),
        (["ea-pm1", "--a", "1", "--alpha", "2"], "applies only to rls-ab"),
        (["ea-heavy", "--a", "1", "--log-base", "10"], "--log-base"),
        (["ea-heavy", "--a", "1", "--truncate", "cut"], "--truncate"),
        (["ea-pm1", "--a", "1", "--runs", "0"], "--runs"),
        (["ea-pm1", "--a", "1", "--seed", "-3"], "--seed"),
        (["ea-pm1", "--a", "1", "--engine", "gpu"], "--engine"),
        (["cma-wm", "--a", "1,2"], "all-r"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "run", *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_console_script_exit_code() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "1", "--eps", "0"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_mean_consistent_with_exact_expectation(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's acceptance check at a smaller scale: n = 1, E[T] = 2|a| exactly."""
    _, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "-9", "--runs", "500", "--seed", "1",
                        "--json", "--engine", "reference")
    times = [r["evaluations"] for r in json.loads(out)["runs"]]
    mean = sum(times) / len(times)
    se = math.sqrt(2 * 9 / len(times))  # Var[T] = 2|a| (see test_reference_means)
    assert abs(mean - 18) < 4 * se


# ------------------------------------------------------------------ issue 13: streaming, progress


def test_text_output_says_no_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3", "--seed", "1")
    assert code == 0
    assert "budget None" not in out and "no budget" in out
    _, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3", "--seed", "1", "--budget", "50")
    assert "budget 50 evaluations per run" in out


def test_json_is_streamed_in_the_json_dumps_format(capsys: pytest.CaptureFixture[str]) -> None:
    for engine in ("fast", "reference"):
        _, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3,-2", "--runs", "7", "--seed",
                            "4", "--json", "--engine", engine)
        assert out == json.dumps(json.loads(out)) + "\n"


def test_streamed_runs_equal_the_spawned_seeds() -> None:
    """Chunked streaming keeps 'run k uses SeedSequence(seed).spawn(runs)[k]'."""
    import numpy as np
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_seeds
    from zonemax.experiments.simulate import iter_runs, run_seed

    spec = AlgorithmSpec("rls-ab", (40, -7, 3))
    streamed = [e for c in iter_runs(spec, runs=300, seed=9, engine="fast")
                for e in c.evaluations]
    spawned = run_seeds(spec, np.random.SeedSequence(9).spawn(300), budget=None)
    assert streamed == [int(e) for e in spawned.evaluations]
    child = np.random.SeedSequence(9).spawn(5)[4]
    assert run_seed(9, 4).generate_state(4).tolist() == child.generate_state(4).tolist()


def test_fast_engine_choice_does_not_need_numba() -> None:
    """The command line's restatement of the engine's support rule agrees with the engine."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import supports
    from zonemax.experiments.simulate import supports as light_supports

    for spec in (AlgorithmSpec("ea-pm1", (3,)), AlgorithmSpec("cma-wm", (5, 5)),
                 AlgorithmSpec("ea-heavy", (2**61 - 1,)), AlgorithmSpec("ea-heavy", (2**61,)),
                 AlgorithmSpec("rls-ab", (-(2**60), 2**60 - 1))):
        assert light_supports(spec) == supports(spec), spec


def test_alpha_beyond_the_engine_runs_on_the_reference(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``zonemax run rls-ab --a 10 --alpha 1e300``: the command line accepts alpha up to 1e300,
    the engine's float64 velocities only up to 3.9e289; the default engine was the fast one,
    whose refusal ended in a traceback (issue 23, item 7).  Now the reference runs it."""
    from fractions import Fraction

    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine.api import MAX_ALPHA
    from zonemax.experiments.simulate import FAST_MAX_ALPHA, default_engine

    assert FAST_MAX_ALPHA == MAX_ALPHA
    edge = AlgorithmSpec("rls-ab", (10,), alpha=MAX_ALPHA, beta=Fraction(9, 10))
    beyond = AlgorithmSpec("rls-ab", (10,), alpha=MAX_ALPHA * 2, beta=Fraction(9, 10))
    assert default_engine(edge) == "fast" and default_engine(beyond) == "reference"
    code, out, err = run_cli(capsys, "run", "rls-ab", "--a", "10", "--alpha", "1e300", "--runs",
                             "2", "--seed", "1", "--budget", "50", "--json")
    assert code == 0, err
    assert json.loads(out)["params"]["engine"] == "reference"


def _rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return next(int(line.split()[1]) for line in status.splitlines()
                if line.startswith("VmRSS:"))


#: Resident memory a streaming ``zonemax run`` must stay below (it is about 150 MB).
STREAM_RSS_KB = 400_000
#: Rows read from the stream before it is stopped.
STREAM_ROWS = 20_000


def test_many_runs_stream_in_bounded_memory() -> None:
    """``--runs`` beyond memory: rows appear as runs finish and the process does not grow
    (it used to build all 2e7 seeds first, past 1 GB, and print nothing)."""
    import selectors

    proc = subprocess.Popen(
        [sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "3", "--runs",
         "20000000", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        peak = 0
        while len(lines) < STREAM_ROWS + 4 and proc.poll() is None:
            peak = max(peak, _rss_kb(proc.pid))
            assert peak < STREAM_RSS_KB, f"{peak} kB after {len(lines)} lines"
            if sel.select(timeout=0.5):  # then read a block of rows without polling
                for _ in range(1000):
                    lines.append(proc.stdout.readline())
    finally:
        proc.kill()
        proc.communicate()
    assert lines[3].split() == ["run", "evaluations", "status"]
    assert lines[STREAM_ROWS + 3].split()[0] == str(STREAM_ROWS - 1)
    # the stream's first rows are the runs of a small request (prefix-stable seeds)
    small = subprocess.run([sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "3",
                            "--runs", "5", "--seed", "1"], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert small[4:9] == [r.rstrip("\n") for r in lines[4:9]]


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_progress_lines_when_stderr_is_not_a_terminal(
    engine: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every engine reports progress on long work: plain lines in a log (every 30 s; here the
    interval is shortened, and the progress line's clock advances a second at each reading, so
    that the lines do not depend on how fast this machine runs the runs)."""
    import itertools
    import types

    from zonemax.experiments import progress

    clock = itertools.count()
    monkeypatch.setattr(progress, "PLAIN_INTERVAL", 0.05)
    monkeypatch.setattr(progress, "time", types.SimpleNamespace(
        monotonic=lambda: float(next(clock))))
    code, out, err = run_cli(capsys, "run", "ea-pm1", "--n", "10", "--r", "100", "--runs",
                             "20" if engine == "reference" else "3000", "--seed", "2",
                             "--engine", engine)
    assert code == 0 and out.endswith("\n")
    lines = [x for x in lines_besides_compiling(err) if x.startswith("zonemax run: ")]
    assert len(lines) >= 2, err
    assert "\r" not in err  # plain lines, not a terminal's redraws
    assert lines[-1].startswith("zonemax run: ") and "runs (100%)" in lines[-1]


def test_progress_heartbeat_shows_a_long_single_run() -> None:
    """A run that does not finish still shows that it goes on (the heartbeat)."""
    import io
    import time

    from zonemax.experiments.progress import ProgressLine

    stream = io.StringIO()
    with ProgressLine(1, 1.0, stream, label="zonemax run", tty=False, interval=0.05,
                      heartbeat=True, eager=False):
        while stream.getvalue().count("\n") < 2:  # two heartbeats, however slow the machine
            time.sleep(0.01)
    lines = stream.getvalue().splitlines()
    assert len(lines) >= 2 and all(x.startswith("zonemax run: 0/1 runs") for x in lines)
    quiet = io.StringIO()
    with ProgressLine(1, 1.0, quiet, tty=False, interval=10.0, heartbeat=True,
                      eager=False) as p:
        p.update(1.0)
    assert quiet.getvalue() == ""  # short work leaves no trace in a log


def test_help_explains_algorithms_and_cma_target(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "cma-wm"):
        assert f"{name}:" in text
    assert "cma-wm takes --n N --r R" in text
    assert "--force" in text and "--budget" in text


def test_first_run_says_it_compiles(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The first run after an install showed '0/2000 runs (0%), ETA ?' for 71 s while numba
    compiled (issue 23, item 10); now it says so, and only then."""
    import zonemax.engine

    for cold in (True, False):
        monkeypatch.setattr(zonemax.engine, "needs_compiling", lambda spec, cold=cold: cold)
        code, _, err = run_cli(capsys, "run", "ea-pm1", "--a", "3,-2", "--runs", "3", "--seed",
                               "1")
        assert code == 0
        said = "zonemax run: compiling the fast engine for ea-pm1 (first run after an install " \
               "only, up to about a minute)\n"
        assert (said in err) == cold, err


def test_needs_compiling_asks_numbas_cache(tmp_path: Path) -> None:
    """With an empty numba cache the kernel must be compiled; once compiled, not (asking
    compiles nothing: the child takes about a second)."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import needs_compiling, prepare

    child = ("from zonemax.engine import needs_compiling;"
             "from zonemax.reference.spec import AlgorithmSpec;"
             "print(needs_compiling(AlgorithmSpec('ea-pm1', (3, 2))))")
    res = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                         env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}, timeout=120,
                         check=False)
    assert res.stdout == "True\n", res.stderr
    spec = AlgorithmSpec("ea-pm1", (3, 2))
    prepare(spec)
    assert needs_compiling(spec) is False


def test_long_numbers_are_short_in_text_exact_in_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A 301-digit alpha was printed in full in the header and the warning (issue 23, item
    12); people get six digits, the JSON keeps the exact value."""
    argv = ["run", "rls-ab", "--a", "10", "--alpha", "1e300", "--runs", "1", "--budget", "5",
            "--seed", "1"]
    code, out, err = run_cli(capsys, *argv)
    assert code == 0
    assert "target a = 10; alpha=1e+300, beta=9/10\n" in out
    assert err == ("zonemax run: warning: (alpha, beta) = (1e+300, 9/10) violates Theorem 9's "
                   "hypotheses: 1 < alpha <= 2\n")
    code, out, _ = run_cli(capsys, *argv, "--json")
    assert json.loads(out)["params"]["alpha"] == str(10**300)
    code, out, _ = run_cli(capsys, "exact", "ea-geom", "--a", "3", "--geom-mean", "1e100",
                           "--dps", "120")
    assert code == 0 and "target a = 3; geom_mean=1e+100\n" in out
    assert max(len(line) for line in out.splitlines()) < 100


def test_short_number() -> None:
    from fractions import Fraction

    from zonemax.reference.params import short_number

    assert short_number(Fraction(17, 10)) == "17/10"
    assert short_number(10**300) == "1e+300" and short_number(Fraction(1, 10**300)) == "1e-300"
    assert short_number(10**300 + 1) == "~1e+300"
    assert short_number(Fraction(2**1000, 3)) == "~3.5717e+300"
    assert short_number(1 + Fraction(1, 10**300)) == "~1"
