"""``reproduce``: plan the runs, skip the completed ones, execute the rest, write the report."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from zonemax.experiments.costs import estimated_cost
from zonemax.experiments.design import (
    CMA_CAP_PER_N,
    DEFAULT_BUDGET_FACTOR,
    GRIDS,
    MASTER_SEED,
    PM1_OMEGA,
    RLS_CAP,
    Task,
    build_tasks,
    check_budget_factor,
    check_experiments,
    check_scale,
)
from zonemax.experiments.errors import SetupError
from zonemax.experiments.execute import execute_tasks
from zonemax.experiments.report import ReportOutput, write_report
from zonemax.experiments.simulate import RunRecord, check_engine
from zonemax.experiments.store import (
    FORMAT_VERSION,
    RecordStore,
    check_or_write_metadata,
    load_records,
    read_metadata,
    update_session,
    versions,
)

#: Called once before execution with (runs to do, runs already done, their estimated cost).
StartCallback = Callable[[int, int, float], None]
#: Called after every completed run with its estimated cost.
RunCallback = Callable[[float], None]


@dataclass(frozen=True)
class ReproduceConfig:
    """Everything ``zonemax reproduce`` takes (validated by :meth:`validated`)."""

    out: Path
    scale: str = "quick"
    experiments: tuple[str, ...] = ()
    jobs: int = 1
    scheduler: str | None = None
    engine: str = "fast"
    budget_factor: float | None = None
    master_seed: int = MASTER_SEED
    report: bool = True

    def validated(self) -> ReproduceConfig:
        check_scale(self.scale)
        check_engine(self.engine)
        if isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1:
            raise ValueError(f"jobs must be an integer >= 1, got {self.jobs!r}")
        if isinstance(self.master_seed, bool) or not isinstance(self.master_seed, int) \
                or self.master_seed < 0:
            raise ValueError(f"the master seed must be an integer >= 0, got {self.master_seed!r}")
        if self.scheduler is not None and not self.scheduler.strip():
            raise ValueError("--scheduler needs an address such as tcp://127.0.0.1:8786")
        factor = DEFAULT_BUDGET_FACTOR[self.scale] if self.budget_factor is None \
            else check_budget_factor(self.budget_factor)
        return ReproduceConfig(Path(self.out), self.scale, check_experiments(self.experiments),
                               self.jobs, self.scheduler, self.engine, factor, self.master_seed,
                               self.report)


@dataclass
class ReproduceResult:
    """What one invocation did."""

    out: Path
    total_runs: int
    already_done: int
    executed: int
    wall_seconds: float
    report: ReportOutput | None = None
    engines: dict[str, int] = field(default_factory=dict)


#: Seconds between progress updates of the session's wall time in ``metadata.json``.
SESSION_UPDATE_SECONDS = 30.0


def _identity(cfg: ReproduceConfig) -> dict[str, object]:
    return {"format": FORMAT_VERSION, "scale": cfg.scale, "master_seed": cfg.master_seed,
            "budget_factor": cfg.budget_factor}


def _parameters(cfg: ReproduceConfig) -> dict[str, object]:
    grid = {exp: [asdict(c) for c in cells] for exp, cells in GRIDS[cfg.scale].items()}
    return {"grid": grid, "heavy_eps": "1/1000", "rls_alpha_beta": ["2", "1/2"],
            "pm1_bound_omega": PM1_OMEGA, "rls_cap": RLS_CAP, "cma_cap_per_n": CMA_CAP_PER_N,
            "cma_min_eigenvalue": 1e-30}


def plan(cfg: ReproduceConfig) -> tuple[Task, ...]:
    """The runs ``cfg`` needs (completed or not)."""
    cfg = cfg.validated()
    return build_tasks(cfg.scale, cfg.experiments, cfg.budget_factor)


def reproduce(cfg: ReproduceConfig, *, on_start: StartCallback | None = None,
              on_run: RunCallback | None = None) -> ReproduceResult:
    """Run (or resume) the experiments of ``cfg`` into ``cfg.out`` and write the report.

    Completed runs found in ``cfg.out/runs.csv`` are skipped; a directory created with another
    scale, master seed or budget factor is refused with :class:`ValueError`.
    """
    cfg = cfg.validated()
    start = time.perf_counter()
    tasks = build_tasks(cfg.scale, cfg.experiments, cfg.budget_factor)
    by_key = {t.key: t for t in tasks}
    with RecordStore(cfg.out) as store:
        store.lock()
        check_or_write_metadata(cfg.out, _identity(cfg), {
            "versions": versions(), "engine_requested": cfg.engine,
            "experiments": list(cfg.experiments), "parameters": _parameters(cfg),
            "jobs": cfg.jobs, "scheduler": cfg.scheduler})
        existing = store.open()
        for key, rec in existing.items():
            task = by_key.get(key)
            if task is not None and rec.budget != task.budget:
                raise SetupError(f"run {key} in {store.path} has budget {rec.budget}, this "
                                 f"version plans {task.budget}; use a fresh --out")
        missing = [t for t in tasks if t.key not in existing]
        if on_start is not None:
            on_start(len(missing), len(tasks) - len(missing),
                     sum(estimated_cost(t, cfg.engine) for t in missing))

        executed = 0
        last_update = start

        def record(rec: RunRecord, task: Task) -> None:
            nonlocal executed, last_update
            store.append(rec)
            executed += 1
            now = time.perf_counter()
            if now - last_update >= SESSION_UPDATE_SECONDS:
                update_session(cfg.out, wall_seconds=now - start, runs_executed=executed,
                               jobs=cfg.jobs, outcome="running")
                last_update = now
            if on_run is not None:
                on_run(estimated_cost(task, cfg.engine))

        outcome = "error"
        try:
            execute_tasks(missing, master_seed=cfg.master_seed, engine=cfg.engine,
                          on_record=record, jobs=cfg.jobs, scheduler=cfg.scheduler)
            outcome = "complete"
        except KeyboardInterrupt:
            outcome = "interrupted"
            raise
        finally:
            # Counted from the file: an interrupt between store.append and `executed += 1`
            # would otherwise leave a stored run uncounted.
            executed = store.complete_records() - len(existing)
            update_session(cfg.out, wall_seconds=time.perf_counter() - start,
                           runs_executed=executed, jobs=cfg.jobs, outcome=outcome)
    result = ReproduceResult(cfg.out, len(tasks), len(tasks) - len(missing), len(missing),
                             time.perf_counter() - start)
    records = [r for r in load_records(cfg.out) if r.key in by_key]
    for r in records:
        result.engines[r.engine] = result.engines.get(r.engine, 0) + 1
    if cfg.report:
        result.report = make_report(cfg, records)
    return result


def make_report(cfg: ReproduceConfig, records: list[RunRecord] | None = None) -> ReportOutput:
    """(Re)write figures and ``report.md`` from the records in ``cfg.out``."""
    cfg = cfg.validated()
    metadata = read_metadata(cfg.out)
    if metadata is None:
        raise SetupError(f"{cfg.out} holds no metadata.json: nothing to report")
    identity = _identity(cfg)
    diff = [k for k, v in identity.items() if metadata.get(k) != v]
    if diff:
        raise SetupError(f"{cfg.out} was produced with other settings ({', '.join(diff)}); "
                         "report it with the same --scale/--seed/--budget-factor")
    keys = {t.key for t in build_tasks(cfg.scale, cfg.experiments, cfg.budget_factor)}
    if records is None:
        records = [r for r in load_records(cfg.out) if r.key in keys]
    return write_report(cfg.out, scale=cfg.scale, experiments=cfg.experiments,
                        records=records, metadata=metadata, planned=len(keys))
