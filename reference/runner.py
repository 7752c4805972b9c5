"""One run of an :class:`~zonemax.reference.spec.AlgorithmSpec` with the plain reference.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855: Algorithm 1
(:mod:`zonemax.reference.ea`) and RLS (:mod:`zonemax.reference.rls`) with the spec's step operator
(±1, heavy-tailed, and beyond the paper double-geometric and power-law), Algorithm 2
(:mod:`zonemax.reference.rls_ab`) and the CMA-ESwM baseline of Section 6
(:mod:`zonemax.reference.cma_wm`, imported only when asked for: it loads ``cmaes``).

``observer(evaluations, x)`` (optional) is called after every evaluation with the evaluation count
and the search point the algorithm holds then: the current point of the (1+1) EA, RLS and
RLS_{α,β} (elitist: it is also the best so far), the point just evaluated for CMA-ESwM.  It is how
an improvement trace is recorded (:mod:`zonemax.experiments.ioh_data`).

A spec-based run does not warn about Theorem 9's hypotheses: the spec says whether they hold
(:meth:`~zonemax.reference.spec.AlgorithmSpec.theorem9_violations`), and whoever takes the user's
parameters (the command line, a direct call of :func:`~zonemax.reference.rls_ab.rls_ab`) warns.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from zonemax.reference._common import Observer
from zonemax.reference.ea import one_plus_one_ea
from zonemax.reference.result import RunResult
from zonemax.reference.rls import rls
from zonemax.reference.rls_ab import VelocityObserver, rls_ab
from zonemax.reference.spec import EA_ALGORITHMS, RLS_ALGORITHMS, AlgorithmSpec


def run(
    spec: AlgorithmSpec,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
    observer: Observer | None = None,
) -> RunResult:
    """One run of ``spec`` from ``x = 0^n`` (SPEC 7 ``rng``; evaluation ``budget``; optional
    ``observer``, see the module docstring)."""
    if spec.algorithm in EA_ALGORITHMS:  # Algorithm 1 with the spec's step operator
        return one_plus_one_ea(spec.a, spec.step_operator(), rng=rng, budget=budget,
                               observer=observer)
    if spec.algorithm in RLS_ALGORITHMS:  # RLS (Section 2) with the spec's step operator
        return rls(spec.a, spec.step_operator(), rng=rng, budget=budget, observer=observer)
    match spec.algorithm:
        case "rls-ab":
            assert spec.alpha is not None and spec.beta is not None
            inner = None if observer is None else _drop_velocities(observer)
            return rls_ab(spec.a, spec.alpha, spec.beta, rng=rng, budget=budget, warn=False,
                          observer=inner)
        case "cma-wm":
            from zonemax.reference.cma_wm import cma_wm

            return cma_wm(spec.n, spec.a[0], rng=rng, budget=budget, observer=observer)
    raise AssertionError(spec.algorithm)  # unreachable: validated by AlgorithmSpec


def _drop_velocities(observer: Observer) -> VelocityObserver:
    """RLS_{α,β}'s observer also receives the velocities; pass on the point only."""

    def inner(t: int, x: tuple[int, ...], v: tuple[Fraction, ...]) -> None:
        observer(t, x)

    return inner
