"""Conformance: does an implementation run the paper's algorithm, and if not, which variant?

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2.  A user's run
function is called on small targets under seeds derived from one printed seed; its run times
are tested against the exact law of ``T`` (``P(T <= t)``, ``E[T]``, ``Var[T]``) of the paper's
algorithm and of each catalogued variant (strict acceptance, resampling or not counting
unchanged offspring, counting the start point).  A correct implementation fails a full check
with probability at most ``FAMILY_LEVEL``.

>>> from zonemax.conformance import assert_conforms
>>> assert_conforms("ea-pm1", run=my_run, seed=1)  # doctest: +SKIP
"""

from zonemax.conformance.check import assert_conforms, check
from zonemax.conformance.laws import VARIANTS, RunTimeLaw, run_time_law
from zonemax.conformance.profiles import FAMILY_LEVEL, PROFILES, Instance, Profile
from zonemax.conformance.result import ConformanceResult, ExactValues, VariantVerdict
from zonemax.conformance.statistics import StatTest

__all__ = [
    "FAMILY_LEVEL",
    "PROFILES",
    "VARIANTS",
    "ConformanceResult",
    "ExactValues",
    "Instance",
    "Profile",
    "RunTimeLaw",
    "StatTest",
    "VariantVerdict",
    "assert_conforms",
    "check",
    "run_time_law",
]
