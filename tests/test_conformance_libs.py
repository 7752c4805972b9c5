"""Third-party (1+1) EAs under zonemax.conformance (marker: conformance_libs; needs the
``conformance-libs`` extra).  The committed reports are reproduction/conformance/<library>.md;
these tests re-derive their verdicts at a smaller size."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from zonemax.conformance import check

LIBRARIES = Path(__file__).resolve().parent.parent / "reproduction" / "conformance" / "libraries.py"


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_libraries", LIBRARIES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.conformance_libs
@pytest.mark.timeout(900)
@pytest.mark.parametrize(("library", "distribution", "iterations", "evaluations"), [
    ("deap", "deap", ("strict-acceptance",), ()),  # the parent wins ties (selBest)
    ("leap", "leap_ec", ("algorithm-1",), ("start-counted",)),  # the offspring wins ties
    ("inspyred", "inspyred", ("algorithm-1",), ("start-counted",)),
])
def test_library_variant(library: str, distribution: str, iterations: tuple[str, ...],
                         evaluations: tuple[str, ...]) -> None:
    pytest.importorskip(distribution)
    make = _module().LIBRARIES[library][1]
    # 5000 runs per target: predicted power >= 0.99 against strict acceptance
    by_iterations = check("ea-pm1", run=make("iterations"), seed=41, runs=5000)
    assert by_iterations.consistent_variants == iterations, by_iterations.report()
    by_evaluations = check("ea-pm1", run=make("evaluations"), seed=42, runs=5000)
    assert by_evaluations.consistent_variants == evaluations, by_evaluations.report()


@pytest.mark.conformance_libs
@pytest.mark.timeout(900)
def test_nevergrad_is_not_the_pm1_ea() -> None:
    pytest.importorskip("nevergrad")
    make = _module().LIBRARIES["nevergrad"][1]
    result = check("ea-pm1", run=make("iterations"), seed=43, runs=1000)
    assert result.errored is None and not result.conforms, result.report()
