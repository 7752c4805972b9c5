"""The certificates' expression language, evaluated exactly.

An expression is a Python expression restricted to: integer literals; names bound in the
certificate's ``env`` (or by a ``forall``); the constant ``e``; ``+ - * / **``; unary minus;
tuple literals and subscripts (vectors); calls of :data:`FUNCTIONS` and of the checker's own
independently written quantities (:data:`QUANTITIES`).  Rationals stay exact ``Fraction``;
transcendental values become rational enclosures (:mod:`.arith`).

JSON values: an int, a string ``"p/q"`` (a rational), a list (a vector), or
``{"lo": "p/q", "hi": "r/s"}`` (a closed interval).  Vectors compare only with ``==`` and
``!=`` (entry by entry, see :func:`.arith.compare`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from . import arith

Value = Any  # Fraction | arith.Interval | tuple[Value, ...] | str


def parse_value(raw: Any) -> Value:
    """A JSON value of a certificate as an exact value."""
    if isinstance(raw, bool):
        raise ValueError("booleans are not numbers")
    if isinstance(raw, int):
        return Fraction(raw)
    if isinstance(raw, str):
        try:
            return Fraction(raw)
        except ValueError:
            raise ValueError(f"not a rational: {raw!r}") from None
    if isinstance(raw, list):
        return tuple(parse_value(v) for v in raw)
    if isinstance(raw, dict) and set(raw) == {"lo", "hi"}:
        return arith.Interval(Fraction(raw["lo"]), Fraction(raw["hi"]))
    raise ValueError(f"not a certificate value: {raw!r}")


def _as_int(x: Value) -> int:
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    raise ValueError(f"expected an integer, got {x!r}")


def _minmax(pick: Callable[..., Any]) -> Callable[..., Value]:
    def f(*xs: Value) -> Value:
        if all(isinstance(x, Fraction) for x in xs):
            return pick(xs)
        ivs = [arith.iv(x) for x in xs]
        return arith.Interval(pick(i.lo for i in ivs), pick(i.hi for i in ivs))
    return f


def _abs(x: Value) -> Value:
    if isinstance(x, Fraction):
        return abs(x)
    if x.lo >= 0:
        return x
    if x.hi <= 0:
        return arith.neg(x)
    return arith.Interval(Fraction(0), max(-x.lo, x.hi))


#: Functions every expression may call.
FUNCTIONS: dict[str, Callable[..., Value]] = {
    "abs": _abs,
    "min": _minmax(min),
    "max": _minmax(max),
    "floor": lambda x: Fraction(arith.floor(x)),
    "ceil": lambda x: Fraction(arith.ceil(x)),
    "sqrt": arith.sqrt,
    "exp": arith.exp,
    "ln": arith.ln,
    "log2": lambda x: arith.log(x, Fraction(2)),
    "log": arith.log,
    "len": lambda v: Fraction(len(v)),
    "sum": lambda v: _sum(v),
}

#: Quantities implemented by the checker itself (filled by the checker's modules).
QUANTITIES: dict[str, Callable[..., Value]] = {}


def _sum(v: tuple[Value, ...]) -> Value:
    total: Value = Fraction(0)
    for x in v:
        total = arith.add(total, x)
    return total


_BINOPS: dict[type, Callable[[Value, Value], Value]] = {
    ast.Add: arith.add, ast.Sub: arith.sub, ast.Mult: arith.mul, ast.Div: arith.div,
    ast.Pow: arith.power,
}


def evaluate(expr: str, env: Mapping[str, Value]) -> Value:
    """Evaluate ``expr`` exactly in ``env`` (see the module docstring for the language)."""
    tree = ast.parse(expr, mode="eval")
    return _eval(tree.body, env)


def _eval(node: ast.AST, env: Mapping[str, Value]) -> Value:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) \
            and not isinstance(node.value, bool):
        return Fraction(node.value)
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        if node.id == "e":
            return arith.E
        raise ValueError(f"unknown name {node.id!r}")
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_eval(node.left, env), _eval(node.right, env))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        value = _eval(node.operand, env)
        return arith.neg(value) if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Tuple):
        return tuple(_eval(e, env) for e in node.elts)
    if isinstance(node, ast.Subscript):
        seq = _eval(node.value, env)
        return seq[_as_int(_eval(node.slice, env))]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        name = node.func.id
        fn = FUNCTIONS.get(name) or QUANTITIES.get(name)
        if fn is None:
            raise ValueError(f"unknown function {name!r}")
        return fn(*(_eval(a, env) for a in node.args))
    raise ValueError(f"expression not allowed: {ast.dump(node)[:80]}")
