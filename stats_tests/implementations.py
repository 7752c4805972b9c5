"""Implementations under test, as simulator factories, and the planted-bug catalogue.

A test family exercises one algorithm through a factory that builds a
:data:`~zonemax.stats_tests.machinery.Simulator` for given parameters:

* ``ea_pm1()`` for the (1+1) EA with ±1 (Theorems 3-4);
* ``ea_heavy(eps, log_base, truncate, r)`` for the heavy-tailed (1+1) EA (Theorem 5);
* ``rls_ab(alpha, beta)`` for RLS_{alpha,beta} (Theorem 9).

:data:`REFERENCE` wraps :mod:`zonemax.reference`; :func:`fast_implementation` wraps the numba engine;
:data:`PLANTED` holds realistic bugs injected through the same public API.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from zonemax.reference import HeavyTailed, RunResult, one_plus_one_ea, rls_ab
from zonemax.reference.heavy_tailed import LogBase, Truncation
from zonemax.stats_tests import planted
from zonemax.stats_tests.machinery import Simulator

#: One run: (target, generator, budget) -> RunResult.
RunOne = Callable[[tuple[int, ...], np.random.Generator, int | None], RunResult]
HeavyFactory = Callable[[Fraction, LogBase, Truncation, int | None], Simulator]
RlsAbFactory = Callable[[Fraction, Fraction], Simulator]


def simulator_from_run(run: RunOne) -> Simulator:
    """Batch adapter: run ``k`` uses ``seed.spawn(runs)[k]``."""

    def simulate(a: tuple[int, ...], seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        ev = np.empty(runs, dtype=np.int64)
        ok = np.empty(runs, dtype=bool)
        for k, child in enumerate(seed.spawn(runs)):
            res = run(a, np.random.default_rng(child), budget)
            ev[k], ok[k] = res.evaluations, res.solved
        return ev, ok

    return simulate


@dataclass(frozen=True)
class Implementation:
    """What the families need; ``None`` where an implementation does not provide it."""

    name: str
    ea_pm1: Callable[[], Simulator] | None = None
    ea_heavy: HeavyFactory | None = None
    rls_ab: RlsAbFactory | None = None


def _ref_heavy(eps: Fraction, log_base: LogBase, truncate: Truncation,
               r: int | None) -> Simulator:
    op = HeavyTailed(eps, log_base, truncate, r)
    return simulator_from_run(lambda a, g, b: one_plus_one_ea(a, op, rng=g, budget=b))


def _ref_rls_ab(alpha: Fraction, beta: Fraction) -> Simulator:
    return simulator_from_run(
        lambda a, g, b: rls_ab(a, alpha, beta, rng=g, budget=b, warn=False))


REFERENCE = Implementation(
    "reference",
    ea_pm1=lambda: simulator_from_run(lambda a, g, b: one_plus_one_ea(a, rng=g, budget=b)),
    ea_heavy=_ref_heavy,
    rls_ab=_ref_rls_ab,
)


def fast_implementation() -> Implementation:
    """The numba engine (imported lazily: compiling takes a few seconds)."""
    from zonemax.engine import simulator

    return Implementation(
        "fast",
        ea_pm1=lambda: simulator("ea-pm1"),
        ea_heavy=lambda eps, base, trunc, r: simulator(
            "ea-heavy", eps=eps, log_base=base, truncate=trunc, r=r),
        rls_ab=lambda alpha, beta: simulator("rls-ab", alpha=alpha, beta=beta),
    )


def _pm1_with(run: Callable[..., RunResult]) -> Callable[[], Simulator]:
    return lambda: simulator_from_run(lambda a, g, b: run(a, rng=g, budget=b))


def _heavy_with(op_factory: Callable[[Fraction], object]) -> HeavyFactory:
    def factory(eps: Fraction, log_base: LogBase, truncate: Truncation,
                r: int | None) -> Simulator:
        if log_base != 2 or truncate != "none":
            # the planted operators model the untruncated base-2 operator only; other cases
            # run correctly so that any rejection is due to the bug
            return _ref_heavy(eps, log_base, truncate, r)
        op = op_factory(eps)
        return simulator_from_run(
            lambda a, g, b: one_plus_one_ea(a, op, rng=g, budget=b))  # type: ignore[arg-type]

    return factory


def _rls_with(run: Callable[..., RunResult]) -> RlsAbFactory:
    return lambda alpha, beta: simulator_from_run(
        lambda a, g, b: run(a, alpha, beta, rng=g, budget=b))


#: The planted bugs, each paired with the family whose tests must catch it.
PLANTED: dict[str, tuple[str, Implementation]] = {
    "±1 operator with P(+1) = 0.55": (
        "pm1", Implementation("biased-pm1", ea_pm1=_pm1_with(
            lambda a, rng, budget: one_plus_one_ea(a, planted.BiasedPlusMinusOne(), rng=rng,
                                                   budget=budget)))),
    "(1+1) EA with strict acceptance (<)": (
        "pm1", Implementation("strict-ea", ea_pm1=_pm1_with(planted.ea_strict_acceptance))),
    "(1+1) EA with mutation rate 1/(n+1)": (
        "pm1", Implementation("rate-n+1", ea_pm1=_pm1_with(planted.ea_rate_n_plus_1))),
    "heavy-tailed step 2^(I-1) (exponent off by one)": (
        "heavy", Implementation("heavy-off-by-one",
                                ea_heavy=_heavy_with(planted.HeavyTailedOffByOne))),
    "heavy-tailed c_eps in the wrong log base": (
        "heavy", Implementation("heavy-wrong-base",
                                ea_heavy=_heavy_with(planted.HeavyTailedWrongBase))),
    "RLS_{alpha,beta} increases v on ties": (
        "rls_ab", Implementation("rls-ties", rls_ab=_rls_with(planted.rls_ab_increase_on_ties))),
    "RLS_{alpha,beta} ignores the floor of v (rounds)": (
        "rls_ab", Implementation("rls-round", rls_ab=_rls_with(planted.rls_ab_round_velocity))),
}
