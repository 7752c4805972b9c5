r"""Blocks of the ±1 EA: pending moves of the far positions, applied as count vectors.

The kernel (:mod:`zonemax.engine._ea_pm1`) splits the non-optimal positions into *far* ones
(the set ``A``, ``a = |A|``, whose distances stay positive for the whole block) and the rest.
The far part of a useful iteration is a *row* ``(u, v)``: ``u`` far positions step towards
their target (``D_i - 1``) and ``v`` others away (``D_i + 1``), the ``u + v`` positions a
uniform ordered sample without replacement from ``A`` (Algorithm 1, lines 3-4; Definition 1),
independent of everything else.  While the block lasts nothing depends on *which* far positions
moved, so the rows are only counted (``Rows.by_state[u, v]``) and applied when the block ends:

* :func:`add_far_only` -- ``c`` iterations that move far positions only, as rows: their
  patterns are multinomial over ``(m, b)`` with the law of
  :func:`~zonemax.engine._pm1_patterns.far_only_law`;
* :func:`apply_rows` -- every pending row applied at once, each state ``(u, v)`` by
  :func:`sweep` (per-position count vectors, O(a) binomial draws per state, independent of the
  number of rows) or one row at a time when that is cheaper (:func:`apply_state`).  Same law
  either way.

Derivation of :func:`sweep` (a multinomial over positions generalised to rows of distinct
positions).  Take the far positions in a fixed order ``A = (i_1, ..., i_a)``.  A row in state
``(u, v)`` with ``L`` positions ``i_j, ..., i_a`` left has its ``u`` minus-positions and ``v``
plus-positions a uniform pair of disjoint subsets of those ``L`` positions (true at ``j = 1``
by construction; inductively, given what the row placed at ``i_1 .. i_{j-1}``, the rest of a
uniform pair of disjoint subsets is a uniform pair of disjoint subsets of the rest).  So at
``i_j`` it places ``-1`` with probability ``u/L``, ``+1`` with probability ``v/L`` and nothing
otherwise, independently of the other rows, and moves to ``(u-1, v)``, ``(u, v-1)`` or stays.
Rows in the same state are exchangeable, so the numbers of them doing each are a multinomial:
``x ~ Bin(c, u/L)`` minus, then ``y ~ Bin(c - x, v/(L - u))`` plus.  ``D_{i_j}`` changes by
``y - x`` summed over the states, and a row never places two moves at one position (pairs,
triples, ... of *distinct* positions, as Algorithm 1 requires).  At ``L = 1`` every remaining
row has ``u + v <= 1`` and finishes, so all rows are applied exactly once.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._jit import inner
from zonemax.engine._pm1_patterns import (
    MAX_M,
    Scratch,
    TableCache,
    far_only_law,
    new_cache,
    new_scratch,
)
from zonemax.engine._random import (
    binomial_small,
    distinct_pair_call,
    repeated,
    typed_bool,
    uniform_int_call,
    uniform_pair_call,
)

#: Binomial draws with mean ``n min(p, 1 - p)`` below this use :func:`binomial_small`'s
#: inversion (O(mean) steps, about 20 ns), larger ones numba's ``Generator.binomial`` (BTPE,
#: about 80 ns); both exact up to float64 resolution.
INVERSION_MEAN_MAX = 8.0

#: Planted bugs for the tests (:mod:`tests.test_engine_blocks`); production uses ``CORRECT``.
CORRECT = 0
#: A count vector from the wrong law: all rows of a state decide together (one Bernoulli for
#: the state instead of a binomial), with the right mean and far too much variance.
PLANTED_COUNTS = 1
#: A pair with equal positions: a row's plus-position is chosen independently of its
#: minus-position, so a (2,0,1) row can move one position by -1 and +1 at once.
PLANTED_EQUAL = 2


class Rows(NamedTuple):
    """Pending far rows of one block, cached far-only laws and scratch space."""

    by_state: np.ndarray  #: (MAX_M + 1, MAX_M + 1) int64, pending rows by state (u, v)
    heavy: np.ndarray  #: (MAX_M + 1, MAX_M + 1) int64, the rows :func:`sweep` applies
    delta: np.ndarray  #: (n,) int64, scratch: the change of D at each far index
    sel: np.ndarray  #: (MAX_M,) int64, scratch: positions of one row


def new_rows(n: int) -> Rows:
    """Empty :class:`Rows` for dimension ``n`` (plain numpy, like
    :func:`~zonemax.engine._pm1_patterns.new_cache`)."""
    return Rows(np.zeros((MAX_M + 1, MAX_M + 1), np.int64),
                np.zeros((MAX_M + 1, MAX_M + 1), np.int64), np.zeros(n, np.int64),
                np.empty(MAX_M, np.int64))


@njit(nogil=True, cache=True)
def binomial(rng: np.random.Generator, trials: int, p: float) -> int:
    """``Bin(trials, p)`` for any ``trials >= 0`` and ``0 <= p <= 1`` (see
    :data:`INVERSION_MEAN_MAX`)."""
    if trials <= 0 or p <= 0.0:
        return 0
    if p >= 1.0:
        return trials
    flip = p > 0.5  # Bin(N, p) = N - Bin(N, 1 - p): keep the inversion walk short
    s = 1.0 - p if flip else p
    x = binomial_small(rng, trials, s, typed_bool(False)) if trials * s < INVERSION_MEAN_MAX \
        else rng.binomial(trials, s)
    return trials - x if flip else x


@njit(nogil=True, cache=True)
def add_far_only(rng: np.random.Generator, rows: Rows, cond: np.ndarray, a: int, c: int,
                 bcum: np.ndarray) -> int:
    """Add ``c`` far-only iterations as rows: their ``m`` are multinomial with the law of
    :func:`~zonemax.engine._pm1_patterns.far_only_law` (``cond``, by conditional binomials),
    given ``m`` their ``b`` are multinomial with
    :func:`~zonemax.engine._pm1_patterns.b_table`; pattern ``(m, 0, b)`` is the row
    ``(b, m - b)``.  Returns the largest ``m`` added (0 if none)."""
    if c <= 0:
        return 0
    top = min(a, MAX_M)  # m <= a: no more mutated far positions than there are
    largest = 0
    left = c
    for m in range(1, top + 1):
        if left == 0:
            break
        cm = binomial(rng, left, cond[m])
        left -= cm
        if cm > 0:
            largest = m
        b_min = (m + 1) // 2
        prev = 0.0
        for b in range(b_min, m + 1):  # split cm over b by conditional binomials
            if cm == 0:
                break
            pb = bcum[m, b - b_min] - prev
            cb = cm if b == m else binomial(rng, cm, min(1.0, pb / (1.0 - prev)))
            prev = bcum[m, b - b_min]
            rows.by_state[b, m - b] += cb
            cm -= cb
    return largest


@njit(nogil=True, cache=True)
def sweep(rng: np.random.Generator, count: np.ndarray, delta: np.ndarray, a: int,
          planted: int) -> None:
    """Apply and clear the rows ``count[u, v]`` to ``delta`` (indexed like ``order[:a]``),
    position by position (module docstring)."""
    top = 0
    left = 0
    for u in range(MAX_M + 1):
        for v in range(MAX_M + 1 - u):
            if count[u, v] > 0 and u + v > 0:
                top = max(top, u + v)
                left += count[u, v]
    count[0, 0] = 0
    for col in range(a):
        if left == 0:
            break
        size = a - col  # L: far positions not yet visited, this one included
        net = 0
        for level in range(1, top + 1):  # rows move to level - 1: not revisited here
            for u in range(level + 1):
                v = level - u
                c = count[u, v]
                if c == 0:
                    continue
                if planted == PLANTED_COUNTS:  # all rows of the state together (wrong law)
                    x = c if rng.random() * size < u else 0
                    y = c - x if x == 0 and rng.random() * (size - u) < v else 0
                elif planted == PLANTED_EQUAL:  # plus independent of minus (equal positions)
                    x = binomial(rng, c, u / size)
                    both = binomial(rng, x, v / size)
                    y = binomial(rng, c - x, v / size)
                    count[u, v] -= both
                    count[u - 1, v - 1] += both
                    count[u - 1, v] += x - both
                    count[u, v - 1] += y
                    count[u, v] -= x - both + y
                    net += y + both - x
                    continue
                else:
                    x = binomial(rng, c, u / size)  # Bin(c, u/L) rows place their -1 here
                    y = binomial(rng, c - x, v / (size - u)) if v > 0 and c > x else 0
                count[u, v] -= x + y
                if x > 0:
                    count[u - 1, v] += x
                if y > 0:
                    count[u, v - 1] += y
                net += y - x
        delta[col] += net
        left -= count[0, 0]
        count[0, 0] = 0


@njit(nogil=True, cache=True)
def apply_state(rng: np.random.Generator, u: int, v: int, c: int, delta: np.ndarray, a: int,
                sel: np.ndarray) -> None:
    """Apply ``c`` rows ``(u, v)`` one at a time to ``delta`` (indexed like ``order[:a]``):
    ``u + v`` distinct far indices, uniform (two per random draw for ``u + v <= 2``; a third
    redrawn until distinct; more by redrawing repeats), the first ``u`` towards their
    target."""
    if u + v == 1:
        d = 1 if v == 1 else -1
        for _ in range(c >> 1):  # two independent uniform indices per draw
            i1, i2 = uniform_pair_call(rng, a, a)
            delta[i1] += d
            delta[i2] += d
        if c & 1:
            delta[uniform_int_call(rng, a)] += d
        return
    d1 = -1 if u >= 1 else 1
    d2 = -1 if u >= 2 else 1
    if u + v == 2:
        for _ in range(c):
            i1, i2 = distinct_pair_call(rng, a)
            delta[i1] += d1
            delta[i2] += d2
        return
    if u + v == 3:
        d3 = -1 if u == 3 else 1
        for _ in range(c):
            i1, i2 = distinct_pair_call(rng, a)
            while True:  # the third uniform on the other a - 2
                i3 = uniform_int_call(rng, a)
                if i3 != i1 and i3 != i2:
                    break
            delta[i1] += d1
            delta[i2] += d2
            delta[i3] += d3
        return
    m = u + v
    for _ in range(c):
        for j in range(m):
            idx = uniform_int_call(rng, a)
            while repeated(sel, j, idx):
                idx = uniform_int_call(rng, a)
            sel[j] = idx
            delta[idx] += -1 if j < u else 1


@njit(nogil=True, cache=True)
def apply_rows(rng: np.random.Generator, rows: Rows, dist: np.ndarray, order: np.ndarray,
               a: int, top: int, sweep_min: int, planted: int) -> None:
    """Apply and clear all pending rows (states ``u + v <= top``).  Rows of different states
    are independent, so each state is applied on its own: by :func:`sweep` if its rows hold at
    least ``sweep_min * a`` position moves (or a bug is planted), else row by row
    (:func:`apply_state`)."""
    count = rows.by_state
    heavy = rows.heavy
    delta = rows.delta
    any_heavy = False
    for level in range(1, top + 1):
        for u in range(level + 1):
            v = level - u
            c = count[u, v]
            if c == 0:
                continue
            count[u, v] = 0
            # c (u + v) >= sweep_min a, without forming sweep_min a: NO_BUDGET as sweep_min
            # ("never") times a would wrap int64 (a >= u + v >= 1 here: the rows move far ones)
            if planted != CORRECT or c * (u + v) // a >= sweep_min:
                heavy[u, v] = c
                any_heavy = True
            else:
                apply_state(rng, u, v, c, delta, a, rows.sel)
    count[0, 0] = 0
    if any_heavy:
        sweep(rng, heavy, delta, a, planted)
    for i in range(a):
        dist[order[i]] += delta[i]
        delta[i] = 0


@inner
def end_block(rng: np.random.Generator, rows: Rows, cache: TableCache, sc: Scratch,
              dist: np.ndarray, order: np.ndarray, a: int, far_only: int, top_row: int,
              sweep_min: int, planted: int) -> None:
    """End a block: its ``far_only`` far-only iterations become rows (their patterns drawn now),
    and all rows are applied to the far positions ``order[:a]``."""
    n = dist.shape[0]
    law = cache.far_cond[far_only_law(cache, sc, n, a)]
    top_row = max(top_row, add_far_only(rng, rows, law, a, far_only, cache.bcum))
    apply_rows(rng, rows, dist, order, a, top_row, sweep_min, planted)


def end_block_example(n: int = 2) -> tuple[object, ...]:
    """Arguments of the types :func:`zonemax.engine._ea_pm1.ea_pm1_step` calls
    :func:`end_block` with (plain numpy, nothing compiled): for compiling it ahead in another
    process (:mod:`zonemax.engine._ahead`).  ``tests/test_cold_start.py`` checks that they give
    the kernel's signature."""
    one = np.int64(1)
    return (np.random.default_rng(0), new_rows(n), new_cache(1), new_scratch(),
            np.ones(n, np.int64), np.arange(n, dtype=np.int64), one, one, one, one,
            np.int64(CORRECT))


