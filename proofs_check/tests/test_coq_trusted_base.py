"""The checker's trusted base, tried as a sceptic would (issue 42, section 5).

Each way round the kernel that a hidden forgery set found is refused with one line:

* **vocabulary shadowing**: ``Vocabulary.v`` and ``allowed_axioms.txt`` are pinned by SHA-256
  in ``checker/coq.py`` (``TRUSTED_HASHES``); a changed file is refused before anything else is
  read, and the report prints the pinned hashes.  A proof or library file that declares a name
  the statements use (``Rabs``, ``IZR``, a vocabulary name), or gives one of their symbols a
  notation, is refused by the scan; so is a vocabulary that declares a standard-library name.
  ``Statements.v`` is the checker's own: one found in the checked directory is never compiled;
* **allow-list injection**: each allow-list type must be one term (no sentence end, ``:=``,
  comment, string, unbalanced bracket), names under the project's root ``ZM.`` are refused, and
  the generated ``Allowed.v`` goes through the same scan as a proof file;
* **tracebacks**: a proof file that is not UTF-8, a ``Lib_*.v`` that is a directory, a missing
  trusted file: one line each;
* **side effects**: the commands that write files (``Redirect``, the ``Extraction`` family,
  ``Print Universes ... "file"``, ``Dump``, ``Set Extraction Output Directory`` ...) are
  refused, the build runs in a private directory, and the cache keeps only the checker's
  compiled files;
* **scan confusion**: ``Succeed Section S.`` (or any prefix before Section/End/Module) is
  refused instead of opening a section.

The unit tests need no Coq; the ones that run ``coqc``/``coqchk`` on forged directories skip
without it, and the ones that compile carry the ``coq`` marker.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
from pathlib import Path

import pytest
from zonemax.proofs_check.checker import coq
from zonemax.proofs_check.checker.manifest import coq_obligations

REQUIRED = os.environ.get("ZONEMAX_REQUIRE_COQ") == "1"
pytestmark = [pytest.mark.timeout(1800), pytest.mark.xdist_group("coq-build")]

_RABS = "\nDefinition Rabs (x : R) : R := 0.\n"
_MARGIN = "S3_omega_margin"
_PRINTED = "S3_omega_printed_value"
_PREAMBLE = ("From Coq Require Import Reals.\nRequire Import ZM.Vocabulary ZM.Statements.\n"
             "Open Scope R_scope.\n")


@pytest.fixture
def needs_coq() -> None:
    if coq.coqc() is None or coq.coqchk() is None:
        if REQUIRED:
            pytest.fail("ZONEMAX_REQUIRE_COQ=1 but coqc is not installed")
        pytest.skip("coqc is not installed (apt-get install coq libcoq-interval)")


def _trusted_copy(tmp_path: Path, *proofs: str) -> Path:
    """A Coq directory with the trusted files and the named proof files of the repository."""
    d = tmp_path / "coq"
    d.mkdir()
    for name in (*coq.TRUSTED_HASHES, *(f"{p}.v" for p in proofs)):
        shutil.copy(coq.COQ_DIR / name, d / name)
    return d


def _listing(d: Path) -> dict[str, bytes]:
    return {str(p.relative_to(d)): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------------- the pinned files
def test_the_committed_trusted_files_match_the_pinned_hashes() -> None:
    """If this fails after a reviewed change of Vocabulary.v or allowed_axioms.txt, update
    TRUSTED_HASHES in checker/coq.py with the output of
    ``python -m zonemax.proofs_check.checker --print-trusted-hashes``."""
    found = coq.trusted_hashes()
    assert found == coq.TRUSTED_HASHES, coq.print_trusted_hashes()
    assert coq.trusted_base_problem() is None
    assert set(coq.TRUSTED_HASHES) >= {"Vocabulary.v", "allowed_axioms.txt"}
    assert "Statements.v" not in coq.TRUSTED_HASHES  # the checker writes its own


def test_a_shadowing_vocabulary_is_not_the_trusted_one(tmp_path: Path) -> None:
    """The forgery: ``Definition Rabs (x : R) : R := 0.`` appended to Vocabulary.v."""
    d = _trusted_copy(tmp_path)
    vocab = d / "Vocabulary.v"
    vocab.write_text(vocab.read_text(encoding="utf-8") + _RABS, encoding="utf-8")
    got = hashlib.sha256(vocab.read_bytes()).hexdigest()
    assert coq.trusted_base_problem(d) == (
        f"trusted base changed: Vocabulary.v has SHA-256 {got}, the checker trusts "
        f"{coq.TRUSTED_HASHES['Vocabulary.v']} (a change of the trusted base is reviewed: "
        f"update TRUSTED_HASHES in checker/coq.py)")


@pytest.mark.parametrize(("change", "words"), [
    ("allow-list-line", "trusted base changed: allowed_axioms.txt has SHA-256 "),
    ("missing", "trusted base changed: Vocabulary.v (Vocabulary.v is missing), the checker "
                "trusts "),
    ("directory", "trusted base changed: Vocabulary.v (Vocabulary.v is a directory, not a "
                  "source file)"),
    ("symlink", "trusted base changed: Vocabulary.v (Vocabulary.v is a symbolic link, not a "
                "source file)"),
])
def test_any_change_of_a_trusted_file_is_one_line(tmp_path: Path, change: str,
                                                  words: str) -> None:
    d = _trusted_copy(tmp_path)
    if change == "allow-list-line":
        with (d / "allowed_axioms.txt").open("a", encoding="utf-8") as fh:
            fh.write("Coq.Init.Logic.False_ind : forall P : Prop, P\n")
    else:
        (d / "Vocabulary.v").unlink()
        if change == "directory":
            (d / "Vocabulary.v").mkdir()
        elif change == "symlink":
            (d / "Vocabulary.v").symlink_to(coq.COQ_DIR / "Vocabulary.v")
    got = coq.trusted_base_problem(d)
    assert got is not None and got.startswith(words) and "\n" not in got, got


def test_print_trusted_hashes_gives_the_dict_to_pin(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    from zonemax.proofs_check.checker.__main__ import main

    assert main(["--print-trusted-hashes"]) == 0
    out = capsys.readouterr().out
    head, _, body = out.partition("\n")
    assert head.startswith("# ") and head.endswith(": the pinned hashes")
    assert ast.literal_eval(body.split("=", 1)[1].strip()) == coq.TRUSTED_HASHES
    d = _trusted_copy(tmp_path)
    (d / "Vocabulary.v").write_text("changed\n", encoding="utf-8")
    text = coq.print_trusted_hashes(d)
    assert "NOT the pinned hashes" in text
    assert hashlib.sha256(b"changed\n").hexdigest() in text


def test_the_report_prints_the_pinned_hashes() -> None:
    from zonemax.proofs_check.checker import DirectoryResult, render

    report = coq.CoqReport(True, "8.16.1", {}, trusted=dict(coq.TRUSTED_HASHES))
    lines = render(DirectoryResult((), (), report), "d").splitlines()
    assert ("  Coq trusted base (SHA-256 pinned in checker/coq.py): "
            + ", ".join(f"{n} {h}" for n, h in coq.TRUSTED_HASHES.items())) in lines


# ------------------------------------------------------------------------------ shadowing
_NAMES = coq.statement_names(coq.statements_text(coq_obligations().items()),
                             (coq.COQ_DIR / "Vocabulary.v").read_text(encoding="utf-8"))


def test_the_statements_names_are_protected() -> None:
    assert {"Rabs", "Rmax", "IZR", "Int_part", "ln", "exp", "Rle", "Rpower", "sqrt",
            "powerRZ", "rls_g", "rls_drift", "rls_new_toward", "R", "Z"} <= _NAMES
    # bound variables of the statements are not names
    assert not {"d", "v", "alpha", "beta", "omega", "forall"} & _NAMES


@pytest.mark.parametrize(("source", "why"), [
    (_RABS, "line 2: Definition Rabs shadows a name the statements use"),
    ("Definition rls_g (d v a b c p : R) : R := 0.\n",
     "line 1: Definition rls_g shadows a name"),
    ("Local Definition IZR (z : Z) : R := 0.\n", "line 1: Definition IZR shadows"),
    ("#[global] Notation Rabs := (fun _ : R => 0).\n", "line 1: Notation Rabs shadows"),
    ("Lemma exp : True.\nProof. exact I. Qed.\n", "line 1: Lemma exp shadows"),
    ("Fixpoint f (n : nat) : nat := 0 with Rmax (n : nat) : nat := 0.\n",
     "line 1: Fixpoint Rmax shadows"),
    ("Inductive t := a | Int_part.\n", "line 1: Inductive Int_part shadows"),
    ("Record r := { Rle : nat }.\n", "line 1: Record Rle shadows"),
    ("Module Z.\nDefinition x := 0.\nEnd Z.\n", "line 1: Module Z shadows"),
    ("Module Import Rdefinitions.\nEnd Rdefinitions.\n", "line 1: Module Rdefinitions"),
    ("Section S.\nVariable ln : R -> R.\nEnd S.\n", "line 2: Variable ln shadows"),
    ("Section S.\nVariables (x : R) (sqrt : R -> R).\nEnd S.\n", "line 2: Variables sqrt"),
    ("Let Rpower := 0.\n", "line 1: Let Rpower shadows"),
    ("Section S.\nContext {exp : R -> R}.\nEnd S.\n", "line 2: Context exp shadows"),
    ("Coercion IZR := fun z : Z => 0.\n", "line 1: Coercion IZR shadows"),
    ("Definition Z.add := 0.\n", "line 1: Definition Z.add shadows"),
    ('Notation "x <= y" := (Rlt x y) : R_scope.\n',
     "line 1: Notation \"x <= y\" gives the statements' symbol '<='"),
    ('Infix "+" := Rminus : R_scope.\n', "line 1: Infix \"+\" gives the statements' symbol"),
    ("Notation \"'Rabs' x\" := (x) (at level 10).\n",
     "line 1: Notation \"'Rabs' x\" gives the statements' symbol 'Rabs'"),
    ("Number Notation R my_of my_to : R_scope.\n", "line 1: Number Notation"),
], ids=["rabs", "vocabulary-name", "local-izr", "abbreviation", "lemma", "mutual-fixpoint",
        "constructor", "field", "module-z", "module-import", "section-variable",
        "variables", "let", "context", "coercion", "qualified", "notation", "infix", "notation-word",
        "number-notation"])
def test_a_declaration_that_shadows_the_statements_is_refused(source: str, why: str) -> None:
    got = coq.shadowing(source, _NAMES)
    assert got is not None and got.startswith(why), got


def test_the_vocabulary_may_not_declare_a_standard_name() -> None:
    """The vocabulary's own names are its business (pinned and reviewed); a standard-library
    name the statements use is not."""
    vocab = (coq.COQ_DIR / "Vocabulary.v").read_text(encoding="utf-8")
    assert coq.shadowing(vocab, coq.STANDARD_NAMES) is None
    got = coq.shadowing(vocab + _RABS, coq.STANDARD_NAMES)
    assert got is not None and got.endswith("Definition Rabs shadows a name the statements use")


@pytest.mark.parametrize("source", [
    "Definition my_abs (x : R) : R := Rabs x.\n",
    "Lemma S5_g_pos : True.\nProof. exact I. Qed.\n",
    "(* Definition Rabs (x : R) : R := 0. *)\n",
    "Section S.\nVariable x : R.\nHypothesis h : 0 <= x.\nEnd S.\n",
    "Notation \"'myabs' x\" := (Rabs x) (at level 10).\n",
    "Definition s := \"Rabs <= +\".\n",
    "Local Coercion IZR : Z >-> R.\n",
], ids=["use", "lemma", "comment", "section", "own-notation", "string", "coercion"])
def test_using_the_names_is_not_shadowing(source: str) -> None:
    assert coq.shadowing(source, _NAMES) is None


def test_no_proof_or_library_file_of_the_repository_shadows() -> None:
    refused = {p.name: why for p in sorted(coq.COQ_DIR.glob("*.v"))
               if p.stem not in ("Vocabulary", "Statements")
               and (why := coq.shadowing(p.read_text(encoding="utf-8"), _NAMES))}
    assert not refused


# ---------------------------------------------------------------------- allow-list injection
#: The forgery: a "type" that closes the sentence of Allowed.v and declares an axiom.
_INJECTION = ("Coq.Logic.Classical_Prop.classic : forall P : Prop, or P (not P) := "
              "@Coq.Logic.Classical_Prop.classic. Axiom zm_cheat : False. Definition "
              "zm_cheat_2 : forall P : Prop, or P (not P)")


@pytest.mark.parametrize(("line", "why"), [
    (_INJECTION, "line 1: the type of Coq.Logic.Classical_Prop.classic is not one term "
                 "(':=')"),
    ("A.b : Prop. Axiom zm_cheat : False. Definition zm_x : Prop",
     "line 1: the type of A.b is not one term (a period that ends a sentence)"),
    ("A.b : Prop.\tAxiom zm_cheat : False", "(a character outside printable ASCII)"),
    ("A.b : Prop.", "line 1: not 'fully.qualified.name : type'"),
    ("A.b : Prop (* Axiom zm_cheat : False *)", "(a comment)"),
    ("A.b : Prop *)", "(a comment)"),
    ('A.b : Prop "x"', "(a string)"),
    ("A.b : (Prop", "(unbalanced brackets)"),
    ("A.b : Prop)", "(unbalanced brackets)"),
    ("A.b : forall x : nat, (x = x]", "(unbalanced brackets)"),
    ("A.b : Prop\u2024 Axiom zm_cheat : False", "(a character outside printable ASCII)"),
    ("A.b : Prop\x1bAxiom zm_cheat : False", "(a character outside printable ASCII)"),
    ("ZM.S5_case4.c : False", "line 1: ZM.S5_case4.c is under the project's own root ZM."),
    ("ZM.Vocabulary.x : False", "is under the project's own root ZM."),
], ids=["injection", "period-space", "period-tab", "period-end", "comment", "comment-close",
        "string", "open-paren", "close-paren", "mismatched", "unicode-period", "escape",
        "project-prefix", "project-vocabulary"])
def test_an_allow_list_type_is_one_term(tmp_path: Path, line: str, why: str) -> None:
    (tmp_path / "allowed_axioms.txt").write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"^allowed_axioms\.txt line 1: [^\n]*$") as info:
        coq.allowed_axioms(tmp_path)
    assert why in str(info.value), str(info.value)


def test_the_committed_allow_list_types_are_terms() -> None:
    allow = coq.allowed_axioms()
    assert all(coq._one_term(t) is None for t in allow.values())
    assert not any(n.startswith("ZM.") for n in allow)


def test_the_generated_allowed_file_is_scanned() -> None:
    """Were a type to get past the one-term parse, the generated Allowed.v goes through the
    proof files' scan: the injected axiom is seen there."""
    text = coq.allowed_text({"Coq.Logic.Classical_Prop.classic": _INJECTION.split(" : ", 1)[1]})
    assert "Axiom zm_cheat : False." in text
    assert coq.scan(text) == "line 3: Axiom"
    assert coq.scan(coq.allowed_text(coq.allowed_axioms())) is None


