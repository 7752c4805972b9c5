r"""Exact per-component drift of the potential of Lemma 8 (RLS_{alpha,beta}, Section 5).

Notation (proof of Lemma 8): ``d`` = :math:`d_i` (distance of component ``i``), ``v`` =
:math:`v_i` (its velocity), ``alpha``/``beta`` = :math:`\alpha,\beta`, ``c``/``p`` = the
constants of the potential

.. math:: g_i(d, v) = d + c\,d\max\{2v/d,\ d/(2v)\} + [v > 2\beta d]\,p\,d,\qquad g_i(0, v) = 0.

Given that component ``i`` is chosen (probability ``1/n``, Algorithm 2), one iteration does
(Algorithm 2, lines 6-12), with ``s = floor(v)``:

* towards the target (prob. 1/2): new distance ``|d - s|``; if ``< d`` (``s < 2d``) the move is a
  strict improvement: accepted and ``v <- alpha v``; if ``= d`` (``s = 2d``) it is accepted with
  ``v <- max(1, beta v)``; otherwise rejected with ``v <- max(1, beta v)``;
* away from the target (prob. 1/2): rejected, ``v <- max(1, beta v)``.

The *conditional drift* is ``D(d, v) = g_i(d, v) - E[g_i(d', v')]`` and the paper claims
``D >= delta g_i`` for a constant ``delta > 0``.

:func:`ratio_infimum` computes a rigorous lower bound on ``inf_{v >= 1} D(d, v)/g_i(d, v)`` for
one ``d``: on each maximal interval of ``v`` where ``floor(v)`` and every branch of the
definitions are constant, ``D`` and ``g_i`` are both of the form ``A + B v + C/v``, so the ratio
is a quotient of quadratics in ``v`` whose derivative's numerator is the quadratic
``(B1 A2 - A1 B2) v^2 + 2 (B1 C2 - C1 B2) v + (A1 C2 - C1 A2)``; the infimum on the closed
piece is attained at an end point (exact rational evaluation) or at a root (enclosed by interval
arithmetic).  Break points themselves are evaluated exactly.  For ``v >= 2d + 1`` every step is
rejected and ``D/g_i = 2c(1-beta) v / (d(1+p) + 2cv)``, increasing in ``v``, so the pieces up
to ``2d + 1`` suffice.

Statements about ``D`` and ``g_i`` are evaluated exactly by :mod:`zonemax.proofs_check.rls_exact`
and decided for all ``d`` and ``v`` by :mod:`zonemax.proofs_check.rls_decide`.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath
from zonemax.proofs_check.core import Method, record, recorded_cache
from zonemax.proofs_check.intervals import iv_frac, iv_precision, lo

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class RlsParams:
    """Constants of Lemma 8 (all exact)."""

    alpha: Fraction
    beta: Fraction
    c: Fraction
    p: Fraction


#: The paper's example (Section 5: "alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001").
PAPER_EXAMPLE = RlsParams(Fraction(17, 10), Fraction(9, 10), Fraction(1, 1000), Fraction(1, 100))


def g_i(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """The component potential of Lemma 8."""
    record(Method.EXACT)
    if d == 0:
        return Fraction(0)
    second = max(2 * prm.c * v, prm.c * d * d / (2 * v))  # c d max{2v/d, d/(2v)}
    penalty = prm.p * d if v > 2 * prm.beta * d else Fraction(0)
    return d + second + penalty


def outcomes(d: int, v: Fraction, prm: RlsParams
             ) -> tuple[tuple[int, Fraction], tuple[int, Fraction]]:
    """The two equally likely successor states ``(d', v')`` given that the component is chosen."""
    s = math.floor(v)  # Algorithm 2, line 6: step floor(v_i)
    shrink = max(Fraction(1), prm.beta * v)  # Algorithm 2, line 10
    d_toward = abs(d - s)
    # strict improvement (d_toward < d): accepted, v <- alpha v (lines 7-8, 11-12); equal
    # (accepted, x moves but d' = d) or worse (rejected): v shrinks
    toward = (d_toward, prm.alpha * v) if d_toward < d else (d, shrink)
    away = (d, shrink)  # d + s > d: rejected
    return toward, away


def drift(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``D(d, v) = g_i(d, v) - E[g_i(d', v') | component chosen]`` (exact)."""
    (dt, vt), (da, va) = outcomes(d, v, prm)
    return g_i(d, v, prm) - HALF * (g_i(dt, vt, prm) + g_i(da, va, prm))


# -------------------------------------------------------------------------------------------
# Piecewise analysis in v
# -------------------------------------------------------------------------------------------
Triple = tuple[Fraction, Fraction, Fraction]  # A + B v + C / v


def _g_triple(d: int, scale: Fraction, at: Fraction, prm: RlsParams) -> Triple:
    """``g_i(d, scale * v)`` as a triple in ``v``, with branches decided at ``v = at``."""
    if d == 0:
        return (Fraction(0), Fraction(0), Fraction(0))
    w = scale * at
    a = Fraction(d) + (prm.p * d if w > 2 * prm.beta * d else 0)
    if w >= Fraction(d, 2):  # max{2w/d, d/(2w)} = 2w/d  <=>  w >= d/2
        return (a, 2 * prm.c * scale, Fraction(0))
    return (a, Fraction(0), prm.c * d * d / (2 * scale))


