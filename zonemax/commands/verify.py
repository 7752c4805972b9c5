"""``zonemax verify``: the main job — claims report, then statistical validation."""

from __future__ import annotations

import argparse
import sys
import time

from zonemax.verify import run_verify


def configure(parser: argparse.ArgumentParser) -> None:
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
