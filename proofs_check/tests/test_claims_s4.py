"""Section 4 claims: controls flip, certificates check, tampered certificates do not.

Heavy run (``-m slow``): verdicts identical to the default run (recorded in the final test).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from flint import ctx
from zonemax.proofs_check import bounds, section4
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import arith, check_files, heavy, recheck_file
from zonemax.proofs_check.checker.paper import locate
from zonemax.proofs_check.core import Claim, ClaimResult, Coverage, Status
from zonemax.proofs_check.section4.c_eps import C_EPS_MAX_WIDTH, C_EPS_TABLE
from zonemax.proofs_check.section4.common import CHECKER_TERMS
from zonemax.proofs_check.section4.corollary6 import check_cor6_constant
from zonemax.proofs_check.section4.theorem5 import _n1_times
from zonemax.proofs_check.section4.theorem5_proof import _p_aij, check_drift_sum

#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()
#: The claims of Section 4 and zonemax's own table of c_eps (checked alike, never counted).
ENTRIES = (*section4.CLAIMS, *section4.TABLES)
PINS = {**section4.EXPECTED, **section4.EXPECTED_TABLES}
CONTROLS = [(c, k) for c in ENTRIES for k in range(len(c.controls))]


@pytest.fixture(scope="module")
def results() -> dict[str, ClaimResult]:
    return {c.id: ClaimResult(c, c.run(False), 0.0) for c in ENTRIES}


def test_verdicts_match_the_pins(results: dict[str, ClaimResult]) -> None:
    assert {k: r.verdict.status for k, r in results.items()} == PINS


def test_the_c_eps_table_is_not_a_claim() -> None:
    """zonemax's own table is listed apart: not among the claims, not counted."""
    from zonemax.proofs_check import CLAIMS, TABLES

    assert "S4.c-eps-enclosures" not in {c.id for c in CLAIMS}
    assert [t.id for t in TABLES] == ["S4.c-eps-enclosures"]


@pytest.mark.parametrize(("claim", "k"), CONTROLS, ids=[f"{c.id}-{k}" for c, k in CONTROLS])
def test_control_flips_and_is_certified(claim: Claim, k: int, tmp_path: Path) -> None:
    control = claim.controls[k]
    verdict = claim.run(False, **control.params)
    assert verdict.status is control.expect
    assert verdict.status is not PINS[claim.id]
    assert verdict.scope is not None
    write_certificates([ClaimResult(claim, verdict, 0.0)], tmp_path)
    assert all(r.ok for r in (recheck_file(p, PAPER) for p in tmp_path.glob('*.json')))


def test_every_verdict_is_scoped_and_certified(results: dict[str, ClaimResult]) -> None:
    for r in results.values():
        v, c = r.verdict, r.claim
        assert v.scope is not None, c.id
        assert any(cert.kind != "text" for cert in v.certificates), c.id
        assert c.controls and c.tex is not None, c.id
        if v.status is not Status.HOLDS:
            assert c.severity is not None and c.fix, c.id
            assert v.witness, c.id
        if c.fix_claim is not None:
            assert PINS[c.fix_claim] is Status.HOLDS
        if v.scope.coverage is Coverage.EXHAUSTIVE:
            assert v.reading == "holds on the checked range", c.id


# (every claim's certificate file is checked on its own, in the checker's tests:
# proofs_check/tests/test_checker.py::test_each_claim_file_checks_on_its_own)


def _tamper(results: dict[str, ClaimResult], tmp_path: Path, claim: str, edit: object) -> str:
    """Write ``claim``'s certificates, apply ``edit`` to the first one, run the checker."""
    tmp_path = tmp_path / str(len(list(tmp_path.iterdir())))
    write_certificates([results[claim]], tmp_path)
    path = tmp_path / f"{claim}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc["certificates"][0])  # type: ignore[operator]
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = [recheck_file(p, PAPER) for p in sorted(tmp_path.glob('*.json'))]
    assert not result.ok
    return result.message


def test_tampered_enclosure_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    """arith: the table's lower end of c_0.001 (log2) moved up by 1e-9."""
    def edit(cert: dict) -> None:
        cert["env"]["lo"] = str(Fraction(cert["env"]["lo"]) + Fraction(1, 10**9))
    assert "is false" in _tamper(results, tmp_path, "S4.c-eps-enclosures", edit)


def test_tampered_witness_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    """arith: Corollary 6's witness alpha moved from 1 - 1e-5 to 1 - 1e-4."""
    def edit(cert: dict) -> None:
        cert["env"]["alpha"] = "9999/10000"
    assert "is false" in _tamper(results, tmp_path, "S4.cor6-o-form", edit)


def test_tampered_enumeration_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    """forall: the geometric sum 2^{K+1} - 1 of the drift-sum line read as 2^{K+1} + 1."""
    def edit(cert: dict) -> None:
        cert["assert"][0]["rhs"] = cert["assert"][0]["rhs"].replace("- 1", "+ 1")
    assert "is false" in _tamper(results, tmp_path, "S4.drift-sum", edit)


