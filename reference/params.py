r"""The paper's parameters: their exact reading, their valid ranges and their defaults, once.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855.

Symbols:

* ``eps`` = :math:`\varepsilon > 0` of the heavy-tailed operator (Definition 2);
* ``log_base`` = the base of ``log`` in Definition 2 (the paper leaves it implicit; see
  :mod:`zonemax.reference.heavy_tailed` for why zonemax defaults to 2);
* ``truncate``, ``r`` = how a heavy-tailed step is bounded by the range ``r`` of Section 6;
* ``alpha`` = :math:`\alpha > 1`, ``beta`` = :math:`\beta \in (0, 1)` of RLS_{α,β} (Algorithm 2).

Beyond the paper (the step operators of the follow-up literature):

* ``geom_q`` = :math:`q \in (0, 1)`, the ratio of the double-geometric operator (Rudolph 1994;
  :mod:`zonemax.reference.double_geometric`): the step is ``G1 - G2`` with
  ``P(G = k) = (1 - q) q^k``; ``geom_mean`` = the mean step length ``E|G1 - G2| = 2q/(1 - q^2)``,
  the other way to give the same operator;
* ``power_exponent`` = the exponent :math:`\beta > 1` of the power-law operator
  (:mod:`zonemax.reference.power_law`), named so as not to clash with RLS_{α,β}'s ``beta``.

This module imports nothing but the standard library, so every layer (and the command line's
start-up) can read the defaults and validators without loading numpy or mpmath.  Real
parameters are kept as exact ``Fraction``: floats are read as the shortest decimal that prints as
them (``0.001 -> 1/1000``), which is what a user who typed ``0.001`` meant.
"""

from __future__ import annotations

import math
import warnings
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Literal, TypeAlias

#: A logarithm base: an integer >= 2, or "e" for the natural logarithm.
LogBase: TypeAlias = int | Literal["e"]
#: How a heavy-tailed step is bounded by the range r (:mod:`zonemax.reference.heavy_tailed`).
Truncation: TypeAlias = Literal["none", "condition", "clip"]
TRUNCATIONS: tuple[Truncation, ...] = ("none", "condition", "clip")

#: Section 6: "for the (1+1) EA with the heavy-tailed operator we set eps = 0.001".
DEFAULT_EPS = Fraction(1, 1000)
#: Base 2: the proof of Theorem 5 needs it (:mod:`zonemax.reference.heavy_tailed`).
DEFAULT_LOG_BASE: LogBase = 2
#: Section 5: "We can thus choose, for example, alpha = 1.7, beta = 0.9" (inside Theorem 9).
DEFAULT_ALPHA = Fraction(17, 10)
DEFAULT_BETA = Fraction(9, 10)
#: Section 6: "For RLS with the self-adjusting operator we set alpha = 2.0 and beta = 0.5"
#: (outside Theorem 9's hypotheses).
SECTION6_ALPHA = Fraction(2)
SECTION6_BETA = Fraction(1, 2)

#: Default mean step length ``E|step|`` of the double-geometric operator: 1, the mean step length
#: of the ±1 operator (Definition 1), so that by default the two are compared at equal mean step
#: (zonemax's choice; Rudolph 1994 leaves the mean to the user).  Its ratio is ``q = sqrt(2) - 1``.
DEFAULT_GEOM_MEAN = Fraction(1)
#: Default exponent of the power-law operator: 3/2, inside the range ``1 < beta < 2`` in which the
#: step has an infinite mean and every scale is visited (zonemax's choice; it is the exponent
#: usually taken for the power-law ("fast") mutation rates of Doerr, Le, Makhmara and Nguyen,
#: GECCO 2017, not one taken from arXiv 2412.11684).
DEFAULT_POWER_EXPONENT = Fraction(3, 2)

Real: TypeAlias = float | int | Fraction | str


