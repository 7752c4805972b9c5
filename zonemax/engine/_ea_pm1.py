r"""The (1+1) EA with the ±1 operator (Algorithm 1, Definition 1): one jitted run.

State, partition and budget conventions: :mod:`zonemax.engine._state`; pattern tables and the
skip rule's derivation: :func:`zonemax.engine._pm1_patterns.pattern_table`.

**Skip-ahead.**  An iteration is *useful* if it changes ``D``.  While ``k`` is unchanged every
iteration is useful independently with probability ``q(k)``, so the useful ones are i.i.d.
patterns from the conditional law and the iterations up to and including the next useful one are
Geometric(q).  **Phases:** the geometric gaps do not influence the state, so instead of one draw
per useful iteration the kernel counts the useful iterations of a phase of constant ``k`` and adds
``useful + NegBin(useful, q)`` iterations when ``k`` changes
(:func:`zonemax.engine._random.phase_trials`).

**Blocks.**  Far from the optimum (``k = n`` and ``min_i D_i > s``) the next ``s`` useful
iterations cannot change ``k`` and their effects commute, so they are applied as multinomial
groups of equal patterns (:func:`block`); same law, no per-iteration branches.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._alias import build_alias, fill_payloads, sample_payload
from zonemax.engine._pm1_patterns import (
    MAX_M,
    TABLE_SIZE,
    Scratch,
    TableCache,
    moves_at_most_two_nonoptimal,
    new_scratch,
    pack,
    pattern_b,
    pattern_m,
    pattern_table,
    pattern_z,
    fill_slot,
)
from zonemax.engine._random import phase_trials, uniform_int, uniform_pair
from zonemax.engine._state import finish, move_in, move_out, pick, start_state

#: Smallest block of useful iterations worth a block update (:func:`block`): a block costs an
#: O(n) minimum and three binomial draws (about 1 microsecond here) and saves about 20 ns per
#: useful iteration; thresholds 16..256 measured within noise of each other at n = 100,
#: r = 10^3 and 10^4.  Affects speed only, never the law of the run.
BLOCK_MIN = 32
#: The patterns :func:`block` applies as groups (the rest come from an alias table):
#: ``(m, z, b)`` = (1,0,1), (2,0,1), (2,0,2), (3,0,2), (3,0,3); at ``k = n = 100`` they carry
#: about 97% of the useful iterations.
BLOCK_GROUPS = ((1, 0, 1), (2, 0, 1), (2, 0, 2), (3, 0, 2), (3, 0, 3))


class BlockTables(NamedTuple):
    """The block rule's law at ``k = n`` and its scratch space."""

    group_p: np.ndarray  #: float64, conditional probability of each group of BLOCK_GROUPS
    counts: np.ndarray  #: int64, scratch: the multinomial counts of the groups
    rest_prob: np.ndarray  #: alias table of the other patterns (probabilities) ...
    rest_keep: np.ndarray  #: ... packed pattern of each column ...
    rest_other: np.ndarray  #: ... and of its alias
    sel: np.ndarray  #: int64, scratch: chosen positions (length MAX_M)


@njit(nogil=True, cache=True)
def new_block_tables() -> BlockTables:
    """Empty :class:`BlockTables` (filled by :func:`fill_block_tables`)."""
    groups = len(BLOCK_GROUPS)
    return BlockTables(np.zeros(groups), np.zeros(groups, np.int64), np.empty(TABLE_SIZE),
                       np.empty(TABLE_SIZE, np.int64), np.empty(TABLE_SIZE, np.int64),
                       np.empty(MAX_M, np.int64))


@njit(nogil=True, cache=True)
def fill_block_tables(n: int, sc: Scratch, bt: BlockTables) -> int:
    """For ``k = n``: the conditional probabilities of the patterns in :data:`BLOCK_GROUPS` and
    the alias table of the other patterns, into ``bt``; returns the number of other patterns
    (0 if there are none)."""
    groups = len(BLOCK_GROUPS)
    q, count = pattern_table(n, n, sc.ms, sc.zs, sc.bs, sc.weight, sc.pk, sc.pz)
    for g in range(groups):
        bt.group_p[g] = 0.0
    rest = 0
    for i in range(count):
        m, z, b = sc.ms[i], sc.zs[i], sc.bs[i]
        grouped = False
        for g in range(groups):
            gm, gz, gb = BLOCK_GROUPS[g]
            if m == gm and z == gz and b == gb:
                bt.group_p[g] += sc.weight[i] / q
                grouped = True
        if not grouped:  # compact the other patterns to the front (rest <= i)
            sc.packed[rest] = pack(m, z, b)
            sc.weight[rest] = sc.weight[i]
            rest += 1
    if rest > 0:
        build_alias(sc.weight, rest, bt.rest_prob, sc.alias, sc.small, sc.large)
        fill_payloads(sc.packed, sc.alias, rest, bt.rest_keep, bt.rest_other)
    return rest


