"""What :func:`check_file` and :func:`check_files` report, word for word (issue 25, group top1).

The mutation pass of the checker left mutants of ``check_file``, ``check_files``,
``_obligations``, ``_guarded`` and ``_split`` alive: the other tests read ``ok`` and the
first failure, not the rest of a :class:`FileResult` (its details, what was not checked, how the
claim is established), and no test gave ``check_file`` its default Coq report or a Coq report
that ran.  These tests do, on certificate files written from the manifest itself (what the
search must write; no search run) and on small entries of their own where a manifest entry
cannot show a case (a false exact check, an SMT formula, an argument by hand).

Coq and the solvers are replaced by recording fakes (``check_proofs``, ``both_unsat``) where
the test is about what the checker does with their answers; the fakes return reports of the
real types (:class:`.coq.CoqReport`, :class:`.solvers.Answer`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check import checker
from zonemax.proofs_check.checker import (
    COQ,
    EXACT,
    FORMAT,
    HAND,
    SMT,
    TRUSTED,
    FileResult,
    check_file,
    check_files,
    solvers,
)
from zonemax.proofs_check.checker import coq as coq_module
from zonemax.proofs_check.checker.coq import CoqReport, TheoremResult
from zonemax.proofs_check.checker.formula import Formula, smt_script
from zonemax.proofs_check.checker.manifest import MANIFEST
from zonemax.proofs_check.checker.paper import PaperTex
from zonemax.proofs_check.checker.statement import ByHand, Check, Coq, Entry, Smt

#: No TeX: the text certificate is reported as not checked, with this reason.
NO_TEX = PaperTex(None, "nowhere", "no TeX here")
NOT_CHECKED = "text (not checked: no TeX here)"
#: Claims used below: one arith check (its note is empty), one forall check (60 cases), two Coq
#: theorems and one identity check, one Coq theorem and one arith check.
ARITH, FORALL, TWO_COQ, ONE_COQ = ("S1.target-count", "S1.intro-step-law-fixed",
                                    "S3.omega-range", "S3.omega-margin")


def _doc(entry: Entry) -> dict[str, Any]:
    """The certificate file the search must write for ``entry``: its header, its exact checks
    in order and its one text reference, all the manifest's."""
    checks = [{"kind": o.kind, **o.spec} for o in entry.obligations if isinstance(o, Check)]
    first, last, quote = entry.tex
    return {"format": FORMAT, "claim": entry.id, "statement": entry.statement,
            "status": entry.verdict, "coverage": entry.coverage,
            "quantifier": entry.quantifier,
            "certificates": [*checks, {"kind": "text", "first": first, "last": last,
                                       "quote": quote}]}


def _write(directory: Path, doc: Mapping[str, Any] | str, name: str) -> Path:
    path = directory / f"{name}.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def _file(directory: Path, cid: str) -> Path:
    return _write(directory, _doc(MANIFEST[cid]), cid)


def _report(ran: bool, theorems: Mapping[str, TheoremResult] | None = None,
            note: str = "") -> CoqReport:
    return CoqReport(ran, "The Coq Proof Assistant, fake" if ran else "", dict(theorems or {}),
                     note)


def _proved(*names: str) -> dict[str, TheoremResult]:
    return {n: TheoremResult(n, True, "proved (0 allowed axioms)") for n in names}


