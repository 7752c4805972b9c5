r"""Pattern tables of the (1+1) EA with the ±1 operator (Algorithm 1, Definition 1).

A *pattern* ``(m, z, b)`` describes a useful iteration: ``m`` mutated non-optimal positions of
which ``b`` step towards their target, and ``z`` mutated optimal positions.  For each number
``k`` of non-optimal positions, :func:`pattern_table` gives the probability ``q(k)`` that an
iteration is useful and the law of its pattern.  :class:`TableCache` keeps, per ``k``, the two
parts the kernel samples separately (:mod:`zonemax.engine._ea_pm1`): the patterns with
``z >= 1`` as an alias table (:mod:`zonemax.engine._alias`) whose payloads are packed patterns
(:func:`pack`), and the mass of the ``z = 0`` patterns by ``m`` (:func:`z0_masses`); given
``m`` and ``z = 0``, ``b`` has a law that does not depend on ``k`` (:func:`b_given_m`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._alias import build_alias, fill_payloads
from zonemax.engine._jit import inner
from zonemax.engine._random import typed_int, uniform_int

#: Largest number of mutated non-optimal positions kept in the ±1 EA pattern table.  Derivation:
#: ``P(M >= 21) <= C(k, 21) n^-21 <= (k/n)^21 / 21!`` while the useful probability is
#: ``q >= P(M = 1, Z = 0, improving) = (k/n)(1 - 1/n)^(n-1)/2 >= (k/n)/(2e)``, so the mass left out
#: is below ``2e/21! < 1.1e-19 < 2^-53`` relative to ``q``: invisible to float64 inversion.  For
#: ``n <= 20`` nothing is left out at all (``M <= k <= 20``).
MAX_M = 20


def _table_size(max_m: int) -> int:
    # patterns (m, z, b): 1 <= m <= max_m, 0 <= z <= m, ceil((m+z)/2) <= b <= m
    return sum((m - z) // 2 + 1 for m in range(1, max_m + 1) for z in range(m + 1))


#: Number of (m, z, b) patterns in the table (exact count for :data:`MAX_M`).
TABLE_SIZE = _table_size(MAX_M)

# --------------------------------------------------------------------------------------------
# packed patterns: one int64 holds m, z and b in three 8-bit fields (each <= MAX_M < 256)
# --------------------------------------------------------------------------------------------
#: Width of one field of a packed pattern; fields: ``m`` (bits 0-7), ``z`` (8-15), ``b`` (16-23).
FIELD_BITS = 8
FIELD_MASK = (1 << FIELD_BITS) - 1


@njit(nogil=True, cache=True, inline="always")
def pack(m: int, z: int, b: int) -> int:
    """The packed pattern ``m | z << 8 | b << 16``."""
    return m | (z << FIELD_BITS) | (b << (2 * FIELD_BITS))


@njit(nogil=True, cache=True, inline="always")
def pattern_m(pattern: int) -> int:
    """``m`` of a packed pattern (mutated non-optimal positions)."""
    return pattern & FIELD_MASK


@njit(nogil=True, cache=True, inline="always")
def pattern_z(pattern: int) -> int:
    """``z`` of a packed pattern (mutated optimal positions)."""
    return (pattern >> FIELD_BITS) & FIELD_MASK


@njit(nogil=True, cache=True, inline="always")
def pattern_b(pattern: int) -> int:
    """``b`` of a packed pattern (improving positions among the ``m``)."""
    return pattern >> (2 * FIELD_BITS)


# --------------------------------------------------------------------------------------------
# the table of one k
# --------------------------------------------------------------------------------------------
@inner
def binomial_row(n_trials: int, s: float, out: np.ndarray, top: int) -> None:
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
def pattern_table(n: int, k: int, ms: np.ndarray, zs: np.ndarray, bs: np.ndarray,
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
    ``2b >= m + z``; ``m`` is capped at :data:`MAX_M` (see there).

    Fills ``ms, zs, bs`` and the unnormalised probabilities ``weight`` (they sum to ``q``),
    using ``pk, pz`` (length ``MAX_M + 1``) as scratch; returns ``(q, number of patterns)``.
    """
    p = 1.0 / n
    top = MAX_M
    binomial_row(k, p, pk, top)
    binomial_row(n - k, p, pz, top)
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


