"""The experiments of Section 6 as data: algorithms, grids per scale, budgets, run keys, seeds.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 6 ("Comparison with
CMA-ESwM") and Appendix A.  One *run* is identified by its key
``(experiment, variant, n, r, run)``; everything else about it (the :class:`AlgorithmSpec`, the
evaluation budget and the random seed) is a function of the key, the scale's budget factor and
the master seed.  So results never depend on the order in which runs are executed, on the
number of workers, or on which other runs exist.

Experiments (``--only`` names):

* ``cma-failure`` -- Section 6.1: CMA-ESwM failure rate over ``n`` and ``r``.
* ``runtime`` -- Section 6.2, Figure "allCom": the four algorithms over ``r`` for two ``n``.
* ``boxplots`` -- Appendix A: box plots of the ``runtime`` runs (no runs of its own).
* ``truncation`` -- zonemax's extension: Definition 2 lives on all of Z but Section 6 bounds the
  search by ``r``; the two truncated heavy-tailed operators run next to the untruncated one and
  RLS_{2,1/2}.  The untruncated and RLS runs are *shared* with ``runtime`` (same keys), so the
  comparison is paired by design and the most expensive runs are not repeated.

Scales: ``paper`` is Section 6's full grid; ``quick`` is a reduced grid (Section 6's n values,
fewer r values and runs, CMA-ESwM only at n = 20 and up to n = 60 for its failure rate) that
finishes in a few minutes on two cores with the fast engine (CMA-ESwM always runs on the
reference ``cmaes`` adapter); ``tiny`` exists for the test-suite
(seconds; its budget factor 0.05 deliberately censors runs so that every censoring path is
exercised).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from zonemax.reference.params import DEFAULT_EPS, SECTION6_ALPHA, SECTION6_BETA
from zonemax.reference.spec import AlgorithmSpec

#: Default master seed: the digits of the paper's arXiv identifier 2307.11855 (arbitrary but
#: recognisable; every run's seed is derived from it and the run key).
MASTER_SEED = 230711855

#: Experiment names with stable numeric ids used in seeds (never renumber: seeds depend on it).
#: The simulation engines (:mod:`zonemax.experiments.simulate`).
ENGINES = ("reference", "fast")
EXPERIMENT_IDS: dict[str, int] = {"cma-failure": 1, "runtime": 2, "boxplots": 3, "truncation": 4}
#: Experiments that own runs (``boxplots`` analyses the ``runtime`` runs).
RUN_EXPERIMENTS = ("cma-failure", "runtime", "truncation")
SCALES = ("tiny", "quick", "paper")

#: Section 6's parameters (:mod:`zonemax.reference.params`): eps = 0.001, and
#: (alpha, beta) = (2, 1/2) for RLS, outside Theorem 9's hypotheses.
HEAVY_EPS = DEFAULT_EPS
RLS_ALPHA, RLS_BETA = SECTION6_ALPHA, SECTION6_BETA


@dataclass(frozen=True)
class Variant:
    """An algorithm as it appears in the experiments, with a stable numeric id for seeds."""

    id: int
    algorithm: str
    label: str
    truncate: str = "none"


#: The algorithm variants (never renumber the ids: seeds depend on them).
VARIANTS: dict[str, Variant] = {
    "ea-pm1": Variant(1, "ea-pm1", "(1+1) EA, ±1 operator"),
    "ea-heavy": Variant(2, "ea-heavy", "(1+1) EA, heavy-tailed (untruncated)"),
    "ea-heavy-condition": Variant(3, "ea-heavy", "(1+1) EA, heavy-tailed, conditioned on <= r",
                                  "condition"),
    "ea-heavy-clip": Variant(4, "ea-heavy", "(1+1) EA, heavy-tailed, clipped to r", "clip"),
    "rls-2-0.5": Variant(5, "rls-ab", "RLS_{2,0.5} (self-adjusting)"),
    "cma-wm": Variant(6, "cma-wm", "CMA-ESwM"),
}


def make_spec(variant: str, n: int, r: int) -> AlgorithmSpec:
    """The :class:`AlgorithmSpec` of ``variant`` on Section 6's target ``a = (r, ..., r)``."""
    v = VARIANTS[variant]
    a = (r,) * n
    if v.algorithm == "ea-heavy":
        # Truncation range r = the bound of the search space in Section 6.
        return AlgorithmSpec("ea-heavy", a, eps=HEAVY_EPS, truncate=v.truncate,  # type: ignore[arg-type]
                             r=None if v.truncate == "none" else r)
    if v.algorithm == "rls-ab":
        return AlgorithmSpec("rls-ab", a, alpha=RLS_ALPHA, beta=RLS_BETA)
    return AlgorithmSpec(v.algorithm, a)


# --------------------------------------------------------------------------------------------
# Budgets.  budget = ceil(budget_factor * base(variant, n, r)); a run that reaches its budget is
# recorded as censored (reason "budget") and enters the statistics as such (ERT, Gehan test).
# --------------------------------------------------------------------------------------------

#: Proof of Theorem 3 (±1 operator): potential g(x) = sum(omega^{d_i} - 1) with omega = 1.2,
#: the value the paper verifies.
PM1_OMEGA = 1.2
#: RLS_{2,1/2} lies outside Theorem 9's hypotheses, so no proven bound exists.  Base budget
#: RLS_CAP * n * (1 + log2 |a|_1)^2 (Theorem 9's n log |a|_1 shape, squared because beta = 1/2
#: visibly grows faster in pilot runs): pilot runs (10 seeds each, n in {5, 20, 100},
#: r in {10, 1e3, 1e6, 1e12}) needed at most 0.43 of it.
RLS_CAP = 10
#: CMA-ESwM has no run-time bound and ``cmaes.CMAwM.should_stop`` may never fire on integer
#: problems; the paper states no budget.  Base budget CMA_CAP_PER_N * n evaluations, chosen from
#: pilot runs whose successes needed at most ~300 n.  The paper-scale run of 2026-11-26 showed
#: that this suffices for r < 10^10 (3360 runs, none censored, longest success 173 n) but not
#: beyond (53 of 120 runs censored, successes up to 994 n); the report states this from the data.
CMA_CAP_PER_N = 1000
#: Default budget factor per scale.  ``tiny`` censors on purpose (tests exercise censoring).
DEFAULT_BUDGET_FACTOR: dict[str, float] = {"tiny": 0.05, "quick": 1.0, "paper": 1.0}


@cache
def _c_eps_upper(eps: Fraction) -> float:
    from zonemax.reference.heavy_tailed import c_epsilon

    return float(c_epsilon(eps).upper)


def pm1_bound(n: int, r: int) -> float:
    """Explicit form of Theorem 3's bound for a = (r,...,r), read off its proof.

    Multiplicative drift (Theorem 1 of the paper) with drift ``delta = c / (2 omega n)``,
    ``c = (omega - 1 - e (omega - 1)^2) / e``, start ``X_0 <= |a|_H omega^{|a|_inf}`` and
    smallest positive potential ``x_min = omega - 1``: ``E[T] <= (1 + ln(X_0 / x_min)) / delta``.
    """
    w = PM1_OMEGA
    c = (w - 1 - math.e * (w - 1) ** 2) / math.e
    delta = c / (2 * w * n)
    ln_x0 = math.log(n) + r * math.log(w)  # |a|_H = n, |a|_inf = r (logs avoid overflow)
    return (1 + ln_x0 - math.log(w - 1)) / delta


