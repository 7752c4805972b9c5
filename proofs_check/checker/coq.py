r"""The Coq side of the checker: statements written from the manifest, proofs compiled by ``coqc``
and re-checked by ``coqchk``.

What is trusted: Coq's kernel (twice: ``coqc`` and its independent checker ``coqchk``), the
assumptions in ``allowed_axioms.txt`` (the classical axioms of Coq's real numbers, the
primitive 63-bit integer and float operations with their specifications that the ``interval``
tactic's computations rely on, and the sealed-module fields of the installed libraries, which
``coqchk`` lists because it does not re-check those libraries), the installed Coq standard
library, MathComp and Interval, and the definitions of ``Vocabulary.v`` (the quantities the
manifest's statements name, reviewed against the paper and compared with the checker's Python
reading at rational points by the tests).  ``Vocabulary.v`` and ``allowed_axioms.txt`` are
trusted with the content pinned in :data:`TRUSTED_HASHES` only.

How a claim is proved (:func:`check_proofs`):

0. The trusted files (``Vocabulary.v``, ``allowed_axioms.txt``) must have the SHA-256 pinned in
   :data:`TRUSTED_HASHES` (:func:`trusted_base_problem`): a change to them changes what the
   statements mean or what they may rest on, so it is a reviewed change of this module (print
   the current hashes with ``python -m zonemax.proofs_check.checker --print-trusted-hashes``).
   Every source is read with :func:`read_source` (a regular file of UTF-8 text, or one line
   saying why not).
1. Every ``.v`` file to be compiled is read first (:func:`scan`): an ``Axiom``, ``Parameter``,
   ``Conjecture``, ``Admitted``, ``admit``, ``Unset``, ``Load``, ``Declare ML Module``,
   ``Add LoadPath``, a ``Variable``/``Hypothesis``/``Context`` outside a ``Section`` (and a few
   other commands that add assumptions or change what the kernel checks) is refused before
   anything compiles, and so is every command that writes a file (``Redirect``, ``Extraction``
   and its variants, ``Print Universes ... "file"``, ``Dump``) and a ``Section``/``End``/
   ``Module`` behind a prefix (``Succeed Section S.`` opens no section).  A proof or library
   file may not declare a name the statements use (:func:`shadowing`: ``Rabs``, ``IZR``, a
   vocabulary name ...), nor ``Vocabulary.v`` a standard-library name.  This is a courtesy to
   the reader, not the guarantee: step 5 is (the side effects excepted: nothing but the scan
   stops a command that writes a file, so the build also runs in a private directory).
2. ``Statements.v`` is written from the manifest's formulas (:func:`statements_text`): one
   ``Definition <Name>_statement : Prop`` per Coq obligation.  The copy committed in
   ``proofs_check/coq`` is for readers; the checker always writes its own.
3. In a private temporary build directory (the sources are copied in; nothing is compiled in
   the directory being checked, and a ``Statements.v`` found there is never read),
   ``Vocabulary.v``, the written ``Statements.v``, a file that gives each allowed assumption
   its listed type (``Allowed.v``, each type parsed as one term by :func:`allowed_axioms` and
   the file scanned like a proof), the library files ``Lib_*.v`` and every proof file
   ``<Name>.v`` are compiled with ``coqc -Q <dir> ZM``.  A proof file proves
   ``Theorem <Name> : Statements.<Name>_statement``.
4. A check file, compiled last, defines for each theorem
   ``Definition <Name>__checked : ZM.Statements.<Name>_statement := ZM.<Name>.<Name>.``: the
   kernel confirms that the theorem proves exactly the manifest's statement.
5. ``coqchk -o`` re-checks every compiled file of step 3-4 (``-norec``: the installed
   libraries they load are not re-checked) and prints its context summary; the assumptions
   are read from that summary (one fully qualified name a line) and each must be on the
   allow-list *by exact name*; the summary must also report no type-in-type, no unsafe
   (co)fixpoint and no assumed positivity.  When an assumption is not allowed, ``coqchk`` runs
   once more per theorem to say which theorems load it.

Compiled files are cached (:func:`cache_root`) under the SHA-256 of every compiled source and
of the ``coqc`` and ``coqchk`` versions, so a repeated check compiles nothing; ``coqchk``
re-checks the cached files every time.

A proof file that is refused, does not compile, is missing, has another type or loads an
assumption outside the list fails its theorem only; a library file's failure fails them all.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .formula import CoqStatement, coq_prop

#: The Coq sources shipped with zonemax (``proofs_check/coq``).
COQ_DIR = Path(__file__).resolve().parents[1] / "coq"
#: Logical root of the compiled files.
ROOT = "ZM"
#: Seconds one ``coqc`` or ``coqchk`` call may take (the slowest proof compiles in well under a
#: minute).
COQC_TIMEOUT = 900
#: Environment variable naming the cache directory of compiled proofs (``off``: no cache).
CACHE_ENV = "ZONEMAX_COQ_CACHE"
#: The imports in whose context ``allowed_axioms.txt`` writes the types (see that file).
ALLOWED_CONTEXT = "From Coq Require Import Reals Lra Lia Psatz.\nFrom Interval Require Import Tactic.\n"
#: Name of the generated file that gives every allowed assumption its listed type.
ALLOWED_UNIT = "Allowed"

_HEADER = """(* Written by zonemax's certificate checker from its manifest
   (zonemax.proofs_check.checker.manifest); do not edit: the checker writes its own copy. *)

