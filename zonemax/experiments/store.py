"""Durable, resumable storage of run records: an append-only CSV plus JSON metadata.

Crash safety: every record is appended with a single ``os.write`` of one complete line on a file
opened with ``O_APPEND`` and then ``fsync``-ed, so after ``kill -9`` the file holds complete
records and at most one trailing partial line.  :meth:`RecordStore.open` truncates such a
partial line (the run is simply redone; its seed is a function of its key, so the value is the
same), refuses duplicated keys, and returns the completed records; the caller schedules only the
missing keys.  A lock file (``fcntl.flock``) keeps two processes from writing to one directory.
"""

from __future__ import annotations

import csv
import io
import json
import os
import platform
import sys
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from zonemax.experiments.errors import SetupError
from zonemax.experiments.simulate import RunRecord

RUNS_FILE = "runs.csv"
METADATA_FILE = "metadata.json"
LOCK_FILE = ".lock"
#: Bumped when the CSV columns or the metadata layout change incompatibly.
FORMAT_VERSION = 1
COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(RunRecord))
#: Metadata entries that must match to resume into an existing directory.
IDENTITY_KEYS = ("format", "scale", "master_seed", "budget_factor")


def format_row(record: RunRecord) -> str:
    """One CSV line (with its newline) for ``record``."""
    buf = io.StringIO()
    row = asdict(record)
    row["solved"] = int(record.solved)
    row["censored"] = int(record.censored)
    csv.writer(buf, lineterminator="\n").writerow([row[c] for c in COLUMNS])
    return buf.getvalue()


