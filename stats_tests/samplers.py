r"""The step operators over their parameter ranges, one step at a time.

The run-time families judge the operators beyond the paper (double-geometric, power law) only
on small targets at a few parameters (the ``ops`` family), and the ``laws`` family read only
the heavy-tailed and ±1 operators of the reference.  A bug that acts only for ``q >= 1/2``, only
at large means, or only on magnitudes past a sampler's cumulative table passed them all.  The
tests here judge single steps, where the operators are defined exactly, against laws derived
here from the definitions (closed forms in 60-digit mpmath, and :mod:`zonemax.exact.heavy_law`
for Definition 2) -- nothing is taken from the sampler under test:

* double-geometric (Rudolph 1994, :mod:`zonemax.reference.double_geometric`):
  ``P(M = m) = 2 (1-q) q^m / (1+q)`` for ``m >= 1``, ``P(M = 0) = (1-q)/(1+q)``;
* power law (:mod:`zonemax.reference.power_law`): ``P(K = k) = k^-beta / zeta(beta)``;
* heavy-tailed (Definition 2 with its truncations): :func:`zonemax.exact.heavy_law.magnitude_law`.

Two kinds of tests, one chi-square test per configuration (operator parameters and limit):

1. **The engine's sampler** (:data:`ENGINE_CASES`, on an implementation with a ``sampler``: the
   fast engine's :func:`zonemax.engine.candidate_magnitudes`, handed in by
   :func:`zonemax.verify.fast_implementation`; this package imports no engine).  In a phase
   with admissibility limit ``L = 2 f`` the kernels draw *candidate* magnitudes: the law
   conditioned on ``1 <= M < 2^jb``, ``jb = bit_length(L)`` (a clipped heavy-tailed law's atom
   ``r`` only when ``r <= L``; :mod:`zonemax.engine._magnitude_law`).  Chi-square of the drawn
   magnitudes against that conditional law, and a deterministic check that the candidate mass
   the skip rules use equals ``P(M is a candidate)`` (:data:`MASS_REL_TOL`).  The limits reach
   ``2^61``: the power law's magnitudes past its cumulative table (``M >= 2^8``) are drawn by a
   proposal and an acceptance test inside an octave, the double-geometric ones bit by bit.
2. **The reference's operators** (:data:`REFERENCE_CASES`, on a reference-style implementation
   with an ``operator``): ``operator.sample(L)`` returns a signed step or ``None`` (longer than
   ``L``); with ``L = 2^k - 1`` the chi-square cells are the zero step, ``None`` and the signed
   magnitude cells below.

**Cells.**  Magnitudes ``1 <= M < 2^k`` are first split into octaves ``[2^(b-1), 2^b)``; an
octave whose expected count is at least :data:`REFINE_EXPECTED` is split further, into single
magnitudes when ``2^(b-1) <= 8``, else into its four quarters times the parity of ``M`` (so the
law *inside* an octave is tested, which is where a proposal over the wrong range or digits in
the wrong order show).  The cells depend only on the exact law and the sample size: fixed in
advance.  Sums over a cell in closed form: geometric series, and Hurwitz zeta differences
(``sum_{a <= k < e} k^-beta = zeta(beta, a) - zeta(beta, e)``; of one parity, with ``a, e``
even, ``2^-beta (zeta(beta, (a+p)/2) - zeta(beta, (e+p)/2))``).

**Validity.**  Pearson's statistic (:func:`zonemax.stats_tests.laws.chi_square`): cells with
expected count below ``MIN_EXPECTED = 5`` pooled into one; an observation outside the exact
support rejects with p = 0.  The probabilities are exact to far more digits than the float64
in which they enter the statistic (relative error below ``1e-15``), negligible against the
critical values.  Draws are independent (one generator per case, seed fixed below).

**Error.**  The tests join their family (``laws``, on the reference and on the fast engine),
combined by Holm at the family's share of :data:`zonemax.stats_tests.SUITE_ALPHA`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

import mpmath
import numpy as np
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.laws import MIN_EXPECTED, Law, _skipped, chi_square
from zonemax.stats_tests.machinery import CappedDraws, TestOutcome

from zonemax.exact.heavy_law import magnitude_law

F = Fraction
#: Decimal digits of the exact cell masses (mpmath), and the working precision (bits) and least
#: accuracy (bits) of the power law's, computed in Arb.
DPS = 60
ARB_PREC = 256
MIN_BITS = 100
#: An octave is split into finer cells when its expected count reaches this: eight cells of
#: the pooling threshold ``MIN_EXPECTED`` on average.
REFINE_EXPECTED = 8 * MIN_EXPECTED
#: Octaves starting at or below this are split into single magnitudes (1, 2-3, 4-7, 8-15).
SINGLE_UP_TO = 8
#: Relative tolerance of the candidate-mass check: the engine's tables are float64 rounded from
#: values with at least 60 correct bits (:mod:`zonemax.engine._magnitude_law`, "Accuracy"), so
#: a correct mass is within ``2^-53 + 2^-60`` (relative) of the exact one; ``2^-50`` leaves a
#: factor of 7 for the sum of two table entries and the exact side's own rounding (the
#: heavy-tailed side adds the half-width of its interval enclosure).
MASS_REL_TOL = 2.0**-50
#: Master seed of these tests (case index appended; reference cases from 100).
SAMPLERS_SEED = 45_000
#: Sample sizes by level: (draws per engine case, draws per reference case).
SIZES: dict[str, tuple[int, int]] = {"ci": (1_000_000, 10_000), "slow": (10_000_000, 100_000)}

Cell = tuple[int, int, int]  #: magnitudes ``start <= M < end`` of parity 0 or 1 (2: both)


def _geom(q: Fraction | None = None, mean: Fraction | None = None) -> AlgorithmSpec:
    return AlgorithmSpec("ea-geom", (1,), geom_q=q, geom_mean=mean)


def _power(beta: Fraction) -> AlgorithmSpec:
    return AlgorithmSpec("ea-power", (1,), power_exponent=beta)


def _heavy(eps: Fraction, **kw: Any) -> AlgorithmSpec:
    return AlgorithmSpec("ea-heavy", (1,), eps=eps, **kw)


#: Engine cases: (label, spec carrying the operator's parameters, admissibility limit 2 f).
#: Small limits (the end of every run); both sides of q = 1/2 and large means (q near 1) for
#: the double-geometric law; four exponents of the power law, three of them with much mass past
#: its cumulative table (``M >= 2^8``: the proposal/acceptance region); Definition 2 in bases 2
#: and e, untruncated and truncated (a clip atom below and above the limit).  Labels are unique
#: together with the limit.
ENGINE_CASES: tuple[tuple[str, AlgorithmSpec, int], ...] = (
    # the last phases of every run: candidates 1..7, each its own cell (the inversion of the
    # small-magnitude table up to its top entry)
    ("double-geometric q=1/2", _geom(q=F(1, 2)), 6),
    ("power law beta=3/2", _power(F(3, 2)), 6),
    ("double-geometric q=1/3", _geom(q=F(1, 3)), 2**20 + 1),
    ("double-geometric q=2/3", _geom(q=F(2, 3)), 2**30 + 7),
    ("double-geometric mean=10^3", _geom(mean=F(10**3)), 2**24),
    ("double-geometric mean=10^15", _geom(mean=F(10**15)), 2**61 + 5),
    ("power law beta=11/10", _power(F(11, 10)), 2**40),
    ("power law beta=3/2", _power(F(3, 2)), 2**61),
    ("power law beta=2", _power(F(2)), 2**33 + 1),
    ("power law beta=3", _power(F(3)), 10**6),
    ("heavy-tailed eps=1 base 2", _heavy(F(1)), 2**61 + 3),
    ("heavy-tailed eps=1/2 base e", _heavy(F(1, 2), log_base="e"), 10**15),
    ("heavy-tailed eps=1/10 clip r=3*10^11", _heavy(F(1, 10), truncate="clip", r=3 * 10**11),
     10**12),
    ("heavy-tailed eps=1/10 clip r=3*10^11 (r above the limit)",
     _heavy(F(1, 10), truncate="clip", r=3 * 10**11), 2**38 + 1),
    ("heavy-tailed eps=1/1000 condition r=10^12 base e",
     _heavy(F(1, 1000), truncate="condition", r=10**12, log_base="e"), 2**50),
)
#: Reference cases: (label, spec, k) with the limit ``2^k - 1``.  The reference's exact samplers
#: (Arb inversion) cost a millisecond or so a draw, hence fewer draws and shorter ranges.
REFERENCE_CASES: tuple[tuple[str, AlgorithmSpec, int], ...] = (
    ("double-geometric q=1/3", _geom(q=F(1, 3)), 6),
    ("double-geometric q=2/3", _geom(q=F(2, 3)), 8),
    ("double-geometric mean=10^6", _geom(mean=F(10**6)), 24),
    ("power law beta=3/2", _power(F(3, 2)), 40),
    ("power law beta=11/10", _power(F(11, 10)), 62),
)


# ---------------------------------------------------------------------------------------------
# exact masses from the definitions
# ---------------------------------------------------------------------------------------------
def _ratio(spec: AlgorithmSpec) -> Any:
    """``q`` of a double-geometric spec (given, or from the mean ``m``: ``m / (1 + sqrt(1 +
    m^2))``), at the current mpmath precision."""
    if spec.geom_q is not None:
        return mpmath.mpf(spec.geom_q.numerator) / spec.geom_q.denominator
    assert spec.geom_mean is not None
    m = mpmath.mpf(spec.geom_mean.numerator) / spec.geom_mean.denominator
    return m / (1 + mpmath.sqrt(1 + m * m))


def _mass_function(spec: AlgorithmSpec) -> Callable[[Cell], Any]:
    """``cell -> P(M in cell)`` (at :data:`DPS` digits) for a double-geometric or power-law
    spec (module docstring, "Cells")."""
    if spec.algorithm.endswith("-geom"):
        q = _ratio(spec)
        log_q = mpmath.log(q)

        def geom(cell: Cell) -> Any:
            a, e, par = cell
            if par == 2:  # 2 (1-q)/(1+q) sum_{a <= m < e} q^m = 2 (q^a - q^e) / (1+q)
                return 2 * (mpmath.exp(a * log_q) - mpmath.exp(e * log_q)) / (1 + q)
            first = a + (a % 2 != par)  # (e - a)/2 terms of each parity, a and e even
            return (2 * mpmath.exp(first * log_q) * -mpmath.expm1((e - a) * log_q)
                    / (1 + q) ** 2)

        return geom
    assert spec.power_exponent is not None
    from flint import arb, ctx, fmpq

    frac = spec.power_exponent

    def power(cell: Cell) -> Any:
        a, e, par = cell
        with ctx.workprec(ARB_PREC):  # Arb's Hurwitz zeta: rigorous, and 40x mpmath's speed
            beta = arb(fmpq(frac.numerator, frac.denominator))
            if par == 2:
                value = (beta.zeta(arb(a)) - beta.zeta(arb(e))) / beta.zeta()
            else:
                lo, hi = arb(fmpq(a + par, 2)), arb(fmpq(e + par, 2))
                value = arb(2) ** -beta * (beta.zeta(lo) - beta.zeta(hi)) / beta.zeta()
        return _mpf(value)

    return power


def _mpf(value: Any) -> Any:
    """An Arb ball as an mpmath number (its midpoint), after checking that it carries at least
    :data:`MIN_BITS` correct bits (or is exactly 0)."""
    if not (value.is_zero() or value.rel_accuracy_bits() >= MIN_BITS):
        raise ArithmeticError(f"enclosure too wide: {value}")
    man, exp = value.mid().man_exp()
    return mpmath.mpf((int(man), int(exp)))


def _refined(cell: Cell) -> list[Cell]:
    """The finer cells of an octave (module docstring, "Cells")."""
    lo, hi, _ = cell
    if lo <= SINGLE_UP_TO:
        return [(m, m + 1, 2) for m in range(lo, hi)]
    w = lo // 4
    return [(lo + j * w, lo + (j + 1) * w, par) for j in range(4) for par in (0, 1)]


@cache
def cell_law(spec: AlgorithmSpec, k: int, draws: int) -> tuple[tuple[Cell, ...], tuple[Any, ...]]:
    """The cells of ``1 <= M < 2^k`` for ``draws`` draws of the (unconditioned) law of
    ``spec``'s double-geometric or power-law operator, and their exact masses (mpmath)."""
    with mpmath.workdps(DPS):
        mass = _mass_function(spec)
        octaves = [(1 << (b - 1), 1 << b, 2) for b in range(1, k + 1)]
        cells: list[Cell] = []
        masses: list[Any] = []
        for octave in octaves:
            p = mass(octave)
            if p * draws >= REFINE_EXPECTED:
                for cell in _refined(octave):
                    cells.append(cell)
                    masses.append(mass(cell))
            else:
                cells.append(octave)
                masses.append(p)
    return tuple(cells), tuple(masses)


