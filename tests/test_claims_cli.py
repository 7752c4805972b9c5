"""CLI tests of ``zonemax claims``."""

from __future__ import annotations

import json

import pytest

from zonemax import cli


def _run(argv: list[str]) -> int:
    return cli.main(["claims", *argv])


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--only", "S3.omega-margin", "S3.total-line"]) == 0
    out = capsys.readouterr().out
    assert "S3.total-line" in out and "fails" in out
    assert out.strip().splitlines()[-1].startswith("totals: fails 1, holds-with-caveat 0")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--format", "json", "--only", "S3.omega-margin"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records[0]["id"] == "S3.omega-margin"
    assert records[0]["verdict"] == "holds"
    assert records[0]["method"] == "exact rational arithmetic"


def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--format", "markdown", "--only", "S6.rls-hypotheses"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Errata")
    assert "Witness" in out


def test_unknown_id_exit_code_2() -> None:
    assert _run(["--only", "S0.nope"]) == 2
