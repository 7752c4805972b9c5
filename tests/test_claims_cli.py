"""CLI tests of ``zonemax claims`` (the command module is driven directly until registered)."""

from __future__ import annotations

import argparse
import json

import pytest

from zonemax import cli
from zonemax.commands import claims as claims_cmd


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="zonemax claims")
    claims_cmd.configure(parser)
    return parser


def _run(argv: list[str]) -> int:
    if claims_cmd in cli.COMMANDS:
        return cli.main(["claims", *argv])
    args = _parser().parse_args(argv)
    try:
        return claims_cmd.execute(args)
    except ValueError as exc:  # what zonemax.cli.main turns into exit code 2
        return 2 if str(exc) else 1


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
    assert records[0]["method"] == "exact rational"


def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--format", "markdown", "--only", "S6.rls-hypotheses"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Errata")
    assert "Witness" in out


def test_unknown_id_is_value_error() -> None:
    args = _parser().parse_args(["--only", "S0.nope"])
    with pytest.raises(ValueError, match="valid ids are"):
        claims_cmd.execute(args)


def test_unknown_id_exit_code_2() -> None:
    assert _run(["--only", "S0.nope"]) == 2


def test_module_interface() -> None:
    assert claims_cmd.NAME == "claims"
    assert isinstance(claims_cmd.HELP, str)
