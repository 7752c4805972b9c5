"""Explicit bounds of zonemax.proofs_check.bounds against exact expected times."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zonemax.proofs_check import bounds
from zonemax.proofs_check.pm1 import pm1_expected_time


def _mp(q: Fraction) -> mpmath.mpf:
    return mpmath.mpf(q.numerator) / q.denominator


@pytest.mark.parametrize("a", [(1,), (5,), (2, 1), (3, 3), (1, 1, 1), (2, 0, 1)])
def test_pm1_bounds_sandwich_exact(a: tuple[int, ...]) -> None:
    exact = _mp(pm1_expected_time(a))
    assert bounds.pm1_ea_lower(a) <= exact <= bounds.pm1_ea_upper(a)
    assert bounds.pm1_ea_lower(a, refined=True) <= exact


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 30))
def test_pm1_n1_exact_is_2a(k: int) -> None:
    assert pm1_expected_time((k,)) == 2 * k
    assert bounds.pm1_ea_lower((k,), refined=True) == 2 * k


def test_heavy_bounds_positive_and_ordered() -> None:
    a = (10, 0, 3)
    full = bounds.heavy_ea_upper(a, "0.001")
    approx = bounds.heavy_ea_approx_upper(a, "0.001", Fraction(1, 2))
    assert 0 < approx < full
    assert bounds.heavy_ea_upper(a, "0.001", log_base="e") > 0


def test_rls_bounds() -> None:
    a = (3, 0, 2)
    low = bounds.rls_ab_lower(a)
    up = bounds.rls_ab_upper(a)
    assert up is not None and _mp(low) < up
    assert bounds.rls_ab_upper([100] * 2) is None
    assert bounds.rls_ab_lower([1]) == 1


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="non-zero"):
        bounds.pm1_ea_upper([0, 0])
    with pytest.raises(ValueError, match="omega"):
        bounds.pm1_ea_upper([1], omega=Fraction(2))
    with pytest.raises(ValueError, match="alpha"):
        bounds.heavy_ea_approx_upper([4], "0.1", 2)


@pytest.mark.parametrize(("eps", "base"), [(Fraction(1, 1000), 2), (Fraction(1, 1000), "e"),
                                           (Fraction(1), 2), (Fraction(1), "e")])
def test_c_eps_enclosure_is_tight_and_nested(eps: Fraction, base: str | int) -> None:
    """Issue 11, item 6: width <= 1e-9 at the default N; more terms give a nested enclosure;
    the reference implementation's (mpmath, 512 terms) enclosure overlaps it."""
    from zonemax.reference.heavy_tailed import c_epsilon

    lo, hi = bounds.c_eps_enclosure(eps, base)
    assert 0 < hi - lo < Fraction(1, 10**10)
    lo2, hi2 = bounds.c_eps_enclosure(eps, base, 2**11)
    assert lo2 <= lo and hi <= hi2 and hi2 - lo2 > hi - lo
    ref = c_epsilon(eps, base, terms=512)
    assert _mp(lo) <= ref.upper and ref.lower <= _mp(hi)


def test_c_eps_enclosure_bad_input() -> None:
    with pytest.raises(ValueError, match="terms"):
        bounds.c_eps_enclosure(Fraction(1), 2, 2)
    with pytest.raises(ValueError, match="eps"):
        bounds.c_eps_enclosure(Fraction(0), 2)


def test_arb_round_trip() -> None:
    third = bounds.arb_of(Fraction(1, 3))
    lo, hi = bounds.arb_bounds(third)
    assert lo < Fraction(1, 3) < hi and hi - lo < Fraction(1, 10**14)
    assert bounds.arb_bounds(bounds.arb_of(Fraction(3, 4))) == (Fraction(3, 4), Fraction(3, 4))
