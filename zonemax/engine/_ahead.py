"""Compile part of the ±1 EA's kernel tree in a second process while this one compiles the
rest, and let that process warm numba's cache for Section 6's other two kernels.

**Why** (cold start).  numba compiles one function at a time under a global lock, so a
first run compiles the ±1 EA's kernel tree (about 20 s of CPU) on one core while the machine
may have more.  Its largest subtree, the block end (:func:`zonemax.engine._pm1_rows.end_block`:
the far-only patterns, the rows and the binomial draws, about 7 s), is independent of the rest:
the kernel's type inference reaches it only after compiling the table builders, the evaluation
counts and others (about 6 s).

**How.**  When the kernel and the block end are both missing from numba's on-disk cache and a
second core is idle now (:func:`_free_core`), :func:`compile_ahead` starts a child interpreter
(same executable, environment and ``sys.path``) that compiles :func:`child_work` in order and
writes each result into numba's cache, as any ``cache=True`` compilation does, printing the
item's name on its stdout when it is written:

1. the block end, for the signature the kernel calls it with;
2. then the kernels of the Section 6 grid's other algorithms (``ea-heavy``, ``rls-ab``), for
   the signatures :func:`zonemax.engine.api.prepare` compiles.  This is speculative: a command
   that never runs them loses nothing but the idle core's time.

This process meanwhile compiles first the helpers the kernel's type inference reaches after
the block end (:func:`zonemax.engine._ea_pm1.late_helpers_example`), then the kernel, so that
both processes work until the block end is written (measured on an idle 2-core machine: this
process had waited 2.1 s for it before).  A hook on each work item's cache look-up
(:func:`_load_hook`) first waits for the child's line naming it (or for the child's end); the
look-up then finds the child's result (numba writes cache files atomically: a reader sees a
whole entry or none, and an index entry whose data file is missing is a miss).  Compiled code is
the same whichever process compiled it, so no run changes; only the wait would show a wrong
protocol (``tests/test_compile_ahead_protocol.py`` checks it with a fake child).

The child outlives the kernel's compilation while it warms the other kernels; it is killed at
interpreter exit if still running (then at most its current item is lost), and at once if the
kernel's compilation raises (Ctrl-C).

**Fallbacks**, each leaving the ordinary one-process compilation: the environment variable
``ZONEMAX_COMPILE_AHEAD`` is ``0`` (for whoever wants no second process); the cache holds the
kernel or the block end already; no idle core (on a busy machine the child only takes CPU time from this
process); numba's private cache API is not as expected (:func:`_load_hook`); the child cannot
start, fails, or cannot write the cache (a read-only cache directory): then the look-up after
the wait misses and this process compiles the item itself.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import numba

#: The child: compile :func:`child_work` in order, printing each item's name when it is in the
#: cache, if ``zonemax`` resolves to the same files as in the parent (argv: the parent's
#: ``sys.path`` as JSON, the expected file of this module).
_CHILD = """
import json, sys
sys.path[:] = json.loads(sys.argv[1])
from zonemax.engine import _ahead
if _ahead.__file__ != sys.argv[2]:
    raise SystemExit(2)
for name, dispatcher, args in _ahead.child_work():
    dispatcher.compile(_ahead.signature(args))
    print(name, flush=True)
"""
#: The environment variable that turns the child off when it is ``0``.
SWITCH = "ZONEMAX_COMPILE_AHEAD"
#: How long :func:`_free_core` watches the CPUs: Linux counts CPU time in ticks of 10 ms
#: (USER_HZ = 100), so about ten ticks per CPU; small against a cold compilation (10-20 s),
#: and paid only when the cache is cold.
IDLE_WINDOW = 0.1
#: A second core is free when at least this many CPUs were idle over the window while this
#: process slept: its own core and the child's, less half a core of background noise.
IDLE_NEEDED = 1.5


def signature(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """numba's types of ``args``: the signature a call with them compiles."""
    return tuple(numba.typeof(arg) for arg in args)


