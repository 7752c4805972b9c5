"""Implementations under test: named simulators, the plain reference, and the planted bugs.

An :class:`Implementation` is a name and a :data:`~zonemax.stats_tests.machinery.Simulator`: a
function ``(spec, seed, runs, budget) -> (evaluations, solved)`` that runs an
:class:`~zonemax.reference.spec.AlgorithmSpec` ``runs`` times.  The statistical families take an
implementation and never import a simulation engine themselves: :data:`REFERENCE` wraps
:func:`zonemax.reference.run`; the fast engine is wrapped above this layer
(:func:`zonemax.verify.fast_implementation`); :data:`PLANTED` holds realistic bugs injected
through the same interface.

A reference-style implementation also exposes what the one-step laws of
:mod:`zonemax.stats_tests.laws` look at: its step ``operator`` for a spec, and a
``tracer`` that runs a spec while recording the search point (and, for RLS_{alpha,beta}, the
velocities) after every iteration.  The fast engine has neither: it skips iterations.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from zonemax.reference import RunResult, one_plus_one_ea, rls, rls_ab
from zonemax.reference.operators import Probability, StepOperator
from zonemax.reference.runner import run
from zonemax.reference.spec import GEOM_ALGORITHMS, AlgorithmSpec
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


#: Called after every iteration of an observed run with the search point and (RLS_{alpha,beta}
#: only, else ``None``) the velocities; it may raise to end the run early.
Observe = Callable[[tuple[int, ...], tuple[Fraction, ...] | None], None]
#: One observed run of a prepared spec: ``(generator, budget, observe) -> solved`` (whether the
#: run reached the optimum within ``budget`` iterations).  Nothing is stored: a run of millions
#: of iterations (a bug, up to its cap) costs no memory.
Tracer = Callable[[np.random.Generator, int, Observe], bool]
#: Prepares the observed runs of one spec (once per draw: an implementation may share state,
#: such as an operator's tables, between the runs of a draw, as the reference's caches do).
TracerFactory = Callable[[AlgorithmSpec], Tracer]
#: The step operator an implementation uses for a spec with one (``ea-*``, ``rls-*``).
OperatorFactory = Callable[[AlgorithmSpec], StepOperator]
#: The step magnitudes an engine's kernels draw, ``(spec, limit 2 f, count, rng) -> (candidate
#: magnitudes, candidate mass)`` (:func:`zonemax.engine.candidate_magnitudes`, judged by
#: :mod:`zonemax.stats_tests.samplers`).
StepSampler = Callable[[AlgorithmSpec, int, int, np.random.Generator], tuple[np.ndarray, float]]


@dataclass(frozen=True)
class Implementation:
    """An implementation under test: its name and its batch simulator.

    ``fast`` marks an implementation fast enough for the theorem-specific tests' sample sizes
    (:mod:`zonemax.stats_tests.theorems`); the families run only their exact cases otherwise.
    ``operator`` and ``tracer`` (reference-style implementations only) expose the step operator
    and the observed runs that the one-step laws of :mod:`zonemax.stats_tests.laws` judge;
    ``sampler`` (the fast engine) the step magnitudes its kernels draw
    (:mod:`zonemax.stats_tests.samplers`).  ``per_iteration`` (fast implementations) runs
    ``ea-pm1`` without the shortcuts for large targets (no blocks, no shared table slots): the
    oracle of :mod:`zonemax.stats_tests.blocks`.
    """

    name: str
    simulate: Simulator
    fast: bool = False
    operator: OperatorFactory | None = None
    tracer: TracerFactory | None = None
    per_iteration: Simulator | None = None
    sampler: StepSampler | None = None


def _has_operator(spec: AlgorithmSpec) -> bool:
    return spec.algorithm in ("ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy")


#: Algorithm 2 with an observer: ``(a, alpha, beta, *, rng, budget, observer) -> RunResult``.
RlsAbRun = Callable[..., RunResult]


def _reference_rls_ab(a: tuple[int, ...], alpha: Fraction, beta: Fraction,
                      **kwargs: object) -> RunResult:
    return rls_ab(a, alpha, beta, warn=False, **kwargs)  # type: ignore[arg-type]


def tracer_with(spec: AlgorithmSpec, op: StepOperator | None,
                rls_ab_run: RlsAbRun = _reference_rls_ab) -> Tracer:
    """Observed runs of ``spec`` by the reference algorithms (Algorithm 1, RLS, Algorithm 2),
    with the step operator ``op`` shared by the runs (``rls_ab_run`` replaces Algorithm 2)."""

    def trace(rng: np.random.Generator, budget: int, observe: Observe) -> bool:
        if spec.algorithm == "rls-ab":
            assert spec.alpha is not None and spec.beta is not None
            res = rls_ab_run(spec.a, spec.alpha, spec.beta, rng=rng, budget=budget,
                             observer=lambda t, x, v: observe(x, v))
            return res.solved
        if op is None:
            raise ValueError(f"no observed runs of {spec.algorithm}")
        algorithm = one_plus_one_ea if spec.algorithm.startswith("ea-") else rls
        res = algorithm(spec.a, op, rng=rng, budget=budget,
                        observer=lambda t, x: observe(x, None))
        return res.solved

    return trace


def _reference_operator(spec: AlgorithmSpec) -> StepOperator:
    return spec.step_operator()


def _reference_tracer(spec: AlgorithmSpec) -> Tracer:
    return tracer_with(spec, spec.step_operator() if _has_operator(spec) else None)


REFERENCE = Implementation(
    "reference", simulator_from_run(lambda spec, g, b: run(spec, rng=g, budget=b)),
    operator=_reference_operator, tracer=_reference_tracer)


def _planted(name: str, applies: Callable[[AlgorithmSpec], bool], run_one: RunOne,
             tracer: TracerFactory | None = None) -> Implementation:
    """An implementation that runs ``run_one`` where the bug ``applies`` and the reference
    elsewhere, so that any rejection is due to the bug.

    With ``tracer`` (its observed runs where the bug applies) it also exposes the reference's
    operator and observed runs elsewhere, so that :mod:`zonemax.stats_tests.laws` can judge it;
    without, it has neither (its bug is in its runs only)."""
    buggy = simulator_from_run(run_one)

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        sim = buggy if applies(spec) else REFERENCE.simulate
        return sim(spec, seed, runs, budget)

    if tracer is None:
        return Implementation(name, simulate)
    buggy_tracer = tracer

    def trace(spec: AlgorithmSpec) -> Tracer:
        return buggy_tracer(spec) if applies(spec) else _reference_tracer(spec)

    return Implementation(name, simulate, operator=_reference_operator, tracer=trace)


@dataclass(frozen=True)
class PatchedOperator:
    """A step operator every call of which runs inside ``patch()`` (a planted helper bug of the
    reference operator's module, :func:`zonemax.stats_tests.planted.helper_bug`)."""

    inner: StepOperator
    patch: Callable[[], AbstractContextManager[None]]

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        with self.patch():
            return self.inner.sample(limit, rng)

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        with self.patch():
            return self.inner.step_distribution(limit)


def _helper_bug(name: str, key: str) -> Implementation:
    """The plain reference itself, with the helper ``key`` of its operator's module wrong while
    it runs (:func:`zonemax.stats_tests.planted.helper_bug`): common-mode bugs and
    large-magnitude bugs."""

    def patch() -> AbstractContextManager[None]:
        return planted.helper_bug(key)

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        with patch():
            return REFERENCE.simulate(spec, seed, runs, budget)

    def operator(spec: AlgorithmSpec) -> StepOperator:
        return PatchedOperator(spec.step_operator(), patch)

    def tracer(spec: AlgorithmSpec) -> Tracer:
        inner = tracer_with(spec, operator(spec) if _has_operator(spec) else None)

        def trace(rng: np.random.Generator, budget: int, observe: Observe) -> bool:
            with patch():
                return inner(rng, budget, observe)

        return trace

    return Implementation(name, simulate, operator=operator, tracer=tracer)


def _common_mode(name: str, key: str) -> Implementation:
    """The plain reference itself, with the shared helper ``key`` of
    :data:`~zonemax.stats_tests.planted.COMMON_MODE` wrong while it runs."""
    return _helper_bug(name, key)


OperatorBug = Callable[[AlgorithmSpec], StepOperator]


def _run_with(spec: AlgorithmSpec, op: StepOperator, rng: np.random.Generator,
              budget: int | None) -> RunResult:
    algorithm = one_plus_one_ea if spec.algorithm.startswith("ea-") else rls
    return algorithm(spec.a, op, rng=rng, budget=budget)


def _heavy(spec: AlgorithmSpec) -> bool:
    return spec.heavy


def _operator_bug(name: str, make: OperatorBug,
                  applies: Callable[[AlgorithmSpec], bool] = _heavy) -> Implementation:
    """The reference algorithms with the step operator of the specs where the bug ``applies``
    (default: the heavy-tailed one) replaced by ``make(spec)`` (a subclass of the reference
    operator that changes one method); the other operators, RLS_{alpha, beta} and CMA-ESwM run
    as in the reference.  As in :func:`zonemax.reference.run`, every run builds its operator
    afresh; observed runs share one per draw (as the reference tracer does)."""

    def operator(spec: AlgorithmSpec) -> StepOperator:
        return make(spec) if applies(spec) else spec.step_operator()

    def run_one(spec: AlgorithmSpec, g: np.random.Generator, b: int | None) -> RunResult:
        if not applies(spec):
            return run(spec, rng=g, budget=b)
        return _run_with(spec, operator(spec), g, b)

    def tracer(spec: AlgorithmSpec) -> Tracer:
        return tracer_with(spec, operator(spec) if _has_operator(spec) else None)

    return Implementation(name, simulator_from_run(run_one), operator=operator, tracer=tracer)


def _heavy_kwargs(spec: AlgorithmSpec) -> dict[str, object]:
    return {"eps": spec.eps, "log_base": spec.log_base, "truncate": spec.truncate, "r": spec.r}


def _rls_ab_tracer(run_ab: RlsAbRun) -> TracerFactory:
    return lambda spec: tracer_with(spec, None, run_ab)


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
    # the mean stays exact: only the family's test of the whole law of T can see it
    "runs of a pair share one evaluation counter (mean exact)": ("pm1", Implementation(
        "shared-counter", planted.shared_worker_counter(REFERENCE.simulate))),
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
    # used to hang: without caps a 10^12 target never finishes
    "RLS_{alpha,beta} caps the velocity at 2^10 (hangs at 10^12)": ("rls_ab", _planted(
        "rls-velocity-cap", _is("rls-ab"),
        lambda spec, g, b: planted.rls_ab_velocity_cap(spec.a, *_ab(spec), rng=g,
                                                       budget=b))),
    "power-law operator with exponent beta + 1": ("ops", _planted(
        "power-off-by-one", _is("ea-power"),
        lambda spec, g, b: one_plus_one_ea(
            spec.a, planted.power_law_exponent_off_by_one(spec.power_exponent),  # type: ignore[arg-type]
            rng=g, budget=b))),
    # common-mode bugs in helpers the exact solvers once shared with the reference
    "shared helper: largest admissible exponent off by one (in the reference)": ("heavy",
        _common_mode("common-largest-exponent", "largest-exponent")),
    "shared helper: c_eps without its tail (in the reference)": ("heavy",
        _common_mode("common-c-eps", "c-eps-without-tail")),
    # RLS with the heavy-tailed operator; large magnitudes; a stateful cache; the sign
    "RLS with the heavy-tailed operator: longest step f(x), not 2 f(x)": ("heavy", _planted(
        "rls-heavy-limit-f", _is("rls-heavy"),
        lambda spec, g, b: planted.rls_limit_f(spec.a, spec.step_operator(), rng=g,
                                               budget=b))),
    "heavy-tailed operator with sign bias P(+) = 0.52": ("laws", _operator_bug(
        "heavy-sign-bias",
        lambda spec: planted.HeavyTailedSignBias(**_heavy_kwargs(spec)))),  # type: ignore[arg-type]
    "heavy-tailed table extended without the tabulated mass (cache)": ("laws", _operator_bug(
        "heavy-stale-extension",
        lambda spec: planted.HeavyTailedStaleExtension(**_heavy_kwargs(spec)))),  # type: ignore[arg-type]
    "heavy-tailed steps longer than 2^32 treated as too long": ("laws", _helper_bug(
        "heavy-32-bit-table", "exponent-table-32-bit")),
    # an operator beyond the paper wrong on one side of its parameter range only
    "double-geometric operator: log(1 - q) for ln q when q >= 1/2": ("laws", _operator_bug(
        "geom-wrong-log",
        lambda spec: planted.DoubleGeometricWrongLog(q=spec.geom_q, mean=spec.geom_mean),
        lambda spec: spec.algorithm in GEOM_ALGORITHMS)),
    "RLS_{alpha,beta} velocity wraps at 2^32": ("laws", _planted(
        "rls-velocity-wrap", _is("rls-ab"),
        lambda spec, g, b: planted.rls_ab_velocity_wrap(spec.a, *_ab(spec), rng=g, budget=b),
        tracer=_rls_ab_tracer(planted.rls_ab_velocity_wrap))),
}
#: The planted bugs that live in a helper the reference shares (injected into the reference).
COMMON_MODE_BUGS: tuple[str, ...] = tuple(k for k in PLANTED if k.startswith("shared helper"))
#: The planted bug that used to hang the suite instead of failing it.
HANGING_BUG = "RLS_{alpha,beta} caps the velocity at 2^10 (hangs at 10^12)"
