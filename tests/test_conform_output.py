"""What ``zonemax conform`` prints (issue 42, section 4): a CONFORMS verdict printed 205 lines
(every test of 18 variants) with lines of 360 characters; now the verdict and a summary, wrapped
to :data:`~zonemax.commands.conform.WIDTH` columns, and the per-test table with ``--verbose``,
as ``zonemax verify`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from zonemax.cli import main
from zonemax.commands.conform import WIDTH, report_text

#: A conforming implementation, judged through the command (the planted RLS without bugs).
MODULE = """
from zonemax.conformance.planted import rls_pm1
run = rls_pm1()
"""


@pytest.fixture
def implementation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "zm_conform_output_impl.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)  # conform imports MODULE from the current directory
    return "zm_conform_output_impl:run"


def test_a_verdict_is_a_summary_and_the_table_is_verbose(
        implementation: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conform", "rls-pm1", "--python", implementation, "--seed", "7"]
    assert main(argv) == 0
    short = capsys.readouterr().out.splitlines()
    assert short[1].startswith("CONFORMS: ")
    assert len(short) <= 25, short  # was 205
    assert all(len(line) <= WIDTH for line in short[2:]), max(short, key=len)  # the verdict
    # line stays whole
    assert any(line.startswith("consistent: algorithm-1") for line in short)
    assert any(line.startswith("rejected:   start-counted") for line in short)
    assert not any(line.startswith("- ") or " p <= " in line for line in short)
    count = next(line for line in short if line.endswith("exact values: --verbose"))
    assert short[-1] == "reproduce with --seed 7"
    assert main([*argv, "--verbose"]) == 0
    full = capsys.readouterr().out.splitlines()
    assert len(full) > 150
    tests = [line for line in full if " p <= " in line]
    assert count.startswith(f"{len(tests)} tests against ")
    assert "- algorithm-1: consistent" in full
    # the same run, the same head
    assert full[:full.index("- algorithm-1: consistent")] == short[:short.index(count)]


def test_report_text_keeps_an_errored_line_whole() -> None:
    errored = "ERRORED (could not be judged): " + "x" * 150
    report = f"zonemax conformance: ea-pm1 at the run level, seed 1\n{errored}"
    assert report_text(report, verbose=False) == report + "\n"
    assert report_text(report, verbose=True) == report + "\n"
