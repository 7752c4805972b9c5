"""IOHprofiler data of ``zonemax run --ioh DIR`` and ``zonemax reproduce --ioh DIR``.

The format and its conventions are those of :mod:`zonemax.experiments.ioh_data`.  Where the data
go:

* ``zonemax run``: one folder ``DIR/<algorithm>-<function>-n<n>-seed<seed>`` (an IOH
  "algorithm folder").  Runs of the plain reference carry an exact improvement trace: ``ioh``'s
  own logger records them where it can be driven (``ioh`` installed, target within int32,
  :func:`~zonemax.experiments.ioh_data.logger_can_drive`), zonemax's writer otherwise (same
  bytes).  Runs of the fast engine, which skips evaluations and returns no trace, are written
  from their final evaluation count (run attribute ``trace = 0``).
* ``zonemax reproduce``: one folder ``DIR/<experiment>/<variant>`` per algorithm variant of the
  chosen experiments, written from the run records (``runs.csv`` keeps each run's final
  evaluation count and whether it found the optimum, not its trace), so every run has
  ``trace = 0``: exact for the optimum (ERT, ECDF of target 0), bounds otherwise.

Folders that exist already are refused before anything runs (nothing is overwritten or merged);
a folder appears only when it is complete (:mod:`zonemax.experiments.ioh_data`, "Complete or
nothing"), and an interrupted run leaves none.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import zonemax
from zonemax.experiments.design import VARIANTS
from zonemax.experiments.ioh_data import (
    IOHFunction,
    IOHWriter,
    Tracer,
    check_new_folder,
    final_only_trace,
    folder_name,
    ioh_function,
    target_attribute,
)
from zonemax.experiments.ioh_logger import IOHLoggerDriver, logger_can_drive
from zonemax.experiments.simulate import Chunk, RunRecord
from zonemax.reference._common import Observer
from zonemax.reference.spec import AlgorithmSpec


def algorithm_name(spec: AlgorithmSpec) -> str:
    """``algorithm(k=v,...)``: the spec's algorithm and parameters (without the target)."""
    params = [f"{k}={v}" for k, v in spec.params().items() if k not in ("a", "n")]
    return f"{spec.algorithm}({','.join(params)})" if params else spec.algorithm


def run_folder(spec: AlgorithmSpec, seed: int) -> str:
    """The folder of ``zonemax run``'s IOH data (see the module docstring)."""
    return folder_name(f"{algorithm_name(spec)}-{ioh_function(spec.a).name}-n{spec.n}-seed{seed}")


@dataclass
class RunRecorder:
    """IOH data of the runs of one ``zonemax run``: give each reference run :meth:`observer`,
    hand every finished :class:`~zonemax.experiments.simulate.Chunk` to :meth:`finish`, then
    :meth:`close`."""

    root: Path
    spec: AlgorithmSpec
    seed: int
    budget: int | None
    engine: str
    #: Let ``ioh``'s logger record reference runs where it can (else zonemax's writer does).
    use_ioh_logger: bool = True
    function: IOHFunction = field(init=False)
    driven: bool = field(init=False)
    path: Path = field(init=False)
    _writer: IOHWriter | None = field(init=False, default=None)
    _driver: IOHLoggerDriver | None = field(init=False, default=None)
    _tracers: dict[int, Tracer] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.function = ioh_function(self.spec.a)
        folder = run_folder(self.spec, self.seed)
        attrs = {"engine": self.engine, "seed": str(self.seed),
                 "budget": "none" if self.budget is None else str(self.budget),
                 "zonemax": zonemax.__version__, **target_attribute(self.function)}
        name, info = algorithm_name(self.spec), self.spec.description
        self.driven = (self.use_ioh_logger and self.engine == "reference"
                       and logger_can_drive(self.spec.a))
        if self.driven:
            self._driver = IOHLoggerDriver(self.root, folder, self.function, algorithm=name,
                                           info=info, experiment_attributes=attrs)
            self.path = self._driver.path
        else:
            self._writer = IOHWriter(self.root, folder, algorithm=name, info=info,
                                     experiment_attributes=attrs)
            self.path = self._writer.path

    def observer(self, k: int) -> Observer:
        """The observer of reference run ``k``: ``ioh``'s logger, or a trace recorder."""
        if self._driver is not None:
            return self._driver
        tracer = Tracer(self.function.target)
        self._tracers[k] = tracer
        return tracer

    def finish(self, chunk: Chunk) -> None:
        """Close the runs of ``chunk``: traced runs with their trace, the others from their
        final evaluation count."""
        for i, (evaluations, solved) in enumerate(zip(chunk.evaluations, chunk.solved,
                                                      strict=True)):
            k = chunk.start + i
            if self._driver is not None:
                if evaluations != self._driver.problem.state.evaluations:
                    raise RuntimeError(f"run {k}: ioh recorded "
                                       f"{self._driver.problem.state.evaluations} evaluations, "
                                       f"the run {evaluations}")
                self._driver.end_run()
                continue
            assert self._writer is not None
            tracer = self._tracers.pop(k, None)
            trace = (tracer.trace() if tracer is not None
                     else final_only_trace(self.function.target, evaluations, solved))
            self._writer.add(self.function, trace)

    def close(self) -> Path:
        """Finish the folder (it appears under its name only now) and return its path."""
        if self._driver is not None:
            self._driver.close()
        if self._writer is not None:
            self._writer.close()
        return self.path

    def abort(self) -> None:
        """Remove everything written: an interrupted run leaves no folder (and no staging
        folder) behind, so the same command can run again."""
        if self._driver is not None:
            self._driver.abort()
        if self._writer is not None:
            self._writer.abort()


# -------------------------------------------------------------------------------- reproduce


def reproduction_folders(keys: Iterable[tuple[str, str, int, int, int]]) -> list[tuple[str, str]]:
    """``(experiment, variant)`` folders that the runs with these keys go to."""
    return sorted({(experiment, variant) for experiment, variant, *_ in keys})


def check_reproduction_folders(root: Path, keys: Iterable[tuple[str, str, int, int, int]]) -> None:
    """Refuse (``FileExistsError``) if one of the folders of these runs exists already."""
    for experiment, variant in reproduction_folders(keys):
        check_new_folder(Path(root) / experiment, variant)


def write_reproduction(root: Path, records: Sequence[RunRecord], *, scale: str,
                       master_seed: int, budget_factor: float | None) -> list[Path]:
    """IOH data of ``records`` (one folder per experiment and variant); the folders written."""
    check_reproduction_folders(root, (rec.key for rec in records))
    groups: dict[tuple[str, str], list[RunRecord]] = defaultdict(list)
    for rec in records:
        groups[(rec.experiment, rec.algorithm)].append(rec)
    written = []
    for (experiment, variant), recs in sorted(groups.items()):
        engines = "+".join(sorted({rec.engine for rec in recs}))
        attrs = {"experiment": experiment, "scale": scale, "master_seed": str(master_seed),
                 "budget_factor": str(budget_factor), "engines": engines,
                 "zonemax": zonemax.__version__}
        writer = IOHWriter(Path(root) / experiment, variant, algorithm=variant,
                           info=VARIANTS[variant].label, experiment_attributes=attrs)
        try:
            for rec in sorted(recs, key=lambda x: x.key):
                target = (rec.r,) * rec.n  # every experiment's target is all-r (design.make_spec)
                writer.add(ioh_function(target),
                           final_only_trace(target, rec.evaluations, rec.solved))
        except BaseException:
            writer.abort()
            raise
        writer.close()
        written.append(writer.path)
    return written
