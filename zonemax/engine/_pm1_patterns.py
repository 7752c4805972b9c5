r"""Pattern tables of the (1+1) EA with the ±1 operator (Algorithm 1, Definition 1).

A *pattern* ``(m, z, b)`` describes a useful iteration: ``m`` mutated non-optimal positions of
which ``b`` step towards their target, and ``z`` mutated optimal positions.  For each number
``k`` of non-optimal positions, :func:`pattern_table` gives the probability ``q(k)`` that an
iteration is useful and the conditional law of its pattern; :class:`TableCache` keeps their
alias tables (:mod:`zonemax.engine._alias`), whose payloads are packed patterns
(:func:`pack`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._alias import build_alias, fill_payloads

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


@njit(nogil=True, cache=True, inline="always")
def moves_at_most_two_nonoptimal(pattern: int) -> bool:
    """Whether the pattern is (1,0,1), (2,0,1) or (2,0,2): ``z = 0`` and ``m <= 2``.

    The low 16 bits of a packed pattern are ``m | z << 8``; with ``m >= 1`` they are ``<= 2``
    exactly when ``z = 0`` and ``m <= 2`` (one comparison, no unpacking).
    """
    return (pattern & ((1 << (2 * FIELD_BITS)) - 1)) <= 2


# --------------------------------------------------------------------------------------------
# the table of one k
# --------------------------------------------------------------------------------------------
@njit(nogil=True, cache=True)
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


@njit(nogil=True, cache=True)
def new_scratch() -> Scratch:
    """Fresh :class:`Scratch` arrays."""
    size = TABLE_SIZE
    return Scratch(np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int64),
                   np.empty(size), np.empty(size, np.int64), np.empty(size, np.int64),
                   np.empty(size, np.int64), np.empty(size, np.int64), np.empty(MAX_M + 1),
                   np.empty(MAX_M + 1))


@njit(nogil=True, cache=True)
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


class TableCache(NamedTuple):
    """Alias tables of the conditional pattern law, direct-mapped on ``k mod slots``.

    A cache must only be shared by runs with the same ``n`` (the tables depend on ``n, k``);
    building a table draws no random numbers, so sharing a cache never changes a run.
    """

    prob: np.ndarray  #: (slots, TABLE_SIZE) float64, alias probabilities
    keep: np.ndarray  #: (slots, TABLE_SIZE) int64, packed pattern of each column
    other: np.ndarray  #: (slots, TABLE_SIZE) int64, packed pattern of each column's alias
    k: np.ndarray  #: (slots,) int64, the ``k`` of each slot (-1: empty)
    q: np.ndarray  #: (slots,) float64, the useful probability ``q(k)``
    n_patterns: np.ndarray  #: (slots,) int64, number of patterns


@njit(nogil=True, cache=True)
def new_cache(slots: int) -> TableCache:
    """An empty :class:`TableCache` with ``slots`` slots."""
    size = TABLE_SIZE
    return TableCache(np.empty((slots, size)), np.empty((slots, size), np.int64),
                      np.empty((slots, size), np.int64), np.full(slots, -1, np.int64),
                      np.zeros(slots), np.zeros(slots, np.int64))


@njit(nogil=True, cache=True)
def fill_slot(cache: TableCache, sc: Scratch, n: int, k: int, slot: int) -> None:
    """Build the table of ``k`` into ``slot`` (callers check ``cache.k[slot] != k`` first,
    inline, so that the common case of a cached table costs no call)."""
    q, count = pattern_table(n, k, sc.ms, sc.zs, sc.bs, sc.weight, sc.pk, sc.pz)
    packed_alias(sc, count, cache.prob[slot], cache.keep[slot], cache.other[slot])
    cache.q[slot] = q
    cache.n_patterns[slot] = count
    cache.k[slot] = k
