"""Random streams of a batch (issue 14): distinct, independent, and run ``k`` depends on ``(seed, k)``.

The engine documents that run ``k`` of ``run_many(spec, runs=R, seed=s, jobs=J)`` uses
``np.random.default_rng(SeedSequence(s).spawn(R)[k])``, so that a result does not depend on
``jobs``, on how a batch is cut into worker chunks, or on ``R``.  Bugs in this plumbing leave
every mean right -- each run is still a correct run -- and only tests of the streams see them.

Checks, all through the public API (``run_many``, ``run_seeds``):

* the first draws of the runs' generators are pairwise distinct (``SeedSequence`` children);
* *invariance* (deterministic, exact equality): every batch with ``R in RUN_COUNTS`` and
  ``jobs in JOBS`` equals the first ``R`` runs of one reference batch, and single runs
  (``run_seeds`` with one child: a fresh worker chunk and fresh caches) equal their entries;
* *independence* (statistical, pre-registered): the serial rank correlations of ``N_RUNS`` run
  times at lags ``1..5`` and the cross-correlations of the batches of seeds ``s`` and ``s + 1``
  at lags ``-2..2``; for independent runs each is approximately ``N(0, 1/N)`` (ranks of
  exchangeable values are a uniform permutation); two-sided z-tests, one Bonferroni family of
  ``len(SERIAL_LAGS) + len(CROSS_LAGS)`` tests at ``STREAM_ALPHA`` per call of
  :func:`independence_failures` (three calls on correct code below: family-wise error at most
  ``3 * STREAM_ALPHA = 3e-3``).

Power: three planted stream bugs, written here as simulators with ``run_many``'s signature on
top of the reference (one generator per worker chunk; one generator for the whole batch; every
run restarts the same stream), are each rejected by one of the checks, while the mean run time
of the first two agrees with the exact ``E[T]`` (the third's runs are all equal).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats
from zonemax.reference import run
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.equivalence import rank_correlation

from zonemax.engine import run_many, run_seeds
from zonemax.exact import exact_expectation

F = Fraction
SEED = 46_000
RUN_COUNTS = (1, 5, 33, 64)
JOBS = (1, 2, 4)
#: Runs per batch of the independence tests (engine: cheap).
N_RUNS = 4000
SERIAL_LAGS = (1, 2, 3, 4, 5)
CROSS_LAGS = (-2, -1, 0, 1, 2)
STREAM_ALPHA = 1e-3
#: Level of the mean checks of the planted simulators (two-sided z against the exact E[T]).
MEAN_ALPHA = 1e-3

#: ``run_many``'s shape: (spec, runs, seed, jobs) -> run times (budget: none).
RunMany = Callable[[AlgorithmSpec, int, int, int], np.ndarray]

SPECS = [
    AlgorithmSpec("ea-pm1", (40, -3, 0, 1, 38, 7, 7, 0, -12, 2, 0, 5)),
    AlgorithmSpec("ea-heavy", (10**6, -7, 0, 3), eps=F(1, 2)),
    AlgorithmSpec("rls-pm1", (30, -2, 0, 11)),
    AlgorithmSpec("rls-heavy", (10**9, 5, -5), eps=F(1), truncate="clip"),
    AlgorithmSpec("rls-ab", (10**12, -3, 0, 100)),
]


def engine(spec: AlgorithmSpec, runs: int, seed: int, jobs: int) -> np.ndarray:
    return np.asarray(run_many(spec, runs=runs, seed=seed, budget=None, jobs=jobs).evaluations)


def invariance_failures(run_many_like: RunMany, spec: AlgorithmSpec, seed: int,
                        single: Callable[[AlgorithmSpec, np.random.SeedSequence], int]
                        ) -> list[str]:
    """Where run ``k`` does not depend on ``(seed, k)`` alone (empty: none)."""
    full = run_many_like(spec, max(RUN_COUNTS), seed, 1)
    out = []
    for runs, jobs in itertools.product(RUN_COUNTS, JOBS):
        got = run_many_like(spec, runs, seed, jobs)
        if not np.array_equal(got, full[:runs]):
            out.append(f"runs={runs}, jobs={jobs}: {int(np.sum(got != full[:runs]))} differ")
    children = np.random.SeedSequence(seed).spawn(max(RUN_COUNTS))
    for k in (0, 1, 17, max(RUN_COUNTS) - 1):
        alone = single(spec, children[k])
        if alone != full[k]:
            out.append(f"run {k} alone took {alone}, in the batch {full[k]}")
    return out


def _lag_pairs(x: np.ndarray, y: np.ndarray, lag: int) -> tuple[np.ndarray, np.ndarray]:
    return (x[:x.size - lag], y[lag:]) if lag >= 0 else (x[-lag:], y[:y.size + lag])


def independence_failures(run_many_like: RunMany, spec: AlgorithmSpec, seed: int,
                          runs: int) -> list[str]:
    """The pre-registered lag tests that reject (Bonferroni at ``STREAM_ALPHA``)."""
    one = run_many_like(spec, runs, seed, 1).astype(float)
    two = run_many_like(spec, runs, seed + 1, 1).astype(float)
    if np.ptp(one) == 0:
        return [f"all {runs} runs took {one[0]:.0f} iterations"]
    level = STREAM_ALPHA / (len(SERIAL_LAGS) + len(CROSS_LAGS))
    out = []
    tests = [(f"serial lag {g}", one[:-g], one[g:]) for g in SERIAL_LAGS]
    tests += [(f"cross lag {g}", *_lag_pairs(one, two, g)) for g in CROSS_LAGS]
    for name, x, y in tests:
        z = rank_correlation(x, y) * math.sqrt(x.size)
        if 2 * stats.norm.sf(abs(z)) <= level:
            out.append(f"{name}: z = {z:+.1f}")
    return out


def _engine_single(spec: AlgorithmSpec, child: np.random.SeedSequence) -> int:
    return int(run_seeds(spec, [child], budget=None).evaluations[0])


def test_first_draws_of_the_runs_streams_are_distinct() -> None:
    firsts = set()
    for seed in (0, 1, SEED, 2**40 + 3):
        for child in np.random.SeedSequence(seed).spawn(4096):
            firsts.add(tuple(np.random.default_rng(child).bit_generator.random_raw(4).tolist()))
    # 4 x 4096 streams, 256 bits each: a collision of independent streams has probability
    # below 2^-228, so any collision is a bug in the stream derivation
    assert len(firsts) == 4 * 4096


@pytest.mark.parametrize("spec", SPECS, ids=[s.algorithm for s in SPECS])
def test_engine_run_k_depends_on_seed_and_k_only(spec: AlgorithmSpec) -> None:
    assert invariance_failures(engine, spec, SEED, _engine_single) == []


def test_engine_runs_are_independent() -> None:
    spec = AlgorithmSpec("ea-heavy", (1000, 1000), eps=F(1))
    assert independence_failures(engine, spec, SEED + 1, N_RUNS) == []


# ---------------------------------------------------------------------------------------------
# planted stream bugs (test-local), on top of the reference
# ---------------------------------------------------------------------------------------------
def _chunks(runs: int, jobs: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, runs, min(runs, 4 * jobs) + 1).astype(int).tolist()
    return list(itertools.pairwise(bounds))


def correct(spec: AlgorithmSpec, runs: int, seed: int, jobs: int) -> np.ndarray:
    """The documented rule, on the reference: run ``k`` uses child ``k``."""
    children = np.random.SeedSequence(seed).spawn(runs)
    return np.array([run(spec, rng=np.random.default_rng(c)).evaluations for c in children])


def generator_per_chunk(spec: AlgorithmSpec, runs: int, seed: int, jobs: int) -> np.ndarray:
    """Bug: each worker chunk makes one generator (from its first child) for all its runs."""
    children = np.random.SeedSequence(seed).spawn(runs)
    out = np.empty(runs, dtype=np.int64)
    for lo, hi in _chunks(runs, jobs):
        rng = np.random.default_rng(children[lo])
        for k in range(lo, hi):
            out[k] = run(spec, rng=rng).evaluations
    return out


def generator_per_batch(spec: AlgorithmSpec, runs: int, seed: int, jobs: int) -> np.ndarray:
    """Bug: one generator for the whole batch, the runs one after another."""
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    return np.array([run(spec, rng=rng).evaluations for _ in range(runs)])


def restarted_stream(spec: AlgorithmSpec, runs: int, seed: int, jobs: int) -> np.ndarray:
    """Bug: every run restarts the batch's stream (``default_rng(seed)``)."""
    return np.array([run(spec, rng=np.random.default_rng(np.random.SeedSequence(seed)))
                     .evaluations for _ in range(runs)])


