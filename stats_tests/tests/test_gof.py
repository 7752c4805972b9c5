"""The law test of the exact cases: the band distance, its conservative p-value, and its power
where the mean test has none.

The planted bug :func:`zonemax.stats_tests.planted.shared_worker_counter` keeps the sample mean
of correct runs exactly and narrows the law of ``T``: the pm1 family at the CI level must reject
it through its law tests while none of its mean tests rejects; the correct reference passes the
same tests (``test_families.py`` runs every family).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import families, planted
from zonemax.stats_tests.gof import SLACK, band_distance, critical_distance
from zonemax.stats_tests.implementations import REFERENCE, Implementation
from zonemax.stats_tests.machinery import Sample
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import (
    EXACT_CASES_SLOW,
    EXACT_RUNS,
    FAMILY_ALPHA,
    ExactCase,
    exact_family_cases,
    exact_law,
)

from zonemax.exact.rls_any_n import RLS_FAMILIES

#: Seed of the samples drawn here from exact laws (fixed in advance).
SEED = 37_002
SPEC = AlgorithmSpec("rls-pm1", (3, -2))


def _sample_from_law(spec: AlgorithmSpec, runs: int, rng: np.random.Generator,
                     shift: int = 0) -> tuple[np.ndarray, np.ndarray]:
    law = exact_law(spec)
    pmf = (law.pmf_low + law.pmf_high) / 2
    times = rng.choice(pmf.size, size=runs, p=pmf / pmf.sum()) + shift
    return times, np.ones(runs, dtype=bool)


def test_a_sample_of_the_law_fits_and_a_shifted_one_does_not() -> None:
    rng = np.random.default_rng(SEED)
    law = exact_law(SPEC)
    ev, ok = _sample_from_law(SPEC, 2000, rng)
    fit = band_distance(ev, ok, law.cdf_low, law.cdf_high)
    assert fit.p_value() > 0.01
    # control: one iteration more per run (the start point counted) moves the law visibly
    ev, ok = _sample_from_law(SPEC, 2000, rng, shift=1)
    moved = band_distance(ev, ok, law.cdf_low, law.cdf_high)
    assert moved.p_value() < FAMILY_ALPHA
    assert not moved.above  # run times too long: the sample lies below the law


def test_level_is_kept_on_samples_of_the_law() -> None:
    # DKW-Massart is conservative for integer run times: at level 0.2, 300 samples of 100
    # runs from the exact law reject at most 0.2 of the time (with 4 standard errors to spare)
    rng = np.random.default_rng(SEED + 1)
    law = exact_law(SPEC)
    rejected = 0
    for _ in range(300):
        ev, ok = _sample_from_law(SPEC, 100, rng)
        rejected += band_distance(ev, ok, law.cdf_low, law.cdf_high).p_value() <= 0.2
    assert rejected <= 300 * 0.2 + 4 * math.sqrt(300 * 0.2 * 0.8)


def test_the_band_width_is_granted_to_the_sample() -> None:
    low = np.array([0.0, 0.2, 0.5, 1.0])
    high = np.array([0.0, 0.4, 0.9, 1.0])
    ev = np.array([1, 2, 2, 3, 3, 3, 3, 3, 3, 3])  # F_N = 0, 0.1, 0.3, 1.0
    band = band_distance(ev, np.ones(10, dtype=bool), low, high)
    assert band.distance == pytest.approx(0.2) and band.at == 2 and not band.above
    # widened to contain F_N everywhere: no distance at all
    band = band_distance(ev, np.ones(10, dtype=bool), np.array([0.0, 0.1, 0.3, 1.0]), high)
    assert band.distance == 0.0 and band.p_value() == 1.0
    # the rounding slack is taken off before the p-value
    tiny = band_distance(ev, np.ones(10, dtype=bool), np.array([0.0, 0.1, 0.3 + SLACK / 2, 1.0]),
                         high)
    assert tiny.p_value() == 1.0


def test_censored_runs_are_compared_below_their_cap_only() -> None:
    low = high = np.array([0.0, 0.5, 0.5, 0.5, 1.0])
    ev = np.array([1, 1, 3, 3])
    ok = np.array([True, True, False, False])  # two runs stopped at 3: T > 3
    band = band_distance(ev, ok, low, high)
    assert band.last == 2 and band.distance == 0.0
    # a hanging implementation: every run censored beyond the law's last t
    ev = np.full(50, 10)
    band = band_distance(ev, np.zeros(50, dtype=bool), low, high)
    assert band.distance == 1.0 and band.p_value() < 1e-40


def test_bad_input_is_refused() -> None:
    one = np.ones(3)
    with pytest.raises(ValueError, match="equal non-empty"):
        band_distance(np.array([1, 2]), np.ones(3, dtype=bool), one, one)
    with pytest.raises(ValueError, match="non-negative integers"):
        band_distance(np.array([1.5]), np.ones(1, dtype=bool), one, one)
    with pytest.raises(ValueError, match="must not exceed"):
        band_distance(np.array([1]), np.ones(1, dtype=bool), one, one / 2)
    with pytest.raises(ValueError, match="runs >= 1"):
        critical_distance(0, 0.1)
    with pytest.raises(ValueError, match="checks"):
        ExactCase(SPEC, ())


def test_an_enclosed_mean_is_judged_from_its_nearer_end() -> None:
    case = ExactCase(AlgorithmSpec("ea-heavy", (3,), eps=1))  # type: ignore[arg-type]
    lo, hi, var, _ = case.exact()
    assert lo < hi  # an interval solve
    law = case.law()
    assert float(np.max(law.cdf_high - law.cdf_low)) > 1e-6  # a band of visible width

    def judged(mean: float) -> float:
        ev = np.array([mean - 1, mean + 1])  # two runs with the given mean
        return case._mean_test(Sample(ev, np.ones(2, dtype=bool)), lo, hi, var).statistic

    assert judged((lo + hi) / 2) == 0.0  # inside the enclosure: no evidence at all
    assert judged(hi + 1) == pytest.approx(1 / math.sqrt(var / 2))
    assert judged(lo - 1) == pytest.approx(-1 / math.sqrt(var / 2))


def _hanging(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
             budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    assert budget is not None
    return np.full(runs, budget), np.zeros(runs, dtype=bool)


def test_a_law_only_case_stops_a_hanging_implementation_after_its_pilot() -> None:
    case = ExactCase(SPEC, ("law",))
    (outcome,) = case.run(Implementation("hangs", _hanging), 1, 2000)
    assert outcome.p_value <= ExactCase.PILOT_LEVEL and "pilot of 50 runs" in outcome.detail
    (outcome,) = case.run(REFERENCE, 1, 2000)
    assert outcome.p_value >= ExactCase.PILOT_LEVEL and outcome.p_value > FAMILY_ALPHA


WORKER_COUNTER = Implementation("shared-worker-counter",
                                planted.shared_worker_counter(REFERENCE.simulate))


def test_shared_worker_counter_keeps_the_mean_exactly() -> None:
    ev, ok = REFERENCE.simulate(SPEC, np.random.SeedSequence(SEED), 101, None)
    bug_ev, bug_ok = WORKER_COUNTER.simulate(SPEC, np.random.SeedSequence(SEED), 101, None)
    assert bug_ev.sum() == ev.sum() and bug_ok.all() and ok.all()
    assert bug_ev[-1] == ev[-1] and np.var(bug_ev) < np.var(ev)


@pytest.mark.timeout(300)  # about 5 s on 2 shared cores
def test_the_law_tests_catch_what_the_mean_tests_cannot() -> None:
    res = families.run("pm1", WORKER_COUNTER, "ci")
    rejected = [o for o, rej in zip(res.outcomes, res.rejected, strict=True) if rej]
    assert rejected, f"planted bug not caught\n{render_family(res)}"
    assert all(o.name.startswith("exact law of T") for o in rejected), render_family(res)
    # the mean tests alone (Holm over them only) would have passed it
    cases = exact_family_cases("pm1", fast=False)
    means = [o.p_value for o in res.outcomes if o.name.startswith("exact E[T]")]
    assert len(means) == len(cases) and min(means) * len(means) > FAMILY_ALPHA
    assert EXACT_RUNS["ci"][0] == 2000  # the sample size the docstrings' power numbers assume


def test_the_realistic_sizes_run_at_the_full_level_only() -> None:
    # every RLS family at n = 100 and the ±1 EA beyond the old n = 5, for the fast engine at the
    # full level; the CI level and the reference-speed implementations keep their cases
    large = [c for f in EXACT_CASES_SLOW for c in exact_family_cases(f, True, "slow")
             if c.spec.n >= 12]
    assert {c.spec.algorithm for c in large if c.spec.n >= 100} == set(RLS_FAMILIES)
    assert any(c.spec.algorithm == "ea-pm1" for c in large)
    for family in EXACT_CASES_SLOW:
        for fast in (False, True):
            assert all(c.spec.n < 12 for c in exact_family_cases(family, fast, "ci"))
        assert exact_family_cases(family, False, "slow") == exact_family_cases(family, False)
    # RLS_{alpha,beta} at the size named for it: n = 100, |a_i| <= 10
    ab = [c for c in large if c.spec.algorithm == "rls-ab"]
    assert ab and all(max(map(abs, c.spec.a)) <= 10 and c.spec.n == 100 for c in ab)
    assert all(c.checks in (("mean", "law"), ("law",)) for c in large)
