"""Rendering of evidence values: decimals for humans, JSON-ready records, short text.

Used by the reports (:mod:`zonemax.proofs_check.report`) and by claims that format numbers in
their summaries; nothing here decides a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import mpmath
import sympy
from zonemax.proofs_check.core import Method, Status
from zonemax.proofs_check.intervals import hi, lo

#: Significant digits of decimals printed next to exact values.
DECIMAL_DIGITS = 12


def decimal(q: Fraction | int | mpmath.mpf, digits: int = DECIMAL_DIGITS) -> str:
    """A decimal rendering of an exact or mpmath number (for humans; not used in checks)."""
    with mpmath.workdps(max(digits + 10, 30)):
        if isinstance(q, Fraction):
            value = mpmath.mpf(q.numerator) / q.denominator
        else:
            value = mpmath.mpf(q)
        return str(mpmath.nstr(value, digits))


def jsonable(value: Any) -> Any:
    """Convert evidence values to JSON-serialisable objects.

    Fractions become ``{"fraction": "6/5", "decimal": "1.2"}``; mpmath intervals become
    ``{"lower": ..., "upper": ...}`` (15-digit decimal strings of the endpoints, for reading:
    the rigour lives in the checks, not in the printed digits); mpmath reals and sympy
    expressions become strings.
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": decimal(value)}
    if isinstance(value, float):
        return value
    if isinstance(value, mpmath.ctx_iv.ivmpf):
        return {"lower": decimal(lo(value), 15), "upper": decimal(hi(value), 15)}
    if isinstance(value, mpmath.mpf):
        return decimal(value, 15)
    if isinstance(value, sympy.Basic):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [jsonable(v) for v in value]
    if isinstance(value, Status | Method):
        return str(value)
    return str(value)


def render(value: Any) -> str:
    """A short human-readable rendering of an evidence value."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value.numerator}/{value.denominator} (~{decimal(value)})"
    if isinstance(value, mpmath.ctx_iv.ivmpf):
        return f"[{decimal(lo(value), 15)}, {decimal(hi(value), 15)}]"
    if isinstance(value, mpmath.mpf):
        return decimal(value, 15)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {render(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(render(v) for v in value) + ")"
    return str(value)
