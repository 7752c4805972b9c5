r"""Verified enclosures of ``E[T]`` for the (1+1) EA with the ±1 operator beyond brute force.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), Section 2 (Algorithm 1, Definition 1).  The
brute force of :mod:`zonemax.proofs_check.pm1` visits ``3^n`` outcomes per state and stops near
``n = 6``; this module reaches ``a = 1^n`` for ``n`` in the tens, independently of
:mod:`zonemax.exact` (proofs_check shares no code with the exact solvers).

Lumped chain
------------
A state is the sorted distance vector ``d`` (the multiset of ``d_i = |a_i - x_i|``); every
sorted ``d`` with ``sum d <= |a|_1`` is a state (elitism, Algorithm 1 line 6).  In one
iteration each position is mutated w.p. ``1/n`` (line 4); a mutated position at distance
``k >= 1`` goes to ``k - 1`` or ``k + 1`` w.p. ``1/2`` each, one at distance 0 goes to 1
(Definition 1).  For a class of ``c`` positions at distance ``k >= 1``, ``w`` moving down and
``u`` moving up, and for the ``c_0`` positions at distance 0, ``u_0`` moving up, the pattern has
probability

    ``prod_k c!/(u! w! (c-u-w)!) (1/(2n))^{u+w} ((n-1)/n)^{c-u-w}
    * C(c_0, u_0) (1/n)^{u_0} ((n-1)/n)^{c_0-u_0}``,

i.e. an *integer* weight over the common denominator ``(2n)^n`` (``1/(2n)`` per directed move,
``2/(2n)`` per move from 0, ``2(n-1)/(2n)`` per unmutated position).  It is accepted iff
``sum u <= sum w`` (line 6); a rejected pattern leaves ``d`` unchanged.  Every pattern is
enumerated, so each row of the kernel is exact and sums to ``(2n)^n`` (asserted).

Why the enclosure is rigorous
-----------------------------
Let ``Q`` be the exact kernel restricted to the non-optimal states and ``E`` the expected
hitting times of the optimum: ``E = 1 + Q E``, and ``N = (I - Q)^{-1} = sum_k Q^k >= 0``
(absorption is certain: ``f`` never increases and every non-optimal state reaches a lower
level).  For any vector ``u``, ``u - E = N (u - 1 - Q u)``, so

* ``u >= 1 + Q u`` componentwise (a *super-solution*) implies ``u >= E``;
* ``u <= 1 + Q u`` (a *sub-solution*) implies ``u <= E``.

A floating-point solve (numpy, level by level) only *proposes* ``v``; the candidates
``u_hi = v (1 + eps)`` and ``u_lo = v (1 - eps)``, rounded outward to dyadic rationals, are then
checked with exact integer arithmetic against the integer kernel.  No float decides anything: if
a candidate fails its inequality the enclosure is refused (:class:`NotVerified`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse
import scipy.sparse.linalg
from zonemax.proofs_check.core import Method, record, recorded_cache

#: Relative gap of the candidates ``v (1 -/+ eps)`` around the float solve: far above the
#: float residual (about 1e-13 relative at ``n = 20``), far below any margin a claim decides.
EPS = Fraction(1, 10**9)
#: The candidates are rounded outward to multiples of ``2^-SCALE_BITS``.
SCALE_BITS = 60


class NotVerified(ArithmeticError):
    """A candidate failed its exact sub- or super-solution inequality (no enclosure)."""


def sorted_vectors(n: int, total: int) -> list[tuple[int, ...]]:
    """Every non-increasing ``d in N^n`` with ``sum d <= total`` (the states), by level."""
    out: list[tuple[int, ...]] = []

    def parts(rest: int, cap: int, slots: int) -> Iterator[tuple[int, ...]]:
        if rest == 0:
            yield (0,) * slots
            return
        if slots == 0:
            return
        for first in range(min(rest, cap), 0, -1):
            for tail in parts(rest - first, first, slots - 1):
                yield (first, *tail)

    for f in range(total + 1):
        out.extend(parts(f, f, n))
    return out


def _class_moves(k: int, c: int, n: int) -> list[tuple[int, int, int]]:
    """``(u, w, weight)`` for a class of ``c`` positions at distance ``k``: ``u`` up, ``w`` down
    (``w = 0`` at ``k = 0``); integer weight over ``(2n)^c`` (module docstring)."""
    stay = 2 * (n - 1)
    out = []
    if k == 0:
        for u in range(c + 1):
            out.append((u, 0, math.comb(c, u) * 2**u * stay ** (c - u)))
        return out
    for u in range(c + 1):
        for w in range(c - u + 1):
            multinomial = math.comb(c, u) * math.comb(c - u, w)
            out.append((u, w, multinomial * stay ** (c - u - w)))
    return out


def transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """The exact one-step law of the sorted distance vector ``d`` as integer weights over
    ``(2n)^n`` (rejected patterns and no-ops counted on ``d`` itself); the weights sum to
    ``(2n)^n``."""
    n = len(d)
    counts: dict[int, int] = {}
    for x in d:
        counts[x] = counts.get(x, 0) + 1
    keys = sorted(counts)
    moves = [_class_moves(k, counts[k], n) for k in keys]
    down_left = [0] * (len(keys) + 1)  # the most down-moves still possible after class j
    for j in range(len(keys) - 1, -1, -1):
        down_left[j] = down_left[j + 1] + (counts[keys[j]] if keys[j] else 0)
    width = keys[-1] + 2
    new = [0] * width  # the offspring's counts by distance, updated in place along the walk
    by_counts: dict[tuple[int, ...], int] = {}
    rejected = 0
    denominator = (2 * n) ** n
    rest = [_rest_weight(moves, j) for j in range(len(keys) + 1)]

    last = len(keys) - 1

    def walk(j: int, net: int, weight: int) -> None:
        nonlocal rejected
        k = keys[j]
        c = counts[k]
        if j == last:  # the leaves, without a call each
            for u, w, wt in moves[j]:
                if net + u - w > 0:  # Algorithm 1, line 6: f(y) > f(x) is rejected
                    rejected += weight * wt
                    continue
                new[k] += c - u - w
                new[k + 1] += u
                new[k - 1] += w  # (w = 0 when k = 0)
                key = tuple(new)
                by_counts[key] = by_counts.get(key, 0) + weight * wt
                new[k] -= c - u - w
                new[k + 1] -= u
                new[k - 1] -= w
            return
        for u, w, wt in moves[j]:
            nxt = net + u - w
            if nxt > down_left[j + 1]:  # can only be rejected: count it without enumerating
                rejected += weight * wt * rest[j + 1]
                continue
            new[k] += c - u - w
            new[k + 1] += u
            if w:
                new[k - 1] += w
            walk(j + 1, nxt, weight * wt)
            new[k] -= c - u - w
            new[k + 1] -= u
            if w:
                new[k - 1] -= w

    walk(0, 0, 1)
    out: dict[tuple[int, ...], int] = {}
    for key, weight in by_counts.items():
        t = _sorted_from_counts(key)
        out[t] = out.get(t, 0) + weight
    out[d] = out.get(d, 0) + rejected
    if sum(out.values()) != denominator:
        raise AssertionError(f"the kernel row of {d} does not sum to 1")
    return out


@functools.lru_cache(maxsize=1 << 16)
def _sorted_from_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The sorted distance vector with ``counts[k]`` entries ``k``."""
    return tuple(k for k in range(len(counts) - 1, -1, -1) for _ in range(counts[k]))


