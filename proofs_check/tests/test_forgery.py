"""Forged certificate directories, as a sceptical referee would write them.

Every forgery below was accepted, with exit 0, by the checker that re-checked whatever
arithmetic a file supplied.  The checker now compares each file with its own manifest and
recomputes the manifest's obligations: each forgery must be rejected with one clear line.  All
forgeries are applied to one copy of a full certificate directory, which is checked once; the
control is the unforged directory, which checks (test_claims.py::test_certificates_check).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from zonemax.proofs_check import run_claims
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import DirectoryResult, check_directory, check_files, recheck
from zonemax.proofs_check.checker.kinds import CertificateError

from zonemax import cli

Doc = dict[str, Any]


def _read(d: Path, cid: str) -> Doc:
    doc: Doc = json.loads((d / f"{cid}.json").read_text(encoding="utf-8"))
    return doc


def _write(d: Path, name: str, doc: Doc | str) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    (d / name).write_text(text, encoding="utf-8")


def _text(doc: Doc) -> list[Doc]:
    return [c for c in doc["certificates"] if c["kind"] == "text"]


def total_line_refiled_as_holds(d: Path) -> None:
    """A known failure re-filed as 'holds' with the single assertion 1 > 0."""
    doc = _read(d, "S3.total-line")
    doc["status"] = "holds"
    doc["certificates"] = [{"kind": "arith", "env": {}, "assert": [
        {"lhs": "1", "op": ">", "rhs": "0"}]}, *_text(doc)]
    _write(d, "S3.total-line.json", doc)


def lemma7_theta_refiled_with_smt(d: Path) -> None:
    """The theorem-affecting finding re-filed as 'holds' with (assert false) expecting unsat."""
    doc = _read(d, "S5.lemma7-theta")
    doc["status"] = "holds"
    doc["certificates"] = [{"kind": "smt", "smtlib": "(assert false)\n(check-sat)",
                            "expect": "unsat"}, *_text(doc)]
    _write(d, "S5.lemma7-theta.json", doc)


def statement_swapped(d: Path) -> None:
    """A statement text swapped for another claim's, certificates unchanged (S3.e1-chain; the
    issue's example, S3.drift-final, carries the enumeration forgery below)."""
    doc = _read(d, "S3.e1-chain")
    doc["statement"] = _read(d, "S3.e1-first-line")["statement"]
    _write(d, "S3.e1-chain.json", doc)


def finding_deleted(d: Path) -> None:
    (d / "S3.uniform-on-A.json").unlink()


def finding_made_inconclusive(d: Path) -> None:
    """A finding turned 'inconclusive' with its evidence dropped."""
    doc = _read(d, "S3.cS-regroup")
    doc["status"] = "inconclusive"
    doc["certificates"] = _text(doc)
    _write(d, "S3.cS-regroup.json", doc)


def claim_field_names_another(d: Path) -> None:
    """A file whose claim field names another claim (S3.x0-bound's content as S3.x-min)."""
    _write(d, "S3.x-min.json", _read(d, "S3.x0-bound"))


def extra_file(d: Path) -> None:
    """A file for a claim that does not exist."""
    doc = _read(d, "S3.omega-margin")
    doc["claim"] = "S9.invented"
    _write(d, "S9.invented.json", doc)


def drift_final_enumeration_cut(d: Path) -> None:
    """S3.drift-final's enumeration cut to one case; its coverage text still says n <= 60."""
    doc = _read(d, "S3.drift-final")
    cert = doc["certificates"][0]
    cert["vars"][0]["domain"].update(n=[1, 1], max=1)
    cert["cases"] = 1
    _write(d, "S3.drift-final.json", doc)


def arith_env_rebinds_e(d: Path) -> None:
    """An arith environment that redefines e and moves omega to where the margin fails."""
    doc = _read(d, "S3.omega-margin")
    doc["certificates"][0]["env"].update(omega="137/100", e="2")
    _write(d, "S3.omega-margin.json", doc)


def failure_with_another_claims_certificate(d: Path) -> None:
    """A 'fails' verdict carrying another claim's certificate."""
    doc = _read(d, "S3.e2-bound")
    other = [c for c in _read(d, "S3.total-line")["certificates"] if c["kind"] != "text"]
    doc["certificates"] = [*other, *_text(doc)]
    _write(d, "S3.e2-bound.json", doc)


