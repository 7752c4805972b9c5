"""The pre-flight estimate of ``zonemax run``: refuse an unbudgeted run that cannot finish.

A run without ``--budget`` is refused when its expected wall time exceeds
:data:`PREFLIGHT_SECONDS` (or when its evaluation count cannot fit the fast engine's int64
counter), unless the user insists with ``--force``.  The estimate is a *lower* bound on ``E[T]``
from the paper's explicit bounds (:func:`estimate_run`) times an optimistic cost per evaluation,
so a refusal errs on the side of running.  Like :mod:`zonemax.commands._input`, it raises
:class:`~zonemax.commands.UsageError` with a message that says what to change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from zonemax.commands import UsageError
from zonemax.reference.spec import AlgorithmSpec

#: A run without ``--budget`` whose estimated wall time exceeds this is refused (one day).
PREFLIGHT_SECONDS = 86_400.0
#: Optimistic cost of one evaluation in microseconds, per engine, so that the time estimate
#: errs on the short side: the fastest rows of benchmarks/README.md, Table 1 (2026-11-26):
#: fast engine 2.07e8 evaluations/s (RLS ±1), reference 2.05e5 evaluations/s (RLS ±1).
EVALUATION_MICROSECONDS = {"fast": 1 / 207.0, "reference": 1 / 0.205}
#: Optimistic cost of one run besides its evaluations (seeding, dispatch), microseconds:
#: measured ~50 µs per run for ``run_seeds`` on a target solved in a few evaluations.
RUN_MICROSECONDS = 20.0
#: The fast engine counts evaluations in int64 (largest 2^63 - 1 ~ 9.2e18) and stops a run
#: there; a request whose *lower bound* is within a factor 1000 of it is refused, because E[T]
#: is then likely beyond the counter (eps = 1e-18: bound 1e18, the run hit 2^63 - 1).
FAST_MAX_EVALUATIONS = (2**63 - 1) // 1000
#: Heuristic for CMA-ESwM (no bound exists): successes need about n (8 log10 r + 11)
#: evaluations and one costs about 250 + 0.1 n^2 microseconds (the cost model of
#: :func:`zonemax.experiments.design.estimated_cost`, fitted to the paper-scale records).
CMA_EVALS_PER_N = (8.0, 11.0)


@dataclass(frozen=True)
class Estimate:
    """How long an unbudgeted ``zonemax run`` is expected to take, and why."""

    evaluations: float  # per run: a lower bound on E[T] (or the heuristic for CMA-ESwM)
    basis: str  # where the number comes from
    seconds: float  # all runs, optimistic per-evaluation cost


def _heavy_useful_probability(spec: AlgorithmSpec) -> float:
    """``q = P(step <= 2|a|_1)`` of the spec's heavy-tailed operator (reference law)."""
    from zonemax.reference.fitness import norm_1

    law = spec.step_operator().magnitude_distribution(2 * norm_1(spec.a))  # type: ignore[attr-defined]
    # the masses of the admissible steps (not 1 - tail: that cancels to 0 for tiny eps)
    return float(sum(p for step, p in law.items() if step is not None))


