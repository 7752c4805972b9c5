r"""The fast engine against the reference at large targets, and its random streams.

The exact cases compare the engine with exact expectations on small targets only; a
bug that acts beyond ``2^32`` (a distance or a table converted through 32 bits) or in how the
runs of a batch get their random streams (one stream reused, streams shared by a worker chunk)
passes them: the first changes nothing below ``2^32``, the second leaves every mean right.  The
family ``equivalence`` (on a ``fast`` implementation; the reference is the oracle) adds:

1. **Two-sample tests at 10^6, 10^9 and 10^12** (:data:`CASES`; and the ±1 EA at a few hundred,
   where its block rule acts).  ``RUNS`` engine runs against
   as many runs of :data:`~zonemax.stats_tests.implementations.REFERENCE` (own seeds), per case
   a two-sample Kolmogorov-Smirnov test (the distribution; exact p-value for these sizes, and
   conservative for the discrete run times) and Welch's t-test (the mean; under the null both
   samples come from one law and have equal sizes, so the difference of the means is
   symmetric and the t approximation is good).  Every run of both sides is capped by
   :mod:`zonemax.stats_tests.budgets` (Theorems 3-5; Lemma 8): a censored run rejects as *budget
   exhausted*.  RLS with the heavy-tailed operator is compared at ``n = 1`` only, where it is
   the same chain as the (1+1) EA (the only position is mutated in every iteration), so
   Theorem 5's cap applies.  The reference's samples are deterministic and kept for the
   process (:func:`reference_sample`), so that the planted engine bugs re-use them.
2. **Streams** (on :data:`STREAM_SPEC`, whose run time has a wide law).  Run ``k`` of a batch
   must depend on ``(seed, k)`` only: the first :data:`PREFIX` runs of batches of ``PREFIX``
   and ``LONGER`` runs agree exactly (p = 0 or 1).  Runs must be independent: the serial
   correlations of the ranks of ``N`` run times at lags 1-3, and the cross-correlations of two
   batches with seeds ``s`` and ``s + 1`` at lags -1, 0 and 1, are each approximately
   ``N(0, 1/N)`` for independent runs (ranks of exchangeable values are a uniform permutation,
   bounded scores, so the normal approximation holds far into the tails); two-sided tests.  A
   batch whose runs all took the same time rejects (p = 0).

All seeds and sizes are fixed here; the family's tests are combined by Holm at its share of
:data:`zonemax.stats_tests.SUITE_ALPHA`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import partial

import numpy as np
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.budgets import heavy_budget, pm1_budget, rls_ab_budget
from zonemax.stats_tests.implementations import REFERENCE, Implementation
from zonemax.stats_tests.machinery import Budget, CappedDraws, Sample, TestOutcome, draw

F = Fraction
#: Seeds: the engine's samples, the reference's samples, the stream tests.
SEED_FAST = 45_000
SEED_REFERENCE = 45_500
SEED_STREAMS = 45_900

#: Two-sample cases: (spec, runs per side at the CI level, at the slow level).  The heavy-tailed
#: EA costs the reference about 22, 22 and 54 ms per run at 10^6, 10^9 and 10^12 (eps = 1).
CASES: tuple[tuple[AlgorithmSpec, int, int], ...] = (
    (AlgorithmSpec("ea-heavy", (10**6,), eps=F(1)), 100, 1000),
    (AlgorithmSpec("ea-heavy", (10**9,), eps=F(1)), 100, 1000),
    (AlgorithmSpec("ea-heavy", (10**12,), eps=F(1)), 100, 1000),
    (AlgorithmSpec("rls-heavy", (-(10**9),), eps=F(1)), 100, 1000),
    (AlgorithmSpec("rls-ab", (10**12,)), 200, 2000),
    (AlgorithmSpec("rls-ab", (-(10**9),), alpha=F(2), beta=F(1, 2)), 200, 2000),
    # the ±1 EA with two far positions (D > FAR_MIN = 128: the engine's block rule), a near
    # and an optimal one (far and near side by side, optimal positions disturbed); the
    # reference needs about 50 ms per run
    (AlgorithmSpec("ea-pm1", (300, -200, 5, 0)), 100, 1000),
)
#: The stream tests' spec: the heavy-tailed EA at 1000, run times spread over hundreds of values.
STREAM_SPEC = AlgorithmSpec("ea-heavy", (1000,), eps=F(1))
PREFIX, LONGER = 48, 80
#: Runs per batch of the correlation tests, by level.
STREAM_RUNS = {"ci": 2000, "slow": 20_000}
SERIAL_LAGS = (1, 2, 3)
CROSS_LAGS = (-1, 0, 1)


def budget(spec: AlgorithmSpec) -> Budget:
    """The cap of every run of ``spec`` (:mod:`zonemax.stats_tests.budgets`)."""
    if spec.algorithm == "rls-ab":
        assert spec.alpha is not None and spec.beta is not None
        return rls_ab_budget(spec.a, spec.alpha, spec.beta)
    if spec.algorithm == "ea-pm1":
        return pm1_budget(spec.a)  # Theorems 3-4
    assert spec.eps is not None and spec.truncate == "none" and spec.log_base == 2
    # Theorem 5 (the (1+1) EA); for rls-heavy only at n = 1, where it is the same chain
    assert spec.algorithm == "ea-heavy" or spec.n == 1
    return heavy_budget(spec.a, spec.eps)


_REFERENCE_SAMPLES: dict[tuple[AlgorithmSpec, int, int, int], Sample] = {}


def reference_sample(spec: AlgorithmSpec, seed: int, runs: int, cap: int) -> Sample:
    """The reference's capped sample (deterministic: computed once per process)."""
    key = (spec, seed, runs, cap)
    if key not in _REFERENCE_SAMPLES:
        _REFERENCE_SAMPLES[key] = draw(REFERENCE.simulate, spec, seed, runs, cap)
    return _REFERENCE_SAMPLES[key]


