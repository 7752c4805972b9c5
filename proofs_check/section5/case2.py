r"""Section 5, proof of Lemma 8, Case 2 (d_i/8 < v_i <= 2 beta d_i): sub-bounds, factor 2, sub-case.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

from fractions import Fraction

import sympy
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Severity,
    Status,
    TexRef,
    Verdict,
    evidence,
    proved,
    symbolic,
)
from zonemax.proofs_check.rls_decide import PARAM_NAMES, Statement, decide
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams
from zonemax.proofs_check.rls_exact import Constraint, exact_holds, exact_value
from zonemax.proofs_check.section5.cases import (
    AWAY2,
    CASE2,
    TOWARD2,
    _bracket2,
    _case_quantifier,
    _decomposed,
    _how,
    _scaled,
)
from zonemax.proofs_check.section5.common import (
    _F,
    DOMAIN,
    DRIFT,
    G_AWAY,
    G_TOWARD,
    HYPOTHESES,
    G,
    _point,
    _q,
    _stmt,
)
from zonemax.proofs_check.section5.constants import _C15
from zonemax.proofs_check.section5.judge import _judge, _smt_certs, _witness_cert, _z3_version


def check_case2(heavy: bool, *, scale: Fraction = Fraction(1), factor: Fraction = Fraction(2),
                params: RlsParams | None = None) -> Verdict:
    """Case 2 (d/8 < v <= 2 beta d): D >= (d/2)(1/16 - factor(4 alpha beta c + p) - 4c/beta)."""
    bound = _scaled(scale, _bracket2(factor))
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE2), ((DRIFT, ">=", bound),), pt),
        heavy=heavy, prm=params,
        obligations=_decomposed(region=CASE2, toward=TOWARD2, away=AWAY2, bound=bound,
                                prm=params),
        quantifier=_case_quantifier("d/8 < v <= 2 beta d", params),
        holds=f"Case 2 (d/8 < v <= 2 beta d): D >= {_bracket2(factor)} (with >=; the display "
              "prints <=, a typo), from the toward bound d(1/16 - (4 alpha beta c + p)) and the "
              "away bound -4cd/beta.",
        fails="Case 2's bound fails at the witness.", grid=(16, "d/8", "2*beta*d", 4),
        extra_certs=(certs.identity(["alpha", "beta", "c", "p", "d"], f"({TOWARD2} + {AWAY2})/2",
                                    _bracket2(Fraction(1)), 3),) if scale == 1 else (),
        how=_how(params))


def check_case2_step(heavy: bool, *, step: str = "toward", scale: Fraction = Fraction(1),
                     params: RlsParams | None = None) -> Verdict:
    """Case 2's two sub-bounds: g - g_toward >= d(1/16 - (4abc+p)), g - g_away >= -4cd/beta."""
    lhs, bound = (f"{G} - {G_TOWARD}", TOWARD2) if step == "toward" else (f"{G} - {G_AWAY}",
                                                                           AWAY2)
    scaled = _scaled(scale, bound)
    split: tuple[Constraint, ...] = (("2*v", ">=", "d"),) if step == "toward" else ()
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE2), ((lhs, ">=", scaled),), pt, split_on=split),
        heavy=heavy, prm=params,
        quantifier=_case_quantifier("d/8 < v <= 2 beta d", params),
        holds=f"Case 2, step {step}: g_i(d, v) - g_i(d', v') >= {bound} for every state of the "
              "case (including the velocity cap max{beta v, 1} = 1).",
        fails=f"Case 2's {step} bound fails at the witness.", grid=(16, "d/8", "2*beta*d", 4))


def check_case2_decrease(heavy: bool, *, fraction: Fraction = Fraction(1, 16),
                         params: RlsParams | None = None) -> Verdict:
    """Case 2: a step towards the target decreases d by at least d/16."""
    goal = ("d - rls_d_toward(d, v)", ">=", f"{_q(fraction)}*d")
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *CASE2), (goal,), pt), prm=params,
        quantifier=_case_quantifier("d/8 < v <= 2 beta d", params),
        holds=f"Case 2: a step towards the target decreases d by at least {fraction} d (d/14 "
              "already fails, at d = 15, floor(v) = 1).",
        fails=f"A toward step of Case 2 decreases d by less than {fraction} d at the witness.",
        grid=(16, "d/8", "2*beta*d", 4), heavy=heavy)


def check_case2_factor(heavy: bool, *, factor: Fraction = Fraction(2)) -> Verdict:
    """Item 8: is the display's bracket what the case's two sub-bounds give?"""
    al, be, c, p, d = sympy.symbols("alpha beta c p d", positive=True)
    toward = d * (sympy.Rational(1, 16) - (4 * al * be * c + p))
    away = -4 * c * d / be
    printed = d / 2 * (sympy.Rational(1, 16) - sympy.Rational(factor) * (4 * al * be * c + p)
                       - 4 * c / be)
    gap = symbolic.factor(symbolic.simplify((toward + away) / 2 - printed))
    quantifier = "all values of alpha, beta, c, p, d (an identity of rational functions)"
    ev = evidence(half_sum_minus_display=gap)
    if gap == 0:
        return Verdict(
            Status.HOLDS,
            f"(toward + away)/2 = (d/2)(1/16 - {factor}(4 alpha beta c + p) - 4c/beta) "
            "identically: this is the bracket the case's own computation gives.",
            ev, scope=proved(quantifier, "sympy simplification; identity re-checked on a grid"),
            certificates=(certs.identity(["alpha", "beta", "c", "p", "d"],
                                         f"({TOWARD2} + {AWAY2})/2", _bracket2(factor), 3),))
    env = dict(_point(PAPER_EXAMPLE)) | {"d": Fraction(1)}
    return Verdict(
        Status.FAILS,
        f"The toward bound d(1/16 - (4 alpha beta c + p)) and the away bound -4cd/beta average "
        f"to (d/2)(1/16 - (4 alpha beta c + p) - 4c/beta), not to the printed bracket with the "
        f"factor {factor}: they differ by {gap}.  The printed bound is weaker but still true "
        "(S5.case2); the factor 2 only makes C6 stronger than the proof needs.",
        ev, tuple(env.items()), scope=proved(quantifier, "a single exact witness"),
        certificates=(certs.arith([certs.check(f"({TOWARD2} + {AWAY2})/2", "!=",
                                               _bracket2(factor))], **env),))


def check_case2_strict(heavy: bool, *, bracket_factor: Fraction = Fraction(2),
                       condition_factor: Fraction = Fraction(2), strict: bool = False) -> Verdict:
    """'which is positive if 8 alpha beta c + 2p + 4c/beta <= 1/16' (C6 with 2(4abc+p))."""
    u = "(4*alpha*beta*c + p)"
    slack = f"1/16 - {_q(condition_factor)}*{u} - 4*c/beta"
    bracket = f"1/16 - {_q(bracket_factor)}*{u} - 4*c/beta"
    hyp = (*_C15, *HYPOTHESES["C7"], *HYPOTHESES["C8"], (slack, ">" if strict else ">=", "0"))
    stmt = Statement(PARAM_NAMES, hyp, ((bracket, ">", "0"),))
    dec = decide(stmt)
    text = (f"bracket 1/16 - {bracket_factor}(4 alpha beta c + p) - 4c/beta > 0 whenever "
            f"{condition_factor}(4 alpha beta c + p) + 4c/beta {'<' if strict else '<='} 1/16")
    quantifier = "every (alpha, beta, c, p) satisfying C1-C5, C7, C8 and the stated C6"
    ident = certs.identity(list(PARAM_NAMES), f"({bracket}) - ({slack})",
                           f"{_q(condition_factor - bracket_factor)}*{u}", 2)
    ev = evidence(z3_answer=dec.answer)
    if dec.answer == "unsat":
        return Verdict(Status.HOLDS, f"Holds: {text} (bracket - slack = "
                       f"{condition_factor - bracket_factor}(4 alpha beta c + p) >= 0"
                       f"{'' if strict else ' and > 0 once the factors differ'}).", ev,
                       scope=proved(quantifier, f"z3 {_z3_version()} nlsat: negation unsat"),
                       certificates=(*_smt_certs([dec]), ident))
    # the natural witness: the example's alpha, beta, c with p making C6 an equality
    al, be, c = PAPER_EXAMPLE.alpha, PAPER_EXAMPLE.beta, PAPER_EXAMPLE.c
    p_eq = (Fraction(1, 16) - condition_factor * 4 * al * be * c - 4 * c / be) / condition_factor
    witness = {"alpha": al, "beta": be, "c": c, "p": p_eq}
    if not (all(exact_holds(w, witness) for w in hyp) and
            not exact_holds((bracket, ">", "0"), witness)):
        witness = dict(dec.witness) if dec.witness is not None else {}
    if witness:
        return Verdict(Status.FAILS, f"Fails: not every such constant set gives {text}; at the "
                       f"witness (C6 an equality) the bracket is "
                       f"{exact_value(bracket, witness)}, so the case bound gives no positive "
                       "delta.  The true drift there stays positive.", ev, tuple(witness.items()),
                       scope=proved(quantifier, "a single exact witness"),
                       certificates=(_witness_cert(stmt, witness),))
    return Verdict(Status.INCONCLUSIVE, "z3 could not decide.", ev,
                   scope=proved(quantifier, "undecided"))


