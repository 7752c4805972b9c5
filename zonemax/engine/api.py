"""``run_many``: independent runs of one algorithm on one target with the fast engine.

Algorithm names (the command line's ``zonemax run ... --engine fast``):

* ``ea-pm1``    -- (1+1) EA, ±1 operator (Algorithm 1, Definition 1);
* ``ea-heavy``  -- (1+1) EA, heavy-tailed operator (Algorithm 1, Definition 2);
* ``rls-pm1``   -- plain RLS, ±1 operator (Section 2);
* ``rls-heavy`` -- plain RLS, heavy-tailed operator (Section 2);
* ``rls-ab``    -- RLS_{alpha,beta} (Algorithm 2).

Run ``i`` uses ``np.random.default_rng(SeedSequence(seed).spawn(runs)[i])`` (SPEC 7), so the
result depends on ``seed`` and ``runs`` only, not on ``jobs``.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np

from zonemax.reference.fitness import norm_1, validate_target
from zonemax.reference.heavy_tailed import HeavyTailed, LogBase, Truncation, check_eps
from zonemax.reference.rls_ab import OutsideTheoremWarning, check_alpha_beta, rls_ab_hypotheses
from zonemax.engine import _kernels
from zonemax.engine._tables import heavy_tables

Algorithm = Literal["ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab"]
#: The algorithm names :func:`run_many` accepts.
ALGORITHMS: tuple[str, ...] = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab")
_HEAVY = ("ea-heavy", "rls-heavy")
#: int64 safety bound: the engine needs ``4 |a|_1 < 2^63``.  Derivation: ``f`` never increases,
#: so ``D_i <= f <= |a|_1``; a step is only applied when ``|s| <= 2 f`` (longer steps are never
#: accepted), so every intermediate ``D_i +- s`` is at most ``3 |a|_1``; and the admissibility
#: limit ``2 f`` must stay below ``2^62`` (:data:`zonemax.engine._tables.J_MAX`).
INT64_LIMIT = 1 << 63
#: Default (alpha, beta) of RLS_{alpha,beta}: the reference's defaults (Section 5's example).
DEFAULT_ALPHA = Fraction(17, 10)
DEFAULT_BETA = Fraction(9, 10)


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
            "use the reference implementation (zonemax.reference.one_plus_one_ea, zonemax.reference.rls, "
            "zonemax.reference.rls_ab), which uses Python ints, or a smaller target"
        )
    return np.array([abs(ai) for ai in target], dtype=np.int64)


def run_many(
    algorithm: str,
    a: Sequence[int],
    *,
    eps: float | int | Fraction | str | None = None,
    log_base: LogBase = 2,
    truncate: Truncation = "none",
    r: int | None = None,
    alpha: float | int | Fraction | str | None = None,
    beta: float | int | Fraction | str | None = None,
    runs: int,
    seed: int,
    budget: int | None,
    jobs: int = 1,
    warn: bool = True,
) -> Batch:
    """Run ``runs`` independent runs of ``algorithm`` from ``x = 0^n`` on ``f_a``.

    Parameters
    ----------
    algorithm:
        One of :data:`ALGORITHMS`.
    a:
        Target in Z^n with ``4 |a|_1 < 2^63``.
    eps, log_base, truncate, r:
        Heavy-tailed operator (Definition 2), as in :class:`zonemax.reference.heavy_tailed.HeavyTailed`;
        only for ``ea-heavy`` and ``rls-heavy`` (``eps`` required there).
    alpha, beta:
        RLS_{alpha,beta} parameters (default 17/10 and 9/10, the reference's); only for
        ``rls-ab``.  Used as float64 (see :func:`zonemax.engine._kernels.rls_ab_run`).
    runs, seed:
        Number of runs and the root of ``np.random.SeedSequence(seed).spawn(runs)``.
    budget:
        Evaluation budget per run, or ``None`` for no limit.
    jobs:
        Worker threads (the kernels release the GIL); the result does not depend on it.
    warn:
        Emit :class:`zonemax.reference.rls_ab.OutsideTheoremWarning` as the reference does.
    """
    runs = _check_int(runs, "runs", 0)
    seed = _check_int(seed, "seed", 0)
    return run_seeds(algorithm, a, np.random.SeedSequence(seed).spawn(runs), eps=eps,
                     log_base=log_base, truncate=truncate, r=r, alpha=alpha, beta=beta,
                     budget=budget, jobs=jobs, warn=warn)


def run_seeds(
    algorithm: str,
    a: Sequence[int],
    seeds: Sequence[np.random.SeedSequence],
    *,
    eps: float | int | Fraction | str | None = None,
    log_base: LogBase = 2,
    truncate: Truncation = "none",
    r: int | None = None,
    alpha: float | int | Fraction | str | None = None,
    beta: float | int | Fraction | str | None = None,
    budget: int | None,
    jobs: int = 1,
    warn: bool = True,
) -> Batch:
    """Like :func:`run_many`, with one explicit ``SeedSequence`` per run (run ``i`` uses
    ``np.random.default_rng(seeds[i])``); used where seeds are derived from run keys."""
    if algorithm not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    dist0 = check_target(a)
    jobs = _check_int(jobs, "jobs", 1)
    runs = len(seeds)
    if budget is None:
        budget_int = int(_kernels.NO_BUDGET)
    else:
        budget_int = min(_check_int(budget, "budget", 0), int(_kernels.NO_BUDGET))
    kernel = _make_kernel(algorithm, eps=eps, log_base=log_base, truncate=truncate, r=r,
                          alpha=alpha, beta=beta, warn=warn)

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


def simulator(
    algorithm: str, **params: object
) -> Callable[[tuple[int, ...], np.random.SeedSequence, int, int | None],
              tuple[np.ndarray, np.ndarray]]:
    """A batch simulator ``(a, seed, runs, budget) -> (evaluations, solved)`` for the
    statistical tests: run ``k`` uses ``seed.spawn(runs)[k]``.  ``params`` as in
    :func:`run_many` (``warn`` defaults to ``False`` here)."""
    params.setdefault("warn", False)

    def simulate(a: tuple[int, ...], seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        batch = run_seeds(algorithm, a, seed.spawn(runs), budget=budget,
                          **params)  # type: ignore[arg-type]
        return np.asarray(batch.evaluations), np.asarray(batch.solved)

    return simulate


Kernel = Callable[[np.random.Generator, np.ndarray, int], tuple[int, bool]]
#: ``n -> kernel`` for one worker chunk (runs one after another, same ``n``).
KernelFactory = Callable[[int], Kernel]


def _pm1_kernel(n: int) -> Kernel:
    """The ±1 EA kernel with a table cache shared by the runs of one worker chunk
    (:data:`zonemax.engine._kernels.PM1_CACHE_MAX_SLOTS`); tables draw no randomness, so
    sharing them does not change any run."""
    cache = _kernels.pm1_cache(min(n + 1, _kernels.PM1_CACHE_MAX_SLOTS))

    def ea_pm1(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
        return _kernels.ea_pm1_run_cached(rng, dist0, budget, _kernels.PM1_BLOCK_MIN, *cache)

    return ea_pm1


def _make_kernel(
    algorithm: str,
    *,
    eps: float | int | Fraction | str | None,
    log_base: LogBase,
    truncate: Truncation,
    r: int | None,
    alpha: float | int | Fraction | str | None,
    beta: float | int | Fraction | str | None,
    warn: bool,
) -> KernelFactory:
    """Validate the operator parameters and bind them to the algorithm's kernel."""
    if algorithm in _HEAVY:
        if eps is None:
            raise ValueError(f"{algorithm} needs eps > 0 (Definition 2), e.g. eps=0.001")
        HeavyTailed(eps, log_base=log_base, truncate=truncate, r=r)  # validates all four
        tables = heavy_tables(check_eps(eps), log_base, truncate, r)
        heavy_run = _kernels.ea_heavy_run if algorithm == "ea-heavy" else _kernels.rls_heavy_run

        def heavy(rng: np.random.Generator, dist0: np.ndarray, budget: int
                  ) -> tuple[int, bool]:
            return heavy_run(rng, dist0, budget, tables.cum, tables.tail,
                             tables.jtop, tables.clip, tables.r)

        if alpha is not None or beta is not None:
            raise ValueError("alpha and beta are only used by rls-ab")
        return lambda n: heavy
    if eps is not None or truncate != "none" or r is not None or log_base != 2:
        raise ValueError(
            f"eps, log_base, truncate and r belong to the heavy-tailed operator; "
            f"{algorithm} does not use them (use ea-heavy or rls-heavy)"
        )
    if algorithm == "rls-ab":
        al, be = check_alpha_beta(DEFAULT_ALPHA if alpha is None else alpha,
                                  DEFAULT_BETA if beta is None else beta)
        violated = rls_ab_hypotheses(al, be)
        if warn and violated:
            warnings.warn(
                f"(alpha, beta) = ({al}, {be}) violates Theorem 9's hypotheses: "
                + "; ".join(violated),
                OutsideTheoremWarning,
                stacklevel=3,
            )
        alpha_f, beta_f = float(al), float(be)

        def rls_ab(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
            return _kernels.rls_ab_run(rng, dist0, budget, alpha_f, beta_f)

        return lambda n: rls_ab
    if alpha is not None or beta is not None:
        raise ValueError("alpha and beta are only used by rls-ab")
    if algorithm == "ea-pm1":
        return _pm1_kernel
    return lambda n: _kernels.rls_pm1_run
