"""Cold start (issue 24, item 4): a command compiles only the kernels it needs, each jitted
function once (one signature), and the command line says when it compiles.

Each test runs a fresh interpreter with an empty numba cache (a new ``NUMBA_CACHE_DIR``), so it
sees what a first run after an install compiles; only cheap kernels are compiled at the default
level (``ea-heavy`` and ``rls-pm1``, a few seconds), all nine algorithms under ``slow``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

#: Prints ``{module.function: [signature, ...]}`` for every numba dispatcher of the engine after
#: running the code in argv[1] (empty: only imports).
_INVENTORY = """
import json, sys
import numba.core.registry
import zonemax.engine, zonemax.cli
from zonemax.reference.spec import AlgorithmSpec
from zonemax.engine import run_many
exec(sys.argv[1])
seen = {}
for name, module in list(sys.modules.items()):
    if not name.startswith("zonemax.engine"):
        continue
    for attr, value in vars(module).items():
        if isinstance(value, numba.core.registry.CPUDispatcher):
            key = value.py_func.__module__ + "." + value.py_func.__qualname__
            seen[key] = [str(sig) for sig in value.signatures]
print(json.dumps(seen))
"""

#: One small run of each algorithm (parameters as in the Section 6 grid where it has them).
_SPECS = {
    "ea-pm1": "AlgorithmSpec('ea-pm1', (5, 3))",
    "ea-heavy": "AlgorithmSpec('ea-heavy', (5, 3), eps=0.001)",
    "rls-pm1": "AlgorithmSpec('rls-pm1', (5, 3))",
    "rls-heavy": "AlgorithmSpec('rls-heavy', (5, 3), eps=0.001)",
    "rls-ab": "AlgorithmSpec('rls-ab', (5, 3), alpha=2.0, beta=0.5)",
    "ea-geom": "AlgorithmSpec('ea-geom', (5, 3), geom_mean=10)",
    "rls-geom": "AlgorithmSpec('rls-geom', (5, 3), geom_mean=10)",
    "ea-power": "AlgorithmSpec('ea-power', (5, 3), power_exponent='3/2')",
    "rls-power": "AlgorithmSpec('rls-power', (5, 3), power_exponent='3/2')",
}
#: The kernel (generator) each algorithm runs.
_KERNEL = {
    "ea-pm1": "zonemax.engine._ea_pm1.ea_pm1_step",
    "ea-heavy": "zonemax.engine._ea_law.ea_law_steps",
    "rls-pm1": "zonemax.engine._rls_positions.rls_positions_steps",
    "rls-heavy": "zonemax.engine._rls_law.rls_law_steps",
    "rls-ab": "zonemax.engine._rls_ab.rls_ab_steps",
}


def _inventory(tmp_path: Path, code: str) -> dict[str, list[str]]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    res = subprocess.run([sys.executable, "-c", _INVENTORY, code], capture_output=True,
                         text=True, env=env, check=False, timeout=600)
    assert res.returncode == 0, res.stderr
    inventory: dict[str, list[str]] = json.loads(res.stdout.splitlines()[-1])
    return inventory


def _runs(algorithms: list[str]) -> str:
    return "\n".join(f"run_many({_SPECS[a]}, runs=3, seed=1, budget=None, jobs=2)"
                     for a in algorithms)


def test_import_compiles_nothing(tmp_path: Path) -> None:
    """Importing the engine and the command line compiles (or loads) no kernel: every
    algorithm's kernels wait for their first run."""
    inventory = _inventory(tmp_path, "")
    assert inventory, "no dispatcher found: the inventory itself is broken"
    assert {k: v for k, v in inventory.items() if v} == {}
    assert set(_KERNEL.values()) <= set(inventory)


def _check_once_and_only(inventory: dict[str, list[str]], algorithms: list[str]) -> None:
    twice = {k: v for k, v in inventory.items() if len(v) > 1}
    assert twice == {}, f"compiled more than once (a Literal argument?): {twice}"
    for algorithm, kernel in _KERNEL.items():
        assert (inventory[kernel] != []) == (algorithm in algorithms), (algorithm, kernel)


