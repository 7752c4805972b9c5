"""Section 5 claims: verdicts, flipping controls, certificates the independent checker accepts,
and tampered certificates it rejects.

Timings (2-core box shared with other jobs, default run): all 29 claims 3.7 s wall (2.6 s CPU);
every control ~6 s; checking every written certificate ~5 s (z3 re-runs included); this module
~25 s.  Heavy (``-m slow``, wider grids): 8.6 s.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check import run_claims, section5
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import recheck_file
from zonemax.proofs_check.checker.expr import QUANTITIES
from zonemax.proofs_check.checker.paper import PaperTex, locate
from zonemax.proofs_check.core import Claim, ClaimResult, Control, Coverage, Method, Status
from zonemax.proofs_check.rls_decide import BRANCH_COVER_SMT, Statement, decide
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams, drift, g_i
from zonemax.proofs_check.rls_exact import exact_value
from zonemax.proofs_check.section5.case2 import check_case2_factor, check_case2_strict
from zonemax.proofs_check.section5.case5 import check_case5_rejected
from zonemax.proofs_check.section5.common import conditions
from zonemax.proofs_check.section5.drift import lemma8_delta

#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()
IDS = [c.id for c in section5.CLAIMS]
CONTROLS = [(c, ctl) for c in section5.CLAIMS for ctl in c.controls]


@pytest.fixture(scope="module")
def results() -> dict[str, ClaimResult]:
    return {r.claim.id: r for r in run_claims(IDS)}


@pytest.fixture(scope="module")
def certified(results: dict[str, ClaimResult], tmp_path_factory: pytest.TempPathFactory
              ) -> Path:
    directory = tmp_path_factory.mktemp("s5-certificates")
    write_certificates(results.values(), directory)
    return directory


def test_verdicts_match_expected(results: dict[str, ClaimResult]) -> None:
    assert set(section5.EXPECTED) == set(IDS)
    got = {k: r.verdict.status for k, r in results.items()}
    assert got == section5.EXPECTED


def test_every_claim_is_scoped_controlled_and_referenced(results: dict[str, ClaimResult]
                                                         ) -> None:
    by_id = {c.id: c for c in section5.CLAIMS}
    for cid, r in results.items():
        claim, verdict = r.claim, r.verdict
        assert verdict.scope is not None, cid
        assert claim.controls, cid
        assert claim.tex is not None, cid
        assert all(ctl.expect is not verdict.status for ctl in claim.controls), cid
        if verdict.status is Status.FAILS:
            assert verdict.witness and claim.severity and claim.fix, cid
            # a witness refutes it by machine; Lemma 7's Theta rests on optional stopping
            assert verdict.scope.coverage is (Coverage.BY_HAND if cid == "S5.lemma7-theta"
                                              else Coverage.PROVED), cid
        if claim.fix_claim is not None:
            assert results[claim.fix_claim].verdict.status is Status.HOLDS, cid
            assert claim.fix_claim in by_id
        if verdict.status is Status.HOLDS and Method.DECISION in verdict.methods:
            assert verdict.scope.coverage is Coverage.PROVED, cid


@pytest.mark.parametrize(("claim", "control"), CONTROLS,
                         ids=[f"{c.id}:{k}" for c in section5.CLAIMS
                              for k in range(len(c.controls))])
def test_control_flips(claim: Claim, control: Control) -> None:
    verdict = claim.run(False, **control.params)
    assert verdict.status is control.expect, (control.label, verdict.summary)
    if verdict.status is Status.FAILS:
        assert verdict.witness and verdict.certificates


# (every claim's certificate file is checked on its own, in the checker's tests:
# proofs_check/tests/test_checker.py::test_each_claim_file_checks_on_its_own)


def test_control_certificates_check(tmp_path: Path) -> None:
    """A failing control's witness is an arith certificate the checker accepts."""
    by_id = {c.id: c for c in section5.CLAIMS}
    picks = [("S5.drift-delta", 0), ("S5.case1", 0), ("S5.case3-reset", 0),
             ("S5.lemma7-velocity", 0), ("S5.case2-positive", 0)]
    for cid, k in picks:
        claim = by_id[cid]
        ctl = claim.controls[k]
        verdict = claim.run(False, **ctl.params)
        write_certificates([ClaimResult(claim, verdict, 0.0)], tmp_path)
        (result,) = [recheck_file(tmp_path / f"{cid}.json", PAPER)]
        assert result.ok, (cid, result.message)


