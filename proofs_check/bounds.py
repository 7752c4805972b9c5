r"""Explicit, non-asymptotic bounds on ``E[T]`` derived from the proofs' own constants.

Every function takes the target ``a`` (a sequence of ints, ``n = len(a)``, ``a != 0``) and
returns a rigorous number: a ``Fraction`` when the bound is rational, otherwise an
``mpmath.mpf`` that is the *upper* end (for upper bounds) or the *lower* end (for lower bounds)
of an ``mpmath.iv`` enclosure, so rounding never helps the bound.  ``T`` counts iterations as in
:mod:`zonemax.reference` (start point not counted; ``n = 1`` with ±1 has ``E[T] = 2|a|``).

Which bounds are proofs and which are conditional is stated per function; the verdicts of the
corresponding claims live in :mod:`zonemax.proofs_check.registry`.

The normaliser ``c_eps`` of Definition 2 comes from :func:`c_eps_enclosure` (python-flint Arb
balls, rigorous); :func:`arb_of` and :func:`arb_bounds` move exact rationals in and out of Arb.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import mpmath
from flint import arb, ctx, fmpq
from zonemax.proofs_check.core import Method, record, recorded_cache
from zonemax.proofs_check.intervals import hi, iv_frac, iv_log, iv_pow, iv_precision, lo
from zonemax.proofs_check.rls_drift import RlsParams, delta_lower_bound, g_i
from zonemax.reference.fitness import norm_1, norm_hamming, norm_inf, validate_target
from zonemax.reference.params import LogBase, as_fraction, check_eps, check_log_base

#: Working precision (bits) of every Arb computation in proofs_check's Section 4 and 6 claims.
ARB_PREC = 128
#: Terms summed by :func:`c_eps_enclosure` before the tail bracket; the bracket's width is about
#: ``|w'(N)|/8`` (3.4e-11 for eps = 1/1000 in base 2, ~0.12 s per constant).
C_EPS_TERMS = 2**14


@contextmanager
def arb_precision() -> Iterator[None]:
    """Run a block of Arb ball arithmetic at :data:`ARB_PREC` bits (records
    :attr:`~zonemax.proofs_check.core.Method.INTERVAL`)."""
    record(Method.INTERVAL)
    with ctx.workprec(ARB_PREC):
        yield


def arb_of(q: Fraction | int) -> arb:
    """A ball that contains the rational ``q`` (exact when ``q`` is dyadic)."""
    q = Fraction(q)
    return arb(fmpq(q.numerator, q.denominator))


def _dyadic(x: arb) -> Fraction:
    man, exp = x.man_exp()
    return Fraction(int(man)) * Fraction(2) ** int(exp)


def arb_bounds(x: arb) -> tuple[Fraction, Fraction]:
    """The exact rational end points ``(mid - rad, mid + rad)`` of a ball."""
    mid, rad = _dyadic(x.mid()), _dyadic(x.rad())
    return mid - rad, mid + rad


@recorded_cache(maxsize=32)
def c_eps_enclosure(eps: Fraction, log_base: LogBase = 2, terms: int = C_EPS_TERMS
                    ) -> tuple[Fraction, Fraction]:
    r"""Rational end points ``lo <= c_eps <= hi`` of ``c_eps = sum_{i>=2} 1/(i (log_b i)^{1+eps})``.

    Arb balls at :data:`ARB_PREC` bits: the partial sum ``i = 2 .. N-1`` plus the convexity
    (integral-test) bracket of the tail.  ``w(x) = (ln b)^s / (x (ln x)^s)``, ``s = 1 + eps``, is
    positive, decreasing and convex for ``x > 1`` (``x (ln x)^s`` is positive, increasing and
    ``(x (ln x)^s)'' > 0``), so, with ``int_M^oo w = (ln b)^s (ln M)^{-eps} / eps``:

    * trapezoid rule: ``int_i^{i+1} w <= (w(i) + w(i+1))/2``, summed over ``i >= N``:
      ``sum_{i>=N} w(i) >= int_N^oo w + w(N)/2``;
    * midpoint rule (Jensen): ``w(i) <= int_{i-1/2}^{i+1/2} w``: ``sum_{i>=N} w(i) <=
      int_{N-1/2}^oo w``.

    (The independent checker encloses the same sum with a different tail argument,
    :mod:`zonemax.proofs_check.checker.heavy`.)
    """
    record(Method.INTERVAL)
    e = check_eps(eps)
    base = check_log_base(log_base)
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 3:
        raise ValueError(f"terms must be an int >= 3, got {terms!r}")
    with ctx.workprec(ARB_PREC):
        eps_b = arb_of(e)
        s = 1 + eps_b
        scale = (arb(2).log() if base == 2 else arb(1)) ** s  # (ln b)^{1+eps}
        total = arb(0)
        for i in range(2, terms):  # Section 2: c_eps = sum_{i >= 2} 1/(i (log i)^{1+eps})
            total += scale / (i * arb(i).log() ** s)

        def area(m: arb) -> arb:
            return scale * m.log() ** (-eps_b) / eps_b

        low = total + area(arb(terms)) + scale / (terms * arb(terms).log() ** s) / 2
        high = total + area(arb_of(Fraction(2 * terms - 1, 2)))
        return arb_bounds(low)[0], arb_bounds(high)[1]


def _c_iv(eps: Fraction, log_base: LogBase) -> Any:
    lo_c, hi_c = c_eps_enclosure(eps, log_base)
    return mpmath.iv.mpf([iv_frac(lo_c).a, iv_frac(hi_c).b])

Bound = Fraction | mpmath.mpf

#: Largest ``|a|_1`` for which :func:`rls_ab_upper` certifies the drift constant by the exact
#: piecewise analysis of :mod:`zonemax.proofs_check.rls_drift` (cost grows like ``|a|_1^2``).
RLS_CERTIFIED_D_MAX = 64


def _target(a: Sequence[int]) -> tuple[int, ...]:
    t = validate_target(a)
    if not any(t):
        raise ValueError("target a must be non-zero (the paper's class F excludes a = 0^n)")
    return t


def pm1_ea_upper(a: Sequence[int], omega: Fraction = Fraction(6, 5)) -> mpmath.mpf:
    r"""Theorem 3 via the multiplicative drift theorem (Theorem 2).

    ``delta = c / (2 omega n)`` with ``c = (omega - 1 - e(omega - 1)^2)/e`` (proof of Theorem 3,
    last display), ``X_0 = g(0) = sum_i (omega^{|a_i|} - 1)`` (eq. (3)), ``x_min = omega - 1``
    (the smallest positive potential), so ``E[T] <= (1 + ln(X_0/x_min)) / delta``.

    Validity: the drift claim ``E[g(x) - g(Y)] >= c/(2 omega n) g(x)`` is true in every state
    checked exactly by claim ``S3.drift-final`` (every d for n <= 60, n <= 200 with --heavy), although one intermediate line
    of the printed proof is false (claim ``S3.total-line``).  Requires ``1 < omega < 1 + 1/e``.
    Returns the upper end of an interval enclosure.
    """
    t = _target(a)
    n = len(t)
    omega = as_fraction(omega, "omega")
    x0 = sum((omega ** abs(ai) - 1 for ai in t), Fraction(0))
    with iv_precision():
        e = mpmath.iv.e
        u = iv_frac(omega - 1)
        c = (u - e * u * u) / e  # proof of Theorem 3: c = (omega - 1 - e(omega-1)^2)/e
        if not c.a > 0:
            raise ValueError(f"omega must satisfy 1 < omega < 1 + 1/e (c > 0), got {omega}")
        delta = c / (2 * iv_frac(omega) * n)
        bound = (1 + mpmath.iv.log(iv_frac(x0 / (omega - 1)))) / delta
        return hi(bound)


def pm1_ea_lower(a: Sequence[int], *, refined: bool = False) -> mpmath.mpf:
    r"""Theorem 4: ``max(n |a|_inf, (n - 1) ln(|a|_H) / 2)``.

    * ``n |a|_inf``: additive drift (Theorem 1) on the distance of the position with
      ``|a_j| = |a|_inf``, whose drift towards 0 is at most ``1/n`` (paper).  With
      ``refined=True`` the exact maximum drift ``1/(2n)`` (claim ``S3.thm4-drift``) is used,
      giving ``2 n |a|_inf``, which equals ``E[T] = 2|a|`` for ``n = 1``.
    * ``(n - 1) ln(|a|_H) / 2``: ``P(T >= (n-1) ln |a|_H) >= 1/2`` and ``E[T] >= t P(T >= t)``.

    Returns the lower end of an interval enclosure.
    """
    t = _target(a)
    n = len(t)
    first = Fraction((2 if refined else 1) * n * norm_inf(t))
    with iv_precision():
        second = (n - 1) * mpmath.iv.log(norm_hamming(t)) / 2
        return max(lo(iv_frac(first)), lo(second))


def heavy_drift_denominator(a_norm1: int, eps: Fraction, log_base: LogBase) -> Any:
    r"""``(log2 |a|_1 + 2) (log_b(log2 |a|_1 + 2))^{1+eps}`` as an interval (proof of Theorem 5).

    The outer logarithm is base 2 (the steps are ``2^j`` and ``j`` runs to ``floor(log2 d)``,
    claim ``S4.log-base``); the inner one is the base of Definition 2's law of ``I``.
    """
    big_l = iv_log(iv_frac(a_norm1), 2) + 2
    return big_l * iv_pow(iv_log(big_l, log_base), 1 + iv_frac(eps))


def heavy_ea_upper(a: Sequence[int], eps: Fraction | float | str, log_base: LogBase = 2
                   ) -> mpmath.mpf:
    r"""Theorem 5: ``2 e c_eps n (log|a|_1 + 2)(log(log|a|_1 + 2))^{1+eps} (1 + ln |a|_1)``.

    Multiplicative drift (Theorem 2) with ``X = f_a(x)``, ``X_0 = |a|_1``, ``x_min = 1``, so the
    last factor is ``1 + ln(|a|_1)`` with the *natural* log (the paper prints ``log``; with
    ``log2`` the bound is merely weaker, claim ``S4.thm5-constant``).  ``c_eps`` enters through
    the upper end of :func:`c_eps_enclosure`.  For ``log_base='e'`` the outer
    ``log`` stays base 2 (the proof's sum over ``j <= floor(log2 d)`` needs it); only the law of
    ``I`` and the inner log change.  Returns the upper end of an interval enclosure.
    """
    t = _target(a)
    n = len(t)
    e_frac = check_eps(eps)
    base = check_log_base(log_base)
    norm = norm_1(t)
    with iv_precision():
        c_iv = _c_iv(e_frac, base)
        inv_delta = 2 * mpmath.iv.e * c_iv * n * heavy_drift_denominator(norm, e_frac, base)
        return hi(inv_delta * (1 + mpmath.iv.log(norm)))


def heavy_ea_approx_upper(a: Sequence[int], eps: Fraction | float | str,
                          alpha: Fraction | float | str, log_base: LogBase = 2) -> mpmath.mpf:
    r"""Corollary 6, with the drift constant of Theorem 5: time to reach ``f_a(x) <= alpha |a|_1``.

    ``E[T_alpha] <= 2 e c_eps n (log|a|_1 + 2)(log(log|a|_1 + 2))^{1+eps} (1 + ln(1/alpha))``
    (multiplicative drift with ``X_0 = |a|_1``, ``x_min = alpha |a|_1``).  The constant printed in
    Corollary 6, ``4 e c_eps n log|a|_1 (log log|a|_1)^{1+eps}``, does *not* dominate this one
    for small ``|a|_1`` (claim ``S4.cor6-constant``), so it is not used.  ``0 < alpha < 1``.
    Theorem 2 stops at ``X < x_min``, a stopping time no earlier than ``min{t: X_t <= alpha
    |a|_1}``, so the bound applies to the latter (claim ``S4.cor6-stopping``).
    """
    t = _target(a)
    n = len(t)
    al = as_fraction(alpha, "alpha")
    if not 0 < al < 1:
        raise ValueError(f"alpha must lie in (0, 1) (Corollary 6), got {alpha}")
    e_frac = check_eps(eps)
    base = check_log_base(log_base)
    with iv_precision():
        c_iv = _c_iv(e_frac, base)
        inv_delta = 2 * mpmath.iv.e * c_iv * n * heavy_drift_denominator(norm_1(t), e_frac, base)
        return hi(inv_delta * (1 + mpmath.iv.log(iv_frac(1 / al))))


def rls_ab_lower(a: Sequence[int], alpha: Fraction | float | str = Fraction(17, 10)) -> Fraction:
    r"""Lemma 7, made rigorous: ``max(n H_{|a|_H}, n k)``.

    * Coupon collector: every non-zero position must be chosen at least once; the expected time
      until ``|a|_H`` given positions out of ``n`` have all been chosen is exactly
      ``n H_{|a|_H}`` (``H_m`` the harmonic number).
    * Velocity: after ``k`` selections of a position its velocity is at most ``alpha^k`` (``beta
      < 1``, the reset is to 1), so it has moved at most ``(alpha^k - 1)/(alpha - 1)``; reaching
      distance ``|a|_inf`` needs ``k`` selections with ``(alpha^k - 1)/(alpha - 1) >= |a|_inf``,
      and ``k`` selections of one position take ``n k`` iterations in expectation.  (The paper's
      "log(|a|_inf) - 1 changes" uses ``alpha <= 2``; claim ``S5.lemma7-velocity``.)

    Exact (a Fraction).
    """
    t = _target(a)
    n = len(t)
    al = as_fraction(alpha, "alpha")
    if al <= 1:
        raise ValueError(f"alpha must be > 1, got {alpha}")
    h = norm_hamming(t)
    harmonic = sum((Fraction(1, k) for k in range(1, h + 1)), Fraction(0))
    target = norm_inf(t)
    k = 0
    while (al**k - 1) / (al - 1) < target:  # smallest k with (alpha^k-1)/(alpha-1) >= |a|_inf
        k += 1
    return max(n * harmonic, Fraction(n * k))


def rls_initial_potential(a: Sequence[int], prm: RlsParams) -> Fraction:
    """``g(0^n, 1^n) = sum_i g_i(|a_i|, 1)`` (proof of Lemma 8)."""
    return sum((g_i(abs(ai), Fraction(1), prm) for ai in _target(a)), Fraction(0))


def rls_ab_upper(a: Sequence[int], alpha: Fraction | float | str = Fraction(17, 10),
                 beta: Fraction | float | str = Fraction(9, 10),
                 c: Fraction | float | str = Fraction(1, 1000),
                 p: Fraction | float | str = Fraction(1, 100), *,
                 extrapolate: bool = False) -> mpmath.mpf | None:
    r"""Lemma 8 via the multiplicative drift theorem with a *computed* ``delta``.

    ``E[T] <= n (1 + ln g(0)) / delta`` where ``g(0) = sum_i g_i(|a_i|, 1)`` and ``x_min = 1``
    (``g_i >= d_i >= 1`` when ``d_i >= 1``), and ``delta`` is a rigorous lower bound on
    ``inf D(d, v)/g_i(d, v)`` over all real ``v >= 1`` and all ``1 <= d <= |a|_1`` (elitism keeps
    every ``d_i <= |a|_1``), computed by :func:`zonemax.proofs_check.rls_drift.delta_lower_bound`.

    For the paper's example ``(17/10, 9/10, 1/1000, 1/100)`` the infimum is
    ``4c(1-beta)/(1+p+4c) ~ 3.94e-4`` for every ``d <= 64`` (approached as ``v -> 2d+``, Case 5).

    Returns ``None`` when the bound is not available: ``delta <= 0`` (e.g. outside Lemma 8's
    hypotheses), or ``|a|_1 > RLS_CERTIFIED_D_MAX`` and ``extrapolate`` is false.  With
    ``extrapolate=True`` the ``delta`` certified for ``d <= RLS_CERTIFIED_D_MAX`` is used for
    larger ``|a|_1`` too -- *not a proof*.  Returns the upper end of an interval enclosure.
    """
    t = _target(a)
    prm = RlsParams(as_fraction(alpha, "alpha"), as_fraction(beta, "beta"),
                    as_fraction(c, "c"), as_fraction(p, "p"))
    if prm.alpha <= 1 or not 0 < prm.beta < 1 or prm.c <= 0 or prm.p < 0:
        raise ValueError("need alpha > 1, 0 < beta < 1, c > 0, p >= 0 (Lemma 8)")
    norm = norm_1(t)
    if norm > RLS_CERTIFIED_D_MAX and not extrapolate:
        return None
    delta, _, _ = delta_lower_bound(prm, min(norm, RLS_CERTIFIED_D_MAX))
    if delta <= 0:
        return None
    with iv_precision():
        g0 = iv_frac(rls_initial_potential(t, prm))
        return hi(len(t) * (1 + mpmath.iv.log(g0)) / mpmath.iv.mpf(delta))
