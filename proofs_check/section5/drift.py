r"""Section 5, Lemma 8: the drift D >= delta g_i for all d and all real v, and an explicit delta.

Notation (and C1-C8) as in :mod:`zonemax.proofs_check.section5`.  ``S5.drift-feasible`` chains the
bounds of the five cases (:mod:`~.cases`) into an explicit ``delta`` for every feasible constant
set.
"""

from __future__ import annotations

from fractions import Fraction

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Method,
    Severity,
    Status,
    TexRef,
    Verdict,
    evidence,
    proved,
    record,
)
from zonemax.proofs_check.rls_decide import PARAM_NAMES, Statement, decide
from zonemax.proofs_check.rls_drift import PAPER_EXAMPLE, RlsParams
from zonemax.proofs_check.rls_exact import exact_holds, exact_value
from zonemax.proofs_check.section5.cases import (
    AWAY1,
    AWAY2,
    CASE1,
    CASE2,
    CASE3,
    CASE4,
    CASE5,
    TOWARD1,
    TOWARD2,
    _decomposed,
    _scaled,
)
from zonemax.proofs_check.section5.common import (
    _ALL_DV,
    _F,
    _FEASIBLE_TEXT,
    DOMAIN,
    DRIFT,
    HYPOTHESES,
    LEMMA8,
    SAMPLE_POINTS,
    G,
    _params_text,
    _point,
    _q,
    _stmt,
)
from zonemax.proofs_check.section5.judge import (
    _conditions_cert,
    _find_witness,
    _grid_cert,
    _judge,
    _smt_certs,
    _witness_cert,
    _z3_version,
)


def check_delta(heavy: bool, *, delta: Fraction = Fraction(1, 2535),
                alpha: Fraction = PAPER_EXAMPLE.alpha, beta: Fraction = PAPER_EXAMPLE.beta,
                c: Fraction = PAPER_EXAMPLE.c, p: Fraction = PAPER_EXAMPLE.p) -> Verdict:
    """D(d, v) >= delta g_i(d, v) for every integer d >= 1 and every real v >= 1."""
    prm = RlsParams(alpha, beta, c, p)
    closed = 4 * c * (1 - beta) / (1 + p + 4 * c)
    return _judge(
        build=lambda point: _stmt(DOMAIN, ((DRIFT, ">=", f"{_q(delta)}*{G}"),), point), prm=prm,
        quantifier=f"at {_params_text(prm)}: {_ALL_DV}",
        holds=f"D(d, v) >= {delta} g_i(d, v) for every integer d >= 1 and every real v >= 1 "
              f"(z3, all five integer branches of floor(v)), so the multiplicative drift of Lemma "
              f"8 holds with delta = {delta}/n at these constants.  4c(1-beta)/(1+p+4c) = {closed} "
              "is the infimum of D/g_i (approached as v -> 2d+, Case 5; not attained).",
        fails=f"D(d, v) < {delta} g_i(d, v) at the witness: delta is above the infimum "
              f"4c(1-beta)/(1+p+4c) = {closed} of D/g_i.",
        grid=(8, "1", "2*d + 2", 4), heavy=heavy,
        extra_evidence=evidence(infimum_4c_1_minus_beta_over_1_p_4c=closed))