def test_the_allow_list_is_matched_by_exact_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """An assumption whose name ends with an allowed one is not allowed."""
    allow = {"Coq.Logic.Classical_Prop.classic": "forall P : Prop, or P (not P)"}
    evil = "Evil.Coq.Logic.Classical_Prop.classic"
    summary = ("\nCONTEXT SUMMARY\n===============\n\n* Theory: Set is predicative\n  \n"
               f"* Axioms:\n    {evil}\n  \n"
               "* Constants/Inductives relying on type-in-type: <none>\n  \n"
               "* Constants/Inductives relying on unsafe (co)fixpoints: <none>\n  \n"
               "* Inductives whose positivity is assumed: <none>\n  \n")
    monkeypatch.setattr(coq, "_coqchk", lambda chk, work, units: (0, summary))
    got = coq._kernel_check("coqchk", Path("."), ["A"], {"A": "Check_all"}, [], allow)
    assert got["A"] == coq.TheoremResult(
        "A", False, f"A rests on assumptions outside the allow-list: {evil}", (evil,))


# ------------------------------------------------------------------------------ tracebacks
def test_a_source_that_is_not_utf8_or_not_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "A.v").write_bytes(b"Theorem t : True.\n(* \xff\xfe *)\n")
    (tmp_path / "Lib_x.v").mkdir()
    (tmp_path / "B.v").symlink_to(tmp_path / "A.v")
    (tmp_path / "C.v").write_text("Theorem t : True.\n", encoding="utf-8")
    with pytest.raises(coq.SourceError, match=r"^A\.v is not UTF-8 text \(byte 21\)$"):
        coq.read_source(tmp_path / "A.v")
    with pytest.raises(coq.SourceError, match=r"^Lib_x\.v is a directory, not a source file$"):
        coq.read_source(tmp_path / "Lib_x.v")
    with pytest.raises(coq.SourceError, match=r"^B\.v is a symbolic link, not a source file$"):
        coq.read_source(tmp_path / "B.v")
    with pytest.raises(coq.SourceError, match=r"^D\.v is missing$"):
        coq.read_source(tmp_path / "D.v")
    assert coq.read_source(tmp_path / "C.v") == "Theorem t : True.\n"


