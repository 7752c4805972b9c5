"""The committed mutation records (``benchmarks/mutation/record-*.json``) are consistent.

Issue 14: the record shows the score for ``reference/`` and the engine, and every survivor is
explained.  A record is written by ``benchmarks/mutation/run_mutation.py`` from mutmut's verdicts
and ``reasons.py``; this test re-reads the committed JSON so that a record with an unexplained
survivor, a reason the script did not produce, or a score that does not follow from its counts
cannot be committed silently.  (It does not re-run mutmut: that takes an hour.)
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

HERE = Path(__file__).resolve().parent.parent / "benchmarks" / "mutation"
#: Statuses that count as killed (run_mutation.KILLED).
KILLED = ("killed", "timeout", "killed by hand", "killed in process")


def _reasons() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zonemax_mutation_reasons", HERE / "reasons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("target", ["reference", "engine", "checker"])
def test_record_explains_every_survivor(target: str) -> None:
    record = json.loads((HERE / f"record-{target}.json").read_text(encoding="utf-8"))
    reasons = _reasons().REASONS
    counts = record["counts"]
    assert sum(counts.values()) == record["mutants"]
    judged = record["mutants"] - counts.get("not checked", 0)
    killed = sum(counts.get(s, 0) for s in KILLED)
    assert record["score"] == pytest.approx(killed / judged, abs=5e-5)
    survivors = record["survivors"]  # every mutant neither killed nor left unchecked
    assert len(survivors) == judged - killed
    for s in survivors:
        assert s["reason"] == reasons.get(s["mutant"]), s["mutant"]
        assert s["reason"].startswith("equivalent"), s["mutant"]
    # a control: the same check flags a survivor without a reason
    forged = {**survivors[0], "mutant": survivors[0]["mutant"] + "0000"} if survivors else None
    assert forged is None or reasons.get(forged["mutant"]) != forged["reason"]


def test_numba_record_kills_every_mutant() -> None:
    text = (HERE / "RECORD-numba.md").read_text(encoding="utf-8")
    catalogue = importlib.util.spec_from_file_location("zonemax_numba_cat", HERE / "numba_mutants.py")
    assert catalogue is not None and catalogue.loader is not None
    module = importlib.util.module_from_spec(catalogue)
    sys.modules[catalogue.name] = module
    catalogue.loader.exec_module(module)
    names = [m.name for m in module.CATALOGUE]
    assert f"**killed: {len(names)}/{len(names)}**" in text
    for name in names:
        row = next(line for line in text.splitlines() if line.startswith(f"| `{name}` |"))
        assert "| killed |" in row, name


def test_encodings_record_kills_or_classifies_every_mutant() -> None:
    """RECORD-encodings.md (benchmarks/mutation/encoding_mutants.py): its counts follow from its
    rows, every mutant of the comparison table and of the search is killed, and every surviving
    formula mutant is classified (no UNEXPLAINED) with the identity check that catches it."""
    text = (HERE / "RECORD-encodings.md").read_text(encoding="utf-8")
    text = text.split("## The search's z3 encoding")[0]  # the partial table after it is by hand
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    killed = [r for r in rows if "| killed |" in r]
    assert f"**killed (a verdict or a control flips): {len(killed)}/{len(rows)}**" in text
    for row in rows:
        if "| killed |" in row:
            continue
        assert row.startswith("| `S"), row  # only formula mutants may survive
        assert "UNEXPLAINED" not in row and ("test_coq.py::" in row
                                             or "test_encoding_mutants.py::" in row), row


def _part(text: str, name: str) -> str:
    start, end = f"<!-- part:{name} -->", f"<!-- /part:{name} -->"
    assert text.count(start) == 1 and text.count(end) == 1, name
    return text[text.index(start):text.index(end)]


def test_encodings_record_of_the_search_scripts_and_the_constants() -> None:
    """The parts written by ``encoding_mutants.py --part text`` and ``--part constants``: counts
    follow from the rows; a surviving script mutant names the checker's own obligations of its
    claims (never UNEXPLAINED); a surviving constant mutant says why it is equivalent."""
    text = (HERE / "RECORD-encodings.md").read_text(encoding="utf-8")
    scripts = _part(text, "text")
    rows = [line for line in scripts.splitlines() if line.startswith("| `smt-text ")]
    killed = [r for r in rows if "| killed |" in r]
    assert rows and f"**killed (a verdict or a control flips): {len(killed)}/{len(rows)}**" \
        in scripts
    for row in rows:
        assert "| killed |" in row or ("| survived |" in row and "UNEXPLAINED" not in row
                                       and "established by the manifest's own obligations"
                                       in row), row
    constants = _part(text, "constants")
    rows = [line for line in constants.splitlines() if line.startswith("| `const-")]
    assert len(rows) == 8
    for row in rows:
        assert "| killed | proofs_check/tests/" in row or "| survived | equivalent" in row, row



def test_staged_mutation_runs_drop_xdist() -> None:
    """The default pytest runs under xdist (``-n logical --dist loadgroup``); mutmut's staged
    copy must not, because mutmut times and switches mutants inside its own process."""
    spec = importlib.util.spec_from_file_location("zonemax_run_mutation", HERE / "run_mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    addopts = ["-ra", "-m", "not slow", "-n", "logical", "--dist", "loadgroup", "--strict-config"]
    assert module._without_xdist(addopts) == ["-ra", "-m", "not slow", "--strict-config"]
    assert module._without_xdist(["-q", "--numprocesses", "2"]) == ["-q"]
