"""Hand-written mutants of the engine's numba kernels, and the tests that must kill them.

mutmut cannot mutate a jitted function (it skips decorated functions; a trampoline inside an
``@njit`` body would not compile), so the kernels get a catalogue of realistic, minimal source
changes instead, in the spirit of :mod:`zonemax.stats_tests.planted`: each
:class:`SourceMutant` replaces one exact piece of text (it must occur exactly once) in one
module of ``zonemax/engine/``.  A mutant is judged on a *staged copy* of the package in its
installed layout (``WORKDIR/zonemax/...``, put first on ``sys.path``), never on the working
tree, with a fresh ``NUMBA_CACHE_DIR`` per mutant: numba's on-disk cache keys a function by its
own file only, so a stale cache of a caller would hide a mutated callee that it inlines.

A mutant is *killed* when its named test selection (``killers``: pytest node ids, relative to
the repository root) fails on the mutated copy -- with an assertion, not a numba typing error
or a collection error (those are reported as ``broken``: the mutant is not realistic).  The
unmutated staged copy must pass every selection first (:func:`baseline`), otherwise a kill
means nothing.

Usage (repository root, project virtual environment)::

    python benchmarks/mutation/numba_mutants.py            # all mutants, writes RECORD-numba.md
    python benchmarks/mutation/numba_mutants.py NAME ...   # the named mutants only (no record)
    python benchmarks/mutation/numba_mutants.py --verify   # does `zonemax verify` see them?

``--verify`` runs the main job, ``zonemax verify --quiet``, on every mutated copy instead of the
named tests and writes ``RECORD-numba-verify.md``: which mutants a researcher who runs only
``zonemax verify`` learns of (exit status 1), and which ones only the test suite sees.

``tests/test_numba_mutants.py`` (``-m slow``) asserts that every mutant of the catalogue is
killed by its selection.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent

#: Repository folder -> folder of the installed layout (pyproject.toml's package-dir).
LAYOUT = {"zonemax": "zonemax", "reference": "zonemax/reference",
          "proofs_check": "zonemax/proofs_check", "stats_tests": "zonemax/stats_tests"}
IGNORE = shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "tests", "mutants")

#: pytest-timeout per test of a judged copy: every kernel compiles afresh there (a minute and
#: more for the ±1 EA on a loaded machine, against the project's 120 s), so a timeout means a
#: hang of the mutated code (counted as a kill), not a slow compilation.
TEST_TIMEOUT = 900

#: Wall-time cap of one ``zonemax verify`` on a mutated copy (about 2 minutes plus kernel
#: compilation on 2 cores; a mutant that makes a run endless is stopped by the families' caps,
#: so hitting this means the main job hangs, reported as ``broken``).
VERIFY_TIMEOUT = 1800

#: Test selections the mutants name (pytest node ids relative to the repository root).
EQUIV = "tests/test_engine.py::test_equivalence_with_reference"
EQUIVALENCE_FAMILY = "stats_tests/tests/test_families.py::test_ci_level[equivalence-fast]"
HEAVY_FAMILY = "stats_tests/tests/test_families.py::test_ci_level[heavy-fast]"
PM1_FAMILY = "stats_tests/tests/test_families.py::test_ci_level[pm1-fast]"
RLS_AB_FAMILY = "stats_tests/tests/test_families.py::test_ci_level[rls_ab-fast]"
#: The block rule's exact mean and variance, including the rule ``mixed`` (far and near
#: non-optimal positions side by side), added when the first two mutants below survived the
#: equivalence case ``ea-pm1-block`` and ``test_pm1_block_matches_direct_simulation``.
BLOCKS_EXACT = "tests/test_engine_blocks.py::test_exact_mean_and_variance"
#: The engine's samplers and run times for the operators of issue 15 against their exact laws.
CANDIDATES = "tests/test_engine_operators.py::test_candidates_match_exact_law"
OPS_EXACT = "tests/test_engine_operators.py::test_exact_mean_and_variance"
#: The ±1 EA's table cache where two keys share a slot (issue 25): the batch API's 256-slot
#: cache against one slot per key, bit for bit, and the law against the per-iteration engine.
SLOTS = "tests/test_cache_capacity.py"
SLOTS_MID_RUN = f"{SLOTS}::test_pm1_table_slots_reused_mid_run_bit_for_bit"
SLOTS_BATCH = f"{SLOTS}::test_pm1_batch_cache_through_every_slot_collision"
SLOTS_RUN_TIMES = f"{SLOTS}::test_pm1_block_rule_run_times_at_slot_reuse"
SLOTS_STATES = f"{SLOTS}::test_pm1_block_rule_states_at_slot_reuse"


@dataclass(frozen=True)
class SourceMutant:
    """One realistic bug in a jitted module: ``old`` (exactly once in ``path``) becomes ``new``."""

    name: str
    path: str  #: the module, relative to the repository root
    old: str
    new: str
    killers: tuple[str, ...]  #: pytest node ids that must fail on the mutated copy
    why: str  #: what the bug does to a run-time law


CATALOGUE: tuple[SourceMutant, ...] = (
    # -- the ±1 EA's blocks ----------------------------------------------------------------
    SourceMutant(
        "pm1-block-m1-unconditioned",
        "zonemax/engine/_ea_pm1.py",
        "idx = a + uniform_int(rng, h) if first == 0 else uniform_int(rng, k)",
        "idx = uniform_int(rng, k)",
        (BLOCKS_EXACT,),
        "a one-position near iteration forgets that it was conditioned on touching a near "
        "position: it may pick a far position, whose move is then applied as a near one",
    ),
    SourceMutant(
        "pm1-block-gap-unnormalised",
        "zonemax/engine/_ea_pm1.py",
        "rho_k[k] = min(lam_k[k] / q, 1.0)",
        "rho_k[k] = min(lam_k[k], 1.0)",
        (BLOCKS_EXACT,),
        "the far-only gap before the next near iteration is Geometric(lambda) instead of "
        "Geometric(lambda/q): far positions get too many moves per near one",
    ),
    SourceMutant(
        "pm1-m2-second-slot-sign",
        "zonemax/engine/_ea_pm1.py",
        "d1 = 3 - 2 * b",
        "d1 = 2 * b - 3",
        (f"{EQUIV}[ea-pm1]",),
        "two mutated positions: the second one steps in the wrong direction (Definition 1)",
    ),
    SourceMutant(
        "pm1-far-law-stale-slot",
        "zonemax/engine/_pm1_patterns.py",
        "if cache.far_a[slot] != a:",
        "if cache.far_a[slot] < 0:",
        (SLOTS_RUN_TIMES, SLOTS_MID_RUN, SLOTS_BATCH),
        "the block rule's far-only law is filled only when its slot is empty: once a and "
        "a + 256 share a slot (n >= 256) a block draws its far-only patterns from the other "
        "key's law (issue 25; +2.3% on the mean run time at (500,)*44 + (129,)*256)",
    ),
    SourceMutant(
        "pm1-k-table-stale-slot",
        "zonemax/engine/_ea_pm1.py",
        "if all_k[slot] != k:",
        "if all_k[slot] < 0:",
        (f"{SLOTS_MID_RUN}[slot-k]", SLOTS_STATES),
        "the pattern tables of k are filled only when their slot is empty: once k and k + 256 "
        "share a slot (n >= 256) the kernel uses q and the pattern law of the other key "
        "(and hangs once k < 20: a pattern mutates more positions than there are)",
    ),
    # -- the heavy-tailed EA -------------------------------------------------------------
    SourceMutant(
        "heavy-ea-sign-bias-0.52",
        "zonemax/engine/_ea_law.py",
        "nd = d - mag if rng.random() < 0.5 else d + mag  # the sign is uniform",
        "nd = d - mag if rng.random() < 0.52 else d + mag  # the sign is uniform",
        (HEAVY_FAMILY,),
        "the sign of a heavy-tailed step points towards the target with probability 0.52, "
        "not 1/2 (Definition 2)",
    ),
    SourceMutant(
        "heavy-ea-strict-acceptance",
        "zonemax/engine/_ea_law.py",
        "if delta > 0:  # Algorithm 1, line 6: f(y) > f(x), rejected",
        "if delta >= 0:  # Algorithm 1, line 6: f(y) > f(x), rejected",
        (HEAVY_FAMILY,),
        "offspring with f(y) = f(x) are rejected (Algorithm 1 accepts ties): an optimal "
        "position that moves together with an equal improvement is lost",
    ),
    SourceMutant(
        "heavy-ea-useful-probability-all-positions",
        "zonemax/engine/_ea_law.py",
        "log_rest = (n - k) * math.log1p(-p * tau) + k * math.log1p(-p_moving)",
        "log_rest = n * math.log1p(-p * tau) + k * math.log1p(-p_moving)",
        (f"{EQUIV}[ea-heavy-none-0.1]",
         "tests/test_engine.py::test_heavy_ea_useful_probability_matches_direct_simulation"),
        "the skip rule counts the non-optimal positions twice in the probability of no "
        "inadmissible step: q too small, run times too long",
    ),
    # -- RLS kernels --------------------------------------------------------------------
    SourceMutant(
        "rls-heavy-acceptance-limit-d",
        "zonemax/engine/_rls_law.py",
        "if mag < 2 * d:  # f(y) < f(x): accepted, D changes",
        "if mag <= d:  # f(y) < f(x): accepted, D changes",
        (f"{EQUIV}[rls-heavy-0.1]", f"{EQUIV}[rls-heavy-clip-0.1]", EQUIVALENCE_FAMILY),
        "RLS with the heavy-tailed operator rejects overshooting steps D < |s| < 2D that are "
        "strict improvements",
    ),
    SourceMutant(
        "rls-heavy-q-without-sign",
        "zonemax/engine/_rls_law.py",
        "q = k / (2.0 * n) * pi",
        "q = k / n * pi",
        (f"{EQUIV}[rls-heavy-0.1]",),
        "the skip rule forgets that half of the signs point away from the target: about half "
        "the run time",
    ),
    SourceMutant(
        "rls-pm1-q-without-sign",
        "zonemax/engine/_rls_pm1.py",
        "t += phase_trials(rng, useful, k / (2.0 * n))",
        "t += phase_trials(rng, useful, k / n)",
        (f"{EQUIV}[rls-pm1]",),
        "plain RLS with ±1 steps: a useful iteration is counted with probability k/n "
        "instead of k/(2n)",
    ),
    SourceMutant(
        "rls-ab-tie-is-improvement",
        "zonemax/engine/_rls_ab.py",
        "if rng.random() < 0.5 and step < 2 * d:",
        "if rng.random() < 0.5 and step <= 2 * d:",
        (f"{EQUIV}[rls-ab-2-0.5]", f"{EQUIV}[rls-ab-1.7-0.9]", RLS_AB_FAMILY,
         EQUIVALENCE_FAMILY),
        "RLS_{alpha,beta} treats the step s = 2 D_i (f(y) = f(x)) as an improvement: v_i is "
        "multiplied by alpha instead of beta (Algorithm 2, lines 8/10)",
    ),
    SourceMutant(
        "rls-ab-velocity-no-floor",
        "zonemax/engine/_rls_ab.py",
        "vel[pos] = max(1.0, beta * v)  # Algorithm 2, line 10",
        "vel[pos] = beta * v  # Algorithm 2, line 10",
        (RLS_AB_FAMILY,),
        "the velocity is not kept >= 1 after a failure (Algorithm 2, line 10): with v_i < 1 "
        "the step floor(v_i) = 0 moves nothing, and the kernel even counts it a success",
    ),
    # -- shared samplers ------------------------------------------------------------------
    SourceMutant(
        "alias-last-column-never-drawn",
        "zonemax/engine/_alias.py",
        "u = rng.random() * count",
        "u = rng.random() * (count - 1)",
        (f"{EQUIV}[ea-pm1]", "tests/test_engine.py::test_uniform_int_and_alias_table"),
        "an alias draw never reaches the last column (off by one): the z >= 1 patterns of the "
        "±1 EA lose part of their mass",
    ),
    SourceMutant(
        "heavy-magnitude-unconditioned",
        "zonemax/engine/_magnitude_law.py",
        "    v = rng.random() * pi\n    for c in range(1, jb + 1):\n",
        "    v = rng.random()\n    for c in range(1, jb + 1):\n",
        (f"{EQUIV}[ea-heavy-none-0.1]", f"{EQUIV}[rls-heavy-0.1]"),
        "the magnitude of a step is drawn from the whole law, not conditioned on being "
        "admissible; the inadmissible mass lands on the longest admissible power 2^jmax",
    ),
    # -- the magnitude laws of issue 15 (double-geometric, power law) ----------------------
    SourceMutant(
        "geom-digits-reversed",
        "zonemax/engine/_magnitude_law.py",
        "            m += 1 << i\n",
        "            m += 1 << (b - 2 - i)\n",
        (CANDIDATES, OPS_EXACT),
        "a double-geometric magnitude in bin b gets its digit probabilities in the wrong order "
        "(digit i drawn with the probability of digit b - 2 - i): the law within a bin moves",
    ),
    SourceMutant(
        "power-acceptance-half-width",
        "zonemax/engine/_magnitude_law.py",
        "np.exp(-beta * np.log1p(off / lo))",
        "np.exp(-beta * np.log1p(off / (2 * lo)))",
        (CANDIDATES, OPS_EXACT),
        "the power law's within-bin acceptance (lo/k)^beta is computed with twice the bin "
        "width: large magnitudes of a bin are accepted too often",
    ),
    SourceMutant(
        "small-magnitude-never-top",
        "zonemax/engine/_magnitude_law.py",
        "    hi = min(hi, top)\n",
        "    hi = min(hi, top - 1)\n",
        (CANDIDATES, OPS_EXACT),
        "inversion of the small-magnitude table never returns the largest admissible "
        "magnitude (off by one): its mass goes to the one below, and to 0 when top = 1",
    ),
    SourceMutant(
        "phase-trials-without-the-useful-ones",
        "zonemax/engine/_random.py",
        "return add_counts(useful, rng.poisson(lam))",
        "return add_counts(0, rng.poisson(lam))",
        (f"{EQUIV}[ea-pm1-block]", f"{EQUIV}[rls-pm1]", PM1_FAMILY),
        "a long phase counts only its failed iterations, not its useful ones (NegBin "
        "failures instead of trials)",
    ),
)


#: What the first full run (2026-11-26) found, kept with the record: the tests each mutant
#: needed were not all there.
HISTORY = """\
## History: what the catalogue found

