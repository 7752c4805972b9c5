"""IOHprofiler run data: the files IOHanalyzer reads, from zonemax's runs.

IOHanalyzer (Wang, Vermetten, Ye, Doerr, Bäck, *IOHanalyzer: detailed performance analyses for
iterative optimization heuristics*, ACM TELO 2022) reads the format that the ``ioh`` package's
``ioh.logger.Analyzer`` writes.  This module writes the same files in two ways:

* :class:`IOHWriter` writes them itself, from a run's *trace* (:class:`RunTrace`): the
  evaluation count and best-so-far value at every improvement.  It works for every run: targets
  beyond ``ioh``'s int32 search space and values beyond float64's integers, and runs of the fast
  engine, which skips evaluations and returns no trace (:func:`final_only_trace`).
* :class:`~zonemax.experiments.ioh_logger.IOHLoggerDriver` drives ``ioh``'s own logger: ``f_a`` is wrapped as an integer problem
  (``ioh.wrap_problem(..., problem_class=ioh.ProblemClass.INTEGER)``) with an
  ``ioh.logger.Analyzer`` attached, and is called once per evaluation of a plain reference run.
  It needs the ``ioh`` package and a target whose search space fits int32
  (:func:`~zonemax.experiments.ioh_logger.logger_can_drive`).

For the same reference run both write the same bytes, except for the ``"version"`` field
(``ioh``'s own version; :data:`IOH_FORMAT_VERSION` here): ``tests/test_ioh_data.py`` checks
this against the installed ``ioh``.

**Conventions.**

* *Problem*: ``f_a(x) = |a - x|_1``, minimised (``"maximization": false``); ``raw_y`` is ``f_a``
  of the best point so far (for the elitist (1+1) EA, RLS and RLS_{α,β} this is the current
  point).  Suite ``unknown_suite`` (what ``ioh`` writes for a wrapped problem).
* *Function id and name* (:func:`ioh_function`): the all-r targets of Section 6,
  ``a = (r, ..., r)``, are ``IntOneMax_r<r>`` with id ``r`` for ``1 <= r <= 10^9`` (so ``F1000``
  is ``r = 1000``) and id ``10^9 + k`` for ``r = 10^k``, ``10 <= k <= 99``; every other target is
  ``IntOneMax_a<crc>`` with an id in ``[1.1 * 10^9, 2.1 * 10^9)`` from the CRC-32 of its decimal
  text (also given as the experiment attribute ``target``).  Ids stay below ``2^31``, ``ioh``'s
  id type.
* *Instance* 1 (the target is the instance; seeds vary per run), *dimension* ``n``.
* *Evaluations*: zonemax's counting convention (:mod:`zonemax.reference`): one per iteration of
  the algorithm, rejected and unchanged offspring included, the start point ``0^n`` not
  evaluated (CMA-ESwM: one per sampled point).  So the first line of a run is evaluation 1.
* *Lines of a run* (what ``ioh``'s Analyzer with the ``ON_IMPROVEMENT`` trigger writes): every
  evaluation that improves the best-so-far value (the first one always does), then the last
  evaluation if it is not already there.  A run with 0 evaluations (target ``0^n``, budget 0) has
  no data: ``ioh`` writes none either (only an empty data file if no run has any).
* *Runs without a trace* -- the fast engine skips evaluations and returns only the final
  evaluation count ``T`` and whether the optimum was found; records of ``zonemax reproduce``
  keep the same.  Such a run is written with the run attribute ``trace = 0`` (``1``: an exact
  improvement trace) as two bounds: evaluation 1 with ``f_a(0^n) = |a|_1`` (the best-so-far
  after one evaluation is at most that) and evaluation ``T`` with 0 if the optimum was found
  there, else again ``|a|_1`` (the final value is unknown; ``f`` never increases).  So fixed-target
  results for the optimum (target 0: ERT, run-time ECDF) are exact, and for other targets they
  are upper bounds on the run times (the run is drawn as if it had made no progress before
  ``T``); fixed-budget values are upper bounds.
* *Numbers*: ``raw_y`` with ten decimals and ``best.y`` like ``ioh`` (shortest form of the
  float64, without ``.0``).  ``ioh`` stores values as float64, exact below ``2^53``; zonemax
  writes the exact integer where a value is larger.
* *Names* of algorithms, functions and attributes may not contain ``"``, ``\\`` or control
  characters: ``ioh`` writes them into the JSON without escaping.
* *No overwriting*: a writer refuses an algorithm folder that exists (``ioh`` would silently
  write to ``<folder>-1`` instead).
* *Complete or nothing*: a writer builds its folder under a hidden staging name
  (:func:`staging_folder`, ``.<folder>.partial-<pid>``) and renames it to ``<folder>`` only when
  it closes; an interrupted writer removes its staging folder (:meth:`IOHWriter.abort`), and one
  left by a killed process (``kill -9``) is removed by the next writer of the same folder.  So
  ``DIR/<folder>`` is either complete or absent, and rerunning the command works.
* *Memory*: a writer keeps no per-run data in memory; the JSON entries of the runs go to a
  side file in the staging folder and are streamed into the index when it closes.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from zonemax.reference.fitness import fitness, norm_1, validate_target

#: The ``ioh`` release whose ``Analyzer`` output :class:`IOHWriter` reproduces byte for byte
#: (measured with ``ioh`` 0.4.2); IOHanalyzer reads this JSON layout from version 0.3.3 on.
IOH_FORMAT_VERSION = "0.4.2"
#: What ``ioh`` writes as the suite of a wrapped problem.
SUITE = "unknown_suite"
#: The instance id of every run (the target itself is the instance).
INSTANCE = 1
#: The columns of the ``.dat`` files.
ATTRIBUTES = ("evaluations", "raw_y")
#: The run attribute that says whether a run's lines are an exact improvement trace.
TRACE_ATTRIBUTE = "trace"
#: Decimals of ``raw_y`` in the ``.dat`` files (``ioh``'s fixed format).
RAW_Y_DECIMALS = 10
#: Function ids (see the module docstring): all-r targets up to this ``r`` use ``r`` itself.
ALL_R_DIRECT_MAX = 10**9
#: ... ``r = 10^k`` beyond it uses ``POWER_ID_BASE + k``; other targets a CRC-32 in
#: ``[HASH_ID_BASE, HASH_ID_BASE + HASH_ID_RANGE)``.
POWER_ID_BASE = 10**9
HASH_ID_BASE = 11 * 10**8
HASH_ID_RANGE = 10**9
#: ``ioh``'s integer search space (int32) and the largest integer float64 holds exactly.
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
FLOAT64_EXACT = 2**53

_UNSAFE = re.compile(r'["\\\x00-\x1f\x7f]')
_FOLDER_CHARS = re.compile(r"[^A-Za-z0-9._+-]+")


def check_text(value: str, what: str) -> str:
    """``value`` if it can be written into ``ioh``'s JSON unescaped, else ``ValueError``."""
    if not isinstance(value, str) or not value or _UNSAFE.search(value):
        raise ValueError(f"{what} {value!r} cannot go into IOH data: it must be non-empty "
                         'text without quotes ("), backslashes or control characters')
    return value


