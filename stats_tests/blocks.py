r"""The ±1 EA's fast paths at large targets: the block rule, far-only patterns, end game, caches.

The fast engine runs the (1+1) EA with the ±1 operator with
shortcuts that act only at large targets (:mod:`zonemax.engine._ea_pm1`): positions further
than ``FAR_MIN = 128`` from their target move in *blocks* (far-only iterations counted, their
moves applied as count vectors by a *sweep*), near positions -- optimal ones knocked out
included (the *end game*) -- are drawn from conditioned *near masses*, and the pattern tables
sit in a cache of ``min(n + 1, 256)`` slots indexed ``k mod slots`` (and the far-only laws
``a mod slots``), so for ``n >= 256`` two keys share a slot.  The exact cases stay below
``FAR_MIN`` and the theorems' bounds are loose, so a bug in these paths moved the law of the
run time by 2.8% to 21% and passed every other family.  The family ``blocks`` (on a ``fast``
implementation) judges them against oracles that do not run the code under test:

* **the plain reference** (:data:`~zonemax.stats_tests.implementations.REFERENCE`, Python
  ints, no shortcut) where it is affordable (:data:`REFERENCE_CASES`: a far position beside
  optimal ones, whose disturbances the near masses draw; far, near and optimal positions side
  by side);
* **the implementation's per-iteration path** (``Implementation.per_iteration``: the ±1 EA
  without blocks, every useful iteration on its own, and a pattern table of its own for every
  ``k``, so no slot is shared) where the reference is too slow (:data:`PER_ITERATION_CASES`:
  two and three far positions, whose blocks the sweep applies; ``n = 300`` with 256 positions at
  129 and 44 at 1000, so that ``a = 300`` and ``a = 44``, and ``k`` and ``k + 256``, share a slot
  of the caches, which are warm: one cache serves the whole batch, as in production).  The
  per-iteration path shares the pattern tables of one ``k`` with the code under test (they are
  judged at small targets by the ``pm1`` family's exact cases, where every position is near
  and production runs exactly this path), not the blocks, the sweep, the far-only laws or a
  shared slot; under each planted kernel bug below its samples were bit for bit those of the
  correct engine (measured).

Per case, ``RUNS`` implementation runs against the oracle's runs (own seeds): a two-sample
Kolmogorov-Smirnov test (the law) and Welch's t-test (the mean), both two-sided.  Run times are
integers and may tie; the KS p-value assumes continuous laws, and with ties the null law of its
statistic is stochastically smaller than the continuous one, so the test is conservative (its
rejection probability under the null stays below the level; Conover, *Practical Nonparametric
Statistics*, 3rd ed., Sec. 6.3).  Welch's test needs no continuity: under the null both samples
come from one law with light (geometric-type) tails, and with at least 100 runs a side the
t approximation of the standardised difference is accurate far into the tails used here.  Every
run of both sides is capped by Theorem 3 (:func:`~zonemax.stats_tests.budgets.pm1_budget`): a
censored run rejects as *budget exhausted*.  The oracles' samples are deterministic and kept for
the process (:func:`oracle_sample`), so that planted bugs re-use them.

Power (``zonemax verify --power``; :mod:`zonemax.planted_engine`): the three kinds of bug
written into the kernels' source (a count vector drawn with ``v/L`` instead of
``v/(L - u)`` in the sweep: +5.0% at (10^5, -10^5), +5.9% at (10^4,)*3; the near masses off
by one: +21% at (1000, 0, 0, 0, 0); the far-only law's cache filled only when its slot is empty:
+2.4% at (2000,)*44 + (129,)*256; measured with the samples here), and the block rule's planted count law
(:data:`zonemax.engine._pm1_rows.PLANTED_COUNTS`, in process).  All seeds and sizes are fixed
here; the family's tests are combined by Holm at its share of
:data:`zonemax.stats_tests.SUITE_ALPHA`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.budgets import pm1_budget
from zonemax.stats_tests.equivalence import welch
from zonemax.stats_tests.implementations import REFERENCE, Implementation
from zonemax.stats_tests.machinery import (
    CappedDraws,
    Sample,
    Simulator,
    TestOutcome,
    draw,
    target_label,
)

#: Seeds: the implementation's samples, the oracles' samples (case index added).
SEED_IMPL = 47_000
SEED_ORACLE = 47_500

#: (target, implementation runs, oracle runs) at the CI level; the slow level takes ten times
#: as many.  Reference cost (2 idle cores, measured): 59 ms a run at (1000, 0, 0, 0, 0), mean
#: run time 12,400, standard deviation 400 (a shift of 1% is z = 3 at 100 runs a side).
REFERENCE_CASES: tuple[tuple[tuple[int, ...], int, int], ...] = (
    # one far position and four optimal ones: every near iteration knocks an optimal position
    # out (z >= 1) or moves a knocked-out one (near masses with h = k - a >= 1), the end game
    ((1000, 0, 0, 0, 0), 1000, 60),
    # two far positions, a near non-optimal one and three optimal ones
    ((200, -150, 2, 0, 0, 0), 1000, 100),
)
#: Per-iteration cost (measured, idle): 13 ms a run at (10^5, -10^5) (coefficient of variation
#: of the run time 0.25%), 2.5 ms at (10^4,)*3 (0.8%), 20 ms at n = 300 (0.9%); the engine's
#: 0.3, 0.3 and 29 ms.
PER_ITERATION_CASES: tuple[tuple[tuple[int, ...], int, int], ...] = (
    # two far positions for 10^5 steps: blocks of thousands of rows, applied by the sweep
    ((10**5, -(10**5)), 200, 100),
    ((10**4,) * 3, 300, 300),
    # n = 300 >= 256 = CACHE_MAX_SLOTS: k and k + 256 share a slot of the table cache, and the
    # far-only laws of a = 300 (at the start) and a = 44 (after the 129s are done) share slot 44
    # (a scaled-down (10^4,)*44 + (129,)*256, a target where a bug was once found: the 44 far
    # positions' phase, where the shared slots are read, is most of the run)
    ((2000,) * 44 + (129,) * 256, 100, 100),
)
SLOW_FACTOR = 10

#: An oracle: its name in the report and its batch simulator.
Oracle = tuple[str, Simulator]

_ORACLE_SAMPLES: dict[tuple[Simulator, AlgorithmSpec, int, int, int], Sample] = {}


def oracle_sample(sim: Simulator, spec: AlgorithmSpec, seed: int, runs: int, cap: int
                  ) -> Sample:
    """The oracle's capped sample (deterministic: computed once per process and oracle)."""
    key = (sim, spec, seed, runs, cap)
    if key not in _ORACLE_SAMPLES:
        _ORACLE_SAMPLES[key] = draw(sim, spec, seed, runs, cap)
    return _ORACLE_SAMPLES[key]


