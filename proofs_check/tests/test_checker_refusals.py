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
    assert recheck(_forall(1, 9, 9)) == "9 cases"  # the cut domain with its own count


@pytest.mark.parametrize("cases", [10.5, 10.0, "10", True, -10, None])
def test_a_case_count_is_a_json_integer(cases: Any) -> None:
    # int() reads 10.5 and "10" as 10 and True as 1: a count that is not an integer is refused
    # before anything is compared with it
    assert recheck(_forall(1, 10, 10)) == "10 cases"
    assert recheck(_forall(1, 1, 1)) == "1 cases"
    _refused(_forall(1, 10 if cases is not True else 1, cases),  # type: ignore[arg-type]
             "cases must be a non-negative integer")


def test_bound_variables_may_not_shadow_reserved_names() -> None:
    cert = _forall(1, 3, 3)
    cert["vars"][0]["name"] = "e"
    cert["assert"] = [{"lhs": "e", "op": "<", "rhs": "4"}]  # would read the variable, not e
    _refused(cert, "variables rebind reserved names: e")
    cert["vars"][0]["name"] = "ee"
    cert["assert"] = [{"lhs": "ee", "op": "<", "rhs": "4"}]
    assert recheck(cert) == "3 cases"
    _refused(_identity("exp(x)", "exp(x)", 0) | {"vars": ["exp"]}, "rebind reserved names: exp")


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
    del vectors["vars"][0]["domain"]["nonzero"]  # absent: the zero vectors count, as with False
    _refused(vectors, "9 cases enumerated, certificate says 7")
    vectors["cases"] = 9
    assert recheck(vectors) == "9 cases"
    bad = copy.deepcopy(vectors)
    bad["vars"][0]["domain"]["type"] = "simplex"
    _refused(bad, "unknown domain type 'simplex'")


def test_extremes_both_sides() -> None:
    cert = _forall(1, 10, 10)
    cert["extreme"] = {"expr": "(k - 4)**2", "min": 0}
    assert recheck(cert) == "10 cases"
    cert["extreme"] = {"expr": "(k - 4)**2", "min": 1}
    _refused(cert, r"extreme is 0 \(first at k=4\), certificate says 1")
    cert["extreme"] = {"expr": "(k - 4)**2", "max": 36}
    assert recheck(cert) == "10 cases"
    cert["extreme"] = {"expr": "(k - 4)**2", "max": 35}
    _refused(cert, r"extreme is 36 \(first at k=10\), certificate says 35")
    cert["extreme"] = {"expr": "e*k", "min": 1}
    _refused(cert, "an extreme must be an exact rational")


def test_an_extreme_states_one_bound_and_is_reported_where_first_attained() -> None:
    cert = _forall(1, 10, 10)
    # min and max at once: the max was never compared (a checker reading only "min")
    cert["extreme"] = {"expr": "(k - 4)**2", "min": 0, "max": 35}
    _refused(cert, r"an extreme is \{expr, min\} or \{expr, max\}")
    cert["extreme"] = {"expr": "(k - 4)**2"}
    _refused(cert, "an extreme is")
    cert["extreme"] = {"expr": "(k - 4)**2", "max": 36, "at": 10}
    _refused(cert, "an extreme is")
    # the maximum 16 of (k - 5)^2 on 1..9 is attained at k = 1 and at k = 9: the first is named
    cert = _forall(1, 9, 9)
    cert["extreme"] = {"expr": "(k - 5)**2", "max": 15}
    _refused(cert, r"extreme is 16 \(first at k=1\), certificate says 15")
    cert["extreme"] = {"expr": "(k - 5)**2", "max": 17}
    _refused(cert, r"extreme is 16 \(first at k=1\), certificate says 17")
    cert["extreme"] = {"expr": "(k - 5)**2", "min": 1}
    _refused(cert, r"extreme is 0 \(first at k=5\), certificate says 1")
    cert["extreme"] = {"expr": "(k - 5)**2", "max": 16}
    assert recheck(cert) == "9 cases"
    empty = _forall(2, 1, 0)
    empty["extreme"] = {"expr": "k", "min": 0}
    _refused(empty, r"extreme is None \(first at no case\)")


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
    _refused(_identity(quartic, "0", 4, [0, 1, 2, 3]),
             "4 distinct points cannot pin down degree 4")
    # five points, one of them twice: still four distinct (a count of the list accepted this)
    _refused(_identity(quartic, "0", 4, [0, 1, 2, 3, 3]),
             "4 distinct points cannot pin down degree 4")
    _refused(_identity(quartic, "0", 4, [0, 1, 2, 3, 4]), "lhs != rhs at")
    # the degree bound is not re-derived: it is the manifest's (reviewed) statement, and with a
    # bound too low a false identity passes -- which is why a certificate cannot choose it
    assert recheck(_identity(quartic, "0", 3, [0, 1, 2, 3])) == "4^1 points"
    # a negative degree asked for no point at all (range(1, 0) is empty): refused; degree 0
    # checks one point
    _refused(_identity("x", "x + 1", -1), "degree must be a non-negative integer")
    _refused(_identity("x", "x + 1", 0), "lhs != rhs at")
    assert recheck(_identity("x - x", "0", 0)) == "1^1 points"
    _refused(_identity("x", "x", 1) | {"degree": 1.5}, "degree must be a non-negative integer")
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
    _refused({**ok, "first": str(at)}, "first must be a non-negative integer", paper_tex)
    _refused({**ok, "last": at + 0.5}, "last must be a non-negative integer", paper_tex)
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
    # one exact check fewer, and the text reference missing or given twice
    kinds = [c["kind"] for c in src["certificates"]]
    doc = copy.deepcopy(src)
    doc["certificates"].pop(kinds.index("forall"))
    assert "exact checks, the manifest has" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"].pop(kinds.index("text"))
    assert "the text certificate is not the manifest's TeX reference" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"].append(copy.deepcopy(src["certificates"][kinds.index("text")]))
    assert "the text certificate is not the manifest's TeX reference" in verdict(doc)
    doc = copy.deepcopy(src)
    doc["certificates"][kinds.index("forall")]["kind"] = "arith"
    assert "is not the manifest's forall check" in verdict(doc)


