"""The certificate checker: independent of the search, exact, and able to say no."""

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
from zonemax.proofs_check.checker import arith, check_directory, check_file
from zonemax.proofs_check.checker.expr import evaluate
from zonemax.proofs_check.checker.paper import locate

CHECKER = Path(__file__).resolve().parents[1] / "checker"
#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()


def test_checker_imports_only_the_standard_library() -> None:
    for path in CHECKER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                top = (node.module or "").split(".")[0]
                assert node.level > 0 or top in sys.stdlib_module_names or top == "z3", \
                    f"{path.name} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top in sys.stdlib_module_names or top == "z3", \
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


def test_undecidable_comparisons_are_refused() -> None:
    with pytest.raises(arith.Undecided):
        arith.compare(evaluate("e", {}), "<", evaluate("exp(1)", {}))
    assert arith.compare(Fraction(1, 3), "<", Fraction(1, 2))


def _certified(tmp_path: Path, ids: list[str]) -> Path:
    write_certificates(run_claims(ids), tmp_path)
    return tmp_path


def test_certificates_check_and_a_changed_number_fails(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S3.omega-margin"])
    assert all(r.ok for r in check_directory(d, PAPER))
    path = d / "S3.omega-margin.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["certificates"][0]["env"]["omega"] = "137/100"  # past the root 1 + 1/e
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_directory(d, PAPER)
    assert not result.ok and "is false" in result.message


def test_text_certificates_are_checked_against_the_tex(tmp_path: Path, paper_tex: Path) -> None:
    d = _certified(tmp_path, ["S3.omega-margin"])
    path = d / "S3.omega-margin.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["certificates"][-1]["first"] = doc["certificates"][-1]["last"] = 413
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_directory(d, paper_tex)
    assert not result.ok and "quote not found" in result.message


def test_checker_runs_outside_zonemax(tmp_path: Path) -> None:
    """Copied out of the package, the checker still runs: it needs nothing of zonemax."""
    d = _certified(tmp_path / "certs", ["S3.omega-margin"])
    shutil.copytree(CHECKER, tmp_path / "lib" / "zmcheck",
                    ignore=shutil.ignore_patterns("__pycache__"))
    tex = ["--tex", str(PAPER.path)] if PAPER.path is not None else []
    proc = subprocess.run([sys.executable, "-E", "-s", "-m", "zmcheck", str(d), *tex],
                          cwd=tmp_path / "lib", capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok   S3.omega-margin" in proc.stdout


# ------------------------------------------------------------------ Sections 1-2's certificates
def _doc(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def _tampered(tmp_path: Path, claim: str, change: Any) -> str:
    """Write ``claim``'s certificates, check them (ok), apply ``change`` to the JSON document,
    check again and return the checker's message (which must be a failure)."""
    d = _certified(tmp_path, [claim])
    path = d / f"{claim}.json"
    assert check_file(path, PAPER).ok
    doc = _doc(path)
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = check_file(path, PAPER)
    assert not result.ok
    return result.message


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


def test_smt_with_a_changed_bound_fails(tmp_path: Path) -> None:
    # beta < 1 becomes beta <= 2: then max{1, beta v} can still not drop below 1, but
    # alpha > 1 becomes alpha > 1/2 and alpha v < 1 is possible: z3 answers sat.
    def loosen(doc: dict[str, Any]) -> None:
        cert = _cert(doc, "smt")
        cert["smtlib"] = cert["smtlib"].replace("(> alpha 1.0)", "(> alpha 0.5)")
    assert "z3 answers sat" in _tampered(tmp_path, "S2.alg2-velocity-pseudocode", loosen)


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
    (result,) = check_directory(d, None)
    assert result.ok and result.unchecked == (
        "text (not checked: no TeX was given to the checker)",)
    assert not any(k.startswith("text") for k in result.rechecked)


def test_editorial_files_are_checked_against_the_tex(tmp_path: Path, paper_tex: Path) -> None:
    write_certificates((), tmp_path, EDITORIAL)
    results = check_directory(tmp_path, paper_tex)
    assert len(results) == len(EDITORIAL) and all(r.ok and r.status == "editorial"
                                                  for r in results)
    path = tmp_path / "editorial" / f"{EDITORIAL[0].id}.json"
    doc = _doc(path)
    doc["certificates"][0]["quote"] = doc["certificates"][0]["quote"].replace("i+", "1+")
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert not check_file(path, paper_tex).ok


def test_a_verdict_needs_more_than_its_text(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S2.alg2-loop"])
    path = d / "S2.alg2-loop.json"
    doc = _doc(path)
    doc["certificates"] = [c for c in doc["certificates"] if c["kind"] == "text"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "no certificate besides text" in check_file(path, PAPER).message


def test_rewriting_replaces_only_certificate_files(tmp_path: Path) -> None:
    (tmp_path / "notes.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "S9.stale.json").write_text(json.dumps({"format": "zonemax-certificate/1"}),
                                            encoding="utf-8")
    write_certificates(run_claims(["S2.alg2-loop"]), tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["S2.alg2-loop.json",
                                                              "notes.json"]
