r"""Claims of Section 6 (experiments) checked against the hypotheses of Sections 3-5.

Section 6 runs RLS_{alpha,beta} with ``alpha = 2, beta = 0.5``, the heavy-tailed (1+1) EA with
``eps = 0.001``, on targets ``a = (r, ..., r)`` with the search space bounded by ``r``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import sympy
from zonemax.proofs_check.claims_s5 import conditions
from zonemax.proofs_check.core import Claim, Method, Status, Verdict, above, evidence, iv_precision
from zonemax.proofs_check.rls_drift import RlsParams, drift, g_i
from zonemax.reference.heavy_tailed import c_epsilon, largest_exponent

#: Section 6, item 2: "we set the parameter alpha = 2.0 and beta = 0.5".
SECTION6_RLS = RlsParams(Fraction(2), Fraction(1, 2), Fraction(1, 1000), Fraction(1, 100))
#: Section 6, item 2: "for the (1+1) EA with the heavy-tailed operator we set eps = 0.001".
SECTION6_EPS = Fraction(1, 1000)
#: Section 6: r = 10^k, k = 1..12.
SECTION6_R = tuple(10**k for k in range(1, 13))


def check_rls_hypotheses(heavy: bool) -> Verdict:
    cond = conditions(SECTION6_RLS)
    violated = {k: m for k, (ok, m) in cond.items() if not ok}
    return Verdict(
        Status.FAILS if violated else Status.HOLDS,
        "The RLS experiments (alpha = 2, beta = 1/2) lie outside Lemma 8 / Theorem 9: beta > 1/2 "
        "fails (beta = 1/2) and 2 alpha beta - alpha - beta = -1/2 < 0, so Figure 2's RLS curve "
        "does not illustrate Theorem 9.",
        evidence(all_margins={k: m for k, (_, m) in cond.items()}),
        evidence(alpha=SECTION6_RLS.alpha, beta=SECTION6_RLS.beta, violated=violated),
    )


def check_rls_drift(heavy: bool) -> Verdict:
    prm = SECTION6_RLS
    d_sym, c_sym = sympy.symbols("d c", positive=True)
    # v = 2, d >= 10: toward -> (d-2, 4), away -> (d, max(1, 1) = 1); no penalties.
    formula = sympy.simplify(
        (d_sym + c_sym * d_sym**2 / 4)
        - sympy.Rational(1, 2) * ((d_sym - 2 + c_sym * (d_sym - 2) ** 2 / 8)
                                  + (d_sym + c_sym * d_sym**2 / 2)))
    expected = 1 - c_sym * (d_sym - 2) ** 2 / 16
    agrees = all(
        drift(d, Fraction(2), prm) == Fraction(1) - prm.c * (d - 2) ** 2 / 16
        for d in range(10, 400)
    )
    d_w = 129
    value = drift(d_w, Fraction(2), prm)
    ok_formula = sympy.simplify(formula - expected) == 0 and agrees
    return Verdict(
        Status.FAILS if value < 0 and ok_formula else Status.INCONCLUSIVE,
        "With alpha = 2, beta = 1/2 the potential of Lemma 8 can drift the wrong way: at v = 2 "
        "the conditional drift is 1 - c(d-2)^2/16, negative for every d > 2 + 4/sqrt(c) -- for "
        "ANY c > 0.  So the proof of Lemma 8 cannot be rescued for the Section 6 parameters by "
        "retuning c, p.  The state is reachable (a_i = d + 1, one successful step).",
        evidence(drift_at_v_2=formula, formula_checked_for="10 <= d < 400 exactly"),
        evidence(alpha=prm.alpha, beta=prm.beta, c=prm.c, p=prm.p, d=d_w, v=Fraction(2),
                 g_i=g_i(d_w, Fraction(2), prm), drift=value),
    )


def check_heavy_hypotheses(heavy: bool) -> Verdict:
    return Verdict(
        Status.CAVEAT,
        "eps = 0.001 > 0 satisfies Theorem 5, but the experiments bound the search space by r "
        "while Definition 2 draws steps up to 2^{I-2} without bound; the paper does not say how "
        "steps leaving [0, r] are handled (rejected, clipped, or conditioned), so the simulated "
        "process is not exactly the analysed one.",
        evidence(eps=SECTION6_EPS),
    )


def check_bounded_space(heavy: bool) -> Verdict:
    # (1+1) EA with +-1, n = 2, a = (r, r), x = (0, 0): both positions mutated (1/4), one moves
    # +1 and the other -1 (2 of 4 sign patterns): equal fitness, accepted, x leaves [0, r]^2.
    p_leave = Fraction(1, 4) * Fraction(2, 4)
    return Verdict(
        Status.CAVEAT,
        "The theorems are about Z^n; Section 6 restricts to [0, r]^n 'for practical reasons'.  "
        "The analysed (1+1) EA leaves [0, r]^n with positive probability (neutral moves are "
        "accepted), so the bounded experiments measure a modified process unless the bound "
        "never binds.",
        evidence(),
        evidence(algorithm="(1+1) EA, +-1 operator", n=2, a="(r, r)", first_iteration=True,
                 probability_to_leave=p_leave),
    )


def _mass_upto(limit: int, c_iv: Any, eps: Fraction) -> Any:
    total = mpmath.iv.mpf(0)
    one_plus = 1 + mpmath.iv.mpf(eps.numerator) / eps.denominator
    for i in range(2, largest_exponent(limit) + 1):  # 2^{i-2} <= limit
        total += 1 / (i * mpmath.iv.exp(one_plus * mpmath.iv.log(mpmath.iv.log(i) /
                                                                  mpmath.iv.log(2))))
    return total / c_iv


def check_usable_mass(heavy: bool) -> Verdict:
    c = c_epsilon(SECTION6_EPS, 2, terms=512)
    out: dict[str, Any] = {}
    with iv_precision():
        c_iv = mpmath.iv.mpf([c.lower, c.upper])
        for r in SECTION6_R:
            out[f"r=1e{len(str(r)) - 1}"] = {"P(step<=r)": _mass_upto(r, c_iv, SECTION6_EPS),
                                             "P(step<=2r)": _mass_upto(2 * r, c_iv, SECTION6_EPS)}
        worst = _mass_upto(2 * SECTION6_R[-1], c_iv, SECTION6_EPS)
    ok = above(1 - worst * 300, 0)  # P(step <= 2r) < 1/300 for every r <= 10^12
    return Verdict(
        Status.HOLDS if ok else Status.INCONCLUSIVE,
        "'a lot of time is wasted on attempting larger jumps': with eps = 0.001 (log2), a "
        "position mutated alone accepts a step only if it is at most 2 d_i <= 2r, and "
        "P(2^{I-2} <= 2r) < 1/300 for every r <= 10^12 (rigorous enclosures): over 99.6% of "
        "such mutations are wasted -- for large r too, not only small r.",
        evidence(enclosures=out, P_step_le_2e12=worst, c_eps=(c.lower, c.upper)),
    )


CLAIMS: tuple[Claim, ...] = (
    Claim("S6.rls-hypotheses", 6, "Section 6, item 2 (alpha = 2.0, beta = 0.5) vs Theorem 9",
          "The RLS parameters of the experiments satisfy the hypotheses of Theorem 9.",
          (Method.EXACT,), check_rls_hypotheses),
    Claim("S6.rls-drift", 6, "Section 6 parameters vs proof of Lemma 8",
          "The potential of Lemma 8 has positive drift for alpha = 2, beta = 1/2 (some c, p).",
          (Method.SYMBOLIC,), check_rls_drift),
    Claim("S6.heavy-hypotheses", 6, "Section 6, item 2 (eps = 0.001) vs Theorem 5",
          "The heavy-tailed experiments satisfy the hypotheses of Theorem 5.", (Method.EXACT,),
          check_heavy_hypotheses),
    Claim("S6.bounded-space", 6, "Section 6, 'we bound the maximum value ... by r'",
          "Restricting to [0, r]^n does not change the analysed process.", (Method.EXACT,),
          check_bounded_space),
    Claim("S6.heavy-usable-mass", 6, "Section 6, discussion of Figure 2",
          "For small r a lot of time is wasted on attempting larger jumps.", (Method.INTERVAL,),
          check_usable_mass),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S6.rls-hypotheses": Status.FAILS,
    "S6.rls-drift": Status.FAILS,
    "S6.heavy-hypotheses": Status.CAVEAT,
    "S6.bounded-space": Status.CAVEAT,
    "S6.heavy-usable-mass": Status.HOLDS,
}
