"""The algorithm variants of the experiments and their specifications on the all-r target.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 6, and zonemax's
``operators`` experiment (beyond the paper).  A *variant* is an algorithm with fixed
parameters as it appears in the experiments; its numeric id enters the seeds of its runs
(:mod:`zonemax.experiments.design`), so ids are never renumbered.  :func:`make_spec` gives its
:class:`~zonemax.reference.spec.AlgorithmSpec` on Section 6's target ``a = (r, ..., r)``.

The ``operators`` experiment runs the (1+1) EA (Algorithm 1) and RLS (Section 2) with nine step
operators each:

* ``±1`` (Definition 1);
* *heavy-tailed* (Definition 2, ``eps = 1/1000`` as in Section 6), untruncated and conditioned
  on steps ``<= r`` (zonemax's ``truncation`` experiment: the two variants that reach the
  optimum without the clipping artefact);
* *double-geometric* (Rudolph 1994) with mean step length ``m`` in {1, ``floor(sqrt r)``, r}.
  ``m = 1`` is a fixed small mean; ``m = r`` matches the initial distance ``r`` per position;
  ``m = floor(sqrt r)`` is the mean *tuned to the distance*: at distance ``d >> m`` a step gains
  about ``m/2`` in expectation (half the steps point the right way), so the approach takes about
  ``2r/m`` accepted moves per position, while at distance ``d << m`` only a step of length at
  most ``2d`` can be accepted, which has probability about ``d/m``, so the last part takes about
  ``m`` iterations per position; ``2r/m + m`` is smallest at ``m`` of order ``sqrt r``;
* *power-law* (Doerr, Krejca, Rudolph 2025) with exponent ``beta`` in {3/2, 2, 3}.  ``3/2`` is
  the exponent zonemax's specification uses by default and the one the ``operators`` report
  takes as *the* power-law operator when it judges the recommendation of Doerr, Krejca and
  Rudolph (fixed before any run; ``2`` and ``3`` show the sensitivity).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from zonemax.reference.params import DEFAULT_EPS, SECTION6_ALPHA, SECTION6_BETA
from zonemax.reference.spec import GEOM_ALGORITHMS, POWER_ALGORITHMS, AlgorithmSpec

#: Section 6's parameters (:mod:`zonemax.reference.params`): eps = 0.001, and
#: (alpha, beta) = (2, 1/2) for RLS, outside Theorem 9's hypotheses.
HEAVY_EPS = DEFAULT_EPS
RLS_ALPHA, RLS_BETA = SECTION6_ALPHA, SECTION6_BETA
#: The double-geometric means of the ``operators`` experiment, as rules in r (module docstring).
GEOM_MEANS = ("1", "sqrt-r", "r")
#: The power-law exponents of the ``operators`` experiment; the first is the one judged.
POWER_EXPONENTS = ("3/2", "2", "3")


@dataclass(frozen=True)
class Variant:
    """An algorithm as it appears in the experiments, with a stable numeric id for seeds.

    ``truncate`` is the heavy-tailed operator's truncation; ``geom_mean`` a rule of
    :data:`GEOM_MEANS` for the double-geometric mean; ``power_exponent`` the power law's beta.
    """

    id: int
    algorithm: str
    label: str
    truncate: str = "none"
    geom_mean: str | None = None
    power_exponent: str | None = None


def _operator_variants(family: str, name: str, first_id: int) -> dict[str, Variant]:
    """The operators of the ``operators`` experiment that Section 6 does not already have, for
    the (1+1) EA (``family = "ea"``) or RLS (``"rls"``), with ids from ``first_id`` on."""
    out: dict[str, Variant] = {}
    if family == "rls":
        out["rls-pm1"] = Variant(first_id, "rls-pm1", "RLS, ±1 operator")
        out["rls-heavy"] = Variant(first_id + 1, "rls-heavy", "RLS, heavy-tailed (untruncated)")
        out["rls-heavy-condition"] = Variant(first_id + 2, "rls-heavy",
                                             "RLS, heavy-tailed, conditioned on <= r",
                                             "condition")
        first_id += 3
    means = {"1": "1", "sqrt-r": "⌊√r⌋ (tuned)", "r": "r"}
    for i, rule in enumerate(GEOM_MEANS):
        out[f"{family}-geom-{rule}"] = Variant(first_id + i, f"{family}-geom",
                                               f"{name}, double-geometric, mean {means[rule]}",
                                               geom_mean=rule)
    for i, beta in enumerate(POWER_EXPONENTS):
        key = f"{family}-power-{float(Fraction(beta)):g}"
        out[key] = Variant(first_id + len(GEOM_MEANS) + i, f"{family}-power",
                           f"{name}, power law β = {beta}", power_exponent=beta)
    return out


#: The algorithm variants (never renumber the ids: seeds depend on them).
VARIANTS: dict[str, Variant] = {
    "ea-pm1": Variant(1, "ea-pm1", "(1+1) EA, ±1 operator"),
    "ea-heavy": Variant(2, "ea-heavy", "(1+1) EA, heavy-tailed (untruncated)"),
    "ea-heavy-condition": Variant(3, "ea-heavy", "(1+1) EA, heavy-tailed, conditioned on <= r",
                                  "condition"),
    "ea-heavy-clip": Variant(4, "ea-heavy", "(1+1) EA, heavy-tailed, clipped to r", "clip"),
    "rls-2-0.5": Variant(5, "rls-ab", "RLS_{2,0.5} (self-adjusting)"),
    "cma-wm": Variant(6, "cma-wm", "CMA-ESwM"),
    **_operator_variants("ea", "(1+1) EA", 7),  # ids 7-12
    **_operator_variants("rls", "RLS", 13),  # ids 13-21
}
#: The operators of the ``operators`` experiment per algorithm, in the order of the report.
OPERATOR_FAMILIES: dict[str, tuple[str, ...]] = {
    family: (f"{key}-pm1", f"{key}-heavy", f"{key}-heavy-condition",
             *(f"{key}-geom-{rule}" for rule in GEOM_MEANS),
             *(f"{key}-power-{float(Fraction(b)):g}" for b in POWER_EXPONENTS))
    for family, key in (("(1+1) EA", "ea"), ("RLS", "rls"))
}


def geom_mean(rule: str, r: int) -> Fraction:
    """The double-geometric mean step length of ``rule`` (:data:`GEOM_MEANS`) at distance r."""
    if rule == "1":
        return Fraction(1)
    if rule == "sqrt-r":
        return Fraction(max(1, math.isqrt(r)))
    if rule == "r":
        return Fraction(r)
    raise ValueError(f"unknown double-geometric mean rule {rule!r}; choose one of {GEOM_MEANS}")


def make_spec(variant: str, n: int, r: int) -> AlgorithmSpec:
    """The :class:`AlgorithmSpec` of ``variant`` on Section 6's target ``a = (r, ..., r)``."""
    v = VARIANTS[variant]
    a = (r,) * n
    if v.algorithm in ("ea-heavy", "rls-heavy"):
        # Truncation range r = the bound of the search space in Section 6.
        return AlgorithmSpec(v.algorithm, a, eps=HEAVY_EPS, truncate=v.truncate,  # type: ignore[arg-type]
                             r=None if v.truncate == "none" else r)
    if v.algorithm == "rls-ab":
        return AlgorithmSpec("rls-ab", a, alpha=RLS_ALPHA, beta=RLS_BETA)
    if v.algorithm in GEOM_ALGORITHMS:
        assert v.geom_mean is not None
        return AlgorithmSpec(v.algorithm, a, geom_mean=geom_mean(v.geom_mean, r))
    if v.algorithm in POWER_ALGORITHMS:
        assert v.power_exponent is not None
        return AlgorithmSpec(v.algorithm, a, power_exponent=Fraction(v.power_exponent))
    return AlgorithmSpec(v.algorithm, a)
