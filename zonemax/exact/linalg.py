r"""The linear algebra of the exact solvers: sparse LU and level-by-level hitting moments.

``E(s) = 1 + sum_t P(s, t) E(t)`` with ``E = 0`` on the target, and for ``with_variance`` the
second moment ``M(s) = 2 E(s) - 1 + sum_t P(s, t) M(t)`` (from ``T = 1 + T'``).  Selection is
elitist, so ``f`` never increases: states are processed level by level in increasing ``f`` (or
a finer potential, see :mod:`zonemax.exact.rls_ab`); inside a level the system
``(I - Q_L) E_L = 1 + R E_lower`` is solved by sparse Gaussian elimination without pivoting.
``I - Q_L`` is a non-singular M-matrix (``Q_L`` is sub-stochastic and every state reaches the
target), so all pivots are positive (Schur complements of non-singular M-matrices are
non-singular M-matrices).  The diagonal ``1 - P(s, s)`` is formed as the total probability of
*leaving* ``s``, so rejected mutations (and steps too long to be accepted) never enter the
arithmetic.  The same code runs on ``Fraction`` (exact) and on ``mpmath`` intervals (rigorous
enclosures).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, TypeVar

import mpmath

from zonemax.exact.limits import refuse
from zonemax.exact.result import MAX_RELATIVE_HALF_WIDTH, EnclosureTooWide, Num

S = TypeVar("S", bound=Hashable)

#: ``progress(stage, done, total)``: ``("estimate", states, max_states)`` once, with the
#: solver's up-front estimate, before anything is built
#: (:func:`~zonemax.exact.limits.refuse`); ``("states", built, 0)`` every
#: :data:`PROGRESS_STATES` states while the chain is built; then ``("levels", solved, total)``
#: after each level of the solve, counting states.
ExactProgress = Callable[[str, int, int], None]
#: States built between two ``progress`` calls (a state's transitions take a millisecond or more).
PROGRESS_STATES = 256


class SparseLU:
    """LU factorisation without pivoting of a sparse square matrix given as row dicts

    (row ``i`` maps column ``j`` to the entry; the pivots must be non-zero, see the module
    docstring for why they are).
    """

    def __init__(self, rows: list[dict[int, Num]]) -> None:
        m = len(rows)
        work = [dict(r) for r in rows]
        holders: list[set[int]] = [set() for _ in range(m)]  # column -> rows holding it
        for i, entries in enumerate(work):
            for j in entries:
                holders[j].add(i)
        lower: list[list[tuple[int, Num]]] = [[] for _ in range(m)]
        for k in range(m):
            pivot_row = work[k]
            pivot = pivot_row[k]
            for r in sorted(i for i in holders[k] if i > k):
                row = work[r]
                factor = row.pop(k) / pivot
                lower[r].append((k, factor))
                for j, value in pivot_row.items():
                    if j == k:
                        continue
                    if j in row:
                        row[j] = row[j] - factor * value
                    else:
                        row[j] = -(factor * value)
                        holders[j].add(r)
        self._lower = lower
        self._upper = work

    def solve(self, rhs: list[Num]) -> list[Num]:
        y = list(rhs)
        for r, ops in enumerate(self._lower):
            for k, factor in ops:
                y[r] = y[r] - factor * y[k]
        x: list[Num] = [None] * len(y)
        for i in range(len(y) - 1, -1, -1):
            row = self._upper[i]
            acc = y[i]
            for j, value in row.items():
                if j != i:
                    acc = acc - value * x[j]
            x[i] = acc / row[i]
        return x


def hitting_moments(
    start: S,
    transitions: Callable[[S], dict[S, Num]],
    level: Callable[[S], Any],
    is_target: Callable[[S], bool],
    one: Num,
    *,
    max_states: int,
    what: str,
    with_variance: bool,
    order: Callable[[S], Any] | None = None,
    progress: ExactProgress | None = None,
) -> tuple[Num, Num | None, int, float]:
    """``E[T]`` (and ``E[T^2]``) of the hitting time of ``is_target`` from ``start``.

    The last entry is ``h_max``, an upper estimate (float, rounded up) of the largest expected
    remaining time over all reachable states; by Markov's inequality and the Markov property,
    ``P(T > m ceil(e h_max)) <= e^{-m}``, which lets simulations choose safe budgets.

    ``transitions(s)`` lists the probabilities of leaving ``s`` (self-loops omitted, their mass
    is ``1 - sum``); every transition must go to a state with ``level <= level(s)``.
    ``progress``, if given, hears how far the build and the solve have got
    (:data:`ExactProgress`).
    """
    if is_target(start):
        zero = one - one
        return zero, (zero if with_variance else None), 1, 0.0
    trans: dict[S, dict[S, Num]] = {}
    targets: set[S] = set()
    trans[start] = {}
    pending = [start]
    while pending:
        s = pending.pop()
        out = transitions(s)
        trans[s] = out
        for t in out:
            if t in trans or t in targets:
                continue
            if is_target(t):
                targets.add(t)
                continue
            trans[t] = {}
            pending.append(t)
            if len(trans) + len(targets) > max_states:
                refuse(len(trans) + len(targets), max_states, what)
        if progress is not None and len(trans) % PROGRESS_STATES == 0:
            progress("states", len(trans) + len(targets), 0)
    levels: dict[Any, list[S]] = {}
    for s in trans:
        levels.setdefault(level(s), []).append(s)
    first: dict[S, Num] = {}
    second: dict[S, Num] = {}
    solved = 0
    for key in sorted(levels):
        members = levels[key]
        if order is not None:
            members.sort(key=order)
        index = {s: i for i, s in enumerate(members)}
        rows: list[dict[int, Num]] = []
        rhs1: list[Num] = []
        for s in members:
            out = trans[s]
            row: dict[int, Num] = {}
            b = one
            leave = None
            for t, prob in out.items():
                leave = prob if leave is None else leave + prob
                if t in targets:
                    continue
                j = index.get(t)
                if j is None:
                    b = b + prob * first[t]
                else:
                    row[j] = -prob
            if leave is None:
                raise RuntimeError(f"state {s!r} cannot leave but is not a target")
            row[index[s]] = leave  # 1 - P(s, s): the probability of leaving s
            rows.append(row)
            rhs1.append(b)
        lu = SparseLU(rows)
        sol1 = lu.solve(rhs1)
        for s, e in zip(members, sol1, strict=True):
            first[s] = e
        if with_variance:
            rhs2: list[Num] = []
            for s in members:
                b = 2 * first[s] - one
                for t, prob in trans[s].items():
                    if t not in targets and t not in index:
                        b = b + prob * second[t]
                rhs2.append(b)
            for s, m2 in zip(members, lu.solve(rhs2), strict=True):
                second[s] = m2
        solved += len(members)
        if progress is not None:
            progress("levels", solved, len(trans))
    h_max = max(upper_float(v) for v in first.values())
    return (first[start], (second[start] if with_variance else None), len(trans) + len(targets),
            h_max)


def upper_float(value: Any) -> float:
    """A float at least ``value`` (a Fraction or an mpmath interval), for tail bounds."""
    if isinstance(value, Fraction):
        return float(value) * (1 + 1e-12)
    return float(value.b) * (1 + 1e-12)


def variance_of(first: Num, second: Num | None) -> Num | None:
    """``Var[T] = E[T^2] - E[T]^2`` (``None`` when the second moment was not computed)."""
    return None if second is None else second - first * first


def check_enclosure(low: Any, high: Any, quantity: str, dps: int) -> None:
    """Refuse (:class:`~zonemax.exact.result.EnclosureTooWide`) an enclosure ``[low, high]``
    that is not finite or whose half-width exceeds
    :data:`~zonemax.exact.result.MAX_RELATIVE_HALF_WIDTH` of its midpoint."""
    low, high = mpmath.mpf(low), mpmath.mpf(high)
    if not (mpmath.isfinite(low) and mpmath.isfinite(high)):
        suggested = 2 * dps  # nothing tells how much was lost: double it
        raise EnclosureTooWide(
            f"the interval enclosure of {quantity} at {dps} digits is [{mpmath.nstr(low, 3)}, "
            f"{mpmath.nstr(high, 3)}], not finite: the solve used up its precision; solve "
            f"again with more digits (dps = {suggested})", quantity, dps, suggested)
    mid = (low + high) / 2
    half = (high - low) / 2
    if half > MAX_RELATIVE_HALF_WIDTH * abs(mid):
        relative = half / abs(mid) if mid != 0 else mpmath.inf
        # digits still to gain: from the relative width to the limit, plus 10 for safety
        gain = (int(mpmath.ceil(mpmath.log10(relative / MAX_RELATIVE_HALF_WIDTH))) + 10
                if mpmath.isfinite(relative) else dps)
        suggested = -(-(dps + gain) // 10) * 10
        raise EnclosureTooWide(
            f"the interval enclosure of {quantity} at {dps} digits is {mpmath.nstr(mid, 6)} +- "
            f"{mpmath.nstr(half, 3)} ({mpmath.nstr(100 * relative, 3)}% of it; at most "
            f"{MAX_RELATIVE_HALF_WIDTH:g} of it is a result): the solve used up its precision; "
            f"solve again with more digits (dps = {suggested})", quantity, dps, suggested)


def interval_result(e1: Any, e2: Any, dps: int) -> tuple[mpmath.mpf, mpmath.mpf, mpmath.mpf | None]:
    """``(midpoint, half-width rounded up, variance midpoint)`` of interval moments ``E[T]`` and
    ``E[T^2]`` (``e2`` may be ``None``), so that ``[mid - err, mid + err]`` contains ``e1``.

    An enclosure that means nothing -- not finite, or wider than
    :data:`~zonemax.exact.result.MAX_RELATIVE_HALF_WIDTH` of its midpoint (the variance's
    too) -- raises :class:`~zonemax.exact.result.EnclosureTooWide` with a precision to try."""
    with mpmath.workdps(dps):
        check_enclosure(e1.a, e1.b, "E[T]", dps)
        low, high = mpmath.mpf(e1.a), mpmath.mpf(e1.b)
        mid = (low + high) / 2
        # every operation above rounds by at most half an ulp (2^-prec relative); enlarging the
        # half-width by 2^(5-prec) of itself and 2^(3-prec) of |mid| covers all of them
        ulp = mpmath.mpf(2) ** -mpmath.mp.prec
        err = max(high - mid, mid - low) * (1 + 32 * ulp) + abs(mid) * 8 * ulp
        var = None
        if e2 is not None:
            v = e2 - e1 * e1
            check_enclosure(v.a, v.b, "Var[T]", dps)
            var = (mpmath.mpf(v.a) + mpmath.mpf(v.b)) / 2
    return mid, err, var
