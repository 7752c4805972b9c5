"""The independence map (:mod:`zonemax.exact.independence`) is complete, and its pins hold.

* Completeness: every module of the exact solvers, the claims checks and the statistical
  expectations is parsed with :mod:`ast` (function-level imports included); every name imported
  from the code under test (:mod:`zonemax.reference`, :mod:`zonemax.engine`) must be listed for
  that layer, and every listed use must still exist.
* Pins: each shared helper of kind ``pinned`` is compared with a brute-force definition over a
  wide range, large magnitudes (10^12 .. 10^30 and beyond) included.
* The reference's heavy-tailed law is compared with the exact layer's own derivation, so the
  two independent readings of Definition 2 must agree (they share no code).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import math
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from zonemax.reference.fitness import (
    fitness,
    norm_1,
    norm_hamming,
    norm_inf,
    validate_target,
)
from zonemax.reference.heavy_tailed import HeavyTailed, c_epsilon, largest_exponent

from zonemax.exact import c_eps_enclosure, magnitude_law
from zonemax.exact.independence import LAYERS, RESOLVED, SHARINGS, UNDER_TEST, entry

ROOT = Path(__file__).resolve().parent.parent


def _canonical(module: str, name: str) -> str:
    """The map's key of ``from module import name`` (see :class:`Sharing`)."""
    obj = getattr(importlib.import_module(module), name)
    if inspect.ismodule(obj):
        return obj.__name__
    if inspect.isclass(obj) or inspect.isfunction(obj):
        return f"{obj.__module__}.{obj.__qualname__}"
    return f"{module}.{name}"


