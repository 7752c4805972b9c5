"""pytest plugin: the ``conformance`` fixture, and the reports in pytest's terminal summary.

Registered through the ``pytest11`` entry point, so installing zonemax is enough::

    def test_my_ea(conformance):
        conformance.assert_conforms("ea-pm1", run=my_ea, seed=1)

Every check made through the fixture is remembered for the session; at the end, pytest's
summary has a "zonemax conformance" section with one verdict line per check (the full report
with ``-v``; a failing ``assert_conforms`` shows its full report in the failure anyway).
``assert_conforms`` fails on an inconclusive verdict unless ``allow_inconclusive=True``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from zonemax.conformance.result import ConformanceResult

_RESULTS = pytest.StashKey[list[tuple[str, "ConformanceResult"]]]()


@dataclass
class ConformanceRecorder:
    """``check`` and ``assert_conforms`` of :mod:`zonemax.conformance`, remembering results."""

    test: str
    results: list[tuple[str, ConformanceResult]] = field(default_factory=list)

    def check(self, algorithm: str, **kwargs: Any) -> ConformanceResult:
        """:func:`zonemax.conformance.check`, recorded for the summary."""
        from zonemax.conformance.api import check

        result = check(algorithm, **kwargs)
        self.results.append((self.test, result))
        return result

    def assert_conforms(self, algorithm: str, *, allow_inconclusive: bool = False,
                        **kwargs: Any) -> ConformanceResult:
        """:func:`zonemax.conformance.assert_conforms`, recorded for the summary: fails unless
        the implementation conforms (or is inconclusive, with ``allow_inconclusive=True``)."""
        from zonemax.conformance.api import accepted

        if not isinstance(allow_inconclusive, bool):
            raise TypeError(f"allow_inconclusive must be True or False, got "
                            f"{allow_inconclusive!r}")
        result = self.check(algorithm, **kwargs)
        if not accepted(result, allow_inconclusive):
            raise AssertionError(result.report())
        return result


@pytest.fixture
def conformance(request: pytest.FixtureRequest) -> ConformanceRecorder:
    """Conformance checks whose verdicts appear in the terminal summary."""
    results = request.config.stash.setdefault(_RESULTS, [])
    return ConformanceRecorder(request.node.nodeid, results)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config
                            ) -> None:
    """The "zonemax conformance" section: one line per check, the reports with ``-v``."""
    results = config.stash.get(_RESULTS, [])
    if not results:
        return
    terminalreporter.section("zonemax conformance")
    for test, result in results:
        if result.errored is not None:
            verdict = f"ERRORED: {result.errored}"
        elif result.conforms:
            verdict = "conforms"
        elif result.inconclusive:
            verdict = f"inconclusive: {result.reason}"
        else:
            verdict = ("does not conform; consistent with "
                       + (", ".join(result.consistent_variants) or "no catalogued variant"))
        terminalreporter.write_line(f"{test}: {result.algorithm} ({result.level} level, "
                                    f"seed {result.seed}): {verdict}")
        if config.getoption("verbose") > 0:
            terminalreporter.write_line(result.report())
