"""The heavy-tailed operator (Definition 2) as the kernels see it: float64 tables from the reference.

The tables are built from :mod:`zonemax.reference`; the kernels see the law of the exponent
through ``j = I - 2`` (magnitude ``2^j``):

* ``cum[j]`` -- probability of a magnitude ``<= 2^j`` among the powers of two (for
  ``"condition"`` already divided by ``P(2^(I-2) <= r)``);
* ``tail[j] = 1 - cum[j]``, evaluated in mpmath (40 digits) so that small complements keep full
  relative precision;
* ``jtop`` -- the largest power that can occur (``bit_length(r) - 1`` for a range ``r``;
  :data:`J_MAX` untruncated);
* ``clip`` / ``r`` -- for ``"clip"`` the mass ``tail[jtop]`` sits on the magnitude ``r``.

All probabilities come from :meth:`zonemax.reference.heavy_tailed.HeavyTailed.exponent_cdf`,
which uses the reference's ``c_eps`` (midpoint of its rigorous enclosure), so engine and reference
sample the same law; ``tests/test_engine.py`` checks the tables against
:meth:`~zonemax.reference.heavy_tailed.HeavyTailed.magnitude_distribution`.  The kernels read
them as a :class:`~zonemax.engine._magnitude_law.MagnitudeLaw` (octave bin ``b = j + 1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import mpmath
import numpy as np

from zonemax.reference.heavy_tailed import DEFAULT_DPS, HeavyTailed, largest_exponent
from zonemax.reference.params import LogBase, Truncation

#: Largest power ``j`` tabulated: the engine only runs targets with ``4 |a|_1 < 2^63``, so the
#: admissibility limit ``2 f(x) <= 2 |a|_1 < 2^62`` and every admissible power has ``j <= 61``;
#: ``2^62`` is also the clamp for ``r`` (never admissible).
J_MAX = 62
#: Clamp of ``r`` into int64 (see :data:`J_MAX`).  It changes no result: the kernels use ``r``
#: only as the clip atom, which is a candidate iff ``r <= 2 f < 2^62`` -- false for every
#: ``r >= 2^62`` and for the clamp alike -- and is never drawn otherwise; the tables' masses
#: are computed from the true ``r`` (``jtop`` and the conditioning in :func:`heavy_tables`),
#: and powers above ``2^61`` are never candidates either (their mass is ``tau``, whatever it is
#: split into).
R_CLAMP = 1 << J_MAX


@dataclass(frozen=True, eq=False)
class HeavyTables:
    """The heavy-tailed law in the form the kernels take (see the module docstring)."""

    cum: np.ndarray
    tail: np.ndarray
    jtop: int
    clip: bool
    r: int


def heavy_tables(eps: Fraction, log_base: LogBase, truncate: Truncation, r: int | None
                 ) -> HeavyTables:
    """Build (cached) the tables of ``HeavyTailed(eps, log_base, truncate, r)``."""
    return _heavy_tables(eps, log_base, truncate, r)


@lru_cache(maxsize=64)
def _heavy_tables(eps: Fraction, log_base: LogBase, truncate: Truncation, r: int | None
                  ) -> HeavyTables:
    op = HeavyTailed(eps, log_base=log_base, truncate=truncate, r=r)
    cum = np.ones(J_MAX + 1)
    tail = np.zeros(J_MAX + 1)
    jtop = J_MAX if r is None else min(largest_exponent(r) - 2, J_MAX)
    with mpmath.workdps(DEFAULT_DPS):
        norm = mpmath.mpf(1)
        if truncate == "condition":
            assert r is not None
            norm = op.exponent_cdf(largest_exponent(r))  # P(2^(I-2) <= r)
        for j in range(jtop + 1):
            big_f = op.exponent_cdf(j + 2)  # P(I <= j + 2), Definition 2
            cum[j] = float(big_f / norm)
            tail[j] = float((norm - big_f) / norm)
    cum.setflags(write=False)
    tail.setflags(write=False)
    r_int = 0 if r is None else min(r, R_CLAMP)
    return HeavyTables(cum=cum, tail=tail, jtop=jtop, clip=truncate == "clip", r=r_int)

