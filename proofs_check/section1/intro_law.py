r"""Section 1, the introduction's description of the heavy tail: the law is on the exponent I.

Notation as in :mod:`zonemax.proofs_check.section1`.  ``S1.intro-step-law`` reads the sentence as a
law of the step size (as printed), ``S1.intro-step-law-fixed`` as a law of the exponent ``I``
(Definition 2).
"""

from __future__ import annotations

import sympy
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
    exhaustive,
    proved,
    record,
    symbolic,
)
from zonemax.proofs_check.intervals import iv_precision
from zonemax.proofs_check.section2.heavy_tail import EPS_SECTION6, _weight_iv

#: Definition 2: a step has size ``2^{I-2}`` where ``P(I = i) = w(i)/c_eps``.
DEFINITION2_STEP = "2**(i-2)"
_i = sympy.Symbol("i", integer=True, positive=True)


def _step_map(step: str) -> sympy.Expr:
    expr = sympy.sympify(step, locals={"i": _i})
    if not isinstance(expr, sympy.Expr) or expr.free_symbols - {_i}:
        raise ValueError(f"step must be an expression in i, got {step!r}")
    return expr


def check_intro_law(heavy: bool, *, step: str = "i") -> Verdict:
    """Whether Definition 2's law of the step size is the law the sentence describes.

    ``step`` is the sentence's reading as the step size (an expression in ``i``) that gets
    probability proportional to ``w(i) = 1/(i (log i)^{1+eps})``, ``i >= 2``: ``"i"`` as printed
    (a step of size i), ``"2**(i-2)"`` for the fix (a step of size 2^{i-2}).  Definition 2 gives
    the step ``2^{I-2}`` the probability ``w(I)/c_eps``.  One computation for every reading:
    (a) the supports, step size by step size (exact enumeration of ``i = 2 .. K + 2``): a size
    that one law gives positive mass and the other none refutes proportionality; (b) sympy
    decides whether the reading's map equals Definition 2's ``2^{i-2}`` for every ``i`` (then
    the two laws are the same law, the factor is ``1/c_eps``).
    """
    record(Method.ENUMERATION, Method.EXACT)
    phi = _step_map(step)
    k_max = 400 if heavy else 60  # exponents I = 2 .. k_max + 2
    exponents = range(2, k_max + 3)
    described: dict[int, list[int]] = {}  # step size -> the i the reading gives it (weight w(i))
    for i in exponents:
        value = phi.subs(_i, i)
        if not (value.is_integer and value >= 1):
            raise ValueError(f"step {step!r} is not a positive integer at i = {i}: {value}")
        described.setdefault(int(value), []).append(i)
    definition2 = {2 ** (i - 2): [i] for i in exponents}
    top = 2 ** k_max  # every size up to here is reached by Definition 2's exponents in range
    sizes = sorted(s for s in {*described, *definition2} if s <= top)
    # a size the reading weights but Definition 2 never produces (or the other way round)
    only_described = [s for s in sizes if s in described and s not in definition2]
    only_definition2 = [s for s in sizes if s in definition2 and s not in described]
    same_map = symbolic.simplify(phi - sympy.sympify(DEFINITION2_STEP, locals={"i": _i})) == 0
    quantifier = "every step size s >= 1 (one step size with mass under one law only refutes it)"
    ev = evidence(reading=f"a step of size {phi} has probability proportional to w(i)",
                  definition_2="a step of size 2^(I-2), P(I = i) = w(i)/c_eps",
                  exponents_enumerated=f"i = 2..{k_max + 2}", same_map_as_definition_2=same_map)
    if only_described or only_definition2:
        eps = EPS_SECTION6
        if only_described:
            missing = only_described[0]
            i0 = described[missing][0]
            below = [i for i in exponents if 2 ** (i - 2) < missing]
            cert_forall = certs.forall(
                [("i", {"type": "range", "lo": 2, "hi": max(below)})],
                [certs.check("2**(i-2)", "<", "s")], len(below), s=missing)
            weight = (certs.check("1/(s*log2(s)**(1+eps))", ">", "0") if i0 == missing else
                      certs.check("1/(i0*log2(i0)**(1+eps))", ">", "0"))
            env = {"i": max(below) + 1, "s": missing, "eps": eps,
                   **({} if i0 == missing else {"i0": i0})}
            cert_arith = certs.arith([certs.check("2**(i-2)", ">", "s"), weight], **env)
            with iv_precision():
                w_missing = _weight_iv(i0, eps)
            return Verdict(
                Status.FAILS,
                f"Under Definition 2 a step has size 2^(I-2), a power of two, so a step of size "
                f"{missing} has probability 0, while the sentence gives it the positive weight "
                f"1/(i (log i)^(1+eps)) at i = {i0}.  The law is on the exponent I, not on the "
                f"step size (and at s = 1, which has probability P(I = 2) > 0, the "
                f"introduction's weight 1/(1 * log(1)^...) is undefined).",
                ev, evidence(step_size=missing, probability_under_definition_2=0,
                             introduction_weight_eps_0_001=w_missing),
                scope=proved(quantifier, f"witness s = {missing}: 2^(i-2) < {missing} for i <= "
                             f"{max(below)} and 2^(i-2) > {missing} beyond (increasing)"),
                certificates=(cert_forall, cert_arith))
        size = only_definition2[0]
        (i2,) = definition2[size]
        # the reading's sizes beyond the enumerated exponents must all exceed ``size``
        increasing = bool(symbolic.simplify(phi.subs(_i, _i + 1) - phi).is_positive)
        if not (increasing and phi.subs(_i, k_max + 2) > size):
            return Verdict(Status.INCONCLUSIVE,
                           f"Definition 2 gives the step of size {size} positive mass and the "
                           f"sentence gives it none among i = 2..{k_max + 2}, but sympy cannot "
                           f"show that {phi} stays above {size} beyond", ev,
                           scope=exhaustive(quantifier, f"i = 2..{k_max + 2}", k_max + 1))
        return Verdict(
            Status.FAILS,
            f"Definition 2 gives the step of size {size} the probability P(I = {i2}) > 0, but "
            f"the sentence gives no i >= 2 the step size {size} (its map is {phi}): the laws "
            "differ.",
            ev, evidence(step_size=size, exponent_under_definition_2=i2,
                         described_exponents=()),
            scope=proved(quantifier, f"witness s = {size}: 2^({i2}-2) = {size} and {phi} != "
                         f"{size} for every i = 2..{k_max + 2} ({phi} exceeds {size} beyond)"),
            certificates=(certs.forall([("i", {"type": "range", "lo": 2, "hi": k_max + 2})],
                                       [certs.check(str(phi), "!=", "s")], k_max + 1, s=size),
                          certs.arith([certs.check("2**(i-2)", "==", "s")], i=i2, s=size)))
    if same_map:
        cert = certs.forall([("i", {"type": "range", "lo": 2, "hi": k_max + 1})],
                            [certs.check("2**(i-1)", ">", "2**(i-2)"),
                             certs.check("2**(i-2)", ">=", "1")], k_max)
        return Verdict(
            Status.HOLDS,
            "Under Definition 2 the step size 2^(I-2) determines I (i -> 2^(i-2) is strictly "
            "increasing), and the sentence's step map is 2^(i-2) itself (sympy), so "
            "P(step = 2^(i-2)) = P(I = i) = 1/(c_eps i (log i)^(1+eps)): proportional to "
            "1/(i (log i)^(1+eps)) for every i >= 2, with the factor 1/c_eps.",
            ev, scope=proved("every exponent i >= 2",
                             f"sympy: ({phi}) - 2**(i - 2) simplifies to 0, so the two laws are "
                             "the same law; the certificate re-checks that i -> 2^(i-2) is "
                             "injective on the first exponents"),
            certificates=(cert,))
    return Verdict(Status.INCONCLUSIVE,
                   f"the supports agree on the enumerated exponents but sympy cannot show that "
                   f"{phi} = 2^(i-2) for every i",
                   ev, scope=exhaustive("every step size s >= 1",
                                        f"i = 2..{k_max + 2}", k_max + 1))


