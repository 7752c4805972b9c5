"""One function per certificate kind (the schemas are in the package docstring)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import arith
from .expr import Value, evaluate, parse_value


class CertificateError(Exception):
    """A certificate that does not check; the message says which part."""


#: Names a certificate's ``env`` may not bind: the constants of the expression language and the
#: names of its functions and quantities.
def _reserved(name: str) -> bool:
    from .expr import FUNCTIONS, QUANTITIES

    return name in ("e", "pi") or name in FUNCTIONS or name in QUANTITIES


def _whole(cert: Mapping[str, Any], key: str) -> int:
    """The field ``key`` as a non-negative JSON integer (``10.5``, ``"10"`` or ``true`` is not a
    count: ``int()`` would read them as 10, 10 and 1)."""
    value = cert[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CertificateError(f"{key} must be a non-negative integer, not {value!r}")
    return value


def _names(names: list[str]) -> None:
    """Bound variables may not shadow the language's constants, functions or quantities."""
    bad = [str(n) for n in names if _reserved(str(n))]
    if bad:
        raise CertificateError(f"variables rebind reserved names: {', '.join(bad)}")


def _env(cert: Mapping[str, Any]) -> dict[str, Value]:
    env = cert.get("env", {})
    if not isinstance(env, dict):
        raise CertificateError("env is not an object")
    bad = [k for k in env if _reserved(str(k))]
    if bad:
        raise CertificateError(f"env rebinds reserved names: {', '.join(map(str, bad))}")
    return {str(k): parse_value(v) for k, v in env.items()}


def _assert_all(asserts: list[Mapping[str, str]], env: Mapping[str, Value], where: str) -> None:
    for a in asserts:
        lhs, rhs = evaluate(a["lhs"], env), evaluate(a["rhs"], env)
        if not arith.compare(lhs, a["op"], rhs):
            raise CertificateError(f"{a['lhs']} {a['op']} {a['rhs']} is false{where}")


def check_arith(cert: Mapping[str, Any], tex: Path | None) -> str:
    asserts = cert["assert"]
    if not asserts:
        raise CertificateError("no assertion")
    _assert_all(asserts, _env(cert), "")
    return ""


# ------------------------------------------------------------------------------- enumeration
def _domain(spec: Mapping[str, Any], env: Mapping[str, Value]) -> Iterator[Value]:
    kind = spec["type"]
    if kind == "range":
        lo, hi = arith.ceil(evaluate(str(spec["lo"]), env)), arith.floor(
            evaluate(str(spec["hi"]), env))
        yield from (Fraction(k) for k in range(lo, hi + 1))
    elif kind == "grid":
        den = int(spec["den"])
        lo = arith.ceil(arith.mul(evaluate(str(spec["lo"]), env), Fraction(den)))
        hi = arith.floor(arith.mul(evaluate(str(spec["hi"]), env), Fraction(den)))
        yield from (Fraction(k, den) for k in range(lo, hi + 1))
    elif kind == "values":
        yield from (parse_value(v) for v in spec["values"])
    elif kind == "sorted_vectors":
        n_lo, n_hi = spec["n"]
        top = int(spec["max"])
        for n in range(int(n_lo), int(n_hi) + 1):
            for vec in itertools.combinations_with_replacement(range(top, -1, -1), n):
                if spec.get("nonzero", False) and not any(vec):
                    continue
                yield tuple(Fraction(x) for x in vec)
    elif kind == "vectors":
        n_lo, n_hi = spec["n"]
        for n in range(int(n_lo), int(n_hi) + 1):
            for vec in itertools.product(range(int(spec["lo"]), int(spec["hi"]) + 1), repeat=n):
                yield tuple(Fraction(x) for x in vec)
    else:
        raise CertificateError(f"unknown domain type {kind!r}")


