"""The compile-ahead child's protocol (:mod:`zonemax.engine._ahead`), with a fake child.

The child compiles pieces of work in order and prints each piece's name once it is in numba's
cache; before this process looks a piece up in the cache, it waits for that line (or for the
child's end).  Compiled code is the same whichever process compiled it, so no run shows a
wrong wait; only the time does.  These tests observe the wait itself, without clocks:

* the fake child (started by the real :func:`~zonemax.engine._ahead._start_child`, with
  ``_CHILD`` replaced) announces a piece only when the test tells it to, on a FIFO, writing the
  piece into a fake cache first, and then blocks on the FIFO again;
* the fake dispatchers' cache look-ups record whether the piece was in the fake cache and
  whether this process had read the child's line for it when it looked.

Waiting until the announcement, and no longer, means: every look-up comes after its own line
was read and finds its piece, while the child is still alive (the wait did not last until the
child's end, which only the test can cause).  A child that ends without announcing releases
the waits (the fallback: this process compiles the piece itself).  The only clock is a safety
release that ends the child if a wait hangs, so that a wrong wait fails instead of hanging.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from zonemax.engine import _ahead

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")

#: The pieces, in the child's order (names as in ``_ahead.child_work``).
PIECES = ("end_block", "ea-heavy", "rls-ab")
#: Seconds after which a wait still blocked is released by ending the fake child: not a time
#: limit on anything measured (a correct wait returns as soon as the child's line is written),
#: only what turns a wait that hangs into a failing assertion.
SAFETY_RELEASE = 60.0
#: The environment variable that tells the fake child its FIFO and its cache file.
CONTROL = "ZONEMAX_TEST_FAKE_AHEAD"

#: The fake child: for every line read from the FIFO, write that name into the cache file,
#: then print it; end at an empty line.
FAKE_CHILD = r"""
import os, sys
fifo, cache = os.environ["ZONEMAX_TEST_FAKE_AHEAD"].split(os.pathsep)
with open(fifo, encoding="ascii") as control:
    while True:
        name = control.readline().strip()
        if not name:
            break
        with open(cache, "a", encoding="ascii") as written:
            written.write(name + "\n")
        print(name, flush=True)
"""


#: A look-up: the piece, whether the fake cache held it, whether its line had been read.
Look = tuple[str, bool, bool]


class FakeCache:
    """A dispatcher's cache: ``load_overload`` finds what the fake child wrote, and records
    whether this process had read the child's line for the piece (``heard``)."""

    def __init__(self, name: str, written: Path, looked: list[Look],
                 heard: Callable[[str], bool]) -> None:
        self.name, self.written, self.looked, self.heard = name, written, looked, heard

    def load_overload(self, sig: Any, target: Any) -> bool:
        hit = self.written.exists() and self.name in self.written.read_text().split()
        self.looked.append((self.name, hit, self.heard(self.name)))
        return hit


class FakeDispatcher:
    def __init__(self, cache: FakeCache) -> None:
        self._cache = cache


class Control:
    """The test's end of the FIFO (held open until :meth:`close`, so that nothing written is
    lost before the child opens it): :meth:`announce` lets the child announce one piece;
    :meth:`end` lets it end (also what the safety release does)."""

    def __init__(self, fifo: Path) -> None:
        os.mkfifo(fifo)
        self.fd = os.open(fifo, os.O_RDWR)  # never blocks; the child opens it for reading

    def announce(self, name: str) -> None:
        os.write(self.fd, f"{name}\n".encode("ascii"))

    def end(self) -> None:
        os.write(self.fd, b"\n")

    def close(self) -> None:
        os.close(self.fd)


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
         ) -> Iterator[tuple[Control, list[_ahead._Child], dict[str, FakeDispatcher],
                             list[Look]]]:
    """A cold kernel, an idle core, the fake child and dispatchers: ``(control, started
    children, dispatchers by piece, look-ups made)``."""
    written = tmp_path / "cache"
    control = Control(tmp_path / "control")
    looked: list[Look] = []
    started: list[_ahead._Child] = []

    def heard(name: str) -> bool:
        return any(name in child.done for child in started)

    dispatchers = {name: FakeDispatcher(FakeCache(name, written, looked, heard))
                   for name in PIECES}
    real_start = _ahead._start_child

    def start() -> _ahead._Child | None:
        child = real_start()
        if child is not None:
            started.append(child)
        return child

    monkeypatch.setenv(CONTROL, os.pathsep.join((str(tmp_path / "control"), str(written))))
    monkeypatch.delenv(_ahead.SWITCH, raising=False)
    monkeypatch.setattr(_ahead, "_CHILD", FAKE_CHILD)
    monkeypatch.setattr(_ahead, "_start_child", start)
    monkeypatch.setattr(_ahead, "in_cache", lambda dispatcher, sig: False)
    monkeypatch.setattr(_ahead, "_free_core", lambda: True)
    monkeypatch.setattr(_ahead, "child_work",
                        lambda: [(name, dispatchers[name], ()) for name in PIECES])
    try:
        yield control, started, dispatchers, looked
    finally:
        for child in started:
            child.kill()
        control.close()