@njit(nogil=True, cache=True, inline="always")
def distinct_pair(rng: np.random.Generator, n: int) -> tuple[int, int]:
    """A uniform ordered pair of distinct positions in ``[0, n)`` (``n >= 2``): the second is
    uniform on the other ``n - 1`` (one draw when ``n <= PAIR_MAX_K``)."""
    i1, i2 = uniform_pair(rng, n, n - 1)
    return i1, i2 + (i2 >= i1)


@njit(nogil=True, cache=True)
def block(rng: np.random.Generator, dist: np.ndarray, size: int, bt: BlockTables, rest: int,
          order: np.ndarray, where: np.ndarray) -> int:
    r"""``size`` useful iterations of the ±1 EA at ``k = n``, when ``min_i D_i > size``; returns
    the change of ``f``.

    Derivation.  Every useful iteration lowers any ``D_i`` by at most 1, so within ``size``
    of them no position reaches 0: ``k`` stays ``n``, every pattern has ``z = 0``, and the
    patterns are i.i.d. from the conditional law of :func:`pattern_table` with ``k = n``.  A
    pattern's acceptance (``2b >= m``) and its effect (``-1`` at ``b`` and ``+1`` at ``m - b``
    uniformly chosen distinct positions) do not depend on ``D`` while ``k = n``, so ``D`` after
    the block is ``D`` plus the sum of ``size`` independent effects, in any order.  Grouping the
    iterations by pattern: the numbers in the groups :data:`BLOCK_GROUPS` and in the rest are
    multinomial (drawn as successive binomials), and given these numbers every iteration's
    positions are drawn independently and uniformly (:func:`uniform_pair` gives two per random
    draw); the other patterns come from their own conditional alias table (``rest`` entries).
    """
    n = dist.shape[0]
    counts = bt.counts
    left = size
    tail = 1.0
    for g in range(len(BLOCK_GROUPS)):
        counts[g] = 0
        if left > 0 and tail > 0.0 and bt.group_p[g] > 0.0:
            counts[g] = rng.binomial(left, min(1.0, bt.group_p[g] / tail))
            left -= counts[g]
        tail -= bt.group_p[g]
    n_rest = left if rest > 0 else 0
    c1, c21, c22, c32, c33 = counts[0], counts[1], counts[2], counts[3], counts[4]
    df = -c1 - 2 * c22 - c32 - 3 * c33
    # (1,0,1): one uniform position moves towards the target; two per draw
    for _ in range(c1 >> 1):
        i1, i2 = uniform_pair(rng, n, n)
        dist[i1] -= 1
        dist[i2] -= 1
    if c1 & 1:
        dist[uniform_int(rng, n)] -= 1
    for _ in range(c21):  # (2,0,1): first towards, second away
        i1, i2 = distinct_pair(rng, n)
        dist[i1] -= 1
        dist[i2] += 1
    for _ in range(c22):  # (2,0,2): both towards
        i1, i2 = distinct_pair(rng, n)
        dist[i1] -= 1
        dist[i2] -= 1
    for g in (3, 4):  # (3,0,2), (3,0,3): the third position uniform on the other n - 2
        for _ in range(counts[g]):
            i1, i2 = distinct_pair(rng, n)
            while True:
                i3 = uniform_int(rng, n)
                if i3 != i1 and i3 != i2:
                    break
            dist[i1] -= 1
            dist[i2] -= 1
            dist[i3] += 1 if g == 3 else -1
    sel = bt.sel
    for _ in range(n_rest):  # m >= 4: pattern from the conditional table, positions by pick
        pattern = sample_payload(rng, rest, bt.rest_prob, bt.rest_keep, bt.rest_other)
        m = pattern_m(pattern)
        b = pattern_b(pattern)
        pick(rng, order, where, 0, n, m, sel)
        for j in range(b):
            dist[sel[j]] -= 1
        for j in range(b, m):
            dist[sel[j]] += 1
        df += m - 2 * b
    return df


