"""The command line for the operators beyond the paper (issue 15): ``--geom-q``, ``--geom-mean``
and ``--power-exponent`` for ``zonemax run`` and ``zonemax exact``, the fast engine by default,
and the pre-flight estimate.

One statistical test (pre-registered): the mean of ``zonemax run ea-geom`` (fast engine, 4000
runs, seed 15) against the exact ``E[T]``, two-sided z-test with the exact variance at level
``1e-4``.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from scipy import stats
from zonemax.reference.spec import AlgorithmSpec

from zonemax.cli import main
from zonemax.commands._preflight import NOTE_SECONDS, estimate_run, long_run_note
from zonemax.exact import exact_expectation


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_uses_the_fast_engine_and_records_the_parameters(
        capsys: pytest.CaptureFixture[str]) -> None:
    for algorithm, option, value, key in (
            ("ea-power", "--power-exponent", "5/2", "power_exponent"),
            ("rls-power", "--power-exponent", "1.1", "power_exponent"),
            ("ea-geom", "--geom-q", "0.5", "geom_q"),
            ("rls-geom", "--geom-mean", "4/3", "geom_mean")):
        code, out, err = run_cli(capsys, "run", algorithm, "--a", "7,-3,0", option, value,
                                 "--runs", "3", "--seed", "2", "--json")
        assert code == 0, err
        obj = json.loads(out)
        assert obj["params"]["engine"] == "fast"
        assert Fraction(obj["params"][key]) == Fraction(value)
        assert all(r["solved"] for r in obj["runs"])


def test_run_defaults_and_reference_engine(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-geom", "--a", "4", "--runs", "2", "--seed", "1",
                           "--engine", "reference")
    assert code == 0 and "geom_mean=1" in out and "engine reference" in out
    code, out, _ = run_cli(capsys, "run", "rls-power", "--n", "2", "--r", "50", "--runs", "2",
                           "--seed", "1")
    assert code == 0 and "power_exponent=3/2" in out and "engine fast" in out


def test_run_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["run", "rls-geom", "--a", "30,-12", "--geom-mean", "3/4", "--runs", "5", "--seed",
            "8", "--json"]
    _, out1, _ = run_cli(capsys, *args)
    _, out2, _ = run_cli(capsys, *args)
    assert out1 == out2


#: Pre-registered: runs, seed and level of the one statistical test of this module.
CLI_RUNS = 4000
CLI_SEED = 15
CLI_ALPHA = 1e-4


def test_run_mean_agrees_with_exact(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, "run", "ea-geom", "--a", "3,-1", "--geom-q", "1/3", "--runs",
                        str(CLI_RUNS), "--seed", str(CLI_SEED), "--json")
    times = [r["evaluations"] for r in json.loads(out)["runs"]]
    exact = exact_expectation(AlgorithmSpec("ea-geom", (3, -1), geom_q=Fraction(1, 3)),
                              with_variance=True)
    assert exact.exact and exact.variance is not None
    z = (sum(times) / CLI_RUNS - float(exact.expectation)) / math.sqrt(
        float(exact.variance) / CLI_RUNS)
    assert abs(z) < stats.norm.isf(CLI_ALPHA / 2), f"z = {z:.2f}"


def test_exact_for_the_new_algorithms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "exact", "rls-geom", "--a", "4,-2", "--geom-q", "1/2")
    exact = exact_expectation(AlgorithmSpec("rls-geom", (4, -2), geom_q=Fraction(1, 2)))
    assert code == 0 and f"E[T] = {exact.expectation} ≈" in out and "geom_q=1/2" in out
    code, out, _ = run_cli(capsys, "exact", "ea-geom", "--a", "3", "--variance")
    assert code == 0 and "rigorous: interval arithmetic" in out and "Var[T]" in out
    code, out, _ = run_cli(capsys, "exact", "ea-power", "--a", "3,1", "--power-exponent", "3/2",
                           "--json")
    obj = json.loads(out)
    assert code == 0 and obj["params"] == {"power_exponent": "3/2"} and not obj["exact"]
    assert float(obj["error_bound"]) < 1e-15
    code, out, _ = run_cli(capsys, "exact", "rls-power", "--a", "5", "--power-exponent", "2")
    assert code == 0 and "rls-power" in out


@pytest.mark.parametrize(("argv", "fragment"), [
    (["run", "ea-power", "--a", "3", "--geom-q", "1/2"],
     "--geom-q applies only to the double-geometric algorithms (ea-geom, rls-geom)"),
    (["exact", "ea-pm1", "--a", "3", "--geom-mean", "2", "--geom-q", "1/2"],
     "--geom-q, --geom-mean apply only to the double-geometric"),
    (["run", "rls-geom", "--a", "3", "--power-exponent", "2"],
     "--power-exponent applies only to the power-law algorithms (ea-power, rls-power)"),
    (["exact", "ea-heavy", "--a", "3", "--power-exponent", "2"], "--power-exponent applies"),
    (["run", "ea-geom", "--a", "3", "--geom-q", "1/2", "--geom-mean", "1"], "not both"),
    (["run", "ea-geom", "--a", "3", "--geom-q", "1"], "geom_q must lie in (0, 1)"),
    (["exact", "rls-geom", "--a", "3", "--geom-q", "0"], "geom_q must lie in (0, 1)"),
    (["run", "ea-geom", "--a", "3", "--geom-mean", "-2"], "geom_mean"),
    (["run", "ea-power", "--a", "3", "--power-exponent", "1"], "power_exponent must be > 1"),
    (["exact", "rls-power", "--a", "3", "--power-exponent", "0.5"], "must be > 1"),
    (["run", "ea-power", "--a", "3", "--power-exponent", "abc"], "finite number"),
    (["run", "ea-geom", "--a", "3", "--geom-mean", "1e-5000"], "smaller exponent"),
    (["exact", "ea-power", "--a", "3", "--power-exponent", "3/0"], "denominator"),
    # pre-flight: days of useful iterations without a budget (steps of bounded mean at 10^12)
    (["run", "ea-geom", "--n", "100", "--r", str(10**12)], "give --budget N"),
    (["run", "ea-power", "--n", "100", "--r", str(10**12), "--power-exponent", "3"],
     "give --budget N"),
    # a step that float64 (and any run) never sees: E[T] beyond the fast engine's range of
    # counts (2^62), which --force does not lift
    (["run", "rls-geom", "--a", "3", "--geom-mean", "1e-400"], "--force does not lift this limit"),
    (["exact", "ea-power", "--a", "200,200,200"], "choose a smaller target"),
], ids=lambda v: " ".join(v)[:50] if isinstance(v, list) else None)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          fragment: str) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, err
    assert out == ""
    assert fragment in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_preflight_estimates_and_notes() -> None:
    # accepted: the power law at 10^12 needs few useful iterations per unit of distance
    fast = estimate_run(AlgorithmSpec("ea-power", (10**12,) * 100), 1, "fast")
    assert fast.seconds < NOTE_SECONDS and long_run_note(fast) is None
    # accepted with a note: n = 20 at 10^9 with mean-1 steps is minutes of useful iterations
    slow = estimate_run(AlgorithmSpec("ea-geom", (10**9,) * 20), 1, "fast")
    assert NOTE_SECONDS < slow.seconds < 86_400
    note = long_run_note(slow)
    assert note is not None and "minutes" in note and "--budget" in note
    # the lower bound n |a|_inf / E[min(|step|, |a|_1)]: mean-1 steps give n r / 1.707...
    assert slow.evaluations >= 20 * 10**9 / 1.71
    # refused: n = 20 at 10^12 (days)
    assert estimate_run(AlgorithmSpec("ea-geom", (10**12,) * 20), 1, "fast").seconds > 86_400


def test_budget_bounds_a_long_run_and_no_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "run", "ea-geom", "--n", "100", "--r", str(10**12),
                             "--budget", "100000", "--runs", "2", "--seed", "1", "--json")
    assert code == 0 and "note" not in err
    assert [r["evaluations"] for r in json.loads(out)["runs"]] == [100000, 100000]


def test_light_support_rule_agrees_with_the_engine() -> None:
    from zonemax.engine import supports
    from zonemax.experiments.simulate import supports as light_supports

    for spec in (AlgorithmSpec("ea-geom", (3,)), AlgorithmSpec("rls-power", (2**61 - 1,)),
                 AlgorithmSpec("ea-power", (2**61,)),
                 AlgorithmSpec("rls-geom", (-(2**60), 2**60 - 1), geom_q=Fraction(1, 2)),
                 AlgorithmSpec("ea-power", (3,), power_exponent=1 + Fraction(1, 10**999))):
        assert light_supports(spec) == supports(spec), spec
