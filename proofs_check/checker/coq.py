r"""The Coq side of the checker: statements written from the manifest, proofs compiled by ``coqc``.

What is trusted: Coq's kernel, the axioms in ``allowed_axioms.txt`` (the classical axioms of
Coq's real numbers and the primitive 63-bit integer and float axioms that the ``interval``
tactic's computations rely on), and the definitions of ``Vocabulary.v`` (the quantities the
manifest's statements name, reviewed against the paper and compared with the checker's Python
reading at rational points by the tests).

How a claim is proved (:func:`check_proofs`):

1. ``Statements.v`` is written from the manifest's formulas (:func:`statements_text`): one
   ``Definition <Name>_statement : Prop`` per Coq obligation.  The copy committed in
   ``proofs_check/coq`` is for readers; the checker always writes its own.
2. In a fresh build directory, ``Vocabulary.v``, the written ``Statements.v``, the library files
   ``Lib_*.v`` (in name order) and every proof file ``<Name>.v`` are compiled with
   ``coqc -Q <dir> ZM``.  A proof file proves ``Theorem <Name> : Statements.<Name>_statement``.
3. A check file, compiled last, asserts for each theorem
   ``Check (ZM.<Name>.<Name> : ZM.Statements.<Name>_statement).`` -- the kernel confirms that the
   theorem proves exactly the manifest's statement (whatever a proof file defines locally) --
   and prints ``Print Assumptions`` of each; an axiom outside the allow-list (``Admitted`` shows
   as one) fails the claim.

A proof file that does not compile, a missing one, a type mismatch or an axiom outside the list
is reported per theorem; nothing else is affected.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .formula import Formula, coq_prop

#: The Coq sources shipped with zonemax (``proofs_check/coq``).
COQ_DIR = Path(__file__).resolve().parents[1] / "coq"
#: Logical root of the compiled files.
ROOT = "ZM"
#: Seconds one ``coqc`` call may take (the slowest proof compiles in well under a minute).
COQC_TIMEOUT = 900

_HEADER = """(* Written by zonemax's certificate checker from its manifest
   (zonemax.proofs_check.checker.manifest); do not edit: the checker writes its own copy. *)