class _FakeCoq:
    """``check_proofs`` that proves every theorem it is given and records each call."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Formula]] = []

    def __call__(self, obligations: Mapping[str, Formula], **_: Any) -> CoqReport:
        self.calls.append(dict(obligations))
        return _report(True, _proved(*obligations))


@pytest.fixture
def fake_coq(monkeypatch: pytest.MonkeyPatch) -> _FakeCoq:
    fake = _FakeCoq()
    monkeypatch.setattr(coq_module, "check_proofs", fake)
    return fake


# ------------------------------------------------------------------------ a file that checks
@pytest.mark.parametrize(("cid", "details"), [
    (ARITH, ("arith",)), (FORALL, ("forall (60 cases)",))])
def test_a_file_that_checks_word_for_word(tmp_path: Path, paper_tex: Path, fake_coq: _FakeCoq,
                                          cid: str, details: tuple[str, ...]) -> None:
    """The whole result of a manifest claim's file without Coq obligations, checked with the
    default Coq report: its path, claim, "ok", the manifest's verdict, "re-checked exactly",
    each exact check's note (none for an empty one) and then the quote check -- and nothing
    unchecked.  Without the TeX the quote is listed as not checked instead; and no coqc run is
    asked for a claim with nothing to prove in Coq."""
    path = _file(tmp_path, cid)
    verdict = MANIFEST[cid].verdict
    coverage = MANIFEST[cid].coverage
    assert check_file(path, paper_tex) == FileResult(
        str(path), cid, True, "ok", verdict, EXACT, (*details, "text"), (), coverage)
    assert check_file(path, NO_TEX) == FileResult(
        str(path), cid, True, "ok", verdict, EXACT, details, (NOT_CHECKED,), coverage)
    assert fake_coq.calls == []


def test_coq_theorems_not_rerun_are_listed_and_the_claim_is_trusted(tmp_path: Path) -> None:
    """Coq not re-run: every theorem of the claim (both of S3.omega-range) is listed as not
    checked with the report's note, before the quote; the claim is "trusted", never "proved
    in Coq"; the exact check still runs."""
    path = _file(tmp_path, TWO_COQ)
    result = check_file(path, NO_TEX, coq=_report(False, note="no coqc in this test"))
    assert result == FileResult(
        str(path), TWO_COQ, True, "ok", "holds", TRUSTED, ("identity (3^2 points)",),
        ("Coq theorem S3_omega_range (no coqc in this test)",
         "Coq theorem S3_omega_range_2 (no coqc in this test)", NOT_CHECKED),
        MANIFEST[TWO_COQ].coverage)


@pytest.mark.parametrize("cid", [ONE_COQ, TWO_COQ])
def test_coq_theorems_rerun_make_the_claim_proved_in_coq(tmp_path: Path, paper_tex: Path,
                                                         cid: str) -> None:
    """Coq re-run and every theorem of the claim proved (one theorem, and two): the claim is
    "proved in Coq" and each theorem is named among the details, after the exact checks."""
    entry = MANIFEST[cid]
    names = [n for n, _ in entry.coq_formulas()]
    path = _file(tmp_path, cid)
    result = check_file(path, paper_tex, coq=_report(True, _proved(*names)))
    checks = {ONE_COQ: ("arith",), TWO_COQ: ("identity (3^2 points)",)}[cid]
    assert result == FileResult(str(path), cid, True, "ok", "holds", COQ,
                                (*checks, *(f"Coq theorem {n}" for n in names), "text"), (),
                                entry.coverage)


@pytest.mark.parametrize(("theorems", "message"), [
    (_proved("S3_omega_range"), "Coq theorem S3_omega_range_2: not compiled"),
    ({**_proved("S3_omega_range"), "S3_omega_range_2": TheoremResult(
        "S3_omega_range_2", False, "S3_omega_range_2.v does not compile: Error: planted")},
     "Coq theorem S3_omega_range_2: S3_omega_range_2.v does not compile: Error: planted"),
    ({"S3_omega_range": TheoremResult("S3_omega_range", False, "uses Admitted"),
      **_proved("S3_omega_range_2")}, "Coq theorem S3_omega_range: uses Admitted"),
])
def test_a_coq_theorem_missing_or_failed_in_a_run_rejects_the_file(
        tmp_path: Path, theorems: dict[str, TheoremResult], message: str) -> None:
    """A report that ran but lacks one of the claim's theorems ("not compiled") or holds it
    as failed (its own message) rejects the file with that one line."""
    path = _file(tmp_path, TWO_COQ)
    assert check_file(path, NO_TEX, coq=_report(True, theorems)) == FileResult(
        str(path), TWO_COQ, False, message)


def test_the_default_coq_report_compiles_exactly_the_claims_theorems(
        tmp_path: Path, fake_coq: _FakeCoq) -> None:
    """Without a report, ``check_file`` compiles the claim's own Coq obligations (theorem name
    -> the manifest's formula) and judges the file by that run."""
    entry = MANIFEST[TWO_COQ]
    path = _file(tmp_path, TWO_COQ)
    result = check_file(path, NO_TEX)
    assert fake_coq.calls == [dict(entry.coq_formulas())]
    assert (result.ok, result.established, result.details) == (
        True, COQ, ("identity (3^2 points)", "Coq theorem S3_omega_range",
                    "Coq theorem S3_omega_range_2"))