def _label(spec: AlgorithmSpec) -> str:
    params = ", ".join(f"{k}={v}" for k, v in spec.params().items() if k not in ("n", "a"))
    target = ", ".join(("-" if ai < 0 else "") + f"10^{round(math.log10(abs(ai)))}"
                       if abs(ai) >= 10**6 else str(ai) for ai in spec.a)
    return f"{spec.algorithm} a=({target}) ({params})"


def two_sample_tests(impl: Implementation, draws: CappedDraws, level: str
                     ) -> list[TestOutcome]:
    out: list[TestOutcome] = []
    for k, (spec, ci_runs, slow_runs) in enumerate(CASES):
        runs = ci_runs if level == "ci" else slow_runs
        label = _label(spec)
        ks_name = f"engine = reference in law: {label}"
        mean_name = f"engine = reference in mean: {label}"
        if draws.exhausted is not None:  # nothing more is drawn (not even a cap computed)
            out += [draws.outcome(n, [None], _never) for n in (ks_name, mean_name)]
            continue
        cap = budget(spec)
        fast = draws.draw(spec, SEED_FAST + k, runs, cap)
        ref = None if fast is None else reference_sample(spec, SEED_REFERENCE + k, runs, cap.cap)
        if ref is not None:
            draws.check(ref, f"the reference's {label}", cap)
        out.append(draws.outcome(ks_name, [fast, ref], partial(_ks, ks_name)))
        out.append(draws.outcome(mean_name, [fast, ref], partial(_welch, mean_name)))
    return out


def _never(samples: list[Sample]) -> TestOutcome:
    raise AssertionError("a skipped test was evaluated")


def _ks(name: str, samples: list[Sample]) -> TestOutcome:
    fast, ref = samples
    res = stats.ks_2samp(fast.evaluations, ref.evaluations)
    return TestOutcome(name, float(res.pvalue), float(res.statistic),
                       f"KS D = {res.statistic:.3f}, {fast.runs} + {ref.runs} runs; medians "
                       f"{np.median(fast.evaluations):.6g} vs {np.median(ref.evaluations):.6g}")


