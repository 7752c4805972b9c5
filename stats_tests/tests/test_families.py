"""The pre-registered families of :mod:`zonemax.stats_tests.suite`, one test per family.

One family per theorem and implementation: Theorems 3-4 (``pm1``), Theorem 5 (``heavy``) and
Theorem 9 (``rls_ab``), and the operators beyond the paper (``ops``, exact agreement only), each
on the plain reference and on the fast engine.  Each family fails on
correct code with probability at most ``FAMILY_ALPHA``; the CI level runs by default, the full
level with ``-m slow``.
"""

from __future__ import annotations

import pytest
from zonemax.stats_tests import families
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import FAMILIES

from zonemax.verify import implementation

IDS = [f"{family}-{impl}" for family, impl in FAMILIES]


@pytest.mark.timeout(300)  # slowest: heavy-fast, 33 s on 2 shared cores (load 5)
@pytest.mark.parametrize(("family", "impl"), FAMILIES, ids=IDS)
def test_ci_level(family: str, impl: str) -> None:
    res = families.run(family, implementation(impl), "ci")
    assert res.ok, render_family(res)


@pytest.mark.slow
@pytest.mark.timeout(1800)  # slowest: heavy-fast, 438 s on 2 shared cores (load 8)
@pytest.mark.parametrize(("family", "impl"), FAMILIES, ids=IDS)
def test_full_level(family: str, impl: str) -> None:
    res = families.run(family, implementation(impl), "slow")
    assert res.ok, render_family(res)
