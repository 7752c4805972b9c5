"""Theorem 5 and Corollary 6: (1+1) EA with the heavy-tailed operator.

Two families (see :mod:`stats_tests.suite`): the reference simulator against exact expected
values, and the fast engine against exact values, the explicit bounds of
:mod:`proofs_check.bounds` and the theorem's growth rate.  Each family fails on correct code
with probability at most ``FAMILY_ALPHA``; the CI level runs by default, the full level with
``-m slow``.
"""

from __future__ import annotations

from stats_tests.pytest_support import family_tests

test_ci_level, test_full_level = family_tests("heavy")
