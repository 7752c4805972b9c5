"""Theorem 9: RLS_{alpha,beta}, Theta(n log|a|_1); Section 6's (2, 1/2) as an observation.

Two families (see :mod:`stats_tests.suite`): the reference simulator against exact expected
values, and the fast engine against exact values, the explicit bounds of
:mod:`proofs_check.bounds` and the theorem's growth rate.  Each family fails on correct code
with probability at most ``FAMILY_ALPHA``; the CI level runs by default, the full level with
``-m slow``.
"""

from __future__ import annotations

import pytest

from stats_tests import families
from stats_tests.reporting import render_family

FAMILY = "rls_ab"


@pytest.mark.parametrize("impl", ["reference", "fast"])
def test_ci_level(impl: str) -> None:
    res = families.run(FAMILY, impl, "ci")
    assert res.ok, render_family(res)


@pytest.mark.slow
@pytest.mark.parametrize("impl", ["reference", "fast"])
def test_full_level(impl: str) -> None:
    res = families.run(FAMILY, impl, "slow")
    assert res.ok, render_family(res)
