"""The certificate checker: independent of the search, exact, and able to say no."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from zonemax.proofs_check import run_claims
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import arith, check_directory
from zonemax.proofs_check.checker.expr import evaluate

CHECKER = Path(__file__).resolve().parents[1] / "checker"
TEX = Path(__file__).resolve().parents[3] / "shared" / "paper" / \
    "integer-onemax-run-time-bounds.tex"


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
    assert all(r.ok for r in check_directory(d, TEX))
    path = d / "S3.omega-margin.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["certificates"][0]["env"]["omega"] = "137/100"  # past the root 1 + 1/e
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_directory(d, TEX)
    assert not result.ok and "is false" in result.message


def test_text_certificates_are_checked_against_the_tex(tmp_path: Path) -> None:
    d = _certified(tmp_path, ["S3.omega-margin"])
    path = d / "S3.omega-margin.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["certificates"][-1]["first"] = doc["certificates"][-1]["last"] = 413
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_directory(d, TEX)
    assert not result.ok and "quote not found" in result.message


def test_checker_runs_outside_zonemax(tmp_path: Path) -> None:
    """Copied out of the package, the checker still runs: it needs nothing of zonemax."""
    d = _certified(tmp_path / "certs", ["S3.omega-margin"])
    shutil.copytree(CHECKER, tmp_path / "lib" / "zmcheck",
                    ignore=shutil.ignore_patterns("__pycache__"))
    proc = subprocess.run([sys.executable, "-E", "-s", "-m", "zmcheck", str(d), "--tex", str(TEX)],
                          cwd=tmp_path / "lib", capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ok   S3.omega-margin" in proc.stdout
