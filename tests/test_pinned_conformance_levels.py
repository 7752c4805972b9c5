"""The run-level conformance check's error rate: the level of every test, pinned, and the
false-alarm rate of a correct implementation, measured.

The split of the family-wise level could be dropped with every other test still passing,
doubling the rate at which a correct implementation is called "does not conform".  The rule
(:mod:`zonemax.conformance.sequential`): half the family-wise level goes to the e-value against
each law (anytime-valid: Ville's inequality), half to the goodness-of-fit tests at the stop
(per instance the KS test, the mean and the spread), split over the instances, the three tests
and the looks at which the check could have stopped (a union bound).

* :func:`test_every_test_gets_the_family_level_split_over_instances_and_tests` pins, per
  profile, the tests of every law and their levels: the e-value at ``1e-3 / 2``, each
  goodness-of-fit test at ``1e-3 / 2 / (3 x instances x looks)``, so that the levels over all
  looks add up to exactly the family-wise level.
* :func:`test_false_alarm_rate_of_a_correct_implementation` measures the rate over 120 seeds at
  a reduced cap (100 runs per instance) and a raised family-wise level (``0.5``, so that false
  alarms happen at all): the rate must be within the level, and each verdict must be the rule
  recomputed here from the reported p-values.
  The slow variant does the same for both ±1 algorithms over 1,000 seeds at the real level.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

import pytest

from zonemax.conformance import api
from zonemax.conformance.api import OFFSET_SHARE, check, judge
from zonemax.conformance.planted import ea_pm1, rls_pm1
from zonemax.conformance.profiles import FAMILY_LEVEL, PROFILES
from zonemax.conformance.result import VariantVerdict
from zonemax.conformance.sequential import E_SHARE, schedule


def _looks(name: str) -> int:
    """The looks of a profile's cap: the union bound's factor."""
    return len(schedule(PROFILES[name].runs))


#: Profiles whose exact laws take more than a second or two to build (the slow level).
HEAVY = ("ea-geom", "ea-heavy", "ea-power", "rls-ab")
HEAVY_SET = set(HEAVY)


def test_the_family_wise_level_and_the_instances() -> None:
    assert FAMILY_LEVEL == 1e-3
    assert set(PROFILES) >= HEAVY_SET
    # every profile splits its level over at least two instances (a lost factor doubles the
    # rate or more)
    assert all(len(p.instances) >= 2 for p in PROFILES.values())


def _judged(name: str) -> tuple[VariantVerdict, ...]:
    """Every variant's tests on a small fixed sample (the levels do not depend on the data)."""
    profile = PROFILES[name]
    samples = {inst.a: Counter({inst.budget // 2: 7, inst.budget: 3})
               for inst in profile.instances}
    return judge(profile, samples)


def _assert_levels(name: str) -> None:
    instances, looks = len(PROFILES[name].instances), _looks(name)
    verdicts = _judged(name)
    assert {v.variant for v in verdicts} == set(PROFILES[name].catalogue)
    gof_level = FAMILY_LEVEL * float(1 - E_SHARE - OFFSET_SHARE) / (3 * instances * looks)
    for v in verdicts:
        e_test, offsets, *gof = v.tests
        assert e_test.name.startswith("e-value") and offsets.name.startswith("e-value vs offsets")
        assert e_test.level == pytest.approx(FAMILY_LEVEL * float(E_SHARE), rel=1e-12)
        assert offsets.level == pytest.approx(FAMILY_LEVEL * float(OFFSET_SHARE), rel=1e-12)
        assert len(gof) == 3 * instances, v.variant
        for t in v.tests:
            assert t.rejected == (t.p_value <= t.level), (v.variant, t.name)
        for t in gof:
            assert t.level == pytest.approx(gof_level, rel=1e-12), (v.variant, t.name)
        # the e-values' levels and the goodness of fit's over every look: the family level
        total = e_test.level + offsets.level + looks * math.fsum(t.level for t in gof)
        assert total == pytest.approx(FAMILY_LEVEL, rel=1e-12)
        assert v.consistent == (not any(t.rejected for t in v.tests))
        # each instance has its full set of tests
        per = Counter(t.name.rsplit(" a=", 1)[1] for t in gof)
        assert sorted(per.values()) == [3] * instances, v.variant


@pytest.mark.parametrize("name", [n for n in PROFILES if n not in HEAVY_SET])
def test_every_test_gets_the_family_level_split_over_instances_and_tests(name: str) -> None:
    _assert_levels(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", HEAVY)
def test_every_test_gets_the_family_level_split_heavy_laws(name: str) -> None:
    _assert_levels(name)


def _false_alarms(monkeypatch: pytest.MonkeyPatch, algorithm: str, run: Callable[..., object],
                  seeds: range, runs: int, level: float) -> int:
    """The correct implementation ``run`` judged from each seed at ``runs`` runs per instance
    and family-wise level ``level``: the number of seeds on which the paper's algorithm is
    rejected, each verdict checked against the rule recomputed from its p-values."""
    monkeypatch.setattr(api, "FAMILY_LEVEL", level)
    instances, looks = len(PROFILES[algorithm].instances), len(schedule(runs))
    alarms = 0
    for seed in seeds:
        result = check(algorithm, run=run, seed=seed, runs=runs)
        assert result.errored is None
        paper = result.verdict("algorithm-1")
        e_test, offsets, *gof = paper.tests
        share = float(1 - E_SHARE - OFFSET_SHARE)
        by_hand = (e_test.p_value <= level * float(E_SHARE)
                   or offsets.p_value <= level * float(OFFSET_SHARE)
                   or any(t.p_value <= level * share / (3 * instances * looks) for t in gof))
        assert (not paper.consistent) == by_hand, (seed, [t.p_value for t in paper.tests])
        alarms += not paper.consistent
    return alarms


def _within(alarms: int, seeds: int, level: float) -> bool:
    """At most the level's expected count plus four binomial standard deviations."""
    return alarms <= seeds * level + 4 * math.sqrt(seeds * level * (1 - level))


def test_false_alarm_rate_of_a_correct_implementation(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds, level = range(120), 0.5
    alarms = _false_alarms(monkeypatch, "rls-pm1", rls_pm1(), seeds, 100, level)
    assert _within(alarms, len(seeds), level)
    # a design whose rate approaches the level has lost its conservative p-values (the KS
    # and Bernstein bounds are conservative, and an e-value crosses 1/alpha with probability
    # well below alpha when it overshoots)
    assert alarms < len(seeds) * level / 2


@pytest.mark.slow
@pytest.mark.parametrize(("algorithm", "run"), [("ea-pm1", ea_pm1()), ("rls-pm1", rls_pm1())],
                         ids=["ea-pm1", "rls-pm1"])
def test_false_alarm_rate_at_the_real_level(monkeypatch: pytest.MonkeyPatch, algorithm: str,
                                            run: Callable[..., object]) -> None:
    seeds = range(1_000)
    alarms = _false_alarms(monkeypatch, algorithm, run, seeds, 100, FAMILY_LEVEL)
    assert _within(alarms, len(seeds), FAMILY_LEVEL)  # at most 5 of 1,000


def test_false_alarm_rate_with_many_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same over checks that look many times (a cap of 1500 runs per target: up to 13
    looks), on draws from the algorithm's exact law: optional stopping must not raise the
    rate above the level (Ville's inequality for the e-values, the union bound over the looks
    for the goodness-of-fit tests)."""
    from zonemax.conformance.planted import law_sampler

    seeds, level = range(60), 0.5
    monkeypatch.setattr(api, "FAMILY_LEVEL", level)
    alarms, looked = 0, 0
    for seed in seeds:
        result = check("ea-pm1", run=law_sampler("ea-pm1"), seed=seed, runs=1500)
        assert result.errored is None
        alarms += not result.verdict("algorithm-1").consistent
        looked = max(looked, result.looks)
    assert looked >= 5  # the checks did look several times (measured: up to 14, 7.5 on average)
    assert _within(alarms, len(seeds), level), alarms  # measured: 3 of 60
