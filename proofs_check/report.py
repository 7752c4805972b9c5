"""Formatting of claim results: a terminal listing, a markdown errata sheet, JSON.

All functions return strings (or plain data); printing is the command line's job.  Every
format shows, for every verdict (``holds`` included), its scope (coverage, the quantifier as
printed, the domain covered, the number of cases), the method labels (recorded while the check
ran) and, for findings, the severity.  Counts separate the coverage classes: proved by machine,
exhaustive on a finite range, sampled, proved by hand.  Editorial entries (typos, text-only
findings) and zonemax's own tables (the c_eps enclosures) are listed apart and never counted
among the verdicts.
"""

from __future__ import annotations

import json
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Any

from zonemax.proofs_check.core import (
    ClaimResult,
    Coverage,
    Editorial,
    Evidence,
    Scope,
    Severity,
    Status,
)
from zonemax.proofs_check.serialise import jsonable, render

#: Order in which verdicts are listed (most actionable first).
STATUS_ORDER = (Status.FAILS, Status.INCONCLUSIVE, Status.HOLDS)
#: Order of the findings within a section: most severe first.
SEVERITY_ORDER = (Severity.FALSE, Severity.PROOF_GAP, Severity.EXPERIMENT, Severity.IMPRECISE)
SECTION_TITLES = {
    1: "Section 1 - Introduction",
    2: "Section 2 - Preliminaries (definitions, algorithms, drift theorems)",
    3: "Section 3 - Unit mutation strength (Theorems 3, 4)",
    4: "Section 4 - Heavy-tailed mutation strength (Theorem 5, Corollary 6)",
    5: "Section 5 - Self-adjusting RLS (Lemmas 7, 8, Theorem 9)",
    6: "Section 6 - Experiments (and Appendix A)",
}
#: What each coverage means for a ``holds`` verdict, in the reports' words.
COVERAGE_READING = {
    Coverage.PROVED: "proved",
    Coverage.EXHAUSTIVE: "on the checked range",
    Coverage.SAMPLED: "on the sample",
    Coverage.BY_HAND: "by hand",
}


# ------------------------------------------------------------------------------------ counts
def totals(results: Sequence[ClaimResult]) -> dict[str, int]:
    """Number of verdicts per status (every status of :data:`STATUS_ORDER` listed, possibly 0;
    any other status present is appended).  Editorial entries are not results: never counted."""
    counts = Counter(r.verdict.status for r in results)
    out = {str(s): counts.get(s, 0) for s in STATUS_ORDER}
    out.update({str(s): n for s, n in counts.items() if s not in STATUS_ORDER})
    return out


def by_coverage(results: Sequence[ClaimResult], status: Status) -> dict[str, int]:
    """The verdicts with ``status`` split by coverage: proved (by machine) / on the checked
    range / on the sample / by hand (and ``no scope`` for a verdict that lacks one); every class
    is listed for ``holds``, only the classes that occur for other statuses."""
    counts: Counter[str] = Counter()
    for r in results:
        if r.verdict.status is status:
            scope = r.verdict.scope
            counts["no scope" if scope is None else COVERAGE_READING[scope.coverage]] += 1
    keys = [*COVERAGE_READING.values(), "no scope"]
    if status is Status.HOLDS:
        return {k: counts[k] for k in keys if counts[k] or k != "no scope"}
    return {k: counts[k] for k in keys if counts[k]}


def holds_by_coverage(results: Sequence[ClaimResult]) -> dict[str, int]:
    """The ``holds`` verdicts split by coverage: proved / on the checked range / on the sample /
    by hand (and ``no scope`` for a verdict that lacks one)."""
    return by_coverage(results, Status.HOLDS)


def by_severity(results: Sequence[ClaimResult]) -> dict[str, int]:
    """The findings (verdicts other than ``holds``) per severity, most severe first."""
    counts: Counter[str] = Counter()
    for r in results:
        if r.verdict.status is not Status.HOLDS:
            sev = r.claim.severity
            counts["not assessed" if sev is None else str(sev)] += 1
    keys = [*(str(s) for s in SEVERITY_ORDER), "not assessed"]
    return {k: counts[k] for k in keys if counts[k]}


