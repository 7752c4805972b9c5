"""The six families of the suite, ready to run: (theorem, implementation) -> FamilyResult."""

from __future__ import annotations

from collections.abc import Callable

from zonemax.stats_tests.implementations import Implementation
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


def run(family: str, impl: Implementation, level: Level = "ci",
        progress: Progress | None = None) -> FamilyResult:
    """Run one registered family (see :data:`zonemax.stats_tests.suite.FAMILIES`) on ``impl``.

    The theorem-specific tests and notes run only on an implementation marked ``fast``.
    """
    if (family, "fast" if impl.fast else "reference") not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; choose from {sorted({f for f, _ in FAMILIES})}")
    extra = EXTRA[family] if impl.fast else None
    notes = NOTES[family](impl, level) if impl.fast and family in NOTES else []
    return run_family(family, impl, level, extra=extra, notes=notes,
                      progress=progress if progress is not None else (lambda m: None))
