"""Time of a full conformance check of a plain-Python implementation, and the harness's share.

For each run-level profile, ``--repeats`` full checks (sequential, at the default cap) of the
plain-Python implementation in :mod:`zonemax.conformance.planted` (for ea-pm1 both draw
patterns), on one core (the check runs the implementation in one worker thread).  Prints per
check: the runs per target at which it stopped, the wall time, the time spent inside the
implementation, and the rest (seeding, the calls, the exact laws on first use, the tests) with
its ratio to the implementation's time.  The goal: a check of every profile takes at most 60 s
of plain Python on one idle core (before the check was sequential: 40 s to 4 minutes for the
step-law EAs on a loaded core).

``python benchmarks/conformance_overhead.py`` takes well under a minute.  With ``--step-laws``
it also times the (1+1) EA and RLS with the double-geometric, heavy-tailed and power-law
steps.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from zonemax.conformance import check
from zonemax.conformance.planted import ea_pm1, geom_run, heavy_run, power_run, rls_ab, rls_pm1

GOAL_SECONDS = 60.0  # a check of a plain-Python implementation of any profile, one idle core


def measure(algorithm: str, function: Any, repeats: int) -> list[tuple[float, float, int]]:
    out = []
    for i in range(repeats):
        inside = [0.0]

        def timed(a: tuple[int, ...], *, rng: np.random.Generator, budget: int,
                  _inside: list[float] = inside, **params: Any) -> object:
            start = time.perf_counter()
            try:
                return function(a, rng=rng, budget=budget, **params)
            finally:
                _inside[0] += time.perf_counter() - start

        start = time.perf_counter()
        result = check(algorithm, run=timed, seed=100 + i)
        wall = time.perf_counter() - start
        assert result.errored is None, result.errored
        out.append((wall, inside[0], result.runs))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--step-laws", action="store_true",
                        help="also the double-geometric, heavy-tailed and power-law profiles")
    args = parser.parse_args()
    cases = [("ea-pm1", "coin per position", ea_pm1("algorithm-1", "coin")),
             ("ea-pm1", "K ~ Bin(n, 1/n), then K positions", ea_pm1("algorithm-1", "binomial")),
             ("rls-pm1", "plain", rls_pm1()), ("rls-ab", "plain, float velocities", rls_ab())]
    if args.step_laws:
        cases += [(algorithm, "plain", make(algorithm, "algorithm-1"))
                  for make, pair in ((geom_run, ("ea-geom", "rls-geom")),
                                     (heavy_run, ("ea-heavy", "rls-heavy")),
                                     (power_run, ("ea-power", "rls-power")))
                  for algorithm in pair]
    print(f"{'algorithm':<9} {'implementation':<36} {'runs':>6} {'wall s':>7} {'impl s':>7} "
          f"{'rest s':>7} {'rest/impl':>9} goal (wall <= {GOAL_SECONDS:.0f} s)")
    for algorithm, name, function in cases:
        for wall, inside, runs in measure(algorithm, function, args.repeats):
            rest = wall - inside
            print(f"{algorithm:<9} {name:<36} {runs:6d} {wall:7.2f} {inside:7.2f} {rest:7.2f} "
                  f"{rest / inside:9.2f} {'met' if wall <= GOAL_SECONDS else 'NOT met'}")


if __name__ == "__main__":
    main()
