"""The operators over their parameter ranges (:mod:`zonemax.stats_tests.samplers`, issue 26).

The cells and exact masses the ``laws`` family judges by, checked against independent closed
forms and the reference operators' own exact laws; and the family's power, cheaply: each planted
bug of issue 26 is rejected by the one case that must see it (at the family's level, with the
case's own seed), and the correct code passes that case.  The whole family on the correct code
is ``test_families.py::test_ci_level[laws-fast]`` (and ``[laws-reference]``); the whole family on
each planted bug is ``test_power.py::test_planted_bug_is_caught`` (``-m slow`` for these two).
"""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from zonemax.reference import DoubleGeometric, PowerLaw
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import samplers
from zonemax.stats_tests.implementations import PLANTED, REFERENCE, Implementation
from zonemax.stats_tests.machinery import CappedDraws
from zonemax.stats_tests.suite import FAMILY_ALPHA

from zonemax.verify import (
    POWER_PROPOSAL_BUG,
    SAMPLER_MODULE,
    engine_planted,
    fast_implementation,
    mutated_module,
)

F = Fraction
GEOM_BUG = "double-geometric operator: log(1 - q) for ln q when q >= 1/2"
POWER_BUG = "engine: power-law sampler's proposal over one random bit too many"


def _case(cases: tuple[tuple[str, AlgorithmSpec, int], ...], label: str, limit: int | None = None
          ) -> tuple[str, AlgorithmSpec, int]:
    return next(c for c in cases if c[0] == label and limit in (None, c[2]))


def _quiet(message: str) -> None:
    return None


def _draws(impl: Implementation) -> CappedDraws:
    return CappedDraws(impl.simulate)  # unused: these tests draw steps, not runs


#: A p-value below this is rejected by Holm at the family's level in a family of up to 100
#: tests (its first threshold, ``FAMILY_ALPHA / m``); one above ``FAMILY_ALPHA`` never is.
REJECTED = FAMILY_ALPHA / 100


def test_cells_partition_the_magnitudes_and_count_exactly() -> None:
    spec = AlgorithmSpec("ea-power", (1,), power_exponent=F(3, 2))
    cells, masses = samplers.cell_law(spec, 12, 200_000)
    # octaves 1..8 refined to single magnitudes, the next ones to quarters x parity
    assert cells[:4] == ((1, 2, 2), (2, 3, 2), (3, 4, 2), (4, 5, 2))
    assert (16, 20, 0) in cells and (16, 20, 1) in cells
    covered = [m for a, e, par in cells for m in range(a, e) if par in (2, m % 2)]
    assert sorted(covered) == list(range(1, 2**12))
    values = np.array([1, 1, 7, 16, 17, 18, 19, 20, 4095, 0, 4096], dtype=np.int64)
    counts = samplers._cell_keys(values, cells)
    assert counts[(1, 2, 2)] == 2 and counts[(7, 8, 2)] == 1
    assert counts[(16, 20, 0)] == 2 and counts[(16, 20, 1)] == 2
    assert counts[("outside", 0)] == 1 and counts[("outside", 4096)] == 1
    assert sum(counts.values()) == len(values)
    assert all(p > 0 for p in masses)


@pytest.mark.parametrize("spec", [
    AlgorithmSpec("ea-geom", (1,), geom_q=F(2, 3)),
    AlgorithmSpec("ea-geom", (1,), geom_mean=F(10**6)),
    AlgorithmSpec("ea-power", (1,), power_exponent=F(11, 10)),
], ids=["geom-q2/3", "geom-mean1e6", "power-1.1"])
def test_cell_masses_sum_to_the_closed_form(spec: AlgorithmSpec) -> None:
    # P(1 <= M < 2^k) in closed form (mpmath, not the code under test): double-geometric
    # 2q (1 - q^(2^k - 1)) / (1 + q), power law 1 - zeta(beta, 2^k) / zeta(beta)
    k = 30
    _, masses = samplers.cell_law(spec, k, 10_000_000)  # every octave refined that can be
    with mpmath.workdps(60):
        total = mpmath.fsum(masses)
        if spec.power_exponent is None:
            q = samplers._ratio(spec)
            expected = 2 * q * (1 - q ** (2**k - 1)) / (1 + q)
        else:
            beta = mpmath.mpf(11) / 10
            expected = 1 - mpmath.zeta(beta, 2**k) / mpmath.zeta(beta)
        assert abs(total / expected - 1) < mpmath.mpf(10) ** -40


def test_single_magnitude_masses_match_the_reference_operators() -> None:
    # the reference operators' exact laws (Fractions for q = 2/3; Arb for the power law)
    geom = AlgorithmSpec("ea-geom", (1,), geom_q=F(2, 3))
    cells, masses = samplers.cell_law(geom, 6, 10**6)
    op = DoubleGeometric(q=F(2, 3))
    for (a, e, par), p in zip(cells, masses, strict=True):
        if e == a + 1 and par == 2:
            exact = 2 * op.probability(a)  # both signs
            with mpmath.workdps(60):
                assert abs(p / (mpmath.mpf(exact.numerator) / exact.denominator) - 1) < 1e-40
    power = AlgorithmSpec("ea-power", (1,), power_exponent=F(3, 2))
    cells, masses = samplers.cell_law(power, 4, 10**6)
    law = PowerLaw(F(3, 2))
    for (a, e, par), p in zip(cells, masses, strict=True):
        if e == a + 1 and par == 2:
            assert abs(p / law.probability(a) - 1) < 1e-30