class Scratch(NamedTuple):
    """Scratch arrays for building tables (length :data:`TABLE_SIZE` unless stated)."""

    ms: np.ndarray  #: int64, ``m`` of each pattern
    zs: np.ndarray  #: int64, ``z`` of each pattern
    bs: np.ndarray  #: int64, ``b`` of each pattern
    weight: np.ndarray  #: float64, unnormalised probability of each pattern
    packed: np.ndarray  #: int64, the packed patterns (alias payloads)
    alias: np.ndarray  #: int64, alias of each column
    small: np.ndarray  #: int64, alias-construction stack
    large: np.ndarray  #: int64, alias-construction stack
    pk: np.ndarray  #: float64, ``Bin(k, 1/n)`` pmf up to :data:`MAX_M`
    pz: np.ndarray  #: float64, ``Bin(n - k, 1/n)`` pmf up to :data:`MAX_M`


def new_scratch() -> Scratch:
    """Fresh :class:`Scratch` arrays (plain numpy, like :func:`new_cache`)."""
    size = TABLE_SIZE
    return Scratch(np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int64),
                   np.empty(size), np.empty(size, np.int64), np.empty(size, np.int64),
                   np.empty(size, np.int64), np.empty(size, np.int64), np.empty(MAX_M + 1),
                   np.empty(MAX_M + 1))


@inner
def packed_alias(sc: Scratch, count: int, prob: np.ndarray, keep: np.ndarray,
                 other: np.ndarray) -> None:
    """Alias table of the patterns ``sc.ms/zs/bs[:count]`` with weights ``sc.weight[:count]``,
    payloads packed patterns, into ``prob, keep, other``."""
    for i in range(count):
        sc.packed[i] = pack(sc.ms[i], sc.zs[i], sc.bs[i])
    build_alias(sc.weight, count, prob, sc.alias, sc.small, sc.large)
    fill_payloads(sc.packed, sc.alias, count, keep, other)


# --------------------------------------------------------------------------------------------
# the cache of tables, one slot per k
# --------------------------------------------------------------------------------------------
#: Slots of the cache of a single run (direct-mapped on ``k mod TABLE_SLOTS``).  Near the
#: optimum ``k`` moves back and forth between a few neighbouring values; with 16 slots any 16
#: consecutive values of ``k`` share no slot, so each table is built about once per run instead
#: of at every change of ``k`` (a build costs about 16 microseconds, measured).  Memory is
#: ``3 * 16 * TABLE_SIZE`` words, independent of ``n``.
TABLE_SLOTS = 16
#: Slots of the cache shared by the runs of a batch: ``min(n + 1, CACHE_MAX_SLOTS)``, so for
#: ``n < 256`` every ``k`` has its own slot and each table is built once per batch and worker.
#: At most ``3 * 256 * TABLE_SIZE`` words (5.8 MB) per worker.
CACHE_MAX_SLOTS = 256


@njit(nogil=True, cache=True, inline="always")
def none_mutated(count: int, p: float) -> float:
    """``(1 - p)^count``, the probability that none of ``count`` positions is mutated (exactly
    1 for ``count = 0``, also when ``p = 1``)."""
    return 1.0 if count == 0 else math.exp(count * math.log1p(-p))


@inner
def z0_masses(n: int, k: int, pk: np.ndarray, out: np.ndarray) -> None:
    """``out[m]`` = probability that an iteration is useful with pattern ``(m, 0, b)`` for some
    ``b`` (:func:`pattern_table`): ``Bin(k, p)(m) (1 - p)^(n - k) P(Bin(m, 1/2) >= m/2)``;
    ``out[0] = 0``.  ``pk`` is scratch (length ``MAX_M + 1``)."""
    p = 1.0 / n
    binomial_row(k, p, pk, MAX_M)
    none_optimal = none_mutated(n - k, p)
    out[0] = 0.0
    for m in range(1, MAX_M + 1):
        accepted = 0.0  # P(Bin(m, 1/2) >= m/2) = sum_{b >= m/2} C(m, b) 2^-m
        c = 1.0
        for b in range(m + 1):
            if 2 * b >= m:
                accepted += c * 0.5**m
            c *= (m - b) / (b + 1.0)
        out[m] = pk[m] * none_optimal * accepted


