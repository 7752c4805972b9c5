r"""The lumped chains of the (1+1) EA and of RLS for any sign-symmetric step law (zero step allowed).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2: Algorithm 1 and
RLS.  Used for the step operators beyond the paper (:mod:`zonemax.exact.geom`,
:mod:`zonemax.exact.power`); the paper's own families keep their modules.

A step law is given through its magnitudes: ``law(limit)`` lists ``(m, P(|step| = m))`` for the
magnitudes ``0 <= m <= limit`` of positive probability; a magnitude ``m > 0`` has sign ``+`` or
``-`` with probability 1/2 each, and ``m = 0`` (the double-geometric operator has it) is the
step that does not move.  Longer steps are left out: a step longer than ``2 f(x)`` is never
accepted, since ``|y_i - a_i| >= |s| - d_i >= |s| - f(x) > f(x)`` (the same holds per position
for RLS with ``2 d_i``), and the solvers form the diagonal of the chain as the probability of
*leaving* a state (:mod:`zonemax.exact.linalg`), so the mass of those steps never enters.

States are sorted distance tuples (:mod:`zonemax.exact`, "Symmetry reduction": the kernel
commutes with permutations and sign flips because the law is sign-symmetric).

* **(1+1) EA**, state ``d``, ``f = sum(d)``, ``p = 1/n``: each position independently keeps its
  distance (not mutated, ``1 - p``; absent when ``n = 1``), keeps it through the zero step
  (``p P(0)``), or moves to ``|d_i - m|`` (towards ``a_i``, possibly overshooting) or
  ``d_i + m`` (away), ``p P(m)/2`` each.  The offspring is accepted iff its distances sum to at
  most ``f`` (Algorithm 1, line 6), so each position's new distance is at most ``f``: the
  per-position laws are restricted to ``0..f`` and combined by a depth-first enumeration that
  stops as soon as the partial sum exceeds ``f``.
* **RLS**, state ``d``: a position at distance ``v > 0`` is chosen w.p. ``k/n`` (``k`` positions at
  distance ``v``); a step away, or any step at distance 0, is rejected; the zero step and the
  step ``2v`` towards (landing at distance ``v`` on the other side) leave the lumped state as it
  is; a step ``0 < m < 2v`` towards ``a_i`` (w.p. ``P(m)/2``) moves to distance ``|v - m|``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

#: ``law(limit) -> [(m, P(|step| = m)), ...]`` for ``0 <= m <= limit``.
MagnitudeLaw = Callable[[int], list[tuple[int, Any]]]
State = tuple[int, ...]


def ea_transitions(n: int, law: MagnitudeLaw, one: Any) -> Callable[[State], dict[State, Any]]:
    """The lumped kernel of the (1+1) EA (module docstring), self-loops omitted."""
    p = one / n  # Algorithm 1, line 4: each position is mutated with probability 1/n

    def position_law(di: int, f: int, mags: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
        out: dict[int, Any] = {}

        def add(d_new: int, prob: Any) -> None:
            if d_new <= f:  # a larger distance alone makes f(y) > f(x): rejected
                out[d_new] = out[d_new] + prob if d_new in out else prob

        if n > 1:
            add(di, 1 - p)  # not mutated
        for m, pm in mags:
            if m == 0:
                add(di, p * pm)  # mutated, but the zero step does not move
            else:
                half = p * pm / 2  # sign + or - with probability 1/2
                add(abs(di - m), half)  # towards a_i (possibly overshooting)
                add(di + m, half)  # away from a_i
        return sorted(out.items())

    def transitions(d: State) -> dict[State, Any]:
        f = sum(d)
        mags = law(2 * f)  # a step longer than 2 f(x) is never accepted
        cache: dict[int, list[tuple[int, Any]]] = {}
        per = []
        for di in d:
            if di not in cache:
                cache[di] = position_law(di, f, mags)
            per.append(cache[di])
        out: dict[State, Any] = {}
        chosen: list[int] = []

        def walk(i: int, total: int, prob: Any) -> None:
            if i == len(per):
                new = tuple(sorted(chosen, reverse=True))
                if new != d:
                    out[new] = out[new] + prob if new in out else prob
                return
            for d_new, q in per[i]:
                if total + d_new > f:
                    break  # sorted by distance: every later outcome exceeds f too (line 6)
                chosen.append(d_new)
                walk(i + 1, total + d_new, q if prob is None else prob * q)
                chosen.pop()

        walk(0, 0, None)
        return out

    return transitions


def rls_transitions(n: int, law: MagnitudeLaw, one: Any) -> Callable[[State], dict[State, Any]]:
    """The lumped kernel of RLS (module docstring), self-loops omitted."""

    def transitions(d: State) -> dict[State, Any]:
        out: dict[State, Any] = {}
        for v, k in Counter(d).items():
            if v == 0:
                continue  # every step at distance 0 is rejected (or is the zero step)
            i = d.index(v)
            chosen = k * one / n  # choose one of the k positions at distance v
            for m, pm in law(2 * v):
                if m == 0 or m == 2 * v:
                    continue  # same lumped state
                new = tuple(sorted((*d[:i], abs(v - m), *d[i + 1:]), reverse=True))
                prob = chosen * pm / 2  # the sign points towards a_i
                out[new] = out[new] + prob if new in out else prob
        return out

    return transitions
