"""``zonemax run``: independent runs of one algorithm, printed as a table or JSON."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys

import numpy as np

from zonemax.errors import UsageError
from zonemax.runner import ALGORITHMS, AlgorithmSpec, Batch, default_engine, run_batch

NAME = "run"
HELP = "run an algorithm of the paper on f_a and report the optimisation times"


def parse_target(text: str) -> tuple[int, ...]:
    """Parse ``--a 3,-2,0`` into Python ints (any size)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(p == "" for p in parts):
        raise UsageError(f"--a must be a comma-separated list of integers, got {text!r}")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise UsageError(
            f"--a must contain integers only (the search space is Z^n), got {text!r}"
        ) from None


def _int(name: str, text: str, minimum: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be an integer, got {text!r}") from None
    if minimum is not None and value < minimum:
        raise UsageError(f"{name} must be >= {minimum}, got {value}")
    return value


def add_target_arguments(parser: argparse.ArgumentParser) -> None:
    """``--a A1,A2,...`` or ``--n N --r R`` (the target all-r with n positions)."""
    parser.add_argument("--a", metavar="A1,A2,...", help="target a in Z^n, comma-separated")
    parser.add_argument("--n", metavar="N", help="number of positions (with --r)")
    parser.add_argument("--r", metavar="R", help="target all-R (with --n)")


def target_from_args(args: argparse.Namespace) -> tuple[int, ...]:
    if args.a is not None:
        if args.n is not None or args.r is not None:
            raise UsageError("give either --a or --n/--r, not both")
        return parse_target(args.a)
    if args.n is None or args.r is None:
        raise UsageError("give a target: --a A1,A2,... or --n N --r R")
    n = _int("--n", args.n, minimum=1)
    r = _int("--r", args.r)
    return (r,) * n


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("algorithm", metavar="ALGO",
                        help="one of: " + ", ".join(ALGORITHMS))
    add_target_arguments(parser)
    parser.add_argument("--eps", help="heavy-tailed eps > 0 (default 0.001, Section 6)")
    parser.add_argument("--log-base", default="2",
                        help="log base of the heavy-tailed law: 2 (default) or e")
    parser.add_argument("--truncate", default="none",
                        help="heavy-tailed truncation for range r: none|condition|clip")
    parser.add_argument("--trunc-r", metavar="R",
                        help="truncation range for --truncate (default |a|_inf)")
    parser.add_argument("--alpha", help="rls-ab velocity increase (default 1.7)")
    parser.add_argument("--beta", help="rls-ab velocity decrease (default 0.9)")
    parser.add_argument("--runs", default="1", help="number of independent runs (default 1)")
    parser.add_argument("--seed", help="master seed of SeedSequence (default: fresh entropy)")
    parser.add_argument("--budget", help="maximum evaluations per run (censored beyond)")
    parser.add_argument("--engine", default=None,
                        help="reference|fast (default: fast where supported)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def spec_from_args(args: argparse.Namespace) -> AlgorithmSpec:
    if args.algorithm not in ALGORITHMS:
        raise UsageError(
            f"unknown algorithm {args.algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
        )
    if args.log_base not in ("2", "e"):
        raise UsageError(f"--log-base must be 2 or e, got {args.log_base!r}")
    if args.truncate not in ("none", "condition", "clip"):
        raise UsageError(f"--truncate must be none, condition or clip, got {args.truncate!r}")
    log_base: int | str = 2 if args.log_base == "2" else "e"
    trunc_r = None if args.trunc_r is None else _int("--trunc-r", args.trunc_r, minimum=1)
    if trunc_r is not None and args.truncate == "none":
        raise UsageError("--trunc-r needs --truncate condition or clip")
    return AlgorithmSpec(
        algorithm=args.algorithm,
        a=target_from_args(args),
        eps=args.eps,
        log_base=log_base,  # type: ignore[arg-type]
        truncate=args.truncate,
        r=trunc_r,
        alpha=args.alpha,
        beta=args.beta,
    )


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        sys.stderr.write(f"\rrun {done}/{total}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def execute(args: argparse.Namespace) -> int:
    spec = spec_from_args(args)
    runs = _int("--runs", args.runs, minimum=1)
    budget = None if args.budget is None else _int("--budget", args.budget, minimum=0)
    if args.seed is not None:
        seed = _int("--seed", args.seed, minimum=0)
    else:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # fresh entropy is one int, printed for reproducibility
        seed = entropy
    engine = args.engine or default_engine(spec)
    if engine not in ("reference", "fast"):
        raise UsageError(f"--engine must be reference or fast, got {engine!r}")
    batch = run_batch(spec, runs=runs, seed=seed, budget=budget,
                      engine="fast" if engine == "fast" else "reference",
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
    lines = [f"{spec.algorithm}: {ALGORITHMS[spec.algorithm]}"]
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
