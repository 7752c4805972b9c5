r"""The law of ``T`` of RLS at any ``n``: per-position laws and the multinomial allocation.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 ("RLS makes a step
in exactly one position (chosen uniformly at random)") and Algorithm 2 (RLS_{alpha,beta}); the
same for every step operator of :mod:`zonemax.exact` (``rls-pm1``, ``rls-ab``, ``rls-heavy``,
``rls-geom``, ``rls-power``).

Why it factorises
-----------------
An iteration selects one position ``i`` uniformly and proposes a step there; since the other
positions do not change, it is accepted iff position ``i`` does not move away from ``a_i``
(RLS_{alpha,beta}'s velocity ``v_i`` changes only when ``i`` is selected as well).  So position
``i`` follows its own chain, driven only by its selections: let ``S_i`` be the number of its
selections until it reaches ``a_i``.  The ``S_i`` are independent, independent of the selection
sequence, and ``S_i`` has the law of ``T`` of the same algorithm in dimension 1 with target
``(a_i,)``.  With ``N_i(t)`` the number of selections of ``i`` in the first ``t`` iterations
(multinomial, ``1/n`` each),

    ``P(T <= t) = P(N_i(t) >= S_i for all i)
               = sum_{k_1 + ... + k_n = t} t! / (k_1! ... k_n!) n^-t prod_i P(S_i <= k_i)
               = t! n^-t [x^t] prod_i H_i(x),   H_i(x) = sum_k P(S_i <= k) x^k / k!``

(exponential generating functions).  Positions with equal ``|a_i|`` share ``H_i``, so the product
is a few powers.

Enclosures
----------
``P(S_i <= k)`` comes from :func:`zonemax.exact.law.law_of_T` on the one-position chain, as an
enclosure ``[low, high]`` for ``k`` up to its ``1 - 10^-14`` quantile and ``[cdf_low, 1]``
beyond.  The series are multiplied in ball arithmetic (python-flint's ``arb_series``, outward
rounding), so every coefficient, hence every ``P(T <= t)``, is a rigorous enclosure; the float
ends returned are rounded outward.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np

from zonemax.exact.law import DEFAULT_TAIL, LawOfT, law_of_T
from zonemax.exact.result import InstanceTooLarge
from zonemax.reference.spec import AlgorithmSpec

#: The RLS families this applies to.
RLS_FAMILIES = ("rls-pm1", "rls-ab", "rls-heavy", "rls-geom", "rls-power")
#: Tail of the one-position laws (their enclosures end at this quantile).
POSITION_TAIL = 1e-14
#: Bits of the ball arithmetic.
PRECISION = 128
#: Largest number of iterations covered (the series' degree; the cost grows as its square).
DEFAULT_MAX_T = 200_000


def _position_cdf(spec: AlgorithmSpec, d0: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Enclosures of ``P(S <= k)``, ``k = 0, 1, ...`` for one position at distance ``d0``, and
    the states of its chain."""
    one = dataclasses.replace(spec, a=(d0,))
    law = law_of_T(one, tail=POSITION_TAIL)
    return law.cdf_low, law.cdf_high, law.states


