"""Exact ``E[T]`` for the operators beyond the paper (issue 15), and the reference against it.

* closed forms (``n = 1``) and hand-derived small chains;
* the lumped solvers against brute-force chains on the raw search points (no symmetry
  reduction), built from the *reference* operator's ``step_distribution`` and solved by a separate
  dense elimination: exact equality for a rational ``q``, enclosure otherwise;
* refusal of large instances, validation;
* agreement of the reference simulation with the exact ``E[T]`` (pre-registered z-tests below),
  and power: the same test rejects planted bugs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import product
from statistics import NormalDist
from typing import Any

import mpmath
import numpy as np
import pytest
from zonemax.reference import DoubleGeometric, PowerLaw, one_plus_one_ea, rls, run
from zonemax.reference.fitness import fitness
from zonemax.reference.operators import StepOperator
from zonemax.reference.spec import AlgorithmSpec

from zonemax.exact import (
    OPERATOR_ALGORITHMS,
    ExactResult,
    InstanceTooLarge,
    ea_geom_exact,
    ea_power_exact,
    exact_expectation,
    rls_geom_exact,
    rls_power_exact,
)

HALF = Fraction(1, 2)
B32 = Fraction(3, 2)


def _solve(algorithm: str, a: Sequence[int], **kw: Any) -> ExactResult:
    return exact_expectation(AlgorithmSpec(algorithm, tuple(a), **kw), with_variance=True)


def _mp(x: Any) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else mpmath.mpf(x)


# ---------------------------------------------------------------------------------------------
# closed forms
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("q", [HALF, Fraction(1, 3), Fraction(9, 10)])
def test_geom_one_position_distance_one(q: Fraction) -> None:
    # only the step towards a_i of length 1 finishes: P = P(Z = -1) = (1-q) q / (1+q)
    expected = (1 + q) / ((1 - q) * q)
    for solve in (ea_geom_exact, rls_geom_exact):
        res = solve([1], q=q, with_variance=True)
        assert res.exact and res.expectation == expected and res.error_bound == 0
        assert res.variance == expected**2 - expected  # geometric number of trials


def test_geom_rational_mean_is_solved_exactly() -> None:
    # mean 4/3 <-> q = 1/2 exactly (1 + 16/9 = (5/3)^2): the same Fractions either way
    by_q = ea_geom_exact([3, -2], q=HALF)
    by_mean = ea_geom_exact([3, -2], mean=Fraction(4, 3))
    assert by_q.exact and by_mean.exact and by_q.expectation == by_mean.expectation
    assert by_mean.params == (("geom_mean", Fraction(4, 3)),)


def test_geom_irrational_q_one_position() -> None:
    # mean 1: q = sqrt(2) - 1, E = (1 + q)/((1 - q) q)
    res = ea_geom_exact([-1], mean=1)
    with mpmath.workdps(60):
        q = mpmath.sqrt(2) - 1
        expected = (1 + q) / ((1 - q) * q)
        assert abs(res.expectation - expected) <= res.error_bound + mpmath.mpf(10) ** -45
    assert res.error_bound < 1e-40 and not res.exact


@pytest.mark.parametrize("beta", [Fraction(11, 10), B32, Fraction(2), Fraction(4)])
def test_power_one_position(beta: Fraction) -> None:
    with mpmath.workdps(60):
        zeta = mpmath.zeta(_mp(beta))
        p = [mpmath.mpf(0)] + [mpmath.mpf(m) ** -_mp(beta) / zeta for m in range(1, 5)]
        # d = 1: only the step 1 towards finishes: E = 2 zeta(beta)
        res1 = ea_power_exact([1], beta)
        assert abs(res1.expectation - 2 * zeta) <= res1.error_bound + mpmath.mpf(10) ** -40
        # d = 2: towards with m = 1 or 3 -> d = 1, m = 2 -> done, m = 4 -> same state
        e2 = (1 + (p[1] + p[3]) / 2 * 2 * zeta) / ((p[1] + p[2] + p[3]) / 2)
        for solve in (ea_power_exact, rls_power_exact):
            res2 = solve([-2], beta)
            assert abs(res2.expectation - e2) <= res2.error_bound + mpmath.mpf(10) ** -40
    # rigorous and narrow: the width comes from zeta's Euler-Maclaurin enclosure
    assert res1.error_bound < 1e-20 * res1.expectation


@pytest.mark.parametrize("a", [(2,), (5,), (17,)])
def test_rls_one_position_is_the_ea(a: tuple[int, ...]) -> None:
    # n = 1: RLS chooses the only position, the EA mutates it with probability 1/n = 1
    assert rls_geom_exact(a, q=HALF).expectation == ea_geom_exact(a, q=HALF).expectation
    for rls_res, ea_res in ((rls_geom_exact(a, mean=1), ea_geom_exact(a, mean=1)),
                            (rls_power_exact(a, B32), ea_power_exact(a, B32))):
        assert abs(rls_res.expectation - ea_res.expectation) <= (rls_res.error_bound
                                                                 + ea_res.error_bound)


# ---------------------------------------------------------------------------------------------
# brute force on raw search points (independent of the lumping and the level solver)
# ---------------------------------------------------------------------------------------------
def _dense_solve(matrix: list[list[Any]], rhs: list[list[Any]], zero: Any) -> list[list[Any]]:
    """Gauss-Jordan with row pivoting on the first non-zero entry; several right-hand sides."""
    m = len(matrix)
    aug = [list(row) + [b[i] for b in rhs] for i, row in enumerate(matrix)]
    for col in range(m):
        piv = next(r for r in range(col, m) if aug[r][col] != zero)
        aug[col], aug[piv] = aug[piv], aug[col]
        pivot = aug[col][col]
        aug[col] = [x / pivot for x in aug[col]]
        for r in range(m):
            if r != col and aug[r][col] != zero:
                factor = aug[r][col]
                aug[r] = [x - factor * y for x, y in zip(aug[r], aug[col], strict=True)]
    return [[aug[i][m + k] for i in range(m)] for k in range(len(rhs))]


def _raw_moments(start: Hashable, step: Callable[[Any], list[tuple[Any, Any]]],
                 done: Callable[[Any], bool], one: Any) -> tuple[Any, Any]:
    """``E[T]`` and ``E[T^2]`` of the raw chain (``step`` lists all outcomes, self included)."""
    zero = one - one
    order, seen, kernel = [start], {start}, {}
    k = 0
    while k < len(order):
        s = order[k]
        k += 1
        if done(s):
            continue
        kernel[s] = step(s)
        for t, _ in kernel[s]:
            if t not in seen:
                seen.add(t)
                order.append(t)
    transient = [s for s in order if not done(s)]
    index = {s: i for i, s in enumerate(transient)}
    matrix = [[zero] * len(transient) for _ in transient]
    for s in transient:
        i = index[s]
        matrix[i][i] = matrix[i][i] + one
        for t, prob in kernel[s]:
            if t in index:
                matrix[i][index[t]] = matrix[i][index[t]] - prob
    (first,) = _dense_solve(matrix, [[one] * len(transient)], zero)
    (second,) = _dense_solve(matrix, [[2 * e - one for e in first]], zero)
    return first[index[start]], second[index[start]]


def _raw(algorithm: str, a: Sequence[int], op: StepOperator, one: Any) -> tuple[Any, Any]:
    """The raw chain of Algorithm 1 or RLS on ``x in Z^n`` with ``op``'s exact step law."""
    n = len(a)

    def step(x: tuple[int, ...]) -> list[tuple[Any, Any]]:
        fx = fitness(x, a)
        law = op.step_distribution(2 * fx)  # steps up to 2 f(x), and None for the rest
        out: list[tuple[Any, Any]] = []
        if algorithm.startswith("rls"):
            for i in range(n):
                for s, q in law.items():
                    y = x if s is None else (*x[:i], x[i] + s, *x[i + 1:])
                    out.append((y if fitness(y, a) <= fx else x, q / n))
            return out
        p = one / n
        per: list[tuple[int | None, Any]] = [(0, one - p)] if n > 1 else []
        per += [(s, p * q) for s, q in law.items()]
        for combo in product(per, repeat=n):
            prob = one
            for _, q in combo:
                prob = prob * q
            if any(s is None for s, _ in combo):
                out.append((x, prob))
                continue
            y = tuple(xi + s for xi, (s, _) in zip(x, combo, strict=True))  # type: ignore[operator]
            out.append((y if fitness(y, a) <= fx else x, prob))
        return out

    return _raw_moments((0,) * n, step, lambda x: fitness(x, a) == 0, one)


