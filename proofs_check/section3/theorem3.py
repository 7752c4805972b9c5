r"""Section 3, Theorem 3 via Theorem 2: the explicit upper bound against exact expected run times.

Notation as in :mod:`zonemax.proofs_check.section3`.
"""

from __future__ import annotations

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
from zonemax.proofs_check.intervals import iv_frac
from zonemax.proofs_check.pm1 import OMEGA_PAPER
from zonemax.proofs_check.section3.common import C_EXPR, _nstr
from zonemax.proofs_check.section3.exact_times import (
    _compare_rows,
    _enclose,
    _exact_times,
    _row,
    _rows_domain,
    _targets_text,
)
from zonemax.proofs_check.serialise import decimal

_UPPER3 = (f"scale*(1 + ln(pm1_g(omega, row[0])/(omega - 1)))*2*omega*len(row[0])/({C_EXPR})")


def _thm3_bound(a: tuple[int, ...]) -> Any:
    w = OMEGA_PAPER
    e = mpmath.iv.e
    u = iv_frac(w - 1)
    c = (u - e * u * u) / e  # proof of Theorem 3: c = (omega - 1 - e(omega-1)^2)/e
    x0 = sum((w**ai - 1 for ai in a), Fraction(0))
    return (1 + mpmath.iv.log(iv_frac(x0 / (w - 1)))) * 2 * iv_frac(w) * len(a) / c


def check_thm3_explicit(heavy: bool, *, scale: Fraction = Fraction(1)) -> Verdict:
    """``E[T] <= scale (1 + ln(X_0/(omega-1))) 2 omega n / c`` on every computed target."""
    rows, worst, bad = _compare_rows(heavy, _thm3_bound, True, scale)
    times = _exact_times(heavy)
    if bad == "undecided":
        return Verdict(Status.INCONCLUSIVE, "an interval comparison is undecided")
    if bad is not None:
        a, t, _ = rows[-1]
        return Verdict(
            Status.FAILS, f"E[T] = {decimal(t, 8)} exceeds {scale} x the explicit bound at a = {a}.",
            witness=evidence(a=a, exact=t),
            scope=proved("all a", "a counterexample"),
            certificates=(certs.arith([certs.check("T", ">", _row(_UPPER3))], omega=OMEGA_PAPER,
                                      scale=scale, a=a, T=_enclose(t)),))
    assert worst is not None
    return Verdict(
        Status.HOLDS,
        "The explicit bound of Theorem 3 via Theorem 2, (1 + ln(X_0/(omega-1))) 2 omega n / c "
        f"with x_min = omega - 1, is above the exact E[T] on all {len(times)} targets; it is "
        f"loose by a factor >= {_nstr(worst[1])} (at a = {worst[0]}).  n = 1 gives "
        "E[T] = 2|a|.",
        evidence(targets=len(times), tightest_target=worst[0], bound_over_exact=worst[1]),
        scope=exhaustive("all a in Z^n \\ {0}, all n", _targets_text(heavy), len(times)),
        certificates=(certs.forall([_rows_domain([(a, t) for a, t, _ in rows])],
                                   [certs.check("row[1]", "<=", _UPPER3)], len(rows),
                                   omega=OMEGA_PAPER, scale=scale),))


CLAIMS: tuple[Claim, ...] = (
    Claim("S3.thm3-explicit", 3, "Theorem 3 via Theorem 2 (explicit constant)",
          "E[T] <= (1 + ln(X_0/(omega-1))) 2 omega n / c.", check_thm3_explicit,
          controls=(Control("the bound divided by 20", {"scale": Fraction(1, 20)},
                            Status.FAILS),),
          tex=TexRef(420, 420, r"E[T]  = O((|a|_{\infty}+ \log(|a|_H))\cdot n)")),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S3.thm3-explicit": Status.HOLDS,
}
