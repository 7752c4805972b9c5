r"""Exact enumeration of one iteration of the (1+1) EA with the ±1 operator (Section 3).

Notation (proof of Theorem 3): ``d`` = distance vector :math:`d_i = |a_i - x_i|`, ``omega`` =
:math:`\omega`, ``g`` = the potential :math:`g(x) = \sum_i (\omega^{d_i} - 1)` (eq. (3)),
``E1``/``E2`` = exactly one / at least two positions mutated, ``S`` = the set of mutated
positions, ``A(S)`` = the accepted offspring when exactly ``S`` is mutated.

Everything is exact: probabilities are ``Fraction`` (``1/n`` per position, ``1/2`` per
direction), ``omega`` is a ``Fraction``.  The dynamics depend on ``x`` only through ``d`` and are
invariant under permuting positions, so states are sorted distance vectors.

One mutated position ``i`` (Definition 1, Algorithm 1 line 4): if ``d_i >= 1`` the distance
becomes ``d_i - 1`` or ``d_i + 1`` with probability 1/2 each; if ``d_i = 0`` it becomes 1 either
way (two distinct offspring).  The offspring is accepted iff the fitness does not increase
(Algorithm 1, line 6: ``f(y) <= f(x)``).

This module is the brute force: :func:`pm1_step` visits every mutation set and direction pattern
(``3^n`` outcomes, so ``n <= 6`` or so).  The same drift for every ``d`` and any ``n`` comes from
the exact reduction of :mod:`zonemax.proofs_check.pm1_drift`, and for symmetric states from the
multiplicity DP of :mod:`zonemax.proofs_check.pm1_dp`; the cost ``c(S)`` of a mutation set is in
:mod:`zonemax.proofs_check.pm1_cost`.  :func:`pm1_expected_time` solves the exact Markov chain.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from zonemax.proofs_check.core import Method, record, recorded_cache

#: The paper's choice of omega (proof of Theorem 3: "for omega = 1.2").
OMEGA_PAPER = Fraction(6, 5)


def potential(d: tuple[int, ...], omega: Fraction) -> Fraction:
    """``g(x) = sum_i (omega^{d_i} - 1)`` (proof of Theorem 3, eq. (3))."""
    return sum((omega**di - 1 for di in d), Fraction(0))


def _direction_patterns(d: tuple[int, ...], subset: tuple[int, ...]
                        ) -> Iterator[tuple[tuple[int, ...], int]]:
    """Direction patterns on ``subset`` as (distance changes, multiplicity).

    A position at distance 0 moves to distance 1 in both directions (multiplicity 2); its
    "towards" direction does not exist.
    """
    choices: list[list[tuple[int, int]]] = []
    for i in subset:
        choices.append([(1, 2)] if d[i] == 0 else [(-1, 1), (1, 1)])
    for combo in itertools.product(*choices):
        mult = 1
        for _, m in combo:
            mult *= m
        yield tuple(step for step, _ in combo), mult


@dataclass(frozen=True)
class Pm1Step:
    """Exact one-step quantities for a distance vector ``d`` (all conditional on ``x``).

    Attributes
    ----------
    g:
        ``g(x)``.
    drift:
        ``E[g(x) - g(Y)]``.
    e1_gain:
        ``E[(g(x) - g(Y)) 1_{E1}]`` (the left side ``E[...|E1] P(E1)`` of the first display).
    e2_increase:
        ``E[(g(Y) - g(x)) 1_{E2}]``.
    p_e2:
        ``P(E2)``.
    """

    n: int
    d: tuple[int, ...]
    g: Fraction
    drift: Fraction
    e1_gain: Fraction
    e2_increase: Fraction
    p_e2: Fraction

    @property
    def e2_increase_conditional(self) -> Fraction | None:
        """``E[g(Y) - g(x) | E2]`` (``None`` when ``P(E2) = 0``, i.e. ``n = 1``)."""
        return None if self.p_e2 == 0 else self.e2_increase / self.p_e2


@recorded_cache(maxsize=4096)
def pm1_step(d: tuple[int, ...], omega: Fraction = OMEGA_PAPER) -> Pm1Step:
    """Enumerate every mutation outcome of one iteration from distance vector ``d``.

    Every set ``S`` of mutated positions (probability ``(1/n)^|S| (1-1/n)^{n-|S|}``) and every
    direction pattern on ``S`` (probability ``2^-|S|``) is visited.  Inside a set the changes of
    ``g`` are summed as integers: with ``omega = p/q`` and ``K = max(d) + 1``,
    ``omega^k = units[k] / q^K``.
    """
    record(Method.EXACT, Method.ENUMERATION)
    n = len(d)
    q = Fraction(1, n)  # Algorithm 1, line 4: each position mutated w.p. 1/n
    top = max(d) + 1
    units = [omega.numerator**k * omega.denominator ** (top - k) for k in range(top + 1)]
    scale = omega.denominator**top
    drift = e1_gain = e2_increase = p_e2 = Fraction(0)
    for size in range(1, n + 1):
        p_subset = q**size * (1 - q) ** (n - size)  # P(exactly S mutated)
        total = 0  # sum over S of size |S| and accepted offspring of (g(y) - g(x)) * q^K
        for subset in itertools.combinations(range(n), size):
            for steps, mult in _direction_patterns(d, subset):
                if sum(steps) > 0:  # Algorithm 1, line 6: reject f(y) > f(x)
                    continue
                total += mult * sum(units[d[i] + s] - units[d[i]]
                                    for i, s in zip(subset, steps, strict=True))
        # each offspring has probability 2^-|S|; a rejected one leaves g unchanged
        contribution = p_subset * Fraction(total, 2**size * scale)
        drift -= contribution
        if size == 1:
            e1_gain -= contribution
        else:
            e2_increase += contribution
            p_e2 += p_subset * math.comb(n, size)
    return Pm1Step(n=n, d=d, g=potential(d, omega), drift=drift, e1_gain=e1_gain,
                   e2_increase=e2_increase, p_e2=p_e2)


def distance_vectors(n: int, d_max: int) -> Iterator[tuple[int, ...]]:
    """All non-zero sorted (descending) distance vectors in ``{0..d_max}^n``."""
    for d in itertools.combinations_with_replacement(range(d_max, -1, -1), n):
        if d[0] > 0:
            yield d


# --------------------------------------------------------------------------------------------
# Exact expected optimisation time (small instances)
# --------------------------------------------------------------------------------------------
def _transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], Fraction]:
    """Exact one-step law of the sorted distance vector (including staying put)."""
    n = len(d)
    q = Fraction(1, n)
    out: dict[tuple[int, ...], Fraction] = {}
    for size in range(0, n + 1):
        p_subset = q**size * (1 - q) ** (n - size)
        if p_subset == 0:
            continue
        for subset in itertools.combinations(range(n), size):
            for steps, mult in _direction_patterns(d, subset):
                p = p_subset * mult / 2**size
                new = list(d)
                if sum(steps) <= 0:  # accepted (Algorithm 1, line 6)
                    for i, s in zip(subset, steps, strict=True):
                        new[i] += s
                key = tuple(sorted(new, reverse=True))
                out[key] = out.get(key, Fraction(0)) + p
    return out


def _solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Gaussian elimination over the rationals (matrix is non-singular)."""
    size = len(rhs)
    m = [[*row[:], rhs[k]] for k, row in enumerate(matrix)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        inv = 1 / m[col][col]
        m[col] = [v * inv for v in m[col]]
        for r in range(size):
            if r != col and m[r][col] != 0:
                factor = m[r][col]
                m[r] = [vr - factor * vc for vr, vc in zip(m[r], m[col], strict=True)]
    return [m[k][size] for k in range(size)]


@recorded_cache(maxsize=1024)
def pm1_expected_time(a: tuple[int, ...]) -> Fraction:
    """Exact ``E[T]`` of the (1+1) EA with the ±1 operator on ``f_a`` from ``0^n``.

    Elitism keeps ``f`` non-increasing, so the sorted distance vectors reachable from
    ``|a|`` form a finite chain; it is solved level by level (equal fitness levels are coupled
    by neutral moves) with exact rational Gaussian elimination.  Counting convention of
    :mod:`zonemax.reference`: every iteration counts, the start point does not.
    """
    record(Method.EXACT)
    start = tuple(sorted((abs(v) for v in a), reverse=True))
    trans: dict[tuple[int, ...], dict[tuple[int, ...], Fraction]] = {}
    stack = [start]
    while stack:
        s = stack.pop()
        if s in trans or sum(s) == 0:
            continue
        trans[s] = _transitions(s)
        stack.extend(t for t in trans[s] if t not in trans)
    values: dict[tuple[int, ...], Fraction] = {tuple(0 for _ in start): Fraction(0)}
    for level in sorted({sum(s) for s in trans}):
        states = [s for s in trans if sum(s) == level]
        index = {s: k for k, s in enumerate(states)}
        matrix = [[Fraction(0)] * len(states) for _ in states]
        rhs = [Fraction(1)] * len(states)
        for s in states:
            k = index[s]
            matrix[k][k] += 1
            for t, p in trans[s].items():
                if t in index:
                    matrix[k][index[t]] -= p
                else:
                    rhs[k] += p * values[t]
        for s, v in zip(states, _solve(matrix, rhs), strict=True):
            values[s] = v
    return values[start]
