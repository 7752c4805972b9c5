r"""The independent certificate checker: what a sceptic reads instead of the search.

**The checker owns the statements.**  Its manifest (:mod:`.manifest`, one :class:`.statement.Entry`
per claim, written from the paper with TeX line references) says for every claim what is
printed, the quantifier as printed, the verdict the statement supports, the coverage class and
the obligations that establish it.  A certificate file (written by ``zonemax claims
--certificates DIR``) is the search's report; the checker accepts it only if it says exactly
what the manifest says and every obligation of the manifest holds when the checker recomputes
it.  A certificate never supplies a goal: the manifest's formulas go to Coq (:mod:`.coq`) and to
z3 and cvc5 (:mod:`.solvers`) in the checker's own translation (:mod:`.formula`), and its
exact checks (:mod:`.kinds`: ``arith``, ``forall``, ``identity``, ``data``) are compared with the
certificate's copy and recomputed with integers and ``Fraction`` only.

A directory checks when (:func:`check_directory`):

* every claim of the manifest has exactly one file ``<id>.json``, every editorial entry one
  ``editorial/<id>.json``, and there is nothing else: no other file or directory, no symbolic
  link, no named pipe (each entry is judged with ``os.lstat`` before anything is opened);
* each file is one JSON object without a repeated key at any depth and with exactly the keys
  of the format (:data:`VERDICT_KEYS`, :data:`EDITORIAL_KEYS`); ``format``, ``claim`` (matching
  the file name), ``statement``, ``status``, ``coverage`` and ``quantifier`` equal the
  manifest's; the exact checks, in order, equal the manifest's :class:`~.statement.Check`
  obligations; the one ``text`` certificate equals the manifest's TeX reference; nothing else
  (no SMT script: formulas are the manifest's; no reading, method or severity: the report
  prints the verdict and coverage the checker established, never a file's words);
* every obligation holds: the exact checks recompute, the Coq theorems compile against the
  manifest's statements and ``coqchk`` re-checks them with allowed assumptions only (when Coq
  is installed; otherwise they are reported as *not re-run*), z3 and cvc5 both refute the negation of each SMT formula, and the
  quote is found at the cited TeX lines (when the paper's TeX is at hand; otherwise *not
  checked*, never failed).

Every claim is reported with its verdict and coverage (the manifest's, once every obligation
holds) and how it is established: ``proved in Coq`` (the whole statement is the Coq theorem),
``decisive step in Coq, the rest by hand`` (a Coq theorem and an argument in words, counted
apart), ``decided by z3 and cvc5``, ``re-checked exactly`` (an exact recomputation: a closed formula, a witness, an
identity, an enumeration of a finite range, a statistic of the data), ``proved by hand`` (an
argument in words, counted apart) or ``trusted`` (a Coq proof that was not re-run here).

Any malformed input is *does not check* with one line, never an exception.

What this does *not* re-check: that a finite enumeration says anything beyond its range (the
coverage says so); the arguments of ``proved by hand`` claims; that a data file holds honest
runs (its hash and every statistic are re-checked); the reviewed definitions of
``coq/Vocabulary.v`` (pinned by SHA-256 with the allow-list: :data:`.coq.TRUSTED_HASHES`, printed
in the report) and of the checker's quantities beyond the tests that compare them.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import algorithms, data, heavy, pm1, rls  # noqa: F401  (register quantities and kinds)
from .formula import smt_script
from .kinds import KINDS, CertificateError
from .paper import PaperTex, locate
from .statement import BY_HAND, ByHand, Check, Coq, Entry, Smt

if TYPE_CHECKING:  # the Coq module is imported when a check runs (python -m ...checker.coq
    from .coq import CoqReport  # runs it as a script)

#: The certificate file format this checker reads (3: exactly the keys below; version 2 also
#: carried a reading, a method, a severity and texts the checker did not bind).
FORMAT = "zonemax-certificate/3"
#: Status of a text-only (editorial) entry's file.
EDITORIAL = "editorial"
#: Sub-directory of the editorial entries' files.
EDITORIAL_DIR = "editorial"
#: The top-level keys of a verdict's file and their JSON types.
_KEYS: dict[str, type | tuple[type, ...]] = {
    "format": str, "claim": str, "statement": str, "status": str, "coverage": str,
    "quantifier": str, "certificates": list}
#: Every key of a verdict's file (and nothing else).
VERDICT_KEYS = frozenset(_KEYS)
#: Every key of an editorial entry's file (and nothing else).
EDITORIAL_KEYS = frozenset({"format", "claim", "status", "certificates"})
#: How a claim is established (most convincing first).
COQ, COQ_STEP, SMT, EXACT, HAND, TRUSTED = (
    "proved in Coq", "decisive step in Coq, the rest by hand", "decided by z3 and cvc5",
    "re-checked exactly", "proved by hand", "trusted")
CLASSES = (COQ, COQ_STEP, SMT, EXACT, HAND, TRUSTED)


@dataclass(frozen=True)
class FileResult:
    """The outcome of one file: ``ok`` iff everything that ran checked; ``established`` is the
    claim's class (:data:`CLASSES`), ``details`` what ran for each obligation, ``unchecked``
    what could not run here (no TeX, no coqc)."""

    path: str
    claim: str
    ok: bool
    message: str
    status: str = ""
    established: str = ""
    details: tuple[str, ...] = ()
    unchecked: tuple[str, ...] = ()
    coverage: str = ""


@dataclass(frozen=True)
class DirectoryResult:
    """Every file's result, and what is wrong with the directory as a whole."""

    files: tuple[FileResult, ...]
    problems: tuple[str, ...] = ()
    coq: CoqReport | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and all(f.ok for f in self.files)

    def first_failure(self) -> str | None:
        """One line: the first problem, or the first file that does not check."""
        if self.problems:
            return self.problems[0]
        bad = next((f for f in self.files if not f.ok), None)
        return None if bad is None else f"{bad.claim} ({bad.path}): {bad.message}"


