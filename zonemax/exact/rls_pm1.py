r"""Exact ``E[T]`` of plain RLS with the ±1 operator (Section 2): chain and closed form.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 ("RLS makes a step
in exactly one position (chosen uniformly at random)") with Definition 1.

Each iteration improves a uniformly chosen non-finished position w.p. ``1/2`` and is rejected
otherwise (a step away, or any step at distance 0, increases ``f``), so
``E(d) = (2n + sum_{i: d_i>0} E(d - e_i))/k`` with ``k = #{i: d_i > 0}``.

Closed form (:func:`rls_pm1_closed_form`): an iteration is an *attempt* at position ``i`` w.p.
``1/(2n)`` each; ``T`` is the time until position ``i`` had ``d_i`` attempts for every ``i``.
Each attempt costs a Geometric(1/2) number of iterations (mean 2, Wald), and the attempts form
the generalised coupon collector; Poissonising it at rate ``n``,

``E[T] = 2n sum_{S != {}} (-1)^{|S|+1} sum_{j_i < d_i (i in S)} (sum j)! / (prod j_i!) / |S|^{sum j + 1}``

over non-empty sets ``S`` of positions with ``d_i > 0`` (inclusion-exclusion on
``int_0^inf 1 - prod_i P(Poisson(t) >= d_i) dt``).  Special cases: one position ``2n d``;
``k`` positions at distance 1: ``2n H_k``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import product

from zonemax.exact.limits import check_max_states, multiset_bound, refuse, start_distances
from zonemax.exact.linalg import ExactProgress, hitting_moments, variance_of
from zonemax.exact.result import ExactResult, Num
from zonemax.reference.fitness import validate_target


def _transitions(n: int) -> Callable[[tuple[int, ...]], dict[tuple[int, ...], Num]]:
    each = Fraction(1, 2 * n)  # choose i uniformly (1/n), step towards a_i (1/2)

    def transitions(d: tuple[int, ...]) -> dict[tuple[int, ...], Num]:
        out: dict[tuple[int, ...], Num] = {}
        for i, di in enumerate(d):
            if di > 0:  # a step away, or any step at distance 0, is rejected
                new = tuple(sorted((*d[:i], di - 1, *d[i + 1:]), reverse=True))
                out[new] = out.get(new, 0) + each
        return out

    return transitions


def rls_pm1_exact(
    a: Sequence[int],
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """Exact ``E[T]`` of plain RLS with the ±1 operator, from its Markov chain.

    See :func:`rls_pm1_closed_form` for the closed form it is tested against.
    """
    a = validate_target(a)
    max_states = check_max_states(max_states, "rls-pm1", len(a))
    n = len(a)
    start = start_distances(a)
    bound = multiset_bound((d + 1, m) for d, m in Counter(start).items())
    refuse(bound, max_states, f"rls-pm1 on a = {a}", progress)
    e1, e2, states, h_max = hitting_moments(
        start, _transitions(n), sum, lambda d: d[0] == 0, Fraction(1),
        max_states=max_states, what=f"rls-pm1 on a = {a}", with_variance=with_variance, progress=progress,
    )
    return ExactResult(e1, Fraction(0), states, "rls-pm1", a, (), variance_of(e1, e2), h_max)


def rls_pm1_closed_form(a: Sequence[int]) -> Fraction:
    r"""Closed form of ``E[T]`` for plain RLS with ±1 (derivation in the module docstring).

    ``E[T] = 2n sum_{S} (-1)^{|S|+1} sum_{m} m! [t^m] prod_{i in S} q_{d_i}(t) / |S|^{m+1}``
    with ``q_d(t) = sum_{j<d} t^j / j!`` and ``S`` ranging over the non-empty multisets of
    non-finished positions (grouped by equal distance, with binomial multiplicities).
    """
    a = validate_target(a)
    n = len(a)
    counts = sorted(Counter(abs(ai) for ai in a if ai != 0).items())

    def truncated_exp(d: int) -> list[Fraction]:
        return [Fraction(1, math.factorial(j)) for j in range(d)]

    def multiply(u: list[Fraction], w: list[Fraction]) -> list[Fraction]:
        out = [Fraction(0)] * (len(u) + len(w) - 1)
        for i, ui in enumerate(u):
            for j, wj in enumerate(w):
                out[i + j] += ui * wj
        return out

    total = Fraction(0)
    for picks in product(*(range(m + 1) for _, m in counts)):
        size = sum(picks)
        if size == 0:
            continue
        weight = math.prod(math.comb(m, k) for (_, m), k in zip(counts, picks, strict=True))
        poly = [Fraction(1)]
        for (d, _), k in zip(counts, picks, strict=True):
            for _ in range(k):
                poly = multiply(poly, truncated_exp(d))
        # int_0^inf t^m e^{-size t} dt = m! / size^(m+1)
        integral = sum(
            (c * math.factorial(m) / Fraction(size) ** (m + 1) for m, c in enumerate(poly)),
            Fraction(0),
        )
        total += (-1) ** (size + 1) * weight * integral
    return 2 * n * total
