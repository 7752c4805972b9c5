r"""Section 5, proof of Lemma 8, last paragraph: the initial potential.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check.core import Claim, Control, Status, TexRef, Verdict
from zonemax.proofs_check.section5.common import _F, _FEASIBLE_TEXT, _q, _stmt
from zonemax.proofs_check.section5.judge import _judge, _z3_version


def check_initial_potential(heavy: bool, *, coefficient: Fraction = Fraction(2)) -> Verdict:
    """g(0^n, 1^n) = sum_i g_i(|a_i|, 1) <= (1 + coefficient c) sum a_i^2 <= (...)|a|_1^2."""
    k = _q(coefficient)
    goal = ("rls_g(d, 1, alpha, beta, c, p)", "<=", f"(1 + {k}*c)*d**2")
    return _judge(
        build=lambda pt: _stmt((("d", ">=", "1"),), (goal,), pt, variables=("d",)),
        heavy=heavy, prm=None,
        quantifier=f"{_FEASIBLE_TEXT}; every integer d >= 1",
        holds=f"g_i(d, 1) = d + max{{2c, cd^2/2}} <= (1 + {coefficient}c) d^2 for every d >= 1 "
              f"(no penalty: 1 <= 2 beta d), so g(0^n, 1^n) <= (1 + {coefficient}c) sum a_i^2 <= "
              f"(1 + {coefficient}c)|a|_1^2 and ln(X_0/x_min) = O(log|a|_1) with x_min = 1 "
              "(g_i >= d_i >= 1 for d_i >= 1).  The constant 1 + 2c is attained at d = 1.",
        fails="g_i(d, 1) exceeds the bound at the witness.", grid=(("d", "1", "60", 1),),
        how=f"z3 {_z3_version()} nlsat: the negation is unsat over every real d >= 1 and "
            f"{_FEASIBLE_TEXT}; the sum over i and sum a_i^2 <= |a|_1^2 are elementary")


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.initial-potential", 5, "Proof of Lemma 8, last paragraph",
          "The initial potential is of order at most sum d_i^2 <= |a|_1^2: g_i(d, 1) <= "
          "(1 + 2c) d^2.", check_initial_potential,
          controls=(Control("(1 + 1.999c) d^2 (fails at d = 1)", {"coefficient": _F(1999, 1000)},
                            Status.FAILS),),
          tex=TexRef(645, 647, r"the initial potential is of order at most $$\sum_{i=1}^n d_i^2 "
                               r"\leq \left(\sum_{i=1}^n d_i\right)^2 = |a|_1^2 $$"), coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.initial-potential": Status.HOLDS,
}
