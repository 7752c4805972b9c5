"""Plain RLS with the heavy-tailed operator (Section 2, RLS; Definition 2): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`; the operator's tables:
:mod:`zonemax.engine._heavy_law`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from zonemax.engine._heavy_law import heavy_admissible, heavy_magnitude
from zonemax.engine._random import phase_trials, uniform_int
from zonemax.engine._state import finish, move_out, start_state


@njit(nogil=True, cache=True)
def rls_heavy_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, cum: np.ndarray,
                  tail: np.ndarray, jtop: int, clip: bool, r: int) -> tuple[int, bool]:
    """One run of plain RLS with the heavy-tailed operator; returns ``(evaluations, solved)``.

    Skip rule.  An iteration can change ``D`` only if it picks a non-optimal position
    (``k/n``; at an optimal one every step ``s != 0`` is worse), the sign points towards the
    target (1/2; away is worse) and ``|s| <= 2 f(x)`` (``pi``; longer steps are never
    accepted, :mod:`zonemax.reference.operators`).  So ``q = (k/n)(1/2) pi``; the candidate then
    has a uniform non-optimal position and a magnitude conditioned on admissibility, and is
    accepted iff ``|D_i - mag| <= D_i``, i.e. ``mag <= 2 D_i`` (``mag = 2 D_i`` leaves ``D``
    unchanged).  Phase key: ``k`` and the admissible set.
    """
    n = dist0.shape[0]
    dist, order, where, k, f = start_state(dist0)
    t = 0
    key_k = -1
    key_j = -1
    key_clip = False
    q = 0.0
    useful = 0
    while k > 0:
        pi, _, jmax, clip_ok = heavy_admissible(cum, tail, jtop, clip, r, 2 * f)
        if k != key_k or jmax != key_j or clip_ok != key_clip:  # phase key
            t += phase_trials(rng, useful, q)
            useful = 0
            if t > budget:
                return budget, False
            q = k / (2.0 * n) * pi
            key_k = k
            key_j = jmax
            key_clip = clip_ok
        useful += 1
        if useful > budget - t:
            return budget, False
        pos = order[uniform_int(rng, k)]
        mag = heavy_magnitude(rng, cum, pi, jmax, clip_ok, r)
        d = dist[pos]
        if mag < 2 * d:  # strictly better: accepted
            nd = d - mag if mag <= d else mag - d
            dist[pos] = nd
            f += nd - d
            if nd == 0:
                k = move_out(order, where, pos, k)
    return finish(rng, t, useful, q, budget)