def folder_name(text: str) -> str:
    """A file-system-safe folder name for ``text`` (runs of other characters become ``_``)."""
    name = re.sub(r"_*-_*", "-", _FOLDER_CHARS.sub("_", text)).strip("_.-")
    if not name:
        raise ValueError(f"no folder name can be made from {text!r}")
    return name


# ---------------------------------------------------------------------------------- function


@dataclass(frozen=True)
class IOHFunction:
    """``f_a`` as an IOH function: its id, its name and the target ``a`` (``n = len(a)``)."""

    function_id: int
    name: str
    target: tuple[int, ...]

    @property
    def dimension(self) -> int:
        return len(self.target)

    @property
    def start_value(self) -> int:
        """``f_a(0^n) = |a|_1``, the value of the start point."""
        return norm_1(self.target)

    def stem(self) -> str:
        """``f<id>_<name>``, the part of ``ioh``'s file names that names the function."""
        return f"f{self.function_id}_{self.name}"


def ioh_function(a: Sequence[int]) -> IOHFunction:
    """The IOH function id and name of ``f_a`` (conventions in the module docstring)."""
    target = validate_target(a)
    r = target[0]
    if r >= 1 and all(x == r for x in target):
        if r <= ALL_R_DIRECT_MAX:
            return IOHFunction(r, f"IntOneMax_r{r}", target)
        k = round(math.log10(r))
        if 10**k == r and k < 100:
            return IOHFunction(POWER_ID_BASE + k, f"IntOneMax_r1e{k}", target)
    crc = zlib.crc32(",".join(map(str, target)).encode("ascii"))
    return IOHFunction(HASH_ID_BASE + crc % HASH_ID_RANGE, f"IntOneMax_a{crc:08x}", target)