def _piece_triples(d: int, s: int, at: Fraction, prm: RlsParams) -> tuple[Triple, Triple]:
    """(drift triple, potential triple) on the piece containing ``at`` (``floor(at) = s``)."""
    old = _g_triple(d, Fraction(1), at, prm)
    d_toward = abs(d - s)
    if prm.beta * at > 1:
        shrink = _g_triple(d, prm.beta, at, prm)
    else:
        g1 = g_i(d, Fraction(1), prm)
        shrink = (g1, Fraction(0), Fraction(0))
    toward = _g_triple(d_toward, prm.alpha, at, prm) if d_toward < d else shrink
    drift_t = tuple(o - HALF * (t + a) for o, t, a in zip(old, toward, shrink, strict=True))
    return (drift_t[0], drift_t[1], drift_t[2]), old


def _eval(t: Triple, v: Fraction) -> Fraction:
    return t[0] + t[1] * v + t[2] / v


def _breakpoints(d: int, s: int, prm: RlsParams) -> list[Fraction]:
    """Values of ``v`` in ``(s, s+1)`` where some branch of the definitions changes."""
    al, be = prm.alpha, prm.beta
    cands = [Fraction(d, 2), 2 * be * d, 1 / be, Fraction(d) / (2 * be), Fraction(2 * d)]
    dt = abs(d - s)
    if 0 < dt < d:
        cands += [Fraction(dt) / (2 * al), 2 * be * dt / al]
    return sorted({b for b in cands if s < b < s + 1})


@dataclass(frozen=True)
class RatioInfimum:
    """Rigorous lower bound on ``inf_{v>=1} D(d,v)/g_i(d,v)`` and where it is approached."""

    d: int
    lower: mpmath.mpf
    near_v: Fraction
    exact_at_point: Fraction


def _min_on_piece(drift_t: Triple, pot_t: Triple, left: Fraction, right: Fraction
                  ) -> tuple[Any, Fraction]:
    """Lower end of min of the formula ratio on ``[left, right]`` (interval) and a near-argmin."""
    best_val: Any = None
    best_v = left
    for v in (left, right):
        val = iv_frac(_eval(drift_t, v)) / iv_frac(_eval(pot_t, v))
        if best_val is None or val.a < best_val.a:
            best_val, best_v = val, v
    a1, b1, c1 = drift_t
    a2, b2, c2 = pot_t
    qa = b1 * a2 - a1 * b2
    qb = 2 * (b1 * c2 - c1 * b2)
    qc = a1 * c2 - c1 * a2
    roots: list[Any] = []
    if qa != 0:
        disc = qb * qb - 4 * qa * qc
        if disc >= 0:
            sq = mpmath.iv.sqrt(iv_frac(disc))
            roots = [(-iv_frac(qb) + sq) / iv_frac(2 * qa), (-iv_frac(qb) - sq) / iv_frac(2 * qa)]
    elif qb != 0:
        roots = [-iv_frac(qc) / iv_frac(qb)]
    for r in roots:
        if r.b < iv_frac(left).a or r.a > iv_frac(right).b:
            continue
        num = iv_frac(a1) + iv_frac(b1) * r + iv_frac(c1) / r
        den = iv_frac(a2) + iv_frac(b2) * r + iv_frac(c2) / r
        val = num / den
        if val.a < best_val.a:
            best_val = val
            best_v = Fraction(str(mpmath.nstr(mpmath.mpf(r.mid), 12)))
    return best_val, best_v


@recorded_cache(maxsize=4096)
def ratio_infimum(d: int, prm: RlsParams) -> RatioInfimum:
    """Rigorous lower bound on ``inf_{v >= 1} D(d, v) / g_i(d, v)`` for one ``d >= 1``."""
    record(Method.EXACT)
    if d < 1:
        raise ValueError(f"d must be >= 1, got {d}")
    best: Any = None
    best_v = Fraction(1)
    best_point: Fraction | None = None
    with iv_precision():
        for s in range(1, 2 * d + 2):
            points = [Fraction(s), *_breakpoints(d, s, prm)]
            for v in points:  # exact values at the break points
                r = drift(d, v, prm) / g_i(d, v, prm)
                if best_point is None or r < best_point:
                    best_point = r
                val = iv_frac(r)
                if best is None or val.a < best.a:
                    best, best_v = val, v
            if s == 2 * d + 1:
                break  # beyond 2d + 1 the ratio increases (module docstring)
            ends = [*points, Fraction(s + 1)]
            for left, right in itertools.pairwise(ends):
                mid = (left + right) / 2
                drift_t, pot_t = _piece_triples(d, s, mid, prm)
                val, v_near = _min_on_piece(drift_t, pot_t, left, right)
                if val.a < best.a:
                    best, best_v = val, v_near
        assert best is not None and best_point is not None
        return RatioInfimum(d=d, lower=lo(best), near_v=best_v, exact_at_point=best_point)


def delta_lower_bound(prm: RlsParams, d_max: int) -> tuple[mpmath.mpf, int, Fraction]:
    """Rigorous ``min_{1 <= d <= d_max} inf_{v >= 1} D/g_i`` (lower end) with its ``(d, v)``."""
    best: RatioInfimum | None = None
    for d in range(1, d_max + 1):
        r = ratio_infimum(d, prm)
        if best is None or r.lower < best.lower:
            best = r
    assert best is not None
    return best.lower, best.d, best.near_v


# -------------------------------------------------------------------------------------------
# One step's outcomes as functions (the search side's version of the checker's quantities)
# -------------------------------------------------------------------------------------------
def g_toward(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``g_i`` of the state after a step towards the target (accepted or not)."""
    (dt, vt), _ = outcomes(d, v, prm)
    return g_i(dt, vt, prm)


def g_away(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``g_i`` of the state after a step away from the target (always rejected)."""
    _, (da, va) = outcomes(d, v, prm)
    return g_i(da, va, prm)