def heavy_bound(n: int, r: int, eps: Fraction = HEAVY_EPS) -> float:
    """Theorem 5's explicit bound (last display of its proof), log = log_2, a = (r,...,r).

    ``2 e c_eps n (log|a|_1 + 2) (log(log|a|_1 + 2))^{1+eps} (1 + log|a|_1)`` with the upper end
    of the rigorous enclosure of ``c_eps``.  It also bounds both truncated variants: truncation
    only moves probability onto steps ``<= r``, and the proof only uses lower bounds on the
    probabilities of steps ``2^j <= d_i <= r``.
    """
    log_a1 = math.log2(n * r)
    return (2 * math.e * _c_eps_upper(eps) * n * (log_a1 + 2)
            * math.log2(log_a1 + 2) ** (1 + float(eps)) * (1 + log_a1))


def base_budget(variant: str, n: int, r: int) -> float:
    """The budget for ``budget_factor = 1`` (see the constants above for the sources)."""
    algorithm = VARIANTS[variant].algorithm
    if algorithm == "ea-pm1":
        return pm1_bound(n, r)
    if algorithm == "ea-heavy":
        return heavy_bound(n, r)
    if algorithm == "rls-ab":
        return RLS_CAP * n * (1 + math.log2(n * r)) ** 2
    return float(CMA_CAP_PER_N * n)


def budget_for(variant: str, n: int, r: int, budget_factor: float) -> int:
    """``ceil(budget_factor * base_budget)``, at least 1 evaluation."""
    return max(1, math.ceil(budget_factor * base_budget(variant, n, r)))


# --------------------------------------------------------------------------------------------
# Grids.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """``runs`` runs of ``variant`` for every ``n`` in ``ns`` and ``r`` in ``rs``."""

    variant: str
    ns: tuple[int, ...]
    rs: tuple[int, ...]
    runs: int


def _pow10(lo: int, hi: int) -> tuple[int, ...]:
    return tuple(10**k for k in range(lo, hi + 1))


#: Section 6.2, item 1: "r from 10 till 150 with a step size of 10. Then ... r in {1e3, 1e4, 1e5}".
PAPER_PM1_R = (*range(10, 151, 10), 10**3, 10**4, 10**5)
#: Section 6.2, items 2-3: "r = 10^k, for k in {1, ..., 12}" (RLS, heavy-tailed and CMA-ESwM).
#: zonemax also runs the ±1 EA over this grid (a second cell; r in both grids share their runs):
#: the paper stops it at 10^5 because its run time is Theta(n r), and the fast engine's block
#: rule (zonemax.engine._ea_pm1) simulates it at any r in seconds per run.
PAPER_EXP_R = _pow10(1, 12)
#: Figure "allCom": "different line styles stand for different values of n"; Appendix A: n = 100
#: and n = 20.  "All results are averaged over 20 independent runs."
PAPER_N = (20, 100)
PAPER_RUNS = 20
#: Section 6.1: r in {10, 100, 1000}, n from 10 to 100 in steps of 10, 100 runs.
PAPER_FAIL_N = tuple(range(10, 101, 10))
PAPER_FAIL_R = (10, 100, 1000)
PAPER_FAIL_RUNS = 100

QUICK_N = (20, 100)  # Section 6's n values
QUICK_RUNS = 10
QUICK_EXP_R = (10, 100, 1000, 10**4, 10**6, 10**9, 10**12)

TINY_N = (2, 3)
TINY_RUNS = 3

