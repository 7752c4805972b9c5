r"""Claims of Section 5 (RLS_{alpha,beta}: Lemma 7, Lemma 8, Theorem 9).

Notation as in :mod:`zonemax.proofs_check.rls_drift`: ``d`` = :math:`d_i`, ``v`` = :math:`v_i`,
``D(d, v)`` = conditional drift of ``g_i`` given that component ``i`` is chosen.  The eight
conditions of Lemma 8 are numbered C1-C8 in the order the proof lists them:
C1 ``1 < alpha <= 2``, C2 ``1/2 < beta <= 0.9``, C3 ``2 alpha beta - alpha - beta > 0``,
C4 ``alpha + beta > 2``, C5 ``alpha^2 beta > 1``, C6 ``8 alpha beta c + 2p + 4c/beta <= 1/16``,
C7 ``p > 8c((alpha+beta)/2 - 1)``, C8 ``p > 4(alpha - 1)c > 0``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache

import mpmath
import sympy
from zonemax.proofs_check.bounds import rls_ab_lower
from zonemax.proofs_check.core import (
    Claim,
    Method,
    Status,
    Verdict,
    evidence,
    iv_frac,
    iv_precision,
)
from zonemax.proofs_check.rls_drift import (
    PAPER_EXAMPLE,
    RlsParams,
    delta_lower_bound,
    drift,
    g_i,
    outcomes,
    ratio_infimum,
)

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
def check_example(heavy: bool) -> Verdict:
    cond = conditions(PAPER_EXAMPLE)
    ok = all(h for h, _ in cond.values())
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "All eight conditions hold exactly at alpha = 17/10, beta = 9/10, c = 1/1000, "
                   "p = 1/100 (margins listed; C6's left side is 0.0366844... <= 0.0625).",
                   evidence(margins={k: m for k, (_, m) in cond.items()}))


def check_feasible_region(heavy: bool) -> Verdict:
    # C3 <=> beta (2 alpha - 1) > alpha <=> beta > alpha/(2 alpha - 1)  (alpha > 1/2)
    threshold = _a / (2 * _a - 1)
    alpha_min = sympy.solve(sympy.Eq(threshold, sympy.Rational(9, 10)), _a)
    mismatches = 0
    grid = [Fraction(k, 40) for k in range(41, 81)]
    betas = [Fraction(k, 80) for k in range(41, 80)]
    for al, be in itertools.product(grid, betas):
        prm = RlsParams(al, be, Fraction(1, 1000), Fraction(1, 100))
        cond = conditions(prm)
        lemma = all(cond[k][0] for k in list(cond)[:5])
        closed = Fraction(9, 8) < al <= 2 and al / (2 * al - 1) < be <= Fraction(9, 10)
        mismatches += lemma != closed
    ok = mismatches == 0 and alpha_min == [sympy.Rational(9, 8)]
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "C1-C5 together are equivalent to 9/8 < alpha <= 2 and alpha/(2 alpha - 1) < "
                   "beta <= 9/10 (beta = alpha/(2alpha-1) meets 9/10 at alpha = 9/8).",
                   evidence(beta_threshold=threshold, alpha_min=alpha_min[0] if alpha_min else None,
                            grid_points=len(grid) * len(betas), mismatches=mismatches))


def check_redundant(heavy: bool) -> Verdict:
    t = _a / (2 * _a - 1)
    d4 = sympy.factor(sympy.together(t - (2 - _a)))  # C3 threshold minus C4 threshold
    d5 = sympy.factor(sympy.together(t - 1 / _a**2))  # C3 threshold minus C5 threshold
    d2 = sympy.factor(sympy.together(t - sympy.Rational(1, 2)))
    expected4 = 2 * (_a - 1) ** 2 / (2 * _a - 1)
    expected5 = (_a - 1) * (_a**2 + _a - 1) / (_a**2 * (2 * _a - 1))
    ok = (sympy.simplify(d4 - expected4) == 0 and sympy.simplify(d5 - expected5) == 0
          and sympy.simplify(d2 - 1 / (2 * (2 * _a - 1))) == 0)
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "Given alpha > 1, C3 implies C4 (alpha + beta > 2), C5 (alpha^2 beta > 1) and "
                   "beta > 1/2: the C3 threshold alpha/(2alpha-1) exceeds 2 - alpha by "
                   "2(alpha-1)^2/(2alpha-1), 1/alpha^2 by (alpha-1)(alpha^2+alpha-1)/(alpha^2"
                   "(2alpha-1)) and 1/2 by 1/(2(2alpha-1)).  C4, C5 and the lower half of C2 are "
                   "redundant.",
                   evidence(c3_minus_c4=d4, c3_minus_c5=d5, c3_minus_half=d2))


def check_beta_text(heavy: bool) -> Verdict:
    # Case 2 needs min{floor(d/8), floor((2-2 beta)d)} = floor(d/8), i.e. 2 - 2 beta >= 1/8.
    beta_max = sympy.solve(sympy.Eq(2 - 2 * _b, sympy.Rational(1, 8)), _b)[0]
    return Verdict(
        Status.CAVEAT,
        "The section opening says 1/2 < beta < 1, Lemma 8 and Theorem 9 say 1/2 < beta <= 0.9. "
        "The proof uses beta <= 0.9 only in Case 2 (2 - 2beta >= 1/8), which needs just "
        "beta <= 15/16.",
        evidence(beta_needed_in_case2=beta_max),
    )


def check_cp_uniform(heavy: bool) -> Verdict:
    # On the feasible region alpha <= 2, 1/2 < beta <= 9/10, alpha + beta <= 29/10:
    c, p = PAPER_EXAMPLE.c, PAPER_EXAMPLE.p
    worst_c6 = 8 * 2 * Fraction(9, 10) * c + 2 * p + 4 * c / Fraction(1, 2)
    worst_c7 = 8 * c * ((2 + Fraction(9, 10)) / 2 - 1)
    worst_c8 = 4 * (2 - 1) * c
    ok = worst_c6 <= Fraction(1, 16) and p > worst_c7 and p > worst_c8
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "c = 1/1000, p = 1/100 satisfy C6-C8 for every (alpha, beta) allowed by C1-C5 "
                   "(worst cases alpha = 2, beta -> 1/2 or 9/10), so c and p need not be tuned.",
                   evidence(c6_worst_left_side=worst_c6, c7_worst=worst_c7, c8_worst=worst_c8))


def _grid(d: int, prm: RlsParams) -> Iterator[Fraction]:
    pts: set[Fraction] = {Fraction(k, 8) for k in range(8, 8 * (2 * d + 2) + 1)}
    tiny = Fraction(1, 1000)
    for b in (Fraction(d, 8), 2 * prm.beta * d, Fraction(2 * d), 1 / prm.beta, Fraction(d, 2)):
        pts.update({b, b - tiny, b + tiny})
    yield from sorted(x for x in pts if x >= 1)


def _case(d: int, v: Fraction, prm: RlsParams) -> int:
    if v <= Fraction(d, 8):
        return 1
    if v <= 2 * prm.beta * d:
        return 2
    if v < 2 * d:
        return 3
    return 4 if v == 2 * d else 5


CaseBound = Callable[[int, Fraction, RlsParams], Fraction]


def _case_bounds() -> dict[int, CaseBound]:
    def b1(d: int, v: Fraction, q: RlsParams) -> Fraction:
        al, be = q.alpha, q.beta
        return (2 * al * be - be - al) / (4 * al * be) * min(4 * q.c, Fraction(1)) * g_i(d, v, q)

    def b2(d: int, v: Fraction, q: RlsParams) -> Fraction:
        al, be = q.alpha, q.beta
        return Fraction(d, 2) * (Fraction(1, 16) - 2 * (4 * al * be * q.c + q.p) - 4 * q.c / be)

    def b3(d: int, v: Fraction, q: RlsParams) -> Fraction:
        al, be = q.alpha, q.beta
        if be * v >= 1:
            return d * (q.p / 2 - 4 * q.c * ((al + be) / 2 - 1))
        return q.p / 2 * d - 2 * (al - 1) * q.c * d

    def b4(d: int, v: Fraction, q: RlsParams) -> Fraction:
        return d * (4 * q.c + q.p - 4 * q.beta * q.c)

    def b5(d: int, v: Fraction, q: RlsParams) -> Fraction:
        return 2 * q.c * v * (1 - q.beta)

    return {1: b1, 2: b2, 3: b3, 4: b4, 5: b5}


@lru_cache(maxsize=8)
def _case_scan(heavy: bool, prm: RlsParams = PAPER_EXAMPLE
               ) -> dict[int, tuple[int, Fraction, tuple[int, Fraction]]]:
    """Per case: (states, min(drift - case bound), where)."""
    bounds = _case_bounds()
    out: dict[int, tuple[int, Fraction, tuple[int, Fraction]]] = {}
    for d in range(1, (48 if heavy else 20) + 1):
        for v in _grid(d, prm):
            k = _case(d, v, prm)
            slack = drift(d, v, prm) - bounds[k](d, v, prm)
            cnt, best, at = out.get(k, (0, slack, (d, v)))
            if slack < best:
                best, at = slack, (d, v)
            out[k] = (cnt + 1, best, at)
    return out


def _domain_text(heavy: bool) -> str:
    return (f"d <= {48 if heavy else 20}, v in {{k/8}} and break points +- 1/1000, "
            "v <= 2d + 2; (alpha, beta, c, p) = (17/10, 9/10, 1/1000, 1/100)")


def _case_verdict(k: int, text: str, heavy: bool, caveat: str | None = None) -> Verdict:
    cnt, slack, at = _case_scan(heavy)[k]
    ok = slack >= 0 and (k != 4 or slack == 0)
    if not ok:
        return Verdict(Status.FAILS, f"Case {k}: the exact drift is below the case's bound.",
                       evidence(states=cnt, domain=_domain_text(heavy)),
                       evidence(d=at[0], v=at[1], drift_minus_bound=slack))
    return Verdict(Status.CAVEAT if caveat else Status.HOLDS,
                   text + (" " + caveat if caveat else ""),
                   evidence(states=cnt, min_drift_minus_bound=slack, at=at,
                            domain=_domain_text(heavy)))


def check_case1(heavy: bool) -> Verdict:
    return _case_verdict(1, "Case 1 (v <= d/8): D >= (2ab-a-b)/(4ab) min{4c,1} g_i exactly "
                         "on every grid state.", heavy)


def check_case2(heavy: bool) -> Verdict:
    prm = PAPER_EXAMPLE
    worst_toward = None
    worst_away = None
    decrease_ok = True
    for d in range(1, (48 if heavy else 20) + 1):
        for v in _grid(d, prm):
            if _case(d, v, prm) != 2:
                continue
            (dt, vt), (da, va) = outcomes(d, v, prm)
            decrease_ok &= d - dt >= Fraction(d, 16)
            tw = g_i(d, v, prm) - g_i(dt, vt, prm) - d * (
                Fraction(1, 16) - (4 * prm.alpha * prm.beta * prm.c + prm.p))
            aw = g_i(d, v, prm) - g_i(da, va, prm) + 4 * prm.c * d / prm.beta
            worst_toward = tw if worst_toward is None else min(worst_toward, tw)
            worst_away = aw if worst_away is None else min(worst_away, aw)
    base = _case_verdict(2, "Case 2 (d/8 < v <= 2 beta d): D >= (d/2)(1/16 - 2(4ab c+p) - "
                         "4c/b); the toward step decreases d by >= d/16 and changes g_i by >= "
                         "d(1/16 - (4abc+p)); the away step by >= -4cd/beta.", heavy,
                         caveat="The display prints 'E[...] <= d_i/2(...)': the proof needs and "
                         "establishes >=; as printed (<=) it is false (see min slack > 0).")
    if base.status is Status.FAILS:
        return base
    ok = decrease_ok and worst_toward is not None and worst_toward >= 0 and \
        worst_away is not None and worst_away >= 0
    if not ok:
        return Verdict(Status.FAILS, "A sub-step of Case 2 fails.",
                       evidence(toward=worst_toward, away=worst_away, decrease=decrease_ok))
    return Verdict(base.status, base.summary,
                   (*base.evidence, ("min_toward_slack", worst_toward),
                    ("min_away_slack", worst_away), ("decrease_at_least_d_over_16", decrease_ok)))


def check_case2_strict(heavy: bool) -> Verdict:
    al, be, c = PAPER_EXAMPLE.alpha, PAPER_EXAMPLE.beta, PAPER_EXAMPLE.c
    p_eq = (Fraction(1, 16) - 8 * al * be * c - 4 * c / be) / 2
    prm = RlsParams(al, be, c, p_eq)
    bracket = Fraction(1, 16) - 2 * (4 * al * be * c + p_eq) - 4 * c / be
    delta, d_at, v_at = delta_lower_bound(prm, 12 if not heavy else 32)
    return Verdict(
        Status.CAVEAT,
        "'positive if 8 alpha beta c + 2p + 4c/beta <= 1/16': at equality the bracket "
        "1/16 - 2(4 alpha beta c + p) - 4c/beta is exactly 0, so the case bound gives no "
        "positive delta; the condition must be strict.  (The true drift stays positive there: "
        "the bound is loose.)",
        evidence(true_delta_lower_bound_at_equality=delta, at_d=d_at, near_v=v_at),
        evidence(alpha=al, beta=be, c=c, p=p_eq, bracket=bracket),
    )


def check_case2_cap(heavy: bool) -> Verdict:
    prm = PAPER_EXAMPLE
    worst = None
    count = 0
    for d in range(1, 16):
        for v in _grid(d, prm):
            if _case(d, v, prm) != 2 or prm.beta * v > 1:
                continue
            count += 1
            diff = g_i(d, v, prm) - g_i(d, Fraction(1), prm) + 4 * prm.c * d / prm.beta
            worst = diff if worst is None else min(worst, diff)
    v_w = Fraction(1)
    ok = worst is not None and worst >= 0
    return Verdict(
        Status.CAVEAT if ok else Status.FAILS,
        "In the v' = 1 sub-case the display has max{2c, cd^2/2} but the text continues with "
        "max{2c, cd^2} and '-cd^2 >= -cd^2/(2 beta v)', which needs 2 beta v <= 1 and is false "
        "for beta v in (1/2, 1] (witness).  With cd^2/2 it is right (needs beta v <= 1), and the "
        "sub-case bound >= -4cd/beta holds on every grid state.",
        evidence(states=count, min_slack=worst),
        evidence(beta=prm.beta, v=v_w, two_beta_v=2 * prm.beta * v_w,
                 minus_cd2_minus_rhs_over_c_d2=-1 + 1 / (2 * prm.beta * v_w)),
    )


def check_case3(heavy: bool) -> Verdict:
    return _case_verdict(3, "Case 3 (2 beta d < v < 2d): D >= d(p/2 - 4c((a+b)/2 - 1)) when "
                         "beta v >= 1 and D >= (p/2)d - 2(a-1)cd when the velocity resets to 1.",
                         heavy)


def check_case4(heavy: bool) -> Verdict:
    return _case_verdict(4, "Case 4 (v = 2d): D = d(4c + p - 4 beta c) exactly.", heavy)


def check_case5(heavy: bool) -> Verdict:
    base = _case_verdict(5, "Case 5 (v > 2d): D = 2cv(1-beta) > 4(1-beta)cd.", heavy,
                         caveat="The text says towards-steps are not accepted; for floor(v) = 2d "
                         "(2d < v < 2d+1) the step lands at distance d and IS accepted (equal "
                         "fitness, x jumps to the mirror point); g_i changes identically, so the "
                         "bound is unaffected.")
    if base.status is Status.FAILS:
        return base
    (dt, _), _ = outcomes(1, Fraction(5, 2), PAPER_EXAMPLE)
    return Verdict(base.status, base.summary, base.evidence,
                   evidence(d=1, v=Fraction(5, 2), floor_v=2, distance_after_toward_step=dt,
                            accepted=True))


def check_delta(heavy: bool) -> Verdict:
    prm = PAPER_EXAMPLE
    d_max = 64 if heavy else 24
    delta, d_at, v_at = delta_lower_bound(prm, d_max)
    closed = 4 * prm.c * (1 - prm.beta) / (1 + prm.p + 4 * prm.c)
    with iv_precision():
        gap = iv_frac(closed) - mpmath.iv.mpf(delta)
    near = drift(d_at, 2 * d_at + Fraction(1, 10**9), prm) / g_i(d_at, 2 * d_at + Fraction(1, 10**9),
                                                                 prm)
    ok = delta > 0 and gap.a >= 0
    return Verdict(
        Status.HOLDS if ok else Status.FAILS,
        "For every d checked, inf over ALL real v >= 1 of D(d,v)/g_i(d,v) is (rigorously) "
        "4c(1-beta)/(1+p+4c) = 1/2535 ~ 3.94e-4 > 0, approached (not attained) as v -> 2d+ "
        "(Case 5); so delta = 1/2535 works on this range and the multiplicative drift is "
        "delta/n.",
        evidence(delta_lower_bound=delta, closed_form=closed, closed_minus_lower=gap,
                 at_d=d_at, near_v=v_at, ratio_at_v_2d_plus_1e_9=near,
                 per_d_method="piecewise exact analysis in v (rls_drift.ratio_infimum)",
                 domain=f"1 <= d <= {d_max}, all real v >= 1, paper's example parameters"),
    )


def check_velocity_domain(heavy: bool) -> Verdict:
    r = ratio_infimum(3, PAPER_EXAMPLE)
    return Verdict(
        Status.CAVEAT,
        "The proof says 'Let d != 0 and v in N^n', but velocities are real (alpha^k beta^m); the "
        "drift bound is needed for all real v >= 1.  It does hold there (S5.drift-delta analyses "
        "all real v), and the infimum is approached at non-integer v.",
        evidence(example_d=3, near_v_of_infimum=r.near_v),
    )


def check_initial_potential(heavy: bool) -> Verdict:
    prm = PAPER_EXAMPLE
    worst = None
    for n in (1, 2, 3):
        for a in itertools.product(range(-6, 7), repeat=n):
            if not any(a):
                continue
            g0 = sum((g_i(abs(x), Fraction(1), prm) for x in a), Fraction(0))
            l1 = sum(abs(x) for x in a)
            h = sum(1 for x in a if x)
            bound = l1 + prm.c * l1 * l1 / 2 + 2 * prm.c * h
            quad = (1 + prm.c / 2 + 2 * prm.c) * l1 * l1
            slack = min(bound - g0, quad - g0)
            worst = slack if worst is None else min(worst, slack)
    ok = worst is not None and worst >= 0
    return Verdict(Status.HOLDS if ok else Status.FAILS,
                   "g(0^n, 1^n) = sum_{a_i != 0} (|a_i| + max{2c, c a_i^2/2}) <= |a|_1 + c|a|_1^2/2"
                   " + 2c|a|_H <= (1 + 5c/2)|a|_1^2, so ln(X_0/x_min) = O(log|a|_1) with x_min = 1"
                   " (g_i >= d_i >= 1 when d_i >= 1).",
                   evidence(min_slack=worst, domain="a in {-6..6}^n, n <= 3"))


def check_lemma7_coupon(heavy: bool) -> Verdict:
    rows = []
    for n, h in ((1, 1), (3, 2), (10, 10), (50, 7)):
        a = [1] * h + [0] * (n - h)
        rows.append((n, h, rls_ab_lower(a)))
    return Verdict(Status.HOLDS,
                   "Every non-zero position must be chosen once: E[T] >= n H_{|a|_H} exactly "
                   "(coupon collector on |a|_H of n coupons) >= n ln(|a|_H + 1).",
                   evidence(examples_n_h_bound=tuple(rows)))


def check_lemma7_velocity(heavy: bool) -> Verdict:
    a_inf = 10**6
    k2 = math.ceil(math.log2(a_inf + 1))
    paper = math.log2(a_inf) - 1
    alpha = Fraction(3)
    v_after_one = alpha * 1
    return Verdict(
        Status.CAVEAT,
        "'the velocity doubles at most each time' uses alpha <= 2, but Lemma 7 is stated 'for "
        "constants alpha, beta'.  For alpha <= 2, k selections move a position by at most "
        "2^k - 1, so >= ceil(log2(|a|_inf + 1)) selections (>= log2|a|_inf - 1, as printed) are "
        "needed; for alpha > 2 the count is log_alpha(...) -- still Omega(log|a|_inf).",
        evidence(a_inf=a_inf, selections_needed_alpha_2=k2, printed_count=f"{paper:.4f}"),
        evidence(alpha=alpha, velocity_after_one_success=v_after_one),
    )


def check_lemma7_combination(heavy: bool) -> Verdict:
    bad = [a for n in (1, 2, 3) for a in itertools.product(range(-5, 6), repeat=n)
           if any(a) and sum(abs(x) for x in a) > max(abs(x) for x in a) * sum(1 for x in a if x)]
    return Verdict(Status.HOLDS if not bad else Status.FAILS,
                   "n log|a|_inf + n log|a|_H = n log(|a|_inf |a|_H) >= n log|a|_1 because "
                   "|a|_1 <= |a|_H |a|_inf; and max >= half the sum.",
                   evidence(domain="a in {-5..5}^n, n <= 3", counterexamples=len(bad)))


def check_lemma7_theta(heavy: bool) -> Verdict:
    return Verdict(
        Status.CAVEAT,
        "Lemma 7 is titled 'RLS lower bound' and proves only Omega(n log|a|_1), but its statement "
        "says Theta(n log|a|_1) 'for constants alpha, beta'; the O-part is Lemma 8, which needs "
        "C1-C8.  For alpha = 2, beta = 1/2 (Section 6) no upper bound is proved (S6.rls-drift).",
        evidence(),
    )


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.example-conditions", 5, "Proof of Lemma 8, 'we can thus choose, for example'",
          "alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001 satisfy C1-C8.", (Method.EXACT,),
          check_example),
    Claim("S5.feasible-region", 5, "Lemma 8 / Theorem 9 hypotheses",
          "Closed form of the (alpha, beta) satisfying C1-C5.", (Method.SYMBOLIC,),
          check_feasible_region, formula=2 * _a * _b - _a - _b > 0),
    Claim("S5.redundant-conditions", 5, "Lemma 8 / Theorem 9 hypotheses",
          "C3 with alpha > 1 implies C4, C5 and beta > 1/2.", (Method.SYMBOLIC,), check_redundant),
    Claim("S5.beta-range", 5, "Section 5 opening vs Lemma 8",
          "The allowed range of beta is stated consistently.", (Method.SYMBOLIC,), check_beta_text),
    Claim("S5.cp-uniform", 5, "Proof of Lemma 8, conditions C6-C8",
          "c = 1/1000, p = 1/100 satisfy C6-C8 for every (alpha, beta) allowed by C1-C5.",
          (Method.EXACT,), check_cp_uniform),
    Claim("S5.drift-delta", 5, "Proof of Lemma 8, 'E[g(d,v)-g(d',v')] >= delta/n g(d,v)'",
          "There is delta > 0 with D(d,v) >= delta g_i(d,v) for all d >= 1, v >= 1.",
          (Method.INTERVAL,), check_delta),
    Claim("S5.velocity-domain", 5, "Proof of Lemma 8, 'Let d != (0,...,0) and v in N^n'",
          "The drift claim is stated for the right set of velocities.", (Method.INTERVAL,),
          check_velocity_domain),
    Claim("S5.case1", 5, "Proof of Lemma 8, Case 1 (v_i <= d_i/8)",
          "D >= ((2ab-b-a)/(4ab)) min{4c,1} g_i.", (Method.ENUMERATION,), check_case1),
    Claim("S5.case2", 5, "Proof of Lemma 8, Case 2 (d_i/8 < v_i <= 2 beta d_i)",
          "D >= (d_i/2)(1/16 - 2(4 alpha beta c + p) - 4c/beta) (printed with <=).",
          (Method.ENUMERATION,), check_case2),
    Claim("S5.case2-strictness", 5, "Proof of Lemma 8, Case 2, 'which is positive if ... <= 1/16'",
          "8 alpha beta c + 2p + 4c/beta <= 1/16 makes the Case 2 bracket positive.",
          (Method.EXACT,), check_case2_strict),
    Claim("S5.case2-cap", 5, "Proof of Lemma 8, Case 2, sub-case max{beta v_i, 1} = 1",
          "max{2cv, cd^2/(2v)} - max{2c, cd^2/2} >= -cd^2 >= -cd^2/(2 beta v) >= -4cd/beta.",
          (Method.ENUMERATION,), check_case2_cap),
    Claim("S5.case3", 5, "Proof of Lemma 8, Case 3 (2 beta d_i < v_i < 2 d_i)",
          "D >= d(p/2 - 4c((alpha+beta)/2 - 1)), resp. (p/2)d - 2(alpha-1)cd.",
          (Method.ENUMERATION,), check_case3),
    Claim("S5.case4", 5, "Proof of Lemma 8, Case 4 (v_i = 2 d_i)",
          "D = d(4c + p - 4 beta c).", (Method.ENUMERATION,), check_case4),
    Claim("S5.case5", 5, "Proof of Lemma 8, Case 5 (v_i > 2 d_i)",
          "Towards-steps are not accepted; D = 2cv(1-beta) > 4(1-beta)cd.", (Method.ENUMERATION,),
          check_case5),
    Claim("S5.initial-potential", 5, "Proof of Lemma 8, last paragraph",
          "The initial potential is of order at most sum d_i^2 <= |a|_1^2.", (Method.ENUMERATION,),
          check_initial_potential),
    Claim("S5.lemma7-coupon", 5, "Proof of Lemma 7, coupon collector",
          "E[T] = Omega(n log|a|_H).", (Method.EXACT,), check_lemma7_coupon),
    Claim("S5.lemma7-velocity", 5, "Proof of Lemma 7, 'velocity doubles at most'",
          "At least log(|a|_inf) - 1 selections of the farthest position are needed.",
          (Method.EXACT,), check_lemma7_velocity),
    Claim("S5.lemma7-combination", 5, "Proof of Lemma 7, last display",
          "n log|a|_inf + n log|a|_H >= n log|a|_1.", (Method.ENUMERATION,),
          check_lemma7_combination),
    Claim("S5.lemma7-theta", 5, "Lemma 7 statement",
          "Theta(n log|a|_1) for constants alpha, beta.", (Method.SYMBOLIC,), check_lemma7_theta),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.example-conditions": Status.HOLDS,
    "S5.feasible-region": Status.HOLDS,
    "S5.redundant-conditions": Status.HOLDS,
    "S5.beta-range": Status.CAVEAT,
    "S5.cp-uniform": Status.HOLDS,
    "S5.drift-delta": Status.HOLDS,
    "S5.velocity-domain": Status.CAVEAT,
    "S5.case1": Status.HOLDS,
    "S5.case2": Status.CAVEAT,
    "S5.case2-strictness": Status.CAVEAT,
    "S5.case2-cap": Status.CAVEAT,
    "S5.case3": Status.HOLDS,
    "S5.case4": Status.HOLDS,
    "S5.case5": Status.CAVEAT,
    "S5.initial-potential": Status.HOLDS,
    "S5.lemma7-coupon": Status.HOLDS,
    "S5.lemma7-velocity": Status.CAVEAT,
    "S5.lemma7-combination": Status.HOLDS,
    "S5.lemma7-theta": Status.CAVEAT,
}
