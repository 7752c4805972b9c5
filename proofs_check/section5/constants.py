r"""Section 5, Lemma 8 / Theorem 9: the hypotheses C1-C8 on the constants and the example printed.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.
"""

from __future__ import annotations

import math
from fractions import Fraction

import sympy
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Method,
    Status,
    TexRef,
    Verdict,
    evidence,
    exhaustive,
    proved,
    record,
    symbolic,
)
from zonemax.proofs_check.rls_decide import Statement, decide
from zonemax.proofs_check.rls_drift import RlsParams
from zonemax.proofs_check.rls_exact import NEGATED, exact_holds
from zonemax.proofs_check.section5.common import (
    _CONDITIONS_TEX,
    _F,
    _LEMMA8_TEX,
    HYPOTHESES,
    LEMMA8,
    _a,
    _b,
    _params_text,
    _point,
    _q,
    conditions,
)
from zonemax.proofs_check.section5.judge import (
    Domain,
    _chk,
    _forall_cert,
    _judge,
    _smt_certs,
    _witness_cert,
    _z3_version,
)

_C15 = tuple(x for k in ("C1", "C2", "C3", "C4", "C5") for x in HYPOTHESES[k])
_C68 = tuple(x for k in ("C6", "C7", "C8") for x in HYPOTHESES[k])
#: (alpha, beta) grid of the region's certificates: alpha in [1, 2] step 1/20, beta in
#: [1/2, 1] step 1/40.
_AB_GRID: tuple[Domain, ...] = (("alpha", "1", "2", 20), ("beta", "1/2", "1", 40))


def check_example(heavy: bool, *, alpha: Fraction = Fraction(17, 10),
                  beta: Fraction = Fraction(9, 10), c: Fraction = Fraction(1, 1000),
                  p: Fraction = Fraction(1, 100)) -> Verdict:
    """C1-C8 at the example constants (printed: alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001)."""
    prm = RlsParams(alpha, beta, c, p)
    env = dict(_point(prm))
    bad = [con for con in LEMMA8 if not exact_holds(con, env)]
    scope = proved(f"the single point {_params_text(prm)}", "exact rational arithmetic")
    margins = {k: m for k, (_, m) in conditions(prm).items()}
    if not bad:
        return Verdict(Status.HOLDS,
                       f"All eight conditions hold exactly at {_params_text(prm)}; the tightest "
                       f"is C6 (margin {margins['C6: 8 alpha beta c + 2p + 4c/beta <= 1/16']}).",
                       evidence(margins=margins), scope=scope,
                       certificates=(certs.arith([_chk(x) for x in LEMMA8], **env),))
    first = bad[0]
    return Verdict(Status.FAILS, f"Condition {first[0]} {first[1]} {first[2]} fails at "
                   f"{_params_text(prm)}.", evidence(margins=margins), tuple(env.items()),
                   scope=scope,
                   certificates=(certs.arith([_chk((first[0], NEGATED[first[1]], first[2]))],
                                             **env),))


