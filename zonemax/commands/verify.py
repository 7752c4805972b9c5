"""``zonemax verify``: the main job — claims report, then statistical validation."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from zonemax.commands import UsageError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        "Exit codes: 0 when the implementations agree with the theorems and the exact values "
        "(false claims of the paper are findings, reported but not errors); 1 when a "
        "statistical family rejects an implementation, a proof checker's verdict differs from "
        "the recorded one (proofs_check/expected.py), or, with --power, a planted bug goes "
        "undetected; 2 bad input; 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). "
        "Takes about 2 minutes on 2 cores with a warm numba cache (the first run after an "
        "install compiles the engine first, and says so); with --power about 5 minutes (the "
        "first run compiles three staged copies of the engine, about 30 s of CPU each). "
        "Prints a summary; --verbose or --report FILE gives the full table.")
    parser.add_argument("--power", action="store_true",
                        help="also run the planted bugs and show which tests catch them")
    parser.add_argument("--verbose", action="store_true",
                        help="print the full table (every finding, every test with its "
                        "p-value) instead of the summary")
    parser.add_argument("--quiet", action="store_true",
                        help="with --verbose or --report: list only failing tests and false "
                        "claims (the default summary lists only failures anyway)")
    parser.add_argument("--report", metavar="FILE", default=None,
                        help="also write the full table to FILE (checked before the run)")


def _report_path(text: str) -> Path:
    """``--report FILE``: a file that can be written (its folder exists and is writable)."""
    if not text.strip():
        raise UsageError("--report needs a file name, got an empty value")
    path = Path(text)
    if path.is_dir():
        raise UsageError(f"--report {text}: this is a directory; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"--report {text}: no folder {folder}; create it or choose another "
                         "place")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"--report {text}: cannot write there; choose a writable place")
    return path


def compiling_algorithms() -> list[str]:
    """The algorithms of the fast engine (the statistical families run each) whose kernels are
    in neither this process nor numba's on-disk cache (:func:`zonemax.engine.needs_compiling`):
    their first compilation after an install is announced, as ``zonemax run`` announces its
    own."""
    from zonemax.engine import needs_compiling
    from zonemax.experiments.simulate import FAST_ALGORITHMS
    from zonemax.reference.spec import AlgorithmSpec

    return [name for name in FAST_ALGORITHMS
            if needs_compiling(AlgorithmSpec(name, (3, -2))) is True]


def execute(args: argparse.Namespace) -> int:
    report_path = None if args.report is None else _report_path(args.report)
    from zonemax.verify import run_verify  # heavy (the claims, the engine): after the checks

    start = time.monotonic()

    def progress(message: str) -> None:
        sys.stderr.write(f"[verify {time.monotonic() - start:6.1f} s] {message}\n")
        sys.stderr.flush()

    cold = compiling_algorithms()
    if cold:
        from zonemax.commands.run import COMPILE_NOTE

        sys.stderr.write(f"zonemax verify: compiling the fast engine for {', '.join(cold)} "
                         f"(first run after an install only, {COMPILE_NOTE} in all)\n")
        sys.stderr.flush()
    report = run_verify(progress=progress, power=args.power)
    if report_path is not None:
        report_path.write_text(report.render(quiet=args.quiet), encoding="utf-8")
    if args.verbose:
        sys.stdout.write(report.render(quiet=args.quiet))
    elif report_path is not None:
        sys.stdout.write(report.summary(full_table=str(report_path)))
    else:
        sys.stdout.write(report.summary())
    return 0 if report.ok else 1
