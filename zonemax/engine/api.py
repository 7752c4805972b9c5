"""Independent runs of one :class:`~zonemax.reference.spec.AlgorithmSpec` with the fast engine.

Algorithms the engine runs (:data:`ALGORITHMS`): ``ea-pm1``, ``ea-heavy``, ``rls-pm1``,
``rls-heavy``, ``rls-ab`` and, beyond the paper, ``ea-geom``, ``rls-geom``, ``ea-power``,
``rls-power`` (see :mod:`zonemax.reference.spec`); targets need ``4 |a|_1 < 2^63``
(:data:`INT64_LIMIT`).  CMA-ESwM and larger targets run on the reference (Python ints);
:func:`unsupported` says why a spec is not run.

**Cost.**  The kernels skip the iterations that surely change nothing in bulk, but simulate
every *useful* one (one that may change the distances).  For the ±1 EA far positions move in
blocks (:mod:`zonemax.engine._ea_pm1`), but its end game (optimal positions knocked off and
repaired) is simulated event by event and grows like ``sqrt r`` (no exact block rule for it
is known to us: ``_ea_pm1``, "The end game is not in blocks"); ``rls-pm1`` and ``rls-geom``
run position by position with their run time drawn by Poissonization, O(n log r) per run
whatever the step's mean (:mod:`zonemax.engine._rls_positions`); the other kernels take one
step per useful iteration, so a run costs about as many steps as it has accepted moves.  With steps of bounded mean
(``ea-geom`` with a small mean, ``ea-power``/``rls-power`` with ``beta > 2``; with ``beta = 2``
the mean step at distance ``d`` grows only like ``log d``) that is about
``|a|_1 / E[step]`` -- for ``|a|_1 = 10^14`` (``n = 100``, ``r = 10^12``) days of compute.

*Where no bulk rule was found, and why.*  (1+1) EA with a magnitude law:
an iteration mutates several positions and is accepted only if their changes together do not
worsen ``f``, so the positions' moves are not independent and the far part of a block is a sum
over accepted patterns whose magnitudes are coupled by the acceptance condition; unlike the ±1
operator (finitely many row types, :mod:`~zonemax.engine._pm1_rows`) no closed law of that sum
over a block is known to us.  RLS with the power law: the positions are independent (as for
``rls-geom``), but a sum of i.i.d. power-law steps has no closed form and, unlike the geometric
law, its landing points are not a Bernoulli process; an exact route would draw the multiset of a
block's magnitudes by splitting value ranges binomially (exact range masses from Hurwitz zeta
differences) and locate a crossing by hypergeometric halving -- not built.

Nothing hangs silently: a budget bounds the work of every run (at most ``budget`` useful
iterations), and ``zonemax run`` refuses an unbudgeted request whose pre-flight estimate
(:mod:`zonemax.commands._preflight`) exceeds an hour.

**Range.**  The engine counts evaluations in int64 and represents run times below
:data:`COUNT_RANGE` ``= 2^62`` (:mod:`zonemax.engine._range`: no sum of two counts can wrap).
A budget must be below it (``ValueError`` otherwise; the reference engine counts with Python
ints).  A run whose count would reach it is never capped into a number: with a budget it is
censored at the budget (exact: its run time exceeds the budget), without one it is reported
*beyond the range* (:attr:`Batch.beyond_range`; its evaluations hold ``2^62``, a lower bound).
:func:`run_seeds` checks every result at this boundary: a run reported solved has ``f(x) = 0``
as the kernel's final distances give it and a count within the budget and the range
(:class:`EngineInvariantError` otherwise, an internal error).

Run ``i`` uses ``np.random.default_rng(seeds[i])`` (SPEC 7); :func:`run_many` takes
``seeds = SeedSequence(seed).spawn(runs)``, so a result depends on ``seed`` and ``runs`` only,
not on ``jobs``.

**Steps.**  Every kernel is a generator that returns to Python after at most ``chunk``
passes of its loop (:data:`CHUNK`; :mod:`zonemax.engine._state`, "Steps") and resumes where it
stopped; a pause draws nothing and changes nothing, so no result depends on ``chunk``
(``tests/test_signals_engine.py`` checks it bit for bit).  Between steps the engine reports
progress (``progress(run, evaluations, f)``), honours Ctrl-C and SIGTERM
(:mod:`zonemax.engine._signals`: handlers raise there, never inside numba's argument
unboxing, where an exception crashed the process) and stops worker threads.
"""

