"""Judge mutmut's mutants in process: one pytest session per worker, every mutant switched on in
turn (the checker record's pass 2, 2026-11-27).

Why: a ``mutmut run`` of the checker judged about ten mutants a minute on this machine (a fork
and a fresh ``pytest.main`` per mutant, and every test of a widely used helper such as
``arith.add``), so its 3918 mutants would take about seven hours.  This driver uses mutmut's own
artefacts of a pass -- the mutated copy under ``WORKDIR/mutants`` (each function behind a
trampoline that reads ``MUTANT_UNDER_TEST`` at every call) and the tests that call each function
(``mutmut-stats.json``, with each test's duration) -- and runs those tests with pytest's own
runner, in process:

* one pytest session per worker collects the staged tests once (the staged ``pyproject.toml``:
  same options, markers and deselections as mutmut's run);
* for each function: its tests run first with no mutant (all must pass, else the function is
  reported ``baseline fails`` and none of its mutants is judged); then for each mutant, with
  ``MUTANT_UNDER_TEST`` set, its tests in order of duration until one fails (**killed**) or all
  pass (**survived**); a test that runs past its time limit kills (**timeout**, as in mutmut);
* before every test run every ``functools`` cache of the checker's modules and every
  :func:`zonemax.proofs_check.core.recorded_cache` is emptied, and every fixture is set up anew
  (``nextitem=None`` tears down all scopes), so no value computed under one mutant is seen under
  another;
* at the end of each function its tests run once more with no mutant: if one fails, state leaked
  and the function's verdicts are reported ``contaminated`` (judge them again);
* a mutant is marked ``crashed`` before its tests run: if the process dies under it (a solver
  that aborts), the mark stays, and a rerun goes on with the next mutant; ``crashed`` counts as
  killed, as a test process that dies does in mutmut.

Usage (WORKDIR: a ``run_mutation.py --target checker`` work directory whose mutmut stats
exist)::

    python benchmarks/mutation/inprocess_pass.py WORKDIR --worker 0 --workers 2 &
    python benchmarks/mutation/inprocess_pass.py WORKDIR --worker 1 --workers 2 &

Verdicts go to ``WORKDIR/inprocess-<worker>.json`` ({mutant: [status, test]}) as they come;
a rerun skips what a file already holds.  ``run_mutation.py --report-only`` merges them
(method label ``in process``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

#: Time limit of one test run under a mutant: ``TIMEOUT_FACTOR`` times its unmutated duration
#: plus ``TIMEOUT_FLOOR`` seconds (mutmut's own rule is a factor on the estimate, too).
TIMEOUT_FACTOR = 10
TIMEOUT_FLOOR = 30.0
#: ... and at most this (below the staged pytest-timeout of 300 s, which would end the process).
TIMEOUT_CAP = 240.0


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("zonemax.proofs_check"):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and isinstance(value, functools._lru_cache_wrapper):
                clear()
    core = sys.modules.get("zonemax.proofs_check.core")
    if core is not None:
        core.clear_recorded_caches()


def _mutants(workdir: Path) -> dict[str, list[str]]:
    """Mangled function name -> its mutants (from mutmut's ``*.meta`` files)."""
    out: dict[str, list[str]] = {}
    for meta in sorted((workdir / "mutants").rglob("*.py.meta")):
        for name in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]:
            out.setdefault(name.rsplit("__mutmut_", 1)[0], []).append(name)
    for names in out.values():
        names.sort(key=lambda n: int(n.rsplit("_", 1)[1]))
    return out


