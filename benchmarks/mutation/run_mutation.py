"""Mutation testing of ``reference/`` (and the engine's Python layer) with mutmut 3: a standing record.

Usage (from the repository root, in the project's virtual environment)::

    python benchmarks/mutation/run_mutation.py                 # stage, run mutmut, write the record
    python benchmarks/mutation/run_mutation.py --report-only   # rewrite the record from the last run
    python benchmarks/mutation/run_mutation.py --target engine # zonemax/engine/api.py instead

Why a staged copy: the repository keeps ``reference/`` at the top and setuptools maps it to
``zonemax.reference``; mutmut 3 derives a mutant's module name from its path and imports the
mutated copy from ``mutants/``, so it needs the *installed* layout.  The script copies the
package into ``WORKDIR/zonemax/`` (reference, engine, exact, proofs_check, stats_tests, ...),
copies the selected test files into ``WORKDIR/tests/``, writes a ``pyproject.toml`` with the
project's pytest settings and a ``[tool.mutmut]`` section, and runs ``mutmut run`` there.  The
editable install of the virtual environment is appended to ``sys.meta_path``, so the mutated
copy that mutmut puts first on ``sys.path`` wins (the script checks that the staged run imports
from ``mutants/``: every mutant "no tests" would mean it did not).

Test selection (it must fit the time): the reference's own tests (``tests/test_reference_*.py``,
``tests/test_operators.py``, ``tests/test_spec.py``) and the focused fast tests added for the
mutation record (``tests/test_mutation_kills.py``).  ``reference/cma_wm.py`` (the CMA-ESwM
adapter around the ``cmaes`` package) is not mutated: no test of this selection runs it, its
tests drive ``cmaes`` for seconds per run, and it is a baseline of Section 6, not a law of the
paper.  For ``--target engine`` the selection is ``tests/test_engine.py`` and
``tests/test_streams.py``; the numba kernels are not mutated by mutmut (it cannot rewrite a
jitted function into its trampolines), see ``README.md`` for the hand-written mutants.

The record: ``record-<target>.json`` (every mutant with its status; every survivor with its diff
and the reason from :mod:`reasons`) and ``RECORD-<target>.md`` (score and the survivors table).
A survivor without a reason is listed as ``UNEXPLAINED`` and the script exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from reasons import REASONS  # noqa: E402  (the hand-written verdicts next to this script)

DEFAULT_WORKDIR = Path("/tmp/zonemax-mutation")

#: What each target mutates and which tests judge it.
TARGETS: dict[str, dict[str, list[str]]] = {
    "reference": {
        # mutmut's trampoline adds a frame between the caller and the mutated function, so a
        # test of a warning's ``stacklevel`` fails on the unmutated code in the staged run; it is
        # deselected there and run against the stacklevel mutants by hand (see reasons.py)
        "deselect": ["tests/test_mutation_kills.py::test_outside_theorem9_warns_at_the_callers_line"],
        "source_paths": ["zonemax/reference"],
        "do_not_mutate": ["zonemax/reference/cma_wm.py"],
        "tests": ["tests/test_reference_means.py", "tests/test_reference_properties.py",
                  "tests/test_operators.py", "tests/test_spec.py",
                  "tests/test_new_operators.py", "tests/test_mutation_kills.py"],
    },
    "engine": {
        "source_paths": ["zonemax/engine/api.py"],
        "do_not_mutate": [],
        "deselect": [],
        "tests": ["tests/test_engine.py", "tests/test_streams.py"],
    },
}

#: Repository folder -> folder of the installed layout (pyproject.toml's package-dir).
LAYOUT = {"zonemax": "zonemax", "reference": "zonemax/reference",
          "proofs_check": "zonemax/proofs_check", "stats_tests": "zonemax/stats_tests"}
IGNORE = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "tests", "mutants")


def stage(workdir: Path, target: str) -> None:
    """Copy the package in its installed layout, the selected tests and a pyproject.toml."""
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    for src, dst in LAYOUT.items():
        shutil.copytree(ROOT / src, workdir / dst, ignore=IGNORE, dirs_exist_ok=True)
    (workdir / "tests").mkdir()
    spec = TARGETS[target]
    for test in spec["tests"]:
        shutil.copy2(ROOT / test, workdir / test)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytest_ini = project["tool"]["pytest"]["ini_options"]
    lines = ["[tool.pytest.ini_options]"]
    for key, value in pytest_ini.items():
        if key == "testpaths":
            value = ["tests"]
        lines.append(f"{key} = {json.dumps(value)}")
    lines += [
        "",
        "[tool.mutmut]",
        f"source_paths = {json.dumps(spec['source_paths'])}",
        f"do_not_mutate = {json.dumps(spec['do_not_mutate'])}",
        'also_copy = ["zonemax"]',
        'pytest_add_cli_args_test_selection = ["tests/"]',
        # hypothesis draws differently in every process; derandomised, a mutant's verdict
        # does not depend on the run (see tests/conftest-like profile below)
        "pytest_add_cli_args = "
        + json.dumps(["-p", "no:cacheprovider"]
                     + [arg for test in spec["deselect"] for arg in ("--deselect", test)]),
        "",
    ]
    (workdir / "pyproject.toml").write_text("\n".join(lines), encoding="utf-8")
    # a deterministic hypothesis profile for the staged run only (the project's default
    # profile is untouched): a mutant is killed or not, independently of the process
    (workdir / "tests" / "conftest.py").write_text(
        "from hypothesis import settings\n"
        "settings.register_profile('mutation', derandomize=True, deadline=None)\n"
        "settings.load_profile('mutation')\n", encoding="utf-8")


def run_mutmut(workdir: Path, max_children: int) -> tuple[float, int]:
    """``mutmut run`` in ``workdir`` with this interpreter; returns the wall time in seconds
    and mutmut's exit status."""
    code = ("import sys; from mutmut.__main__ import cli; "
            f"sys.argv = ['mutmut', 'run', '--max-children', '{max_children}']; cli()")
    env = dict(os.environ, PYTHONHASHSEED="0")
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], cwd=workdir, env=env, check=False)
    return time.perf_counter() - t0, proc.returncode


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
    code = ("import sys; from mutmut.__main__ import cli; "
            f"sys.argv = ['mutmut', 'show', {name!r}]; cli()")
    proc = subprocess.run([sys.executable, "-c", code], cwd=workdir, capture_output=True,
                          text=True, check=False)
    lines = [ln for ln in proc.stdout.splitlines()
             if re.match(r"^[+-](?![+-]{2})", ln)]
    return "\n".join(lines)


