r"""A run's state as every kernel keeps it: distances, the position partition, the budget.

Notation (Section 2 of the paper; :mod:`zonemax.reference` for the semantics):

* ``n`` -- dimension; ``D`` -- the distance vector ``D_i = |a_i - x_i|`` (int64), so
  ``f(x) = sum_i D_i``; ``k = |a - x|_H`` -- the number of non-optimal positions (``D_i > 0``);
  ``t`` -- evaluations so far (every iteration counts, including rejected ones).

**Why distances suffice.**  Every step operator here is symmetric in sign (Definitions 1 and 2,
Algorithm 2), so ``|d_i - s|`` with ``d_i = a_i - x_i`` has the law of ``|D_i - s|``; selection
only looks at ``f``.  Hence the process ``D`` (and ``t``) has the same law as the reference's.

**Partition.**  ``order`` lists the positions with the ``k`` non-optimal ones first and
``where[i]`` is the index of ``i`` in ``order`` (:func:`partition_far` also puts the *far*
non-optimal positions of the ±1 EA's block rule in front); a uniform (distinct) choice among non-optimal
or optimal positions is a partial Fisher-Yates shuffle of the corresponding block of ``order``.
Memory is O(n) per run and nothing is allocated inside the loops.

**Steps.**  Each kernel is a numba generator, ``*_steps(..., chunk)`` (the ±1 EA's is a Python
generator over a compiled step function that keeps the loop's variables in arrays between
calls, :func:`zonemax.engine._ea_pm1.ea_pm1_step`: cheaper to compile): it returns to Python
after at most ``chunk`` passes of its loop, yielding ``(False, evaluations, False, f)`` -- a
lower bound on the evaluations so far (those drawn plus the useful iterations counted but not
yet drawn) and an upper bound on the current ``f`` -- and finally ``(True, T, solved, f)``.
A pause sits between two passes, outside the innermost loop (a resume point inside a hot
loop cost 10%), draws nothing and changes nothing, so the run is the same for every
``chunk`` (:data:`NO_PAUSE`: one step).  ``*_run`` runs the whole generator in compiled code.

**Budget.**  ``budget`` is the evaluation budget (:data:`NO_BUDGET` = unlimited).  The reference
returns ``(T, solved)`` if the run time ``T <= budget`` and ``(budget, unsolved)`` otherwise, so
the kernels return exactly that; they stop early as soon as a lower bound on ``T`` (closed
phases plus the useful iterations of the open one) exceeds ``budget``.

**Range.**  Every kernel first lowers its budget to
:data:`~zonemax.engine._range.MAX_BUDGET` (``2^62 - 1``), and every count it draws is exact
below ``2^62`` or saturated at ``2^62`` (:mod:`zonemax.engine._range`), so no int64 sum wraps and
a run whose count would reach ``2^62`` ends censored at ``MAX_BUDGET``: with :data:`NO_BUDGET`
that means *beyond the range*, which :func:`zonemax.engine.run_seeds` reports as such.  The
final step of a solved run carries the final ``f`` as the kernel's distances give it (not a
constant), which :func:`~zonemax.engine.run_seeds` checks to be 0.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zonemax.engine._jit import inner
from zonemax.engine._random import phase_trials, repeated, uniform_int
from zonemax.engine._range import COUNT_RANGE, MAX_BUDGET, add_counts

#: "No budget": int64 max (the reference's ``budget=None``); the kernels run it as
#: :data:`~zonemax.engine._range.MAX_BUDGET` (module docstring, "Range").
NO_BUDGET = int(np.iinfo(np.int64).max)
#: A ``chunk`` that never pauses (the whole run in one call).
NO_PAUSE = NO_BUDGET
#: What a kernel's step yields: ``(finished, evaluations, solved, f)``; see "Steps".
Step = tuple[bool, int, bool, int]


@inner
def init_partition(dist: np.ndarray, order: np.ndarray, where: np.ndarray) -> int:
    """Fill ``order``/``where`` with non-optimal positions first; return ``k``."""
    n = dist.shape[0]
    k = 0
    for i in range(n):
        if dist[i] != 0:
            order[k] = i
            k += 1
    j = k
    for i in range(n):
        if dist[i] == 0:
            order[j] = i
            j += 1
    for idx in range(n):
        where[order[idx]] = idx
    return k


@inner
def partition_far(dist: np.ndarray, order: np.ndarray, where: np.ndarray, far_min: int
               ) -> tuple[int, int, int]:
    """``order`` = far positions, near non-optimal ones, optimal ones; returns ``(a, k, B)``
    with ``B = min`` of the far distances (0 if ``a = 0``)."""
    n = dist.shape[0]
    a = 0
    low = 0
    for i in range(n):
        if dist[i] > far_min:
            order[a] = i
            a += 1
            low = dist[i] if a == 1 else min(low, dist[i])
    k = a
    for i in range(n):
        if 0 < dist[i] <= far_min:
            order[k] = i
            k += 1
    j = k
    for i in range(n):
        if dist[i] == 0:
            order[j] = i
            j += 1
    for idx in range(n):
        where[order[idx]] = idx
    return a, k, low


@inner
def start_state(dist0: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """A run's start: a copy of the distances, the partition (non-optimal first), ``k`` and
    ``f = sum_i D_i``."""
    n = dist0.shape[0]
    dist = dist0.copy()
    order = np.empty(n, np.int64)
    where = np.empty(n, np.int64)
    k = init_partition(dist, order, where)
    f = 0
    for i in range(n):
        f += dist[i]
    return dist, order, where, k, f


@njit(nogil=True, cache=True, inline="always")
def copy_into(out: np.ndarray, src: np.ndarray) -> None:
    """``out[:] = src`` for arrays of the same length (the caller checks it once), written as a
    loop: the slice assignment compiles numba's shape-mismatch error message (string formatting,
    about 3 s of a cold start) into every kernel that uses it."""
    for i in range(src.shape[0]):
        out[i] = src[i]


@inner
def copy_out(out: np.ndarray, src: np.ndarray) -> None:
    """:func:`copy_into`, not inlined: for the ends of a run, which happen once (one compiled
    copy instead of one per call site)."""
    copy_into(out, src)


@njit(nogil=True, cache=True, inline="always")
def swap(order: np.ndarray, where: np.ndarray, i: int, j: int) -> None:
    """Exchange the entries at indices ``i`` and ``j`` of ``order`` (and fix ``where``)."""
    pi = order[i]
    pj = order[j]
    order[i] = pj
    order[j] = pi
    where[pj] = i
    where[pi] = j


@njit(nogil=True, cache=True, inline="always")
def move_out(order: np.ndarray, where: np.ndarray, pos: int, k: int) -> int:
    """Position ``pos`` became optimal: move it behind the non-optimal block; return new k."""
    swap(order, where, where[pos], k - 1)
    return k - 1


@njit(nogil=True, cache=True, inline="always")
def move_in(order: np.ndarray, where: np.ndarray, pos: int, k: int) -> int:
    """Position ``pos`` left the optimum: move it into the non-optimal block; return new k."""
    swap(order, where, where[pos], k)
    return k + 1


@njit(nogil=True, cache=True, inline="always")
def choose(rng: np.random.Generator, order: np.ndarray, where: np.ndarray, lo: int, hi: int,
           count: int) -> None:
    """Uniform ordered choice of ``count`` distinct entries of ``order[lo:hi]``.

    Partial Fisher-Yates: afterwards ``order[lo:lo+count]`` is a uniformly random ordered
    sample without replacement from the block (the block keeps its set of positions).
    """
    for j in range(count):
        swap(order, where, lo + j, lo + j + uniform_int(rng, hi - lo - j))


@inner
def pick(rng: np.random.Generator, order: np.ndarray, where: np.ndarray, lo: int, hi: int,
         count: int, out: np.ndarray) -> None:
    """``out[:count]`` = a uniform ordered sample without replacement from ``order[lo:hi]``.

    ``count = 1``: one uniform index.  ``2 count <= hi - lo``: draw indices uniformly and redraw
    repeats (the accepted sequence is a uniform ordered sample without replacement; expected
    redraws < 1 per pick).  Otherwise a partial Fisher-Yates shuffle of the block (which keeps
    the block's set of positions, so the partition stays valid).
    """
    size = hi - lo
    if count == 1:
        out[0] = order[lo + uniform_int(rng, size)]
    elif 2 * count <= size:
        for j in range(count):
            pos = order[lo + uniform_int(rng, size)]
            while repeated(out, j, pos):
                pos = order[lo + uniform_int(rng, size)]
            out[j] = pos
    else:
        choose(rng, order, where, lo, hi, count)
        for j in range(count):
            out[j] = order[lo + j]


@inner
def finish(rng: np.random.Generator, t: int, useful: int, q: float, budget: int
           ) -> tuple[int, bool]:
    """The run reached ``f = 0`` in the open phase: close it (``useful`` useful iterations, each
    useful with probability ``q``; :func:`~zonemax.engine._random.phase_trials`) and report
    ``(T, True)``, or ``(budget, False)`` if ``T > budget``.  ``t`` may already exceed the
    budget (:func:`settle` just before); the sum is formed only when it stays within it, so it
    cannot wrap (module docstring, "Range")."""
    if t > budget:
        return budget, False
    trials = phase_trials(rng, useful, q)  # at most 2^62, and t <= budget < 2^62
    return (t + trials, True) if trials <= budget - t else (budget, False)


@inner
def settle(rng: np.random.Generator, acc: np.ndarray, acc_q: np.ndarray, acc_ks: np.ndarray,
           count: int) -> int:
    """Evaluations of the useful iterations counted in ``acc`` (``acc_ks[:count]`` lists the
    ``k`` with ``acc[k] > 0``), which are cleared.  The iterations up to and including a
    useful one at ``k`` are Geometric(q(k)), independently, so the ``acc[k]`` of one ``k`` take
    ``acc[k] + NegBin(acc[k], q(k))`` evaluations in total, whenever they happened
    (:func:`~zonemax.engine._random.phase_trials`).  The sum saturates at ``2^62``
    (:func:`~zonemax.engine._range.add_counts`): ``n`` phases of up to ``2^62`` each would wrap
    int64, and a sum of ``2^62`` exceeds every budget the kernels run with."""
    trials = 0
    for i in range(count):
        k = acc_ks[i]
        trials = add_counts(trials, phase_trials(rng, acc[k], acc_q[k]))
        acc[k] = 0
    return trials


@njit(nogil=True, cache=True, inline="always")
def in_range(budget: int) -> int:
    """The budget a kernel runs with: ``budget``, lowered to
    :data:`~zonemax.engine._range.MAX_BUDGET` (module docstring, "Range")."""
    return min(budget, MAX_BUDGET)


__all__ = ["COUNT_RANGE", "MAX_BUDGET", "NO_BUDGET", "NO_PAUSE", "Step", "add_counts",
           "choose", "copy_into", "copy_out", "finish", "in_range", "init_partition",
           "move_in", "move_out", "partition_far", "pick", "settle", "start_state", "swap"]
