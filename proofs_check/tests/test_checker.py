"""The certificate checker: independent of the search, exact, and able to say no.

Two layers are tested here: the exact recomputation of one certificate as it stands
(:func:`~zonemax.proofs_check.checker.recheck`: a changed number makes it false), and the
comparison with the manifest (:func:`~zonemax.proofs_check.checker.check_file`: a file that
differs from the manifest is rejected before anything is recomputed).  The forgeries of a
sceptical referee are in test_forgery.py, the Coq side in test_coq.py.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check import EDITORIAL, run_claims
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import arith, check_files, recheck
from zonemax.proofs_check.checker.expr import evaluate
from zonemax.proofs_check.checker.kinds import CertificateError
from zonemax.proofs_check.checker.manifest import MANIFEST
from zonemax.proofs_check.checker.paper import locate

CHECKER = Path(__file__).resolve().parents[1] / "checker"
#: The two SMT solvers, the checker's only imports outside the standard library.
SOLVERS = ("z3", "cvc5")
#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()


def test_checker_imports_only_the_standard_library() -> None:
    for path in CHECKER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                top = (node.module or "").split(".")[0]
                assert node.level > 0 or top in sys.stdlib_module_names or top in SOLVERS, \
                    f"{path.name} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top in sys.stdlib_module_names or top in SOLVERS, \
                        f"{path.name} imports {alias.name}"


@pytest.mark.parametrize(("expr", "low", "high"), [
    ("e", "2.718281828459045235360287", "2.718281828459045235360288"),
    ("ln(2)", "0.693147180559945309417232", "0.693147180559945309417233"),
    ("log2(10**12)", "39.863137138648348174443833", "39.863137138648348174443834"),
    ("exp(-50)", "1.9287498479639177830173428e-22", "1.9287498479639177830173429e-22"),
    ("sqrt(2)", "1.414213562373095048801688", "1.414213562373095048801689"),
    ("3 ** (1001/1000)", "3.0032976479526121", "3.0032976479526123"),
])
def test_enclosures_are_tight_and_correct(expr: str, low: str, high: str) -> None:
    value = arith.iv(evaluate(expr, {}))
    assert Fraction(low) <= value.lo <= value.hi <= Fraction(high)


#: Points where every transcendental of the checker's arithmetic is enclosed, and the true
#: value as an mpmath interval at 600 bits (outward rounded: a rigorous enclosure itself).
_POINTS = [
    ("e", lambda iv, q: iv.e),
    *[(f"exp({x})", lambda iv, q, x=x: iv.exp(q(x))) for x in
      ("-50", "-1", "-1/3", "1/7", "1/2", "3", "40", "0")],
    *[(f"ln({x})", lambda iv, q, x=x: iv.log(q(x))) for x in
      ("2", "3", "1/3", "7/5", "10**12", "1")],
    ("log2(10**12)", lambda iv, q: iv.log(q("10**12")) / iv.log(q("2"))),
    *[(f"sqrt({x})", lambda iv, q, x=x: iv.sqrt(q(x))) for x in ("2", "10**12 + 1", "1/3")],
    ("3 ** (1001/1000)", lambda iv, q: iv.exp(q("1001/1000") * iv.log(q("3")))),
    ("(1/2) ** (1/3)", lambda iv, q: iv.exp(q("1/3") * iv.log(q("1/2")))),
]


@pytest.mark.parametrize(("expr", "true"), _POINTS, ids=[p[0] for p in _POINTS])
def test_enclosures_contain_the_true_value_and_are_tight(expr: str, true: Any) -> None:
    """Soundness at the last bit, not only at 24 digits: the checker's enclosure contains an
    independent 600-bit interval enclosure of the value (mpmath.iv, outward rounded), and it is
    no wider than 2^-100 relative (PREC = 128 bits, rounded outward)."""
    import mpmath

    ctx = mpmath.iv

    def q(text: str) -> Any:
        f = Fraction(evaluate(text, {}))
        return ctx.mpf(f.numerator) / ctx.mpf(f.denominator)

    def exact(raw: Any) -> Fraction:  # an end point of mpmath's interval, exactly
        num, den = mpmath.libmp.to_rational(raw)
        return Fraction(num, den)

    value = arith.iv(evaluate(expr, {}))
    prec = ctx.prec
    ctx.prec = 600
    try:
        t = true(ctx, q)
        lo, hi = (exact(end) for end in t._mpi_)
    finally:
        ctx.prec = prec
    assert value.lo <= lo and hi <= value.hi, (expr, value, t)
    assert value.hi - value.lo <= Fraction(1, 2**100) * max(Fraction(1), abs(hi)), expr


def test_undecidable_comparisons_are_refused() -> None:
    with pytest.raises(arith.Undecided):
        arith.compare(evaluate("e", {}), "<", evaluate("exp(1)", {}))
    assert arith.compare(Fraction(1, 3), "<", Fraction(1, 2))


def _certified(tmp_path: Path, ids: list[str]) -> Path:
    write_certificates(run_claims(ids), tmp_path)
    return tmp_path


def test_certificates_check_and_a_changed_number_fails(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S3.omega-margin"])
    path = d / "S3.omega-margin.json"
    (ok,) = check_files([path], PAPER)
    assert ok.ok, ok.message
    doc = _doc(path)
    doc["certificates"][0]["env"]["omega"] = "137/100"  # past the root 1 + 1/e
    with pytest.raises(CertificateError, match="is false"):
        recheck(doc["certificates"][0])
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_files([path], PAPER)
    assert not result.ok and "is not the manifest's arith check (differs in: env)" in result.message


def test_text_certificates_are_checked_against_the_tex(tmp_path: Path, paper_tex: Path) -> None:
    d = _certified(tmp_path, ["S3.omega-margin"])
    path = d / "S3.omega-margin.json"
    doc = _doc(path)
    text = doc["certificates"][-1]
    text["first"] = text["last"] = 413
    with pytest.raises(CertificateError, match="quote not found"):
        recheck(text, paper_tex)
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_files([path], paper_tex)
    assert not result.ok and "not the manifest's TeX reference" in result.message


def test_checker_runs_outside_zonemax(tmp_path: Path, full_certificates: Path) -> None:
    """Copied out of the package, the checker still runs: it needs nothing of zonemax."""
    shutil.copytree(CHECKER, tmp_path / "lib" / "zmcheck",
                    ignore=shutil.ignore_patterns("__pycache__"))
    tex = ["--tex", str(PAPER.path)] if PAPER.path is not None else []
    proc = subprocess.run([sys.executable, "-E", "-s", "-m", "zmcheck", str(full_certificates),
                           *tex, "--no-coq"], cwd=tmp_path / "lib", capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert "ok   S3.omega-margin: holds, proved for the whole domain; trusted" in proc.stdout
    assert "every certificate checks" in proc.stdout


@pytest.mark.parametrize("claim", sorted(MANIFEST))
def test_each_claim_file_checks_on_its_own(full_certificates: Path, claim: str) -> None:
    """Every file of the manifest's claims, checked alone in process (the directory-wide checks
    run in a subprocess above and, with forged files, in test_forgery.py).  One test per claim
    names the claim that stops checking, and lets mutation testing judge a mutant of the
    checker's arithmetic by the few claims that use it instead of the whole directory
    (benchmarks/mutation/RECORD-checker.md)."""
    (result,) = check_files([full_certificates / f"{claim}.json"], PAPER)
    assert result.ok, result.message
    assert result.claim == claim


# ------------------------------------------------------------------ Sections 1-2's certificates
def _doc(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _tampered(tmp_path: Path, claim: str, change: Any) -> str:
    """Write ``claim``'s certificates, check them (ok), apply ``change`` to the JSON document;
    the file is then not the manifest's (rejected), and recomputing the changed certificate as
    it stands fails: return that message."""
    d = _certified(tmp_path, [claim])
    path = d / f"{claim}.json"
    (before,) = check_files([path], PAPER)
    assert before.ok, before.message
    doc = _doc(path)
    old = json.dumps(doc["certificates"], sort_keys=True)
    change(doc)
    changed = [c for c, o in zip(doc["certificates"], json.loads(old), strict=True)
               if json.dumps(c, sort_keys=True) != json.dumps(o, sort_keys=True)]
    path.write_text(json.dumps(doc), encoding="utf-8")
    (after,) = check_files([path], PAPER)
    assert not after.ok and "not the manifest's" in after.message, after.message
    (cert,) = changed
    with pytest.raises((CertificateError, ArithmeticError, ValueError)) as info:
        recheck(cert)
    return str(info.value)


def _cert(doc: dict[str, Any], kind: str) -> dict[str, Any]:
    cert: dict[str, Any] = next(c for c in doc["certificates"] if c["kind"] == kind)
    return cert


def test_arith_witness_with_a_changed_number_fails(tmp_path: Path) -> None:
    # S2.thm1-lemma7: |a|_inf = 3 overshoots at T = 1; |a|_inf = 4 (a power of two) does not.
    msg = _tampered(tmp_path, "S2.thm1-lemma7",
                    lambda doc: _cert(doc, "arith")["env"].update(a=4))
    assert "is false" in msg


def test_forall_with_a_changed_case_count_fails(tmp_path: Path) -> None:
    msg = _tampered(tmp_path, "S2.thm1-thm4",
                    lambda doc: _cert(doc, "forall").update(cases=_cert(doc, "forall")["cases"] + 1))
    assert "cases enumerated" in msg


def test_forall_with_a_widened_domain_fails(tmp_path: Path) -> None:
    # S1.target-count-bound: (2m+1)^n >= (k m)^n; with k = 3 it fails at m = 2, n = 1.
    msg = _tampered(tmp_path, "S1.target-count-bound",
                    lambda doc: next(c for c in doc["certificates"]
                                     if c["kind"] == "forall")["env"].update(k=3))
    assert "is false at n=1, m=2" in msg


def test_forall_over_algorithm_2_fails_without_the_reset(tmp_path: Path) -> None:
    def drop_reset(doc: dict[str, Any]) -> None:
        cert = doc["certificates"][-2]  # n = 3
        cert["assert"][0]["lhs"] = cert["assert"][0]["lhs"].replace(", 1)", ", 0)")
    assert "is false" in _tampered(tmp_path, "S2.alg2-loop", drop_reset)


def test_identity_with_a_changed_coefficient_fails(tmp_path: Path) -> None:
    msg = _tampered(tmp_path, "S2.law-base-free",
                    lambda doc: _cert(doc, "identity").update(rhs="lj/li + 1/1000"))
    assert "lhs != rhs" in msg


def test_smt_scripts_are_not_certificates(tmp_path: Path) -> None:
    """The checker decides its own formulas: a file that carries an SMT script is rejected."""
    d = _certified(tmp_path, ["S2.alg2-velocity-pseudocode"])
    path = d / "S2.alg2-velocity-pseudocode.json"
    doc = _doc(path)
    assert not any(c["kind"] == "smt" for c in doc["certificates"])
    doc["certificates"].insert(0, {"kind": "smt", "smtlib": "(assert false)", "expect": "unsat"})
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_files([path], PAPER)
    assert not result.ok and "unknown kind 'smt'" in result.message


def test_vectors_compare_entry_by_entry() -> None:
    env = {"x": (Fraction(1), Fraction(2))}
    assert arith.compare(evaluate("x", env), "==", evaluate("(1, 2)", {}))
    assert arith.compare(evaluate("x", env), "!=", evaluate("(1, 3)", {}))
    with pytest.raises(ValueError, match="vectors"):
        arith.compare(evaluate("x", env), "<", evaluate("(1, 3)", {}))


def test_algorithm_2_quantity_reads_the_pseudocode() -> None:
    x, v = "(0, 0)", "(1, 5/2)"
    # two passes, positions 0 then 1, both '+': with the reset only the last pass survives
    assert evaluate(f"alg2_offspring({x}, {v}, (0, 1), (1, 1), 1)", {}) == (0, 2, 1)
    assert evaluate(f"alg2_offspring({x}, {v}, (0, 1), (1, 1), 0)", {}) == (1, 2, 1)
    assert evaluate(f"alg2_offspring({x}, {v}, (1,), (0,), 1)", {}) == (0, -2, 1)


def test_without_the_tex_text_certificates_are_reported_not_checked(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S2.alg2-loop"])
    (result,) = check_files([d / "S2.alg2-loop.json"], None)
    assert result.ok and result.unchecked == (
        "text (not checked: no TeX was given to the checker)",)
    assert "text" not in result.details


def test_editorial_files_are_checked_against_the_tex(tmp_path: Path, paper_tex: Path) -> None:
    from zonemax.proofs_check.checker import check_editorial

    write_certificates((), tmp_path, EDITORIAL)
    paths = sorted((tmp_path / "editorial").glob("*.json"))
    results = [check_editorial(p, paper_tex) for p in paths]
    assert len(results) == len(EDITORIAL) and all(r.ok and r.status == "editorial"
                                                  for r in results)
    path = tmp_path / "editorial" / f"{EDITORIAL[0].id}.json"
    doc = _doc(path)
    doc["certificates"][0]["quote"] = doc["certificates"][0]["quote"].replace("i+", "1+")
    with pytest.raises(CertificateError, match="quote not found"):
        recheck(doc["certificates"][0], paper_tex)
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "not the manifest's TeX reference" in check_editorial(path, paper_tex).message


def test_a_verdict_needs_its_exact_checks(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S2.alg2-loop"])
    path = d / "S2.alg2-loop.json"
    doc = _doc(path)
    doc["certificates"] = [c for c in doc["certificates"] if c["kind"] == "text"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_files([path], PAPER)
    assert "0 exact checks, the manifest has 3 for S2.alg2-loop" in result.message


def test_rewriting_replaces_only_certificate_files(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "S9.stale.json").write_text(json.dumps({"format": "zonemax-certificate/1"}),
                                            encoding="utf-8")
    write_certificates(run_claims(["S2.alg2-loop"]), tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["S2.alg2-loop.json",
                                                              "notes.json"]