# ------------------------------------------------------- data: each threshold from both sides
def _runs_file(tmp_path: Path, samples: dict[tuple[str, str, int, int], tuple[int, ...]]
               ) -> tuple[str, str]:
    """A runs file with the given evaluation counts (all solved): (absolute path, SHA-256)."""
    import hashlib

    lines = ["experiment,algorithm,n,r,evaluations,solved"]
    lines += [f"{e},{a},{n},{r},{ev},1" for (e, a, n, r), evs in samples.items() for ev in evs]
    path = tmp_path / f"runs-{len(list(tmp_path.iterdir()))}.csv"
    path.write_bytes(("\n".join(lines) + "\n").encode())
    return str(path), hashlib.sha256(path.read_bytes()).hexdigest()


def _u2_p(xs: tuple[Fraction, ...], ys: tuple[Fraction, ...]) -> tuple[int, Fraction]:
    """2U and the exact two-sided p by brute force over every split of the pooled sample
    (written apart from the checker's dynamic programme)."""
    import itertools
    from math import comb

    def u2(a: tuple[Fraction, ...], b: tuple[Fraction, ...]) -> int:
        return sum(2 * (x < y) + (x == y) for x in a for y in b)

    pooled, m = (*xs, *ys), len(xs)
    mk, stat = m * len(ys), u2(xs, ys)
    tail = 0
    for pick in itertools.combinations(range(len(pooled)), m):
        a = tuple(pooled[i] for i in pick)
        b = tuple(pooled[i] for i in range(len(pooled)) if i not in pick)
        tail += abs(u2(a, b) - mk) >= abs(stat - mk)
    return stat, Fraction(tail, comb(len(pooled), m))


def _q(x: Fraction) -> str:
    return str(x)


def _rank_sum(tmp_path: Path, alpha: Fraction, swap: bool = False,
              middle: tuple[int, int] = (1, 1)) -> tuple[Cert, Fraction]:
    """X = (1, 2, 3) against Y = (4, 5, 6) at r = 1 and X = Y = (5, 5, 5) at r = 2 (n = 7):
    p = 1/10 and 1, Holm 1/5 and 1.  Returns the certificate without direction and verdict."""
    a, b = ("A", "B") if not swap else ("B", "A")
    path, sha = _runs_file(tmp_path, {("E", "A", 7, 1): (1, 2, 3), ("E", "B", 7, 1): (4, 5, 6),
                                      ("E", "A", 7, 2): (5, 5, 5), ("E", "B", 7, 2): (5, 5, 5)})
    samples = {1: ((1, 2, 3), (4, 5, 6)), 2: ((5, 5, 5), (5, 5, 5))}
    cells, ps = [], []
    for r, (xs_, ys_) in samples.items():
        xs, ys = (tuple(map(Fraction, s)) for s in ((xs_, ys_) if not swap else (ys_, xs_)))
        u2, p = _u2_p(xs, ys)
        ps.append(p)
        cells.append({"n": 7, "r": r, "runs": [3, 3], "medians": [_q(xs[1]), _q(ys[1])],
                      "u2": u2, "p": _q(p)})
    assert ps == [Fraction(1, 10), 1]
    holm = [min(1, 2 * ps[0]), max(min(1, 2 * ps[0]), ps[1])]  # Holm, two tests, p1 < p2
    for c, h in zip(cells, holm, strict=True):
        c["p_holm"] = _q(Fraction(h))
    return ({"kind": "data", "file": path, "sha256": sha, "test": "rank-sum", "x": ["E", a],
             "y": ["E", b], "ns": [7], "rs": [1, 2], "alpha": _q(alpha),
             "middle": list(middle), "cells": cells}, Fraction(holm[0]))


