"""The certificate checker's file- and directory-level behaviour, word for word (issue 25).

Written for the survivors of the checker's mutation pass 2 in :func:`check_editorial`,
:func:`check_directory` and the private ``_load``/``_paper`` (group ``top2``): what an
editorial file must be, the one-line refusal of a file that is not a certificate, that the TeX
and the Coq report given to ``check_directory`` reach every file it checks, that the Coq proofs
are re-run by default, and how many missing or stray files the directory's problems name.

Cheap: one claim (``S3.omega-margin``: an exact check and one Coq theorem, about 0.1 s) and one
editorial entry (``S3.ed-pm-operator``: its statement holds a non-ASCII character) are written by
the search's own writer; the other files are empty JSON objects, refused at the first field.
"""

from __future__ import annotations

import json
import locale
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from zonemax.proofs_check import EDITORIAL as EDITORIAL_LIST
from zonemax.proofs_check import run_claims
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import (
    COQ,
    EDITORIAL,
    EXACT,
    FORMAT,
    TRUSTED,
    FileResult,
    check_directory,
    check_editorial,
    check_file,
)
from zonemax.proofs_check.checker import coq as coq_module
from zonemax.proofs_check.checker.coq import CoqReport, TheoremResult
from zonemax.proofs_check.checker.manifest import EDITORIAL_ENTRIES, MANIFEST, coq_obligations

CLAIM, THEOREM, ENTRY = "S3.omega-margin", "S3_omega_margin", "S3.ed-pm-operator"
#: What a file says when no TeX reached its check (``check_file``/``check_editorial`` without
#: ``tex``).
NO_TEX = "text (not checked: no TeX was given to the checker)"
#: The Coq report of ``check_directory(..., run_coq=False)``.
NOT_RERUN = CoqReport(False, "", {}, "the Coq proofs were not re-run (--no-coq)")
#: A report of the manifest's Coq obligations handed to ``check_directory`` (``coq=``), as the
#: command line does after one ``check_proofs`` run.
GIVEN = CoqReport(True, "given report", {THEOREM: TheoremResult(THEOREM, True, "")})


@pytest.fixture
def certs(tmp_path: Path) -> Path:
    """One claim's file and one editorial file, as ``zonemax claims --certificates`` writes
    them."""
    d = tmp_path / "certs"
    write_certificates(run_claims([CLAIM]), d, [e for e in EDITORIAL_LIST if e.id == ENTRY])
    return d


@pytest.fixture
def no_coq_run(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """``coq.check_proofs`` replaced by a recorder (no coqc run): the calls it receives."""
    calls: list[Any] = []

    def recorder(formulas: Any) -> CoqReport:
        calls.append(formulas)
        return CoqReport(True, "recorder", {})

    monkeypatch.setattr(coq_module, "check_proofs", recorder)
    return calls


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """The C locale for character types (ASCII as the default text encoding), restored after."""
    old = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, old)


def _editorial_doc(certs: Path) -> dict[str, Any]:
    return json.loads((certs / "editorial" / f"{ENTRY}.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- editorial files
def test_an_editorial_file_is_accepted_with_the_quote_checked_or_reported_unchecked(
        certs: Path, paper_tex: Path) -> None:
    """An editorial file as written: with the paper's TeX its quote is checked ("text"); with
    none, or with a ``--tex`` that is not a file, the quote is reported as not checked, saying
    why (the path given is the one judged, not the environment's TeX)."""
    p = certs / "editorial" / f"{ENTRY}.json"
    ok = FileResult(str(p), ENTRY, True, "ok", EDITORIAL, EXACT, coverage="the printed text")
    assert check_editorial(p, paper_tex) == FileResult(**{**vars(ok), "details": ("text",)})
    assert check_editorial(p) == FileResult(**{**vars(ok), "unchecked": (NO_TEX,)})
    absent = certs / "absent.tex"
    assert check_editorial(p, absent) == FileResult(**{**vars(ok), "unchecked": (
        f"text (not checked: the paper's TeX was not found (--tex: {absent} is not a file); "
        "pass --tex PATH, set ZONEMAX_PAPER_TEX=PATH, or run 'zonemax paper fetch' (arXiv "
        "2307.11855 source into the user cache))",)})


def test_a_certificate_file_is_read_as_utf8_whatever_the_locale(
        tmp_path: Path, ascii_locale: None) -> None:
    """The files are UTF-8 (``ensure_ascii=False``); this claim's statement holds a "±".  Under
    an ASCII locale it must still be read (not refused as unreadable)."""
    cid = "S6.appendix-n20-similar"
    write_certificates(run_claims([cid]), tmp_path)
    p = tmp_path / f"{cid}.json"
    assert "±" in p.read_text(encoding="utf-8")
    result = check_file(p, None, coq=NOT_RERUN)
    assert (result.ok, result.message, result.claim) == (True, "ok", cid)


TEXT_ONLY = "an editorial entry carries exactly one text certificate"
NAMED = "an editorial file is named after its entry and has status 'editorial'"
#: (file name, the change to the written file's document, the one line it must get)
REFUSALS: dict[str, tuple[str, Any, str]] = {
    "no-claim": (ENTRY, lambda d, t: d.pop("claim"),
                 "editorial entry '?' is not in the checker's manifest"),
    "unknown-claim": (ENTRY, lambda d, t: d.update(claim="S0.aside"),
                      "editorial entry 'S0.aside' is not in the checker's manifest"),
    "misnamed": ("S1.ed-bit-strings", lambda d, t: None, NAMED),
    "status": (ENTRY, lambda d, t: d.update(status="holds"), NAMED),
    "no-certificate": (ENTRY, lambda d, t: d.update(certificates=[]), TEXT_ONLY),
    "not-a-list": (ENTRY, lambda d, t: d.update(certificates=t), TEXT_ONLY),
    "not-text": (ENTRY, lambda d, t: d.update(certificates=[{**t, "kind": "arith"}]),
                 TEXT_ONLY),
    "two-texts": (ENTRY, lambda d, t: d.update(certificates=[t, t]), TEXT_ONLY),
    "text-and-number": (ENTRY, lambda d, t: d.update(certificates=[t, 5]), TEXT_ONLY),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_an_editorial_file_is_refused_word_for_word(certs: Path, tmp_path: Path,
                                                    case: str) -> None:
    """Each rule of an editorial file, one change away from the accepted file: the entry must be
    the manifest's, the file named after it with status 'editorial', and it carries exactly one
    certificate, of kind text (its own text certificate twice, or with a number, is refused;
    so is the text certificate not in a list, or relabelled)."""
    name, change, message = REFUSALS[case]
    doc = _editorial_doc(certs)
    change(doc, doc["certificates"][0])
    p = tmp_path / f"{name}.json"
    p.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert check_editorial(p) == FileResult(str(p), doc.get("claim", "?"), False, message)


# ------------------------------------------------------------------ files that do not load
@pytest.mark.parametrize(("content", "message"), [
    ("", "unreadable: Expecting value: line 1 column 1 (char 0)"),
    ('{"format": "zonemax-certificate/2",', "unreadable: Expecting property name enclosed in "
                                            "double quotes: line 1 column 36 (char 35)"),
    ("[1, 2]", "not a certificate file (a JSON object is expected)"),
    ('"text"', "not a certificate file (a JSON object is expected)"),
    ('{"format": "zonemax-certificate/1"}',
     f"format is 'zonemax-certificate/1', not {FORMAT}"),
    ('{"claim": "S3.omega-margin"}', f"format is None, not {FORMAT}"),
], ids=["empty", "cut-short", "array", "string", "old-format", "no-format"])
def test_a_file_that_is_not_a_certificate_is_one_line(tmp_path: Path, content: str,
                                                      message: str) -> None:
    """Not JSON, not an object, another format: the file's one line, the same for a verdict's
    file and an editorial file."""
    p = tmp_path / f"{CLAIM}.json"
    p.write_text(content, encoding="utf-8")
    assert check_file(p, None, coq=NOT_RERUN) == FileResult(str(p), "?", False, message)
    assert check_editorial(p) == FileResult(str(p), "?", False, message)


@pytest.mark.parametrize("length", [200, 201])
def test_an_unreadable_file_is_named_in_at_most_200_characters(tmp_path: Path,
                                                                length: int) -> None:
    """The reason a file cannot be read (here: it does not exist, and its path is long) is kept
    whole up to 200 characters; one character more and its middle is cut ("... "), both ends
    kept."""
    with pytest.raises(FileNotFoundError) as short:
        (tmp_path / "x.json").read_text(encoding="utf-8")
    p = tmp_path / ("x" * (1 + length - len(str(short.value))) + ".json")
    with pytest.raises(FileNotFoundError) as long:
        p.read_text(encoding="utf-8")
    reason = str(long.value)
    assert len(reason) == length
    cut = reason if length <= 200 else f"{reason[:100]} ... {reason[-100:]}"
    assert check_editorial(p) == FileResult(str(p), "?", False, f"unreadable: {cut}")


# ------------------------------------------------------------------------------ directories
def test_the_tex_and_the_coq_report_reach_every_file_of_a_directory(
        certs: Path, paper_tex: Path, no_coq_run: list[Any]) -> None:
    """``check_directory`` checks each claim's file with the TeX and the Coq report it was
    given (the theorem counts as re-run, the quote as checked) and each editorial file with the
    TeX; nothing is compiled again.  Without a TeX the quotes are reported unchecked; with the
    proofs not re-run the claim is only trusted."""
    claim, entry = certs / f"{CLAIM}.json", certs / "editorial" / f"{ENTRY}.json"
    result = check_directory(certs, paper_tex, coq=GIVEN)
    assert result.files == (
        FileResult(str(claim), CLAIM, True, "ok", "holds", COQ,
                   ("arith", f"Coq theorem {THEOREM}", "text"), (),
                   "proved for the whole domain"),
        FileResult(str(entry), ENTRY, True, "ok", EDITORIAL, EXACT, ("text",), (),
                   "the printed text"),
    )
    assert result.coq is GIVEN and no_coq_run == []
    bare = check_directory(certs, None, run_coq=False)
    assert bare.files == (
        FileResult(str(claim), CLAIM, True, "ok", "holds", TRUSTED, ("arith",),
                   (f"Coq theorem {THEOREM} ({NOT_RERUN.note})", NO_TEX),
                   "proved for the whole domain"),
        FileResult(str(entry), ENTRY, True, "ok", EDITORIAL, EXACT, (), (NO_TEX,),
                   "the printed text"),
    )
    assert bare.coq == NOT_RERUN and no_coq_run == []
    assert bare.problems == result.problems
    assert bare.problems[0].startswith(f"{len(MANIFEST) - 1} claims of the manifest have no ")


def test_by_default_the_manifests_coq_proofs_are_compiled_once(tmp_path: Path,
                                                                no_coq_run: list[Any]) -> None:
    """Without ``run_coq`` or a report, ``check_directory`` compiles every Coq obligation of the
    manifest (one ``check_proofs`` call) and reports that run; ``run_coq=False`` compiles
    nothing and says so."""
    result = check_directory(tmp_path, None)
    assert no_coq_run == [coq_obligations()] and len(no_coq_run[0]) > 0
    assert result.coq == CoqReport(True, "recorder", {})
    assert check_directory(tmp_path, None, run_coq=False).coq == NOT_RERUN
    assert len(no_coq_run) == 1


@pytest.mark.parametrize("n_missing", [8, 9])
def test_the_directory_names_eight_missing_or_stray_files_and_marks_more(
        tmp_path: Path, n_missing: int) -> None:
    """Eight missing claims are all named; a ninth is not named but marked " ...".  Of nine
    stray claim files and nine stray editorial files, the first eight are named (", ")."""
    claims, editorial = sorted(MANIFEST), sorted(EDITORIAL_ENTRIES)
    missing = claims[:n_missing]
    for claim in claims[n_missing:]:
        (tmp_path / f"{claim}.json").write_text("{}", encoding="utf-8")
    stray = [f"S0.stray-{k}" for k in range(1, 10)]
    (tmp_path / "editorial").mkdir()
    for s in stray:
        (tmp_path / f"{s}.json").write_text("{}", encoding="utf-8")
        (tmp_path / "editorial" / f"{s}.json").write_text("{}", encoding="utf-8")
    result = check_directory(tmp_path, None, run_coq=False)
    names = ", ".join(missing[:8])
    assert result.problems == (
        f"{n_missing} claims of the manifest have no file: {names}"
        + (" ..." if n_missing == 9 else ""),
        "files for claims that are not in the manifest: S0.stray-1.json, S0.stray-2.json, "
        "S0.stray-3.json, S0.stray-4.json, S0.stray-5.json, S0.stray-6.json, S0.stray-7.json, "
        "S0.stray-8.json",
        f"editorial entries without a file: {', '.join(editorial[:8])}",
        "editorial files not in the manifest: S0.stray-1, S0.stray-2, S0.stray-3, S0.stray-4, "
        "S0.stray-5, S0.stray-6, S0.stray-7, S0.stray-8",
    )
    assert [f.claim for f in result.files] == ["?"] * (len(claims) - n_missing)
    assert {f.message for f in result.files} == {f"format is None, not {FORMAT}"}
