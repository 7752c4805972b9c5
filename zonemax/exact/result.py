"""The result type of every exact solver, and the refusal raised before a solve gets too large."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import mpmath

#: A number of the arithmetic a solve runs in: ``Fraction`` or an ``mpmath`` interval.
Num = Any


class InstanceTooLarge(ValueError):
    """The instance's estimated number of lumped states exceeds ``max_states``."""


#: Widest enclosure returned as a result: its half-width must be at most this fraction of the
#: midpoint (three significant digits certain).  Where it comes from: the widest enclosure of a
#: sound solve measured at the default precision (50 digits) is 9.2e-5 of ``E[T]`` (ea-heavy,
#: eps = 1, a = 1000: the enclosure of c_eps dominates; over eps in {1/1000, 1/10, 1, 2},
#: |a|_1 <= 1000 and the three truncations), the double-geometric and power-law solves stay
#: below 10^-20; so 1e-3 leaves a factor of 10 for sound solves and refuses the ones whose
#: precision was used up (``ea-geom --geom-mean 1e50`` at 50 digits: 0.8; 1e100: not finite).
MAX_RELATIVE_HALF_WIDTH = 1e-3


class EnclosureTooWide(ValueError):
    """An interval solve whose enclosure is not finite or wider than
    :data:`MAX_RELATIVE_HALF_WIDTH` allows: a refusal, never a result.

    Attributes: ``quantity`` (``"E[T]"`` or ``"Var[T]"``), ``dps`` (the precision used) and
    ``suggested_dps`` (a precision worth trying)."""

    def __init__(self, message: str, quantity: str, dps: int, suggested_dps: int) -> None:
        super().__init__(message)
        self.quantity = quantity
        self.dps = dps
        self.suggested_dps = suggested_dps


@dataclass(frozen=True)
class ExactResult:
    """Exact (or rigorously enclosed) expected run time of one algorithm on one target.

    Attributes
    ----------
    expectation:
        ``E[T]`` from ``x = 0^n``: a ``Fraction`` (exact) for ``ea-pm1``, ``rls-pm1``,
        ``rls-ab`` and ``ea-geom``/``rls-geom`` with a rational ``q``; an ``mpmath.mpf``
        (midpoint of a rigorous enclosure) for ``ea-heavy``, ``rls-heavy``, ``ea-power``,
        ``rls-power`` and the double-geometric operator with an irrational ``q``.
    error_bound:
        ``|E[T] - expectation| <= error_bound``; ``Fraction(0)`` when exact.
    states:
        Number of lumped Markov-chain states built (the optimum class included).
    algorithm:
        One of :data:`zonemax.exact.limits.ALGORITHMS`.
    a:
        The target.
    params:
        The remaining parameters as ``(name, value)`` pairs.
    variance:
        ``Var[T]`` when requested (``with_variance=True``), else ``None``; exact for the rational
        families, the midpoint of an interval enclosure for the heavy-tailed ones.
    max_remaining:
        ``h_max``: an upper estimate of the largest expected remaining time over the reachable
        states, so that ``P(T > m ceil(e h_max)) <= e^{-m}`` (used to choose safe budgets).
    method:
        What ran, for people (``None``: the family's usual solver, exact rationals or interval
        arithmetic as said above).
    variance_error:
        ``|Var[T] - variance| <= variance_error`` where the solver proves one (the
        floating-point solver of :mod:`zonemax.exact.ea_pm1_float`), else ``None``.
    """

    expectation: Fraction | mpmath.mpf
    error_bound: Fraction | mpmath.mpf
    states: int
    algorithm: str
    a: tuple[int, ...]
    params: tuple[tuple[str, object], ...] = ()
    variance: Fraction | mpmath.mpf | None = None
    max_remaining: float | None = None
    method: str | None = None
    variance_error: mpmath.mpf | None = None

    @property
    def exact(self) -> bool:
        """``True`` iff ``expectation`` is an exact rational."""
        return isinstance(self.expectation, Fraction)

    @property
    def lower(self) -> Fraction | mpmath.mpf:
        """Lower end of the enclosure of ``E[T]``."""
        return self.expectation - self.error_bound

    @property
    def upper(self) -> Fraction | mpmath.mpf:
        """Upper end of the enclosure of ``E[T]``."""
        return self.expectation + self.error_bound
