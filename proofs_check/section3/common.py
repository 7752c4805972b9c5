r"""Section 3: the vocabulary, ranges and small helpers shared by its claim modules.

Notation as in :mod:`zonemax.proofs_check.section3`.  The ranges are keyed by ``heavy`` (``False``:
the default run, ``True``: ``zonemax claims --heavy``).  Names with a leading underscore are
internal to the section's package.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import mpmath
import sympy
from zonemax.proofs_check.intervals import E_LOWER, E_UPPER
from zonemax.proofs_check.pm1 import distance_vectors
from zonemax.proofs_check.serialise import decimal

_w, _n, _d, _x = sympy.symbols("omega n d x", positive=True)
_E = sympy.E

# --------------------------------------------------------------------------------------------
# Ranges (default / heavy)
# --------------------------------------------------------------------------------------------
#: Brute-force enumeration of every sorted ``d in {0..d_max}^n \ {0}``, ``n <= n_max``.
BRUTE: dict[bool, tuple[int, int]] = {False: (5, 4), True: (6, 6)}
#: Every ``d in N^n \ {0}`` for ``n <= ALL_D_N`` (exact affine reduction, ``pm1_drift``).
ALL_D_N: dict[bool, int] = {False: 60, True: 200}
#: The expression language's ``c`` (proof of Theorem 3) and potential targets of a drift bound.
C_EXPR = "(omega - 1 - e*(omega - 1)**2)/e"


def _smt(expr: sympy.Expr) -> str:
    """An SMT-LIB term for a rational function of real symbols (integer powers only)."""
    if expr.is_Symbol:
        return str(expr)
    if expr.is_Rational:
        q = sympy.Rational(expr)
        num = f"{abs(q.p)}.0" if q.q == 1 else f"(/ {abs(q.p)}.0 {q.q}.0)"
        return num if q.p >= 0 else f"(- {num})"
    if isinstance(expr, sympy.Add):
        return "(+ " + " ".join(_smt(a) for a in expr.args) + ")"
    if isinstance(expr, sympy.Mul):
        return "(* " + " ".join(_smt(a) for a in expr.args) + ")"
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
        k = int(expr.exp)
        base = _smt(expr.base)
        power = base if abs(k) == 1 else "(* " + " ".join([base] * abs(k)) + ")"
        return power if k > 0 else f"(/ 1.0 {power})"
    raise ValueError(f"not a rational function: {expr}")


def _exact_eval(expr: sympy.Expr, env: dict[sympy.Symbol, Fraction]) -> Fraction:
    """A rational function of the symbols in ``env`` evaluated exactly (integer powers only)."""
    if expr.is_Symbol:
        return env[expr]
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    args = [_exact_eval(a, env) for a in expr.args]
    if isinstance(expr, sympy.Add):
        return sum(args[1:], args[0])
    if isinstance(expr, sympy.Mul):
        out = args[0]
        for a in args[1:]:
            out *= a
        return out
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
        return args[0] ** int(expr.exp)
    raise ValueError(f"not a rational function: {expr}")


def _c_bounds(omega: Fraction) -> tuple[Fraction, Fraction]:
    """Rational enclosure ``c_lo < c < c_hi`` of ``c = (omega-1)/e - (omega-1)^2``."""
    u = omega - 1
    return u / E_UPPER - u * u, u / E_LOWER - u * u


def _brute_domain(heavy: bool) -> list[tuple[int, ...]]:
    n_max, d_max = BRUTE[heavy]
    return [d for n in range(1, n_max + 1) for d in distance_vectors(n, d_max)]


def _brute_text(heavy: bool) -> str:
    n_max, d_max = BRUTE[heavy]
    return f"every sorted d in {{0..{d_max}}}^n \\ {{0}}, 1 <= n <= {n_max}"


def _sorted_vectors(heavy: bool) -> tuple[str, dict[str, Any]]:
    n_max, d_max = BRUTE[heavy]
    return ("d", {"type": "sorted_vectors", "n": [1, n_max], "max": d_max, "nonzero": True})


def _num(q: Fraction) -> Fraction | str:
    """An exact value for the evidence, or its 15-digit decimal when the fraction is unwieldy
    (evidence is for humans; certificates carry the exact values)."""
    return q if q.denominator < 10**15 else f"~{decimal(q, 15)}"


def _lt(x: Any, y: Any) -> bool:
    """Interval ``x`` lies strictly below interval ``y``."""
    return bool(x.b < y.a)


def _short(ds: tuple[int, ...]) -> str:
    groups = [(k, len(list(g))) for k, g in itertools.groupby(ds)]
    return "(" + ", ".join(f"{k}^{c}" if c > 1 else str(k) for k, c in groups) + ")"


def _nstr(x: Any, digits: int = 4) -> str:
    """The lower end of an interval, for humans."""
    return str(mpmath.nstr(mpmath.mpf(x.a), digits))
