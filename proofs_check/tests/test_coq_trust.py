"""What the Coq side of the checker trusts, tried as a sceptic would (no Coq needed here).

* the source scan refuses every command that adds an assumption or switches a check off, at
  top level, and reads neither comments nor strings; Section-local declarations pass (they are
  discharged), and so does every ``.v`` file of the repository;
* the assumptions come from ``coqchk``'s context summary, read line by line: the binder names
  of an axiom's type ("Closed under the global context") are not a summary;
* the allow-list matches fully qualified names exactly: a local module named like an allowed
  one (``Classical_Prop``, ``PrimFloat``, ``Uint63``) is not on it, nor is a prefix or suffix;
* the kernel check's verdicts from canned ``coqchk`` outputs: which theorems fail, and why;
* the cache directory: where it is, and that a directory others can write is not used.

The same forgeries compiled and checked by ``coqc`` and ``coqchk`` are in test_coq.py (``coq``
marker).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from zonemax.proofs_check.checker import coq

#: The forgery that was accepted as "proved in Coq": the binder names of the axiom's type spell
#: out the sentence that the old parser took for "no axioms".
BINDER_FORGERY = """From Coq Require Import Reals.
Require Import ZM.Vocabulary ZM.Statements.
Open Scope R_scope.
Hypothesis c : forall (Closed under the global context : Prop), under -> the -> global -> context -> Closed.
Definition boom : False := c False True True True True I I I I.
Theorem S5_case4 : S5_case4_statement.
Proof. destruct boom. Qed.
"""

_THEOREM = "Theorem t : True.\nProof. exact I. Qed.\n"


@pytest.mark.parametrize(("source", "why"), [
    (BINDER_FORGERY, "line 4: Hypothesis outside a Section"),
    ("Variable x : False.\n", "line 1: Variable outside a Section"),
    ("Variables (x y : False).\n", "line 1: Variables outside a Section"),
    ("Hypotheses (h : False).\n", "line 1: Hypotheses outside a Section"),
    ("Context (x : False).\n", "line 1: Context outside a Section"),
    ("Section S.\nEnd S.\nVariable x : False.\n", "line 3: Variable outside a Section"),
    ("Module M.\nVariable x : False.\nEnd M.\n", "line 2: Variable outside a Section"),
    ("Module Classical_Prop. Axiom classic : False. End Classical_Prop.\n", "line 1: Axiom"),
    ("Module PrimFloat.\n  Parameter add : False.\nEnd PrimFloat.\n", "line 2: Parameter"),
    ("Module Uint63. #[local] Axiom add_spec : False. End Uint63.\n", "line 1: Axiom"),
    ("Local Axiom a : False.\n", "line 1: Axiom"),
    ("Program Axiom a : False.\n", "line 1: Axiom"),
    ("Conjecture a : False.\n", "line 1: Conjecture"),
    ("Theorem t : False.\nProof.\nAdmitted.\n", "line 3: Admitted"),
    ("Theorem t : False.\nProof.\n  - admit.\nQed.\n", "line 3: admit"),
    ("Theorem t : False.\nProof. all: give_up. Qed.\n", "line 2: give_up"),
    ("Unset Guard Checking.\n", "line 1: Unset"),
    ("Set Universe Checking.\n", "line 1: Set Universe Checking"),
    ("#[bypass_check(guard)] Fixpoint f (n : nat) : nat := f n.\n", "line 1: bypass_check"),
    ('Declare ML Module "evil".\n', "line 1: Declare ML"),
    ("Declare Module M : T.\n", "line 1: Declare Module"),
    ('Load "other.v".\n', "line 1: Load"),
    ('Add LoadPath "/tmp" as X.\n', "line 1: Add LoadPath"),
    ('Add Rec LoadPath "/tmp" as X.\n', "line 1: Add Rec"),
    ("Primitive int := #int63_type.\n", "line 1: Primitive"),
    ("(* an unclosed comment\n", "unterminated comment"),
    ('Definition s := "unclosed.\n', "line 1: unterminated string"),
    ("Timeout 10 Axiom a : False.\n", "line 1: Axiom"),
    ('Redirect "out" Axiom a : False.\n', "line 1: Axiom"),
    ("Time Local Axiom a : False.\n", "line 1: Axiom"),
    ("Set Definitional UIP.\n", "line 1: Set Definitional UIP"),
    ("Set Impredicative Set.\n", "line 1: Set Impredicative Set"),
    ("Declare Instance i : Inhabited False.\n", "line 1: Declare Instance"),
    ('Cd "/tmp".\n', "line 1: Cd"),
    ("\n\n  Axiom a : False.\n", "line 3: Axiom"),
    ("Module M.\nSection S.\nEnd S.\nVariable x : False.\nEnd M.\n",
     "line 4: Variable outside a Section"),
    ('Definition s := "(*".\nAxiom a : False.\n', "line 2: Axiom"),
    ("Theorem t : False.\nProof.\n{ admit. }\nQed.\n", "line 3: admit"),
    ("Axiom a : False", "line 1: Axiom"),
    ('Definition s := "x".\nDefinition t := "y".\nAxiom a : False.\n', "line 3: Axiom"),
    ('Definition s := "two\nlines".\nAxiom a : False.\n', "line 3: Axiom"),
    ('Definition s := "x""y\n', "line 1: unterminated string"),
    ('\n\nDefinition s := "x\n', "line 3: unterminated string"),
    ("(* a (* b *)\n", "unterminated comment"),
], ids=["binder-forgery", "variable", "variables", "hypotheses", "context",
        "after-a-section", "in-a-module", "classical-prop", "primfloat", "uint63", "local",
        "program", "conjecture", "admitted", "admit", "give-up", "unset", "set-checking",
        "bypass-check", "declare-ml", "declare-module", "load", "add-loadpath",
        "add-rec-loadpath", "primitive", "open-comment", "open-string", "timeout", "redirect",
        "time-local", "definitional-uip", "impredicative-set", "declare-instance", "cd",
        "line-3", "module-section", "comment-in-string", "braces", "no-final-period",
        "two-strings", "string-over-lines", "escaped-unterminated", "unterminated-line-3",
        "nested-unterminated"])
def test_the_scan_refuses(source: str, why: str) -> None:
    got = coq.scan(source)
    assert got is not None and got.startswith(why), got


@pytest.mark.parametrize("source", [
    _THEOREM,
    "Section S.\nVariable x : nat.\nHypothesis h : x = x.\nContext (y : nat).\n" + _THEOREM
    + "End S.\n",
    "Section S.\nModule M.\nEnd M.\nVariable x : nat.\nEnd S.\n",
    "(* Axiom a : False.  admit.  Admitted.  Unset Guard Checking. *)\n" + _THEOREM,
    '(* a comment with a string "*)" inside (* nested *) *)\n' + _THEOREM,
    'Definition s := "Axiom a : False. admit. Admitted.".\n' + _THEOREM,
    "Definition admitted_count := 0.\nDefinition my_admit := 1.\n" + _THEOREM,
    "Require Import ZM.Vocabulary.\nSet Printing All.\n" + _THEOREM,
    "Section S.\nSection T.\nEnd T.\nVariable x : nat.\nEnd S.\n",
    "Section S.\nModule Type T.\nEnd T.\nVariable x : nat.\nEnd S.\n",
    "Section S.\nModule Import M.\nEnd M.\nVariable x : nat.\nEnd S.\n",
    'Definition s := "a ""admit"" b".\n' + _THEOREM,
    "(* outer (* inner *) Axiom a : False. admit. *)\n" + _THEOREM,
    '(* "a string in a comment: admit" *)\nDefinition s := "x". (* Admitted *)\n' + _THEOREM,
    "Theorem t : 1 = 1.\nProof.\n  - reflexivity.\nQed.\n",
], ids=["plain", "section-local", "section-module", "comment", "nested-comment", "string",
        "names-containing-words", "set-printing", "nested-sections", "module-type",
        "module-import", "escaped-quote", "bullet", "after-inner-comment",
        "string-in-comment"])
def test_the_scan_passes(source: str) -> None:
    assert coq.scan(source) is None


def test_every_coq_file_of_the_repository_passes_the_scan() -> None:
    refused = {p.name: why for p in sorted(coq.COQ_DIR.glob("*.v"))
               if (why := coq.scan(p.read_text(encoding="utf-8")))}
    assert not refused


# ----------------------------------------------------------------------- coqchk's summary
def _summary(axioms: list[str], unsafe: str = "<none>", theory: str = coq.THEORY) -> str:
    items = "".join(f"    {a}\n" for a in axioms)
    head = "* Axioms:\n" + items if axioms else "* Axioms: <none>\n"
    return (f"\nCONTEXT SUMMARY\n===============\n\n* Theory: {theory}\n  \n{head}  \n"
            f"* Constants/Inductives relying on type-in-type: {unsafe}\n  \n"
            f"* Constants/Inductives relying on unsafe (co)fixpoints: <none>\n  \n"
            f"* Inductives whose positivity is assumed: <none>\n  \n")


def test_the_summary_is_read_line_by_line() -> None:
    got = coq.parse_summary(_summary(["Coq.Logic.Classical_Prop.classic", "ZM.S5_case4.c"]))
    assert got == coq.ContextSummary(coq.THEORY, ("Coq.Logic.Classical_Prop.classic",
                                                  "ZM.S5_case4.c"), ())
    assert coq.parse_summary(_summary([])) == coq.ContextSummary(coq.THEORY, (), ())
    unsafe = coq.parse_summary(_summary([], unsafe="\n    ZM.X.f"))
    assert unsafe is not None and unsafe.unsafe == ("ZM.X.f",)


@pytest.mark.parametrize("output", [
    # Print Assumptions' prose with the binder names: no summary at all
    "Axioms:\nc : forall Closed under the global context : Prop, under -> Closed\n"
    "Closed under the global context\n",
    "",
    _summary(["ZM.a"]) + _summary([]),                      # two summaries
    _summary(["ZM.a"]).replace("===============", "==="),   # not the expected header
    _summary(["ZM.a b"]),                                    # a name with a space
    _summary(["Closed under the global context"]),
    _summary(["ZM.a"]).replace("* Axioms:", "* Axiomz:"),   # an unknown section
    _summary(["ZM.a"]).replace("* Inductives whose positivity is assumed: <none>\n", ""),
    _summary(["ZM.a"]) + "something else\n",
    _summary(["ZM.a"]).replace("* Axioms:\n", "* Axioms:\n    ZM.b\n  \n* Axioms:\n"),
    _summary([]).replace("* Axioms: <none>\n", "* Axioms: <none>\n    ZM.a\n"),
    _summary([]).replace("* Theory: Set is predicative\n", "* Theory: Set is predicative\n"
                                                             "    ZM.a\n"),
    _summary([]).replace("* Axioms: <none>", "* Axioms: ZM.a"),
    _summary([]).replace("* Theory: Set is predicative\n", "* Theory: Set is predicative\n"
                                                             "* Theory: again\n"),
    _summary([]).replace("* Theory: Set is predicative\n", ""),
    _summary([]).replace("* Theory: Set is predicative", "* Theory Set is predicative"),
], ids=["prose", "empty", "twice", "header", "space", "sentence", "section", "missing",
        "trailing", "axioms-twice", "after-none", "after-theory", "inline", "theory-twice",
        "no-theory", "no-colon"])
def test_anything_else_is_no_summary(output: str) -> None:
    assert coq.parse_summary(output) is None


# -------------------------------------------------------------------------- the allow-list
def test_the_allow_list_names_are_exact_and_typed() -> None:
    allow = coq.allowed_axioms()
    assert "Coq.Logic.Classical_Prop.classic" in allow
    assert allow["Coq.Logic.Classical_Prop.classic"] == "forall P : Prop, or P (not P)"
    assert all(coq._QUALID.match(n) and t for n, t in allow.items())
    for near in ("ZM.S5_case4.Classical_Prop.classic", "Classical_Prop.classic",
                 "ZM.S5_case4.PrimFloat.add", "ZM.S5_case4.Uint63.add_spec",
                 "Coq.Floats.PrimFloat.add_evil", "Coq.Floats.PrimFloat",
                 "Coq.Numbers.Cyclic.Int63.PrimInt63.add.x", "X.Coq.Logic.Classical_Prop.classic"):
        assert near not in allow
    assert not any(n.endswith("*") for n in allow)


@pytest.mark.parametrize(("text", "why"), [
    ("Coq.Logic.Classical_Prop.classic\n", "line 1: not 'fully.qualified.name : type'"),
    ("Coq.Floats.PrimFloat.* : float\n", "line 1: not"),
    ("classic : forall P : Prop, or P (not P)\n", "line 1: not"),
    ("A.b : Prop\n# comment\nA.b : Prop\n", "line 3: A.b is listed twice"),
    ("A.b : Prop.\n", "line 1: not"),
    ("A.b :\n", "line 1: not"),
])
def test_a_malformed_allow_list_is_refused(tmp_path: Path, text: str, why: str) -> None:
    (tmp_path / "allowed_axioms.txt").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=why):
        coq.allowed_axioms(tmp_path)


def test_the_allow_list_skips_comments_and_blank_lines(tmp_path: Path) -> None:
    (tmp_path / "allowed_axioms.txt").write_text(
        "# head\n\n   # indented comment\nA.b : Prop\n  \nC.d : Set\n", encoding="utf-8")
    assert coq.allowed_axioms(tmp_path) == {"A.b": "Prop", "C.d": "Set"}


@pytest.mark.parametrize(("output", "line"), [
    ("File x, line 3\nError: The reference y was not found\nin the current\nenvironment.\n"
     "more\n", "Error: The reference y was not found in the current environment."),
    ("a\n\nb\nc\nd\n", "b c d"),
    ("\n  \n", "coqc failed"),
    ("error: lower case\nx\n", "error: lower case x"),
    ("Error: " + "x" * 400, "Error: " + "x" * 293),
    ("w\n" + "y" * 400, ("w " + "y" * 400)[:300]),
], ids=["error", "last-three", "nothing", "lower-case", "long-error", "long-tail"])
def test_the_first_error_of_coqc(output: str, line: str) -> None:
    assert coq._first_error(output) == line


def test_allowed_text_gives_every_assumption_its_type() -> None:
    text = coq.allowed_text({"A.b": "Prop", "C.d": "forall x : nat, x = x"})
    assert text.startswith(coq.ALLOWED_CONTEXT)
    assert text.endswith("Definition zm_allowed_0 : Prop := @A.b.\n"
                         "Definition zm_allowed_1 : forall x : nat, x = x := @C.d.\n")


# ------------------------------------------------------- the kernel check, coqchk canned
_ALLOW = {"Coq.Logic.Classical_Prop.classic": "forall P : Prop, or P (not P)"}


def _canned(monkeypatch: pytest.MonkeyPatch, everything: tuple[int, str],
            per_unit: dict[str, tuple[int, str]]) -> list[list[str]]:
    calls: list[list[str]] = []

    def fake(chk: str, work: Path, units: list[str]) -> tuple[int, str]:
        calls.append(list(units))
        return per_unit[units[0]] if len(units) == 1 else everything

    monkeypatch.setattr(coq, "_coqchk", fake)
    return calls


def _judge(names: list[str]) -> dict[str, coq.TheoremResult]:
    return coq._kernel_check("coqchk", Path("."), names, dict.fromkeys(names, "Check_all"),
                             ["Vocabulary", "Statements"], _ALLOW)


def test_only_allowed_assumptions_prove(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _canned(monkeypatch, (0, _summary(list(_ALLOW))), {})
    got = _judge(["A", "B"])
    assert got == {n: coq.TheoremResult(n, True, "proved; coqchk re-checked it (1 assumptions, "
                                                 "each on the allow-list)", tuple(_ALLOW))
                   for n in ("A", "B")}
    assert calls == [["Vocabulary", "Statements", "A", "B", "Check_all"]]


def test_a_near_miss_fails_the_theorem_that_loads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A local Classical_Prop.classic in A's file: A fails, naming it; B, which does not load
    it, is proved."""
    bad = "ZM.A.Classical_Prop.classic"
    calls = _canned(monkeypatch, (0, _summary([*_ALLOW, bad, "ZM.Lib.y"])),
                    {"A": (0, _summary([*_ALLOW, "ZM.Lib.y", bad])),
                     "B": (0, _summary(list(_ALLOW)))})
    got = _judge(["A", "B"])
    assert got == {
        "A": coq.TheoremResult("A", False, f"A rests on assumptions outside the allow-list: "
                                           f"{bad}, ZM.Lib.y", (*_ALLOW, bad, "ZM.Lib.y")),
        "B": coq.TheoremResult("B", True, "proved; coqchk re-checked it (assumptions each on "
                                          "the allow-list)", tuple(_ALLOW))}
    assert calls == [["Vocabulary", "Statements", "A", "B", "Check_all"], ["A"], ["B"]]


