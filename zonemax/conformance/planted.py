"""Small plain-Python implementations of Algorithm 1 and RLS and of each catalogued variant.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 (Algorithm 1 and
RLS with the ±1 operator, Definition 1).  They are what the conformance check is measured on:
the paper's algorithm written with two random draw patterns (a coin per position, or
``K ~ Bin(n, 1/n)`` positions drawn without replacement), and each variant and each bug class
(:data:`zonemax.conformance.laws.BUGS`: :func:`ea_pm1_bug`, :func:`rls_pm1_bug`) planted as a
minimal change.  Written independently of :mod:`zonemax.reference`.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

from zonemax.conformance.laws import BUGS, variant_axes

#: Draw patterns of the (1+1) EA's mutation (both give each position probability 1/n).
PATTERNS = ("coin", "binomial")


def _mutated_positions(n: int, rng: np.random.Generator, pattern: str) -> list[int]:
    if pattern == "coin":  # Algorithm 1, line 4: each position with probability 1/n
        return [i for i in range(n) if rng.random() < 1 / n]
    k = int(rng.binomial(n, 1 / n))  # the same law: K ~ Bin(n, 1/n), then K distinct positions
    return [int(i) for i in rng.choice(n, size=k, replace=False)] if k else []


def _accepts(fy: int, fx: int, acceptance: str, rng: np.random.Generator) -> bool:
    """Algorithm 1, line 6 (``f(y) <= f(x)``), or the variant's rule for ties."""
    if fy != fx:
        return fy < fx
    if acceptance == "ties-by-coin":
        return bool(rng.random() < 0.5)
    return acceptance != "strict-acceptance"


def ea_pm1(variant: str = "algorithm-1", pattern: str = "coin") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of the (1+1) EA with ±1, as ``variant`` (any combination of
    the axes of :mod:`zonemax.conformance.laws`, e.g. ``strict-acceptance+start-counted``)."""
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {', '.join(PATTERNS)}, got {pattern!r}")

    acceptance, unchanged, start = variant_axes(variant)

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n  # Algorithm 1: x <- 0^n
        fx = sum(abs(ai) for ai in a)
        t = 1 if start == "start-counted" else 0
        while fx != 0 and t < budget:
            moved = _mutated_positions(n, rng, pattern)
            while not moved and unchanged == "resample-unchanged":
                moved = _mutated_positions(n, rng, pattern)
            if not moved and unchanged == "unchanged-not-counted":
                continue
            y = list(x)
            for i in moved:
                y[i] += 1 if rng.random() < 0.5 else -1  # Definition 1
            fy = sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
            t += 1
            if _accepts(fy, fx, acceptance, rng):  # Algorithm 1, line 6
                x, fx = y, fy
        return t, fx == 0

    return run


def rls_pm1(variant: str = "algorithm-1") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of RLS with ±1 (Section 2), as ``variant``."""

    acceptance, _unchanged, start = variant_axes(variant)  # no offspring equals its parent

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n
        fx = sum(abs(ai) for ai in a)
        t = 1 if start == "start-counted" else 0
        while fx != 0 and t < budget:
            i = int(rng.integers(n))  # one position, uniformly
            step = 1 if rng.random() < 0.5 else -1  # Definition 1
            fy = fx - abs(a[i] - x[i]) + abs(a[i] - x[i] - step)
            t += 1
            if _accepts(fy, fx, acceptance, rng):
                x[i] += step
                fx = fy
        return t, fx == 0

    return run


def _known_bug(algorithm: str, name: str) -> None:
    if name not in BUGS[algorithm]:
        raise ValueError(f"unknown bug {name!r} of {algorithm}; the bug classes of {algorithm} "
                         f"are: {', '.join(BUGS[algorithm])}")


def _clip(value: int, ai: int) -> int:
    """``value`` clipped at ``a_i``: never past it on the side away from 0 (``a_i = 0``: the
    side above 0)."""
    return min(value, ai) if ai >= 0 else max(value, ai)