def _reference_single(spec: AlgorithmSpec, child: np.random.SeedSequence) -> int:
    return run(spec, rng=np.random.default_rng(child)).evaluations


PLANTED_SPEC = AlgorithmSpec("ea-pm1", (6, -4))
#: Runs of the mean check and of the independence check of the planted simulators.
PLANTED_RUNS = 1500


def test_reference_rule_passes_the_checks() -> None:
    assert invariance_failures(correct, PLANTED_SPEC, SEED + 2, _reference_single) == []
    assert independence_failures(correct, PLANTED_SPEC, SEED + 3, PLANTED_RUNS) == []


@pytest.mark.parametrize(("bug", "caught_by"), [
    (generator_per_chunk, "invariance"),
    (generator_per_batch, "invariance"),
    (restarted_stream, "independence"),
], ids=["generator-per-chunk", "generator-per-batch", "restarted-stream"])
def test_planted_stream_bugs_are_caught_while_means_stay_right(
        bug: RunMany, caught_by: str) -> None:
    if caught_by == "invariance":
        assert invariance_failures(bug, PLANTED_SPEC, SEED + 2, _reference_single)
        # each run is a correct, independent run: the mean agrees with the exact E[T]
        exact = exact_expectation(PLANTED_SPEC, with_variance=True)
        assert exact.variance is not None
        times = bug(PLANTED_SPEC, PLANTED_RUNS, SEED + 4, 2)
        z = (times.mean() - float(exact.expectation)) / math.sqrt(float(exact.variance)
                                                                 / PLANTED_RUNS)
        assert abs(z) < stats.norm.isf(MEAN_ALPHA / 2), f"z = {z:.2f}"
    else:
        assert independence_failures(bug, PLANTED_SPEC, SEED + 3, PLANTED_RUNS)
