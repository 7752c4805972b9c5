r"""Jitted single-run kernels with exact skip-ahead (one function per algorithm).

Notation (Section 2 of the paper; module ``reference`` for the semantics):

* ``n`` -- dimension; ``p = 1/n`` -- mutation rate of the (1+1) EA (Algorithm 1).
* ``D`` -- the distance vector ``D_i = |a_i - x_i|`` (int64), so ``f(x) = sum_i D_i``.
* ``k = |a - x|_H`` -- the number of non-optimal positions (``D_i > 0``).
* ``t`` -- evaluations so far (every iteration counts, including rejected ones).

**Why distances suffice.**  Every step operator here is symmetric in sign (Definitions 1 and 2,
Algorithm 2), so ``|d_i - s|`` with ``d_i = a_i - x_i`` has the law of ``|D_i - s|``; selection
only looks at ``f``.  Hence the process ``D`` (and ``t``) has the same law as the reference's.

**Skip-ahead.**  An iteration is *useless* if it surely leaves ``D`` unchanged.  When, in the
current state, each iteration is useful independently with a probability ``q`` that can be
computed, the number of iterations up to and including the next useful one is Geometric(q);
all of them count as evaluations, and the useful one is sampled from the law of an iteration
*conditioned on being useful*.  Each kernel's docstring derives its ``q`` and conditional law.
This is exact (up to float64 resolution): the skipped iterations are i.i.d. given the state and
change nothing.

**Phases.**  ``q`` depends on the state only through a small *key* (``k``, and for the
heavy-tailed operator the set of admissible magnitudes).  The geometric gaps do not influence
the state, so instead of drawing one Geometric(q) per useful iteration the kernels count the
useful iterations of a phase of constant key and, when the key changes (or the run ends), add
``useful + NegBin(useful, q)`` iterations (:func:`zonemax.engine._random.phase_trials`): the
sum of ``useful`` i.i.d. Geometric(q) variables.  Same law, one draw per phase instead of one
logarithm per useful iteration.

**Blocks (±1 EA).**  Far from the optimum (``k = n`` and ``min_i D_i > s``) the next ``s``
useful iterations cannot change ``k`` and their effects commute, so they are applied as
multinomial groups of equal patterns (:func:`_pm1_block`); same law, no per-iteration branches.

**Bookkeeping.**  ``order`` lists the positions with the ``k`` non-optimal ones first and
``where[i]`` is the index of ``i`` in ``order``; a uniform (distinct) choice among non-optimal
or optimal positions is a partial Fisher-Yates shuffle of the corresponding block of ``order``.
Memory is O(n) per run and nothing is allocated inside the loops.

**Budget.**  ``budget`` is the evaluation budget (``NO_BUDGET`` = unlimited).  The reference
returns ``(T, solved)`` if the run time ``T <= budget`` and ``(budget, unsolved)`` otherwise, so
the kernels return exactly that; they stop early as soon as a lower bound on ``T`` (closed
phases plus the useful iterations of the open one) exceeds ``budget``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from zonemax.engine._random import (
    binomial_small,
    bit_length,
    phase_trials,
    uniform_int,
    uniform_pair,
)

#: "No budget": int64 max (the reference's ``budget=None``).
NO_BUDGET = np.iinfo(np.int64).max
#: Largest number of mutated non-optimal positions kept in the ±1 EA pattern table.  Derivation:
#: ``P(M >= 21) <= C(k, 21) n^-21 <= (k/n)^21 / 21!`` while the useful probability is
#: ``q >= P(M = 1, Z = 0, improving) = (k/n)(1 - 1/n)^(n-1)/2 >= (k/n)/(2e)``, so the mass left out
#: is below ``2e/21! < 1.1e-19 < 2^-53`` relative to ``q``: invisible to float64 inversion.  For
#: ``n <= 20`` nothing is left out at all (``M <= k <= 20``).
PM1_MAX_M = 20


def _pm1_table_size(max_m: int) -> int:
    # patterns (m, z, b): 1 <= m <= max_m, 0 <= z <= m, ceil((m+z)/2) <= b <= m
    return sum((m - z) // 2 + 1 for m in range(1, max_m + 1) for z in range(m + 1))


#: Number of (m, z, b) patterns in the ±1 EA table (exact count for ``PM1_MAX_M``).
PM1_TABLE_SIZE = _pm1_table_size(PM1_MAX_M)


# --------------------------------------------------------------------------------------------
# partition helpers
# --------------------------------------------------------------------------------------------
@njit(nogil=True, cache=True)
def _init_partition(dist: np.ndarray, order: np.ndarray, where: np.ndarray) -> int:
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


@njit(nogil=True, cache=True)
def _start_state(dist0: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """A run's start: a copy of the distances, the partition (non-optimal first), ``k`` and
    ``f = sum_i D_i``."""
    n = dist0.shape[0]
    dist = dist0.copy()
    order = np.empty(n, np.int64)
    where = np.empty(n, np.int64)
    k = _init_partition(dist, order, where)
    f = 0
    for i in range(n):
        f += dist[i]
    return dist, order, where, k, f


@njit(nogil=True, cache=True, inline="always")
def _swap(order: np.ndarray, where: np.ndarray, i: int, j: int) -> None:
    pi = order[i]
    pj = order[j]
    order[i] = pj
    order[j] = pi
    where[pj] = i
    where[pi] = j


@njit(nogil=True, cache=True, inline="always")
def _move_out(order: np.ndarray, where: np.ndarray, pos: int, k: int) -> int:
    """Position ``pos`` became optimal: move it behind the non-optimal block; return new k."""
    _swap(order, where, where[pos], k - 1)
    return k - 1


@njit(nogil=True, cache=True, inline="always")
def _move_in(order: np.ndarray, where: np.ndarray, pos: int, k: int) -> int:
    """Position ``pos`` left the optimum: move it into the non-optimal block; return new k."""
    _swap(order, where, where[pos], k)
    return k + 1


@njit(nogil=True, cache=True, inline="always")
def _choose(rng: np.random.Generator, order: np.ndarray, where: np.ndarray, lo: int, hi: int,
            count: int) -> None:
    """Uniform ordered choice of ``count`` distinct entries of ``order[lo:hi]``.

    Partial Fisher-Yates: afterwards ``order[lo:lo+count]`` is a uniformly random ordered
    sample without replacement from the block (the block keeps its set of positions).
    """
    for j in range(count):
        _swap(order, where, lo + j, lo + j + uniform_int(rng, hi - lo - j))


@njit(nogil=True, cache=True, inline="always")
def _pick(rng: np.random.Generator, order: np.ndarray, where: np.ndarray, lo: int, hi: int,
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
            while True:
                pos = order[lo + uniform_int(rng, size)]
                fresh = True
                for i in range(j):
                    if out[i] == pos:
                        fresh = False
                        break
                if fresh:
                    break
            out[j] = pos
    else:
        _choose(rng, order, where, lo, hi, count)
        for j in range(count):
            out[j] = order[lo + j]


# --------------------------------------------------------------------------------------------
# (1+1) EA with the ±1 operator
# --------------------------------------------------------------------------------------------
@njit(nogil=True, cache=True)
def _binomial_row(n_trials: int, s: float, out: np.ndarray, top: int) -> None:
    """``out[m] = P(Bin(n_trials, s) = m)`` for ``m = 0..top`` (zeros beyond ``n_trials``)."""
    for m in range(top + 1):
        out[m] = 0.0
    if s >= 1.0:
        if n_trials <= top:
            out[n_trials] = 1.0
        return
    pm = math.exp(n_trials * math.log1p(-s))
    ratio = s / (1.0 - s)
    for m in range(min(top, n_trials) + 1):
        out[m] = pm
        pm *= (n_trials - m) / (m + 1.0) * ratio


@njit(nogil=True, cache=True)
def pm1_ea_pattern_table(n: int, k: int, ms: np.ndarray, zs: np.ndarray, bs: np.ndarray,
                         weight: np.ndarray, pk: np.ndarray, pz: np.ndarray) -> tuple[float, int]:
    r"""Useful-iteration probability ``q`` and the conditional pattern law, ±1 (1+1) EA.

    Derivation.  With ``k`` non-optimal positions, an iteration of Algorithm 1 mutates
    ``M ~ Bin(k, 1/n)`` non-optimal and, independently, ``Z ~ Bin(n - k, 1/n)`` optimal
    positions.  Under Definition 1 each mutated non-optimal position moves towards its target
    (``D_i -> D_i - 1``) with probability 1/2, independently: ``B ~ Bin(M, 1/2)`` improve, the
    other ``M - B`` get ``D_i + 1``; every mutated optimal position gets ``D_i = 1``.  So
    ``f(y) - f(x) = (M - B) + Z - B`` and the offspring is accepted iff ``2B >= M + Z``.
    The state changes iff it is accepted and ``M >= 1`` (``M = 0`` forces ``Z = 0`` for
    acceptance, i.e. ``y = x``).  Hence ::

        q = sum_{m>=1} sum_{z} sum_{b >= (m+z)/2} Bin(k,p)(m) Bin(n-k,p)(z) C(m,b) 2^-m,

    depending on ``k`` only, and a useful iteration is the pattern ``(m, z, b)`` with
    probability (term)/q.  Given the pattern, by exchangeability the ``m`` non-optimal
    positions are a uniform subset, the ``b`` improving ones a uniform subset of those, and the
    ``z`` optimal ones a uniform subset of the optimal positions.  ``z <= m`` is forced by
    ``2b >= m + z``; ``m`` is capped at :data:`PM1_MAX_M` (see there).

    Fills ``ms, zs, bs`` and the unnormalised probabilities ``weight`` (they sum to ``q``),
    using ``pk, pz`` (length ``PM1_MAX_M + 1``) as scratch; returns ``(q, number of patterns)``.
    """
    p = 1.0 / n
    top = PM1_MAX_M
    _binomial_row(k, p, pk, top)
    _binomial_row(n - k, p, pz, top)
    count = 0
    total = 0.0
    for m in range(1, min(k, top) + 1):
        # C(m, b) / 2^m by the recurrence C(m, b+1) = C(m, b) (m - b)/(b + 1)
        for z in range(0, min(n - k, m) + 1):
            w_mz = pk[m] * pz[z]
            b_min = (m + z + 1) // 2
            c = 1.0
            for b in range(b_min):
                c *= (m - b) / (b + 1.0)
            for b in range(b_min, m + 1):
                w = w_mz * c * 0.5**m
                total += w
                ms[count] = m
                zs[count] = z
                bs[count] = b
                weight[count] = w
                count += 1
                c *= (m - b) / (b + 1.0)
    return total, count


@njit(nogil=True, cache=True)
def build_alias(weight: np.ndarray, count: int, prob: np.ndarray, alias: np.ndarray,
                small: np.ndarray, large: np.ndarray) -> None:
    """Walker/Vose alias table for ``weight[:count]`` (any positive scale).

    Sampling (:func:`sample_alias`): ``u = U * count``, column ``i = floor(u)``, keep ``i`` if
    ``u - i < prob[i]`` else take ``alias[i]``; each column carries mass ``1/count``, so entry
    ``j`` is drawn with probability ``weight[j] / sum(weight)``.  O(1) per draw, no
    data-dependent loop (the cumulative scan it replaces cost one branch miss per draw).
    """
    total = 0.0
    for j in range(count):
        total += weight[j]
    n_small = 0
    n_large = 0
    for j in range(count):
        prob[j] = weight[j] * count / total
        alias[j] = j
        if prob[j] < 1.0:
            small[n_small] = j
            n_small += 1
        else:
            large[n_large] = j
            n_large += 1
    while n_small > 0 and n_large > 0:
        n_small -= 1
        lo = small[n_small]
        g = large[n_large - 1]
        alias[lo] = g
        prob[g] = (prob[g] + prob[lo]) - 1.0
        if prob[g] < 1.0:
            n_large -= 1
            small[n_small] = g
            n_small += 1
    for j in range(n_large):
        prob[large[j]] = 1.0  # round-off: these columns are full
    for j in range(n_small):
        prob[small[j]] = 1.0


@njit(nogil=True, cache=True, inline="always")
def sample_alias(rng: np.random.Generator, count: int, prob: np.ndarray,
                 alias: np.ndarray) -> int:
    """One draw from an alias table built by :func:`build_alias`."""
    u = rng.random() * count
    i = int(u)
    return i if u - i < prob[i] else alias[i]


#: ±1 EA pattern tables kept by :func:`ea_pm1_run`, direct-mapped on ``k mod PM1_TABLE_SLOTS``.
#: Near the optimum ``k`` moves back and forth between a few neighbouring values; with 16 slots
#: any 16 consecutive values of ``k`` share no slot, so each table is built about once per run
#: instead of at every change of ``k`` (a build costs about 16 microseconds, measured).  Memory
#: is ``3 * 16 * PM1_TABLE_SIZE`` words, independent of ``n``.  The engine's batch API shares
#: a larger cache between the runs of a batch (:data:`PM1_CACHE_MAX_SLOTS`).
PM1_TABLE_SLOTS = 16
#: Slots of the cache shared by the runs of a batch: ``min(n + 1, PM1_CACHE_MAX_SLOTS)``, so
#: for ``n < 256`` every ``k`` has its own slot and each table is built once per batch and
#: worker.  At most ``3 * 256 * PM1_TABLE_SIZE`` words (5.8 MB) per worker.
PM1_CACHE_MAX_SLOTS = 256


@njit(nogil=True, cache=True)
def pm1_pack(m: int, z: int, b: int) -> int:
    """One int64 for the pattern ``(m, z, b)`` (each ``<= PM1_MAX_M < 256``)."""
    return m | (z << 8) | (b << 16)


@njit(nogil=True, cache=True)
def _pack_alias(ms: np.ndarray, zs: np.ndarray, bs: np.ndarray, alias: np.ndarray, count: int,
                keep: np.ndarray, other: np.ndarray) -> None:
    """``keep[i]``/``other[i]``: the packed patterns of alias column ``i`` and of its alias."""
    for i in range(count):
        keep[i] = pm1_pack(ms[i], zs[i], bs[i])
        j = alias[i]
        other[i] = pm1_pack(ms[j], zs[j], bs[j])


@njit(nogil=True, cache=True, inline="always")
def _sample_packed(rng: np.random.Generator, count: int, prob: np.ndarray, keep: np.ndarray,
                   other: np.ndarray) -> int:
    """:func:`sample_alias` returning the packed pattern (no index indirection)."""
    u = rng.random() * count
    col = int(u)
    return keep[col] if u - col < prob[col] else other[col]


@njit(nogil=True, cache=True)
def _pm1_build_slot(n: int, k: int, prob: np.ndarray, keep: np.ndarray, other: np.ndarray,
                    ms: np.ndarray, zs: np.ndarray, bs: np.ndarray, weight: np.ndarray,
                    alias: np.ndarray, small: np.ndarray, large: np.ndarray, pk: np.ndarray,
                    pz: np.ndarray) -> tuple[float, int]:
    """Alias table of the conditional pattern law for ``k`` into ``prob, keep, other``.

    ``keep[i]``/``other[i]`` are the packed patterns of column ``i`` and of its alias, so a draw
    is one uniform and one comparison (:func:`sample_alias` without the index indirection).
    Returns ``(q, count)`` of :func:`pm1_ea_pattern_table`.
    """
    q, count = pm1_ea_pattern_table(n, k, ms, zs, bs, weight, pk, pz)
    build_alias(weight, count, prob, alias, small, large)
    _pack_alias(ms, zs, bs, alias, count, keep, other)
    return q, count


#: Smallest block of useful iterations worth a block update (:func:`_pm1_block`): a block costs
#: an O(n) minimum and three binomial draws (about 1 microsecond here) and saves about 20 ns per
#: useful iteration; thresholds 16..256 measured within noise of each other at n = 100,
#: r = 10^3 and 10^4.  Affects speed only, never the law of the run.
PM1_BLOCK_MIN = 32


#: The patterns :func:`_pm1_block` applies as groups (the rest come from an alias table):
#: ``(m, z, b)`` = (1,0,1), (2,0,1), (2,0,2), (3,0,2), (3,0,3); at ``k = n = 100`` they carry
#: about 97% of the useful iterations.
PM1_BLOCK_GROUPS = ((1, 0, 1), (2, 0, 1), (2, 0, 2), (3, 0, 2), (3, 0, 3))


@njit(nogil=True, cache=True, inline="always")
def _distinct_pair(rng: np.random.Generator, n: int) -> tuple[int, int]:
    """A uniform ordered pair of distinct positions in ``[0, n)`` (``n >= 2``): the second is
    uniform on the other ``n - 1`` (one draw when ``n <= PAIR_MAX_K``)."""
    i1, i2 = uniform_pair(rng, n, n - 1)
    return i1, i2 + (i2 >= i1)


@njit(nogil=True, cache=True)
def _pm1_block(rng: np.random.Generator, dist: np.ndarray, size: int, group_p: np.ndarray,
               counts: np.ndarray, rest_count: int, rest_prob: np.ndarray,
               rest_keep: np.ndarray, rest_other: np.ndarray, sel: np.ndarray,
               order: np.ndarray, where: np.ndarray) -> int:
    r"""``size`` useful iterations of the ±1 EA at ``k = n``, when ``min_i D_i > size``; returns
    the change of ``f``.

    Derivation.  Every useful iteration lowers any ``D_i`` by at most 1, so within ``size``
    of them no position reaches 0: ``k`` stays ``n``, every pattern has ``z = 0``, and the
    patterns are i.i.d. from the conditional law of :func:`pm1_ea_pattern_table` with
    ``k = n``.  A pattern's acceptance (``2b >= m``) and its effect (``-1`` at ``b`` and
    ``+1`` at ``m - b`` uniformly chosen distinct positions) do not depend on ``D`` while
    ``k = n``, so ``D`` after the block is ``D`` plus the sum of ``size`` independent effects,
    in any order.  Grouping the iterations by pattern: the numbers in the groups
    :data:`PM1_BLOCK_GROUPS` (probabilities ``group_p``) and in the rest are multinomial
    (drawn as successive binomials), and given these numbers every iteration's positions are
    drawn independently and uniformly (:func:`uniform_pair` gives two per random draw); the
    other patterns come from their own conditional alias table.  ``counts`` is scratch space
    (one entry per group).
    """
    n = dist.shape[0]
    left = size
    tail = 1.0
    for g in range(len(PM1_BLOCK_GROUPS)):
        counts[g] = 0
        if left > 0 and tail > 0.0 and group_p[g] > 0.0:
            counts[g] = rng.binomial(left, min(1.0, group_p[g] / tail))
            left -= counts[g]
        tail -= group_p[g]
    rest = left if rest_count > 0 else 0
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
        i1, i2 = _distinct_pair(rng, n)
        dist[i1] -= 1
        dist[i2] += 1
    for _ in range(c22):  # (2,0,2): both towards
        i1, i2 = _distinct_pair(rng, n)
        dist[i1] -= 1
        dist[i2] -= 1
    for g in (3, 4):  # (3,0,2), (3,0,3): the third position uniform on the other n - 2
        for _ in range(counts[g]):
            i1, i2 = _distinct_pair(rng, n)
            while True:
                i3 = uniform_int(rng, n)
                if i3 != i1 and i3 != i2:
                    break
            dist[i1] -= 1
            dist[i2] -= 1
            dist[i3] += 1 if g == 3 else -1
    for _ in range(rest):  # m >= 4: pattern from the conditional table, positions by _pick
        pattern = _sample_packed(rng, rest_count, rest_prob, rest_keep, rest_other)
        m = pattern & 255
        b = pattern >> 16
        _pick(rng, order, where, 0, n, m, sel)
        for j in range(b):
            dist[sel[j]] -= 1
        for j in range(b, m):
            dist[sel[j]] += 1
        df += m - 2 * b
    return df


@njit(nogil=True, cache=True)
def _pm1_block_tables(n: int, ms: np.ndarray, zs: np.ndarray, bs: np.ndarray,
                      weight: np.ndarray, alias: np.ndarray, small: np.ndarray,
                      large: np.ndarray, pk: np.ndarray, pz: np.ndarray, group_p: np.ndarray,
                      rest_prob: np.ndarray, rest_keep: np.ndarray, rest_other: np.ndarray
                      ) -> int:
    """For ``k = n``: fills ``group_p`` (conditional probabilities of the patterns in
    :data:`PM1_BLOCK_GROUPS`) and the alias table of the other patterns; returns its size
    (0 if there are none)."""
    q, count = pm1_ea_pattern_table(n, n, ms, zs, bs, weight, pk, pz)
    for g in range(len(PM1_BLOCK_GROUPS)):
        group_p[g] = 0.0
    rest = 0
    for i in range(count):
        m, z, b = ms[i], zs[i], bs[i]
        grouped = False
        for g in range(len(PM1_BLOCK_GROUPS)):
            gm, gz, gb = PM1_BLOCK_GROUPS[g]
            if m == gm and z == gz and b == gb:
                group_p[g] += weight[i] / q
                grouped = True
        if not grouped:  # compact the other patterns to the front (rest <= i)
            ms[rest], zs[rest], bs[rest], weight[rest] = m, z, b, weight[i]
            rest += 1
    if rest > 0:
        build_alias(weight, rest, rest_prob, alias, small, large)
        _pack_alias(ms, zs, bs, alias, rest, rest_keep, rest_other)
    return rest


@njit(nogil=True, cache=True)
def pm1_cache(slots: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                   np.ndarray]:
    """An empty table cache for :func:`ea_pm1_run_cached` with ``slots`` slots (direct-mapped
    on ``k mod slots``): ``(prob, keep, other, k, q, count)`` per slot, ``k = -1`` = empty.
    A cache must only be shared by runs with the same ``n`` (the tables depend on ``n, k``)."""
    size = PM1_TABLE_SIZE
    return (np.empty((slots, size)), np.empty((slots, size), np.int64),
            np.empty((slots, size), np.int64), np.full(slots, -1, np.int64), np.zeros(slots),
            np.zeros(slots, np.int64))


@njit(nogil=True, cache=True)
def ea_pm1_run(rng: np.random.Generator, dist0: np.ndarray, budget: int,
               block_min: int = PM1_BLOCK_MIN) -> tuple[int, bool]:
    """One run of the (1+1) EA with the ±1 operator with its own table cache of
    :data:`PM1_TABLE_SLOTS` slots; see :func:`ea_pm1_run_cached`."""
    probs, keeps, others, slot_k, slot_q, slot_count = pm1_cache(PM1_TABLE_SLOTS)
    return ea_pm1_run_cached(rng, dist0, budget, block_min, probs, keeps, others, slot_k,
                             slot_q, slot_count)


@njit(nogil=True, cache=True)
def ea_pm1_run_cached(rng: np.random.Generator, dist0: np.ndarray, budget: int, block_min: int,
                      probs: np.ndarray, keeps: np.ndarray, others: np.ndarray,
                      slot_k: np.ndarray, slot_q: np.ndarray, slot_count: np.ndarray
                      ) -> tuple[int, bool]:
    """One run of the (1+1) EA with the ±1 operator; returns ``(evaluations, solved)``.

    Skip rule (see :func:`pm1_ea_pattern_table`): while ``k`` is unchanged every iteration is
    useful with the same probability ``q(k)``; each useful iteration applies a pattern drawn
    from the conditional law (uniform positions; the first ``b`` chosen non-optimal positions
    improve).  Phase key: ``k``.  Tables are kept in the cache ``probs, ..., slot_count``
    (:func:`pm1_cache`), which may be shared by consecutive runs with the same ``n``; building
    a table draws no random numbers, so the cache never changes a run.

    Block rule: from the start, while ``k = n`` and ``min_i D_i - 1 >= block_min``, the next
    ``min_i D_i - 1`` useful iterations are applied at once by :func:`_pm1_block` (same law;
    ``block_min`` only trades speed, and tests lower it to exercise the rule on small
    instances).
    """
    n = dist0.shape[0]
    dist, order, where, k, f = _start_state(dist0)
    t = 0
    if f == 0:
        return t, True
    size = PM1_TABLE_SIZE
    slots = slot_k.shape[0]
    ms = np.empty(size, np.int64)
    zs = np.empty(size, np.int64)
    bs = np.empty(size, np.int64)
    weight = np.empty(size)
    alias = np.empty(size, np.int64)
    small = np.empty(size, np.int64)
    large = np.empty(size, np.int64)
    pk = np.empty(PM1_MAX_M + 1)
    pz = np.empty(PM1_MAX_M + 1)
    sel = np.empty(PM1_MAX_M, np.int64)  # chosen non-optimal positions
    sel_opt = np.empty(PM1_MAX_M, np.int64)  # chosen optimal positions
    prob = probs[0]
    keep = keeps[0]
    other = others[0]
    # block updates while k = n and min D is large (see _pm1_block); off for good once they
    # no longer apply (k < n or min D small), as the run is then near its end
    blocking = k == n
    block_ready = False
    group_p = np.zeros(len(PM1_BLOCK_GROUPS))
    group_counts = np.zeros(len(PM1_BLOCK_GROUPS), np.int64)
    rest_count = 0
    rest_prob = np.empty(size)
    rest_keep = np.empty(size, np.int64)
    rest_other = np.empty(size, np.int64)
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
            if slot_k[slot] != k:
                slot_q[slot], slot_count[slot] = _pm1_build_slot(
                    n, k, probs[slot], keeps[slot], others[slot], ms, zs, bs, weight, alias,
                    small, large, pk, pz)
                slot_k[slot] = k
            prob = probs[slot]
            keep = keeps[slot]
            other = others[slot]
            q = slot_q[slot]
            count = slot_count[slot]
            table_k = k
        if blocking:
            block = min(dist.min() - 1, budget - t - useful)
            if k == n and block >= block_min:
                if not block_ready:
                    rest_count = _pm1_block_tables(
                        n, ms, zs, bs, weight, alias, small, large, pk, pz, group_p,
                        rest_prob, rest_keep, rest_other)
                    block_ready = True
                f += _pm1_block(rng, dist, block, group_p, group_counts, rest_count,
                                rest_prob, rest_keep, rest_other, sel, order, where)
                useful += block
                continue
            blocking = False
        useful += 1
        if useful > budget - t:
            return budget, False
        pattern = _sample_packed(rng, count, prob, keep, other)
        m = pattern & 255
        z = (pattern >> 8) & 255
        b = pattern >> 16
        if k >= 2 and (pattern & 0xFFFF) <= 2:
            # Fast path for the patterns (1,0,1), (2,0,1), (2,0,2) (most useful iterations
            # while k is large), without data-dependent branches: a uniform ordered pair of
            # distinct non-optimal positions (the second uniform on the other k - 1) is drawn
            # in every case; the first is the (first) improving one, the second moves by
            # d1 = 0 (m = 1: not mutated), +1 (b = 1) or -1 (b = 2).
            i1, i2 = _distinct_pair(rng, k)  # Algorithm 1, lines 3-4
            p0 = order[i1]
            p1 = order[i2]
            d1 = (m - 1) * (3 - 2 * b)
            f += m - 2 * b  # Algorithm 1, line 6: accepted since 2b >= m
            dist[p0] -= 1  # Definition 1: towards the target
            dist[p1] += d1
            if dist[p0] == 0:
                k = _move_out(order, where, p0, k)
            if d1 < 0 and dist[p1] == 0:
                k = _move_out(order, where, p1, k)
            if f == 0:
                t += phase_trials(rng, useful, q)
                return (t, True) if t <= budget else (budget, False)
            continue
        # Algorithm 1, lines 3-4: a uniform set of mutated positions
        if m == 1:
            sel[0] = order[uniform_int(rng, k)]
        else:
            _pick(rng, order, where, 0, k, m, sel)
        if z > 0:
            _pick(rng, order, where, k, n, z, sel_opt)
        f += m - 2 * b + z  # Algorithm 1, line 6: accepted since 2b >= m + z
        for j in range(b, m):  # Definition 1: step away from the target
            dist[sel[j]] += 1
        for j in range(z):  # an optimal position mutated: D_i = 1, now non-optimal
            dist[sel_opt[j]] = 1
            k = _move_in(order, where, sel_opt[j], k)
        for j in range(b):  # Definition 1: step towards the target
            pos = sel[j]
            dist[pos] -= 1
            if dist[pos] == 0:
                k = _move_out(order, where, pos, k)
        if f == 0:
            t += phase_trials(rng, useful, q)
            return (t, True) if t <= budget else (budget, False)


# --------------------------------------------------------------------------------------------
# heavy-tailed operator (Definition 2): admissible magnitudes
# --------------------------------------------------------------------------------------------
@njit(nogil=True, cache=True, inline="always")
def heavy_admissible(cum: np.ndarray, tail: np.ndarray, jtop: int, clip: bool, r: int,
                     limit: int) -> tuple[float, float, int, bool]:
    """Mass of magnitudes ``<= limit`` (``pi``), its complement (``tau``), top exponent, clip.

    Magnitude ``2^j`` (``j = I - 2``) has probability ``cum[j] - cum[j-1]`` for ``j <= jtop``;
    with ``clip`` the remaining mass ``tail[jtop]`` sits on the magnitude ``r``.  ``tail[j] =
    1 - cum[j]`` is tabulated separately (mpmath) so that ``tau`` has no cancellation.  The
    longest admissible power is ``2^jmax`` with ``jmax = min(bit_length(limit) - 1, jtop)``.
    """
    jmax = min(bit_length(limit) - 1, jtop)
    clip_ok = clip and r <= limit
    if clip_ok:
        return 1.0, 0.0, jmax, True  # r <= limit implies every power <= r is admissible
    return cum[jmax], tail[jmax], jmax, False


@njit(nogil=True, cache=True, inline="always")
def heavy_magnitude(rng: np.random.Generator, cum: np.ndarray, pi: float, jmax: int,
                    clip_ok: bool, r: int) -> int:
    """A magnitude drawn from Definition 2's law conditioned on being admissible (mass ``pi``).

    Inversion: ``U pi`` against ``cum``; above ``cum[jmax]`` only the clip atom ``r`` remains
    (or float round-off, mapped to ``2^jmax``).
    """
    v = rng.random() * pi
    for j in range(jmax + 1):
        if v < cum[j]:
            return 1 << j
    if clip_ok:
        return r
    return 1 << jmax


@njit(nogil=True, cache=True)
def heavy_ea_useful_probability(n: int, k: int, pi: float, tau: float) -> tuple[float, float]:
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

    Skip rule: :func:`heavy_ea_useful_probability`; phase key: ``k`` and the admissible set
    (``bit_length(2 f)`` and whether the clip atom ``r <= 2 f``).  In the useful iteration the numbers
    of admissibly mutated non-optimal (``>= 1``) and optimal positions are binomial, the
    positions uniform, each magnitude from the law conditioned on ``<= 2 f(x)``, each sign
    uniform; the offspring is accepted iff ``f(y) <= f(x)`` (Algorithm 1, line 6).
    """
    n = dist0.shape[0]
    dist, order, where, k, f = _start_state(dist0)
    new_dist = np.empty(n, np.int64)
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
            q, s = heavy_ea_useful_probability(n, k, pi, tau)
            key_k = k
            key_j = jmax
            key_clip = clip_ok
        useful += 1
        if useful > budget - t:
            return budget, False
        a_non = binomial_small(rng, k, s, True)
        a_opt = binomial_small(rng, n - k, s, False)
        _choose(rng, order, where, 0, k, a_non)  # Algorithm 1, lines 3-4
        _choose(rng, order, where, k, n, a_opt)
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
        # apply; collect partition moves (optimal -> non-optimal first, they sit at k..)
        k_old = k
        for j in range(a_opt):
            pos = order[k_old + j]
            nd = new_dist[a_non + j]
            dist[pos] = nd
        for j in range(a_non):
            dist[order[j]] = new_dist[j]
        # optimal positions that moved: they are order[k_old:k_old+a_opt]; bring in those > 0
        for j in range(a_opt):
            pos = order[k_old + j]
            if dist[pos] != 0:
                k = _move_in(order, where, pos, k)
        for j in range(a_non):
            pos = order[j]
            if dist[pos] == 0:
                new_dist[j] = -1  # mark
        # positions order[0:a_non] may have been displaced by the moves above only if
        # k_old + j == j, impossible (k_old >= a_non >= 1 and moves touch indices >= k_old);
        # so order[0:a_non] is still the chosen non-optimal set.
        n_out = 0
        for j in range(a_non):
            if new_dist[j] == -1:
                new_dist[n_out] = order[j]
                n_out += 1
        for j in range(n_out):
            k = _move_out(order, where, new_dist[j], k)
        if f == 0:
            t += phase_trials(rng, useful, q)
            return (t, True) if t <= budget else (budget, False)


