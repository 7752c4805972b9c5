"""Verdicts of the ``operators`` experiment (beyond the paper): which step operator is fastest at each r,
and whether the power-law recommendation of Doerr, Krejca and Rudolph holds on ``f_a``.

The tests are fixed here, before any run (the conventions of ERT, censoring, tests and effect
sizes are those of :mod:`zonemax.stats_tests.stats`; verdicts are ``consistent``,
``not consistent`` or ``inconclusive`` as in :mod:`zonemax.experiments.analysis`):

* **Fastest operator** at each (algorithm, n, r): every pair of the algorithm's operators is
  compared two-sided (Mann-Whitney U, or Gehan's test where runs are censored), Holm-corrected
  across the pairs of that cell (family-wise error :data:`~zonemax.stats_tests.stats.ALPHA` per
  cell); the direction of a significant difference is that of A12.  An operator is *the
  fastest* if it is significantly faster than every other one; the *leading group* is the set
  of operators that no other operator is significantly faster than (never empty).
* **The recommendation** (Doerr, Krejca, Rudolph, arXiv 2412.11684): the power law with
  ``beta = 3/2`` (:data:`JUDGED_POWER`, fixed before any run) against their other mutation
  strengths, unit (±1) and exponential tails (the double-geometric operator with the three
  means of :mod:`zonemax.experiments.variants`), per algorithm and n, Holm-corrected across all
  (competitor, r) comparisons of that algorithm and n.

**Censoring.**  All operators have the same budget at (n, r), so every censored run of a cell
stopped at the same count: a successful run below it is definitely faster than a censored run,
two censored runs are undetermined (Gehan's score 0, A12 counts them one half).  Two samples
that are both entirely censored cannot be told apart (p = 1): they never yield a significant
difference, in either direction, and a cell where the power law and its competitor are both
censored is reported as such.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from zonemax.experiments.analysis import CellSummary, Claim, Key
from zonemax.experiments.analysis_runtime import PairRow
from zonemax.experiments.variants import GEOM_MEANS, OPERATOR_FAMILIES, VARIANTS
from zonemax.stats_tests.stats import ALPHA, compare, holm_adjusted

#: The power-law operator whose recommendation is judged (beta = 3/2), by suffix.
JUDGED_POWER = "power-1.5"
#: The double-geometric operator with the mean tuned to the distance (floor(sqrt r)).
TUNED_GEOM = "geom-sqrt-r"
#: The mutation strengths that Doerr, Krejca and Rudolph compare the power law with.
DKR_COMPETITORS = ("pm1", *(f"geom-{m}" for m in GEOM_MEANS))
#: The literature's statements, quoted from the abstract of arXiv 2412.11684.
QUOTE_TUNED = ("power-law mutation outperforms the one with exponential tails even when the "
               "latter uses a near-optimal parametrization")
QUOTE_FAVOUR = "we suggest to favor power-law mutation for unknown problems in integer spaces"
SOURCE = "Doerr, Krejca, Rudolph (arXiv 2412.11684), abstract"


def operator_key(family: str, suffix: str) -> str:
    """The variant of operator ``suffix`` (e.g. ``power-1.5``) in ``family``."""
    prefix = OPERATOR_FAMILIES[family][0].split("-", 1)[0]
    return f"{prefix}-{suffix}"


def direction(row: PairRow) -> str:
    """``faster`` / ``slower`` (X against Y) when Holm-significant, else no difference."""
    if math.isnan(row.p_holm) or row.p_holm >= ALPHA:
        return "no significant difference"
    return "faster" if row.comparison.a12 > 0.5 else "slower"


def _pair(cells: dict[Key, CellSummary], x: str, y: str, n: int, r: int) -> PairRow:
    cx, cy = cells[(x, n, r)], cells[(y, n, r)]
    comp = compare(cx.evaluations, cx.solved_flags, cy.evaluations, cy.solved_flags,
                   "two-sided")
    ratio = cx.ert / cy.ert if math.isfinite(cy.ert) and cy.ert > 0 else math.nan
    return PairRow(x, y, n, r, comp, math.nan, ratio)


def _with_holm(rows: Sequence[PairRow]) -> list[PairRow]:
    adjusted = holm_adjusted([row.comparison.p for row in rows])
    return [PairRow(row.x, row.y, row.n, row.r, row.comparison, p, row.ratio)
            for row, p in zip(rows, adjusted, strict=True)]


# ------------------------------------------------------------------------------- fastest


@dataclass(frozen=True)
class FastestRow:
    """The operators of one algorithm at one (n, r) and who is fastest."""

    family: str
    n: int
    r: int
    operators: tuple[str, ...]
    fastest: str | None
    leading: tuple[str, ...]
    lowest_ert: str | None
    pairs: tuple[PairRow, ...]


def _faster(pairs: Sequence[PairRow]) -> set[tuple[str, str]]:
    """``(a, b)`` for every significant "a is faster than b"."""
    out = set()
    for row in pairs:
        d = direction(row)
        if d == "faster":
            out.add((row.x, row.y))
        elif d == "slower":
            out.add((row.y, row.x))
    return out


def fastest_operators(cells: dict[Key, CellSummary]) -> tuple[FastestRow, ...]:
    """One :class:`FastestRow` per (algorithm, n, r) with at least two operators."""
    rows = []
    for family, variants in OPERATOR_FAMILIES.items():
        grid = sorted({(n, r) for (v, n, r) in cells if v in variants})
        for n, r in grid:
            present = tuple(v for v in variants if (v, n, r) in cells)
            if len(present) < 2:
                continue
            pairs = _with_holm([_pair(cells, x, y, n, r)
                                for x, y in itertools.combinations(present, 2)])
            faster = _faster(pairs)
            fastest = [v for v in present
                       if all((v, w) in faster for w in present if w != v)]
            leading = tuple(v for v in present if not any((w, v) in faster for w in present))
            finite = [v for v in present if math.isfinite(cells[(v, n, r)].ert)]
            lowest = min(finite, key=lambda v: (cells[(v, n, r)].ert, present.index(v)),
                         default=None)
            rows.append(FastestRow(family, n, r, present, fastest[0] if fastest else None,
                                   leading, lowest, tuple(pairs)))
    return tuple(rows)


# ------------------------------------------------------------------------- recommendation


@dataclass(frozen=True)
class OperatorsAnalysis:
    fastest: tuple[FastestRow, ...]
    #: The judged power law against each competitor at every r, Holm across (competitor, r)
    #: per (algorithm, n).
    power_pairs: tuple[PairRow, ...]
    claims: tuple[Claim, ...]


def _power_pairs(cells: dict[Key, CellSummary]) -> list[PairRow]:
    out: list[PairRow] = []
    for family in OPERATOR_FAMILIES:
        power = operator_key(family, JUDGED_POWER)
        for n in sorted({n for (v, n, _) in cells if v == power}):
            rows = []
            for suffix in DKR_COMPETITORS:
                other = operator_key(family, suffix)
                for r in sorted({r for (v, m, r) in cells if v == power and m == n}):
                    if (other, n, r) in cells:
                        rows.append(_pair(cells, power, other, n, r))
            out += _with_holm(rows)
    return out


def _both_censored(cells: dict[Key, CellSummary], row: PairRow) -> bool:
    return cells[(row.x, row.n, row.r)].solved == 0 and cells[(row.y, row.n, row.r)].solved == 0


def _describe(cells: dict[Key, CellSummary], rows: Sequence[PairRow]) -> str:
    """Per algorithm and n: against which competitors, at which r, the power law is
    significantly faster, slower, or not separated (the numbers are in the report's table)."""
    groups: dict[tuple[str, int], dict[str, dict[str, list[int]]]] = {}
    for row in rows:
        outcome = ("both censored" if _both_censored(cells, row) else
                   {"faster": "faster than", "slower": "SLOWER than"}.get(
                       direction(row), "not separated from"))
        per = groups.setdefault((row.x, row.n), {}).setdefault(outcome, {})
        per.setdefault(_operator(row.y), []).append(row.r)
    parts = []
    for (x, n), outcomes in groups.items():
        items = [f"{outcome} " + ", ".join(f"{op} (r = {', '.join(map(str, rs))})"
                                            for op, rs in ops.items())
                 for outcome, ops in sorted(outcomes.items())]
        parts.append(f"{VARIANTS[x].label.split(',')[0]}, n = {n}: " + "; ".join(items))
    return ". ".join(parts)


def _operator(variant: str) -> str:
    return VARIANTS[variant].label.split(", ", 1)[1]


def _verdict(rows: Sequence[PairRow]) -> str:
    """``not consistent`` if the power law is significantly slower anywhere in ``rows``;
    ``consistent`` if it is nowhere slower and significantly faster than every competitor of
    ``rows`` at some r; ``inconclusive`` otherwise (including: no comparisons)."""
    if any(direction(row) == "slower" for row in rows):
        return "not consistent"
    beaten = {row.y for row in rows if direction(row) == "faster"}
    return "consistent" if rows and beaten == {row.y for row in rows} else "inconclusive"


def analyse_operators(cells: dict[Key, CellSummary]) -> OperatorsAnalysis:
    pairs = _power_pairs(cells)
    claims = []
    tuned = [p for p in pairs if p.y.endswith(TUNED_GEOM)]
    if tuned:
        # the tuned comparison's own Holm family: across r per (algorithm, n)
        tuned = [row for group in _groups(tuned) for row in _with_holm(group)]
    claims.append(Claim(
        QUOTE_TUNED, SOURCE, _verdict(tuned),
        (_describe(cells, tuned) + "." if tuned else "no common cells")
        + _slower_note(tuned),
        "power law β = 3/2 (fixed before any run) against the double-geometric operator with "
        "mean ⌊√r⌋ (tuned to the distance, zonemax.experiments.variants) per (algorithm, n, "
        "r): two-sided Mann-Whitney U, Gehan's test where runs are censored, Holm across r "
        "per (algorithm, n), direction from A12; consistent iff significantly faster "
        "somewhere and significantly slower nowhere; not consistent iff significantly slower "
        f"somewhere; alpha = {ALPHA}"))
    per_family = [_verdict([p for p in pairs if p.x == power])
                  for power in sorted({p.x for p in pairs})]
    if not per_family:
        verdict = "inconclusive"
    elif "not consistent" in per_family:
        verdict = "not consistent"
    else:
        verdict = "consistent" if all(v == "consistent" for v in per_family) else "inconclusive"
    claims.append(Claim(
        QUOTE_FAVOUR, SOURCE, verdict,
        (_describe(cells, pairs) + "." if pairs else "no common cells") + _slower_note(pairs),
        "zonemax's reading on f_a: the power law with β = 3/2 is significantly slower than "
        "none of unit (±1) and exponential-tail mutation (double-geometric, mean 1, ⌊√r⌋ "
        "and r) at any r, and significantly faster than each of them at some r; per "
        "algorithm and n, two-sided Mann-Whitney U / Gehan tests with Holm across all "
        f"(competitor, r) pairs; alpha = {ALPHA}"))
    return OperatorsAnalysis(fastest_operators(cells), tuple(pairs), tuple(claims))


def _groups(rows: Sequence[PairRow]) -> list[list[PairRow]]:
    groups: dict[tuple[str, int], list[PairRow]] = {}
    for row in rows:
        groups.setdefault((row.x, row.n), []).append(row)
    return list(groups.values())


def _slower_note(rows: Sequence[PairRow]) -> str:
    slower = [row for row in rows if direction(row) == "slower"]
    if not slower:
        return ""
    return (" The power law is significantly slower against: "
            + ", ".join(f"{VARIANTS[row.y].label} at n={row.n}, r={row.r}" for row in slower)
            + ".")