@cache
def heavy_candidates(spec: AlgorithmSpec, limit: int) -> tuple[dict[int, float], float, float]:
    """Definition 2 (with its truncation) on the engine's candidates for ``limit`` (module
    docstring, item 1): ``(P(M = m | candidate), P(candidate), half-width of its enclosure)``."""
    assert spec.eps is not None
    upper = (1 << limit.bit_length()) - 1
    law = magnitude_law(spec.eps, spec.log_base, spec.truncate, spec.r, upper)
    if spec.truncate == "clip" and spec.r is not None and spec.r > limit:
        law.pop(spec.r, None)  # the atom r > 2 f is never a candidate
    mids = {m: float(p.mid) for m, p in law.items()}
    total = mpmath.fsum(p.mid for p in law.values())
    half = mpmath.fsum(p.delta for p in law.values()) / 2
    return {m: float(v / total) for m, v in mids.items()}, float(total), float(half)


def _cell_keys(values: np.ndarray, cells: tuple[Cell, ...]) -> Counter[Any]:
    """Counts of ``values`` (magnitudes ``>= 1``) by cell; a value in no cell keeps its own key
    (``("outside", m)``: outside the support)."""
    starts = np.array([c[0] for c in cells], dtype=np.int64)
    ends = np.array([c[1] for c in cells], dtype=np.int64)
    split = np.array([c[2] != 2 for c in cells])
    v = np.asarray(values, dtype=np.int64)
    idx = np.searchsorted(starts, v, side="right") - 1
    ok = (idx >= 0) & (v < ends[np.maximum(idx, 0)])
    counts: Counter[Any] = Counter()
    for m in v[~ok]:
        counts[("outside", int(m))] += 1
    idx_ok, v_ok = idx[ok], v[ok]
    # a split octave has its two parities in consecutive cells (start, end, 0), (start, end, 1)
    idx_ok = idx_ok - (split[idx_ok] & (v_ok % 2 == 0)).astype(np.int64)
    for j, c in zip(*np.unique(idx_ok, return_counts=True), strict=True):
        counts[cells[int(j)]] += int(c)
    return counts