def as_fraction(value: Real, name: str) -> Fraction:
    """Read a real parameter exactly (see the module docstring), or raise a clear error."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a real number, got bool")
    if isinstance(value, Fraction | int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{name} must be finite, got {value}")
        return Fraction(repr(value))
    if isinstance(value, str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{name} must be a number, got {value!r}") from None
    raise TypeError(f"{name} must be a real number, got {type(value).__name__}")


#: Largest ``eps``: above it Definition 2's law puts probability below ``2^-(0.58 eps)``
#: (``P(I = 3)/P(I = 2)`` in base 2) on any step other than 1, i.e. it *is* the ±1 law, and the
#: rigorous enclosure of ``c_eps`` (:func:`zonemax.reference.heavy_tailed.c_epsilon`, 40 digits)
#: loses its precision above about ``eps = 10^35`` (measured: width 2e-3 at 10^38).
MAX_EPS = Fraction(10**6)


def check_eps(eps: Real) -> Fraction:
    """Validate ``0 < eps <= MAX_EPS`` (Definition 2) and return it as an exact Fraction."""
    e = as_fraction(eps, "eps")
    if e <= 0:
        raise ValueError(f"eps must be > 0 (Definition 2 needs a summable tail), got {eps}")
    if e > MAX_EPS:
        raise ValueError(f"eps must be <= {MAX_EPS}: above it Definition 2's law is the ±1 law "
                         "up to a negligible probability and the enclosure of c_eps loses its "
                         "precision; use the ±1 operator instead")
    return e


def check_log_base(log_base: LogBase) -> LogBase:
    """Validate a log base: an int >= 2 or the string "e"."""
    if log_base == "e":
        return "e"
    if isinstance(log_base, bool) or not isinstance(log_base, int) or log_base < 2:
        raise ValueError(f"log_base must be an integer >= 2 or 'e', got {log_base!r}")
    return log_base


def check_truncation(truncate: str) -> Truncation:
    """Validate a truncation mode: none, condition or clip."""
    for mode in TRUNCATIONS:
        if truncate == mode:
            return mode
    raise ValueError(f"truncate must be 'none', 'condition' or 'clip', got {truncate!r}")


def check_alpha_beta(alpha: Real, beta: Real) -> tuple[Fraction, Fraction]:
    """Validate ``alpha > 1`` and ``0 < beta < 1`` (Algorithm 2) and read them exactly."""
    al = as_fraction(alpha, "alpha")
    be = as_fraction(beta, "beta")
    if al <= 1:
        raise ValueError(f"alpha must be > 1 (it increases the velocity), got {alpha}")
    if not 0 < be < 1:
        raise ValueError(f"beta must lie in (0, 1) (it decreases the velocity), got {beta}")
    return al, be


def check_geom_q(q: Real) -> Fraction:
    """Validate the double-geometric ratio ``0 < q < 1`` and read it exactly."""
    value = as_fraction(q, "geom_q")
    if not 0 < value < 1:
        raise ValueError(
            f"geom_q must lie in (0, 1) (P(G = k) = (1 - q) q^k needs it; q = 0 never moves), "
            f"got {q}"
        )
    return value


def check_geom_mean(mean: Real) -> Fraction:
    """Validate the double-geometric mean step length ``E|G1 - G2| > 0`` and read it exactly."""
    value = as_fraction(mean, "geom_mean")
    if value <= 0:
        raise ValueError(f"geom_mean (the mean step length E|step|) must be > 0, got {mean}")
    return value


def check_power_exponent(exponent: Real) -> Fraction:
    """Validate the power-law exponent ``beta > 1`` (``zeta(beta)`` must be finite)."""
    value = as_fraction(exponent, "power_exponent")
    if value <= 1:
        raise ValueError(
            f"power_exponent must be > 1 (the law k^(-beta)/zeta(beta) needs a finite zeta), "
            f"got {exponent}"
        )
    return value


class OutsideTheoremWarning(UserWarning):
    """(alpha, beta) lies outside the hypotheses of Theorem 9."""


def theorem9_violations(alpha: Fraction, beta: Fraction) -> tuple[str, ...]:
    """The hypotheses of Lemma 8 / Theorem 9 that ``(alpha, beta)`` violates (exactly)."""
    checks = {
        "1 < alpha <= 2": 1 < alpha <= 2,
        "1/2 < beta <= 0.9": Fraction(1, 2) < beta <= Fraction(9, 10),
        "2*alpha*beta - alpha - beta > 0": 2 * alpha * beta - alpha - beta > 0,
        "alpha + beta > 2": alpha + beta > 2,
        "alpha^2*beta > 1": alpha**2 * beta > 1,
    }
    return tuple(name for name, ok in checks.items() if not ok)


#: Longest exact text of a number in a message or a header; longer ones are shown in six
#: significant digits (a 300-digit alpha once filled the terminal).
SHORT_NUMBER_CHARS = 24


def short_number(value: Fraction | int, digits: int = 6) -> str:
    """``value`` for people to read: its exact text (``17/10``, ``1000``) when it has at most
    :data:`SHORT_NUMBER_CHARS` characters, else ``digits`` significant digits, written
    ``1e+300`` when that is exact and ``~1.23457e+299`` when it is not."""
    x = Fraction(value)
    text = str(x)
    if len(text) <= SHORT_NUMBER_CHARS:
        return text
    with localcontext() as ctx:
        ctx.prec = digits
        d = Decimal(x.numerator) / Decimal(x.denominator)
    shown = format(d.normalize(), "g")  # 1e+300, 3.5717e+300, 1 (Decimal's 'g': plain or sci)
    return shown if Fraction(d) == x else f"~{shown}"


def outside_theorem9_message(alpha: Fraction, beta: Fraction) -> str | None:
    """The warning text for ``(alpha, beta)`` outside Theorem 9, or ``None`` inside it."""
    violated = theorem9_violations(alpha, beta)
    if not violated:
        return None
    return (f"(alpha, beta) = ({short_number(alpha)}, {short_number(beta)}) violates Theorem 9's "
            "hypotheses: " + "; ".join(violated))


def warn_outside_theorem9(alpha: Fraction, beta: Fraction, stacklevel: int = 2) -> None:
    """Emit :class:`OutsideTheoremWarning` when ``(alpha, beta)`` is outside Theorem 9."""
    message = outside_theorem9_message(alpha, beta)
    if message is not None:
        warnings.warn(message, OutsideTheoremWarning, stacklevel=stacklevel + 1)
