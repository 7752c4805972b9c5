r"""RLS_{alpha,beta} with self-adjusting step sizes (Algorithm 2): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
from numba import njit

from zonemax.engine._random import phase_trials, typed_int, uniform_int
from zonemax.engine._state import NO_PAUSE, Step, in_range, move_out, start_state

#: Step cap for RLS_{alpha,beta}: floor(v) is clamped to 2^62 before conversion to int64; any
#: step this long exceeds ``2 D_i <= 2 f < 2^62`` (validation: ``4 |a|_1 < 2^63``), so the
#: outcome (rejected, velocity decreased) is the same.  It changes no result: the step enters
#: only the comparison ``step < 2 d`` (false for the true step and for the cap alike) and is
#: never added to a distance or a count, and the velocity keeps its true float64 value.
STEP_CAP = float(1 << 62)


@njit(nogil=True, cache=True)
def rls_ab_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int, alpha: float,
                 beta: float, chunk: int) -> Iterator[Step]:
    r"""One run of RLS_{alpha,beta} (Algorithm 2) in steps of at most ``chunk`` useful
    iterations (:mod:`zonemax.engine._state`, "Steps"); the last step holds
    ``(evaluations, solved)``.

    Skip rule.  An optimal position (``D_i = 0``) never becomes non-optimal again: any step
    ``floor(v_i) >= 1`` there makes ``f`` worse and is rejected (Algorithm 2, line 11).  Picks
    of optimal positions do change ``v_i <- max(1, beta v_i)`` (line 10), but ``v_i`` of an
    optimal position never influences ``D`` again, so these picks are no-ops for the run time
    (were ``v`` reported, it would be ``max(1, beta^c v_i)`` after ``c`` such picks).  Hence the
    next pick of a non-optimal position comes after Geometric(k/n) iterations and is uniform
    among the ``k`` non-optimal positions; every such pick is simulated exactly.  Phase key:
    ``k``.

    Velocities are float64.  For ``alpha, beta`` powers of two (the paper's ``(2, 0.5)``)
    every velocity is an exact power of two and ``floor(v)`` equals the reference's exact
    Fraction value.  Otherwise ``v`` carries relative round-off of about ``c * 2^-53`` after
    ``c`` updates, which changes ``floor(v)`` only when the exact value lies within that distance
    of an integer (e.g. ``(17/10)^a (9/10)^b`` that is an integer or nearly one).
    """
    n = dist0.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    dist, order, where, k, _ = start_state(dist0)
    vel = np.ones(n)  # Algorithm 2, initialization: v <- 1^n
    t = 0
    useful = typed_int(0)
    while k > 0:
        left = chunk
        while left > 0:
            # picks until a position reaches its target (resumed after a pause)
            reached = False
            while left > 0:
                left -= 1
                useful += 1  # phase key k: picks of non-optimal positions
                if useful > budget - t:
                    yield True, budget, False, dist.sum()
                    return
                pos = order[uniform_int(rng, k)]  # Algorithm 2, line 5 (given: non-optimal)
                v = vel[pos]
                step = math.floor(min(v, STEP_CAP))  # floor(v_i)
                d = dist[pos]
                if rng.random() < 0.5 and step < 2 * d:
                    # Algorithm 2, line 6: towards the target; |D - s| < D: f(y) < f(x)
                    vel[pos] = alpha * v  # Algorithm 2, line 8
                    nd = d - step if step <= d else step - d
                    dist[pos] = nd  # Algorithm 2, line 12
                    if nd == 0:
                        reached = True
                        break
                else:
                    # away from the target, or overshoot with |D - s| >= D: not strictly
                    # better; the only accepted case (s = 2D) leaves D unchanged
                    vel[pos] = max(1.0, beta * v)  # Algorithm 2, line 10
            if not reached:
                break
            t += phase_trials(rng, useful, k / n)
            useful = typed_int(0)
            if t > budget:
                yield True, budget, False, dist.sum()
                return
            k = move_out(order, where, pos, k)
            if k == 0:
                break
        if k > 0:  # a pause: nothing drawn, nothing changed
            yield False, t + useful, False, dist.sum()
    yield True, t, True, dist.sum()  # f from the distances: checked to be 0 (_state, "Range")


def rls_ab_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, alpha: float,
               beta: float) -> tuple[int, bool]:
    """One run of RLS_{alpha,beta} at once (:func:`rls_ab_steps`); returns
    ``(evaluations, solved)``."""
    # drained from Python: numba 0.68 never frees a generator consumed inside compiled code
    # (its state keeps its arguments alive: 67 kB per run with a fresh table cache)
    t, solved = budget, False
    for finished, end, ok, _ in rls_ab_steps(rng, dist0, budget, alpha, beta, NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved
