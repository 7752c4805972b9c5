"""Fail fast (issue 17, item 2): hangs end as failures, in pytest and in the statistical suite.

* pytest-timeout is configured, and a test that never returns is stopped (in a subprocess, so
  that the thread method's exit does not end this session).
* Every draw of every statistical family is capped: an implementation whose runs never end
  (it returns censored runs when given a cap, and refuses to run without one -- an uncapped
  draw would hang) makes every family end with a *budget exhausted* rejection.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from zonemax.reference.spec import AlgorithmSpec
from zonemax.stats_tests import families
from zonemax.stats_tests.implementations import Implementation, Tracer
from zonemax.stats_tests.reporting import render_family
from zonemax.stats_tests.suite import FAMILIES


def test_time_limits_are_configured(request: pytest.FixtureRequest) -> None:
    assert float(request.config.getini("timeout")) > 0
    assert request.config.getini("timeout_method") == "thread"


def test_a_hanging_test_fails_in_bounded_time(tmp_path: Path) -> None:
    (tmp_path / "test_hang.py").write_text(textwrap.dedent("""
        def test_never_returns():
            while True:
                pass
    """))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=2",
         "-o", "timeout_method=thread", "test_hang.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode != 0
    assert "Timeout" in proc.stdout + proc.stderr


class _Uncapped(Exception):
    """An uncapped draw: with a never-ending implementation it would hang."""


def _never_ends(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                budget: int | None) -> tuple[np.ndarray, np.ndarray]:
    if budget is None:
        raise _Uncapped(f"uncapped draw of {spec}")
    return np.full(runs, budget, dtype=np.int64), np.zeros(runs, dtype=bool)


def _never_ending_trace(spec: AlgorithmSpec) -> Tracer:
    """Observed runs that never end: each is stopped by its budget without reaching the target
    (it reports no iteration; a capped observed run returns ``solved = False``)."""

    def trace(rng: np.random.Generator, budget: int, observe: object) -> bool:
        return False

    return trace


@pytest.mark.parametrize(("family", "kind"), FAMILIES, ids=[f"{f}-{k}" for f, k in FAMILIES])
def test_every_draw_is_capped(family: str, kind: str) -> None:
    if (family, kind) == ("laws", "fast"):
        _draws_no_runs(family)
        return
    # a reference-style implementation also shows its operator (a correct one: only its runs
    # never end) and observed runs, which the laws family judges (issue 14)
    hooks = {} if kind == "fast" else {"operator": lambda spec: spec.step_operator(),
                                       "tracer": _never_ending_trace}
    impl = Implementation(f"never-ends-{kind}", _never_ends, fast=kind == "fast",
                          **hooks)  # type: ignore[arg-type]
    res = families.run(family, impl, "ci")
    assert not res.ok, render_family(res)
    exhausted = [o for o in res.outcomes if o.detail.startswith("budget exhausted")
                 or "hit the cap" in o.detail]
    assert exhausted, render_family(res)
    # after the first exhausted cap nothing more is drawn: every other test is exhausted (the
    # exact cases, each with its own cap) or skipped
    for o in res.outcomes:
        assert o.p_value in (0.0, 1.0), o


class _SamplerCalled(Exception):
    """The step sampler was reached."""


def _draws_no_runs(family: str) -> None:
    """The engine's ``laws`` family judges single steps (the kernels' sampler), never runs:
    there is no run to cap.  It must not draw one: a never-ending simulator that counts its
    calls is never called, and the family fails on its sampler (here one that raises)."""
    calls: list[AlgorithmSpec] = []

    def simulate(spec: AlgorithmSpec, seed: np.random.SeedSequence, runs: int,
                 budget: int | None) -> tuple[np.ndarray, np.ndarray]:
        calls.append(spec)
        return _never_ends(spec, seed, runs, budget)

    def sampler(spec: AlgorithmSpec, limit: int, count: int, rng: np.random.Generator
                ) -> tuple[np.ndarray, float]:
        raise _SamplerCalled(str(spec))

    impl = Implementation("never-ends-fast", simulate, fast=True, sampler=sampler)
    res = families.run(family, impl, "ci")
    assert not res.ok, render_family(res)
    assert calls == []
    assert any("_SamplerCalled" in o.detail for o in res.outcomes), render_family(res)
