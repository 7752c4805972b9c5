"""zonemax's pre-registered statistical validation.

**Family-wise error.**  A full run of this suite (either level) rejects a correct implementation
with probability at most ``SUITE_ALPHA = 1e-3``.  The budget is split equally over the families
of :data:`zonemax.stats_tests.suite.FAMILIES` (Bonferroni), and each family combines its tests with
Holm–Bonferroni.  Seeds, sample sizes and levels are fixed in code, so a run is deterministic;
the error rate is the probability, over the choice of the fixed seeds, that a correct
implementation fails.

Every test is one-sided in the direction its theorem claims (rejection = evidence that a bound
is violated), except agreement with exact expected values, which is two-sided.

Power is demonstrated by :mod:`zonemax.stats_tests.test_power`: every planted bug of
:data:`zonemax.stats_tests.implementations.PLANTED` is rejected by its family at the CI level.
"""

#: Probability that a full run of the suite fails on a correct implementation (upper bound).
SUITE_ALPHA = 1e-3
