r"""Plain RLS position by position: the ±1 and double-geometric operators in O(n log r) per run.

RLS of Gadea Harder, Kötzing, Li, Radhakrishnan (2023), Section 2 ("RLS makes a step in exactly
one position, chosen uniformly at random"), with the ±1 operator (Definition 1; ``rls-pm1``) or
Rudolph's double-geometric operator (``rls-geom``: a step ``±M``, uniform sign, ``P(M = 0) =
(1-q)/(1+q)``, ``P(M = m) = 2 (1-q) q^m / (1+q)`` for ``m >= 1``).  Notation (mapped once):
``n`` -- dimension; ``D_j`` -- the distance of position ``j`` to its target; ``h_j`` -- the
number of times position ``j`` is *selected* until ``D_j = 0`` (every selection counts, also the
rejected ones); ``T`` -- the run time in evaluations.  State conventions:
:mod:`zonemax.engine._state`; the per-iteration kernels these replace in production,
:func:`~zonemax.engine._rls_pm1.rls_pm1_steps` and :func:`~zonemax.engine._rls_law.rls_law_steps`,
remain the oracle (:func:`zonemax.engine.api.simulate_per_iteration`).

**Positions are independent.**  An iteration changes one position, and whether it is accepted
depends only on that position: ``f(y) - f(x) = |D_j - M| - D_j``.  So each position follows its
own chain, advanced once per selection, driven by its own draws (sign and magnitude).

**Poissonization** (the closed form of :mod:`zonemax.exact.rls_pm1` uses the same device).
Embed the iterations in continuous time as the points of a rate-1 Poisson process, each
labelled with a uniform position; by Poisson splitting, the selections of position ``j`` form
independent Poisson processes of rate ``1/n``, and the order of all points is the discrete
process.  Position ``j`` reaches its target at its ``h_j``-th selection, at time ``n tau_j``
with ``tau_j ~ Gamma(h_j, 1)`` independent of ``h_j`` (the chain does not look at times;
``tau_j = 0`` if ``D_j = 0`` at the start).  The run ends at ``tau = max_j tau_j``, and ``T``
is the number of points in ``[0, n tau]``: ``h_j`` of each position up to ``n tau_j``, and for
every other position its points in ``(n tau_j, n tau]``, independent ``Poisson(tau - tau_j)``.
Hence, exactly,

    ``T = sum_j h_j + Poisson(sum_j (tau - tau_j))``.

**The chain of one position, in moves.**  Call a selection a *move* if its sign points to the
target and ``M >= 1``: probability ``p_sel = 1/2`` (±1) or ``q/(1+q)`` (double-geometric).  Every
other selection leaves ``D_j`` unchanged (a step away is worse, ``M = 0`` changes nothing).  So
if position ``j`` needs ``m_j`` moves, ``h_j = m_j + NegBin(m_j, p_sel)``
(:func:`~zonemax.engine._random.phase_trials`).

* ±1: every move decrements ``D_j``: ``m_j = D_j``.
* Double-geometric: a move's magnitude is ``M | M >= 1``, ``P(M = m) = (1-q) q^(m-1)``
  (:func:`geom_moves`).  Consecutive accepted moves that stay short of the target *land* on the
  points of a **Bernoulli(1-q) process** on ``1, 2, ...`` (distances walked from the start): each
  next landing is the previous plus ``M``, and ``M - 1`` geometric means every integer is a
  landing independently with probability ``1 - q`` (memorylessness).  A move of magnitude ``M``
  from distance ``d`` is accepted iff ``M <= 2 d`` (``M = 2 d`` leaves ``D`` unchanged,
  ``d < M < 2 d`` overshoots to ``M - d``).  One round from distance ``D``:

  1. the moves with ``M > 2 D`` (rejected, probability ``q^(2 D)`` each) before the first
     other one: their number is Geometric, skipped at once;
  2. the first other move: ``M | M <= 2 D`` (truncated geometric, by inversion);
  3. if ``M < D`` (plain), the further plain landings in ``(M, D - 1]``: the last one ``x`` is
     found from the top (the gap below ``D - 1`` is Geometric, independent of the points below
     it), and those in ``(M, x)`` are ``Binomial(x - 1 - M, 1 - q)``;
  4. then the move that crosses: it lands at ``D + G`` with ``G`` Geometric (memorylessness
     again, independent of the points below ``D``), i.e. magnitude ``D - x + G`` from distance
     ``d' = D - x``: ``G = 0`` reaches the target, ``G < d'`` overshoots to ``G``, ``G >= d'``
     leaves ``d'`` (``G = d'``: equal, accepted; ``G > d'``: rejected).

  Rejected moves and the crossing move count as moves; the next round starts afresh from the
  new distance (the moves are i.i.d.).  A round costs O(1) draws, and a position needs
  O(log D) rounds in expectation (each round ends near the target or halves the distance).

**Accuracy** (as for the whole engine, :mod:`zonemax.engine._random`): the inversions compare
``rng.random()`` with float64 probabilities formed without cancellation (``log q`` as
``log1p(-(1-q))``, ``1 - q`` computed exactly by Arb and rounded once, ``q^N`` as ``exp(N log
q)``); the Gamma, Poisson, binomial and negative binomial draws are numpy's (``NegBin`` is numpy's
Gamma-Poisson mixture, as in every other kernel).  The times ``tau_j`` are float64: rounding
moves each interval ``tau - tau_j`` by at most one unit in the last place of ``tau``, so ``T``
moves by about ``n`` such units in expectation (about 2^-52 of ``T``; e.g. 32 per position at
``T`` about 2*10^17, r = 10^15) -- the same order as numpy's Gamma-Poisson negative binomial.

**Range** (:mod:`zonemax.engine._range`).  Every count here (moves, selections, their sum) is
exact below ``2^62`` or saturated at ``2^62`` (:data:`COUNT_CAP`); a saturated count exceeds
every budget the kernel runs with, so the run ends censored at its budget, which is exact (its
``T`` is at least as large).  So does a Poisson term whose mean reaches
:data:`~zonemax.engine._range.POISSON_BEYOND`.  With no budget the kernel runs with
:data:`~zonemax.engine._range.MAX_BUDGET`, and :func:`zonemax.engine.run_seeds` reports such a
run as beyond the range.

**Budget.**  ``T >= sum_j h_j``: once the positions done so far exceed the budget the run is
censored, exactly as the reference reports it (``(budget, False)``); otherwise ``T`` is drawn
and compared.  Pauses (:mod:`zonemax.engine._state`, "Steps") fall between positions and report
``sum_j h_j`` so far (a lower bound on ``T``) and the starting ``f`` (an upper bound on ``f`` at
any time).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from typing import NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._magnitude_law import geom_ratio
from zonemax.engine._random import phase_trials, typed_int
from zonemax.engine._range import COUNT_RANGE, POISSON_BEYOND, add_counts
from zonemax.engine._state import NO_BUDGET, NO_PAUSE, Step, in_range

#: Saturation of every count here: the engine's range ``2^62``
#: (:data:`~zonemax.engine._range.COUNT_RANGE`; module docstring, "Range").  A geometric gap
#: this long also exceeds every distance it is compared with (``D_j < 2^61``).
COUNT_CAP = COUNT_RANGE
#: Planted bugs (tests and ``zonemax verify --power`` only): each changes the law of ``T``.
CORRECT = 0
#: ``T = sum_j h_j``: the Poisson term (selections of finished positions) dropped.
PLANTED_NO_IDLE = 1
#: The rejected moves of step 1 not counted.
PLANTED_NO_REJECTED = 2
#: Step 3 counts one landing too many (``Binomial(x - M, 1 - q)``).
PLANTED_EXTRA_LANDING = 3


class GeomMoves(NamedTuple):
    """The double-geometric operator as :func:`geom_moves` needs it (module docstring)."""

    one_minus_q: float  #: ``1 - q``, the landing probability, rounded once from Arb
    log_q: float  #: ``log q = log1p(-(1 - q))``
    p_sel: float  #: ``q / (1 + q)``: a selection is a move (towards the target, ``M >= 1``)


#: The ±1 operator: no magnitudes (``p_sel = 1/2``); marked by ``one_minus_q = 0``.
PM1 = GeomMoves(0.0, 0.0, 0.5)


def geom_moves_params(q: Fraction | None, mean: Fraction | None) -> GeomMoves:
    """:class:`GeomMoves` for ``q`` (a Fraction in ``(0, 1)``) or a mean step length, computed
    in Arb (:func:`~zonemax.engine._magnitude_law.geom_ratio`, the law tables' own ``q``) and
    rounded once."""
    from flint import ctx

    with ctx.workprec(256):
        qa, pa = geom_ratio(q, mean)
        return GeomMoves(float(pa), float((-pa).log1p()), float(qa / (1 + qa)))


@njit(nogil=True, cache=True, inline="always")
def _geometric(rng: np.random.Generator, log_fail: float) -> int:
    """Failures before the first success, ``P(G >= j) = exp(j log_fail)``, by inversion of
    ``U`` in ``(0, 1]``; saturated at :data:`COUNT_CAP` (far beyond every distance compared)."""
    if log_fail == 0.0:
        return COUNT_CAP
    g = math.log(1.0 - rng.random()) / log_fail
    return COUNT_CAP if g >= COUNT_CAP else int(g)


@njit(nogil=True, cache=True)
def geom_moves(rng: np.random.Generator, d: int, law: GeomMoves, planted: int) -> int:
    """The number of moves a position at distance ``d`` needs to reach its target under the
    double-geometric operator (module docstring, steps 1-4); :data:`COUNT_CAP` if it is at
    least that many (the sums saturate: :func:`~zonemax.engine._range.add_counts`)."""
    p = law.one_minus_q
    log_q = law.log_q
    moves = typed_int(0)
    while d > 0 and moves < COUNT_CAP:
        # 1. moves with M > 2d, each rejected with probability q^(2d)
        rejected = _geometric(rng, 2.0 * d * log_q)
        if planted != PLANTED_NO_REJECTED:
            moves = add_counts(moves, rejected)
        # 2. the first other move: P(M = m) ∝ q^(m-1) on 1..2d, by inversion
        #    M = 1 + floor(log(1 - U (1 - q^(2d))) / log q)
        span = -math.expm1(2.0 * d * log_q)  # 1 - q^(2d)
        mag = 1 + int(math.log1p(-rng.random() * span) / log_q)
        mag = min(mag, 2 * d)  # float round-off only (probability <= 2^-53)
        moves = add_counts(moves, 1)
        if mag >= d:
            if mag < 2 * d:
                d = mag - d  # reaches the target (mag = d) or overshoots
            continue  # mag = 2d: equal fitness, D unchanged
        # 3. plain landings in (mag, d - 1]: the top one x, then Binomial below it
        x = mag
        gap = _geometric(rng, log_q)  # non-landings from d - 1 downwards
        if gap < d - 1 - mag:
            x = d - 1 - gap
            below = x - 1 - mag + (1 if planted == PLANTED_EXTRA_LANDING else 0)
            moves = add_counts(moves, 1 + (rng.binomial(below, p) if below > 0 else 0))
        # 4. the crossing move: lands at d + G, from distance d' = d - x
        near = d - x
        cross = _geometric(rng, log_q)
        moves = add_counts(moves, 1)
        d = cross if cross < near else near
    return moves


@njit(nogil=True, cache=True)
def rls_positions_steps(rng: np.random.Generator, dist0: np.ndarray, budget: int,
                        law: GeomMoves, planted: int, chunk: int) -> Iterator[Step]:
    """One run of plain RLS with the ±1 operator (``law`` = :data:`PM1`) or the
    double-geometric operator, position by position (module docstring), in steps of at most
    ``chunk`` positions; the last step holds ``(evaluations, solved)``."""
    n = dist0.shape[0]
    budget = in_range(budget)  # the engine's range (_state, "Range")
    f0 = typed_int(0)
    for j in range(n):
        f0 += dist0[j]
    taus = np.zeros(n)
    total = typed_int(0)  # sum of h_j so far: a lower bound on T
    tau = 0.0
    censored = False
    done = 0
    while done < n and not censored:
        left = chunk
        while left > 0 and done < n:
            left -= 1
            d = dist0[done]
            done += 1
            if d == 0:
                continue
            moves = d if law.one_minus_q == 0.0 else geom_moves(rng, d, law, planted)
            if moves >= COUNT_CAP:
                censored = True
                break
            if law.p_sel <= 0.0:  # no move can be drawn (float64 underflow): never solved
                censored = True
                break
            h = phase_trials(rng, moves, law.p_sel)  # selections: moves + NegBin(moves, p)
            if h > budget - total:  # also a saturated h (2^62 > budget)
                censored = True
                break
            total += h
            t_j = rng.standard_gamma(float(h))  # tau_j ~ Gamma(h_j, 1)
            taus[done - 1] = t_j
            tau = max(tau, t_j)
        if done < n and not censored:
            yield False, total, False, f0
    if censored:
        yield True, budget, False, f0
        return
    idle = 0.0
    for j in range(n):
        idle += tau - taus[j]
    if idle >= POISSON_BEYOND:  # Poisson(idle) >= 2^62 > budget (module docstring, "Range")
        yield True, budget, False, f0
        return
    extra = 0 if planted == PLANTED_NO_IDLE else rng.poisson(idle)
    if extra > budget - total:
        yield True, budget, False, f0
        return
    # f = 0: every position's chain ran to D_j = 0 (geom_moves returns a count below the range
    # only then, and the ±1 chain needs exactly D_j moves); no distances are kept
    yield True, total + extra, True, 0


def rls_positions_run(rng: np.random.Generator, dist0: np.ndarray, budget: int,
                      law: GeomMoves, planted: int = CORRECT) -> tuple[int, bool]:
    """One run at once (:func:`rls_positions_steps`); returns ``(evaluations, solved)``."""
    t, solved = budget, False
    for finished, end, ok, _ in rls_positions_steps(rng, dist0, budget, law, planted, NO_PAUSE):
        if finished:
            t, solved = end, ok
    return t, solved


__all__ = ["CORRECT", "NO_BUDGET", "PLANTED_EXTRA_LANDING", "PLANTED_NO_IDLE",
           "PLANTED_NO_REJECTED", "PM1", "GeomMoves", "geom_moves", "geom_moves_params",
           "rls_positions_run", "rls_positions_steps"]