From Coq Require Import Reals.
Require Import ZM.Vocabulary.
Open Scope R_scope.
"""


def statements_text(obligations: Iterable[tuple[str, CoqStatement]]) -> str:
    """``Statements.v`` for ``(theorem name, formula)`` pairs."""
    parts = [_HEADER]
    for name, formula in obligations:
        parts.append(f"\nDefinition {name}_statement : Prop :=\n  {coq_prop(formula)}.\n")
    return "".join(parts)


def coqc() -> str | None:
    """The ``coqc`` executable, or ``None`` when Coq is not installed."""
    return shutil.which("coqc")


def coqchk() -> str | None:
    """The ``coqchk`` executable (Coq's independent checker of compiled files), or ``None``."""
    return shutil.which("coqchk")


# ------------------------------------------------------------------------- the trusted base
#: The files whose content the statements' meaning and the allow-list rest on, by path relative
#: to the Coq directory -> SHA-256 of their bytes.  Changing one of them is a reviewed change of
#: the trusted base: update this dict in the same commit (the current values are printed by
#: ``python -m zonemax.proofs_check.checker --print-trusted-hashes``, and
#: ``proofs_check/tests/test_coq_trusted_base.py`` checks that the committed files match).  A new
#: trusted vocabulary file (compiled before the statements, or loaded by them) must be added
#: here.  ``Statements.v`` is not pinned: the checker writes its own and never compiles one
#: found in the directory it checks.
TRUSTED_HASHES: dict[str, str] = {
    "Vocabulary.v": "5b2541fb7398dbce42a0fc19715e28f5bc791a3bbe1ab2f65ab501c926197980",
    "allowed_axioms.txt": "9b53b39f0dbec1fd8869f04cf3215f5bcf901375a437886e2b9f8cdccb6ea46c",
}


class SourceError(ValueError):
    """A source the checker cannot read as a regular file of UTF-8 text (one line: why)."""


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path``, a regular file (not followed through a symbolic link); raises
    :class:`SourceError` with one line otherwise."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise SourceError(f"{path.name} is missing") from None
    except OSError as exc:
        raise SourceError(f"{path.name} cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        what = ("a directory" if stat.S_ISDIR(st.st_mode) else "a symbolic link"
                if stat.S_ISLNK(st.st_mode) else "not a regular file")
        raise SourceError(f"{path.name} is {what}, not a source file")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path.name} cannot be read ({exc.strerror or exc})") from None


