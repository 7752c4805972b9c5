r"""Step operators as the kernels see them: a *magnitude law* in octave bins, and its samplers.

Every step operator of the (1+1) EA and of RLS except ±1 is sign-symmetric: the step is ``±M``
with a uniform sign and a magnitude ``M >= 0`` from a law on the non-negative integers with
infinite support.  Notation (mapped once): ``M`` -- the magnitude; ``f`` -- the parent's
fitness ``f(x)``; ``L = 2 f`` -- the *admissibility limit* (a step longer than ``2 f`` is never
accepted, :mod:`zonemax.reference.operators`).  Three laws:

==========  ===============================================================  ===================
``HEAVY``   Definition 2: ``M = 2^(I-2)``, with its truncations              :mod:`~zonemax.reference.heavy_tailed`
``GEOM``    Rudolph (1994): ``M = |G1 - G2|``; ``P(M = 0) = (1-q)/(1+q)``,   :mod:`~zonemax.reference.double_geometric`
            ``P(M = m) = 2 (1-q) q^m / (1+q)`` for ``m >= 1``
``POWER``   ``P(M = k) = k^-beta / zeta(beta)``, ``k >= 1`` (no zero step)   :mod:`~zonemax.reference.power_law`
==========  ===============================================================  ===================

**Octave bins.**  Bin ``b = 0`` is the magnitude 0 and bin ``b >= 1`` the magnitudes
``2^(b-1) <= M < 2^b``, so the bin of ``M >= 1`` is ``bit_length(M)``.  The kernels see the law
through three float64 tables over ``b = 0..63`` and one number:

* ``ncum[b] = P(1 <= M < 2^b)`` (the *moving* mass of bins ``1..b``; ``ncum[0] = 0``);
* ``tail[b] = P(M >= 2^b)``, computed on its own (never as ``1 - ncum``, which cancels);
* ``moving = P(M >= 1)`` (1 for ``HEAVY`` and ``POWER``, ``2q/(1+q)`` for ``GEOM``).

**What the kernels ask.**  A phase of the kernels has a fixed ``key = jb = bit_length(2 f)``
(at most 62, since ``2 f < 2^62``, :data:`zonemax.engine.api.INT64_LIMIT`).  Its *candidate*
magnitudes are the bins ``1..jb``, i.e. ``1 <= M < 2^jb``, which contains every admissible
``M <= 2 f`` (``2 f < 2^jb``) and possibly longer ones, ``2 f < M < 2^jb``: those are drawn but
never accepted (the kernels' acceptance test rejects them), so treating them as candidates is
exact and costs at most the candidate mass above ``2 f``.  :func:`law_admissible` returns
``pi = ncum[jb]`` (candidate mass), ``tau = tail[jb]`` (the rest of the moving mass: steps that
surely make the offspring worse) and ``jb``; the phase key changes only when ``bit_length(2 f)``
changes.  For ``HEAVY`` the candidates are exactly the admissible powers ``2^j <= 2 f`` (a bin
holds one power of two) plus, with ``clip``, the atom ``r`` when ``r <= 2 f``: the rule and the
random stream are those of the former heavy-tailed kernels, bit for bit.

**Sampling a candidate** (:func:`law_magnitude`) by inversion of ``V = U pi``:

* ``HEAVY``: the bin ``b`` with ``ncum[b-1] <= V < ncum[b]``, magnitude ``2^(b-1)`` (or the clip
  atom ``r`` above ``ncum[jb]``) -- the former heavy-tailed sampler.
* ``GEOM`` and ``POWER``, *small* magnitudes (``M < 2^SMALL_BITS``, all of them when ``jb <=
  SMALL_BITS``): the least ``m`` with ``V < small[m]``, where ``small[m] = P(1 <= M <= m)``
  (galloping, then binary search; ``ncum[b] = small[2^b - 1]`` for ``b <= SMALL_BITS``, the
  same floats, so the two tables partition ``[0, pi)`` consistently).
* ``GEOM`` and ``POWER``, larger magnitudes: the bin ``b > SMALL_BITS`` with ``ncum[b-1] <= V <
  ncum[b]``, then the magnitude inside the bin, exactly:

* ``GEOM``: given bin ``b``, ``M = 2^(b-1) + G`` with ``P(G = g) ∝ q^g`` on ``0 <= g < 2^(b-1)``.
  **Its binary digits are independent**: writing ``g = sum_i g_i 2^i``,
  ``q^g = prod_i q^(g_i 2^i)``, and ``sum_{g < 2^w} q^g = prod_{i < w} (1 + q^(2^i))`` (expand the
  product: every ``g < 2^w`` appears once, by its binary expansion), so
  ``P(G = g) = prod_{i < w} q^(g_i 2^i) / (1 + q^(2^i))``: digit ``i`` is 1 with probability
  ``bits[i] = q^(2^i) / (1 + q^(2^i))``, independently (:func:`geom_in_bin`).  ``b - 1``
  Bernoulli draws, no rounding of a large float into an integer.
* ``POWER``: given bin ``b`` with ``lo = 2^(b-1)``, a proposal ``k`` uniform on ``[lo, 2 lo)``
  (``b - 1`` random bits, exact) is accepted with probability ``(lo / k)^beta <= 1``; an accepted
  ``k`` has probability proportional to ``(1/lo) (lo/k)^beta ∝ k^-beta``, the law restricted to
  the bin (rejection sampling).  The acceptance rate is at least ``1/lo`` (``k = lo`` is always
  accepted) and at least about ``(1 - 2^(1-beta)) / (beta - 1)`` (the integral of ``x^-beta``
  over ``[1, 2]``), so a draw in bin ``b`` costs ``O(min(2^b, beta))`` proposals
  (:func:`power_in_bin`).

**Accuracy.**  Every table entry is computed in Arb ball arithmetic (python-flint; the heavy
tables in 40-digit mpmath, :mod:`zonemax.engine._heavy_law`) until its relative accuracy is at
least :data:`TABLE_BITS` bits, then rounded to float64.  Every random decision compares one
``rng.random()`` (53 random bits) with such a probability, so each decision's probability is
resolved to about ``2^-53`` -- the sense of "exact in distribution" of the whole engine
(:mod:`zonemax.engine._random`).  Nothing is truncated: the tables cover every magnitude below
``2^63`` (bins ``1..63``) and the mass beyond it is never a candidate.  The within-bin samplers use
integers for the magnitudes, so even at ``M ~ 2^61`` every integer keeps its own probability
(float inversion of a large magnitude would merge neighbouring integers).

**Limits.**  The power law's ``beta`` enters the acceptance probability as a float64, clamped to
:data:`BETA_CLAMP`: beyond it every bin ``b >= 2`` has probability ``< 2^-2048``, which float64
stores as 0, so those bins are never drawn and the clamp changes nothing (likewise the
rounding of ``beta`` to float64 changes an acceptance probability by a relative ``<= beta ln 2
2^-53``).  For ``beta >= 1100`` and ``beta - 1 <= 10^-340`` the float64 tables are known in
closed form (:data:`BETA_ONE_STEP`, :data:`BETA_NO_STEP`); in between, Arb needs at most about
1200 bits (the cancellation in ``ncum = 1 - tail`` costs ``log2(1/(beta - 1))`` bits).  The
double-geometric formulas above have no cancellation (``1 - q`` and ``log q`` are formed
directly, ``1 - q^N`` as ``-expm1``), so their relative accuracy is about the working precision
less ``log2`` of the largest exponent ``2^63 |log q|``: about ``TABLE_BITS + 64 + log2(1 + |log
q|)`` bits, under 150 for every ``q`` the command line can express (``|log q| < 5000``).  Tables
that :data:`MAX_PREC` bits would not give to ``TABLE_BITS`` correct bits -- none, by the above --
are refused with a ``ValueError`` (:func:`magnitude_law`), which
:func:`zonemax.engine.api.unsupported` reports.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from zonemax.engine._heavy_law import heavy_tables
from zonemax.engine._jit import inner
from zonemax.engine._random import TWO_53, bit_length
from zonemax.reference.params import LogBase, Truncation
from zonemax.reference.spec import GEOM_ALGORITHMS, POWER_ALGORITHMS, AlgorithmSpec

#: Law kinds (see the module docstring).
HEAVY = 0
GEOM = 1
POWER = 2
#: Bins ``0..TOP`` are tabulated (``b = 63``: magnitudes ``[2^62, 2^63)``, never a candidate).
TOP = 63
#: Largest key ``jb = bit_length(2 f)``: ``2 f < 2^62`` (:data:`zonemax.engine.api.INT64_LIMIT`).
KEY_MAX = 62
#: Relative accuracy (bits) every table entry has before it is rounded to float64 (53 bits).
TABLE_BITS = 60
#: Starting and largest working precision (bits) of the Arb table computations.
START_PREC = 128
MAX_PREC = 1 << 15
#: Magnitudes below ``2^SMALL_BITS`` are drawn from their cumulative table ``small`` (a binary
#: search of 8 steps instead of bit draws or rejection; 256 entries).
SMALL_BITS = 8
SMALL = 1 << SMALL_BITS
#: Largest ``beta`` used in the power law's acceptance test (module docstring, "Limits").
BETA_CLAMP = 2048.0
#: Power-law exponents whose float64 tables are known without computing (``_power_law``):
#: from ``beta >= 1100`` every step is 1 in float64, for ``beta - 1 <= 10^-340`` every candidate
#: mass is 0 (both with a margin: the bounds reach ``2^-1076`` at ``beta = 1077`` and
#: ``beta - 1 = 10^-326``, below half the smallest float64 subnormal ``2^-1074``).
BETA_ONE_STEP = Fraction(1100)
BETA_NO_STEP = Fraction(1, 10**340)


class MagnitudeLaw(NamedTuple):
    """A magnitude law in the form the kernels take (module docstring)."""

    kind: int  #: HEAVY, GEOM or POWER
    ncum: np.ndarray  #: ``P(1 <= M < 2^b)``, ``b = 0..TOP``
    tail: np.ndarray  #: ``P(M >= 2^b)``
    moving: float  #: ``P(M >= 1)``
    top: int  #: largest candidate bin (HEAVY: ``jtop + 1``; else :data:`KEY_MAX`)
    clip: bool  #: HEAVY ``"clip"``: the mass ``tail[top]`` sits on the magnitude ``r``
    r: int  #: the clip atom (0 otherwise)
    bits: np.ndarray  #: GEOM: ``P(binary digit i of G is 1) = q^(2^i)/(1 + q^(2^i))``
    nbits: int  #: GEOM: number of non-zero ``bits`` (later digits are 0 in float64)
    beta: float  #: POWER: the exponent, clamped to :data:`BETA_CLAMP`
    small: np.ndarray  #: GEOM, POWER: ``P(1 <= M <= m)``, ``m = 0..SMALL - 1`` (HEAVY: unused)


def magnitude_law(spec: AlgorithmSpec) -> MagnitudeLaw:
    """The (cached) law of the spec's step operator; ``ValueError`` if the tables cannot be made
    accurate (module docstring, "Limits") or the spec has no magnitude law."""
    if spec.heavy:
        assert spec.eps is not None
        return _heavy_law(spec.eps, spec.log_base, spec.truncate, spec.r)
    if spec.algorithm in GEOM_ALGORITHMS:
        return _geom_law(spec.geom_q, spec.geom_mean)
    if spec.algorithm in POWER_ALGORITHMS:
        assert spec.power_exponent is not None
        return _power_law(spec.power_exponent)
    raise ValueError(f"{spec.algorithm} has no magnitude law (its steps are ±1 or adaptive)")


def _frozen(values: list[float]) -> np.ndarray:
    out = np.array(values, dtype=np.float64)
    out.setflags(write=False)
    return out


_NO_BITS = _frozen([0.0])


@lru_cache(maxsize=64)
def _heavy_law(eps: Fraction, log_base: LogBase, truncate: Truncation, r: int | None
               ) -> MagnitudeLaw:
    """Definition 2 from :func:`zonemax.engine._heavy_law.heavy_tables`: bin ``b = j + 1`` holds
    the power ``2^j`` (``ncum[b] = cum[j]``, ``tail[b] = tail[j]``)."""
    t = heavy_tables(eps, log_base, truncate, r)
    ncum = [0.0] + [float(x) for x in t.cum] + [1.0] * (TOP - t.cum.shape[0])
    tail = [1.0] + [float(x) for x in t.tail] + [0.0] * (TOP - t.tail.shape[0])
    return MagnitudeLaw(HEAVY, _frozen(ncum), _frozen(tail), 1.0, t.jtop + 1, t.clip, t.r,
                        _NO_BITS, 0, 0.0, _NO_BITS)


def _to_float(x: Any) -> float:
    return float(x)


def _with_small(ncum: list[float], small: list[float]) -> list[float]:
    """``ncum`` with ``ncum[b] = small[2^b - 1]`` for ``b <= SMALL_BITS`` (the same floats)."""
    return [small[(1 << b) - 1] if b <= SMALL_BITS else x for b, x in enumerate(ncum)]


def _accurate(compute: Any) -> list[Any]:
    """``compute()`` (a list of Arb balls) at increasing precision until every non-zero entry
    has :data:`TABLE_BITS` correct bits; ``ValueError`` beyond :data:`MAX_PREC`."""
    from flint import ctx

    prec = START_PREC
    while prec <= MAX_PREC:
        with ctx.workprec(prec):
            values = compute()
        if all(v.is_exact() or v.rel_accuracy_bits() >= TABLE_BITS for v in values):
            return values
        prec *= 2
    raise ValueError(f"the fast engine's law tables need more than {MAX_PREC} bits of working "
                     "precision for these parameters")


def geom_ratio(q_given: Fraction | None, mean: Fraction | None) -> tuple[Any, Any]:
    """``(q, 1 - q)`` as Arb balls at the current working precision: ``q`` given, or solved
    from the mean step length ``m = 2q/(1 - q^2)`` (:func:`_geom_law`), each without
    cancellation."""
    from flint import arb, fmpq

    if q_given is not None:
        return (arb(fmpq(q_given.numerator, q_given.denominator)),
                arb(fmpq((1 - q_given).numerator, (1 - q_given).denominator)))
    assert mean is not None
    m = arb(fmpq(mean.numerator, mean.denominator))
    s = (1 + m * m).sqrt()
    return m / (1 + s), (1 + m / (s + 1)) / (s + m)


@lru_cache(maxsize=64)
def _geom_law(q_given: Fraction | None, mean: Fraction | None) -> MagnitudeLaw:
    """Rudolph's law (module docstring); ``q`` given or solved from the mean step length
    ``2q/(1 - q^2)`` as in :mod:`zonemax.reference.double_geometric`:
    ``q = m / (1 + s)``, ``1 - q = (1 + m/(s + 1)) / (s + m)``, ``s = sqrt(1 + m^2)``."""
    def compute() -> list[Any]:
        q, one_minus_q = geom_ratio(q_given, mean)
        log_q = (-one_minus_q).log1p()
        moving = 2 * q / (1 + q)  # P(M >= 1) = 1 - (1-q)/(1+q)
        # P(M >= 2^b) = 2 q^(2^b) / (1 + q);  P(1 <= M < 2^b) = 2q (1 - q^(2^b - 1)) / (1 + q)
        tail = [2 * (log_q * 2**b).exp() / (1 + q) for b in range(TOP + 1)]
        ncum = [moving * -(log_q * (2**b - 1)).expm1() for b in range(1, TOP + 1)]
        # digit i of G: 1 with probability q^(2^i) / (1 + q^(2^i)) = 1 / (1 + q^(-2^i))
        bits = [1 / (1 + (-log_q * 2**i).exp()) for i in range(KEY_MAX)]
        # P(1 <= M <= m) = 2q (1 - q^m) / (1 + q)
        small = [moving * -(log_q * m).expm1() for m in range(1, SMALL)]
        return [moving, *tail, *ncum, *bits, *small]

    values = [_to_float(v) for v in _accurate(compute)]
    moving, tail = values[0], values[1:TOP + 2]
    small = [0.0, *values[2 * TOP + 2 + KEY_MAX:]]
    ncum = _with_small([0.0, *values[TOP + 2:2 * TOP + 2]], small)
    bits = values[2 * TOP + 2:2 * TOP + 2 + KEY_MAX]
    nbits = next((i for i, p in enumerate(bits) if p == 0.0), len(bits))
    return MagnitudeLaw(GEOM, _frozen(ncum), _frozen(tail), moving, KEY_MAX, False, 0,
                        _frozen(bits), nbits, 0.0, _frozen(small))


@lru_cache(maxsize=64)
def _power_law(beta: Fraction) -> MagnitudeLaw:
    """``P(K = k) = k^-beta / zeta(beta)``: ``tail[b] = zeta(beta, 2^b) / zeta(beta)`` (Hurwitz
    zeta) and ``ncum[b] = (zeta(beta) - zeta(beta, 2^b)) / zeta(beta)``, in Arb."""
    from flint import arb, fmpq

    if beta >= BETA_ONE_STEP:
        # P(K >= 2) = zeta(beta, 2)/zeta(beta) <= 2^-beta (1 + 2/(beta - 1)) < 2^-1076: float64
        # stores it as 0 and P(K = 1) as 1
        return MagnitudeLaw(POWER, _frozen([0.0] + [1.0] * TOP), _frozen([1.0] + [0.0] * TOP),
                            1.0, KEY_MAX, False, 0, _NO_BITS, 0, BETA_CLAMP,
                            _frozen([0.0] + [1.0] * (SMALL - 1)))
    if beta - 1 <= BETA_NO_STEP:
        # P(K < 2^63) <= (1 + 63 ln 2)/zeta(beta) <= 45 (beta - 1) < 2^-1076 (zeta(beta) >=
        # 1/(beta - 1), integral test): float64 stores every candidate mass as 0
        return MagnitudeLaw(POWER, _frozen([0.0] * (TOP + 1)), _frozen([1.0] * (TOP + 1)),
                            1.0, KEY_MAX, False, 0, _NO_BITS, 0, 1.0, _frozen([0.0] * SMALL))

    def compute() -> list[Any]:
        b_ = arb(fmpq(beta.numerator, beta.denominator))
        zeta = b_.zeta()
        hurwitz = [b_.zeta(arb(2**b)) for b in range(1, TOP + 1)]
        partial, small = arb(0), []
        for k in range(1, SMALL):  # P(1 <= K <= m) = sum_{k <= m} k^-beta / zeta(beta)
            partial += arb(k) ** -b_
            small.append(partial / zeta)
        return ([h / zeta for h in hurwitz]
                + [(zeta - h) / zeta for h in hurwitz] + small)

    values = [_to_float(v) for v in _accurate(compute)]
    tail = [1.0, *values[:TOP]]
    small = [0.0, *values[2 * TOP:]]
    ncum = _with_small([0.0, *values[TOP:2 * TOP]], small)
    return MagnitudeLaw(POWER, _frozen(ncum), _frozen(tail), 1.0, KEY_MAX, False, 0, _NO_BITS,
                        0, float(min(beta, Fraction(BETA_CLAMP))), _frozen(small))


# --------------------------------------------------------------------------------------------
# jitted: the law seen through the admissibility limit, and its samplers
# --------------------------------------------------------------------------------------------
@njit(nogil=True, cache=True, inline="always")
def law_admissible(law: MagnitudeLaw, limit: int) -> tuple[float, float, int, bool]:
    """``(pi, tau, jb, clip_ok)`` for the limit ``2 f`` (module docstring): candidate mass
    ``pi = P(1 <= M < 2^jb)``, ``tau = P(M >= 2^jb)``, the key ``jb = bit_length(limit)``
    (at most ``law.top``) and, for a clipped ``HEAVY`` law, whether its atom ``r <= limit``
    (then every magnitude is a candidate: ``pi = 1``, ``tau = 0``)."""
    return admissible_parts(law.ncum, law.tail, law.top, law.clip, law.r, limit)


@njit(nogil=True, cache=True, inline="always")
def admissible_parts(ncum: np.ndarray, tail: np.ndarray, top: int, clip: bool, clip_r: int,
                     limit: int) -> tuple[float, float, int, bool]:
    """:func:`law_admissible` from the law's fields (``clip_r`` = ``law.r``).  The kernels take
    the fields out of the :class:`MagnitudeLaw` once, before their loop: reading an array field
    of the tuple inside the loop costs reference counting on every iteration (``ea-heavy``,
    n = 100, r = 10^12, 20 runs: 695 ms with the fields read from the tuple, 545 ms with them as
    locals; measured 2026-11-27, benchmarks/README.md)."""
    jb = min(bit_length(limit), top)
    if clip and clip_r <= limit:
        return 1.0, 0.0, jb, True  # r <= limit: every power <= r is admissible as well
    return ncum[jb], tail[jb], jb, False


@njit(nogil=True, cache=True, inline="always")
def random_bits(rng: np.random.Generator, width: int) -> int:
    """A uniform integer on ``[0, 2^width)``, ``0 <= width <= 62``: the top ``width`` of the
    53 random bits of ``rng.random()`` (two draws above 53)."""
    x = int(rng.random() * TWO_53)
    if width <= 53:
        return x >> (53 - width)
    y = int(rng.random() * TWO_53) >> (106 - width)
    return (x << (width - 53)) | y


@inner
def geom_in_bin(rng: np.random.Generator, bits: np.ndarray, nbits: int, b: int) -> int:
    """``M`` in bin ``b >= 1`` of the double-geometric law: ``2^(b-1)`` plus independent binary
    digits, digit ``i`` one with probability ``bits[i]`` (module docstring)."""
    m = 1 << (b - 1)
    for i in range(min(b - 1, nbits)):  # digits i >= nbits are 0 (probability 0 in float64)
        if rng.random() < bits[i]:
            m += 1 << i
    return m


@inner
def power_in_bin(rng: np.random.Generator, beta: float, b: int) -> int:
    """``K`` in bin ``b >= 1`` of the power law: uniform proposals on ``[lo, 2 lo)``, ``lo =
    2^(b-1)``, accepted with probability ``(lo / k)^beta`` (module docstring)."""
    lo = 1 << (b - 1)
    while True:
        off = random_bits(rng, b - 1)
        if off == 0 or rng.random() < np.exp(-beta * np.log1p(off / lo)):
            return lo + off


@njit(nogil=True, cache=True, inline="always")
def small_magnitude(small: np.ndarray, v: float, top: int) -> int:
    """The least ``m`` in ``[1, top]`` with ``v < small[m]`` (``top`` if none: round-off):
    galloping (``m = 1, 2, 4, ...``; most mass sits on the first magnitudes) then binary search;
    ``small[0] = 0 <= v``."""
    lo = 0  # invariant: small[lo] <= v, and the answer is in (lo, hi]
    hi = 1
    while hi < top and v >= small[hi]:
        lo = hi
        hi *= 2
    hi = min(hi, top)
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if v < small[mid]:
            hi = mid
        else:
            lo = mid
    return hi


@inner
def law_magnitude(rng: np.random.Generator, law: MagnitudeLaw, pi: float, jb: int,
                  clip_ok: bool) -> int:
    """A candidate magnitude: the law conditioned on ``1 <= M < 2^jb`` (mass ``pi``), or for a
    clipped ``HEAVY`` law with ``clip_ok`` on ``M`` admissible (module docstring).

    Inversion of ``V = U pi``: against ``small`` below ``2^SMALL_BITS`` (``GEOM``, ``POWER``),
    against ``ncum`` for the bins above; above ``ncum[jb]`` only the clip atom remains (or float
    round-off, of probability at most ``2^-53``, mapped to bin ``jb``).  ``HEAVY`` is
    :func:`heavy_magnitude`, which the kernels inline on its own: inlining this whole function,
    with the other kinds' samplers, into a kernel's loop slowed its ``HEAVY`` runs 1.3x in the
    EA and 1.45x in RLS (measured 2026-11-27), so they call this one for the other kinds.
    """
    if law.kind == HEAVY:
        return heavy_magnitude(rng, law.ncum, pi, jb, clip_ok, law.r)
    v = rng.random() * pi
    if jb <= SMALL_BITS:
        return small_magnitude(law.small, v, (1 << jb) - 1)
    if v < law.ncum[SMALL_BITS]:
        return small_magnitude(law.small, v, SMALL - 1)
    b = jb  # above ncum[jb]: float round-off only (no clip atom outside HEAVY)
    for c in range(SMALL_BITS + 1, jb + 1):
        if v < law.ncum[c]:
            b = c
            break
    if law.kind == GEOM:
        return geom_in_bin(rng, law.bits, law.nbits, b)
    return power_in_bin(rng, law.beta, b)


@njit(nogil=True, cache=True, inline="always")
def heavy_magnitude(rng: np.random.Generator, ncum: np.ndarray, pi: float, jb: int,
                    clip_ok: bool, clip_r: int) -> int:
    """:func:`law_magnitude` for ``HEAVY``: the bin ``b`` by inversion against ``ncum``, the
    magnitude Definition 2's power ``2^(I-2) = 2^(b-1)`` (``I = b + 1``); above ``ncum[jb]`` the
    clip atom ``clip_r`` if ``clip_ok``, else float round-off mapped to bin ``jb``."""
    v = rng.random() * pi
    for c in range(1, jb + 1):
        if v < ncum[c]:
            return 1 << (c - 1)
    if clip_ok:
        return clip_r
    return 1 << (jb - 1)


@njit(nogil=True, cache=True)
def draw_candidates(rng: np.random.Generator, law: MagnitudeLaw, limit: int, count: int
                    ) -> np.ndarray:
    """``count`` independent candidate magnitudes for the limit ``limit`` (what a kernel draws
    in a phase with ``f = limit / 2``); for tests and diagnostics."""
    pi, _, jb, clip_ok = law_admissible(law, limit)
    out = np.empty(count, np.int64)
    for i in range(count):
        out[i] = law_magnitude(rng, law, pi, jb, clip_ok)
    return out
