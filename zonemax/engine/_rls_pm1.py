"""Plain RLS with the ±1 operator (Section 2, RLS; Definition 1): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

from zonemax.engine._random import phase_trials, typed_int, uniform_int
from zonemax.engine._state import NO_PAUSE, Step, in_range, move_out, start_state


@njit(nogil=True, cache=True)
def rls_pm1_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int, chunk: int
                  ) -> Iterator[Step]:
    """One run of plain RLS with the ±1 operator, in steps of at most ``chunk`` useful
    iterations (:mod:`zonemax.engine._state`, "Steps"); the last step holds
    ``(evaluations, solved)``.

    Skip rule.  An iteration picks a uniform position.  An optimal one gets ``D_i = 1``: worse,
    rejected.  A non-optimal one moves towards (``D_i - 1``, accepted) or away (``D_i + 1``,
    rejected) with probability 1/2 each.  So an iteration is useful with probability
    ``q = k/(2n)``, independently of everything else; the useful one decrements ``D`` at a
    uniform non-optimal position.  Phase key ``k``: the useful iterations of a phase are uniform
    decrements until one position reaches 0, and their evaluations are drawn then (the budget
    is checked per useful iteration through the lower bound ``t + useful``).
    """
    n = dist0.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    dist, order, where, k, _ = start_state(dist0)
    t = 0
    useful = typed_int(0)
    while k > 0:
        left = chunk
        while left > 0:
            # the useful iterations of the phase (resumed after a pause with its count)
            reached = False
            while left > 0:
                left -= 1
                useful += 1
                if useful > budget - t:
                    yield True, budget, False, dist.sum()
                    return
                pos = order[uniform_int(rng, k)]
                dist[pos] -= 1
                if dist[pos] == 0:
                    reached = True
                    break
            if not reached:
                break
            t += phase_trials(rng, useful, k / (2.0 * n))
            useful = typed_int(0)
            if t > budget:
                yield True, budget, False, 0
                return
            k = move_out(order, where, pos, k)
            if k == 0:
                break
        if k > 0:  # a pause: nothing drawn, nothing changed
            yield False, t + useful, False, dist.sum()
    yield True, t, True, dist.sum()  # f from the distances: checked to be 0 (_state, "Range")


def rls_pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
    """One run of plain RLS with the ±1 operator at once (:func:`rls_pm1_steps`); returns
    ``(evaluations, solved)``."""
    # drained from Python: numba 0.68 never frees a generator consumed inside compiled code
    # (its state keeps its arguments alive: 67 kB per run with a fresh table cache)
    t, solved = budget, False
    for finished, end, ok, _ in rls_pm1_steps(rng, dist0, budget, NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved
