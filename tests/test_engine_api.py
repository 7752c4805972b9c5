"""The engine's Python layer: what the mutation record of ``zonemax/engine`` found untested.

Issue 14, ``benchmarks/mutation/RECORD-engine.md``: each test here kills surviving mutants of
mutmut's run on :mod:`zonemax.engine.api` and the table builder of
:mod:`zonemax.engine._heavy_law` (named in ``benchmarks/mutation/reasons.py``): the batch
simulator the statistical families receive, :func:`~zonemax.engine.supports` at the int64
bound, the exact refusals, small batches spread over worker threads, the write protection of the
heavy-tailed tables (cached and shared by every batch) and of the results.  The tables in other
log bases are checked too, although the law of Definition 2 does not depend on the base (a
change of base multiplies every weight by ``(ln b)^{1+eps}``, which ``c_eps`` normalises away):
the mutant that drops the base is equivalent.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from zonemax.reference import HeavyTailed
from zonemax.reference.spec import AlgorithmSpec

from zonemax.engine import (
    INT64_LIMIT,
    _heavy_law,
    check_target,
    run_many,
    run_seeds,
    simulate,
    supports,
    unsupported,
)
from zonemax.engine._heavy_law import heavy_tables
from zonemax.engine._magnitude_law import (
    MAX_PREC,
    START_PREC,
    TABLE_BITS,
    _accurate,
    magnitude_law,
)
from zonemax.engine.api import MAX_ALPHA

F = Fraction
SPEC = AlgorithmSpec("ea-heavy", (30, -7, 0), eps=F(1, 2))


def test_simulate_is_run_seeds_on_the_spawned_streams() -> None:
    seed = np.random.SeedSequence(4711)
    evaluations, solved = simulate(SPEC, seed, 25, None)
    batch = run_seeds(SPEC, np.random.SeedSequence(4711).spawn(25), budget=None)
    np.testing.assert_array_equal(evaluations, batch.evaluations)
    np.testing.assert_array_equal(solved, batch.solved)
    assert solved.all() and evaluations.dtype == np.int64
    # with a budget: censored runs report the budget and are not solved
    cap = int(np.median(evaluations))
    capped, capped_solved = simulate(SPEC, np.random.SeedSequence(4711), 25, cap)
    np.testing.assert_array_equal(capped, np.minimum(evaluations, cap))
    np.testing.assert_array_equal(capped_solved, evaluations <= cap)


def test_supports_the_algorithms_within_int64() -> None:
    edge = INT64_LIMIT // 4  # 4 |a|_1 = 2^63: refused; one less: accepted
    assert supports(AlgorithmSpec("ea-pm1", (edge - 1,)))
    assert not supports(AlgorithmSpec("ea-pm1", (edge,)))
    assert not supports(AlgorithmSpec("ea-pm1", (edge // 2, -(edge // 2))))
    for name in ("rls-ab", "ea-geom", "rls-power", "ea-heavy", "rls-pm1"):
        assert supports(AlgorithmSpec(name, (3,)))
    assert not supports(AlgorithmSpec("cma-wm", (3, 3)))


REFUSALS: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    ("not a spec", lambda: run_seeds("ea-pm1", [], budget=None),  # type: ignore[arg-type]
     TypeError, "spec must be an AlgorithmSpec, got str"),
    ("algorithm", lambda: run_seeds(AlgorithmSpec("cma-wm", (3, 3)), [], budget=None),
     ValueError, "the fast engine does not implement cma-wm; use the reference engine"),
    ("jobs", lambda: run_seeds(SPEC, [], budget=None, jobs=0), ValueError,
     "jobs must be >= 1, got 0"),
    ("jobs type", lambda: run_seeds(SPEC, [], budget=None, jobs=1.0),  # type: ignore[arg-type]
     TypeError, "jobs must be an int, got float"),
    ("budget", lambda: run_seeds(SPEC, [], budget=-1), ValueError, "budget must be >= 0, got -1"),
    ("budget type", lambda: run_seeds(SPEC, [], budget=True),  # type: ignore[arg-type]
     TypeError, "budget must be an int, got bool"),
    ("runs", lambda: run_many(SPEC, runs=-2, seed=0, budget=None), ValueError,
     "runs must be >= 0, got -2"),
    ("seed", lambda: run_many(SPEC, runs=2, seed=-1, budget=None), ValueError,
     "seed must be >= 0, got -1"),
    ("target", lambda: check_target((INT64_LIMIT // 4,)), ValueError,
     f"the fast engine uses int64 and needs 4*|a|_1 < 2^63, got |a|_1 = {INT64_LIMIT // 4}; "
     "use the reference engine (zonemax.reference.run), which uses Python ints, or a smaller "
     "target"),
]


@pytest.mark.parametrize(("call", "error", "message"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_refusal_says_exactly_what_to_change(call: Callable[[], object],
                                             error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error
    assert str(info.value) == message


@pytest.mark.parametrize("runs", [0, 1, 2, 3, 5, 9])
@pytest.mark.parametrize("jobs", [2, 3])
def test_small_batches_over_threads_equal_one_thread(runs: int, jobs: int) -> None:
    # few runs over several workers: every run is computed once, into its own slot
    one = run_many(SPEC, runs=runs, seed=12, budget=None, jobs=1)
    many = run_many(SPEC, runs=runs, seed=12, budget=None, jobs=jobs)
    np.testing.assert_array_equal(one.evaluations, many.evaluations)
    np.testing.assert_array_equal(one.solved, many.solved)
    assert len(many) == runs and (runs == 0 or many.solved.all())


@pytest.mark.parametrize("log_base", ["e", 3, 10])
def test_heavy_tables_in_other_log_bases(log_base: int | str) -> None:
    eps = F(1, 2)
    _heavy_law._heavy_tables.cache_clear()  # built here, not taken from an earlier test
    tables = heavy_tables(eps, log_base, "none", None)  # type: ignore[arg-type]
    op = HeavyTailed(eps, log_base=log_base)  # type: ignore[arg-type]
    for limit in (1, 5, 1000, 2**40):
        law = op.magnitude_distribution(limit)
        jmax = limit.bit_length() - 1
        for j in range(jmax + 1):
            assert float(tables.cum[j]) == pytest.approx(
                float(sum(law[1 << i] for i in range(j + 1))), rel=1e-12)
        assert float(tables.tail[jmax]) == pytest.approx(float(law[None]), rel=1e-12)


def test_heavy_tables_are_read_only() -> None:
    # cached and shared by every batch of the same operator: a caller must not change them
    for truncate, r in (("none", None), ("clip", 10)):
        tables = heavy_tables(F(1), 2, truncate, r)  # type: ignore[arg-type]
        assert tables is heavy_tables(F(1), 2, truncate, r)  # type: ignore[arg-type]
        for array in (tables.cum, tables.tail):
            assert not array.flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                array[0] = 0.5


def test_batches_are_read_only() -> None:
    batch = run_many(SPEC, runs=3, seed=1, budget=None)
    for array in (batch.evaluations, batch.solved):
        assert not array.flags.writeable


def _cancelling(k: int) -> Callable[[], list[Any]]:
    """A table computation that loses ``k`` bits to cancellation: ``(1/3 + 2^k) - 2^k``."""
    from flint import arb

    def compute() -> list[Any]:
        big = arb(2) ** k
        return [(arb(1) / 3 + big) - big]
    return compute


def test_table_precision_is_raised_up_to_its_limit_then_refused() -> None:
    # _magnitude_law._accurate doubles the working precision from START_PREC until every entry
    # has TABLE_BITS correct bits: a computation that needs the last precision, MAX_PREC, gets
    # it; one that needs more is refused with a message, not rounded silently
    needs_max = MAX_PREC - TABLE_BITS - 10  # accurate enough only at MAX_PREC
    assert needs_max > MAX_PREC // 2
    (value,) = _accurate(_cancelling(needs_max))
    assert value.rel_accuracy_bits() >= TABLE_BITS and abs(float(value.mid()) - 1 / 3) < 1e-16
    (value,) = _accurate(_cancelling(START_PREC - TABLE_BITS - 10))  # the first precision
    assert value.rel_accuracy_bits() >= TABLE_BITS
    with pytest.raises(ValueError, match="working precision") as info:
        _accurate(_cancelling(MAX_PREC - TABLE_BITS + 10))
    assert str(info.value) == (f"the fast engine's law tables need more than {MAX_PREC} bits "
                               "of working precision for these parameters")


def test_magnitude_laws_are_read_only_float64_tables() -> None:
    # cached and shared by every batch of the same operator, like the heavy-tailed tables
    specs = [SPEC, AlgorithmSpec("rls-geom", (3,), geom_mean=F(7)),
             AlgorithmSpec("ea-power", (3,), power_exponent=F(3, 2))]
    for spec in specs:
        law = magnitude_law(spec)
        assert law is magnitude_law(spec)
        for field in law._fields:
            array = getattr(law, field)
            if isinstance(array, np.ndarray):
                assert array.dtype == np.float64 and not array.flags.writeable, field
    with pytest.raises(ValueError, match="no magnitude law") as info:
        magnitude_law(AlgorithmSpec("ea-pm1", (3,)))
    assert str(info.value) == "ea-pm1 has no magnitude law (its steps are ±1 or adaptive)"


def test_unsupported_says_exactly_why() -> None:
    # the reasons unsupported() gives, word for word, at the edges of what the engine runs; a
    # batch of an unsupported spec is refused with the same words (run_seeds asks unsupported)
    assert unsupported(AlgorithmSpec("cma-wm", (3, 3))) == (
        "the fast engine does not implement cma-wm; use the reference engine")
    edge = INT64_LIMIT // 4
    assert unsupported(AlgorithmSpec("ea-heavy", (edge,), eps=F(1))) == (
        f"the fast engine uses int64 and needs 4*|a|_1 < 2^63, got |a|_1 = {edge}; use the "
        "reference engine (zonemax.reference.run), which uses Python ints, or a smaller target")
    assert unsupported(AlgorithmSpec("rls-ab", (3,), alpha=MAX_ALPHA, beta=F(1, 2))) is None
    too_fast = AlgorithmSpec("rls-ab", (3,), alpha=MAX_ALPHA + F(1, 10**9), beta=F(1, 2))
    reason = (f"the fast engine holds velocities in float64 and needs alpha <= "
              f"{float(MAX_ALPHA):.3g}, got alpha = {float(too_fast.alpha):.3g}; use the "
              "reference engine (zonemax.reference.run)")
    assert unsupported(too_fast) == reason
    with pytest.raises(ValueError, match="float64") as info:
        run_seeds(too_fast, np.random.SeedSequence(0).spawn(1), budget=10)
    assert str(info.value) == reason


def test_candidate_magnitudes_are_the_kernels_draws() -> None:
    # issue 26: the public step sampler calls the kernels' sampler on the run's own tables,
    # bit for bit, and reports the candidate mass the skip rules use
    from zonemax.engine import candidate_magnitudes
    from zonemax.engine._magnitude_law import draw_candidates

    for spec, limit in ((AlgorithmSpec("ea-power", (1,), power_exponent=F(3, 2)), 2**61),
                        (AlgorithmSpec("rls-geom", (1,), geom_q=F(2, 3)), 10**6),
                        (AlgorithmSpec("ea-heavy", (1,), eps=F(1, 10), truncate="clip",
                                       r=1000), 5000)):
        law = magnitude_law(spec)
        drawn = candidate_magnitudes(spec, limit, 1000, rng=np.random.SeedSequence(7))
        ours = draw_candidates(np.random.default_rng(np.random.SeedSequence(7)), law, limit,
                               1000)
        np.testing.assert_array_equal(drawn.magnitudes, ours)
        assert not drawn.magnitudes.flags.writeable and drawn.magnitudes.dtype == np.int64
        if spec.truncate == "clip":  # r <= limit: every magnitude is a candidate
            assert (drawn.mass, drawn.key) == (1.0, 10)
        else:
            assert drawn.key == limit.bit_length() and drawn.mass == law.ncum[drawn.key]
    with pytest.raises(ValueError, match="has no magnitude law"):
        candidate_magnitudes(AlgorithmSpec("ea-pm1", (1,)), 10, 1, rng=0)
    power = AlgorithmSpec("ea-power", (1,))
    with pytest.raises(ValueError, match=r"limit must be < 2\^62"):
        candidate_magnitudes(power, 2**62, 1, rng=0)
    with pytest.raises(ValueError, match="limit must be >= 1"):
        candidate_magnitudes(power, 0, 1, rng=0)
    assert candidate_magnitudes(power, 2**62 - 1, 0, rng=0).magnitudes.shape == (0,)
