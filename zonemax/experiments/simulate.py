"""One run of one task: the single plug-in point for simulation engines.

:func:`simulate` is the only place that decides *how* a run is simulated.  ``engine="reference"``
calls :func:`zonemax.runner.run_reference`; ``engine="fast"`` uses the numba engine
(:func:`zonemax.runner.run_fast_seeds`) where it supports the algorithm and the target, and falls
back to the reference otherwise (CMA-ESwM, targets beyond int64).
Every record says which engine actually ran.  Both engines are equal in law, not stream-for-
stream, so records of different engines are statistically interchangeable but not identical.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import numpy as np

from zonemax.experiments.design import VARIANTS, Task
from zonemax.runner import AlgorithmSpec, fast_supports, run_fast_seeds, run_reference

ENGINES = ("reference", "fast")


@dataclass(frozen=True)
class Outcome:
    """What one simulated run returns."""

    evaluations: int
    solved: bool
    reason: str
    engine: str


@dataclass(frozen=True)
class RunRecord:
    """One row of ``runs.csv``: the run's key, seed, budget and outcome."""

    experiment: str
    algorithm: str
    params: str
    n: int
    r: int
    run: int
    seed_entropy: int
    spawn_key: str
    budget: int
    evaluations: int
    solved: bool
    censored: bool
    reason: str
    engine: str
    wall_seconds: float

    @property
    def key(self) -> tuple[str, str, int, int, int]:
        return (self.experiment, self.algorithm, self.n, self.r, self.run)

    def comparable(self) -> tuple[object, ...]:
        """Everything except the wall time (equal for equal seeds and engine)."""
        return (self.experiment, self.algorithm, self.params, self.n, self.r, self.run,
                self.seed_entropy, self.spawn_key, self.budget, self.evaluations, self.solved,
                self.censored, self.reason, self.engine)


def check_engine(engine: str) -> str:
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    return engine


def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, budget: int | None,
             engine: str = "fast") -> Outcome:
    """Run ``spec`` once with ``np.random.default_rng(seed)``; see the module docstring."""
    check_engine(engine)
    if engine == "fast" and fast_supports(spec):
        (evaluations,), (solved,) = run_fast_seeds(spec, [seed], budget)
        return Outcome(evaluations, solved, "optimum" if solved else "budget", "fast")
    res = run_reference(spec, rng=np.random.default_rng(seed), budget=budget)
    return Outcome(res.evaluations, res.solved, res.reason, "reference")


def task_params(task: Task) -> str:
    """The spec's parameters as compact JSON (without the all-r target itself)."""
    params = {k: v for k, v in task.spec().params().items() if k not in ("a", "n")}
    params["variant"] = VARIANTS[task.variant].label
    return json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def run_task(task: Task, master_seed: int, engine: str) -> RunRecord:
    """Simulate one task (runs in worker processes / Dask workers; must stay picklable)."""
    start = time.perf_counter()
    outcome = simulate(task.spec(), task.seed(master_seed), task.budget, engine)
    wall = time.perf_counter() - start
    return RunRecord(
        experiment=task.experiment, algorithm=task.variant, params=task_params(task),
        n=task.n, r=task.r, run=task.run, seed_entropy=master_seed,
        spawn_key="-".join(map(str, task.spawn_key)), budget=task.budget,
        evaluations=outcome.evaluations, solved=outcome.solved, censored=not outcome.solved,
        reason=outcome.reason, engine=outcome.engine, wall_seconds=round(wall, 6),
    )
