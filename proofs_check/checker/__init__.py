r"""The independent certificate checker: what a sceptic reads instead of the search.

``zonemax claims --certificates DIR`` writes one JSON file per verdict; this package re-verifies
them with exact integer and ``Fraction`` arithmetic only (:mod:`.arith`: transcendental values
as rational enclosures with proved error bounds; no floats, no sympy, no mpmath).  It shares no
code with the code that searched for the verdicts: an import-linter contract forbids any import
from the rest of zonemax (the independently written quantities it needs, such as the exact
one-step drift of the (1+1) EA's potential, live in its own modules :mod:`.pm1`, :mod:`.rls`,
:mod:`.heavy`).

File format (``zonemax-certificate/1``)::

    {"format": "zonemax-certificate/1", "claim": "S3.omega-margin", "statement": "...",
     "status": "holds" | "fails" | "inconclusive", "coverage": "proved for the whole domain" |
     "exhaustive on a finite range" | "sampled", "quantifier": "...", "covered": "...",
     "cases": int | null, "certificates": [CERT, ...]}

Values (see :func:`.expr.parse_value`): an int, a string ``"p/q"``, a list (a vector) or
``{"lo": "p/q", "hi": "r/s"}`` (a closed interval).  Expressions: :mod:`.expr`.

Certificate kinds and what the checker does with each:

``arith`` -- re-checked.  ``{"env": {NAME: VALUE}, "assert": [{"lhs": EXPR, "op": OP,
"rhs": EXPR}, ...]}`` with OP one of ``< <= > >= == !=``.  Every assertion must be decided true
(exactly, or by disjoint enclosures).  A witness of a failure is an ``arith`` certificate that
asserts the violation at concrete values.

``forall`` -- re-checked by enumeration.  ``{"vars": [{"name": N, "domain": DOMAIN}, ...],
"env": {...}, "where": [ASSERT...], "assert": [ASSERT...], "cases": int, "extreme":
{"expr": EXPR, "min" | "max": VALUE, "at": {N: VALUE}}?}``.  Domains (bounds may be expressions
in earlier variables): ``{"type": "range", "lo": EXPR, "hi": EXPR}`` (integers, inclusive);
``{"type": "grid", "lo": EXPR, "hi": EXPR, "den": int}`` (rationals k/den in [lo, hi]);
``{"type": "values", "values": [VALUE, ...]}``; ``{"type": "sorted_vectors", "n": [lo, hi],
"max": int, "nonzero": bool}`` (non-increasing integer vectors with entries in 0..max);
``{"type": "vectors", "n": [lo, hi], "lo": int, "hi": int}`` (all integer vectors).  The
assignments that satisfy ``where`` are the cases: their number must equal ``cases`` and every
assertion must hold on each; ``extreme`` is recomputed exactly and must match.

``identity`` -- re-checked.  ``{"vars": [N, ...], "lhs": EXPR, "rhs": EXPR, "degree": D,
"points": [VALUE, ...]?}``: ``lhs - rhs`` is a rational function whose numerator has degree at
most ``D`` in each variable (a bound the reader checks from the expressions); it vanishes
identically iff it vanishes on a grid of ``D + 1`` points per variable (default
``1, 2, ..., D + 1``; none may be a pole).

``smt`` -- trusted.  ``{"smtlib": SCRIPT, "expect": "unsat" | "sat"}``: re-run with z3 when it is
installed (the answer must match), otherwise reported as not re-run.

``text`` -- re-checked.  ``{"first": LINE, "last": LINE, "quote": TEXT}``: the quote occurs in
those lines of the paper's TeX (whitespace-normalised).  Never enough alone to support a verdict.

A verdict ``holds`` or ``fails`` must carry at least one certificate other than ``text``; every
certificate of a file must check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import algorithms, data, heavy, pm1, rls  # noqa: F401  (register quantities and kinds)
from .kinds import KINDS, TRUSTED_KINDS, CertificateError

FORMAT = "zonemax-certificate/1"


@dataclass(frozen=True)
class FileResult:
    """The outcome of checking one certificate file."""

    path: str
    claim: str
    ok: bool
    rechecked: tuple[str, ...]
    trusted: tuple[str, ...]
    message: str


def check_file(path: Path, tex: Path | None) -> FileResult:
    """Check every certificate in one file (``tex``: the paper's source, for ``text``)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return FileResult(str(path), "?", False, (), (), f"unreadable: {exc}")
    claim = str(doc.get("claim", "?"))
    if doc.get("format") != FORMAT:
        return FileResult(str(path), claim, False, (), (), f"format is not {FORMAT}")
    certs = doc.get("certificates", [])
    status = doc.get("status")
    rechecked: list[str] = []
    trusted: list[str] = []
    for k, cert in enumerate(certs):
        kind = cert.get("kind")
        handler = KINDS.get(kind)
        if handler is None:
            return FileResult(str(path), claim, False, tuple(rechecked), tuple(trusted),
                              f"certificate {k}: unknown kind {kind!r}")
        try:
            note = handler(cert, tex)
        except (CertificateError, ArithmeticError, ValueError, KeyError, TypeError,
                IndexError) as exc:
            return FileResult(str(path), claim, False, tuple(rechecked), tuple(trusted),
                              f"certificate {k} ({kind}) does not check: {exc}")
        (trusted if kind in TRUSTED_KINDS else rechecked).append(
            kind if not note else f"{kind} ({note})")
    if status in ("holds", "fails") and not any(c.get("kind") != "text" for c in certs):
        return FileResult(str(path), claim, False, tuple(rechecked), tuple(trusted),
                          f"verdict {status!r} has no certificate besides text")
    return FileResult(str(path), claim, True, tuple(rechecked), tuple(trusted), "ok")


def check_directory(directory: Path, tex: Path | None) -> list[FileResult]:
    """Check every ``*.json`` file of ``directory`` (sorted by name)."""
    return [check_file(p, tex) for p in sorted(directory.glob("*.json"))]


__all__ = ["FORMAT", "FileResult", "check_directory", "check_file"]

