"""Compile part of a kernel's tree in a second process while this one compiles the rest.

**Why** (issue 24, cold start).  numba compiles one function at a time under a global lock, so a
first run compiles the ±1 EA's kernel tree (about 20 s of CPU) on one core while the machine
may have more.  Its largest subtree, the block end (:func:`zonemax.engine._pm1_rows.end_block`:
the far-only patterns, the rows and the binomial draws, about 7 s), is independent of the rest:
the kernel's type inference reaches it only after compiling the table builders, the evaluation
counts and others (about 6-7 s).

**How.**  When the kernel and the block end are both missing from numba's on-disk cache and a
second core is idle (:func:`_free_core`), :func:`compile_ahead` starts a child interpreter
(same executable, environment and ``sys.path``) that compiles ``end_block``
(:func:`child_work`) for the signature the kernel calls it with and writes it into numba's
cache, as any ``cache=True`` compilation does.  This process compiles the kernel meanwhile;
when its type inference asks for ``end_block``, it first waits for the child and then looks in
the cache, where it finds the child's result (numba writes cache files atomically: a reader
sees a whole entry or none).  Compiled code is the same whichever process compiled it, so no
run changes.

**Fallbacks**, each leaving the ordinary one-process compilation: the cache holds the kernel or
the block end already; no idle core (on a busy machine the child only takes CPU time from this
process); numba's private cache API is not as expected (:func:`_load_hook`); the child cannot
start, fails, or cannot write the cache (a read-only cache directory): then the look-up after
the wait misses and this process compiles ``end_block`` itself.  An exception here (Ctrl-C
during the compilation) kills the child.  The child prints nothing and writes only numba's
cache.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numba

#: The child: compile :func:`child_work` if ``zonemax`` resolves to the same files as in the
#: parent (argv: the parent's ``sys.path`` as JSON, the expected file of this module).
_CHILD = """
import json, sys
sys.path[:] = json.loads(sys.argv[1])
from zonemax.engine import _ahead
if _ahead.__file__ != sys.argv[2]:
    raise SystemExit(2)
for dispatcher, args in _ahead.child_work():
    dispatcher.compile(_ahead.signature(args))
"""


def signature(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """numba's types of ``args``: the signature a call with them compiles."""
    return tuple(numba.typeof(arg) for arg in args)


def child_work() -> list[tuple[Any, tuple[Any, ...]]]:
    """What the child compiles, with example arguments of the types the ±1 EA's kernel calls
    it with (``tests/test_cold_start.py`` checks them): the block end.  (The helpers the kernel
    reaches after it, about 1.4 s more, made the child the longer branch: this process then
    waited about 2 s for it; measured.)"""
    from zonemax.engine._pm1_rows import end_block, end_block_example

    return [(end_block, end_block_example())]


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


def _free_core() -> bool:
    """Whether a second core is probably idle: at least two CPUs for this process and a
    1-minute load average (which counts this process) of at most their number minus one.
    On a busy machine the child only takes CPU time from this process: with two other
    CPU-bound processes on two cores, a cold ``prepare`` of ``ea-pm1`` took 25.5 s and 26.2 s
    with the child against 23.3 s and 23.2 s without (measured, 2026-11-27)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    if cpus < 2:
        return False
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average (Windows): assume the cores are free
        return True
    return load <= cpus - 1


def _start_child() -> subprocess.Popen[bytes] | None:
    try:
        return subprocess.Popen(
            [sys.executable, "-c", _CHILD, json.dumps(sys.path), __file__],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=os.environ.copy())
    except OSError:  # no interpreter to start (embedded Python, no fork): one process
        return None


@contextlib.contextmanager
def compile_ahead(kernel: Any, sig: tuple[Any, ...]) -> Iterator[None]:
    """Around the compilation of the ±1 EA's ``kernel`` for ``sig``: the block end compiles in
    a child process meanwhile, if worthwhile and possible (module docstring)."""
    work = [(dispatcher, signature(args)) for dispatcher, args in child_work()]
    if (in_cache(kernel, sig) is not False or in_cache(*work[0]) is not False
            or not _free_core()):
        yield  # nothing to gain (block end cached, no free core), or numba's cache unknown
        return
    started: list[subprocess.Popen[bytes]] = []

    def wait_for_child() -> None:
        for child in started:
            child.wait()

    undo = [_load_hook(dispatcher, wait_for_child) for dispatcher, _ in work]
    if any(u is None for u in undo):
        for u in undo:
            if u is not None:
                u()
        yield
        return
    child = _start_child()
    try:
        if child is not None:
            started.append(child)
        yield
    finally:
        for u in undo:
            if u is not None:
                u()
        if child is not None:
            if child.poll() is None:  # an exception here, or numba never asked for the work
                child.kill()
            child.wait()
