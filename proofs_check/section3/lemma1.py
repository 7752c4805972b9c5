r"""Section 3, Lemma 1 (= [timo2017, Lemma 13]): the cost lemma, eqs. (1)-(2).

Notation as in :mod:`zonemax.proofs_check.section3`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
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


def _subsets(n: int) -> list[tuple[int, ...]]:
    return [s for k in range(n + 1) for s in itertools.combinations(range(n), k)]


def _laws(count: int, den: int) -> Iterator[tuple[Fraction, ...]]:
    """All laws on ``count`` atoms with probabilities in ``(1/den) Z``."""
    for cut in itertools.combinations(range(den + count - 1), count - 1):
        parts = [b - a - 1 for a, b in zip((-1, *cut), (*cut, den + count - 1), strict=True)]
        yield tuple(Fraction(p, den) for p in parts)


#: Lemma 1's two implications as printed (eqs. (1) and (2)): (hypothesis, conclusion).
LEMMA1 = (("<=", "<="), (">=", ">="))


def check_cost_lemma(heavy: bool, *,
                     implications: tuple[tuple[str, str], ...] = LEMMA1) -> Verdict:
    """Lemma 1: for each ``(hyp, concl)`` of ``implications``, ``c(T) (hyp) sum_{i in T} q(i)``
    for all ``T`` implies ``E[c(S)] (concl) sum_i q(i) P(i in S)``; printed: (<=, <=), eq. (1),
    and (>=, >=), eq. (2).  Both are searched for a counterexample over the same integer
    instances; the exchange of sums they rest on is certified as a polynomial identity."""
    ops = {"<=": lambda x, y: x <= y, ">=": lambda x, y: x >= y}
    if not implications or any(h not in ops or c not in ops for h, c in implications):
        raise ValueError("each implication is a pair of '<=' / '>='")
    record(Method.ENUMERATION, Method.EXACT)
    n_max, den = (2, 2) if not heavy else (2, 3)
    values = (-1, 0, 1)
    cases = 0
    for number, (hypothesis, conclusion) in enumerate(implications, 1):
        hyp, concl = ops[hypothesis], ops[conclusion]
        for n in range(1, n_max + 1):
            subsets = _subsets(n)
            for q in itertools.product(values, repeat=n):
                for cost in itertools.product(values, repeat=len(subsets)):
                    if not all(hyp(ct, sum(q[i] for i in t))
                               for ct, t in zip(cost, subsets, strict=True)):
                        continue
                    for p in _laws(len(subsets), den):
                        cases += 1
                        lhs = sum((pt * ct for pt, ct in zip(p, cost, strict=True)), Fraction(0))
                        rhs = sum((q[i] * sum((pt for pt, t in zip(p, subsets, strict=True)
                                               if i in t), Fraction(0)) for i in range(n)),
                                  Fraction(0))
                        if not concl(lhs, rhs):
                            return _cost_lemma_witness(number, hypothesis, conclusion, n, subsets,
                                                       p, cost, q, lhs, rhs)
    # The exchange of sums behind the lemma, as polynomial identities (n <= 3).
    identities = []
    for n in range(1, 4):
        subsets = _subsets(n)
        qs = [f"q{i}" for i in range(n)]
        ps = [f"p{k}" for k in range(len(subsets))]
        side_c = " + ".join(f"{ps[k]}*(" + (" + ".join(qs[i] for i in t) or "0") + ")"
                            for k, t in enumerate(subsets))
        side_q = " + ".join(f"{qs[i]}*(" + " + ".join(ps[k] for k, t in enumerate(subsets)
                                                       if i in t) + ")" for i in range(n))
        sym = symbolic.expand(sympy.sympify(side_c) - sympy.sympify(side_q))
        if sym != 0:
            return Verdict(Status.INCONCLUSIVE, f"sympy does not reduce the exchange of sums "
                           f"for n = {n} to 0: {sym}",
                           scope=exhaustive("all n >= 1, all cost functions q, c and all laws "
                                            "of S", "not established", cases))
        identities.append(certs.identity([*qs, *ps], side_c, side_q, 1))
    return Verdict(
        Status.HOLDS,
        f"Both implications hold: no counterexample to (1) (<=) or (2) (>=) among {cases} "
        f"integer instances (n <= {n_max}, q, c in {{-1,0,1}}, laws of S on a 1/{den} grid); "
        "each is E[c(S)] (hyp) E[sum_{i in S} q(i)] = "
        "sum_i q(i) P(i in S): monotonicity of expectation plus the exchange of two finite sums, "
        "certified as a polynomial identity (degree 1 in every p_T, q_i) for n = 1, 2, 3.",
        evidence(instances=cases, implications=implications),
        scope=exhaustive("all n >= 1, all cost functions q, c and all laws of S",
                         f"exchange-of-sums identity for n <= 3 (all real p_T, q_i); integer "
                         f"instances n <= {n_max}", cases),
        certificates=tuple(identities))


def _cost_lemma_witness(number: int, hypothesis: str, conclusion: str, n: int,
                        subsets: list[tuple[int, ...]], p: tuple[Fraction, ...],
                        cost: tuple[int, ...], q: tuple[int, ...], lhs: Fraction,
                        rhs: Fraction) -> Verdict:
    env = {"p": list(p), "c": list(cost), "q": list(q)}
    names = ["{}" if not t else "{" + ",".join(str(i + 1) for i in t) + "}" for t in subsets]
    asserts = [certs.check(f"c[{k}]", hypothesis, " + ".join(f"q[{i}]" for i in t) or "0")
               for k, t in enumerate(subsets)]
    e_c = " + ".join(f"p[{k}]*c[{k}]" for k in range(len(subsets)))
    e_q = " + ".join(f"q[{i}]*(" + " + ".join(f"p[{k}]" for k, t in enumerate(subsets) if i in t)
                     + ")" for i in range(n))
    flip = {"<=": ">", ">=": "<"}[conclusion]
    asserts.append(certs.check(e_c, flip, e_q))
    return Verdict(
        Status.FAILS,
        f"Implication {number}: with hypothesis '{hypothesis}' the conclusion '{conclusion}' is "
        f"false: n = {n}, subsets {names}, law {tuple(map(str, p))}, costs c = {cost}, q = {q}: "
        f"E[c(S)] = {lhs}, sum q P = {rhs}.",
        witness=evidence(implication=number, n=n, subsets=tuple(names), law=p, c=cost, q=q,
                         E_c=lhs, sum_q_P=rhs),
        scope=proved("all n, q, c and laws of S", "a counterexample"),
        certificates=(certs.arith(asserts, **env),))


CLAIMS: tuple[Claim, ...] = (
    Claim("S3.cost-lemma", 3, "Lemma 1 (= [timo2017, Lemma 13]), eqs. (1)-(2)",
          "If c(T) <= sum_{i in T} q(i) for all T then E[c(S)] <= sum_i q(i) P(i in S); "
          "likewise with >=.", check_cost_lemma,
          controls=(Control("the conclusion of (1) flipped to '>=' (hypothesis '<=')",
                            {"implications": (("<=", ">="), (">=", ">="))}, Status.FAILS),
                    Control("the conclusion of (2) flipped to '<=' (hypothesis '>=')",
                            {"implications": (("<=", "<="), (">=", "<="))}, Status.FAILS)),
          tex=TexRef(369, 372, r"\forall T\subseteq [n]: c(T)\leq \sum_{i\in T} q(i)\implies "
                     r"E[c(S)]\leq \sum_{i=1}^n q(i)P(i\in S)")),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S3.cost-lemma": Status.HOLDS,
}
