"""Runs to a verdict of the sequential conformance check, per profile and per true law.

For each profile and each law of its catalogue (the paper's algorithm, every variant and known
bug with a law of its own), ``--replicates`` implementations that run exactly that law are
simulated by draws from the exact law of ``min(T, budget)`` on each target (an enclosure: its
lower bounds, renormalised, as ``zonemax.conformance.planted.law_sampler``), and judged by the
check's own code: the stopping rule ``zonemax.conformance.api.run_sequentially`` and the verdict
``zonemax.conformance.api.sequential_result``.  Only the implementation is replaced.

Per true law it prints: the median and 99th percentile of the runs per target at which the
check stopped, today's cap (the fixed size of the check before it was sequential), the ratio
cap / median, the verdicts, the fraction of checks that rejected the paper's algorithm (the
power against a variant or bug; the false-alarm rate for the algorithm itself) with a one-sided
95% Clopper-Pearson lower bound, and how often the true law was named most likely.

    python benchmarks/conformance_sequential.py --replicates 200 --seed 20261128
    python benchmarks/conformance_sequential.py --algorithm ea-pm1 --replicates 50 --stem tmp

Writes ``reproduction/conformance/<stem>.csv`` and ``<stem>.md`` (default stem ``sequential``);
with ``--update`` the rows of the profiles measured replace theirs in the existing files, and
the other profiles' rows (and the commands that measured them) are kept.
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import platform
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.stats import beta

from zonemax.conformance.api import (
    _law,
    distinct_laws,
    run_sequentially,
    same_laws,
    sequential_result,
)
from zonemax.conformance.profiles import PROFILES, Profile
from zonemax.conformance.result import CONFORMS, DOES_NOT_CONFORM, INCONCLUSIVE, root_law

OUT = Path(__file__).resolve().parent.parent / "reproduction" / "conformance"
FIELDS = ("algorithm", "true_law", "kind", "replicates", "median_runs", "p99_runs", "cap",
          "cap_over_median", "conforms", "inconclusive", "does_not_conform",
          "rejects_algorithm", "lower95", "named_most_likely", "seconds")


def _lower95(k: int, n: int) -> float:
    """One-sided 95% Clopper-Pearson lower bound of a proportion ``k / n``."""
    return 0.0 if k == 0 else float(beta.ppf(0.05, k, n - k + 1))


def _pmfs(profile: Profile, law: str) -> list[np.ndarray]:
    out = []
    for inst in profile.instances:
        pmf = np.array([float(p) for p in
                        _law(profile.algorithm, law, inst.a, inst.budget).truncated_pmf()])
        out.append(pmf / pmf.sum())
    return out


class _LawSource:
    """Draws of ``min(T, budget)`` from exact laws, one stream per target, extended on demand
    (the results do not depend on the chunks: the draws are made in order)."""

    def __init__(self, profile: Profile, pmfs: list[np.ndarray], rng: np.random.Generator
                 ) -> None:
        self.profile, self.pmfs, self.rng = profile, pmfs, rng
        self.draws: list[np.ndarray] = [np.zeros(0, dtype=int) for _ in pmfs]
        self.made = [0] * len(pmfs)
        self.samples: dict[tuple[int, ...], Counter[int]] = {
            inst.a: Counter() for inst in profile.instances}

    def extend(self, k: int, upto: int) -> None:
        if len(self.draws[k]) < upto:
            more = self.rng.choice(len(self.pmfs[k]), p=self.pmfs[k],
                                   size=max(upto, 2 * self.made[k] + 1000) - len(self.draws[k]))
            self.draws[k] = np.concatenate([self.draws[k], more])
        block = self.draws[k][self.made[k]:upto]
        self.samples[self.profile.instances[k].a].update(Counter(block.tolist()))
        self.made[k] = upto


def simulate(profile: Profile, law: str, replicates: int, seed: int
             ) -> list[tuple[int, str, bool, str | None]]:
    """``(runs per target at the stop, verdict, paper rejected, most likely)`` per replicate."""
    pmfs = _pmfs(profile, law)
    out = []
    for child in np.random.SeedSequence(seed).spawn(replicates):
        source = _LawSource(profile, pmfs, np.random.default_rng(child))
        size, looks = run_sequentially(profile, profile.runs, source.extend, source.samples)
        result = sequential_result(profile, source.samples, 0, size, looks, profile.runs)
        paper = result.verdict(profile.paper_variant)
        out.append((size, result.status, not paper.consistent, result.most_likely))
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True, cwd=OUT).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--algorithm", action="append", choices=sorted(PROFILES),
                        help="a profile (repeatable; default: all)")
    parser.add_argument("--replicates", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--stem", default="sequential")
    parser.add_argument("--law", action="append",
                        help="measure only this true law (repeatable; default: every law)")
    parser.add_argument("--update", action="store_true",
                        help="replace only the measured rows in the existing files")
    args = parser.parse_args(argv)
    if args.replicates < 1:
        parser.error("--replicates must be >= 1")
    args.commit = _commit()  # the code measured: the commit when the run starts
    rows = []
    for name in args.algorithm or list(PROFILES):
        profile = PROFILES[name]
        same = same_laws(profile)
        for i, law in enumerate(distinct_laws(profile)):
            if args.law and law not in args.law:
                continue
            started = time.perf_counter()
            got = simulate(profile, law, args.replicates, args.seed + 1000 * i)
            seconds = time.perf_counter() - started
            sizes = np.array([g[0] for g in got])
            verdicts = Counter(g[1] for g in got)
            rejects = sum(g[2] for g in got)
            named = sum(g[3] is not None and root_law(g[3], same) == law for g in got)
            median = float(np.median(sizes))
            row = {
                "algorithm": name, "true_law": law,
                "kind": "bug" if law in profile.bugs else (
                    "algorithm" if law == profile.paper_variant else "variant"),
                "replicates": len(got), "median_runs": median,
                "p99_runs": float(np.quantile(sizes, 0.99, method="higher")),
                "cap": profile.runs, "cap_over_median": profile.runs / median,
                "conforms": verdicts[CONFORMS], "inconclusive": verdicts[INCONCLUSIVE],
                "does_not_conform": verdicts[DOES_NOT_CONFORM],
                "rejects_algorithm": rejects / len(got),
                "lower95": _lower95(rejects, len(got)), "named_most_likely": named / len(got),
                "seconds": seconds / len(got)}
            rows.append(row)
            print(f"{name:10} {law:52} median {median:8.0f} p99 {row['p99_runs']:8.0f} "
                  f"cap/median {row['cap_over_median']:5.1f} rejects {row['rejects_algorithm']:.3f}"
                  f" {dict(verdicts)}", flush=True)
    _write(rows, args)
    return 0


def _write(rows: list[dict[str, object]], args: argparse.Namespace) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    command = "python benchmarks/conformance_sequential.py " + " ".join(sys.argv[1:])
    measured = (f"`{command.strip()}` at commit {args.commit}, {time.strftime('%Y-%m-%d')}, "
                f"Python {platform.python_version()}, numpy {np.__version__}, load average at "
                f"the end {load:.1f}")
    commands = [measured]
    if args.update and (OUT / f"{args.stem}.csv").exists():
        done = {(r["algorithm"], r["true_law"]) for r in rows}
        with open(OUT / f"{args.stem}.csv", newline="") as fh:
            kept = [dict(r) for r in csv.DictReader(fh)
                    if (r["algorithm"], r["true_law"]) not in done]
        for r in kept:
            for key in ("replicates", "cap", "conforms", "inconclusive", "does_not_conform"):
                r[key] = int(r[key])
            for key in ("median_runs", "p99_runs", "cap_over_median", "rejects_algorithm",
                        "lower95", "named_most_likely", "seconds"):
                r[key] = float(r[key])
        order = list(PROFILES)
        laws = {name: distinct_laws(PROFILES[name]) for name in order}

        def place(r: dict[str, object]) -> tuple[int, int]:
            name = str(r["algorithm"])
            law = str(r["true_law"])
            return order.index(name), (laws[name].index(law) if law in laws[name] else -1)

        rows = sorted([*kept, *rows], key=place)
        old = (OUT / f"{args.stem}.md").read_text().splitlines()
        commands = [line[2:] for line in old if line.startswith("* `python")] + commands
    with open(OUT / f"{args.stem}.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    lines = [
        "# Conformance: runs to a verdict of the sequential check", "",
        "Measured by (each row comes from the last command that measured it; the first "
        "measured every profile):", "",
        *[f"* {c}" for c in commands], "",
        "Per profile and true law: implementations that run exactly that law, simulated by "
        "draws from its exact law, judged by the check's own stopping rule and verdict "
        "(`benchmarks/conformance_sequential.py`).  *median*, *p99*: runs per target at which "
        "the check stopped (at most the cap); *cap*: the check's most runs per target, which "
        "is the fixed size it used before it was sequential; *cap/median*: the saving in the "
        "median.  *rejects algorithm*: the fraction of checks that rejected the paper's "
        "algorithm (the power against a variant or bug; for the algorithm itself the "
        "false-alarm rate, at most 1e-3), with its one-sided 95% Clopper-Pearson lower bound; "
        "*named*: how often the true law was the most likely one named.", "",
        "| algorithm | true law | kind | replicates | median | p99 | cap | cap/median | "
        "conforms | inconclusive | does not conform | rejects algorithm | 95% lower bound | "
        "named | s/check |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(
            f"| {r['algorithm']} | {str(r['true_law']).replace('|', chr(92) + '|')} | "
            f"{r['kind']} | {r['replicates']} | "
            f"{r['median_runs']:.0f} | {r['p99_runs']:.0f} | {r['cap']} | "
            f"{r['cap_over_median']:.1f} | {r['conforms']} | {r['inconclusive']} | "
            f"{r['does_not_conform']} | {r['rejects_algorithm']:.3f} | {r['lower95']:.3f} | "
            f"{r['named_most_likely']:.2f} | {r['seconds']:.2f} |")
    (OUT / f"{args.stem}.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
