r"""The double-geometric step operator (Rudolph 1994), sampled exactly.

G. Rudolph, *An evolutionary algorithm for integer programming*, PPSN III (1994), LNCS 866,
pp. 139-148: the integer mutation ``x_i -> x_i + (G1 - G2)`` with ``G1, G2`` independent and
geometrically distributed on ``{0, 1, 2, ...}``.  Not part of Gadea Harder, Kötzing, Li,
Radhakrishnan (2023); it is one of the step operators that later work compares with the paper's
(Doerr, Krejca, Rudolph, arXiv 2412.11684, call such a law a mutation strength "with exponential
tails").  zonemax plugs it into the (1+1) EA (Algorithm 1) and RLS as ``ea-geom`` / ``rls-geom``.

Notation: ``q`` in ``(0, 1)`` is the ratio, ``P(G = k) = (1 - q) q^k`` for ``k >= 0`` (Rudolph
writes the success probability ``p = 1 - q``); ``Z = G1 - G2`` is the step; ``m = E|Z|`` the mean
step length.

**Law of Z.**  For ``k >= 0``, ``P(Z = k) = sum_{j >= 0} P(G1 = j + k) P(G2 = j)
= (1 - q)^2 q^k sum_j q^(2j) = (1 - q) q^k / (1 + q)``; ``Z`` and ``-Z`` have the same law, so

    ``P(Z = k) = (1 - q)/(1 + q) * q^|k|``  for every integer ``k``,

and ``P(|Z| > L) = 2 sum_{k > L} (1 - q)/(1 + q) q^k = 2 q^(L+1) / (1 + q)``.

**Mean step length.**  ``m = E|Z| = 2 (1 - q)/(1 + q) sum_{k >= 1} k q^k
= 2 (1 - q)/(1 + q) * q/(1 - q)^2 = 2q / (1 - q^2)``.  Conversely ``m q^2 + 2q - m = 0`` has one
root in ``(0, 1)``:

    ``q = (sqrt(1 + m^2) - 1) / m = m / (1 + sqrt(1 + m^2))``,

the parametrisation by the mean step length that Rudolph (1994) uses (with ``p = 1 - q`` and the
per-coordinate mean).  ``q`` is rational exactly when ``1 + m^2`` is the square of a rational,
i.e. when ``m = 2t/(1 - t^2)`` for a rational ``t`` in ``(0, 1)`` (then ``q = t``): for example
``m = 3/4 <-> q = 1/3``, ``m = 4/3 <-> q = 1/2``, ``m = 5/12 <-> q = 1/5``; the default ``m = 1``
gives ``q = sqrt(2) - 1``.  The operator accepts either ``q`` or ``m``; the law is returned in
exact ``Fraction`` arithmetic when ``q`` is rational, as 40-digit ``mpmath`` reals otherwise.
Without cancellation, ``1 - q = (1 + m/(s + 1)) / (s + m)`` with ``s = sqrt(1 + m^2)`` (from
``s - 1 = m^2/(s + 1)``).

**The zero step.**  ``P(Z = 0) = (1 - q)/(1 + q) > 0``: the zero step is part of the operator.
In the (1+1) EA a mutated position may thus not move (the iteration still counts one evaluation,
and if no other position moved the offspring equals the parent); in RLS the chosen position stays
where it is.  zonemax counts such iterations like any other.

**Exact sampling.**  :meth:`DoubleGeometric.sample` draws ``G1`` and ``G2`` as Rudolph defines
them, each by inversion: ``G = floor(ln V / ln q)`` with ``V`` uniform on ``(0, 1)``, which has
``P(G >= k) = P(V <= q^k) = q^k``.  ``V`` is revealed bit by bit and ``ln V / ln q`` is enclosed
in Arb balls (:mod:`zonemax.reference._inversion`), so the floor is the exact one: the sampled law
is exactly the law above, for rational and irrational ``q`` alike.  The step is returned when
``|G1 - G2| <= limit``, else ``None`` (the algorithms pass ``limit = 2 f(x)``; a longer step is
never accepted, :mod:`zonemax.reference.operators`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
from zonemax.reference._inversion import START_PREC, LazyUniform, ball, floor
from zonemax.reference.operators import Probability, check_limit
from zonemax.reference.params import Real, check_geom_mean, check_geom_q

#: Largest ``limit`` for which :meth:`DoubleGeometric.step_distribution` lists the law step by
#: step (``2 limit + 2`` entries); beyond it use :meth:`DoubleGeometric.probability` and
#: :meth:`DoubleGeometric.tail_probability`.
MAX_LISTED = 2**16
#: Decimal digits of the mpmath values returned for an irrational ``q``.
DPS = 40
#: Beyond this exponent ``q^k`` is returned as an mpmath real even for a rational ``q``: the exact
#: rational would have about ``k log2(1/q)`` bits (10^12 steps: terabits).
MAX_EXACT_POWER = 4096


def _rational_sqrt(x: Fraction) -> Fraction | None:
    """``sqrt(x)`` when it is rational, else ``None`` (``x >= 0``)."""
    num, den = math.isqrt(x.numerator), math.isqrt(x.denominator)
    if num * num == x.numerator and den * den == x.denominator:
        return Fraction(num, den)
    return None


def ratio_from_mean(mean: Fraction) -> Fraction | None:
    """The exact ``q = (sqrt(1 + m^2) - 1)/m`` when it is rational, else ``None``."""
    s = _rational_sqrt(1 + mean * mean)
    return None if s is None else (s - 1) / mean


def mean_from_ratio(q: Fraction) -> Fraction:
    """``E|G1 - G2| = 2q/(1 - q^2)`` (module docstring)."""
    return 2 * q / (1 - q * q)


@dataclass(frozen=True)
class DoubleGeometric:
    """Rudolph's double-geometric operator ``step = G1 - G2`` (module docstring).

    Give exactly one of ``q`` (the ratio, ``0 < q < 1``) and ``mean`` (``E|step| > 0``).
    """

    q: Real | None = None
    mean: Real | None = None
    _logs: dict[int, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if (self.q is None) == (self.mean is None):
            raise ValueError("give exactly one of q (the ratio, 0 < q < 1) and mean "
                             "(the mean step length E|G1 - G2| > 0)")
        if self.q is not None:
            object.__setattr__(self, "q", check_geom_q(self.q))
        else:
            assert self.mean is not None
            object.__setattr__(self, "mean", check_geom_mean(self.mean))

    # -- the parameter, both ways ---------------------------------------------------------
    @property
    def rational_q(self) -> Fraction | None:
        """``q`` as an exact Fraction when it is rational (given, or from a suitable mean)."""
        if self.q is not None:
            assert isinstance(self.q, Fraction)
            return self.q
        assert isinstance(self.mean, Fraction)
        return ratio_from_mean(self.mean)

    @property
    def mean_step(self) -> Fraction:
        """``E|step| = 2q/(1 - q^2)``, exactly (the given mean, or the map of the given ``q``)."""
        if isinstance(self.mean, Fraction):
            return self.mean
        q = self.rational_q
        assert q is not None
        return mean_from_ratio(q)

    def _q_mp(self, exact: bool = True) -> tuple[Probability, Probability]:
        """``(q, 1 - q)``: exact Fractions for a rational ``q`` (unless ``exact`` is false), else
        mpmath reals at the current precision, ``1 - q`` without cancellation (module
        docstring)."""
        q = self.rational_q
        if q is not None and exact:
            return q, 1 - q
        if q is not None:
            return mpmath.mpf(q.numerator) / q.denominator, mpmath.mpf((1 - q).numerator) / (
                1 - q).denominator
        assert isinstance(self.mean, Fraction)
        m = mpmath.mpf(self.mean.numerator) / self.mean.denominator
        s = mpmath.sqrt(1 + m * m)
        return m / (1 + s), (1 + m / (s + 1)) / (s + m)

    def _balls(self) -> tuple[Any, Any]:
        """Arb balls of ``q`` and ``1 - q`` at the current flint precision."""
        from flint import arb, fmpq

        q = self.rational_q
        if q is not None:
            return arb(fmpq(q.numerator, q.denominator)), arb(fmpq((1 - q).numerator,
                                                                 (1 - q).denominator))
        assert isinstance(self.mean, Fraction)
        m = arb(fmpq(self.mean.numerator, self.mean.denominator))
        s = (1 + m * m).sqrt()
        return m / (1 + s), (1 + m / (s + 1)) / (s + m)  # module docstring: no cancellation

    def _log_q(self, prec: int) -> Any:
        """An Arb ball of ``ln q`` at ``prec`` bits (cached)."""
        if prec not in self._logs:
            from flint import ctx

            with ctx.workprec(prec):
                q, one_minus_q = self._balls()
                self._logs[prec] = q.log() if q < 0.5 else (-one_minus_q).log1p()
        return self._logs[prec]

    # -- the law ----------------------------------------------------------------------------
    def probability(self, k: int) -> Probability:
        """``P(step = k) = (1 - q)/(1 + q) q^|k|`` (module docstring); a Fraction for a rational
        ``q`` and ``|k| <= MAX_EXACT_POWER``, else ``DPS`` correct digits."""
        if self.rational_q is not None and abs(k) <= MAX_EXACT_POWER:
            q, one_minus_q = self._q_mp()
            return one_minus_q / (1 + q) * q ** abs(k)
        # q^|k| loses about log10|k| digits: work with that many more, return DPS digits
        with mpmath.workdps(DPS + len(str(abs(k)))):
            q, one_minus_q = self._q_mp(exact=False)
            value = one_minus_q / (1 + q) * q ** abs(k)
        with mpmath.workdps(DPS):
            return +value

    def tail_probability(self, limit: int) -> Probability:
        """``P(|step| > limit) = 2 q^(limit+1)/(1 + q)`` (module docstring); exact as in
        :meth:`probability`."""
        check_limit(limit)
        if self.rational_q is not None and limit < MAX_EXACT_POWER:
            q, _ = self._q_mp()
            return 2 * q ** (limit + 1) / (1 + q)
        with mpmath.workdps(DPS + len(str(limit))):
            q, _ = self._q_mp(exact=False)
            value = 2 * q ** (limit + 1) / (1 + q)
        with mpmath.workdps(DPS):
            return +value

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        """Exact law of :meth:`sample`: every step ``|k| <= limit``, and ``None`` for the rest."""
        check_limit(limit)
        if limit > MAX_LISTED:
            raise ValueError(
                f"limit {limit} would list {2 * limit + 1} steps; the largest listed limit is "
                f"{MAX_LISTED} (use probability(k) and tail_probability(limit) instead)"
            )
        out: dict[int | None, Probability] = {}
        for k in range(-limit, limit + 1):
            out[k] = self.probability(k)
        out[None] = self.tail_probability(limit)
        return out

    # -- sampling ---------------------------------------------------------------------------
    def geometric(self, rng: np.random.Generator) -> int:
        """One exact draw of ``G`` with ``P(G = k) = (1 - q) q^k``: ``floor(ln V / ln q)``."""
        from flint import arb, ctx, fmpq

        u = LazyUniform(rng)
        prec = START_PREC
        while True:
            if u.num > 0:
                with ctx.workprec(prec):
                    log_q = self._log_q(prec)
                    # ln V / ln q decreases in V, so it lies between its values at the two ends
                    # of V's dyadic interval [lower, upper)
                    at_upper = arb(fmpq(u.num + 1, 1 << u.bits)).log() / log_q
                    at_lower = arb(fmpq(u.num, 1 << u.bits)).log() / log_q
                low, high = ball(at_upper)[0], ball(at_lower)[1]
                if floor(low) == floor(high):
                    return floor(low)
            u.refine()
            prec *= 2

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        """Draw ``G1 - G2`` (Rudolph 1994); return it if ``|G1 - G2| <= limit``, else ``None``."""
        step = self.geometric(rng) - self.geometric(rng)  # Rudolph (1994): Z = G1 - G2
        return step if abs(step) <= limit else None