def test_rank_sum_direction_at_alpha_from_both_sides(tmp_path: Path) -> None:
    tiny = Fraction(1, 10**9)
    # p_holm = 1/5 at r = 1: alpha = 1/5 is not significant (p_holm < alpha is required) ...
    cert, ph = _rank_sum(tmp_path, Fraction(1, 5))
    assert ph == Fraction(1, 5)
    cert["cells"][0]["direction"] = cert["cells"][1]["direction"] = "none"
    assert recheck({**cert, "verdict": "inconclusive"}) == "rank-sum: 2 cells, 0 middle faster"
    cert["cells"][0]["direction"] = "faster"
    _refused({**cert, "verdict": "holds"}, "n=7, r=1: direction none, certificate says faster")
    # ... just above it is, in the direction of the smaller sample
    cert, _ = _rank_sum(tmp_path, Fraction(1, 5) + tiny)
    cert["cells"][0]["direction"], cert["cells"][1]["direction"] = "faster", "none"
    assert recheck({**cert, "verdict": "holds"}) == "rank-sum: 2 cells, 1 middle faster"
    for verdict in ("fails", "inconclusive"):
        _refused({**cert, "verdict": verdict}, "the data give holds")
    # Y smaller: slower, and every middle cell slower is "fails"
    cert, _ = _rank_sum(tmp_path, Fraction(1, 5) + tiny, swap=True)
    cert["cells"][0]["direction"], cert["cells"][1]["direction"] = "slower", "none"
    assert recheck({**cert, "verdict": "fails"}).startswith("rank-sum")
    # a middle range with a "none" cell in it besides the slower one: inconclusive
    cert, _ = _rank_sum(tmp_path, Fraction(1, 5) + tiny, swap=True, middle=(1, 2))
    cert["cells"][0]["direction"], cert["cells"][1]["direction"] = "slower", "none"
    assert recheck({**cert, "verdict": "inconclusive"}).startswith("rank-sum")
    _refused({**cert, "verdict": "fails"}, "the data give inconclusive")
    # a middle range without any cell: inconclusive, never holds or fails
    cert, _ = _rank_sum(tmp_path, Fraction(1, 5) + tiny, middle=(3, 9))
    cert["cells"][0]["direction"], cert["cells"][1]["direction"] = "faster", "none"
    assert recheck({**cert, "verdict": "inconclusive"}) == "rank-sum: 2 cells, 0 middle faster"
    _refused({**cert, "verdict": "holds"}, "the data give inconclusive")


def test_a_level_lies_in_zero_to_one(tmp_path: Path) -> None:
    # alpha = 1 is a level (every p < 1 is significant); above 1 or at 0 it is not
    cert, _ = _rank_sum(tmp_path, Fraction(1))
    cert["cells"][0]["direction"], cert["cells"][1]["direction"] = "faster", "none"
    assert recheck({**cert, "verdict": "holds"}).startswith("rank-sum")
    for alpha in ("2", "1 + 1/10**9", "0", "-1/2"):
        bad, _ = _rank_sum(tmp_path, Fraction(1, 5))
        _refused({**bad, "alpha": str(arith.add(Fraction(0), _value(alpha))),
                  "verdict": "holds"}, "is not in \\(0, 1\\]")
    boxes = _boxes(tmp_path, Fraction(2), Fraction(3, 2))
    _refused({**boxes, "shape": True, "location": False, "verdict": "inconclusive"},
             "is not in \\(0, 1\\]")


def _value(text: str) -> Fraction:
    from zonemax.proofs_check.checker.expr import evaluate

    value = evaluate(text, {})
    assert isinstance(value, Fraction)
    return value


def test_rank_sum_stated_numbers_both_sides(tmp_path: Path) -> None:
    cert, _ = _rank_sum(tmp_path, Fraction(1, 20))
    cert["cells"][0]["direction"] = cert["cells"][1]["direction"] = "none"
    cert["verdict"] = "inconclusive"
    assert recheck(cert).startswith("rank-sum")
    for field, good, bad in (("runs", [3, 3], [3, 4]), ("medians", ["2", "5"], ["2", "4"]),
                             ("u2", 18, 17), ("p_holm", "1/5", "1/10")):
        assert cert["cells"][0][field] == good
        for wrong in (bad, [3, 2] if field == "runs" else ["3", "5"] if field == "medians"
                      else 19 if field == "u2" else "2/5"):
            doc = copy.deepcopy(cert)
            doc["cells"][0][field] = wrong
            _refused(doc, "certificate says")


def _boxes(tmp_path: Path, factor: Fraction, alpha: Fraction, swap: bool = False) -> Cert:
    """A at n = 2 with evaluations (2, 4, 6) against B at n = 4 with (8, 16, 24): per-n values
    (1, 2, 3) and (2, 4, 6), medians 2 and 4 (ratio 1/2; swapped, 2)."""
    path, sha = _runs_file(tmp_path, {("X", "A", 2, 5): (2, 4, 6), ("X", "B", 4, 5): (8, 16, 24)})
    xs, ys = (Fraction(1), Fraction(2), Fraction(3)), (Fraction(2), Fraction(4), Fraction(6))
    if swap:
        xs, ys = ys, xs
    u2, p = _u2_p(xs, ys)
    pair, ns = (["B", "A"], [4, 2]) if swap else (["A", "B"], [2, 4])
    return {"kind": "data", "file": path, "sha256": sha, "test": "similar-boxes",
            "experiment": "X", "pairs": [pair], "ns": ns, "factor": _q(factor),
            "alpha": _q(alpha),
            "cells": [{"algorithm": pair[0], "r": 5, "medians": [_q(xs[1]), _q(ys[1])],
                       "u2": u2, "p": _q(p), "p_holm": _q(p), "differs": p < alpha}]}