def test_check_files_runs_coq_once_for_all_files_or_reports_it_not_rerun(
        tmp_path: Path, fake_coq: _FakeCoq) -> None:
    """``check_files(run_coq=True)`` compiles the Coq obligations of all its files in one run
    (one build of the library, not one per file) and judges each file by it; without
    ``run_coq`` nothing is compiled and each theorem is reported as not re-run."""
    paths = [_file(tmp_path, c) for c in (TWO_COQ, ARITH, ONE_COQ)]
    ran = check_files(paths, NO_TEX, run_coq=True)
    assert fake_coq.calls == [{**dict(MANIFEST[TWO_COQ].coq_formulas()),
                               **dict(MANIFEST[ONE_COQ].coq_formulas())}]
    assert [(r.ok, r.established) for r in ran] == [(True, COQ), (True, EXACT), (True, COQ)]
    fake_coq.calls.clear()
    not_run = check_files(paths, NO_TEX)
    assert fake_coq.calls == []
    assert [(r.ok, r.established, r.unchecked) for r in not_run] == [
        (True, TRUSTED, ("Coq theorem S3_omega_range (the Coq proofs were not re-run)",
                         "Coq theorem S3_omega_range_2 (the Coq proofs were not re-run)",
                         NOT_CHECKED)),
        (True, EXACT, (NOT_CHECKED,)),
        (True, TRUSTED, ("Coq theorem S3_omega_margin (the Coq proofs were not re-run)",
                         NOT_CHECKED))]


# ------------------------------------------------------------------ refusals, word for word
@pytest.mark.parametrize(("content", "claim", "message"), [
    ("{not json", "?", None),
    ({"format": "zonemax-certificate/1", "claim": ARITH}, "?",
     f"format is 'zonemax-certificate/1', not {FORMAT}"),
    ({"format": FORMAT}, "?", "claim '?' is not in the checker's manifest"),
    ({"format": FORMAT, "claim": "S9.no-such-claim"}, "S9.no-such-claim",
     "claim 'S9.no-such-claim' is not in the checker's manifest"),
    ({**_doc(MANIFEST[ARITH]), "status": "holds"}, ARITH,
     "status 'holds', but the manifest's statement of S1.target-count supports 'fails'"),
])
def test_a_refused_file_names_its_claim_and_says_why(tmp_path: Path, content: Any, claim: str,
                                                     message: str | None) -> None:
    """A refused file's result: its path, the claim it names ("?" when it names none or could
    not be read) and the one line of the refusal."""
    path = _write(tmp_path, content, ARITH)
    result = check_file(path, NO_TEX, coq=_report(False, note="unused"))
    assert (result.path, result.claim, result.ok) == (str(path), claim, False)
    if message is None:
        assert result.message.startswith("unreadable: ")
    else:
        assert result.message == message


@pytest.mark.parametrize("bad", ["arith", ["arith"], {"first": 1}, {"kind": 5}, {"kind": None}])
def test_a_certificate_that_is_not_an_object_with_a_kind_is_refused(bad: Any) -> None:
    """Each certificate of a file must be a JSON object with a string ``kind``; otherwise the
    file is refused with one line naming the certificate (never a crash inside the check)."""
    doc = {"certificates": [{"kind": "text"}, bad]}
    with pytest.raises(checker._Reject,
                       match=re.escape("certificate 1 is not an object with a kind") + "$"):
        checker._split(doc)


# --------------------------------------------------------------- obligations of an entry
def _entry(*obligations: Any) -> Entry:
    return Entry("T.test", (1, 1, "quote"), "a test entry", "for all x", "holds",
                 "proved for the whole domain", tuple(obligations))


_FALSE = Check("arith", {"assert": [{"lhs": "1", "op": "<", "rhs": "0"}]})
_TRUE = Check("arith", {"assert": [{"lhs": "0", "op": "<", "rhs": "1"}]})
#: x >= 0 -> x*x >= 0 (true), and x >= 0 -> x >= 1 (false).
_SQUARE = Formula((("x", "real"),), (("x", ">=", "0"),), (("x*x", ">=", "0"),))
_WRONG = Formula((("x", "real"),), (("x", ">=", "0"),), (("x", ">=", "1"),))


