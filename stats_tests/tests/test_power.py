"""Power: every planted bug is rejected by its theorem family at the CI level.

The planted implementations (:data:`zonemax.stats_tests.implementations.PLANTED`) go through the very
same pre-registered tests and Holm threshold as the correct reference; a test suite that passes
them would be a suite that cannot fail.
"""

from __future__ import annotations

import pytest
from zonemax.stats_tests.implementations import PLANTED
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import run_family


@pytest.mark.parametrize("bug", list(PLANTED))
def test_planted_bug_is_caught(bug: str) -> None:
    family, impl = PLANTED[bug]
    res = run_family(family, impl, "ci")
    assert not res.ok, f"planted bug not caught: {bug}\n{render_family(res)}"


def test_every_family_has_a_planted_bug() -> None:
    assert {family for family, _ in PLANTED.values()} == {"pm1", "heavy", "rls_ab"}