@pytest.mark.parametrize("swap", [False, True])
def test_similar_boxes_factor_and_alpha_from_both_sides(tmp_path: Path, swap: bool) -> None:
    tiny = Fraction(1, 10**9)
    _, p = _u2_p((Fraction(1), Fraction(2), Fraction(3)), (Fraction(2), Fraction(4), Fraction(6)))
    # a median ratio of exactly 1/factor (or factor, swapped) is inside [1/F, F]; alpha = p is
    # not significant
    ok = _boxes(tmp_path, Fraction(2), p, swap)
    assert recheck({**ok, "shape": True, "location": True, "verdict": "holds"}) \
        == "similar-boxes: 1 cells"
    _refused({**ok, "shape": False, "location": True, "verdict": "inconclusive"},
             "shape=True, location=True from the data")
    # the factor just below 2: the ratio lies outside
    narrow = _boxes(tmp_path, Fraction(2) - tiny, p, swap)
    assert recheck({**narrow, "shape": False, "location": True, "verdict": "inconclusive"}) \
        == "similar-boxes: 1 cells"
    _refused({**narrow, "shape": True, "location": True, "verdict": "holds"},
             "shape=False, location=True")
    # alpha just above p: the cell differs
    moved = _boxes(tmp_path, Fraction(2), p + tiny, swap)
    assert moved["cells"][0]["differs"] is True
    assert recheck({**moved, "shape": True, "location": False, "verdict": "inconclusive"}) \
        == "similar-boxes: 1 cells"
    bad = copy.deepcopy(moved)
    bad["cells"][0]["differs"] = False
    _refused({**bad, "shape": True, "location": True, "verdict": "holds"}, "'differs' is True")
    both = _boxes(tmp_path, Fraction(2) - tiny, p + tiny, swap)
    assert recheck({**both, "shape": False, "location": False, "verdict": "fails"}) \
        == "similar-boxes: 1 cells"
    _refused({**both, "shape": False, "location": False, "verdict": "inconclusive"},
             "the data give fails")
    extra = copy.deepcopy(ok)
    extra["cells"].append({**extra["cells"][0], "r": 6})
    _refused({**extra, "shape": True, "location": True, "verdict": "holds"},
             "lists cells the data do not have")


# --------------------------------------------------------------- formulas: refused and accepted
def test_a_formula_is_refused_at_each_rule_and_accepted_one_step_away() -> None:
    from zonemax.proofs_check.checker.formula import COMPARISONS, Formula, FormulaError

    x = (("x", "real"),)
    goal = (("x*x", ">=", "0"),)
    assert Formula(x, (), goal).goals == goal
    with pytest.raises(FormulaError, match="bound twice"):
        Formula(x, (), goal, (("x", "1"),))
    assert Formula(x, (), goal, (("y", "1"),)).consts == (("y", "1"),)
    with pytest.raises(FormulaError, match="bound twice"):
        Formula((("x", "real"), ("x", "int")), (), goal)
    assert Formula((("x", "real"), ("k", "int")), (), goal).vars[1] == ("k", "int")
    with pytest.raises(FormulaError, match="bad variable 'x' of kind 'complex'"):
        Formula((("x", "complex"),), (), goal)
    with pytest.raises(FormulaError, match="bad variable '1x'"):
        Formula((("1x", "real"),), (), goal)
    with pytest.raises(FormulaError, match="bad constant name '1c'"):
        Formula(x, (), goal, (("1c", "1"),))
    with pytest.raises(ValueError, match="Invalid literal for Fraction"):
        Formula(x, (), goal, (("c", "one"),))
    with pytest.raises(FormulaError, match=r"^a formula needs at least one goal$"):
        Formula(x, (("x", ">", "0"),), ())
    for op in COMPARISONS:
        assert Formula(x, ((("x", op, "1")),), goal).hyps[0][1] == op
        assert Formula(x, (), (("x", op, "1"),)).goals[0][1] == op
    for where in ("hyps", "goals"):
        bad = (("x", "=>", "0"),)
        with pytest.raises(FormulaError, match="unknown comparison '=>'"):
            Formula(x, bad if where == "hyps" else (), bad if where == "goals" else goal)
        # (a statement such as x = 1 parses as Python, but not as an expression)
        for side in (("x +", ">", "0"), ("x", ">", "0 *"), ("x = 1", ">", "0"),
                     ("x", ">", "import os")):
            with pytest.raises(SyntaxError):
                Formula(x, (side,) if where == "hyps" else (),
                        (side,) if where == "goals" else goal)


def test_with_consts_changes_only_named_constants() -> None:
    from zonemax.proofs_check.checker.formula import Formula, FormulaError

    f = Formula((("x", "real"),), (), (("c*x*x", ">=", "0"),), (("c", "1/2"), ("d", "3")))
    assert f.with_consts(c=Fraction(3, 4)).consts == (("c", "3/4"), ("d", "3"))
    assert f.with_consts(d="6/4").consts == (("c", "1/2"), ("d", "3/2"))
    assert f.with_consts().consts == f.consts
    g = f.with_consts(c=1)
    assert (g.vars, g.hyps, g.goals) == (f.vars, f.hyps, f.goals)
    with pytest.raises(FormulaError, match=r"not constants of the formula: \['x'\]"):
        f.with_consts(x=1)


def test_the_translations_of_a_formula_word_for_word() -> None:
    """Negative and fractional constants, an int variable, a power, != and two goals: the Coq
    proposition and the SMT-LIB script as the checker's translation rules give them (read and
    checked by hand: -1/2 is (- 1 / 2) in Coq and (- (/ 1.0 2.0)) in SMT-LIB, k^2 over Z is
    (IZR k) ^ 2, the negation of two goals is (not (and ...)))."""
    from zonemax.proofs_check.checker.formula import Formula, coq_definition, coq_prop, smt_script

    f = Formula((("x", "real"), ("k", "int")), (("k", ">=", "-2"),),
                (("x*c + d - e", "!=", "k**2"), ("x", "<", "q")),
                (("c", "-3"), ("d", "-1/2"), ("e", "5/4"), ("q", "0")))
    prop = ("forall (k : Z) (x : R),\n  (IZR k) >= (- 2) ->\n"
            "  ((((x * (- 3)) + (- 1 / 2)) - (5 / 4)) <> ((IZR k) ^ 2)) /\\ (x < 0)")
    assert coq_prop(f) == prop
    assert coq_definition("S9.a-b", f) == f"Definition S9_a_b_statement : Prop :=\n  {prop}."
    assert smt_script(f) == (
        "(set-logic ALL)\n(declare-const x Real)\n(declare-const k Int)\n"
        "(assert (>= (to_real k) (- 2.0)))\n"
        "(assert (not (and (not (= (- (+ (* x (- 3.0)) (- (/ 1.0 2.0))) (/ 5.0 4.0)) "
        "(* (to_real k) (to_real k)))) (< x 0.0))))\n(check-sat)\n")