The first run named, for every mutant, the engine tests that looked relevant (the equivalence
cases of `tests/test_engine.py`, `test_pm1_block_matches_direct_simulation`, the equivalence
family).  Four mutants survived them or were killed only by a hang:

* `pm1-block-m1-unconditioned` and `pm1-block-gap-unnormalised` survived the equivalence case
  `ea-pm1-block` and `test_pm1_block_matches_direct_simulation`: neither ever has far and near
  non-optimal positions side by side.  The first is killed only by the block rule `mixed`
  (`far_min = 2`) added to `tests/test_engine_blocks.py::test_exact_mean_and_variance`; the
  second by the forced rules already there (named since).  The ±1 EA with far positions
  (300, -200, 5, 0) was added to the equivalence family, so that `zonemax verify` runs the
  block rule at all (its exact cases stay below `FAR_MIN = 128`).
* `heavy-ea-sign-bias-0.52` survived the equivalence family (100 runs a side); the
  `heavy-fast` family (exact E[T], 20,000 engine runs a case) kills it.
* `heavy-ea-strict-acceptance` (ties rejected) survived both; it changes E[T] by +2.4% at
  (3, 1, 0), eps = 1 (z = 18 at 200,000 runs), which was added to the `heavy-fast` exact cases.
* `rls-ab-velocity-no-floor` was killed only after 900 s, by the timeout of an unbudgeted
  equivalence test (run times with infinite mean); the capped `rls_ab-fast` family rejects it
  in seconds and is named since.