# --------------------------------------------------------------------------------------------
# plain RLS
# --------------------------------------------------------------------------------------------
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
    dist, order, where, k, _ = _start_state(dist0)
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
        k = _move_out(order, where, pos, k)
    return t, True


@njit(nogil=True, cache=True)
def rls_heavy_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, cum: np.ndarray,
                  tail: np.ndarray, jtop: int, clip: bool, r: int) -> tuple[int, bool]:
    """One run of plain RLS with the heavy-tailed operator; returns ``(evaluations, solved)``.

    Skip rule.  An iteration can change ``D`` only if it picks a non-optimal position
    (``k/n``; at an optimal one every step ``s != 0`` is worse), the sign points towards the
    target (1/2; away is worse) and ``|s| <= 2 f(x)`` (``pi``; longer steps are never
    accepted, :mod:`zonemax.reference.operators`).  So ``q = (k/n)(1/2) pi``; the candidate then has a
    uniform non-optimal position and a magnitude conditioned on admissibility, and is accepted
    iff ``|D_i - mag| <= D_i``, i.e. ``mag <= 2 D_i`` (``mag = 2 D_i`` leaves ``D`` unchanged).
    """
    n = dist0.shape[0]
    dist, order, where, k, f = _start_state(dist0)
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
                k = _move_out(order, where, pos, k)
    t += phase_trials(rng, useful, q)
    return (t, True) if t <= budget else (budget, False)