@njit(nogil=True, cache=True)
def ea_pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, block_min: int,
               cache: TableCache) -> tuple[int, bool]:
    """One run of the (1+1) EA with the ±1 operator; returns ``(evaluations, solved)``.

    Skip rule (see :func:`pattern_table`): while ``k`` is unchanged every iteration is useful
    with the same probability ``q(k)``; each useful iteration applies a pattern drawn from the
    conditional law (uniform positions; the first ``b`` chosen non-optimal positions improve).
    Phase key: ``k``.  Tables come from ``cache`` (:class:`TableCache`), which may be shared by
    consecutive runs with the same ``n``.

    Block rule: from the start, while ``k = n`` and ``min_i D_i - 1 >= block_min``, the next
    ``min_i D_i - 1`` useful iterations are applied at once by :func:`block` (same law;
    ``block_min`` only trades speed, and tests lower it to exercise the rule on small
    instances).
    """
    n = dist0.shape[0]
    dist, order, where, k, f = start_state(dist0)
    t = 0
    if f == 0:
        return t, True
    sc = new_scratch()
    slots = cache.k.shape[0]
    sel = np.empty(MAX_M, np.int64)  # chosen non-optimal positions
    sel_opt = np.empty(MAX_M, np.int64)  # chosen optimal positions
    prob = cache.prob[0]
    keep = cache.keep[0]
    other = cache.other[0]
    # block updates while k = n and min D is large (see block); off for good once they no
    # longer apply (k < n or min D small), as the run is then near its end
    blocking = k == n
    block_ready = False
    bt = new_block_tables()
    rest = 0
    count = 0
    table_k = -1
    q = 0.0
    useful = 0
    while True:
        if k != table_k:
            t += phase_trials(rng, useful, q)
            useful = 0
            if t > budget:
                return budget, False
            slot = k % slots
            if cache.k[slot] != k:
                fill_slot(cache, sc, n, k, slot)
            prob = cache.prob[slot]
            keep = cache.keep[slot]
            other = cache.other[slot]
            q = cache.q[slot]
            count = cache.n_patterns[slot]
            table_k = k
        if blocking:
            size = min(dist.min() - 1, budget - t - useful)
            if k == n and size >= block_min:
                if not block_ready:
                    rest = fill_block_tables(n, sc, bt)
                    block_ready = True
                f += block(rng, dist, size, bt, rest, order, where)
                useful += size
                continue
            blocking = False
        useful += 1
        if useful > budget - t:
            return budget, False
        pattern = sample_payload(rng, count, prob, keep, other)
        m = pattern_m(pattern)
        z = pattern_z(pattern)
        b = pattern_b(pattern)
        if k >= 2 and moves_at_most_two_nonoptimal(pattern):
            # Fast path for the patterns (1,0,1), (2,0,1), (2,0,2) (most useful iterations
            # while k is large), without data-dependent branches: a uniform ordered pair of
            # distinct non-optimal positions (the second uniform on the other k - 1) is drawn
            # in every case; the first is the (first) improving one, the second moves by
            # d1 = 0 (m = 1: not mutated), +1 (b = 1) or -1 (b = 2).
            i1, i2 = distinct_pair(rng, k)  # Algorithm 1, lines 3-4
            p0 = order[i1]
            p1 = order[i2]
            d1 = (m - 1) * (3 - 2 * b)
            f += m - 2 * b  # Algorithm 1, line 6: accepted since 2b >= m
            dist[p0] -= 1  # Definition 1: towards the target
            dist[p1] += d1
            if dist[p0] == 0:
                k = move_out(order, where, p0, k)
            if d1 < 0 and dist[p1] == 0:
                k = move_out(order, where, p1, k)
            if f == 0:
                return finish(rng, t, useful, q, budget)
            continue
        # Algorithm 1, lines 3-4: a uniform set of mutated positions
        if m == 1:
            sel[0] = order[uniform_int(rng, k)]
        else:
            pick(rng, order, where, 0, k, m, sel)
        if z > 0:
            pick(rng, order, where, k, n, z, sel_opt)
        f += m - 2 * b + z  # Algorithm 1, line 6: accepted since 2b >= m + z
        for j in range(b, m):  # Definition 1: step away from the target
            dist[sel[j]] += 1
        for j in range(z):  # an optimal position mutated: D_i = 1, now non-optimal
            dist[sel_opt[j]] = 1
            k = move_in(order, where, sel_opt[j], k)
        for j in range(b):  # Definition 1: step towards the target
            pos = sel[j]
            dist[pos] -= 1
            if dist[pos] == 0:
                k = move_out(order, where, pos, k)
        if f == 0:
            return finish(rng, t, useful, q, budget)