def totals_line(results: Sequence[ClaimResult], editorial: int) -> str:
    """One line: verdicts by status (holds split by coverage), findings by severity, editorial."""
    tot = totals(results)
    parts = []
    for status, n in tot.items():
        split = by_coverage(results, Status(status))
        if n and (status == str(Status.HOLDS) or set(split) - {"proved"}):
            cov = ", ".join(f"{k} {v}" for k, v in split.items())
            parts.append(f"{status} {n} ({cov})")
        else:
            parts.append(f"{status} {n}")
    line = f"{len(results)} verdicts: " + ", ".join(parts)
    sev = by_severity(results)
    if sev:
        line += "; findings by severity: " + ", ".join(f"{k} {v}" for k, v in sev.items())
    return line + f"; editorial entries (not counted): {editorial}"


def finding_key(r: ClaimResult) -> tuple[int, int, int]:
    """Sort key of a finding: severity (most severe first), then status, then section."""
    sev = r.claim.severity
    sev_rank = SEVERITY_ORDER.index(sev) if sev in SEVERITY_ORDER else len(SEVERITY_ORDER)
    status_rank = STATUS_ORDER.index(r.verdict.status) if r.verdict.status in STATUS_ORDER \
        else len(STATUS_ORDER)
    return (sev_rank, status_rank, r.claim.section)


def _wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = ""
          ) -> list[str]:
    """Wrap at spaces only: hyphenated words (``re-checkable``) and long tokens stay whole."""
    return textwrap.wrap(text, width, initial_indent=initial_indent,
                         subsequent_indent=subsequent_indent, break_on_hyphens=False,
                         break_long_words=False)


def scope_text(scope: Scope | None) -> str:
    """The scope in one line: coverage; the quantifier as printed; the domain covered; cases."""
    if scope is None:
        return "NO SCOPE RECORDED"
    cases = "" if scope.cases is None else f" ({scope.cases} cases)"
    return (f"{scope.coverage} -- paper: {scope.quantifier} -- covered: {scope.covered}{cases}")


def first_sentence(text: str) -> str:
    """The first sentence of a summary (up to the first '.  ' or '. ' followed by a capital)."""
    for k in range(len(text) - 2):
        if text[k] == "." and text[k + 1] == " " and (text[k + 2] == " " or
                                                      text[k + 2].isupper()):
            return text[:k + 1]
    return text


# -------------------------------------------------------------------------------------- JSON
def _scope_record(scope: Scope | None) -> dict[str, Any] | None:
    if scope is None:
        return None
    return {"coverage": str(scope.coverage), "quantifier": scope.quantifier,
            "covered": scope.covered, "cases": scope.cases}


def to_records(results: Sequence[ClaimResult]) -> list[dict[str, Any]]:
    """JSON-ready records of the verdicts: the claim (id, location, statement, methods, TeX
    place, severity, fix), the verdict (status, reading, summary, scope, evidence, witness,
    certificate kinds) and its controls."""
    verdicts = {r.claim.id: r.verdict for r in results}
    out = []
    for r in results:
        c, v = r.claim, r.verdict
        fix_verdict = verdicts.get(c.fix_claim) if c.fix_claim else None
        out.append({
            "id": c.id,
            "section": c.section,
            "location": c.location,
            "statement": c.statement,
            "formula": None if c.formula is None else str(c.formula),
            "method": v.method,
            "methods": [str(m) for m in v.methods],
            "verdict": str(v.status),
            "reading": v.reading,
            "severity": None if c.severity is None else str(c.severity),
            "summary": v.summary,
            "scope": _scope_record(v.scope),
            "controls": [{"label": k.label, "params": jsonable(dict(k.params)),
                          "expect": str(k.expect)} for k in c.controls],
            "tex": None if c.tex is None else {"first": c.tex.first, "last": c.tex.last,
                                               "quote": c.tex.quote},
            "fix": c.fix,
            "fix_claim": c.fix_claim,
            "fix_claim_verdict": None if fix_verdict is None else fix_verdict.reading,
            "reproduction": c.reproduction,
            "evidence": jsonable(v.evidence_dict()),
            "witness": jsonable(v.witness_dict()) if v.witness else None,
            "certificates": [cert.kind for cert in v.certificates],
            "seconds": round(r.seconds, 4),
        })
    return out


def editorial_records(editorial: Sequence[Editorial]) -> list[dict[str, Any]]:
    """JSON-ready records of the editorial entries (not verdicts)."""
    return [{"id": e.id, "section": e.section, "tex": {"first": e.tex.first, "last": e.tex.last,
                                                      "quote": e.tex.quote},
             "finding": e.finding, "correction": e.correction} for e in editorial]


