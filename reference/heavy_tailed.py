r"""The heavy-tailed step operator (Definition 2) and its normaliser ``c_eps``.

Notation (Section 2 of the paper):

* ``eps`` = :math:`\varepsilon > 0`, the tail parameter.
* ``c_eps`` = :math:`c_\varepsilon = \sum_{i\ge 2} 1/(i (\log i)^{1+\varepsilon})`.
* ``I`` = the random exponent with :math:`P(I = i) = 1/(c_\varepsilon\, i (\log i)^{1+\varepsilon})`
  for :math:`i \ge 2`; the step size is :math:`2^{I-2}` with a uniformly random sign.

**Log base.**  The paper writes ``log`` without a base.  zonemax makes it explicit
(``log_base``) and defaults to base 2 because the proof of Theorem 5 needs base 2: it lets
``j`` range over ``0..floor(log d_i)`` so that the step ``2^j`` never overshoots
(``2^j <= d_i``) and then uses ``sum_{j <= floor(log d_i)} 2^j >= d_i``; both facts hold only
for ``log = log_2``, the base that matches the step sizes ``2^{I-2}``.  The same symbol ``log``
appears in ``P(I = i)``, so reading Definition 2 in base 2 keeps the proof's constants (in
particular ``(log j*)^{1+eps}`` with ``j* = j + 2``) exactly as written.  Base ``e`` is offered
for comparison.  It changes ``c_eps`` by the factor ``(ln b)^{1+eps}`` but not the law of ``I``:
``(log_b i)^{1+eps} = (ln i)^{1+eps} / (ln b)^{1+eps}``, and the factor cancels in the
normalised law (claim ``S2.law-base-free``).  So the base question changes only the constants of
Theorem 5's proof, never the operator or a run.

**Exact sampling.**  For small ``eps`` almost all mass sits on astronomically large ``I``
(for ``eps = 0.001`` in base 2, ``P(I <= 42)`` is about 0.2%).  The sampler never builds
``2^(I-2)`` for such ``I``: given a ``limit`` (the algorithms pass ``2 f(x)``, the longest step
that could ever be accepted, see :mod:`zonemax.reference.operators`) it draws ``I`` by inverting the
CDF over the finitely many exponents with ``2^(I-2) <= limit`` and reports the remaining tail
event as ``None``.  This is the exact law of the infinite-support operator, seen through the
only question the algorithm asks of it.

**Truncation for a bounded range r** (Section 6 bounds the search by ``r`` but Definition 2
lives on all of Z; the paper does not say how steps were bounded, so both readings exist):

* ``"condition"``: the law of ``I`` conditioned on ``2^(I-2) <= r`` (renormalised);
* ``"clip"``: the step is ``min(2^(I-2), r)``, so all tail mass lands on the step ``r``;
* ``"none"``: Definition 2 as written.

**c_eps.**  :func:`c_epsilon` returns a rigorous enclosure computed with mpmath interval
arithmetic: an interval partial sum up to ``N - 1`` plus a tail enclosure from the integral
test.  The summand ``w(x) = (ln b)^{1+eps} / (x (ln x)^{1+eps})`` is positive, decreasing and
convex for ``x > 1`` (a product of positive, decreasing, convex factors), hence

* trapezoid rule (convexity): ``sum_{i>=N} w(i) >= int_N^inf w + w(N)/2``;
* midpoint rule (convexity, Jensen): ``sum_{i>=N} w(i) <= int_{N-1/2}^inf w``;

with ``int_M^inf w = (ln b)^{1+eps} (ln M)^{-eps} / eps``.  The width is about
``|w'(N)|/8``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import mpmath
import numpy as np
from zonemax.reference.operators import Probability, check_limit
from zonemax.reference.params import (
    LogBase,
    Real,
    Truncation,
    check_eps,
    check_log_base,
    check_truncation,
)

#: Default number of terms summed exactly in c_eps before the rigorous tail enclosure
#: (width about |w'(N)|/8, i.e. ~1e-9 relative for N = 4096 in base 2).
DEFAULT_TERMS = 4096
#: Working precision (decimal digits) of the interval arithmetic.
DEFAULT_DPS = 40


def _ln_base(ctx: Any, log_base: LogBase) -> Any:
    return ctx.mpf(1) if log_base == "e" else ctx.log(log_base)


def _weight(ctx: Any, i: int, one_plus_eps: Any, ln_b: Any) -> Any:
    """``1 / (i (log_b i)^{1+eps})`` in the mpmath context ``ctx`` (mp or iv)."""
    log_i = ctx.log(i) / ln_b
    return 1 / (i * ctx.exp(one_plus_eps * ctx.log(log_i)))


@dataclass(frozen=True)
class CEpsilon:
    """A rigorous enclosure ``lower <= c_eps <= upper`` of the normaliser of Definition 2."""

    eps: Fraction
    log_base: LogBase
    terms: int
    lower: mpmath.mpf
    upper: mpmath.mpf

    @property
    def value(self) -> mpmath.mpf:
        """Midpoint of the enclosure."""
        return (self.lower + self.upper) / 2

    @property
    def error(self) -> mpmath.mpf:
        """Half-width of the enclosure: ``|c_eps - value| <= error``."""
        return (self.upper - self.lower) / 2


@lru_cache(maxsize=64)
def _c_epsilon_cached(eps: Fraction, log_base: LogBase, terms: int, dps: int) -> CEpsilon:
    iv = mpmath.iv
    with mpmath.workdps(dps):
        iv.dps = dps
        eps_iv = iv.mpf(eps.numerator) / eps.denominator
        one_plus_eps = 1 + eps_iv
        ln_b = iv.mpf(1) if log_base == "e" else iv.log(log_base)
        partial = iv.mpf(0)
        for i in range(2, terms):  # Definition 2: c_eps = sum_{i >= 2} 1/(i (log i)^{1+eps})
            partial += _weight(iv, i, one_plus_eps, ln_b)
        scale = iv.exp(one_plus_eps * iv.log(ln_b))  # (ln b)^{1+eps}

        def tail_integral(m: Any) -> Any:
            # int_M^inf (ln b)^{1+eps} / (x (ln x)^{1+eps}) dx = (ln b)^{1+eps} (ln M)^{-eps} / eps
            return scale * iv.exp(-eps_iv * iv.log(iv.log(m))) / eps_iv

        w_n = _weight(iv, terms, one_plus_eps, ln_b)
        tail_low = tail_integral(iv.mpf(terms)) + w_n / 2  # trapezoid rule, convex summand
        tail_high = tail_integral(iv.mpf(2 * terms - 1) / 2)  # midpoint rule, convex summand
        # endpoints kept at the working precision, so the stored enclosure stays outward
        lower = mpmath.mpf((partial + tail_low).a)
        upper = mpmath.mpf((partial + tail_high).b)
    return CEpsilon(eps=eps, log_base=log_base, terms=terms, lower=lower, upper=upper)


def c_epsilon(
    eps: Real,
    log_base: LogBase = 2,
    *,
    terms: int = DEFAULT_TERMS,
    dps: int = DEFAULT_DPS,
) -> CEpsilon:
    """Rigorous enclosure of ``c_eps = sum_{i>=2} 1/(i (log i)^{1+eps})`` (Section 2).

    Parameters
    ----------
    eps:
        ``eps > 0``.  Floats are read as the decimal they print as.
    log_base:
        Base of ``log`` (2 by default; see the module docstring for why).
    terms:
        ``N``: terms ``2..N-1`` are summed in interval arithmetic, the rest is enclosed by the
        integral test.  Must be at least 3.
    dps:
        Decimal digits of working precision.
    """
    e = check_eps(eps)
    base = check_log_base(log_base)
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 3:
        raise ValueError(f"terms must be an int >= 3, got {terms!r}")
    return _c_epsilon_cached(e, base, terms, dps)


def largest_exponent(limit: int) -> int:
    """The largest ``i >= 2`` with ``2^(i-2) <= limit`` (``limit >= 1``): ``bit_length + 1``."""
    return limit.bit_length() + 1


@dataclass(frozen=True)
class HeavyTailed:
    """The heavy-tailed operator of Definition 2, exact for its infinite support.

    Parameters
    ----------
    eps:
        ``eps > 0`` of Definition 2.
    log_base:
        Base of the logarithm in ``P(I = i)`` (default 2, see the module docstring).
    truncate:
        ``"none"`` (Definition 2), ``"condition"`` or ``"clip"`` (bounded range ``r``).
    r:
        The range bound; required for ``"condition"`` and ``"clip"``.
    """

    eps: Real
    log_base: LogBase = 2
    truncate: Truncation = "none"
    r: int | None = None
    _weights: list[mpmath.mpf] = field(default_factory=list, init=False, repr=False,
                                       compare=False)
    _cdf: list[float] = field(default_factory=list, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "eps", check_eps(self.eps))
        object.__setattr__(self, "log_base", check_log_base(self.log_base))
        object.__setattr__(self, "truncate", check_truncation(self.truncate))
        if self.truncate == "none":
            if self.r is not None:
                raise ValueError("r is only used with truncate='condition' or 'clip'")
        else:
            if isinstance(self.r, bool) or not isinstance(self.r, int) or self.r < 1:
                raise ValueError(
                    f"truncate={self.truncate!r} needs an integer range r >= 1, got {self.r!r}"
                )

    # -- the law of I (Definition 2) ------------------------------------------------------
    @property
    def c(self) -> CEpsilon:
        """The enclosure of ``c_eps`` used by this operator."""
        return c_epsilon(self.eps, self.log_base)

    def _weight(self, i: int) -> mpmath.mpf:
        # cached mp weights 1/(i (log i)^{1+eps}) for i = 2, 3, ...
        w = self._weights
        if len(w) <= i - 2:
            eps = self.eps
            assert isinstance(eps, Fraction)
            with mpmath.workdps(DEFAULT_DPS):
                one_plus_eps = 1 + mpmath.mpf(eps.numerator) / eps.denominator
                ln_b = _ln_base(mpmath.mp, self.log_base)
                for k in range(len(w) + 2, i + 1):
                    w.append(_weight(mpmath.mp, k, one_plus_eps, ln_b))
        return w[i - 2]

    def exponent_pmf(self, i: int) -> mpmath.mpf:
        """Untruncated ``P(I = i) = 1/(c_eps i (log i)^{1+eps})`` for ``i >= 2`` (Definition 2)."""
        if i < 2:
            return mpmath.mpf(0)
        with mpmath.workdps(DEFAULT_DPS):
            return self._weight(i) / self.c.value

    def exponent_cdf(self, i: int) -> mpmath.mpf:
        """Untruncated ``P(I <= i)``."""
        with mpmath.workdps(DEFAULT_DPS):
            return mpmath.fsum(self._weight(k) for k in range(2, i + 1)) / self.c.value

    def _k_range(self) -> int | None:
        """Largest exponent allowed by the range r (``None`` when untruncated)."""
        return None if self.r is None else largest_exponent(self.r)

    def magnitude_distribution(self, limit: int) -> dict[int | None, mpmath.mpf]:
        """Exact law of ``|step|`` seen through ``limit``: magnitudes ``<= limit``, else ``None``."""
        check_limit(limit)
        k_limit = largest_exponent(limit)
        k_range = self._k_range()
        out: dict[int | None, mpmath.mpf] = {}
        with mpmath.workdps(DEFAULT_DPS):
            k_top = k_limit if k_range is None else min(k_limit, k_range)
            norm = mpmath.mpf(1)
            if self.truncate == "condition":
                assert k_range is not None
                norm = self.exponent_cdf(k_range)  # renormalise on steps <= r
            for i in range(2, k_top + 1):
                out[2 ** (i - 2)] = self.exponent_pmf(i) / norm
            covered = mpmath.fsum(out.values())
            rest = 1 - covered
            if self.truncate == "clip":
                assert self.r is not None and k_range is not None
                # min(2^(I-2), r): every I > k_range lands on the step r
                if k_top == k_range:
                    clip_mass = 1 - self.exponent_cdf(k_range)
                    if self.r <= limit:
                        out[self.r] = out.get(self.r, mpmath.mpf(0)) + clip_mass
                        rest -= clip_mass
            if rest > 0 or self.truncate == "none":
                out[None] = max(rest, mpmath.mpf(0))
            if self.truncate == "condition" and k_top == k_range:
                out.pop(None, None)
        return out

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        """Exact law of :meth:`sample`: each magnitude with sign ± (probability 1/2 each)."""
        out: dict[int | None, Probability] = {}
        for m, p in self.magnitude_distribution(limit).items():
            if m is None:
                out[None] = p
            else:
                out[m] = p / 2
                out[-m] = p / 2
        return out

    # -- sampling ---------------------------------------------------------------------------
    def _cdf_upto(self, k: int) -> list[float]:
        """Float CDF table of the (truncated) law of I: ``cdf[i-2] = P(I <= i)``."""
        cdf = self._cdf
        if len(cdf) < k - 1:
            with mpmath.workdps(DEFAULT_DPS):
                norm = mpmath.mpf(1)
                if self.truncate == "condition":
                    k_range = self._k_range()
                    assert k_range is not None
                    norm = self.exponent_cdf(k_range)
                total = mpmath.fsum(self._weight(i) for i in range(2, len(cdf) + 2))
                for i in range(len(cdf) + 2, k + 1):
                    total += self._weight(i)
                    cdf.append(float(total / self.c.value / norm))
        return cdf

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        """Draw a signed step (Definition 2) if its length is ``<= limit``, else ``None``."""
        k_limit = largest_exponent(limit)
        k_range = self._k_range()
        k_top = k_limit if k_range is None else min(k_limit, k_range)
        u = rng.random()
        cdf = self._cdf_upto(k_top)
        magnitude: int | None = None
        for i in range(2, k_top + 1):  # Definition 2: invert the CDF of I
            if u < cdf[i - 2]:
                magnitude = 2 ** (i - 2)
                break
        else:
            if self.truncate == "clip" and k_top == k_range:
                # I > k_range: the clipped step is r (it may still exceed the limit)
                assert self.r is not None
                magnitude = self.r if self.r <= limit else None
            elif self.truncate == "condition" and k_top == k_range:
                magnitude = 2 ** (k_top - 2)  # float round-off guard: the CDF ends at 1
        if magnitude is None:
            return None  # |step| > limit: never accepted, its exact length is irrelevant
        # Definition 2: with probability 1/2 return x + 2^(I-2), otherwise x - 2^(I-2)
        return magnitude if rng.random() < 0.5 else -magnitude
