"""Every refusal of the certificate checker, from both sides (issue 25, item 2).

For each way a certificate can be refused there is a pair: a certificate that must be refused and
a minimally different one that must pass, in both directions of every comparison (more and fewer
cases, a bound just inside and just outside, intervals that touch, an equality off by one in
either direction).  A checker that compared with ``<`` where it must compare with ``!=``, or
rounded an enclosure the wrong way, fails one side of a pair.  The recomputation is called
directly (:func:`~zonemax.proofs_check.checker.recheck`); the comparison with the manifest
(:func:`~zonemax.proofs_check.checker.check_file`) has its own pairs at the end.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check.checker import arith, check_files, recheck
from zonemax.proofs_check.checker.kinds import CertificateError

Cert = dict[str, Any]


def _refused(cert: Cert, words: str, tex: Path | None = None) -> None:
    with pytest.raises((CertificateError, ArithmeticError, ValueError, KeyError, TypeError),
                       match=words):
        recheck(cert, tex)


def _arith(lhs: str, op: str, rhs: str, **env: Any) -> Cert:
    return {"kind": "arith", "env": env, "assert": [{"lhs": lhs, "op": op, "rhs": rhs}]}


# --------------------------------------------------------------------------- comparisons
@pytest.mark.parametrize(("lhs", "op", "rhs", "holds"), [
    ("1/3", "<", "1/3", False), ("1/3", "<", "1/3 + 1/10**30", True),
    ("1/3", "<=", "1/3", True), ("1/3", "<=", "1/3 - 1/10**30", False),
    ("1/3", ">", "1/3", False), ("1/3 + 1/10**30", ">", "1/3", True),
    ("1/3", ">=", "1/3", True), ("1/3 - 1/10**30", ">=", "1/3", False),
    ("1/3", "==", "1/3", True), ("1/3", "==", "1/3 + 1/10**30", False),
    ("1/3", "!=", "1/3", False), ("1/3", "!=", "1/3 - 1/10**30", True),
])
def test_exact_comparisons_both_sides(lhs: str, op: str, rhs: str, holds: bool) -> None:
    cert = _arith(lhs, op, rhs)
    if holds:
        assert recheck(cert) == ""
    else:
        _refused(cert, "is false")


def test_enclosures_decide_only_when_disjoint() -> None:
    # e lies in (2.718281828459045235360287, ...288): a rational just above the enclosure is
    # decided, one inside the enclosure is not (Undecided, never a guess)
    assert recheck(_arith("e", "<", "2718281828459045235360288/10**24")) == ""
    _refused(_arith("e", ">", "2718281828459045235360288/10**24"), "is false")
    assert recheck(_arith("e", ">", "2718281828459045235360287/10**24")) == ""
    _refused(_arith("e", "<", "2718281828459045235360287/10**24"), "is false")
    _refused(_arith("e", "<", "exp(1)"), "cannot decide")
    _refused(_arith("e", "==", "exp(1)"), "cannot decide")


def test_touching_intervals_are_undecided_for_strict_and_decided_for_disjoint() -> None:
    a, b = arith.Interval(Fraction(0), Fraction(1)), arith.Interval(Fraction(1), Fraction(2))
    with pytest.raises(arith.Undecided):
        arith.compare(a, "<", b)
    assert arith.compare(a, "<=", b)
    assert not arith.compare(arith.Interval(Fraction(2), Fraction(3)), "<=", a)
    assert arith.compare(a, "<", arith.Interval(Fraction(3, 2), Fraction(2)))
    assert arith.compare(a, "!=", arith.Interval(Fraction(3, 2), Fraction(2)))
    with pytest.raises(arith.Undecided):
        arith.compare(a, "!=", b)


# ----------------------------------------------------------------------------------- env
def test_env_reserved_names_and_shape() -> None:
    _refused(_arith("x", ">", "0", x=1, e=3), "env rebinds reserved names: e")
    _refused(_arith("x", ">", "0", x=1, ln="2"), "env rebinds reserved names: ln")
    _refused(_arith("x", ">", "0", x=1, pm1_drift="2"), "env rebinds reserved names")
    assert recheck(_arith("x", ">", "0", x=1, ee=3)) == ""  # a name that merely starts with e
    bad = _arith("1", ">", "0")
    bad["env"] = [1, 2]
    _refused(bad, "env is not an object")
    assert recheck(_arith("x", "==", "3/2", x="1.5")) == ""  # a decimal string is exact
    _refused(_arith("x", ">", "0", x="one"), "not a rational")
    _refused(_arith("x", ">", "0", x=True), "booleans are not numbers")


def test_an_arith_certificate_needs_an_assertion() -> None:
    cert = _arith("1", ">", "0")
    cert["assert"] = []
    _refused(cert, "no assertion")
    cert["assert"] = [{"lhs": "1", "op": ">", "rhs": "0"}]
    assert recheck(cert) == ""


def test_unknown_names_functions_and_operators() -> None:
    _refused(_arith("y", ">", "0"), "unknown name 'y'")
    _refused(_arith("nosuch(1)", ">", "0"), "unknown function 'nosuch'")
    _refused(_arith("1 % 2", ">", "0"), "expression not allowed")
    _refused(_arith("1", "=>", "0"), "=>")  # an unknown comparison is refused, not read
    assert recheck(_arith("abs(-1)", ">", "0")) == ""


# -------------------------------------------------------------------------------- forall
def _forall(lo: int, hi: int, cases: int, rhs: str = "0") -> Cert:
    return {"kind": "forall", "vars": [{"name": "k", "domain": {"type": "range", "lo": lo,
                                                                "hi": hi}}],
            "env": {}, "where": [], "assert": [{"lhs": "k", "op": ">", "rhs": rhs}],
            "cases": cases}


def test_case_counts_both_directions() -> None:
    assert recheck(_forall(1, 10, 10)) == "10 cases"
    _refused(_forall(1, 10, 11), "10 cases enumerated, certificate says 11")
    _refused(_forall(1, 10, 9), "10 cases enumerated, certificate says 9")
    _refused(_forall(1, 9, 10), "9 cases enumerated, certificate says 10")  # a domain cut


def test_a_bound_just_inside_and_just_outside_the_domain() -> None:
    assert recheck(_forall(1, 10, 10, rhs="0")) == "10 cases"
    _refused(_forall(1, 10, 10, rhs="1"), r"k > 1 is false at k=1")
    _refused(_forall(0, 10, 11, rhs="0"), r"k > 0 is false at k=0")


def test_where_filters_and_every_domain_type() -> None:
    cert = _forall(1, 10, 5)
    cert["where"] = [{"lhs": "k", "op": "<=", "rhs": "5"}]
    assert recheck(cert) == "5 cases"
    cert["cases"] = 10
    _refused(cert, "5 cases enumerated, certificate says 10")
    grid = {"kind": "forall", "vars": [{"name": "q", "domain": {"type": "grid", "lo": "1/2",
                                                                "hi": "1", "den": 4}}],
            "env": {}, "where": [], "assert": [{"lhs": "q", "op": ">=", "rhs": "1/2"}],
            "cases": 3}
    assert recheck(grid) == "3 cases"  # 2/4, 3/4, 4/4
    grid["assert"][0]["rhs"] = "3/4"
    _refused(grid, "is false at q=1/2")
    vectors = {"kind": "forall", "vars": [{"name": "x", "domain": {"type": "sorted_vectors",
                                                                   "n": [1, 2], "max": 2,
                                                                   "nonzero": True}}],
               "env": {}, "where": [], "assert": [{"lhs": "x[0]", "op": ">=", "rhs": "0"}],
               "cases": 7}
    assert recheck(vectors) == "7 cases"  # (1) (2) (1,0) (1,1) (2,0) (2,1) (2,2)
    vectors["assert"][0]["rhs"] = "1"
    assert recheck(vectors) == "7 cases"  # non-zero vectors sorted downwards: x[0] >= 1
    vectors["vars"][0]["domain"]["nonzero"] = False  # (0) and (0, 0) join
    _refused(vectors, "is false at x=")
    vectors["assert"][0]["rhs"] = "0"
    _refused(vectors, "9 cases enumerated, certificate says 7")
    bad = copy.deepcopy(vectors)
    bad["vars"][0]["domain"]["type"] = "simplex"
    _refused(bad, "unknown domain type 'simplex'")


def test_extremes_both_sides() -> None:
    cert = _forall(1, 10, 10)
    cert["extreme"] = {"expr": "(k - 4)**2", "min": 0}
    assert recheck(cert) == "10 cases"
    cert["extreme"] = {"expr": "(k - 4)**2", "min": 1}
    _refused(cert, "extreme is 0, certificate says 1")
    cert["extreme"] = {"expr": "(k - 4)**2", "max": 36}
    assert recheck(cert) == "10 cases"
    cert["extreme"] = {"expr": "(k - 4)**2", "max": 35}
    _refused(cert, "extreme is 36, certificate says 35")
    cert["extreme"] = {"expr": "e*k", "min": 1}
    _refused(cert, "an extreme must be an exact rational")


# ------------------------------------------------------------------------------ identity
def _identity(lhs: str, rhs: str, degree: int, points: list[int] | None = None) -> Cert:
    cert: Cert = {"kind": "identity", "vars": ["x"], "lhs": lhs, "rhs": rhs, "degree": degree,
                  "env": {}}
    if points is not None:
        cert["points"] = points
    return cert


def test_identity_degree_and_points_both_sides() -> None:
    assert recheck(_identity("(x + 1)**2", "x**2 + 2*x + 1", 2)) == "3^1 points"
    _refused(_identity("(x + 1)**2", "x**2 + 2*x + 2", 2), "lhs != rhs")
    # x(x-1)(x-2)(x-3) vanishes on 0..3: four points cannot decide degree 4, five can
    quartic = "x*(x - 1)*(x - 2)*(x - 3)"
    _refused(_identity(quartic, "0", 4, [0, 1, 2, 3]), "4 points cannot pin down degree 4")
    _refused(_identity(quartic, "0", 4, [0, 1, 2, 3, 4]), "lhs != rhs at")
    _refused(_identity("x/(x - 1)", "1 + 1/(x - 1)", 1, [1, 2]),
             "division by an interval that contains 0|division by zero")
    assert recheck(_identity("x/(x - 1)", "1 + 1/(x - 1)", 1, [2, 3])) == "2^1 points"
    _refused(_identity("e*x", "e*x", 1), "exact rationals")


# ----------------------------------------------------------------------------------- text
def test_text_lines_and_quote_both_sides(paper_tex: Path) -> None:
    lines = paper_tex.read_text(encoding="utf-8").split("\n")
    n = len(lines)
    last = lines[-1] or lines[-2]
    at = n if lines[-1] else n - 1
    ok = {"kind": "text", "first": at, "last": at, "quote": last.strip()}
    assert recheck(ok, paper_tex) == ""
    _refused({**ok, "first": at + 1, "last": at + 1}, f"outside the TeX \\({n} lines\\)", paper_tex)
    _refused({**ok, "first": 0}, "outside the TeX", paper_tex)
    _refused({**ok, "first": at, "last": at - 1}, "outside the TeX", paper_tex)
    _refused({**ok, "quote": last.strip() + "x"}, "quote not found", paper_tex)
    _refused(ok, "the paper's TeX is needed", None)


# ------------------------------------------------------------------------------------ data
def _data_cert(full_certificates: Path, claim: str) -> Cert:
    doc = json.loads((full_certificates / f"{claim}.json").read_text(encoding="utf-8"))
    cert: Cert = next(c for c in doc["certificates"] if c["kind"] == "data")
    return cert


@pytest.mark.parametrize("field", ["u2", "p", "p_holm"])
def test_data_numbers_off_in_both_directions(full_certificates: Path, field: str) -> None:
    cert = _data_cert(full_certificates, "S6.jumps-pay-off")
    assert recheck(cert).startswith("rank-sum")
    for delta in (Fraction(1, 10**12), Fraction(-1, 10**12)):
        bad = copy.deepcopy(cert)
        bad["cells"][0][field] = str(Fraction(bad["cells"][0][field]) + delta)
        _refused(bad, "certificate says")


def test_data_cells_hash_and_verdict(full_certificates: Path) -> None:
    cert = _data_cert(full_certificates, "S6.jumps-pay-off")
    bad = copy.deepcopy(cert)
    bad["cells"].append(copy.deepcopy(bad["cells"][0]))
    _refused(bad, "a cell is listed twice")
    bad = copy.deepcopy(cert)
    bad["cells"].pop()
    _refused(bad, "the cells are not the stated ns x rs")
    bad = copy.deepcopy(cert)
    bad["sha256"] = "0" * 64
    _refused(bad, "SHA-256")
    for verdict in ("holds", "inconclusive"):
        _refused({**cert, "verdict": verdict}, "the data give fails")
    _refused({**cert, "test": "t-test"}, "unknown data test")
    boxes = _data_cert(full_certificates, "S6.appendix-n20-similar")
    assert recheck(boxes).startswith("similar-boxes")
    for key in ("shape", "location"):
        _refused({**boxes, key: not boxes[key]}, "from the data")
    bad = copy.deepcopy(boxes)
    bad["cells"][0]["differs"] = not bad["cells"][0]["differs"]
    _refused(bad, "'differs' is")


# ------------------------------------------------------------- the manifest, both sides
def test_manifest_comparison_is_exact_in_both_directions(full_certificates: Path,
                                                        tmp_path: Path) -> None:
    """A case count one above or one below the manifest's, an extra or a missing assertion, a
    constant nudged up or down: each is refused; the file as written passes."""
    src = json.loads((full_certificates / "S3.drift-final.json").read_text(encoding="utf-8"))
    path = tmp_path / "S3.drift-final.json"

    def verdict(doc: dict[str, Any]) -> str:
        path.write_text(json.dumps(doc), encoding="utf-8")
        (r,) = check_files([path])
        return "ok" if r.ok else r.message

    assert verdict(src) == "ok"
    for change in (+1, -1):
        doc = copy.deepcopy(src)
        doc["certificates"][0]["cases"] += change
        assert "differs in: cases" in verdict(doc)
        doc = copy.deepcopy(src)
        doc["certificates"][0]["env"]["omega"] = str(Fraction(6, 5) + Fraction(change, 10**9))
        assert "differs in: env" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"][0]["assert"].append({"lhs": "1", "op": ">", "rhs": "0"})
    assert "differs in: assert" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"][0]["assert"].pop()
    assert "differs in: assert" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"].insert(0, copy.deepcopy(doc["certificates"][0]))
    assert "exact checks, the manifest has" in verdict(doc)
