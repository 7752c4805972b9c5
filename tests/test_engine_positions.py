"""Exactness of plain RLS position by position (:mod:`zonemax.engine._rls_positions`), shown.

``rls-pm1`` and ``rls-geom`` run in production by Poissonization: each position's chain is run
to its target on its own, and ``T = sum_j h_j + Poisson(sum_j (tau - tau_j))``.  There is no
threshold: the rule acts at every target, so the exact solver's small instances judge the
production code itself.

Pre-registered families (seeds, sample sizes and levels fixed below; each family has
family-wise false-failure probability at most ``FAMILY_ALPHA`` by Bonferroni):

* ``EXACT`` -- mean and variance of ``T`` against :func:`zonemax.exact.exact_expectation`,
  two-sided z-tests (the variance's standard error from the sample's fourth central moment), on
  instances with optimal positions, one position, and double-geometric laws from ``q = 1/10``
  (steps of mostly 1) to ``q = 99/100`` (most moves rejected near the target), so that every
  step of the round (rejections skipped, truncated first move, plain landings from the top,
  the crossing move) is exercised.
* ``TWO_SAMPLE`` -- at targets the exact solver cannot reach (``|a|_1`` up to 10^4, with
  optimal positions), production (:func:`zonemax.engine.simulate`) against the per-iteration
  kernels (:func:`zonemax.engine.simulate_per_iteration`, other code: one step per useful
  iteration): Kolmogorov-Smirnov (conservative with ties) and Welch's t-test, two-sided.
* ``FAR`` -- one position at ``10^12`` under ±1: ``T = d + NegBin(d, 1/2)`` exactly, mean and
  variance ``2 d``.

Power: the planted bugs of :mod:`zonemax.engine._rls_positions` (the Poisson term dropped; the
rejected moves not counted; one plain landing too many) must be rejected by ``EXACT`` at the
same level, each on the instances named in :data:`PLANTED_REJECTS` (measured: ``|z|`` from 10
to 230 there), and the first also by ``TWO_SAMPLE``.
"""

from __future__ import annotations

import math
from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import run_many, simulate, simulate_per_iteration
from zonemax.engine._rls_positions import (
    CORRECT,
    PLANTED_EXTRA_LANDING,
    PLANTED_NO_IDLE,
    PLANTED_NO_REJECTED,
    PM1,
    GeomMoves,
    geom_moves_params,
    rls_positions_run,
)
from zonemax.engine._state import NO_BUDGET
from zonemax.engine.api import positions_law
from zonemax.exact import exact_expectation

#: Family-wise false-failure probability of each family below.
FAMILY_ALPHA = 1e-3

Case = tuple[str, tuple[int, ...], dict[str, Any]]
EXACT_CASES: dict[str, Case] = {
    "pm1-opt": ("rls-pm1", (3, 0, 5), {}),
    "pm1-equal": ("rls-pm1", (4, 4), {}),
    "geom-mean1": ("rls-geom", (6, 2, 0), {"geom_mean": F(1)}),
    "geom-q1/10": ("rls-geom", (9, 1, 1), {"geom_q": F(1, 10)}),
    "geom-q1/2": ("rls-geom", (2, 0, 3), {"geom_q": F(1, 2)}),
    "geom-q9/10": ("rls-geom", (7, 3), {"geom_q": F(9, 10)}),
    "geom-q99/100": ("rls-geom", (5,), {"geom_q": F(99, 100)}),
}
EXACT_RUNS = 20_000
SEED_EXACT = 240_001
#: Bonferroni: every case and statistic (mean, variance).
EXACT_Z = float(stats.norm.isf(FAMILY_ALPHA / (len(EXACT_CASES) * 2) / 2))
#: Planted bug -> the instances whose mean test must reject it (module docstring).
PLANTED_REJECTS: dict[int, tuple[str, ...]] = {
    # one position has no idle selections: the term is 0 there
    PLANTED_NO_IDLE: tuple(name for name, case in EXACT_CASES.items() if len(case[1]) > 1),
    PLANTED_NO_REJECTED: ("geom-q9/10", "geom-q99/100"),
    PLANTED_EXTRA_LANDING: ("geom-mean1", "geom-q1/10"),
}


def _spec(case: Case) -> AlgorithmSpec:
    algorithm, a, kwargs = case
    return AlgorithmSpec(algorithm, a, **kwargs)


