"""The run-time statements the checker writes directly in Coq (CoqProp): one term each, built
only from trusted names, each with a false control, and refused when forged."""

from __future__ import annotations

import re

import pytest
from zonemax.proofs_check.checker import coq
from zonemax.proofs_check.checker.formula import CoqProp, FormulaError, coq_prop
from zonemax.proofs_check.checker.manifest import COQ_CONTROLS, coq_obligations
from zonemax.proofs_check.checker.manifest.runtime_statements import (
    CONTROLS,
    FORMULAS,
    LEMMA8_EXAMPLE,
    LEMMA8_FEASIBLE,
    MULTIPLICATIVE_DRIFT,
)

_RUNTIME = ("S5_lemma8_runtime", "S5_lemma8_runtime_2", "S2_multiplicative_drift")


@pytest.mark.parametrize("text", [
    "True. Axiom zm_cheat : False",          # a second sentence
    "True.\nLemma x : False",                 # sentence end at a line end
    "True (* hidden *)",                      # a comment
    'True "string"',                          # a string
    "(True",                                  # unbalanced
    "True)",
    "   ",
], ids=["sentence", "sentence-newline", "comment", "string", "open", "close", "empty"])
def test_a_coq_statement_must_be_one_term(text: str) -> None:
    with pytest.raises(FormulaError):
        CoqProp(text)


def test_qualified_names_and_decimals_are_one_term() -> None:
    assert coq_prop(CoqProp("Coq.Init.Logic.True /\\ 1.5 = 1.5")) == \
        "Coq.Init.Logic.True /\\ 1.5 = 1.5"


def test_replaced_needs_exactly_one_occurrence() -> None:
    p = CoqProp("1 <= 2 /\\ 1 <= 3")
    assert p.replaced("2", "4").text == "1 <= 4 /\\ 1 <= 3"
    with pytest.raises(ValueError, match="2 times"):
        p.replaced("1 <=", "0 <=")
    with pytest.raises(ValueError, match="0 times"):
        p.replaced("7", "8")


def test_the_statements_are_written_verbatim_under_their_theorem_names() -> None:
    every = coq_obligations()
    assert every["S5_lemma8_runtime"] is LEMMA8_EXAMPLE
    assert every["S5_lemma8_runtime_2"] is LEMMA8_FEASIBLE
    assert every["S2_multiplicative_drift"] is MULTIPLICATIVE_DRIFT
    text = coq.statements_text(every.items())
    for name in _RUNTIME:
        assert f"Definition {name}_statement : Prop :=\n  {every[name].text}.\n" in text
    assert set(FORMULAS) == {"S5.lemma8-runtime", "S2.multiplicative-drift"}


def test_every_runtime_theorem_has_a_different_control() -> None:
    for name in _RUNTIME:
        label, control = COQ_CONTROLS[name]
        assert (label, control) == CONTROLS[name]
        assert isinstance(control, CoqProp) and control.text != coq_obligations()[name].text


def test_the_example_control_lowers_the_closed_form_by_ten_thousand() -> None:
    control = CONTROLS["S5_lemma8_runtime"][1].text
    assert "2535 / 10000 * INR n * (1 + ln (1 + 2" in control
    assert control.count("2535 * INR n") == 1  # the potential form is kept


def _vocabulary_names() -> set[str]:
    text = (coq.COQ_DIR / "Vocabulary.v").read_text(encoding="utf-8")
    return set(re.findall(r"^(?:Definition|Fixpoint)\s+([A-Za-z_][\w']*)", text, re.M))


#: The standard-library names the run-time statements may use besides Vocabulary.v's.
_STDLIB = {"nat", "Z", "R", "Type", "bool", "true", "false", "INR", "IZR", "ln", "Rmin",
           "forall", "let", "in"}


@pytest.mark.parametrize("name", _RUNTIME)
def test_a_statement_uses_only_trusted_names(name: str) -> None:
    """The meaning of a statement may rest on Vocabulary.v (pinned) and the standard library
    only, never on a Lib_*.v file a proof author edits."""
    text = coq_obligations()[name].text
    bound = {m for group in re.findall(r"\(([^():]*):", text) for m in group.split()}
    bound |= set(re.findall(r"let\s+(\w+)\s*:=", text))
    used = set(re.findall(r"(?<![\w.])([A-Za-z_][\w']*)", text)) - bound
    unknown = used - _vocabulary_names() - _STDLIB
    assert not unknown, f"{name} uses names outside the trusted base: {sorted(unknown)}"
    assert {"rls_kernel", "expected_hitting_time_le"} <= used or name.startswith("S2_")


@pytest.mark.parametrize("forgery", [
    "Definition rls_kernel (n : nat) (a : nat -> Z) (alpha beta : R) (st : rls_state) := nil.\n",
    "Definition expected_hitting_time_le (X : Type) (K : X -> dist X) := True.\n",
    "Notation tail_prob := (fun _ _ _ _ => 0).\n",
    "Definition norm1 (n : nat) (a : nat -> Z) : Z := 0.\n",
], ids=["kernel", "expectation", "tail-notation", "norm"])
def test_a_proof_that_redefines_the_runtime_vocabulary_is_refused(forgery: str) -> None:
    names = coq.statement_names(coq.statements_text(coq_obligations().items()),
                                (coq.COQ_DIR / "Vocabulary.v").read_text(encoding="utf-8"))
    assert coq.shadowing(forgery, names) is not None
