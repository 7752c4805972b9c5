"""Exact evaluation of Lemma 8's statements in the certificate expression language (Fractions).

A statement is a comparison ``(lhs, op, rhs)`` (:data:`Constraint`) of expressions over the names
``d``, ``v``, ``alpha``, ``beta``, ``c``, ``p`` and the quantities ``rls_g``, ``rls_g_toward``,
``rls_g_away``, ``rls_drift``, ``rls_d_toward``, ``rls_v_toward``, ``rls_v_away``,
``rls_accepted``; :func:`exact_value` computes them with the functions of
:mod:`zonemax.proofs_check.rls_drift` (the independent checker has its own implementation).
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from zonemax.proofs_check.core import Method, record
from zonemax.proofs_check.rls_drift import (
    PAPER_EXAMPLE,
    RlsParams,
    drift,
    g_away,
    g_i,
    g_toward,
    outcomes,
)

#: ``(lhs, op, rhs)``: one comparison of the certificate expression language.
Constraint = tuple[str, str, str]

#: The comparison operators of the expression language.
COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
    "==": operator.eq, "!=": operator.ne,
}
#: The negation of each comparison (a witness asserts the negated goal).
NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def _as_int(x: Fraction) -> int:
    if Fraction(x).denominator != 1:
        raise ValueError(f"expected an integer distance, got {x}")
    return int(x)


def _prm(args: Sequence[Fraction]) -> RlsParams:
    return RlsParams(*(Fraction(a) for a in args))


def _velocity_prm(alpha: Fraction, beta: Fraction) -> RlsParams:
    """Constants for a velocity update (c and p do not enter it)."""
    return RlsParams(Fraction(alpha), Fraction(beta), Fraction(0), Fraction(0))


def _vel(d: int, v: Fraction, prm: RlsParams, toward: bool) -> Fraction:
    step = outcomes(d, v, prm)[0 if toward else 1]
    return step[1]


#: Quantities of the expression language, computed with :mod:`~zonemax.proofs_check.rls_drift`'s
#: functions.
_EXACT_FUNCTIONS: dict[str, Callable[..., Fraction]] = {
    "min": lambda *xs: min(xs),
    "max": lambda *xs: max(xs),
    "abs": abs,
    "floor": lambda x: Fraction(math.floor(x)),
    "rls_g": lambda d, v, *q: g_i(_as_int(d), Fraction(v), _prm(q)),
    "rls_g_toward": lambda d, v, *q: g_toward(_as_int(d), Fraction(v), _prm(q)),
    "rls_g_away": lambda d, v, *q: g_away(_as_int(d), Fraction(v), _prm(q)),
    "rls_drift": lambda d, v, *q: drift(_as_int(d), Fraction(v), _prm(q)),
    "rls_d_toward": lambda d, v: Fraction(outcomes(_as_int(d), Fraction(v), PAPER_EXAMPLE)[0][0]),
    # (the distance after a toward step does not depend on the constants)
    "rls_v_toward": lambda d, v, al, be: _vel(_as_int(d), Fraction(v), _velocity_prm(al, be), True),
    "rls_v_away": lambda d, v, al, be: _vel(_as_int(d), Fraction(v), _velocity_prm(al, be), False),
    "rls_accepted": lambda d, v: Fraction(int(abs(_as_int(d) - math.floor(v)) <= d)),
}


@lru_cache(maxsize=1024)
def parse(expr: str) -> ast.expr:
    """The syntax tree of an expression (cached: statements are evaluated many times)."""
    return ast.parse(expr, mode="eval").body


def exact_value(expr: str, env: Mapping[str, Fraction]) -> Fraction:
    """Evaluate ``expr`` exactly (Fractions) with this module's implementation of the quantities
    (:data:`_EXACT_FUNCTIONS`)."""
    record(Method.EXACT)
    return _exact(parse(expr), env)


def _exact(node: ast.expr, env: Mapping[str, Fraction]) -> Fraction:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return Fraction(node.value)
    if isinstance(node, ast.Name):
        return Fraction(env[node.id])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_exact(node.operand, env)
    if isinstance(node, ast.BinOp):
        a, b = _exact(node.left, env), _exact(node.right, env)
        if isinstance(node.op, ast.Pow):
            if b.denominator != 1:
                raise ValueError("only integer powers are exact")
            return a ** int(b)
        ops: dict[type, Callable[[Fraction, Fraction], Fraction]] = {
            ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
            ast.Div: operator.truediv}
        return ops[type(node.op)](a, b)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return Fraction(_EXACT_FUNCTIONS[node.func.id](*(_exact(a, env) for a in node.args)))
    raise ValueError(f"expression not supported: {ast.dump(node)[:80]}")


def exact_holds(con: Constraint, env: Mapping[str, Fraction]) -> bool:
    """Whether ``lhs op rhs`` holds at ``env`` (exact)."""
    lhs, op, rhs = con
    return COMPARE[op](exact_value(lhs, env), exact_value(rhs, env))
