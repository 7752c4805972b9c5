"""The BibTeX entries of the README's "How to cite" and of the docs' citing page say what
``CITATION.cff`` says (issue 42: CITATION.cff existed, no BibTeX entry did)."""

from __future__ import annotations

import re
from pathlib import Path

from zonemax import __version__

ROOT = Path(__file__).resolve().parents[1]


def _bibtex(path: Path) -> str:
    blocks = re.findall(r"```bibtex\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) == 1, path
    return blocks[0]


def _cff(key: str) -> str:
    match = re.search(rf"^\s*{key}: \"?([^\"\n]+)\"?$", (ROOT / "CITATION.cff").read_text(
        encoding="utf-8"), flags=re.M)
    assert match is not None, key
    return match.group(1)


def test_readme_and_docs_give_the_same_bibtex() -> None:
    assert _bibtex(ROOT / "README.md") == _bibtex(ROOT / "docs" / "citing.md")


def test_bibtex_matches_citation_cff() -> None:
    bib = _bibtex(ROOT / "README.md")
    entries = re.findall(r"^@(\w+)\{", bib, flags=re.M)
    assert entries == ["misc", "software"]
    paper = bib[:bib.index("@software")]
    fields = dict(re.findall(r"^\s*(\w+)\s*=\s*\{(.*?)\},?\n(?=\s*\w+\s*=|\})", paper,
                             flags=re.M | re.S))
    assert _cff("version") == __version__
    assert f"version = {{{__version__}}}" in bib
    assert f"year    = {{{_cff('date-released')[:4]}}}" in bib
    assert f"license = {{{_cff('license')}}}" in bib
    assert _cff("value") == "arXiv:2307.11855" and "eprint        = {2307.11855}" in bib
    assert f"url           = {{{_cff('url')}}}" in bib
    authors = " ".join(fields["author"].split())
    for family in ("Gadea Harder", "Li", "Radhakrishnan"):
        assert family in authors
    assert 'K{\\"o}tzing' in authors  # Kötzing
    assert " ".join(fields["title"].split()).replace("{OneMax}", "OneMax") == (
        "Run Time Bounds for Integer-Valued OneMax Functions")
