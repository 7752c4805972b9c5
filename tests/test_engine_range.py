"""The fast engine at the edge of its range of counts (``2^62``): no count is ever capped into a
run time.

Before this range existed a count could be clamped, wrap or be cut off and still be reported
as a solved run: ``zonemax run ea-heavy --a 3 --eps 1e-30 --force`` printed ``2^59 + 2`` and
``1.5 * 2^59 + 3`` as solved run times (every geometric gap clamped at ``2^58``), the power laws
even printed negative ones (numba's Poisson sampler converting a mean beyond int64), ``rls-pm1``
at ``|a|_1 = 2^61 - 1`` reported runs "censored" at a budget nobody gave, and budgets above int64
were silently capped.  Each test below names what the old code did in its docstring; each of
them fails on it.

Kernels covered at the edge: ``_ea_law`` (ea-heavy, ea-geom, ea-power), ``_rls_law``
(rls-heavy, rls-power, and rls-geom per iteration), ``_rls_positions`` (rls-geom, rls-pm1),
``_ea_pm1`` (ea-pm1) with counts near ``2^62``, the shared ``phase_trials``/``settle``/``finish``
near ``2^58``, ``2^62`` and ``2^63``, ``_rls_ab``'s step cap and every kernel's budget through
the API and the CLI.  ``_rls_pm1`` and ``_rls_ab`` simulate every useful iteration and have
``q >= 1/(2n)``, so no run of theirs reaches ``2^62`` in feasible time: their edge is the
budget (refused from ``2^62``; the same shared draws).
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from numba import njit
from zonemax.reference.spec import AlgorithmSpec

from zonemax.cli import main
from zonemax.commands import _preflight
from zonemax.engine import (
    COUNT_RANGE,
    BeyondRangeError,
    EngineInvariantError,
    run_many,
    run_seeds,
    simulate,
    simulate_per_iteration,
)
from zonemax.engine import api as engine_api
from zonemax.engine._magnitude_law import magnitude_law
from zonemax.engine._pm1_patterns import b_table, far_only_law, new_cache, new_scratch
from zonemax.engine._pm1_rows import CORRECT, add_far_only, apply_rows, new_rows
from zonemax.engine._random import phase_trials
from zonemax.engine._range import MAX_BUDGET
from zonemax.engine._rls_law import rls_law_run
from zonemax.engine._state import NO_BUDGET, finish, settle
from zonemax.engine.api import checked_outcome
from zonemax.experiments.simulate import FAST_COUNT_RANGE as EXPERIMENTS_RANGE

#: Specs whose useful probability is about 1e-24 to 1e-30: every run needs far more than 2^62
#: evaluations (a tiny heavy-tailed eps, a tiny double-geometric mean, a power law with
#: beta - 1 = 1e-25), one per kernel family that draws its phases with ``phase_trials``.
TINY = {
    "ea-heavy": AlgorithmSpec("ea-heavy", (3,), eps="1e-30"),
    "rls-heavy": AlgorithmSpec("rls-heavy", (3,), eps="1e-30"),
    "ea-geom": AlgorithmSpec("ea-geom", (3,), geom_mean="1e-30"),
    "rls-geom": AlgorithmSpec("rls-geom", (3,), geom_mean="1e-30"),
    "ea-power": AlgorithmSpec("ea-power", (3,), power_exponent="1.0000000000000000000000001"),
    "rls-power": AlgorithmSpec("rls-power", (3,), power_exponent="1.0000000000000000000000001"),
}
#: ``|a|_1 = 2^61 - 1``, the largest target the engine takes (``4 |a|_1 < 2^63``): with n = 1
#: the ±1 EA and RLS need ``T = D + NegBin(D, 1/2)``, mean ``2^62 - 2``, standard deviation about
#: ``2^31``, so about half of the runs end below ``2^62`` and half beyond it.
EDGE = ((1 << 61) - 1,)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@njit(cache=False)
def _numba_negbin_trials(rng: np.random.Generator, useful: int, q: float) -> int:
    return useful + rng.negative_binomial(useful, q)


# --------------------------------------------------------------------------------------------
# the range and its restatements
# --------------------------------------------------------------------------------------------
def test_range_constants_agree_and_leave_room_for_a_sum() -> None:
    """The CLI and the experiments restate the range (they must not import numba); all agree,
    and a budget plus one saturated draw stays within int64 (no constant existed before)."""
    assert COUNT_RANGE == 1 << 62
    assert MAX_BUDGET == COUNT_RANGE - 1
    assert _preflight.FAST_COUNT_RANGE == COUNT_RANGE
    assert EXPERIMENTS_RANGE == COUNT_RANGE
    assert np.iinfo(np.int64).max >= MAX_BUDGET + COUNT_RANGE


# --------------------------------------------------------------------------------------------
# phase_trials, settle, finish: the shared draws
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("useful", [1, 2, 4, 5, 1000, 1 << 40])
@pytest.mark.parametrize("q", [1e-30, 1e-300, 5e-324])
def test_phase_trials_saturates_beyond_the_range(useful: int, q: float) -> None:
    """A phase of about ``useful / q`` trials, far beyond ``2^62``, is reported as ``2^62``
    ("at least"), never as a number.  Old: up to four geometric gaps were each clamped at
    ``2^58`` (``useful * (2^58 + 1)``: the issue's ``2^59 + 2``), more went to numba's Poisson
    sampler with a mean beyond int64, which returned ``-2^63 + useful``."""
    for seed in range(3):
        assert phase_trials(np.random.default_rng(seed), useful, q) == COUNT_RANGE


def test_phase_trials_is_exact_near_2_58() -> None:
    """Geometric gaps of mean ``2^57`` (q = 2^-57): about ``e^-2 = 13.5%`` of them exceed
    ``2^58``, and they must keep their values.  Old: each gap was clamped at ``2^58`` (every such
    draw was ``2^58 + 1``, the mean 13.5% low: a biased law of every count near ``2^59``)."""
    q = 2.0**-57
    rng = np.random.default_rng(58)
    draws = np.array([phase_trials(rng, 1, q) for _ in range(4000)], dtype=np.float64)
    above = np.mean(draws > 2.0**58)
    assert abs(above - np.exp(-2.0)) < 5 * np.sqrt(np.exp(-2.0) * (1 - np.exp(-2.0)) / 4000)
    assert np.unique(draws[draws > 2.0**58]).size > 100  # old: all of them 2^58 + 1
    assert draws.max() < COUNT_RANGE  # Geometric(2^-57) beyond 2^62 has probability e^-32
    assert abs(draws.mean() / 2.0**57 - 1) < 5 / np.sqrt(4000)


def test_phase_trials_near_2_62_is_numbas_negative_binomial_or_saturated() -> None:
    """Mean ``useful / q`` about ``4.55e18`` (just below ``2^62 = 4.61e18``, standard deviation
    about ``1.4e17``): every draw is numba's ``useful + negative_binomial(useful, q)`` bit for bit
    when that is below ``2^62``, and ``2^62`` exactly when it is not.  Old: the draws above
    ``2^62`` were returned as such (a count outside the range of the engine's sums)."""
    useful, q = 1000, 2.2e-16
    saturated = exact = 0
    for seed in range(40):
        old = _numba_negbin_trials(np.random.default_rng(seed), useful, q)
        new = phase_trials(np.random.default_rng(seed), useful, q)
        if old < COUNT_RANGE:
            assert new == old
            exact += 1
        else:
            assert new == COUNT_RANGE
            saturated += 1
    assert exact > 0 and saturated > 0  # both sides of the edge were exercised


def test_phase_trials_matches_numbas_negative_binomial_in_range() -> None:
    """The split draw (Gamma, then Poisson) is numba's ``negative_binomial`` bit for bit for
    ordinary phases: the engine's outputs for fixed seeds are unchanged
    (benchmarks/engine_outputs.py).  A pin of the rewrite; the old code *was* that call."""
    for useful in (5, 17, 1000, 10**9):
        for q in (0.9, 0.5, 1 / (np.e * 100), 1e-5):
            for seed in range(5):
                assert (phase_trials(np.random.default_rng(seed), useful, q)
                        == _numba_negbin_trials(np.random.default_rng(seed), useful, q))


def test_settle_saturates_instead_of_wrapping() -> None:
    """Four phases beyond the range: their sum is ``2^62``.  Old: each phase came back as about
    ``-2^63`` (numba's Poisson sampler) and the sum wrapped around int64."""
    n = 8
    acc = np.zeros(n + 1, np.int64)
    acc_q = np.zeros(n + 1)
    acc_ks = np.zeros(n + 1, np.int64)
    for i, k in enumerate((1, 3, 5, 7)):
        acc[k], acc_q[k], acc_ks[i] = 5, 1e-30, k
    assert settle(np.random.default_rng(1), acc, acc_q, acc_ks, 4) == COUNT_RANGE
    assert not acc.any()  # cleared as before


def test_finish_never_wraps_and_never_solves_beyond_the_budget() -> None:
    """``finish`` at the top of the range with a phase beyond it: censored at the budget.  Old:
    ``t + phase_trials`` with a phase of about ``-2^63`` wrapped to a small count, reported
    solved; and with ``t`` above the budget the phase was still added."""
    rng = np.random.default_rng(2)
    assert finish(rng, MAX_BUDGET - 10, 5, 1e-30, MAX_BUDGET) == (MAX_BUDGET, False)
    assert finish(rng, MAX_BUDGET - 10, 2, 1e-30, MAX_BUDGET) == (MAX_BUDGET, False)
    assert finish(rng, 1 << 62, 5, 1e-30, NO_BUDGET) == (NO_BUDGET, False)
    assert finish(rng, 100, 0, 0.5, 50) == (50, False)
    assert finish(rng, 100, 0, 0.5, 100) == (100, True)


# --------------------------------------------------------------------------------------------
# every kernel at the edge, through the API
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(TINY))
def test_tiny_useful_probability_is_beyond_the_range_never_solved(name: str) -> None:
    """Runs that need about 1e24-1e30 evaluations: without a budget each is *beyond the range*
    (evaluations ``2^62``, a lower bound); with a budget each is censored at it, exactly as the
    reference reports a run longer than its budget.  Old: every run was reported solved, with
    counts like ``2^59 + 2`` (ea-heavy, rls-heavy, ea-geom, rls-geom) or negative ones
    (ea-power, rls-power)."""
    spec = TINY[name]
    batch = run_many(spec, runs=4, seed=1, budget=None)
    assert not batch.solved.any()
    assert batch.beyond_range.all()
    assert (batch.evaluations == COUNT_RANGE).all()
    budgeted = run_many(spec, runs=4, seed=1, budget=10**18)
    assert not budgeted.solved.any() and not budgeted.beyond_range.any()
    assert (budgeted.evaluations == 10**18).all()
    with pytest.raises(BeyondRangeError, match="2\\^62"):
        simulate(spec, np.random.SeedSequence(1), 2, None)


def test_per_iteration_oracle_reports_the_range() -> None:
    """The per-iteration rls-geom kernel (``_rls_law`` with the double-geometric law, the oracle
    of the position rule) with a tiny mean: :class:`BeyondRangeError` without a budget (its
    ``(evaluations, solved)`` pair cannot say "beyond"), censored with one.  Old: solved runs
    with counts like ``2^59 + 2``."""
    spec = TINY["rls-geom"]
    with pytest.raises(BeyondRangeError):
        simulate_per_iteration(spec, np.random.SeedSequence(1), 2, None)
    ev, ok = simulate_per_iteration(spec, np.random.SeedSequence(1), 2, 10**18)
    assert not ok.any() and (ev == 10**18).all()


def test_a_kernel_called_without_a_budget_stops_at_the_range() -> None:
    """A kernel called directly with ``NO_BUDGET`` (int64 max) runs with the range as its
    budget: censored at ``2^62 - 1``, not solved.  Old: solved after ``2^59 + 2``."""
    spec = TINY["rls-heavy"]
    dist0 = np.array(spec.a, dtype=np.int64)
    t, solved = rls_law_run(np.random.default_rng(1), dist0, NO_BUDGET, magnitude_law(spec))
    assert (t, solved) == (MAX_BUDGET, False)


@pytest.mark.parametrize("algorithm", ["ea-pm1", "rls-pm1"])
def test_counts_near_2_62_are_exact_below_and_beyond_range_above(algorithm: str) -> None:
    """``|a|_1 = 2^61 - 1`` (n = 1): ``T`` has mean ``2^62 - 2``.  A solved run has ``T < 2^62``,
    and the same ``T`` with the budget ``2^62 - 1``; every other run is beyond the range, and
    censored at that budget.  Old: ea-pm1 reported solved runs with ``T >= 2^62``, rls-pm1
    reported every run censored at int64 max (``h >= 2^60`` was cut off) though no budget was
    given."""
    spec = AlgorithmSpec(algorithm, EDGE)
    free = run_many(spec, runs=8, seed=1, budget=None)
    capped = run_many(spec, runs=8, seed=1, budget=MAX_BUDGET)
    assert free.solved.any() and free.beyond_range.any()
    assert not (free.solved & free.beyond_range).any()
    assert (free.evaluations[free.solved] < COUNT_RANGE).all()
    assert (free.evaluations[free.solved] > COUNT_RANGE - (1 << 36)).all()  # 32 sd below
    assert (free.evaluations[free.beyond_range] == COUNT_RANGE).all()
    assert (capped.solved == free.solved).all()
    assert (capped.evaluations[capped.solved] == free.evaluations[free.solved]).all()
    assert (capped.evaluations[~capped.solved] == MAX_BUDGET).all()
    assert not capped.beyond_range.any()


def test_rls_ab_step_cap_changes_no_result() -> None:
    """``rls-ab`` with ``alpha = 10^280`` (velocities up to about ``10^280``; the step is
    clamped to ``2^62`` before its int64 conversion): with ``alpha >= 2 |a|_inf`` and
    ``alpha beta <= 1`` every accepted step has length 1 and the next one is rejected, so for
    n = 1 ``E[T] = 3 d - 1`` exactly (14 for d = 5).  Without the clamp, ``floor(v)`` of such a
    velocity is no int64 at all (a pin of the clamp's argument; the old code had the clamp)."""
    spec = AlgorithmSpec("rls-ab", (5,), alpha="1e280", beta="1e-280")
    batch = run_many(spec, runs=4000, seed=3, budget=None)
    assert batch.solved.all()
    times = batch.evaluations.astype(float)
    assert abs(times.mean() - 14) < 5 * times.std() / np.sqrt(times.size)


# --------------------------------------------------------------------------------------------
# budgets
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("budget", [1 << 62, (1 << 63) - 1, 1 << 63, 10**20])
@pytest.mark.parametrize("algorithm", ["ea-pm1", "rls-pm1", "rls-ab", "ea-heavy"])
def test_budget_beyond_the_range_is_refused(algorithm: str, budget: int) -> None:
    """A budget the engine cannot represent is refused, never capped.  Old: ``min(budget,
    int64 max)`` ran it, and a run censored there was reported at a budget nobody gave."""
    spec = AlgorithmSpec(algorithm, (3, 2), **({"eps": "0.5"} if algorithm == "ea-heavy" else {}))
    with pytest.raises(ValueError, match="budget must be below 2\\^62"):
        run_many(spec, runs=1, seed=0, budget=budget)
    assert run_many(spec, runs=1, seed=0, budget=MAX_BUDGET).solved.all()


def test_oracles_refuse_budgets_beyond_the_range() -> None:
    """The per-iteration oracles take budgets as the production API does.  Old: capped."""
    for algorithm in ("ea-pm1", "rls-pm1", "rls-geom"):
        kw = {"geom_mean": "2"} if algorithm == "rls-geom" else {}
        spec = AlgorithmSpec(algorithm, (3, 2), **kw)
        with pytest.raises(ValueError, match="2\\^62"):
            simulate_per_iteration(spec, np.random.SeedSequence(0), 1, 1 << 63)
        ev, ok = simulate_per_iteration(spec, np.random.SeedSequence(0), 2, MAX_BUDGET)
        assert ok.all() and (ev < COUNT_RANGE).all()


# --------------------------------------------------------------------------------------------
# the invariant at the engine's boundary
# --------------------------------------------------------------------------------------------
def test_checked_outcome_refuses_a_solved_run_it_cannot_vouch_for() -> None:
    """A solved run needs ``f = 0`` and a count within the budget and the range; an unsolved
    one sits at its budget.  Old: no check (the kernels' final f was the constant 0)."""
    assert checked_outcome(True, 7, True, 0, 10, False) == (7, True, False)
    assert checked_outcome(True, 10, False, 3, 10, False) == (10, False, False)
    assert checked_outcome(True, MAX_BUDGET, False, 3, MAX_BUDGET, True) == (COUNT_RANGE, False,
                                                                              True)
    for bad in [(True, 7, True, 1, 10, False), (True, 11, True, 0, 10, False),
                (True, COUNT_RANGE, True, 0, MAX_BUDGET, True), (True, -1, True, 0, 10, False),
                (True, 9, False, 0, 10, False), (False, 7, True, 0, 10, False)]:
        with pytest.raises(EngineInvariantError):
            checked_outcome(*bad)


def test_run_seeds_checks_every_kernel_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that reports a solved run with ``f != 0`` makes ``run_seeds`` raise instead of
    returning it.  Old: returned as solved."""
    def factory(n: int):  # type: ignore[no-untyped-def]
        def kernel(rng, dist0, budget, chunk):  # type: ignore[no-untyped-def]
            yield True, 5, True, 2

        return kernel

    monkeypatch.setattr(engine_api, "_make_kernel", lambda spec: factory)
    with pytest.raises(EngineInvariantError, match="f\\(x\\) = 2"):
        run_seeds(AlgorithmSpec("rls-pm1", (3,)), [np.random.SeedSequence(0)], budget=None)


def test_sweep_threshold_never_wraps() -> None:
    """``sweep_min = NO_BUDGET`` means "never sweep": the rows are applied one by one, the same
    draws as with any threshold above every row state.  Old: ``NO_BUDGET * a`` wrapped around
    int64 (to ``-4`` for a = 4), so every state was swept instead."""
    n, d0, size = 4, 1000, 150
    cache = new_cache(n + 1)
    law = cache.far_cond[far_only_law(cache, new_scratch(), n, n)]
    bcum = b_table()
    out = {}
    for sweep_min in (NO_BUDGET, 1 << 40):
        rng = np.random.default_rng(9)
        rows = new_rows(n)
        dist = np.full(n, d0, np.int64)
        top = add_far_only(rng, rows, law, n, size, bcum)
        apply_rows(rng, rows, dist, np.arange(n), n, top, sweep_min, CORRECT)
        out[sweep_min] = (dist.copy(), rng.random())
    assert (out[NO_BUDGET][0] == out[1 << 40][0]).all()
    assert out[NO_BUDGET][1] == out[1 << 40][1]


# --------------------------------------------------------------------------------------------
# the command line
# --------------------------------------------------------------------------------------------
def test_issue_command_with_force_exits_2_without_advising_force(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``zonemax run ea-heavy --a 3 --eps 1e-30 --runs 2 --seed 1 --force``: refused (exit 2),
    nothing printed as a run, and no advice to use --force.  Old: exit 0, both runs printed
    solved (2^59 + 2 and 1.5 * 2^59 + 3)."""
    code, out, err = run_cli(capsys, "run", "ea-heavy", "--a", "3", "--eps", "1e-30", "--runs",
                             "2", "--seed", "1", "--force")
    assert code == 2 and out == ""
    assert "range" in err and "--force does not lift" in err and "or --force" not in err
    code, out, err = run_cli(capsys, "run", "ea-heavy", "--a", "3", "--eps", "1e-30", "--runs",
                             "2", "--seed", "1")
    assert code == 2 and "--force does not lift" in err


@pytest.mark.parametrize("budget", [str(10**20), str(1 << 63), str(1 << 62)])
def test_cli_refuses_a_budget_beyond_the_range(capsys: pytest.CaptureFixture[str],
                                               budget: str) -> None:
    """Old: ``--budget 10^20`` ran (capped at int64 max) and printed both runs solved."""
    code, out, err = run_cli(capsys, "run", "ea-heavy", "--a", "3", "--eps", "1e-30", "--runs",
                             "2", "--seed", "1", "--budget", budget, "--force")
    assert code == 2 and out == ""
    assert "beyond the fast engine's range" in err and "--force" not in err


def test_cli_budget_at_the_top_of_the_range_censors(capsys: pytest.CaptureFixture[str]) -> None:
    """``--budget 2^62 - 1``: every run of the issue's spec is censored at it.  Old: solved
    after 2^59 + 2 evaluations."""
    code, out, _ = run_cli(capsys, "run", "ea-heavy", "--a", "3", "--eps", "1e-30", "--runs",
                           "2", "--seed", "1", "--budget", str(MAX_BUDGET), "--json")
    assert code == 0
    assert json.loads(out)["runs"] == [{"evaluations": MAX_BUDGET, "solved": False}] * 2


def test_cli_reports_runs_beyond_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    """rls-heavy on n = 1000 with eps = 4e-16 passes the pre-flight check (its bound, 1/P(step
    <= 2|a|_1), ignores the factor n ln n of RLS) but needs about 1e19 evaluations: each run is
    printed ``beyond-range`` with 2^62 and the summary says what that means; in JSON
    ``"beyond_range": true``.  Old: printed ``censored`` at int64 max, a budget never given."""
    argv = ("run", "rls-heavy", "--n", "1000", "--r", "1", "--eps", "4e-16", "--runs", "2",
            "--seed", "1")
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line.startswith("    ")]
    assert rows == [["0", str(COUNT_RANGE), "beyond-range"], ["1", str(COUNT_RANGE),
                                                               "beyond-range"]]
    assert "solved 0/2" in out
    assert "2 runs left the fast engine's range (T >= 2^62 evaluations)" in out
    assert "lower bound" in out
    code, out, _ = run_cli(capsys, *argv, "--json")
    assert code == 0
    assert json.loads(out)["runs"] == [{"evaluations": COUNT_RANGE, "solved": False,
                                        "beyond_range": True}] * 2


def test_reference_engine_takes_any_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """The range is the fast engine's: the reference (Python ints) runs a budget above int64."""
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3", "--seed", "1", "--budget",
                           str(10**20), "--engine", "reference", "--json")
    assert code == 0 and json.loads(out)["runs"][0]["solved"] is True
