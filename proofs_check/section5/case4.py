r"""Section 5, proof of Lemma 8, Case 4 (v_i = 2 d_i).

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Claim, Control, Status, TexRef, Verdict
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.section5.cases import CASE4, _case_quantifier, _scaled
from zonemax.proofs_check.section5.common import _F, DOMAIN, DRIFT, _stmt
from zonemax.proofs_check.section5.judge import _judge


def check_case4(heavy: bool, *, scale: Fraction = Fraction(1), params: RlsParams | None = None
                ) -> Verdict:
    """Case 4 (v = 2d): D = d(4c + p - 4 beta c)."""
    bound = _scaled(scale, "d*(4*c + p - 4*beta*c)")
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE4), ((DRIFT, "==", bound),), pt),
        heavy=heavy, prm=params,
        quantifier=_case_quantifier("v = 2d", params),
        holds="Case 4 (v = 2d): D = d(4c + p - 4 beta c) exactly (the toward step lands at "
              "distance d: accepted, v <- beta v >= 1).",
        fails="Case 4's equality fails at the witness.", grid=(40, "2*d", "2*d", 1),
        extra_certs=(certs.identity(["beta", "c", "p", "d"], "d*(1 + 4*c + p) - d*(1 + 4*beta*c)",
                                    "d*(4*c + p - 4*beta*c)", 2),) if scale == 1 else ())


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.case4", 5, "Proof of Lemma 8, Case 4 (v_i = 2 d_i)",
          "D = d(4c + p - 4 beta c).", check_case4,
          controls=(Control("x (1 + 10^-6)", {"scale": 1 + _F(1, 10**6)}, Status.FAILS),),
          tex=TexRef(637, 637, r"$$E[g_i(d_i,v_i)-g_i(d_i',v_i')]=d_i(4c+p-4\beta c),$$"), coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.case4": Status.HOLDS,
}
