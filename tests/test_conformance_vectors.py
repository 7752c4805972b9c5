"""The committed test vectors equal what the exact solvers compute, and follow their schema."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jsonschema
import pytest

from zonemax.cli import main
from zonemax.conformance.vectors import VECTORS_SCHEMA_PATH, build_vectors

COMMITTED = Path(__file__).resolve().parent.parent / "reproduction" / "conformance" / "vectors"


@pytest.fixture(scope="module")
def built() -> dict[str, str]:
    return build_vectors()


def test_committed_vectors_are_current(built: dict[str, str]) -> None:
    committed = {p.name: p.read_text() for p in COMMITTED.iterdir()}
    assert sorted(committed) == sorted(built)
    for name, text in built.items():
        assert committed[name] == text, f"{name} differs: run zonemax conform --export {COMMITTED}"


def test_vectors_follow_schema_and_manifest(built: dict[str, str]) -> None:
    schema = json.loads(VECTORS_SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    manifest = json.loads(built["MANIFEST.json"])
    for name, text in built.items():
        if name != "vectors.schema.json":
            jsonschema.validate(json.loads(text), schema)
        if name != "MANIFEST.json":
            assert manifest["files"][name] == hashlib.sha256(text.encode()).hexdigest()
    ea = json.loads(built["ea-pm1.run.json"])
    first = ea["instances"][0]
    assert first["target"] == [3, -1]
    assert first["variants"]["algorithm-1"]["mean"] == "6224/319"
    second = ea["instances"][1]
    assert second["target"] == [1, -1] and second["variants"]["algorithm-1"]["mean"] == "32/3"
    assert "squared-distance-acceptance" in first["variants"]  # the known bugs too
    bad = json.loads(built["ea-pm1.run.json"])
    bad["instances"][0]["variants"]["algorithm-1"]["tail"] = 0.5  # a float, not a rational
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_export_command(tmp_path: Path, built: dict[str, str],
                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--export", str(tmp_path / "v")]) == 0
    assert f"wrote {len(built)} files" in capsys.readouterr().out
    assert {p.name: p.read_text() for p in (tmp_path / "v").iterdir()} == built
    assert main(["conform", "ea-pm1", "--export", str(tmp_path / "w")]) == 2
    assert main(["conform"]) == 2
    assert "name the algorithm" in capsys.readouterr().err