def test_law_kernel_compiles_once_and_alone(tmp_path: Path) -> None:
    """A cold ``ea-heavy`` run compiles its kernel, one signature per jitted function, and no
    kernel of another algorithm.  Before issue 24 it compiled ``phase_trials`` for
    ``Literal[int](0)`` besides ``int64`` and ``binomial_setup`` three times (literal
    arguments); this test, run against that tree (fb6c29c), fails on exactly those two."""
    algorithms = ["ea-heavy"]
    _check_once_and_only(_inventory(tmp_path, _runs(algorithms)), algorithms)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_every_kernel_compiles_once(tmp_path: Path) -> None:
    """All nine algorithms cold in one process: one signature per jitted function (the
    Section 6 grid's algorithms had 36 extra ones; 32 s measured under load)."""
    algorithms = list(_SPECS)
    _check_once_and_only(_inventory(tmp_path, _runs(algorithms)), algorithms)


def test_cli_notice_only_when_cold(tmp_path: Path) -> None:
    """``zonemax run`` says that it compiles on the first run with an empty numba cache, and
    not on the second (whose kernel comes from the cache the first one wrote)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    argv = [sys.executable, "-c", "import sys; from zonemax.cli import main; "
            "raise SystemExit(main(sys.argv[1:]))", "run", "rls-pm1", "--a", "4,-3",
            "--runs", "2", "--seed", "1", "--engine", "fast"]
    said = []
    for _ in range(2):
        res = subprocess.run(argv, capture_output=True, text=True, env=env, check=False,
                             timeout=600)
        assert res.returncode == 0, res.stderr
        said.append("zonemax run: compiling the fast engine for rls-pm1" in res.stderr)
    assert said == [True, False]


def test_reproduce_names_the_kernels_it_compiles(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``zonemax reproduce`` asks numba's cache once per algorithm of its fast-engine runs (the
    rule of ``zonemax run``'s notice) and names the ones that must compile, in order of first
    use; with the reference engine it compiles nothing and says nothing."""
    import zonemax.engine
    from zonemax.commands.reproduce import compiling_algorithms
    from zonemax.experiments.pipeline import ReproduceConfig

    asked: list[str] = []

    def cold_pm1(spec: object) -> bool:
        algorithm = spec.algorithm  # type: ignore[attr-defined]
        asked.append(algorithm)
        return bool(algorithm == "ea-pm1")

    monkeypatch.setattr(zonemax.engine, "needs_compiling", cold_pm1)
    cfg = ReproduceConfig(out=tmp_path, scale="tiny", experiments=("runtime",))
    assert compiling_algorithms(cfg) == ["ea-pm1"]
    assert "ea-pm1" in asked and len(asked) == len(set(asked)) >= 3  # once per algorithm
    asked.clear()
    reference = ReproduceConfig(out=tmp_path, scale="tiny", experiments=("runtime",),
                                engine="reference")
    assert compiling_algorithms(reference) == []
    assert asked == []


def test_end_block_example_has_the_kernels_types() -> None:
    """The arguments the child of :mod:`zonemax.engine._ahead` compiles ``end_block`` with have
    the types ``ea_pm1_step`` passes (the scratch of its ``Pm1Run``, the table cache from
    ``new_cache``): otherwise the child would compile a signature the kernel never asks for."""
    import numba

    from zonemax.engine._ea_pm1 import new_run
    from zonemax.engine._pm1_patterns import new_cache
    from zonemax.engine._pm1_rows import end_block_example

    example = [numba.typeof(x) for x in end_block_example()]
    run = new_run(np.array([3, 0, 2], np.int64))
    kernel_side = [numba.typeof(np.random.default_rng(1)), numba.typeof(run.work.rows),
                   numba.typeof(new_cache(5)), numba.typeof(run.work.sc),
                   numba.typeof(run.dist), numba.typeof(run.order)] + [numba.int64] * 5
    assert example == kernel_side


