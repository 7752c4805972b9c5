"""Reproduction of the paper's experiments (Section 6 and Appendix A of arXiv:2307.11855).

Layout:

* :mod:`~zonemax.experiments.design` -- experiments, grids per scale, budgets, run keys, seeds;
* :mod:`~zonemax.experiments.simulate` -- :func:`simulate`, the one engine plug-in point;
* :mod:`~zonemax.experiments.store` -- append-only CSV records and metadata (resumable);
* :mod:`~zonemax.experiments.execute` -- in-process, process-pool and Dask execution;
* :mod:`~zonemax.experiments.stats` / :mod:`~zonemax.experiments.analysis` -- statistics and
  verdicts on the paper's claims;
* :mod:`~zonemax.experiments.figures` / :mod:`~zonemax.experiments.report` -- PNG/PDF figures
  and ``report.md``;
* :mod:`~zonemax.experiments.pipeline` -- :func:`reproduce`, what ``zonemax reproduce`` calls.
"""

from zonemax.experiments.design import EXPERIMENT_IDS, MASTER_SEED, SCALES, Task, build_tasks
from zonemax.experiments.pipeline import (
    ReproduceConfig,
    ReproduceResult,
    make_report,
    plan,
    reproduce,
)
from zonemax.experiments.simulate import ENGINES, RunRecord, run_task, simulate
from zonemax.experiments.store import load_records

__all__ = [
    "ENGINES",
    "EXPERIMENT_IDS",
    "MASTER_SEED",
    "SCALES",
    "ReproduceConfig",
    "ReproduceResult",
    "RunRecord",
    "Task",
    "build_tasks",
    "load_records",
    "make_report",
    "plan",
    "reproduce",
    "run_task",
    "simulate",
]