def _rest_weight(moves: list[list[tuple[int, int, int]]], j: int) -> int:
    """Total weight of all patterns of the classes ``j, j+1, ...`` (``(2n)^{sum c}``)."""
    total = 1
    for m in moves[j:]:
        total *= sum(wt for _, _, wt in m)
    return total


@dataclass(frozen=True)
class Enclosure:
    """``low <= E[T] <= high`` (exact rationals) from the start ``0^n`` for target ``a``;
    ``states`` lumped states were verified."""

    a: tuple[int, ...]
    low: Fraction
    high: Fraction
    states: int


def _float_solve(states: list[tuple[int, ...]], rows: list[dict[tuple[int, ...], int]],
                 denominator: int) -> np.ndarray:
    """Candidate ``E`` by a level-by-level float solve (only a proposal; never trusted).  Each
    level's system is sparse and solved by SuperLU (a dense LAPACK solve of these small systems
    was ten times slower on a loaded machine: BLAS threads)."""
    index = {s: i for i, s in enumerate(states)}
    v = np.zeros(len(states))
    levels: dict[int, list[int]] = {}
    for i, s in enumerate(states):
        levels.setdefault(sum(s), []).append(i)
    for f in sorted(levels):
        if f == 0:
            continue
        ids = levels[f]
        local = {g: k for k, g in enumerate(ids)}
        r_idx, c_idx, vals = list(range(len(ids))), list(range(len(ids))), [1.0] * len(ids)
        rhs = np.ones(len(ids))
        for k, g in enumerate(ids):
            for t, wt in rows[g].items():
                p = wt / denominator
                j = index[t]
                if j in local:
                    r_idx.append(k)
                    c_idx.append(local[j])
                    vals.append(-p)
                else:
                    rhs[k] += p * v[j]
        mat = scipy.sparse.csc_matrix((vals, (r_idx, c_idx)), shape=(len(ids), len(ids)))
        v[ids] = scipy.sparse.linalg.spsolve(mat, rhs)
    return v


