"""Statistical machinery for zonemax's pre-registered validation.

Everything here is deterministic given its inputs: seeds, sample sizes and levels are passed in
by the calling test (where they are fixed in code).  All tests are one-sided in the direction a
theorem claims, unless they test agreement with an exact value (two-sided).

Contents
--------
* :class:`Sample` / :func:`draw` — a batch of run times from a simulator and a seed;
* :class:`Budget` / :class:`CappedDraws` — capped draws with a pilot, and the *budget
  exhausted* rejection that replaces a hang (caps from :mod:`zonemax.stats_tests.budgets`);
* :func:`one_sided_mean_test` — is the mean below (or above) a bound?
* :func:`exact_mean_test` — two-sided agreement of a mean with an exact value;

Intervals, Holm's correction and growth exponents live in :mod:`zonemax.stats_tests.stats`,
shared with the reproduction's report.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec

#: A simulator: ``(spec, seed, runs, budget) -> (evaluations, solved)`` as numpy arrays: ``runs``
#: runs of the algorithm spec, run ``k`` with ``seed.spawn(runs)[k]`` (or an equivalent
#: deterministic derivation).
Simulator = Callable[
    [AlgorithmSpec, np.random.SeedSequence, int, int | None],
    tuple[np.ndarray, np.ndarray],
]



def _entry(value: int) -> str:
    """``10^12`` for a power of ten from 10^6 on, else the digits (with the sign)."""
    size = abs(value)
    if size >= 10**6:
        k = round(math.log10(size))
        if 10**k == size:
            return ("-" if value < 0 else "") + f"10^{k}"
    return str(value)


def target_label(a: Sequence[int]) -> str:
    """A short text that tells targets apart: runs of equal entries as ``v×k``, a repeated
    block as ``(block)×k``: ``(100, 0×4)``, ``(100×5)``, ``((100, -100)×10)``.

    (``a=(100,..) n=5`` named both ``(100, 0, 0, 0, 0)`` and ``(100,)*5``, so two tests of
    ``zonemax verify`` had the same name.)"""
    a = tuple(a)
    for period in range(2, len(a) // 2 + 1):
        if len(a) % period == 0 and a == a[:period] * (len(a) // period) \
                and len(set(a[:period])) > 1:
            return f"({target_label(a[:period])}×{len(a) // period})"
    groups: list[list[int]] = []
    for x in a:
        if groups and groups[-1][0] == x:
            groups[-1][1] += 1
        else:
            groups.append([x, 1])
    return "(" + ", ".join(_entry(v) + (f"×{k}" if k > 1 else "") for v, k in groups) + ")"

@dataclass(frozen=True)
class Sample:
    """Run times of ``runs`` independent runs; ``censored`` counts runs that hit the budget."""

    evaluations: np.ndarray
    solved: np.ndarray

    @property
    def runs(self) -> int:
        return int(self.evaluations.size)

    @property
    def censored(self) -> int:
        return int((~self.solved).sum())

    @property
    def mean(self) -> float:
        return float(self.evaluations.mean())


def draw(sim: Simulator, spec: AlgorithmSpec, seed: int | Sequence[int], runs: int,
         budget: int | None = None) -> Sample:
    """Run ``sim`` ``runs`` times on ``spec`` with the master seed ``seed``."""
    ev, ok = sim(spec, np.random.SeedSequence(seed), runs, budget)
    ev = np.asarray(ev, dtype=np.float64)
    ok = np.asarray(ok, dtype=bool)
    if ev.shape != (runs,) or ok.shape != (runs,):
        raise ValueError(f"simulator returned shapes {ev.shape}, {ok.shape}; expected ({runs},)")
    return Sample(ev, ok)


@dataclass(frozen=True)
class Budget:
    """An evaluation cap for the runs of one draw; ``source`` names the bound it comes from and
    ``tail_m`` the ``m`` of ``P(a correct run reaches the cap) <= e^{-m}``."""

    cap: int
    source: str
    tail_m: int

    def describe(self) -> str:
        return (f"cap {self.cap} from {self.source}; a correct run reaches it with probability "
                f"<= e^-{self.tail_m}")


#: Runs of the pilot that precedes every capped draw (own seed), so that a hanging
#: implementation is stopped after one capped run rather than a whole sample.
PILOT_RUNS = 1


class CappedDraws:
    """The capped draws of one family run.

    :meth:`draw` runs a pilot of :data:`PILOT_RUNS` runs (seed ``[seed, 1]``), then the sample
    (seed ``seed``), every run capped at the budget.  The first draw whose runs reach their cap
    ends the drawing: later draws of the same family return ``None`` and their tests are
    skipped (p = 1), because the family is rejected already.  :meth:`outcome` turns a sample
    into the test's outcome, or into the *budget exhausted* rejection (p = 0) -- a failure in
    bounded time instead of a hang.
    """

    def __init__(self, sim: Simulator) -> None:
        self.sim = sim
        self.exhausted: str | None = None
        self.reported = False
        self._memo: dict[tuple[AlgorithmSpec, int, int, int], Sample] = {}

    def draw(self, spec: AlgorithmSpec, seed: int, runs: int, budget: Budget) -> Sample | None:
        """A capped sample of ``runs`` runs (``None`` once an earlier draw exhausted its cap).

        The same draw asked twice (a test and an observation on one sample) runs once.
        """
        if self.exhausted is not None:
            return None
        key = (spec, seed, runs, budget.cap)
        if key not in self._memo:
            sample = draw(self.sim, spec, [seed, 1], PILOT_RUNS, budget.cap)
            if not sample.censored:
                sample = draw(self.sim, spec, seed, runs, budget.cap)
            self._memo[key] = sample
        sample = self._memo[key]
        self.check(sample, f"{spec.algorithm} a={target_label(spec.a)}", budget)
        return sample

    def check(self, sample: Sample, what: str, budget: Budget) -> None:
        """Record ``sample``'s exhausted cap, if any (for samples drawn elsewhere)."""
        if sample.censored and self.exhausted is None:
            self.exhausted = (f"{sample.censored}/{sample.runs} runs of {what} reached the "
                              f"{budget.describe()}")

    def outcome(self, name: str, samples: Sequence[Sample | None],
                test: Callable[[list[Sample]], TestOutcome]) -> TestOutcome:
        """``test(samples)`` if every sample is complete; else *budget exhausted* (p = 0) or,
        for a draw that was not made, *skipped* (p = 1)."""
        if any(s is not None and s.censored for s in samples):
            self.reported = True
            return TestOutcome(name, 0.0, math.inf, f"budget exhausted: {self.exhausted}")
        complete = [s for s in samples if s is not None]
        if len(complete) < len(samples):
            return TestOutcome(name, 1.0, math.nan,
                               f"skipped: an earlier draw exhausted its budget ({self.exhausted})")
        return test(complete)

    def mean_test(self, name: str, sample: Sample | None, bound: float,
                  direction: Literal["below", "above"]) -> TestOutcome:
        """:func:`one_sided_mean_test` through :meth:`outcome`."""
        return self.outcome(name, [sample],
                            lambda s: one_sided_mean_test(name, s[0], bound, direction))

    def unreported(self) -> TestOutcome | None:
        """The *budget exhausted* rejection of a draw no test reported (an observation's)."""
        if self.exhausted is None or self.reported:
            return None
        self.reported = True
        return TestOutcome("budget of the observations", 0.0, math.inf,
                           f"budget exhausted: {self.exhausted}")