#: Compiles the ±1 EA's kernel through ``prepare``, then runs it and ``ea-heavy``, and prints
#: the functions this process compiled (numba's compile events), whether the child's work came
#: from the cache, the late helpers' signatures, and the runs.
_AHEAD = """
import json, sys
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
from zonemax.engine import _ahead, prepare, run_many
from zonemax.engine._ea_pm1 import late_helpers_example as _ahead_late
from zonemax.reference.spec import AlgorithmSpec
_ahead._free_core = lambda: True  # whatever the machine's load
if sys.argv[1:] == ["failing-child"]:
    _ahead._CHILD = "raise SystemExit(3)"
spec = AlgorithmSpec("ea-pm1", (300, 2, 0, 5))
prepare(spec)
batch = run_many(spec, runs=3, seed=4, budget=None, jobs=1)
heavy = run_many(AlgorithmSpec("ea-heavy", (30, -2), eps=0.25), runs=3, seed=4, budget=None,
                 jobs=1)
work = {d.py_func.__qualname__: [sum(d.stats.cache_hits.values()), len(d.signatures)]
        for _, d, _ in _ahead.child_work()}
late = {d.py_func.__qualname__: [str(s) for s in d.signatures]
        for d, _ in _ahead_late()}
print(json.dumps({"compiled": compiled, "work": work, "late": late,
                  "runs": batch.evaluations.tolist() + heavy.evaluations.tolist()}))
"""


def _ahead(cache: Path, *argv: str) -> dict[str, object]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    res = subprocess.run([sys.executable, "-c", _AHEAD, *argv], capture_output=True, text=True,
                         env=env, check=False, timeout=900)
    assert res.returncode == 0, res.stderr
    out: dict[str, object] = json.loads(res.stdout.splitlines()[-1])
    return out


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_pm1_block_end_compiles_in_a_second_process(tmp_path: Path) -> None:
    """A cold ``prepare`` of ``ea-pm1`` leaves ``end_block`` and the ``ea-heavy`` and ``rls-ab``
    kernels (``_ahead.child_work``) to the child process: this process loads ``end_block`` and,
    when it runs ``ea-heavy``, its kernel from the cache the child wrote (one signature each, a
    cache hit, never compiled here: the child's example arguments have the right types), and
    compiled the late helpers once, for the kernel's signature.  The runs equal those of a
    process whose child fails (the fallback: it compiles everything itself after the wait)."""
    ahead = _ahead(tmp_path / "cache")
    work = ahead["work"]
    assert set(work) == {"end_block", "ea_law_steps", "rls_ab_steps"}  # type: ignore[arg-type]
    assert "ea_pm1_step" in ahead["compiled"]  # type: ignore[operator]
    used = {"end_block", "ea_law_steps"}  # rls-ab never ran: never asked for
    assert used.isdisjoint(ahead["compiled"])  # type: ignore[arg-type]
    assert all(work[name] == [1, 1] for name in used)  # type: ignore[index]
    assert work["rls_ab_steps"] == [0, 0]  # type: ignore[index]
    assert all(len(sigs) == 1 for sigs in ahead["late"].values())  # type: ignore[attr-defined]
    alone = _ahead(tmp_path / "other-cache", "failing-child")
    assert used <= set(alone["compiled"])  # type: ignore[arg-type]
    assert all(alone["work"][name] == [0, 1] for name in used)  # type: ignore[index]
    assert alone["runs"] == ahead["runs"]
    assert alone["late"] == ahead["late"]