def _ks(name: str, oracle: str, samples: list[Sample]) -> TestOutcome:
    impl, ref = samples
    res = stats.ks_2samp(impl.evaluations, ref.evaluations)
    return TestOutcome(name, float(res.pvalue), float(res.statistic),
                       f"KS D = {res.statistic:.3f} (conservative with ties), {impl.runs} + "
                       f"{ref.runs} runs; medians {np.median(impl.evaluations):.6g} vs "
                       f"{np.median(ref.evaluations):.6g} ({oracle})")


def _welch(name: str, oracle: str, samples: list[Sample]) -> TestOutcome:
    impl, ref = samples
    t, p = welch(impl.evaluations, ref.evaluations)
    return TestOutcome(name, p, t, f"means {impl.mean:.6g} vs {ref.mean:.6g} ({oracle}; "
                                   f"{impl.mean / ref.mean - 1:+.2%}), Welch t = {t:+.2f}")


def _never(samples: list[Sample]) -> TestOutcome:
    raise AssertionError("a skipped test was evaluated")


def _cases(impl: Implementation) -> list[tuple[tuple[int, ...], int, int, Oracle | None]]:
    """Every case with its oracle (``None``: the implementation has no per-iteration path)."""
    per_iteration: Oracle | None = (None if impl.per_iteration is None
                                    else ("per-iteration engine", impl.per_iteration))
    return ([(a, r, o, ("plain reference", REFERENCE.simulate)) for a, r, o in REFERENCE_CASES]
            + [(a, r, o, per_iteration) for a, r, o in PER_ITERATION_CASES])


def blocks_tests(impl: Implementation, draws: CappedDraws, level: str,
                 progress: Callable[[str], None]) -> list[TestOutcome]:
    """The family ``blocks`` on a fast implementation (module docstring)."""
    out: list[TestOutcome] = []
    factor = 1 if level == "ci" else SLOW_FACTOR
    for k, (a, impl_runs, oracle_runs, oracle) in enumerate(_cases(impl)):
        spec = AlgorithmSpec("ea-pm1", a)
        label = f"ea-pm1 a={target_label(a)}"
        kind = "plain reference" if oracle is None else oracle[0]
        ks_name = f"blocks: engine = {kind} in law: {label}"
        mean_name = f"blocks: engine = {kind} in mean: {label}"
        if draws.exhausted is not None:  # nothing more is drawn (not even a cap computed)
            out += [draws.outcome(n, [None], _never) for n in (ks_name, mean_name)]
            continue
        progress(f"blocks/{impl.name}: {label} against the {kind}")
        cap = pm1_budget(a)
        sample = draws.draw(spec, SEED_IMPL + k, impl_runs * factor, cap)
        ref = None
        if sample is not None and not sample.censored:
            if oracle is None:
                raise ValueError(f"{impl.name} has no per-iteration path (Implementation."
                                 "per_iteration): the family blocks cannot judge it")
            ref = oracle_sample(oracle[1], spec, SEED_ORACLE + k, oracle_runs * factor,
                                cap.cap)
            draws.check(ref, f"the {oracle[0]}'s {label}", cap)
        out.append(draws.outcome(ks_name, [sample, ref], partial(_ks, ks_name, kind)))
        out.append(draws.outcome(mean_name, [sample, ref], partial(_welch, mean_name, kind)))
    return out
