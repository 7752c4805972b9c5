r"""Exact ``E[T]`` of the (1+1) EA (Algorithm 1) with the ±1 operator (Definition 1).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 1 and
Definition 1.  Notation: ``a`` the target, ``n = len(a)``, ``d`` the sorted distance tuple
(:mod:`zonemax.exact`, "Symmetry reduction"), ``p = 1/n`` the mutation rate.

Per position, the distance moves ``+1`` w.p. ``p/2`` and ``-1`` w.p. ``p/2`` (``+1`` w.p. ``p``
from 0: both directions leave the target coordinate); the offspring is accepted iff the sum of
the changes is ``<= 0`` (Algorithm 1, line 6).  States: sorted ``n``-tuples with sum
``<= |a|_1``.  Levels are coupled (e.g. ``(2,1) -> (3,0) -> (2,1)``) and solved exactly with
``Fraction``.  ``n = 1``: ``E[T] = 2|a|``.

A second, separately written exact solver of the same chain exists in
:func:`zonemax.proofs_check.pm1.pm1_expected_time` (dense elimination over all outcomes of one
iteration); ``tests/test_exact_pm1_agreement.py`` checks that both agree exactly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import product

from zonemax.exact.limits import check_max_states, refuse, sorted_tuples_upto, start_distances
from zonemax.exact.linalg import ExactProgress, hitting_moments, variance_of
from zonemax.exact.result import ExactResult, Num
from zonemax.reference.fitness import validate_target


def _transitions(n: int) -> Callable[[tuple[int, ...]], dict[tuple[int, ...], Num]]:
    p = Fraction(1, n)  # Algorithm 1, line 4: each position with probability 1/n
    q = 1 - p
    half_p = p / 2  # Definition 1: +1 or -1 with probability 1/2 each

    def options(value: int, m: int) -> list[tuple[int, tuple[int, ...], Fraction]]:
        """(change of f, new distances, probability) for ``m`` positions at distance ``value``."""
        opts: list[tuple[int, tuple[int, ...], Fraction]] = []
        if value == 0:
            for k in range(m + 1):  # k mutated positions move from 0 to distance 1
                prob = math.comb(m, k) * p**k * q ** (m - k)
                opts.append((k, (1,) * k + (0,) * (m - k), prob))
            return opts
        for up in range(m + 1):
            for down in range(m + 1 - up):
                stay = m - up - down
                prob = (math.comb(m, up) * math.comb(m - up, down)
                        * half_p ** (up + down) * q**stay)
                moved = (value + 1,) * up + (value - 1,) * down + (value,) * stay
                opts.append((up - down, moved, prob))
        return opts

    def transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], Num]:
        groups = [options(v, m) for v, m in Counter(d).items()]
        out: dict[tuple[int, ...], Num] = {}
        for combo in product(*groups):
            if sum(c[0] for c in combo) > 0:
                continue  # Algorithm 1, line 6: f(y) > f(x) is rejected
            new = tuple(sorted((x for c in combo for x in c[1]), reverse=True))
            if new == d:
                continue
            prob = math.prod((c[2] for c in combo), start=Fraction(1))
            out[new] = out.get(new, 0) + prob
        return out

    return transitions


def ea_pm1_exact(
    a: Sequence[int],
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """Exact ``E[T]`` of the (1+1) EA (Algorithm 1) with the ±1 operator (Definition 1).

    Exact ``Fraction`` arithmetic on the chain of sorted distance tuples; see the module
    docstring and :mod:`zonemax.exact.limits` for the size limits.
    """
    a = validate_target(a)
    max_states = check_max_states(max_states, "ea-pm1", len(a))
    n = len(a)
    what = f"ea-pm1 on a = {a}"
    refuse(sorted_tuples_upto(n, sum(abs(ai) for ai in a)), max_states, what, progress)
    e1, e2, states, h_max = hitting_moments(
        start_distances(a), _transitions(n), sum, lambda d: d[0] == 0, Fraction(1),
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
        order=lambda d: tuple(-x for x in d),
    )
    return ExactResult(e1, Fraction(0), states, "ea-pm1", a, (), variance_of(e1, e2), h_max)
