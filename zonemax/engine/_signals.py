"""Ctrl-C and SIGTERM while the main thread calls the numba kernels: delivered between steps.

**Why.**  Calling a jitted function that takes an ``np.random.Generator`` unboxes the generator,
and numba 0.68's unboxing (``numba/core/boxing.py``, ``unbox_numpy_random_bitgenerator``)
calls ``ctypes.cast(fnptr, c_void_p)`` -- a Python function -- and reads ``.value`` from its
result without checking it for ``NULL``.  Python runs its signal handlers in the main thread at
the next bytecode, and a signal that arrives while the previous kernel call runs in compiled
code is handled at the first Python code after it: often that very ``ctypes.cast``.  The
handler raises ``KeyboardInterrupt``, the call returns ``NULL`` and numba dereferences it
(``PyObject_GetAttrString(NULL, "value")``, found with a core dump and gdb): a segmentation
fault (exit -11; measured: 2 of 10 interrupts of ``zonemax run ea-pm1 --a 3,-2 --runs
10^7``).  The same holds for every exception a handler raises there (SIGTERM's
``Terminated``).  The progress thread in the fault handler's dump is a bystander: it waits
on an event.
``tests/test_signals_engine.py`` reproduces the crash deterministically.

**What.**  :class:`DeferredSignals` replaces the Python handlers of SIGINT and SIGTERM (those
that are Python functions: ``signal.default_int_handler``, the command line's SIGTERM handler)
by one that only records the signal, and :meth:`DeferredSignals.deliver` -- called by the engine
between two steps of a kernel, where no unboxing is under way -- runs the original handler, which
raises ``KeyboardInterrupt`` (or ``Terminated``) from plain Python code.  Leaving the ``with``
block restores the handlers and delivers what is left.  An ignored (``SIG_IGN``) or default
(``SIG_DFL``) disposition runs no Python code and is left exactly as found, during the block and
after it: a background job's ignored SIGINT stays ignored, a default SIGTERM still ends the
process at once (``tests/test_signal_dispositions.py``).  Only the main thread runs Python signal
handlers, so the guard does nothing elsewhere (kernels in worker threads are stopped through a
flag, :func:`zonemax.engine.api.run_seeds`).  The kernels return to Python after a bounded
amount of work (:data:`zonemax.engine.api.CHUNK`), so a signal waits a fraction of a second.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

#: The signals whose Python handlers are deferred.
DEFERRED = (signal.SIGINT, signal.SIGTERM)

Handler = Callable[[int, FrameType | None], Any]


class DeferredSignals:
    """Record SIGINT and SIGTERM inside the block; :meth:`deliver` runs their handlers."""

    def __init__(self) -> None:
        self._saved: dict[int, Handler] = {}
        #: The recorded signals, oldest first (empty: nothing to deliver; cheap to test).
        self.pending: list[int] = []

    def __enter__(self) -> DeferredSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in DEFERRED:
                handler = signal.getsignal(signum)
                if callable(handler):  # SIG_IGN / SIG_DFL involve no Python code: left alone
                    self._saved[signum] = handler
                    signal.signal(signum, self._record)
        return self

    def _record(self, signum: int, frame: FrameType | None) -> None:
        if signum not in self.pending:
            self.pending.append(signum)

    def deliver(self) -> None:
        """Run the original handler of every recorded signal (it usually raises); call it only
        where no kernel is being entered."""
        while self.pending:
            signum = self.pending.pop(0)
            self._saved[signum](signum, None)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        for signum, handler in self._saved.items():
            signal.signal(signum, handler)
        self.deliver()
