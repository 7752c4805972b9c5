r"""The proved run-time bound of RLS_{alpha,beta} held against exact expected run times.

``S5.lemma8-runtime`` (``proofs_check/coq/S5_lemma8_runtime.v``; see
docs/explanations/runtime-theorem.md) proves, at ``alpha = 17/10, beta = 9/10, c = 1/1000,
p = 1/100``, for every ``n >= 1`` and ``a != 0^n``::

    E[T] <= 2535 n (1 + ln g(0^n, 1^n))                                  (first form)
         <= 2535 n (1 + ln(1 + 2c) + 2 ln |a|_1)                          (closed form)

with ``g(0^n, 1^n) = sum_i g_i(|a_i|, 1)`` the potential of Lemma 8's proof (read here through
the checker's Python reading of ``rls_g``, ``proofs_check/checker/rls.py``).  This script
evaluates both bounds in interval arithmetic (:mod:`mpmath.iv`, outward rounding) and the exact
``E[T]`` of zonemax's RLS_{alpha,beta} where it is available:

``exact``
    :func:`zonemax.exact.rls_ab.rls_ab_exact`: the exact ``Fraction`` (small instances).
``coupon``
    ``a in {-1, 1}^n``: every position finishes on its first step towards the target (``v = 1``
    stays 1 until then), with probability ``1/(2n)`` per iteration, so ``E[T] = 2n H_n``
    exactly (a coupon collector; cross-checked against the exact solvers in the tests).
``law``
    :func:`zonemax.exact.rls_any_n.rls_law_any_n`: rigorous enclosures of ``P(T <= t)`` for
    ``t <= t_max``, summed exactly (``Fraction``) as ``E[T] = sum_t P(T > t)``; the rest,
    ``sum_{t > t_max} P(T > t)``, is bounded by :func:`tail_bound` (a Chernoff bound per
    position, exact per-position generating functions in interval arithmetic).  The enclosure
    is therefore rigorous at both ends; the law's own ``mean_bounds`` is not used (its upper end
    leaves the tail out).

The check is rigorous: the upper end of ``E[T]`` must lie below the lower end of the bound.

Run ``python benchmarks/runtime_bound.py`` to print the table of docs/explanations/
runtime-theorem.md (about a minute; ``--quick`` for the default-suite instances only).
``tests/test_runtime_bound.py`` imports this file and runs the same computation.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import mpmath
from zonemax.proofs_check.checker import rls as checker_rls

F = Fraction
iv = mpmath.iv
ALPHA, BETA, C, P = F(17, 10), F(9, 10), F(1, 1000), F(1, 100)
#: 1/delta at the example constants (S5.drift-delta): the proved constant.
CONSTANT = F(2535)


def to_iv(q: Fraction | int) -> mpmath.ctx_iv.ivmpf:
    """An interval containing the rational ``q`` (outward rounding)."""
    q = F(q)
    return iv.mpf(q.numerator) / iv.mpf(q.denominator)


def ends(x: mpmath.ctx_iv.ivmpf) -> tuple[Fraction, Fraction]:
    """The two ends of an interval, exactly, as rationals."""
    lo, hi = x._mpi_
    return (F(*mpmath.libmp.to_rational(lo)), F(*mpmath.libmp.to_rational(hi)))


def delta_feasible(alpha: Fraction, beta: Fraction, c: Fraction, p: Fraction) -> Fraction:
    """The ``delta`` of ``S5_lemma8_runtime_2`` (the minimum of the five cases' ratios), exactly;
    transcribed from the statement's ``let delta := Rmin ...``."""
    return min(
        (2 * alpha * beta - beta - alpha) / (4 * alpha * beta) * min(4 * c, F(1)),
        (F(1, 16) - (4 * alpha * beta * c + p) - 4 * c / beta) / (2 * (1 + 4 * c)),
        (p / 2 - 4 * c * ((alpha + beta) / 2 - 1)) / (1 + 4 * c + p),
        (p / 2 - 2 * (alpha - 1) * c) / (1 + 4 * c + p),
        (4 * c + p - 4 * beta * c) / (1 + 4 * c + p),
        4 * c * (1 - beta) / (1 + 4 * c + p),
    )


def feasible(alpha: Fraction, beta: Fraction, c: Fraction, p: Fraction) -> bool:
    """C1-C8 of Lemma 8's proof (the checker's ``rls_cond``)."""
    return all(checker_rls.condition(F(k), alpha, beta, c, p) == 1 for k in range(1, 9))


def bound_feasible(a: Sequence[int], alpha: Fraction, beta: Fraction, c: Fraction,
                   p: Fraction) -> mpmath.ctx_iv.ivmpf:
    """``n (1 + ln(1 + 2c) + 2 ln |a|_1) / delta`` of ``S5_lemma8_runtime_2``, an interval."""
    return (len(a) * (1 + iv.log(to_iv(1 + 2 * c)) + 2 * iv.log(to_iv(l1(a))))
            / to_iv(delta_feasible(alpha, beta, c, p)))


def l1(a: Sequence[int]) -> int:
    return sum(abs(x) for x in a)


def start_potential(a: Sequence[int]) -> Fraction:
    """``g(0^n, 1^n) = sum_i g_i(|a_i|, 1)`` (``rls_potential ... rls_start``), exactly."""
    return sum((checker_rls.g(F(abs(x)), F(1), ALPHA, BETA, C, P) for x in a), F(0))


def bound_closed(a: Sequence[int], constant: Fraction = CONSTANT) -> mpmath.ctx_iv.ivmpf:
    """``constant * n * (1 + ln(1 + 2c) + 2 ln |a|_1)``, an interval."""
    return (to_iv(constant) * len(a)
            * (1 + iv.log(to_iv(1 + 2 * C)) + 2 * iv.log(to_iv(l1(a)))))


def bound_first(a: Sequence[int], constant: Fraction = CONSTANT) -> mpmath.ctx_iv.ivmpf:
    """``constant * n * (1 + ln g(0^n, 1^n))``, an interval."""
    return to_iv(constant) * len(a) * (1 + iv.log(to_iv(start_potential(a))))


def _position_pgf(d0: int, w: mpmath.ctx_iv.ivmpf) -> mpmath.ctx_iv.ivmpf:
    """``E[w^S]`` for ``S`` the number of selections one position needs from ``(d0, 1)`` to
    distance 0, by the checker's reading of one selection (``rls.step``, each direction 1/2).

    Every move other than a self-loop lowers ``(d, v)`` lexicographically (asserted), so the
    generating function ``h(x) = w (sum_{y != x} P(x, y) h(y)) / (1 - w P(x, x))``, ``h = 1``
    at ``d = 0``, is computed in increasing ``(d, v)``; it is finite iff ``w P(x, x) < 1``
    everywhere (asserted; ``P(x, x) <= 1/2``)."""
    start = (F(d0), F(1))
    succ: dict[tuple[Fraction, Fraction], tuple[tuple[Fraction, Fraction], ...]] = {}
    pending = [start]
    while pending:
        x = pending.pop()
        if x in succ or x[0] == 0:
            continue
        nxt = tuple(checker_rls.step(x[0], x[1], ALPHA, BETA, toward) for toward in (True, False))
        for y in nxt:
            assert y == x or y < x, (x, y)
            if y[0] != 0 and y not in succ:
                pending.append(y)
        succ[x] = nxt
    h: dict[tuple[Fraction, Fraction], mpmath.ctx_iv.ivmpf] = {}
    half = iv.mpf(1) / 2
    for x in sorted(succ):
        loop = sum(1 for y in succ[x] if y == x)
        rest = sum((h[y] if y[0] != 0 else iv.mpf(1) for y in succ[x] if y != x), iv.mpf(0))
        denominator = 1 - w * half * loop
        assert denominator > 0, "the generating function diverges at this w"
        h[x] = w * half * rest / denominator
    return h[start]


def tail_bound(a: Sequence[int], m: int) -> mpmath.ctx_iv.ivmpf:
    """An interval whose upper end bounds ``sum_{t >= m} P(T > t)`` (``n >= 2``).

    ``T = max_i T_i`` with ``T_i`` the iteration in which position ``i`` reaches ``a_i``
    (rls_any_n's factorisation: ``T_i`` is the sum of ``S_i`` independent geometric(1/n) gaps
    between the selections of ``i``, independent of ``S_i``).  So ``P(T > t) <= sum_i
    P(T_i > t)``, and for ``z > 1``, ``P(T_i > t) <= E[z^T_i] z^-(t+1)`` with
    ``E[z^T_i] = E[phi(z)^S_i]``, ``phi(z) = (z/n)/(1 - z(1 - 1/n))``; summed over ``t >= m``:
    ``E[z^T_i] z^-m/(z - 1)``.  The better of ``z = 1 + 1/(k n)``, ``k = 9/4, 3``, per distance
    (larger ``z`` are better until ``E[phi(z)^S_i]`` grows, from ``|a_i|`` about 20 on)."""
    n = len(a)
    assert n >= 2
    total = iv.mpf(0)
    cache: dict[int, mpmath.ctx_iv.ivmpf] = {}
    for d in (abs(x) for x in a if x != 0):
        if d not in cache:
            best = None
            for k in (F(9, 4), F(3)):
                z = to_iv(1 + F(1) / (k * n))
                phi = (z / n) / (1 - z * (1 - iv.mpf(1) / n))
                if not phi < 2:
                    continue
                b = _position_pgf(d, phi) * iv.exp(-m * iv.log(z)) / (z - 1)
                if best is None or ends(b)[1] < ends(best)[1]:
                    best = b
            assert best is not None
            cache[d] = best
        total += cache[d]
    return total


@dataclass(frozen=True)
class Mean:
    """An enclosure ``[lo, hi]`` of ``E[T]`` and where it comes from."""

    lo: Fraction
    hi: Fraction
    source: str

    @property
    def interval(self) -> mpmath.ctx_iv.ivmpf:
        return iv.mpf([ends(to_iv(self.lo))[0], ends(to_iv(self.hi))[1]])


def coupon_mean(n: int) -> Fraction:
    """``E[T] = 2n H_n`` for ``a in {-1, 1}^n``."""
    return 2 * n * sum((F(1, k) for k in range(1, n + 1)), F(0))


def exact_mean(a: Sequence[int], alpha: Fraction = ALPHA, beta: Fraction = BETA) -> Mean:
    from zonemax.exact.rls_ab import rls_ab_exact
    e = rls_ab_exact(tuple(a), alpha, beta).expectation
    return Mean(e, e, "exact")


def law_mean(a: Sequence[int]) -> Mean:
    """``sum_t P(T > t)`` from the enclosures of ``rls_law_any_n`` up to ``t_max`` (exact
    sums of the float ends), plus :func:`tail_bound` beyond."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.exact.rls_any_n import rls_law_any_n
    law = rls_law_any_n(AlgorithmSpec("rls-ab", tuple(a), alpha=ALPHA, beta=BETA))
    lo = sum((1 - F(float(c)) for c in law.cdf_high), F(0))
    hi = sum((1 - F(float(c)) for c in law.cdf_low), F(0))
    hi_tail = ends(to_iv(hi) + tail_bound(a, law.t_max + 1))[1]
    return Mean(lo, hi_tail, f"law (t_max = {law.t_max})")


def mean_of(a: Sequence[int]) -> Mean:
    """The best available enclosure of ``E[T]``."""
    if all(abs(x) == 1 for x in a):
        e = coupon_mean(len(a))
        return Mean(e, e, "coupon 2nH_n")
    if len(a) == 1 or l1(a) <= 12:
        return exact_mean(a)
    return law_mean(a)


def holds(mean: Mean, bound: mpmath.ctx_iv.ivmpf) -> bool:
    """``E[T] <= bound``, certainly: the upper end of ``E[T]`` below the bound's lower end."""
    return mean.hi < ends(bound)[0]


def fails(mean: Mean, bound: mpmath.ctx_iv.ivmpf) -> bool:
    """``E[T] > bound``, certainly: the lower end of ``E[T]`` above the bound's upper end."""
    return mean.lo > ends(bound)[1]


@dataclass(frozen=True)
class Row:
    a: tuple[int, ...]
    mean: Mean
    first: mpmath.ctx_iv.ivmpf
    closed: mpmath.ctx_iv.ivmpf

    @property
    def ratio(self) -> tuple[Fraction, Fraction]:
        """Enclosure of closed-form bound / E[T]."""
        return ends(self.closed)[0] / self.mean.hi, ends(self.closed)[1] / self.mean.lo


def row(a: Sequence[int]) -> Row:
    a = tuple(a)
    return Row(a, mean_of(a), bound_first(a), bound_closed(a))


def _target_text(a: tuple[int, ...]) -> str:
    if len(a) > 5 and len(set(a)) == 1:
        return f"({a[0]},)^{len(a)}"
    return str(a).replace(" ", "")


def _num(x: Fraction, digits: int = 6) -> str:
    """``x`` to ``digits`` significant digits (for people; the checks use the exact ends)."""
    return f"{float(x):.{digits}g}"


def table(instances: Sequence[Sequence[int]]) -> list[str]:
    """The Markdown table of the docs page; asserts that both bounds hold at every row.  A ratio
    is the bound's lower end over the upper end of E[T], printed to 4 digits."""
    lines = ["| a | n | abs(a)_1 | E[T] | source | first-form bound | closed-form bound "
             "| first / E[T] | closed / E[T] |", "|---|---|---|---|---|---|---|---|---|"]
    for a in instances:
        r = row(a)
        e = (_num(r.mean.lo, 10) if r.mean.lo == r.mean.hi
             else f"[{_num(r.mean.lo, 11)}, {_num(r.mean.hi, 11)}]")
        assert holds(r.mean, r.first) and holds(r.mean, r.closed), r
        first_ratio = ends(r.first)[0] / r.mean.hi
        lines.append(f"| {_target_text(r.a)} | {len(r.a)} | {l1(r.a)} | {e} | {r.mean.source} "
                     f"| {_num(ends(r.first)[0])} | {_num(ends(r.closed)[0])} "
                     f"| {_num(first_ratio, 4)} | {_num(r.ratio[0], 4)} |")
    return lines


#: The instances of the docs table (a minute); QUICK: the default suite's.
INSTANCES: tuple[tuple[int, ...], ...] = (
    (1,), (2,), (5,), (10,), (20,), (30,), (3, -2), (4, -1, 2), (1, -2, 3, -1, 2),
    (1,) * 10, (1,) * 100, (1,) * 1000, (5,) * 10, (5,) * 50, (5,) * 100, (30,) * 10,
    (20,) * 100,
)
QUICK: tuple[tuple[int, ...], ...] = ((1,), (5,), (10,), (3, -2), (1,) * 100, (5,) * 10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the default suite's instances")
    args = parser.parse_args(argv)
    print(f"# E[T] of RLS_(17/10, 9/10) against 2535 n (1 + ln g(0,1)) and "
          f"2535 n (1 + ln 1.002 + 2 ln abs(a)_1); mpmath {mpmath.__version__}")
    for line in table(QUICK if args.quick else INSTANCES):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
