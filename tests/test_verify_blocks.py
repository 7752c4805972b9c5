"""``zonemax verify`` sees the ±1 EA's fast paths (issue 26, items 1 and 3; issue 25, item 4).

The family ``blocks`` (:mod:`zonemax.stats_tests.blocks`) passes on the engine (by default in
``stats_tests/tests/test_families.py::test_ci_level[blocks-fast]``) and rejects the block rule's
planted count law in process (``stats_tests/tests/test_power.py``).  Here: the bugs planted
inside the kernels for ``zonemax verify --power`` (:mod:`zonemax.planted_engine`) -- each names
one place of the engine's source, the staged copy is the engine that runs, a copy that fails is
a rejection with its error, and (``-m slow``: each compiles the ±1 EA's kernels afresh, about
30 s on an idle core) each is rejected by the family, by the tests of the case where it acts.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.reporting import render_family

from zonemax.engine import simulate_per_iteration
from zonemax.planted_engine import (
    KERNEL_BUGS,
    KernelBug,
    _sources,
    engine_dir,
    mutated_sources,
    run_family_with,
    stage,
)

#: A case of the family where each planted kernel bug acts (a substring of the name of a test
#: that must reject it; measured effects on the mean in :mod:`zonemax.stats_tests.blocks`).
EXPECTED = {
    "sweep-minus-probability": "a=(100000, -100000)",
    "near-masses-off-by-one": "a=(1000, 0×4)",
    "table-cache-slot-reuse": "a=(2000×44, 129×256)",
}


def test_every_kernel_bug_names_one_place_of_the_engine() -> None:
    # cheap and default: a bug whose text no longer occurs (the engine was edited) or occurs
    # twice would judge code that is not there
    assert set(EXPECTED) == {b.name for b in KERNEL_BUGS}
    original = _sources(engine_dir())
    for bug in KERNEL_BUGS:
        assert bug.family == "blocks" and bug.old != bug.new
        changed = {name for name, text in mutated_sources(bug).items()
                   if text != original[name]}
        assert changed == {bug.module}, bug.name
        with pytest.raises(ValueError, match="exactly one place"):
            mutated_sources(KernelBug(bug.name, bug.bug, bug.module, "@njit", "@njit", "x"))


def test_the_staged_copy_runs_and_its_failure_is_a_rejection(tmp_path: Path) -> None:
    # one subprocess (cheap): the staged engine's _pm1_rows raises when imported, which only
    # the staged copy can do; so the error in the family's report shows that the copy is the
    # engine that ran, and that a planted engine that fails rejects its family with its error
    # (as an implementation that raises does), naming no test of the family
    raising = KernelBug("raising", "raises on import", "_pm1_rows.py", "CORRECT = 0\n",
                        "CORRECT = 0\nraise RuntimeError('the staged copy ran')\n", "blocks")
    engine = stage(raising, tmp_path)
    assert stage(raising, tmp_path) == engine  # kept, so that its compiled kernels are re-used
    res = run_family_with(raising, "ci", tmp_path)
    assert not res.ok and len(res.outcomes) == 1 and res.rejected == (True,)
    assert "the staged engine failed" in res.outcomes[0].detail
    assert "RuntimeError: the staged copy ran" in res.outcomes[0].detail


def test_a_staged_engine_that_hangs_is_a_rejection(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a kernel that loops inside one pass returns to no evaluation cap; its subprocess is ended
    # at the wall-time limit (here 2 s: the loop never ends, so the outcome cannot depend on
    # the machine's speed) and the family rejects with that reason, instead of a hang
    import zonemax.planted_engine as planted_engine

    monkeypatch.setattr(planted_engine, "HANG_SECONDS", 2)
    looping = KernelBug("looping", "never returns", "_pm1_rows.py", "CORRECT = 0\n",
                        "CORRECT = 0\nwhile True:\n    pass\n", "blocks")
    res = run_family_with(looping, "ci", tmp_path)
    assert not res.ok and res.rejected == (True,)
    assert "did not finish within 2 s" in res.outcomes[0].detail


@pytest.mark.slow
@pytest.mark.timeout(1800)  # compiles the ±1 EA's kernels in a fresh numba cache
@pytest.mark.parametrize("bug", KERNEL_BUGS, ids=[b.name for b in KERNEL_BUGS])
def test_kernel_bug_is_rejected_by_its_family(bug: KernelBug, tmp_path: Path) -> None:
    res = run_family_with(bug, "ci", tmp_path)
    assert res.implementation == "fast", render_family(res)  # the family ran on the copy
    rejected = [o.name for o, rej in zip(res.outcomes, res.rejected, strict=True) if rej]
    assert any(EXPECTED[bug.name] in name for name in rejected), render_family(res)


def test_the_per_iteration_oracle_censors_exactly_and_runs_only_what_it_names() -> None:
    # the oracle of the family: the same runs with and without a budget (a budget only stops a
    # run, it draws nothing), and no algorithm behind its name that has no per-iteration path
    # (ea-pm1, and since issue 24 rls-pm1 and rls-geom, have one)
    spec = AlgorithmSpec("ea-pm1", (300, -150, 2, 0))
    full, solved = simulate_per_iteration(spec, np.random.SeedSequence(3), 20, None)
    assert solved.all()
    for budget in (int(np.median(full)), 1000, 1):
        cut, ok = simulate_per_iteration(spec, np.random.SeedSequence(3), 20, budget)
        np.testing.assert_array_equal(cut, np.minimum(full, budget))
        np.testing.assert_array_equal(ok, full <= budget)
    with pytest.raises(ValueError, match="per-iteration path is the ±1 EA's, rls-pm1's and "
                       "rls-geom's, not ea-heavy's"):
        simulate_per_iteration(AlgorithmSpec("ea-heavy", (3,), eps=1), np.random.SeedSequence(3),
                               2, None)
    rls, ok = simulate_per_iteration(AlgorithmSpec("rls-pm1", (3,)), np.random.SeedSequence(3),
                                     2, None)
    assert ok.all() and (rls >= 3).all()