def check_feasible_region(heavy: bool, *, alpha_min: Fraction = Fraction(9, 8),
                          alpha_max: Fraction = Fraction(2), beta_max: Fraction = Fraction(9, 10)
                          ) -> Verdict:
    """C1-C5 <=> alpha_min < alpha <= alpha_max and alpha/(2 alpha - 1) < beta <= beta_max."""
    closed = (("alpha", ">", _q(alpha_min)), ("alpha", "<=", _q(alpha_max)),
              ("alpha", "<", "beta*(2*alpha - 1)"), ("beta", "<=", _q(beta_max)))
    # (alpha < beta (2 alpha - 1) is alpha/(2 alpha - 1) < beta for alpha > 1/2, without division)
    forward = Statement(("alpha", "beta"), _C15, closed)
    backward = Statement(("alpha", "beta"), closed, _C15)
    decisions = [decide(forward), decide(backward)]
    threshold = symbolic.solve(sympy.Eq(_a / (2 * _a - 1), sympy.Rational(9, 10)), _a)
    quantifier = "every real (alpha, beta)"
    ev = evidence(z3_answers=tuple(d.answer for d in decisions),
                  beta_threshold_meets_9_10_at=threshold[0] if threshold else None)
    if all(d.answer == "unsat" for d in decisions):
        grid = [_forall_cert(st, _AB_GRID) for st in (forward, backward)]
        return Verdict(
            Status.HOLDS,
            f"C1-C5 together are equivalent to {alpha_min} < alpha <= {alpha_max} and "
            f"alpha/(2 alpha - 1) < beta <= {beta_max}: z3 proves both implications over all "
            "real (alpha, beta) (beta = alpha/(2 alpha - 1) meets 9/10 at alpha = 9/8, sympy).",
            ev, scope=proved(quantifier, f"z3 {_z3_version()} nlsat: both implications' "
                                         "negations unsat over the reals"),
            certificates=(*_smt_certs(decisions), *(g for g, _ in grid)))
    for st, dec in zip((forward, backward), decisions, strict=True):
        if dec.witness is not None:
            return Verdict(Status.FAILS, "The closed form and C1-C5 disagree at the witness.",
                           ev, dec.witness, scope=proved(quantifier, "a single exact witness"),
                           certificates=(_witness_cert(st, dict(dec.witness)),))
    return Verdict(Status.INCONCLUSIVE, "z3 could not decide the equivalence.", ev,
                   scope=proved(quantifier, "undecided"))


def check_redundant(heavy: bool, *, c4_rhs: Fraction = Fraction(2), c5_rhs: Fraction = Fraction(1),
                    beta_lo: Fraction = Fraction(1, 2)) -> Verdict:
    """alpha > 1 and C3 imply alpha + beta > 2 (C4), alpha^2 beta > 1 (C5) and beta > 1/2."""
    stmt = Statement(("alpha", "beta"), (("alpha", ">", "1"), *HYPOTHESES["C3"]),
                     (("alpha + beta", ">", _q(c4_rhs)), ("alpha**2*beta", ">", _q(c5_rhs)),
                      ("beta", ">", _q(beta_lo))))
    t = "alpha/(2*alpha - 1)"
    identities = (
        certs.identity(["alpha"], f"{t} - (2 - alpha)", "2*(alpha - 1)**2/(2*alpha - 1)", 4),
        certs.identity(["alpha"], f"{t} - 1/alpha**2",
                       "(alpha - 1)*(alpha**2 + alpha - 1)/(alpha**2*(2*alpha - 1))", 4),
        certs.identity(["alpha"], f"{t} - 1/2", "1/(2*(2*alpha - 1))", 4),
    )
    return _judge(
        build=lambda _: stmt, prm=None, quantifier="every real alpha > 1 and beta",
        holds="Given alpha > 1, C3 (beta > alpha/(2 alpha - 1)) implies C4, C5 and beta > 1/2: "
              "the threshold alpha/(2 alpha - 1) exceeds 2 - alpha by 2(alpha-1)^2/(2 alpha - 1), "
              "1/alpha^2 by (alpha-1)(alpha^2+alpha-1)/(alpha^2(2 alpha - 1)) and 1/2 by "
              "1/(2(2 alpha - 1)).  C4, C5 and the lower half of C2 are redundant.",
        fails="The implication fails at the witness.", grid=None, extra_certs=identities,
        how=f"z3 {_z3_version()} nlsat: the negation is unsat over all real (alpha, beta)")