def test_sum_and_len_of_vectors() -> None:
    from zonemax.proofs_check.checker.expr import evaluate

    assert evaluate("sum(v)", {"v": (Fraction(1), Fraction(5, 2))}) == Fraction(7, 2)
    assert evaluate("sum(v)", {"v": ()}) == 0
    s = evaluate("sum(v)", {"v": (Fraction(1), arith.Interval(Fraction(0), Fraction(1)))})
    assert (s.lo, s.hi) == (1, 2)
    assert evaluate("len(v)", {"v": (Fraction(0),) * 3}) == 3


def test_recheck_file_recomputes_a_file_as_it_stands(tmp_path: Path, paper_tex: Path) -> None:
    """No manifest: every exact check of the file is recomputed, and its text reference when the
    TeX is given; one false assertion, a kind the checker does not know or a file that is not
    JSON is refused with one line."""
    from zonemax.proofs_check.checker import recheck_file

    lines = paper_tex.read_text(encoding="utf-8").split("\n")
    at = next(i for i, ln in enumerate(lines, 1) if ln.strip())
    text = {"kind": "text", "first": at, "last": at, "quote": lines[at - 1].strip()}
    from zonemax.proofs_check.checker import FORMAT

    doc = {"format": FORMAT, "claim": "control-x", "status": "fails",
           "certificates": [_arith("2", ">", "1"), _forall(1, 3, 3), text]}
    path = tmp_path / "control-x.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    from zonemax.proofs_check.checker import EXACT, FileResult

    assert recheck_file(path, paper_tex) == FileResult(
        str(path), "control-x", True, "ok", "fails", EXACT,
        ("arith", "forall (3 cases)", "text"), ())
    bare = {k: v for k, v in doc.items() if k not in ("claim", "status")}
    path.write_text(json.dumps(bare), encoding="utf-8")
    r = recheck_file(path)
    assert (r.claim, r.status, r.ok) == ("?", "", True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert recheck_file(path).details == ("arith", "forall (3 cases)")  # no TeX: text not run
    bad = copy.deepcopy(doc)
    bad["certificates"][1]["cases"] = 4
    path.write_text(json.dumps(bad), encoding="utf-8")
    r = recheck_file(path, paper_tex)
    assert not r.ok
    assert r.message == ("certificate 1 (forall) does not check: 3 cases enumerated, "
                         "certificate says 4")
    bad = copy.deepcopy(doc)
    bad["certificates"][2]["quote"] += " and more"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert recheck_file(path, paper_tex).message.startswith("certificate 2 (text) does not check")
    assert recheck_file(path).ok  # without the TeX the quote is not looked at
    bad["certificates"][0]["kind"] = "smt"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert "unknown kind 'smt'" in recheck_file(path).message
    path.write_text("{", encoding="utf-8")
    assert recheck_file(path).message.startswith("unreadable")


#: expression -> (Coq term or refusal, SMT term or refusal), over x : R and k : Z, as the module
#: docstring of checker/formula.py states the translations (each line read and checked by hand)
TRANSLATIONS = {
    "y": ("! unbound name 'y'", "! unbound name 'y' (or not polynomial)"),
    "x % 2": ("! operator Mod not allowed", "! operator Mod not allowed"),
    "x // 2": ("! operator FloorDiv not allowed", "! operator FloorDiv not allowed"),
    "abs(x=1)": ("! expression not translatable to Coq: Call", "! SMT: not a polynomial"),
    "nosuch(x)": ("! function nosuch/1 has no Coq translation", "! SMT: not a polynomial"),
    "+x": ("! expression not translatable to Coq: UnaryOp", "! SMT: not a polynomial"),
    "min(x)": ("! function min/1 has no Coq translation", "! SMT: not a polynomial"),
    "rls_d_toward(k)": ("! function rls_d_toward/1", "! SMT: not a polynomial"),
    "x**k": ("(powerRZ x k)", "! SMT: only positive integer literal powers"),
    "x**(k+1)": ("(powerRZ x (k + 1%Z)%Z)", "! SMT: only positive"),
    "x**(-2)": ("(powerRZ x (- 2%Z)%Z)", "! SMT: only positive"),
    "2**(k*2-1)": ("(powerRZ 2 ((k * 2%Z)%Z - 1%Z)%Z)", "! SMT: only positive"),
    "x**(1/2)": ("(Rpower x (1 / 2))", "! SMT: only positive"),
    "x**0": ("(x ^ 0)", "! SMT: only positive"),
    "x**1": ("(x ^ 1)", "x"),
    "x**3": ("(x ^ 3)", "(* x x x)"),
    "-x": ("(- x)", "(- x)"),
    "x - k/3": ("(x - ((IZR k) / 3))", "(- x (/ (to_real k) 3.0))"),
    "min(x, 1, k)": ("(Rmin x (Rmin 1 (IZR k)))",
                     "(ite (<= x (ite (<= 1.0 (to_real k)) 1.0 (to_real k))) x "
                     "(ite (<= 1.0 (to_real k)) 1.0 (to_real k)))"),
    "max(x, 2)": ("(Rmax x 2)", "(ite (>= x 2.0) x 2.0)"),
    "log2(x)": ("(ln x / ln 2)", "! SMT: not a polynomial"),
    "floor(x)": ("(IZR (Int_part x))", "! SMT: not a polynomial"),
    "exp(x) + sqrt(x) + abs(x) + ln(x)": ("((((exp x) + (sqrt x)) + (Rabs x)) + (ln x))",
                                          "! SMT: not a polynomial"),
    "e": ("(exp 1)", "! unbound name 'e'"),
    "rls_d_toward(k, x)": ("(rls_d_toward (IZR k) x)", "! SMT: not a polynomial"),
    "rls_g(k, x, x, x, x)": ("! function rls_g/5 has no Coq translation",
                             "! SMT: not a polynomial"),
    "floor(x, 1)": ("! function floor/2 has no Coq translation", "! SMT: not a polynomial"),
    # with the constants n = -3 (an integer) and h = 1/2
    "x**n": ("(powerRZ x (- 3)%Z)", "! SMT: only positive"),
    "x**h": ("(Rpower x (1 / 2))", "! SMT: only positive"),
    "x**(-k)": ("(powerRZ x (- k)%Z)", "! SMT: only positive"),
    "x*n + h": ("((x * (- 3)) + (1 / 2))", "(+ (* x (- 3.0)) (/ 1.0 2.0))"),
    "x**abs(k)": ("(Rpower x (Rabs (IZR k)))", "! SMT: only positive"),
    "x**(k + 0)": ("(powerRZ x (k + 0%Z)%Z)", "! SMT: only positive"),
    "x**(+k)": ("! expression not translatable to Coq: UnaryOp(op=UAdd()", "! SMT: only positive"),
}


@pytest.mark.parametrize("expr", sorted(TRANSLATIONS))
def test_each_translation_rule_and_refusal(expr: str) -> None:
    from zonemax.proofs_check.checker.formula import Formula, FormulaError, coq_prop, smt_script

    f = Formula((("x", "real"), ("k", "int")), (), ((expr, ">=", "0"),),
                (("n", "-3"), ("h", "1/2")))
    for want, translate, pick in (
            (TRANSLATIONS[expr][0], coq_prop, lambda s: s.split("\n")[-1].strip()),
            (TRANSLATIONS[expr][1], smt_script, lambda s: s.split("\n")[-3])):
        if want.startswith("! "):
            with pytest.raises(FormulaError) as err:
                translate(f)
            assert str(err.value).startswith(want[2:])
            assert len(str(err.value)) <= 120  # the node is cut at 80 characters
        elif translate is coq_prop:
            assert pick(translate(f)) == f"{want} >= 0"
        else:
            assert pick(translate(f)) == f"(assert (not (>= {want} 0.0)))"


def test_first_failure_names_the_first_problem_then_the_first_bad_file() -> None:
    from zonemax.proofs_check.checker import DirectoryResult, FileResult

    good = FileResult("a.json", "A", True, "ok")
    bad, worse = FileResult("b.json", "B", False, "wrong"), FileResult("c.json", "C", False, "x")
    assert DirectoryResult((good,)).ok and DirectoryResult((good,)).first_failure() is None
    assert not DirectoryResult((good, bad, worse)).ok
    assert DirectoryResult((good, bad, worse)).first_failure() == "B (b.json): wrong"
    both = DirectoryResult((good, bad), ("p1", "p2"))
    assert not both.ok and both.first_failure() == "p1"
    assert not DirectoryResult((good,), ("p",)).ok


def test_a_refused_expression_is_named_in_80_characters() -> None:
    import ast

    from zonemax.proofs_check.checker.formula import Formula, FormulaError, coq_prop

    expr = "+(x + x + x + x)"
    dump = ast.dump(ast.parse(expr, mode="eval").body)
    assert len(dump) > 81
    f = Formula((("x", "real"),), (), ((expr, ">=", "0"),))
    with pytest.raises(FormulaError) as err:
        coq_prop(f)
    assert str(err.value) == f"expression not translatable to Coq: {dump[:80]}"


# ------------------------------------------------------------------------------- solvers
def test_solver_answers_name_the_solver_its_version_and_every_error() -> None:
    """What a report prints of a solver's answer: its name, its version (the installed
    package's), and for a script it cannot decide an ``error: ...`` line of at most 200
    characters of the solver's message (never a traceback); and a missing package is an answer
    too.  A verdict reads only ``answer == "unsat"`` (both solvers)."""
    import builtins

    import cvc5
    import z3
    from zonemax.proofs_check.checker.solvers import both_unsat, cvc5_answer, z3_answer

    unsat = "(declare-const x Real)\n(assert (> x 1))\n(assert (< x 0))\n(check-sat)\n"
    ok, (a_z3, a_cvc5) = both_unsat(unsat)
    assert ok
    assert (a_z3.solver, a_z3.answer, a_z3.version) == ("z3", "unsat", z3.get_version_string())
    assert (a_cvc5.solver, a_cvc5.answer) == ("cvc5", "unsat")
    assert a_cvc5.version == f"{cvc5.__version__} (nl-cov)"
    sat = "(declare-const x Real)\n(assert (> x 1))\n(check-sat)\n"
    assert both_unsat(sat)[0] is False
    assert [a.answer for a in both_unsat(sat)[1]] == ["sat", "sat"]
    undeclared = "(assert (> y 1))\n(check-sat)\n" + "; " + "x" * 400 + "\n"
    for answer in (z3_answer(undeclared), cvc5_answer(undeclared)):
        assert answer.answer.startswith("error: ") and "\n" not in answer.answer, answer
        assert len(answer.answer) <= len("error: ") + 200
        assert answer.solver in ("z3", "cvc5") and answer.version == ""
    no_question = "(declare-const x Real)\n(assert (> x 1))\n"
    assert cvc5_answer(no_question).answer == "error: no check-sat answer"
    assert cvc5_answer(no_question).solver == "cvc5"
    real_import = builtins.__import__

    def missing(name: str, *args: Any, **kwargs: Any) -> Any:
        if name in ("z3", "cvc5"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "__import__", missing)
        assert z3_answer(unsat) == type(a_z3)(
            "z3", "error: z3 is not installed (pip install z3-solver)")
        assert cvc5_answer(unsat) == type(a_cvc5)(
            "cvc5", "error: cvc5 is not installed (pip install cvc5)")


def test_a_forall_without_where_enumerates_its_whole_domain() -> None:
    cert = _forall(1, 4, 4)
    del cert["where"]  # optional: no filter
    assert recheck(cert) == "4 cases"
    cert["cases"] = 3
    _refused(cert, "4 cases enumerated, certificate says 3")


def test_the_tex_given_to_check_file_is_the_one_read(full_certificates: Path,
                                                    tmp_path: Path, paper_tex: Path) -> None:
    """check_file reads the TeX it is given, not the one it would find itself: with the paper
    the claim's quote is checked; with another file (not the paper's hash) it is reported not
    checked, saying why."""
    path = full_certificates / "S3.omega-margin.json"
    (good,) = check_files([path], paper_tex)
    assert good.ok, good.message
    assert not [u for u in good.unchecked if u.startswith("text")], good.unchecked
    other = tmp_path / "other.tex"
    other.write_text("\n".join(["no quote here"] * 3000), encoding="utf-8")
    (bad,) = check_files([path], other)
    assert bad.ok, bad.message  # the exact checks still hold; the quote is not checked
    texts = [u for u in bad.unchecked if u.startswith("text")]
    assert texts and str(other) in texts[0], bad.unchecked


# --------------------------------------------------------------- RLS_{alpha,beta}: Lemma 8
#: (condition k, alpha, beta, c, p, holds): each condition C1-C8 of Lemma 8's proof (as printed)
#: at points on both sides of its boundary and on it, chosen so that every strict/non-strict
#: change, every changed coefficient and every changed sign of the condition flips one row.
_CONDITIONS = [
    (1, "1", "3/4", "0", "0", 0), (1, "101/100", "3/4", "0", "0", 1),
    (1, "2", "3/4", "0", "0", 1), (1, "201/100", "3/4", "0", "0", 0),
    (2, "3/2", "1/2", "0", "0", 0), (2, "3/2", "51/100", "0", "0", 1),
    (2, "3/2", "9/10", "0", "0", 1), (2, "3/2", "91/100", "0", "0", 0),
    (2, "3/2", "2/5", "0", "0", 0),
    (3, "3/2", "3/4", "0", "0", 0), (3, "3/2", "4/5", "0", "0", 1),
    (4, "6/5", "4/5", "0", "0", 0), (4, "6/5", "9/10", "0", "0", 1),
    (5, "2", "1/4", "0", "0", 0), (5, "2", "3/8", "0", "0", 1), (5, "1", "1/2", "0", "0", 0),
    (6, "1", "1", "1/192", "0", 1), (6, "1", "1", "1/191", "0", 0),
    (6, "1", "1", "0", "1/32", 1), (6, "1", "1", "0", "1/31", 0),
    (6, "1", "1/2", "1/192", "0", 1), (6, "2", "1", "1/300", "0", 0),
    (6, "1", "1/2", "1/150", "0", 0),
    (7, "2", "1", "1/100", "1/25", 0), (7, "2", "1", "1/100", "41/1000", 1),
    (8, "3/2", "3/4", "1/100", "1/50", 0), (8, "3/2", "3/4", "1/100", "21/1000", 1),
    (8, "3/2", "3/4", "0", "21/1000", 0),
]


@pytest.mark.parametrize(("k", "alpha", "beta", "c", "p", "holds"), _CONDITIONS)
def test_each_condition_of_lemma_8_on_both_sides_of_its_boundary(
        k: int, alpha: str, beta: str, c: str, p: str, holds: int) -> None:
    from zonemax.proofs_check.checker.rls import condition

    args = [Fraction(x) for x in (alpha, beta, c, p)]
    assert condition(Fraction(k), *args) == holds


# ------------------------------------------------------------------------------- the report
def test_render_word_for_word() -> None:
    """The report a referee reads, for a made-up directory result: each file's line, the counts
    by class (editorial entries apart), Coq's line when it ran and when it did not, what was not
    checked here with the reasons, and the first failure -- or that every certificate checks."""
    from zonemax.proofs_check.checker import (
        COQ,
        EDITORIAL,
        EXACT,
        SMT,
        DirectoryResult,
        FileResult,
        render,
    )
    from zonemax.proofs_check.checker.coq import CoqReport, TheoremResult

    whole, finite = "proved for the whole domain", "exhaustive on a finite range"
    files = (
        FileResult("d/A.json", "S1.a", True, "ok", "holds", COQ, ("Coq S1_a", "forall (3 cases)"),
                   (), whole),
        FileResult("d/B.json", "S2.b", True, "ok", "fails", EXACT, ("arith",),
                   ("text (TeX not found (ZONEMAX_PAPER_TEX: x.tex is not a file))",), whole),
        FileResult("d/C.json", "S3.c", True, "ok", "holds", EXACT, ("identity",), (), finite),
        FileResult("d/D.json", "S4.d", True, "ok", "holds", SMT, ("z3 and cvc5",),
                   ("Coq theorem S4_d (not re-run)", "text (no TeX here)"), whole),
        FileResult("d/editorial/E.json", "S5.e", True, "ok", EDITORIAL, EXACT, ("text",), (),
                   "the printed text"),
    )
    coq = CoqReport(True, "8.16.1", {"S1_a": TheoremResult("S1_a", True, ""),
                                     "S3_c": TheoremResult("S3_c", False, "no")})
    good = render(DirectoryResult(files, (), coq), "d")
    assert good == (
        "ok   S1.a: holds, proved for the whole domain; proved in Coq [Coq S1_a; forall (3 "
        "cases)]\n"
        "ok   S2.b: fails, proved for the whole domain; re-checked exactly [arith; NOT CHECKED: "
        "text]\n"
        "ok   S3.c: holds, exhaustive on a finite range; re-checked exactly [identity]\n"
        "ok   S4.d: holds, proved for the whole domain; decided by z3 and cvc5 [z3 and cvc5; "
        "NOT CHECKED: Coq theorem S4_d, text]\n"
        "ok   S5.e: editorial, the printed text; re-checked exactly [text]\n"
        "checked 5 files in d against the checker's manifest (4 verdicts, 1 editorial)\n"
        "  verdicts by how they are established: proved in Coq 1, decided by z3 and cvc5 1, "
        "re-checked exactly 2\n"
        "  Coq: 8.16.1 re-ran 1 of 2 theorems\n"
        "  NOT checked here: Coq 1, text 2 (TeX not found (ZONEMAX_PAPER_TEX: x.tex is not a "
        "file); no TeX here; not re-run)\n"
        "every certificate checks\n")
    bad_file = FileResult("d/F.json", "S6.f", False, "exact check 0 (arith) is false")
    not_run = CoqReport(False, "", {}, "the Coq proofs were not re-run (--no-coq)")
    bad = render(DirectoryResult((files[0], bad_file), ("1 claims of the manifest have no file: "
                                                        "S7.g",), not_run), "d")
    assert bad == (
        "ok   S1.a: holds, proved for the whole domain; proved in Coq [Coq S1_a; forall (3 "
        "cases)]\n"
        "FAIL S6.f (d/F.json): exact check 0 (arith) is false\n"
        "FAIL directory: 1 claims of the manifest have no file: S7.g\n"
        "checked 2 files in d against the checker's manifest (2 verdicts, 0 editorial)\n"
        "  verdicts by how they are established: proved in Coq 1\n"
        "  Coq: the Coq proofs were not re-run (--no-coq)\n"
        "2 problems; the first: 1 claims of the manifest have no file: S7.g\n")
    none = render(DirectoryResult((bad_file,), (), None), "d")
    assert "  verdicts by how they are established: none\n" in none
    assert "Coq" not in none and none.endswith("1 problems; the first: S6.f (d/F.json): exact "
                                               "check 0 (arith) is false\n")


def test_directory_problems_word_for_word(tmp_path: Path) -> None:
    """check_directory's own refusals, without checking a file: every missing claim and
    editorial entry (the first eight named), files of claims and editorial entries that are
    not in the manifest, and the Coq note when the proofs are not re-run."""
    from zonemax.proofs_check.checker import check_directory
    from zonemax.proofs_check.checker.manifest import EDITORIAL_ENTRIES, MANIFEST

    (tmp_path / "S0.nope.json").write_text("{}", encoding="utf-8")
    (tmp_path / "editorial").mkdir()
    (tmp_path / "editorial" / "S0.aside.json").write_text("{}", encoding="utf-8")
    result = check_directory(tmp_path, None, run_coq=False)
    claims, editorial = sorted(MANIFEST), sorted(EDITORIAL_ENTRIES)
    assert len(claims) > 8 and len(editorial) > 1
    assert result.problems == (
        f"{len(claims)} claims of the manifest have no file: {', '.join(claims[:8])} ...",
        "files for claims that are not in the manifest: S0.nope.json",
        f"editorial entries without a file: {', '.join(editorial[:8])}",
        "editorial files not in the manifest: S0.aside",
    )
    assert result.files == () and not result.ok
    assert result.coq is not None and not result.coq.ran
    assert result.coq.note == "the Coq proofs were not re-run (--no-coq)"
    # one claim's file present (and checked): it is no longer missing, nothing else changes
    first = tmp_path / f"{claims[0]}.json"
    first.write_text("{}", encoding="utf-8")
    again = check_directory(tmp_path, None, run_coq=False)
    assert again.problems[0] == (f"{len(claims) - 1} claims of the manifest have no file: "
                                 f"{', '.join(claims[1:9])} ...")
    assert again.problems[1:] == result.problems[1:]
    assert [f.claim for f in again.files] == ["?"] and not again.files[0].ok
