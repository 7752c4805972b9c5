"""Mutants of the claims' encodings, and what catches each (issue 25, item 3).

mutmut mutates the code *inside functions* (``run_mutation.py --target checker`` covers the
checker's translations :func:`~zonemax.proofs_check.checker.formula.smt_script` and
:func:`~zonemax.proofs_check.checker.formula.coq_prop`, its exact arithmetic and its kinds).  It
does not reach what feeds a verdict as *data*: the comparison tables of the translations, the
manifest's formulas (module-level data of ``checker/manifest``), and the search's z3 encoding of
Lemma 8 (``proofs_check/rls_exact.COMPARE``, ``rls_decide.BRANCHES`` and ``_Z3Builder``).  This
catalogue mutates their comparison operators and constants, in process (each mutant is a
``monkeypatch`` of one table entry, one formula or one method), and judges each:

``smt``
    The translation probes (:data:`PROBES`) keep their verdicts, every SMT obligation of the manifest (:data:`~.manifest.SMT_FORMULAS`,
    :data:`~.manifest.SMT_EXTRA`) must still be refuted by z3 *and* cvc5, and every control (a
    false variant of each: :data:`~.manifest.COQ_CONTROLS` of the same claims, rebuilt from the
    mutated formula, and for ``SMT_EXTRA`` the lemma without one hypothesis, :data:`EXTRA_CONTROLS`)
    must not be.  A mutant is *killed* when some verdict or some control flips.
``search``
    Every Section 5 claim of the search's registry (its verdict and each registered control) is
    run again with z3 (the decision cache emptied) and compared with the unmutated run: killed
    when some status flips.

A mutated formula that stays true with its controls still false is a *different true
statement*: no solver can tell it from the manifest's.  The record says which identity check
catches it: for the formulas that are also Coq theorems, the committed ``Statements.v``
(``proofs_check/tests/test_coq.py::test_committed_statements_are_the_manifests``); for the
lemmas of ``SMT_EXTRA``, ``proofs_check/tests/test_encoding_mutants.py::
test_smt_extra_lemmas_are_the_reviewed_ones``.

Usage (repository root, project virtual environment)::

    python benchmarks/mutation/encoding_mutants.py     # judge everything, write RECORD-encodings.md
    python benchmarks/mutation/encoding_mutants.py --no-search  # without the search's mutants

``proofs_check/tests/test_encoding_mutants.py`` asserts the verdicts of this catalogue (the
table mutants in the default run, the rest under ``-m slow``).
"""

from __future__ import annotations

import operator
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # numba_mutants (the staged-copy runner) lives beside this file
    sys.path.insert(0, str(HERE))

#: Strict <-> non-strict, and equality <-> disequality: the smallest change of a comparison.
TOGGLE = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
#: The comparison turned around (``a < b`` -> ``a > b``).
REVERSE = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


@dataclass(frozen=True)
class Mutant:
    """One change of an encoding: ``patch(mp)`` applies it to a ``pytest.MonkeyPatch``."""

    name: str
    layer: str  #: "smt-table", "formula", "search" or "search-smt"
    change: str  #: the change, in words
    judge: str  #: "smt", "search" or "text"
    patch: Callable[[pytest.MonkeyPatch], None]
    #: for a formula mutant: "stronger", "weaker" or "moved" (the mutated statement against the
    #: manifest's; see :func:`direction`)
    direction: str = ""
    #: for a mutant of a search script (``judge="text"``): the verdicts and controls that use it
    users: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outcome:
    status: str  #: "killed" or "survived"
    flips: tuple[str, ...]  #: the verdicts and controls that flipped
    caught_by: str  #: the check that catches a survivor ("" if none)


# ----------------------------------------------------------------------------- the SMT side
def _lemma_without(index: int) -> Callable[[Any], Any]:
    def control(f: Any) -> Any:
        from zonemax.proofs_check.checker.formula import Formula

        return Formula(f.vars, f.hyps[:index] + f.hyps[index + 1:], f.goals, f.consts)
    return control


#: Controls of the lemmas of SMT_EXTRA["S3.cS-outside-O"] (by index): each lemma without one
#: hypothesis (k >= k0 for the first; a <= m for the second, as in tests/test_claims_s3.py) is
#: false, and both solvers must find the counterexample.
EXTRA_CONTROLS: dict[tuple[str, int], tuple[str, Callable[[Any], Any]]] = {
    ("S3.cS-outside-O", 0): ("without k >= k0", _lemma_without(1)),
    ("S3.cS-outside-O", 1): ("without a <= m", _lemma_without(1)),
}


