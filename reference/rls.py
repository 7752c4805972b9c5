"""Plain RLS on Z^n with a step operator (Section 2).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2: "RLS makes a
step in exactly one position (chosen uniformly at random)".  This is Algorithm 2 without the
velocity adaptation: position ``i`` is drawn uniformly from ``[n]``, ``y_i = step(x_i)``, and
``y`` replaces ``x`` iff ``f(y) <= f(x)``.

Counting convention: one evaluation per iteration, including rejected iterations.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from zonemax.reference._common import Observer, check_budget
from zonemax.reference.fitness import fitness, validate_target
from zonemax.reference.operators import PlusMinusOne, StepOperator
from zonemax.reference.result import RunResult


def rls(
    a: Sequence[int],
    step: StepOperator | None = None,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
    observer: Observer | None = None,
) -> RunResult:
    """Run RLS with a step operator from ``x = 0^n`` on ``f_a``; see the module docstring."""
    a = validate_target(a)
    n = len(a)
    step = PlusMinusOne() if step is None else step
    if not isinstance(step, StepOperator):
        raise TypeError(f"step must be a step operator (see zonemax.reference.operators), got {step!r}")
    budget = check_budget(budget)
    rng = np.random.default_rng(rng)

    x = [0] * n  # x <- 0^n
    fx = fitness(x, a)
    t = 0
    while fx != 0:
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        i = int(rng.integers(n))  # choose i in [n] uniformly at random
        s = step.sample(2 * fx, rng)  # y_i = step(x_i); None: too long to be accepted
        if s is not None:
            d_old = abs(a[i] - x[i])
            d_new = abs(a[i] - (x[i] + s))
            if d_new <= d_old:  # f(y) <= f(x), since only position i changed
                x[i] += s
                fx += d_new - d_old
        if observer is not None:
            observer(t, tuple(x))
    return RunResult(t, True, tuple(x), fx, "optimum")
