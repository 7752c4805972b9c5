r"""Section 5, proof of Lemma 8, Case 1 (v_i <= d_i/8).

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Claim, Control, Status, TexRef, Verdict
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.section5.cases import (
    AWAY1,
    BOUND1,
    CASE1,
    TOWARD1,
    _case_quantifier,
    _decomposed,
    _how,
    _scaled,
)
from zonemax.proofs_check.section5.common import _F, DOMAIN, DRIFT, _stmt
from zonemax.proofs_check.section5.judge import _judge


def check_case1(heavy: bool, *, scale: Fraction = Fraction(1), params: RlsParams | None = None
                ) -> Verdict:
    """Case 1 (v <= d/8): D >= (2ab-b-a)/(4ab) min{4c,1} g_i."""
    bound = _scaled(scale, BOUND1)
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE1), ((DRIFT, ">=", bound),), pt),
        heavy=heavy, prm=params,
        obligations=_decomposed(region=CASE1, toward=TOWARD1, away=AWAY1, bound=bound,
                                prm=params),
        quantifier=_case_quantifier("v <= d/8", params),
        holds="Case 1 (v <= d/8): D >= ((2 alpha beta - beta - alpha)/(4 alpha beta)) min{4c,1} "
              "g_i, with the toward step changing g_i by >= cd^2/(2v) - cd^2/(2 alpha v) and the "
              "away step by >= cd^2/(2v) - cd^2/(2 beta v), as printed.",
        fails="Case 1's bound (scaled) fails at the witness.", grid=(24, "1", "d/8", 4),
        extra_certs=(certs.identity(["alpha", "beta", "c", "d", "v"], f"({TOWARD1} + {AWAY1})/2",
                                    "c*d**2/(2*v)*(2*alpha*beta - beta - alpha)/(2*alpha*beta)",
                                    3),) if scale == 1 else (),
        how=_how(params))


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.case1", 5, "Proof of Lemma 8, Case 1 (v_i <= d_i/8)",
          "D >= ((2 alpha beta - beta - alpha)/(4 alpha beta)) min{4c, 1} g_i for every feasible "
          "(alpha, beta, c, p), integer d and real v <= d/8.", check_case1,
          controls=(Control("bound x 29 (at the example D/bound comes down to about 28.5)",
                            {"scale": _F(29)}, Status.FAILS),),
          tex=TexRef(573, 577, r"\min\{4c,1\} g_i(d_i,v_i)"), coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.case1": Status.HOLDS,
}
