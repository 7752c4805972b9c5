r"""The (1+1) EA with a magnitude-law step operator (Algorithm 1): one jitted run.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), Algorithm 1, with the heavy-tailed operator
(Definition 2; ``ea-heavy``) and the operators beyond the paper, double-geometric (``ea-geom``)
and power-law (``ea-power``), all given as a :class:`~zonemax.engine._magnitude_law.MagnitudeLaw`
(step ``±M``, uniform sign, ``M`` from the law; ``M = 0`` possible for the double-geometric one).
State, partition and budget conventions: :mod:`zonemax.engine._state`.

**Skip-ahead.**  Notation as in :mod:`~zonemax.engine._magnitude_law`: in a phase of key
``jb = bit_length(2 f)`` a mutated position *moves as a candidate* (``1 <= M < 2^jb``) with
probability ``pi``, *moves too far* (``M >= 2^jb > 2 f``) with probability ``tau``, and *stays*
(``M = 0``) with probability ``1 - pi - tau = 1 - moving``.  An iteration is *useless* -- it
surely leaves ``D`` unchanged -- if

1. some position moves too far: its new distance is ``>= M - D_i > 2 f - D_i >= f``, so
   ``f(y) > f(x)`` and ``y`` is rejected (Algorithm 1, line 6); or
2. no non-optimal position moves as a candidate: then only optimal positions move (each to a
   distance ``M >= 1``: ``f(y) > f(x)``, rejected) or nothing moves (``y = x``).

Positions are mutated independently with probability ``p = 1/n`` (Algorithm 1, line 4) and draw
their magnitudes independently, so each position independently moves as a candidate (``p pi``),
moves too far (``p tau``) or stays (``1 - p moving``), and with ``k`` non-optimal positions an
iteration is *useful* (neither 1. nor 2.) with probability (:func:`useful_probability`)::

    q = (1 - p tau)^n - (1 - p tau)^(n-k) (1 - p moving)^k.

``q`` depends only on ``(k, jb)`` (and the clip atom of a clipped heavy law), the *phase key*.
While the key is unchanged the iterations are i.i.d. and each is useful with probability ``q``,
independently of the state, so the iterations up to and including the next useful one are
Geometric(``q``) and do not influence anything else: the kernel simulates only the useful
iterations and adds their evaluations in one draw when the phase ends -- ``c`` useful iterations
take ``c + NegBin(c, q)`` evaluations (:func:`~zonemax.engine._random.phase_trials`).  All the
useless iterations of a phase are thereby skipped at once, exactly.

A useful iteration is drawn from the conditional law: given "no position moves too far", each
position independently moves as a candidate with probability ``s = p pi / (1 - p tau)``; given
also "at least one non-optimal one does", their number is ``Bin(k, s)`` conditioned on ``>= 1``
and that of the optimal ones ``Bin(n - k, s)``, the positions uniform, each magnitude from the law
conditioned on being a candidate (:func:`~zonemax.engine._magnitude_law.law_magnitude`), each
sign uniform.  The candidate offspring may still be rejected (line 6).
"""

from __future__ import annotations

import math
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
from zonemax.engine._random import (
    binomial_draw,
    binomial_setup,
    phase_trials,
    typed_bool,
    typed_int,
)
from zonemax.engine._state import (
    NO_PAUSE,
    Step,
    choose,
    finish,
    in_range,
    move_in,
    move_out,
    start_state,
)


@njit(nogil=True, cache=True)
def useful_probability(n: int, k: int, pi: float, tau: float, moving: float
                       ) -> tuple[float, float]:
    r"""``(q, s)`` with ``k`` non-optimal positions (module docstring).

    Computed without cancellation as ``q = (1 - p tau)^(n-k) (1 - p moving)^k
    expm1(k log1p(p pi / (1 - p moving)))``, since ``(1 - p tau) / (1 - p moving) = 1 + p pi /
    (1 - p moving)`` (``pi + tau = moving``).  For ``n = 1`` (``p = 1``, ``k = 1``): ``q = pi``
    and ``s = 1``.  With ``moving = 1`` (no zero step) this is bit for bit the former
    heavy-tailed kernel's formula.
    """
    if n == 1:
        return pi, 1.0
    p = 1.0 / n
    p_moving = p * moving
    log_rest = (n - k) * math.log1p(-p * tau) + k * math.log1p(-p_moving)
    q = math.exp(log_rest) * math.expm1(k * math.log1p(p * pi / (1.0 - p_moving)))
    return q, p * pi / (1.0 - p * tau)


