r"""Section 6: the committed paper-scale reproduction data and the exact statistics on it.

Notation as in :mod:`zonemax.proofs_check.section6`.  ``reproduction/paper/runs.csv`` is read with
the :mod:`csv` module; the exact two-sided rank-sum (Mann-Whitney) test uses the permutation law of
the doubled mid-rank sum (a bit-packed dynamic programme over the pooled runs) and Holm's
correction runs across the ``r`` of one ``n``; both are written independently of
:mod:`zonemax.proofs_check.checker.data`.
"""

from __future__ import annotations

import csv
import hashlib
import itertools
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from pathlib import Path

from zonemax.proofs_check.checker import data as data_kind
from zonemax.proofs_check.core import Method, record, recorded_cache

#: The committed paper-scale reproduction (relative to the repository root); an installation
#: without the repository reads the copy shipped with the package (same bytes).
RUNS_CSV = data_kind.RUNS_CSV
_REPO = Path(__file__).resolve().parents[2]
#: ``Scope.covered`` of a data claim whose data are not beside this copy of the package (an
#: installation without the repository): the claim is not assessed, which is not a finding.
NO_DATA = "no data"
#: Significance level of the data claims (the reproduction report's, pre-stated there).
ALPHA = Fraction(1, 20)
#: "middle-ranged r" (not defined in the paper): the reproduction's reading, 10^3 <= r <= 10^9
#: (zonemax.experiments.analysis_runtime.MIDDLE_R, fixed before the paper-scale run).
MIDDLE_R = (10**3, 10**9)
#: Section 6.2's sample sizes n.
SECTION6_N = (20, 100)
#: Box plots "similar" up to this factor of the medians (zonemax's reading; the paper has none).
SIMILAR_FACTOR = Fraction(2)
#: The algorithms of Appendix A's box plots.
APPENDIX_ALGORITHMS = ("ea-pm1", "ea-heavy", "rls-2-0.5")


Cells = dict[tuple[str, str, int, int], list[tuple[int, bool]]]


@recorded_cache(maxsize=2)
def _load(path: Path) -> tuple[str, Cells]:
    raw = data_kind.read_runs(path)
    cells: Cells = defaultdict(list)
    for row in csv.DictReader(raw.decode("utf-8").splitlines()):
        cells[(row["experiment"], row["algorithm"], int(row["n"]), int(row["r"]))].append(
            (int(row["evaluations"]), row["solved"] == "1"))
    return hashlib.sha256(raw).hexdigest(), dict(cells)


@recorded_cache(maxsize=64)
def _rank_sum_law(doubled_ranks: tuple[int, ...], m: int) -> tuple[int, ...]:
    """Counts of the doubled rank sum ``W2`` over all ``m``-subsets of the pooled runs.

    Bit-packed: ``by_size[k]`` holds the count of each ``W2`` of the ``k``-subsets seen so far in
    48-bit slots (``C(40, 20) < 2^38``); adding a run of doubled rank ``q`` shifts by ``q`` slots.
    """
    slot = 48
    by_size = [1] + [0] * m
    for q in doubled_ranks:
        for k in range(m, 0, -1):
            by_size[k] += by_size[k - 1] << (slot * q)
    packed, mask, out = by_size[m], (1 << slot) - 1, []
    while packed:
        out.append(packed & mask)
        packed >>= slot
    return tuple(out)


def _exact_mann_whitney(xs: Sequence[Fraction], ys: Sequence[Fraction]) -> tuple[int, Fraction]:
    """``(2U, exact two-sided p)`` with ``U = #{x < y} + #{x = y}/2`` (``X`` needs fewer)."""
    record(Method.DATA)
    m, k = len(xs), len(ys)
    u2 = sum(2 * (x < y) + (x == y) for x in xs for y in ys)
    pooled = sorted([*xs, *ys])
    doubled = {}  # value -> doubled mid-rank (first + last position, 1-based)
    for value, group in itertools.groupby(enumerate(pooled, 1), key=lambda t: t[1]):
        pos = [p for p, _ in group]
        doubled[value] = pos[0] + pos[-1]
    law = _rank_sum_law(tuple(doubled[v] for v in pooled), m)
    # 2U = 2mk - (W2 - m(m+1)) for the doubled rank sum W2 of X; |2U - mk| is what counts
    dev = abs(u2 - m * k)
    tail = sum(c for w2, c in enumerate(law) if c and abs(2 * m * k - (w2 - m * (m + 1)) - m * k)
               >= dev)
    return u2, Fraction(tail, comb(m + k, m))


def _holm(ps: Sequence[Fraction]) -> list[Fraction]:
    ranked = sorted(enumerate(ps), key=lambda t: t[1])
    adjusted = [Fraction(0)] * len(ps)
    best = Fraction(0)
    for pos, (i, p) in enumerate(ranked):
        best = max(best, min(Fraction(1), p * (len(ps) - pos)))
        adjusted[i] = best
    return adjusted


def _median(xs: Sequence[Fraction]) -> Fraction:
    v = sorted(xs)
    mid = len(v) // 2
    return v[mid] if len(v) % 2 else (v[mid - 1] + v[mid]) / 2


def _solved(cells: Cells, key: tuple[str, str, int, int], per: int = 1) -> list[Fraction]:
    runs = cells[key]
    if not all(ok for _, ok in runs):
        raise ValueError(f"censored runs in {key}")
    return [Fraction(ev, per) for ev, _ in runs]


def _data() -> tuple[str, Cells] | None:
    """The reproduction's runs: the repository's copy in a source checkout (so a regenerated
    reproduction is what the claims read), else the copy shipped with the package."""
    for path in (_REPO / RUNS_CSV, data_kind.PACKAGED_RUNS):
        if path.is_file():
            return _load(path)
    return None