def malformed_json(d: Path) -> None:
    _write(d, "S2.law-base-free.json", '{"format": "zonemax-certificate/2", "claim": ')


def malformed_smt(d: Path) -> None:
    """A malformed SMT script (Reall for Real): once a z3 traceback."""
    doc = _read(d, "S2.alg2-velocity-prose")
    doc["certificates"].insert(0, {"kind": "smt", "smtlib": "(declare-const v Reall)",
                                   "expect": "sat"})
    _write(d, "S2.alg2-velocity-prose.json", doc)


def certificates_not_a_list(d: Path) -> None:
    doc = _read(d, "S1.target-count")
    doc["certificates"] = {"kind": "arith"}
    _write(d, "S1.target-count.json", doc)


def certificate_with_wrong_types(d: Path) -> None:
    """Types a JSON file can carry where the checker expects others (a number as the quote)."""
    doc = _read(d, "S2.thm1-lemma7")
    doc["certificates"][-1]["quote"] = 7
    _write(d, "S2.thm1-lemma7.json", doc)


def editorial_deleted(d: Path) -> None:
    next((d / "editorial").glob("*.json")).unlink()


# --------------------------------------------- fields the checker did not compare (format 2)
def _add_key(cid: str, key: str, value: Any) -> Callable[[Path], None]:
    """A field outside the format added to one file (each forgery on a claim of its own)."""
    def forge(d: Path) -> None:
        doc = _read(d, cid)
        doc[key] = value
        _write(d, f"{cid}.json", doc)

    forge.__name__ = f"{key}_added"
    return forge


#: (claim, key, value): a verdict, reading, severity, fix or scope text riding along
_ADDED = [("S6.rls-hypotheses", "reading", "holds"),
          ("S6.rls-drift", "severity", "cosmetic"),
          ("S6.heavy-hypotheses", "fix_claim", "E[T] <= 1"),
          ("S6.bounded-space", "method", "proved in Coq"),
          ("S6.elitist-box", "covered", "every n"),
          ("S6.heavy-usable-mass", "cases", 10**9),
          ("S6.jumps-pay-off", "paper", "another-paper.tex"),
          ("S6.jumps-pay-off-conditioned", "verdict", "holds")]


def _duplicate(cid: str, key: str, first: str) -> Callable[[Path], None]:
    """A key given twice: ``first`` (what a reader sees) before the value json would keep."""
    def forge(d: Path) -> None:
        text = (d / f"{cid}.json").read_text(encoding="utf-8")
        at = text.index(f'"{key}": ')
        (d / f"{cid}.json").write_text(f"{text[:at]}\"{key}\": {first}, {text[at:]}",
                                       encoding="utf-8")

    forge.__name__ = f"duplicate_{key}"
    return forge


#: (claim, key, the first value): top level, and inside a certificate (``lhs``)
_DUPLICATED = [("S2.c-eps-finite", "status", '"fails"'),
               ("S2.heavy-infinite-mean", "statement", '"1 > 0"'),
               ("S2.alg2-loop", "certificates",
                '[{"kind": "arith", "env": {}, "assert": [{"lhs": "1", "op": ">", "rhs": "0"}]}]'),
               ("S2.thm1-thm4", "lhs", '"1"')]


def fifo_named_as_a_claim(d: Path) -> None:
    """A named pipe in place of a claim's file: must be refused without being opened."""
    (d / "S1.target-count-bound.json").unlink()
    os.mkfifo(d / "S1.target-count-bound.json")


def fifo_extra(d: Path) -> None:
    os.mkfifo(d / "pipe.json")


def extra_directory(d: Path) -> None:
    (d / "tables").mkdir()
    _write(d / "tables", "S4.c-eps-enclosures.json", _read(d, "S4.thm5-constant"))


def symlink_to_a_claim(d: Path) -> None:
    (d / "S5.case4.json").rename(d / "elsewhere.txt")
    (d / "S5.case4.json").symlink_to(d / "elsewhere.txt")


