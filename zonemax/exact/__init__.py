"""Exact expected run times of small instances: lumped absorbing Markov chains.

The ground truth that the reference, the fast engine and the statistical families are judged
against.  See :mod:`zonemax.exact.chains` for the chains, their lumping and the error bounds.
"""

from zonemax.exact.chains import (
    ALGORITHMS,
    DOCUMENTED_LIMITS,
    ExactResult,
    InstanceTooLarge,
    default_max_states,
    ea_heavy_exact,
    ea_pm1_exact,
    exact_expectation,
    heavy_magnitudes,
    rls_ab_exact,
    rls_pm1_closed_form,
    rls_pm1_exact,
)

__all__ = [
    "ALGORITHMS",
    "DOCUMENTED_LIMITS",
    "ExactResult",
    "InstanceTooLarge",
    "default_max_states",
    "ea_heavy_exact",
    "ea_pm1_exact",
    "exact_expectation",
    "heavy_magnitudes",
    "rls_ab_exact",
    "rls_pm1_closed_form",
    "rls_pm1_exact",
]
