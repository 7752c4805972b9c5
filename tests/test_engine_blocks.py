"""Exactness of the ±1 EA's block rule (:mod:`zonemax.engine._ea_pm1`), shown, not assumed.

Block rules under test (:class:`~zonemax.engine._ea_pm1.BlockRule`):

* ``default`` -- production (:data:`~zonemax.engine._ea_pm1.DEFAULT_RULE`);
* ``sweep`` -- forced on: every non-optimal position is far and every block is applied by
  count vectors (:func:`~zonemax.engine._pm1_rows.sweep`);
* ``rows`` -- forced on, blocks applied row by row (:func:`~zonemax.engine._pm1_rows.apply_state`);
* ``per-iteration`` -- no blocks at all (every useful iteration on its own);
* ``mixed`` -- production with ``far_min = 2``: far and near non-optimal positions side by side
  (EXACT only).  Production mixes them only beyond ``FAR_MIN = 128``, out of the exact solver's
  reach; this is where a near iteration is conditioned on touching a near position and the
  far-only gaps have ``lambda > 0`` (two hand-written mutants there survived every other test,
  ``benchmarks/mutation/RECORD-numba.md``).

Pre-registered families (seeds, sample sizes and levels are fixed below; every family has
family-wise false-failure probability at most ``FAMILY_ALPHA`` by Bonferroni):

* ``EXACT`` -- on instances the exact solver reaches, each rule's mean and variance of the run
  time against :func:`zonemax.exact.exact_expectation`: two-sided z-tests (the variance z-test
  uses the sample's fourth central moment for the standard error of ``s^2``).
* ``TWO_SAMPLE`` -- at r = 10^3 (and 3*10^3 for n = 10), the block rules against the
  per-iteration engine: the run-time distribution (Kolmogorov-Smirnov and Cramer-von Mises), and
  the distance vector after a fixed number of evaluations (early and late in the run; its sum,
  first coordinate, maximum and number of optimal positions, chi-square on pooled deciles).
* ``STOP`` -- the fixed-evaluation-count entry point itself, against the reference
  (:func:`zonemax.reference.one_plus_one_ea` with ``budget``): per-iteration and forced rules.

Power: the planted bugs (:data:`~zonemax.engine._pm1_rows.PLANTED_COUNTS`, a count vector from
the wrong law; :data:`~zonemax.engine._pm1_rows.PLANTED_EQUAL`, a pair with equal positions) are
injected into the forced sweep and must be rejected by the same tests at the same levels.
Heavier variants (more runs, r = 10^5) are marked ``slow``.
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import pytest
from scipy import stats
from zonemax.reference import one_plus_one_ea
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import run_many
from zonemax.engine._ea_pm1 import (
    DEFAULT_RULE,
    NO_BLOCKS,
    SWEEP_MIN,
    BlockRule,
    ea_pm1_run,
    ea_pm1_state_at,
)
from zonemax.engine._pm1_patterns import new_cache
from zonemax.engine._pm1_rows import CORRECT, PLANTED_COUNTS, PLANTED_EQUAL
from zonemax.engine._state import NO_BUDGET
from zonemax.exact import exact_expectation

#: Family-wise false-failure probability of each family below.
FAMILY_ALPHA = 1e-3
#: ``sweep_min`` that never sweeps.
NEVER = NO_BUDGET

RULES: dict[str, BlockRule] = {
    "default": DEFAULT_RULE,
    "sweep": BlockRule(0, 0, CORRECT),
    "rows": BlockRule(0, NEVER, CORRECT),
}
PER_ITERATION = BlockRule(NO_BLOCKS, NEVER, CORRECT)
PLANTED: dict[str, BlockRule] = {
    "wrong-count-law": BlockRule(0, 0, PLANTED_COUNTS),
    "equal-positions": BlockRule(0, 0, PLANTED_EQUAL),
}


def _run_times(rng: np.random.Generator, dist0: np.ndarray, rule: BlockRule, runs: int
               ) -> np.ndarray:
    """``runs`` independent run times, one after another from one generator."""
    cache = new_cache(dist0.shape[0] + 1)
    return np.array([ea_pm1_run(rng, dist0, NO_BUDGET, rule, cache)[0] for _ in range(runs)],
                    np.int64)


def _states(rng: np.random.Generator, dist0: np.ndarray, rule: BlockRule, runs: int,
            evaluations: int) -> np.ndarray:
    """``runs`` independent distance vectors after ``evaluations`` evaluations."""
    cache = new_cache(dist0.shape[0] + 1)
    return np.array([ea_pm1_state_at(rng, dist0, evaluations, rule, cache)
                     for _ in range(runs)], np.int64)


def _dist0(a: tuple[int, ...]) -> np.ndarray:
    return np.abs(np.array(a, np.int64))


def _rng(*key: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(list(key)))


# ----------------------------------------------------------------------------------------------
# EXACT: mean and variance against the exact solver
# ----------------------------------------------------------------------------------------------
#: Instances: all positions non-optimal, and three starting with optimal positions (so the rule
#: for k < n, with optimal positions that can be disturbed, acts from the first iteration).
EXACT_CASES = ((5,), (3, 3), (4, -3, 2), (10, -10), (2, 2, -2, 2), (4, 3, 0, 0), (6, 0, 1),
               (3, 0, 0, 0, 2))
EXACT_RULES = {**RULES, "per-iteration": PER_ITERATION, "mixed": BlockRule(2, SWEEP_MIN, CORRECT)}
EXACT_RUNS = 10_000
SEED_EXACT = 160_001
#: Bonferroni: every case, rule and statistic (mean, variance).
EXACT_Z = float(stats.norm.isf(FAMILY_ALPHA / (len(EXACT_CASES) * len(EXACT_RULES) * 2) / 2))


def _moment_z(times: np.ndarray, mean: float, var: float) -> tuple[float, float]:
    """z-statistics of the sample mean and the sample variance against exact values."""
    x = times.astype(float)
    runs = x.size
    z_mean = (x.mean() - mean) / math.sqrt(var / runs)
    s2 = x.var(ddof=1)
    m4 = float(((x - x.mean()) ** 4).mean())
    z_var = (s2 - var) / math.sqrt((m4 - s2 * s2) / runs)
    return z_mean, z_var


def _exact_z(a: tuple[int, ...], rule: BlockRule, runs: int, salt: int) -> tuple[float, float]:
    exact = exact_expectation(AlgorithmSpec("ea-pm1", a), with_variance=True)
    assert exact.variance is not None
    times = _run_times(_rng(SEED_EXACT, salt, *map(abs, a)), _dist0(a), rule, runs)
    return _moment_z(times, float(exact.expectation), float(exact.variance))


@pytest.mark.parametrize("rule", list(EXACT_RULES), ids=str)
@pytest.mark.parametrize("a", EXACT_CASES, ids=str)
def test_exact_mean_and_variance(a: tuple[int, ...], rule: str) -> None:
    z_mean, z_var = _exact_z(a, EXACT_RULES[rule], EXACT_RUNS, list(EXACT_RULES).index(rule))
    assert abs(z_mean) < EXACT_Z, f"mean: z = {z_mean:.2f}"
    assert abs(z_var) < EXACT_Z, f"variance: z = {z_var:.2f}"


#: Power: the planted bugs on these instances, tested at the family's threshold.
PLANTED_EXACT_CASES = ((10, -10), (3, 3))


@pytest.mark.parametrize("bug", list(PLANTED), ids=str)
def test_exact_rejects_planted_bugs(bug: str) -> None:
    zs = [z for a in PLANTED_EXACT_CASES for z in _exact_z(a, PLANTED[bug], EXACT_RUNS, 99)]
    assert max(abs(z) for z in zs) > EXACT_Z, f"{bug} not detected: z = {zs}"


# ----------------------------------------------------------------------------------------------
# TWO_SAMPLE: block rules against the per-iteration engine at medium r
# ----------------------------------------------------------------------------------------------
#: (id, target, runs, early and late evaluation counts for the distance vector).  Run times:
#: n = 3, r = 10^3 about 8.6e3 (5% quantile 8.3e3); n = 10, r = 3000 about 9.0e4 (5% quantile
#: 8.9e4), so "late" catches the end of the run (positions optimal, disturbed, still far).
TWO_SAMPLE_CASES: list[tuple[str, tuple[int, ...], int, tuple[int, int]]] = [
    ("n3-r1e3", (1000, -1000, 1000), 4000, (4000, 8300)),
    ("n10-r3e3", (3000,) * 10, 1500, (45_000, 88_000)),
]
SLOW_TWO_SAMPLE_CASES: list[tuple[str, tuple[int, ...], int, tuple[int, int]]] = [
    ("n2-r1e5", (10**5, -(10**5)), 2000, (250_000, 530_000)),
    ("n5-r1e4", (10**4,) * 5, 2000, (70_000, 142_000)),
]
SEED_TWO = 160_002
#: Statistics per (case, rule): run time (KS, CvM) and 4 per evaluation count.
TWO_SAMPLE_STATS = 2 + 2 * 4


def _same_law_p(x: np.ndarray, y: np.ndarray) -> float:
    """Two-sample chi-square on integer samples, cells = pooled deciles (identical for both)."""
    edges = np.unique(np.quantile(np.concatenate([x, y]), np.linspace(0, 1, 11)[1:-1]))
    table = np.array([np.bincount(np.searchsorted(edges, v, side="right"),
                                  minlength=edges.size + 1) for v in (x, y)])
    table = table[:, table.sum(axis=0) > 0]
    if table.shape[1] < 2:
        return 1.0  # one cell: both samples constant and equal
    return float(stats.chi2_contingency(table).pvalue)


def _state_stats(states: np.ndarray) -> list[np.ndarray]:
    return [states.sum(axis=1), states[:, 0], states.max(axis=1), (states == 0).sum(axis=1)]


def _two_sample_pvalues(case: tuple[str, tuple[int, ...], int, tuple[int, int]], rule: BlockRule,
                        reference: dict[str, Any]) -> list[float]:
    _, a, runs, evals = case
    d0 = _dist0(a)
    times = _run_times(_rng(SEED_TWO, 1, *map(abs, a)), d0, rule, runs)
    # Ties: the p-values assume continuous laws.  Run times of n3-r1e3 take 907 distinct values
    # among 4000 (n10-r3e3: 1240 among 1500).  Re-checked by resampling both samples from the
    # per-iteration sample (3000 pairs, one law with these ties): rejection rates 0.0133 (CvM) and
    # 0.0093 (KS) at 0.01, 0.0027 and 0.0023 at 0.002 -- within 2 standard errors of nominal.
    ps = [float(stats.ks_2samp(times, reference["times"], method="asymp").pvalue),
          float(stats.cramervonmises_2samp(times, reference["times"]).pvalue)]
    for j, t0 in enumerate(evals):
        states = _states(_rng(SEED_TWO, 2 + j, *map(abs, a)), d0, rule, runs, t0)
        ps += [_same_law_p(x, y) for x, y in zip(_state_stats(states), reference["states"][j],
                                                 strict=True)]
    return ps


@functools.cache
def _reference(case: tuple[str, tuple[int, ...], int, tuple[int, int]]) -> dict[str, Any]:
    """The per-iteration engine's samples for ``case`` (computed once per session)."""
    _, a, runs, evals = case
    d0 = _dist0(a)
    return {"times": _run_times(_rng(SEED_TWO, 101, *map(abs, a)), d0, PER_ITERATION, runs),
            "states": [_state_stats(_states(_rng(SEED_TWO, 102 + j, *map(abs, a)), d0,
                                            PER_ITERATION, runs, t0))
                       for j, t0 in enumerate(evals)]}


