"""Re-judge the checker record's survivors in process, by tests written after the mutmut pass.

mutmut's staged copy (``WORKDIR/mutants``) holds every mutant behind a trampoline that reads
``MUTANT_UNDER_TEST`` at each call, so one process can switch the mutants on one after the
other and call the new tests directly (no staging, no pytest start per mutant).  A mutant is
*killed* when one of the tests named for its function raises.  The verdicts go to
``WORKDIR/in_process.json`` ({mutant: [verdict, test]}), which ``run_mutation.py --target checker
--report-only`` reads (status ``killed by hand``).

Usage (after a pass; the repository's tests are imported from this checkout)::

    cd /tmp/zonemax-mutation-checker/mutants
    ZONEMAX_PAPER_TEX=PAPER.tex python /path/to/benchmarks/mutation/judge_in_process.py [PREFIX ...]

(``PREFIX``: judge only the functions whose short name starts so, e.g. ``formula.``; the
verdicts are merged into ``in_process.json``.)
"""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

TESTS_DIR = Path(__file__).resolve().parents[2] / "proofs_check" / "tests"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, TESTS_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _named(name: str, fn: Callable[[], None]) -> Callable[[], None]:
    fn.__name__ = name
    return fn


def selection() -> dict[str, list[Callable[[], None]]]:
    """Function-name prefix (without the package) -> the tests that judge its mutants."""
    r, c = _load("test_checker_refusals"), _load("test_coq")
    tex = Path(os.environ["ZONEMAX_PAPER_TEX"])
    certs = Path.cwd().parent / "tests" / "certificates"  # staged by run_mutation.py
    refusals = "proofs_check/tests/test_checker_refusals.py::"
    formula = [
        _named(refusals + f.__name__, f) for f in (
            r.test_a_formula_is_refused_at_each_rule_and_accepted_one_step_away,
            r.test_with_consts_changes_only_named_constants,
            r.test_the_translations_of_a_formula_word_for_word,
            r.test_a_refused_expression_is_named_in_80_characters)]
    formula += [_named(refusals + f"test_each_translation_rule_and_refusal[{e}]",
                       lambda e=e: r.test_each_translation_rule_and_refusal(e))
                for e in sorted(r.TRANSLATIONS)]

    def recheck_file() -> None:
        with tempfile.TemporaryDirectory() as d:
            r.test_recheck_file_recomputes_a_file_as_it_stands(Path(d), tex)

    def check_files() -> None:
        with tempfile.TemporaryDirectory() as d:
            c.test_check_files_compiles_the_proofs_of_its_claims(Path(d), certs, tex)

    return {
        "expr.x__sum": [_named(refusals + "test_sum_and_len_of_vectors",
                               r.test_sum_and_len_of_vectors)],
        "formula.": formula,
        "x_recheck_file": [_named(refusals + "test_recheck_file_recomputes_a_file_as_it_stands",
                                  recheck_file)],
        "xǁDirectoryResultǁfirst_failure": [_named(
            refusals + "test_first_failure_names_the_first_problem_then_the_first_bad_file",
            r.test_first_failure_names_the_first_problem_then_the_first_bad_file)],
        "x_check_files": [_named("proofs_check/tests/test_coq.py::"
                                 "test_check_files_compiles_the_proofs_of_its_claims",
                                 check_files)],
    }


def main() -> int:
    sys.path.insert(0, os.getcwd())
    from mutmut.stats import status_by_exit_code

    import zonemax

    if not zonemax.__file__ or not zonemax.__file__.startswith(os.getcwd()):
        sys.stderr.write(f"zonemax is imported from {zonemax.__file__}, not mutmut's copy\n")
        return 2
    tests = selection()
    names = []
    for meta in sorted(glob.glob("zonemax/proofs_check/checker/**/*.meta", recursive=True)):
        data = json.loads(Path(meta).read_text(encoding="utf-8"))
        names += [k for k, v in data["exit_code_by_key"].items()
                  if status_by_exit_code[v] in ("survived", "no tests")]
    out: dict[str, list[str]] = {}
    for name in names:
        short = name.replace("zonemax.proofs_check.checker.", "")
        chosen = next((t for key, t in tests.items() if short.startswith(key)), None)
        if chosen is None or (sys.argv[1:] and not any(short.startswith(a) for a in sys.argv[1:])):
            continue
        os.environ["MUTANT_UNDER_TEST"] = name
        verdict = ["survived", ""]
        for test in chosen:
            try:
                test()
            except BaseException:  # any failure of the test is a kill
                verdict = ["killed", test.__name__]
                break
        os.environ["MUTANT_UNDER_TEST"] = ""
        out[name] = verdict
        sys.stdout.write(f"{short} {verdict[0]} {verdict[1]}\n")
    target = Path("..", "in_process.json")  # merged with the verdicts already there
    before = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    target.write_text(json.dumps({**before, **out}, indent=0), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
