r"""The operator level: a step operator's draws against its exact one-step law.

Gadea Harder, Kötzing, Li, Radhakrishnan (2023), arXiv:2307.11855, Section 2: a step operator
``step: Z -> Z`` (Definition 1, ±1; Definition 2, heavy-tailed), and beyond the paper the
double-geometric operator (Rudolph 1994) and the power-law operator.  The user's
``op(x, *, rng, **params) -> offspring`` is called at several points ``x``; the steps
``op(x) - x`` are counted in cells (each signed step ``|s| <= L``, and one cell for ``|s| > L``),
and every cell's frequency is tested against the exact enclosure ``[lo, hi]`` of its
probability with Bernstein's inequality for an indicator (conservative: the distance of the
frequency to the whole enclosure is tested, with the largest variance the enclosure allows).
A step of probability zero (a step the law never makes) rejects outright.

Exact laws, from :mod:`zonemax.exact` (not from the implementations under test):
:class:`~zonemax.exact.heavy_law.HeavyLaw` (Definition 2 and its truncations ``condition`` and
``clip`` to a range ``r``), :class:`~zonemax.exact.geom_law.GeomLaw` and
:class:`~zonemax.exact.power_law.PowerLawLaw`, each an interval enclosure (or exact rationals).

Variants: for the heavy-tailed operator, the other truncations (with the same ``r``) and the
other log base (the base cancels in the normalised law of ``I``, so it has the same law: no
test of draws can tell it apart); for the double-geometric operator, ``signed-geometric``
(``±G`` with one ``G ~ Geometric(q)`` and a fair sign, instead of ``G1 - G2``).
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
from mpmath.ctx_iv import MPIntervalContext

from zonemax.conformance.harness import Caller, Errored
from zonemax.conformance.laws import HEAVY_VARIANT_RANGE
from zonemax.conformance.profiles import FAMILY_LEVEL
from zonemax.conformance.statistics import StatTest
from zonemax.exact.geom_law import GeomLaw
from zonemax.exact.heavy_law import HeavyLaw
from zonemax.exact.power_law import PowerLawLaw
from zonemax.reference.params import Truncation
from zonemax.reference.spec import AlgorithmSpec

#: Draws per operator check (pre-registered).
DRAWS = 20_000
#: The points ``x`` the operator is called at, in turn (a step must not depend on ``x``).
POINTS = (0, 3, -5, 1000)
#: Largest magnitude with its own cells; the heavy-tailed operator's cells are its powers of two.
CELL_LIMIT = 32
#: The range ``r`` of the truncated variants when the claimed operator is not truncated (the
#: run level's truncated variants use the same).
HEAVY_RANGE = HEAVY_VARIANT_RANGE
#: Precision (decimal digits) of the interval enclosures.
DPS = 30
#: Default parameters of the operator check where the algorithm's own defaults make steps that no
#: implementation can return (Definition 2 with eps = 1/1000 draws 2^(I-2) with astronomically
#: large I): eps = 1.
OPERATOR_DEFAULTS: dict[str, dict[str, Any]] = {"heavy": {"eps": 1}}

#: Draws repeated with the same seed (reproducibility, as at the run level).
REPEATED_DRAWS = 10
#: Cell key of the steps longer than ``CELL_LIMIT``.
TAIL = "tail"
Enclosure = tuple[Fraction, Fraction]
Law = dict[Any, Enclosure]  # signed step (or TAIL) -> enclosure of its probability

FAMILIES = {"ea-pm1": "pm1", "rls-pm1": "pm1", "ea-heavy": "heavy", "rls-heavy": "heavy",
            "ea-geom": "geom", "rls-geom": "geom", "ea-power": "power", "rls-power": "power"}
ALIASES = {"q": "geom_q", "mean": "geom_mean", "exponent": "power_exponent"}


def _bounds(value: Any) -> Enclosure:
    """A rigorous rational enclosure of an interval (or exact) value."""
    if isinstance(value, Fraction | int):
        return Fraction(value), Fraction(value)
    lo = Fraction(math.nextafter(float(value.a), -math.inf))
    hi = Fraction(math.nextafter(float(value.b), math.inf))
    return max(lo, Fraction(0)), min(hi, Fraction(1))


def _signed(magnitudes: list[tuple[int, Any]], tail: Any) -> Law:
    """Signed cells from a magnitude law (sign ± with probability 1/2 each; 0 unsigned)."""
    law: Law = {}
    for m, p in magnitudes:
        lo, hi = _bounds(p)
        if m == 0:
            law[0] = (lo, hi)
        else:
            law[m] = law[-m] = (lo / 2, hi / 2)
    law[TAIL] = _bounds(tail)
    return law


def _heavy(spec: AlgorithmSpec, truncate: Truncation, limit: int) -> Law:
    ctx = MPIntervalContext()
    ctx.dps = DPS
    assert spec.eps is not None
    heavy = HeavyLaw(spec.eps, spec.log_base, truncate, spec.r, ctx)
    mags = heavy.law(limit)
    inside = ctx.mpf(0)
    for _, p in mags:
        inside += p
    return _signed(mags, 1 - inside)


def _geom(spec: AlgorithmSpec, variant: str) -> Law:
    ctx = MPIntervalContext()
    ctx.dps = DPS
    geom = GeomLaw(spec.geom_q, spec.geom_mean, ctx)
    q, one = geom.q, geom.one
    if variant == "signed-geometric":  # ±G, G ~ Geometric(q) on {0, 1, ...}
        mags = [(0, 1 - q)] + [(m, (1 - q) * geom.power(m)) for m in range(1, CELL_LIMIT + 1)]
    else:  # G1 - G2 (module docstring of zonemax.exact.geom_law)
        mags = geom.law(CELL_LIMIT)
    inside = one * 0
    for _, p in mags:
        inside += p
    return _signed(mags, one - inside)


def _power(spec: AlgorithmSpec) -> Law:
    ctx = MPIntervalContext()
    ctx.dps = DPS
    assert spec.power_exponent is not None
    law = PowerLawLaw(spec.power_exponent, ctx)
    return _signed(law.law(CELL_LIMIT), law.tail_probability(CELL_LIMIT))


@dataclass(frozen=True)
class OperatorProfile:
    """The exact laws of one operator family's variants under one set of parameters."""

    family: str
    paper_variant: str
    limit: int
    laws: tuple[tuple[str, tuple[tuple[Any, Enclosure], ...], str | None], ...]


