"""A catalogue of planted bugs: realistic mistakes injected through the public API.

Most bugs are an alternative step operator or algorithm with the same signature as the correct
one; the operator bugs are subclasses of the reference operator that change one
method (the sign of a step, the extension of the cumulative table).  The *common-mode* bugs sit in a helper of :mod:`zonemax.reference.heavy_tailed`
that the reference operator uses (and that the exact solvers once shared): they replace that
helper in the reference module for the duration of each simulation (:func:`replaced`), so the
reference itself is the code under test; the exact values come from :mod:`zonemax.exact`, which
derives the law afresh.  ``stats_tests/tests/test_power.py`` asserts that the CI-level tests of
the relevant family reject every bug, which is the evidence that those tests have power.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import ModuleType
from typing import Any

import mpmath
import numpy as np
from zonemax.reference import (
    DoubleGeometric,
    HeavyTailed,
    PowerLaw,
    RunResult,
    c_epsilon,
    fitness,
    one_plus_one_ea,
)
from zonemax.reference import heavy_tailed as heavy_tailed_module
from zonemax.reference.heavy_tailed import CEpsilon, largest_exponent
from zonemax.reference.operators import Probability, StepOperator, check_limit
from zonemax.reference.rls_ab import check_alpha_beta
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.machinery import Simulator

#: Called after every iteration with (evaluations, x) -- and the velocities for RLS_{alpha,beta}.
Observer = Callable[..., None]


@dataclass(frozen=True)
class BiasedPlusMinusOne:
    """Bug: the ±1 operator returns +1 with probability ``p_plus`` (0.55) instead of 1/2."""

    p_plus: float = 0.55

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        return 1 if rng.random() < self.p_plus else -1

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        check_limit(limit)
        p = Fraction(repr(self.p_plus))
        return {1: p, -1: 1 - p}


def power_law_exponent_off_by_one(exponent: Fraction) -> PowerLaw:
    """Bug: the power-law operator built with ``beta + 1`` -- the exponent of the
    tail ``P(K >= k) ~ k^(1-beta)`` shifted the wrong way when read as the mass function's."""
    return PowerLaw(exponent + 1)


