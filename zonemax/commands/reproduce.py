"""``zonemax reproduce``: the experiments of Section 6 with figures, raw data and a report.

Resumable: rerunning the same command after an interruption (Ctrl-C, ``kill PID``, ``kill -9``)
skips the completed runs.  Ctrl-C and SIGTERM record the session in ``metadata.json`` and say
how to resume; worker processes die with the parent, even after ``kill -9``.  ``--out`` is
checked before anything runs.  Examples::

    zonemax reproduce --scale quick --jobs 2 --engine reference --out results/
    zonemax reproduce --scale paper --scheduler tcp://10.0.0.5:8786 --out results-paper/
    zonemax reproduce --only truncation --out results/
    zonemax reproduce --only operators --scale quick --ioh results/ioh --out results/

``--ioh DIR`` writes the runs of the chosen experiments as IOHprofiler data after the runs
(:mod:`zonemax.experiments.ioh_export`); its folders are checked before anything runs.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from zonemax.commands import Interrupted, Terminated
from zonemax.commands._input import (
    UsageError,
    parse_budget_factor,
    parse_int,
    parse_ioh_dir,
    parse_jobs,
)
from zonemax.experiments.design import (
    DEFAULT_BUDGET_FACTOR,
    ENGINES,
    EXPERIMENT_IDS,
    MASTER_SEED,
    SCALES,
)
from zonemax.experiments.errors import SetupError

if TYPE_CHECKING:
    from zonemax.experiments.pipeline import ReproduceConfig
    from zonemax.reference.spec import AlgorithmSpec

#: Default --jobs: one worker process per CPU.
DEFAULT_JOBS = os.cpu_count() or 1



def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scale", default="quick",
                        help=f"{'|'.join(SCALES)}: 'paper' is Section 6's full grid (about 50 "
                        "minutes on 2 cores), 'quick' a reduced grid (under a minute on 2 "
                        "cores), 'tiny' the test-suite's grid (seconds) (default: quick)")
    parser.add_argument("--out", default="results", metavar="DIR",
                        help="output directory: runs.csv, metadata.json, figures/, report.md "
                        "(default: results)")
    parser.add_argument("--jobs", default=str(DEFAULT_JOBS), metavar="N",
                        help="local worker processes; 1 runs in this process (default: the "
                        f"number of CPUs, here {DEFAULT_JOBS})")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="send the runs to this Dask distributed scheduler instead "
                        "(needs the 'distributed' extra)")
    parser.add_argument("--only", action="append", metavar="EXPERIMENT",
                        help="run only these experiments (repeat or comma-separate): "
                        + ", ".join(EXPERIMENT_IDS) + " (default: all but 'operators', the step "
                        "operators beyond the paper, which runs when named)")
    parser.add_argument("--engine", default="fast",
                        help=f"{'|'.join(ENGINES)} (default fast; falls back to the reference "
                        "implementation where the fast engine is unavailable)")
    parser.add_argument("--budget-factor", metavar="F",
                        help="multiply every evaluation budget by F (default: "
                        + ", ".join(f"{k} {v:g}" for k, v in DEFAULT_BUDGET_FACTOR.items())
                        + ")")
    parser.add_argument("--seed", default=str(MASTER_SEED),
                        help=f"master seed (default {MASTER_SEED})")
    parser.add_argument("--report-only", action="store_true",
                        help="do not run anything; rewrite figures and report.md from runs.csv")
    parser.add_argument("--no-report", action="store_true",
                        help="only run (figures and report.md are not written)")
    parser.add_argument("--ioh", metavar="DIR",
                        help="also write the runs of the chosen experiments as IOHprofiler data "
                        "(the format IOHanalyzer reads): DIR/<experiment>/<algorithm>/, from "
                        "runs.csv (final evaluation counts; no folder may exist yet)")


def check_out(text: str, *, create: bool) -> Path:
    """``--out``: a directory that exists or can be created, and can be written.

    Checked before anything runs: an empty value, an existing file, a path under a file and an
    unwritable place (``/proc/x``) each get one line.  With ``create`` the directory is made
    (and a probe file written and removed); ``--report-only`` needs an existing directory.
    """
    if not text.strip():
        raise UsageError("--out needs a directory path, got an empty value")
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise UsageError(f"--out {text}: this is an existing file; give a directory (it is "
                         "created if missing)")
    ancestor = path
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(f"--out {text}: {ancestor} is a file, not a directory; choose another "
                         "path")
    if not create:
        if not path.is_dir():
            raise UsageError(f"--out {text}: no such directory (--report-only reports an "
                             "existing reproduction)")
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise UsageError(f"--out {text}: cannot create or write this directory "
                         f"({exc.strerror or exc}); choose a writable place") from None
    return path


def dask_available() -> bool:
    """Whether ``dask.distributed`` can be imported (``--scheduler`` needs it); asked before
    ``--out`` is created, so that a missing extra leaves no folder behind."""
    import importlib.util

    try:
        return importlib.util.find_spec("dask.distributed") is not None
    except (ImportError, ValueError):  # no 'dask' package at all
        return False


def config_from_args(args: argparse.Namespace) -> ReproduceConfig:
    if args.scale not in SCALES:
        raise UsageError(f"--scale must be one of {', '.join(SCALES)}, got {args.scale!r}")
    if args.engine not in ENGINES:
        raise UsageError(f"--engine must be one of {', '.join(ENGINES)}, got {args.engine!r}")
    only = tuple(p.strip() for item in (args.only or []) for p in item.split(",") if p.strip())
    unknown = [e for e in only if e not in EXPERIMENT_IDS]
    if unknown:
        raise UsageError(f"unknown experiment {', '.join(map(repr, unknown))} for --only; "
                         f"choose from {', '.join(EXPERIMENT_IDS)}")
    factor = None if args.budget_factor is None else parse_budget_factor(args.budget_factor)
    if args.report_only and args.no_report:
        raise UsageError("--report-only and --no-report exclude each other")
    if args.scheduler is not None and not args.scheduler.strip():
        raise UsageError("--scheduler needs an address such as tcp://127.0.0.1:8786")
    if args.scheduler is not None and not dask_available():
        raise UsageError("--scheduler needs dask.distributed, which is not installed; install "
                         "the optional extra: pip install 'zonemax[distributed]'")
    jobs = parse_jobs(args.jobs)
    seed = parse_int("--seed", args.seed, minimum=0)
    out = check_out(args.out, create=not args.report_only)
    from zonemax.experiments.pipeline import ReproduceConfig

    return ReproduceConfig(
        out=out, scale=args.scale, experiments=only, jobs=jobs, scheduler=args.scheduler,
        engine=args.engine, budget_factor=factor, master_seed=seed,
        report=not args.no_report)


def execute(args: argparse.Namespace) -> int:
    cfg = config_from_args(args)
    ioh_dir = None
    if getattr(args, "ioh", None) is not None:
        from zonemax.experiments.ioh_export import check_reproduction_folders
        from zonemax.experiments.pipeline import plan

        ioh_dir = parse_ioh_dir(args.ioh)
        try:
            check_reproduction_folders(ioh_dir, (t.key for t in plan(cfg)))
        except FileExistsError as exc:
            raise UsageError(f"--ioh: {exc}") from None
    try:
        code = _execute(args, cfg)
        if ioh_dir is not None:
            _write_ioh(cfg, ioh_dir)
        return code
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt as exc:
        raise Interrupted(_resume_message(args, cfg, isinstance(exc, Terminated)),
                          Terminated.signum if isinstance(exc, Terminated)
                          else int(signal.SIGINT)) from None


def _resume_message(args: argparse.Namespace, cfg: ReproduceConfig, terminated: bool) -> str:
    """One line: what stopped the run, what is kept, how to resume."""
    from zonemax.experiments.pipeline import plan
    from zonemax.experiments.store import RUNS_FILE, load_records

    try:
        keys = {t.key for t in plan(cfg)}
        kept = f"{sum(1 for r in load_records(cfg.out) if r.key in keys)} of {len(keys)} runs"
    except (OSError, ValueError):  # pragma: no cover - the store is read only to report
        kept = "the completed runs"
    what = "terminated (SIGTERM)" if terminated else "interrupted"
    command = getattr(args, "_command_line", None) or "the same command"
    return (f"{what}; {kept} are in {cfg.out / RUNS_FILE} and the session is recorded in "
            f"metadata.json; resume with: {command}")


def _execute(args: argparse.Namespace, cfg: ReproduceConfig) -> int:
    from zonemax.experiments.pipeline import make_report, reproduce
    from zonemax.experiments.progress import ProgressLine

    if args.report_only:
        rep = make_report(cfg)
        sys.stdout.write(f"report: {rep.report}\n")
        return 0
    cold = compiling_algorithms(cfg)
    if cold:
        from zonemax.commands.run import COMPILE_NOTE

        sys.stderr.write(f"zonemax reproduce: compiling the fast engine for {', '.join(cold)} "
                         f"(first run after an install only, {COMPILE_NOTE} each)\n")
    slow = reference_operators(cfg)
    if slow:
        sys.stderr.write(
            f"zonemax reproduce: warning: {', '.join(slow)} run on the plain reference here "
            "(about 60 microseconds per evaluation) with budgets up to Theorem 5's bound (about "
            "5e9 evaluations at n = 100): the paper-scale operators grid needs a fast engine "
            "for them; --scale quick finishes in minutes\n")
    progress: list[ProgressLine] = []

    def on_start(todo: int, done: int, cost: float) -> None:
        sys.stderr.write(f"zonemax reproduce: {done} runs already in {cfg.out}, {todo} to do\n")
        sys.stderr.flush()
        progress.append(ProgressLine(todo, cost, sys.stderr, heartbeat=True))

    def on_run(cost: float) -> None:
        progress[0].update(cost)

    try:
        result = reproduce(cfg, on_start=on_start, on_run=on_run)
    finally:
        if progress:
            progress[0].close()
    out = sys.stdout
    out.write(f"{result.executed} runs executed, {result.already_done} reused, "
              f"{result.total_runs} in total, in {result.wall_seconds:.1f} s "
              f"(engines: {', '.join(f'{k} {v}' for k, v in sorted(result.engines.items()))})\n")
    out.write(f"raw data: {cfg.out / 'runs.csv'}, {cfg.out / 'metadata.json'}\n")
    if result.report is not None:
        out.write(f"report: {result.report.report} ({len(result.report.figures)} figure files)\n")
        for claim in result.report.claims:
            out.write(f"  {verdict_tag(claim.verdict, claim.scale_note)} {claim.quote}\n")
    return 0




def verdict_tag(verdict: str, scale_note: str) -> str:
    """``[consistent]``, or, where the scale's grid cannot decide the claim,
    ``[not judged at this scale: WHY]`` (a grid that stops at r = 8 printed "[consistent]" for a
    claim about r above 100, which the larger scales find "not consistent")."""
    return f"[not judged at this scale: {scale_note}]" if scale_note else f"[{verdict}]"


def _write_ioh(cfg: ReproduceConfig, root: Path) -> None:
    """The IOH data of the chosen experiments' runs in ``runs.csv``."""
    from zonemax.experiments.ioh_export import write_reproduction
    from zonemax.experiments.pipeline import plan
    from zonemax.experiments.store import load_records

    keys = {t.key for t in plan(cfg)}
    records = [r for r in load_records(cfg.out) if r.key in keys]
    folders = write_reproduction(root, records, scale=cfg.scale, master_seed=cfg.master_seed,
                                 budget_factor=cfg.budget_factor)
    sys.stdout.write(f"IOH data: {len(folders)} algorithm folders in {root} ({len(records)} "
                     "runs, final evaluation counts only: run attribute trace = 0)\n")


