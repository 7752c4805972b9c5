"""The bug classes of the ±1 EA and RLS (zonemax.conformance.laws.BUGS): their exact lumped laws
against an unlumped chain on the vectors x, against the paper's law, and against their planted
implementations (Gadea Harder, Kötzing, Li, Radhakrishnan 2023, arXiv:2307.11855, Section 2).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from zonemax.conformance.laws import BUGS, bug_kernel, run_time_law, variant_axes
from zonemax.conformance.planted import ea_pm1_bug, law_sampler, rls_pm1_bug

Vector = tuple[int, ...]
CASES = [(alg, name) for alg, names in BUGS.items() for name in names]


def clip(value: int, ai: int) -> int:
    return min(value, ai) if ai >= 0 else max(value, ai)


def brute_kernel(algorithm: str, bug: str | None, a: Vector
                 ) -> Callable[[Vector], dict[Vector, Fraction]]:
    """The chain on the vectors x themselves (no lumping), written from the bug's definition;
    ``bug=None``: Algorithm 1 / RLS.  Rows include the self-loop."""
    n = len(a)
    rate = {"rate-1/|a|_1": Fraction(1, sum(abs(ai) for ai in a)),
            "rate-1/(n+1)": Fraction(1, n + 1)}.get(bug or "", Fraction(1, n))

    def moved(i: int, value: int) -> int:
        return clip(value, a[i]) if bug == "step-clipped-at-a" else value

    def accept(x: Vector, y: Vector) -> bool:
        if bug == "squared-distance-acceptance":
            return (sum((ai - yi) ** 2 for ai, yi in zip(a, y, strict=True))
                    <= sum((ai - xi) ** 2 for ai, xi in zip(a, x, strict=True)))
        return (sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
                <= sum(abs(ai - xi) for ai, xi in zip(a, x, strict=True)))

    def row(x: Vector) -> dict[Vector, Fraction]:
        offspring: list[tuple[Vector, Fraction]] = []
        if algorithm == "rls-pm1":
            for i in range(n):
                for s in (1, -1):
                    offspring.append(((*x[:i], moved(i, x[i] + s), *x[i + 1:]),
                                      Fraction(1, 2 * n)))
        else:
            per = [[(x[i], 1 - rate), (moved(i, x[i] + 1), rate / 2),
                    (moved(i, x[i] - 1), rate / 2)] for i in range(n)]
            for combo in product(*per):
                offspring.append((tuple(c[0] for c in combo),
                                  math.prod((c[1] for c in combo), start=Fraction(1))))
        out: dict[Vector, Fraction] = {}
        for child, prob in offspring:
            z = child if accept(x, child) else x
            out[z] = out.get(z, Fraction(0)) + prob
        return out

    return row


def brute_pmf(algorithm: str, bug: str | None, a: Vector, budget: int) -> list[Fraction]:
    row = brute_kernel(algorithm, bug, a)
    vec: dict[Vector, Fraction] = {(0,) * len(a): Fraction(1)}
    pmf = []
    for _ in range(budget + 1):
        pmf.append(vec.pop(a, Fraction(0)))
        new: dict[Vector, Fraction] = {}
        for x, p in vec.items():
            for y, q in row(x).items():
                new[y] = new.get(y, Fraction(0)) + p * q
        vec = new
    return pmf


def brute_moments(algorithm: str, bug: str | None, a: Vector) -> tuple[Fraction, Fraction]:
    """E[T], Var[T] of the unlumped chain: Gaussian elimination over its reachable states."""
    row = brute_kernel(algorithm, bug, a)
    states, pending = [(0,) * len(a)], [(0,) * len(a)]
    while pending:
        for y in row(pending.pop()):
            if y != a and y not in states:
                states.append(y)
                pending.append(y)
    index = {s: i for i, s in enumerate(states)}
    m = len(states)
    # (I - Q) E = 1,  (I - Q) M = 1 + 2 Q E  (T = 1 + T' from every non-target state)
    matrix = [[Fraction(int(i == j)) for j in range(m)] for i in range(m)]
    q_rows = [row(s) for s in states]
    for i, r in enumerate(q_rows):
        for y, p in r.items():
            if y != a:
                matrix[i][index[y]] -= p

    def solve(rhs: list[Fraction]) -> list[Fraction]:
        aug = [[*matrix[i], rhs[i]] for i in range(m)]
        for c in range(m):
            pivot = next(r for r in range(c, m) if aug[r][c] != 0)
            aug[c], aug[pivot] = aug[pivot], aug[c]
            for r in range(m):
                if r != c and aug[r][c] != 0:
                    f = aug[r][c] / aug[c][c]
                    aug[r] = [x - f * y for x, y in zip(aug[r], aug[c], strict=True)]
        return [aug[i][m] / aug[i][i] for i in range(m)]

    e = solve([Fraction(1)] * m)
    rhs2 = [1 + 2 * sum((p * e[index[y]] for y, p in q_rows[i].items() if y != a),
                        Fraction(0)) for i in range(m)]
    second = solve(rhs2)
    return e[0], second[0] - e[0] ** 2


@pytest.mark.parametrize(("algorithm", "bug"), CASES)
@pytest.mark.parametrize("a", [(2, -1), (1, 2, -1), (2, 0)])
def test_bug_law_is_the_unlumped_chains(algorithm: str, bug: str, a: Vector) -> None:
    """(1) The lumped law equals the chain on x itself, exactly, up to the budget."""
    budget = 12
    law = run_time_law(algorithm, bug, a, budget)
    assert list(law.pmf) == brute_pmf(algorithm, bug, a, budget)
    assert law.tail == 1 - sum(law.pmf, Fraction(0))


@pytest.mark.parametrize(("algorithm", "bug"), CASES)
@pytest.mark.parametrize("a", [(2, -1), (1, 0, -1)])
def test_bug_moments_are_the_unlumped_chains(algorithm: str, bug: str, a: Vector) -> None:
    """The exact mean and variance (hitting moments of the lumped chain; under squared-distance
    acceptance solved by levels of the sum of squares) equal the unlumped chain's."""
    law = run_time_law(algorithm, bug, a, 5)
    assert (law.mean, law.variance) == brute_moments(algorithm, bug, a)


