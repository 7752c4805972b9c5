"""Tests of :mod:`zonemax.exact` and ``zonemax exact``.

* closed forms (n = 1, plain RLS, small heavy-tailed cases);
* cross-checks against brute-force chains on the raw search points (no symmetry reduction),
  solved by a separate dense elimination;
* refusal of large state spaces (before anything is built);
* agreement with the reference simulators (z-tests with the exact mean and variance);
* the command line.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import product
from statistics import NormalDist
from typing import Any

import mpmath
import numpy as np
import pytest
from zonemax.reference import HeavyTailed, c_epsilon, one_plus_one_ea, rls, rls_ab
from zonemax.reference.fitness import fitness
from zonemax.reference.spec import AlgorithmSpec

from zonemax.exact import (
    ALGORITHMS,
    DOCUMENTED_LIMITS,
    PAPER_ALGORITHMS,
    ExactResult,
    default_max_states,
    ea_heavy_exact,
    ea_pm1_exact,
    exact_expectation,
    magnitude_law,
    rls_ab_exact,
    rls_heavy_exact,
    rls_pm1_closed_form,
    rls_pm1_exact,
)

HALF = Fraction(1, 2)


def _solve(algorithm: str, a: Any, *, with_variance: bool = False, **params: Any) -> ExactResult:
    """``exact_expectation`` of the spec ``(algorithm, a, **params)``."""
    return exact_expectation(AlgorithmSpec(algorithm, tuple(a), **params),
                             with_variance=with_variance)


# ---------------------------------------------------------------------------------------------
# brute force on raw states (independent of the module's lumping and level solver)
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


def _raw_moments(
    start: Hashable,
    step: Callable[[Any], list[tuple[Any, Any]]],
    done: Callable[[Any], bool],
    one: Any,
) -> tuple[Any, Any, int]:
    """``E[T]`` and ``E[T^2]`` of the raw chain (``step`` lists all outcomes, self included)."""
    zero = one - one
    seen = {start}
    order = [start]
    kernel: dict[Any, list[tuple[Any, Any]]] = {}
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
    m = len(transient)
    matrix = [[zero] * m for _ in range(m)]
    for s in transient:
        i = index[s]
        matrix[i][i] = matrix[i][i] + one
        for t, prob in kernel[s]:
            if t in index:
                matrix[i][index[t]] = matrix[i][index[t]] - prob
    (first,) = _dense_solve(matrix, [[one] * m], zero)
    (second,) = _dense_solve(matrix, [[2 * e - one for e in first]], zero)
    return first[index[start]], second[index[start]], len(order)


def _ea_raw(a: Sequence[int], law: Callable[[int], dict[int | None, Any]], one: Any
            ) -> tuple[Any, Any, int]:
    n = len(a)
    p = one / n

    def step(x: tuple[int, ...]) -> list[tuple[Any, Any]]:
        fx = fitness(x, a)
        dist = law(2 * fx)
        per: list[tuple[int | None, Any]] = [(0, one - p)] if n > 1 else []
        per += [(s, p * q) for s, q in dist.items()]
        out: list[tuple[Any, Any]] = []
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


def _rls_raw(a: Sequence[int]) -> tuple[Fraction, Fraction, int]:
    n = len(a)

    def step(x: tuple[int, ...]) -> list[tuple[Any, Any]]:
        out: list[tuple[Any, Any]] = []
        for i, s in product(range(n), (1, -1)):
            y = (*x[:i], x[i] + s, *x[i + 1:])
            out.append((y if fitness(y, a) <= fitness(x, a) else x, Fraction(1, 2 * n)))
        return out

    return _raw_moments((0,) * n, step, lambda x: fitness(x, a) == 0, Fraction(1))


def _rls_heavy_raw(a: Sequence[int], law: Callable[[int], dict[int | None, Any]], one: Any
                    ) -> tuple[Any, Any, int]:
    n = len(a)

    def step(x: tuple[int, ...]) -> list[tuple[Any, Any]]:
        fx = fitness(x, a)
        out: list[tuple[Any, Any]] = []
        for i in range(n):
            for s, q in law(2 * fx).items():
                if s is None:
                    out.append((x, q / n))  # too long to be accepted
                    continue
                y = (*x[:i], x[i] + s, *x[i + 1:])
                out.append((y if fitness(y, a) <= fx else x, q / n))
        return out

    return _raw_moments((0,) * n, step, lambda x: fitness(x, a) == 0, one)


def _rls_ab_raw(a: Sequence[int], alpha: Fraction, beta: Fraction
                ) -> tuple[Fraction, Fraction, int]:
    n = len(a)

    def step(state: tuple[tuple[int, ...], tuple[Fraction, ...]]) -> list[tuple[Any, Any]]:
        x, v = state
        out: list[tuple[Any, Any]] = []
        for i, sign in product(range(n), (1, -1)):
            y = (*x[:i], x[i] + sign * math.floor(v[i]), *x[i + 1:])
            fx, fy = fitness(x, a), fitness(y, a)
            vi = alpha * v[i] if fy < fx else max(Fraction(1), beta * v[i])
            w = (*v[:i], vi, *v[i + 1:])
            out.append(((y if fy <= fx else x, w), Fraction(1, 2 * n)))
        return out

    start = ((0,) * n, (Fraction(1),) * n)
    return _raw_moments(start, step, lambda s: fitness(s[0], a) == 0, Fraction(1))


def _pm1_law(limit: int) -> dict[int | None, Any]:
    return {1: HALF, -1: HALF}


# ---------------------------------------------------------------------------------------------
# closed forms
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("a", [1, 2, 5, -7, 30])
def test_ea_pm1_one_position_is_2a(a: int) -> None:
    res = ea_pm1_exact([a])
    assert res.expectation == 2 * abs(a)
    assert res.exact and res.error_bound == 0


@pytest.mark.parametrize("a", [(0,), (0, 0, 0)])
def test_target_at_start_is_zero(a: tuple[int, ...]) -> None:
    for algorithm in ALGORITHMS:
        kw: dict[str, Any] = {"eps": 1} if algorithm.endswith("heavy") else {}
        res = _solve(algorithm, a, **kw, with_variance=True)
        assert res.expectation == 0
        assert res.variance == 0


@pytest.mark.parametrize(
    "a", [(4,), (0, 3), (2, -2), (1, 1, 1), (3, 0, -1), (5, 2, 2, 1), (1, 1, 1, 1, 1, 1)]
)
def test_rls_pm1_chain_equals_closed_form(a: tuple[int, ...]) -> None:
    assert rls_pm1_exact(a).expectation == rls_pm1_closed_form(a)


def test_rls_pm1_special_cases() -> None:
    # one non-finished position at distance d: 2 n d;  k positions at distance 1: 2 n H_k
    assert rls_pm1_closed_form([0, 0, 7]) == 2 * 3 * 7
    harmonic = sum((Fraction(1, j) for j in range(1, 5)), Fraction(0))
    assert rls_pm1_closed_form([1, -1, 1, 1, 0]) == 2 * 5 * harmonic
    assert rls_pm1_exact([1, -1, 1, 1, 0]).expectation == 2 * 5 * harmonic


def test_rls_ab_small_closed_forms() -> None:
    # d = 1: a step towards the target (probability 1/2) finishes, whatever alpha and beta
    pairs: list[tuple[Fraction, Fraction]] = [(Fraction(2), HALF),
                                              (Fraction(17, 10), Fraction(9, 10))]
    for alpha, beta in pairs:
        assert rls_ab_exact([1], alpha, beta).expectation == 2
        assert rls_ab_exact([0, -1], alpha, beta).expectation == 4
    # (2, 1/2), d = 2: (2,1) -> (1,2) after 2 iterations on average, (1,2) -> (1,1) in one
    # (s = 2 = 2d: accepted or rejected, both halve v), then 2 more: 5
    assert rls_ab_exact([2], 2, HALF).expectation == 5


def test_ea_heavy_one_position_closed_forms() -> None:
    c = c_epsilon(1)
    # d = 1 (base 2): only the step 1 towards finishes; P = w_2/(2c) = 1/(4c)  =>  E = 4c
    res = ea_heavy_exact([1], 1)
    assert res.lower <= 4 * c.lower and 4 * c.upper <= res.upper
    # the solver's own c_eps enclosure (plain integral test) has relative width ~ w(N)/c_eps
    assert res.error_bound < mpmath.mpf("1e-5") * res.expectation
    # RLS with n = 1 is the (1+1) EA with n = 1 (one position, mutated every iteration)
    same = rls_heavy_exact([1], 1)
    assert same.expectation == res.expectation and same.error_bound == res.error_bound
    # d = 2, limit 4: step 1 towards -> d = 1 (prob q1/2), step 2 towards -> done (q2/2),
    # step 4 towards -> d = 2 again, everything else rejected; with E(1) = 2/q1 this gives
    # E(2) = (1 + (q1/2) E(1)) / ((q1 + q2)/2) = 4/(q1 + q2), q_i = w_i/c, w_i = 1/(i log2(i)^2)
    w2 = mpmath.mpf(1) / 2
    w3 = 1 / (3 * mpmath.log(3, 2) ** 2)
    res2 = ea_heavy_exact([-2], 1)
    for cc in (c.lower, c.upper):
        assert res2.lower <= 4 * cc / (w2 + w3) <= res2.upper


def test_heavy_condition_has_no_c_eps_uncertainty() -> None:
    for solve in (ea_heavy_exact, rls_heavy_exact):
        res = solve([3, 1], 1, truncate="condition", r=3)
        assert res.error_bound < mpmath.mpf("1e-40")


@pytest.mark.parametrize("a", [(2,), (5,), (17,)])
@pytest.mark.parametrize(("truncate", "r"), [("none", None), ("condition", 5), ("clip", 6)])
def test_rls_heavy_one_position_is_the_ea(a: tuple[int, ...], truncate: Any, r: int | None
                                          ) -> None:
    # n = 1: RLS chooses the only position, the EA mutates it with probability 1/n = 1
    kw: dict[str, Any] = {"eps": Fraction(1, 2), "truncate": truncate, "r": r}
    rls_res = rls_heavy_exact(a, **kw)
    ea_res = ea_heavy_exact(a, **kw)
    assert abs(rls_res.expectation - ea_res.expectation) <= rls_res.error_bound + ea_res.error_bound


@pytest.mark.parametrize(
    ("truncate", "r"), [("none", None), ("condition", 5), ("clip", 5), ("clip", 8)]
)
@pytest.mark.parametrize("log_base", [2, "e"])
def test_heavy_interval_law_encloses_operator(truncate: Any, r: int | None, log_base: Any) -> None:
    op = HeavyTailed(Fraction(1, 2), log_base=log_base, truncate=truncate, r=r)
    for limit in (1, 2, 5, 8, 16, 40):
        enclosure = magnitude_law(op.eps, op.log_base, truncate, r, limit)
        reference = op.magnitude_distribution(limit)
        assert set(enclosure) == {m for m in reference if m is not None}
        for m, box in enclosure.items():
            assert box.a <= reference[m] <= box.b


# ---------------------------------------------------------------------------------------------
# brute-force cross-checks
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("a", [(2,), (2, -1), (1, 1), (0, 2), (1, -1, 1), (2, 0, 1)])
def test_ea_pm1_matches_raw_chain(a: tuple[int, ...]) -> None:
    res = ea_pm1_exact(a, with_variance=True)
    first, second, _ = _ea_raw(a, _pm1_law, Fraction(1))
    assert res.expectation == first
    assert res.variance == second - first**2


@pytest.mark.parametrize("a", [(3,), (2, -1), (1, 1, 1), (2, 0, -2)])
def test_rls_pm1_matches_raw_chain(a: tuple[int, ...]) -> None:
    res = rls_pm1_exact(a, with_variance=True)
    first, second, _ = _rls_raw(a)
    assert res.expectation == first
    assert res.variance == second - first**2


@pytest.mark.parametrize(
    ("a", "alpha", "beta"),
    [
        ((5,), 2, HALF),
        ((3, -2), 2, HALF),
        ((2, 1, 1), 2, HALF),
        ((4,), Fraction(17, 10), Fraction(9, 10)),
        ((2, -1), Fraction(17, 10), Fraction(9, 10)),
        ((3, 1), 2, Fraction(3, 4)),
    ],
)
def test_rls_ab_matches_raw_chain(a: tuple[int, ...], alpha: Any, beta: Fraction) -> None:
    res = rls_ab_exact(a, alpha, beta, with_variance=True)
    first, second, raw_states = _rls_ab_raw(a, Fraction(alpha), beta)
    assert res.expectation == first
    assert res.variance == second - first**2
    assert res.states <= raw_states


RLS_HEAVY_RAW_CASES: list[tuple[tuple[int, ...], dict[str, Any]]] = [
    ((3,), {"eps": 1}),
    ((2, -1), {"eps": 1}),
    ((3, 1, 1), {"eps": Fraction(1, 2), "log_base": "e"}),
    ((4, 2), {"eps": 1, "truncate": "condition", "r": 3}),
    ((-3, 2), {"eps": 1, "truncate": "clip", "r": 3}),
    ((6,), {"eps": 2, "truncate": "clip", "r": 4}),
]


@pytest.mark.parametrize(("a", "kw"), RLS_HEAVY_RAW_CASES)
def test_rls_heavy_matches_raw_chain(a: tuple[int, ...], kw: dict[str, Any]) -> None:
    res = rls_heavy_exact(a, with_variance=True, **kw)
    op = HeavyTailed(**kw)
    with mpmath.workdps(30):
        first, second, _ = _rls_heavy_raw(a, op.step_distribution, mpmath.mpf(1))
        # the raw chain uses the operator's c_eps, which lies inside the solver's enclosure
        slack = mpmath.mpf(10) ** -20 * first
        assert res.lower - slack <= first <= res.upper + slack
        assert res.variance is not None
        assert abs(res.variance - (second - first**2)) <= mpmath.mpf(10) ** -4 * res.variance


@pytest.mark.parametrize(
    ("a", "kw"),
    [
        ((3,), {"eps": 1}),
        ((2, -1), {"eps": 1}),
        ((1, 1), {"eps": Fraction(1, 2), "log_base": "e"}),
        ((2, 1), {"eps": 1, "truncate": "condition", "r": 2}),
        ((-2, 1), {"eps": 1, "truncate": "clip", "r": 2}),
        ((4,), {"eps": 2, "truncate": "clip", "r": 3}),
    ],
)
def test_ea_heavy_matches_raw_chain(a: tuple[int, ...], kw: dict[str, Any]) -> None:
    res = ea_heavy_exact(a, with_variance=True, **kw)
    op = HeavyTailed(**kw)
    with mpmath.workdps(30):
        first, second, _ = _ea_raw(a, op.step_distribution, mpmath.mpf(1))
        # the raw chain uses the operator's midpoint c_eps, which lies inside the enclosure
        slack = mpmath.mpf(10) ** -20 * first
        assert res.lower - slack <= first <= res.upper + slack
        assert res.variance is not None
        assert abs(res.variance - (second - first**2)) <= mpmath.mpf(10) ** -6 * res.variance


# ---------------------------------------------------------------------------------------------
# refusal, validation, result type
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("algorithm", "a", "kw"),
    [
        ("ea-pm1", (30, 30, 30), {}),
        ("ea-heavy", (40, 40), {"eps": 1}),
        ("rls-ab", (30, 30, 30), {"alpha": Fraction(17, 10), "beta": Fraction(9, 10)}),
        ("rls-pm1", (50,) * 5, {}),
        ("rls-heavy", (100, 100, 100), {"eps": 1}),
    ],
)
def test_refuses_large_state_spaces(algorithm: str, a: tuple[int, ...],
                                    kw: dict[str, Any]) -> None:
    # the refusal comes from the up-front estimate, before any state is built
    with pytest.raises(ValueError, match="max_states"):
        _solve(algorithm, a, **kw)


def test_max_states_can_be_lowered_and_raised() -> None:
    with pytest.raises(ValueError, match="max_states = 10"):
        ea_pm1_exact([3, 3], max_states=10)
    assert ea_pm1_exact([3, 3], max_states=100).states == 16
    assert default_max_states("ea-pm1", 2) >= 2_500


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: exact_expectation(AlgorithmSpec("cma-wm", (5, 5))), "no exact solver"),
        (lambda: rls_ab_exact([1], 1, HALF), "alpha"),
        (lambda: ea_heavy_exact([1], 0), "eps"),
        (lambda: ea_heavy_exact([1], 1, truncate="clip"), "range r"),
        (lambda: rls_heavy_exact([1], 1, r=3), "only used with"),
        (lambda: rls_heavy_exact([1], 1, dps=10), "dps"),
        (lambda: ea_pm1_exact([1], max_states=0), "max_states"),
        (lambda: ea_pm1_exact([]), "at least one position"),
    ],
    ids=["no-solver", "alpha<=1", "eps<=0", "clip-needs-r", "r-without-truncation", "low-dps",
         "max-states-0", "empty-a"],
)
def test_bad_input_is_refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_only_specs_are_solved() -> None:
    with pytest.raises(TypeError, match="AlgorithmSpec"):
        exact_expectation(("ea-pm1", (1,)))  # type: ignore[arg-type]


def test_result_is_frozen_and_exact() -> None:
    res = ea_pm1_exact([2, -1])
    assert isinstance(res, ExactResult)
    assert res.expectation == Fraction(496, 33)
    assert res.lower == res.upper == res.expectation
    with pytest.raises(AttributeError):
        res.states = 0  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------
# agreement with the reference simulators
# ---------------------------------------------------------------------------------------------
#: Pre-registered design: RUNS runs per instance with seeds SeedSequence(SEED + k).spawn(RUNS);
#: z = (mean - E[T]) / sqrt(Var[T] / RUNS) with the exact mean and variance; two-sided test at
#: level FAMILY_ALPHA / len(SIM_CASES) per instance (Bonferroni), so the family-wise error
#: probability of a correct implementation is at most FAMILY_ALPHA (up to the normal
#: approximation of a mean of RUNS i.i.d. run times with finite variance).
RUNS = 3000
SEED = 20230721
FAMILY_ALPHA = 1e-3
SIM_CASES: list[tuple[str, tuple[int, ...], dict[str, Any]]] = [
    ("ea-pm1", (3,), {}),
    ("ea-pm1", (2, -1), {}),
    ("ea-pm1", (1, 1, -1), {}),
    ("ea-pm1", (2, 0, -1), {}),
    ("rls-pm1", (3,), {}),
    ("rls-pm1", (2, -2), {}),
    ("rls-pm1", (1, 1, 1), {}),
    ("rls-pm1", (3, 0, -1), {}),
    ("rls-ab", (5,), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (3, -2), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (2, 2, 1), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (4,), {"alpha": Fraction(17, 10), "beta": Fraction(9, 10)}),
    ("rls-ab", (2, -1), {"alpha": Fraction(17, 10), "beta": Fraction(9, 10)}),
    ("rls-ab", (3, 2), {"alpha": 2, "beta": Fraction(3, 4)}),
    ("ea-heavy", (4,), {"eps": 1}),
    ("ea-heavy", (2, -1), {"eps": 1}),
    ("ea-heavy", (3, 2), {"eps": 1, "truncate": "condition", "r": 3}),
    ("ea-heavy", (5,), {"eps": 1, "truncate": "clip", "r": 5}),
    ("ea-heavy", (-3,), {"eps": Fraction(1, 2), "log_base": "e"}),
    ("rls-heavy", (5,), {"eps": 1}),
    ("rls-heavy", (4, -2), {"eps": Fraction(1, 2)}),
    ("rls-heavy", (6, 3), {"eps": 1, "truncate": "condition", "r": 4}),
    ("rls-heavy", (7, -1), {"eps": 1, "truncate": "clip", "r": 5}),
    ("rls-heavy", (3, 2, 2), {"eps": Fraction(1, 2), "log_base": "e"}),
]


def _simulate(algorithm: str, a: tuple[int, ...], kw: dict[str, Any], seed: int) -> list[int]:
    seeds = np.random.SeedSequence(seed).spawn(RUNS)
    if algorithm == "ea-pm1":
        return [one_plus_one_ea(a, rng=s).evaluations for s in seeds]
    if algorithm == "rls-pm1":
        return [rls(a, rng=s).evaluations for s in seeds]
    if algorithm == "rls-ab":
        return [rls_ab(a, kw["alpha"], kw["beta"], rng=s, warn=False).evaluations for s in seeds]
    op = HeavyTailed(**kw)
    if algorithm == "rls-heavy":
        return [rls(a, op, rng=s).evaluations for s in seeds]
    return [one_plus_one_ea(a, op, rng=s).evaluations for s in seeds]


def test_simulation_design_covers_all_families() -> None:
    assert len(SIM_CASES) >= 20
    # the operators beyond the paper have their own pre-registered family of simulation cases
    # (tests/test_exact_operators.py, which checks that it covers them)
    assert {c[0] for c in SIM_CASES} == set(PAPER_ALGORITHMS)
    assert FAMILY_ALPHA <= 1e-3


@pytest.mark.parametrize(("k", "case"), list(enumerate(SIM_CASES)),
                         ids=[f"{c[0]}-{c[1]}" for c in SIM_CASES])
def test_agrees_with_reference_simulation(k: int, case: tuple[str, tuple[int, ...], dict[str, Any]]
                                          ) -> None:
    algorithm, a, kw = case
    res = _solve(algorithm, a, with_variance=True, **kw)
    assert res.variance is not None
    times = _simulate(algorithm, a, kw, SEED + k)
    mean = Fraction(sum(times), RUNS)
    z_crit = NormalDist().inv_cdf(1 - FAMILY_ALPHA / len(SIM_CASES) / 2)
    se = math.sqrt(float(res.variance) / RUNS)
    deviation = abs(float(mean) - float(res.expectation))  # float error far below se
    assert deviation <= z_crit * se + float(res.error_bound), (
        f"{algorithm} a={a}: simulated mean {float(mean):.4f}, exact "
        f"{float(res.expectation):.4f}, z = {deviation / se:.2f} > {z_crit:.2f}"
    )


# ---------------------------------------------------------------------------------------------
# documented size limits (timed by benchmarks/exact_limits.py)
# ---------------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.timeout(120)  # slowest: rls-heavy (10^4,), 6.8 s on 2 shared cores (load 8)
@pytest.mark.parametrize("spec", DOCUMENTED_LIMITS,
                         ids=lambda s: f"{s.algorithm}-{','.join(map(str, s.a))}")
def test_documented_limits_are_solved(spec: AlgorithmSpec) -> None:
    # their run times are measured by benchmarks/exact_limits.py, not asserted here
    res = exact_expectation(spec)
    assert res.expectation > 0


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------
def _cli(argv: list[str]) -> int:
    """``zonemax exact ARGV``."""
    from zonemax import cli

    return cli.main(["exact", *argv])


def test_cli_prints_exact_fraction(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(["ea-pm1", "--a", "2,-1"]) == 0
    out = capsys.readouterr().out
    assert "E[T] = 496/33 ≈ 15.030303030303030303" in out
    assert "states: 6" in out


def test_cli_json_and_variance(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(["rls-ab", "--a=-3,2", "--alpha", "2", "--beta", "1/2", "--json",
                 "--variance"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert Fraction(obj["expectation"]) == rls_ab_exact([3, 2], 2, HALF).expectation
    assert obj["exact"] is True
    assert obj["params"] == {"alpha": "2", "beta": "1/2"}
    assert "variance" in obj


def test_cli_heavy_prints_error_bound(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(["ea-heavy", "--a", "6", "--eps", "1", "--truncate", "clip"]) == 0
    out = capsys.readouterr().out
    assert "r=6" in out  # default range r = |a|_inf
    assert "±" in out
    expected = ea_heavy_exact([6], 1, truncate="clip", r=6)
    # the printed interval (mid to the digits its width supports, the bound rounded up) must
    # contain the solver's value
    line = next(s for s in out.splitlines() if s.startswith("E[T] = "))
    mid, bound = line.removeprefix("E[T] = ").split("  ")[0].split(" ± ")
    assert abs(mpmath.mpf(mid) - expected.expectation) <= mpmath.mpf(bound)
    assert mpmath.mpf(bound) < mpmath.mpf("1e-2")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ea-pm1", "--a", "30,30,30", "--method", "exact"], "max_states"),
        (["ea-pm1", "--a", "3", "--eps", "1"], "applies only to the heavy-tailed"),
        (["rls-pm1", "--a", "3", "--beta", "0.5"], "applies only to rls-ab"),
        (["ea-heavy", "--a", "3", "--trunc-r", "2"], "--truncate"),
        (["ea-heavy", "--a", "3", "--log-base", "10"], "--log-base"),
        (["rls-ab", "--a", "3", "--alpha", "1"], "alpha"),
        (["ea-pm1", "--a", "1.5"], "integers"),
        (["ea-foo", "--a", "1"], "unknown algorithm"),
        (["ea-pm1", "--a", "1", "--max-states", "0"], "--max-states must be >= 1"),
    ],
)
def test_cli_bad_input_one_line_exit_2(argv: list[str], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1
