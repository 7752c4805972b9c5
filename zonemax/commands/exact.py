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
from typing import TYPE_CHECKING

import mpmath

from zonemax.commands._input import UsageError, add_spec_arguments, parse_int, spec_from_args
from zonemax.reference.spec import ALGORITHMS

if TYPE_CHECKING:
    from zonemax.exact import ExactResult


#: Algorithms with an exact solver (:data:`zonemax.exact.ALGORITHMS`; listed here so that
#: ``--help`` does not import the solvers).
EXACT_ALGORITHMS = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab")
#: Decimal digits printed beside an exact fraction or for an interval midpoint.
DIGITS = 20


def configure(parser: argparse.ArgumentParser) -> None:
    add_spec_arguments(parser, EXACT_ALGORITHMS)
    parser.add_argument("--max-states", metavar="N",
                        help="refuse instances estimated above N lumped states "
                        "(default depends on ALGO and n)")
    parser.add_argument("--variance", action="store_true", help="also compute Var[T]")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def result_from_args(args: argparse.Namespace) -> ExactResult:
    """Validate the arguments and call :func:`zonemax.exact.exact_expectation`."""
    spec = spec_from_args(args, EXACT_ALGORITHMS)
    max_states = (None if args.max_states is None
                  else parse_int("--max-states", args.max_states, minimum=1))
    from zonemax.exact import InstanceTooLarge, exact_expectation

    try:
        return exact_expectation(spec, max_states=max_states, with_variance=args.variance)
    except InstanceTooLarge as exc:
        raise UsageError(str(exc)) from None


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
    lines = [f"{res.algorithm}: {ALGORITHMS[res.algorithm]}"]
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