def parse_row(row: dict[str, str]) -> RunRecord:
    """Inverse of :func:`format_row` for a ``csv.DictReader`` row."""
    try:
        return RunRecord(
            experiment=row["experiment"], algorithm=row["algorithm"], params=row["params"],
            n=int(row["n"]), r=int(row["r"]), run=int(row["run"]),
            seed_entropy=int(row["seed_entropy"]), spawn_key=row["spawn_key"],
            budget=int(row["budget"]), evaluations=int(row["evaluations"]),
            solved=row["solved"] == "1", censored=row["censored"] == "1",
            reason=row["reason"], engine=row["engine"],
            wall_seconds=float(row["wall_seconds"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SetupError(f"malformed record in {RUNS_FILE}: {row!r} ({exc})") from None


def versions() -> dict[str, str]:
    """Versions of the software that produced the records."""
    import cmaes
    import matplotlib
    import numpy
    import scipy

    import zonemax

    return {"zonemax": zonemax.__version__, "numpy": numpy.__version__,
            "scipy": scipy.__version__, "cmaes": cmaes.__version__,
            "matplotlib": matplotlib.__version__, "python": sys.version.split()[0],
            "platform": platform.platform()}


def _atomic_write_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def read_metadata(out: Path) -> dict[str, Any] | None:
    path = out / METADATA_FILE
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SetupError(f"{path} is not valid JSON ({exc}); remove it or choose another --out") from None
    if not isinstance(data, dict):
        raise SetupError(f"{path} is not a metadata object; choose another --out")
    return data


def check_or_write_metadata(out: Path, identity: dict[str, Any], extra: dict[str, Any]) -> None:
    """Create ``metadata.json`` or check that an existing one has the same identity.

    ``identity`` (format, scale, master seed, budget factor) decides which runs and seeds the
    directory holds; resuming with a different identity would mix incompatible records, so it is
    refused.  ``extra`` (versions, parameters, engine, ...) is refreshed, and every invocation is
    appended to ``sessions``.
    """
    old = read_metadata(out)
    if old is not None:
        diff = [f"{k}: directory has {old.get(k)!r}, this run has {identity[k]!r}"
                for k in IDENTITY_KEYS if old.get(k) != identity[k]]
        if diff:
            raise SetupError(f"cannot resume into {out}: its metadata differs ({'; '.join(diff)})."
                             " Use another --out or the same --scale/--seed/--budget-factor.")
    sessions = list(old.get("sessions", [])) if old else []
    sessions.append({"started": datetime.now(UTC).isoformat(timespec="seconds"),
                     "engine_requested": extra.get("engine_requested"),
                     "experiments": extra.get("experiments")})
    data = dict(extra, **identity, sessions=sessions)
    if old is not None and "created" in old:
        data["created"] = old["created"]
    else:
        data["created"] = sessions[-1]["started"]
    _atomic_write_text(out / METADATA_FILE, json.dumps(data, indent=2, sort_keys=True) + "\n")


def update_session(out: Path, *, wall_seconds: float, runs_executed: int, jobs: int,
                   outcome: str) -> None:
    """Record the current invocation's elapsed wall time in the last ``sessions`` entry.

    Called as runs finish (throttled by the caller) and once at the end with ``outcome``
    ``complete``, ``interrupted`` or ``error``; after a ``kill -9`` the entry keeps its last
    update (``outcome`` ``running``), a lower bound.  Summing ``wall_seconds`` over the
    sessions gives the measured wall time of a sweep that was resumed several times.
    """
    data = read_metadata(out)
    if data is None or not data.get("sessions"):
        return
    data["sessions"][-1].update({
        "updated": datetime.now(UTC).isoformat(timespec="seconds"),
        "wall_seconds": round(wall_seconds, 1), "runs_executed": runs_executed, "jobs": jobs,
        "outcome": outcome})
    _atomic_write_text(out / METADATA_FILE, json.dumps(data, indent=2, sort_keys=True) + "\n")


def sessions_wall_seconds(metadata: dict[str, Any]) -> tuple[float, int, int]:
    """``(sum of recorded session wall times, sessions with a record, sessions)``."""
    sessions = metadata.get("sessions", [])
    timed = [float(s["wall_seconds"]) for s in sessions if "wall_seconds" in s]
    return sum(timed), len(timed), len(sessions)


@dataclass
class RecordStore:
    """The append-only ``runs.csv`` of one output directory (use as a context manager)."""

    out: Path
    _fd: int | None = None
    _lock_fd: int | None = None

    @property
    def path(self) -> Path:
        return self.out / RUNS_FILE

    def __enter__(self) -> RecordStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def lock(self) -> None:
        """Take an exclusive lock on the directory (refuse a concurrent writer)."""
        import fcntl

        self.out.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.out / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SetupError(f"{self.out} is in use by another zonemax reproduce process") from None
        self._lock_fd = fd

    def open(self) -> dict[tuple[str, str, int, int, int], RunRecord]:
        """Repair a trailing partial line, load the completed records, open for appending."""
        self.out.mkdir(parents=True, exist_ok=True)
        header = ",".join(COLUMNS) + "\n"
        records: dict[tuple[str, str, int, int, int], RunRecord] = {}
        if self.path.exists():
            data = self.path.read_bytes()
            end = data.rfind(b"\n") + 1
            if end < len(data):  # a partial last line from an interrupted append: drop it
                with open(self.path, "r+b") as fh:
                    fh.truncate(end)
                    fh.flush()
                    os.fsync(fh.fileno())
                data = data[:end]
            text = data.decode("utf-8")
            if not text.startswith(header):
                if text.strip():
                    raise SetupError(f"{self.path} does not start with the expected header "
                                     f"{header.strip()!r}; choose another --out")
                _write_all(self.path, header.encode("utf-8"))
            else:
                for row in csv.DictReader(io.StringIO(text)):
                    rec = parse_row(row)
                    if rec.key in records:
                        raise SetupError(f"{self.path} holds run {rec.key} twice; it was written"
                                         " by concurrent processes? Remove one of the rows.")
                    records[rec.key] = rec
        else:
            _write_all(self.path, header.encode("utf-8"))
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        return records

    def append(self, record: RunRecord) -> None:
        """Append one record durably (one ``write`` of a full line, then ``fsync``)."""
        if self._fd is None:
            raise RuntimeError("RecordStore.open() must be called before append()")
        line = format_row(record).encode("utf-8")
        written = os.write(self._fd, line)
        if written != len(line):  # pragma: no cover - regular files write fully or raise
            raise OSError(f"short write to {self.path}")
        os.fsync(self._fd)

    def complete_records(self) -> int:
        """The number of complete records in the file now, read back from it (exact even when
        an interrupt falls between an append and the caller's own count; a record holds no
        newline, so every newline after the header's ends one record)."""
        data = self.path.read_bytes()
        return max(data.count(b"\n") - 1, 0)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing releases the flock
            self._lock_fd = None


def _write_all(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def load_records(out: Path) -> list[RunRecord]:
    """All complete records of ``out/runs.csv`` (read-only; ignores a partial last line)."""
    path = out / RUNS_FILE
    if not path.exists():
        return []
    data = path.read_bytes()
    text = data[: data.rfind(b"\n") + 1].decode("utf-8")
    return [parse_row(row) for row in csv.DictReader(io.StringIO(text))]
