r"""Section 5 (RLS_{alpha,beta}, Lemma 8 and its proof): the statements as formulas.

Written from the TeX (Lemma 8, l. 519; the conditions, l. 535; the cases, l. 555-650).  The
quantities ``rls_g``, ``rls_g_toward``, ``rls_g_away``, ``rls_drift``, ``rls_d_toward``,
``rls_v_toward``, ``rls_v_away`` are Lemma 8's potential and one step of Algorithm 2 for the
chosen component (checker/rls.py; in Coq, proofs_check/coq/Vocabulary.v).  ``d`` is an integer
distance >= 1, ``v`` a real velocity >= 1.
"""

from __future__ import annotations

from ..formula import Cmp, Formula

#: C1-C8 as printed in the proof of Lemma 8 (TeX l. 535): 1 < alpha <= 2, 1/2 < beta <= 0.9,
#: 2 alpha beta - beta - alpha > 0, alpha + beta > 2, alpha^2 beta > 1,
#: 8 alpha beta c + 2p + 4c/beta <= 1/16, p > 8c((alpha+beta)/2 - 1), p > 4(alpha-1)c > 0.
C1: tuple[Cmp, ...] = (("alpha", ">", "1"), ("alpha", "<=", "2"))
C2: tuple[Cmp, ...] = (("beta", ">", "1/2"), ("beta", "<=", "9/10"))
C3: tuple[Cmp, ...] = (("2*alpha*beta - beta - alpha", ">", "0"),)
C4: tuple[Cmp, ...] = (("alpha + beta", ">", "2"),)
C5: tuple[Cmp, ...] = (("alpha**2*beta", ">", "1"),)
C6: tuple[Cmp, ...] = (("8*alpha*beta*c + 2*p + 4*c/beta", "<=", "1/16"),)
C7: tuple[Cmp, ...] = (("p", ">", "8*c*((alpha + beta)/2 - 1)"),)
C8: tuple[Cmp, ...] = (("p", ">", "4*(alpha - 1)*c"), ("4*(alpha - 1)*c", ">", "0"))
C15 = C1 + C2 + C3 + C4 + C5
C18 = C15 + C6 + C7 + C8
#: The example of TeX l. 537: alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001.
EXAMPLE = (("alpha", "17/10"), ("beta", "9/10"), ("c", "1/1000"), ("p", "1/100"))

CONSTS = (("alpha", "real"), ("beta", "real"), ("c", "real"), ("p", "real"))
DV_VARS = (("d", "int"), ("v", "real"))
DV: tuple[Cmp, ...] = (("d", ">=", "1"), ("v", ">=", "1"))
Q = "d, v, alpha, beta, c, p"
G, G_TOWARD, G_AWAY, DRIFT = (f"rls_g({Q})", f"rls_g_toward({Q})", f"rls_g_away({Q})",
                              f"rls_drift({Q})")
#: The five cases of the proof (TeX l. 555, 580, 622, 637, 641).
CASE1: tuple[Cmp, ...] = (("v", "<=", "d/8"),)
CASE2: tuple[Cmp, ...] = (("d/8", "<", "v"), ("v", "<=", "2*beta*d"))
CASE3: tuple[Cmp, ...] = (("2*beta*d", "<", "v"), ("v", "<", "2*d"))
CASE4: tuple[Cmp, ...] = (("v", "==", "2*d"),)
CASE5: tuple[Cmp, ...] = (("v", ">", "2*d"),)

#: The ratios D/g_i of the five cases (the drift constants the proof derives; delta is their
#: minimum): Case 1 (l. 573-577), Case 2 with the bracket as the proof establishes it (its
#: average over the two steps, divided by g_i <= (1 + 4c) d), Case 3 and its reset, Case 4,
#: Case 5 (each divided by g_i <= (1 + 4c + p) d).
RATIO1 = "(2*alpha*beta - beta - alpha)/(4*alpha*beta)*min(4*c, 1)"
RATIO2 = "(1/16 - (4*alpha*beta*c + p) - 4*c/beta)/(2*(1 + 4*c))"
RATIO3 = "(p/2 - 4*c*((alpha + beta)/2 - 1))/(1 + 4*c + p)"
RATIO3R = "(p/2 - 2*(alpha - 1)*c)/(1 + 4*c + p)"
RATIO4 = "(4*c + p - 4*beta*c)/(1 + 4*c + p)"
RATIO5 = "4*c*(1 - beta)/(1 + 4*c + p)"
DELTA = f"min({RATIO1}, {RATIO2}, {RATIO3}, {RATIO3R}, {RATIO4}, {RATIO5})"


def drift_statement(region: tuple[Cmp, ...], goals: tuple[Cmp, ...]) -> Formula:
    """For every (alpha, beta, c, p) with C1-C8, integer d >= 1, real v >= 1 in ``region``."""
    return Formula(DV_VARS + CONSTS, C18 + DV + region, goals)