#: forgery -> (the file it concerns, or "directory"; the words the one line must contain)
FORGERIES: dict[Callable[[Path], None], tuple[str, str]] = {
    total_line_refiled_as_holds: (
        "S3.total-line", "status 'holds', but the manifest's statement of S3.total-line "
                         "supports 'fails'"),
    lemma7_theta_refiled_with_smt: (
        "S5.lemma7-theta", "status 'holds', but the manifest's statement of S5.lemma7-theta "
                           "supports 'fails'"),
    statement_swapped: ("S3.e1-chain", "statement is not the manifest's"),
    finding_deleted: ("directory", "claims of the manifest have no file: S1.target-count-bound, "
                                  "S3.uniform-on-A, S5.case4"),
    finding_made_inconclusive: (
        "S3.cS-regroup", "status 'inconclusive', but the manifest's statement of "
                         "S3.cS-regroup supports 'fails'"),
    claim_field_names_another: (
        "S3.x0-bound", "the file S3.x-min.json holds claim S3.x0-bound; it must be named "
                       "S3.x0-bound.json"),
    extra_file: ("directory", "files for claims that are not in the manifest: S9.invented.json"),
    drift_final_enumeration_cut: (
        "S3.drift-final", "exact check 0 (forall) is not the manifest's forall check "
                          "(differs in: cases, vars)"),
    arith_env_rebinds_e: (
        "S3.omega-margin", "exact check 0 (arith) is not the manifest's arith check (differs "
                           "in: env)"),
    failure_with_another_claims_certificate: (
        "S3.e2-bound", "exact check 0 (arith) is not the manifest's arith check"),
    malformed_json: ("S2.law-base-free", "unreadable: Expecting value"),
    malformed_smt: ("S2.alg2-velocity-prose", "certificate 0: unknown kind 'smt'"),
    certificates_not_a_list: ("S1.target-count", "field 'certificates' is missing or not a list"),
    certificate_with_wrong_types: ("S2.thm1-lemma7", "not the manifest's TeX reference"),
    editorial_deleted: ("directory", "editorial entries without a file"),
    **{_add_key(cid, key, value): (cid, f"unknown keys '{key}'") for cid, key, value in _ADDED},
    **{_duplicate(cid, key, first): (cid, f"the key '{key}' appears twice in one object")
       for cid, key, first in _DUPLICATED},
    fifo_named_as_a_claim: ("directory", "S1.target-count-bound.json is a named pipe"),
    fifo_extra: ("directory", "pipe.json is a named pipe"),
    extra_directory: ("directory", "tables is a directory"),
    symlink_to_a_claim: ("directory", "S5.case4.json is a symbolic link"),
}


@pytest.fixture(scope="module")
def forged(full_certificates: Path, tmp_path_factory: pytest.TempPathFactory
           ) -> tuple[Path, DirectoryResult]:
    d = tmp_path_factory.mktemp("forged") / "certs"
    shutil.copytree(full_certificates, d)
    for forge in FORGERIES:
        forge(d)
    return d, check_directory(d, None, run_coq=False)


@pytest.mark.parametrize("forge", FORGERIES, ids=[f.__name__ for f in FORGERIES])
def test_forgery_is_rejected(forge: Callable[[Path], None],
                             forged: tuple[Path, DirectoryResult]) -> None:
    _, result = forged
    target, words = FORGERIES[forge]
    assert not result.ok
    if target == "directory":
        assert any(words in p for p in result.problems), result.problems
        return
    lines = [f.message for f in result.files  # ("?": a file that names no claim)
             if target in (f.claim, Path(f.path).stem) and not f.ok]
    assert any(words in line for line in lines), (target, lines)
    assert all("\n" not in line and len(line) < 400 for line in lines)


def test_only_the_forged_files_fail(forged: tuple[Path, DirectoryResult]) -> None:
    _, result = forged
    bad = {Path(f.path).stem for f in result.files if not f.ok}
    assert bad == {"S3.total-line", "S5.lemma7-theta", "S3.e1-chain", "S3.drift-final",
                   "S3.cS-regroup",
                   "S3.x-min", "S3.omega-margin", "S3.e2-bound", "S2.law-base-free",
                   "S2.alg2-velocity-prose", "S1.target-count", "S2.thm1-lemma7",
                   *(cid for cid, _, _ in _ADDED),
                   *(cid for cid, _, _ in _DUPLICATED)}


