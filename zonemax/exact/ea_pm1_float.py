r"""Rigorous floating-point ``E[T]`` and ``Var[T]`` of the (1+1) EA with the ±1 operator.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 1 and
Definition 1.  The exact ``Fraction`` solver (:mod:`zonemax.exact.ea_pm1`) stops at ``n = 5``
because its denominators grow to thousands of digits; this solver runs the same lumped chain in
binary64 arithmetic and proves an error bound afterwards.

States
------
A state is the multiset of distances (:mod:`zonemax.exact`, "Symmetry reduction"), held as the
counts ``c_k`` of positions at distance ``k``.  Every non-increasing ``n``-tuple with sum
``<= F = |a|_1`` is a state (unreachable ones are solved too: they cost little and keep the
indexing a bijection); a tuple's index is its rank in lexicographic order, computed from a table
of partition counts, so no hash map is needed.  The count is known before the solve starts
(:func:`ea_pm1_state_count`).

Transitions: mutation patterns
-------------------------------
In one iteration (Algorithm 1, line 4) each position is mutated w.p. ``p = 1/n``; a mutated
position at distance ``k >= 1`` moves to ``k + 1`` or ``k - 1`` w.p. ``1/2`` each, one at
distance 0 moves to 1 (Definition 1).  For a class of ``c`` positions at distance ``k >= 1`` the
numbers ``(u, w)`` moved up and down have the multinomial law
``c! / (u! w! (c-u-w)!) (p/2)^(u+w) (1-p)^(c-u-w)``, for the zero class ``u ~ Bin(c, p)``;
classes are independent.  The offspring is accepted iff ``sum u - sum w <= 0`` (line 6).  A
depth-first enumeration over the classes (highest distance first) lists the accepted patterns;
a subtree that can only be rejected (``net`` up-moves exceed the down-moves still possible) is
skipped, and a subtree whose probability is below :data:`PRUNE` is *cut off*: its probability
is added to the cut mass ``delta(s)`` of the state.  (Cut per class by the binomial tail: once
``prob * P(Bin(c, p) >= j) < PRUNE``, all patterns with ``u + w >= j`` in this class are cut.)

The lowest classes are not enumerated pattern by pattern.  If the last two classes are at
distances 1 and 0 (``c1`` and ``c0`` positions; almost every state), with ``u1, w1`` the moves
of the class at distance 1 and ``u0`` those of the zero class, the offspring depends only on
``u1`` and ``d = u0 - w1`` (a position going ``1 -> 0`` and one going ``0 -> 1`` give the same
multiset), so for each accepted ``(u1, d)`` the probabilities ``tab[c1, u1, w1]
tab0[c0, w1 + d]`` over ``w1`` are summed (compensated) and the sum becomes one leaf.  If the
last three are at distances 2, 1 and 0, likewise the offspring depends only on ``u2``,
``F1 = u1 - w2`` and ``F0 = u0 - w1`` (the net flows across 1|2 and 0|1), and the patterns with
equal ``(u2, F1, F0)`` are summed in two compensated stages (over ``w2`` for each ``w1``, then
over ``w1``).  The cut of these last classes, in order (``J`` the first ``j`` with
``prob P(Bin(c, p) >= j) < PRUNE`` for the class's size ``c``, ``T`` that tail): the highest of
them moves ``>= J`` positions (mass ``prob T``), or not that and the next does (mass
``prob (1 - T) T'``, the classes being independent), and so on (``prob (1 - T)(1 - T') T''``).
A state whose last class is the zero class but has no class at distance 1 handles the zero
class in one loop (no merging: ``u0`` alone decides the offspring).

The offspring's rank (below) changes between these leaves only in its runs of 3s, 2s and 1s, so
the rest of the rank is summed once per prefix.  Transitions to a lower level go straight into the
right-hand sides of both moments (``sum P(s, t) E(t)`` and ``sum P(s, t) M(t)``, compensated);
transitions to another state of the same level are merged per target state (compensated sum of
the patterns' probabilities) and stored, 4 + 8 bytes per entry, for the Gauss--Seidel sweeps
and the residual; only one level's entries are held at a time.

Levels
------
``f`` never increases.  Inside a level (equal ``f``) the accepted patterns with ``sum u = sum w``
move between different multisets (``(2, 0) -> (1, 1) -> (2, 0)``), so a level is a linear system,
not only a self-loop.  It is solved by Gauss--Seidel sweeps (the level's matrix is a non-singular
M-matrix, so they converge), with the diagonal formed as the probability of *leaving* the state.

Why the result is rigorous
--------------------------
Let ``K`` be the exact kernel of the chain (self-loops included) and split it as ``K = Q + D``,
``D`` the cut patterns (row sums ``delta(s)``), ``Q`` the rest.  ``N = (I - K)^{-1}`` restricted
to the transient states is non-negative and ``N 1 = E`` (the exact expected hitting times).  For
any vector ``v >= 0`` (the float solution) let ``r = 1 + Q v - v`` (the residual against the
exact ``Q``).  Then ``E - v = N (r + D v)``, and with ``rho >= max |r|``,
``0 <= D v <= delta_max v_max``:

    ``v(s) - rho E(s) <= E(s) <= v(s) + (rho + delta_max v_max) E(s)``,

i.e. ``v/(1 + rho) <= E <= v/(1 - rho - delta_max v_max)``.  ``rho`` is computed in floats
with a proved bound on its own rounding error: every pattern probability is a product of at
most ``2 m`` correctly rounded factors (``m`` classes; the per-class factors are exact rationals
rounded once), a merged leaf or a merged same-level entry is a compensated sum of such products
(``Sum2``: at most ``u + gamma^2`` more, i.e. below ``2 u``, per stage; the bound counts four
more classes than present, i.e. ``8 u`` for at most two stages), sums use the compensated ``Sum2`` of Ogita, Rump and Oishi
(2005), whose error is at most ``u |s| + gamma_{N-1}^2 sum |x_i|`` (``u = 2^-53``), and every
other operation adds ``u`` relative; the bound used (:func:`_relative_error`) is a generous
multiple of these.  A cut mass ``prob (1 - T)(1 - T') T''`` has the factors ``1 - T`` computed
from ``T < 1 - (1 - 1/n)^n < 2/3`` rounded up (at most ``3 u`` relative), so each is off by at
most ``3 u T/(1 - T) + u < 7 u`` relative, less than ``5 u`` beyond the ``2 u`` the count above
allows a factor; the computed cut mass of a state is therefore off by less than ``16 u delta(s)``
beyond that count, which the residual bound adds as ``16 u delta(s) v(s)`` (and
``16 u delta(s) w(s)`` for the second moment) through the diagonal.

The second moment ``M = N (2E - 1)`` is bounded the same way: with ``w`` the float solution and
``r2 = 2v - 1 + Q w - w``, ``M - w = N (r2 + 2 (E - v) + D w)``, where
``|N 2 (E - v)| <= 2 kappa N E = kappa (M + E)`` (``|E - v| <= kappa E`` from the first step,
``N E = (M + E)/2``) and ``0 <= N D w <= delta_max w_max E``.  For ``N r2`` two bounds are
used and the tighter enclosure kept: ``|N r2| <= rho2 E`` with ``rho2 >= max |r2|``, and
``|N r2| <= theta2 M`` with ``theta2 >= max |r2(s)| / (2 E(s) - 1)`` (``N (2E - 1) = M``),
where ``2 E(s) - 1 >= max(1, 2 v(s)/(1 + rho) - 1)``; the second is much tighter because
``|r2(s)|`` scales with ``w(s)``, which is large exactly where ``E(s)`` is.  Underflow cannot
occur: every leaf kept has probability ``>= PRUNE`` times a factor ``>= (1 - 1/n)^n`` (far
above the subnormals).

**Signals.**  A level of a large instance runs for minutes in compiled code.  :func:`_level`
releases the GIL (``nogil=True``; it touches only the arrays it is given), so that a caller
that solves in a worker thread keeps its main thread free to handle Ctrl-C and SIGTERM at once
and its progress thread drawing (``zonemax exact``, :mod:`zonemax.commands.exact`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import mpmath
import numba
import numpy as np

from zonemax.exact.limits import refuse, sorted_tuples_upto, start_distances
from zonemax.exact.result import ExactResult
from zonemax.reference.fitness import validate_target

#: A cut subtree has probability below this (module docstring) for up to :data:`PRUNE_STATES`
#: states: the cut mass ``delta`` enters the bounds as ``delta v_max`` (E) and
#: ``delta w_max E`` (second moment).  Measured at a = 1^30 (28,629 states): relative widths
#: 6.9e-12 (E) and 2.8e-10 (Var); with an earlier, looser bound the variance's width at a = 1^34
#: reached 1.6e-9 at this threshold, so larger instances cut finer (benchmarks/README.md: Var
#: widths 2.3e-10 at 1^34, 3.2e-10 at 1^38, 7.4e-10 at 1^50, with E's about 1e-11).
PRUNE = 1e-18
#: The cut threshold beyond :data:`PRUNE_STATES` states (100 times smaller ``delta``; the cost
#: grows by about 1.15x: a = 1^30 took 10.3 s of CPU at 1e-20 and 9.0 s at 1e-18 with the
#: enumeration before the merged classes).
PRUNE_LARGE = 1e-20
#: Instances with more states than this cut at :data:`PRUNE_LARGE`.
PRUNE_STATES = 30_000
#: Unit roundoff of binary64.
UNIT = 2.0**-53
#: Gauss--Seidel sweeps per level stop when no value changes by more than this (relative).
SWEEP_TOL = 1e-16
#: At most this many sweeps per level (the residual bound judges the outcome in any case).
MAX_SWEEPS = 10_000
#: Default cap on the number of lumped states: a = 1^50 (1,295,971 states, the largest instance
#: the solver is meant for) fits in time and memory on one core (benchmarks/README.md); larger
#: instances are refused unless ``max_states`` is raised.
DEFAULT_FLOAT_MAX_STATES = 1_300_000

#: ``progress(stage, done, total)`` as in :data:`zonemax.exact.linalg.ExactProgress`.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class FloatEnclosure:
    """Rigorous enclosures of ``E[T]`` and ``Var[T]`` from the floating-point solve.

    ``expectation_low <= E[T] <= expectation_high`` and likewise for the variance; ``rho`` is the
    residual bound, ``delta`` the largest cut mass per state, ``states`` the number of lumped
    states solved, ``method`` says what ran, ``seconds`` the wall time of the solve and
    ``max_remaining`` an upper bound on the expected remaining time from any state (as
    :attr:`zonemax.exact.ExactResult.max_remaining`).
    """

    a: tuple[int, ...]
    expectation_low: float
    expectation_high: float
    variance_low: float
    variance_high: float
    states: int
    rho: float
    delta: float
    method: str
    seconds: float
    max_remaining: float

    @property
    def expectation(self) -> float:
        """Midpoint of the enclosure of ``E[T]``."""
        return (self.expectation_low + self.expectation_high) / 2

    @property
    def variance(self) -> float:
        """Midpoint of the enclosure of ``Var[T]``."""
        return (self.variance_low + self.variance_high) / 2

    @property
    def relative_width(self) -> float:
        """``(high - low) / low`` of the enclosure of ``E[T]``."""
        return (self.expectation_high - self.expectation_low) / self.expectation_low


# --------------------------------------------------------------------------------------------
# ranking of non-increasing tuples


def _rank_tables(n: int, total: int) -> tuple[np.ndarray, int]:
    """``S[k, j, s] = sum_{v < j, v <= s} W(k, v, s - v)`` with ``W(k, j, s)`` the number of
    non-increasing ``k``-tuples with entries ``<= j`` and sum ``<= s``; and ``W(n, F, F)``."""
    big = total + 2
    w = np.zeros((n + 1, big, total + 1), dtype=np.int64)
    w[0, :, :] = 1
    for k in range(1, n + 1):
        for s in range(total + 1):
            w[k, 0, s] = 1  # all entries 0
            for j in range(1, big):
                # the first entry is v <= min(j, s), the other k - 1 entries are <= v
                w[k, j, s] = w[k, j - 1, s] + (w[k - 1, j, s - j] if j <= s else 0)
    pre = np.zeros((n + 1, big + 1, total + 1), dtype=np.int64)
    for k in range(n + 1):
        for s in range(total + 1):
            for j in range(1, big + 1):
                v = j - 1
                pre[k, j, s] = pre[k, j - 1, s] + (w[k, v, s - v] if v <= s else 0)
    return pre, int(w[n, total, total])


def ea_pm1_state_count(a: Sequence[int]) -> int:
    """The number of lumped states this solver uses for target ``a``: the non-increasing
    ``n``-tuples of naturals with sum ``<= |a|_1`` (known before anything is built)."""
    t = tuple(validate_target(a))
    return sorted_tuples_upto(len(t), sum(abs(x) for x in t))  # InstanceTooLarge if huge


def _partitions(f: int, n: int) -> list[list[int]]:
    """All partitions of ``f`` into at most ``n`` parts, as non-increasing lists."""
    out: list[list[int]] = []
    if f == 0:
        return [[]]

    def rec(rest: int, largest: int, prefix: list[int]) -> None:
        if rest == 0:
            out.append(list(prefix))
            return
        if len(prefix) == n:
            return
        for v in range(min(rest, largest), 0, -1):
            prefix.append(v)
            rec(rest - v, v, prefix)
            prefix.pop()

    rec(f, f, [])
    return out


@numba.njit(cache=True)
def _run_table(pre: np.ndarray, n: int, total: int) -> np.ndarray:
    """``R[k, i, c, s]``: the rank contribution of ``c`` equal entries ``k`` at positions
    ``i..i+c-1`` with ``s`` left of the sum, ``sum_{t < c} S[n-1-i-t, k, s - t k]``."""
    big = total + 2
    cmax = min(n, total)
    out = np.zeros((big + 1, n, cmax + 1, total + 1), dtype=np.int64)
    for k in range(1, big + 1):
        for i in range(n):
            for c in range(1, min(cmax, n - i) + 1):
                for s in range(total + 1):
                    rest = s - (c - 1) * k
                    add = pre[n - i - c, k, rest] if rest >= 0 else 0
                    out[k, i, c, s] = out[k, i, c - 1, s] + add
    return out


@numba.njit(cache=True, inline="always")
def _rank(cw: np.ndarray, top: int, total: int, runs: np.ndarray) -> int:
    """Rank of the tuple with counts ``cw`` (distances ``<= top``) among all states: the
    number of non-increasing tuples before it in lexicographic order."""
    r = 0
    i = 0
    s = total
    for k in range(top, 0, -1):
        c = cw[k]
        if c > 0:
            r += runs[k, i, c, s]
            i += c
            s -= k * c
    return r


# --------------------------------------------------------------------------------------------
# compensated summation (Ogita, Rump, Oishi 2005, Algorithm 4.4 "Sum2")


@numba.njit(cache=True, inline="always")
def _add(acc: np.ndarray, j: int, x: float) -> None:
    s = acc[j] + x  # TwoSum(acc[j], x)
    z = s - acc[j]
    acc[j + 1] += (acc[j] - (s - z)) + (x - z)
    acc[j] = s


# --------------------------------------------------------------------------------------------
# the pattern enumeration


@numba.njit(cache=True, inline="always")
def _leaf(net: int, prob: float, r: int, self_rank: int, vw: np.ndarray, local: np.ndarray,
          acc: np.ndarray, cnt: np.ndarray, mark: np.ndarray, hi: np.ndarray, lo: np.ndarray,
          touched: np.ndarray, stamp: int) -> None:
    """One accepted pattern (``net <= 0``) of probability ``prob`` whose offspring has rank
    ``r``.  A lower level's values are final: the pattern goes into the right-hand sides.  A
    same-level offspring other than the parent is merged into the parent's row (its local
    index ``t``: ``hi[t] + lo[t]`` is the compensated sum of the patterns leading to it)."""
    if net < 0:  # a lower level: its values are final
        _add(acc, 0, prob * vw[r, 0])
        _add(acc, 2, prob * vw[r, 1])
        _add(acc, 4, prob)
        cnt[0] += 1
    elif r != self_rank:  # the same level, another state
        t = local[r]
        if mark[t] != stamp:
            mark[t] = stamp
            hi[t] = prob
            lo[t] = 0.0
            touched[cnt[1]] = t
            cnt[1] += 1
        else:
            tot = hi[t] + prob  # TwoSum(hi[t], prob)
            z = tot - hi[t]
            lo[t] += (hi[t] - (tot - z)) + (prob - z)
            hi[t] = tot
        _add(acc, 4, prob)
        cnt[0] += 1


@numba.njit(cache=True)
def _zero_class(net: int, prob: float, c: int, cw: np.ndarray, top: int, total: int,
                runs: np.ndarray, tab0: np.ndarray, tail: np.ndarray, prune: float,
                self_rank: int, vw: np.ndarray, local: np.ndarray, acc: np.ndarray,
                cnt: np.ndarray, mark: np.ndarray, hi: np.ndarray, lo: np.ndarray,
                touched: np.ndarray, stamp: int) -> None:
    """The last class when it is the zero class (``c`` positions at distance 0), every other
    class already moved (offspring counts ``cw``, net change ``net``, probability ``prob``):
    ``u ~ Bin(c, p)`` of them move to distance 1.  The offspring's rank differs between the
    ``u`` only in the run of 1s, so the rest of :func:`_rank` is summed once."""
    if net > 0:  # every u is rejected (line 6): a self-loop
        return
    r_hi = 0
    i1 = 0
    s1 = total
    for k in range(top, 1, -1):
        ck = cw[k]
        if ck > 0:
            r_hi += runs[k, i1, ck, s1]
            i1 += ck
            s1 -= k * ck
    c1 = cw[1]
    for u in range(c + 1):
        if net + u > 0:
            break  # rejected, and so is every larger u
        if u >= 1:
            cutp = prob * tail[c, u]
            if cutp < prune:
                _add(acc, 6, cutp)  # cut: every u' >= u
                cnt[0] += 1
                break
        cc = c1 + u
        r = r_hi + (runs[1, i1, cc, s1] if cc > 0 else 0)
        _leaf(net + u, prob * tab0[c, u], r, self_rank, vw, local, acc, cnt, mark, hi, lo,
              touched, stamp)


@numba.njit(cache=True)
def _pair(net: int, prob: float, c1: int, c0: int, cw: np.ndarray, top: int, total: int,
          runs: np.ndarray, tab: np.ndarray, tab0: np.ndarray, tail: np.ndarray, prune: float,
          self_rank: int, vw: np.ndarray, local: np.ndarray, acc: np.ndarray, cnt: np.ndarray,
          mark: np.ndarray, hi: np.ndarray, lo: np.ndarray, touched: np.ndarray,
          stamp: int) -> None:
    """The last two classes when they are at distances 1 (``c1`` positions) and 0 (``c0``),
    every other class already moved (offspring counts ``cw``, net change ``net``, probability
    ``prob``).  Class 1 moves ``u1`` up and ``w1`` down, the zero class ``u0`` up; the
    offspring depends only on ``u1`` and ``d = u0 - w1``, so the patterns with equal
    ``(u1, d)`` are summed (compensated) into one leaf.  Cut: ``u1 + w1 >= J1``, or
    ``u1 + w1 < J1`` and ``u0 >= J0``, each ``J`` the first ``j`` with
    ``prob P(Bin(c, p) >= j) < prune`` (module docstring)."""
    j1 = 1
    while j1 <= c1 and prob * tail[c1, j1] >= prune:
        j1 += 1
    j0 = 1
    while j0 <= c0 and prob * tail[c0, j0] >= prune:
        j0 += 1
    if j1 <= c1:
        _add(acc, 6, prob * tail[c1, j1])  # cut: u1 + w1 >= J1
        cnt[0] += 1
    if j0 <= c0:  # cut: u1 + w1 < J1 and u0 >= J0 (the classes are independent)
        _add(acc, 6, prob * (1.0 - tail[c1, j1]) * tail[c0, j0])
        cnt[0] += 1
    m1 = min(j1 - 1, c1)  # u1 + w1 <= m1
    m0 = min(j0 - 1, c0)  # u0 <= m0
    if net - m1 > 0:  # every pattern kept is rejected (line 6)
        return
    # the rank of the offspring: the runs above distance 2 are fixed
    r_hi = 0
    i2 = 0
    s2 = total
    for k in range(top, 2, -1):
        ck = cw[k]
        if ck > 0:
            r_hi += runs[k, i2, ck, s2]
            i2 += ck
            s2 -= k * ck
    for u1 in range(m1 + 1):
        room = m1 - u1  # w1 <= room
        dmax = min(m0, -net - u1)  # accepted: net + u1 + d <= 0
        if dmax < -room:
            break  # and so for every larger u1
        c2 = cw[2] + u1
        r2 = r_hi + (runs[2, i2, c2, s2] if c2 > 0 else 0)
        i1 = i2 + c2
        s1 = s2 - 2 * c2
        for d in range(-room, dmax + 1):
            w_lo = max(0, -d)
            w_hi = min(room, m0 - d)
            hsum = 0.0
            lsum = 0.0
            for w1 in range(w_lo, w_hi + 1):
                term = tab[c1, u1, w1] * tab0[c0, w1 + d]
                tot = hsum + term  # TwoSum(hsum, term)
                z = tot - hsum
                lsum += (hsum - (tot - z)) + (term - z)
                hsum = tot
            c1n = cw[1] - u1 + d
            r = r2 + (runs[1, i1, c1n, s1] if c1n > 0 else 0)
            _leaf(net + u1 + d, prob * (hsum + lsum), r, self_rank, vw, local, acc, cnt, mark,
                  hi, lo, touched, stamp)


@numba.njit(cache=True)
def _triple(net: int, prob: float, c2: int, c1: int, c0: int, cw: np.ndarray, top: int,
            total: int, runs: np.ndarray, tab: np.ndarray, tab0: np.ndarray, tail: np.ndarray,
            prune: float, self_rank: int, vw: np.ndarray, local: np.ndarray, acc: np.ndarray,
            cnt: np.ndarray, mark: np.ndarray, hi: np.ndarray, lo: np.ndarray,
            touched: np.ndarray, stamp: int, gh: np.ndarray, gl: np.ndarray) -> None:
    """The last three classes when they are at distances 2, 1 and 0 (``c2``, ``c1``, ``c0``
    positions), every other class already moved (as :func:`_pair`).  Class 2 moves ``u2`` up
    and ``w2`` down, class 1 ``u1`` and ``w1``, the zero class ``u0`` up; the offspring depends
    only on ``u2``, ``F1 = u1 - w2`` and ``F0 = u0 - w1``, so the patterns with equal
    ``(u2, F1, F0)`` are summed (compensated; first over ``w2`` for each ``w1`` into
    ``gh + gl``, then over ``w1``) into one leaf.  Cut: ``u2 + w2 >= J2``; or not that and
    ``u1 + w1 >= J1``; or neither and ``u0 >= J0`` (module docstring)."""
    j2 = 1
    while j2 <= c2 and prob * tail[c2, j2] >= prune:
        j2 += 1
    j1 = 1
    while j1 <= c1 and prob * tail[c1, j1] >= prune:
        j1 += 1
    j0 = 1
    while j0 <= c0 and prob * tail[c0, j0] >= prune:
        j0 += 1
    if j2 <= c2:
        _add(acc, 6, prob * tail[c2, j2])  # cut: u2 + w2 >= J2
        cnt[0] += 1
    if j1 <= c1:  # cut: u2 + w2 < J2 and u1 + w1 >= J1 (the classes are independent)
        _add(acc, 6, prob * (1.0 - tail[c2, j2]) * tail[c1, j1])
        cnt[0] += 1
    if j0 <= c0:  # cut: u2 + w2 < J2, u1 + w1 < J1 and u0 >= J0
        _add(acc, 6, prob * ((1.0 - tail[c2, j2]) * (1.0 - tail[c1, j1])) * tail[c0, j0])
        cnt[0] += 1
    m2 = min(j2 - 1, c2)  # u2 + w2 <= m2
    m1 = min(j1 - 1, c1)  # u1 + w1 <= m1
    m0 = min(j0 - 1, c0)  # u0 <= m0
    if net - m2 - m1 > 0:  # every pattern kept is rejected (line 6)
        return
    r_hi = 0
    i3 = 0
    s3 = total
    for k in range(top, 3, -1):
        ck = cw[k]
        if ck > 0:
            r_hi += runs[k, i3, ck, s3]
            i3 += ck
            s3 -= k * ck
    for u2 in range(m2 + 1):
        room2 = m2 - u2  # w2 <= room2
        c3n = cw[3] + u2
        r3 = r_hi + (runs[3, i3, c3n, s3] if c3n > 0 else 0)
        i2 = i3 + c3n
        s2 = s3 - 3 * c3n
        # accepted: u2 + F1 + F0 <= -net with F0 >= -m1
        for f1 in range(-room2, min(m1, -net - u2 + m1) + 1):
            # g[w1] = sum over w2 of tab[c2, u2, w2] tab[c1, f1 + w2, w1], u1 = f1 + w2 in 0..m1
            w2_lo = max(0, -f1)
            w2_hi = min(room2, m1 - f1)
            if w2_lo > w2_hi:
                continue
            for w1 in range(m1 + 1):
                gh[w1] = 0.0
                gl[w1] = 0.0
            for w2 in range(w2_lo, w2_hi + 1):
                a2 = tab[c2, u2, w2]
                u1 = f1 + w2
                for w1 in range(m1 - u1 + 1):
                    term = a2 * tab[c1, u1, w1]
                    tot = gh[w1] + term  # TwoSum(gh[w1], term)
                    z = tot - gh[w1]
                    gl[w1] += (gh[w1] - (tot - z)) + (term - z)
                    gh[w1] = tot
            w1_top = min(m1, m1 - f1 - w2_lo)  # the largest w1 with a non-zero g
            c2n = cw[2] - u2 + f1
            r2 = r3 + (runs[2, i2, c2n, s2] if c2n > 0 else 0)
            i1 = i2 + c2n
            s1 = s2 - 2 * c2n
            for f0 in range(-w1_top, min(m0, -net - u2 - f1) + 1):
                hsum = 0.0
                lsum = 0.0
                for w1 in range(max(0, -f0), min(w1_top, m0 - f0) + 1):
                    term = (gh[w1] + gl[w1]) * tab0[c0, f0 + w1]
                    tot = hsum + term  # TwoSum(hsum, term)
                    z = tot - hsum
                    lsum += (hsum - (tot - z)) + (term - z)
                    hsum = tot
                if hsum == 0.0:
                    continue
                c1n = cw[1] - f1 + f0
                r = r2 + (runs[1, i1, c1n, s1] if c1n > 0 else 0)
                _leaf(net + u2 + f1 + f0, prob * (hsum + lsum), r, self_rank, vw, local, acc,
                      cnt, mark, hi, lo, touched, stamp)


@numba.njit(cache=True)
def _walk(m: int, ks: np.ndarray, cs: np.ndarray, remdown: np.ndarray, cw: np.ndarray,
          total: int, runs: np.ndarray, tab: np.ndarray, tab0: np.ndarray, tail: np.ndarray,
          prune: float, self_rank: int, vw: np.ndarray, local: np.ndarray, acc: np.ndarray,
          cnt: np.ndarray, mark: np.ndarray, hi: np.ndarray, lo: np.ndarray,
          touched: np.ndarray, stamp: int) -> None:
    """Depth-first enumeration of the accepted mutation patterns of one state (module
    docstring), with an explicit stack over the classes ``0..m-1`` (the last one is the zero
    class if there is one; its loop is :func:`_zero_class`).  Class ``i`` is at distance
    ``ks[i]`` with ``cs[i]`` positions; ``remdown[i]`` is the number of down-moves still
    possible in classes ``i..m-1``."""
    top = ks[0] + 1  # no offspring distance above this
    zero_last = ks[m - 1] == 0
    pair_last = zero_last and m >= 2 and ks[m - 2] == 1
    triple_last = pair_last and m >= 3 and ks[m - 3] == 2
    gh = np.empty(cs[m - 2] + 2 if pair_last else 1)  # scratch for _triple
    gl = np.empty(cs[m - 2] + 2 if pair_last else 1)
    if triple_last and m == 3:  # only distances 2, 1 and 0
        _triple(0, 1.0, cs[0], cs[1], cs[2], cw, top, total, runs, tab, tab0, tail, prune,
                self_rank, vw, local, acc, cnt, mark, hi, lo, touched, stamp, gh, gl)
        return
    if pair_last and m == 2:  # only distances 1 and 0
        _pair(0, 1.0, cs[0], cs[1], cw, top, total, runs, tab, tab0, tail, prune, self_rank, vw,
              local, acc, cnt, mark, hi, lo, touched, stamp)
        return
    jj = np.zeros(m + 1, dtype=np.int64)  # j = u + w (zero class: u) of the current candidate
    uu = np.zeros(m + 1, dtype=np.int64)
    pp = np.zeros(m + 1)  # probability of the prefix before class i
    nt = np.zeros(m + 1, dtype=np.int64)  # net change of f before class i
    fresh = np.zeros(m + 1, dtype=np.bool_)
    pp[0] = 1.0
    i = 0
    fresh[0] = True
    while i >= 0:
        k = ks[i]
        c = cs[i]
        prob = pp[i]
        net = nt[i]
        if fresh[i]:
            fresh[i] = False
            if net - remdown[i] > 0:  # every completion is rejected (line 6): a self-loop
                i -= 1
                if i >= 0:
                    _undo(i, ks, jj, uu, cw)
                continue
            jj[i] = 0
            uu[i] = 0
        else:  # the candidate after the current one
            if uu[i] < jj[i]:
                uu[i] += 1
            else:
                jj[i] += 1
                uu[i] = 0
        found = False
        while True:  # class i is at distance k >= 1 (the zero class is never on the stack)
            j = jj[i]
            u = uu[i]
            if j > c:
                break
            if u == 0 and j >= 1 and prob * tail[c, j] < prune:
                _add(acc, 6, prob * tail[c, j])  # cut: every pattern with u + w >= j
                cnt[0] += 1
                break
            if net + u - (j - u) - remdown[i + 1] > 0:
                jj[i] += 1  # rejected whatever follows; larger u too: next j
                uu[i] = 0
                continue
            found = True
            break
        if not found:
            i -= 1
            if i >= 0:
                _undo(i, ks, jj, uu, cw)
            continue
        j = jj[i]
        u = uu[i]
        cw[k] -= j
        cw[k + 1] += u
        cw[k - 1] += j - u
        q = prob * tab[c, u, j - u]
        new_net = net + u - (j - u)
        if i + 1 == m:  # the last class, at distance >= 1
            if new_net <= 0:
                _leaf(new_net, q, _rank(cw, top, total, runs), self_rank, vw, local, acc, cnt,
                      mark, hi, lo, touched, stamp)
            _undo(i, ks, jj, uu, cw)
        elif triple_last and i + 4 == m:
            _triple(new_net, q, cs[m - 3], cs[m - 2], cs[m - 1], cw, top, total, runs, tab,
                    tab0, tail, prune, self_rank, vw, local, acc, cnt, mark, hi, lo, touched,
                    stamp, gh, gl)
            _undo(i, ks, jj, uu, cw)
        elif pair_last and i + 3 == m:
            _pair(new_net, q, cs[m - 2], cs[m - 1], cw, top, total, runs, tab, tab0, tail,
                  prune, self_rank, vw, local, acc, cnt, mark, hi, lo, touched, stamp)
            _undo(i, ks, jj, uu, cw)
        elif zero_last and i + 2 == m:
            _zero_class(new_net, q, cs[m - 1], cw, top, total, runs, tab0, tail, prune,
                        self_rank, vw, local, acc, cnt, mark, hi, lo, touched, stamp)
            _undo(i, ks, jj, uu, cw)
        else:
            pp[i + 1] = q
            nt[i + 1] = new_net
            fresh[i + 1] = True
            i += 1


@numba.njit(cache=True, inline="always")
def _undo(i: int, ks: np.ndarray, jj: np.ndarray, uu: np.ndarray, cw: np.ndarray) -> None:
    """Take back the move of class ``i`` (at distance ``>= 1``) from the offspring's counts."""
    k = ks[i]
    j = jj[i]
    u = uu[i]
    cw[k] += j
    cw[k + 1] -= u
    cw[k - 1] -= j - u