def child_work() -> list[tuple[str, Any, tuple[Any, ...]]]:
    """What the child compiles, in order, as ``(name, dispatcher, example arguments)``: the
    block end with arguments of the types the ±1 EA's kernel calls it with
    (``tests/test_cold_start.py`` checks them), then the kernels of ``ea-heavy`` and ``rls-ab``
    with the arguments :func:`zonemax.engine.api.prepare` compiles them for (the grid's ``n``,
    ``r`` and parameters do not enter their types)."""
    from zonemax.engine._pm1_rows import end_block, end_block_example
    from zonemax.engine.api import _dispatch
    from zonemax.reference.spec import AlgorithmSpec

    work: list[tuple[str, Any, tuple[Any, ...]]] = [("end_block", end_block,
                                                      end_block_example())]
    for spec in (AlgorithmSpec("ea-heavy", (2, 1), eps=Fraction(1, 2)),
                 AlgorithmSpec("rls-ab", (2, 1), alpha=Fraction(2), beta=Fraction(1, 2))):
        dispatcher, args = _dispatch(spec)
        work.append((spec.algorithm, dispatcher, args))
    return work


def in_cache(dispatcher: Any, sig: tuple[Any, ...]) -> bool | None:
    """Whether ``dispatcher`` has ``sig`` compiled in this process or in numba's on-disk cache;
    ``None`` if numba's cache cannot be asked (its private API changed, or no cache)."""
    if sig in dispatcher.overloads:
        return True
    try:  # what Dispatcher.compile does before it compiles (numba/core/dispatcher.py)
        cache = dispatcher._cache
        key = cache._index_key(sig, dispatcher.targetctx.codegen())
        return bool(key in cache._cache_file._load_index())
    except Exception:  # numba's private cache API changed, or caching is off
        return None


def _load_hook(dispatcher: Any, before: Callable[[], None]) -> Callable[[], None] | None:
    """Make ``dispatcher``'s next cache look-ups call ``before()`` first (numba 0.68:
    ``Dispatcher.compile`` calls ``self._cache.load_overload(sig, target_context)`` before it
    compiles); returns the function that undoes it, or ``None`` if numba differs."""
    try:
        cache = dispatcher._cache
        original = cache.load_overload
    except AttributeError:
        return None
    if not callable(original):
        return None

    def load_overload(*args: Any, **kwargs: Any) -> Any:
        before()
        return original(*args, **kwargs)

    cache.load_overload = load_overload

    def undo() -> None:
        with contextlib.suppress(AttributeError):
            del cache.load_overload  # the instance attribute: the method shows again

    return undo


def switched_on() -> bool:
    """Whether :data:`SWITCH` allows the child: unset, empty or ``1``; ``0`` turns it off."""
    value = os.environ.get(SWITCH, "").strip()
    if value not in ("", "0", "1"):
        raise ValueError(f"{SWITCH} must be 0 (no compile-ahead process) or 1 (the default), "
                         f"got {value!r}")
    return value != "0"


