"""``ioh``'s own logger on ``f_a``: the second writer of IOHprofiler data.

:class:`IOHLoggerDriver` wraps ``f_a`` as an ``ioh`` integer problem
(``ioh.wrap_problem(..., problem_class=ioh.ProblemClass.INTEGER)``), attaches an
``ioh.logger.Analyzer`` (trigger ``ON_IMPROVEMENT``) and is called once per evaluation of a plain
reference run.  Its files are those of :class:`zonemax.experiments.ioh_data.IOHWriter` with the
same arguments, byte for byte but for the version (the conventions are in that module;
``tests/test_ioh_data.py`` compares the two).  ``ioh`` is optional: it is imported here only.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zonemax.experiments.ioh_data import (
    FLOAT64_EXACT,
    INSTANCE,
    INT32_MAX,
    INT32_MIN,
    TRACE_ATTRIBUTE,
    IOHFunction,
    check_new_folder,
    check_text,
    publish,
    remove_stale_staging,
    staging_folder,
)
from zonemax.reference.fitness import norm_1, validate_target


def ioh_available() -> bool:
    """Whether the ``ioh`` package can be imported."""
    try:
        import ioh  # noqa: F401
    except ImportError:
        return False
    return True


def search_box(a: Sequence[int]) -> tuple[int, int]:
    """Bounds ``[lb, ub]`` of every point an elitist run from ``0^n`` can hold: ``|a_i - x_i| <=
    f_a(x) <= |a|_1``, so ``x_i`` lies in ``[min a - |a|_1, max a + |a|_1]``."""
    target = validate_target(a)
    f0 = norm_1(target)
    return min(min(target), 0) - f0, max(max(target), 0) + f0


def logger_can_drive(a: Sequence[int]) -> bool:
    """Whether ``ioh``'s logger can record runs on ``f_a``: ``ioh`` is installed, the search
    box (:func:`search_box`) fits its int32 points and ``|a|_1`` its float64 values exactly."""
    lb, ub = search_box(a)
    return lb >= INT32_MIN and ub <= INT32_MAX and norm_1(a) < FLOAT64_EXACT and ioh_available()


class _RunAttributes:
    """The object whose attribute ``trace`` ``ioh`` reads at the end of every run."""

    trace = 1.0


class IOHLoggerDriver:
    """``ioh``'s own ``Analyzer`` on ``f_a``, fed evaluation by evaluation.

    Use it as the observer of a reference run (:func:`zonemax.reference.run`): each call is one
    evaluation of the wrapped problem at the point the algorithm holds; :meth:`end_run` closes a
    run (``problem.reset()``), :meth:`close` the logger.  The files are those of
    :class:`IOHWriter` with the same arguments (module docstring); like it, the logger writes
    into a staging folder that :meth:`close` renames and :meth:`abort` removes.
    """

    def __init__(self, root: Path, folder: str, function: IOHFunction, *, algorithm: str,
                 info: str, experiment_attributes: Mapping[str, str] | None = None) -> None:
        if not logger_can_drive(function.target):
            raise ValueError("ioh's logger cannot record this target (ioh missing, or the "
                             "search space exceeds int32); use IOHWriter")
        import ioh

        check_text(algorithm, "the algorithm name")
        check_text(info, "the algorithm info")
        check_text(function.name, "the function name")
        attrs = {k: check_text(v, f"the experiment attribute {k!r}'s value")
                 for k, v in (experiment_attributes or {}).items()}
        self.path = check_new_folder(root, check_text(folder, "the folder name"))
        Path(root).mkdir(parents=True, exist_ok=True)
        remove_stale_staging(Path(root), folder)
        self.stage = Path(root) / staging_folder(folder)
        target = function.target
        lb, ub = search_box(target)

        def f_a(x: Any) -> float:  # f_a(x) = |a - x|_1, exact in float64 (|a|_1 < 2^53)
            return float(sum(abs(ai - int(xi)) for ai, xi in zip(target, x, strict=True)))

        def optimum(_instance: int, _dimension: int) -> Any:  # x = a, f_a(a) = 0
            return ioh.iohcpp.IntegerSolution(list(target), 0.0)

        self.function = function
        self.problem: Any = ioh.wrap_problem(
            f_a, name=function.name, problem_class=ioh.ProblemClass.INTEGER,
            dimension=function.dimension, instance=INSTANCE, lb=lb, ub=ub,
            calculate_objective=optimum)
        self.problem.set_id(function.function_id)
        self.logger: Any = ioh.logger.Analyzer(
            triggers=[ioh.logger.trigger.ON_IMPROVEMENT], root=str(Path(root)),
            folder_name=self.stage.name, algorithm_name=algorithm, algorithm_info=info)
        if attrs:
            self.logger.set_experiment_attributes(attrs)
        self._attributes = _RunAttributes()
        self.logger.add_run_attributes(self._attributes, [TRACE_ATTRIBUTE])
        self.problem.attach_logger(self.logger)

    def __call__(self, t: int, x: tuple[int, ...]) -> None:
        self.problem(list(x))
        if self.problem.state.evaluations != t:  # one call per evaluation, none skipped
            raise RuntimeError(f"ioh counted {self.problem.state.evaluations} evaluations, "
                               f"the run {t}")

    def end_run(self) -> None:
        self.problem.reset()

    def close(self) -> None:
        self.problem.detach_logger()
        self.logger.close()
        publish(self.stage, self.path)

    def abort(self) -> None:
        """Close the logger and remove what it wrote."""
        self.problem.detach_logger()
        self.logger.close()
        shutil.rmtree(self.stage, ignore_errors=True)
