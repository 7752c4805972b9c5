r"""Section 3: exact expected run times of the (1+1) EA with the ±1 operator against a bound.

Notation as in :mod:`zonemax.proofs_check.section3`.  The targets are every sorted ``a`` with
``|a_i| <= TARGETS[heavy][n]``; ``E[T]`` is the exact rational of
:func:`zonemax.proofs_check.pm1.pm1_expected_time`, shared by
:mod:`~zonemax.proofs_check.section3.theorem3`, :mod:`~zonemax.proofs_check.section3.theorem4` and
:mod:`~zonemax.proofs_check.section3.theta`.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

from zonemax.proofs_check import certificates as certs
from zonemax.proofs_check.core import Method, record, recorded_cache
from zonemax.proofs_check.intervals import iv_frac, iv_precision
from zonemax.proofs_check.pm1 import pm1_expected_time
from zonemax.proofs_check.section3.common import _lt

#: Largest |a_i| per dimension of the targets whose exact E[T] is computed (Theorems 3, 4).
TARGETS: dict[bool, dict[int, int]] = {False: {1: 12, 2: 8, 3: 4, 4: 2, 5: 1},
                                       True: {1: 30, 2: 16, 3: 6, 4: 3, 5: 2, 6: 1}}


def _targets(heavy: bool) -> list[tuple[int, ...]]:
    return [a for n, k in TARGETS[heavy].items()
            for a in itertools.combinations_with_replacement(range(k, -1, -1), n) if a[0]]


@recorded_cache(maxsize=2)
def _exact_times(heavy: bool) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Exact ``E[T]`` (``pm1_expected_time``) for every target of :data:`TARGETS` (|a| sorted:
    ``E[T]`` depends only on the multiset of ``|a_i|``)."""
    record(Method.ENUMERATION)
    return tuple((a, pm1_expected_time(a)) for a in _targets(heavy))


def _enclose(q: Fraction, bits: int = 80) -> dict[str, Any]:
    scale = 1 << bits
    return certs.interval(Fraction(math.floor(q * scale), scale),
                          Fraction(math.ceil(q * scale), scale))


def _rows_domain(rows: list[tuple[tuple[int, ...], Fraction]]) -> tuple[str, dict[str, Any]]:
    return ("row", {"type": "values", "values": [[list(a), _enclose(t)] for a, t in rows]})


def _row(expr: str) -> str:
    """A row expression for a single target ``a`` with ``E[T]`` enclosed in ``T``."""
    return expr.replace("row[0]", "a").replace("row[1]", "T")


def _targets_text(heavy: bool) -> str:
    parts = ", ".join(f"n = {n}: |a_i| <= {k}" for n, k in TARGETS[heavy].items())
    return f"every target with {parts} (|a| sorted; exact Markov chain, pm1_expected_time)"


def _compare_rows(heavy: bool, bound: Any, upper: bool, scale: Fraction
                  ) -> tuple[list[tuple[tuple[int, ...], Fraction, Any]], Any, str | None]:
    """Compare every exact ``E[T]`` with ``scale * bound(a)`` (an interval): rows with the ratio
    bound/E[T] (upper) or E[T]/bound (lower), the tightest row, and the first failure."""
    rows: list[tuple[tuple[int, ...], Fraction, Any]] = []
    worst = None
    with iv_precision():
        sc = iv_frac(scale)
        for a, t in _exact_times(heavy):
            b = sc * bound(a)
            t_iv = iv_frac(t)
            if upper:
                ok, bad, ratio = _lt(t_iv, b), _lt(b, t_iv), b / t_iv
            else:
                ok, bad = bool(b.b <= t_iv.a), _lt(t_iv, b)
                ratio = t_iv / b if b.a > 0 else None
            rows.append((a, t, ratio))
            if ratio is not None and (worst is None or ratio.a < worst[1].a):
                worst = (a, ratio)
            if bad:
                return rows, worst, f"{a}"
            if not ok:
                return rows, worst, "undecided"
    return rows, worst, None
