"""Exact laws at realistic sizes: the rigorous floating-point ±1 EA solver against baselines.

Run ``python benchmarks/exact_scale.py`` (about two minutes on an idle machine) or
``python benchmarks/exact_scale.py --large`` to add a = 1^34, 1^38, 1^50 and (2,)^20 (1^50 alone
takes about half an hour of one core and several GB; run it with ``nohup`` and a log), or
``--cases 1^50,2^20`` to run only the named float cases (after the baselines).  Each case runs in
a fresh process, so its peak memory (the process's
maximum resident set, interpreter and compiled kernels included) is its own; the compiled
kernels are loaded by a warm-up solve before the clock starts (loading them takes about 0.7 s).

Baselines measured in the same run, where they finish:

* ``fraction``: the exact ``Fraction`` solver (:func:`zonemax.exact.ea_pm1_exact`);
* ``naive``: a plain per-state float solve written the obvious way in this file -- the lumped
  chain built by enumerating the ``3^n`` outcomes of the ``n`` positions per state, each level
  solved densely with ``numpy.linalg.solve`` (no error bound).

Printed per case: lumped states, wall and CPU seconds, peak memory, ``E[T]`` and ``Var[T]`` with
their relative enclosure widths, and the ratios ``fraction/float`` and ``naive/float`` of the CPU
times (on a shared machine the wall time also counts waiting for a core).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections import Counter
from itertools import product

import numpy as np

#: The cases (target as (value, n)) of the default run and of ``--large``.
FLOAT_CASES = [(1, 5), (1, 8), (1, 10), (1, 12), (1, 20), (1, 30), (5, 8)]
LARGE_CASES = [(1, 34), (1, 38), (1, 50), (2, 20)]
#: Sizes where the baselines are run (they grow fast: the Fraction solver's denominators, the
#: naive solver's 3^n outcomes per state).
FRACTION_CASES = [(1, 5), (1, 8), (1, 12)]
NAIVE_CASES = [(1, 5), (1, 8), (1, 10)]


def naive_solve(a: tuple[int, ...]) -> float:
    """``E[T]`` by the obvious float solve (module docstring)."""
    n = len(a)
    p = 1.0 / n

    def moves(d: tuple[int, ...]) -> dict[tuple[int, ...], float]:
        per = []
        for di in d:
            if di == 0:
                per.append([(0, 1 - p), (1, p)])
            else:
                per.append([(di, 1 - p), (di + 1, p / 2), (di - 1, p / 2)])
        out: dict[tuple[int, ...], float] = {}
        f = sum(d)
        for combo in product(*per):
            if sum(c[0] for c in combo) > f:
                new = d  # rejected (Algorithm 1, line 6): the self-loop
            else:
                new = tuple(sorted((c[0] for c in combo), reverse=True))
            prob = 1.0
            for c in combo:
                prob *= c[1]
            out[new] = out.get(new, 0.0) + prob
        return out

    start = tuple(sorted((abs(x) for x in a), reverse=True))
    seen = {start}
    stack = [start]
    trans: dict[tuple[int, ...], dict[tuple[int, ...], float]] = {}
    while stack:
        s = stack.pop()
        if s[0] == 0:
            continue
        trans[s] = moves(s)
        for t in trans[s]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    value: dict[tuple[int, ...], float] = {s: 0.0 for s in seen if s[0] == 0}
    levels = Counter(sum(s) for s in trans)
    for f in sorted(levels):
        members = [s for s in trans if sum(s) == f]
        index = {s: i for i, s in enumerate(members)}
        m = np.eye(len(members))
        rhs = np.ones(len(members))
        for s in members:
            for t, prob in trans[s].items():
                if t in index:
                    m[index[s], index[t]] -= prob
                else:
                    rhs[index[s]] += prob * value[t]
        for s, x in zip(members, np.linalg.solve(m, rhs), strict=True):
            value[s] = float(x)
    return value[start]


def states_big(a: tuple[int, ...]) -> bool:
    """Whether a solve is long enough for its progress to go to the log (stderr)."""
    from zonemax.exact.ea_pm1_float import ea_pm1_state_count

    return ea_pm1_state_count(a) > 100_000


def _cpu() -> float:
    """CPU seconds of this process so far (user and system): on a loaded machine the wall time
    also counts the time the process waited for a core."""
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def one(kind: str, value: int, n: int) -> dict[str, object]:
    """Solve one case in this process (called in a child) and describe it."""
    a = (value,) * n
    c0 = 0.0
    out: dict[str, object] = {"kind": kind, "a": f"({value},)^{n}"}
    if kind == "float":
        from zonemax.exact.ea_pm1_float import ea_pm1_float

        ea_pm1_float((1, 1))  # load the compiled kernels
        c0 = _cpu()
        t0 = time.perf_counter()
        def tell(stage: str, done: int, total: int) -> None:  # to the log, as it goes
            print(f"  {out['a']} {stage} {done}/{total}  cpu {_cpu() - c0:.0f} s", file=sys.stderr,
                  flush=True)

        res = ea_pm1_float(a, max_states=10**7, progress=tell if states_big(a) else None)
        out.update(seconds=time.perf_counter() - t0, states=res.states, mean=res.expectation,
                   mean_rel_width=res.relative_width, variance=res.variance,
                   var_rel_width=(res.variance_high - res.variance_low) / res.variance_low,
                   E_low=res.expectation_low, E_high=res.expectation_high,
                   Var_low=res.variance_low, Var_high=res.variance_high)
    elif kind == "fraction":
        from zonemax.exact import ea_pm1_exact

        c0 = _cpu()
        t0 = time.perf_counter()
        ex = ea_pm1_exact(a, max_states=10**6)
        out.update(seconds=time.perf_counter() - t0, states=ex.states,
                   mean=float(ex.expectation))
    else:
        c0 = _cpu()
        t0 = time.perf_counter()
        mean = naive_solve(a)
        out.update(seconds=time.perf_counter() - t0, mean=mean)
    out["cpu"] = _cpu() - c0
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def child(kind: str, value: int, n: int) -> dict[str, object]:
    proc = subprocess.run([sys.executable, __file__, "--one", kind, str(value), str(n)],
                          stdout=subprocess.PIPE, text=True, check=True)  # stderr: the log
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--large", action="store_true",
                        help="add a = 1^34, 1^38, 1^50 and (2,)^20 (about an hour)")
    parser.add_argument("--cases", help="only these float cases, e.g. 1^50,2^20 (value^n)")
    parser.add_argument("--json", help="append each float case's full record (the enclosures' "
                        "endpoints included) to this file, one JSON object a line")
    parser.add_argument("--one", nargs=3, metavar=("KIND", "VALUE", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        kind, value, n = args.one
        print(json.dumps(one(kind, int(value), int(n))))
        return
    cases = FLOAT_CASES + (LARGE_CASES if args.large else [])
    if args.cases:
        try:
            cases = [(int(v), int(k)) for v, k in (c.split("^") for c in args.cases.split(","))]
        except ValueError:
            parser.error(f"--cases: expected value^n[,value^n...], got {args.cases!r}")
    base: dict[tuple[str, int, int], float] = {}
    for kind, chosen in (("fraction", FRACTION_CASES), ("naive", NAIVE_CASES)):
        for value, n in chosen:
            row = child(kind, value, n)
            base[(kind, value, n)] = float(row["cpu"])  # type: ignore[arg-type]
            print(f"{kind:<8} a = {row['a']:<8} {row['seconds']:>9.3f} s (cpu "
                  f"{row['cpu']:.3f} s)  peak {row['peak_mb']:>6.0f} MB  E[T] = "
                  f"{row['mean']:.12g}", flush=True)
    print(f"{'a':<9} {'states':>9} {'seconds':>9} {'cpu s':>9} {'peak MB':>8} {'E[T]':>18} "
          f"{'rel.w.':>8} {'Var[T]':>16} {'rel.w.':>8} {'frac/fl':>8} {'naive/fl':>8}", flush=True)
    for value, n in cases:
        row = child("float", value, n)
        sec = float(row["cpu"])  # type: ignore[arg-type]
        ratios = []
        for kind in ("fraction", "naive"):
            t = base.get((kind, value, n))
            ratios.append(f"{t / sec:8.1f}" if t is not None else f"{'-':>8}")
        print(f"{row['a']:<9} {row['states']:>9} {row['seconds']:>9.2f} {sec:>9.2f} "
              f"{row['peak_mb']:>8.0f} "
              f"{row['mean']:>18.12f} {row['mean_rel_width']:>8.1e} {row['variance']:>16.6f} "
              f"{row['var_rel_width']:>8.1e} {ratios[0]} {ratios[1]}", flush=True)
        if args.json:
            with open(args.json, "a") as fh:
                fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
