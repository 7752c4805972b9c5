"""The Dvoretzky-Kiefer-Wolfowitz-Massart p-value, pinned against values computed here.

Issue 42, section 2: the constant 2 of ``p = min(1, 2 exp(-2 N D^2))`` (Massart 1990) could be
changed to 1 with every test still passing.  Both places that compute it are pinned against the
formula evaluated independently in this file (exact ``Fraction`` distances, ``mpmath`` at 50
digits), including the clipping at 1:

* :meth:`zonemax.stats_tests.gof.BandDistance.p_value` (the statistical suite's law test), which
  must be an upper bound of the exact value (rounding slack ``SLACK`` taken off the distance,
  ``exp`` raised by ``1e-12`` relative) and no more than ``1e-11`` relative above it;
* :func:`zonemax.conformance.statistics.ks_test` (and the Bernstein test, which shares its last
  step), from counts and an exact distribution function.

A constant 1 halves every unclipped p-value (and leaves values between 1 and 2 unclipped), so
each assertion below fails by a factor of 2, far beyond the tolerances.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from zonemax.stats_tests.gof import SLACK, BandDistance, band_distance, critical_distance

from zonemax.conformance.statistics import bernstein_test, ks_test, score_moments


def dkw_massart(runs: int, distance: Fraction | float) -> mpmath.mpf:
    """``min(1, 2 exp(-2 N e^2))`` at 50 digits, ``e`` taken exactly."""
    e = Fraction(distance)
    with mpmath.workdps(50):
        exponent = mpmath.mpf(2 * runs * e.numerator ** 2) / mpmath.mpf(e.denominator ** 2)
        return min(mpmath.mpf(1), 2 * mpmath.exp(-exponent))


# (N, D, the value of 2 exp(-2 N D^2) written out by hand to 6 digits, clipped)
CASES = [
    (1_000, 0.05, 0.0134759),       # 2 e^-5
    (2_000, 0.057, 4.53878e-06),    # 2 e^-12.996
    (100, 0.2, 6.70925e-04),        # 2 e^-8
    (50, 0.1, 0.735759),            # 2 e^-1
    (100, 0.06, 0.973505),          # 2 e^-0.72: just below the clip
    (10, 0.1, 1.0),                 # 2 e^-0.2 = 1.637: clipped
    (1, 0.5, 1.0),                  # 2 e^-0.5 = 1.213: clipped
    (5_000, 0.04, 2.25070e-07),     # 2 e^-16
]


@pytest.mark.parametrize(("runs", "distance", "by_hand"), CASES)
def test_band_p_value_is_dkw_massart_with_constant_two(runs: int, distance: float,
                                                       by_hand: float) -> None:
    p = BandDistance(distance, 0, False, runs, 0.0, 10).p_value()
    exact = dkw_massart(runs, distance)
    assert float(exact) == pytest.approx(by_hand, rel=1e-5)  # the formula, by hand
    # an upper bound of the exact value (the slack is taken off D), and a tight one
    assert mpmath.mpf(p) >= dkw_massart(runs, Fraction(distance) - Fraction(SLACK))
    assert mpmath.mpf(p) >= exact * (1 - mpmath.mpf(10) ** -12)
    assert mpmath.mpf(p) <= exact * (1 + mpmath.mpf(10) ** -11)


def test_band_p_value_of_a_sample_and_at_the_critical_distance() -> None:
    # F_N = 0, 0.1, 0.3, 1.0 against the band [0.2, 0.4] at t = 1, [0.5, 0.9] at t = 2:
    # D_band = 0.5 - 0.3 = 0.2 with N = 10, p = 2 e^-0.8 = 0.898658
    low = np.array([0.0, 0.2, 0.5, 1.0])
    high = np.array([0.0, 0.4, 0.9, 1.0])
    ev = np.array([1, 2, 2, 3, 3, 3, 3, 3, 3, 3])
    band = band_distance(ev, np.ones(10, dtype=bool), low, high)
    assert band.p_value() == pytest.approx(0.898658, rel=1e-6)
    assert band.p_value() == pytest.approx(float(dkw_massart(10, Fraction(1, 5))), rel=1e-9)
    # the critical distance is where the p-value reaches the level: 2 exp(-2 N c^2) = level
    for runs, level in ((2_000, 1e-3 / 6), (1_000, 0.01), (20_000, 1e-6)):
        c = critical_distance(runs, level)
        assert float(dkw_massart(runs, c)) == pytest.approx(level, rel=1e-9)
        assert BandDistance(c, 0, False, runs, 0.0, 1).p_value() == pytest.approx(level,
                                                                                  rel=1e-9)


def _ks_of(times: list[int], cdf: list[Fraction]) -> tuple[Fraction, float]:
    """The exact KS distance of the sample to ``cdf`` (by hand), and ks_test's p-value."""
    counts = Counter(times)
    n = len(times)
    seen, d = 0, Fraction(0)
    for t, f in enumerate(cdf):
        seen += counts.get(t, 0)
        d = max(d, abs(Fraction(seen, n) - f))
    return d, ks_test("ks", counts, cdf, 1e-3).p_value


