r"""The (1+1) EA with the heavy-tailed operator (Algorithm 1, Definition 2): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`; the operator's tables:
:mod:`zonemax.engine._heavy_law`.  Skip-ahead and phases as in :mod:`zonemax.engine._ea_pm1`:
the iterations that surely change nothing are skipped in bulk, the useful ones are drawn from
the law conditioned on being useful (:func:`useful_probability`), and the geometric gaps of a
phase of constant key are drawn at once (:func:`zonemax.engine._random.phase_trials`).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from zonemax.engine._heavy_law import heavy_admissible, heavy_magnitude
from zonemax.engine._random import binomial_small, phase_trials
from zonemax.engine._state import choose, finish, move_in, move_out, start_state


@njit(nogil=True, cache=True)
def useful_probability(n: int, k: int, pi: float, tau: float) -> tuple[float, float]:
    r"""``(q, s)`` for the heavy-tailed (1+1) EA with ``k`` non-optimal positions.

    Derivation.  Each position is independently unmutated (``1 - p``), mutated with an
    admissible step ``|s| <= 2 f(x)`` (``p pi``) or mutated with an inadmissible one
    (``p tau``).  One inadmissible step makes the offspring worse than ``x`` whatever else
    happens (:mod:`zonemax.reference.operators`), and if no non-optimal position is mutated
    admissibly the offspring only moves optimal positions away, so it is rejected or equals
    ``x``.  The useful iterations are therefore those with no inadmissible step and at least
    one admissibly mutated non-optimal position::

        q = rho^n - (1 - p)^k rho^(n - k),      rho = 1 - p tau,
          = rho^(n-k) (1-p)^k expm1(k log1p(p pi / (1 - p))).

    Conditioned on that event, positions stay independent, each admissibly mutated with
    probability ``s = p pi / rho``, the non-optimal ones conditioned on ``>= 1``.  (For
    ``n = 1``: ``q = pi`` and ``s = 1``.)  The conditional iteration may still be rejected.
    """
    if n == 1:
        return pi, 1.0
    p = 1.0 / n
    log_rest = (n - k) * math.log1p(-p * tau) + k * math.log1p(-p)
    q = math.exp(log_rest) * math.expm1(k * math.log1p(p * pi / (1.0 - p)))
    return q, p * pi / (1.0 - p * tau)


@njit(nogil=True, cache=True)
def ea_heavy_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, cum: np.ndarray,
                 tail: np.ndarray, jtop: int, clip: bool, r: int) -> tuple[int, bool]:
    """One run of the (1+1) EA with the heavy-tailed operator; returns ``(evaluations, solved)``.

    Skip rule: :func:`useful_probability`; phase key: ``k`` and the admissible set
    (``bit_length(2 f)`` and whether the clip atom ``r <= 2 f``).  In the useful iteration the
    numbers of admissibly mutated non-optimal (``>= 1``) and optimal positions are binomial, the
    positions uniform, each magnitude from the law conditioned on ``<= 2 f(x)``, each sign
    uniform; the offspring is accepted iff ``f(y) <= f(x)`` (Algorithm 1, line 6).
    """
    n = dist0.shape[0]
    dist, order, where, k, f = start_state(dist0)
    new_dist = np.empty(n, np.int64)  # the offspring's distances at the mutated positions
    reached = np.empty(n, np.int64)  # mutated non-optimal positions that reached their target
    t = 0
    if f == 0:
        return t, True
    key_k = -1
    key_j = -1
    key_clip = False
    q = 0.0
    s = 0.0
    pi = 0.0
    useful = 0
    while True:
        pi, tau, jmax, clip_ok = heavy_admissible(cum, tail, jtop, clip, r, 2 * f)
        if k != key_k or jmax != key_j or clip_ok != key_clip:
            t += phase_trials(rng, useful, q)
            useful = 0
            if t > budget:
                return budget, False
            q, s = useful_probability(n, k, pi, tau)
            key_k = k
            key_j = jmax
            key_clip = clip_ok
        useful += 1
        if useful > budget - t:
            return budget, False
        a_non = binomial_small(rng, k, s, True)
        a_opt = binomial_small(rng, n - k, s, False)
        choose(rng, order, where, 0, k, a_non)  # Algorithm 1, lines 3-4
        choose(rng, order, where, k, n, a_opt)
        delta = 0
        for j in range(a_non + a_opt):
            idx = j if j < a_non else k + (j - a_non)
            pos = order[idx]
            mag = heavy_magnitude(rng, cum, pi, jmax, clip_ok, r)  # Definition 2
            d = dist[pos]
            nd = d - mag if rng.random() < 0.5 else d + mag  # Definition 2: sign ±
            if nd < 0:
                nd = -nd
            new_dist[j] = nd
            delta += nd - d
        if delta > 0:  # Algorithm 1, line 6: rejected
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
            return finish(rng, t, useful, q, budget)
