"""Small plain-Python implementations of Algorithm 1 and RLS and of each catalogued variant.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2 (Algorithm 1 and
RLS with the ±1 operator, Definition 1).  They are what the conformance check is measured on:
the paper's algorithm written with two random draw patterns (a coin per position, or
``K ~ Bin(n, 1/n)`` positions drawn without replacement), and each variant planted as a minimal
change.  Written independently of :mod:`zonemax.reference`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

#: Draw patterns of the (1+1) EA's mutation (both give each position probability 1/n).
PATTERNS = ("coin", "binomial")


def _mutated_positions(n: int, rng: np.random.Generator, pattern: str) -> list[int]:
    if pattern == "coin":  # Algorithm 1, line 4: each position with probability 1/n
        return [i for i in range(n) if rng.random() < 1 / n]
    k = int(rng.binomial(n, 1 / n))  # the same law: K ~ Bin(n, 1/n), then K distinct positions
    return [int(i) for i in rng.choice(n, size=k, replace=False)] if k else []


def ea_pm1(variant: str = "algorithm-1", pattern: str = "coin") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of the (1+1) EA with ±1, as ``variant`` (module docstring)."""
    if pattern not in PATTERNS:
        raise ValueError(f"pattern must be one of {', '.join(PATTERNS)}, got {pattern!r}")

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n  # Algorithm 1: x <- 0^n
        fx = sum(abs(ai) for ai in a)
        t = 1 if variant == "start-counted" else 0
        while fx != 0 and t < budget:
            moved = _mutated_positions(n, rng, pattern)
            while not moved and variant == "resample-unchanged":
                moved = _mutated_positions(n, rng, pattern)
            if not moved and variant == "unchanged-not-counted":
                continue
            y = list(x)
            for i in moved:
                y[i] += 1 if rng.random() < 0.5 else -1  # Definition 1
            fy = sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
            t += 1
            if fy < fx or (fy == fx and variant != "strict-acceptance"):  # Algorithm 1, line 6
                x, fx = y, fy
        return t, fx == 0

    return run


def rls_pm1(variant: str = "algorithm-1") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget)`` of RLS with ±1 (Section 2), as ``variant``."""

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int) -> tuple[int, bool]:
        n = len(a)
        x = [0] * n
        fx = sum(abs(ai) for ai in a)
        t = 1 if variant == "start-counted" else 0
        while fx != 0 and t < budget:
            i = int(rng.integers(n))  # one position, uniformly
            step = 1 if rng.random() < 0.5 else -1  # Definition 1
            fy = fx - abs(a[i] - x[i]) + abs(a[i] - x[i] - step)
            t += 1
            if fy < fx or (fy == fx and variant != "strict-acceptance"):
                x[i] += step
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
    (float velocities; one uniformly chosen position per iteration)."""

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int, alpha: object,
            beta: object) -> tuple[int, bool]:
        al, be = float(alpha), float(beta)  # type: ignore[arg-type]
        n = len(a)
        x = [0] * n
        v = [1.0] * n  # Algorithm 2: v <- 1^n
        fx = sum(abs(ai) for ai in a)
        t = 1 if variant == "start-counted" else 0
        while fx != 0 and t < budget:
            i = int(rng.integers(n))
            s = int(v[i] + 0.5) if variant == "round-for-floor" else int(v[i])  # floor(v_i)
            step = -s if rng.random() < 0.5 else s
            fy = fx - abs(a[i] - x[i]) + abs(a[i] - x[i] - step)
            t += 1
            if fy < fx or (fy == fx and variant == "tie-increases-velocity"):
                v[i] = al * v[i]  # Algorithm 2, line 8
            else:
                v[i] = max(1.0, be * v[i])  # line 10
            if fy < fx or (fy == fx and variant != "strict-acceptance"):
                x[i] += step
                fx = fy
        return t, fx == 0

    return run


def geom_run(algorithm: str, variant: str = "algorithm-1") -> Callable[..., tuple[int, bool]]:
    """``run(a, *, rng, budget, geom_q)``: Algorithm 1 (``ea-geom``) or RLS (``rls-geom``) with
    the double-geometric step ``G1 - G2`` (Rudolph 1994), as ``variant``."""

    def run(a: Sequence[int], *, rng: np.random.Generator, budget: int,
            geom_q: object) -> tuple[int, bool]:
        q = float(geom_q)  # type: ignore[arg-type]
        n = len(a)
        x = [0] * n
        fx = sum(abs(ai) for ai in a)
        t = 1 if variant == "start-counted" else 0

        def step() -> int:
            return int(rng.geometric(1 - q)) - int(rng.geometric(1 - q))

        def offspring() -> list[int]:
            y = list(x)
            if algorithm == "rls-geom":
                y[int(rng.integers(n))] += step()  # one position, uniformly
            else:
                for i in range(n):
                    if rng.random() < 1 / n:  # Algorithm 1, line 4
                        y[i] += step()
            return y

        while fx != 0 and t < budget:
            y = offspring()
            while y == x and variant == "resample-unchanged":
                y = offspring()
            if y == x and variant == "unchanged-not-counted":
                continue  # no evaluation charged
            fy = sum(abs(ai - yi) for ai, yi in zip(a, y, strict=True))
            t += 1
            if fy < fx or (fy == fx and variant != "strict-acceptance"):
                x, fx = y, fy
        return t, fx == 0

    return run


#: Algorithm 1 with the ±1 step, a coin per position: a ready ``run`` function (for
#: ``zonemax conform ea-pm1 --python zonemax.conformance.planted:ea_pm1_run``).
ea_pm1_run = ea_pm1()
