"""Unit tests of the statistical machinery (no simulation)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from zonemax.stats_tests.machinery import Sample, exact_mean_test, one_sided_mean_test
from zonemax.stats_tests.stats import (
    clopper_pearson,
    holm_adjusted,
    holm_reject,
    loglog_slope,
    mean_ci,
)


def test_holm_step_down() -> None:
    assert holm_reject([0.01, 0.04, 0.03], 0.05) == [True, False, False]
    assert holm_reject([0.001, 0.02, 0.04], 0.05) == [True, True, True]
    assert holm_reject([0.2, 0.001], 0.01) == [False, True]


@pytest.mark.parametrize("seed", range(20))
def test_holm_adjusted_agrees_with_holm_reject(seed: int) -> None:
    rng = np.random.default_rng(seed)
    p = list(rng.uniform(0, 0.1, 6))
    for alpha in (0.001, 0.01, 0.05):
        assert [q <= alpha for q in holm_adjusted(p)] == holm_reject(p, alpha)


def test_clopper_pearson_known_values() -> None:
    ci = clopper_pearson(0, 10)
    assert ci.low == 0 and ci.high == pytest.approx(0.3085, abs=1e-4)


def test_one_sided_direction() -> None:
    rng = np.random.default_rng(0)
    x = rng.normal(100, 10, 500)
    s = Sample(x, np.ones(500, dtype=bool))
    assert one_sided_mean_test("u", s, 200, "below").p_value > 0.99  # far below the bound
    assert one_sided_mean_test("u", s, 50, "below").p_value < 1e-10  # violates E <= 50
    assert one_sided_mean_test("l", s, 150, "above").p_value < 1e-10  # violates E >= 150
    assert exact_mean_test("e", s, 100).p_value > 1e-3


def test_intervals_and_slope() -> None:
    rng = np.random.default_rng(1)
    x = rng.exponential(5.0, 400)
    t = mean_ci(x)
    b = mean_ci(x, method="bootstrap")
    assert t.low < 5 < t.high and b.low < 5 < b.high
    sl = loglog_slope([1, 2, 4, 8], [3, 6, 12, 24])
    assert sl.slope == pytest.approx(1.0)
    noisy = loglog_slope([1, 2, 4, 8, 16], [3, 7, 11, 25, 47])
    low, high = noisy.interval(0.95)
    assert low < noisy.slope < high


def test_an_implementation_that_raises_fails_its_family_with_a_report() -> None:
    # zonemax verify must end with a verdict, not a traceback, when the code under test crashes
    # (a numba mutant of the ±1 EA divided by zero inside the kernel): every exact case whose
    # simulation raises is a rejection (p = 0) that names the error; the other tests still run
    from zonemax.stats_tests.families import run
    from zonemax.stats_tests.implementations import REFERENCE, Implementation

    def crashes_on_two_positions(spec, seed, runs, budget):  # type: ignore[no-untyped-def]
        if len(spec.a) == 2:
            raise ZeroDivisionError("division by zero")
        return REFERENCE.simulate(spec, seed, runs, budget)

    result = run("pm1", Implementation("crashing", crashes_on_two_positions), "ci")
    assert not result.ok
    crashed = [o for o in result.outcomes if "raised ZeroDivisionError" in o.detail]
    assert crashed and all(o.p_value == 0.0 for o in crashed)
    assert len(crashed) < len(result.outcomes)  # one-position cases ran and pass
    assert all(rej == (o in crashed) for o, rej in zip(result.outcomes, result.rejected,
                                                      strict=True))


def test_target_labels_tell_targets_apart() -> None:
    """``zonemax verify`` named (100, 0, 0, 0, 0) and (100,)*5 alike ('a=(100,..) n=5');
    issue 23, item 12.  The labels of every target of the families differ, and the label is
    one-to-one (hypothesis below)."""
    from zonemax.stats_tests import theorems
    from zonemax.stats_tests.machinery import target_label

    assert target_label((100, 0, 0, 0, 0)) == "(100, 0×4)"
    assert target_label((100,) * 5) == "(100×5)"
    assert target_label((100, -100) * 10) == "((100, -100)×10)"
    assert target_label((10**12, -(10**12))) == "(10^12, -10^12)"
    for targets in (theorems.PM1_TARGETS, tuple(a for _, a in theorems.HEAVY_UPPER),
                    theorems.RLS_UPPER_TARGETS, theorems.RLS_LOWER_TARGETS):
        labels = [target_label(a) for a in targets]
        assert len(set(labels)) == len(labels), labels


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=12),
       st.lists(st.integers(-3, 3), min_size=1, max_size=12))
def test_target_label_is_one_to_one(a: list[int], b: list[int]) -> None:
    from zonemax.stats_tests.machinery import target_label

    assert (target_label(a) == target_label(b)) == (a == b)
