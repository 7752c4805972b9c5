"""The pre-registered test families of zonemax's statistical validation.

Each *family* is a fixed list of hypothesis tests for one theorem and one implementation; its
p-values are combined by Holm–Bonferroni at the family's share of the suite's error budget
(:data:`zonemax.stats_tests.SUITE_ALPHA`).  Every test is designed so that *rejection means
disagreement* with the theorem or with the exact values; on a correct implementation each
family rejects with probability at most its share, so a full run of the suite fails on correct
code with probability at most ``SUITE_ALPHA`` (Bonferroni over families).

All seeds, sample sizes and levels are fixed here, in code.
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
import numpy as np
from scipy import stats

from zonemax.exact import exact_expectation
from zonemax.reference.heavy_tailed import LogBase, Truncation
from zonemax.stats_tests import SUITE_ALPHA
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.machinery import TestOutcome, draw, holm

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
@dataclass(frozen=True)
class ExactCase:
    """Simulated mean vs the exact E[T] of :mod:`zonemax.exact` (two-sided z-test).

    The exact variance is used, so the statistic is ``z = (mean - E[T]) / sqrt(Var[T]/runs)``,
    asymptotically standard normal; with ``runs >= 1000`` and run times with geometric tails the
    normal approximation is accurate far beyond the levels used.

    Runs are capped so that a broken implementation cannot hang.  The cap comes from the exact
    chain: with ``h_max`` the largest expected remaining time over its reachable states,
    ``P(T > m ceil(e h_max)) <= e^{-m}`` (Markov's inequality, restarted every ``ceil(e h_max)``
    iterations by the Markov property).  With ``m = TAIL_M = 30`` a correct implementation is
    censored with probability below ``1e-13`` per run, so *any* censored run rejects the case
    (p = 0).  A pilot of ``PILOT_RUNS`` runs (own seed) goes first, so that a hanging
    implementation is rejected without simulating the full sample to the cap.
    """

    algorithm: Literal["ea-pm1", "ea-heavy", "rls-ab"]
    a: tuple[int, ...]
    eps: Fraction | None = None
    log_base: LogBase = 2
    truncate: Truncation = "none"
    r: int | None = None
    alpha: Fraction | None = None
    beta: Fraction | None = None

    TAIL_M = 30
    PILOT_RUNS = 50

    @property
    def label(self) -> str:
        extra = ""
        if self.algorithm == "ea-heavy":
            extra = f", eps={self.eps}, base {self.log_base}, {self.truncate}"
            extra += f" r={self.r}" if self.r is not None else ""
        if self.algorithm == "rls-ab":
            extra = f", ({self.alpha}, {self.beta})"
        return f"exact E[T]: {self.algorithm} a={self.a}{extra}"

    def exact(self) -> tuple[float, float, float]:
        """``(E[T], Var[T], h_max)`` from :mod:`zonemax.exact`."""
        return _exact_moments(self)

    def simulator(self, impl: Implementation) -> Callable[..., tuple[np.ndarray, np.ndarray]]:
        if self.algorithm == "ea-pm1" and impl.ea_pm1 is not None:
            return impl.ea_pm1()
        if self.algorithm == "ea-heavy" and impl.ea_heavy is not None:
            assert self.eps is not None
            return impl.ea_heavy(self.eps, self.log_base, self.truncate, self.r)
        if self.algorithm == "rls-ab" and impl.rls_ab is not None:
            assert self.alpha is not None
            assert self.beta is not None
            return impl.rls_ab(self.alpha, self.beta)
        raise ValueError(f"{impl.name} does not implement {self.algorithm}")

    def run(self, impl: Implementation, seed: int, runs: int) -> TestOutcome:
        mean, var, h_max = self.exact()
        budget = self.TAIL_M * math.ceil(math.e * h_max)
        sim = self.simulator(impl)
        pilot = draw(sim, self.a, [seed, 1], self.PILOT_RUNS, budget)
        if pilot.censored:
            return TestOutcome(self.label, 0.0, math.inf,
                               f"{pilot.censored}/{pilot.runs} pilot runs hit the cap {budget} "
                               f"(P <= e^-{self.TAIL_M} per run on correct code); exact "
                               f"E[T] = {mean:.5g}")
        sample = draw(sim, self.a, seed, runs, budget)
        z = (sample.mean - mean) / math.sqrt(var / runs)
        p = 0.0 if sample.censored else float(2 * stats.norm.sf(abs(z)))
        return TestOutcome(self.label, p, z,
                           f"mean {sample.mean:.5g} vs exact {mean:.5g} "
                           f"({(sample.mean - mean) / mean:+.2%}), z = {z:+.2f}, "
                           f"{runs} runs, censored {sample.censored}")


@cache
def _exact_moments(case: ExactCase) -> tuple[float, float, float]:
    kwargs: dict[str, object] = {}
    if case.algorithm == "ea-heavy":
        kwargs = {"eps": case.eps, "log_base": case.log_base, "truncate": case.truncate,
                  "r": case.r}
    elif case.algorithm == "rls-ab":
        kwargs = {"alpha": case.alpha, "beta": case.beta}
    res = exact_expectation(case.algorithm, case.a, with_variance=True, **kwargs)  # type: ignore[arg-type]
    assert res.variance is not None
    assert res.max_remaining is not None
    mean = float(mpmath.mpf(res.expectation) if not res.exact else res.expectation)
    return mean, float(res.variance), res.max_remaining


F = Fraction
#: Exact-agreement instances, fixed in advance (small enough for the exact solver and for the
#: plain reference).  They include one large entry with zeros (plateau moves matter), mixed
#: signs, equal entries, n = 1, truncation variants and both log bases.
EXACT_CASES: dict[str, tuple[ExactCase, ...]] = {
    "pm1": (
        ExactCase("ea-pm1", (5,)),
        ExactCase("ea-pm1", (3, 0)),
        ExactCase("ea-pm1", (2, -1)),
        ExactCase("ea-pm1", (3, 3)),
        ExactCase("ea-pm1", (2, 0, 0)),
        ExactCase("ea-pm1", (1, -1, 1)),
    ),
    "heavy": (
        ExactCase("ea-heavy", (3,), eps=F(1)),
        ExactCase("ea-heavy", (5, 2), eps=F(1, 2)),
        ExactCase("ea-heavy", (9,), eps=F(1)),
        ExactCase("ea-heavy", (6,), eps=F(1), truncate="clip", r=6),
        ExactCase("ea-heavy", (6,), eps=F(1), truncate="condition", r=6),
        ExactCase("ea-heavy", (4, -3), eps=F(1), log_base="e"),
    ),
    "rls_ab": (
        ExactCase("rls-ab", (5,), alpha=F(2), beta=F(1, 2)),
        ExactCase("rls-ab", (6, 3), alpha=F(2), beta=F(1, 2)),
        ExactCase("rls-ab", (11,), alpha=F(2), beta=F(1, 2)),
        ExactCase("rls-ab", (5,), alpha=F(17, 10), beta=F(9, 10)),
        ExactCase("rls-ab", (3, -2), alpha=F(17, 10), beta=F(9, 10)),
        ExactCase("rls-ab", (4, 4), alpha=F(2), beta=F(3, 4)),
    ),
}
#: Extra instances for the fast engine, whose volume makes them cheap (eps = 0.001 has
#: E[T] in the thousands even for n = 1).
EXACT_CASES_FAST: dict[str, tuple[ExactCase, ...]] = {
    # (50, 50): min D > PM1_BLOCK_MIN, so the engine's block rule applies from the start
    "pm1": (ExactCase("ea-pm1", (10, -10)), ExactCase("ea-pm1", (4, 3, 0, 0)),
            ExactCase("ea-pm1", (50, 50))),
    "heavy": (
        ExactCase("ea-heavy", (5,), eps=F(1, 1000)),
        ExactCase("ea-heavy", (12, 5), eps=F(1, 10)),
        ExactCase("ea-heavy", (20,), eps=F(1, 1000), truncate="clip", r=20),
        ExactCase("ea-heavy", (20,), eps=F(1, 1000), truncate="condition", r=20),
    ),
    "rls_ab": (
        ExactCase("rls-ab", (100,), alpha=F(2), beta=F(1, 2)),
        ExactCase("rls-ab", (20,), alpha=F(17, 10), beta=F(9, 10)),
    ),
}
#: Runs per exact case: (reference-speed implementations, fast engine), by level.
EXACT_RUNS: dict[Level, tuple[int, int]] = {"ci": (2_000, 20_000), "slow": (10_000, 200_000)}
#: Master seeds of the exact-agreement cases (one per family, case index appended).
EXACT_SEED = {"pm1": 31_001, "heavy": 31_002, "rls_ab": 31_003}


def exact_family_cases(family: str, impl_name: str) -> tuple[ExactCase, ...]:
    extra = EXACT_CASES_FAST.get(family, ()) if impl_name == "fast" else ()
    return EXACT_CASES[family] + extra


# ---------------------------------------------------------------------------------------------
# families
# ---------------------------------------------------------------------------------------------
#: Families of the suite.  The error budget is split equally (Bonferroni over families).
FAMILIES: tuple[tuple[str, str], ...] = (
    ("pm1", "reference"), ("pm1", "fast"),
    ("heavy", "reference"), ("heavy", "fast"),
    ("rls_ab", "reference"), ("rls_ab", "fast"),
)
FAMILY_ALPHA = SUITE_ALPHA / len(FAMILIES)

#: Extra (non-exact) tests of each family, registered by the theorem modules' builders.
ExtraTests = Callable[[Implementation, Level, Progress], Sequence[TestOutcome]]


def run_family(
    family: str,
    impl: Implementation,
    level: Level = "ci",
    *,
    extra: ExtraTests | None = None,
    alpha: float = FAMILY_ALPHA,
    progress: Progress = _quiet,
    notes: Sequence[str] = (),
) -> FamilyResult:
    """Run one family on one implementation and apply Holm at ``alpha``."""
    t0 = time.perf_counter()
    runs_ref, runs_fast = EXACT_RUNS[level]
    runs = runs_fast if impl.name == "fast" else runs_ref
    outcomes: list[TestOutcome] = []
    for k, case in enumerate(exact_family_cases(family, impl.name)):
        progress(f"{family}/{impl.name}: {case.label}")
        outcomes.append(case.run(impl, EXACT_SEED[family] * 100 + k, runs))
    if extra is not None:
        outcomes.extend(extra(impl, level, progress))
    rejected = holm([o.p_value for o in outcomes], alpha)
    return FamilyResult(family, impl.name, alpha, tuple(outcomes), tuple(rejected),
                        tuple(notes), time.perf_counter() - t0)