def test_an_allow_list_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "allowed_axioms.txt").write_bytes(b"A.b : Prop\xff\n")
    with pytest.raises(ValueError, match=r"^allowed_axioms\.txt is not UTF-8 text \(byte 10\)$"):
        coq.allowed_axioms(tmp_path)


# ------------------------------------------------------------------------- side effects
@pytest.mark.parametrize(("source", "why"), [
    ('Redirect "/tmp/zm-out" Check 1.\n', "line 1: Redirect (a command that writes a file)"),
    ('Time Redirect "out" Print nat.\n', "line 1: Redirect"),
    ('Extraction "out.ml" nat.\n', "line 1: Extraction (a command"),
    ("Separate Extraction nat.\n", "line 1: Separate Extraction (a command"),
    ("Recursive Extraction nat.\n", "line 1: Recursive Extraction (a command"),
    ("Extraction Library Datatypes.\n", "line 1: Extraction (a command"),
    ("Recursive Extraction Library Datatypes.\n", "line 1: Recursive Extraction"),
    ("Extraction TestCompile nat.\n", "line 1: Extraction"),
    ("Require Extraction.\n", "line 1: Extraction"),
    ('Print Universes "u.dot".\n', 'line 1: Print ... "file" (a command that writes a file)'),
    ('Print Sorted Universes "u.dot".\n', 'line 1: Print ... "file"'),
    ('Print Universes Subgraph (nat) "u.dot".\n', 'line 1: Print ... "file"'),
    ('Dump Universes "u".\n', "line 1: Dump (a command"),
    ('Set Extraction Output Directory "/tmp".\n', "line 1: Set Extraction (a command"),
    ('Set NativeCompute Profile Filename "x".\n', "line 1: Set NativeCompute (a command"),
    ("Theorem t : True.\nProof.\n  - Redirect \"x\" idtac.\nexact I. Qed.\n", "line 3: Redirect"),
], ids=["redirect", "time-redirect", "extraction-file", "separate", "recursive", "library",
        "recursive-library", "testcompile", "require-extraction", "print-universes",
        "sorted-universes", "subgraph", "dump", "output-directory", "native-profile",
        "in-a-proof"])
