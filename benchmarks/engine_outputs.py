"""Fingerprint of the fast engine's outputs for fixed seeds: for before/after comparisons of a
change that must keep every run bit for bit (issue 24's cold-start rounds used it).

Writes every output to the JSON file given as the first argument and prints the number of
outputs and the SHA-256 of the sorted JSON: ``run_many`` of all nine algorithms on three
targets, with and without budget, jobs 1 and 2; the ±1 EA on five more targets with budgets,
chunks 1, 7 and 1000 (many pauses), the per-iteration engine, ``ea_pm1_state_at`` at six
evaluation counts and ``ea_pm1_run``.  Run it on two trees (``PYTHONPATH`` to a ``git archive``
of the old one) each with a fresh ``NUMBA_CACHE_DIR``; equal hashes mean equal outputs.  About
2-3 minutes with a cold cache.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import Batch, run_many, run_seeds, simulate_per_iteration
from zonemax.engine._ea_pm1 import DEFAULT_RULE, ea_pm1_run, ea_pm1_state_at
from zonemax.engine._pm1_patterns import new_cache

#: The nine algorithms and their parameters.
SPECS: dict[str, dict[str, Any]] = {
    "ea-pm1": {}, "ea-heavy": {"eps": 0.001}, "rls-pm1": {}, "rls-heavy": {"eps": 0.001},
    "rls-ab": {"alpha": 2.0, "beta": 0.5}, "ea-geom": {"geom_mean": 10},
    "rls-geom": {"geom_mean": 10}, "ea-power": {"power_exponent": "3/2"},
    "rls-power": {"power_exponent": "3/2"},
}
#: More ±1 EA targets: far blocks, near positions only, huge distances, mixed, zeros.
PM1_TARGETS: list[tuple[int, ...]] = [(10**4,) * 100, (300,) * 100, (10**6,) * 30,
                                      tuple(range(1, 200)), (3, 0, 0, 5) * 30]


def outputs() -> dict[str, Any]:
    """Every output, keyed by what produced it."""
    out: dict[str, Any] = {}

    def rec(key: str, batch: Batch) -> None:
        out[key] = [batch.evaluations.tolist(), batch.solved.tolist()]

    for alg, kw in SPECS.items():
        for a in [(5, 3), (40,) * 10, (1000,) * 20]:
            if alg in ("rls-pm1", "rls-geom") and max(a) > 100:
                a = (200,) * 20  # per-step kernels: smaller distances
            spec = AlgorithmSpec(alg, a, **kw)
            for budget in (None, 5000):
                for jobs in (1, 2):
                    rec(f"{alg} {a[:2]}x{len(a)} b={budget} j={jobs}",
                        run_many(spec, runs=12, seed=7, budget=budget, jobs=jobs))
    for a in PM1_TARGETS:
        spec = AlgorithmSpec("ea-pm1", a)
        for budget in (None, 10**5):
            rec(f"pm1 {a[:3]}x{len(a)} b={budget}",
                run_many(spec, runs=6, seed=11, budget=budget, jobs=2))
        seeds = np.random.SeedSequence(3).spawn(4)
        for chunk in (1, 7, 1000):
            rec(f"pm1 chunk {chunk} {a[:3]}x{len(a)}",
                run_seeds(spec, seeds, budget=None, chunk=chunk))
        if len(a) <= 100 and max(a) <= 10**4:
            ev, so = simulate_per_iteration(spec, np.random.SeedSequence(5), 3, None)
        else:
            ev, so = np.zeros(1), np.zeros(1)
        out[f"per-iter {a[:3]}x{len(a)}"] = [np.asarray(ev).tolist(), np.asarray(so).tolist()]
        d0 = np.array(a, dtype=np.int64)
        for e in (0, 1, 10, 1000, 10**5, 10**7):
            st = ea_pm1_state_at(np.random.default_rng(e + 1), d0, e, DEFAULT_RULE, new_cache(16))
            out[f"state_at {a[:3]}x{len(a)} e={e}"] = st.tolist()
        out[f"run {a[:3]}"] = list(ea_pm1_run(np.random.default_rng(9), d0, 10**9,
                                              DEFAULT_RULE, new_cache(16)))
    return out


def main() -> None:
    out = outputs()
    Path(sys.argv[1]).write_text(json.dumps(out))
    print(len(out), hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest())


if __name__ == "__main__":
    main()