def _imports(path: Path) -> Iterator[tuple[str, int]]:
    """``(key, line)`` of every import from the code under test in ``path`` (all scopes)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            if node.module.startswith(UNDER_TEST):
                for alias in node.names:
                    yield _canonical(node.module, alias.name), node.lineno
            elif node.module == "zonemax":
                for alias in node.names:
                    if f"zonemax.{alias.name}".startswith(UNDER_TEST):
                        yield f"zonemax.{alias.name}", node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(UNDER_TEST):
                    yield alias.name, node.lineno


def _scan() -> dict[tuple[str, str], list[str]]:
    """``(layer, key) -> ['file:line', ...]`` over the library modules of every layer (its
    sub-packages included, its test folders not)."""
    found: dict[tuple[str, str], list[str]] = {}
    for layer, folder in LAYERS.items():
        top = ROOT / folder
        files = sorted(p for p in top.rglob("*.py") if "tests" not in p.relative_to(top).parts)
        assert files, f"no modules found in {folder}"
        for path in files:
            for key, line in _imports(path):
                found.setdefault((layer, key), []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_scanner_sees_function_level_and_aliased_imports(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from zonemax.reference import c_epsilon as c\n"
                   "    import zonemax.engine\n    from zonemax import reference\n")
    keys = [k for k, _ in _imports(src)]
    assert keys == ["zonemax.reference.heavy_tailed.c_epsilon", "zonemax.engine",
                    "zonemax.reference"]


def test_every_import_from_the_code_under_test_is_mapped() -> None:
    missing = []
    for (layer, key), where in sorted(_scan().items()):
        item = entry(key)
        if item is None or layer not in item.users:
            missing.append(f"{key} (imported by {layer}: {', '.join(where)})")
    assert not missing, (
        "imports from the code under test that zonemax/exact/independence.py does not list; "
        "add each with the reason sharing it is safe (or derive it independently):\n  "
        + "\n  ".join(missing))


def test_every_mapped_use_still_exists() -> None:
    used = _scan()
    stale = [f"{s.name} by {layer}" for s in SHARINGS for layer in sorted(s.users)
             if (layer, s.name) not in used]
    assert not stale, "entries of the independence map that nothing imports: " + ", ".join(stale)


def test_map_entries_are_well_formed() -> None:
    names = [s.name for s in SHARINGS]
    assert len(names) == len(set(names)), "one entry per imported name"
    tests = {node.name for node in ast.walk(ast.parse(Path(__file__).read_text("utf-8")))
             if isinstance(node, ast.FunctionDef)}
    for s in SHARINGS:
        assert s.users <= set(LAYERS), s
        assert len(s.reason) > 20, s
        if s.kind == "pinned":
            assert s.pin in tests, f"{s.name}: pin {s.pin!r} is not a test in this file"
    # the exact layer takes nothing of the heavy-tailed operator from the reference
    assert not any("heavy_tailed" in s.name and "exact" in s.users for s in SHARINGS)
    assert {r.name for r in RESOLVED if r.layer == "exact"} >= {
        "zonemax.reference.heavy_tailed.largest_exponent",
        "zonemax.reference.heavy_tailed.c_epsilon"}


# ---------------------------------------------------------------------------------------------
# pins: shared helpers against brute-force definitions
# ---------------------------------------------------------------------------------------------
def _largest_exponent_by_doubling(limit: int) -> int:
    """Definition: the largest ``i >= 2`` with ``2^(i-2) <= limit``."""
    i, step = 2, 1
    while 2 * step <= limit:
        i, step = i + 1, 2 * step
    return i


def _limits() -> list[int]:
    out = list(range(1, 4097))
    for k in range(121):
        out += [2**k - 1, 2**k, 2**k + 1]
    for e in range(12, 31):
        out += [10**e - 1, 10**e, 10**e + 1, 3 * 10**e]
    return sorted({x for x in out if x >= 1})


def test_largest_exponent_matches_brute_force() -> None:
    wrong = [(limit, largest_exponent(limit)) for limit in _limits()
             if largest_exponent(limit) != _largest_exponent_by_doubling(limit)]
    assert not wrong, f"largest_exponent differs from its definition at {wrong[:5]}"


@given(st.integers(min_value=10**12, max_value=10**30))
def test_largest_exponent_at_large_magnitudes(limit: int) -> None:
    assert largest_exponent(limit) == _largest_exponent_by_doubling(limit)


BIG = st.integers(min_value=-(10**30), max_value=10**30)


@given(st.lists(st.tuples(BIG, BIG), min_size=1, max_size=8))
def test_norms_and_fitness_match_their_definitions(pairs: list[tuple[int, int]]) -> None:
    a = tuple(p for p, _ in pairs)
    x = tuple(q for _, q in pairs)
    assert norm_1(a) == sum(abs(v) for v in a)
    assert norm_inf(a) == max(abs(v) for v in a)
    assert norm_hamming(a) == len([v for v in a if v != 0])
    assert fitness(x, a) == sum(abs(ai - xi) for ai, xi in pairs)


@given(st.lists(BIG, min_size=1, max_size=8))
def test_validate_target_is_identity_on_ints(a: list[int]) -> None:
    assert validate_target(a) == tuple(a)
    assert validate_target(tuple(a)) == tuple(a)


C_GRID = [(eps, base) for eps in (Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10),
                                  Fraction(1, 2), Fraction(1), Fraction(2))
          for base in (2, "e")]


@pytest.mark.parametrize(("eps", "base"), C_GRID, ids=[f"{e}-{b}" for e, b in C_GRID])
def test_c_epsilon_agrees_with_independent_enclosure(eps: Fraction, base: int | str) -> None:
    low, high = c_eps_enclosure(eps, base)  # type: ignore[arg-type]
    # both enclosures are rigorous, so they must overlap; the independent one is ~w(N) wide
    assert high - low < 1e-5 * low
    for terms in (512, 1024, 4096):  # the reference's own default and the ones proofs_check uses
        ref = c_epsilon(eps, base, terms=terms)  # type: ignore[arg-type]
        assert ref.lower <= ref.upper
        assert ref.lower <= high and low <= ref.upper, (
            f"c_eps({eps}, base {base}, terms {terms}): reference [{ref.lower}, {ref.upper}] "
            f"and independent [{low}, {high}] are disjoint")


LAW_CASES = [("none", None), ("condition", 10**12), ("clip", 10**12), ("condition", 3 * 10**20),
             ("clip", 2**70), ("clip", 5)]


@pytest.mark.parametrize(("truncate", "r"), LAW_CASES, ids=[f"{t}-{r}" for t, r in LAW_CASES])
def test_reference_law_agrees_with_independent_law(truncate: str, r: int | None) -> None:
    op = HeavyTailed(Fraction(1, 10), truncate=truncate, r=r)  # type: ignore[arg-type]
    for limit in (1, 3, 10**6, 10**12 - 1, 2 * 10**12, 10**18, 10**30):
        mine = magnitude_law(op.eps, 2, truncate, r, limit)
        ref = op.magnitude_distribution(limit)
        assert set(mine) == {m for m in ref if m is not None}, limit
        for m, box in mine.items():
            # the reference's mp value (its c_eps midpoint) must lie in the rigorous enclosure,
            # up to the reference's own 40-digit rounding
            assert box.a - 1e-30 <= ref[m] <= box.b + 1e-30, (limit, m)
        assert math.isclose(float(sum(ref.values())), 1.0, rel_tol=1e-12)