FORMULAS: dict[str, tuple[Formula, ...]] = {
    # l. 537: the example satisfies C1-C8
    "S5.example-conditions": (Formula((), (), C18, EXAMPLE),),
    # l. 519: C1-C5 <=> 9/8 < alpha <= 2 and alpha/(2 alpha - 1) < beta <= 9/10 (both ways)
    "S5.feasible-region": (
        Formula((("alpha", "real"), ("beta", "real")), C15,
                (("alpha", ">", "9/8"), ("alpha", "<=", "2"), ("alpha", "<", "beta*(2*alpha - 1)"),
                 ("beta", "<=", "9/10"))),
        Formula((("alpha", "real"), ("beta", "real")),
                (("alpha", ">", "9/8"), ("alpha", "<=", "2"), ("alpha", "<", "beta*(2*alpha - 1)"),
                 ("beta", "<=", "9/10")), C15)),
    # for alpha > 1, C3 implies C4, C5 and beta > 1/2
    "S5.redundant-conditions": (
        Formula((("alpha", "real"), ("beta", "real")), (("alpha", ">", "1"), *C3),
                (("alpha + beta", ">", "2"), ("alpha**2*beta", ">", "1"), ("beta", ">", "1/2"))),),
    # c = 1/1000, p = 1/100 satisfy C6-C8 for every (alpha, beta) with C1-C5
    "S5.cp-uniform": (Formula((("alpha", "real"), ("beta", "real")), C15, C6 + C7 + C8,
                              (("c", "1/1000"), ("p", "1/100"))),),
    # l. 582-583: min{floor(d/8), floor((2-2beta)d)} = floor(d/8) as beta <= 0.9
    "S5.beta-range": (Formula((("d", "int"), ("beta", "real")),
                              (("d", ">=", "1"), ("beta", ">", "1/2"), ("beta", "<=", "9/10")),
                              (("floor((2 - 2*beta)*d)", ">=", "floor(d/8)"),)),),
    # the example's drift constant: D >= g_i/2535 for every d >= 1, v >= 1
    "S5.drift-delta": (Formula(DV_VARS, DV, ((DRIFT, ">=", f"1/2535*{G}"),), EXAMPLE),),
    # l. 541-547: D >= delta g_i with delta > 0 (the minimum of the cases' ratios)
    "S5.drift-feasible": (drift_statement((), ((DRIFT, ">=", f"{DELTA}*{G}"), (DELTA, ">", "0"))),),
    "S5.case1": (drift_statement(CASE1, ((DRIFT, ">=", f"{RATIO1}*{G}"),)),),
    # l. 607-611 as printed (the factor 2 makes it weaker than what the proof shows)
    "S5.case2": (drift_statement(CASE2, (
        (DRIFT, ">=", "d/2*(1/16 - 2*(4*alpha*beta*c + p) - 4*c/beta)"),)),),
    "S5.case2-sharp": (drift_statement(CASE2, (
        (DRIFT, ">=", "d/2*(1/16 - (4*alpha*beta*c + p) - 4*c/beta)"),)),),
    # l. 584-585: a step towards the target decreases d by at least d/16
    "S5.case2-decrease": (drift_statement(CASE2, (("d - rls_d_toward(d, v)", ">=", "d/16"),)),),
    # l. 596: the toward step's change of g_i
    "S5.case2-toward": (drift_statement(CASE2, (
        (f"{G} - {G_TOWARD}", ">=", "d*(1/16 - (4*alpha*beta*c + p))"),)),),
    # l. 604: the away step's change of g_i
    "S5.case2-away": (drift_statement(CASE2, ((f"{G} - {G_AWAY}", ">=", "-4*c*d/beta"),)),),
    # the bracket is positive when 2(4 alpha beta c + p) + 4c/beta <= 1/16 (C6 as printed)
    "S5.case2-positive": (Formula(CONSTS, C15 + C7 + C8 + (
        ("1/16 - 2*(4*alpha*beta*c + p) - 4*c/beta", ">=", "0"),),
        (("1/16 - (4*alpha*beta*c + p) - 4*c/beta", ">", "0"),)),),
    # l. 617, repaired: with the cap (beta v <= 1) and max{2c, c d^2/2} = c d^2/2
    "S5.case2-cap-fixed": (drift_statement((*CASE2, ("beta*v", "<=", "1"), ("c*d**2/2", ">=", "2*c")),
                                           ((f"{G} - {G_AWAY}", ">=", "-c*d**2/2"),
                                            ("-c*d**2/2", ">=", "-c*d**2/(2*beta*v)"),
                                            ("-c*d**2/(2*beta*v)", ">=", "-4*c*d/beta"))),),
    "S5.case3": (drift_statement((*CASE3, ("beta*v", ">=", "1")), (
        (DRIFT, ">=", "d*(p/2 - 4*c*((alpha + beta)/2 - 1))"),)),),
    "S5.case3-reset": (drift_statement((*CASE3, ("beta*v", "<=", "1")), (
        (DRIFT, ">=", "p/2*d - 2*(alpha - 1)*c*d"),)),),
    "S5.case4": (drift_statement(CASE4, ((DRIFT, "==", "d*(4*c + p - 4*beta*c)"),)),),
    "S5.case5": (drift_statement(CASE5, ((DRIFT, "==", "2*c*v*(1 - beta)"),
                                         ("2*c*v*(1 - beta)", ">", "4*(1 - beta)*c*d"))),),
    # l. 648-650: g_i(d, 1) <= (1 + 2c) d^2 (so g(0^n, 1^n) <= (1 + 2c)|a|_1^2)
    "S5.initial-potential": (Formula((("d", "int"), *CONSTS), (*C18, ("d", ">=", "1")),
                                     (("rls_g(d, 1, alpha, beta, c, p)", "<=", "(1 + 2*c)*d**2"),)),),
    # the step of the argument against Lemma 7's Theta that the machine proves: at
    # alpha = 11/10, beta = 3/5 the velocity's expected update is at most gamma v + 1/2
    "S5.lemma7-theta": (Formula(DV_VARS, DV, (
        ("(rls_v_toward(d, v, alpha, beta) + rls_v_away(d, v, alpha, beta))/2", "<=",
         "(alpha + beta)/2*v + 1/2"),), (("alpha", "11/10"), ("beta", "3/5"))),),
}
