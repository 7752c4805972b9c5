"""What a newcomer meets first: bare ``zonemax``, ``claims --only`` spellings, a pasted Unicode
minus, an absurd ``--runs``, ``reproduce --scheduler`` without dask, ``paper fetch`` offline,
the digits of an enclosure, and ``zonemax verify``'s summary.  Each refusal is checked with a
control that the same command accepts."""

from __future__ import annotations

from pathlib import Path

import mpmath
import pytest

from zonemax.cli import COMMANDS, main
from zonemax.commands import UsageError


def test_bare_zonemax_shows_usage_and_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: zonemax")
    for name in COMMANDS:
        assert f"    {name}" in err, name
    assert "the following arguments are required" not in err


def test_claims_only_ids_ignore_case() -> None:
    from zonemax.commands.claims import resolve_ids

    assert resolve_ids(["s3.TOTAL-line", "S2.alg2-loop"]) == ["S3.total-line", "S2.alg2-loop"]


def test_claims_only_unknown_id_suggests_close_ids(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["claims", "--only", "S3.totl-line"]) == 2
    err = capsys.readouterr().err
    assert "did you mean S3.total-line" in err
    assert len(err) < 400  # not the list of every id
    assert "S5.lemma7-theta" not in err
    # control: the same id spelled in another case runs
    assert main(["claims", "--format", "json", "--only", "s2.ALG2-loop"]) == 0
    assert '"S2.alg2-loop"' in capsys.readouterr().out