* Issue 25: the ±1 EA's table cache is direct-mapped on 256 slots, and no test ran the block
  rule at n >= 256, where k and k + 256 (and a and a + 256) share a slot.  The two
  `*-stale-slot` mutants (a slot filled only when empty) were added with the tests of
  `tests/test_cache_capacity.py`.  `pm1-far-law-stale-slot` is killed by each of its three
  selections on its own (the law test: mean run time +2.7%, |z| = 11.9, permutation KS
  p = 1e-4; the two bit-for-bit tests against one slot per key).  `pm1-k-table-stale-slot`
  hangs every full run at n >= 276 (a table of k + 256 used at k < 20 draws more mutated
  positions than there are), so its selections stop mid-run: bit for bit, and f after 250,000
  evaluations -12.3%, |z| = 44.1.
"""

@dataclass(frozen=True)
class Outcome:
    """What the named selection did on one staged copy."""

    status: str  #: "killed", "survived" or "broken" (typing/collection error)
    failed: tuple[str, ...]  #: node ids pytest reported as failed
    seconds: float
    tail: str  #: the last lines of pytest's output


def stage(dest: Path) -> None:
    """Copy the package into ``dest`` in its installed layout (no tests, no caches)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for src, dst in LAYOUT.items():
        shutil.copytree(ROOT / src, dest / dst, ignore=IGNORE, dirs_exist_ok=True)