@pytest.mark.parametrize(("times", "cdf", "by_hand"), [
    # F_N = 0, 3/10, 1 against F = 0, 1/2, 1: D = 1/5, N = 10, p = 2 e^-0.8
    ([1, 1, 1, 2, 2, 2, 2, 2, 2, 2], [Fraction(0), Fraction(1, 2), Fraction(1)], 0.898658),
    # 40 runs at t = 1, 60 at t = 2 against F(1) = 1/5: D = 1/5, N = 100, p = 2 e^-8
    ([1] * 40 + [2] * 60, [Fraction(0), Fraction(1, 5), Fraction(1)], 6.70925e-04),
    # 10 runs at t = 1 against F(1) = 9/10: D = 1/10, N = 10, 2 e^-0.2 = 1.637: clipped
    ([1] * 10, [Fraction(0), Fraction(9, 10), Fraction(1)], 1.0),
    # 1000 runs, 550 by t = 1, against F(1) = 1/2: D = 1/20, p = 2 e^-5
    ([1] * 550 + [2] * 450, [Fraction(0), Fraction(1, 2), Fraction(1)], 0.0134759),
], ids=["n10", "n100", "clipped", "n1000"])
def test_conformance_ks_p_value_is_dkw_massart_with_constant_two(
        times: list[int], cdf: list[Fraction], by_hand: float) -> None:
    d, p = _ks_of(times, cdf)
    exact = dkw_massart(len(times), d)
    assert float(exact) == pytest.approx(by_hand, rel=1e-5)
    assert p == pytest.approx(float(exact), rel=1e-13)


def test_conformance_bernstein_p_value_shares_the_constant_two() -> None:
    # scores 0/1 with mean 1/2 under the null (variance 1/4, |g - mu| <= 1/2); 100 runs with
    # mean 0.6: e = 1/10, p = 2 exp(-N e^2 / (2 var + 2 M e / 3)) = 2 exp(-1 / (1/2 + 1/30))
    score = [Fraction(0), Fraction(1)]
    pmf = [Fraction(1, 2), Fraction(1, 2)]
    moments = score_moments(score, pmf)
    assert moments == (Fraction(1, 2), Fraction(1, 2), Fraction(1, 4), Fraction(1, 2))
    p = bernstein_test("mean", Counter({0: 40, 1: 60}), score, moments, 1e-3).p_value
    with mpmath.workdps(50):
        exact = 2 * mpmath.exp(-1 / (mpmath.mpf(1) / 2 + mpmath.mpf(1) / 30))
    assert float(exact) == pytest.approx(0.306710, rel=1e-5)
    assert p == pytest.approx(float(exact), rel=1e-13)
