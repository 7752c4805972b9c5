"""Speed of the fast engine against the reference and a naive numpy loop, plus the Section 6 grid.

Run from the project root:  ``python benchmarks/run.py``  (``--quick`` for a smoke run).

Table 1: evaluations per second (every iteration counts, including skipped ones) for the fast
engine, the reference (time-boxed with ``budget``) and a naive numpy (1+1) EA loop (time-boxed
by a fixed number of iterations), all measured in this run; ratios are engine / baseline.
Table 2: wall time of the whole Section 6 grid with ``jobs=2``, including JIT compilation when
the numba cache is cleared first (``--clear-cache``, the default) or loaded from it.
Table 3: numba heap allocations per run (``NUMBA_NRT_STATS=1``, in a child process), against
the number of evaluations: allocation is per run and per phase, never per iteration.
Table 4: the ±1 EA's cost against r (n = 100, r = 10^4 ... 10^12, one core): mean wall time per
run, the fitted growth (log-log slope; a fit linear in log r; log r plus sqrt r), and the
per-iteration engine (no
blocks) at r = 10^4 for comparison.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
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
    from zonemax.reference import HeavyTailed, one_plus_one_ea, rls, rls_ab
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


def grid(quick: bool, jobs: int) -> None:
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_many

    cases: list[tuple[str, int, int, dict[str, float]]] = []
    for n in GRID_N:
        cases += [("ea-pm1", n, r, {}) for r in GRID_PM1_R if not (quick and r > 10**4)]
        cases += [("ea-heavy", n, r, {"eps": GRID_EPS}) for r in GRID_POW_R]
        cases += [("rls-ab", n, r, {"alpha": GRID_ALPHA, "beta": GRID_BETA}) for r in GRID_POW_R]
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
COST_N = 100


def cost_table(quick: bool) -> None:
    """Table 4: wall time per run of the ±1 EA against r, fits, per-iteration comparison."""
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
    parser.add_argument("--allocations-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.allocations_only:  # the child process of Table 3
        allocation_table()
        return 0
    print(f"machine: {machine()}")
    print(f"python {platform.python_version()}, numpy {np.__version__}", end="")
    import numba

    print(f", numba {numba.__version__}")
    if not args.keep_cache:
        print(f"numba cache cleared ({clear_numba_cache()} files): timings include compilation")
    t0 = time.perf_counter()
    import zonemax.engine  # noqa: F401

    grid(args.quick, args.jobs)
    print(f"  (process time since cache clear: {time.perf_counter() - t0:.2f} s)")
    speed_table(args.quick)
    cost_table(args.quick)
    sys.stdout.flush()
    # NRT statistics must be switched on before numba starts: a child process
    subprocess.run([sys.executable, __file__, "--allocations-only"], check=True,
                   env=dict(os.environ, NUMBA_NRT_STATS="1"))
    shutil.rmtree(ROOT / "benchmarks" / "__pycache__", ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
