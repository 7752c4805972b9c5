"""The conformance profiles: per algorithm, its variants, instances, sample size and level.

Everything here is pre-registered: a profile's instances, budgets, sample size and family-wise
level are fixed in code, and the seeds of a check derive from the one seed it is given.

Instances (Gadea Harder, Kötzing, Li, Radhakrishnan 2023, arXiv:2307.11855, Section 2, ±1
operator): ``a = (1, 1)`` makes ties frequent for the (1+1) EA (a step of one position towards
and one away leaves ``f`` unchanged: ``(1, 1) -> (2, 0)``) and unchanged offspring frequent
(``P(no position mutated) = 1/4``); ``a = (1, -1, 1)`` adds a third position, so that a mutation
rate or choice of position that does not scale with ``n`` shows.  Their predicted power against
every variant that differs in law is in ``benchmarks/conformance_power.py``'s output.

Sizes: 10,000 runs per instance, except for the ±1 (1+1) EA and the (1+1) EA with the
double-geometric, heavy-tailed and power-law steps.  The ±1 EA's catalogue has ties decided
by a coin, whose law lies between Algorithm 1's and strict acceptance's: 10,000 runs reject it
with predicted power 0.66 only, 20,000 with 0.998 (``benchmarks/conformance_power.py``'s
normal approximation; the power table measures it), so its size is 20,000.  There strict acceptance is the hardest variant to see: ties
need two positions mutated with matching steps, and they lead to states whose remaining time is
close to the current one.  Among the small targets, ``(1, 1)`` and ``(1, 1, 1)`` carry the most
of that difference per evaluation (the symmetrised Kullback-Leibler divergence of the two laws
of ``T`` on ``(1, 1)``: 2.8e-4 double-geometric, 8.8e-4 heavy-tailed, 1.2e-4 power law, per
run; ``(2, 1)``, ``(2, 2)``, ``(3, 1)`` carry 4 to 20 times less).  The runs are the smallest
round numbers at which the log-likelihood-ratio tests of these targets, at their Bonferroni
level, reject Algorithm 1 under strict acceptance with probability >= 0.99 in a normal
approximation of the sample mean of the score (0.9999 for 100,000 double-geometric runs,
0.9999 for 80,000 heavy-tailed, 0.9997 for 300,000 power-law); the power table measures it.
A plain-Python check at these sizes took 40 to 60 s (ea-geom, ea-heavy) and 2.5 to 4 minutes
(ea-power) on a loaded core.
For ea-heavy the second target ``(16,)`` makes a step of 16 matter, which tells the
truncation ``clip`` to ``r = 16`` apart (``(1, 1)`` tells ``condition``).

Budgets: the smallest ``t`` with ``P(T > t) <= 10^-4`` under the algorithm's exact law
(``tests/test_conformance.py`` recomputes them); a run is stopped there and its time enters the
tests as ``min(T, budget)``, whose exact law each variant's chain gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from zonemax.conformance.laws import (
    ACCEPTANCE,
    HEAVY_OPERATOR_VARIANTS,
    RLS_AB_VARIANTS,
    VARIANTS,
    combinations,
)

#: The family-wise error rate of a full conformance run for a correct implementation.
FAMILY_LEVEL = 1e-3
#: The tail mass beyond each instance's budget under the algorithm's law (module docstring).
BUDGET_TAIL = 1e-4


@dataclass(frozen=True)
class Instance:
    """One target ``a`` with the evaluation budget passed to every run on it."""

    a: tuple[int, ...]
    budget: int


@dataclass(frozen=True)
class Profile:
    """The pre-registered design of one algorithm's run-level check.

    Attributes
    ----------
    algorithm:
        The algorithm's name in :class:`~zonemax.reference.spec.AlgorithmSpec`.
    paper_variant:
        The variant that is the paper's algorithm.
    variants:
        The catalogued variants (each with its own exact law).
    instances:
        The targets with their budgets.
    runs:
        Runs per instance at most (the cap of the sequential test,
        :mod:`zonemax.conformance.sequential`; the power against every catalogued law is
        measured at it).
    params:
        The algorithm's parameters, fixed by the design.
    bugs:
        Known bugs with exact laws (:data:`zonemax.conformance.laws.BUGS`): laws the check
        must reject, like the variants', before it calls an implementation conforming.
    """

    algorithm: str
    paper_variant: str
    variants: tuple[str, ...]
    instances: tuple[Instance, ...]
    runs: int
    params: tuple[tuple[str, Fraction], ...] = ()
    bugs: tuple[str, ...] = ()

    @property
    def catalogue(self) -> tuple[str, ...]:
        """The variants, then the known bugs: every law the check weighs."""
        return (*self.variants, *self.bugs)

    def param(self, name: str) -> Fraction | None:
        """The value of parameter ``name`` (``None`` if the algorithm has none)."""
        return dict(self.params).get(name)


#: The ±1 profiles: every combination of the axes (zonemax.conformance.laws).
_PM1_VARIANTS = VARIANTS
#: The step-law profiles: the combinations without ties decided by a coin.  Ties are rare with
#: these steps: even strict acceptance needs the largest sizes below, and a coin halves its
#: effect on the law (about four times the runs), which no plain-Python check can afford.
_STEP_VARIANTS = combinations(ACCEPTANCE[:2])

PROFILES: dict[str, Profile] = {
    "ea-pm1": Profile("ea-pm1", "algorithm-1", _PM1_VARIANTS,
                      (Instance((1, 1), 75), Instance((1, -1, 1), 134)), 20_000),
    "rls-pm1": Profile("rls-pm1", "algorithm-1", _PM1_VARIANTS,
                       (Instance((1, 1), 35), Instance((1, -1, 1), 57)), 10_000),
    # Section 5's example parameters alpha = 17/10, beta = 9/10; a = (3,) and (4, 1) have ties
    # (floor(v) = 2d) and velocities whose floor and rounding differ
    # the double-geometric operator at the rational ratio q = 1/2 (exact rationals throughout;
    # the default mean step length 1 makes q irrational): zero steps make unchanged offspring
    # frequent
    "ea-geom": Profile("ea-geom", "algorithm-1", _STEP_VARIANTS,
                       (Instance((1, 1), 171), Instance((1, -1, 1), 296)), 100_000,
                       (("geom_q", Fraction(1, 2)),)),
    "rls-geom": Profile("rls-geom", "algorithm-1", _STEP_VARIANTS,
                        (Instance((1, 1), 114), Instance((2, 1), 118)), 10_000,
                        (("geom_q", Fraction(1, 2)),)),
    # Definition 2 at eps = 1 (base 2, untruncated; the default eps = 1/1000 draws steps of
    # 2^(I-2) with astronomically large I that no plain implementation can return), and the
    # power law at its default exponent 3/2: enclosures of the laws (zonemax.exact); sizes in
    # the module docstring
    "ea-heavy": Profile("ea-heavy", "algorithm-1", (*_STEP_VARIANTS, *HEAVY_OPERATOR_VARIANTS),
                        (Instance((1, 1), 154), Instance((16,), 77)), 80_000,
                        (("eps", Fraction(1)),)),
    "rls-heavy": Profile("rls-heavy", "algorithm-1", _STEP_VARIANTS,
                         (Instance((1, 1), 76), Instance((2, 1), 83)), 10_000,
                         (("eps", Fraction(1)),)),
    "ea-power": Profile("ea-power", "algorithm-1", _STEP_VARIANTS,
                        (Instance((1, 1), 199), Instance((1, -1, 1), 351)), 300_000,
                        (("power_exponent", Fraction(3, 2)),)),
    "rls-power": Profile("rls-power", "algorithm-1", _STEP_VARIANTS,
                         (Instance((1, 1), 99), Instance((2, 1), 104)), 10_000,
                         (("power_exponent", Fraction(3, 2)),)),
    "rls-ab": Profile("rls-ab", "algorithm-2", RLS_AB_VARIANTS,
                      (Instance((3,), 23), Instance((4, 1), 63)), 10_000,
                      (("alpha", Fraction(17, 10)), ("beta", Fraction(9, 10)))),
}

#: What each profile's claimed algorithm is, in the words the reports use (the double-geometric
#: and power-law operators are not the paper's: Rudolph 1994, and a power law beyond it).
SUBJECTS = {
    "ea-pm1": "the paper's Algorithm 1 (the (1+1) EA with ±1 steps)",
    "rls-pm1": "the paper's RLS with ±1 steps",
    "rls-ab": "the paper's RLS_{alpha,beta} (Algorithm 2)",
    "ea-heavy": "the paper's (1+1) EA with heavy-tailed steps (Definition 2)",
    "rls-heavy": "the paper's RLS with heavy-tailed steps (Definition 2)",
    "ea-geom": "the double-geometric (1+1) EA (Rudolph 1994; not in the paper)",
    "rls-geom": "RLS with double-geometric steps (Rudolph 1994; not in the paper)",
    "ea-power": "the (1+1) EA with power-law steps (not in the paper)",
    "rls-power": "RLS with power-law steps (not in the paper)",
}
#: The same for the operator level, per operator family.
OPERATOR_SUBJECTS = {
    "pm1": "the ±1 operator (Definition 1)",
    "heavy": "the heavy-tailed operator (Definition 2)",
    "geom": "the double-geometric operator (Rudolph 1994; not in the paper)",
    "power": "the power-law operator (not in the paper)",
}