def check_velocity_domain(heavy: bool, *, alpha: Fraction = PAPER_EXAMPLE.alpha,
                          beta: Fraction = PAPER_EXAMPLE.beta) -> Verdict:
    """'Let d != 0 and v in N^n': the reachable velocities are integers."""
    record(Method.EXACT, Method.ENUMERATION)
    quantifier = "every velocity RLS_{alpha,beta} can reach from v = 1"
    depth = 12
    frontier = {Fraction(1): "1"}
    seen = dict(frontier)
    for _ in range(depth):  # v <- alpha v (success), v <- max{1, beta v} (failure)
        nxt: dict[Fraction, str] = {}
        for v, path in frontier.items():
            # at distance 10**9 (> every velocity kept) a toward step is a strict improvement
            for w, step in ((alpha * v, f"rls_v_toward(10**9, {path}, alpha, beta)"),
                            (max(Fraction(1), beta * v),
                             f"rls_v_away(10**9, {path}, alpha, beta)")):
                if w not in seen and w <= 10**6:
                    nxt[w] = seen[w] = step
        frontier = nxt
    odd = sorted((v for v in seen if v.denominator != 1), key=lambda v: (len(seen[v]), v))
    if odd:
        v = odd[0]
        expr = seen[v]
        return Verdict(
            Status.FAILS,
            f"Velocities are real: from v = 1, {expr} = {v} is reached (far from the target "
            "every toward step is a strict improvement), so the printed v in N^n leaves out "
            "reachable states.  Nothing in the proof uses integrality; the drift bound is needed "
            "and holds for every real v >= 1 (S5.drift-delta, S5.drift-feasible, S5.case1-5).",
            evidence(non_integer_velocities_found=len(odd), search_depth=depth), evidence(v=v),
            scope=proved(quantifier, "a single exact witness"),
            certificates=(certs.arith([certs.check(expr, "==", _q(v)),
                                       certs.check(f"floor({expr})", "<", expr)],
                                      alpha=alpha, beta=beta),))
    m = next((k for k in range(64) if beta * alpha**k == 1), None)
    if alpha.denominator == 1 and m is not None:
        return Verdict(
            Status.HOLDS,
            f"With alpha = {alpha} an integer and beta = alpha^-{m}, every reachable velocity is "
            "a power of alpha (the set {alpha^k : k >= 0} is closed under v -> alpha v and "
            "v -> max{1, beta v}), so v in N^n covers every reachable state.",
            evidence(powers_checked=len(seen)),
            scope=proved(quantifier, "closure of {alpha^k} under both updates"),
            certificates=(certs.arith([certs.check("floor(alpha)", "==", "alpha"),
                                       certs.check(f"beta*alpha**{m}", "==", "1")],
                                      alpha=alpha, beta=beta),))
    return Verdict(Status.INCONCLUSIVE, f"No non-integer velocity within {depth} updates.",
                   evidence(search_depth=depth), scope=proved(quantifier, "undecided"))


#: The bounds of Cases 3-5 as printed (Case 5: the equality's right-hand side).
_CASE_BOUNDS = {"case 3": "d*(p/2 - 4*c*((alpha + beta)/2 - 1))",
                "case 3, reset": "p/2*d - 2*(alpha - 1)*c*d",
                "case 4": "d*(4*c + p - 4*beta*c)", "case 5": "2*c*v*(1 - beta)"}


def _deltas(factor: Fraction, scale: Fraction) -> dict[str, str]:
    """delta_k per case: the case's bound over an upper bound of g_i on the case (g_i <= d(1+4c)
    in Case 2, <= d(1 + 4c + p) in Cases 3-4; in Case 5 D/g_i increases in v)."""
    u = "(4*alpha*beta*c + p)"
    return {
        "case 1": "(2*alpha*beta - beta - alpha)/(4*alpha*beta)*min(4*c, 1)",
        "case 2": f"(1/16 - {_q(factor)}*{u} - 4*c/beta)/(2*(1 + 4*c))",
        "case 3": "(p/2 - 4*c*((alpha + beta)/2 - 1))/(1 + 4*c + p)",
        "case 3, reset": "(p/2 - 2*(alpha - 1)*c)/(1 + 4*c + p)",
        "case 4": "(4*c + p - 4*beta*c)/(1 + 4*c + p)",
        "case 5": _scaled(scale, "4*c*(1 - beta)/(1 + 4*c + p)"),
    }


