"""Runs of an algorithm spec: the single plug-in point for simulation engines.

:func:`simulate` (one run) and :func:`iter_runs` (``zonemax run``, streamed) are the only places
that decide *how* a run is simulated.  ``engine="reference"`` calls :func:`zonemax.reference.run`;
``engine="fast"`` uses the numba engine (:func:`zonemax.engine.run_seeds`) where it supports the
algorithm and the target, and falls back to the reference otherwise (CMA-ESwM, targets beyond
int64, budgets beyond the engine's range of counts, ``2^62``).  A fast-engine run without a
budget that would need ``2^62`` evaluations or more has the reason :data:`BEYOND_RANGE` (its
evaluations, ``2^62``, are a lower bound, not a run time).  Every result says which engine
actually ran.  Both engines are equal in law, not stream-for-
stream, so records of different engines are statistically interchangeable but not identical.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from zonemax.experiments.design import ENGINES, VARIANTS, Task
from zonemax.reference._common import Observer
from zonemax.reference.fitness import norm_1
from zonemax.reference.params import short_number
from zonemax.reference.runner import run as run_reference
from zonemax.reference.spec import AlgorithmSpec

__all__ = ["BEYOND_RANGE", "ENGINES", "Batch", "Chunk", "Outcome", "RunRecord", "default_engine",
           "fast_engine_problem", "iter_runs", "run_batch", "run_seed", "run_task", "simulate"]

#: What the fast engine runs (:data:`zonemax.engine.ALGORITHMS` and its int64 rule
#: ``4 |a|_1 < 2^63``, :data:`zonemax.engine.INT64_LIMIT`), restated here so that choosing an
#: engine does not import numba; ``tests/test_cli_run.py`` checks that both agree.
FAST_ALGORITHMS = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "ea-geom", "rls-geom",
                   "ea-power", "rls-power")
FAST_INT64_LIMIT = 1 << 63
#: ... and its largest ``alpha`` of ``rls-ab`` (:data:`zonemax.engine.api.MAX_ALPHA`: float64
#: velocities below ``alpha * 2^62`` stay finite), restated for the same reason.
FAST_MAX_ALPHA = Fraction(sys.float_info.max) / 2**62
#: ... and its range of counts (:data:`zonemax.engine.COUNT_RANGE`): budgets below it only.
FAST_COUNT_RANGE = 1 << 62
#: The reason of a fast-engine run without a budget that left the range of counts (not solved,
#: not censored at a budget; its evaluations are ``2^62``, a lower bound).
BEYOND_RANGE = "beyond-range"


def _reason(solved: bool, beyond: bool) -> str:
    return "optimum" if solved else BEYOND_RANGE if beyond else "budget"


def run_seeds(spec: AlgorithmSpec, seeds: list[np.random.SeedSequence],
              budget: int | None, progress: Callable[[int, int, int], None] | None = None
              ) -> Any:
    """:func:`zonemax.engine.run_seeds`, imported on first use (numba)."""
    from zonemax.engine import run_seeds as engine_run_seeds

    return engine_run_seeds(spec, seeds, budget=budget, progress=progress)


#: Inside a reference run, ``progress`` is told every this many evaluations (computing ``f``
#: costs O(n), a reference evaluation about 5 microseconds: 4096 of them make it negligible).
PROGRESS_EVALUATIONS = 4096


def _reporting(k: int, progress: Callable[[int, int, int], None], target: tuple[int, ...],
               inner: Observer | None) -> Observer:
    """An observer of reference run ``k`` that tells ``progress(k, evaluations, f)`` every
    :data:`PROGRESS_EVALUATIONS` evaluations and passes every evaluation on to ``inner``."""
    from zonemax.reference.fitness import fitness

    def observe(t: int, x: tuple[int, ...]) -> None:
        if inner is not None:
            inner(t, x)
        if t % PROGRESS_EVALUATIONS == 0:
            progress(k, t, fitness(x, target))

    return observe


def supports(spec: AlgorithmSpec) -> bool:
    """Whether the fast engine runs ``spec`` (see :data:`FAST_ALGORITHMS`)."""
    return spec.algorithm in FAST_ALGORITHMS and 4 * norm_1(spec.a) < FAST_INT64_LIMIT


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


def fast_engine_problem(spec: AlgorithmSpec) -> str | None:
    """Why the fast engine would not run ``spec`` faithfully, or ``None``.

    The engine supports the algorithm and an int64 target (:func:`zonemax.engine.supports`),
    and computes RLS_{alpha,beta}'s velocities in float64: an ``alpha`` or ``beta`` that
    float64 rounds to 1 (or to 0, or past its range) would silently run another algorithm.
    """
    if not supports(spec):
        return (f"the fast engine does not run {spec.algorithm}" if spec.algorithm == "cma-wm"
                else "the fast engine needs 4 |a|_1 < 2^63 (int64)")
    if spec.algorithm == "rls-ab" and spec.alpha is not None and spec.alpha > FAST_MAX_ALPHA:
        return (f"the fast engine holds velocities in float64 and needs alpha <= "
                f"{float(FAST_MAX_ALPHA):.3g}, got alpha = {float(spec.alpha):.3g}")
    if spec.alpha is not None and spec.beta is not None:
        try:
            alpha, beta = float(spec.alpha), float(spec.beta)
        except OverflowError:
            return "alpha or beta is outside the float64 range of the fast engine"
        if not (1.0 < alpha < float("inf")) or not (0.0 < beta < 1.0):
            return (f"alpha = {short_number(spec.alpha)} or beta = {short_number(spec.beta)} "
                    "rounds to a value outside Algorithm 2's ranges in the fast engine's float64")
    return None


def default_engine(spec: AlgorithmSpec) -> str:
    """``fast`` where the engine runs ``spec`` faithfully, else ``reference`` (Python ints)."""
    return "fast" if fast_engine_problem(spec) is None else "reference"


def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, budget: int | None,
             engine: str = "fast") -> Outcome:
    """Run ``spec`` once with ``np.random.default_rng(seed)``; see the module docstring."""
    check_engine(engine)
    in_range = budget is None or budget < FAST_COUNT_RANGE
    if engine == "fast" and fast_engine_problem(spec) is None and in_range:
        batch = run_seeds(spec, [seed], budget=budget)
        solved = bool(batch.solved[0])
        return Outcome(int(batch.evaluations[0]), solved,
                       _reason(solved, bool(batch.beyond_range[0])), "fast")
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


@dataclass(frozen=True)
class Chunk:
    """Consecutive runs ``start, start + 1, ...`` of a :func:`iter_runs` stream."""

    start: int
    evaluations: tuple[int, ...]
    solved: tuple[bool, ...]
    reasons: tuple[str, ...]


#: Largest chunk of fast-engine runs between two progress updates, and the wall time a chunk
#: should take (chunks start at one run and double while they are faster than this).
MAX_CHUNK = 1 << 16
CHUNK_SECONDS = 0.25


def run_seed(seed: int, k: int) -> np.random.SeedSequence:
    """The seed of run ``k``: ``SeedSequence(seed).spawn(k + 1)[k]``, built without the others."""
    return np.random.SeedSequence(seed, spawn_key=(k,))


def _shifted(progress: Callable[[int, int, int], None], first: int
             ) -> Callable[[int, int, int], None]:
    """``progress`` for a batch whose run 0 is run ``first`` of the stream."""
    return lambda i, t, f: progress(first + i, t, f)


def iter_runs(spec: AlgorithmSpec, *, runs: int, seed: int, budget: int | None = None,
              engine: str = "reference",
              observer: Callable[[int], Observer] | None = None,
              progress: Callable[[int, int, int], None] | None = None) -> Iterator[Chunk]:
    """``runs`` runs of ``spec`` as a stream of chunks (memory does not grow with ``runs``).

    Run ``k`` uses ``SeedSequence(seed).spawn(runs)[k]`` (:func:`run_seed`), so a run's result
    does not depend on how many runs are requested or on the chunking.  ``engine="fast"`` runs
    growing chunks on the numba engine (one run at first, doubling while a chunk takes less than
    :data:`CHUNK_SECONDS`), ``"reference"`` one run per chunk.  ``observer(k)``, if given, is
    the observer of reference run ``k`` (:func:`zonemax.reference.run`; the fast engine takes
    none): it sees every evaluation, e.g. to record IOH data
    (:mod:`zonemax.experiments.ioh_export`).  ``progress(k, evaluations, f)``, if given, hears
    from inside run ``k`` while it goes on (the fast engine between its steps, with a lower
    bound on the evaluations and an upper bound on ``f``; the reference every
    :data:`PROGRESS_EVALUATIONS` evaluations, exactly).
    """
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be an integer >= 1, got {runs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    check_engine(engine)
    k = 0
    size = 1
    while k < runs:
        if engine == "fast":
            stop = min(runs, k + size)
            t0 = time.perf_counter()
            fast = run_seeds(spec, [run_seed(seed, j) for j in range(k, stop)], budget=budget,
                             progress=None if progress is None else _shifted(progress, k))
            if time.perf_counter() - t0 < CHUNK_SECONDS:
                size = min(2 * size, MAX_CHUNK)
            ok = tuple(bool(s) for s in fast.solved)
            yield Chunk(k, tuple(int(e) for e in fast.evaluations), ok,
                        tuple(_reason(s, bool(b)) for s, b in zip(ok, fast.beyond_range,
                                                                  strict=True)))
            k = stop
        else:
            inner = None if observer is None else observer(k)
            if progress is not None:
                inner = _reporting(k, progress, spec.a, inner)
            res = run_reference(spec, rng=np.random.default_rng(run_seed(seed, k)),
                                budget=budget, observer=inner)
            yield Chunk(k, (res.evaluations,), (res.solved,), (res.reason,))
            k += 1


def run_batch(
    spec: AlgorithmSpec,
    *,
    runs: int,
    seed: int,
    budget: int | None = None,
    engine: str = "reference",
    progress: Callable[[int, int], None] | None = None,
) -> Batch:
    """All runs of :func:`iter_runs` collected into a :class:`Batch` (library use; the command
    line streams instead)."""
    evaluations: list[int] = []
    solved: list[bool] = []
    reasons: list[str] = []
    for chunk in iter_runs(spec, runs=runs, seed=seed, budget=budget, engine=engine):
        evaluations += chunk.evaluations
        solved += chunk.solved
        reasons += chunk.reasons
        if progress is not None:
            progress(len(evaluations), runs)
    return Batch(spec, seed, engine, tuple(evaluations), tuple(solved), tuple(reasons))


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
