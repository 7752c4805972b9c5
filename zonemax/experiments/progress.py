"""A small progress line with rate and ETA for long reproductions (no dependencies).

On a terminal the line is redrawn in place (at most every :data:`TTY_INTERVAL` seconds); on
anything else (a log file, CI) a plain line is written every :data:`PLAIN_INTERVAL` seconds and
at the end.  The ETA weighs tasks by their estimated cost
(:func:`zonemax.experiments.design.estimated_cost`), because run times differ by orders of
magnitude between cells; it is a rough guide, not a promise.
"""

from __future__ import annotations

import time
from typing import TextIO

#: Redraw interval on a terminal (seconds): fast enough to look live, cheap to draw.
TTY_INTERVAL = 0.2
#: Interval of plain progress lines when stderr is not a terminal (seconds).
PLAIN_INTERVAL = 30.0


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
    """Progress of ``total`` runs of total estimated cost ``total_cost`` on ``stream``."""

    def __init__(self, total: int, total_cost: float, stream: TextIO, *,
                 label: str = "reproduce", tty: bool | None = None) -> None:
        self.total = total
        self.total_cost = max(total_cost, 1e-12)
        self.stream = stream
        self.label = label
        self.tty = stream.isatty() if tty is None else tty
        self.done = 0
        self.done_cost = 0.0
        self.start = time.monotonic()
        self._last = float("-inf")

    def text(self) -> str:
        elapsed = time.monotonic() - self.start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        frac = min(1.0, self.done_cost / self.total_cost)
        eta = elapsed * (1 - frac) / frac if frac > 0 else float("nan")
        pct = 100.0 * self.done / self.total if self.total else 100.0
        return (f"{self.label}: {self.done}/{self.total} runs ({pct:.0f}%), "
                f"{rate:.2f} runs/s, elapsed {format_duration(elapsed)}, "
                f"ETA {format_duration(eta) if self.done < self.total else '0s'}")

    def update(self, cost: float) -> None:
        """One more run done (``cost`` = its estimated cost)."""
        self.done += 1
        self.done_cost += cost
        now = time.monotonic()
        interval = TTY_INTERVAL if self.tty else PLAIN_INTERVAL
        if now - self._last >= interval or self.done == self.total:
            self._last = now
            self._draw()

    def _draw(self) -> None:
        if self.tty:
            self.stream.write("\r\x1b[2K" + self.text())
            if self.done == self.total:
                self.stream.write("\n")
        else:
            self.stream.write(self.text() + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the line on a terminal if the run stopped early."""
        if self.tty and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()
