"""The two exact ±1 solvers agree exactly (issue 12, item 5).

:func:`zonemax.exact.ea_pm1_exact` (lumped chain over grouped mutation patterns, sparse LU by
fitness level) and :func:`zonemax.proofs_check.pm1.pm1_expected_time` (every subset of mutated
positions and every direction pattern enumerated, dense Gauss-Jordan per level) are written
independently; on every instance of a fixed grid their ``Fraction`` results must be identical.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from zonemax.proofs_check.pm1 import pm1_expected_time

from zonemax.exact import ea_pm1_exact


def _grid() -> list[tuple[int, ...]]:
    """Sorted distance vectors: n = 1 up to 8, n = 2 up to 5, n = 3 up to 3, n = 4 up to 2,
    plus sign variants (the solvers must only see distances)."""
    out: list[tuple[int, ...]] = []
    for n, top in ((1, 8), (2, 5), (3, 3), (4, 2)):
        for d in combinations_with_replacement(range(top, -1, -1), n):
            if d[0] > 0:
                out.append(d)
    out += [(-3,), (2, -2), (-1, 0, 1), (3, -1, 0), (-2, -1, 1, 1)]
    return out


GRID = _grid()


def test_grid_is_substantial() -> None:
    assert len(GRID) >= 60
    assert {len(a) for a in GRID} == {1, 2, 3, 4}


@pytest.mark.parametrize("a", GRID, ids=[",".join(map(str, a)) for a in GRID])
def test_two_exact_pm1_solvers_agree(a: tuple[int, ...]) -> None:
    assert ea_pm1_exact(a).expectation == pm1_expected_time(a)
