"""Does the paper's CMA-ESwM failure come from the original code?  Run both and compare.

Section 6.1 of arXiv:2307.11855 reports that CMA-ESwM fails (stops at its minimum-eigenvalue
criterion without the optimum) for n >= 40 on the all-r target in {0..r}^n, and says it used the
CMA-ESwM authors' code (https://github.com/EvoConJP/CMA-ES_with_Margin, MIT licence).  zonemax's
``cma-wm`` runs ``cmaes.CMAwM`` instead and has never seen such a failure.  This script runs the
authors' code **from a checkout whose path you give** (nothing of it is part of zonemax) next to
zonemax's ``cma-wm`` on the same instances and prints failure rates and evaluation counts.

Usage::

    git clone https://github.com/EvoConJP/CMA-ES_with_Margin /tmp/CMA-ES_with_Margin
    pip install -e ".[original-cmaeswm]"   # pandas: the original imports it (model.py)
    python benchmarks/cmaeswm_original.py --original /tmp/CMA-ES_with_Margin \\
        --n 40,60,100 --r 10,100,1000 --runs 30 --jobs 2 --json results.json

Set-up of the original (its ``sample_script.py``, integer variant, adapted to Section 6.1):

* all ``n`` variables integer, ``discrete_space = np.tile(np.arange(0, r + 1), (n, 1))``
  (the sample script's commented integer line, with the range {0..r} of Section 6);
* objective ``f(x) = |x - (r, ..., r)|_1`` on the encoded (integer) point, written here on the
  original's ``ObjectiveFunction`` base class; success when ``f <= 1e-10`` (the base class's
  default ``target_eval``), i.e. ``f = 0``;
* ``lam = CMAParam.pop_size(n)``, ``CMAWeightWithNegativeWeights``, ``margin = 1/(n lam)``,
  ``initial_setting_for_gaussian`` (mean uniform in [1, 3]^n, sigma = 1), ``restart=-1``
  (no restart), ``minimal_eigenval=1e-30`` (Section 6.1's criterion), and the sample script's
  budget ``max_evals = n * 1e4``.

A run of the original ends as the original's ``BaseOptimizer.run`` ends it: optimum found,
budget reached, or ``GaussianSigmaACA.terminate_condition`` (``sigma^2 min eig(C) < 1e-30``, or
an inf/NaN in m, C or sigma).  zonemax's ``cma-wm`` runs with the same budget ``n * 1e4``.

Counting: the original counts whole generations (``eval_count`` grows by ``lam``); this script
also records, like zonemax, the index of the first optimal evaluation inside its generation, and
compares that.  Seeds: the original draws from numpy's legacy global state (``np.random.randn``
/ ``rand``), so each run of the original seeds it with ``np.random.seed`` from
``SeedSequence(seed, spawn_key=(0, n, r, k))`` inside its own worker; zonemax's runs use
``SeedSequence(seed, spawn_key=(1, n, r, k))``.  Failure rates get exact Clopper-Pearson 95%
intervals and a two-sided Fisher exact test; evaluation counts of successful runs a two-sided
Mann-Whitney U test.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path

#: Section 6.1: "minimum eigenvalue of the covariance matrix ... is less than 10^{-30}".
MIN_EIGENVALUE = 1e-30
#: ``sample_script.py``: ``max_evals = dim * 1e4``.
BUDGET_PER_N = 10_000
#: Master seed of this comparison (any fixed value; printed with the results).
DEFAULT_SEED = 20230721


@dataclass(frozen=True)
class RunOutcome:
    implementation: str  # "original" or "zonemax"
    n: int
    r: int
    run: int
    solved: bool
    reason: str  # optimum | budget | min-eigenvalue | nan-inf
    evaluations: int  # up to and including the first optimal point (zonemax's convention)
    generation_evaluations: int  # the original's eval_count (whole generations); = above for zonemax
    wall_seconds: float


def _seed_sequence(seed: int, impl: int, n: int, r: int, run: int):  # type: ignore[no-untyped-def]
    import numpy as np

    return np.random.SeedSequence(seed, spawn_key=(impl, n, r, run))


def run_original(checkout: str, n: int, r: int, run: int, seed: int) -> RunOutcome:
    """One run of the authors' CMA-ESwM (see the module docstring for the set-up)."""
    import numpy as np

    if checkout not in sys.path:
        sys.path.insert(0, checkout)
    import cma.objective_function.mixed as f_mixed  # the original's modules, from the checkout
    import cma.optimizer.cmaeswm as cma
    import cma.util.sampler as sampler
    import cma.util.weight as weight
    from cma.objective_function.base import ObjectiveFunction

    class AllR(ObjectiveFunction):  # type: ignore[misc]
        """f(x) = |x - (r,...,r)|_1 on the encoded integer point; records the first optimum."""

        minimization_problem = True

        def __init__(self) -> None:
            super().__init__(target_eval=1e-10, max_eval=n * BUDGET_PER_N)
            self.d, self.bid, self.ind = n, 0, n
            self.first_optimum: int | None = None

        def __call__(self, X: np.ndarray) -> np.ndarray:
            evals = np.abs(np.asarray(X, dtype=float) - r).sum(axis=1)
            hits = np.flatnonzero(evals == 0)
            if self.first_optimum is None and hits.size:
                self.first_optimum = self.eval_count + int(hits[0]) + 1
            self.eval_count += len(X)
            self._update_best_eval(evals)
            return evals

    state = _seed_sequence(seed, 0, n, r, run).generate_state(1)[0]
    # the original samples from numpy's legacy global state, so that state is what we seed
    np.random.seed(int(state))  # noqa: NPY002
    start = time.perf_counter()
    f = AllR()
    discrete_space = np.tile(np.arange(0, r + 1, 1), (n, 1))
    lam = cma.CMAParam.pop_size(n)
    w_func = weight.CMAWeightWithNegativeWeights(lam, n, min_problem=f.minimization_problem)
    margin = 1 / (n * lam)
    init_m, init_sigma = f_mixed.initial_setting_for_gaussian(f)
    samp = sampler.Sampler(f, lam)
    opt = cma.CMAESwM(n, discrete_space, w_func, samp, lam=lam, m=init_m, sigma=init_sigma,
                      margin=margin, restart=-1, minimal_eigenval=MIN_EIGENVALUE)
    eval_count, _, success = opt.run(samp, logger=None, verbose=False)
    wall = time.perf_counter() - start
    model = opt.model
    if success:
        reason = "optimum"
    elif f.eval_count >= f.max_eval:
        reason = "budget"
    elif not (np.isfinite(model.m).all() and np.isfinite(model.C).all()
              and np.isfinite(model.sigma)):
        reason = "nan-inf"
    else:
        reason = "min-eigenvalue"
    first = f.first_optimum if success and f.first_optimum is not None else int(eval_count)
    return RunOutcome("original", n, r, run, bool(success), reason, int(first), int(eval_count),
                      wall)


