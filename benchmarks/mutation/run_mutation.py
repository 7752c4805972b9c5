"""Mutation testing of ``reference/`` and of the engine's Python layer with mutmut 3: a record.

Usage (from the repository root, in the project's virtual environment)::

    python benchmarks/mutation/run_mutation.py                   # stage, run mutmut, record
    python benchmarks/mutation/run_mutation.py --max-seconds 1800  # stop after 30 minutes
    python benchmarks/mutation/run_mutation.py --previous DIR    # re-judge what DIR did not kill
    python benchmarks/mutation/run_mutation.py --report-only     # rewrite the record
    python benchmarks/mutation/run_mutation.py --target engine   # zonemax/engine's Python code
    python benchmarks/mutation/run_mutation.py --target checker --max-seconds 2400 \
        --names 'zonemax.proofs_check.checker.kinds.*' ...     # the certificate checker

Why a staged copy: the repository keeps ``reference/`` at the top and setuptools maps it to
``zonemax.reference``; mutmut 3 derives a mutant's module name from its path and imports the
mutated copy from ``mutants/``, so it needs the *installed* layout.  The script copies the
package into ``WORKDIR/zonemax/`` (reference, engine, exact, proofs_check, stats_tests, ...),
copies the selected test files into ``WORKDIR/tests/``, writes a ``pyproject.toml`` with the
project's pytest settings and a ``[tool.mutmut]`` section, and runs ``mutmut run`` there.  The
editable install of the virtual environment is appended to ``sys.meta_path``, so the mutated
copy that mutmut puts first on ``sys.path`` wins (a run in which every mutant has "no tests"
would mean it did not; the script refuses to write such a record).

**Process isolation.**  mutmut's default forks every mutant's worker from the process that ran
the whole suite to collect its statistics, so a worker inherits every cache that the suite
filled: the operators of a test module's parameter list (built at import) keep the logarithms,
tables and survival balls they computed on the unmutated code, and a mutant of the code that
fills them is never executed.  The staged configuration uses ``process_isolation =
"forkserver"``: workers fork from a server that has only *collected* the tests, so every mutant
starts from cold caches.  (The first pass of the reference record used the default; its
survivors were all judged again with the fork server, see the record's notes.)

**Stack levels.**  mutmut calls a mutated function through a trampoline, one frame more, so a
test of a warning's ``stacklevel`` fails on unmutated code in the staged run: it is deselected
there.  Survivors that only such a test can judge are listed in :data:`reasons.BY_HAND` with the
test; the script applies each of them to a plain staged copy (text substitution of mutmut's
hunk, no trampoline) and runs the test against it (status ``killed by hand``).

Test selection (it must fit the time): the reference's own tests (``tests/test_reference_*.py``,
``tests/test_operators.py``, ``tests/test_spec.py``, ``tests/test_new_operators.py``) and the
tests added for the mutation record (``tests/test_mutation_kills.py``,
``tests/test_reference_contracts.py``).  ``reference/cma_wm.py`` (the CMA-ESwM adapter around the
``cmaes`` package) is not mutated: its tests drive ``cmaes`` for seconds per run, and it is a
baseline of Section 6, not a law of the paper.  For ``--target engine`` see :data:`TARGETS`; the
numba kernels cannot be mutated by mutmut (it skips decorated functions, and a trampoline could
not be compiled), see ``numba_mutants.py`` for their hand-written mutants.  For ``--target
checker`` the staged tests read certificates written once by the unmutated search (the
checker is judged on fixed input) and the paper's TeX found at staging; survivors that tests
written after the pass kill are re-judged in process by ``judge_in_process.py``.

The record: ``record-<target>.json`` (counts, score, every survivor with its diff and the reason
from :mod:`reasons`) and ``RECORD-<target>.md``.  A survivor without a reason is listed as
``UNEXPLAINED`` and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from numba_mutants import run_selection  # noqa: E402  (the plain staged-copy runner)
from numba_mutants import stage as stage_plain  # noqa: E402
from pass_summary import KILLS, merged_verdicts, mutant_diffs  # noqa: E402
from reasons import BY_HAND, REASONS  # noqa: E402  (the hand-written verdicts next to this script)

DEFAULT_WORKDIR = Path("/tmp/zonemax-mutation")
#: pytest-timeout per test in the staged run (the project's 120 s is for hangs on a loaded
#: machine; here a mutant that hangs -- e.g. a loop condition inverted -- fails after this many
#: seconds and counts as killed, instead of costing two minutes).  The slowest selected test
#: takes about 5 s on 2 shared cores.  The engine's tests compile numba kernels on first use
#: (tens of seconds on a loaded machine; cached on disk afterwards), hence their larger value.
STAGED_TIMEOUT = {"reference": 20, "engine": 300, "checker": 300, "checker-coq": 60}
#: pytest-timeout per test of a by-hand check (the slowest by-hand test takes a few seconds;
#: the engine's tests compile kernels on a cold cache first).
BY_HAND_TIMEOUT = {"reference": 60, "engine": 300, "checker": 120, "checker-coq": 60}
#: Verdicts that count as killed (mutmut's statuses, and the by-hand check of this script).
KILLED = ("killed", "timeout", "killed by hand", "killed in process")

#: What each target mutates and which tests judge it.
TARGETS: dict[str, dict[str, list[str]]] = {
    "reference": {
        "source_paths": ["zonemax/reference"],
        "do_not_mutate": ["zonemax/reference/cma_wm.py"],
        "tests": ["tests/test_reference_means.py", "tests/test_reference_properties.py",
                  "tests/test_operators.py", "tests/test_spec.py",
                  "tests/test_new_operators.py", "tests/test_mutation_kills.py",
                  "tests/test_reference_contracts.py"],
        "deselect": ["tests/test_mutation_kills.py::test_outside_theorem9_warns_at_the_callers_line"],
    },
    "engine": {
        # every undecorated function of the engine package: api.py and the table builders of
        # _heavy_law.py and _magnitude_law.py (mutmut skips the jitted kernels).  _pm1_patterns._table_size is not
        # mutated: it runs at import (TABLE_SIZE), where mutmut's trampoline cannot run
        "source_paths": ["zonemax/engine"],
        "do_not_mutate": ["zonemax/engine/_pm1_patterns.py"],
        "tests": ["tests/test_engine.py", "tests/test_streams.py", "tests/test_engine_api.py",
                  "tests/test_engine_operators.py"],
        "deselect": [],
    },
    "checker": {
        # the certificate checker (proofs_check/checker, issue 25).  Not mutated: coq.py (the
        # Coq path: every test of it compiles Coq, 1-4 s per test, and the full build is the
        # coq-marked tests of about 4 minutes; its refusals are tested from both sides by the
        # quick tests of proofs_check/tests/test_coq.py in the default run); paper.py (finds
        # the optional TeX: environment, user cache, a network fetch from arXiv; a TeX that is
        # not found makes a quote "not checked", never a verdict; tests/test_paper_tex.py);
        # __main__.py (the argparse wrapper, tested as a subprocess, 8 s per run); manifest/ and
        # statement.py (the manifest is built at import -- _load, _entry, _controls, the
        # formulas, Entry.__post_init__ -- once in the fork server, so a mutant there is never
        # executed; its formulas are mutated as data by encoding_mutants.py, and what it builds
        # is compared with the search's registry and the committed Statements.v by
        # test_manifest_registry.py and test_coq.py).
        "source_paths": ["zonemax/proofs_check/checker"],
        "do_not_mutate": ["zonemax/proofs_check/checker/coq.py",  # see "checker-coq"
                          "zonemax/proofs_check/checker/paper.py",
                          "zonemax/proofs_check/checker/__main__.py",
                          "zonemax/proofs_check/checker/manifest/*",
                          "zonemax/proofs_check/checker/statement.py"],
        "tests": ["proofs_check/tests/test_checker_refusals.py",
                  "proofs_check/tests/test_checker.py", "proofs_check/tests/test_forgery.py",
                  "proofs_check/tests/test_manifest_registry.py",
                  "proofs_check/tests/test_coq.py",
                  # the checker against the search, and the tests written for pass 2's
                  # survivors (NOTES below)
                  "proofs_check/tests/test_claims_s3.py", "proofs_check/tests/test_claims_s4.py",
                  "proofs_check/tests/test_claims_s5.py",
                  *(f"proofs_check/tests/test_checker_kills_{group}.py"
                    for group in ("arith", "quant", "datakinds", "top1", "top2"))],
        # the copy of the checker outside zonemax, run as a subprocess (16 s; it would import
        # the unmutated copy), and the tests that compile Coq (coq.py is not mutated)
        # (and the import audit, which reads the files beside the tests: none in the staged
        # layout)
        "deselect": ["tests/test_checker.py::test_checker_runs_outside_zonemax",
                     "tests/test_checker.py::test_checker_imports_only_the_standard_library",
                     "tests/test_coq.py::test_forged_proofs_are_rejected",
                     "tests/test_coq.py::test_a_wrong_value_is_not_proved"],
    },
    "checker-coq": {
        # the Coq side of the checker (coq.py): the source scan, the reading of coqchk's
        # summary, the allow-list, the kernel check's verdicts and the cache, judged by the
        # quick tests of test_coq_trust.py (no Coq compiled).  check_proofs, _compile_all,
        # _check_units, _store and main run coqc; their tests (test_coq.py) compile Coq, 10 s
        # to minutes per test, too slow for a mutant each: they are "no tests" here.
        "source_paths": ["zonemax/proofs_check/checker"],
        "do_not_mutate": [f"zonemax/proofs_check/checker/{name}" for name in (
            "__init__.py", "__main__.py", "algorithms.py", "arith.py", "data.py", "expr.py",
            "formula.py", "heavy.py", "kinds.py", "paper.py", "pm1.py", "rls.py", "solvers.py",
            "statement.py", "manifest/*")],
        "tests": ["proofs_check/tests/test_coq_trust.py"],
        "deselect": [],
    },
}

def _uncached(path: str, name: str, anchor: str) -> list[tuple[str, str, str]]:
    """Staging transforms that let mutmut see the ``lru_cache``-decorated function ``name`` of
    ``path``: the decorator is removed and the same cache is put on by assignment in front of
    ``anchor`` (module-level text that follows the function, once in the file; ``""``: at the
    end of the file)."""
    cached = f"{name} = lru_cache(maxsize=64)(_build{name})\n"
    return [(path, f"@lru_cache(maxsize=64)\ndef {name}(", f"def _build{name}("),
            (path, anchor, f"{cached}\n\n{anchor}") if anchor else (path, "", f"\n\n{cached}")]


#: Source changes made to the staged copy only, so that mutmut sees a function it would skip:
#: the table builders are wrapped by ``lru_cache`` as a decorator (mutmut skips decorated
#: functions); staged, the same cache wraps them by assignment, which caches the same values.
TRANSFORMS: dict[str, list[tuple[str, str, str]]] = {
    "reference": [],
    # the checker: the exact null distribution and the data reader are cached (lru_cache, as
    # decorators mutmut would skip); expr._minmax only builds the closures of FUNCTIONS at
    # import, where a mutant is never switched on: marked for mutmut to skip
    "checker-coq": [],
    "checker": [*_uncached("zonemax/proofs_check/checker/data.py", "_null", "def _rank_sum("),
                ("zonemax/proofs_check/checker/data.py",
                 "@lru_cache(maxsize=4)\ndef _read(", "def _build_read("),
                ("zonemax/proofs_check/checker/data.py", "def _sample(",
                 "_read = lru_cache(maxsize=4)(_build_read)\n\n\ndef _sample("),
                ("zonemax/proofs_check/checker/expr.py",
                 "def _minmax(pick: Callable[..., Any]) -> Callable[..., Value]:",
                 "def _minmax(pick: Callable[..., Any]) -> Callable[..., Value]:"
                 "  # pragma: no mutate block")],
    "engine": (_uncached("zonemax/engine/_heavy_law.py", "_heavy_tables", "")
               + _uncached("zonemax/engine/_magnitude_law.py", "_heavy_law",
                           "def _to_float(")
               + _uncached("zonemax/engine/_magnitude_law.py", "_geom_law",
                           "@lru_cache(maxsize=64)\ndef _power_law(")
               + _uncached("zonemax/engine/_magnitude_law.py", "_power_law",
                           "# ----------------------------------------------------------------"
                           "----------------------------\n# jitted:")),
}

def apply_transforms(root: Path, transforms: list[tuple[str, str, str]]) -> None:
    """Apply staging ``transforms`` to the copy under ``root``: ``old`` (exactly once in the
    file) becomes ``new``; an empty ``old`` appends ``new`` to the file."""
    for path, old, new in transforms:
        file = root / path
        text = file.read_text(encoding="utf-8")
        if not old:
            file.write_text(text + new, encoding="utf-8")
            continue
        if text.count(old) != 1:
            raise ValueError(f"staging transform of {path}: {old!r} is not found exactly once")
        file.write_text(text.replace(old, new, 1), encoding="utf-8")


#: Per target, conftest text that empties the table caches before every test.  mutmut picks the
#: tests it runs against a mutant from which tests called the mutated function in its stats run
#: (one process, all tests): with warm caches only the first test to need a table is recorded
#: for its builder, and a mutant of the builder is then judged by that test alone.  (The first
#: engine pass of 2026-11-26 had warm caches here: 43 survivors of the power-law builder were
#: judged by a tables-only test; see the record's notes.)
COLD_CACHES: dict[str, str] = {
    "reference": "",
    "checker-coq": "",
    # the repository's conftest fixtures that the checker's tests take: the certificates are
    # the search's output, written once by the unmutated code when the run is staged
    # (CERTIFICATES below), so that a mutant of the checker is judged against fixed input
    "checker": (
        "\nimport shutil\nfrom pathlib import Path\n\nimport pytest\n\n\n"
        "@pytest.fixture(autouse=True)\n"
        "def _cold_data_caches():\n"
        "    from zonemax.proofs_check.checker import data\n"
        "    data._null.cache_clear()\n"
        "    data._read.cache_clear()\n\n\n"
        "@pytest.fixture(scope='session')\n"
        "def paper_tex() -> Path:\n"
        "    from zonemax.proofs_check.checker.paper import locate\n\n"
        "    paper = locate()\n"
        "    if paper.path is None:\n"
        "        pytest.skip(paper.not_checked())\n"
        "    return paper.path\n\n\n"
        "@pytest.fixture(scope='session')\n"
        "def full_certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:\n"
        "    directory = tmp_path_factory.mktemp('certificates') / 'c'\n"
        "    shutil.copytree(Path(__file__).parent / 'certificates', directory)\n"
        "    return directory\n"
    ),
    "engine": (
        "\nimport pytest\n\n\n@pytest.fixture(autouse=True)\n"
        "def _cold_table_caches():\n"
        "    from zonemax.engine import _heavy_law, _magnitude_law\n"
        "    for cached in (_heavy_law._heavy_tables, _magnitude_law._heavy_law,\n"
        "                   _magnitude_law._geom_law, _magnitude_law._power_law):\n"
        "        cached.cache_clear()\n"
    ),
}


#: How the recorded runs went (printed with the record; update it with a new run).
NOTES: dict[str, str] = {
    "checker-coq": """\
