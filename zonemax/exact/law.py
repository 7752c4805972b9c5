r"""The whole law of ``T``: ``P(T = t)`` and ``P(T <= t)`` with enclosures, and quantiles.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 (Algorithms 1 and
2, Definitions 1 and 2) and the operators beyond the paper.  ``T`` is the run time of
:mod:`zonemax.exact` (iterations until ``f(x) = 0``, rejected ones included, from ``x = 0^n``).

Method
------
The lumped chain of the family's exact solver (the same transition functions: exact
``Fraction`` probabilities, or ``mpmath`` intervals for the heavy-tailed, double-geometric and
power-law operators) is built once and converted to binary64: every probability ``P(s, t)``
becomes the float nearest to it (nearest to the interval's midpoint), the self-loop
``1 - sum_t P(s, t)`` is formed exactly (or as an interval) before rounding.  So each row of
the float kernel ``K'`` differs from the exact row by at most ``eps_row`` in l1 (``u = 2^-53``
per entry for exact rationals, plus the intervals' radii).  Then the distribution ``p_t`` of the
non-optimal states is pushed forward, ``p_{t+1} = p_t K'`` (sparse, ``scipy``).

Why the enclosures hold
-----------------------
``K`` is sub-stochastic on the transient states, so ``||(q - p) K||_1 <= ||q - p||_1``: errors do
not grow.  With ``e_t`` a bound on ``||p'_t - p_t||_1`` (``p'`` the computed vectors),
``e_{t+1} <= e_t + (eps_row + gamma_{d+1}) ||p'_t||_1`` where the second term is the rounding of
the sparse product (``d`` the largest number of summands of one entry, ``gamma_k = k u/(1-k u)``).
The survival ``P(T > t) = ||p_t||_1`` is enclosed by ``sum p'_t`` (its own rounding
``gamma_N``) plus or minus ``e_t``; ``P(T = t)`` is the mass absorbed in step ``t``, enclosed
likewise.  The widths are absolute (about ``t`` times ``10^-15`` for the chains here); the
computation stops at the first ``t`` where ``P(T <= t) >= 1 - tail`` is certain (default
``tail = 10^-9``), or where the computed survival is below ``tail/1000`` and only the error bound
is left (then :attr:`LawOfT.tail` says what is certain).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import scipy.sparse
from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.heavy_law import DEFAULT_HEAVY_DPS, HeavyLaw, check_dps, check_heavy_params
from zonemax.exact.limits import check_max_states, refuse, start_distances
from zonemax.exact.result import InstanceTooLarge
from zonemax.reference.spec import AlgorithmSpec

#: Default ``tail``: the law is computed up to the ``1 - 10^-9`` quantile.
DEFAULT_TAIL = 1e-9
#: Default cap on the number of steps pushed forward (the work is steps times transitions).
DEFAULT_MAX_STEPS = 10**6
UNIT = 2.0**-53


@dataclass(frozen=True, eq=False)
class LawOfT:
    """The law of ``T`` for one :class:`~zonemax.reference.spec.AlgorithmSpec`, with enclosures.

    Attributes
    ----------
    spec:
        The instance.
    pmf_low, pmf_high:
        float arrays, index ``t = 0 .. t_max``: ``pmf_low[t] <= P(T = t) <= pmf_high[t]``.
    cdf_low, cdf_high:
        ``cdf_low[t] <= P(T <= t) <= cdf_high[t]``.
    tail:
        ``P(T > t_max) <= tail`` (certain: ``cdf_low[t_max] >= 1 - tail``).  The requested
        tail, or more where the enclosures' widths do not allow it (the heavy-tailed operator:
        its ``c_eps`` is enclosed to about ``10^-6``, and so are its transition probabilities).
    states:
        Lumped states of the chain.
    method:
        What ran, for people.
    """

    spec: AlgorithmSpec
    pmf_low: np.ndarray
    pmf_high: np.ndarray
    cdf_low: np.ndarray
    cdf_high: np.ndarray
    tail: float
    states: int
    method: str

    @property
    def t_max(self) -> int:
        """The last ``t`` covered."""
        return int(self.cdf_low.shape[0]) - 1

    def quantile(self, level: float) -> tuple[int, int]:
        """``(lo, hi)`` with ``lo <= q <= hi`` for the ``level``-quantile
        ``q = min{t : P(T <= t) >= level}``, ``0 < level <= 1 - tail``."""
        if not (isinstance(level, float | int) and 0 < level <= 1 - self.tail):
            raise ValueError(f"level must be in (0, 1 - tail] = (0, {1 - self.tail}], "
                             f"got {level!r}")
        hi = int(np.argmax(self.cdf_low >= level))  # certainly reached here
        lo = int(np.argmax(self.cdf_high >= level))  # certainly not before this
        return lo, hi

    def mean_bounds(self) -> tuple[float, float]:
        """Bounds on ``E[T]`` from the covered part only, for cross-checks:
        ``sum_t P(T > t)`` over ``t < t_max`` enclosed (the rest, ``E[T; T > t_max]``, is not
        bounded here, so the upper end is a bound on ``E[min(T, t_max)]``)."""
        survive_low = 1.0 - self.cdf_high[:-1]
        survive_high = 1.0 - self.cdf_low[:-1]
        return float(np.sum(survive_low)), float(np.sum(survive_high))


def _chain(spec: AlgorithmSpec, dps: int) -> tuple[Any, Callable[[Any], dict[Any, Any]],
                                                   Callable[[Any], bool], int, str]:
    """``(start, transitions, is_target, estimate, arithmetic)`` of the family's lumped chain:
    the transition functions of the exact solvers (:mod:`zonemax.exact`)."""
    a = spec.a
    n = len(a)
    start = start_distances(a)
    ctx = MPIntervalContext()
    ctx.dps = dps
    from zonemax.exact.limits import multiset_bound, sorted_tuples_upto

    ea_estimate = sorted_tuples_upto(n, sum(start))
    rls_estimate = multiset_bound((d + 1, k) for d, k in Counter(start).items())
    algo = spec.algorithm
    if algo == "ea-pm1":
        from zonemax.exact.ea_pm1 import _transitions as ea_pm1_transitions

        return start, ea_pm1_transitions(n), _at_zero, ea_estimate, "Fraction"
    if algo == "rls-pm1":
        from zonemax.exact.rls_pm1 import _transitions as rls_pm1_transitions

        return start, rls_pm1_transitions(n), _at_zero, rls_estimate, "Fraction"
    if algo == "rls-ab":
        from zonemax.exact.rls_ab import _DONE, _rls_ab_moves, position_kernel

        assert spec.alpha is not None and spec.beta is not None
        moves = _rls_ab_moves(Fraction(spec.alpha), Fraction(spec.beta))
        ab_transitions = position_kernel(moves, n, _DONE)

        ab_start = tuple(sorted((_DONE if ai == 0 else (abs(ai), Fraction(1)) for ai in a),
                                reverse=True))
        # the states are counted while they are built (``max_states`` applies there)
        return ab_start, ab_transitions, lambda s: s[0] == _DONE, 0, "Fraction"
    from zonemax.exact.step_chains import ea_transitions, rls_transitions

    kernel = ea_transitions if algo.startswith("ea-") else rls_transitions
    estimate = ea_estimate if algo.startswith("ea-") else rls_estimate
    if algo in ("ea-heavy", "rls-heavy"):
        assert spec.eps is not None  # the spec gives the heavy-tailed algorithms their eps
        e, base, mode, rr = check_heavy_params(spec.eps, spec.log_base, spec.truncate, spec.r)
        heavy = HeavyLaw(e, base, mode, rr, ctx)
        return start, kernel(n, heavy.law, ctx.mpf(1)), _at_zero, estimate, "interval"
    if algo in ("ea-geom", "rls-geom"):
        from zonemax.exact.geom_law import GeomLaw, check_geom_params

        q_in, mean_in = check_geom_params(spec.geom_q, spec.geom_mean)
        geom = GeomLaw(q_in, mean_in, ctx)
        return (start, kernel(n, geom.law, geom.one), _at_zero, estimate,
                "Fraction" if geom.exact else "interval")
    if algo in ("ea-power", "rls-power"):
        from zonemax.exact.power_law import PowerLawLaw
        from zonemax.reference.params import check_power_exponent

        assert spec.power_exponent is not None
        power = PowerLawLaw(check_power_exponent(spec.power_exponent), ctx)
        return start, kernel(n, power.law, ctx.mpf(1)), _at_zero, estimate, "interval"
    raise ValueError(f"no law of T for {algo}")


def _at_zero(d: tuple[int, ...]) -> bool:
    return d[0] == 0


def _float_and_error(value: Any) -> tuple[float, float]:
    """The float nearest to ``value`` (a Fraction, or an interval's midpoint) and a bound on
    its distance to the exact probability."""
    if isinstance(value, Fraction | int):
        x = float(value)
        return x, abs(x) * UNIT
    low, high = mpmath.mpf(value.a), mpmath.mpf(value.b)
    x = float((low + high) / 2)
    return x, float(max(high - x, x - low)) * (1 + 1e-12) + abs(x) * UNIT


def law_of_T(
    spec: AlgorithmSpec,
    *,
    tail: float = DEFAULT_TAIL,
    max_states: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    dps: int = DEFAULT_HEAVY_DPS,
) -> LawOfT:
    """The law of ``T`` of ``spec`` up to its ``1 - tail`` quantile, with enclosures (module
    docstring).  Every family of :mod:`zonemax.exact` at the sizes its exact solver reaches
    (``max_states`` as there).  ``max_steps`` caps the steps pushed forward;
    :class:`~zonemax.exact.result.InstanceTooLarge` if the ``1 - tail`` quantile is not
    certain within it."""
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if not (isinstance(tail, float) and 1e-14 <= tail < 1):
        raise ValueError(f"tail must be a float in [1e-14, 1), got {tail!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ValueError(f"max_steps must be a positive int, got {max_steps!r}")
    dps = check_dps(dps)
    cap = check_max_states(max_states, spec.algorithm, spec.n)
    start, transitions, is_target, estimate, arithmetic = _chain(spec, dps)
    what = f"the law of T of {spec.algorithm} on a = {spec.a}"
    refuse(estimate, cap, what)
    if is_target(start):
        one = np.ones(1)
        return LawOfT(spec, one, one, one, one, 0.0, 1, "trivial: the start is the optimum")
    # build the chain (transient states only; the optimum class is absorbing)
    index: dict[Any, int] = {start: 0}
    order = [start]
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    absorb: list[float] = []
    row_error: list[float] = []
    i = 0
    while i < len(order):
        s = order[i]
        out = transitions(s)
        err = 0.0
        to_target = Fraction(0) if arithmetic == "Fraction" else None
        leave: Any = None
        for t, prob in out.items():
            leave = prob if leave is None else leave + prob
            x, e = _float_and_error(prob)
            err += e
            if is_target(t):
                to_target = prob if to_target is None else to_target + prob
                continue
            j = index.get(t)
            if j is None:
                j = len(order)
                index[t] = j
                order.append(t)
                if len(order) > cap:
                    refuse(len(order), cap, what)
            rows.append(i)
            cols.append(j)
            vals.append(x)
        stay = 1 - leave if leave is not None else 1
        x, e = _float_and_error(stay)
        err += e
        rows.append(i)
        cols.append(i)
        vals.append(x)
        a_x, a_e = _float_and_error(to_target if to_target is not None else 0)
        absorb.append(a_x)
        row_error.append(err + a_e)
        i += 1
    size = len(order)
    kernel = scipy.sparse.csr_matrix((vals, (rows, cols)), shape=(size, size))
    kernel.sum_duplicates()
    return law_from_kernel(spec, kernel, np.array(absorb), max(row_error), 0, tail=tail,
                           max_steps=max_steps,
                           source=f"{arithmetic} transition probabilities rounded once",
                           what=what)


def law_from_kernel(spec: AlgorithmSpec, kernel: scipy.sparse.csr_matrix, absorb: np.ndarray,
                    eps_row: float, start: int, *, tail: float = DEFAULT_TAIL,
                    max_steps: int = DEFAULT_MAX_STEPS,
                    source: str = "float transition probabilities",
                    what: str = "the law of T") -> LawOfT:
    """The push-forward of the module docstring for a float kernel built elsewhere.

    ``kernel`` is the float kernel ``K'`` on the transient states (self-loops included),
    ``absorb[s]`` the float probability of reaching the optimum from ``s`` in one step,
    ``eps_row`` a bound on the l1 distance between every exact row (``absorb`` included) and
    its float version, ``start`` the start state's index; ``source`` says where the
    probabilities came from (for :attr:`LawOfT.method`)."""
    size = kernel.shape[0]
    kt = kernel.T.tocsr()  # p_{t+1} = K^T p_t
    indegree = int(np.max(np.diff(kt.indptr))) + 1
    gamma_d = (indegree + 1) * UNIT / (1 - (indegree + 1) * UNIT)
    gamma_n = (size + 1) * UNIT / (1 - (size + 1) * UNIT)
    absorb_v = absorb
    step_error = (eps_row + gamma_d) * 1.01  # per unit of ||p'_t||_1
    p = np.zeros(size)
    p[start] = 1.0
    pmf_lo = [0.0]
    pmf_hi = [0.0]
    cdf_lo = [0.0]
    cdf_hi = [0.0]
    e_t = 0.0
    tail_bound = 1.0  # min over t of the upper bound on P(T > t), i.e. on P(T > t_max)
    for _ in range(max_steps):
        mass = float(np.sum(p))
        absorbed = float(absorb_v @ p)
        # absorbed in this step: |a'.p' - a.p| <= e_t max a + (eps_row + gamma) ||p'||_1
        err_abs = e_t + (eps_row + gamma_d) * mass * 1.01
        p = kt @ p
        e_t = e_t + step_error * mass
        survive = float(np.sum(p))
        err_s = e_t + gamma_n * survive
        pmf_lo.append(max(0.0, absorbed - err_abs))
        pmf_hi.append(min(1.0, absorbed + err_abs))
        cdf_lo.append(max(0.0, 1.0 - survive - err_s - 2 * UNIT))
        cdf_hi.append(min(1.0, 1.0 - survive + err_s + 2 * UNIT))
        tail_bound = min(tail_bound, 1.0 - cdf_lo[-1])
        if tail_bound <= tail:
            break
        if survive < tail * 1e-3:  # only the error bound is left: more steps only widen it
            break
    else:
        raise InstanceTooLarge(
            f"{what}: P(T <= t) >= 1 - {tail:g} is not certain within max_steps = "
            f"{max_steps} (P(T > t) <= {tail_bound:.3g}); raise max_steps or choose a larger "
            "tail")
    # P(T <= t) is non-decreasing: each end can borrow from its neighbours
    cdf_low_v = np.maximum.accumulate(np.array(cdf_lo))
    cdf_high_v = np.minimum.accumulate(np.array(cdf_hi)[::-1])[::-1]
    method = (f"forward propagation of the lumped chain in binary64 ({source}), a-priori "
              f"error bound; widths up to {max(e_t, 1e-300):.2g}")
    return LawOfT(spec, np.array(pmf_lo), np.array(pmf_hi), cdf_low_v, cdf_high_v,
                  max(tail, tail_bound), size + 1, method)