def read_source(path: Path) -> str:
    """The text of a source (a regular file of UTF-8 text); raises :class:`SourceError` with one
    line otherwise."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path.name} is not UTF-8 text (byte {exc.start})") from None


def trusted_hashes(coq_dir: Path = COQ_DIR) -> dict[str, str]:
    """The SHA-256 of each file of :data:`TRUSTED_HASHES` as it is in ``coq_dir`` (``missing`` or
    why it cannot be read, for one that is not a readable regular file)."""
    out = {}
    for rel in TRUSTED_HASHES:
        try:
            out[rel] = hashlib.sha256(read_bytes(coq_dir / rel)).hexdigest()
        except SourceError as exc:
            out[rel] = str(exc)
    return out


def trusted_base_problem(coq_dir: Path = COQ_DIR) -> str | None:
    """One line if a trusted file of ``coq_dir`` is not the one pinned in
    :data:`TRUSTED_HASHES`, else ``None``."""
    found = trusted_hashes(coq_dir)
    for rel, pinned in TRUSTED_HASHES.items():
        if found[rel] != pinned:
            got = found[rel] if re.fullmatch(r"[0-9a-f]{64}", found[rel]) else None
            return (f"trusted base changed: {rel} " + (f"has SHA-256 {got}" if got else
                                                        f"({found[rel]})")
                    + f", the checker trusts {pinned} (a change of the trusted base is "
                    f"reviewed: update TRUSTED_HASHES in checker/coq.py)")
    return None


def print_trusted_hashes(coq_dir: Path = COQ_DIR) -> str:
    """``TRUSTED_HASHES`` as it would be for the files of ``coq_dir`` (to paste into this
    module after review), with a line saying whether it is the pinned one."""
    found = trusted_hashes(coq_dir)
    body = "".join(f'    "{rel}": "{h}",\n' for rel, h in found.items())
    same = "the pinned hashes" if found == TRUSTED_HASHES else \
        "NOT the pinned hashes (checker/coq.py pins other files)"
    return f"# {coq_dir}: {same}\nTRUSTED_HASHES = {{\n{body}}}\n"


# ------------------------------------------------------------------------------ the allow-list
_QUALID = re.compile(r"^[A-Za-z_][A-Za-z0-9_']*(?:\.[A-Za-z_][A-Za-z0-9_']*)+$")


def _one_term(typ: str) -> str | None:
    """Why an allow-list type is not one Coq term that can be pasted after ``:`` (it could end
    the sentence, open a comment or a string, or leave a bracket open), or ``None``."""
    if not typ.isascii() or not typ.isprintable():
        return "a character outside printable ASCII"
    for bad, why in (("(*", "a comment"), ("*)", "a comment"), ('"', "a string"),
                     (":=", "':='")):
        if bad in typ:
            return why
    if re.search(r"\.(?=\s|$)", typ):
        return "a period that ends a sentence"
    stack: list[str] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for c in typ:
        if c in "([{":
            stack.append(c)
        elif c in pairs and (not stack or stack.pop() != pairs[c]):
            return "unbalanced brackets"
    return "unbalanced brackets" if stack else None


def allowed_axioms(coq_dir: Path = COQ_DIR) -> dict[str, str]:
    """The allow-list: fully qualified name -> type, one ``name : type`` a line (``#``
    comments).  Each type must be one term (:func:`_one_term`); no name may be under the
    project's own logical root (``ZM.``: an assumption of a proof file is never allowed).  A
    malformed line or a repeated name raises ``ValueError`` (a file that cannot be read:
    :class:`SourceError`)."""
    allow: dict[str, str] = {}
    text = read_source(coq_dir / "allowed_axioms.txt")
    for k, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, sep, typ = line.partition(" : ")
        name, typ = name.strip(), typ.strip()
        if not sep or not _QUALID.match(name) or not typ or "." in typ[-1:]:
            raise ValueError(f"allowed_axioms.txt line {k}: not 'fully.qualified.name : type'")
        if name.split(".", 1)[0] == ROOT:
            raise ValueError(f"allowed_axioms.txt line {k}: {name} is under the project's own "
                             f"root {ROOT}. (a proof's assumption is never allowed)")
        why = _one_term(typ)
        if why:
            raise ValueError(f"allowed_axioms.txt line {k}: the type of {name} is not one term "
                             f"({why})")
        if name in allow:
            raise ValueError(f"allowed_axioms.txt line {k}: {name} is listed twice")
        allow[name] = typ
    return allow


def allowed_text(allow: Mapping[str, str]) -> str:
    """``Allowed.v``: each listed assumption must have its listed type (checked by the
    kernel: the body of a definition of that type is the named constant)."""
    return ALLOWED_CONTEXT + "".join(f"Definition zm_allowed_{k} : {typ} := @{name}.\n"
                                     for k, (name, typ) in enumerate(allow.items()))


# ---------------------------------------------------------------------------- the source scan
#: Commands refused anywhere: they add an assumption, leave a proof unfinished, change what the
#: kernel checks, or load code or files the checker did not read.
_REFUSED = {"Axiom", "Axioms", "Parameter", "Parameters", "Conjecture", "Conjectures",
            "Admitted", "Admit", "Unset", "Load", "Primitive", "Register", "Cd", "Extern"}
#: Declarations that are discharged at the end of a Section (they become hypotheses of the
#: section's theorems) and are axioms anywhere else.
_SECTION_LOCAL = {"Variable", "Variables", "Hypothesis", "Hypotheses", "Context"}
#: Two-word commands refused.
_REFUSED_PAIRS = {("Declare", "ML"), ("Declare", "Module"), ("Declare", "Instance"), ("Add", "LoadPath"),
                  ("Add", "Rec"), ("Add", "ML")}
#: Words refused anywhere in a sentence (tactics that leave a goal unproved, attributes that
#: switch a kernel check off).
_REFUSED_WORDS = re.compile(r"(?<![\w'.])(admit|give_up|Admitted|bypass_check)(?![\w'])")
#: Prefixes that do not change what a command declares.
_PREFIXES = {"Local", "Global", "Polymorphic", "Monomorphic", "Cumulative", "NonCumulative",
             "Private", "Program", "Time", "Fail", "Succeed", "Export", "Import"}


def _blank(text: str) -> str:
    """``text`` with comments (nested, with strings inside) and string literals replaced by
    spaces (newlines kept, so line numbers stay); raises ``ValueError`` if one is not closed."""
    out = []
    i, n, depth = 0, len(text), 0
    while i < n:
        if text.startswith("(*", i):
            depth += 1
            out.append("  ")
            i += 2
        elif depth and text.startswith("*)", i):
            depth -= 1
            out.append("  ")
            i += 2
        elif text[i] == '"':
            j = i + 1
            while True:
                j = text.find('"', j)
                if j < 0:
                    raise ValueError(f"line {text.count(chr(10), 0, i) + 1}: unterminated string")
                if text.startswith('""', j):
                    j += 2
                    continue
                break
            chunk = text[i:j + 1]
            out.append('""' if not depth else "")
            out.append("".join(c if c == "\n" else " " for c in chunk[2 if not depth else 0:]))
            i = j + 1
        else:
            out.append(text[i] if not depth or text[i] == "\n" else " ")
            i += 1
    if depth:
        raise ValueError("unterminated comment")
    return "".join(out)


def _sentences(code: str) -> Iterable[tuple[int, str]]:
    """(line number, sentence) of comment-free Coq source: a sentence ends at a period followed
    by white space or the end of the file."""
    start = 0
    for m in re.finditer(r"\.(?=\s|$)", code):
        sentence = code[start:m.start()]
        stripped = sentence.lstrip()
        if stripped:
            line = code.count("\n", 0, start + len(sentence) - len(stripped)) + 1
            yield line, stripped
        start = m.end()
    rest = code[start:].strip()
    if rest:
        yield code.count("\n", 0, start) + 1, rest


def _words(sentence: str) -> list[str]:
    """The sentence's leading words, without bullets, braces, goal selectors, attributes and
    prefixes that do not change what it declares."""
    return _prefixed(sentence)[1]


def _prefixed(sentence: str) -> tuple[list[str], list[str]]:
    """(the prefixes and attributes before the command, the command's words): see
    :func:`_words`."""
    s = sentence
    prefixes: list[str] = []
    while True:
        s = s.lstrip().lstrip("-+*{}").lstrip()
        if s.startswith("#["):
            depth, k = 0, 0
            for k, c in enumerate(s):  # noqa: B007  (k is used after the loop)
                depth += (c == "[") - (c == "]")
                if depth == 0 and c == "]":
                    break
            prefixes.append("#[...]")
            s = s[k + 1:]
            continue
        m = re.match(r"(?:\d+|all|par|!)\s*:(?!=)", s)
        if m:
            s = s[m.end():]
            continue
        m = re.match(r"(Timeout|Redirect)\s+\S+", s)
        if m:
            prefixes.append(m.group(1))
            s = s[m.end():]
            continue
        words = s.split()
        if words and words[0] in _PREFIXES:
            prefixes.append(words[0])
            s = s.lstrip()[len(words[0]):]
            continue
        return prefixes, words


#: Commands that write files (a proof that compiles must not write into the directory being
#: checked, into the cache, or anywhere else): matched on the command's leading words.
_WRITERS = ("Redirect", "Extraction", "Extract", "Separate", "Recursive", "Dump", "Write",
            "Restore", "Save")
#: ``Set``/``Unset`` options that name an output file or directory.
_WRITER_OPTIONS = ("Extraction", "NativeCompute", "Native", "Dump")
#: Commands that open or close a block the scan tracks (sections decide where ``Variable`` and
#: its kin are allowed): only their plain form is read, a prefix before them is refused.
_BLOCKS = ("Section", "End", "Module")


def _writes(prefixes: list[str], words: list[str], sentence: str) -> str | None:
    """The command's name if it writes a file, else ``None``."""
    if "Redirect" in prefixes:
        return "Redirect"
    head = words[0] if words else ""
    if head in ("Set", "Unset", "Test") and len(words) > 1 and words[1] in _WRITER_OPTIONS:
        return f"{head} {words[1]}"
    if head in ("Separate", "Recursive"):
        return " ".join(words[:2])
    if head in _WRITERS:
        return head
    if "Extraction" in words[:3]:
        return "Extraction"
    if head == "Print" and '""' in sentence:  # Print Universes [Subgraph (...)] "file"
        return "Print ... \"file\""
    return None


def scan(text: str) -> str | None:
    """Why a Coq source is refused before compiling (``"line N: ..."``), or ``None``.

    Refused: the commands of :data:`_REFUSED` and :data:`_REFUSED_PAIRS`, ``Set``/``Unset`` of
    a checking flag, the words ``admit``, ``give_up``, ``Admitted`` and ``bypass_check``
    anywhere, and ``Variable``/``Variables``/``Hypothesis``/``Hypotheses``/``Context`` outside
    a ``Section`` (inside one they are discharged when it ends, and ``coqchk`` would see any
    that were not).  Comments and strings are not read."""
    try:
        code = _blank(text)
    except ValueError as exc:
        return str(exc)
    blocks: list[tuple[str, str]] = []  # ("Section" | "Module", name) open at this point
    for line, sentence in _sentences(code):
        bad = _REFUSED_WORDS.search(sentence)
        if bad:
            return f"line {line}: {bad.group(1)}"
        prefixes, words = _prefixed(sentence)
        if not words:
            continue
        head = words[0]
        if head in _REFUSED or tuple(words[:2]) in _REFUSED_PAIRS:
            return f"line {line}: {' '.join(words[:2]) if head in ('Declare', 'Add') else head}"
        if head == "Set" and len(words) > 1 and (words[-1] == "Checking" or words[1] in
                                                 ("Definitional", "Impredicative", "Typing")):
            return f"line {line}: Set {' '.join(words[1:3])}"
        writer = _writes(prefixes, words, sentence)
        if writer:
            return f"line {line}: {writer} (a command that writes a file)"
        if head in _BLOCKS and prefixes:
            return (f"line {line}: {prefixes[0]} {head} (a prefix before {head}: the scan "
                    f"reads only plain Section, End and Module)")
        if head in _SECTION_LOCAL and not any(kind == "Section" for kind, _ in blocks):
            return f"line {line}: {head} outside a Section (an axiom at top level)"
        if head == "Section" and len(words) > 1:
            blocks.append(("Section", words[1]))
        elif head in ("Module", "Module Type") and len(words) > 1 and ":=" not in sentence:
            name = words[2] if words[1] in ("Type", "Import", "Export") and len(words) > 2 \
                else words[1]
            blocks.append(("Module", name))
        elif head == "End" and len(words) > 1:
            while blocks and blocks[-1][1] != words[1]:
                blocks.pop()
            if blocks:
                blocks.pop()
    return None


# ----------------------------------------------------------------------------- shadowing
#: Standard-library names the statements are written with (:mod:`.formula`'s translation, and
#: the functions the vocabulary's definitions use): no file the checker compiles may declare
#: one of them, since a file that loads it would then read the statements' words otherwise.
STANDARD_NAMES = frozenset({
    "R", "Z", "nat", "Prop", "IZR", "INR", "IPR", "Q2R", "Int_part", "frac_part", "up", "Rabs",
    "Rmin", "Rmax", "Rpower", "powerRZ", "pow", "exp", "ln", "sqrt", "PI", "Rplus", "Rminus",
    "Rmult", "Rdiv", "Ropp", "Rinv", "Rlt", "Rle", "Rgt", "Rge", "Rsqr", "R0", "R1", "eq",
    "not", "and", "or", "iff", "True", "False", "ex", "Rle_dec", "Rlt_dec", "Req_EM_T",
    "Rcase_abs", "Rle_lt_dec", "Rlt_le_dec", "total_order_T", "Zpos", "Zneg", "Z0", "xH", "xO",
    "xI", "Z.add", "Z.sub", "Z.mul", "Z.opp", "Z.of_nat", "Zplus", "Zminus", "Zmult", "Zopp",
    "Coq", "Reals", "Rdefinitions", "Rbasic_fun", "Rfunctions", "R_sqrt",
    "Raxioms", "RIneq", "ZM", "Vocabulary", "Statements",
})
#: Commands that declare a name (the first identifier after the command).
_DECLARERS = {"Definition", "Fixpoint", "CoFixpoint", "Inductive", "CoInductive", "Variant",
              "Record", "Structure", "Class", "Instance", "Let", "Lemma", "Theorem", "Fact",
              "Remark", "Corollary", "Proposition", "Property", "Example", "Function",
              "Notation", "Abbreviation", "Module", "Variable", "Variables", "Hypothesis",
              "Hypotheses", "Canonical", "Coercion", "Equations", "Scheme", "Combined"}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_']*(?:\.[A-Za-z_][A-Za-z0-9_']*)*")