def _cpu_times() -> tuple[int, int] | None:
    """``(idle, total)`` CPU time of the whole machine in ticks, from ``/proc/stat`` (idle
    includes waiting for I/O); ``None`` where there is no such file (not Linux)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
        if fields[0] != "cpu":
            return None
        ticks = [int(x) for x in fields[1:9]]  # user nice system idle iowait irq softirq steal
    except (OSError, ValueError, IndexError):
        return None
    return ticks[3] + ticks[4], sum(ticks)


def _idle_cpus(window: float) -> float | None:
    """How many of the machine's CPUs were idle over the next ``window`` seconds (this process
    sleeps meanwhile), or ``None`` if it cannot be read."""
    before = _cpu_times()
    if before is None:
        return None
    time.sleep(window)
    after = _cpu_times()
    if after is None or after[1] <= before[1]:
        return None
    return (os.cpu_count() or 1) * (after[0] - before[0]) / (after[1] - before[1])


def _free_core() -> bool:
    """Whether a second core is probably idle now: at least two CPUs for this process, and over
    :data:`IDLE_WINDOW` at least :data:`IDLE_NEEDED` of them idle; where that cannot be read, a
    1-minute load average (which counts this process) of at most their number minus one.

    The load average was the only test before; it lags by a minute, so a cold start right after
    another busy process (a benchmark's previous round, a test) ran without the child on an idle
    machine.  On a busy machine the child only takes CPU time from this process: with two other
    CPU-bound processes on two cores, a cold ``prepare`` of ``ea-pm1`` took 25.5 s and 26.2 s
    with the child against 23.3 s and 23.2 s without (measured, 2026-11-27)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    if cpus < 2:
        return False
    idle = _idle_cpus(IDLE_WINDOW)
    if idle is not None:
        return min(idle, cpus) >= IDLE_NEEDED
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average (Windows): assume the cores are free
        return True
    return load <= cpus - 1


class _Child:
    """The running child: its process and the names of the items it has written."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.done: set[str] = set()
        self.lock = threading.Lock()

    def wait_for(self, name: str) -> None:
        """Return once the child has written ``name`` into the cache, or has ended."""
        with self.lock:
            stdout = self.process.stdout
            while name not in self.done and stdout is not None:
                line = stdout.readline()
                if not line:  # the child ended (done, failed or killed)
                    self.process.wait()
                    return
                self.done.add(line.strip())

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def _start_child() -> _Child | None:
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", _CHILD, json.dumps(sys.path), __file__],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=os.environ.copy(), text=True)
    except OSError:  # no interpreter to start (embedded Python, no fork): one process
        return None
    child = _Child(process)
    atexit.register(child.kill)  # the speculative kernels are not worth a process after exit
    return child


def _compile_all(work: list[tuple[Any, tuple[Any, ...]]]) -> None:
    for dispatcher, sig in work:
        if sig not in dispatcher.overloads:
            dispatcher.compile(sig)


@contextlib.contextmanager
def compile_ahead(kernel: Any, sig: tuple[Any, ...],
                  late: list[tuple[Any, tuple[Any, ...]]]) -> Iterator[None]:
    """Around the compilation of the ±1 EA's ``kernel`` for ``sig``: the block end compiles in
    a child process meanwhile, if worthwhile and possible, while this process first compiles
    ``late`` (``(dispatcher, example arguments)``: the kernel's helpers that come after the
    block end); the child then warms the cache for the other kernels (module docstring)."""
    if not switched_on() or in_cache(kernel, sig) is not False:
        yield  # switched off, or the kernel loads from the cache (a warm start: the work
        return  # lists below cost 0.25 s)
    work = [(name, dispatcher, signature(args)) for name, dispatcher, args in child_work()]
    late_sigs = [(dispatcher, signature(args)) for dispatcher, args in late]
    if in_cache(*work[0][1:]) is not False or not _free_core():
        yield  # nothing to gain (block end cached, no free core), or numba's cache unknown
        return
    started: list[_Child] = []
    undo: list[Callable[[], None] | None] = []
    for name, dispatcher, _ in work:
        def before(name: str = name) -> None:
            for child in started:
                child.wait_for(name)
        undo.append(_load_hook(dispatcher, before))
    if any(u is None for u in undo):
        for u in undo:
            if u is not None:
                u()
        yield
        return
    child = _start_child()
    if child is not None:
        started.append(child)
    try:
        if child is not None:
            _compile_all(late_sigs)  # while the child compiles the block end
        yield
    except BaseException:
        for u in undo:
            if u is not None:
                u()
        if child is not None:
            child.kill()
        raise
    # the block end's hook has served (the kernel is compiled); the other kernels' hooks stay
    # while the child may still write them: each waits at most until the child ends
    first = undo[0]
    if first is not None:
        first()
