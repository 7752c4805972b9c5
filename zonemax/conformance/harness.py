"""Calling a user's run function: per-call timeout, and a one-line verdict for bad answers.

The protocol (Gadea Harder, Kötzing, Li, Radhakrishnan 2023, arXiv:2307.11855, Section 2): a run
starts at ``x = 0^n`` and counts one evaluation per iteration until ``f_a(x) = 0``, or stops at
the ``budget``.  ``run(a, *, rng, budget, **params)`` answers with the evaluations, with
``(evaluations, solved)``, or with an object that has those two attributes.

The calls are made in one worker thread, one after another; the caller waits for each with a
timeout.  A call that does not return in time cannot be stopped from Python: its thread is left
behind (a daemon thread) and the verdict says so.

Time in which numba compiles (or loads from its cache) is not counted against the timeout
(:func:`numba_compiling`, up to :data:`COMPILE_ALLOWANCE` per call): the first call of a
numba-based implementation compiles it, which took 25 s to 250 s for the fast engine's ±1 EA on
a cold cache, and a hang detector that counted it judged a correct engine as hanging.  A call
that hangs in its own code holds no compiler lock, so it is caught as before.
"""

from __future__ import annotations

import numbers
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Seconds one call may take before the implementation is judged to hang.
DEFAULT_TIMEOUT = 60.0
#: Seconds of numba compilation per call not counted against the timeout: several times the
#: slowest cold compilation measured (the fast engine's ±1 EA, 250 s on two loaded cores,
#: benchmarks/README.md "Test time limits"), so that a compiler that never ends is still caught.
COMPILE_ALLOWANCE = 1800.0
#: How often the caller looks at the running call (seconds).
POLL = 0.25


def numba_compiling() -> bool:
    """Whether another thread of this process holds numba's global compiler lock, i.e. compiles
    a function or loads one from numba's cache (numba holds the lock throughout both).  False
    where numba is not imported, or its lock is not where numba 0.5x-0.6x keeps it."""
    module = sys.modules.get("numba.core.compiler_lock")
    lock = getattr(getattr(module, "global_compiler_lock", None), "_lock", None)
    acquire = getattr(lock, "acquire", None)
    if acquire is None:
        return False
    try:
        if acquire(False):  # an RLock: only a hold by another thread makes this fail
            lock.release()  # type: ignore[union-attr]
            return False
    except (TypeError, RuntimeError):
        return False
    return True


#: The answers a run function may give (the one-line verdict on another lists them).
ACCEPTED_SHAPES = ("accepted: evaluations (an int), (evaluations, solved) (an int and a bool), "
                   "or an object with the attributes evaluations and solved")


class Errored(Exception):
    """An implementation did something that cannot be judged; the message is one line."""


@dataclass(frozen=True)
class Answer:
    """One run's outcome as reported: ``value = min(T, budget)``, ``solved`` within it."""

    value: int
    solved: bool


def _one_line(text: str, limit: int = 160) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."


def parse_answer(raw: object, budget: int) -> Answer:
    """Check one answer against the protocol (module docstring); raises :class:`Errored`."""
    solved: object = None
    if isinstance(raw, tuple) and len(raw) == 2:
        evaluations, solved = raw
    elif hasattr(raw, "evaluations"):
        evaluations = raw.evaluations
        solved = getattr(raw, "solved", None)
    else:
        evaluations = raw
    if isinstance(evaluations, bool | np.bool_) or not isinstance(evaluations, numbers.Integral):
        raise Errored(f"returned {_one_line(repr(raw), 60)}: evaluations must be an int; "
                      f"{ACCEPTED_SHAPES}")
    t = int(evaluations)
    if t < 0:
        raise Errored(f"returned a negative number of evaluations ({t})")
    if t > budget:
        raise Errored(f"returned {t} evaluations, more than the budget {budget} it was given")
    if solved is None:
        return Answer(t, t < budget)
    if not isinstance(solved, bool | np.bool_):
        raise Errored(f"returned solved={_one_line(repr(solved), 40)}: solved must be a bool")
    if not solved and t < budget:
        raise Errored(f"stopped unsolved after {t} evaluations, before its budget {budget}")
    return Answer(t, bool(solved))


class Caller:
    """Runs ``calls`` of ``function`` in a worker thread, each within ``timeout`` seconds."""

    def __init__(self, function: Callable[..., object], timeout: float) -> None:
        self.function = function
        self.timeout = timeout

    def map(self, calls: Sequence[tuple[tuple[Any, ...], dict[str, Any]]],
            first: int = 1) -> list[object]:
        """The raw answers of all calls, in order; raises :class:`Errored` on the first raise or
        hang."""
        results: list[object] = []
        state: dict[str, Any] = {"started": time.monotonic(), "index": 0, "error": None}

        def work() -> None:
            for i, (args, kwargs) in enumerate(calls):
                state["index"] = i
                state["started"] = time.monotonic()
                try:
                    results.append(self.function(*args, **kwargs))
                except BaseException as exc:  # any raise is a verdict, never a traceback
                    state["error"] = exc
                    return

        worker = threading.Thread(target=work, daemon=True, name="zonemax-conformance")
        worker.start()
        excluded = [-1, 0.0]  # [call index, seconds of compilation not counted for it]
        overdue: tuple[int, float] | None = None  # the call seen past its time at the last poll
        last = time.monotonic()
        while True:
            worker.join(timeout=min(POLL, self.timeout))
            if not worker.is_alive():
                break
            now = time.monotonic()
            index = state["index"]
            if excluded[0] != index:
                excluded[:] = [index, 0.0]
            if numba_compiling() and excluded[1] < COMPILE_ALLOWANCE:
                excluded[1] += now - max(last, state["started"])
            last = now
            if now - state["started"] - excluded[1] <= self.timeout:
                overdue = None
            elif overdue != (index, state["started"]):
                # seen overdue once: wait one more poll before judging, so that a loaded machine
                # that did not schedule the worker (or this thread) in time is not a hang
                overdue = (index, state["started"])
            else:
                budget = calls[state["index"]][1].get("budget")
                raise Errored(f"call {state['index'] + first} did not return within "
                              f"{self.timeout:g} s (budget {budget})")
        error = state["error"]
        if isinstance(error, Errored):  # a verdict already (the protocol's runner)
            raise Errored(str(error))
        if error is not None:
            raise Errored(f"call {len(results) + first} raised {type(error).__name__}"
                          f"{_last_frame(error)}: {_one_line(str(error))}")
        return results


def _last_frame(error: BaseException) -> str:
    """`` at FILE:LINE`` of the innermost frame of ``error`` outside this module (the
    implementation's own code), or a hint if the call raised before entering it."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if os.path.abspath(f.filename) != os.path.abspath(__file__)]
    if not frames:
        return " on the call itself (does it take (a, *, rng, budget, **params)?)"
    name = frames[-1].filename
    try:
        relative = os.path.relpath(name)
    except ValueError:  # another drive (Windows)
        relative = name
    return f" at {name if relative.startswith('..') else relative}:{frames[-1].lineno}"
