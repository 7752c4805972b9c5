"""The checker's own reading of the paper's pseudocode (Sections 1-2), written from the TeX.

Registered in :data:`.expr.QUANTITIES` under names prefixed ``alg``.
"""

from __future__ import annotations

from fractions import Fraction

from . import arith
from .expr import QUANTITIES, Value


def alg2_offspring(x: Value, v: Value, choices: Value, bits: Value, reset: Value) -> Value:
    """Algorithm 2's for-loop (lines 3-6) with the given chosen positions (0-based) and step
    directions (bit 1: x_i + floor(v_i), bit 0: x_i - floor(v_i)); returns the offspring y
    followed by the last chosen position.  ``reset = 1`` resets y <- x in every pass (line 4)."""
    y = list(x)
    last = Fraction(-1)
    for i, bit in zip(choices, bits, strict=True):
        if reset == 1:
            y = list(x)
        k = int(i)
        y[k] = x[k] + (2 * bit - 1) * arith.floor(v[k])
        last = i
    return (*y, last)


QUANTITIES["alg2_offspring"] = alg2_offspring
