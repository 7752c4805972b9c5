"""A cheap slice of the committed runs-to-verdict and power table, re-measured (marker:
conformance).

benchmarks/conformance_sequential.py simulates, per profile and per law of its catalogue
(the paper's algorithm, every variant and known bug with a law of its own), implementations that
run exactly that law (draws from the exact law), judged by the check's own stopping rule and
verdict; the committed table (reproduction/conformance/sequential.md) reports that the paper's
algorithm is rejected under every other law in every replicate.  Here 20 replicates per law:
with power >= 0.99, 18 or more rejections out of 20 happen with probability > 0.998; a correct
implementation is rejected with probability <= 1e-3 per check, so more than one false rejection
out of 20 has probability < 2e-4.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "conformance_sequential.py"


@pytest.mark.conformance
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("algorithm", ["ea-pm1", "rls-pm1", "rls-ab", "rls-geom", "ea-geom",
                                       "ea-heavy", "ea-power"])
def test_power_slice(algorithm: str) -> None:
    spec = importlib.util.spec_from_file_location("conformance_sequential", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from zonemax.conformance.api import distinct_laws
    from zonemax.conformance.profiles import PROFILES

    profile = PROFILES[algorithm]
    for i, law in enumerate(distinct_laws(profile)):
        got = module.simulate(profile, law, 20, 777 + i)
        rejected = sum(g[2] for g in got)
        if law == profile.paper_variant:
            assert rejected <= 1, (law, got)
            assert sum(g[1] == "conforms" for g in got) >= 18, (law, got)
        else:
            assert rejected >= 18, (law, got)
            assert not any(g[1] == "conforms" for g in got), (law, got)
        assert all(g[0] <= profile.runs for g in got)
