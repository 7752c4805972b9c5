r"""Statements as formulas, and their translations to Coq and to SMT-LIB.

A :class:`Formula` is ``forall vars. hyps -> goals``: every ``hyps`` comparison implies every
``goals`` comparison, for all values of ``vars`` (each ``real`` or ``int``), with the named
``consts`` (exact rationals: the paper's constants) substituted.  Comparisons are triples
``(lhs, op, rhs)`` of the expression language of :mod:`.expr` (``op`` one of ``< <= > >= ==
!=``).

The translations are the checker's own and are the only way a statement reaches a proof kernel
or a solver: a certificate never supplies the text of a goal.

Coq (:func:`coq_prop`), over the real numbers of Coq's standard library:

* a ``real`` variable is ``x : R``; an ``int`` variable is ``k : Z`` and is used as ``IZR k``;
* ``+ - * /`` are ``Rplus Rminus Rmult Rdiv``; every binary operation is parenthesised;
* ``x**n`` is ``x ^ n`` for a literal ``n >= 0``, ``powerRZ x z`` for an integer exponent that
  involves ``int`` variables (``z`` read in ``Z``), and ``Rpower x y`` otherwise (``exp(y ln x)``,
  the checker's own reading of a real power);
* ``e`` is ``exp 1``; ``exp ln sqrt abs`` are ``exp ln sqrt Rabs``; ``log2(x)`` is
  ``ln x / ln 2``; ``min``/``max`` are ``Rmin``/``Rmax`` (nested); ``floor(x)`` is
  ``IZR (Int_part x)`` (Coq's ``Int_part`` is the floor);
* the quantities of Lemma 8 (``rls_g`` ...) are the definitions of ``Vocabulary.v``
  (:data:`COQ_QUANTITIES`), applied to the translated arguments;
* ``==`` is ``=``, ``!=`` is ``<>``; a formula is ``forall ..., h1 -> ... -> g1 /\ ...``.

SMT-LIB (:func:`smt_script`): the negation of the formula (``hyps`` and the negated
conjunction of ``goals``) over ``Real`` and ``Int``; polynomial statements only (no
quantities, no transcendental functions), so that z3 and cvc5 decide it exactly.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from fractions import Fraction

#: A comparison ``(lhs, op, rhs)``.
Cmp = tuple[str, str, str]

COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
_COQ_CMP = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "=", "!=": "<>"}
_SMT_CMP = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "="}
#: Quantities with a Coq definition in ``Vocabulary.v`` (name -> arity).
COQ_QUANTITIES = {
    "rls_g": 6, "rls_g_toward": 6, "rls_g_away": 6, "rls_drift": 6, "rls_d_toward": 2,
    "rls_v_toward": 4, "rls_v_away": 4, "rls_accepted": 2,
}
_UNARY = {"exp": "exp", "ln": "ln", "sqrt": "sqrt", "abs": "Rabs"}
KINDS = ("real", "int")


class FormulaError(ValueError):
    """A formula outside the translatable language (the message says which part)."""


@dataclass(frozen=True)
class Formula:
    """``forall vars. hyps -> goals`` with ``consts`` substituted (see the module docstring)."""

    vars: tuple[tuple[str, str], ...]
    hyps: tuple[Cmp, ...]
    goals: tuple[Cmp, ...]
    consts: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        names = [n for n, _ in self.vars] + [n for n, _ in self.consts]
        if len(set(names)) != len(names):
            raise FormulaError(f"a name is bound twice in {names}")
        for name, kind in self.vars:
            if kind not in KINDS or not name.isidentifier():
                raise FormulaError(f"bad variable {name!r} of kind {kind!r}")
        for name, value in self.consts:
            Fraction(value)  # an exact rational, or ValueError
            if not name.isidentifier():
                raise FormulaError(f"bad constant name {name!r}")
        if not self.goals:
            raise FormulaError("a formula needs at least one goal")
        for lhs, op, rhs in (*self.hyps, *self.goals):
            if op not in COMPARISONS:
                raise FormulaError(f"unknown comparison {op!r}")
            ast.parse(lhs, mode="eval")
            ast.parse(rhs, mode="eval")

    def with_consts(self, **values: Fraction | int | str) -> Formula:
        """The same formula with some constants changed (a control)."""
        known = dict(self.consts)
        unknown = set(values) - set(known)
        if unknown:
            raise FormulaError(f"not constants of the formula: {sorted(unknown)}")
        return Formula(self.vars, self.hyps, self.goals,
                       tuple((k, str(Fraction(values.get(k, v)))) for k, v in self.consts))


# ------------------------------------------------------------------------------------- Coq
def coq_name(claim_id: str) -> str:
    """The Coq identifier of a claim: ``S5.case2-away`` -> ``S5_case2_away``."""
    name = re.sub(r"[^A-Za-z0-9]", "_", claim_id)
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
        raise FormulaError(f"claim id {claim_id!r} has no Coq name")
    return name


def _rational_coq(q: Fraction) -> str:
    if q.denominator == 1:
        return str(q.numerator) if q >= 0 else f"(- {-q.numerator})"
    num = str(abs(q.numerator))
    return f"({'- ' if q < 0 else ''}{num} / {q.denominator})"


class _Coq:
    def __init__(self, formula: Formula) -> None:
        self.kind = dict(formula.vars)
        self.consts = {k: Fraction(v) for k, v in formula.consts}

    def real(self, node: ast.AST) -> str:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return _rational_coq(Fraction(node.value))
        if isinstance(node, ast.Name):
            if node.id in self.consts:
                return _rational_coq(self.consts[node.id])
            if self.kind.get(node.id) == "real":
                return node.id
            if self.kind.get(node.id) == "int":
                return f"(IZR {node.id})"
            if node.id == "e":
                return "(exp 1)"
            raise FormulaError(f"unbound name {node.id!r}")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return f"(- {self.real(node.operand)})"
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Pow):
                return self.power(node.left, node.right)
            ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
            op = ops.get(type(node.op))
            if op is None:
                raise FormulaError(f"operator {type(node.op).__name__} not allowed")
            return f"({self.real(node.left)} {op} {self.real(node.right)})"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
            return self.call(node.func.id, node.args)
        raise FormulaError(f"expression not translatable to Coq: {ast.dump(node)[:80]}")

    def call(self, name: str, args: list[ast.expr]) -> str:
        if name in _UNARY and len(args) == 1:
            return f"({_UNARY[name]} {self.real(args[0])})"
        if name == "log2" and len(args) == 1:
            return f"(ln {self.real(args[0])} / ln 2)"
        if name == "floor" and len(args) == 1:
            return f"(IZR (Int_part {self.real(args[0])}))"
        if name in ("min", "max") and len(args) >= 2:
            fn = "Rmin" if name == "min" else "Rmax"
            out = self.real(args[-1])
            for a in reversed(args[:-1]):
                out = f"({fn} {self.real(a)} {out})"
            return out
        if name in COQ_QUANTITIES and len(args) == COQ_QUANTITIES[name]:
            return f"({name} {' '.join(self.real(a) for a in args)})"
        raise FormulaError(f"function {name}/{len(args)} has no Coq translation")

    def power(self, base: ast.expr, exponent: ast.expr) -> str:
        if isinstance(exponent, ast.Constant) and type(exponent.value) is int \
                and exponent.value >= 0:
            return f"({self.real(base)} ^ {exponent.value})"
        if self.integral(exponent):
            return f"(powerRZ {self.real(base)} {self.integer(exponent)})"
        return f"(Rpower {self.real(base)} {self.real(exponent)})"

    def integral(self, node: ast.AST) -> bool:
        """Whether ``node`` is an integer expression (literals, ``int`` variables, + - *)."""
        if isinstance(node, ast.Constant):
            return type(node.value) is int
        if isinstance(node, ast.Name):
            return self.kind.get(node.id) == "int" or (
                node.id in self.consts and self.consts[node.id].denominator == 1)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return self.integral(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub | ast.Mult):
            return self.integral(node.left) and self.integral(node.right)
        return False

    def integer(self, node: ast.AST) -> str:
        """An integer expression in ``Z``."""
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return f"{node.value}%Z" if node.value >= 0 else f"(- {-node.value})%Z"
        if isinstance(node, ast.Name):
            if node.id in self.consts:
                return self.integer(ast.Constant(int(self.consts[node.id])))
            return node.id
        if isinstance(node, ast.UnaryOp):
            return f"(- {self.integer(node.operand)})%Z"
        if not isinstance(node, ast.BinOp):
            raise FormulaError(f"not an integer expression: {ast.dump(node)[:80]}")
        op = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}[type(node.op)]
        return f"({self.integer(node.left)} {op} {self.integer(node.right)})%Z"

    def cmp(self, c: Cmp) -> str:
        lhs, op, rhs = c
        return (f"{self.real(ast.parse(lhs, mode='eval').body)} {_COQ_CMP[op]} "
                f"{self.real(ast.parse(rhs, mode='eval').body)}")


@dataclass(frozen=True)
class CoqProp:
    """A statement written directly as a Coq proposition, for statements the comparison language
    cannot express (a run time: kernels, laws, series).  The text is the checker's own, reviewed
    like every formula (:mod:`.manifest.runtime_statements`), and may use only the definitions
    of ``Vocabulary.v`` and Coq's standard library; a certificate never supplies it.

    The text must be one term: no sentence end (a period followed by white space), no comment,
    no string, balanced parentheses (:func:`coq_prop` returns it unchanged)."""

    text: str

    def __post_init__(self) -> None:
        t = self.text
        if not t.strip():
            raise FormulaError("an empty Coq statement")
        if re.search(r"\.(\s|$)", t) or "(*" in t or "*)" in t or '"' in t:
            raise FormulaError("a Coq statement must be one term (no sentence end, comment "
                               "or string)")
        depth = 0
        for ch in t:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth < 0:
                break
        if depth != 0:
            raise FormulaError("unbalanced parentheses in a Coq statement")

    def replaced(self, old: str, new: str) -> CoqProp:
        """The statement with the text ``old`` (which must occur exactly once) replaced."""
        hits = self.text.count(old)
        if hits != 1:
            raise ValueError(f"{old!r} occurs {hits} times, not once")
        return CoqProp(self.text.replace(old, new))


#: A statement proved in Coq: a formula of the comparison language, or a Coq proposition.
CoqStatement = Formula | CoqProp


def coq_prop(formula: Formula | CoqProp) -> str:
    """The formula as a Coq proposition (the module docstring gives the translation); a
    :class:`CoqProp` is its own text."""
    if isinstance(formula, CoqProp):
        return formula.text
    tr = _Coq(formula)
    binders = []
    for kind, coq_type in (("int", "Z"), ("real", "R")):
        names = [n for n, k in formula.vars if k == kind]
        if names:
            binders.append(f"({' '.join(names)} : {coq_type})")
    goals = " /\\ ".join(f"({tr.cmp(g)})" if len(formula.goals) > 1 else tr.cmp(g)
                         for g in formula.goals)
    body = "".join(f"\n  {tr.cmp(h)} ->" for h in formula.hyps) + f"\n  {goals}"
    return f"forall {' '.join(binders)},{body}" if binders else body.strip()


def coq_definition(claim_id: str, formula: Formula | CoqProp) -> str:
    """``Definition <name>_statement : Prop := ...`` for one claim."""
    return f"Definition {coq_name(claim_id)}_statement : Prop :=\n  {coq_prop(formula)}."


# ------------------------------------------------------------------------------------- SMT
def _smt_num(q: Fraction) -> str:
    num = f"{abs(q.numerator)}.0"
    text = num if q.denominator == 1 else f"(/ {num} {q.denominator}.0)"
    return f"(- {text})" if q < 0 else text


class _Smt:
    def __init__(self, formula: Formula) -> None:
        self.kind = dict(formula.vars)
        self.consts = {k: Fraction(v) for k, v in formula.consts}

    def term(self, node: ast.AST) -> str:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return _smt_num(Fraction(node.value))
        if isinstance(node, ast.Name):
            if node.id in self.consts:
                return _smt_num(self.consts[node.id])
            if node.id in self.kind:
                return node.id if self.kind[node.id] == "real" else f"(to_real {node.id})"
            raise FormulaError(f"unbound name {node.id!r} (or not polynomial)")
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return f"(- {self.term(node.operand)})"
        if isinstance(node, ast.BinOp):
            if isinstance(node.op, ast.Pow):
                if not (isinstance(node.right, ast.Constant) and type(node.right.value) is int
                        and node.right.value >= 1):
                    raise FormulaError("SMT: only positive integer literal powers")
                base = self.term(node.left)
                return base if node.right.value == 1 else \
                    f"(* {' '.join([base] * node.right.value)})"
            ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
            op = ops.get(type(node.op))
            if op is None:
                raise FormulaError(f"operator {type(node.op).__name__} not allowed")
            return f"({op} {self.term(node.left)} {self.term(node.right)})"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("min", "max") and len(node.args) >= 2:
            out = self.term(node.args[-1])
            for a in reversed(node.args[:-1]):
                t = self.term(a)
                cmp = "<=" if node.func.id == "min" else ">="
                out = f"(ite ({cmp} {t} {out}) {t} {out})"
            return out
        raise FormulaError(f"SMT: not a polynomial expression: {ast.dump(node)[:80]}")

    def cmp(self, c: Cmp) -> str:
        lhs, op, rhs = c
        left = self.term(ast.parse(lhs, mode="eval").body)
        right = self.term(ast.parse(rhs, mode="eval").body)
        if op == "!=":
            return f"(not (= {left} {right}))"
        return f"({_SMT_CMP[op]} {left} {right})"


def smt_script(formula: Formula) -> str:
    """SMT-LIB 2 asking for a counterexample: ``unsat`` proves the formula."""
    tr = _Smt(formula)
    lines = ["(set-logic ALL)"]
    lines += [f"(declare-const {n} {'Real' if k == 'real' else 'Int'})" for n, k in formula.vars]
    lines += [f"(assert {tr.cmp(h)})" for h in formula.hyps]
    goals = [tr.cmp(g) for g in formula.goals]
    lines.append(f"(assert (not {goals[0] if len(goals) == 1 else '(and ' + ' '.join(goals) + ')'}))")
    lines.append("(check-sat)")
    return "\n".join(lines) + "\n"


__all__ = ["COQ_QUANTITIES", "Cmp", "CoqProp", "CoqStatement", "Formula", "FormulaError", "coq_definition", "coq_name",
           "coq_prop", "smt_script"]