def _certs(entry: Entry) -> list[dict[str, Any]]:
    return [{"kind": o.kind, **o.spec} for o in entry.obligations if isinstance(o, Check)]


def test_an_exact_check_that_does_not_hold_is_refused_with_its_reason() -> None:
    """An exact check of the entry that is false refuses the file, naming the check's place,
    its kind and what is false; a true one is accepted with whether Coq ran: ``None`` when the
    entry has no Coq obligation."""
    bad = _entry(_TRUE, _FALSE)
    with pytest.raises(checker._Reject, match=re.escape(
            "exact check 1 (arith) does not check: 1 < 0 is false") + "$"):
        checker._obligations(bad, _certs(bad), NO_TEX, _report(False, note="unused"))
    good = _entry(_TRUE)
    assert checker._obligations(good, _certs(good), NO_TEX, _report(True)) == (
        ["arith"], [], None)


def test_obligations_say_coq_was_not_rerun() -> None:
    """Coq obligations that did not run give ``False`` (not re-run ok), never ``None`` (no
    Coq obligation) or ``True``."""
    entry = _entry(Coq(_SQUARE), _TRUE)
    assert checker._obligations(entry, _certs(entry), NO_TEX,
                                _report(False, note="absent")) == (
        ["arith"], ["Coq theorem T_test (absent)"], False)


class _FakeSolvers:
    """``both_unsat`` with fixed answers, recording the scripts it is asked."""

    def __init__(self, z3: str, cvc5: str) -> None:
        self.answers = (solvers.Answer("z3", z3, "4.99.1"),
                        solvers.Answer("cvc5", cvc5, "1.9.9 (nl-cov)"))
        self.scripts: list[str] = []

    def __call__(self, script: str) -> tuple[bool, tuple[solvers.Answer, ...]]:
        self.scripts.append(script)
        return all(a.answer == "unsat" for a in self.answers), self.answers


@pytest.mark.parametrize(("z3", "cvc5", "message"), [
    ("unsat", "unsat", None),
    ("sat", "unsat", "SMT formula not refuted by both solvers "
                     "(z3 4.99.1: sat, cvc5 1.9.9 (nl-cov): unsat)"),
    ("unsat", "unknown", "SMT formula not refuted by both solvers "
                         "(z3 4.99.1: unsat, cvc5 1.9.9 (nl-cov): unknown)"),
])
def test_an_smt_formula_is_asked_in_the_checkers_translation_and_both_must_refute(
        monkeypatch: pytest.MonkeyPatch, z3: str, cvc5: str, message: str | None) -> None:
    """The solvers are asked the checker's own script of the manifest's formula; both
    ``unsat`` is a detail naming each solver, its version and answer; anything else refuses
    with the same list."""
    fake = _FakeSolvers(z3, cvc5)
    monkeypatch.setattr(solvers, "both_unsat", fake)
    entry = _entry(Smt(_SQUARE))
    if message is None:
        assert checker._obligations(entry, [], NO_TEX, _report(True)) == (
            ["z3 and cvc5 unsat (z3 4.99.1: unsat, cvc5 1.9.9 (nl-cov): unsat)"], [], None)
    else:
        with pytest.raises(checker._Reject, match=re.escape(message) + "$"):
            checker._obligations(entry, [], NO_TEX, _report(True))
    assert fake.scripts == [smt_script(_SQUARE)]


@pytest.mark.parametrize(("formula", "ok"), [(_SQUARE, True), (_WRONG, False)])
def test_the_real_solvers_refute_a_true_formula_and_not_a_false_one(formula: Formula,
                                                                    ok: bool) -> None:
    """With z3 and cvc5 themselves: a true formula is decided (both unsat), a false one
    refused."""
    entry = _entry(Smt(formula))
    if ok:
        details, _, _ = checker._obligations(entry, [], NO_TEX, _report(True))
        assert re.fullmatch(r"z3 and cvc5 unsat \(z3 \S+: unsat, cvc5 \S+ \(nl-cov\): unsat\)",
                            details[0])
    else:
        with pytest.raises(checker._Reject, match=r"^SMT formula not refuted by both solvers "
                                                  r"\(z3 \S+: sat, cvc5 \S+ \(nl-cov\): sat\)$"):
            checker._obligations(entry, [], NO_TEX, _report(True))