#: Commands that give syntax a meaning (the symbols of a notation string are checked).
_SYNTAX = {"Notation", "Infix", "Number", "Numeral", "String"}
#: The symbols the statements are written with.
_SYMBOLS = frozenset({"+", "-", "*", "/", "^", "<", "<=", ">", ">=", "=", "<>", "->", "/\\",
                      "\\/", "~", "%R", "%Z", ",", "(", ")", "forall", "exists", "fun"})


def _declared(words: list[str], sentence: str) -> list[str]:
    """The names a declaration declares: the first identifier after the command, the other
    blocks of a mutual definition (``with g ... :=``), an inductive type's constructors and a
    record's fields (after its ``:=``)."""
    head = words[0]
    if head in ("Coercion", "Canonical") and ":=" not in sentence:
        return []  # declares an existing constant a coercion / canonical: no new name
    if head == "Canonical" and words[1:2] == ["Structure"]:
        words = words[1:]
    if head == "Module" and len(words) > 1 and words[1] in ("Type", "Import", "Export"):
        words = words[1:]
    if len(words) < 2:
        return []
    rest = sentence[sentence.find(words[1], sentence.find(words[0]) + len(words[0])):]
    names = []
    first = _IDENT.match(words[1])
    if first:
        names.append(first.group())
    if head in ("Variables", "Hypotheses", "Variable", "Hypothesis", "Context"):
        names += re.findall(r"[({\[]\s*([A-Za-z_][\w' ]*?)\s*:", rest)
        names = [n for group in names for n in group.split()]
    if head in ("Fixpoint", "CoFixpoint", "Inductive", "CoInductive", "Variant"):
        # mutual blocks: "with g (n : nat) : nat :=" (not a match's "with O => ...")
        names += re.findall(r"\bwith\s+([A-Za-z_][\w']*)[^=|]*?:=", rest)
    body = rest.split(":=", 1)[1] if ":=" in rest else ""
    if head in ("Inductive", "CoInductive", "Variant"):  # constructors
        names += re.findall(r"(?:^|\|)\s*([A-Za-z_][\w']*)", body)
    if head in ("Record", "Structure", "Class"):  # fields (and the constructor before {)
        names += re.findall(r"(?:^|[{;])\s*([A-Za-z_][\w']*)", body)
    return names