## Passes (2026-11-27, 2 shared cores, other jobs running)

* Pass 1 (`--max-seconds 1200`, 517 s): 1322 mutants of coq.py.  680 have no test here: every
  mutant of `check_proofs`, `_compile_all`, `_check_units`, `_store`, `_run`, `_coqchk`,
  `coqc`, `coqchk`, `statements_text`, `write_statements` and `main`, which run `coqc` and
  `coqchk`; they are exercised by the Coq-compiling tests of test_coq.py (the forged proofs in
  the default run, the full build, the kernel forgeries and the cache under the `coq` marker),
  too slow to run once per mutant.  All 333 mutants of the source scan were reported as
  timeouts: the scan's test cases had ids made of their Coq source (newlines included), which
  mutmut could not select by name.  Pass 1's verdicts of the scan are discarded.
* Pass 2 (`--previous`, `--rejudge` of `_blank`, `_sentences`, `_words`, `scan`) with plain
  ids; passes 3 and 4 (`--previous ... --again`) judged every survivor again after tests were
  written for the survivors before them (the kernel check's results word for word, malformed
  summaries and allow-lists, coqc's first error, the cache directory, more scan cases: nested
  comments, strings in comments, escaped quotes, prefixes, line numbers).
* Of the 642 mutants that a test reaches, 559 are killed (552, and 7 timeouts) and 83 survive.
  The score line above counts the 680 without a test in its denominator.