@njit(nogil=True, cache=True)
def ea_law_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int, law: MagnitudeLaw,
                 chunk: int) -> Iterator[Step]:
    """One run of the (1+1) EA with the step law ``law`` in steps of at most ``chunk`` useful
    iterations (:mod:`zonemax.engine._state`, "Steps"); the last step holds
    ``(evaluations, solved)``.

    Skip rule and phase key: module docstring.  ``q = 0`` (a candidate mass that float64
    rounds to 0) means that no iteration can change ``D``: the run is censored at the budget.
    While summing the change of ``f`` the kernel stops adding once it exceeds ``f`` (the other
    positions can lower it by at most their distances, at most ``f`` in total, so ``f(y) > f(x)``
    is then already certain); this keeps every sum below ``2^63`` without changing a decision.
    """
    n = dist0.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    # the law's fields as locals: an array field read from the tuple inside the loop costs
    # reference counting on every iteration (_magnitude_law.admissible_parts)
    kind, ncum, tail, top, clip, clip_r = law.kind, law.ncum, law.tail, law.top, law.clip, law.r
    moving = law.moving
    dist, order, where, k, f = start_state(dist0)
    new_dist = np.empty(n, np.int64)  # the offspring's distances at the mutated positions
    reached = np.empty(n, np.int64)  # mutated non-optimal positions that reached their target
    t = 0
    if f == 0:
        yield True, t, True, 0
        return
    key_k = -1
    key_j = -1
    key_clip = False
    q = 0.0
    count_non = binomial_setup(typed_int(0), 0.0, typed_bool(True))
    count_opt = count_non
    useful = typed_int(0)
    while True:
        left = chunk
        while left > 0:
            left -= 1
            pi, tau, jb, clip_ok = admissible_parts(ncum, tail, top, clip, clip_r, 2 * f)
            if k != key_k or jb != key_j or clip_ok != key_clip:  # phase key
                t += phase_trials(rng, useful, q)
                useful = typed_int(0)
                if t > budget:
                    yield True, budget, False, f
                    return
                q, s = useful_probability(n, k, pi, tau, moving)
                if q <= 0.0:
                    yield True, budget, False, f
                    return
                count_non = binomial_setup(k, s, typed_bool(True))  # fixed within the phase
                count_opt = binomial_setup(n - k, s, typed_bool(False))
                key_k = k
                key_j = jb
                key_clip = clip_ok
            useful += 1
            if useful > budget - t:
                yield True, budget, False, f
                return
            a_non = binomial_draw(rng, k, count_non)  # Bin(k, s) conditioned on >= 1
            a_opt = binomial_draw(rng, n - k, count_opt)  # Bin(n - k, s)
            choose(rng, order, where, 0, k, a_non)  # Algorithm 1, lines 3-4: positions mutated
            choose(rng, order, where, k, n, a_opt)
            delta = 0
            for j in range(a_non + a_opt):
                idx = j if j < a_non else k + (j - a_non)
                pos = order[idx]
                # Algorithm 1, line 4: y_i = step(x_i); HEAVY inlined, the other kinds through one
                # call (their samplers inlined here slowed the HEAVY loop 1.45x; _magnitude_law)
                if kind == HEAVY:
                    mag = heavy_magnitude(rng, ncum, pi, jb, clip_ok, clip_r)
                else:
                    mag = law_magnitude(rng, law, pi, jb, clip_ok)
                d = dist[pos]
                nd = d - mag if rng.random() < 0.5 else d + mag  # the sign is uniform
                if nd < 0:
                    nd = -nd
                new_dist[j] = nd
                if delta <= f:  # beyond f the rejection is certain (docstring)
                    delta += nd - d
            if delta > 0:  # Algorithm 1, line 6: f(y) > f(x), rejected
                continue
            f += delta  # Algorithm 1, line 7: x <- y
            # The chosen non-optimal positions are order[0:a_non], the chosen optimal ones
            # order[k:k+a_opt].  Apply all, bring the optimal ones that moved into the
            # non-optimal block (moves touch indices >= k only, since k >= a_non, so
            # order[0:a_non] is unchanged), then move out those that reached their target.
            k_old = k
            for j in range(a_opt):
                dist[order[k_old + j]] = new_dist[a_non + j]
            n_reached = 0
            for j in range(a_non):
                pos = order[j]
                dist[pos] = new_dist[j]
                if new_dist[j] == 0:
                    reached[n_reached] = pos
                    n_reached += 1
            for j in range(a_opt):
                pos = order[k_old + j]
                if dist[pos] != 0:
                    k = move_in(order, where, pos, k)
            for j in range(n_reached):
                k = move_out(order, where, reached[j], k)
            if f == 0:
                t, solved = finish(rng, t, useful, q, budget)
                yield True, t, solved, dist.sum()  # from the distances: checked (_state)
                return
        yield False, t + useful, False, f  # a pause: nothing drawn, nothing changed


def ea_law_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, law: MagnitudeLaw
               ) -> tuple[int, bool]:
    """One run of the (1+1) EA with the step law ``law`` at once (:func:`ea_law_steps`);
    returns ``(evaluations, solved)``."""
    # drained from Python: numba 0.68 never frees a generator consumed inside compiled code
    # (its state keeps its arguments alive: 67 kB per run with a fresh table cache)
    t, solved = budget, False
    for finished, end, ok, _ in ea_law_steps(rng, dist0, budget, law, NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved
