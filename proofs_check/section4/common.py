r"""Section 4: the vocabulary and the Arb quantities of Definition 2 shared by its claim modules.

Notation as in :mod:`zonemax.proofs_check.section4`.  The Arb helpers are always called inside
``arb_precision()``.  Names with a leading underscore are internal to the section's package.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from flint import arb
from zonemax.proofs_check.bounds import arb_bounds, arb_of, arb_precision, c_eps_enclosure
from zonemax.proofs_check.core import Method, record, recorded_cache
from zonemax.proofs_check.serialise import decimal
from zonemax.reference.params import LogBase

_eps = sympy.Symbol("epsilon", positive=True)
_x = sympy.Symbol("x", positive=True)
_L = sympy.Symbol("L", nonnegative=True)

#: The eps values checked by default: Section 6's 1/1000 and a light tail, 1.
EPS_CHECKED = (Fraction(1, 1000), Fraction(1))
#: Terms of the checker's own c_eps enclosure in the certificates (its tail bracket is below
#: 1e-11 wide at N = 128, see :mod:`zonemax.proofs_check.checker.heavy`).
CHECKER_TERMS = 128
#: Terms of the search's Arb enclosure of c_eps (default run, ``heavy=True``).
SEARCH_TERMS, SEARCH_TERMS_HEAVY = 2**14, 2**17

_BASE_NAME = {2: "log2", "e": "ln"}
#: A logarithm base: Definition 2's 2 or e, or (for the drift-sum line's controls) a rational
#: ``b > 1``.
Base = LogBase | Fraction


def _base_name(base: Base) -> str:
    return _BASE_NAME.get(base, f"log_{base}")


def _lnb_expr(base: Base) -> str:
    """``ln b`` in the checker's expression language."""
    return "ln(2)" if base == 2 else "1" if base == "e" else f"ln({base})"


def _log_expr(arg: str, base: Base) -> str:
    return (f"log2({arg})" if base == 2 else f"ln({arg})" if base == "e" else
            f"(ln({arg})/ln({base}))")


# ------------------------------------------------------------------------------------------
# Arb quantities of Definition 2 (always called inside ``arb_precision()``)
# ------------------------------------------------------------------------------------------
def _log(x: arb, base: Base) -> arb:
    if base == "e":
        return x.log()
    return x.log() / (arb(2) if base == 2 else arb_of(Fraction(base))).log()


@recorded_cache(maxsize=4096)
def _w(i: int, eps: Fraction, base: Base) -> arb:
    """``w(i) = 1/(i (log_b i)^{1+eps})`` (Definition 2), ``i >= 2``."""
    record(Method.INTERVAL)
    with arb_precision():
        return 1 / (i * _log(arb(i), base) ** (1 + arb_of(eps)))


@recorded_cache(maxsize=64)
def _c(eps: Fraction, base: LogBase, heavy: bool) -> arb:
    """``c_eps`` as an Arb ball (the rigorous enclosure of
    :func:`~zonemax.proofs_check.bounds.c_eps_enclosure`)."""
    lo_c, hi_c = c_eps_enclosure(eps, base, SEARCH_TERMS_HEAVY if heavy else SEARCH_TERMS)
    with arb_precision():
        return arb_of(lo_c).union(arb_of(hi_c))


def _frac_str(x: arb, digits: int = 12) -> str:
    lo_x, hi_x = arb_bounds(x)
    return f"[{decimal(lo_x, digits)}, {decimal(hi_x, digits)}]"
