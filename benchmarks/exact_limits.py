"""Time the exact solvers at the size limits documented in :mod:`zonemax.exact`.

Run ``python benchmarks/exact_limits.py``; prints one row per instance (states, seconds).
"""

from __future__ import annotations

import time

from zonemax.exact import DOCUMENTED_LIMITS, exact_expectation


def main() -> None:
    print(f"{'algorithm':<9} {'target':<18} {'params':<28} {'states':>7} {'seconds':>8}")
    for spec in DOCUMENTED_LIMITS:
        t0 = time.perf_counter()
        res = exact_expectation(spec)
        dt = time.perf_counter() - t0
        params = ", ".join(f"{k}={v}" for k, v in spec.params().items() if k not in ("n", "a"))
        print(f"{spec.algorithm:<9} {spec.a!s:<18} {params:<28} {res.states:>7} {dt:>8.2f}")


if __name__ == "__main__":
    main()
