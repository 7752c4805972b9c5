"""One import root, no installed tests, and a light start-up of the command line.

The repository keeps ``reference/``, ``proofs_check/`` and ``stats_tests/`` at its top; setuptools
maps them under ``zonemax`` (``pyproject.toml``).  ``.ci/plain-install`` checks a real,
non-editable install; these tests check the mapping and the start-up from the source tree.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Libraries that ``zonemax --help`` and ``import zonemax.cli`` must not load.
HEAVY = ("cmaes", "scipy", "sympy", "matplotlib", "numba", "numpy", "mpmath")


def _setuptools() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)["tool"]["setuptools"]  # type: ignore[no-any-return]


def test_every_package_directory_is_listed_and_mapped_under_zonemax() -> None:
    cfg = _setuptools()
    mapping: dict[str, str] = cfg["package-dir"]  # type: ignore[assignment]
    listed = set(cfg["packages"])  # type: ignore[call-overload]
    found = set()
    for name, folder in mapping.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT / folder)
            found.add(".".join((name, *rel.parts)))
    assert found == listed, "a package folder is missing from [tool.setuptools] packages"
    assert all(p == "zonemax" or p.startswith("zonemax.") for p in listed)


def test_checker_contract_names_every_other_proofs_check_module() -> None:
    """The import-linter contract that keeps the certificate checker independent of the search
    forbids every other top-level module and package of ``proofs_check``."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        contracts = tomllib.load(fh)["tool"]["importlinter"]["contracts"]
    [contract] = [c for c in contracts
                  if c.get("source_modules") == ["zonemax.proofs_check.checker"]]
    folder = ROOT / "proofs_check"
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    names |= {p.parent.name for p in folder.glob("*/__init__.py")} - {"checker"}
    expected = {f"zonemax.proofs_check.{n}" for n in names}
    listed = {m for m in contract["forbidden_modules"] if m.startswith("zonemax.proofs_check.")}
    assert listed == expected, "update the checker's forbidden_modules in pyproject.toml"


def test_test_folders_are_not_packages() -> None:
    for folder in ("tests", "stats_tests/tests", "proofs_check/tests"):
        assert not (ROOT / folder / "__init__.py").exists(), f"{folder} would be installed"


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True, cwd="/")
    return set(out.stdout.split())


@pytest.mark.parametrize("code", [
    "import zonemax.cli",
    "from zonemax.cli import build_parser; build_parser(['--help'])",
])
def test_cli_start_up_imports_nothing_heavy(code: str) -> None:
    loaded = _modules_after(code)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
    assert not heavy, f"start-up loads {heavy[:5]}"
    ours = {m for m in loaded if m.split(".")[0] == "zonemax"}
    assert ours == {"zonemax", "zonemax.cli", "zonemax.commands"}, sorted(ours)


def test_help_and_version_exit_cleanly() -> None:
    for argv in (["--help"], ["--version"], ["run", "--help"], ["verify", "--help"]):
        proc = subprocess.run([sys.executable, "-m", "zonemax.cli", *argv], capture_output=True,
                              text=True, check=False, cwd="/")
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == ""
