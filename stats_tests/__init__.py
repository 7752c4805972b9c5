"""zonemax's pre-registered statistical validation.

**Family-wise error.**  A full run of this suite (either level) rejects a correct implementation
with probability at most ``SUITE_ALPHA = 1e-3``.  The budget is split equally over the families
of :data:`zonemax.stats_tests.suite.FAMILIES` (Bonferroni), and each family combines its tests with
Holm–Bonferroni.  Seeds, sample sizes and levels are fixed in code, so a run is deterministic;
the error rate is the probability, over the choice of the fixed seeds, that a correct
implementation fails.

Every test is one-sided in the direction its theorem claims (rejection = evidence that a bound
is violated), except agreement with the exact values -- the z-test of the mean against exact
``E[T]`` and the goodness-of-fit test of the sample against the exact law of ``T``
(:mod:`zonemax.stats_tests.gof`) -- which is two-sided: these have no direction to claim.

**Bounded time.**  Every run of every draw is capped (the exact cases by their chains, the
theorem tests and observations by :mod:`zonemax.stats_tests.budgets`), at a level a correct run
reaches with probability at most ``e^-30``; a reached cap is a *budget exhausted* rejection, so
a bug whose runs never end fails its family instead of hanging it.  A full run makes fewer than
``10^7`` capped runs, so the caps add at most ``10^7 e^-30 < 1e-6`` to the error probability.

Power is demonstrated by ``stats_tests/tests/test_power.py``: every planted bug of
:data:`zonemax.stats_tests.implementations.PLANTED` is rejected by its family at the CI level,
the common-mode bugs in the reference's shared helpers through the reference family itself.
"""

#: Probability that a full run of the suite fails on a correct implementation (upper bound).
SUITE_ALPHA = 1e-3
