"""Writing certificates: the search side's half of :mod:`zonemax.proofs_check.checker`.

Claims build :class:`~zonemax.proofs_check.core.Certificate` objects with the helpers below
(exact values become the checker's JSON encoding: ints, ``"p/q"`` strings, lists, and
``{"lo": ..., "hi": ...}`` intervals); :func:`write_certificates` writes one file per verdict in
the checker's format, and the editorial entries' text certificates into a sub-directory.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from zonemax.proofs_check.core import Certificate, ClaimResult, Editorial, TexRef

#: The format tag the checker expects.
FORMAT = "zonemax-certificate/3"
#: Status of an editorial entry's file (a text finding, not a verdict).
EDITORIAL_STATUS = "editorial"
#: Sub-directory for the editorial entries' text certificates (kept apart from the verdicts).
EDITORIAL_DIR = "editorial"
#: Sub-directory where earlier versions wrote the certificates of zonemax's own tables (not
#: verdicts; the checker has no manifest for them, so they stay in the JSON report and out of
#: the directory it checks).  Files of an earlier run there are removed.
TABLES_DIR = "tables"


def value(x: Any) -> Any:
    """An exact value in the checker's JSON encoding."""
    if isinstance(x, bool):
        raise TypeError("booleans are not certificate values")
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, tuple | list):
        return [value(v) for v in x]
    raise TypeError(f"not an exact certificate value: {x!r} ({type(x).__name__})")


def interval(lo: Fraction, hi: Fraction) -> dict[str, Any]:
    """A closed interval with exact rational endpoints."""
    if lo > hi:
        raise ValueError(f"empty interval [{lo}, {hi}]")
    return {"lo": value(lo), "hi": value(hi)}


def check(lhs: str, op: str, rhs: str) -> dict[str, str]:
    """One assertion ``lhs op rhs`` of the expression language."""
    if op not in ("<", "<=", ">", ">=", "==", "!="):
        raise ValueError(f"unknown comparison {op!r}")
    return {"lhs": lhs, "op": op, "rhs": rhs}


def arith(asserts: Sequence[Mapping[str, str]], **env: Any) -> Certificate:
    """Exact assertions about concrete values (also: a failure's witness)."""
    return Certificate("arith", {"env": {k: _enc(v) for k, v in env.items()},
                                 "assert": list(asserts)})


def forall(variables: Sequence[tuple[str, Mapping[str, Any]]],
           asserts: Sequence[Mapping[str, str]], cases: int, *,
           where: Sequence[Mapping[str, str]] = (), extreme: Mapping[str, Any] | None = None,
           **env: Any) -> Certificate:
    """An enumeration: every case of the domain satisfies ``asserts``."""
    data: dict[str, Any] = {"vars": [{"name": n, "domain": dict(d)} for n, d in variables],
                            "env": {k: _enc(v) for k, v in env.items()},
                            "where": list(where), "assert": list(asserts), "cases": cases}
    if extreme is not None:
        data["extreme"] = dict(extreme)
    return Certificate("forall", data)


def identity(variables: Sequence[str], lhs: str, rhs: str, degree: int, **env: Any
             ) -> Certificate:
    """A rational-function identity, checked on a grid of ``degree + 1`` points per variable."""
    return Certificate("identity", {"vars": list(variables), "lhs": lhs, "rhs": rhs,
                                    "degree": degree, "env": {k: _enc(v) for k, v in env.items()}})


def smt(script: str, expect: str = "unsat") -> Certificate:
    """A solver's answer together with the exact formula it was given (SMT-LIB 2)."""
    return Certificate("smt", {"smtlib": script, "expect": expect})


def text(tex: TexRef) -> Certificate:
    """The printed text of a claim (checked against the paper's TeX)."""
    return Certificate("text", {"first": tex.first, "last": tex.last, "quote": tex.quote})


def _enc(x: Any) -> Any:
    if isinstance(x, dict):
        return x  # already encoded (an interval)
    return value(x)


def file_record(result: ClaimResult) -> dict[str, Any]:
    """The checker's file for one verdict (its certificates plus the claim's printed text):
    exactly the keys the checker binds.  The reading, method, severity, fix and scope texts
    stay in the report (``zonemax claims --format json``): the checker prints the verdict and
    coverage it established itself, so a file carries no verdict it would not check."""
    c, v = result.claim, result.verdict
    # the search's SMT scripts stay in the report (zonemax claims --format json): the checker
    # decides the manifest's formulas itself and takes no goal from a file
    certs = [cert for cert in v.certificates if cert.kind != "smt"]
    if c.tex is not None:
        certs.append(text(c.tex))
    scope = v.scope
    return {
        "format": FORMAT,
        "claim": c.id,
        "statement": c.statement,
        "status": str(v.status),
        "coverage": None if scope is None else str(scope.coverage),
        "quantifier": None if scope is None else scope.quantifier,
        "certificates": [{"kind": cert.kind, **cert.data} for cert in certs],
    }


def editorial_record(entry: Editorial) -> dict[str, Any]:
    """The checker's file for one editorial entry: its text certificate only (not a verdict)."""
    return {
        "format": FORMAT,
        "claim": entry.id,
        "status": EDITORIAL_STATUS,
        "certificates": [{"kind": "text", **text(entry.tex).data}],
    }


def is_certificate_file(path: Path) -> bool:
    """Whether ``path`` is a file this module wrote, in this or an earlier format (a JSON object
    whose ``format`` starts with ``zonemax-certificate/``)."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):  # a named pipe would block the read
            return False
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and str(doc.get("format", "")).startswith("zonemax-certificate/")


def _write(path: Path, record: Mapping[str, Any]) -> Path:
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def write_certificates(results: Iterable[ClaimResult], directory: Path,
                       editorial: Iterable[Editorial] = ()) -> list[Path]:
    """Write one ``<claim id>.json`` per verdict into ``directory`` and one per editorial entry
    into ``directory/editorial`` (created if needed); returns the paths.

    Certificate files of an earlier run (recognised by :data:`FORMAT`; in ``tables/`` too,
    where earlier versions wrote zonemax's own tables, and that directory once empty) are
    removed first, so the directory holds exactly this run's certificates; other files are left
    alone (the checker refuses a directory that holds anything else).
    """
    directory.mkdir(parents=True, exist_ok=True)
    sub, tab = directory / EDITORIAL_DIR, directory / TABLES_DIR
    for old in [*directory.glob("*.json"), *sub.glob("*.json"), *tab.glob("*.json")]:
        if is_certificate_file(old):
            old.unlink()
    if tab.is_dir() and not tab.is_symlink() and not any(tab.iterdir()):
        tab.rmdir()
    paths = [_write(directory / f"{r.claim.id}.json", file_record(r)) for r in results]
    entries = list(editorial)
    if entries:
        sub.mkdir(exist_ok=True)
        paths += [_write(sub / f"{e.id}.json", editorial_record(e)) for e in entries]
    return paths