@numba.njit(cache=True, inline="always")
def _gauss_seidel(x: np.ndarray, b: np.ndarray, diag: np.ndarray, start: np.ndarray,
                  all_idx: np.ndarray, all_p: np.ndarray, sweep_tol: float,
                  max_sweeps: int) -> int:
    """Solve ``diag[s] x[s] - sum_e all_p[e] x[all_idx[e]] = b[s]`` (the rows ``start[s]`` to
    ``start[s + 1]``) by Gauss-Seidel sweeps from ``x = b / diag``, each row's sum accumulated
    with compensation (TwoSum: small residuals for the bound), until no entry changes by more
    than ``sweep_tol`` relatively or ``max_sweeps`` sweeps; returns the sweeps done."""
    size = b.shape[0]
    for s in range(size):
        x[s] = b[s] / diag[s]
    sweeps = 0
    for _ in range(max_sweeps):
        change = 0.0
        for s in range(size):
            acc2 = b[s]
            comp = 0.0
            for e in range(start[s], start[s + 1]):
                term = all_p[e] * x[all_idx[e]]
                tot = acc2 + term
                z = tot - acc2
                comp += (acc2 - (tot - z)) + (term - z)
                acc2 = tot
            new = (acc2 + comp) / diag[s]
            d = abs(new - x[s]) / new
            change = max(change, d)
            x[s] = new
        sweeps += 1
        if change <= sweep_tol:
            break
    return sweeps