@recorded_cache(maxsize=64)
def _verified(n: int, total: int) -> tuple[dict[tuple[int, ...], int], list[int], list[int]]:
    """Every state with ``sum d <= total``: its index, and the verified integer vectors
    ``U_lo <= 2^SCALE_BITS E <= U_hi`` (module docstring)."""
    record(Method.ENUMERATION, Method.VERIFIED_FLOAT)
    states = sorted_vectors(n, total)
    rows = [transitions(s) for s in states]
    denominator = (2 * n) ** n
    v = _float_solve(states, rows, denominator)
    index = {s: i for i, s in enumerate(states)}
    scale = 1 << SCALE_BITS
    up, down = 1 + EPS, 1 - EPS
    u_hi = [0 if sum(s) == 0 else math.ceil(Fraction(float(x)) * up * scale)
            for s, x in zip(states, v, strict=True)]
    u_lo = [0 if sum(s) == 0 else max(0, math.floor(Fraction(float(x)) * down * scale))
            for s, x in zip(states, v, strict=True)]
    one = denominator * scale
    for i, (s, row) in enumerate(zip(states, rows, strict=True)):
        if sum(s) == 0:
            continue
        q_hi = sum(wt * u_hi[index[t]] for t, wt in row.items())
        q_lo = sum(wt * u_lo[index[t]] for t, wt in row.items())
        if denominator * u_hi[i] < one + q_hi:  # u_hi >= 1 + Q u_hi fails at s
            raise NotVerified(f"the super-solution fails at d = {s}")
        if denominator * u_lo[i] > one + q_lo:  # u_lo <= 1 + Q u_lo fails at s
            raise NotVerified(f"the sub-solution fails at d = {s}")
    return index, u_lo, u_hi


def pm1_enclosure(a: tuple[int, ...], total: int | None = None) -> Enclosure:
    """A verified enclosure of ``E[T]`` on ``f_a`` from ``0^n`` (module docstring), solving
    every state with ``sum d <= total`` (default ``|a|_1``: the states elitism allows; a larger
    ``total`` shares one solve between targets).  Raises :class:`NotVerified` if a candidate
    fails its exact inequality."""
    if not isinstance(a, tuple) or not a or not all(isinstance(x, int) for x in a) \
            or not any(a):
        raise ValueError(f"a must be a non-zero tuple of ints, got {a!r}")
    start = tuple(sorted((abs(x) for x in a), reverse=True))
    top = sum(start) if total is None else total
    if top < sum(start):
        raise ValueError(f"total = {total} is below |a|_1 = {sum(start)}")
    index, u_lo, u_hi = _verified(len(a), top)
    k = index[start]
    scale = 1 << SCALE_BITS
    return Enclosure(a, Fraction(u_lo[k], scale), Fraction(u_hi[k], scale), len(index))
