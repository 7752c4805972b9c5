"""Plain RLS with the ±1 operator (Section 2, RLS; Definition 1): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zonemax.engine._random import phase_trials, uniform_int
from zonemax.engine._state import move_out, start_state


@njit(nogil=True, cache=True)
def rls_pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int) -> tuple[int, bool]:
    """One run of plain RLS with the ±1 operator; returns ``(evaluations, solved)``.

    Skip rule.  An iteration picks a uniform position.  An optimal one gets ``D_i = 1``: worse,
    rejected.  A non-optimal one moves towards (``D_i - 1``, accepted) or away (``D_i + 1``,
    rejected) with probability 1/2 each.  So an iteration is useful with probability
    ``q = k/(2n)``, independently of everything else; the useful one decrements ``D`` at a
    uniform non-optimal position.
    """
    n = dist0.shape[0]
    dist, order, where, k, _ = start_state(dist0)
    t = 0
    while k > 0:
        # phase key k: the useful iterations of this phase are uniform decrements until one
        # position reaches 0 (budget checked per useful iteration via the lower bound)
        useful = 0
        while True:
            useful += 1
            if useful > budget - t:
                return budget, False
            pos = order[uniform_int(rng, k)]
            dist[pos] -= 1
            if dist[pos] == 0:
                break
        t += phase_trials(rng, useful, k / (2.0 * n))
        if t > budget:
            return budget, False
        k = move_out(order, where, pos, k)
    return t, True
