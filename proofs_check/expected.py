"""The recorded verdict of every claim, gathered from the section packages.

A change of verdict is a regression (or a deliberate correction) and must be made in the
claim's module, next to its registration; ``proofs_check/tests/test_claims.py`` and
``zonemax verify`` both read this table.
"""

from __future__ import annotations

from zonemax.proofs_check import section1, section2, section3, section4, section5, section6
from zonemax.proofs_check.core import Status

EXPECTED: dict[str, Status] = {
    **section1.EXPECTED, **section2.EXPECTED, **section3.EXPECTED, **section4.EXPECTED,
    **section5.EXPECTED, **section6.EXPECTED,
}

#: The recorded verdict of each of zonemax's own tables (not claims of the paper).
EXPECTED_TABLES: dict[str, Status] = {**section4.EXPECTED_TABLES}