def welch(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Welch's two-sided t-test of equal means: ``(t, p)`` with the Welch-Satterthwaite degrees
    of freedom (written out, so that a constant sample is handled without numerical warnings:
    both constant and equal gives p = 1, both constant and different p = 0)."""
    vx, vy = float(np.var(x, ddof=1)) / x.size, float(np.var(y, ddof=1)) / y.size
    diff = float(x.mean() - y.mean())
    if vx + vy == 0:
        return (0.0, 1.0) if diff == 0 else (math.copysign(math.inf, diff), 0.0)
    t = diff / math.sqrt(vx + vy)
    df = (vx + vy) ** 2 / (vx**2 / (x.size - 1) + vy**2 / (y.size - 1))
    return t, float(2 * stats.t.sf(abs(t), df))


def _welch(name: str, samples: list[Sample]) -> TestOutcome:
    fast, ref = samples
    t, p = welch(fast.evaluations, ref.evaluations)
    return TestOutcome(name, p, t, f"means {fast.mean:.6g} vs {ref.mean:.6g} "
                                   f"({fast.mean / ref.mean - 1:+.2%}), Welch t = {t:+.2f}")


def _ranks(x: np.ndarray) -> np.ndarray:
    return stats.rankdata(x)


def rank_correlation(x: np.ndarray, y: np.ndarray) -> float:
    """Pearson correlation of the ranks of ``x`` and ``y`` (0 if either is constant)."""
    rx, ry = _ranks(x), _ranks(y)
    if np.ptp(rx) == 0 or np.ptp(ry) == 0:
        return 0.0
    return float(np.corrcoef(rx, ry)[0, 1])


def stream_tests(impl: Implementation, draws: CappedDraws, level: str) -> list[TestOutcome]:
    cap = budget(STREAM_SPEC)
    out: list[TestOutcome] = []
    prefix_name = (f"streams: run k depends on (seed, k) only (first {PREFIX} runs of batches "
                   f"of {PREFIX} and {LONGER})")
    serial = [f"streams: runs of a batch are independent (rank correlation at lag {lag})"
              for lag in SERIAL_LAGS]
    cross = [f"streams: batches of seeds s and s+1 are independent (rank correlation at lag "
             f"{lag})" for lag in CROSS_LAGS]
    short = draws.draw(STREAM_SPEC, SEED_STREAMS, PREFIX, cap)
    longer = draws.draw(STREAM_SPEC, SEED_STREAMS, LONGER, cap)
    out.append(draws.outcome(prefix_name, [short, longer], lambda s: _prefix(prefix_name, s)))
    runs = STREAM_RUNS[level]
    one = draws.draw(STREAM_SPEC, SEED_STREAMS + 1, runs, cap)
    two = draws.draw(STREAM_SPEC, SEED_STREAMS + 2, runs, cap)
    for name, lag in zip(serial, SERIAL_LAGS, strict=True):
        out.append(draws.outcome(name, [one], partial(_serial, name, lag)))
    for name, lag in zip(cross, CROSS_LAGS, strict=True):
        out.append(draws.outcome(name, [one, two], partial(_cross, name, lag)))
    return out


def _serial(name: str, lag: int, samples: list[Sample]) -> TestOutcome:
    x = samples[0].evaluations
    return _lagged(name, x[:-lag], x[lag:])


def _cross(name: str, lag: int, samples: list[Sample]) -> TestOutcome:
    return _lagged(name, *_shift(samples[0].evaluations, samples[1].evaluations, lag))


def _shift(x: np.ndarray, y: np.ndarray, lag: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs ``(x[k], y[k + lag])``."""
    if lag >= 0:
        return x[:x.size - lag], y[lag:]
    return x[-lag:], y[:y.size + lag]


def _prefix(name: str, samples: list[Sample]) -> TestOutcome:
    short, longer = samples
    same = (np.array_equal(short.evaluations, longer.evaluations[:PREFIX])
            and np.array_equal(short.solved, longer.solved[:PREFIX]))
    differ = int(np.sum(short.evaluations != longer.evaluations[:PREFIX]))
    return TestOutcome(name, 1.0 if same else 0.0, float(differ),
                       "identical" if same else f"{differ} of the first {PREFIX} runs differ")


def _lagged(name: str, x: np.ndarray, y: np.ndarray) -> TestOutcome:
    if np.ptp(x) == 0 or np.ptp(y) == 0:
        return TestOutcome(name, 0.0, math.inf, f"all {x.size} runs took the same time "
                           f"({x[0]:.6g}): the runs share their randomness")
    r = rank_correlation(x, y)
    z = r * math.sqrt(x.size)
    p = float(2 * stats.norm.sf(abs(z)))
    return TestOutcome(name, p, z, f"rank correlation {r:+.4f} over {x.size} pairs (z = {z:+.2f})")


def equivalence_tests(impl: Implementation, draws: CappedDraws, level: str,
                      progress: Callable[[str], None]) -> list[TestOutcome]:
    """The family ``equivalence`` on a fast implementation (module docstring)."""
    progress(f"equivalence/{impl.name}: streams")
    out = stream_tests(impl, draws, level)
    progress(f"equivalence/{impl.name}: engine against the reference at 10^6 .. 10^12")
    return out + two_sample_tests(impl, draws, level)