@pytest.mark.parametrize(("everything", "words"), [
    ((1, "Error: Anomaly"), "coqchk did not accept the compiled proofs: Error: Anomaly"),
    ((0, "Closed under the global context"),
     "coqchk printed no context summary in the expected form"),
    ((0, _summary([], unsafe="\n    ZM.A.f\n    ZM.A.g")),
     "coqchk: theory 'Set is predicative', unsafe constants ZM.A.f, ZM.A.g"),
    ((0, _summary([], theory="Set is impredicative")),
     "coqchk: theory 'Set is impredicative', unsafe constants none"),
], ids=["exit", "prose", "unsafe", "theory"])
def test_anything_but_a_clean_summary_fails_every_theorem(
        monkeypatch: pytest.MonkeyPatch, everything: tuple[int, str], words: str) -> None:
    _canned(monkeypatch, everything, {})
    got = _judge(["A", "B"])
    assert got == {n: coq.TheoremResult(n, False, words) for n in ("A", "B")}


def test_a_theorem_whose_own_check_breaks_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A theorem whose own coqchk run fails (or prints no summary) is blamed for every
    assumption outside the list, whatever its summary says."""
    _canned(monkeypatch, (0, _summary([*_ALLOW, "ZM.Lib.x"])),
            {"A": (1, _summary(list(_ALLOW))), "B": (0, _summary(list(_ALLOW))),
             "C": (0, "no summary")})
    got = _judge(["A", "B", "C"])
    assert not got["A"].ok and got["A"].message.endswith("allow-list: ZM.Lib.x")
    assert not got["C"].ok and got["C"].message.endswith("allow-list: ZM.Lib.x")
    assert got["B"].ok


# ------------------------------------------------------------------------------ the cache
def test_the_cache_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(coq.CACHE_ENV, str(tmp_path / "c"))
    assert coq.cache_root() == tmp_path / "c"
    for off in ("off", "", "0", "no", " OFF "):
        monkeypatch.setenv(coq.CACHE_ENV, off)
        assert coq.cache_root() is None
    monkeypatch.delenv(coq.CACHE_ENV)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert coq.cache_root() == tmp_path / "home" / ".cache" / "zonemax" / "coq"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert coq.cache_root() == tmp_path / "xdg" / "zonemax" / "coq"
    mine = tmp_path / "xdg" / "zonemax" / "coq"
    assert coq._private_dir(mine) and coq._private_dir(mine)  # created, then found
    assert os.stat(mine).st_mode & 0o777 == 0o700
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    assert not coq._private_dir(tmp_path / "a-file" / "below")  # cannot be created
    assert not coq._private_dir(tmp_path / "a-file")
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    assert not coq._private_dir(shared)


def test_the_cache_key_changes_with_every_source_and_the_versions() -> None:
    units = {"Vocabulary": "a", "S5_case4": "b"}
    key = coq._key("8.16.1", units)
    assert key != coq._key("8.16.1", {**units, "S5_case4": "b "})
    assert key != coq._key("8.17.0", units)
    assert key != coq._key("8.16.1", {"Vocabulary": "a", "S5_case": "4b"})
    assert key == coq._key("8.16.1", dict(units))


def test_the_report_says_when_the_compiled_proofs_came_from_the_cache() -> None:
    from zonemax.proofs_check.checker import DirectoryResult, render

    def line(cached: bool) -> str:
        report = coq.CoqReport(True, "8.16.1", {"A": coq.TheoremResult("A", True, "")},
                               cached=cached)
        return next(ln for ln in render(DirectoryResult((), (), report), "d").splitlines()
                    if ln.startswith("  Coq: "))

    assert line(False) == "  Coq: 8.16.1 re-ran 1 of 1 theorems"
    assert line(True) == ("  Coq: 8.16.1 re-ran 1 of 1 theorems (compiled files from the cache, "
                          "re-checked by coqchk)")