def check_case2_cap(heavy: bool, *, halved: bool = False, beta_v_max: Fraction = Fraction(1),
                    params: RlsParams | None = None) -> Verdict:
    """Case 2, sub-case max{beta v, 1} = 1: the chain below display (case2,3)."""
    square = "c*d**2/2" if halved else "c*d**2"  # printed: max{2c, cd^2} (display: cd^2/2)
    region = (*CASE2, ("beta*v", "<=", _q(beta_v_max)), (square, ">=", "2*c"))
    goals = ((f"{G} - {G_AWAY}", ">=", f"-{square}"), (f"-{square}", ">=", "-c*d**2/(2*beta*v)"),
             ("-c*d**2/(2*beta*v)", ">=", "-4*c*d/beta"))
    return _judge(
        build=lambda pt: _stmt((*DOMAIN, *region), goals, pt), heavy=heavy, prm=params,
        quantifier=_case_quantifier(f"d/8 < v <= 2 beta d, beta v <= {beta_v_max} and "
                                    f"max{{2c, {square}}} = {square}", params),
        holds=f"With {square}: the away change >= -{square} >= -cd^2/(2 beta v) >= -4cd/beta "
              f"(needs beta v <= 1).",
        fails="The printed chain '-cd^2 >= -cd^2/(2 beta v)' needs 2 beta v <= 1 and fails for "
              "beta v in (1/2, 1] (witness); with cd^2/2 as in display (case2,3) it holds.",
        grid=(8, "d/8", "2*beta*d", 8))