def shadowing(text: str, protected: Iterable[str]) -> str | None:
    """Why a Coq source is refused for declaring a name of ``protected`` (the names the
    statements use: a file that loads this one would read them otherwise), or for a notation
    whose symbols are the statements' (``Notation "x <= y" := ...``), as ``"line N: ..."``;
    else ``None``.  Comments are not read; a notation's string is."""
    protected = frozenset(protected)
    try:
        code = _blank(text)
    except ValueError as exc:
        return str(exc)
    pos = 0
    for line, sentence in _sentences(code):
        start = code.find(sentence, pos)
        pos = start + len(sentence)
        words = _words(sentence)
        if not words:
            continue
        head = words[0]
        if head in _DECLARERS or head == "Context":
            for name in _declared(words, sentence):
                if name in protected or name.split(".")[0] in protected:
                    return (f"line {line}: {head} {name} shadows a name the statements use")
        if head in _SYNTAX:
            original = text[start:pos]
            for literal in re.findall(r'"((?:[^"]|"")*)"', original):
                for token in literal.replace('""', '"').split():
                    bare = token.strip("'")
                    if bare in _SYMBOLS or bare in protected:
                        return (f"line {line}: {head} \"{literal}\" gives the statements' "
                                f"symbol {bare!r} a meaning")
            if head in ("Number", "Numeral", "String"):
                return f"line {line}: {head} Notation (changes how numerals are read)"
    return None


def statement_names(statements: str, vocabulary: str) -> frozenset[str]:
    """The names the statements use: :data:`STANDARD_NAMES`, every name the vocabulary
    declares, and every global name of the written statements (``Statements.v``'s text; its
    bound variables are not names)."""
    names = set(STANDARD_NAMES)
    try:
        vocab = _blank(vocabulary)
    except ValueError:
        vocab = ""
    for _, sentence in _sentences(vocab):
        words = _words(sentence)
        if words and words[0] in _DECLARERS:
            names.update(_declared(words, sentence))
    bound: set[str] = set()
    for m in re.finditer(r"forall\s+((?:\([^()]*\)\s*)+),", statements):
        for group in re.findall(r"\(([^():]*):", m.group(1)):
            bound.update(group.split())
    for _, sentence in _sentences(_blank(statements)):
        words = _words(sentence)
        if words[:1] == ["Definition"]:
            body = sentence.split(":=", 1)[-1]
            names.update(n for n in _IDENT.findall(body) if n not in bound
                         and n not in ("forall", "fun", "exists", "if", "then", "else"))
    return frozenset(names)


# ------------------------------------------------------------------------ coqchk's summary
@dataclass(frozen=True)
class ContextSummary:
    """``coqchk -o``'s context summary: the theory, the assumptions (fully qualified names) and
    the constants relying on type-in-type, unsafe (co)fixpoints or assumed positivity."""

    theory: str
    axioms: tuple[str, ...]
    unsafe: tuple[str, ...]


_SECTIONS = {"Axioms": "axioms",
             "Constants/Inductives relying on type-in-type": "unsafe",
             "Constants/Inductives relying on unsafe (co)fixpoints": "unsafe",
             "Inductives whose positivity is assumed": "unsafe"}


def parse_summary(output: str) -> ContextSummary | None:
    """The context summary of ``coqchk -o``'s output, or ``None`` when there is not exactly one
    in the expected form: a ``* Theory:`` line, then sections ``* <title>:`` whose items are one
    fully qualified name per indented line (or ``<none>`` after the colon)."""
    lines = output.splitlines()
    starts = [k for k, line in enumerate(lines) if line == "CONTEXT SUMMARY"]
    if len(starts) != 1 or lines[starts[0] + 1:starts[0] + 2] != ["=" * 15]:
        return None
    theory: str | None = None
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines[starts[0] + 2:]:
        if not line.strip():
            continue
        if line.startswith("* "):
            title, sep, rest = line[2:].partition(":")
            if not sep:
                return None
            if title == "Theory":
                if theory is not None:
                    return None
                theory = rest.strip()
                current = None
                continue
            if title not in _SECTIONS or title in found:
                return None
            current = found[title] = []
            if rest.strip() not in ("", "<none>"):
                return None
            if rest.strip() == "<none>":
                current = None
        elif current is not None and line.startswith("    ") and _QUALID.match(line.strip()):
            current.append(line.strip())
        else:
            return None
    if theory is None or set(found) != set(_SECTIONS):
        return None
    unsafe = tuple(n for t, names in found.items() if _SECTIONS[t] == "unsafe" for n in names)
    return ContextSummary(theory, tuple(found["Axioms"]), unsafe)