* The survivors and the mutants without a test in the table above have no reason in
  `reasons.py` yet: they are listed as UNEXPLAINED.  The 83 survivors were skimmed, not read one
  by one: many change a message or are equivalent spellings (`encoding="UTF-8"`, `to_bytes(8)`
  whose default byte order is the same, the label of a Module block, which only has to differ
  from "Section").
""",
    "checker": """\
## Passes (2026-11-26/27, 2 cores)

* A first pass (not recorded) mutated `manifest/` and `statement.py` as well: all of their 824
  mutants "survived", because the manifest is built at import, once in the fork server, and a
  mutant there is never switched on.  They are not mutated now (see `TARGETS`); the manifest's
  formulas are mutated as data by `encoding_mutants.py` instead (RECORD-encodings.md).
* Pass 1 (`mutmut run`, fork server, 40 min time box, load 5-7): 399 of 3918 mutants -- the Coq
  and SMT translations of `formula.py`, `check_files`, `recheck`, `recheck_file`,
  `DirectoryResult.first_failure`, `expr._sum`.  194 survived or had no test; tests were written
  for them and `judge_in_process.py` ran them against mutmut's copy with each mutant switched on:
  185 "killed by hand" (above, with the test), 9 equivalent.
* Pass 2 (2026-11-27; `inprocess_pass.py`, status "killed in process"): `mutmut run` judged
  about ten mutants a minute here, too slow for the 3519 left, so `inprocess_pass.py` ran
  mutmut's own mutants and its test selection (`mutmut-stats.json`) with pytest's runner in one
  process per worker -- every checker cache emptied and every fixture rebuilt before each test,
  the tests run unmutated first and a leak check after each function; a mutant under which the
  process died (z3 aborts on a script of `None`) counts as killed ("crashed", 2 mutants).  For
  time, this selection left out the forged-directory tests (`test_forgery.py`'s `forged`
  fixture) and `test_a_planted_encoding_bug_in_the_search_is_rejected`.