def test_the_command_line_exits_1_with_one_line(forged: tuple[Path, DirectoryResult],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    d, result = forged
    assert cli.main(["claims", "--check", str(d), "--no-coq"]) == 1
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    problems = sum(not f.ok for f in result.files) + len(result.problems)
    assert problems == 24 + 8  # files; the directory: 7 forgeries, and the link's target file
    assert last.startswith(f"{problems} problems; the first: ")
    assert "Traceback" not in out


def test_reserved_names_are_refused_by_the_recomputation_too() -> None:
    cert = {"kind": "arith", "env": {"omega": "6/5", "e": "2"},
            "assert": [{"lhs": "omega - 1 - e*(omega - 1)**2", "op": ">", "rhs": "0"}]}
    with pytest.raises(CertificateError, match="env rebinds reserved names: e"):
        recheck(cert)


def test_a_planted_encoding_bug_in_the_search_is_rejected(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """A one-token bug in the search's z3 translation of Lemma 8 (beta^2 v for beta v in the
    away step) turns Case 4 (and Case 5) inconclusive; its certificate no longer say what the
    manifest says, and the checker rejects them.  Control: without the bug they check."""
    from zonemax.proofs_check import rls_decide

    ids = ["S5.case4"]
    write_certificates(run_claims(ids), tmp_path / "good")
    good = check_files([tmp_path / "good" / f"{c}.json" for c in ids])
    assert all(r.ok for r in good), [r.message for r in good]

    def g_away(self: Any, d: Any, v: Any, al: Any, be: Any, c: Any, p: Any) -> Any:
        return self.g(d, self.max(self.val(Fraction(1)), be * be * v), al, be, c, p)

    monkeypatch.setattr(rls_decide._Z3Builder, "g_away", g_away)
    rls_decide.decide.cache_clear()
    try:
        write_certificates(run_claims(ids), tmp_path / "bug")
    finally:
        rls_decide.decide.cache_clear()
    bad = check_files([tmp_path / "bug" / f"{c}.json" for c in ids])
    assert not any(r.ok for r in bad)
    assert all("status 'inconclusive', but the manifest's statement" in r.message for r in bad)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8)
                     | st.floats(allow_nan=True), lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            out += _paths(v, (*prefix, k))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_malformed_file_is_one_line_never_an_exception(data: st.DataObject,
                                                            full_certificates: Path,
                                                            tmp_path: Path) -> None:
    """Replace one part of a valid file (S3.drift-final: nested enumerations) by arbitrary JSON:
    the checker answers with a FileResult, never an exception; a changed file never checks."""
    doc = _read(full_certificates, "S3.drift-final")
    where = data.draw(st.sampled_from(_paths(doc)[1:]))
    value = data.draw(_JSON)
    target: Any = doc
    for key in where[:-1]:
        target = target[key]
    if target[where[-1]] == value:
        return
    target[where[-1]] = value
    path = tmp_path / "S3.drift-final.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (result,) = check_files([path])
    assert "\n" not in result.message
    assert not result.ok, (where, value)  # every field of the format is bound


def test_a_named_pipe_is_refused_without_being_opened(tmp_path: Path) -> None:
    """check_files on a named pipe: one line, at once (opening it would block until a writer
    came)."""
    pipe = tmp_path / "S1.target-count.json"
    os.mkfifo(pipe)
    (result,) = check_files([pipe])
    assert not result.ok and result.message == "a named pipe, not a regular file"


def test_the_reading_of_the_one_theorem_affecting_finding_is_not_in_the_format(
        full_certificates: Path, tmp_path: Path) -> None:
    """S5.lemma7-theta ('false as stated, theorem affected') with ``reading: holds`` added, or
    with its status given twice (``holds`` first, as a reader sees it): refused; the file as
    written checks (the control)."""
    good = tmp_path / "S5.lemma7-theta.json"
    shutil.copy(full_certificates / good.name, good)
    (control,) = check_files([good])
    assert control.ok and control.status == "fails", control.message
    doc = _read(tmp_path, "S5.lemma7-theta")
    doc["reading"] = "holds"
    _write(tmp_path, good.name, doc)
    (result,) = check_files([good])
    assert not result.ok and result.message.startswith("unknown keys 'reading'")
    text = (full_certificates / good.name).read_text(encoding="utf-8")
    good.write_text(text.replace('"status": ', '"status": "holds", "status": ', 1),
                    encoding="utf-8")
    (result,) = check_files([good])
    assert result.message == "the key 'status' appears twice in one object"