GRIDS: dict[str, dict[str, tuple[Cell, ...]]] = {
    "paper": {
        "cma-failure": (Cell("cma-wm", PAPER_FAIL_N, PAPER_FAIL_R, PAPER_FAIL_RUNS),),
        "runtime": (
            Cell("ea-pm1", PAPER_N, PAPER_PM1_R, PAPER_RUNS),
            Cell("ea-pm1", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
            Cell("ea-heavy", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
            Cell("rls-2-0.5", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
            Cell("cma-wm", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
        ),
        "truncation": (
            Cell("ea-heavy-condition", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
            Cell("ea-heavy-clip", PAPER_N, PAPER_EXP_R, PAPER_RUNS),
        ),
    },
    "quick": {
        "cma-failure": (Cell("cma-wm", (10, 20, 30, 40, 50, 60), (10, 100), 10),),
        "runtime": (
            Cell("ea-pm1", QUICK_N, (10, 50, 100, 150, 1000, 10**4, 10**6, 10**9), QUICK_RUNS),
            Cell("ea-heavy", QUICK_N, QUICK_EXP_R, QUICK_RUNS),
            Cell("rls-2-0.5", QUICK_N, QUICK_EXP_R, QUICK_RUNS),
            # CMA-ESwM runs on the plain reference only (cmaes): n = 20 keeps quick quick.
            Cell("cma-wm", QUICK_N[:1], (10, 100, 1000, 10**4), QUICK_RUNS),
        ),
        "truncation": (
            Cell("ea-heavy-condition", QUICK_N, QUICK_EXP_R, QUICK_RUNS),
            Cell("ea-heavy-clip", QUICK_N, QUICK_EXP_R, QUICK_RUNS),
        ),
    },
    "tiny": {
        "cma-failure": (Cell("cma-wm", (2, 4), (5,), 3),),
        "runtime": (
            Cell("ea-pm1", TINY_N, (2, 8), TINY_RUNS),
            Cell("ea-heavy", TINY_N, (2,), TINY_RUNS),
            Cell("rls-2-0.5", TINY_N, (2, 8, 64), TINY_RUNS),
            Cell("cma-wm", TINY_N, (2, 8), TINY_RUNS),
        ),
        "truncation": (
            Cell("ea-heavy-condition", TINY_N, (2, 8, 64), TINY_RUNS),
            Cell("ea-heavy-clip", TINY_N, (2, 8, 64), TINY_RUNS),
        ),
    },
}
#: ``truncation`` compares its own cells with these ``runtime`` variants (shared runs).
TRUNCATION_SHARED = ("ea-heavy", "rls-2-0.5")


@dataclass(frozen=True, order=True)
class Task:
    """One run: its key ``(experiment, variant, n, r, run)`` and its evaluation budget."""

    experiment: str
    variant: str
    n: int
    r: int
    run: int
    budget: int

    @property
    def key(self) -> tuple[str, str, int, int, int]:
        return (self.experiment, self.variant, self.n, self.r, self.run)

    @property
    def spawn_key(self) -> tuple[int, int, int, int, int]:
        """``(experiment id, variant id, n, r, run)``: the SeedSequence spawn key."""
        return (EXPERIMENT_IDS[self.experiment], VARIANTS[self.variant].id, self.n, self.r,
                self.run)

    def seed(self, master_seed: int) -> np.random.SeedSequence:
        """``SeedSequence(entropy=master_seed, spawn_key=spawn_key)``: a function of the key."""
        return np.random.SeedSequence(entropy=master_seed, spawn_key=self.spawn_key)

    def spec(self) -> AlgorithmSpec:
        return make_spec(self.variant, self.n, self.r)


def check_scale(scale: str) -> str:
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; choose one of {', '.join(SCALES)}")
    return scale


def check_experiments(only: tuple[str, ...] | None) -> tuple[str, ...]:
    """Validate ``--only`` names; ``None`` or empty means all experiments."""
    if not only:
        return tuple(EXPERIMENT_IDS)
    unknown = [e for e in only if e not in EXPERIMENT_IDS]
    if unknown:
        raise ValueError(f"unknown experiment {', '.join(map(repr, unknown))}; choose from "
                         f"{', '.join(EXPERIMENT_IDS)}")
    return tuple(dict.fromkeys(only))


def check_budget_factor(value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"budget factor must be a number, got {type(value).__name__}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"budget factor must be a finite number > 0, got {value}")
    return float(value)


def cells_for(scale: str, experiment: str) -> tuple[tuple[str, Cell], ...]:
    """``(owning experiment, cell)`` pairs whose runs ``experiment`` needs at ``scale``."""
    grid = GRIDS[check_scale(scale)]
    if experiment == "boxplots":
        return tuple(("runtime", c) for c in grid["runtime"])
    own = tuple((experiment, c) for c in grid[experiment])
    if experiment == "truncation":
        trunc_ns = {n for c in grid["truncation"] for n in c.ns}
        shared = tuple(
            ("runtime", Cell(c.variant, tuple(n for n in c.ns if n in trunc_ns), c.rs, c.runs))
            for c in grid["runtime"] if c.variant in TRUNCATION_SHARED
        )
        return own + shared
    return own


def build_tasks(scale: str, experiments: tuple[str, ...] | None = None,
                budget_factor: float | None = None) -> tuple[Task, ...]:
    """All runs the given experiments need at ``scale`` (deduplicated, sorted by key)."""
    scale = check_scale(scale)
    factor = DEFAULT_BUDGET_FACTOR[scale] if budget_factor is None else \
        check_budget_factor(budget_factor)
    tasks: dict[tuple[str, str, int, int, int], Task] = {}
    for experiment in check_experiments(experiments):
        for owner, cell in cells_for(scale, experiment):
            for n in cell.ns:
                for r in cell.rs:
                    budget = budget_for(cell.variant, n, r, factor)
                    for run in range(cell.runs):
                        task = Task(owner, cell.variant, n, r, run, budget)
                        tasks[task.key] = task
    return tuple(sorted(tasks.values()))


#: Per-evaluation cost (microseconds) on the fast engine, from benchmarks/README.md (±1 EA about
#: 1e8 evaluations/s; the heavy-tailed and RLS kernels skip most iterations), plus a fixed
#: per-task overhead (Python call, tables) of about 200 microseconds.
FAST_PER_EVAL_US: dict[str, float] = {
    "ea-pm1": 0.01, "ea-heavy": 1e-4, "ea-heavy-condition": 0.01, "ea-heavy-clip": 0.01,
    "rls-2-0.5": 0.01,
}
#: CMA-ESwM cost model, fitted to the paper-scale records of 2026-11-26 (3480 runs, 2 workers):
#: successful runs need about n (8 log10 r + 11) evaluations (19 n at r = 10 to 83 n at
#: r = 10^9, n = 100); from r = 10^10 on a share of the runs exhausts the budget, and the mean
#: is about (0.1 + 0.6 n / 100) budget (n = 20: 0.17-0.44 budget, n = 100: 0.58-1.0); one
#: evaluation costs about 250 + 0.1 n^2 microseconds inside ``cmaes`` (0.25 ms at n <= 50,
#: 1.4 ms at n = 100).
CMA_LARGE_R = 10**10
FAST_TASK_OVERHEAD_US = 200.0


def estimated_cost(task: Task, engine: str = "reference") -> float:
    """Rough relative CPU cost of a task (scheduling order and ETA only; never in results).

    Expected evaluations ~ min(budget, a crude per-variant guess) times a per-evaluation cost
    measured for the reference implementation (microseconds; CMA-ESwM grows with n^2), or for
    the fast engine where it runs the task (:data:`FAST_PER_EVAL_US`).
    """
    n, r = task.n, task.r
    guess: dict[str, float] = {
        "ea-pm1": 3.0 * n * r + n * math.log(n + 1),
        "ea-heavy": 1e4 * n * math.log2(2 * n * r),
        "ea-heavy-condition": 4 * n * math.log2(2 * r) ** 2,
        "ea-heavy-clip": 3 * n * math.log(n + 1),
        "rls-2-0.5": 2 * n * math.log2(2 * n * r) ** 1.5,
        "cma-wm": (n * (8.0 * math.log10(r) + 11.0) if r < CMA_LARGE_R
                   else (0.1 + 0.6 * n / 100.0) * task.budget),
    }
    evaluations = min(float(task.budget), guess[task.variant])
    if engine == "fast" and task.variant in FAST_PER_EVAL_US:
        return evaluations * FAST_PER_EVAL_US[task.variant] + FAST_TASK_OVERHEAD_US
    per_eval = 250.0 + 0.1 * n * n if task.variant == "cma-wm" else 20.0
    return evaluations * per_eval + 1e3