@dataclass(frozen=True)
class HeavyTailedOffByOne:
    """Bug: step ``2^(I-1)`` instead of ``2^(I-2)`` (exponent off by one)."""

    eps: Fraction

    def _inner(self) -> HeavyTailed:
        return _correct_operator(self.eps)

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        if limit < 2:
            # every step 2^(I-1) >= 2 exceeds the limit; consume the draws all the same
            rng.random()
            return None
        s = self._inner().sample(limit // 2, rng)  # 2^(I-1) <= L  iff  2^(I-2) <= L // 2
        return None if s is None else 2 * s

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        check_limit(limit)
        if limit < 2:
            return {None: mpmath.mpf(1)}
        law = self._inner().step_distribution(limit // 2)
        return {(None if k is None else 2 * k): p for k, p in law.items()}


@dataclass(frozen=True)
class HeavyTailedWrongBase:
    """Bug: weights ``1/(i (log_2 i)^{1+eps})`` normalised by ``c_eps`` computed in base e.

    The mass missing from the normalisation ends up on 'too long' steps.
    """

    eps: Fraction

    def _probabilities(self, limit: int) -> list[float]:
        return _wrong_base_probabilities(self.eps, largest_exponent(limit))

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        u = rng.random()
        acc = 0.0
        for j, p in enumerate(self._probabilities(limit)):
            acc += p
            if u < acc:
                m = 2**j
                return m if rng.random() < 0.5 else -m
        return None

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        check_limit(limit)
        out: dict[int | None, Probability] = {}
        probs = self._probabilities(limit)
        for j, p in enumerate(probs):
            out[2**j] = mpmath.mpf(p) / 2
            out[-(2**j)] = mpmath.mpf(p) / 2
        out[None] = 1 - mpmath.mpf(sum(probs))
        return out


@lru_cache(maxsize=64)
def _correct_operator(eps: Fraction) -> HeavyTailed:
    return HeavyTailed(eps)


@lru_cache(maxsize=256)
def _wrong_base_probabilities(eps: Fraction, k: int) -> list[float]:
    correct = _correct_operator(eps)
    ratio = correct.c.value / c_epsilon(eps, "e").value
    return [float(correct.exponent_pmf(i) * ratio) for i in range(2, k + 1)]


def ea_strict_acceptance(
    a: Sequence[int], step: object = None, *, rng: np.random.Generator | int | None = None,
    budget: int | None = None,
) -> RunResult:
    """Bug: the (1+1) EA accepts only strict improvements (``f(y) < f(x)``)."""
    from zonemax.reference.operators import PlusMinusOne

    op: StepOperator = PlusMinusOne() if step is None else step  # type: ignore[assignment]
    a = tuple(a)
    n = len(a)
    gen = np.random.default_rng(rng)
    x = [0] * n
    fx = fitness(x, a)
    t = 0
    while fx != 0:
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        y = list(x)
        hopeless = False
        for i in np.flatnonzero(gen.random(n) < 1 / n).tolist():
            s = op.sample(2 * fx, gen)
            if s is None:
                hopeless = True
                break
            y[i] += s
        if not hopeless:
            fy = fitness(y, a)
            if fy < fx:  # the bug: '<' instead of '<='
                x, fx = y, fy
    return RunResult(t, True, tuple(x), fx, "optimum")


def ea_rate_n_plus_1(
    a: Sequence[int], step: object = None, *, rng: np.random.Generator | int | None = None,
    budget: int | None = None,
) -> RunResult:
    """Bug: mutation rate ``1/(n+1)`` instead of ``1/n``."""
    return one_plus_one_ea(a, step, rng=rng, budget=budget,  # type: ignore[arg-type]
                           mutation_rate=Fraction(1, len(a) + 1))


def _rls_ab_variant(
    a: Sequence[int], alpha: Fraction | float | str, beta: Fraction | float | str, *,
    rng: np.random.Generator | int | None, budget: int | None, increase_on_ties: bool = False,
    round_instead_of_floor: bool = False, velocity_cap: int | None = None,
    velocity_modulus: int | None = None, observer: Observer | None = None,
) -> RunResult:
    al, be = check_alpha_beta(alpha, beta)
    a = tuple(a)
    n = len(a)
    gen = np.random.default_rng(rng)
    x = [0] * n
    v = [Fraction(1)] * n
    fx = fitness(x, a)
    t = 0
    while fx != 0:
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        i = int(gen.integers(n))
        s = math.floor(v[i] + Fraction(1, 2)) if round_instead_of_floor else math.floor(v[i])
        yi = x[i] - s if gen.random() < 0.5 else x[i] + s
        d_old, d_new = abs(a[i] - x[i]), abs(a[i] - yi)
        better = d_new <= d_old if increase_on_ties else d_new < d_old
        v[i] = al * v[i] if better else max(Fraction(1), be * v[i])
        if velocity_cap is not None:
            v[i] = min(v[i], Fraction(velocity_cap))
        if velocity_modulus is not None and v[i] >= velocity_modulus:
            v[i] = max(Fraction(1), v[i] - velocity_modulus * (v[i] // velocity_modulus))
        if d_new <= d_old:
            x[i] = yi
            fx += d_new - d_old
        if observer is not None:
            observer(t, tuple(x), tuple(v))
    return RunResult(t, True, tuple(x), fx, "optimum")


def rls_ab_increase_on_ties(
    a: Sequence[int], alpha: Fraction | float | str, beta: Fraction | float | str, *,
    rng: np.random.Generator | int | None = None, budget: int | None = None,
) -> RunResult:
    """Bug: RLS_{alpha,beta} multiplies the velocity by alpha also when ``f(y) = f(x)``."""
    return _rls_ab_variant(a, alpha, beta, rng=rng, budget=budget, increase_on_ties=True,
                           round_instead_of_floor=False)


def rls_ab_round_velocity(
    a: Sequence[int], alpha: Fraction | float | str, beta: Fraction | float | str, *,
    rng: np.random.Generator | int | None = None, budget: int | None = None,
) -> RunResult:
    """Bug: RLS_{alpha,beta} ignores the floor of v and steps by v rounded to nearest."""
    return _rls_ab_variant(a, alpha, beta, rng=rng, budget=budget, increase_on_ties=False,
                           round_instead_of_floor=True)


#: The velocity cap of :func:`rls_ab_velocity_cap` (a 10-bit field, say).
VELOCITY_CAP = 2**10


def rls_ab_velocity_cap(
    a: Sequence[int], alpha: Fraction | float | str, beta: Fraction | float | str, *,
    rng: np.random.Generator | int | None = None, budget: int | None = None,
    observer: Observer | None = None,
) -> RunResult:
    """Bug: RLS_{alpha,beta} never lets a velocity exceed ``VELOCITY_CAP``.

    Invisible on small targets (there ``v < 2 alpha |a_i|`` stays below the cap); at
    ``|a_i| = 10^12`` a position needs about ``10^9`` steps: without a budget the run hangs.
    """
    return _rls_ab_variant(a, alpha, beta, rng=rng, budget=budget, velocity_cap=VELOCITY_CAP,
                           observer=observer)


#: The modulus of :func:`rls_ab_velocity_wrap` (a 32-bit integer part).
VELOCITY_MODULUS = 2**32


def rls_ab_velocity_wrap(
    a: Sequence[int], alpha: Fraction | float | str, beta: Fraction | float | str, *,
    rng: np.random.Generator | int | None = None, budget: int | None = None,
    observer: Observer | None = None,
) -> RunResult:
    """Bug (large magnitudes): the integer part of a velocity is kept in 32 bits,
    so ``v`` wraps modulo ``2^32`` (and is then kept ``>= 1``).

    Invisible while ``v < 2^32``, i.e. on every target with ``|a_i|`` below about ``2^31``; at
    ``|a_i| = 10^12`` the steps never exceed ``2^32`` and a run takes several times longer,
    which no bound of the paper forbids.  Algorithm 2's one-step law (line 8: ``v <- alpha v``)
    is violated on the first wrap.
    """
    return _rls_ab_variant(a, alpha, beta, rng=rng, budget=budget,
                           velocity_modulus=VELOCITY_MODULUS, observer=observer)


# ---------------------------------------------------------------------------------------------
# issue 14: the heavy-tailed operator at large magnitudes, in its cache, in its sign; RLS's limit
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HeavyTailedSignBias(HeavyTailed):
    """Bug: the heavy-tailed operator steps by ``+2^(I-2)`` with probability ``p_plus`` (0.52)
    instead of 1/2 (a negative step is turned positive with probability ``2 p_plus - 1``).

    The run-time families barely see it (a bias towards the target helps as often as it hurts
    over the positions of a random target); the operator-law tests do."""

    p_plus: float = 0.52

    def sample(self, limit: int, rng: np.random.Generator) -> int | None:
        s = super().sample(limit, rng)
        if s is None or s > 0:
            return s
        return -s if rng.random() < 2 * self.p_plus - 1 else s

    def step_distribution(self, limit: int) -> dict[int | None, Probability]:
        p = mpmath.mpf(self.p_plus)
        out: dict[int | None, Probability] = {}
        for m, q in self.magnitude_distribution(limit).items():
            if m is None:
                out[None] = q
            else:
                out[m] = p * q
                out[-m] = (1 - p) * q
        return out


@dataclass(frozen=True)
class HeavyTailedStaleExtension(HeavyTailed):
    """Bug (stateful cache): when the cumulative table of ``I`` is *extended* for a
    larger limit, the running total restarts at 0 instead of at the mass already tabulated.

    A fresh table is right, and so is every later call with a smaller limit (a prefix of the
    table), so a single run -- whose limit ``2 f(x)`` only shrinks -- never sees the bug; an
    operator object reused for a larger limit (a second run on a larger target, a sampler
    shared across instances) draws from a wrong law from then on."""

    def _cdf_upto(self, k: int) -> list[float]:
        cdf = self._cdf
        if len(cdf) < k - 1:
            with mpmath.workdps(heavy_tailed_module.DEFAULT_DPS):
                norm = mpmath.mpf(1)
                if self.truncate == "condition":
                    k_range = self._k_range()
                    assert k_range is not None
                    norm = self.exponent_cdf(k_range)
                total = mpmath.mpf(0)  # the bug: the tabulated mass is forgotten
                for i in range(len(cdf) + 2, k + 1):
                    total += self._weight(i)
                    cdf.append(float(total / self.c.value / norm))
        return cdf


@dataclass(frozen=True)
class DoubleGeometricWrongLog(DoubleGeometric):
    """Bug: the inversion ``G = floor(ln V / ln q)`` of the double-geometric operator
    takes, for ``q >= 1/2``, the logarithm of ``1 - q`` (``log1p(-q)``) where ``ln q =
    log1p(-(1 - q))`` is meant -- the two cancellation-free forms mixed up.  Invisible at
    ``q = 1/2`` (where ``1 - q = q``) and for ``q < 1/2``; at ``q = 2/3`` the steps follow the law
    of ``q = 1/3`` (mean step 3/4 instead of 12/5): exact E[T] of ``rls-geom`` at a = (12, -7)
    75.33 instead of 41.12 (+83%), of ``ea-geom`` +50%."""

    def _log_q(self, prec: int) -> Any:
        if prec not in self._logs:
            from flint import ctx

            with ctx.workprec(prec):
                q, _ = self._balls()
                self._logs[prec] = q.log() if q < 0.5 else (-q).log1p()  # the bug
        return self._logs[prec]


#: The largest exponent of :func:`largest_exponent_32_bit`: magnitudes up to ``2^32``.
EXPONENT_TABLE_TOP = 34


def largest_exponent_32_bit(limit: int) -> int:
    """Bug (large magnitudes): the admissible exponents are looked up in a table of
    the 33 magnitudes ``2^0 .. 2^32`` (say, a 32-bit limit), so the largest admissible exponent
    saturates at 34: a step longer than ``2^32`` is treated as too long.  Right for every
    ``limit < 2^33``, i.e. for ``f(x) < 2^32``."""
    return min(limit.bit_length() + 1, EXPONENT_TABLE_TOP)


def rls_limit_f(
    a: Sequence[int], step: StepOperator, *, rng: np.random.Generator | int | None = None,
    budget: int | None = None, observer: Observer | None = None,
) -> RunResult:
    """Bug (RLS with the heavy-tailed operator): RLS asks the operator for a step of
    length at most ``f(x)`` instead of ``2 f(x)``, so the accepted overshooting steps
    ``d_i < |s| < 2 d_i`` (those with ``|s| > f(x)``) are lost.

    It changes ``E[T]`` by +4.5% at ``a = (5,)`` with ``eps = 1`` (the family's first RLS case,
    z of about 4 at 2000 runs: not enough alone) and by +15% at ``a = (31,)``."""
    a = tuple(a)
    n = len(a)
    gen = np.random.default_rng(rng)
    x = [0] * n
    fx = fitness(x, a)
    t = 0
    while fx != 0:
        if budget is not None and t >= budget:
            return RunResult(t, False, tuple(x), fx, "budget")
        t += 1
        i = int(gen.integers(n))
        s = step.sample(fx, gen)  # the bug: the longest acceptable step is 2 f(x), not f(x)
        if s is not None:
            d_old = abs(a[i] - x[i])
            d_new = abs(a[i] - (x[i] + s))
            if d_new <= d_old:
                x[i] += s
                fx += d_new - d_old
        if observer is not None:
            observer(t, tuple(x))
    return RunResult(t, True, tuple(x), fx, "optimum")


def shared_worker_counter(simulate: Simulator) -> Simulator:
    """Bug (a batch simulator): the runs of a batch go to workers two at a time and the
    evaluation counter belongs to the worker, not to the run, so each run of a pair reports
    half of the pair's total (the first ``floor``, the second ``ceil``; a last odd run is
    left alone).

    Every run still looks plausible and the sample mean is *exactly* that of correct runs (the
    totals are kept), so a test of the mean cannot see it: with the exact variance in its
    denominator the z statistic even shrinks (``Var`` is halved).  The law of ``T`` moves by a
    Kolmogorov distance of about ``0.1`` on every exact case of the families (the law of the
    mean of two run times is narrower), which the law test of
    :class:`zonemax.stats_tests.suite.ExactCase` rejects from about 600 to 1,200 runs on."""

    def buggy(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
              budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        ev, ok = simulate(spec, seed, runs, budget)
        ev = np.array(ev, dtype=np.int64)
        ok = np.array(ok, dtype=bool)
        pairs = runs // 2
        total = ev[0:2 * pairs:2] + ev[1:2 * pairs:2]
        both = ok[0:2 * pairs:2] & ok[1:2 * pairs:2]
        ev[0:2 * pairs:2], ev[1:2 * pairs:2] = total // 2, total - total // 2  # the bug
        ok[0:2 * pairs:2], ok[1:2 * pairs:2] = both, both
        return ev, ok

    return buggy


# ---------------------------------------------------------------------------------------------
# common-mode bugs: a shared helper of the reference operator is wrong
# ---------------------------------------------------------------------------------------------
@contextmanager
def replaced(module: ModuleType, name: str, value: object) -> Iterator[None]:
    """Replace ``module.name`` by ``value`` inside the ``with`` block (restored afterwards).

    Not thread-safe: meant for the planted bugs, run one simulation at a time.
    """
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)


def largest_exponent_off_by_one(limit: int) -> int:
    """Bug: ``bit_length`` instead of ``bit_length + 1``: the largest admissible step
    ``2^(bit_length - 1) <= limit`` is lost (its mass is treated as a too-long step)."""
    return limit.bit_length()


@lru_cache(maxsize=64)
def _partial_c(eps: Fraction, log_base: object, terms: int) -> mpmath.mpf:
    with mpmath.workdps(heavy_tailed_module.DEFAULT_DPS):
        one_plus_eps = 1 + mpmath.mpf(eps.numerator) / eps.denominator
        ln_b = mpmath.mpf(1) if log_base == "e" else mpmath.log(log_base)
        return mpmath.fsum(1 / (i * (mpmath.log(i) / ln_b) ** one_plus_eps)
                           for i in range(2, terms))


def c_epsilon_without_tail(eps: Fraction | float | str, log_base: object = 2, *,
                           terms: int = heavy_tailed_module.DEFAULT_TERMS,
                           dps: int = heavy_tailed_module.DEFAULT_DPS) -> CEpsilon:
    """Bug: ``c_eps`` as the partial sum of its first ``terms - 2`` terms, the tail beyond
    (the integral-test part, about 6% of ``c_1`` and 24% of ``c_{1/2}`` in base 2) forgotten.
    Every step then looks likelier than it is, in the operator and in anything that shares it."""
    e = Fraction(eps) if not isinstance(eps, float) else Fraction(repr(eps))
    c = _partial_c(e, log_base, terms)
    return CEpsilon(eps=e, log_base=log_base, terms=terms, lower=c, upper=c)  # type: ignore[arg-type]


#: The common-mode bugs: (helper of zonemax.reference.heavy_tailed, its buggy replacement).
COMMON_MODE: dict[str, tuple[str, object]] = {
    "largest-exponent": ("largest_exponent", largest_exponent_off_by_one),
    "c-eps-without-tail": ("c_epsilon", c_epsilon_without_tail),
}


@contextmanager
def common_mode_bug(key: str) -> Iterator[None]:
    """Plant the common-mode bug ``key`` of :data:`COMMON_MODE` into the reference."""
    name, value = COMMON_MODE[key]
    with replaced(heavy_tailed_module, name, value):
        yield


#: Helper bugs of the reference operator that act only at large magnitudes; the exact
#: layer never shared this helper, so they are not common-mode bugs, but they are planted the
#: same way (:func:`helper_bug`).
LARGE_MAGNITUDE: dict[str, tuple[str, object]] = {
    "exponent-table-32-bit": ("largest_exponent", largest_exponent_32_bit),
}


@contextmanager
def helper_bug(key: str) -> Iterator[None]:
    """Plant the helper bug ``key`` of :data:`COMMON_MODE` or :data:`LARGE_MAGNITUDE` into the
    reference operator's module."""
    name, value = {**COMMON_MODE, **LARGE_MAGNITUDE}[key]
    with replaced(heavy_tailed_module, name, value):
        yield
