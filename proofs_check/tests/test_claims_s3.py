"""Section 3 claims: controls flip, certificates check (and fail when altered), the repair of
Theorem 3 is checked by independent computations that agree.

Heavy run (``-m slow``), recorded on a shared 2-core box: see ``test_heavy_verdicts``.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check import pm1_cost, pm1_dp, pm1_drift, section3
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import pm1 as checker_pm1
from zonemax.proofs_check.checker import recheck_file
from zonemax.proofs_check.checker.paper import locate
from zonemax.proofs_check.core import Claim, ClaimResult, Status, TexRef
from zonemax.proofs_check.pm1 import OMEGA_PAPER, distance_vectors, pm1_expected_time, pm1_step
from zonemax.proofs_check.section3.drift import _drift_scan, check_drift_bound
from zonemax.reference.spec import AlgorithmSpec

from zonemax.exact import exact_expectation

#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()
W = OMEGA_PAPER
CONTROLS = [(c, k) for c in section3.CLAIMS for k in range(len(c.controls))]


@pytest.fixture(scope="module")
def results() -> dict[str, ClaimResult]:
    out = {}
    for c in section3.CLAIMS:
        out[c.id] = ClaimResult(c, c.run(False), 0.0)
    return out


# ------------------------------------------------------------------------------- the registry
def test_verdicts_are_pinned(results: dict[str, ClaimResult]) -> None:
    assert set(results) == set(section3.EXPECTED)
    got = {k: r.verdict.status for k, r in results.items()}
    assert got == section3.EXPECTED


@pytest.mark.parametrize(("claim", "k"), CONTROLS, ids=lambda x: x.id if isinstance(x, Claim)
                         else str(x))
def test_every_control_flips(claim: Claim, k: int) -> None:
    control = claim.controls[k]
    assert control.expect is not section3.EXPECTED[claim.id]
    assert claim.run(False, **control.params).status is control.expect, control.label


def test_claims_are_complete(results: dict[str, ClaimResult]) -> None:
    ids = {c.id for c in section3.CLAIMS}
    for c in section3.CLAIMS:
        v = results[c.id].verdict
        assert c.controls and c.tex is not None and v.scope is not None, c.id
        assert v.status is not Status.INCONCLUSIVE, c.id
        assert v.certificates, c.id
        if v.status is Status.FAILS:
            assert v.witness and c.severity is not None and c.fix, c.id
            if c.fix_claim is not None:
                assert c.fix_claim in ids and section3.EXPECTED[c.fix_claim] is Status.HOLDS
        if v.scope.coverage.name == "EXHAUSTIVE":
            assert v.reading == "holds on the checked range", c.id


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("tex", [c.tex for c in section3.CLAIMS if c.tex is not None]
                         + [e.tex for e in section3.EDITORIAL])
def test_tex_quotes_are_verbatim(tex: TexRef, paper_tex: Path) -> None:
    lines = paper_tex.read_text(encoding="utf-8").split("\n")
    assert _normalise(tex.quote) in _normalise(" ".join(lines[tex.first - 1:tex.last]))


# ------------------------------------------------------------------------------- certificates
def _write(results: dict[str, ClaimResult], directory: Path, ids: list[str] | None = None
           ) -> Path:
    chosen = [r for k, r in results.items() if ids is None or k in ids]
    write_certificates(chosen, directory)
    return directory


# (every claim's certificate file is checked on its own, in the checker's tests:
# proofs_check/tests/test_checker.py::test_each_claim_file_checks_on_its_own)


def test_control_certificates_check(tmp_path: Path) -> None:
    """A control's verdict (often the opposite status) is certified as well."""
    out = []
    for c, k in CONTROLS:
        v = c.run(False, **c.controls[k].params)
        twin = Claim(f"{c.id}~{k}", c.section, c.location, c.statement, c.check, tex=c.tex)
        out.append(ClaimResult(twin, v, 0.0))
    write_certificates(out, tmp_path)
    bad = [(r.claim, r.message) for r in (recheck_file(p, PAPER) for p in tmp_path.glob('*.json')) if not r.ok]
    assert not bad


def _tamper(results: dict[str, ClaimResult], tmp_path: Path, claim: str, kind: str,
            change: Any, var: str | None = None, contains: str = "") -> str:
    """Apply ``change`` to the first certificate of ``kind`` (whose first variable is ``var``
    and whose JSON contains ``contains``)."""
    d = _write(results, tmp_path, [claim])
    path = d / f"{claim}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    cert = next(c for c in doc["certificates"] if c["kind"] == kind
                and (var is None or c["vars"][0]["name"] == var) and contains in json.dumps(c))
    change(cert)
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = [recheck_file(p, PAPER) for p in sorted(d.glob('*.json'))]
    assert not result.ok
    return result.message