def ea_pm1_bug(name: str) -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of the (1+1) EA with ±1 (Algorithm 1, a coin per position)
    with the bug class ``name`` of :data:`zonemax.conformance.laws.BUGS` planted as a minimal
    change: ``rate-1/|a|_1``, ``rate-1/(n+1)``, ``step-clipped-at-a`` or
    ``squared-distance-acceptance`` (their laws: :func:`zonemax.conformance.laws.bug_kernel`)."""
    _known_bug("ea-pm1", name)

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n  # Algorithm 1: x <- 0^n
        fx = sum(abs(ai) for ai in a)
        rate = 1 / n  # Algorithm 1, line 4
        if name == "rate-1/|a|_1":
            rate = 1 / fx  # bug: the target's L1 norm for n
        elif name == "rate-1/(n+1)":
            rate = 1 / (n + 1)  # bug: off by one
        t = 0
        while fx != 0 and t < budget:
            y = list(x)
            for i in range(n):
                if rng.random() < rate:
                    y[i] += 1 if rng.random() < 0.5 else -1  # Definition 1
                    if name == "step-clipped-at-a":
                        y[i] = _clip(y[i], a[i])  # bug: never past a_i
            fy = sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
            t += 1
            if name == "squared-distance-acceptance":  # bug: the squared distance decides
                accept = (sum((ai - yi) ** 2 for ai, yi in zip(a, y, strict=True))
                          <= sum((ai - xi) ** 2 for ai, xi in zip(a, x, strict=True)))
            else:
                accept = fy <= fx  # Algorithm 1, line 6
            if accept:
                x, fx = y, fy
        return t, fx == 0

    return run


def rls_pm1_bug(name: str) -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of RLS with ±1 (Section 2) with the bug class ``name`` of
    :data:`zonemax.conformance.laws.BUGS` planted: ``step-clipped-at-a`` or
    ``squared-distance-acceptance`` (both have the paper's law: see
    :func:`zonemax.conformance.laws.bug_kernel`)."""
    _known_bug("rls-pm1", name)

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n
        fx = sum(abs(ai) for ai in a)
        t = 0
        while fx != 0 and t < budget:
            i = int(rng.integers(n))  # one position, uniformly
            step = 1 if rng.random() < 0.5 else -1  # Definition 1
            yi = x[i] + step
            if name == "step-clipped-at-a":
                yi = _clip(yi, a[i])  # bug: never past a_i
            fy = fx - abs(a[i] - x[i]) + abs(a[i] - yi)
            t += 1
            if name == "squared-distance-acceptance":  # bug: the squared distance decides
                accept = (a[i] - yi) ** 2 <= (a[i] - x[i]) ** 2
            else:
                accept = fy <= fx
            if accept:
                x[i] = yi
                fx = fy
        return t, fx == 0

    return run


def heavy_condition_op(eps: float, r: int) -> Callable[..., int]:
    """Definition 2 with ``I`` conditioned on ``2^(I-2) <= r`` (finite support), plain numpy."""
    exponents = [i for i in range(2, 64) if 2 ** (i - 2) <= r]
    weights = np.array([1 / (i * np.log2(i) ** (1 + eps)) for i in exponents])
    probabilities = weights / weights.sum()

    def op(x: int, *, rng: np.random.Generator, **params: object) -> int:
        i = exponents[int(rng.choice(len(exponents), p=probabilities))]
        return x + (2 ** (i - 2) if rng.random() < 0.5 else -(2 ** (i - 2)))

    return op


def geom_op(q: float, variant: str = "double-geometric") -> Callable[..., int]:
    """The double-geometric step ``G1 - G2`` (Rudolph 1994), or ``±G`` (``signed-geometric``)."""

    def op(x: int, *, rng: np.random.Generator, **params: object) -> int:
        g1 = int(rng.geometric(1 - q)) - 1  # numpy's geometric counts trials: support 1, 2, ...
        if variant == "signed-geometric":
            return x + (g1 if rng.random() < 0.5 else -g1)
        return x + g1 - (int(rng.geometric(1 - q)) - 1)

    return op


def power_op(exponent: float) -> Callable[..., int]:
    """The power-law step: ``K`` with ``P(K = m) ∝ m^-exponent`` (numpy's zipf), fair sign."""

    def op(x: int, *, rng: np.random.Generator, **params: object) -> int:
        k = int(rng.zipf(exponent))
        return x + (k if rng.random() < 0.5 else -k)

    return op


