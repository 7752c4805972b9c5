"""Every kind of bad input of issue 13 gets exit code 2, one line, no traceback, and a message
that names the fix.

Each row is ``(argv, fragment)``: ``fragment`` must appear in the one line on stderr and says
what to change.  ``FILE`` in ``argv`` is replaced by an existing file, ``TMP`` by an existing
empty directory.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from zonemax.cli import main

#: A 5000-digit integer: beyond Python's default limit of 4300 digits for int(str).
BIG = "9" * 5000
#: 10^30, beyond int64 and far beyond any exact solver.
E30 = "1" + "0" * 30

CASES: list[tuple[list[str], str]] = [
    # reproduce --out: existing file, under a file, unwritable, empty
    (["reproduce", "--out", "FILE"], "existing file; give a directory"),
    (["reproduce", "--out", "FILE/sub"], "is a file, not a directory"),
    (["reproduce", "--out", "/proc/zonemax-test"], "choose a writable place"),
    (["reproduce", "--out", ""], "--out needs a directory path"),
    (["reproduce", "--out", "TMP", "--report-only"], "no metadata.json"),
    (["reproduce", "--out", "TMP/missing", "--report-only"], "no such directory"),
    # reproduce's numbers
    (["reproduce", "--out", "TMP", "--budget-factor", "nan"], "finite number such as 0.001"),
    (["reproduce", "--out", "TMP", "--budget-factor", "inf"], "finite number such as 0.001"),
    (["reproduce", "--out", "TMP", "--budget-factor", "0"], "--budget-factor must be > 0"),
    (["reproduce", "--out", "TMP", "--budget-factor", "1e9"], "--budget-factor must be <="),
    (["reproduce", "--out", "TMP", "--budget-factor", "1_0"], "without '_' separators"),
    (["reproduce", "--out", "TMP", "--jobs", "\uff12"], "type digits as ASCII 0-9"),
    (["reproduce", "--out", "TMP", "--jobs", "1000000"], "use --scheduler for a cluster"),
    (["reproduce", "--out", "TMP", "--seed", "1_0"], "without '_' separators"),
    # exact: entries >= 2^63 and oversized instances, refused up front
    (["exact", "ea-pm1", "--a", E30], "choose a smaller target"),
    (["exact", "ea-pm1", "--a", str(2**63)], "choose a smaller target"),
    (["exact", "ea-heavy", "--a", f"{E30},1"], "choose a smaller target"),
    (["exact", "rls-pm1", "--a", f"{E30},1"], "choose a smaller target"),
    (["exact", "rls-ab", "--a", "200,200"], "choose a smaller target"),
    (["exact", "ea-pm1", "--a", "3", "--max-states", "1000000000"], "--max-states must be <="),
    # digits: too many (the real reason), non-ASCII, separators
    (["run", "ea-pm1", "--a", BIG, "--budget", "1"], "PYTHONINTMAXSTRDIGITS"),
    (["run", "ea-pm1", "--a", "1", "--seed", BIG], "PYTHONINTMAXSTRDIGITS"),
    (["run", "ea-pm1", "--a", "\uff11\uff12"], "FULLWIDTH DIGIT ONE"),
    (["run", "ea-pm1", "--a", "\u0663"], "ARABIC-INDIC DIGIT THREE"),
    (["run", "ea-pm1", "--a", "1_000"], "without '_' separators"),
    (["run", "ea-pm1", "--a", "3", "--runs", "\uff11\uff10"], "type digits as ASCII 0-9"),
    (["run", "ea-pm1", "--a", "3", "--budget", "1e5"], "--budget must be an integer"),
    (["exact", "ea-pm1", "--a", "3", "--max-states", "\u0661"], "type digits as ASCII 0-9"),
    # grammar of parameters that do not apply
    (["run", "ea-pm1", "--a", "1", "--eps", "0.1"], "--eps applies only to the heavy-tailed"),
    (["run", "ea-pm1", "--a", "1", "--eps", "0.1", "--log-base", "2"],
     "--eps, --log-base apply only to the heavy-tailed"),
    (["run", "ea-heavy", "--a", "1", "--beta", "0.5"], "--beta applies only to rls-ab"),
    # decimal parameters: exponents are judged before a Fraction is built
    (["run", "ea-heavy", "--a", "3", "--eps", "1e-1000000000"], "smaller exponent"),
    (["run", "ea-heavy", "--a", "3", "--eps", "1e-100000000"], "smaller exponent"),
    (["exact", "ea-heavy", "--a", "3", "--eps", "1e-1000000000"], "smaller exponent"),
    (["run", "rls-ab", "--a", "3", "--alpha", "1e99999999999"], "smaller exponent"),
    (["run", "ea-heavy", "--a", "3", "--eps", "nan"], "finite number such as 0.001"),
    (["run", "ea-heavy", "--a", "3", "--eps", "1/0"], "denominator"),
    (["run", "ea-heavy", "--a", "3", "--eps", ""], "--eps needs a number"),
    (["run", "ea-heavy", "--a", "3", "--eps", "1e7"], "use ea-pm1 or rls-pm1"),
    (["run", "ea-heavy", "--a", "3", "--eps", "0.1" + "1" * 1000], "at most 1000 digits"),
    (["run", "rls-ab", "--a", "3", "--alpha", "1e1000", "--budget", "9"], "float64"),
    (["run", "rls-ab", "--a", "3", "--beta", "1e-1000", "--budget", "9"], "float64"),
    # sizes
    (["run", "ea-pm1", "--n", "100000000000", "--r", "3"], "Section 6 uses n <= 100"),
    (["run", "cma-wm", "--n", "3", "--r", "1" + "0" * 23, "--budget", "9"], "r <= 2^53"),
    # pre-flight: astronomically long requests without a budget
    (["run", "ea-pm1", "--a", E30], "give --budget N"),
    (["run", "rls-pm1", "--a", E30], "give --budget N"),
    (["run", "ea-pm1", "--a", "3", "--runs", "10000000000"], "fewer --runs"),
    # the fast engine's range of counts (2^62): no --force escape
    (["run", "ea-heavy", "--a", "5,3", "--eps", "1e-1000"], "--force does not lift this limit"),
    (["run", "ea-heavy", "--a", "5,3", "--eps", "1e-1000", "--engine", "reference"],
     "or --force"),
    (["run", "rls-ab", "--a", E30, "--alpha", "1.0000000000000000000001"], "give --budget N"),
    # issue 23, item 6: Lemma 7 alone said E[T] >= 1 and let this run for hours
    (["run", "rls-ab", "--a", "1000000000000", "--alpha", "1e100", "--beta", "1e-100", "--runs",
      "2"], "E[T] >= 3e+12 evaluations per run"),
    (["run", "cma-wm", "--n", "100000", "--r", "10"], "give --budget N"),
    # an explicit fast engine that float64 would make run another algorithm
    (["run", "rls-ab", "--a", "10", "--alpha", "1e300", "--engine", "fast", "--budget", "9"],
     "alpha <= 3.9e+289, got alpha = 1e+300; use --engine reference"),
    (["run", "rls-ab", "--a", "3", "--alpha", "1.0000000000000000000001", "--engine", "fast",
      "--budget", "9"], "use --engine reference"),
]


def _argv(argv: list[str], tmp_path: Path) -> list[str]:
    file = tmp_path / "a-file"
    file.write_text("not a directory\n")
    (tmp_path / "out").mkdir()
    return [a.replace("FILE", str(file)).replace("TMP", str(tmp_path / "out")) for a in argv]


@pytest.mark.parametrize(("argv", "fragment"), CASES, ids=[" ".join(c[0])[:60] for c in CASES])
def test_bad_input(argv: list[str], fragment: str, tmp_path: Path,
                   capsys: pytest.CaptureFixture[str]) -> None:
    code = main(_argv(argv, tmp_path))
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert err.startswith(f"zonemax {argv[0]}: error: ")
    assert fragment in err, err
    assert len(err) < 600, "the message repeats the user's input at length"


def test_empty_out_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--out ""`` used to write runs.csv, report.md and figures/ into the current directory."""
    monkeypatch.chdir(tmp_path)
    assert main(["reproduce", "--scale", "tiny", "--out", ""]) == 2
    assert list(tmp_path.iterdir()) == []


