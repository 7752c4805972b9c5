r"""``E[T]`` of the (1+1) EA and of RLS with the double-geometric operator (Rudolph 1994).

Beyond Gadea Harder, Kötzing, Li, Radhakrishnan (2023): their Algorithm 1 and RLS (Section 2)
with the step ``G1 - G2`` of :mod:`zonemax.exact.geom_law` (the law derived afresh there).  The
chains are those of :mod:`zonemax.exact.step_chains` (sorted distance tuples; the zero step
``P(|Z| = 0) = (1 - q)/(1 + q)`` is a mutated position that does not move).

Arithmetic: exact ``Fraction`` when ``q`` is rational (given as ``q``, or a mean ``M`` with
``1 + M^2`` a rational square, e.g. ``M = 4/3 <-> q = 1/2``): then ``expectation`` is exact and
``error_bound`` is 0 -- nothing is truncated, since steps longer than ``2 f(x)`` are never
accepted and the diagonal is the probability of leaving a state.  Otherwise (the default mean
1 has ``q = sqrt(2) - 1``) the whole solve runs in interval arithmetic and ``error_bound`` is the
rigorous half-width, as for :mod:`zonemax.exact.ea_heavy`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.geom_law import GeomLaw, check_geom_params
from zonemax.exact.heavy_law import DEFAULT_HEAVY_DPS, check_dps
from zonemax.exact.limits import (
    check_max_states,
    multiset_bound,
    refuse,
    sorted_tuples_upto,
    start_distances,
)
from zonemax.exact.linalg import ExactProgress, hitting_moments, interval_result, variance_of
from zonemax.exact.result import ExactResult
from zonemax.exact.step_chains import ea_transitions, rls_transitions
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import Real


def _solve(algorithm: str, a: Sequence[int], q: Real | None, mean: Real | None,
           max_states: int | None, dps: int, with_variance: bool,
           progress: ExactProgress | None) -> ExactResult:
    a = validate_target(a)
    max_states = check_max_states(max_states, algorithm, len(a))
    q_in, mean_in = check_geom_params(q, mean)
    dps = check_dps(dps)
    n = len(a)
    what = f"{algorithm} on a = {a}"
    start = start_distances(a)
    if algorithm == "ea-geom":
        estimate = sorted_tuples_upto(n, sum(start))
    else:
        estimate = multiset_bound((d + 1, k) for d, k in Counter(start).items())
    refuse(estimate, max_states, what, progress)
    ctx = MPIntervalContext()
    ctx.dps = dps
    law = GeomLaw(q_in, mean_in, ctx)
    kernel = ea_transitions if algorithm == "ea-geom" else rls_transitions
    e1, e2, states, h_max = hitting_moments(
        start, kernel(n, law.law, law.one), sum, lambda d: d[0] == 0, law.one,
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
        order=lambda d: tuple(-x for x in d),
    )
    params: tuple[tuple[str, object], ...] = (
        ("geom_q", q_in) if q_in is not None else ("geom_mean", mean_in),
    )
    if law.exact:
        return ExactResult(e1, Fraction(0), states, algorithm, a, params,
                           variance_of(e1, e2), h_max)
    mid, err, var = interval_result(e1, e2, dps)
    return ExactResult(mid, err, states, algorithm, a, params, var, h_max)


def ea_geom_exact(a: Sequence[int], *, q: Real | None = None, mean: Real | None = None,
                  max_states: int | None = None, dps: int = DEFAULT_HEAVY_DPS,
                  with_variance: bool = False, progress: ExactProgress | None = None
                  ) -> ExactResult:
    """``E[T]`` of the (1+1) EA with the double-geometric operator (give ``q`` or ``mean``)."""
    return _solve("ea-geom", a, q, mean, max_states, dps, with_variance, progress)


def rls_geom_exact(a: Sequence[int], *, q: Real | None = None, mean: Real | None = None,
                   max_states: int | None = None, dps: int = DEFAULT_HEAVY_DPS,
                   with_variance: bool = False, progress: ExactProgress | None = None
                  ) -> ExactResult:
    """``E[T]`` of RLS with the double-geometric operator (give ``q`` or ``mean``)."""
    return _solve("rls-geom", a, q, mean, max_states, dps, with_variance, progress)
