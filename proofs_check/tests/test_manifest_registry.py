"""The registry's statements and the checker's manifest say the same (issue 22, item 1).

* Text, quantifier, verdict, coverage and every exact check: the certificates the search writes
  are compared with the manifest field by field (test_claims.py::test_certificates_check); here,
  the registry's claims and the manifest's entries are the same set, in the same order, with the
  same TeX references.
* The formulas the manifest proves in Coq: where the search decides the claim as one statement
  with z3, that statement and the manifest's formula are compared at random rational points
  (each comparison's two sides evaluated exactly with the checker's quantities): same
  hypotheses, same goals.  The search proves Cases 1 and 2 and the drift constant through the
  proof's decomposition (toward step, away step, algebra) and the Section 2-4 claims with other
  methods; their Coq formulas are compared with the paper by review only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from zonemax.proofs_check import rls_decide
from zonemax.proofs_check.checker.expr import evaluate
from zonemax.proofs_check.checker.formula import Cmp, Formula
from zonemax.proofs_check.checker.manifest import COQ_FORMULAS, MANIFEST
from zonemax.proofs_check.registry import CLAIMS, EDITORIAL

#: Claims the search decides through a decomposition (no single statement to compare).
DECOMPOSED = {"S5.case1", "S5.case2", "S5.case2-sharp", "S5.drift-feasible"}
#: Section 5 claims the search does not decide with z3 (exact arithmetic at a point, a floor
#: argument) -- their Coq formulas are reviewed against the TeX.
NOT_Z3 = {"S5.example-conditions", "S5.beta-range"}
SECTION5_COQ = sorted(c for c in COQ_FORMULAS if c.startswith("S5.")
                      and isinstance(COQ_FORMULAS[c][0], Formula)
                      and c not in DECOMPOSED | NOT_Z3)


def test_same_claims_same_order_same_tex() -> None:
    assert list(MANIFEST) == [c.id for c in CLAIMS]
    for c in CLAIMS:
        assert c.tex is not None
        assert MANIFEST[c.id].tex == (c.tex.first, c.tex.last, c.tex.quote), c.id
        assert MANIFEST[c.id].statement == c.statement, c.id


def test_same_editorial_entries() -> None:
    from zonemax.proofs_check.checker.manifest import EDITORIAL_ENTRIES

    assert {e.id: (e.tex.first, e.tex.last, e.tex.quote) for e in EDITORIAL} == \
        {k: v.tex for k, v in EDITORIAL_ENTRIES.items()}


def _decided(cid: str) -> list[rls_decide.Statement]:
    claim = next(c for c in CLAIMS if c.id == cid)
    seen: list[rls_decide.Statement] = []
    original = rls_decide.decide.__wrapped__

    def spy(stmt: rls_decide.Statement, *args: object, **kwargs: object) -> rls_decide.Decision:
        seen.append(stmt)
        return original(stmt, *args, **kwargs)  # type: ignore[arg-type]

    modules = list(_modules_with_decide())  # before patching: the check compares identities
    with pytest.MonkeyPatch.context() as mp:
        for module in modules:
            mp.setattr(module, "decide", spy)
        claim.run(False)
    return seen


def _modules_with_decide() -> Iterator[object]:
    import sys

    for name, module in list(sys.modules.items()):
        if name.startswith("zonemax.proofs_check") and getattr(module, "decide", None) \
                is rls_decide.decide:
            yield module


def _points(names: list[str], ints: set[str], rng: random.Random, k: int
            ) -> Iterator[dict[str, Fraction]]:
    for _ in range(k):
        yield {n: Fraction(rng.randint(1, 40)) if n in ints else
               Fraction(rng.randint(1, 4000), rng.randint(1, 1000)) for n in names}


def _signature(c: Cmp, env_points: list[dict[str, Fraction]]) -> tuple[object, ...]:
    lhs, op, rhs = c
    flip = {">": "<", ">=": "<=", "<": "<", "<=": "<=", "==": "==", "!=": "!="}
    sign = -1 if op in (">", ">=") else 1
    values = []
    for env in env_points:
        try:
            values.append(sign * (evaluate(lhs, env) - evaluate(rhs, env)))
        except (ArithmeticError, ValueError):
            values.append(None)
    return (flip[op], *values)


def _matches(formula: Formula, decided: list[rls_decide.Statement]) -> bool:
    rng = random.Random(20261126)
    consts = {k: Fraction(v) for k, v in formula.consts}
    names = [n for n, _ in formula.vars]
    ints = {n for n, kind in formula.vars if kind == "int"}
    pts = [{**p, **consts} for p in _points(names, ints, rng, 12)]

    def sig(f: Formula | rls_decide.Statement) -> tuple[list[object], list[object]]:
        hyps = f.hyps if isinstance(f, Formula) else f.where
        return (sorted(map(repr, (_signature(h, pts) for h in hyps))),
                sorted(map(repr, (_signature(g, pts) for g in f.goals))))

    want = sig(formula)
    return any(sig(s) == want for s in decided)


@pytest.mark.parametrize("cid", SECTION5_COQ)
def test_the_search_decides_the_manifests_formula(cid: str) -> None:
    (formula,) = COQ_FORMULAS[cid][:1]
    decided = _decided(cid)
    assert decided, f"{cid}: the search decided no z3 statement"
    assert _matches(formula, decided), \
        f"{cid}: no statement the search decided equals the manifest's formula"


@pytest.mark.parametrize("cid", ["S5.case4", "S5.drift-delta", "S5.case2-cap-fixed"])
def test_a_nudged_formula_does_not_match(cid: str) -> None:
    """Control: the Coq control of the claim (a bound scaled, a constant or a hypothesis moved)
    is not what the search decided."""
    from zonemax.proofs_check.checker.formula import coq_name
    from zonemax.proofs_check.checker.manifest import COQ_CONTROLS

    _, nudged = COQ_CONTROLS[coq_name(cid)]
    assert not _matches(nudged, _decided(cid))
