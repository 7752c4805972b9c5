"""Runs of an algorithm spec: the single plug-in point for simulation engines.

:func:`simulate` (one run) and :func:`run_batch` (``zonemax run``) are the only places that
decide *how* a run is simulated.  ``engine="reference"`` calls :func:`zonemax.reference.run`;
``engine="fast"`` uses the numba engine (:func:`zonemax.engine.run_seeds`) where it supports the
algorithm and the target, and falls back to the reference otherwise (CMA-ESwM, targets beyond
int64).  Every result says which engine actually ran.  Both engines are equal in law, not stream-for-
stream, so records of different engines are statistically interchangeable but not identical.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from zonemax.engine import run_seeds, supports
from zonemax.experiments.design import VARIANTS, Task
from zonemax.reference.runner import run as run_reference
from zonemax.reference.spec import AlgorithmSpec

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


def default_engine(spec: AlgorithmSpec) -> str:
    """``fast`` where the engine supports ``spec``, else ``reference`` (Python ints)."""
    return "fast" if supports(spec) else "reference"


def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, budget: int | None,
             engine: str = "fast") -> Outcome:
    """Run ``spec`` once with ``np.random.default_rng(seed)``; see the module docstring."""
    check_engine(engine)
    if engine == "fast" and supports(spec):
        batch = run_seeds(spec, [seed], budget=budget)
        solved = bool(batch.solved[0])
        return Outcome(int(batch.evaluations[0]), solved, "optimum" if solved else "budget",
                       "fast")
    res = run_reference(spec, rng=np.random.default_rng(seed), budget=budget)
    return Outcome(res.evaluations, res.solved, res.reason, "reference")


@dataclass(frozen=True)
class Batch:
    """Results of ``runs`` independent runs of one spec (``zonemax run``)."""

    spec: AlgorithmSpec
    seed: int
    engine: str
    evaluations: tuple[int, ...]
    solved: tuple[bool, ...]
    reasons: tuple[str, ...]

    @property
    def runs(self) -> int:
        return len(self.evaluations)


def run_batch(
    spec: AlgorithmSpec,
    *,
    runs: int,
    seed: int,
    budget: int | None = None,
    engine: str = "reference",
    progress: Callable[[int, int], None] | None = None,
) -> Batch:
    """Run ``spec`` ``runs`` times; run ``k`` uses ``SeedSequence(seed).spawn(runs)[k]``, so a
    run's result does not depend on how many runs are requested."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be an integer >= 1, got {runs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    check_engine(engine)
    children = np.random.SeedSequence(seed).spawn(runs)
    if engine == "fast":
        fast = run_seeds(spec, children, budget=budget)
        ok = tuple(bool(s) for s in fast.solved)
        return Batch(spec, seed, "fast", tuple(int(e) for e in fast.evaluations), ok,
                     tuple("optimum" if s else "budget" for s in ok))
    results = []
    for k, child in enumerate(children):
        results.append(run_reference(spec, rng=np.random.default_rng(child), budget=budget))
        if progress is not None:
            progress(k + 1, runs)
    return Batch(spec, seed, "reference", tuple(r.evaluations for r in results),
                 tuple(r.solved for r in results), tuple(r.reason for r in results))


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
