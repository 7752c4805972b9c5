r"""Exact laws of the run time ``T`` of each catalogued variant, from its own lumped chain.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2: Algorithm 1 (the
(1+1) EA) and RLS, each with the ±1 operator (Definition 1).  States are the sorted tuples of
distances ``d_i = |a_i - x_i|`` (the kernel commutes with permutations of the positions and with
sign flips of a coordinate, so the chain lumps onto multisets of distances).

One iteration draws an offspring ``y`` of ``x``; the offspring law lists, for a state ``d``,
the outcomes ``(d', Δf, unchanged, probability)`` of one draw.  A variant is one value on each
of three independent axes (:data:`AXES`), and turns the draw into a kernel:

* acceptance: ``ties-to-offspring`` (Algorithm 1, line 6: accept iff ``Δf <= 0``),
  ``strict-acceptance`` (accept iff ``Δf < 0``: the parent wins ties) or ``ties-by-coin`` (a tie
  accepted with probability 1/2);
* an offspring equal to its parent: ``unchanged-counted`` (Algorithm 1: every iteration costs
  one evaluation), ``resample-unchanged`` (drawn again: the kernel is the draw conditioned on
  ``y != x``) or ``unchanged-not-counted`` (it costs no evaluation);
* the start point: ``start-not-counted`` (Algorithm 1) or ``start-counted`` (``T + 1``).

A variant is named by its values other than the paper's, joined by ``+`` in the axes' order
(``strict-acceptance+start-counted``, ``strict-acceptance+resample-unchanged``); the paper's
values alone are ``algorithm-1``.  Laws that are equal by a proof, whatever the target:

* ``unchanged-not-counted`` and ``resample-unchanged`` (with the same other values): counting
  only evaluations, both see the evaluated offspring as independent draws from the law
  conditioned on ``y != x``, so the kernels, hence the laws of ``T``, are one;
* with RLS and ±1 steps (and RLS with steps that are never 0) no offspring equals its parent
  and no tie leaves the lumped state, so only the start axis changes the law;
* a tie that keeps the lumped state (a mirror image) changes nothing, so the acceptance rules
  differ only through ties that change it.

The check finds these (and any other coincidence on its targets) by comparing the laws
(:func:`zonemax.conformance.api.same_laws`) and reports them as ``same law as``.

Bug classes (:data:`BUGS`, :func:`bug_kernel`) are realistic implementation mistakes of the ±1
EA and RLS that are not combinations of the axes: a mutation rate ``1/|a|_1`` or ``1/(n+1)``,
a step clipped at the target, acceptance by the squared distance.  Each keeps the symmetries
above, so each has an exact lumped law of its own (for RLS both equal the paper's law, by a
proof given in :func:`bug_kernel`).

RLS_{alpha,beta} (Algorithm 2) has its own kernel (:func:`rls_ab_kernel`) on multisets of
(distance, velocity) pairs, with the variants ``tie-increases-velocity`` and ``round-for-floor``.

The heavy-tailed EA and RLS (Definition 2) also have variants of the operator itself, run with
Algorithm 1's acceptance and counting (:data:`HEAVY_OPERATOR_VARIANTS`): the other log base,
whose law is the algorithm's (:data:`PROVEN_SAME`), and ``I`` conditioned on ``2^(I-2) <= r``
or the step clipped to ``r`` (Section 6's two readings of a bounded range).

The distribution ``P(T = t)`` for ``t <= budget`` is propagated with exact ``Fraction``
arithmetic (the state vector of the chain, step by step); ``E[T]`` and ``Var[T]`` are the exact
hitting moments of the same kernel (:func:`zonemax.exact.linalg.hitting_moments`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from zonemax.exact.linalg import hitting_moments, variance_of
from zonemax.exact.result import InstanceTooLarge
from zonemax.exact.rls_ab import position_kernel
from zonemax.reference.params import LogBase, Truncation

State = tuple[int, ...]
#: One outcome of a draw: (new sorted distances, change of f, offspring equals parent, prob).
Outcome = tuple[State, int, bool, Fraction]

#: The axes of the catalogue, each with the paper's choice first (Algorithm 1, line 6: the
#: offspring wins ties; every offspring costs one evaluation; the start point is not counted).
#: A variant is one value per axis, named by its values other than the paper's joined by ``+``
#: (``strict-acceptance+start-counted``); all the paper's values: ``algorithm-1``.
ACCEPTANCE = ("ties-to-offspring", "strict-acceptance", "ties-by-coin")
UNCHANGED = ("unchanged-counted", "resample-unchanged", "unchanged-not-counted")
START = ("start-not-counted", "start-counted")
AXES = (ACCEPTANCE, UNCHANGED, START)


def variant_name(acceptance: str, unchanged: str, start: str) -> str:
    """The name of the combination (module docstring)."""
    parts = [v for v, axis in zip((acceptance, unchanged, start), AXES, strict=True)
             if v != axis[0]]
    return "+".join(parts) or "algorithm-1"


def variant_axes(variant: str) -> tuple[str, str, str]:
    """``(acceptance, unchanged, start)`` of a combination's name; ``ValueError`` if it is
    none."""
    values = [axis[0] for axis in AXES]
    if variant != "algorithm-1":
        parts = variant.split("+")
        for part in parts:
            axis = next((i for i, ax in enumerate(AXES) if part in ax[1:]), None)
            if axis is None or values[axis] != AXES[axis][0]:
                raise ValueError(f"unknown variant {variant!r}: a variant is algorithm-1 or "
                                 f"values of the axes joined by '+', at most one per axis: "
                                 + "; ".join(", ".join(ax[1:]) for ax in AXES))
            values[axis] = part
        if variant_name(*values) != variant:
            raise ValueError(f"unknown variant {variant!r}: write it as "
                             f"{variant_name(*values)!r} (the axes in their order)")
    return values[0], values[1], values[2]


def combinations(acceptance: tuple[str, ...] = ACCEPTANCE) -> tuple[str, ...]:
    """Every combination of the axes (with the acceptance rules given), ``algorithm-1`` first,
    then the single deviations, then the pairs, then the triples."""
    names = [variant_name(a, u, s) for a in acceptance for u in UNCHANGED for s in START]
    return tuple(sorted(names, key=lambda v: (0 if v == "algorithm-1" else v.count("+") + 1,
                                              names.index(v))))


#: The variants the run level knows (every combination of the axes); ``algorithm-1`` is the
#: paper's Algorithm 1 (or RLS).
VARIANTS = combinations()
#: The single deviations the catalogue started with (its first five names).
SINGLE_VARIANTS = ("algorithm-1", "strict-acceptance", "resample-unchanged",
                   "unchanged-not-counted", "start-counted")

#: Largest number of lumped states a conformance law is built for (the instances are small).
MAX_STATES = 5000


def start_state(a: Sequence[int]) -> State:
    """The sorted distance tuple of ``x = 0^n`` (Algorithm 1, line 1)."""
    return tuple(sorted((abs(int(ai)) for ai in a), reverse=True))


def _ea_position_options(value: int, m: int, n: int, rate: Fraction | None = None,
                        clipped: bool = False
                        ) -> list[tuple[int, tuple[int, ...], bool, Fraction]]:
    """(Δf, new distances, none changed, probability) for ``m`` positions at distance ``value``
    (``rate``: the mutation probability instead of ``1/n``; ``clipped``: a step past the target
    is clipped, see :data:`BUGS`)."""
    # Algorithm 1, line 4: each position with probability 1/n
    p = Fraction(1, n) if rate is None else rate
    q = 1 - p
    half = p / 2  # Definition 1: +1 or -1 with probability 1/2 each
    opts = []
    if value == 0 and clipped:
        # the step past a_i is clipped (the position stays: probability q + p/2), the step back
        # towards 0 moves to distance 1 (p/2)
        for k in range(m + 1):
            prob = math.comb(m, k) * half**k * (q + half) ** (m - k)
            opts.append((k, (1,) * k + (0,) * (m - k), k == 0, prob))
        return opts
    if value == 0:
        for k in range(m + 1):  # any step from distance 0 moves to distance 1
            prob = math.comb(m, k) * p**k * q ** (m - k)
            opts.append((k, (1,) * k + (0,) * (m - k), k == 0, prob))
        return opts
    for up in range(m + 1):
        for down in range(m + 1 - up):
            stay = m - up - down
            prob = math.comb(m, up) * math.comb(m - up, down) * half ** (up + down) * q**stay
            moved = (value + 1,) * up + (value - 1,) * down + (value,) * stay
            opts.append((up - down, moved, up + down == 0, prob))
    return opts


def ea_pm1_offspring(n: int, *, rate: Fraction | None = None, clipped: bool = False
                     ) -> Callable[[State], list[Outcome]]:
    """The law of one offspring of Algorithm 1 with the ±1 operator, lumped (module docstring);
    ``rate`` and ``clipped`` give the bug classes of :data:`BUGS` (mutation probability
    ``rate`` instead of ``1/n``; a step past the target clipped)."""

    def law(d: State) -> list[Outcome]:
        groups = [_ea_position_options(v, m, n, rate, clipped) for v, m in Counter(d).items()]
        out: dict[tuple[State, int, bool], Fraction] = {}
        for combo in product(*groups):
            delta = sum(c[0] for c in combo)
            new = tuple(sorted((x for c in combo for x in c[1]), reverse=True))
            unchanged = all(c[2] for c in combo)
            prob = math.prod((c[3] for c in combo), start=Fraction(1))
            key = (new, delta, unchanged)
            out[key] = out.get(key, Fraction(0)) + prob
        return [(k[0], k[1], k[2], v) for k, v in out.items()]

    return law


def rls_pm1_offspring(n: int, *, clipped: bool = False) -> Callable[[State], list[Outcome]]:
    """One offspring of RLS with the ±1 operator: one uniform position steps ±1 (Section 2);
    ``clipped``: the step past the target is clipped (the bug of :data:`BUGS`)."""
    each = Fraction(1, 2 * n)  # position 1/n, direction 1/2 (Definition 1)

    def law(d: State) -> list[Outcome]:
        out: dict[tuple[State, int, bool], Fraction] = {}
        for i, di in enumerate(d):
            if di == 0:
                moves = [(1, 1), (0, 0) if clipped else (1, 1)]
            else:
                moves = [(di + 1, 1), (di - 1, -1)]
            for new_di, delta in moves:
                new = tuple(sorted((*d[:i], new_di, *d[i + 1:]), reverse=True))
                key = (new, delta, new_di == di)
                out[key] = out.get(key, Fraction(0)) + each
        return [(k[0], k[1], k[2], v) for k, v in out.items()]

    return law


def geom_magnitude(q: Fraction) -> Callable[[int], Fraction]:
    """``P(|Z| = m)`` of the double-geometric step ``Z = G1 - G2`` (Rudolph 1994):
    ``(1 - q)/(1 + q)`` at 0 and ``2 (1 - q) q^m / (1 + q)`` beyond (see
    :mod:`zonemax.exact.geom_law`)."""
    c = (1 - q) / (1 + q)
    return lambda m: c if m == 0 else 2 * c * q**m


def _moves(d: int, f: int, law: Callable[[int], Fraction]) -> list[tuple[int, bool, Fraction]]:
    """(new distance, changed, probability) of one mutated position at distance ``d``, for the
    new distances ``<= f`` (a longer one alone makes the offspring worse: rejected)."""
    out: dict[tuple[int, bool], Fraction] = {}
    out[(d, False)] = law(0)  # the zero step
    for m in range(1, d + f + 1):
        half = law(m) / 2  # sign + or - with probability 1/2
        for new in (abs(d - m), d + m):
            if new <= f:
                out[(new, True)] = out.get((new, True), Fraction(0)) + half
    return [(k[0], k[1], v) for k, v in out.items()]


def ea_step_offspring(n: int, law: Callable[[int], Fraction]
                      ) -> Callable[[State], list[Outcome]]:
    """One offspring of Algorithm 1 with a sign-symmetric step law (``law(m) = P(|s| = m)``),
    lumped; outcomes with a position farther than ``f`` are left out (rejected), and the draw
    with no position changed is listed with its exact probability."""
    p = Fraction(1, n)  # Algorithm 1, line 4

    def offspring(d: State) -> list[Outcome]:
        f = sum(d)
        per: list[list[tuple[int, bool, Fraction]]] = []
        for di in d:
            opts = [(new, changed, p * prob) for new, changed, prob in _moves(di, f, law)]
            if n > 1:
                opts.append((di, False, 1 - p))  # not mutated
            per.append(opts)
        out: dict[tuple[State, int, bool], Fraction] = {}
        for combo in product(*per):
            new = tuple(sorted((c[0] for c in combo), reverse=True))
            delta = sum(new) - f
            if delta > 0:
                continue  # rejected under every variant
            changed = any(c[1] for c in combo)
            prob = math.prod((c[2] for c in combo), start=Fraction(1))
            key = (new, delta, not changed)
            out[key] = out.get(key, Fraction(0)) + prob
        return [(k[0], k[1], k[2], v) for k, v in out.items()]

    return offspring


def rls_step_offspring(n: int, law: Callable[[int], Fraction]
                       ) -> Callable[[State], list[Outcome]]:
    """One offspring of RLS with a sign-symmetric step law: one uniform position moves."""

    def offspring(d: State) -> list[Outcome]:
        f = sum(d)
        out: dict[tuple[State, int, bool], Fraction] = {}
        for i, di in enumerate(d):
            for new_di, changed, prob in _moves(di, f, law):
                new = tuple(sorted((*d[:i], new_di, *d[i + 1:]), reverse=True))
                key = (new, new_di - di, not changed)
                out[key] = out.get(key, Fraction(0)) + prob / n
        return [(k[0], k[1], k[2], v) for k, v in out.items()]

    return offspring


OFFSPRING = {"ea-pm1": ea_pm1_offspring, "rls-pm1": rls_pm1_offspring}
#: Algorithms whose step law has a parameter: (offspring builder, magnitude law from q).
STEP_OFFSPRING = {"ea-geom": ea_step_offspring, "rls-geom": rls_step_offspring}

#: Bug classes: realistic mistakes in an implementation of Algorithm 1 or RLS with the ±1
#: operator (Gadea Harder et al. 2023, Section 2, Definition 1), each with its exact law
#: (:func:`bug_kernel`).  They are not combinations of the axes (:func:`variant_axes` refuses
#: them); :func:`run_time_law` takes them as ``variant``.
BUGS: dict[str, tuple[str, ...]] = {
    "ea-pm1": ("rate-1/|a|_1", "rate-1/(n+1)", "step-clipped-at-a",
               "squared-distance-acceptance"),
    "rls-pm1": ("step-clipped-at-a", "squared-distance-acceptance"),
}


def _unknown_bug(algorithm: str, name: str) -> ValueError:
    known = ", ".join(BUGS.get(algorithm, ()))
    return ValueError(f"unknown bug {name!r} of {algorithm}; the bug classes of {algorithm} "
                      f"are: {known or 'none'}")


def _squares(d: State) -> int:
    return sum(di * di for di in d)


def bug_kernel(algorithm: str, name: str, a: Sequence[int]
               ) -> Callable[[State], dict[State, Fraction]]:
    r"""The lumped kernel (self-loops omitted) of the bug class ``name`` of ``algorithm``
    (``ea-pm1``: Algorithm 1, ``rls-pm1``: RLS, each with the ±1 operator of Definition 1, in
    Gadea Harder, Kötzing, Li, Radhakrishnan 2023, arXiv:2307.11855, Section 2) on target ``a``.
    Each is Algorithm 1 (or RLS) with one change, everything else as in the paper (the start
    ``0^n`` not counted, every offspring evaluated and counted, the run ends at ``x = a``):

    * ``rate-1/|a|_1`` (EA): each position is mutated with probability ``1/|a|_1`` instead of
      ``1/n`` (line 4); wherever ``|a|_1 = n`` (every ``|a_i| = 1``, or zeros and twos as in
      ``(2, 0)``) the kernel, hence the law, is Algorithm 1's, and wherever ``|a|_1 = n + 1``
      it is ``rate-1/(n+1)``'s;
    * ``rate-1/(n+1)`` (EA): mutation probability ``1/(n+1)``;
    * ``step-clipped-at-a``: a step that would move ``x_i`` past ``a_i`` (to the side of ``a_i``
      away from the start 0; for ``a_i = 0`` the side ``x_i > 0``) leaves ``x_i = a_i``.  A
      mutated position at distance 0 stays there with probability 1/2 (the step past ``a_i``)
      and moves to distance 1 with probability 1/2 (the step back towards 0); the offspring
      may equal its parent and still costs an evaluation.  For RLS the law is the paper's on
      every target: there a step from distance 0 makes ``f`` worse and is rejected, and the
      clipped step leaves ``x`` unchanged, both a self-loop of every state;
    * ``squared-distance-acceptance``: the offspring is accepted iff
      ``sum (a_i - y_i)^2 <= sum (a_i - x_i)^2`` (ties to the offspring) instead of line 6's
      ``f(y) <= f(x)``; ``f`` may now grow (``(3, 0, 0) -> (2, 1, 1)``) while the sum of squares
      never does, so the chain stays finite.  For RLS the law is again the paper's: one
      position moves from distance ``d`` to ``d ± 1``, the sum of squares changes by
      ``±2d + 1``, which is negative exactly when ``f`` decreases.

    Why the lumping onto sorted distance tuples stays exact (module docstring): each change
    commutes with permutations of the positions (a rate that is the same for all positions, a
    rule applied per position, an acceptance by a symmetric function of the distances) and
    with the sign flip ``a_i -> -a_i, x_i -> -x_i`` of a coordinate (the rates and the squared
    distance do not see signs; the clip is to the side of ``a_i`` away from 0, which flips
    with it).  Under the clip no ``x_i`` ever passes ``a_i``, so ``x_i = a_i - sign(a_i) d_i``
    is a function of ``d_i`` and the next distances depend on the distances only.
    """
    if algorithm not in BUGS:
        raise ValueError(f"no bug classes for {algorithm!r}; they belong to "
                         f"{', '.join(BUGS)}")
    if name not in BUGS[algorithm]:
        raise _unknown_bug(algorithm, name)
    a = tuple(int(ai) for ai in a)
    n = len(a)
    offspring: Callable[[State], list[Outcome]]
    if algorithm == "rls-pm1":
        offspring = rls_pm1_offspring(n, clipped=name == "step-clipped-at-a")
    else:
        rate = {"rate-1/|a|_1": Fraction(1, sum(abs(ai) for ai in a)),
                "rate-1/(n+1)": Fraction(1, n + 1)}.get(name)
        offspring = ea_pm1_offspring(n, rate=rate, clipped=name == "step-clipped-at-a")
    squared = name == "squared-distance-acceptance"

    def kernel(d: State) -> dict[State, Fraction]:
        out: dict[State, Fraction] = {}
        for new, delta, _unchanged, prob in offspring(d):
            # Algorithm 1, line 6 (or the squared distances): ties to the offspring
            accept = _squares(new) <= _squares(d) if squared else delta <= 0
            if accept and new != d:
                out[new] = out.get(new, Fraction(0)) + prob
        return out

    return kernel


#: The variants of RLS_{alpha,beta} (Algorithm 2) with a law of their own.
RLS_AB_VARIANTS = ("algorithm-2", "strict-acceptance", "resample-unchanged",
                   "unchanged-not-counted", "start-counted", "tie-increases-velocity",
                   "round-for-floor",
                   # its own two axes (velocity on a tie, rounding) combined with each other and
                   # with the start point (strict acceptance and unchanged offspring change
                   # nothing: see rls_ab_kernel)
                   "tie-increases-velocity+start-counted", "round-for-floor+start-counted",
                   "tie-increases-velocity+round-for-floor",
                   "tie-increases-velocity+round-for-floor+start-counted")
#: A position of RLS_{alpha,beta}: (distance, velocity); finished positions are (0, 0).
Pair = tuple[int, Fraction]
DONE: Pair = (0, Fraction(0))


def rls_ab_kernel(n: int, alpha: Fraction, beta: Fraction, variant: str
                  ) -> Callable[[tuple[Pair, ...]], dict[tuple[Pair, ...], Fraction]]:
    """The lumped kernel of RLS_{alpha,beta} (Algorithm 2) or a variant, self-loops omitted.

    Per position ``(d, v)``, step ``s = floor(v)`` (``round-for-floor``: ``floor(v + 1/2)``):
    a step away is rejected and ``v <- max(1, beta v)`` (Algorithm 2, line 10); towards,
    ``s < 2d`` is strictly better (``d <- |d - s|``, ``v <- alpha v``, line 8), ``s = 2d`` is a
    tie: accepted with the same distance and ``v <- max(1, beta v)`` (``tie-increases-velocity``:
    ``v <- alpha v``; ``strict-acceptance`` rejects it, which leaves the same lumped state), and
    ``s > 2d`` is rejected.  No offspring equals its parent (``s >= 1``), so resampling or not
    counting unchanged offspring changes nothing.  Finished positions are lumped into ``(0, 0)``.
    """
    one = Fraction(1)
    parts = variant.split("+")
    rounds, faster_on_tie = "round-for-floor" in parts, "tie-increases-velocity" in parts

    def moves(pair: Pair) -> tuple[Pair, Pair]:
        d, v = pair
        slower = (d, max(one, beta * v))  # Algorithm 2, line 10
        s = math.floor(v + Fraction(1, 2)) if rounds else math.floor(v)
        if s < 2 * d:  # strictly better: Algorithm 2, lines 8 and 12
            new_d = abs(d - s)
            towards = DONE if new_d == 0 else (new_d, alpha * v)
        elif s == 2 * d and faster_on_tie:
            towards = (d, alpha * v)
        else:
            towards = slower
        return towards, slower

    return position_kernel(moves, n, DONE)


def variant_kernel(offspring: Callable[[State], list[Outcome]], variant: str
                   ) -> Callable[[State], dict[State, Fraction]]:
    """The kernel of ``variant`` (its acceptance and unchanged-offspring axes; the start axis is
    a shift of ``T``, applied by the caller) built from the offspring law, self-loops omitted."""
    acceptance, unchanged_rule, _start = variant_axes(variant)
    tie = {"ties-to-offspring": Fraction(1), "strict-acceptance": Fraction(0),
           "ties-by-coin": Fraction(1, 2)}[acceptance]

    def kernel(d: State) -> dict[State, Fraction]:
        outcomes = offspring(d)
        scale = Fraction(1)
        if unchanged_rule != "unchanged-counted":
            # the draw conditioned on y != x; the unchanged draws are always listed (f does not
            # move), the rejected changed ones may be left out
            unchanged = sum((o[3] for o in outcomes if o[2]), Fraction(0))
            scale = 1 / (1 - unchanged)
            outcomes = [o for o in outcomes if not o[2]]
        out: dict[State, Fraction] = {}
        for new, delta, _unchanged, prob in outcomes:
            # Algorithm 1, line 6 (or the variant's rule): a tie is accepted with probability
            # ``tie``; a tie that leaves the lumped state is what the rules tell apart
            accept = Fraction(1) if delta < 0 else tie if delta == 0 else Fraction(0)
            if accept and new != d:
                out[new] = out.get(new, Fraction(0)) + prob * scale * accept
        return out

    return kernel


def split_start(variant: str) -> tuple[str, int]:
    """``(the variant without its start axis, the shift of T)``."""
    acceptance, unchanged, start = variant_axes(variant)
    return (variant_name(acceptance, unchanged, START[0]),
            1 if start == "start-counted" else 0)


@dataclass(frozen=True)
class RunTimeLaw:
    """The exact law of ``T`` of one variant on one target, up to a budget.

    Attributes
    ----------
    pmf:
        ``pmf[t] = P(T = t)`` for ``t = 0..budget`` (exact).
    tail:
        ``P(T > budget)`` (exact).
    mean, variance:
        ``E[T]`` and ``Var[T]`` of the untruncated ``T`` (exact); ``None`` where the chain is
        infinite (the law up to the budget is exact all the same).
    states:
        Number of lumped states reached (0 for an infinite chain).
    """

    algorithm: str
    variant: str
    a: tuple[int, ...]
    budget: int
    pmf: tuple[Fraction, ...]
    tail: Fraction
    mean: Fraction | None
    variance: Fraction | None
    states: int
    pmf_upper: tuple[Fraction, ...] | None = None
    tail_upper: Fraction | None = None

    @property
    def enclosed(self) -> bool:
        """The law is an enclosure: ``pmf``/``tail`` are lower bounds, ``pmf_upper``/
        ``tail_upper`` upper bounds (step laws with irrational probabilities)."""
        return self.pmf_upper is not None

    def cdf(self, t: int) -> Fraction:
        """``P(T <= t)``."""
        return sum(self.pmf[: t + 1], Fraction(0)) if t >= 0 else Fraction(0)

    def truncated_moments(self, power: int = 1) -> Fraction:
        """``E[min(T, budget)^power]`` (exact)."""
        b = self.budget
        return (sum((p * t**power for t, p in enumerate(self.pmf)), Fraction(0))
                + self.tail * b**power)

    def truncated_pmf(self) -> tuple[Fraction, ...]:
        """The law of ``min(T, budget)`` on ``0..budget`` (lower bounds for an enclosure)."""
        return (*self.pmf[:-1], self.pmf[-1] + self.tail)

    def truncated_pmf_upper(self) -> tuple[Fraction, ...]:
        """Upper bounds of the law of ``min(T, budget)`` (the law itself when exact)."""
        if self.pmf_upper is None or self.tail_upper is None:
            return self.truncated_pmf()
        return (*self.pmf_upper[:-1], self.pmf_upper[-1] + self.tail_upper)


def run_time_law(algorithm: str, variant: str, a: Sequence[int], budget: int,
                 alpha: Fraction | None = None, beta: Fraction | None = None,
                 q: Fraction | None = None, eps: Fraction | None = None,
                 exponent: Fraction | None = None) -> RunTimeLaw:
    """The exact law of ``T`` of ``variant`` of ``algorithm`` on target ``a`` (module docstring;
    ``alpha``, ``beta`` for ``rls-ab`` only, the rational ratio ``q`` for ``ea-geom`` and
    ``rls-geom``).  For ``ea-pm1`` and ``rls-pm1`` ``variant`` may also be a bug class of
    :data:`BUGS` (its kernel: :func:`bug_kernel`)."""
    if algorithm in ENCLOSED_STEPS:
        return _enclosed_law(algorithm, variant, tuple(int(ai) for ai in a), budget, eps,
                             exponent)
    known = (*OFFSPRING, *STEP_OFFSPRING, *ENCLOSED_STEPS, "rls-ab")
    if algorithm not in known:
        raise ValueError(f"no run-time law for {algorithm!r}; choose one of {', '.join(known)}")
    a = tuple(int(ai) for ai in a)
    if not a or all(ai == 0 for ai in a):
        raise ValueError("the target a must be a non-empty tuple with a non-zero entry")
    if not isinstance(budget, int) or budget < 1:
        raise ValueError(f"budget must be a positive int, got {budget!r}")
    bug = variant in BUGS.get(algorithm, ())
    if algorithm == "rls-ab":
        shift = 1 if variant.endswith("start-counted") else 0
        base = variant.removesuffix("start-counted").rstrip("+") or "algorithm-2"
    elif bug:
        base, shift = variant, 0  # a bug class (BUGS): the start is not counted
    else:
        try:
            base, shift = split_start(variant)
        except ValueError as error:
            if algorithm not in BUGS:
                raise
            raise ValueError(f"{error}; or one of the bug classes of {algorithm}: "
                             f"{', '.join(BUGS[algorithm])}") from None
    kernel: Callable[[Any], dict[Any, Fraction]]
    start: Any
    if algorithm == "rls-ab":
        if variant not in RLS_AB_VARIANTS:
            raise ValueError(f"unknown variant {variant!r} of rls-ab; choose one of "
                             f"{', '.join(RLS_AB_VARIANTS)}")
        if alpha is None or beta is None:
            raise ValueError("rls-ab needs alpha and beta")
        kernel = rls_ab_kernel(len(a), alpha, beta, base)
        start = tuple(sorted((DONE if ai == 0 else (abs(ai), Fraction(1)) for ai in a),
                             reverse=True))

        def is_target(d: Any) -> bool:
            return bool(d[0] == DONE)

        def level(d: Any) -> int:
            return sum(p[0] for p in d)
    else:
        if bug:
            kernel = bug_kernel(algorithm, variant, a)
        else:
            if algorithm in STEP_OFFSPRING:
                if q is None:
                    raise ValueError(f"{algorithm} needs the ratio q")
                built = STEP_OFFSPRING[algorithm](len(a), geom_magnitude(q))
            else:
                built = OFFSPRING[algorithm](len(a))
            kernel = variant_kernel(built, base)
        start = start_state(a)
        # every move keeps or lowers f, except under squared-distance acceptance, which keeps
        # or lowers the sum of squares (hitting_moments solves level by level)
        squared = variant == "squared-distance-acceptance" and bug

        def is_target(d: Any) -> bool:
            return bool(d[0] == 0)

        def level(d: Any) -> int:
            return _squares(d) if squared else sum(d)
    mean: Fraction | None = None
    var: Fraction | None = None
    key = (algorithm, base, a, alpha, beta, q)  # the start axis shifts T: one chain for both
    if key not in _MOMENTS:
        try:
            e1, e2, count, _ = hitting_moments(start, kernel, level, is_target, Fraction(1),
                                               max_states=MAX_STATES,
                                               what=f"{algorithm} on a = {a}",
                                               with_variance=True)
        except InstanceTooLarge:
            # an infinite chain (RLS_{alpha,beta} whose velocity grows on ties reaches
            # infinitely many velocities alpha^k beta^m): the law up to the budget is still
            # exact (below)
            _MOMENTS[key] = None
        else:
            assert e2 is not None
            v2 = variance_of(e1, e2)
            assert isinstance(e1, Fraction) and isinstance(v2, Fraction)
            _MOMENTS[key] = (e1, v2, count)
    moments = _MOMENTS[key]
    states = 0
    if moments is not None:
        mean, var, states = moments[0] + shift, moments[1], moments[2]
    pmf = _propagate(start, kernel, kernel, is_target, budget, shift)
    tail = 1 - sum(pmf, Fraction(0))
    return RunTimeLaw(algorithm, variant, a, budget, tuple(pmf), tail, mean, var, states)


#: Hitting moments ``(E[T], Var[T], states)`` of each chain without the start point counted
#: (``None``: an infinite chain), per (algorithm, kernel variant, target, parameters).
_MOMENTS: dict[tuple[Any, ...], tuple[Fraction, Fraction, int] | None] = {}

#: Grid of the enclosures' propagation: after each step every entry of the lower vector is
#: rounded down, and of the upper vector up, to a multiple of 2^-GRID_BITS, which keeps the
#: rationals short; the bounds stay bounds (the widening is below 2^-GRID_BITS per state and
#: step).
GRID_BITS = 96


def _round(value: Fraction, up: bool) -> Fraction:
    scaled = value * (1 << GRID_BITS)
    whole = math.ceil(scaled) if up else math.floor(scaled)
    return Fraction(whole, 1 << GRID_BITS)


def _propagate(start: Any, moves: Callable[[Any], dict[Any, Fraction]],
               leaving: Callable[[Any], dict[Any, Fraction]], is_target: Callable[[Any], bool],
               budget: int, shift: int, rounding: str | None = None) -> list[Fraction]:
    """``P(T = t)`` for ``t <= budget``: the state vector step by step, the mass entering the
    target at step ``t``.  ``moves`` gives the transitions, ``leaving`` the rows whose sum is
    the probability of leaving (the same kernel for an exact law; for an enclosure the lower
    kernel with the upper one's leaving mass gives lower bounds, and vice versa)."""
    if rounding is None:
        return _propagate_exact(start, moves, leaving, is_target, budget, shift)
    cache: dict[Any, tuple[dict[Any, Fraction], Fraction]] = {}
    vec: dict[Any, Fraction] = {start: Fraction(1)}
    pmf: list[Fraction] = [Fraction(0)] * shift
    for _t in range(budget + 1 - shift):
        pmf.append(sum((p for d, p in vec.items() if is_target(d)), Fraction(0)))
        new_vec: dict[Any, Fraction] = {}
        for d, p in vec.items():
            if is_target(d):
                continue
            if d not in cache:
                cache[d] = (moves(d), sum(leaving(d).values(), Fraction(0)))
            row, leave = cache[d]
            for e, q in row.items():
                new_vec[e] = new_vec.get(e, Fraction(0)) + p * q
            new_vec[d] = new_vec.get(d, Fraction(0)) + p * (1 - leave)
        if rounding is not None:  # an enclosure: "down" for lower bounds, "up" for upper
            new_vec = {d: _round(p, rounding == "up") for d, p in new_vec.items()}
        vec = new_vec
    return pmf[: budget + 1]


def _propagate_exact(start: Any, moves: Callable[[Any], dict[Any, Fraction]],
                     leaving: Callable[[Any], dict[Any, Fraction]],
                     is_target: Callable[[Any], bool], budget: int, shift: int
                     ) -> list[Fraction]:
    """:func:`_propagate` without rounding, in integers: the state vector is kept as integer
    numerators over one common denominator (multiplied at each step by the least common
    multiple of the denominators of the rows in use), so a step costs integer products and no
    greatest common divisors; the law is the same, exactly."""
    rows: dict[Any, tuple[list[tuple[Any, Fraction]], int]] = {}  # row with its self-loop, lcm
    scaled: dict[tuple[Any, int], list[tuple[Any, int]]] = {}  # the row times a multiplier
    vec: dict[Any, int] = {start: 1}
    denominator = 1
    pmf: list[Fraction] = [Fraction(0)] * shift
    for _t in range(budget + 1 - shift):
        pmf.append(Fraction(sum(p for d, p in vec.items() if is_target(d)), denominator))
        active = [d for d in vec if not is_target(d)]
        multiplier = 1
        for d in active:
            if d not in rows:
                row = [(e, Fraction(q)) for e, q in moves(d).items()]
                row.append((d, 1 - sum(leaving(d).values(), Fraction(0))))
                rows[d] = (row, math.lcm(*(q.denominator for _e, q in row)))
            multiplier = math.lcm(multiplier, rows[d][1])
        new_vec: dict[Any, int] = {}
        for d in active:
            key = (d, multiplier)
            if key not in scaled:
                scaled[key] = [(e, q.numerator * (multiplier // q.denominator))
                               for e, q in rows[d][0] if q]
            p = vec[d]
            for e, w in scaled[key]:
                new_vec[e] = new_vec.get(e, 0) + p * w
        vec = new_vec
        denominator *= multiplier
    return pmf[: budget + 1]


#: Step laws with irrational probabilities (Definition 2's c_eps, the power law's zeta): their
#: run-time laws are enclosures.
ENCLOSED_STEPS = {"ea-heavy": "ea", "rls-heavy": "rls", "ea-power": "ea", "rls-power": "rls"}
#: Precision (decimal digits) of the step laws' interval enclosures.
STEP_DPS = 30


def _rational_bounds(value: Any) -> tuple[Fraction, Fraction]:
    """A rational enclosure of an mpmath interval, widened by one float ulp each side."""
    lo = _round(Fraction(math.nextafter(float(value.a), -math.inf)), up=False)
    hi = _round(Fraction(math.nextafter(float(value.b), math.inf)), up=True)
    return max(lo, Fraction(0)), min(hi, Fraction(1))


#: The range ``r`` of the truncated variants (the operator level uses it too).
HEAVY_VARIANT_RANGE = 16
#: The run-level variants of the heavy-tailed operator itself (Definition 2): the other log
#: base, and the two truncations of Section 6 to the range ``HEAVY_VARIANT_RANGE``, each run
#: with Algorithm 1's acceptance and counting.
HEAVY_OPERATOR_VARIANTS = ("log-base=e", f"truncate=condition,r={HEAVY_VARIANT_RANGE}",
                           f"truncate=clip,r={HEAVY_VARIANT_RANGE}")
#: The truncations combined with the run's own axes (acceptance without ties by coin, unchanged
#: offspring, start): what a library that truncates the step *and* lets the parent win ties,
#: or counts the start, runs.  Named ``<truncation>+<run axes>``
#: (``truncate=clip,r=16+strict-acceptance+start-counted``).  The other log base is not
#: combined: its law is the algorithm's (:data:`PROVEN_SAME`), so ``log-base=e+X`` has the law
#: of ``X``, which the catalogue lists.
HEAVY_COMBINED_VARIANTS = tuple(
    f"{operator}+{run}" for operator in HEAVY_OPERATOR_VARIANTS[1:]
    for run in combinations(ACCEPTANCE[:2]) if run != "algorithm-1")
#: Variants whose law equals another's by a proof rather than by comparing enclosures:
#: ``P(I = i) = w(i) / c_eps`` with ``w(i) = 1/(i (log_b i)^{1+eps})``; changing the base
#: multiplies every ``w(i)`` and ``c_eps`` by the same ``(ln b)^{1+eps}``, so the law of ``I``,
#: hence of every run, does not depend on the base (Definition 2).
PROVEN_SAME = {"log-base=e": "algorithm-1"}


def heavy_step_variant(variant: str) -> tuple[str, LogBase, Truncation, int | None]:
    """``(kernel variant, log base, truncation, r)`` of a run-level variant of the heavy-tailed
    EA or RLS: an operator variant (``log-base=e``, ``truncate=MODE,r=R``), optionally followed
    by ``+`` and the run's axes (``truncate=clip,r=16+strict-acceptance``), or the run's axes
    alone with the paper's operator."""
    operator, plus, rest = variant.partition("+")
    if not operator.startswith(("log-base=", "truncate=")):
        return variant, 2, "none", None
    kernel = rest if plus else "algorithm-1"
    variant_axes(kernel)  # a ValueError names the run axes if the rest is none
    if operator == "log-base=e":
        return kernel, "e", "none", None
    mode, _, r = operator[len("truncate="):].partition(",r=")
    modes: dict[str, Truncation] = {"condition": "condition", "clip": "clip"}
    if not operator.startswith("truncate=") or mode not in modes or not r.isdigit():
        raise ValueError(f"unknown variant {variant!r}: the operator variants are log-base=e, "
                         "truncate=condition,r=R and truncate=clip,r=R (each optionally "
                         "followed by + and the run's axes)")
    return kernel, 2, modes[mode], int(r)


def step_bounds(algorithm: str, limit: int, eps: Fraction | None, exponent: Fraction | None,
                log_base: LogBase = 2, truncate: Truncation = "none", r: int | None = None
                ) -> dict[int, tuple[Fraction, Fraction]]:
    """Enclosures of ``P(|step| = m)`` for ``m <= limit`` (Definition 2, base 2 and untruncated
    unless ``log_base``/``truncate``/``r`` say otherwise; or the power law), from
    :mod:`zonemax.exact`'s laws."""
    from mpmath.ctx_iv import MPIntervalContext

    ctx = MPIntervalContext()
    ctx.dps = STEP_DPS
    if algorithm.endswith("heavy"):
        from zonemax.exact.heavy_law import HeavyLaw

        if eps is None:
            raise ValueError(f"{algorithm} needs eps")
        mags = HeavyLaw(Fraction(eps), log_base, truncate, r, ctx).law(limit)
    else:
        from zonemax.exact.power_law import PowerLawLaw

        if exponent is None:
            raise ValueError(f"{algorithm} needs the exponent")
        mags = PowerLawLaw(Fraction(exponent), ctx).law(limit)
    return {m: _rational_bounds(p) for m, p in mags}


def _enclosed_law(algorithm: str, variant: str, a: tuple[int, ...], budget: int,
                  eps: Fraction | None, exponent: Fraction | None) -> RunTimeLaw:
    """Lower and upper bounds of ``P(T = t)`` for a step law known only as an enclosure."""
    if not a or all(ai == 0 for ai in a):
        raise ValueError("the target a must be a non-empty tuple with a non-zero entry")
    if variant.startswith(("log-base=", "truncate=")) and not algorithm.endswith("heavy"):
        raise ValueError(f"unknown variant {variant!r} of {algorithm}: the operator variants "
                         f"belong to the heavy-tailed EA and RLS")
    kernel_variant, log_base, truncate, r = heavy_step_variant(variant)
    bounds = step_bounds(algorithm, 2 * sum(abs(ai) for ai in a), eps, exponent, log_base,
                         truncate, r)

    def law_lo(m: int) -> Fraction:
        return bounds[m][0] if m in bounds else Fraction(0)  # no zero step, no other lengths

    def law_hi(m: int) -> Fraction:
        return bounds[m][1] if m in bounds else Fraction(0)

    base, shift = split_start(kernel_variant)
    build = ea_step_offspring if ENCLOSED_STEPS[algorithm] == "ea" else rls_step_offspring
    lower = variant_kernel(build(len(a), law_lo), base)
    upper = variant_kernel(build(len(a), law_hi), base)
    start = start_state(a)

    def is_target(d: Any) -> bool:
        return bool(d[0] == 0)

    pmf = _propagate(start, lower, upper, is_target, budget, shift, "down")
    pmf_upper = _propagate(start, upper, lower, is_target, budget, shift, "up")
    return RunTimeLaw(algorithm, variant, a, budget, tuple(pmf),
                      max(Fraction(0), 1 - sum(pmf_upper, Fraction(0))), None, None, 0,
                      tuple(min(p, Fraction(1)) for p in pmf_upper),
                      min(Fraction(1), 1 - sum(pmf, Fraction(0))))