RAW_EXACT_CASES = [("ea-geom", (2, -1), HALF), ("ea-geom", (1, 1, 1), Fraction(1, 3)),
                   ("ea-geom", (3,), Fraction(3, 4)), ("rls-geom", (2, -2), HALF),
                   ("rls-geom", (2, 1, 1), Fraction(1, 5))]


@pytest.mark.parametrize(("algorithm", "a", "q"), RAW_EXACT_CASES)
def test_geom_rational_matches_raw_chain_exactly(algorithm: str, a: tuple[int, ...],
                                                 q: Fraction) -> None:
    res = _solve(algorithm, a, geom_q=q)
    first, second = _raw(algorithm, a, DoubleGeometric(q=q), Fraction(1))
    assert res.exact and res.expectation == first
    assert res.variance == second - first**2


RAW_INTERVAL_CASES: list[tuple[str, tuple[int, ...], dict[str, Any], StepOperator]] = [
    ("ea-geom", (2, -1), {"geom_mean": 1}, DoubleGeometric(mean=1)),
    ("rls-geom", (3, 1), {"geom_mean": Fraction(5, 2)}, DoubleGeometric(mean=Fraction(5, 2))),
    ("ea-power", (2, -1), {"power_exponent": B32}, PowerLaw(B32)),
    ("ea-power", (1, 1, 1), {"power_exponent": Fraction(11, 10)}, PowerLaw(Fraction(11, 10))),
    ("rls-power", (3, -2), {"power_exponent": Fraction(4)}, PowerLaw(4)),
    ("rls-power", (2, 1, 1), {"power_exponent": Fraction(2)}, PowerLaw(2)),
]


