"""Random primitives for the jitted kernels, built on ``np.random.Generator.random()`` only.

numba (>= 0.56; verified for 0.68) accepts a ``numpy.random.Generator`` as an argument of a
nopython function and calls its bit generator directly, so every kernel draws from the
Generator of its own run (SPEC 7; no global seeding).  Only ``rng.random()`` is used: it is the
cheapest call (about 4 ns in numba 0.68 on the benchmark machine, against about 35 ns for
``rng.integers``) and, for numpy's bit generators, returns exactly ``(next_uint64 >> 11) * 2^-53``,
i.e. ``J / 2^53`` with ``J`` uniform on ``{0, ..., 2^53 - 1}``.  From it:

* :func:`uniform_int` -- an exactly uniform integer in ``[0, k)`` (Lemire's multiply-and-reject
  on the 53 bits of ``J``; modulo rejection for large ``k``).  No bias.
* :func:`uniform_pair` -- two independent exactly uniform integers from one ``J`` (small ranges);
  :func:`distinct_pair` -- a uniform ordered pair of distinct integers from it.
* :func:`phase_trials` -- the number of Bernoulli(q) trials needed for a given number of
  successes (numba's ``Generator.negative_binomial``, numpy's exact Gamma-Poisson mixture, or
  for few successes a sum of geometric variables drawn by inversion), saturated at the engine's
  range ``2^62`` (:mod:`zonemax.engine._range`).
* :func:`count_in_window` -- a hypergeometric draw (successes in a window), sequentially.
* :func:`binomial_small` -- ``Bin(N, s)`` (optionally conditioned on being ``>= 1``) by
  inversion with the pmf recurrence; used only for ``N s <= ~1`` (numbers of mutated
  positions), where the walk takes O(1) steps; :func:`binomial_setup` / :func:`binomial_draw`
  split it for kernels that draw many with the same parameters.

Float64 inversion means probabilities are resolved to about ``2^-53``: this is the sense in
which the engine is "exact in distribution" (the reference itself decides every mutation by a
float comparison ``rng.random() < 1/n``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from zonemax.engine._jit import inner
from zonemax.engine._range import COUNT_RANGE, COUNT_RANGE_F, POISSON_BEYOND, add_counts

if TYPE_CHECKING:
    def typed_int(x: int) -> int:
        """See below."""
        ...

    def typed_bool(x: bool) -> bool:
        """See below."""
        ...
else:
    #: ``typed_int(0)``, ``typed_bool(True)``: a value numba types as ``int64`` / ``bool``, not
    #: as ``Literal[int](0)`` / ``Literal[bool](True)``.  A constant passed to a jitted helper
    #: (or a counter still holding its initial constant when numba types the call) compiles a
    #: Literal specialisation of the helper and of everything it calls, besides the general one:
    #: 36 extra signatures in the Section 6 grid's kernels before the cold-start work.  For
    #: mypy they are the identity on int / bool.
    typed_int = np.int64
    typed_bool = np.bool_

#: 2^53: ``rng.random()`` is ``J / 2^53`` with ``J`` uniform on ``[0, 2^53)`` (numpy's
#: ``next_double``: ``(next_uint64 >> 11) * (1.0 / 9007199254740992.0)``).
TWO_53 = 9007199254740992.0
#: Largest ``k`` for which ``J * k`` fits in int64 (``2^53 * 2^10 = 2^63``): Lemire's method.
LEMIRE_MAX_K = 1 << 10


@njit(nogil=True, cache=True, inline="always")
def uniform_int(rng: np.random.Generator, k: int) -> int:
    """Exactly uniform integer in ``[0, k)`` for ``1 <= k < 2^53``."""
    if k <= 1:
        return 0
    if k <= LEMIRE_MAX_K:
        # Lemire (2019): J*k = hi*2^53 + lo; reject lo < 2^53 mod k.
        while True:
            j = int(rng.random() * TWO_53)
            prod = j * k
            lo = prod & ((1 << 53) - 1)
            if lo >= k or lo >= ((1 << 53) % k):
                return prod >> 53
    limit = ((1 << 53) // k) * k  # largest multiple of k below 2^53
    while True:
        j = int(rng.random() * TWO_53)
        if j < limit:
            return j % k


#: :func:`uniform_pair` splits the 53 bits of one ``J`` into 27 + 26 independent bits.
PAIR_HI_BITS = 27
PAIR_LO_BITS = 26
#: Largest range :func:`uniform_pair` serves from one draw (rejection probability
#: ``<= k / 2^26 = 2^-10``).
PAIR_MAX_K = 1 << 16


@njit(nogil=True, cache=True, inline="always")
def uniform_pair(rng: np.random.Generator, k1: int, k2: int) -> tuple[int, int]:
    """Independent exactly uniform integers in ``[0, k1)`` and ``[0, k2)`` from one draw.

    The 53 bits of ``J`` are i.i.d. uniform, so ``J >> 26`` and ``J mod 2^26`` are independent
    uniform integers on ``[0, 2^27)`` and ``[0, 2^26)``; Lemire's multiply-and-reject maps each
    to its range without bias, and redrawing unless both are accepted keeps them independent
    and uniform (the accepted set is a product).  Ranges beyond ``PAIR_MAX_K`` fall back to
    two :func:`uniform_int` draws.  For ``k1, k2 >= 1``.
    """
    if k1 > PAIR_MAX_K or k2 > PAIR_MAX_K:
        return uniform_int(rng, k1), uniform_int(rng, k2)
    while True:
        j = int(rng.random() * TWO_53)
        x1 = (j >> PAIR_LO_BITS) * k1
        x2 = (j & ((1 << PAIR_LO_BITS) - 1)) * k2
        l1 = x1 & ((1 << PAIR_HI_BITS) - 1)
        l2 = x2 & ((1 << PAIR_LO_BITS) - 1)
        if ((l1 >= k1 or l1 >= (1 << PAIR_HI_BITS) % k1)
                and (l2 >= k2 or l2 >= (1 << PAIR_LO_BITS) % k2)):
            return x1 >> PAIR_HI_BITS, x2 >> PAIR_LO_BITS


@njit(nogil=True, cache=True, inline="always")
def distinct_pair(rng: np.random.Generator, k: int) -> tuple[int, int]:
    """A uniform ordered pair of distinct integers in ``[0, k)`` (``k >= 2``): the second is
    uniform on the other ``k - 1`` (one draw when ``k <= PAIR_MAX_K``)."""
    i1, i2 = uniform_pair(rng, k, k - 1)
    return i1, i2 + (i2 >= i1)


@njit(nogil=True, cache=True, inline="always")
def repeated(sample: np.ndarray, count: int, x: int) -> bool:
    """Whether ``x`` is among ``sample[:count]``: the repeat test of sampling without
    replacement by redrawing (each draw uniform on the whole range, redrawn on a repeat)."""
    for i in range(count):  # noqa: SIM110 (a loop numba compiles, not any() of a generator)
        if sample[i] == x:
            return True
    return False


# Out-of-line versions for callers that run rarely (block ends, :mod:`zonemax.engine._pm1_rows`):
# each inlines its helper once, where an ``inline="always"`` call copies (and compiles) the
# helper at every call site; the same code and the same draws.


@inner
def uniform_int_call(rng: np.random.Generator, k: int) -> int:
    """:func:`uniform_int`, not inlined."""
    return uniform_int(rng, k)


@inner
def uniform_pair_call(rng: np.random.Generator, k1: int, k2: int) -> tuple[int, int]:
    """:func:`uniform_pair`, not inlined."""
    return uniform_pair(rng, k1, k2)


@inner
def distinct_pair_call(rng: np.random.Generator, k: int) -> tuple[int, int]:
    """:func:`distinct_pair`, not inlined."""
    return distinct_pair(rng, k)


#: :func:`phase_trials` sums this many geometric variables or fewer by inversion (about 20 ns
#: each) instead of drawing one negative binomial (about 150 ns; both measured).
PHASE_INVERSION_MAX = 4


@njit(nogil=True, cache=True)
def phase_trials(rng: np.random.Generator, useful: int, q: float) -> int:
    """Iterations of a phase that contained ``useful`` useful ones, each useful w.p. ``q``;
    ``COUNT_RANGE`` (``2^62``) if they are at least that many (:mod:`zonemax.engine._range`).

    Within a phase the iterations are i.i.d. Bernoulli(q) trials (useful or not) and the phase
    ends right after its last useful iteration, so its length is the sum of ``useful``
    independent Geometric(q) variables: ``useful + NegBin(useful, q)`` failures.  numpy's
    negative binomial is the exact Gamma-Poisson mixture, ``NegBin(c, q) = Poisson(G (1 - q)/q)``
    with ``G ~ Gamma(c, 1)``; it is drawn here as those two draws, in numpy's (and numba's)
    order and arithmetic, so that a Poisson mean beyond the range is caught before the Poisson
    draw (:data:`~zonemax.engine._range.POISSON_BEYOND`; numba's Poisson sampler converts a
    mean beyond int64 into a meaningless int64 instead of raising).  Every value below
    ``2^62`` keeps its probability; only the event "at least ``2^62``" is merged into one value.
    """
    if useful <= 0:
        return 0
    if useful >= COUNT_RANGE:
        return COUNT_RANGE
    if q >= 1.0:
        return useful
    if useful <= PHASE_INVERSION_MAX:
        # the same sum drawn term by term: Geometric(q) failures by inversion,
        # P(floor(log U / log(1 - q)) >= j) = P(U <= (1 - q)^j) = (1 - q)^j, U in (0, 1]
        log_fail = math.log1p(-q)
        total = useful
        for _ in range(useful):
            g = math.log(1.0 - rng.random()) / log_fail
            if g >= COUNT_RANGE_F:  # also inf (q so small that log_fail underflows)
                return COUNT_RANGE
            total = add_counts(total, int(g))
        return total
    # NegBin(useful, q) as numba's Generator.negative_binomial draws it, bit for bit
    lam = rng.standard_gamma(useful) * ((1 - q) / q)
    if lam >= POISSON_BEYOND:  # also inf
        return COUNT_RANGE
    return add_counts(useful, rng.poisson(lam))


#: :func:`binomial_setup` markers (in place of the first outcome) for the degenerate laws.
BINOMIAL_ZERO = -1  # n_trials <= 0 or s <= 0: always 0
BINOMIAL_ALL = -2  # s >= 1: always n_trials


@njit(nogil=True, cache=True)
def binomial_setup(n_trials: int, s: float, at_least_one: bool
                   ) -> tuple[float, float, float, int]:
    """The part of :func:`binomial_small` that depends only on ``(n_trials, s, at_least_one)``:
    ``(P(m0), scale, s/(1 - s), m0)``, computed once per phase by the kernels that draw many
    binomials with the same parameters (:func:`binomial_draw`)."""
    if n_trials <= 0 or s <= 0.0:
        return 0.0, 0.0, 0.0, BINOMIAL_ZERO
    if s >= 1.0:
        return 0.0, 0.0, 0.0, BINOMIAL_ALL
    log_p0 = n_trials * math.log1p(-s)
    pm = math.exp(log_p0)
    ratio = s / (1.0 - s)
    if at_least_one:
        # inverse-CDF target inside the mass of {>= 1}; the walk starts at P(1)
        return pm * n_trials * ratio, -math.expm1(log_p0), ratio, 1
    return pm, 1.0, ratio, 0


@njit(nogil=True, cache=True, inline="always")
def binomial_draw(rng: np.random.Generator, n_trials: int,
                  setup: tuple[float, float, float, int]) -> int:
    """One draw of :func:`binomial_small` from its :func:`binomial_setup` (the same arithmetic,
    so the same result for the same random number)."""
    pm, scale, ratio, m = setup
    if m == BINOMIAL_ZERO:
        return 0
    if m == BINOMIAL_ALL:
        return n_trials
    u = rng.random() * scale  # scale = 1 (exactly u) unless conditioned on >= 1
    acc = pm
    while u >= acc and m < n_trials:
        pm *= (n_trials - m) / (m + 1.0) * ratio
        m += 1
        acc += pm
    return m


@njit(nogil=True, cache=True)
def binomial_small(rng: np.random.Generator, n_trials: int, s: float, at_least_one: bool) -> int:
    """``Bin(n_trials, s)``, conditioned on ``>= 1`` if ``at_least_one``, by inversion.

    The pmf is walked upwards with ``P(m+1) = P(m) (N - m)/(m + 1) * s/(1 - s)`` from
    ``P(0) = (1 - s)^N``; conditioning on ``>= 1`` divides by ``1 - P(0)``, computed as
    ``-expm1(N log1p(-s))`` without cancellation.  Meant for ``N s = O(1)``.
    """
    return binomial_draw(rng, n_trials, binomial_setup(n_trials, s, at_least_one))


@njit(nogil=True, cache=True, inline="always")
def bit_length(x: int) -> int:
    """``int.bit_length`` for ``0 <= x < 2^63`` (binary search over the shifts 32, 16, ..., 1)."""
    b = 0
    shift = 32
    while shift > 0:
        if x >= (1 << shift):
            x >>= shift
            b += shift
        shift >>= 1
    return b + (1 if x > 0 else 0)


@inner
def count_in_window(rng: np.random.Generator, successes: int, slots: int, window: int) -> int:
    """How many of ``successes`` uniformly placed (without replacement) among ``slots`` slots
    fall into the first ``window`` (a hypergeometric draw, sequentially)."""
    got = 0
    for i in range(successes):
        if rng.random() * (slots - i) < window - got:
            got += 1
    return got
