"""The README's summary generator (the README itself is compared in test_claims.py, which has a
full run of the registry at hand)."""

from __future__ import annotations

import pytest
from zonemax.proofs_check import EDITORIAL, run_claims
from zonemax.proofs_check.summary import END, START, render_summary, replace_block


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
