r"""``E[T]`` of the (1+1) EA and of RLS with the power-law operator, with a rigorous error bound.

Beyond Gadea Harder, Kötzing, Li, Radhakrishnan (2023): their Algorithm 1 and RLS (Section 2)
with the step ``±K``, ``P(K = k) = k^-beta / zeta(beta)`` (Doerr, Krejca, Rudolph, arXiv
2412.11684), whose law is derived afresh in :mod:`zonemax.exact.power_law`.  The chains are those
of :mod:`zonemax.exact.step_chains` (sorted distance tuples).

Only the magnitudes ``m <= 2 f(x)`` enter (longer steps are never accepted), so the chain is
finite; the infinite support enters only through ``zeta(beta)``, enclosed by Euler-Maclaurin with
an explicit remainder.  The solve runs in interval arithmetic (``k^-beta`` is irrational), so
``|E[T] - expectation| <= error_bound`` holds rigorously, every rounding included
(:func:`zonemax.exact.linalg.interval_result`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.heavy_law import DEFAULT_HEAVY_DPS, check_dps
from zonemax.exact.limits import (
    check_max_states,
    multiset_bound,
    refuse,
    sorted_tuples_upto,
    start_distances,
)
from zonemax.exact.linalg import ExactProgress, hitting_moments, interval_result
from zonemax.exact.power_law import PowerLawLaw
from zonemax.exact.result import ExactResult
from zonemax.exact.step_chains import ea_transitions, rls_transitions
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import DEFAULT_POWER_EXPONENT, Real, check_power_exponent


def _solve(algorithm: str, a: Sequence[int], exponent: Real, max_states: int | None, dps: int,
           with_variance: bool,
           progress: ExactProgress | None) -> ExactResult:
    a = validate_target(a)
    max_states = check_max_states(max_states, algorithm, len(a))
    beta = check_power_exponent(exponent)
    dps = check_dps(dps)
    n = len(a)
    what = f"{algorithm} on a = {a}"
    start = start_distances(a)
    if algorithm == "ea-power":
        estimate = sorted_tuples_upto(n, sum(start))
    else:
        estimate = multiset_bound((d + 1, k) for d, k in Counter(start).items())
    refuse(estimate, max_states, what, progress)
    params: tuple[tuple[str, object], ...] = (("power_exponent", beta),)
    if start[0] == 0:  # the start is the optimum
        zero = Fraction(0)
        return ExactResult(zero, zero, 1, algorithm, a, params,
                           zero if with_variance else None, 0.0)
    ctx = MPIntervalContext()
    ctx.dps = dps
    one = ctx.mpf(1)
    law = PowerLawLaw(beta, ctx)
    kernel = ea_transitions if algorithm == "ea-power" else rls_transitions
    e1, e2, states, h_max = hitting_moments(
        start, kernel(n, law.law, one), sum, lambda d: d[0] == 0, one,
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
        order=lambda d: tuple(-x for x in d),
    )
    mid, err, var = interval_result(e1, e2, dps)
    return ExactResult(mid, err, states, algorithm, a, params, var, h_max)


def ea_power_exact(a: Sequence[int], exponent: Real = DEFAULT_POWER_EXPONENT, *,
                   max_states: int | None = None, dps: int = DEFAULT_HEAVY_DPS,
                   with_variance: bool = False, progress: ExactProgress | None = None
                  ) -> ExactResult:
    """``E[T]`` of the (1+1) EA with the power-law operator of exponent ``beta > 1``."""
    return _solve("ea-power", a, exponent, max_states, dps, with_variance, progress)


def rls_power_exact(a: Sequence[int], exponent: Real = DEFAULT_POWER_EXPONENT, *,
                    max_states: int | None = None, dps: int = DEFAULT_HEAVY_DPS,
                    with_variance: bool = False, progress: ExactProgress | None = None
                  ) -> ExactResult:
    """``E[T]`` of RLS with the power-law operator of exponent ``beta > 1``."""
    return _solve("rls-power", a, exponent, max_states, dps, with_variance, progress)