@pytest.mark.parametrize(("algorithm", "a", "kw", "op"), RAW_INTERVAL_CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in RAW_INTERVAL_CASES])
def test_interval_solvers_match_raw_chain(algorithm: str, a: tuple[int, ...],
                                          kw: dict[str, Any], op: StepOperator) -> None:
    res = _solve(algorithm, a, **kw)
    assert res.error_bound < 1e-20 * res.expectation
    with mpmath.workdps(40):
        first, second = _raw(algorithm, a, op, mpmath.mpf(1))
        slack = mpmath.mpf(10) ** -30 * first  # the reference's 40-digit law
        assert res.lower - slack <= first <= res.upper + slack
        assert res.variance is not None
        assert abs(res.variance - (second - first**2)) <= mpmath.mpf(10) ** -20 * res.variance


# ---------------------------------------------------------------------------------------------
# refusal, validation
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("algorithm", "a"), [("ea-geom", (300,)), ("rls-geom", (40, 40)),
                                              ("ea-power", (30, 30)), ("rls-power", (500,))])
def test_refuses_large_state_spaces(algorithm: str, a: tuple[int, ...]) -> None:
    with pytest.raises(InstanceTooLarge, match="max_states"):
        _solve(algorithm, a)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: ea_geom_exact([1]), "exactly one"),
        (lambda: ea_geom_exact([1], q=HALF, mean=1), "exactly one"),
        (lambda: rls_geom_exact([1], q=2), "geom_q"),
        (lambda: ea_power_exact([1], 1), "power_exponent"),
        (lambda: rls_power_exact([1], B32, dps=5), "dps"),
        (lambda: ea_power_exact([], B32), "at least one position"),
    ],
    ids=["geom-none", "geom-both", "q=2", "beta=1", "low-dps", "empty-a"],
)
def test_bad_input_is_refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


# ---------------------------------------------------------------------------------------------
# agreement with the reference simulation (pre-registered)
# ---------------------------------------------------------------------------------------------
#: Pre-registered design, as in tests/test_exact.py: RUNS runs per instance with seeds
#: SeedSequence(SEED + k).spawn(RUNS); z = (mean - E[T]) / sqrt(Var[T] / RUNS) with the exact
#: mean and variance; two-sided at level FAMILY_ALPHA / len(SIM_CASES) per instance (Bonferroni),
#: so the family-wise error of a correct implementation is at most FAMILY_ALPHA (up to the normal
#: approximation).  The planted bugs below run through the same test and must be rejected.
RUNS = 1000
SEED = 2025_0715
FAMILY_ALPHA = 1e-3
SIM_CASES: list[tuple[str, tuple[int, ...], dict[str, Any]]] = [
    ("ea-geom", (4,), {"geom_q": HALF}),
    ("ea-geom", (2, -1), {}),
    ("ea-geom", (2, 1, 1), {"geom_mean": Fraction(3, 4)}),
    ("rls-geom", (5,), {}),
    ("rls-geom", (3, -2), {"geom_q": Fraction(1, 3)}),
    ("ea-power", (4,), {}),
    ("ea-power", (2, -1), {"power_exponent": Fraction(11, 10)}),
    ("ea-power", (3, 2), {"power_exponent": Fraction(4)}),
    ("rls-power", (5,), {}),
    ("rls-power", (3, 2, 2), {"power_exponent": Fraction(2)}),
]