from __future__ import annotations

import itertools
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numba
import numpy as np

from zonemax.engine._ahead import compile_ahead, in_cache
from zonemax.engine._ea_law import ea_law_steps
from zonemax.engine._ea_pm1 import (
    DEFAULT_RULE,
    PER_ITERATION,
    BlockRule,
    ea_pm1_step,
    ea_pm1_steps,
    late_helpers_example,
    new_run,
)
from zonemax.engine._magnitude_law import draw_candidates, law_admissible, magnitude_law
from zonemax.engine._pm1_patterns import CACHE_MAX_SLOTS, new_cache
from zonemax.engine._range import COUNT_RANGE, MAX_BUDGET
from zonemax.engine._rls_ab import rls_ab_steps
from zonemax.engine._rls_law import rls_law_steps
from zonemax.engine._rls_pm1 import rls_pm1_steps
from zonemax.engine._rls_positions import (
    CORRECT,
    PM1,
    GeomMoves,
    geom_moves_params,
    rls_positions_steps,
)
from zonemax.engine._signals import DeferredSignals
from zonemax.engine._state import NO_BUDGET, Step
from zonemax.reference.fitness import norm_1, validate_target
from zonemax.reference.spec import AlgorithmSpec

#: The algorithms the fast engine runs.
ALGORITHMS: tuple[str, ...] = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab",
                               "ea-geom", "rls-geom", "ea-power", "rls-power")
#: The algorithms whose step operator is a magnitude law (:mod:`zonemax.engine._magnitude_law`).
_LAW_ALGORITHMS: tuple[str, ...] = ("ea-heavy", "rls-heavy", "ea-geom", "rls-geom", "ea-power",
                                    "rls-power")
#: int64 safety bound: the engine needs ``4 |a|_1 < 2^63``.  Derivation: ``f`` never increases,
#: so ``D_i <= f <= |a|_1``; a step is only applied when ``|s| <= 2 f`` (longer steps are never
#: accepted), so every intermediate ``D_i +- s`` is at most ``3 |a|_1``; and the admissibility
#: limit ``2 f`` must stay below ``2^62`` (:data:`zonemax.engine._heavy_law.J_MAX`).  The
#: magnitude-law kernels also draw candidates up to ``2^62`` (one octave above ``2 f``,
#: :mod:`zonemax.engine._magnitude_law`): ``D_i + M < 2^61 + 2^62``, and the (1+1) EA stops
#: summing the change of ``f`` once it exceeds ``f`` (:func:`zonemax.engine._ea_law.ea_law_run`).
INT64_LIMIT = 1 << 63
#: Largest ``alpha`` of ``rls-ab`` whose float64 velocities cannot overflow.  A step is accepted
#: only when ``floor(v) < 2 D_i < 2^62`` (:data:`INT64_LIMIT`), so every velocity stays below
#: ``alpha * 2^62``; it must stay finite (largest float64: ``sys.float_info.max``), or a velocity
#: of ``inf`` would never shrink again and the run would never end.
MAX_ALPHA = Fraction(sys.float_info.max) / 2**62
#: Passes of a kernel's loop between two returns to Python (each pass is one useful iteration,
#: or for the ±1 EA one far-only run or block end).  Chosen so that the slowest pass measured
#: keeps a step well under a second and the cheapest pass makes the return cost negligible:
#: see benchmarks/README.md, "Steps".
CHUNK = 1 << 20

#: ``progress(run, evaluations, f)`` between steps: run index, a lower bound on its evaluations
#: so far and an upper bound on its current ``f`` (``f`` never increases).
Progress = Callable[[int, int, int], None]


