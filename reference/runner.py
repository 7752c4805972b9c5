"""One run of an :class:`~zonemax.reference.spec.AlgorithmSpec` with the plain reference.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855: Algorithm 1
(:mod:`zonemax.reference.ea`) and RLS (:mod:`zonemax.reference.rls`) with the spec's step operator
(±1, heavy-tailed, and beyond the paper double-geometric and power-law), Algorithm 2
(:mod:`zonemax.reference.rls_ab`) and the CMA-ESwM baseline of Section 6
(:mod:`zonemax.reference.cma_wm`, imported only when asked for: it loads ``cmaes``).

A spec-based run does not warn about Theorem 9's hypotheses: the spec says whether they hold
(:meth:`~zonemax.reference.spec.AlgorithmSpec.theorem9_violations`), and whoever takes the user's
parameters (the command line, a direct call of :func:`~zonemax.reference.rls_ab.rls_ab`) warns.
"""

from __future__ import annotations

import numpy as np
from zonemax.reference.ea import one_plus_one_ea
from zonemax.reference.result import RunResult
from zonemax.reference.rls import rls
from zonemax.reference.rls_ab import rls_ab
from zonemax.reference.spec import EA_ALGORITHMS, RLS_ALGORITHMS, AlgorithmSpec


def run(
    spec: AlgorithmSpec,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
) -> RunResult:
    """One run of ``spec`` from ``x = 0^n`` (SPEC 7 ``rng``; evaluation ``budget``)."""
    if spec.algorithm in EA_ALGORITHMS:  # Algorithm 1 with the spec's step operator
        return one_plus_one_ea(spec.a, spec.step_operator(), rng=rng, budget=budget)
    if spec.algorithm in RLS_ALGORITHMS:  # RLS (Section 2) with the spec's step operator
        return rls(spec.a, spec.step_operator(), rng=rng, budget=budget)
    match spec.algorithm:
        case "rls-ab":
            assert spec.alpha is not None and spec.beta is not None
            return rls_ab(spec.a, spec.alpha, spec.beta, rng=rng, budget=budget, warn=False)
        case "cma-wm":
            from zonemax.reference.cma_wm import cma_wm

            return cma_wm(spec.n, spec.a[0], rng=rng, budget=budget)
    raise AssertionError(spec.algorithm)  # unreachable: validated by AlgorithmSpec