def _z(times: list[int], res: ExactResult) -> float:
    assert res.variance is not None
    mean = Fraction(sum(times), len(times))
    se = math.sqrt(float(res.variance) / len(times))
    return (float(mean) - float(res.expectation)) / se  # float error far below se


def _z_crit() -> float:
    return NormalDist().inv_cdf(1 - FAMILY_ALPHA / len(SIM_CASES) / 2)


def test_simulation_design_covers_all_new_families() -> None:
    assert {c[0] for c in SIM_CASES} == set(OPERATOR_ALGORITHMS)
    assert FAMILY_ALPHA <= 1e-3 and RUNS >= 1000


@pytest.mark.parametrize(("k", "case"), list(enumerate(SIM_CASES)),
                         ids=[f"{c[0]}-{c[1]}" for c in SIM_CASES])
def test_agrees_with_reference_simulation(k: int, case: tuple[str, tuple[int, ...], dict[str, Any]]
                                          ) -> None:
    algorithm, a, kw = case
    spec = AlgorithmSpec(algorithm, a, **kw)
    res = exact_expectation(spec, with_variance=True)
    times = [run(spec, rng=s).evaluations for s in np.random.SeedSequence(SEED + k).spawn(RUNS)]
    z = _z(times, res)
    assert abs(z) <= _z_crit(), f"{algorithm} a={a}: z = {z:.2f}, exact {float(res.expectation)}"


#: Planted operator bugs, each on an instance where it moves E[T] by many standard errors
#: (exact shifts, from the solvers with the buggy parameters, in units of sqrt(Var[T]/RUNS)):
#: -13.6, -24.2 and -11.2.  The E[T] test is a blunt instrument for law errors: the last bug
#: moves E[T] on (2, -1) by only 0.9 standard errors, while the law family
#: (tests/test_new_operators.py) rejects it with p ~ 1e-179.
PLANTED_SIM: list[tuple[str, str, tuple[int, ...], dict[str, Any], StepOperator]] = [
    # exponent off by one: beta + 1 sampled, beta's E[T] expected
    ("power exponent off by one", "ea-power", (4,), {}, PowerLaw(B32 + 1)),
    # the ratio read as the success probability: q = 2/3 sampled, q = 1/3 expected
    ("geom ratio/success swap", "rls-geom", (6,), {"geom_q": Fraction(1, 3)},
     DoubleGeometric(q=Fraction(2, 3))),
    # the mean map of a single geometric, q = m/(1 + m) = 1/2, for the mean 1 (q = 0.414...)
    ("geom mean map of one geometric", "ea-geom", (8,), {}, DoubleGeometric(q=HALF)),
]


@pytest.mark.parametrize("case", PLANTED_SIM, ids=[c[0] for c in PLANTED_SIM])
def test_planted_operator_bug_is_rejected_by_the_simulation_test(
        case: tuple[str, str, tuple[int, ...], dict[str, Any], StepOperator]) -> None:
    _, algorithm, a, kw, buggy = case
    res = exact_expectation(AlgorithmSpec(algorithm, a, **kw), with_variance=True)
    seeds = np.random.SeedSequence(SEED + 100).spawn(RUNS)
    algo = one_plus_one_ea if algorithm.startswith("ea") else rls
    times = [algo(a, buggy, rng=s).evaluations for s in seeds]
    assert abs(_z(times, res)) > _z_crit()


def test_exact_layer_shares_no_code_with_the_new_reference_operators() -> None:
    # tests/test_exact_independence.py proves the map lists every import from the code under
    # test; so no entry for the new operator modules means the exact layer imports none of them
    from zonemax.exact.independence import SHARINGS

    modules = ("double_geometric", "power_law", "_inversion")
    assert not [s.name for s in SHARINGS
                if "exact" in s.users and any(f"reference.{m}" in s.name for m in modules)]
