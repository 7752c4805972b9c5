r"""RLS_{alpha,beta} with self-adjusting step sizes (Algorithm 2 of the paper).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 2, and
Section 5 (Lemma 8, Theorem 9).

Notation: ``alpha`` = :math:`\alpha > 1` (velocity increase on strict improvement), ``beta`` =
:math:`\beta \in (0, 1)` (velocity decrease otherwise), ``v`` = the real-valued velocity vector
in :math:`[1, \infty)^n`, initially all ones.

Algorithm 2 as typeset wraps the mutation in a ``for i from 1 to n`` loop that also draws ``i``;
zonemax follows the prose ("In one iteration of the algorithm a position i is chosen uniformly
at random"): **one position per iteration**.  Velocities are kept exactly as Fractions
(``alpha`` and ``beta`` are read exactly, floats as the decimal they print as), so
``floor(v_i)`` is never disturbed by round-off.

Theorem 9 assumes ``1 < alpha <= 2``, ``1/2 < beta <= 0.9``, ``2 alpha beta - alpha - beta > 0``,
``alpha + beta > 2`` and ``alpha^2 beta > 1``.  Outside these hypotheses (the paper's own
experiments use ``alpha = 2, beta = 0.5``) the run proceeds with an
:class:`zonemax.reference.params.OutsideTheoremWarning`.

Counting convention: one evaluation per iteration, including rejected iterations.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np
from zonemax.reference._common import check_budget
from zonemax.reference.fitness import fitness, validate_target
from zonemax.reference.params import (
    DEFAULT_ALPHA,
    DEFAULT_BETA,
    Real,
    check_alpha_beta,
    warn_outside_theorem9,
)
from zonemax.reference.result import RunResult

#: Called after every iteration with (evaluations so far, search point, velocity vector).
VelocityObserver = Callable[[int, tuple[int, ...], tuple[Fraction, ...]], None]


def rls_ab(
    a: Sequence[int],
    alpha: Real = DEFAULT_ALPHA,
    beta: Real = DEFAULT_BETA,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
    observer: VelocityObserver | None = None,
    warn: bool = True,
) -> RunResult:
    """Run RLS_{alpha,beta} (Algorithm 2) from ``x = 0^n, v = 1^n`` on ``f_a``.

    The defaults ``(17/10, 9/10)`` are the paper's example inside the hypotheses (Section 5,
    :data:`zonemax.reference.params.DEFAULT_ALPHA`).  Set ``warn=False`` to silence
    :class:`zonemax.reference.params.OutsideTheoremWarning`.
    """
    a = validate_target(a)
    n = len(a)
    al, be = check_alpha_beta(alpha, beta)
    if warn:
        warn_outside_theorem9(al, be, stacklevel=2)
    budget = check_budget(budget)
    rng = np.random.default_rng(rng)

    x = [0] * n  # Algorithm 2, initialization: x <- 0^n
    v = [Fraction(1)] * n  # Algorithm 2, initialization: v <- 1^n
    fx = fitness(x, a)
    t = 0
    while fx != 0:  # Algorithm 2, line 2
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        i = int(rng.integers(n))  # Algorithm 2, line 5: choose i in [n] uniformly
        s = math.floor(v[i])
        # Algorithm 2, line 6: y_i = x_i - floor(v_i) w.p. 1/2, else x_i + floor(v_i)
        yi = x[i] - s if rng.random() < 0.5 else x[i] + s
        d_old = abs(a[i] - x[i])
        d_new = abs(a[i] - yi)
        if d_new < d_old:  # Algorithm 2, line 7: f(y) < f(x)
            v[i] = al * v[i]  # Algorithm 2, line 8: v_i <- alpha v_i
        else:
            v[i] = max(Fraction(1), be * v[i])  # Algorithm 2, line 10: v_i <- max{1, beta v_i}
        if d_new <= d_old:  # Algorithm 2, line 11: f(y) <= f(x)
            x[i] = yi  # Algorithm 2, line 12: x <- y
            fx += d_new - d_old
        if observer is not None:
            observer(t, tuple(x), tuple(v))
    return RunResult(t, True, tuple(x), fx, "optimum")