def test_tampered_arith_witness_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    # S3.total-line's witness d = (1, 0, 0); at d = (2, 0, 0) the printed line holds
    def change(cert: dict[str, Any]) -> None:
        assert cert["env"]["d"] == [1, 0, 0]
        cert["env"]["d"] = [2, 0, 0]
    assert "is false" in _tamper(results, tmp_path, "S3.total-line", "arith", change)


def test_tampered_forall_constant_fails(results: dict[str, ClaimResult], tmp_path: Path
                                        ) -> None:
    # the drift bound with c/(2 omega n) multiplied by 4 is false for some d, n <= 60
    def change(cert: dict[str, Any]) -> None:
        cert["env"]["factor"] = 4
    assert "is false" in _tamper(results, tmp_path, "S3.drift-final", "forall", change, "n")


def test_tampered_forall_case_count_fails(results: dict[str, ClaimResult], tmp_path: Path
                                          ) -> None:
    def change(cert: dict[str, Any]) -> None:
        cert["cases"] += 1
    assert "cases enumerated" in _tamper(results, tmp_path, "S3.cS-outside-O", "forall", change)


def test_tampered_exact_time_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    # E[T] of a = (1,) is 2; claim it is 1/4 of that: below Theorem 4's bound n|a|_inf = 1
    def change(cert: dict[str, Any]) -> None:
        row = next(r for r in cert["vars"][0]["domain"]["values"] if r[0] == [1])
        row[1] = {"lo": "1/2", "hi": "1/2"}
    assert "is false" in _tamper(results, tmp_path, "S3.thm4-explicit", "forall", change)


def test_tampered_identity_fails(results: dict[str, ClaimResult], tmp_path: Path) -> None:
    def change(cert: dict[str, Any]) -> None:
        cert["rhs"] = cert["rhs"].replace("/omega", "")
    assert "lhs != rhs" in _tamper(results, tmp_path, "S3.pair-identity", "identity", change)


def test_smt_lemmas_are_decided_by_both_solvers_and_a_dropped_hypothesis_is_not() -> None:
    """S3.cS-outside-O's polynomial lemmas (the manifest's SMT formulas): z3 and cvc5 both
    refute their negations; without the hypothesis a <= m both find a counterexample."""
    pytest.importorskip("cvc5")
    from zonemax.proofs_check.checker.formula import Formula, smt_script
    from zonemax.proofs_check.checker.manifest import SMT_EXTRA
    from zonemax.proofs_check.checker.solvers import both_unsat, cvc5_answer, z3_answer

    lemmas = SMT_EXTRA["S3.cS-outside-O"]
    assert all(both_unsat(smt_script(f))[0] for f in lemmas)
    f = lemmas[1]
    loose = Formula(f.vars, tuple(h for h in f.hyps if h != ("a", "<=", "m")), f.goals)
    assert len(loose.hyps) == len(f.hyps) - 1
    script = smt_script(loose)
    assert z3_answer(script).answer == "sat" and cvc5_answer(script).answer == "sat"


# ------------------------------------------------------------ the repair, checked three ways
def test_total_line_witness() -> None:
    d = (1, 0, 0)
    drift = pm1_step(d).drift
    assert drift == Fraction(2, 135) == pm1_drift.drift(d, W)
    v = check_drift_bound(False, target="all")
    assert v.status is Status.FAILS and dict(v.witness)["exact_drift"] == Fraction(2, 135)


def test_reduction_matches_brute_force() -> None:
    for n in range(1, 6):
        for d in distance_vectors(n, 4):
            s = pm1_step(d)
            assert pm1_drift.drift(d, W) == s.drift, d
            assert pm1_drift.e1_gain(d, W) == s.e1_gain, d


@pytest.mark.parametrize("classes", [((1, 30),), ((4, 3), (0, 27)), ((3, 5), (1, 5), (0, 5)),
                                     ((1, 1), (0, 199))])
def test_multiplicity_dp_matches_reduction(classes: tuple[tuple[int, int], ...]) -> None:
    assert pm1_dp.class_drift(classes, W) == pm1_drift.drift(pm1_dp.as_vector(classes), W)


