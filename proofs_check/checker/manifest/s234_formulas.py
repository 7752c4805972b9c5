r"""Sections 2-4: the statements over real parameters or unbounded integers, as formulas.

Written from the TeX: Algorithm 2 (l. 289-317), the proof of Lemma 7 (l. 509-511), the proof
of Theorem 3 (l. 378-420), the proof of Theorem 4 (l. 426-446), the proofs of Theorem 5 and
Corollary 6 (l. 455-497).  ``e`` is Euler's number; ``log2`` is the binary logarithm.
"""

from __future__ import annotations

from ..formula import Formula

OMEGA = (("omega", "6/5"),)
#: The margin omega - 1 - e(omega - 1)^2 of the proof of Theorem 3 (l. 413-414).
MARGIN = "omega - 1 - e*(omega - 1)**2"
#: The drift constant's omega-dependent factor (omega - 1 - e(omega-1)^2)/omega, and its value at
#: the maximiser omega* = sqrt(1 + 1/e).
RATE = f"({MARGIN})/omega"
BEST = "sqrt(1 + 1/e)"
RATE_BEST = f"({BEST} - 1 - e*({BEST} - 1)**2)/{BEST}"
#: (L + 2)(log2(L + 2))^{1+eps}: the denominator of Theorem 5's drift (l. 469-472).
DENOM = "(L + 2)*log2(L + 2)**(1 + eps)"

FORMULAS: dict[str, tuple[Formula, ...]] = {
    # Algorithm 2 (l. 303-310): from v >= 1 the pseudocode's update keeps v >= 1, so the step
    # floor(v) is never 0
    "S2.alg2-velocity-pseudocode": (Formula(
        (("v", "real"), ("alpha", "real"), ("beta", "real")),
        (("v", ">=", "1"), ("alpha", ">", "1"), ("alpha", "<=", "2"), ("beta", ">", "1/2"),
         ("beta", "<", "1")),
        (("alpha*v", ">=", "1"), ("max(1, beta*v)", ">=", "1"), ("floor(max(1, beta*v))", ">=", "1"))),),
    # the repair of Lemma 7's additive-drift step: Y' = max{0, y} is >= 0, is 0 once y <= 0 and
    # drops by at most 1 (and never rises) when y drops by 1
    "S2.thm1-lemma7-stopped": (
        Formula((("y", "real"),), (), (("max(0, y)", ">=", "0"),
                                       ("max(0, y) - max(0, y - 1)", "<=", "1"),
                                       ("max(0, y) - max(0, y - 1)", ">=", "0"))),
        Formula((("y", "real"),), (("y", "<=", "0"),), (("max(0, y)", "==", "0"),))),
    # l. 414: omega - 1 - e(omega - 1)^2 > 0 at omega = 1.2
    "S3.omega-margin": (Formula((), (), ((MARGIN, ">", "0"),), OMEGA),),
    # l. 414: '... we obtain 0.0912687 > 0': the value, to the printed 7 digits
    "S3.omega-printed-value": (Formula((), (), ((f"abs({MARGIN} - 912687/10000000)", "<=",
                                                 "1/20000000"),), OMEGA),),
    # l. 413: the omega > 1 with a positive margin are exactly 1 < omega < 1 + 1/e (both ways)
    "S3.omega-range": (
        Formula((("omega", "real"),), (("omega", ">", "1"), ("omega", "<", "1 + 1/e")),
                ((MARGIN, ">", "0"),)),
        Formula((("omega", "real"),), (("omega", ">", "1"), (MARGIN, ">", "0")),
                (("omega", "<", "1 + 1/e"),))),
    # the drift rate c/(2 omega) is largest at omega* = sqrt(1 + 1/e), and omega = 6/5 reaches
    # more than 97% of it
    "S3.omega-best": (
        Formula((("omega", "real"),), (("omega", ">", "1"),), ((RATE, "<=", RATE_BEST),)),
        Formula((), (), ((f"({RATE})/({RATE_BEST})", ">", "97/100"),), OMEGA)),
    # l. 401: omega^(d+1) - omega^d + omega^(d-1) - omega^d = omega^d (omega - 1)^2/omega
    "S3.pair-identity": (Formula(
        (("d", "int"), ("omega", "real")), (("omega", ">", "1"), ("d", ">=", "1")),
        (("omega**(d + 1) - omega**d + omega**(d - 1) - omega**d", "==",
          "omega**d*(omega - 1)**2/omega"),)),),
    # l. 403: a correct position's worsening paired with an improvement elsewhere changes g by
    # omega - 1 + omega^(k-1) - omega^k < (omega - 1)^2/omega (the pair bound at d_i = 0)
    "S3.pair-correct-position": (Formula(
        (("k", "int"), ("omega", "real")), (("omega", ">", "1"), ("k", ">=", "1")),
        (("omega - 1 + omega**(k - 1) - omega**k", "<", "(omega - 1)**2/omega"),)),),
    # l. 384-386: (1 - 1/n)^(n-1) >= 1/e for every n >= 1
    "S3.power-bound": (Formula((("n", "int"),), (("n", ">=", "1"),),
                               (("(1 - 1/n)**(n - 1)", ">=", "1/e"),)),),
    # l. 436-441: 1 - (1 - 1/h)^h >= 1 - 1/e >= 1/2 for every h >= 1
    "S3.thm4-last-steps": (Formula((("h", "int"),), (("h", ">=", "1"),),
                                   (("1 - (1 - 1/h)**h", ">=", "1 - 1/e"),
                                    ("1 - 1/e", ">=", "1/2"))),),
    # l. 474-478: Theorem 2 with X_0 = |a|_1 = A, x_min = 1 gives 1 + ln A <= 1 + log2 A
    "S4.thm5-constant": (Formula((("A", "real"),), (("A", ">", "1"),),
                                 (("1 + ln(A)", "<", "1 + log2(A)"),)),),
    # Theorem 5 with a uniform constant: (L+2)(log2(L+2))^(1+eps)(1 + L) < (L+2)^2 (log2(L+2))^(1+eps)
    "S4.thm5-o-form-fixed": (Formula((("L", "real"), ("eps", "real")),
                                     (("L", ">=", "0"), ("eps", ">", "0")),
                                     ((f"{DENOM}*(1 + L)", "<", f"(L + 2)*{DENOM}"),)),),
    # l. 469-470: (L + 2)(log2(L + 2))^(1+eps) grows with L >= 0, so d_i <= |a|_1 may replace
    # floor(log2 d_i) by log2 |a|_1 in the denominators
    "S4.denominator-monotone": (Formula(
        (("L", "real"), ("M", "real"), ("eps", "real")),
        (("L", ">=", "0"), ("L", "<=", "M"), ("eps", ">", "0")),
        ((DENOM, "<=", "(M + 2)*log2(M + 2)**(1 + eps)"),)),),
}
