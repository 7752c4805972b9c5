r"""Section 5, proof of Lemma 8, Case 3 (2 beta d_i < v_i < 2 d_i), with and without the reset.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Claim, Control, Status, TexRef, Verdict
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.section5.cases import CASE3, _case_quantifier, _scaled
from zonemax.proofs_check.section5.common import _F, DOMAIN, DRIFT, _stmt
from zonemax.proofs_check.section5.judge import _judge


def check_case3(heavy: bool, *, reset: bool = False, scale: Fraction = Fraction(1),
                params: RlsParams | None = None) -> Verdict:
    """Case 3 (2 beta d < v < 2d): D >= d(p/2 - 4c((a+b)/2 - 1)) (beta v >= 1), resp.
    D >= (p/2)d - 2(alpha-1)cd after the reset to v' = 1 (beta v <= 1)."""
    sub = ("beta*v", "<=", "1") if reset else ("beta*v", ">=", "1")
    bound = "p/2*d - 2*(alpha - 1)*c*d" if reset else "d*(p/2 - 4*c*((alpha + beta)/2 - 1))"
    scaled = _scaled(scale, bound)
    region = (*CASE3, sub)
    ident = certs.identity(["alpha", "beta", "c", "p", "d"],
                           "4*c*d*(1 - (alpha + beta)/2) + p/2*d", bound, 2)
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *region), ((DRIFT, ">=", scaled),), pt),
        heavy=heavy, prm=params,
        quantifier=_case_quantifier(f"2 beta d < v < 2d, {sub[0]} {sub[1]} 1", params),
        holds=f"Case 3 ({'velocity reset to 1' if reset else 'beta v >= 1'}): D >= {bound}."
              + (" (Only d = 1 can reset: beta d < beta v <= 1; empty at beta = 9/10, non-empty "
                 "for beta < 1/sqrt(2), e.g. at the sample point beta = 7/10.)" if reset else ""),
        fails="Case 3's bound fails at the witness.",
        grid=(2, "2*beta*d", "2*d", 200) if reset else (12, "2*beta*d", "2*d", 8),
        extra_certs=(ident,) if scale == 1 and not reset else ())


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.case3", 5, "Proof of Lemma 8, Case 3 (2 beta d_i < v_i < 2 d_i), beta v_i >= 1",
          "D >= d(p/2 - 4c((alpha + beta)/2 - 1)).", check_case3,
          controls=(Control("bound x 201/200 (sharp at the example)", {"scale": _F(201, 200)},
                            Status.FAILS),),
          tex=TexRef(628, 628, r"=d_i\left(\frac{p}{2}-4c\left(\frac{\alpha+\beta}{2}-1\right)"
                               r"\right).$$"), coq=1),
    Claim("S5.case3-reset", 5, "Proof of Lemma 8, Case 3, velocity reset to v_i' = 1",
          "D >= (p/2)d - 2(alpha - 1)cd when beta v <= 1.", check_case3,
          controls=(Control("bound x 1000 (fails at alpha = 2, beta = 7/10)", {"scale": _F(1000)},
                            Status.FAILS),),
          tex=TexRef(632, 633, r"\geq \frac{p}{2}d_i-2(\alpha-1)cd_i,$$"),
          params={"reset": True}, coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.case3": Status.HOLDS,
    "S5.case3-reset": Status.HOLDS,
}
