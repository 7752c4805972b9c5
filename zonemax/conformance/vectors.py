"""Test vectors: the exact values every conformance profile uses, as versioned data files.

An implementation in any language can check itself against these without Python: per run-level
profile, each instance's budget and each variant's exact ``P(T = t)`` for ``t <= budget``,
``P(T > budget)``, ``E[T]`` and ``Var[T]`` (rationals as ``"p/q"`` strings; ``null`` where the
chain is infinite or the law an enclosure; an enclosure has lower bounds in ``pmf``/``tail`` and
upper bounds in ``pmf_upper``/``tail_upper``); per operator family at its default parameters, each variant's enclosure
``[lo, hi]`` of the probability of every step cell (rationals as strings).  ``MANIFEST.json``
lists every file with its SHA-256 and the format version; ``vectors.schema.json`` (shipped with
the package) is the JSON Schema of the files.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from importlib.resources import files
from pathlib import Path
from typing import Any

#: The format of the vector files; raised when a field changes meaning.
FORMAT_VERSION = 1
#: The JSON Schema of the vector files (package data).
VECTORS_SCHEMA_PATH = Path(str(files("zonemax.conformance").joinpath("vectors.schema.json")))
#: The operator families exported, each at its check's default parameters.
OPERATOR_EXPORTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("ea-pm1", {}), ("ea-heavy", {}), ("ea-geom", {}), ("ea-power", {}))


def _q(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def run_vectors(algorithm: str) -> dict[str, Any]:
    """The exact values of one run-level profile."""
    from zonemax.conformance.api import _law
    from zonemax.conformance.profiles import FAMILY_LEVEL, PROFILES

    profile = PROFILES[algorithm]
    instances = []
    for inst in profile.instances:
        variants = {}
        for v in profile.catalogue:  # the variants, then the known bugs
            law = _law(algorithm, v, inst.a, inst.budget)
            entry: dict[str, Any] = {"pmf": [str(p) for p in law.pmf], "tail": str(law.tail),
                                     "mean": _q(law.mean), "variance": _q(law.variance)}
            if law.pmf_upper is not None:  # an enclosure: pmf and tail are the lower bounds
                entry["pmf_upper"] = [str(p) for p in law.pmf_upper]
                entry["tail_upper"] = str(law.tail_upper)
            variants[v] = entry
        instances.append({"target": list(inst.a), "budget": inst.budget, "variants": variants})
    return {"format": FORMAT_VERSION, "kind": "run", "algorithm": algorithm,
            "paper_variant": profile.paper_variant,
            "params": {k: str(v) for k, v in profile.params},
            "runs_per_instance": profile.runs, "family_level": FAMILY_LEVEL,
            "instances": instances}


def operator_vectors(algorithm: str, params: dict[str, Any]) -> dict[str, Any]:
    """The exact enclosures of one operator family's cells at the given parameters."""
    from zonemax.conformance.operators import (
        DRAWS,
        FAMILIES,
        TAIL,
        operator_profile,
        operator_spec,
    )
    from zonemax.conformance.profiles import FAMILY_LEVEL

    spec = operator_spec(algorithm, params)
    profile = operator_profile(FAMILIES[algorithm], spec)
    variants = {}
    for name, items, same in profile.laws:
        cells = [{"step": None if cell == TAIL else cell, "lo": str(lo), "hi": str(hi)}
                 for cell, (lo, hi) in sorted(items, key=lambda kv: (kv[0] == TAIL,
                                                                    kv[0] if kv[0] != TAIL
                                                                    else 0))]
        variants[name] = {"same_law_as": same, "cells": cells}
    return {"format": FORMAT_VERSION, "kind": "operator", "algorithm": algorithm,
            "family": profile.family, "paper_variant": profile.paper_variant,
            "params": {k: str(v) for k, v in spec.params().items() if k not in ("n", "a")},
            "cell_limit": profile.limit, "draws": DRAWS, "family_level": FAMILY_LEVEL,
            "variants": variants}


def build_vectors() -> dict[str, str]:
    """Every vector file by name, as the text written (canonical JSON), with the manifest."""
    from zonemax import __version__
    from zonemax.conformance.profiles import PROFILES

    out: dict[str, str] = {}
    for algorithm in PROFILES:
        out[f"{algorithm}.run.json"] = _dump(run_vectors(algorithm))
    for algorithm, params in OPERATOR_EXPORTS:
        out[f"{algorithm}.operator.json"] = _dump(operator_vectors(algorithm, params))
    out["vectors.schema.json"] = VECTORS_SCHEMA_PATH.read_text()
    manifest = {"format": FORMAT_VERSION, "zonemax": __version__,
                "files": {name: hashlib.sha256(text.encode()).hexdigest()
                          for name, text in sorted(out.items())}}
    out["MANIFEST.json"] = _dump(manifest)
    return out


def write_vectors(directory: Path) -> list[Path]:
    """Write :func:`build_vectors` into ``directory`` (created if missing); the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in build_vectors().items():
        path = directory / name
        path.write_text(text)
        written.append(path)
    return written


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"