def format_json(results: Sequence[ClaimResult], editorial: Sequence[Editorial] = (),
                tables: Sequence[ClaimResult] = ()) -> str:
    """``{"totals": ..., "claims": [records], "editorial": [records], "tables": [records]}`` as
    JSON; ``totals`` counts the verdicts only (see :func:`to_records`,
    :func:`editorial_records`; the tables are zonemax's own, recorded like claims)."""
    doc = {
        "paper": "Run Time Bounds for Integer-Valued OneMax Functions (arXiv:2307.11855)",
        "totals": {"verdicts": len(results), "by_status": totals(results),
                   "holds_by_coverage": holds_by_coverage(results),
                   "fails_by_coverage": by_coverage(results, Status.FAILS),
                   "findings_by_severity": by_severity(results),
                   "editorial_not_counted": len(editorial),
                   "tables_not_counted": len(tables)},
        "claims": to_records(results),
        "editorial": editorial_records(editorial),
        "tables": to_records(tables),
    }
    return json.dumps(doc, indent=2)


# -------------------------------------------------------------------------------------- text
def format_text(results: Sequence[ClaimResult], editorial: Sequence[Editorial] = (),
                width: int = 120, tables: Sequence[ClaimResult] = ()) -> str:
    """A listing for the terminal: per claim its verdict (as it should be read), severity and
    method, its scope and its summary, grouped by section; then the totals."""
    lines: list[str] = []
    pad = " " * 4
    verdicts = {r.claim.id: r.verdict for r in results}
    for section in sorted({r.claim.section for r in results}):
        lines += [SECTION_TITLES.get(section, f"Section {section}"), ""]
        for r in (g for g in results if g.claim.section == section):
            c, v = r.claim, r.verdict
            head = f"{c.id}  {v.reading}"
            if v.status is not Status.HOLDS:
                head += f"  [{c.severity or 'severity not assessed'}]"
            lines.append(f"{head}  ({v.method})")
            lines += _wrap("scope: " + scope_text(v.scope), width, initial_indent=pad,
                                   subsequent_indent=pad + "  ")
            lines.append(pad + textwrap.shorten(v.summary, width - len(pad), placeholder=" ..."))
            if v.status is not Status.HOLDS and c.fix:
                fix = f"fix: {c.fix}"
                if c.fix_claim:
                    fv = verdicts.get(c.fix_claim)
                    fix += f" [checked: {c.fix_claim}, {fv.reading if fv else 'not run'}]"
                lines.append(pad + textwrap.shorten(fix, width - len(pad), placeholder=" ..."))
        lines.append("")
    if editorial:
        lines += ["Editorial (typos and text-only findings; not verdicts, not counted)", ""]
        lines += [textwrap.shorten(f"{e.id}  TeX l. {e.tex.lines}: {e.finding}", width,
                                   placeholder=" ...") for e in editorial]
        lines.append("")
    if tables:
        lines += ["zonemax's own tables (not claims of the paper, not counted)", ""]
        for r in tables:
            lines.append(f"{r.claim.id}  {r.verdict.reading}  ({r.verdict.method})")
            lines += _wrap("scope: " + scope_text(r.verdict.scope), width, initial_indent=pad,
                           subsequent_indent=pad + "  ")
            lines.append(pad + textwrap.shorten(r.verdict.summary, width - len(pad),
                                                placeholder=" ..."))
        lines.append("")
    lines.append("totals: " + totals_line(results, len(editorial)))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------- markdown
def _md_items(pairs: Evidence) -> list[str]:
    return [f"  - `{k}`: {render(v)}" for k, v in pairs]


def _quote(text: str) -> str:
    return " ".join(text.split())


def _cell(text: str) -> str:
    """Text for a markdown table cell (a '|' would end the cell)."""
    return _quote(text).replace("|", "\\|")


