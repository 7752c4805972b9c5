"""Worker processes that die with their parent (light: imports only the standard library).

A spawned worker runs :func:`worker_init` before anything else.  It must import quickly, because
until it has run nothing ties the worker to its parent: this module is therefore outside the
packages with heavy ``__init__`` files, and :mod:`zonemax`'s own ``__init__`` imports nothing.

* Linux: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` makes the kernel kill the worker when its parent
  dies, however it dies (``kill -9`` included).
* Elsewhere: a daemon thread polls ``os.getppid()`` and exits when the worker is re-parented.
* Either way, a parent that died before the signal was armed is noticed at once
  (``os.getppid()`` differs from the pid the parent passed).
* SIGINT is ignored: Ctrl-C reaches the whole foreground process group, and the parent, which
  handles it, terminates its workers itself.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

#: Linux ``prctl`` option that makes the kernel signal a process when its parent dies.
PR_SET_PDEATHSIG = 1
#: Seconds between two checks of the parent by the watchdog thread (where prctl is missing).
WATCHDOG_SECONDS = 1.0


def set_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; ``False`` where unavailable."""
    if not sys.platform.startswith("linux"):
        return False  # pragma: no cover - Linux only
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        return False


def _watch_parent(parent: int) -> None:  # pragma: no cover - runs only without prctl
    while os.getppid() == parent:
        time.sleep(WATCHDOG_SECONDS)
    os._exit(1)


def worker_init(parent: int) -> None:
    """Tie this worker to ``parent`` (its pid) and leave Ctrl-C to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not set_parent_death_signal():  # pragma: no cover - non-Linux
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the death signal was armed
        os._exit(1)
