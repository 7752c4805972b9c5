"""The rigorous float solver of the (1+1) EA with a step law (:mod:`zonemax.exact.ea_steps_float`).

Its enclosures must overlap the interval solvers' (:mod:`zonemax.exact.ea_heavy`,
:mod:`zonemax.exact.geom`, :mod:`zonemax.exact.power`) and contain the exact ``Fraction`` values
(the ±1 operator as the step law ``|step| = 1``, the double-geometric law with a rational ``q``)
wherever those reach; and each planted bug (mutation rate ``1/(n+1)``, half of the overshooting
step lost) must make that cross-check fail.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec

from zonemax.exact import ea_pm1_exact, exact_expectation
from zonemax.exact.dispatch import FLOAT_ALGORITHMS, chosen_method
from zonemax.exact.ea_steps_float import (
    _level_partitions,
    _partition_tables,
    _rank,
    ea_steps_float,
    ea_steps_float_result,
    ea_steps_law,
    ea_steps_state_count,
    spec_law,
)
from zonemax.exact.law import law_of_T
from zonemax.exact.limits import sorted_tuples_upto
from zonemax.exact.result import InstanceTooLarge

#: Instances the interval solvers reach in well under a second each: every truncation, both
#: log bases, eps = 1 and the paper's default 1/1000, and the operators beyond the paper.
INTERVAL_CASES: list[tuple[str, tuple[int, ...], dict[str, Any]]] = [
    ("ea-heavy", (2, 1), {"eps": 1}),
    ("ea-heavy", (3, 2, 2), {"eps": 1}),
    ("ea-heavy", (4, -1), {"eps": Fraction(1, 1000)}),
    ("ea-heavy", (3, 1, 1), {"eps": Fraction(1, 2), "log_base": "e"}),
    ("ea-heavy", (5, 2), {"eps": 1, "truncate": "condition", "r": 2}),
    ("ea-heavy", (4, 3), {"eps": 2, "truncate": "clip", "r": 3}),
    ("ea-heavy", (7,), {"eps": 1}),
    ("ea-geom", (2, 2, 1), {}),
    ("ea-geom", (3, 1), {"geom_mean": 3}),
    ("ea-power", (3, 2, 1), {"power_exponent": 3}),
    ("ea-power", (4, 2), {"power_exponent": Fraction(5, 2)}),
]


def _interval(res: Any) -> tuple[mpmath.mpf, mpmath.mpf]:
    return mpmath.mpf(res.lower), mpmath.mpf(res.upper)


def _overlap(a: tuple[Any, Any], b: tuple[Any, Any]) -> bool:
    return bool(a[0] <= b[1] and b[0] <= a[1])


def _float_interval(res: Any) -> tuple[mpmath.mpf, mpmath.mpf]:
    return mpmath.mpf(res.expectation_low), mpmath.mpf(res.expectation_high)


@pytest.mark.parametrize(("algo", "a", "kw"), INTERVAL_CASES, ids=str)
def test_enclosures_overlap_the_interval_solvers(algo: str, a: tuple[int, ...],
                                                 kw: dict[str, Any]) -> None:
    spec = AlgorithmSpec(algo, a, **kw)
    reference = exact_expectation(spec)
    res = ea_steps_float_result(spec, with_variance=True)
    assert _overlap(_interval(res), _interval(reference))
    # as narrow as the interval solve, up to a factor (both are dominated by the law's
    # enclosure where it is wide, e.g. c_eps)
    assert res.error_bound <= 4 * reference.error_bound + 1e-9 * abs(reference.expectation)
    assert res.variance is not None and res.variance_error is not None
    assert res.variance_error < 1e-3 * res.variance


@pytest.mark.parametrize("a", [(1, 1), (2, -1), (1, 1, 1, 1, 1), (3, 1, 2)], ids=str)
def test_the_pm1_law_as_a_step_law_reproduces_the_exact_moments(a: tuple[int, ...]) -> None:
    exact = ea_pm1_exact(a, with_variance=True)
    assert isinstance(exact.expectation, Fraction) and isinstance(exact.variance, Fraction)
    law, one = spec_law(AlgorithmSpec("ea-pm1", a))
    res = ea_steps_float(a, law, one)
    assert Fraction(res.expectation_low) <= exact.expectation <= Fraction(res.expectation_high)
    assert Fraction(res.variance_low) <= exact.variance <= Fraction(res.variance_high)
    assert res.relative_width <= 1e-10


def test_rational_geometric_law_reproduces_the_exact_variance() -> None:
    spec = AlgorithmSpec("ea-geom", (2, 1, 1), geom_q=Fraction(1, 2))
    exact = exact_expectation(spec, with_variance=True)
    assert isinstance(exact.expectation, Fraction) and isinstance(exact.variance, Fraction)
    law, one = spec_law(spec)
    res = ea_steps_float(spec.a, law, one)
    assert Fraction(res.expectation_low) <= exact.expectation <= Fraction(res.expectation_high)
    assert Fraction(res.variance_low) <= exact.variance <= Fraction(res.variance_high)


@pytest.mark.parametrize("planted", ["rate", "overshoot"])
@pytest.mark.parametrize(("algo", "a", "kw"), [("ea-heavy", (3, 2, 2), {"eps": 1}),
                                               ("ea-power", (3, 2, 1), {"power_exponent": 3})],
                         ids=str)
def test_planted_bugs_are_caught_by_the_interval_cross_check(
        planted: str, algo: str, a: tuple[int, ...], kw: dict[str, Any]) -> None:
    spec = AlgorithmSpec(algo, a, **kw)
    reference = _interval(exact_expectation(spec))
    law, one = spec_law(spec)
    good = ea_steps_float(a, law, one)
    bad = ea_steps_float(a, law, one, _planted=planted)
    assert _overlap(_float_interval(good), reference)  # control: the same check passes
    assert not _overlap(_float_interval(bad), reference)


def test_simulation_agrees_at_n_10_beyond_the_interval_solver() -> None:
    """ea-heavy, eps = 1, a = (2,)^10 (2,430 lumped states; the interval solver stops near
    n = 5).  Pre-registered: 20,000 runs of the fast engine, seed 20261128, two-sided z-test of
    the mean against the enclosure's midpoint with its own variance, |z| <= 4 (alpha = 6.3e-5;
    the enclosure's half-width, 5e-4, is 0.0005 standard errors).  The planted mutation rate
    1/(n+1) and the lost half of the overshooting step move E[T] by about 7 iterations, about
    8 standard errors, so the same test rejects them (measured z: -8.3 and -9.5)."""
    from zonemax.engine import run_many

    a = (2,) * 10
    runs, seed, z_max = 20_000, 20261128, 4.0
    spec = AlgorithmSpec("ea-heavy", a, eps=1)
    times, solved = run_many(spec, runs=runs, seed=seed, budget=None).as_arrays()
    assert solved.all()
    mean = float(np.mean(times))
    law, one = spec_law(spec)
    for planted in (None, "rate", "overshoot"):
        res = ea_steps_float(a, law, one, _planted=planted)
        mid = (res.expectation_low + res.expectation_high) / 2
        var = (res.variance_low + res.variance_high) / 2
        z = (mean - mid) / math.sqrt(var / runs)
        assert (abs(z) <= z_max) == (planted is None), (planted, mean, mid, z)


def test_ranks_enumerate_each_level_in_order() -> None:
    n, total = 4, 9
    cum, sizes = _partition_tables(n, total)
    assert int(sizes.sum()) == sorted_tuples_upto(n, total) == ea_steps_state_count(n, total)
    for f in range(total + 1):
        parts = _level_partitions(f, n)
        assert len(parts) == sizes[f]
        for i, lam in enumerate(parts):
            cw = np.zeros(total + 1, dtype=np.int64)
            for x in lam:
                cw[x] += 1
            assert _rank(cw, total, n, cum) == i


def test_progress_hears_the_estimate_and_every_level() -> None:
    heard: list[tuple[str, int, int]] = []
    law, one = spec_law(AlgorithmSpec("ea-heavy", (2, 1), eps=1))
    res = ea_steps_float((2, 1), law, one, progress=lambda *x: heard.append(x))
    assert heard[0] == ("estimate", res.states, 100_000)
    assert [h for h in heard if h[0] == "levels"][-1] == ("levels", res.states, res.states)
    assert len(heard) == 1 + 3  # levels f = 1, 2, 3


def test_instances_above_the_cap_are_refused_before_anything_is_built() -> None:
    law, one = spec_law(AlgorithmSpec("ea-heavy", (2, 1), eps=1))
    with pytest.raises(InstanceTooLarge, match="max_states"):
        ea_steps_float((30,) * 10, law, one, max_states=1000)


@pytest.mark.parametrize(("kwargs", "match"), [({"max_states": 0}, "max_states"),
                                               ({"prune": 0.5}, "prune"), ({"prune": 1}, "prune"),
                                               ({"_planted": "nothing"}, "planted")], ids=str)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], match: str) -> None:
    law, one = spec_law(AlgorithmSpec("ea-heavy", (2, 1), eps=1))
    with pytest.raises(ValueError, match=match):
        ea_steps_float((2, 1), law, one, **kwargs)


def test_zero_target_and_other_families_are_refused() -> None:
    law, one = spec_law(AlgorithmSpec("ea-heavy", (2, 1), eps=1))
    with pytest.raises(ValueError, match="non-zero"):
        ea_steps_float((0, 0), law, one)
    with pytest.raises(ValueError, match="covers"):
        spec_law(AlgorithmSpec("rls-heavy", (2, 1), eps=1))


def test_dispatch_chooses_the_float_solver_beyond_the_exact_caps() -> None:
    assert set(FLOAT_ALGORITHMS) == {"ea-pm1", "ea-heavy", "ea-geom", "ea-power"}
    assert chosen_method(AlgorithmSpec("ea-heavy", (3,) * 10, eps=1)) == "float"
    assert chosen_method(AlgorithmSpec("ea-heavy", (2, 1), eps=1)) == "exact"
    # below n = 3 the interval solver keeps large |a|_1 (and refuses as before)
    assert chosen_method(AlgorithmSpec("ea-heavy", (1200,), eps=1)) == "exact"
    assert chosen_method(AlgorithmSpec("ea-heavy", (1200,), eps=1), "float") == "float"
    assert chosen_method(AlgorithmSpec("ea-power", (3,) * 6, power_exponent=3)) == "float"
    with pytest.raises(ValueError, match="float"):
        chosen_method(AlgorithmSpec("rls-heavy", (2, 1), eps=1), "float")


@pytest.mark.slow
@pytest.mark.parametrize("a", [(3,) * 5, (6, 5, 5)], ids=str)
def test_enclosures_overlap_the_interval_solver_where_it_is_slow(a: tuple[int, ...]) -> None:
    """n = 5 takes the interval solver about a minute (its cost grows with the outcome
    combinations of the n positions); n = 3 with |a|_1 = 16 is its documented limit."""
    spec = AlgorithmSpec("ea-heavy", a, eps=1)
    reference = exact_expectation(spec, max_states=10**4)
    res = ea_steps_float_result(spec)
    assert _overlap(_interval(res), _interval(reference))
    assert res.error_bound <= reference.error_bound


@pytest.mark.parametrize(("algo", "a", "kw"), [("ea-pm1", (2, 1), {}),
                                               ("ea-heavy", (3, 2, 2), {"eps": 1}),
                                               ("ea-power", (3, 2, 1), {"power_exponent": 3})],
                         ids=str)
def test_law_of_t_overlaps_the_exact_chains_law(algo: str, a: tuple[int, ...],
                                                kw: dict[str, Any]) -> None:
    spec = AlgorithmSpec(algo, a, **kw)
    ours = ea_steps_law(spec)
    reference = law_of_T(spec)
    m = min(ours.t_max, reference.t_max)
    assert np.all(ours.cdf_low[: m + 1] <= reference.cdf_high[: m + 1])
    assert np.all(reference.cdf_low[: m + 1] <= ours.cdf_high[: m + 1])
    assert ours.tail <= 2 * reference.tail
    # and the law's mean agrees with the moments' enclosure
    low, _ = ours.mean_bounds()  # E[T] is at least the covered part
    moments = ea_steps_float_result(spec)
    assert low <= float(moments.upper)


def test_law_of_t_is_refused_when_its_quantile_is_out_of_reach() -> None:
    with pytest.raises(InstanceTooLarge, match="max_steps"):
        ea_steps_law(AlgorithmSpec("ea-heavy", (3, 2, 2), eps=1), max_steps=10)


def test_cli_uses_the_float_solvers_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    assert main(["exact", "ea-heavy", "--a", "2,1", "--eps", "1", "--method", "float",
                 "--variance"]) == 0
    out = capsys.readouterr().out
    assert "floating point over the step law's enclosure" in out and "Var[T] =" in out
    assert main(["exact", "ea-power", "--a", "2,2", "--power-exponent", "3", "--method",
                 "float", "--cdf"]) == 0
    assert "ea_steps_float" in capsys.readouterr().out
    assert main(["exact", "rls-heavy", "--a", "2,1", "--eps", "1", "--method", "float"]) == 2
    assert "exists for ea-pm1, ea-heavy" in capsys.readouterr().err