#: The theory the proofs must be checked in (coqchk's default, with no flag weakening it).
THEORY = "Set is predicative"


# ------------------------------------------------------------------------------- the results
@dataclass(frozen=True)
class TheoremResult:
    """One Coq obligation: ``ok`` iff its proof was accepted by the source scan, compiled, has
    the manifest's statement as its type, and ``coqchk`` re-checked it with only allowed
    assumptions; ``message`` says what failed (or what was checked)."""

    name: str
    ok: bool
    message: str
    axioms: tuple[str, ...] = ()


@dataclass(frozen=True)
class CoqReport:
    """Every theorem's result, and what ran (``coqc`` and ``coqchk`` versions), or why nothing
    ran; ``cached``: the compiled files came from the cache."""

    ran: bool
    version: str
    theorems: Mapping[str, TheoremResult]
    note: str = ""
    #: Theorem name -> whether its proof was refused on the false variant (``ok``: refused).
    controls: Mapping[str, TheoremResult] = field(default_factory=dict)
    cached: bool = False
    #: The trusted files and the SHA-256 the checker pins for them (:data:`TRUSTED_HASHES`).
    trusted: Mapping[str, str] = field(default_factory=dict)


def _run(args: list[str], cwd: Path) -> tuple[int, str]:
    try:
        proc = subprocess.run(args, cwd=cwd, capture_output=True, text=True,
                              timeout=COQC_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return 124, f"{Path(args[0]).name} timed out after {COQC_TIMEOUT} s"
    return proc.returncode, proc.stdout + proc.stderr


def _first_error(output: str) -> str:
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for k, line in enumerate(lines):
        if line.startswith("Error"):
            return " ".join(lines[k:k + 3])[:300]
    return " ".join(lines[-3:])[:300] or "coqc failed"


def _control_name(name: str) -> str:
    return f"{name}__control"


# --------------------------------------------------------------------------------- the cache
def cache_root() -> Path | None:
    """Where compiled proofs are cached: ``$ZONEMAX_COQ_CACHE`` (``off`` or empty: nowhere),
    else ``$XDG_CACHE_HOME/zonemax/coq``, else ``~/.cache/zonemax/coq``."""
    env = os.environ.get(CACHE_ENV)
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0", "no") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zonemax" / "coq"


def _private_dir(path: Path) -> bool:
    """Create ``path`` (mode 700) if needed; whether it is a directory of this user that no one
    else can write (a cache others could write could hand the checker other compiled files)."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(path)
    except OSError:
        return False
    return (stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid()
            and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _key(version: str, units: Mapping[str, str]) -> str:
    h = hashlib.sha256()
    for part in (version, *(x for item in units.items() for x in item)):
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


# -------------------------------------------------------------------------------- the build
@dataclass
class _Build:
    """The compile step's outcome: unit -> (exit code, first error)."""

    outcome: dict[str, tuple[int, str]] = field(default_factory=dict)


def _compile_all(exe: str, work: Path, base: list[str], units: Mapping[str, str],
                 ordered: list[str], parallel: list[str], jobs: int) -> _Build:
    """Write and compile ``ordered`` units one after the other (stopping at the first that
    fails), then ``parallel`` ones ``jobs`` at a time."""
    build = _Build()
    for unit, text in units.items():
        (work / f"{unit}.v").write_text(text, encoding="utf-8")
    for unit in ordered:
        code, out = _run([*base, f"{unit}.v"], work)
        build.outcome[unit] = (code, _first_error(out) if code else "")
        if code:
            return build
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda u: _run([*base, f"{u}.v"], work), parallel))
    for unit, (code, out) in zip(parallel, results, strict=True):
        build.outcome[unit] = (code, _first_error(out) if code else "")
    return build


def _check_units(names: list[str], base: list[str], work: Path) -> dict[str, str]:
    """Theorem name -> the unit that binds it to its statement (a ``Definition`` of the
    statement's type whose body is the theorem), compiled: one unit for all when they all
    type-check, otherwise one per theorem; a theorem that does not type-check is absent."""
    def text(ns: Iterable[str]) -> str:
        return "".join(f"Require {ROOT}.Statements {ROOT}.{n}.\n"
                       f"Definition {n}__checked : {ROOT}.Statements.{n}_statement := "
                       f"{ROOT}.{n}.{n}.\n" for n in ns)

    if not names:
        return {}
    (work / "Check_all.v").write_text(text(names), encoding="utf-8")
    if _run([*base, "Check_all.v"], work)[0] == 0:
        return dict.fromkeys(names, "Check_all")
    done = {}
    for n in names:
        (work / f"Check_{n}.v").write_text(text([n]), encoding="utf-8")
        if _run([*base, f"Check_{n}.v"], work)[0] == 0:
            done[n] = f"Check_{n}"
    return done


def _coqchk(chk: str, work: Path, units: Iterable[str]) -> tuple[int, str]:
    args = [chk, "-o", "-silent", "-Q", str(work), ROOT]
    for unit in units:
        args += ["-norec", f"{ROOT}.{unit}"]
    return _run(args, work)


