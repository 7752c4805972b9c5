"""``zonemax exact``: exact expected run times of small instances (``zonemax.exact``).

Examples::

    zonemax exact ea-pm1 --a 2,-1
    zonemax exact rls-ab --a 5,3 --alpha 2 --beta 1/2
    zonemax exact ea-heavy --a 6 --eps 1 --truncate clip        # r = |a|_inf
    zonemax exact ea-heavy --a=-3,2 --eps 0.5 --log-base e --json
    zonemax exact rls-geom --a 4,-2 --geom-q 1/2                 # exact Fraction
    zonemax exact ea-geom --a 3 --geom-mean 1                    # q = sqrt(2) - 1: interval
    zonemax exact ea-power --a 3,1 --power-exponent 3/2

"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING

import mpmath

from zonemax.commands._input import (
    MAX_STATES,
    UsageError,
    add_spec_arguments,
    parse_int,
    parse_max_states,
    spec_from_args,
)
from zonemax.reference.fitness import norm_1
from zonemax.reference.spec import ALGORITHMS, EA_ALGORITHMS, RLS_ALGORITHMS, AlgorithmSpec

if TYPE_CHECKING:
    from zonemax.exact import ExactResult


#: Algorithms with an exact solver (:data:`zonemax.exact.ALGORITHMS`; listed here so that
#: ``--help`` does not import the solvers).
EXACT_ALGORITHMS = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "ea-geom", "rls-geom",
                    "ea-power", "rls-power")
#: Decimal digits printed beside an exact fraction or for an interval midpoint.
DIGITS = 20
#: ``--dps`` range: 15 is what :func:`zonemax.exact.heavy_law.check_dps` accepts; the top keeps a
#: typo from starting a solve that never ends (mpmath's cost grows faster than the digits):
#: measured, ``ea-geom --a 6,4 --geom-mean 1`` takes 0.03 s at 50 digits and 0.17 s at 2000,
#: and ``--a 3 --geom-mean 1e100`` needs 120.
MIN_DPS = 15
MAX_DPS = 2000


def configure(parser: argparse.ArgumentParser) -> None:
    add_spec_arguments(parser, EXACT_ALGORITHMS)
    parser.add_argument("--max-states", metavar="N",
                        help="refuse instances estimated above N lumped states (default "
                        f"depends on ALGO and n, about 10^3 to 10^5; at most {MAX_STATES:.0e}). "
                        "The solvers are meant for small instances: a lower bound on the "
                        "number of states is checked before anything is built")
    parser.add_argument("--variance", action="store_true", help="also compute Var[T]")
    parser.add_argument("--dps", metavar="DIGITS",
                        help="precision of the interval solves (heavy-tailed, power-law, "
                        "double-geometric with an irrational q) in decimal digits (default 50); "
                        "an enclosure that does not pin down six digits is refused with a "
                        "precision to try")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _capped_comb(top: int, k: int, cap: int) -> int:
    """``C(top, k)``, or ``cap + 1`` as soon as it exceeds ``cap`` (cheap for huge ``top``)."""
    value = 1
    for i in range(1, k + 1):  # C(top - k + i, i) grows with i
        value = value * (top - k + i) // i
        if value > cap:
            return cap + 1
    return value


def states_lower_bound(spec: AlgorithmSpec, cap: int) -> int:
    """A lower bound on the lumped states the solver of ``spec`` builds (capped at ``cap + 1``).

    It never exceeds the solvers' own up-front estimates in :mod:`zonemax.exact`, so a
    refusal here is one the solver would make too, only without its cost (which grows with the
    target: counting the states of ``rls-ab`` on ``(200, 200)`` took 28 s).

    * the (1+1) EA with any step operator: the states are the non-increasing ``n``-tuples of distances with
      sum ``<= |a|_1 = T``; those with at most two non-zero entries number ``T + 1`` (``n = 1``)
      and ``floor(T^2/4) + T + 1`` (``n >= 2``).
    * RLS with any step operator: the multiset count ``prod C(d + m, m)`` over the groups of
      ``m`` positions at distance ``d`` (the solvers' own estimate: one position moves at a time
      and never away from its target).
    * ``rls-ab``: a position started at distance ``d0 >= 1`` reaches at least ``2 d0`` states:
      ``(d, 1)`` for ``1 <= d <= d0`` (slow down to velocity 1, then step 1 towards the target),
      ``(d, alpha)`` for ``1 <= d < d0`` and the finished state; groups of ``m`` equal
      positions give ``C(2 d0 + m - 1, m)``.
    """
    a = spec.a
    groups = Counter(abs(ai) for ai in a if ai != 0)
    if spec.algorithm in EA_ALGORITHMS:
        total = norm_1(a)
        bound = total + 1 if len(a) == 1 else total * total // 4 + total + 1
        return min(bound, cap + 1)
    sizes = ([(d + 1, m) for d, m in groups.items()] if spec.algorithm in RLS_ALGORITHMS
             else [(2 * d, m) for d, m in groups.items()])
    bound = 1
    for size, m in sizes:
        bound *= _capped_comb(size + m - 1, m, cap)
        if bound > cap:
            return cap + 1
    return bound


def _target_text(a: tuple[int, ...]) -> str:
    def entry(x: int) -> str:
        return str(x) if abs(x) < 10**12 else f"{'-' if x < 0 else ''}~10^{int(math.log10(abs(x)))}"

    shown = ", ".join(entry(x) for x in a[:5])
    return f"({shown}{', ...' if len(a) > 5 else ''})" + (f" (n = {len(a)})" if len(a) > 5 else "")


def result_from_args(args: argparse.Namespace) -> ExactResult:
    """Validate the arguments, check the size up front, call
    :func:`zonemax.exact.exact_expectation`."""
    spec = spec_from_args(args, EXACT_ALGORITHMS)
    from zonemax.exact import (
        EnclosureTooWide,
        InstanceTooLarge,
        default_max_states,
        exact_expectation,
    )
    from zonemax.exact.dispatch import INTERVAL_ALGORITHMS

    max_states = (default_max_states(spec.algorithm, spec.n) if args.max_states is None
                  else parse_max_states(args.max_states))
    low = states_lower_bound(spec, max_states)
    if low > max_states:
        raise UsageError(
            f"{spec.algorithm} on a = {_target_text(spec.a)}: more lumped states than "
            f"max_states = {max_states} (a lower bound computed before solving); exact solvers "
            "are for small instances: choose a smaller target, raise --max-states (at most "
            f"{MAX_STATES:.0e}) if you accept the time, or estimate E[T] with zonemax run")
    dps = None
    if args.dps is not None:
        if spec.algorithm not in INTERVAL_ALGORITHMS:
            raise UsageError(f"--dps applies only to {', '.join(INTERVAL_ALGORITHMS)}; "
                             f"{spec.algorithm} is solved in exact rationals")
        dps = parse_int("--dps", args.dps, minimum=MIN_DPS, maximum=MAX_DPS)
    try:
        return exact_expectation(spec, max_states=max_states, with_variance=args.variance,
                                 dps=dps)
    except InstanceTooLarge as exc:
        raise UsageError(str(exc)) from None
    except EnclosureTooWide as exc:
        text = str(exc)
        text = text[:text.rindex("; solve again")]
        raise UsageError(f"{spec.algorithm}: no result: {text}; give --dps {exc.suggested_dps} "
                         f"(at most {MAX_DPS})" if exc.suggested_dps <= MAX_DPS else
                         f"{spec.algorithm}: no result: {text}; even --dps {MAX_DPS} is not "
                         "expected to be enough") from None


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
        why = ("c_eps enclosure and rounding" if res.algorithm in ("ea-heavy", "rls-heavy")
               else "interval arithmetic, every rounding included")
        lines.append(f"E[T] = {decimal_text(res.expectation)} ± "
                     f"{mpmath.nstr(res.error_bound, 3)}  (rigorous: {why})")
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
