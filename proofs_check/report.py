"""Formatting of claim results: a terminal table, a markdown errata sheet, JSON.

All functions return strings; printing is the command line's job.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Any

from zonemax.proofs_check.core import ClaimResult, Status, jsonable, render

#: Order in which verdicts are listed (most actionable first).
STATUS_ORDER = (Status.FAILS, Status.CAVEAT, Status.INCONCLUSIVE, Status.HOLDS)
SECTION_TITLES = {
    1: "Section 1 - Introduction",
    2: "Section 2 - Preliminaries",
    3: "Section 3 - Unit mutation strength (Theorems 3, 4)",
    4: "Section 4 - Heavy-tailed mutation strength (Theorem 5, Corollary 6)",
    5: "Section 5 - Self-adjusting RLS (Lemmas 7, 8, Theorem 9)",
    6: "Section 6 - Experiments",
}


def totals(results: Sequence[ClaimResult]) -> dict[str, int]:
    """Number of claims per verdict (every verdict listed, possibly 0)."""
    counts = Counter(r.verdict.status for r in results)
    return {str(s): counts.get(s, 0) for s in STATUS_ORDER}


def to_records(results: Sequence[ClaimResult]) -> list[dict[str, Any]]:
    """JSON-ready records: id, location, statement, method, verdict, evidence (+ extras)."""
    out = []
    for r in results:
        c, v = r.claim, r.verdict
        out.append({
            "id": c.id,
            "section": c.section,
            "location": c.location,
            "statement": c.statement,
            "formula": None if c.formula is None else str(c.formula),
            "method": str(c.method),
            "verdict": str(v.status),
            "summary": v.summary,
            "evidence": jsonable(v.evidence_dict()),
            "witness": jsonable(v.witness_dict()) if v.witness else None,
            "seconds": round(r.seconds, 4),
        })
    return out


def format_json(results: Sequence[ClaimResult]) -> str:
    """The results as a JSON list (see :func:`to_records`)."""
    return json.dumps(to_records(results), indent=2)


def format_text(results: Sequence[ClaimResult], width: int = 120) -> str:
    """A table for the terminal, ending with totals by verdict."""
    id_w = max([len("id"), *(len(r.claim.id) for r in results)])
    st_w = max(len(str(s)) for s in STATUS_ORDER)
    me_w = max([len("method"), *(len(str(r.claim.method)) for r in results)])
    sum_w = max(20, width - id_w - st_w - me_w - 6)
    lines = [f"{'id':<{id_w}}  {'verdict':<{st_w}}  {'method':<{me_w}}  summary",
             "-" * min(width, id_w + st_w + me_w + 6 + sum_w)]
    for r in results:
        summary = textwrap.shorten(r.verdict.summary, sum_w, placeholder="...")
        lines.append(f"{r.claim.id:<{id_w}}  {r.verdict.status!s:<{st_w}}  "
                     f"{r.claim.method!s:<{me_w}}  {summary}")
    lines.append("")
    tot = totals(results)
    lines.append("totals: " + ", ".join(f"{k} {n}" for k, n in tot.items())
                 + f" (of {len(results)})")
    return "\n".join(lines) + "\n"


def _md_items(pairs: tuple[tuple[str, Any], ...]) -> list[str]:
    return [f"  - `{k}`: {render(v)}" for k, v in pairs]


def format_markdown(results: Sequence[ClaimResult]) -> str:
    """An errata sheet grouped by section; failures and caveats first, with witnesses."""
    lines = ["# Errata and verification report",
             "",
             "*Run Time Bounds for Integer-Valued OneMax Functions* (Gadea Harder, Koetzing, Li, "
             "Radhakrishnan, arXiv:2307.11855), checked claim by claim by `zonemax claims`.",
             "",
             "Verdicts: **fails** (false as printed; a counterexample is given), "
             "**holds-with-caveat** (true in substance, text wrong or incomplete), "
             "**inconclusive**, **holds**.  Enumeration and property-based checks cover the "
             "stated finite domain only.",
             "",
             "Totals: " + ", ".join(f"{k}: {n}" for k, n in totals(results).items()),
             ""]
    for section in sorted({r.claim.section for r in results}):
        group = [r for r in results if r.claim.section == section]
        lines += [f"## {SECTION_TITLES.get(section, f'Section {section}')}", ""]
        for status in STATUS_ORDER:
            for r in (g for g in group if g.verdict.status is status):
                c, v = r.claim, r.verdict
                if status is Status.HOLDS:
                    continue
                lines += [f"### `{c.id}` - {v.status}", "",
                          f"- **Where:** {c.location}",
                          f"- **Statement:** {c.statement}",
                          f"- **Method:** {c.method}",
                          f"- **Finding:** {v.summary}"]
                if v.witness:
                    lines += ["- **Witness:**", *_md_items(v.witness)]
                if v.evidence:
                    lines += ["- **Evidence:**", *_md_items(v.evidence)]
                lines.append("")
        held = [r for r in group if r.verdict.status is Status.HOLDS]
        if held:
            lines += ["Verified (holds):", ""]
            lines += [f"- `{r.claim.id}` ({r.claim.location}; {r.claim.method}): "
                      f"{r.verdict.summary}" for r in held]
            lines.append("")
    return "\n".join(lines)