def test_multiplicity_dp_matches_brute_force() -> None:
    for n in range(1, 5):
        for d in distance_vectors(n, 3):
            classes = tuple(sorted(Counter(d).items()))
            assert pm1_dp.class_drift(classes, W) == pm1_step(d).drift, d


def test_checker_quantities_are_independent_and_agree() -> None:
    for n in range(1, 5):
        for d in distance_vectors(n, 4):
            fd = tuple(Fraction(x) for x in d)
            s = pm1_step(d)
            assert checker_pm1.pm1_drift(W, fd) == s.drift
            assert checker_pm1.pm1_e1(W, fd) == s.e1_gain
    for n in range(1, 31):
        for m in range(1, n + 1):
            assert checker_pm1.pm1_affine(W, Fraction(n), Fraction(m)) == \
                pm1_drift.coefficients(n, m, W)
    for ds in itertools.product(range(4), repeat=4):
        c_true, _, accepted = pm1_cost.cost_patterns(ds, W)
        fds = tuple(Fraction(x) for x in ds)
        assert checker_pm1.pm1_cost(W, fds) == c_true
        assert checker_pm1.pm1_accepted(fds) == accepted


def test_cost_decomposition_and_counting_lemma() -> None:
    for s in range(1, 8):
        for ds in itertools.combinations_with_replacement(range(4, -1, -1), s):
            a = sum(1 for x in ds if x == 0)
            af = pm1_cost.cost_affine(a, s - a, W)
            v = sum((W ** (x - 1) for x in ds if x), Fraction(0))
            assert af.alpha * v + af.beta == pm1_cost.cost_patterns(ds, W)[0], ds
    for m in range(0, 150):
        for a in range(0, m + 1):
            lhs, rhs = pm1_cost.counting_lemma(a, m)
            assert lhs <= rhs, (a, m)


def test_equal_distances_increase_the_potential_set_by_set() -> None:
    """c(S) > 0 for |S| = 64 positions at one distance (none at 0), < 0 for every |S| < 64."""
    signs = [pm1_cost.cost_affine(0, m, W).alpha > 0 for m in range(1, 65)]
    assert signs[-1] and not any(signs[:-1])
    assert checker_pm1.pm1_cost_class(W, Fraction(0), Fraction(64), Fraction(7)) > 0


def test_repair_ratios() -> None:
    assert check_drift_bound(False, target="outside_O").status is Status.HOLDS
    r_rep = _drift_scan(60, W, "outside_O", Fraction(1))["worst"].ratio
    r_fin = _drift_scan(60, W, "g", Fraction(1))["worst"].ratio
    # the repaired line's infimum is at d = (1, 0, ..., 0) and tends to (omega-1)/(e c) ~ 2.191
    assert Fraction(2191, 1000) < r_rep < Fraction(221, 100)
    assert Fraction(37, 10) < r_fin < Fraction(372, 100)


def test_expected_times_agree_with_the_exact_package() -> None:
    for a in [(5,), (3, 1), (2, 2), (4, 0), (1, 1, 1), (2, 1, 0), (1, 1, 1, 1), (1, 0, 0, 0, 0)]:
        assert pm1_expected_time(a) == exact_expectation(AlgorithmSpec("ea-pm1", a)).expectation


# ----------------------------------------------------------------------------- bad input
def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="target"):
        check_drift_bound(False, target="everything")
    with pytest.raises(ValueError, match="omega"):
        check_drift_bound(False, omega=Fraction(3, 2))
    with pytest.raises(ValueError, match="m <= n"):
        pm1_drift.coefficients(3, 4, W)
    with pytest.raises(ValueError, match="classes"):
        pm1_dp.class_drift(((1, 0),), W)
    with pytest.raises(ValueError, match="a \\+ m"):
        pm1_cost.cost_affine(0, 0, W)


# ----------------------------------------------------------------------------- heavy
@pytest.mark.slow
def test_heavy_verdicts(tmp_path: Path) -> None:
    """Heavy run: every d for n <= 200, brute force n <= 6 / d_i <= 6, DP states up to n = 200,
    |S| <= 120, 325 exact expected times; certificates re-checked."""
    out = [ClaimResult(c, c.run(True), 0.0) for c in section3.CLAIMS]
    assert {r.claim.id: r.verdict.status for r in out} == section3.EXPECTED
    write_certificates(out, tmp_path)
    assert all(r.ok for r in (recheck_file(p, PAPER) for p in tmp_path.glob('*.json')))
