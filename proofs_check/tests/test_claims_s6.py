"""Section 6 claims: controls flip, certificates (incl. the ``data`` kind) check and fail when
one number is changed, and the two exact rank-sum implementations agree."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from zonemax.proofs_check import section6
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import data, recheck_file
from zonemax.proofs_check.checker.expr import evaluate
from zonemax.proofs_check.checker.paper import locate
from zonemax.proofs_check.core import Claim, ClaimResult, Status
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams, drift
from zonemax.proofs_check.section6.hypotheses import drift_expr
from zonemax.proofs_check.section6.reproduction import _REPO, RUNS_CSV, _exact_mann_whitney, _holm
from zonemax.proofs_check.section6.search_space import _exit_heavy, _exit_pm1, _exit_rls

#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()
CONTROLS = [(c, k) for c in section6.CLAIMS for k in range(len(c.controls))]
HAVE_DATA = (_REPO / RUNS_CSV).is_file()


@pytest.fixture(scope="module")
def results() -> dict[str, ClaimResult]:
    return {c.id: ClaimResult(c, c.run(False), 0.0) for c in section6.CLAIMS}


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
def test_verdicts_match_the_pins(results: dict[str, ClaimResult]) -> None:
    assert {k: r.verdict.status for k, r in results.items()} == section6.EXPECTED


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
@pytest.mark.parametrize(("claim", "k"), CONTROLS, ids=[f"{c.id}-{k}" for c, k in CONTROLS])
def test_control_flips_and_is_certified(claim: Claim, k: int, tmp_path: Path) -> None:
    control = claim.controls[k]
    verdict = claim.run(False, **control.params)
    assert verdict.status is control.expect
    assert verdict.status is not section6.EXPECTED[claim.id]
    write_certificates([ClaimResult(claim, verdict, 0.0)], tmp_path)
    assert all(r.ok for r in (recheck_file(p, PAPER) for p in tmp_path.glob('*.json')))


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
def test_every_verdict_is_scoped_and_certified(results: dict[str, ClaimResult]) -> None:
    for r in results.values():
        v, c = r.verdict, r.claim
        assert v.scope is not None and c.controls and c.tex is not None, c.id
        assert c.reproduction, c.id
        assert any(cert.kind != "text" for cert in v.certificates), c.id
        if v.status is not Status.HOLDS:
            assert c.severity is not None and c.fix, c.id
        if v.status is Status.FAILS:
            assert v.witness, c.id
        if c.fix_claim is not None:
            assert section6.EXPECTED[c.fix_claim] is Status.HOLDS


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
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


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
@pytest.mark.parametrize(("field", "expect"), [("u2", "2U"), ("p", "p"), ("p_holm", "Holm p"),
                                               ("medians", "medians")])
def test_tampered_data_cell_fails(results: dict[str, ClaimResult], tmp_path: Path, field: str,
                                  expect: str) -> None:
    def edit(cert: dict) -> None:
        cell = cert["cells"][5]
        if field == "medians":
            cell["medians"][0] = str(Fraction(cell["medians"][0]) + 1)
        elif field == "u2":
            cell["u2"] += 1
        else:
            cell[field] = str(Fraction(cell[field]) * Fraction(101, 100))
    assert expect in _tamper(results, tmp_path, "S6.jumps-pay-off", edit)


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
def test_tampered_data_verdict_and_hash_fail(results: dict[str, ClaimResult],
                                             tmp_path: Path) -> None:
    def verdict(cert: dict) -> None:
        cert["verdict"] = "holds"
    assert "the data give fails" in _tamper(results, tmp_path, "S6.jumps-pay-off", verdict)

    def middle(cert: dict) -> None:  # "middle-ranged" down to r = 10: still all slower
        cert["middle"] = [10, 10]
        cert["verdict"] = "holds"
    assert "the data give fails" in _tamper(results, tmp_path, "S6.jumps-pay-off", middle)

    def digest(cert: dict) -> None:
        cert["sha256"] = "0" * 64
    assert "SHA-256" in _tamper(results, tmp_path, "S6.jumps-pay-off-conditioned", digest)

    def boxes(cert: dict) -> None:
        cert["cells"][0]["differs"] = not cert["cells"][0]["differs"]
    assert "differs" in _tamper(results, tmp_path, "S6.appendix-n20-similar", boxes)


@pytest.mark.skipif(not HAVE_DATA, reason="the committed reproduction data are not present")
def test_tampered_witness_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    """arith: the negative-drift witness moved to d = 128 (D = 1 - c 126^2/16 > 0 there)."""
    def edit(cert: dict) -> None:
        cert["env"]["d"] = 128
    assert "is false" in _tamper(results, tmp_path, "S6.rls-drift", edit)


# ------------------------------------------------------------------------------------------
def test_exact_rank_sum_implementations_agree() -> None:
    """The search's bit-packed rank-sum law and the checker's tie-group programme, on random
    samples with many ties, and one textbook value: complete separation of 3 vs 3."""
    rng = random.Random(11)
    for _ in range(40):
        m, k = rng.randint(1, 7), rng.randint(1, 7)
        xs = [Fraction(rng.randint(0, 5)) for _ in range(m)]
        ys = [Fraction(rng.randint(0, 5)) for _ in range(k)]
        assert _exact_mann_whitney(xs, ys) == data._rank_sum(tuple(xs), tuple(ys))
    u2, p = _exact_mann_whitney([Fraction(v) for v in (1, 2, 3)],
                                          [Fraction(v) for v in (4, 5, 6)])
    assert (u2, p) == (18, Fraction(2, 20))  # 2 of the C(6,3) = 20 splits are as extreme
    ps = [Fraction(1, 100), Fraction(4, 100), Fraction(3, 100)]
    assert _holm(ps) == data._holm(ps) == [Fraction(3, 100), Fraction(6, 100),
                                                     Fraction(6, 100)]


def test_drift_expression_is_lemma8() -> None:
    """The certificates' drift expression equals zonemax.proofs_check.rls_drift.drift."""
    section6 = RlsParams(Fraction(2), Fraction(1, 2), Fraction(1, 1000), Fraction(1, 100))
    expr = drift_expr()
    for prm in (PAPER_EXAMPLE, section6):
        env = {"alpha": prm.alpha, "beta": prm.beta, "c": prm.c, "p": prm.p}
        for d in (1, 2, 3, 7, 20):
            for v in (Fraction(1), Fraction(3, 2), Fraction(2), Fraction(7, 2), Fraction(2 * d),
                      Fraction(2 * d + 1), Fraction(4 * d)):
                got = evaluate(expr, {**env, "d": Fraction(d), "v": v})
                assert got == drift(d, v, prm), (prm, d, v)


def test_exits_of_the_analysed_processes() -> None:
    assert _exit_pm1(1, 5) is None  # n = 1: never leaves [0, r]
    assert _exit_pm1(2, 1) == [(0, 0), (-1, 1)]
    assert _exit_heavy(10) == [(0,), (16,)]
    path = _exit_rls(6)
    assert path is not None and path[-1][0] > 6


@pytest.mark.slow
def test_verdicts_heavy() -> None:
    got = {c.id: c.run(True).status for c in section6.CLAIMS}
    assert got == section6.EXPECTED
