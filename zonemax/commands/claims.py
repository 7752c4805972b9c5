"""``zonemax claims``: machine verdicts for every checkable claim of the paper.

Three modes:

* report (default): run the checks and print the verdicts (``--format text|markdown|json``);
* ``--certificates DIR``: run the checks and write one certificate file per verdict into DIR
  (the editorial entries' text certificates into ``DIR/editorial``; the certificates of
  zonemax's own tables, which are not verdicts, stay in the JSON report);
* ``--check DIR``: re-verify the certificate files in DIR with the independent checker
  (:mod:`zonemax.proofs_check.checker`); nothing is re-run.  Exit code 1 at a certificate that
  does not check, naming the first.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from zonemax.commands import UsageError

if TYPE_CHECKING:
    from zonemax.proofs_check.checker.paper import PaperTex

#: Name of the paper's TeX source (for messages).
TEX_NAME = "integer-onemax-run-time-bounds.tex"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``zonemax claims``."""
    parser.add_argument("--format", choices=("text", "markdown", "json"), default="text",
                        help="text: listing with scopes and totals; markdown: errata sheet; "
                        "json: totals, claim records (with scope and controls) and the "
                        "editorial list (default: text)")
    parser.add_argument("--only", nargs="+", metavar="ID", default=None,
                        help="check only these claim ids (e.g. S3.total-line)")
    parser.add_argument("--heavy", action="store_true",
                        help="widen the exhaustive enumerations (slower)")
    parser.add_argument("--certificates", metavar="DIR", default=None,
                        help="write one certificate file per verdict into DIR (created if "
                        "needed; certificate files of an earlier run are replaced), the "
                        "editorial entries' text certificates into DIR/editorial")
    parser.add_argument("--check", metavar="DIR", default=None,
                        help="re-verify the certificate files in DIR with the independent "
                        "checker; exit 1 at the first that does not check")
    parser.add_argument("--no-coq", action="store_true",
                        help="with --check: do not compile the Coq proofs (they are then "
                        "reported as not re-run, and their claims as trusted)")
    parser.add_argument("--tex", metavar="PAPER.tex", default=None,
                        help=f"the paper's LaTeX source ({TEX_NAME}, optional), for the quote "
                        f"checks of --check: every verdict is checked without it.  Default: "
                        f"$ZONEMAX_PAPER_TEX, then the user cache ('zonemax paper fetch'), "
                        f"then ../shared/paper/ beside a source checkout; without it the quote "
                        f"checks are reported as not checked")


def execute(args: argparse.Namespace) -> int:
    """Dispatch to the report, ``--certificates`` or ``--check``."""
    if args.check is not None:
        if args.certificates is not None or args.only is not None or args.heavy:
            raise UsageError("--check re-verifies existing files: do not combine it with "
                             "--certificates, --only or --heavy")
        directory = Path(args.check)
        _checkable_directory(directory)  # before the checker loads (seconds; more under load)
        return _check(directory, _tex(args.tex), not args.no_coq)
    if args.tex is not None or args.no_coq:
        raise UsageError("--tex and --no-coq are used by --check only")
    if args.certificates is not None and args.heavy:
        raise UsageError("--certificates writes the default level only: the checker's manifest "
                         "fixes the checked domains (--heavy widens the report)")
    if args.only is not None:
        args.only = resolve_ids(args.only)
    if args.certificates is not None:
        return _write(Path(args.certificates), args.only, args.heavy)
    return _report(args.format, args.only, args.heavy)


#: How many close matches an unknown ``--only`` id gets as suggestions.
SUGGESTIONS = 3


def known_claim_ids() -> tuple[str, ...]:
    """Every claim id, read from the checker's manifest (a JSON file installed with zonemax)
    without importing the claims: the registry's import takes seconds (35 s to 45 s under load),
    and an unknown ``--only`` id is refused before it.  The manifest lists the registry's ids in
    registry order (``tests/test_newcomer_stops.py`` checks it); where the file cannot be found,
    the registry is asked."""
    import importlib.util
    import json

    spec = importlib.util.find_spec("zonemax.proofs_check")  # imports only zonemax itself
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        manifest = Path(folder) / "checker" / "manifest" / "claims.json"
        try:
            claims = json.loads(manifest.read_text(encoding="utf-8"))["claims"]
            return tuple(str(claim["id"]) for claim in claims)
        except (OSError, ValueError, KeyError, TypeError):
            continue
    from zonemax.proofs_check.registry import claim_ids

    return claim_ids()