CLAIMS: tuple[Claim, ...] = (
    Claim("S1.intro-step-law", 1, "Section 1 (Introduction), description of the heavy tail",
          "A step size of i has probability proportional to 1/(i log(i)^{1+eps}) (the printed "
          "exponent i+eps is a typo, see the editorial list).", check_intro_law,
          controls=(Control("the law read on the exponent: a step 2^{i-2} has probability "
                            "proportional to 1/(i log(i)^{1+eps})", {"step": DEFINITION2_STEP},
                            Status.HOLDS),),
          tex=TexRef(224, 224, r"In effect, a step size of $i$ has a probability proportional "
                     r"to $1/(i \log(i)^{i+\varepsilon})$."),
          severity=Severity.IMPRECISE,
          fix="In effect, a step of size 2^{i-2} has a probability proportional to "
              "1/(i log(i)^{1+eps}) (Definition 2: the law is on the exponent).",
          fix_claim="S1.intro-step-law-fixed"),
    Claim("S1.intro-step-law-fixed", 1, "Section 1, the heavy tail (corrected reading)",
          "A step of size 2^{i-2} has probability proportional to 1/(i log(i)^{1+eps}), "
          "i >= 2.", check_intro_law,
          controls=(Control("the printed reading: a step of size i has probability "
                            "proportional to 1/(i log(i)^{1+eps})", {"step": "i"},
                            Status.FAILS),),
          tex=TexRef(267, 267, r"First sample a step size of $2^{I - 2}$ using a random "
                     r"variable $I$"),
          params={"step": DEFINITION2_STEP}),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S1.intro-step-law": Status.FAILS,
    "S1.intro-step-law-fixed": Status.HOLDS,
}
