"""``zonemax conform``: does an implementation run the paper's algorithm, and if not, which variant?

Examples::

    zonemax conform ea-pm1 --python mymodule:run_ea
    zonemax conform rls-pm1 --python mymodule:run_rls --seed 7 --json
    zonemax conform ea-pm1 --cmd "node my_ea.js"
    zonemax conform ea-heavy --level operator --python mymodule:step --param eps=1
    zonemax conform --export vectors/

The run level is sequential: it stops as soon as at most one catalogued law is left standing,
or at the cap (--runs, by default the profile's pre-registered cap).

Exit codes: 0 the implementation conforms (the paper's algorithm consistent, every catalogued
variant and known bug with another law rejected); 1 it does not (the report says which laws the
data are consistent with); 2 a usage error, or an implementation that could not be judged (it
raised, hung, broke the protocol, ...: one line says what it did); 3 inconclusive (another
catalogued law is still consistent at the cap; at the operator level also a sample below the
size whose power was measured).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from zonemax.commands import UsageError

#: The algorithms with a conformance profile (:data:`zonemax.conformance.PROFILES` for the run
#: level, :data:`zonemax.conformance.operators.FAMILIES` for the operator level; listed here so
#: that ``--help`` does not import the package).
RUN_ALGORITHMS = ("ea-pm1", "rls-pm1", "rls-ab", "ea-heavy", "rls-heavy", "ea-geom", "rls-geom",
                  "ea-power", "rls-power")
CONFORM_ALGORITHMS = RUN_ALGORITHMS


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``zonemax conform``."""
    parser.description = ("Judge an implementation of the paper's algorithms against the exact "
                          "laws of the algorithm and of its catalogued variants (strict "
                          "acceptance, resampling or not counting unchanged offspring, counting "
                          "the start point; for RLS_{alpha,beta} the velocity on ties and round "
                          "for floor; for the heavy-tailed EA the log base and a truncation to "
                          "a range; for the ±1 EA and RLS also known bugs).  The run level is "
                          "sequential: it stops as soon as the laws are told apart.  Exit 0: "
                          "conforms; 1: does not; 2: usage error or could not be judged; 3: "
                          "inconclusive (another catalogued law is still consistent at the cap, "
                          "or an operator sample is below the pre-registered size).")
    parser.add_argument("algorithm", metavar="ALGO", nargs="?", choices=CONFORM_ALGORITHMS,
                        help=f"the algorithm the implementation claims to run: "
                             f"{', '.join(CONFORM_ALGORITHMS)}")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--python", metavar="MODULE:FUNCTION",
                        help="a Python function run(a, *, rng, budget, **params) returning the "
                             "evaluations, (evaluations, solved), or an object with those "
                             "attributes; MODULE is imported with the current directory on the path")
    source.add_argument("--cmd", metavar="'PROGRAM ARGS'",
                        help="a program in any language speaking the JSON-lines protocol on "
                             "stdin/stdout (docs/conformance-protocol.md)")
    parser.add_argument("--level", choices=("run", "operator"), default=None,
                        help="what is judged: the whole run (the default), or the step "
                             "operator alone, op(x, *, rng, **params) -> offspring (not for "
                             "rls-ab)")
    parser.add_argument("--seed", metavar="S",
                        help="the seed every run's randomness derives from (default: a fresh one, "
                             "printed in the report)")
    parser.add_argument("--param", metavar="NAME=VALUE", action="append", default=[],
                        help="a parameter passed on to the implementation (repeatable)")
    parser.add_argument("--runs", metavar="N",
                        help="the most runs per target (the run level stops earlier when it has "
                             "decided; default: the profile's pre-registered cap, at which the "
                             "power was measured), or the draws (the operator level, where a "
                             "smaller sample is at best inconclusive)")
    parser.add_argument("--timeout", metavar="SECONDS", default="60",
                        help="longest time one call may take (default 60)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--verbose", action="store_true",
                        help="print every test of every variant with its statistic and p-value, "
                             "and the exact values behind them (default: the verdict and a "
                             "summary)")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress line on stderr (shown only when stderr is a terminal "
                             "and the check takes more than a few seconds)")
    parser.add_argument("--export", metavar="DIR",
                        help="write the exact values every profile uses (test vectors, with their "
                             "JSON Schema and a manifest of SHA-256 hashes) into DIR, and stop")


def _nonnegative(text: str | None, name: str) -> int | None:
    if text is None:
        return None
    try:
        value = int(text, 0)
    except ValueError:
        raise UsageError(f"{name} must be a non-negative integer, got {text!r}") from None
    if value < 0:
        raise UsageError(f"{name} must be a non-negative integer, got {text!r}")
    return value


def _load(target: str) -> Callable[..., object]:
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise UsageError(f"--python takes MODULE:FUNCTION (e.g. mymodule:run), got {target!r}")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a user's module may fail in any way: one line, exit 2
        raise UsageError(f"cannot import {module_name!r}: {type(exc).__name__}: "
                         f"{' '.join(str(exc).split())[:160]}") from None
    function = getattr(module, attribute, None)
    if not callable(function):
        raise UsageError(f"{module_name!r} has no function {attribute!r}")
    return function


def _params(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"--param takes NAME=VALUE, got {item!r}")
        out[name] = _value(value)
    return out


def _value(text: str) -> Any:
    """A parameter's value: an int or a fraction where the text is one, else the text."""
    from fractions import Fraction

    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return text
    return int(number) if number.denominator == 1 else number