def resolve_ids(wanted: list[str]) -> list[str]:
    """``--only`` ids matched case-insensitively to the registry's spelling (``s3.TOTAL-line``
    is ``S3.total-line``); an unknown id is a :class:`UsageError` with up to
    :data:`SUGGESTIONS` close matches (difflib), not the list of every id."""
    import difflib

    known = {i.lower(): i for i in known_claim_ids()}
    resolved: list[str] = []
    problems: list[str] = []
    for text in wanted:
        hit = known.get(text.strip().lower())
        if hit is not None:
            resolved.append(hit)
            continue
        close = difflib.get_close_matches(text.strip().lower(), list(known), n=SUGGESTIONS,
                                          cutoff=0.6)
        hint = (f"did you mean {' or '.join(known[c] for c in close)}?" if close
                else "no id is close")
        problems.append(f"{text!r} ({hint})")
    if problems:
        raise UsageError(f"--only: unknown claim id {'; '.join(problems)}; "
                         "'zonemax claims' lists every claim")
    return resolved


def _report(fmt: str, only: list[str] | None, heavy: bool) -> int:
    from zonemax.proofs_check import (
        format_json,
        format_markdown,
        format_text,
        run_claims,
        run_tables,
    )
    from zonemax.proofs_check.registry import EDITORIAL

    results = run_claims(only, heavy=heavy)
    editorial = EDITORIAL if only is None else ()
    tables = run_tables(heavy=heavy) if only is None else ()
    if fmt == "text":
        sys.stdout.write(format_text(results, editorial, tables=tables))
    elif fmt == "markdown":
        sys.stdout.write(format_markdown(results, editorial, tables=tables))
    else:
        sys.stdout.write(format_json(results, editorial, tables=tables))
    if fmt == "json":
        sys.stdout.write("\n")
    return 0


def _writable_directory(directory: Path) -> None:
    """Create ``directory`` if needed; a ``UsageError`` if it cannot hold files."""
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"--certificates: {directory} exists and is not a directory")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--certificates: cannot create {directory}: "
                         f"{exc.strerror or exc}") from None
    if not os.access(directory, os.W_OK | os.X_OK):
        raise UsageError(f"--certificates: {directory} is not writable")


def _write(directory: Path, only: list[str] | None, heavy: bool) -> int:
    from zonemax.proofs_check import run_claims
    from zonemax.proofs_check.certificates import write_certificates
    from zonemax.proofs_check.registry import EDITORIAL

    _writable_directory(directory)
    results = run_claims(only, heavy=heavy)
    editorial = EDITORIAL if only is None else ()
    try:
        write_certificates(results, directory, editorial)
    except OSError as exc:
        raise UsageError(f"--certificates: cannot write into {directory}: "
                         f"{exc.strerror or exc}") from None
    kinds = Counter(c.kind for r in results for c in r.verdict.certificates if c.kind != "smt")
    bare = [r.claim.id for r in results if not r.verdict.certificates]
    sys.stdout.write(
        f"wrote {_plural(len(results), 'verdict certificate file')} to {directory} "
        f"({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}, plus the printed text "
        f"of each claim)\n")
    if editorial:
        sys.stdout.write(f"wrote {_plural(len(editorial), 'editorial text certificate')} to "
                         f"{directory / 'editorial'} (not verdicts)\n")
    if bare:
        verb = "carries no certificate of its" if len(bare) == 1 else "carry no certificate of their"
        sys.stdout.write(f"{_plural(len(bare), 'verdict')} {verb} own: "
                         f"{', '.join(bare)}\n")
    if only is not None:
        sys.stdout.write("only some claims were written: --check requires a file for every "
                         "claim of the checker's manifest\n")
    sys.stdout.write(f"re-verify with: zonemax claims --check {directory} (the checker compares "
                     f"each file with its own manifest and re-checks every obligation)\n")
    return 0


def _plural(count: int, noun: str) -> str:
    """``1 verdict certificate file``, ``2 verdict certificate files``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _tex(text: str | None) -> PaperTex:
    """The TeX for the quote checks (:func:`zonemax.proofs_check.checker.paper.locate`); an
    explicit ``--tex`` that is missing or another version of the paper is a usage error."""
    from zonemax.proofs_check.checker.paper import locate

    paper = locate(text)
    if text is not None and not paper.found:
        raise UsageError(f"--tex: {paper.reason}")
    return paper


def _checkable_directory(directory: Path) -> None:
    """``--check DIR``: a directory with certificate files in it, or a ``UsageError``."""
    if not directory.is_dir():
        raise UsageError(f"--check: {directory} is not a directory (write certificates with "
                         f"zonemax claims --certificates {directory})")
    if not any(directory.glob("*.json")):
        raise UsageError(f"--check: no certificate files (*.json) in {directory}")


def _check(directory: Path, tex: PaperTex, run_coq: bool) -> int:
    from zonemax.proofs_check.checker import check_directory, render

    _checkable_directory(directory)
    result = check_directory(directory, tex, run_coq=run_coq)
    sys.stdout.write(render(result, directory))
    return 0 if result.ok else 1