class Work(NamedTuple):
    """Per-run scratch space of :func:`zonemax.engine._ea_pm1.ea_pm1_step`."""

    sc: Scratch  #: table building
    rows: Rows  #: pending far rows
    slot_idx: np.ndarray  #: (MAX_M,) int64, indices into order of one iteration's slots
    near_pos: np.ndarray  #: (MAX_M,) int64, near positions mutated by one iteration
    near_up: np.ndarray  #: (MAX_M,) bool, whether each of them steps away from its target
    opt: np.ndarray  #: (MAX_M,) int64, optimal positions mutated by one iteration
    cz: np.ndarray  #: (n + 1, MAX_M + 1) float64, near_masses of k for the current a
    cz_block: np.ndarray  #: (n + 1,) int64, the block for which cz[k] holds
    lam: np.ndarray  #: (n + 1,) float64, lambda(k) for the current a
    top: np.ndarray  #: (n + 1,) int64, largest m with positive mass in cz[k]
    rho: np.ndarray  #: (n + 1,) float64, lambda/q: a useful iteration is not far-only
    stay: np.ndarray  #: (n + 1,) float64, log(1 - lambda/q): the far-only gap's log-ratio
    acc: np.ndarray  #: (n + 1,) int64, useful iterations at k whose evaluations are not drawn
    acc_q: np.ndarray  #: (n + 1,) float64, q(k) of those
    acc_ks: np.ndarray  #: (n + 1,) int64, the k with acc[k] > 0


def new_work(n: int) -> Work:
    """Fresh :class:`Work` for dimension ``n`` (plain numpy: only Python makes it,
    :func:`zonemax.engine._ea_pm1.new_run`)."""
    return Work(new_scratch(), new_rows(n), np.empty(MAX_M, np.int64),
                np.empty(MAX_M, np.int64), np.zeros(MAX_M, np.bool_),
                np.empty(MAX_M, np.int64), np.zeros((n + 1, MAX_M + 1)),
                np.full(n + 1, -1, np.int64), np.zeros(n + 1), np.ones(n + 1, np.int64),
                np.zeros(n + 1), np.zeros(n + 1), np.zeros(n + 1, np.int64), np.zeros(n + 1),
                np.zeros(n + 1, np.int64))
