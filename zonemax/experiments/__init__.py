"""Reproduction of the paper's experiments (Section 6 and Appendix A of arXiv:2307.11855).

Layout:

* :mod:`~zonemax.experiments.design` -- experiments, grids per scale, budgets, run keys, seeds;
* :mod:`~zonemax.experiments.simulate` -- :func:`simulate`, the one engine plug-in point;
* :mod:`~zonemax.experiments.store` -- append-only CSV records and metadata (resumable);
* :mod:`~zonemax.experiments.execute` -- in-process, process-pool and Dask execution;
* :mod:`~zonemax.experiments.stats` -- statistics; :mod:`~zonemax.experiments.analysis` /
  :mod:`~zonemax.experiments.analysis_runtime` -- verdicts on the paper's failure-rate and
  run-time claims;
* :mod:`~zonemax.experiments.figures` / :mod:`~zonemax.experiments.report` -- PNG/PDF figures
  and ``report.md``;
* :mod:`~zonemax.experiments.pipeline` -- :func:`reproduce`, what ``zonemax reproduce`` calls.
"""

from importlib import import_module
from typing import Any

# ``simulate`` is both a submodule and its main function: bind the function now (the module is
# light: numpy and mpmath), or the submodule would shadow it once imported.
from zonemax.experiments.simulate import simulate as simulate

#: Public names and the submodule that defines each.  They are imported on first use (PEP 562),
#: so that importing one light submodule (``design``, ``progress``) does not load matplotlib,
#: scipy and numba: the command line's error paths stay fast.
_EXPORTS = {
    "EXPERIMENT_IDS": "design", "MASTER_SEED": "design", "SCALES": "design", "Task": "design",
    "build_tasks": "design", "ENGINES": "design",
    "ReproduceConfig": "pipeline", "ReproduceResult": "pipeline", "make_report": "pipeline",
    "plan": "pipeline", "reproduce": "pipeline",
    "RunRecord": "simulate", "run_task": "simulate",
    "load_records": "store",
}


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f"zonemax.experiments.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'zonemax.experiments' has no attribute {name!r}")


__all__ = sorted([*_EXPORTS, "simulate"])
