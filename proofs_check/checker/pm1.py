r"""The checker's own quantities for the (1+1) EA with the ±1 operator (Section 3).

Written from Algorithm 1, Definition 1 and the potential ``g(x) = sum_i (omega^{d_i} - 1)`` of
the proof of Theorem 3 (eq. (3)), independently of the searching code; registered in
:data:`.expr.QUANTITIES` under names prefixed ``pm1_``.  Arguments arrive as ``Fraction`` (or
tuples of them); ``d`` is a distance vector ``d_i = |a_i - x_i|``.

One iteration: each position is mutated with probability ``1/n`` and then moved by ``+1`` or
``-1`` with probability ``1/2`` each; a position at distance ``d_i >= 1`` gets distance
``d_i - 1`` or ``d_i + 1``, one at distance ``0`` gets distance ``1`` either way.  The offspring
is kept iff the fitness ``f = sum_i d_i`` does not increase.

* ``pm1_drift(omega, d)`` -- ``E[g(x) - g(Y)]``, by running over the positions one at a time and
  keeping, for each net change ``t`` of ``f`` so far, its probability and the expected change of
  ``g`` on it (and the number of mutated positions, capped at 2).
* ``pm1_e1(omega, d)`` -- the part of the drift from iterations that mutate exactly one position.
* ``pm1_lead(d)`` -- ``E[d_1 - d_1']``, the drift of the first position's distance.
* ``pm1_affine(omega, n, m)`` -- ``(A, B)`` such that ``E[g(x) - g(Y)] = A W - B`` for every
  ``d`` with ``m`` non-zero entries, ``W = sum_{d_i > 0} omega^{d_i}``: a position's step law
  does not depend on its distance unless the distance is 0, so a position ``i`` contributes
  ``E[delta_i]`` times the probability that the *other* ``n - 1`` positions' net change lets it
  be accepted, and that law depends only on how many of the others are at distance 0 (see
  :func:`pm1_tail`).  ``pm1_drift`` checks this on small ``n``.
* ``pm1_cost(omega, ds)`` -- ``c(S) = E[g(Y(S)) - g(x)]`` for a mutated set ``S`` whose
  positions have distances ``ds`` (all ``2^|S|`` direction patterns, rejected ones count 0);
  ``pm1_cost_class(omega, a, m, k)`` the same for ``a`` positions at distance 0 and ``m`` at
  distance ``k``, counting patterns by their number of improved positions;
  ``pm1_accepted(ds)`` the number of accepted patterns (offspring), ``|A(S)|``.
* ``pm1_weight``, ``pm1_nonzero``, ``pm1_inf``, ``pm1_hamming``, ``pm1_binom``, ``pm1_btail``
  -- small helpers (``pm1_btail(m, k) = sum_{i >= k} C(m, i)``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from .expr import QUANTITIES


def _int(x: Fraction) -> int:
    if Fraction(x).denominator != 1:
        raise ValueError(f"expected an integer, got {x}")
    return int(x)


def _vec(d: tuple[Fraction, ...]) -> tuple[int, ...]:
    v = tuple(_int(x) for x in d)
    if not v or min(v) < 0:
        raise ValueError(f"a distance vector needs n >= 1 non-negative entries, got {v}")
    return v


def pm1_g(omega: Fraction, d: tuple[Fraction, ...]) -> Fraction:
    return sum((omega**k - 1 for k in _vec(d)), Fraction(0))


@lru_cache(maxsize=4096)
def _one_step(omega: Fraction, d: tuple[int, ...]) -> tuple[Fraction, Fraction, Fraction]:
    """(drift of g, its part from exactly one mutation, drift of d_1)."""
    n = len(d)
    q = Fraction(1, n)
    # (net change of f, mutated positions capped at 2) -> [P, E[change of g; .], E[change of d_1; .]]
    table: dict[tuple[int, int], list[Fraction]] = {(0, 0): [Fraction(1), Fraction(0), Fraction(0)]}
    for idx, k in enumerate(d):
        moves = [(0, 1 - q, 0)] + ([(1, q, 1)] if k == 0 else [(-1, q / 2, 1), (1, q / 2, 1)])
        new: dict[tuple[int, int], list[Fraction]] = {}
        for (t, mutated), (p, eg, ed) in table.items():
            for step, ps, mut in moves:
                dg = omega ** (k + step) - omega**k
                dd = Fraction(step) if idx == 0 else Fraction(0)
                cell = new.setdefault((t + step, min(mutated + mut, 2)), [Fraction(0)] * 3)
                cell[0] += p * ps
                cell[1] += ps * (eg + p * dg)
                cell[2] += ps * (ed + p * dd)
        table = new
    kept = [(key, v) for key, v in table.items() if key[0] <= 0]  # f(y) <= f(x): accepted
    return (-sum((v[1] for _, v in kept), Fraction(0)),
            -sum((v[1] for key, v in kept if key[1] == 1), Fraction(0)),
            -sum((v[2] for _, v in kept), Fraction(0)))


def pm1_drift(omega: Fraction, d: tuple[Fraction, ...]) -> Fraction:
    return _one_step(Fraction(omega), _vec(d))[0]


def pm1_e1(omega: Fraction, d: tuple[Fraction, ...]) -> Fraction:
    return _one_step(Fraction(omega), _vec(d))[1]


def pm1_lead(d: tuple[Fraction, ...]) -> Fraction:
    return _one_step(Fraction(2), _vec(d))[2]  # the drift of d_1 does not involve omega


@lru_cache(maxsize=64)
def _first_kind_cdfs(n: int) -> tuple[list[int], ...]:
    """For j < n: cumulative weights (2n)^j P(N_j <= s), index s + j, where N_j is the net
    change of f over j positions at non-zero distance (-1, 0, +1 with weights 1, 2n-2, 1)."""
    pmf, out = [1], []
    for j in range(n):
        if j:  # one more position: steps -1, 0, +1 move the index by 0, 1, 2
            nxt = [0] * (2 * j + 1)
            for i, w in enumerate(pmf):
                nxt[i] += w
                nxt[i + 1] += w * (2 * n - 2)
                nxt[i + 2] += w
            pmf = nxt
        cdf, acc = [], 0
        for w in pmf:
            acc += w
            cdf.append(acc)
        out.append(cdf)
    return tuple(out)


@lru_cache(maxsize=65536)
def pm1_tail(n: Fraction, j: Fraction, t: Fraction) -> Fraction:
    """P(net change of f <= t) over j positions at non-zero and n-1-j at zero distance."""
    n_, j_, t_ = _int(n), _int(j), _int(t)
    z = n_ - 1 - j_
    if not 0 <= j_ < n_:
        raise ValueError(f"pm1_tail needs 0 <= j < n, got n = {n_}, j = {j_}")
    cdf = _first_kind_cdfs(n_)[j_]
    total = 0
    for u in range(min(z, t_ + j_) + 1):  # u zero-distance positions mutated: each +1, prob 1/n
        total += comb(z, u) * 2**u * (2 * n_ - 2) ** (z - u) * cdf[min(t_ - u, j_) + j_]
    return Fraction(total, (2 * n_) ** (n_ - 1))


@lru_cache(maxsize=65536)
def pm1_affine(omega: Fraction, n: Fraction, m: Fraction) -> tuple[Fraction, Fraction]:
    n_, m_ = _int(n), _int(m)
    if not 1 <= m_ <= n_:
        raise ValueError(f"pm1_affine needs 1 <= m <= n, got n = {n_}, m = {m_}")
    # a non-zero position: away (+omega^k(omega-1)) kept iff the others' net <= -1, towards
    # (-omega^(k-1)(omega-1)) kept iff it is <= 1; each with probability 1/(2n)
    a = (omega - 1) / (2 * n_ * omega) * (pm1_tail(n, m - 1, Fraction(1))
                                          - omega * pm1_tail(n, m - 1, Fraction(-1)))
    # a zero position: away (+ (omega-1)) with probability 1/n, kept iff the others' net <= -1
    b = Fraction(0) if m_ == n_ else (n_ - m_) * (omega - 1) / n_ * pm1_tail(n, m, Fraction(-1))
    return a, b


def pm1_weight(omega: Fraction, d: tuple[Fraction, ...]) -> Fraction:
    return sum((omega**k for k in _vec(d) if k), Fraction(0))


def pm1_nonzero(d: tuple[Fraction, ...]) -> Fraction:
    return Fraction(sum(1 for k in _vec(d) if k))


def pm1_cost(omega: Fraction, ds: tuple[Fraction, ...]) -> Fraction:
    v = _vec(ds)
    total = Fraction(0)
    for pattern in range(2 ** len(v)):  # bit i set: position i moved by +1, else by -1
        steps = [1 if k == 0 or pattern >> i & 1 else -1 for i, k in enumerate(v)]
        if sum(steps) <= 0:
            total += sum((omega ** (k + s) - omega**k for k, s in zip(v, steps, strict=True)),
                         Fraction(0))
    return total / 2 ** len(v)


def pm1_accepted(ds: tuple[Fraction, ...]) -> Fraction:
    v = _vec(ds)
    return Fraction(sum(1 for pattern in range(2 ** len(v)) if sum(
        1 if k == 0 or pattern >> i & 1 else -1 for i, k in enumerate(v)) <= 0))


def pm1_cost_class(omega: Fraction, a: Fraction, m: Fraction, k: Fraction) -> Fraction:
    a_, m_, k_ = _int(a), _int(m), _int(k)
    if k_ < 1:
        raise ValueError(f"pm1_cost_class needs a non-zero distance k, got {k_}")
    total = Fraction(0)
    for better in range(m_ + 1):  # C(m, better) patterns of the m, times 2^a for the zeros
        worse = m_ - better + a_
        if worse <= better:
            change = (m_ - better) * (omega ** (k_ + 1) - omega**k_) + a_ * (omega - 1) \
                - better * (omega**k_ - omega ** (k_ - 1))
            total += comb(m_, better) * 2**a_ * change
    return total / 2 ** (a_ + m_)


def pm1_inf(a: tuple[Fraction, ...]) -> Fraction:
    return max(abs(x) for x in a)


def pm1_hamming(a: tuple[Fraction, ...]) -> Fraction:
    return Fraction(sum(1 for x in a if x != 0))


def pm1_binom(m: Fraction, k: Fraction) -> Fraction:
    return Fraction(comb(_int(m), _int(k)))


def pm1_btail(m: Fraction, k: Fraction) -> Fraction:
    return Fraction(sum(comb(_int(m), i) for i in range(max(_int(k), 0), _int(m) + 1)))


QUANTITIES.update({f.__name__: f for f in (
    pm1_g, pm1_drift, pm1_e1, pm1_lead, pm1_tail, pm1_affine, pm1_weight, pm1_nonzero,
    pm1_cost, pm1_accepted, pm1_cost_class, pm1_inf, pm1_hamming, pm1_binom, pm1_btail)})

__all__ = ["QUANTITIES"]
