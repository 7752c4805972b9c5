"""Power of the exact cases of the statistical families with and without the law test.

Each exact case of :mod:`zonemax.stats_tests.suite` tests one sample two ways: the z-test of the
mean against ``E[T]`` and the Kolmogorov-Smirnov test against the whole law of ``T``
(:mod:`zonemax.stats_tests.gof`).  This script measures, at the CI sample size (2,000 runs a
case for the reference, 20,000 for the fast engine), how often the exact cases of a family
reject an implementation under three pre-registered designs, each with Holm at the family's
level ``FAMILY_ALPHA``:

* ``mean``: the z-tests only (the design before the law test);
* ``law``: the law tests only;
* ``both``: both tests of every case in one Holm set (the design of the suite).

Each replicate draws fresh samples (the case's seed with the replicate appended), so the rates
are rejection frequencies over ``--replicates`` independent samples; only the exact cases are
run (a family's other tests are the same under the three designs).  The implementations: the
correct reference (the false-rejection control), the planted bugs of
:data:`zonemax.stats_tests.implementations.PLANTED` whose family has exact cases, and
:func:`zonemax.stats_tests.planted.shared_worker_counter` (the sample mean exactly right, the
law of ``T`` narrower) on the reference and on the fast engine.

Writes ``power.csv`` and ``power.md`` into ``--out`` (default ``reproduction/stats_gof/``).
``python benchmarks/gof_power.py --replicates 10`` takes about 10 minutes on one core.
"""

from __future__ import annotations

import argparse
import csv
import math
import platform
import time
from pathlib import Path

from zonemax.reference import one_plus_one_ea, run
from zonemax.stats_tests import planted
from zonemax.stats_tests.implementations import (
    PLANTED,
    REFERENCE,
    Implementation,
    simulator_from_run,
)
from zonemax.stats_tests.machinery import TestOutcome
from zonemax.stats_tests.stats import holm_reject
from zonemax.stats_tests.suite import (
    EXACT_RUNS,
    EXACT_SEED,
    FAMILY_ALPHA,
    exact_family_cases,
)

from zonemax.verify import implementation

ROOT = Path(__file__).resolve().parent.parent
#: Appended to every case's seed, so that no replicate reuses the suite's own samples.
REPLICATE_SALT = 7_301


def _subjects() -> list[tuple[str, str, Implementation]]:
    """(label, family, implementation) of every measured implementation."""
    fast = implementation("fast")
    out = [(f"correct reference ({fam})", fam, REFERENCE) for fam in ("pm1", "heavy", "rls_ab",
                                                                      "ops")]
    out.append(("correct fast engine (pm1)", "pm1", fast))
    for fam in ("pm1", "heavy", "rls_ab", "ops"):
        out.append((f"shared worker counter, reference ({fam})", fam,
                    Implementation("worker-counter", planted.shared_worker_counter(
                        REFERENCE.simulate))))
    out.append(("shared worker counter, fast engine (pm1)", "pm1",
                Implementation("worker-counter-fast",
                               planted.shared_worker_counter(fast.simulate), fast=True)))
    # a weaker bias than the catalogue's 0.55: a shift of the mean of about 0.1 standard
    # deviations, where the z-test is the stronger of the two
    out.append(("±1 operator with P(+1) = 0.52 (weaker than the catalogue's)", "pm1",
                Implementation("biased-pm1-0.52", simulator_from_run(
                    lambda spec, g, b: one_plus_one_ea(spec.a, planted.BiasedPlusMinusOne(0.52),
                                                       rng=g, budget=b)
                    if spec.algorithm == "ea-pm1" else run(spec, rng=g, budget=b)))))
    for name, (fam, impl) in PLANTED.items():
        if exact_family_cases(fam, impl.fast):
            out.append((name, fam, impl))
    return out


def measure(family: str, impl: Implementation, replicate: int) -> dict[str, bool]:
    """One replicate: which designs reject."""
    runs = EXACT_RUNS["ci"][1 if impl.fast else 0]
    mean_p: list[float] = []
    law_p: list[float] = []
    for k, case in enumerate(exact_family_cases(family, impl.fast)):
        case.prepare()
        seed = [EXACT_SEED[family] * 100 + k, REPLICATE_SALT, replicate]
        try:
            outcomes = case.run(impl, seed, runs)
        except Exception:  # the implementation raised: every test of the case rejects
            outcomes = tuple(TestOutcome(n, 0.0, math.nan, "raised") for n in case.labels)
        for check, outcome in zip(case.checks, outcomes, strict=True):
            (mean_p if check == "mean" else law_p).append(outcome.p_value)
    return {"mean": any(holm_reject(mean_p, FAMILY_ALPHA)),
            "law": any(holm_reject(law_p, FAMILY_ALPHA)),
            "both": any(holm_reject(mean_p + law_p, FAMILY_ALPHA))}


def write(rows: list[dict[str, object]], args: argparse.Namespace) -> None:
    """``power.csv`` and ``power.md`` (rewritten after every implementation measured)."""
    args.out.mkdir(parents=True, exist_ok=True)
    suffix = ("" if not args.only else "-" + "".join(c if c.isalnum() else "_" for c in args.only)
              ) + ("-reference" if args.no_fast else "")
    with open(args.out / f"power{suffix}.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        "# Power of the exact cases with and without the law test",
        "",
        f"`python benchmarks/gof_power.py --replicates {args.replicates}"
        f"{' --only ' + repr(args.only) if args.only else ''}"
        f"{' --no-fast' if args.no_fast else ''}` on {platform.machine()}, "
        f"Python {platform.python_version()}; Holm at FAMILY_ALPHA = {FAMILY_ALPHA:.3g} over "
        "the family's exact cases only; rejections out of the replicates (independent samples).",
        "",
        "| implementation | family | runs a case | cases | mean only | law only | both |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        n = row["replicates"]
        lines.append(f"| {row['implementation']} | {row['family']} | {row['runs_per_case']} | "
                     f"{row['cases']} | {row['rejected_mean']}/{n} | {row['rejected_law']}/{n} "
                     f"| {row['rejected_both']}/{n} |")
    (args.out / f"power{suffix}.md").write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=10)
    parser.add_argument("--only", default="", help="measure the subjects whose label contains "
                                                   "this text")
    parser.add_argument("--no-fast", action="store_true", help="skip the fast engine")
    parser.add_argument("--out", type=Path, default=ROOT / "reproduction" / "stats_gof")
    args = parser.parse_args()
    if args.replicates < 1:
        parser.error("--replicates must be at least 1")
    rows: list[dict[str, object]] = []
    for label, family, impl in _subjects():
        if args.only not in label or (args.no_fast and impl.fast):
            continue
        t0 = time.perf_counter()
        hits = {"mean": 0, "law": 0, "both": 0}
        for r in range(args.replicates):
            for design, rejected in measure(family, impl, r).items():
                hits[design] += rejected
        seconds = time.perf_counter() - t0
        row = {"implementation": label, "family": family,
               "runs_per_case": EXACT_RUNS["ci"][1 if impl.fast else 0],
               "cases": len(exact_family_cases(family, impl.fast)),
               "replicates": args.replicates,
               **{f"rejected_{d}": hits[d] for d in ("mean", "law", "both")},
               "seconds": round(seconds, 1)}
        rows.append(row)
        print(f"{label:70s} mean {hits['mean']}/{args.replicates}  law {hits['law']}/"
              f"{args.replicates}  both {hits['both']}/{args.replicates}  ({seconds:.0f} s)",
              flush=True)
        write(rows, args)


if __name__ == "__main__":
    main()