def run_zonemax(n: int, r: int, run: int, seed: int) -> RunOutcome:
    """One run of zonemax's ``cma-wm`` (``cmaes.CMAwM``) with the same budget."""
    from zonemax.reference.cma_wm import cma_wm

    start = time.perf_counter()
    res = cma_wm(n, r, rng=_seed_sequence(seed, 1, n, r, run), budget=n * BUDGET_PER_N)
    return RunOutcome("zonemax", n, r, run, res.solved, res.reason, res.evaluations,
                      res.evaluations, time.perf_counter() - start)


def _task(args: tuple[str, str, int, int, int, int]) -> RunOutcome:
    impl, checkout, n, r, run, seed = args
    if impl == "original":
        return run_original(checkout, n, r, run, seed)
    return run_zonemax(n, r, run, seed)


def _init_worker() -> None:
    import warnings

    # cmaes 0.13.1 may warn from a float->int cast (see README); it does not stop a run.
    warnings.simplefilter("ignore", RuntimeWarning)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def _clopper_pearson(k: int, m: int) -> tuple[float, float]:
    from scipy.stats import beta

    lo = 0.0 if k == 0 else float(beta.ppf(0.025, k, m - k + 1))
    hi = 1.0 if k == m else float(beta.ppf(0.975, k + 1, m - k))
    return lo, hi


