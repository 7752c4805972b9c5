"""How long the fast engine's kernels run between two returns to Python (issue 23, item 6).

Run from the project root:  ``python benchmarks/steps.py [NAME ...]``.

Every kernel returns to Python after at most ``zonemax.engine.api.CHUNK`` passes of its loop
(:mod:`zonemax.engine._state`, "Steps"); a Ctrl-C, SIGTERM or a progress line waits for the
current step.  For each case below (the slowest passes: many positions, the ±1 EA's block ends
at large r), one run goes through ``run_seeds`` with a progress callback, and the table shows
the number of steps, the longest and the median step.  The longest step bounds how long a
signal can wait.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from zonemax.reference.spec import AlgorithmSpec  # noqa: E402

from zonemax.engine import run_seeds  # noqa: E402

#: (name, spec, budget): the cases, the slowest pass of each kernel.
CASES = (
    ("ea-pm1 n=100 r=1e12", AlgorithmSpec("ea-pm1", (10**12,) * 100), None),
    ("ea-pm1 n=300 r=1e10", AlgorithmSpec("ea-pm1", (10**10,) * 300), None),
    ("ea-pm1 n=1000 r=1e6", AlgorithmSpec("ea-pm1", (10**6,) * 1000), None),
    ("rls-pm1 n=1 r=1e10", AlgorithmSpec("rls-pm1", (10**10,)), 10**9),
    ("rls-ab alpha=1e100 n=1 r=1e12", AlgorithmSpec("rls-ab", (10**12,), alpha=Fraction(10**100),
                                                   beta=Fraction(1, 10**100)), 10**9),
    ("ea-geom mean 1 n=1000 r=1e6", AlgorithmSpec("ea-geom", (10**6,) * 1000,
                                                  geom_mean=Fraction(1)), 2 * 10**8),
    ("ea-power beta=3 n=1000 r=1e6", AlgorithmSpec("ea-power", (10**6,) * 1000,
                                                   power_exponent=Fraction(3)), 2 * 10**8),
    ("rls-geom mean 1 n=1000 r=1e6", AlgorithmSpec("rls-geom", (10**6,) * 1000,
                                                   geom_mean=Fraction(1)), 2 * 10**8),
    ("ea-heavy n=1000 r=1e9", AlgorithmSpec("ea-heavy", (10**9,) * 1000,
                                            eps=Fraction(1, 1000)), None),
)


def main() -> int:
    only = sys.argv[1:]
    print(f"{'case':32s} {'run (s)':>8s} {'steps':>7s} {'longest step (s)':>17s} "
          f"{'median step (ms)':>17s}")
    for name, spec, budget in CASES:
        if only and not any(o in name for o in only):
            continue
        run_seeds(spec, np.random.SeedSequence(0).spawn(1), budget=1)  # load the kernel
        marks = [time.perf_counter()]
        run_seeds(spec, np.random.SeedSequence(1).spawn(1), budget=budget,
                  progress=lambda i, t, f, marks=marks: marks.append(time.perf_counter()))
        marks.append(time.perf_counter())
        gaps = np.diff(marks)
        print(f"{name:32s} {marks[-1] - marks[0]:8.2f} {len(gaps):7d} {gaps.max():17.3f} "
              f"{np.median(gaps) * 1e3:17.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
