"""``zonemax verify``: the main job — claims report, then statistical validation."""

from __future__ import annotations

import argparse
import sys
import time

from zonemax.verify import run_verify


def configure(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        "Exit codes: 0 when the implementations agree with the theorems and the exact values "
        "(false claims of the paper are findings, reported but not errors); 1 when a "
        "statistical family rejects an implementation, a proof checker's verdict differs from "
        "the recorded one (proofs_check/expected.py), or, with --power, a planted bug goes "
        "undetected; 2 bad input; 130 interrupted (Ctrl-C), 143 terminated (SIGTERM). "
        "Takes about 2 minutes on 2 cores with a warm numba cache (1 min 47 s measured on "
        "2026-11-27, 12 families); with --power about 5 minutes in all (5 min 9 s measured, "
        "including the first run's compilation of three staged copies of the engine, about 30 s "
        "of CPU each, which later runs reuse).")
    parser.add_argument("--power", action="store_true",
                        help="also run the planted bugs and show which tests catch them")
    parser.add_argument("--quiet", action="store_true",
                        help="list only failing tests and false claims")


def execute(args: argparse.Namespace) -> int:
    start = time.monotonic()

    def progress(message: str) -> None:
        sys.stderr.write(f"[verify {time.monotonic() - start:6.1f} s] {message}\n")
        sys.stderr.flush()

    report = run_verify(progress=progress, power=args.power)
    sys.stdout.write(report.render(quiet=args.quiet))
    return 0 if report.ok else 1
