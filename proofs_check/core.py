"""Core types of the claim registry: claims, verdicts with their scope, controls, certificates.

A *claim* is one checkable statement of the paper (a displayed inequality, a step of a proof, a
numerical value, a hypothesis of an experiment).  What makes a verdict trustworthy here:

* **Falsifiable.**  A claim's ``check`` is a function ``check(heavy, **params) -> Verdict``; its
  keyword defaults are the statement as printed (a constant, a range, a log base, ...).  Every
  claim registers at least one :class:`Control`: a minimally altered statement (a constant nudged
  just past its margin, a flipped sign, the range extended past a known witness, a wrong log
  base) that the **same** check must judge the other way.  A test runs every control.  A check
  whose verdict no input could change is not a machine check.
* **Scoped.**  Every verdict carries a :class:`Scope`: the quantifier as the paper states it and
  the domain actually covered, in a fixed vocabulary (:class:`Coverage`): proved for the whole
  domain, exhaustive on a stated finite range (with the number of cases), or sampled (with how).
  A finite check of an all-n statement "holds on the checked range", never plainly "holds".
* **Certified.**  A verdict carries :class:`Certificate` objects (witnesses, enumerated ranges,
  interval enclosures with exact rational endpoints, a solver's answer with its formula).
  ``zonemax claims --certificates DIR`` writes them; :mod:`zonemax.proofs_check.checker`, which
  shares no code with the search, re-verifies them with exact integer and Fraction arithmetic.
* **Errata.**  A claim that does not hold carries a :class:`Severity`, its place in the TeX
  (:class:`TexRef`) and a suggested fix, which is itself a registered, checked claim.

Verdict semantics: ``holds`` -- the statement is true on the scope's coverage (for coverage
*proved*, everywhere it is quantified); ``fails`` -- false as printed, with a witness (a single
counterexample refutes a universal statement, so its coverage is *proved*); ``inconclusive`` --
the check could not decide (e.g. an interval straddles the threshold, a solver said unknown).
Typos and other text-only findings are not verdicts: they are :class:`Editorial` entries,
checked against the printed TeX and never counted among the verdicts.

Exactness rules: ``Fraction``/``sympy.Rational`` for rationals; ``e`` enters only through the
rational enclosure ``E_LOWER < e < E_UPPER`` of :mod:`zonemax.proofs_check.intervals` (or sympy's
exact ``E``); logarithms and powers with real exponents go through interval arithmetic
(``mpmath.iv``, helpers in :mod:`~zonemax.proofs_check.intervals`, or python-flint's Arb balls);
a float never decides a verdict.  Evidence is rendered for reports by
:mod:`zonemax.proofs_check.serialise`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import sympy
from zonemax.proofs_check.checker.paper import ARXIV_ID, TEX_NAME, TEX_SHA256


class Status(StrEnum):
    """The three verdicts.  There is no "holds with a caveat": a statement that is true in
    substance but printed imprecisely is registered as its printed reading (``fails``, with a
    :class:`Severity`) plus the corrected reading (its ``fix_claim``)."""

    HOLDS = "holds"
    FAILS = "fails"
    INCONCLUSIVE = "inconclusive"


class Method(StrEnum):
    """How a claim is checked; labels say exactly what ran."""

    SYMBOLIC = "symbolic (sympy)"
    DECISION = "decision procedure (z3 nlsat)"
    EXACT = "exact rational arithmetic"
    INTERVAL = "interval arithmetic"
    BRANCH_AND_BOUND = "interval branch-and-bound"
    ENUMERATION = "exhaustive enumeration"
    DYNAMIC_PROGRAMME = "dynamic programme (exact rationals)"
    SAMPLING = "seeded random sampling"
    DATA = "statistical test on reproduction data"


class Coverage(StrEnum):
    """What part of the quantified domain a verdict covers."""

    PROVED = "proved for the whole domain"
    EXHAUSTIVE = "exhaustive on a finite range"
    SAMPLED = "sampled"


@dataclass(frozen=True)
class Scope:
    """The quantifier as the paper states it and the domain actually covered.

    Attributes
    ----------
    coverage:
        :class:`Coverage` of the check.
    quantifier:
        The statement's domain as printed, e.g. ``"all n >= 1, all d in N^n \\ {0}"`` or
        ``"the single value omega = 6/5"``.
    covered:
        The domain the check covered, e.g. ``"1 <= n <= 6, 0 <= d_i <= 6 (sorted)"``, or for
        *proved* how the whole domain was covered (``"z3: the negation is unsat over all real
        v >= 1"``); for *sampled* how the sample was drawn (seed, size, law).
    cases:
        Number of cases enumerated (*exhaustive*) or drawn (*sampled*); ``None`` for *proved*.
    """

    coverage: Coverage
    quantifier: str
    covered: str
    cases: int | None = None

    def __post_init__(self) -> None:
        if self.coverage is not Coverage.PROVED and self.cases is None:
            raise ValueError(f"a {self.coverage} scope needs its number of cases")

    def qualifier(self, status: Status) -> str:
        """How the verdict reads with this scope: ``holds`` only for a proof."""
        if status is Status.HOLDS and self.coverage is Coverage.EXHAUSTIVE:
            return "holds on the checked range"
        if status is Status.HOLDS and self.coverage is Coverage.SAMPLED:
            return "holds on the sample"
        return str(status)


def proved(quantifier: str, covered: str) -> Scope:
    """Scope of a proof over the whole quantified domain (or of a refuting witness)."""
    return Scope(Coverage.PROVED, quantifier, covered)


def exhaustive(quantifier: str, covered: str, cases: int) -> Scope:
    """Scope of an exhaustive check of a finite part of the domain."""
    return Scope(Coverage.EXHAUSTIVE, quantifier, covered, cases)


def sampled(quantifier: str, how: str, cases: int) -> Scope:
    """Scope of a check on a sample (seeded, with the law it was drawn from in ``how``)."""
    return Scope(Coverage.SAMPLED, quantifier, how, cases)


class Severity(StrEnum):
    """How bad a finding is, for the errata sheet (applies when the verdict is not ``holds``)."""

    IMPRECISE = "imprecise but harmless"
    PROOF_GAP = "proof gap with a checked repair"
    FALSE = "false as stated, theorem affected"
    EXPERIMENT = "experimental claim not supported by the data"


#: The paper's LaTeX source that every line reference is for (the TeX itself is optional
#: input: :mod:`zonemax.proofs_check.checker.paper` finds it and checks this hash).
PAPER_TEX = f"arXiv {ARXIV_ID}: {TEX_NAME} (sha256 {TEX_SHA256})"


@dataclass(frozen=True)
class TexRef:
    """Where a claim is printed: 1-based inclusive line range of :data:`PAPER_TEX` and a quote
    that occurs verbatim (after joining the lines with spaces) in that range."""

    first: int
    last: int
    quote: str

    def __post_init__(self) -> None:
        if not 1 <= self.first <= self.last:
            raise ValueError(f"bad TeX line range {self.first}-{self.last}")
        if not self.quote.strip():
            raise ValueError("a TeX reference needs a non-empty quote")

    @property
    def lines(self) -> str:
        return f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}"


#: JSON-ready certificate payload: str / int / bool / None, lists and dicts of those.  Exact
#: rationals are strings ``"p/q"`` (or ints); never floats.
CertificateData = Mapping[str, Any]


@dataclass(frozen=True)
class Certificate:
    """Machine-checkable evidence for a verdict; the schema of each ``kind`` is documented in
    :mod:`zonemax.proofs_check.checker` (the independent checker that re-verifies it)."""

    kind: str
    data: CertificateData


#: Evidence is a read-only mapping from a name to a value (Fraction, int, str, bool, sympy
#: expression, mpmath number or interval, or tuples/mappings of those).
Evidence = tuple[tuple[str, Any], ...]


def evidence(**items: Any) -> Evidence:
    """Build an evidence tuple from keyword arguments (insertion order is kept)."""
    return tuple(items.items())


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one claim.

    ``summary`` is one or two sentences a reader can act on; ``scope`` says what was covered;
    ``evidence`` holds exact values and margins (for humans); ``witness`` (failures) is a concrete
    counterexample; ``certificates`` are what :mod:`~zonemax.proofs_check.checker` re-verifies.
    """

    status: Status
    summary: str
    evidence: Evidence = ()
    witness: Evidence = ()
    scope: Scope | None = None
    certificates: tuple[Certificate, ...] = ()

    def evidence_dict(self) -> dict[str, Any]:
        """The evidence as a plain dict (a copy)."""
        return dict(self.evidence)

    def witness_dict(self) -> dict[str, Any]:
        """The witness as a plain dict (a copy)."""
        return dict(self.witness)

    @property
    def reading(self) -> str:
        """The verdict as it should be read: ``holds on the checked range`` for a finite check."""
        return str(self.status) if self.scope is None else self.scope.qualifier(self.status)


@dataclass(frozen=True)
class Control:
    """A minimally altered statement that the claim's own check must judge the other way.

    ``params`` override the check's keyword defaults; ``expect`` is the status the altered
    statement must get (the opposite of the claim's: ``fails`` for a claim that holds and
    ``holds`` for one that fails).
    """

    label: str
    params: Mapping[str, Any]
    expect: Status


#: ``check(heavy, **params) -> Verdict``; ``heavy=True`` widens enumerations (slow).
CheckFn = Callable[..., Verdict]


@dataclass(frozen=True)
class Claim:
    """One checkable claim of the paper.

    Attributes
    ----------
    id:
        Stable identifier, ``S<section>.<slug>``.
    section:
        Section of the paper (1-6; appendix claims belong to 6).
    location:
        Where exactly, in words: theorem/lemma, proof step, displayed inequality.
    statement:
        The claim as text (paraphrasing the paper, with its notation).
    methods:
        How it is checked (:class:`Method`), exactly what ran.
    check:
        ``check(heavy, **params) -> Verdict``; the keyword defaults are the statement.
    controls:
        Altered statements that ``check`` must judge the other way (at least one).
    tex:
        Where it is printed (``None`` only for claims about the paper as a whole).
    severity:
        How bad it is if the verdict is not ``holds`` (required then).
    fix:
        The suggested correction in words (required when not ``holds``).
    fix_claim:
        The id of the registered claim that states the correction (it must hold).
    reproduction:
        For Section 6 claims, where the reproduction's verdict is (report section).
    formula:
        The statement as a sympy expression, where one exists.
    """

    id: str
    section: int
    location: str
    statement: str
    methods: tuple[Method, ...]
    check: CheckFn
    controls: tuple[Control, ...] = ()
    tex: TexRef | None = None
    severity: Severity | None = None
    fix: str | None = None
    fix_claim: str | None = None
    reproduction: str | None = None
    formula: sympy.Basic | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def method(self) -> str:
        """The methods as one label (``a + b``)."""
        return " + ".join(str(m) for m in self.methods)

    def run(self, heavy: bool = False, **overrides: Any) -> Verdict:
        """``check`` with the statement's parameters, or with ``overrides`` (a control)."""
        return self.check(heavy, **{**self.params, **overrides})


@dataclass(frozen=True)
class Editorial:
    """A text-only finding (a typo, a dangling parenthesis): not a verdict, never counted.

    It is checked against the printed TeX: ``tex.quote`` must occur in ``tex``'s lines.
    """

    id: str
    section: int
    tex: TexRef
    finding: str
    correction: str


@dataclass(frozen=True)
class ClaimResult:
    """A claim together with its verdict and the wall time of the check (seconds)."""

    claim: Claim
    verdict: Verdict
    seconds: float
