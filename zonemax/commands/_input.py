"""Where command-line text becomes validated values: every parser of the commands lives here.

Each function takes the text a user typed and returns a value, or raises :class:`UsageError`
with a message that names the option and says what to change.  :func:`zonemax.cli.main` turns a
``UsageError`` (and only that) into one line on stderr and exit code 2; any other exception is a
bug in zonemax and is shown as one.

Algorithm parameters go through :class:`~zonemax.reference.spec.AlgorithmSpec`, which validates
them once; :func:`spec_from_args` translates its ``ValueError``/``TypeError`` into a
``UsageError`` at this boundary.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from zonemax.commands import UsageError
from zonemax.reference.params import TRUNCATIONS
from zonemax.reference.spec import ALGORITHMS, HEAVY_ALGORITHMS, AlgorithmSpec


def parse_int(name: str, text: str, minimum: int | None = None) -> int:
    """An integer option, at least ``minimum``."""
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be an integer, got {text!r}") from None
    if minimum is not None and value < minimum:
        raise UsageError(f"{name} must be >= {minimum}, got {value}")
    return value


def parse_target(text: str) -> tuple[int, ...]:
    """``--a 3,-2,0`` as Python ints (any size)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(p == "" for p in parts):
        raise UsageError(f"--a must be a comma-separated list of integers, got {text!r}")
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise UsageError(
            f"--a must contain integers only (the search space is Z^n), got {text!r}"
        ) from None


def add_target_arguments(parser: argparse.ArgumentParser) -> None:
    """``--a A1,A2,...`` or ``--n N --r R`` (the target all-r with n positions)."""
    parser.add_argument("--a", metavar="A1,A2,...", help="target a in Z^n, comma-separated")
    parser.add_argument("--n", metavar="N", help="number of positions (with --r)")
    parser.add_argument("--r", metavar="R", help="target all-R (with --n)")


def target_from_args(args: argparse.Namespace) -> tuple[int, ...]:
    """The target of ``--a`` or ``--n/--r``."""
    if args.a is not None:
        if args.n is not None or args.r is not None:
            raise UsageError("give either --a or --n/--r, not both")
        return parse_target(args.a)
    if args.n is None or args.r is None:
        raise UsageError("give a target: --a A1,A2,... or --n N --r R")
    n = parse_int("--n", args.n, minimum=1)
    r = parse_int("--r", args.r)
    return (r,) * n


def algorithm_help(algorithms: Sequence[str]) -> str:
    """One line per algorithm name with what it is (for ``--help``)."""
    return "; ".join(f"{name}: {ALGORITHMS[name]}" for name in algorithms)


def add_spec_arguments(parser: argparse.ArgumentParser, algorithms: Sequence[str]) -> None:
    """The algorithm, its target and its parameters (every field of an AlgorithmSpec)."""
    parser.add_argument("algorithm", metavar="ALGO", help=algorithm_help(algorithms))
    add_target_arguments(parser)
    parser.add_argument("--eps", help="heavy-tailed: eps > 0 of Definition 2 (default 0.001, "
                        "Section 6)")
    parser.add_argument("--log-base", help="heavy-tailed: base of the log in Definition 2, "
                        "2 (default) or e")
    parser.add_argument("--truncate", help="heavy-tailed: none (default), condition or clip "
                        "(bounded range r)")
    parser.add_argument("--trunc-r", metavar="R",
                        help="heavy-tailed: truncation range (default |a|_inf with --truncate)")
    parser.add_argument("--alpha", help="rls-ab: velocity increase alpha > 1 (default 1.7)")
    parser.add_argument("--beta", help="rls-ab: velocity decrease 0 < beta < 1 (default 0.9)")


def spec_from_args(args: argparse.Namespace, algorithms: Sequence[str]) -> AlgorithmSpec:
    """Validate the algorithm, target and parameters into an :class:`AlgorithmSpec`."""
    algorithm = args.algorithm
    if algorithm not in algorithms:
        raise UsageError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(algorithms)}")
    a = target_from_args(args)
    heavy_given = [f"--{k.replace('_', '-')}" for k in ("eps", "log_base", "truncate", "trunc_r")
                   if getattr(args, k) is not None]
    ab_given = [f"--{k}" for k in ("alpha", "beta") if getattr(args, k) is not None]
    if algorithm not in HEAVY_ALGORITHMS and heavy_given:
        verb = "applies" if len(heavy_given) == 1 else "apply"
        raise UsageError(f"{', '.join(heavy_given)} {verb} only to the heavy-tailed "
                         f"algorithms ({', '.join(HEAVY_ALGORITHMS)}), not to {algorithm}")
    if algorithm != "rls-ab" and ab_given:
        verb = "applies" if len(ab_given) == 1 else "apply"
        raise UsageError(f"{', '.join(ab_given)} {verb} only to rls-ab, not to {algorithm}")
    log_base: int | str = 2
    if args.log_base is not None:
        if args.log_base not in ("2", "e"):
            raise UsageError(f"--log-base must be 2 or e, got {args.log_base!r}")
        log_base = 2 if args.log_base == "2" else "e"
    truncate = "none" if args.truncate is None else args.truncate
    if truncate not in TRUNCATIONS:
        raise UsageError(f"--truncate must be one of {', '.join(TRUNCATIONS)}, got {truncate!r}")
    trunc_r = None
    if args.trunc_r is not None:
        if truncate == "none":
            raise UsageError("--trunc-r needs --truncate condition or clip")
        trunc_r = parse_int("--trunc-r", args.trunc_r, minimum=1)
    try:
        return AlgorithmSpec(algorithm, a, eps=args.eps, log_base=log_base,  # type: ignore[arg-type]
                             truncate=truncate, r=trunc_r, alpha=args.alpha, beta=args.beta)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from None
