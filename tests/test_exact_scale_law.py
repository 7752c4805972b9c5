"""The law of ``T`` with enclosures (:func:`zonemax.exact.law_of_T`), ``zonemax exact --cdf``."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec

from zonemax.exact import exact_expectation
from zonemax.exact.law import LawOfT, law_of_T

#: One small instance per family (each law takes well under a second).
SPECS = [
    AlgorithmSpec("ea-pm1", (2, -1, 1)),
    AlgorithmSpec("rls-pm1", (3, 2, 2)),
    AlgorithmSpec("rls-ab", (3, 2), alpha=Fraction(17, 10), beta=Fraction(9, 10)),
    AlgorithmSpec("ea-heavy", (3, 1), eps=Fraction(1)),
    AlgorithmSpec("rls-heavy", (5, 3), eps=Fraction(1)),
    AlgorithmSpec("ea-geom", (2, 1), geom_q=Fraction(1, 2)),
    AlgorithmSpec("rls-geom", (3, 2)),
    AlgorithmSpec("ea-power", (2, 2)),
    AlgorithmSpec("rls-power", (4, 3)),
]


def test_geometric_case_is_enclosed_exactly() -> None:
    """n = 1, a = (1,): every iteration succeeds w.p. 1/2, so P(T = t) = 2^-t."""
    law = law_of_T(AlgorithmSpec("ea-pm1", (1,)))
    for t in range(1, law.t_max + 1):
        assert law.pmf_low[t] <= 2.0**-t <= law.pmf_high[t]
        assert law.cdf_low[t] <= 1 - 2.0**-t <= law.cdf_high[t]
    assert law.tail <= 1e-9 and law.t_max == 30  # 2^-30 < 1e-9 <= 2^-29
    assert law.quantile(0.4) == (1, 1) and law.quantile(0.7) == (2, 2)
    assert law.quantile(0.5) == (1, 2)  # P(T <= 1) = 1/2 exactly: the enclosure cannot tell


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.algorithm}-{s.a}")
def test_law_agrees_with_the_exact_mean(spec: AlgorithmSpec) -> None:
    """``E[T] = sum_t P(T > t)``: the covered part is enclosed by :meth:`LawOfT.mean_bounds`,
    the rest is at most ``P(T > t_max) (t_max + h_max)`` (Markov property, ``h_max`` the largest
    expected remaining time).  A law that is off by more than its widths fails this."""
    law = law_of_T(spec)
    res = exact_expectation(spec)
    assert res.max_remaining is not None
    low, high = law.mean_bounds()
    rest = law.tail * (law.t_max + res.max_remaining)
    assert low <= float(res.upper) * (1 + 1e-12)
    assert float(res.lower) * (1 - 1e-12) <= high + rest
    assert np.all(law.cdf_low <= law.cdf_high) and np.all(law.pmf_low <= law.pmf_high)
    assert np.all(np.diff(law.cdf_low) >= 0)


def test_a_wrong_law_fails_the_mean_check() -> None:
    """Control: the law of a neighbouring instance fails the check above."""
    law = law_of_T(AlgorithmSpec("ea-pm1", (2, -1, 1)))
    res = exact_expectation(AlgorithmSpec("ea-pm1", (2, 1, 1, 0)))  # other n: other law
    low, high = law.mean_bounds()
    assert not (low <= float(res.upper) and float(res.lower) <= high)


def _dkw_epsilon(runs: int, alpha: float) -> float:
    """Dvoretzky-Kiefer-Wolfowitz (Massart's constant): ``P(sup |F_N - F| > eps) <= alpha``."""
    return math.sqrt(math.log(2 / alpha) / (2 * runs))


def test_simulation_matches_the_law() -> None:
    """Pre-registered: ea-pm1 on a = 1^6, 5,000 runs of the fast engine, seed 20261127; the
    empirical CDF must stay within the DKW band of the exact law (alpha = 1e-4, eps = 0.033)
    widened by the enclosures' widths.  Power: the law of a = 1^5 is rejected by the same
    band (its CDF differs by about 0.2 near the median)."""
    from zonemax.engine import run_many

    runs, seed, alpha = 5000, 20261127, 1e-4
    spec = AlgorithmSpec("ea-pm1", (1,) * 6)
    times, solved = run_many(spec, runs=runs, seed=seed, budget=None).as_arrays()
    assert solved.all()
    eps = _dkw_epsilon(runs, alpha)

    def sup_distance(law: LawOfT) -> float:
        grid = np.arange(law.t_max + 1)
        empirical = np.searchsorted(np.sort(times), grid, side="right") / runs
        above = empirical - law.cdf_high
        below = law.cdf_low - empirical
        return float(max(np.max(above), np.max(below), 0.0))

    assert sup_distance(law_of_T(spec)) <= eps
    assert sup_distance(law_of_T(AlgorithmSpec("ea-pm1", (1,) * 5))) > eps


def test_bad_arguments_are_refused() -> None:
    spec = AlgorithmSpec("ea-pm1", (2, 1))
    with pytest.raises(ValueError, match="tail"):
        law_of_T(spec, tail=0.0)
    with pytest.raises(ValueError, match="max_steps"):
        law_of_T(spec, max_steps=0)
    with pytest.raises(TypeError, match="AlgorithmSpec"):
        law_of_T((2, 1))
    with pytest.raises(ValueError, match="level"):
        law_of_T(spec).quantile(1.0)
    with pytest.raises(ValueError, match="max_steps"):
        law_of_T(spec, max_steps=3)


def test_cli_prints_the_law(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.cli import main

    assert main(["exact", "rls-ab", "--a", "3,2", "--cdf"]) == 0
    out = capsys.readouterr().out
    assert "quantile 0.5:" in out and "P(T <= t) low" in out
    assert main(["exact", "ea-pm1", "--a", "1,1", "--cdf", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert len(obj["cdf_low"]) == len(obj["pmf_high"]) and obj["tail"] <= 1e-9


# ---------------------------------------------------------------------------------------------
# RLS at any n (zonemax.exact.rls_any_n)
# ---------------------------------------------------------------------------------------------
RLS_SPECS = [s for s in SPECS if s.algorithm.startswith("rls-")] + [
    AlgorithmSpec("rls-ab", (3, 2, 0), alpha=Fraction(2), beta=Fraction(1, 2))]


@pytest.mark.parametrize("spec", RLS_SPECS, ids=lambda s: f"{s.algorithm}-{s.a}")
def test_rls_any_n_agrees_with_the_chain(spec: AlgorithmSpec) -> None:
    """The multinomial allocation of per-position laws and the lumped chain's law overlap at
    every t (two computations sharing only the one-position chains)."""
    from zonemax.exact.rls_any_n import rls_law_any_n

    fast = rls_law_any_n(spec)
    chain = law_of_T(spec)
    m = min(fast.t_max, chain.t_max) + 1
    assert np.all(fast.cdf_low[:m] <= chain.cdf_high[:m])
    assert np.all(chain.cdf_low[:m] <= fast.cdf_high[:m])
    assert np.all(fast.pmf_low[:m] <= chain.pmf_high[:m])
    assert np.all(chain.pmf_low[:m] <= fast.pmf_high[:m])


def _closed_form_check(law: LawOfT, exact: float) -> bool:
    """``E[T] = sum_t P(T > t)``: covered part enclosed, the rest at most
    ``P(T > t_max) (t_max + E[T])`` for plain RLS (a position's remaining selections only
    shrink, so the expected remaining time is at most the start's)."""
    low, high = law.mean_bounds()
    return low <= exact * (1 + 1e-12) and exact <= high + law.tail * (law.t_max + exact)


def test_rls_any_n_at_n_100_matches_the_closed_form() -> None:
    """rls-pm1 on a = 1^100 against :func:`zonemax.exact.rls_pm1_closed_form` (exact
    rational); the planted allocation 1/(n+1) (a 101st, finished position) must fail."""
    from zonemax.exact import rls_pm1_closed_form
    from zonemax.exact.rls_any_n import rls_law_any_n

    exact = float(rls_pm1_closed_form((1,) * 100))
    assert _closed_form_check(rls_law_any_n(AlgorithmSpec("rls-pm1", (1,) * 100)), exact)
    planted = rls_law_any_n(AlgorithmSpec("rls-pm1", (1,) * 100 + (0,)))
    assert not _closed_form_check(planted, exact)


def test_rls_any_n_refuses_other_families() -> None:
    from zonemax.exact.rls_any_n import rls_law_any_n

    with pytest.raises(ValueError, match="applies to"):
        rls_law_any_n(AlgorithmSpec("ea-pm1", (2, 1)))
    with pytest.raises(ValueError, match="tail"):
        rls_law_any_n(AlgorithmSpec("rls-pm1", (2, 1)), tail=0.5e-12)
