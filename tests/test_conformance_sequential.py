"""The sequential, anytime-valid run-level check (zonemax.conformance.sequential).

* the e-values keep their level under optional stopping (measured over many simulated
  sequences at a raised level, looking after every run), and a planted invalid rule (the best
  likelihood ratio among the alternatives, without the mixture's weights) breaks the same
  measurement: the test has the power to see an e-value that is not one;
* an outcome impossible under a law rejects it; the float margin makes the threshold strict;
  an enclosure enters with its upper bounds in the denominator;
* the stopping rule: a correct implementation conforms before the cap, strict acceptance is
  named and stops early, and the verdict does not depend on how the runs are batched.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import pairwise

import numpy as np
import pytest

from zonemax.conformance import api
from zonemax.conformance.api import check, distinct_laws, run_sequentially
from zonemax.conformance.planted import ea_pm1
from zonemax.conformance.profiles import PROFILES
from zonemax.conformance.result import CONFORMS, DOES_NOT_CONFORM
from zonemax.conformance.sequential import (
    FIRST_LOOK,
    LogLaw,
    e_values,
    log_fraction,
    schedule,
)

#: Three laws on {0, 1, 2}: the null and two alternatives near it.
NULL = (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
NEAR = (Fraction(2, 5), Fraction(1, 3), Fraction(4, 15))
OTHER = (Fraction(4, 15), Fraction(1, 3), Fraction(2, 5))
MIDDLE = (Fraction(3, 10), Fraction(2, 5), Fraction(3, 10))
EDGES = (Fraction(11, 30), Fraction(4, 15), Fraction(11, 30))
ALTERNATIVES = (NEAR, OTHER, MIDDLE, EDGES)


def _laws(*pmfs: tuple[Fraction, ...]) -> dict[str, tuple[LogLaw, ...]]:
    return {f"law{i}": (LogLaw.of(p, p),) for i, p in enumerate(pmfs)}


def test_schedule() -> None:
    looks = schedule(20_000)
    assert looks[0] == FIRST_LOOK and looks[-1] == 20_000
    assert all(b > a for a, b in pairwise(looks))
    assert all(b <= math.ceil(a * 5 / 4) for a, b in pairwise(looks))
    assert schedule(40) == (40,) and schedule(FIRST_LOOK) == (FIRST_LOOK,)
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="cap"):
            schedule(bad)  # type: ignore[arg-type]


def _crossing_rate(rule: str, replicates: int, steps: int, level: float) -> float:
    """How often the rule rejects the null law at any of ``steps`` looks (one run per look) on
    sequences drawn from the null law itself (fixed seed)."""
    laws = _laws(NULL, *ALTERNATIVES)
    logs = {v: np.array([log_fraction(p) for p in pmf])
            for v, pmf in zip(laws, (NULL, *ALTERNATIVES), strict=True)}
    rng = np.random.default_rng(20261128)
    crossed = 0
    for _ in range(replicates):
        draws = rng.choice(3, size=steps, p=[float(p) for p in NULL])
        counts = np.zeros(3)
        for x in draws:
            counts[x] += 1
            if rule == "e-value":
                rejected = e_values(laws, [counts], level)["law0"].rejected
            else:  # planted: the best single likelihood ratio, no weights (not an e-value)
                best = max(float(counts @ (logs[w] - logs["law0"])) for w in logs if w != "law0")
                rejected = best >= math.log(1 / level)
            if rejected:
                crossed += 1
                break
    return crossed / replicates


def test_e_values_keep_their_level_under_optional_stopping() -> None:
    level, replicates = 0.2, 400
    rate = _crossing_rate("e-value", replicates, 200, level)
    assert rate <= level + 4 * math.sqrt(level * (1 - level) / replicates), rate
    # the planted invalid rule crosses far more often: the measurement can see it
    planted = _crossing_rate("best-ratio", replicates, 200, level)
    assert planted > level + 4 * math.sqrt(level * (1 - level) / replicates), planted


def test_impossible_outcome_rejects_and_the_threshold_is_strict() -> None:
    zero = (Fraction(1, 2), Fraction(1, 2), Fraction(0))
    laws = _laws(NULL, zero)
    counts = [np.array([0.0, 0.0, 1.0])]
    got = e_values(laws, counts, 0.01)
    assert got["law1"].rejected and got["law1"].log_e == math.inf
    assert not got["law0"].rejected  # the other law gives the outcome probability 0
    # a likelihood ratio of exactly 1/level is not enough: the margin makes it strict
    two = _laws((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))
    exact = e_values(two, [np.array([1.0, 0.0])], 0.5)["law1"]  # E = (1/2)/(1/4) = 2
    assert exact.log_e == pytest.approx(math.log(2)) and not exact.rejected
    assert e_values(two, [np.array([2.0, 0.0])], 0.5)["law1"].rejected  # E = 4


def test_an_enclosure_enters_with_its_upper_bounds_in_the_denominator() -> None:
    lower = (Fraction(3, 10), Fraction(3, 10), Fraction(3, 10))
    upper = (Fraction(4, 10), Fraction(4, 10), Fraction(4, 10))
    counts = [np.array([5.0, 3.0, 2.0])]
    exact = e_values({"a": (LogLaw.of(NULL, NULL),), "b": (LogLaw.of(NEAR, NEAR),)},
                     counts, 0.01)["a"]
    wide = e_values({"a": (LogLaw.of(lower, upper),), "b": (LogLaw.of(NEAR, NEAR),)},
                    counts, 0.01)["a"]
    assert wide.log_e < exact.log_e  # upper bounds 2/5 > 1/3: a smaller e-value
    assert wide.log_e == pytest.approx(float(counts[0] @ np.log([2 / 5, 1 / 3, 4 / 15]))
                                       - 10 * math.log(0.4))


def test_a_correct_implementation_conforms_before_the_cap() -> None:
    result = check("ea-pm1", run=ea_pm1(), seed=2)
    assert result.status == CONFORMS, result.report()
    assert result.runs < result.cap == PROFILES["ea-pm1"].runs
    assert result.runs == schedule(result.cap)[result.looks - 1]
    assert result.to_dict()["sequential"] is True


def test_strict_acceptance_is_named_early() -> None:
    result = check("ea-pm1", run=ea_pm1("strict-acceptance"), seed=2)
    assert result.status == DOES_NOT_CONFORM and result.most_likely == "strict-acceptance"
    assert result.runs < PROFILES["ea-pm1"].runs // 4
    assert result.consistent_laws == ("strict-acceptance",)


def test_the_verdict_does_not_depend_on_the_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    one = check("ea-pm1", run=ea_pm1("ties-by-coin"), seed=5, runs=3000).to_dict()
    monkeypatch.setattr(api, "BATCH", 37)
    monkeypatch.setattr(api, "FIRST_BATCH", 11)
    assert check("ea-pm1", run=ea_pm1("ties-by-coin"), seed=5, runs=3000).to_dict() == one


def test_the_stopping_rule_stops_when_one_law_stands() -> None:
    """``run_sequentially`` on data that fit only the paper's law at the first look."""
    profile = PROFILES["rls-ab"]
    samples: dict[tuple[int, ...], Counter[int]] = {inst.a: Counter() for inst in profile.instances}
    laws = {inst.a: api._law(profile.algorithm, profile.paper_variant, inst.a, inst.budget)
            for inst in profile.instances}
    rng = np.random.default_rng(3)

    def extend(k: int, upto: int) -> None:
        inst = profile.instances[k]
        pmf = np.array([float(p) for p in laws[inst.a].truncated_pmf()])
        have = sum(samples[inst.a].values())
        samples[inst.a].update(rng.choice(len(pmf), size=upto - have, p=pmf / pmf.sum())
                               .tolist())

    size, looks = run_sequentially(profile, profile.runs, extend, samples)
    assert looks >= 1 and size == schedule(profile.runs)[looks - 1] < profile.runs
    standing = api.standing(profile, samples)
    assert standing == (profile.paper_variant,)
    assert set(standing) <= set(distinct_laws(profile))
