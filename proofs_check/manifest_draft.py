r"""Draft or compare the checker manifest's ``claims.json`` from the search's certificates.

The manifest (:mod:`zonemax.proofs_check.checker.manifest`) is the checker's reviewed reading of
the paper; this tool is how a change of the search reaches it *through review*:

* ``python -m zonemax.proofs_check.manifest_draft --diff`` runs every claim, writes its
  certificates, and prints, claim by claim, where they differ from the manifest (the checker
  rejects exactly these);
* ``--write`` writes the search's current reading into ``claims.json`` (the first draft was made
  this way; afterwards, read the ``git diff`` of ``claims.json`` against the TeX before
  committing it).

For every claim the draft takes: the TeX reference of its text certificate, the statement,
quantifier, status and coverage of its file, every exact check (``arith``, ``forall``,
``identity``, ``data``: everything but the search's ``smt`` hints and the text), and for a claim
proved by hand its ``covered`` text as the argument.  Nothing of the Coq or SMT formulas: those
are written by hand in the manifest's Python modules.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker.manifest import _CLAIMS_JSON
from zonemax.proofs_check.checker.statement import BY_HAND
from zonemax.proofs_check.registry import EDITORIAL, run_claims


def draft() -> dict[str, Any]:
    """The search's current reading in the layout of ``claims.json``."""
    results = run_claims()
    with tempfile.TemporaryDirectory() as tmp:
        write_certificates(results, Path(tmp), EDITORIAL)
        claims = []
        for r in results:
            doc = json.loads((Path(tmp) / f"{r.claim.id}.json").read_text(encoding="utf-8"))
            text = [c for c in doc["certificates"] if c["kind"] == "text"]
            checks = [{"kind": c["kind"], "spec": {k: v for k, v in c.items() if k != "kind"}}
                      for c in doc["certificates"] if c["kind"] not in ("text", "smt")]
            entry: dict[str, Any] = {
                "id": r.claim.id,
                "tex": [text[0]["first"], text[0]["last"], text[0]["quote"]],
                "statement": doc["statement"], "quantifier": doc["quantifier"],
                "verdict": doc["status"], "coverage": doc["coverage"], "checks": checks}
            if doc["coverage"] == BY_HAND:
                entry["by_hand"] = doc["covered"]
            claims.append(entry)
    editorial = [{"id": e.id, "tex": [e.tex.first, e.tex.last, e.tex.quote]} for e in EDITORIAL]
    return {"claims": claims, "editorial": editorial}


def differences(current: dict[str, Any], reviewed: dict[str, Any]) -> list[str]:
    """One line per claim whose draft differs from the reviewed manifest."""
    old = {c["id"]: c for c in reviewed.get("claims", [])}
    new = {c["id"]: c for c in current["claims"]}
    out = [f"{cid}: new claim" for cid in new if cid not in old]
    out += [f"{cid}: no longer registered" for cid in old if cid not in new]
    for cid in new.keys() & old.keys():
        keys = sorted(k for k in set(new[cid]) | set(old[cid]) if new[cid].get(k) != old[cid].get(k))
        if keys:
            out.append(f"{cid}: differs in {', '.join(keys)}")
    if current["editorial"] != reviewed.get("editorial"):
        out.append("editorial entries differ")
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="manifest_draft", description=__doc__)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--diff", action="store_true")
    mode.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    current = draft()
    if args.write:
        _CLAIMS_JSON.write_text(json.dumps(current, indent=1, ensure_ascii=False) + "\n",
                                encoding="utf-8")
        sys.stdout.write(f"wrote {_CLAIMS_JSON}: review its diff against the TeX\n")
        return 0
    reviewed = json.loads(_CLAIMS_JSON.read_text(encoding="utf-8")) if _CLAIMS_JSON.is_file() \
        else {}
    lines = differences(current, reviewed)
    sys.stdout.write("\n".join(lines) + "\n" if lines else "the search agrees with the manifest\n")
    return 1 if lines else 0


if __name__ == "__main__":
    raise SystemExit(main())