@numba.njit(cache=True, nogil=True)  # see module docstring, "Signals"
def _level(counts: np.ndarray, ranks: np.ndarray, total: int, runs: np.ndarray, tab: np.ndarray,
           tab0: np.ndarray, tail: np.ndarray, prune: float, vw: np.ndarray, local: np.ndarray,
           sweep_tol: float, max_sweeps: int, lose_self_loop: bool,
           capacity: int) -> tuple[np.ndarray, int, int]:
    """Enumerate, solve and bound one level.  Returns the rows ``(x1, x2, r1, r2, scale1,
    scale2, cut, terms)`` per state (solution, residuals, the sizes their rounding bounds scale
    with, cut mass, number of summands), the number of Gauss-Seidel sweeps and the number of
    same-level entries stored (``capacity`` is the first guess of the latter)."""
    size = counts.shape[0]
    width = counts.shape[1]
    lower1 = np.zeros(size)
    lower2 = np.zeros(size)
    diag = np.zeros(size)
    cut = np.zeros(size)
    nterms = np.zeros(size, dtype=np.int64)
    start = np.zeros(size + 1, dtype=np.int64)
    cap = max(capacity, 1024)
    all_idx = np.empty(cap, dtype=np.int32)
    all_p = np.empty(cap)
    mark = np.full(size, -1, dtype=np.int64)  # the same-level row being merged into, per target
    hi = np.zeros(size)
    lo = np.zeros(size)
    touched = np.empty(size, dtype=np.int32)
    ks = np.empty(width, dtype=np.int64)
    cs = np.empty(width, dtype=np.int64)
    remdown = np.empty(width + 1, dtype=np.int64)
    acc = np.zeros(8)
    cnt = np.zeros(2, dtype=np.int64)
    used = 0
    for s in range(size):
        cw = counts[s].copy()
        m = 0
        for k in range(width - 1, 0, -1):
            if cw[k] > 0:
                ks[m] = k
                cs[m] = cw[k]
                m += 1
        if cw[0] > 0:
            ks[m] = 0
            cs[m] = cw[0]
            m += 1
        remdown[m] = 0
        for i in range(m - 1, -1, -1):
            remdown[i] = remdown[i + 1] + (cs[i] if ks[i] > 0 else 0)
        acc[:] = 0.0
        cnt[:] = 0
        _walk(m, ks, cs, remdown, cw, total, runs, tab, tab0, tail, prune, ranks[s], vw, local,
              acc, cnt, mark, hi, lo, touched, s)
        lower1[s] = acc[0] + acc[1]
        lower2[s] = acc[2] + acc[3]
        diag[s] = (acc[4] + acc[5]) + (acc[6] + acc[7])  # leave + cut: 1 - Q(s, s)
        cut[s] = acc[6] + acc[7]
        if lose_self_loop:  # planted bug: E(s) = 1 + sum_{t != s} P(s, t) E(t)
            diag[s] = 1.0
        nterms[s] = cnt[0] + 1
        k = cnt[1]
        if used + k > cap:
            cap = max(used + k, cap + cap // 2)
            new_idx = np.empty(cap, dtype=np.int32)
            new_p = np.empty(cap)
            new_idx[:used] = all_idx[:used]
            new_p[:used] = all_p[:used]
            all_idx = new_idx
            all_p = new_p
        for e in range(k):
            t = touched[e]
            all_idx[used + e] = t
            all_p[used + e] = hi[t] + lo[t]
        used += k
        start[s + 1] = used
    # Gauss-Seidel: E, then the second moment
    b1 = np.empty(size)
    for s in range(size):
        b1[s] = 1.0 + lower1[s]
    x1 = np.empty(size)
    sweeps = _gauss_seidel(x1, b1, diag, start, all_idx, all_p, sweep_tol, max_sweeps)
    b2 = np.empty(size)
    for s in range(size):
        b2[s] = 2.0 * x1[s] - 1.0 + lower2[s]
    x2 = np.empty(size)
    sweeps += _gauss_seidel(x2, b2, diag, start, all_idx, all_p, sweep_tol, max_sweeps)
    # residuals (computed with Sum2) and their rounding bounds' ingredients
    out = np.empty((8, size))
    racc = np.zeros(8)
    for s in range(size):
        racc[:] = 0.0
        for e in range(start[s], start[s + 1]):
            _add(racc, 0, all_p[e] * x1[all_idx[e]])
            _add(racc, 2, all_p[e] * x2[all_idx[e]])
        same1 = racc[0] + racc[1]
        same2 = racc[2] + racc[3]
        # r1 = 1 + lower1 + same1 - diag x1 ; r2 = 2 x1 - 1 + lower2 + same2 - diag x2
        racc[4:8] = 0.0
        _add(racc, 4, 1.0)
        _add(racc, 4, lower1[s])
        _add(racc, 4, same1)
        _add(racc, 4, -(diag[s] * x1[s]))
        _add(racc, 6, 2.0 * x1[s] - 1.0)
        _add(racc, 6, lower2[s])
        _add(racc, 6, same2)
        _add(racc, 6, -(diag[s] * x2[s]))
        out[0, s] = x1[s]
        out[1, s] = x2[s]
        out[2, s] = racc[4] + racc[5]
        out[3, s] = racc[6] + racc[7]
        out[4, s] = 1.0 + lower1[s] + same1 + diag[s] * x1[s]  # scale of the r1 terms
        out[5, s] = 2.0 * x1[s] + lower2[s] + same2 + diag[s] * x2[s]  # of the r2 terms
        out[6, s] = cut[s]
        out[7, s] = max(nterms[s], start[s + 1] - start[s] + 1)
    return out, sweeps, used


# --------------------------------------------------------------------------------------------
# exact tables, rounded once


def _tables(n: int, width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-class probabilities as correctly rounded floats of exact rationals:
    ``tab[c, u, w]`` (class at distance >= 1), ``tab0[c, u]`` (distance 0) and
    ``tail[c, j] = P(Bin(c, 1/n) >= j)`` (rounded up)."""
    p = Fraction(1, n)  # Algorithm 1, line 4
    q = 1 - p
    half = p / 2  # Definition 1: +1 or -1 with probability 1/2
    tab = np.zeros((n + 1, n + 2, n + 2))
    tab0 = np.zeros((n + 1, n + 2))
    tail = np.zeros((n + 1, n + 2))
    for c in range(n + 1):
        pmf = [math.comb(c, j) * p**j * q ** (c - j) for j in range(c + 1)]
        for u in range(c + 1):
            tab0[c, u] = float(pmf[u])
            for w in range(c + 1 - u):
                tab[c, u, w] = float(math.comb(c, u) * math.comb(c - u, w) * half ** (u + w)
                                     * q ** (c - u - w))
        acc = Fraction(0)
        for j in range(c, -1, -1):
            acc += pmf[j]
            tail[c, j] = math.nextafter(float(acc), math.inf)  # rounded up
    del width
    return tab, tab0, tail


def _relative_error(classes: int, terms: int) -> float:
    """A bound on the relative rounding error of a computed sum of ``terms`` products (module
    docstring): each probability is a product of at most ``2 classes + 1`` correctly rounded
    factors, one more rounding for the product with a value, Sum2's ``u + gamma^2``; doubled."""
    g = (terms + 1) * UNIT / (1 - (terms + 1) * UNIT)
    per_term = (2 * classes + 4) * UNIT
    return 2.0 * (per_term + UNIT + g * g) * (1 + 1e-6)


def ea_pm1_float(
    a: Sequence[int],
    *,
    max_states: int | None = None,
    progress: Progress | None = None,
    prune: float | None = None,
    _planted: str | None = None,
) -> FloatEnclosure:
    """Rigorous enclosures of ``E[T]`` and ``Var[T]`` of the ±1 EA on ``f_a`` (module docstring).

    ``max_states`` caps the number of lumped states (default
    :data:`DEFAULT_FLOAT_MAX_STATES`), checked before anything is built; ``progress`` hears
    ``("estimate", states, max_states)`` once and ``("levels", solved, states)`` after each
    level.  ``prune`` is the probability below which a subtree of mutation patterns is cut (its
    mass enters the bound; default :data:`PRUNE`, :data:`PRUNE_LARGE` beyond
    :data:`PRUNE_STATES` states).
    ``_planted`` is for tests only: ``"rate"`` (mutation rate
    ``1/(n+1)``), ``"self-loop"`` (the self-loop lost: ``E(s) = 1 + sum_{t != s} P(s, t) E(t)``)
    or ``"lumping"`` (the multisets ``{2}`` and ``{1, 1}`` take each other's values); each must
    make the cross-checks fail.
    """
    t0 = time.perf_counter()
    a = tuple(validate_target(a))
    if not any(a):
        raise ValueError("target a must be non-zero")
    if prune is None:
        prune = PRUNE if ea_pm1_state_count(a) <= PRUNE_STATES else PRUNE_LARGE
    if not (isinstance(prune, float) and 0 < prune <= 1e-12):
        raise ValueError(f"prune must be a float in (0, 1e-12], got {prune!r}")
    cap = DEFAULT_FLOAT_MAX_STATES if max_states is None else max_states
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ValueError(f"max_states must be a positive int, got {max_states!r}")
    n = len(a)
    total = sum(abs(x) for x in a)
    states = ea_pm1_state_count(a)
    refuse(states, cap, f"ea-pm1 on a = {a} (floating-point solver)", progress)
    pre, count = _rank_tables(n, total)
    pre = _run_table(pre, n, total)  # the rank tables used from here on
    if count != states:  # two independent counts of the same set
        raise AssertionError(f"state counts disagree: {count} != {states}")
    rate_n = n + 1 if _planted == "rate" else n
    tab, tab0, tail = _tables(rate_n, total + 2)
    if rate_n != n:
        tab, tab0, tail = tab[: n + 1], tab0[: n + 1], tail[: n + 1]
    width = total + 2
    vw = np.zeros((states, 2))  # per state: E and the second moment (interleaved: one lookup)
    local = np.zeros(states, dtype=np.int32)
    rho1 = 0.0
    rho2 = 0.0
    delta = 0.0
    solved = 1  # the optimum
    rows: list[tuple[np.ndarray, np.ndarray]] = []
    per_state = 16.0  # same-level entries per state, a first guess for the storage
    for f in range(1, total + 1):
        parts = _partitions(f, n)
        counts = np.zeros((len(parts), width), dtype=np.int64)
        ranks = np.empty(len(parts), dtype=np.int64)
        for i, lam in enumerate(parts):
            for x in lam:
                counts[i, x] += 1
            counts[i, 0] = n - len(lam)
            ranks[i] = _rank(counts[i], width - 1, total, pre)
        local[ranks] = np.arange(len(parts), dtype=np.int32)
        out, _sweeps, used = _level(
            counts, ranks, total, pre, tab, tab0, tail, prune, vw, local, SWEEP_TOL, MAX_SWEEPS,
            _planted == "self-loop", int(per_state * 1.25 * len(parts)) + 1024)
        per_state = max(per_state, used / len(parts))
        vw[ranks, 0] = out[0]
        vw[ranks, 1] = out[1]
        if _planted == "lumping" and f == 2 and len(parts) == 2:
            # planted bug: the multisets {2} and {1, 1} (plus zeros) take each other's values
            vw[ranks[::-1], 0] = out[0]
            vw[ranks[::-1], 1] = out[1]
        # four more classes than present: merging patterns into one leaf or entry
        # (compensated, at most two stages) adds at most 2 (u + gamma^2) < 4u relative
        # (module docstring; two classes' worth of slack besides)
        classes = int(max(1, np.max((counts > 0).sum(axis=1)))) + 4
        eta = np.array([_relative_error(classes, int(k)) for k in out[7]])
        # the cut masses' factors 1 - T: at most 16 u cut(s) off in the diagonal (docstring)
        bound1 = np.abs(out[2]) + eta * out[4] + 4 * UNIT * out[4] + 16 * UNIT * out[6] * out[0]
        rows.append((ranks, np.abs(out[3]) + eta * out[5] + 4 * UNIT * out[5]
                     + 16 * UNIT * out[6] * out[1]))
        rho1 = max(rho1, float(np.max(bound1)))
        delta = max(delta, float(np.max(out[6])) * (1 + 1e-9))
        solved += len(parts)
        if progress is not None:
            progress("levels", solved, states)
    v = vw[:, 0]
    w2 = vw[:, 1]
    vmax = float(np.max(v))
    w2max = float(np.max(w2))
    # theta2: |r2(s)| <= theta2 (2 E(s) - 1), with E(s) >= max(1, v(s) / (1 + rho1)) (module
    # docstring; the factor 1 + 1e-9 covers the few roundings of this line)
    theta2 = 0.0
    for ranks, b2 in rows:
        rho2 = max(rho2, float(np.max(b2)))
        low_e = np.maximum(2.0 * v[ranks] / (1.0 + rho1) - 1.0, 1.0)
        theta2 = max(theta2, float(np.max(b2 / low_e)) * (1 + 1e-9))
    start = start_distances(a)
    cw = np.zeros(width, dtype=np.int64)
    for x in start:
        cw[x] += 1
    s0 = _rank(cw, width - 1, total, pre)
    with mpmath.workprec(80):  # the final few operations, rounded outward by hand
        mp = mpmath.mpf
        v0, m0 = mp(float(v[s0])), mp(float(w2[s0]))
        lo_shrink = 1 + mp(rho1)
        hi_shrink = 1 - mp(rho1) - mp(delta) * mp(vmax)
        if hi_shrink <= 0.5:
            raise ValueError(f"ea-pm1 on a = {a}: the residual bound {rho1:.3g} is too large "
                             "for a result; solve with the exact Fraction solver instead")
        e_lo = v0 / lo_shrink * (1 - mp(2) ** -70)
        e_hi = v0 / hi_shrink * (1 + mp(2) ** -70)
        # E - v = N(r1 + D v) lies in [-rho1 E, (rho1 + delta v_max) E]: |E - v| <= kappa E
        kappa = mp(rho1) + mp(delta) * mp(vmax)
        # M - w = N(r2 + 2(E - v) + D w) with |N 2(E - v)| <= 2 kappa N E = kappa (M + E)
        # (N E = (M + E)/2 since M = N(2E - 1)), |N r2| <= rho2 E, 0 <= N D w <= delta w_max E
        m_lo = (m0 - (mp(rho2) + kappa) * e_hi) / (1 + kappa)
        m_hi = (m0 + (mp(rho2) + kappa + mp(delta) * mp(w2max)) * e_hi) / (1 - kappa)
        # or, with |N r2| <= theta2 N(2E - 1) = theta2 M instead of rho2 E:
        th = mp(theta2)
        if th + kappa < mp(1) / 2:
            m_lo = max(m_lo, (m0 - kappa * e_hi) / (1 + th + kappa))
            m_hi = min(m_hi, (m0 + (kappa + mp(delta) * mp(w2max)) * e_hi) / (1 - th - kappa))
        var_lo = (m_lo - e_hi * e_hi) * (1 - mp(2) ** -70)
        var_hi = (m_hi - e_lo * e_lo) * (1 + mp(2) ** -70)
        result = FloatEnclosure(
            a=a,
            expectation_low=float(mpmath.mpf(e_lo)),
            expectation_high=math.nextafter(float(e_hi), math.inf),
            variance_low=math.nextafter(float(var_lo), -math.inf),
            variance_high=math.nextafter(float(var_hi), math.inf),
            states=states,
            rho=rho1,
            delta=delta,
            method=("binary64 level-by-level Gauss-Seidel on the lumped chain, a-posteriori "
                    "residual bound (Sum2), mutation patterns cut below "
                    f"{prune:g} with the cut mass bounded"),
            seconds=time.perf_counter() - t0,
            max_remaining=math.nextafter(float(mp(vmax) / (1 - kappa)), math.inf),
        )
    if float(mpmath.mpf(e_lo)) > e_lo:  # float() rounded up: step down one ulp
        result = FloatEnclosure(**{**result.__dict__,
                                   "expectation_low": math.nextafter(float(e_lo), -math.inf)})
    return result


#: What the floating-point solver is called in reports.
FLOAT_METHOD = "floating point, a-posteriori residual bound"


def ea_pm1_float_result(
    a: Sequence[int],
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    progress: Progress | None = None,
) -> ExactResult:
    """:func:`ea_pm1_float` as an :class:`~zonemax.exact.ExactResult`: ``expectation`` and
    ``variance`` are the midpoints of the enclosures, ``error_bound`` and ``variance_error``
    their half-widths (exact: the float endpoints are added at 80 bits), ``method`` says what
    ran.  (The variance is always computed; ``with_variance`` only decides whether it is
    reported.)"""
    res = ea_pm1_float(a, max_states=max_states, progress=progress)
    with mpmath.workprec(80):  # float endpoints: sums and halves are exact at 80 bits
        lo, hi = mpmath.mpf(res.expectation_low), mpmath.mpf(res.expectation_high)
        vlo, vhi = mpmath.mpf(res.variance_low), mpmath.mpf(res.variance_high)
        mid, half = (lo + hi) / 2, (hi - lo) / 2
        vmid, vhalf = (vlo + vhi) / 2, (vhi - vlo) / 2
    method = (f"{FLOAT_METHOD} (residual {res.rho:.2g}, cut mass per state <= "
              f"{res.delta:.2g})")
    return ExactResult(mid, half, res.states, "ea-pm1", res.a, (),
                       vmid if with_variance else None, res.max_remaining, method,
                       vhalf if with_variance else None)