def target_attribute(function: IOHFunction) -> dict[str, str]:
    """``{"target": "a_1,...,a_n"}`` for a target that the function name does not spell out."""
    if function.name.startswith("IntOneMax_a"):
        return {"target": ",".join(map(str, function.target))}
    return {}


# ------------------------------------------------------------------------------------- traces


@dataclass(frozen=True)
class RunTrace:
    """The data of one run in IOH's terms.

    Attributes
    ----------
    evaluations:
        The run's evaluation count ``T`` (>= 1).
    points:
        The ``(evaluations, raw_y)`` lines of the run's ``.dat`` block, in order.
    best_evaluations, best_y, best_x:
        Where the best value was first reached, the value and the point (``best`` in the JSON).
    exact:
        ``True`` for an improvement trace recorded evaluation by evaluation, ``False`` for the
        bounds of :func:`final_only_trace`.
    """

    evaluations: int
    points: tuple[tuple[int, int], ...]
    best_evaluations: int
    best_y: int
    best_x: tuple[int, ...]
    exact: bool


@dataclass
class Tracer:
    """An observer (``observer(evaluations, x)``, :func:`zonemax.reference.run`) that records a
    run's improvement trace; :meth:`trace` returns it once the run is over."""

    target: tuple[int, ...]
    _points: list[tuple[int, int]] = field(default_factory=list)
    _best: int | None = None
    _best_t: int = 0
    _best_x: tuple[int, ...] = ()
    _last: tuple[int, int] | None = None

    def __call__(self, t: int, x: tuple[int, ...]) -> None:
        y = fitness(x, self.target)
        if self._best is None or y < self._best:  # an improvement (the first evaluation is one)
            self._best, self._best_t, self._best_x = y, t, x
            self._points.append((t, y))
        self._last = (t, y)

    def trace(self) -> RunTrace | None:
        """The run's trace, or ``None`` for a run without evaluations."""
        if self._last is None or self._best is None:
            return None
        points = list(self._points)
        if points[-1][0] != self._last[0]:
            points.append(self._last)  # the last evaluation closes the run
        return RunTrace(self._last[0], tuple(points), self._best_t, self._best, self._best_x,
                        exact=True)


def final_only_trace(a: Sequence[int], evaluations: int, solved: bool) -> RunTrace | None:
    """The bounds written for a run known only by ``(evaluations, solved)`` (fast engine, run
    records): see *Runs without a trace* in the module docstring.  ``None`` if no evaluation."""
    target = validate_target(a)
    if isinstance(evaluations, bool) or not isinstance(evaluations, int) or evaluations < 0:
        raise ValueError(f"evaluations must be an integer >= 0, got {evaluations!r}")
    if evaluations == 0:
        return None
    f0 = norm_1(target)
    if solved:
        points = ((1, f0), (evaluations, 0)) if evaluations > 1 else ((1, 0),)
        return RunTrace(evaluations, points, evaluations, 0, target, exact=False)
    points = ((1, f0), (evaluations, f0)) if evaluations > 1 else ((1, f0),)
    return RunTrace(evaluations, points, 1, f0, (0,) * len(target), exact=False)


# ------------------------------------------------------------------------------------ numbers


def format_raw_y(y: int) -> str:
    """``raw_y`` of a ``.dat`` line: ``ioh``'s ten fixed decimals of the float64 (for integers
    below 2^53 the exact integer with ten zeros; beyond, zonemax keeps the exact integer)."""
    return f"{y}." + "0" * RAW_Y_DECIMALS


def format_number(y: int | float) -> str:
    """A number in the JSON as ``ioh`` writes a float64: the shortest form that reads back
    exactly, without a trailing ``.0`` (integers beyond 2^53 are written exactly)."""
    if isinstance(y, int) and abs(y) >= FLOAT64_EXACT:
        return str(y)
    text = repr(float(y))
    return text[:-2] if text.endswith(".0") else text


# ------------------------------------------------------------------------------------- writer