def check_cp_uniform(heavy: bool, *, c: Fraction = Fraction(1, 1000),
                     p: Fraction = Fraction(1, 100)) -> Verdict:
    """c, p satisfy C6-C8 for every (alpha, beta) allowed by C1-C5."""
    stmt = Statement(("alpha", "beta"), _C15, _C68, (("c", c), ("p", p)))
    dec = decide(stmt)
    quantifier = "every real (alpha, beta) satisfying C1-C5"
    ev = evidence(z3_answer=dec.answer, c=c, p=p)
    if dec.answer == "unsat":
        grid, cases = _forall_cert(stmt, _AB_GRID)
        return Verdict(
            Status.HOLDS,
            f"c = {c}, p = {p} satisfy C6-C8 for every (alpha, beta) allowed by C1-C5, so c and p "
            "need not be tuned to alpha and beta (by monotonicity C6's left side is largest at "
            "alpha = 2, beta = 9/10: 18.84c + 2p).",
            ev + evidence(grid_points=cases),
            scope=proved(quantifier, f"z3 {_z3_version()} nlsat: negation unsat over the reals"),
            certificates=(*_smt_certs([dec]), grid))
    if dec.witness is not None:
        return Verdict(Status.FAILS, f"c = {c}, p = {p} violate C6-C8 at the witness (alpha, "
                       "beta), which satisfies C1-C5.", ev, dec.witness,
                       scope=proved(quantifier, "a single exact witness"),
                       certificates=(_witness_cert(stmt, dict(dec.witness)),))
    return Verdict(Status.INCONCLUSIVE, "z3 could not decide.", ev,
                   scope=proved(quantifier, "undecided"))


