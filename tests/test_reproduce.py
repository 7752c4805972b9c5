"""``zonemax reproduce``: outputs, resumability, parallel/distributed equivalence, bad input.

The default-level tests use ``--scale tiny`` (seconds) and the reference engine, so they do not
depend on the fast engine being built; ``--scale quick`` is covered by a ``slow`` test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from zonemax.stats_tests.stats import (
    clopper_pearson,
    cochran_armitage,
    compare,
    ert,
    holm_adjusted,
)

from zonemax import cli
from zonemax.commands import reproduce as cmd
from zonemax.commands._input import UsageError
from zonemax.experiments import (
    ReproduceConfig,
    build_tasks,
    load_records,
    reproduce,
    run_task,
    simulate,
)
from zonemax.experiments.design import (
    EXPERIMENT_IDS,
    GRIDS,
    VARIANTS,
    Task,
    budget_for,
    heavy_bound,
    make_spec,
    pm1_bound,
)
from zonemax.experiments.progress import ProgressLine, format_duration
from zonemax.experiments.store import RUNS_FILE, RecordStore, format_row, read_metadata

#: Records that must exist before the subprocess is killed (tiny has 90 runs).
KILL_AFTER_RECORDS = 8


def tiny(out: Path, **kw: object) -> ReproduceConfig:
    return ReproduceConfig(out=out, scale="tiny", engine="reference", **kw)  # type: ignore[arg-type]


def comparable(out: Path) -> dict[tuple[str, str, int, int, int], tuple[object, ...]]:
    recs = load_records(out)
    keys = [r.key for r in recs]
    assert len(keys) == len(set(keys)), "duplicated runs"
    return {r.key: r.comparable() for r in recs}


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cmd.configure(parser)
    return parser.parse_args(argv)


@pytest.fixture(scope="module")
def full_tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One uninterrupted tiny reproduction through the command (with figures and report)."""
    out = tmp_path_factory.mktemp("full")
    args = parse(["--scale", "tiny", "--engine", "reference", "--jobs", "1", "--out", str(out)])
    assert cmd.execute(args) == 0
    return out


# ------------------------------------------------------------------------------------ outputs


def test_outputs_exist(full_tiny: Path) -> None:
    tasks = build_tasks("tiny")
    recs = load_records(full_tiny)
    assert {r.key for r in recs} == {t.key for t in tasks}
    meta = json.loads((full_tiny / "metadata.json").read_text())
    assert meta["scale"] == "tiny" and meta["master_seed"] == 230711855
    assert meta["budget_factor"] == 0.05
    assert {"zonemax", "numpy", "scipy", "cmaes", "python"} <= set(meta["versions"])
    header = (full_tiny / RUNS_FILE).read_text().splitlines()[0].split(",")
    for col in ("experiment", "algorithm", "params", "n", "r", "run", "seed_entropy",
                "spawn_key", "budget", "evaluations", "solved", "censored", "reason", "engine",
                "wall_seconds"):
        assert col in header
    figs = full_tiny / "figures"
    for stem in ("cma_failure", "runtime_allcom", "truncation", "boxplot_ea-pm1_n3",
                 "boxplot_rls-2-0.5_n2"):
        for ext in ("png", "pdf"):
            path = figs / f"{stem}.{ext}"
            assert path.stat().st_size > 1000, path
    report = (full_tiny / "report.md").read_text()
    assert "![run-time comparison](figures/runtime_allcom.png)" in report
    for phrase in ("Cochran-Armitage", "Mann-Whitney", "Gehan", "Holm", "Clopper-Pearson",
                   "for n < 40 the failure rate is zero", "middle-ranged r", "ERT",
                   "wall time of the invocations", "reached the budget"):
        assert phrase in report, phrase
    # Censoring is explicit: tiny's budget factor censors runs, and they are all recorded.
    assert any(r.censored and r.reason == "budget" for r in recs)
    assert all(r.censored == (not r.solved) for r in recs)
    assert all(r.evaluations <= r.budget for r in recs)


def test_seed_is_a_function_of_the_key(full_tiny: Path) -> None:
    recs = {r.key: r for r in load_records(full_tiny)}
    task = next(t for t in build_tasks("tiny") if t.variant == "ea-pm1")
    again = run_task(task, 230711855, "reference")
    assert again.comparable() == recs[task.key].comparable()
    assert again.spawn_key == "-".join(map(str, task.spawn_key))
    # Different run index or master seed: a different stream.
    other = Task(task.experiment, task.variant, task.n, task.r, task.run + 1, task.budget)
    assert other.seed(1).generate_state(2).tolist() != task.seed(1).generate_state(2).tolist()
    assert task.seed(1).generate_state(2).tolist() != task.seed(2).generate_state(2).tolist()


