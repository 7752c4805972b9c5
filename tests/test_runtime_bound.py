"""The proved run-time bound of RLS_{alpha,beta}, held against the exact expected run times.

``S5.lemma8-runtime`` (Coq, ``proofs_check/coq/S5_lemma8_runtime.v`` and ``_2.v``;
docs/explanations/runtime-theorem.md) proves ``E[T] <= 2535 n (1 + ln g(0^n, 1^n))
<= 2535 n (1 + ln(1 + 2/1000) + 2 ln |a|_1)`` at ``(alpha, beta, c, p) = (17/10, 9/10, 1/1000,
1/100)``, and ``E[T] <= n (1 + ln(1 + 2c) + 2 ln |a|_1)/delta`` over C1-C8.  A proof about a
kernel that is not zonemax's algorithm, or a statement whose numbers are off, would show here:
at every instance whose exact ``E[T]`` zonemax computes, the upper end of ``E[T]`` (an exact
``Fraction``, or the upper end of a rigorous enclosure) must lie below the lower end of the
bound (:mod:`mpmath.iv`, outward rounding).  The computation is ``benchmarks/runtime_bound.py``
(which also prints the table of the docs page); a bound with the constant divided by 10^4 must
fail the same check.
"""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

F = Fraction
SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "runtime_bound.py"


def _load() -> ModuleType:
    name = "zonemax_benchmarks_runtime_bound"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


rb = _load()
PLANTED = F(2535, 10**4)  # the constant divided by 10^4: a false bound


def _check(a: tuple[int, ...], mean: object | None = None) -> object:
    """Both forms of the bound hold at ``a``, certainly; g(0, 1) <= (1 + 2c)|a|_1^2 exactly."""
    mean = rb.mean_of(a) if mean is None else mean
    g0 = rb.start_potential(a)
    assert 1 <= g0 <= (1 + 2 * rb.C) * rb.l1(a) ** 2, (a, g0)
    assert rb.holds(mean, rb.bound_first(a)), (a, mean, rb.bound_first(a))
    assert rb.holds(mean, rb.bound_closed(a)), (a, mean, rb.bound_closed(a))
    # the first form is the sharper one (g(0, 1) <= (1 + 2c)|a|_1^2)
    assert rb.ends(rb.bound_first(a))[0] <= rb.ends(rb.bound_closed(a))[1]
    return mean


def test_the_constants() -> None:
    """The example constants satisfy C1-C8.  The first theorem's delta is 1/2535 (Case 5's
    ratio; Case 1 enters with its sharper ratio (2ab - a - b)/(2ab) 4c/(1 + 4c) = 23/38403,
    Lib_S5_8_drift.v); the second theorem's delta, the minimum of S5.drift-feasible with Case 1's
    weaker ratio (2ab - a - b)/(4ab) min(4c, 1), is 23/76500 < 1/2535 there: the general
    theorem is the weaker statement at the example point (1/delta = 3326.08... > 2535)."""
    al, be, c, p = rb.ALPHA, rb.BETA, rb.C, rb.P
    assert rb.feasible(al, be, c, p)
    assert 4 * c * (1 - be) / (1 + 4 * c + p) == F(1, 2535)
    assert (2 * al * be - be - al) / (2 * al * be) * (4 * c / (1 + 4 * c)) == F(23, 38403)
    assert rb.delta_feasible(al, be, c, p) == F(23, 76500) < F(1, 2535)
    a = (7, -3)
    assert rb.ends(rb.bound_closed(a))[1] < rb.ends(rb.bound_feasible(a, al, be, c, p))[0]


@pytest.mark.parametrize("d", range(1, 13))
def test_one_position_exact(d: int) -> None:
    """n = 1, |a| = 1..12 (exact Fractions; the sign does not matter)."""
    a = (d if d % 2 else -d,)
    mean = _check(a)
    assert mean.source in ("exact", "coupon 2nH_n") and mean.lo == mean.hi


@pytest.mark.parametrize("a", [(3, -2), (4, -1, 2), (2, -2, 2, -2, 2), (1, -1, 1, 1, -1),
                               (0, 3, -1)], ids=str)
def test_small_n_exact(a: tuple[int, ...]) -> None:
    _check(a, rb.exact_mean(a))