@dataclass(frozen=True, eq=False)
class Batch:
    """Outcome of :func:`run_many`; entry ``i`` belongs to run ``i`` (``SeedSequence`` child ``i``).

    Attributes
    ----------
    evaluations:
        int64 array: the optimisation time ``T`` of each run (every iteration counts); for an
        unsolved (censored) run, the budget; for a run beyond the range, :data:`COUNT_RANGE`
        (a lower bound on ``T``, not a run time).
    solved:
        bool array: ``True`` iff the run reached ``f(x) = 0`` within the budget.
    beyond_range:
        bool array: ``True`` iff the run, given no budget, would have needed ``2^62``
        evaluations or more (module docstring, "Range"); such a run is not solved and was not
        censored at a budget.
    """

    evaluations: np.ndarray
    solved: np.ndarray
    beyond_range: np.ndarray

    def __len__(self) -> int:
        return int(self.evaluations.shape[0])

    def as_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(evaluations, solved)`` for an interface that knows only solved and censored runs
        (the statistical families' simulators); :class:`BeyondRangeError` if a run left the
        range, which that pair cannot say."""
        beyond = int(np.count_nonzero(self.beyond_range))
        if beyond:
            raise BeyondRangeError(
                f"{beyond} of {len(self)} runs left the fast engine's range (2^62 evaluations "
                "or more); give a budget below 2^62 to censor runs there, or use the reference "
                "engine")
        return np.asarray(self.evaluations), np.asarray(self.solved)


class BeyondRangeError(OverflowError):
    """A run needed ``2^62`` evaluations or more, and the caller's interface cannot report a
    run beyond the fast engine's range (:meth:`Batch.as_arrays`)."""


class EngineInvariantError(AssertionError):
    """A kernel's result broke the engine's contract at its boundary (a bug of the engine,
    never bad input): a solved run with ``f != 0`` or a count outside the budget or the
    range, or an unsolved run not at its budget."""


def kernel_budget(budget: int | None) -> int:
    """The budget the kernels run with: ``budget``, or :data:`~zonemax.engine._range.MAX_BUDGET`
    for ``None``; ``ValueError`` for a budget the engine cannot represent (``>= 2^62``: it would
    be capped, and a run censored there reported at a budget it was not given)."""
    if budget is None:
        return MAX_BUDGET
    budget = _check_int(budget, "budget", 0)
    if budget > MAX_BUDGET:
        raise ValueError(
            f"budget must be below 2^62 = {COUNT_RANGE} for the fast engine, whose counts are "
            f"int64 and stay below 2^62 so that no sum wraps; got {budget}: give a smaller "
            "budget, or use the reference engine (zonemax.reference.run), which uses Python ints")
    return budget


def checked_outcome(finished: bool, t: int, ok: bool, f: int, limit: int, unbudgeted: bool
                    ) -> tuple[int, bool, bool]:
    """``(evaluations, solved, beyond_range)`` of a kernel's final step ``(finished, t, ok, f)``
    run with the budget ``limit`` (:func:`kernel_budget`; ``unbudgeted``: the caller gave
    none), checked (:class:`EngineInvariantError`; module docstring, "Range")."""
    if not finished:
        raise EngineInvariantError("a kernel's run ended without its final step")
    if ok:
        if f != 0 or not 0 <= t <= limit:
            raise EngineInvariantError(
                f"a kernel reported a solved run with f(x) = {f} after {t} evaluations (budget "
                f"{limit}, range 2^62): refused rather than reported")
        return int(t), True, False
    if t != limit:
        raise EngineInvariantError(
            f"a kernel reported an unsolved run after {t} evaluations, not at its budget {limit}")
    if unbudgeted:
        return COUNT_RANGE, False, True
    return int(t), False, False


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


def unsupported(spec: AlgorithmSpec) -> str | None:
    """Why the fast engine does not run ``spec``, or ``None`` if it does.

    Not supported: an algorithm outside :data:`ALGORITHMS` (CMA-ESwM), a target with
    ``4 |a|_1 >= 2^63`` (int64, :data:`INT64_LIMIT`) and ``rls-ab`` with ``alpha > MAX_ALPHA``
    (float64 velocities).  Every parameter of the step laws is
    supported: their tables have a fixed size (64 octave bins) whatever the parameters, and are
    exact to float64 for every exponent and ratio (:mod:`zonemax.engine._magnitude_law`,
    "Limits"; should Arb ever fail to reach the tables' accuracy, the ``ValueError`` is reported
    here).  A law whose moving mass float64 rounds to 0 (e.g. a double-geometric mean below
    about ``10^-308``) is run, and every run is censored at its budget -- no step can be drawn,
    and the reference would need about ``1/P(move)`` iterations.  The cost of a supported run
    is not judged here (module docstring, "Cost").
    """
    if spec.algorithm not in ALGORITHMS:
        return (f"the fast engine does not implement {spec.algorithm}; use the reference "
                "engine")
    if 4 * norm_1(spec.a) >= INT64_LIMIT:
        return (f"the fast engine uses int64 and needs 4*|a|_1 < 2^63, got |a|_1 = "
                f"{norm_1(spec.a)}; use the reference engine (zonemax.reference.run), which "
                "uses Python ints, or a smaller target")
    if spec.algorithm == "rls-ab" and spec.alpha is not None and spec.alpha > MAX_ALPHA:
        return (f"the fast engine holds velocities in float64 and needs alpha <= "
                f"{float(MAX_ALPHA):.3g}, got alpha = {float(spec.alpha):.3g}; use the "
                "reference engine (zonemax.reference.run)")
    if spec.algorithm in _LAW_ALGORITHMS:
        try:
            magnitude_law(spec)
        except ValueError as exc:
            return f"{exc}; use the reference engine, which samples the law exactly"
    return None


def supports(spec: AlgorithmSpec) -> bool:
    """Whether the fast engine runs ``spec`` (:func:`unsupported` says why not)."""
    return unsupported(spec) is None


def run_many(spec: AlgorithmSpec, *, runs: int, seed: int, budget: int | None,
             jobs: int = 1, progress: Progress | None = None) -> Batch:
    """``runs`` independent runs of ``spec`` from ``x = 0^n``; run ``i`` uses
    ``SeedSequence(seed).spawn(runs)[i]``.

    ``budget`` is the evaluation budget per run (``None``: no limit); ``jobs`` worker threads
    (the kernels release the GIL) do not change the result; ``progress`` as in
    :func:`run_seeds`.
    """
    runs = _check_int(runs, "runs", 0)
    seed = _check_int(seed, "seed", 0)
    return run_seeds(spec, np.random.SeedSequence(seed).spawn(runs), budget=budget, jobs=jobs,
                     progress=progress)


def run_seeds(spec: AlgorithmSpec, seeds: Sequence[np.random.SeedSequence], *,
              budget: int | None, jobs: int = 1, progress: Progress | None = None,
              chunk: int = CHUNK) -> Batch:
    """Like :func:`run_many`, with one explicit ``SeedSequence`` per run (run ``i`` uses
    ``np.random.default_rng(seeds[i])``); used where seeds are derived from run keys.

    ``progress(i, evaluations, f)``, if given, is called between the steps of run ``i`` (module
    docstring, "Steps"; from the worker threads when ``jobs > 1``).  ``chunk`` is the work per
    step (:data:`CHUNK`); it changes no result.  Ctrl-C and SIGTERM raise their exception
    between two steps (:mod:`zonemax.engine._signals`).
    """
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if spec.algorithm not in ALGORITHMS:
        raise ValueError(
            f"the fast engine does not implement {spec.algorithm}; use the reference engine"
        )
    dist0 = check_target(spec.a)
    problem = unsupported(spec)
    if problem is not None:
        raise ValueError(problem)
    jobs = _check_int(jobs, "jobs", 1)
    chunk = _check_int(chunk, "chunk", 1)
    runs = len(seeds)
    budget_int = kernel_budget(budget)  # ValueError from 2^62 (module docstring, "Range")
    factory = _make_kernel(spec)
    prepare(spec)  # compiled (or loaded) before any signal is deferred: see _signals

    children = list(seeds)
    evaluations = np.empty(runs, dtype=np.int64)
    solved = np.empty(runs, dtype=np.bool_)
    beyond = np.empty(runs, dtype=np.bool_)
    stop = threading.Event()  # set when the main thread was interrupted (jobs > 1)

    def work(start: int, stop_at: int, signals: DeferredSignals | None) -> None:
        kernel = factory(dist0.shape[0])  # one per worker chunk: may hold a table cache
        pending = [] if signals is None else signals.pending
        for i in range(start, stop_at):
            steps = kernel(np.random.default_rng(children[i]), dist0, budget_int, chunk)
            finished, t, ok, f = next(steps)  # most runs end in their first step
            while True:
                if pending:
                    signals.deliver()  # type: ignore[union-attr]
                if finished:
                    evaluations[i], solved[i], beyond[i] = checked_outcome(
                        finished, t, ok, f, budget_int, budget is None)
                    break
                if stop.is_set():
                    return
                if progress is not None:
                    progress(i, t, f)
                finished, t, ok, f = next(steps)

    if jobs == 1 or runs <= 1:
        with DeferredSignals() as signals:
            work(0, runs, signals)
    else:
        # a few chunks per worker for balance; run i always uses child i
        n_chunks = min(runs, 4 * jobs)
        bounds = np.linspace(0, runs, n_chunks + 1).astype(int)
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(work, lo, hi, None)
                       for lo, hi in itertools.pairwise(bounds.tolist())]
            try:
                for fut in futures:
                    fut.result()
            except BaseException:  # Ctrl-C in the main thread: the workers stop at a pause
                stop.set()
                wait(futures)
                raise
    evaluations.setflags(write=False)
    solved.setflags(write=False)
    beyond.setflags(write=False)
    return Batch(evaluations=evaluations, solved=solved, beyond_range=beyond)


