"""Speed of the fast engine against the reference and a naive numpy loop, plus the Section 6 grid.

Run from the project root:  ``python benchmarks/run.py``  (``--quick`` for a smoke run).

Table 1: evaluations per second (every iteration counts, including skipped ones) for the fast
engine, the reference (time-boxed with ``budget``) and a naive numpy (1+1) EA loop (time-boxed
by a fixed number of iterations), all measured in this run; ratios are engine / baseline.
Table 2: wall time of the whole Section 6 grid with ``jobs=2``, including JIT compilation when
the numba cache is cleared first (``--clear-cache``, the default) or loaded from it.
Table 3: numba heap allocations per run (``NUMBA_NRT_STATS=1``, in a child process), against
the number of evaluations: allocation is per run and per phase, never per iteration.
Table 4 (``--cost-only`` for it alone): the ±1 EA's cost against r (n = 100, r = 10^4 ...
10^12, one core): mean wall time per run, the fitted growth (log-log slope; a fit linear in
log r; log r plus sqrt r), and the per-iteration engine (no blocks) at r = 10^4 for
comparison; with ``--cost-far`` also one run each at r = 10^13, 10^14 and 10^15 (not fitted).
Table 5: plain RLS with the ±1 and double-geometric operators position by position
(``zonemax.engine._rls_positions``; n = 100, r = 10^4 ... 10^15): wall time per run, and the
per-iteration kernels at r = 10^4 for comparison.
Table 0 (first; ``--cold-start-only`` for it alone, ``--no-cold-start`` to skip it): cold start
side by side with the commit before the engine split (:data:`COLD_BASELINE`, issue 24 item 4).
The Section 6 grid and a single ``zonemax run ea-pm1`` each run in a fresh process with an empty
numba cache (a new ``NUMBA_CACHE_DIR``), alternating old and new (old, new, old, new, ...), so
that both see the same machine load; then once more on the cache the cold process left (warm).
The old tree is extracted with ``git archive`` into a temporary directory and imported through
``PYTHONPATH``; without git history (an sdist) that column is skipped and said so.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Evaluations given to the time-boxed baselines (reference via ``budget``, naive loop).
REFERENCE_BUDGET = 20_000
NAIVE_ITERATIONS = 20_000
#: Section 6 of the paper: ±1 EA at r = 10, 20, ..., 150 and 10^3, 10^4, 10^5; heavy-tailed
#: (eps = 0.001) and RLS_{2,0.5} at r = 10^1 .. 10^12; n in {20, 100}; 20 runs each; a = all-r.
GRID_PM1_R = [*range(10, 151, 10), 10**3, 10**4, 10**5]
GRID_POW_R = [10**e for e in range(1, 13)]
GRID_N = (20, 100)
GRID_RUNS = 20
GRID_EPS = 0.001
GRID_ALPHA, GRID_BETA = 2.0, 0.5
#: Table 1's rows for the operators beyond the paper: the power law's default exponent and a
#: double-geometric mean step length of 1000.
POWER_BETA = "3/2"
GEOM_MEAN = 1000


def naive_numpy_ea(a: np.ndarray, iterations: int, rng: np.random.Generator) -> int:
    """The obvious numpy (1+1) EA with ±1 steps (Algorithm 1); returns iterations done."""
    n = a.size
    x = np.zeros(n, dtype=np.int64)
    fx = int(np.abs(a - x).sum())
    for t in range(1, iterations + 1):
        mutate = rng.random(n) < 1.0 / n
        step = np.where(rng.random(n) < 0.5, 1, -1)
        y = x + mutate * step
        fy = int(np.abs(a - y).sum())
        if fy <= fx:
            x, fx = y, fy
        if fx == 0:
            return t
    return iterations


def machine() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
        model = fields.get("Model name", "?").strip()
        cpus = fields.get("CPU(s)", "?").strip()
    except (OSError, subprocess.CalledProcessError):
        model, cpus = platform.processor() or "?", str(os.cpu_count())
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{model}, {cpus} CPUs, load average at start {load:.2f}"


def clear_numba_cache() -> int:
    removed = 0
    for cache in (ROOT / "zonemax" / "engine").rglob("__pycache__"):
        for f in cache.iterdir():
            if f.suffix in (".nbi", ".nbc"):
                f.unlink()
                removed += 1
    return removed


def speed_table(quick: bool) -> None:
    from zonemax.reference import (
        DoubleGeometric,
        HeavyTailed,
        PowerLaw,
        one_plus_one_ea,
        rls,
        rls_ab,
    )
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_many

    rows = [
        ("ea-pm1", 100, 10**4, {}, lambda a, g, b: one_plus_one_ea(a, rng=g, budget=b)),
        ("ea-pm1", 20, 10**3, {}, lambda a, g, b: one_plus_one_ea(a, rng=g, budget=b)),
        ("ea-heavy", 100, 10**6, {"eps": GRID_EPS},
         lambda a, g, b: one_plus_one_ea(a, HeavyTailed(GRID_EPS), rng=g, budget=b)),
        ("rls-pm1", 100, 10**4, {}, lambda a, g, b: rls(a, rng=g, budget=b)),
        ("rls-ab", 100, 10**6, {"alpha": GRID_ALPHA, "beta": GRID_BETA},
         lambda a, g, b: rls_ab(a, GRID_ALPHA, GRID_BETA, rng=g, budget=b, warn=False)),
        # the operators beyond the paper (issue 15): power law beta = 3/2 (the default) and
        # double-geometric with mean step length 1000 (E[T] about 3e6 at n = 100, r = 10^6)
        ("ea-power", 100, 10**6, {"power_exponent": POWER_BETA},
         lambda a, g, b: one_plus_one_ea(a, PowerLaw(POWER_BETA), rng=g, budget=b)),
        ("ea-geom", 100, 10**6, {"geom_mean": GEOM_MEAN},
         lambda a, g, b: one_plus_one_ea(a, DoubleGeometric(mean=GEOM_MEAN), rng=g, budget=b)),
    ]
    runs = 3 if quick else 10
    print("\nTable 1: simulated evaluations per second (1 core; engine jobs=1)")
    header = (f"{'algorithm':<9} {'n':>4} {'r':>8} {'engine ev/s':>12} {'reference ev/s':>15} "
              f"{'naive ev/s':>11} {'eng/ref':>9} {'eng/naive':>10}")
    print(header)
    print("-" * len(header))
    for algorithm, n, r, kw, ref in rows:
        a = [r] * n
        run_many(AlgorithmSpec(algorithm, tuple([3] * n), **kw), runs=1, seed=0, budget=None)  # JIT
        t0 = time.perf_counter()
        batch = run_many(AlgorithmSpec(algorithm, tuple(a), **kw), runs=runs, seed=1, budget=None)
        engine = batch.evaluations.sum() / (time.perf_counter() - t0)
        g = np.random.default_rng(2)
        t0 = time.perf_counter()
        done = ref(a, g, REFERENCE_BUDGET).evaluations
        reference = done / (time.perf_counter() - t0)
        naive_txt, ratio_txt = "-", "-"
        if algorithm == "ea-pm1":
            t0 = time.perf_counter()
            it = naive_numpy_ea(np.array(a, dtype=np.int64), NAIVE_ITERATIONS, g)
            naive = it / (time.perf_counter() - t0)
            naive_txt, ratio_txt = f"{naive:.3g}", f"{engine / naive:.0f}x"
        print(f"{algorithm:<9} {n:>4} {r:>8.0e} {engine:>12.3g} {reference:>15.3g} "
              f"{naive_txt:>11} {engine / reference:>8.0f}x {ratio_txt:>10}")


#: Table 0: the commit before the engine was split into one module per algorithm, whose cold
#: Section 6 grid took 22.4 s against main's 36.9 s on an idle 2-vCPU machine (issue 24).
COLD_BASELINE = "7bbbed7"
#: Cold/warm rounds of Table 0 (each round: old then new; about a minute a round when idle).
COLD_ROUNDS = 2
#: The single run of Table 0 (both commits' ``zonemax run`` take these arguments).
COLD_RUN_ARGS = ("run", "ea-pm1", "--n", "100", "--r", "1000", "--runs", "1", "--seed", "1",
                 "--engine", "fast")

#: Child of Table 0: the Section 6 grid (Table 2's instances, seeds and jobs) in a fresh process,
#: against either engine API (7bbbed7: ``run_many(algorithm, a, ..., **params)``; now:
#: ``run_many(AlgorithmSpec(...), ...)``); prints the seconds from before ``import
#: zonemax.engine`` to the end, and where zonemax was imported from.
_GRID_CHILD = """
import inspect, json, sys, time
t0 = time.perf_counter()
import zonemax
from zonemax.engine import run_many
cases, jobs, runs = json.loads(sys.argv[1])
new_api = next(iter(inspect.signature(run_many).parameters)) == "spec"
if new_api:
    from zonemax.reference.spec import AlgorithmSpec
