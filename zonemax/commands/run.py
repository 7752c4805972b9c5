"""``zonemax run``: independent runs of one algorithm, printed as a table or JSON."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from typing import TYPE_CHECKING

from zonemax.commands._input import UsageError, add_spec_arguments, parse_int, spec_from_args
from zonemax.reference.spec import ALGORITHMS

if TYPE_CHECKING:
    from zonemax.experiments.simulate import Batch



def configure(parser: argparse.ArgumentParser) -> None:
    add_spec_arguments(parser, tuple(ALGORITHMS))
    parser.add_argument("--runs", default="1", help="number of independent runs (default 1)")
    parser.add_argument("--seed", help="master seed of SeedSequence (default: fresh entropy)")
    parser.add_argument("--budget", help="maximum evaluations per run (censored beyond)")
    parser.add_argument("--engine", default=None,
                        help="reference|fast (default: fast where supported)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\rrun {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def execute(args: argparse.Namespace) -> int:
    spec = spec_from_args(args, tuple(ALGORITHMS))
    runs = parse_int("--runs", args.runs, minimum=1)
    budget = None if args.budget is None else parse_int("--budget", args.budget, minimum=0)
    if args.engine not in (None, "reference", "fast"):
        raise UsageError(f"--engine must be reference or fast, got {args.engine!r}")
    message = spec.outside_theorem_message()
    if message is not None:
        sys.stderr.write(f"zonemax run: warning: {message}\n")
    import numpy as np

    from zonemax.experiments.simulate import default_engine, run_batch

    if args.seed is not None:
        seed = parse_int("--seed", args.seed, minimum=0)
    else:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # fresh entropy is one int, printed for reproducibility
        seed = entropy
    engine = args.engine or default_engine(spec)
    batch = run_batch(spec, runs=runs, seed=seed, budget=budget, engine=engine,
                      progress=None if args.json else _progress)
    sys.stdout.write(format_json(batch, budget) if args.json else format_text(batch, budget))
    return 0


def format_json(batch: Batch, budget: int | None) -> str:
    params = dict(batch.spec.params(), seed=batch.seed, budget=budget, engine=batch.engine)
    obj = {
        "algorithm": batch.spec.algorithm,
        "params": params,
        "runs": [{"evaluations": e, "solved": s}
                 for e, s in zip(batch.evaluations, batch.solved, strict=True)],
    }
    return json.dumps(obj) + "\n"


def format_text(batch: Batch, budget: int | None) -> str:
    spec = batch.spec
    lines = [f"{spec.algorithm}: {spec.description}"]
    shown = ", ".join(f"{k}={v}" for k, v in spec.params().items() if k != "a")
    a_text = ",".join(map(str, spec.a)) if spec.n <= 10 else f"{spec.a[:5]}... (n={spec.n})"
    lines.append(f"target a = {a_text}; {shown}")
    lines.append(f"seed {batch.seed}, engine {batch.engine}, budget {budget}")
    lines.append(f"{'run':>5}  {'evaluations':>20}  status")
    for k, (e, s) in enumerate(zip(batch.evaluations, batch.solved, strict=True)):
        lines.append(f"{k:>5}  {e:>20}  {'solved' if s else 'censored'}")
    solved = [e for e, s in zip(batch.evaluations, batch.solved, strict=True) if s]
    lines.append(f"solved {len(solved)}/{batch.runs}")
    if solved:
        mean = statistics.fmean(solved)
        if len(solved) > 1:
            se = statistics.stdev(solved) / math.sqrt(len(solved))
            lines.append(f"mean evaluations of solved runs {mean:.6g} (standard error {se:.3g})")
        else:
            lines.append(f"mean evaluations of solved runs {mean:.6g}")
    if len(solved) < batch.runs:
        total = sum(batch.evaluations)
        ert = f"{total / len(solved):.6g}" if solved else "inf"
        lines.append(f"expected run time (total evaluations / successes) {ert}")
    return "\n".join(lines) + "\n"
