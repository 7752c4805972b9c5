"""IOHprofiler data (issue 15, item 5): zonemax's own writer against ``ioh``'s logger, the
conventions of runs without a trace, and the ``--ioh`` options of ``run`` and ``reproduce``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from zonemax.reference.runner import run
from zonemax.reference.spec import AlgorithmSpec

from zonemax.cli import main
from zonemax.experiments.ioh_data import (
    HASH_ID_BASE,
    HASH_ID_RANGE,
    IOH_FORMAT_VERSION,
    POWER_ID_BASE,
    IOHWriter,
    Tracer,
    check_text,
    final_only_trace,
    folder_name,
    format_number,
    format_raw_y,
    ioh_function,
)
from zonemax.experiments.ioh_export import RunRecorder, run_folder
from zonemax.experiments.ioh_logger import IOHLoggerDriver, logger_can_drive, search_box
from zonemax.experiments.simulate import iter_runs

#: ``"version": "..."`` of the JSON index: ``ioh`` writes its own version there, zonemax
#: :data:`IOH_FORMAT_VERSION`; the only field the comparison normalises.
VERSION_LINE = re.compile(rb'^\t"version": "[^"]*", $', re.MULTILINE)


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` by relative path, the JSON version line normalised."""
    out = {}
    for path in sorted(root.rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            if path.suffix == ".json":
                data, count = VERSION_LINE.subn(b'\t"version": "<version>", ', data)
                assert count == 1, path
            out[path.relative_to(root).as_posix()] = data
    return out


#: (algorithm, target, parameters, budgets of the three runs): elitist and non-elitist
#: algorithms, every step operator, all-r and other targets, censored runs.
CASES = [
    ("ea-pm1", (6, 6, 6), {}, (None, 25, None)),
    ("rls-pm1", (3, -2, 0, 5), {}, (None, None, 4)),
    ("ea-heavy", (9, 9), {"eps": 1, "truncate": "condition"}, (None, 7, None)),
    ("rls-ab", (12, 12, 12), {}, (None, None, 30)),
    ("ea-geom", (8, 8, 8), {"geom_mean": 2}, (None, 40, None)),
    ("rls-power", (15, 15), {"power_exponent": 2}, (None, None, None)),
    ("cma-wm", (7, 7, 7), {}, (None, 60, None)),
    ("ea-pm1", (0, 0), {}, (None, None, None)),  # no evaluations at all: no data
]


@pytest.mark.parametrize(("algorithm", "target", "params", "budgets"), CASES)
def test_own_files_equal_ioh_logger_files(tmp_path: Path, algorithm: str,
                                          target: tuple[int, ...], params: dict[str, object],
                                          budgets: tuple[int | None, ...]) -> None:
    """For the same reference runs, the files of zonemax's writer (from each run's trace) and
    those of ``ioh``'s own Analyzer (fed every evaluation) are identical byte for byte, up to
    the version string."""
    pytest.importorskip("ioh")
    from fractions import Fraction

    spec = AlgorithmSpec(algorithm, target, **{k: Fraction(v) if k != "truncate" else v
                                               for k, v in params.items()})  # type: ignore[arg-type]
    function = ioh_function(spec.a)
    attrs = {"seed": "17", "engine": "reference", "budget": "mixed"}
    folder = f"{algorithm}-{function.name}"
    driver = IOHLoggerDriver(tmp_path / "ioh", folder, function, algorithm=algorithm,
                             info=spec.description, experiment_attributes=attrs)
    writer = IOHWriter(tmp_path / "own", folder, algorithm=algorithm, info=spec.description,
                       experiment_attributes=attrs)
    evaluations = []
    for k, budget in enumerate(budgets):
        tracer = Tracer(function.target)

        def both(t: int, x: tuple[int, ...], tracer: Tracer = tracer) -> None:
            tracer(t, x)
            driver(t, x)

        res = run(spec, rng=17 + k, budget=budget, observer=both)
        evaluations.append(res.evaluations)
        trace = tracer.trace()
        assert (trace is None) == (res.evaluations == 0)
        if trace is not None:
            assert trace.evaluations == res.evaluations and trace.exact
            assert trace.best_y == res.f or algorithm == "cma-wm"
        driver.end_run()
        writer.add(function, trace)
    driver.close()
    writer.close()
    own, theirs = tree(tmp_path / "own"), tree(tmp_path / "ioh")
    assert own == theirs
    if any(evaluations):
        assert any(p.endswith(".json") for p in own) and any(p.endswith(".dat") for p in own)
        index = json.loads(next(v for p, v in own.items() if p.endswith(".json")))
        assert [r["evals"] for r in index["scenarios"][0]["runs"]] == \
            [e for e in evaluations if e > 0]
    else:  # no run had an evaluation: no index, an empty data file (as ioh)
        assert list(own.values()) == [b""]
    assert IOH_FORMAT_VERSION >= "0.3.3"  # IOHanalyzer reads this layout from 0.3.3 on


def test_installed_ioh_writes_the_emulated_version(tmp_path: Path) -> None:
    """The version zonemax writes is the one whose layout it reproduces; a different ``ioh``
    makes this fail, so that the layout is checked again rather than assumed."""
    ioh = pytest.importorskip("ioh")
    function = ioh_function((3, 3))
    driver = IOHLoggerDriver(tmp_path, "x", function, algorithm="a", info="i")
    driver(1, (1, 1))
    driver.end_run()
    driver.close()
    index = json.loads(next(tmp_path.rglob("*.json")).read_text())
    assert index["version"] == IOH_FORMAT_VERSION, ioh


def test_tracer_records_improvements_and_the_last_evaluation() -> None:
    tracer = Tracer((5, 5))
    assert tracer.trace() is None
    for t, x in enumerate([(0, 1), (0, 1), (3, 1), (1, 3), (4, 1), (4, 4)], start=1):
        tracer(t, x)
    trace = tracer.trace()
    assert trace is not None
    # f: 9, 9, 6, 6, 5, 2 -> improvements at 1, 3, 5, 6
    assert trace.points == ((1, 9), (3, 6), (5, 5), (6, 2))
    assert (trace.best_evaluations, trace.best_y, trace.best_x) == (6, 2, (4, 4))
    tracer(7, (4, 4))
    tracer(8, (0, 0))  # a non-elitist algorithm may evaluate something worse last
    trace = tracer.trace()
    assert trace is not None and trace.points[-1] == (8, 10) and trace.evaluations == 8
    assert trace.best_evaluations == 6


def test_runs_without_a_trace(tmp_path: Path) -> None:
    a = (4, 4, 4)
    assert final_only_trace(a, 0, True) is None
    solved = final_only_trace(a, 50, True)
    assert solved is not None and not solved.exact
    assert solved.points == ((1, 12), (50, 0)) and solved.best_x == a
    assert final_only_trace(a, 1, True).points == ((1, 0),)  # type: ignore[union-attr]
    censored = final_only_trace(a, 30, False)
    assert censored is not None
    assert censored.points == ((1, 12), (30, 12)) and censored.best_y == 12
    assert censored.best_x == (0, 0, 0) and censored.best_evaluations == 1
    with pytest.raises(ValueError, match="evaluations"):
        final_only_trace(a, -1, True)
    writer = IOHWriter(tmp_path, "alg", algorithm="alg", info="info")
    function = ioh_function(a)
    writer.add(function, solved)
    writer.add(function, censored)
    (path,) = writer.close()
    text = path.read_text()
    assert '"run_attributes": ["trace"]' in text
    assert ('{"instance": 1, "evals": 50, "best": {"evals": 50, "y": 0, "x": [4, 4, 4]}, '
            '"trace": 0}') in text
    assert ('{"instance": 1, "evals": 30, "best": {"evals": 1, "y": 12, "x": [0, 0, 0]}, '
            '"trace": 0}') in text
    dat = (tmp_path / "alg" / "data_f4_IntOneMax_r4" / "IOHprofiler_f4_DIM3.dat").read_text()
    assert dat == ("evaluations raw_y\n1 12.0000000000\n50 0.0000000000\n"
                   "evaluations raw_y\n1 12.0000000000\n30 12.0000000000\n")


def test_function_ids_and_names() -> None:
    assert ioh_function((1000,) * 5).function_id == 1000
    assert ioh_function((1000,) * 5).name == "IntOneMax_r1000"
    big = ioh_function((10**12,) * 2)
    assert (big.function_id, big.name) == (POWER_ID_BASE + 12, "IntOneMax_r1e12")
    other = ioh_function((3, -2))
    assert HASH_ID_BASE <= other.function_id < HASH_ID_BASE + HASH_ID_RANGE < 2**31
    assert other.name.startswith("IntOneMax_a") and ioh_function((3, -2)) == other
    assert ioh_function((-2, 3)).function_id != other.function_id
    odd = ioh_function((10**12 + 1,) * 2)
    assert odd.name.startswith("IntOneMax_a")
    assert ioh_function((0, 0)).name.startswith("IntOneMax_a")


def test_numbers_beyond_float64_and_int32(tmp_path: Path) -> None:
    assert format_raw_y(12) == "12.0000000000"
    assert format_number(0) == "0" and format_number(2.5) == "2.5"
    assert format_number(10**15) == "1000000000000000"
    huge = 3 * 10**20 + 1  # not a float64: written exactly
    assert format_number(huge) == str(huge) and format_raw_y(huge) == f"{huge}.0000000000"
    assert search_box((5, -3)) == (-11, 13)
    assert not logger_can_drive((2**30,) * 2)  # the search box leaves int32
    a = (10**20,) * 2
    with pytest.raises(ValueError, match="int32"):
        IOHLoggerDriver(tmp_path, "x", ioh_function(a), algorithm="a", info="i")
    writer = IOHWriter(tmp_path, "big", algorithm="a", info="i")
    writer.add(ioh_function(a), final_only_trace(a, 7, False))
    (path,) = writer.close()
    assert f'"y": {2 * 10**20}' in path.read_text()


def test_bad_names_and_existing_folders(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="quotes"):
        check_text('say "hi"', "the algorithm name")
    with pytest.raises(ValueError, match="quotes"):
        IOHWriter(tmp_path, "x", algorithm="a", info="back\\slash")
    assert folder_name("ea-heavy(eps=1/1000,truncate=condition)-IntOneMax_r10") == \
        "ea-heavy_eps_1_1000_truncate_condition-IntOneMax_r10"
    IOHWriter(tmp_path, "taken", algorithm="a", info="i").close()
    with pytest.raises(FileExistsError, match="does not overwrite"):
        IOHWriter(tmp_path, "taken", algorithm="a", info="i")
    writer = IOHWriter(tmp_path, "closed", algorithm="a", info="i")
    writer.close()
    with pytest.raises(RuntimeError, match="closed"):
        writer.add(ioh_function((1,)), None)


# ------------------------------------------------------------------------------ zonemax run


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_run_ioh_reference_and_fast(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "run", "rls-power", "--n", "3", "--r", "30", "--runs", "3",
                         "--seed", "5", "--budget", "400", "--json", "--ioh", str(tmp_path))
    assert code == 0 and "IOH data in" in err and "improvement traces" in err
    runs = json.loads(out)["runs"]  # stdout stays pure JSON
    spec = AlgorithmSpec("rls-power", (30, 30, 30))
    folder = tmp_path / run_folder(spec, 5)
    (index_path,) = folder.glob("*.json")
    index = json.loads(index_path.read_text())
    assert index["function_id"] == 30 and index["maximization"] is False
    assert index["algorithm"]["name"] == "rls-power(power_exponent=3/2)"
    assert [r["evals"] for r in index["scenarios"][0]["runs"]] == [r["evaluations"] for r in runs]
    assert all(r["trace"] == 1 for r in index["scenarios"][0]["runs"])
    # the same runs through zonemax's own writer (no ioh logger) give the same files
    other = tmp_path / "own"
    other.mkdir()
    recorder = RunRecorder(other, spec, 5, 400, "reference", use_ioh_logger=False)
    assert not recorder.driven
    for chunk in iter_runs(spec, runs=3, seed=5, budget=400, engine="reference",
                           observer=recorder.observer):
        recorder.finish(chunk)
    recorder.close()
    mine = tree(other / run_folder(spec, 5))
    theirs = tree(folder)
    assert mine == theirs and len(mine) == 2
    # the fast engine: final evaluation counts only, trace = 0
    code, out, err = cli(capsys, "run", "ea-pm1", "--n", "3", "--r", "30", "--runs", "2",
                         "--seed", "5", "--engine", "fast", "--ioh", str(tmp_path))
    assert code == 0 and "final evaluation counts only" in err
    fast = tmp_path / run_folder(AlgorithmSpec("ea-pm1", (30, 30, 30)), 5)
    index = json.loads(next(fast.glob("*.json")).read_text())
    assert all(r["trace"] == 0 and r["best"]["y"] == 0 for r in index["scenarios"][0]["runs"])
    dat = next(fast.rglob("*.dat")).read_text().splitlines()
    assert dat[:2] == ["evaluations raw_y", "1 90.0000000000"]


def test_run_ioh_bad_directories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["run", "ea-pm1", "--n", "2", "--r", "5", "--seed", "1", "--engine", "reference"]
    afile = tmp_path / "file"
    afile.write_text("x")
    for bad, message in ((str(afile), "existing file"), (str(afile / "sub"), "is a file"),
                         ("", "empty")):
        code, _, err = cli(capsys, *base, "--ioh", bad)
        assert code == 2 and message in err, err
    code, _, _ = cli(capsys, *base, "--ioh", str(tmp_path / "d"))
    assert code == 0
    before = tree(tmp_path / "d")
    code, _, err = cli(capsys, *base, "--ioh", str(tmp_path / "d"))
    assert code == 2 and "does not overwrite" in err
    assert tree(tmp_path / "d") == before  # nothing overwritten
    if Path("/proc/self").is_dir():  # nobody, not even root, creates directories in /proc
        code, _, err = cli(capsys, *base, "--ioh", "/proc/zonemax-ioh")
        assert code == 2 and "cannot create or write" in err
