r"""Section 6: the experiments' parameters and helpers shared by its claim modules.

Notation as in :mod:`zonemax.proofs_check.section6`.  Names with a leading underscore are internal
to the section's package.
"""

from __future__ import annotations

from fractions import Fraction

from flint import arb
from zonemax.proofs_check.bounds import arb_of, arb_precision, c_eps_enclosure

#: Section 6, item 2: "we set the parameter alpha = 2.0 and beta = 0.5".
SECTION6_ALPHA, SECTION6_BETA = Fraction(2), Fraction(1, 2)
#: Constants c, p of Lemma 8's potential (Section 5's example); Section 6 states none.
LEMMA8_C, LEMMA8_P = Fraction(1, 1000), Fraction(1, 100)
#: Section 6, item 2: "for the (1+1) EA with the heavy-tailed operator we set eps = 0.001".
SECTION6_EPS = Fraction(1, 1000)
#: Section 6: r = 10^k, k = 1..12 (RLS and the heavy-tailed EA).
SECTION6_R = tuple(10**k for k in range(1, 13))
#: Terms of the checker's own c_eps enclosure in the certificates.
CHECKER_TERMS = 128

#: The reproduction's report (relative to the repository root), cited by the claims.
_REPORT = "reproduction/paper/report.md"


def _mass_upto(k_max: int, eps: Fraction) -> arb:
    """``P(I <= k_max)`` (Definition 2, log2)."""
    lo_c, hi_c = c_eps_enclosure(eps, 2)
    with arb_precision():
        c = arb_of(lo_c).union(arb_of(hi_c))
        s = 1 + arb_of(eps)
        total = sum((1 / (i * (arb(i).log() / arb(2).log()) ** s) for i in range(2, k_max + 1)),
                    arb(0))
        return total / c


def _k_max(limit: int) -> int:
    """Largest ``k`` with ``2^(k-2) <= limit``."""
    return limit.bit_length() + 1


#: Section 6's sentence on the bounded search space (quoted by several claims).
_TEX_BOUND = r"We bound the maximum value of the considered integer strings by a value $r$."
#: Where the reproduction report discusses the truncated heavy-tailed operator.
_REP_TRUNC = (f"{_REPORT}, section 4 'Truncation of the heavy-tailed operator' (zonemax "
              "extension; no verdict row): ERT/n 5.8e4..5.5e6 untruncated against 56..5.1e3 "
              "conditioned on <= r, 950-1270x apart in every cell")