def lemma8_delta(prm: RlsParams) -> Fraction:
    """The explicit delta of :func:`check_drift_feasible` at one constant set: for every
    (alpha, beta, c, p) satisfying C1-C8, D(d, v) >= delta g_i(d, v) for every integer d >= 1
    and real v >= 1 (proved by claim ``S5.drift-feasible``), so E[T] <= n(1 + ln g(0))/delta by
    the multiplicative drift theorem.  Raises ``ValueError`` outside C1-C8."""
    point = dict(_point(prm))
    bad = [k for k, cons in HYPOTHESES.items() if not all(exact_holds(x, point) for x in cons)]
    if bad:
        raise ValueError(f"{_params_text(prm)} violates {', '.join(bad)} of Lemma 8")
    return min(exact_value(x, point) for x in _deltas(Fraction(1), Fraction(1)).values())


def check_drift_feasible(heavy: bool, *, factor: Fraction = Fraction(1),
                         scale: Fraction = Fraction(1)) -> Verdict:
    """Lemma 8's drift claim for every feasible constant set: D >= delta g_i with an explicit
    delta = min_k delta_k > 0 (``factor``: the Case 2 bracket used, 1 = the computation's)."""
    deltas = _deltas(factor, scale)
    delta = "min(" + ", ".join(deltas.values()) + ")"
    regions = {"case 1": CASE1, "case 2": CASE2, "case 3": (*CASE3, ("beta*v", ">=", "1")),
               "case 3, reset": (*CASE3, ("beta*v", "<=", "1")), "case 4": CASE4,
               "case 5": CASE5}
    # delta > 0: each delta_k > 0 (one query each)
    obligations: list[tuple[str, Statement]] = [
        ("delta > 0", Statement(PARAM_NAMES, LEMMA8, ((x, ">", "0"),))) for x in deltas.values()]
    for k, region in regions.items():
        bound = f"({deltas[k]})*{G}"
        if k == "case 1":
            parts = _decomposed(region=CASE1, toward=TOWARD1, away=AWAY1, bound=bound, prm=None)
        elif k == "case 2":
            parts = _decomposed(region=CASE2, toward=TOWARD2, away=AWAY2, bound=bound, prm=None)
        else:  # the case's own bound, then (X standing for D) X >= bound_k => X >= delta_k g_i
            own = _CASE_BOUNDS[k]
            parts = (_stmt((*DOMAIN, *region), ((DRIFT, ">=", own),), None),
                     _stmt((*DOMAIN, *region, ("X", ">=", own)), (("X", ">=", bound),), None,
                           variables=("d", "v", "X")))
        obligations += [(k, part) for part in parts]
    decisions = [(k, decide(st)) for k, st in obligations]
    quantifier = f"{_FEASIBLE_TEXT}; {_ALL_DV}"
    seconds = sum(dec.seconds for _, dec in decisions)
    ev = evidence(delta_k=deltas, z3_queries=sum(len(d.scripts) for _, d in decisions),
                  z3_seconds=f"{seconds:.2f}")
    if all(dec.answer == "unsat" for _, dec in decisions):
        samples = []
        cases = 0
        for point in SAMPLE_POINTS:
            cert, n = _grid_cert(_stmt(DOMAIN, ((DRIFT, ">=", f"{delta}*{G}"),), point),
                                 (16 if heavy else 8, "1", "2*d + 2", 4))
            samples += [cert, _conditions_cert(point)]
            cases += n
        at_example = exact_value(delta, dict(_point(PAPER_EXAMPLE)))
        return Verdict(
            Status.HOLDS,
            "For every (alpha, beta, c, p) satisfying C1-C8, D(d, v) >= delta g_i(d, v) for every "
            f"integer d >= 1 and real v >= 1 with delta = min_k delta_k > 0 (listed; at the "
            f"example delta = {at_example}).  Together with the multiplicative drift theorem this "
            "is Lemma 8's O(n log|a|_1) for the whole feasible region.  Case 2 enters with the "
            f"bracket of factor {factor}: with the printed factor 2, delta_2 = 0 when C6 is an "
            "equality.",
            ev + evidence(delta_at_example=at_example, grid_points=cases),
            scope=proved(quantifier, f"z3 {_z3_version()} nlsat: per case (Cases 1-2 via the "
                                     "proof's toward/away decomposition) and delta > 0, every "
                                     "negation unsat; the five cases "
                                     "partition v >= 1 as d/8 < 2 beta d < 2d"),
            certificates=(*_smt_certs([dec for _, dec in decisions]), *samples))
    for (k, st), (_, dec) in zip(obligations, decisions, strict=True):
        if dec.witness is not None and k == "delta > 0":
            return Verdict(Status.FAILS, f"delta is not positive at the witness constants (C1-C8 "
                           f"hold): {k} fails.", ev, dec.witness,
                           scope=proved(quantifier, "a single exact witness"),
                           certificates=(_witness_cert(st, dict(dec.witness)),))
        if dec.answer != "unsat" and k != "delta > 0":
            region = regions[k]
            direct, witness = _find_witness(
                lambda pt, region=region, k=k: _stmt(
                    (*DOMAIN, *region), ((DRIFT, ">=", f"({deltas[k]})*{G}"),), pt), None)
            if witness is not None:
                env = {**direct.env(), **witness}
                return Verdict(Status.FAILS, f"D < delta_k g_i in {k} at the witness.", ev,
                               tuple(env.items()), scope=proved(quantifier, "a single exact "
                                                                           "witness"),
                               certificates=(_witness_cert(direct, witness),))
    return Verdict(Status.INCONCLUSIVE, "z3 could not decide every obligation.", ev,
                   scope=proved(quantifier, "undecided"))


