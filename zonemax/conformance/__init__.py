"""Conformance: does an implementation run the paper's algorithm, and if not, which variant?

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2.  A user's run
function is called on small targets under seeds derived from one printed seed; its run times
are weighed against the exact law of ``T`` (``P(T <= t)``, ``E[T]``, ``Var[T]``) of the paper's
algorithm, of each catalogued variant (strict acceptance, resampling or not counting unchanged
offspring, counting the start point, and their combinations) and of known bugs, by sequential,
anytime-valid tests (:mod:`zonemax.conformance.sequential`) that stop as soon as the laws are
told apart.  A correct implementation fails a check with probability at most
``FAMILY_LEVEL``.

>>> from zonemax.conformance import assert_conforms
>>> assert_conforms("ea-pm1", run=my_run, seed=1)  # doctest: +SKIP
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zonemax.conformance.api import assert_conforms, check
    from zonemax.conformance.laws import VARIANTS, RunTimeLaw, run_time_law
    from zonemax.conformance.profiles import FAMILY_LEVEL, PROFILES, Instance, Profile
    from zonemax.conformance.result import ConformanceResult, ExactValues, VariantVerdict
    from zonemax.conformance.statistics import StatTest

#: Where each public name lives: imported on first use, so that the pytest plugin
#: (:mod:`zonemax.conformance.pytest_plugin`, loaded by every pytest run once zonemax is
#: installed) costs nothing until a test uses it.
_HOMES = {
    "assert_conforms": "api", "check": "api",
    "VARIANTS": "laws", "RunTimeLaw": "laws", "run_time_law": "laws",
    "FAMILY_LEVEL": "profiles", "PROFILES": "profiles", "Instance": "profiles",
    "Profile": "profiles",
    "ConformanceResult": "result", "ExactValues": "result", "VariantVerdict": "result",
    "StatTest": "statistics",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'zonemax.conformance' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"zonemax.conformance.{_HOMES[name]}"), name)


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