def _law(spec: AlgorithmSpec) -> GeomMoves:
    law = positions_law(spec)
    assert law is not None
    return law


def _times(spec: AlgorithmSpec, runs: int, seed: int, planted: int) -> np.ndarray:
    """``runs`` run times from one generator, the kernel called directly (planted bugs)."""
    rng = np.random.default_rng(seed)
    dist0 = np.abs(np.array(spec.a, np.int64))
    law = _law(spec)
    return np.array([rls_positions_run(rng, dist0, NO_BUDGET, law, planted)[0]
                     for _ in range(runs)], np.float64)


def _moment_z(x: np.ndarray, mean: float, var: float) -> tuple[float, float]:
    """z-statistics of the sample mean and the sample variance against exact values."""
    z_mean = (x.mean() - mean) / math.sqrt(var / x.size)
    s2 = x.var(ddof=1)
    m4 = float(((x - x.mean()) ** 4).mean())
    return z_mean, (s2 - var) / math.sqrt((m4 - s2 * s2) / x.size)


def _exact_z(name: str, planted: int) -> tuple[float, float]:
    spec = _spec(EXACT_CASES[name])
    exact = exact_expectation(spec, with_variance=True)
    assert exact.variance is not None
    seed = SEED_EXACT + list(EXACT_CASES).index(name)
    return _moment_z(_times(spec, EXACT_RUNS, seed, planted), float(exact.expectation),
                     float(exact.variance))


@pytest.mark.parametrize("name", list(EXACT_CASES))
def test_exact_mean_and_variance(name: str) -> None:
    z_mean, z_var = _exact_z(name, CORRECT)
    assert abs(z_mean) < EXACT_Z, f"mean: z = {z_mean:.2f}"
    assert abs(z_var) < EXACT_Z, f"variance: z = {z_var:.2f}"


@pytest.mark.parametrize("planted", list(PLANTED_REJECTS))
def test_exact_rejects_planted_bugs(planted: int) -> None:
    rejected = {name for name in EXACT_CASES
                if abs(_exact_z(name, planted)[0]) >= EXACT_Z}
    assert rejected >= set(PLANTED_REJECTS[planted]), sorted(rejected)


# ----------------------------------------------------------------------------------------------
# TWO_SAMPLE: production against the per-iteration kernels, beyond the exact solver
# ----------------------------------------------------------------------------------------------
TWO_SAMPLE_CASES: dict[str, Case] = {
    "pm1": ("rls-pm1", (1000,) * 10 + (0,), {}),
    "geom-mean1": ("rls-geom", (400, 400, 400, 400, 0, 2), {"geom_mean": F(1)}),
    "geom-mean30": ("rls-geom", (1000,) * 5 + (0, 3), {"geom_mean": F(30)}),
    "geom-q99/100": ("rls-geom", (3000, 20), {"geom_q": F(99, 100)}),
}
TWO_SAMPLE_RUNS = 2000
SEED_PRODUCTION = 240_101
SEED_ORACLE = 240_201
#: Bonferroni: every case and test (KS, Welch).
TWO_SAMPLE_P = FAMILY_ALPHA / (len(TWO_SAMPLE_CASES) * 2)


