"""Machine verdicts for the claims of *Run Time Bounds for Integer-Valued OneMax Functions*.

Gadea Harder, Koetzing, Li, Radhakrishnan (2023), arXiv:2307.11855.

* :data:`CLAIMS` -- every checkable claim (an immutable tuple of :class:`Claim`);
* :func:`run_claims` -- check them, returning :class:`ClaimResult` objects (never prints);
* :data:`EDITORIAL` -- typos and other text-only findings (never counted as verdicts);
* :data:`TABLES`, :func:`run_tables` -- zonemax's own tables (the c_eps enclosures), checked and
  certified like claims but never counted as verdicts;
* :func:`format_text`, :func:`format_markdown`, :func:`format_json` -- reports as strings;
* :mod:`zonemax.proofs_check.checker` -- the independent certificate checker;
* :mod:`zonemax.proofs_check.summary` -- the generated summary of the findings
  (``docs/findings.md``);
* :mod:`zonemax.proofs_check.bounds` -- explicit bounds on E[T] from the proofs' constants.
"""

from zonemax.proofs_check.core import Claim, ClaimResult, Method, Status, Verdict
from zonemax.proofs_check.registry import (
    CLAIMS,
    EDITORIAL,
    TABLES,
    claim_ids,
    run_claims,
    run_tables,
    select_claims,
)
from zonemax.proofs_check.report import (
    by_coverage,
    by_severity,
    format_json,
    format_markdown,
    format_text,
    holds_by_coverage,
    to_records,
    totals,
)

__all__ = [
    "CLAIMS",
    "EDITORIAL",
    "TABLES",
    "Claim",
    "ClaimResult",
    "Method",
    "Status",
    "Verdict",
    "by_coverage",
    "by_severity",
    "claim_ids",
    "format_json",
    "format_markdown",
    "format_text",
    "holds_by_coverage",
    "run_claims",
    "run_tables",
    "select_claims",
    "to_records",
    "totals",
]
