"""Theorem 9: RLS_{alpha,beta}, Theta(n log|a|_1); Section 6's (2, 1/2) as an observation.

Two families (see :mod:`stats_tests.suite`): the reference simulator against exact expected
values, and the fast engine against exact values, the explicit bounds of
:mod:`proofs_check.bounds` and the theorem's growth rate.  Each family fails on correct code
with probability at most ``FAMILY_ALPHA``; the CI level runs by default, the full level with
``-m slow``.
"""

from __future__ import annotations

from stats_tests.pytest_support import family_tests

test_ci_level, test_full_level = family_tests("rls_ab")
