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
  domain (by a machine: a solver, a symbolic identity, exact or interval arithmetic of a closed
  statement, a witness -- or a Coq theorem of the checker), exhaustive on a stated finite range
  (with the number of cases), sampled (with how), or proved by hand (the step that extends the
  machine's facts to the whole domain is an argument in words that no program checked:
  a monotonicity or termwise chain, the integral test, optional stopping, elitism; the scope's
  ``covered`` says which step).  A finite check of an all-n statement "holds on the checked
  range", never plainly "holds"; a verdict proved by hand reads "holds (by hand)".
* **Labelled by what ran.**  A verdict's methods (:class:`Method`) are recorded while its check
  runs (:func:`record`, collected by :meth:`Claim.run`); no label is written by hand.
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

import functools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

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
    """How a claim is checked.  A verdict's labels are *recorded* while its check runs (see
    :func:`record`): the z3 runner records ``DECISION``, the sympy wrappers of
    ``symbolic`` (this module) ``SYMBOLIC``, the interval contexts
    (:func:`~zonemax.proofs_check.intervals.iv_precision`,
    :func:`~zonemax.proofs_check.bounds.arb_precision`) ``INTERVAL``, the multiplicity DP
    ``DYNAMIC_PROGRAMME``, the verified lumped solver of :mod:`~zonemax.proofs_check.pm1_lumped`
    ``VERIFIED_FLOAT``, the data tests ``DATA``; exact rational helpers and the enumerating
    loops record ``EXACT`` and ``ENUMERATION`` where they run.  No label is written by hand."""

    SYMBOLIC = "symbolic (sympy)"
    DECISION = "decision procedure (z3 nlsat)"
    EXACT = "exact rational arithmetic"
    INTERVAL = "interval arithmetic"
    BRANCH_AND_BOUND = "interval branch-and-bound"
    ENUMERATION = "exhaustive enumeration"
    DYNAMIC_PROGRAMME = "dynamic programme (exact rationals)"
    VERIFIED_FLOAT = "float solve verified by exact sub- and super-solutions"
    SAMPLING = "seeded random sampling"
    DATA = "statistical test on reproduction data"


class Coverage(StrEnum):
    """What part of the quantified domain a verdict covers."""

    PROVED = "proved for the whole domain"
    EXHAUSTIVE = "exhaustive on a finite range"
    SAMPLED = "sampled"
    BY_HAND = "proved by hand"


# ------------------------------------------------------------------------------------------
# Recording the methods that ran
# ------------------------------------------------------------------------------------------
#: The set of methods recorded by the check that is running (``None`` outside a check).
_RECORDER: ContextVar[set[Method] | None] = ContextVar("zonemax_proofs_check_methods",
                                                       default=None)


def record(*methods: Method) -> None:
    """Note that ``methods`` ran (called by the computations themselves; a no-op outside
    :func:`recording`)."""
    ran = _RECORDER.get()
    if ran is not None:
        ran.update(methods)


@contextmanager
def recording() -> Iterator[set[Method]]:
    """Collect the methods recorded inside the block (they are also passed on to an enclosing
    recording)."""
    outer = _RECORDER.get()
    mine: set[Method] = set()
    token = _RECORDER.set(mine)
    try:
        yield mine
    finally:
        _RECORDER.reset(token)
        if outer is not None:
            outer.update(mine)


_F = TypeVar("_F", bound=Callable[..., Any])
#: The caches made by :func:`recorded_cache` (so that tests can start from cold caches).
_CACHES: list[Any] = []


def clear_recorded_caches() -> None:
    """Empty every :func:`recorded_cache` (a test that counts what runs starts cold)."""
    for cache in _CACHES:
        cache.cache_clear()


def recorded_cache(maxsize: int | None = 128) -> Callable[[_F], _F]:
    """``functools.lru_cache`` that keeps, with each result, the methods recorded while it was
    computed and records them again on every cache hit: a cached result is labelled by what
    produced it, whichever claim computed it first."""
    def decorate(fn: _F) -> _F:
        @functools.lru_cache(maxsize=maxsize)
        def cached(*args: Any, **kwargs: Any) -> tuple[Any, frozenset[Method]]:
            with recording() as ran:
                value = fn(*args, **kwargs)
            return value, frozenset(ran)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            value, ran = cached(*args, **kwargs)
            record(*ran)
            return value

        _CACHES.append(cached)
        wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]
    return decorate