def _look_up(dispatcher: FakeDispatcher, control: Control) -> bool:
    """The cache look-up numba makes before it compiles (through the hook, if installed); a
    wait that outlasts :data:`SAFETY_RELEASE` is released by ending the child."""
    safety = threading.Timer(SAFETY_RELEASE, control.end)
    safety.start()
    try:
        return bool(dispatcher._cache.load_overload((), None))
    finally:
        safety.cancel()


def test_each_wait_ends_at_the_childs_line(fake: Any) -> None:
    """The block end's look-up (during the kernel's compilation), then the other kernels'
    (after it, when they run): each waits for its own line, finds the piece, and returns while
    the child is still alive, blocked until the test lets it go on."""
    control, started, dispatchers, looked = fake
    with _ahead.compile_ahead(object(), (), []):
        assert len(started) == 1
        child = started[0]
        control.announce("end_block")
        assert _look_up(dispatchers["end_block"], control)
        assert child.process.poll() is None, "waited for the child's end, not its line"
        assert "end_block" in child.done
    for name in PIECES[1:]:
        control.announce(name)
        assert _look_up(dispatchers[name], control), f"{name} looked up before its line"
        assert child.process.poll() is None, "waited for the child's end, not its line"
        assert name in child.done
    assert looked == [(name, True, True) for name in PIECES]
    control.end()
    assert child.process.wait() == 0


def test_a_later_piece_waits_for_its_own_line(fake: Any) -> None:
    """A look-up of the last piece is not satisfied by the lines of the earlier ones: with the
    first two announced and the third not yet, it waits; it returns with the third's line."""
    control, started, dispatchers, looked = fake
    with _ahead.compile_ahead(object(), (), []):
        child = started[0]
        control.announce("end_block")
        assert _look_up(dispatchers["end_block"], control)
    result: list[bool] = []
    waiter = threading.Thread(target=lambda: result.append(
        _look_up(dispatchers["rls-ab"], control)))
    control.announce("ea-heavy")
    waiter.start()
    control.announce("rls-ab")
    waiter.join()
    assert looked[-1] == ("rls-ab", True, True), "rls-ab looked up before its line was read"
    assert result == [True]
    assert child.process.poll() is None, "waited for the child's end, not its line"


def test_a_child_that_ends_releases_the_waits(fake: Any) -> None:
    """The fallback: a child that ends without announcing (failed, killed) releases every wait;
    the look-up misses and this process would compile the piece itself."""
    control, started, dispatchers, looked = fake
    with _ahead.compile_ahead(object(), (), []):
        child = started[0]
        control.end()
        assert not _look_up(dispatchers["end_block"], control)
    assert not _look_up(dispatchers["ea-heavy"], control)
    assert child.process.poll() == 0
    assert looked == [("end_block", False, False), ("ea-heavy", False, False)]


def _interrupted_compilation() -> None:
    with _ahead.compile_ahead(object(), (), []):
        raise KeyboardInterrupt  # Ctrl-C while the kernel compiles


def test_hooks_after_the_kernel_and_after_an_interrupt(fake: Any) -> None:
    """After the kernel's compilation the block end's look-up no longer waits (its hook is
    gone), the other kernels' still do; an exception during the compilation (Ctrl-C) removes
    every hook and kills the child at once."""
    control, started, dispatchers, _ = fake
    with _ahead.compile_ahead(object(), (), []):
        control.announce("end_block")
        assert _look_up(dispatchers["end_block"], control)
    hooked = {name for name, d in dispatchers.items() if "load_overload" in vars(d._cache)}
    assert hooked == {"ea-heavy", "rls-ab"}
    with pytest.raises(KeyboardInterrupt):
        _interrupted_compilation()
    assert len(started) == 2
    assert started[1].process.poll() is not None
    assert all("load_overload" not in vars(d._cache) for d in dispatchers.values())
