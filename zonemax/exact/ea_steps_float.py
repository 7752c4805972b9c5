r"""Rigorous floating-point ``E[T]`` and ``Var[T]`` of the (1+1) EA with any symmetric step law.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 1 with
the heavy-tailed operator of Definition 2 (every truncation and log base), and the operators
beyond the paper (double-geometric, power law) -- any law given as enclosures of
``P(|step| = m)`` (:data:`zonemax.exact.step_chains.MagnitudeLaw`).  The interval solvers
(:mod:`zonemax.exact.ea_heavy`, :mod:`zonemax.exact.geom`, :mod:`zonemax.exact.power`) run the
whole elimination in ``mpmath`` intervals and stop at ``n = 3``; this solver runs the same lumped
chain in binary64 and proves an error bound afterwards, as :mod:`zonemax.exact.ea_pm1_float`
does for the ±1 operator.

States and levels
-----------------
A state is the multiset of distances: a partition of ``f`` into at most ``n`` parts, for every
``f <= F = |a|_1`` (unreachable ones included: the count is known before the solve,
:func:`ea_steps_state_count`).  A state's index is its level offset plus its rank in
lexicographic order among the partitions of its level, from a table of restricted partition
counts.  ``f`` never increases (Algorithm 1, line 6), so the levels are solved from ``f = 1``
up; inside a level the ties (offspring with the same ``f`` and another multiset) make a linear
system, solved by Gauss--Seidel sweeps with the diagonal formed as the probability of leaving.

Transitions: a DP over positions
--------------------------------
Each position is mutated w.p. ``p = 1/n`` (Algorithm 1, line 4); a mutated position at distance
``k`` moves to ``|k - m|`` or ``k + m``, w.p. ``P(m)/2`` each (``m = 0``: it stays).  An
accepted offspring has ``f(y) <= f``, so every new distance lies in ``0..f``: per position the
law of the new distance is finite (stay at ``k`` -- not mutated, the zero step, the overshoot
``m = 2k`` -- or a value ``j != k`` in ``0..f``); the mass beyond ``f`` is never accepted.
The offspring's lumped state is the multiset of the new distances, so the transitions of a
state are computed position by position, keeping the *partial multiset* of the positions done
so far with its probability and merging equal ones (a partial multiset is itself a state: it is
indexed by the same ranks, and "add the value ``j``" is a precomputed table).  A partial
multiset whose sum plus the least sum the remaining positions can reach exceeds ``f`` is
dropped (rejected: a self-loop; the diagonal is the probability of leaving, so rejected mass
never has to be listed); one whose probability is below ``prune`` is *cut*: its probability
(that of every completion) is added to the cut mass ``delta(s)``.

Why the result is rigorous
--------------------------
Let ``K`` be the exact kernel and ``K = Q + D`` with ``D`` the cut mass (row sums
``delta(s)``), ``N = (I - K)^{-1}`` on the transient states, ``E = N 1``.  For the float solution
``v >= 0`` and the residual ``r = 1 + Q v - v`` against the *exact* ``Q``,
``E - v = N (r + D v)``; with ``rho >= max |r|`` and ``delta >= max_s delta(s)``:

    ``v/(1 + rho) <= E <= v/(1 - rho - delta v_max)``,

and the second moment ``M = N(2E - 1)`` likewise (the formulas of
:mod:`zonemax.exact.ea_pm1_float`).  ``r`` is bounded from the computed residual ``r'`` (with
the float kernel ``Q'``; compensated sums, Ogita, Rump, Oishi 2005, Sum2, with a proved bound
on their rounding) plus ``|r - r'|``.  Both kernels' rows sum to 1 with the self-loop formed as
the rest, so ``r - r' = sum_{t != s} (Q - Q')(s, t) (v(t) - v(s)) - (delta - delta')(s) v(s)``:
the error of a transition probability is weighted by how much its target's value differs from
the state's own, which keeps the bound near the true sensitivity.

The step probabilities are intervals (``c_eps`` of Definition 2 is enclosed, the power law's
``zeta(beta)`` too); each per-position probability ``q_j`` is replaced by its float midpoint
``q'_j`` with ``|q_j - q'_j| <= eps_j q'_j``.  Through the DP a bound ``A >= |P - P'|`` travels
with each partial multiset: ``P(t) = sum P(e) q_j`` gives ``|P(t) - P'(t)| <= sum q'_j ((1 +
2 eps_j) A(e) + eps_j P'(e))`` (exact products of the float ``q'``); the DP's own rounding is a
relative ``gamma`` per position (each value is a sum of products rounded once).  The sums
``sum_t A(t) |v(t) - v(s)|`` over lower-level targets are kept per side of a pivot near
``v(s)`` (``sum A``, ``sum A v``, the extreme ``v``), which bounds them for the ``v(s)`` found
later, exactly when ``v(s)`` falls between the sides.  Underflow cannot occur: every kept
probability is ``>= prune``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
import numba
import numpy as np
import scipy.sparse
from mpmath.ctx_iv import MPIntervalContext

from zonemax.exact.ea_pm1_float import _gauss_seidel  # the same level solve
from zonemax.exact.heavy_law import DEFAULT_HEAVY_DPS, HeavyLaw, check_dps, check_heavy_params
from zonemax.exact.law import DEFAULT_MAX_STEPS, DEFAULT_TAIL, LawOfT, law_from_kernel
from zonemax.exact.limits import refuse, sorted_tuples_upto, start_distances
from zonemax.exact.result import ExactResult, InstanceTooLarge
from zonemax.exact.step_chains import MagnitudeLaw
from zonemax.reference.fitness import validate_target
from zonemax.reference.spec import AlgorithmSpec

#: A partial multiset with probability below this is cut (its mass bounded, module
#: docstring).  Chosen as in :mod:`zonemax.exact.ea_pm1_float` (``PRUNE``): the cut mass
#: enters the bound as ``delta v_max``.
PRUNE = 1e-18
#: Unit roundoff of binary64.
UNIT = 2.0**-53
#: Gauss--Seidel sweeps per level stop when no value changes by more than this (relative).
SWEEP_TOL = 1e-16
#: At most this many sweeps per level (the residual bound judges the outcome in any case).
MAX_SWEEPS = 10_000
#: Default cap on the number of lumped states.  ``n = 10``, ``|a|_1 = 30`` has 20,545 (the
#: sizes of ``benchmarks/exact_scale_steps.py``); the cap leaves room for a few times more.
DEFAULT_STEPS_MAX_STATES = 100_000
#: Bits of the ``mpmath`` arithmetic that rounds the step law's enclosures to floats: more than
#: the interval arithmetic's (``dps = 50`` is 170 bits), so the endpoints convert exactly.
FINE_PREC = 512
#: The law of ``T`` (:func:`ea_steps_law`) stores the whole float kernel and pushes the
#: distribution through it once per iteration: at most this many stored transitions (about
#: 12 bytes each; a = 3^10 with the heavy-tailed law has 1.6e8, built in 5 minutes) ...
MAX_KERNEL_ENTRIES = 20_000_000
#: ... and at most this many transition-times-step products (a = 3^10 took 0.44 s per step,
#: 2.7 ns per entry, on the development machine: 3e10 is about a minute and a half).
MAX_LAW_WORK = 3 * 10**10
#: The families this solver handles (Algorithm 1 with a step law).
STEP_ALGORITHMS = ("ea-pm1", "ea-heavy", "ea-geom", "ea-power")

#: ``progress(stage, done, total)`` as in :data:`zonemax.exact.linalg.ExactProgress`.
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class StepsEnclosure:
    """Rigorous enclosures of ``E[T]`` and ``Var[T]`` from :func:`ea_steps_float`.

    ``expectation_low <= E[T] <= expectation_high``, likewise for the variance; ``rho`` is the
    residual bound (rounding and the step law's enclosure included), ``delta`` the largest cut
    mass per state (rounded up by its law error), ``law_error`` the largest relative error of a
    per-position step probability (from the step law's enclosure), ``states`` the lumped
    states solved, ``method`` what ran, ``seconds`` the wall time and ``max_remaining`` an
    upper bound on the expected remaining time from any state.
    """

    a: tuple[int, ...]
    expectation_low: float
    expectation_high: float
    variance_low: float
    variance_high: float
    states: int
    rho: float
    delta: float
    law_error: float
    method: str
    seconds: float
    max_remaining: float

    @property
    def relative_width(self) -> float:
        """``(high - low) / low`` of the enclosure of ``E[T]``."""
        return (self.expectation_high - self.expectation_low) / self.expectation_low


def ea_steps_state_count(n: int, total: int) -> int:
    """The number of lumped states: partitions of ``f <= total`` into at most ``n`` parts."""
    return sorted_tuples_upto(n, total)


# --------------------------------------------------------------------------------------------
# ranking of partitions


def _partition_tables(n: int, total: int) -> tuple[np.ndarray, np.ndarray]:
    """``cum[s, p, j] = sum_{v < j} P3(s - v, p, v)`` with ``P3(s, p, j)`` the partitions of
    ``s`` into at most ``p`` parts, each ``<= j``; and the level sizes ``P3(f, n, f)``."""
    p3 = np.zeros((total + 1, n + 1, total + 2), dtype=np.int64)
    p3[0, :, :] = 1
    for s in range(1, total + 1):
        for p in range(1, n + 1):
            for j in range(1, total + 2):
                p3[s, p, j] = p3[s, p, j - 1] + (p3[s - j, p - 1, j] if j <= s else 0)
    cum = np.zeros((total + 1, n + 1, total + 2), dtype=np.int64)
    for s in range(total + 1):
        for p in range(n + 1):
            for j in range(1, total + 2):
                v = j - 1
                cum[s, p, j] = cum[s, p, j - 1] + (p3[s - v, p, v] if v <= s else 0)
    sizes = np.array([p3[f, n, f] for f in range(total + 1)], dtype=np.int64)
    return cum, sizes


@numba.njit(cache=True)
def _rank(cw: np.ndarray, top: int, n: int, cum: np.ndarray) -> int:
    """Rank (lexicographic, increasing) of the partition with counts ``cw`` (parts
    ``<= top``, zeros ignored) among the partitions of its sum into at most ``n`` parts."""
    s = 0
    for k in range(1, top + 1):
        s += k * cw[k]
    r = 0
    i = 0
    for k in range(top, 0, -1):
        for _ in range(cw[k]):
            r += cum[s, n - i - 1, k]
            s -= k
            i += 1
    return r


def _level_partitions(f: int, n: int) -> list[list[int]]:
    """The partitions of ``f`` into at most ``n`` parts in increasing lexicographic order
    (non-increasing lists), i.e. in the order of :func:`_rank`."""
    out: list[list[int]] = []

    def rec(rest: int, largest: int, prefix: list[int]) -> None:
        if rest == 0:
            out.append(list(prefix))
            return
        if len(prefix) == n:
            return
        for v in range(1, min(rest, largest) + 1):
            prefix.append(v)
            rec(rest - v, v, prefix)
            prefix.pop()

    rec(f, f, [])
    return out


# --------------------------------------------------------------------------------------------
# per-position laws of one level, as floats with error bounds


def _float_error(value: Any) -> tuple[float, float]:
    """The float nearest to ``value`` (a ``Fraction``, or the midpoint of an ``mpmath``
    interval) and an upper bound on its distance to every point of the enclosure."""
    if isinstance(value, Fraction | int):
        x = float(value)
        return x, _round_up(abs(Fraction(x) - Fraction(value)))
    with mpmath.workprec(FINE_PREC):  # the endpoints exactly (no rounding on conversion)
        low, high = mpmath.mpf(value.a), mpmath.mpf(value.b)
        x = float((low + high) / 2)
        err = max(high - mpmath.mpf(x), mpmath.mpf(x) - low)
        e = float(err)
        if mpmath.mpf(e) < err:  # rounded down: one ulp up
            e = math.nextafter(e, math.inf)
    return x, e


def _position_law(k: int, f: int, n: int, mags: list[tuple[int, Any]], one: Any,
                  planted: str | None) -> tuple[Any, dict[int, Any]]:
    """``(P(stay at k), {j: P(new distance j)})`` of one position at distance ``k`` in level
    ``f``, for the values ``j != k`` in ``0..f`` (module docstring)."""
    p = one / (n + 1 if planted == "rate" else n)  # Algorithm 1, line 4
    stay = 1 - p if n > 1 else one * 0
    moves: dict[int, Any] = {}

    def add(j: int, prob: Any) -> None:
        if j > f:
            return  # beyond f: never accepted (line 6)
        moves[j] = moves[j] + prob if j in moves else prob

    for m, pm in mags:
        if m == 0:
            stay = stay + p * pm  # mutated by the zero step
            continue
        half = p * pm / 2  # Definition 2: sign + or - with probability 1/2
        towards = abs(k - m)
        # planted bug "overshoot": half of the probability of an overshooting step lost
        half_towards = half / 2 if planted == "overshoot" and m > k else half
        if towards == k:
            stay = stay + half_towards  # m = 2k: lands at distance k on the other side
        else:
            add(towards, half_towards)
        add(k + m, half)  # away from a_i
    return stay, moves


@dataclass(frozen=True)
class _LevelTables:
    outv: np.ndarray  # [k, j]: the new distances of a position at k (stay included), increasing
    outq: np.ndarray  # [k, j]: their float probabilities q'
    oute: np.ndarray  # [k, j]: relative error bounds of q' against the step law's enclosure
    nout: np.ndarray  # [k]
    minout: np.ndarray  # [k]: the least new distance


def _round_up(x: Fraction) -> float:
    y = float(x)
    return y if Fraction(y) >= x else math.nextafter(y, math.inf)


def _relative(x: float, err: float) -> float:
    """``err / x`` rounded up: the relative error bound of a float probability ``x`` whose
    distance to the exact one is at most ``err`` (0 when ``err`` is 0)."""
    if err == 0.0:
        return 0.0
    if x <= 0.0:
        raise ValueError("a step probability's enclosure contains 0 but its float is 0; "
                         "raise the interval precision (dps)")
    return _round_up(Fraction(err) / Fraction(x))


class _PositionLaws:
    """The per-position laws (module docstring, "Transitions"), as floats with relative error
    bounds, computed once per distance ``k``: a step ``m`` can only produce a new distance
    ``<= f`` if ``m <= 2 f``, so the law of level ``f`` is the law with every magnitude up to
    ``2 F`` restricted to the values ``<= f``."""

    def __init__(self, n: int, total: int, law: MagnitudeLaw, one: Any, planted: str | None
                 ) -> None:
        self.n, self.total, self.one, self.planted = n, total, one, planted
        self.mags = law(2 * total)  # a step longer than 2 F is never accepted
        self._cache: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def _of(self, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if k not in self._cache:
            stay, moves = _position_law(k, self.total, self.n, self.mags, self.one,
                                        self.planted)
            vals, qs, es = [], [], []
            for value, prob in sorted([*moves.items(), (k, stay)]):
                x, e = _float_error(prob)
                if x == 0.0 and e == 0.0:
                    continue  # impossible (n = 1 has no "not mutated")
                vals.append(value)
                qs.append(x)
                es.append(_relative(x, e))
            self._cache[k] = (np.array(vals, dtype=np.int64), np.array(qs), np.array(es))
        return self._cache[k]

    def tables(self, f: int) -> _LevelTables:
        """The tables of level ``f``."""
        width = f + 2
        outv = np.zeros((f + 1, width), dtype=np.int64)
        outq = np.zeros((f + 1, width))
        oute = np.zeros((f + 1, width))
        nout = np.zeros(f + 1, dtype=np.int64)
        minout = np.zeros(f + 1, dtype=np.int64)
        for k in range(f + 1):
            vals, qs, es = self._of(k)
            j = int(np.searchsorted(vals, f, side="right"))  # the values <= f
            outv[k, :j] = vals[:j]
            outq[k, :j] = qs[:j]
            oute[k, :j] = es[:j]
            nout[k] = j
            minout[k] = vals[0] if j else k
        return _LevelTables(outv, outq, oute, nout, minout)


# --------------------------------------------------------------------------------------------
# the transition DP and the level solve (compiled)


@numba.njit(cache=True, inline="always")
def _add(acc: np.ndarray, j: int, x: float) -> None:
    s = acc[j] + x  # TwoSum(acc[j], x): Sum2 of Ogita, Rump and Oishi (2005)
    z = s - acc[j]
    acc[j + 1] += (acc[j] - (s - z)) + (x - z)
    acc[j] = s


@numba.njit(cache=True)
def _gamma(k: int) -> float:
    """``gamma_k = k u / (1 - k u)``: the relative error of a recursive sum of ``k + 1``
    non-negative terms."""
    return k * 2.0**-53 / (1.0 - k * 2.0**-53)


@numba.njit(cache=True)
def _add_table(counts: np.ndarray, levels: np.ndarray, total: int, n: int,
               cum: np.ndarray, offset: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``tab[start[s] + j]``: the index of the multiset ``s + {j}`` (``j = 0 .. F - f(s)``;
    a zero adds no part), for the transition DP."""
    size = counts.shape[0]
    start = np.zeros(size + 1, dtype=np.int64)
    for s in range(size):
        start[s + 1] = start[s] + total - levels[s] + 1
    tab = np.empty(start[size], dtype=np.int32)
    cw = np.zeros(total + 1, dtype=np.int64)
    for s in range(size):
        cw[:] = counts[s]
        for j in range(total - levels[s] + 1):
            if j == 0:
                tab[start[s]] = s
                continue
            cw[j] += 1
            tab[start[s] + j] = offset[levels[s] + j] + _rank(cw, total, n, cum)
            cw[j] -= 1
    return tab, start


@numba.njit(cache=True)
def _transitions(ks: np.ndarray, cs: np.ndarray, m: int, f: int, self_idx: int,
                 outv: np.ndarray, outq: np.ndarray, oute: np.ndarray, nout: np.ndarray,
                 minout: np.ndarray, tab: np.ndarray, tstart: np.ndarray, levels: np.ndarray,
                 prune: float, cur_p: np.ndarray, cur_r: np.ndarray, nxt_p: np.ndarray,
                 nxt_r: np.ndarray, cur_list: np.ndarray, nxt_list: np.ndarray,
                 res_idx: np.ndarray, res_p: np.ndarray, res_r: np.ndarray,
                 info: np.ndarray) -> int:
    """The accepted transitions of one state (classes ``ks[i]`` with ``cs[i]`` positions),
    position by position, merging equal partial multisets (module docstring).  Writes the
    targets ``t != s`` with their float probabilities ``P'`` and bounds ``A >= |P - P'|`` over
    the step law's enclosure to ``res_*`` and returns their number (or minus the number needed
    when the buffers are too short); ``info`` = cut mass, its ``A``, the relative rounding error
    of every computed probability and ``A``.

    ``A`` propagates exactly to first order: ``P(t) = sum P(e) q_j`` with
    ``|q_j - q'_j| <= eps_j q'_j`` gives ``|P(t) - P'(t)| <= sum q'_j ((1 + 2 eps_j) A(e) +
    eps_j P'(e))``."""
    positions = 0
    for i in range(m):
        positions += cs[i]
    # least sum the positions after stage p can reach
    later = np.zeros(positions + 1, dtype=np.int64)
    kind = np.empty(positions, dtype=np.int64)
    p = 0
    for i in range(m):
        for _ in range(cs[i]):
            kind[p] = ks[i]
            p += 1
    for p in range(positions - 1, -1, -1):
        later[p] = later[p + 1] + minout[kind[p]]
    n_cur = 1
    cur_list[0] = 0  # the empty multiset (index 0, sum 0)
    cur_p[0] = 1.0
    cur_r[0] = 0.0
    cut = 0.0
    cut_comp = 0.0
    cut_a = 0.0
    rounding = 0.0
    for p in range(positions):
        k = kind[p]
        n_nxt = 0
        terms = 0
        for e in range(n_cur):
            idx = cur_list[e]
            prob = cur_p[idx]
            rel = cur_r[idx]
            cur_p[idx] = 0.0
            if prob < prune:  # cut: this partial multiset's whole probability is bounded
                s2 = cut + prob
                z = s2 - cut
                cut_comp += (cut - (s2 - z)) + (prob - z)
                cut = s2
                cut_a += rel
                continue
            base = levels[idx]
            for j in range(nout[k]):
                value = outv[k, j]
                if base + value + later[p + 1] > f:
                    break  # rejected whatever follows (line 6); the values increase
                t = tab[tstart[idx] + value]
                q = prob * outq[k, j]
                r2 = outq[k, j] * ((1.0 + 2.0 * oute[k, j]) * rel + oute[k, j] * prob)
                if nxt_p[t] == 0.0:
                    if n_nxt == nxt_list.shape[0]:
                        return -2 * nxt_list.shape[0]
                    nxt_list[n_nxt] = t
                    n_nxt += 1
                    nxt_p[t] = q
                    nxt_r[t] = r2
                else:
                    nxt_p[t] += q
                    nxt_r[t] += r2
                terms += 1
        # each new value: products rounded once (A: three times), a recursive sum of at most
        # `terms` terms
        step = 3.0 * 2.0**-53 + _gamma(terms)
        rounding = rounding + step + rounding * step
        cur_p, nxt_p = nxt_p, cur_p
        cur_r, nxt_r = nxt_r, cur_r
        cur_list, nxt_list = nxt_list, cur_list
        n_cur = n_nxt
    count = 0
    for e in range(n_cur):
        idx = cur_list[e]
        prob = cur_p[idx]
        cur_p[idx] = 0.0
        if idx == self_idx:
            continue  # the same multiset: part of the self-loop
        if count == res_idx.shape[0]:
            for e2 in range(e + 1, n_cur):
                cur_p[cur_list[e2]] = 0.0
            return -2 * res_idx.shape[0]
        res_idx[count] = idx
        res_p[count] = prob
        res_r[count] = cur_r[idx]
        count += 1
    info[0] = cut + cut_comp
    info[1] = cut_a
    info[2] = rounding * 1.01
    return count


#: Rows of the array :func:`_level` returns (per state).
_ROWS = 10


@numba.njit(cache=True)
def _spread(x: float, st: np.ndarray, row: int, s: int, terms: int) -> float:
    """An upper bound on ``sum_t B_t |v_t - x|`` over the lower-level targets, from the sums
    kept per side of a pivot (rows ``row .. row + 5`` of ``st``: below the pivot ``sum B``,
    ``sum B v``, ``max v``; above it ``sum B``, ``sum B v``, ``min v``).  Uses
    ``sum B |v - x| = sum B (x - v) + 2 sum_{v > x} B (v - x)`` below the pivot (and its mirror
    above): exact when ``x`` lies between the two sides, the rounding of the differences
    added (the sums were accumulated from at most ``terms`` terms: ``gamma_terms``)."""
    slack = _gamma(terms) + 4.0 * 2.0**-53
    sb_lo, sbv_lo, max_lo = st[row, s], st[row + 1, s], st[row + 2, s]
    sb_hi, sbv_hi, min_hi = st[row + 3, s], st[row + 4, s], st[row + 5, s]
    out = 0.0
    if sb_lo > 0.0:
        out += (x * sb_lo - sbv_lo) + 2.0 * max(0.0, max_lo - x) * sb_lo
        out += slack * (x * sb_lo + sbv_lo)
    if sb_hi > 0.0:
        out += (sbv_hi - x * sb_hi) + 2.0 * max(0.0, x - min_hi) * sb_hi
        out += slack * (x * sb_hi + sbv_hi)
    return max(out, 0.0) * (1.0 + 1e-9)


@numba.njit(cache=True, nogil=True)  # the GIL: as ea_pm1_float._level
def _level(counts: np.ndarray, f: int, lo: int, outv: np.ndarray, outq: np.ndarray,
           oute: np.ndarray, nout: np.ndarray, minout: np.ndarray, tab: np.ndarray,
           tstart: np.ndarray, levels: np.ndarray, prune: float, v: np.ndarray,
           w2: np.ndarray, sweep_tol: float, max_sweeps: int) -> np.ndarray:
    """Build, solve and bound one level (its states ``lo .. lo + size - 1`` in rank order,
    ``counts[s, k]`` the positions at distance ``k``); writes the level's values into ``v``,
    ``w2``.  Returns the rows ``x1, x2, r1, r2, scale1, scale2, terms, law1, law2, cut_high``
    per state (solution, computed residuals, the sizes their rounding bounds scale with,
    summands, the error terms ``sum_t |P - P'| |v(t) - v(s)|`` of the two residuals from the
    step law's enclosure and the DP's rounding, the cut mass rounded up).  Targets in lower
    levels are summed at once (their values are final); only the same level's are kept."""
    size = counts.shape[0]
    states = v.shape[0]
    cur_p = np.zeros(states)
    cur_r = np.zeros(states)
    nxt_p = np.zeros(states)
    nxt_r = np.zeros(states)
    buf = 1024
    cur_list = np.empty(buf, dtype=np.int64)
    nxt_list = np.empty(buf, dtype=np.int64)
    res_idx = np.empty(buf, dtype=np.int64)
    res_p = np.empty(buf)
    res_r = np.empty(buf)
    info = np.zeros(3)
    ks = np.empty(f + 2, dtype=np.int64)
    cs = np.empty(f + 2, dtype=np.int64)
    cap = 1024
    same_idx = np.empty(cap, dtype=np.int64)
    same_p = np.empty(cap)
    same_b = np.empty(cap)
    start = np.zeros(size + 1, dtype=np.int64)
    lower1 = np.zeros(size)
    lower2 = np.zeros(size)
    diag = np.zeros(size)
    cut = np.zeros(size)
    g_cut = np.zeros(size)
    nterms = np.zeros(size, dtype=np.int64)
    # per state, over its lower-level targets, for v and for w2 (:func:`_spread`)
    low_stats = np.zeros((12, size))
    acc = np.zeros(8)
    used = 0
    for s in range(size):
        m = 0
        for k in range(f, -1, -1):
            if counts[s, k] > 0:
                ks[m] = k
                cs[m] = counts[s, k]
                m += 1
        while True:
            got = _transitions(ks, cs, m, f, lo + s, outv, outq, oute, nout, minout, tab,
                               tstart, levels, prune, cur_p, cur_r, nxt_p, nxt_r, cur_list,
                               nxt_list, res_idx, res_p, res_r, info)
            if got >= 0:
                break
            cur_p[:] = 0.0  # a buffer was too short: start this state again with longer ones
            nxt_p[:] = 0.0
            buf = -got
            cur_list = np.empty(buf, dtype=np.int64)
            nxt_list = np.empty(buf, dtype=np.int64)
            res_idx = np.empty(buf, dtype=np.int64)
            res_p = np.empty(buf)
            res_r = np.empty(buf)
        rnd = info[2]
        cut[s] = info[0]
        # |P - P'| <= A (1 + 3 rnd) + rnd (1 + 2 rnd) P': the law's enclosure, the rounding
        g_cut[s] = info[1] * (1.0 + 3.0 * rnd) + rnd * (1.0 + 2.0 * rnd) * info[0]
        nterms[s] = got + 2
        while used + got > cap:
            cap *= 2
            new_idx = np.empty(cap, dtype=np.int64)
            new_p = np.empty(cap)
            new_b = np.empty(cap)
            new_idx[:used] = same_idx[:used]
            new_p[:used] = same_p[:used]
            new_b[:used] = same_b[:used]
            same_idx = new_idx
            same_p = new_p
            same_b = new_b
        acc[:] = 0.0
        down = 0.0
        for e in range(got):
            t = res_idx[e]
            prob = res_p[e]
            _add(acc, 4, prob)
            if t < lo:  # a lower level: its values are final
                _add(acc, 0, prob * v[t])
                _add(acc, 2, prob * w2[t])
                down += prob
            else:
                same_idx[used] = t - lo
                same_p[used] = prob
                same_b[used] = res_r[e] * (1.0 + 3.0 * rnd) + rnd * (1.0 + 2.0 * rnd) * prob
                used += 1
        start[s + 1] = used
        lower1[s] = acc[0] + acc[1]
        lower2[s] = acc[2] + acc[3]
        diag[s] = (acc[4] + acc[5]) + cut[s]  # leave + cut: 1 - Q(s, s)
        # pivots near v(s) and w2(s) (the same level's moves taken as self-loops)
        piv1 = (1.0 + lower1[s]) / (down + cut[s]) if down + cut[s] > 0.0 else 0.0
        piv2 = (2.0 * piv1 - 1.0 + lower2[s]) / (down + cut[s]) if down + cut[s] > 0.0 else 0.0
        for row in (0, 6):
            low_stats[row + 2, s] = -np.inf
            low_stats[row + 5, s] = np.inf
        for e in range(got):
            t = res_idx[e]
            if t >= lo:
                continue
            b = res_r[e] * (1.0 + 3.0 * rnd) + rnd * (1.0 + 2.0 * rnd) * res_p[e]
            for row, val, piv in ((0, v[t], piv1), (6, w2[t], piv2)):
                side = row if val <= piv else row + 3
                low_stats[side, s] += b
                low_stats[side + 1, s] += b * val
                if val <= piv:
                    low_stats[side + 2, s] = max(low_stats[side + 2, s], val)
                else:
                    low_stats[side + 2, s] = min(low_stats[side + 2, s], val)
    b1 = np.empty(size)
    for s in range(size):
        b1[s] = 1.0 + lower1[s]
    x1 = np.empty(size)
    _gauss_seidel(x1, b1, diag, start, same_idx, same_p, sweep_tol, max_sweeps)
    b2 = np.empty(size)
    for s in range(size):
        b2[s] = 2.0 * x1[s] - 1.0 + lower2[s]
    x2 = np.empty(size)
    _gauss_seidel(x2, b2, diag, start, same_idx, same_p, sweep_tol, max_sweeps)
    for s in range(size):
        v[lo + s] = x1[s]
        w2[lo + s] = x2[s]
    out = np.empty((_ROWS, size))
    racc = np.zeros(8)
    for s in range(size):
        racc[:] = 0.0
        # the lower levels' part of sum_t B_t |v(t) - v(s)|
        law1 = _spread(x1[s], low_stats, 0, s, nterms[s])
        law2 = _spread(x2[s], low_stats, 6, s, nterms[s])
        for e in range(start[s], start[s + 1]):
            t = same_idx[e]
            _add(racc, 0, same_p[e] * x1[t])
            _add(racc, 2, same_p[e] * x2[t])
            law1 += same_b[e] * abs(x1[t] - x1[s])
            law2 += same_b[e] * abs(x2[t] - x2[s])
        law1 += g_cut[s] * x1[s]
        law2 += g_cut[s] * x2[s]
        same1 = racc[0] + racc[1]
        same2 = racc[2] + racc[3]
        racc[4:8] = 0.0
        _add(racc, 4, 1.0)  # r1 = 1 + lower1 + same1 - diag x1
        _add(racc, 4, lower1[s])
        _add(racc, 4, same1)
        _add(racc, 4, -(diag[s] * x1[s]))
        _add(racc, 6, 2.0 * x1[s] - 1.0)  # r2 = 2 x1 - 1 + lower2 + same2 - diag x2
        _add(racc, 6, lower2[s])
        _add(racc, 6, same2)
        _add(racc, 6, -(diag[s] * x2[s]))
        out[0, s] = x1[s]
        out[1, s] = x2[s]
        out[2, s] = racc[4] + racc[5]
        out[3, s] = racc[6] + racc[7]
        out[4, s] = 1.0 + lower1[s] + same1 + diag[s] * x1[s]
        out[5, s] = 2.0 * x1[s] + lower2[s] + same2 + diag[s] * x2[s]
        out[6, s] = nterms[s]
        out[7, s] = law1
        out[8, s] = law2
        out[9, s] = cut[s] + g_cut[s]
    return out


@numba.njit(cache=True, nogil=True)  # the GIL: as ea_pm1_float._level
def _kernel_level(counts: np.ndarray, f: int, lo: int, outv: np.ndarray, outq: np.ndarray,
                  oute: np.ndarray, nout: np.ndarray, minout: np.ndarray, tab: np.ndarray,
                  tstart: np.ndarray, levels: np.ndarray, prune: float, states: int
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The float kernel rows of one level for the law of ``T``: ``(start, idx, prob, error)``
    with the targets ``t != s`` (the optimum included) and per row a bound on the l1 distance
    between the exact row (self-loop included) and the float one (self-loop ``1 - sum``):
    ``2 (sum |P - P'| + cut mass) + rounding``."""
    size = counts.shape[0]
    cur_p = np.zeros(states)
    cur_r = np.zeros(states)
    nxt_p = np.zeros(states)
    nxt_r = np.zeros(states)
    buf = 1024
    cur_list = np.empty(buf, dtype=np.int64)
    nxt_list = np.empty(buf, dtype=np.int64)
    res_idx = np.empty(buf, dtype=np.int64)
    res_p = np.empty(buf)
    res_r = np.empty(buf)
    info = np.zeros(3)
    ks = np.empty(f + 2, dtype=np.int64)
    cs = np.empty(f + 2, dtype=np.int64)
    cap = 1024
    all_idx = np.empty(cap, dtype=np.int64)
    all_p = np.empty(cap)
    start = np.zeros(size + 1, dtype=np.int64)
    error = np.zeros(size)
    used = 0
    for s in range(size):
        m = 0
        for k in range(f, -1, -1):
            if counts[s, k] > 0:
                ks[m] = k
                cs[m] = counts[s, k]
                m += 1
        while True:
            got = _transitions(ks, cs, m, f, lo + s, outv, outq, oute, nout, minout, tab,
                               tstart, levels, prune, cur_p, cur_r, nxt_p, nxt_r, cur_list,
                               nxt_list, res_idx, res_p, res_r, info)
            if got >= 0:
                break
            cur_p[:] = 0.0
            nxt_p[:] = 0.0
            buf = -got
            cur_list = np.empty(buf, dtype=np.int64)
            nxt_list = np.empty(buf, dtype=np.int64)
            res_idx = np.empty(buf, dtype=np.int64)
            res_p = np.empty(buf)
            res_r = np.empty(buf)
        rnd = info[2]
        law = info[0] + info[1] * (1.0 + 3.0 * rnd) + rnd * (1.0 + 2.0 * rnd) * info[0]
        for e in range(got):
            law += res_r[e] * (1.0 + 3.0 * rnd) + rnd * (1.0 + 2.0 * rnd) * res_p[e]
        # the self-loop 1 - sum is formed in floats: a recursive sum of got + 1 terms
        error[s] = (2.0 * law + _gamma(got + 2)) * (1.0 + 1e-9)
        while used + got > cap:
            cap *= 2
            new_idx = np.empty(cap, dtype=np.int64)
            new_p = np.empty(cap)
            new_idx[:used] = all_idx[:used]
            new_p[:used] = all_p[:used]
            all_idx = new_idx
            all_p = new_p
        all_idx[used:used + got] = res_idx[:got]
        all_p[used:used + got] = res_p[:got]
        used += got
        start[s + 1] = used
    return start, all_idx[:used].copy(), all_p[:used].copy(), error


def _relative_error(terms: int) -> float:
    """A bound on the relative rounding error of a computed sum of ``terms`` products of a
    float probability and a value (module docstring): one rounding per product, Sum2's
    ``u + gamma^2``; doubled."""
    g = (terms + 1) * UNIT / (1 - (terms + 1) * UNIT)
    return 2.0 * (2 * UNIT + UNIT + g * g) * (1 + 1e-6)


# --------------------------------------------------------------------------------------------
# the solver


def ea_steps_float(
    a: Sequence[int],
    law: MagnitudeLaw,
    one: Any,
    *,
    max_states: int | None = None,
    progress: Progress | None = None,
    prune: float = PRUNE,
    name: str = "ea-steps",
    _planted: str | None = None,
) -> StepsEnclosure:
    """Rigorous enclosures of ``E[T]`` and ``Var[T]`` of the (1+1) EA with the step law ``law``
    on ``f_a`` (module docstring).

    ``law(limit)`` lists ``(m, P(|step| = m))`` for the magnitudes ``0 <= m <= limit``
    (``Fraction`` or ``mpmath`` intervals, :data:`zonemax.exact.step_chains.MagnitudeLaw`);
    ``one`` is the 1 of its arithmetic.  ``max_states`` caps the lumped states (default
    :data:`DEFAULT_STEPS_MAX_STATES`), checked before anything is built; ``progress`` hears
    ``("estimate", states, max_states)`` once and ``("levels", solved, states)`` after each
    level.  ``prune``: partial multisets below it are cut (their mass is bounded).
    ``_planted`` is for tests only: ``"rate"`` (mutation rate ``1/(n+1)``) or ``"overshoot"``
    (half of the probability of an overshooting step towards ``a_i`` lost); each must make the
    cross-checks fail.
    """
    t0 = time.perf_counter()
    a = tuple(validate_target(a))
    if not any(a):
        raise ValueError("target a must be non-zero")
    if not (isinstance(prune, float) and 0 < prune <= 1e-12):
        raise ValueError(f"prune must be a float in (0, 1e-12], got {prune!r}")
    cap = DEFAULT_STEPS_MAX_STATES if max_states is None else max_states
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ValueError(f"max_states must be a positive int, got {max_states!r}")
    if _planted not in (None, "rate", "overshoot"):
        raise ValueError(f"unknown planted bug {_planted!r}")
    n = len(a)
    total = sum(abs(x) for x in a)
    states = ea_steps_state_count(n, total)
    refuse(states, cap, f"{name} on a = {a} (floating-point solver)", progress)
    setup = _setup(n, total, states)
    laws = _PositionLaws(n, total, law, one, _planted)
    cum, offset, levels, tab, tstart = (setup.cum, setup.offset, setup.levels, setup.tab,
                                        setup.tstart)
    v = np.zeros(states)
    w2 = np.zeros(states)
    rho1 = 0.0
    rho2 = 0.0
    delta = 0.0
    law_error = 0.0
    solved = 1  # the optimum
    for f in range(1, total + 1):
        tables = laws.tables(f)
        counts = setup.level_counts[f]
        out = _level(counts, f, int(offset[f]), tables.outv, tables.outq, tables.oute,
                     tables.nout, tables.minout, tab, tstart, levels, prune, v, w2, SWEEP_TOL,
                     MAX_SWEEPS)
        eta = np.array([_relative_error(int(t)) for t in out[6]])
        # |r| <= |r'| + its rounding + sum |P - P'| |v(t) - v(s)| (the step law's enclosure
        # and the DP's rounding)
        grow = 1 + 2 * eta + 1e-9
        rho1 = max(rho1, float(np.max(np.abs(out[2]) + (eta + 4 * UNIT) * out[4]
                                      + out[7] * grow)))
        rho2 = max(rho2, float(np.max(np.abs(out[3]) + (eta + 4 * UNIT) * out[5]
                                      + out[8] * grow)))
        delta = max(delta, float(np.max(out[9] * grow)))
        law_error = max(law_error, float(np.max(tables.oute)))
        solved += len(counts)
        if progress is not None:
            progress("levels", solved, states)
    vmax = float(np.max(v))
    w2max = float(np.max(w2))
    start = start_distances(a)
    cw = np.zeros(total + 2, dtype=np.int64)
    for x in start:
        cw[x] += 1
    s0 = int(offset[total]) + _rank(cw, total, n, cum)
    return _enclose(a, float(v[s0]), float(w2[s0]), rho1, rho2, delta, law_error, vmax, w2max,
                    states, prune, time.perf_counter() - t0, name)


@dataclass(frozen=True)
class _Setup:
    cum: np.ndarray  # rank table (_partition_tables)
    offset: np.ndarray  # [f]: index of the first state of level f
    levels: np.ndarray  # [state]: its f
    tab: np.ndarray  # _add_table
    tstart: np.ndarray
    level_counts: list[np.ndarray]  # [f]: counts[s, k] of the level's states, in rank order


def _setup(n: int, total: int, states: int) -> _Setup:
    """The state numbering, each level's states and the table of :func:`_add_table`."""
    cum, sizes = _partition_tables(n, total)
    if int(sizes.sum()) != states:  # two independent counts of the same set
        raise AssertionError(f"state counts disagree: {int(sizes.sum())} != {states}")
    offset = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
    levels = np.repeat(np.arange(total + 1, dtype=np.int64), sizes)
    all_counts = np.zeros((states, total + 1), dtype=np.int64)
    level_counts = []
    for f in range(total + 1):
        parts = _level_partitions(f, n)
        counts = np.zeros((len(parts), total + 1), dtype=np.int64)
        for i, lam in enumerate(parts):
            for x in lam:
                counts[i, x] += 1
            counts[i, 0] = n - len(lam)
        all_counts[offset[f]:offset[f] + len(parts)] = counts
        level_counts.append(counts[:, : f + 1])
    tab, tstart = _add_table(all_counts, levels, total, n, cum, offset)
    return _Setup(cum, offset, levels, tab, tstart, level_counts)


def _enclose(a: tuple[int, ...], v0f: float, m0f: float, rho1: float, rho2: float,
             delta: float, law_error: float, vmax: float, w2max: float, states: int,
             prune: float, seconds: float, name: str) -> StepsEnclosure:
    """The a-posteriori enclosures (as in :mod:`zonemax.exact.ea_pm1_float`), the last few
    operations at 80 bits and rounded outward."""
    with mpmath.workprec(80):
        mp = mpmath.mpf
        v0, m0 = mp(v0f), mp(m0f)
        hi_shrink = 1 - mp(rho1) - mp(delta) * mp(vmax)
        if hi_shrink <= 0.5:
            raise ValueError(f"{name} on a = {a}: the residual bound {rho1:.3g} (cut mass "
                             f"{delta:.3g}) is too large for a result; the step law's enclosure "
                             "is too wide for this instance")
        e_lo = v0 / (1 + mp(rho1)) * (1 - mp(2) ** -70)
        e_hi = v0 / hi_shrink * (1 + mp(2) ** -70)
        kappa = mp(rho1) + mp(delta) * mp(vmax)  # |E - v| <= kappa E
        m_lo = (m0 - (mp(rho2) + kappa) * e_hi) / (1 + kappa)
        m_hi = (m0 + (mp(rho2) + kappa + mp(delta) * mp(w2max)) * e_hi) / (1 - kappa)
        var_lo = (m_lo - e_hi * e_hi) * (1 - mp(2) ** -70)
        var_hi = (m_hi - e_lo * e_lo) * (1 + mp(2) ** -70)
        return StepsEnclosure(
            a=a,
            expectation_low=math.nextafter(float(e_lo), -math.inf),
            expectation_high=math.nextafter(float(e_hi), math.inf),
            variance_low=math.nextafter(float(var_lo), -math.inf),
            variance_high=math.nextafter(float(var_hi), math.inf),
            states=states,
            rho=rho1,
            delta=delta,
            law_error=law_error,
            method=("binary64 level-by-level Gauss-Seidel on the lumped chain, a-posteriori "
                    "residual bound (Sum2; the step law's enclosure included), mutation "
                    f"patterns cut below {prune:g} with the cut mass bounded"),
            seconds=seconds,
            max_remaining=math.nextafter(float(mp(vmax) / (1 - kappa)), math.inf),
        )


# --------------------------------------------------------------------------------------------
# from a spec


def spec_law(spec: AlgorithmSpec, dps: int = DEFAULT_HEAVY_DPS) -> tuple[MagnitudeLaw, Any]:
    """``(law, one)``: the step law of an EA family of :data:`STEP_ALGORITHMS`, derived afresh
    in :mod:`zonemax.exact` (``Fraction`` for ±1 and the rational double-geometric laws,
    ``mpmath`` intervals at ``dps`` digits otherwise)."""
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    dps = check_dps(dps)
    ctx = MPIntervalContext()
    ctx.dps = dps
    algo = spec.algorithm
    if algo == "ea-pm1":
        unit = Fraction(1)

        def pm1(limit: int) -> list[tuple[int, Any]]:
            return [(1, unit)] if limit >= 1 else []  # Definition 1: +1 or -1

        return pm1, unit
    if algo == "ea-heavy":
        assert spec.eps is not None
        e, base, mode, rr = check_heavy_params(spec.eps, spec.log_base, spec.truncate, spec.r)
        return HeavyLaw(e, base, mode, rr, ctx).law, ctx.mpf(1)
    if algo == "ea-geom":
        from zonemax.exact.geom_law import GeomLaw, check_geom_params

        q_in, mean_in = check_geom_params(spec.geom_q, spec.geom_mean)
        geom = GeomLaw(q_in, mean_in, ctx)
        return geom.law, geom.one
    if algo == "ea-power":
        from zonemax.exact.power_law import PowerLawLaw
        from zonemax.reference.params import check_power_exponent

        assert spec.power_exponent is not None
        return PowerLawLaw(check_power_exponent(spec.power_exponent), ctx).law, ctx.mpf(1)
    raise ValueError(f"the floating-point step-law solver covers {', '.join(STEP_ALGORITHMS)}; "
                     f"got {algo}")


#: What this solver is called in reports.
STEPS_FLOAT_METHOD = "floating point over the step law's enclosure, a-posteriori residual bound"


def ea_steps_float_result(
    spec: AlgorithmSpec,
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    progress: Progress | None = None,
    dps: int = DEFAULT_HEAVY_DPS,
) -> ExactResult:
    """:func:`ea_steps_float` for ``spec`` as an :class:`~zonemax.exact.ExactResult`:
    ``expectation`` and ``variance`` are the midpoints of the enclosures, ``error_bound`` and
    ``variance_error`` their half-widths, ``method`` says what ran."""
    law, one = spec_law(spec, dps)
    res = ea_steps_float(spec.a, law, one, max_states=max_states, progress=progress,
                         name=spec.algorithm)
    with mpmath.workprec(80):  # float endpoints: sums and halves are exact at 80 bits
        lo, hi = mpmath.mpf(res.expectation_low), mpmath.mpf(res.expectation_high)
        vlo, vhi = mpmath.mpf(res.variance_low), mpmath.mpf(res.variance_high)
        mid, half = (lo + hi) / 2, (hi - lo) / 2
        vmid, vhalf = (vlo + vhi) / 2, (vhi - vlo) / 2
    method = (f"{STEPS_FLOAT_METHOD} (residual {res.rho:.2g}, cut mass per state <= "
              f"{res.delta:.2g}, relative error of a step probability <= {res.law_error:.2g})")
    params: tuple[tuple[str, object], ...] = ()
    if spec.algorithm == "ea-heavy":
        params = (("eps", spec.eps), ("log_base", spec.log_base), ("truncate", spec.truncate),
                  ("r", spec.r))
    elif spec.algorithm == "ea-geom":
        params = (("geom_q", spec.geom_q),) if spec.geom_q is not None else (
            ("geom_mean", spec.geom_mean),)
    elif spec.algorithm == "ea-power":
        params = (("power_exponent", spec.power_exponent),)
    return ExactResult(mid, half, res.states, spec.algorithm, res.a, params,
                       vmid if with_variance else None, res.max_remaining, method,
                       vhalf if with_variance else None)


def ea_steps_law(
    spec: AlgorithmSpec,
    *,
    tail: float = DEFAULT_TAIL,
    max_states: int | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    dps: int = DEFAULT_HEAVY_DPS,
) -> LawOfT:
    """The law of ``T`` of an EA family of :data:`STEP_ALGORITHMS` up to its ``1 - tail``
    quantile, with enclosures: the float kernel of this module's transition DP (every row's
    l1 error bounded: the step law's enclosure, the cut mass, the rounding) pushed forward by
    :func:`zonemax.exact.law.law_from_kernel`.  Before the kernel is built, :func:`ea_steps_float`
    bounds the expected remaining time ``h``; an instance whose ``1 - tail`` quantile may lie
    beyond ``max_steps`` (``e h ln(1/tail)``, from ``P(T > m e h) <= e^-m``) is refused with
    :class:`~zonemax.exact.result.InstanceTooLarge` instead of running for hours, and so is one
    whose kernel has more than :data:`MAX_KERNEL_ENTRIES` transitions or needs more than
    :data:`MAX_LAW_WORK` products (checked while the kernel is built)."""
    if not (isinstance(tail, float) and 1e-14 <= tail < 1):
        raise ValueError(f"tail must be a float in [1e-14, 1), got {tail!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ValueError(f"max_steps must be a positive int, got {max_steps!r}")
    law, one = spec_law(spec, dps)
    a = spec.a
    n = len(a)
    total = sum(abs(x) for x in a)
    what = f"the law of T of {spec.algorithm} on a = {a}"
    cap = DEFAULT_STEPS_MAX_STATES if max_states is None else max_states
    states = ea_steps_state_count(n, total)
    refuse(states, cap, f"{what} (floating-point kernel)")
    if not any(a):
        one_v = np.ones(1)
        return LawOfT(spec, one_v, one_v, one_v, one_v, 0.0, 1,
                      "trivial: the start is the optimum")
    moments = ea_steps_float(a, law, one, max_states=cap, name=spec.algorithm)
    needed = math.e * moments.max_remaining * math.log(1 / tail)
    if needed > max_steps:
        raise InstanceTooLarge(
            f"{what}: its 1 - {tail:g} quantile may lie beyond max_steps = {max_steps} "
            f"(e h ln(1/tail) = {needed:.3g} with h = {moments.max_remaining:.3g} the largest "
            "expected remaining time); raise max_steps or choose a larger tail")
    setup = _setup(n, total, states)
    laws = _PositionLaws(n, total, law, one, None)
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    vals: list[np.ndarray] = []
    absorb = np.zeros(states - 1)
    stay = np.ones(states - 1)
    eps_row = 0.0
    entries = 0
    for f in range(1, total + 1):
        tables = laws.tables(f)
        lo = int(setup.offset[f])
        start, idx, prob, error = _kernel_level(
            setup.level_counts[f], f, lo, tables.outv, tables.outq, tables.oute, tables.nout,
            tables.minout, setup.tab, setup.tstart, setup.levels, PRUNE, states)
        size = len(start) - 1
        src = np.repeat(np.arange(lo, lo + size), np.diff(start))
        leave = np.zeros(size)
        np.add.at(leave, src - lo, prob)
        stay[lo - 1:lo - 1 + size] = 1.0 - leave
        to_opt = idx == 0
        np.add.at(absorb, src[to_opt] - 1, prob[to_opt])
        rows.append(src[~to_opt] - 1)
        cols.append(idx[~to_opt] - 1)
        vals.append(prob[~to_opt])
        eps_row = max(eps_row, float(np.max(error)))
        entries += len(idx)
        if entries > MAX_KERNEL_ENTRIES or entries * needed > MAX_LAW_WORK:
            raise InstanceTooLarge(
                f"{what}: the float kernel has more than {entries} transitions (levels up to "
                f"f = {f} of {total}), too many to push the law through about {needed:.3g} "
                f"steps (at most {MAX_KERNEL_ENTRIES} transitions and {MAX_LAW_WORK:.0e} "
                "products); E[T] and Var[T] are within reach: drop --cdf")
    diag = np.arange(states - 1)
    kernel = scipy.sparse.csr_matrix(
        (np.concatenate([*vals, stay]), (np.concatenate([*rows, diag]),
                                          np.concatenate([*cols, diag]))),
        shape=(states - 1, states - 1))
    start_t = np.zeros(total + 2, dtype=np.int64)
    for x in start_distances(a):
        start_t[x] += 1
    s0 = int(setup.offset[total]) + _rank(start_t, total, n, setup.cum) - 1
    return law_from_kernel(
        spec, kernel, absorb, eps_row * (1 + 1e-9), s0, tail=tail, max_steps=max_steps,
        source=("the transition DP of zonemax.exact.ea_steps_float, every row's error from the "
                "step law's enclosure, the cut mass and the rounding bounded"),
        what=what)
