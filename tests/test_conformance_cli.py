"""``zonemax conform``: exit codes, --json, and the JSON-lines protocol driven by a node program."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest

from zonemax.cli import main
from zonemax.conformance.protocol import SCHEMA_PATH, request

PROGRAMS = Path(__file__).parent / "conformance_programs"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture
def module_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "user_impl.py").write_text(textwrap.dedent("""
        from zonemax.conformance.planted import ea_pm1, law_sampler
        good = ea_pm1()
        exact = law_sampler("ea-pm1")
        strict = ea_pm1("strict-acceptance")
        def raises(a, *, rng, budget):
            raise ValueError("nope")
    """))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_exit_codes(module_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["conform", "ea-pm1", "--seed", "3", "--runs", "1500"]
    # below the pre-registered size: at best inconclusive (exit 3)
    assert main([*base, "--python", "user_impl:good"]) == 3
    assert "INCONCLUSIVE" in capsys.readouterr().out
    # the algorithm's exact law at the default size (10,000 runs per target): conforms
    assert main(["conform", "ea-pm1", "--seed", "3", "--python", "user_impl:exact"]) == 0
    assert "CONFORMS" in capsys.readouterr().out
    assert main(["conform", "ea-pm1", "--seed", "3", "--python", "user_impl:exact",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["verdict"], data["conforms"], data["inconclusive"]) == ("conforms", True, False)
    # strict acceptance at 5000 runs: predicted power >= 0.99 (benchmarks/conformance_power.py)
    strict = ["conform", "ea-pm1", "--seed", "3", "--runs", "5000"]
    assert main([*strict, "--python", "user_impl:strict", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["conforms"] is False
    assert data["consistent_variants"] == ["strict-acceptance"]
    test = data["verdicts"][0]["tests"][0]
    assert {"statistic", "p_value", "effect_size"} <= set(test)
    assert main([*base, "--python", "user_impl:raises"]) == 2
    out = capsys.readouterr().out
    assert "ERRORED" in out and "raised ValueError at " in out and "user_impl.py:" in out
    assert ": nope" in out


@pytest.mark.parametrize("seed", ["1", "2", "3", "4"])
def test_strict_acceptance_at_300_runs_is_not_a_pass(module_dir: Path, seed: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["conform", "ea-pm1", "--python", "user_impl:strict", "--runs", "300",
                 "--seed", seed, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code in (1, 3) and data["verdict"] != "conforms" and not data["conforms"]
    assert code == (3 if data["inconclusive"] else 1)


@pytest.mark.parametrize(("argv", "message"), [
    (["--python", "user_impl:missing"], "no function 'missing'"),
    (["--python", "user_impl"], "MODULE:FUNCTION"),
    (["--python", "no_such_module_xyz:f"], "cannot import"),
    (["--python", "user_impl:good", "--seed", "-1"], "--seed"),
    (["--python", "user_impl:good", "--param", "eps"], "NAME=VALUE"),
    (["--python", "user_impl:good", "--param", "eps=1"], "takes no parameters"),
    (["--cmd", "true", "--level", "operator"], "run level only"),
    (["--cmd", ""], "command is empty"),
    (["--cmd", "/no/such/program"], "cannot start"),
])
def test_usage_errors(module_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                      message: str) -> None:
    assert main(["conform", "ea-pm1", *argv]) == 2
    assert message in capsys.readouterr().err


def test_schema_validates_requests_and_answers() -> None:
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    validator.validate(request("ea-pm1", (1, -1, 1), 2**53 - 1, 134, {}))
    for good in ({"evaluations": 3, "solved": True}, {"evaluations": 0}, {"skipped": "why"},
                 {"errored": "what", "protocol": 1}):
        validator.validate(good)
    for bad in ({"evaluations": -1}, {"evaluations": 2.5}, {"solved": True},
                {"evaluations": 1, "skipped": "x"}, {"protocol": 2, "evaluations": 1},
                {**request("ea-pm1", (1,), 1, 1, {}), "extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            validator.validate(bad)


@needs_node
def test_node_program_answers_follow_the_schema() -> None:
    schema = json.loads(SCHEMA_PATH.read_text())
    lines = "".join(json.dumps(request("ea-pm1", a, s, 134, {})) + "\n"
                    for a, s in [((1, 1), 5), ((1, -1, 1), 2**53 - 1)])
    out = subprocess.run([str(NODE), str(PROGRAMS / "ea_pm1.js")], input=lines, text=True,
                         capture_output=True, check=True, timeout=60).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 2
    for answer in answers:
        jsonschema.validate(answer, schema)
        assert answer["solved"] is True


@needs_node
@pytest.mark.parametrize(("mode", "code", "text"), [
    ("algorithm-1", 0, "CONFORMS"),  # the sequential test decides within 5000 runs
    ("strict-acceptance", 1, "consistent: strict-acceptance"),
    ("skip", 2, "skipped the run: this program only runs n <= 1"),
    ("garbage", 2, "broke the protocol"),
])
def test_node_program(mode: str, code: int, text: str,
                      capsys: pytest.CaptureFixture[str]) -> None:
    command = f"{NODE} {PROGRAMS / 'ea_pm1.js'} {mode}"
    assert main(["conform", "ea-pm1", "--cmd", command, "--seed", "8", "--runs", "5000"]) == code
    assert text in capsys.readouterr().out


def test_hanging_and_exiting_programs(capsys: pytest.CaptureFixture[str]) -> None:
    hang = f"{sys.executable} -c 'import time; time.sleep(30)'"
    assert main(["conform", "ea-pm1", "--cmd", hang, "--timeout", "0.5", "--seed", "1"]) == 2
    assert "did not return within 0.5 s (budget 87)" in capsys.readouterr().out
    gone = f"{sys.executable} -c 'pass'"
    assert main(["conform", "ea-pm1", "--cmd", gone, "--seed", "1"]) == 2
    assert "exited" in capsys.readouterr().out


def test_operator_level(module_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (module_dir / "user_ops.py").write_text(textwrap.dedent("""
        from zonemax.conformance.planted import heavy_condition_op
        op = heavy_condition_op(1.0, 16)
    """))
    base = ["conform", "ea-heavy", "--level", "operator", "--python", "user_ops:op", "--seed",
            "2", "--runs", "6000", "--param", "eps=1"]
    assert main([*base, "--param", "truncate=condition", "--param", "r=16"]) == 3
    assert "INCONCLUSIVE" in capsys.readouterr().out  # 6000 draws: below the 20,000
    assert main([*base, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["consistent_variants"] == [
        "truncate=condition,r=16"]
    assert main(["conform", "rls-ab", "--level", "operator", "--python", "user_ops:op"]) == 2
    assert "no operator level" in capsys.readouterr().err


def test_unseeded_program_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A program that ignores the seed it is sent (Math.random, an unseeded random): one line,
    exit 2, because its --seed cannot repeat the check."""
    script = tmp_path / "unseeded.py"
    script.write_text(textwrap.dedent("""
        import json, random, sys
        for line in sys.stdin:
            budget = json.loads(line)["budget"]
            t = 4 + int(random.expovariate(0.1))
            print(json.dumps({"evaluations": min(t, budget)}), flush=True)
    """))
    code = main(["conform", "ea-pm1", "--cmd", f"{sys.executable} {script}", "--seed", "1",
                 "--runs", "100"])
    out = capsys.readouterr().out
    assert code == 2 and "is not reproducible" in out, out


