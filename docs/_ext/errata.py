"""A Sphinx extension: the errata sheet, generated from the claim registry at build time.

It runs the claims' checks (``zonemax.proofs_check.run_claims``, a few seconds) and writes
``zonemax claims --format markdown``'s text to ``_generated/errata.md``, which
``reference/errata.md`` includes.  The sheet is therefore never written twice, and a changed
verdict changes the documentation at its next build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Where the generated sheet goes, relative to the documentation's source folder.
GENERATED = Path("_generated") / "errata.md"


def write_errata(app: Any) -> None:
    """Write the errata sheet of the current registry (unchanged files are not rewritten, so
    an incremental build stays incremental)."""
    from zonemax.proofs_check import format_markdown, run_claims, run_tables
    from zonemax.proofs_check.registry import EDITORIAL

    text = format_markdown(run_claims(), EDITORIAL, tables=run_tables())
    path = Path(app.srcdir) / GENERATED
    path.parent.mkdir(exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", write_errata)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
