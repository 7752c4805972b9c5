"""``zonemax claims``: machine verdicts for every checkable claim of the paper."""

from __future__ import annotations

import argparse
import sys

from zonemax.commands._input import UsageError


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``zonemax claims``."""
    parser.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                        help="text: terminal table with totals; markdown: errata sheet grouped "
                        "by section; json: list of records (default: text)")
    parser.add_argument("--only", nargs="+", metavar="ID", default=None,
                        help="check only these claim ids (e.g. S3.total-line)")
    parser.add_argument("--heavy", action="store_true",
                        help="widen the exhaustive enumerations (slower)")


def execute(args: argparse.Namespace) -> int:
    """Run the checks and print the report; exit code 0 (verdicts are data, not errors)."""
    from zonemax.proofs_check import (
        format_json,
        format_markdown,
        format_text,
        run_claims,
        select_claims,
    )

    try:
        select_claims(args.only)
    except ValueError as exc:  # an unknown claim id
        raise UsageError(str(exc)) from None
    results = run_claims(args.only, heavy=args.heavy)
    formatter = {"text": format_text, "markdown": format_markdown, "json": format_json}
    sys.stdout.write(formatter[args.format](results))
    if args.format == "json":
        sys.stdout.write("\n")
    return 0
