"""CMA-ES with Margin baseline of Section 6, built on :class:`cmaes.CMAwM`.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 6 ("Comparison with
CMA-ESwM"); the optimiser is Hamano et al. (2022), *CMA-ES with Margin*, arXiv:2205.13482, in
the implementation of the ``cmaes`` package.

Set-up, following Section 6 and the CMA-ESwM authors' default set-up it refers to:

* all ``n`` variables are integer: ``steps = 1``, ``bounds = [0, r]`` per coordinate;
* the optimum is all-``r``; the fitness is ``f_a`` with ``a = (r, ..., r)``, evaluated at the
  integer point ``x_for_eval`` that CMAwM returns;
* initial mean uniform in ``[1, 3]^n`` and ``sigma = 1`` (the defaults of the CMA-ESwM authors'
  sample script, ``initial_setting_for_gaussian``); margin ``1/(n lambda)`` (CMAwM default);
* failure ("min-eigenvalue") when the minimum eigenvalue of the sampling covariance
  ``sigma^2 C`` falls below ``1e-30`` (Section 6.1);
* an evaluation budget, because :meth:`cmaes.CMAwM.should_stop` is known never to fire on
  some integer problems.

Counting convention: every call of ``ask()`` is one evaluation; the run ends at the first
evaluated point with ``f = 0``, counting evaluations up to and including it.  The start mean is
not evaluated.
"""

from __future__ import annotations

import numpy as np
from cmaes import CMAwM
from zonemax.reference._common import Observer, check_budget
from zonemax.reference.result import RunResult

#: Section 6.1: "minimum eigenvalue of the covariance matrix ... is less than 10^{-30}".
MIN_EIGENVALUE = 1e-30
#: Initial mean range and sigma of the CMA-ESwM authors' set-up (uniform in [1, 3], sigma 1).
INITIAL_MEAN_RANGE = (1.0, 3.0)
INITIAL_SIGMA = 1.0


def cma_wm(
    n: int,
    r: int,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
    min_eigenvalue: float = MIN_EIGENVALUE,
    observer: Observer | None = None,
) -> RunResult:
    """Run CMA-ESwM on ``f_a`` with ``a = (r, ..., r)`` in ``{0..r}^n`` (Section 6).

    ``budget`` (evaluations) defaults to ``None`` (unbounded); with ``None`` the run still ends
    at the optimum or at the eigenvalue criterion.  ``r`` must be at least 1 and small enough to
    be represented exactly in float64 (``r <= 2**53``).  ``observer(evaluations, x)``, if given,
    is called after every evaluation with the integer point just evaluated.
    """
    for name, value in (("n", n), ("r", r)):
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n}")
    if not 1 <= r <= 2**53:
        raise ValueError(f"r must lie in [1, 2**53] for CMA-ESwM (float64 search space), got {r}")
    budget = check_budget(budget)
    rng = np.random.default_rng(rng)

    a = np.full(n, float(r))
    bounds = np.tile([0.0, float(r)], (n, 1))
    steps = np.ones(n)
    lo, hi = INITIAL_MEAN_RANGE
    mean = rng.uniform(lo, min(hi, float(r)), size=n)
    seed = int(rng.integers(2**32 - 1))  # cmaes seeds its own RandomState from this
    optimizer = CMAwM(mean=mean, sigma=INITIAL_SIGMA, bounds=bounds, steps=steps, seed=seed)

    t = 0
    best_x = np.zeros(n)
    best_f = float(n) * r
    while True:
        solutions = []
        for _ in range(optimizer.population_size):
            if budget is not None and t >= budget:
                return _result(t, best_x, best_f, "budget")
            x_eval, x_tell = optimizer.ask()
            t += 1
            f = float(np.abs(a - x_eval).sum())  # f_a(x) = |a - x|_1
            if observer is not None:
                observer(t, tuple(round(v) for v in x_eval))
            if f < best_f:
                best_x, best_f = x_eval, f
            if f == 0:
                return _result(t, x_eval, 0.0, "optimum")
            solutions.append((x_tell, f))
        optimizer.tell(solutions)
        cov = optimizer._cma._sigma ** 2 * optimizer._cma._C  # sampling covariance sigma^2 C
        if float(np.linalg.eigvalsh(cov).min()) < min_eigenvalue:  # Section 6.1 failure
            return _result(t, best_x, best_f, "min-eigenvalue")


def _result(t: int, x: np.ndarray, f: float, reason: str) -> RunResult:
    xi = tuple(round(v) for v in x)
    return RunResult(t, reason == "optimum", xi, round(f), reason)  # type: ignore[arg-type]