def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
             budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    """``runs`` runs of ``spec``, run ``k`` with ``seed.spawn(runs)[k]``, as arrays
    ``(evaluations, solved)``: the batch-simulator interface of the statistical families
    (:data:`zonemax.stats_tests.machinery.Simulator`).  :class:`BeyondRangeError` if a run
    left the engine's range (only possible with ``budget=None``): the pair cannot say so."""
    return run_seeds(spec, seed.spawn(runs), budget=budget).as_arrays()


def simulate_per_iteration(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                           budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`simulate` without the kernels' shortcuts for large targets, for ``ea-pm1``,
    ``rls-pm1`` and ``rls-geom``.  ``ea-pm1``: no blocks (every useful iteration on its own,
    :data:`~zonemax.engine._ea_pm1.NO_BLOCKS`) and a pattern table of its own for every ``k``
    (``n + 1`` slots: none shared, none reused).  ``rls-pm1`` and ``rls-geom``: one step per
    useful iteration (:mod:`~zonemax.engine._rls_pm1`, :mod:`~zonemax.engine._rls_law`)
    instead of position by position (:mod:`~zonemax.engine._rls_positions`).  Same law as
    :func:`simulate`, other code paths: the oracle that judges the shortcuts (the statistical
    family ``blocks``, :mod:`zonemax.stats_tests.blocks`, and ``tests/test_engine_positions.py``).
    Run ``k`` uses ``seed.spawn(runs)[k]``; for ``ea-pm1`` one cache serves the batch (tables
    draw no randomness)."""
    if spec.algorithm in ("rls-pm1", "rls-geom"):
        return _per_iteration_rls(spec, seed, runs, budget)
    if spec.algorithm != "ea-pm1":
        raise ValueError("the per-iteration path is the ±1 EA's, rls-pm1's and rls-geom's, not "
                         f"{spec.algorithm}'s")
    return pm1_batch(spec, seed, runs, budget, PER_ITERATION, len(spec.a) + 1)


def _per_iteration_rls(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                       budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    """``rls-pm1`` / ``rls-geom`` on their per-iteration kernels (:func:`simulate_per_iteration`)."""
    problem = unsupported(spec)
    if problem is not None:
        raise ValueError(problem)
    dist0 = check_target(spec.a)
    budget_int = kernel_budget(budget)
    law = magnitude_law(spec) if spec.algorithm == "rls-geom" else None
    rng0 = np.random.default_rng(0)  # only its type: compile before signals are deferred
    kernel, args = ((rls_pm1_steps, (rng0, dist0, 0, CHUNK)) if law is None
                    else (rls_law_steps, (rng0, dist0, 0, law, CHUNK)))
    if _signature(args) not in kernel.overloads:
        kernel.compile(_signature(args))
    return _drain(seed, runs, budget_int, budget is None, lambda rng: (
        rls_pm1_steps(rng, dist0, budget_int, CHUNK) if law is None
        else rls_law_steps(rng, dist0, budget_int, law, CHUNK)))


def _drain(seed: np.random.SeedSequence, runs: int, budget_int: int, unbudgeted: bool,
           steps: Callable[[np.random.Generator], Iterator[Step]]
           ) -> tuple[np.ndarray, np.ndarray]:
    """``runs`` runs one after another, run ``k`` the steps of ``steps(default_rng(child k))``
    with ``seed.spawn(runs)``, signals deferred to the pauses: the loop of the oracles
    (:func:`pm1_batch`, :func:`_per_iteration_rls`); their kernels are compiled first.  Each
    result is checked as in :func:`run_seeds` (:func:`checked_outcome`), and a run beyond the
    range raises :class:`BeyondRangeError` (:meth:`Batch.as_arrays`)."""
    evaluations = np.empty(runs, dtype=np.int64)
    solved = np.empty(runs, dtype=np.bool_)
    beyond = np.zeros(runs, dtype=np.bool_)
    with DeferredSignals() as signals:
        for i, child in enumerate(seed.spawn(runs)):
            for finished, t, ok, f in steps(np.random.default_rng(child)):
                if signals.pending:
                    signals.deliver()
                if finished:
                    evaluations[i], solved[i], beyond[i] = checked_outcome(
                        finished, t, ok, f, budget_int, unbudgeted)
    return Batch(evaluations=evaluations, solved=solved, beyond_range=beyond).as_arrays()


def pm1_batch(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
              budget: int | None, rule: BlockRule, slots: int) -> tuple[np.ndarray, np.ndarray]:
    """``runs`` runs of ``ea-pm1`` under ``rule`` with one table cache of ``slots`` slots for
    the batch (tables draw no randomness), run ``k`` on ``seed.spawn(runs)[k]``: the loop of
    :func:`simulate_per_iteration`, and of ``zonemax verify``'s planted block-rule bug (another
    :class:`~zonemax.engine._ea_pm1.BlockRule`, production's slot count)."""
    dist0 = check_target(spec.a)
    budget_int = kernel_budget(budget)
    n = dist0.shape[0]
    cache = new_cache(slots)
    scratch = np.empty(n, np.int64)
    prepare(spec)  # compiled (or loaded) before signals are deferred, as in run_seeds
    return _drain(seed, runs, budget_int, budget is None,
                  lambda rng: ea_pm1_steps(rng, dist0, budget_int, rule, cache, NO_BUDGET,
                                           scratch, CHUNK))


#: Largest admissibility limit ``2 f`` a kernel asks its law about: ``2 f <= 2 |a|_1 < 2^62``
#: (:data:`INT64_LIMIT`).
LIMIT_MAX = (1 << 62) - 1


@dataclass(frozen=True, eq=False)
class Candidates:
    """Outcome of :func:`candidate_magnitudes`.

    Attributes
    ----------
    magnitudes:
        int64 array of the drawn candidate magnitudes ``M`` (each ``>= 1``).
    mass:
        the probability ``P(M is a candidate)`` that the kernels' skip rules use for this limit
        (``pi`` of :mod:`zonemax.engine._magnitude_law`; 1 for a clipped heavy-tailed law whose
        atom ``r <= limit``).
    key:
        ``jb = bit_length(limit)`` clamped to the law's top bin: the candidates are the
        magnitudes ``1 <= M < 2^jb`` (for a clipped heavy-tailed law the atom ``r`` only when
        ``r <= limit``).
    """

    magnitudes: np.ndarray
    mass: float
    key: int


def candidate_magnitudes(spec: AlgorithmSpec, limit: int, count: int, *,
                         rng: np.random.Generator | np.random.SeedSequence | int | None
                         ) -> Candidates:
    """``count`` independent step magnitudes of ``spec``'s operator, drawn as the kernels of
    ``ea-*`` / ``rls-*`` (heavy-tailed, double-geometric, power-law) draw them in a phase whose
    admissibility limit is ``limit = 2 f(x)``.

    This is no re-implementation: it calls the jitted sampler the kernels call
    (:func:`~zonemax.engine._magnitude_law.law_magnitude`, through
    :func:`~zonemax.engine._magnitude_law.draw_candidates`) on the very tables a run of ``spec``
    receives (:func:`~zonemax.engine._magnitude_law.magnitude_law`), so the statistical families
    can judge the engine's steps against the operators' definitions (``zonemax verify``'s
    ``laws`` family on the fast engine, :mod:`zonemax.stats_tests.samplers`).

    What a kernel draws is a *candidate*: the magnitude conditioned on ``1 <= M < 2^jb``,
    ``jb = bit_length(limit)`` (:mod:`zonemax.engine._magnitude_law`, "What the kernels ask";
    longer steps and the zero step change nothing and are skipped in bulk with the probability
    ``1 - mass``).  The sign of a step is drawn by the kernel, not here (uniform in the (1+1)
    EA; in RLS only the sign towards the target is useful).  ``rng`` is anything
    ``np.random.default_rng`` takes (SPEC 7).  Raises ``ValueError`` for a spec without a
    magnitude law (``*-pm1``, ``rls-ab``, CMA-ESwM), for a law the engine does not support
    (:func:`unsupported`) and for ``limit`` outside ``[1, 2^62)``; the target of ``spec`` is not
    used.
    """
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if spec.algorithm not in _LAW_ALGORITHMS:
        raise ValueError(f"{spec.algorithm} has no magnitude law; the laws of "
                         f"{', '.join(_LAW_ALGORITHMS)} have")
    limit = _check_int(limit, "limit", 1)
    if limit > LIMIT_MAX:
        raise ValueError(f"limit must be < 2^62 (the kernels' largest 2 f), got {limit}")
    count = _check_int(count, "count", 0)
    law = magnitude_law(spec)  # ValueError if the tables cannot be made accurate
    generator = np.random.default_rng(rng)
    mass, _, key, _ = law_admissible(law, limit)
    out = draw_candidates(generator, law, limit, count)
    out.setflags(write=False)
    return Candidates(magnitudes=out, mass=float(mass), key=int(key))


#: ``kernel(rng, dist0, budget, chunk)``: the steps of one run (module docstring, "Steps").
Kernel = Callable[[np.random.Generator, np.ndarray, int, int], Iterator[Step]]
#: ``n -> kernel`` for one worker chunk (runs one after another, same ``n``).
KernelFactory = Callable[[int], Kernel]


def _pm1_kernel(n: int) -> Kernel:
    """The ±1 EA kernel with a table cache shared by the runs of one worker chunk
    (:data:`zonemax.engine._pm1_patterns.CACHE_MAX_SLOTS`); tables draw no randomness, so
    sharing them does not change any run."""
    cache = new_cache(min(n + 1, CACHE_MAX_SLOTS))
    scratch = np.empty(n, np.int64)  # the final distances, not used here
    run = new_run(scratch)  # the runs' state, reset by each run (allocated once)

    def ea_pm1(rng: np.random.Generator, dist0: np.ndarray, budget: int, chunk: int
               ) -> Iterator[Step]:
        return ea_pm1_steps(rng, dist0, budget, DEFAULT_RULE, cache, NO_BUDGET, scratch, chunk,
                            run)

    return ea_pm1


def positions_law(spec: AlgorithmSpec) -> GeomMoves | None:
    """The operator of ``spec`` as :mod:`zonemax.engine._rls_positions` takes it, or ``None``
    if ``spec`` does not run position by position (only ``rls-pm1`` and ``rls-geom`` do)."""
    if spec.algorithm == "rls-pm1":
        return PM1
    if spec.algorithm == "rls-geom":
        return geom_moves_params(spec.geom_q, spec.geom_mean)
    return None


def _make_kernel(spec: AlgorithmSpec) -> KernelFactory:
    """Bind the spec's (already validated) parameters to its algorithm's kernel."""
    moves = positions_law(spec)
    if moves is not None:
        def by_positions(rng: np.random.Generator, dist0: np.ndarray, budget: int, chunk: int
                         ) -> Iterator[Step]:
            return rls_positions_steps(rng, dist0, budget, moves, CORRECT, chunk)

        return lambda n: by_positions
    if spec.algorithm in _LAW_ALGORITHMS:
        law = magnitude_law(spec)
        law_steps = ea_law_steps if spec.algorithm.startswith("ea-") else rls_law_steps

        def with_law(rng: np.random.Generator, dist0: np.ndarray, budget: int, chunk: int
                     ) -> Iterator[Step]:
            return law_steps(rng, dist0, budget, law, chunk)

        return lambda n: with_law
    if spec.algorithm == "rls-ab":
        assert spec.alpha is not None and spec.beta is not None  # alpha <= MAX_ALPHA: see above
        alpha_f, beta_f = float(spec.alpha), float(spec.beta)

        def rls_ab(rng: np.random.Generator, dist0: np.ndarray, budget: int, chunk: int
                   ) -> Iterator[Step]:
            return rls_ab_steps(rng, dist0, budget, alpha_f, beta_f, chunk)

        return lambda n: rls_ab
    if spec.algorithm == "ea-pm1":
        return _pm1_kernel
    return lambda n: rls_pm1_steps


def _dispatch(spec: AlgorithmSpec) -> tuple[Any, tuple[Any, ...]]:
    """The kernel of ``spec`` (a numba dispatcher) and example arguments of its types."""
    dist0 = check_target(spec.a)
    rng = np.random.default_rng(0)  # never drawn from: only its type is used
    moves = positions_law(spec)
    if moves is not None:
        return rls_positions_steps, (rng, dist0, 0, moves, CORRECT, CHUNK)
    if spec.algorithm in _LAW_ALGORITHMS:
        law_steps = ea_law_steps if spec.algorithm.startswith("ea-") else rls_law_steps
        return law_steps, (rng, dist0, 0, magnitude_law(spec), CHUNK)
    if spec.algorithm == "rls-ab":
        return rls_ab_steps, (rng, dist0, 0, 2.0, 0.5, CHUNK)
    if spec.algorithm == "ea-pm1":
        n = dist0.shape[0]
        return ea_pm1_step, (rng, new_run(dist0), 0, DEFAULT_RULE,
                             new_cache(min(n + 1, CACHE_MAX_SLOTS)), NO_BUDGET, dist0.copy(),
                             CHUNK)
    return rls_pm1_steps, (rng, dist0, 0, CHUNK)


def _signature(args: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(numba.typeof(arg) for arg in args)


def needs_compiling(spec: AlgorithmSpec) -> bool | None:
    """Whether running ``spec`` on the fast engine must first compile its kernel: ``False``
    when it is compiled in this process or in numba's on-disk cache (it then loads in about a
    second), ``True`` on the first run after an install or a change of the engine (tens of
    seconds), ``None`` if numba's cache cannot be asked (its internals changed).  Raises like
    :func:`unsupported` says."""
    problem = unsupported(spec)
    if problem is not None:
        raise ValueError(problem)
    dispatcher, args = _dispatch(spec)
    cached = in_cache(dispatcher, _signature(args))
    return None if cached is None else not cached


def prepare(spec: AlgorithmSpec) -> None:
    """Compile ``spec``'s kernel, or load it from numba's cache, without calling it.

    :func:`run_seeds` does this before it defers signals, so that Ctrl-C during a long first
    compilation interrupts it at once (numba's compiler is Python code).  A cold ``ea-pm1``
    compiles its block end in a second process meanwhile, which then warms numba's cache for
    the Section 6 grid's other kernels (:mod:`zonemax.engine._ahead`)."""
    dispatcher, args = _dispatch(spec)
    sig = _signature(args)
    if sig in dispatcher.overloads:
        return
    if spec.algorithm == "ea-pm1":  # its block end compiles in a second process meanwhile
        with compile_ahead(dispatcher, sig, late_helpers_example()):
            dispatcher.compile(sig)
    else:
        dispatcher.compile(sig)