def test_progress_is_reported_and_changes_nothing() -> None:
    """Progress between batches (runs done, laws still standing); the verdict
    and every number are those of a check without it."""
    from zonemax.conformance import check
    from zonemax.conformance.planted import ea_pm1

    seen: list[tuple[int, int, tuple[str, ...]]] = []
    result = check("ea-pm1", run=ea_pm1(), seed=4, runs=2500,
                   progress=lambda *args: seen.append(args))
    assert [s[0] for s in seen] == sorted(s[0] for s in seen)
    # one report per target and look; the last at the runs where the sequential test stopped
    assert seen[-1][1] == 3 * 2500 and seen[-1][0] == 3 * result.runs  # three targets
    assert len(seen) == 3 * result.looks
    assert "algorithm-1" in seen[-1][2] and "start-counted" not in seen[-1][2]
    assert result.to_dict() == check("ea-pm1", run=ea_pm1(), seed=4, runs=2500).to_dict()
    with pytest.raises(TypeError, match="progress"):
        check("ea-pm1", run=ea_pm1(), progress=3)  # type: ignore[arg-type]


def test_progress_line() -> None:
    import io

    from zonemax.commands.conform import PROGRESS_AFTER, WIDTH, ProgressLine

    stream = io.StringIO()
    line = ProgressLine(stream)
    now = [0.0]
    line.clock = lambda: now[0]
    line.started = 0.0
    line(100, 1000, ("algorithm-1", "strict-acceptance"))
    assert stream.getvalue() == ""  # the first seconds are silent
    now[0] = PROGRESS_AFTER + 0.5
    line(500, 1000, ("algorithm-1",))
    text = stream.getvalue()
    assert text.startswith("\r500/1000 runs, ") and "1 laws still consistent: algorithm-1" in text
    assert "\n" not in text and len(text) == WIDTH
    line(600, 1000, ("algorithm-1",))  # within a second of the last update: not shown
    assert stream.getvalue() == text
    line.close()
    assert stream.getvalue().endswith("\r")


def test_no_progress_when_stderr_is_not_a_terminal(
        module_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "ea-pm1", "--python", "user_impl:good", "--runs", "300", "--seed",
                 "1", "--quiet"]) in (1, 3)
    assert main(["conform", "ea-pm1", "--python", "user_impl:good", "--runs", "300", "--seed",
                 "1"]) in (1, 3)
    assert capsys.readouterr().err == ""


def test_protocol_sends_rational_params(tmp_path: Path) -> None:
    from fractions import Fraction

    import numpy as np

    from zonemax.conformance.protocol import CommandRun

    log = tmp_path / "requests.jsonl"
    script = tmp_path / "echo.py"  # logs each request, answers 3 evaluations
    script.write_text(textwrap.dedent(f"""
        import sys
        for line in sys.stdin:
            open({str(log)!r}, "a").write(line)
            print('{{"evaluations": 3, "solved": true}}', flush=True)
    """))
    echo = f"{sys.executable} {script}"
    with CommandRun(echo, "rls-ab") as program:
        answer = program((3,), rng=np.random.default_rng(1), budget=23,
                         alpha=Fraction(17, 10), beta=Fraction(9, 10))
    assert answer == (3, True)
    sent = json.loads(log.read_text().splitlines()[0])
    jsonschema.validate(sent, json.loads(SCHEMA_PATH.read_text()))
    assert sent["params"] == {"alpha": "17/10", "beta": "9/10"}
