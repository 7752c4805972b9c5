"""Exact laws of the heavy-tailed (1+1) EA at n = 10: the rigorous float step-law solver.

Run ``python benchmarks/exact_scale_steps.py`` (about three minutes of CPU on an idle machine,
most of it the interval baseline at a = 3^5).  Each case runs in a fresh process, so its peak
memory (the process's maximum resident set, interpreter and compiled kernels included) is its
own; the compiled kernels are loaded by a warm-up solve before the clock starts.

* ``float``: :func:`zonemax.exact.ea_steps_float.ea_steps_float_result` (binary64, level by
  level, a-posteriori bound including the step law's enclosure);
* ``interval``: the interval-arithmetic solver :func:`zonemax.exact.ea_heavy_exact` (50 digits),
  the baseline, measured in the same run on the sizes where it finishes in about a minute
  (its cost grows like the ``(2 log2(2f) + 1)^n`` outcome combinations per state).

Printed per case: lumped states, CPU and wall seconds, peak memory, ``E[T]`` and ``Var[T]`` with
the relative widths of their enclosures (``error_bound / E[T]``, half-widths), and the CPU ratio
``interval/float``.  The target cases are ``a = (3,)^10`` (``|a|_1 = 30``, 20,545 lumped states)
with ``eps = 1`` and the paper's ``eps = 1/1000`` (Section 6), log base 2, untruncated and
truncated to ``r = 3`` (``'condition'``, the reference's default ``r = |a|_inf``).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

#: ``(label, a, spec keywords, run the interval baseline)``.
CASES: list[tuple[str, tuple[int, ...], dict[str, Any], bool]] = [
    ("4^3 eps=1", (4, 4, 4), {"eps": 1}, True),
    ("3^4 eps=1", (3,) * 4, {"eps": 1}, True),
    ("3^5 eps=1", (3,) * 5, {"eps": 1}, True),
    ("3^10 eps=1", (3,) * 10, {"eps": 1}, False),
    ("3^10 eps=1/1000", (3,) * 10, {"eps": Fraction(1, 1000)}, False),
    ("3^10 eps=1 condition r=3", (3,) * 10, {"eps": 1, "truncate": "condition", "r": 3}, False),
    ("3^10 eps=1/1000 condition r=3", (3,) * 10,
     {"eps": Fraction(1, 1000), "truncate": "condition", "r": 3}, False),
]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def one(index: int, kind: str) -> dict[str, Any]:
    """Run case ``index`` with solver ``kind`` in this process."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.exact import exact_expectation
    from zonemax.exact.ea_steps_float import ea_steps_float_result

    label, a, kw, _ = CASES[index]
    spec = AlgorithmSpec("ea-heavy", a, **kw)
    if kind == "float":
        ea_steps_float_result(AlgorithmSpec("ea-heavy", (2, 1), eps=1))  # load the kernels
    cpu0, wall0 = _cpu(), time.perf_counter()
    if kind == "float":
        res = ea_steps_float_result(spec, with_variance=True)
    else:
        res = exact_expectation(spec, with_variance=True, max_states=10**6)
    cpu, wall = _cpu() - cpu0, time.perf_counter() - wall0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    assert res.variance is not None
    return {
        "label": label, "kind": kind, "states": res.states, "cpu": cpu, "wall": wall,
        "rss_mb": rss, "expectation": float(res.expectation),
        "width": float(res.error_bound / res.expectation),
        "variance": float(res.variance),
        "var_width": (None if res.variance_error is None
                      else float(res.variance_error / res.variance)),
        "lower": float(res.lower), "upper": float(res.upper),
    }


def child(index: int, kind: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, __file__, "--one", str(index), kind],
                          capture_output=True, text=True, check=True)
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def main() -> None:
    print(f"{'case':<31} {'solver':<8} {'states':>7} {'CPU s':>7} {'wall s':>7} {'peak MB':>8} "
          f"{'E[T]':>16} {'rel.hw':>8} {'Var[T]':>14} {'rel.hw':>8} {'int/flt':>8}")
    for index, (label, _, _, baseline) in enumerate(CASES):
        rows = [child(index, "float")]
        if baseline:
            rows.append(child(index, "interval"))
        for row in rows:
            ratio = ""
            if row["kind"] == "interval":
                ratio = f"{row['cpu'] / max(rows[0]['cpu'], 1e-9):8.1f}"
                overlap = rows[0]["lower"] <= row["upper"] and row["lower"] <= rows[0]["upper"]
                assert overlap, f"{label}: the enclosures do not overlap"
            vw = "-" if row["var_width"] is None else f"{row['var_width']:8.1e}"
            print(f"{label:<31} {row['kind']:<8} {row['states']:>7} {row['cpu']:>7.2f} "
                  f"{row['wall']:>7.2f} {row['rss_mb']:>8.0f} {row['expectation']:>16.9f} "
                  f"{row['width']:>8.1e} {row['variance']:>14.6f} {vw:>8} {ratio:>8}",
                  flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--one":
        print(json.dumps(one(int(sys.argv[2]), sys.argv[3])))
    else:
        main()
