"""Shared pytest configuration: hypothesis profiles, and time limits of the slow tests.

Profiles (select with ``HYPOTHESIS_PROFILE=dev|ci|deterministic``; ``CI=true`` selects ``ci``):

* ``dev``: the default, 50 examples per property.
* ``ci``: 100 examples, derandomised so a CI failure reproduces exactly, no deadline.
* ``deterministic``: derandomised, 50 examples, no example database.

Time limits (pytest-timeout, issue 17): every test has the default of ``pyproject.toml``; a test
marked ``slow`` without an explicit ``@pytest.mark.timeout`` gets :data:`SLOW_TIMEOUT` instead.
"""

from __future__ import annotations

import os
from pathlib import Path

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


@pytest.fixture(scope="session")
def paper_tex() -> Path:
    """The paper's TeX for the quote checks, or a skip with the one reason it is missing.

    The TeX is optional input (:mod:`zonemax.proofs_check.checker.paper`): only the tests that
    read it take this fixture, so without it every other assertion still runs.
    """
    from zonemax.proofs_check.checker.paper import locate

    paper = locate()
    if paper.path is None:
        pytest.skip(paper.not_checked())
    return paper.path


@pytest.fixture(scope="session")
def full_certificates(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``zonemax claims --certificates DIR`` for every claim and editorial entry (read-only:
    tests that change a file copy the directory first)."""
    from zonemax.proofs_check import EDITORIAL, run_claims
    from zonemax.proofs_check.certificates import write_certificates

    directory = tmp_path_factory.mktemp("certificates")
    write_certificates(run_claims(), directory, EDITORIAL)
    return directory
