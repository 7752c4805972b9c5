"""The pre-flight estimate of ``zonemax run``: refuse an unbudgeted run that cannot finish.

A run without ``--budget`` is refused when its expected wall time exceeds
:data:`PREFLIGHT_SECONDS`, unless the user insists with ``--force``.  On the fast engine, whose
counts stay below ``2^62`` (:data:`FAST_COUNT_RANGE`), two requests are refused whatever
``--force`` says: a budget of ``2^62`` or more, and a run without a budget whose evaluation
count would likely leave that range (its runs would end beyond the range, with no run time to
report).  The estimate is a *lower* bound on ``E[T]`` from the paper's explicit bounds
(:func:`estimate_run`) times an optimistic cost per evaluation, so a refusal errs on the side of
running.  Like :mod:`zonemax.commands._input`, it raises :class:`~zonemax.commands.UsageError`
with a message that says what to change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from zonemax.commands import UsageError
from zonemax.reference.spec import GEOM_ALGORITHMS, POWER_ALGORITHMS, AlgorithmSpec

#: A run without ``--budget`` whose estimated wall time exceeds this is refused (one hour).  The
#: estimate is an optimistic lower bound (real runs take 2-10 times longer), so a request above
#: it would run for hours: on a laptop more likely a slip (``rls-ab --alpha 1e100``: at least
#: 8 hours) than intended; ``--budget N`` or ``--force`` runs it.  (It was a
#: day, which let that request start.)
PREFLIGHT_SECONDS = 3_600.0
#: Optimistic cost of one evaluation in microseconds, per engine, so that the time estimate
#: errs on the short side: the fastest rows of benchmarks/README.md, Table 1 (2026-11-26):
#: fast engine 2.07e8 evaluations/s (RLS ±1), reference 2.05e5 evaluations/s (RLS ±1).
EVALUATION_MICROSECONDS = {"fast": 1 / 207.0, "reference": 1 / 0.205}
#: Optimistic cost of one run besides its evaluations (seeding, dispatch), microseconds:
#: measured ~50 µs per run for ``run_seeds`` on a target solved in a few evaluations.
RUN_MICROSECONDS = 20.0
#: The fast engine's range of counts: its run times stay below 2^62 (int64 with room for the
#: sum of two counts; :data:`zonemax.engine.COUNT_RANGE`, restated here because importing the
#: engine loads numba: ``tests/test_engine_range.py`` checks that both agree).  A larger budget
#: is refused on the fast engine, with or without ``--force``.
FAST_COUNT_RANGE = 1 << 62
#: An unbudgeted fast-engine request whose *lower bound* on E[T] is within a factor 1000 of the
#: range is refused, with or without ``--force``: E[T] is then likely beyond it (the heavy-tailed
#: operator with eps = 1e-18: bound 1e18, runs beyond 2^62), and a run beyond the range has no
#: run time to report (the engine reports it as such, never as a capped count).
FAST_MAX_EVALUATIONS = FAST_COUNT_RANGE // 1000
#: Heuristic for CMA-ESwM (no bound exists): successes need about n (8 log10 r + 11)
#: evaluations and one costs about 250 + 0.1 n^2 microseconds (the cost model of
#: :func:`zonemax.experiments.costs.estimated_cost`, fitted to the paper-scale records).
CMA_EVALS_PER_N = (8.0, 11.0)
#: The fast engine's ±1 EA applies long stretches of a run in blocks (zonemax.engine._ea_pm1):
#: an optimistic cost of one run is ``(n / 100) * PM1_BLOCK_SQRT_US * sqrt(|a|_inf)``
#: microseconds, a fifth of benchmarks/run.py's Table 4 (n = 100: 10 s per run at r = 10^12,
#: 1.4 s at 10^10), whichever of this and the per-evaluation cost is smaller.
PM1_BLOCK_SQRT_US = 2.0
#: Optimistic cost of one useful iteration (one selection of a non-optimal position) of the
#: RLS_{alpha,beta} kernel in microseconds: 10.7-12.9 ns measured (n = 1, alpha = 1e100,
#: ``benchmarks/steps.py`` and ``zonemax run`` on the 2-core machine, 2026-11-26), halved.
RLS_AB_USEFUL_MICROSECONDS = 0.005
#: Optimistic cost of one *useful* iteration of the magnitude-law kernels (ea-geom, rls-geom,
#: ea-power, rls-power) in microseconds: the cheapest measured (rls-geom, mean 1, n = 1: about
#: 80 ns at load 3 on the 2-core benchmark machine, 2026-11-26), divided by 4.
LAW_USEFUL_MICROSECONDS = 0.02
#: Optimistic cost of one position of ``rls-pm1`` and ``rls-geom`` on the fast engine, which
#: runs them position by position (zonemax.engine._rls_positions, O(log r) per position):
#: 0.28 µs (±1) and 0.5-2.3 µs (double-geometric, mean 1 to 10^12) per position at n = 100,
#: r = 10^12 to 10^15 (measured on the 2-core machine, 2026-11-27), halved.
POSITION_MICROSECONDS = 0.14
#: An accepted unbudgeted request whose estimate exceeds this many seconds gets a note on stderr
#: (a minute: long enough that silence would look like a hang).
NOTE_SECONDS = 60.0
#: Decimal digits of the step-law quantities of the operators beyond the paper.
LAW_DPS = 50


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


def _step_law_bounds(spec: AlgorithmSpec) -> tuple[float, float, float]:
    """``(p1, mu, mu1)`` of a double-geometric or power-law spec, with ``F = |a|_1``:
    ``p1 = P(1 <= M <= 2F)``, an upper bound ``mu >= E[min(M, F)]`` and ``mu1 = mu / P(M >= 1)``
    (``M`` the step's magnitude; see :func:`estimate_run`).

    Double-geometric (ratio ``q``): ``P(M >= m) = 2 q^m / (1 + q)`` for ``m >= 1``, so
    ``p1 = 2q (1 - q^(2F)) / (1 + q)`` and ``E[min(M, F)] = sum_{m=1}^{F} P(M >= m)
    = 2q (1 - q^F) / ((1 - q)(1 + q))``.  Power law: ``p1 = 1 - zeta(beta, 2F + 1) / zeta(beta)``
    and ``E[min(M, F)] = sum_{a=1}^{F} P(M >= a)`` with ``P(M >= a) = zeta(beta, a) / zeta(beta)
    <= (a^-beta + a^(1-beta) / (beta - 1)) / zeta(beta)`` (integral test), summed with
    ``sum_a a^-beta <= zeta(beta)`` and ``sum_{a<=F} a^(1-beta) <= 1 + int_1^F x^(1-beta) dx``.
    """
    import mpmath

    from zonemax.reference.fitness import norm_1

    big_f = norm_1(spec.a)
    with mpmath.workdps(LAW_DPS):
        if spec.algorithm in GEOM_ALGORITHMS:
            if spec.geom_q is not None:
                q = mpmath.mpf(spec.geom_q.numerator) / spec.geom_q.denominator
                one_minus_q = 1 - q
            else:
                assert spec.geom_mean is not None
                m = mpmath.mpf(spec.geom_mean.numerator) / spec.geom_mean.denominator
                root = mpmath.sqrt(1 + m * m)  # q = m/(1 + root), no cancellation in 1 - q
                q, one_minus_q = m / (1 + root), (1 + m / (root + 1)) / (root + m)
            log_q = mpmath.log1p(-one_minus_q)
            moving = 2 * q / (1 + q)
            p1 = moving * -mpmath.expm1(2 * big_f * log_q)
            mu = moving * -mpmath.expm1(big_f * log_q) / one_minus_q
            return float(p1), float(mu), float(mu / moving)
        assert spec.power_exponent is not None
        beta = mpmath.mpf(spec.power_exponent.numerator) / spec.power_exponent.denominator
        zeta = mpmath.zeta(beta)
        p1 = (zeta - mpmath.zeta(beta, 2 * big_f + 1)) / zeta
        power = (mpmath.log(big_f) if beta == 2
                 else (mpmath.mpf(big_f) ** (2 - beta) - 1) / (2 - beta))
        mu = min(mpmath.mpf(big_f), (zeta + (1 + power) / (beta - 1)) / zeta)
        return float(p1), float(mu), float(mu)


def _rls_ab_bound(spec: AlgorithmSpec) -> tuple[float, float, str]:
    """``(E[T] >=, E[selections of non-optimal positions] >=, basis)`` for ``rls-ab``.

    ``S_i`` is the number of selections of position ``i`` before it reaches its target.  Its
    law is that of one position alone (its distance and velocity change only when it is
    selected, with a fresh direction each time), ``T >= sum_i S_i`` (an iteration selects one
    position) and ``E[T] = n E[S_i]`` up to the end of position ``i`` (Wald: each iteration
    selects it with probability ``1/n``).  With ``d = |a_i|``:

    * Lemma 7 made rigorous (:func:`~zonemax.proofs_check.bounds.rls_ab_lower`):
      ``E[T] >= n max(H_{|a|_H}, k)``, ``k`` the least number of selections whose velocities
      ``1, alpha, ..., alpha^(k-1)`` add up to ``|a|_inf``; ``H_m >= ln m + 1/2``.
    * ``gamma = (alpha + beta)/2 < 1``: ``E[S_i] >= 2 (1 - gamma) d - 2``, the supermartingale
      of the finding ``S5.lemma7-theta`` (``zonemax claims``; velocities shrink on average, so
      progress per selection is bounded).
    * ``alpha >= 2 |a|_inf`` and ``alpha beta <= 1``: every velocity is 1 or ``alpha``.  A step
      of ``floor(alpha) >= 2 d`` is never accepted, after it ``max(1, beta alpha) = 1``: each
      unit of distance takes a step of 1 towards the target (Geometric(1/2) selections) and
      then one rejected selection, so ``E[S_i] = 3 d - 1`` exactly (the issue's ``alpha =
      1e100``: 3 10^12 selections for ``a = 10^12``).
    """
    import mpmath

    from zonemax.reference.fitness import norm_hamming, norm_inf

    assert spec.alpha is not None and spec.beta is not None
    a, n = spec.a, spec.n
    alpha, beta, d_max = spec.alpha, spec.beta, norm_inf(a)
    # least k with (alpha^k - 1)/(alpha - 1) >= |a|_inf, from logs at a precision that
    # resolves alpha - 1; minus 1 below for rounding safety
    dps = 30 + len(str(alpha.denominator)) + len(str(alpha.numerator))
    with mpmath.workdps(dps):
        al = mpmath.mpf(alpha.numerator) / alpha.denominator
        k = float(mpmath.log(1 + (al - 1) * d_max) / mpmath.log(al))
    harmonic = math.log(norm_hamming(a)) + 0.5
    low = n * max(harmonic, max(0.0, math.ceil(k) - 1.0))
    selections = low / n  # E[S_far] >= E[T]/n for the farthest position
    basis = "Lemma 7: E[T] >= n max(H_{|a|_H}, k)"
    distances = [abs(x) for x in a if x != 0]
    gamma = (alpha + beta) / 2
    if gamma < 1:
        per = [float(2 * (1 - gamma) * d) - 2.0 for d in distances]
        if max(per) > low / n:
            low = n * max(per)
            selections = sum(max(0.0, x) for x in per)
            basis = ("E[T] >= n (2 (1 - gamma) |a|_inf - 2), gamma = (alpha + beta)/2 < 1: "
                     "finding S5.lemma7-theta")
    if alpha >= 2 * d_max and alpha * beta <= 1:
        low = max(low, n * (3.0 * d_max - 1.0))
        selections = max(selections, float(sum(3 * d - 1 for d in distances)))
        basis = "E[T] >= n (3 |a|_inf - 1) for alpha >= 2 |a|_inf, alpha beta <= 1"
    return low, selections, basis


def estimate_run(spec: AlgorithmSpec, runs: int, engine: str) -> Estimate:
    """A lower bound on the evaluations of one run, and the time of ``runs`` runs.

    From the paper's explicit bounds (the rigorous versions are in
    :mod:`zonemax.proofs_check.bounds`; the formulas are restated here because importing the
    proof checker takes over a second, and this runs on every ``zonemax run``):

    * ``ea-pm1``: Theorem 4, ``E[T] >= max(n |a|_inf, (n - 1) ln|a|_H / 2)``
      (:func:`~zonemax.proofs_check.bounds.pm1_ea_lower`).
    * ``rls-pm1``: ``E[T] >= n |a|_inf``: the farthest position moves by 1 per selection and is
      selected with probability ``1/n`` per iteration.  The fast engine runs it (and
      ``rls-geom``) position by position, :data:`POSITION_MICROSECONDS` per position.
    * ``rls-ab``: :func:`_rls_ab_bound` (Lemma 7 made rigorous; a linear bound when velocities
      shrink on average or when ``alpha`` is so large that only steps of 1 are ever accepted);
      the fast engine simulates every selection of a non-optimal position.
    * ``ea-heavy``, ``rls-heavy``: ``E[T] >= 1/q`` with ``q = P(step <= 2|a|_1)`` of the
      operator (truncation included): an offspring is accepted only if some mutated position
      has a step ``<= 2 f(x) <= 2|a|_1``, and each iteration has probability at most ``q`` of
      that.  (Theorem 5 bounds ``E[T]`` from above.)
    * ``ea-geom``, ``rls-geom``, ``ea-power``, ``rls-power`` (step ``±M``): ``E[T] >= 1/p1``
      as for the heavy-tailed operator (``p1 = P(1 <= M <= 2|a|_1)``), and ``E[T] >= n
      |a|_inf / mu`` with ``mu >= E[min(M, |a|_1)]``: a farthest position must lose
      ``|a|_inf``, its distance falls only when it is mutated (probability ``1/n`` per
      iteration) and then by at most ``min(M, f(x)) <= min(M, |a|_1)``, so Wald's identity
      gives ``E[T] mu / n >= |a|_inf`` (:func:`_step_law_bounds`).  The fast engine simulates
      every useful iteration (:mod:`zonemax.engine`, "Cost"); given the past, a useful one
      moves ``c <= 2`` non-optimal positions on average (the (1+1) EA with ``n >= 2``:
      ``Bin(k, s)`` conditioned on ``>= 1`` has mean ``<= 1 + (k - 1) s`` with ``s <= 1/(n -
      1)``; ``c = 1`` for RLS and ``n = 1``), each by at most ``min(M, |a|_1)`` with ``M``
      conditioned on ``M >= 1`` or less, so by optional stopping at least ``|a|_1 / (c mu1)``
      of them are needed; the time estimate counts those.
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
        low, selections, basis = _rls_ab_bound(spec)
        if engine == "fast":  # the kernel simulates every selection of a non-optimal position
            seconds = runs * (selections * RLS_AB_USEFUL_MICROSECONDS + RUN_MICROSECONDS) * 1e-6
            return Estimate(low, basis, seconds)
    elif spec.heavy:
        q = _heavy_useful_probability(spec)
        low = math.inf if q <= 0 else 1.0 / q
        basis = "E[T] >= 1/P(step <= 2|a|_1): a longer step is never accepted"
    elif spec.algorithm in GEOM_ALGORITHMS + POWER_ALGORITHMS:
        from zonemax.reference.fitness import norm_1

        p1, mu, mu1 = _step_law_bounds(spec)
        low = max(math.inf if p1 <= 0 else 1.0 / p1,
                  math.inf if mu <= 0 else n * norm_inf(a) / mu)
        basis = ("E[T] >= max(1/P(1 <= |step| <= 2|a|_1), n |a|_inf / E[min(|step|, |a|_1)]): "
                 "a farthest position moves by at most min(|step|, |a|_1) when mutated")
        if engine == "fast" and spec.algorithm == "rls-geom":
            seconds = runs * (n * POSITION_MICROSECONDS + RUN_MICROSECONDS) * 1e-6
            return Estimate(low, basis + "; the fast engine runs it position by position",
                            seconds)
        if engine == "fast":
            c = 2.0 if spec.algorithm.startswith("ea-") and n > 1 else 1.0
            useful = math.inf if mu1 <= 0 else norm_1(a) / (c * mu1)
            seconds = runs * (useful * LAW_USEFUL_MICROSECONDS + RUN_MICROSECONDS) * 1e-6
            return Estimate(low, basis + f"; the fast engine simulates >= {useful:.3g} useful "
                            "iterations per run one by one", seconds)
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
    run_us = low * per_eval
    if engine == "fast" and spec.algorithm == "ea-pm1":
        run_us = min(run_us, n / 100 * PM1_BLOCK_SQRT_US * math.sqrt(max(abs(x) for x in a)))
    if engine == "fast" and spec.algorithm == "rls-pm1":
        run_us = min(run_us, n * POSITION_MICROSECONDS)
    seconds = runs * (run_us + RUN_MICROSECONDS) * 1e-6
    return Estimate(low, basis, seconds)