def test_bad_input_creates_no_output_directory(tmp_path: Path) -> None:
    assert main(["reproduce", "--out", str(tmp_path / "x"), "--jobs", "0"]) == 2
    assert not (tmp_path / "x").exists()


def test_exact_refuses_before_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    """The refusal of ``exact rls-ab --a 200,200`` comes from the up-front bound (it took 28 s
    inside the solver's own estimate)."""
    import zonemax.exact

    def solver(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was called")

    monkeypatch.setattr(zonemax.exact, "exact_expectation", solver)
    for argv in (["exact", "rls-ab", "--a", "200,200"], ["exact", "ea-pm1", "--a", E30],
                 ["exact", "rls-pm1", "--a", "100000,100000"]):
        assert main(argv) == 2


def test_states_lower_bound_admits_the_documented_limits() -> None:
    """The up-front bound never refuses what the solvers are documented to solve."""
    from zonemax.commands.exact import states_lower_bound
    from zonemax.exact import DOCUMENTED_LIMITS, default_max_states

    for spec in DOCUMENTED_LIMITS:
        cap = default_max_states(spec.algorithm, spec.n)
        assert states_lower_bound(spec, cap) <= cap, spec


def test_states_lower_bound_is_below_the_states_built() -> None:
    """On solvable instances the bound is at most the number of lumped states actually built
    (identical positions, so lumping cannot merge groups)."""
    from fractions import Fraction

    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.commands.exact import states_lower_bound
    from zonemax.exact import exact_expectation

    for spec in (AlgorithmSpec("ea-pm1", (7,)), AlgorithmSpec("ea-pm1", (4, 4)),
                 AlgorithmSpec("ea-heavy", (9,), eps=Fraction(1)),
                 AlgorithmSpec("rls-pm1", (3, 3, 3)),
                 AlgorithmSpec("rls-ab", (9,), alpha=Fraction(2), beta=Fraction(1, 2)),
                 AlgorithmSpec("rls-ab", (4, 4))):
        built = exact_expectation(spec).states
        assert 1 <= states_lower_bound(spec, 10**9) <= built, spec


def test_error_paths_load_no_heavy_library() -> None:
    """Bad input is answered before numba, scipy, sympy or matplotlib are imported."""
    code = (
        "import sys\n"
        "from zonemax.cli import main\n"
        "argvs = [['run', 'ea-pm1', '--a', '1' + '0' * 30], ['run', 'ea-pm1', '--a', '1_0'],\n"
        "         ['reproduce', '--out', ''], ['run', 'ea-heavy', '--a', '3', '--eps', '1e-9999']]\n"
        "assert all(main(a) == 2 for a in argvs)\n"
        "print(sorted(m for m in ('numba', 'scipy', 'sympy', 'matplotlib') if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_rls_ab_exact_refuses_a_huge_position_without_counting_it() -> None:
    """One position's (distance, velocity) pairs alone exceed the cap: the reachable-set search
    stops at the cap instead of enumerating all of them (it found 691401 pairs, for ~20 s)."""
    from zonemax.reference.spec import AlgorithmSpec

    import zonemax.exact.rls_ab as rls_ab
    from zonemax.exact import InstanceTooLarge, exact_expectation

    calls = 0
    moves = rls_ab._rls_ab_moves

    def counting(alpha: object, beta: object) -> object:
        inner = moves(alpha, beta)  # type: ignore[arg-type]

        def step(pair: object) -> object:
            nonlocal calls
            calls += 1
            return inner(pair)  # type: ignore[arg-type]

        return step

    spec = AlgorithmSpec("rls-ab", (200,), alpha=Fraction(17, 10), beta=Fraction(9, 10))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rls_ab, "_rls_ab_moves", counting)
        with pytest.raises(InstanceTooLarge, match="one position alone has more than"):
            exact_expectation(spec, max_states=1000)
    assert calls <= 1001  # each expanded pair adds at least one new pair until the cap


def test_library_refuses_eps_beyond_its_cap() -> None:
    from zonemax.reference import HeavyTailed
    from zonemax.reference.params import MAX_EPS

    HeavyTailed(MAX_EPS)
    with pytest.raises(ValueError, match="use the ±1 operator"):
        HeavyTailed(MAX_EPS + 1)  # was accepted, and sample() returned None at eps = 10^1000


def test_engine_refuses_alpha_whose_velocities_overflow() -> None:
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.engine import run_many, supports
    from zonemax.engine.api import MAX_ALPHA

    ok = AlgorithmSpec("rls-ab", (3, 4), alpha=MAX_ALPHA, beta=Fraction(1, 2))
    too_big = AlgorithmSpec("rls-ab", (3, 4), alpha=MAX_ALPHA * 2, beta=Fraction(1, 2))
    assert supports(ok)
    assert not supports(too_big)
    assert run_many(ok, runs=2, seed=0, budget=10**6).solved.all()
    with pytest.raises(ValueError, match="alpha <="):
        run_many(too_big, runs=1, seed=0, budget=None)


def test_preflight_knows_the_pm1_block_rule() -> None:
    """The ±1 EA at r = 10^12 takes seconds per run on the fast engine (blocks) and is not
    refused there; on the reference (one iteration at a time, >= 10^14 of them) it is."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.commands import UsageError
    from zonemax.commands._preflight import PREFLIGHT_SECONDS, estimate_run, preflight

    spec = AlgorithmSpec("ea-pm1", (10**12,) * 100)
    assert estimate_run(spec, 3, "fast").seconds < 60
    assert preflight(spec, 3, None, "fast", False) is not None
    assert estimate_run(spec, 1, "reference").seconds > PREFLIGHT_SECONDS
    with pytest.raises(UsageError, match="give --budget N"):
        preflight(spec, 1, None, "reference", False)


@pytest.mark.parametrize(("alpha", "beta", "d"), [
    (Fraction(10**100), Fraction(1, 10**100), 1), (Fraction(10**100), Fraction(1, 10**100), 40),
    (Fraction(100), Fraction(1, 100), 7), (Fraction(6, 5), Fraction(1, 2), 60),
    (Fraction(11, 10), Fraction(1, 5), 60), (Fraction(3, 2), Fraction(1, 4), 30),
])
def test_rls_ab_preflight_bound_is_a_lower_bound(alpha: Fraction, beta: Fraction, d: int) -> None:
    """The pre-flight's bounds for RLS_{alpha,beta} against the exact solver: below E[T]
    everywhere, and equal to it (3d - 1) where only steps of 1 are ever accepted."""
    from zonemax.reference.spec import AlgorithmSpec

    from zonemax.commands._preflight import _rls_ab_bound
    from zonemax.exact import exact_expectation

    spec = AlgorithmSpec("rls-ab", (d,), alpha=alpha, beta=beta)
    exact = exact_expectation(spec).expectation
    low, selections, _ = _rls_ab_bound(spec)
    assert low <= exact and selections <= exact  # n = 1: every selection is an evaluation
    if alpha >= 2 * d and alpha * beta <= 1:
        assert low == selections == exact == 3 * d - 1
