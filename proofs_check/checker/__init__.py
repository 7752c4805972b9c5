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

``text`` -- re-checked when the paper's TeX is given (otherwise reported as *not checked*, never
as passed).  ``{"first": LINE, "last": LINE, "quote": TEXT}``: the quote occurs in those lines of
the paper's TeX (whitespace-normalised).  Never enough alone to support a verdict.

A verdict ``holds`` or ``fails`` must carry at least one certificate other than ``text``; every
certificate of a file must check.  Files with status ``editorial`` (in the ``editorial/``
sub-directory) are text-only findings, not verdicts: they carry one ``text`` certificate.

What this does *not* re-check: a ``forall`` proves its statement on the enumerated cases only
(the file's ``coverage`` and ``covered`` say how they relate to the paper's quantifier); an
argument that extends a finite check to all n, or a sympy derivation behind a ``proved`` scope,
is described in the file's ``covered`` text and is not re-verified here; ``smt`` answers are z3's.
The quantities the certificates may call (``QUANTITIES``) are the checker's own readings of the
paper: :mod:`.algorithms` (Algorithm 2's loop), :mod:`.pm1`, :mod:`.rls`, :mod:`.heavy`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import algorithms, data, heavy, pm1, rls  # noqa: F401  (register quantities and kinds)
from .kinds import KINDS, TRUSTED_KINDS, CertificateError
from .paper import PaperTex, locate

FORMAT = "zonemax-certificate/1"


#: Status of a text-only (editorial) entry's file.
EDITORIAL = "editorial"


@dataclass(frozen=True)
class FileResult:
    """The outcome of checking one certificate file.

    ``rechecked`` lists the certificates this package recomputed, ``trusted`` those whose truth
    comes from an outside tool (z3), ``unchecked`` those it could not check (a ``text``
    certificate without the TeX); ``ok`` means nothing failed.
    """

    path: str
    claim: str
    ok: bool
    rechecked: tuple[str, ...]
    trusted: tuple[str, ...]
    message: str
    status: str = ""
    unchecked: tuple[str, ...] = ()


def _paper(tex: PaperTex | Path | None) -> PaperTex:
    """``tex`` as a located TeX: a path is judged as ``--tex`` would be (its hash checked)."""
    if isinstance(tex, PaperTex):
        return tex
    if tex is None:
        return PaperTex(None, "nowhere", "no TeX was given to the checker")
    return locate(tex)


def check_file(path: Path, tex: PaperTex | Path | None) -> FileResult:
    """Check every certificate in one file (``tex``: the paper's source, for ``text``; see
    :mod:`.paper` -- without it, text certificates are *not checked*, never failed)."""
    paper = _paper(tex)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return FileResult(str(path), "?", False, (), (), f"unreadable: {exc}")
    if not isinstance(doc, dict):
        return FileResult(str(path), "?", False, (), (), "not a certificate file")
    claim, status = str(doc.get("claim", "?")), str(doc.get("status", ""))
    done: dict[str, list[str]] = {"rechecked": [], "trusted": [], "unchecked": []}

    def result(ok: bool, message: str) -> FileResult:
        return FileResult(str(path), claim, ok, tuple(done["rechecked"]), tuple(done["trusted"]),
                          message, status, tuple(done["unchecked"]))

    if doc.get("format") != FORMAT:
        return result(False, f"format is not {FORMAT}")
    if status not in ("holds", "fails", "inconclusive", EDITORIAL):
        return result(False, f"unknown status {status!r}")
    certs = doc.get("certificates", [])
    for k, cert in enumerate(certs):
        kind = cert.get("kind")
        handler = KINDS.get(kind)
        if handler is None:
            return result(False, f"certificate {k}: unknown kind {kind!r}")
        if kind == "text" and paper.path is None:
            done["unchecked"].append(f"text ({paper.not_checked()})")
            continue
        try:
            note = handler(cert, paper.path)
        except (CertificateError, ArithmeticError, ValueError, KeyError, TypeError,
                IndexError) as exc:
            return result(False, f"certificate {k} ({kind}) does not check: {exc}")
        done["trusted" if kind in TRUSTED_KINDS else "rechecked"].append(
            kind if not note else f"{kind} ({note})")
    if status in ("holds", "fails") and not any(c.get("kind") != "text" for c in certs):
        return result(False, f"verdict {status!r} has no certificate besides text")
    if status == EDITORIAL and [c.get("kind") for c in certs] != ["text"]:
        return result(False, "an editorial entry carries exactly one text certificate")
    return result(True, "ok")


def check_directory(directory: Path, tex: PaperTex | Path | None) -> list[FileResult]:
    """Check every ``*.json`` file of ``directory`` and of its ``editorial/`` sub-directory
    (sorted by name, verdicts first)."""
    files = sorted(directory.glob("*.json")) + sorted((directory / "editorial").glob("*.json"))
    paper = _paper(tex)
    return [check_file(p, paper) for p in files]


__all__ = ["EDITORIAL", "FORMAT", "FileResult", "PaperTex", "check_directory", "check_file",
           "locate"]