@pytest.mark.parametrize("rule", list(RULES), ids=str)
@pytest.mark.parametrize("case", TWO_SAMPLE_CASES, ids=[c[0] for c in TWO_SAMPLE_CASES])
def test_blocks_match_per_iteration_engine(
        case: tuple[str, tuple[int, ...], int, tuple[int, int]], rule: str) -> None:
    level = FAMILY_ALPHA / (len(TWO_SAMPLE_CASES) * len(RULES) * TWO_SAMPLE_STATS)
    ps = _two_sample_pvalues(case, RULES[rule], _reference(case))
    assert min(ps) > level, f"p-values {[f'{p:.2g}' for p in ps]}"


@pytest.mark.parametrize("bug", list(PLANTED), ids=str)
def test_two_sample_rejects_planted_bugs(bug: str) -> None:
    case = TWO_SAMPLE_CASES[0]
    level = FAMILY_ALPHA / (len(TWO_SAMPLE_CASES) * len(RULES) * TWO_SAMPLE_STATS)
    ps = _two_sample_pvalues(case, PLANTED[bug], _reference(case))
    assert min(ps) < level, f"{bug} not detected: p-values {[f'{p:.2g}' for p in ps]}"


@pytest.mark.slow
@pytest.mark.parametrize("rule", list(RULES), ids=str)
@pytest.mark.parametrize("case", SLOW_TWO_SAMPLE_CASES, ids=[c[0] for c in SLOW_TWO_SAMPLE_CASES])
def test_blocks_match_per_iteration_engine_slow(
        case: tuple[str, tuple[int, ...], int, tuple[int, int]], rule: str) -> None:
    level = FAMILY_ALPHA / (len(SLOW_TWO_SAMPLE_CASES) * len(RULES) * TWO_SAMPLE_STATS)
    ps = _two_sample_pvalues(case, RULES[rule], _reference(case))
    assert min(ps) > level, f"p-values {[f'{p:.2g}' for p in ps]}"


