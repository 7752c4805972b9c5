"""The ``zonemax run`` command-line contract."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from zonemax.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "3,-2", "--runs", "4", "--seed", "1",
                           "--json", "--engine", "reference")
    assert code == 0
    obj = json.loads(out)
    assert obj["algorithm"] == "ea-pm1"
    assert obj["params"]["a"] == [3, -2] and obj["params"]["seed"] == 1
    assert len(obj["runs"]) == 4
    for r in obj["runs"]:
        assert set(r) == {"evaluations", "solved"}
        assert isinstance(r["evaluations"], int) and r["solved"] is True


def test_same_seed_same_output_and_runs_are_prefix_stable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["run", "rls-ab", "--n", "3", "--r", "40", "--alpha", "2", "--beta", "0.5",
            "--seed", "11", "--json", "--engine", "reference"]
    _, out1, _ = run_cli(capsys, *args, "--runs", "3")
    _, out2, _ = run_cli(capsys, *args, "--runs", "3")
    assert out1 == out2
    assert json.loads(out1)["params"]["alpha"] == "2"


def test_n_r_target_and_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-heavy", "--n", "2", "--r", "100", "--eps", "0.5",
                           "--runs", "2", "--seed", "3", "--engine", "reference")
    assert code == 0
    assert "solved 2/2" in out and "eps=1/2" in out


def test_truncation_and_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-heavy", "--n", "3", "--r", "1000", "--truncate",
                           "clip", "--runs", "2", "--seed", "3", "--budget", "5", "--json",
                           "--engine", "reference")
    obj = json.loads(out)
    assert code == 0 and obj["params"]["truncate"] == "clip" and obj["params"]["r"] == 1000
    assert all(r["evaluations"] <= 5 for r in obj["runs"])


def test_zero_target_is_solved_in_zero_evaluations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "0,0,0", "--json", "--seed", "0")
    assert code == 0
    assert json.loads(out)["runs"] == [{"evaluations": 0, "solved": True}]


def test_cma_wm_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "cma-wm", "--n", "5", "--r", "10", "--seed", "2",
                           "--budget", "20000", "--json")
    assert code == 0
    assert json.loads(out)["runs"][0]["solved"] is True


def test_rls_ab_outside_theorem_warns_but_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.reference import OutsideTheoremWarning, rls_ab

    with pytest.warns(OutsideTheoremWarning, match="beta"):
        res = rls_ab((5, 5), 2, 0.5, rng=1)
    assert res.solved
    # the command line warns too, in one line, and still runs
    code, out, err = run_cli(capsys, "run", "rls-ab", "--a", "5,5", "--alpha", "2", "--beta",
                             "0.5", "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["runs"][0]["solved"]
    assert err.count("\n") == 1 and "violates Theorem 9" in err


def test_internal_errors_are_not_usage_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only zonemax's own usage errors become exit code 2; a bug shows as one."""
    import importlib

    simulate = importlib.import_module("zonemax.experiments.simulate")

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("an internal bug")

    monkeypatch.setattr(simulate, "iter_runs", broken)
    with pytest.raises(TypeError, match="internal bug"):
        main(["run", "ea-pm1", "--a", "3", "--seed", "1"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ea-heavy", "--a", "1", "--eps", "0"], "eps must be > 0"),
        (["ea-heavy", "--a", "1", "--eps", "-0.1"], "eps must be > 0"),
        (["ea-pm1", "--a", "1.5,2"], "integers"),
        (["ea-pm1", "--a", "x"], "integers"),
        (["rls-ab", "--a", "3", "--alpha", "1"], "alpha must be > 1"),
        (["rls-ab", "--a", "3", "--alpha", "0.5"], "alpha must be > 1"),
        (["rls-ab", "--a", "3", "--beta", "1"], "beta must lie in"),
        (["rls-ab", "--a", "3", "--beta", "0"], "beta must lie in"),
        (["ea-pm1", "--n", "0", "--r", "3"], "--n must be >= 1"),
        (["ea-pm1", "--a", "3", "--budget", "-1"], "--budget must be >= 0"),
        (["bogus", "--a", "3"], "unknown algorithm"),
        (["ea-pm1"], "give a target"),
        (["ea-pm1", "--a", "1", "--n", "2", "--r", "2"], "not both"),
        (["ea-pm1", "--a", "1", "--eps", "0.1"], "applies only to the heavy-tailed"),
        (["ea-pm1", "--a", "1", "--alpha", "2"], "applies only to rls-ab"),
        (["ea-heavy", "--a", "1", "--log-base", "10"], "--log-base"),
        (["ea-heavy", "--a", "1", "--truncate", "cut"], "--truncate"),
        (["ea-pm1", "--a", "1", "--runs", "0"], "--runs"),
        (["ea-pm1", "--a", "1", "--seed", "-3"], "--seed"),
        (["ea-pm1", "--a", "1", "--engine", "gpu"], "--engine"),
        (["cma-wm", "--a", "1,2"], "all-r"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_cli(capsys, "run", *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_console_script_exit_code() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "zonemax.cli", "run", "ea-pm1", "--a", "1", "--eps", "0"],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_mean_consistent_with_exact_expectation(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's acceptance check at a smaller scale: n = 1, E[T] = 2|a| exactly."""
    _, out, _ = run_cli(capsys, "run", "ea-pm1", "--a", "-9", "--runs", "500", "--seed", "1",
                        "--json", "--engine", "reference")
    times = [r["evaluations"] for r in json.loads(out)["runs"]]
    mean = sum(times) / len(times)
    se = math.sqrt(2 * 9 / len(times))  # Var[T] = 2|a| (see test_reference_means)
    assert abs(mean - 18) < 4 * se