def test_an_argument_by_hand_is_shown_in_its_first_120_characters() -> None:
    """An argument by hand is listed (never re-checked) by its first 120 characters, and the
    claim counts as "proved by hand"."""
    argument = "a" * 119 + "bc" + "d" * 20
    entry = _entry(_TRUE, ByHand(argument))
    assert checker._obligations(entry, _certs(entry), NO_TEX, _report(True)) == (
        ["arith", "by hand: " + "a" * 119 + "b"], [], None)
    assert checker._established(entry, None) == HAND
    assert checker._established(_entry(Smt(_SQUARE)), None) == SMT


# --------------------------------------------------------- header, checks and text, refused
_STATEMENT = MANIFEST[FORALL].statement  # 84 characters: the message shows the first 80
_FORALL_SPEC = dict(next(o for o in MANIFEST[FORALL].obligations if isinstance(o, Check)).spec)


def _changed(cid: str, **fields: Any) -> dict[str, Any]:
    return {**_doc(MANIFEST[cid]), **fields}


def _forall_cert(**fields: Any) -> dict[str, Any]:
    cert: dict[str, Any] = {"kind": "forall", **_FORALL_SPEC, **fields}
    return {k: v for k, v in cert.items() if v is not None}


def _with_check(cert: dict[str, Any]) -> dict[str, Any]:
    doc = _doc(MANIFEST[FORALL])
    return {**doc, "certificates": [cert, doc["certificates"][-1]]}


_TEXT_REF = "the text certificate is not the manifest's TeX reference (lines 267-267)"


@pytest.mark.parametrize(("doc", "message"), [
    ({k: v for k, v in _doc(MANIFEST[FORALL]).items() if k != "statement"},
     "missing keys 'statement'"),
    ({**_doc(MANIFEST[FORALL]), "statement": 7}, "field 'statement' is missing or not a str"),
    (_changed(FORALL, certificates={}), "field 'certificates' is missing or not a list"),
    (_changed(FORALL, statement=_STATEMENT + " (edited)"),
     f"statement is not the manifest's: {_STATEMENT[:80]!r} instead of {_STATEMENT[:80]!r}"),
    (_changed(FORALL, coverage="sampled"),
     "coverage is not the manifest's: 'sampled' instead of 'proved for the whole domain'"),
    (_with_check(_forall_cert(cases=61)),
     "exact check 0 (forall) is not the manifest's forall check (differs in: cases)"),
    (_with_check(_forall_cert(cases=None)),
     "exact check 0 (forall) is not the manifest's forall check (differs in: cases)"),
    (_with_check(_forall_cert(cases=59, extra=1)),
     "exact check 0 (forall) is not the manifest's forall check (differs in: cases, extra)"),
    (_with_check({**_forall_cert(), "kind": "identity"}),
     "exact check 0 (identity) is not the manifest's forall check (differs in: kind)"),
    ({**_with_check(_forall_cert()), "certificates": [
        _forall_cert(), _forall_cert(), _doc(MANIFEST[FORALL])["certificates"][-1]]},
     "2 exact checks, the manifest has 1 for S1.intro-step-law-fixed"),
    ({**_doc(MANIFEST[FORALL]), "certificates": [
        *_doc(MANIFEST[FORALL])["certificates"], _doc(MANIFEST[FORALL])["certificates"][-1]]},
     _TEXT_REF),
    ({**_doc(MANIFEST[FORALL]), "certificates": _doc(MANIFEST[FORALL])["certificates"][:1]},
     _TEXT_REF),
    ({**_doc(MANIFEST[FORALL]), "certificates": [
        _forall_cert(), {**_doc(MANIFEST[FORALL])["certificates"][-1], "last": 268}]},
     _TEXT_REF),
], ids=["no-statement", "statement-number", "certificates-object", "statement", "coverage", "cases",
        "cases-missing", "extra-key", "kind", "two-checks", "two-texts", "no-text", "lines"])
