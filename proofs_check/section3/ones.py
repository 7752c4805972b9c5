r"""Section 3, Theorems 3 and 4 on ``a = 1^n``: the proofs' explicit bounds against ``E[T]``.

Notation as in :mod:`zonemax.proofs_check.section3`.  For ``a = 1^n`` the initial potential is
``X_0 = n (omega - 1)`` (eq. (3)), so the bound of Theorem 3 via Theorem 2 is
``(1 + ln n) 2 omega n / c`` (``omega = 6/5``, ``c = (omega - 1 - e(omega-1)^2)/e``), and
Theorem 4's proof gives ``max(n, (n-1) ln(n) / 2)``.  The paper states both theorems as ``O`` and
``Omega`` only: it names no leading constant and says nothing about how tight the proofs'
constants are, so what is checkable on instances is that the exact ``E[T]`` lies between the
two explicit bounds; the ratios are reported as evidence (``E[T]/(n ln n)`` falls slowly, about
6.04 at ``n = 20``; the upper bound is about 16 times ``E[T]``, ``E[T]`` about 13 times the lower
bound).

``E[T]`` is recomputed at check time: exactly (``Fraction``, brute force of
:func:`zonemax.proofs_check.pm1.pm1_expected_time`) for ``n <= EXACT_TOP``, and for the rest as
the verified enclosure of :func:`zonemax.proofs_check.pm1_lumped.pm1_enclosure` (a float solve
that only proposes, checked by exact integer sub- and super-solution inequalities), which must
also contain the exact value wherever both ran.  The bounds are ``mpmath.iv`` intervals compared
with the enclosure's ends.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import mpmath
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Status,
    TexRef,
    Verdict,
    evidence,
    exhaustive,
    proved,
)
from zonemax.proofs_check.intervals import iv_frac, iv_precision
from zonemax.proofs_check.pm1 import OMEGA_PAPER, pm1_expected_time
from zonemax.proofs_check.pm1_lumped import NotVerified, pm1_enclosure
from zonemax.proofs_check.section3.common import C_EXPR, _lt, _nstr
from zonemax.proofs_check.section3.theorem3 import _thm3_bound
from zonemax.proofs_check.section3.theorem4 import _thm4_bound

#: Largest ``n`` of ``a = 1^n`` checked (default run / ``--heavy``).  Measured on the shared
#: 2-core machine at load average 5: the default check 1.7 s (all ``n <= 16``), ``--heavy``
#: 22 s (``n = 20`` alone 5.7 s); the states are the sorted ``d`` with ``sum d <= n``, 915 at
#: ``n = 16`` and 2,713 at ``n = 20``.
N_TOP: dict[bool, int] = {False: 16, True: 20}
#: Up to this ``n`` the exact ``Fraction`` value is computed too (brute force, ``3^n`` outcomes
#: per state) and must lie in the verified enclosure.
EXACT_TOP = 5
#: The enclosures in a holding verdict's certificate, which the checker compares with its
#: manifest, are rounded outward to multiples of ``2^-GRID_BITS``: a float solve that differs in
#: its last bits (about 1e-12 relative, e.g. another BLAS) moves an end across a grid line with
#: probability below 1e-6, so machines write the same certificate; the grid is far finer than
#: any margin decided here.  (A counterexample's certificate carries the full enclosure.)
GRID_BITS = 10

_UPPER = (f"upper_scale*(1 + ln(pm1_g(omega, row[0])/(omega - 1)))*2*omega*len(row[0])"
          f"/({C_EXPR})")
_LOWER = ("lower_scale*max(len(row[0])*pm1_inf(row[0]), "
          "(len(row[0]) - 1)*ln(pm1_hamming(row[0]))/2)")


def _grid(low: Fraction, high: Fraction) -> dict[str, Any]:
    scale = 1 << GRID_BITS
    return certs.interval(Fraction(math.floor(low * scale), scale),
                          Fraction(math.ceil(high * scale), scale))


def _row(expr: str) -> str:
    return expr.replace("row[0]", "a").replace("row[1]", "T")


def _times(heavy: bool) -> list[tuple[tuple[int, ...], Fraction, Fraction]]:
    """``(a, low, high)`` with ``low <= E[T] <= high`` for ``a = 1^n``, ``2 <= n <= N_TOP``;
    exact (``low = high``) for ``n <= EXACT_TOP``.  Raises ``NotVerified`` when an enclosure
    cannot be verified or misses the exact value."""
    rows = []
    for n in range(2, N_TOP[heavy] + 1):
        a = (1,) * n
        enc = pm1_enclosure(a)
        if n <= EXACT_TOP:
            exact = pm1_expected_time(a)
            if not enc.low <= exact <= enc.high:
                raise NotVerified(f"the enclosure of E[T] at a = 1^{n} misses the exact value")
            rows.append((a, exact, exact))
        else:
            rows.append((a, enc.low, enc.high))
    return rows


def _scope_text(heavy: bool) -> str:
    return (f"a = 1^n for 2 <= n <= {N_TOP[heavy]} (exact Fraction E[T] for n <= {EXACT_TOP}, "
            "verified enclosure of the lumped chain beyond: float solve checked by exact "
            "sub- and super-solutions)")


def check_ones_bounds(heavy: bool, *, upper_scale: Fraction = Fraction(1),
                      lower_scale: Fraction = Fraction(1)) -> Verdict:
    """``lower_scale max(n, (n-1) ln(n)/2) <= E[T] <= upper_scale (1 + ln n) 2 omega n / c``
    for ``a = 1^n``, ``2 <= n <= N_TOP[heavy]``."""
    quantifier = "a = 1^n, all n >= 2"
    try:
        times = _times(heavy)
    except NotVerified as err:
        return Verdict(Status.INCONCLUSIVE, f"No verified E[T]: {err}.")
    table: dict[int, tuple[str, str, str]] = {}
    tight_up: tuple[Any, int] | None = None
    tight_low: tuple[Any, int] | None = None
    with iv_precision():
        up_sc, low_sc = iv_frac(upper_scale), iv_frac(lower_scale)
        for a, low, high in times:
            n = len(a)
            t_iv = mpmath.iv.mpf([iv_frac(low).a, iv_frac(high).b])
            upper = up_sc * _thm3_bound(a)
            lower = low_sc * _thm4_bound(a)
            up_ratio, low_ratio = upper / t_iv, t_iv / lower
            if tight_up is None or up_ratio.a < tight_up[0].a:
                tight_up = (up_ratio, n)
            if tight_low is None or low_ratio.a < tight_low[0].a:
                tight_low = (low_ratio, n)
            table[n] = (_nstr(t_iv / (n * mpmath.iv.log(n)), 5), _nstr(up_ratio, 5),
                        _nstr(low_ratio, 5))
            above, below = _lt(upper, t_iv), _lt(t_iv, lower)
            if above or below:
                which = "upper" if above else "lower"
                op, expr = (">", _UPPER) if above else ("<", _LOWER)
                return Verdict(
                    Status.FAILS,
                    f"E[T] at a = 1^{n} is {'above' if above else 'below'} "
                    f"{upper_scale if above else lower_scale} x the {which} bound "
                    f"({'Theorem 3' if above else 'Theorem 4'}).",
                    witness=evidence(a=a, e_t_low=low, e_t_high=high),
                    scope=proved(quantifier, "a counterexample"),
                    certificates=(certs.arith([certs.check("T", op, _row(expr))],
                                              omega=OMEGA_PAPER, upper_scale=upper_scale,
                                              lower_scale=lower_scale, a=a,
                                              T=certs.interval(low, high)),))
            if not (_lt(t_iv, upper) and lower.b <= t_iv.a):
                return Verdict(Status.INCONCLUSIVE, f"an interval comparison is undecided at "
                                                    f"a = 1^{n}")
    assert tight_up is not None and tight_low is not None
    top = N_TOP[heavy]
    return Verdict(
        Status.HOLDS,
        f"For a = 1^n, 2 <= n <= {top}: max(n, (n-1) ln(n)/2) <= E[T] <= (1 + ln n) 2 omega n/c "
        f"(omega = 6/5).  The upper bound is at least {_nstr(tight_up[0])} x E[T] (n = "
        f"{tight_up[1]}; the ratio falls with n), E[T] at least {_nstr(tight_low[0])} x the "
        f"lower bound (n = {tight_low[1]}); E[T]/(n ln n) = {table[top][0]} at n = {top}.  The "
        "paper states only O and Omega (no constant, nothing on their tightness), so nothing "
        "else is checkable here.",
        evidence(n_range=(2, top), tightest_upper_ratio=tight_up[0], at_n_upper=tight_up[1],
                 tightest_lower_ratio=tight_low[0], at_n_lower=tight_low[1],
                 e_over_n_ln_n__upper_over_e__e_over_lower=table),
        scope=exhaustive(quantifier, _scope_text(heavy), len(times)),
        certificates=(certs.forall(
            [("row", {"type": "values",
                      "values": [[list(a), _grid(low, high)] for a, low, high in times]})],
            [certs.check("row[1]", "<=", _UPPER), certs.check("row[1]", ">=", _LOWER)],
            len(times), omega=OMEGA_PAPER, upper_scale=upper_scale, lower_scale=lower_scale),))


def _single(n: int) -> tuple[int, ...]:
    return (n,) + (0,) * (n - 1)


def check_ones_faster(heavy: bool, *, factor: Fraction = Fraction(1)) -> Verdict:
    """``E[T]`` on ``(n, 0^{n-1})`` exceeds ``factor`` times ``E[T]`` on ``1^n`` for
    ``2 <= n <= N_TOP[heavy]`` (the printed reading is ``factor = 1``: the all-ones target is
    the faster of the two)."""
    quantifier = "all n >= 2"
    try:
        ones = _times(heavy)
        singles = []
        for a, _, _ in ones:
            n = len(a)
            enc = pm1_enclosure(_single(n), total=n)  # the same solve as for 1^n
            if n <= EXACT_TOP:
                exact = pm1_expected_time(_single(n))
                if not enc.low <= exact <= enc.high:
                    raise NotVerified(f"the enclosure of E[T] at ({n}, 0^{n - 1}) misses the "
                                      "exact value")
                singles.append((exact, exact))
            else:
                singles.append((enc.low, enc.high))
    except NotVerified as err:
        return Verdict(Status.INCONCLUSIVE, f"No verified E[T]: {err}.")
    ratios = {}
    for (a, o_lo, o_hi), (s_lo, s_hi) in zip(ones, singles, strict=True):
        n = len(a)
        ratios[n] = (s_lo / o_hi, s_hi / o_lo)
        if s_hi <= factor * o_lo:  # E[T] on (n, 0^(n-1)) <= factor x E[T] on 1^n
            return Verdict(
                Status.FAILS,
                f"E[T] on ({n}, 0^{n - 1}) <= {factor} x E[T] on 1^{n}: the ratio is at most "
                f"{float(s_hi / o_lo):.6g}.",
                witness=evidence(n=n, ones=(o_lo, o_hi), single=(s_lo, s_hi)),
                scope=proved(quantifier, "a counterexample"),
                certificates=(certs.arith([certs.check("S", "<=", "factor*O")], factor=factor,
                                          n=n, O=certs.interval(o_lo, o_hi),
                                          S=certs.interval(s_lo, s_hi)),))
        if not s_lo > factor * o_hi:
            return Verdict(Status.INCONCLUSIVE, f"the comparison is undecided at n = {n}")
    top = N_TOP[heavy]
    low = min(ratios, key=lambda k: ratios[k][0])
    return Verdict(
        Status.HOLDS,
        f"E[T] on (n, 0^(n-1)) > E[T] on 1^n for 2 <= n <= {top}: the ratio is smallest at "
        f"n = {low} ({float(ratios[low][0]):.6g}) and grows to {float(ratios[top][0]):.5g} at n = {top} "
        "(Theta(n^2) against Theta(n log n) by Theorems 3 and 4).",
        evidence(n_range=(2, top), smallest_ratio=ratios[low][0], at_n=low,
                 ratio_single_over_ones={k: f"{float(r[0]):.6g}" for k, r in ratios.items()}),
        scope=exhaustive(quantifier, _scope_text(heavy).replace("a = 1^n", "a = 1^n and "
                                                                "(n, 0^(n-1))"), len(ones)),
        certificates=(certs.forall(
            [("row", {"type": "values",
                      "values": [[len(a), _grid(o_lo, o_hi), _grid(*single)]
                                 for (a, o_lo, o_hi), single in zip(ones, singles, strict=True)]})],
            [certs.check("row[2]", ">", "factor*row[1]")], len(ones), factor=factor),))


CLAIMS: tuple[Claim, ...] = (
    Claim("S3.ones-explicit-bounds", 3, "Theorems 3 and 4 on a = 1^n (the proofs' constants)",
          "For a = 1^n: max(n, (n-1) ln(n)/2) <= E[T] <= (1 + ln n) 2 omega n / c, with "
          "omega = 6/5 and c = (omega - 1 - e(omega-1)^2)/e (Theorem 4's proof and Theorem 3 "
          "via Theorem 2; the paper states no constant, so nothing about their tightness is "
          "checkable).",
          check_ones_bounds,
          controls=(Control("the upper bound divided by 16.1 (it is 16.06 x E[T] at a = 1^16)",
                            {"upper_scale": Fraction(10, 161)}, Status.FAILS),
                    Control("the lower bound times 5.34 (E[T] = 32/3 = 5.33 x the bound at "
                            "a = 1^2)", {"lower_scale": Fraction(267, 50)}, Status.FAILS)),
          tex=TexRef(423, 423, r"this upper bound on the \ooea is sharp by proving the same "
                     r"asymptotic lower bound")),
    Claim("S3.ones-faster", 3, "Proof of Theorem 3, the two edge cases of fitness n",
          "Of the two targets of fitness n named in the proof, the all-ones one is optimised "
          "faster: E[T] on a = 1^n < E[T] on a = (n, 0, ..., 0) for n >= 2.",
          check_ones_faster,
          controls=(Control("E[T] on (n, 0^(n-1)) > 1.3 x E[T] on 1^n (the ratio is 5/4 "
                            "at n = 2)", {"factor": Fraction(13, 10)}, Status.FAILS),),
          tex=TexRef(382, 382, r"while the latter can be solved very fast since there are "
                     r"multiple ways of progressing in each step")),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S3.ones-explicit-bounds": Status.HOLDS,
    "S3.ones-faster": Status.HOLDS,
}
