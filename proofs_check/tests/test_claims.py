"""The end state of every registered claim (issue 11, CLAIMS_GUIDE.md), enforced over the registry.

For every claim: at least one control, and every control flips the verdict (run through the
claim's own check); a scope on every verdict; the TeX reference present and its quote found in
those lines; severity and fix on every claim that does not hold, and its fix claim registered and
holding; no ``holds-with-caveat``; every holds/fails verdict certified by something other than its
text; all certificates written and re-checked by the independent checker; editorial entries
found in the TeX and never counted; the verdicts pinned.

Heavy run (``-m slow``, ``heavy=True``): verdicts identical to the default run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from zonemax.proofs_check import (
    CLAIMS,
    EDITORIAL,
    Status,
    claim_ids,
    format_json,
    format_markdown,
    format_text,
    run_claims,
    run_tables,
)
from zonemax.proofs_check.certificates import write_certificates
from zonemax.proofs_check.checker import check_directory
from zonemax.proofs_check.checker.paper import locate
from zonemax.proofs_check.core import Claim, ClaimResult, Editorial, TexRef
from zonemax.proofs_check.expected import EXPECTED
from zonemax.proofs_check.report import scope_text
from zonemax.proofs_check.summary import current_block, render_summary, replace_block

#: The paper's TeX if it is found (optional input: without it text certificates are
#: "not checked"; the quote tests take the ``paper_tex`` fixture, which skips).
PAPER = locate()
README = Path(__file__).resolve().parents[2] / "docs" / "findings.md"

#: Issue 11's done-when: ``zonemax claims --format json`` lists at least this many claims.
MIN_CLAIMS = 80

BY_ID = {c.id: c for c in CLAIMS}
def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _quote_found(tex: TexRef, paper_tex: Path) -> bool:
    lines = paper_tex.read_text(encoding="utf-8").split("\n")
    return tex.last <= len(lines) and \
        _normalise(tex.quote) in _normalise(" ".join(lines[tex.first - 1:tex.last]))


def _ids(claims: Iterable[Claim]) -> list[str]:
    return [c.id for c in claims]


@pytest.fixture(scope="module")
def results() -> tuple[ClaimResult, ...]:
    return run_claims()


@pytest.fixture(scope="module")
def verdicts(results: tuple[ClaimResult, ...]) -> dict[str, ClaimResult]:
    return {r.claim.id: r for r in results}


# ------------------------------------------------------------------------------- registry
def test_registry_matches_expected_table() -> None:
    assert len(claim_ids()) == len(set(claim_ids()))
    assert set(claim_ids()) == set(EXPECTED)
    editorial_ids = [e.id for e in EDITORIAL]
    assert len(editorial_ids) == len(set(editorial_ids))
    assert not set(editorial_ids) & set(claim_ids())


def test_at_least_80_claims() -> None:
    """Issue 11's done-when: at least 80 claims with verdicts (editorial entries not counted)."""
    assert len(CLAIMS) >= MIN_CLAIMS


@pytest.mark.parametrize("claim", CLAIMS, ids=_ids(CLAIMS))
def test_claim_is_well_formed(claim: Claim) -> None:
    assert claim.id.startswith(f"S{claim.section}.")
    assert claim.location and claim.statement
    assert claim.tex is not None, "every claim says where it is printed"
    if EXPECTED[claim.id] is not Status.HOLDS:
        assert claim.severity is not None and claim.fix, "a finding needs severity and fix"
    if claim.fix_claim is not None:
        assert claim.fix_claim in BY_ID, f"fix claim {claim.fix_claim} is not registered"
        assert EXPECTED[claim.fix_claim] is Status.HOLDS, "a fix claim must hold"
    if claim.section == 6:
        assert claim.reproduction, "Section 6 claims point to the reproduction's verdict"


@pytest.mark.parametrize("claim", CLAIMS, ids=_ids(CLAIMS))
def test_claim_quote_is_in_the_tex(claim: Claim, paper_tex: Path) -> None:
    assert claim.tex is not None
    assert _quote_found(claim.tex, paper_tex), f"quote not in TeX lines {claim.tex.lines}"