* The survivors of pass 2 were read function by function.  Real gaps got tests written for them
  (`proofs_check/tests/test_checker_kills_{arith,quant,datakinds,top1,top2}.py`: exact and
  600-bit `mpmath.iv` values, both sides of every comparison, every refusal word for word, the
  wiring of `check_directory`, `check_file` and `check_files`; plus
  `test_checker.py::test_enclosures_contain_the_true_value_and_are_tight`, the Lemma 8
  conditions, `test_render_word_for_word` and `test_directory_problems_word_for_word` in
  `test_checker_refusals.py`).  Each survivor was judged again with those tests switched on
  (`--include FILE --only-included`), and a kill there counts.  One mutant (`z3_answer` 10: no
  time limit) hangs inside z3, where the in-process alarm cannot reach: it was run by hand under
  pytest-timeout, which ended the time-limit test at 60 s (2 s unmutated); it counts as a
  timeout.  The rest are equivalent, each with its argument in `reasons.py` ("up to 2^-k": an
  enclosure margin moved by a few units of 2^-160 before the outward rounding to 128 bits,
  still rigorous; the 600-bit test kills larger moves).
* Known weaknesses found on the way, not mutants (the checker's source was not changed, so the
  record describes the code that was mutated): `ln` just below 1 is computed as ln(2q) - ln 2,
  sound but only about 2^-28 relative near 1 - 2^-100; cvc5 1.4.2 with `nl-cov` can ignore
  `tlimit-per` on a hard integer formula (never on the manifest's formulas, which the checker
  writes itself); the cvc5 version fallback and z3's error answers show a bytes repr (one
  strict xfail test); `heavy.drift_sum` does not refuse eps = 0 as the other heavy quantities do.
""",
    "reference": """\
## Passes (2026-11-26, 2 cores shared with other jobs, load 3-6)

1. mutmut's default isolation (fork from the process that ran the suite), 47.5 min, stopped
   by hand: 1057 kills kept; its 147 survivors were judged again (a survivor there may be an
   artefact of warm caches, see the script's docstring).  Pass 2 killed 88 of them, with the
   fork server and with the first tests of `tests/test_reference_contracts.py` (the two causes
   were not separated); 11 more are killed by hand by tests written later.
2. fork server, everything not killed, 25 min time box.
3. and 4. fork server, the paper's core modules first (heavy_tailed, params, fitness,
   operators, _common), 15 and 20 min.