def test_a_unicode_minus_gets_an_ascii_hint(capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.commands._input import parse_real, parse_target

    assert main(["run", "ea-pm1", "--a", "3,\u22122", "--engine", "reference"]) == 2
    err = capsys.readouterr().err
    assert "ASCII '-'" in err and "MINUS SIGN" in err and "'3,-2'" in err
    with pytest.raises(UsageError, match="EN DASH"):
        parse_real("--alpha", "\u20131.5")
    assert parse_target("3,-2") == (3, -2)  # control


def test_an_absurd_run_count_is_refused_before_anything_runs(
        capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.commands._input import MAX_RUNS, parse_runs

    # with a budget the pre-flight estimate does not refuse it: the limit does, at parse time
    code = main(["run", "ea-pm1", "--a", "3", "--runs", str(10**20), "--budget", "10",
                 "--engine", "reference"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "--runs must be <= 1e+09" in err and "15 hours" in err
    assert parse_runs(str(MAX_RUNS)) == MAX_RUNS  # control: the limit itself is allowed
    with pytest.raises(UsageError, match="written in digits"):
        parse_runs("1e20")


def test_scheduler_without_dask_creates_no_folder(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.commands import reproduce

    out = tmp_path / "results"
    monkeypatch.setattr(reproduce, "dask_available", lambda: False)
    assert main(["reproduce", "--scheduler", "tcp://127.0.0.1:1", "--out", str(out)]) == 2
    assert "zonemax[distributed]" in capsys.readouterr().err
    assert not out.exists()
    # another argument error: no folder either
    monkeypatch.undo()
    assert main(["reproduce", "--seed", "-1", "--out", str(out)]) == 2
    assert not out.exists()


def test_dask_available_answers_what_import_says() -> None:
    from zonemax.commands.reproduce import dask_available

    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        assert dask_available() is False
    else:
        assert dask_available() is True


def test_paper_fetch_offline_says_the_tex_is_optional(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.proofs_check.checker import paper

    calls: list[str] = []

    def offline(source: str) -> Path:
        calls.append(source)
        raise paper.FetchError(f"cannot download {source}: <urlopen error no network>")

    monkeypatch.setattr(paper, "fetch", offline)
    assert main(["paper", "fetch"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "The TeX is optional" in err and "--from PATH" in err
    assert calls == [paper.ARXIV_SOURCE_URL]
    # an empty --from is refused, not replaced by the default URL
    assert main(["paper", "fetch", "--from", ""]) == 2
    assert "empty value" in capsys.readouterr().err
    assert calls == [paper.ARXIV_SOURCE_URL]
    # control: a given source is the one read (a missing local path is refused before the
    # checker loads: tests/test_newcomer_stops.py)
    assert main(["paper", "fetch", "--from", "file:///nowhere/paper.tgz"]) == 2
    assert calls[-1] == "file:///nowhere/paper.tgz"


@pytest.mark.parametrize(("mid", "err", "expected"), [
    ("5112.0772392793699024", "0.00021", "5112.07724 ± 0.00022"),  # ea-heavy at a = 3
    ("21.666", "0.5", "21.67 ± 0.51"),
    ("2.0e100", "1.52e80", "2.0e+100 ± 1.6e+80"),
])
def test_an_enclosure_prints_the_digits_its_width_allows(mid: str, err: str,
                                                         expected: str) -> None:
    from zonemax.commands.exact import enclosure_text

    with mpmath.workdps(50):
        assert enclosure_text(mpmath.mpf(mid), mpmath.mpf(err)) == expected


def test_a_printed_enclosure_contains_the_computed_one() -> None:
    from decimal import Decimal

    from zonemax.commands.exact import enclosure_text

    with mpmath.workdps(50):
        for mid, err in (("5112.0772392793699024", "0.00021"), ("7.99999", "0.0004"),
                         ("123456.789", "12.3")):
            shown, bound = enclosure_text(mpmath.mpf(mid), mpmath.mpf(err)).split(" ± ")
            lo, hi = Decimal(mid) - Decimal(err), Decimal(mid) + Decimal(err)
            assert Decimal(shown) - Decimal(bound) <= lo and hi <= Decimal(shown) + Decimal(bound)


def _families(rejected_family: str | None = None) -> tuple[object, ...]:
    from zonemax.stats_tests.machinery import TestOutcome
    from zonemax.stats_tests.suite import FAMILIES, FamilyResult

    out = []
    for family, impl in FAMILIES:
        bad = family == rejected_family
        outcomes = tuple(TestOutcome(f"exact E[T]: case {k}", 1e-9 if bad and k == 0 else 0.5,
                                     0.0, "detail") for k in range(18))
        out.append(FamilyResult(family, impl, 1e-4, outcomes,
                                tuple(bad and k == 0 for k in range(18))))
    return tuple(out)


def test_verify_summary_fits_a_terminal() -> None:
    from zonemax.proofs_check import run_claims

    from zonemax.verify import PowerRow, VerifyReport

    claims = run_claims()
    power = tuple(PowerRow(f"bug {k}", "pm1", k != 3, ("t",) if k != 3 else ())
                  for k in range(26))
    good = VerifyReport(claims, 1.0, _families(), power[:3])  # type: ignore[arg-type]
    text = good.summary()
    lines = text.splitlines()
    assert len(lines) <= 40 and max(map(len, lines)) <= 100
    assert "216 passed, 0 rejected" in text and "3 of 3 planted bugs caught" in text
    assert text.rstrip().splitlines()[-2].startswith("verdict: the implementations agree")
    assert len(good.render().splitlines()) > 200  # the full table is the long one
    # a rejection and a missed bug are named in the summary
    bad = VerifyReport(claims, 1.0, _families("blocks"), power)  # type: ignore[arg-type]
    text = bad.summary()
    assert len(text.splitlines()) <= 40
    flat = " ".join(text.split())
    assert "REJECTED blocks" in flat and "REJECT p = 1e-09 exact E[T]: case 0" in flat
    assert "exact E[T]: case 1" not in flat  # passing tests are not listed
    assert "MISSED bug 3 (pm1)" in flat and "DISAGREEMENT" in flat


def test_verify_prints_the_summary_the_compile_notice_and_writes_the_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax.proofs_check import run_claims

    from zonemax import verify as library
    from zonemax.commands import verify as command
    from zonemax.verify import VerifyReport

    report = VerifyReport(run_claims(["S2.alg2-loop"]), 1.0, _families())  # type: ignore[arg-type]
    # the command imports run_verify when it runs (after checking its arguments)
    monkeypatch.setattr(library, "run_verify", lambda progress, power: report)
    monkeypatch.setattr(command, "compiling_algorithms", lambda: ["ea-pm1", "rls-ab"])
    path = tmp_path / "verify.txt"
    assert main(["verify", "--report", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "compiling the fast engine for ea-pm1, rls-ab (first run after an install" in err
    assert out == report.summary(full_table=str(path))
    assert out.rstrip().endswith(f"the full table: {path}")
    assert path.read_text(encoding="utf-8") == report.render()
    monkeypatch.setattr(command, "compiling_algorithms", lambda: [])
    assert main(["verify", "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert out == report.render() and "compiling" not in err


def test_verify_refuses_an_unwritable_report_before_it_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from zonemax import verify as library

    def never(progress: object, power: bool) -> None:
        raise AssertionError("ran before checking --report")

    monkeypatch.setattr(library, "run_verify", never)
    assert main(["verify", "--report", str(tmp_path / "missing" / "v.txt")]) == 2
    assert "no folder" in capsys.readouterr().err
    assert main(["verify", "--report", str(tmp_path)]) == 2
    assert "directory" in capsys.readouterr().err


def test_a_missing_tex_is_one_skip_line_for_all_its_tests(tmp_path: Path) -> None:
    """Without the paper's TeX the quote tests skip with one reason; ``-ra`` prints it once,
    with the count, also when the tests ran on several xdist workers."""
    import os
    import re
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "ZONEMAX_PAPER_TEX": str(tmp_path / "absent.tex")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "-rs", "-q",
         "proofs_check/tests/test_claims_s3.py", "proofs_check/tests/test_claims_s5.py",
         "-k", "tex_quotes_are_verbatim or editorial_quotes"],
        cwd=root, env=env, capture_output=True, text=True, timeout=600, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(lines) == 1, done.stdout
    count = int(re.match(r"SKIPPED \[(\d+)\] conftest\.py:\d+: not checked: the paper's TeX",
                         lines[0])[1])  # type: ignore[index]
    skipped = int(re.search(r"(\d+) skipped", done.stdout)[1])  # type: ignore[index]
    assert count == skipped >= 2
