"""Rough cost model of a run: scheduling order (most expensive first) and the ETA only.

Never part of a result.  :func:`estimated_cost` multiplies a crude guess of a run's evaluations
(capped by its budget) by a per-evaluation cost measured for the plain reference or, where it
runs the variant, for the fast engine.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zonemax.experiments.design import Task

#: Per-evaluation cost (microseconds) on the fast engine, from benchmarks/README.md (±1 EA about
#: 1e8 evaluations/s; the heavy-tailed and RLS kernels skip most iterations), plus a fixed
#: per-task overhead (Python call, tables) of about 200 microseconds.
FAST_PER_EVAL_US: dict[str, float] = {
    "ea-pm1": 0.01, "ea-heavy": 1e-4, "ea-heavy-condition": 0.01, "ea-heavy-clip": 0.01,
    "rls-2-0.5": 0.01, "rls-pm1": 0.01, "rls-heavy": 1e-4, "rls-heavy-condition": 0.01,
}
FAST_TASK_OVERHEAD_US = 200.0
#: Per-evaluation cost (microseconds) of the fast engine's magnitude-law kernels (the
#: double-geometric and power-law variants), at most: one useful iteration costs about 0.08.
FAST_LAW_PER_EVAL_US = 0.08
#: The ±1 EA's block rule (zonemax.engine._ea_pm1) makes a run's cost sublinear in r: fitted to
#: benchmarks/run.py's Table 4 (n = 100: 0.013 s at r = 10^4, 0.12 s at 10^6, 0.37 s at 10^8,
#: 1.4 s at 10^10, 10 s at 10^12), about (n / 100) (10^5 + 10 sqrt(r)) microseconds at most.
PM1_BLOCK_BASE_US = 1e5
PM1_BLOCK_SQRT_US = 10.0
#: Per-evaluation cost (microseconds) of the plain reference: about 20 for the paper's operators;
#: the double-geometric and power-law samplers decide every step exactly with Arb balls, about
#: 60 (measured for n = 20, r <= 10^4 on the 2-core development machine: 28-100).
REFERENCE_PER_EVAL_US = 20.0
EXACT_SAMPLER_PER_EVAL_US = 60.0
#: CMA-ESwM cost model, fitted to the paper-scale records of 2026-11-26 (3480 runs, 2 workers):
#: successful runs need about n (8 log10 r + 11) evaluations (19 n at r = 10 to 83 n at
#: r = 10^9, n = 100); from r = 10^10 on a share of the runs exhausts the budget, and the mean
#: is about (0.1 + 0.6 n / 100) budget (n = 20: 0.17-0.44 budget, n = 100: 0.58-1.0); one
#: evaluation costs about 250 + 0.1 n^2 microseconds inside ``cmaes`` (0.25 ms at n <= 50,
#: 1.4 ms at n = 100).
CMA_LARGE_R = 10**10
#: The fast engine runs ``rls-pm1`` and ``rls-geom`` position by position (zonemax.engine.
#: _rls_positions): at most about 2.3 microseconds per position whatever r (n = 100, r = 10^12,
#: double-geometric with mean 10^12; ±1 about 0.3).
FAST_POSITION_US = 2.5


def _guess(variant: str, n: int, r: int, budget: int) -> float:
    """Crude expected evaluations of ``variant`` at (n, r) (pilot runs, 3 seeds per cell)."""
    log_r = math.log(r + 1)
    sqrt_r = math.sqrt(r)
    guesses: dict[str, float] = {
        "ea-pm1": 3.0 * n * r + n * math.log(n + 1),
        "rls-pm1": 2.0 * n * r,
        "ea-heavy": 1e4 * n * math.log2(2 * n * r),
        "ea-heavy-condition": 4 * n * math.log2(2 * r) ** 2,
        "ea-heavy-clip": 3 * n * math.log(n + 1),
        "rls-2-0.5": 2 * n * math.log2(2 * n * r) ** 1.5,
        "cma-wm": (n * (8.0 * math.log10(r) + 11.0) if r < CMA_LARGE_R
                   else (0.1 + 0.6 * n / 100.0) * budget),
        "geom-1": 2.5 * n * r, "geom-sqrt-r": 10 * n * sqrt_r, "geom-r": 10 * n * r,
        "power-1.5": 10 * n * sqrt_r, "power-2": 6 * n * r / log_r, "power-3": 2.5 * n * r,
    }
    guesses["rls-heavy"] = guesses["ea-heavy"]
    guesses["rls-heavy-condition"] = guesses["ea-heavy-condition"]
    key = variant if variant in guesses else variant.split("-", 1)[1]
    return guesses[key]


def estimated_cost(task: Task, engine: str = "reference") -> float:
    """Rough relative CPU cost of a task (scheduling order and ETA only; never in results).

    Expected evaluations ~ min(budget, a crude per-variant guess) times a per-evaluation cost
    measured for the reference implementation (microseconds; CMA-ESwM grows with n^2), or for
    the fast engine where it runs the task (:data:`FAST_PER_EVAL_US`).
    """
    n = task.n
    evaluations = min(float(task.budget), _guess(task.variant, n, task.r, task.budget))
    if engine == "fast" and (task.variant == "rls-pm1" or task.variant.startswith("rls-geom-")):
        return n * FAST_POSITION_US + FAST_TASK_OVERHEAD_US
    if engine == "fast" and ("-geom-" in task.variant or "-power-" in task.variant):
        # magnitude-law kernels: about 80 ns per useful iteration (measured, zonemax.commands.
        # _preflight.LAW_USEFUL_MICROSECONDS), and most iterations are useful at worst
        return evaluations * FAST_LAW_PER_EVAL_US + FAST_TASK_OVERHEAD_US
    if engine == "fast" and task.variant in FAST_PER_EVAL_US:
        cost = evaluations * FAST_PER_EVAL_US[task.variant]
        if task.variant == "ea-pm1":
            cost = min(cost, n / 100 * (PM1_BLOCK_BASE_US + PM1_BLOCK_SQRT_US * math.sqrt(task.r)))
        return cost + FAST_TASK_OVERHEAD_US
    if task.variant == "cma-wm":
        per_eval = 250.0 + 0.1 * n * n
    elif "-geom-" in task.variant or "-power-" in task.variant:
        per_eval = EXACT_SAMPLER_PER_EVAL_US
    else:
        per_eval = REFERENCE_PER_EVAL_US
    return evaluations * per_eval + 1e3
