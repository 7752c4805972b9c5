r"""Bugs planted inside the engine's numba kernels, for ``zonemax verify --power``.

The planted bugs of :data:`zonemax.stats_tests.implementations.PLANTED` live in Python
(the reference with a wrong operator) and those of :func:`zonemax.verify.engine_planted` in
what the engine is given (targets, random streams).  A bug *inside* a jitted kernel -- the ±1
EA's block rule, its near masses, its table cache -- cannot be injected from outside, so each
one here is a minimal change of the kernel's source text (:class:`KernelBug`; ``old`` must
occur exactly once in its module, as in ``benchmarks/mutation/numba_mutants.py``), and the
family that must catch it runs on that text:

1. **Staged copy.**  The installed ``zonemax/engine/`` is copied (its ``*.py`` files only)
   to a folder of its own and the change is applied there (:func:`stage`).  The installed
   package is never touched.
2. **Subprocess.**  ``python -m zonemax.planted_engine STAGE FAMILY LEVEL`` registers the staged
   folder as the package ``zonemax.engine`` before anything imports the engine, checks that the
   engine it runs is the staged one, runs the family on :func:`fast_implementation` (the
   implementation ``zonemax verify`` judges) and prints the :class:`FamilyResult` as JSON.
3. **Own numba cache.**  The subprocess's ``NUMBA_CACHE_DIR`` is a folder beside the staged
   copy: numba's on-disk cache keys a function by its own source file and stamp only, so a
   cache shared with the installed engine could hand a mutated caller a stale callee.

Staged copies are kept (under :func:`stage_root`) and named by a hash of the engine's sources
and the change, so a later ``zonemax verify --power`` loads their compiled kernels instead of
compiling them again (compiling the ±1 EA's kernels takes about 25 s a copy on an idle core);
a copy of another engine version is removed when its bug is staged anew a day later
(:data:`STALE_SECONDS`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests.implementations import Implementation
from zonemax.stats_tests.machinery import TestOutcome
from zonemax.stats_tests.suite import FamilyResult


def fast_implementation() -> Implementation:
    """The numba engine as an implementation under test (compiling takes a few seconds), with
    its per-iteration path for the ±1 EA (the oracle of the family ``blocks``) and the step
    magnitudes its kernels draw (:func:`zonemax.engine.candidate_magnitudes`, for the ``laws``
    family): the
    implementation ``zonemax verify`` judges, here so that a staged engine (:func:`main`) is
    judged the same way (``zonemax.verify`` imports it from here)."""
    from zonemax.engine import candidate_magnitudes, simulate, simulate_per_iteration

    def sampler(spec: AlgorithmSpec, limit: int, count: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, float]:
        drawn = candidate_magnitudes(spec, limit, count, rng=rng)
        return drawn.magnitudes, drawn.mass

    return Implementation("fast", simulate, fast=True, per_iteration=simulate_per_iteration,
                          sampler=sampler)


@dataclass(frozen=True)
class KernelBug:
    """One realistic bug in a jitted module of ``zonemax/engine/``: ``old`` (exactly once in
    ``module``) becomes ``new``; ``family`` must reject it."""

    name: str  #: a short identifier (folder name of its staged copy)
    bug: str  #: what it is, as the power table prints it
    module: str  #: the file in ``zonemax/engine/``
    old: str
    new: str
    family: str


#: The kinds of ±1 EA bug that the ``blocks`` family must catch, each written as the minimal change it names.
KERNEL_BUGS: tuple[KernelBug, ...] = (
    KernelBug(
        "sweep-minus-probability",
        "±1 EA block rule: count vector drawn with v/L, not v/(L-u), in the sweep (kernel)",
        "_pm1_rows.py",
        "y = binomial(rng, c - x, v / (size - u)) if v > 0 and c > x else 0",
        "y = binomial(rng, c - x, v / size) if v > 0 and c > x else 0",
        "blocks"),
    KernelBug(
        "near-masses-off-by-one",
        "±1 EA block rule: near positions' masses off by one (m < a, not m <= a) (kernel)",
        "_pm1_patterns.py",
        "        elif m <= a:\n",
        "        elif m < a:\n",
        "blocks"),
    KernelBug(
        "table-cache-slot-reuse",
        "±1 EA block rule: far-only law cache filled only when its slot is empty (n >= 256) "
        "(kernel)",
        "_pm1_patterns.py",
        "if cache.far_a[slot] != a:",
        "if cache.far_a[slot] < 0:",
        "blocks"),
)


#: A staged copy of another engine version is removed when its bug is staged anew and the copy
#: is older than this (a day): not while another checkout's ``verify --power`` may be using it.
STALE_SECONDS = 86_400


#: Wall-time limit of one planted engine's subprocess.  The family's evaluation caps end every
#: run that the kernel returns from, but a kernel may loop inside one pass (a slot-reuse bug of
#: the table cache, tried for this catalogue, drew more distinct positions than there were and
#: never returned); the catalogue's bugs take 25-140 s each (compilation included, about 30 s
#: of CPU; loads up to 7), so 15 minutes means a hang, reported as the family's rejection with
#: that reason.
HANG_SECONDS = 900


def engine_dir() -> Path:
    """The folder of the installed ``zonemax.engine`` (found without importing it)."""
    spec = importlib.util.find_spec("zonemax.engine")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("zonemax.engine is not installed as a package")
    return Path(next(iter(spec.submodule_search_locations)))


def stage_root() -> Path:
    """Where staged copies are kept: ``$ZONEMAX_PLANTED_DIR``, else ``zonemax/planted-engines``
    in the user's cache folder (``$XDG_CACHE_HOME``, default ``~/.cache``)."""
    explicit = os.environ.get("ZONEMAX_PLANTED_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zonemax" / "planted-engines"


def _sources(src: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(src.glob("*.py"))}


def mutated_sources(bug: KernelBug, src: Path | None = None) -> dict[str, str]:
    """The engine's modules with ``bug`` applied (``ValueError`` unless ``old`` occurs exactly
    once: a bug must name one place, or it would judge code that is not there)."""
    files = _sources(engine_dir() if src is None else src)
    text = files.get(bug.module)
    if text is None:
        raise ValueError(f"{bug.name}: no module {bug.module} in zonemax/engine")
    found = text.count(bug.old)
    if found != 1:
        raise ValueError(f"{bug.name}: {bug.old!r} occurs {found} times in {bug.module}; a "
                         "planted bug must name exactly one place")
    files[bug.module] = text.replace(bug.old, bug.new)
    return files


def stage(bug: KernelBug, root: Path | None = None) -> Path:
    """The staged engine with ``bug`` (made if absent): ``ROOT/NAME-HASH/zonemax_engine``, with
    its numba cache in ``ROOT/NAME-HASH/numba``.  Written under a temporary name and renamed,
    so an interrupted or concurrent staging never leaves a half-written copy in use."""
    root = stage_root() if root is None else root
    files = mutated_sources(bug)
    digest = hashlib.sha256(json.dumps(sorted(files.items())).encode()).hexdigest()[:16]
    home = root / f"{bug.name}-{digest}"
    engine = home / "zonemax_engine"
    if not engine.is_dir():
        root.mkdir(parents=True, exist_ok=True)
        for old in root.glob(f"{bug.name}-*"):  # copies of other engine versions
            if old != home and time.time() - old.stat().st_mtime > STALE_SECONDS:
                shutil.rmtree(old, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{bug.name}-", dir=root))
        (tmp / "zonemax_engine").mkdir()
        (tmp / "numba").mkdir()
        for name, text in files.items():
            (tmp / "zonemax_engine" / name).write_text(text, encoding="utf-8")
        try:
            tmp.rename(home)
        except OSError:  # staged meanwhile by another process: use that one
            shutil.rmtree(tmp, ignore_errors=True)
    return engine


def _outcome_json(o: TestOutcome) -> dict[str, object]:
    return {"name": o.name, "p_value": o.p_value, "statistic": o.statistic, "detail": o.detail}


def result_to_json(res: FamilyResult) -> str:
    """``res`` as JSON (NaN and infinities as JavaScript's names, which :mod:`json` reads)."""
    return json.dumps({"family": res.family, "implementation": res.implementation,
                       "alpha": res.alpha, "outcomes": [_outcome_json(o) for o in res.outcomes],
                       "rejected": list(res.rejected), "notes": list(res.notes),
                       "seconds": res.seconds})


def result_from_json(text: str) -> FamilyResult:
    d = json.loads(text)
    return FamilyResult(d["family"], d["implementation"], float(d["alpha"]),
                        tuple(TestOutcome(o["name"], float(o["p_value"]), float(o["statistic"]),
                                          o["detail"]) for o in d["outcomes"]),
                        tuple(bool(r) for r in d["rejected"]), tuple(d["notes"]),
                        float(d["seconds"]))


#: Marks the JSON line of the subprocess's output.
RESULT_PREFIX = "ZONEMAX-FAMILY-RESULT "


def run_family_with(bug: KernelBug, level: str = "ci", root: Path | None = None
                    ) -> FamilyResult:
    """Run ``bug.family`` on the fast engine with ``bug`` planted (staged copy, subprocess).

    A subprocess that fails (the mutated kernel does not compile, or crashes, or hangs beyond
    :data:`HANG_SECONDS`) is reported as a rejection of the family with the error in its
    detail, as a crashing implementation is in :func:`zonemax.stats_tests.suite.raised`; it
    then names no test of the family."""
    engine = stage(bug, root)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(engine.parent / "numba"))
    try:
        proc = subprocess.run([sys.executable, "-m", "zonemax.planted_engine", str(engine),
                               bug.family, level], env=env, capture_output=True, text=True,
                              check=False, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        error = (f"it did not finish within {HANG_SECONDS} s: a kernel loop that never returns "
                 "to Python, which no evaluation cap can stop")
    else:
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(RESULT_PREFIX)]
        if proc.returncode == 0 and len(lines) == 1:
            return result_from_json(lines[0].removeprefix(RESULT_PREFIX))
        error = (proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[-1]
    crash = TestOutcome(f"{bug.family}: the planted engine ran", 0.0, math.nan,
                        f"the staged engine failed ({error[:200]})")
    return FamilyResult(bug.family, f"planted:{bug.name}", 0.0, (crash,), (True,))


def use_staged_engine(engine: Path) -> None:
    """Make ``engine`` (a staged copy) the package ``zonemax.engine`` of this process; must run
    before anything imports the installed engine."""
    import zonemax

    if "zonemax.engine" in sys.modules:
        raise RuntimeError("zonemax.engine is imported already; the staged copy cannot replace it")
    spec = importlib.util.spec_from_file_location(
        "zonemax.engine", engine / "__init__.py", submodule_search_locations=[str(engine)])
    if spec is None or spec.loader is None:
        raise RuntimeError(f"no package at {engine}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["zonemax.engine"] = module
    zonemax.engine = module
    spec.loader.exec_module(module)


def main(argv: list[str]) -> int:
    """Subprocess entry: ``STAGE FAMILY LEVEL`` (module docstring, step 2)."""
    engine, family, level = Path(argv[0]), argv[1], argv[2]
    use_staged_engine(engine)
    import zonemax.engine._ea_pm1 as kernel

    if not Path(kernel.__file__).resolve().is_relative_to(engine.resolve()):
        raise RuntimeError(f"the engine imported is {kernel.__file__}, not the staged {engine}")
    from zonemax.stats_tests.families import run as run_family

    res = run_family(family, fast_implementation(), level)  # type: ignore[arg-type]
    sys.stdout.write(RESULT_PREFIX + result_to_json(res) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
