r"""Exact per-component drift of the potential of Lemma 8 (RLS_{alpha,beta}, Section 5).

Notation (proof of Lemma 8): ``d`` = :math:`d_i` (distance of component ``i``), ``v`` =
:math:`v_i` (its velocity), ``alpha``/``beta`` = :math:`\alpha,\beta`, ``c``/``p`` = the
constants of the potential

.. math:: g_i(d, v) = d + c\,d\max\{2v/d,\ d/(2v)\} + [v > 2\beta d]\,p\,d,\qquad g_i(0, v) = 0.

Given that component ``i`` is chosen (probability ``1/n``, Algorithm 2), one iteration does
(Algorithm 2, lines 6-12), with ``s = floor(v)``:

* towards the target (prob. 1/2): new distance ``|d - s|``; if ``< d`` (``s < 2d``) the move is a
  strict improvement: accepted and ``v <- alpha v``; if ``= d`` (``s = 2d``) it is accepted with
  ``v <- max(1, beta v)``; otherwise rejected with ``v <- max(1, beta v)``;
* away from the target (prob. 1/2): rejected, ``v <- max(1, beta v)``.

The *conditional drift* is ``D(d, v) = g_i(d, v) - E[g_i(d', v')]`` and the paper claims
``D >= delta g_i`` for a constant ``delta > 0``.

:func:`ratio_infimum` computes a rigorous lower bound on ``inf_{v >= 1} D(d, v)/g_i(d, v)`` for
one ``d``: on each maximal interval of ``v`` where ``floor(v)`` and every branch of the
definitions are constant, ``D`` and ``g_i`` are both of the form ``A + B v + C/v``, so the ratio
is a quotient of quadratics in ``v`` whose derivative's numerator is the quadratic
``(B1 A2 - A1 B2) v^2 + 2 (B1 C2 - C1 B2) v + (A1 C2 - C1 A2)``; the infimum on the closed
piece is attained at an end point (exact rational evaluation) or at a root (enclosed by interval
arithmetic).  Break points themselves are evaluated exactly.  For ``v >= 2d + 1`` every step is
rejected and ``D/g_i = 2c(1-beta) v / (d(1+p) + 2cv)``, increasing in ``v``, so the pieces up
to ``2d + 1`` suffice.

The second half of the module decides statements about ``D`` and ``g_i`` for *every* integer
``d >= 1`` and *every* real ``v >= 1`` (and, optionally, every ``(alpha, beta, c, p)`` satisfying
the hypotheses C1-C8 of Lemma 8) with z3's nonlinear real arithmetic (:func:`decide`).  A
statement is written in the certificate checker's expression language (names ``d``, ``v``,
``alpha``, ``beta``, ``c``, ``p`` and the quantities ``rls_g``, ``rls_g_toward``, ``rls_g_away``,
``rls_drift``, ``rls_d_toward``, ``rls_v_toward``, ``rls_v_away``, ``rls_accepted``), so the same
text is (a) translated to z3 here, (b) evaluated exactly here (:func:`exact_value`, from the
functions above) and (c) re-evaluated by the independent checker with its own implementation.

``floor(v)`` is handled per integer piece: with ``s = floor(v)`` (``s <= v < s + 1``) the integer
pairs ``(d, s)`` fall into five branches (:data:`BRANCHES`: ``s <= d - 1``, ``s = d``,
``d + 1 <= s <= 2d - 1``, ``s = 2d``, ``s >= 2d + 1``), in each of which Algorithm 2's toward
step has one closed form.  Inside a branch ``d`` and ``s`` are relaxed to reals (the branch's
inequalities are the integer cuts); an ``unsat`` of the relaxed negation in every branch proves
the statement for all integers ``d`` and reals ``v``, because every integer pair lies in some
branch (itself checked by z3 in linear integer arithmetic, :data:`BRANCH_COVER_SMT`).
"""

from __future__ import annotations