def _export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from zonemax.conformance.vectors import write_vectors

    if args.algorithm is not None or args.python is not None or args.cmd is not None:
        raise UsageError("--export writes the vectors of every profile; give it alone "
                         "(zonemax conform --export DIR)")
    target = Path(args.export)
    if target.exists() and not target.is_dir():
        raise UsageError(f"--export {args.export}: exists and is not a directory")
    try:
        written = write_vectors(target)
    except OSError as exc:
        raise UsageError(f"--export {args.export}: {exc.strerror or exc}") from None
    sys.stdout.write(f"wrote {len(written)} files to {target}\n")
    return 0


def execute(args: argparse.Namespace) -> int:
    """Run the check and print its report; the exit code says the verdict."""
    import numpy as np

    from zonemax.conformance import check
    from zonemax.conformance.protocol import CommandRun

    if args.export is not None:
        return _export(args)
    if args.algorithm is None:
        raise UsageError("name the algorithm: zonemax conform ALGO --python MODULE:FUNCTION "
                         f"(ALGO one of {', '.join(CONFORM_ALGORITHMS)})")
    if args.python is None and args.cmd is None:
        raise UsageError("give the implementation: --python MODULE:FUNCTION or --cmd 'PROGRAM'")
    seed = _nonnegative(args.seed, "--seed")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**32)  # type: ignore[operator]
    runs = _nonnegative(args.runs, "--runs")
    try:
        timeout = float(args.timeout)
    except ValueError:
        raise UsageError(f"--timeout must be a number of seconds, got {args.timeout!r}") from None
    params = _params(args.param)
    level = args.level or ("run" if args.algorithm in RUN_ALGORITHMS else "operator")
    if level == "operator" and args.algorithm == "rls-ab":
        raise UsageError("rls-ab has no operator level (its step floor(v_i) depends on the "
                         "velocity); judge the run with --level run")
    if level == "run" and args.algorithm not in RUN_ALGORITHMS:
        raise UsageError(f"the run level is not available for {args.algorithm} (it is for "
                         f"{', '.join(RUN_ALGORITHMS)}); use --level operator")
    if level == "operator" and args.cmd is not None:
        raise UsageError("the protocol of --cmd covers the run level only; judge an operator "
                         "with --python MODULE:FUNCTION")
    role = level
    options: dict[str, Any] = {"seed": seed, "params": params, "runs": runs, "timeout": timeout}
    if runs is None:
        del options["runs"]
    meter = ProgressLine(sys.stderr) if not args.quiet and sys.stderr.isatty() else None
    if meter is not None and role == "run":
        options["progress"] = meter
    try:
        if args.python is not None:
            function = _load(args.python)
            if role == "run":
                result = check(args.algorithm, run=function, **options)
            else:
                result = check(args.algorithm, operator=function, **options)
        else:
            with CommandRun(args.cmd, args.algorithm) as program:
                result = check(args.algorithm, run=program, **options)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from None
    finally:
        if meter is not None:
            meter.close()
    if args.json:
        sys.stdout.write(json.dumps(result.to_dict(), indent=1) + "\n")
    else:
        sys.stdout.write(report_text(result.report(), verbose=args.verbose))
        if result.errored is None:
            sys.stdout.write(f"reproduce with --seed {seed}\n")
    return result.exit_code


class ProgressLine:
    """Progress of a check on one terminal line of ``stream`` (runs done, laws still standing),
    from :data:`PROGRESS_AFTER` seconds on, at most one update per second."""

    def __init__(self, stream: Any) -> None:
        import time

        self.stream = stream
        self.clock = time.monotonic
        self.started = self.clock()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int, standing: tuple[str, ...]) -> None:
        now = self.clock()
        if now - self.started < PROGRESS_AFTER or now - self.last < 1.0:
            return
        self.last = now
        laws = ", ".join(standing) if standing else "none"
        text = (f"{done}/{total} runs, {now - self.started:.0f} s; {len(standing)} laws still "
                f"consistent: {laws}")
        self.stream.write("\r" + text[:WIDTH - 1].ljust(WIDTH - 1))
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the line (the report follows on stdout)."""
        if self.shown:
            self.stream.write("\r" + " " * (WIDTH - 1) + "\r")
            self.stream.flush()


#: Seconds a check runs before its progress line appears.
PROGRESS_AFTER = 3.0

#: Width the report's long lines are wrapped to (the lists of variants ran to 360 characters).
WIDTH = 100


def report_text(report: str, *, verbose: bool) -> str:
    """What ``zonemax conform`` prints of a report: its head (the verdict, the consistent and
    rejected variants, the error rate), with long lines after the verdict wrapped; then, with
    ``verbose``, the per-variant table (every test and the exact values), else one line counting
    its tests and naming ``--verbose`` (a CONFORMS verdict printed 205 lines).  The table's rows
    are the lines from the first that starts with ``- `` (a variant) on."""
    import textwrap

    lines = report.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("- ")), len(lines))
    head, table = lines[:start], lines[start:]
    # the first two lines stay whole: what was checked, and the verdict (one line to grep;
    # an ERRORED line is shortened by the harness)
    out = head[:2] + [textwrap.fill(line, WIDTH, subsequent_indent="    ",
                                    break_on_hyphens=False) for line in head[2:]]
    if verbose:
        out.extend(table)
    elif table:
        variants = sum(line.startswith("- ") for line in table)
        tests = sum(line.rstrip().endswith((" ok", " reject")) for line in table)
        out.append(f"{tests} tests against {variants} variants' laws; every test and the "
                   "exact values: --verbose")
    return "\n".join(out) + "\n"
