r"""Section 2, Definition 2 (the heavy-tailed law of the exponent I) and the constant c_eps.

Notation as in :mod:`zonemax.proofs_check.section2`.  The sum defining ``c_eps`` is finite, the
mean step is infinite, and the law does not depend on the base of the logarithm; the all-eps claims
get spot certificates at :data:`EPS_SPOTS`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import mpmath
import sympy
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Status,
    TexRef,
    Verdict,
    evidence,
    proved,
    symbolic,
)
from zonemax.proofs_check.intervals import iv_frac, iv_log, iv_pow, iv_precision

_eps = sympy.Symbol("epsilon", positive=True)
_u = sympy.Symbol("u", positive=True)
_x = sympy.Symbol("x", positive=True)

#: Definition 2's tail parameter in Section 6's experiments (used for the spot certificates).
EPS_SECTION6 = Fraction(1, 1000)
#: Tail parameters at which the all-eps claims get spot certificates (Section 6's and 1).
EPS_SPOTS = (EPS_SECTION6, Fraction(1))


def _weight_iv(i: int, eps: Fraction, base: int | str = 2, exponent: Any = None) -> Any:
    """``1/(i (log_base i)^p)`` as an interval, ``p = 1 + eps`` unless ``exponent`` is given."""
    p = 1 + iv_frac(eps) if exponent is None else exponent
    return 1 / (i * iv_pow(iv_log(iv_frac(i), base), p))


# ------------------------------------------------------------------------------------------
# S2.c-eps-finite
# ------------------------------------------------------------------------------------------
def check_c_eps_finite(heavy: bool, *, eps: Fraction | None = None) -> Verdict:
    """``c_eps < oo`` (integral test).  ``eps=None`` is the statement (a symbolic eps > 0)."""
    e = _eps if eps is None else sympy.Rational(eps.numerator, eps.denominator)
    # Integral test with the natural log (finiteness does not depend on the base: the weights
    # of base b are (ln b)^{1+eps} times those of base e, see S2.law-base-free).  Substituting
    # u = ln x: int_2^oo dx/(x (ln x)^{1+eps}) = int_{ln 2}^oo u^{-1-eps} du.
    integral = symbolic.integrate(_u ** (-1 - e), (_u, sympy.log(2), sympy.oo))
    # The summand is positive and decreasing for x > 1: x (ln x)^{1+eps} has the derivative
    # (ln x)^eps (ln x + 1 + eps) > 0 there.
    growth = symbolic.diff(_x * sympy.log(_x) ** (1 + e), _x)
    reduced = symbolic.simplify(growth - sympy.log(_x) ** e * (sympy.log(_x) + 1 + e))
    quantifier = "every eps > 0" if eps is None else f"the single value eps = {eps}"
    if reduced != 0:
        return Verdict(Status.INCONCLUSIVE, "sympy did not reduce the derivative",
                       scope=proved(quantifier, "not established"))
    spots = EPS_SPOTS if eps is None else (eps,)
    if integral.is_finite:
        k_max = 5
        cert_list = tuple(
            certs.forall(
                [("k", {"type": "range", "lo": 1, "hi": k_max}),
                 ("i", {"type": "range", "lo": "2**k + 1", "hi": "2**(k+1) - 1"})],
                [certs.check("i*log2(i)**(1+eps)", ">", "2**k*k**(1+eps)")],
                sum(2**k - 1 for k in range(1, k_max + 1)), eps=spot)
            for spot in spots if spot > 0)
        return Verdict(
            Status.HOLDS,
            "c_eps is finite for every eps > 0 (integral test): the summand 1/(x (ln x)^(1+eps)) "
            "is positive and decreasing for x > 1 and int_2^oo = int_{ln 2}^oo u^(-1-eps) du = "
            "(ln 2)^(-eps)/eps.  In base 2, Cauchy condensation gives the explicit bound "
            "c_eps <= sum_k 2^k w(2^k) = sum_k k^(-1-eps) <= 1 + 1/eps.",
            evidence(integral_after_u_eq_ln_x=integral,
                     derivative_of_x_ln_x_pow=symbolic.factor(growth),
                     condensation_bound="c_eps (base 2) <= 1 + 1/eps"),
            scope=proved(quantifier, "sympy: closed-form integral and the sign of the "
                         "derivative, symbolic in eps; the certificates re-check the "
                         "condensation step w(i) < w(2^k) for 2^k < i < 2^(k+1), k <= "
                         f"{k_max}, at eps = {', '.join(str(s) for s in spots)}"),
            certificates=cert_list)
    return Verdict(
        Status.FAILS,
        f"At eps = {eps} the integral test diverges: int_{{ln 2}}^oo u^(-1-eps) du = "
        f"{integral}, so the sum is infinite.",
        evidence(integral_after_u_eq_ln_x=integral),
        evidence(eps=eps if eps is not None else "symbolic", integral=integral),
        scope=proved(quantifier, "sympy: the integral diverges and the summand is decreasing"))


# ------------------------------------------------------------------------------------------
# S2.heavy-infinite-mean
# ------------------------------------------------------------------------------------------
def check_infinite_mean(heavy: bool, *, s: Fraction = Fraction(1)) -> Verdict:
    """``E[(2^{I-2})^s] = oo`` for every eps > 0; the statement is ``s = 1`` (the mean).

    One computation for every ``s``: the series ``sum_i 2^{s(i-2)} P(I = i)`` with the terms
    ``t_i = 2^{s(i-2)}/(c_eps i (ln i)^{1+eps})`` (symbolic eps > 0).  sympy computes
    ``lim t_i`` and ``lim t_{i+1}/t_i``: terms that do not tend to 0 make it diverge (the moment
    is infinite: holds); a ratio limit below 1 makes it converge (ratio test: the moment is
    finite, fails); terms equal to Definition 2's weights (ratio 1) sum to ``c_eps``, finite by
    the integral ``int u^{-1-eps} du`` (fails)."""
    i_sym = sympy.Symbol("i", positive=True)
    s_sym = sympy.Rational(s.numerator, s.denominator)
    term = 2 ** (s_sym * (i_sym - 2)) / (i_sym * sympy.log(i_sym) ** (1 + _eps))
    quantifier = f"every eps > 0 (moment of order s = {s})"
    limit = symbolic.limit(term, i_sym, sympy.oo)
    ratio = symbolic.limit(symbolic.simplify(term.subs(i_sym, i_sym + 1) / term), i_sym,
                           sympy.oo)
    ev = evidence(term=term, limit_of_terms=limit, limit_of_term_ratio=ratio)
    if limit == sympy.oo:
        i0 = 64
        cert_list = tuple(
            certs.forall([("i", {"type": "range", "lo": i0, "hi": 2 * i0})],
                         [certs.check("2**(s*(i-2)) / (i*log2(i)**(1+eps))", ">", "1")],
                         i0 + 1, s=s, eps=spot)
            for spot in EPS_SPOTS)
        return Verdict(
            Status.HOLDS,
            f"E[(2^(I-2))^s] = sum_i 2^(s(i-2)) P(I = i) with s = {s} diverges for every eps > 0: "
            "the terms tend to infinity (sympy, symbolic eps > 0), so the step size of "
            "Definition 2 has no finite mean, as the abstract and the introduction say.",
            ev,
            scope=proved(quantifier, "sympy: the terms 2^(s(i-2))/(i (ln i)^(1+eps)) tend to "
                         "oo, symbolic in eps; the certificates re-check terms > 1 (times c_eps) "
                         f"for i = {i0}..{2 * i0} at eps = "
                         f"{', '.join(str(e) for e in EPS_SPOTS)} (log base 2)"),
            certificates=cert_list)
    if limit == 0 and ratio.is_real and bool(ratio < 1):
        return Verdict(
            Status.FAILS,
            f"For s = {s} the terms 2^(s(i-2)) P(I = i) shrink geometrically (sympy: "
            f"t_(i+1)/t_i -> {ratio} < 1), so E[(2^(I-2))^s] is finite (ratio test).",
            ev, evidence(s=s, limit_of_term_ratio=ratio),
            scope=proved(quantifier, f"sympy: lim t_(i+1)/t_i = {ratio} < 1 (ratio test)"),
            certificates=(certs.arith([certs.check("2**s", "<", "1")], s=s),))
    weights = symbolic.simplify(term - 1 / (i_sym * sympy.log(i_sym) ** (1 + _eps))) == 0
    integral = symbolic.integrate(_u ** (-1 - _eps), (_u, sympy.log(2), sympy.oo))
    if limit == 0 and weights and integral.is_finite:
        return Verdict(
            Status.FAILS,
            f"For s = {s} the terms are Definition 2's weights, which sum to c_eps (times "
            f"1/c_eps: the total mass 1): E[(2^(I-2))^s] = 1 is finite (integral test: "
            f"int_(ln 2)^oo u^(-1-eps) du = {integral}).",
            ev, evidence(s=s, expectation=1),
            scope=proved(quantifier, "sympy: the terms are w(i); the integral test"),
            certificates=(certs.arith([certs.check("2**(s*(i-2))", "==", "1")], s=s, i=3),))
    return Verdict(Status.INCONCLUSIVE, f"sympy gives the limit of the terms as {limit} and of "
                   f"their ratio as {ratio}", ev, scope=proved(quantifier, "not established"))


# ------------------------------------------------------------------------------------------
# S2.law-base-free: does Definition 2's law of I depend on the base of the logarithm?
# ------------------------------------------------------------------------------------------
def check_law_base(heavy: bool, *, exponent: str = "1 + eps") -> Verdict:
    """Whether ``P(I = i)`` of Definition 2 is the same for every log base ``b > 1``.

    ``exponent`` is the power of ``log i`` as a sympy expression in ``i`` and ``eps``
    (Definition 2: ``1 + eps``; the introduction's typo ``i + eps`` is the control).
    P(I = i) = 1 / sum_j (w_b(j)/w_b(i)), so the law is base-free iff every ratio
    w_b(i)/w_b(j) is: the check differentiates its logarithm with respect to b.
    """
    i, j, b = sympy.symbols("i j b", positive=True)
    p = sympy.sympify(exponent, locals={"i": i, "eps": _eps})
    log_ratio = (sympy.log(j) - sympy.log(i) + p.subs(i, j) * sympy.log(sympy.log(j) / sympy.log(b))
                 - p * sympy.log(sympy.log(i) / sympy.log(b)))  # ln(w_b(i)/w_b(j))
    derivative = symbolic.simplify(symbolic.diff(symbolic.expand_log(log_ratio, force=True), b))
    quantifier = "every log base b > 1, every eps > 0, every i >= 2"
    if derivative == 0:
        ratio_e_over_2 = (1 + _eps) * sympy.log(sympy.log(2))  # ln of c^(2)/c^(e): see summary
        cert = certs.identity(["li", "lj", "lb"], "(lj/lb)/(li/lb)", "lj/li", 2)
        return Verdict(
            Status.HOLDS,
            "Definition 2's law of I does not depend on the base of the logarithm: w_b(i) = "
            "(ln b)^(1+eps) w_e(i), a factor that does not depend on i and cancels against c_eps "
            "(every ratio w_b(i)/w_b(j) = (j/i) (ln j/ln i)^(1+eps) is base-free).  The base only "
            "changes the value of c_eps (c_eps in base 2 = (ln 2)^(1+eps) times c_eps in base e, "
            "about 0.69 times) and with it the constant of Theorem 5's bound; the operator, the "
            "algorithms and the experiments are the same in every base.",
            evidence(d_ln_ratio_d_b=derivative, exponent=p,
                     c_eps_base_b_over_base_e="(ln b)^(1+eps)",
                     ln_of_c2_over_ce=ratio_e_over_2),
            scope=proved(quantifier, "sympy: d/db ln(w_b(i)/w_b(j)) = 0 symbolically; the "
                         "certificate re-checks log_b j / log_b i = ln j / ln i"),
            certificates=(cert,))
    eps = EPS_SECTION6
    p_num = sympy.lambdify((i, _eps), p)
    i0, j0 = 2, 3
    with iv_precision():
        def ratio(base: int | str) -> Any:
            e = iv_frac(eps)
            return (_weight_iv(i0, eps, base, exponent=p_num(i0, e))
                    / _weight_iv(j0, eps, base, exponent=p_num(j0, e)))
        r2, re = ratio(2), ratio("e")
        disjoint = bool(r2.b < re.a or re.b < r2.a)
    if not disjoint:
        return Verdict(Status.INCONCLUSIVE, "the two ratios' enclosures overlap",
                       scope=proved(quantifier, "not established"))
    expr_p = {k: str(p.subs({i: k, _eps: sympy.Symbol("eps")})) for k in (i0, j0)}
    witness = certs.arith(
        [certs.check(f"(j*log2(j)**({expr_p[j0]}))/(i*log2(i)**({expr_p[i0]}))", "!=",
                     f"(j*ln(j)**({expr_p[j0]}))/(i*ln(i)**({expr_p[i0]}))")],
        i=i0, j=j0, eps=eps)
    return Verdict(
        Status.FAILS,
        f"With the exponent {p} the law of I depends on the base: d/db ln(w_b(i)/w_b(j)) = "
        f"{derivative} != 0; at eps = {eps}, P(I = {i0})/P(I = {j0}) is {mpmath.nstr(r2.mid, 8)} "
        f"in base 2 but {mpmath.nstr(re.mid, 8)} in base e.",
        evidence(d_ln_ratio_d_b=derivative, exponent=p),
        evidence(i=i0, j=j0, eps=eps, ratio_base_2=r2, ratio_base_e=re),
        scope=proved(quantifier, f"witness i = {i0}, j = {j0}, eps = {eps} (disjoint enclosures)"),
        certificates=(witness,))


CLAIMS: tuple[Claim, ...] = (
    Claim("S2.c-eps-finite", 2, "Section 2, definition of c_eps ('this sum is finite')",
          "c_eps = sum_{i>=2} 1/(i (log i)^{1+eps}) < oo for every eps > 0.", check_c_eps_finite,
          controls=(Control("eps = 0 (the margin): c_0 = sum 1/(i log i) is finite",
                            {"eps": Fraction(0)}, Status.FAILS),),
          tex=TexRef(264, 264, r"(note that this sum is finite \cite{unknown_solution_length})"),
          formula=sympy.Integral(_u ** (-1 - _eps), (_u, sympy.log(2), sympy.oo))),
    Claim("S2.heavy-infinite-mean", 2, "Abstract / Section 1: 'expectation is infinite'",
          "E[2^{I-2}] = oo for every eps > 0.", check_infinite_mean,
          controls=(Control("a negative moment, E[(2^{I-2})^{-1/10}] = oo",
                            {"s": Fraction(-1, 10)}, Status.FAILS),),
          tex=TexRef(222, 222, r"we consider a distribution of the numbers that is unbounded and "
                     r"is so heavy-tailed that it does not have finite expectation")),
    Claim("S2.law-base-free", 2, "Definition 2 (law of I) and the base of its logarithm",
          "P(I = i) = 1/(c_eps i (log i)^{1+eps}) is the same law for every base of the log; "
          "only the value of c_eps depends on the base.", check_law_base,
          controls=(Control("the introduction's exponent i + eps instead of 1 + eps",
                            {"exponent": "i + eps"}, Status.FAILS),),
          tex=TexRef(267, 267, r"$P(I=i) = \frac{1}{c_{\epsilon} \cdot i \cdot "
                     r"(\log i)^{1+\epsilon}}$")),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S2.c-eps-finite": Status.HOLDS,
    "S2.heavy-infinite-mean": Status.HOLDS,
    "S2.law-base-free": Status.HOLDS,
}