@lru_cache(maxsize=32)
def operator_profile(family: str, spec: AlgorithmSpec) -> OperatorProfile:
    """The variants of ``family`` with their laws (``same_law_as`` where two coincide)."""
    entries: list[tuple[str, Law, str | None]] = []
    limit = CELL_LIMIT
    if family == "pm1":
        half = (Fraction(1, 2), Fraction(1, 2))
        entries.append(("definition-1", {1: half, -1: half, TAIL: (Fraction(0),) * 2}, None))
    elif family == "heavy":
        claimed = spec.truncate
        # the truncations are told apart by cells up to r and one at r (a clipped step)
        r = spec.r if spec.r is not None else HEAVY_RANGE
        limit = max(CELL_LIMIT, r)
        entries.append((f"truncate={claimed}", _heavy(spec, claimed, limit), None))
        other_base = "e" if spec.log_base == 2 else 2
        entries.append((f"log-base={other_base}", entries[0][1], entries[0][0]))
        ranged = AlgorithmSpec(spec.algorithm, spec.a, eps=spec.eps, log_base=spec.log_base,
                               truncate="condition", r=r)
        modes: tuple[Truncation, ...] = ("none", "condition", "clip")
        for mode in modes:
            if mode != claimed:
                entries.append((f"truncate={mode}" + ("" if mode == "none" else f",r={r}"),
                                _heavy(ranged, mode, limit), None))
    elif family == "geom":
        entries.append(("double-geometric", _geom(spec, "double"), None))
        entries.append(("signed-geometric", _geom(spec, "signed-geometric"), None))
    else:
        entries.append(("power-law", _power(spec), None))
    laws = tuple((name, tuple(sorted(law.items(), key=lambda kv: str(kv[0]))), same)
                 for name, law, same in entries)
    return OperatorProfile(family, entries[0][0], limit, laws)