@njit(nogil=True, cache=True)
def b_table() -> np.ndarray:
    """``cum[m, j]``: the law of ``b`` given ``m`` and ``z = 0`` in a useful iteration, as
    cumulative probabilities of ``b = ceil(m/2) + j`` (proportional to ``C(m, b)``,
    :func:`pattern_table`); independent of ``n`` and ``k``."""
    cum = np.ones((MAX_M + 1, MAX_M + 1))
    for m in range(1, MAX_M + 1):
        b_min = (m + 1) // 2
        c = 1.0
        for b in range(b_min):
            c *= (m - b) / (b + 1.0)
        total = 0.0
        cb = c
        for b in range(b_min, m + 1):
            total += cb
            cb *= (m - b) / (b + 1.0)
        acc = 0.0
        for b in range(b_min, m + 1):
            acc += c
            cum[m, b - b_min] = acc / total
            c *= (m - b) / (b + 1.0)
        cum[m, m - b_min] = 1.0
    return cum


@njit(nogil=True, cache=True, inline="always")
def b_given_m(rng: np.random.Generator, cum: np.ndarray, m: int) -> int:
    """``b`` drawn from :func:`b_table`'s law given ``m`` (inversion; ``m = 1``: ``b = 1``)."""
    b_min = (m + 1) // 2
    if m == 1:
        return 1
    u = rng.random()
    j = 0
    while u >= cum[m, j]:
        j += 1
    return b_min + j


#: Patterns with ``z >= 1`` whose probability is below ``NEGLIGIBLE q`` are left out of the
#: alias table (and of ``q``), which keeps the table small (about a tenth of :data:`TABLE_SIZE`
#: at n = 100) and in cache.  At most ``TABLE_SIZE`` patterns are left out, so their total mass
#: is below ``1540 * 2^-72 < 4e-19`` of ``q``: like :data:`MAX_M`, invisible to float64
#: inversion, and over 10^9 useful iterations a total-variation change below ``4e-10``.
NEGLIGIBLE = 2.0**-72


class TableCache(NamedTuple):
    """The pattern law of each ``k`` in the two parts the kernel samples, direct-mapped on
    ``k mod slots``.

    A cache must only be shared by runs with the same ``n`` (the tables depend on ``n, k``);
    building a table draws no random numbers, so sharing a cache never changes a run.
    """

    prob: np.ndarray  #: (slots, TABLE_SIZE) float64, alias probabilities of the z >= 1 patterns
    keep: np.ndarray  #: (slots, TABLE_SIZE) int64, packed pattern of each column
    other: np.ndarray  #: (slots, TABLE_SIZE) int64, packed pattern of each column's alias
    k: np.ndarray  #: (slots,) int64, the ``k`` of each slot (-1: empty)
    q: np.ndarray  #: (slots,) float64, the useful probability ``q(k)``
    zmass: np.ndarray  #: (slots,) float64, probability of a useful iteration with ``z >= 1``
    n_patterns: np.ndarray  #: (slots,) int64, number of patterns with ``z >= 1``
    w0: np.ndarray  #: (slots, MAX_M + 1) float64, :func:`z0_masses` of ``k``
    bcum: np.ndarray  #: (MAX_M + 1, MAX_M + 1) float64, :func:`b_table`
    far_a: np.ndarray  #: (slots,) int64, the ``a`` of each far-only slot (-1: empty)
    far_cond: np.ndarray  #: (slots, MAX_M + 1) float64, :func:`far_only_law` of ``a``


def new_cache(slots: int) -> TableCache:
    """An empty :class:`TableCache` with ``slots`` slots.  Plain numpy, not jitted: only Python
    makes caches, and compiling this constructor cost 1.5 s of a cold start; the
    arrays have the types the jitted kernels are compiled for (C-contiguous, writable)."""
    size = TABLE_SIZE
    return TableCache(np.empty((slots, size)), np.empty((slots, size), np.int64),
                      np.empty((slots, size), np.int64), np.full(slots, -1, np.int64),
                      np.zeros(slots), np.zeros(slots), np.zeros(slots, np.int64),
                      np.zeros((slots, MAX_M + 1)), b_table(), np.full(slots, -1, np.int64),
                      np.zeros((slots, MAX_M + 1)))


@inner
def fill_slot(cache: TableCache, sc: Scratch, n: int, k: int, slot: int) -> None:
    """Build the tables of ``k`` into ``slot`` (callers check ``cache.k[slot] != k`` first,
    inline, so that the common case of a cached table costs no call)."""
    q, count = pattern_table(n, k, sc.ms, sc.zs, sc.bs, sc.weight, sc.pk, sc.pz)
    kept = typed_int(0)
    zmass = 0.0
    for i in range(count):  # compact the z >= 1 patterns to the front (kept <= i)
        if sc.zs[i] > 0 and sc.weight[i] >= q * NEGLIGIBLE:
            sc.ms[kept], sc.zs[kept], sc.bs[kept] = sc.ms[i], sc.zs[i], sc.bs[i]
            sc.weight[kept] = sc.weight[i]
            zmass += sc.weight[i]
            kept += 1
        elif sc.zs[i] > 0:
            q -= sc.weight[i]  # a pattern left out (see NEGLIGIBLE) never happens
    if kept > 0:
        packed_alias(sc, kept, cache.prob[slot], cache.keep[slot], cache.other[slot])
    z0_masses(n, k, sc.pk, cache.w0[slot])
    cache.q[slot] = q
    cache.zmass[slot] = zmass
    cache.n_patterns[slot] = kept
    cache.k[slot] = k


