"""The fast engine's range of counts: every count below ``2^62``, or the run leaves the range.

The kernels hold evaluation counts (``t``, useful iterations, a phase's trials, a position's
moves and selections) in int64.  A count is either exact and below :data:`COUNT_RANGE`, or
*saturated*: equal to :data:`COUNT_RANGE`, meaning only "at least ``2^62``".  Why ``2^62``:
``t <= budget <= MAX_BUDGET < 2^62`` and a saturated draw is ``2^62``, so ``t`` plus one draw is
below ``2^63`` and no int64 sum can wrap (:func:`add_counts` keeps longer sums saturated).  A
saturated draw always exceeds the budget (``<= MAX_BUDGET``), so the run ends censored at its
budget; that answer is exact, since its true count is at least ``2^62`` as well.  When the
caller gave no budget (or one of ``2^62`` or more, which :func:`zonemax.engine.run_seeds`
refuses), the kernels run with the budget :data:`MAX_BUDGET` and such a run is reported as
*beyond the range* (:class:`zonemax.engine.Batch`, ``beyond_range``): its count is a lower
bound, never a run time.  ``2^62`` evaluations is about 730 years of one run at the fastest
rate measured (2e8 evaluations per second, benchmarks/README.md, Table 1), so no run that
finishes comes near it.
"""

from __future__ import annotations

from numba import njit

#: Counts of the fast engine are below this (module docstring); ``2^62 = 4611686018427387904``.
COUNT_RANGE = 1 << 62
#: The largest budget the kernels run with: a larger one (and "no budget") becomes this one.
MAX_BUDGET = COUNT_RANGE - 1
#: ``float(COUNT_RANGE)``, for comparing float64 draws before converting them to int64.
COUNT_RANGE_F = float(COUNT_RANGE)
#: A Poisson mean from which a draw counts as beyond the range: ``1.5 * 2^62``.  For a mean
#: ``lam >= 1.5 x`` (``x = 2^62``), ``P(Poisson(lam) < x) <= exp(-lam (1 - 1/1.5 - ln(1.5)/1.5))
#: <= exp(-0.063 lam) < exp(-10^17)`` (Chernoff), far below the ``2^-53`` to which the engine
#: resolves probabilities (:mod:`zonemax.engine._random`); below this mean the Poisson variable is
#: drawn, and its draws stay below ``2^63`` (numpy's PTRS adds at most ``O(sqrt(lam))`` to
#: ``lam`` when it accepts).
POISSON_BEYOND = 1.5 * COUNT_RANGE_F


@njit(nogil=True, cache=True, inline="always")
def add_counts(x: int, y: int) -> int:
    """``x + y`` for ``0 <= x <= COUNT_RANGE`` and ``0 <= y < 2^63``, saturated at
    :data:`COUNT_RANGE` (the sum is never formed when it would reach it, so it cannot wrap)."""
    return COUNT_RANGE if y >= COUNT_RANGE - x else x + y