def test_brute_force_chain_is_algorithm_1() -> None:
    """The test's chain, without a bug, is the paper's law (so it is a fair referee)."""
    for algorithm in BUGS:
        for a in [(2, -1), (1, 2, -1)]:
            assert list(run_time_law(algorithm, "algorithm-1", a, 10).pmf) == brute_pmf(
                algorithm, None, a, 10)


#: A target with n >= 4 and an |a_i| >= 2 on which |a|_1 is neither n nor n + 1.
WIDE = (3, -1, 1, -1)


@pytest.mark.parametrize("bug", BUGS["ea-pm1"])
def test_ea_bugs_differ_from_algorithm_1(bug: str) -> None:
    """(2) Every EA bug changes the law where the docstring says it does."""
    paper = run_time_law("ea-pm1", "algorithm-1", WIDE, 40)
    law = run_time_law("ea-pm1", bug, WIDE, 40)
    assert law.pmf != paper.pmf
    assert law.mean != paper.mean


def test_rate_of_the_l1_norm_is_invisible_where_it_is_n() -> None:
    """``rate-1/|a|_1`` is Algorithm 1 where ``|a|_1 = n``, and ``rate-1/(n+1)`` where
    ``|a|_1 = n + 1`` (bug_kernel's docstring)."""
    for a in [(1, 1), (1, -1, 1), (2, 0)]:
        assert (run_time_law("ea-pm1", "rate-1/|a|_1", a, 30)
                .pmf == run_time_law("ea-pm1", "algorithm-1", a, 30).pmf)
    for a in [(2, -1), (2, -1, 1, -1)]:
        assert (run_time_law("ea-pm1", "rate-1/|a|_1", a, 30)
                .pmf == run_time_law("ea-pm1", "rate-1/(n+1)", a, 30).pmf)


@pytest.mark.parametrize("bug", BUGS["rls-pm1"])
@pytest.mark.parametrize("a", [(1, 1), WIDE, (3, -2, 2)])
def test_rls_bugs_have_the_papers_law(bug: str, a: Vector) -> None:
    """(2) For RLS both bug classes are proven to keep the law (bug_kernel's docstring)."""
    law = run_time_law("rls-pm1", bug, a, 40)
    paper = run_time_law("rls-pm1", "algorithm-1", a, 40)
    assert (law.pmf, law.mean, law.variance) == (paper.pmf, paper.mean, paper.variance)


