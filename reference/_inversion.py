r"""Exact inversion sampling: a uniform variate revealed bit by bit, compared with rigorous balls.

Used by the operators whose laws involve irrational numbers (:mod:`zonemax.reference.
double_geometric`, :mod:`zonemax.reference.power_law`).  A float ``rng.random()`` compared with a
float CDF is off by rounding; here nothing is rounded in the decision:

* :class:`LazyUniform` is a uniform ``V`` on ``(0, 1)`` of which only the first ``bits`` binary
  digits are known, so ``V`` lies in ``[num / 2^bits, (num + 1) / 2^bits)``.  Its digits are
  independent fair bits (64 at a time from ``rng``), so ``V`` is exactly uniform, and more digits
  are drawn only when a decision needs them.
* A threshold ``c`` (a CDF value, ``ln V / ln q``, ...) is known as an Arb ball (python-flint):
  an interval guaranteed to contain it.  :func:`ball` turns the ball into exact dyadic
  endpoints.  A comparison ``V < c`` is *decided* when the dyadic interval of ``V`` lies entirely
  on one side of the ball; otherwise the caller draws more digits and recomputes the ball at a
  higher precision.  Since ``V`` has a continuous law it differs from ``c`` with probability one,
  so an undecided comparison becomes decided after finitely many rounds with probability one
  (and the chance that a 64-bit ``V`` falls within ``2^-60`` of a threshold is about ``2^-59``).

Every answer is therefore the answer of the exact real-number algorithm for the drawn ``V``:
the law of the output is exactly the law the real-number algorithm has, assuming only that the
generator's 64-bit words are independent and uniform.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np

#: Initial working precision (bits) of the Arb balls; doubled whenever a decision stays open.
START_PREC = 128

#: A dyadic number ``man * 2^exp`` as the pair ``(man, exp)`` of Python ints: exact, and compared
#: by integer shifts (much cheaper than ``Fraction``).
Dyadic: TypeAlias = tuple[int, int]


class LazyUniform:
    """A uniform ``V`` on ``(0, 1)``, revealed 64 bits at a time (module docstring).

    ``V`` lies in ``[num / 2^bits, (num + 1) / 2^bits)``.
    """

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self.num = 0
        self.bits = 0
        self.refine()

    def refine(self) -> None:
        """Reveal 64 more binary digits of ``V``."""
        word = int(self._rng.integers(0, 1 << 64, dtype=np.uint64))  # uniform on [0, 2^64)
        self.num = (self.num << 64) | word
        self.bits += 64


def _dyadic(x: Any) -> Dyadic:
    """The exact value of an Arb midpoint or radius."""
    man, exp = x.man_exp()
    return int(man), int(exp)


def _align(a: Dyadic, b: Dyadic) -> tuple[int, int, int]:
    """``(x, y, e)`` with ``a = x 2^e`` and ``b = y 2^e``."""
    e = min(a[1], b[1])
    return a[0] << (a[1] - e), b[0] << (b[1] - e), e


def ball(x: Any) -> tuple[Dyadic, Dyadic]:
    """Exact dyadic endpoints ``(lo, hi)`` of the Arb ball ``x`` (``lo <= x <= hi``)."""
    mid, rad, e = _align(_dyadic(x.mid()), _dyadic(x.rad()))
    return (mid - rad, e), (mid + rad, e)


def width(lo: Dyadic, hi: Dyadic) -> Dyadic:
    """``hi - lo``."""
    x, y, e = _align(hi, lo)
    return x - y, e


def le(a: Dyadic, b: Dyadic) -> bool:
    """``a <= b``."""
    x, y, _ = _align(a, b)
    return x <= y


def floor(a: Dyadic) -> int:
    """``floor(a)``."""
    man, exp = a
    return man << exp if exp >= 0 else man >> -exp  # >> rounds towards -infinity


def less_than(u: LazyUniform, lo: Dyadic, hi: Dyadic) -> bool | None:
    """Decide ``V < c`` for a threshold ``c`` in ``[lo, hi]``: ``True``, ``False``, or ``None``
    when the digits of ``V`` known so far do not decide it."""
    if le((u.num + 1, -u.bits), lo):
        return True  # V < (num + 1)/2^bits <= lo <= c
    if le(hi, (u.num, -u.bits)):
        return False  # c <= hi <= num/2^bits <= V
    return None
