"""Independent runs of one :class:`~zonemax.reference.spec.AlgorithmSpec` with the fast engine.

Algorithms the engine runs (:data:`ALGORITHMS`): ``ea-pm1``, ``ea-heavy``, ``rls-pm1``,
``rls-heavy`` and ``rls-ab`` (see :mod:`zonemax.reference.spec`); targets need ``4 |a|_1 < 2^63``
(:data:`INT64_LIMIT`).  CMA-ESwM and larger targets run on the reference (Python ints).

Run ``i`` uses ``np.random.default_rng(seeds[i])`` (SPEC 7); :func:`run_many` takes
``seeds = SeedSequence(seed).spawn(runs)``, so a result depends on ``seed`` and ``runs`` only,
not on ``jobs``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from zonemax.engine._ea_heavy import ea_heavy_run
from zonemax.engine._ea_pm1 import DEFAULT_RULE, ea_pm1_run
from zonemax.engine._heavy_law import heavy_tables
from zonemax.engine._pm1_patterns import CACHE_MAX_SLOTS, new_cache
from zonemax.engine._rls_ab import rls_ab_run
from zonemax.engine._rls_heavy import rls_heavy_run
from zonemax.engine._rls_pm1 import rls_pm1_run
from zonemax.engine._state import NO_BUDGET
from zonemax.reference.fitness import norm_1, validate_target
from zonemax.reference.spec import AlgorithmSpec

#: The algorithms the fast engine runs.
ALGORITHMS: tuple[str, ...] = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab")
#: int64 safety bound: the engine needs ``4 |a|_1 < 2^63``.  Derivation: ``f`` never increases,
#: so ``D_i <= f <= |a|_1``; a step is only applied when ``|s| <= 2 f`` (longer steps are never
#: accepted), so every intermediate ``D_i +- s`` is at most ``3 |a|_1``; and the admissibility
#: limit ``2 f`` must stay below ``2^62`` (:data:`zonemax.engine._heavy_law.J_MAX`).
INT64_LIMIT = 1 << 63


@dataclass(frozen=True, eq=False)
class Batch:
    """Outcome of :func:`run_many`; entry ``i`` belongs to run ``i`` (``SeedSequence`` child ``i``).

    Attributes
    ----------
    evaluations:
        int64 array: the optimisation time ``T`` of each run (every iteration counts); for an
        unsolved (censored) run, the budget.
    solved:
        bool array: ``True`` iff the run reached ``f(x) = 0`` within the budget.
    """

    evaluations: np.ndarray
    solved: np.ndarray

    def __len__(self) -> int:
        return int(self.evaluations.shape[0])


def _check_int(value: object, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)


def check_target(a: Sequence[int]) -> np.ndarray:
    """Validate ``a`` and return the initial distance vector ``|a - 0^n|`` as int64.

    Raises ``ValueError`` when ``4 |a|_1 >= 2^63`` (see :data:`INT64_LIMIT`).
    """
    target = validate_target(a)
    if 4 * norm_1(target) >= INT64_LIMIT:
        raise ValueError(
            f"the fast engine uses int64 and needs 4*|a|_1 < 2^63, got |a|_1 = {norm_1(target)}; "
            "use the reference engine (zonemax.reference.run), which uses Python ints, "
            "or a smaller target"
        )
    return np.array([abs(ai) for ai in target], dtype=np.int64)


def supports(spec: AlgorithmSpec) -> bool:
    """Whether the fast engine runs ``spec`` (its algorithm, and a target within int64)."""
    return spec.algorithm in ALGORITHMS and 4 * norm_1(spec.a) < INT64_LIMIT


def run_many(spec: AlgorithmSpec, *, runs: int, seed: int, budget: int | None,
             jobs: int = 1) -> Batch:
    """``runs`` independent runs of ``spec`` from ``x = 0^n``; run ``i`` uses
    ``SeedSequence(seed).spawn(runs)[i]``.

    ``budget`` is the evaluation budget per run (``None``: no limit); ``jobs`` worker threads
    (the kernels release the GIL) do not change the result.
    """
    runs = _check_int(runs, "runs", 0)
    seed = _check_int(seed, "seed", 0)
    return run_seeds(spec, np.random.SeedSequence(seed).spawn(runs), budget=budget, jobs=jobs)


def run_seeds(spec: AlgorithmSpec, seeds: Sequence[np.random.SeedSequence], *,
              budget: int | None, jobs: int = 1) -> Batch:
    """Like :func:`run_many`, with one explicit ``SeedSequence`` per run (run ``i`` uses
    ``np.random.default_rng(seeds[i])``); used where seeds are derived from run keys."""
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if spec.algorithm not in ALGORITHMS:
        raise ValueError(
            f"the fast engine does not implement {spec.algorithm}; use the reference engine"
        )
    dist0 = check_target(spec.a)
    jobs = _check_int(jobs, "jobs", 1)
    runs = len(seeds)
    budget_int = NO_BUDGET if budget is None else min(_check_int(budget, "budget", 0), NO_BUDGET)
    kernel = _make_kernel(spec)

    children = list(seeds)
    evaluations = np.empty(runs, dtype=np.int64)
    solved = np.empty(runs, dtype=np.bool_)

    def work(start: int, stop: int) -> None:
        run = kernel(dist0.shape[0])  # one per worker chunk: may hold a table cache
        for i in range(start, stop):
            t, ok = run(np.random.default_rng(children[i]), dist0, budget_int)
            evaluations[i] = t
            solved[i] = ok

    if jobs == 1 or runs <= 1:
        work(0, runs)
    else:
        # a few chunks per worker for balance; run i always uses child i
        n_chunks = min(runs, 4 * jobs)
        bounds = np.linspace(0, runs, n_chunks + 1).astype(int)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(work, lo, hi)
                       for lo, hi in itertools.pairwise(bounds.tolist())]
            for fut in futures:
                fut.result()
    evaluations.setflags(write=False)
    solved.setflags(write=False)
    return Batch(evaluations=evaluations, solved=solved)


def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
             budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    """``runs`` runs of ``spec``, run ``k`` with ``seed.spawn(runs)[k]``, as arrays
    ``(evaluations, solved)``: the batch-simulator interface of the statistical families
    (:data:`zonemax.stats_tests.machinery.Simulator`)."""
    batch = run_seeds(spec, seed.spawn(runs), budget=budget)
    return np.asarray(batch.evaluations), np.asarray(batch.solved)


Kernel = Callable[[np.random.Generator, np.ndarray, int], tuple[int, bool]]
#: ``n -> kernel`` for one worker chunk (runs one after another, same ``n``).
KernelFactory = Callable[[int], Kernel]


def _pm1_kernel(n: int) -> Kernel:
    """The ±1 EA kernel with a table cache shared by the runs of one worker chunk
    (:data:`zonemax.engine._pm1_patterns.CACHE_MAX_SLOTS`); tables draw no randomness, so
    sharing them does not change any run."""
    cache = new_cache(min(n + 1, CACHE_MAX_SLOTS))

    def ea_pm1(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
        return ea_pm1_run(rng, dist0, budget, DEFAULT_RULE, cache)

    return ea_pm1


def _make_kernel(spec: AlgorithmSpec) -> KernelFactory:
    """Bind the spec's (already validated) parameters to its algorithm's kernel."""
    if spec.heavy:
        assert spec.eps is not None
        tables = heavy_tables(spec.eps, spec.log_base, spec.truncate, spec.r)
        heavy_run = ea_heavy_run if spec.algorithm == "ea-heavy" else rls_heavy_run

        def heavy(rng: np.random.Generator, dist0: np.ndarray, budget: int
                  ) -> tuple[int, bool]:
            return heavy_run(rng, dist0, budget, tables.cum, tables.tail,
                             tables.jtop, tables.clip, tables.r)

        return lambda n: heavy
    if spec.algorithm == "rls-ab":
        assert spec.alpha is not None and spec.beta is not None
        alpha_f, beta_f = float(spec.alpha), float(spec.beta)

        def rls_ab(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
            return rls_ab_run(rng, dist0, budget, alpha_f, beta_f)

        return lambda n: rls_ab
    if spec.algorithm == "ea-pm1":
        return _pm1_kernel
    return lambda n: rls_pm1_run