def test_commands_that_write_files_are_refused(source: str, why: str) -> None:
    got = coq.scan(source)
    assert got is not None and got.startswith(why), got


@pytest.mark.parametrize("source", ["Print Universes.\n", "Print nat.\n",
                                    "Set Printing All.\n", "Print Assumptions nat.\n"])
def test_printing_without_a_file_is_not_writing(source: str) -> None:
    assert coq.scan(source) is None


# ----------------------------------------------------------------------- scan confusion
@pytest.mark.parametrize(("source", "why"), [
    ("Succeed Section S.\nHypothesis h : False.\n",
     "line 1: Succeed Section (a prefix before Section"),
    ("Fail Section S.\nHypothesis h : False.\n", "line 1: Fail Section"),
    ("Time Section S.\nEnd S.\n", "line 1: Time Section"),
    ("Timeout 5 Section S.\nEnd S.\n", "line 1: Timeout Section"),
    ("#[local] Section S.\nEnd S.\n", "line 1: #[...] Section"),
    ("Section S.\nSucceed End S.\nEnd S.\n", "line 2: Succeed End"),
    ("Section S.\nFail End S.\nEnd S.\n", "line 2: Fail End"),
    ("Succeed Module M.\nEnd M.\n", "line 1: Succeed Module"),
], ids=["succeed-section", "fail-section", "time-section", "timeout-section", "attribute",
        "succeed-end", "fail-end", "succeed-module"])