def check_proofs(obligations: Mapping[str, CoqStatement], *,
                 controls: Mapping[str, CoqStatement] | None = None, coq_dir: Path = COQ_DIR,
                 build_dir: Path | None = None, jobs: int | None = None,
                 cache: Path | bool | None = True) -> CoqReport:
    """Compile the proofs of ``obligations`` (theorem name -> formula) against statements
    written from the formulas and re-check them with ``coqchk``; see the module docstring.

    ``controls`` (theorem name -> a false variant of its formula): in the same build, each
    named proof file is compiled once more with its statement replaced by the variant (every
    occurrence of ``<name>_statement``); the report's ``controls`` say whether each was refused,
    as it must be.  Proof files compile ``jobs`` at a time (default: the number of CPUs).
    ``cache``: ``True`` for :func:`cache_root`, a directory, or ``False``/``None`` for none.
    """
    controls = dict(controls or {})
    pinned = dict(TRUSTED_HASHES)
    changed = trusted_base_problem(coq_dir)
    exe, chk = coqc(), coqchk()
    version = "" if exe is None or chk is None else \
        " ".join(_run([exe, "--version"], Path.cwd())[1].split()[:6]) + "; coqchk " + \
        " ".join(_run([chk, "--version"], Path.cwd())[1].split()[-1:])

    def everyone(message: str) -> CoqReport:
        return CoqReport(True, version, {n: TheoremResult(n, False, message)
                                         for n in obligations},
                         controls={n: TheoremResult(n, False, message) for n in controls},
                         note=message, trusted=pinned)

    if changed is not None:  # before anything else is read: the statements' meaning changed
        return everyone(changed)
    if exe is None or chk is None:
        return CoqReport(False, "", {}, f"{'coqc' if exe is None else 'coqchk'} is not "
                         "installed: the Coq proofs were not re-run (Debian/Ubuntu: apt-get "
                         "install coq libcoq-interval)", trusted=pinned)
    try:
        allow = allowed_axioms(coq_dir)
    except ValueError as exc:  # SourceError included
        return everyone(f"no usable allow-list: {exc}")
    every = {**obligations, **{_control_name(n): f for n, f in controls.items()}}
    statements = statements_text(every.items())
    allowed = allowed_text(allow)
    refused = scan(allowed)
    if refused:
        return everyone(f"allowed_axioms.txt: the generated {ALLOWED_UNIT}.v is refused: "
                        f"{refused}")
    libs = sorted(coq_dir.glob("Lib_*.v"))
    base_units: dict[str, str] = {}
    protected: frozenset[str] = frozenset()
    for path in (coq_dir / "Vocabulary.v", *libs):
        try:
            text = read_source(path)
        except SourceError as exc:
            return everyone(f"{path.name} refused before compiling: {exc}")
        if path.stem == "Vocabulary":
            protected = statement_names(statements, text)
        refused = scan(text) or shadowing(text, STANDARD_NAMES if path.stem == "Vocabulary"
                                          else protected)
        if refused:
            return everyone(f"{path.name} refused before compiling: {refused}")
        base_units[path.stem] = text
    ordered = ["Vocabulary", "Statements", ALLOWED_UNIT, *(lib.stem for lib in libs)]
    base_units = {"Vocabulary": base_units["Vocabulary"],
                  "Statements": statements,
                  ALLOWED_UNIT: allowed,
                  **{lib.stem: base_units[lib.stem] for lib in libs}}
    results: dict[str, TheoremResult] = {}
    sources: dict[str, str] = {}
    for name in obligations:
        source = coq_dir / f"{name}.v"
        if not os.path.lexists(source):
            results[name] = TheoremResult(name, False, f"no proof file {name}.v")
            continue
        try:
            text = read_source(source)
        except SourceError as exc:
            results[name] = TheoremResult(name, False, f"{name}.v refused before compiling: "
                                                       f"{exc}")
            continue
        refused = scan(text) or shadowing(text, protected)
        if refused:
            results[name] = TheoremResult(name, False, f"{name}.v refused before compiling: "
                                                       f"{refused}")
        else:
            sources[name] = text
    if not sources:  # nothing left to compile
        return CoqReport(True, version, {n: results[n] for n in obligations},
                         controls={n: results[n] for n in controls if n in results},
                         trusted=pinned)
    proof_units = dict(sources)
    for name in controls:
        if name in sources:
            proof_units[_control_name(name)] = re.sub(
                rf"\b{re.escape(name)}_statement\b", f"{_control_name(name)}_statement",
                sources[name])
    units = {**base_units, **proof_units}
    root = cache_root() if cache is True else (Path(cache) if cache else None)
    key = _key(version, units)
    entry = root / key[:40] if root is not None and _private_dir(root) else None
    with tempfile.TemporaryDirectory(prefix="zonemax-coq-") as tmp:
        if build_dir is not None and Path(build_dir).resolve() == Path(coq_dir).resolve():
            return everyone("the build directory is the directory being checked (the "
                            "checker compiles in a directory of its own)")
        work = Path(build_dir) if build_dir is not None else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        base = [exe, "-q", "-Q", str(work), ROOT]
        cached = entry is not None and (entry / "outcome.json").is_file()
        if cached and entry is not None:
            for unit, text in units.items():
                (work / f"{unit}.v").write_text(text, encoding="utf-8")
            saved = json.loads((entry / "outcome.json").read_text(encoding="utf-8"))
            outcome = {u: (int(c), str(e)) for u, (c, e) in saved["outcome"].items()}
            bound = dict(saved["bound"])
            for unit in _compiled_units(units, bound):
                if (entry / f"{unit}.vo").is_file():
                    shutil.copy(entry / f"{unit}.vo", work / f"{unit}.vo")
        else:
            build = _compile_all(exe, work, base, units, ordered, list(proof_units),
                                 jobs or os.cpu_count() or 1)
            outcome = build.outcome
            compiled = [n for n in sources if outcome.get(n, (1, ""))[0] == 0]
            bound = _check_units(compiled, base, work) if all(
                outcome.get(u, (1, ""))[0] == 0 for u in ordered) else {}
            if entry is not None:
                _store(entry, work, outcome, bound, _compiled_units(units, bound))
        for unit in ordered:
            code, err = outcome.get(unit, (1, "not compiled"))
            if code:
                what = ("allowed_axioms.txt: a listed assumption does not have its listed type"
                        if unit == ALLOWED_UNIT else f"{unit}.v does not compile")
                return everyone(f"{what}: {err}")
        for name in sources:
            code, err = outcome[name]
            if code:
                results[name] = TheoremResult(name, False, f"{name}.v does not compile: {err}")
            elif name not in bound:
                results[name] = TheoremResult(name, False, f"the theorem {name} does not have "
                                                           f"the manifest's statement")
        checked = [n for n in sources if n not in results]
        results.update(_kernel_check(chk, work, checked, bound, ordered, allow))
        refused_controls: dict[str, TheoremResult] = {}
        for name in controls:
            if name not in sources:
                refused_controls[name] = results.get(name, TheoremResult(
                    name, False, f"no proof file {name}.v"))
                continue
            code, err = outcome[_control_name(name)]
            refused_controls[name] = TheoremResult(
                name, code != 0, f"refused: {err}" if code != 0 else
                "the proof compiles against the false variant of its statement")
    ordered_results = {n: results[n] for n in obligations}
    return CoqReport(True, version, ordered_results, controls=refused_controls,
                     cached=bool(cached), trusted=pinned)


