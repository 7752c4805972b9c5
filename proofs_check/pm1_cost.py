r"""The cost ``c(S)`` of a mutation set in the proof of Theorem 3, exactly, for every ``d``.

Notation of the proof: ``d`` = distance vector, ``O = {i : d_i = 0}``, ``S`` = the set of mutated
positions, ``A(S)`` = the accepted offspring, ``c(S) = E[g(Y(S)) - g(x)]`` where ``Y(S)`` is the
search point after mutating exactly ``S`` and selecting (a rejected offspring leaves ``x``).  Each
of the ``2^{|S|}`` direction patterns has probability ``2^{-|S|}`` (Definition 1); at distance 0
both directions move away.  A pattern is accepted iff the number of worsened positions (all of
``S ∩ O`` and the positions of ``S \ O`` moved away) is at most the number of improved ones
(Algorithm 1, line 6).  Write ``a = |S ∩ O|``, ``m = |S \ O|``, ``s = a + m`` and
``V = sum_{j in S \ O} omega^{d_j - 1}`` (so ``V >= m``, with equality iff all those distances
are 1, and ``V`` is unbounded).

Decomposition (the repair of the c(S) display)
------------------------------------------------
``2^s c(S) = sum_{accepted patterns} sum_{i in S} delta_i`` with ``delta_i`` the change of
``omega^{d_i}``.  Exchange the sums and pair, for ``j in S \ O``, the two directions of ``j`` with
the rest of the pattern ``sigma`` fixed; let ``T_{-j}`` be the net change of ``f`` over
``S \ {j}``.  The away step (``+omega^{d_j}(omega-1)``) is accepted iff ``T_{-j} <= -1``, the
towards step (``-omega^{d_j-1}(omega-1)``) iff ``T_{-j} <= 1``.  With ``N_1`` the number of
patterns of ``S \ {j}`` with ``T_{-j} <= -1`` and ``N_2`` the number with ``T_{-j} in {0, 1}``
(both depend only on ``(a, m)``), position ``j`` contributes
``(omega-1) omega^{d_j-1} ((omega-1) N_1 - N_2)``; a position of ``S ∩ O`` contributes
``(omega-1)`` on each accepted pattern.  Hence

    c(S) = (omega-1) 2^{-s} [ V ((omega-1) N_1 - N_2) + a |A(S)| ],                  (*)

affine in ``V`` with a coefficient ``<= (omega-1)^2 N_1 2^{-s} <= (omega-1)^2 / 2``.

**Repaired bound.**  ``c(S) <= (omega-1)^2/(2 omega) sum_{i in S \ O} omega^{d_i}
= (omega-1)^2 V / 2`` for every ``S`` and ``d``.  Proof: ``N_1 <= 2^{s-1}`` (the patterns of
``S \ {j}`` number ``2^{s-1}``), so by (*) it suffices that ``a |A(S)| <= m N_2`` (then use
``V >= m`` on the ``N_2`` term).  Count by the number ``k`` of improved positions:
``|A(S)| = 2^a sum_{k >= k0} C(m, k)`` with ``k0 = ceil((a + m)/2)``, and ``m N_2 =
2^a k0 C(m, k0)`` (the accepted patterns whose improving positions are all critical have exactly
``k0`` improvements).  For ``a > m`` nothing is accepted.  For ``1 <= a <= m``: the ratio
``C(m, k+1)/C(m, k) = (m-k)/(k+1)`` decreases in ``k``, so for ``k >= k0`` it is at most
``r = (m - k0)/(k0 + 1) < 1`` and ``sum_{k >= k0} C(m, k) <= C(m, k0)/(1 - r)
= C(m, k0)(k0 + 1)/(2 k0 + 1 - m)``; and ``a (k0 + 1)/(2 k0 + 1 - m) <= k0`` because
``2 k0 + 1 - m >= a + 1`` and ``a <= k0``.  This is the **counting lemma**
``a sum_{k >= k0} C(m, k) <= k0 C(m, k0)`` (``0 <= a <= m``).  QED.

The printed bound ``(1/2) sum_{i in S} omega^{d_i} (omega-1)^2/omega`` adds
``a (omega-1)^2/(2 omega)`` and so follows.  Neither bound makes ``c(S) <= 0``: for ``a = 0`` the
sign of ``c(S)`` is the sign of ``(omega-1) N_1 - N_2``, positive once ``m`` is large
(``N_2 / N_1 -> 0`` like ``m^{-1/2}``): a large set of positions at equal distance increases the
potential on average.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from zonemax.proofs_check.core import Method, record


@dataclass(frozen=True)
class CostAffine:
    """``c(S) = alpha V + beta`` for ``a`` positions of ``O`` and ``m`` outside (eq. (*)).

    ``accepted`` is ``|A(S)|`` (patterns, i.e. distinct offspring), ``patterns = 2^s``.
    """

    a: int
    m: int
    alpha: Fraction
    beta: Fraction
    accepted: int
    patterns: int
    n1: int
    n2: int


def _count(a: int, m: int, accept: range | None = None, at_most: int | None = None) -> int:
    """Number of patterns of ``a`` zero-distance and ``m`` other positions whose net change of
    ``f`` (``a + m - 2k`` with ``k`` improvements) is ``<= at_most`` or lies in ``accept``."""
    total = 0
    for k in range(m + 1):
        t = a + m - 2 * k
        if (at_most is not None and t <= at_most) or (accept is not None and t in accept):
            total += math.comb(m, k)
    return total * 2**a


def cost_affine(a: int, m: int, omega: Fraction) -> CostAffine:
    """The coefficients of (*) for ``a = |S ∩ O|`` and ``m = |S \\ O|``."""
    record(Method.EXACT)
    if a < 0 or m < 0 or a + m == 0:
        raise ValueError(f"need a, m >= 0 and a + m >= 1, got a = {a}, m = {m}")
    s = a + m
    accepted = _count(a, m, at_most=0)
    if m == 0:
        n1 = n2 = 0
    else:
        n1 = _count(a, m - 1, at_most=-1)
        n2 = _count(a, m - 1, accept=range(0, 2))
    scale = (omega - 1) / 2**s
    return CostAffine(a, m, scale * ((omega - 1) * n1 - n2), scale * a * accepted, accepted,
                      2**s, n1, n2)


def counting_lemma(a: int, m: int) -> tuple[int, int]:
    """``(a sum_{k >= k0} C(m, k), k0 C(m, k0))`` with ``k0 = ceil((a + m)/2)`` (``a <= m``)."""
    k0 = (a + m + 1) // 2
    return a * sum(math.comb(m, k) for k in range(k0, m + 1)), k0 * math.comb(m, k0)


def cost_patterns(ds: tuple[int, ...], omega: Fraction) -> tuple[Fraction, Fraction | None, int]:
    """Brute force over the ``2^|S|`` direction patterns of a set with distances ``ds``.

    Returns ``(c(S), c_A(S), |A(S)|)``: the true ``c(S) = 2^{-|S|} sum_{y in A(S)} (g(y)-g(x))``
    and the printed ``c_A(S) = (1/|A(S)|) sum_{y in A(S)} (g(y)-g(x))`` (``None`` if empty).
    """
    record(Method.EXACT, Method.ENUMERATION)
    total = Fraction(0)
    accepted = 0
    for signs in itertools.product((-1, 1), repeat=len(ds)):
        steps = [1 if di == 0 else sg for di, sg in zip(ds, signs, strict=True)]
        if sum(steps) > 0:  # Algorithm 1, line 6: reject f(y) > f(x)
            continue
        accepted += 1
        total += sum((omega ** (di + st) - omega**di for di, st in zip(ds, steps, strict=True)),
                     Fraction(0))
    return total / 2 ** len(ds), (total / accepted if accepted else None), accepted


def regroup_lines(ds: tuple[int, ...], omega: Fraction) -> tuple[Fraction, Fraction] | None:
    """Lines 3 and 4 of the c(S) display, with the paper's normalisation ``1/|A(S)|``.

    Line 3 sums ``omega^{|y_i - a_i|} - omega^{d_i}`` over all ``y in A(S)`` and all ``i``.
    Line 4 sums over the worsening pairs ``(y, i) in U`` the change at ``i`` plus the change at
    a partner ``i'`` improving in the same ``y`` (the k-th worsening position of ``y`` is
    matched with its k-th improving one; every accepted ``y`` has enough, line 6).  ``None``
    if nothing is accepted.
    """
    record(Method.EXACT, Method.ENUMERATION)
    line3 = line4 = Fraction(0)
    accepted = 0
    for signs in itertools.product((-1, 1), repeat=len(ds)):
        steps = [1 if di == 0 else sg for di, sg in zip(ds, signs, strict=True)]
        if sum(steps) > 0:
            continue
        accepted += 1
        change = [omega ** (di + st) - omega**di for di, st in zip(ds, steps, strict=True)]
        line3 += sum(change, Fraction(0))
        worse = [i for i, st in enumerate(steps) if st > 0]
        better = [i for i, st in enumerate(steps) if st < 0]
        line4 += sum((change[i] + change[j] for i, j in zip(worse, better, strict=False)),
                     Fraction(0))
    if not accepted:
        return None
    return line3 / accepted, line4 / accepted
