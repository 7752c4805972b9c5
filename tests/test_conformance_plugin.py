"""The pytest plugin: the ``conformance`` fixture and the terminal summary section."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import textwrap
from pathlib import Path


def test_plugin_prints_the_verdicts(tmp_path: Path) -> None:
    (tmp_path / "test_user.py").write_text(textwrap.dedent("""
        from zonemax.conformance.planted import ea_pm1

        def test_good(conformance):
            conformance.assert_conforms("ea-pm1", run=ea_pm1(), seed=1, runs=300,
                                        allow_inconclusive=True)

        def test_small_sample(conformance):
            conformance.assert_conforms("ea-pm1", run=ea_pm1(), seed=1, runs=300)

        def test_start_counted(conformance):
            conformance.assert_conforms("ea-pm1", run=ea_pm1("start-counted"), seed=1,
                                        runs=1000)
    """))
    # an installed zonemax registers the plugin through its pytest11 entry point; where the
    # entry point is missing (a source tree on the path), -p loads the same module
    installed = any(ep.name == "zonemax-conformance"
                    for ep in importlib.metadata.entry_points(group="pytest11"))
    load = [] if installed else ["-p", "zonemax.conformance.pytest_plugin"]
    command = [sys.executable, "-m", "pytest", *load, "-o", "addopts=", "-p",
               "no:cacheprovider", "-q", str(tmp_path)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    out = done.stdout
    assert done.returncode == 1, out
    assert "zonemax conformance" in out
    assert "test_good: ea-pm1 (run level, seed 1): inconclusive: " in out
    assert "FAILED test_user.py::test_small_sample" in out
    assert "does not conform; consistent with start-counted" in out
    assert "2 failed, 1 passed" in out