class _Reject(Exception):
    """A file that does not check (the message is the one line)."""


def _short(text: object, limit: int = 240) -> str:
    """One line of at most about ``limit`` characters, keeping both ends (where a long
    assertion says what is false)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else f"{flat[:limit // 2]} ... {flat[-limit // 2:]}"


def _paper(tex: PaperTex | Path | None) -> PaperTex:
    """``tex`` as a located TeX: a path is judged as ``--tex`` would be (its hash checked)."""
    if isinstance(tex, PaperTex):
        return tex
    if tex is None:
        return PaperTex(None, "nowhere", "no TeX was given to the checker")
    return locate(tex)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: a key given twice in one object is refused (``json`` would keep
    the last value; a reader sees the first)."""
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise _Reject(f"the key {key!r} appears twice in one object")
        doc[key] = value
    return doc


def _no_constant(name: str) -> Any:
    raise _Reject(f"{name} is not a JSON number")


def _kind(mode: int) -> str:
    """What a non-regular directory entry is, in words."""
    for test, word in ((stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symbolic link"),
                       (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device")):
        if test(mode):
            return word
    return "not a regular file"


def _load(path: Path) -> dict[str, Any]:
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        raise _Reject(f"unreadable: {_short(exc, 200)}") from None
    if not stat.S_ISREG(mode):  # judged before opening: a named pipe would block the read
        raise _Reject(f"{_kind(mode)}, not a regular file")
    try:
        doc = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_no_duplicates,
                         parse_constant=_no_constant)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise _Reject(f"unreadable: {_short(exc, 200)}") from None
    if not isinstance(doc, dict):
        raise _Reject("not a certificate file (a JSON object is expected)")
    if doc.get("format") != FORMAT:
        raise _Reject(f"format is {doc.get('format')!r}, not {FORMAT}")
    return doc


def _text_cert(entry_tex: tuple[int, int, str]) -> dict[str, Any]:
    first, last, quote = entry_tex
    return {"kind": "text", "first": first, "last": last, "quote": quote}


def _split(doc: Mapping[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(exact checks, text certificates) of a file; any other kind is rejected (an SMT script
    included: the checker decides the manifest's formulas in its own translation)."""
    checks, texts = [], []
    for k, cert in enumerate(doc["certificates"]):
        if not isinstance(cert, dict) or not isinstance(cert.get("kind"), str):
            raise _Reject(f"certificate {k} is not an object with a kind")
        kind = cert["kind"]
        if kind == "text":
            texts.append(cert)
        elif kind in KINDS:
            checks.append(cert)
        else:
            raise _Reject(f"certificate {k}: unknown kind {kind!r} (a file carries exact checks "
                          f"and one text reference; formulas are the manifest's)")
    return checks, texts


def _compare(entry: Entry, checks: Sequence[Mapping[str, Any]]) -> None:
    """The file's exact checks must be the manifest's, in order."""
    wanted = [o for o in entry.obligations if isinstance(o, Check)]
    if len(checks) != len(wanted):
        raise _Reject(f"{len(checks)} exact checks, the manifest has {len(wanted)} for "
                      f"{entry.id}")
    for k, (cert, ob) in enumerate(zip(checks, wanted, strict=True)):
        body = {key: value for key, value in cert.items() if key != "kind"}
        if cert["kind"] != ob.kind or body != dict(ob.spec):
            differs = sorted(key for key in set(body) | set(ob.spec)
                             if body.get(key) != ob.spec.get(key))
            raise _Reject(f"exact check {k} ({cert['kind']}) is not the manifest's "
                          f"{ob.kind} check (differs in: {', '.join(differs) or 'kind'})")


def _exact_keys(doc: Mapping[str, Any], keys: frozenset[str]) -> None:
    """The file has exactly ``keys``: an unknown key is refused (a verdict the checker does
    not establish must not ride along), and so is a missing one."""
    unknown, missing = sorted(set(doc) - keys), sorted(keys - set(doc))
    if unknown:
        raise _Reject(f"unknown keys {', '.join(map(repr, unknown))} (the format has only "
                      f"{', '.join(sorted(keys))})")
    if missing:
        raise _Reject(f"missing keys {', '.join(map(repr, missing))}")


def _header(doc: Mapping[str, Any], entry: Entry, path: Path) -> None:
    _exact_keys(doc, VERDICT_KEYS)
    for key, typ in _KEYS.items():
        if not isinstance(doc.get(key), typ):
            raise _Reject(f"field {key!r} is missing or not a {getattr(typ, '__name__', typ)}")
    if path.stem != entry.id:
        raise _Reject(f"the file {path.name} holds claim {entry.id}; it must be named "
                      f"{entry.id}.json")
    if doc["status"] != entry.verdict:
        raise _Reject(f"status {doc['status']!r}, but the manifest's statement of {entry.id} "
                      f"supports {entry.verdict!r}")
    for key, want in (("statement", entry.statement), ("quantifier", entry.quantifier),
                      ("coverage", entry.coverage)):
        if doc[key] != want:
            raise _Reject(f"{key} is not the manifest's: {str(doc[key])[:80]!r} instead of "
                          f"{want[:80]!r}")


def _established(entry: Entry, coq_ok: bool | None) -> str:
    """The claim's class: by hand (the coverage says so); else Coq re-run (the whole statement,
    or with an argument by hand for the rest: a class of its own); else by hand; else both
    solvers; else trusted (a Coq proof not re-run here); else exact."""
    kinds = {type(o) for o in entry.obligations}
    if entry.coverage == BY_HAND:
        return HAND
    if Coq in kinds and coq_ok:
        return COQ_STEP if ByHand in kinds else COQ
    if ByHand in kinds:
        return TRUSTED if Coq in kinds else HAND
    if Smt in kinds:
        return SMT
    return TRUSTED if Coq in kinds else EXACT


def _obligations(entry: Entry, checks: Sequence[Mapping[str, Any]], paper: PaperTex,
                 coq: CoqReport) -> tuple[list[str], list[str], bool | None]:
    """Run every obligation; (details, unchecked, whether the Coq obligations were re-run ok)."""
    details: list[str] = []
    unchecked: list[str] = []
    for k, cert in enumerate(checks):
        try:
            note = KINDS[cert["kind"]](cert, paper.path)
        except (CertificateError, ArithmeticError, ValueError, KeyError, TypeError,
                IndexError, RecursionError) as exc:
            raise _Reject(f"exact check {k} ({cert['kind']}) does not check: "
                          f"{_short(exc)}") from None
        details.append(f"{cert['kind']}" + (f" ({note})" if note else ""))
    coq_ok: bool | None = None
    for name, _ in entry.coq_formulas():
        if not coq.ran:
            unchecked.append(f"Coq theorem {name} ({coq.note})")
            coq_ok = False
            continue
        result = coq.theorems.get(name)
        if result is None or not result.ok:
            raise _Reject(f"Coq theorem {name}: "
                          f"{'not compiled' if result is None else result.message}")
        details.append(f"Coq theorem {name}")
        coq_ok = coq_ok is not False
    for ob in entry.obligations:
        if isinstance(ob, Smt):
            ok, answers = _smt(ob)
            said = ", ".join(f"{a.solver} {a.version}: {a.answer}".strip() for a in answers)
            if not ok:
                raise _Reject(f"SMT formula not refuted by both solvers ({said})")
            details.append(f"z3 and cvc5 unsat ({said})")
        elif isinstance(ob, ByHand):
            details.append(f"by hand: {ob.argument[:120]}")
    return details, unchecked, coq_ok


def _smt(ob: Smt) -> tuple[bool, tuple[Any, ...]]:
    from .solvers import both_unsat

    return both_unsat(smt_script(ob.formula))


def _text(entry_tex: tuple[int, int, str], texts: Sequence[Mapping[str, Any]],
          paper: PaperTex) -> tuple[str | None, str | None]:
    """(detail, unchecked) of the text certificate (there must be exactly the manifest's)."""
    if len(texts) != 1 or dict(texts[0]) != _text_cert(entry_tex):
        raise _Reject("the text certificate is not the manifest's TeX reference "
                      f"(lines {entry_tex[0]}-{entry_tex[1]})")
    if paper.path is None:
        return None, f"text ({paper.not_checked()})"
    try:
        KINDS["text"](texts[0], paper.path)
    except CertificateError as exc:
        raise _Reject(f"text does not check: {exc}") from None
    return "text", None


def _guarded(path: Path, body: Callable[[dict[str, Any]], FileResult]) -> FileResult:
    """``body`` on the file's JSON document; a refusal or any malformed input becomes one line
    (never an exception)."""
    claim = "?"
    try:
        doc = _load(path)
        claim = str(doc.get("claim", "?"))
        return body(doc)
    except _Reject as exc:
        return FileResult(str(path), claim, False, str(exc))
    except Exception as exc:  # malformed input must never end in a traceback
        return FileResult(str(path), claim, False,
                          f"malformed ({type(exc).__name__}: {_short(exc, 200)})")


def check_file(path: Path, tex: PaperTex | Path | None = None, *,
               coq: CoqReport | None = None) -> FileResult:
    """Check one verdict's file against the manifest (``coq``: a report of
    :func:`.coq.check_proofs`; by default the proofs of this claim are compiled now)."""
    from .coq import CoqReport, check_proofs
    from .manifest import MANIFEST

    paper = _paper(tex)

    def body(doc: dict[str, Any]) -> FileResult:
        claim = str(doc.get("claim", "?"))
        entry = MANIFEST.get(claim)
        if entry is None:
            raise _Reject(f"claim {claim!r} is not in the checker's manifest")
        _header(doc, entry, path)
        checks, texts = _split(doc)
        _compare(entry, checks)
        report = coq
        if report is None:
            report = check_proofs(dict(entry.coq_formulas())) if entry.coq_formulas() else \
                CoqReport(True, "", {})
        details, unchecked, coq_ok = _obligations(entry, checks, paper, report)
        detail, missing = _text(entry.tex, texts, paper)
        details += [detail] if detail else []
        unchecked += [missing] if missing else []
        return FileResult(str(path), claim, True, "ok", entry.verdict,
                          _established(entry, coq_ok), tuple(details), tuple(unchecked),
                          entry.coverage)

    return _guarded(path, body)


def check_editorial(path: Path, tex: PaperTex | Path | None = None) -> FileResult:
    """Check one editorial entry's file: the manifest's id and TeX reference, and the quote."""
    from .manifest import EDITORIAL_ENTRIES

    paper = _paper(tex)

    def body(doc: dict[str, Any]) -> FileResult:
        claim = str(doc.get("claim", "?"))
        entry = EDITORIAL_ENTRIES.get(claim)
        if entry is None:
            raise _Reject(f"editorial entry {claim!r} is not in the checker's manifest")
        _exact_keys(doc, EDITORIAL_KEYS)
        if path.stem != claim or doc.get("status") != EDITORIAL:
            raise _Reject(f"an editorial file is named after its entry and has status "
                          f"{EDITORIAL!r}")
        certs = doc.get("certificates")
        if not isinstance(certs, list) or [c.get("kind") for c in certs if isinstance(c, dict)] \
                != ["text"] or len(certs) != 1:
            raise _Reject("an editorial entry carries exactly one text certificate")
        detail, missing = _text(entry.tex, certs, paper)
        return FileResult(str(path), claim, True, "ok", EDITORIAL, EXACT,
                          (detail,) if detail else (), (missing,) if missing else (),
                          "the printed text")

    return _guarded(path, body)


def check_files(paths: Sequence[Path], tex: PaperTex | Path | None = None, *,
                run_coq: bool = False) -> list[FileResult]:
    """Check some verdict files against the manifest, without the directory's completeness
    (``run_coq``: compile the Coq proofs of their claims; otherwise reported as not re-run)."""
    from .coq import CoqReport, check_proofs
    from .manifest import MANIFEST

    paper = _paper(tex)
    if run_coq:
        wanted: dict[str, Any] = {}
        for p in paths:
            entry = MANIFEST.get(p.stem)
            if entry is not None:
                wanted.update(entry.coq_formulas())
        coq = check_proofs(wanted)
    else:
        coq = CoqReport(False, "", {}, "the Coq proofs were not re-run")
    return [check_file(p, paper, coq=coq) for p in paths]


def recheck_file(path: Path, tex: PaperTex | Path | None = None) -> FileResult:
    """Recompute every certificate of one file as it stands, *without* the manifest: what the
    checker's arithmetic says of a file that is not a manifest claim's (a control's verdict, a
    tampered copy).  ``ok`` iff every exact check (and the text, when the TeX is at hand)
    recomputes; this is never a verdict of the paper's claims -- :func:`check_file` is."""
    paper = _paper(tex)

    def body(doc: dict[str, Any]) -> FileResult:
        checks, texts = _split(doc)
        details = []
        for k, cert in enumerate(checks + (texts if paper.path is not None else [])):
            try:
                note = recheck(cert, paper.path)
            except (CertificateError, ArithmeticError, ValueError, KeyError, TypeError,
                    IndexError, RecursionError) as exc:
                raise _Reject(f"certificate {k} ({cert['kind']}) does not check: "
                              f"{_short(exc)}") from None
            details.append(cert["kind"] + (f" ({note})" if note else ""))
        return FileResult(str(path), str(doc.get("claim", "?")), True, "ok",
                          str(doc.get("status", "")), EXACT, tuple(details))

    return _guarded(path, body)


def recheck(cert: Mapping[str, Any], tex: Path | None = None) -> str:
    """Recompute one exact certificate as it stands (no manifest): its note, or raises
    :class:`.kinds.CertificateError` (or an arithmetic error) saying what is false."""
    return KINDS[cert["kind"]](cert, tex)


def check_directory(directory: Path, tex: PaperTex | Path | None = None, *,
                    run_coq: bool = True, coq: CoqReport | None = None) -> DirectoryResult:
    """Check a directory of certificates against the whole manifest (see the module
    docstring); ``run_coq=False`` reports the Coq obligations as not re-run; ``coq``: a report
    of :func:`.coq.check_proofs` over the manifest's obligations, to reuse."""
    from .coq import CoqReport, check_proofs
    from .manifest import EDITORIAL_ENTRIES, MANIFEST, coq_obligations

    paper = _paper(tex)
    problems: list[str] = []
    verdicts, editorial = _listing(directory, problems)
    stems = [p.stem for p in verdicts]
    missing = sorted(set(MANIFEST) - set(stems))
    extra = sorted(set(stems) - set(MANIFEST))
    if missing:
        problems.append(f"{len(missing)} claims of the manifest have no file: "
                        f"{', '.join(missing[:8])}{' ...' if len(missing) > 8 else ''}")
    if extra:
        problems.append(f"files for claims that are not in the manifest: "
                        f"{', '.join(f'{s}.json' for s in extra[:8])}")
    ed_missing = sorted(set(EDITORIAL_ENTRIES) - {p.stem for p in editorial})
    ed_extra = sorted({p.stem for p in editorial} - set(EDITORIAL_ENTRIES))
    if ed_missing:
        problems.append(f"editorial entries without a file: {', '.join(ed_missing[:8])}")
    if ed_extra:
        problems.append(f"editorial files not in the manifest: {', '.join(ed_extra[:8])}")
    if coq is None:
        coq = check_proofs(coq_obligations()) if run_coq else CoqReport(
            False, "", {}, "the Coq proofs were not re-run (--no-coq)")
    files = [check_file(p, paper, coq=coq) for p in verdicts if p.stem in MANIFEST]
    files += [check_editorial(p, paper) for p in editorial if p.stem in EDITORIAL_ENTRIES]
    return DirectoryResult(tuple(files), tuple(problems), coq)


def _entries(directory: Path) -> list[tuple[Path, int]]:
    """(path, ``lstat`` mode) of every entry of ``directory``, in name order (no entry is
    opened: a named pipe is only looked at)."""
    out = []
    for name in sorted(os.listdir(directory)):
        path = directory / name
        try:
            out.append((path, os.lstat(path).st_mode))
        except OSError:
            out.append((path, 0))
    return out


def _listing(directory: Path, problems: list[str]) -> tuple[list[Path], list[Path]]:
    """The verdict files and the editorial files of ``directory``; anything else in it (another
    file, a directory other than ``editorial``, a symbolic link, a named pipe) is a problem,
    one line each."""
    verdicts: list[Path] = []
    editorial: list[Path] = []
    for path, mode in _entries(directory):
        if path.name == EDITORIAL_DIR and stat.S_ISDIR(mode):
            for sub, sub_mode in _entries(path):
                if stat.S_ISREG(sub_mode) and sub.suffix == ".json":
                    editorial.append(sub)
                else:
                    problems.append(f"{EDITORIAL_DIR}/{sub.name} is "
                                    f"{_kind(sub_mode) if not stat.S_ISREG(sub_mode) else 'not a .json file'}"
                                    f": the directory holds only the certificate files")
        elif stat.S_ISREG(mode) and path.suffix == ".json":
            verdicts.append(path)
        else:
            what = _kind(mode) if not stat.S_ISREG(mode) else "not a .json file"
            problems.append(f"{path.name} is {what}: the directory holds only the certificate "
                            f"files and {EDITORIAL_DIR}/")
    return verdicts, editorial


def render(result: DirectoryResult, directory: Path | str) -> str:
    """The report of :func:`check_directory`: one line per file, then the counts by class,
    what was not checked here, and the first failure."""
    from collections import Counter

    lines = []
    for f in result.files:
        if f.ok:
            what = [u.split(" (", 1)[0] for u in f.unchecked]
            extra = f"; NOT CHECKED: {', '.join(what)}" if what else ""
            lines.append(f"ok   {f.claim}: {f.status}, {f.coverage}; {f.established} "
                         f"[{'; '.join(f.details)}{extra}]")
        else:
            lines.append(f"FAIL {f.claim} ({f.path}): {f.message}")
    lines += [f"FAIL directory: {p}" for p in result.problems]
    verdicts = [f for f in result.files if f.ok and f.status != EDITORIAL]
    classes = Counter(f.established for f in verdicts)
    n_ed = sum(1 for f in result.files if f.status == EDITORIAL)
    lines.append(f"checked {len(result.files)} files in {directory} against the checker's "
                 f"manifest ({len(result.files) - n_ed} verdicts, {n_ed} editorial)")
    lines.append("  verdicts by how they are established: "
                 + (", ".join(f"{c} {classes[c]}" for c in CLASSES if classes[c]) or "none"))
    coq = result.coq
    if coq is not None:
        cached = " (compiled files from the cache, re-checked by coqchk)" if coq.cached else ""
        lines.append(f"  Coq: {coq.version} re-ran {sum(r.ok for r in coq.theorems.values())} of "
                     f"{len(coq.theorems)} theorems{cached}" if coq.ran else f"  Coq: {coq.note}")
        if coq.ran and coq.note:
            lines.append(f"  Coq: every theorem refused: {coq.note}")
        if coq.trusted:
            lines.append("  Coq trusted base (SHA-256 pinned in checker/coq.py): "
                         + ", ".join(f"{name} {h}" for name, h in coq.trusted.items()))
    unchecked = Counter(u.split(" (", 1)[0].split(" theorem ")[0] for f in result.files
                        for u in f.unchecked)
    if unchecked:
        reasons = sorted({u.split(" (", 1)[1][:-1] for f in result.files
                          for u in f.unchecked if " (" in u})
        counts = ", ".join(f"{k} {n}" for k, n in sorted(unchecked.items()))
        lines.append(f"  NOT checked here: {counts} ({'; '.join(reasons)})")
    first = result.first_failure()
    if first is not None:
        bad = sum(1 for f in result.files if not f.ok) + len(result.problems)
        lines.append(f"{bad} problems; the first: {first}")
    else:
        lines.append("every certificate checks")
    return "\n".join(lines) + "\n"


__all__ = ["CLASSES", "COQ_STEP", "EDITORIAL", "EDITORIAL_KEYS", "FORMAT", "VERDICT_KEYS",
           "DirectoryResult", "FileResult", "PaperTex",
           "check_directory", "check_editorial", "check_file", "check_files", "locate",
           "recheck", "recheck_file", "render"]
