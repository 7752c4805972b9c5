r"""Section 5, proof of Lemma 8, Case 5 (v_i > 2 d_i): every step is rejected.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Claim, Control, Severity, Status, TexRef, Verdict
from zonemax.proofs_check.rls_decide import Statement
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams
from zonemax.proofs_check.section5.cases import CASE5, _case_quantifier, _scaled
from zonemax.proofs_check.section5.common import _F, DOMAIN, DRIFT, _q, _stmt
from zonemax.proofs_check.section5.judge import _judge


def check_case5(heavy: bool, *, scale: Fraction = Fraction(1), params: RlsParams | None = None
                ) -> Verdict:
    """Case 5 (v > 2d): D = 2cv(1 - beta) > 4(1 - beta)cd."""
    goals = ((DRIFT, "==", _scaled(scale, "2*c*v*(1 - beta)")),
             ("2*c*v*(1 - beta)", ">", "4*(1 - beta)*c*d"))
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE5), goals, pt), heavy=heavy, prm=params,
        quantifier=_case_quantifier("v > 2d", params),
        holds="Case 5 (v > 2d): D = 2cv(1 - beta) > 4(1 - beta)cd for every real v > 2d (also "
              "when floor(v) = 2d, where the toward step IS accepted but leaves d unchanged).",
        fails="Case 5's equality fails at the witness.", grid=(12, "2*d", "2*d + 3", 8),
        extra_certs=(certs.identity(["beta", "c", "p", "d", "v"], "2*c*v + p*d - (2*c*beta*v + "
                                    "p*d)", "2*c*v*(1 - beta)", 2),) if scale == 1 else ())


def check_case5_rejected(heavy: bool, *, offset: Fraction = Fraction(0), strict: bool = True
                         ) -> Verdict:
    """Case 5: 'Steps towards the optimum are now also not accepted' (for v > 2d + offset)."""
    region = ("v", ">" if strict else ">=", f"2*d + {_q(offset)}")
    stmt = Statement(("d", "v"), (*DOMAIN, region), (("rls_accepted(d, v)", "==", "0"),))
    where = f"v {region[1]} 2d + {offset}" if offset else f"v {region[1]} 2d"
    return _judge(
        build=lambda _: stmt, heavy=heavy, prm=PAPER_EXAMPLE,
        quantifier=f"every integer d >= 1 and real {where}",
        holds=f"For {where} every step towards the target overshoots to distance > d and is "
              "rejected.",
        fails="Not so: when floor(v) = 2d (2d < v < 2d + 1) the toward step lands at distance "
              "exactly d, f(y) = f(x), and the offspring IS accepted (x jumps to the mirror "
              "point); d is unchanged and v <- beta v, so Case 5's drift is unaffected.",
        grid=(12, "2*d", "2*d + 3", 4))


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.case5", 5, "Proof of Lemma 8, Case 5 (v_i > 2 d_i)",
          "D = 2cv(1 - beta) > 4(1 - beta)cd.", check_case5,
          controls=(Control("x (1 + 10^-6)", {"scale": 1 + _F(1, 10**6)}, Status.FAILS),),
          tex=TexRef(642, 642, r"=2cv_i(1-\beta)>4(1-\beta)cd_i$$"), coq=1),
    Claim("S5.case5-rejected", 5, "Proof of Lemma 8, Case 5, 'Steps towards the optimum are now "
          "also not accepted'", "For v > 2d every step towards the target is rejected.",
          check_case5_rejected,
          controls=(Control("for v >= 2d + 1", {"offset": _F(1), "strict": False},
                            Status.HOLDS),),
          tex=TexRef(641, 641, r"Steps towards the optimum are now also not accepted, since they "
                               r"overstep the optimum by too much."),
          severity=Severity.IMPRECISE,
          fix="Say: a toward step is rejected, or (when floor(v_i) = 2d_i) accepted without "
              "changing d_i; either way v_i <- beta v_i and the potential changes as computed.",
          fix_claim="S5.case5"),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.case5": Status.HOLDS,
    "S5.case5-rejected": Status.FAILS,
}
