"""CLI tests of ``zonemax claims``: reports, ``--certificates`` and ``--check``, bad input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from zonemax.proofs_check.registry import CLAIMS, EDITORIAL

from zonemax import cli

#: Claims ported to the end state on every branch (Sections 1-2 and the worked example of
#: Section 3); the whole-registry round trip is in proofs_check/tests/test_claims.py.
SUBSET = ["S1.target-count", "S1.target-count-bound", "S2.alg2-loop",
          "S2.alg2-velocity-prose", "S2.alg2-velocity-pseudocode", "S3.omega-margin"]
#: One certificate file per claim and per editorial entry of the registry.
FILES = len(CLAIMS) + len(EDITORIAL)


def _run(argv: list[str]) -> int:
    return cli.main(["claims", *argv])


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--only", "S2.alg2-loop", "S1.target-count"]) == 0
    out = capsys.readouterr().out
    assert "S1.target-count  fails  [imprecise but harmless]" in out
    assert ("S2.alg2-loop  holds on the checked range  (exact rational arithmetic + exhaustive "
            "enumeration)") in out
    assert "scope: exhaustive on a finite range -- paper: every n >= 1" in out
    assert out.strip().splitlines()[-1].startswith(
        "totals: 2 verdicts: fails 1, inconclusive 0, holds 1 (proved 0, on the checked "
        "range 1, on the sample 0, by hand 0)")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--format", "json", "--only", "S3.omega-margin"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (record,) = doc["claims"]
    assert record["id"] == "S3.omega-margin" and record["verdict"] == "holds"
    assert record["method"] == "exact rational arithmetic"
    assert record["scope"]["coverage"] == "proved for the whole domain"
    assert record["controls"][0]["expect"] == "fails"
    assert doc["editorial"] == []  # --only: the editorial list belongs to the full report


@pytest.fixture
def small_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's full-registry paths, run on :data:`SUBSET` (a full run is tested once, in
    proofs_check/tests/test_claims.py)."""
    from zonemax import proofs_check

    real = proofs_check.run_claims
    monkeypatch.setattr(proofs_check, "run_claims",
                        lambda only=None, heavy=False: real(SUBSET if only is None else only,
                                                            heavy=heavy))


@pytest.mark.usefixtures("small_registry")
def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Errata")
    assert "## Editorial" in out and "S1.ed-intro-exponent" in out
    assert "**Suggested fix:**" in out and "**Witness:**" in out


def test_unknown_id_exit_code_2() -> None:
    assert _run(["--only", "S0.nope"]) == 2


def test_certificates_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A subset is refused as incomplete; the whole registry written by the command line
    checks (issue 11's done-when: ``zonemax claims --certificates DIR && zonemax claims --check
    DIR`` exits 0)."""
    d = tmp_path / "certs"
    assert _run(["--only", *SUBSET, "--certificates", str(d)]) == 0
    out = capsys.readouterr().out
    assert f"wrote {len(SUBSET)} verdict certificate files to {d}" in out
    assert "--check requires a file for every claim of the checker's manifest" in out
    assert sorted(p.stem for p in d.glob("*.json")) == sorted(SUBSET)
    assert _run(["--check", str(d), "--no-coq"]) == 1  # incomplete: the manifest has them all
    assert "claims of the manifest have no file" in capsys.readouterr().out.splitlines()[-1]
    full = tmp_path / "full"
    assert _run(["--certificates", str(full)]) == 0
    capsys.readouterr()
    assert _run(["--check", str(full), "--no-coq"]) == 0
    out = capsys.readouterr().out
    assert f"checked {FILES} files" in out and "every certificate checks" in out
    assert "verdicts by how they are established: decided by z3 and cvc5" in out
    assert "Coq: the Coq proofs were not re-run (--no-coq)" in out
    from zonemax.proofs_check.checker.paper import locate

    if not locate().found:
        assert f"NOT checked here: Coq 41, text {FILES}" in out


def test_check_exits_1_on_a_changed_number(tmp_path: Path, full_certificates: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    d = tmp_path / "certs"
    shutil.copytree(full_certificates, d)
    path = d / "S3.omega-margin.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["certificates"][0]["env"]["omega"] = "137/100"  # past the root 1 + 1/e
    path.write_text(json.dumps(doc), encoding="utf-8")
    capsys.readouterr()
    assert _run(["--check", str(d), "--no-coq"]) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (f"1 problems; the first: S3.omega-margin ({path}): exact check 0 (arith) is "
                    f"not the manifest's arith check (differs in: env)")


def test_check_without_tex_reports_text_not_checked(tmp_path: Path, full_certificates: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZONEMAX_PAPER_TEX", str(tmp_path / "nowhere.tex"))  # a user's layout
    capsys.readouterr()
    assert _run(["--check", str(full_certificates), "--no-coq"]) == 0
    out = capsys.readouterr().out
    assert f"NOT checked here: Coq 41, text {FILES} (" in out
    assert (f"not checked: the paper's TeX was not found (ZONEMAX_PAPER_TEX: "
            f"{tmp_path / 'nowhere.tex'} is not a file); pass --tex PATH" in out)


@pytest.mark.usefixtures("small_registry")
def test_full_certificates_include_editorial_text(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.proofs_check import EDITORIAL

    assert _run(["--certificates", str(tmp_path)]) == 0
    assert len(list((tmp_path / "editorial").glob("*.json"))) == len(EDITORIAL)
    assert f"wrote {len(EDITORIAL)} editorial text certificates" in capsys.readouterr().out


@pytest.mark.parametrize("case", ["file", "missing", "empty", "unwritable", "combined",
                                  "bad-tex", "tex-without-check", "heavy-certificates",
                                  "no-coq-without-check"])
def test_bad_input_is_a_usage_error(case: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "a.json"
    a_file.write_text("{}", encoding="utf-8")
    argv = {
        "file": ["--certificates", str(a_file)],
        "missing": ["--check", str(tmp_path / "nowhere")],
        "empty": ["--check", str(tmp_path / "empty")],
        "unwritable": ["--certificates", "/proc/zonemax-certificates"],
        "combined": ["--check", str(tmp_path), "--only", "S2.alg2-loop"],
        "bad-tex": ["--check", str(tmp_path), "--tex", str(tmp_path / "paper.tex")],
        "tex-without-check": ["--tex", str(a_file)],
        "heavy-certificates": ["--certificates", str(tmp_path / "h"), "--heavy"],
        "no-coq-without-check": ["--no-coq"],
    }[case]
    (tmp_path / "empty").mkdir()
    if case == "unwritable" and not Path("/proc").is_dir():
        pytest.skip("needs /proc (a directory nobody can create files in, even root)")
    assert _run(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
