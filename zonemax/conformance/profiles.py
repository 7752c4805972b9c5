"""The conformance profiles: per algorithm, its variants, known bugs, instances, cap and level.

Everything here is pre-registered: a profile's instances, budgets, cap and family-wise level
are fixed in code, and the seeds of a check derive from the one seed it is given.  The run
level is sequential (:mod:`zonemax.conformance.sequential`): it looks at its data after 100
runs per target, then after 25% more each time, and stops as soon as at most one law is left
standing; ``runs`` is the cap, the most runs per target it makes.

Targets of the ±1 profiles (Gadea Harder, Kötzing, Li, Radhakrishnan 2023, arXiv:2307.11855,
Section 2, Definition 1), chosen by the information they carry per evaluation against the
catalogued variants and the known bugs (:data:`zonemax.conformance.laws.BUGS`), under the
requirements: a target with ``n >= 4``, one with some ``|a_i| >= 2``, mixed signs wherever
``n >= 2`` (``benchmarks/conformance_targets.py``; its table is
``reproduction/conformance/targets.md``):

* ``ea-pm1``: ``(3, -1)``, ``(1, -1)``, ``(1, -1, 1, -1)``.  ``(3, -1)`` is the only one with
  ``|a|_1 >= n + 2``, where a mutation rate of ``1/|a|_1`` differs from ``1/n`` and from
  ``1/(n+1)`` (on targets with every ``|a_i| = 1`` the rate ``1/|a|_1`` *is* ``1/n``); a step
  clipped at the target and acceptance on the squared distance show on all three, most on the
  two small ones; ``(1, -1, 1, -1)`` is there so that a bug that shows only with more
  positions (the choice of positions, a rate that does not scale with ``n``) can show.  The
  weakest alternative is ties decided by a coin.
* ``rls-pm1``: ``(2,)``, ``(1,)``, ``(1, -1, 1, -1)``: with ±1 steps RLS never meets a tie that
  changes its state nor an unchanged offspring, and both its known bugs keep its law (a proof
  in :func:`zonemax.conformance.laws.bug_kernel`), so only the start axis can show, and the
  shortest runs show it fastest.

Caps: 10,000 runs per target, except for the ±1 (1+1) EA (20,000: a tie decided by a coin
moves the law half as far as strict acceptance) and the (1+1) EA with the double-geometric
(100,000), heavy-tailed (80,000) and power-law (300,000) steps, where ties are rare and strict
acceptance changes the law of ``T`` on ``(1, 1)`` by a symmetrised Kullback-Leibler divergence
of only 2.8e-4, 8.8e-4 and 1.2e-4 per run.  These were the fixed sample sizes before the check
was sequential; the runs it takes to a verdict are measured in
``reproduction/conformance/sequential.md`` (``benchmarks/conformance_sequential.py``).
For ea-heavy the target ``(16,)`` makes a step of 16 matter, which tells the truncation
``clip`` to ``r = 16`` apart (``(1, 1)`` tells ``condition``); ``(1, -1, 1)`` carries as much
information against strict acceptance per run as ``(1, 1)`` (a Kullback-Leibler divergence of
4.4e-4 each, ``(16,)`` none), so with it the sequential check stops after about half the runs
(a median of 11,035 runs per target instead of 21,554 with the two other targets alone, in
100 simulated checks each).  For
ea-power, likewise, ``(1, -1, 1, -1)`` (1.1e-4 per run against strict acceptance, beside
6.2e-5 and 8.4e-5 on ``(1, 1)`` and ``(1, -1, 1)``) halves the runs to a verdict (a median of
33,679 instead of 65,780, in 100 simulated checks each; reproduction/conformance/sequential.md
has the new ones).

Budgets: the smallest ``t`` with ``P(T > t) <= 10^-4`` under the algorithm's exact law
(``tests/test_conformance.py`` recomputes them); a run is stopped there and its time enters the
tests as ``min(T, budget)``, whose exact law each variant's chain gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from zonemax.conformance.laws import (
    ACCEPTANCE,
    BUGS,
    HEAVY_COMBINED_VARIANTS,
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
    # targets chosen by information per evaluation against the variants and the known bugs
    # (module docstring; reproduction/conformance/targets.md)
    "ea-pm1": Profile("ea-pm1", "algorithm-1", _PM1_VARIANTS,
                      (Instance((3, -1), 87), Instance((1, -1), 75),
                       Instance((1, -1, 1, -1), 195)), 20_000, bugs=BUGS["ea-pm1"]),
    "rls-pm1": Profile("rls-pm1", "algorithm-1", _PM1_VARIANTS,
                       (Instance((2,), 18), Instance((1,), 14), Instance((1, -1, 1, -1), 80)),
                       10_000, bugs=BUGS["rls-pm1"]),
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
    "ea-heavy": Profile("ea-heavy", "algorithm-1",
                        (*_STEP_VARIANTS, *HEAVY_OPERATOR_VARIANTS, *HEAVY_COMBINED_VARIANTS),
                        (Instance((1, 1), 154), Instance((1, -1, 1), 275), Instance((16,), 77)),
                        80_000,
                        (("eps", Fraction(1)),)),
    "rls-heavy": Profile("rls-heavy", "algorithm-1", _STEP_VARIANTS,
                         (Instance((1, 1), 76), Instance((2, 1), 83)), 10_000,
                         (("eps", Fraction(1)),)),
    "ea-power": Profile("ea-power", "algorithm-1", _STEP_VARIANTS,
                        (Instance((1, 1), 199), Instance((1, -1, 1), 351),
                         Instance((1, -1, 1, -1), 509)), 300_000,
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