def _two_sample(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    return (float(stats.ks_2samp(x, y).pvalue),
            float(stats.ttest_ind(x, y, equal_var=False).pvalue))


def _oracle(name: str) -> np.ndarray:
    spec = _spec(TWO_SAMPLE_CASES[name])
    seed = np.random.SeedSequence([SEED_ORACLE, list(TWO_SAMPLE_CASES).index(name)])
    times, solved = simulate_per_iteration(spec, seed, TWO_SAMPLE_RUNS, None)
    assert solved.all()
    return times


@pytest.mark.parametrize("name", list(TWO_SAMPLE_CASES))
def test_positions_match_per_iteration_kernels(name: str) -> None:
    spec = _spec(TWO_SAMPLE_CASES[name])
    seed = np.random.SeedSequence([SEED_PRODUCTION, list(TWO_SAMPLE_CASES).index(name)])
    times, solved = simulate(spec, seed, TWO_SAMPLE_RUNS, None)
    assert solved.all()
    p_ks, p_welch = _two_sample(times, _oracle(name))
    assert p_ks > TWO_SAMPLE_P, f"KS p = {p_ks:.3g}"
    assert p_welch > TWO_SAMPLE_P, f"Welch p = {p_welch:.3g}"


def test_two_sample_rejects_the_dropped_poisson_term() -> None:
    spec = _spec(TWO_SAMPLE_CASES["pm1"])
    planted = _times(spec, TWO_SAMPLE_RUNS, SEED_PRODUCTION, PLANTED_NO_IDLE)
    p_ks, p_welch = _two_sample(planted, _oracle("pm1"))
    assert p_ks <= TWO_SAMPLE_P
    assert p_welch <= TWO_SAMPLE_P


# ----------------------------------------------------------------------------------------------
# FAR: one position at 10^12, where T's law is known in closed form
# ----------------------------------------------------------------------------------------------
FAR_D = 10**12
FAR_RUNS = 4000
SEED_FAR = 240_301
FAR_Z = float(stats.norm.isf(FAMILY_ALPHA / 2 / 2))


def test_one_far_position_under_pm1() -> None:
    """``T = d + NegBin(d, 1/2)``: mean ``2 d``, variance ``d (1/2) / (1/2)^2 = 2 d`` (at
    ``n = 1`` there is no Poisson term; its control is the next test, at ``n = 2``)."""
    x = _times(AlgorithmSpec("rls-pm1", (FAR_D,)), FAR_RUNS, SEED_FAR, CORRECT)
    x -= 2 * FAR_D  # exact in float64: |x| < 2^53 and 2 d < 2^53
    z_mean, z_var = _moment_z(x, 0.0, 2.0 * FAR_D)
    assert abs(z_mean) < FAR_Z, z_mean
    assert abs(z_var) < FAR_Z, z_var


def test_far_planted_bug_rejected() -> None:
    """At ``n = 2`` the Poisson term is ``Poisson(|tau_1 - tau_2|)``, about ``sqrt(2 d)``:
    dropping it moves the mean by about ``1.1e6`` at ``d = 10^12``, far beyond ``FAR_Z`` sd."""
    spec = AlgorithmSpec("rls-pm1", (FAR_D, FAR_D))
    good = _times(spec, 400, SEED_FAR + 1, CORRECT)
    bad = _times(spec, 400, SEED_FAR + 1, PLANTED_NO_IDLE)
    assert stats.ttest_ind(good, bad, equal_var=False).pvalue < FAMILY_ALPHA


# ----------------------------------------------------------------------------------------------
# Budget, parameters, edges
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", [("rls-pm1", (50, 0, 20), {}),
                                  ("rls-geom", (50, 0, 20), {"geom_mean": F(3)})])
def test_budget_censors_exactly(case: Case) -> None:
    """With a budget a run reports ``(min(T, budget), T <= budget)`` for the ``T`` it has
    without one (the same draws until it stops)."""
    spec = _spec(case)
    free = run_many(spec, runs=200, seed=3, budget=None)
    assert free.solved.all()
    for budget in (0, 1, int(np.median(free.evaluations)), int(free.evaluations.max())):
        capped = run_many(spec, runs=200, seed=3, budget=budget)
        np.testing.assert_array_equal(capped.evaluations,
                                      np.minimum(free.evaluations, budget))
        np.testing.assert_array_equal(capped.solved, free.evaluations <= budget)


def test_geom_parameters_are_computed_exactly() -> None:
    law = geom_moves_params(F(1, 3), None)
    assert law.one_minus_q == 2 / 3
    assert law.p_sel == 0.25  # q / (1 + q) = (1/3) / (4/3)
    assert law.log_q == math.log(1 / 3)
    by_mean = geom_moves_params(None, F(1))  # q = 1 / (1 + sqrt 2)
    assert abs(by_mean.one_minus_q - (1 - 1 / (1 + math.sqrt(2)))) < 1e-15
    tiny = geom_moves_params(None, F(10**12))  # 1 - q about 1e-12: no cancellation
    assert abs(tiny.one_minus_q * 10**12 - 1) < 1e-6
    assert tiny.log_q == pytest.approx(-1e-12, rel=1e-6)


def test_optimal_start_and_pm1_marker() -> None:
    spec = AlgorithmSpec("rls-pm1", (0, 0, 0))
    assert run_many(spec, runs=3, seed=0, budget=None).evaluations.tolist() == [0, 0, 0]
    assert positions_law(spec) is PM1
    assert positions_law(AlgorithmSpec("rls-heavy", (3,), eps=F(1, 2))) is None