for algorithm, n, r, kw in cases:
    if new_api:
        batch = run_many(AlgorithmSpec(algorithm, tuple([r] * n), **kw), runs=runs,
                         seed=r + n, budget=None, jobs=jobs)
    else:
        batch = run_many(algorithm, [r] * n, runs=runs, seed=r + n, budget=None, jobs=jobs,
                         warn=False, **kw)
    assert batch.solved.all()
print(json.dumps({"seconds": time.perf_counter() - t0, "file": zonemax.__file__}))
"""
_CLI_CHILD = """
import sys
import zonemax
from zonemax.cli import main
code = main(sys.argv[1:])
sys.stderr.write("zonemax imported from " + zonemax.__file__ + "\\n")
raise SystemExit(code)
"""


def grid_cases(quick: bool) -> list[tuple[str, int, int, dict[str, float]]]:
    """The Section 6 grid's instances (Tables 0 and 2)."""
    cases: list[tuple[str, int, int, dict[str, float]]] = []
    for n in GRID_N:
        cases += [("ea-pm1", n, r, {}) for r in GRID_PM1_R if not (quick and r > 10**4)]
        cases += [("ea-heavy", n, r, {"eps": GRID_EPS}) for r in GRID_POW_R]
        cases += [("rls-ab", n, r, {"alpha": GRID_ALPHA, "beta": GRID_BETA}) for r in GRID_POW_R]
    return cases