def write_record(workdir: Path, target: str, seconds: float | None) -> int:
    statuses = collect(workdir)
    if not statuses:
        print("no mutants found: run without --report-only first", file=sys.stderr)
        return 2
    if all(s == "no tests" for s in statuses.values()):
        print("every mutant has no tests: the staged tests did not import from mutants/",
              file=sys.stderr)
        return 2
    counts: dict[str, int] = {}
    for s in statuses.values():
        counts[s] = counts.get(s, 0) + 1
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    judged = len(statuses) - counts.get("skipped", 0) - counts.get("not checked", 0)
    score = killed / judged if judged else 0.0
    survivors = []
    unexplained = 0
    for name, status in sorted(statuses.items()):
        if status in ("killed", "timeout"):
            continue
        reason = REASONS.get(name)
        if reason is None:
            unexplained += 1
            reason = "UNEXPLAINED"
        survivors.append({"mutant": name, "status": status, "diff": diff_of(workdir, name),
                          "reason": reason})
    record = {
        "target": target,
        "source_paths": TARGETS[target]["source_paths"],
        "not_mutated": TARGETS[target]["do_not_mutate"],
        "tests": TARGETS[target]["tests"],
        "deselected": TARGETS[target]["deselect"],
        "mutants": len(statuses),
        "counts": counts,
        "score": round(score, 4),
        "seconds": None if seconds is None else round(seconds, 1),
        "survivors": survivors,
    }
    (HERE / f"record-{target}.json").write_text(json.dumps(record, indent=1) + "\n",
                                                encoding="utf-8")
    md = [f"# Mutation record: {target}", "",
          f"Generated by `python benchmarks/mutation/run_mutation.py --target {target}` "
          "(mutmut 3, staged installed layout; see the script's docstring).", "",
          f"* mutated: {', '.join(TARGETS[target]['source_paths'])}"
          + (f" (not mutated: {', '.join(TARGETS[target]['do_not_mutate'])})"
             if TARGETS[target]["do_not_mutate"] else ""),
          f"* tests: {', '.join(TARGETS[target]['tests'])}"
          + (f" (deselected: {', '.join(TARGETS[target]['deselect'])})"
             if TARGETS[target]["deselect"] else ""),
          f"* mutants: {len(statuses)}; " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())),
          f"* **score: {killed}/{judged} = {score:.1%}** killed (timeouts count as killed)",
          f"* wall time of the run: {record['seconds']} s" if seconds is not None else
          "* wall time: see record JSON of the run", "",
          "## Survivors", "",
          "| mutant | status | change | reason |", "|---|---|---|---|"]
    for s in survivors:
        change = " / ".join(ln.strip() for ln in s["diff"].splitlines())
        change = change.replace("|", "\\|")
        short = s["mutant"].replace("zonemax.", "")
        md.append(f"| `{short}` | {s['status']} | `{change[:160]}` | {s['reason']} |")
    (HERE / f"RECORD-{target}.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print(f"{target}: {len(statuses)} mutants, score {score:.1%}, {len(survivors)} survivors "
          f"({unexplained} unexplained)")
    return 1 if unexplained else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", choices=sorted(TARGETS), default="reference")
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--max-children", type=int, default=1)
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    workdir = args.workdir or DEFAULT_WORKDIR.with_name(f"{DEFAULT_WORKDIR.name}-{args.target}")
    seconds = None
    if not args.report_only:
        stage(workdir, args.target)
        seconds, status = run_mutmut(workdir, args.max_children)
        if status != 0:
            print(f"mutmut run exited with status {status}: no record written", file=sys.stderr)
            return 2
    return write_record(workdir, args.target, seconds)


if __name__ == "__main__":
    sys.exit(main())