#: Translation probes: small formulas over one real ``x`` with every comparison at a tight
#: boundary, and whether each is true (both solvers must refute its negation) -- the manifest's
#: SMT formulas use no ``==`` and no ``!=``, so without these a wrong entry for them in the
#: checker's comparison table would change no verdict.
PROBES: tuple[tuple[str, tuple[tuple[str, str, str], ...], tuple[str, str, str], bool], ...] = (
    ("x == 2 implies x^2 >= 4", (("x", "==", "2"),), ("x*x", ">=", "4"), True),
    ("x <= 2 implies x^2 >= 4 (false at 0)", (("x", "<=", "2"),), ("x*x", ">=", "4"), False),
    ("x^2 == 4, x >= 0 implies x == 2", (("x*x", "==", "4"), ("x", ">=", "0")),
     ("x", "==", "2"), True),
    ("x^2 == 4 implies x == 2 (false at -2)", (("x*x", "==", "4"),), ("x", "==", "2"), False),
    ("-1 < x < 1 implies x^2 < 1", (("x", ">", "-1"), ("x", "<", "1")), ("x*x", "<", "1"), True),
    ("-1 <= x <= 1 implies x^2 < 1 (false at 1)", (("x", ">=", "-1"), ("x", "<=", "1")),
     ("x*x", "<", "1"), False),
    ("x >= 1 implies x^2 >= x", (("x", ">=", "1"),), ("x*x", ">=", "x"), True),
    ("x >= 1 implies x^2 > x (false at 1)", (("x", ">=", "1"),), ("x*x", ">", "x"), False),
    ("x <= 1, x >= 0 implies x^2 <= x", (("x", "<=", "1"), ("x", ">=", "0")),
     ("x*x", "<=", "x"), True),
    ("x != 0 implies x^2 > 0", (("x", "!=", "0"),), ("x*x", ">", "0"), True),
    ("x^2 > 0 (false at 0)", (), ("x*x", ">", "0"), False),
    ("x > 0 implies x != 0", (("x", ">", "0"),), ("x", "!=", "0"), True),
    ("x >= 0 implies x != 0 (false at 0)", (("x", ">=", "0"),), ("x", "!=", "0"), False),
)


def probe_flips() -> list[str]:
    """The probes whose verdict is not the stated one under the current translation."""
    from zonemax.proofs_check.checker.formula import Formula, smt_script
    from zonemax.proofs_check.checker.solvers import both_unsat

    out = []
    for label, hyps, goal, true in PROBES:
        unsat = both_unsat(smt_script(Formula((("x", "real"),), hyps, (goal,))))[0]
        if unsat != true:
            out.append(f"probe '{label}'")
    return out


def smt_obligations() -> dict[tuple[str, int], Any]:
    """(claim, index) -> formula of every SMT obligation of the manifest (as imported now)."""
    from zonemax.proofs_check.checker import manifest

    return {(cid, j): f for table in (manifest.SMT_FORMULAS, manifest.SMT_EXTRA)
            for cid, fs in table.items() for j, f in enumerate(fs)}


def _theorem(cid: str, j: int) -> str:
    from zonemax.proofs_check.checker.formula import coq_name

    return coq_name(cid) if j == 0 else f"{coq_name(cid)}_{j + 1}"


def smt_controls(formulas: dict[tuple[str, int], Any]) -> dict[str, Any]:
    """Label -> control formula, built from ``formulas`` (a control that cannot be built from a
    mutated formula -- its text no longer occurs once -- is reported as ``None``: the manifest
    would not import)."""
    from zonemax.proofs_check.checker import manifest

    out: dict[str, Any] = {}
    coq = dict(manifest.coq_obligations())
    for (cid, j), f in formulas.items():
        if (cid, j) in EXTRA_CONTROLS:
            label, build = EXTRA_CONTROLS[(cid, j)]
            out[f"{cid}[{j}] control ({label})"] = build(f)
            continue
        coq[_theorem(cid, j)] = f
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(manifest, "coq_obligations", lambda: coq)
        try:
            controls = manifest._controls()
        except ValueError:
            controls = None
    for (cid, j) in formulas:
        if (cid, j) in EXTRA_CONTROLS:
            continue
        name = _theorem(cid, j)
        label = f"{cid}[{j}] control"
        out[label] = None if controls is None else controls[name][1]
    return out


def judge_smt(formulas: dict[tuple[str, int], Any] | None = None) -> tuple[str, ...]:
    """What flips: an obligation no longer refuted by both solvers, a control that is, or a
    translation probe (:data:`PROBES`)."""
    from zonemax.proofs_check.checker.formula import smt_script
    from zonemax.proofs_check.checker.solvers import both_unsat

    formulas = smt_obligations() if formulas is None else formulas
    flips = [f"{cid}[{j}] verdict" for (cid, j), f in formulas.items()
             if not both_unsat(smt_script(f))[0]]
    flips += probe_flips()
    for label, control in smt_controls(formulas).items():
        if control is None:
            flips.append(f"{label} (cannot be built: the manifest does not import)")
        elif both_unsat(smt_script(control))[0]:
            flips.append(label)
    return tuple(flips)


