r"""Plain RLS with a magnitude-law step operator (Section 2, RLS): one jitted run.

RLS of Gadea Harder, Kötzing, Li, Radhakrishnan (2023), Section 2, with the heavy-tailed
operator (Definition 2; ``rls-heavy``), the double-geometric (``rls-geom``) or the power-law
operator (``rls-power``), given as a :class:`~zonemax.engine._magnitude_law.MagnitudeLaw`.
State, partition and budget conventions: :mod:`zonemax.engine._state`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

from zonemax.engine._magnitude_law import (
    HEAVY,
    MagnitudeLaw,
    admissible_parts,
    heavy_magnitude,
    law_magnitude,
)
from zonemax.engine._random import phase_trials, typed_int, uniform_int
from zonemax.engine._state import NO_PAUSE, Step, finish, in_range, move_out, start_state


@njit(nogil=True, cache=True)
def rls_law_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int, law: MagnitudeLaw,
                  chunk: int) -> Iterator[Step]:
    """One run of plain RLS with the step law ``law`` in steps of at most ``chunk`` useful
    iterations (:mod:`zonemax.engine._state`, "Steps"); the last step holds
    ``(evaluations, solved)``.

    Skip rule.  An iteration picks a uniform position and a step ``±M``.  It is *useless*
    (leaves ``D`` unchanged for sure) if the position is optimal (any ``M >= 1`` is worse,
    rejected; ``M = 0`` changes nothing), if the sign points away from the target (worse, or
    ``M = 0``), if ``M = 0``, or if ``M >= 2^jb`` with ``jb = bit_length(2 f)`` (then ``M > 2 f``:
    worse).  The rest, a non-optimal position (``k/n``), the sign towards it (1/2) and a
    candidate magnitude ``1 <= M < 2^jb`` (``pi``), is *useful*, with probability
    ``q = (k/n)(1/2) pi`` that depends only on the phase key ``(k, jb)`` (and the clip atom of a
    clipped heavy law), independently of everything else; so the useless iterations of a phase
    are skipped at once, ``c`` useful ones taking ``c + NegBin(c, q)`` evaluations
    (:func:`~zonemax.engine._random.phase_trials`).  A useful iteration has a uniform
    non-optimal position and a magnitude conditioned on being a candidate, and is accepted iff
    ``|D_i - M| <= D_i``, i.e. ``M <= 2 D_i`` (``M = 2 D_i`` leaves ``D`` unchanged).  ``q = 0``
    (float64 underflow of ``pi``): no progress is possible, the run is censored at the budget.
    """
    n = dist0.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    # the law's fields as locals: an array field read from the tuple inside the loop costs
    # reference counting on every iteration (_magnitude_law.admissible_parts)
    kind, ncum, tail, top, clip, clip_r = law.kind, law.ncum, law.tail, law.top, law.clip, law.r
    dist, order, where, k, f = start_state(dist0)
    t = 0
    key_k = -1
    key_j = -1
    key_clip = False
    q = 0.0
    useful = typed_int(0)
    while k > 0:
        left = chunk
        while left > 0:
            left -= 1
            pi, _, jb, clip_ok = admissible_parts(ncum, tail, top, clip, clip_r, 2 * f)
            if k != key_k or jb != key_j or clip_ok != key_clip:  # phase key
                t += phase_trials(rng, useful, q)
                useful = typed_int(0)
                if t > budget:
                    yield True, budget, False, f
                    return
                q = k / (2.0 * n) * pi
                if q <= 0.0:
                    yield True, budget, False, f
                    return
                key_k = k
                key_j = jb
                key_clip = clip_ok
            useful += 1
            if useful > budget - t:
                yield True, budget, False, f
                return
            pos = order[uniform_int(rng, k)]  # RLS: choose i in [n] uniformly (a non-optimal one)
            # y_i = x_i ± M, towards a_i; HEAVY inlined, the other kinds through one
            # call (their samplers inlined here slowed the HEAVY loop 1.45x; _magnitude_law)
            if kind == HEAVY:
                mag = heavy_magnitude(rng, ncum, pi, jb, clip_ok, clip_r)
            else:
                mag = law_magnitude(rng, law, pi, jb, clip_ok)
            d = dist[pos]
            if mag < 2 * d:  # f(y) < f(x): accepted, D changes
                nd = d - mag if mag <= d else mag - d
                dist[pos] = nd
                f += nd - d
                if nd == 0:
                    k = move_out(order, where, pos, k)
                    if k == 0:
                        break
        if k > 0:  # a pause: nothing drawn, nothing changed
            yield False, t + useful, False, f
    t, solved = finish(rng, t, useful, q, budget)
    yield True, t, solved, dist.sum()  # f from the distances: checked (_state, "Range")


def rls_law_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, law: MagnitudeLaw
                ) -> tuple[int, bool]:
    """One run of plain RLS with the step law ``law`` at once (:func:`rls_law_steps`); returns
    ``(evaluations, solved)``."""
    # drained from Python: numba 0.68 never frees a generator consumed inside compiled code
    # (its state keeps its arguments alive: 67 kB per run with a fresh table cache)
    t, solved = budget, False
    for finished, end, ok, _ in rls_law_steps(rng, dist0, budget, law, NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved
