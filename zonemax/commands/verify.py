"""``zonemax verify``: the main job — claims report, then statistical validation."""

from __future__ import annotations

import argparse
import sys

from zonemax.verify import run_verify

NAME = "verify"
HELP = "check the paper's claims and validate the implementations statistically"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="print only the summary")


def execute(args: argparse.Namespace) -> int:
    def progress(message: str) -> None:
        sys.stderr.write(f"[verify] {message}\n")
        sys.stderr.flush()

    report = run_verify(progress=progress)
    sys.stdout.write(report.render(quiet=args.quiet))
    return 0 if report.ok else 1