def test_rerun_is_a_no_op(full_tiny: Path, tmp_path: Path) -> None:
    before = (full_tiny / RUNS_FILE).read_bytes()
    res = reproduce(tiny(full_tiny, report=False))
    assert res.executed == 0 and res.already_done == res.total_runs
    assert (full_tiny / RUNS_FILE).read_bytes() == before


# ------------------------------------------------------------------------------ resumability


def test_kill_and_resume(full_tiny: Path, tmp_path: Path) -> None:
    out = tmp_path / "killed"
    proc = subprocess.Popen(
        [sys.executable, "-m", "zonemax.cli", "reproduce", "--scale", "tiny", "--engine",
         "reference", "--jobs", "2", "--no-report", "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    csv_path = out / RUNS_FILE
    try:
        # until the records are there, however slow the machine (a 60 s deadline killed the
        # run before them under load); a run that never writes is a hang for the suite's limit
        while proc.poll() is None:
            if csv_path.exists() and csv_path.read_bytes().count(b"\n") > KILL_AFTER_RECORDS:
                break
            time.sleep(0.005)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # kill -9 of the process group we started
        proc.wait()
    total = len(build_tasks("tiny"))
    partial = load_records(out)
    assert proc.returncode == -signal.SIGKILL, "the run finished before it could be killed"
    assert KILL_AFTER_RECORDS <= len(partial) < total
    # Simulate a torn append as well: a partial last line must be dropped, not parsed.
    with open(csv_path, "ab") as fh:
        fh.write(format_row(partial[0]).encode()[:25])
    res = reproduce(tiny(out, report=False))
    assert res.already_done == len(partial) and res.executed == total - len(partial)
    assert comparable(out) == comparable(full_tiny)
    assert (out / RUNS_FILE).read_bytes().endswith(b"\n")
    # session accounting: the killed invocation never reached its final update; the resumed
    # one records its wall time and runs
    sessions = read_metadata(out)["sessions"]  # type: ignore[index]
    assert len(sessions) == 2
    assert sessions[0].get("outcome", "running") == "running"
    assert sessions[1]["outcome"] == "complete"
    assert sessions[1]["runs_executed"] == total - len(partial)
    assert sessions[1]["wall_seconds"] > 0


def test_partial_last_line_is_truncated(tmp_path: Path) -> None:
    task = build_tasks("tiny", ("runtime",))[0]
    rec = run_task(task, 7, "reference")
    with RecordStore(tmp_path) as store:
        assert store.open() == {}
        store.append(rec)
    with open(tmp_path / RUNS_FILE, "ab") as fh:
        fh.write(b"runtime,ea-pm1,\"{")
    with RecordStore(tmp_path) as store:
        assert list(store.open()) == [rec.key]
    assert (tmp_path / RUNS_FILE).read_text().count("\n") == 2  # header + one record


def test_duplicate_rows_are_refused(tmp_path: Path) -> None:
    rec = run_task(build_tasks("tiny", ("runtime",))[0], 7, "reference")
    with RecordStore(tmp_path) as store:
        store.open()
        store.append(rec)
        store.append(rec)
    with RecordStore(tmp_path) as store, pytest.raises(ValueError, match="twice"):
        store.open()


def test_concurrent_writer_is_refused(tmp_path: Path) -> None:
    with RecordStore(tmp_path) as first:
        first.lock()
        with RecordStore(tmp_path) as second, pytest.raises(ValueError, match="in use"):
            second.lock()


# ------------------------------------------------------------------- parallel and distributed


def test_jobs_two_equals_jobs_one(full_tiny: Path, tmp_path: Path) -> None:
    res = reproduce(tiny(tmp_path, jobs=2, report=False))
    assert res.executed == res.total_runs
    assert comparable(tmp_path) == comparable(full_tiny)


def test_dask_local_cluster(full_tiny: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    # Real TCP on loopback (protocol tcp://), worker threads in this process.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        res = reproduce(tiny(tmp_path, scheduler=cluster.scheduler_address,
                             experiments=("cma-failure", "truncation"), report=False))
    assert res.executed == res.total_runs > 0
    mine = comparable(tmp_path)
    reference = comparable(full_tiny)
    assert mine == {k: reference[k] for k in mine}


# --------------------------------------------------------------------------------- bad input


def test_bad_input(full_tiny: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="unknown experiment"):
        cmd.config_from_args(parse(["--only", "runtime,nope"]))
    with pytest.raises(UsageError, match="--scale"):
        cmd.config_from_args(parse(["--scale", "huge"]))
    with pytest.raises(UsageError, match="--engine"):
        cmd.config_from_args(parse(["--engine", "gpu"]))
    with pytest.raises(UsageError, match="--jobs"):
        cmd.config_from_args(parse(["--jobs", "0"]))
    with pytest.raises(ValueError, match="budget factor"):
        reproduce(tiny(tmp_path, budget_factor=-1.0))
    with pytest.raises(ValueError, match="unknown experiment"):
        reproduce(tiny(tmp_path, experiments=("figure-9",)))
    with pytest.raises(ValueError, match="unknown scale"):
        build_tasks("medium")
    # Resuming with another master seed, scale or budget factor is refused, nothing written.
    before = (full_tiny / RUNS_FILE).read_bytes()
    with pytest.raises(ValueError, match="master_seed"):
        reproduce(tiny(full_tiny, master_seed=1, report=False))
    with pytest.raises(ValueError, match="scale"):
        reproduce(ReproduceConfig(out=full_tiny, scale="quick", engine="reference"))
    with pytest.raises(ValueError, match="budget_factor"):
        reproduce(tiny(full_tiny, budget_factor=1.0, report=False))
    assert (full_tiny / RUNS_FILE).read_bytes() == before
    # The command line turns these into exit code 2 with one line on stderr.
    assert cli.main(["reproduce", "--scale", "tiny", "--seed", "5", "--out", str(full_tiny)]) == 2


def test_missing_dask_gives_a_clear_error(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(ValueError, match="distributed"):
        reproduce(tiny(tmp_path, scheduler="tcp://127.0.0.1:1", experiments=("cma-failure",),
                       report=False))


# ------------------------------------------------------------------------- engine plug-in


def test_fast_engine_is_used_where_supported_and_recorded() -> None:
    from zonemax.engine import run_seeds

    task = build_tasks("tiny", ("runtime",))[0]
    seed = task.seed(3)
    spec = make_spec("ea-heavy", 2, 4)
    fast = simulate(spec, seed, None, "fast")
    assert fast.engine == "fast"
    # the same seed gives the engine's run for that seed
    batch = run_seeds(spec, [seed], budget=None)
    assert (fast.evaluations, fast.solved) == (batch.evaluations[0], batch.solved[0])
    ref = simulate(spec, seed, None, "reference")
    assert ref.engine == "reference" and ref.solved
    # Unsupported algorithms fall back to the reference, and say so.
    cma = simulate(make_spec("cma-wm", 2, 4), seed, 500, "fast")
    assert cma.engine == "reference"
    with pytest.raises(ValueError, match="engine"):
        simulate(task.spec(), seed, None, "gpu")


# --------------------------------------------------------------------- design and statistics


def test_design_follows_section_6() -> None:
    paper = GRIDS["paper"]
    pm1 = next(c for c in paper["runtime"] if c.variant == "ea-pm1")
    assert pm1.rs == (*range(10, 151, 10), 1000, 10_000, 100_000) and pm1.ns == (20, 100)
    heavy = next(c for c in paper["runtime"] if c.variant == "ea-heavy")
    assert heavy.rs == tuple(10**k for k in range(1, 13)) and heavy.runs == 20
    fail = paper["cma-failure"][0]
    assert fail.ns == tuple(range(10, 101, 10)) and fail.rs == (10, 100, 1000)
    assert fail.runs == 100
    spec = make_spec("rls-2-0.5", 3, 10)
    assert (spec.alpha, spec.beta) == (2, 0.5)
    assert str(make_spec("ea-heavy-clip", 3, 10).eps) == "1/1000"
    assert make_spec("ea-heavy-condition", 3, 10).r == 10
    assert len({v.id for v in VARIANTS.values()}) == len(VARIANTS)
    assert len(set(EXPERIMENT_IDS.values())) == len(EXPERIMENT_IDS)
    # Budgets grow with the theorem bounds and the factor.
    assert pm1_bound(5, 1000) > pm1_bound(5, 100) > 0
    assert heavy_bound(5, 10**6) > heavy_bound(5, 10) > 0
    assert budget_for("ea-pm1", 5, 10, 2.0) >= 2 * budget_for("ea-pm1", 5, 10, 1.0) - 1


def test_statistics() -> None:
    assert ert([10, 30, 20], [True, False, True]) == 30.0
    assert math.isinf(ert([5], [False]))
    lo, hi = clopper_pearson(0, 100).bounds()
    assert lo == 0.0 and 0.03 < hi < 0.04  # the rule of three: about 3/100
    # Cochran-Armitage: a clear increasing trend is significant, a flat one is not.
    up = cochran_armitage([0, 2, 8], [20, 20, 20], [1, 2, 3])
    assert up.z > 0 and up.p < 0.01
    flat = cochran_armitage([3, 3, 3], [20, 20, 20], [1, 2, 3])
    assert abs(flat.z) < 1e-12 and flat.p == pytest.approx(0.5)
    assert math.isnan(cochran_armitage([0, 0], [5, 5], [1, 2]).p)
    assert holm_adjusted([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm_adjusted([math.nan, 0.02])[1] == pytest.approx(0.02)
    fast, slow = [1, 2, 3, 4, 5, 6], [10, 11, 12, 13, 14, 15]
    ok = [True] * 6
    c = compare(fast, ok, slow, ok, "less")
    assert c.method == "Mann-Whitney U" and c.p < 0.01 and c.a12 == 1.0
    assert c.rank_biserial == 1.0
    # Censored at 9 < every time of the slow sample: order undetermined against it.
    cens = compare(fast, ok, [9] * 6, [False] * 6, "less")
    assert cens.method.startswith("Gehan") and cens.p < 0.01 and cens.a12 == 1.0
    both = compare([9] * 3, [False] * 3, [9] * 3, [False] * 3)
    assert both.p == 1.0 and both.a12 == 0.5


def test_progress_line() -> None:
    import io

    stream = io.StringIO()
    p = ProgressLine(2, 10.0, stream, tty=False)
    p.update(5.0)
    p.update(5.0)
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("reproduce: 1/2 runs") and "ETA" in lines[0]
    assert lines[-1].startswith("reproduce: 2/2 runs (100%)")
    assert format_duration(75) == "1m15s" and format_duration(float("nan")) == "?"


def test_report_only(full_tiny: Path, tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "copy"
    shutil.copytree(full_tiny, out)
    (out / "report.md").unlink()
    assert cmd.execute(parse(["--scale", "tiny", "--engine", "reference", "--out", str(out),
                              "--only", "cma-failure", "--report-only"])) == 0
    assert "report:" in capsys.readouterr().out
    text = (out / "report.md").read_text()
    assert "CMA-ESwM failure rate" in text and "Run-time comparison" not in text


# ------------------------------------------------------------------------------ quick scale


@pytest.mark.slow
def test_quick_scale(tmp_path: Path) -> None:
    res = reproduce(ReproduceConfig(out=tmp_path, scale="quick", engine="fast", jobs=2))
    assert res.executed == res.total_runs and res.report is not None
    assert (tmp_path / "report.md").exists()


# ------------------------------------------------------------------------------- issue 13


def _legend_markers(fig: object) -> dict[int, set[str]]:
    """Markers of the legend entries that name a value of n, per n."""
    import re

    from matplotlib.legend import Legend

    markers: dict[int, set[str]] = {}
    for ax in fig.axes:  # type: ignore[attr-defined]
        for legend in [a for a in ax.get_children() if isinstance(a, Legend)]:
            for text, handle in zip(legend.get_texts(), legend.legend_handles, strict=True):
                m = re.search(r"n ?= ?(\d+)$", text.get_text())
                if m and handle is not None and hasattr(handle, "get_marker"):
                    markers.setdefault(int(m.group(1)), set()).add(str(handle.get_marker()))
    return markers


def test_runtime_legend_tells_n_apart(full_tiny: Path, monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path) -> None:
    """The legend entries for two values of n used to look identical (same marker, the line
    style hidden by short handles); now each n has its own marker."""
    from zonemax.experiments import analysis, figures

    captured = []
    monkeypatch.setattr(figures, "save", lambda fig, out, stem: captured.append(fig) or [])
    cells = analysis.summarise(load_records(full_tiny), 230711855)
    figures.runtime_figure(cells, ["ea-pm1", "ea-heavy", "rls-2-0.5"], tmp_path, "x", "t")
    markers = _legend_markers(captured[0])
    assert len(markers) == 2, markers
    first, second = markers.values()
    assert first and second and not first & second, markers


def test_small_scale_report_marks_what_it_cannot_decide(full_tiny: Path) -> None:
    """The quick report gave verdicts that the paper-scale report contradicts; a smaller
    scale's report now marks the verdicts its grid cannot decide and shows the paper-scale
    verdict beside each."""
    from zonemax.experiments.report import scale_limits

    report = (full_tiny / "report.md").read_text()
    assert "### The original CMA-ESwM code" in report  # the measured comparison (item 7)
    summary = report[report.index("## Summary"):report.index("## Methods")]
    assert "paper-scale verdict (reproduction/paper)" in summary
    for row in summary.splitlines():
        if "failure rate" in row:
            assert "this scale cannot decide" in row, row
    for quote in ("the failure rate increases as n increases",
                  "the failure rate is significant despite r being quite small",
                  "the scaling behavior with respect to r is independent of the value of n"):
        assert scale_limits(quote, "quick"), quote
        assert scale_limits(quote, "paper") == ""
    assert scale_limits("the ±1 operator is competitive as long as the optimum is not much "
                        "more than r = 100 away; for higher r the small step size is "
                        "detrimental", "quick") == ""


def test_a_scale_too_small_for_a_claim_does_not_judge_it(full_tiny: Path) -> None:
    """The tiny grid stops at r = 8; it printed "[consistent]" for the ±1 EA's competitiveness
    up to r = 100 and its detriment above, where the quick and paper scales say "not
    consistent" (issue 42).  It now says that it does not judge it, and why; the quick grid,
    which has r on both sides of 100, still judges it."""
    from zonemax.commands.reproduce import verdict_tag
    from zonemax.experiments.analysis_runtime import QUOTE_PM1_COMPETITIVE, QUOTE_PM1_LINEAR
    from zonemax.experiments.report import scale_limits

    why = scale_limits(QUOTE_PM1_COMPETITIVE, "tiny", "consistent")
    assert why.startswith("needs r on both sides of 100") and "this scale: r = 2, 8" in why
    assert scale_limits(QUOTE_PM1_LINEAR, "tiny").startswith("needs at least 3 values of r")
    assert scale_limits(QUOTE_PM1_LINEAR, "quick") == ""
    assert verdict_tag("consistent", why) == f"[not judged at this scale: {why}]"
    assert verdict_tag("not consistent", "") == "[not consistent]"
    report = (full_tiny / "report.md").read_text()
    summary = report[report.index("## Summary"):report.index("## Methods")]
    row = next(x for x in summary.splitlines() if "the ±1 operator is competitive" in x)
    assert "**not judged at this scale**" in row and "needs r on both sides of 100" in row


def test_the_command_prints_what_it_does_not_judge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], full_tiny: Path) -> None:
    """The command's list of verdicts: the report of the finished tiny run, printed again
    (every run reused)."""
    import shutil

    out = tmp_path / "again"
    shutil.copytree(full_tiny, out)
    capsys.readouterr()
    assert cmd.execute(parse(["--scale", "tiny", "--engine", "reference", "--jobs", "1",
                              "--out", str(out)])) == 0
    lines = capsys.readouterr().out.splitlines()
    line = next(x for x in lines if "the ±1 operator is competitive" in x)
    assert line.startswith("  [not judged at this scale: needs r on both sides of 100"), line
    assert not any(x.startswith("  [consistent] the ±1 operator") for x in lines)


def test_paper_scale_verdicts_match_the_committed_report() -> None:
    import re

    from zonemax.experiments.report_tables import PAPER_SCALE_VERDICTS

    text = (Path(__file__).parents[1] / "reproduction" / "paper" / "report.md").read_text()
    summary = text[text.index("## Summary"):text.index("## Methods")]
    found = {m.group(1): m.group(2) for m in
             re.finditer(r"^\| “(.*?)” \| .*? \| \*\*(.*?)\*\*", summary, flags=re.M)}
    assert found == PAPER_SCALE_VERDICTS


def test_progress_shows_before_the_first_run_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A long first run (CMA-ESwM at n = 100 at paper scale) used to leave a log silent for
    minutes: the heartbeat writes plain lines while nothing completes."""
    from zonemax.experiments import execute, progress

    slow_first = [True]
    real = execute.run_task

    def run_task_slowly(*args: object) -> object:
        if slow_first[0]:
            slow_first[0] = False
            time.sleep(0.5)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(progress, "PLAIN_INTERVAL", 0.05)
    monkeypatch.setattr(execute, "run_task", run_task_slowly)
    assert cmd.execute(parse(["--scale", "tiny", "--engine", "reference", "--jobs", "1",
                              "--only", "truncation", "--no-report",
                              "--out", str(tmp_path)])) == 0
    err = capsys.readouterr().err
    assert any(line.startswith("reproduce: 0/") for line in err.splitlines()), err