def operator_spec(algorithm: str, params: Mapping[str, Any]) -> AlgorithmSpec:
    """The validated parameters (AlgorithmSpec names; ``q``, ``mean``, ``exponent`` accepted)."""
    family = FAMILIES[algorithm]
    given = {ALIASES.get(k, k): v for k, v in params.items()}
    merged = {**OPERATOR_DEFAULTS.get(family, {}), **given}
    if family == "heavy" and merged.get("truncate", "none") != "none" and "r" not in merged:
        raise ValueError("a truncated heavy-tailed operator needs its range: pass r")
    return AlgorithmSpec(algorithm, (1,), **merged)


def _cell_test(name: str, hits: int, n: int, enclosure: Enclosure, level: float) -> StatTest:
    lo, hi = enclosure
    freq = Fraction(hits, n)
    if hi == 0:
        p = 0.0 if hits else 1.0
        return StatTest(name, float(freq), 0.0, p, float(freq), p <= level, level)
    e = max(lo - freq, freq - hi, Fraction(0))
    mid = min(max(Fraction(1, 2), lo), hi)  # the p in [lo, hi] nearest 1/2: largest p(1-p)
    var = mid * (1 - mid)
    bound = max(hi, 1 - lo)
    p_value = 1.0 if e == 0 else min(1.0, 2 * math.exp(-float(n * e * e
                                                             / (2 * var + 2 * bound * e / 3))))
    centre = (lo + hi) / 2
    effect = float((freq - centre) / Fraction(math.sqrt(var))) if var > 0 else math.inf
    return StatTest(name, float(freq), float(centre), p_value, effect, p_value <= level, level)


def collect_steps(op: Callable[..., object], seed: int, draws: int, params: Mapping[str, Any],
                  timeout: float, limit: int) -> Counter[Any]:
    """Counts of the steps ``op(x) - x`` by cell (``TAIL`` beyond ``limit``)."""
    seeds = np.random.SeedSequence(seed).spawn(draws)
    calls = [((POINTS[i % len(POINTS)],), {"rng": np.random.default_rng(s), **params})
             for i, s in enumerate(seeds)]
    caller = Caller(op, timeout)
    raw = caller.map(calls)
    repeat = min(REPEATED_DRAWS, draws)  # the first draws again, with the same seeds
    again = caller.map([((POINTS[i % len(POINTS)],), {"rng": np.random.default_rng(s), **params})
                        for i, s in enumerate(seeds[:repeat])])
    for i, (one, two) in enumerate(zip(raw, again, strict=False)):
        if one != two:
            raise Errored(f"is not reproducible: draw {i + 1}, made twice with the same seed, "
                          f"returned {str(one)[:20]} then {str(two)[:20]} (does it draw from a "
                          f"generator of its own, not the rng it is given?); its seed cannot "
                          f"repeat the check")
    counts: Counter[Any] = Counter()
    for i, y in enumerate(raw):
        if isinstance(y, bool | np.bool_) or not isinstance(y, numbers.Integral):
            raise Errored(f"returned {str(y)[:40]!r} for x = {POINTS[i % len(POINTS)]}: the "
                          f"offspring must be an int")
        s = int(y) - POINTS[i % len(POINTS)]
        counts[s if abs(s) <= limit else TAIL] += 1
    if len(counts) == 1 and draws >= 50:
        only = next(iter(counts))
        raise Errored(f"returned the step {only} on each of {draws} different rng streams: "
                      f"does it use the rng it is given?")
    return counts


def judge_steps(profile: OperatorProfile, counts: Counter[Any]
                ) -> list[tuple[str, bool, tuple[StatTest, ...], str | None]]:
    """Per variant: consistent?, its cell tests, and the variant it shares its law with."""
    n = sum(counts.values())
    out = []
    for name, items, same in profile.laws:
        law = dict(items)
        cells = set(law) | set(counts)
        level = FAMILY_LEVEL / len(law)  # a step outside the law's cells rejects (p = 0)
        tests = []
        for cell in sorted(cells, key=lambda c: (c == TAIL, c if c != TAIL else 0)):
            enclosure = law.get(cell, (Fraction(0), Fraction(0)))
            tests.append(_cell_test(f"P(step = {cell})" if cell != TAIL else
                                    f"P(|step| > {profile.limit})", counts.get(cell, 0), n,
                                    enclosure, level))
        out.append((name, not any(t.rejected for t in tests), tuple(tests), same))
    return out
