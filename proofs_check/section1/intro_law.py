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
    proved,
)
from zonemax.proofs_check.intervals import iv_precision
from zonemax.proofs_check.section2.heavy_tail import EPS_SECTION6, _weight_iv

_INTRO_READINGS = ("step size", "exponent")


def check_intro_law(heavy: bool, *, reading: str = "step size") -> Verdict:
    """Whether Definition 2 gives the law the introduction describes.

    ``reading="step size"`` (the introduction, exponent typo corrected): a step of size ``s >= 2``
    has probability proportional to ``w(s)``, which is positive for every ``s >= 2``;
    ``reading="exponent"`` (the fix): a step of size ``2^{i-2}`` has probability proportional
    to ``w(i)``.  Under Definition 2 the step size is ``2^{I-2}``; the check computes its
    support up to ``2^K`` and compares.
    """
    if reading not in _INTRO_READINGS:
        raise ValueError(f"reading must be one of {_INTRO_READINGS}, got {reading!r}")
    k_max = 400 if heavy else 60  # exponents I = 2 .. k_max + 2
    steps = [2 ** (i - 2) for i in range(2, k_max + 3)]  # Definition 2: step 2^{I-2}
    support = set(steps)
    if reading == "step size":
        missing = next(s for s in range(2, steps[-1] + 1) if s not in support)
        eps = EPS_SECTION6
        with iv_precision():
            w_missing = _weight_iv(missing, eps)
        below_missing = [i for i in range(2, k_max + 3) if 2 ** (i - 2) < missing]
        cert_forall = certs.forall(
            [("i", {"type": "range", "lo": 2, "hi": max(below_missing)})],
            [certs.check("2**(i-2)", "<", "s")], len(below_missing), s=missing)
        cert_arith = certs.arith(
            [certs.check("2**(i-2)", ">", "s"),
             certs.check("1/(s*log2(s)**(1+eps))", ">", "0")],
            i=max(below_missing) + 1, s=missing, eps=eps)
        return Verdict(
            Status.FAILS,
            f"Under Definition 2 a step has size 2^(I-2), a power of two, so a step of size "
            f"{missing} has probability 0, while the introduction gives every size s >= 2 the "
            f"positive weight 1/(s (log s)^(1+eps)).  The law is on the exponent I, not on the "
            f"step size (and at s = 1, which has probability P(I = 2) > 0, the introduction's "
            f"weight 1/(1 * log(1)^...) is undefined).",
            evidence(step_sizes="2^(I-2), I >= 2: 1, 2, 4, 8, ...",
                     exponents_checked=f"I = 2..{k_max + 2}"),
            evidence(step_size=missing, probability_under_definition_2=0,
                     introduction_weight_eps_0_001=w_missing),
            scope=proved("every step size s >= 2 (one counterexample refutes it)",
                         f"witness s = {missing}: 2^(i-2) < {missing} for i <= "
                         f"{max(below_missing)} and 2^(i-2) > {missing} beyond (increasing)"),
            certificates=(cert_forall, cert_arith))
    # reading == "exponent": the map i -> 2^{i-2} is strictly increasing, so injective, and
    # P(step = 2^{i-2}) = P(I = i) = w(i)/c_eps: proportional to w(i) with factor 1/c_eps.
    pairs = list(zip(range(2, k_max + 2), steps[:-1], steps[1:], strict=True))
    injective = all(lo < hi for _, lo, hi in pairs) and len(support) == len(steps)
    cert = certs.forall([("i", {"type": "range", "lo": 2, "hi": k_max + 1})],
                        [certs.check("2**(i-1)", ">", "2**(i-2)"),
                         certs.check("2**(i-2)", ">=", "1")], k_max)
    i_sym = sympy.Symbol("i", integer=True, positive=True)
    increasing = bool(sympy.simplify(2 ** (i_sym - 1) - 2 ** (i_sym - 2) - 2 ** (i_sym - 2)) == 0)
    if injective and increasing:
        return Verdict(
            Status.HOLDS,
            "Under Definition 2 the step size 2^(I-2) determines I (i -> 2^(i-2) is strictly "
            "increasing: 2^(i-1) - 2^(i-2) = 2^(i-2) > 0), so P(step = 2^(i-2)) = P(I = i) = "
            "1/(c_eps i (log i)^(1+eps)): proportional to 1/(i (log i)^(1+eps)) for every i >= 2.",
            evidence(identity="2^(i-1) - 2^(i-2) = 2^(i-2) (sympy)",
                     exponents_enumerated=f"2..{k_max + 2}"),
            scope=proved("every exponent i >= 2",
                         "sympy: 2^(i-1) - 2^(i-2) = 2^(i-2) > 0 for all i, so the map is "
                         "injective; the certificate re-checks the first exponents"),
            certificates=(cert,))
    return Verdict(Status.INCONCLUSIVE, "the injectivity check did not go through",
                   scope=proved("every exponent i >= 2", "not established"))


CLAIMS: tuple[Claim, ...] = (
    Claim("S1.intro-step-law", 1, "Section 1 (Introduction), description of the heavy tail",
          "A step size of i has probability proportional to 1/(i log(i)^{1+eps}) (the printed "
          "exponent i+eps is a typo, see the editorial list).", (Method.EXACT,),
          check_intro_law,
          controls=(Control("the law read on the exponent: a step 2^{i-2} has probability "
                            "proportional to 1/(i log(i)^{1+eps})", {"reading": "exponent"},
                            Status.HOLDS),),
          tex=TexRef(224, 224, r"In effect, a step size of $i$ has a probability proportional "
                     r"to $1/(i \log(i)^{i+\varepsilon})$."),
          severity=Severity.IMPRECISE,
          fix="In effect, a step of size 2^{i-2} has a probability proportional to "
              "1/(i log(i)^{1+eps}) (Definition 2: the law is on the exponent).",
          fix_claim="S1.intro-step-law-fixed"),
    Claim("S1.intro-step-law-fixed", 1, "Section 1, the heavy tail (corrected reading)",
          "A step of size 2^{i-2} has probability proportional to 1/(i log(i)^{1+eps}), "
          "i >= 2.", (Method.SYMBOLIC, Method.EXACT), check_intro_law,
          controls=(Control("the printed reading: a step of size i has probability "
                            "proportional to 1/(i log(i)^{1+eps})", {"reading": "step size"},
                            Status.FAILS),),
          tex=TexRef(267, 267, r"First sample a step size of $2^{I - 2}$ using a random "
                     r"variable $I$"),
          params={"reading": "exponent"}),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S1.intro-step-law": Status.FAILS,
    "S1.intro-step-law-fixed": Status.HOLDS,
}
