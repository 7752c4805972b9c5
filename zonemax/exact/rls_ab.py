r"""Exact ``E[T]`` of RLS_{alpha,beta} (Algorithm 2), one position per iteration.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2, Algorithm 2, with
rational ``alpha > 1`` and ``0 < beta < 1``.  As in :mod:`zonemax.reference.rls_ab`, one
position is chosen per iteration (the paper's prose) and velocities are exact ``Fraction``.

Per position ``(d, v)`` with ``s = floor(v)``: w.p. 1/2 the step points away (rejected,
``v <- max(1, beta v)``); w.p. 1/2 towards: ``s < 2d`` is a strict improvement
(``d <- |d - s|``, ``v <- alpha v``), ``s = 2d`` is accepted but not strict (``d`` unchanged,
``v <- beta v``), ``s > 2d`` is rejected (``v <- max(1, beta v)``).  A finished position
(``d = 0``) never moves again (any step from the optimum of a coordinate is rejected), so its
velocity is irrelevant and all such pairs are lumped into ``(0, 0)``; the other pairs are lumped
as multisets of ``(d_i, v_i)`` (:mod:`zonemax.exact`, "Symmetry reduction").

*Finiteness:* ``v`` is multiplied by ``alpha`` only on a strict improvement, which lowers ``d``
by at least 1, and is reset to exactly 1 whenever ``beta v < 1``; so every reachable velocity is
``alpha^k beta^m`` with ``0 <= k <= d0 - d`` (``d0 = |a_i|``) and ``alpha^k beta^m >= 1``, i.e.
``m <= k log(alpha)/log(1/beta)``: finitely many.  (Also ``v < 2 alpha d0``: growth needs
``floor(v) < 2d``.)  *No cycles:* every transition other than a self-loop strictly decreases
``(f, sum_i v_i)`` lexicographically (``f`` drops on strict improvements; otherwise ``v_i`` drops
unless ``v_i = 1``, and then the state is unchanged).  So ``E`` follows by one pass in
increasing potential, each state needing only its self-loop.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache

from zonemax.exact.limits import check_max_states, multiset_bound, refuse
from zonemax.exact.linalg import ExactProgress, hitting_moments, variance_of
from zonemax.exact.result import ExactResult, InstanceTooLarge
from zonemax.reference.fitness import validate_target
from zonemax.reference.params import DEFAULT_ALPHA, DEFAULT_BETA, Real, check_alpha_beta

#: A position of RLS_{alpha,beta}: (distance d_i, velocity v_i); finished positions are (0, 0).
Pair = tuple[int, Fraction]
_DONE: Pair = (0, Fraction(0))


def _rls_ab_moves(alpha: Fraction, beta: Fraction) -> Callable[[Pair], tuple[Pair, Pair]]:
    """The two equally likely outcomes (towards, away) of mutating one position."""
    one = Fraction(1)

    @cache
    def moves(pair: Pair) -> tuple[Pair, Pair]:
        d, v = pair
        slower = (d, max(one, beta * v))  # Algorithm 2, line 10: v_i <- max{1, beta v_i}
        s = math.floor(v)  # Algorithm 2, line 6: step floor(v_i)
        if s < 2 * d:  # towards the target and f(y) < f(x): Algorithm 2, lines 8 and 12
            new_d = d - s if s <= d else s - d
            towards = _DONE if new_d == 0 else (new_d, alpha * v)
        else:  # s == 2d: accepted, same distance; s > 2d: rejected; both slow down
            towards = slower
        return towards, slower  # a step away from the target is always rejected

    return moves


def _rls_ab_position_states(d0: int, moves: Callable[[Pair], tuple[Pair, Pair]],
                            cap: int) -> int:
    """Reachable (d, v) pairs of one position started at ``(d0, 1)``, ``(0, 0)`` included;
    the search stops as soon as more than ``cap`` pairs are found (it then returns ``cap + 1``:
    the instance is refused anyway, and counting a huge set exactly can take minutes)."""
    start: Pair = _DONE if d0 == 0 else (d0, Fraction(1))
    seen = {start}
    pending = [start]
    while pending:
        if len(seen) > cap:
            return cap + 1
        pair = pending.pop()
        if pair == _DONE:
            continue
        for nxt in moves(pair):
            if nxt not in seen:
                seen.add(nxt)
                pending.append(nxt)
    return len(seen)


def position_kernel(moves: Callable[[Pair], Iterable[Pair]], n: int, done: Pair
                    ) -> Callable[[tuple[Pair, ...]], dict[tuple[Pair, ...], Fraction]]:
    """The lumped kernel of an RLS whose positions move by ``moves`` (self-loops omitted).

    An iteration selects one of the ``n`` positions uniformly and one of two directions
    (probability ``1/(2n)`` each); the selected position's pair becomes the entry of
    ``moves(pair)`` for that direction, and a finished position (``done``) never moves (any
    step from distance 0 is rejected).  States are sorted tuples of pairs: the multisets of the
    module docstring."""
    each = Fraction(1, 2 * n)

    def transitions(state: tuple[Pair, ...]) -> dict[tuple[Pair, ...], Fraction]:
        out: dict[tuple[Pair, ...], Fraction] = {}
        for pair, m in Counter(state).items():
            if pair == done:
                continue  # any step at distance 0 is rejected
            i = state.index(pair)
            for nxt in moves(pair):
                if nxt == pair:
                    continue
                new = tuple(sorted((*state[:i], nxt, *state[i + 1:]), reverse=True))
                out[new] = out.get(new, Fraction(0)) + m * each
        return out

    return transitions


def rls_ab_exact(
    a: Sequence[int],
    alpha: Real = DEFAULT_ALPHA,
    beta: Real = DEFAULT_BETA,
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """Exact ``E[T]`` of RLS_{alpha,beta} (Algorithm 2), one position per iteration.

    ``alpha``, ``beta`` are read exactly as in :func:`zonemax.reference.rls_ab` (floats as the decimal
    they print as); velocities are exact ``Fraction`` values.  No
    :class:`zonemax.reference.params.OutsideTheoremWarning` is issued: nothing is being claimed.
    """
    a = validate_target(a)
    max_states = check_max_states(max_states, "rls-ab", len(a))
    al, be = check_alpha_beta(alpha, beta)
    n = len(a)
    moves = _rls_ab_moves(al, be)
    what = f"rls-ab (alpha={al}, beta={be}) on a = {a}"
    groups = Counter(abs(ai) for ai in a)
    sizes = [(_rls_ab_position_states(d0, moves, max_states), m) for d0, m in groups.items()]
    if any(size > max_states for size, _ in sizes):
        raise InstanceTooLarge(
            f"{what}: one position alone has more than max_states = {max_states} reachable "
            "(distance, velocity) pairs; pass a larger max_states (--max-states) if you accept "
            "the time and memory, or choose a smaller target")
    refuse(multiset_bound(sizes), max_states, what, progress)
    transitions = position_kernel(moves, n, _DONE)

    def potential(state: tuple[Pair, ...]) -> tuple[int, Fraction]:
        return sum(d for d, _ in state), sum((v for _, v in state), Fraction(0))

    start = tuple(sorted((_DONE if ai == 0 else (abs(ai), Fraction(1)) for ai in a),
                         reverse=True))
    e1, e2, states, h_max = hitting_moments(
        start, transitions, potential, lambda s: s[0] == _DONE, Fraction(1),
        max_states=max_states, what=what, with_variance=with_variance, progress=progress,
    )
    return ExactResult(e1, Fraction(0), states, "rls-ab", a, (("alpha", al), ("beta", be)),
                       variance_of(e1, e2), h_max)
