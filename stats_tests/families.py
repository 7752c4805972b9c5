"""The six families of the suite, ready to run: (theorem, implementation) -> FamilyResult."""

from __future__ import annotations

from collections.abc import Callable

from zonemax.stats_tests.implementations import REFERENCE, Implementation, fast_implementation
from zonemax.stats_tests.suite import FAMILIES, FamilyResult, Level, Progress, run_family
from zonemax.stats_tests.theorems import (
    heavy_tests,
    pm1_ratio_notes,
    pm1_tests,
    rls_experiment_notes,
    rls_tests,
)

#: Theorem-specific tests (bounds, growth) run on the fast engine only: they need volume.
EXTRA = {"pm1": pm1_tests, "heavy": heavy_tests, "rls_ab": rls_tests}
NOTES: dict[str, Callable[[Implementation, Level], list[str]]] = {
    "pm1": pm1_ratio_notes, "rls_ab": rls_experiment_notes,
}


def implementation(name: str) -> Implementation:
    return REFERENCE if name == "reference" else fast_implementation()


def run(family: str, impl_name: str, level: Level = "ci",
        progress: Progress | None = None) -> FamilyResult:
    """Run one registered family (see :data:`zonemax.stats_tests.suite.FAMILIES`)."""
    if (family, impl_name) not in FAMILIES:
        raise ValueError(f"unknown family {(family, impl_name)}; choose from {FAMILIES}")
    impl = implementation(impl_name)
    extra = EXTRA[family] if impl_name == "fast" else None
    notes = NOTES[family](impl, level) if impl_name == "fast" and family in NOTES else []
    return run_family(family, impl, level, extra=extra, notes=notes,
                      progress=progress if progress is not None else (lambda m: None))


def run_all(level: Level = "ci", progress: Progress | None = None) -> list[FamilyResult]:
    return [run(f, i, level, progress) for f, i in FAMILIES]
