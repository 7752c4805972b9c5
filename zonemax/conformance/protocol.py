"""The JSON-lines protocol (version 1) for implementations in any language.

zonemax starts the program once and writes one request per line to its stdin; the program
answers each with one line on its stdout (``docs/conformance-protocol.md``; the JSON Schema is
:data:`SCHEMA_PATH`, shipped with the package).  A request::

    {"protocol": 1, "algorithm": "ea-pm1", "target": [1, -1, 1], "seed": 123, "budget": 134,
     "params": {}}

asks for one run from ``x = 0^n`` on ``f_a`` with ``a = target``, stopped after ``budget``
evaluations, with the program's own generator seeded from ``seed``.  The answer is
``{"evaluations": 17, "solved": true}``, or ``{"skipped": "reason"}`` or
``{"errored": "reason"}``.  Anything else breaks the protocol and is a verdict.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from importlib.resources import files
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import numpy as np

from zonemax.conformance.harness import Errored

#: The protocol version this module speaks.
PROTOCOL_VERSION = 1
#: The JSON Schema of requests and answers (package data).
SCHEMA_PATH = Path(str(files("zonemax.conformance").joinpath("protocol.schema.json")))
#: Largest seed sent: 2^53 - 1, exact as a JSON number in every language (a double).
MAX_SEED = 2**53 - 1
#: Longest answer line accepted (bytes), so a runaway program cannot fill the memory.
MAX_LINE = 1 << 16


def request(algorithm: str, a: tuple[int, ...], seed: int, budget: int,
            params: dict[str, Any]) -> dict[str, Any]:
    """One request object (module docstring)."""
    return {"protocol": PROTOCOL_VERSION, "algorithm": algorithm, "target": list(a),
            "seed": seed, "budget": budget, "params": params}


def parse_line(line: str) -> tuple[int, bool | None]:
    """``(evaluations, solved)`` from one answer line; raises :class:`Errored` otherwise."""
    try:
        answer = json.loads(line)
    except ValueError:
        raise Errored(f"broke the protocol: the answer {line.strip()[:60]!r} is not JSON") from None
    if not isinstance(answer, dict):
        raise Errored(f"broke the protocol: the answer {line.strip()[:60]!r} is not an object")
    if answer.get("protocol", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        raise Errored(f"speaks protocol {answer.get('protocol')!r}; zonemax speaks "
                      f"{PROTOCOL_VERSION}")
    keys = set(answer) - {"protocol"}
    if keys == {"skipped"}:
        raise Errored(f"skipped the run: {' '.join(str(answer['skipped']).split())[:120]}")
    if keys == {"errored"}:
        raise Errored(f"reported an error: {' '.join(str(answer['errored']).split())[:120]}")
    if keys not in ({"evaluations"}, {"evaluations", "solved"}):
        raise Errored(f"broke the protocol: an answer has evaluations (and solved), skipped or "
                      f"errored; got keys {sorted(keys)}")
    t, solved = answer["evaluations"], answer.get("solved")
    if isinstance(t, bool) or not isinstance(t, int):
        raise Errored(f"broke the protocol: evaluations {t!r} is not an integer")
    if solved is not None and not isinstance(solved, bool):
        raise Errored(f"broke the protocol: solved {solved!r} is not true or false")
    return t, solved


class CommandRun:
    """A run function backed by a program speaking the protocol; use as a context manager.

    ``CommandRun("node impl.js", "ea-pm1")(a, rng=rng, budget=b)`` sends one request and returns
    ``(evaluations, solved)`` (or ``evaluations`` alone when the answer has no ``solved``).
    """

    def __init__(self, command: str, algorithm: str) -> None:
        argv = shlex.split(command)
        if not argv:
            raise ValueError("the command is empty; give a program and its arguments")
        self.argv = argv
        self.algorithm = algorithm
        self._process: subprocess.Popen[str] | None = None

    def __enter__(self) -> CommandRun:
        try:
            self._process = subprocess.Popen(self.argv, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as exc:
            raise ValueError(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        process = self._process
        if process is None:
            return
        try:  # end of input first: a well-behaved program exits on it
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()  # the program this object started, by its own handle
            process.wait()
        if process.stdout is not None:  # after the exit, so no reader blocks the close
            process.stdout.close()

    def _streams(self) -> tuple[IO[str], IO[str]]:
        process = self._process
        if process is None or process.stdin is None or process.stdout is None:
            raise RuntimeError("use CommandRun as a context manager (with CommandRun(...) as run)")
        return process.stdin, process.stdout

    def __call__(self, a: tuple[int, ...], *, rng: np.random.Generator, budget: int,
                 **params: Any) -> object:
        stdin, stdout = self._streams()
        seed = int(rng.integers(0, MAX_SEED + 1))
        try:
            texts = {k: v if isinstance(v, int | float | str) else str(v)  # Fraction -> "p/q"
                     for k, v in params.items()}
            stdin.write(json.dumps(request(self.algorithm, tuple(a), seed, budget, texts))
                        + "\n")
            stdin.flush()
        except OSError:
            code = self._process.poll() if self._process else None
            raise Errored(f"the program exited (code {code}) instead of reading the next "
                          f"request") from None
        line = stdout.readline(MAX_LINE)
        if not line:
            code = self._process.wait(timeout=5) if self._process else None
            raise Errored(f"the program exited (code {code}) without answering a request")
        if not line.endswith("\n"):
            raise Errored(f"broke the protocol: an answer line is longer than {MAX_LINE} bytes")
        t, solved = parse_line(line)
        return t if solved is None else (t, solved)
