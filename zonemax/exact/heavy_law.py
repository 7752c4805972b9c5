r"""Definition 2 read afresh for the exact solvers: the law of ``I``, ``c_eps``, the admissible steps.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Definition 2.

The exact solvers are the ground truth that the reference and the fast engine are judged
against, so they take nothing of the heavy-tailed operator from the code under test: a bug in a
helper that both shared (say, the largest admissible exponent) would move the simulation and its
"exact" expectation together.  This module derives everything from the paper, as
plainly as possible, and shares no code with :mod:`zonemax.reference.heavy_tailed`
(:mod:`zonemax.exact.independence` lists what the exact layer does import, and a test keeps that
list complete).

Notation: ``eps`` = :math:`\varepsilon`, ``b`` = the base of ``log`` (``log_base``; 2 by
default, see :mod:`zonemax.reference.heavy_tailed` for why), ``w(i) = 1/(i (log_b i)^{1+eps})``,
``c_eps = sum_{i >= 2} w(i)``, ``P(I = i) = w(i)/c_eps``, step magnitude ``2^(I-2)``, sign ``±``
with probability 1/2 each.

* **c_eps** by the plain integral test.  ``w`` is positive and decreasing on ``[2, inf)`` (both
  ``x`` and ``log_b x`` increase), so for every ``N >= 3``
  ``J(N) <= sum_{i >= N} w(i) <= w(N) + J(N)`` with
  ``J(M) = int_M^inf w(x) dx = (ln b)^{1+eps} (ln M)^{-eps} / eps`` (substitute ``u = ln x``).
  The partial sum over ``i = 2..N-1`` and both ends are computed in interval arithmetic; the
  enclosure's width is about ``w(N)`` (``1.7e-6`` for ``N = 4096``, ``eps = 1``, base 2).  This is
  deliberately the plainest rigorous bracket; the reference uses a sharper one.
* **Admissible magnitudes**: the powers of two ``<= limit``, listed by doubling from 1.  The
  solvers pass ``limit = 2 f(x)``: a step longer than that is never accepted
  (``|y_i - a_i| >= |s| - d_i >= |s| - f(x) > f(x)``), so its exact length never matters.
* **Truncation to a range r** (the two readings of Section 6, see
  :mod:`zonemax.reference.heavy_tailed`): ``'condition'`` -- ``I`` conditioned on
  ``2^(I-2) <= r``, ``P(2^(i-2)) = w(i) / sum_{2^(j-2) <= r} w(j)`` (``c_eps`` cancels);
  ``'clip'`` -- the step is ``min(2^(I-2), r)``, so ``P(2^(i-2)) = w(i)/c_eps`` for the powers
  below ``r`` and ``P(r) = 1 - sum_{2^(i-2) < r} w(i)/c_eps``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

import mpmath
from mpmath.ctx_iv import MPIntervalContext

from zonemax.reference.params import (
    LogBase,
    Real,
    Truncation,
    check_eps,
    check_log_base,
    check_truncation,
)

#: ``N`` of the integral test for ``c_eps`` (module docstring); costs about 0.5 s per
#: ``(eps, log_base)``, once (cached).
DEFAULT_C_TERMS = 4096
#: Decimal digits of the interval arithmetic that encloses ``c_eps``.
C_DPS = 40
#: Default decimal digits of the interval arithmetic of the heavy-tailed solvers.
DEFAULT_HEAVY_DPS = 50


def check_dps(dps: int) -> int:
    """The interval precision in decimal digits: an int >= 15."""
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 15:
        raise ValueError(f"dps must be an int >= 15, got {dps!r}")
    return dps


def check_heavy_params(eps: Real, log_base: LogBase, truncate: str, r: int | None
                       ) -> tuple[Fraction, LogBase, Truncation, int | None]:
    """Read and validate the parameters of Definition 2 and its truncations."""
    e = check_eps(eps)
    base = check_log_base(log_base)
    mode = check_truncation(truncate)
    if mode == "none":
        if r is not None:
            raise ValueError("r is only used with truncate='condition' or 'clip'")
    elif isinstance(r, bool) or not isinstance(r, int) or r < 1:
        raise ValueError(f"truncate={mode!r} needs an integer range r >= 1, got {r!r}")
    return e, base, mode, r


def exponents_upto(limit: int) -> Iterator[tuple[int, int]]:
    """The pairs ``(i, 2^(i-2))``, ``i = 2, 3, ...``, with ``2^(i-2) <= limit``, by doubling
    from ``(2, 1)`` (nothing when ``limit < 1``)."""
    i, m = 2, 1
    while m <= limit:
        yield i, m
        i, m = i + 1, 2 * m


def admissible_magnitudes(limit: int) -> list[int]:
    """The step magnitudes of Definition 2 that are ``<= limit`` (module docstring)."""
    return [m for _, m in exponents_upto(limit)]


def weight(ctx: Any, i: int, eps: Fraction, log_base: LogBase) -> Any:
    """``w(i) = 1 / (i (log_b i)^{1+eps})`` (Definition 2) in the interval context ``ctx``."""
    ln_b = ctx.mpf(1) if log_base == "e" else ctx.log(log_base)
    log_b_i = ctx.log(i) / ln_b
    power = 1 + ctx.mpf(eps.numerator) / eps.denominator
    return 1 / (i * ctx.exp(power * ctx.log(log_b_i)))


@lru_cache(maxsize=64)
def c_eps_enclosure(eps: Fraction, log_base: LogBase, terms: int = DEFAULT_C_TERMS
                    ) -> tuple[mpmath.mpf, mpmath.mpf]:
    """``(lower, upper)`` with ``lower <= c_eps <= upper`` (integral test, module docstring)."""
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 3:
        raise ValueError(f"terms must be an int >= 3, got {terms!r}")
    ctx = MPIntervalContext()
    ctx.dps = C_DPS
    partial = ctx.mpf(0)
    for i in range(2, terms):  # c_eps = sum_{i >= 2} w(i): the first N - 2 terms
        partial += weight(ctx, i, eps, log_base)
    ln_b = ctx.mpf(1) if log_base == "e" else ctx.log(log_base)
    e = ctx.mpf(eps.numerator) / eps.denominator
    # J(N) = (ln b)^{1+eps} (ln N)^{-eps} / eps
    tail_integral = ctx.exp((1 + e) * ctx.log(ln_b) - e * ctx.log(ctx.log(terms))) / e
    low = partial + tail_integral  # sum_{i >= N} w(i) >= J(N)
    high = partial + tail_integral + weight(ctx, terms, eps, log_base)  # <= w(N) + J(N)
    return mpmath.mpf(low.a), mpmath.mpf(high.b)


class HeavyLaw:
    """The law of the step magnitude of Definition 2 (and its truncations) in one interval
    context, seen through a limit: :meth:`law` lists the magnitudes ``<= limit`` with interval
    enclosures of their probabilities; the rest (never accepted) is left out."""

    def __init__(self, eps: Fraction, log_base: LogBase, truncate: Truncation, r: int | None,
                 ctx: Any, c_terms: int = DEFAULT_C_TERMS) -> None:
        self.eps = eps
        self.log_base = log_base
        self.truncate = truncate
        self.r = r
        self.ctx = ctx
        c_low, c_high = c_eps_enclosure(eps, log_base, c_terms)
        self.c = ctx.mpf([c_low, c_high])  # exact endpoints (no rounding on conversion)
        self._weights: dict[int, Any] = {}
        self._laws: dict[int, list[tuple[int, Any]]] = {}
        self._probabilities: dict[int, Any] = {}
        self._range_mass: Any = None

    def w(self, i: int) -> Any:
        """``w(i)``, the weight of the exponent ``i`` (of the magnitude ``2^(i-2)``)."""
        if i not in self._weights:
            self._weights[i] = weight(self.ctx, i, self.eps, self.log_base)
        return self._weights[i]

    def _sum_weights(self, exponents: list[tuple[int, int]]) -> Any:
        total = self.ctx.mpf(0)
        for i, _ in exponents:
            total += self.w(i)
        return total

    def law(self, limit: int) -> list[tuple[int, Any]]:
        """``[(m, P(|step| = m))]`` for the magnitudes ``m <= limit``, increasing in ``m``."""
        if limit not in self._laws:
            self._laws[limit] = [(m, self._probability(i, m)) for i, m in self._support(limit)]
        return self._laws[limit]

    def _support(self, limit: int) -> list[tuple[int, int]]:
        """``(i, m)`` for the possible magnitudes ``m <= limit`` (``i = 0`` marks the clipped
        step ``r``)."""
        if self.truncate == "none":  # Definition 2 as written
            return list(exponents_upto(limit))
        r = self.r
        assert r is not None
        if self.truncate == "condition":  # I conditioned on 2^(I-2) <= r
            return list(exponents_upto(min(limit, r)))
        # clip: the step is min(2^(I-2), r): the powers below r, and r itself
        out = [(i, m) for i, m in exponents_upto(min(limit, r)) if m < r]
        if r <= limit:
            out.append((0, r))
        return out

    def _probability(self, i: int, m: int) -> Any:
        if m in self._probabilities:
            return self._probabilities[m]
        r = self.r
        if self.truncate == "none":
            prob = self.w(i) / self.c  # P(I = i) = w(i) / c_eps
        elif self.truncate == "condition":
            assert r is not None
            if self._range_mass is None:  # sum of w(j) over 2^(j-2) <= r
                self._range_mass = self._sum_weights(list(exponents_upto(r)))
            prob = self.w(i) / self._range_mass
        elif i > 0:  # clip, a power of two below r
            prob = self.w(i) / self.c
        else:  # clip, the step r: P(2^(I-2) >= r) = 1 - sum_{2^(j-2) < r} w(j) / c_eps
            assert r is not None
            below = [(j, k) for j, k in exponents_upto(r) if k < r]
            prob = 1 - self._sum_weights(below) / self.c
        self._probabilities[m] = prob
        return prob


def magnitude_law(eps: Real, log_base: LogBase, truncate: str, r: int | None, limit: int,
                  *, dps: int = 30, c_terms: int = DEFAULT_C_TERMS) -> dict[int, Any]:
    """Interval enclosures of ``P(|step| = m)`` for the magnitudes ``m <= limit``.

    A stand-alone view of :class:`HeavyLaw` (for tests and for readers); the magnitudes longer
    than ``limit`` are left out.
    """
    e, base, mode, rr = check_heavy_params(eps, log_base, truncate, r)
    ctx = MPIntervalContext()
    ctx.dps = dps
    return dict(HeavyLaw(e, base, mode, rr, ctx, c_terms).law(limit))