def _compiled_units(units: Iterable[str], bound: Mapping[str, str]) -> list[str]:
    """The units whose compiled files the checker keeps: the ones it wrote and compiled, and
    the check units (any other file in the build directory is not the checker's)."""
    return sorted({*units, *bound.values()})


def _store(entry: Path, work: Path, outcome: Mapping[str, tuple[int, str]],
           bound: Mapping[str, str], keep: Iterable[str]) -> None:
    """Copy the compiled files of ``keep`` and the outcome into the cache entry (atomically: a
    partial entry is never seen)."""
    try:
        tmp = Path(tempfile.mkdtemp(prefix=".part-", dir=entry.parent))
    except OSError:
        return
    try:
        for unit in keep:
            vo = work / f"{unit}.vo"
            if os.path.isfile(vo) and not os.path.islink(vo):
                shutil.copy(vo, tmp / vo.name)
        (tmp / "outcome.json").write_text(json.dumps({"outcome": outcome, "bound": bound}),
                                          encoding="utf-8")
        os.replace(tmp, entry)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)


def _kernel_check(chk: str, work: Path, names: list[str], bound: Mapping[str, str],
                  ordered: list[str], allow: Mapping[str, str]) -> dict[str, TheoremResult]:
    """``coqchk`` over every compiled unit the theorems need; the assumptions of its summary
    against the allow-list by exact name."""
    if not names:
        return {}
    units = [*ordered, *names, *sorted({bound[n] for n in names})]
    code, out = _coqchk(chk, work, units)
    summary = parse_summary(out)
    if code != 0 or summary is None:
        msg = f"coqchk did not accept the compiled proofs: {_first_error(out)}" if code else \
            "coqchk printed no context summary in the expected form"
        return {n: TheoremResult(n, False, msg) for n in names}
    if summary.theory != THEORY or summary.unsafe:
        msg = (f"coqchk: theory {summary.theory!r}, unsafe constants "
               f"{', '.join(summary.unsafe) or 'none'}")
        return {n: TheoremResult(n, False, msg) for n in names}
    bad = [a for a in summary.axioms if a not in allow]
    if not bad:
        return {n: TheoremResult(n, True, f"proved; coqchk re-checked it ({len(summary.axioms)} "
                                          f"assumptions, each on the allow-list)", summary.axioms)
                for n in names}
    results = {}
    for n in names:  # which theorems load a bad assumption
        code, out = _coqchk(chk, work, [n])
        own = parse_summary(out)
        mine = [a for a in bad if own is None or code != 0 or a in own.axioms]
        if mine:
            results[n] = TheoremResult(n, False, f"{n} rests on assumptions outside the "
                                                 f"allow-list: {', '.join(sorted(mine))}",
                                       summary.axioms)
        else:
            results[n] = TheoremResult(n, True, "proved; coqchk re-checked it (assumptions "
                                                "each on the allow-list)",
                                       own.axioms if own else ())
    return results


def write_statements(obligations: Mapping[str, CoqStatement], coq_dir: Path = COQ_DIR) -> Path:
    """Refresh the readers' copy ``proofs_check/coq/Statements.v``."""
    path = coq_dir / "Statements.v"
    path.write_text(statements_text(obligations.items()), encoding="utf-8")
    return path


_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def main(argv: list[str] | None = None) -> int:
    """``python -m zonemax.proofs_check.checker.coq [--write-statements |
    --print-trusted-hashes] [NAME ...]``: compile and check the proofs (all, or the named
    theorems), printing one line each."""
    import argparse
    import sys

    from .manifest import coq_obligations

    parser = argparse.ArgumentParser(prog="zonemax-coq")
    parser.add_argument("names", nargs="*")
    parser.add_argument("--write-statements", action="store_true")
    parser.add_argument("--print-trusted-hashes", action="store_true",
                        help="print TRUSTED_HASHES for the files of --coq-dir (to pin them in "
                        "checker/coq.py after review) and exit")
    parser.add_argument("--keep", type=Path, default=None, help="build in this directory")
    parser.add_argument("--coq-dir", type=Path, default=COQ_DIR,
                        help="the Coq sources (default: the ones shipped with zonemax)")
    args = parser.parse_args(argv)
    if args.print_trusted_hashes:
        sys.stdout.write(print_trusted_hashes(args.coq_dir))
        return 0
    every = coq_obligations()
    if args.write_statements:
        sys.stdout.write(f"wrote {write_statements(every)}\n")
        return 0
    unknown = [n for n in args.names if n not in every or not _NAME.match(n)]
    if unknown:
        sys.stderr.write(f"unknown theorem names: {unknown}\n")
        return 2
    chosen = {n: every[n] for n in (args.names or every)}
    report = check_proofs(chosen, build_dir=args.keep, coq_dir=args.coq_dir)
    if not report.ran:
        sys.stdout.write(report.note + "\n")
        return 1
    for name, r in report.theorems.items():
        sys.stdout.write(f"{'ok  ' if r.ok else 'FAIL'} {name}: {r.message}\n")
    return 0 if all(r.ok for r in report.theorems.values()) else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