def apply(dest: Path, mutant: SourceMutant) -> None:
    """Write ``mutant`` into the staged copy at ``dest`` (``old`` must occur exactly once)."""
    target = dest / mutant.path
    text = target.read_text(encoding="utf-8")
    found = text.count(mutant.old)
    if found != 1:
        raise ValueError(f"{mutant.name}: {mutant.old!r} occurs {found} times in {mutant.path}; "
                         "a mutant must name exactly one place")
    target.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def _env(dest: Path, cache: Path) -> dict[str, str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONHASHSEED="0")
    env["PYTHONPATH"] = str(dest) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def imports_from(dest: Path) -> str:
    """Where ``zonemax.engine`` is imported from when ``dest`` is staged (must be ``dest``)."""
    with tempfile.TemporaryDirectory() as cache:
        proc = subprocess.run([sys.executable, "-c",
                               "import zonemax.engine.api as m; print(m.__file__)"],
                              cwd=dest, env=_env(dest, Path(cache)), capture_output=True,
                              text=True, check=True)
    return proc.stdout.strip()


def run_selection(dest: Path, tests: tuple[str, ...], timeout: int = TEST_TIMEOUT) -> Outcome:
    """Run ``tests`` (repository node ids) against the copy staged at ``dest`` (``timeout``:
    pytest-timeout per test; a hang it ends counts as a kill)."""
    if not imports_from(dest).startswith(str(dest)):
        raise RuntimeError(f"the staged copy at {dest} is not the one imported")
    args = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
            "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT), "-rf",
            "-n", "0",  # in this process: the staged copy's environment, one test at a time
            f"--timeout={timeout}",
            *(str(ROOT / t) for t in tests)]
    with tempfile.TemporaryDirectory() as cache:
        t0 = time.perf_counter()
        proc = subprocess.run(args, cwd=dest, env=_env(dest, Path(cache)), capture_output=True,
                              text=True, check=False)
        seconds = time.perf_counter() - t0
    out = proc.stdout + proc.stderr
    failed = tuple(f.replace(str(ROOT) + "/", "").lstrip("./")
                   for f in re.findall(r"^FAILED (.+?)(?: - .*)?$", out, flags=re.MULTILINE))
    tail = "\n".join(out.strip().splitlines()[-12:])
    if proc.returncode == 0:
        status = "survived"
    elif "+++ Timeout +++" in out:  # pytest-timeout ended a hang: the run never ends, a kill
        status = "killed"
        failed = failed or ("(timeout)",)
    elif proc.returncode == 1 and failed and not re.search(r"numba\.core\.errors|TypingError",
                                                            out):
        status = "killed"
    else:
        status = "broken"
    return Outcome(status, failed, seconds, tail)


