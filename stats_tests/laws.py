r"""One-step laws at large magnitudes: the operators, one iteration from the start, Algorithm 2.

The run-time families compare whole run times with exact expectations on small
targets, so a bug that acts only beyond ``2^16`` or ``2^32`` (a table that ends early, a
velocity kept in 32 bits), only when a cache is extended, or only in the sign of a step, can
pass them.  The family ``laws`` judges what every run is made of -- single steps and single
iterations -- where the paper defines them exactly, at distances up to ``10^30``, against laws
derived here from the paper's definitions and from :mod:`zonemax.exact.heavy_law` (Definition 2
read afresh; nothing is taken from the operator under test).  It runs on reference-style
implementations, through their ``operator`` and ``tracer``
(:class:`~zonemax.stats_tests.implementations.Implementation`), followed by the double-geometric
and power-law operators of :mod:`zonemax.stats_tests.samplers`; on the fast engine the family
``laws`` judges the step magnitudes its kernels draw instead (same module).

The tests, in the order they run (the draws of whole runs first, so that a run that never ends
rejects the family before anything else is drawn):

1. **Algorithm 2 along whole runs** (:data:`VELOCITY_CASES`; RLS_{alpha,beta} at ``10^12`` and
   ``10^30``, velocities up to ``10^30``).  From a state ``(x, v)`` one iteration has ``2n``
   equally likely outcomes (position ``i`` uniform, sign ``-`` or ``+`` of line 6 with
   probability 1/2), each deterministic (lines 6-12).  *Support*: every observed transition
   must be one of them, compared exactly (Python ints and Fractions); p = 0 on the first that
   is not, else p = 1.  *Law*: among the transitions from states whose ``2n`` outcomes are
   distinct and whose velocities all have ``floor(v_i) >= 2^32`` (:data:`LARGE_VELOCITY`), the
   outcome index is uniform on ``2n`` cells and independent of the past, so the counts are
   multinomial given their number (optional sampling); chi-square test of uniformity.
2. **One iteration from** ``x = 0`` (:data:`TRANSITION_CASES`; the (1+1) EA and RLS with the
   heavy-tailed operator, targets ``10^12`` and ``10^30``, all truncations).  The law of ``x_1``
   follows from Algorithm 1 (each position mutated with probability ``1/n``, a step ``s`` of
   Definition 2 each, accepted iff ``f(y) <= f(x)``) or from RLS (one uniform position); a step
   longer than ``2 f(x)`` is never accepted (:mod:`zonemax.reference.operators`).  Independent
   runs of one iteration each (run ``k`` with ``SeedSequence(seed).spawn(N)[k]``); chi-square.
3. **The step operators** (:data:`OPERATOR_CASES`).  One operator object per case is sampled at
   a fixed sequence of limits that first grows, then shrinks, then grows again, so its
   cumulative table is built, used as a prefix and extended (the cache path); at
   each limit a chi-square test of the signed steps against Definition 2's law, and per case a
   two-sided binomial test that a step's sign is fair.

The exact laws are computed once per process (cached; callers must not mutate them).

**Exactness of the expected laws.**  The probabilities are the midpoints of interval
enclosures (:func:`zonemax.exact.heavy_law.magnitude_law`) whose relative half-width is below
``1e-5`` for every case here (checked at run time, :data:`MAX_REL_WIDTH`), combined in float64.
An expected count ``E_j`` is then off by at most ``1e-5 E_j``, which moves the Pearson statistic
by at most ``2 sqrt(X^2) 1e-5 sqrt(N)`` (Cauchy-Schwarz), below ``0.01 sqrt(X^2)`` for the
sizes here: negligible against the critical values.

**Chi-square validity.**  Cells with expected count below :data:`MIN_EXPECTED` are pooled into
one (the usual rule); an observed value outside the exact support rejects with p = 0.

**Error.**  The family's tests are combined by Holm at the family's share of
:data:`zonemax.stats_tests.SUITE_ALPHA` (:data:`zonemax.stats_tests.suite.FAMILY_ALPHA`).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.budgets import rls_ab_budget
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.machinery import CappedDraws, TestOutcome

from zonemax.exact.heavy_law import magnitude_law

F = Fraction
#: Pooling threshold of the chi-square tests (expected count per cell).
MIN_EXPECTED = 5.0
#: Largest relative half-width accepted for an interval probability (module docstring).
MAX_REL_WIDTH = 1e-5
#: Velocities at least this large (``floor(v_i)``) make a state "large" for test 1.
LARGE_VELOCITY = 2**32
#: Master seed of the family (a case's index is appended).
LAWS_SEED = 44_000

#: Test 1: RLS_{alpha,beta} along whole runs (a run's velocities reach about ``|a_i|``), with
#: Section 5's (17/10, 9/10) and Section 6's (2, 1/2).
VELOCITY_CASES: tuple[AlgorithmSpec, ...] = (
    AlgorithmSpec("rls-ab", (10**12,)),
    AlgorithmSpec("rls-ab", (10**30, -(10**30))),
    AlgorithmSpec("rls-ab", (10**12,), alpha=F(2), beta=F(1, 2)),
)
#: Test 2: one iteration from x = 0 at large distances (the (1+1) EA and RLS, heavy-tailed).
TRANSITION_CASES: tuple[AlgorithmSpec, ...] = (
    AlgorithmSpec("ea-heavy", (10**12,), eps=F(1)),
    AlgorithmSpec("ea-heavy", (10**12, -(3 * 10**11)), eps=F(1, 2), log_base="e"),
    AlgorithmSpec("rls-heavy", (10**12, 7), eps=F(1), truncate="clip"),  # r = 10^12
    AlgorithmSpec("rls-heavy", (-(10**12),), eps=F(1, 10), truncate="condition", r=2**36),
    AlgorithmSpec("ea-heavy", (10**30,), eps=F(1)),
)
#: Test 3: (label, spec carrying the operator's parameters, the limits in the order sampled).
OPERATOR_CASES: tuple[tuple[str, AlgorithmSpec, tuple[int, ...]], ...] = (
    ("±1", AlgorithmSpec("ea-pm1", (1,)), (1, 10**12)),
    ("eps=1", AlgorithmSpec("ea-heavy", (1,), eps=F(1)), (3, 10**12, 2**20, 10**30)),
    ("eps=1/2 base e", AlgorithmSpec("ea-heavy", (1,), eps=F(1, 2), log_base="e"),
     (2**10, 2**40, 10**6, 2**62)),
    ("eps=1/1000 condition r=10^12",
     AlgorithmSpec("ea-heavy", (1,), eps=F(1, 1000), truncate="condition", r=10**12),
     (10**3, 10**13, 10**9)),
    ("eps=1/10 clip r=3*10^11",
     AlgorithmSpec("ea-heavy", (1,), eps=F(1, 10), truncate="clip", r=3 * 10**11),
     (2**33, 10**12, 10**4)),
)
#: Sample sizes by level: runs per velocity case, one-iteration runs per transition case,
#: operator draws per (case, limit).
SIZES: dict[str, tuple[int, int, int]] = {"ci": (2, 4_000, 20_000),
                                          "slow": (40, 100_000, 200_000)}

Law = dict[Any, float]


def _fmt(value: int) -> str:
    """``10^12`` for powers of ten, ``2^40`` for powers of two, else the digits."""
    if value >= 1000:
        k = round(math.log10(value))
        if 10**k == value:
            return f"10^{k}"
        if value & (value - 1) == 0:
            return f"2^{value.bit_length() - 1}"
    return str(value)


def _target(a: tuple[int, ...]) -> str:
    return "(" + ", ".join(("-" if ai < 0 else "") + _fmt(abs(ai)) for ai in a) + ")"


# ---------------------------------------------------------------------------------------------
# exact laws from the paper's definitions
# ---------------------------------------------------------------------------------------------
@cache
def magnitudes(spec: AlgorithmSpec, limit: int) -> dict[int, float]:
    """``P(|step| = m)`` for the magnitudes ``m <= limit`` of ``spec``'s operator (Definition 1
    or 2 with its truncation), from interval enclosures (module docstring)."""
    if spec.algorithm in ("ea-pm1", "rls-pm1"):
        return {1: 1.0}  # Definition 1: the step is +-1
    assert spec.eps is not None
    out: dict[int, float] = {}
    for m, p in magnitude_law(spec.eps, spec.log_base, spec.truncate, spec.r, limit).items():
        mid = float(p.mid)
        if float(p.delta) / 2 > MAX_REL_WIDTH * max(mid, 1e-300):
            raise ArithmeticError(f"enclosure of P(|step| = {m}) too wide: {p}")
        out[m] = mid
    return out


@cache
def signed_law(spec: AlgorithmSpec, limit: int) -> Law:
    """The law of one draw ``operator.sample(limit)``: each magnitude ``<= limit`` with either
    sign (probability 1/2 each, Definitions 1-2), ``None`` for a longer step."""
    law: Law = {}
    for m, p in magnitudes(spec, limit).items():
        law[m] = law.get(m, 0.0) + p / 2
        law[-m] = law.get(-m, 0.0) + p / 2
    rest = 1.0 - sum(law.values())
    if rest > 1e-12:
        law[None] = rest
    return law


@cache
def one_iteration_law(spec: AlgorithmSpec) -> Law:
    """The law of ``x_1``, the search point after one iteration from ``x = 0^n``.

    (1+1) EA (Algorithm 1): every position is mutated independently with probability ``1/n``
    (lines 3-4), each mutated one by its own step; the offspring is accepted iff
    ``f(y) <= f(x)`` (line 6), and a step longer than ``2 f(x)`` never is.  RLS (Section 2): one
    uniform position, one step, the same acceptance.
    """
    a = spec.a
    n = len(a)
    f0 = sum(abs(ai) for ai in a)
    zero = (0,) * n
    steps: list[tuple[int, float]] = [(s, p) for s, p in signed_law(spec, 2 * f0).items()
                                      if isinstance(s, int)]
    p_long = 1.0 - sum(p for _, p in steps)
    law: Law = {}

    def add(x: tuple[int, ...], p: float) -> None:
        law[x] = law.get(x, 0.0) + p

    def offspring(positions: Sequence[int], moves: Sequence[int]) -> tuple[int, ...]:
        y = list(zero)
        for i, s in zip(positions, moves, strict=True):
            y[i] += s
        return tuple(y)

    def accept(y: tuple[int, ...]) -> bool:
        return sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True)) <= f0

    if spec.algorithm.startswith("rls-"):
        for i in range(n):  # RLS: one position, uniformly
            add(zero, p_long / n)
            for s, p in steps:
                y = offspring([i], [s])
                add(y if accept(y) else zero, p / n)
        return law
    q = 1.0 / n
    for mask in itertools.product((False, True), repeat=n):  # Algorithm 1, lines 3-4
        positions = [i for i in range(n) if mask[i]]
        p_mask = math.prod(q if m else 1.0 - q for m in mask)
        if not positions:
            add(zero, p_mask)
            continue
        add(zero, p_mask * (1.0 - (1.0 - p_long) ** len(positions)))  # some step too long
        for combo in itertools.product(steps, repeat=len(positions)):
            y = offspring(positions, [s for s, _ in combo])
            add(y if accept(y) else zero, p_mask * math.prod(p for _, p in combo))
    return law


def algorithm2_outcomes(a: tuple[int, ...], x: tuple[int, ...], v: tuple[Fraction, ...],
                        alpha: Fraction, beta: Fraction
                        ) -> list[tuple[tuple[int, ...], tuple[Fraction, ...]]]:
    """The ``2n`` equally likely outcomes of one iteration of Algorithm 2 from ``(x, v)``:
    for each position ``i`` (line 5) the sign ``-`` then ``+`` of line 6, with lines 7-12."""
    out = []
    for i in range(len(a)):
        s = math.floor(v[i])
        for sign in (-1, 1):
            yi = x[i] + sign * s  # line 6
            d_old, d_new = abs(a[i] - x[i]), abs(a[i] - yi)
            vi = alpha * v[i] if d_new < d_old else max(Fraction(1), beta * v[i])  # 7-10
            xi = yi if d_new <= d_old else x[i]  # lines 11-12
            out.append(((*x[:i], xi, *x[i + 1:]), (*v[:i], vi, *v[i + 1:])))
    return out


# ---------------------------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------------------------
def chi_square(name: str, law: Law, counts: Mapping[Any, int], what: str) -> TestOutcome:
    """Pearson's test of ``counts`` against ``law`` (small cells pooled; an observation outside
    the support rejects with p = 0)."""
    total = sum(counts.values())
    outside = [k for k in counts if law.get(k, 0.0) <= 0.0]
    if outside:
        return TestOutcome(name, 0.0, math.inf, f"{len(outside)} observed values outside the "
                           f"exact support, e.g. {sorted(map(str, outside))[:3]} ({what})")
    keys = list(law)
    expected = np.array([law[k] * total for k in keys])
    observed = np.array([counts.get(k, 0) for k in keys], dtype=float)
    big = expected >= MIN_EXPECTED
    exp_cells = list(expected[big]) + ([expected[~big].sum()] if (~big).any() else [])
    obs_cells = list(observed[big]) + ([observed[~big].sum()] if (~big).any() else [])
    if len(exp_cells) < 2:
        p = 1.0 if obs_cells[0] == total else 0.0
        return TestOutcome(name, p, 0.0, f"one cell ({what})")
    scale = sum(obs_cells) / sum(exp_cells)  # float round-off in the total only
    res = stats.chisquare(obs_cells, [e * scale for e in exp_cells])
    worst = max(range(len(keys)), key=lambda j: abs(float(observed[j] - expected[j]))
                / math.sqrt(max(float(expected[j]), 1.0)))
    return TestOutcome(name, float(res.pvalue), float(res.statistic),
                       f"chi2 = {res.statistic:.1f} on {len(exp_cells) - 1} df, {total} draws "
                       f"({what}); largest deviation at {keys[worst]}: observed "
                       f"{int(observed[worst])}, expected {expected[worst]:.1f}")


class Impossible(Exception):
    """Raised by the transition checker: the observed run left the support of Algorithm 2."""


class TransitionChecker:
    """Checks the transitions of observed runs of Algorithm 2 as they happen (nothing is
    stored), counting the outcome index of each transition from a state with distinct outcomes
    and all ``floor(v_i) >= min_velocity``; the first impossible transition ends the run
    (:class:`Impossible`).  Call :meth:`start` before each run."""

    def __init__(self, spec: AlgorithmSpec, min_velocity: int = LARGE_VELOCITY) -> None:
        assert spec.alpha is not None and spec.beta is not None
        self.spec = spec
        self.min_velocity = min_velocity
        self.alpha, self.beta = spec.alpha, spec.beta
        self.counts: Counter[Any] = Counter()
        self.transitions = 0
        self.first_bad = ""
        self.state: tuple[tuple[int, ...], tuple[Fraction, ...]] = ((), ())

    def start(self) -> None:
        self.state = ((0,) * self.spec.n, (F(1),) * self.spec.n)

    def __call__(self, x_new: tuple[int, ...], v_new: tuple[Fraction, ...] | None) -> None:
        assert v_new is not None
        x, v = self.state
        nxt = (x_new, v_new)
        self.transitions += 1
        outcomes = algorithm2_outcomes(self.spec.a, x, v, self.alpha, self.beta)
        matches = [j for j, o in enumerate(outcomes) if o == nxt]
        if not matches:
            self.first_bad = (f"x={_target(x)}, floor(v)={[math.floor(vi) for vi in v]} -> "
                              f"x'={_target(x_new)}, floor(v')="
                              f"{[math.floor(vi) for vi in v_new]}")
            raise Impossible
        if len(matches) == 1 and min(v) >= self.min_velocity and _distinct(outcomes):
            self.counts[matches[0]] += 1
        self.state = nxt


def _velocity_tests(impl: Implementation, draws: CappedDraws, runs: int) -> list[TestOutcome]:
    assert impl.tracer is not None
    out: list[TestOutcome] = []
    for k, spec in enumerate(VELOCITY_CASES):
        assert spec.alpha is not None and spec.beta is not None
        label = (f"Algorithm 2 ({spec.alpha}, {spec.beta}) a={_target(spec.a)}")
        support = f"{label}: every transition is one of the 2n outcomes of lines 5-12"
        law_name = (f"{label}: outcomes uniform from states with velocities >= "
                    f"{_fmt(LARGE_VELOCITY)}")
        if draws.exhausted is not None:
            out += [_skipped(support, draws), _skipped(law_name, draws)]
            continue
        budget = rls_ab_budget(spec.a, spec.alpha, spec.beta)
        trace = impl.tracer(spec)
        check = TransitionChecker(spec)
        impossible = False
        for child in np.random.SeedSequence([LAWS_SEED, k]).spawn(runs):
            check.start()
            try:
                solved = trace(np.random.default_rng(child), budget.cap, check)
            except Impossible:
                impossible = True
                break
            if not solved:
                draws.exhausted = f"a run of {label} reached the {budget.describe()}"
                break
        if impossible:
            out += [TestOutcome(support, 0.0, math.inf, f"impossible transition after "
                                f"{check.transitions} transitions: {check.first_bad}"),
                    TestOutcome(law_name, 1.0, math.nan, "not tested: the support test "
                                "rejected (the run was stopped there)")]
            continue
        if draws.exhausted is not None:
            draws.reported = True
            out += [TestOutcome(support, 0.0, math.inf, f"budget exhausted: {draws.exhausted}"),
                    _skipped(law_name, draws)]
            continue
        out.append(TestOutcome(support, 1.0, 0.0, f"all {check.transitions} transitions of "
                               f"{runs} runs possible"))
        cells = 2 * spec.n
        uniform: Law = {j: 1.0 / cells for j in range(cells)}
        out.append(chi_square(law_name, uniform, check.counts,
                              f"{sum(check.counts.values())} of {check.transitions} "
                              "transitions"))
    return out


def _distinct(items: Sequence[object]) -> bool:
    """Whether ``items`` are pairwise different (by ``==``: hashing Fractions with thousands of
    digits, as the velocities of a long run have, is far slower)."""
    return all(items[j] != items[k] for j in range(len(items)) for k in range(j))


def _transition_tests(impl: Implementation, draws: CappedDraws, runs: int
                      ) -> list[TestOutcome]:
    assert impl.tracer is not None
    out: list[TestOutcome] = []
    first: list[tuple[int, ...]] = []  # x_1 of the current run

    def observe(x: tuple[int, ...], v: tuple[Fraction, ...] | None) -> None:
        first.append(x)

    for k, spec in enumerate(TRANSITION_CASES):
        params = ", ".join(f"{key}={value}" for key, value in spec.params().items()
                           if key in ("eps", "log_base", "truncate", "r") and value != "none")
        name = (f"one iteration of {spec.algorithm} from x=0, a={_target(spec.a)} ({params}): "
                "law of x_1")
        if draws.exhausted is not None:
            out.append(_skipped(name, draws))
            continue
        trace = impl.tracer(spec)
        counts: Counter[Any] = Counter()
        for child in np.random.SeedSequence([LAWS_SEED, 100 + k]).spawn(runs):
            first.clear()
            trace(np.random.default_rng(child), 1, observe)
            counts[first[0] if first else (0,) * spec.n] += 1
        out.append(chi_square(name, one_iteration_law(spec), counts, f"{runs} runs"))
    return out


def _operator_tests(impl: Implementation, draws: CappedDraws, samples: int
                    ) -> list[TestOutcome]:
    assert impl.operator is not None
    out: list[TestOutcome] = []
    for k, (label, spec, limits) in enumerate(OPERATOR_CASES):
        names = [f"operator {label}: law at limit {_fmt(lim)}"
                 + (f" (after {', '.join(_fmt(p) for p in limits[:j])})" if j else "")
                 for j, lim in enumerate(limits)]
        sign_name = f"operator {label}: the sign of a step is fair"
        if draws.exhausted is not None:
            out += [_skipped(nm, draws) for nm in [*names, sign_name]]
            continue
        op = impl.operator(spec)  # one object for the whole sequence of limits
        rng = np.random.default_rng(np.random.SeedSequence([LAWS_SEED, 200 + k]))
        plus = minus = 0
        for name, limit in zip(names, limits, strict=True):
            counts: Counter[int | None] = Counter(op.sample(limit, rng)
                                                  for _ in range(samples))
            plus += sum(c for s, c in counts.items() if s is not None and s > 0)
            minus += sum(c for s, c in counts.items() if s is not None and s < 0)
            out.append(chi_square(name, signed_law(spec, limit), counts, f"{samples} draws"))
        p = float(stats.binomtest(plus, plus + minus, 0.5).pvalue) if plus + minus else 1.0
        out.append(TestOutcome(sign_name, p, plus / max(plus + minus, 1),
                               f"{plus} positive of {plus + minus} steps "
                               f"({plus / max(plus + minus, 1):.4f}; fair: 1/2)"))
    return out


def _skipped(name: str, draws: CappedDraws) -> TestOutcome:
    return TestOutcome(name, 1.0, math.nan,
                       f"skipped: an earlier draw exhausted its budget ({draws.exhausted})")


def laws_tests(impl: Implementation, draws: CappedDraws, level: str,
               progress: Callable[[str], None]) -> list[TestOutcome]:
    """The family ``laws`` on a reference-style implementation (module docstring)."""
    if impl.operator is None or impl.tracer is None:
        raise ValueError(f"the laws family needs an implementation with an operator and a "
                         f"tracer (reference-style); {impl.name} has "
                         f"{'no operator' if impl.operator is None else 'no tracer'}")
    velocity_runs, transition_runs, operator_samples = SIZES[level]
    progress(f"laws/{impl.name}: Algorithm 2 along runs at 10^12 and 10^30")
    out = _velocity_tests(impl, draws, velocity_runs)
    progress(f"laws/{impl.name}: one iteration at 10^12 and 10^30")
    out += _transition_tests(impl, draws, transition_runs)
    progress(f"laws/{impl.name}: the step operators, limits 1 .. 2^62")
    out += _operator_tests(impl, draws, operator_samples)
    return out
