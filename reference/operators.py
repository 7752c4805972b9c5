"""Step operators (Section 2) and the interface the algorithms use.

A *step operator* decides how one mutated component changes: ``x_i -> x_i + s``.  The paper's
operators are symmetric in sign; the interface does not assume it.

The interface is built around one fact used throughout zonemax: in the (1+1) EA and in RLS
(Algorithms 1 and 2, elitist selection ``f(y) <= f(x)``) a step ``s`` with ``|s| > 2 f(x)`` can
never be accepted.  Indeed, for the mutated position ``i``,
``|y_i - a_i| >= |s| - |x_i - a_i| >= |s| - f(x) > f(x)``, so ``f(y) > f(x)`` whatever happens in
the other positions.  An operator therefore only has to say *which* step it drew when the step
is at most a given ``limit`` (the algorithms pass ``limit = 2 f(x)``) and may otherwise return
``None`` ("a step longer than ``limit``").  This lets the heavy-tailed operator of Definition 2
be sampled exactly from its infinite-support distribution without ever materialising
``2**(I-2)`` for astronomically large ``I``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeAlias, runtime_checkable

import mpmath
import numpy as np

#: Probability type of exact step distributions: exact rationals, or mpmath reals when the
#: probabilities involve the transcendental normaliser ``c_eps``.
Probability: TypeAlias = Fraction | mpmath.mpf


@runtime_checkable
class StepOperator(Protocol):
    """What the algorithms need from a step operator ``step: Z -> Z`` (Section 2)."""

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        """Draw a signed step ``s``; return it if ``|s| <= limit``, else ``None``.

        ``limit >= 1``.  Returning ``None`` must happen with exactly the probability that the
        operator's step is longer than ``limit``.
        """
        ...

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        """Exact law of :meth:`sample`: signed steps ``|s| <= limit`` and ``None`` for the rest."""
        ...


def check_limit(limit: int) -> None:
    """Refuse a non-positive or non-integer ``limit`` with a clear message."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be a Python int, got {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")


@dataclass(frozen=True)
class PlusMinusOne:
    """The ±1 operator (Definition 1): return ``x + 1`` or ``x - 1``, each with probability 1/2."""

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        # Definition 1: with probability 1/2 return x + 1, otherwise x - 1.
        return 1 if rng.random() < 0.5 else -1

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        check_limit(limit)
        half = Fraction(1, 2)
        return {1: half, -1: half}
