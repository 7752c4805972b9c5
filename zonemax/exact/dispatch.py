"""``exact_expectation(spec)``: the one entry point, dispatching a spec to its family's solver."""

from __future__ import annotations

from zonemax.exact.ea_heavy import ea_heavy_exact
from zonemax.exact.ea_pm1 import ea_pm1_exact
from zonemax.exact.geom import ea_geom_exact, rls_geom_exact
from zonemax.exact.limits import ALGORITHMS, default_max_states, sorted_tuples_upto
from zonemax.exact.linalg import ExactProgress
from zonemax.exact.power import ea_power_exact, rls_power_exact
from zonemax.exact.result import ExactResult, InstanceTooLarge
from zonemax.exact.rls_ab import rls_ab_exact
from zonemax.exact.rls_heavy import rls_heavy_exact
from zonemax.exact.rls_pm1 import rls_pm1_exact
from zonemax.reference.spec import AlgorithmSpec

#: The families solved in interval arithmetic (at ``dps`` digits); the others are exact
#: rationals (``ea-geom``/``rls-geom`` too when ``q`` is rational).
INTERVAL_ALGORITHMS = ("ea-heavy", "rls-heavy", "ea-geom", "rls-geom", "ea-power", "rls-power")
#: The families with a rigorous floating-point solver too (``method="float"``):
#: :mod:`zonemax.exact.ea_pm1_float` for ``ea-pm1``, :mod:`zonemax.exact.ea_steps_float` for the
#: (1+1) EA with a step law (heavy-tailed, double-geometric, power law).
FLOAT_ALGORITHMS = ("ea-pm1", "ea-heavy", "ea-geom", "ea-power")
#: ``method="auto"`` gives the step laws (ea-heavy, ea-geom, ea-power) to the floating-point
#: solver beyond their default caps only from this ``n`` on: below it the interval solver
#: handles large ``|a|_1`` well (its cost per state grows like ``(2 log2(2f) + 1)^n``) and its
#: refusals and notes stay as they were.
STEPS_FLOAT_MIN_N = 3
#: ``method`` values: ``"auto"`` (exact rationals where the instance is within the family's
#: default state cap, else the floating-point solver where there is one), ``"exact"`` (the
#: family's usual solver) or ``"float"`` (:mod:`zonemax.exact.ea_pm1_float`,
#: :mod:`zonemax.exact.ea_steps_float`, which this module does not import: they are compiled
#: with numba, which the statistics layer must not import).
METHODS = ("auto", "exact", "float")


def chosen_method(spec: AlgorithmSpec, method: str = "auto") -> str:
    """``"exact"`` or ``"float"``: the solver :func:`exact_expectation` uses for ``spec``."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}; got {method!r}")
    if method == "float" and spec.algorithm not in FLOAT_ALGORITHMS:
        raise ValueError(f"method='float' exists for {', '.join(FLOAT_ALGORITHMS)} only; "
                         f"{spec.algorithm} is solved by its exact solver")
    if method != "auto":
        return method
    if spec.algorithm != "ea-pm1" and spec.n < STEPS_FLOAT_MIN_N:
        return "exact"  # the interval solver's cost grows with n, hardly with |a|_1
    if spec.algorithm in FLOAT_ALGORITHMS:
        try:
            states = sorted_tuples_upto(spec.n, sum(abs(x) for x in spec.a))
        except InstanceTooLarge:  # far beyond either solver: the float solver refuses it
            return "float"
        if states > default_max_states(spec.algorithm, spec.n):
            return "float"
    return "exact"


def exact_expectation(
    spec: AlgorithmSpec,
    *,
    max_states: int | None = None,
    with_variance: bool = False,
    dps: int | None = None,
    progress: ExactProgress | None = None,
) -> ExactResult:
    """``E[T]`` (and ``Var[T]``) of ``spec`` from its family's solver (one of :data:`ALGORITHMS`).

    Beyond these sizes see :func:`chosen_method`,
    :func:`zonemax.exact.ea_pm1_float.ea_pm1_float_result` (``ea-pm1``) and
    :func:`zonemax.exact.ea_steps_float.ea_steps_float_result` (``ea-heavy``, ``ea-geom``,
    ``ea-power``).

    ``max_states`` caps the estimated number of lumped states (default: per family and ``n``,
    :mod:`zonemax.exact.limits`); larger instances raise
    :class:`~zonemax.exact.result.InstanceTooLarge`.  ``dps`` is the precision (decimal digits)
    of an interval solve (:data:`INTERVAL_ALGORITHMS`; default
    :data:`~zonemax.exact.heavy_law.DEFAULT_HEAVY_DPS`); an enclosure that means nothing raises
    :class:`~zonemax.exact.result.EnclosureTooWide`, which names a precision to try.
    ``progress`` hears how far the solve has got (:data:`~zonemax.exact.linalg.ExactProgress`).
    """
    if not isinstance(spec, AlgorithmSpec):
        raise TypeError(f"spec must be an AlgorithmSpec, got {type(spec).__name__}")
    if dps is not None and spec.algorithm not in INTERVAL_ALGORITHMS:
        raise ValueError(f"dps applies only to the interval solves of "
                         f"{', '.join(INTERVAL_ALGORITHMS)}; {spec.algorithm} is solved exactly")
    digits = {} if dps is None else {"dps": dps}
    cap, var, told = max_states, with_variance, progress
    match spec.algorithm:
        case "ea-pm1":
            return ea_pm1_exact(spec.a, max_states=cap, with_variance=var, progress=told)
        case "rls-pm1":
            return rls_pm1_exact(spec.a, max_states=cap, with_variance=var, progress=told)
        case "rls-ab":
            assert spec.alpha is not None and spec.beta is not None
            return rls_ab_exact(spec.a, spec.alpha, spec.beta, max_states=cap, with_variance=var,
                                progress=told)
        case "ea-heavy" | "rls-heavy":
            assert spec.eps is not None
            solve = ea_heavy_exact if spec.algorithm == "ea-heavy" else rls_heavy_exact
            return solve(spec.a, spec.eps, log_base=spec.log_base, truncate=spec.truncate,
                         r=spec.r, max_states=cap, with_variance=var, progress=told, **digits)
        case "ea-geom" | "rls-geom":
            solve_geom = ea_geom_exact if spec.algorithm == "ea-geom" else rls_geom_exact
            return solve_geom(spec.a, q=spec.geom_q, mean=spec.geom_mean, max_states=cap,
                              with_variance=var, progress=told, **digits)
        case "ea-power" | "rls-power":
            assert spec.power_exponent is not None
            solve_power = ea_power_exact if spec.algorithm == "ea-power" else rls_power_exact
            return solve_power(spec.a, spec.power_exponent, max_states=cap, with_variance=var,
                               progress=told, **digits)
    raise ValueError(f"no exact solver for {spec.algorithm}; exact solvers exist for "
                     f"{', '.join(ALGORITHMS)}")