def check_new_folder(root: Path, folder: str) -> Path:
    """``root / folder`` if it does not exist yet (the writers never overwrite or merge)."""
    path = Path(root) / folder
    if path.exists():
        raise FileExistsError(f"{path} exists already: zonemax does not overwrite or add to IOH "
                              "data; remove it or choose another directory")
    return path


#: The staging name of a folder under construction: ``.<folder>.partial-<pid>`` (hidden, and
#: IOHanalyzer reads only folders with an index file in them).
PARTIAL = ".partial-"


def staging_folder(folder: str) -> str:
    """The name under which this process builds ``folder`` (module docstring)."""
    return f".{folder}{PARTIAL}{os.getpid()}"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    return True


def remove_stale_staging(root: Path, folder: str) -> None:
    """Remove staging folders of ``folder`` whose process is gone (``kill -9``)."""
    for path in Path(root).glob(f".{glob_escape(folder)}{PARTIAL}*"):
        pid = path.name.rsplit(PARTIAL, 1)[1]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            shutil.rmtree(path, ignore_errors=True)


def glob_escape(text: str) -> str:
    """``text`` with glob's special characters escaped."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def publish(stage: Path, final: Path) -> None:
    """Rename the complete staging folder ``stage`` to ``final`` (refused if it appeared)."""
    if final.exists():
        raise FileExistsError(f"{final} appeared while the runs went on: zonemax does not "
                              f"overwrite IOH data; the data are in {stage}")
    stage.rename(final)


#: Where :meth:`IOHWriter._write_json` streams the scenario blocks into the index.
_RUNS_MARK = "\x00runs\x00"


@dataclass
class _Scenario:
    runs: int = 0  #: entries written to the side file


class IOHWriter:
    """One algorithm folder of IOH data, written by zonemax (the files one ``Analyzer`` writes).

    ``add(function, trace)`` appends a run's ``.dat`` block and its JSON entry (to a side file:
    memory does not grow with the runs); :meth:`close` writes the JSON index files and renames
    the staging folder to ``root / folder`` (module docstring, "Complete or nothing");
    :meth:`abort` removes it.  The folder ``root / folder`` must not exist.
    """

    def __init__(self, root: Path, folder: str, *, algorithm: str, info: str,
                 experiment_attributes: Mapping[str, str] | None = None) -> None:
        self.algorithm = check_text(algorithm, "the algorithm name")
        self.info = check_text(info, "the algorithm info")
        attrs = dict(experiment_attributes or {})
        for key, value in attrs.items():
            check_text(key, "the experiment attribute")
            check_text(value, f"the experiment attribute {key!r}'s value")
        self.experiment_attributes = attrs
        self.path = check_new_folder(root, check_text(folder, "the folder name"))
        Path(root).mkdir(parents=True, exist_ok=True)
        remove_stale_staging(Path(root), folder)
        self.stage = Path(root) / staging_folder(folder)
        self.stage.mkdir()
        self._functions: dict[int, IOHFunction] = {}
        self._scenarios: dict[int, dict[int, _Scenario]] = {}
        self._files: dict[Path, TextIO] = {}
        self._closed = False

    def dat_path(self, function: IOHFunction) -> str:
        """The ``.dat`` file of ``function`` at its dimension, relative to the folder."""
        stem = function.stem()
        return f"data_{stem}/IOHprofiler_f{function.function_id}_DIM{function.dimension}.dat"

    def add(self, function: IOHFunction, trace: RunTrace | None) -> None:
        """Append one run of ``function`` (``None``: a run without evaluations, not written)."""
        if self._closed:
            raise RuntimeError("this IOHWriter is closed")
        check_text(function.name, "the function name")
        known = self._functions.setdefault(function.function_id, function)
        if known.name != function.name:
            raise ValueError(f"function id {function.function_id} is {known.name} already, "
                             f"not {function.name}")
        dat = self.stage / self.dat_path(function)
        out = self._open(dat)  # created at once, as ioh creates it when a problem is attached
        if trace is None:
            return
        if len(trace.best_x) != function.dimension:
            raise ValueError(f"the run's point has {len(trace.best_x)} positions, the function "
                             f"{function.dimension}")
        lines = [" ".join(ATTRIBUTES)]
        lines += [f"{t} {format_raw_y(y)}" for t, y in trace.points]
        out.write("\n".join(lines) + "\n")
        x = ", ".join(map(str, trace.best_x))
        entry = (f'{{"instance": {INSTANCE}, "evals": {trace.evaluations}, "best": '
                 f'{{"evals": {trace.best_evaluations}, "y": {format_number(trace.best_y)}, '
                 f'"x": [{x}]}}, "{TRACE_ATTRIBUTE}": {format_number(int(trace.exact))}}}')
        scenarios = self._scenarios.setdefault(function.function_id, {})
        scenario = scenarios.setdefault(function.dimension, _Scenario())
        self._open(self._entries(function.function_id, function.dimension)).write(entry + "\n")
        scenario.runs += 1

    def _open(self, path: Path) -> TextIO:
        """``path`` opened for appending, kept open until the writer closes (a few files per
        writer; opening them for every run cost 15% of a run of 380k fast runs)."""
        handle = self._files.get(path)
        if handle is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle = self._files[path] = open(path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115
        return handle

    def _close_files(self) -> None:
        for handle in self._files.values():
            handle.close()
        self._files.clear()

    def _entries(self, function_id: int, dimension: int) -> Path:
        """The side file of the JSON entries of one scenario (removed when the writer closes)."""
        return self.stage / f".runs-f{function_id}-DIM{dimension}"

    def close(self) -> tuple[Path, ...]:
        """Write one JSON index per function, move the folder to its name; return the
        index files' paths."""
        self._closed = True
        self._close_files()
        written = []
        for fid, scenarios in sorted(self._scenarios.items()):
            function = self._functions[fid]
            name = f"IOHprofiler_{function.stem()}.json"
            with open(self.stage / name, "w", encoding="utf-8", newline="\n") as fh:
                self._write_json(fh, function, scenarios)
            for dim in scenarios:
                self._entries(fid, dim).unlink()
            written.append(self.path / name)
        publish(self.stage, self.path)
        return tuple(written)

    def abort(self) -> None:
        """Remove everything written (an interrupted run leaves no folder behind)."""
        self._closed = True
        self._close_files()
        shutil.rmtree(self.stage, ignore_errors=True)

    def _write_json(self, fh: TextIO, function: IOHFunction,
                    scenarios: dict[int, _Scenario]) -> None:
        """The index of ``function``, its run entries streamed from the side files."""
        head, tail = self._json(function, scenarios).split(_RUNS_MARK)
        fh.write(head)
        blocks = sorted(scenarios.items())
        for b, (dim, _) in enumerate(blocks):
            stem = function.stem()
            fh.write(f'\t\t{{"dimension": {dim},\n'
                     f'\t\t"path": "data_{stem}/IOHprofiler_f{function.function_id}_DIM{dim}.dat",\n'
                     f'\t\t"runs": [\n')
            with open(self._entries(function.function_id, dim), encoding="utf-8") as entries:
                for i, entry in enumerate(entries):
                    fh.write(("" if i == 0 else ",\n") + "\t\t\t" + entry.rstrip("\n"))
            fh.write("\n\t\t]}" + (",\n" if b + 1 < len(blocks) else "\n"))
        fh.write(tail)

    def _json(self, function: IOHFunction, scenarios: dict[int, _Scenario]) -> str:
        # ioh's layout, byte for byte: tabs, the space after the first five commas, attributes
        # sorted by name, scenarios sorted by dimension, runs in the order they ended.
        out = ["{",
               f'\t"version": "{IOH_FORMAT_VERSION}", ',
               f'\t"suite": "{SUITE}", ',
               f'\t"function_id": {function.function_id}, ',
               f'\t"function_name": "{function.name}", ',
               '\t"maximization": false, ',
               f'\t"algorithm": {{"name": "{self.algorithm}", "info": "{self.info}"}},']
        if self.experiment_attributes:
            attrs = ", ".join(f'{{"{k}": "{v}"}}'
                              for k, v in sorted(self.experiment_attributes.items()))
            out.append(f'\t"experiment_attributes": [{attrs}],')
        out.append(f'\t"run_attributes": ["{TRACE_ATTRIBUTE}"],')
        columns = ", ".join(f'"{a}"' for a in ATTRIBUTES)
        out.append(f'\t"attributes": [{columns}],')
        out.append('\t"scenarios": [')
        out.append(_RUNS_MARK)
        out.append("\t]")
        out.append("}")
        return "\n".join(out).replace(_RUNS_MARK + "\n", _RUNS_MARK) + "\n"