def test_tampered_case_count_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    def edit(cert: dict) -> None:
        cert["cases"] += 1
    assert "cases enumerated" in _tamper(results, tmp_path, "S4.progress-decomposition", edit)


# ------------------------------------------------------------------------------------------
def test_checker_c_eps_brackets_the_arb_value() -> None:
    """The checker's Euler-Maclaurin bracket contains the (independent) Arb enclosure even at
    tiny N, where a wrong remainder sign would show, and is below 1e-10 wide at N = 128."""
    for eps in (Fraction(1, 1000), Fraction(1), Fraction(2)):
        for base, lnb in ((2, arith.ln(Fraction(2))), ("e", Fraction(1))):
            lo, hi = bounds.c_eps_enclosure(eps, base, 2**15)
            for n_terms in (8, 16):
                c = heavy.c_eps(eps, lnb, Fraction(n_terms))
                assert c.lo <= lo <= hi <= c.hi
                assert lo - c.lo < (c.hi - c.lo) / 10  # the lower end is the sharp one
            c = heavy.c_eps(eps, lnb, Fraction(CHECKER_TERMS))
            assert c.hi - c.lo < Fraction(1, 10**10)
            assert max(c.lo, lo) <= min(c.hi, hi)


def test_table_widths_and_values() -> None:
    for eps, base, lo, hi in C_EPS_TABLE:
        assert hi - lo <= C_EPS_MAX_WIDTH
        c_lo, c_hi = bounds.c_eps_enclosure(eps, base)
        assert lo < c_lo <= c_hi < hi


def test_checker_quantities_agree_with_the_search() -> None:
    """n = 1 exact times and P(A_ij) of the checker against the search's Arb values."""
    eps, lnb = Fraction(1), arith.ln(Fraction(2))
    n_terms = Fraction(CHECKER_TERMS)
    with ctx.workprec(bounds.ARB_PREC):
        search = _n1_times(6, Fraction(0), False, eps, False)
        for a in range(1, 7):
            mine = heavy.n1_time(Fraction(a), Fraction(0), Fraction(0), eps, lnb, n_terms)
            lo, hi = bounds.arb_bounds(search[a])
            assert max(mine.lo, lo) <= min(mine.hi, hi)
        p = _p_aij(3, 5, 1, eps, False)
        mine_p = heavy.p_aij(Fraction(3), Fraction(5), Fraction(1), eps, lnb, n_terms)
        lo, hi = bounds.arb_bounds(p)
        assert max(mine_p.lo, lo) <= min(mine_p.hi, hi)


def test_excess_is_zero_when_every_move_is_an_a_ij() -> None:
    """d = (1): the only accepted decreasing move is the step 1 towards the target."""
    v = heavy.excess((Fraction(1),), Fraction(1), Fraction(1), Fraction(32), Fraction(1))
    assert v == arith.Interval(Fraction(0), Fraction(0))


def test_cor6_thresholds_match_the_monotone_scan() -> None:
    v = check_cor6_constant(False)
    assert v.evidence_dict()["largest_failing_norm"] == {"1/1000": 14, "1/10": 15, "1": 35,
                                                         "2": 79}


def test_drift_sum_witness_in_base_e() -> None:
    v = check_drift_sum(False, base="e")
    assert v.status is Status.FAILS and v.witness_dict()["d"] == 2


@pytest.mark.slow
def test_verdicts_heavy() -> None:
    got = {c.id: c.run(True).status for c in section4.CLAIMS}
    assert got == section4.EXPECTED


def test_table_certificates_stay_in_the_report(tmp_path: Path) -> None:
    """zonemax's own table (not a verdict, and not in the checker's manifest): its certificates
    are in the JSON report, and no file of it goes into the certificate directory, which the
    checker accepts only with the manifest's files in it (a ``tables/`` left by an earlier
    version is emptied and removed); the reports list it apart from the counted claims."""
    from zonemax.proofs_check import format_json, format_text, run_claims, run_tables
    results, tables = run_claims(["S4.thm5-constant"]), run_tables()
    old = tmp_path / "tables" / "S4.c-eps-enclosures.json"
    old.parent.mkdir()
    old.write_text(json.dumps({"format": "zonemax-certificate/2"}), encoding="utf-8")
    write_certificates(results, tmp_path, ())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["S4.thm5-constant.json"]
    assert [r.claim for r in check_files(sorted(tmp_path.glob("*.json")), PAPER)] == \
        ["S4.thm5-constant"]
    text = format_text(results, (), tables=tables)
    assert "zonemax's own tables (not claims of the paper, not counted)" in text
    assert text.strip().splitlines()[-1].startswith("totals: 1 verdicts:")
    doc = json.loads(format_json(results, (), tables))
    assert doc["totals"]["verdicts"] == 1 and doc["totals"]["tables_not_counted"] == 1
    assert [t["id"] for t in doc["tables"]] == ["S4.c-eps-enclosures"]
    assert doc["tables"][0]["evidence"], "the table's certificates are in the report"