@njit(nogil=True, cache=True)
def far_only_law(cache: TableCache, sc: Scratch, n: int, a: int) -> int:
    r"""The slot of ``cache.far_cond`` holding the law of ``m`` in a *far-only* iteration with
    ``a`` far positions (filled first if needed): ``far_cond[slot, m] = P(m | m' >= m)``, for
    drawing a multinomial by conditional binomials.

    A useful iteration that mutates ``m`` far positions and nothing else has probability
    ``C(a, m) p^m (1 - p)^(n - m) P(Bin(m, 1/2) >= m/2)``: each position is mutated
    independently with ``p = 1/n``, whatever the other positions' distances are.  That is
    :func:`z0_masses` with ``k = a``.
    """
    slot = a % cache.far_a.shape[0]
    if cache.far_a[slot] != a:
        w = cache.far_cond[slot]
        z0_masses(n, a, sc.pk, w)
        top = min(a, MAX_M)
        tail = 0.0
        for m in range(1, top + 1):
            tail += w[m]
        for m in range(1, top + 1):
            wm = w[m]
            w[m] = min(1.0, wm / tail) if m < top and tail > 0.0 else 1.0
            tail -= wm
        cache.far_a[slot] = a
    return slot


@inner
def near_masses(cache: TableCache, slot: int, k: int, a: int, out: np.ndarray
                ) -> tuple[float, int]:
    """``lambda``: probability that an iteration is useful and mutates a near position, with
    ``k`` non-optimal positions of which ``a`` far; ``out[m]`` (cumulative in ``m``) the part
    with ``z = 0`` and ``m`` mutated non-optimal positions.

    Also returns the largest ``m`` with positive mass in ``out`` (1 if none).

    A ``z >= 1`` pattern always mutates a near (optimal) position: mass ``zmass``.  A
    ``z = 0`` pattern with ``m`` mutated non-optimal positions (a uniform ``m``-subset of the
    ``k``) touches a near one with probability ``1 - C(a, m)/C(k, m) = 1 - prod_{s<m} (1 -
    h/(k - s))``, ``h = k - a``, computed as ``-expm1(sum log1p(...))`` without cancellation.
    """
    h = k - a
    acc = 0.0
    log_all_far = 0.0
    out[0] = 0.0
    top = 1
    for m in range(1, MAX_M + 1):
        w = cache.w0[slot, m]
        if h == 0:
            touch = 0.0  # every non-optimal position is far
        elif m <= a:
            log_all_far += math.log1p(-h / (k - (m - 1)))
            touch = -math.expm1(log_all_far)
        else:
            touch = 1.0  # more mutated positions than far ones
        if w * touch > 0.0:
            top = m
        acc += w * touch
        out[m] = acc
    return cache.zmass[slot] + acc, top


@inner
def first_near_slot(rng: np.random.Generator, m: int, a: int, k: int) -> int:
    """The first near slot of a uniform ordered ``m``-sample of the ``k`` non-optimal positions
    (``a`` far, ``h = k - a >= 1`` near) conditioned on containing a near one: slot ``i`` with
    probability proportional to ``prod_{s<i} (a - s)/(k - s) * h/(k - i)``.  For ``m = 2``
    the weights times ``k (k - 1)/h`` are the integers ``k - 1`` and ``a`` (one integer draw)."""
    h = k - a
    if m == 1:
        return 0
    if m == 2:
        return 0 if uniform_int(rng, k - 1 + a) < k - 1 else 1
    total = 0.0
    all_far = 1.0
    for s in range(m):
        total += all_far * h / (k - s)
        all_far *= (a - s) / (k - s)
    v = rng.random() * total
    all_far = 1.0
    first = 0
    while first < m - 1:
        w = all_far * h / (k - first)
        if v < w:
            break
        v -= w
        all_far *= (a - first) / (k - first)
        first += 1
    return first
