"""Exact E[T]/(n ln n) of the ±1 EA on a = 1^n beside Theorems 3 and 4's bounds.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 3: Theorem 3
(``E[T] = O(n (|a|_inf + log |a|_H))``, multiplicative drift on ``g = sum_i (omega^{d_i} - 1)``)
and Theorem 4 (``E[T] >= max(n |a|_inf, (n - 1) ln(|a|_H) / 2)``).  For ``a = 1^n`` both are
``Theta(n log n)``; the table shows how far apart the constants are at realistic ``n``.

* ``E[T]``: the rigorous enclosure of :func:`zonemax.exact.ea_pm1_float.ea_pm1_float`
  (relative width below 1e-9; cross-checked against the exact Fraction solver in the tests);
* upper: :func:`zonemax.proofs_check.bounds.pm1_ea_upper` (Theorem 3's drift bound with the
  paper's ``omega = 6/5``, the upper end of an interval enclosure);
* lower: :func:`zonemax.proofs_check.bounds.pm1_ea_lower` (Theorem 4 as printed).

Run ``python reproduction/tightness/generate.py [--n-max N]`` (default 30: about 20 s of CPU;
each further n costs about 1.3 times the previous one: a = 1^38 takes about a minute of CPU,
a = 1^47 about ten minutes wall under load, a = 1^50 25 minutes of CPU and 4.5 GB).  Rows
already in ``tightness.csv`` are kept (so the table can be extended), then ``tightness.png`` is
redrawn.  ``--from-benchmark FILE`` first adds the rows a = 1^n recorded by
``benchmarks/exact_scale.py --json FILE`` (the same solver, run there in a fresh process),
which is how the row n = 50 was made.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
CSV = HERE / "tightness.csv"
PNG = HERE / "tightness.png"
FIELDS = ["n", "states", "E_low", "E_high", "E_over_nlnn", "upper_over_nlnn",
          "lower_over_nlnn", "upper_over_E", "E_over_lower", "seconds", "Var_low", "Var_high"]


def row(n: int) -> dict[str, str]:
    """Solve a = 1^n and describe it."""
    from zonemax.exact.ea_pm1_float import ea_pm1_float

    res = ea_pm1_float((1,) * n)
    return describe(n, res.states, res.expectation_low, res.expectation_high, res.seconds,
                    res.variance_low, res.variance_high)


def describe(n: int, states: int, e_low: float, e_high: float, seconds: float, var_low: float,
             var_high: float) -> dict[str, str]:
    """One row of the table from the solver's enclosures ``[e_low, e_high]`` of E[T] and
    ``[var_low, var_high]`` of Var[T]."""
    from zonemax.proofs_check.bounds import pm1_ea_lower, pm1_ea_upper

    a = (1,) * n
    mid = (e_low + e_high) / 2
    scale = n * math.log(n)
    upper = float(pm1_ea_upper(a))
    lower = float(pm1_ea_lower(a))
    return {"n": str(n), "states": str(states), "E_low": repr(e_low), "E_high": repr(e_high),
            "E_over_nlnn": f"{mid / scale:.10f}",
            "upper_over_nlnn": f"{upper / scale:.6f}", "lower_over_nlnn": f"{lower / scale:.6f}",
            "upper_over_E": f"{upper / mid:.4f}",
            "E_over_lower": f"{mid / lower:.4f}", "seconds": f"{seconds:.2f}",
            "Var_low": repr(var_low), "Var_high": repr(var_high)}


def from_benchmark(path: Path) -> dict[int, dict[str, str]]:
    """Rows for the cases a = 1^n recorded by ``benchmarks/exact_scale.py --json`` (the same
    solver, run there in a fresh process; its seconds are the benchmark's wall time)."""
    import json

    rows = {}
    with path.open() as fh:
        for line in fh:
            rec = json.loads(line)
            if rec.get("kind") == "float" and str(rec["a"]).startswith("(1,)^"):
                n = int(str(rec["a"]).split("^")[1])
                rows[n] = describe(n, int(rec["states"]), float(rec["E_low"]),
                                   float(rec["E_high"]), float(rec["seconds"]),
                                   float(rec["Var_low"]), float(rec["Var_high"]))
    return rows


def load() -> dict[int, dict[str, str]]:
    if not CSV.exists():
        return {}
    with CSV.open(newline="") as fh:
        return {int(r["n"]): r for r in csv.DictReader(fh)}


def save(rows: dict[int, dict[str, str]]) -> None:
    with CSV.open("w", newline="") as fh:
        out = csv.DictWriter(fh, fieldnames=FIELDS, restval="")  # older rows: no Var
        out.writeheader()
        for n in sorted(rows):
            out.writerow(rows[n])


def plot(rows: dict[int, dict[str, str]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = sorted(rows)
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    ax.plot(ns, [float(rows[n]["upper_over_nlnn"]) for n in ns], "v-", ms=3,
            label="Theorem 3 upper bound (omega = 6/5)")
    ax.plot(ns, [float(rows[n]["E_over_nlnn"]) for n in ns], "o-", ms=3,
            label="exact E[T] (rigorous enclosure)")
    ax.plot(ns, [float(rows[n]["lower_over_nlnn"]) for n in ns], "^-", ms=3,
            label="Theorem 4 lower bound")
    ax.set_yscale("log")
    ax.set_xlabel("n  (target a = 1^n)")
    ax.set_ylabel("E[T] / (n ln n)")
    ax.set_title("(1+1) EA with the ±1 operator: exact E[T] and the paper's bounds")
    ax.legend(fontsize=8, loc="center right")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(PNG, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-max", type=int, default=30, help="largest n (default 30)")
    parser.add_argument("--from-benchmark", type=Path, metavar="JSONL",
                        help="first add the rows a = 1^n found in this output of "
                        "benchmarks/exact_scale.py --json (not already in the table)")
    args = parser.parse_args()
    rows = load()
    if args.from_benchmark:
        for n, r in from_benchmark(args.from_benchmark).items():
            rows.setdefault(n, r)
        save(rows)
    for n in range(2, args.n_max + 1):
        if n not in rows:
            rows[n] = row(n)
            save(rows)
            sys.stdout.write(",".join(rows[n][k] for k in FIELDS) + "\n")
            sys.stdout.flush()
    plot(rows)


if __name__ == "__main__":
    main()