def dkw_bound(runs: int, delta: float = 1e-6) -> float:
    """Dvoretzky-Kiefer-Wolfowitz (Massart's constant): P(sup |F_n - F| > e) <= 2 exp(-2 n e^2)."""
    return math.sqrt(math.log(2 / delta) / (2 * runs))


def bernstein_bound(runs: int, variance: float, spread: float, delta: float = 1e-6) -> float:
    """|mean - mu| for variables within ``spread`` of mu, at level ``delta`` (Bernstein)."""
    ell = math.log(2 / delta)
    return (spread * ell / 3 + math.sqrt((spread * ell / 3) ** 2 + 2 * runs * variance * ell)) / runs


def sup_distance(times: np.ndarray, pmf: tuple[Fraction, ...]) -> float:
    cdf = np.cumsum([float(p) for p in pmf])
    empirical = np.searchsorted(np.sort(times), np.arange(len(cdf)), side="right") / len(times)
    return float(np.max(np.abs(empirical - cdf)))


#: |a|_1 = 5: the rates 1/|a|_1 = 1/5, 1/(n+1) = 1/4 and 1/n = 1/3 all differ.
PLANTED_TARGET = (2, -2, 1)
RUNS = 2000


@pytest.mark.parametrize(("algorithm", "bug"), CASES)
def test_planted_bug_matches_its_law(algorithm: str, bug: str) -> None:
    """(3) Each planted bug draws its exact law: the empirical CDF within the DKW bound and the
    mean within Bernstein's bound (level 1e-6 each, fixed seed); the EA's bugs are at the same
    time farther than the bound from Algorithm 1's law."""
    budget = 120
    law = run_time_law(algorithm, bug, PLANTED_TARGET, budget)
    run = (ea_pm1_bug if algorithm == "ea-pm1" else rls_pm1_bug)(bug)
    rng = np.random.default_rng(20230721)
    times = np.array([run(PLANTED_TARGET, rng=rng, budget=budget)[0] for _ in range(RUNS)])
    truncated = law.truncated_pmf()
    assert sup_distance(times, truncated) <= dkw_bound(RUNS)
    mu = float(law.truncated_moments(1))
    var = float(law.truncated_moments(2)) - mu**2
    assert abs(times.mean() - mu) <= bernstein_bound(RUNS, var, max(mu, budget - mu))
    if algorithm == "ea-pm1":
        paper = run_time_law(algorithm, "algorithm-1", PLANTED_TARGET, budget).truncated_pmf()
        assert sup_distance(times, paper) > dkw_bound(RUNS)


@pytest.mark.parametrize(("algorithm", "bug"), CASES)
def test_law_sampler_takes_bug_names(algorithm: str, bug: str) -> None:
    """law_sampler draws from a bug's law on a profile's target (api._law passes the name)."""
    run = law_sampler(algorithm, bug)
    t, solved = run((1, 1), rng=np.random.default_rng(5), budget=75)
    assert 1 <= t <= 75
    assert solved == (t < 75)


def test_bad_names_are_refused_with_the_known_ones() -> None:
    """(4) Unknown names: ValueError naming the bug classes."""
    with pytest.raises(ValueError, match=r"rate-1/\|a\|_1, rate-1/\(n\+1\), step-clipped-at-a"):
        run_time_law("ea-pm1", "rate-1/n", (1, 1), 10)
    with pytest.raises(ValueError, match="step-clipped-at-a, squared-distance-acceptance"):
        run_time_law("rls-pm1", "rate-1/(n+1)", (1, 1), 10)
    with pytest.raises(ValueError, match="squared-distance-acceptance"):
        bug_kernel("ea-pm1", "clipped", (1, 1))
    with pytest.raises(ValueError, match="belong to ea-pm1, rls-pm1"):
        bug_kernel("ea-geom", "rate-1/(n+1)", (1, 1))
    with pytest.raises(ValueError, match=r"rate-1/\(n\+1\), step-clipped-at-a"):
        ea_pm1_bug("rate-1/n")
    with pytest.raises(ValueError, match="step-clipped-at-a, squared-distance-acceptance"):
        rls_pm1_bug("rate-1/|a|_1")
    with pytest.raises(ValueError, match="unknown variant"):
        run_time_law("ea-geom", "step-clipped-at-a", (1, 1), 10, q=Fraction(1, 2))
    for name in {n for names in BUGS.values() for n in names}:
        with pytest.raises(ValueError, match="unknown variant"):
            variant_axes(name)
