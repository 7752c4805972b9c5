"""Compile part of a kernel's tree in a second process while this one compiles the rest.

**Why** (issue 24, cold start).  numba compiles one function at a time under a global lock, so a
first run compiles the ±1 EA's kernel tree (about 20 s when idle) on one core while the
machine may have more.  Its largest subtree, the block end
(:func:`zonemax.engine._pm1_rows.end_block`: the far-only patterns, the rows and the binomial
draws, about 7 s), is independent of the rest: the kernel reaches it in its type inference only
after compiling the table builders, the evaluation counts and others (about 9 s).

**How.**  When the kernel and the block end are both missing from numba's on-disk cache,
:func:`compile_ahead` starts a child interpreter (same executable, environment and
``sys.path``) that compiles ``end_block`` for the signature the kernel calls it with
(:func:`~zonemax.engine._pm1_rows.end_block_example`) and writes it into numba's cache, as any
``cache=True`` compilation does.  This process compiles the kernel meanwhile; when its type
inference asks for ``end_block``, it first waits for the child and then looks in the cache,
where it finds the child's result (numba writes cache files atomically: a reader sees a whole
entry or none).  Compiled code is the same whichever process compiled it, so no run changes.

**Fallbacks**, each leaving the ordinary one-process compilation: the cache holds the kernel or
the block end already; numba's private cache API is not as expected (:func:`_load_hook`); the
child cannot start, fails, or cannot write the cache (a read-only cache directory): then the
look-up after the wait misses and this process compiles ``end_block`` itself.  An exception here
(Ctrl-C during the compilation) kills the child.  The child prints nothing and writes only
numba's cache.
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

#: The child: compile ``end_block`` for its example signature if ``zonemax`` resolves to the
#: same files as in the parent (argv: the parent's ``sys.path`` as JSON, the expected file).
_CHILD = """
import json, sys
sys.path[:] = json.loads(sys.argv[1])
import numba
from zonemax.engine import _pm1_rows
if _pm1_rows.__file__ != sys.argv[2]:
    raise SystemExit(2)
_pm1_rows.end_block.compile(tuple(numba.typeof(x) for x in _pm1_rows.end_block_example()))
"""


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


def _start_child() -> subprocess.Popen[bytes] | None:
    from zonemax.engine import _pm1_rows

    try:
        return subprocess.Popen(
            [sys.executable, "-c", _CHILD, json.dumps(sys.path), _pm1_rows.__file__],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=os.environ.copy())
    except OSError:  # no interpreter to start (embedded Python, no fork): one process
        return None


@contextlib.contextmanager
def compile_ahead(kernel: Any, sig: tuple[Any, ...]) -> Iterator[None]:
    """Around the compilation of the ±1 EA's ``kernel`` for ``sig``: the block end compiles in
    a child process meanwhile, if worthwhile and possible (module docstring)."""
    from zonemax.engine._pm1_rows import end_block, end_block_example

    block_sig = tuple(numba.typeof(x) for x in end_block_example())
    if in_cache(kernel, sig) is not False or in_cache(end_block, block_sig) is not False:
        yield  # nothing to gain (cached), or numba's cache cannot be asked
        return
    started: list[subprocess.Popen[bytes]] = []

    def wait_for_child() -> None:
        for child in started:
            child.wait()

    undo = _load_hook(end_block, wait_for_child)
    if undo is None:
        yield
        return
    child = _start_child()
    if child is None:
        undo()
        yield
        return
    started.append(child)
    try:
        yield
    finally:
        undo()
        if child.poll() is None:  # an exception here, or numba never asked for end_block
            child.kill()
        child.wait()