def rls_ab(variant: str = "algorithm-2") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, alpha, beta)`` of RLS_{alpha,beta} (Algorithm 2), as ``variant``
    (float velocities; one uniformly chosen position per iteration); its own deviations combine
    with ``+`` (``tie-increases-velocity+start-counted``)."""
    parts = variant.split("+")

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int, alpha: object,
            beta: object) -> tuple[int, bool]:
        al, be = float(alpha), float(beta)  # type: ignore[arg-type]
        n = len(a)
        x = [0] * n
        v = [1.0] * n  # Algorithm 2: v <- 1^n
        fx = sum(abs(ai) for ai in a)
        t = 1 if "start-counted" in parts else 0
        while fx != 0 and t < budget:
            i = int(rng.integers(n))
            s = int(v[i] + 0.5) if "round-for-floor" in parts else int(v[i])  # floor(v_i)
            step = -s if rng.random() < 0.5 else s
            fy = fx - abs(a[i] - x[i]) + abs(a[i] - x[i] - step)
            t += 1
            if fy < fx or (fy == fx and "tie-increases-velocity" in parts):
                v[i] = al * v[i]  # Algorithm 2, line 8
            else:
                v[i] = max(1.0, be * v[i])  # line 10
            if fy < fx or (fy == fx and variant != "strict-acceptance"):
                x[i] += step
                fx = fy
        return t, fx == 0

    return run


def _run_with_steps(algorithm: str, variant: str, a: Sequence[int], rng: np.random.Generator,
                    budget: int, step: Callable[[np.random.Generator], int]
                    ) -> tuple[int, bool]:
    """Algorithm 1 (``ea-*``) or RLS (``rls-*``) with the signed step ``step(rng)``, as
    ``variant`` of the run (acceptance and counting)."""
    acceptance, unchanged, start = variant_axes(variant)
    n = len(a)
    x = [0] * n  # Algorithm 1, line 1: x <- 0^n
    fx = sum(abs(ai) for ai in a)
    t = 1 if start == "start-counted" else 0
    rls = algorithm.startswith("rls")

    def offspring() -> list[int]:
        y = list(x)
        if rls:
            y[int(rng.integers(n))] += step(rng)  # one position, uniformly
        else:
            for i in range(n):
                if rng.random() < 1 / n:  # Algorithm 1, line 4
                    y[i] += step(rng)
        return y

    while fx != 0 and t < budget:
        y = offspring()
        while y == x and unchanged == "resample-unchanged":
            y = offspring()
        if y == x and unchanged == "unchanged-not-counted":
            continue  # no evaluation charged
        fy = sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
        t += 1
        if _accepts(fy, fx, acceptance, rng):  # Algorithm 1, line 6
            x, fx = y, fy
    return t, fx == 0


def geom_run(algorithm: str, variant: str = "algorithm-1") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, geom_q)``: Algorithm 1 (``ea-geom``) or RLS (``rls-geom``) with
    the double-geometric step ``G1 - G2`` (Rudolph 1994), as ``variant``."""

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int,
            geom_q: object) -> tuple[int, bool]:
        q = float(geom_q)  # type: ignore[arg-type]

        def step(g: np.random.Generator) -> int:
            return int(g.geometric(1 - q)) - int(g.geometric(1 - q))

        return _run_with_steps(algorithm, variant, a, rng, budget, step)

    return run


#: Largest exponent ``I`` whose step ``2^(I-2)`` the heavy-tailed sampler writes out; a longer
#: step is returned as ``2^(HEAVY_TOP - 2)``: it is longer than ``2 f(x)`` for every target a
#: plain run can take, so it is rejected like the real one (its exact length never matters).
HEAVY_TOP = 64
#: Terms summed before the tail of ``c_eps`` is taken from its integral (Euler-Maclaurin).
HEAVY_TERMS = 1_000_000


