r"""The power-law step law read afresh for the exact solvers: ``zeta(beta)`` and tails, rigorously.

The operator (Doerr, Krejca, Rudolph, arXiv 2412.11684): the step is ``±K`` with a uniform sign
and ``P(K = k) = k^-beta / zeta(beta)`` for ``k >= 1``, ``beta > 1``.  Written independently of
:mod:`zonemax.reference.power_law` (which uses python-flint's Hurwitz zeta): here every infinite
sum is enclosed by the Euler-Maclaurin formula with an explicit remainder bound, in mpmath
interval arithmetic.

**Tails.**  ``T(a) = sum_{j >= a} j^-beta`` for an integer ``a >= 1``; ``zeta(beta) = T(1)``.  For
``a < N = max(TAIL_START, 4 ceil(beta) + 2p)``, ``T(a) = sum_{j=a}^{N-1} j^-beta + T(N)``, the
first terms summed one by one.
For ``a >= N``, Euler-Maclaurin (DLMF 2.10.1 with ``n -> inf``; ``f(x) = x^-beta`` and all its
derivatives vanish at infinity) gives

``T(a) = a^(1-beta)/(beta-1) + a^-beta/2 + sum_{s=1}^{p-1} B_2s/(2s)! (beta)_(2s-1) a^(1-beta-2s) + R``

with ``(beta)_k = beta (beta+1) ... (beta+k-1)`` (so ``-f^(2s-1)(a) = (beta)_(2s-1) a^(1-beta-2s)``)
and the remainder ``R = int_a^inf (B_2p - B~_2p(x))/(2p)! f^(2p)(x) dx``, ``B~`` the periodic
Bernoulli function.  Since ``|B_2p(x)| <= |B_2p|`` on ``[0, 1]`` (DLMF 24.9.1),
``|B_2p - B~_2p(x)| <= 2 |B_2p|``, and ``f^(2p) > 0`` integrates to ``-f^(2p-1)(a)``:

``|R| <= 2 |B_2p| / (2p)! * (beta)_(2p-1) a^(1-beta-2p)``.

Relative to ``T(a)`` the bound is roughly ``((beta + 2p) / (2 pi a))^(2p)``, hence the later
start for a large ``beta``; with ``p = 8`` the enclosures of ``zeta(beta)`` and of every tail are
about ``1e-20`` relative or narrower (measured: ``zeta(1.1)`` to ``1.4e-25``).  The
Bernoulli numbers are computed exactly from their recurrence
``sum_{k=0}^{m} C(m+1, k) B_k = 0`` (``B_0 = 1``).

**The law seen through a limit.**  ``P(K = m) = m^-beta / zeta(beta)`` for ``1 <= m <= limit``;
``P(K > L) = T(L + 1) / zeta(beta)``; ``P(lo <= K <= hi) = (T(lo) - T(hi + 1)) / zeta(beta)``.
The solvers need only ``m <= 2 f(x)`` (:mod:`zonemax.exact.step_chains`); ``zeta(beta)``, the
one number that sums the infinite support, is the enclosure above, and its width is the whole
truncation error of the solve.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any

from mpmath.ctx_iv import MPIntervalContext

from zonemax.reference.params import check_power_exponent

#: ``N``: below it tails are summed term by term, from it on by Euler-Maclaurin.
TAIL_START = 32
#: ``p``: the Euler-Maclaurin sum runs to ``s = p - 1``; the remainder bound uses ``B_2p``.
EM_ORDER = 8
#: Decimal digits of the interval arithmetic of :func:`law_enclosure` and the tests' helpers.
DEFAULT_DPS = 50


@cache
def bernoulli(m: int) -> Fraction:
    """``B_m`` exactly, from ``sum_{k=0}^{m} C(m+1, k) B_k = 0`` (``B_0 = 1``, ``B_1 = -1/2``)."""
    if m == 0:
        return Fraction(1)
    return -sum((math.comb(m + 1, k) * bernoulli(k) for k in range(m)), Fraction(0)) / (m + 1)


def _num(ctx: Any, x: Fraction) -> Any:
    return ctx.mpf(x.numerator) / x.denominator


def _power(ctx: Any, j: int, minus_beta: Any) -> Any:
    """``j^-beta = exp(-beta ln j)`` in ``ctx``."""
    return ctx.exp(minus_beta * ctx.log(j))


def tail(ctx: Any, beta: Fraction, a: int) -> Any:
    """An interval of ``T(a) = sum_{j >= a} j^-beta`` (``a >= 1``; module docstring)."""
    if a < 1:
        raise ValueError(f"a must be >= 1, got {a}")
    b = _num(ctx, beta)
    total = ctx.mpf(0)
    first = max(TAIL_START, 4 * math.ceil(beta) + 2 * EM_ORDER)  # a large beta starts later
    for j in range(a, first):  # the first terms, one by one
        total += _power(ctx, j, -b)
    start = max(a, first)
    # Euler-Maclaurin: the integral, half the first term, the Bernoulli corrections
    total += _power(ctx, start, 1 - b) / (b - 1) + _power(ctx, start, -b) / 2
    rising = b  # (beta)_(2s-1), starting at s = 1
    for s in range(1, EM_ORDER):
        total += _num(ctx, bernoulli(2 * s) / math.factorial(2 * s)) * rising * \
            _power(ctx, start, 1 - b - 2 * s)
        rising = rising * (b + 2 * s - 1) * (b + 2 * s)
    # |R| <= 2 |B_2p| / (2p)! (beta)_(2p-1) a^(1 - beta - 2p); rising is (beta)_(2p-1) now
    p = EM_ORDER
    bound = 2 * _num(ctx, abs(bernoulli(2 * p)) / math.factorial(2 * p)) * rising * \
        _power(ctx, start, 1 - b - 2 * p)
    return total + ctx.mpf([-bound.b, bound.b])


def zeta_enclosure(ctx: Any, beta: Fraction) -> Any:
    """An interval of ``zeta(beta) = T(1)``."""
    return tail(ctx, beta, 1)


class PowerLawLaw:
    """The law of ``K`` in the interval context ``ctx``, seen through a limit (module docstring)."""

    def __init__(self, beta: Fraction, ctx: Any) -> None:
        self.beta = beta
        self.ctx = ctx
        self.zeta = zeta_enclosure(ctx, beta)
        self._minus_beta = -_num(ctx, beta)
        self._probs: list[Any] = [ctx.mpf(0)]  # index m: P(K = m); P(K = 0) = 0
        self._laws: dict[int, list[tuple[int, Any]]] = {}

    def probability(self, m: int) -> Any:
        """``P(K = m) = m^-beta / zeta(beta)`` (``m >= 1``)."""
        while len(self._probs) <= m:
            j = len(self._probs)
            self._probs.append(_power(self.ctx, j, self._minus_beta) / self.zeta)
        return self._probs[m]

    def law(self, limit: int) -> list[tuple[int, Any]]:
        """``[(m, P(K = m))]`` for ``m = 1..limit`` (the zero step is impossible)."""
        if limit not in self._laws:
            self._laws[limit] = [(m, self.probability(m)) for m in range(1, limit + 1)]
        return self._laws[limit]

    def tail_probability(self, limit: int) -> Any:
        """``P(K > limit) = T(limit + 1) / zeta(beta)``."""
        return tail(self.ctx, self.beta, limit + 1) / self.zeta

    def interval_probability(self, lo: int, hi: int | None) -> Any:
        """``P(lo <= K <= hi)`` (``hi = None``: no upper end), ``1 <= lo``."""
        upper = self.ctx.mpf(0) if hi is None else tail(self.ctx, self.beta, hi + 1)
        return (tail(self.ctx, self.beta, lo) - upper) / self.zeta


def law_enclosure(exponent: Any, limit: int, *, dps: int = DEFAULT_DPS) -> dict[int | None, Any]:
    """Intervals of ``P(K = m)`` for ``m = 1..limit`` and of ``P(K > limit)`` (key ``None``);
    a stand-alone view for tests and readers."""
    beta = check_power_exponent(exponent)
    ctx = MPIntervalContext()
    ctx.dps = dps
    law = PowerLawLaw(beta, ctx)
    out: dict[int | None, Any] = dict(law.law(limit))
    out[None] = law.tail_probability(limit)
    return out
