"""Shared pytest configuration: hypothesis profiles, and time limits of the slow tests.

Profiles (select with ``HYPOTHESIS_PROFILE=dev|ci|deterministic``; ``CI=true`` selects ``ci``):

* ``dev``: the default, 50 examples per property.
* ``ci``: 100 examples, derandomised so a CI failure reproduces exactly, no deadline.
* ``deterministic``: derandomised, 50 examples, no example database.

Time limits (pytest-timeout): every test has the default of ``pyproject.toml``; a test
marked ``slow`` without an explicit ``@pytest.mark.timeout`` gets :data:`SLOW_TIMEOUT` instead.
The fast engine's kernels are compiled once before the tests (:func:`pytest_sessionstart`), so
that no test's limit counts a cold compilation.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci", max_examples=100, derandomize=True, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("deterministic", max_examples=50, derandomize=True, deadline=None,
                          database=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
)

#: Time limit (seconds) of a ``slow`` test without its own ``@pytest.mark.timeout``: about ten
#: times the slowest such test measured on 2 shared cores (test_verdicts_heavy, 86 s at load 8).
SLOW_TIMEOUT = 900


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give ``slow`` tests without an explicit limit the limit :data:`SLOW_TIMEOUT`."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the fast engine's kernels (or load them from numba's cache) before any test, so
    that no test's time limit includes a cold compilation: with an empty cache on two loaded
    cores, the ±1 EA's kernel alone took 54 s to 71 s and the limit killed the run
    (benchmarks/README.md, "Test time limits").  Under xdist the controller does it, before it
    starts the workers, which then load the kernels from the cache it wrote; a warm cache costs
    about 3 s.  A failure here is left to the tests that use the engine to report."""
    if hasattr(session.config, "workerinput") or session.config.option.collectonly:
        return  # an xdist worker (the controller compiled), or no test runs
    try:
        from zonemax.reference.spec import AlgorithmSpec

        from zonemax.engine import needs_compiling, prepare
        from zonemax.experiments.simulate import FAST_ALGORITHMS

        specs = [AlgorithmSpec(name, (3, -2)) for name in FAST_ALGORITHMS]  # as `verify` asks
        cold = [spec.algorithm for spec in specs if needs_compiling(spec)]
        if cold:
            sys.stderr.write(f"compiling the fast engine for {', '.join(cold)} before the "
                             "tests (first run after a change of the engine)\n")
        for spec in specs:
            prepare(spec)
    except Exception as exc:  # an engine that does not import or compile: its tests say why
        sys.stderr.write(f"could not compile the fast engine before the tests: {exc!r}\n")


@pytest.fixture(scope="session")
def paper_tex() -> Path:
    """The paper's TeX for the quote checks, or a skip with the one reason it is missing.

    The TeX is optional input (:mod:`zonemax.proofs_check.checker.paper`): only the tests that
    read it take this fixture, so without it every other assertion still runs.
    """
    from zonemax.proofs_check.checker.paper import locate

    paper = locate()
    if paper.path is None:
        _SHARED_SKIPS[paper.not_checked()] = (__file__, sys._getframe().f_lineno + 1)
        pytest.skip(paper.not_checked())
    return paper.path


#: Skip reasons of session fixtures (the missing TeX): every test that such a skip reaches is
#: reported at the fixture, so that ``-ra`` prints the reason once with the count of tests
#: (``SKIPPED [17] conftest.py:...``) instead of once per test or per xdist worker.
_SHARED_SKIPS: dict[str, tuple[str, int]] = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """Report a shared fixture skip (:data:`_SHARED_SKIPS`) at the fixture's line."""
    outcome = yield
    report = outcome.get_result()
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple) and len(longrepr) == 3:
        for reason, (path, line) in _SHARED_SKIPS.items():
            if str(longrepr[2]).endswith(reason):
                report.longrepr = (path, line, longrepr[2])


@pytest.fixture(scope="session")
def full_certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``zonemax claims --certificates DIR`` for every claim and editorial entry (read-only:
    tests that change a file copy the directory first)."""
    from zonemax.proofs_check import EDITORIAL, run_claims
    from zonemax.proofs_check.certificates import write_certificates

    directory = tmp_path_factory.mktemp("certificates")
    write_certificates(run_claims(), directory, EDITORIAL)
    return directory