def check_beta_range(heavy: bool, *, beta_max: Fraction = Fraction(9, 10)) -> Verdict:
    """Case 2: min{floor(d/8), floor((2-2 beta)d)} = floor(d/8) for all d >= 1, beta <= beta_max.

    One computation for every ``beta_max``: ``floor((2 - 2 beta) d)`` decreases in beta, so the
    worst beta is ``beta_max``; the scan over ``d <= d_max`` there looks for a ``d`` with
    ``floor((2 - 2 beta_max) d) < floor(d/8)`` (a witness), and the premise ``2 - 2 beta_max >=
    1/8`` (exact) gives ``(2 - 2 beta) d >= d/8`` for every d, hence the floors' order."""
    quantifier = f"every integer d >= 1 and every beta in (1/2, {beta_max}]"
    record(Method.EXACT, Method.ENUMERATION)
    d_max = 400 if heavy else 100
    premise_margin = 2 - 2 * beta_max - Fraction(1, 8)
    witness = next((d for d in range(1, d_max + 1)
                    if math.floor((2 - 2 * beta_max) * d) < math.floor(Fraction(d, 8))), None)
    ev = evidence(beta_max=beta_max, premise_margin_2_minus_2beta_minus_1_8=premise_margin,
                  largest_beta_that_works=Fraction(15, 16), d_scanned=d_max)
    if witness is not None:
        return Verdict(
            Status.FAILS,
            f"For beta = {beta_max}, floor((2 - 2 beta) d) < floor(d/8) at d = {witness}: the "
            "minimum is not floor(d/8).",
            ev, evidence(beta=beta_max, d=witness),
            scope=proved(quantifier, "a single exact witness"),
            certificates=(certs.arith([certs.check("floor((2 - 2*beta)*d)", "<", "floor(d/8)")],
                                      beta=beta_max, d=witness),))
    if premise_margin < 0:
        return Verdict(Status.INCONCLUSIVE, f"No witness for d <= {d_max}, but 2 - 2 beta < 1/8 "
                       f"at beta = {beta_max}, so the argument for all d does not apply.", ev,
                       scope=exhaustive(quantifier, f"d = 1..{d_max} at beta = {beta_max}",
                                        d_max))
    premise = certs.arith([certs.check("2 - 2*beta", ">=", "1/8")], beta=beta_max)
    stmt = Statement(("d", "beta"), (("beta", ">", "1/2"), ("beta", "<=", _q(beta_max))),
                     (("floor((2 - 2*beta)*d)", ">=", "floor(d/8)"),))
    grid, cases = _forall_cert(stmt, (("d", "1", str(d_max), 1),
                                      ("beta", "1/2", _q(beta_max), 20)))
    return Verdict(
        Status.HOLDS,
        f"For beta <= {beta_max}, 2 - 2 beta >= 1/8 (margin {premise_margin}), so (2 - 2 beta)d "
        ">= d/8 for every d and floor((2 - 2 beta)d) >= floor(d/8) (floor is monotone): the "
        "minimum is floor(d/8).  The proof needs beta <= 15/16 here, and uses beta <= 0.9 "
        "nowhere else.",
        ev + evidence(grid_points=cases),
        scope=proved(quantifier, "monotonicity of floor, with its premise 2 - 2 beta >= 1/8 "
                                 f"certified exactly at beta = {beta_max}; d <= {d_max} scanned "
                                 "at the worst beta"),
        certificates=(premise, grid))


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.example-conditions", 5, "Proof of Lemma 8, 'we can thus choose, for example'",
          "alpha = 1.7, beta = 0.9, p = 0.01, c = 0.001 satisfy C1-C8.", check_example,
          controls=(Control("c = 26/10000: C6 fails (c <= 0.002547 needed at alpha = 1.7, "
                            "beta = 0.9)", {"c": _F(26, 10000)}, Status.FAILS),),
          tex=TexRef(537, 537, r"We can thus choose, for example, $\alpha=1.7, \beta=0.9, p=0.01,$ "
                               r"and $c=0.001$."), coq=1),
    Claim("S5.feasible-region", 5, "Lemma 8 / Theorem 9 hypotheses on alpha, beta",
          "C1-C5 together are equivalent to 9/8 < alpha <= 2 and alpha/(2 alpha - 1) < beta <= "
          "9/10.", check_feasible_region,
          controls=(Control("closed form with alpha > 23/20 (cuts off feasible points such as "
                            "alpha = 1.13, beta = 0.9)", {"alpha_min": _F(23, 20)}, Status.FAILS),),
          tex=_LEMMA8_TEX, formula=2 * _a * _b - _a - _b > 0, coq=2),
    Claim("S5.redundant-conditions", 5, "Lemma 8 / Theorem 9 hypotheses on alpha, beta",
          "For alpha > 1, C3 (2 alpha beta - alpha - beta > 0) implies C4 (alpha + beta > 2), "
          "C5 (alpha^2 beta > 1) and beta > 1/2.", check_redundant,
          controls=(Control("C4 strengthened to alpha + beta > 201/100", {"c4_rhs": _F(201, 100)},
                            Status.FAILS),),
          tex=_LEMMA8_TEX, coq=1),
    Claim("S5.cp-uniform", 5, "Proof of Lemma 8, conditions C6-C8",
          "c = 1/1000, p = 1/100 satisfy C6-C8 for every (alpha, beta) allowed by C1-C5.",
          check_cp_uniform,
          controls=(Control("c = 23/10000: C6 fails at alpha = 2, beta = 9/10 (needs c <= "
                            "0.0425/18.84)", {"c": _F(23, 10000)}, Status.FAILS),),
          tex=_CONDITIONS_TEX, coq=1),
    Claim("S5.beta-range", 5, "Proof of Lemma 8, Case 2, 'using beta <= 0.9'",
          "min{floor(d/8), floor((2-2 beta)d)} = floor(d/8) for every d >= 1 when beta <= 0.9 "
          "(the only use of beta <= 0.9; the section opening allows 1/2 < beta < 1 for the "
          "algorithm).", check_beta_range,
          controls=(Control("beta up to 19/20 > 15/16", {"beta_max": _F(19, 20)}, Status.FAILS),),
          tex=TexRef(582, 583, r"$$\min\{\floor{d_i/8},\floor{(2-2\beta)d_i}\}=\floor{d_i/8},$$ "
                               r"using $\beta \leq 0.9$."), coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.example-conditions": Status.HOLDS,
    "S5.feasible-region": Status.HOLDS,
    "S5.redundant-conditions": Status.HOLDS,
    "S5.cp-uniform": Status.HOLDS,
    "S5.beta-range": Status.HOLDS,
}
