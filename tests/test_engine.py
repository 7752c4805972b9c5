"""Tests of the fast engine (``zonemax.engine``) against the reference and against direct simulation.

Statistical design (all seeds, sample sizes and levels are fixed here):

* Equivalence with the reference: two-sample Kolmogorov-Smirnov tests (asymptotic p-value) of
  the run times of ``N_FAST`` engine runs against ``N_REF`` reference runs, one test per
  algorithm/operator variant.  Family-wise level ``FAMILY_ALPHA`` with a Bonferroni split over
  the ``len(EQUIVALENCE_CASES)`` default tests (and separately over the slow ones).  The run
  times are discrete, for which KS is conservative, so if the engine is exact the probability
  that any equivalence test fails is at most ``FAMILY_ALPHA``.
* Skip-rule tests (direct simulation of single iterations against the engine's formulas and
  samplers): their own Bonferroni family at level ``FAMILY_ALPHA``.
* The n = 1 z-test: level ``FAMILY_ALPHA`` on its own.
* The ±1 EA's block rule forced on small instances against exact expectations: its own
  Bonferroni family at level ``FAMILY_ALPHA``.
Total false-failure probability of the default run: at most 4 * FAMILY_ALPHA = 0.004.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from scipy import stats
from zonemax.reference import HeavyTailed, one_plus_one_ea, rls, rls_ab
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import INT64_LIMIT, Batch, check_target, run_many
from zonemax.engine import _random as R
from zonemax.engine._alias import build_alias, sample_payload
from zonemax.engine._ea_law import useful_probability as heavy_ea_useful_probability
from zonemax.engine._ea_pm1 import DEFAULT_RULE, FAR_MIN, BlockRule, ea_pm1_run
from zonemax.engine._heavy_law import HeavyTables, heavy_tables
from zonemax.engine._pm1_patterns import (
    MAX_M,
    TABLE_SIZE,
    TABLE_SLOTS,
    b_table,
    far_only_law,
    new_cache,
    new_scratch,
    pattern_table,
)
from zonemax.engine._pm1_rows import CORRECT, add_far_only, apply_rows, new_rows
from zonemax.engine._state import NO_BUDGET
from zonemax.exact import exact_expectation

#: Family-wise false-failure probability of each family of statistical tests below.
FAMILY_ALPHA = 1e-3
#: Engine runs per equivalence test (cheap) and reference runs (plain Python, the bottleneck).
N_FAST = 4000
N_REF = 300
#: Seeds: one for the engine, one for the reference, one per skip-rule test.
SEED_FAST = 20230721
SEED_REF = 2307_11855

RefRunner = Callable[[tuple[int, ...], np.random.Generator], int]

#: (id, algorithm, target, engine keywords, reference runner) -- instances where the reference
#: needs well under a second for N_REF runs.
EQUIVALENCE_CASES: list[tuple[str, str, tuple[int, ...], dict[str, Any], RefRunner]] = [
    ("ea-pm1", "ea-pm1", (3, -2, 0, 4), {},
     lambda a, g: one_plus_one_ea(a, rng=g).evaluations),
    # min D = 135 > FAR_MIN: the first useful iterations go through the block rule
    ("ea-pm1-block", "ea-pm1", (140, -135), {},
     lambda a, g: one_plus_one_ea(a, rng=g).evaluations),
    ("ea-heavy-none-0.1", "ea-heavy", (5, -3), {"eps": 0.1},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.1), rng=g).evaluations),
    ("ea-heavy-condition-0.001", "ea-heavy", (6, -3, 0), {"eps": 0.001, "truncate": "condition",
                                                          "r": 8},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.001, truncate="condition", r=8),
                                  rng=g).evaluations),
    ("ea-heavy-clip-0.001", "ea-heavy", (6, -3, 0), {"eps": 0.001, "truncate": "clip", "r": 3},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.001, truncate="clip", r=3),
                                  rng=g).evaluations),
    ("ea-heavy-clip-0.1", "ea-heavy", (9, 2), {"eps": 0.1, "truncate": "clip", "r": 12},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.1, truncate="clip", r=12), rng=g).evaluations),
    ("rls-pm1", "rls-pm1", (5, -4, 0, 2), {},
     lambda a, g: rls(a, rng=g).evaluations),
    ("rls-heavy-0.1", "rls-heavy", (7, -2), {"eps": 0.1},
     lambda a, g: rls(a, HeavyTailed(0.1), rng=g).evaluations),
    ("rls-heavy-condition-0.1", "rls-heavy", (9, -4, 0), {"eps": 0.1, "truncate": "condition",
                                                          "r": 9},
     lambda a, g: rls(a, HeavyTailed(0.1, truncate="condition", r=9), rng=g).evaluations),
    ("rls-heavy-clip-0.1", "rls-heavy", (9, -4, 0), {"eps": 0.1, "truncate": "clip", "r": 5},
     lambda a, g: rls(a, HeavyTailed(0.1, truncate="clip", r=5), rng=g).evaluations),
    ("rls-ab-2-0.5", "rls-ab", (30, -7, 0, 13), {"alpha": 2, "beta": 0.5},
     lambda a, g: rls_ab(a, 2, 0.5, rng=g, warn=False).evaluations),
    ("rls-ab-1.7-0.9", "rls-ab", (30, -7, 0, 13), {"alpha": Fraction(17, 10),
                                                   "beta": Fraction(9, 10)},
     lambda a, g: rls_ab(a, Fraction(17, 10), Fraction(9, 10), rng=g).evaluations),
]

#: Heavier equivalence tests (``-m slow``): untruncated eps = 0.001 wastes ~99.9% of the
#: reference's iterations on inadmissible steps.
SLOW_CASES: list[tuple[str, str, tuple[int, ...], dict[str, Any], RefRunner]] = [
    ("ea-heavy-none-0.001", "ea-heavy", (2, -1), {"eps": 0.001},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.001), rng=g).evaluations),
    ("ea-pm1-n8", "ea-pm1", (9, -4, 0, 0, 3, 1, -6, 2), {},
     lambda a, g: one_plus_one_ea(a, rng=g).evaluations),
    ("ea-heavy-condition-0.1-n6", "ea-heavy", (40, -9, 0, 3, 17, 1),
     {"eps": 0.1, "truncate": "condition", "r": 40},
     lambda a, g: one_plus_one_ea(a, HeavyTailed(0.1, truncate="condition", r=40),
                                  rng=g).evaluations),
]


def pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int,
            rule: BlockRule = DEFAULT_RULE) -> tuple[int, bool]:
    """One ±1 EA run with its own small table cache (the batch API shares a larger one)."""
    return ea_pm1_run(rng, dist0, budget, rule, new_cache(TABLE_SLOTS))


#: The block rule forced on: every non-optimal position is far and every block is swept.
FORCED = BlockRule(0, 0, CORRECT)


def admissible_law(tables: HeavyTables, limit: int) -> dict[int | None, float]:
    """The magnitude law the kernels sample, seen through ``limit``.

    Same shape as :meth:`zonemax.reference.heavy_tailed.HeavyTailed.magnitude_distribution`:
    magnitudes ``<= limit`` with their probabilities and ``None`` for the inadmissible rest.
    """
    jmax = min(limit.bit_length() - 1, tables.jtop)
    out: dict[int | None, float] = {}
    prev = 0.0
    for j in range(jmax + 1):
        out[1 << j] = out.get(1 << j, 0.0) + float(tables.cum[j]) - prev
        prev = float(tables.cum[j])
    rest = float(tables.tail[jmax])
    if tables.clip and tables.r <= limit:
        out[tables.r] = out.get(tables.r, 0.0) + rest
        rest = 0.0
    if rest > 0.0:
        out[None] = rest
    return out


def _reference_sample(runner: RefRunner, a: tuple[int, ...], runs: int, seed: int) -> np.ndarray:
    children = np.random.SeedSequence(seed).spawn(runs)
    return np.array([runner(a, np.random.default_rng(c)) for c in children], dtype=np.int64)


def _engine(algorithm: str, a: tuple[int, ...], runs: int, seed: int, **kw: Any) -> Batch:
    return run_many(AlgorithmSpec(algorithm, a, **kw), runs=runs, seed=seed, budget=None)


def _check_equivalence(case: tuple[str, str, tuple[int, ...], dict[str, Any], RefRunner],
                       level: float) -> None:
    _, algorithm, a, kw, runner = case
    fast = _engine(algorithm, a, N_FAST, SEED_FAST, **kw)
    assert fast.solved.all()
    ref = _reference_sample(runner, a, N_REF, SEED_REF)
    p = stats.ks_2samp(fast.evaluations, ref, method="asymp").pvalue
    assert p > level, (
        f"{case[0]}: KS p = {p:.2e} <= {level:.1e}; engine mean {fast.evaluations.mean():.2f}, "
        f"reference mean {ref.mean():.2f}"
    )


@pytest.mark.parametrize("case", EQUIVALENCE_CASES, ids=[c[0] for c in EQUIVALENCE_CASES])
def test_equivalence_with_reference(case: tuple[str, str, tuple[int, ...], dict[str, Any],
                                                RefRunner]) -> None:
    _check_equivalence(case, FAMILY_ALPHA / len(EQUIVALENCE_CASES))


@pytest.mark.slow
@pytest.mark.parametrize("case", SLOW_CASES, ids=[c[0] for c in SLOW_CASES])
def test_equivalence_with_reference_slow(case: tuple[str, str, tuple[int, ...], dict[str, Any],
                                                     RefRunner]) -> None:
    _check_equivalence(case, FAMILY_ALPHA / len(SLOW_CASES))


def test_block_case_uses_blocks() -> None:
    # the "ea-pm1-block" equivalence case starts with every position far (default rule)
    case = next(c for c in EQUIVALENCE_CASES if c[0] == "ea-pm1-block")
    assert min(abs(ai) for ai in case[2]) > FAR_MIN


def test_n1_pm1_ea_mean_is_twice_distance() -> None:
    # n = 1: every iteration mutates the only position and is accepted iff it steps towards a,
    # so T ~ NegBin(|a| successes, 1/2) trials: E[T] = 2|a|, Var[T] = |a| (1/2)/(1/2)^2 = 2|a|.
    a, runs = 50, 20_000
    batch = _engine("ea-pm1", (-a,), runs, 11)
    z = (batch.evaluations.mean() - 2 * a) / math.sqrt(2 * a / runs)
    assert abs(z) < stats.norm.isf(FAMILY_ALPHA / 2)


#: Block rule forced (:data:`FORCED`) on instances with every position non-optimal: runs
#: per instance and the seed; one Bonferroni family over the instances at ``FAMILY_ALPHA``.
BLOCK_EXACT_CASES = ((5,), (3, 3), (4, -3, 2), (10, -10), (2, 2, -2, 2))
BLOCK_EXACT_RUNS = 20_000
SEED_BLOCK = 606


@pytest.mark.parametrize("a", BLOCK_EXACT_CASES, ids=str)
def test_pm1_block_rule_against_exact_expectation(a: tuple[int, ...]) -> None:
    exact = exact_expectation(AlgorithmSpec("ea-pm1", a), with_variance=True)
    assert exact.variance is not None
    dist0 = np.abs(np.array(a, np.int64))
    children = np.random.SeedSequence([SEED_BLOCK, *map(abs, a)]).spawn(BLOCK_EXACT_RUNS)
    times = np.array([pm1_run(np.random.default_rng(c), dist0, NO_BUDGET, FORCED)[0]
                      for c in children], dtype=float)
    z = (times.mean() - float(exact.expectation)) / math.sqrt(float(exact.variance)
                                                              / BLOCK_EXACT_RUNS)
    level = FAMILY_ALPHA / len(BLOCK_EXACT_CASES)
    assert abs(z) < stats.norm.isf(level / 2), f"z = {z:.2f} against {exact.expectation}"


# ----------------------------------------------------------------------------------------------
# skip rules against direct simulation
# ----------------------------------------------------------------------------------------------
#: Number of skip-rule tests (assertions) sharing the Bonferroni family below: 2 (±1 EA
#: pattern), 2 (heavy-tailed useful probability), 2 (phase trials), 3 (uniform_int twice, alias
#: table), 2 (uniform_pair), 4 (±1 EA block rule: sweep and row by row).
N_SKIP_TESTS = 15
SKIP_LEVEL = FAMILY_ALPHA / N_SKIP_TESTS


def _pm1_table(n: int, k: int) -> tuple[float, dict[tuple[int, int, int], float]]:
    size = TABLE_SIZE
    ms, zs, bs = (np.empty(size, np.int64) for _ in range(3))
    weight = np.empty(size)
    q, count = pattern_table(n, k, ms, zs, bs, weight, np.empty(MAX_M + 1), np.empty(MAX_M + 1))
    law = {(int(ms[j]), int(zs[j]), int(bs[j])): float(weight[j] / q) for j in range(count)}
    return float(q), law


def test_pm1_ea_useful_probability_is_exact() -> None:
    # enumerate every mutation pattern of Algorithm 1 with exact rational probabilities
    n, k = 4, 2
    p = Fraction(1, n)
    exact = Fraction(0)
    for mutated in itertools.product((0, 1), repeat=n):
        for signs in itertools.product((-1, 1), repeat=n):
            prob = Fraction(1)
            for i in range(n):
                prob *= (p if mutated[i] else 1 - p) * Fraction(1, 2)
            m = sum(mutated[:k])
            b = sum(1 for i in range(k) if mutated[i] and signs[i] == -1)  # -1: towards
            z = sum(mutated[k:])
            if m >= 1 and 2 * b >= m + z:
                exact += prob
    q, _ = _pm1_table(n, k)
    assert q == pytest.approx(float(exact), rel=1e-14)


def test_pm1_ea_useful_pattern_matches_direct_simulation() -> None:
    # Direct simulation of Algorithm 1 iterations (positions 0..k-1 non-optimal): the iterations
    # that are useful and their (m, z, b) pattern, against the engine's table.
    n, k, iters = 5, 3, 400_000
    g = np.random.default_rng(101)
    mutate = g.random((iters, n)) < 1.0 / n
    towards = g.random((iters, n)) < 0.5
    m = mutate[:, :k].sum(axis=1)
    b = (mutate[:, :k] & towards[:, :k]).sum(axis=1)
    z = mutate[:, k:].sum(axis=1)
    useful = (m >= 1) & (2 * b >= m + z)
    q, law = _pm1_table(n, k)
    # (1) iterations up to and including the first useful one: Geometric(q) (chi-square on
    # the gap lengths 1..7, 8+)
    gaps = np.diff(np.concatenate(([-1], np.flatnonzero(useful))))
    cells = np.minimum(gaps, 8)
    observed = np.bincount(cells, minlength=9)[1:]
    expected_p = np.array([(1 - q) ** (j - 1) * q for j in range(1, 8)] + [(1 - q) ** 7])
    assert stats.chisquare(observed, expected_p * observed.sum()).pvalue > SKIP_LEVEL
    # (2) the pattern of a useful iteration (cells with expected count >= 5, the rest pooled)
    patterns = list(zip(m[useful].tolist(), z[useful].tolist(), b[useful].tolist(),
                        strict=True))
    total = len(patterns)
    big = [key for key, pr in law.items() if pr * total >= 5]
    counts = {key: 0 for key in big}
    rest = 0
    for key in patterns:
        if key in counts:
            counts[key] += 1
        else:
            rest += 1
    obs = [counts[key] for key in big] + [rest]
    exp = [law[key] * total for key in big] + [total * (1 - sum(law[key] for key in big))]
    assert stats.chisquare(obs, exp).pvalue > SKIP_LEVEL


def _same_law(x: np.ndarray, y: np.ndarray, level: float) -> None:
    """Two-sample chi-square on integer samples, cells = pooled deciles (identical for both)."""
    edges = np.unique(np.quantile(np.concatenate([x, y]), np.linspace(0, 1, 11)[1:-1]))
    table = np.array([np.bincount(np.searchsorted(edges, v, side="right"),
                                  minlength=edges.size + 1) for v in (x, y)])
    table = table[:, table.sum(axis=0) > 0]
    assert stats.chi2_contingency(table).pvalue > level


def test_pm1_block_matches_direct_simulation() -> None:
    # Block rule of the ±1 EA at k = n (every position far): `size` useful iterations become
    # rows (add_far_only) applied at once (apply_rows; by sweep and row by row), against
    # Algorithm 1 iterated directly (positions far from the optimum) until `size` of them were
    # useful; compare the change of f and of D_0.  n = 4 has rows of every size 1..4.
    n, d0, size, reps = 4, 1000, 150, 6000
    g = np.random.default_rng(505)
    cache = new_cache(n + 1)
    law = cache.far_cond[far_only_law(cache, new_scratch(), n, n)]
    bcum = b_table()
    rows = new_rows(n)
    order = np.arange(n)
    block = {sweep_min: (np.empty(reps, np.int64), np.empty(reps, np.int64))
             for sweep_min in (0, NO_BUDGET)}
    for sweep_min, (df, dd0) in block.items():
        for i in range(reps):
            dist = np.full(n, d0, np.int64)
            top = add_far_only(g, rows, law, n, size, bcum)
            apply_rows(g, rows, dist, order, n, top, sweep_min, CORRECT)
            df[i] = dist.sum() - n * d0
            dd0[i] = dist[0] - d0
        assert rows.by_state.sum() == 0
    dist = np.full((reps, n), d0, np.int64)
    done = np.zeros(reps, np.int64)
    while (done < size).any():
        live = done < size
        mutate = g.random((reps, n)) < 1.0 / n
        step = np.where(g.random((reps, n)) < 0.5, -1, 1) * mutate  # -1: towards (D > 0)
        useful = live & mutate.any(axis=1) & (step.sum(axis=1) <= 0)
        dist += step * useful[:, None]
        done += useful
    for df, dd0 in block.values():
        _same_law(df, dist.sum(axis=1) - n * d0, SKIP_LEVEL)
        _same_law(dd0, dist[:, 0] - d0, SKIP_LEVEL)


def test_heavy_ea_useful_probability_matches_direct_simulation() -> None:
    # Direct simulation: each position mutated w.p. 1/n, a mutated position's step admissible
    # w.p. pi; useful iff no inadmissible step and >= 1 admissible step at a non-optimal
    # position (positions 0..k-1).
    n, k, pi, iters = 4, 2, 0.3, 400_000
    g = np.random.default_rng(202)
    mutate = g.random((iters, n)) < 1.0 / n
    admissible = g.random((iters, n)) < pi
    useful = ~(mutate & ~admissible).any(axis=1) & (mutate[:, :k] & admissible[:, :k]).any(axis=1)
    q, s = heavy_ea_useful_probability(n, k, pi, 1 - pi, 1.0)
    assert stats.binomtest(int(useful.sum()), iters, q).pvalue > SKIP_LEVEL
    # conditional number of admissibly mutated non-optimal positions: Bin(k, s) given >= 1
    a_non = (mutate[:, :k] & admissible[:, :k]).sum(axis=1)[useful]
    engine = np.array([R.binomial_small(g, k, s, True) for _ in range(a_non.size)])
    table = np.array([[np.sum(a_non == j), np.sum(engine == j)] for j in range(1, k + 1)])
    assert stats.chi2_contingency(table).pvalue > SKIP_LEVEL


@pytest.mark.parametrize("useful", [R.PHASE_INVERSION_MAX - 1, R.PHASE_INVERSION_MAX + 3])
def test_phase_trials_is_a_sum_of_geometrics(useful: int) -> None:
    # both branches: geometric variables by inversion (few successes), negative binomial
    g = np.random.default_rng(303 + useful)
    q, samples = 0.2, 20_000
    engine = np.array([R.phase_trials(g, useful, q) for _ in range(samples)])
    direct = g.geometric(q, size=(samples, useful)).sum(axis=1)
    assert stats.ks_2samp(engine, direct, method="asymp").pvalue > SKIP_LEVEL


def test_uniform_pair_is_uniform_and_independent() -> None:
    g = np.random.default_rng(707)
    for k1, k2 in ((7, 6), (R.PAIR_MAX_K, 3)):
        draws = np.array([R.uniform_pair(g, k1, k2) for _ in range(60_000)])
        first = np.minimum(draws[:, 0] * 10 // k1, 9)  # 10 pooled cells of the first
        table = np.zeros((10, k2), np.int64)
        np.add.at(table, (first, draws[:, 1]), 1)
        # uniform product law: chi-square against the exact cell probabilities
        cell1 = np.array([np.sum(np.minimum(np.arange(k1) * 10 // k1, 9) == c)
                          for c in range(10)]) / k1
        expected = np.outer(cell1, np.full(k2, 1 / k2)) * draws.shape[0]
        keep = expected.ravel() > 0  # k1 < 10 leaves some pooled cells empty
        assert table.ravel()[~keep].sum() == 0
        assert stats.chisquare(table.ravel()[keep], expected.ravel()[keep]).pvalue > SKIP_LEVEL


def test_shared_table_cache_does_not_change_runs() -> None:
    # the batch API's shared cache and the per-run cache give identical runs (tables draw no
    # randomness); the shared cache is exercised across consecutive runs with the same n
    from zonemax.engine.api import _pm1_kernel

    a = np.array([40, 3, 0, 1, 38], np.int64)
    shared = _pm1_kernel(a.size)
    for child in np.random.SeedSequence(808).spawn(30):
        *_, (_, t, ok, _) = shared(np.random.default_rng(child), a, NO_BUDGET, NO_BUDGET)
        assert (t, ok) == pm1_run(np.random.default_rng(child), a, NO_BUDGET)
    # and the block rule against the direct simulation's law is covered above


def test_uniform_int_and_alias_table() -> None:
    g = np.random.default_rng(404)
    for k in (7, 1500):  # Lemire path and modulo path
        draws = np.array([R.uniform_int(g, k) for _ in range(60_000)])
        counts = np.bincount(draws, minlength=k)
        if k > 100:
            counts = counts.reshape(15, 100).sum(axis=1)  # pooled cells of 100 values
        assert stats.chisquare(counts).pvalue > SKIP_LEVEL
    _, law = _pm1_table(3, 3)  # n = 3, k = 3: 3 patterns with very different masses
    weight = np.array(list(law.values()))
    count = weight.size
    prob = np.empty(count)
    alias = np.empty(count, np.int64)
    build_alias(weight, count, prob, alias, np.empty(count, np.int64), np.empty(count, np.int64))
    index = np.arange(count)  # payload = the outcome's index; tables as 1-row 2-d arrays
    draws = np.array([sample_payload(g, count, prob[None, :], index[None, :], alias[None, :], 0)
                      for _ in range(60_000)])
    assert stats.chisquare(np.bincount(draws, minlength=count),
                           weight / weight.sum() * draws.size).pvalue > SKIP_LEVEL


@pytest.mark.parametrize(("truncate", "r"), [("none", None), ("condition", 100), ("clip", 100),
                                             ("clip", 64), ("condition", 1)])
@pytest.mark.parametrize("eps", [Fraction(1, 10), Fraction(1, 1000)])
def test_heavy_tables_match_reference(truncate: str, r: int | None, eps: Fraction) -> None:
    tables = heavy_tables(eps, 2, truncate, r)  # type: ignore[arg-type]
    op = HeavyTailed(eps, truncate=truncate, r=r)  # type: ignore[arg-type]
    for limit in (1, 2, 3, 100, 128, 129, 2**40 + 5):
        ours = admissible_law(tables, limit)
        theirs = {key: float(v) for key, v in op.magnitude_distribution(limit).items()
                  if key is not None or v > 0}
        assert set(ours) == set(theirs)
        for key, value in theirs.items():
            assert ours[key] == pytest.approx(value, rel=1e-12, abs=1e-15)


# ----------------------------------------------------------------------------------------------
# determinism, budget, validation
# ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("algorithm", "kw"), [
    ("ea-pm1", {}), ("ea-heavy", {"eps": 0.5}), ("rls-pm1", {}), ("rls-heavy", {"eps": 0.5}),
    ("rls-ab", {"alpha": 1.7, "beta": 0.9}),
])
def test_same_seed_same_result_and_jobs_independent(algorithm: str, kw: dict[str, Any]) -> None:
    spec = AlgorithmSpec(algorithm, (40, -13, 0, 7, 22), **kw)
    one = run_many(spec, runs=37, seed=5, budget=None, jobs=1)
    again = run_many(spec, runs=37, seed=5, budget=None, jobs=1)
    two = run_many(spec, runs=37, seed=5, budget=None, jobs=2)
    other = run_many(spec, runs=37, seed=6, budget=None, jobs=1)
    assert one.evaluations.dtype == np.int64
    assert one.solved.dtype == np.bool_
    assert len(one) == 37
    np.testing.assert_array_equal(one.evaluations, again.evaluations)
    np.testing.assert_array_equal(one.evaluations, two.evaluations)
    np.testing.assert_array_equal(one.solved, two.solved)
    assert not np.array_equal(one.evaluations, other.evaluations)
    # a budget censors exactly the runs with T > budget and reports the budget for them
    budget = int(np.median(one.evaluations))
    censored = run_many(spec, runs=37, seed=5, budget=budget, jobs=2)
    np.testing.assert_array_equal(censored.evaluations, np.minimum(one.evaluations, budget))
    np.testing.assert_array_equal(censored.solved, one.evaluations <= budget)


def test_zero_target_and_zero_budget() -> None:
    batch = run_many(AlgorithmSpec("ea-pm1", (0, 0)), runs=3, seed=0, budget=None)
    assert batch.evaluations.tolist() == [0, 0, 0]
    assert batch.solved.all()
    batch = run_many(AlgorithmSpec("rls-pm1", (1,)), runs=2, seed=0, budget=0)
    assert batch.evaluations.tolist() == [0, 0]
    assert not batch.solved.any()


def test_overflow_is_refused() -> None:
    ok = (INT64_LIMIT // 4 - 1,)
    assert check_target(ok).tolist() == [ok[0]]
    with pytest.raises(ValueError, match="reference"):
        run_many(AlgorithmSpec("ea-pm1", (INT64_LIMIT // 8, -(INT64_LIMIT // 8))), runs=1,
                 seed=0, budget=1)
    with pytest.raises(ValueError, match="4\\*\\|a\\|_1 < 2\\^63"):
        check_target((10**30,))


@pytest.mark.parametrize(("call", "error"), [
    (lambda: run_many(AlgorithmSpec("cma-wm", (3, 3)), runs=2, seed=0, budget=None),
     ValueError),
    (lambda: run_many(("ea-pm1", (3, 1)), runs=2, seed=0, budget=None), TypeError),  # type: ignore[arg-type]
    (lambda: run_many(AlgorithmSpec("ea-pm1", (3, 1)), runs=-1, seed=0, budget=None),
     ValueError),
    (lambda: run_many(AlgorithmSpec("ea-pm1", (3, 1)), runs=2, seed=0, budget=None, jobs=0),
     ValueError),
    (lambda: run_many(AlgorithmSpec("ea-pm1", (3, 1)), runs=2, seed=0, budget=1.5),  # type: ignore[arg-type]
     TypeError),
], ids=["cma-wm", "not-a-spec", "runs", "jobs", "budget"])
def test_bad_input(call: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()
