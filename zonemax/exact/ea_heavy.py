r"""``E[T]`` of the (1+1) EA with the heavy-tailed operator, with a rigorous error bound.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 1 with
Definition 2 (untruncated, or truncated to a range ``r`` by ``'condition'`` or ``'clip'``).

States are sorted distance tuples (:mod:`zonemax.exact`, "Symmetry reduction").  In state ``d``
with ``f = sum(d)`` every position is mutated w.p. ``p = 1/n``; a mutated position at distance
``d_i`` moves to ``|d_i - m|`` (towards ``a_i``, possibly overshooting) or ``d_i + m`` (away),
w.p. ``P(m)/2`` each, for the magnitudes ``m <= 2f``.  A longer step is never accepted
(:mod:`zonemax.exact.heavy_law`), so only finitely many magnitudes matter and the chain is finite;
the offspring is accepted iff its distances sum to at most ``f`` (Algorithm 1, line 6).

Everything is computed in interval arithmetic (a private ``mpmath`` interval context; no global
precision is changed): the law of the step from :mod:`zonemax.exact.heavy_law` (its own enclosure
of ``c_eps``; nothing is taken from the reference's operator) and the whole elimination.
``expectation`` is the midpoint of the resulting interval and ``error_bound`` its half-width, so
``|E[T] - expectation| <= error_bound`` holds rigorously for the exact operator of Definition 2
(every ``c_eps`` in the enclosure, every rounding error included).  With ``'condition'``
``c_eps`` cancels and only rounding remains.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.heavy_law import (
    DEFAULT_C_TERMS,
    DEFAULT_HEAVY_DPS,
    HeavyLaw,
    check_dps,
    check_heavy_params,
)
from zonemax.exact.limits import check_max_states, refuse, sorted_tuples_upto, start_distances
from zonemax.exact.linalg import ExactProgress, hitting_moments, interval_result
from zonemax.exact.result import ExactResult
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import LogBase, Real


def ea_heavy_exact(
    a: Sequence[int],
    eps: Real,
    *,
    log_base: LogBase = 2,
    truncate: str = "none",
    r: int | None = None,
    max_states: int | None = None,
    dps: int = DEFAULT_HEAVY_DPS,
    c_terms: int = DEFAULT_C_TERMS,
    with_variance: bool = False,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """``E[T]`` of the (1+1) EA with the heavy-tailed operator, with a rigorous error bound.

    ``eps``, ``log_base``, ``truncate`` and ``r`` as in Definition 2 and
    :class:`zonemax.reference.spec.AlgorithmSpec`; ``dps`` is the precision of the interval
    arithmetic, ``c_terms`` the ``N`` of the integral test for ``c_eps``
    (:mod:`zonemax.exact.heavy_law`; more terms give a narrower enclosure and hence a smaller
    ``error_bound``).  ``variance`` (if requested) is the midpoint of its enclosure.
    """
    a = validate_target(a)
    max_states = check_max_states(max_states, "ea-heavy", len(a))
    e, base, mode, rr = check_heavy_params(eps, log_base, truncate, r)
    dps = check_dps(dps)
    n = len(a)
    what = f"ea-heavy on a = {a}"
    refuse(sorted_tuples_upto(n, sum(abs(ai) for ai in a)), max_states, what, progress)
    ctx = MPIntervalContext()
    ctx.dps = dps
    one = ctx.mpf(1)
    p = one / n  # Algorithm 1, line 4
    heavy = HeavyLaw(e, base, mode, rr, ctx, c_terms)

    def transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], Any]:
        f = sum(d)
        mags = heavy.law(2 * f)  # a step longer than 2 f(x) is never accepted
        per_position: list[list[tuple[int, Any]]] = []
        for di in d:
            outcomes: list[tuple[int, Any]] = []
            if n > 1:
                outcomes.append((di, 1 - p))  # not mutated
            for m, pm in mags:
                half = p * pm / 2  # Definition 2: sign + or - with probability 1/2
                outcomes.append((abs(di - m), half))  # towards a_i (possibly overshooting)
                outcomes.append((di + m, half))  # away from a_i
            per_position.append(outcomes)
        out: dict[tuple[int, ...], Any] = {}
        for combo in product(*per_position):
            if sum(c[0] for c in combo) > f:
                continue  # Algorithm 1, line 6
            new = tuple(sorted((c[0] for c in combo), reverse=True))
            if new == d:
                continue
            prob = combo[0][1]
            for c in combo[1:]:
                prob = prob * c[1]
            out[new] = out[new] + prob if new in out else prob
        return out

    e1, e2, states, h_max = hitting_moments(
        start_distances(a), transitions, sum, lambda d: d[0] == 0, one,
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
        order=lambda d: tuple(-x for x in d),
    )
    mid, err, var = interval_result(e1, e2, dps)
    params: tuple[tuple[str, object], ...] = (
        ("eps", e), ("log_base", base), ("truncate", mode), ("r", rr),
    )
    return ExactResult(mid, err, states, "ea-heavy", a, params, var, h_max)
