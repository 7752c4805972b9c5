r"""Section 2, Theorem 1 (additive drift) against its uses in Theorem 4 and Lemma 7.

Notation as in :mod:`zonemax.proofs_check.section2`.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

import mpmath
import sympy
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Certificate,
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
from zonemax.proofs_check.intervals import above, below, iv_frac, iv_log, iv_precision
from zonemax.proofs_check.section2.common import _z3


def _pm1_reachable(a: tuple[int, ...]) -> dict[tuple[int, ...], tuple[int, ...] | None]:
    """States of the (1+1) EA with the +-1 operator reachable from 0^n (BFS, with parents).

    A transition changes any non-empty set of positions by -1 or +1 each (Algorithm 1 with
    Definition 1) and is kept iff f(y) <= f(x); states are then within {f <= |a|_1}.
    """
    def f(x: tuple[int, ...]) -> int:
        return sum(abs(xi - ai) for xi, ai in zip(x, a, strict=True))

    start = (0,) * len(a)
    parent: dict[tuple[int, ...], tuple[int, ...] | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for x in frontier:
            if f(x) == 0:
                continue  # the run stops at the optimum
            for delta in itertools.product((-1, 0, 1), repeat=len(a)):
                y = tuple(xi + di for xi, di in zip(x, delta, strict=True))
                if any(delta) and f(y) <= f(x) and y not in parent:
                    parent[y] = x
                    nxt.append(y)
        frontier = nxt
    return parent


def check_thm1_thm4(heavy: bool, *, bound: str = "|a|_1") -> Verdict:
    """Theorem 4's additive-drift process d_j stays in a finite set {0, ..., B(a)}.

    ``bound`` is ``"|a|_1"`` (the statement) or ``"|a|_inf"`` (the control: the natural guess
    that the distance of the farthest position never exceeds its start).  Every reachable state
    of the +-1 EA is enumerated for small targets.
    """
    if bound not in ("|a|_1", "|a|_inf"):
        raise ValueError(f"bound must be '|a|_1' or '|a|_inf', got {bound!r}")
    record(Method.ENUMERATION)
    n_max = 3 if heavy else 2
    cases = 0
    largest_ratio: tuple[Fraction, tuple[int, ...], tuple[int, ...]] | None = None
    for n in range(1, n_max + 1):
        for a in itertools.product(range(-2, 3), repeat=n):
            if not any(a):
                continue
            m = max(abs(ai) for ai in a)
            b_value = sum(abs(ai) for ai in a) if bound == "|a|_1" else m
            js = [j for j in range(n) if abs(a[j]) == m]
            parent = _pm1_reachable(a)
            for x in parent:
                cases += 1
                for j in js:
                    dj = abs(x[j] - a[j])
                    ratio = Fraction(dj, m)
                    if largest_ratio is None or ratio > largest_ratio[0]:
                        largest_ratio = (ratio, a, x)
                    if dj > b_value:
                        path = [x]
                        while (prev := parent[path[-1]]) is not None:
                            path.append(prev)
                        path.reverse()
                        env: dict[str, Any] = {"a": a, "j": j, "B": b_value}
                        checks = []
                        for k, state in enumerate(path):
                            env[f"x{k}"] = state
                        f_of = ("+".join(f"abs(x{{k}}[{i}] - a[{i}])" for i in range(n)))
                        for k in range(1, len(path)):
                            checks += [certs.check(f"abs(x{k}[{i}] - x{k - 1}[{i}])", "<=", "1")
                                       for i in range(n)]
                            checks.append(certs.check(f_of.format(k=k), "<=",
                                                      f_of.format(k=k - 1)))
                        checks.append(certs.check(f"abs(x{len(path) - 1}[j] - a[j])", ">",
                                                  "B"))
                        return Verdict(
                            Status.FAILS,
                            f"d_j is not bounded by {bound}: for a = {a} the +-1 EA reaches "
                            f"x = {x} (path {path}), where d_{j + 1} = {dj} > {b_value} "
                            f"(elitist selection keeps f, not d_j, from growing).",
                            witness=evidence(a=a, j=j + 1, x=x, path=tuple(path), d_j=dj,
                                             bound=b_value),
                            scope=proved("all n, all a in Z^n \\ {0}, every reachable state",
                                         f"witness a = {a}, x = {x}"),
                            certificates=(certs.arith(checks, **env),))
    cert_list = tuple(_thm4_superset_certificate(n) for n in (1, 2))
    assert largest_ratio is not None
    return Verdict(
        Status.HOLDS,
        "Theorem 4's lower-bound process d_j (distance of a position with |a_j| = |a|_inf) meets "
        "Theorem 1's hypotheses: it lives on S u {0} with the finite S = {1, ..., |a|_1} (d_j <= "
        "f(x_t) <= f(0^n) = |a|_1, since selection never accepts a worse point) and moves by at "
        "most 1 per step (+-1 operator), so it hits 0 exactly.  The bound |a|_inf would be wrong: "
        f"d_j reaches {largest_ratio[0]} |a|_inf (a = {largest_ratio[1]}, x = "
        f"{largest_ratio[2]}).  (Theorem 1's finiteness matters for its lower bound: the "
        "unbounded double-or-nothing martingale has drift 0 and E[T] = 2.)",
        evidence(largest_d_j_over_a_inf=largest_ratio[0], at_a=largest_ratio[1],
                 at_x=largest_ratio[2]),
        scope=exhaustive("all n >= 1, all a in Z^n \\ {0}, every reachable state",
                         f"n <= {n_max}, a in {{-2..2}}^n \\ {{0}}: every state reachable from "
                         f"0^n (BFS); the certificates re-check d_j <= |a|_1 on the whole "
                         f"sublevel set {{f <= |a|_1}} for n <= 2", cases),
        certificates=cert_list)


def _thm4_superset_certificate(n: int) -> Certificate:
    """d_j <= |a|_1 on every x with f(x) <= |a|_1, a in {-2..2}^n \\ {0} (all j)."""
    l1 = " + ".join(f"abs(a[{i}])" for i in range(n))
    f_x = " + ".join(f"abs(x[{i}] - a[{i}])" for i in range(n))
    top = 2 * n + 2  # |x_i| <= |a_i| + |a|_1 <= 2 + 2n
    cases = 0
    for a in itertools.product(range(-2, 3), repeat=n):
        if any(a):
            l1_v = sum(abs(t) for t in a)
            cases += sum(1 for x in itertools.product(range(-top, top + 1), repeat=n)
                         if sum(abs(xi - ai) for xi, ai in zip(x, a, strict=True)) <= l1_v)
    return certs.forall(
        [("a", {"type": "vectors", "n": [n, n], "lo": -2, "hi": 2}),
         ("x", {"type": "vectors", "n": [n, n], "lo": -top, "hi": top})],
        [certs.check(f"abs(x[{j}] - a[{j}])", "<=", l1) for j in range(n)], cases,
        where=[certs.check(l1, ">=", "1"), certs.check(f_x, "<=", l1)])


#: Lemma 7's process Y_t = log2|a|_inf - 1 - X_t as printed, and stopped at 0 (the repair):
#: ``process`` is the process as a function of ``y = log2|a|_inf - 1 - X_t`` (the expression
#: language of the certificates: numbers, ``y``, ``+ - *``, ``max``, ``min``).
PRINTED_PROCESS, STOPPED_PROCESS = "y", "max(0, y)"
_y = sympy.Symbol("y", real=True)


def _process(text: str) -> sympy.Expr:
    expr = sympy.sympify(text, locals={"y": _y, "max": sympy.Max, "min": sympy.Min})
    if not isinstance(expr, sympy.Expr) or expr.free_symbols - {_y}:
        raise ValueError(f"process must be an expression in y, got {text!r}")
    return expr


def _smt_term(expr: sympy.Expr, var: str) -> str:
    """An SMT-LIB term for a piecewise-linear expression in y (``var`` names y)."""
    if expr == _y:
        return var
    if expr.is_Rational:
        q = sympy.Rational(expr)
        num = f"{abs(q.p)}.0" if q.q == 1 else f"(/ {abs(q.p)}.0 {q.q}.0)"
        return num if q.p >= 0 else f"(- {num})"
    if isinstance(expr, sympy.Add):
        return "(+ " + " ".join(_smt_term(a, var) for a in expr.args) + ")"
    if isinstance(expr, sympy.Mul):
        return "(* " + " ".join(_smt_term(a, var) for a in expr.args) + ")"
    if isinstance(expr, sympy.Max | sympy.Min):
        out = _smt_term(expr.args[0], var)
        for arg in expr.args[1:]:
            t = _smt_term(arg, var)
            out = f"(ite ({'>' if isinstance(expr, sympy.Max) else '<'} {t} {out}) {t} {out})"
        return out
    raise ValueError(f"not a piecewise-linear expression: {expr}")


def _hypotheses_smt(expr: sympy.Expr) -> str:
    """The negation of Theorem 1's hypotheses for ``Y = process(y)`` over every real y: never
    negative, dropping by at most 1 (and never rising) per change, and 0 once y <= 0."""
    return ("(declare-const y Real)\n"
            f"(define-fun stop ((z Real)) Real {_smt_term(expr, 'z')})\n"
            "(assert (or (< (stop y) 0.0)\n"
            "            (> (- (stop y) (stop (- y 1.0))) 1.0)\n"
            "            (< (- (stop y) (stop (- y 1.0))) 0.0)\n"
            "            (and (<= y 0.0) (not (= (stop y) 0.0)))))\n")


def _iv_eval(expr: sympy.Expr, y: Any) -> Any:
    """``expr`` at the interval ``y`` (interval arithmetic; max/min end point by end point)."""
    if expr == _y:
        return y
    if expr.is_Rational:
        return iv_frac(Fraction(int(expr.p), int(expr.q)))
    args = [_iv_eval(a, y) for a in expr.args]
    if isinstance(expr, sympy.Add):
        return sum(args[1:], args[0])
    if isinstance(expr, sympy.Mul):
        out = args[0]
        for a in args[1:]:
            out = out * a
        return out
    if isinstance(expr, sympy.Max | sympy.Min):
        pick = max if isinstance(expr, sympy.Max) else min
        return mpmath.iv.mpf([pick(a.a for a in args), pick(a.b for a in args)])
    raise ValueError(f"not a piecewise-linear expression: {expr}")


def _shifted(text: str) -> str:
    """``text`` at ``y - 1`` (an argument ``y`` of max/min becomes ``y - 1``, else ``(y - 1)``)."""
    text = re.sub(r"(?<=[(, ])y(?=[),])", "y - 1", text)
    return re.sub(r"\by\b(?! - 1)", "(y - 1)", text)


def check_thm1_lemma7(heavy: bool, *, process: str = PRINTED_PROCESS) -> Verdict:
    """Lemma 7's process ``process(log2|a|_inf - 1 - X_t)`` against Theorem 1's hypotheses.

    Theorem 1 needs a process on S u {0}, S a finite set of positive numbers, that is 0 from the
    hitting time T on.  X_t counts the changes of entry j (each drops y by exactly 1).  One
    computation for every ``process``: (a) the values along X = 0, 1, ... for |a|_inf = 2 .. A,
    up to the hitting time and one change past it, in interval arithmetic (a negative value, or
    a non-zero value after T, refutes the hypotheses: a witness); (b) z3 decides the hypotheses
    for every real y (never negative, drop per change in [0, 1], 0 once y <= 0).
    """
    a_max = 4096 if heavy else 256
    quantifier = "all |a|_inf >= 2"
    phi = _process(process)
    record(Method.ENUMERATION)
    script = _hypotheses_smt(phi)
    answer, _ = _z3(script)
    overshoot: tuple[int, int, Any, Any] | None = None  # (a, T, value at T, value before)
    other: tuple[str, int, int, Any] | None = None  # (what, a, k, value): first other violation
    with iv_precision():
        for a in range(2, a_max + 1):
            y0 = iv_log(iv_frac(a), 2) - 1
            values = [_iv_eval(phi, y0)]
            while above(values[-1], 0):
                values.append(_iv_eval(phi, y0 - len(values)))  # not hit yet
            t = len(values) - 1  # the hitting time: the first value that is not > 0
            values.append(_iv_eval(phi, y0 - (t + 1)))  # one change past T
            if overshoot is None and t >= 1 and below(values[t], 0):
                overshoot = (a, t, values[t], values[t - 1])  # Y_T < 0: it overshoots 0
            if other is None:
                drops = [values[k - 1] - values[k] for k in range(1, t + 2)]
                if any(below(v, 0) for v in values):
                    k = next(k for k, v in enumerate(values) if below(v, 0))
                    other = ("negative", a, k, values[k])
                elif not (values[t + 1].a == 0 and values[t + 1].b == 0):
                    other = ("not 0 after T", a, t + 1, values[t + 1])
                elif any(above(d, 1) or below(d, 0) for d in drops):
                    k = next(k for k, d in enumerate(drops, 1) if above(d, 1) or below(d, 0))
                    other = ("a change moves it by more than 1 or upwards", a, k, drops[k - 1])
            if overshoot is not None:
                break
    ev = evidence(values="Y_k = process(log2|a|_inf - 1 - k)", process=str(phi),
                  a_range=f"2..{a_max}", z3=answer)
    at = "{}" if process == PRINTED_PROCESS else re.sub(r"\by\b", "({})", process)
    if overshoot is not None:
        a, t, y_t, y_before = overshoot
        witness = certs.arith(
            [certs.check(at.format("log2(a) - 1 - (T - 1)"), ">", "0"),
             certs.check(at.format("log2(a) - 1 - T"), "<", "0")], a=a, T=t)
        return Verdict(
            Status.FAILS,
            (f"Y_t = log2|a|_inf - 1 - X_t is not a process on S u {{0}}: for |a|_inf = {a}, "
             f"Y_{t - 1} > 0 but after the next change Y = log2({a}) - 1 - {t} < 0"
             if process == PRINTED_PROCESS else
             f"Y_t = {phi} with y = log2|a|_inf - 1 - X_t is not a process on S u {{0}}: for "
             f"|a|_inf = {a}, Y_{t - 1} > 0 but after the next change (y = log2({a}) - 1 - {t}) "
             "Y < 0")
            + " (it overshoots 0 and, X_t counting every change, keeps decreasing after T; even "
            "for a power of two, Y_(T+1) = -1).  Theorem 1 as stated does not apply; stopping "
            "the process at 0 repairs it (S2.thm1-lemma7-stopped).",
            ev, evidence(a_inf=a, T=t, Y_T=y_t, Y_before=y_before),
            scope=proved(quantifier, f"witness |a|_inf = {a}, T = {t}"),
            certificates=(witness,))
    if other is not None:
        what, a, k, value = other
        lhs = (f"({at.format('log2(a) - 1 - (k - 1)')}) - ({at.format('log2(a) - 1 - k')})"
               if what.startswith("a change") else at.format("log2(a) - 1 - k"))
        check = {"negative": certs.check(lhs, "<", "0"),
                 "not 0 after T": certs.check(lhs, "!=", "0")}.get(
            what, certs.check(lhs, ">" if above(value, 1) else "<", "1" if above(value, 1)
                              else "0"))
        return Verdict(
            Status.FAILS,
            f"Y_t = {phi} with y = log2|a|_inf - 1 - X_t does not meet Theorem 1's hypotheses: "
            f"for |a|_inf = {a}, at the change k = {k}: {what} "
            f"({mpmath.nstr(value.mid, 8)}).",
            ev, evidence(a_inf=a, k=k, violation=what, value=value),
            scope=proved(quantifier, f"witness |a|_inf = {a}, k = {k}"),
            certificates=(certs.arith([check], a=a, k=k),))
    if answer == "unsat":
        grid = certs.forall(
            [("y", {"type": "grid", "lo": -3, "hi": 3, "den": 8})],
            [certs.check(process, ">=", "0"),
             certs.check(f"{process} - {_shifted(process)}", "<=", "1"),
             certs.check(f"{process} - {_shifted(process)}", ">=", "0")], 49)
        return Verdict(
            Status.HOLDS,
            f"The process Y'_t = {phi} with y = log2|a|_inf - 1 - X_t meets Theorem 1's "
            "hypotheses: its values before T are the finitely many positive numbers "
            "log2|a|_inf - 1 - k, it equals 0 from T on, and it drops by at most 1 per change of "
            "entry j, so E[Y'_t - Y'_(t+1) | T > t] <= 1/n and Theorem 1 gives E[T] >= "
            "n (log2|a|_inf - 1), Lemma 7's bound.",
            ev + evidence(claim=f"for every real y: {phi} >= 0, 0 <= Y(y) - Y(y-1) <= 1, and "
                          "Y(y) = 0 once y <= 0"),
            scope=proved(quantifier, "z3 (nlsat): the negation is unsat over all real y; "
                         f"|a|_inf = 2..{a_max} enumerated in interval arithmetic"),
            certificates=(certs.smt(script, "unsat"), grid))
    return Verdict(Status.INCONCLUSIVE, f"no violation for |a|_inf <= {a_max} and z3 answered "
                   f"{answer}", ev,
                   scope=exhaustive(quantifier, f"|a|_inf = 2..{a_max}", a_max - 1))


CLAIMS: tuple[Claim, ...] = (
    Claim("S2.thm1-thm4", 2, "Theorem 1 (additive drift) as used in the proof of Theorem 4",
          "The distance d_j of a position with |a_j| = |a|_inf is a process on S u {0} with S "
          "finite (S = {1, ..., |a|_1}), as Theorem 1 requires.", check_thm1_thm4,
          controls=(Control("S = {1, ..., |a|_inf} (d_j bounded by its start)",
                            {"bound": "|a|_inf"}, Status.FAILS),),
          tex=TexRef(429, 429, r"Therefore by the additive drift theorem (\Cref{thm:additivedrift})"
                     r", we have a run time of $\Omega(n\cdot |a|_{\infty})$")),
    Claim("S2.thm1-lemma7", 2, "Theorem 1 (additive drift) as used in the proof of Lemma 7",
          "Y_t = log(|a|_inf) - 1 - X_t is a process on S u {0} with S a finite set of "
          "positive numbers, as Theorem 1 requires.", check_thm1_lemma7,
          controls=(Control("the process stopped at 0, max{0, Y_t}",
                            {"process": STOPPED_PROCESS}, Status.HOLDS),),
          tex=TexRef(511, 511, r"Let $Y_t$ be another random variable with $Y_t\coloneqq "
                     r"\log(a_{\infty})-1-X_t$."),
          severity=Severity.PROOF_GAP,
          fix="Apply Theorem 1 to Y'_t = max{0, log|a|_inf - 1 - X_t}: its values before T are "
              "finitely many positive numbers, it is 0 from T on and drops by at most 1 per "
              "change of entry j, so the drift is at most 1/n and E[T] >= n (log|a|_inf - 1).",
          fix_claim="S2.thm1-lemma7-stopped"),
    Claim("S2.thm1-lemma7-stopped", 2, "Theorem 1 in Lemma 7's proof (repaired)",
          "Y'_t = max{0, log(|a|_inf) - 1 - X_t} lives on S u {0} (S finite, positive), hits 0 "
          "exactly and drops by at most 1 per change.", check_thm1_lemma7,
          controls=(Control("the unstopped Y_t as printed", {"process": PRINTED_PROCESS},
                            Status.FAILS),),
          tex=TexRef(511, 511, r"Since $Y_0=\log(|a|_{\infty})-1$ and we have an additive drift "
                     r"of at most $\frac{1}{n}$"),
          params={"process": STOPPED_PROCESS}, coq=2),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S2.thm1-thm4": Status.HOLDS,
    "S2.thm1-lemma7": Status.FAILS,
    "S2.thm1-lemma7-stopped": Status.HOLDS,
}
