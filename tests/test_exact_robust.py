"""``zonemax exact`` on instances that are hard for it (issue 23): an interval solve whose
enclosure means nothing is a refusal, never a result (item 8), and a large solve says how
large it is and how far it has got (item 10).

``zonemax exact ea-geom --a 3 --geom-mean 1e100`` printed ``E[T] = nan ± nan (rigorous ...)``
with exit 0, and ``--geom-mean 1e50`` an 80% error bar: with a mean m the ratio q = m/(1 + sqrt(1
+ m^2)) is 1 - 1/m to within 10^-2m, and 50 digits cannot hold 1 - q.  The library raises
:class:`~zonemax.exact.EnclosureTooWide` (naming a precision to try), the command line turns it
into one line and exit code 2, and ``--dps`` gives the precision.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from zonemax.reference.spec import AlgorithmSpec

from zonemax.cli import main
from zonemax.exact import EnclosureTooWide, ea_geom_exact, exact_expectation
from zonemax.exact.linalg import check_enclosure, interval_result
from zonemax.exact.result import MAX_RELATIVE_HALF_WIDTH


@pytest.mark.parametrize("mean", [10**50, 10**100, 10**200, 10**300], ids=["1e50", "1e100", "1e200", "1e300"])
def test_lost_precision_is_refused_by_the_library(mean: int) -> None:
    with pytest.raises(EnclosureTooWide, match="the solve used up its precision") as info:
        ea_geom_exact((3,), mean=Fraction(mean))
    assert info.value.quantity == "E[T]" and info.value.dps == 50
    assert info.value.suggested_dps > 50


def test_the_suggested_precision_leads_to_a_result() -> None:
    """Following the suggestions (50 -> 100 -> 120 digits) gives E[T] = 2m, which the
    refused enclosures also contained."""
    spec = AlgorithmSpec("ea-geom", (3,), geom_mean=Fraction(10**100))
    dps = 50
    for _ in range(5):
        try:
            res = exact_expectation(spec, dps=dps)
            break
        except EnclosureTooWide as exc:
            dps = exc.suggested_dps
    else:
        pytest.fail("no result after five suggestions")
    assert dps == 120
    assert res.error_bound < MAX_RELATIVE_HALF_WIDTH * res.expectation
    assert abs(res.expectation - 2 * 10**100) <= res.error_bound + 10**80


def test_check_enclosure_threshold() -> None:
    with mpmath.workdps(30):
        check_enclosure(mpmath.mpf(1) - mpmath.mpf(10) ** -4, mpmath.mpf(1) + mpmath.mpf(10) ** -4,
                        "E[T]", 30)  # 1e-4 relative: a result
        for low, high in ((1 - 2e-3, 1 + 2e-3), (mpmath.mpf("nan"), 1), (-mpmath.inf, 1),
                          (0, mpmath.inf), (-1, 1)):
            with pytest.raises(EnclosureTooWide):
                check_enclosure(mpmath.mpf(low), mpmath.mpf(high), "E[T]", 30)


def test_variance_enclosure_is_checked_too() -> None:
    """E[T] = 10 +- 10^-20 and E[T^2] = 100.5 +- 0.5: Var[T] in [0, 1] is refused."""
    iv = mpmath.iv
    with mpmath.workdps(30):
        e1 = iv.mpf(["9.99999999999999999999", "10.00000000000000000001"])
        e2 = iv.mpf(["100", "101"])
        with pytest.raises(EnclosureTooWide) as info:
            interval_result(e1, e2, 30)
        assert info.value.quantity == "Var[T]"
        mid, _, var = interval_result(e1, None, 30)
        assert var is None and abs(mid - 10) < 1e-15


@pytest.mark.parametrize("mean", ["1e50", "1e100", "1e200", "1e300"])
def test_command_line_refuses_in_one_line(mean: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["exact", "ea-geom", "--a", "3", "--geom-mean", mean])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("zonemax exact: error: ea-geom: no result: ")
    assert "nan" not in err.lower() and "--dps " in err


def test_command_line_dps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exact", "ea-geom", "--a", "3", "--geom-mean", "1e100", "--dps", "120"]) == 0
    assert "E[T] = 2.0e+100 ± " in capsys.readouterr().out
    assert main(["exact", "ea-pm1", "--a", "3", "--dps", "60"]) == 2
    assert "--dps applies only to" in capsys.readouterr().err
    assert main(["exact", "ea-geom", "--a", "3", "--dps", "5"]) == 2
    assert "--dps must be >= 15" in capsys.readouterr().err


# ------------------------------------------------------------------ progress (issue 23, item 10)


def test_every_solver_reports_its_estimate_then_progress() -> None:
    """``zonemax exact ea-pm1 --n 6 --r 6 --max-states 20000`` printed nothing for 200 s while
    its memory grew: the solvers now say their up-front estimate before building anything,
    then how far the build and the solve have got."""
    from zonemax.exact.limits import ALGORITHMS

    specs = {"ea-pm1": AlgorithmSpec("ea-pm1", (6, 5)), "rls-pm1": AlgorithmSpec("rls-pm1", (9, 9)),
             "rls-ab": AlgorithmSpec("rls-ab", (9, 2)),
             "ea-heavy": AlgorithmSpec("ea-heavy", (9, 2), eps=Fraction(1)),
             "rls-heavy": AlgorithmSpec("rls-heavy", (9, 2), eps=Fraction(1)),
             "ea-geom": AlgorithmSpec("ea-geom", (4, 2), geom_q=Fraction(1, 2)),
             "rls-geom": AlgorithmSpec("rls-geom", (4, 2)),
             "ea-power": AlgorithmSpec("ea-power", (4, 2)),
             "rls-power": AlgorithmSpec("rls-power", (4, 2))}
    assert set(specs) == set(ALGORITHMS)
    for spec in specs.values():
        heard: list[tuple[str, int, int]] = []
        res = exact_expectation(spec, progress=lambda *x, heard=heard: heard.append(x))
        assert heard[0][0] == "estimate" and heard[0][1] >= res.states - 1, spec
        levels = [h for h in heard if h[0] == "levels"]
        assert levels and levels[-1][1] == levels[-1][2] <= res.states, spec
        assert [h[1] for h in levels] == sorted(h[1] for h in levels)


def test_estimate_note_before_a_large_solve() -> None:
    from zonemax.commands.exact import estimate_note

    issue = AlgorithmSpec("ea-pm1", (6,) * 6)
    note = estimate_note(issue, 19725)
    assert note is not None and note.startswith("about 19725 lumped states")
    assert "the default limit for ea-pm1 at n = 6 is 450" in note and "at least 53s" in note
    assert estimate_note(AlgorithmSpec("ea-pm1", (3, 2)), 12) is None


def test_solve_progress_lines() -> None:
    import io
    import time

    from zonemax.commands.exact import SolveProgress

    stream = io.StringIO()
    progress = SolveProgress(AlgorithmSpec("ea-pm1", (6,) * 6), stream, tty=False,
                             interval=0.02)

    def drawn(text: str) -> None:  # wait for the heartbeat's line, however slow the machine
        while text not in stream.getvalue():
            time.sleep(0.01)

    progress("estimate", 19725, 20000)
    progress("states", 512, 0)
    drawn("building the chain: 512")
    progress("levels", 100, 19724)
    progress("levels", 300, 19724)
    drawn("solving: 300/19724")
    progress.close()
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("zonemax exact: note: about 19725 lumped states")
    assert any(x.startswith("zonemax exact: building the chain: 512 of about 19725 states")
               for x in lines)
    solving = [x for x in lines if x.startswith("zonemax exact: solving: 300/19724 states")]
    assert solving and "ETA " in solving[-1] and "peak memory" in solving[-1]


def test_command_line_notes_a_solve_beyond_the_default_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exact", "ea-heavy", "--a", "1200", "--eps", "1", "--max-states", "2000"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("zonemax exact: note: about 1201 lumped states (upper estimate; the "
                          "default limit for ea-heavy at n = 1 is 1100"), err
    assert main(["exact", "ea-pm1", "--a", "3,2"]) == 0
    assert capsys.readouterr().err == ""