Then the tests of `tests/test_reference_contracts.py` were written for the survivors that were
real gaps, and each such mutant is re-checked by hand on a plain copy when the record is
written.  Not checked within the time boxes: the exact-inversion helpers (`_inversion`), the
power-law sampler's search (`magnitude`, `_below`, `sample`), `c_epsilon` and the weights of
`heavy_tailed`, and three parameter readers -- about 290 mutants; `--previous WORKDIR` continues
from the last pass.
5. (after the merge into main) fork server, 30 min time box: what passes 1-4 did not check, and
   again every mutant of `runner.run` and `params.check_eps`, whose code had changed since
   (`--rejudge`; the observer of the IOH data, MAX_EPS).  It found the power law's gallop never
   exercised (21 survivors), the observer path untested, the dyadic floor and the term and
   log-base checks open: tests were added (`tests/test_reference_contracts.py`), each such mutant
   is killed by hand when the record is written.
6. fork server: what pass 5 left unchecked.
""",
    "engine": """\
## Passes (2026-11-26, 2 cores shared with other jobs)

The engine of this record is the one with the magnitude-law kernels (issue 15): 805 mutants in
`api.py`, `_heavy_law.py` and the table builders of `_magnitude_law.py`.

* History.  A record of the earlier engine (348 mutants, 94.3%) found the gaps that
  `tests/test_engine_api.py` closes first.  A first pass on this engine (811 mutants, fork
  server, table caches warm across tests) left 122 survivors, 59 of them in the power-law and
  double-geometric table builders: mutmut picks each mutant's tests from the tests that called
  the mutated function in one warm process, so a builder was judged by the first test that built
  its table only (a tables-only test).  Since then the staged conftest empties the table caches
  before every test (`COLD_CACHES`).  That pass also found real gaps, closed by tests before the
  pass of this record: the closed-form power-law tables (beta >= 1100, beta - 1 <= 10^-340)
  against the Arb computation, the table precision raised to MAX_PREC then refused, read-only
  float64 laws, unsupported()'s reasons word for word; and a copy of the alpha check in
  `_make_kernel` that made a mutant of run_seeds equivalent (removed).
* This record: a pass with cold caches, 55 min time box (562 of 805 judged: every table
  builder); then the kills of the first pass for the functions of `api.py` whose code did not
  change since (all but `_make_kernel`; warm table caches cannot hide a mutant of `api.py`,
  which every engine test calls: 164 verdicts); then passes over the rest (`--previous`, 15 and
  8 min).  Wall time below: all of these.
""",
}

#: Repository folder -> folder of the installed layout (pyproject.toml's package-dir).
LAYOUT = {"zonemax": "zonemax", "reference": "zonemax/reference",
          "proofs_check": "zonemax/proofs_check", "stats_tests": "zonemax/stats_tests"}
IGNORE = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "tests", "mutants")


def write_input_certificates(directory: Path) -> None:
    """``zonemax claims --certificates`` of the unmutated code into ``directory`` (the input of
    the checker's tests in a staged run: fixture ``full_certificates`` of ``COLD_CACHES``)."""
    code = ("import sys; from pathlib import Path; from zonemax.proofs_check import EDITORIAL, "
            "run_claims; from zonemax.proofs_check.certificates import write_certificates; "
            "write_certificates(run_claims(), Path(sys.argv[1]), EDITORIAL)")
    subprocess.run([sys.executable, "-c", code, str(directory)], cwd=ROOT, check=True)


def _without_xdist(addopts: list[str]) -> list[str]:
    """The project's addopts without pytest-xdist's ``-n N`` and ``--dist MODE``."""
    out: list[str] = []
    skip = False
    for arg in addopts:
        if skip:
            skip = False
        elif arg in ("-n", "--numprocesses", "--dist"):
            skip = True
        else:
            out.append(arg)
    return out


def stage(workdir: Path, target: str) -> None:
    """Copy the package in its installed layout, the selected tests and a pyproject.toml."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    for src, dst in LAYOUT.items():
        shutil.copytree(ROOT / src, workdir / dst, ignore=IGNORE, dirs_exist_ok=True)
    apply_transforms(workdir, TRANSFORMS[target])
    (workdir / "tests").mkdir()
    spec = TARGETS[target]
    for test in spec["tests"]:
        shutil.copy2(ROOT / test, workdir / "tests" / Path(test).name)
    conftest_extra = ""
    if target == "checker":
        write_input_certificates(workdir / "tests" / "certificates")
        from zonemax.proofs_check.checker.paper import locate

        tex = locate()  # the staged copy has no ../shared beside it: the TeX is named
        if tex.path is not None:
            conftest_extra = (f"\nimport os\nos.environ['ZONEMAX_PAPER_TEX'] = "
                              f"{str(tex.path)!r}\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_ini = project["tool"]["pytest"]["ini_options"]
    lines = ["[tool.pytest.ini_options]"]
    for key, value in pytest_ini.items():
        if key == "testpaths":
            value = ["tests"]
        if key == "timeout":
            value = STAGED_TIMEOUT[target]
        if key == "addopts":  # mutmut runs (and times) every test in its own process
            value = _without_xdist(value)
        lines.append(f"{key} = {json.dumps(value)}")
    lines += [
        "",
        "[tool.mutmut]",
        f"source_paths = {json.dumps(spec['source_paths'])}",
        f"do_not_mutate = {json.dumps(spec['do_not_mutate'])}",
        'also_copy = ["zonemax"]',
        'pytest_add_cli_args_test_selection = ["tests/"]',
        "pytest_add_cli_args = "
        + json.dumps(["-p", "no:cacheprovider"]
                     + [arg for test in spec["deselect"] for arg in ("--deselect", test)]),
        # cold caches for every mutant (module docstring)
        'process_isolation = "forkserver"',
        'forkserver_warmup = "collect"',
        "",
    ]
    (workdir / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    # hypothesis draws differently in every process; derandomised, a mutant's verdict does not
    # depend on the run (a profile for the staged run only; the project's is untouched)
    (workdir / "tests" / "conftest.py").write_text(
        "from hypothesis import settings\n"
        "settings.register_profile('mutation', derandomize=True, deadline=None)\n"
        "settings.load_profile('mutation')\n" + conftest_extra + COLD_CACHES[target],
        encoding="utf-8")


def _mutmut(args: list[str]) -> str:
    return ("import sys; from mutmut.__main__ import cli; "
            f"sys.argv = {['mutmut', *args]!r}; cli()")


def run_mutmut(workdir: Path, max_children: int, names: list[str] | None,
               max_seconds: float | None) -> tuple[float, int, bool]:
    """``mutmut run`` (only ``names`` if given) in ``workdir`` with this interpreter; returns
    the wall time, mutmut's exit status and whether it finished within ``max_seconds``."""
    args = ["run", "--max-children", str(max_children), *(names or [])]
    env = dict(os.environ, PYTHONHASHSEED="0")
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", _mutmut(args)], cwd=workdir, env=env,
                            start_new_session=True)
    try:
        status = proc.wait(timeout=max_seconds)
        finished = True
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)  # mutmut and the workers it started
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        status, finished = 0, False
    return time.perf_counter() - t0, status, finished


