"""Power and error rate of ``zonemax.conformance`` at the default size, and its overhead.

Two measurements, both at each profile's pre-registered size (runs per instance, level):

A. **Law-sampled power** (``--replicates M``): ``M`` samples of ``min(T, budget)`` drawn from
   each variant's exact law (numpy, float probabilities; their rounding, below 1e-15, is far
   below what M replicates can see) are judged exactly as ``check`` judges a real sample. For
   the paper's algorithm this measures the false-rejection rate (bounded by 1e-3); for each
   other variant, the power (the algorithm rejected) and whether the variant's own law is among
   those consistent.
B. **Planted implementations** (``--checks K``): ``K`` full ``check`` calls of each small
   implementation in :mod:`zonemax.conformance.planted` (the algorithm with two draw patterns,
   and each variant planted), with the time spent inside the implementation and the rest (the
   harness: seeding, calls, exact laws, tests) measured separately, on one core.

Writes ``STEM.csv`` and ``STEM.md`` (``--stem``, default ``power``) into ``--out`` (default
reproduction/conformance/), keeping the rows of the profiles not measured in this run; each row
says the command that measured it.  The committed tables were written per group of profiles
(their headers list the commands): on a loaded core, 100 law-sampled replicates take 1 to
2.5 minutes per step-law EA profile, and one planted check of every variant takes 4 to 6 minutes
(ea-geom, ea-heavy) and 16 minutes (ea-power); the ±1 and RLS profiles take seconds each.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import platform
import subprocess
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np

from zonemax.conformance import PROFILES, check
from zonemax.conformance.api import _design, _law, judge, same_laws
from zonemax.conformance.laws import run_time_law
from zonemax.conformance.planted import ea_pm1, geom_run, heavy_run, power_run, rls_ab, rls_pm1
from zonemax.conformance.profiles import FAMILY_LEVEL
from zonemax.conformance.statistics import critical_bernstein

ROOT = Path(__file__).resolve().parent.parent


def clopper_pearson_lower(successes: int, trials: int, confidence: float = 0.95) -> float:
    """One-sided lower confidence bound of a binomial proportion (exact, by bisection)."""
    if successes == 0:
        return 0.0
    tail = 1 - confidence
    lo, hi = 0.0, successes / trials
    for _ in range(60):
        mid = (lo + hi) / 2
        # P(X >= successes | p = mid)
        p_tail = 1 - sum(math.comb(trials, k) * mid**k * (1 - mid) ** (trials - k)
                         for k in range(successes))
        lo, hi = (mid, hi) if p_tail < tail else (lo, mid)
    return lo


def predicted_power(algorithm: str, variant: str) -> float:
    """The power against ``variant`` predicted from the exact laws: per target, the strongest
    of the Bernstein tests of the paper's algorithm (mean, spread, log-likelihood ratios), with
    the sample mean of its score under ``variant``'s law taken as normal; the targets'
    samples are independent.  An approximation (the normal law of the mean), not a bound; the
    simulated columns are the measurement."""
    profile = PROFILES[algorithm]
    same = same_laws(profile)
    alternatives = tuple(v for v in profile.variants
                         if same[v] is None and v != profile.paper_variant)
    level = FAMILY_LEVEL / ((3 + len(alternatives)) * len(profile.instances))
    n = profile.runs
    miss = 1.0
    for inst in profile.instances:
        alt = _law(algorithm, variant, inst.a, inst.budget).truncated_pmf()
        best = 0.0
        for _name, score, (mu_lo, mu_hi, var, bound) in _design(
                algorithm, inst.a, inst.budget, profile.paper_variant, alternatives):
            mean = sum((p * g for p, g in zip(alt, score, strict=True)), Fraction(0))
            spread = sum((p * (g - mean) ** 2 for p, g in zip(alt, score, strict=True)),
                         Fraction(0))
            shift = float(max(mu_lo - mean, mean - mu_hi, Fraction(0)))
            critical = critical_bernstein(n, float(var), float(bound), level)
            if spread == 0:
                best = max(best, 1.0 if shift > critical else 0.0)
                continue
            best = max(best, NormalDist().cdf((shift - critical)
                                              / math.sqrt(float(spread) / n)))
        miss *= 1 - best
    return 1 - miss


def law_sampled(algorithm: str, replicates: int, seed: int) -> list[dict[str, Any]]:
    profile = PROFILES[algorithm]
    same = same_laws(profile)
    rows = []
    for k, variant in enumerate(profile.variants):
        rng = np.random.default_rng(np.random.SeedSequence([seed, k]))
        probs = {}
        for inst in profile.instances:
            law = run_time_law(algorithm, variant, inst.a, inst.budget,
                               profile.param("alpha"), profile.param("beta"),
                               profile.param("geom_q"), profile.param("eps"),
                               profile.param("power_exponent"))  # enclosures: lower bounds
            p = np.array([float(x) for x in law.truncated_pmf()])
            probs[inst.a] = p / p.sum()
        rejected_alg = own = 0
        for _ in range(replicates):
            samples = {a: Counter(rng.choice(len(p), size=profile.runs, p=p).tolist())
                       for a, p in probs.items()}
            verdicts = {v.variant: v.consistent for v in judge(profile, samples)}
            rejected_alg += not verdicts[profile.paper_variant]
            own += verdicts[variant]
        rows.append({"algorithm": algorithm, "variant": variant, "source": "exact law",
                     "same_law_as": same[variant] or "", "trials": replicates,
                     "algorithm_rejected": rejected_alg, "own_variant_consistent": own,
                     "predicted_power": predicted_power(algorithm, variant)})
    return rows


def planted_rows(algorithm: str, checks: int, seed: int) -> list[dict[str, Any]]:
    profile = PROFILES[algorithm]
    makers: list[tuple[str, Any]] = []
    if algorithm == "ea-pm1":
        makers.append(("algorithm-1 (binomial draws)", ea_pm1("algorithm-1", "binomial")))
        makers += [(v, ea_pm1(v)) for v in profile.variants]
    elif algorithm == "rls-pm1":
        makers += [(v, rls_pm1(v)) for v in profile.variants]
    elif algorithm in ("ea-geom", "rls-geom"):
        makers += [(v, geom_run(algorithm, v)) for v in profile.variants]
    elif algorithm in ("ea-heavy", "rls-heavy"):
        makers += [(v, heavy_run(algorithm, v)) for v in profile.variants]
    elif algorithm in ("ea-power", "rls-power"):
        makers += [(v, power_run(algorithm, v)) for v in profile.variants]
    else:
        makers += [(v, rls_ab(v)) for v in profile.variants]
    same = same_laws(profile)
    rows = []
    for j, (name, function) in enumerate(makers):
        inside = [0.0]

        def timed(a: tuple[int, ...], *, rng: np.random.Generator, budget: int,
                  _f: Any = function, _inside: list[float] = inside, **params: Any) -> object:
            start = time.perf_counter()
            try:
                return _f(a, rng=rng, budget=budget, **params)
            finally:
                _inside[0] += time.perf_counter() - start

        variant = name.split(" ")[0]  # the variant an implementation plants
        rejected_alg = own = 0
        total = 0.0
        for i in range(checks):
            start = time.perf_counter()
            result = check(algorithm, run=timed, seed=seed + 1000 * j + i)
            total += time.perf_counter() - start
            rejected_alg += result.paper_variant not in result.consistent_variants
            own += variant in result.consistent_variants
        rows.append({"algorithm": algorithm, "variant": name, "source": "planted implementation",
                     "same_law_as": same.get(variant) or "", "trials": checks,
                     "algorithm_rejected": rejected_alg, "own_variant_consistent": own,
                     "seconds_per_check": total / checks,
                     "seconds_in_implementation": inside[0] / checks})
    return rows


def _measured_by(args: argparse.Namespace) -> str:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                                capture_output=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    only = "".join(f" --algorithm {a}" for a in args.algorithm or ())
    return (f"`python benchmarks/conformance_power.py --replicates {args.replicates} "
            f"--checks {args.checks} --seed {args.seed} --stem {args.stem}{only}` at commit "
            f"{commit}, {time.strftime('%Y-%m-%d', time.gmtime())}, Python "
            f"{platform.python_version()}, numpy {np.__version__}, one core, load average at "
            f"the end {os.getloadavg()[0]:.1f}")


FIELDS = ["algorithm", "variant", "source", "same_law_as", "trials", "algorithm_rejected",
          "own_variant_consistent", "predicted_power", "seconds_per_check",
          "seconds_in_implementation", "measured_by"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicates", type=int, default=500)
    parser.add_argument("--checks", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20261127)
    parser.add_argument("--out", type=Path, default=ROOT / "reproduction" / "conformance")
    parser.add_argument("--stem", default="power",
                        help="file name of the table (STEM.csv, STEM.md); rows of profiles not "
                             "measured in this run are kept from an existing STEM.csv")
    parser.add_argument("--algorithm", action="append", choices=sorted(PROFILES),
                        help="only these profiles (repeatable; default all)")
    args = parser.parse_args()
    measured = list(args.algorithm or PROFILES)
    rows: list[dict[str, Any]] = []
    for algorithm in measured:
        start = time.perf_counter()
        rows += law_sampled(algorithm, args.replicates, args.seed)
        print(f"{algorithm}: law-sampled, {time.perf_counter() - start:.0f} s", flush=True)
        if args.checks > 0:
            start = time.perf_counter()
            rows += planted_rows(algorithm, args.checks, args.seed)
            print(f"{algorithm}: planted, {time.perf_counter() - start:.0f} s", flush=True)
    by = _measured_by(args)
    for r in rows:
        r["measured_by"] = by
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{args.stem}.csv"
    if path.exists():  # keep the rows of the profiles not measured now
        with open(path, newline="") as handle:
            kept = [r for r in csv.DictReader(handle) if r["algorithm"] not in measured]
        for r in kept:
            for key in ("trials", "algorithm_rejected", "own_variant_consistent"):
                r[key] = int(r[key])
            for key in ("seconds_per_check", "seconds_in_implementation", "predicted_power"):
                if r.get(key):
                    r[key] = float(r[key])
                else:
                    r.pop(key, None)
            if r["source"] == "exact law" and "predicted_power" not in r:
                r["predicted_power"] = predicted_power(r["algorithm"], r["variant"])
        order = list(PROFILES)
        rows = sorted(kept + rows, key=lambda r: order.index(r["algorithm"]))
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    commands = list(dict.fromkeys(r["measured_by"] for r in rows))
    lines = [
        "# Conformance: power, error rate and overhead at the default size",
        "",
        "Measured by " + (commands[0] if len(commands) == 1 else "(per profile, see "
                          f"`{args.stem}.csv`):"),
        *([""] + [f"* {c}" for c in commands] if len(commands) > 1 else []),
        "",
        "Other jobs shared the 2 cores: they inflate the timing columns.",
        "",
        "Per profile: runs per instance and instances are the pre-registered defaults "
        "(`zonemax.conformance.PROFILES`); family-wise level 1e-3.  *rejects algorithm*: the "
        "fraction of checks in which the paper's algorithm was rejected (the power for a "
        "variant; the false-rejection rate for the algorithm itself, bounded by 1e-3); "
        "*own consistent*: the variant's own law was among those consistent.  The lower bound "
        "is one-sided 95% Clopper-Pearson.  *predicted*: the power computed from the exact "
        "laws (per target the strongest Bernstein test, its sample mean taken as normal; an "
        "approximation, not a bound).  A variant with the same law as another cannot be "
        "told apart from it by any test of run times.",
        "",
        "| algorithm | implementation | source | same law as | trials | rejects algorithm "
        "| 95% lower bound | predicted | own consistent | s/check | s in implementation |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        frac = r["algorithm_rejected"] / r["trials"]
        lower = clopper_pearson_lower(r["algorithm_rejected"], r["trials"])
        secs = f"{r['seconds_per_check']:.2f}" if r.get("seconds_per_check") else ""
        inside = (f"{r['seconds_in_implementation']:.2f}"
                  if r.get("seconds_in_implementation") else "")
        predicted = (f"{r['predicted_power']:.4f}" if r.get("predicted_power") is not None
                     else "")
        lines.append(f"| {r['algorithm']} | {r['variant']} | {r['source']} | "
                     f"{r['same_law_as'] or '-'} | {r['trials']} | {frac:.3f} | {lower:.3f} | "
                     f"{predicted} | {r['own_variant_consistent']}/{r['trials']} | {secs} | "
                     f"{inside} |")
    (args.out / f"{args.stem}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
