"""Time the exact solvers at the size limits documented in ``reference/exact.py``.

Run ``python benchmarks/exact_limits.py``; prints one row per instance (states, seconds).
"""

from __future__ import annotations

import time
from fractions import Fraction

from reference.exact import exact_expectation

HALF = Fraction(1, 2)
#: The documented limits (reference/exact.py module docstring).
INSTANCES: list[tuple[str, tuple[int, ...], dict[str, object]]] = [
    ("ea-pm1", (50, 50), {}),
    ("ea-pm1", (10, 10, 10), {}),
    ("ea-pm1", (5, 5, 5, 5), {}),
    ("ea-pm1", (3, 3, 3, 3, 3), {}),
    ("rls-pm1", (9, 9, 9, 9, 9), {}),
    ("rls-ab", (100,), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (20, 20), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (6, 6, 6), {"alpha": 2, "beta": HALF}),
    ("rls-ab", (20,), {"alpha": Fraction(17, 10), "beta": Fraction(9, 10)}),
    ("rls-ab", (5, 5), {"alpha": Fraction(17, 10), "beta": Fraction(9, 10)}),
    ("ea-heavy", (1000,), {"eps": 1}),
    ("ea-heavy", (27, 27), {"eps": 1}),
    ("ea-heavy", (6, 5, 5), {"eps": 1}),
]


def main() -> None:
    print(f"{'algorithm':<9} {'target':<18} {'params':<28} {'states':>7} {'seconds':>8}")
    for algorithm, a, kw in INSTANCES:
        t0 = time.perf_counter()
        res = exact_expectation(algorithm, a, **kw)  # type: ignore[arg-type]
        dt = time.perf_counter() - t0
        params = ", ".join(f"{k}={v}" for k, v in kw.items())
        print(f"{algorithm:<9} {a!s:<18} {params:<28} {res.states:>7} {dt:>8.2f}")


if __name__ == "__main__":
    main()