@contextmanager
def _staged(workdir: Path, mutant: SourceMutant | None, *, beside: bool = False
            ) -> Iterator[Path]:
    """A fresh staged copy under ``workdir`` with ``mutant`` applied (``None``: unmutated),
    removed afterwards; ``beside``: with what the claims read beside a checkout (the paper's
    TeX, the committed reproduction) at the places the staged package looks for them."""
    dest = workdir / (mutant.name if mutant else "unmutated")
    stage(dest)
    if beside:
        (dest / "shared").symlink_to(ROOT.parent / "shared")  # the paper TeX beside the checkout (proofs_check.checker.paper.locate)
        (dest / "zonemax" / "reproduction").symlink_to(ROOT / "reproduction")  # section6._REPO
    if mutant:
        apply(dest, mutant)
    try:
        yield dest
    finally:
        shutil.rmtree(dest, ignore_errors=True)


def judge(mutant: SourceMutant, workdir: Path) -> Outcome:
    """Stage a fresh copy under ``workdir``, apply ``mutant`` and run its killers."""
    with _staged(workdir, mutant) as dest:
        return run_selection(dest, mutant.killers)


def _judge_verify(mutant: SourceMutant | None, workdir: Path) -> Outcome:
    """Stage a fresh copy, apply ``mutant`` (none: the unmutated copy), run ``zonemax verify``."""
    with _staged(workdir, mutant, beside=True) as dest:
        return run_verify(dest)