def _assignments(variables: list[Mapping[str, Any]], env: dict[str, Value]
                 ) -> Iterator[dict[str, Value]]:
    if not variables:
        yield dict(env)
        return
    first, rest = variables[0], variables[1:]
    for value in _domain(first["domain"], env):
        env[first["name"]] = value
        yield from _assignments(rest, env)
    env.pop(first["name"], None)


def _holds(asserts: list[Mapping[str, str]], env: Mapping[str, Value]) -> bool:
    try:
        _assert_all(asserts, env, "")
    except CertificateError:
        return False
    return True


def check_forall(cert: Mapping[str, Any], tex: Path | None) -> str:
    where = cert.get("where", [])
    extreme = cert.get("extreme")
    best: tuple[Fraction, dict[str, Value]] | None = None
    cases = 0
    stated = _whole(cert, "cases")
    _names([v["name"] for v in cert["vars"]])
    if extreme is not None and set(extreme) not in ({"expr", "min"}, {"expr", "max"}):
        raise CertificateError("an extreme is {expr, min} or {expr, max}")
    for env in _assignments(list(cert["vars"]), _env(cert)):
        if where and not _holds(where, env):
            continue
        cases += 1
        at = ", ".join(f"{v['name']}={env[v['name']]}" for v in cert["vars"])
        _assert_all(cert["assert"], env, f" at {at}")
        if extreme is not None:
            value = evaluate(extreme["expr"], env)
            if not isinstance(value, Fraction):
                raise CertificateError("an extreme must be an exact rational")
            sign = 1 if "min" in extreme else -1
            if best is None or sign * value < sign * best[0]:
                best = (value, dict(env))
    if cases != stated:
        raise CertificateError(f"{cases} cases enumerated, certificate says {cert['cases']}")
    if extreme is not None:
        claimed = parse_value(extreme["min"] if "min" in extreme else extreme["max"])
        if best is None or best[0] != claimed:
            at = "" if best is None else ", ".join(f"{v['name']}={best[1][v['name']]}"
                                                   for v in cert["vars"])
            raise CertificateError(f"extreme is {None if best is None else best[0]} (first at "
                                   f"{at or 'no case'}), certificate says {claimed}")
    return f"{cases} cases"


def check_identity(cert: Mapping[str, Any], tex: Path | None) -> str:
    names = list(cert["vars"])
    _names(names)
    degree = _whole(cert, "degree")
    points = [parse_value(p) for p in cert.get("points", list(range(1, degree + 2)))]
    if len(set(points)) < degree + 1:  # a repeated point pins down nothing more
        raise CertificateError(f"{len(set(points))} distinct points cannot pin down degree "
                               f"{degree}")
    env = _env(cert)
    for combo in itertools.product(points, repeat=len(names)):
        env.update(zip(names, combo, strict=True))
        lhs, rhs = evaluate(cert["lhs"], env), evaluate(cert["rhs"], env)
        if not (isinstance(lhs, Fraction) and isinstance(rhs, Fraction)):
            raise CertificateError("an identity must evaluate to exact rationals")
        if lhs != rhs:
            raise CertificateError(f"lhs != rhs at {dict(zip(names, combo, strict=True))}")
    return f"{len(points)}^{len(names)} points"


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def check_text(cert: Mapping[str, Any], tex: Path | None) -> str:
    if tex is None:
        raise CertificateError("the paper's TeX is needed to check a text certificate")
    lines = tex.read_text(encoding="utf-8").split("\n")
    first, last = _whole(cert, "first"), _whole(cert, "last")
    if not 1 <= first <= last <= len(lines):
        raise CertificateError(f"lines {first}-{last} outside the TeX ({len(lines)} lines)")
    if _normalise(cert["quote"]) not in _normalise(" ".join(lines[first - 1:last])):
        raise CertificateError(f"quote not found in TeX lines {first}-{last}")
    return ""


#: kind -> handler(certificate, tex path) -> note; raises on failure.
KINDS: dict[str, Callable[[Mapping[str, Any], Path | None], str]] = {
    "arith": check_arith,
    "forall": check_forall,
    "identity": check_identity,
    "text": check_text,
}