import ast
import itertools
import math
import operator
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import mpmath
from zonemax.proofs_check.intervals import iv_frac, iv_precision, lo

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class RlsParams:
    """Constants of Lemma 8 (all exact)."""

    alpha: Fraction
    beta: Fraction
    c: Fraction
    p: Fraction


#: The paper's example (Section 5: "alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001").
PAPER_EXAMPLE = RlsParams(Fraction(17, 10), Fraction(9, 10), Fraction(1, 1000), Fraction(1, 100))


def g_i(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """The component potential of Lemma 8."""
    if d == 0:
        return Fraction(0)
    second = max(2 * prm.c * v, prm.c * d * d / (2 * v))  # c d max{2v/d, d/(2v)}
    penalty = prm.p * d if v > 2 * prm.beta * d else Fraction(0)
    return d + second + penalty


def outcomes(d: int, v: Fraction, prm: RlsParams
             ) -> tuple[tuple[int, Fraction], tuple[int, Fraction]]:
    """The two equally likely successor states ``(d', v')`` given that the component is chosen."""
    s = math.floor(v)  # Algorithm 2, line 6: step floor(v_i)
    shrink = max(Fraction(1), prm.beta * v)  # Algorithm 2, line 10
    d_toward = abs(d - s)
    # strict improvement (d_toward < d): accepted, v <- alpha v (lines 7-8, 11-12); equal
    # (accepted, x moves but d' = d) or worse (rejected): v shrinks
    toward = (d_toward, prm.alpha * v) if d_toward < d else (d, shrink)
    away = (d, shrink)  # d + s > d: rejected
    return toward, away


def drift(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``D(d, v) = g_i(d, v) - E[g_i(d', v') | component chosen]`` (exact)."""
    (dt, vt), (da, va) = outcomes(d, v, prm)
    return g_i(d, v, prm) - HALF * (g_i(dt, vt, prm) + g_i(da, va, prm))


# -------------------------------------------------------------------------------------------
# Piecewise analysis in v
# -------------------------------------------------------------------------------------------
Triple = tuple[Fraction, Fraction, Fraction]  # A + B v + C / v


def _g_triple(d: int, scale: Fraction, at: Fraction, prm: RlsParams) -> Triple:
    """``g_i(d, scale * v)`` as a triple in ``v``, with branches decided at ``v = at``."""
    if d == 0:
        return (Fraction(0), Fraction(0), Fraction(0))
    w = scale * at
    a = Fraction(d) + (prm.p * d if w > 2 * prm.beta * d else 0)
    if w >= Fraction(d, 2):  # max{2w/d, d/(2w)} = 2w/d  <=>  w >= d/2
        return (a, 2 * prm.c * scale, Fraction(0))
    return (a, Fraction(0), prm.c * d * d / (2 * scale))


def _piece_triples(d: int, s: int, at: Fraction, prm: RlsParams) -> tuple[Triple, Triple]:
    """(drift triple, potential triple) on the piece containing ``at`` (``floor(at) = s``)."""
    old = _g_triple(d, Fraction(1), at, prm)
    d_toward = abs(d - s)
    if prm.beta * at > 1:
        shrink = _g_triple(d, prm.beta, at, prm)
    else:
        g1 = g_i(d, Fraction(1), prm)
        shrink = (g1, Fraction(0), Fraction(0))
    toward = _g_triple(d_toward, prm.alpha, at, prm) if d_toward < d else shrink
    drift_t = tuple(o - HALF * (t + a) for o, t, a in zip(old, toward, shrink, strict=True))
    return (drift_t[0], drift_t[1], drift_t[2]), old


def _eval(t: Triple, v: Fraction) -> Fraction:
    return t[0] + t[1] * v + t[2] / v


def _breakpoints(d: int, s: int, prm: RlsParams) -> list[Fraction]:
    """Values of ``v`` in ``(s, s+1)`` where some branch of the definitions changes."""
    al, be = prm.alpha, prm.beta
    cands = [Fraction(d, 2), 2 * be * d, 1 / be, Fraction(d) / (2 * be), Fraction(2 * d)]
    dt = abs(d - s)
    if 0 < dt < d:
        cands += [Fraction(dt) / (2 * al), 2 * be * dt / al]
    return sorted({b for b in cands if s < b < s + 1})


@dataclass(frozen=True)
class RatioInfimum:
    """Rigorous lower bound on ``inf_{v>=1} D(d,v)/g_i(d,v)`` and where it is approached."""

    d: int
    lower: mpmath.mpf
    near_v: Fraction
    exact_at_point: Fraction


def _min_on_piece(drift_t: Triple, pot_t: Triple, left: Fraction, right: Fraction
                  ) -> tuple[Any, Fraction]:
    """Lower end of min of the formula ratio on ``[left, right]`` (interval) and a near-argmin."""
    best_val: Any = None
    best_v = left
    for v in (left, right):
        val = iv_frac(_eval(drift_t, v)) / iv_frac(_eval(pot_t, v))
        if best_val is None or val.a < best_val.a:
            best_val, best_v = val, v
    a1, b1, c1 = drift_t
    a2, b2, c2 = pot_t
    qa = b1 * a2 - a1 * b2
    qb = 2 * (b1 * c2 - c1 * b2)
    qc = a1 * c2 - c1 * a2
    roots: list[Any] = []
    if qa != 0:
        disc = qb * qb - 4 * qa * qc
        if disc >= 0:
            sq = mpmath.iv.sqrt(iv_frac(disc))
            roots = [(-iv_frac(qb) + sq) / iv_frac(2 * qa), (-iv_frac(qb) - sq) / iv_frac(2 * qa)]
    elif qb != 0:
        roots = [-iv_frac(qc) / iv_frac(qb)]
    for r in roots:
        if r.b < iv_frac(left).a or r.a > iv_frac(right).b:
            continue
        num = iv_frac(a1) + iv_frac(b1) * r + iv_frac(c1) / r
        den = iv_frac(a2) + iv_frac(b2) * r + iv_frac(c2) / r
        val = num / den
        if val.a < best_val.a:
            best_val = val
            best_v = Fraction(str(mpmath.nstr(mpmath.mpf(r.mid), 12)))
    return best_val, best_v


@lru_cache(maxsize=4096)
def ratio_infimum(d: int, prm: RlsParams) -> RatioInfimum:
    """Rigorous lower bound on ``inf_{v >= 1} D(d, v) / g_i(d, v)`` for one ``d >= 1``."""
    if d < 1:
        raise ValueError(f"d must be >= 1, got {d}")
    best: Any = None
    best_v = Fraction(1)
    best_point: Fraction | None = None
    with iv_precision():
        for s in range(1, 2 * d + 2):
            points = [Fraction(s), *_breakpoints(d, s, prm)]
            for v in points:  # exact values at the break points
                r = drift(d, v, prm) / g_i(d, v, prm)
                if best_point is None or r < best_point:
                    best_point = r
                val = iv_frac(r)
                if best is None or val.a < best.a:
                    best, best_v = val, v
            if s == 2 * d + 1:
                break  # beyond 2d + 1 the ratio increases (module docstring)
            ends = [*points, Fraction(s + 1)]
            for left, right in itertools.pairwise(ends):
                mid = (left + right) / 2
                drift_t, pot_t = _piece_triples(d, s, mid, prm)
                val, v_near = _min_on_piece(drift_t, pot_t, left, right)
                if val.a < best.a:
                    best, best_v = val, v_near
        assert best is not None and best_point is not None
        return RatioInfimum(d=d, lower=lo(best), near_v=best_v, exact_at_point=best_point)


def delta_lower_bound(prm: RlsParams, d_max: int) -> tuple[mpmath.mpf, int, Fraction]:
    """Rigorous ``min_{1 <= d <= d_max} inf_{v >= 1} D/g_i`` (lower end) with its ``(d, v)``."""
    best: RatioInfimum | None = None
    for d in range(1, d_max + 1):
        r = ratio_infimum(d, prm)
        if best is None or r.lower < best.lower:
            best = r
    assert best is not None
    return best.lower, best.d, best.near_v


# -------------------------------------------------------------------------------------------
# One step's outcomes as functions (the search side's version of the checker's quantities)
# -------------------------------------------------------------------------------------------
def g_toward(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``g_i`` of the state after a step towards the target (accepted or not)."""
    (dt, vt), _ = outcomes(d, v, prm)
    return g_i(dt, vt, prm)


def g_away(d: int, v: Fraction, prm: RlsParams) -> Fraction:
    """``g_i`` of the state after a step away from the target (always rejected)."""
    _, (da, va) = outcomes(d, v, prm)
    return g_i(da, va, prm)


# -------------------------------------------------------------------------------------------
# Exact evaluation of statements (certificate expression language, Fractions only)
# -------------------------------------------------------------------------------------------
#: ``(lhs, op, rhs)``: one comparison of the certificate expression language.
Constraint = tuple[str, str, str]

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
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


#: Quantities of the expression language, computed with this module's functions.
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
def _parse(expr: str) -> ast.expr:
    return ast.parse(expr, mode="eval").body


def exact_value(expr: str, env: Mapping[str, Fraction]) -> Fraction:
    """Evaluate ``expr`` exactly (Fractions) with this module's implementation of the quantities."""
    return _exact(_parse(expr), env)


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
    return _COMPARE[op](exact_value(lhs, env), exact_value(rhs, env))


# -------------------------------------------------------------------------------------------
# Decision procedure: z3 over all integers d >= 1 and reals v >= 1
# -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Branch:
    """One integer piece of ``s = floor(v)`` relative to ``d`` and what a toward step does there.

    ``toward``: ``"below"`` (new distance ``d - s``, accepted, ``v <- alpha v``), ``"zero"``
    (``s = d``: target hit), ``"above"`` (overshoot to ``s - d < d``: accepted), ``"equal"``
    (``s = 2d``: distance unchanged, accepted, ``v <- max(1, beta v)``), ``"rejected"``.
    """

    name: str
    cuts: tuple[Constraint, ...]
    toward: str


#: Algorithm 2, lines 6-12, per integer piece (``s`` is ``floor(v)``; the cuts are exact for
#: integers and are what the real relaxation keeps of integrality).
BRANCHES: tuple[Branch, ...] = (
    Branch("s <= d - 1", (("s", "<=", "d - 1"),), "below"),
    Branch("s = d", (("s", "==", "d"),), "zero"),
    Branch("d + 1 <= s <= 2d - 1", (("s", ">=", "d + 1"), ("s", "<=", "2*d - 1")), "above"),
    Branch("s = 2d", (("s", "==", "2*d"),), "equal"),
    Branch("s >= 2d + 1", (("s", ">=", "2*d + 1"),), "rejected"),
)

#: Every pair of integers d >= 1, s >= 1 lies in one of the branches (z3, linear integers).
BRANCH_COVER_SMT = """(declare-fun d () Int)
(declare-fun s () Int)
(assert (>= d 1))
(assert (>= s 1))
(assert (not (or (<= s (- d 1)) (= s d) (and (>= s (+ d 1)) (<= s (- (* 2 d) 1))) (= s (* 2 d))
                 (>= s (+ (* 2 d) 1)))))
"""

#: Quantities whose value depends on ``floor(v)`` (they need the branch split).
_FLOOR_QUANTITIES = ("rls_g_toward", "rls_drift", "rls_d_toward", "rls_v_toward",
                     "rls_accepted")
#: The parameter names of Lemma 8.
PARAM_NAMES = ("alpha", "beta", "c", "p")


@dataclass(frozen=True)
class Statement:
    """``for all`` variables with every ``where`` constraint: every goal holds.

    ``variables`` are real; ``d`` (if present) is an integer, whose integrality enters through
    :data:`BRANCHES` when the statement involves ``floor(v)`` (names ``d`` and ``v`` then).
    ``fixed`` names are constants (exact), e.g. the parameters at one point.
    """

    variables: tuple[str, ...]
    where: tuple[Constraint, ...]
    goals: tuple[Constraint, ...]
    fixed: tuple[tuple[str, Fraction], ...] = ()
    #: Constraints to split on (each query gets the constraint or its negation): a hint that
    #: helps z3 (the paper's own sub-cases) and changes nothing logically.
    split_on: tuple[Constraint, ...] = ()

    def splits(self) -> list[tuple[Constraint, ...]]:
        """The 2^k combinations of the split constraints and their negations."""
        return [tuple(con if keep else (con[0], NEGATED[con[1]], con[2])
                      for con, keep in zip(self.split_on, signs, strict=True))
                for signs in itertools.product((True, False), repeat=len(self.split_on))]

    @property
    def uses_floor(self) -> bool:
        text = " ".join(x for con in (*self.where, *self.goals) for x in (con[0], con[2]))
        return any(q in text for q in _FLOOR_QUANTITIES)

    def env(self) -> dict[str, Fraction]:
        return dict(self.fixed)


@dataclass(frozen=True)
class Decision:
    """z3's answer for the negation of a statement (``unsat`` in every branch: proved).

    ``scripts``: the SMT-LIB 2 text of each query exactly as z3 was given it; ``witness``: for a
    refuted statement, exact values (``d`` an integer) at which some goal is false, verified by
    :func:`exact_holds`; ``None`` if the relaxation was satisfiable but no integer point was found.
    """

    answer: str  # "unsat" | "sat" | "unknown"
    scripts: tuple[str, ...]
    branches: tuple[str, ...]
    seconds: float
    witness: tuple[tuple[str, Fraction], ...] | None = None


#: Per-query time limit (milliseconds); a query that hits it answers ``unknown``.
Z3_TIMEOUT_MS = 120_000


def _z3() -> Any:
    import z3  # imported lazily: only the decision procedure needs it

    return z3


class _Z3Builder:
    """Translate expression-language text into z3 terms inside one branch."""

    def __init__(self, z3: Any, env: Mapping[str, Any], branch: Branch | None, s: Any) -> None:
        self.z3, self.env, self.branch, self.s = z3, env, branch, s

    def val(self, q: Fraction) -> Any:
        return self.z3.RealVal(f"{q.numerator}/{q.denominator}")

    def max(self, *xs: Any) -> Any:
        out = xs[0]
        for x in xs[1:]:
            out = self.z3.If(out >= x, out, x)
        return out

    def min(self, *xs: Any) -> Any:
        out = xs[0]
        for x in xs[1:]:
            out = self.z3.If(out <= x, out, x)
        return out

    def g(self, dd: Any, w: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
        """g_i(dd, w) (proof of Lemma 8); ``dd >= 1`` wherever it is used."""
        second = self.max(2 * c * w, c * dd * dd / (2 * w))
        return dd + second + self.z3.If(w > 2 * be * dd, p * dd, 0)

    def _branch(self, name: str) -> Branch:
        if self.branch is None:
            raise ValueError(f"{name} needs floor(v): the statement must be split by branch")
        return self.branch

    def d_toward(self, d: Any, v: Any) -> Any:
        kind = self._branch("rls_d_toward").toward
        s = self.s
        return {"below": d - s, "zero": self.val(Fraction(0)), "above": s - d,
                "equal": d, "rejected": d}[kind]

    def v_toward(self, d: Any, v: Any, al: Any, be: Any) -> Any:
        kind = self._branch("rls_v_toward").toward
        return al * v if kind in ("below", "zero", "above") else self.max(self.val(Fraction(1)),
                                                                          be * v)

    def g_toward(self, d: Any, v: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
        kind = self._branch("rls_g_toward").toward
        if kind == "zero":
            return self.val(Fraction(0))
        if kind in ("below", "above"):
            return self.g(self.d_toward(d, v), al * v, al, be, c, p)
        return self.g_away(d, v, al, be, c, p)

    def g_away(self, d: Any, v: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
        return self.g(d, self.max(self.val(Fraction(1)), be * v), al, be, c, p)

    def term(self, node: ast.expr) -> Any:
        z3 = self.z3
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return self.val(Fraction(node.value))
        if isinstance(node, ast.Name):
            return self.env[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -self.term(node.operand)
        if isinstance(node, ast.BinOp):
            a, b = self.term(node.left), self.term(node.right)
            if isinstance(node.op, ast.Pow):
                k = node.right
                if not (isinstance(k, ast.Constant) and isinstance(k.value, int) and k.value >= 1):
                    raise ValueError("only positive integer literal powers")
                out = a
                for _ in range(k.value - 1):
                    out = out * a
                return out
            ops: dict[type, Callable[[Any, Any], Any]] = {
                ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                ast.Div: operator.truediv}
            return ops[type(node.op)](a, b)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = [self.term(a) for a in node.args]
            name = node.func.id
            if name == "rls_drift":
                return self.g(*args) - (self.g_toward(*args) + self.g_away(*args)) / 2
            if name == "rls_accepted":
                kind = self._branch(name).toward
                return self.val(Fraction(int(kind != "rejected")))
            if name == "abs":
                return z3.If(args[0] >= 0, args[0], -args[0])
            fns: dict[str, Callable[..., Any]] = {"min": self.min, "max": self.max, "rls_g": self.g,
                   "rls_g_toward": self.g_toward, "rls_g_away": self.g_away,
                   "rls_d_toward": self.d_toward, "rls_v_toward": self.v_toward,
                   "rls_v_away": lambda d, v, al, be: self.max(self.val(Fraction(1)), be * v)}
            return fns[name](*args)
        raise ValueError(f"expression not supported by the z3 translation: {ast.dump(node)[:80]}")

    def holds(self, con: Constraint) -> Any:
        lhs, op, rhs = con
        return _COMPARE[op](self.term(_parse(lhs)), self.term(_parse(rhs)))


def _solver(stmt: Statement, branch: Branch | None, extra: Sequence[Constraint] = (),
            timeout_ms: int = Z3_TIMEOUT_MS) -> tuple[Any, dict[str, Any]]:
    z3 = _z3()
    names: dict[str, Any] = {n: z3.Real(n) for n in stmt.variables}
    s = z3.Real("s") if branch is not None else None
    env: dict[str, Any] = dict(names)
    for k, q in stmt.fixed:
        env[k] = z3.RealVal(f"{q.numerator}/{q.denominator}")
    if s is not None:
        env["s"] = s
        names["s"] = s
    b = _Z3Builder(z3, env, branch, s)
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    if branch is not None:
        for con in (("s", ">=", "1"), ("s", "<=", "v"), ("v", "<", "s + 1"), *branch.cuts):
            solver.add(b.holds(con))
    for con in (*stmt.where, *extra):
        solver.add(b.holds(con))
    solver.add(z3.Not(z3.And(*[b.holds(g) for g in stmt.goals])))
    return solver, names


@lru_cache(maxsize=512)
def decide(stmt: Statement, timeout_ms: int = Z3_TIMEOUT_MS) -> Decision:
    """Decide ``stmt`` with z3 (per branch of ``floor(v)`` if needed); search an integer witness
    when the relaxation is satisfiable (see the module docstring)."""
    z3 = _z3()
    start = time.perf_counter()
    branches: tuple[Branch | None, ...] = BRANCHES if stmt.uses_floor else (None,)
    scripts, names, answer = [], [], "unsat"
    sat: list[tuple[Branch | None, tuple[Constraint, ...], dict[str, Fraction]]] = []
    for br in branches:
        for split in stmt.splits():
            solver, variables = _solver(stmt, br, split, timeout_ms=timeout_ms)
            scripts.append(solver.sexpr())
            names.append(" & ".join(["all" if br is None else br.name,
                                     *(" ".join(con) for con in split)]))
            r = str(solver.check())
            if r == "sat":
                answer = "sat"
                model = solver.model()
                sat.append((br, split, {k: _model_value(z3, model.eval(x, model_completion=True))
                                        for k, x in variables.items()}))
            elif r == "unknown" and answer == "unsat":
                answer = "unknown"
    witness = None
    for br, split, hint in sat:
        witness = _integer_witness(stmt, br, split, hint, timeout_ms)
        if witness is not None:
            break
    return Decision(answer, tuple(scripts), tuple(names), time.perf_counter() - start,
                    None if witness is None else tuple(sorted(witness.items())))


def _model_value(z3: Any, value: Any) -> Fraction:
    if z3.is_rational_value(value):
        return Fraction(value.numerator_as_long(), value.denominator_as_long())
    return Fraction(str(value.approx(30)).rstrip("?"))


def _rational_model(stmt: Statement, br: Branch | None, extra: list[Constraint],
                    timeout_ms: int) -> dict[str, Fraction] | None:
    """A satisfying point with rational coordinates (fixing one coordinate at a time)."""
    z3 = _z3()
    fixed: list[Constraint] = list(extra)
    point: dict[str, Fraction] = {}
    order = [n for n in stmt.variables] + (["s"] if br is not None else [])
    for name in order:
        solver, names = _solver(stmt, br, fixed, timeout_ms)
        if str(solver.check()) != "sat":
            return None
        q = _model_value(z3, solver.model().eval(names[name], model_completion=True))
        fixed.append((name, "==", f"{q.numerator}/{q.denominator}"))
        point[name] = q
    solver, _ = _solver(stmt, br, fixed, timeout_ms)
    return point if str(solver.check()) == "sat" else None


def _candidates(hint: Fraction | None, lo: int, hi: int) -> list[int]:
    """Integers in [lo, hi] to try: all of a short range, else the ends, small values, powers
    of two and the neighbours of the relaxed model's value."""
    if hi - lo <= 24:
        pool = set(range(lo, hi + 1))
    else:
        pool = {lo, lo + 1, hi - 1, hi, *range(lo, lo + 16), *(2**k for k in range(24))}
        if hint is not None:
            pool |= {math.floor(hint) + k for k in range(-2, 3)}
    near = hint if hint is not None else Fraction(lo)
    return sorted((x for x in pool if lo <= x <= hi), key=lambda x: (abs(x - near), x))


def _integer_witness(stmt: Statement, br: Branch | None, split: tuple[Constraint, ...],
                     hint: dict[str, Fraction], timeout_ms: int) -> dict[str, Fraction] | None:
    """An exact counterexample with integer ``d`` (and ``s = floor(v)``) near the relaxed model."""
    tries: list[list[Constraint]] = []
    if "d" in stmt.variables:
        for d in _candidates(hint.get("d"), 1, 1 << 24)[:40]:
            if br is None:
                tries.append([*split, ("d", "==", str(d))])
                continue
            lo_s, hi_s = {"below": (1, d - 1), "zero": (d, d), "above": (d + 1, 2 * d - 1),
                          "equal": (2 * d, 2 * d), "rejected": (2 * d + 1, 4 * d + 4)}[br.toward]
            if lo_s > hi_s:
                continue
            scale = Fraction(d) / hint["d"] if hint.get("d") else Fraction(1)
            s_hint = hint["s"] * scale if "s" in hint else None
            tries += [[*split, ("d", "==", str(d)), ("s", "==", str(s))]
                      for s in _candidates(s_hint, lo_s, hi_s)[:6]]
    else:
        tries.append(list(split))
    for extra in tries[:150]:
        point = _rational_model(stmt, br, extra, min(timeout_ms, 5_000))
        if point is None:
            continue
        env = {**stmt.env(), **{k: q for k, q in point.items() if k != "s"}}
        if all(exact_holds(w, env) for w in stmt.where) and not all(
                exact_holds(g, env) for g in stmt.goals):
            return {k: env[k] for k in stmt.variables}
    return None