@pytest.mark.parametrize("claim", CLAIMS, ids=_ids(CLAIMS))
def test_every_control_flips_the_verdict(claim: Claim) -> None:
    assert claim.controls, "a claim without a control is not a machine check"
    for control in claim.controls:
        # a decided claim's control must be decided the other way; an inconclusive claim's
        # controls must show that the same check can decide (holds or fails)
        assert control.expect is not EXPECTED[claim.id], f"{control.label}: expects no flip"
        assert control.expect is not Status.INCONCLUSIVE, f"{control.label}: undecided"
        got = claim.run(heavy=False, **control.params)
        assert got.status is control.expect, f"control {control.label!r} gave {got.status}"
        assert got.scope is not None, f"control {control.label!r}: verdict without scope"


def test_only_the_three_verdicts(results: tuple[ClaimResult, ...]) -> None:
    """``holds-with-caveat`` is retired: an imprecise statement is its printed reading (fails,
    with a severity) plus its checked fix."""
    assert set(Status) == {Status.HOLDS, Status.FAILS, Status.INCONCLUSIVE}
    assert {r.verdict.status for r in results} <= set(Status)


# ------------------------------------------------------------------------------- verdicts
def test_verdicts(results: tuple[ClaimResult, ...]) -> None:
    got = {r.claim.id: r.verdict.status for r in results}
    changed = {k: (EXPECTED[k], v) for k, v in got.items() if EXPECTED[k] is not v}
    assert not changed, f"verdict changed (expected, got): {changed}"


def test_verdicts_are_scoped_and_certified(results: tuple[ClaimResult, ...]) -> None:
    for r in results:
        v = r.verdict
        assert v.scope is not None, f"{r.claim.id}: no scope"
        if v.status in (Status.HOLDS, Status.FAILS):
            assert any(c.kind != "text" for c in v.certificates), \
                f"{r.claim.id}: {v.status} without a certificate besides text"
        if v.status is Status.FAILS:
            assert v.witness, f"{r.claim.id}: a failure needs its witness"


def test_fix_claims_hold(verdicts: dict[str, ClaimResult]) -> None:
    for c in CLAIMS:
        if c.fix_claim is not None:
            assert verdicts[c.fix_claim].verdict.status is Status.HOLDS, c.id


def test_certificates_check(tmp_path: Path, results: tuple[ClaimResult, ...]) -> None:
    """The search's certificates are the manifest's, and every obligation but the Coq proofs
    (test_coq.py compiles those) recomputes: the control of every forgery in test_forgery.py."""
    write_certificates(results, tmp_path, EDITORIAL)
    result = check_directory(tmp_path, PAPER, run_coq=False)
    checked = result.files
    assert len(checked) == len(results) + len(EDITORIAL) and not result.problems
    failed = [(r.claim, r.message) for r in checked if not r.ok]
    assert not failed
    not_run = [u for r in checked for u in r.unchecked if not u.startswith("text")]
    assert all(u.startswith("Coq theorem ") for u in not_run)
    if PAPER.found:
        assert len(not_run) == sum(1 for r in checked for u in r.unchecked), \
            "with the TeX given, every quote is checked"
    else:  # the user's layout: only the quote checks are left out, each saying why
        assert all(u == f"text ({PAPER.not_checked()})" for r in checked for u in r.unchecked
                   if u.startswith("text"))


# ------------------------------------------------------------------------------- editorial
@pytest.mark.parametrize("entry", EDITORIAL, ids=[e.id for e in EDITORIAL])
def test_editorial_entries_are_in_the_tex(entry: object) -> None:
    assert isinstance(entry, Editorial)
    assert entry.id.startswith(f"S{entry.section}.")
    assert entry.finding and entry.correction


@pytest.mark.parametrize("entry", EDITORIAL, ids=[e.id for e in EDITORIAL])
def test_editorial_quote_is_in_the_tex(entry: Editorial, paper_tex: Path) -> None:
    assert _quote_found(entry.tex, paper_tex), f"quote not in TeX lines {entry.tex.lines}"


# ------------------------------------------------------------------------------- reports
def test_text_report_shows_every_scope(results: tuple[ClaimResult, ...]) -> None:
    text = format_text(results, EDITORIAL)
    flat = _normalise(text)
    for r in results:
        assert r.claim.id in text
        if r.verdict.scope is not None:
            assert _normalise(scope_text(r.verdict.scope)) in flat, r.claim.id
    last = text.strip().splitlines()[-1]
    assert last.startswith(f"totals: {len(results)} verdicts: fails ")
    assert f"editorial entries (not counted): {len(EDITORIAL)}" in last


