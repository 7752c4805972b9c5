"""Batches of independent runs: one specification, many seeds, reference or fast engine.

This is the library behind ``zonemax run``.  An :class:`AlgorithmSpec` names one of the paper's
algorithms with its parameters; :func:`run_batch` runs it ``runs`` times with generators spawned
from ``SeedSequence(seed)``, so run ``k`` gets the same stream whatever else is run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

import numpy as np

from zonemax.reference.cma_wm import cma_wm
from zonemax.reference.ea import one_plus_one_ea
from zonemax.reference.fitness import norm_inf, validate_target
from zonemax.reference.heavy_tailed import LogBase, Truncation, check_eps, check_log_base
from zonemax.reference.operators import PlusMinusOne, StepOperator
from zonemax.reference.result import RunResult
from zonemax.reference.rls import rls
from zonemax.reference.rls_ab import check_alpha_beta, rls_ab

Algorithm = Literal["ea-pm1", "ea-heavy", "rls-pm1", "rls-heavy", "rls-ab", "cma-wm"]
#: The algorithm names of the command line, each with the paper's place.
ALGORITHMS: dict[str, str] = {
    "ea-pm1": "(1+1) EA with the ±1 operator (Algorithm 1, Definition 1; Theorems 3-4)",
    "ea-heavy": "(1+1) EA with the heavy-tailed operator (Algorithm 1, Definition 2; Theorem 5)",
    "rls-pm1": "RLS with the ±1 operator (Section 2)",
    "rls-heavy": "RLS with the heavy-tailed operator (Section 2)",
    "rls-ab": "RLS_{alpha,beta} with self-adjusting velocities (Algorithm 2; Theorem 9)",
    "cma-wm": "CMA-ES with Margin, all-integer, bounds [0, r] (Section 6)",
}
Engine = Literal["reference", "fast"]

#: Section 6 uses eps = 0.001 for the heavy-tailed operator.
DEFAULT_EPS = Fraction(1, 1000)
#: Section 5's example parameters inside Theorem 9's hypotheses.
DEFAULT_ALPHA, DEFAULT_BETA = Fraction(17, 10), Fraction(9, 10)


@dataclass(frozen=True)
class AlgorithmSpec:
    """One algorithm with its parameters, validated on construction.

    ``eps``/``log_base``/``truncate``/``r`` apply to the heavy-tailed operator (``r`` is the
    truncation range and defaults to ``|a|_inf``); ``alpha``/``beta`` to ``rls-ab``.
    """

    algorithm: str
    a: tuple[int, ...]
    eps: Fraction | None = None
    log_base: LogBase = 2
    truncate: Truncation = "none"
    r: int | None = None
    alpha: Fraction | None = None
    beta: Fraction | None = None

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(
                f"unknown algorithm {self.algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
            )
        object.__setattr__(self, "a", validate_target(self.a))
        heavy = self.algorithm in ("ea-heavy", "rls-heavy")
        if heavy:
            eps = DEFAULT_EPS if self.eps is None else check_eps(self.eps)
            object.__setattr__(self, "eps", eps)
            object.__setattr__(self, "log_base", check_log_base(self.log_base))
            if self.truncate not in ("none", "condition", "clip"):
                raise ValueError(f"truncate must be none, condition or clip, got {self.truncate!r}")
            if self.truncate != "none" and self.r is None:
                object.__setattr__(self, "r", max(1, norm_inf(self.a)))
        elif self.eps is not None or self.truncate != "none" or self.log_base != 2:
            raise ValueError(
                f"--eps, --log-base and --truncate apply to ea-heavy and rls-heavy, "
                f"not to {self.algorithm}"
            )
        if self.algorithm == "rls-ab":
            alpha = DEFAULT_ALPHA if self.alpha is None else self.alpha
            beta = DEFAULT_BETA if self.beta is None else self.beta
            alpha, beta = check_alpha_beta(alpha, beta)
            object.__setattr__(self, "alpha", alpha)
            object.__setattr__(self, "beta", beta)
        elif self.alpha is not None or self.beta is not None:
            raise ValueError(f"--alpha and --beta apply to rls-ab, not to {self.algorithm}")
        if self.algorithm == "cma-wm" and (len(set(self.a)) != 1 or self.a[0] < 1):
            raise ValueError(
                "cma-wm uses Section 6's set-up: the target must be all-r with r >= 1 "
                "(use --n N --r R)"
            )

    @property
    def n(self) -> int:
        return len(self.a)

    def step_operator(self) -> StepOperator:
        """The step operator of ``ea-*``/``rls-*`` (not defined for rls-ab and cma-wm)."""
        if self.algorithm in ("ea-heavy", "rls-heavy"):
            from zonemax.reference.heavy_tailed import HeavyTailed

            assert self.eps is not None
            return HeavyTailed(self.eps, self.log_base, self.truncate,
                               None if self.truncate == "none" else self.r)
        return PlusMinusOne()

    def params(self) -> dict[str, object]:
        """JSON-ready parameters (exact rationals as strings)."""
        out: dict[str, object] = {"n": self.n, "a": list(self.a)}
        if self.algorithm in ("ea-heavy", "rls-heavy"):
            out.update(eps=str(self.eps), log_base=str(self.log_base), truncate=self.truncate)
            if self.truncate != "none":
                out["r"] = self.r
        if self.algorithm == "rls-ab":
            out.update(alpha=str(self.alpha), beta=str(self.beta))
        return out


def run_reference(
    spec: AlgorithmSpec,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
) -> RunResult:
    """One run of ``spec`` with the plain reference implementation."""
    match spec.algorithm:
        case "ea-pm1" | "ea-heavy":
            return one_plus_one_ea(spec.a, spec.step_operator(), rng=rng, budget=budget)
        case "rls-pm1" | "rls-heavy":
            return rls(spec.a, spec.step_operator(), rng=rng, budget=budget)
        case "rls-ab":
            assert spec.alpha is not None and spec.beta is not None
            return rls_ab(spec.a, spec.alpha, spec.beta, rng=rng, budget=budget, warn=False)
        case "cma-wm":
            return cma_wm(spec.n, spec.a[0], rng=rng, budget=budget)
    raise AssertionError(spec.algorithm)  # unreachable: validated in __post_init__


@dataclass(frozen=True)
class Batch:
    """Results of ``runs`` independent runs of one specification."""

    spec: AlgorithmSpec
    seed: int
    engine: str
    evaluations: tuple[int, ...]
    solved: tuple[bool, ...]
    reasons: tuple[str, ...] = field(default=())

    @property
    def runs(self) -> int:
        return len(self.evaluations)


def run_batch(
    spec: AlgorithmSpec,
    *,
    runs: int,
    seed: int,
    budget: int | None = None,
    engine: Engine = "reference",
    progress: Callable[[int, int], None] | None = None,
) -> Batch:
    """Run ``spec`` ``runs`` times; run ``k`` uses ``SeedSequence(seed).spawn(runs)[k]``."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise ValueError(f"runs must be an integer >= 1, got {runs!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    if engine == "fast":
        return _run_fast(spec, runs=runs, seed=seed, budget=budget)
    if engine != "reference":
        raise ValueError(f"engine must be 'reference' or 'fast', got {engine!r}")
    children = np.random.SeedSequence(seed).spawn(runs)
    results: list[RunResult] = []
    for k, child in enumerate(children):
        results.append(run_reference(spec, rng=np.random.default_rng(child), budget=budget))
        if progress is not None:
            progress(k + 1, runs)
    return Batch(spec, seed, "reference", tuple(r.evaluations for r in results),
                 tuple(r.solved for r in results), tuple(r.reason for r in results))


def fast_supports(spec: AlgorithmSpec) -> bool:
    """Whether the fast engine runs ``spec`` (its algorithm, and a target within int64)."""
    from zonemax.engine import SUPPORTED, check_target

    if spec.algorithm not in SUPPORTED:
        return False
    try:
        check_target(spec.a)
    except ValueError:
        return False
    return True


def default_engine(spec: AlgorithmSpec) -> Engine:
    """``fast`` where the engine supports ``spec``, else the reference (Python ints)."""
    return "fast" if fast_supports(spec) else "reference"


def run_fast_seeds(
    spec: AlgorithmSpec, seeds: list[np.random.SeedSequence], budget: int | None
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Runs of ``spec`` on the fast engine, run ``k`` with ``default_rng(seeds[k])``."""
    from zonemax.engine import SUPPORTED, run_seeds

    if spec.algorithm not in SUPPORTED:
        raise ValueError(
            f"the fast engine does not implement {spec.algorithm}; use --engine reference"
        )
    heavy = spec.algorithm in ("ea-heavy", "rls-heavy")
    batch = run_seeds(
        spec.algorithm, spec.a, seeds,
        eps=spec.eps if heavy else None,
        log_base=spec.log_base, truncate=spec.truncate,
        r=spec.r if heavy and spec.truncate != "none" else None,
        alpha=spec.alpha, beta=spec.beta, budget=budget, warn=False,
    )
    return (tuple(int(e) for e in batch.evaluations), tuple(bool(s) for s in batch.solved))


def _run_fast(spec: AlgorithmSpec, *, runs: int, seed: int, budget: int | None) -> Batch:
    ev, ok = run_fast_seeds(spec, np.random.SeedSequence(seed).spawn(runs), budget)
    return Batch(spec, seed, "fast", ev, ok, tuple("optimum" if s else "budget" for s in ok))