def compiling_algorithms(cfg: ReproduceConfig) -> list[str]:
    """The algorithms whose fast-engine kernels the runs of ``cfg`` will first have to compile
    (numba's cache has none for them: the first run after an install), in order of first use;
    the same rule as ``zonemax run``'s notice (:func:`zonemax.engine.needs_compiling`)."""
    if cfg.engine != "fast":
        return []
    from zonemax.engine import needs_compiling
    from zonemax.experiments.pipeline import plan
    from zonemax.experiments.simulate import fast_engine_problem

    first: dict[str, AlgorithmSpec] = {}
    seen: set[str] = set()
    for task in plan(cfg):
        if task.variant in seen:
            continue
        seen.add(task.variant)
        spec = task.spec()
        if spec.algorithm not in first and fast_engine_problem(spec) is None:
            first[spec.algorithm] = spec
    return [algorithm for algorithm, spec in first.items() if needs_compiling(spec)]


def reference_operators(cfg: ReproduceConfig) -> list[str]:
    """The variants of a paper-scale ``operators`` experiment that would run on the plain
    reference (empty for other scales and experiments)."""
    if cfg.scale != "paper" or "operators" not in cfg.experiments:
        return []
    from zonemax.experiments.design import GRIDS
    from zonemax.experiments.simulate import fast_engine_problem
    from zonemax.experiments.variants import make_spec

    slow: list[str] = []
    for cell in GRIDS["paper"]["operators"]:  # a variant may have one cell per n
        spec = make_spec(cell.variant, cell.ns[0], cell.rs[0])
        if (cfg.engine == "reference" or fast_engine_problem(spec) is not None) \
                and cell.variant not in slow:
            slow.append(cell.variant)
    return slow