def baseline(workdir: Path, tests: tuple[str, ...] | None = None) -> Outcome:
    """The unmutated staged copy on every selection of the catalogue (must survive = pass)."""
    if tests is None:
        tests = tuple(dict.fromkeys(t for m in CATALOGUE for t in m.killers))
    with _staged(workdir, None) as dest:
        return run_selection(dest, tests)


def run_verify(dest: Path) -> Outcome:
    """``zonemax verify --quiet`` on the copy staged at ``dest``: ``killed`` when its report
    ends in a disagreement (exit status 1: a family rejects or a verdict regresses),
    ``survived`` on 0, ``crashed`` on a traceback, ``broken`` otherwise."""
    if not imports_from(dest).startswith(str(dest)):
        raise RuntimeError(f"the staged copy at {dest} is not the one imported")
    code = "import sys; from zonemax.cli import main; sys.exit(main(['verify', '--quiet']))"
    with tempfile.TemporaryDirectory() as cache:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code], cwd=dest, env=_env(dest, Path(cache)),
                              capture_output=True, text=True, check=False,
                              timeout=VERIFY_TIMEOUT)
        seconds = time.perf_counter() - t0
    out = proc.stdout + proc.stderr
    rejected = tuple(f"{fam} ({impl})" for fam, impl in
                     re.findall(r"^\s*REJECTED (\S+)\s.*?\b(reference|fast)\b", out,
                                flags=re.MULTILINE))
    if proc.returncode == 1 and "DISAGREEMENT found" in proc.stdout:
        status = "killed"  # the report's verdict: a family rejects or a verdict regresses
    elif proc.returncode == 0:
        status = "survived"
    elif "Traceback (most recent call last)" in proc.stderr:
        status = "crashed"  # the researcher learns that something is wrong, but not what
        error = proc.stderr.strip().splitlines()[-1]
        rejected = (f"traceback: {error[:120]}",)
    else:
        status = "broken"
    return Outcome(status, rejected, seconds, "\n".join(out.strip().splitlines()[-12:]))


