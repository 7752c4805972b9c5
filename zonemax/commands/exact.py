"""``zonemax exact``: exact expected run times of small instances (``zonemax.exact``).

Examples::

    zonemax exact ea-pm1 --a 2,-1
    zonemax exact rls-ab --a 5,3 --alpha 2 --beta 1/2
    zonemax exact ea-heavy --a 6 --eps 1 --truncate clip        # r = |a|_inf
    zonemax exact ea-heavy --a=-3,2 --eps 0.5 --log-base e --json

"""

from __future__ import annotations

import argparse
import json
import sys
from decimal import Decimal, localcontext
from fractions import Fraction

import mpmath

from zonemax.exact import ALGORITHMS, ExactResult, exact_expectation
from zonemax.reference.fitness import norm_inf
from zonemax.commands.run import add_target_arguments, target_from_args
from zonemax.errors import UsageError

NAME = "exact"
HELP = "exact expected run time E[T] of a small instance (Markov chain, Fractions/intervals)"

#: Decimal digits printed beside an exact fraction or for an interval midpoint.
DIGITS = 20

_DESCRIPTIONS = {
    "ea-pm1": "(1+1) EA with the ±1 operator (Algorithm 1, Definition 1)",
    "ea-heavy": "(1+1) EA with the heavy-tailed operator (Algorithm 1, Definition 2)",
    "rls-pm1": "RLS with the ±1 operator (Section 2)",
    "rls-ab": "RLS_{alpha,beta} with self-adjusting step sizes (Algorithm 2)",
}


def _positive_int(name: str, text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(f"{name} must be a positive integer, got {text!r}") from None
    if value < 1:
        raise UsageError(f"{name} must be a positive integer, got {value}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("algorithm", metavar="ALGO", help="one of: " + ", ".join(ALGORITHMS))
    add_target_arguments(parser)
    parser.add_argument("--eps", help="ea-heavy: eps > 0 of Definition 2 (default 0.001)")
    parser.add_argument("--log-base", help="ea-heavy: log base of the law of I, 2 (default) or e")
    parser.add_argument("--truncate", help="ea-heavy: none (default), condition or clip")
    parser.add_argument("--trunc-r", dest="trunc_r", metavar="R",
                        help="ea-heavy: truncation range (default |a|_inf with --truncate)")
    parser.add_argument("--alpha", help="rls-ab: velocity increase alpha > 1 (default 1.7)")
    parser.add_argument("--beta", help="rls-ab: velocity decrease 0 < beta < 1 (default 0.9)")
    parser.add_argument("--max-states", metavar="N",
                        help="refuse instances estimated above N lumped states "
                        "(default depends on ALGO and n)")
    parser.add_argument("--variance", action="store_true", help="also compute Var[T]")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def result_from_args(args: argparse.Namespace) -> ExactResult:
    """Validate the arguments and call :func:`zonemax.exact.exact_expectation`."""
    algorithm = args.algorithm
    if algorithm not in ALGORITHMS:
        raise UsageError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    a = target_from_args(args)
    heavy_given = [f"--{k.replace('_', '-')}" for k in ("eps", "log_base", "truncate", "trunc_r")
                   if getattr(args, k) is not None]
    ab_given = [f"--{k}" for k in ("alpha", "beta") if getattr(args, k) is not None]
    if algorithm != "ea-heavy" and heavy_given:
        raise UsageError(f"{', '.join(heavy_given)} apply only to ea-heavy, not to {algorithm}")
    if algorithm != "rls-ab" and ab_given:
        raise UsageError(f"{', '.join(ab_given)} apply only to rls-ab, not to {algorithm}")
    max_states = None if args.max_states is None else _positive_int("--max-states",
                                                                    args.max_states)
    if algorithm == "ea-heavy":
        log_base = "2" if args.log_base is None else args.log_base
        if log_base not in ("2", "e"):
            raise UsageError(f"--log-base must be 2 or e, got {log_base!r}")
        truncate = "none" if args.truncate is None else args.truncate
        if truncate not in ("none", "condition", "clip"):
            raise UsageError(f"--truncate must be none, condition or clip, got {truncate!r}")
        r: int | None = None
        if args.trunc_r is not None:
            if truncate == "none":
                raise UsageError("--trunc-r needs --truncate condition or clip")
            r = _positive_int("--trunc-r", args.trunc_r)
        elif truncate != "none":
            r = max(1, norm_inf(a))  # default range r = |a|_inf
        return exact_expectation(
            algorithm, a, eps="0.001" if args.eps is None else args.eps,
            log_base=2 if log_base == "2" else "e", truncate=truncate,  # type: ignore[arg-type]
            r=r, max_states=max_states, with_variance=args.variance,
        )
    if algorithm == "rls-ab":
        return exact_expectation(
            algorithm, a, alpha="1.7" if args.alpha is None else args.alpha,
            beta="0.9" if args.beta is None else args.beta,
            max_states=max_states, with_variance=args.variance,
        )
    return exact_expectation(algorithm, a, max_states=max_states, with_variance=args.variance)


def decimal_text(value: Fraction | mpmath.mpf, digits: int = DIGITS) -> str:
    """``value`` as a decimal with ``digits`` significant digits (exact rounding for Fractions)."""
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = digits
            return str(Decimal(value.numerator) / Decimal(value.denominator))
    return str(mpmath.nstr(value, digits))


def _value_text(value: Fraction | mpmath.mpf) -> str:
    return str(value) if isinstance(value, Fraction) else decimal_text(value)


def format_text(res: ExactResult) -> str:
    lines = [f"{res.algorithm}: {_DESCRIPTIONS[res.algorithm]}"]
    params = [f"{k}={v}" for k, v in res.params if v is not None]
    shown = "; " + ", ".join(params) if params else ""
    lines.append(f"target a = {','.join(map(str, res.a))}{shown}")
    if res.exact:
        assert isinstance(res.expectation, Fraction)
        lines.append(f"E[T] = {res.expectation} ≈ {decimal_text(res.expectation)}")
    else:
        lines.append(f"E[T] = {decimal_text(res.expectation)} ± "
                     f"{mpmath.nstr(res.error_bound, 3)}  (rigorous: c_eps enclosure and "
                     "rounding)")
    if res.variance is not None:
        var = res.variance
        text = f"{var} ≈ {decimal_text(var)}" if isinstance(var, Fraction) else decimal_text(var)
        lines.append(f"Var[T] = {text}")
    lines.append(f"states: {res.states}")
    return "\n".join(lines) + "\n"


def format_json(res: ExactResult) -> str:
    obj: dict[str, object] = {
        "algorithm": res.algorithm,
        "a": list(res.a),
        "params": {k: (str(v) if isinstance(v, Fraction) else v) for k, v in res.params},
        "exact": res.exact,
        "expectation": _value_text(res.expectation),
        "expectation_decimal": decimal_text(res.expectation),
        "error_bound": _value_text(res.error_bound) if res.exact
        else str(mpmath.nstr(res.error_bound, 6)),
        "states": res.states,
    }
    if res.variance is not None:
        obj["variance"] = _value_text(res.variance)
        obj["variance_decimal"] = decimal_text(res.variance)
    return json.dumps(obj) + "\n"


def execute(args: argparse.Namespace) -> int:
    res = result_from_args(args)
    sys.stdout.write(format_json(res) if args.json else format_text(res))
    return 0
