"""The law test grants the exact law's enclosure width to the sample, on a band wide enough to
matter.

Issue 42, section 2: the law test of the statistical suite
(:class:`zonemax.stats_tests.suite.ExactCase`, through :func:`zonemax.stats_tests.gof.
band_distance`) could stop granting the enclosure's width to the sample -- compare with one edge
of the band, or with its midpoint -- and nothing noticed, because the laws of the suite are
enclosed to about ``1e-6`` or better, far below any sample's noise.

Here the law is a synthetic enclosure of width 0.2 (everything else is the suite's own code).
The sample's distribution function lies inside the band everywhere, alternately 0.04 below its
upper and 0.04 above its lower edge, so it is 0.06 from the midpoint and 0.16 from one of the
edges at every ``t`` from 2 to 7: with the width granted it fits exactly (``D = 0``, ``p = 1``),
with the band collapsed to its midpoint (a law of zero width: the control) ``D = 0.06`` at
2,000 runs gives ``p = 2 e^-14.4 ~ 1e-6``, and against either edge ``D = 0.16`` gives
``p < 1e-40``.  Deterministic: the sample is fixed, not drawn.
"""

from __future__ import annotations

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.gof import band_distance
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.suite import FAMILY_ALPHA, ExactCase

from zonemax.exact import LawOfT

SPEC = AlgorithmSpec("rls-pm1", (3, -2))
RUNS = 2_000
#: The sample: RUNS / 8 runs at each t = 1 .. 8, so F_N(t) = t / 8.
STEPS = 8
WIDTH = 0.2
#: How far the sample's distribution function lies inside the band from its nearer edge.
INSIDE = 0.04


def _sample_times(runs: int) -> np.ndarray:
    """``runs`` run times in 1 .. 8, evenly spread (``F_N(t) = t / 8`` when 8 divides runs)."""
    return -(-STEPS * np.arange(1, runs + 1) // runs)


def _band() -> tuple[np.ndarray, np.ndarray]:
    """``low <= F_N <= high`` (non-decreasing, in [0, 1]), width 0.2 except where clipped; F_N
    sits INSIDE above the lower edge at even t and INSIDE below the upper edge at odd t."""
    t = np.arange(STEPS + 3)  # t = 0 .. 10; F_N = 1 from t = 8 on
    f = np.minimum(t / STEPS, 1.0)
    below = np.where(t % 2 == 0, INSIDE, WIDTH - INSIDE)  # F_N - low
    low = np.maximum.accumulate(np.clip(f - below, 0.0, 1.0))
    high = np.maximum.accumulate(np.clip(f - below + WIDTH, 0.0, 1.0))
    assert np.all(np.diff(low) >= 0) and np.all(np.diff(high) >= 0)
    assert np.all(low <= f) and np.all(f <= high)
    return low, high


def _law(low: np.ndarray, high: np.ndarray) -> LawOfT:
    pmf_low = np.maximum(np.diff(low, prepend=0.0) - (high - low), 0.0)
    pmf_high = np.minimum(np.diff(high, prepend=0.0) + (high - low), 1.0)
    return LawOfT(SPEC, pmf_low, pmf_high, low, high, 0.0, STEPS + 3, "synthetic band")


def _fixed(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
           budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    return _sample_times(runs).astype(np.float64), np.ones(runs, dtype=bool)


FIXED = Implementation("fixed sample inside the band", _fixed)


def _law_test(monkeypatch: pytest.MonkeyPatch, law: LawOfT) -> float:
    """The p-value of the suite's law-only case for SPEC, with ``law`` as the exact law."""
    monkeypatch.setattr(ExactCase, "law", lambda self: law)
    (outcome,) = ExactCase(SPEC, ("law",)).run(FIXED, 1, RUNS)
    return outcome.p_value


def test_the_band_is_as_described() -> None:
    low, high = _band()
    ev = _sample_times(RUNS)
    f = np.array([np.mean(ev <= t) for t in range(low.size)])
    mid = (low + high) / 2
    inner = slice(2, STEPS)  # t = 2 .. 7, where the band is not clipped
    assert np.allclose((high - low)[inner], WIDTH)
    assert np.allclose(np.abs(f - mid)[inner], WIDTH / 2 - INSIDE)
    assert np.allclose(np.maximum(f - low, high - f)[inner], WIDTH - INSIDE)


def test_the_law_test_grants_the_enclosure_width(monkeypatch: pytest.MonkeyPatch) -> None:
    low, high = _band()
    # control: the same sample against the band collapsed to its midpoint (zero width) fails
    mid = (low + high) / 2
    assert _law_test(monkeypatch, _law(mid, mid)) < 1e-5
    # ... and so it does against either edge alone (D = 0.16: 2 e^-102.4, plus the pilot's
    # level 1e-12 that a law-only case adds)
    assert _law_test(monkeypatch, _law(low, low)) <= 2 * ExactCase.PILOT_LEVEL
    assert _law_test(monkeypatch, _law(high, high)) <= 2 * ExactCase.PILOT_LEVEL
    # the wide enclosure: the sample lies inside it, no evidence at all
    p = _law_test(monkeypatch, _law(low, high))
    assert p == pytest.approx(1.0, abs=1e-9)
    assert p > FAMILY_ALPHA


def test_band_distance_grants_the_width_on_both_sides() -> None:
    low, high = _band()
    ev = _sample_times(RUNS)
    ok = np.ones(RUNS, dtype=bool)
    inside = band_distance(ev, ok, low, high)
    assert inside.distance == 0.0 and inside.p_value() == 1.0 and inside.at == -1
    assert inside.width == pytest.approx(WIDTH)
    inner = slice(2, STEPS)  # t = 2 .. 7, where the band is not clipped
    # narrowed from above by 0.05 there: the sample pokes 0.01 above the band at odd t
    narrow = high.copy()
    narrow[inner] -= INSIDE + 0.01
    above = band_distance(ev, ok, low, narrow)
    assert above.above and above.distance == pytest.approx(0.01) and above.at % 2 == 1
    # narrowed from below likewise: 0.01 below the band at even t
    narrow = low.copy()
    narrow[inner] += INSIDE + 0.01
    below = band_distance(ev, ok, narrow, high)
    assert not below.above and below.distance == pytest.approx(0.01) and below.at % 2 == 0
