"""The checker's own quantities for RLS_{alpha,beta} (Section 5): the potential g_i of Lemma 8,
one step of Algorithm 2 for one component, and the exact conditional drift.

Written from the paper, independently of the searching code (nothing outside
:mod:`zonemax.proofs_check.checker` is imported); registered in
:data:`zonemax.proofs_check.checker.expr.QUANTITIES` under names prefixed ``rls_``.  All
arguments are exact rationals (``Fraction``); ``d`` is the distance |x_i - a_i| (an integer),
``v`` the velocity (a real >= 1), ``alpha, beta, c, p`` the constants of Lemma 8.

One iteration that chooses component i (Algorithm 2): the offspring moves x_i by floor(v)
towards the target (probability 1/2) or away from it (1/2); it replaces x if f(y) <= f(x); the
velocity becomes alpha v if f(y) < f(x) and max{1, beta v} otherwise.  f is the distance sum, so
only the new distance of component i matters.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .expr import QUANTITIES

Q = Fraction


def _int(x: Q) -> int:
    if x.denominator != 1 or x < 0:
        raise ValueError(f"a distance must be a non-negative integer, got {x}")
    return int(x)


def g(d: Q, v: Q, alpha: Q, beta: Q, c: Q, p: Q) -> Q:
    """g_i(d, v) = 0 for d = 0; else d + c d max{2v/d, d/(2v)} (+ p d if v > 2 beta d)."""
    if _int(d) == 0:
        return Q(0)
    penalty = p * d if v > 2 * beta * d else Q(0)
    return d + c * d * max(2 * v / d, d / (2 * v)) + penalty


def step(d: Q, v: Q, alpha: Q, beta: Q, toward: bool) -> tuple[Q, Q]:
    """(distance, velocity) after one iteration that chose this component."""
    size = math.floor(v)  # y_i = x_i -+ floor(v_i)
    new = abs(_int(d) - size) if toward else _int(d) + size
    if new < d:  # f(y) < f(x): accept, v <- alpha v
        return Q(new), alpha * v
    kept = Q(new) if new == d else d  # f(y) = f(x): accept; f(y) > f(x): keep x
    return kept, max(Q(1), beta * v)  # v <- max{1, beta v}


def distance_toward(d: Q, v: Q) -> Q:
    """The distance after a step towards the target: |d - floor(v)| if accepted, else d."""
    new = Q(abs(_int(d) - math.floor(v)))
    return new if new <= d else d


def drift(d: Q, v: Q, alpha: Q, beta: Q, c: Q, p: Q) -> Q:
    """D(d, v) = g_i(d, v) - E[g_i(d', v')], the component chosen (each direction 1/2)."""
    after = [g(*step(d, v, alpha, beta, t), alpha, beta, c, p) for t in (True, False)]
    return g(d, v, alpha, beta, c, p) - (after[0] + after[1]) / 2


def condition(k: Q, alpha: Q, beta: Q, c: Q, p: Q) -> Q:
    """1 if condition Ck of Lemma 8's proof holds (numbered as printed), else 0."""
    holds = {
        1: 1 < alpha <= 2,
        2: Q(1, 2) < beta <= Q(9, 10),
        3: 2 * alpha * beta - beta - alpha > 0,
        4: alpha + beta > 2,
        5: alpha * alpha * beta > 1,
        6: 8 * alpha * beta * c + 2 * p + 4 * c / beta <= Q(1, 16),
        7: p > 8 * c * ((alpha + beta) / 2 - 1),
        8: p > 4 * (alpha - 1) * c > 0,
    }[_int(k)]
    return Q(int(holds))


def cover_time(n: Q, h: Q) -> Q:
    """Expected iterations until h given positions of n have each been chosen once (one uniform
    position per iteration): with j of them still missing, a new one comes after n/j on average."""
    return sum((_int(n) / Q(j) for j in range(1, _int(h) + 1)), Q(0))


def min_selections(r: Q, alpha: Q) -> Q:
    """Fewest selections k of one component whose steps can add up to r: the velocity after j
    selections is at most alpha^j, so k selections move it at most sum_{j<k} floor(alpha^j)."""
    k, reach = 0, 0
    while reach < r:
        reach += math.floor(alpha**k)
        k += 1
    return Q(k)


QUANTITIES.update({
    "rls_g": g,
    "rls_g_toward": lambda d, v, al, be, c, p: g(*step(d, v, al, be, True), al, be, c, p),
    "rls_g_away": lambda d, v, al, be, c, p: g(*step(d, v, al, be, False), al, be, c, p),
    "rls_drift": drift,
    "rls_d_toward": distance_toward,
    "rls_v_toward": lambda d, v, al, be: step(d, v, al, be, True)[1],
    "rls_v_away": lambda d, v, al, be: step(d, v, al, be, False)[1],
    "rls_accepted": lambda d, v: Q(int(abs(_int(d) - math.floor(v)) <= d)),
    "rls_cond": condition,
    "rls_cover_time": cover_time,
    "rls_min_selections": min_selections,
    "rls_l1": lambda a: sum((abs(x) for x in a), Q(0)),
    "rls_hamming": lambda a: Q(sum(1 for x in a if x != 0)),
    "rls_linf": lambda a: max(abs(x) for x in a),
})

__all__ = ["QUANTITIES"]
