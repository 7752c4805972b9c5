r"""The double-geometric step law (Rudolph 1994) read afresh for the exact solvers.

G. Rudolph, *An evolutionary algorithm for integer programming*, PPSN III (1994): the step is
``Z = G1 - G2`` with ``G1, G2`` independent, ``P(G = k) = (1 - q) q^k`` on ``{0, 1, 2, ...}``.
Written independently of :mod:`zonemax.reference.double_geometric` (the code under test): only
the parameter validators are shared (:mod:`zonemax.exact.independence`).

**Law.**  Condition on ``G2 = j``: ``P(Z = k) = sum_j (1 - q) q^j P(G1 = j + k)`` for ``k >= 0``,
a geometric series ``(1 - q)^2 q^k sum_j q^(2j) = (1 - q)^2 q^k / (1 - q^2)``.  So with
``c = (1 - q)/(1 + q)``:

* ``P(|Z| = 0) = c`` and ``P(|Z| = m) = 2 c q^m`` for ``m >= 1`` (``Z`` is symmetric: swap
  ``G1`` and ``G2``);
* ``P(lo <= |Z| <= hi) = 2 c (q^lo - q^(hi+1)) / (1 - q) = 2 (q^lo - q^(hi+1)) / (1 + q)``
  for ``1 <= lo <= hi``; letting ``hi -> inf``, ``P(|Z| > L) = 2 q^(L+1) / (1 + q)``.

**The mean step length** ``E|Z| = sum_{m >= 1} m 2 c q^m = 2 c q / (1 - q)^2 = 2q / (1 - q^2)``
(from ``sum m q^m = q/(1 - q)^2``).  Solving ``2q/(1 - q^2) = M`` for ``q`` in ``(0, 1)``:
``M q^2 + 2 q - M = 0``, so ``q = (sqrt(1 + M^2) - 1)/M`` (the other root is negative).  When
``1 + M^2`` is the square of a rational (numerator and denominator perfect squares), ``q`` is
rational and the whole solve is exact ``Fraction`` arithmetic; otherwise ``q`` is enclosed in
interval arithmetic (``q = M / (1 + sqrt(1 + M^2))``, no cancellation) and so is every result.

Nothing of the infinite support is truncated: the solvers need ``P(|Z| = m)`` only for
``m <= 2 f(x)`` (longer steps are never accepted, :mod:`zonemax.exact.step_chains`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from zonemax.reference.params import check_geom_mean, check_geom_q


def exact_ratio(q: Fraction | None, mean: Fraction | None) -> Fraction | None:
    """The ratio ``q`` as a Fraction when it is rational (given, or solved from the mean)."""
    if q is not None:
        return q
    assert mean is not None
    square = 1 + mean * mean
    root_num, root_den = math.isqrt(square.numerator), math.isqrt(square.denominator)
    if root_num**2 == square.numerator and root_den**2 == square.denominator:
        return (Fraction(root_num, root_den) - 1) / mean  # (sqrt(1 + M^2) - 1)/M
    return None


def check_geom_params(q: Any, mean: Any) -> tuple[Fraction | None, Fraction | None]:
    """Exactly one of ``q`` and ``mean``, validated and read exactly."""
    if (q is None) == (mean is None):
        raise ValueError("give exactly one of q (the ratio, 0 < q < 1) and mean "
                         "(the mean step length E|G1 - G2| > 0)")
    if q is not None:
        return check_geom_q(q), None
    return None, check_geom_mean(mean)


class GeomLaw:
    """The law of ``|Z|`` in Fraction arithmetic (rational ``q``) or in the interval context
    ``ctx`` (irrational ``q``); see the module docstring."""

    def __init__(self, q: Fraction | None, mean: Fraction | None, ctx: Any) -> None:
        rational = exact_ratio(q, mean)
        self.exact = rational is not None
        if rational is not None:
            self.one: Any = Fraction(1)
            self.q: Any = rational
        else:
            assert mean is not None
            self.one = ctx.mpf(1)
            m = ctx.mpf(mean.numerator) / mean.denominator
            self.q = m / (1 + ctx.sqrt(1 + m * m))
        self.c = (self.one - self.q) / (self.one + self.q)  # P(|Z| = 0)
        self._powers: list[Any] = [self.one]  # q^0, q^1, ...
        self._laws: dict[int, list[tuple[int, Any]]] = {}

    def power(self, m: int) -> Any:
        """``q^m`` (cached for the small ``m`` the solvers use)."""
        while len(self._powers) <= m:
            self._powers.append(self._powers[-1] * self.q)
        return self._powers[m]

    def law(self, limit: int) -> list[tuple[int, Any]]:
        """``[(m, P(|Z| = m))]`` for ``m = 0..limit``."""
        if limit not in self._laws:
            out = [(0, self.c)]
            out += [(m, 2 * self.c * self.power(m)) for m in range(1, limit + 1)]
            self._laws[limit] = out
        return self._laws[limit]


def magnitude_interval_probability(q: Fraction | None, mean: Fraction | None, lo: int, hi: int | None,
                                   ctx: Any) -> Any:
    """``P(lo <= |Z| <= hi)`` (``hi = None``: no upper end) as an interval of ``ctx``, for any
    ``0 <= lo <= hi`` (sizes like 10^12 included: powers by ``exp(m ln q)``)."""
    q_exact = exact_ratio(*check_geom_params(q, mean))
    if q_exact is not None:
        qq = ctx.mpf(q_exact.numerator) / q_exact.denominator
    else:
        assert mean is not None
        m = ctx.mpf(Fraction(mean).numerator) / Fraction(mean).denominator
        qq = m / (1 + ctx.sqrt(1 + m * m))
    log_q = ctx.log(qq)

    def q_to(k: int) -> Any:
        return ctx.exp(k * log_q)

    total = ctx.mpf(0)
    if lo == 0:
        total += (1 - qq) / (1 + qq)  # P(|Z| = 0)
        lo = 1
    if hi is not None and hi < lo:
        return total
    upper = ctx.mpf(0) if hi is None else q_to(hi + 1)
    return total + 2 * (q_to(lo) - upper) / (1 + qq)