def estimate_run(spec: AlgorithmSpec, runs: int, engine: str) -> Estimate:
    """A lower bound on the evaluations of one run, and the time of ``runs`` runs.

    From the paper's explicit bounds (the rigorous versions are in
    :mod:`zonemax.proofs_check.bounds`; the formulas are restated here because importing the
    proof checker takes over a second, and this runs on every ``zonemax run``):

    * ``ea-pm1``: Theorem 4, ``E[T] >= max(n |a|_inf, (n - 1) ln|a|_H / 2)``
      (:func:`~zonemax.proofs_check.bounds.pm1_ea_lower`).
    * ``rls-pm1``: ``E[T] >= n |a|_inf``: the farthest position moves by 1 per selection and is
      selected with probability ``1/n`` per iteration.
    * ``rls-ab``: Lemma 7 made rigorous (:func:`~zonemax.proofs_check.bounds.rls_ab_lower`),
      ``max(n H_{|a|_H}, n k)`` with ``k`` the least number of selections whose velocities
      ``1, alpha, ..., alpha^(k-1)`` add up to ``|a|_inf``; ``H_m >= ln m + 1/2``.
    * ``ea-heavy``, ``rls-heavy``: ``E[T] >= 1/q`` with ``q = P(step <= 2|a|_1)`` of the
      operator (truncation included): an offspring is accepted only if some mutated position
      has a step ``<= 2 f(x) <= 2|a|_1``, and each iteration has probability at most ``q`` of
      that.  (Theorem 5 bounds ``E[T]`` from above.)
    * ``cma-wm``: heuristic :data:`CMA_EVALS_PER_N` (no bound exists).
    """
    from zonemax.reference.fitness import norm_hamming, norm_inf

    a, n = spec.a, spec.n
    if not any(a):
        return Estimate(0.0, "target 0 is solved at once", 0.0)
    if spec.algorithm == "ea-pm1":
        low = max(float(n * norm_inf(a)), (n - 1) * math.log(norm_hamming(a)) / 2)
        basis = "Theorem 4: E[T] >= n |a|_inf"
    elif spec.algorithm == "rls-pm1":
        low = float(n * norm_inf(a))
        basis = "E[T] >= n |a|_inf (the farthest position moves by 1 per selection)"
    elif spec.algorithm == "rls-ab":
        assert spec.alpha is not None
        # least k with (alpha^k - 1)/(alpha - 1) >= |a|_inf, from logs at a precision that
        # resolves alpha - 1; minus 1 below for rounding safety
        import mpmath

        alpha, d = spec.alpha, norm_inf(a)
        dps = 30 + len(str(alpha.denominator)) + len(str(alpha.numerator))
        with mpmath.workdps(dps):
            al = mpmath.mpf(alpha.numerator) / alpha.denominator
            k = float(mpmath.log(1 + (al - 1) * d) / mpmath.log(al))
        harmonic = math.log(norm_hamming(a)) + 0.5
        low = n * max(harmonic, max(0.0, math.ceil(k) - 1.0))
        basis = "Lemma 7: E[T] >= n max(H_{|a|_H}, k)"
    elif spec.heavy:
        q = _heavy_useful_probability(spec)
        low = math.inf if q <= 0 else 1.0 / q
        basis = "E[T] >= 1/P(step <= 2|a|_1): a longer step is never accepted"
    else:  # cma-wm
        r = a[0]
        slope, intercept = CMA_EVALS_PER_N
        low = n * (slope * math.log10(max(r, 1)) + intercept)
        basis = ("heuristic n (8 log10 r + 11) fitted to zonemax's paper-scale CMA-ESwM runs; "
                 "no bound exists")
        seconds = runs * low * (250.0 + 0.1 * n * n) * 1e-6
        return Estimate(low, basis, seconds)
    per_eval = EVALUATION_MICROSECONDS.get(engine, EVALUATION_MICROSECONDS["fast"])
    if engine == "fast" and spec.heavy and math.isfinite(low):
        # the engine skips iterations whose step cannot be accepted in bulk: about q * T of them
        # cost anything, so the time is about one accepted-step check per run
        per_eval = per_eval / low
    seconds = runs * (low * per_eval + RUN_MICROSECONDS) * 1e-6
    return Estimate(low, basis, seconds)


def _number(x: float) -> str:
    return f"{x:.3g}" if math.isfinite(x) else "1e308"


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365.25 * 86400), ("days", 86400.0), ("hours", 3600.0),
                       ("minutes", 60.0)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def preflight(spec: AlgorithmSpec, runs: int, budget: int | None, engine: str,
              force: bool) -> Estimate | None:
    """Refuse an unbudgeted request whose estimated time exceeds :data:`PREFLIGHT_SECONDS`
    (or whose evaluation count cannot fit the fast engine's int64 counter) unless ``force``.

    Returns the estimate (``None`` with a budget or ``force``)."""
    if budget is not None or force:
        return None
    est = estimate_run(spec, runs, engine)
    too_many = engine == "fast" and est.evaluations > FAST_MAX_EVALUATIONS
    if est.seconds <= PREFLIGHT_SECONDS and not too_many:
        return est
    what = (f"{runs} runs of " if runs > 1 else "") + spec.algorithm
    if not math.isfinite(est.seconds):
        why = "more time than any run can have"
    elif too_many and est.seconds <= PREFLIGHT_SECONDS:
        why = "too close to the fast engine's int64 evaluation counter (2^63 - 1)"
    else:
        why = f"at least {_duration(est.seconds)} with the {engine} engine"
    raise UsageError(
        f"{what} without a budget: E[T] {'>=' if math.isfinite(est.evaluations) else '>'} "
        f"{_number(est.evaluations)} evaluations per run "
        f"({est.basis}), {why}; give --budget N to stop each run after N evaluations "
        "(reported as censored), fewer --runs, or --force to run anyway")
