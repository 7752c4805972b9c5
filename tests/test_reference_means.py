"""Run-time means of the reference simulators against exactly known expectations.

Pre-registration: fixed seeds and run counts; a two-sided z-test of the sample mean against the
exact value at level ``ALPHA`` per case (the variance is known exactly too, so no estimate is
involved).  Family-wise error on correct code <= ``len(CASES) * ALPHA`` = 4e-4.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats
from zonemax.reference import PlusMinusOne, one_plus_one_ea, rls

ALPHA = 1e-4
RUNS = 2_000
SEED = 7


# n = 1 with the ±1 operator: every iteration mutates the single position (rate 1/n = 1) and
# moves towards the target with probability 1/2, otherwise it is rejected.  So T is a sum of
# |a| independent Geometric(1/2) variables: E[T] = 2|a|, Var[T] = |a| (1 - 1/2)/(1/2)^2 = 2|a|.
# RLS with ±1 at n = 1 is the same chain.
CASES = [("ea", 1), ("ea", -7), ("rls", 5), ("rls", -12)]


@pytest.mark.parametrize(("algo", "a1"), CASES)
def test_n1_pm1_mean_is_2a(algo: str, a1: int) -> None:
    run = one_plus_one_ea if algo == "ea" else rls
    children = np.random.SeedSequence([SEED, abs(a1)]).spawn(RUNS)
    times = [run((a1,), PlusMinusOne(), rng=np.random.default_rng(c)).evaluations
             for c in children]
    mean, var = 2 * abs(a1), 2 * abs(a1)
    z = (float(np.mean(times)) - mean) / math.sqrt(var / RUNS)
    p = 2 * stats.norm.sf(abs(z))
    assert p > ALPHA, f"mean {np.mean(times)} vs exact {mean}: z = {z:.2f}"
