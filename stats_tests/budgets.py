r"""Evaluation caps for every draw of the statistical families, from the explicit bounds.

A run that never ends must end the family with a failure, not hang it.  Every draw
is therefore capped, and the cap is chosen so that a *correct* implementation reaches it with
negligible probability, by a Markov-type argument on the drift potential behind each bound:

All three explicit upper bounds of :mod:`zonemax.proofs_check.bounds` used here come from the
multiplicative drift theorem (Theorem 2 of the paper): a potential ``X_t >= x_min`` before the
optimum, ``X_0`` at the start, and ``E[X_t - X_{t+1} | X_t] >= delta X_t``, giving
``E[T] <= B = (1 + L)/delta`` with ``L = ln(X_0/x_min)``.  The same drift condition gives
``E[X_t] <= X_0 (1 - delta)^t <= X_0 e^{-delta t}``, hence by Markov's inequality

``P(T > t) <= P(X_t >= x_min) <= (X_0/x_min) e^{-delta t}``,

which is ``e^{-m}`` at ``t = (L + m)/delta = B (L + m)/(1 + L)``.  The cap is
``SLACK * B (L' + m)/(1 + L')`` with ``m = TAIL_M = 30`` and ``L' = ln|a|_1 <= L`` (each potential
here is at least the distance ``f``: ``g_i >= d_i`` in Lemma 8, ``(omega^d - 1)/(omega - 1) >= d``
in Theorem 3, ``X = f`` in Theorem 5); ``(L + m)/(1 + L)`` decreases in ``L``, so using ``L'``
only enlarges the cap.  With ``SLACK = 2``:

* if the drift condition holds, a correct run is censored with probability at most
  ``e^{-m} = e^{-30} < 1e-13``; over the fewer than ``10^7`` capped runs of a full suite
  that is below ``1e-6``, negligible next to :data:`zonemax.stats_tests.SUITE_ALPHA`;
* if the true drift constant were up to ``SLACK`` times smaller than the proof's, the bound
  ``e^{-m}`` still holds.

The drift conditions are those of Theorem 3 (checked exactly for ``n <= 5`` by
``S3.drift-final``), Theorem 5, and Lemma 8 (certified for ``|a|_1 <= 64`` by
:func:`~zonemax.proofs_check.bounds.rls_ab_upper`; larger targets use the constant certified
for ``d <= 64`` -- what Lemma 8 claims for every ``d`` -- which is an extrapolation, not a
proof).  A cap that is reached is reported as *budget exhausted* and rejects (p = 0): either
the implementation is wrong or the paper's drift claim is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from zonemax.proofs_check import bounds
from zonemax.stats_tests.machinery import Budget

#: ``m`` of the tail bound ``P(censored) <= e^{-m}`` (module docstring).
TAIL_M = 30
#: Extra factor on the cap: the tail bound survives a drift constant this many times weaker.
SLACK = 2


def drift_cap(bound: float, a: Sequence[int]) -> int:
    """``SLACK * B (L' + m)/(1 + L')`` with ``L' = ln|a|_1`` (module docstring)."""
    norm = sum(abs(ai) for ai in a)
    if norm == 0:
        return 0
    ell = math.log(norm)
    return math.ceil(SLACK * bound * (ell + TAIL_M) / (1 + ell))


def pm1_budget(a: Sequence[int]) -> Budget:
    """Cap for the (1+1) EA with ±1, from Theorem 3's explicit bound."""
    upper = float(bounds.pm1_ea_upper(a))
    return Budget(drift_cap(upper, a), f"Theorem 3, E[T] <= {upper:.4g}", TAIL_M)


def heavy_budget(a: Sequence[int], eps: Fraction) -> Budget:
    """Cap for the (1+1) EA with the untruncated heavy-tailed operator (base 2), from
    Theorem 5's explicit bound; it also caps the time to ``f <= alpha |a|_1`` (Corollary 6),
    which is at most the run time."""
    upper = float(bounds.heavy_ea_upper(a, eps))
    return Budget(drift_cap(upper, a), f"Theorem 5, E[T] <= {upper:.4g}", TAIL_M)


def rls_ab_budget(a: Sequence[int], alpha: Fraction, beta: Fraction) -> Budget:
    """Cap for RLS_{alpha,beta}, from Lemma 8's bound with the drift constant certified for
    ``d <= 64`` (extrapolated beyond; module docstring)."""
    upper_mpf = bounds.rls_ab_upper(a, alpha, beta, extrapolate=True)
    if upper_mpf is None:
        raise ValueError(f"no Lemma 8 bound for (alpha, beta) = ({alpha}, {beta}): the certified "
                         "drift constant is not positive, so no cap can be derived")
    upper = float(upper_mpf)
    norm = sum(abs(ai) for ai in a)
    certified = "" if norm <= bounds.RLS_CERTIFIED_D_MAX else ", drift constant extrapolated"
    return Budget(drift_cap(upper, a), f"Lemma 8, E[T] <= {upper:.4g}{certified}", TAIL_M)
