"""The pre-registered families of :mod:`zonemax.stats_tests.suite`, one test per family.

One family per theorem and implementation: Theorems 3-4 (``pm1``), Theorem 5 (``heavy``) and
Theorem 9 (``rls_ab``), and the operators beyond the paper (``ops``, exact agreement only), each
on the plain reference and on the fast engine.  Each family fails on
correct code with probability at most ``FAMILY_ALPHA``; the CI level runs by default, the full
level with ``-m slow``.

Every exact case tests its sample against the exact ``E[T]`` (z-test) and against the exact law
of ``T`` (Kolmogorov-Smirnov with the enclosure's width: ``zonemax.stats_tests.gof``); the full
level adds, for the fast engine, the cases at realistic sizes (the ±1 EA at ``1^12``, every RLS
family at ``n = 100``: ``zonemax.stats_tests.suite.EXACT_CASES_SLOW``).  What the law tests add
in power is measured by ``benchmarks/gof_power.py`` (``reproduction/stats_gof/``) and proved by
``test_gof.py``.
"""

from __future__ import annotations

import pytest
from zonemax.stats_tests import families
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import FAMILIES

from zonemax.verify import implementation

IDS = [f"{family}-{impl}" for family, impl in FAMILIES]


@pytest.mark.timeout(300)  # slowest: heavy-fast, 90 s on 2 shared cores (load 6), exact laws 5 s
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
