"""The (1+1) EA on Z^n with a step operator (Algorithm 1 of the paper).

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), *Run Time Bounds for Integer-Valued OneMax
Functions*, arXiv:2307.11855, Section 2, Algorithm 1.

Notation: ``a`` is the target (optimum) in Z^n, ``n = len(a)``, ``f = f_a`` the fitness
``|a - x|_1`` (minimised), ``step`` the step operator (Definition 1 or 2).  Each position is
mutated independently with probability ``1/n`` (``mutation_rate``); the offspring ``y`` replaces
``x`` iff ``f(y) <= f(x)``.

Counting convention: the returned ``evaluations`` is the number of loop iterations until
``f(x) = 0`` (one evaluation per iteration, including iterations whose offspring equals the
parent or is rejected); the start point is not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
from zonemax.reference._common import Observer, check_budget
from zonemax.reference.fitness import fitness, validate_target
from zonemax.reference.operators import PlusMinusOne, StepOperator
from zonemax.reference.result import RunResult


def one_plus_one_ea(
    a: Sequence[int],
    step: StepOperator | None = None,
    *,
    rng: np.random.Generator | int | np.random.SeedSequence | None = None,
    budget: int | None = None,
    mutation_rate: Fraction | float | None = None,
    observer: Observer | None = None,
) -> RunResult:
    """Run the (1+1) EA (Algorithm 1) from ``x = 0^n`` on ``f_a``.

    Parameters
    ----------
    a:
        Target in Z^n (Python ints; any size).
    step:
        Step operator (default: the ±1 operator of Definition 1).
    rng:
        Anything :func:`numpy.random.default_rng` accepts (SPEC 7).
    budget:
        Maximum number of evaluations; the run is censored when it is reached.
    mutation_rate:
        Per-position mutation probability; ``None`` means the paper's ``1/n``.
    observer:
        Optional callback ``observer(evaluations, x)`` after every iteration.
    """
    a = validate_target(a)
    n = len(a)
    step = PlusMinusOne() if step is None else step
    if not isinstance(step, StepOperator):
        raise TypeError(f"step must be a step operator (see zonemax.reference.operators), got {step!r}")
    budget = check_budget(budget)
    p = Fraction(1, n) if mutation_rate is None else Fraction(mutation_rate)
    if not 0 < p <= 1:
        raise ValueError(f"mutation_rate must lie in (0, 1], got {mutation_rate}")
    p_float = float(p)
    rng = np.random.default_rng(rng)

    x = [0] * n  # Initialization: x <- 0^n
    fx = fitness(x, a)
    t = 0
    while fx != 0:  # Algorithm 1, line 2: while f(x) != 0
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        limit = 2 * fx  # longer steps are never accepted (zonemax.reference.operators)
        y = list(x)
        hopeless = False
        mutate = rng.random(n) < p_float  # Algorithm 1, lines 3-4: each i with probability 1/n
        for i in np.flatnonzero(mutate).tolist():
            s = step.sample(limit, rng)  # Algorithm 1, line 4: y_i = step(x_i)
            if s is None:
                hopeless = True  # |s| > 2 f(x) => f(y) > f(x): rejected at line 6
                break
            y[i] += s
        if not hopeless:
            fy = fitness(y, a)
            if fy <= fx:  # Algorithm 1, line 6: if f(y) <= f(x)
                x, fx = y, fy  # Algorithm 1, line 7: x <- y
        if observer is not None:
            observer(t, tuple(x))
    return RunResult(t, True, tuple(x), fx, "optimum")
