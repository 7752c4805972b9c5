"""The algorithm specification: one algorithm of the paper with all its parameters.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Sections 2, 5 and 6.

:class:`AlgorithmSpec` is the one place where an algorithm's parameters are listed, validated
and given the paper's defaults (:mod:`zonemax.reference.params`).  The reference runner, the
fast engine, the exact solvers, the statistical families, the experiments and the command line
all take a spec; none of them lists the parameters again.

Algorithms (the names of the command line):

==============  ==================================================================
``ea-pm1``      (1+1) EA (Algorithm 1) with the ±1 operator (Definition 1)
``ea-heavy``    (1+1) EA with the heavy-tailed operator (Definition 2)
``rls-pm1``     RLS (Section 2) with the ±1 operator
``rls-heavy``   RLS with the heavy-tailed operator
``rls-ab``      RLS_{α,β} with self-adjusting velocities (Algorithm 2)
``cma-wm``      CMA-ES with Margin on Section 6's set-up (all-r target, bounds [0, r])
``ea-geom``     (1+1) EA with the double-geometric operator (Rudolph 1994)
``rls-geom``    RLS with the double-geometric operator
``ea-power``    (1+1) EA with the power-law operator (Doerr, Krejca, Rudolph 2025)
``rls-power``   RLS with the power-law operator
==============  ==================================================================

The last four are beyond the paper: the step operators of the follow-up literature,
run by the paper's Algorithm 1 and RLS (:mod:`zonemax.reference.double_geometric`,
:mod:`zonemax.reference.power_law`).

Parameters: ``a`` (the target in Z^n, Python ints of any size); ``eps``, ``log_base``,
``truncate`` and ``r`` for the heavy-tailed operator (``r`` is the truncation range and defaults
to ``|a|_inf`` when a truncation is asked for); ``alpha`` and ``beta`` for RLS_{α,β};
``geom_q`` *or* ``geom_mean`` for the double-geometric operator (the ratio ``q`` or the mean step
length ``2q/(1 - q^2)``; default ``geom_mean = 1``); ``power_exponent`` for the power-law operator
(default 3/2).  A parameter that the algorithm does not use is refused, so a typo cannot pass
silently.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal, TypeAlias

from zonemax.reference.double_geometric import DoubleGeometric
from zonemax.reference.fitness import norm_inf, validate_target
from zonemax.reference.heavy_tailed import HeavyTailed
from zonemax.reference.operators import PlusMinusOne, StepOperator
from zonemax.reference.params import (
    DEFAULT_ALPHA,
    DEFAULT_BETA,
    DEFAULT_EPS,
    DEFAULT_GEOM_MEAN,
    DEFAULT_LOG_BASE,
    DEFAULT_POWER_EXPONENT,
    LogBase,
    Real,
    Truncation,
    check_alpha_beta,
    check_eps,
    check_geom_mean,
    check_geom_q,
    check_log_base,
    check_power_exponent,
    check_truncation,
    outside_theorem9_message,
    theorem9_violations,
)
from zonemax.reference.power_law import PowerLaw

Algorithm: TypeAlias = Literal["ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "cma-wm",
                               "ea-geom", "rls-geom", "ea-power", "rls-power"]

#: Every algorithm, with its place in the paper.
ALGORITHMS: dict[str, str] = {
    "ea-pm1": "(1+1) EA with the ±1 operator (Algorithm 1, Definition 1; Theorems 3-4)",
    "ea-heavy": "(1+1) EA with the heavy-tailed operator (Algorithm 1, Definition 2; Theorem 5)",
    "rls-pm1": "RLS with the ±1 operator (Section 2)",
    "rls-heavy": "RLS with the heavy-tailed operator (Section 2)",
    "rls-ab": "RLS_{alpha,beta} with self-adjusting velocities (Algorithm 2; Theorem 9)",
    "cma-wm": "CMA-ES with Margin, all-integer, bounds [0, r] (Section 6)",
    "ea-geom": "(1+1) EA with the double-geometric operator (Rudolph 1994; beyond the paper)",
    "rls-geom": "RLS with the double-geometric operator (Rudolph 1994; beyond the paper)",
    "ea-power": "(1+1) EA with the power-law operator (Doerr, Krejca, Rudolph 2025; beyond the "
                "paper)",
    "rls-power": "RLS with the power-law operator (Doerr, Krejca, Rudolph 2025; beyond the paper)",
}
#: Algorithms whose step operator is the heavy-tailed one (Definition 2).
HEAVY_ALGORITHMS: tuple[str, ...] = ("ea-heavy", "rls-heavy")
#: Algorithms whose step operator is the double-geometric one (Rudolph 1994).
GEOM_ALGORITHMS: tuple[str, ...] = ("ea-geom", "rls-geom")
#: Algorithms whose step operator is the power-law one.
POWER_ALGORITHMS: tuple[str, ...] = ("ea-power", "rls-power")
#: The (1+1) EA (Algorithm 1) and RLS with a step operator, keyed by the operator.
EA_ALGORITHMS: tuple[str, ...] = ("ea-pm1", "ea-heavy", "ea-geom", "ea-power")
RLS_ALGORITHMS: tuple[str, ...] = ("rls-pm1", "rls-heavy", "rls-geom", "rls-power")


@dataclass(frozen=True)
class AlgorithmSpec:
    """One algorithm with its parameters, validated and completed with defaults on creation.

    Attributes
    ----------
    algorithm:
        One of :data:`ALGORITHMS`.
    a:
        The target (optimum) in Z^n; ``n = len(a)``.
    eps, log_base, truncate, r:
        Heavy-tailed operator only (Definition 2; see :mod:`zonemax.reference.heavy_tailed`).
        ``eps`` defaults to :data:`~zonemax.reference.params.DEFAULT_EPS`; ``r`` to ``|a|_inf``
        when ``truncate`` is ``condition`` or ``clip``.
    alpha, beta:
        RLS_{α,β} only (Algorithm 2); default ``(17/10, 9/10)``, Section 5's example.
    geom_q, geom_mean:
        Double-geometric operator only (``ea-geom``, ``rls-geom``): the ratio ``0 < q < 1`` *or*
        the mean step length ``E|step| = 2q/(1 - q^2) > 0``, not both; the one given is kept
        (the other is ``None``).  Default ``geom_mean = 1``
        (:data:`~zonemax.reference.params.DEFAULT_GEOM_MEAN`).
    power_exponent:
        Power-law operator only (``ea-power``, ``rls-power``): the exponent ``beta > 1``;
        default 3/2 (:data:`~zonemax.reference.params.DEFAULT_POWER_EXPONENT`).
    """

    algorithm: str
    a: tuple[int, ...]
    eps: Fraction | None = None
    log_base: LogBase = DEFAULT_LOG_BASE
    truncate: Truncation = "none"
    r: int | None = None
    alpha: Fraction | None = None
    beta: Fraction | None = None
    geom_q: Fraction | None = None
    geom_mean: Fraction | None = None
    power_exponent: Fraction | None = None

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(
                f"unknown algorithm {self.algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
            )
        object.__setattr__(self, "a", validate_target(self.a))
        if self.heavy:
            eps: Real = DEFAULT_EPS if self.eps is None else self.eps
            object.__setattr__(self, "eps", check_eps(eps))
            object.__setattr__(self, "log_base", check_log_base(self.log_base))
            object.__setattr__(self, "truncate", check_truncation(self.truncate))
            if self.truncate == "none":
                if self.r is not None:
                    raise ValueError("a truncation range r needs truncate 'condition' or 'clip'")
            elif self.r is None:
                object.__setattr__(self, "r", max(1, norm_inf(self.a)))
            elif isinstance(self.r, bool) or not isinstance(self.r, int) or self.r < 1:
                raise ValueError(f"the truncation range r must be an integer >= 1, got {self.r!r}")
        elif (self.eps is not None or self.truncate != "none" or self.r is not None
              or self.log_base != DEFAULT_LOG_BASE):
            raise ValueError(
                f"eps, log base, truncation and its range apply to ea-heavy and rls-heavy, "
                f"not to {self.algorithm}"
            )
        if self.algorithm == "rls-ab":
            al: Real = DEFAULT_ALPHA if self.alpha is None else self.alpha
            be: Real = DEFAULT_BETA if self.beta is None else self.beta
            alpha, beta = check_alpha_beta(al, be)
            object.__setattr__(self, "alpha", alpha)
            object.__setattr__(self, "beta", beta)
        elif self.alpha is not None or self.beta is not None:
            raise ValueError(f"alpha and beta apply to rls-ab, not to {self.algorithm}")
        if self.algorithm in GEOM_ALGORITHMS:
            if self.geom_q is not None and self.geom_mean is not None:
                raise ValueError("give either geom_q (the ratio q) or geom_mean (the mean step "
                                 "length 2q/(1 - q^2)) for the double-geometric operator, not both")
            if self.geom_q is not None:
                object.__setattr__(self, "geom_q", check_geom_q(self.geom_q))
            else:
                mean: Real = DEFAULT_GEOM_MEAN if self.geom_mean is None else self.geom_mean
                object.__setattr__(self, "geom_mean", check_geom_mean(mean))
        elif self.geom_q is not None or self.geom_mean is not None:
            raise ValueError(f"geom_q and geom_mean apply to {' and '.join(GEOM_ALGORITHMS)}, "
                             f"not to {self.algorithm}")
        if self.algorithm in POWER_ALGORITHMS:
            exponent: Real = (DEFAULT_POWER_EXPONENT if self.power_exponent is None
                              else self.power_exponent)
            object.__setattr__(self, "power_exponent", check_power_exponent(exponent))
        elif self.power_exponent is not None:
            raise ValueError(f"power_exponent applies to {' and '.join(POWER_ALGORITHMS)}, "
                             f"not to {self.algorithm}")
        if self.algorithm == "cma-wm" and (len(set(self.a)) != 1 or self.a[0] < 1):
            raise ValueError(
                "cma-wm uses Section 6's set-up: the target must be all-r with r >= 1 "
                "(use --n N --r R)"
            )

    @property
    def n(self) -> int:
        """The dimension ``n``."""
        return len(self.a)

    @property
    def heavy(self) -> bool:
        """Whether the step operator is the heavy-tailed one (Definition 2)."""
        return self.algorithm in HEAVY_ALGORITHMS

    @property
    def description(self) -> str:
        """The algorithm with its place in the paper."""
        return ALGORITHMS[self.algorithm]

    def with_target(self, a: tuple[int, ...]) -> AlgorithmSpec:
        """The same algorithm and parameters on another target (a truncation range that
        defaulted to ``|a|_inf`` is kept as it is)."""
        return replace(self, a=a)

    def step_operator(self) -> StepOperator:
        """The step operator of ``ea-*`` and ``rls-*``: heavy-tailed (Definition 2), ±1
        (Definition 1), double-geometric or power-law.  ``rls-ab`` and ``cma-wm`` have none."""
        if self.algorithm in ("rls-ab", "cma-wm"):
            raise ValueError(f"{self.algorithm} has no step operator")
        if self.heavy:
            assert self.eps is not None
            return HeavyTailed(self.eps, self.log_base, self.truncate, self.r)
        if self.algorithm in GEOM_ALGORITHMS:
            return DoubleGeometric(q=self.geom_q, mean=self.geom_mean)
        if self.algorithm in POWER_ALGORITHMS:
            assert self.power_exponent is not None
            return PowerLaw(self.power_exponent)
        return PlusMinusOne()

    def theorem9_violations(self) -> tuple[str, ...]:
        """For ``rls-ab``: the hypotheses of Theorem 9 that ``(alpha, beta)`` violates."""
        if self.alpha is None or self.beta is None:
            return ()
        return theorem9_violations(self.alpha, self.beta)

    def outside_theorem_message(self) -> str | None:
        """A warning for ``rls-ab`` outside Theorem 9's hypotheses, else ``None``."""
        if self.alpha is None or self.beta is None:
            return None
        return outside_theorem9_message(self.alpha, self.beta)

    def params(self) -> dict[str, object]:
        """JSON-ready parameters (exact rationals as strings), ``n`` and ``a`` first."""
        out: dict[str, object] = {"n": self.n, "a": list(self.a)}
        if self.heavy:
            out.update(eps=str(self.eps), log_base=str(self.log_base), truncate=self.truncate)
            if self.truncate != "none":
                out["r"] = self.r
        if self.algorithm == "rls-ab":
            out.update(alpha=str(self.alpha), beta=str(self.beta))
        if self.geom_q is not None:
            out["geom_q"] = str(self.geom_q)
        if self.geom_mean is not None:
            out["geom_mean"] = str(self.geom_mean)
        if self.power_exponent is not None:
            out["power_exponent"] = str(self.power_exponent)
        return out