def summarise(outcomes: Sequence[RunOutcome]) -> list[dict[str, object]]:
    """One row per (n, r): failures and evaluations of both implementations, with tests."""
    from scipy.stats import fisher_exact, mannwhitneyu

    rows = []
    for n, r in sorted({(o.n, o.r) for o in outcomes}):
        row: dict[str, object] = {"n": n, "r": r}
        samples = {}
        for impl in ("original", "zonemax"):
            sel = [o for o in outcomes if (o.implementation, o.n, o.r) == (impl, n, r)]
            fails = [o for o in sel if not o.solved]
            ok = sorted(o.evaluations / n for o in sel if o.solved)
            samples[impl] = (len(sel), len(fails), ok)
            reasons: dict[str, int] = {}
            for o in fails:
                reasons[o.reason] = reasons.get(o.reason, 0) + 1
            lo, hi = _clopper_pearson(len(fails), len(sel)) if sel else (math.nan, math.nan)
            row[impl] = {
                "runs": len(sel), "failures": len(fails), "ci95": [lo, hi], "reasons": reasons,
                "median_evals_per_n": ok[(len(ok) - 1) // 2] if ok else None,
                "mean_evals_per_n": sum(ok) / len(ok) if ok else None,
                "max_evals_per_n": ok[-1] if ok else None,
                "wall_seconds": sum(o.wall_seconds for o in sel),
            }
        (m1, k1, ok1), (m2, k2, ok2) = samples["original"], samples["zonemax"]
        row["fisher_p"] = (float(fisher_exact([[k1, m1 - k1], [k2, m2 - k2]])[1])
                           if m1 and m2 else None)
        row["mannwhitney_p"] = (float(mannwhitneyu(ok1, ok2, alternative="two-sided").pvalue)
                                if len(ok1) >= 2 and len(ok2) >= 2 else None)
        rows.append(row)
    return rows


def markdown(rows: Sequence[dict[str, object]]) -> str:
    def fmt(x: object, spec: str = ".1f") -> str:
        return "–" if x is None else format(x, spec)

    out = ["| n | r | original: failed/runs (95% CI) | reasons | zonemax cma-wm: failed/runs "
           "(95% CI) | Fisher p | median evals/n of successes: original / zonemax | "
           "max evals/n: original / zonemax | Mann-Whitney p |",
           "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        o, z = row["original"], row["zonemax"]
        assert isinstance(o, dict) and isinstance(z, dict)
        out.append(
            f"| {row['n']} | {row['r']} | {o['failures']}/{o['runs']} "
            f"[{o['ci95'][0]:.3f}, {o['ci95'][1]:.3f}] | "
            + (", ".join(f"{k}: {v}" for k, v in o["reasons"].items()) or "–")
            + f" | {z['failures']}/{z['runs']} [{z['ci95'][0]:.3f}, {z['ci95'][1]:.3f}] | "
            f"{fmt(row['fisher_p'], '.3g')} | {fmt(o['median_evals_per_n'])} / "
            f"{fmt(z['median_evals_per_n'])} | {fmt(o['max_evals_per_n'])} / "
            f"{fmt(z['max_evals_per_n'])} | {fmt(row['mannwhitney_p'], '.3g')} |")
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--original", required=True, metavar="DIR",
                        help="path of a checkout of EvoConJP/CMA-ES_with_Margin")
    parser.add_argument("--n", default="40,60,100", help="values of n (default 40,60,100)")
    parser.add_argument("--r", default="10,100,1000", help="values of r (default 10,100,1000)")
    parser.add_argument("--runs", type=int, default=30, help="runs per (n, r) and code")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=("original", "zonemax"),
                        help="run only one implementation")
    parser.add_argument("--json", metavar="FILE", help="write every run and the table as JSON")
    args = parser.parse_args(argv)
    checkout = str(Path(args.original).resolve())
    if not (Path(checkout) / "cma" / "optimizer" / "cmaeswm.py").is_file():
        parser.error(f"{checkout} is not a checkout of CMA-ES_with_Margin "
                     "(cma/optimizer/cmaeswm.py is missing)")
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")  # one run per core (workers inherit this)
    impls = (args.only,) if args.only else ("original", "zonemax")
    tasks = [(impl, checkout, n, r, k, args.seed) for n in _ints(args.n) for r in _ints(args.r)
             for k in range(args.runs) for impl in impls]
    tasks.sort(key=lambda t: -t[2] * math.log10(t[3] + 1))  # expensive first
    start = time.perf_counter()
    outcomes: list[RunOutcome] = []
    import multiprocessing

    with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_init_worker) as pool:
        pending: set[Future[RunOutcome]] = {pool.submit(_task, t) for t in tasks}
        last = start
        while pending:
            done, pending = wait(pending, timeout=30, return_when=FIRST_COMPLETED)
            outcomes.extend(f.result() for f in done)
            now = time.perf_counter()
            if now - last >= 30 or not pending:
                print(f"[{now - start:7.0f} s] {len(outcomes)}/{len(tasks)} runs", file=sys.stderr,
                      flush=True)
                last = now
    wall = time.perf_counter() - start
    rows = summarise(outcomes)
    print(markdown(rows))
    print(f"{len(outcomes)} runs in {wall:.0f} s wall with {args.jobs} workers; seed {args.seed}; "
          f"budget {BUDGET_PER_N}·n evaluations per run")
    if args.json:
        import cmaes
        import numpy
        import scipy
        meta = {"seed": args.seed, "runs": args.runs, "jobs": args.jobs, "wall_seconds": wall,
                "budget_per_n": BUDGET_PER_N, "python": sys.version.split()[0],
                "numpy": numpy.__version__, "scipy": scipy.__version__,
                "cmaes": cmaes.__version__, "platform": platform.platform()}
        Path(args.json).write_text(json.dumps(
            {"meta": meta, "table": rows, "runs": [asdict(o) for o in outcomes]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