class _Symbolic:
    """sympy's computing functions, recording :attr:`Method.SYMBOLIC` when called: a check
    writes ``symbolic.simplify(...)``, ``symbolic.solve(...)``, ``symbolic.diff(...)`` where a
    symbolic computation decides something (building expressions needs no label)."""

    def __getattr__(self, name: str) -> Callable[..., Any]:
        fn = getattr(sympy, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            record(Method.SYMBOLIC)
            return fn(*args, **kwargs)

        return call


#: See :class:`_Symbolic`.
symbolic = _Symbolic()


def coq_name(claim_id: str) -> str:
    """The name of a claim's Coq theorem: the id with every non-alphanumeric character replaced
    by ``_`` (``S5.case2-away`` -> ``S5_case2_away``)."""
    return "".join(ch if ch.isalnum() else "_" for ch in claim_id)


def coq_theorems(claim_id: str, count: int = 1) -> str:
    """``Coq theorem <Name> (proofs_check/coq/<Name>.v)`` (with ``<Name>_2`` ... for more)."""
    name = coq_name(claim_id)
    names = [name, *(f"{name}_{k}" for k in range(2, count + 1))]
    listed = names[0] if count == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"Coq theorem{'s' if count > 1 else ''} {listed} (proofs_check/coq/{name}.v)"


def method_label(methods: tuple[Method, ...]) -> str:
    """The methods as one label (``a + b``)."""
    return " + ".join(str(m) for m in methods)


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
        v >= 1"``; for a claim the checker proves in Coq, ``"decisive step: Coq theorem <Name>
        (proofs_check/coq/<Name>.v); the search: ..."``); for *sampled* how the sample was
        drawn (seed, size, law); for *by hand* which step is the argument in words and what the
        machine checked.
    cases:
        Number of cases enumerated (*exhaustive*) or drawn (*sampled*); ``None`` for *proved*
        and *by hand*.
    """

    coverage: Coverage
    quantifier: str
    covered: str
    cases: int | None = None

    def __post_init__(self) -> None:
        if self.coverage in (Coverage.EXHAUSTIVE, Coverage.SAMPLED) and self.cases is None:
            raise ValueError(f"a {self.coverage} scope needs its number of cases")

    def qualifier(self, status: Status) -> str:
        """How the verdict reads with this scope: plain ``holds``/``fails`` only for a machine
        proof; ``holds on the checked range``, ``holds on the sample``, ``holds (by hand)``,
        ``fails (by hand)`` otherwise."""
        if status is Status.HOLDS and self.coverage is Coverage.EXHAUSTIVE:
            return "holds on the checked range"
        if status is Status.HOLDS and self.coverage is Coverage.SAMPLED:
            return "holds on the sample"
        if status is not Status.INCONCLUSIVE and self.coverage is Coverage.BY_HAND:
            return f"{status} (by hand)"
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


def by_hand(quantifier: str, argument: str) -> Scope:
    """Scope of a verdict whose decisive step is an argument in words that no program checked
    (``argument`` says which step, and what the machine did check)."""
    return Scope(Coverage.BY_HAND, quantifier, argument)


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
    #: What ran to reach the verdict, recorded by :meth:`Claim.run` (never written by hand).
    methods: tuple[Method, ...] = ()

    @property
    def method(self) -> str:
        """The recorded methods as one label (``a + b``)."""
        return method_label(self.methods)

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
    coq:
        The number of Coq theorems of the independent checker that prove the statement (0: none;
        1: ``<Name>``; 2: also ``<Name>_2``, where ``<Name>`` is :func:`coq_name` of the id).  For
        such a claim the verdict of its statement (no overrides) that holds is *proved for the
        whole domain* with the Coq theorem as its decisive step, whatever route the search took
        (the scope's ``covered`` names the theorem and then what the search ran).
    """

    id: str
    section: int
    location: str
    statement: str
    check: CheckFn
    controls: tuple[Control, ...] = ()
    tex: TexRef | None = None
    severity: Severity | None = None
    fix: str | None = None
    fix_claim: str | None = None
    reproduction: str | None = None
    formula: sympy.Basic | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    coq: int = 0

    def run(self, heavy: bool = False, **overrides: Any) -> Verdict:
        """``check`` with the statement's parameters, or with ``overrides`` (a control); the
        verdict carries the methods recorded while the check ran (in :class:`Method` order)."""
        with recording() as ran:
            verdict = self.check(heavy, **{**self.params, **overrides})
        verdict = replace(verdict, methods=tuple(m for m in Method if m in ran))
        if self.coq and not overrides and verdict.status is Status.HOLDS and verdict.scope:
            search = verdict.scope
            verdict = replace(verdict, scope=Scope(
                Coverage.PROVED, search.quantifier,
                f"decisive step: {coq_theorems(self.id, self.coq)}; the search: "
                f"{search.covered}" + ("" if search.cases is None else
                                       f" ({search.cases} cases)")))
        return verdict


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