def test_editorial_entries_are_never_counted(results: tuple[ClaimResult, ...]) -> None:
    doc = json.loads(format_json(results, EDITORIAL))
    assert doc["totals"]["verdicts"] == len(results) == len(doc["claims"])
    assert sum(doc["totals"]["by_status"].values()) == len(results)
    assert doc["totals"]["editorial_not_counted"] == len(EDITORIAL) == len(doc["editorial"])
    assert not {e["id"] for e in doc["editorial"]} & {c["id"] for c in doc["claims"]}


def test_json_records_carry_scope_and_controls(results: tuple[ClaimResult, ...]) -> None:
    records = json.loads(format_json(results, EDITORIAL))["claims"]
    assert [r["id"] for r in records] == [r.claim.id for r in results]
    for rec in records:
        assert {"id", "location", "statement", "method", "methods", "verdict", "reading",
                "severity", "scope", "controls", "tex", "fix", "fix_claim", "evidence",
                "certificates"} <= set(rec)
        assert set(rec["scope"]) == {"coverage", "quantifier", "covered", "cases"}, rec["id"]
        assert rec["controls"] and all(c["expect"] != rec["verdict"] for c in rec["controls"])
    law = next(r for r in records if r["id"] == "S2.law-base-free")
    assert law["controls"][0]["params"] == {"exponent": "i + eps"}
    assert law["scope"]["coverage"] == "proved for the whole domain"


def test_markdown_is_an_errata_sheet(results: tuple[ClaimResult, ...]) -> None:
    md = format_markdown(results, EDITORIAL)
    findings = md[md.index("## Findings"):md.index("## Editorial")]
    editorial = md[md.index("## Editorial"):md.index("## Verified claims")]
    verified = md[md.index("## Verified claims"):]
    for r in results:
        section = findings if r.verdict.status is not Status.HOLDS else verified
        assert f"`{r.claim.id}`" in section, r.claim.id
    # Within a section, the most severe finding first: the proof gap before the imprecise ones.
    assert findings.index("S2.thm1-lemma7`") < findings.index("S2.alg2-velocity-prose`")
    entry = findings[findings.index("`S2.thm1-lemma7`"):]
    entry = entry[:entry.index("\n####")] if "\n####" in entry else entry
    for part in ("proof gap with a checked repair", "TeX lines 511", "**Printed:**",
                 "**Witness:**", "**Suggested fix:**", "checked as `S2.thm1-lemma7-stopped`: holds",
                 "**Scope:** proved for the whole domain"):
        assert part in entry, part
    for e in EDITORIAL:
        assert f"`{e.id}`" in editorial and f"`{e.id}`" not in findings + verified
    assert "holds on the checked range" in verified  # a finite check reads as one
    assert "**Scope:** " in findings and "*Scope:* " in verified


def test_readme_block_is_the_generated_summary(results: tuple[ClaimResult, ...]) -> None:
    """The README's 'What zonemax found' findings are generated from the registry."""
    readme = README.read_text(encoding="utf-8")
    expected = replace_block(readme, render_summary(results, EDITORIAL, run_tables()))
    assert current_block(readme) == current_block(expected), (
        "docs/findings.md's claims summary is stale: run "
        "`python -m zonemax.proofs_check.summary --write docs/findings.md`")
    assert readme == expected  # nothing outside the block differs


# ------------------------------------------------------------------------------- selection
def test_only_unknown_id_lists_valid_ids() -> None:
    with pytest.raises(ValueError, match=r"S2\.alg2-loop"):
        run_claims(["S9.nope"])


def test_only_selects() -> None:
    res = run_claims(["S3.omega-margin", "S2.alg2-loop"])
    assert [r.claim.id for r in res] == ["S2.alg2-loop", "S3.omega-margin"]


@pytest.mark.slow
def test_verdicts_heavy() -> None:
    got = {r.claim.id: r.verdict.status for r in run_claims(heavy=True)}
    assert got == EXPECTED