# ---------------------------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------------------------
def _params(spec: AlgorithmSpec) -> str:
    return ", ".join(f"{k}={v}" for k, v in spec.params().items() if k not in ("n", "a"))


def _limit(value: int) -> str:
    if value < 1000:
        return str(value)
    for base, name in ((2, "2"), (10, "10")):
        k = round(math.log(value, base))
        for off in range(-8, 9):
            if base**k + off == value:
                return f"{name}^{k}" + (f"{off:+d}" if off else "")
    return str(value)


EngineCase = tuple[str, AlgorithmSpec, int]
ReferenceCase = tuple[str, AlgorithmSpec, int]


def engine_sampler_tests(impl: Implementation, draws: CappedDraws, level: str,
                         progress: Callable[[str], None],
                         cases: tuple[EngineCase, ...] = ENGINE_CASES) -> list[TestOutcome]:
    """Item 1 of the module docstring, on an implementation with a ``sampler`` (``cases``: a
    subset of :data:`ENGINE_CASES`, for cheap tests of this module; a case keeps its seed)."""
    if impl.sampler is None:
        raise ValueError(f"the laws family on an engine needs its step sampler; {impl.name} "
                         "has none")
    n_draws = SIZES[level][0]
    out: list[TestOutcome] = []
    for label, spec, limit in cases:
        k = ENGINE_CASES.index((label, spec, limit))
        name = f"engine sampler, {label}, limit 2f = {_limit(limit)}"
        progress(f"laws/{impl.name}: {label}, limit {_limit(limit)}")
        rng = np.random.default_rng(np.random.SeedSequence([SAMPLERS_SEED, k]))
        magnitudes, mass = impl.sampler(spec, limit, n_draws, rng)
        law: Law
        if spec.heavy:
            heavy_law, exact_mass, half = heavy_candidates(spec, limit)
            law = dict(heavy_law)
            counts: Counter[Any] = Counter(
                {int(m): int(c) for m, c in zip(*np.unique(magnitudes, return_counts=True),
                                                strict=True)})
            tol = half + MASS_REL_TOL * exact_mass
            what = "candidates; cells: the powers of two and the clip atom"
        else:
            cells, masses = cell_law(spec, limit.bit_length(), n_draws)
            with mpmath.workdps(DPS):
                total = mpmath.fsum(masses)
                law = {c: float(p / total) for c, p in zip(cells, masses, strict=True)}
            counts = _cell_keys(magnitudes, cells)
            exact_mass, tol = float(total), MASS_REL_TOL * float(total)
            what = f"candidates; {len(cells)} cells before pooling"
        out.append(chi_square(f"{name}: law of the candidate magnitudes", law, counts, what))
        off = abs(mass - exact_mass)
        out.append(TestOutcome(
            f"{name}: candidate mass", 1.0 if off <= tol else 0.0, off / max(exact_mass, 1e-300),
            f"engine {mass!r}, exact P(candidate) = {exact_mass!r} "
            f"(difference {off:.3g}, tolerance {tol:.3g})"))
    return out


