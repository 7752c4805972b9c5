"""The float solver's cut mass, on an instance where the cut states carry mass that matters.

Issue 42, section 2: :func:`zonemax.exact.ea_pm1_float.ea_pm1_float`'s upper bound
``E <= v / (1 - rho - delta_max v_max)`` (module docstring, "Why the result is rigorous") could
lose the factor ``v_max`` -- the largest value of the states, which the cut mass ``D v`` is
bounded by -- with every test still passing: on the targets the tests used no mutation pattern
is cut (``delta = 0``: below ``n = 12`` every pattern has probability above the largest
allowed threshold ``1e-12``).

Here ``a = 1^13`` at the coarsest cut the solver accepts, ``prune = 1e-12``: ``delta`` is about
``5e-12`` per state, and the cut patterns take about ``1.5e-11`` of ``E[T] = 202.59...`` (relative)
out of the float solution ``v``, more than ``rho + delta`` (about ``6e-12``), so the upper bound
without ``v_max`` falls below the exact value, while the correct one (``delta v_max`` about
``1e-9``) contains it.

The exact value is the ``Fraction`` of :func:`zonemax.exact.ea_pm1_exact` (373 states; about 5 s
on one core, too slow for the default suite): :data:`EXPECTATION_1_13` holds its first 50
significant digits, and the slow test recomputes it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from zonemax.exact import ea_pm1_exact
from zonemax.exact.ea_pm1_float import ea_pm1_float

A = (1,) * 13
#: The coarsest cut the solver accepts (a subtree of patterns below this probability is cut).
PRUNE = 1e-12
#: E[T] of the (1+1) EA with the ±1 operator on a = 1^13, the exact rational of ea_pm1_exact
#: (numerator 3507 digits, denominator 3505) to 50 significant digits.
EXPECTATION_1_13 = Fraction("202.59491703485508854375691296657216532631090245206")
#: |EXPECTATION_1_13 - E[T]| is below this (checked by the slow test).
DIGITS_ERROR = Fraction(1, 10**45)


def test_the_enclosure_contains_e_where_the_cut_carries_mass() -> None:
    res = ea_pm1_float(A, prune=PRUNE)
    lo, hi = Fraction(res.expectation_low), Fraction(res.expectation_high)
    assert lo <= EXPECTATION_1_13 - DIGITS_ERROR
    assert hi >= EXPECTATION_1_13 + DIGITS_ERROR
    # the cut is not empty ...
    assert res.delta > 1e-12
    # ... and it matters: the float solution v(start) (recovered from the lower end
    # E_lo = v / (1 + rho), to a relative 1e-15) divided by 1 - rho - delta only, i.e. the cut
    # mass bounded without v_max, falls below the exact value by far more than that 1e-15
    v0 = Fraction(res.expectation_low) * (1 + Fraction(res.rho))
    without_vmax = v0 / (1 - Fraction(res.rho) - Fraction(res.delta))
    assert without_vmax * (1 + Fraction(1, 10**13)) < EXPECTATION_1_13 - DIGITS_ERROR
    # the width is the cut's (delta v_max, about 1e-9 relative), not the residual's
    assert 1e-10 < res.relative_width < 1e-8


@pytest.mark.slow
def test_the_stored_expectation_is_the_exact_solvers() -> None:
    exact = ea_pm1_exact(A, max_states=1_000).expectation
    assert isinstance(exact, Fraction)
    assert abs(exact - EXPECTATION_1_13) < DIGITS_ERROR
    res = ea_pm1_float(A, prune=PRUNE)
    assert Fraction(res.expectation_low) <= exact <= Fraction(res.expectation_high)
