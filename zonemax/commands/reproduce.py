"""``zonemax reproduce``: the experiments of Section 6 with figures, raw data and a report.

Resumable: rerunning the same command after an interruption (Ctrl-C, ``kill -9``) skips the
completed runs.  Examples::

    zonemax reproduce --scale quick --jobs 2 --engine reference --out results/
    zonemax reproduce --scale paper --scheduler tcp://10.0.0.5:8786 --out results-paper/
    zonemax reproduce --only truncation --out results/
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from zonemax.commands._input import UsageError
from zonemax.experiments.design import (
    DEFAULT_BUDGET_FACTOR,
    EXPERIMENT_IDS,
    MASTER_SEED,
    SCALES,
)
from zonemax.experiments.errors import SetupError
from zonemax.experiments.pipeline import ReproduceConfig, make_report, reproduce
from zonemax.experiments.progress import ProgressLine
from zonemax.experiments.simulate import ENGINES

#: Default --jobs: one worker process per CPU.
DEFAULT_JOBS = os.cpu_count() or 1



def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scale", default="quick",
                        help=f"{'|'.join(SCALES)}: 'paper' is Section 6's full grid, 'quick' a "
                        "reduced grid (minutes on 2 cores with the reference engine), 'tiny' "
                        "the test-suite's grid (default: quick)")
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
                        + ", ".join(EXPERIMENT_IDS))
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


def _int(name: str, text: str, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be an integer, got {text!r}") from None
    if value < minimum:
        raise UsageError(f"{name} must be >= {minimum}, got {value}")
    return value


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
    factor: float | None = None
    if args.budget_factor is not None:
        try:
            factor = float(args.budget_factor)
        except ValueError:
            raise UsageError(f"--budget-factor must be a number, got "
                             f"{args.budget_factor!r}") from None
    if args.report_only and args.no_report:
        raise UsageError("--report-only and --no-report exclude each other")
    return ReproduceConfig(
        out=Path(args.out), scale=args.scale, experiments=only,
        jobs=_int("--jobs", args.jobs, 1), scheduler=args.scheduler, engine=args.engine,
        budget_factor=factor, master_seed=_int("--seed", args.seed, 0),
        report=not args.no_report)


def execute(args: argparse.Namespace) -> int:
    try:
        return _execute(args)
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    except KeyboardInterrupt:
        sys.stderr.write("zonemax reproduce: interrupted; rerun the same command to resume\n")
        raise


def _execute(args: argparse.Namespace) -> int:
    cfg = config_from_args(args)
    if args.report_only:
        rep = make_report(cfg)
        sys.stdout.write(f"report: {rep.report}\n")
        return 0
    progress: list[ProgressLine] = []

    def on_start(todo: int, done: int, cost: float) -> None:
        sys.stderr.write(f"zonemax reproduce: {done} runs already in {cfg.out}, {todo} to do\n")
        progress.append(ProgressLine(todo, cost, sys.stderr))

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
            out.write(f"  [{claim.verdict}] {claim.quote}\n")
    return 0