def _set_entry(table: str, key: str, value: str) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(mp: pytest.MonkeyPatch) -> None:
        from zonemax.proofs_check.checker import formula

        mp.setitem(getattr(formula, table), key, value)
    return patch


def table_mutants() -> list[Mutant]:
    """Each entry of the checker's SMT comparison table, made strict or non-strict (``==``:
    ``<=``)."""
    out = []
    for op, smt in (("<", "<="), ("<=", "<"), (">", ">="), (">=", ">"), ("==", "<=")):
        out.append(Mutant(f"smt-cmp-{op}", "smt-table",
                          f"formula._SMT_CMP[{op!r}]: {op} -> {smt}", "smt",
                          _set_entry("_SMT_CMP", op, smt)))
    return out


# ----------------------------------------------------------------------------- the formulas
_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")


def _replace_formula(key: tuple[str, int], new: Any) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(mp: pytest.MonkeyPatch) -> None:
        from zonemax.proofs_check.checker import manifest

        cid, j = key
        table = "SMT_EXTRA" if cid in manifest.SMT_EXTRA else "SMT_FORMULAS"
        fs = list(getattr(manifest, table)[cid])
        fs[j] = new
        mp.setitem(getattr(manifest, table), cid, tuple(fs))
    return patch


def formula_mutants() -> list[Mutant]:
    """For every SMT obligation: each comparison made strict/non-strict and turned around, each
    integer literal of it raised by one, each named constant moved by one part in 10^3 up and
    down."""
    from zonemax.proofs_check.checker.formula import Formula

    out: list[Mutant] = []
    for key, f in smt_obligations().items():
        cid, j = key
        for part in ("hyps", "goals"):
            cmps = getattr(f, part)
            for i, (lhs, op, rhs) in enumerate(cmps):
                variants: list[tuple[str, tuple[str, str, str]]] = [
                    (f"{op} -> {TOGGLE[op]}", (lhs, TOGGLE[op], rhs))]
                if REVERSE[op] != op:
                    variants.append((f"{op} -> {REVERSE[op]}", (lhs, REVERSE[op], rhs)))
                for side, text in (("lhs", lhs), ("rhs", rhs)):
                    for m in _INT.finditer(text):
                        new = f"{text[:m.start()]}{int(m.group()) + 1}{text[m.end():]}"
                        cmp = (new, op, rhs) if side == "lhs" else (lhs, op, new)
                        variants.append((f"{side} literal {m.group()} -> {int(m.group()) + 1} "
                                         f"(at {m.start()})", cmp))
                for what, cmp in variants:
                    changed = tuple(cmp if k == i else c for k, c in enumerate(cmps))
                    g = Formula(f.vars, changed if part == "hyps" else f.hyps,
                                changed if part == "goals" else f.goals, f.consts)
                    out.append(Mutant(f"{cid}[{j}].{part}[{i}]: {what}", "formula",
                                      f"`{lhs} {op} {rhs}`: {what}", "smt",
                                      _replace_formula(key, g),
                                      direction(f, part, i, cmp)))
        for name, value in f.consts:
            for factor, word in ((Fraction(1001, 1000), "up"), (Fraction(999, 1000), "down")):
                g = f.with_consts(**{name: Fraction(value) * factor})
                out.append(Mutant(f"{cid}[{j}].consts.{name} {word}", "formula",
                                  f"{name} = {value} x {factor}", "smt",
                                  _replace_formula(key, g), "moved"))
    return out