def _tamper(directory: Path, cid: str, edit: Callable[[dict[str, Any]], None],
            tex: PaperTex | Path = PAPER) -> str:
    path = directory / f"{cid}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    out = directory / "tampered"
    out.mkdir(exist_ok=True)
    (out / f"{cid}.json").write_text(json.dumps(doc), encoding="utf-8")
    result = recheck_file(out / f"{cid}.json", tex)
    assert not result.ok
    return result.message


def _first(doc: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(c for c in doc["certificates"] if c["kind"] == kind)


def test_tampered_arith_fails(certified: Path) -> None:
    def edit(doc: dict[str, Any]) -> None:
        _first(doc, "arith")["env"]["c"] = "26/10000"  # C6 then fails
    assert "is false" in _tamper(certified, "S5.example-conditions", edit)


def test_tampered_forall_fails(certified: Path) -> None:
    def edit(doc: dict[str, Any]) -> None:
        cert = _first(doc, "forall")
        cert["assert"][0]["rhs"] = cert["assert"][0]["rhs"].replace("2535", "2000")
    assert "is false" in _tamper(certified, "S5.drift-delta", edit)


def test_tampered_forall_case_count_fails(certified: Path) -> None:
    def edit(doc: dict[str, Any]) -> None:
        _first(doc, "forall")["cases"] += 1
    assert "cases enumerated" in _tamper(certified, "S5.case1", edit)


def test_tampered_identity_fails(certified: Path) -> None:
    """The factor of item 8: with 2 instead of 1 the identity behind Case 2 breaks."""
    def edit(doc: dict[str, Any]) -> None:
        cert = _first(doc, "identity")
        assert "1/16 - 1*" in cert["rhs"]
        cert["rhs"] = cert["rhs"].replace("1/16 - 1*", "1/16 - 2*")
    assert "lhs != rhs" in _tamper(certified, "S5.case2-sharp", edit)


def test_polynomial_statements_are_decided_by_both_solvers_and_controls_are_not() -> None:
    """The manifest's polynomial Section 5 formulas: z3 and cvc5 both refute the negation;
    the registry's control constants (c = 26/10000 at the example, c = 23/10000 uniformly)
    make both find a counterexample."""
    pytest.importorskip("cvc5")
    from zonemax.proofs_check.checker.formula import smt_script
    from zonemax.proofs_check.checker.manifest import SMT_FORMULAS
    from zonemax.proofs_check.checker.solvers import both_unsat, cvc5_answer, z3_answer

    for formulas in SMT_FORMULAS.values():
        assert all(both_unsat(smt_script(f))[0] for f in formulas)
    for cid, c in (("S5.example-conditions", "26/10000"), ("S5.cp-uniform", "23/10000")):
        script = smt_script(SMT_FORMULAS[cid][0].with_consts(c=c))
        assert z3_answer(script).answer == "sat" and cvc5_answer(script).answer == "sat", cid


def test_tampered_text_fails(certified: Path, paper_tex: Path) -> None:
    def edit(doc: dict[str, Any]) -> None:
        cert = _first(doc, "text")
        cert["first"] = cert["last"] = 500
    assert "quote not found" in _tamper(certified, "S5.case4", edit, paper_tex)


# ------------------------------------------------------------------------------ specifics
@pytest.mark.parametrize("prm", [PAPER_EXAMPLE, RlsParams(Fraction(2), Fraction(7, 10),
                                                          Fraction(1, 1000), Fraction(1, 100)),
                                 RlsParams(Fraction(2), Fraction(1, 2), Fraction(1, 50),
                                           Fraction(1, 10))])
def test_checker_drift_agrees_with_the_search(prm: RlsParams) -> None:
    """Two independent implementations of D and g_i (search side and checker) agree exactly."""
    q = (prm.alpha, prm.beta, prm.c, prm.p)
    for d in range(0, 13):
        for k in range(4, 4 * (2 * d + 3) + 1):
            v = Fraction(k, 4)
            assert QUANTITIES["rls_g"](Fraction(d), v, *q) == g_i(d, v, prm)
            if d:
                assert QUANTITIES["rls_drift"](Fraction(d), v, *q) == drift(d, v, prm)


def test_branches_cover_every_integer_pair() -> None:
    import z3

    solver = z3.Solver()
    solver.from_string(BRANCH_COVER_SMT)
    assert str(solver.check()) == "unsat"


def test_decide_needs_the_integer_branches() -> None:
    """Relaxing floor(v) to a real s loses the statement; the branches restore it."""
    fixed = (("alpha", PAPER_EXAMPLE.alpha), ("beta", PAPER_EXAMPLE.beta),
             ("c", PAPER_EXAMPLE.c), ("p", PAPER_EXAMPLE.p))
    q = "d, v, alpha, beta, c, p"
    stmt = Statement(("d", "v"), (("d", ">=", "1"), ("v", ">=", "1")),
                     ((f"rls_drift({q})", ">=", f"(1/2535)*rls_g({q})"),), fixed)
    assert decide(stmt).answer == "unsat"
    assert len(decide(stmt).scripts) == 5


def test_item8_factor_two_and_strictness() -> None:
    """Case 2's own computation gives the bracket without the 2; the strictness finding exists
    only with the printed factor."""
    factor = check_case2_factor(False)
    assert factor.status is Status.FAILS
    assert str(factor.evidence_dict()["half_sum_minus_display"]) == "d*(4*alpha*beta*c + p)/2"
    assert check_case2_factor(False, factor=Fraction(1)).status is Status.HOLDS
    printed = check_case2_strict(False)
    assert printed.status is Status.FAILS
    w = printed.witness_dict()
    bracket = "1/16 - 2*(4*alpha*beta*c + p) - 4*c/beta"
    assert exact_value(bracket, w) == 0
    assert exact_value("8*alpha*beta*c + 2*p + 4*c/beta", w) == Fraction(1, 16)
    assert check_case2_strict(False, bracket_factor=Fraction(1)).status is Status.HOLDS
    assert check_case2_strict(False, strict=True).status is Status.HOLDS


def test_case5_mirror_step_is_accepted() -> None:
    verdict = check_case5_rejected(False)
    w = verdict.witness_dict()
    d, v = w["d"], w["v"]
    assert 2 * d < v < 2 * d + 1
    assert QUANTITIES["rls_accepted"](d, v) == 1
    assert QUANTITIES["rls_d_toward"](d, v) == d


def test_editorial_quotes_are_in_the_tex(paper_tex: Path) -> None:
    lines = paper_tex.read_text(encoding="utf-8").split("\n")
    for entry in section5.EDITORIAL:
        text = re.sub(r"\s+", " ", " ".join(lines[entry.tex.first - 1:entry.tex.last]))
        assert re.sub(r"\s+", " ", entry.tex.quote) in text, entry.id


def test_conditions_keep_their_meaning_for_section_6() -> None:
    cond = conditions(RlsParams(Fraction(2), Fraction(1, 2), Fraction(1, 1000),
                                          Fraction(1, 100)))
    assert not cond["C2: 1/2 < beta <= 0.9"][0]
    assert all(ok for ok, _ in conditions(PAPER_EXAMPLE).values())


@pytest.mark.slow
def test_heavy_verdicts() -> None:
    got = {r.claim.id: r.verdict.status for r in run_claims(IDS, heavy=True)}
    assert got == section5.EXPECTED


def test_lemma8_delta_is_positive_and_below_the_infimum() -> None:
    """The explicit delta of S5.drift-feasible cannot exceed the infimum 1/2535 of D/g_i that
    S5.drift-delta pins down at the example; outside C1-C8 it is refused."""
    delta = lemma8_delta(PAPER_EXAMPLE)
    assert 0 < delta <= Fraction(1, 2535)
    with pytest.raises(ValueError, match="C2"):
        lemma8_delta(RlsParams(Fraction(2), Fraction(1, 2), Fraction(1, 1000),
                                         Fraction(1, 100)))
