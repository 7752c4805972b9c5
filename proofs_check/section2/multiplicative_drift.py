r"""Section 2, Theorem 2 (multiplicative drift), for Markov chains with finite-support kernels.

Notation: a chain on finitely many states with target set ``{0}``, a potential ``g >= 0`` with
``g = 0`` exactly on the target and ``g >= x_min > 0`` off it, and
``E[g(X_{t+1}) | X_t = x] <= (1 - delta) g(x)`` off the target; the theorem bounds
``E[T] <= (1 + ln(g(x_0)/x_min))/delta`` for ``T = min{t : X_t in target}``.

The theorem is proved in Coq for every chain whose states have finite-support successor laws
(``proofs_check/coq/S2_multiplicative_drift.v``, the proof in ``Lib_D2_drift.v``).  The search
samples random finite chains (seeded), computes each chain's largest admissible ``delta`` and
its exact ``E[T]`` (rational linear algebra), and checks the bound with interval logarithms.
The control drops the ``1 +``: a chain that enters the target in one step from
``g(x_0) = x_min`` has ``E[T] = 1 > ln(1)/delta = 0``.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import numpy as np
from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import (
    Claim,
    Control,
    Method,
    Status,
    TexRef,
    Verdict,
    evidence,
    record,
    sampled,
)
from zonemax.proofs_check.intervals import above, below, iv_frac, iv_precision
from zonemax.proofs_check.pm1 import _solve

#: Seed, number and size of the sampled chains.
SEED = 20231107
CHAINS = 200
HEAVY_CHAINS = 2000
MAX_STATES = 6
#: How many (chain, start) pairs the certificate states: exact E[T] against the bound.
CERTIFIED = 8

_Chain = tuple[list[list[Fraction]], list[Fraction]]  # kernel rows, potential (state 0: target)


def _one_step_chain() -> _Chain:
    """State 1 moves to the target with probability 1: g(1) = x_min = 1, delta = 1, E[T] = 1."""
    return [[Fraction(1), Fraction(0)], [Fraction(1), Fraction(0)]], [Fraction(0), Fraction(1)]


def _random_chain(rng: np.random.Generator) -> _Chain:
    """A random chain on ``m`` states (state 0 the absorbing target, potentials increasing with
    the state), every off-target state with some mass on a lower state; chains without a
    positive admissible delta are skipped by the check."""
    m = int(rng.integers(2, MAX_STATES + 1))
    g = [Fraction(0), *sorted(Fraction(int(k)) for k in rng.integers(1, 20, size=m - 1))]
    rows = [[Fraction(1)] + [Fraction(0)] * (m - 1)]
    for x in range(1, m):
        weights = [int(w) for w in rng.integers(0, 5, size=m)]
        weights[int(rng.integers(0, x))] += 1  # some mass strictly below x
        total = sum(weights)
        rows.append([Fraction(w, total) for w in weights])
    return rows, g


def _delta(chain: _Chain) -> Fraction | None:
    """The largest delta with E[g(next) | x] <= (1 - delta) g(x) off the target (None if <= 0)."""
    rows, g = chain
    ratios = [1 - sum((p * gy for p, gy in zip(rows[x], g, strict=True)), Fraction(0)) / g[x]
              for x in range(1, len(g))]
    delta = min(ratios)
    return delta if delta > 0 else None


def _expected_hitting_times(chain: _Chain) -> list[Fraction]:
    """Exact ``E[T | X_0 = x]`` for every state: ``(I - P) E = 1`` off the target, solved over
    the rationals (:func:`zonemax.proofs_check.pm1._solve`)."""
    record(Method.EXACT)
    rows, _ = chain
    idx = range(1, len(rows))
    matrix = [[(Fraction(1) if i == j else Fraction(0)) - rows[i][j] for j in idx] for i in idx]
    return [Fraction(0), *_solve(matrix, [Fraction(1)] * len(matrix))]


def check_multiplicative_drift(heavy: bool, *, one: int = 1) -> Verdict:
    """``E[T] <= (one + ln(g(x_0)/x_min))/delta`` on sampled finite chains (``one = 1``: the
    theorem)."""
    record(Method.SAMPLING)
    rng = np.random.default_rng(SEED)
    chains = [_one_step_chain(), *(_random_chain(rng) for _ in range(HEAVY_CHAINS if heavy
                                                                       else CHAINS))]
    quantifier = ("every Markov chain whose states have finite-support successor laws, every "
                  "potential g and x_min > 0, delta > 0 meeting the hypotheses, every start off "
                  "the target")
    cases = 0
    tightest: float | None = None
    stated: list[dict[str, str]] = []  # the first cases, for the independent checker
    with iv_precision():
        for chain in chains:
            delta = _delta(chain)
            if delta is None:
                continue
            _, g = chain
            xmin = min(g[1:])
            times = _expected_hitting_times(chain)
            for x0 in range(1, len(g)):
                cases += 1
                r = g[x0] / xmin
                if r == 1:  # ln 1 = 0: the bound is the rational one/delta, compared exactly
                    exact_bound = Fraction(one) / delta
                    fails, ok = times[x0] > exact_bound, times[x0] <= exact_bound
                    bound_lo, shown = exact_bound, str(exact_bound)
                else:
                    bound = (one + mpmath.iv.log(iv_frac(r))) / iv_frac(delta)
                    fails, ok = below(bound, times[x0]), above(bound, times[x0])
                    bound_lo, shown = Fraction(str(mpmath.mpf(bound.a))), str(bound)
                if fails:
                    return Verdict(
                        Status.FAILS,
                        f"E[T] = {times[x0]} exceeds ({one} + ln(g(x_0)/x_min))/delta = {shown} "
                        f"on a chain with delta = {delta}, g(x_0)/x_min = {r}.",
                        evidence(kernel=[[str(p) for p in row] for row in chain[0]],
                                 potential=[str(v) for v in g]),
                        witness=(("E[T]", times[x0]), ("delta", delta), ("ratio", r)),
                        scope=sampled(quantifier, "a single exact witness", 1))
                if not ok:
                    return Verdict(Status.INCONCLUSIVE, "an interval bound overlaps E[T]",
                                   scope=sampled(quantifier, "undecided", cases))
                if len(stated) < CERTIFIED:
                    stated.append(certs.check(str(times[x0]), "<=", f"{one}/({delta})")
                                  if r == 1 else
                                  certs.check(str(times[x0]), "<",
                                              f"({one} + ln({r}))/({delta})"))
                slack = float(bound_lo / times[x0])
                tightest = slack if tightest is None else min(tightest, slack)
    return Verdict(
        Status.HOLDS,
        f"E[T] <= (1 + ln(g(x_0)/x_min))/delta on {cases} (chain, start) pairs, with delta the "
        f"largest admissible drift of each chain (tightest ratio bound/E[T] = {tightest:.4g}, "
        "attained with equality, as by the one-step chain).",
        evidence(cases=cases, tightest_ratio=tightest),
        scope=sampled(quantifier, f"seeded random chains on 2..{MAX_STATES} states (seed "
                                  f"{SEED}) and the one-step chain, exact E[T]", cases),
        certificates=(certs.arith(stated),))


CLAIMS: tuple[Claim, ...] = (
    Claim("S2.multiplicative-drift", 2, "Theorem 2 (multiplicative drift), the bound",
          "For a Markov chain whose states have finite-support successor laws, a potential g >= "
          "0 with g = 0 on the target, g >= x_min > 0 off it and E[g(X_{t+1}) | X_t = x] <= (1 - "
          "delta) g(x) off the target: E[T] <= (1 + ln(g(x_0)/x_min))/delta, where E[T] = sum_t "
          "P(T > t).", check_multiplicative_drift,
          controls=(Control("without the 1 + (ln(X_0/x_min)/delta)", {"one": 0}, Status.FAILS),),
          tex=TexRef(347, 347, r"E[T \mid X_0] \leq \frac{1+\ln\left(\frac{X_0}{x_{\min}}\right)}"
                               r"{\delta}"),
          coq=1),
)

#: The recorded verdict of every claim of this module (a change is a regression or a
#: deliberate, reviewed correction; tests and ``zonemax verify`` compare against it).
EXPECTED: dict[str, Status] = {
    "S2.multiplicative-drift": Status.HOLDS,
}