@pytest.mark.parametrize("n", range(1, 6))
def test_the_coupon_collector_formula_is_the_exact_mean(n: int) -> None:
    """a in {-1, 1}^n: E[T] = 2n H_n, which the large-n rows use."""
    a = tuple(1 if i % 2 else -1 for i in range(n))
    assert rb.exact_mean(a).lo == rb.coupon_mean(n)


@pytest.mark.parametrize("n", [10, 100, 1000, 10_000])
def test_large_n_coupon(n: int) -> None:
    _check((1,) * n)


@pytest.mark.parametrize("a", [(1,) * 10, (3, -2)], ids=["1^10", "(3,-2)"])
def test_the_law_enclosure_contains_the_exact_mean(a: tuple[int, ...]) -> None:
    """The enclosure from rls_law_any_n plus the tail bound contains the exact value, and is
    narrow (the tail bound is not vacuous)."""
    enc = rb.law_mean(a)
    exact = rb.coupon_mean(len(a)) if set(a) == {1} else rb.exact_mean(a).lo
    assert enc.lo <= exact <= enc.hi
    assert enc.hi - enc.lo < F(1, 10**3)


@pytest.mark.parametrize("a", [(5,) * 10, (5,) * 20, (2, -7, 1, 0, 4, 3)], ids=str)
def test_law_instances(a: tuple[int, ...]) -> None:
    mean = rb.law_mean(a)
    assert mean.hi - mean.lo < F(1, 10**3)
    _check(a, mean)


def test_a_feasible_point_other_than_the_example() -> None:
    """The second theorem at (alpha, beta, c, p) = (8/5, 17/20, 1/1000, 1/100), which satisfies
    C1-C8: its bound n (1 + ln(1 + 2c) + 2 ln|a|_1)/delta against the exact E[T] of
    RLS_{8/5, 17/20}."""
    al, be, c, p = F(8, 5), F(17, 20), F(1, 1000), F(1, 100)
    assert rb.feasible(al, be, c, p)
    for a in [(1,), (6,), (-11,), (3, -2), (2, 0, -3)]:
        mean = rb.exact_mean(a, al, be)
        assert rb.holds(mean, rb.bound_feasible(a, al, be, c, p)), a
    assert not rb.feasible(F(2), F(1, 2), c, p)  # the paper's experiments' constants: outside


def test_a_planted_wrong_bound_fails() -> None:
    """The constant divided by 10^4 is false, and the check says so: certainly exceeded at
    some instance, and never certified."""
    instances = [(1,), (5,), (-12,), (3, -2), (1,) * 100]
    means = {a: rb.mean_of(a) for a in instances}
    failed = [a for a in instances if rb.fails(means[a], rb.bound_closed(a, PLANTED))]
    assert failed, "the planted bound 2535/10^4 n (...) passed every instance"
    assert not rb.holds(means[(1,)], rb.bound_closed((1,), PLANTED))
    assert not rb.holds(means[(1,)], rb.bound_first((1,), PLANTED))
    # and the true bound at the same instances holds (the control)
    assert all(rb.holds(means[a], rb.bound_closed(a)) for a in instances)


def test_the_quick_table() -> None:
    lines = rb.table(rb.QUICK)
    assert len(lines) == 2 + len(rb.QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("d", range(13, 31))
def test_one_position_exact_slow(d: int) -> None:
    _check((d if d % 2 else -d,))


@pytest.mark.slow
@pytest.mark.parametrize("a", [(5, 5), (6, -6), (10, -3), (3, 3, 3), (1, -2, 3, -1, 2),
                               (2, 2, -3, 1)], ids=str)
def test_small_n_exact_slow(a: tuple[int, ...]) -> None:
    mean = _check(a, rb.exact_mean(a))
    enc = rb.law_mean(a)
    assert enc.lo <= mean.lo <= enc.hi


@pytest.mark.slow
@pytest.mark.parametrize("a", [(5,) * 50, (5,) * 100, (30,) * 10, (20,) * 100,
                               tuple(range(1, 11))],
                         ids=["5^50", "5^100", "30^10", "20^100", "1..10"])
def test_law_instances_slow(a: tuple[int, ...]) -> None:
    mean = rb.law_mean(a)
    assert mean.hi - mean.lo < F(1, 10**2)
    _check(a, mean)


@pytest.mark.slow
def test_the_docs_table() -> None:
    lines = rb.table(rb.INSTANCES)
    assert len(lines) == 2 + len(rb.INSTANCES)
