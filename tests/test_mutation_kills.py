"""Focused, fast tests of the reference that the mutation record asked for (issue 14).

``benchmarks/mutation/run_mutation.py`` mutates ``reference/`` and runs the reference's own tests
on every mutant; each surviving mutant was either shown equivalent or answered by a test here
(``benchmarks/mutation/reasons.py`` says which).  The tests pin behaviour the paper or the
documentation fixes exactly:

* one iteration of every algorithm and operator from ``x = 0`` on small targets: the law of
  ``x_1`` (:func:`zonemax.stats_tests.laws.one_iteration_law`, from Algorithm 1, RLS and
  Definitions 1-2 read afresh) -- through :func:`zonemax.reference.run`;
* Algorithm 2 along whole runs: every transition is one of its ``2n`` outcomes (exact), and the
  outcomes are equally likely;
* budgets, observers, results and error messages, exactly.

**Statistics.**  Fixed seeds and sizes; the chi-square tests here form one Bonferroni family at
``ALPHA = 1e-3`` (each at ``ALPHA / N_STAT_TESTS``).
"""

from __future__ import annotations

import inspect
import math
import warnings
from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from zonemax.reference import (
    HeavyTailed,
    PlusMinusOne,
    fitness,
    norm_1,
    norm_hamming,
    norm_inf,
    one_plus_one_ea,
    rls,
    rls_ab,
    run,
    validate_target,
)
from zonemax.reference._common import check_budget
from zonemax.reference.operators import check_limit
from zonemax.reference.params import (
    OutsideTheoremWarning,
    as_fraction,
    check_alpha_beta,
    check_eps,
    check_log_base,
    check_truncation,
    outside_theorem9_message,
    theorem9_violations,
    warn_outside_theorem9,
)
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.laws import (
    Impossible,
    TransitionChecker,
    chi_square,
    one_iteration_law,
)

F = Fraction
ALPHA = 1e-3
SEED = 47_000

#: One iteration from x = 0 (target, algorithm, operator parameters): every operator and
#: truncation, ties (f(y) = f(x)) possible, a mirror move (|s| = 2 d_i) possible.
ONE_ITERATION = [
    AlgorithmSpec("ea-pm1", (3, -1, 0)),
    AlgorithmSpec("ea-pm1", (1,)),
    AlgorithmSpec("ea-heavy", (5, -2), eps=F(1)),
    AlgorithmSpec("ea-heavy", (1, 1, 0), eps=F(1, 2), log_base="e"),
    AlgorithmSpec("ea-heavy", (6,), eps=F(1), truncate="clip", r=3),
    AlgorithmSpec("ea-heavy", (6, 1), eps=F(1, 2), truncate="condition", r=4),
    AlgorithmSpec("rls-pm1", (2, 0, -1)),
    AlgorithmSpec("rls-heavy", (1,), eps=F(1)),
    AlgorithmSpec("rls-heavy", (6, -3), eps=F(1, 2), truncate="clip", r=5),
    AlgorithmSpec("rls-heavy", (4, 2), eps=F(1), truncate="condition", r=2),
]
ONE_ITERATION_RUNS = 3000
#: Algorithm 2 along whole runs: (spec, runs).
ALGORITHM2 = [
    (AlgorithmSpec("rls-ab", (7, -3, 0), alpha=F(2), beta=F(1, 2)), 60),
    (AlgorithmSpec("rls-ab", (9, 2), alpha=F(17, 10), beta=F(9, 10)), 60),
    (AlgorithmSpec("rls-ab", (12,), alpha=F(3, 2), beta=F(3, 4)), 100),
]
N_STAT_TESTS = len(ONE_ITERATION) + len(ALGORITHM2)
LEVEL = ALPHA / N_STAT_TESTS