def test_late_helpers_example_has_the_kernels_types() -> None:
    """The arguments ``prepare`` compiles the late helpers with (while the child compiles the
    block end) have the types ``ea_pm1_step`` passes: otherwise the kernel would compile a
    second signature of each and the early compilation would be wasted."""
    import numba

    from zonemax.engine._ea_pm1 import late_helpers_example, new_run

    run = new_run(np.array([3, 0, 2], np.int64))
    rng, i64 = numba.typeof(np.random.default_rng(1)), numba.int64
    ints, reals = numba.typeof(run.work.acc), numba.typeof(run.work.acc_q)
    kernel_side = {"settle": [rng, ints, reals, numba.typeof(run.work.acc_ks), i64],
                   "finish": [rng, i64, i64, numba.float64, i64],
                   "first_near_slot": [rng, i64, i64, i64],
                   "pick": [rng, numba.typeof(run.order), numba.typeof(run.where), i64, i64, i64,
                            numba.typeof(run.work.opt)]}
    example = {d.py_func.__name__: [numba.typeof(x) for x in args]
               for d, args in late_helpers_example()}
    assert example == kernel_side


def test_child_only_with_an_idle_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compile-ahead child starts only when a second core is idle: two CPUs and at least
    1.5 of them idle over a short window; where that cannot be read, a load average of at most
    one (this process); not with one CPU or a busy machine; with neither (Windows) the cores
    count as free."""
    from zonemax.engine import _ahead

    def machine(cpus: int, idle: float | None, load: float | None) -> bool:
        monkeypatch.setattr(_ahead.os, "sched_getaffinity", lambda pid: set(range(cpus)),
                            raising=False)
        monkeypatch.setattr(_ahead, "_idle_cpus", lambda window: idle)
        if load is None:
            monkeypatch.delattr(_ahead.os, "getloadavg", raising=False)
        else:
            monkeypatch.setattr(_ahead.os, "getloadavg", lambda: (load, load, load),
                                raising=False)
        return _ahead._free_core()

    # idle CPUs measured: the load average (a minute behind) does not matter
    assert machine(2, 2.0, 3.0) and machine(2, 1.5, None) and machine(4, 2.6, 0.0)
    assert not machine(2, 1.4, 0.0) and not machine(2, 0.2, 0.0) and not machine(1, 1.0, 0.0)
    # not measurable: the load average decides
    assert machine(2, None, 0.9) and machine(2, None, 1.0) and machine(4, None, 2.5)
    assert machine(2, None, None)
    assert not machine(2, None, 1.1) and not machine(2, None, 3.0) and not machine(1, None, 0.0)


def test_idle_cpus_reads_this_machine() -> None:
    """On Linux the idle measure reads ``/proc/stat``: a number between 0 and the CPU count
    (elsewhere ``None``, and the load average decides)."""
    from zonemax.engine import _ahead

    idle = _ahead._idle_cpus(0.05)
    if not Path("/proc/stat").exists():
        assert idle is None
        return
    assert idle is not None
    assert 0.0 <= idle <= (os.cpu_count() or 1) + 1e-9


def test_switch_turns_the_child_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ZONEMAX_COMPILE_AHEAD=0`` keeps ``compile_ahead`` from starting a child even with a cold
    kernel and an idle core; ``1`` or unset lets it start; any other value is refused with a
    message naming the variable (never ignored)."""
    from zonemax.engine import _ahead

    started: list[bool] = []
    monkeypatch.setattr(_ahead, "in_cache", lambda dispatcher, sig: False)
    monkeypatch.setattr(_ahead, "_free_core", lambda: True)
    monkeypatch.setattr(_ahead, "child_work", lambda: [("x", object(), ())])
    monkeypatch.setattr(_ahead, "_load_hook", lambda dispatcher, before: lambda: None)
    monkeypatch.setattr(_ahead, "_start_child", lambda: started.append(True))

    def starts(value: str | None) -> bool:
        started.clear()
        if value is None:
            monkeypatch.delenv(_ahead.SWITCH, raising=False)
        else:
            monkeypatch.setenv(_ahead.SWITCH, value)
        with _ahead.compile_ahead(object(), (), []):
            pass
        return bool(started)

    assert starts(None) and starts("1") and starts(" 1 ") and starts("")
    assert not starts("0")
    with pytest.raises(ValueError, match="ZONEMAX_COMPILE_AHEAD must be 0"):
        starts("no")