CLAIMS: tuple[Claim, ...] = (
    Claim("S5.velocity-domain", 5, "Proof of Lemma 8, 'Let d != (0,...,0) and v in N^n'",
          "The drift claim is stated for v in N^n; the velocities RLS_{alpha,beta} reaches are "
          "all in N.", check_velocity_domain,
          controls=(Control("alpha = 2, beta = 1/2: every reachable velocity is a power of 2",
                            {"alpha": _F(2), "beta": _F(1, 2)}, Status.HOLDS),),
          tex=TexRef(539, 539, r"Let $d\neq (0,...,0)$ and $v\in \mathbb{N}^n$."),
          severity=Severity.IMPRECISE,
          fix="Quantify over v in [1, oo)^n (real velocities, Algorithm 2); the computations never "
              "use integrality, and the drift bound holds for every real v >= 1.",
          fix_claim="S5.drift-delta"),
    Claim("S5.drift-delta", 5, "Proof of Lemma 8, 'E[g(d,v)-g(d',v')] >= delta/n g(d,v)'",
          "At the example constants, D(d, v) >= delta g_i(d, v) with delta = 4c(1-beta)/(1+p+4c) "
          "= 1/2535 for every integer d >= 1 and every real v >= 1.", check_delta,
          controls=(Control("delta = 1/2534, just above the infimum 1/2535", {"delta": _F(1, 2534)},
                            Status.FAILS),),
          tex=TexRef(544, 546, r"E[g(d_i,v_i)-g(d_i',v_i') \mid d,v]\geq \delta g_i(d_i,v_i)"),
          coq=1),
    Claim("S5.drift-feasible", 5, "Proof of Lemma 8, 'for some positive constant delta'",
          "For every (alpha, beta, c, p) satisfying C1-C8 there is delta > 0 with D(d, v) >= "
          "delta g_i(d, v) for every integer d >= 1 and real v >= 1 (delta explicit: the minimum "
          "of the five cases' ratios).", check_drift_feasible,
          controls=(Control("Case 2 with the printed bracket (factor 2): delta_2 = 0 at C6 "
                            "equality", {"factor": _F(2)}, Status.FAILS),
                    Control("delta_5 x (1 + 10^-6): above the infimum of Case 5",
                            {"scale": 1 + _F(1, 10**6)}, Status.FAILS)),
          tex=TexRef(543, 547, r"We show that there is a constant $\delta$ such that, for all "
                               r"indices $i$ with $d_i\neq 0$"), coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S5.velocity-domain": Status.FAILS,
    "S5.drift-delta": Status.HOLDS,
    "S5.drift-feasible": Status.HOLDS,
}