def _reference_law(spec: AlgorithmSpec, k: int, n_draws: int) -> Law:
    """The law of ``operator.sample(2^k - 1)``: the zero step, ``None`` (longer), and the signed
    magnitude cells (probability halved per sign)."""
    cells, masses = cell_law(spec, k, n_draws)
    law: Law = {}
    with mpmath.workdps(DPS):
        if spec.algorithm.endswith("-geom"):
            q = _ratio(spec)
            law[0] = float((1 - q) / (1 + q))
            beyond = 2 * mpmath.exp((1 << k) * mpmath.log(q)) / (1 + q)  # P(M >= 2^k)
        else:  # P(K >= 2^k) = 1 - P(1 <= K < 2^k), the latter the sum of the cells
            beyond = 1 - mpmath.fsum(masses)
        law[None] = float(beyond)
        for cell, p in zip(cells, masses, strict=True):
            law[(1, *cell)] = law[(-1, *cell)] = float(p / 2)
    return law


def reference_operator_tests(impl: Implementation, draws: CappedDraws, level: str,
                             progress: Callable[[str], None],
                             cases: tuple[ReferenceCase, ...] = REFERENCE_CASES
                             ) -> list[TestOutcome]:
    """Item 2 of the module docstring, on an implementation with an ``operator`` (``cases`` as
    in :func:`engine_sampler_tests`)."""
    if impl.operator is None:
        raise ValueError(f"{impl.name} exposes no step operator")
    n_draws = SIZES[level][1]
    out: list[TestOutcome] = []
    for label, spec, k in cases:
        j = REFERENCE_CASES.index((label, spec, k))
        limit = (1 << k) - 1
        name = f"operator {label}: law at limit 2^{k}-1"
        if draws.exhausted is not None:  # the family is rejected already: fail fast
            out.append(_skipped(name, draws))
            continue
        progress(f"laws/{impl.name}: operator {label}, limit 2^{k}-1")
        op = impl.operator(spec)
        rng = np.random.default_rng(np.random.SeedSequence([SAMPLERS_SEED, 100 + j]))
        steps = [op.sample(limit, rng) for _ in range(n_draws)]
        cells, _ = cell_law(spec, k, n_draws)
        counts: Counter[Any] = Counter(s for s in steps if s is None or s == 0)
        for sign in (1, -1):
            mags = np.array([abs(s) for s in steps if s is not None and s * sign > 0],
                            dtype=np.int64)
            for key, c in _cell_keys(mags, cells).items():
                counts[(sign, *key)] += c
        out.append(chi_square(name, _reference_law(spec, k, n_draws), counts,
                              f"the zero step, None and {len(cells)} signed magnitude cells "
                              "before pooling"))
    return out