@dataclass(frozen=True)
class TestOutcome:
    """One pre-registered hypothesis test."""

    __test__ = False  # not a pytest test class

    name: str
    p_value: float
    statistic: float
    detail: str

    def rejects(self, alpha: float) -> bool:
        return self.p_value <= alpha


def one_sided_mean_test(name: str, sample: Sample, bound: float,
                        direction: Literal["below", "above"]) -> TestOutcome:
    """H0: the mean violates the bound; small p = evidence *against the theorem*.

    We test the theorem's claim as the null hypothesis so that rejection means disagreement:
    for ``direction="below"`` (an upper bound ``E[T] <= bound``) the p-value is
    ``P(t >= observed)`` under ``mean = bound``; a correct implementation well inside the bound
    gives p close to 1.  Censored runs count with their (lower-bound) evaluations, which can only
    make an upper-bound violation *less* visible, so they are also reported separately.
    """
    x = sample.evaluations
    se = float(x.std(ddof=1) / math.sqrt(x.size))
    se = max(se, 1e-12)
    t = (float(x.mean()) - bound) / se
    df = x.size - 1
    p = float(stats.t.sf(t, df)) if direction == "below" else float(stats.t.cdf(t, df))
    return TestOutcome(name, p, t, f"mean {x.mean():.6g} vs bound {bound:.6g} ({direction}); "
                                   f"censored {sample.censored}/{sample.runs}")


def exact_mean_test(name: str, sample: Sample, exact: float) -> TestOutcome:
    """Two-sided t-test of ``mean == exact``; small p = disagreement with the exact value."""
    x = sample.evaluations
    se = max(float(x.std(ddof=1) / math.sqrt(x.size)), 1e-12)
    t = (float(x.mean()) - exact) / se
    p = float(2 * stats.t.sf(abs(t), x.size - 1))
    return TestOutcome(name, p, t, f"mean {x.mean():.6g} vs exact {exact:.6g} "
                                   f"(rel. diff {(x.mean() - exact) / exact:+.3%}, "
                                   f"censored {sample.censored}/{sample.runs})")