# ----------------------------------------------------------------------------------------------
# STOP: the distance vector at a fixed evaluation count against the reference
# ----------------------------------------------------------------------------------------------
STOP_TARGET = (6, -4, 5, 0)
STOP_EVALUATIONS = (15, 60)
STOP_RUNS_REF = 2000
STOP_RUNS = 5_000
SEED_STOP = 160_003
STOP_RULES = {"per-iteration": PER_ITERATION, "sweep": RULES["sweep"], "rows": RULES["rows"]}


def test_state_at_matches_reference() -> None:
    level = FAMILY_ALPHA / (len(STOP_RULES) * len(STOP_EVALUATIONS) * 4)
    a = STOP_TARGET
    for j, t0 in enumerate(STOP_EVALUATIONS):
        seeds = np.random.SeedSequence([SEED_STOP, j]).spawn(STOP_RUNS_REF)
        ref = np.array([np.abs(np.array(a) - np.array(one_plus_one_ea(a, rng=np.random.default_rng(s),
                                                                     budget=t0).x))
                        for s in seeds], np.int64)
        for name, rule in STOP_RULES.items():
            states = _states(_rng(SEED_STOP, j, len(name)), _dist0(a), rule, STOP_RUNS, t0)
            for x, y in zip(_state_stats(states), _state_stats(ref), strict=True):
                p = _same_law_p(x, y)
                assert p > level, f"{name} at {t0} evaluations: p = {p:.2g}"


def test_state_at_edges() -> None:
    d0 = _dist0((40, 0, 7))
    cache = new_cache(4)
    for rule in (*RULES.values(), PER_ITERATION):
        # zero evaluations: the start; enough evaluations: solved (all zero)
        assert ea_pm1_state_at(np.random.default_rng(1), d0, 0, rule, cache).tolist() == \
            d0.tolist()
        assert ea_pm1_state_at(np.random.default_rng(1), d0, 10**7, rule, cache).tolist() == \
            [0, 0, 0]


# ----------------------------------------------------------------------------------------------
# budget with blocks
# ----------------------------------------------------------------------------------------------
def test_budget_censors_exactly_with_blocks() -> None:
    spec = AlgorithmSpec("ea-pm1", (3000, -200, 0, 2500, 90))
    full = run_many(spec, runs=30, seed=7, budget=None)
    assert full.solved.all()
    for budget in (int(np.median(full.evaluations)), 5000, 1):
        cut = run_many(spec, runs=30, seed=7, budget=budget)
        np.testing.assert_array_equal(cut.evaluations, np.minimum(full.evaluations, budget))
        np.testing.assert_array_equal(cut.solved, full.evaluations <= budget)
