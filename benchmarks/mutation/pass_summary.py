"""Summarise an unfinished checker pass: verdicts so far, and every survivor with its change.

A mutation *record* (``run_mutation.py --report-only``) must explain every survivor
(``tests/test_mutation_records.py``).  While the survivors of a pass are still being read, this
script writes what the pass found, without claiming a record::

    python benchmarks/mutation/pass_summary.py WORKDIR OUT.json [HEADER.md]

(with ``HEADER.md``: also ``OUT.md``, that header followed by the counts and the survivors)

``OUT.json``: counts by status, verdicts by function, and each survivor's changed lines (taken
from mutmut's generated copy: the mutant's function against ``..._mutmut_orig``, no mutmut call
per mutant), with a class where one can be read from the change alone (``message``: only the text
of a refusal or an answer changes, which no verdict reads).
"""

from __future__ import annotations

import ast
import difflib
import io
import json
import sys
import tokenize
from pathlib import Path
from typing import Any


def _strings_blanked(line: str) -> str | None:
    """The line's tokens with every string literal replaced by ``S`` (None if it does not
    tokenize on its own)."""
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline):
            if tok.type == tokenize.STRING:
                out.append("S")
            elif tok.type not in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER,
                                  tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT):
                out.append(tok.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return " ".join(out)


def classify(minus: list[str], plus: list[str]) -> str:
    """``message`` when the change replaces string literals only, in a line that raises or
    builds an answer (the wording of a refusal, never what is refused); else ``""``."""
    if not minus or len(minus) != len(plus):
        return ""
    before = [_strings_blanked(line) for line in minus]
    after = [_strings_blanked(line) for line in plus]
    if None in before or before != after:
        return ""
    joined = " ".join(b or "" for b in before)
    return "message" if any(w in joined for w in ("raise", "Error", "_Reject")) else ""


def mutant_diffs(workdir: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Mutant name -> (removed lines, added lines), read from mutmut's generated modules."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    for meta in sorted((workdir / "mutants").rglob("*.py.meta")):
        source_path = meta.with_suffix("")
        text = source_path.read_text(encoding="utf-8")
        parts = source_path.relative_to(workdir / "mutants").with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)  # mutmut's naming
        tree = ast.parse(text)
        source = text.splitlines()
        bodies: dict[str, list[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and "__mutmut_" in node.name:
                # the body (the def line differs by name); line numbers, not
                # ast.get_source_segment, which rescans the whole file at every call
                bodies[node.name] = source[node.lineno:node.end_lineno]
        for name, lines in bodies.items():
            stem, _, tail = name.rpartition("__mutmut_")
            if tail == "orig":
                continue
            orig = bodies.get(f"{stem}__mutmut_orig", [])
            minus, plus = [], []
            for line in list(difflib.unified_diff(orig, lines, lineterm="", n=0))[2:]:
                if line.startswith("-"):
                    minus.append(line[1:])
                elif line.startswith("+"):
                    plus.append(line[1:])
            out[f"{module}.{name}"] = (minus, plus)
    return out


#: Verdicts of ``inprocess_pass.py`` that kill (``crashed``: the test process died under it).
KILLS = ("killed", "timeout", "crashed")


def _rank(status: str) -> int:
    return 3 if status in KILLS else {"survived": 2, "no tests": 1}.get(status, 0)


def merged_verdicts(workdir: Path) -> dict[str, list[str]]:
    """Every mutant's verdict over all ``WORKDIR/inprocess-*.json`` files ([status, test]): a
    kill in any pass wins (a later pass over the survivors ran more tests), then a survival,
    then "no tests"; "not in this pass" is no verdict."""
    out: dict[str, list[str]] = {}
    for path in sorted(workdir.glob("inprocess-*.json")):
        for name, verdict in json.loads(path.read_text(encoding="utf-8")).items():
            if verdict[0] != "not in this pass" and (
                    name not in out or _rank(verdict[0]) > _rank(out[name][0])):
                out[name] = verdict
    return out


def summarise(workdir: Path) -> dict[str, Any]:
    # verdicts of the earlier pass (run_mutation.py --previous writes them here)
    prior = workdir / "previous.json"
    previous = json.loads(prior.read_text(encoding="utf-8")) if prior.exists() else {}
    verdicts = merged_verdicts(workdir)
    diffs = mutant_diffs(workdir)
    counts: dict[str, int] = {}
    survivors = []
    for name in sorted(diffs):
        if name in verdicts:
            status = verdicts[name][0]
        else:
            status = {"not checked": "not judged yet"}.get(previous.get(name, ""),
                                                            previous.get(name, "not judged yet"))
        counts[status] = counts.get(status, 0) + 1
        if status in ("survived", "no tests"):
            minus, plus = diffs[name]
            survivors.append({"mutant": name, "status": status, "class": classify(minus, plus),
                              "removed": minus, "added": plus})
    return {"workdir": str(workdir), "mutants": len(diffs), "counts": counts,
            "survivors": survivors}


def markdown(summary: dict[str, Any], header: str) -> str:
    """The summary for reading: counts, then the survivors by function with their change."""
    lines = [header.rstrip(), "",
             f"* mutants: {summary['mutants']}; "
             + ", ".join(f"{k}: {v}" for k, v in sorted(summary["counts"].items())), ""]
    by_function: dict[str, list[dict[str, Any]]] = {}
    for s in summary["survivors"]:
        by_function.setdefault(s["mutant"].rsplit("__mutmut_", 1)[0], []).append(s)
    lines += ["| function | survivors | of which only a message changes |", "|---|---|---|"]
    for function, group in sorted(by_function.items(), key=lambda kv: -len(kv[1])):
        short = function.replace("zonemax.proofs_check.checker.", "")
        lines.append(f"| `{short}` | {len(group)} | {sum(s['class'] == 'message' for s in group)} |")
    lines += ["", "## Survivors", "", "| mutant | status | class | change |", "|---|---|---|---|"]
    for s in summary["survivors"]:
        change = " / ".join(x.strip() for x in s["removed"]) + " -> " + \
            " / ".join(x.strip() for x in s["added"])
        change = change.replace("|", "\\|")[:200]
        short = s["mutant"].replace("zonemax.proofs_check.checker.", "")
        lines.append(f"| `{short}` | {s['status']} | {s['class'] or '-'} | `{change}` |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    summary = summarise(Path(argv[0]).resolve())
    Path(argv[1]).write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    if len(argv) == 3:  # OUT.md with the header text read from argv[2]
        header = Path(argv[2]).read_text(encoding="utf-8")
        Path(argv[1]).with_suffix(".md").write_text(markdown(summary, header), encoding="utf-8")
    classes: dict[str, int] = {}
    for s in summary["survivors"]:
        classes[s["class"] or "to read"] = classes.get(s["class"] or "to read", 0) + 1
    print(json.dumps(summary["counts"]), json.dumps(classes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