def test_heavy_candidates_keep_the_clip_atom_only_below_the_limit() -> None:
    spec = AlgorithmSpec("ea-heavy", (1,), eps=F(1, 10), truncate="clip", r=3 * 10**11)
    below, total_below, _ = samplers.heavy_candidates(spec, 10**12)  # r <= 2 f
    assert 3 * 10**11 in below and total_below == pytest.approx(1.0, abs=1e-12)
    above, total_above, _ = samplers.heavy_candidates(spec, 2**38 + 1)  # r > 2 f, same octave
    assert 3 * 10**11 not in above and 0 < total_above < 1
    assert set(above) == {2**j for j in range(39)}
    assert math.fsum(above.values()) == pytest.approx(1.0, abs=1e-12)


def test_mutated_module_names_one_place_and_is_a_fresh_copy() -> None:
    with pytest.raises(ValueError, match="occurs 0 times"):
        mutated_module(SAMPLER_MODULE, "no such text", "x")
    with pytest.raises(ValueError, match=r"occurs [2-9] times"):
        mutated_module(SAMPLER_MODULE, "rng.random()", "0.5")
    import zonemax.engine._magnitude_law as original

    copy = mutated_module(SAMPLER_MODULE, *POWER_PROPOSAL_BUG)
    assert copy is not original and copy.power_in_bin is not original.power_in_bin
    assert copy is mutated_module(SAMPLER_MODULE, *POWER_PROPOSAL_BUG)  # compiled once
    # the bug really runs: in octave b = 20 a proposal over b bits leaves the octave
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    ours = [original.power_in_bin(g1, 1.5, 20) for _ in range(2000)]
    theirs = [copy.power_in_bin(g2, 1.5, 20) for _ in range(2000)]
    assert max(ours) < 2**20 <= max(theirs)


@pytest.mark.parametrize(("label", "limit"), [("power law beta=3/2", 2**61),
                                              ("power law beta=11/10", 2**40)],
                         ids=["beta=3/2-limit2^61", "beta=11/10-limit2^40"])
def test_power_proposal_bug_is_rejected_by_its_case(label: str, limit: int) -> None:
    case = _case(samplers.ENGINE_CASES, label, limit)
    fast = fast_implementation()
    correct = samplers.engine_sampler_tests(fast, _draws(fast), "ci", _quiet, (case,))
    assert all(o.p_value > FAMILY_ALPHA for o in correct), [o.detail for o in correct]
    _, bug = engine_planted()[POWER_BUG]
    law, mass = samplers.engine_sampler_tests(bug, _draws(bug), "ci", _quiet, (case,))
    assert law.p_value < REJECTED, law.detail
    assert mass.p_value == 1.0  # the tables are right: the bug is in the within-octave draw


def test_geom_wrong_log_is_rejected_above_one_half_only() -> None:
    _, bug = PLANTED[GEOM_BUG]
    for label, must_reject in (("double-geometric q=2/3", True),
                               ("double-geometric q=1/3", False)):
        case = _case(samplers.REFERENCE_CASES, label)
        (correct,) = samplers.reference_operator_tests(REFERENCE, _draws(REFERENCE), "ci",
                                                       _quiet, (case,))
        assert correct.p_value > FAMILY_ALPHA, correct.detail
        (buggy,) = samplers.reference_operator_tests(bug, _draws(bug), "ci", _quiet, (case,))
        if must_reject:
            assert buggy.p_value < REJECTED, (label, buggy.detail)
        else:  # the bug is invisible below q = 1/2
            assert buggy.p_value > FAMILY_ALPHA, (label, buggy.detail)


def _sampler_mutants() -> list[tuple[str, str, str]]:
    """The hand-written mutants of the engine's sampler module in the numba catalogue
    (``benchmarks/mutation/numba_mutants.py``): (name, old, new)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "mutation" / "numba_mutants.py"
    spec = importlib.util.spec_from_file_location("zonemax_numba_mutants", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return [(m.name, m.old, m.new) for m in module.CATALOGUE
            if m.path == "zonemax/engine/_magnitude_law.py"]


@pytest.mark.slow
@pytest.mark.timeout(600)  # about 10 to 25 s each on 2 shared cores (load 6)
@pytest.mark.parametrize("mutant", _sampler_mutants(), ids=lambda m: m[0])
def test_laws_family_rejects_the_catalogued_sampler_mutants(mutant: tuple[str, str, str]
                                                            ) -> None:
    # the numba catalogue's mutants of the sampler module (killed there by engine tests that
    # zonemax verify does not run) are rejected by the laws family on the engine, which verify
    # runs: the module compiled afresh with the mutant (zonemax.verify.mutated_module)
    from zonemax.stats_tests import families
    from zonemax.stats_tests.reporting import render_family

    from zonemax.verify import _sampler_bug

    name, old, new = mutant
    res = families.run("laws", _sampler_bug(name, SAMPLER_MODULE, old, new), "ci")
    assert not res.ok, render_family(res)