def _verify_record(base: Outcome, results: list[tuple[SourceMutant, Outcome]],
                   seconds: float) -> str:
    caught = sum(o.status == "killed" for _, o in results)
    crashed = sum(o.status == "crashed" for _, o in results)
    missed_n = sum(o.status == "survived" for _, o in results)
    lines = [
        "# The numba mutants against `zonemax verify` alone", "",
        "Generated by `python benchmarks/mutation/numba_mutants.py --verify`: each mutant of the "
        "catalogue (`RECORD-numba.md`) is applied to a staged copy and the main job "
        "`zonemax verify --quiet` runs on it (CI level; exit status 1 = the researcher who runs "
        "only the main job learns of the bug).", "",
        f"* unmutated staged copy: **{'passes' if base.status == 'survived' else base.status}** "
        f"({base.seconds:.0f} s)",
        f"* **caught by `zonemax verify` (a family rejects): {caught}/{len(results)}**; "
        f"crashed with a traceback: {crashed}; missed: {missed_n}; wall time {seconds:.0f} s "
        "(2 shared cores, fresh numba cache per copy)", "",
        "| mutant | caught | rejecting families | s |", "|---|---|---|---|",
    ]
    for m, o in results:
        verdict = {"killed": "caught", "survived": "**missed**",
                   "crashed": "crashed (no verdict)"}.get(o.status, o.status)
        lines.append(f"| `{m.name}` | {verdict} | {', '.join(o.failed) or '-'} | "
                     f"{o.seconds:.0f} |")
    missed = [m.name for m, o in results if o.status != "killed"]
    if missed:
        lines += ["", "Not rejected by a family of `zonemax verify` (its output lists what it "
                  "does not cover; the test suite kills each of them, `RECORD-numba.md`): "
                  + ", ".join(f"`{n}`" for n in missed) + "."]
    return "\n".join(lines) + "\n"


def _record(base: Outcome, results: list[tuple[SourceMutant, Outcome]], seconds: float) -> str:
    killed = sum(o.status == "killed" for _, o in results)
    lines = [
        "# Hand-written mutants of the numba kernels", "",
        "Generated by `python benchmarks/mutation/numba_mutants.py` (catalogue and method: that "
        "module's docstring; the slow test `tests/test_numba_mutants.py` asserts every kill).", "",
        f"* unmutated staged copy on the union of the selections: **{base.status}** "
        f"(must be `survived`, i.e. pass; {base.seconds:.0f} s)",
        f"* **killed: {killed}/{len(results)}**; wall time of the whole run {seconds:.0f} s "
        "(2 shared cores, each mutant compiles its kernels afresh)", "",
        "| mutant | module | change | what it does to a law | status | first failing test | s |",
        "|---|---|---|---|---|---|---|",
    ]
    for m, o in results:
        change = f"`{m.old.strip()}` → `{m.new.strip()}`".replace("|", "\\|")
        first = o.failed[0] if o.failed else "-"
        lines.append(f"| `{m.name}` | `{m.path.removeprefix('zonemax/engine/')}` | {change} | "
                     f"{m.why} | {o.status} | `{first}` | {o.seconds:.0f} |")
    return "\n".join(lines) + "\n\n" + HISTORY


def main(argv: list[str]) -> int:
    verify = "--verify" in argv
    names = set(argv) - {"--verify"}
    unknown = names - {m.name for m in CATALOGUE}
    if unknown:
        print(f"unknown mutants: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    chosen = [m for m in CATALOGUE if not names or m.name in names]
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="zonemax-numba-mutants-") as tmp:
        work = Path(tmp)
        if verify:
            base = _judge_verify(None, work)
        else:
            base = baseline(work, tuple(dict.fromkeys(t for m in chosen for t in m.killers)))
        print(f"unmutated: {base.status} ({base.seconds:.0f} s)", flush=True)
        if base.status != "survived":
            print(base.tail, file=sys.stderr)
            return 2
        results = []
        for m in chosen:
            o = _judge_verify(m, work) if verify else judge(m, work)
            results.append((m, o))
            print(f"{m.name}: {o.status} ({o.seconds:.0f} s) "
                  f"{o.failed[0] if o.failed else ''}", flush=True)
            if o.status != "killed":
                print(o.tail, flush=True)
    if not names:
        seconds = time.perf_counter() - t0
        name, text = (("RECORD-numba-verify.md", _verify_record(base, results, seconds)) if verify
                      else ("RECORD-numba.md", _record(base, results, seconds)))
        (HERE / name).write_text(text, encoding="utf-8")
    return 0 if all(o.status == "killed" for _, o in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
