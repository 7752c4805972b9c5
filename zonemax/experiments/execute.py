"""Executing tasks: in-process, on local worker processes, or on a Dask distributed cluster.

Workers only compute (:func:`zonemax.experiments.simulate.run_task`); the parent receives each
:class:`RunRecord` as it completes and hands it to ``on_record`` (which appends it to the store),
so a record is durable as soon as its run is done, whatever the executor.  Tasks are submitted
most-expensive-first (longest-processing-time order, by
:func:`zonemax.experiments.design.estimated_cost`) to balance the load; results do not depend on
the order because every run's seed is a function of its key.

* ``jobs == 1`` and no scheduler: a plain loop in this process.
* ``jobs > 1``: :class:`concurrent.futures.ProcessPoolExecutor` with the ``spawn`` start method
  (no fork of a possibly multi-threaded parent).  Workers die with their parent
  (:func:`zonemax._lifeline.worker_init`: on Linux the kernel sends them SIGKILL when the
  parent dies, ``kill -9`` included); they ignore SIGINT, and on Ctrl-C or SIGTERM the parent
  terminates them itself.  Once the workers are gone, multiprocessing's resource tracker sees
  its pipe close and exits too.  Workers start with single-threaded BLAS
  (:data:`BLAS_THREAD_VARIABLES` set to 1 unless the user set them): one run per core is the
  parallelism, and CMA-ESwM's small matrix products were 7x slower (n = 40) with OpenBLAS
  threads competing for the same cores.  In-process runs (``jobs == 1``) keep the process's
  BLAS set-up; export ``OPENBLAS_NUM_THREADS=1`` for the same effect there.
* ``scheduler``: ``dask.distributed.Client(scheduler)``, ``client.submit`` + ``as_completed``.
  Dask is an optional extra (``pip install zonemax[distributed]``), imported only here.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager

from zonemax._lifeline import worker_init
from zonemax.experiments.design import Task, estimated_cost
from zonemax.experiments.errors import SetupError
from zonemax.experiments.simulate import RunRecord, run_task

#: At most this many tasks per worker are in flight on a process pool (bounded memory for large
#: grids while keeping every worker busy).
IN_FLIGHT_PER_WORKER = 4
#: Environment variables that fix the BLAS/OpenMP thread count of worker processes.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
#: Seconds to wait for a Dask scheduler to answer before giving up with a clear error.
DASK_CONNECT_TIMEOUT = "30s"
#: Seconds to wait for terminated workers to exit.
TERMINATE_TIMEOUT = 5.0


def order_tasks(tasks: Sequence[Task], engine: str = "reference") -> list[Task]:
    """Most expensive first; ties broken by key (deterministic)."""
    return sorted(tasks, key=lambda t: (-estimated_cost(t, engine), t.key))


def execute_tasks(
    tasks: Sequence[Task],
    *,
    master_seed: int,
    engine: str,
    on_record: Callable[[RunRecord, Task], None],
    jobs: int = 1,
    scheduler: str | None = None,
) -> None:
    """Run ``tasks`` and call ``on_record(record, task)`` in this process as each one finishes."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be an integer >= 1, got {jobs!r}")
    ordered = order_tasks(tasks, engine)
    if not ordered:
        return
    if scheduler is not None:
        _execute_dask(ordered, master_seed, engine, on_record, scheduler)
    elif jobs == 1:
        for task in ordered:
            on_record(run_task(task, master_seed, engine), task)
    else:
        _execute_pool(ordered, master_seed, engine, on_record, jobs)


def _execute_pool(tasks: list[Task], master_seed: int, engine: str,
                  on_record: Callable[[RunRecord, Task], None], jobs: int) -> None:
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=worker_init,
                               initargs=(os.getpid(),))
    pending: dict[Future[RunRecord], Task] = {}
    queue = iter(tasks)
    try:
        def refill() -> None:
            while len(pending) < IN_FLIGHT_PER_WORKER * jobs:
                task = next(queue, None)
                if task is None:
                    return
                pending[pool.submit(run_task, task, master_seed, engine)] = task

        # Workers are spawned by the first ``jobs`` submissions and inherit this environment.
        with _single_threaded_blas():
            refill()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                task = pending.pop(fut)
                on_record(fut.result(), task)
            refill()
    except BaseException:
        _terminate(pool)
        raise
    pool.shutdown(wait=True)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and stop the workers now (their current runs are redone on
    resume: a record is only written when a run completes)."""
    processes = list(getattr(pool, "_processes", {}).values())  # CPython's worker table
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    deadline = time.monotonic() + TERMINATE_TIMEOUT
    for proc in processes:
        proc.join(max(0.0, deadline - time.monotonic()))
        if proc.is_alive():  # pragma: no cover - SIGTERM ignored
            proc.kill()


@contextmanager
def _single_threaded_blas() -> Iterator[None]:
    """Temporarily set :data:`BLAS_THREAD_VARIABLES` to 1 (those the user has not set)."""
    added = [v for v in BLAS_THREAD_VARIABLES if v not in os.environ]
    for v in added:
        os.environ[v] = "1"
    try:
        yield
    finally:
        for v in added:
            os.environ.pop(v, None)


def _execute_dask(tasks: list[Task], master_seed: int, engine: str,
                  on_record: Callable[[RunRecord, Task], None], scheduler: str) -> None:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SetupError("--scheduler needs dask.distributed; install the optional extra: "
                         "pip install 'zonemax[distributed]'") from None
    try:
        client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise SetupError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from None
    with client:
        futures = []
        by_key = {}
        for task in tasks:
            # pure=False: a fresh random key per submission, never a cached result of another
            # client (whose master seed or engine may differ).
            fut = client.submit(run_task, task, master_seed, engine, pure=False)
            futures.append(fut)
            by_key[fut.key] = task
        try:
            for fut in as_completed(futures):
                on_record(fut.result(), by_key[fut.key])
        except BaseException:
            client.cancel(futures)
            raise