def _number(x: float) -> str:
    return f"{x:.3g}" if math.isfinite(x) else "1e308"


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365.25 * 86400), ("days", 86400.0), ("hours", 3600.0),
                       ("minutes", 60.0)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def long_run_note(est: Estimate | None) -> str | None:
    """A note for an accepted request whose estimate exceeds :data:`NOTE_SECONDS`, else ``None``."""
    if est is None or est.seconds <= NOTE_SECONDS:
        return None
    return (f"expect at least {_duration(est.seconds)} ({est.basis}); give --budget N to bound "
            "each run")


def preflight(spec: AlgorithmSpec, runs: int, budget: int | None, engine: str,
              force: bool) -> Estimate | None:
    """Refuse a request the engine cannot count or that would not finish (module docstring).

    On the fast engine, whatever ``force`` says: a budget of ``2^62`` or more
    (:data:`FAST_COUNT_RANGE`), and an unbudgeted request whose lower bound on ``E[T]`` exceeds
    :data:`FAST_MAX_EVALUATIONS`.  Unless ``force``: an unbudgeted request whose estimated time
    exceeds :data:`PREFLIGHT_SECONDS`.  Returns the estimate (``None`` with a budget or
    ``force``)."""
    if engine == "fast" and budget is not None and budget >= FAST_COUNT_RANGE:
        raise UsageError(
            f"--budget {budget} is beyond the fast engine's range: it counts evaluations below "
            f"2^62 = {FAST_COUNT_RANGE} (int64, with room for sums); give a --budget below "
            "2^62, or --engine reference (Python ints)")
    if budget is not None or (force and engine != "fast"):
        return None
    est = estimate_run(spec, runs, engine)
    what = (f"{runs} runs of " if runs > 1 else "") + spec.algorithm
    bound = (f"E[T] {'>=' if math.isfinite(est.evaluations) else '>'} "
             f"{_number(est.evaluations)} evaluations per run ({est.basis})")
    if engine == "fast" and est.evaluations > FAST_MAX_EVALUATIONS:
        raise UsageError(
            f"{what} without a budget: {bound}, too close to the fast engine's range of counts "
            "(2^62, about 4.6e18; a run beyond it has no run time to report); give --budget N "
            "below 2^62 to stop each run after N evaluations (reported as censored); --force "
            "does not lift this limit")
    if force:
        return None
    if est.seconds <= PREFLIGHT_SECONDS:
        return est
    why = ("more time than any run can have" if not math.isfinite(est.seconds)
           else f"at least {_duration(est.seconds)} with the {engine} engine")
    raise UsageError(
        f"{what} without a budget: {bound}, {why}; give --budget N to stop each run after N "
        "evaluations (reported as censored), fewer --runs, or --force to run anyway")
