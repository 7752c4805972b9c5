r"""The exact one-step drift of the ±1 EA's potential for *every* distance vector (Section 3).

Notation of the proof of Theorem 3: ``d`` = distance vector, ``omega`` = :math:`\omega`,
``g(x) = sum_i (omega^{d_i} - 1)`` (eq. (3)), ``O = {i : d_i = 0}``, ``z = |O|``, ``m = n - z``;
here also ``W = sum_{i not in O} omega^{d_i}`` and ``D(d) = E[g(x) - g(Y)]``.

The reduction (exchangeability of the positions' step laws)
------------------------------------------------------------
In one iteration (Algorithm 1, line 4) every position is mutated independently with probability
``1/n`` and moved by ``±1`` with probability ``1/2`` each (Definition 1).  Let ``s_i`` be the
change of ``d_i``: for ``d_i >= 1`` it is ``-1`` or ``+1`` with probability ``1/(2n)`` each and
``0`` otherwise; for ``d_i = 0`` both directions give ``+1``, so ``s_i = +1`` with probability
``1/n``.  The offspring is accepted iff ``f`` does not increase (line 6), i.e. iff
``T = sum_i s_i <= 0``; then ``g`` changes by ``sum_i delta_i`` with
``delta_i = omega^{d_i + s_i} - omega^{d_i}``.  By linearity,
``D(d) = - sum_i E[delta_i 1{T <= 0}]``, and ``s_i`` is independent of ``T_{-i} = T - s_i``.

The law of ``s_j`` is the same for every ``j not in O`` *whatever* ``d_j`` is, and the same for
every ``j in O``.  So the law of ``T_{-i}`` depends only on how many of the other positions lie in
``O``: write ``L(j, k)`` for the law of the sum of ``j`` steps of the first kind and ``k`` of the
second, at rate ``1/n``.  Then

* ``i not in O``: ``E[delta_i 1{T <= 0}] = (1/(2n)) [omega^{d_i}(omega-1) P(T' <= -1)
  - omega^{d_i-1}(omega-1) P(T' <= 1)]`` with ``T' ~ L(m-1, z)`` (a worsening step is accepted
  iff ``T' <= -1``, an improving one iff ``T' <= 1``);
* ``i in O``: ``E[delta_i 1{T <= 0}] = (1/n)(omega-1) P(T'' <= -1)`` with ``T'' ~ L(m, z-1)``.

Summing, **D(d) = A W - B** with

    A = A_{n,m} = (omega-1)/(2 n omega) [P_{L(m-1,z)}(T <= 1) - omega P_{L(m-1,z)}(T <= -1)],
    B = B_{n,m} = z (omega-1)/n P_{L(m,z-1)}(T <= -1)            (B = 0 when z = 0).

For fixed ``(n, m)`` the distance vectors realise exactly the values ``W = sum omega^{d_i}`` with
all ``d_i >= 1``: ``W >= m omega``, equality for all distances 1, and ``W`` unbounded.  Hence an
affine bound ``D(d) >= kappa (W + o)`` (``o = -m`` gives ``kappa g(x)``; ``o = 0`` the repaired
'in total' line; ``o = z`` the printed one, which sums ``omega^{d_i}`` over all ``i``) holds for
*every* ``d`` with ``m`` non-zero distances iff

    A >= kappa   and   A m omega - B >= kappa (m omega + o),

and the infimum over those ``d`` of ``D / (kappa (W + o))`` is the smaller of ``A / kappa`` (the
limit ``W -> oo``) and the value at ``W = m omega`` (the map ``W -> (A W - B)/(W + o)`` is
monotone).  So two exact inequalities per ``(n, m)`` decide a drift bound for all ``d in N^n``,
and ``n`` of them decide it for a given ``n``.

The single-mutation part is exact as well: only an improving step of a position outside ``O``
with no other position mutated is accepted, so
``E[(g(x) - g(Y)) 1_{E1}] = (1/(2n)) (1 - 1/n)^{n-1} (1 - 1/omega) W``.

Computation: for each ``n`` the cumulative laws of ``L(j, n - 1 - j)``, ``j = 0..n-1``, are built
with integer weights (probabilities times ``(2n)^{n-1}``): the first-kind sums ``N_j`` by
convolution in ``j``, and ``P(T <= t) = sum_u P(Bin(n-1-j, 1/n) = u) P(N_j <= t - u)``.  Cost
``O(n^2)`` big-integer operations per ``n``.  The brute-force enumeration of
:mod:`zonemax.proofs_check.pm1` and the multiplicity DP of :mod:`zonemax.proofs_check.pm1_dp`
are independent cross-checks; the certificate checker has its own implementation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from zonemax.proofs_check.core import Method, record, recorded_cache


@recorded_cache(maxsize=512)
def net_tails(n: int) -> tuple[tuple[Fraction, Fraction], ...]:
    """``(P(T <= 1), P(T <= -1))`` for ``T ~ L(j, n - 1 - j)``, ``j = 0..n-1`` (rate ``1/n``)."""
    record(Method.EXACT)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    den = (2 * n) ** (n - 1)
    first: list[int] = [1]  # weights (2n)^j P(N_j = s), index s + j
    out = []
    for j in range(n):
        if j:
            nxt = [0] * (2 * j + 1)
            for idx, w in enumerate(first):  # one more first-kind step: -1, 0, +1
                nxt[idx] += w
                nxt[idx + 1] += w * (2 * n - 2)
                nxt[idx + 2] += w
            first = nxt
        cdf = []
        acc = 0
        for w in first:
            acc += w
            cdf.append(acc)
        z = n - 1 - j

        def tail(t: int, cdf: list[int] = cdf, j: int = j, z: int = z) -> int:
            total = 0
            for u in range(min(z, t + j) + 1):  # u second-kind steps, each +1
                s = t - u
                below = cdf[-1] if s >= j else cdf[s + j]
                total += math.comb(z, u) * 2**u * (2 * n - 2) ** (z - u) * below
            return total

        out.append((Fraction(tail(1), den), Fraction(tail(-1), den)))
    return tuple(out)


def coefficients(n: int, m: int, omega: Fraction) -> tuple[Fraction, Fraction]:
    """``(A_{n,m}, B_{n,m})`` with ``D(d) = A W - B`` for every ``d`` with ``m`` non-zero entries."""
    record(Method.EXACT)
    if not 1 <= m <= n:
        raise ValueError(f"need 1 <= m <= n, got n = {n}, m = {m}")
    tails = net_tails(n)
    up1, down1 = tails[m - 1]
    a = (omega - 1) / (2 * n * omega) * (up1 - omega * down1)
    z = n - m
    b = Fraction(0) if z == 0 else z * (omega - 1) / n * tails[m][1]
    return a, b


def weight(d: tuple[int, ...], omega: Fraction) -> Fraction:
    """``W = sum_{d_i > 0} omega^{d_i}``."""
    return sum((omega**di for di in d if di), Fraction(0))


def drift(d: tuple[int, ...], omega: Fraction) -> Fraction:
    """``D(d) = E[g(x) - g(Y)]`` exactly, by the reduction (any ``n``, any ``d != 0``)."""
    m = sum(1 for di in d if di)
    a, b = coefficients(len(d), m, omega)
    return a * weight(d, omega) - b


def e1_gain(d: tuple[int, ...], omega: Fraction) -> Fraction:
    """``E[(g(x) - g(Y)) 1_{E1}] = (1/(2n)) (1-1/n)^{n-1} (1 - 1/omega) W`` (exact)."""
    n = len(d)
    return Fraction(1, 2 * n) * (1 - Fraction(1, n)) ** (n - 1) * (1 - 1 / omega) \
        * weight(d, omega)


@dataclass(frozen=True)
class AffineInfimum:
    """Infimum over all ``d`` with ``m`` non-zero entries of ``value / (kappa (W + o))``,
    where ``value = alpha W - beta`` (``alpha``, ``beta`` exact).

    ``at_one`` is the ratio at ``W = m omega`` (all distances 1, attained); ``at_infinity`` the
    limit ``W -> oo`` (approached by one growing distance).  ``ratio`` is the smaller.
    """

    n: int
    m: int
    at_one: Fraction
    at_infinity: Fraction

    @property
    def ratio(self) -> Fraction:
        return min(self.at_one, self.at_infinity)

    @property
    def where(self) -> str:
        if self.at_one <= self.at_infinity:
            return f"n = {self.n}: d = (1^{self.m}, 0^{self.n - self.m})"
        return f"n = {self.n}: m = {self.m} non-zero distances, one of them -> infinity"


def affine_infimum(n: int, m: int, omega: Fraction, alpha: Fraction, beta: Fraction,
                   kappa: Fraction, offset: Fraction) -> AffineInfimum:
    """The infimum of ``(alpha W - beta) / (kappa (W + offset))`` over ``W >= m omega``.

    Requires ``kappa > 0`` and ``m omega + offset > 0`` (the denominator is positive on the
    whole range); the map is monotone in ``W``, so the infimum is at an end.
    """
    if kappa <= 0 or m * omega + offset <= 0:
        raise ValueError("the bound must be positive on the whole range W >= m omega")
    w1 = m * omega
    return AffineInfimum(n, m, (alpha * w1 - beta) / (kappa * (w1 + offset)), alpha / kappa)
