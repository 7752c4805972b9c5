"""Core types of the claim registry: :class:`Claim`, :class:`Verdict`, :class:`ClaimResult`.

A *claim* is one checkable statement of the paper (a displayed inequality, a step of a proof, a
numerical value, a hypothesis of an experiment).  Its ``check`` function returns a frozen
:class:`Verdict` with a :class:`Status` and *evidence*: exact values (``Fraction``, sympy
expressions), rigorous enclosures (``mpmath.iv`` intervals) and, for a failure, a concrete
counterexample (the *witness*).

Verdict semantics
-----------------
* ``holds`` -- the statement is true as printed.  For the methods *exhaustive enumeration* and
  *property-based* this means: true on the finite domain stated in the evidence (``domain``);
  such checks support, never prove, a statement over an infinite range.
* ``holds-with-caveat`` -- the mathematical content is right but the text is wrong or
  incomplete (wrong inequality sign, wrong log base, a missing hypothesis, an unjustified but
  true intermediate step); the caveat says exactly what.
* ``fails`` -- the statement as printed is false; the witness is a concrete counterexample.
* ``inconclusive`` -- the check could not decide (e.g. an interval straddles the threshold).

Exactness rules: ``Fraction``/``sympy.Rational`` for rationals; ``e`` enters only through the
rational enclosure :data:`E_LOWER` < e < :data:`E_UPPER` (or sympy's exact ``E``); logarithms and
powers with real exponents go through ``mpmath.iv`` interval arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

import mpmath
import sympy


class Status(StrEnum):
    """The four verdicts."""

    HOLDS = "holds"
    CAVEAT = "holds-with-caveat"
    FAILS = "fails"
    INCONCLUSIVE = "inconclusive"


class Method(StrEnum):
    """How a claim is checked."""

    SYMBOLIC = "symbolic"
    EXACT = "exact rational"
    INTERVAL = "interval arithmetic"
    ENUMERATION = "exhaustive enumeration"
    PROPERTY = "property-based"


#: Evidence is a read-only mapping from a name to a value (Fraction, int, str, bool, sympy
#: expression, mpmath number or interval, or tuples/mappings of those).
Evidence = tuple[tuple[str, Any], ...]


def evidence(**items: Any) -> Evidence:
    """Build an evidence tuple from keyword arguments (insertion order is kept)."""
    return tuple(items.items())


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one claim.

    ``summary`` is one or two sentences a reader can act on; ``evidence`` holds the exact values
    and margins; ``witness`` (failures, and caveats that have one) is a concrete counterexample.
    """

    status: Status
    summary: str
    evidence: Evidence = ()
    witness: Evidence = ()

    def evidence_dict(self) -> dict[str, Any]:
        """The evidence as a plain dict (a copy)."""
        return dict(self.evidence)

    def witness_dict(self) -> dict[str, Any]:
        """The witness as a plain dict (a copy)."""
        return dict(self.witness)


@dataclass(frozen=True)
class Claim:
    """One checkable claim of the paper.

    Attributes
    ----------
    id:
        Stable identifier, ``S<section>.<slug>``.
    section:
        Section of the paper (1-6).
    location:
        Where exactly: theorem/lemma, proof step, displayed inequality.
    statement:
        The claim as text (paraphrasing the paper, with its notation).
    method:
        How it is checked (:class:`Method`).
    check:
        ``check(heavy) -> Verdict``.  ``heavy=True`` widens enumerations (slow).
    formula:
        The statement as a sympy expression, where one exists.
    """

    id: str
    section: int
    location: str
    statement: str
    method: Method
    check: Callable[[bool], Verdict]
    formula: sympy.Basic | None = None


@dataclass(frozen=True)
class ClaimResult:
    """A claim together with its verdict and the wall time of the check (seconds)."""

    claim: Claim
    verdict: Verdict
    seconds: float


# --------------------------------------------------------------------------------------------
# Rigorous rational enclosure of e
# --------------------------------------------------------------------------------------------
#: Number of Taylor terms of e = sum_k 1/k!; the remainder after the term 1/N! is
#: sum_{k > N} 1/k! < 1/(N! N), so E_LOWER < e < E_UPPER with width < 1/(N! N) ~ 6e-27.
_E_TERMS = 25
E_LOWER: Fraction = sum((Fraction(1, math.factorial(k)) for k in range(_E_TERMS + 1)), Fraction(0))
E_UPPER: Fraction = E_LOWER + Fraction(1, math.factorial(_E_TERMS) * _E_TERMS)