@lru_cache(maxsize=16)
def _heavy_table(eps: float, log_base: str, truncate: str, r: int | None
                 ) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Cumulative probabilities of the step magnitudes of Definition 2 for ``I <= HEAVY_TOP``
    (floats), and the magnitudes."""
    ln_b = 1.0 if log_base == "e" else math.log(2.0)

    def w(i: np.ndarray) -> np.ndarray:  # Definition 2: 1 / (i (log_b i)^(1 + eps))
        return 1.0 / (i * (np.log(i) / ln_b) ** (1.0 + eps))

    exponents = np.arange(2, HEAVY_TOP + 1, dtype=float)
    weights = w(exponents)
    magnitudes = [2 ** (i - 2) for i in range(2, HEAVY_TOP + 1)]
    if truncate == "condition":  # I conditioned on 2^(I-2) <= r
        assert r is not None
        keep = [k for k, m in enumerate(magnitudes) if m <= r]
        probabilities = weights[keep] / weights[keep].sum()
        magnitudes = [magnitudes[k] for k in keep]
    else:
        # c_eps = sum_{i >= 2} w(i): the first terms, then the integral of the tail
        # (ln b)^(1+eps) (ln N)^(-eps) / eps plus w(N) / 2 (Euler-Maclaurin)
        head = float(w(np.arange(2, HEAVY_TERMS, dtype=float)).sum())
        big_n = float(HEAVY_TERMS)
        tail = ln_b ** (1 + eps) * math.log(big_n) ** (-eps) / eps + float(
            w(np.array([big_n]))[0]) / 2
        probabilities = weights / (head + tail)
        if truncate == "clip":  # the step is min(2^(I-2), r): all the mass above r on r
            assert r is not None
            below = [k for k, m in enumerate(magnitudes) if m < r]
            probabilities = np.append(probabilities[below], 1 - probabilities[below].sum())
            magnitudes = [magnitudes[k] for k in below] + [r]
    cumulative = tuple(float(c) for c in np.cumsum(probabilities))
    return cumulative, tuple(magnitudes)


def heavy_run(algorithm: str = "ea-heavy", variant: str = "algorithm-1"
              ) -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, eps)``: Algorithm 1 (``ea-heavy``) or RLS (``rls-heavy``) with
    the heavy-tailed operator (Definition 2, base 2, untruncated), as ``variant``: a variant of
    the run (``strict-acceptance``, ...), the other base (``log-base=e``) or a truncation to a
    range (``truncate=condition,r=R``, ``truncate=clip,r=R``), either optionally combined with
    the run's axes (``truncate=clip,r=16+strict-acceptance``)."""
    log_base, truncate, r, run_variant = "2", "none", None, variant
    operator, plus, combined = variant.partition("+")
    if operator == "log-base=e":
        log_base, run_variant = "e", combined if plus else "algorithm-1"
    elif operator.startswith("truncate="):
        truncate, _, rest = operator[len("truncate="):].partition(",r=")
        r, run_variant = int(rest), combined if plus else "algorithm-1"

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int,
            eps: object) -> tuple[int, bool]:
        cumulative, magnitudes = _heavy_table(float(eps), log_base, truncate, r)  # type: ignore[arg-type]
        huge = 2 ** (HEAVY_TOP - 2)

        def step(g: np.random.Generator) -> int:
            k = bisect.bisect_right(cumulative, g.random())  # the exponent I, by inversion
            m = magnitudes[k] if k < len(magnitudes) else huge
            return m if g.random() < 0.5 else -m  # Definition 2: sign with probability 1/2

        return _run_with_steps(algorithm, run_variant, a, rng, budget, step)

    return run


def power_run(algorithm: str = "ea-power", variant: str = "algorithm-1"
              ) -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, power_exponent)``: Algorithm 1 (``ea-power``) or RLS
    (``rls-power``) with the power-law step (``P(|s| = m)`` proportional to
    ``m^-exponent``, numpy's zipf, fair sign), as ``variant``."""

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int,
            power_exponent: object) -> tuple[int, bool]:
        exponent = float(power_exponent)  # type: ignore[arg-type]

        def step(g: np.random.Generator) -> int:
            k = int(g.zipf(exponent))
            return k if g.random() < 0.5 else -k

        return _run_with_steps(algorithm, variant, a, rng, budget, step)

    return run


#: Algorithm 1 with the ±1 step, a coin per position: a ready ``run`` function (for
#: ``zonemax conform ea-pm1 --python zonemax.conformance.planted:ea_pm1_run``).
ea_pm1_run = ea_pm1()


def law_sampler(algorithm: str, variant: str | None = None) -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, **params)`` that draws ``min(T, budget)`` from ``variant``'s
    (or, for ``ea-pm1`` and ``rls-pm1``, a bug class's: :data:`~zonemax.conformance.laws.BUGS`)
    exact law (the profile's, on the profile's targets; an enclosure: its lower bounds,
    renormalised): a stand-in for an implementation that runs exactly that law, at a fraction
    of the cost (the check's verdicts at the full size, in the default tests)."""
    from zonemax.conformance.api import _law
    from zonemax.conformance.profiles import PROFILES

    profile = PROFILES[algorithm]
    chosen = profile.paper_variant if variant is None else variant
    cdfs: dict[tuple[tuple[int, ...], int], np.ndarray] = {}

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int,
            **params: object) -> tuple[int, bool]:
        key = (tuple(a), budget)
        if key not in cdfs:
            pmf = np.array([float(p) for p in _law(algorithm, chosen, key[0],
                                                   budget).truncated_pmf()])
            cdfs[key] = np.cumsum(pmf / pmf.sum())
        t = min(int(np.searchsorted(cdfs[key], rng.random(), side="right")), budget)
        return t, t < budget

    return run