_CASE2_DISPLAY = TexRef(607, 611, r"E[g_i(d_i,v_i)-g_i(d_i',v_i')]\leq \frac{d_i}{2}(1/16-2(4\alpha"
                                  r"\beta c+p)-4c/\beta)")


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.case2", 5, "Proof of Lemma 8, Case 2 (d_i/8 < v_i <= 2 beta d_i), final display",
          "D >= (d/2)(1/16 - 2(4 alpha beta c + p) - 4c/beta) (printed with <=, a typo) for every "
          "feasible constant set, integer d and real v in the case.", check_case2,
          controls=(Control("bound x 27/10 (at the example the ratio D/bound approaches 2.638 "
                            "at d = 15, v -> 2-)", {"scale": _F(27, 10)}, Status.FAILS),),
          tex=_CASE2_DISPLAY, coq=1),
    Claim("S5.case2-decrease", 5, "Proof of Lemma 8, Case 2, 'a decrease of at least d_i/16'",
          "A step towards the target decreases d by at least d/16.", check_case2_decrease,
          controls=(Control("at least d/14 (fails at d = 15, floor(v) = 1)",
                            {"fraction": _F(1, 14)}, Status.FAILS),),
          tex=TexRef(583, 583, r"Thus, we always have a decrease of at least $d_i/16$."), coq=1),
    Claim("S5.case2-toward", 5, "Proof of Lemma 8, Case 2, step towards the target",
          "g_i(d, v) - g_i(d', v') >= d(1/16 - (4 alpha beta c + p)) for a step towards the "
          "target.", check_case2_step,
          controls=(Control("bound x 3/2 (at the example the ratio approaches 1.477 at d = 15, "
                            "v -> 2-)", {"scale": _F(3, 2)}, Status.FAILS),),
          tex=TexRef(596, 596, r"g_i(d_i,v_i)-g_i(d_i',v_i')\geq d_i(1/16 -(4\alpha\beta c+p)),"),
          params={"step": "toward"}, coq=1),
    Claim("S5.case2-away", 5, "Proof of Lemma 8, Case 2, step away from the target",
          "g_i(d, v) - g_i(d', v') >= -4cd/beta for a step away (both velocity sub-cases).",
          check_case2_step,
          controls=(Control("bound x 99/1000 (the true infimum is -(1-beta) 4cd/beta)",
                            {"scale": _F(99, 1000)}, Status.FAILS),),
          tex=TexRef(604, 604, r"is at least $-cd_i^2/(2\beta v_i)\geq -4cd_i/\beta$"),
          params={"step": "away"}, coq=1),
    Claim("S5.case2-factor", 5, "Proof of Lemma 8, Case 2, final display (item 8)",
          "The display's bracket 1/16 - 2(4 alpha beta c + p) - 4c/beta is the mean of the case's "
          "toward bound d(1/16 - (4 alpha beta c + p)) and away bound -4cd/beta (over d/2).",
          check_case2_factor,
          controls=(Control("factor 1: (d/2)(1/16 - (4 alpha beta c + p) - 4c/beta)",
                            {"factor": _F(1)}, Status.HOLDS),),
          tex=_CASE2_DISPLAY, severity=Severity.IMPRECISE,
          fix="Print (d_i/2)(1/16 - (4 alpha beta c + p) - 4c/beta): the toward and away bounds "
              "average to it.  The factor 2 gives a weaker, still true bound and makes C6 "
              "stronger than needed (4 alpha beta c + p + 4c/beta < 1/16 suffices).",
          fix_claim="S5.case2-sharp"),
    Claim("S5.case2-sharp", 5, "Proof of Lemma 8, Case 2, the bound the computation gives",
          "D >= (d/2)(1/16 - (4 alpha beta c + p) - 4c/beta) for every feasible constant set, "
          "integer d and real v in Case 2.", check_case2,
          controls=(Control("bound x 17/10 (at the example D/bound approaches 1.624 at d = 15, "
                            "v -> 2-)", {"scale": _F(17, 10)}, Status.FAILS),),
          tex=_CASE2_DISPLAY, params={"factor": _F(1)}, coq=1),
    Claim("S5.case2-strictness", 5, "Proof of Lemma 8, Case 2, 'which is positive if ... <= 1/16'",
          "C6 (8 alpha beta c + 2p + 4c/beta <= 1/16) makes the display's bracket "
          "1/16 - 2(4 alpha beta c + p) - 4c/beta positive.", check_case2_strict,
          controls=(Control("C6 strict (< 1/16)", {"strict": True}, Status.HOLDS),
                    Control("the computation's bracket (factor 1): the finding depends on the "
                            "factor 2", {"bracket_factor": _F(1)}, Status.HOLDS)),
          tex=TexRef(609, 611, r"which is positive if $8\alpha\beta c+2p+4c/\beta\leq 1/16$."),
          severity=Severity.IMPRECISE,
          fix="Either make C6 strict, or (better) use the computation's bracket 1/16 - (4 alpha "
              "beta c + p) - 4c/beta, which C6 as printed makes >= 4 alpha beta c + p > 0.",
          fix_claim="S5.case2-positive"),
    Claim("S5.case2-positive", 5, "Proof of Lemma 8, Case 2, positivity of the corrected bracket",
          "C6 as printed (<=) makes the computation's bracket 1/16 - (4 alpha beta c + p) - "
          "4c/beta positive.", check_case2_strict,
          controls=(Control("C6 weakened to 4 alpha beta c + p + 4c/beta <= 1/16 (equality gives "
                            "0)", {"condition_factor": _F(1)}, Status.FAILS),),
          tex=TexRef(609, 611, r"which is positive if $8\alpha\beta c+2p+4c/\beta\leq 1/16$."),
          params={"bracket_factor": _F(1)}, coq=1),
    Claim("S5.case2-cap", 5, "Proof of Lemma 8, Case 2, sub-case max{beta v_i, 1} = 1",
          "For max{2c, cd^2} = cd^2 the term (case2,3) is >= -cd^2 >= -cd^2/(2 beta v) >= "
          "-4cd/beta.", check_case2_cap,
          controls=(Control("with cd^2/2 as in display (case2,3)", {"halved": True},
                            Status.HOLDS),),
          tex=TexRef(617, 617, r"is at least $-cd_i^2\geq -cd_i^2/(2\beta v_i)\geq -4cd_i/\beta$ "
                               r"as above."),
          severity=Severity.IMPRECISE,
          fix="Write max{2c, cd_i^2/2} and -cd_i^2/2 >= -cd_i^2/(2 beta v_i) (true as beta v_i <= "
              "1), as display (case2,3) has it.", fix_claim="S5.case2-cap-fixed"),
    Claim("S5.case2-cap-fixed", 5, "Proof of Lemma 8, Case 2, sub-case max{beta v_i, 1} = 1",
          "With cd^2/2: the term (case2,3) is >= -cd^2/2 >= -cd^2/(2 beta v) >= -4cd/beta.",
          check_case2_cap,
          controls=(Control("sub-case widened to beta v <= 11/10", {"beta_v_max": _F(11, 10)},
                            Status.FAILS),),
          tex=TexRef(614, 616, r"\max\{2cv_i,\frac{cd_i^2}{2v_i}\}-\max\{2c,\frac{cd_i^2}{2}\}."),
          params={"halved": True}, coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.case2": Status.HOLDS,
    "S5.case2-decrease": Status.HOLDS,
    "S5.case2-toward": Status.HOLDS,
    "S5.case2-away": Status.HOLDS,
    "S5.case2-factor": Status.FAILS,
    "S5.case2-sharp": Status.HOLDS,
    "S5.case2-strictness": Status.FAILS,
    "S5.case2-positive": Status.HOLDS,
    "S5.case2-cap": Status.FAILS,
    "S5.case2-cap-fixed": Status.HOLDS,
}