def exact_e_note() -> str:
    """How ``e`` enters exact checks (quoted in evidence)."""
    return (f"e enclosed by Taylor partial sums: sum_{{k<={_E_TERMS}}} 1/k! < e < that + "
            f"1/({_E_TERMS}! * {_E_TERMS}) (width < 1e-26)")


# --------------------------------------------------------------------------------------------
# Interval helpers
# --------------------------------------------------------------------------------------------
#: Working precision (decimal digits) of all interval computations in proofs_check.
IV_DPS = 40


@contextmanager
def iv_precision(dps: int = IV_DPS) -> Iterator[None]:
    """Run a block with ``mpmath.iv`` at ``dps`` decimal digits and restore the old precision."""
    old = mpmath.iv.prec
    mpmath.iv.dps = dps
    try:
        yield
    finally:
        mpmath.iv.prec = old


def iv_frac(q: Fraction | int) -> Any:
    """A Fraction as a (tight) mpmath interval."""
    q = Fraction(q)
    return mpmath.iv.mpf(q.numerator) / q.denominator


def above(x: Any, q: Fraction | int) -> bool:
    """Whether every point of the interval ``x`` is strictly greater than the rational ``q``."""
    return bool(x.a > iv_frac(q).b)


def below(x: Any, q: Fraction | int) -> bool:
    """Whether every point of the interval ``x`` is strictly smaller than the rational ``q``."""
    return bool(x.b < iv_frac(q).a)


def iv_log(x: Any, base: int | str) -> Any:
    """``log_base(x)`` as an interval; base ``"e"`` is the natural logarithm."""
    if base == "e":
        return mpmath.iv.log(x)
    return mpmath.iv.log(x) / mpmath.iv.log(base)


def iv_pow(x: Any, y: Any) -> Any:
    """``x**y`` for an interval ``x > 0`` and real interval ``y``."""
    return mpmath.iv.exp(y * mpmath.iv.log(x))


def lo(x: Any) -> mpmath.mpf:
    """Lower end of an interval, converted exactly (at the interval's precision)."""
    with mpmath.workprec(max(mpmath.iv.prec, mpmath.mp.prec)):
        return mpmath.mpf(x.a)


def hi(x: Any) -> mpmath.mpf:
    """Upper end of an interval, converted exactly (at the interval's precision)."""
    with mpmath.workprec(max(mpmath.iv.prec, mpmath.mp.prec)):
        return mpmath.mpf(x.b)


# --------------------------------------------------------------------------------------------
# Serialisation helpers (used by the report module; here so claims can format numbers)
# --------------------------------------------------------------------------------------------
#: Significant digits of decimals printed next to exact values.
DECIMAL_DIGITS = 12


def decimal(q: Fraction | int | mpmath.mpf, digits: int = DECIMAL_DIGITS) -> str:
    """A decimal rendering of an exact or mpmath number (for humans; not used in checks)."""
    with mpmath.workdps(max(digits + 10, 30)):
        if isinstance(q, Fraction):
            value = mpmath.mpf(q.numerator) / q.denominator
        else:
            value = mpmath.mpf(q)
        return str(mpmath.nstr(value, digits))


def jsonable(value: Any) -> Any:
    """Convert evidence values to JSON-serialisable objects.

    Fractions become ``{"fraction": "6/5", "decimal": "1.2"}``; mpmath intervals become
    ``{"lower": ..., "upper": ...}`` (15-digit decimal strings of the endpoints, for reading:
    the rigour lives in the checks, not in the printed digits); mpmath reals and sympy
    expressions become strings.
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return value.numerator
        return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": decimal(value)}
    if isinstance(value, float):
        return value
    if isinstance(value, mpmath.ctx_iv.ivmpf):
        return {"lower": decimal(lo(value), 15), "upper": decimal(hi(value), 15)}
    if isinstance(value, mpmath.mpf):
        return decimal(value, 15)
    if isinstance(value, sympy.Basic):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [jsonable(v) for v in value]
    if isinstance(value, Status | Method):
        return str(value)
    return str(value)


def render(value: Any) -> str:
    """A short human-readable rendering of an evidence value."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value.numerator}/{value.denominator} (~{decimal(value)})"
    if isinstance(value, mpmath.ctx_iv.ivmpf):
        return f"[{decimal(lo(value), 15)}, {decimal(hi(value), 15)}]"
    if isinstance(value, mpmath.mpf):
        return decimal(value, 15)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {render(v)}" for k, v in value.items()) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(render(v) for v in value) + ")"
    return str(value)