def test_a_prefix_before_a_block_command_is_refused(source: str, why: str) -> None:
    got = coq.scan(source)
    assert got is not None and got.startswith(why), got


# ------------------------------------------------ end to end: check_proofs on forged dirs
def _check(d: Path, *names: str, cache: Path | bool = False) -> coq.CoqReport:
    every = coq_obligations()
    return coq.check_proofs({n: every[n] for n in names}, coq_dir=d, cache=cache)


@pytest.mark.usefixtures("needs_coq")
def test_check_proofs_refuses_the_shadowing_vocabulary(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The forgery that printed "proved in Coq" for S3.omega-printed-value: refused in one line
    by the pin; with the pin moved to the forged file (a reviewer who let it through), the scan
    still refuses the shadowing definition.  Nothing compiles either way."""
    d = _trusted_copy(tmp_path, _PRINTED)
    vocab = d / "Vocabulary.v"
    vocab.write_text(vocab.read_text(encoding="utf-8") + _RABS, encoding="utf-8")
    report = _check(d, _PRINTED)
    r = report.theorems[_PRINTED]
    assert not r.ok and r.message.startswith("trusted base changed: Vocabulary.v has SHA-256 ")
    assert report.note == r.message and report.trusted == coq.TRUSTED_HASHES
    monkeypatch.setitem(coq.TRUSTED_HASHES, "Vocabulary.v",
                        hashlib.sha256(vocab.read_bytes()).hexdigest())
    r = _check(d, _PRINTED).theorems[_PRINTED]
    assert not r.ok and r.message.startswith("Vocabulary.v refused before compiling: line ")
    assert r.message.endswith(": Definition Rabs shadows a name the statements use")


@pytest.mark.usefixtures("needs_coq")
def test_check_proofs_refuses_the_injected_allow_list(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The injected line, with the pin moved to the forged allow-list: refused by the one-term
    parse; with that parse switched off too, by the scan of the generated Allowed.v."""
    d = _trusted_copy(tmp_path, _MARGIN)
    allow = d / "allowed_axioms.txt"
    text = allow.read_text(encoding="utf-8").replace(
        "Coq.Logic.Classical_Prop.classic : forall P : Prop, or P (not P)\n", _INJECTION + "\n")
    allow.write_text(text, encoding="utf-8")
    r = _check(d, _MARGIN).theorems[_MARGIN]
    assert not r.ok and r.message.startswith("trusted base changed: allowed_axioms.txt has ")
    monkeypatch.setitem(coq.TRUSTED_HASHES, "allowed_axioms.txt",
                        hashlib.sha256(allow.read_bytes()).hexdigest())
    r = _check(d, _MARGIN).theorems[_MARGIN]
    assert not r.ok and r.message.startswith("no usable allow-list: allowed_axioms.txt line ")
    assert r.message.endswith("the type of Coq.Logic.Classical_Prop.classic is not one term "
                              "(':=')")
    monkeypatch.setattr(coq, "_one_term", lambda typ: None)
    r = _check(d, _MARGIN).theorems[_MARGIN]
    assert not r.ok and r.message.startswith("allowed_axioms.txt: the generated Allowed.v is "
                                             "refused: line "), r.message
    assert r.message.endswith(": Axiom")


@pytest.mark.usefixtures("needs_coq")
def test_unreadable_sources_fail_with_one_line(tmp_path: Path) -> None:
    d = _trusted_copy(tmp_path)
    (d / f"{_MARGIN}.v").write_bytes(_PREAMBLE.encode() + b"(* \xe9 *)\n")
    (d / f"{_PRINTED}.v").mkdir()
    r = _check(d, _MARGIN, _PRINTED).theorems
    assert r[_MARGIN].message == (f"{_MARGIN}.v refused before compiling: {_MARGIN}.v is not "
                                  f"UTF-8 text (byte {len(_PREAMBLE) + 3})")
    assert r[_PRINTED].message == (f"{_PRINTED}.v refused before compiling: {_PRINTED}.v is a "
                                   f"directory, not a source file")
    (d / "Lib_evil.v").mkdir()
    r = _check(d, _MARGIN).theorems
    assert r[_MARGIN].message == ("Lib_evil.v refused before compiling: Lib_evil.v is a "
                                  "directory, not a source file")


@pytest.mark.usefixtures("needs_coq")
def test_the_command_line_prints_one_line_not_a_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    d = _trusted_copy(tmp_path)
    (d / f"{_MARGIN}.v").write_bytes(b"\xff\xfe")
    (d / "Lib_x.v").mkdir()
    proc = subprocess.run([sys.executable, "-m", "zonemax.proofs_check.checker.coq",
                           "--coq-dir", str(d), _MARGIN], capture_output=True, text=True,
                          timeout=600, check=False)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stdout == (f"FAIL {_MARGIN}: Lib_x.v refused before compiling: Lib_x.v is a "
                           f"directory, not a source file\n")


@pytest.mark.usefixtures("needs_coq")
@pytest.mark.parametrize(("body", "words"), [
    ('Redirect "{d}/written" Check 1.\n', "line 4: Redirect (a command that writes a file)"),
    ('Extraction "{d}/written.ml" nat.\n', "line 4: Extraction (a command that writes a file)"),
    ('Print Universes "{d}/written.dot".\n', 'line 4: Print ... "file" (a command that'),
    ("Succeed Section S.\nHypothesis h : False.\n", "line 4: Succeed Section (a prefix"),
    (f"Definition {_MARGIN}_statement' := True.\nDefinition Rmax (x y : R) : R := x.\n",
     "line 5: Definition Rmax shadows a name the statements use"),
], ids=["redirect", "extraction", "print-universes", "succeed-section", "shadow"])
def test_forged_proof_files_are_refused_before_compiling(tmp_path: Path, body: str,
                                                         words: str) -> None:
    d = _trusted_copy(tmp_path)
    (d / f"{_MARGIN}.v").write_text(
        _PREAMBLE + body.format(d=d) + f"Theorem {_MARGIN} : {_MARGIN}_statement.\n"
        "Proof. idtac. Qed.\n", encoding="utf-8")
    before = _listing(d)
    r = _check(d, _MARGIN).theorems[_MARGIN]
    assert not r.ok and r.message.startswith(f"{_MARGIN}.v refused before compiling: ")
    assert words in r.message and "\n" not in r.message, r.message
    assert _listing(d) == before


@pytest.mark.coq
@pytest.mark.usefixtures("needs_coq")
def test_a_compiled_proof_writes_nothing_into_the_checked_directory_or_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the scan switched off, a proof that writes files with relative names (Redirect,
    Extraction, Print Universes) writes them in the checker's private build directory: the
    checked directory is unchanged, and the cache entry holds only the checker's compiled
    files and its outcome."""
    honest = "S3_omega_best"
    d = _trusted_copy(tmp_path, honest)
    source = d / f"{honest}.v"
    text = source.read_text(encoding="utf-8")
    source.write_text(text + '\nRedirect "Check_all" Check 1.\nRequire Extraction.\n'
                      'Extraction "Vocabulary.ml" nat.\nPrint Universes "u.dot".\n'
                      'Redirect "evil.vo" Check 1.\n', encoding="utf-8")
    monkeypatch.setattr(coq, "scan", lambda text: None)
    before = _listing(d)
    cache = tmp_path / "cache"
    report = _check(d, honest, cache=cache)
    assert report.theorems[honest].ok, report.theorems[honest].message
    assert _listing(d) == before
    (entry,) = [p for p in cache.iterdir() if not p.name.startswith(".")]
    kept = sorted(p.name for p in entry.iterdir())
    assert kept == sorted(["outcome.json", *(f"{u}.vo" for u in (
        "Vocabulary", "Statements", coq.ALLOWED_UNIT, honest, "Check_all"))]), kept
    again = _check(d, honest, cache=cache)
    assert again.cached and again.theorems[honest].ok


@pytest.mark.coq
@pytest.mark.usefixtures("needs_coq")
def test_a_statements_file_in_the_checked_directory_is_never_compiled(tmp_path: Path) -> None:
    """A forged Statements.v that makes the statement True, and a proof of True: the checker
    compiles its own Statements.v, so the proof does not compile against the manifest's
    statement."""
    d = _trusted_copy(tmp_path)
    (d / "Statements.v").write_text(
        "From Coq Require Import Reals.\nRequire Import ZM.Vocabulary.\n"
        f"Definition {_MARGIN}_statement : Prop := True.\n", encoding="utf-8")
    (d / f"{_MARGIN}.v").write_text(
        _PREAMBLE + f"Theorem {_MARGIN} : {_MARGIN}_statement.\nProof. exact I. Qed.\n",
        encoding="utf-8")
    r = _check(d, _MARGIN).theorems[_MARGIN]
    assert not r.ok and r.message.startswith(f"{_MARGIN}.v does not compile: "), r.message


@pytest.mark.usefixtures("needs_coq")
def test_claims_check_refuses_a_changed_trusted_base_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``zonemax claims --check``'s Coq step, as a referee sees it when the repository's
    Vocabulary.v is not the pinned one: every Coq theorem fails with the same one line, the
    report says so once beside the hashes the checker trusts, and nothing compiles."""
    from zonemax.proofs_check.checker import DirectoryResult, render

    monkeypatch.setitem(coq.TRUSTED_HASHES, "Vocabulary.v", "0" * 64)
    report = coq.check_proofs(coq_obligations())
    assert report.ran and report.theorems and not any(r.ok for r in report.theorems.values())
    messages = {r.message for r in report.theorems.values()}
    assert len(messages) == 1
    (line,) = messages
    assert line.startswith("trusted base changed: Vocabulary.v has SHA-256 ")
    assert line.endswith(f", the checker trusts {'0' * 64} (a change of the trusted base is "
                         f"reviewed: update TRUSTED_HASHES in checker/coq.py)")
    text = render(DirectoryResult((), (), report), "d")
    assert f"  Coq trusted base (SHA-256 pinned in checker/coq.py): Vocabulary.v {'0' * 64}, " \
           f"allowed_axioms.txt {coq.TRUSTED_HASHES['allowed_axioms.txt']}" in text
    assert f"  Coq: every theorem refused: {line}\n" in text
    assert "Traceback" not in text


@pytest.mark.coq  # about 30 s: the full certificate directory is written and checked
@pytest.mark.usefixtures("needs_coq")
def test_the_full_check_refuses_an_unpinned_vocabulary(
        full_certificates: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``zonemax claims --check DIR`` on an honest certificate directory, with a checker that
    pins another Vocabulary.v (as after the Rabs forgery): every claim with a Coq theorem fails
    with one line naming the changed file, the report prints the pinned hashes, nothing is
    'proved in Coq', and no Coq file is compiled."""
    from zonemax.proofs_check.checker import COQ as PROVED_IN_COQ
    from zonemax.proofs_check.checker import check_directory, render

    monkeypatch.setitem(coq.TRUSTED_HASHES, "Vocabulary.v", "f" * 64)
    monkeypatch.setattr(coq, "_compile_all", lambda *a, **k: pytest.fail("compiled"))
    result = check_directory(full_certificates, None)
    text = render(result, full_certificates)
    assert not result.ok and "Traceback" not in text
    fails = [ln for ln in text.splitlines() if ln.startswith("FAIL ")]
    coq_claims = {f.claim for f in result.files if not f.ok}
    assert fails and len(fails) == len(coq_claims)
    assert all(": trusted base changed: Vocabulary.v has SHA-256 " in ln
               and ln.endswith("(a change of the trusted base is reviewed: update "
                               "TRUSTED_HASHES in checker/coq.py)") for ln in fails)
    assert not any(f.established == PROVED_IN_COQ for f in result.files)
    assert (f"  Coq trusted base (SHA-256 pinned in checker/coq.py): Vocabulary.v {'f' * 64}, "
            f"allowed_axioms.txt {coq.TRUSTED_HASHES['allowed_axioms.txt']}\n") in text