def rls_law_any_n(spec: AlgorithmSpec, *, tail: float = DEFAULT_TAIL,
                  max_t: int = DEFAULT_MAX_T) -> LawOfT:
    """The law of ``T`` of an RLS family at any ``n`` (module docstring), up to its
    ``1 - tail`` quantile, with rigorous enclosures (``tail`` is raised to twice the total
    uncertainty of the one-position laws where that is larger: the heavy-tailed operator)."""
    from flint import arb, arb_series, ctx

    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if spec.algorithm not in RLS_FAMILIES:
        raise ValueError(f"rls_law_any_n applies to {', '.join(RLS_FAMILIES)}; got "
                         f"{spec.algorithm}")
    if not (isinstance(tail, float) and 1e-12 <= tail < 1):
        raise ValueError(f"tail must be a float in [1e-12, 1), got {tail!r}")
    if isinstance(max_t, bool) or not isinstance(max_t, int) or max_t < 1:
        raise ValueError(f"max_t must be a positive int, got {max_t!r}")
    n = spec.n
    groups = Counter(abs(x) for x in spec.a if x != 0)
    if not groups:
        one = np.ones(1)
        return LawOfT(spec, one, one, one, one, 0.0, 1, "trivial: the start is the optimum")
    per = {d: _position_cdf(spec, d) for d in groups}
    # what the one-position enclosures allow: beyond its last k a position contributes its
    # uncertainty 1 - cdf_low[-1] (the heavy-tailed law: about 10^-5, from c_eps)
    floor = sum(m * (1.0 - float(per[d][0][-1])) for d, m in groups.items())
    reach = max(tail, 2.0 * floor)
    # start where every position has had about its own 1 - 10^-14 quantile of selections
    degree = min(max_t, max(64, n * max(len(lo) for lo, _, _ in per.values())))
    old_prec, old_cap = ctx.prec, ctx.cap
    try:
        ctx.prec = PRECISION
        while True:
            ctx.cap = degree + 1
            fact = [arb(1)]
            for k in range(1, degree + 1):
                fact.append(fact[-1] * k)
            product = None
            for d, m in groups.items():
                lo, hi, _ = per[d]
                coeffs = []
                for k in range(degree + 1):
                    low = float(lo[k]) if k < len(lo) else float(lo[-1])
                    high = float(hi[k]) if k < len(hi) else 1.0
                    coeffs.append(arb(low).union(arb(high)) / fact[k])  # a ball over [low, high]
                series = arb_series(coeffs, prec=degree + 1) ** m
                product = series if product is None else product * series
            assert product is not None  # groups is not empty
            zeros = n - sum(groups.values())
            if zeros:
                product = product * arb_series([1 / f for f in fact], prec=degree + 1) ** zeros
            coeff = product.coeffs()
            coeff += [arb(0)] * (degree + 1 - len(coeff))
            scale = arb(1)
            cdf: list[object] = []
            for t in range(degree + 1):
                if t:
                    scale = scale * t / n  # t! n^-t
                cdf.append(coeff[t] * scale)
            low_end = _down(cdf[-1].lower())  # type: ignore[attr-defined]
            if low_end >= 1 - reach or degree >= max_t:
                break
            degree = min(max_t, 2 * degree)
        if low_end < 1 - reach:
            raise InstanceTooLarge(
                f"rls law of {spec.algorithm} on a = {spec.a}: P(T <= t) >= 1 - {tail:g} is not "
                f"certain for t <= max_t = {max_t}; raise max_t")
        cdf_low = np.array([max(0.0, _down(c.lower())) for c in cdf])  # type: ignore[attr-defined]
        cdf_high = np.array([min(1.0, _up(c.upper())) for c in cdf])  # type: ignore[attr-defined]
        pmf = [cdf[0]] + [cdf[t] - cdf[t - 1] for t in range(1, len(cdf))]  # type: ignore[operator]
        pmf_low = np.array([max(0.0, _down(p.lower())) for p in pmf])  # type: ignore[attr-defined]
        pmf_high = np.array([min(1.0, _up(p.upper())) for p in pmf])  # type: ignore[attr-defined]
    finally:
        ctx.prec, ctx.cap = old_prec, old_cap
    last = int(np.argmax(cdf_low >= 1 - reach))
    method = ("per-position laws (one-position chains, forward propagation) combined by the "
              "multinomial allocation of iterations (exponential generating functions in arb "
              f"ball arithmetic, {PRECISION} bits)")
    states = sum(k for _, _, k in per.values())  # of the one-position chains
    return LawOfT(spec, pmf_low[:last + 1], pmf_high[:last + 1], np.maximum.accumulate(
        cdf_low[:last + 1]), cdf_high[:last + 1], reach, states, method)


def _down(x: object) -> float:
    """A float ``<=`` the arb ``x`` (converted, then one step down)."""
    return math.nextafter(float(x.mid()), -math.inf)  # type: ignore[attr-defined]


def _up(x: object) -> float:
    return math.nextafter(float(x.mid()), math.inf)  # type: ignore[attr-defined]