def test_a_file_that_is_not_the_manifests_is_refused_word_for_word(
        tmp_path: Path, doc: dict[str, Any], message: str) -> None:
    """Each way a file differs from the manifest's claim is refused with one line naming the
    field, the check and the keys that differ (both sides of the header's 80-character quote;
    a key only on one side counts), or the TeX lines of the text reference."""
    path = _write(tmp_path, doc, FORALL)
    assert check_file(path, NO_TEX, coq=_report(False, note="unused")) == FileResult(
        str(path), FORALL, False, message)


def test_a_text_reference_at_other_lines_is_refused_naming_the_manifests_lines(
        tmp_path: Path) -> None:
    """A text reference that starts a line early (S5.case2-factor is printed at TeX lines
    607-611) is refused, naming the manifest's first and last line."""
    cid = "S5.case2-factor"
    doc = _doc(MANIFEST[cid])
    doc["certificates"][-1]["first"] = 606
    path = _write(tmp_path, doc, cid)
    assert check_file(path, NO_TEX).message == (
        "the text certificate is not the manifest's TeX reference (lines 607-611)")


def test_a_file_must_be_named_after_its_claim(tmp_path: Path) -> None:
    """A claim's file under another claim's name is refused, saying what it must be called."""
    path = _write(tmp_path, _doc(MANIFEST[ARITH]), FORALL)
    assert check_file(path, NO_TEX).message == (
        "the file S1.intro-step-law-fixed.json holds claim S1.target-count; it must be named "
        "S1.target-count.json")


def test_a_quote_not_found_at_its_lines_is_refused(paper_tex: Path) -> None:
    """With the TeX at hand, a text reference whose quote is not at its lines is refused with
    the quote check's reason; one that is found is the detail "text"."""
    paper = PaperTex(paper_tex, "--tex")
    ref = (1, 1, "a quote that is not on the first line")
    with pytest.raises(checker._Reject, match=re.escape(
            "text does not check: quote not found in TeX lines 1-1") + "$"):
        checker._text(ref, [{"kind": "text", "first": 1, "last": 1, "quote": ref[2]}], paper)
    tex = MANIFEST[ARITH].tex
    assert checker._text(tex, [{"kind": "text", "first": tex[0], "last": tex[1],
                                "quote": tex[2]}], paper) == ("text", None)


# ------------------------------------------------------------------ one line, never a crash
def test_a_crash_inside_a_check_is_one_line_naming_the_exception(tmp_path: Path) -> None:
    """Anything a check raises besides a refusal becomes "malformed (<type>: <message>)", the
    message on one line and at most about 200 characters (both ends kept); the body is given
    the file's document, and a refusal keeps its own line."""
    path = _write(tmp_path, {"format": FORMAT, "claim": "S9.x"}, "S9.x")
    seen: list[Any] = []

    def crash(doc: dict[str, Any]) -> FileResult:
        seen.append(doc)
        raise ValueError("a  b\n" + "x" * 300)

    def refuse(doc: dict[str, Any]) -> FileResult:
        raise checker._Reject("no, because")

    assert checker._guarded(path, crash) == FileResult(
        str(path), "S9.x", False, "malformed (ValueError: a b " + "x" * 96 + " ... "
        + "x" * 100 + ")")
    assert seen == [{"format": FORMAT, "claim": "S9.x"}]
    assert checker._guarded(path, refuse) == FileResult(str(path), "S9.x", False, "no, because")


@pytest.mark.parametrize(("text", "limit", "short"), [
    ("a " * 120, 240, "a " * 119 + "a"),
    ("a\n\t b", 240, "a b"),
    ("x" * 240, 240, "x" * 240),
    ("0123456789" * 24 + "Z", 240, "0123456789" * 12 + " ... " + "123456789" + "0123456789" * 11
     + "Z"),
    ("0123456789" * 3 + "Z", 30, "012345678901234 ... 67890123456789Z"),
    ("0123456789" * 3, 30, "0123456789" * 3),
])
def test_short_keeps_one_line_of_at_most_the_limit_with_both_ends(text: str, limit: int,
                                                                  short: str) -> None:
    """``_short``: white space collapsed; a text up to the limit (240 by default) unchanged,
    a longer one cut to its first and last limit/2 characters around " ... "."""
    assert checker._short(text, limit) == short
    if limit == 240:
        assert checker._short(text) == short
