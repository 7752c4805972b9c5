r"""Size limits of the exact solvers: state-count estimates, default caps, documented instances.

``max_states`` caps the *estimated* number of lumped states; the estimate is computed before
anything is built and :class:`~zonemax.exact.result.InstanceTooLarge` (a ``ValueError`` naming
``max_states``) is raised when it is exceeded.  A solve whose reachable states outgrow the cap
while they are being built is refused the same way.

Measured on one core of the development machine (``benchmarks/exact_limits.py`` prints them;
the ``slow`` test ``test_documented_limits_are_solved`` solves them):

* ``ea-pm1``: ``n <= 2, |a|_1 <= 100`` (2601 states, 1.2 s); ``n = 3, |a|_1 <= 30`` (1041, 1.6 s);
  ``n = 4, |a|_1 <= 20`` (717, 4 s); ``n = 5, |a|_1 <= 15`` (408, 3 s).  (Exact denominators grow
  to thousands of digits; that, not the state count, is what limits ``n >= 3``.)
* ``rls-pm1``: ``prod (|a_i| + 1)`` up to about ``10^5`` (``(9,9,9,9,9)``: 2002 states, 0.2 s);
  :func:`~zonemax.exact.rls_pm1.rls_pm1_closed_form` is cheaper still.
* ``rls-ab``: ``(2, 1/2)``: ``n = 1, |a| <= 100`` (586 states, 0.1 s); ``n = 2, |a|_inf <= 20``
  (2850, 0.6 s); ``n = 3, |a|_inf <= 6`` (816, 0.2 s).  ``(17/10, 9/10)``: ``n = 1, |a| <= 20``
  (3366, 1.4 s); ``n = 2, |a|_inf <= 5`` (5886, 2.6 s; ``|a|_inf = 6``: 15051, 6 s).
* ``ea-heavy``: ``n = 1, |a| <= 1000`` (1001 states, 1.4 s); ``n = 2, |a|_1 <= 54`` (784, 3.8 s);
  ``n = 3, |a|_1 <= 16`` (204, 2.1 s).
* ``rls-heavy``: ``n = 1, |a| <= 10^4`` (10001 states, 6.6 s); ``n = 2, |a|_inf <= 100`` (5151,
  3.5 s); ``n = 3, |a|_inf <= 25`` (3276, 1.4 s); ``n = 4, |a|_inf <= 12`` (1820, 0.9 s).

Beyond the paper (the default caps follow these rows):

* ``ea-geom`` (exact Fractions, ``q = 1/2``): ``n = 1, |a| <= 200`` (201 states, 4.5 s);
  ``n = 2, |a|_1 <= 30`` (256, 4.5 s); ``n = 3, |a|_1 <= 16`` (204, 2.4 s); ``n = 4, |a|_1 <= 12``
  (155, 1.9 s).  The interval case (an irrational ``q``, e.g. the default mean 1) is cheaper at the
  same size: ``(20, 20)`` in 6.9 s against 63 s in Fractions, whose denominators grow.
* ``rls-geom`` (``q = 1/2``): ``n = 1, |a| <= 150`` (151, 3.0 s); ``n = 2, |a|_inf <= 30`` (496,
  2.3 s); ``n = 3, |a|_inf <= 15`` (816, 1.2 s); ``n = 4, |a|_inf <= 10`` (1001, 0.8 s).
* ``ea-power`` (``beta = 3/2``): ``n = 1, |a| <= 300`` (301, 2.1 s); ``n = 2, |a|_1 <= 40`` (441,
  3.9 s); ``n = 3, |a|_1 <= 20`` (358, 5.3 s); ``n = 4, |a|_1 <= 12`` (155, 2.0 s).
* ``rls-power`` (``beta = 3/2``): ``n = 1, |a| <= 400`` (401, 3.2 s); ``n = 2, |a|_inf <= 60``
  (1891, 5.5 s); ``n = 3, |a|_inf <= 20`` (1771, 2.4 s); ``n = 4, |a|_inf <= 12`` (1820, 1.4 s).

(Every magnitude up to ``2 f(x)`` has positive probability for the double-geometric and
power-law operators, against about ``log2(2 f(x))`` magnitudes for the heavy-tailed one, hence
their smaller limits; these four rows were measured on the shared 2-core machine under load.  The
heavy-tailed rows were re-measured after the law moved to :mod:`zonemax.exact.heavy_law`, on the
shared development machine under load; each ``(eps, log_base)`` first pays about 0.3 s for its
``c_eps`` enclosure.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache

from zonemax.exact.result import InstanceTooLarge
from zonemax.reference.spec import AlgorithmSpec

#: The solver families of the paper's algorithms, named as in ``zonemax run``.
PAPER_ALGORITHMS: tuple[str, ...] = ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab")
#: The solver families of the step operators beyond the paper.
OPERATOR_ALGORITHMS: tuple[str, ...] = ("ea-geom", "rls-geom", "ea-power", "rls-power")
#: Every solver family.
ALGORITHMS: tuple[str, ...] = PAPER_ALGORITHMS + OPERATOR_ALGORITHMS

#: The instances at the documented size limits (module docstring).
DOCUMENTED_LIMITS: tuple[AlgorithmSpec, ...] = (
    AlgorithmSpec("ea-pm1", (50, 50)),
    AlgorithmSpec("ea-pm1", (10, 10, 10)),
    AlgorithmSpec("ea-pm1", (5, 5, 5, 5)),
    AlgorithmSpec("ea-pm1", (3, 3, 3, 3, 3)),
    AlgorithmSpec("rls-pm1", (9, 9, 9, 9, 9)),
    AlgorithmSpec("rls-ab", (100,), alpha=Fraction(2), beta=Fraction(1, 2)),
    AlgorithmSpec("rls-ab", (20, 20), alpha=Fraction(2), beta=Fraction(1, 2)),
    AlgorithmSpec("rls-ab", (6, 6, 6), alpha=Fraction(2), beta=Fraction(1, 2)),
    AlgorithmSpec("rls-ab", (20,), alpha=Fraction(17, 10), beta=Fraction(9, 10)),
    AlgorithmSpec("rls-ab", (5, 5), alpha=Fraction(17, 10), beta=Fraction(9, 10)),
    AlgorithmSpec("ea-heavy", (1000,), eps=Fraction(1)),
    AlgorithmSpec("ea-heavy", (27, 27), eps=Fraction(1)),
    AlgorithmSpec("ea-heavy", (6, 5, 5), eps=Fraction(1)),
    AlgorithmSpec("rls-heavy", (10_000,), eps=Fraction(1)),
    AlgorithmSpec("rls-heavy", (100, 100), eps=Fraction(1)),
    AlgorithmSpec("rls-heavy", (25, 25, 25), eps=Fraction(1)),
    AlgorithmSpec("rls-heavy", (12, 12, 12, 12), eps=Fraction(1)),
    AlgorithmSpec("ea-geom", (200,), geom_q=Fraction(1, 2)),
    AlgorithmSpec("ea-geom", (15, 15), geom_q=Fraction(1, 2)),
    AlgorithmSpec("ea-geom", (6, 5, 5), geom_q=Fraction(1, 2)),
    AlgorithmSpec("ea-geom", (3, 3, 3, 3), geom_q=Fraction(1, 2)),
    AlgorithmSpec("rls-geom", (150,), geom_q=Fraction(1, 2)),
    AlgorithmSpec("rls-geom", (30, 30), geom_q=Fraction(1, 2)),
    AlgorithmSpec("rls-geom", (15, 15, 15), geom_q=Fraction(1, 2)),
    AlgorithmSpec("rls-geom", (10, 10, 10, 10), geom_q=Fraction(1, 2)),
    AlgorithmSpec("ea-power", (300,)),
    AlgorithmSpec("ea-power", (20, 20)),
    AlgorithmSpec("ea-power", (7, 7, 6)),
    AlgorithmSpec("ea-power", (3, 3, 3, 3)),
    AlgorithmSpec("rls-power", (400,)),
    AlgorithmSpec("rls-power", (60, 60)),
    AlgorithmSpec("rls-power", (20, 20, 20)),
    AlgorithmSpec("rls-power", (12, 12, 12, 12)),
)

#: Default caps on the estimated number of lumped states (``max_states=None``), per family and
#: dimension ``n`` (the last entry applies to all larger ``n``); chosen so that a solve at the cap
#: takes seconds (module docstring).
DEFAULT_MAX_STATES: dict[str, tuple[int, ...]] = {
    "ea-pm1": (3_000, 3_000, 1_100, 750, 450),
    "ea-heavy": (1_100, 800, 250),
    "rls-pm1": (100_000,),
    "rls-heavy": (10_001, 5_200, 3_300, 2_000),
    "rls-ab": (20_000,),
    "ea-geom": (201, 260, 210, 160),
    "rls-geom": (151, 500, 820, 1_001),
    "ea-power": (301, 450, 360, 160),
    "rls-power": (401, 1_900, 1_800, 1_850),
}


def default_max_states(algorithm: str, n: int) -> int:
    """The default ``max_states`` of ``algorithm`` in dimension ``n`` (:data:`DEFAULT_MAX_STATES`)."""
    if algorithm not in DEFAULT_MAX_STATES:
        raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}; got {algorithm!r}")
    caps = DEFAULT_MAX_STATES[algorithm]
    return caps[min(n, len(caps)) - 1]


def check_max_states(max_states: int | None, algorithm: str, n: int) -> int:
    """``max_states`` as given (a positive int), or the default of ``algorithm`` in dimension ``n``."""
    if max_states is None:
        return default_max_states(algorithm, n)
    if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
        raise ValueError(f"max_states must be a positive int, got {max_states!r}")
    return max_states


#: Seconds per lumped state of a solve at the documented limits, per family and dimension ``n``
#: (the last entry applies to larger ``n``): the rows of ``benchmarks/exact_limits.py`` divided
#: by their states, measured on 2026-11-26 on the 2-core development machine (rls-ab: its
#: cheaper ``(2, 1/2)`` rows).  A rough guide to the time of a larger solve, and a low one: the
#: cost per state grows with the instance (exact denominators, longer levels).
SECONDS_PER_STATE: dict[str, tuple[float, ...]] = {
    "ea-pm1": (2.3e-4, 2.3e-4, 8.0e-4, 3.0e-3, 2.7e-3),
    "rls-pm1": (2.5e-5,),
    "rls-ab": (3.4e-5, 5.3e-5, 7.4e-5),
    "ea-heavy": (4.5e-4, 1.4e-3, 3.6e-3),
    "rls-heavy": (2.5e-4, 2.3e-4, 2.4e-4, 2.0e-4),
    "ea-geom": (1.5e-2, 1.2e-2, 7.6e-3, 7.5e-3),
    "rls-geom": (1.3e-2, 3.2e-3, 1.2e-3, 6.9e-4),
    "ea-power": (3.9e-3, 5.5e-3, 9.4e-3, 8.3e-3),
    "rls-power": (5.4e-3, 1.5e-3, 7.7e-4, 5.2e-4),
}


def seconds_per_state(algorithm: str, n: int) -> float:
    """:data:`SECONDS_PER_STATE` of ``algorithm`` in dimension ``n``."""
    costs = SECONDS_PER_STATE[algorithm]
    return costs[min(n, len(costs)) - 1]


def refuse(estimate: int, max_states: int, what: str,
           progress: Callable[[str, int, int], None] | None = None) -> None:
    """Raise :class:`InstanceTooLarge` when ``estimate`` exceeds ``max_states``; otherwise tell
    ``progress("estimate", estimate, max_states)`` (before anything is built)."""
    if estimate <= max_states:
        if progress is not None:
            progress("estimate", estimate, max_states)
        return
    raise InstanceTooLarge(
        f"{what}: about {estimate} lumped states (upper estimate) exceed max_states = "
        f"{max_states}; pass a larger max_states (--max-states) if you accept the time "
        "and memory, or choose a smaller target"
    )


#: The largest ``total`` that :func:`sorted_tuples_upto` counts (its table holds ``total + 1``
#: integers).  A larger sum has more than ``total + 1 > 10^7`` lumped states (the tuples
#: ``(m, 0, ..., 0)``, ``m <= total``, alone), beyond the command line's largest
#: ``--max-states`` (10^7) and beyond any exact solve, so it is refused instead of counted (a
#: target such as ``10^30`` once raised ``OverflowError`` here).
COUNTABLE_TOTAL = 10**7


@cache
def sorted_tuples_upto(n: int, total: int) -> int:
    """Number of non-increasing ``n``-tuples of naturals with sum ``<= total``.

    Raises :class:`~zonemax.exact.result.InstanceTooLarge` when ``total >``
    :data:`COUNTABLE_TOTAL` (the count is then above ``10^7``)."""
    if total > COUNTABLE_TOTAL:
        raise InstanceTooLarge(
            f"|a|_1 = {total} gives more than {COUNTABLE_TOTAL} lumped states (at least "
            "|a|_1 + 1); exact solvers are for small instances: choose a smaller target, or "
            "estimate E[T] with zonemax run")
    # = sum over m <= total of the partitions of m into at most n parts, and (conjugation)
    # partitions into at most n parts are equinumerous with partitions into parts <= n.
    ways = [1] + [0] * total
    for part in range(1, n + 1):
        for m in range(part, total + 1):
            ways[m] += ways[m - part]
    return sum(ways)


def multiset_bound(sizes: Iterable[tuple[int, int]]) -> int:
    """Product over groups of ``C(size + m - 1, m)`` for ``(size, m)`` pairs: the number of
    multisets of ``m`` values out of ``size`` per group of equal start distances."""
    out = 1
    for size, m in sizes:
        out *= math.comb(size + m - 1, m)
    return out


def start_distances(a: Sequence[int]) -> tuple[int, ...]:
    """The lumped start state: the distances ``|a_i|`` of ``x = 0^n``, sorted decreasingly."""
    return tuple(sorted((abs(ai) for ai in a), reverse=True))
