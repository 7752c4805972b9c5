r"""Section 5: the statements' vocabulary (C1-C8, the drift quantities) shared by its claim modules.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.  Statements are written in the
certificate expression language (:mod:`zonemax.proofs_check.rls_exact`).  Names with a leading
underscore are internal to the section's package.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import sympy
from zonemax.proofs_check.core import TexRef
from zonemax.proofs_check.rls_decide import PARAM_NAMES, Statement
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams
from zonemax.proofs_check.rls_exact import Constraint

_a, _b = sympy.symbols("alpha beta", positive=True)


def conditions(prm: RlsParams) -> dict[str, tuple[bool, Fraction]]:
    """The eight conditions of Lemma 8: name -> (holds, margin) with margin > 0 iff strict."""
    al, be, c, p = prm.alpha, prm.beta, prm.c, prm.p
    return {
        "C1: 1 < alpha <= 2": (1 < al <= 2, min(al - 1, 2 - al)),
        "C2: 1/2 < beta <= 0.9": (Fraction(1, 2) < be <= Fraction(9, 10),
                                  min(be - Fraction(1, 2), Fraction(9, 10) - be)),
        "C3: 2 alpha beta - alpha - beta > 0": (2 * al * be - al - be > 0, 2 * al * be - al - be),
        "C4: alpha + beta > 2": (al + be > 2, al + be - 2),
        "C5: alpha^2 beta > 1": (al * al * be > 1, al * al * be - 1),
        "C6: 8 alpha beta c + 2p + 4c/beta <= 1/16": (
            8 * al * be * c + 2 * p + 4 * c / be <= Fraction(1, 16),
            Fraction(1, 16) - (8 * al * be * c + 2 * p + 4 * c / be)),
        "C7: p > 8c((alpha+beta)/2 - 1)": (p > 8 * c * ((al + be) / 2 - 1),
                                           p - 8 * c * ((al + be) / 2 - 1)),
        "C8: p > 4(alpha-1)c > 0": (p > 4 * (al - 1) * c > 0, p - 4 * (al - 1) * c),
    }


# ------------------------------------------------------------------------------------------
# The statements' vocabulary (certificate expression language)
# ------------------------------------------------------------------------------------------
_Q = "d, v, alpha, beta, c, p"
G = f"rls_g({_Q})"
G_TOWARD = f"rls_g_toward({_Q})"
G_AWAY = f"rls_g_away({_Q})"
DRIFT = f"rls_drift({_Q})"
#: d >= 1 (an integer) and v >= 1 (a real): the domain of every drift statement.
DOMAIN: tuple[Constraint, ...] = (("d", ">=", "1"), ("v", ">=", "1"))

#: C1-C8 of Lemma 8's proof (line 535 of the TeX), as constraints.
HYPOTHESES: dict[str, tuple[Constraint, ...]] = {
    "C1": (("alpha", ">", "1"), ("alpha", "<=", "2")),
    "C2": (("beta", ">", "1/2"), ("beta", "<=", "9/10")),
    "C3": (("2*alpha*beta - beta - alpha", ">", "0"),),
    "C4": (("alpha + beta", ">", "2"),),
    "C5": (("alpha**2*beta", ">", "1"),),
    "C6": (("8*alpha*beta*c + 2*p + 4*c/beta", "<=", "1/16"),),
    "C7": (("p", ">", "8*c*((alpha + beta)/2 - 1)"),),
    "C8": (("p", ">", "4*(alpha - 1)*c"), ("4*(alpha - 1)*c", ">", "0")),
}
LEMMA8: tuple[Constraint, ...] = tuple(x for k in sorted(HYPOTHESES) for x in HYPOTHESES[k])
#: Feasible points at which every drift statement is also checked on a finite grid (by the
#: independent checker): the paper's example and a point with beta < 1/sqrt(2), where the
#: velocity reset of Case 3 can occur (it cannot at beta = 9/10).
SAMPLE_POINTS: tuple[RlsParams, ...] = (
    PAPER_EXAMPLE, RlsParams(Fraction(2), Fraction(7, 10), Fraction(1, 1000), Fraction(1, 100)))

_FEASIBLE_TEXT = "every (alpha, beta, c, p) satisfying C1-C8"
_ALL_DV = "every integer d >= 1 and every real v >= 1"


def _q(x: Fraction) -> str:
    """A rational as expression text."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"({x.numerator}/{x.denominator})"


def _point(prm: RlsParams) -> tuple[tuple[str, Fraction], ...]:
    return tuple(zip(PARAM_NAMES, (prm.alpha, prm.beta, prm.c, prm.p), strict=True))


def _stmt(where: Sequence[Constraint], goals: Sequence[Constraint], prm: RlsParams | None,
          variables: tuple[str, ...] = ("d", "v"), hypotheses: Sequence[Constraint] = LEMMA8,
          split_on: tuple[Constraint, ...] = ()) -> Statement:
    """A statement over ``variables`` (and the constants: free under ``hypotheses`` when ``prm``
    is None, else fixed at ``prm``)."""
    if prm is None:
        return Statement(variables + PARAM_NAMES, (*hypotheses, *where), tuple(goals),
                         split_on=split_on)
    return Statement(variables, tuple(where), tuple(goals), _point(prm), split_on)


def _params_text(prm: RlsParams | None) -> str:
    if prm is None:
        return _FEASIBLE_TEXT
    return f"(alpha, beta, c, p) = ({prm.alpha}, {prm.beta}, {prm.c}, {prm.p})"


# ------------------------------------------------------------------------------------------
# Shorthands of the registrations (a Fraction; TeX places quoted by several claims)
# ------------------------------------------------------------------------------------------
_F = Fraction
_CONDITIONS_TEX = TexRef(535, 535, r"8\alpha\beta c+2p+4c/\beta\leq 1/16, p > "
                                   r"8c\left(\frac{\alpha+\beta}{2}-1\right),$ and "
                                   r"$p>4(\alpha-1)c>0$.")
_LEMMA8_TEX = TexRef(519, 519, r"For constants $\alpha,\beta$ satisfying $1<\alpha\leq 2,1/2<\beta"
                               r"\leq 0.9,2\alpha\beta-\beta-\alpha>0,\alpha+\beta>2$ and "
                               r"$\alpha^2\beta>1 $")