def format_markdown(results: Sequence[ClaimResult], editorial: Sequence[Editorial] = (),
                    tables: Sequence[ClaimResult] = ()) -> str:
    """An errata sheet for a reader who has only the paper.

    Findings first, by section and most severe first within a section: severity, the TeX lines,
    the printed text, the finding with its witness, the suggested fix and the verdict of the
    claim that checks the fix, and for Section 6 the reproduction's verdict; then the editorial
    list; then every verified claim with its scope.
    """
    verdicts = {r.claim.id: r for r in results}
    lines = [
        "# Errata and verification report",
        "",
        "*Run Time Bounds for Integer-Valued OneMax Functions* (Gadea Harder, Kötzing, Li, "
        "Radhakrishnan, arXiv:2307.11855), checked claim by claim by `zonemax claims`.  Line "
        "numbers refer to the paper's LaTeX source (`integer-onemax-run-time-bounds.tex`).",
        "",
        "How to read it.  **fails**: false as printed, with a counterexample (witness).  "
        "**inconclusive**: the check could not decide.  **holds**: true on the stated scope: "
        "*proved* for the whole domain the paper quantifies over (symbolic computation, a "
        "decision procedure, interval arithmetic with a finite cover, or a Coq theorem of the "
        "independent checker), *on the checked range* (an exhaustive check of a finite part of "
        "the domain, with its number of cases), *on the sample*, or *by hand* (the step that "
        "covers the whole domain is an argument in words, named in the scope; a verdict that "
        "rests on one reads 'holds (by hand)' or 'fails (by hand)').  The methods are those "
        "that ran.  Severity of a finding: *false as stated, theorem affected*; "
        "*proof gap with a checked repair*; *experimental claim not supported by the data*; "
        "*imprecise but harmless*.  Each suggested fix is itself a registered claim, checked "
        "like the others.  Every verdict can be re-checked independently: "
        "`zonemax claims --certificates DIR && zonemax claims --check DIR`.",
        "",
        "Totals: " + totals_line(results, len(editorial)) + ".",
        "",
        "## Findings",
        "",
    ]
    findings = [r for r in results if r.verdict.status is not Status.HOLDS]
    if not findings:
        lines += ["None.", ""]
    number = 0
    for section in sorted({r.claim.section for r in findings}):
        lines += [f"### {SECTION_TITLES.get(section, f'Section {section}')}", ""]
        for r in sorted((f for f in findings if f.claim.section == section), key=finding_key):
            number += 1
            c, v = r.claim, r.verdict
            sev = c.severity or "severity not assessed"
            lines += [f"#### {number}. `{c.id}`: {v.reading} ({sev})", ""]
            where = c.location + (f", TeX lines {c.tex.lines}" if c.tex else "")
            lines.append(f"- **Where:** {where}")
            if c.tex:
                lines.append(f"- **Printed:** \"{_quote(c.tex.quote)}\"")
            lines += [f"- **Claim checked:** {c.statement}",
                      f"- **Finding:** {v.summary}"]
            if v.witness:
                lines += ["- **Witness:**", *_md_items(v.witness)]
            lines += [f"- **Scope:** {scope_text(v.scope)}", f"- **Method:** {v.method}"]
            if c.fix:
                fix = f"- **Suggested fix:** {c.fix}"
                if c.fix_claim:
                    fr = verdicts.get(c.fix_claim)
                    state = "not run in this report" if fr is None else (
                        f"{fr.verdict.reading} ({scope_text(fr.verdict.scope)})")
                    fix += f"  The fix is checked as `{c.fix_claim}`: {state}."
                lines.append(fix)
            if c.reproduction:
                lines.append(f"- **Reproduction:** {c.reproduction}")
            if v.evidence:
                lines += ["- **Evidence:**", *_md_items(v.evidence)]
            lines.append("")
    lines += ["## Editorial (typos and text-only findings; not verdicts, not counted)", ""]
    if editorial:
        lines += ["| entry | TeX lines | printed | finding | correction |", "|---|---|---|---|---|"]
        lines += [f"| `{e.id}` | {e.tex.lines} | `{_cell(e.tex.quote)}` | {_cell(e.finding)} | "
                  f"{_cell(e.correction)} |" for e in editorial]
    else:
        lines.append("None.")
    lines += ["", "## Verified claims", ""]
    for section in sorted({r.claim.section for r in results}):
        held = [r for r in results if r.claim.section == section
                and r.verdict.status is Status.HOLDS]
        if not held:
            continue
        lines += [f"### {SECTION_TITLES.get(section, f'Section {section}')}", ""]
        for r in held:
            c, v = r.claim, r.verdict
            tex = f", TeX lines {c.tex.lines}" if c.tex else ""
            lines.append(f"- `{c.id}` ({c.location}{tex}): **{v.reading}**.  {c.statement}  "
                         f"*Scope:* {scope_text(v.scope)}.  *Method:* {v.method}.  {v.summary}")
        lines.append("")
    if tables:
        lines += ["## zonemax's own tables (not claims of the paper, not counted)", ""]
        for r in tables:
            c, v = r.claim, r.verdict
            lines.append(f"- `{c.id}`: **{v.reading}**.  {c.statement}  *Scope:* "
                         f"{scope_text(v.scope)}.  *Method:* {v.method}.  {v.summary}")
        lines.append("")
    return "\n".join(lines)