# --------------------------------------------------------------------------------------------
# RLS_{alpha, beta} (Algorithm 2)
# --------------------------------------------------------------------------------------------
#: Step cap for RLS_{alpha,beta}: floor(v) is clamped to 2^62 before conversion to int64; any
#: step this long exceeds ``2 D_i <= 2 f < 2^62`` (validation: ``4 |a|_1 < 2^63``), so the
#: outcome (rejected, velocity decreased) is the same.
STEP_CAP = float(1 << 62)


@njit(nogil=True, cache=True)
def rls_ab_run(rng: np.random.Generator, dist0: np.ndarray, budget: int, alpha: float,
               beta: float) -> tuple[int, bool]:
    r"""One run of RLS_{alpha,beta} (Algorithm 2); returns ``(evaluations, solved)``.

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
    dist, order, where, k, _ = _start_state(dist0)
    vel = np.ones(n)  # Algorithm 2, initialization: v <- 1^n
    t = 0
    useful = 0
    while k > 0:
        useful += 1  # phase key k: picks of non-optimal positions
        if useful > budget - t:
            return budget, False
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
                t += phase_trials(rng, useful, k / n)
                useful = 0
                if t > budget:
                    return budget, False
                k = _move_out(order, where, pos, k)
        else:
            # away from the target, or overshoot with |D - s| >= D: not strictly better; the
            # only accepted case (s = 2D) leaves D unchanged
            vel[pos] = max(1.0, beta * v)  # Algorithm 2, line 10
    return t, True
