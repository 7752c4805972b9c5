"""The README's summary of the findings is generated from the registry, not typed by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from zonemax.proofs_check import EDITORIAL, run_claims
from zonemax.proofs_check.summary import END, START, current_block, render_summary, replace_block

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_block_is_the_generated_summary() -> None:
    readme = README.read_text(encoding="utf-8")
    expected = replace_block(readme, render_summary(run_claims(), EDITORIAL))
    assert current_block(readme) == current_block(expected), (
        "README.md's claims summary is stale: run "
        "`python -m zonemax.proofs_check.summary --write README.md`")
    assert readme == expected  # nothing outside the block changes


def test_summary_lists_findings_most_severe_first() -> None:
    results = run_claims(["S1.target-count", "S2.thm1-lemma7", "S2.alg2-loop"])
    text = render_summary(results, EDITORIAL)
    assert text.index("**S2.thm1-lemma7**") < text.index("**S1.target-count**")
    assert "**S2.alg2-loop**" not in text  # holds: counted, not listed
    assert "checks 3 claims of the paper by machine: 2 are false as printed" in text
    assert f"{len(EDITORIAL)} typos and other text-only findings" in text


def test_replace_block_needs_the_markers_once() -> None:
    assert replace_block(f"a\n{START}\nold\n{END}\nb", "new\n") == \
        f"a\n{START}\n" + replace_block(f"{START}{END}", "new\n").split(START + "\n", 1)[1] + "\nb"
    with pytest.raises(ValueError, match="exactly once"):
        replace_block("no markers", "x")
    with pytest.raises(ValueError, match="exactly once"):
        replace_block(f"{END}{START}", "x")
