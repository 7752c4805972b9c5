"""The registry of all claims (an immutable tuple) and the runner.

``CLAIMS`` (and ``EDITORIAL``, the text-only findings) are assembled once from the per-section
packages (:mod:`~zonemax.proofs_check.section1` ... :mod:`~zonemax.proofs_check.section6`);
nothing is registered at run time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from zonemax.proofs_check import section1, section2, section3, section4, section5, section6
from zonemax.proofs_check.core import Claim, ClaimResult, Editorial

_SECTIONS = (section1, section2, section3, section4, section5, section6)

#: Every claim, in paper order.
CLAIMS: tuple[Claim, ...] = tuple(
    sorted((c for module in _SECTIONS for c in module.CLAIMS), key=lambda c: c.section)
)

#: zonemax's own tables (computed values such as the c_eps enclosures): checked, controlled and
#: certified like claims, but not claims of the paper; listed apart and never counted.
TABLES: tuple[Claim, ...] = tuple(t for module in _SECTIONS for t in getattr(module, "TABLES", ()))

#: Every editorial entry (typos and other text-only findings; never counted as verdicts), in
#: paper order.  A section package without an ``EDITORIAL`` tuple contributes none.
EDITORIAL: tuple[Editorial, ...] = tuple(
    sorted((e for module in _SECTIONS for e in getattr(module, "EDITORIAL", ())),
           key=lambda e: (e.section, e.tex.first))
)


def claim_ids() -> tuple[str, ...]:
    """All claim ids in registry order."""
    return tuple(c.id for c in CLAIMS)


def select_claims(only: Iterable[str] | None = None) -> tuple[Claim, ...]:
    """The claims with the given ids (registry order), or all of them.

    Raises ``ValueError`` naming the unknown ids and listing the valid ones.
    """
    if only is None:
        return CLAIMS
    wanted = list(only)
    known = {c.id for c in CLAIMS}
    unknown = [i for i in wanted if i not in known]
    if unknown:
        raise ValueError(
            f"unknown claim id(s): {', '.join(unknown)}; valid ids are: {', '.join(claim_ids())}"
        )
    chosen = set(wanted)
    return tuple(c for c in CLAIMS if c.id in chosen)


def run_claims(only: Iterable[str] | None = None, *, heavy: bool = False
               ) -> tuple[ClaimResult, ...]:
    """Check the selected claims (all by default) and return their results; never prints.

    ``heavy=True`` widens the enumerations (see each check); the default run takes seconds.
    """
    results = []
    for claim in select_claims(only):
        start = time.perf_counter()
        verdict = claim.run(heavy)
        results.append(ClaimResult(claim, verdict, time.perf_counter() - start))
    return tuple(results)


def run_tables(*, heavy: bool = False) -> tuple[ClaimResult, ...]:
    """Check zonemax's own tables (:data:`TABLES`); their results are never verdicts."""
    results = []
    for table in TABLES:
        start = time.perf_counter()
        verdict = table.run(heavy)
        results.append(ClaimResult(table, verdict, time.perf_counter() - start))
    return tuple(results)
