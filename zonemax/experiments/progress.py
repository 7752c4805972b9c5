"""A small progress line with rate and ETA for long work (no dependencies).

On a terminal the line is redrawn in place (at most every :data:`TTY_INTERVAL` seconds); on
anything else (a log file, CI) a plain line is written every :data:`PLAIN_INTERVAL` seconds (the
first after :data:`PLAIN_FIRST`) and at the end.  A background *heartbeat* thread keeps drawing while nothing completes, so a long
first task (a CMA-ESwM run at n = 100, one unbudgeted run of ``zonemax run``) still shows that
work goes on and for how long; :meth:`ProgressLine.inside` adds how far the current run has got
(evaluations so far and ``f(x)``).  The ETA weighs tasks by their estimated cost
(:func:`zonemax.experiments.costs.estimated_cost`), because run times differ by orders of
magnitude between cells; it is a rough guide, not a promise.
"""

from __future__ import annotations

import threading
import time
from typing import TextIO

#: Redraw interval on a terminal (seconds): fast enough to look live, cheap to draw.
TTY_INTERVAL = 0.2
#: Interval of plain progress lines when stderr is not a terminal (seconds).
PLAIN_INTERVAL = 30.0
#: When the first plain line of long work comes (seconds): sooner than the interval, so that a
#: log shows that the work has started (``zonemax run`` at r = 10^9 showed only its header for
#: 45 s under load), still late enough that work of seconds leaves no trace.
PLAIN_FIRST = 10.0


def _count(x: int) -> str:
    """An evaluation count or ``f`` value: exact below 10^7, else three digits (``1.23e+09``)."""
    return str(x) if x < 10**7 else f"{float(x):.3g}"


def format_duration(seconds: float) -> str:
    """``75 -> '1m15s'``; ``'?'`` for unknown."""
    if seconds != seconds or seconds in (float("inf"), float("-inf")):
        return "?"
    s = max(0, round(seconds))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    if h:
        return f"{h}h{m:02d}m"
    if m:
        return f"{m}m{sec:02d}s"
    return f"{sec}s"


class ProgressLine:
    """Progress of ``total`` runs of total estimated cost ``total_cost`` on ``stream``.

    ``heartbeat=True`` starts a daemon thread that redraws every interval even when no run
    completes; call :meth:`close` (or use the object as a context manager) to stop it.
    ``eager=False`` waits ``first`` seconds before the first line (default: one interval, or
    :data:`PLAIN_FIRST` for the default plain interval).
    """

    def __init__(self, total: int, total_cost: float, stream: TextIO, *,
                 label: str = "reproduce", tty: bool | None = None,
                 interval: float | None = None, heartbeat: bool = False,
                 eager: bool = True, first: float | None = None) -> None:
        self.total = total
        self.total_cost = max(total_cost, 1e-12)
        self.stream = stream
        self.label = label
        self.tty = stream.isatty() if tty is None else tty
        self.interval = interval if interval is not None else (
            TTY_INTERVAL if self.tty else PLAIN_INTERVAL)
        self.done = 0
        self.done_cost = 0.0
        self.start = time.monotonic()
        if first is None:
            first = PLAIN_FIRST if interval is None and not self.tty else self.interval
        # eager: the first completed run is shown at once; otherwise the first line comes after
        # ``first`` seconds (short work leaves no trace in a log): the clock of the intervals
        # starts as if a line had been drawn ``interval - first`` seconds before the start
        self._origin = self.start - max(0.0, self.interval - first)
        self._last = float("-inf") if eager else self._origin
        self._eager = eager
        self._drawn = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._closed = False
        self._gone = False  # the stream cannot be written any more
        self._inside: tuple[int, int, int] | None = None  # (run, evaluations, f) of a run
        self._thread: threading.Thread | None = None
        if heartbeat:
            self._thread = threading.Thread(target=self._beat, name=f"{label}-progress",
                                            daemon=True)
            self._thread.start()

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def text(self) -> str:
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        frac = min(1.0, self.done_cost / self.total_cost)
        eta = elapsed * (1 - frac) / frac if frac > 0 else float("nan")
        pct = 100.0 * self.done / self.total if self.total else 100.0
        inside = self.current()
        inside = inside + ", " if inside else ""
        return (f"{self.label}: {self.done}/{self.total} runs ({pct:.0f}%), {inside}"
                f"{rate:.2f} runs/s, elapsed {format_duration(elapsed)}, "
                f"ETA {format_duration(eta) if self.done < self.total else '0s'}")

    def current(self) -> str:
        """Where the current run stands (``"run 3 at >= 1.2e+09 evaluations, f(x) <= 456"``),
        or ``""`` if nothing was heard from inside it."""
        if self._inside is None or self._inside[0] < self.done:
            return ""
        k, evaluations, f = self._inside
        return (f"run {k} at >= {_count(evaluations)} evaluations"
                + (f", f(x) <= {_count(f)}" if f >= 0 else ""))

    def inside(self, run: int, evaluations: int, f: int) -> None:
        """Run ``run`` goes on: it has had at least ``evaluations`` evaluations and its
        ``f(x)`` is at most ``f`` (``-1``: unknown).  Shown by the next line drawn."""
        self._inside = (run, evaluations, f)

    def update(self, cost: float) -> None:
        """One more run done (``cost`` = its estimated cost)."""
        self.advance(1, cost)

    def advance(self, runs: int, cost: float) -> None:
        """``runs`` more runs done, of total estimated cost ``cost``."""
        with self._lock:
            self.done += runs
            self.done_cost += cost
            now = time.monotonic()
            final = self.done >= self.total and (self._eager or self.tty or self._drawn)
            if now - self._last >= self.interval or final:
                self._last = now
                self._draw()

    def _beat(self) -> None:
        while not self._stop.wait(min(self.interval, 1.0)):
            with self._lock:
                now = time.monotonic()
                if not self._closed and self.done < self.total \
                        and now - max(self._last, self._origin) >= self.interval:
                    self._last = now
                    self._draw()

    def _draw(self) -> None:
        if self._gone:
            return
        self._drawn = True
        try:
            if self.tty:
                self.stream.write("\r\x1b[2K" + self.text())
                if self.done >= self.total:
                    self.stream.write("\n")
            else:
                self.stream.write(self.text() + "\n")
            self.stream.flush()
        except (OSError, ValueError):  # the reader of stderr went away (| head), or it closed:
            self._gone = True  # progress is a courtesy, never the reason a command fails

    def close(self) -> None:
        """Stop the heartbeat; end the line on a terminal if the work stopped early."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self.tty and self.done < self.total and not self._gone:
                try:
                    self.stream.write("\n")
                    self.stream.flush()
                except (OSError, ValueError):
                    self._gone = True
