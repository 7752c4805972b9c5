"""``zonemax run``: independent runs of one algorithm, streamed as a table or JSON.

Results are written as the runs finish (text rows, or the entries of the JSON ``runs`` list),
so memory does not grow with ``--runs``.  ``--ioh DIR`` also writes the runs as IOHprofiler
data (:mod:`zonemax.experiments.ioh_export`); it makes the plain reference the default engine,
because only its runs carry an improvement trace.  A run without ``--budget`` whose expected time is
astronomically large is refused up front with the estimate
(:func:`zonemax.commands._preflight.preflight`); ``--force`` runs it anyway, except on the fast
engine when its count would likely leave the engine's range (``2^62`` evaluations).  A run that
leaves it all the same gets the status ``beyond-range`` (JSON: ``"beyond_range": true``) and the
summary says how many did: its evaluations, ``2^62``, are a lower bound, never a run time.
Progress goes to stderr: a live line on a terminal, otherwise a plain line after 10 s and then
every 30 s.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TextIO

from zonemax.commands import Interrupted, Terminated
from zonemax.commands._input import (
    UsageError,
    add_spec_arguments,
    parse_int,
    parse_ioh_dir,
    parse_runs,
    spec_from_args,
)
from zonemax.commands._preflight import PREFLIGHT_SECONDS, long_run_note, preflight
from zonemax.reference.params import SHORT_NUMBER_CHARS, short_number
from zonemax.reference.spec import ALGORITHMS, AlgorithmSpec

#: How long the first compilation of a kernel takes, measured with an empty numba cache on the
#: 2-core development machine (2026-11-26): ea-pm1 25 s, rls-pm1 3 s, rls-ab 3 s, ea-heavy
#: 6 s, rls-heavy 4 s; the issue saw 71 s for ea-pm1 on a loaded machine.
COMPILE_NOTE = "up to about a minute"

if TYPE_CHECKING:
    from zonemax.experiments.ioh_export import RunRecorder
    from zonemax.experiments.progress import ProgressLine


def configure(parser: argparse.ArgumentParser) -> None:
    add_spec_arguments(parser, tuple(ALGORITHMS))
    parser.add_argument("--runs", default="1", help="number of independent runs (default 1); "
                        "results are printed as they finish")
    parser.add_argument("--seed", help="master seed of SeedSequence (default: fresh entropy, "
                        "printed)")
    parser.add_argument("--budget", help="maximum evaluations per run; a run that reaches it "
                        "is reported as censored (default: none; the fast engine takes budgets "
                        "below 2^62, its range of counts)")
    parser.add_argument("--engine", default=None,
                        help="reference|fast (default: fast where supported; reference with "
                        "--ioh)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--ioh", metavar="DIR",
                        help="also write the runs as IOHprofiler data (the format IOHanalyzer "
                        "reads) into a new folder in DIR; reference runs with their improvement "
                        "trace, fast-engine runs with their final evaluation count only")
    parser.add_argument("--force", action="store_true",
                        help="run even when the pre-flight estimate says that the runs, having "
                        f"no --budget, need more than {PREFLIGHT_SECONDS / 60:.0f} minutes "
                        "(the estimate comes from the theorems' explicit bounds); it does not "
                        "lift the fast engine's range of counts (2^62 evaluations)")
    parser.epilog = ("Without --budget a run goes on until the optimum; requests whose expected "
                     "time is astronomically large (e.g. ea-pm1 on a = 10^30: E[T] >= 10^30) "
                     "are refused with the estimate unless --force is given.")


@dataclass
class Summary:
    """Running statistics of the streamed runs (Welford's mean and variance)."""

    runs: int = 0
    solved: int = 0
    total: int = 0
    mean: float = 0.0
    m2: float = 0.0
    beyond: int = 0  # runs beyond the fast engine's range (their evaluations a lower bound)

    def add(self, evaluations: int, solved: bool, beyond: bool = False) -> None:
        self.runs += 1
        self.total += evaluations
        self.beyond += beyond
        if solved:
            self.solved += 1
            delta = evaluations - self.mean
            self.mean += delta / self.solved
            self.m2 += delta * (evaluations - self.mean)


def execute(args: argparse.Namespace) -> int:
    spec = spec_from_args(args, tuple(ALGORITHMS))
    runs = parse_runs(args.runs)
    budget = None if args.budget is None else parse_int("--budget", args.budget, minimum=0)
    seed = None if args.seed is None else parse_int("--seed", args.seed, minimum=0)
    if args.engine not in (None, "reference", "fast"):
        raise UsageError(f"--engine must be reference or fast, got {args.engine!r}")
    from zonemax.experiments.simulate import default_engine, fast_engine_problem

    if args.engine == "fast":
        problem = fast_engine_problem(spec)
        if problem is not None:
            raise UsageError(f"--engine fast: {problem}; use --engine reference")
    ioh_dir = None if args.ioh is None else parse_ioh_dir(args.ioh)
    engine = args.engine or ("reference" if ioh_dir is not None else default_engine(spec))
    note = long_run_note(preflight(spec, runs, budget, engine, args.force))
    if note is not None:
        sys.stderr.write(f"zonemax run: note: {note}\n")
    message = spec.outside_theorem_message()
    if message is not None:
        sys.stderr.write(f"zonemax run: warning: {message}\n")
    if engine == "fast":
        from zonemax.engine import needs_compiling

        if needs_compiling(spec):  # otherwise numba loads the kernel in about a second
            sys.stderr.write(f"zonemax run: compiling the fast engine for {spec.algorithm} "
                             f"(first run after an install only, {COMPILE_NOTE})\n")
    if seed is None:
        import numpy as np

        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # fresh entropy is one int, printed for reproducibility
        seed = entropy
    recorder = None
    if ioh_dir is not None:
        from zonemax.experiments.ioh_export import RunRecorder

        try:
            recorder = RunRecorder(ioh_dir, spec, seed, budget, engine)
        except (FileExistsError, ValueError) as exc:
            raise UsageError(f"--ioh: {exc}") from None
    try:
        stream(spec, runs=runs, seed=seed, budget=budget, engine=engine, as_json=args.json,
               out=sys.stdout, err=sys.stderr, recorder=recorder)
    except BaseException:
        if recorder is not None:
            recorder.abort()  # nothing half-written is left to block the same command again
        raise
    if recorder is not None:
        path = recorder.close()
        how = ("improvement traces, recorded by ioh's logger" if recorder.driven else
               "improvement traces" if engine == "reference" else
               "final evaluation counts only: the fast engine keeps no trace; use --engine "
               "reference for traces")
        sys.stderr.write(f"zonemax run: IOH data in {path} ({how})\n")
    return 0


def stream(spec: AlgorithmSpec, *, runs: int, seed: int, budget: int | None, engine: str,
           as_json: bool, out: TextIO, err: TextIO,
           recorder: RunRecorder | None = None) -> Summary:
    """Run and print as the runs finish; return the summary.  A ``recorder`` receives the runs
    as IOH data."""
    from zonemax.experiments.progress import ProgressLine
    from zonemax.experiments.simulate import BEYOND_RANGE, iter_runs

    summary = Summary()
    out.write(json_head(spec, seed, budget, engine) if as_json
              else text_head(spec, seed, budget, engine))
    tty = err.isatty()
    with ProgressLine(runs, float(runs), err, label="zonemax run", tty=tty, heartbeat=True,
                      eager=tty) as progress, _reported_interruption(progress, runs):
        for chunk in iter_runs(spec, runs=runs, seed=seed, budget=budget, engine=engine,
                               observer=None if recorder is None else recorder.observer,
                               progress=progress.inside):
            if recorder is not None:
                recorder.finish(chunk)
            lines = []
            for i, (e, s, why) in enumerate(zip(chunk.evaluations, chunk.solved, chunk.reasons,
                                                strict=True)):
                k = chunk.start + i
                beyond = why == BEYOND_RANGE
                if s and beyond:  # the engine's boundary checks this; never print it solved
                    raise AssertionError(f"run {k} reported solved and beyond the range")
                summary.add(e, s, beyond)
                if as_json:
                    sep = "" if k == 0 else ", "
                    flag = ', "beyond_range": true' if beyond else ""
                    lines.append(f'{sep}{{"evaluations": {e}, "solved": {json.dumps(s)}{flag}}}')
                else:
                    status = "solved" if s else BEYOND_RANGE if beyond else "censored"
                    lines.append(f"{k:>5}  {e:>20}  {status}\n")
            out.write("".join(lines))
            out.flush()
            progress.advance(len(chunk.evaluations), float(len(chunk.evaluations)))
    out.write("]}\n" if as_json else text_tail(summary))
    return summary


@contextmanager
def _reported_interruption(progress: ProgressLine, runs: int) -> Iterator[None]:
    """Ctrl-C or SIGTERM during the runs: :class:`~zonemax.commands.Interrupted` saying how many
    runs were printed and how far the interrupted one had got (the runs printed are kept)."""
    try:
        yield
    except KeyboardInterrupt as exc:
        term = isinstance(exc, Terminated)
        what = "terminated (SIGTERM)" if term else "interrupted"
        where = progress.current()
        raise Interrupted(f"{what} after {progress.done} of {runs} runs"
                          + (f"; {where}" if where else ""),
                          Terminated.signum if term else signal.SIGINT) from None


def json_head(spec: AlgorithmSpec, seed: int, budget: int | None, engine: str) -> str:
    """``{"algorithm": ..., "params": {...}, "runs": [`` (the entries follow as they finish)."""
    params = dict(spec.params(), seed=seed, budget=budget, engine=engine)
    head = json.dumps({"algorithm": spec.algorithm, "params": params, "runs": []})
    return head[:-2]  # drop the closing "]}"


def text_head(spec: AlgorithmSpec, seed: int, budget: int | None, engine: str) -> str:
    """The text output's head; long numbers in six digits (``--json`` keeps them exact)."""
    lines = [f"{spec.algorithm}: {spec.description}"]
    shown = ", ".join(f"{k}={shown_value(v)}" for k, v in spec.params().items()
                      if k not in ("a", "n"))
    a_text = (",".join(map(short_number, spec.a)) if spec.n <= 10
              else f"{','.join(map(short_number, spec.a[:5]))},... (n={spec.n})")
    lines.append(f"target a = {a_text}" + (f"; {shown}" if shown else ""))
    budget_text = "no budget" if budget is None else f"budget {budget} evaluations per run"
    lines.append(f"seed {seed}, engine {engine}, {budget_text}")
    lines.append(f"{'run':>5}  {'evaluations':>20}  status")
    return "\n".join(lines) + "\n"


def shown_value(value: object) -> object:
    """A parameter for people: an exact rational with more than
    :data:`~zonemax.reference.params.SHORT_NUMBER_CHARS` characters in six digits."""
    if isinstance(value, str) and len(value) > SHORT_NUMBER_CHARS:
        try:
            return short_number(Fraction(value))
        except ValueError:
            return value
    return value


def text_tail(summary: Summary) -> str:
    lines = [f"solved {summary.solved}/{summary.runs}"]
    if summary.solved:
        if summary.solved > 1:
            se = math.sqrt(summary.m2 / (summary.solved - 1)) / math.sqrt(summary.solved)
            lines.append(f"mean evaluations of solved runs {summary.mean:.6g} "
                         f"(standard error {se:.3g})")
        else:
            lines.append(f"mean evaluations of solved runs {summary.mean:.6g}")
    if summary.solved < summary.runs:
        ert = f"{summary.total / summary.solved:.6g}" if summary.solved else "inf"
        at_least = ">= " if summary.beyond and summary.solved else ""
        lines.append(f"expected run time (total evaluations / successes) {at_least}{ert}")
    if summary.beyond:
        runs = "1 run" if summary.beyond == 1 else f"{summary.beyond} runs"
        lines.append(
            f"{runs} left the fast engine's range (T >= 2^62 evaluations): the count shown is "
            "a lower bound, not a run time; give --budget N below 2^62 to censor runs there "
            "(the reference engine, --engine reference, counts without limit, one evaluation "
            "at a time)")
    return "\n".join(lines) + "\n"
