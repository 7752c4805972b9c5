"""The pre-registered test families of zonemax's statistical validation.

Each *family* is a fixed list of hypothesis tests for one theorem and one implementation; its
p-values are combined by Holm–Bonferroni at the family's share of the suite's error budget
(:data:`zonemax.stats_tests.SUITE_ALPHA`).  Every test is designed so that *rejection means
disagreement* with the theorem or with the exact values; on a correct implementation each
family rejects with probability at most its share, so a full run of the suite fails on correct
code with probability at most ``SUITE_ALPHA`` (Bonferroni over families).

All seeds, sample sizes and levels are fixed here, in code.

**Exact cases: the mean and the whole law.**  Every exact case (:class:`ExactCase`) tests one
sample twice, both tests in the family's Holm set: a two-sided z-test of the mean against the
exact ``E[T]``, and a Kolmogorov-Smirnov test against the exact law of ``T`` (the enclosure of
:func:`zonemax.exact.law_of_T`, conservative for integer run times and for the enclosure's
width: :mod:`zonemax.stats_tests.gof`).  The law test accompanies the z-test rather than
replacing it: at 2,000 runs a shift of the mean is seen by the z-test from about 0.10
standard deviations on, by the KS test from about 0.14 (``D = 0.057`` at the smallest Holm
threshold; a normal law), while a change of shape that keeps the mean is seen by the law
test alone.

Measured at the CI sample size (``python benchmarks/gof_power.py --replicates 6 --no-fast``, and
``--replicates 3 --only "fast engine"``; recorded in ``reproduction/stats_gof/``; Holm over each
family's exact cases, fresh samples in every replicate; rejections out of the replicates):

* the correct reference (each family) and the correct fast engine (pm1): no rejection under
  any design;
* every planted bug of :data:`zonemax.stats_tests.implementations.PLANTED` that an exact case
  reaches (the biased ±1 operator, strict acceptance, the rate ``1/(n+1)``, the heavy-tailed
  exponent and log base, the RLS_{alpha,beta} tie and rounding bugs, the power-law exponent, the
  two shared-helper bugs, the RLS step limit ``f(x)``): rejected 6/6 with and without the law
  tests.  They all move the mean, so the law tests add nothing there.  (The velocity cap, whose
  effect starts at ``10^12``, is no exact case's: 0/6 either way; the theorem tests catch it.)
* a weaker bias of the ±1 operator, ``P(+1) = 0.52`` (a shift of the mean of about 0.1 standard
  deviations; ``--replicates 20 --no-fast --only 0.52``): mean tests alone 19/20, law tests
  alone 11/20, both 17/20.  The law tests can cost a little here (within the noise of 20
  replicates): the z-test's smallest Holm threshold halves, its critical ``|z|`` for the eight
  pm1 cases rising from 4.41 to 4.56.  Replacing the z-test by the law test would cost much
  more, so the law test accompanies it.
* the shared worker counter (:func:`zonemax.stats_tests.planted.shared_worker_counter`: the
  sample mean exact, the law narrower): 0/6 by the mean tests alone and 6/6 with the law tests
  in each of the four families on the reference (2,000 runs a case); 0/3 and 3/3 on the fast
  engine (pm1, 20,000 runs a case).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Literal

import mpmath
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import SUITE_ALPHA
from zonemax.stats_tests.gof import band_distance, critical_distance
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.machinery import CappedDraws, Sample, TestOutcome, draw, target_label
from zonemax.stats_tests.stats import holm_reject

from zonemax.exact import LawOfT, exact_expectation, law_of_T
from zonemax.exact.rls_any_n import RLS_FAMILIES, rls_law_any_n

Level = Literal["ci", "slow"]
Progress = Callable[[str], None]


def _quiet(message: str) -> None:
    return None


@dataclass(frozen=True)
class FamilyResult:
    """The outcome of one family: each test, and which Holm rejects at ``alpha``."""

    family: str
    implementation: str
    alpha: float
    outcomes: tuple[TestOutcome, ...]
    rejected: tuple[bool, ...]
    notes: tuple[str, ...] = field(default=())
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not any(self.rejected)


# ---------------------------------------------------------------------------------------------
# exact agreement
# ---------------------------------------------------------------------------------------------
#: The tests of an exact case on one sample: ``"mean"``, the two-sided z-test of the mean
#: against ``E[T]``; ``"law"``, the Kolmogorov-Smirnov test against the whole law of ``T``
#: (:mod:`zonemax.stats_tests.gof`).
Check = Literal["mean", "law"]


@dataclass(frozen=True)
class ExactCase:
    """Simulated run times vs the exact law of ``T`` of :mod:`zonemax.exact`: the mean against
    ``E[T]`` (two-sided z-test) and the whole law (Kolmogorov-Smirnov), both on one sample and
    both in the family's Holm set.

    **Mean.**  With the exact variance, ``z = (mean - E[T]) / sqrt(Var[T]/runs)`` is
    asymptotically standard normal; with ``runs >= 1000`` and run times with geometric tails the
    normal approximation is accurate far beyond the levels used.  Where ``E[T]`` is an
    enclosure ``[lo, hi]`` (interval solves), ``z`` is measured from the nearer end (``0``
    inside), so the width can only make the test more lenient, never reject a correct value.

    **Law.**  The band distance ``D`` of the sample's distribution function to the enclosure of
    ``P(T <= t)`` (:func:`zonemax.exact.law_of_T`, or
    :func:`zonemax.exact.rls_any_n.rls_law_any_n` for RLS at large ``n``), p-value
    ``2 exp(-2 runs D^2)`` (Dvoretzky-Kiefer-Wolfowitz-Massart, conservative for integer run
    times and for the enclosure's width: :mod:`zonemax.stats_tests.gof`).  The two see different
    departures: a shift of the mean is seen first by the z-test, a change of shape (a smaller
    spread with the same mean) only by this test.  Measured power: the module docstring.

    **Caps.**  Runs are capped so that a broken implementation cannot hang.  With the mean
    test, the cap comes from the exact chain: with ``h_max`` the largest expected remaining time
    over its reachable states, ``P(T > m ceil(e h_max)) <= e^{-m}`` (Markov's inequality,
    restarted every ``ceil(e h_max)`` iterations by the Markov property).  With ``m = TAIL_M =
    30`` a correct implementation is censored with probability below ``1e-13`` per run, so *any*
    censored run rejects both tests (p = 0).  A pilot of ``PILOT_RUNS`` runs (own seed) goes
    first, so that a hanging implementation is rejected without simulating the full sample to
    the cap.  A law-only case (``checks = ("law",)``: no ``h_max`` at that size) caps its runs at
    ``LAW_CAP`` times the law's last ``t``; a censored run is then an observation ``T > cap``,
    which the law test judges exactly.  Its pilot's own law test stops the case early when its
    p-value is at most ``PILOT_LEVEL`` (a hanging implementation: ``D`` near 1); otherwise the
    full sample's p-value plus ``PILOT_LEVEL`` is reported, so that the early stop costs no
    level (``P(p <= x) <= x`` still).
    """

    spec: AlgorithmSpec
    checks: tuple[Check, ...] = ("mean", "law")

    TAIL_M = 30
    PILOT_RUNS = 50
    LAW_CAP = 2
    PILOT_LEVEL = 1e-12

    def __post_init__(self) -> None:
        if not self.checks or not set(self.checks) <= {"mean", "law"}:
            raise ValueError(f"checks must be a non-empty subset of ('mean', 'law'); got "
                             f"{self.checks!r}")

    def _describe(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.spec.params().items()
                           if k not in ("n", "a"))
        extra = f" ({params})" if params else ""
        return f"{self.spec.algorithm} a={target_label(self.spec.a)}{extra}"

    @property
    def label(self) -> str:
        """The name of the mean test (``exact E[T]: ...``)."""
        return f"exact E[T]: {self._describe()}"

    @property
    def law_label(self) -> str:
        """The name of the law test (``exact law of T: ...``)."""
        return f"exact law of T: {self._describe()}"

    @property
    def labels(self) -> tuple[str, ...]:
        """The names of the case's tests, in the order :meth:`run` returns them."""
        return tuple(self.label if c == "mean" else self.law_label for c in self.checks)

    def exact(self) -> tuple[float, float, float, float]:
        """``(lo, hi, Var[T], h_max)`` from :mod:`zonemax.exact`: ``lo <= E[T] <= hi``."""
        return _exact_moments(self.spec)

    def law(self) -> LawOfT:
        """The law of ``T`` with its enclosure (:func:`exact_law`)."""
        return exact_law(self.spec)

    def prepare(self) -> None:
        """Compute (and cache) the exact values the case needs, before any simulation, so that
        a failure of the exact layer is not mistaken for one of the implementation."""
        if "mean" in self.checks:
            self.exact()
        if "law" in self.checks:
            self.law()

    def run(self, impl: Implementation, seed: int | Sequence[int],
            runs: int) -> tuple[TestOutcome, ...]:
        """The case's tests (:attr:`checks`) on one sample of ``runs`` runs."""
        if "mean" not in self.checks:
            return (self._law_only(impl, seed, runs),)
        lo, hi, var, h_max = self.exact()
        law = self.law() if "law" in self.checks else None
        budget = self.TAIL_M * math.ceil(math.e * h_max)
        sim = impl.simulate
        pilot = draw(sim, self.spec, _pilot_seed(seed), self.PILOT_RUNS, budget)
        if pilot.censored:
            detail = (f"{pilot.censored}/{pilot.runs} pilot runs hit the cap {budget} "
                      f"(P <= e^-{self.TAIL_M} per run on correct code); exact "
                      f"E[T] = {_interval(lo, hi)}")
            return tuple(TestOutcome(name, 0.0, math.inf, detail) for name in self.labels)
        sample = draw(sim, self.spec, seed, runs, budget)
        out: list[TestOutcome] = []
        for check in self.checks:
            if check == "mean":
                out.append(self._mean_test(sample, lo, hi, var))
            else:
                assert law is not None
                out.append(self._law_test(sample, law, censored_rejects=True))
        return tuple(out)

    def _mean_test(self, sample: Sample, lo: float, hi: float, var: float) -> TestOutcome:
        runs = sample.runs
        gap = max(sample.mean - hi, lo - sample.mean, 0.0)
        z = math.copysign(gap, sample.mean - hi) / math.sqrt(var / runs)
        p = 0.0 if sample.censored else float(2 * stats.norm.sf(abs(z)))
        mid = (lo + hi) / 2
        return TestOutcome(self.label, p, z,
                           f"mean {sample.mean:.5g} vs exact {_interval(lo, hi)} "
                           f"({(sample.mean - mid) / mid:+.2%}), z = {z:+.2f}, "
                           f"{runs} runs, censored {sample.censored}")

    def _law_test(self, sample: Sample, law: LawOfT, *, censored_rejects: bool,
                  offset: float = 0.0) -> TestOutcome:
        if censored_rejects and sample.censored:
            return TestOutcome(self.law_label, 0.0, math.inf,
                               f"{sample.censored}/{sample.runs} runs hit the cap "
                               f"(P <= e^-{self.TAIL_M} per run on correct code)")
        band = band_distance(sample.evaluations, sample.solved, law.cdf_low, law.cdf_high)
        p = min(1.0, band.p_value() + offset)
        where = ("" if band.at < 0 else
                 f" at t = {band.at} (sample {'above' if band.above else 'below'} the law)")
        return TestOutcome(self.law_label, p, band.distance,
                           f"KS distance {band.distance:.4f}{where}, band width "
                           f"{band.width:.1e}, {sample.runs} runs, censored "
                           f"{sample.censored} (alone at the family's level: D >= "
                           f"{critical_distance(sample.runs, FAMILY_ALPHA):.4f})")

    def _law_only(self, impl: Implementation, seed: int | Sequence[int],
                  runs: int) -> TestOutcome:
        law = self.law()
        budget = self.LAW_CAP * (law.t_max + 1)
        pilot = draw(impl.simulate, self.spec, _pilot_seed(seed), self.PILOT_RUNS, budget)
        early = self._law_test(pilot, law, censored_rejects=False)
        if early.p_value <= self.PILOT_LEVEL:
            return TestOutcome(early.name, early.p_value, early.statistic,
                               f"pilot of {pilot.runs} runs (cap {budget}): {early.detail}")
        sample = draw(impl.simulate, self.spec, seed, runs, budget)
        return self._law_test(sample, law, censored_rejects=False, offset=self.PILOT_LEVEL)


def _pilot_seed(seed: int | Sequence[int]) -> list[int]:
    """The pilot's seed: the case's seed with ``1`` appended."""
    return [seed, 1] if isinstance(seed, int) else [*seed, 1]


def _interval(lo: float, hi: float) -> str:
    low, high = f"{lo:.7g}", f"{hi:.7g}"
    return low if low == high else f"[{low}, {high}]"


@cache
def _exact_moments(spec: AlgorithmSpec) -> tuple[float, float, float, float]:
    res = exact_expectation(spec, with_variance=True)
    assert res.variance is not None
    assert res.max_remaining is not None
    if res.exact:
        lo = hi = float(res.expectation)  # correctly rounded: within 2^-53 relative
        width = abs(lo) * 2.0**-52
        lo, hi = lo - width, hi + width
    else:  # an enclosure: its ends, rounded outward
        lo = math.nextafter(float(mpmath.mpf(res.lower)), -math.inf)
        hi = math.nextafter(float(mpmath.mpf(res.upper)), math.inf)
    return lo, hi, float(res.variance), res.max_remaining


#: Above this ``n`` an RLS family's law comes from the per-position laws
#: (:func:`zonemax.exact.rls_any_n.rls_law_any_n`) rather than the lumped chain.
RLS_ANY_N_FROM = 8


#: Largest number of lumped states of a law computed here (the ±1 EA at ``1^20`` has 2,714; the
#: default caps of :mod:`zonemax.exact.limits` are set for the exact rational solvers).
LAW_MAX_STATES = 10_000


@cache
def exact_law(spec: AlgorithmSpec) -> LawOfT:
    """The law of ``T`` of ``spec`` with enclosures, up to its ``1 - 10^-9`` quantile."""
    if spec.algorithm in RLS_FAMILIES and spec.n >= RLS_ANY_N_FROM:
        return rls_law_any_n(spec)
    return law_of_T(spec, max_states=LAW_MAX_STATES)


def _case(algorithm: str, a: tuple[int, ...], *, checks: tuple[Check, ...] = ("mean", "law"),
          **params: object) -> ExactCase:
    return ExactCase(AlgorithmSpec(algorithm, a, **params), checks)  # type: ignore[arg-type]


F = Fraction
#: Exact-agreement instances, fixed in advance (small enough for the exact solver and for the
#: plain reference); each tests the mean and the whole law (the module docstring gives the
#: measured power of the two).  They include one large entry with zeros (plateau moves matter), mixed
#: signs, equal entries, n = 1, truncation variants and both log bases; the heavy family covers
#: the (1+1) EA and RLS with the heavy-tailed operator, the ``ops`` family (no theorem: exact
#: agreement only) the operators beyond the paper.
EXACT_CASES: dict[str, tuple[ExactCase, ...]] = {
    "pm1": (
        _case("ea-pm1", (5,)),
        _case("ea-pm1", (3, 0)),
        _case("ea-pm1", (2, -1)),
        _case("ea-pm1", (3, 3)),
        _case("ea-pm1", (2, 0, 0)),
        _case("ea-pm1", (1, -1, 1)),
        # plain RLS with the ±1 operator (Section 2): in no theorem, but a run-time law that
        # zonemax verify must check as well (zonemax.exact.rls_pm1)
        _case("rls-pm1", (3, -2)),
        _case("rls-pm1", (2, 0, 1)),
    ),
    "heavy": (
        _case("ea-heavy", (3,), eps=F(1)),
        _case("ea-heavy", (5, 2), eps=F(1, 2)),
        _case("ea-heavy", (9,), eps=F(1)),
        _case("ea-heavy", (6,), eps=F(1), truncate="clip", r=6),
        _case("ea-heavy", (6,), eps=F(1), truncate="condition", r=6),
        _case("ea-heavy", (4, -3), eps=F(1), log_base="e"),
        # RLS with the heavy-tailed operator, every truncation (issue 14)
        _case("rls-heavy", (5,), eps=F(1)),
        _case("rls-heavy", (6, 3), eps=F(1), truncate="condition", r=4),
        _case("rls-heavy", (7, -2), eps=F(1, 2), truncate="clip", r=5),
        # (31,): for n = 1 the target where accepted steps that overshoot a_i (d < |s| < 2d)
        # matter most among d <= 40; a wrong acceptance limit (f instead of 2f) changes E[T]
        # there by +15% (+4.5% at (5,); planted bug of issue 14)
        _case("rls-heavy", (31,), eps=F(1)),
    ),
    # the step operators beyond the paper (issue 15): double-geometric (mean 1: q = sqrt(2) - 1,
    # interval arithmetic; q = 1/2: exact) and power-law, with the (1+1) EA and RLS
    "ops": (
        _case("ea-geom", (3,)),
        _case("rls-geom", (4, -2), geom_q=F(1, 2)),
        _case("ea-power", (3,)),
        _case("rls-power", (5,), power_exponent=F(2)),
        _case("ea-power", (2, -1), power_exponent=F(5, 2)),
    ),
    "rls_ab": (
        _case("rls-ab", (5,), alpha=F(2), beta=F(1, 2)),
        _case("rls-ab", (6, 3), alpha=F(2), beta=F(1, 2)),
        _case("rls-ab", (11,), alpha=F(2), beta=F(1, 2)),
        _case("rls-ab", (5,), alpha=F(17, 10), beta=F(9, 10)),
        _case("rls-ab", (3, -2), alpha=F(17, 10), beta=F(9, 10)),
        _case("rls-ab", (4, 4), alpha=F(2), beta=F(3, 4)),
    ),
}
#: Extra instances for the fast engine, whose volume makes them cheap (eps = 0.001 has
#: E[T] in the thousands even for n = 1).
EXACT_CASES_FAST: dict[str, tuple[ExactCase, ...]] = {
    # (50, 50): the largest ±1 EA instance here; the engine's block rule acts only on
    # positions beyond FAR_MIN = 128 (zonemax.engine._ea_pm1), out of the exact solver's default
    # reach, so it is judged by the family blocks (zonemax.stats_tests.blocks: against the
    # reference and the per-iteration engine at large targets) and tests/test_engine_blocks.py,
    # not by this family
    "pm1": (_case("ea-pm1", (10, -10)), _case("ea-pm1", (4, 3, 0, 0)),
            _case("ea-pm1", (50, 50)), _case("rls-pm1", (40, -25, 3))),
    "heavy": (
        _case("ea-heavy", (5,), eps=F(1, 1000)),
        _case("ea-heavy", (12, 5), eps=F(1, 10)),
        # ties f(y) = f(x) between two mutated positions (steps of length 1 are likely at
        # eps = 1) and a disturbed optimal position: accepting them (Algorithm 1, line 6)
        # matters here by +2.4% of E[T] (a hand-written engine mutant that rejects ties,
        # benchmarks/mutation/RECORD-numba.md, gave z = 18 at 200,000 runs)
        _case("ea-heavy", (3, 1, 0), eps=F(1)),
        _case("ea-heavy", (20,), eps=F(1, 1000), truncate="clip", r=20),
        _case("ea-heavy", (20,), eps=F(1, 1000), truncate="condition", r=20),
        _case("rls-heavy", (12, 5), eps=F(1, 10)),
        _case("rls-heavy", (20,), eps=F(1, 1000), truncate="clip", r=20),
        _case("rls-heavy", (30, 7), eps=F(1, 2), truncate="condition", r=16),
    ),
    "ops": (
        _case("ea-geom", (4, -2), geom_q=F(1, 2)),
        _case("ea-geom", (3, 0, 1), geom_mean=F(5)),
        _case("rls-geom", (4,), geom_mean=F(20)),
        _case("ea-power", (2, -1), power_exponent=F(11, 10)),
        _case("rls-power", (12,)),
        # q > 1/2 (issue 26): a double-geometric sampler wrong only for q >= 1/2 changes E[T]
        # here (the planted wrong logarithm, which draws the law of 1 - q: +50%; the laws
        # family judges the reference's operator at q = 2/3 step by step)
        _case("ea-geom", (12, -7), geom_q=F(2, 3)),
    ),
    "rls_ab": (
        _case("rls-ab", (100,), alpha=F(2), beta=F(1, 2)),
        _case("rls-ab", (20,), alpha=F(17, 10), beta=F(9, 10)),
    ),
}
#: Runs per exact case: (reference-speed implementations, fast engine), by level.
EXACT_RUNS: dict[Level, tuple[int, int]] = {"ci": (2_000, 20_000), "slow": (10_000, 200_000)}
#: Master seeds of the exact-agreement cases (one per family, case index appended).
EXACT_SEED = {"pm1": 31_001, "heavy": 31_002, "rls_ab": 31_003, "ops": 31_004}


#: Instances at the sizes of the solvers for realistic sizes, for the fast engine at the full
#: level only (their laws take 5 to 70 s each, their runs thousands of iterations): the ±1 EA at
#: ``1^12`` (``E[T]`` exact, law from the lumped chain) and at ``1^20`` (law only, 2,714 lumped
#: states: its ``E[T]`` needs :mod:`zonemax.exact.ea_pm1_float`, compiled with numba, which this
#: layer must not import), and every RLS family at ``n = 100`` from the per-position laws
#: (:func:`zonemax.exact.rls_any_n.rls_law_any_n`).  Beyond ``rls-pm1`` the RLS cases are
#: law-only: no solver gives ``E[T]`` or ``h_max`` at ``n = 100``; the law test sees a shift of
#: the mean too, from about 0.14 standard deviations at 2,000 runs (module docstring), 0.015 at
#: the 200,000 runs of the full level.
EXACT_CASES_SLOW: dict[str, tuple[ExactCase, ...]] = {
    "pm1": (_case("ea-pm1", (1,) * 12), _case("rls-pm1", (1,) * 100),
            _case("ea-pm1", (1,) * 20, checks=("law",))),
    "heavy": (_case("rls-heavy", (1,) * 100, eps=F(1), checks=("law",)),),
    "ops": (_case("rls-geom", (1,) * 100, geom_q=F(1, 2), checks=("law",)),
            _case("rls-power", (2,) * 100, power_exponent=F(2), checks=("law",))),
    # the size named for RLS_{alpha,beta} at realistic sizes: n = 100, |a_i| <= 10
    "rls_ab": (_case("rls-ab", tuple(range(1, 11)) * 10, alpha=F(17, 10), beta=F(9, 10),
                     checks=("law",)),),
}


def exact_family_cases(family: str, fast: bool, level: Level = "ci") -> tuple[ExactCase, ...]:
    """The exact cases of ``family`` for an implementation (``fast`` or not) at ``level``; the
    case index in this tuple is part of the case's seed."""
    extra = EXACT_CASES_FAST.get(family, ()) if fast else ()
    large = EXACT_CASES_SLOW.get(family, ()) if fast and level == "slow" else ()
    return EXACT_CASES.get(family, ()) + extra + large


# ---------------------------------------------------------------------------------------------
# families
# ---------------------------------------------------------------------------------------------
#: Families of the suite.  The error budget is split equally (Bonferroni over families),
#: ``SUITE_ALPHA / len(FAMILIES)`` each (six at first; then ``laws``, the one-step
#: laws of the reference at large magnitudes, :mod:`zonemax.stats_tests.laws`, and
#: ``equivalence``, the engine against the reference at 10^6 .. 10^12 and its random streams,
#: :mod:`zonemax.stats_tests.equivalence`; the ``ops`` pair: exact E[T] of the
#: double-geometric and power-law operators; the engine's ``laws``: the step
#: magnitudes its kernels draw, every operator over its parameter range,
#: :mod:`zonemax.stats_tests.samplers`, and ``blocks``: the ±1 EA's block rule, end game and
#: table caches at large targets against the reference and the per-iteration engine,
#: :mod:`zonemax.stats_tests.blocks`).
FAMILIES: tuple[tuple[str, str], ...] = (
    ("pm1", "reference"), ("pm1", "fast"),
    ("heavy", "reference"), ("heavy", "fast"),
    ("rls_ab", "reference"), ("rls_ab", "fast"),
    ("ops", "reference"), ("ops", "fast"),
    ("laws", "reference"), ("equivalence", "fast"), ("blocks", "fast"),
    ("laws", "fast"),
)
FAMILY_ALPHA = SUITE_ALPHA / len(FAMILIES)

#: Extra (non-exact) tests of each family, registered by the theorem modules' builders; their
#: draws go through the family's :class:`~zonemax.stats_tests.machinery.CappedDraws`.
ExtraTests = Callable[[Implementation, CappedDraws, Level, Progress], Sequence[TestOutcome]]
#: Observations reported with a family (not tested); their draws are capped as well.
Notes = Callable[[CappedDraws, Level], Sequence[str]]


def raised(name: str, error: Exception) -> TestOutcome:
    """The outcome of a test whose simulations raised ``error``: a rejection (p = 0), with the
    error in its detail, so that a crashing implementation fails its family with a report
    instead of ending ``zonemax verify`` in a traceback."""
    return TestOutcome(name, 0.0, math.nan,
                       f"the implementation raised {type(error).__name__}: {error}")


def run_family(
    family: str,
    impl: Implementation,
    level: Level = "ci",
    *,
    extra: ExtraTests | None = None,
    notes: Notes | None = None,
    alpha: float = FAMILY_ALPHA,
    progress: Progress = _quiet,
) -> FamilyResult:
    """Run one family on one implementation and apply Holm at ``alpha``.

    Every draw is capped (the exact cases by their chains, the rest by
    :mod:`zonemax.stats_tests.budgets`), so the family ends in bounded time; an exhausted cap
    (also one of an observation's draws) is a rejection with p = 0.
    """
    t0 = time.perf_counter()
    runs_ref, runs_fast = EXACT_RUNS[level]
    runs = runs_fast if impl.fast else runs_ref
    outcomes: list[TestOutcome] = []
    for k, case in enumerate(exact_family_cases(family, impl.fast, level)):
        progress(f"{family}/{impl.name}: {case.labels[0]}")
        case.prepare()
        try:
            outcomes.extend(case.run(impl, EXACT_SEED[family] * 100 + k, runs))
        except Exception as error:  # the implementation under test failed: a rejection
            outcomes.extend(raised(name, error) for name in case.labels)
    draws = CappedDraws(impl.simulate)
    if extra is not None:
        try:
            outcomes.extend(extra(impl, draws, level, progress))
        except Exception as error:
            outcomes.append(raised(f"{family}: the tests beyond the exact cases", error))
    texts: list[str] = []
    if notes is not None:
        try:
            texts = list(notes(draws, level))
        except Exception as error:
            outcomes.append(raised(f"{family}: the observations", error))
    late = draws.unreported()
    if late is not None:
        outcomes.append(late)
    rejected = holm_reject([o.p_value for o in outcomes], alpha)
    return FamilyResult(family, impl.name, alpha, tuple(outcomes), tuple(rejected),
                        tuple(texts), time.perf_counter() - t0)
