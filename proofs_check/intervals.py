"""Rigorous enclosures for the claims: the rational enclosure of e and interval helpers.

``e`` enters exact checks only through :data:`E_LOWER` < e < :data:`E_UPPER`; logarithms and
powers with real exponents go through ``mpmath.iv`` at :data:`IV_DPS` digits (see the exactness
rules in :mod:`zonemax.proofs_check.core`).  A float never decides a verdict.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import mpmath
from zonemax.proofs_check.core import Method, record

#: Number of Taylor terms of e = sum_k 1/k!; the remainder after the term 1/N! is
#: sum_{k > N} 1/k! < 1/(N! N), so E_LOWER < e < E_UPPER with width < 1/(N! N) ~ 6e-27.
_E_TERMS = 25
E_LOWER: Fraction = sum((Fraction(1, math.factorial(k)) for k in range(_E_TERMS + 1)), Fraction(0))
E_UPPER: Fraction = E_LOWER + Fraction(1, math.factorial(_E_TERMS) * _E_TERMS)


def exact_e_note() -> str:
    """How ``e`` enters exact checks (quoted in evidence)."""
    return (f"e enclosed by Taylor partial sums: sum_{{k<={_E_TERMS}}} 1/k! < e < that + "
            f"1/({_E_TERMS}! * {_E_TERMS}) (width < 1e-26)")


# --------------------------------------------------------------------------------------------
# Interval helpers
# --------------------------------------------------------------------------------------------
#: Working precision (decimal digits) of all interval computations in proofs_check.
IV_DPS = 40


@contextmanager
def iv_precision(dps: int = IV_DPS) -> Iterator[None]:
    """Run a block with ``mpmath.iv`` at ``dps`` decimal digits and restore the old precision
    (records :attr:`~zonemax.proofs_check.core.Method.INTERVAL`)."""
    record(Method.INTERVAL)
    old = mpmath.iv.prec
    mpmath.iv.dps = dps
    try:
        yield
    finally:
        mpmath.iv.prec = old


def iv_frac(q: Fraction | int) -> Any:
    """A Fraction as a (tight) mpmath interval."""
    q = Fraction(q)
    return mpmath.iv.mpf(q.numerator) / q.denominator


def above(x: Any, q: Fraction | int) -> bool:
    """Whether every point of the interval ``x`` is strictly greater than the rational ``q``."""
    return bool(x.a > iv_frac(q).b)


def below(x: Any, q: Fraction | int) -> bool:
    """Whether every point of the interval ``x`` is strictly smaller than the rational ``q``."""
    return bool(x.b < iv_frac(q).a)


def iv_log(x: Any, base: int | str) -> Any:
    """``log_base(x)`` as an interval; base ``"e"`` is the natural logarithm."""
    if base == "e":
        return mpmath.iv.log(x)
    return mpmath.iv.log(x) / mpmath.iv.log(base)


def iv_pow(x: Any, y: Any) -> Any:
    """``x**y`` for an interval ``x > 0`` and real interval ``y``."""
    return mpmath.iv.exp(y * mpmath.iv.log(x))


def lo(x: Any) -> mpmath.mpf:
    """Lower end of an interval, converted exactly (at the interval's precision)."""
    with mpmath.workprec(max(mpmath.iv.prec, mpmath.mp.prec)):
        return mpmath.mpf(x.a)


def hi(x: Any) -> mpmath.mpf:
    """Upper end of an interval, converted exactly (at the interval's precision)."""
    with mpmath.workprec(max(mpmath.iv.prec, mpmath.mp.prec)):
        return mpmath.mpf(x.b)