def direction(f: Any, part: str, i: int, new: tuple[str, str, str]) -> str:
    """Whether replacing comparison ``i`` of ``part`` by ``new`` makes the statement logically
    *stronger* (a hypothesis the new one follows from, or a goal that implies the old one,
    under the other hypotheses), *weaker* (the converse), or neither (*moved*); decided by z3
    and cvc5 on the checker's own translation."""
    from zonemax.proofs_check.checker.formula import Formula, smt_script
    from zonemax.proofs_check.checker.solvers import both_unsat

    old = getattr(f, part)[i]
    context = tuple(h for k, h in enumerate(f.hyps) if not (part == "hyps" and k == i))

    def implies(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
        return both_unsat(smt_script(Formula(f.vars, (*context, a), (b,), f.consts)))[0]

    new_to_old, old_to_new = implies(new, old), implies(old, new)
    if part == "hyps":  # a weaker hypothesis makes a stronger statement
        return "stronger" if old_to_new and not new_to_old else \
            "weaker" if new_to_old and not old_to_new else "moved"
    return "stronger" if new_to_old and not old_to_new else \
        "weaker" if old_to_new and not new_to_old else "moved"


# ------------------------------------------------------------------------------ the search
def _compare_entry(op: str, fn: Callable[[Any, Any], Any]) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(mp: pytest.MonkeyPatch) -> None:
        from zonemax.proofs_check import rls_exact

        mp.setitem(rls_exact.COMPARE, op, fn)
    return patch


def _branch_cut(index: int, cuts: tuple[tuple[str, str, str], ...]
                ) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(mp: pytest.MonkeyPatch) -> None:
        from zonemax.proofs_check import rls_decide

        branches = list(rls_decide.BRANCHES)
        b = branches[index]
        branches[index] = type(b)(b.name, cuts, b.toward)
        mp.setattr(rls_decide, "BRANCHES", tuple(branches))
    return patch


def _method(name: str, body: Callable[..., Any]) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(mp: pytest.MonkeyPatch) -> None:
        from zonemax.proofs_check import rls_decide

        mp.setattr(rls_decide._Z3Builder, name, body)
    return patch


def _g_penalty_ge(self: Any, dd: Any, w: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
    second = self.max(2 * c * w, c * dd * dd / (2 * w))
    return dd + second + self.z3.If(w >= 2 * be * dd, p * dd, 0)


def _g_second_halved(self: Any, dd: Any, w: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
    second = self.max(c * w, c * dd * dd / (2 * w))
    return dd + second + self.z3.If(w > 2 * be * dd, p * dd, 0)


def _g_quadratic_doubled(self: Any, dd: Any, w: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
    second = self.max(2 * c * w, c * dd * dd / w)
    return dd + second + self.z3.If(w > 2 * be * dd, p * dd, 0)


def _max_is_min(self: Any, *xs: Any) -> Any:
    out = xs[0]
    for x in xs[1:]:
        out = self.z3.If(out <= x, out, x)
    return out


def _g_away_beta_squared(self: Any, d: Any, v: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
    return self.g(d, self.max(self.val(Fraction(1)), be * be * v), al, be, c, p)


def _g_away_no_floor(self: Any, d: Any, v: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
    return self.g(d, be * v, al, be, c, p)


def _v_toward_unchanged(self: Any, d: Any, v: Any, al: Any, be: Any) -> Any:
    kind = self._branch("rls_v_toward").toward
    return v if kind in ("below", "zero", "above") else self.max(self.val(Fraction(1)), be * v)


def _d_toward_above_reversed(self: Any, d: Any, v: Any) -> Any:
    kind = self._branch("rls_d_toward").toward
    s = self.s
    return {"below": d - s, "zero": self.val(Fraction(0)), "above": d - s,
            "equal": d, "rejected": d}[kind]


def search_mutants() -> list[Mutant]:
    """The search's z3 encoding of Lemma 8: its comparison table, the integer pieces of
    ``floor(v)`` and the potential."""
    out = [Mutant(f"search-compare-{op}", "search", f"rls_exact.COMPARE[{op!r}]: {op} -> {new}",
                  "search", _compare_entry(op, fn))
           for op, new, fn in (("<", "<=", operator.le), ("<=", "<", operator.lt),
                               (">", ">=", operator.ge), (">=", ">", operator.gt),
                               ("==", "<=", operator.le))]
    out += [
        Mutant("search-branch-below", "search", "piece 'below': s <= d - 1 -> s <= d - 2",
               "search", _branch_cut(0, (("s", "<=", "d - 2"),))),
        Mutant("search-branch-above", "search",
               "piece 'above': s <= 2d - 1 -> s <= 2d", "search",
               _branch_cut(2, (("s", ">=", "d + 1"), ("s", "<=", "2*d")))),
        Mutant("search-branch-rejected", "search", "piece 'rejected': s >= 2d + 1 -> s >= 2d + 2",
               "search", _branch_cut(4, (("s", ">=", "2*d + 2"),))),
        Mutant("search-g-penalty", "search", "g: penalty when w > 2 beta d -> w >= 2 beta d",
               "search", _method("g", _g_penalty_ge)),
        Mutant("search-g-linear", "search", "g: max(2 c w, ...) -> max(c w, ...)", "search",
               _method("g", _g_second_halved)),
        Mutant("search-g-quadratic", "search", "g: c d^2/(2 w) -> c d^2/w", "search",
               _method("g", _g_quadratic_doubled)),
        Mutant("search-max-is-min", "search", "max: If(out >= x) -> If(out <= x)", "search",
               _method("max", _max_is_min)),
        Mutant("search-g-away-beta2", "search", "away step: beta v -> beta^2 v", "search",
               _method("g_away", _g_away_beta_squared)),
        Mutant("search-g-away-floor", "search", "away step: max{1, beta v} -> beta v", "search",
               _method("g_away", _g_away_no_floor)),
        Mutant("search-v-toward", "search", "toward step: v -> alpha v dropped", "search",
               _method("v_toward", _v_toward_unchanged)),
        Mutant("search-d-toward-above", "search", "toward step overshooting: s - d -> d - s",
               "search", _method("d_toward", _d_toward_above_reversed)),
    ]
    return out



# ------------------------------------------------------------- the search's SMT-LIB scripts
#: Modules of Sections 2-3 whose search certifies an SMT-LIB 2 script it wrote as text, and the
#: name under which each module calls z3 (``rls_decide.z3_check``, imported there).
SMT_TEXT_SITES: tuple[tuple[str, str], ...] = (
    ("zonemax.proofs_check.section2.common", "z3_check"),
    ("zonemax.proofs_check.section3.cost_bound", "z3_check"),
    ("zonemax.proofs_check.section3.omega", "z3_check"),
    ("zonemax.proofs_check.section3.pairing", "z3_check"),
)
#: An SMT-LIB comparison and the smallest change of it (strict <-> non-strict; ``=`` -> ``<=``).
SMT_TOGGLE = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "=": "<="}
_SMT_CMP = re.compile(r"\((<=|>=|<|>|=) ")
_SMT_NUM = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _runs_with(claim: Any) -> list[tuple[str, Callable[[], Any]]]:
    """A claim's verdict and each of its controls, as (label, thunk)."""
    out: list[tuple[str, Callable[[], Any]]] = [(claim.id, lambda c=claim: c.run(False))]
    out += [(f"{claim.id} control {k}", lambda c=claim, prm=control.params: c.run(False, **prm))
            for k, control in enumerate(claim.controls)]
    return out


def smt_text_scripts(claims: tuple[str, ...] | None = None) -> dict[str, set[str]]:
    """Every distinct script that the search of Sections 2-3 hands to z3 as text, with the
    verdicts and controls that hand it over (the unmutated run; ``claims``: only these)."""
    import importlib

    from zonemax.proofs_check.core import clear_recorded_caches
    from zonemax.proofs_check.registry import CLAIMS

    seen: dict[str, set[str]] = {}
    label = [""]
    clear_recorded_caches()  # a cached verdict would hide its script
    with pytest.MonkeyPatch.context() as mp:
        for module, attr in SMT_TEXT_SITES:
            mod = importlib.import_module(module)
            real = getattr(mod, attr)

            def spy(script: str, *args: Any, _real: Any = real, **kw: Any) -> Any:
                seen.setdefault(script, set()).add(label[0])
                return _real(script, *args, **kw)
            mp.setattr(mod, attr, spy)
        for claim in CLAIMS:
            if claim.section in (2, 3) and (claims is None or claim.id in claims):
                for name, thunk in _runs_with(claim):
                    label[0] = name
                    clear_recorded_caches()
                    _status(thunk)
    clear_recorded_caches()
    return seen


def _text_patch(script: str, start: int, end: int, new: str) -> Callable[[pytest.MonkeyPatch], None]:
    mutated = script[:start] + new + script[end:]

    def patch(mp: pytest.MonkeyPatch) -> None:
        import importlib

        for module, attr in SMT_TEXT_SITES:
            mod = importlib.import_module(module)
            real = getattr(mod, attr)

            def swap(text: str, *args: Any, _real: Any = real, **kw: Any) -> Any:
                return _real(mutated if text == script else text, *args, **kw)
            mp.setattr(mod, attr, swap)
    return patch


def smt_text_mutants(scripts: dict[str, set[str]] | None = None) -> list[Mutant]:
    """Each comparison of each script toggled (:data:`SMT_TOGGLE`) and each integer constant
    raised by one; judged by the verdicts and controls that use the script (``judge="text"``:
    the mutant's ``users`` are rerun and compared with the unmutated run)."""
    scripts = smt_text_scripts() if scripts is None else scripts
    out: list[Mutant] = []
    for s_index, (script, users) in enumerate(sorted(scripts.items(), key=lambda kv: min(kv[1]))):
        tag = f"{min(users)}#{s_index}"
        for k, m in enumerate(_SMT_CMP.finditer(script)):
            op = m.group(1)
            out.append(Mutant(f"smt-text {tag} cmp{k}", "search-smt",
                              f"{min(users)}: script {s_index}, comparison {k}: "
                              f"({op} -> ({SMT_TOGGLE[op]}", "text",
                              _text_patch(script, m.start(1), m.end(1), SMT_TOGGLE[op]),
                              users=tuple(sorted(users))))
        for k, m in enumerate(_SMT_NUM.finditer(script)):
            old = m.group(0)
            whole, _, frac = old.partition(".")
            new = str(int(whole) + 1) + (f".{frac}" if frac else "")
            out.append(Mutant(f"smt-text {tag} num{k}", "search-smt",
                              f"{min(users)}: script {s_index}, constant {k}: {old} -> {new}",
                              "text", _text_patch(script, m.start(), m.end(), new),
                              users=tuple(sorted(users))))
    return out


def text_statuses(users: tuple[str, ...]) -> dict[str, str]:
    """The status of each named verdict or control (``"S3.x control 0"``), run now."""
    from zonemax.proofs_check.core import clear_recorded_caches
    from zonemax.proofs_check.registry import CLAIMS

    wanted = set(users)
    out: dict[str, str] = {}
    clear_recorded_caches()  # every verdict recomputed, with the scripts as they are now
    try:
        for claim in CLAIMS:
            for name, thunk in _runs_with(claim):
                if name in wanted:
                    out[name] = _status(thunk)
    finally:
        clear_recorded_caches()
    return out



# ------------------------------------------------- the checker's module-level constants
#: Tests that judge a constant mutant (a staged copy with the constant changed; the search and
#: the checker both import it): the enclosures' tightness at 24 digits, then every claim's file.
CONSTANT_KILLERS = (
    "proofs_check/tests/test_checker.py::test_enclosures_are_tight_and_correct",
    "proofs_check/tests/test_checker.py::test_each_claim_file_checks_on_its_own",
)


def constant_mutants() -> list[Any]:
    """The constants that the checker computes or fixes at import (neither mutmut, which
    mutates function bodies, nor a monkeypatch after import reaches them), each changed in a
    staged copy (:class:`numba_mutants.SourceMutant`); judged by :func:`judge_constants`.

    Expected verdicts, with the argument for the ones a test cannot see: a precision change that
    keeps the enclosures rigorous and tighter than every comparison needs is *equivalent* (the
    checker's soundness does not depend on it; only its power to decide does)."""
    from numba_mutants import SourceMutant

    arith = "zonemax/proofs_check/checker/arith.py"  # the staged (installed) layout
    heavy = "zonemax/proofs_check/checker/heavy.py"
    solvers = "zonemax/proofs_check/checker/solvers.py"

    def m(name: str, path: str, old: str, new: str, why: str) -> Any:
        return SourceMutant(name, path, old, new, CONSTANT_KILLERS, why)

    return [
        m("const-prec-64", arith, "PREC = 128", "PREC = 64",
          "enclosures rounded to 64 bits: e, ln 2 no longer tight to 24 digits"),
        m("const-prec-127", arith, "PREC = 128", "PREC = 127",
          "equivalent: enclosures stay rigorous and about 38 digits tight, tighter than the "
          "tightness test's 24 digits and than every comparison of the certificates needs"),
        m("const-guard-0", arith, "_W = PREC + 32", "_W = PREC",
          "equivalent: the series' 1000-ulp error bound is still added, so the enclosures "
          "stay rigorous; they widen by < 2^-118 relative"),
        m("const-ln2", arith, "LN2 = _atanh_series(Fraction(1, 3))",
          "LN2 = _atanh_series(Fraction(1, 2))", "ln 2 replaced by ln 3"),
        m("const-e", arith, "E = _exp_point(Fraction(1))", "E = _exp_point(Fraction(2))",
          "e replaced by e^2"),
        m("const-heavy-bits-16", heavy, "_BITS = 160", "_BITS = 16",
          "equivalent for soundness: outward rounding to 16 bits only widens the enclosures, "
          "and every comparison of the committed certificates is still decided (a comparison "
          "closer than about 2^-16 relative would be refused as undecided, never accepted)"),
        m("const-heavy-bits-159", heavy, "_BITS = 160", "_BITS = 159",
          "equivalent: outward rounding stays rigorous and far tighter than the comparisons"),
        m("const-solver-timeout", solvers, "TIMEOUT_MS = 60_000", "TIMEOUT_MS = 1",
          "z3 and cvc5 stopped after 1 ms: no SMT obligation is refuted"),
    ]


def judge_constants(workdir: Path) -> list[tuple[Any, Any]]:
    """Each of :func:`constant_mutants` applied to a fresh staged copy and judged by
    :data:`CONSTANT_KILLERS` (``numba_mutants.judge``: killed when a test fails)."""
    from numba_mutants import judge as judge_copy

    return [(mutant, judge_copy(mutant, workdir)) for mutant in constant_mutants()]


def _status(run: Callable[[], Any]) -> str:
    """A verdict's status, or the error that stopped the check (the search's own cross-checks,
    e.g. "the proof and the exact evaluation disagree", refuse a mutated encoding loudly)."""
    try:
        return str(run().status.value)
    except Exception as exc:
        return f"error ({type(exc).__name__}: {' '.join(str(exc).split())[:80]})"


def section5_statuses() -> dict[str, str]:
    """Claim or control -> status, for every Section 5 claim of the registry (z3's decisions
    recomputed: the cache is emptied first and after)."""
    from zonemax.proofs_check.core import clear_recorded_caches
    from zonemax.proofs_check.registry import CLAIMS

    clear_recorded_caches()  # z3's decisions (rls_decide.decide) and every other memo
    out: dict[str, str] = {}
    try:
        for claim in CLAIMS:
            if claim.section == 5:
                out.update((name, _status(thunk)) for name, thunk in _runs_with(claim))
    finally:
        clear_recorded_caches()
    return out


# --------------------------------------------------------------------------------- judging
#: What a surviving formula mutant is, by its direction.
SURVIVOR_CLASS = {
    "stronger": "a stronger statement, also true: the manifest's follows from it (equivalent for "
                "the verdict 'holds')",
    "weaker": "a weaker statement: no solver can refute it; the identity check catches it",
    "moved": "a different true statement (the bound has slack there): the identity check "
             "catches it",
}


def _identity(mutant: Mutant) -> str:
    """The identity check that sees a mutated formula no solver can tell apart."""
    if mutant.layer != "formula":
        return ""
    if mutant.name.startswith("S3.cS-outside-O"):
        return ("proofs_check/tests/test_encoding_mutants.py::"
                "test_smt_extra_lemmas_are_the_reviewed_ones")
    return "proofs_check/tests/test_coq.py::test_committed_statements_are_the_manifests"


def judge(mutant: Mutant, baseline: dict[str, str] | None = None) -> Outcome:
    """Apply ``mutant`` in process and judge it (``baseline``: the unmutated
    :func:`section5_statuses`, for the search's mutants)."""
    with pytest.MonkeyPatch.context() as mp:
        mutant.patch(mp)
        if mutant.judge == "smt":
            flips = judge_smt()
        elif mutant.judge == "text":
            assert baseline is not None
            now = text_statuses(mutant.users)
            flips = tuple(f"{k}: {baseline[k]} -> {now[k]}" for k in mutant.users
                          if now[k] != baseline[k])
        else:
            assert baseline is not None
            now = section5_statuses()
            flips = tuple(f"{k}: {baseline[k]} -> {now[k]}" for k in now if now[k] != baseline[k])
    if flips:
        return Outcome("killed", flips, "")
    return Outcome("survived", (), _identity(mutant))


def catalogue() -> list[Mutant]:
    return table_mutants() + formula_mutants() + search_mutants()


def run(mutants: list[Mutant]) -> Iterator[tuple[Mutant, Outcome, float]]:
    baseline = section5_statuses() if any(m.judge == "search" for m in mutants) else None
    users = tuple(sorted({u for m in mutants for u in m.users}))
    if users:
        baseline = {**(baseline or {}), **text_statuses(users)}
    for m in mutants:
        t0 = time.perf_counter()
        outcome = judge(m, baseline)
        yield m, outcome, time.perf_counter() - t0


def _record(results: list[tuple[Mutant, Outcome, float]], base_flips: tuple[str, ...],
            seconds: float) -> str:
    killed = sum(o.status == "killed" for _, o, _ in results)
    by_layer: dict[str, list[int]] = {}
    for m, o, _ in results:
        by_layer.setdefault(m.layer, [0, 0])
        by_layer[m.layer][0] += o.status == "killed"
        by_layer[m.layer][1] += 1
    lines = [
        "# Mutants of the claims' encodings", "",
        "Generated by `python benchmarks/mutation/encoding_mutants.py` (the catalogue and how a "
        "mutant is judged: that module's docstring; `proofs_check/tests/test_encoding_mutants.py`"
        " asserts these verdicts).", "",
        "* unmutated: " + (", ".join(base_flips) if base_flips
                           else "every obligation refuted, every control and false probe not"),
        f"* **killed (a verdict or a control flips): {killed}/{len(results)}**; wall time "
        f"{seconds:.0f} s (2 shared cores)",
        "* by layer: " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in by_layer.items()),
        "* a survivor is a mutated statement that is true with its controls false: no solver "
        "tells it from the manifest's; the column 'caught by' names the identity check that "
        "does", "",
        "| mutant | change | status | flips (first three) / caught by |",
        "|---|---|---|---|",
    ]
    for m, o, _ in results:
        what = "; ".join(o.flips[:3]) if o.flips else \
            f"{SURVIVOR_CLASS.get(m.direction, 'UNEXPLAINED')}: `{o.caught_by}`"
        status = o.status + (f" ({m.direction})" if m.direction and not o.flips else "")
        lines.append(f"| `{m.name}` | {m.change.replace('|', '/')} | {status} | "
                     f"{what.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


#: Why a mutant of the search's Section 2-3 scripts that changes no verdict is not a gap of
#: what a referee trusts (checked for each survivor by :func:`text_survivor_reason`).
TEXT_SURVIVOR = ("the search's script keeps its answer; the verdict the checker accepts for "
                 "this claim is established by the manifest's own obligations ({}), which the "
                 "smt-table and formula layers above (and mutmut, for the checker) mutate")


def text_survivor_reason(mutant: Mutant) -> str:
    """The reason a surviving ``judge="text"`` mutant is explained, or ``UNEXPLAINED`` when a
    claim that uses the script has no obligation of the checker's own (Coq, SMT or exact)."""
    from zonemax.proofs_check.checker.manifest import MANIFEST

    kinds: list[str] = []
    for user in mutant.users:
        entry = MANIFEST.get(user.split(" control ")[0])
        own = [] if entry is None else [
            type(o).__name__ + (f" {o.kind}" if type(o).__name__ == "Check" else "")
            for o in entry.obligations if type(o).__name__ in ("Coq", "Smt", "Check")]
        if not own:
            return "UNEXPLAINED"
        kinds.append(f"{entry.id}: {', '.join(own)}")  # type: ignore[union-attr]
    return TEXT_SURVIVOR.format("; ".join(dict.fromkeys(kinds)))


def _part(name: str, body: str) -> None:
    """Write ``body`` between the markers of part ``name`` of RECORD-encodings.md (appended
    when the part is new)."""
    path = HERE / "RECORD-encodings.md"
    text = path.read_text(encoding="utf-8")
    start, end = f"<!-- part:{name} -->", f"<!-- /part:{name} -->"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text:
        text = text[:text.index(start)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def record_text(results: list[tuple[Mutant, Outcome, float]], seconds: float) -> str:
    killed = sum(o.status == "killed" for _, o, _ in results)
    lines = [
        "## The search's SMT-LIB scripts of Sections 2-3", "",
        "`smt_text_mutants()` (`python benchmarks/mutation/encoding_mutants.py --part text`): "
        "every script that the search of Sections 2-3 hands to z3 as text (captured in an "
        f"unmutated run: {len({m.change.split(',')[0] for m, _, _ in results})} scripts), each "
        "comparison toggled (strict <-> non-strict, `=` -> `<=`) and each numeric constant "
        "raised by one; judged by rerunning the verdicts and controls that use the script, "
        "with every memo emptied.", "",
        f"* **killed (a verdict or a control flips): {killed}/{len(results)}**; wall time "
        f"{seconds:.0f} s",
        "* a survivor keeps the script's answer (sat or unsat); each survivor's claim has "
        "obligations of the checker's own, named in its row, so no survivor is a statement the "
        "referee is asked to trust", "",
        "| mutant | change | status | flips (first two) / why a survivor is explained |",
        "|---|---|---|---|",
    ]
    for m, o, _ in results:
        what = "; ".join(o.flips[:2]) if o.flips else text_survivor_reason(m)
        lines.append(f"| `{m.name}` | {m.change.replace('|', '/')} | {o.status} | "
                     f"{what.replace('|', '/')} |")
    return "\n".join(lines)


def record_constants(results: list[tuple[Any, Any]], seconds: float) -> str:
    lines = [
        "## The checker's module-level constants", "",
        "`constant_mutants()` (`python benchmarks/mutation/encoding_mutants.py --part "
        "constants`): each constant changed in a staged copy, judged by "
        + ", ".join(f"`{t}`" for t in CONSTANT_KILLERS) + f"; wall time {seconds:.0f} s.", "",
        "| mutant | change | status | first failing test / why equivalent |",
        "|---|---|---|---|",
    ]
    for m, o in results:
        what = o.failed[0] if o.failed else m.why
        lines.append(f"| `{m.name}` | `{m.old}` -> `{m.new}` | {o.status} | "
                     f"{what.replace('|', '/')} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """``--no-search``: leave the search's mutants out (each reruns every Section 5 claim and
    control with z3: minutes per mutant on a loaded machine); the record says so."""
    t0 = time.perf_counter()
    if "--part" in argv:
        part = argv[argv.index("--part") + 1]
        if part == "text":
            results = list(run(smt_text_mutants()))
            _part("text", record_text(results, time.perf_counter() - t0))
        elif part == "constants":
            import tempfile

            with tempfile.TemporaryDirectory(prefix="zonemax-constants-") as tmp:
                judged = judge_constants(Path(tmp))
            _part("constants", record_constants(judged, time.perf_counter() - t0))
        else:
            print(f"--part must be 'text' or 'constants', got {part!r}", file=sys.stderr)
            return 2
        return 0
    base = judge_smt()
    results = []
    chosen = catalogue() if "--no-search" not in argv else table_mutants() + formula_mutants()
    for m, o, s in run(chosen):
        results.append((m, o, s))
        print(f"{m.name}: {o.status} ({s:.1f} s) {o.flips[0] if o.flips else o.caught_by}",
              flush=True)
    text = _record(results, base, time.perf_counter() - t0)
    if "--no-search" in argv:
        text += ("\nNot judged in this record: the search's mutants (`search_mutants()`, "
                 f"{len(search_mutants())}; `python benchmarks/mutation/encoding_mutants.py` "
                 "without `--no-search`, or `pytest -m slow proofs_check/tests/"
                 "test_encoding_mutants.py`).\n")
    (HERE / "RECORD-encodings.md").write_text(text, encoding="utf-8")
    return 0 if not base else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