From Coq Require Import Reals.
Require Import ZM.Vocabulary.
Open Scope R_scope.
"""


def statements_text(obligations: Iterable[tuple[str, Formula]]) -> str:
    """``Statements.v`` for ``(theorem name, formula)`` pairs."""
    parts = [_HEADER]
    for name, formula in obligations:
        parts.append(f"\nDefinition {name}_statement : Prop :=\n  {coq_prop(formula)}.\n")
    return "".join(parts)


def coqc() -> str | None:
    """The ``coqc`` executable, or ``None`` when Coq is not installed."""
    return shutil.which("coqc")


def allowed_axioms(coq_dir: Path = COQ_DIR) -> frozenset[str]:
    """The allow-list: one fully qualified axiom name per line (``#`` comments), or a prefix
    ending in ``.*``."""
    lines = (coq_dir / "allowed_axioms.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(s for line in lines if (s := line.split("#", 1)[0].strip()))


def _allowed(name: str, allow: frozenset[str]) -> bool:
    return name in allow or any(a.endswith(".*") and name.startswith(a[:-1]) for a in allow)


@dataclass(frozen=True)
class TheoremResult:
    """One Coq obligation: ``ok`` iff its proof compiled, has the manifest's statement as its
    type and uses only allowed axioms; ``message`` says what failed (or the axioms used)."""

    name: str
    ok: bool
    message: str
    axioms: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoqReport:
    """Every theorem's result, and what ran (``coqc --version``), or why nothing ran."""

    ran: bool
    version: str
    theorems: Mapping[str, TheoremResult]
    note: str = ""
    #: Theorem name -> whether its proof was refused on the false variant (``ok``: refused).
    controls: Mapping[str, TheoremResult] = field(default_factory=dict)


def _run(args: list[str], cwd: Path) -> tuple[int, str]:
    try:
        proc = subprocess.run(args, cwd=cwd, capture_output=True, text=True,
                              timeout=COQC_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return 124, f"coqc timed out after {COQC_TIMEOUT} s"
    return proc.returncode, proc.stdout + proc.stderr


def _first_error(output: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for k, line in enumerate(lines):
        if line.startswith("Error"):
            return " ".join(lines[k:k + 3])[:300]
    return " ".join(lines[-3:])[:300] or "coqc failed"


def _parse_assumptions(block: str) -> tuple[str, ...] | None:
    """Axiom names of one ``Print Assumptions`` output (``()`` when closed; ``None`` when the
    block is not one)."""
    if "Closed under the global context" in block:
        return ()
    if "Axioms:" not in block:
        return None
    names = []
    for line in block.split("Axioms:", 1)[1].splitlines():
        if line and not line[0].isspace():
            names.append(line.split(" ", 1)[0].strip())
    return tuple(names)


def _control_name(name: str) -> str:
    return f"{name}__control"


def check_proofs(obligations: Mapping[str, Formula], *,
                 controls: Mapping[str, Formula] | None = None, coq_dir: Path = COQ_DIR,
                 build_dir: Path | None = None, jobs: int | None = None) -> CoqReport:
    """Compile the proofs of ``obligations`` (theorem name -> formula) against statements
    written from the formulas; see the module docstring.

    ``controls`` (theorem name -> a false variant of its formula): in the same build, each
    named proof file is compiled once more with its statement replaced by the variant (every
    occurrence of ``<name>_statement``); the report's ``controls`` say whether each was refused,
    as it must be.  Proof files compile ``jobs`` at a time (default: the number of CPUs).
    """
    controls = dict(controls or {})
    exe = coqc()
    if exe is None:
        return CoqReport(False, "", {}, "coqc is not installed: the Coq proofs were not re-run "
                                        "(Debian/Ubuntu: apt-get install coq libcoq-interval)")
    _, version = _run([exe, "--version"], Path.cwd())
    version = " ".join(version.split()[:6])
    allow = allowed_axioms(coq_dir)
    every = {**obligations, **{_control_name(n): f for n, f in controls.items()}}
    with tempfile.TemporaryDirectory(prefix="zonemax-coq-") as tmp:
        work = Path(build_dir) if build_dir is not None else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        shutil.copy(coq_dir / "Vocabulary.v", work / "Vocabulary.v")
        (work / "Statements.v").write_text(statements_text(every.items()), encoding="utf-8")
        base = [exe, "-q", "-Q", str(work), ROOT]
        libs = sorted(coq_dir.glob("Lib_*.v"))
        for lib in libs:
            shutil.copy(lib, work / lib.name)
        for stem in ("Vocabulary", "Statements", *(lib.stem for lib in libs)):
            code, out = _run([*base, f"{stem}.v"], work)
            if code != 0:
                msg = f"{stem}.v does not compile: {_first_error(out)}"
                return CoqReport(True, version, {n: TheoremResult(n, False, msg)
                                                 for n in obligations})
        results: dict[str, TheoremResult] = {}
        sources: dict[str, str] = {}
        for name in obligations:
            source = coq_dir / f"{name}.v"
            if source.is_file():
                sources[name] = source.read_text(encoding="utf-8")
            else:
                results[name] = TheoremResult(name, False, f"no proof file {name}.v")
        units = {name: text for name, text in sources.items()}
        for name in controls:
            if name in sources:
                units[_control_name(name)] = re.sub(rf"\b{re.escape(name)}_statement\b",
                                                    f"{_control_name(name)}_statement",
                                                    sources[name])
        for unit, text in units.items():
            (work / f"{unit}.v").write_text(text, encoding="utf-8")
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
            outcome = dict(zip(units, pool.map(lambda u: _run([*base, f"{u}.v"], work), units),
                               strict=True))
        compiled = []
        for name in sources:
            code, out = outcome[name]
            if code != 0:
                results[name] = TheoremResult(name, False, f"{name}.v does not compile: "
                                                           f"{_first_error(out)}")
            else:
                compiled.append(name)
        results.update(_check_all(compiled, base, work, allow))
        refused: dict[str, TheoremResult] = {}
        for name in controls:
            if name not in sources:
                refused[name] = TheoremResult(name, False, f"no proof file {name}.v")
                continue
            code, out = outcome[_control_name(name)]
            refused[name] = TheoremResult(
                name, code != 0, f"refused: {_first_error(out)}" if code != 0 else
                "the proof compiles against the false variant of its statement")
    return CoqReport(True, version, results, controls=refused)


def _check_all(names: list[str], base: list[str], work: Path, allow: frozenset[str]
               ) -> dict[str, TheoremResult]:
    """:func:`_check_theorem` for every name, in one ``coqc`` call when they all type-check
    (then the output is split at each ``Check``'s echo); otherwise one call per theorem."""
    if not names:
        return {}
    check = work / "Check_all.v"
    check.write_text("".join(
        f"Require {ROOT}.Statements {ROOT}.{n}.\n"
        f"Check ({ROOT}.{n}.{n} : {ROOT}.Statements.{n}_statement).\n"
        f"Print Assumptions {ROOT}.{n}.{n}.\n" for n in names), encoding="utf-8")
    code, out = _run([*base, check.name], work)
    blocks = re.split(r"(?m)^" + re.escape(ROOT) + r"\.(\w+)\.\1\n\s*: ", out)
    found = dict(zip(blocks[1::2], blocks[2::2], strict=True)) if code == 0 else {}
    if code != 0 or sorted(found) != sorted(names):
        return {n: _check_theorem(n, base, work, allow) for n in names}
    return {n: _judge_axioms(n, _parse_assumptions(found[n]), allow) for n in names}


def _judge_axioms(name: str, axioms: tuple[str, ...] | None, allow: frozenset[str]
                  ) -> TheoremResult:
    if axioms is None:
        return TheoremResult(name, False, f"no Print Assumptions output for {name}")
    bad = [a for a in axioms if not _allowed(a, allow)]
    if bad:
        return TheoremResult(name, False, f"{name} uses axioms outside the allow-list: "
                                          f"{', '.join(bad)}", axioms)
    return TheoremResult(name, True, f"proved ({len(axioms)} allowed axioms)", axioms)


def _check_theorem(name: str, base: list[str], work: Path, allow: frozenset[str]
                   ) -> TheoremResult:
    """The kernel's type check against the manifest's statement, and the axioms used."""
    check = work / f"Check_{name}.v"
    check.write_text(
        f"Require {ROOT}.Statements {ROOT}.{name}.\n"
        f"Check ({ROOT}.{name}.{name} : {ROOT}.Statements.{name}_statement).\n"
        f"Print Assumptions {ROOT}.{name}.{name}.\n", encoding="utf-8")
    code, out = _run([*base, check.name], work)
    if code != 0:
        return TheoremResult(name, False, f"the theorem {name} does not have the manifest's "
                                          f"statement: {_first_error(out)}")
    return _judge_axioms(name, _parse_assumptions(out), allow)


def write_statements(obligations: Mapping[str, Formula], coq_dir: Path = COQ_DIR) -> Path:
    """Refresh the readers' copy ``proofs_check/coq/Statements.v``."""
    path = coq_dir / "Statements.v"
    path.write_text(statements_text(obligations.items()), encoding="utf-8")
    return path


_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def main(argv: list[str] | None = None) -> int:
    """``python -m zonemax.proofs_check.checker.coq [--write-statements] [NAME ...]``: compile
    and check the proofs (all, or the named theorems), printing one line each."""
    import argparse
    import sys

    from .manifest import coq_obligations

    parser = argparse.ArgumentParser(prog="zonemax-coq")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--write-statements", action="store_true")
    parser.add_argument("--keep", type=Path, default=None, help="build in this directory")
    args = parser.parse_args(argv)
    every = coq_obligations()
    if args.write_statements:
        sys.stdout.write(f"wrote {write_statements(every)}\n")
        return 0
    unknown = [n for n in args.names if n not in every or not _NAME.match(n)]
    if unknown:
        sys.stderr.write(f"unknown theorem names: {unknown}\n")
        return 2
    chosen = {n: every[n] for n in (args.names or every)}
    report = check_proofs(chosen, build_dir=args.keep)
    if not report.ran:
        sys.stdout.write(report.note + "\n")
        return 1
    for name, r in report.theorems.items():
        sys.stdout.write(f"{'ok  ' if r.ok else 'FAIL'} {name}: {r.message}\n")
    return 0 if all(r.ok for r in report.theorems.values()) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
