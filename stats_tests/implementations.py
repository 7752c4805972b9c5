"""Implementations under test: named simulators, the plain reference, and the planted bugs.

An :class:`Implementation` is a name and a :data:`~zonemax.stats_tests.machinery.Simulator`: a
function ``(spec, seed, runs, budget) -> (evaluations, solved)`` that runs an
:class:`~zonemax.reference.spec.AlgorithmSpec` ``runs`` times.  The statistical families take an
implementation and never import a simulation engine themselves: :data:`REFERENCE` wraps
:func:`zonemax.reference.run`; the fast engine is wrapped above this layer
(:func:`zonemax.verify.fast_implementation`); :data:`PLANTED` holds realistic bugs injected
through the same interface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from zonemax.reference import RunResult, one_plus_one_ea
from zonemax.reference.runner import run
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import planted
from zonemax.stats_tests.machinery import Simulator

#: One run: (spec, generator, budget) -> RunResult.
RunOne = Callable[[AlgorithmSpec, np.random.Generator, int | None], RunResult]


def simulator_from_run(run_one: RunOne) -> Simulator:
    """Batch adapter: run ``k`` uses ``seed.spawn(runs)[k]``."""

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        ev = np.empty(runs, dtype=np.int64)
        ok = np.empty(runs, dtype=bool)
        for k, child in enumerate(seed.spawn(runs)):
            res = run_one(spec, np.random.default_rng(child), budget)
            ev[k], ok[k] = res.evaluations, res.solved
        return ev, ok

    return simulate


@dataclass(frozen=True)
class Implementation:
    """An implementation under test: its name and its batch simulator.

    ``fast`` marks an implementation fast enough for the theorem-specific tests' sample sizes
    (:mod:`zonemax.stats_tests.theorems`); the families run only their exact cases otherwise.
    """

    name: str
    simulate: Simulator
    fast: bool = False


REFERENCE = Implementation(
    "reference", simulator_from_run(lambda spec, g, b: run(spec, rng=g, budget=b)))


def _planted(name: str, applies: Callable[[AlgorithmSpec], bool], run_one: RunOne
             ) -> Implementation:
    """An implementation that runs ``run_one`` where the bug ``applies`` and the reference
    elsewhere, so that any rejection is due to the bug."""
    buggy = simulator_from_run(run_one)

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        sim = buggy if applies(spec) else REFERENCE.simulate
        return sim(spec, seed, runs, budget)

    return Implementation(name, simulate)


def _common_mode(name: str, key: str) -> Implementation:
    """The plain reference itself, with the shared helper ``key`` of
    :data:`~zonemax.stats_tests.planted.COMMON_MODE` wrong while it runs."""

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        with planted.common_mode_bug(key):
            return REFERENCE.simulate(spec, seed, runs, budget)

    return Implementation(name, simulate)


def _is(algorithm: str) -> Callable[[AlgorithmSpec], bool]:
    return lambda spec: spec.algorithm == algorithm


def _untruncated_base2_heavy(spec: AlgorithmSpec) -> bool:
    # the planted operators model the untruncated base-2 operator only
    return spec.algorithm == "ea-heavy" and spec.log_base == 2 and spec.truncate == "none"


def _ab(spec: AlgorithmSpec) -> tuple[Fraction, Fraction]:
    assert spec.alpha is not None and spec.beta is not None
    return spec.alpha, spec.beta


#: The planted bugs, each paired with the family whose tests must catch it.
PLANTED: dict[str, tuple[str, Implementation]] = {
    "±1 operator with P(+1) = 0.55": ("pm1", _planted(
        "biased-pm1", _is("ea-pm1"),
        lambda spec, g, b: one_plus_one_ea(spec.a, planted.BiasedPlusMinusOne(), rng=g,
                                           budget=b))),
    "(1+1) EA with strict acceptance (<)": ("pm1", _planted(
        "strict-ea", _is("ea-pm1"),
        lambda spec, g, b: planted.ea_strict_acceptance(spec.a, rng=g, budget=b))),
    "(1+1) EA with mutation rate 1/(n+1)": ("pm1", _planted(
        "rate-n+1", _is("ea-pm1"),
        lambda spec, g, b: planted.ea_rate_n_plus_1(spec.a, rng=g, budget=b))),
    "heavy-tailed step 2^(I-1) (exponent off by one)": ("heavy", _planted(
        "heavy-off-by-one", _untruncated_base2_heavy,
        lambda spec, g, b: one_plus_one_ea(
            spec.a, planted.HeavyTailedOffByOne(spec.eps),  # type: ignore[arg-type]
            rng=g, budget=b))),
    "heavy-tailed c_eps in the wrong log base": ("heavy", _planted(
        "heavy-wrong-base", _untruncated_base2_heavy,
        lambda spec, g, b: one_plus_one_ea(
            spec.a, planted.HeavyTailedWrongBase(spec.eps),  # type: ignore[arg-type]
            rng=g, budget=b))),
    "RLS_{alpha,beta} increases v on ties": ("rls_ab", _planted(
        "rls-ties", _is("rls-ab"),
        lambda spec, g, b: planted.rls_ab_increase_on_ties(spec.a, *_ab(spec), rng=g,
                                                           budget=b))),
    "RLS_{alpha,beta} ignores the floor of v (rounds)": ("rls_ab", _planted(
        "rls-round", _is("rls-ab"),
        lambda spec, g, b: planted.rls_ab_round_velocity(spec.a, *_ab(spec), rng=g,
                                                         budget=b))),
    # used to hang: without caps a 10^12 target never finishes (issue 17)
    "RLS_{alpha,beta} caps the velocity at 2^10 (hangs at 10^12)": ("rls_ab", _planted(
        "rls-velocity-cap", _is("rls-ab"),
        lambda spec, g, b: planted.rls_ab_velocity_cap(spec.a, *_ab(spec), rng=g,
                                                       budget=b))),
    "power-law operator with exponent beta + 1": ("ops", _planted(
        "power-off-by-one", _is("ea-power"),
        lambda spec, g, b: one_plus_one_ea(
            spec.a, planted.power_law_exponent_off_by_one(spec.power_exponent),  # type: ignore[arg-type]
            rng=g, budget=b))),
    # common-mode bugs in helpers the exact solvers once shared with the reference (issue 17)
    "shared helper: largest admissible exponent off by one (in the reference)": ("heavy",
        _common_mode("common-largest-exponent", "largest-exponent")),
    "shared helper: c_eps without its tail (in the reference)": ("heavy",
        _common_mode("common-c-eps", "c-eps-without-tail")),
}
#: The planted bugs that live in a helper the reference shares (injected into the reference).
COMMON_MODE_BUGS: tuple[str, ...] = tuple(k for k in PLANTED if k.startswith("shared helper"))
#: The planted bug that used to hang the suite instead of failing it.
HANGING_BUG = "RLS_{alpha,beta} caps the velocity at 2^10 (hangs at 10^12)"
