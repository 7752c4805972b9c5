"""The families of the suite, ready to run: (theorem, implementation) -> FamilyResult."""

from __future__ import annotations

from zonemax.stats_tests.blocks import blocks_tests
from zonemax.stats_tests.equivalence import equivalence_tests
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.laws import laws_tests
from zonemax.stats_tests.machinery import CappedDraws, TestOutcome
from zonemax.stats_tests.samplers import engine_sampler_tests, reference_operator_tests
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


def _reference_laws(impl: Implementation, draws: CappedDraws, level: Level,
                    progress: Progress) -> list[TestOutcome]:
    """The one-step laws of a reference-style implementation: :mod:`~zonemax.stats_tests.laws`
    (heavy-tailed and ±1 operators, Algorithm 2, one iteration), then the double-geometric and
    power-law operators over their parameter ranges (:mod:`~zonemax.stats_tests.samplers`)."""
    return [*laws_tests(impl, draws, level, progress),
            *reference_operator_tests(impl, draws, level, progress)]


#: Theorem-specific tests (bounds, growth) on an implementation marked ``fast``: they need volume
#: (the ``ops`` family, operators beyond the paper, has no theorem: exact agreement only); the
#: engine's agreement with the reference (two-sample tests, random streams); and the step
#: magnitudes its kernels draw, every operator over its parameter range (``laws``).
EXTRA: dict[str, ExtraTests] = {"pm1": pm1_tests, "heavy": heavy_tests, "rls_ab": rls_tests,
                                "equivalence": equivalence_tests, "blocks": blocks_tests,
                                "laws": engine_sampler_tests}
#: Tests cheap enough for a reference-speed implementation (large magnitudes), and the one-step
#: laws of a reference-style implementation (its operator and observed runs).
EXTRA_REFERENCE: dict[str, ExtraTests] = {"rls_ab": rls_reference_tests,
                                          "laws": _reference_laws}
#: Observations reported with a family on a ``fast`` implementation (not tested).
NOTES: dict[str, Notes] = {"pm1": pm1_ratio_notes, "rls_ab": rls_experiment_notes}


def run(family: str, impl: Implementation, level: Level = "ci",
        progress: Progress | None = None) -> FamilyResult:
    """Run one registered family (see :data:`zonemax.stats_tests.suite.FAMILIES`) on ``impl``.

    The exact cases run on every implementation; the theorem-specific tests of :data:`EXTRA`
    and the notes on an implementation marked ``fast``, those of :data:`EXTRA_REFERENCE` on the
    others (the plain reference and the planted bugs).
    """
    kind = "fast" if impl.fast else "reference"
    if (family, kind) not in FAMILIES:
        known = sorted(f"{f} ({k})" for f, k in FAMILIES)
        raise ValueError(f"no family {family!r} for a {kind} implementation; the families are "
                         f"{', '.join(known)}")
    extra = EXTRA.get(family) if impl.fast else EXTRA_REFERENCE.get(family)
    notes = NOTES.get(family) if impl.fast else None
    return run_family(family, impl, level, extra=extra, notes=notes,
                      progress=progress if progress is not None else (lambda m: None))
