"""A cheap slice of the committed power table, re-measured (marker: conformance).

benchmarks/conformance_power.py measures, at each profile's default size, how often the
paper's algorithm is rejected when the run times follow a variant's exact law; the committed
tables (reproduction/conformance/power.md, power-enclosed.md) report >= 0.99 for every variant
with a law of its own.  Here 20 replicates per variant: with power >= 0.99, 18 or more
rejections out of 20 happen with probability > 0.998.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "conformance_power.py"


@pytest.mark.conformance
@pytest.mark.timeout(900)
@pytest.mark.parametrize("algorithm", ["ea-pm1", "rls-pm1", "rls-ab", "rls-geom", "ea-geom",
                                       "ea-heavy", "ea-power"])
def test_power_slice(algorithm: str) -> None:
    spec = importlib.util.spec_from_file_location("conformance_power", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = module.law_sampled(algorithm, 20, 777)
    for row in rows:
        assert row["own_variant_consistent"] >= 18, row
        paper = ("algorithm-1", "algorithm-2")
        if row["variant"] in paper or row["same_law_as"] in paper:
            assert row["algorithm_rejected"] <= 1, row  # false rejections (rate <= 1e-3)
        else:
            assert row["algorithm_rejected"] >= 18, row
