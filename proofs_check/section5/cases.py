r"""Section 5, proof of Lemma 8: the regions of the five cases and the bounds the paper prints.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.  Cases 1 and 2 are too hard for z3
in one piece over all four constants, so their statements follow the proof's own decomposition
(:func:`_decomposed`): a bound on the toward step, a bound on the away step, and the algebra that
combines them.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check.rls_decide import Statement
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.rls_exact import Constraint
from zonemax.proofs_check.section5.common import (
    _FEASIBLE_TEXT,
    DOMAIN,
    G_AWAY,
    G_TOWARD,
    G,
    _params_text,
    _q,
    _stmt,
)
from zonemax.proofs_check.section5.judge import _z3_version

CASE1: tuple[Constraint, ...] = (("v", "<=", "d/8"),)
CASE2: tuple[Constraint, ...] = (("d/8", "<", "v"), ("v", "<=", "2*beta*d"))
CASE3: tuple[Constraint, ...] = (("2*beta*d", "<", "v"), ("v", "<", "2*d"))
CASE4: tuple[Constraint, ...] = (("v", "==", "2*d"),)
CASE5: tuple[Constraint, ...] = (("v", ">", "2*d"),)
#: The paper's bounds (proof of Lemma 8).
BOUND1 = f"(2*alpha*beta - beta - alpha)/(4*alpha*beta)*min(4*c, 1)*{G}"
TOWARD1 = "c*d**2/(2*v) - c*d**2/(2*alpha*v)"  # display (case1_1)
AWAY1 = "c*d**2/(2*v) - c*d**2/(2*beta*v)"  # display (case1_2)
TOWARD2 = "d*(1/16 - (4*alpha*beta*c + p))"  # line 596
AWAY2 = "-4*c*d/beta"  # line 604


def _bracket2(factor: Fraction) -> str:
    """Case 2's display: (d/2)(1/16 - factor (4 alpha beta c + p) - 4c/beta); printed factor 2."""
    return f"d/2*(1/16 - {_q(factor)}*(4*alpha*beta*c + p) - 4*c/beta)"


def _scaled(scale: Fraction, bound: str) -> str:
    return bound if scale == 1 else f"{_q(scale)}*({bound})"


def _case_quantifier(region: str, prm: RlsParams | None) -> str:
    return f"{_params_text(prm)}; every integer d >= 1 and every real v >= 1 with {region}"


def _decomposed(*, region: tuple[Constraint, ...], toward: str, away: str, bound: str,
                prm: RlsParams | None) -> tuple[Statement, ...]:
    """The paper's decomposition: g - g_toward >= toward, g - g_away >= away, and the algebra
    (X >= toward, Y >= away => (X + Y)/2 >= bound), X, Y standing for the two changes."""
    if prm is not None:
        return ()
    return (  # split on the old potential's max-branch (2v >= d or not), as the proof does
        _stmt((*DOMAIN, *region), ((f"{G} - {G_TOWARD}", ">=", toward),), None,
              split_on=(("2*v", ">=", "d"),)),
        _stmt((*DOMAIN, *region), ((f"{G} - {G_AWAY}", ">=", away),), None),
        _stmt((*DOMAIN, *region, ("X", ">=", toward), ("Y", ">=", away)),
              (("(X + Y)/2", ">=", bound),), None, variables=("d", "v", "X", "Y")),
    )


_DECOMPOSED_HOW = ("z3 {v} nlsat, following the proof's decomposition: (1) toward-step bound, "
                   "per integer branch of floor(v) relaxed to reals; (2) away-step bound; (3) the "
                   "algebra (X >= toward, Y >= away => (X+Y)/2 >= bound); D = ((g - g_toward) + "
                   "(g - g_away))/2 by definition; every negation unsat over {params}")


def _how(prm: RlsParams | None) -> str | None:
    return None if prm is not None else _DECOMPOSED_HOW.format(v=_z3_version(),
                                                               params=_FEASIBLE_TEXT)
