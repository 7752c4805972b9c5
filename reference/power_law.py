r"""The power-law step operator, sampled exactly by inversion with a rigorous tail.

Not part of Gadea Harder, Kötzing, Li, Radhakrishnan (2023).  Doerr, Krejca and Rudolph
(*Runtime Analysis for Multi-Objective Evolutionary Algorithms in Unbounded Integer Spaces*,
arXiv 2412.11684, AAAI 2025; GECCO 2025 Hot-off-the-Press) compare unit, exponential-tail and
power-law mutation strengths on unbounded integer search spaces, find the power law robust
over all problem parameters and starting points (it needs no tuning to the distance), and
recommend it for integer problems of unknown scale.  zonemax plugs the operator below into the
(1+1) EA (Algorithm 1) and RLS as ``ea-power`` / ``rls-power``, beside the paper's operators.

Notation: ``beta`` = :math:`\beta > 1` the exponent (``power_exponent`` in the algorithm
specification, so as not to clash with RLS_{α,β}'s ``beta``), ``zeta(beta) = sum_{k >= 1} k^-beta``
the Riemann zeta function, ``zeta(beta, a) = sum_{j >= 0} (j + a)^-beta`` the Hurwitz zeta
function.  The step is ``±K`` with a uniform sign and

    ``P(K = k) = k^-beta / zeta(beta)``  for ``k = 1, 2, ...``  (the zero step is impossible),

so ``S(k) = P(K > k) = zeta(beta, k + 1) / zeta(beta)`` and ``S(0) = 1``.

**Exact sampling (inversion with a rigorous tail).**  Let ``V`` be uniform on ``(0, 1)`` and
``K = min{k >= 1 : S(k) < V}``.  Since ``S`` decreases strictly from ``S(0) = 1 > V`` to 0, ``K``
is finite and ``K = k`` exactly when ``S(k) < V <= S(k - 1)``, which has probability
``S(k - 1) - S(k) = k^-beta / zeta(beta)``: ``K`` has the law above.  The algorithm asks only
whether ``K <= limit`` and, if so, which ``K`` (:mod:`zonemax.reference.operators`): ``K > limit``
exactly when ``V <= S(limit)``, an event of probability ``S(limit)`` reported as ``None``; when
``S(limit) < V`` the smallest ``k <= limit`` with ``S(k) < V`` is found by a search over
``[1, limit]`` (the predicate ``S(k) < V`` is monotone in ``k``), so only finitely many values
of ``S`` are ever needed, however large ``limit`` is (10^12 costs a handful of evaluations).

Every comparison ``S(k) < V`` is decided exactly (:mod:`zonemax.reference._inversion`): ``S(k)``
is an Arb ball of python-flint's rigorous Riemann and Hurwitz zeta functions, ``V`` is revealed
bit by bit, and a comparison that the current digits and precision cannot decide draws more
digits and doubles the precision.  Hence the returned value is the exact ``K`` (or the exact
event ``K > limit``) of the drawn ``V``, and the sampled law is exactly the law above, for every
real ``beta > 1`` (``beta`` is read as an exact rational).

To keep the search short, ``S(1..64)`` is kept in a table, and beyond it a first guess comes from
``zeta(beta, k + 1) ~ (k + 1/2)^(1 - beta) / (beta - 1)``; the guess only orders the comparisons,
every one of which is exact, so it cannot change the law.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
from zonemax.reference._inversion import (
    START_PREC,
    Dyadic,
    LazyUniform,
    ball,
    floor,
    le,
    less_than,
    width,
)
from zonemax.reference.operators import Probability, check_limit
from zonemax.reference.params import DEFAULT_POWER_EXPONENT, Real, check_power_exponent

#: ``S(k)`` for ``k = 0..TABLE`` is computed once per operator (at the starting precision).
TABLE = 64
#: Largest ``limit`` for which :meth:`PowerLaw.step_distribution` lists the law step by step.
MAX_LISTED = 2**16
#: Decimal digits of the mpmath values of :meth:`PowerLaw.step_distribution`.
DPS = 40
#: Bound on the per-operator cache of ``S(k)`` balls beyond the table (cleared when full).
CACHE = 4096


def _to_mpf(x: Any) -> mpmath.mpf:
    """The midpoint of an Arb ball as an exact mpmath number."""
    man, exp = x.mid().man_exp()
    with mpmath.workdps(DPS):  # mpf((man, exp)) rounds to the working precision
        return mpmath.mpf((int(man), int(exp)))


@dataclass(frozen=True)
class PowerLaw:
    """The power-law operator: ``±K`` with ``P(K = k) = k^-beta / zeta(beta)`` (module docstring).

    ``exponent`` is ``beta > 1`` (default :data:`~zonemax.reference.params.DEFAULT_POWER_EXPONENT`).
    """

    exponent: Real = DEFAULT_POWER_EXPONENT
    _table: dict[int, tuple[Dyadic, Dyadic]] = field(default_factory=dict, init=False,
                                                         repr=False, compare=False)
    _cache: dict[tuple[int, int], tuple[Dyadic, Dyadic]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "exponent", check_power_exponent(self.exponent))

    @property
    def beta(self) -> Fraction:
        """The exponent ``beta`` as an exact Fraction."""
        assert isinstance(self.exponent, Fraction)
        return self.exponent

    # -- the law ----------------------------------------------------------------------------
    def _zeta_balls(self, a: int) -> tuple[Any, Any]:
        """Arb balls of ``zeta(beta)`` and ``zeta(beta, a)`` at the current flint precision."""
        from flint import arb, fmpq

        b = arb(fmpq(self.beta.numerator, self.beta.denominator))
        return b.zeta(), b.zeta(arb(a))

    def survival_ball(self, k: int, prec: int = START_PREC) -> tuple[Dyadic, Dyadic]:
        """Exact dyadic bounds ``lo <= S(k) = P(K > k) <= hi`` (Arb at ``prec`` bits)."""
        if k == 0:
            return (1, 0), (1, 0)
        fixed = k <= TABLE and prec == START_PREC
        if fixed and k in self._table:
            return self._table[k]
        key = (k, prec)
        if key in self._cache:
            return self._cache[key]
        from flint import ctx

        with ctx.workprec(prec):
            zeta, hurwitz = self._zeta_balls(k + 1)
            bounds = ball(hurwitz / zeta)  # S(k) = zeta(beta, k+1) / zeta(beta)
        if fixed:
            self._table[k] = bounds
        else:
            if len(self._cache) >= CACHE:
                self._cache.clear()
            self._cache[key] = bounds
        return bounds

    def probability(self, k: int) -> mpmath.mpf:
        """``P(K = k) = k^-beta / zeta(beta)`` (``k >= 1``), to ``DPS`` digits."""
        from flint import arb, ctx, fmpq

        if k < 1:
            return mpmath.mpf(0)
        with ctx.workprec(START_PREC):
            b = arb(fmpq(self.beta.numerator, self.beta.denominator))
            return _to_mpf(arb(k) ** (-b) / b.zeta())

    def tail_probability(self, limit: int) -> mpmath.mpf:
        """``P(K > limit) = zeta(beta, limit + 1) / zeta(beta)``, to ``DPS`` digits."""
        from flint import ctx

        check_limit(limit)
        with ctx.workprec(START_PREC):
            zeta, hurwitz = self._zeta_balls(limit + 1)
            return _to_mpf(hurwitz / zeta)

    def magnitude_distribution(self, limit: int) -> dict[int | None, mpmath.mpf]:
        """Law of ``K`` seen through ``limit``: ``1..limit``, and ``None`` for ``K > limit``."""
        check_limit(limit)
        if limit > MAX_LISTED:
            raise ValueError(
                f"limit {limit} would list {limit} magnitudes; the largest listed limit is "
                f"{MAX_LISTED} (use probability(k) and tail_probability(limit) instead)"
            )
        out: dict[int | None, mpmath.mpf] = {k: self.probability(k) for k in range(1, limit + 1)}
        out[None] = self.tail_probability(limit)
        return out

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        """Exact law of :meth:`sample`: ``±k`` with ``P(K = k)/2`` each, ``None`` for the rest."""
        out: dict[int | None, Probability] = {}
        with mpmath.workdps(DPS):
            for k, p in self.magnitude_distribution(limit).items():
                if k is None:
                    out[None] = p
                else:
                    out[k] = out[-k] = p / 2  # the sign is uniform
        return out

    # -- sampling ---------------------------------------------------------------------------
    def _below(self, k: int, u: LazyUniform) -> bool:
        """Decide ``S(k) < V`` exactly (more digits of ``V``, more precision, as needed)."""
        prec = START_PREC
        while True:
            lo, hi = self.survival_ball(k, prec)
            v_below = less_than(u, lo, hi)  # V < S(k)?
            if v_below is not None:
                return not v_below
            if not le((1, -u.bits), width(lo, hi)):
                u.refine()  # V is known less precisely than S(k)
            else:
                prec *= 2

    def _guess(self, u: LazyUniform, lo: int, hi: int) -> int:
        """A guess of ``K`` in ``(lo, hi)`` from ``zeta(beta, k+1) ~ (k+1/2)^(1-beta)/(beta-1)``.

        The map from ``V`` to ``K`` multiplies relative errors by about ``1/(beta - 1)``, so for
        ``beta`` near 1 and ``K`` near ``10^30`` the 64 digits of ``V`` drawn first do not fix
        ``K``: more digits are revealed (the same ``V``, known better) until they do, and the
        guess is computed in Arb with a precision to match.  The guess never changes the result,
        only the number of exact comparisons that follow.
        """
        from flint import arb, ctx, fmpq

        spread = math.ceil(1 / (self.beta - 1)).bit_length()  # log2 of the error magnification
        while True:
            with ctx.workprec(max(START_PREC, u.bits + 64)):
                b = arb(fmpq(self.beta.numerator, self.beta.denominator))
                log_v = arb(u.num + 1).log() - u.bits * arb(2).log()
                g = (-((b - 1).log() + b.zeta().log() + log_v) / (b - 1)).exp() - arb(1) / 2
                if not g.is_finite() or g > hi:
                    return hi - 1
                man, exp = g.mid().man_exp()
            guess = floor((int(man), int(exp)))
            if u.bits >= guess.bit_length() + spread + 16:
                return min(max(lo + 1, guess), hi - 1)
            u.refine()

    def magnitude(self, limit: int, rng: np.random.Generator) -> int | None:
        """An exact draw of ``K`` if ``K <= limit``, else ``None`` (module docstring)."""
        u = LazyUniform(rng)
        if not self._below(limit, u):
            return None  # V <= S(limit): K > limit
        # invariant: S(lo) >= V (not below) and S(hi) < V (below); the answer is then in (lo, hi]
        if limit <= TABLE or self._below(TABLE, u):
            lo, hi = 0, min(limit, TABLE)
        else:
            lo, hi = TABLE, limit
            if hi - lo > 1:  # gallop from the guess, doubling the step, to bracket K
                g = self._guess(u, lo, hi)
                step = 1
                if self._below(g, u):
                    hi = g
                    while hi - step > lo:
                        if self._below(hi - step, u):
                            hi -= step
                            step *= 2
                        else:
                            lo = hi - step
                            break
                else:
                    lo = g
                    while lo + step < hi:
                        if self._below(lo + step, u):
                            hi = lo + step
                            break
                        lo += step
                        step *= 2
        while hi - lo > 1:  # bisection on the monotone predicate S(k) < V
            mid = (lo + hi) // 2
            if self._below(mid, u):
                hi = mid
            else:
                lo = mid
        return hi

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        """Draw ``±K`` if ``K <= limit``, else ``None`` (module docstring)."""
        k = self.magnitude(limit, rng)
        if k is None:
            return None  # |step| > limit: never accepted, its exact length is irrelevant
        return k if rng.random() < 0.5 else -k  # the sign is uniform
