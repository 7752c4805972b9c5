r"""The manifest's vocabulary: one :class:`Entry` per claim of the paper, and what establishes it.

An entry is the checker's own, reviewed reading of one claim: where it is printed (TeX lines and
a verbatim quote), the statement in words, the quantifier *as printed*, the verdict class the
statement supports (``holds``, ``fails`` or ``inconclusive``), the coverage class, and the
*obligations*: what must be established for that verdict.  A certificate file never states a
goal the checker trusts; every goal below is the manifest's.

Obligations:

:class:`Coq`
    A formula proved in Coq.  The checker writes the statement (``Statements.v``) from the
    formula itself (:func:`.formula.coq_prop`), compiles the proof files of ``proofs_check/coq``
    against it, checks that the theorem has exactly that type, and has ``coqchk`` re-check the
    compiled files: every assumption in its context summary must be on the allow-list by its
    exact fully qualified name (:mod:`.coq`).  When the Coq theorem is one step of the
    statement, a :class:`ByHand` obligation says what the rest is.
:class:`Smt`
    A polynomial formula whose negation z3 *and* cvc5 must both find ``unsat`` (the checker's
    own SMT-LIB translation, :func:`.formula.smt_script`).
:class:`Check`
    A check the checker recomputes with exact arithmetic (:mod:`.kinds`): ``arith`` (closed
    assertions; a failure's witness), ``forall`` (an enumeration of a finite domain, with its
    case count), ``identity`` (a rational-function identity) or ``data`` (a statistic
    recomputed from a data file, with every number it states).  ``spec`` is the whole check,
    witnesses and stated numbers included: the certificate's copy must equal it, and the
    checker recomputes it.
:class:`ByHand`
    An argument in words that no machine re-checks (counted apart: "proved by hand").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .formula import CoqStatement, Formula

#: The verdicts a statement can support.
VERDICTS = ("holds", "fails", "inconclusive")
#: Coverage classes, in the words the certificate files use.
PROVED = "proved for the whole domain"
EXHAUSTIVE = "exhaustive on a finite range"
SAMPLED = "sampled"
BY_HAND = "proved by hand"
COVERAGES = (PROVED, EXHAUSTIVE, SAMPLED, BY_HAND)
#: Certificate kinds an obligation :class:`Check` may have.
CHECK_KINDS = ("arith", "forall", "identity", "data")


@dataclass(frozen=True)
class Coq:
    """``formula`` is proved in Coq by the theorem named after the claim (``S5_case4``; a second
    Coq obligation of the same claim is ``S5_case4_2``, and so on).  A formula of the comparison
    language, or a statement written in Coq (:class:`.formula.CoqProp`: the run times)."""

    formula: CoqStatement


@dataclass(frozen=True)
class Smt:
    """``formula`` (polynomial) is decided by z3 and by cvc5: both must answer ``unsat`` for its
    negation."""

    formula: Formula


@dataclass(frozen=True)
class Check:
    """A certificate of ``kind`` whose content is ``spec`` (see the module docstring)."""

    kind: str
    spec: Mapping[str, Any]

    def __post_init__(self) -> None:
        if self.kind not in CHECK_KINDS:
            raise ValueError(f"unknown check kind {self.kind!r}")


@dataclass(frozen=True)
class ByHand:
    """An argument in words (not re-checked by any machine)."""

    argument: str


Obligation = Coq | Smt | Check | ByHand


@dataclass(frozen=True)
class Entry:
    """One claim: its printed place, its statement and what establishes its verdict."""

    id: str
    tex: tuple[int, int, str]
    statement: str
    quantifier: str
    verdict: str
    coverage: str
    obligations: tuple[Obligation, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"{self.id}: unknown verdict {self.verdict!r}")
        if self.coverage not in COVERAGES:
            raise ValueError(f"{self.id}: unknown coverage {self.coverage!r}")
        first, last, quote = self.tex
        if not (1 <= first <= last and quote.strip()):
            raise ValueError(f"{self.id}: bad TeX reference {self.tex!r}")

    def coq_formulas(self) -> tuple[tuple[str, CoqStatement], ...]:
        """``(theorem name, formula)`` of every Coq obligation."""
        from .formula import coq_name

        base = coq_name(self.id)
        coq = [o.formula for o in self.obligations if isinstance(o, Coq)]
        return tuple((base if k == 0 else f"{base}_{k + 1}", f) for k, f in enumerate(coq))


@dataclass(frozen=True)
class EditorialEntry:
    """A text-only finding: its TeX place and quote (checked when the TeX is at hand)."""

    id: str
    tex: tuple[int, int, str]


__all__ = ["BY_HAND", "COVERAGES", "EXHAUSTIVE", "PROVED", "SAMPLED", "VERDICTS", "ByHand",
           "Check", "Coq", "EditorialEntry", "Entry", "Obligation", "Smt"]
