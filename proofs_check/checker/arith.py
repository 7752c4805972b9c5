"""Exact arithmetic for the checker: Fractions, and closed intervals with Fraction endpoints.

Rational numbers stay exact ``Fraction``.  Anything transcendental (``e``, ``exp``, ``ln``,
``log2``, ``sqrt``, real powers) becomes an :class:`Interval` whose endpoints are rationals that
provably enclose the true value: Taylor series with explicit remainder bounds, rounded outward
to ``PREC`` significant bits.  Nothing here uses floats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

#: Significant bits that transcendental enclosures are rounded outward to.
PREC = 128
#: Working bits of the fixed-point series (PREC plus guard bits).
_W = PREC + 32
_ONE = 1 << _W


def _shift(x: Fraction) -> int:
    """Binary exponent that keeps about ``PREC`` significant bits of ``x`` (relative rounding)."""
    if x == 0:
        return PREC
    return PREC - (abs(x.numerator).bit_length() - x.denominator.bit_length())


def _down(x: Fraction) -> Fraction:
    """Round down to ``PREC`` significant bits."""
    s = _shift(x)
    return Fraction(math.floor(x * Fraction(2) ** s)) / Fraction(2) ** s


def _up(x: Fraction) -> Fraction:
    """Round up to ``PREC`` significant bits."""
    s = _shift(x)
    return Fraction(math.ceil(x * Fraction(2) ** s)) / Fraction(2) ** s


@dataclass(frozen=True)
class Interval:
    """The closed interval ``[lo, hi]`` (``lo <= hi``, exact rational endpoints)."""

    lo: Fraction
    hi: Fraction

    def __post_init__(self) -> None:
        if self.lo > self.hi:
            raise ValueError(f"empty interval [{self.lo}, {self.hi}]")

    def __repr__(self) -> str:
        return f"[{float(self.lo):.17g}, {float(self.hi):.17g}]"


Real = Fraction | Interval


def iv(x: Real | int) -> Interval:
    """``x`` as an interval (a point for a rational)."""
    if isinstance(x, Interval):
        return x
    q = Fraction(x)
    return Interval(q, q)


def add(x: Real, y: Real) -> Real:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x + y
    a, b = iv(x), iv(y)
    return Interval(a.lo + b.lo, a.hi + b.hi)


def neg(x: Real) -> Real:
    return -x if isinstance(x, Fraction) else Interval(-x.hi, -x.lo)


def sub(x: Real, y: Real) -> Real:
    return add(x, neg(y))


def mul(x: Real, y: Real) -> Real:
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x * y
    a, b = iv(x), iv(y)
    p = (a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi)
    return Interval(min(p), max(p))


def div(x: Real, y: Real) -> Real:
    b = iv(y)
    if b.lo <= 0 <= b.hi:
        raise ArithmeticError("division by an interval that contains 0")
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return x / y
    return mul(x, Interval(1 / b.hi, 1 / b.lo))


def ipow(x: Real, k: int) -> Real:
    """``x**k`` for an integer ``k``."""
    if isinstance(x, Fraction):
        return x**k
    if k < 0:
        return div(Fraction(1), ipow(x, -k))
    if k == 0:
        return Fraction(1)
    lo, hi = x.lo**k, x.hi**k
    if k % 2 == 0 and x.lo <= 0 <= x.hi:
        return Interval(Fraction(0), max(lo, hi))
    return Interval(min(lo, hi), max(lo, hi))


# ---------------------------------------------------------------------------- transcendentals
def _exp_point(q: Fraction) -> Interval:
    """Enclosure of ``exp(q)``.

    ``exp(q) = exp(t)^(2^m)`` with ``|t| <= 1/2``.  ``exp(t)`` is summed in fixed point with
    ``_W`` fractional bits: ``T = floor(t 2^W)`` (error < 1 ulp, which moves ``exp`` by < 2
    ulps), 40 terms computed by floor division (each term off by at most 2 ulps: the error
    contracts by ``|t|/(j+1) <= 1/2`` per step and each floor adds < 1), and a tail of at most
    ``2 (1/2)^40 / 40! < 2^-170``.  So ``exp(t) 2^W`` lies within 100 ulps of the sum; the
    squarings are done in interval arithmetic, rounded outward.
    """
    m = 0
    t = q
    while abs(t) > Fraction(1, 2):
        t /= 2
        m += 1
    big_t = math.floor(t * _ONE)
    total, term = 0, _ONE
    for j in range(40):
        total += term
        term = (term * big_t) // (_ONE * (j + 1))
    lo, hi = Fraction(total - 100, _ONE), Fraction(total + 100, _ONE)
    for _ in range(m):  # exp(2t) = exp(t)^2 (positive)
        lo, hi = _down(lo * lo), _up(hi * hi)
    return Interval(_down(lo), _up(hi))


def exp(x: Real) -> Interval:
    """Enclosure of ``exp(x)`` (monotone)."""
    a = iv(x)
    return Interval(_exp_point(a.lo).lo, _exp_point(a.hi).hi)


def _atanh_series(z: Fraction) -> Interval:
    """Enclosure of ``2 atanh(z) = ln((1+z)/(1-z))`` for ``0 <= z <= 1/3``.

    Fixed point with ``_W`` bits: ``Z = floor(z 2^W)`` (moves the value by < 3 ulps, the
    derivative being ``2/(1-z^2) <= 9/4``), odd powers by floor division (errors contract by
    ``z^2 <= 1/9`` per step: each power off by < 2 ulps, each term by < 3), 90 terms (tail below
    ``z^181 < 2^-280``): ``2 atanh(z) 2^W`` lies within ``2 (3 * 90 + 3) + 2 < 1000`` ulps.
    """
    big_z = math.floor(z * _ONE)
    z2 = (big_z * big_z) // _ONE
    total, pw = 0, big_z
    for j in range(90):
        total += pw // (2 * j + 1)
        pw = (pw * z2) // _ONE
    return Interval(_down(Fraction(2 * total - 1000, _ONE)),
                    _up(Fraction(2 * total + 1000, _ONE)))


LN2 = _atanh_series(Fraction(1, 3))  # ln 2 = 2 atanh(1/3)


def _ln_point(q: Fraction) -> Interval:
    if q <= 0:
        raise ArithmeticError(f"ln of a non-positive number {q}")
    k = q.numerator.bit_length() - q.denominator.bit_length()
    y = q / Fraction(2) ** k  # y in (1/2, 2)
    if y < 1:
        y, k = y * 2, k - 1
    base = _atanh_series((y - 1) / (y + 1))  # ln y, y in [1, 2): z < 1/3
    scaled = mul(Fraction(k), LN2)
    return iv(add(base, scaled))


def ln(x: Real) -> Interval:
    """Enclosure of the natural logarithm (monotone; ``x > 0``)."""
    a = iv(x)
    return Interval(_ln_point(a.lo).lo, _ln_point(a.hi).hi)


def log(x: Real, base: Real) -> Real:
    """``log_base(x)``; exact for ``log2`` of a power of two."""
    if isinstance(x, Fraction) and base == 2 and x > 0:
        num, den = x.numerator, x.denominator
        if num & (num - 1) == 0 and den & (den - 1) == 0:
            return Fraction(num.bit_length() - den.bit_length())
    return div(ln(x), ln(base))


def sqrt(x: Real) -> Real:
    """Square root: exact when it is rational, else a dyadic enclosure."""
    a = iv(x)
    if a.lo < 0:
        raise ArithmeticError("sqrt of a negative number")
    if isinstance(x, Fraction):
        rn, rd = math.isqrt(x.numerator), math.isqrt(x.denominator)
        if rn * rn == x.numerator and rd * rd == x.denominator:
            return Fraction(rn, rd)
    scale = 1 << (2 * PREC)
    lo = Fraction(math.isqrt(math.floor(a.lo * scale)), 1 << PREC)
    hi = Fraction(math.isqrt(math.ceil(a.hi * scale)) + 1, 1 << PREC)
    return Interval(lo, hi)


def power(x: Real, y: Real) -> Real:
    """``x**y``: exact for integer ``y``; otherwise ``exp(y ln x)`` with ``x > 0``."""
    if isinstance(y, Fraction) and y.denominator == 1:
        return ipow(x, int(y))
    return exp(mul(y, ln(x)))


def floor(x: Real) -> int:
    a = iv(x)
    lo, hi = math.floor(a.lo), math.floor(a.hi)
    if lo != hi:
        raise ArithmeticError(f"floor undecided on {a!r}")
    return lo


def ceil(x: Real) -> int:
    a = iv(x)
    lo, hi = math.ceil(a.lo), math.ceil(a.hi)
    if lo != hi:
        raise ArithmeticError(f"ceil undecided on {a!r}")
    return lo


E = _exp_point(Fraction(1))


class Undecided(ArithmeticError):
    """An interval comparison that the enclosures cannot decide."""


def compare(x: Real, op: str, y: Real) -> bool:
    """``x op y`` decided exactly (rationals) or by disjoint enclosures (raises otherwise);
    vectors (tuples) compare entry by entry, with ``==`` and ``!=`` only."""
    if isinstance(x, tuple) or isinstance(y, tuple):
        if op not in ("==", "!=") or not (isinstance(x, tuple) and isinstance(y, tuple)):
            raise ValueError(f"vectors compare only with == and != (got {op!r})")
        same = len(x) == len(y) and all(compare(a, "==", b) for a, b in zip(x, y, strict=True))
        return same if op == "==" else not same
    if isinstance(x, Fraction) and isinstance(y, Fraction):
        return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y,
                "!=": x != y}[op]
    a, b = iv(x), iv(y)
    if op in (">", ">="):
        a, b, op = b, a, "<" if op == ">" else "<="
    if op == "<":
        if a.hi < b.lo:
            return True
        if a.lo >= b.hi:
            return False
    elif op == "<=":
        if a.hi <= b.lo:
            return True
        if a.lo > b.hi:
            return False
    elif op in ("==", "!="):
        if a.hi < b.lo or b.hi < a.lo:
            return op == "!="
    else:
        raise ValueError(f"unknown comparison {op!r}")
    raise Undecided(f"cannot decide {a!r} {op} {b!r}")