@pytest.mark.parametrize("spec", ONE_ITERATION, ids=lambda s: f"{s.algorithm}{s.a}")
def test_one_iteration_law(spec: AlgorithmSpec) -> None:
    counts: Counter[tuple[int, ...]] = Counter()
    for child in np.random.SeedSequence([SEED, len(spec.a), sum(spec.a)]).spawn(
            ONE_ITERATION_RUNS):
        res = run(spec, rng=np.random.default_rng(child), budget=1)
        assert res.evaluations == 1
        counts[res.x] += 1
    outcome = chi_square("x_1", one_iteration_law(spec), counts, "")
    assert outcome.p_value > LEVEL, outcome.detail


@pytest.mark.parametrize(("spec", "runs"), ALGORITHM2, ids=lambda s: str(s))
def test_algorithm2_transitions(spec: AlgorithmSpec, runs: int) -> None:
    check = TransitionChecker(spec, min_velocity=1)
    assert spec.alpha is not None and spec.beta is not None
    times: list[int] = []

    def observe(t: int, x: tuple[int, ...], v: tuple[Fraction, ...]) -> None:
        times.append(t)
        check(x, v)

    for child in np.random.SeedSequence([SEED, 2, len(spec.a)]).spawn(runs):
        check.start()
        times.clear()
        try:
            res = rls_ab(spec.a, spec.alpha, spec.beta, rng=np.random.default_rng(child),
                         observer=observe, warn=False)
        except Impossible:
            pytest.fail(f"impossible transition: {check.first_bad}")
        assert times == list(range(1, res.evaluations + 1))
        assert (res.solved, res.x, res.f, res.reason) == (True, spec.a, 0, "optimum")
    cells = 2 * spec.n
    outcome = chi_square("outcomes", dict.fromkeys(range(cells), 1 / cells), check.counts, "")
    assert outcome.p_value > LEVEL, outcome.detail


# ---------------------------------------------------------------------------------------------
# budgets, observers, results
# ---------------------------------------------------------------------------------------------
BUDGET_SPECS = [
    AlgorithmSpec("ea-pm1", (30, -4)),
    AlgorithmSpec("ea-heavy", (300, 2), eps=F(1)),
    AlgorithmSpec("rls-pm1", (30, -4)),
    AlgorithmSpec("rls-heavy", (300, 2), eps=F(1)),
    AlgorithmSpec("rls-ab", (300, 2)),
]


@pytest.mark.parametrize("spec", BUDGET_SPECS, ids=lambda s: s.algorithm)
def test_budget_censors_exactly(spec: AlgorithmSpec) -> None:
    full = run(spec, rng=11)
    assert full.solved and full.reason == "optimum" and full.x == spec.a and full.f == 0
    assert full.evaluations > 3
    for budget in (0, 1, full.evaluations - 1):
        cut = run(spec, rng=11, budget=budget)
        assert (cut.evaluations, cut.solved, cut.reason) == (budget, False, "budget")
        assert isinstance(cut.x, tuple) and len(cut.x) == spec.n
        assert cut.f == fitness(cut.x, spec.a) > 0
        assert cut.censored
    # a budget that suffices changes nothing
    assert run(spec, rng=11, budget=full.evaluations) == full
    assert run(spec, rng=11, budget=full.evaluations + 5) == full


def test_budget_cut_is_the_run_so_far() -> None:
    a = (40, -7)
    seen: list[tuple[int, ...]] = []
    full = one_plus_one_ea(a, rng=3, observer=lambda t, x: seen.append(x))
    cut = one_plus_one_ea(a, rng=3, budget=25)
    assert full.evaluations > 25 and cut.x == seen[24]
    seen_rls: list[tuple[int, ...]] = []
    rls(a, rng=3, observer=lambda t, x: seen_rls.append(x))
    assert rls(a, rng=3, budget=25).x == seen_rls[24]
    seen_ab: list[tuple[int, ...]] = []
    rls_ab(a, rng=3, observer=lambda t, x, v: seen_ab.append(x))
    assert rls_ab(a, rng=3, budget=25).x == seen_ab[24]


