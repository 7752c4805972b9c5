"""Engine evaluations per second for Table 1's paper rows, for whichever zonemax is importable.

Used to compare two commits in one session (benchmarks/README.md, "Before and after the engine
split"): install each commit non-editable into its own directory
(``pip install --no-deps --target DIR <checkout>``) and run, alternately,
``PYTHONPATH=DIR python benchmarks/engine_rates.py LABEL``.  Each row: one JIT warm-up run,
then 10 runs with ``jobs=1``; prints ``LABEL`` and the five rates.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction

from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import run_many

#: Table 1's paper rows (benchmarks/run.py): algorithm, n, r, parameters; the heavy-tailed row
#: uses eps = 1/2 (Table 1: 1/1000), so that most iterations reach the kernel's accepted path.
ROWS: tuple[tuple[str, int, int, dict[str, Fraction]], ...] = (
    ("ea-pm1", 100, 10**4, {}), ("ea-pm1", 20, 10**3, {}),
    ("ea-heavy", 100, 10**6, {"eps": Fraction(1, 2)}), ("rls-pm1", 100, 10**4, {}),
    ("rls-ab", 100, 10**6, {"alpha": Fraction(2), "beta": Fraction(1, 2)}))


def main(label: str) -> None:
    rates = []
    for algorithm, n, r, kw in ROWS:
        run_many(AlgorithmSpec(algorithm, tuple([3] * n), **kw), runs=1, seed=0, budget=None)
        t0 = time.perf_counter()
        batch = run_many(AlgorithmSpec(algorithm, tuple([r] * n), **kw), runs=10, seed=1,
                         budget=None, jobs=1)
        rates.append(f"{batch.evaluations.sum() / (time.perf_counter() - t0):.4g}")
    print(label, *rates)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "installed")
