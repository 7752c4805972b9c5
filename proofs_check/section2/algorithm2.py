r"""Section 2, Algorithm 2 (RLS_{alpha,beta}): its for-loop and its velocity update.

Notation as in :mod:`zonemax.proofs_check.section2`.  The pseudocode's for-loop against the prose's
one-position step, and the prose's ``v_i <- beta v_i`` against the pseudocode's ``max{1, beta
v_i}``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
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
    exhaustive,
    proved,
    record,
)
from zonemax.proofs_check.section2.common import _z3

# ------------------------------------------------------------------------------------------
# S2.alg2-loop: the for-loop of Algorithm 2's pseudocode
# ------------------------------------------------------------------------------------------
_ALG2_VELOCITIES = (Fraction(1), Fraction(2), Fraction(5, 2), Fraction(3), Fraction(7, 2))


def _alg2_pass(x: tuple[int, ...], v: tuple[Fraction, ...], choices: Iterable[int],
               signs: Iterable[int], reset: bool) -> tuple[int, tuple[int, ...]]:
    """One while-iteration of Algorithm 2 up to the velocity update: (the last i, y)."""
    y = list(x)
    last = -1
    for i, sign in zip(choices, signs, strict=True):  # Algorithm 2, line 3 (for i from 1 to n)
        if reset:
            y = list(x)  # Algorithm 2, line 4: y <- x
        last = i  # line 5: choose i in [n] uniformly at random
        y[i] = x[i] + sign * int(v[i] // 1)  # line 6: y_i = x_i -/+ floor(v_i)
    return last, tuple(y)


def check_alg2_loop(heavy: bool, *, reset: bool = True) -> Verdict:
    """The law of (i, y) after Algorithm 2's for-loop equals the prose's one-position step.

    ``reset=True`` is the pseudocode as typeset (``y <- x`` inside the loop); the control drops
    the reset (``y <- x`` before the loop), which makes the offspring accumulate n steps.
    """
    record(Method.ENUMERATION, Method.EXACT)
    n_max = 4 if heavy else 3
    cases = 0
    for n in range(1, n_max + 1):
        x = tuple(range(n))
        v = _ALG2_VELOCITIES[:n]
        law: dict[tuple[int, tuple[int, ...]], Fraction] = {}
        p = Fraction(1, (2 * n) ** n)
        for choices in itertools.product(range(n), repeat=n):
            for signs in itertools.product((-1, 1), repeat=n):
                key = _alg2_pass(x, v, choices, signs, reset)
                law[key] = law.get(key, Fraction(0)) + p
                cases += 1
        prose: dict[tuple[int, tuple[int, ...]], Fraction] = {}
        for i in range(n):  # the prose: one uniformly chosen i, -/+ floor(v_i) with prob. 1/2
            for sign in (-1, 1):
                key = _alg2_pass(x, v, (i,), (sign,), True)
                prose[key] = prose.get(key, Fraction(0)) + Fraction(1, 2 * n)
        if law != prose:
            wrong = next(k for k in law if prose.get(k, Fraction(0)) != law[k])
            return Verdict(
                Status.FAILS,
                f"Without the reset y <- x inside the loop the offspring accumulates the steps "
                f"of all n passes: at n = {n}, x = {x}, v = {v} the offspring {wrong[1]} has "
                f"probability {law[wrong]} but the prose's single step gives it "
                f"{prose.get(wrong, Fraction(0))}.",
                witness=evidence(n=n, x=x, v=v, offspring=wrong[1],
                                 pseudocode_probability=law[wrong],
                                 prose_probability=prose.get(wrong, Fraction(0))),
                scope=exhaustive("every n >= 1", f"n = 1..{n}: all (2n)^n pass sequences",
                                 cases))
    cert_list = tuple(
        certs.forall(
            [("c", {"type": "vectors", "n": [n, n], "lo": 0, "hi": n - 1}),
             ("b", {"type": "vectors", "n": [n, n], "lo": 0, "hi": 1})],
            [certs.check("alg2_offspring(x, v, c, b, 1)", "==",
                         "alg2_offspring(x, v, (c[n-1],), (b[n-1],), 1)")],
            (2 * n) ** n, x=tuple(range(n)), v=_ALG2_VELOCITIES[:n], n=n)
        for n in range(1, n_max + 1))
    return Verdict(
        Status.HOLDS,
        "Algorithm 2's pseudocode resets y <- x at the start of every pass of 'for i from 1 to "
        "n', so only the last pass survives: the offspring and the index of the velocity update "
        "have exactly the prose's law (one uniformly chosen position, -/+ floor(v_i) with "
        "probability 1/2 each).  The loop is redundant (n - 1 passes are discarded) and its "
        "variable i clashes with the chosen i (see the editorial list).",
        evidence(n_range=f"1..{n_max}", x="(0, 1, ..., n-1)", v=_ALG2_VELOCITIES[:n_max],
                 law="exact rationals over all (2n)^n choices of positions and signs"),
        scope=exhaustive("every n >= 1, every x, v", f"n = 1..{n_max} with x = (0..n-1), v = "
                         f"({', '.join(str(q) for q in _ALG2_VELOCITIES[:n_max])}): all (2n)^n "
                         f"pass sequences", cases),
        certificates=cert_list)


# ------------------------------------------------------------------------------------------
# S2.alg2-velocity-*: the prose's v_i <- beta v_i against the pseudocode's max{1, beta v_i}
# ------------------------------------------------------------------------------------------
_VELOCITY_RULES = ("prose", "pseudocode")
#: The constants' range of Section 5's opening: 1 < alpha <= 2, 1/2 < beta < 1.
_VELOCITY_SMT = """(declare-const v Real)
(declare-const alpha Real)
(declare-const beta Real)
(assert (>= v 1.0))
(assert (and (> alpha 1.0) (<= alpha 2.0)))
(assert (and (> beta 0.5) (< beta 1.0)))
(assert (or (< (* alpha v) 1.0) (< {decrease} 1.0)))
"""
_DECREASE = {"prose": "(* beta v)", "pseudocode": "(ite (> (* beta v) 1.0) (* beta v) 1.0)"}


def _stuck_probability(a: int, alpha: Fraction, beta: Fraction, rule: str, steps: int
                       ) -> Fraction:
    """P(within ``steps`` iterations RLS_{alpha,beta} with n = 1 reaches v < 1 at d > 0).

    Exact: the run is a binary tree of directions (towards/away, 1/2 each); with ``v < 1``
    the step floor(v) is 0, the offspring equals the parent, and no rule ever raises v again.
    """
    record(Method.ENUMERATION, Method.EXACT)
    total = Fraction(0)
    stack: list[tuple[int, Fraction, int, Fraction]] = [(a, Fraction(1), 0, Fraction(1))]
    while stack:
        d, v, t, p = stack.pop()
        if d == 0:
            continue
        if v < 1:
            total += p
            continue
        if t == steps:
            continue
        step = int(v // 1)
        for new in (abs(d - step), d + step):  # towards / away from the target, 1/2 each
            if new < d:  # f(y) < f(x): v <- alpha v (Algorithm 2, line 8), accepted
                stack.append((new, alpha * v, t + 1, p / 2))
            else:  # line 10 (pseudocode) or the prose's v <- beta v; y rejected (f(y) > f(x))
                nv = beta * v if rule == "prose" else max(Fraction(1), beta * v)
                stack.append((d if new > d else new, nv, t + 1, p / 2))
    return total


def check_velocity_rule(heavy: bool, *, rule: str = "prose") -> Verdict:
    """Whether the velocity decrease keeps ``v`` in ``[1, oo)`` (so every step moves).

    z3 decides ``exists v >= 1, 1 < alpha <= 2, 1/2 < beta < 1`` with an update leaving
    ``[1, oo)``; the exact consequence (getting stuck) is computed for n = 1.
    """
    if rule not in _VELOCITY_RULES:
        raise ValueError(f"rule must be one of {_VELOCITY_RULES}, got {rule!r}")
    script = _VELOCITY_SMT.format(decrease=_DECREASE[rule])
    answer, _ = _z3(script)
    alpha, beta = Fraction(3, 2), Fraction(3, 4)
    steps = 12 if heavy else 8
    stuck = {a: _stuck_probability(a, alpha, beta, rule, steps) for a in (1, 2, 3, 5)}
    quantifier = "all real v >= 1, 1 < alpha <= 2, 1/2 < beta < 1"
    if answer == "unsat" and all(p == 0 for p in stuck.values()):
        grid = certs.forall(
            [("v", {"type": "grid", "lo": 1, "hi": 4, "den": 4}),
             ("alpha", {"type": "values", "values": ["11/10", "3/2", 2]}),
             ("beta", {"type": "values", "values": ["51/100", "3/4", "9/10", "99/100"]})],
            [certs.check("alpha*v", ">=", "1"), certs.check("max(1, beta*v)", ">=", "1"),
             certs.check("floor(max(1, beta*v))", ">=", "1")], 13 * 3 * 4)
        return Verdict(
            Status.HOLDS,
            "The pseudocode's updates v_i <- alpha v_i and v_i <- max{1, beta v_i} keep every "
            "velocity in [1, oo) (z3: no v >= 1, 1 < alpha <= 2, 1/2 < beta < 1 leaves it), so "
            "every step moves by floor(v_i) >= 1; no run gets stuck (n = 1, exact).",
            evidence(z3=answer, stuck_probability_n1=stuck, alpha=alpha, beta=beta,
                     iterations=steps),
            scope=proved(quantifier, "z3 (nlsat): the negation is unsat; the exact n = 1 runs "
                         f"(|a| in 1, 2, 3, 5; {steps} iterations) never reach v < 1"),
            certificates=(certs.smt(script, "unsat"), grid))
    if answer == "sat":
        v = Fraction(1)
        witness = certs.arith(
            [certs.check("beta*v", "<", "1"), certs.check("floor(beta*v)", "==", "0"),
             certs.check("floor(beta*(beta*v))", "==", "0")], v=v, beta=beta)
        return Verdict(
            Status.FAILS,
            f"The prose's 'we decrease v_i to beta v_i' leaves [1, oo): from the initial v_i = 1 "
            f"a rejected step gives v_i = beta < 1, the step floor(v_i) becomes 0, the offspring "
            f"equals the parent, f(y) < f(x) never holds again and v_i only shrinks: position i "
            f"never moves again.  For n = 1, a = (1), alpha = {alpha}, beta = {beta} the run is "
            f"stuck forever with probability {stuck[1]} (so E[T] = oo).  The pseudocode's "
            f"max{{1, beta v_i}} does not have this defect.",
            evidence(z3=answer, stuck_probability_n1=stuck, alpha=alpha, beta=beta,
                     iterations=steps),
            evidence(v=v, beta=beta, new_velocity=beta * v, step=0, a=(1,),
                     p_stuck_forever=stuck[1]),
            scope=proved(quantifier, f"z3 (nlsat) finds a violation; witness v = 1, beta = "
                         f"{beta}"),
            certificates=(certs.smt(script, "sat"), witness))
    return Verdict(Status.INCONCLUSIVE, f"z3 answered {answer}; stuck probabilities {stuck}",
                   scope=proved(quantifier, "not established"))


CLAIMS: tuple[Claim, ...] = (
    Claim("S2.alg2-loop", 2, "Algorithm 2 (pseudo-code), the for-loop around the mutation",
          "One iteration of Algorithm 2's pseudocode mutates one uniformly chosen position by "
          "-/+ floor(v_i), as the prose says.", check_alg2_loop,
          controls=(Control("the loop without the reset y <- x in each pass",
                            {"reset": False}, Status.FAILS),),
          tex=TexRef(294, 297, r"\For{i \KwFrom 1 \KwTo n}{ $y\gets x$;\\ Choose $i\in [n]$ "
                     r"uniformly at random;")),
    Claim("S2.alg2-velocity-prose", 2, "Section 2, prose description of RLS_{alpha,beta}",
          "Decreasing v_i to beta v_i after an unsuccessful step keeps the velocity in "
          "[1, oo)^n.", check_velocity_rule,
          controls=(Control("the pseudocode's max{1, beta v_i}", {"rule": "pseudocode"},
                            Status.HOLDS),),
          tex=TexRef(289, 289, r"we decrease $v_i$ to $\beta v_i$ otherwise"),
          severity=Severity.IMPRECISE,
          fix="'we decrease v_i to max{1, beta v_i} otherwise' (as in Algorithm 2, line 10, "
              "and as Lemma 8's Case 2 uses).",
          fix_claim="S2.alg2-velocity-pseudocode"),
    Claim("S2.alg2-velocity-pseudocode", 2, "Algorithm 2, velocity update",
          "The updates v_i <- alpha v_i and v_i <- max{1, beta v_i} keep v in [1, oo)^n for "
          "1 < alpha <= 2, 1/2 < beta < 1.", check_velocity_rule,
          controls=(Control("the prose's beta v_i", {"rule": "prose"}, Status.FAILS),),
          tex=TexRef(302, 302, r"$v_i\gets \max\{1,\beta v_i\}$"),
          params={"rule": "pseudocode"}, coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S2.alg2-loop": Status.HOLDS,
    "S2.alg2-velocity-prose": Status.FAILS,
    "S2.alg2-velocity-pseudocode": Status.HOLDS,
}
