"""Contracts of the reference that the mutation record of ``reference/`` found untested.

Issue 14, ``benchmarks/mutation/RECORD-reference.md``: each test here kills surviving mutants of a
mutmut run (named in ``benchmarks/mutation/reasons.py``).  They pin what a user or a caller can
observe and the earlier tests left open: the exact text of refusals (a message must say what to
change, so its words are part of the contract), normalisation of inputs, the boundaries of the
listing and exact-arithmetic limits, the precision of irrational probabilities, the warning
outside Theorem 9, acceptance of ties in Algorithm 2, an exact comparison that the first 64
digits of a uniform leave open, and what :func:`zonemax.reference.run` hands to CMA-ESwM.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import mpmath
import numpy as np
import pytest
from zonemax.reference import DoubleGeometric, HeavyTailed, PowerLaw, rls_ab, run
from zonemax.reference import double_geometric as dg_module
from zonemax.reference import power_law as power_module
from zonemax.reference._inversion import LazyUniform
from zonemax.reference.cma_wm import cma_wm
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import (
    OutsideTheoremWarning,
    check_alpha_beta,
    check_geom_mean,
    check_geom_q,
    check_log_base,
    check_power_exponent,
    theorem9_violations,
    warn_outside_theorem9,
)
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.laws import Impossible, TransitionChecker

F = Fraction


# ---------------------------------------------------------------------------------------------
# refusals, word for word
# ---------------------------------------------------------------------------------------------
REFUSALS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("double-geometric: neither q nor mean", lambda: DoubleGeometric(), ValueError,
     "give exactly one of q (the ratio, 0 < q < 1) and mean (the mean step length "
     "E|G1 - G2| > 0)"),
    ("double-geometric: listing too long",
     lambda: DoubleGeometric(q=F(1, 2)).step_distribution(2**16 + 1), ValueError,
     "limit 65537 would list 131075 steps; the largest listed limit is 65536 (use "
     "probability(k) and tail_probability(limit) instead)"),
    ("power law: listing too long", lambda: PowerLaw(F(3, 2)).magnitude_distribution(2**16 + 1),
     ValueError, "limit 65537 would list 65537 magnitudes; the largest listed limit is 65536 "
     "(use probability(k) and tail_probability(limit) instead)"),
    ("heavy-tailed: r without truncation", lambda: HeavyTailed(F(1), r=3), ValueError,
     "r is only used with truncate='condition' or 'clip'"),
    ("alpha not a number", lambda: check_alpha_beta("x", F(1, 2)), ValueError,
     "alpha must be a number, got 'x'"),
    ("beta not a number", lambda: check_alpha_beta(2, "y"), ValueError,
     "beta must be a number, got 'y'"),
    ("alpha a bool", lambda: check_alpha_beta(True, F(1, 2)), TypeError,
     "alpha must be a real number, got bool"),
    ("beta a bool", lambda: check_alpha_beta(2, False), TypeError,
     "beta must be a real number, got bool"),
    ("geom_q not a number", lambda: check_geom_q("z"), ValueError,
     "geom_q must be a number, got 'z'"),
    ("geom_mean not a number", lambda: check_geom_mean("z"), ValueError,
     "geom_mean must be a number, got 'z'"),
    ("power_exponent not a number", lambda: check_power_exponent("z"), ValueError,
     "power_exponent must be a number, got 'z'"),
    ("empty target", lambda: validate_target([]), ValueError,
     "target a must have at least one position (n >= 1); got n = 0"),
    ("spec: r without truncation", lambda: AlgorithmSpec("ea-heavy", (3,), r=4), ValueError,
     "a truncation range r needs truncate 'condition' or 'clip'"),
    ("spec: geom_q and geom_mean",
     lambda: AlgorithmSpec("ea-geom", (3,), geom_q=F(1, 3), geom_mean=F(3, 4)), ValueError,
     "give either geom_q (the ratio q) or geom_mean (the mean step length 2q/(1 - q^2)) for "
     "the double-geometric operator, not both"),
    ("spec: cma-wm on a zero target", lambda: AlgorithmSpec("cma-wm", (0, 0)), ValueError,
     "cma-wm uses Section 6's set-up: the target must be all-r with r >= 1 (use --n N --r R)"),
    ("spec: cma-wm with n = 1 and r = 0", lambda: AlgorithmSpec("cma-wm", (0,)), ValueError,
     "cma-wm uses Section 6's set-up: the target must be all-r with r >= 1 (use --n N --r R)"),
]


@pytest.mark.parametrize(("call", "error", "message"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_refusal_says_exactly_what_to_change(call: Callable[[], object],
                                             error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error
    assert str(info.value) == message


# ---------------------------------------------------------------------------------------------
# inputs are normalised once, by the spec and the operators
# ---------------------------------------------------------------------------------------------
def test_spec_normalises_the_target() -> None:
    for given in ([3, -2], np.array([3, -2], dtype=np.int64), (np.int64(3), -2)):
        spec = AlgorithmSpec("ea-pm1", given)  # type: ignore[arg-type]
        assert type(spec.a) is tuple and spec.a == (3, -2)
        assert all(type(ai) is int for ai in spec.a)
    assert AlgorithmSpec("cma-wm", (4,)).a == (4,)  # n = 1 is an all-r target


def test_spec_builds_the_double_geometric_operator_it_was_given() -> None:
    by_ratio = AlgorithmSpec("ea-geom", (3,), geom_q=F(1, 3)).step_operator()
    assert by_ratio == DoubleGeometric(q=F(1, 3)) and by_ratio.mean is None
    by_mean = AlgorithmSpec("rls-geom", (3,), geom_mean=F(3, 4)).step_operator()
    assert by_mean == DoubleGeometric(mean=F(3, 4)) and by_mean.q is None
    assert by_ratio.rational_q == by_mean.rational_q == F(1, 3)  # m = 3/4 <-> q = 1/3


def test_heavy_tailed_accepts_the_smallest_range() -> None:
    for mode in ("condition", "clip"):
        assert HeavyTailed(F(1), truncate=mode, r=1).r == 1
        with pytest.raises(ValueError, match="needs an integer range r >= 1, got 0"):
            HeavyTailed(F(1), truncate=mode, r=0)


# ---------------------------------------------------------------------------------------------
# exact and high-precision probabilities, at and beyond their limits
# ---------------------------------------------------------------------------------------------
def _close(value: Any, exact: Any, digits: int = 38) -> bool:
    with mpmath.workdps(80):
        return bool(abs(mpmath.mpf(value) / exact - 1) < mpmath.mpf(10) ** -digits)


def test_double_geometric_switches_to_mpmath_beyond_the_exact_power() -> None:
    half = F(1, 2)
    op = DoubleGeometric(q=half)
    limit = dg_module.MAX_EXACT_POWER
    # P(step = k) = (1 - q)/(1 + q) q^|k| = q^|k| / 3: exact up to the limit, inclusive
    assert op.probability(limit) == half**limit / 3 and isinstance(op.probability(-limit), F)
    for k in (limit + 1, -(10**6)):
        p = op.probability(k)
        assert isinstance(p, mpmath.mpf), k
        with mpmath.workdps(80):
            assert _close(p, mpmath.mpf(2) ** -abs(k) / 3)
    # P(|step| > L) = 2 q^(L+1)/(1 + q): exact below the limit, mpmath from it on
    assert op.tail_probability(limit - 1) == 2 * half**limit / (1 + half)
    tail = op.tail_probability(limit)
    assert isinstance(tail, mpmath.mpf)
    with mpmath.workdps(80):
        assert _close(tail, mpmath.mpf(2) ** -(limit + 1) * 4 / 3)


def test_irrational_ratio_keeps_forty_digits() -> None:
    op = DoubleGeometric(mean=1)  # q = sqrt(2) - 1
    with mpmath.workdps(80):
        q = mpmath.sqrt(2) - 1
        for limit in (1, 10, 10**6):
            assert _close(op.tail_probability(limit), 2 * q ** (limit + 1) / (1 + q)), limit
        for k in (0, -7, 10**6):
            assert _close(op.probability(k), (1 - q) / (1 + q) * q ** abs(k)), k


#: Draws and level of the sampler test below (one test, its own seed).
GEOM_DRAWS, GEOM_LEVEL, GEOM_SEED = 10_000, 1e-4, 47_200


def test_double_geometric_samples_an_irrational_ratio_above_one_half() -> None:
    # mean 5/2: 1 + m^2 = 29/4 is no square, so q = 5/(2 + sqrt(29)) = 0.677 is irrational and
    # above 1/2, where ln q is computed as log1p(-(1 - q)) from the cancellation-free formula of
    # 1 - q (the law cases of tests/test_new_operators.py have irrational q only at mean 1, below
    # 1/2, and at mean 10^11, where a wrong 1 - q of relative size 1e-11 is invisible)
    from scipy import stats

    op = DoubleGeometric(mean=F(5, 2))
    rng = np.random.default_rng(GEOM_SEED)
    top = 6  # cells -6..6 and |step| > 6
    counts = dict.fromkeys([*range(-top, top + 1), None], 0)
    for _ in range(GEOM_DRAWS):
        step = op.sample(10**6, rng)
        counts[step if step is not None and abs(step) <= top else None] += 1
    with mpmath.workdps(30):
        m = mpmath.mpf(5) / 2
        q = m / (1 + mpmath.sqrt(1 + m * m))
        law = {k: float((1 - q) / (1 + q) * q ** abs(k)) for k in range(-top, top + 1)}
    law[None] = 1.0 - sum(law.values())
    observed = [counts[k] for k in law]
    expected = [law[k] * GEOM_DRAWS for k in law]
    assert min(expected) >= 5
    p = stats.chisquare(observed, expected).pvalue
    assert p > GEOM_LEVEL, f"chi-square p = {p:.3g}: {observed} vs {[round(e) for e in expected]}"


def test_heavy_tailed_law_at_its_edges() -> None:
    op = HeavyTailed(F(1))
    assert op.exponent_pmf(1) == 0 and op.exponent_pmf(0) == 0  # I >= 2 (Definition 2)
    # clip: the atom r is admissible at limit = r, and then no step is too long
    clip = HeavyTailed(F(1), truncate="clip", r=5).magnitude_distribution(5)
    assert sorted(k for k in clip if k is not None) == [1, 2, 4, 5] and None not in clip
    assert _close(mpmath.fsum(clip.values()), mpmath.mpf(1), 30)
    # condition: conditioned on a step <= r, nothing is too long once r <= limit (for eps =
    # 1/1000 and r = 5 the rest 1 - sum is +1e-41 by round-off: it must not become an entry)
    for r, limit in ((5, 5), (5, 100)):
        cond = HeavyTailed(F(1, 1000), truncate="condition", r=r).magnitude_distribution(limit)
        assert None not in cond and sorted(cond) == [1, 2, 4]


def test_heavy_tailed_clip_is_never_too_long_within_its_range() -> None:
    # clip: every magnitude is <= r, so at a limit >= r no draw is 'too long'; at limit = r the
    # clipped atom r itself is drawn (mass P(I > bit_length(r) + 1), 0.31 for eps = 1, r = 5)
    op = HeavyTailed(F(1), truncate="clip", r=5)
    rng = np.random.default_rng(47_300)
    draws = [op.sample(5, rng) for _ in range(2000)]
    assert None not in draws
    assert {abs(s) for s in draws if s is not None} == {1, 2, 4, 5}


def test_power_law_has_no_zero_step() -> None:
    op = PowerLaw(F(3, 2))
    assert op.probability(0) == 0 and op.probability(-3) == 0
    with mpmath.workdps(80):
        assert _close(op.probability(2), mpmath.mpf(2) ** -1.5 / mpmath.zeta(1.5))
    assert op.survival_ball(0) == ((1, 0), (1, 0))  # S(0) = P(K > 0) = 1 exactly


def test_listing_limits_are_inclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dg_module, "MAX_LISTED", 3)
    monkeypatch.setattr(power_module, "MAX_LISTED", 3)
    assert len(DoubleGeometric(q=F(1, 2)).step_distribution(3)) == 2 * 3 + 2
    assert len(PowerLaw(F(3, 2)).magnitude_distribution(3)) == 3 + 1
    with pytest.raises(ValueError, match="limit 4 would list 9 steps"):
        DoubleGeometric(q=F(1, 2)).step_distribution(4)
    with pytest.raises(ValueError, match="limit 4 would list 4 magnitudes"):
        PowerLaw(F(3, 2)).magnitude_distribution(4)


class _Words:
    """A stand-in generator whose 64-bit words are given (then zeros)."""

    def __init__(self, words: list[int]) -> None:
        self.words = list(words)

    def integers(self, low: int, high: int, dtype: Any = None) -> int:
        assert (low, high) == (0, 1 << 64)
        return self.words.pop(0) if self.words else 0


@pytest.mark.parametrize("last", [0, (1 << 64) - 1], ids=["V below", "V above"])
def test_power_law_decides_what_the_first_digits_leave_open(last: int) -> None:
    # V's first 64 digits are those of S(k) = P(K > k): the comparison S(k) < V is undecided
    # until 64 more digits are drawn, which the exact inversion must do (and then decide right)
    op, k = PowerLaw(F(3, 2)), 5
    with mpmath.workprec(400):
        s = mpmath.zeta(1.5, k + 1) / mpmath.zeta(1.5)
        first = int(mpmath.floor(s * 2**64))
        num = (first << 64) | last
        expected = bool(s * mpmath.mpf(2) ** 128 < num)  # S < num/2^128 <= V
        assert expected or s * mpmath.mpf(2) ** 128 >= num + 1  # else V could be on either side
    u = LazyUniform(_Words([first, last]))  # type: ignore[arg-type]
    assert op._below(k, u) is expected
    assert u.bits == 128


@pytest.mark.parametrize(("second", "expected"), [(1 << 63, 2), (0, None)],
                         ids=["V just above 1/8", "V = 1/8 to 128 digits"])
def test_double_geometric_decides_what_the_first_digits_leave_open(second: int,
                                                                    expected: int | None) -> None:
    # q = 1/2 and V's first 64 digits those of 1/8 = q^3: G = floor(ln V / ln q) is 3 at
    # V = 1/8 and 2 just above, so the first round cannot decide; the next 64 digits do (G = 2)
    # unless they are zero too (then still undecided: more digits, more precision)
    words = [1 << 61, second] + ([1 << 62] if expected is None else [])
    rng = _Words(words)
    g = DoubleGeometric(q=F(1, 2)).geometric(rng)  # type: ignore[arg-type]
    assert g == (2 if expected is None else expected)
    assert rng.words == []  # every given word was needed


# ---------------------------------------------------------------------------------------------
# Theorem 9's hypotheses and the warning outside them
# ---------------------------------------------------------------------------------------------
def test_theorem9_hypotheses_at_their_boundaries() -> None:
    assert theorem9_violations(F(1), F(3, 4))[0] == "1 < alpha <= 2"
    # 2 alpha beta - alpha - beta = 0 exactly (alpha = 2, beta = 2/3), every other one holds
    assert theorem9_violations(F(2), F(2, 3)) == ("2*alpha*beta - alpha - beta > 0",)
    both = ("2*alpha*beta - alpha - beta > 0", "alpha + beta > 2", "alpha^2*beta > 1")
    assert theorem9_violations(F(11, 10), F(4, 5)) == both  # alpha^2 beta = 0.968
    assert theorem9_violations(F(5, 4), F(16, 25)) == both  # alpha^2 beta = 1 exactly


MESSAGE_2_HALF = ("(alpha, beta) = (2, 1/2) violates Theorem 9's hypotheses: 1/2 < beta <= 0.9; "
                  "2*alpha*beta - alpha - beta > 0")


def test_rls_ab_warns_outside_theorem9_by_default() -> None:
    with pytest.warns(OutsideTheoremWarning) as record:
        rls_ab((3,), 2, F(1, 2), rng=1)
    assert [(w.category, str(w.message)) for w in record] == [
        (OutsideTheoremWarning, MESSAGE_2_HALF)]
    with pytest.warns(OutsideTheoremWarning) as record:
        warn_outside_theorem9(F(2), F(1, 2))
    assert [(w.category, str(w.message)) for w in record] == [
        (OutsideTheoremWarning, MESSAGE_2_HALF)]


# ---------------------------------------------------------------------------------------------
# Algorithm 2 accepts ties
# ---------------------------------------------------------------------------------------------
def test_algorithm2_accepts_ties() -> None:
    # a = (5): x = 0 -> 1 (v = 2) -> 3 (v = 4); the step 4 towards the target gives x = 7,
    # f(y) = f(x) = 2: accepted (line 11) with v decreased (line 10).  Every transition of every
    # run must be one of Algorithm 2's, and the tie must happen in some runs.
    spec = AlgorithmSpec("rls-ab", (5,), alpha=F(2), beta=F(1, 2))
    check = TransitionChecker(spec, min_velocity=1)
    visited: set[int] = set()

    def observe(t: int, x: tuple[int, ...], v: tuple[Fraction, ...]) -> None:
        visited.add(x[0])
        check(x, v)

    for child in np.random.SeedSequence(47_100).spawn(200):
        check.start()
        try:
            rls_ab(spec.a, F(2), F(1, 2), rng=np.random.default_rng(child), observer=observe,
                   warn=False)
        except Impossible:
            pytest.fail(f"impossible transition: {check.first_bad}")
    assert 7 in visited  # the mirror move x = 3 -> 7 (a tie) was accepted


# ---------------------------------------------------------------------------------------------
# the runner hands the seed and the budget to CMA-ESwM
# ---------------------------------------------------------------------------------------------
def test_run_passes_seed_and_budget_to_cma_wm() -> None:
    for a, budget in (((40, 40), 6), ((40,), 5)):
        res = run(AlgorithmSpec("cma-wm", a), rng=123, budget=budget)
        assert res == cma_wm(len(a), a[0], rng=123, budget=budget)
        assert res.evaluations <= budget


@pytest.mark.parametrize("spec", [
    AlgorithmSpec("ea-pm1", (3, -2)), AlgorithmSpec("rls-heavy", (5,), eps=Fraction(1)),
    AlgorithmSpec("rls-ab", (6, -1)), AlgorithmSpec("cma-wm", (3, 3))],
    ids=lambda s: s.algorithm)
def test_run_passes_the_observer_on(spec: AlgorithmSpec) -> None:
    # zonemax.reference.run hands its observer to the algorithm (RLS_{alpha,beta}'s through an
    # adapter that drops the velocities): it sees every evaluation, in order, with a point of
    # the search space; the elitist algorithms' last point is the result
    seen: list[tuple[int, tuple[int, ...]]] = []
    result = run(spec, rng=7, budget=500, observer=lambda t, x: seen.append((t, x)))
    assert [t for t, _ in seen] == list(range(1, result.evaluations + 1))
    assert all(len(x) == spec.n and all(isinstance(v, int) for v in x) for _, x in seen)
    if spec.algorithm != "cma-wm":
        assert seen[-1][1] == tuple(result.x)
    # the same run without an observer is the same run
    assert run(spec, rng=7, budget=500).evaluations == result.evaluations


@pytest.mark.parametrize("where", ["low", "high", "off-by-one-below", "off-by-one-above",
                                   "1000-below", "1000-above"])
def test_power_law_magnitude_does_not_depend_on_the_guess(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # PowerLaw.magnitude brackets K by galloping from _guess, then bisects; every decision is an
    # exact comparison, so a bad guess must give the same K for the same V (the same stream).
    # With the real guess the gallop is short; a guess far below or above K runs it long in
    # both directions (the branch the mutation record found unexercised)
    op = PowerLaw(Fraction(11, 10))
    limit = 10**30
    seeds = range(40)
    truth = [op.magnitude(limit, np.random.default_rng(s)) for s in seeds]
    assert sum(k is not None and k > 1000 for k in truth) >= 5  # the gallop has room

    real_guess = PowerLaw._guess

    def bad_guess(self: PowerLaw, u: LazyUniform, lo: int, hi: int) -> int:
        g = real_guess(self, u, lo, hi)
        return {"low": lo + 1, "high": hi - 1, "off-by-one-below": max(lo + 1, g - 1),
                "off-by-one-above": min(hi - 1, g + 1), "1000-below": max(lo + 1, g - 1000),
                "1000-above": min(hi - 1, g + 1000)}[where]

    monkeypatch.setattr(PowerLaw, "_guess", bad_guess)
    assert [op.magnitude(limit, np.random.default_rng(s)) for s in seeds] == truth


def test_dyadic_floor() -> None:
    # _inversion.floor of man * 2^exp, both signs of exp and of man (the exact inversions of the
    # double-geometric and power laws round their balls' midpoints with it)
    from zonemax.reference._inversion import floor

    cases = {(3, 1): 6, (1, 0): 1, (-3, 2): -12, (5, -1): 2, (-5, -1): -3, (7, -3): 0,
             (-1, -60): -1, (1, 100): 2**100}
    assert {a: floor(a) for a in cases} == cases


def test_power_law_decisions_need_no_particular_starting_precision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # PowerLaw._below raises the working precision when the ball of S(k) is too wide to decide
    # S(k) < V; at the default 128 bits that branch needs V within about 2^-120 of S(k).
    # Starting at 8 bits runs it all the time, and every draw must stay the same
    op = PowerLaw(Fraction(3, 2))
    seeds = range(60)
    truth = [op.magnitude(10**12, np.random.default_rng(s)) for s in seeds]
    monkeypatch.setattr(power_module, "START_PREC", 8)
    fresh = PowerLaw(Fraction(3, 2))
    assert [fresh.magnitude(10**12, np.random.default_rng(s)) for s in seeds] == truth


@pytest.mark.parametrize("terms", [True, 2, 3.5, 0, "4"])
def test_c_epsilon_refuses_bad_term_counts(terms: object) -> None:
    from zonemax.reference.heavy_tailed import c_epsilon

    with pytest.raises(ValueError, match="terms") as info:
        c_epsilon(1, terms=terms)  # type: ignore[arg-type]
    assert str(info.value) == f"terms must be an int >= 3, got {terms!r}"


def test_c_epsilon_accepts_three_terms() -> None:
    from zonemax.reference.heavy_tailed import c_epsilon

    small, default = c_epsilon(1, terms=3), c_epsilon(1)
    assert small.lower <= default.upper and default.lower <= small.upper  # both enclose c_1


@pytest.mark.parametrize("log_base", [2.5, 2.0, True, 1, "10"])
def test_log_base_must_be_an_integer_or_e(log_base: object) -> None:
    with pytest.raises(ValueError, match="log_base") as info:
        check_log_base(log_base)  # type: ignore[arg-type]
    assert str(info.value) == f"log_base must be an integer >= 2 or 'e', got {log_base!r}"


def test_eps_is_read_exactly_up_to_max_eps() -> None:
    # reference.params.check_eps: eps = MAX_EPS is accepted, just above is refused word for word;
    # a value that is not a number is refused naming the parameter
    from zonemax.reference.params import MAX_EPS, check_eps

    assert check_eps(MAX_EPS) == MAX_EPS
    with pytest.raises(ValueError, match="eps must be <=") as info:
        check_eps(MAX_EPS + Fraction(1, 10**9))
    assert str(info.value) == (
        f"eps must be <= {MAX_EPS}: above it Definition 2's law is the ±1 law up to a negligible "
        "probability and the enclosure of c_eps loses its precision; use the ±1 operator instead")
    with pytest.raises(ValueError, match="eps must be a number") as info:
        check_eps("one")  # type: ignore[arg-type]
    assert str(info.value) == "eps must be a number, got 'one'"