@pytest.mark.parametrize("algorithm", ["ea", "rls", "rls_ab"])
def test_observer_sees_every_iteration(algorithm: str) -> None:
    a = (9, -4, 0)
    times: list[int] = []
    points: list[tuple[int, ...]] = []

    def observe(t: int, x: tuple[int, ...], *rest: object) -> None:
        times.append(t)
        points.append(x)

    if algorithm == "ea":
        res = one_plus_one_ea(a, HeavyTailed(1), rng=5, observer=observe)
    elif algorithm == "rls":
        res = rls(a, HeavyTailed(1), rng=5, observer=observe)
    else:
        res = rls_ab(a, rng=5, observer=observe)
    assert times == list(range(1, res.evaluations + 1))
    assert points[-1] == res.x == a
    assert all(isinstance(x, tuple) for x in points)


def test_run_matches_the_algorithms() -> None:
    op = HeavyTailed(F(1, 2), truncate="clip", r=9)
    assert run(AlgorithmSpec("ea-heavy", (9, 3), eps=F(1, 2), truncate="clip"), rng=4) == \
        one_plus_one_ea((9, 3), op, rng=4)
    assert run(AlgorithmSpec("rls-heavy", (9, 3), eps=F(1, 2), truncate="clip"), rng=4) == \
        rls((9, 3), op, rng=4)
    assert run(AlgorithmSpec("ea-pm1", (9, 3)), rng=4) == one_plus_one_ea((9, 3), rng=4)
    assert run(AlgorithmSpec("rls-pm1", (9, 3)), rng=4) == rls((9, 3), rng=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a spec-based run does not warn (runner docstring)
        assert run(AlgorithmSpec("rls-ab", (9, 3), alpha=2, beta=F(1, 2)), rng=4) == \
            rls_ab((9, 3), 2, F(1, 2), rng=4, warn=False)
    cma = run(AlgorithmSpec("cma-wm", (2, 2)), rng=4, budget=30)
    assert cma.evaluations <= 30 and len(cma.x) == 2


def test_default_operator_is_pm1() -> None:
    assert one_plus_one_ea((7, -2), rng=8) == one_plus_one_ea((7, -2), PlusMinusOne(), rng=8)
    assert rls((7, -2), rng=8) == rls((7, -2), PlusMinusOne(), rng=8)


# ---------------------------------------------------------------------------------------------
# error messages and validators
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("algorithm", [one_plus_one_ea, rls])
def test_a_non_operator_is_refused(algorithm: Any) -> None:
    with pytest.raises(TypeError, match="step must be a step operator"):
        algorithm((1,), object(), rng=1)


def test_budget_validation() -> None:
    assert check_budget(None) is None and check_budget(0) == 0 and check_budget(7) == 7
    with pytest.raises(TypeError, match="budget must be an int or None, got bool"):
        check_budget(True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got float"):
        check_budget(2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="budget must be >= 0 evaluations, got -1"):
        check_budget(-1)
    for algorithm in (one_plus_one_ea, rls):
        with pytest.raises(ValueError, match="budget must be >= 0"):
            algorithm((1,), budget=-1, rng=1)
    with pytest.raises(ValueError, match="budget must be >= 0"):
        rls_ab((1,), budget=-1, rng=1)


def test_limit_validation() -> None:
    check_limit(1)
    with pytest.raises(TypeError, match="limit must be a Python int, got bool"):
        check_limit(True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="limit must be >= 1, got 0"):
        check_limit(0)


def test_mutation_rate() -> None:
    a = (6, -3, 2)
    assert one_plus_one_ea(a, rng=9, mutation_rate=F(1, 3)) == one_plus_one_ea(a, rng=9)
    assert one_plus_one_ea(a, rng=9, mutation_rate=F(1, 2)) != one_plus_one_ea(a, rng=9)
    with pytest.raises(ValueError, match=r"mutation_rate must lie in \(0, 1\], got 0"):
        one_plus_one_ea(a, rng=9, mutation_rate=0)


def test_norms_exactly() -> None:
    assert norm_inf(()) == 0 and norm_inf((3, -7, 0)) == 7
    assert norm_hamming((3, 0, -1, 0)) == 2 and norm_hamming(()) == 0
    assert norm_1((3, -7, 0)) == 10
    assert fitness((1, 2), (4, -2)) == 7
    with pytest.raises(ValueError, match="x has 1 positions but the target a has 2"):
        fitness((1,), (4, -2))


def test_validate_target() -> None:
    assert validate_target(np.array([3, -2])) == (3, -2)
    assert validate_target([10**30]) == (10**30,)
    assert all(type(v) is int for v in validate_target(np.array([3, -2], dtype=np.int64)))
    with pytest.raises(TypeError, match=r"a\[1\] = 2.0 is float"):
        validate_target([1, 2.0])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="bool"):
        validate_target([True])
    with pytest.raises(TypeError, match="target a must be a sequence of integers, got int"):
        validate_target(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="n >= 1"):
        validate_target([])


def test_parameter_readers() -> None:
    assert as_fraction(0.001, "eps") == F(1, 1000)
    assert as_fraction("3/7", "x") == F(3, 7) and as_fraction(2, "x") == 2
    with pytest.raises(ValueError, match="eps must be finite, got inf"):
        as_fraction(float("inf"), "eps")
    with pytest.raises(ValueError, match=r"x must be a number, got 'a/b'"):
        as_fraction("a/b", "x")
    with pytest.raises(TypeError, match="x must be a real number, got bool"):
        as_fraction(True, "x")
    with pytest.raises(TypeError, match="x must be a real number, got list"):
        as_fraction([1], "x")  # type: ignore[arg-type]
    assert check_eps("1/2") == F(1, 2)
    assert check_log_base("e") == "e" and check_log_base(3) == 3
    with pytest.raises(ValueError, match="log_base must be an integer >= 2 or 'e', got True"):
        check_log_base(True)  # type: ignore[arg-type]
    for mode in ("none", "condition", "clip"):
        assert check_truncation(mode) == mode
    with pytest.raises(ValueError, match="truncate must be 'none', 'condition' or 'clip'"):
        check_truncation("NONE")
    assert check_alpha_beta(2, "1/2") == (2, F(1, 2))
    with pytest.raises(ValueError, match="alpha must be > 1"):
        check_alpha_beta(1, F(1, 2))
    with pytest.raises(ValueError, match=r"beta must lie in \(0, 1\)"):
        check_alpha_beta(2, 1)
    with pytest.raises(ValueError, match=r"beta must lie in \(0, 1\)"):
        check_alpha_beta(2, 0)


def test_theorem9_hypotheses_exactly() -> None:
    assert theorem9_violations(F(17, 10), F(9, 10)) == ()
    assert theorem9_violations(F(2), F(1, 2)) == ("1/2 < beta <= 0.9",
                                                 "2*alpha*beta - alpha - beta > 0")
    assert theorem9_violations(F(21, 10), F(9, 10)) == ("1 < alpha <= 2",)
    assert theorem9_violations(F(2), F(91, 100)) == ("1/2 < beta <= 0.9",)
    assert theorem9_violations(F(11, 10), F(9, 10)) == (
        "2*alpha*beta - alpha - beta > 0", "alpha + beta > 2")
    # boundaries: alpha = 2 and beta = 0.9 are inside
    assert "1 < alpha <= 2" not in theorem9_violations(F(2), F(9, 10))
    assert outside_theorem9_message(F(17, 10), F(9, 10)) is None
    assert outside_theorem9_message(F(2), F(1, 2)) == (
        "(alpha, beta) = (2, 1/2) violates Theorem 9's hypotheses: 1/2 < beta <= 0.9; "
        "2*alpha*beta - alpha - beta > 0")


def _line() -> int:
    """The line number of the caller."""
    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None
    return frame.f_back.f_lineno


def test_outside_theorem9_warns_at_the_callers_line() -> None:
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        line = _line() + 1
        rls_ab((3,), 2, F(1, 2), rng=1)
    assert [w.category for w in record] == [OutsideTheoremWarning]
    assert "violates Theorem 9" in str(record[0].message)
    assert (record[0].filename, record[0].lineno) == (__file__, line)
    def check_parameters() -> None:  # a function that validates and warns for its caller
        warn_outside_theorem9(F(2), F(1, 2))

    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        line = _line() + 1
        check_parameters()
    assert [w.category for w in record] == [OutsideTheoremWarning]
    assert (record[0].filename, record[0].lineno) == (__file__, line)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rls_ab((3,), rng=1)  # the defaults are inside: no warning
        rls_ab((3,), 2, F(1, 2), rng=1, warn=False)


# ---------------------------------------------------------------------------------------------
# the specification
# ---------------------------------------------------------------------------------------------
def test_spec_params_exactly() -> None:
    assert AlgorithmSpec("ea-pm1", (3, -1)).params() == {"n": 2, "a": [3, -1]}
    assert AlgorithmSpec("rls-ab", (3,)).params() == {"n": 1, "a": [3], "alpha": "17/10",
                                                      "beta": "9/10"}
    assert AlgorithmSpec("ea-heavy", (3,), log_base="e").params() == {
        "n": 1, "a": [3], "eps": "1/1000", "log_base": "e", "truncate": "none"}
    assert AlgorithmSpec("rls-heavy", (0,), truncate="clip").r == 1  # max(1, |a|_inf)


def test_spec_properties() -> None:
    for name, heavy in (("ea-pm1", False), ("ea-heavy", True), ("rls-pm1", False),
                        ("rls-heavy", True), ("rls-ab", False), ("cma-wm", False)):
        spec = AlgorithmSpec(name, (2, 2))
        assert spec.heavy is heavy and spec.n == 2
        if name in ("rls-ab", "cma-wm"):
            with pytest.raises(ValueError, match=f"{name} has no step operator"):
                spec.step_operator()
        else:
            op = spec.step_operator()
            assert isinstance(op, HeavyTailed if heavy else PlusMinusOne)
    op = AlgorithmSpec("ea-heavy", (5,), eps=F(1, 2), log_base="e", truncate="condition",
                       r=3).step_operator()
    assert op == HeavyTailed(F(1, 2), "e", "condition", 3)
    assert AlgorithmSpec("ea-pm1", (1,)).theorem9_violations() == ()
    assert AlgorithmSpec("ea-pm1", (1,)).outside_theorem_message() is None
    assert AlgorithmSpec("rls-ab", (1,), alpha=2, beta=F(1, 2)).outside_theorem_message()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"algorithm": "ea-heavy", "eps": F(1, 2), "truncate": "clip", "r": True},
     "the truncation range r must be an integer >= 1, got True"),
    ({"algorithm": "ea-heavy", "truncate": "none", "r": 4},
     "a truncation range r needs truncate 'condition' or 'clip'"),
    ({"algorithm": "ea-pm1", "truncate": "clip"}, "apply to ea-heavy and rls-heavy"),
    ({"algorithm": "rls-ab", "eps": F(1)}, "not to rls-ab"),
    ({"algorithm": "ea-heavy", "beta": F(1, 2)}, "alpha and beta apply to rls-ab, not to ea-heavy"),
    ({"algorithm": "cma-wm", "a": (0, 0)}, "all-r with r >= 1"),
    ({"algorithm": "nope"}, "unknown algorithm 'nope'; choose one of ea-pm1, ea-heavy"),
])
def test_spec_messages(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"a": (3, 3)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        AlgorithmSpec(**args)


def test_spec_accepts_its_boundaries() -> None:
    assert AlgorithmSpec("cma-wm", (1, 1)).a == (1, 1)
    assert AlgorithmSpec("ea-heavy", (5,), truncate="clip", r=1).r == 1
    assert AlgorithmSpec("rls-ab", (1,), alpha=F(11, 10), beta=F(1, 100)).beta == F(1, 100)
    assert AlgorithmSpec("ea-heavy", (1,), log_base=2).log_base == 2


def test_one_iteration_law_sums_to_one() -> None:
    for spec in ONE_ITERATION:
        assert math.isclose(sum(one_iteration_law(spec).values()), 1.0, abs_tol=1e-9)