def baseline_tree(dest: Path) -> str | None:
    """Extract :data:`COLD_BASELINE` into ``dest``; ``None`` on success, else why not."""
    try:
        res = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", COLD_BASELINE],
                             capture_output=True, check=False)
    except OSError as exc:
        return f"git not available ({exc})"
    if res.returncode != 0:
        return (f"commit {COLD_BASELINE} not available (no git history here?): "
                f"{res.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(res.stdout)) as tar:
        tar.extractall(dest, filter="data")
    return None


def _child(tree: Path, cache: Path, code: str, args: list[str]) -> tuple[float, str, str]:
    """Run ``code`` in a fresh interpreter importing zonemax from ``tree`` with numba's cache in
    ``cache``; returns (wall seconds of the process, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=str(tree), NUMBA_CACHE_DIR=str(cache))
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, cwd=tree, check=False)
    wall = time.perf_counter() - t0
    if res.returncode != 0:
        raise RuntimeError(f"child in {tree} failed:\n{res.stdout}\n{res.stderr}")
    return wall, res.stdout, res.stderr


def _imported_from(tree: Path, where: str) -> None:
    if not Path(where).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the child imported zonemax from {where}, not from {tree}")


def cold_start_table(quick: bool, jobs: int, rounds: int) -> None:
    """Table 0: cold start of the grid and of one ``zonemax run``, old and new side by side."""
    cases = grid_cases(quick)
    grid_arg = json.dumps([cases, jobs, GRID_RUNS])
    print(f"\nTable 0: cold start, {COLD_BASELINE} (before the engine split) and this tree side "
          f"by side, {rounds} round(s) alternating old/new; every cold process has an empty "
          f"numba cache; warm = a second process on that cache")
    with tempfile.TemporaryDirectory(prefix="zonemax-cold-") as tmp:
        trees = {"new": ROOT}
        why = baseline_tree(Path(tmp) / "old")
        if why is None:
            trees = {"old": Path(tmp) / "old", "new": ROOT}
        else:
            print(f"  {COLD_BASELINE} column skipped: {why}")
        grid: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in trees}
        single: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in trees}
        notices: dict[str, list[bool]] = {k: [] for k in trees}
        for i in range(rounds):
            for label, tree in trees.items():
                cache = Path(tmp) / f"cache-grid-{label}-{i}"
                for state in ("cold", "warm"):  # the warm process reuses the cold one's cache
                    _, out, _ = _child(tree, cache, _GRID_CHILD, [grid_arg])
                    result = json.loads(out.splitlines()[-1])
                    _imported_from(tree, result["file"])
                    grid[label][state].append(result["seconds"])
                cache = Path(tmp) / f"cache-run-{label}-{i}"
                for state in ("cold", "warm"):
                    wall, _, err = _child(tree, cache, _CLI_CHILD, list(COLD_RUN_ARGS))
                    _imported_from(tree, err.rsplit("zonemax imported from ", 1)[1].strip())
                    single[label][state].append(wall)
                    if state == "cold":
                        notices[label].append("compiling" in err)
                print(f"  round {i + 1} {label:>3}: grid cold {grid[label]['cold'][-1]:6.2f} s, "
                      f"warm {grid[label]['warm'][-1]:5.2f} s; zonemax run cold "
                      f"{single[label]['cold'][-1]:6.2f} s, warm {single[label]['warm'][-1]:5.2f} s",
                      flush=True)
    print(f"  means over {rounds} round(s) (grid: {len(cases)} instances x {GRID_RUNS} runs, "
          f"jobs={jobs}, seconds from import to end; zonemax {' '.join(COLD_RUN_ARGS)}: "
          f"process wall time)")
    print(f"  {'':<30} {'old ' + COLD_BASELINE:>12} {'new':>8} {'new/old':>8}")
    rows = [("Section 6 grid, cold cache", grid, "cold"), ("Section 6 grid, warm cache", grid, "warm"),
            ("zonemax run ea-pm1, cold", single, "cold"), ("zonemax run ea-pm1, warm", single, "warm")]
    for name, table, state in rows:
        new = float(np.mean(table["new"][state]))
        if "old" in table:
            old = float(np.mean(table["old"][state]))
            print(f"  {name:<30} {old:10.2f} s {new:6.2f} s {new / old:8.2f}")
        else:
            print(f"  {name:<30} {'-':>12} {new:6.2f} s {'-':>8}")
    print(f"  compiling notice of the cold zonemax run (new): "
          f"{'printed' if all(notices['new']) else 'MISSING'} in every round")


def grid(quick: bool, jobs: int) -> None:
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_many

    cases = grid_cases(quick)
    per_alg: dict[str, list[float]] = {}
    evaluations = 0
    t_all = time.perf_counter()
    for algorithm, n, r, kw in cases:
        t0 = time.perf_counter()
        batch = run_many(AlgorithmSpec(algorithm, tuple([r] * n), **kw), runs=GRID_RUNS, seed=r + n, budget=None,
                         jobs=jobs)
        dt = time.perf_counter() - t0
        assert batch.solved.all()
        evaluations += int(batch.evaluations.sum())
        per_alg.setdefault(algorithm, [0.0, 0.0])
        per_alg[algorithm][0] += dt
        per_alg[algorithm][1] += float(batch.evaluations.sum())
    wall = time.perf_counter() - t_all
    print(f"\nTable 2: Section 6 grid ({len(cases)} instances x {GRID_RUNS} runs, jobs={jobs})")
    for algorithm, (dt, ev) in per_alg.items():
        print(f"  {algorithm:<9} {dt:8.2f} s  {ev:10.3e} evaluations")
    print(f"  total     {wall:8.2f} s  {evaluations:10.3e} evaluations (incl. JIT/cache load)")


#: Table 4: r values and runs per r (the large r take seconds per run).
COST_R = (10**4, 10**6, 10**8, 10**10, 10**12)
COST_RUNS = {10**4: 10, 10**6: 5, 10**8: 3, 10**10: 3, 10**12: 2}
#: ``--cost-far``: Table 4 goes on to these r with one run each (the end game grows like
#: sqrt r: about 30 s, 80 s and 4 min per run on one core, measured 2026-11-27).
COST_FAR_R = (10**13, 10**14, 10**15)
COST_N = 100


def cost_table(quick: bool, far: bool = False) -> None:
    """Table 4: wall time per run of the ±1 EA against r, fits, per-iteration comparison;
    ``far``: also r in :data:`COST_FAR_R`, one run each (not in the fits)."""
    from zonemax.engine._ea_pm1 import DEFAULT_RULE, NO_BLOCKS, BlockRule, ea_pm1_run
    from zonemax.engine._pm1_patterns import new_cache
    from zonemax.engine._state import NO_BUDGET

    rs = COST_R[:3] if quick else COST_R
    cache = new_cache(COST_N + 1)

    def per_run(r: int, runs: int, rule: BlockRule) -> tuple[float, float]:
        dist0 = np.full(COST_N, r, np.int64)
        seeds = np.random.SeedSequence(r).spawn(runs)
        t0 = time.perf_counter()
        evaluations = sum(ea_pm1_run(np.random.default_rng(s), dist0, NO_BUDGET, rule,
                                     cache)[0] for s in seeds)
        wall = (time.perf_counter() - t0) / runs
        return wall, evaluations / runs

    per_run(100, 1, DEFAULT_RULE)  # JIT / cache load
    print(f"\nTable 4: ±1 EA, n = {COST_N}, a = (r, ..., r): wall time per run (1 core)")
    print(f"{'r':>8} {'runs':>5} {'s/run':>10} {'evaluations':>12} {'ev/s':>10} "
          f"{'local slope':>12}")
    walls = []
    for i, r in enumerate(rs):
        runs = 2 if quick else COST_RUNS[r]
        wall, ev = per_run(r, runs, DEFAULT_RULE)
        walls.append(wall)
        local = "-" if i == 0 else \
            f"{np.log(wall / walls[i - 1]) / np.log(r / rs[i - 1]):.2f}"
        print(f"{r:>8.0e} {runs:>5} {wall:>10.4f} {ev:>12.3e} {ev / wall:>10.3g} {local:>12}")
    if far:
        for r in COST_FAR_R:
            wall, ev = per_run(r, 1, DEFAULT_RULE)
            local = f"{np.log(wall / walls[-1]) / np.log(r / rs[-1]):.2f}"
            print(f"{r:>8.0e} {1:>5} {wall:>10.4f} {ev:>12.3e} {ev / wall:>10.3g} {local:>12}",
                  flush=True)
            walls.append(wall)
            rs = (*rs, r)
        walls, rs = walls[:len(walls) - len(COST_FAR_R)], rs[:len(rs) - len(COST_FAR_R)]
    x = np.log10(np.array(rs, float))
    y = np.array(walls)
    slope, _ = np.polyfit(x, np.log10(y), 1)
    beta, alpha = np.polyfit(x, y, 1)
    worst = float(np.max(np.abs((alpha + beta * x) - y) / y))
    print(f"  log-log fit: time ~ r^{slope:.3f} (linear cost would be r^1)")
    print(f"  log fit: time ~ {alpha:.3g} s + {beta:.3g} s * log10(r); largest relative "
          f"residual {worst:.0%}")
    if len(rs) >= 4:  # a run's two parts: blocks (log r) and the end game (sqrt r)
        design = np.column_stack([np.ones_like(x), x, np.sqrt(np.array(rs, float))])
        coef = np.linalg.lstsq(design / y[:, None], np.ones_like(y), rcond=None)[0]
        worst2 = float(np.max(np.abs(design @ coef - y) / y))
        print(f"  log + sqrt fit (relative least squares): time ~ {coef[0]:.3g} s + "
              f"{coef[1]:.3g} s * log10(r) + {coef[2]:.3g} s * sqrt(r); largest relative "
              f"residual {worst2:.0%}")
    runs = 2 if quick else 3
    wall_it, ev_it = per_run(10**4, runs, BlockRule(NO_BLOCKS, NO_BUDGET, 0))
    print(f"  per-iteration engine (no blocks) at r = 1e4: {wall_it:.4f} s/run "
          f"({ev_it / wall_it:.3g} ev/s); blocks: {walls[0]:.4f} s/run, "
          f"{wall_it / walls[0]:.1f}x faster")


#: Table 5: r values; operators (label, algorithm, AlgorithmSpec keywords of r) and runs per r.
RLS_COST_R = (10**4, 10**6, 10**9, 10**12, 10**15)
RLS_COST_OPERATORS = (("±1", "rls-pm1", lambda r: {}),
                      ("geom mean 1", "rls-geom", lambda r: {"geom_mean": 1}),
                      ("geom mean sqrt r", "rls-geom", lambda r: {"geom_mean": math.isqrt(r)}),
                      ("geom mean r", "rls-geom", lambda r: {"geom_mean": r}))
RLS_COST_RUNS = 200


def rls_cost_table(quick: bool) -> None:
    """Table 5: plain RLS position by position (zonemax.engine._rls_positions): wall time per
    run against r, n = 100, and the per-iteration kernel at r = 10^4 for comparison."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import simulate, simulate_per_iteration

    rs = RLS_COST_R[:2] if quick else RLS_COST_R
    runs = 20 if quick else RLS_COST_RUNS
    print(f"\nTable 5: plain RLS, n = {COST_N}, a = (r, ..., r), position by position: wall "
          f"time per run (1 core, {runs} runs per cell)")
    print(f"{'operator':<17} " + " ".join(f"{r:>10.0e}" for r in rs)
          + f" {'per-iteration at 1e4':>22}")
    for label, algorithm, kw in RLS_COST_OPERATORS:
        cells = []
        for r in rs:
            spec = AlgorithmSpec(algorithm, (r,) * COST_N, **kw(r))
            simulate(spec, np.random.SeedSequence(0), 1, None)  # JIT / cache load, tables
            t0 = time.perf_counter()
            simulate(spec, np.random.SeedSequence(r), runs, None)
            cells.append((time.perf_counter() - t0) / runs)
        spec = AlgorithmSpec(algorithm, (10**4,) * COST_N, **kw(10**4))
        simulate_per_iteration(spec, np.random.SeedSequence(0), 1, None)
        t0 = time.perf_counter()
        slow_runs = 3 if quick else 10
        simulate_per_iteration(spec, np.random.SeedSequence(1), slow_runs, None)
        per_it = (time.perf_counter() - t0) / slow_runs
        print(f"{label:<17} " + " ".join(f"{c:>10.2e}" for c in cells)
              + f" {per_it:>12.2e} ({per_it / cells[0]:.0f}x)")


#: Table 3 instances (algorithm, n, r): iterations grow ~100x from row to row at fixed n.
ALLOC_ROWS = [("ea-pm1", 100, 10**3), ("ea-pm1", 100, 10**5), ("ea-pm1", 1000, 10**3),
              ("ea-heavy", 100, 10**6), ("rls-ab", 100, 10**6)]


def allocation_table() -> None:
    """Table 3 (run in a subprocess with NUMBA_NRT_STATS=1): numba heap allocations per run."""
    from numba.core.runtime import rtsys
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_many

    print("\nTable 3: numba runtime (NRT) heap allocations per run (all freed again)")
    print(f"{'algorithm':<9} {'n':>5} {'r':>8} {'evaluations':>12} {'allocations':>12}")
    params: dict[str, dict[str, float]] = {"ea-heavy": {"eps": GRID_EPS},
                                           "rls-ab": {"alpha": GRID_ALPHA, "beta": GRID_BETA}}
    for algorithm, n, r in ALLOC_ROWS:
        kw = params.get(algorithm, {})
        run_many(AlgorithmSpec(algorithm, tuple([3] * n), **kw), runs=1, seed=0, budget=None)  # JIT
        before = rtsys.get_allocation_stats()
        batch = run_many(AlgorithmSpec(algorithm, tuple([r] * n), **kw), runs=1, seed=1, budget=None)
        after = rtsys.get_allocation_stats()
        assert after.alloc - before.alloc == after.free - before.free
        print(f"{algorithm:<9} {n:>5} {r:>8.0e} {int(batch.evaluations[0]):>12.3e} "
              f"{after.alloc - before.alloc:>12}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller smoke run")
    parser.add_argument("--keep-cache", action="store_true",
                        help="do not clear the numba cache before the grid")
    parser.add_argument("--jobs", type=int, default=2, help="threads for the grid (default 2)")
    parser.add_argument("--no-cold-start", action="store_true",
                        help=f"skip Table 0 (cold start side by side with {COLD_BASELINE})")
    parser.add_argument("--cold-start-only", action="store_true", help="only Table 0")
    parser.add_argument("--cold-rounds", type=int, default=COLD_ROUNDS,
                        help=f"rounds of Table 0 (default {COLD_ROUNDS})")
    parser.add_argument("--allocations-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rls-cost-only", action="store_true", help="only Table 5")
    parser.add_argument("--cost-only", action="store_true", help="only Table 4")
    parser.add_argument("--cost-far", action="store_true",
                        help="Table 4 also at r = 1e13, 1e14, 1e15, one run each (~6 min)")
    args = parser.parse_args()
    if args.allocations_only:  # the child process of Table 3
        allocation_table()
        return 0
    if args.rls_cost_only:
        rls_cost_table(args.quick)
        return 0
    if args.cost_only:
        cost_table(args.quick, args.cost_far)
        return 0
    print(f"machine: {machine()}")
    print(f"python {platform.python_version()}, numpy {np.__version__}", end="")
    import numba

    print(f", numba {numba.__version__}")
    if not args.no_cold_start:
        cold_start_table(args.quick, args.jobs, args.cold_rounds)
        if args.cold_start_only:
            return 0
    if not args.keep_cache:
        print(f"numba cache cleared ({clear_numba_cache()} files): timings include compilation")
    t0 = time.perf_counter()
    import zonemax.engine  # noqa: F401

    grid(args.quick, args.jobs)
    print(f"  (process time since cache clear: {time.perf_counter() - t0:.2f} s)")
    speed_table(args.quick)
    cost_table(args.quick, args.cost_far)
    rls_cost_table(args.quick)
    sys.stdout.flush()
    # NRT statistics must be switched on before numba starts: a child process
    subprocess.run([sys.executable, __file__, "--allocations-only"], check=True,
                   env=dict(os.environ, NUMBA_NRT_STATS="1"))
    shutil.rmtree(ROOT / "benchmarks" / "__pycache__", ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