def collect(workdir: Path) -> dict[str, str]:
    """Every mutant's status, read from mutmut's meta files (``status_by_exit_code``)."""
    from mutmut.stats import status_by_exit_code

    out: dict[str, str] = {}
    for meta in sorted((workdir / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        for name, code in data["exit_code_by_key"].items():
            out[name] = status_by_exit_code[code]
    return out


def diff_of(workdir: Path, name: str) -> str:
    """The changed lines of a mutant (``mutmut show``), without the diff headers."""
    proc = subprocess.run([sys.executable, "-c", _mutmut(["show", name])], cwd=workdir,
                          capture_output=True, text=True, check=False)
    return "\n".join(ln for ln in proc.stdout.splitlines() if re.match(r"^[+-](?![+-]{2})", ln))


def hunk_of(workdir: Path, name: str) -> tuple[str, str, str]:
    """``(file, old, new)`` of a mutant: its hunk's text before and after (context included)."""
    proc = subprocess.run([sys.executable, "-c", _mutmut(["show", name])], cwd=workdir,
                          capture_output=True, text=True, check=True)
    lines = proc.stdout.splitlines()
    path = next(ln[4:].strip() for ln in lines if ln.startswith("--- "))
    body = lines[next(i for i, ln in enumerate(lines) if ln.startswith("@@")) + 1:]
    old = [ln[1:] for ln in body if ln[:1] in (" ", "-")]
    new = [ln[1:] for ln in body if ln[:1] in (" ", "+")]
    return path, "\n".join(old), "\n".join(new)


def _indent(block: str, indent: str) -> str:
    return "\n".join(indent + ln if ln else ln for ln in block.split("\n"))


def check_by_hand(workdir: Path, name: str, test: str, transforms: list[tuple[str, str, str]],
                  timeout: int) -> str:
    """Apply mutant ``name`` to a plain staged copy (no trampoline; the target's staging
    ``transforms`` applied) and run ``test`` on it."""
    path, old, new = hunk_of(workdir, name)
    with tempfile.TemporaryDirectory(prefix="zonemax-by-hand-") as tmp:
        dest = Path(tmp) / "copy"
        stage_plain(dest)
        apply_transforms(dest, transforms)
        target = dest / path
        text = target.read_text(encoding="utf-8")
        # mutmut shows a method dedented out of its class: try the hunk at each indentation
        for indent in ("", "    ", "        "):
            old_i, new_i = (_indent(block.strip("\n"), indent) for block in (old, new))
            if text.count(old_i) == 1:
                break
        else:
            return "not applied (its hunk is not found exactly once)"
        target.write_text(text.replace(old_i, new_i), encoding="utf-8")
        # the staged run's per-test timeout: a mutant that makes the test hang is killed fast
        outcome = run_selection(dest, (test,), timeout=timeout)
    return "killed by hand" if outcome.status == "killed" else f"{outcome.status} by hand"


def previous_verdicts(workdir: Path) -> dict[str, str]:
    """The verdicts of an earlier pass: its merged record (``statuses.json``) if it used the
    fork server; a pass with mutmut's default isolation (no ``statuses.json``) contributes its
    kills only, since its survivors may be artefacts of warm caches (module docstring)."""
    merged = workdir / "statuses.json"
    if merged.exists():
        return dict(json.loads(merged.read_text(encoding="utf-8")))
    return {n: s if s in KILLED else "not checked" for n, s in collect(workdir).items()}


def compress(names: list[str], every: dict[str, str]) -> list[str]:
    """``names`` for ``mutmut run``'s command line: a function all of whose mutants (in
    ``every``) are selected becomes one fnmatch pattern ``<function>__mutmut_*`` (thousands of
    names overflow the kernel's argument limit)."""
    def key(name: str) -> str:
        return name.rsplit("__mutmut_", 1)[0]

    total: dict[str, int] = {}
    for name in every:
        total[key(name)] = total.get(key(name), 0) + 1
    chosen: dict[str, list[str]] = {}
    for name in names:
        chosen.setdefault(key(name), []).append(name)
    out: list[str] = []
    for function, members in chosen.items():
        whole = len(members) == total.get(function) and "[" not in function
        out += [f"{function}__mutmut_*"] if whole else members
    return out


def _function(name: str) -> str:
    return name.rsplit("__mutmut_", 1)[0].replace("zonemax.", "")


#: File in the work directory with verdicts of an in-process re-judgement of survivors by tests
#: written after the pass: {mutant: [verdict, test]} (written by the judging script, see the
#: checker record's notes).
IN_PROCESS = "in_process.json"


def write_record(workdir: Path, target: str, seconds: float | None,
                 previous: dict[str, str]) -> int:
    statuses = collect(workdir)
    if not statuses:
        print("no mutants found: run without --report-only first", file=sys.stderr)
        return 2
    if all(s in ("no tests", "not checked") for s in statuses.values()):
        print("no mutant was judged: did the staged tests import from mutants/?", file=sys.stderr)
        return 2
    for name, status in previous.items():  # verdicts of earlier passes (--previous)
        if statuses.get(name) == "not checked":
            statuses[name] = status
    # verdicts of inprocess_pass.py (mutmut's copy and stats, pytest's runner in process),
    # merged over its passes (pass_summary.merged_verdicts: a kill in any pass wins); a kill
    # also overrides an earlier pass's survival, which had fewer tests
    for name, (verdict, _test) in merged_verdicts(workdir).items():
        if verdict in KILLS and statuses.get(name) in ("not checked", "survived", "no tests"):
            statuses[name] = "killed in process"
        elif verdict in ("survived", "no tests") and statuses.get(name) == "not checked":
            statuses[name] = verdict
    for name, test in BY_HAND.items():
        if statuses.get(name) in ("survived", "no tests", "survived by hand"):
            statuses[name] = check_by_hand(workdir, name, test, TRANSFORMS[target],
                                           BY_HAND_TIMEOUT[target])
    # verdicts of an in-process re-judgement (IN_PROCESS: mutmut's own copy, the mutant switched
    # on through MUTANT_UNDER_TEST, tests written after the pass called directly)
    in_process: dict[str, list[str]] = {}
    if (workdir / IN_PROCESS).exists():
        in_process = json.loads((workdir / IN_PROCESS).read_text(encoding="utf-8"))
    tests_by_hand = dict(BY_HAND)
    for name, (verdict, test) in in_process.items():
        # (an earlier pass's own by-hand kills come back through --previous as "killed by
        # hand"; their tests are named here)
        if verdict == "killed" and statuses.get(name) in ("survived", "no tests",
                                                          "killed by hand"):
            statuses[name] = "killed by hand"
            tests_by_hand[name] = test
    (workdir / "statuses.json").write_text(json.dumps(statuses, indent=0), encoding="utf-8")
    counts: dict[str, int] = {}
    for s in statuses.values():
        counts[s] = counts.get(s, 0) + 1
    killed = sum(counts.get(k, 0) for k in KILLED)
    judged = len(statuses) - counts.get("skipped", 0) - counts.get("not checked", 0)
    score = killed / judged if judged else 0.0
    survivors = []
    unexplained = 0
    # every changed line read once from mutmut's generated copy (a `mutmut show` per survivor
    # took more than 15 minutes for the checker's hundreds)
    diffs = mutant_diffs(workdir)
    for name, status in sorted(statuses.items()):
        if status in KILLED or status == "not checked":
            continue
        reason = REASONS.get(name)
        if reason is None:
            unexplained += 1
            reason = "UNEXPLAINED"
        if name in diffs:
            minus, plus = diffs[name]
            diff = "\n".join([f"-{ln}" for ln in minus] + [f"+{ln}" for ln in plus])
        else:
            diff = diff_of(workdir, name)
        survivors.append({"mutant": name, "status": status, "diff": diff, "reason": reason})
    unchecked: dict[str, int] = {}
    for name, status in statuses.items():
        if status == "not checked":
            unchecked[_function(name)] = unchecked.get(_function(name), 0) + 1
    spec = TARGETS[target]
    record = {
        "target": target,
        "source_paths": spec["source_paths"],
        "not_mutated": spec["do_not_mutate"],
        "tests": spec["tests"],
        "deselected": spec["deselect"],
        "mutants": len(statuses),
        "counts": counts,
        "score": round(score, 4),
        "seconds": None if seconds is None else round(seconds, 1),
        "not_checked_by_function": unchecked,
        "survivors": survivors,
    }
    (HERE / f"record-{target}.json").write_text(json.dumps(record, indent=1) + "\n",
                                                encoding="utf-8")
    md = [f"# Mutation record: {target}", "",
          f"Generated by `python benchmarks/mutation/run_mutation.py --target {target}` "
          "(mutmut 3, staged installed layout, fork-server isolation; see the script's "
          "docstring"
          + ("; status \"killed in process\": `inprocess_pass.py` on mutmut's own copy, see "
             "Passes below" if counts.get("killed in process") else "")
          + ").  Reasons: `benchmarks/mutation/reasons.py`.", "",
          f"* mutated: {', '.join(spec['source_paths'])}"
          + (f" (not mutated: {', '.join(spec['do_not_mutate'])})"
             if spec["do_not_mutate"] else ""),
          f"* tests: {', '.join(spec['tests'])}"
          + (f" (deselected: {', '.join(spec['deselect'])})" if spec["deselect"] else ""),
          f"* mutants: {len(statuses)}; " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())),
          f"* **score: {killed}/{judged} = {score:.1%}** of the judged mutants killed "
          "(timeouts and by-hand kills count as killed)",
          f"* wall time of mutmut (all passes): {record['seconds']} s" if seconds is not None
          else "* wall time: see the JSON of the run"]
    if unchecked:
        md.append("* not checked (time box), by function: "
                  + ", ".join(f"`{k}` {v}" for k, v in sorted(unchecked.items())))
    by_hand = sorted(n for n, st in statuses.items() if st == "killed by hand")
    if by_hand:
        md += ["", "## Killed by hand (a test mutmut did not run against them; see reasons.py)",
               "", "| mutant | test | reason |", "|---|---|---|"]
        md += [f"| `{n.replace('zonemax.', '')}` | `{tests_by_hand[n]}` | {REASONS.get(n, '-')} |"
               for n in by_hand]
    md += ["", "## Survivors", "", "| mutant | status | change | reason |", "|---|---|---|---|"]
    for s in survivors:
        change = " / ".join(ln.strip() for ln in s["diff"].splitlines())
        change = change.replace("|", "\\|")
        md.append(f"| `{s['mutant'].replace('zonemax.', '')}` | {s['status']} | `{change[:160]}` "
                  f"| {s['reason']} |")
    md += ["", NOTES[target]]
    (HERE / f"RECORD-{target}.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print(f"{target}: {len(statuses)} mutants, score {score:.1%}, {len(survivors)} survivors "
          f"({unexplained} unexplained), {sum(unchecked.values())} not checked")
    return 1 if unexplained else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", choices=sorted(TARGETS), default="reference")
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop mutmut after this wall time (the rest stays 'not checked')")
    parser.add_argument("--previous", type=Path, default=None,
                        help="an earlier run's WORKDIR: keep its verdicts (only the kills of a "
                             "pass without the fork server), judge only what it did not check")
    parser.add_argument("--only", default=None,
                        help="with --previous: judge only the mutants whose name matches this "
                             "regular expression (the others keep their earlier verdict)")
    parser.add_argument("--again", action="store_true",
                        help="with --previous: judge its survivors and 'no tests' mutants again "
                             "(after tests were added)")
    parser.add_argument("--rejudge", nargs="+", default=[], metavar="PATTERN",
                        help="with --previous: mutant names (fnmatch patterns, e.g. "
                             "'zonemax.reference.runner.x_run__mutmut_*') whose earlier verdicts "
                             "are dropped and which are all judged again (code changed since)")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--names", nargs="+", default=None, metavar="PATTERN",
                        help="without --previous: judge only the mutants matching these fnmatch "
                             "patterns (the others stay 'not checked'; continue with --previous)")
    args = parser.parse_args()
    workdir = args.workdir or DEFAULT_WORKDIR.with_name(f"{DEFAULT_WORKDIR.name}-{args.target}")
    previous = previous_verdicts(args.previous) if args.previous else {}
    previous = {n: v for n, v in previous.items()
                if not any(fnmatch.fnmatch(n, pat) for pat in args.rejudge)}
    spent = workdir / "wall_seconds"
    seconds = float(spent.read_text()) if spent.exists() else None
    if not args.report_only:
        stage(workdir, args.target)
        names = args.names
        if previous:
            redo = ("not checked",) + (("survived", "no tests") if args.again else ())
            names = compress([n for n, s in previous.items() if s in redo
                              and (args.only is None or re.search(args.only, n))],
                             previous) + args.rejudge
        done_before = 0.0
        if args.previous and (args.previous / "wall_seconds").exists():
            done_before = float((args.previous / "wall_seconds").read_text())
        seconds, status, finished = run_mutmut(workdir, args.max_children, names,
                                               args.max_seconds)
        seconds += done_before
        spent.write_text(f"{seconds:.1f}\n")
        if status != 0:
            print(f"mutmut run exited with status {status}: no record written", file=sys.stderr)
            return 2
        if not finished:
            print(f"time box of {args.max_seconds} s reached; the rest is 'not checked'")
    if args.previous:
        (workdir / "previous.json").write_text(json.dumps(previous), encoding="utf-8")
    elif (workdir / "previous.json").exists():
        previous = json.loads((workdir / "previous.json").read_text(encoding="utf-8"))
    return write_record(workdir, args.target, seconds, previous)


if __name__ == "__main__":
    sys.exit(main())
