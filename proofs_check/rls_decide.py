r"""Decision procedure for Lemma 8's drift statements: z3 over all integers d >= 1, reals v >= 1.

Notation as in :mod:`zonemax.proofs_check.rls_drift`.  :func:`decide` decides statements about
``D`` and ``g_i`` for *every* integer ``d >= 1`` and *every* real ``v >= 1`` (and, optionally,
every ``(alpha, beta, c, p)`` satisfying the hypotheses C1-C8 of Lemma 8) with z3's nonlinear real
arithmetic.  A statement is written in the certificate checker's expression language (names
``d``, ``v``, ``alpha``, ``beta``, ``c``, ``p`` and the quantities ``rls_g``, ``rls_g_toward``,
``rls_g_away``, ``rls_drift``, ``rls_d_toward``, ``rls_v_toward``, ``rls_v_away``,
``rls_accepted``), so the same text is (a) translated to z3 here, (b) evaluated exactly by
:func:`~zonemax.proofs_check.rls_exact.exact_value` (from the functions of
:mod:`~zonemax.proofs_check.rls_drift`) and (c) re-evaluated by the independent checker with its
own implementation.

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
from typing import Any

from zonemax.proofs_check.core import Method, record, recorded_cache
from zonemax.proofs_check.rls_exact import COMPARE, NEGATED, Constraint, exact_holds, parse


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
    """The z3 module (imported lazily: only the decision procedure needs it); every caller is
    about to run the solver, so this records :attr:`~zonemax.proofs_check.core.Method.DECISION`."""
    import z3

    record(Method.DECISION)
    return z3


def z3_check(script: str, timeout_ms: int = Z3_TIMEOUT_MS) -> tuple[str, Any]:
    """Run z3 on an SMT-LIB 2 script: its answer (``sat``/``unsat``/``unknown``) and, for
    ``sat``, the model.  The search runs every SMT script it certifies through this."""
    z3 = _z3()
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.from_string(script)
    answer = str(solver.check())
    return answer, solver.model() if answer == "sat" else None


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
        return COMPARE[op](self.term(parse(lhs)), self.term(parse(rhs)))


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


@recorded_cache(maxsize=512)
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
