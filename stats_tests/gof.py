r"""Goodness of fit of simulated run times to the exact law of ``T``, with a conservative p-value.

The law comes as an enclosure ``L(t) <= P(T <= t) <= U(t)`` for ``t = 0 .. t_max``
(:class:`zonemax.exact.LawOfT`: the lumped chain pushed forward in binary64 with an a-priori
error bound, or the multinomial allocation of per-position laws in ball arithmetic for RLS at
any ``n``).  The test is the one-sample Kolmogorov-Smirnov test, with the enclosure's width
accounted for and a p-value that is an upper bound, never an approximation:

* **Band distance.**  With ``F_N`` the empirical distribution function of the ``N`` run times,
  ``D_band = max_t max(F_N(t) - U(t), L(t) - F_N(t), 0)`` over ``t <= t_max``.  Since the true
  ``F`` lies in the band, ``D = sup_t |F_N(t) - F(t)| >= D_band``.  Beyond ``t_max`` nothing is
  lost: there the band is ``[L(t_max), 1]`` and ``F_N(t) >= F_N(t_max)``, so its gaps are at
  most the one at ``t_max`` (below the band) or ``0`` (above it).
* **Censored runs.**  A run stopped by its cap ``c`` has ``T > c``; it enters ``F_N(t)`` as
  "not yet" for every ``t < c``, which is exact, and the distance is taken over
  ``t < min(c)`` only (the caps of the families lie far beyond ``t_max``).
* **p-value.**  The Dvoretzky-Kiefer-Wolfowitz inequality with Massart's constant,
  ``P(D >= e) <= 2 exp(-2 N e^2)`` for every ``e`` (Massart 1990).  For a law with atoms (run
  times are integers) ``D`` is stochastically smaller than for a continuous law, so the bound
  stays valid: conservative.  Hence ``p = min(1, 2 exp(-2 N D_band^2))`` is an upper bound on
  the probability, under the null law, of a band distance at least the observed one.
* **Rounding.**  ``F_N(t) = k/N`` is a correctly rounded quotient of integers and each gap one
  more rounded subtraction, so the float ``D_band`` exceeds the exact one by at most ``2^-51``;
  :data:`SLACK` (``10^-15``) is subtracted before the p-value, and the float ``exp`` (relative
  error below ``10^-15``) is raised by ``10^-12`` relative.  The p-value is thus never below the
  exact bound.

The two-sided z-test of the mean (:class:`zonemax.stats_tests.suite.ExactCase`) and this test
see different departures: the z-test (with the exact variance in its denominator) a shift of
the mean or a larger spread; this test any change of shape, a smaller spread too, at a sample
size about ``(2.7 / D)^2`` for a departure of ``D`` in distribution function
(:func:`critical_distance`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: Subtracted from the float band distance before the p-value (module docstring, rounding).
SLACK = 1e-15


@dataclass(frozen=True)
class BandDistance:
    """The KS distance of a sample to a band of distribution functions.

    ``distance`` is ``D_band``; ``at`` the ``t`` where it is attained (``-1`` if zero);
    ``above`` whether the sample's distribution function lies above the band there (the run
    times are too short); ``runs`` the sample size; ``width`` the largest width ``U - L`` of
    the band over the range compared; ``last`` the last ``t`` compared."""

    distance: float
    at: int
    above: bool
    runs: int
    width: float
    last: int

    def p_value(self) -> float:
        """``min(1, 2 exp(-2 N D^2))`` with the rounding slack (module docstring)."""
        d = max(0.0, self.distance - SLACK)
        return min(1.0, 2.0 * math.exp(-2.0 * self.runs * d * d) * (1.0 + 1e-12))


def band_distance(evaluations: np.ndarray, solved: np.ndarray, cdf_low: np.ndarray,
                  cdf_high: np.ndarray) -> BandDistance:
    """``D_band`` of the run times (``evaluations``; ``solved`` false for a censored run, whose
    run time exceeds its evaluations) to the band ``cdf_low <= F <= cdf_high`` (index ``t``).

    Raises ``ValueError`` for mismatched or empty inputs, or for run times that are not
    non-negative integers."""
    ev = np.asarray(evaluations)
    ok = np.asarray(solved, dtype=bool)
    low = np.asarray(cdf_low, dtype=np.float64)
    high = np.asarray(cdf_high, dtype=np.float64)
    if ev.ndim != 1 or ev.shape != ok.shape or ev.size == 0:
        raise ValueError(f"evaluations and solved must be equal non-empty vectors; got shapes "
                         f"{ev.shape} and {ok.shape}")
    if low.ndim != 1 or low.shape != high.shape or low.size == 0:
        raise ValueError(f"cdf_low and cdf_high must be equal non-empty vectors; got shapes "
                         f"{low.shape} and {high.shape}")
    if not np.all(low <= high):
        raise ValueError("cdf_low must not exceed cdf_high")
    times = ev.astype(np.float64)
    if not (np.all(times >= 0) and np.all(times == np.floor(times))):
        raise ValueError("run times must be non-negative integers")
    runs = int(ev.size)
    last = low.size - 1
    if not ok.all():  # a censored run is known only to exceed its evaluations
        last = min(last, int(times[~ok].min()) - 1)
    if last < 0:
        return BandDistance(0.0, -1, False, runs, 0.0, last)
    kept = times[ok & (times <= last)].astype(np.int64)
    cumulative = np.cumsum(np.bincount(kept, minlength=last + 1))  # exact integer counts
    empirical = cumulative / runs
    above = empirical - high[:last + 1]
    below = low[:last + 1] - empirical
    k_above, k_below = int(np.argmax(above)), int(np.argmax(below))
    width = float(np.max(high[:last + 1] - low[:last + 1]))
    best = max(float(above[k_above]), float(below[k_below]))
    if best <= 0.0:
        return BandDistance(0.0, -1, False, runs, width, last)
    is_above = float(above[k_above]) >= float(below[k_below])
    return BandDistance(best, k_above if is_above else k_below, is_above, runs, width, last)


def critical_distance(runs: int, level: float) -> float:
    """The smallest band distance rejected at ``level``: ``sqrt(log(2 / level) / (2 N))``."""
    if runs < 1 or not 0 < level < 1:
        raise ValueError(f"need runs >= 1 and 0 < level < 1; got {runs}, {level}")
    return math.sqrt(math.log(2.0 / level) / (2.0 * runs))
