r"""The checker's own quantities for the heavy-tailed operator (Definition 2, Section 4).

Written from the paper with :mod:`.arith` only (nothing of the searching code).  Notation:
``s = 1 + eps``; ``lnb`` is the natural log of the log base (``ln(2)`` for log2, ``1`` for ln);
``w(i) = 1/(i (log_b i)^s) = lnb^s / (i (ln i)^s)``, so ``P(I = i) = w(i)/c_eps`` (Definition 2)
and a step ``2^(i-2)`` has each sign with probability ``w(i)/(2 c_eps)``.  Registered in
:data:`.expr.QUANTITIES` (arguments are evaluated expressions; ``N`` is the number of terms of
the ``c_eps`` enclosure, any ``N >= 8`` is valid):

``heavy_c_eps(eps, lnb, N)``
    ``c_eps = sum_{i>=2} w(i)`` (Section 2) as ``sum_{i=2}^{N-1} w(i)`` plus the tail bracket

    ``A + w/2 - w'/12 + w'''/720 <= sum_{i>=N} w(i) <= A + w/2 - w'/12`` (at ``x = N``),
    ``A = int_N^oo w = lnb^s (ln N)^(-eps) / eps``.

    *Proof.*  (1) For ``x > 1``, ``w^(k)(x) = lnb^s x^(-1-k) sum_{m<=k} c[k][m] (ln x)^(-s-m)``
    with ``c[0][0] = 1`` and ``c[k+1][m] = -(k+1) c[k][m] - (s+m-1) c[k][m-1]`` (differentiate
    ``x^(-1-k) (ln x)^(-s-m)``).  As ``s > 0``, induction gives every ``c[k][m]`` (``m <= k``)
    the sign ``(-1)^k``: ``(-1)^k w^(k) > 0`` on ``x > 1``.  (2) Euler-Maclaurin (DLMF 2.10.1)
    on ``[N, M]``, ``M -> oo`` (``w`` and its derivatives tend to 0, ``int w < oo``):
    ``sum_{i>=N} w(i) = A + w(N)/2 - sum_{k<p} B_2k/(2k)! w^(2k-1)(N) + R_p`` with
    ``R_p = int_N^oo (B_2p - B_2p({x})) w^(2p)(x) dx / (2p)!``.  Since ``|B_2p(t)| <= |B_2p|`` on
    ``[0, 1]`` (DLMF 24.9.1), ``B_2p - B_2p({x})`` has the sign ``(-1)^(p+1)`` of ``B_2p``
    (or vanishes), and ``w^(2p) > 0``: ``R_2 <= 0`` gives the upper end, ``R_3 >= 0`` the lower
    (``B_2 = 1/6``, ``B_4 = -1/30``).  Width ``|w'''(N)|/720 ~ w(N)/(120 N^3)``: below 1e-11 for
    ``N = 128``.

``heavy_drift_sum(K, eps, lnb)`` -- ``sum_{j=0}^{K} 2^j w(j+2)`` (proof of Theorem 5, line 4).

``heavy_p_aij(n, d, j, eps, lnb, N)`` -- ``P(A_{i,j})`` of the (1+1) EA at distance ``d_i = d``:
    only position ``i`` mutates, ``(1/n)(1-1/n)^(n-1)``, and its distance drops by exactly
    ``2^j``: a step ``2^(k-2)`` towards the target with ``d - |d - 2^(k-2)| = 2^j``.

``heavy_excess(d, eps, lnb, N, only)`` -- ``E[X - X'] - sum_{i,j} 2^j P(E_{i,j})`` for the
    (1+1) EA at distance vector ``d`` (one step; ``j <= floor(log2 d_i)``): ``E = A`` (only
    position ``i`` mutated) for ``only = 1``, otherwise ``B_{i,j}``: position ``i``'s distance
    drops by ``2^j`` in the accepted offspring, the others arbitrary.  Every position mutates
    with probability ``1/n``; a step ``2^(k-2) > 2|d|_1`` raises the fitness by more than the
    others can lower it, so it is rejected and adds nothing: only ``2^(k-2) <= 2|d|_1`` are
    enumerated.  Acceptance: ``f(y) <= f(x)`` (Algorithm 1).

``heavy_n1_time(a, theta, strict, eps, lnb, N)`` -- exact ``E[T]`` of the (1+1) EA, ``n = 1``,
    from distance ``a`` until the distance is ``<= theta`` (``strict = 0``) or ``< theta``
    (``strict = 1``).  From ``d`` a step ``2^(k-2) < 2d`` towards the target is accepted and
    lowers the distance to ``|d - 2^(k-2)|``; every other outcome keeps the distance, so
    ``E_d = (2 c_eps + sum_k w(k) E_new) / sum_k w(k)``.

``heavy_mass(K, eps, lnb, N)`` -- ``P(I <= K) = sum_{k=2}^{K} w(k) / c_eps``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

from . import arith
from .arith import Interval, Real
from .expr import QUANTITIES

#: Significant bits kept when a quotient is rounded outward (divisions create long denominators;
#: dyadic end points keep sums and products cheap).
_BITS = 160


def _out(x: Real) -> Interval:
    """``x`` rounded outward to dyadic end points with about ``_BITS`` significant bits."""
    a = arith.iv(x)

    def scale(q: Fraction) -> Fraction:
        bits = abs(q.numerator).bit_length() - q.denominator.bit_length() if q else 0
        return Fraction(2) ** (_BITS - bits)

    s_lo, s_hi = scale(a.lo), scale(a.hi)
    return Interval(math.floor(a.lo * s_lo) / s_lo, math.ceil(a.hi * s_hi) / s_hi)


def _int(x: Real, name: str) -> int:
    if not (isinstance(x, Fraction) and x.denominator == 1):
        raise ValueError(f"{name} must be an integer, got {x!r}")
    return int(x)


def _eps(x: Real) -> Fraction:
    if not (isinstance(x, Fraction) and x > 0):
        raise ValueError(f"eps must be a positive rational, got {x!r}")
    return x


@cache
def _w(i: int, eps: Fraction, lnb: Real) -> Real:
    """``w(i) = lnb^s / (i (ln i)^s)``, ``i >= 2``."""
    s = 1 + eps
    return _out(arith.div(arith.power(lnb, s),
                          arith.mul(Fraction(i), arith.power(arith.ln(Fraction(i)), s))))


@cache
def c_eps(eps: Real, lnb: Real, n_terms: Real) -> Interval:
    """Enclosure of ``c_eps`` (see the module docstring for the proof of the tail bracket)."""
    eps, big_n = _eps(eps), _int(n_terms, "N")
    if big_n < 8:
        raise ValueError("N must be at least 8")
    s = 1 + eps
    partial: Real = Fraction(0)
    for i in range(2, big_n):  # Section 2: c_eps = sum_{i >= 2} 1/(i (log i)^{1+eps})
        partial = arith.add(partial, _w(i, eps, lnb))
    coef = [[Fraction(1)]]  # coef[k][m]: w^(k)(x) = lnb^s x^(-1-k) sum_m coef[k][m] (ln x)^(-s-m)
    for k in range(3):
        old = [*coef[k], Fraction(0)]
        coef.append([-(k + 1) * old[m] - ((s + m - 1) * old[m - 1] if m else 0)
                     for m in range(k + 2)])
    x = Fraction(big_n)
    log_x = arith.ln(x)
    scale = arith.power(lnb, s)

    def deriv(k: int) -> Real:
        total: Real = Fraction(0)
        for m, cm in enumerate(coef[k]):
            total = arith.add(total, arith.mul(cm, arith.power(log_x, -s - m)))
        return arith.mul(arith.mul(scale, x ** (-1 - k)), total)

    area = arith.div(arith.mul(scale, arith.power(log_x, -eps)), eps)  # int_N^oo w
    upper = arith.sub(arith.add(area, arith.div(_w(big_n, eps, lnb), Fraction(2))),
                      arith.div(deriv(1), Fraction(12)))
    lower = arith.add(upper, arith.div(deriv(3), Fraction(720)))
    p, lo, hi = arith.iv(partial), arith.iv(lower), arith.iv(upper)
    return _out(Interval(p.lo + lo.lo, p.hi + hi.hi))


def drift_sum(k_max: Real, eps: Real, lnb: Real) -> Real:
    """``sum_{j=0}^{K} 2^j w(j+2)``."""
    total: Real = Fraction(0)
    for j in range(_int(k_max, "K") + 1):
        total = arith.add(total, arith.mul(Fraction(2**j), _w(j + 2, eps, lnb)))
    return total


def _steps(d: int) -> list[tuple[int, int]]:
    """``(k, 2^(k-2))`` for every step at most ``2d``."""
    return [(k, 2 ** (k - 2)) for k in range(2, (2 * d).bit_length() + 2)]


def p_aij(n: Real, d: Real, j: Real, eps: Real, lnb: Real, n_terms: Real) -> Real:
    """``P(A_{i,j})`` for one position at distance ``d`` (module docstring)."""
    nn, dd, jj, e = _int(n, "n"), _int(d, "d"), _int(j, "j"), _eps(eps)
    c = c_eps(e, lnb, n_terms)
    mass: Real = Fraction(0)
    for k, step in _steps(dd):
        if dd - abs(dd - step) == 2**jj:  # towards the target; away never decreases
            mass = arith.add(mass, _w(k, e, lnb))
    only_i = Fraction(1, nn) * (1 - Fraction(1, nn)) ** (nn - 1)
    return _out(arith.mul(only_i, arith.div(mass, arith.mul(Fraction(2), c))))


def excess(d: tuple[Real, ...], eps: Real, lnb: Real, n_terms: Real, only: Real) -> Real:
    """``E[X - X'] - sum 2^j P(E_{i,j})`` (module docstring)."""
    dist = [_int(x, "d_i") for x in d]
    n, e, strict = len(dist), _eps(eps), _int(only, "only") == 1
    c = c_eps(e, lnb, n_terms)
    # one position's outcomes: (probability, signed step towards the target or None)
    moves: list[tuple[Real, int | None]] = [(1 - Fraction(1, n), None)]
    for k, step in _steps(sum(dist)):
        p = _out(arith.div(_w(k, e, lnb), arith.mul(Fraction(2 * n), c)))
        moves += [(p, step), (p, -step)]
    total: Real = Fraction(0)
    for combo in itertools.product(moves, repeat=n):
        new = [di if m is None else abs(di - m) for di, (_, m) in zip(dist, combo, strict=True)]
        decrease = sum(dist) - sum(new)
        if decrease < 0:  # rejected: x' = x
            continue
        mutated = [i for i, (_, m) in enumerate(combo) if m is not None]
        counted = 0
        for i in mutated:
            drop = dist[i] - new[i]
            if drop > 0 and drop & (drop - 1) == 0 and drop <= dist[i] \
                    and (not strict or mutated == [i]):
                counted += drop  # 2^j with j <= floor(log2 d_i)
        prob: Real = Fraction(1)
        for factor, _ in combo:
            prob = arith.mul(prob, factor)
        total = arith.add(total, arith.mul(prob, Fraction(decrease - counted)))
    return total


def n1_time(a: Real, theta: Real, strict: Real, eps: Real, lnb: Real, n_terms: Real) -> Real:
    """Exact ``E[T]`` for ``n = 1`` (module docstring)."""
    top, e, strictly = _int(a, "a"), _eps(eps), _int(strict, "strict") == 1
    if not isinstance(theta, Fraction):
        raise ValueError("theta must be rational")
    two_c = arith.mul(Fraction(2), c_eps(e, lnb, n_terms))
    times: list[Real] = []
    for d in range(top + 1):
        if d < theta or (d == theta and not strictly):
            times.append(Fraction(0))
            continue
        rate: Real = Fraction(0)
        acc: Real = two_c
        for k, step in _steps(d):
            if step < 2 * d:  # strictly better: accepted
                rate = arith.add(rate, _w(k, e, lnb))
                acc = arith.add(acc, arith.mul(_w(k, e, lnb), times[abs(d - step)]))
        times.append(_out(arith.div(acc, rate)))
    return times[top]


def mass(k_max: Real, eps: Real, lnb: Real, n_terms: Real) -> Real:
    """``P(I <= K)``."""
    e = _eps(eps)
    total: Real = Fraction(0)
    for k in range(2, _int(k_max, "K") + 1):
        total = arith.add(total, _w(k, e, lnb))
    return _out(arith.div(total, c_eps(e, lnb, n_terms)))


QUANTITIES.update({
    "heavy_c_eps": c_eps,
    "heavy_drift_sum": drift_sum,
    "heavy_p_aij": p_aij,
    "heavy_excess": excess,
    "heavy_n1_time": n1_time,
    "heavy_mass": mass,
})

__all__ = ["QUANTITIES"]