class Judge:
    """The pytest plugin: replaces the test loop by the mutant loop."""

    def __init__(self, workdir: Path, functions: list[str], out: Path,
                 exclude: tuple[str, ...] = (), include: tuple[str, ...] = (),
                 exclude_tests: tuple[str, ...] = ()) -> None:
        stats = json.loads((workdir / "mutants" / "mutmut-stats.json").read_text("utf-8"))
        self.tests = stats["tests_by_mangled_function_name"]
        self.duration = stats["duration_by_test"]
        self.mutants = _mutants(workdir)
        self.functions = functions
        self.out = out
        self.done: dict[str, list[str]] = (json.loads(out.read_text("utf-8"))
                                            if out.exists() else {})
        self.broken: set[str] = set()  #: tests that fail unmutated (:meth:`baseline`)
        #: tests using one of these fixtures are left out (a first, fast pass)
        self.exclude = exclude
        #: with ``include``: only mutants that an earlier pass left alive are judged, by the
        #: tests of these node ids (prefixes) *in addition* to mutmut's selection
        self.include = include
        self.exclude_tests = exclude_tests
        #: judge by the ``include`` tests only (a pass over survivors of the full selection)
        self.only_included = False

    def _run(self, item: Any, mutant: str | None, nextitem: Any = None) -> bool:
        """One test under ``mutant`` (None: unmutated); True when it passes.  ``nextitem``: the
        next test of the same mutant (fixtures it shares stay set up, as in a pytest run);
        None tears every fixture down."""
        from _pytest.runner import runtestprotocol

        if mutant is None:
            os.environ.pop("MUTANT_UNDER_TEST", None)
        else:
            os.environ["MUTANT_UNDER_TEST"] = mutant
        _clear_caches()
        item._initrequest()
        limit = min(TIMEOUT_FACTOR * self._cost(item) + TIMEOUT_FLOOR, TIMEOUT_CAP)
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            reports = runtestprotocol(item, nextitem=nextitem, log=False)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            os.environ.pop("MUTANT_UNDER_TEST", None)
        passed = not any(r.failed for r in reports)
        if not passed or nextitem is None:
            item.session._setupstate.teardown_exact(None)
        return passed

    def _included(self, function: str, nodeid: str) -> bool:
        """``--include``: ``NODE_PREFIX`` (for every function) or ``FUNCTION_PREFIX@NODE_PREFIX``
        (function names without ``zonemax.proofs_check.checker.``)."""
        short = function.replace("zonemax.proofs_check.checker.", "")
        for entry in self.include:
            scope, _, node = entry.rpartition("@")
            if short.startswith(scope) and nodeid.startswith(node):
                return True
        return False

    def _excluded(self, item: Any) -> bool:
        """Left out of this pass: a test of an excluded fixture, or an excluded test."""
        return any(f in item.fixturenames for f in self.exclude) \
            or item.nodeid in self.exclude_tests

    def _cost(self, item: Any) -> float:
        """The unmutated duration of ``item``, or for a test of a shared fixture the longest of
        its module's tests of that fixture (mutmut timed the fixture's setup with whichever test
        ran first; here another one may set it up)."""
        own = self.duration.get(item.nodeid, 1.0)
        if "forged" not in getattr(item, "fixturenames", ()):
            return own
        module = item.nodeid.split("::")[0]
        return max([own] + [d for t, d in self.duration.items() if t.startswith(module)])

    def _judge(self, items: list[Any], mutant: str | None) -> list[str]:
        """``["survived", ""]`` or ``["killed", test]``: ``items`` in order under ``mutant``,
        until one fails (a test past its time limit fails: mutmut's "timeout" is a kill)."""
        for k, item in enumerate(items):
            nextitem = items[k + 1] if k + 1 < len(items) else None
            try:
                passed = self._run(item, mutant, nextitem)
            except _Timeout:
                item.session._setupstate.teardown_exact(None)
                return ["timeout", item.nodeid]
            if not passed:
                return ["killed", item.nodeid]
        return ["survived", ""]

    def _order(self, items: list[Any]) -> list[Any]:
        """Fastest first; the tests of a module-scoped fixture that checks a whole directory
        (``forged``) last and together, so that it is computed once per mutant."""
        return sorted(items, key=lambda it: ("forged" in getattr(it, "fixturenames", ()),
                                             self.duration.get(it.nodeid, 0.0)))

    def _save(self) -> None:
        tmp = self.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.done, indent=0), encoding="utf-8")
        tmp.replace(self.out)

    def pytest_runtestloop(self, session: Any) -> bool:
        if session.testsfailed:  # a collection error: no selection is complete, judge nothing
            print(f"{session.testsfailed} collection error(s): nothing judged", file=sys.stderr,
                  flush=True)
            return True
        by_id = {item.nodeid: item for item in session.items}
        self.baseline(session)
        for function in self.functions:
            names = [n for n in self.mutants.get(function, []) if n not in self.done]
            if not names:
                continue
            chosen = [] if self.only_included else list(self.tests.get(function, []))
            chosen += [i for i in by_id if i not in chosen and self._included(function, i)]
            items = self._order([by_id[t] for t in chosen if t in by_id
                                 and t not in self.broken and not self._excluded(by_id[t])])
            if not items:
                self.done.update({n: ["no tests", ""] for n in names})
                self._save()
                continue
            t0 = time.perf_counter()
            verdicts: dict[str, list[str]] = {}
            for name in names:  # saved one by one: a stopped pass keeps what it judged
                # marked first: if the process dies under this mutant (z3 aborts on a script
                # of None), the rerun finds the mark and counts it killed, as mutmut counts a
                # test process that dies
                self.done[name] = ["crashed", "the test process died under this mutant"]
                self._save()
                verdicts[name] = self.done[name] = self._judge(items, name)
                self._save()
            # the function's fast tests once more without a mutant: state must not leak
            leak = self._judge([it for it in items if "forged" not in it.fixturenames][:5], None)
            if leak[0] != "survived":
                verdicts = {n: ["contaminated", leak[1]] for n in verdicts}
            self.done.update(verdicts)
            self._save()
            killed = sum(v[0] in ("killed", "timeout") for v in verdicts.values())
            print(f"{function}: {killed}/{len(verdicts)} killed "
                  f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
        return True

    def baseline(self, session: Any) -> None:
        """Every test of this worker's functions once, unmutated: a test that fails here
        judges nothing (``self.broken``)."""
        wanted = set() if self.only_included else {
            t for f in self.functions for t in self.tests.get(f, [])}
        items = self._order([it for it in session.items
                             if (it.nodeid in wanted or any(self._included(f, it.nodeid)
                                                            for f in self.functions))
                             and not self._excluded(it)])
        self.broken = set()
        for k, item in enumerate(items):
            try:
                passed = self._run(item, None, items[k + 1] if k + 1 < len(items) else None)
            except _Timeout:
                item.session._setupstate.teardown_exact(None)
                passed = False
            if not passed:
                self.broken.add(item.nodeid)
        print(f"baseline: {len(items)} tests, {len(self.broken)} fail unmutated: "
              f"{sorted(self.broken)[:5]}", file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workdir", type=Path)
    parser.add_argument("--worker", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--exclude-fixture", nargs="*", default=[],
                        help="leave out the tests that use these fixtures (e.g. forged: the "
                             "whole forged directory is checked once per mutant)")
    parser.add_argument("--exclude-test", nargs="*", default=[],
                        help="node ids left out (e.g. a test that reruns the search under z3)")
    parser.add_argument("--tag", nargs="?", const="", default=None, type=str,
                        help="a word in the verdict file's name (a pass of its own)")
    parser.add_argument("--only-included", action="store_true",
                        help="judge by the --include tests alone (mutmut's selection already "
                             "ran in an earlier pass)")
    parser.add_argument("--include", nargs="*", default=[],
                        help="node-id prefixes of tests added to every function's selection")
    parser.add_argument("--todo", type=Path, default=None,
                        help="JSON list of the mutants to judge (default WORKDIR/todo.json)")
    parser.add_argument("--only", nargs="*", default=None,
                        help="mangled function names (default: every function with mutants "
                             "that the statuses file marks 'not checked')")
    args = parser.parse_args()
    workdir = args.workdir.resolve()
    mutants = _mutants(workdir)
    if args.only:
        functions = list(args.only)
    else:
        statuses_file = args.todo or workdir / "todo.json"
        todo = set(json.loads(statuses_file.read_text("utf-8"))) if statuses_file.exists() \
            else {n for names in mutants.values() for n in names}
        functions = [f for f, names in mutants.items() if any(n in todo for n in names)]
    # heaviest functions (most mutants) spread over the workers in turn
    functions.sort(key=lambda f: -len(mutants[f]))
    mine = functions[args.worker::args.workers]
    os.chdir(workdir / "mutants")
    sys.path.insert(0, str(workdir / "mutants"))
    import tomllib

    import pytest

    config = tomllib.loads((workdir / "mutants" / "pyproject.toml").read_text("utf-8"))[
        "tool"]["mutmut"]
    tag = "-".join(["inprocess", *(["plus"] if args.include else []),
                    *([args.tag] if args.tag else []),
                    str(args.worker)])
    plugin = Judge(workdir, mine, workdir / f"{tag}.json", tuple(args.exclude_fixture),
                   tuple(args.include), tuple(args.exclude_test))
    plugin.only_included = args.only_included
    if args.todo is not None:  # judge exactly these mutants (a later pass over survivors)
        todo = set(json.loads(args.todo.read_text("utf-8")))
        plugin.done.update({n: ["not in this pass", ""] for names in mutants.values()
                            for n in names if n not in todo and n not in plugin.done})
    return int(pytest.main(["--rootdir=.", "--tb=no", "-q", "-p", "no:randomly",
                            *config["pytest_add_cli_args"], "tests/"],
                           plugins=[plugin]))


if __name__ == "__main__":
    sys.exit(main())
