r"""Tests of a sample of run times against an exact law, each with a conservative null.

Every test here has a p-value that is an *upper bound* on the probability, under the null law,
of a statistic at least as extreme: no asymptotic approximation enters a decision.

* :func:`ks_test`: the Kolmogorov-Smirnov distance ``D = sup_t |F_N(t) - F(t)|`` to the exact
  distribution function, with the Dvoretzky-Kiefer-Wolfowitz inequality in Massart's constant,
  ``P(D >= e) <= 2 exp(-2 N e^2)`` (Massart 1990); for a distribution with atoms ``D`` is
  stochastically smaller than for a continuous one, so the bound stays valid (conservative).
* :func:`bernstein_test`: the sample mean of a *bounded* score ``g(min(T, budget))`` against its
  exact mean under the null, with Bernstein's inequality, two-sided,
  ``P(|mean - mu| >= e) <= 2 exp(-N e^2 / (2 sigma^2 + 2 M e / 3))`` where ``sigma^2`` is the
  exact variance of the score and ``M`` bounds ``|g - mu|``.  The scores are ``min(T, budget)``
  (the mean), ``(min(T, budget) - m)^2`` (the spread) and log-likelihood ratios between two exact
  laws (the most powerful direction against one variant).

Arithmetic: the statistic, ``mu`` and ``sigma^2`` are exact ``Fraction`` values (a float score is
converted exactly); only the last ``exp`` is a float, whose relative error (below ``1e-15``)
cannot move a p-value across a level unless the exponent matched it to 15 digits.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class StatTest:
    """One test of one sample against one variant's exact law.

    Attributes
    ----------
    name:
        What was tested (``ks``, ``mean``, ``spread`` or ``lr:<variant>``), with the target.
    statistic:
        The observed statistic (``D`` for ``ks``; the sample mean of the score otherwise).
    expected:
        The exact value of the statistic's centre under the null (``0`` for ``ks``).
    p_value:
        A conservative p-value (module docstring).
    effect_size:
        ``D`` for ``ks``; ``(mean - mu) / sigma`` (standardised) for the Bernstein tests.
    rejected:
        ``p_value <= level``.
    level:
        The per-test level (the family-wise level divided by the number of tests, Bonferroni).
    """

    name: str
    statistic: float
    expected: float
    p_value: float
    effect_size: float
    rejected: bool
    level: float


def _p_from_exponent(exponent: Fraction) -> float:
    """``min(1, 2 exp(-exponent))``."""
    return min(1.0, 2.0 * math.exp(-float(exponent)))


def ks_test(name: str, counts: Counter[int], cdf: Sequence[Fraction], level: float,
            cdf_upper: Sequence[Fraction] | None = None) -> StatTest:
    """Kolmogorov-Smirnov against ``cdf[t] = P(min(T, budget) <= t)`` (DKW-Massart p-value).

    With ``cdf_upper`` the law is an enclosure ``cdf <= F <= cdf_upper``, and ``D`` is the
    distance of the empirical function to the band: a lower bound of the distance to the true
    ``F``, so the p-value stays conservative."""
    n = sum(counts.values())
    upper = cdf if cdf_upper is None else cdf_upper

    def gap(k: int, t: int) -> Fraction:
        observed = Fraction(k, n)
        return max(observed - upper[t], cdf[t] - observed, Fraction(0))

    seen = 0
    gaps: list[tuple[float, int, int]] = []  # (float gap, t, count up to t)
    for t, f in enumerate(cdf):
        seen += counts.get(t, 0)
        gaps.append((max(seen / n - float(upper[t]), float(f) - seen / n, 0.0), t, seen))
    top = max(g for g, _, _ in gaps)
    # exact D: the float gaps are within 1e-15 of the exact ones, so the maximum is among
    # those within 1e-12 of the float maximum
    d = max(gap(k, t) for g, t, k in gaps if g >= top - 1e-12)
    p = _p_from_exponent(2 * n * d * d)
    return StatTest(name, float(d), 0.0, p, float(d), p <= level, level)


Moments = tuple[Fraction, Fraction, Fraction, Fraction]


def score_moments(score: Sequence[Fraction], pmf: Sequence[Fraction],
                  pmf_upper: Sequence[Fraction] | None = None) -> Moments:
    """``(mu_lo, mu_hi, sigma^2, M)`` of ``score`` under ``pmf``: the mean (an exact law:
    ``mu_lo = mu_hi``), an upper bound of the variance, and ``M >= max |g - mu|`` over the
    whole range ``0..budget`` (not only where the null puts mass).  With ``pmf_upper`` the law
    is an enclosure ``pmf <= p <= pmf_upper`` (each probability), and the bounds hold for every
    law in it."""
    if pmf_upper is None:
        mu = sum((p * g for p, g in zip(pmf, score, strict=True)), Fraction(0))
        var = sum((p * (g - mu) ** 2 for p, g in zip(pmf, score, strict=True)), Fraction(0))
        return mu, mu, var, max(abs(g - mu) for g in score)
    triples = list(zip(pmf, pmf_upper, score, strict=True))
    mu_lo = sum((g * (lo if g >= 0 else hi) for lo, hi, g in triples), Fraction(0))
    mu_hi = sum((g * (hi if g >= 0 else lo) for lo, hi, g in triples), Fraction(0))
    second = sum((g * g * hi for _, hi, g in triples), Fraction(0))
    smallest_square = Fraction(0) if mu_lo <= 0 <= mu_hi else min(mu_lo**2, mu_hi**2)
    var = max(Fraction(0), second - smallest_square)
    bound = max(max(abs(g - mu_lo), abs(g - mu_hi)) for g in score)
    return mu_lo, mu_hi, var, bound


def bernstein_test(name: str, counts: Counter[int], score: Sequence[Fraction],
                   moments: Moments, level: float) -> StatTest:
    """Mean of ``score[min(T, budget)]`` against its exact mean (``moments`` from
    :func:`score_moments` under the null law; Bernstein; for an enclosure, the distance of the
    sample mean to the interval of means)."""
    n = sum(counts.values())
    mu_lo, mu_hi, var, bound = moments
    mu = (mu_lo + mu_hi) / 2
    # the scores share a small denominator (1 or 1024): sum numerators as ints, exactly
    scale = math.lcm(*{g.denominator for g in score})
    total = sum(c * (score[t].numerator * (scale // score[t].denominator))
                for t, c in counts.items())
    mean = Fraction(total, n * scale)
    e = max(mu_lo - mean, mean - mu_hi, Fraction(0))
    if e == 0:
        p = 1.0
    else:
        denominator = 2 * var + 2 * bound * e / 3
        p = _p_from_exponent(n * e * e / denominator)
    effect = float((mean - mu) / Fraction(math.sqrt(var))) if var > 0 else (
        0.0 if e == 0 else math.inf)
    return StatTest(name, float(mean), float(mu), p, effect, p <= level, level)


def critical_ks(n: int, level: float) -> float:
    """The smallest ``D`` the KS test rejects at ``level``: ``sqrt(log(2/level) / (2 n))``."""
    return math.sqrt(math.log(2 / level) / (2 * n))


def critical_bernstein(n: int, var: float, bound: float, level: float) -> float:
    """The smallest ``|mean - mu|`` the Bernstein test rejects: root of
    ``n e^2 = L (2 var + 2 bound e / 3)`` with ``L = log(2 / level)``."""
    big_l = math.log(2 / level)
    # n e^2 - (2 L bound / 3) e - 2 L var = 0
    b = 2 * big_l * bound / 3
    return (b + math.sqrt(b * b + 8 * n * big_l * var)) / (2 * n)
