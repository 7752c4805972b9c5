"""The families of the suite, ready to run: (theorem, implementation) -> FamilyResult."""

from __future__ import annotations

from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.suite import (
    FAMILIES,
    ExtraTests,
    FamilyResult,
    Level,
    Notes,
    Progress,
    run_family,
)
from zonemax.stats_tests.theorems import (
    heavy_tests,
    pm1_ratio_notes,
    pm1_tests,
    rls_experiment_notes,
    rls_reference_tests,
    rls_tests,
)

#: Theorem-specific tests (bounds, growth) on an implementation marked ``fast``: they need volume
#: (the ``ops`` family, operators beyond the paper, has no theorem: exact agreement only).
EXTRA: dict[str, ExtraTests] = {"pm1": pm1_tests, "heavy": heavy_tests, "rls_ab": rls_tests}
#: Theorem-specific tests cheap enough for a reference-speed implementation (large magnitudes).
EXTRA_REFERENCE: dict[str, ExtraTests] = {"rls_ab": rls_reference_tests}
#: Observations reported with a family on a ``fast`` implementation (not tested).
NOTES: dict[str, Notes] = {"pm1": pm1_ratio_notes, "rls_ab": rls_experiment_notes}


def run(family: str, impl: Implementation, level: Level = "ci",
        progress: Progress | None = None) -> FamilyResult:
    """Run one registered family (see :data:`zonemax.stats_tests.suite.FAMILIES`) on ``impl``.

    The exact cases run on every implementation; the theorem-specific tests of :data:`EXTRA`
    and the notes on an implementation marked ``fast``, those of :data:`EXTRA_REFERENCE` on the
    others (the plain reference and the planted bugs).
    """
    if (family, "fast" if impl.fast else "reference") not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; choose from {sorted({f for f, _ in FAMILIES})}")
    extra = EXTRA.get(family) if impl.fast else EXTRA_REFERENCE.get(family)
    notes = NOTES.get(family) if impl.fast else None
    return run_family(family, impl, level, extra=extra, notes=notes,
                      progress=progress if progress is not None else (lambda m: None))
